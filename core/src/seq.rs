//! seq's logic as GNU seq 9.1 has it: operands with the print width and
//! precision their spelling implies, FORMAT validation, the default
//! format, and the decimal-string counter of the fast integer path.

use crate::float::{self, Spec, F80};
use alloc::vec::Vec;

/// A command-line operand.
#[derive(Clone, Copy, Debug)]
pub struct Operand {
    pub value: F80,
    /// Its width if printed like its spelling (`-.1` as `-0.1`, `1.` as `1`).
    pub width: i64,
    /// Digits after the point; None when not a fixed-point number.
    pub precision: Option<i64>,
}

/// The default FIRST and INCREMENT.
pub const ONE: Operand = Operand {
    value: F80::ONE,
    width: 1,
    precision: Some(0),
};

#[derive(Debug, PartialEq, Eq)]
pub enum ScanError {
    /// `invalid floating point argument: 'X'`
    Invalid,
    /// `invalid 'not-a-number' argument: 'X'`
    Nan,
}

fn strtol_prefix(s: &[u8]) -> i64 {
    let (i, neg) = crate::num::space_and_sign(s);
    let v = s[i..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .fold(0i64, |v, &d| {
            v.saturating_mul(10).saturating_add((d - b'0') as i64)
        });
    if neg {
        -v
    } else {
        v
    }
}

/// Reads an operand as GNU seq's scan_arg does.
pub fn scan(arg: &[u8]) -> Result<Operand, ScanError> {
    let value = float::parse(arg).map_err(|_| ScanError::Invalid)?;
    if value.is_nan() {
        return Err(ScanError::Nan);
    }
    let skip = arg
        .iter()
        .take_while(|&&c| matches!(c, b' ' | b'\t'..=b'\r' | b'+'))
        .count();
    let a = &arg[skip..];
    let point = a.iter().position(|&c| c == b'.');
    let mut precision = (point.is_none() && !a.contains(&b'p')).then_some(0i64);
    let mut width = 0i64;
    if !a.iter().any(|&c| c == b'x' || c == b'X') && value.is_finite() {
        let len = a.len() as i64;
        width = len;
        let mut fraction_len = 0i64;
        if let Some(p) = point {
            fraction_len = a[p + 1..]
                .iter()
                .take_while(|&&c| c != b'e' && c != b'E')
                .count() as i64;
            precision = Some(fraction_len);
            width += if fraction_len == 0 {
                -1
            } else {
                (p == 0 || !a[p - 1].is_ascii_digit()) as i64
            };
        }
        let e = a
            .iter()
            .position(|&c| c == b'e')
            .or_else(|| a.iter().position(|&c| c == b'E'));
        if let Some(e) = e {
            let mut exponent = strtol_prefix(&a[e + 1..]).max(-i64::MAX);
            let p = precision.unwrap_or(i32::MAX as i64);
            precision = Some(if exponent < 0 {
                p.saturating_sub(exponent)
            } else {
                p - p.min(exponent)
            });
            width -= len - e as i64;
            if exponent < 0 {
                match point {
                    Some(p) if e == p + 1 => width += 1,
                    Some(_) => {}
                    None => width += 1,
                }
                exponent = -exponent;
            } else {
                if point.is_some() && precision == Some(0) && fraction_len != 0 {
                    width -= 1;
                }
                exponent -= fraction_len.min(exponent);
            }
            width = width.saturating_add(exponent);
        }
    }
    let precision = precision.filter(|&p| p < i32::MAX as i64);
    Ok(Operand {
        value,
        width,
        precision,
    })
}

/// A FORMAT: text before and after the one conversion (with `%%` as `%`).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Format {
    pub prefix: Vec<u8>,
    pub spec: Spec,
    pub suffix: Vec<u8>,
}

#[derive(Debug, PartialEq, Eq)]
pub enum FormatError {
    /// `format %s has no %% directive`
    NoDirective,
    /// `format %s ends in %%`
    EndsInPercent,
    /// `format %s has unknown %%%c directive`
    Unknown(u8),
    /// `format %s has too many %% directives`
    TooMany,
}

