//! gnulib's quotearg, byte for byte: every quoting style of
//! `--quoting-style`/`QUOTING_STYLE` ([`quotearg`], with the extra
//! characters of `set_char_quoting`), and the forms GNU's diagnostics use:
//! - [`shell`]: `quotef`, quote only when needed, `:` included;
//! - [`shell_escape`]: printf's `%q`, as `shell` but `:` left alone;
//! - [`shell_always`]: `quoteaf`, always quoted;
//! - [`locale`]: `quote`, 'x' in the C locale, ‘x’ under UTF-8.
//!
//! Shell styles use `'...'`, `'\''` for quotes (or `"..."` when that alone
//! suffices), and `$'\n'`/`$'\303'` for unprintable bytes; under a UTF-8
//! locale printable multibyte characters pass through.

use alloc::vec::Vec;

/// `quotef`: the name as is when the shell needs no quoting, else quoted.
pub fn shell(s: &[u8], utf8: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 2);
    quotearg(&mut out, s, Style::ShellEscape, utf8, b":");
    out
}

/// gnulib's plain `shell_escape_quoting_style` (printf's `%q`): like
/// [`shell`], but `:` needs no quotes.
pub fn shell_escape(s: &[u8], utf8: bool) -> Vec<u8> {
    quote_as(s, Style::ShellEscape, utf8)
}

/// `quoteaf`: shell_escape_always quoting.
pub fn shell_always(s: &[u8], utf8: bool) -> Vec<u8> {
    quote_as(s, Style::ShellEscapeAlways, utf8)
}

/// `quote`: locale quoting, 'x' in C and ‘x’ under UTF-8, C escapes inside.
pub fn locale(s: &[u8], utf8: bool) -> Vec<u8> {
    quote_as(s, Style::Locale, utf8)
}

/// gnulib's `c_maybe_quoting_style`: the string as is when every byte
/// is printable and none is `"`, else `"..."` with C escapes (`\\`, `\"`,
/// `\t`, octal for the rest).
pub fn c_maybe(s: &[u8], utf8: bool) -> Vec<u8> {
    quote_as(s, Style::CMaybe, utf8)
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

/// The name of a style (gnulib's quoting_style_args).
pub fn style_name(style: Style) -> &'static str {
    STYLE_NAMES
        .iter()
        .find(|(_, s)| *s == style)
        .map_or("literal", |(n, _)| n)
}

/// `s` quoted in `style` (gnulib's quotearg_buffer with no flags).
pub fn quote_as(s: &[u8], style: Style, utf8: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 2);
    quotearg(&mut out, s, style, utf8, b"");
    out
}

/// Appends `arg` quoted in `style` to `out` (gnulib's quotearg_buffer with
/// no flags), the bytes of `these_too` quoted as well (set_char_quoting):
/// backslash-escaped in the C-like styles, forcing quotes in the styles
/// that quote only when needed.
pub fn quotearg(out: &mut Vec<u8>, arg: &[u8], style: Style, utf8: bool, these_too: &[u8]) {
    let start = out.len();
    if style == Style::Literal {
        out.extend_from_slice(arg);
        return;
    }
    // The common case: nothing that any style treats specially.
    if !arg.is_empty() && arg.iter().all(|b| plain(*b) && !these_too.contains(b)) {
        let q = Quoter::new(out, style, utf8, these_too);
        let close = if q.elide { &b""[..] } else { q.quote };
        out.extend_from_slice(arg);
        out.extend_from_slice(close);
        return;
    }
    let redo = Quoter::new(out, style, utf8, these_too).run(arg);
    match redo {
        Ok(()) => {}
        Err(Redo::Outer(style)) => {
            out.truncate(start);
            quotearg(out, arg, style, utf8, b"");
        }
        Err(Redo::C) => {
            out.truncate(start);
            quotearg(out, arg, Style::C, utf8, these_too);
        }
    }
}

