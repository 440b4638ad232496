//! Integer parsing: strict decimals, and GNU's sizes with suffixes
//! (gnulib `xstrtoumax`: `b`=512, `K`/`KiB`=1024, `kB`=1000, ... `Q`),
//! and one step of a 64-bit LCG.

/// One step of Knuth's MMIX 64-bit linear congruential generator (the
/// next name mkstemp tries, and the tests' pseudo-random keys).
pub fn mmix_step(x: u64) -> u64 {
    x.wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407)
}

/// Parses an unsigned decimal made only of digits; None on overflow.
pub fn parse_u64_dec(s: &[u8]) -> Option<u64> {
    if s.is_empty() {
        return None;
    }
    s.iter().try_fold(0u64, |n, &c| {
        if !c.is_ascii_digit() {
            return None;
        }
        n.checked_mul(10)?.checked_add((c - b'0') as u64)
    })
}

/// Why a size was rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeError {
    /// Not a number at all (or negative).
    Invalid,
    /// A number followed by something that is not an accepted suffix.
    InvalidSuffix,
    /// Too large for 64 bits (the value saturates to u64::MAX).
    Overflow,
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Parses a decimal size with an optional suffix from `suffixes`, as gnulib's
/// xstrtoumax(s, NULL, 10, &n, suffixes) does. A `0` in `suffixes` allows
/// the two-letter forms (`KB` = 1000, `KiB` = 1024). A suffix alone means 1
/// of it (`K` is 1024).
pub fn parse_size(s: &[u8], suffixes: &[u8]) -> Result<u64, SizeError> {
    match xstrtoumax(s, suffixes) {
        (n, _, None) => Ok(n),
        (_, _, Some(e)) => Err(e),
    }
}

/// gnulib's xstrtoumax(s, &end, 10, &n, suffixes): the value (saturated
/// on overflow), where parsing stopped (at the bad character after an
/// invalid suffix) and the error. An invalid suffix outranks overflow.
pub fn xstrtoumax(s: &[u8], suffixes: &[u8]) -> (u64, usize, Option<SizeError>) {
    xstrtoumax_radix(s, 10, suffixes)
}

/// [`xstrtoumax`] in base 10, or with `radix` 0 in C's syntax (`0x1F`,
/// `017`), as xstrtoumax(s, &end, 0, ...).
pub fn xstrtoumax_radix(s: &[u8], radix: u32, suffixes: &[u8]) -> (u64, usize, Option<SizeError>) {
    let mut i = 0;
    while i < s.len() && is_space(s[i]) {
        i += 1;
    }
    if s.get(i) == Some(&b'-') {
        return (0, 0, Some(SizeError::Invalid));
    }
    if s.get(i) == Some(&b'+') {
        i += 1;
    }
    let start = i;
    let mut radix = radix;
    if radix == 0 {
        radix = 10;
        if s.get(i) == Some(&b'0') {
            radix = 8;
            if matches!(s.get(i + 1), Some(b'x' | b'X'))
                && s.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
            {
                radix = 16;
                i += 2;
            }
        }
    }
    let mut n: u64 = 0;
    let mut overflow = false;
    while let Some(d) = s.get(i).and_then(|&c| (c as char).to_digit(radix)) {
        match n
            .checked_mul(radix as u64)
            .and_then(|v| v.checked_add(d as u64))
        {
            Some(v) => n = v,
            None => {
                overflow = true;
                n = u64::MAX;
            }
        }
        i += 1;
    }
    if i == start {
        match s.get(i) {
            Some(c) if !suffixes.is_empty() && suffixes.contains(c) && *c != b'0' => n = 1,
            _ => return (0, 0, Some(SizeError::Invalid)),
        }
    }
    let rest = &s[i..];
    let of = |o: bool| o.then_some(SizeError::Overflow);
    if rest.is_empty() {
        return (n, i, of(overflow));
    }
    if !suffixes.contains(&rest[0]) || rest[0] == b'0' {
        return (n, i, Some(SizeError::InvalidSuffix));
    }
    let mut base: u64 = 1024;
    let mut used = 1;
    if suffixes.contains(&b'0') && b"EGgkKMmPQRTtYZ".contains(&rest[0]) {
        match rest.get(1) {
            Some(b'i') if rest.get(2) == Some(&b'B') => used += 2,
            Some(b'B') | Some(b'D') => {
                base = 1000;
                used += 1
            }
            _ => {}
        }
    }
    let (mult, power): (u64, u32) = match rest[0] {
        b'b' => (512, 1),
        b'B' => (1024, 1),
        b'c' => (1, 1),
        b'w' => (2, 1),
        b'k' | b'K' => (base, 1),
        b'M' | b'm' => (base, 2),
        b'G' | b'g' => (base, 3),
        b'T' | b't' => (base, 4),
        b'P' => (base, 5),
        b'E' => (base, 6),
        b'Z' => (base, 7),
        b'Y' => (base, 8),
        b'R' => (base, 9),
        b'Q' => (base, 10),
        _ => return (n, i, Some(SizeError::InvalidSuffix)),
    };
    for _ in 0..power {
        match n.checked_mul(mult) {
            Some(v) => n = v,
            None => {
                overflow = true;
                n = u64::MAX;
            }
        }
    }
    let end = i + used;
    if rest.len() > used {
        return (n, end, Some(SizeError::InvalidSuffix));
    }
    (n, end, of(overflow))
}

