//! Backslash escapes as echo -e (and later printf) interpret them.

/// Expands the escapes of one echo argument, passing output to `emit`.
/// Returns false when `\c` asked to stop all output.
pub fn echo(s: &[u8], mut emit: impl FnMut(&[u8])) -> bool {
    let mut i = 0;
    let mut start = 0;
    while i < s.len() {
        if s[i] != b'\\' || i + 1 >= s.len() {
            i += 1;
            continue;
        }
        emit(&s[start..i]);
        let c = s[i + 1];
        i += 2;
        let byte = match c {
            b'c' => return false,
            b'x' if s.get(i).is_some_and(u8::is_ascii_hexdigit) => {
                let mut v = hex(s[i]);
                i += 1;
                if let Some(&d) = s.get(i).filter(|d| d.is_ascii_hexdigit()) {
                    v = v * 16 + hex(d);
                    i += 1;
                }
                v
            }
            b'0'..=b'7' => {
                // `\0NNN` takes up to three digits after the 0; `\NNN`
                // (1-7 first) up to three digits in all.
                let mut v = c - b'0';
                let mut max = if c == b'0' { 3 } else { 2 };
                while max > 0 {
                    match s.get(i) {
                        Some(&d @ b'0'..=b'7') => {
                            v = v.wrapping_mul(8).wrapping_add(d - b'0');
                            i += 1;
                            max -= 1;
                        }
                        _ => break,
                    }
                }
                v
            }
            _ => match simple(c).filter(|_| c != b'"') {
                Some(b) => b,
                None => {
                    emit(b"\\");
                    c
                }
            },
        };
        emit(&[byte]);
        start = i;
    }
    emit(&s[start..]);
    true
}

/// The one-letter escapes of echo and printf (`\"` is printf's alone):
/// `\a \b \e \f \n \r \t \v \\`.
pub fn simple(c: u8) -> Option<u8> {
    Some(match c {
        b'"' | b'\\' => c,
        b'a' => 7,
        b'b' => 8,
        b'e' => 0x1b,
        b'f' => 0x0c,
        b'n' => b'\n',
        b'r' => b'\r',
        b't' => b'\t',
        b'v' => 0x0b,
        _ => return None,
    })
}

fn hex(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        _ => (c | 0x20) - b'a' + 10,
    }
}

/// paste's `-d` list: one delimiter per byte, with `\0` (and an empty
/// list) standing for "no delimiter" (`None`), and `\b \f \n \r \t \v \\`;
/// a backslash before any other byte stands for that byte. `None` when the
/// list ends in an unescaped backslash.
pub fn delimiter_list(s: &[u8]) -> Option<alloc::vec::Vec<Option<u8>>> {
    let mut out = alloc::vec::Vec::with_capacity(s.len().max(1));
    let mut it = s.iter();
    while let Some(&c) = it.next() {
        if c != b'\\' {
            out.push(Some(c));
            continue;
        }
        out.push(match it.next()? {
            b'0' => None,
            b'b' => Some(8),
            b'f' => Some(0x0c),
            b'n' => Some(b'\n'),
            b'r' => Some(b'\r'),
            b't' => Some(b'\t'),
            b'v' => Some(0x0b),
            &other => Some(other),
        });
    }
    if out.is_empty() {
        out.push(None);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::delimiter_list;
    use alloc::vec::Vec;

    #[test]
    fn paste_delimiters() {
        assert_eq!(delimiter_list(b"a,"), Some(vec![Some(b'a'), Some(b',')]));
        assert_eq!(delimiter_list(b""), Some(vec![None]));
        assert_eq!(
            delimiter_list(b"\\0\\t\\n\\\\\\q\\b\\f\\r\\v"),
            Some(vec![
                None,
                Some(b'\t'),
                Some(b'\n'),
                Some(b'\\'),
                Some(b'q'),
                Some(8),
                Some(12),
                Some(b'\r'),
                Some(11)
            ])
        );
        assert_eq!(delimiter_list(b"a\\"), None);
        assert_eq!(delimiter_list(b"\\\\\\"), None);
    }

    fn run(s: &[u8]) -> (Vec<u8>, bool) {
        let mut v = Vec::new();
        let go_on = super::echo(s, |b| v.extend_from_slice(b));
        (v, go_on)
    }

    #[test]
    fn escapes() {
        assert_eq!(run(b"a\\tb\\n"), (b"a\tb\n".to_vec(), true));
        assert_eq!(run(b"\\x41\\x4a2\\xg"), (b"AJ2\\xg".to_vec(), true));
        assert_eq!(run(b"\\0101\\101\\0\\08"), (b"AA\0\08".to_vec(), true));
        assert_eq!(run(b"\\1234"), (b"S4".to_vec(), true));
        assert_eq!(run(b"x\\cy"), (b"x".to_vec(), false));
        assert_eq!(run(b"\\q\\"), (b"\\q\\".to_vec(), true));
        assert_eq!(run(b"\\\\"), (b"\\".to_vec(), true));
        assert_eq!(run(b"\\0400"), (b"\x00".to_vec(), true));
    }
}