/// Checks a `-f` FORMAT as GNU seq does.
pub fn parse_format(fmt: &[u8]) -> Result<Format, FormatError> {
    let mut f = Format::default();
    let at = |i: usize| fmt.get(i).copied().unwrap_or(0);
    let mut i = 0;
    while !(at(i) == b'%' && at(i + 1) != b'%') {
        if i >= fmt.len() {
            return Err(FormatError::NoDirective);
        }
        f.prefix.push(fmt[i]);
        i += if fmt[i] == b'%' { 2 } else { 1 };
    }
    i += 1;
    while let Some(&c) = fmt.get(i).filter(|c| b"-+#0 '".contains(c)) {
        match c {
            b'-' => f.spec.left = true,
            b'+' => f.spec.plus = true,
            b'#' => f.spec.alt = true,
            b'0' => f.spec.zero = true,
            b' ' => f.spec.space = true,
            _ => {}
        }
        i += 1;
    }
    let number = |i: &mut usize| {
        let mut n = 0usize;
        while at(*i).is_ascii_digit() {
            n = n
                .saturating_mul(10)
                .saturating_add((at(*i) - b'0') as usize);
            *i += 1;
        }
        n
    };
    f.spec.width = number(&mut i);
    if at(i) == b'.' {
        i += 1;
        f.spec.precision = Some(number(&mut i));
    }
    if at(i) == b'L' {
        i += 1;
    }
    if i >= fmt.len() {
        return Err(FormatError::EndsInPercent);
    }
    if !b"efgaEFGA".contains(&fmt[i]) {
        return Err(FormatError::Unknown(fmt[i]));
    }
    f.spec.conv = fmt[i];
    i += 1;
    while i < fmt.len() {
        if fmt[i] == b'%' {
            if at(i + 1) != b'%' {
                return Err(FormatError::TooMany);
            }
            i += 1;
        }
        f.suffix.push(fmt[i]);
        i += 1;
    }
    Ok(f)
}

/// GNU's default format: `%.PRECf` (`%0W.PRECf` with -w) when all three
/// operands are fixed-point numbers, else `%g`.
pub fn default_format(
    first: &Operand,
    step: &Operand,
    last: &Operand,
    equal_width: bool,
) -> Format {
    let mut f = Format {
        spec: Spec {
            conv: b'g',
            ..Spec::default()
        },
        ..Format::default()
    };
    let (Some(fp), Some(sp), Some(lp)) = (first.precision, step.precision, last.precision) else {
        return f;
    };
    let prec = fp.max(sp);
    if equal_width {
        // Widths saturate (an exponent of 10^25 gives i64::MAX): GNU's
        // int arithmetic overflows there, and its output is the %g one.
        let mut first_width = first.width.saturating_add(prec - fp);
        let mut last_width = last.width.saturating_add(prec - lp);
        if lp != 0 && prec == 0 {
            last_width = last_width.saturating_sub(1);
        }
        if lp == 0 && prec != 0 {
            last_width = last_width.saturating_add(1);
        }
        if fp == 0 && prec != 0 {
            first_width = first_width.saturating_add(1);
        }
        let width = first_width.max(last_width);
        if width > i32::MAX as i64 {
            return f;
        }
        f.spec.zero = true;
        // A negative width is a '-' flag for printf.
        f.spec.left = width < 0;
        f.spec.width = width.unsigned_abs() as usize;
    }
    f.spec.conv = b'f';
    f.spec.precision = Some(prec as usize);
    f
}

/// Formats one number with `f` into `out`.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn format(out: &mut Vec<u8>, f: &Format, x: F80) {
    out.extend_from_slice(&f.prefix);
    float::format(out, x, &f.spec);
    out.extend_from_slice(&f.suffix);
}

/// Digits only, at least one (GNU's all_digits_p).
pub fn all_digits(s: &[u8]) -> bool {
    !s.is_empty() && s.iter().all(u8::is_ascii_digit)
}

/// `s` without leading zeros (one zero left for zero).
pub fn trim_zeros(s: &[u8]) -> &[u8] {
    let n = s.iter().take_while(|&&c| c == b'0').count();
    &s[n.min(s.len().saturating_sub(1))..]
}

/// Compares two digit strings without leading zeros.
pub fn cmp_digits(a: &[u8], b: &[u8]) -> core::cmp::Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

/// Adds `n` to the digit string `s` (which may grow by a digit).
pub fn add_digits(s: &mut Vec<u8>, mut n: u64) {
    let mut i = s.len();
    while n > 0 || i == s.len() {
        if i == 0 {
            s.insert(0, b'0');
            i = 1;
        }
        i -= 1;
        let d = (s[i] - b'0') as u64 + n % 10;
        n /= 10;
        s[i] = b'0' + (d % 10) as u8;
        n += d / 10;
        if n == 0 {
            break;
        }
    }
}

