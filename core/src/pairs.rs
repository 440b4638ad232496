//! Byte-pair expansion of the help texts, which build.rs stores
//! compressed: a byte from 0x80 up stands for the pair `pairs[b - 0x80]`,
//! whose bytes may be codes themselves (each pair refers only to codes
//! made before it); bytes below 0x80 are themselves.

/// Calls `emit` with each byte of the expansion of `src`.
pub fn expand(src: &[u8], pairs: &[[u8; 2]], mut emit: impl FnMut(u8)) {
    // Each level of nesting adds one entry, and nesting is shallower than
    // the number of pairs (at most 128).
    let mut stack = [0u8; 160];
    for &c in src {
        stack[0] = c;
        let mut n = 1;
        while n > 0 {
            n -= 1;
            let c = stack[n];
            match pairs.get((c as usize).wrapping_sub(0x80)) {
                Some(&[a, b]) if n + 2 <= stack.len() => {
                    stack[n] = b;
                    stack[n + 1] = a;
                    n += 2;
                }
                _ => emit(c),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    fn run(src: &[u8], pairs: &[[u8; 2]]) -> Vec<u8> {
        let mut v = Vec::new();
        super::expand(src, pairs, |b| v.push(b));
        v
    }

    #[test]
    fn expands_nested_pairs() {
        // 0x80 = "th", 0x81 = "e ", 0x82 = 0x80 0x81 = "the "
        let pairs = [[b't', b'h'], [b'e', b' '], [0x80, 0x81]];
        assert_eq!(run(b"\x82cat", &pairs), b"the cat");
        assert_eq!(run(b"\x80\x81\x82", &pairs), b"the the ");
        assert_eq!(run(b"plain\n", &pairs), b"plain\n");
        assert_eq!(run(b"", &pairs), b"");
        // A code without a pair is itself (build.rs never makes one).
        assert_eq!(run(b"\x90", &pairs), b"\x90");
    }
}
