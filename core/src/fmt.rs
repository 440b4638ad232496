//! Number formatting without `core::fmt` (which costs kilobytes).

/// Writes `n` in decimal into the end of `buf` and returns the digits.
pub fn u64_dec(mut n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &buf[i..]
}

/// Appends `n` in lower-case hexadecimal, zero-padded to `width` digits.
pub fn push_hex(out: &mut alloc::vec::Vec<u8>, n: u64, width: usize) {
    let digits = ((64 - n.leading_zeros() as usize).div_ceil(4))
        .max(1)
        .max(width);
    for i in (0..digits).rev() {
        out.push(b"0123456789abcdef"[((n >> (4 * i)) & 15) as usize]);
    }
}

/// Appends `n` in decimal.
pub fn push_u64(out: &mut alloc::vec::Vec<u8>, n: u64) {
    let mut tmp = [0u8; 20];
    out.extend_from_slice(u64_dec(n, &mut tmp));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal() {
        let mut b = [0u8; 20];
        assert_eq!(u64_dec(0, &mut b), b"0");
        assert_eq!(u64_dec(1234567890, &mut b), b"1234567890");
        assert_eq!(u64_dec(u64::MAX, &mut b), b"18446744073709551615");
    }

    #[test]
    fn hex() {
        let mut v = alloc::vec::Vec::new();
        push_hex(&mut v, 0x7f0100, 8);
        assert_eq!(v, b"007f0100");
        v.clear();
        push_hex(&mut v, 0xdeadbeef12, 8);
        assert_eq!(v, b"deadbeef12");
    }
}
