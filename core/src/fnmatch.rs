//! glibc 2.36's fnmatch with flags 0 (no FNM_PATHNAME, FNM_PERIOD or
//! FNM_NOESCAPE: `*` and `?` match `/` and leading dots), as dircolors'
//! TERM lines and du's `--exclude` patterns are matched: the bytes match
//! as in the C locale, or, in a UTF-8 locale, the characters of valid
//! UTF-8 on both sides (classes know ASCII only). Matching works on
//! elements (bytes or code points, see [`bytes`] and [`chars`]) so that a
//! caller matching one pattern against many strings converts it once.

use alloc::vec::Vec;

/// Whether `s` matches `pattern` (`utf8`: a UTF-8 locale; `caret`:
/// `[^...]` negates as `[!...]`, which glibc does unless POSIXLY_CORRECT).
pub fn fnmatch(pattern: &[u8], s: &[u8], utf8: bool, caret: bool) -> bool {
    if glob(&bytes(pattern), &bytes(s), caret) {
        return true;
    }
    if !utf8 {
        return false;
    }
    match (chars(pattern), chars(s)) {
        (Some(p), Some(s)) => glob(&p, &s, caret),
        _ => false,
    }
}

/// The bytes of `s` as elements.
pub fn bytes(s: &[u8]) -> Vec<u32> {
    s.iter().map(|&b| u32::from(b)).collect()
}

/// The code points of valid UTF-8.
pub fn chars(mut s: &[u8]) -> Option<Vec<u32>> {
    let mut v = Vec::with_capacity(s.len());
    while !s.is_empty() {
        let (c, len) = crate::unicode::decode(s).ok()?;
        v.push(c);
        s = &s[len..];
    }
    Some(v)
}

const STAR: u32 = b'*' as u32;
const QUESTION: u32 = b'?' as u32;
const BACKSLASH: u32 = b'\\' as u32;
const OPEN: u32 = b'[' as u32;
const CLOSE: u32 = b']' as u32;
const COLON: u32 = b':' as u32;
const EQUALS: u32 = b'=' as u32;
const DOT: u32 = b'.' as u32;
const DASH: u32 = b'-' as u32;

/// The pattern's element at `i` (past the end: 0, C's NUL).
fn at(p: &[u32], i: usize) -> u32 {
    p.get(i).copied().unwrap_or(0)
}

/// Whether `s` matches `p` (`caret`: `[^...]` negates, as `[!...]`).
/// Every element but `*` matches one character, so the leftmost match
/// of the elements between two stars is the one to keep, as glibc does.
pub fn glob(p: &[u32], s: &[u32], caret: bool) -> bool {
    let (mut pi, mut si) = (0, 0);
    let mut retry: Option<(usize, usize)> = None;
    loop {
        if at(p, pi) == STAR {
            pi += 1;
            retry = Some((pi, si));
            continue;
        }
        if pi == p.len() && si == s.len() {
            return true;
        }
        if pi < p.len() && si < s.len() {
            if let Some(next) = element(p, pi, s[si], caret) {
                pi = next;
                si += 1;
                continue;
            }
        }
        match retry {
            Some((rp, rs)) if rs < s.len() => {
                retry = Some((rp, rs + 1));
                (pi, si) = (rp, rs + 1);
            }
            _ => return false,
        }
    }
}

/// Where the pattern goes on after its element at `i` matched `c`.
fn element(p: &[u32], i: usize, c: u32, caret: bool) -> Option<usize> {
    match p[i] {
        QUESTION => Some(i + 1),
        // A backslash at the end matches nothing.
        BACKSLASH => (at(p, i + 1) == c).then_some(i + 2),
        OPEN => match bracket(p, i + 1, c, caret) {
            Bracket::Next(j) => Some(j),
            Bracket::NoMatch => None,
            // An unterminated bracket is a plain `[`.
            Bracket::Unterminated => (c == OPEN).then_some(i + 1),
        },
        x => (x == c).then_some(i + 1),
    }
}

/// A character class: whether an ASCII character belongs to it.
type Class = fn(u8) -> bool;

enum Bracket {
    Next(usize),
    NoMatch,
    Unterminated,
}

