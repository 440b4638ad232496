//! The pieces of printf(1) (and of the `%` directives of other programs):
//! numeric arguments as strtoimax/strtoumax/strtold read them, with GNU's
//! character constants; integer conversions with glibc's flags; backslash
//! escapes, `\u`/`\U` included.

pub use crate::float::Spec;
use crate::float::{self, Range, F80};
use alloc::vec::Vec;

/// How a numeric argument was read (GNU printf's verify_numeric).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    Ok,
    /// `'ARG': expected a numeric value`
    NotNumber,
    /// `'ARG': value not completely converted`
    Partial,
    /// `'ARG': Numerical result out of range` (ERANGE)
    Range,
}

/// A character constant `'c` or `"c`: the value of the character (the
/// whole multibyte character under UTF-8) and the bytes after it, which
/// GNU ignores with a warning. None when `s` is no character constant.
pub fn char_constant(s: &[u8], utf8: bool) -> Option<(u32, &[u8])> {
    match s {
        [b'\'' | b'"', c, rest @ ..] => {
            let mut n = 1;
            let mut value = *c as u32;
            if utf8 && !rest.is_empty() {
                if let Ok((cp, len)) = crate::unicode::decode(&s[1..]) {
                    value = cp;
                    n = len;
                }
            }
            Some((value, &s[1 + n..]))
        }
        _ => None,
    }
}

/// The status of a conversion that took `used` bytes of `s` (0: none).
fn status(s: &[u8], used: usize, range: bool) -> Status {
    if used == 0 {
        // Nothing converted: only the empty string passes.
        return if s.is_empty() {
            Status::Ok
        } else {
            Status::NotNumber
        };
    }
    if range {
        Status::Range
    } else if used < s.len() {
        Status::Partial
    } else {
        Status::Ok
    }
}

/// strtoimax(s, &end, 0): the value (clamped on overflow) and its status.
pub fn strtoimax(s: &[u8]) -> (i64, Status) {
    let (neg, mag, mut over, used) = crate::num::strtoint(s);
    let v = if neg {
        over |= mag > 1 << 63;
        if over {
            i64::MIN
        } else {
            (mag as i64).wrapping_neg()
        }
    } else {
        over |= mag > i64::MAX as u64;
        if over {
            i64::MAX
        } else {
            mag as i64
        }
    };
    (v, status(s, used, over))
}

/// strtoumax(s, &end, 0): a negative number wraps around, as in C.
pub fn strtoumax(s: &[u8]) -> (u64, Status) {
    let (neg, mag, over, used) = crate::num::strtoint(s);
    let v = match (over, neg) {
        (true, _) => u64::MAX,
        (false, true) => mag.wrapping_neg(),
        (false, false) => mag,
    };
    (v, status(s, used, over))
}

/// strtold(s, &end): the value and its status (underflow is ERANGE too).
pub fn strtold(s: &[u8]) -> (F80, Status) {
    match float::parse_prefix(s) {
        Some((x, r, used)) => (x, status(s, used, r != Range::No)),
        None => (F80::ZERO, status(s, 0, false)),
    }
}

/// An integer conversion (`d i o u x X`) before padding: the sign or
/// `0x` prefix, the zeros the precision asks for, and the digits.
#[derive(Debug, PartialEq, Eq)]
pub struct IntText {
    pub head: Vec<u8>,
    pub zeros: usize,
    pub digits: Vec<u8>,
}

/// Formats `-mag` (when `neg`) or `mag` with `spec` as glibc does; the
/// width is left to the caller.
pub fn int_text(neg: bool, mag: u64, spec: &Spec) -> IntText {
    let mut head = Vec::new();
    let conv = spec.conv;
    if matches!(conv, b'd' | b'i') {
        if neg {
            head.push(b'-');
        } else if spec.plus {
            head.push(b'+');
        } else if spec.space {
            head.push(b' ');
        }
    }
    let radix = match conv {
        b'o' => 8,
        b'x' | b'X' => 16,
        _ => 10,
    };
    let mut digits = Vec::new();
    let mut v = mag;
    while v != 0 {
        let d = (v % radix) as u8;
        digits.push(match d {
            0..=9 => b'0' + d,
            _ if conv == b'X' => b'A' + d - 10,
            _ => b'a' + d - 10,
        });
        v /= radix;
    }
    if mag == 0 && spec.precision != Some(0) {
        digits.push(b'0');
    }
    digits.reverse();
    let mut zeros = spec.precision.unwrap_or(0).saturating_sub(digits.len());
    if spec.alt && conv == b'o' && zeros == 0 && digits.first() != Some(&b'0') {
        zeros = 1;
    }
    if spec.alt && radix == 16 && mag != 0 {
        head.extend_from_slice(if conv == b'X' { b"0X" } else { b"0x" });
    }
    IntText {
        head,
        zeros,
        digits,
    }
}

