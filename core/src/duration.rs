//! Durations as sleep and timeout take them: a C floating-point number
//! (decimal or hexadecimal, `inf`), then an optional unit `s`, `m`, `h`, `d`.

/// Parses the longest prefix of `s` that C's strtod would accept; returns
/// the value and the bytes consumed (0 when there is no number).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn strtod_prefix(s: &[u8]) -> (f64, usize) {
    let mut i = 0;
    while i < s.len() && matches!(s[i], b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r') {
        i += 1;
    }
    let neg = match s.get(i) {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let sign = if neg { -1.0 } else { 1.0 };
    let rest = &s[i..];
    let lower = |n: usize| {
        rest.len() >= n
            && rest[..n]
                .iter()
                .map(u8::to_ascii_lowercase)
                .eq(b"infinity"[..n].iter().copied())
    };
    if lower(8) {
        return (sign * f64::INFINITY, i + 8);
    }
    if lower(3) {
        return (sign * f64::INFINITY, i + 3);
    }
    if rest.len() >= 3 && rest[..3].eq_ignore_ascii_case(b"nan") {
        return (f64::NAN, i + 3);
    }
    if rest.len() > 2 && rest[0] == b'0' && (rest[1] | 0x20) == b'x' {
        if let Some((v, n)) = hex_float(&rest[2..]) {
            return (sign * v, i + 2 + n);
        }
    }
    let mut j = 0;
    let mut digits = 0;
    while j < rest.len() && rest[j].is_ascii_digit() {
        j += 1;
        digits += 1;
    }
    if j < rest.len() && rest[j] == b'.' {
        j += 1;
        while j < rest.len() && rest[j].is_ascii_digit() {
            j += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return (0.0, 0);
    }
    if j < rest.len() && (rest[j] | 0x20) == b'e' {
        let mut k = j + 1;
        if k < rest.len() && matches!(rest[k], b'+' | b'-') {
            k += 1;
        }
        if k < rest.len() && rest[k].is_ascii_digit() {
            while k < rest.len() && rest[k].is_ascii_digit() {
                k += 1;
            }
            j = k;
        }
    }
    (sign * decimal_value(&rest[..j]), i + j)
}

/// The value of `DIGITS[.DIGITS][e[+-]DIGITS]` (already validated). Not
/// correctly rounded in the last bit, which no duration can tell, and far
/// smaller than core's exact float parser.
#[cfg_attr(corebox_opt, optimize(size))]
fn decimal_value(s: &[u8]) -> f64 {
    let mut mant: u64 = 0;
    let mut exp10: i32 = 0;
    let mut i = 0;
    let mut after_dot = false;
    while i < s.len() && (s[i].is_ascii_digit() || s[i] == b'.') {
        if s[i] == b'.' {
            after_dot = true;
        } else if mant < 1_000_000_000_000_000_000 {
            mant = mant * 10 + (s[i] - b'0') as u64;
            if after_dot {
                exp10 -= 1;
            }
        } else if !after_dot {
            exp10 += 1;
        }
        i += 1;
    }
    if i < s.len() {
        let neg = s[i + 1] == b'-';
        let mut e: i32 = 0;
        for &c in s[i + 1..].iter().filter(|c| c.is_ascii_digit()) {
            e = e.saturating_mul(10).saturating_add((c - b'0') as i32);
        }
        exp10 = exp10.saturating_add(if neg { -e } else { e });
    }
    if mant == 0 {
        return 0.0;
    }
    // Scaling by an exact power of ten keeps 1.5 exactly 1.5.
    let mut p = 1.0f64;
    for _ in 0..exp10.unsigned_abs().min(400) {
        p *= 10.0;
    }
    if exp10 < 0 {
        mant as f64 / p
    } else {
        mant as f64 * p
    }
}

#[cfg_attr(corebox_opt, optimize(size))]
fn hex_float(s: &[u8]) -> Option<(f64, usize)> {
    let mut v = 0.0f64;
    let mut j = 0;
    let mut digits = 0;
    let mut exp: i32 = 0;
    let mut seen_dot = false;
    while j < s.len() {
        let c = s[j];
        if c == b'.' && !seen_dot {
            seen_dot = true;
        } else if let Some(d) = (c as char).to_digit(16) {
            v = v * 16.0 + d as f64;
            digits += 1;
            if seen_dot {
                exp -= 4;
            }
        } else {
            break;
        }
        j += 1;
    }
    if digits == 0 {
        return None;
    }
    if j < s.len() && (s[j] | 0x20) == b'p' {
        let mut k = j + 1;
        let neg = matches!(s.get(k), Some(b'-'));
        if matches!(s.get(k), Some(b'+') | Some(b'-')) {
            k += 1;
        }
        if k < s.len() && s[k].is_ascii_digit() {
            let mut e: i32 = 0;
            while k < s.len() && s[k].is_ascii_digit() {
                e = e.saturating_mul(10).saturating_add((s[k] - b'0') as i32);
                k += 1;
            }
            exp = exp.saturating_add(if neg { -e } else { e });
            j = k;
        }
    }
    Some((v * pow2(exp), j))
}

#[cfg_attr(corebox_opt, optimize(size))]
fn pow2(e: i32) -> f64 {
    let mut r = 1.0;
    let (mut b, mut n) = if e < 0 {
        (0.5, -(e as i64))
    } else {
        (2.0, e as i64)
    };
    while n > 0 {
        if n & 1 == 1 {
            r *= b;
        }
        b *= b;
        n >>= 1;
    }
    r
}

/// A duration in seconds as GNU sleep/timeout accept it; None if invalid
/// (no number, negative, NaN, trailing garbage, or an unknown unit).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn parse(s: &[u8]) -> Option<f64> {
    let (v, n) = strtod_prefix(s);
    if n == 0 || v.is_nan() || v < 0.0 {
        return None;
    }
    let mult = match &s[n..] {
        b"" | b"s" => 1.0,
        b"m" => 60.0,
        b"h" => 3600.0,
        b"d" => 86400.0,
        _ => return None,
    };
    Some(v * mult)
}

