//! `env -S STRING`: GNU env's splitting of one shebang-line argument into
//! several, with its quotes, escapes, `#` comments and `${VAR}`.

use alloc::vec::Vec;

/// Why a string could not be split (GNU's messages in the comments).
#[derive(Debug, PartialEq, Eq)]
pub enum Error<'a> {
    /// `invalid sequence '\C' in -S`
    Sequence(u8),
    /// `invalid backslash at end of string in -S`
    BackslashAtEnd,
    /// `'\c' must not appear in double-quoted -S string`
    StopInQuotes,
    /// `no terminating quote in -S string`
    NoQuote,
    /// `only ${VARNAME} expansion is supported, error at: REST`
    Variable(&'a [u8]),
}

/// The name in `${NAME}` at the start of `s` (NAME: a letter or `_`, then
/// letters, digits, `_`) and the bytes the reference takes.
#[cfg_attr(corebox_opt, optimize(size))]
fn variable(s: &[u8]) -> Option<(&[u8], usize)> {
    let body = s.strip_prefix(b"${")?;
    if !body
        .first()
        .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
    {
        return None;
    }
    let n = body
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
        .count();
    (body.get(n) == Some(&b'}')).then_some((&body[..n], n + 3))
}

struct Words {
    out: Vec<Vec<u8>>,
    /// The last byte seen was a separator: the next one starts a word.
    sep: bool,
}

impl Words {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn start(&mut self) {
        if self.sep {
            self.out.push(Vec::new());
            self.sep = false;
        }
    }
    #[cfg_attr(corebox_opt, optimize(size))]
    fn push(&mut self, c: u8) {
        self.start();
        if let Some(w) = self.out.last_mut() {
            w.push(c);
        }
    }
}

/// Splits `s`; `getenv` looks up `${NAME}` (and may report what it did).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn split<'a>(
    s: &'a [u8],
    mut getenv: impl FnMut(&[u8]) -> Option<&'a [u8]>,
) -> Result<Vec<Vec<u8>>, Error<'a>> {
    let mut w = Words {
        out: Vec::new(),
        sep: true,
    };
    let (mut dq, mut sq) = (false, false);
    let mut i = 0;
    while i < s.len() {
        let mut c = s[i];
        match c {
            b'\'' if !dq => {
                sq = !sq;
                w.start();
                i += 1;
                continue;
            }
            b'"' if !sq => {
                dq = !dq;
                w.start();
                i += 1;
                continue;
            }
            b' ' | b'\t'..=b'\r' if !sq && !dq => {
                w.sep = true;
                i += 1;
                continue;
            }
            b'#' if w.sep => return Ok(w.out),
            b'\\' if !sq || matches!(s.get(i + 1), Some(b'\\' | b'\'')) => {
                i += 1;
                c = match s.get(i) {
                    None => return Err(Error::BackslashAtEnd),
                    Some(&e @ (b'"' | b'#' | b'$' | b'\'' | b'\\')) => e,
                    Some(b'_') if !dq => {
                        w.sep = true;
                        i += 1;
                        continue;
                    }
                    Some(b'_') => b' ',
                    Some(b'c') if dq => return Err(Error::StopInQuotes),
                    Some(b'c') => return Ok(w.out),
                    Some(b'f') => 0x0c,
                    Some(b'n') => b'\n',
                    Some(b'r') => b'\r',
                    Some(b't') => b'\t',
                    Some(b'v') => 0x0b,
                    Some(&e) => return Err(Error::Sequence(e)),
                };
            }
            b'$' if !sq => {
                let Some((name, len)) = variable(&s[i..]) else {
                    return Err(Error::Variable(&s[i..]));
                };
                if let Some(v) = getenv(name) {
                    w.start();
                    if let Some(last) = w.out.last_mut() {
                        last.extend_from_slice(v);
                    }
                }
                i += len;
                continue;
            }
            _ => {}
        }
        w.push(c);
        i += 1;
    }
    if dq || sq {
        return Err(Error::NoQuote);
    }
    Ok(w.out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sp(s: &str) -> Result<Vec<String>, Error<'_>> {
        split(s.as_bytes(), |n| (n == b"HOME").then_some(&b"/root"[..])).map(|v| {
            v.into_iter()
                .map(|w| String::from_utf8(w).unwrap())
                .collect()
        })
    }

    #[test]
    fn splits_as_gnu_env() {
        assert_eq!(
            sp(r#"A=1  "b c"  ${HOME} \_ x#y"#).unwrap(),
            ["A=1", "b c", "/root", "x#y"]
        );
        assert_eq!(
            sp(r#"a'b c'd "e\_f" g\tz"#).unwrap(),
            ["ab cd", "e f", "g\tz"]
        );
        assert_eq!(sp("a #comment").unwrap(), ["a"]);
        assert_eq!(sp(r"a \c b").unwrap(), ["a"]);
        assert_eq!(sp(r"'\q\\'").unwrap(), [r"\q\"]);
        assert_eq!(sp("''").unwrap(), [""]);
        assert_eq!(sp("${NOPE}x").unwrap(), ["x"]);
        assert_eq!(sp("").unwrap(), Vec::<String>::new());
        assert_eq!(sp(r"a\q"), Err(Error::Sequence(b'q')));
        assert_eq!(sp(r"a\"), Err(Error::BackslashAtEnd));
        assert_eq!(sp(r#""\c""#), Err(Error::StopInQuotes));
        assert_eq!(sp(r#""a"#), Err(Error::NoQuote));
        assert_eq!(sp("$x"), Err(Error::Variable(b"$x")));
    }
}
