//! Character classes and display widths as glibc's C.UTF-8 locale has them
//! (iswprint, iswspace, wcwidth), and UTF-8 decoding.

use crate::wcwidth_table::{DOUBLE_WIDTH, ZERO_WIDTH};

/// Decodes the UTF-8 sequence at the start of `s`. Ok((code point, length)),
/// Err(true) for a sequence cut short by the end of `s` (more input may
/// complete it), Err(false) for an invalid first byte or sequence.
pub fn decode(s: &[u8]) -> Result<(u32, usize), bool> {
    let b = s[0];
    if b < 0x80 {
        return Ok((b as u32, 1));
    }
    let (len, min) = match b {
        0xc2..=0xdf => (2, 0x80),
        0xe0..=0xef => (3, 0x800),
        0xf0..=0xf4 => (4, 0x10000),
        _ => return Err(false),
    };
    let mut cp = (b as u32) & (0x7f >> len);
    for i in 1..len {
        let Some(&c) = s.get(i) else { return Err(true) };
        if c & 0xc0 != 0x80 {
            return Err(false);
        }
        cp = (cp << 6) | (c as u32 & 0x3f);
        // Reject overlong and out-of-range forms as early as glibc does.
        if i == 1
            && ((b == 0xe0 && c < 0xa0)
                || (b == 0xed && c >= 0xa0)
                || (b == 0xf0 && c < 0x90)
                || (b == 0xf4 && c >= 0x90))
        {
            return Err(false);
        }
    }
    if cp < min {
        return Err(false);
    }
    Ok((cp, len))
}

/// iswprint: not a control character, surrogate or noncharacter.
pub fn printable(cp: u32) -> bool {
    !matches!(cp, 0..=0x1f | 0x7f..=0x9f | 0x2028 | 0x2029 | 0xd800..=0xdfff | 0xe0000..=0xe007f)
        && cp & 0xfffe != 0xfffe
        && !(0xfdd0..=0xfdef).contains(&cp)
        && cp <= 0x10ffff
}

/// iswspace: white space other than the no-break spaces.
pub fn space(cp: u32) -> bool {
    matches!(cp, 0x09..=0x0d | 0x20 | 0x1680 | 0x2000..=0x2006 | 0x2008..=0x200a | 0x2028 | 0x2029 | 0x205f | 0x3000)
}

/// The no-break spaces GNU wc also treats as word separators.
pub fn nbspace(cp: u32) -> bool {
    matches!(cp, 0xa0 | 0x2007 | 0x202f | 0x2060)
}

/// Whether `cp` is in a table of ranges packed as `start << 11 | (end -
/// start)`, sorted by start (half the bytes of (start, end) pairs).
fn in_table(t: &[u32], cp: u32) -> bool {
    let i = t.partition_point(|&e| e >> 11 <= cp);
    i > 0 && cp - (t[i - 1] >> 11) <= t[i - 1] & 0x7ff
}

/// wcwidth of a printable character: 0, 1 or 2 columns.
pub fn width(cp: u32) -> u32 {
    if cp < 0x300 {
        1
    } else if in_table(ZERO_WIDTH, cp) {
        0
    } else if in_table(DOUBLE_WIDTH, cp) {
        2
    } else {
        1
    }
}

/// iswcntrl: the C0 and C1 controls, DEL and the line and paragraph
/// separators.
pub fn control(cp: u32) -> bool {
    matches!(cp, 0..=0x1f | 0x7f..=0x9f | 0x2028 | 0x2029)
}

/// wcwidth: the columns of a printable character, None for one that is
/// not printable.
pub fn wcwidth(cp: u32) -> Option<usize> {
    printable(cp).then(|| width(cp) as usize)
}

/// gnulib's mbsnwidth(s, 0): the columns `s` takes. Under UTF-8 an
/// invalid byte or a sequence cut short at the end takes one, a character
/// that is not printable one unless it is a control; in the C locale a
/// control byte takes none and every other byte one.
pub fn mbswidth(s: &[u8], utf8: bool) -> usize {
    if !utf8 {
        return s.iter().filter(|b| !b.is_ascii_control()).count();
    }
    let mut w = 0;
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if (0x20..0x7f).contains(&b) {
            w += 1;
            i += 1;
            continue;
        }
        match decode(&s[i..]) {
            Ok((cp, n)) => {
                w += wcwidth(cp).unwrap_or(usize::from(!control(cp)));
                i += n;
            }
            Err(true) => return w + 1,
            Err(false) => {
                w += 1;
                i += 1;
            }
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding() {
        assert_eq!(decode(b"a"), Ok((0x61, 1)));
        assert_eq!(decode("é".as_bytes()), Ok((0xe9, 2)));
        assert_eq!(decode("日".as_bytes()), Ok((0x65e5, 3)));
        assert_eq!(decode("😀".as_bytes()), Ok((0x1f600, 4)));
        assert_eq!(decode(b"\xe6\x97"), Err(true));
        assert_eq!(decode(b"\x80"), Err(false));
        assert_eq!(decode(b"\xc0\x80"), Err(false));
        assert_eq!(decode(b"\xed\xa0\x80"), Err(false));
        assert_eq!(decode(b"\xe6x"), Err(false));
    }

    #[test]
    fn widths_as_glibc() {
        assert_eq!(width('a' as u32), 1);
        assert_eq!(width(0x301), 0);
        assert_eq!(width(0x65e5), 2);
        assert_eq!(width(0x200b), 0);
        assert_eq!(width(0x1f600), 2);
        assert_eq!(width(0xad), 1);
        assert_eq!(width(0x1160), 0);
        assert_eq!(width(0x3000), 2);
        assert_eq!(width(0xff71), 1);
    }

    #[test]
    fn string_widths_as_gnulib() {
        assert_eq!(mbswidth(b"abc", true), 3);
        assert_eq!(mbswidth("日本".as_bytes(), true), 4);
        assert_eq!(mbswidth(b"a\nb", true), 2);
        assert_eq!(mbswidth(b"a\xffb", true), 3);
        assert_eq!(mbswidth(b"a\xe6\x97", true), 2);
        assert_eq!(mbswidth(b"e\xcc\x81", true), 1);
        assert_eq!(mbswidth(b"a\nb\xff", false), 3);
        assert_eq!(mbswidth("日".as_bytes(), false), 3);
    }
}