/// gnulib's xstrtoimax(s, NULL, 10, &n, suffixes): [`parse_size`] with
/// an optional sign (which a digit must follow).
pub fn parse_size_i64(s: &[u8], suffixes: &[u8]) -> Result<i64, SizeError> {
    xstrtoimax_radix(s, 10, suffixes)
}

/// [`parse_size_i64`] in base 10, or with `radix` 0 in C's syntax
/// (`-0x1F`, `017`), as xstrtoimax(s, NULL, 0, &n, suffixes).
pub fn xstrtoimax_radix(s: &[u8], radix: u32, suffixes: &[u8]) -> Result<i64, SizeError> {
    let (i, neg) = space_and_sign(s);
    let signed = i > 0 && matches!(s[i - 1], b'+' | b'-');
    if signed && !s.get(i).is_some_and(u8::is_ascii_digit) {
        return Err(SizeError::Invalid);
    }
    let n = match xstrtoumax_radix(&s[i..], radix, suffixes) {
        (n, _, None) => n,
        (_, _, Some(e)) => return Err(e),
    };
    if neg {
        0i64.checked_sub_unsigned(n).ok_or(SizeError::Overflow)
    } else {
        i64::try_from(n).map_err(|_| SizeError::Overflow)
    }
}

/// strtoumax/strtoimax base 0 on `s`: (negative, magnitude, overflowed,
/// bytes used; 0 when no digits).
pub fn strtoint(s: &[u8]) -> (bool, u64, bool, usize) {
    let (mut i, neg) = space_and_sign(s);
    let mut radix = 10;
    if s.get(i) == Some(&b'0') {
        if matches!(s.get(i + 1), Some(b'x' | b'X'))
            && s.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
        {
            radix = 16;
            i += 2;
        } else {
            radix = 8;
        }
    }
    let (mut v, mut over, start) = (0u64, false, i);
    while let Some(d) = s.get(i).and_then(|&c| (c as char).to_digit(radix)) {
        match v
            .checked_mul(radix as u64)
            .and_then(|v| v.checked_add(d as u64))
        {
            Some(n) => v = n,
            None => over = true,
        }
        i += 1;
    }
    let used = if i == start { 0 } else { i };
    (neg, v, over, used)
}

/// gnulib's xstrtoumax(s, NULL, 0, &n, ""): an unsigned number in C's
/// notation (`0x` hexadecimal, a leading `0` octal, else decimal) after
/// optional white space and `+`; nothing may follow it.
pub fn parse_u64_c(s: &[u8]) -> Result<u64, SizeError> {
    let (neg, n, overflow, used) = strtoint(s);
    if neg || used == 0 || used < s.len() {
        Err(SizeError::Invalid)
    } else if overflow {
        Err(SizeError::Overflow)
    } else {
        Ok(n)
    }
}

/// What strtol and friends skip before the digits: white space (C
/// isspace), then a sign. Returns (bytes skipped, negative).
pub fn space_and_sign(s: &[u8]) -> (usize, bool) {
    let mut i = s
        .iter()
        .take_while(|&&c| matches!(c, b' ' | b'\t'..=b'\r'))
        .count();
    let mut neg = false;
    if let Some(&c @ (b'+' | b'-')) = s.get(i) {
        neg = c == b'-';
        i += 1;
    }
    (i, neg)
}

#[cfg(test)]
mod tests {
    use super::*;
    const HT: &[u8] = b"bkKmMGTPEZYRQ0";

    #[test]
    fn plain() {
        assert_eq!(parse_u64_dec(b"0"), Some(0));
        assert_eq!(parse_u64_dec(b"18446744073709551615"), Some(u64::MAX));
        assert_eq!(parse_u64_dec(b"18446744073709551616"), None);
        assert_eq!(parse_u64_dec(b""), None);
        assert_eq!(parse_u64_dec(b"1a"), None);
    }