/// A byte no style quotes or escapes (and that is compatible with C and
/// shell double quotes).
fn plain(b: u8) -> bool {
    matches!(b, b'%' | b'+' | b',' | b'-' | b'.' | b'/' | b'0'..=b'9' | b':' | b'A'..=b'Z' | b']' | b'_' | b'a'..=b'z')
}

/// Why quoting starts over: with outer quotes after all (and no extra
/// characters), or in the C style (a single quote that double quotes
/// alone can hold).
enum Redo {
    Outer(Style),
    C,
}

/// The state of gnulib's quotearg_buffer_restyled. `shell` stands for its
/// shell_always_quoting_style, which all four shell styles turn into.
struct Quoter<'a> {
    out: &'a mut Vec<u8>,
    shell: bool,
    backslash: bool,
    elide: bool,
    utf8: bool,
    these_too: &'a [u8],
    /// The closing quote.
    quote: &'static [u8],
    pending_end: bool,
    escaping: bool,
}

impl<'a> Quoter<'a> {
    fn new(out: &'a mut Vec<u8>, style: Style, utf8: bool, these_too: &'a [u8]) -> Quoter<'a> {
        let mut q = Quoter {
            out,
            shell: false,
            backslash: false,
            elide: false,
            utf8,
            these_too,
            quote: b"",
            pending_end: false,
            escaping: false,
        };
        let open: &[u8] = match style {
            Style::C | Style::CMaybe => {
                q.elide = style == Style::CMaybe;
                q.backslash = true;
                q.quote = b"\"";
                b"\""
            }
            Style::Escape => {
                q.backslash = true;
                b""
            }
            Style::Locale | Style::CLocale => {
                q.backslash = true;
                let (l, r): (&'static [u8], &'static [u8]) = match (utf8, style) {
                    (true, _) => ("‘".as_bytes(), "’".as_bytes()),
                    (false, Style::Locale) => (b"'", b"'"),
                    _ => (b"\"", b"\""),
                };
                q.quote = r;
                l
            }
            Style::Shell | Style::ShellEscape | Style::ShellAlways | Style::ShellEscapeAlways => {
                q.shell = true;
                q.elide = matches!(style, Style::Shell | Style::ShellEscape);
                q.backslash = matches!(style, Style::ShellEscape | Style::ShellEscapeAlways);
                q.quote = b"'";
                b"'"
            }
            Style::Literal => b"",
        };
        if !q.elide {
            q.out.extend_from_slice(open);
        }
        q
    }

    /// The style to start over in when outer quotes must be added.
    fn outer(&self) -> Redo {
        Redo::Outer(match (self.shell, self.backslash) {
            (true, true) => Style::ShellEscapeAlways,
            (true, false) => Style::ShellAlways,
            _ => Style::C,
        })
    }

    fn start_esc(&mut self) -> Result<(), Redo> {
        if self.elide {
            return Err(self.outer());
        }
        self.escaping = true;
        if self.shell && !self.pending_end {
            self.out.extend_from_slice(b"'$'");
            self.pending_end = true;
        }
        self.out.push(b'\\');
        Ok(())
    }

    fn end_esc(&mut self) {
        if self.pending_end && !self.escaping {
            self.out.extend_from_slice(b"''");
            self.pending_end = false;
        }
    }

    fn run(mut self, arg: &[u8]) -> Result<(), Redo> {
        let mut single_quote = false;
        let mut all_compat = true;
        let mut i = 0;
        while i < arg.len() {
            let (c, compat) = self.unit(arg, &mut i, &mut single_quote)?;
            self.end_esc();
            self.out.push(c);
            all_compat &= compat;
            i += 1;
        }
        if arg.is_empty() && self.shell && self.elide {
            return Err(self.outer());
        }
        if self.shell && !self.elide && single_quote && all_compat {
            return Err(Redo::C);
        }
        if !self.elide {
            self.out.extend_from_slice(self.quote);
        }
        Ok(())
    }

    /// Quotes the byte at `*i` (a whole character when multibyte, `*i`
    /// then left on its last byte) but for its last byte, which it returns
    /// with whether the unit is compatible with both C and shell double
    /// quotes.
    fn unit(
        &mut self,
        arg: &[u8],
        i: &mut usize,
        single_quote: &mut bool,
    ) -> Result<(u8, bool), Redo> {
        self.escaping = false;
        let mut right_quote = false;
        if self.backslash
            && !self.shell
            && !self.quote.is_empty()
            && arg[*i..].starts_with(self.quote)
        {
            if self.elide {
                return Err(self.outer());
            }
            right_quote = true;
        }
        let c = arg[*i];
        let mut compat = false;
        let esc = match c {
            0 if self.backslash => {
                self.start_esc()?;
                if !self.shell && arg.get(*i + 1).is_some_and(u8::is_ascii_digit) {
                    self.out.extend_from_slice(b"00");
                }
                return Ok((b'0', false));
            }
            b'?' if self.shell && self.elide => return Err(self.outer()),
            0 | b'?' => None,
            7 => Some(b'a'),
            8 => Some(b'b'),
            0x0c => Some(b'f'),
            0x0b => Some(b'v'),
            b'\\' if self.shell => {
                if self.elide {
                    return Err(self.outer());
                }
                return Ok((c, false));
            }
            b'\\' if self.backslash && self.elide => return Ok((c, false)),
            b'\n' | b'\r' | b'\t' | b'\\' => {
                if self.shell && self.elide {
                    return Err(self.outer());
                }
                Some(match c {
                    b'\n' => b'n',
                    b'\r' => b'r',
                    b'\t' => b't',
                    _ => b'\\',
                })
            }
            b'{' | b'}' | b'#' | b'~' | b' ' | b'!' | b'"' | b'$' | b'&' | b'(' | b')' | b'*'
            | b';' | b'<' | b'=' | b'>' | b'[' | b'^' | b'`' | b'|' => {
                let special = match c {
                    b'{' | b'}' => arg.len() == 1,
                    b'#' | b'~' => *i == 0,
                    _ => true,
                };
                if special {
                    compat = matches!(c, b'{' | b'}' | b'#' | b'~' | b' ');
                    if self.shell && self.elide {
                        return Err(self.outer());
                    }
                }
                None
            }
            b'\'' => {
                *single_quote = true;
                compat = true;
                if self.shell {
                    if self.elide {
                        return Err(self.outer());
                    }
                    self.out.extend_from_slice(b"'\\'");
                    self.pending_end = false;
                }
                None
            }
            b'%'
            | b'+'
            | b','
            | b'-'
            | b'.'
            | b'/'
            | b'0'..=b'9'
            | b':'
            | b'A'..=b'Z'
            | b']'
            | b'_'
            | b'a'..=b'z' => {
                compat = true;
                None
            }
            _ => return self.other(arg, i, right_quote),
        };
        match esc {
            Some(e) if self.backslash => {
                self.start_esc()?;
                Ok((e, false))
            }
            _ => self.plain(c, right_quote, compat),
        }
    }

    /// A byte without an escape of its own: escaped all the same when it
    /// is one of `these_too` or the closing quote.
    fn plain(&mut self, c: u8, right_quote: bool, compat: bool) -> Result<(u8, bool), Redo> {
        let extra = ((self.backslash && !self.shell) || self.elide) && self.these_too.contains(&c);
        if extra || right_quote {
            self.start_esc()?;
        }
        Ok((c, compat))
    }

    /// The character at the start of `s`: its length (0 for an invalid
    /// byte, all of `s` for a sequence cut short) and whether it prints.
    fn character(&self, s: &[u8]) -> (usize, bool) {
        if !self.utf8 {
            return (1, (0x20..0x7f).contains(&s[0]));
        }
        match crate::unicode::decode(s) {
            Ok((cp, n)) => (n, crate::unicode::printable(cp)),
            Err(true) => (s.len(), false),
            Err(false) => (0, false),
        }
    }

    /// A byte outside ASCII's printable set: a multibyte character as it
    /// is, or unprintable bytes escaped in octal.
    fn other(
        &mut self,
        arg: &[u8],
        i: &mut usize,
        mut right_quote: bool,
    ) -> Result<(u8, bool), Redo> {
        let mut c = arg[*i];
        let (m, printable) = self.character(&arg[*i..]);
        if !(m > 1 || (self.backslash && !printable)) {
            return self.plain(c, right_quote, printable);
        }
        let end = *i + m;
        loop {
            if self.backslash && !printable {
                self.start_esc()?;
                self.out.push(b'0' + (c >> 6));
                self.out.push(b'0' + ((c >> 3) & 7));
                c = b'0' + (c & 7);
            } else if right_quote {
                self.out.push(b'\\');
                right_quote = false;
            }
            if end <= *i + 1 {
                break;
            }
            self.end_esc();
            self.out.push(c);
            *i += 1;
            c = arg[*i];
        }
        Ok((c, printable))
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

    #[test]
    fn every_style_as_gnulib() {
        let q = |s: &[u8], st, utf8| quote_as(s, st, utf8);
        assert_eq!(q(b"a b", Style::Escape, false), b"a b");
        assert_eq!(q(b"a\nb\\", Style::Escape, false), b"a\\nb\\\\");
        assert_eq!(q(b"a b", Style::Shell, false), b"'a b'");
        assert_eq!(q(b"a\x01", Style::Shell, false), b"a\x01");
        assert_eq!(q(b"a\\b", Style::Shell, false), b"'a\\b'");
        assert_eq!(q(b"x", Style::ShellAlways, false), b"'x'");
        assert_eq!(q(b"it's", Style::ShellAlways, false), b"\"it's\"");
        assert_eq!(q(b"it's?", Style::ShellAlways, false), b"'it'\\''s?'");
        assert_eq!(q(b"a\"b", Style::C, false), b"\"a\\\"b\"");
        assert_eq!(q(b"", Style::Shell, false), b"''");
        assert_eq!(q(b"", Style::Literal, false), b"");
        assert_eq!(q(b"a'b", Style::Locale, false), b"'a\\'b'");
        assert_eq!(
            q("a\u{2019}b".as_bytes(), Style::Locale, true),
            "\u{2018}a\\\u{2019}b\u{2019}".as_bytes()
        );
        assert_eq!(q(b"a\"b", Style::CLocale, false), b"\"a\\\"b\"");
        assert_eq!(q(b"a\x00001", Style::C, false), b"\"a\\000001\"");
        assert_eq!(q(b"\xff", Style::Escape, true), b"\\377");
        assert_eq!(
            q("\u{e9}".as_bytes(), Style::Escape, true),
            "\u{e9}".as_bytes()
        );
        assert_eq!(q(b"\xe6\x97", Style::Escape, true), b"\\346\\227");
    }

    #[test]
    fn extra_characters() {
        let mut v = Vec::new();
        quotearg(&mut v, b"a b", Style::Escape, false, b" ");
        assert_eq!(v, b"a\\ b");
        v.clear();
        quotearg(&mut v, b"a@b", Style::ShellEscape, false, b"@");
        assert_eq!(v, b"'a@b'");
        v.clear();
        quotearg(&mut v, b"a@b", Style::ShellAlways, false, b"@");
        assert_eq!(v, b"'a@b'");
        v.clear();
        quotearg(&mut v, b"a:b", Style::C, false, b":");
        assert_eq!(v, b"\"a\\:b\"");
        v.clear();
        quotearg(&mut v, b"a:b", Style::Literal, false, b":");
        assert_eq!(v, b"a:b");
    }
}
