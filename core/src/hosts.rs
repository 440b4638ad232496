//! /etc/hosts lookups (the `files` source of NSS, which is all there is).

/// The first IPv4 address listed for `name` (canonical name or alias).
pub fn lookup_v4(db: &[u8], name: &[u8]) -> Option<[u8; 4]> {
    for line in db.split(|&b| b == b'\n') {
        let line = line.split(|&b| b == b'#').next().unwrap_or(b"");
        let mut words = line
            .split(|b| b.is_ascii_whitespace())
            .filter(|w| !w.is_empty());
        let Some(addr) = words.next().and_then(parse_v4) else {
            continue;
        };
        if words.any(|w| w.eq_ignore_ascii_case(name)) {
            return Some(addr);
        }
    }
    None
}

/// Parses dotted-quad IPv4 notation.
pub fn parse_v4(s: &[u8]) -> Option<[u8; 4]> {
    let mut out = [0u8; 4];
    let mut parts = s.split(|&b| b == b'.');
    for o in out.iter_mut() {
        let p = parts.next()?;
        if p.is_empty() || p.len() > 3 || !p.iter().all(u8::is_ascii_digit) {
            return None;
        }
        *o = u8::try_from(crate::num::parse_u64_dec(p)?).ok()?;
    }
    parts.next().is_none().then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_names_and_aliases() {
        let db = b"# comment\n127.0.0.1 localhost\n::1 ip6-localhost vm\n10.0.0.2\tbox alias # x\n";
        assert_eq!(lookup_v4(db, b"localhost"), Some([127, 0, 0, 1]));
        assert_eq!(lookup_v4(db, b"alias"), Some([10, 0, 0, 2]));
        assert_eq!(lookup_v4(db, b"vm"), None);
        assert_eq!(parse_v4(b"1.2.3"), None);
        assert_eq!(parse_v4(b"1.2.3.256"), None);
    }
}