    #[test]
    fn suffixes() {
        assert_eq!(parse_size(b"10", HT), Ok(10));
        assert_eq!(parse_size(b" +10", HT), Ok(10));
        assert_eq!(parse_size(b"2b", HT), Ok(1024));
        assert_eq!(parse_size(b"1k", HT), Ok(1024));
        assert_eq!(parse_size(b"1K", HT), Ok(1024));
        assert_eq!(parse_size(b"1KiB", HT), Ok(1024));
        assert_eq!(parse_size(b"1kB", HT), Ok(1000));
        assert_eq!(parse_size(b"1MB", HT), Ok(1_000_000));
        assert_eq!(parse_size(b"1M", HT), Ok(1 << 20));
        assert_eq!(parse_size(b"1E", HT), Ok(1 << 60));
        assert_eq!(parse_size(b"K", HT), Ok(1024));
        assert_eq!(parse_size(b"16E", HT), Err(SizeError::Overflow));
        assert_eq!(
            parse_size(b"99999999999999999999", HT),
            Err(SizeError::Overflow)
        );
        assert_eq!(parse_size(b"1x", HT), Err(SizeError::InvalidSuffix));
        assert_eq!(parse_size(b"1KiBx", HT), Err(SizeError::InvalidSuffix));
        assert_eq!(parse_size(b"1Kx", HT), Err(SizeError::InvalidSuffix));
        assert_eq!(parse_size(b"x", HT), Err(SizeError::Invalid));
        assert_eq!(parse_size(b"-1", HT), Err(SizeError::Invalid));
        assert_eq!(parse_size(b"", HT), Err(SizeError::Invalid));
        assert_eq!(parse_size(b"5k", b""), Err(SizeError::InvalidSuffix));
        assert_eq!(parse_size(b"1KB", b"kK"), Err(SizeError::InvalidSuffix));
    }

    #[test]
    fn signed_c_syntax() {
        const DU: &[u8] = b"kKmMGTPEZY0";
        assert_eq!(xstrtoimax_radix(b"-0x10", 0, DU), Ok(-16));
        assert_eq!(xstrtoimax_radix(b"010", 0, DU), Ok(8));
        assert_eq!(xstrtoimax_radix(b" -2K", 0, DU), Ok(-2048));
        assert_eq!(xstrtoimax_radix(b"K", 0, DU), Ok(1024));
        assert_eq!(xstrtoimax_radix(b"-K", 0, DU), Err(SizeError::Invalid));
        assert_eq!(xstrtoimax_radix(b"- 1", 0, DU), Err(SizeError::Invalid));
        assert_eq!(
            xstrtoimax_radix(b"1x", 0, DU),
            Err(SizeError::InvalidSuffix)
        );
        assert_eq!(xstrtoimax_radix(b"-8E", 0, DU), Ok(i64::MIN));
        assert_eq!(xstrtoimax_radix(b"8E", 0, DU), Err(SizeError::Overflow));
        assert_eq!(xstrtoimax_radix(b"", 0, DU), Err(SizeError::Invalid));
    }
}

/// Parses a signed decimal as gnulib's `xstrtoimax(s, NULL, 10, &n, "")`:
/// leading white space and a sign allowed, nothing after the digits.
pub fn parse_i64(s: &[u8]) -> Result<i64, SizeError> {
    let t = s
        .iter()
        .position(|&c| !is_space(c))
        .map_or(&b""[..], |i| &s[i..]);
    let (neg, digits) = match t.first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(SizeError::Invalid);
    }
    let mut n: i64 = 0;
    for &d in digits {
        let d = (d - b'0') as i64;
        n = n
            .checked_mul(10)
            .and_then(|v| {
                if neg {
                    v.checked_sub(d)
                } else {
                    v.checked_add(d)
                }
            })
            .ok_or(SizeError::Overflow)?;
    }
    Ok(n)
}

#[cfg(test)]
mod signed_tests {
    use super::*;

    #[test]
    fn c_notation_and_signed_sizes() {
        assert_eq!(parse_u64_c(b"0x1f"), Ok(31));
        assert_eq!(parse_u64_c(b"010"), Ok(8));
        assert_eq!(parse_u64_c(b" +9"), Ok(9));
        assert_eq!(parse_u64_c(b"0"), Ok(0));
        for bad in [&b"08"[..], b"0x", b"-1", b"", b"1 ", b"x"] {
            assert_eq!(parse_u64_c(bad), Err(SizeError::Invalid), "{bad:?}");
        }
        assert_eq!(
            parse_u64_c(b"99999999999999999999"),
            Err(SizeError::Overflow)
        );
        assert_eq!(parse_size_i64(b"-3K", b"KM0"), Ok(-3072));
        assert_eq!(parse_size_i64(b"K", b"KM0"), Ok(1024));
        assert_eq!(parse_size_i64(b"-K", b"KM0"), Err(SizeError::Invalid));
        assert_eq!(parse_size_i64(b"+ 3", b"KM0"), Err(SizeError::Invalid));
        assert_eq!(parse_size_i64(b"-+3", b"KM0"), Err(SizeError::Invalid));
        assert_eq!(parse_size_i64(b"-9223372036854775808", b""), Ok(i64::MIN));
        assert_eq!(
            parse_size_i64(b"9223372036854775808", b""),
            Err(SizeError::Overflow)
        );
    }

    #[test]
    fn signed_decimals() {
        assert_eq!(parse_i64(b" -3"), Ok(-3));
        assert_eq!(parse_i64(b"+12"), Ok(12));
        assert_eq!(parse_i64(b"-9223372036854775808"), Ok(i64::MIN));
        assert_eq!(parse_i64(b"9223372036854775808"), Err(SizeError::Overflow));
        assert_eq!(parse_i64(b"1x"), Err(SizeError::Invalid));
        assert_eq!(parse_i64(b""), Err(SizeError::Invalid));
        assert_eq!(parse_i64(b"-"), Err(SizeError::Invalid));
    }
}
