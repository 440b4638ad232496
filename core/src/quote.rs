//! GNU's quoting of names in diagnostics (gnulib quotearg), byte for byte:
//! - [`shell`]: `quotef`, quote only when needed, `:` included;
//! - [`shell_escape`]: printf's `%q`, as `shell` but `:` left alone;
//! - [`shell_always`]: `quoteaf`, always quoted;
//! - [`locale`]: `quote`, 'x' in the C locale, ‘x’ under UTF-8.
//!
//! Shell styles use `'...'`, `'\''` for quotes (or `"..."` when that alone
//! suffices), and `$'\n'`/`$'\303'` for unprintable bytes; under a UTF-8
//! locale printable multibyte characters pass through.

use alloc::vec::Vec;

/// Decodes the UTF-8 character at the start of `s`: its length and whether it
/// is printable; None for an invalid or truncated sequence.
fn utf8_char(s: &[u8]) -> Option<(usize, bool)> {
    let b = s[0];
    let (len, min) = match b {
        0xc2..=0xdf => (2, 0x80),
        0xe0..=0xef => (3, 0x800),
        0xf0..=0xf4 => (4, 0x10000),
        _ => return None,
    };
    if s.len() < len || !s[1..len].iter().all(|&c| c & 0xc0 == 0x80) {
        return None;
    }
    let mut cp = (b as u32) & (0x7f >> len);
    for &c in &s[1..len] {
        cp = (cp << 6) | (c as u32 & 0x3f);
    }
    if cp < min || cp > 0x10ffff || (0xd800..0xe000).contains(&cp) {
        return None;
    }
    Some((len, crate::locale_print::printable(cp)))
}

/// One unit of the input: a printable run of bytes (ASCII or a printable
/// multibyte character) or a single byte that must be escaped.
fn units(s: &[u8], utf8: bool) -> impl Iterator<Item = (&[u8], bool)> {
    let mut i = 0;
    core::iter::from_fn(move || {
        if i >= s.len() {
            return None;
        }
        let b = s[i];
        let (len, printable) = if b < 0x80 {
            (1, (0x20..0x7f).contains(&b))
        } else if utf8 {
            utf8_char(&s[i..]).unwrap_or((1, false))
        } else {
            (1, false)
        };
        let u = &s[i..i + len];
        i += len;
        Some((u, printable))
    })
}

fn c_escape(b: u8) -> Option<u8> {
    Some(match b {
        0 => b'0',
        7 => b'a',
        8 => b'b',
        0x0c => b'f',
        b'\n' => b'n',
        b'\r' => b'r',
        b'\t' => b't',
        0x0b => b'v',
        _ => return None,
    })
}

/// How one ASCII byte at position `pos` of a `len`-byte name fares in the
/// shell styles: (may stay unquoted, may stand inside plain double quotes).
/// The second is gnulib's `c_and_shell_quote_compat`.
fn shell_byte(c: u8, pos: usize, len: usize) -> (bool, bool) {
    match c {
        b'%'
        | b'+'
        | b','
        | b'-'
        | b'.'
        | b'/'
        | b'0'..=b'9'
        | b':'
        | b'@'
        | b'A'..=b'Z'
        | b']'
        | b'_'
        | b'a'..=b'z' => (c != b':', true),
        b'{' | b'}' => (len != 1, len == 1),
        b'#' | b'~' => (pos != 0, pos == 0),
        b' ' | b'\'' => (false, true),
        _ => (false, false),
    }
}

/// Whether every unit of `s` passes `ok(first byte, position)`; printable
/// multibyte characters always pass.
fn all_units(s: &[u8], utf8: bool, ok: impl Fn(u8, usize) -> bool) -> bool {
    let mut pos = 0;
    for (u, printable) in units(s, utf8) {
        if !(if u.len() > 1 {
            printable
        } else {
            ok(u[0], pos)
        }) {
            return false;
        }
        pos += u.len();
    }
    true
}

/// Whether the shell style may leave `s` unquoted (`:` quoted when
/// `colon`, as `quotef` asks).
fn shell_safe(s: &[u8], utf8: bool, colon: bool) -> bool {
    !s.is_empty()
        && all_units(s, utf8, |c, pos| {
            shell_byte(c, pos, s.len()).0 || (c == b':' && !colon)
        })
}

/// Whether a string with a single quote can be quoted with plain double
/// quotes, as gnulib prefers then.
fn double_quote_ok(s: &[u8], utf8: bool) -> bool {
    all_units(s, utf8, |c, pos| shell_byte(c, pos, s.len()).1)
}

fn push_octal(out: &mut Vec<u8>, c: u8) {
    out.extend_from_slice(&[
        b'\\',
        b'0' + (c >> 6),
        b'0' + ((c >> 3) & 7),
        b'0' + (c & 7),
    ]);
}

