//! Growing a byte buffer to a length, filled with one byte value.

use alloc::vec::Vec;

/// `v.resize(len, byte)`, but fast in the size-optimised build: at "z" the
/// standard library's fill loop is not turned into `memset` (no loop
/// rotation) and writes one byte per iteration, which made growing a
/// 256 MiB input buffer cost more than the program's own work. Here the
/// filled part doubles by copying itself (`memcpy`), safe code throughout.
pub fn grow(v: &mut Vec<u8>, len: usize, byte: u8) {
    let old = v.len();
    if len <= old {
        v.truncate(len);
        return;
    }
    v.reserve(len - old);
    v.push(byte);
    while v.len() < len {
        let n = (v.len() - old).min(len - v.len());
        v.extend_from_within(old..old + n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grows_and_truncates() {
        let mut v = alloc::vec![1u8, 2];
        grow(&mut v, 5, b' ');
        assert_eq!(v, [1, 2, b' ', b' ', b' ']);
        grow(&mut v, 1000, b'x');
        assert_eq!(v.len(), 1000);
        assert!(v[5..].iter().all(|&b| b == b'x'));
        grow(&mut v, 1, 0);
        assert_eq!(v, [1]);
    }
}
