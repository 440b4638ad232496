//! Keys and comparisons of lines the way uniq, comm and join make them:
//! blank-separated fields (`isblank` and newline, GNU's `field_sep`), byte order (what
//! strcoll gives in the C and C.UTF-8 locales), and `-i`'s ASCII case
//! folding (gnulib's memcasecmp compares `toupper` of each byte).

use core::cmp::Ordering;

/// A field separator for uniq's `-f` and join's default splitting (a
/// newline is one too, within `-z` records).
#[inline(always)]
pub fn is_blank(b: u8) -> bool {
    // Most bytes are above the space: one comparison rejects them.
    b <= b' ' && (b == b' ' || b == b'\t' || b == b'\n')
}

/// What is left of `line` after skipping `fields` blank-separated fields
/// (each one: blanks, then non-blanks) and then `chars` bytes (uniq -f -s).
pub fn skip_fields_chars(line: &[u8], fields: usize, chars: usize) -> &[u8] {
    let mut i = 0;
    for _ in 0..fields {
        if i >= line.len() {
            break;
        }
        while i < line.len() && is_blank(line[i]) {
            i += 1;
        }
        while i < line.len() && !is_blank(line[i]) {
            i += 1;
        }
    }
    let rest = &line[i..];
    &rest[chars.min(rest.len())..]
}

/// Byte order of `a` and `b`, ASCII letters compared as upper case when
/// `fold` (shorter first when one is a prefix of the other).
#[inline]
pub fn compare(a: &[u8], b: &[u8], fold: bool) -> Ordering {
    if !fold {
        return compare_bytes(a, b);
    }
    for (x, y) in a.iter().zip(b) {
        let o = x.to_ascii_uppercase().cmp(&y.to_ascii_uppercase());
        if o != Ordering::Equal {
            return o;
        }
    }
    a.len().cmp(&b.len())
}

/// `a.cmp(b)` eight bytes at a time (see [`same_bytes`] on memcmp).
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn compare_bytes(a: &[u8], b: &[u8]) -> Ordering {
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + 8 <= n {
        let x = u64::from_be_bytes(a[i..i + 8].try_into().unwrap_or([0; 8]));
        let y = u64::from_be_bytes(b[i..i + 8].try_into().unwrap_or([0; 8]));
        if x != y {
            return x.cmp(&y);
        }
        i += 8;
    }
    while i < n {
        if a[i] != b[i] {
            return a[i].cmp(&b[i]);
        }
        i += 1;
    }
    a.len().cmp(&b.len())
}

/// Whether `a` and `b` are equal, ASCII case ignored when `fold`.
pub fn equal(a: &[u8], b: &[u8], fold: bool) -> bool {
    if fold {
        a.eq_ignore_ascii_case(b)
    } else {
        same_bytes(a, b)
    }
}

/// `a == b` eight bytes at a time: the binary's memcmp (compiler-builtins,
/// there is no libc) goes byte by byte, and equal neighbours are what
/// uniq and join compare most.
pub fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut x = a.chunks_exact(8);
    let mut y = b.chunks_exact(8);
    for (p, q) in (&mut x).zip(&mut y) {
        if u64::from_ne_bytes(p.try_into().unwrap_or([0; 8]))
            != u64::from_ne_bytes(q.try_into().unwrap_or([0; 8]))
        {
            return false;
        }
    }
    x.remainder() == y.remainder()
}

/// Splits `line` (without its delimiter) into join's fields, pushing
/// `(start, end)` offsets: with `tab` None, runs of blanks separate fields,
/// leading blanks make none and trailing ones an empty last field (as
/// GNU's xfields); with a `tab` byte, each one separates two fields. An
/// empty line has no field at all.
pub fn split_fields(line: &[u8], tab: Option<u8>, out: &mut alloc::vec::Vec<(usize, usize)>) {
    out.clear();
    let mut f = Fields {
        line,
        tab,
        at: 0,
        state: State::Start,
    };
    if line.is_empty() {
        return;
    }
    // One extend, not a call to push per field.
    out.extend(core::iter::from_fn(move || f.next()));
}

#[derive(PartialEq)]
enum State {
    Start,
    Fields,
    /// Trailing blanks: an empty field is left.
    Empty,
    Done,
}

struct Fields<'a> {
    line: &'a [u8],
    tab: Option<u8>,
    at: usize,
    state: State,
}