/// `quoteaf`: shell_escape_always quoting.
pub fn shell_always(s: &[u8], utf8: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 2);
    if s.contains(&b'\'') && double_quote_ok(s, utf8) {
        out.push(b'"');
        out.extend_from_slice(s);
        out.push(b'"');
        return out;
    }
    out.push(b'\'');
    let mut in_dollar = false;
    for (u, printable) in units(s, utf8) {
        let c = u[0];
        let esc = if u.len() == 1 && c < 0x80 {
            c_escape(c)
        } else {
            None
        };
        if esc.is_some() || !printable {
            if !in_dollar {
                out.extend_from_slice(b"'$'");
                in_dollar = true;
            }
            match esc {
                Some(e) => out.extend_from_slice(&[b'\\', e]),
                None => u.iter().for_each(|&c| push_octal(&mut out, c)),
            }
            continue;
        }
        if in_dollar {
            out.extend_from_slice(b"''");
            in_dollar = false;
        }
        if c == b'\'' {
            out.extend_from_slice(b"'\\''");
        } else {
            out.extend_from_slice(u);
        }
    }
    out.push(b'\'');
    out
}

/// `quotef`: the name as is when the shell needs no quoting, else quoted.
pub fn shell(s: &[u8], utf8: bool) -> Vec<u8> {
    if shell_safe(s, utf8, true) {
        s.into()
    } else {
        shell_always(s, utf8)
    }
}

/// gnulib's plain `shell_escape_quoting_style` (printf's `%q`): like
/// [`shell`], but `:` needs no quotes.
pub fn shell_escape(s: &[u8], utf8: bool) -> Vec<u8> {
    if shell_safe(s, utf8, false) {
        s.into()
    } else {
        shell_always(s, utf8)
    }
}

/// The inside of a C-style quoted string: C escapes, octal for what is not
/// printable, and a backslash before `\` and before `quote`.
fn c_body(out: &mut Vec<u8>, s: &[u8], utf8: bool, quote: Option<u8>) {
    for (u, printable) in units(s, utf8) {
        let c = u[0];
        let esc = if u.len() == 1 && c < 0x80 {
            c_escape(c)
        } else {
            None
        };
        if let Some(e) = esc {
            out.extend_from_slice(&[b'\\', e]);
        } else if !printable {
            u.iter().for_each(|&c| push_octal(out, c));
        } else if c == b'\\' || Some(c) == quote {
            out.extend_from_slice(&[b'\\', c]);
        } else {
            out.extend_from_slice(u);
        }
    }
}

/// `quote`: locale quoting, 'x' in C and ‘x’ under UTF-8, C escapes inside.
pub fn locale(s: &[u8], utf8: bool) -> Vec<u8> {
    let (l, r): (&[u8], &[u8]) = if utf8 {
        ("\u{2018}".as_bytes(), "\u{2019}".as_bytes())
    } else {
        (b"'", b"'")
    };
    let mut out = Vec::with_capacity(s.len() + 6);
    out.extend_from_slice(l);
    c_body(&mut out, s, utf8, if utf8 { None } else { Some(b'\'') });
    out.extend_from_slice(r);
    out
}

/// gnulib's `c_maybe_quoting_style`: the string as is when every byte
/// is printable and none is `"`, else `"..."` with C escapes (`\\`, `\"`,
/// `\t`, octal for the rest).
pub fn c_maybe(s: &[u8], utf8: bool) -> Vec<u8> {
    if units(s, utf8).all(|(u, printable)| printable && u[0] != b'"') {
        return s.into();
    }
    let mut out = Vec::with_capacity(s.len() + 8);
    out.push(b'"');
    c_body(&mut out, s, utf8, Some(b'"'));
    out.push(b'"');
    out
}

/// gnulib's quoting styles, as `QUOTING_STYLE` and `--quoting-style`
/// name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Literal,
    Shell,
    ShellAlways,
    ShellEscape,
    ShellEscapeAlways,
    C,
    CMaybe,
    Escape,
    Locale,
    CLocale,
}

/// The names of the styles, in gnulib's order (quoting_style_args).
pub const STYLE_NAMES: [(&str, Style); 10] = [
    ("literal", Style::Literal),
    ("shell", Style::Shell),
    ("shell-always", Style::ShellAlways),
    ("shell-escape", Style::ShellEscape),
    ("shell-escape-always", Style::ShellEscapeAlways),
    ("c", Style::C),
    ("c-maybe", Style::CMaybe),
    ("escape", Style::Escape),
    ("locale", Style::Locale),
    ("clocale", Style::CLocale),
];

/// The style `name` names as argmatch reads it: the whole name, or a
/// prefix of exactly one.
pub fn style_by_name(name: &[u8]) -> Option<Style> {
    if let Some(&(_, st)) = STYLE_NAMES.iter().find(|(n, _)| n.as_bytes() == name) {
        return Some(st);
    }
    let mut hits = STYLE_NAMES
        .iter()
        .filter(|(n, _)| !name.is_empty() && n.as_bytes().starts_with(name));
    match (hits.next(), hits.next()) {
        (Some(&(_, st)), None) => Some(st),
        _ => None,
    }
}

