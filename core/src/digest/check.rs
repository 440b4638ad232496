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
    format: Format,
}

/// The format of the untagged lines read so far: GNU's `bsd_reversed`
/// (-1, 0, 1). A file may not mix the two.
#[derive(Clone, Copy, PartialEq)]
enum Format {
    Unknown,
    Standard,
    BsdReversed,
}

fn white(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// GNU's `filename_unescape`: `\\`, `\n` and `\r` only; a NUL is invalid.
fn unescape(s: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len());
    let mut it = s.iter();
    while let Some(&b) = it.next() {
        match b {
            b'\\' => match it.next() {
                Some(b'n') => out.push(b'\n'),
                Some(b'r') => out.push(b'\r'),
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

/// C's `strtoumax(s, &end, 0)` as gnulib's xstrtoumax accepts it: leading
/// white space, `+` (not `-`), then a decimal, `0` octal or `0x` hex
/// number. The value and where it ends; None without digits or on
/// overflow.
fn strtoumax(s: &[u8]) -> Option<(u64, usize)> {
    let mut i = s
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t'..=b'\r'))
        .count();
    match s.get(i) {
        Some(b'+') => i += 1,
        Some(b'-') => return None,
        _ => {}
    }
    let hex = s.get(i) == Some(&b'0')
        && matches!(s.get(i + 1), Some(b'x' | b'X'))
        && s.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
    let (radix, start) = match s.get(i) {
        Some(b'0') if hex => (16, i + 2),
        Some(b'0') => (8, i),
        _ => (10, i),
    };
    let mut v: u64 = 0;
    let mut j = start;
    while let Some(d) = s.get(j).and_then(|&b| (b as char).to_digit(radix)) {
        v = v.checked_mul(radix as u64)?.checked_add(d as u64)?;
        j += 1;
    }
    (j > start).then_some((v, j))
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
            format: Format::Unknown,
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
        // b2sum and cksum read tags as GNU's HASH_ALGO_BLAKE2/CKSUM builds
        // do: with an algorithm given, the tag is a prefix and the one
        // byte after it is dropped unread; any tag may carry `-BITS`.
        let loose = self.any_tag || self.algo == Some(Algo::Blake2b);
        let tagged = match self.algo {
            Some(a) if loose => s[i..].starts_with(a.tag()).then(|| (a, i + a.tag().len())),
            _ => {
                let n = s[i..]
                    .iter()
                    .take_while(|&&b| !white(b) && b != b'(' && b != b'-')
                    .count();
                let word = &s[i..i + n];
                ALL.iter()
                    .copied()
                    .find(|a| a.tag() == word && (self.any_tag || Some(*a) == self.algo))
                    .map(|a| (a, i + n))
            }
        };
        match tagged {
            Some((algo, after)) => self.parse_tagged(s, algo, after, escaped, loose),
            None => self.parse_untagged(&s[i..], escaped),
        }
    }

    /// `TAG[-BITS] (NAME) = HEX`, from just after the tag.
    fn parse_tagged(
        &mut self,
        s: &[u8],
        algo: Algo,
        after: usize,
        escaped: bool,
        loose: bool,
    ) -> Option<Line> {
        match self.algo {
            Some(a) if a != algo => return None,
            None => self.seen = Some(algo),
            _ => {}
        }
        let mut bits = algo.bits();
        let mut i = after;
        if loose {
            match s.get(i) {
                Some(b'-') => {
                    let (v, end) = strtoumax(&s[i + 1..])?;
                    if v == 0 || v > bits as u64 || v % 8 != 0 {
                        return None;
                    }
                    bits = v as usize;
                    i += 1 + end;
                }
                Some(b'(') => {}
                Some(_) => i += 1,
                None => return None,
            }
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
        Some(Line {
            algo,
            bits,
            hex: hex.to_vec(),
            name,
        })
    }

    /// `HEX  NAME`, `HEX *NAME` or the BSD reversed `HEX NAME`.
    fn parse_untagged(&mut self, rest: &[u8], escaped: bool) -> Option<Line> {
        // Untagged lines need a known algorithm.
        let algo = self.algo?;
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
            if self.format == Format::Standard {
                return None;
            }
            self.format = Format::BsdReversed;
        } else if self.format != Format::BsdReversed {
            self.format = Format::Standard;
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

/// GNU 9.1 escapes a printed name that holds a backslash, a newline or a
/// carriage return, and marks the line with a leading backslash.
pub fn needs_escape(name: &[u8]) -> bool {
    name.iter().any(|&b| matches!(b, b'\\' | b'\n' | b'\r'))
}

/// Appends `name` with `\`, newline and carriage return escaped as `\\`,
/// `\n` and `\r`.
pub fn push_escaped(out: &mut Vec<u8>, name: &[u8]) {
    for &b in name {
        match b {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            _ => out.push(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carriage_return_escaped_both_ways() {
        assert!(needs_escape(b"a\rb"));
        let mut v = Vec::new();
        push_escaped(&mut v, b"a\rb\n\\");
        assert_eq!(v, b"a\\rb\\n\\\\");
        assert_eq!(unescape(b"c\\rd").unwrap(), b"c\rd");
        assert_eq!(unescape(b"c\\xd"), None);
    }

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
    fn tags_as_b2sum_and_cksum_read_them() {
        let b2 = Some(Algo::Blake2b);
        let h16 = |bits, s: &str| Some((Algo::Blake2b, bits, s.to_string(), "x".to_string()));
        let h512: String = "ab".repeat(64);
        // One byte after the tag is dropped unread; then an optional space.
        assert_eq!(
            p(b2, &alloc::format!("BLAKE2bX (x) = {h512}")),
            h16(512, &h512)
        );
        assert_eq!(
            p(b2, &alloc::format!("BLAKE2b\t(x) = {h512}")),
            h16(512, &h512)
        );
        assert_eq!(
            p(b2, &alloc::format!("BLAKE2b  (x) = {h512}")),
            h16(512, &h512)
        );
        assert_eq!(
            p(b2, &alloc::format!("BLAKE2b(x) = {h512}")),
            h16(512, &h512)
        );
        assert_eq!(p(b2, &alloc::format!("BLAKE2bXY (x) = {h512}")), None);
        // -BITS is C's strtoumax with base 0.
        assert_eq!(p(b2, "BLAKE2b-0x10 (x) = abcd"), h16(16, "abcd"));
        assert_eq!(p(b2, "BLAKE2b-020 (x) = abcd"), h16(16, "abcd"));
        assert_eq!(p(b2, "BLAKE2b- +16 (x) = abcd"), h16(16, "abcd"));
        assert_eq!(p(b2, "BLAKE2b-016 (x) = abcd"), None);
        assert_eq!(p(b2, "BLAKE2b--16 (x) = abcd"), None);
        assert_eq!(p(b2, "BLAKE2b-16x (x) = abcd"), None);
        assert_eq!(p(b2, &alloc::format!("BLAKE2b-520 (x) = {h512}ab")), None);
        // cksum: any algorithm may be cut to BITS; without -a the tag is a
        // whole word.
        let sha = |bits, s: &str| Some((Algo::Sha256, bits, s.to_string(), "x".to_string()));
        assert_eq!(p(None, "SHA256-16 (x) = abcd"), sha(16, "abcd"));
        assert_eq!(
            p(None, &alloc::format!("SHA256X (x) = {}", "ab".repeat(32))),
            None
        );
        let mut ps = Parser::new(Some(Algo::Sha256), true, 0);
        let l = ps.parse(alloc::format!("SHA256X (x) = {}", "ab".repeat(32)).as_bytes());
        assert_eq!(l.map(|l| l.bits), Some(256));
        assert_eq!(
            p(
                None,
                &alloc::format!("SHA256-264 (x) = {}", "ab".repeat(33))
            ),
            None
        );
        // The other programs take the exact tag only.
        let s256 = Some(Algo::Sha256);
        let mut ps = Parser::new(s256, false, 0);
        assert!(ps.parse(b"SHA256-16 (x) = abcd").is_none());
        assert!(ps
            .parse(alloc::format!("SHA256X (x) = {}", "ab".repeat(32)).as_bytes())
            .is_none());
        assert!(ps
            .parse(alloc::format!("SHA256\t(x) = {}", "ab".repeat(32)).as_bytes())
            .is_none());
    }

    #[test]
    fn no_mixing_of_reversed_and_standard() {
        let mut ps = Parser::new(Some(Algo::Md5), false, 0);
        assert!(ps.parse(alloc::format!("{H}  a").as_bytes()).is_some());
        assert!(ps.parse(alloc::format!("{H} a").as_bytes()).is_none());
    }

    #[test]
    fn escaping() {
        assert!(needs_escape(b"a\\b") && needs_escape(b"a\nb") && !needs_escape(b"a\tb"));
        let mut v = Vec::new();
        push_escaped(&mut v, b"a\\b\nc");
        assert_eq!(v, b"a\\\\b\\nc");
    }
}