/// The value of a digit string if it fits in u64.
pub fn digits_u64(s: &[u8]) -> Option<u64> {
    s.iter().try_fold(0u64, |v, &d| {
        v.checked_mul(10)?.checked_add((d - b'0') as u64)
    })
}

/// The exact value of a plain decimal operand as `m / 10^scale`, when
/// it is not too big (no hex, no inf).
pub fn decimal(s: &[u8]) -> Option<(i128, u32)> {
    let mut i = s
        .iter()
        .take_while(|&&c| matches!(c, b' ' | b'\t'..=b'\r'))
        .count();
    let neg = s.get(i) == Some(&b'-');
    if matches!(s.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    let (mut m, mut scale, mut point, mut any) = (0i128, 0i64, false, false);
    while let Some(&c) = s.get(i) {
        match c {
            b'0'..=b'9' => {
                m = m.checked_mul(10)?.checked_add((c - b'0') as i128)?;
                scale += point as i64;
                any = true;
            }
            b'.' if !point => point = true,
            _ => break,
        }
        i += 1;
    }
    if !any {
        return None;
    }
    if matches!(s.get(i), Some(b'e' | b'E')) {
        let e = strtol_prefix(&s[i + 1..]);
        if !(-40..=40).contains(&e) {
            return None;
        }
        scale -= e;
        i = s.len();
    }
    if i != s.len() {
        return None;
    }
    while scale < 0 {
        m = m.checked_mul(10)?;
        scale += 1;
    }
    (m < 10i128.pow(30) && scale <= 30).then_some((if neg { -m } else { m }, scale as u32))
}

/// Whole-number arithmetic standing in for long double when it gives the
/// same output: FIRST, STEP and LAST scaled by `10^scale`, printed with
/// `precision` decimals (`scale - precision` digits are always zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fixed {
    pub first: i64,
    pub step: i64,
    pub last: i64,
    pub scale: u32,
    pub precision: u32,
}

/// A [`Fixed`] plan for the operands (FIRST, STEP, LAST spellings) printed
/// with `precision` decimals, when exact: FIRST and STEP have at most that
/// many decimals and all values stay far below where long double rounding
/// could show (10^16 units of the last digit).
pub fn fixed(ops: [&[u8]; 3], precision: usize) -> Option<Fixed> {
    let [f, s, l] = [decimal(ops[0])?, decimal(ops[1])?, decimal(ops[2])?];
    let p = u32::try_from(precision).ok()?;
    if f.1 > p || s.1 > p {
        return None;
    }
    let q = p.max(l.1);
    if q > 18 {
        return None;
    }
    let up = |(m, sc): (i128, u32)| -> Option<i64> {
        let v = m.checked_mul(10i128.checked_pow(q - sc)?)?;
        (v.abs() < 10i128.pow(16)).then_some(v as i64)
    };
    Some(Fixed {
        first: up(f)?,
        step: up(s)?,
        last: up(l)?,
        scale: q,
        precision: p,
    })
}