/// The shell styles without escapes: `'...'` around the bytes as they
/// are (`'\''` for a quote), or `"..."` as gnulib prefers for a name
/// with a quote that needs nothing else.
fn shell_plain(s: &[u8], utf8: bool, always: bool) -> Vec<u8> {
    // Only the shell's own characters need quotes here: bytes that are
    // not printable pass as they are.
    let special = |(i, &c): (usize, &u8)| match c {
        b'{' | b'}' => s.len() == 1,
        b'#' | b'~' => i == 0,
        b'?' | b'\n' | b'\r' | b'\t' | b'\\' | b'\'' | b' ' | b'!' | b'"' | b'$' | b'&' | b'('
        | b')' | b'*' | b';' | b'<' | b'=' | b'>' | b'[' | b'^' | b'`' | b'|' => true,
        _ => false,
    };
    if !always && !s.is_empty() && !s.iter().enumerate().any(special) {
        return s.into();
    }
    let mut out = Vec::with_capacity(s.len() + 2);
    if s.contains(&b'\'') && double_quote_ok(s, utf8) {
        out.push(b'"');
        out.extend_from_slice(s);
        out.push(b'"');
        return out;
    }
    out.push(b'\'');
    for &c in s {
        if c == b'\'' {
            out.extend_from_slice(b"'\\''");
        } else {
            out.push(c);
        }
    }
    out.push(b'\'');
    out
}

/// `s` quoted in `style` (gnulib's quotearg_buffer with no flags).
pub fn quote_as(s: &[u8], style: Style, utf8: bool) -> Vec<u8> {
    match style {
        Style::Literal => s.into(),
        Style::Shell => shell_plain(s, utf8, false),
        Style::ShellAlways => shell_plain(s, utf8, true),
        Style::ShellEscape => shell_escape(s, utf8),
        Style::ShellEscapeAlways => shell_always(s, utf8),
        Style::C => {
            let mut out = Vec::with_capacity(s.len() + 2);
            out.push(b'"');
            c_body(&mut out, s, utf8, Some(b'"'));
            out.push(b'"');
            out
        }
        Style::CMaybe => c_maybe(s, utf8),
        Style::Escape => {
            let mut out = Vec::with_capacity(s.len());
            c_body(&mut out, s, utf8, None);
            out
        }
        Style::Locale => locale(s, utf8),
        Style::CLocale => {
            if utf8 {
                return locale(s, utf8);
            }
            let mut out = Vec::with_capacity(s.len() + 2);
            out.push(b'"');
            c_body(&mut out, s, utf8, Some(b'"'));
            out.push(b'"');
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_when_needed() {
        assert_eq!(shell(b"abc", false), b"abc");
        assert_eq!(shell(b"a/b-c.d_e,f+g%h]", false), b"a/b-c.d_e,f+g%h]");
        assert_eq!(shell(b"a b", false), b"'a b'");
        assert_eq!(shell(b"", false), b"''");
        assert_eq!(shell(b"a:b", false), b"'a:b'");
        assert_eq!(shell(b"~x", false), b"'~x'");
        assert_eq!(shell(b"x~", false), b"x~");
        assert_eq!(shell(b"{", false), b"'{'");
        assert_eq!(shell(b"a{", false), b"a{");
        assert_eq!(shell(b"it's", false), b"\"it's\"");
        assert_eq!(shell(b"it's $x", false), b"'it'\\''s $x'");
        assert_eq!(shell(b"a\nb", false), b"'a'$'\\n''b'");
        assert_eq!(shell(b"\n", false), b"''$'\\n'");
        assert_eq!(shell("é".as_bytes(), true), "é".as_bytes());
        assert_eq!(shell("é".as_bytes(), false), b"''$'\\303\\251'");
        assert_eq!(shell(b"\xff", true), b"''$'\\377'");
    }

    #[test]
    fn shell_always_quotes() {
        assert_eq!(shell_always(b"x", false), b"'x'");
        assert_eq!(shell_always(b"a\tb\x01", false), b"'a'$'\\t''b'$'\\001'");
    }

    #[test]
    fn c_maybe_quotes() {
        assert_eq!(c_maybe(b"a b\\", false), b"a b\\");
        assert_eq!(c_maybe(b"a'b", false), b"a'b");
        assert_eq!(c_maybe(b"a\"b\\", false), b"\"a\\\"b\\\\\"");
        assert_eq!(c_maybe(b"\x01\t\\", false), b"\"\\001\\t\\\\\"");
        assert_eq!(c_maybe("é".as_bytes(), true), "é".as_bytes());
        assert_eq!(c_maybe("é".as_bytes(), false), b"\"\\303\\251\"");
    }

    #[test]
    fn locale_quotes() {
        assert_eq!(locale(b"x", false), b"'x'");
        assert_eq!(locale(b"x", true), "\u{2018}x\u{2019}".as_bytes());
        assert_eq!(locale(b"it's\n", false), b"'it\\'s\\n'");
        assert_eq!(locale(b"a\\b", false), b"'a\\\\b'");
    }
}
