//! /etc/hosts lookups (the `files` source of NSS, which is all there is).

/// The first IPv4 address listed for `name` (canonical name or alias).
#[cfg_attr(corebox_opt, optimize(size))]
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

/// The canonical name (the first name of its line) of a host name or
/// alias listed in `db`, as getaddrinfo's AI_CANONNAME gives it.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn canonical<'a>(db: &'a [u8], name: &[u8]) -> Option<&'a [u8]> {
    for line in db.split(|&b| b == b'\n') {
        let line = line.split(|&b| b == b'#').next().unwrap_or(b"");
        let mut words = line
            .split(|b| b.is_ascii_whitespace())
            .filter(|w| !w.is_empty());
        let (Some(_addr), Some(canon)) = (words.next(), words.next()) else {
            continue;
        };
        if canon.eq_ignore_ascii_case(name) || words.any(|w| w.eq_ignore_ascii_case(name)) {
            return Some(canon);
        }
    }
    None
}

/// An IPv6 address as inet_ntop writes it: lowercase hex words, the
/// longest run of two or more zero words (the first of equals) as `::`.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn format_v6(a: &[u8; 16]) -> alloc::vec::Vec<u8> {
    let w: alloc::vec::Vec<u16> = a
        .chunks(2)
        .map(|p| u16::from_be_bytes([p[0], p[1]]))
        .collect();
    let (mut best, mut best_len, mut i) = (8, 0, 0);
    while i < 8 {
        let n = w[i..].iter().take_while(|&&x| x == 0).count();
        if n > best_len && n >= 2 {
            (best, best_len) = (i, n);
        }
        i += n.max(1);
    }
    let mut s = alloc::string::String::new();
    let mut i = 0;
    while i < 8 {
        if i == best {
            s.push_str("::");
            i += best_len;
            continue;
        }
        if i > 0 && !s.ends_with(':') {
            s.push(':');
        }
        s.push_str(&alloc::format!("{:x}", w[i]));
        i += 1;
    }
    s.into_bytes()
}

/// Parses dotted-quad IPv4 notation.
#[cfg_attr(corebox_opt, optimize(size))]
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
    fn v6_text() {
        let mut a = [0u8; 16];
        a[0] = 0x20;
        a[1] = 0x01;
        a[2] = 0x0d;
        a[3] = 0xb8;
        a[15] = 1;
        assert_eq!(format_v6(&a), b"2001:db8::1");
        a[5] = 1;
        assert_eq!(format_v6(&a), b"2001:db8:1::1");
        assert_eq!(format_v6(&[0; 16]), b"::");
        let b = [0xfe, 0xc0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3];
        assert_eq!(format_v6(&b), b"fec0:1:0:2::3");
    }

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
