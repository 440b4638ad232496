//! Parsing of checksum lines for `-c/--check`, as GNU's `split_3` reads
//! them: `HEX  NAME`, `HEX *NAME`, the "BSD reversed" `HEX NAME`, and the
//! tagged `ALGO (NAME) = HEX` (`BLAKE2b-BITS` too), with a leading `\`
//! marking an escaped name (`\\` and `\n`).

use super::Algo;
use alloc::vec::Vec;

const ALL: [Algo; 8] = [
    Algo::Md5,
    Algo::Sha1,
    Algo::Sha224,
    Algo::Sha256,
    Algo::Sha384,
    Algo::Sha512,
    Algo::Blake2b,
    Algo::Sm3,
];

/// One parsed checksum line.
#[derive(Debug, PartialEq, Eq)]
pub struct Line {
    pub algo: Algo,
    /// The digest length in bits.
    pub bits: usize,
    /// The expected digest in hex (either case).
    pub hex: Vec<u8>,
    pub name: Vec<u8>,
}

/// The state of a check: which algorithms lines may name, and whether the
/// file so far used the "BSD reversed" format (GNU's `bsd_reversed`).
pub struct Parser {
    /// The algorithm of the program or of `cksum -a`; None: `cksum` without
    /// `-a`, which reads tagged lines only.
    pub algo: Option<Algo>,
    /// Tagged lines may name any algorithm (cksum).
    pub any_tag: bool,
    /// BLAKE2b digest bits given with `-l` (0: any length).
    pub bits: usize,
    /// Without an algorithm (cksum without -a): the last algorithm a line
    /// named, which GNU's warnings about bad lines then name too.
    pub seen: Option<Algo>,
    reversed: i8,
}

fn white(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// GNU's `filename_unescape`: `\\` and `\n` only; a NUL is invalid.
fn unescape(s: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len());
    let mut it = s.iter();
    while let Some(&b) = it.next() {
        match b {
            b'\\' => match it.next() {
                Some(b'n') => out.push(b'\n'),
                Some(b'\\') => out.push(b'\\'),
                _ => return None,
            },
            0 => return None,
            _ => out.push(b),
        }
    }
    Some(out)
}

fn until_nul(s: &[u8]) -> &[u8] {
    &s[..s.iter().position(|&b| b == 0).unwrap_or(s.len())]
}

fn name_of(s: &[u8], escaped: bool) -> Option<Vec<u8>> {
    if escaped {
        unescape(s)
    } else {
        Some(until_nul(s).to_vec())
    }
}

/// Whether `s` is exactly `n` hex digits.
fn hex_digits(s: &[u8], n: usize) -> bool {
    let s = until_nul(s);
    s.len() == n && s.iter().all(u8::is_ascii_hexdigit)
}

impl Parser {
    pub fn new(algo: Option<Algo>, any_tag: bool, bits: usize) -> Parser {
        Parser {
            algo,
            any_tag,
            bits,
            seen: None,
            reversed: -1,
        }
    }

    fn full_bits(&self, algo: Algo) -> usize {
        if algo == Algo::Blake2b && self.bits != 0 {
            self.bits
        } else {
            algo.bits()
        }
    }

