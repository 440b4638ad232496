//! Substring search for the few places that look for a string rather than
//! a byte (tac's separator, a regex that is a plain literal): memchr for
//! one byte of the needle, then a comparison. Worst case O(n m), like
//! GNU tac's own loop; the memchr crate's two-way searcher would bound it
//! but costs 2.7 KB.

/// Where `needle` first occurs in `hay`. In short texts (a regex literal
/// against a line) by a rolling hash, where memchr's setup per call and
/// the mispredicted branch of a byte loop would cost the most; in long
/// ones by memchr for the needle's first byte.
#[cfg_attr(corebox_opt, optimize(speed), inline(never))]
pub fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let Some((&first, rest)) = needle.split_first() else {
        return Some(0);
    };
    if hay.len() < 64 {
        return rabin_karp(hay, needle);
    }
    let mut at = 0;
    loop {
        let p = at + memchr::memchr(first, &hay[at..])?;
        if hay[p + 1..].starts_with(rest) {
            return Some(p);
        }
        at = p + 1;
    }
}

/// Rabin-Karp with the hash sum of b * 2^k: one compare per position, the
/// strings themselves only where the hashes agree.
#[inline]
#[cfg_attr(corebox_opt, optimize(speed))]
fn rabin_karp(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let n = needle.len();
    if hay.len() < n {
        return None;
    }
    let hash = |s: &[u8]| {
        s.iter()
            .fold(0u32, |h, &b| h.wrapping_mul(2).wrapping_add(b as u32))
    };
    let want = hash(needle);
    let mut h = hash(&hay[..n]);
    // The weight of the byte leaving the window.
    let top = 1u32.checked_shl(n as u32 - 1).unwrap_or(0);
    let mut i = 0;
    loop {
        if h == want && hay[i..i + n] == *needle {
            return Some(i);
        }
        let next = *hay.get(i + n)?;
        h = h
            .wrapping_sub(top.wrapping_mul(hay[i] as u32))
            .wrapping_mul(2)
            .wrapping_add(next as u32);
        i += 1;
    }
}

/// Where `needle` last occurs in `hay` (searched for by its last byte,
/// so a separator ending in a byte the text lacks costs one pass).
pub fn rfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let Some((&last, init)) = needle.split_last() else {
        return Some(hay.len());
    };
    let mut end = hay.len();
    while let Some(p) = memchr::memrchr(last, &hay[..end]) {
        if hay[..p].ends_with(init) {
            return Some(p - init.len());
        }
        end = p;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn as_memmem() {
        let cases: &[(&[u8], &[u8])] = &[
            (b"", b""),
            (b"abc", b""),
            (b"", b"a"),
            (b"abcabc", b"bc"),
            (b"abcabc", b"abcabc"),
            (b"abcab", b"abcabc"),
            (b"aaaa", b"aa"),
            (b"xaab", b"ab"),
            (b"ab\nab", b"\n"),
            (b"bbab", b"ba"),
            (
                b"x-0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklm",
                b"123456789abcdefghijklmnopqrstuvwxyz0123456789",
            ),
            (
                b"y-0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklm",
                b"123456789abcdefghijklmnopqrstuvwxyz0123456788",
            ),
        ];
        for &(h, n) in cases {
            assert_eq!(find(h, n), memchr::memmem::find(h, n), "{h:?} {n:?}");
            assert_eq!(rfind(h, n), memchr::memmem::rfind(h, n), "{h:?} {n:?}");
        }
    }

    #[test]
    fn as_memmem_on_generated_strings() {
        // Strings over "ab", short and past the 64-byte switch.
        let mut x: u32 = 7;
        let mut gen = |len: usize| -> alloc::vec::Vec<u8> {
            (0..len)
                .map(|_| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    b'a' + (x >> 16) as u8 % 2
                })
                .collect()
        };
        for i in 0..3000 {
            let h = gen(i % 150);
            let n = gen(1 + i % 7);
            assert_eq!(find(&h, &n), memchr::memmem::find(&h, &n), "{h:?} {n:?}");
            assert_eq!(rfind(&h, &n), memchr::memmem::rfind(&h, &n), "{h:?} {n:?}");
        }
    }
}
