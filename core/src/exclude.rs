//! gnulib's exclude.c as du uses it (`EXCLUDE_WILDCARDS`, no other
//! option): a name is excluded when a pattern matches it whole or matches
//! what follows one of its slashes. Patterns with wildcards are matched
//! by [`crate::fnmatch`] (flags 0: `*` matches `/` and leading dots);
//! the others are compared as strings, backslashes removed.

use crate::fnmatch::{bytes, chars, glob};
use alloc::vec::Vec;

/// A pattern with wildcards, as bytes and (valid UTF-8) as characters.
struct Wild {
    bytes: Vec<u32>,
    /// None when the pattern is no valid UTF-8 or the locale no UTF-8 one.
    chars: Option<Vec<u32>>,
    ascii: bool,
}

/// The patterns of `--exclude` and `--exclude-from`.
pub struct Exclude {
    wild: Vec<Wild>,
    names: crate::strset::Set,
    utf8: bool,
    caret: bool,
}

/// gnulib's fnmatch_pattern_has_wildcards without FNM_NOESCAPE: an
/// escaped character is no wildcard.
fn has_wildcards(p: &[u8]) -> bool {
    let mut i = 0;
    while i < p.len() {
        match p[i] {
            b'\\' => i += 1,
            b'?' | b'*' | b'[' | b']' => return true,
            _ => {}
        }
        i += 1;
    }
    false
}

/// gnulib's unescape_pattern: every backslash dropped, the character
/// after it kept.
fn unescape(p: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(p.len());
    let mut i = 0;
    while i < p.len() {
        if p[i] == b'\\' {
            i += 1;
        }
        if let Some(&c) = p.get(i) {
            out.push(c);
        }
        i += 1;
    }
    out
}

impl Exclude {
    /// No patterns yet (`utf8`: a UTF-8 locale; `caret`: `[^...]` negates,
    /// as glibc's fnmatch does unless POSIXLY_CORRECT).
    pub fn new(utf8: bool, caret: bool) -> Exclude {
        Exclude {
            wild: Vec::new(),
            names: crate::strset::Set::new(),
            utf8,
            caret,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.wild.is_empty() && self.names.is_empty()
    }

    /// add_exclude: one pattern (a C string: it ends at a NUL).
    pub fn add(&mut self, pattern: &[u8]) {
        let pattern = pattern.split(|&b| b == 0).next().unwrap_or(b"");
        if has_wildcards(pattern) {
            self.wild.push(Wild {
                bytes: bytes(pattern),
                chars: chars(pattern).filter(|_| self.utf8),
                ascii: pattern.is_ascii(),
            });
        } else {
            self.names.insert(&unescape(pattern));
        }
    }

    /// add_exclude_fp with '\n': one pattern per line, trailing white
    /// space removed, blank lines skipped.
    pub fn add_lines(&mut self, text: &[u8]) {
        for line in text.split(|&b| b == b'\n') {
            let end = line
                .iter()
                .rposition(|&c| !matches!(c, b' ' | b'\t'..=b'\r'))
                .map_or(0, |e| e + 1);
            if end > 0 {
                self.add(&line[..end]);
            }
        }
    }

    /// excluded_file_name: whether `name` is excluded.
    pub fn excluded(&self, name: &[u8]) -> bool {
        if self.is_empty() {
            return false;
        }
        // The literal names: the whole name, then what follows each slash.
        let mut f = name;
        loop {
            if self.names.contains(f) {
                return true;
            }
            match f.iter().position(|&b| b == b'/') {
                Some(s) => f = &f[s + 1..],
                None => break,
            }
        }
        if self.wild.is_empty() {
            return false;
        }
        // The patterns: the whole name, then what follows each slash that
        // another slash does not follow.
        let as_bytes = bytes(name);
        let as_chars = chars(name).filter(|_| self.utf8);
        let starts = core::iter::once(0).chain(
            (0..name.len())
                .filter(|&i| name[i] == b'/' && name.get(i + 1) != Some(&b'/'))
                .map(|i| i + 1),
        );
        for start in starts {
            let tail = &as_bytes[start..];
            // The same place among the characters: one per byte that does
            // not continue a UTF-8 sequence.
            let ctail = as_chars.as_ref().map(|c| {
                let skipped = name[..start].iter().filter(|&&b| b & 0xc0 != 0x80).count();
                &c[skipped..]
            });
            for w in &self.wild {
                if glob(&w.bytes, tail, self.caret) {
                    return true;
                }
                // Characters differ from bytes only where one side is
                // not ASCII.
                if let (Some(wc), Some(ct)) = (&w.chars, ctail) {
                    let ascii = w.ascii && ct.len() == tail.len();
                    if !ascii && glob(wc, ct, self.caret) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ex(patterns: &[&str]) -> Exclude {
        let mut e = Exclude::new(false, true);
        for p in patterns {
            e.add(p.as_bytes());
        }
        e
    }

    #[test]
    fn names_and_their_tails() {
        let e = ex(&["x", "a/u"]);
        assert!(e.excluded(b"x"));
        assert!(e.excluded(b"a/x"));
        assert!(e.excluded(b"a/b/x"));
        assert!(!e.excluded(b"a/xy"));
        assert!(e.excluded(b"a/u"));
        assert!(e.excluded(b"b/a/u"));
        assert!(!e.excluded(b"a/u/v"));
        assert!(!ex(&[]).excluded(b"x"));
        // Backslashes escape: a literal name.
        let e = ex(&["a\\*b", "c\\"]);
        assert!(e.excluded(b"d/a*b"));
        assert!(!e.excluded(b"d/axb"));
        assert!(e.excluded(b"c"));
    }

    #[test]
    fn wildcards_match_slashes_and_dots() {
        let e = ex(&["*.o"]);
        assert!(e.excluded(b"a/b.o"));
        assert!(e.excluded(b".o"));
        let e = ex(&["[^/]*"]);
        assert!(!e.excluded(b"/"));
        assert!(e.excluded(b"/usr"));
        // A tail after a doubled slash starts at the last one.
        let e = ex(&["/b"]);
        assert!(e.excluded(b"a//b"));
        let e = ex(&["/?"]);
        assert!(!e.excluded(b"a//b"));
        let e = ex(&["*"]);
        assert!(e.excluded(b"a/"));
    }

    #[test]
    fn lines() {
        let mut e = Exclude::new(false, true);
        e.add_lines(b"b  \n\n   \nc\td\n e");
        assert!(e.excluded(b"a/b"));
        assert!(e.excluded(b"c\td"));
        assert!(e.excluded(b" e"));
        assert!(!e.excluded(b"e"));
    }

    #[test]
    fn utf8() {
        let mut e = Exclude::new(true, true);
        e.add(b"?");
        assert!(e.excluded("d/\u{e9}".as_bytes()));
        assert!(!e.excluded(b"d/\xff\xfe"));
        let mut e = Exclude::new(true, true);
        e.add("[\u{e9}]".as_bytes());
        assert!(e.excluded("x/\u{e9}".as_bytes()));
        assert!(!e.excluded("x/\u{fc}".as_bytes()));
    }
}