/// A `[:name:]` class at `i` (the colon): the class and where the
/// pattern goes on, None when this is no class name (glibc reads a `[`
/// then), Err for an invalid or too long one (no match).
fn class_at(p: &[u32], i: usize) -> Result<Option<(Class, usize)>, ()> {
    let mut j = i;
    loop {
        if j - i == 256 {
            return Err(());
        }
        j += 1;
        let c = at(p, j);
        if c == COLON && at(p, j + 1) == CLOSE {
            break;
        }
        // glibc stops at `z` too.
        if !(u32::from(b'a')..u32::from(b'z')).contains(&c) {
            return Ok(None);
        }
    }
    let name: Vec<u8> = p[i + 1..j].iter().map(|&c| c as u8).collect();
    let f = crate::regex::class(&name).ok_or(())?;
    Ok(Some((f, j + 2)))
}

/// A collating symbol `[.x.]` at `i` (the dot): the character and where
/// the pattern goes on; None where glibc fails the match (a symbol of
/// several characters or none is unknown in these locales).
fn symbol_at(p: &[u32], i: usize) -> Option<(u32, usize)> {
    let mut j = i + 1;
    while !(at(p, j) == DOT && at(p, j + 1) == CLOSE) {
        if at(p, j) == 0 {
            return None;
        }
        j += 1;
    }
    (j == i + 2).then(|| (p[i + 1], j + 2))
}

/// glibc's bracket expression starting at `i` (past the `[`) against `c`.
fn bracket(p: &[u32], mut i: usize, c: u32, caret: bool) -> Bracket {
    let not = at(p, i) == u32::from(b'!') || (caret && at(p, i) == u32::from(b'^'));
    i += usize::from(not);
    let mut x = at(p, i);
    i += 1;
    let matched = loop {
        // The character of the list, or start of a range, that `x` is.
        let low = if x == BACKSLASH {
            if at(p, i) == 0 {
                return Bracket::NoMatch;
            }
            i += 1;
            at(p, i - 1)
        } else if x == OPEN && at(p, i) == COLON {
            match class_at(p, i) {
                Err(()) => return Bracket::NoMatch,
                Ok(Some((class, next))) => {
                    i = next;
                    if c < 0x80 && class(c as u8) {
                        break true;
                    }
                    (x, i) = (at(p, i), i + 1);
                    if x == CLOSE {
                        break false;
                    }
                    continue;
                }
                Ok(None) => OPEN,
            }
        } else if x == OPEN && at(p, i) == EQUALS && at(p, i + 2) == EQUALS && at(p, i + 3) == CLOSE
        {
            // An equivalence class: the character itself.
            let e = at(p, i + 1);
            i += 4;
            if c == e {
                break true;
            }
            (x, i) = (at(p, i), i + 1);
            if x == CLOSE {
                break false;
            }
            continue;
        } else if x == 0 {
            return Bracket::Unterminated;
        } else if x == OPEN && at(p, i) == DOT {
            let Some((sym, next)) = symbol_at(p, i) else {
                return Bracket::NoMatch;
            };
            i = next;
            if !(at(p, i) == DASH && at(p, i + 1) != 0) && c == sym {
                break true;
            }
            (x, i) = (at(p, i), i + 1);
            match range(p, &mut i, &mut x, sym, c) {
                Some(true) => break true,
                Some(false) if x == CLOSE => break false,
                Some(false) => continue,
                None => return Bracket::NoMatch,
            }
        } else {
            x
        };
        let is_range = at(p, i) == DASH && !matches!(at(p, i + 1), 0 | CLOSE);
        if !is_range && c == low {
            break true;
        }
        (x, i) = (at(p, i), i + 1);
        match range(p, &mut i, &mut x, low, c) {
            Some(true) => break true,
            Some(false) if x == CLOSE => break false,
            Some(false) => {}
            None => return Bracket::NoMatch,
        }
    };
    match matched {
        false if not => Bracket::Next(i),
        false => Bracket::NoMatch,
        true => match skip_bracket(p, i) {
            Bracket::Next(_) if not => Bracket::NoMatch,
            r => r,
        },
    }
}

/// A range from `low` when `x` (the element before `i`) is its dash:
/// whether `c` is in it (None: a bad end, no match), `x` and `i` moved
/// to the next element when it is not.
fn range(p: &[u32], i: &mut usize, x: &mut u32, low: u32, c: u32) -> Option<bool> {
    if *x != DASH || at(p, *i) == CLOSE {
        return Some(false);
    }
    let mut high = at(p, *i);
    *i += 1;
    if high == OPEN && at(p, *i) == DOT {
        let (sym, next) = symbol_at(p, *i)?;
        (high, *i) = (sym, next);
    } else {
        if high == BACKSLASH {
            high = at(p, *i);
            *i += 1;
        }
        if high == 0 {
            return None;
        }
    }
    if (low..=high).contains(&c) {
        return Some(true);
    }
    (*x, *i) = (at(p, *i), *i + 1);
    Some(false)
}

