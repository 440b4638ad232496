//! Digits of integers, written without `core::fmt` (which costs kilobytes).

/// Writes `n` in decimal into the end of `buf` and returns the digits.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn u64_dec(mut n: u64, buf: &mut [u8; 20]) -> &[u8] {
    // Two digits per division, from a table of the pairs 00..99.
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
        2021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859\
        6061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899";
    let mut i = buf.len();
    while n >= 100 {
        let k = (n % 100) as usize * 2;
        n /= 100;
        i -= 2;
        buf[i..i + 2].copy_from_slice(&PAIRS[k..k + 2]);
    }
    if n >= 10 {
        let k = n as usize * 2;
        i -= 2;
        buf[i..i + 2].copy_from_slice(&PAIRS[k..k + 2]);
    } else {
        i -= 1;
        buf[i] = b'0' + n as u8;
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
#[cfg_attr(corebox_opt, optimize(speed))]
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
        for n in (0..100_000u64).chain([999_999, 1_000_000, 10u64.pow(19)]) {
            assert_eq!(u64_dec(n, &mut b), std::format!("{n}").as_bytes());
        }
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