    /// Parses one line (without its newline and carriage return).
    pub fn parse(&mut self, s: &[u8]) -> Option<Line> {
        let mut i = s.iter().take_while(|&&b| white(b)).count();
        let escaped = s.get(i) == Some(&b'\\');
        i += escaped as usize;
        let word_end = i + s[i..]
            .iter()
            .take_while(|&&b| !white(b) && b != b'(' && b != b'-')
            .count();
        let word = &s[i..word_end];
        let tagged = ALL.iter().copied().find(|a| {
            a.tag() == word
                && (self.any_tag || Some(*a) == self.algo)
                && (s.get(word_end) != Some(&b'-') || *a == Algo::Blake2b)
        });
        if let Some(algo) = tagged {
            match self.algo {
                Some(a) if a != algo => return None,
                None => self.seen = Some(algo),
                _ => {}
            }
            let mut bits = algo.bits();
            i = word_end;
            if s.get(i) == Some(&b'-') {
                i += 1;
                let n = s[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                let v = core::str::from_utf8(&s[i..i + n])
                    .ok()?
                    .parse::<usize>()
                    .ok()?;
                if v == 0 || v > 512 || v % 8 != 0 {
                    return None;
                }
                bits = v;
                i += n;
            }
            if s.get(i) == Some(&b' ') {
                i += 1;
            }
            if s.get(i) != Some(&b'(') {
                return None;
            }
            let rest = &s[i + 1..];
            let close = rest.iter().rposition(|&b| b == b')')?;
            let name = name_of(&rest[..close], escaped)?;
            let mut j = close + 1;
            while rest.get(j).is_some_and(|&b| white(b)) {
                j += 1;
            }
            if rest.get(j) != Some(&b'=') {
                return None;
            }
            j += 1;
            while rest.get(j).is_some_and(|&b| white(b)) {
                j += 1;
            }
            let hex = &rest[j..];
            if !hex_digits(hex, bits / 4) {
                return None;
            }
            return Some(Line {
                algo,
                bits,
                hex: hex.to_vec(),
                name,
            });
        }
        // Untagged lines need a known algorithm.
        let algo = self.algo?;
        let rest = &s[i..];
        let hexlen = if algo == Algo::Blake2b {
            let n = rest.iter().take_while(|b| b.is_ascii_hexdigit()).count();
            if n < 2 || n % 2 != 0 || n > 128 {
                return None;
            }
            n
        } else {
            self.full_bits(algo) / 4
        };
        if rest.len() < hexlen + 2 || !white(rest[hexlen]) || !hex_digits(&rest[..hexlen], hexlen) {
            return None;
        }
        let mut j = hexlen + 1;
        if rest.len() - j == 1 || (rest[j] != b' ' && rest[j] != b'*') {
            // Mixing with the standard format is refused, so that a name
            // with a leading space or '*' cannot be misread.
            if self.reversed == 0 {
                return None;
            }
            self.reversed = 1;
        } else if self.reversed != 1 {
            self.reversed = 0;
            j += 1;
        }
        let name = name_of(&rest[j..], escaped)?;
        Some(Line {
            algo,
            bits: hexlen * 4,
            hex: rest[..hexlen].to_vec(),
            name,
        })
    }
}

/// GNU escapes a printed name that holds a backslash or a newline, and
/// marks the line with a leading backslash.
pub fn needs_escape(name: &[u8]) -> bool {
    name.iter().any(|&b| b == b'\\' || b == b'\n')
}

/// Appends `name` with `\` and newline escaped as `\\` and `\n`.
pub fn push_escaped(out: &mut Vec<u8>, name: &[u8]) {
    for &b in name {
        match b {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            _ => out.push(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(algo: Option<Algo>, s: &str) -> Option<(Algo, usize, String, String)> {
        let mut ps = Parser::new(algo, algo.is_none(), 0);
        ps.parse(s.as_bytes()).map(|l| {
            (
                l.algo,
                l.bits,
                String::from_utf8(l.hex).unwrap(),
                String::from_utf8(l.name).unwrap(),
            )
        })
    }

    const H: &str = "900150983cd24fb0d6963f7d28e17f72";

    #[test]
    fn formats() {
        let md5 = Some(Algo::Md5);
        let want = |n: &str| Some((Algo::Md5, 128, H.to_string(), n.to_string()));
        assert_eq!(p(md5, &alloc::format!("{H}  a")), want("a"));
        assert_eq!(p(md5, &alloc::format!("{H} *a b")), want("a b"));
        assert_eq!(p(md5, &alloc::format!("  {H}\ta")), want("a"));
        assert_eq!(p(md5, &alloc::format!("{H} a")), want("a"));
        assert_eq!(
            p(md5, &alloc::format!("\\{H}  a\\\\b\\nc")),
            want("a\\b\nc")
        );
        assert_eq!(p(md5, &alloc::format!("\\{H}  a\\x")), None);
        assert_eq!(p(md5, &alloc::format!("MD5 (a) = {H}")), want("a"));
        assert_eq!(p(md5, &alloc::format!("MD5(a)= {H}")), want("a"));
        assert_eq!(p(md5, &alloc::format!("MD5 (a)b) = {H}")), want("a)b"));
        assert_eq!(p(md5, &alloc::format!("MD5 (a) = {H} ")), None);
        assert_eq!(p(md5, &alloc::format!("SHA1 (a) = {H}")), None);
        assert_eq!(p(md5, &alloc::format!("{H}x a")), None);
        assert_eq!(p(md5, "garbage"), None);
        assert_eq!(p(None, &alloc::format!("{H}  a")), None);
        assert_eq!(p(None, &alloc::format!("MD5 (a) = {H}")), want("a"));
        assert_eq!(
            p(Some(Algo::Blake2b), "BLAKE2b-16 (x) = abcd"),
            Some((Algo::Blake2b, 16, "abcd".into(), "x".into()))
        );
        assert_eq!(
            p(Some(Algo::Blake2b), "abcdef  x"),
            Some((Algo::Blake2b, 24, "abcdef".into(), "x".into()))
        );
        assert_eq!(p(Some(Algo::Blake2b), "BLAKE2b-12 (x) = abc"), None);
    }

    #[test]
    fn no_mixing_of_reversed_and_standard() {
        let mut ps = Parser::new(Some(Algo::Md5), false, 0);
        assert!(ps.parse(alloc::format!("{H}  a").as_bytes()).is_some());
        assert!(ps.parse(alloc::format!("{H} a").as_bytes()).is_none());
    }

    #[test]
    fn escaping() {
        assert!(needs_escape(b"a\\b") && needs_escape(b"a\nb") && !needs_escape(b"a\rb"));
        let mut v = Vec::new();
        push_escaped(&mut v, b"a\\b\nc");
        assert_eq!(v, b"a\\\\b\\nc");
    }
}