/// Past the rest of a bracket expression that matched, from `i`.
fn skip_bracket(p: &[u32], mut i: usize) -> Bracket {
    loop {
        let x = at(p, i);
        i += 1;
        match x {
            CLOSE => return Bracket::Next(i),
            0 => return Bracket::Unterminated,
            BACKSLASH => {
                if at(p, i) == 0 {
                    return Bracket::NoMatch;
                }
                i += 1;
            }
            OPEN if at(p, i) == COLON => {
                // glibc's skipping of a class name.
                let mut j = i;
                loop {
                    j += 1;
                    if j - i == 256 {
                        return Bracket::NoMatch;
                    }
                    if at(p, j) == COLON && at(p, j + 1) == CLOSE {
                        i = j + 2;
                        break;
                    }
                    if !(u32::from(b'a')..u32::from(b'z')).contains(&at(p, j)) {
                        break;
                    }
                }
            }
            OPEN if at(p, i) == EQUALS => {
                if at(p, i + 1) == 0 || at(p, i + 2) != EQUALS || at(p, i + 3) != CLOSE {
                    return Bracket::NoMatch;
                }
                i += 4;
            }
            OPEN if at(p, i) == DOT => {
                let mut j = i + 1;
                while !(at(p, j) == DOT && at(p, j + 1) == CLOSE) {
                    if at(p, j) == 0 {
                        return Bracket::NoMatch;
                    }
                    j += 1;
                }
                i = j + 2;
            }
            _ => {}
        }
    }
}

/// [`fnmatch`] with FNM_PERIOD (ls's `--ignore` and `--hide`): a `.`
/// starting `s` is matched only by a `.` (or `\.`) starting the pattern,
/// never by `*`, `?` or a bracket expression.
pub fn fnmatch_period(pattern: &[u8], s: &[u8], utf8: bool, caret: bool) -> bool {
    let Some(rest) = s.strip_prefix(b".") else {
        return fnmatch(pattern, s, utf8, caret);
    };
    match pattern {
        [b'.', p @ ..] | [b'\\', b'.', p @ ..] => fnmatch(p, rest, utf8, caret),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcards() {
        let m = |p: &str, s: &str| fnmatch(p.as_bytes(), s.as_bytes(), false, true);
        assert!(m("*", ""));
        assert!(m("*", "a/b"));
        assert!(m("a*c", "abbc"));
        assert!(!m("a*c", "abcd"));
        assert!(m("?", "/"));
        assert!(m("*", ".hidden"));
        assert!(m("[a-c]x", "bx"));
        assert!(!m("[!a-c]x", "bx"));
        assert!(!m("[^a-c]x", "bx"));
        assert!(fnmatch(b"[^a]", b"a", false, false));
        assert!(m("[[:digit:]]", "7"));
        assert!(m("\\*", "*"));
        assert!(!m("\\*", "a"));
        assert!(m("[", "["));
        assert!(m("con[0-9]*x[0-9]*", "con80x25"));
    }

    #[test]
    fn bytes_or_characters() {
        let e = "\u{e9}".as_bytes();
        assert!(fnmatch(b"??", e, false, true));
        assert!(!fnmatch(b"?", e, false, true));
        assert!(fnmatch(b"?", e, true, true));
        assert!(fnmatch(b"??", e, true, true));
        assert!(fnmatch("[\u{e9}]".as_bytes(), e, true, true));
        assert!(!fnmatch(b"?", b"\xff\xfe", true, true));
        assert!(glob(&bytes(b"a?"), &bytes(b"ab"), true));
        assert_eq!(chars(b"\xff"), None);
    }

    #[test]
    fn leading_period() {
        assert!(!fnmatch_period(b"*", b".a", false, true));
        assert!(!fnmatch_period(b"?a", b".a", false, true));
        assert!(!fnmatch_period(b"[.]a", b".a", false, true));
        assert!(fnmatch_period(b".*", b".a", false, true));
        assert!(fnmatch_period(b"\\.a", b".a", false, true));
        assert!(fnmatch_period(b"*~", b"a.b~", false, true));
        assert!(!fnmatch_period(b"*~", b".b~", false, true));
    }
}