/// Splits seconds into whole seconds and nanoseconds, rounding up to the
/// next nanosecond as gnulib's dtotimespec does, saturating at u64::MAX.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn to_secs_nanos(secs: f64) -> (u64, u32) {
    if secs >= 18446744073709551615.0 {
        return (u64::MAX, 999_999_999);
    }
    let whole = secs as u64;
    let frac = secs - whole as f64;
    let mut ns = (frac * 1e9) as u64;
    if (ns as f64) < frac * 1e9 {
        ns += 1;
    }
    if ns >= 1_000_000_000 {
        (whole + 1, 0)
    } else {
        (whole, ns as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_units() {
        assert_eq!(parse(b"1"), Some(1.0));
        assert_eq!(parse(b"1.5s"), Some(1.5));
        assert_eq!(parse(b"2m"), Some(120.0));
        assert_eq!(parse(b"1h"), Some(3600.0));
        assert_eq!(parse(b"1d"), Some(86400.0));
        assert_eq!(parse(b".5"), Some(0.5));
        assert_eq!(parse(b"5."), Some(5.0));
        assert_eq!(parse(b"1e2"), Some(100.0));
        assert_eq!(parse(b"0x10"), Some(16.0));
        assert_eq!(parse(b"0x1p-1"), Some(0.5));
        assert_eq!(parse(b"inf"), Some(f64::INFINITY));
        assert_eq!(parse(b"1e400"), Some(f64::INFINITY));
        assert_eq!(parse(b"0e400"), Some(0.0));
        assert_eq!(parse(b" 1"), Some(1.0));
        assert_eq!(parse(b"-1"), None);
        assert_eq!(parse(b"nan"), None);
        assert_eq!(parse(b"1x"), None);
        assert_eq!(parse(b"1ss"), None);
        assert_eq!(parse(b""), None);
        assert_eq!(parse(b"."), None);
        assert_eq!(parse(b"s"), None);
    }

    #[test]
    fn split() {
        assert_eq!(to_secs_nanos(1.5), (1, 500_000_000));
        assert_eq!(to_secs_nanos(0.0), (0, 0));
        assert_eq!(to_secs_nanos(f64::INFINITY).0, u64::MAX);
    }
}