/// A [`Fixed`] plan for `%e` and `%g` output (at the precision of FIRST
/// and STEP), and whether long double holds every value exactly (FIRST and
/// STEP are binary fractions), so that rounding the exact decimal is
/// rounding the long double.
pub fn fixed_exact(ops: [&[u8]; 3]) -> Option<(Fixed, bool)> {
    let (f, s) = (decimal(ops[0])?, decimal(ops[1])?);
    let plan = fixed(ops, f.1.max(s.1) as usize)?;
    let binary = |(m, sc): (i128, u32)| m % 5i128.pow(sc) == 0;
    Some((plan, binary(f) && binary(s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn op(s: &str) -> (i64, Option<i64>) {
        let o = scan(s.as_bytes()).unwrap();
        (o.width, o.precision)
    }

    fn fmt(first: &str, step: &str, last: &str, w: bool) -> (usize, Option<usize>, u8) {
        let f = default_format(
            &scan(first.as_bytes()).unwrap(),
            &scan(step.as_bytes()).unwrap(),
            &scan(last.as_bytes()).unwrap(),
            w,
        );
        (f.spec.width, f.spec.precision, f.spec.conv)
    }

    /// An exponent beyond i64 saturates the width; the equal-width format
    /// is then GNU's %g one (found by the fuzzer: an overflow panic in
    /// debug builds, "0.0" instead of GNU's "0" in release).
    #[test]
    fn huge_exponent_width() {
        let f = fmt(
            "0E79911111111111111111111",
            "5.2",
            ".1111111999991991",
            true,
        );
        assert_eq!(f.2, b'g');
    }

    #[test]
    fn operands() {
        assert_eq!(op("10"), (2, Some(0)));
        assert_eq!(op("-1"), (2, Some(0)));
        assert_eq!(op("1.50"), (4, Some(2)));
        assert_eq!(op(".5"), (3, Some(1)));
        assert_eq!(op("-.5"), (4, Some(1)));
        assert_eq!(op("1."), (1, Some(0)));
        assert_eq!(op("1e2"), (3, Some(0)));
        assert_eq!(op("1e-2"), (4, Some(2)));
        assert_eq!(op("1.5e1"), (2, Some(0)));
        assert_eq!(op("+3"), (1, Some(0)));
        assert_eq!(op("0x10").1, Some(0));
        assert_eq!(op("0x1p3").1, None);
        assert_eq!(op("inf").1, Some(0));
        assert_eq!(scan(b"x").unwrap_err(), ScanError::Invalid);
        assert_eq!(scan(b"nan").unwrap_err(), ScanError::Nan);
    }

    #[test]
    fn default_formats() {
        assert_eq!(fmt("1", "0.5", "3", false), (0, Some(1), b'f'));
        assert_eq!(fmt("1", "1", "10", true), (2, Some(0), b'f'));
        assert_eq!(fmt("-1", "1", "1", true), (2, Some(0), b'f'));
        assert_eq!(fmt("1", "0.5", "3", true), (3, Some(1), b'f'));
        assert_eq!(fmt("0x1p1", "1", "3", false).2, b'g');
    }

    #[test]
    fn formats() {
        let f = parse_format(b"a%%b%-08.3Lfc%%").unwrap();
        assert_eq!(f.prefix, b"a%b");
        assert_eq!(f.suffix, b"c%");
        assert!(f.spec.left && f.spec.zero);
        assert_eq!(
            (f.spec.width, f.spec.precision, f.spec.conv),
            (8, Some(3), b'f')
        );
        assert_eq!(parse_format(b"x"), Err(FormatError::NoDirective));
        assert_eq!(parse_format(b"%%"), Err(FormatError::NoDirective));
        assert_eq!(parse_format(b"x%"), Err(FormatError::EndsInPercent));
        assert_eq!(parse_format(b"%5.2"), Err(FormatError::EndsInPercent));
        assert_eq!(parse_format(b"%d"), Err(FormatError::Unknown(b'd')));
        assert_eq!(parse_format(b"%g%g"), Err(FormatError::TooMany));
        assert!(parse_format(b"%g%%").is_ok());
    }

    #[test]
    fn fixed_point() {
        assert_eq!(decimal(b"1.50"), Some((150, 2)));
        assert_eq!(decimal(b"-.5"), Some((-5, 1)));
        assert_eq!(decimal(b"1e2"), Some((100, 0)));
        assert_eq!(decimal(b"1.5e-1"), Some((15, 2)));
        assert_eq!(decimal(b"0x10"), None);
        assert_eq!(decimal(b"inf"), None);
        let f = fixed([b"0.1", b"0.1", b"1"], 1).unwrap();
        assert_eq!((f.first, f.step, f.last, f.scale), (1, 1, 10, 1));
        let f = fixed([b"1", b"0.5", b"2.25"], 1).unwrap();
        assert_eq!((f.first, f.step, f.last, f.scale), (100, 50, 225, 2));
        assert!(fixed([b"0.125", b"1", b"2"], 2).is_none());
        assert!(fixed([b"1", b"1", b"1e20"], 0).is_none());
        assert!(fixed([b"0", b"1e-22", b"1e-21"], 22).is_none());
        assert!(fixed_exact([b"1", b"0.5", b"3"]).unwrap().1);
        assert!(!fixed_exact([b"1", b"0.1", b"3"]).unwrap().1);
    }

    #[test]
    fn digit_strings() {
        let mut s = b"999".to_vec();
        add_digits(&mut s, 1);
        assert_eq!(s, b"1000");
        add_digits(&mut s, 200);
        assert_eq!(s, b"1200");
        assert_eq!(trim_zeros(b"000"), b"0");
        assert_eq!(trim_zeros(b"0012"), b"12");
        assert_eq!(cmp_digits(b"99", b"100"), core::cmp::Ordering::Less);
        assert_eq!(digits_u64(b"18446744073709551616"), None);
    }
}