/// Appends `-mag` (when `neg`) or `mag` formatted with `spec` as glibc's
/// printf does, width and padding included.
pub fn push_int(out: &mut Vec<u8>, neg: bool, mag: u64, spec: &Spec) {
    let t = int_text(neg, mag, spec);
    let len = t.head.len() + t.zeros + t.digits.len();
    let pad = spec.width.saturating_sub(len);
    let zero_pad = spec.zero && !spec.left && spec.precision.is_none();
    if !spec.left && !zero_pad {
        out.resize(out.len() + pad, b' ');
    }
    out.extend_from_slice(&t.head);
    if zero_pad {
        out.resize(out.len() + pad, b'0');
    }
    out.resize(out.len() + t.zeros, b'0');
    out.extend_from_slice(&t.digits);
    if spec.left {
        out.resize(out.len() + pad, b' ');
    }
}

/// Appends `s` as glibc's `%s` with `spec`'s width, precision (bytes)
/// and `-` flag.
pub fn push_str(out: &mut Vec<u8>, s: &[u8], spec: &Spec) {
    let s = &s[..spec.precision.map_or(s.len(), |p| p.min(s.len()))];
    let pad = spec.width.saturating_sub(s.len());
    if !spec.left {
        out.resize(out.len() + pad, b' ');
    }
    out.extend_from_slice(s);
    if spec.left {
        out.resize(out.len() + pad, b' ');
    }
}

/// One backslash escape.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Escape {
    Byte(u8),
    /// `\c`: no further output.
    Stop,
    /// `\u`/`\U`: a Unicode character.
    Char(u32),
    /// `invalid universal character name \uXXXX` (`u` or `U`, value).
    BadChar(u8, u32),
    /// `missing hexadecimal number in escape`
    MissingHex,
    /// A backslash and the byte after it (if any) stand for themselves.
    Literal(Option<u8>),
}

/// Reads the escape whose backslash precedes `s`: what it stands for and
/// the bytes of `s` it took. `octal0`: octal escapes are `\0NNN` (`%b`).
pub fn escape(s: &[u8], octal0: bool) -> (Escape, usize) {
    let hex_run = |from: usize, max: usize| {
        s[from..]
            .iter()
            .take(max)
            .take_while(|c| c.is_ascii_hexdigit())
            .fold((0u32, 0usize), |(v, n), &c| {
                (v * 16 + (c as char).to_digit(16).unwrap_or(0), n + 1)
            })
    };
    let Some(&c) = s.first() else {
        return (Escape::Literal(None), 0);
    };
    match c {
        b'x' => match hex_run(1, 2) {
            (_, 0) => (Escape::MissingHex, 1),
            (v, n) => (Escape::Byte(v as u8), 1 + n),
        },
        b'0'..=b'7' => {
            let skip = (octal0 && c == b'0') as usize;
            let (v, n) = s[skip..]
                .iter()
                .take(3)
                .take_while(|c| matches!(c, b'0'..=b'7'))
                .fold((0u32, 0usize), |(v, n), &c| {
                    (v * 8 + (c - b'0') as u32, n + 1)
                });
            (Escape::Byte(v as u8), skip + n)
        }
        b'u' | b'U' => {
            let want = if c == b'u' { 4 } else { 8 };
            let (v, n) = hex_run(1, want);
            if n < want {
                return (Escape::MissingHex, 1 + n);
            }
            let bad =
                (v <= 0x9f && !matches!(v, 0x24 | 0x40 | 0x60)) || (0xd800..=0xdfff).contains(&v);
            (
                if bad {
                    Escape::BadChar(c, v)
                } else {
                    Escape::Char(v)
                },
                1 + n,
            )
        }
        b'c' => (Escape::Stop, 1),
        _ => match crate::escape::simple(c) {
            Some(b) => (Escape::Byte(b), 1),
            None => (Escape::Literal(Some(c)), 1),
        },
    }
}