impl Fields<'_> {
    #[inline(always)]
    fn next(&mut self) -> Option<(usize, usize)> {
        let line = self.line;
        let mut i = self.at;
        match self.state {
            State::Done => return None,
            State::Empty => {
                self.state = State::Done;
                return Some((line.len(), line.len()));
            }
            State::Start => {
                self.state = State::Fields;
                if self.tab.is_none() {
                    while i < line.len() && is_blank(line[i]) {
                        i += 1;
                    }
                    if i == line.len() {
                        self.state = State::Done;
                        return None;
                    }
                }
            }
            State::Fields => {}
        }
        if let Some(t) = self.tab {
            return Some(match memchr::memchr(t, &line[i..]) {
                Some(k) => {
                    self.at = i + k + 1;
                    (i, i + k)
                }
                None => {
                    self.state = State::Done;
                    (i, line.len())
                }
            });
        }
        let start = i;
        i = memchr::memchr3(b' ', b'\t', b'\n', &line[i..]).map_or(line.len(), |k| i + k);
        let end = i;
        if i == line.len() {
            self.state = State::Done;
        } else {
            while i < line.len() && is_blank(line[i]) {
                i += 1;
            }
            if i == line.len() {
                self.state = State::Empty;
            }
        }
        self.at = i;
        Some((start, end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn skips_fields_then_chars() {
        assert_eq!(skip_fields_chars(b"a b c", 1, 0), b" b c");
        assert_eq!(skip_fields_chars(b"  a\t\tb c", 2, 1), b"c");
        assert_eq!(skip_fields_chars(b"a", 5, 3), b"");
        assert_eq!(skip_fields_chars(b"abc", 0, 1), b"bc");
        assert_eq!(skip_fields_chars(b"abc", 0, usize::MAX), b"");
    }

    #[test]
    fn compares_bytes_and_folded() {
        assert_eq!(compare(b"a", b"b", false), Ordering::Less);
        assert_eq!(compare(b"ab", b"a", false), Ordering::Greater);
        assert_eq!(compare(b"B", b"a", false), Ordering::Less);
        assert_eq!(compare(b"B", b"a", true), Ordering::Greater);
        assert_eq!(compare(b"abc", b"ABC", true), Ordering::Equal);
        // '_' sorts after letters once they are upper case.
        assert_eq!(compare(b"a", b"_", true), Ordering::Less);
        assert!(equal(b"Ab", b"aB", true));
        assert!(same_bytes(b"0123456789abcdefXY", b"0123456789abcdefXY"));
        assert!(!same_bytes(b"0123456789abcdefXY", b"0123456789abcdefXZ"));
        assert!(!same_bytes(b"0123456789abcdefXY", b"0123456789abcdeeXY"));
        assert!(!same_bytes(b"ab", b"abc"));
        assert!(same_bytes(b"", b""));
        assert!(!equal(b"Ab", b"aB", false));
        assert_eq!(compare(b"\xff", b"a", false), Ordering::Greater);
        for (a, b) in [
            (&b"0123456789"[..], &b"0123456789"[..]),
            (b"01234567x", b"01234567y"),
            (b"01234568", b"01234567zz"),
            (b"0123456789abcdef", b"0123456789abcdeF"),
            (b"abc", b"abcd"),
            (b"", b""),
            (b"\x80", b"\x7f"),
        ] {
            assert_eq!(compare_bytes(a, b), a.cmp(b));
            assert_eq!(compare_bytes(b, a), b.cmp(a));
        }
    }

    #[test]
    fn splits_fields() {
        let mut f = Vec::new();
        split_fields(b"  a \t b  ", None, &mut f);
        assert_eq!(f, [(2, 3), (6, 7), (9, 9)]);
        split_fields(b"a b", None, &mut f);
        assert_eq!(f, [(0, 1), (2, 3)]);
        split_fields(b"a,,b", Some(b','), &mut f);
        assert_eq!(f, [(0, 1), (2, 2), (3, 4)]);
        split_fields(b"a,", Some(b','), &mut f);
        assert_eq!(f, [(0, 1), (2, 2)]);
        split_fields(b"", Some(b','), &mut f);
        assert!(f.is_empty());
        split_fields(b"   ", None, &mut f);
        assert!(f.is_empty());
    }
}