/// A Unicode character as gnulib's print_unicode_char writes it: UTF-8
/// under a UTF-8 locale, ASCII as is, else `\uXXXX` or `\UXXXXXXXX`.
pub fn unicode_char(out: &mut Vec<u8>, cp: u32, utf8: bool) {
    if cp < 0x80 {
        out.push(cp as u8);
        return;
    }
    if utf8 {
        if let Some(c) = char::from_u32(cp) {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            return;
        }
    }
    let (prefix, digits): (&[u8], u32) = if cp <= 0xffff {
        (b"\\u", 4)
    } else {
        (b"\\U", 8)
    };
    out.extend_from_slice(prefix);
    for k in (0..digits).rev() {
        let d = ((cp >> (4 * k)) & 15) as u8;
        out.push(if d < 10 { b'0' + d } else { b'A' + d - 10 });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_like_strtoimax() {
        assert_eq!(strtoimax(b"010"), (8, Status::Ok));
        assert_eq!(strtoimax(b" -0x1F"), (-31, Status::Ok));
        assert_eq!(strtoimax(b"0x"), (0, Status::Partial));
        assert_eq!(strtoimax(b"08"), (0, Status::Partial));
        assert_eq!(strtoimax(b""), (0, Status::Ok));
        assert_eq!(strtoimax(b" "), (0, Status::NotNumber));
        assert_eq!(strtoimax(b"-"), (0, Status::NotNumber));
        assert_eq!(strtoimax(b"9223372036854775808"), (i64::MAX, Status::Range));
        assert_eq!(strtoimax(b"-9223372036854775808"), (i64::MIN, Status::Ok));
        assert_eq!(
            strtoimax(b"-9223372036854775809x"),
            (i64::MIN, Status::Range)
        );
        assert_eq!(strtoumax(b"-1"), (u64::MAX, Status::Ok));
        assert_eq!(
            strtoumax(b"18446744073709551616"),
            (u64::MAX, Status::Range)
        );
        assert_eq!(strtold(b"1e5000").1, Status::Range);
        assert_eq!(strtold(b"1.5x").1, Status::Partial);
        assert_eq!(strtold(b"x").1, Status::NotNumber);
    }

    #[test]
    fn character_constants() {
        assert_eq!(char_constant(b"'a", false), Some((97, &b""[..])));
        assert_eq!(char_constant(b"\"ab", false), Some((97, &b"b"[..])));
        assert_eq!(char_constant("'é".as_bytes(), true), Some((0xe9, &b""[..])));
        assert_eq!(
            char_constant("'é".as_bytes(), false),
            Some((0xc3, &b"\xa9"[..]))
        );
        assert_eq!(char_constant(b"'", true), None);
        assert_eq!(char_constant(b"a", true), None);
    }

    fn int(neg: bool, mag: u64, spec: &str) -> String {
        let s = spec.as_bytes();
        let mut sp = Spec {
            conv: *s.last().unwrap(),
            ..Spec::default()
        };
        for &c in &s[..s.len() - 1] {
            match c {
                b'+' => sp.plus = true,
                b' ' => sp.space = true,
                b'#' => sp.alt = true,
                b'.' => sp.precision = Some(0),
                d => sp.precision = Some((d - b'0') as usize),
            }
        }
        let t = int_text(neg, mag, &sp);
        let mut out = t.head;
        out.resize(out.len() + t.zeros, b'0');
        out.extend_from_slice(&t.digits);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn integers_like_glibc() {
        assert_eq!(int(true, 5, "d"), "-5");
        assert_eq!(int(false, 5, "+d"), "+5");
        assert_eq!(int(false, 5, " i"), " 5");
        assert_eq!(int(false, 5, "+u"), "5");
        assert_eq!(int(false, 255, "#x"), "0xff");
        assert_eq!(int(false, 255, "#X"), "0XFF");
        assert_eq!(int(false, 0, "#x"), "0");
        assert_eq!(int(false, 8, "#o"), "010");
        assert_eq!(int(false, 0, "#.o"), "0");
        assert_eq!(int(false, 0, ".d"), "");
        assert_eq!(int(false, 5, "+3x"), "005");
        assert_eq!(int(true, 5, "4d"), "-0005");
        assert_eq!(int(false, 8, "#4o"), "0010");
    }

    #[test]
    fn escapes() {
        assert_eq!(escape(b"x41z", false), (Escape::Byte(b'A'), 3));
        assert_eq!(escape(b"xg", false), (Escape::MissingHex, 1));
        assert_eq!(escape(b"0101", false), (Escape::Byte(8), 3));
        assert_eq!(escape(b"0101", true), (Escape::Byte(b'A'), 4));
        assert_eq!(escape(b"101", true), (Escape::Byte(b'A'), 3));
        assert_eq!(escape(b"0", true), (Escape::Byte(0), 1));
        assert_eq!(escape(b"u00e9", false), (Escape::Char(0xe9), 5));
        assert_eq!(escape(b"u0041", false), (Escape::BadChar(b'u', 0x41), 5));
        assert_eq!(escape(b"u0024", false), (Escape::Char(0x24), 5));
        assert_eq!(escape(b"u12", false), (Escape::MissingHex, 3));
        assert_eq!(escape(b"c", false), (Escape::Stop, 1));
        assert_eq!(escape(b"q", false), (Escape::Literal(Some(b'q')), 1));
        assert_eq!(escape(b"", false), (Escape::Literal(None), 0));
        let mut out = Vec::new();
        unicode_char(&mut out, 0xe9, false);
        unicode_char(&mut out, 0x1f600, false);
        unicode_char(&mut out, 0xe9, true);
        unicode_char(&mut out, 0xffffffff, true);
        assert_eq!(out, "\\u00E9\\U0001F600é\\UFFFFFFFF".as_bytes());
    }
}
