//! The x87 `long double` (64-bit significand) in software, as GNU tools
//! compute with it: strtold-compatible parsing (decimal, hex floats, inf,
//! nan), correctly rounded addition and multiplication, and glibc printf's
//! `%f %e %g %a` (with flags, width and precision) on the exact value.
//! Below the normal range values are subnormal (m < 2^63 at the lowest
//! exponent), as the x87 keeps them.

use alloc::vec::Vec;
use core::cmp::Ordering;

/// Lowest and highest binary exponent `e` of a normal value `m * 2^e`
/// (m with its top bit set).
const E_MIN: i32 = -16382 - 63;
const E_MAX: i32 = 16383 - 63;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Zero,
    Finite,
    Inf,
    Nan,
}

/// A long double: `(-1)^neg * m * 2^e` when finite (m normalized).
#[derive(Clone, Copy, Debug)]
pub struct F80 {
    neg: bool,
    kind: Kind,
    m: u64,
    e: i32,
}

impl F80 {
    pub const ZERO: F80 = F80 {
        neg: false,
        kind: Kind::Zero,
        m: 0,
        e: 0,
    };
    pub const ONE: F80 = F80 {
        neg: false,
        kind: Kind::Finite,
        m: 1 << 63,
        e: -63,
    };
    pub const INF: F80 = F80 {
        neg: false,
        kind: Kind::Inf,
        m: 0,
        e: 0,
    };
    pub const NAN: F80 = F80 {
        neg: false,
        kind: Kind::Nan,
        m: 0,
        e: 0,
    };

    /// `n`, exactly (a const: usable for constants).
    pub const fn from_u64(n: u64) -> F80 {
        if n == 0 {
            return F80::ZERO;
        }
        let lz = n.leading_zeros();
        F80 {
            neg: false,
            kind: Kind::Finite,
            m: n << lz,
            e: -(lz as i32),
        }
    }

    pub fn is_nan(self) -> bool {
        self.kind == Kind::Nan
    }
    pub fn is_finite(self) -> bool {
        matches!(self.kind, Kind::Zero | Kind::Finite)
    }
    pub fn is_zero(self) -> bool {
        self.kind == Kind::Zero
    }
    pub fn is_negative(self) -> bool {
        self.neg
    }
    pub fn negated(self) -> F80 {
        F80 {
            neg: !self.neg,
            ..self
        }
    }

    /// The IEEE 754 binary value `bits` with `ebits` exponent bits and
    /// `fbits` fraction bits (float: 8, 23; double: 11, 52).
    pub fn from_ieee(bits: u64, ebits: u32, fbits: u32) -> F80 {
        let neg = (bits >> (ebits + fbits)) & 1 == 1;
        let emax = (1u64 << ebits) - 1;
        let exp = (bits >> fbits) & emax;
        let frac = bits & ((1u64 << fbits) - 1);
        let bias = (emax >> 1) as i32;
        if exp == emax {
            let x = if frac == 0 { F80::INF } else { F80::NAN };
            return F80 { neg, ..x };
        }
        let (m, e) = if exp == 0 {
            (frac, 1 - bias - fbits as i32)
        } else {
            (frac | 1 << fbits, exp as i32 - bias - fbits as i32)
        };
        round(neg, m as u128, e, false)
    }

    /// The value rounded to nearest-even into the IEEE format of
    /// [`F80::from_ieee`], as its bits (a NaN is the quiet one).
    pub fn to_ieee(self, ebits: u32, fbits: u32) -> u64 {
        let sign = (self.neg as u64) << (ebits + fbits);
        let emax = (1u64 << ebits) - 1;
        match self.kind {
            Kind::Zero => return sign,
            Kind::Inf => return sign | emax << fbits,
            Kind::Nan => return sign | emax << fbits | 1 << (fbits - 1),
            Kind::Finite => {}
        }
        round_ieee(self.neg, self.m as u128, self.e, false, ebits, fbits)
    }

    /// The x87 80-bit value (significand `m` with its explicit integer
    /// bit, sign and exponent `se`) as glibc's printf reads it: unnormals
    /// and pseudo-infinities are NaNs, and a pseudo-denormal's integer bit
    /// is ignored.
    pub fn from_x87(m: u64, se: u16) -> F80 {
        let neg = se >> 15 == 1;
        let exp = (se & 0x7fff) as i32;
        let int = m >> 63 == 1;
        let x = if exp == 0x7fff {
            if int && m << 1 == 0 {
                F80::INF
            } else {
                F80::NAN
            }
        } else if exp == 0 {
            round(false, (m << 1 >> 1) as u128, E_MIN, false)
        } else if !int {
            F80::NAN
        } else {
            F80 {
                neg,
                kind: Kind::Finite,
                m,
                e: exp - 16383 - 63,
            }
        };
        F80 { neg, ..x }
    }

    /// The value as u64 if it is a whole number that fits.
    pub fn to_u64(self) -> Option<u64> {
        match self.kind {
            Kind::Zero => Some(0),
            Kind::Finite if !self.neg && self.e <= 0 && self.e > -64 => {
                let sh = -self.e as u32;
                (self.m & ((1u64 << sh) - 1) == 0).then_some(self.m >> sh)
            }
            Kind::Finite if !self.neg && self.e <= 0 => None,
            _ => None,
        }
    }

    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn plus(self, o: F80) -> F80 {
        match (self.kind, o.kind) {
            (Kind::Nan, _) | (_, Kind::Nan) => F80::NAN,
            (Kind::Inf, Kind::Inf) if self.neg != o.neg => F80::NAN,
            (Kind::Inf, _) => self,
            (_, Kind::Inf) => o,
            (Kind::Zero, Kind::Zero) => F80 {
                neg: self.neg && o.neg,
                ..F80::ZERO
            },
            (Kind::Zero, _) => o,
            (_, Kind::Zero) => self,
            _ => {
                let (a, b) = if (self.e, self.m) >= (o.e, o.m) {
                    (self, o)
                } else {
                    (o, self)
                };
                // Both as 128-bit significands with the top bit at 126
                // (room for a carry), exponents e - 63.
                let x = (a.m as u128) << 63;
                let d = (a.e - b.e) as u32;
                let y = (b.m as u128) << 63;
                let y = if d >= 127 {
                    1 // only sticky
                } else {
                    (y >> d) | ((y & ((1u128 << d) - 1) != 0) as u128)
                };
                let e = a.e - 63;
                if a.neg == b.neg {
                    round(a.neg, x + y, e, false)
                } else {
                    let r = x - y;
                    if r == 0 {
                        return F80::ZERO;
                    }
                    round(a.neg, r, e, false)
                }
            }
        }
    }

    pub fn times(self, o: F80) -> F80 {
        let neg = self.neg != o.neg;
        match (self.kind, o.kind) {
            (Kind::Nan, _) | (_, Kind::Nan) => F80::NAN,
            (Kind::Inf, Kind::Zero) | (Kind::Zero, Kind::Inf) => F80::NAN,
            (Kind::Inf, _) | (_, Kind::Inf) => F80 { neg, ..F80::INF },
            (Kind::Zero, _) | (_, Kind::Zero) => F80 { neg, ..F80::ZERO },
            _ => round(neg, self.m as u128 * o.m as u128, self.e + o.e, false),
        }
    }

    /// `self / o`, rounded to nearest (finite, nonzero divisors; what
    /// gnulib's human_readable divides by).
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn divided(self, o: F80) -> F80 {
        let neg = self.neg != o.neg;
        match (self.kind, o.kind) {
            (Kind::Nan, _) | (_, Kind::Nan) => F80::NAN,
            (Kind::Inf, Kind::Inf) | (Kind::Zero, Kind::Zero) => F80::NAN,
            (Kind::Inf, _) | (_, Kind::Zero) => F80 { neg, ..F80::INF },
            (Kind::Zero, _) | (_, Kind::Inf) => F80 { neg, ..F80::ZERO },
            _ => {
                if o.m == 1 << 63 {
                    // A power of two: exact but for the range.
                    return round(neg, self.m as u128, self.e - o.e - 63, false);
                }
                // Two more quotient bits than 64: a rounding bit even
                // when self.m < o.m (the quotient then starts below 2^64).
                let d = o.m as u128;
                let x = (self.m as u128) << 64;
                let (q, r) = (x / d, x % d);
                // r < d: two more bits by at most three subtractions.
                let (mut q2, mut r2) = (0, r << 2);
                while r2 >= d {
                    r2 -= d;
                    q2 += 1;
                }
                round(neg, q << 2 | q2, self.e - 66 - o.e, r2 != 0)
            }
        }
    }

    /// The value with its fraction dropped (toward zero).
    pub fn trunc(self) -> F80 {
        if self.kind != Kind::Finite || self.e >= 0 {
            return self;
        }
        if self.e <= -64 {
            return F80 {
                neg: self.neg,
                ..F80::ZERO
            };
        }
        let m = self.m & !((1u64 << -self.e) - 1);
        if m == 0 {
            return F80 {
                neg: self.neg,
                ..F80::ZERO
            };
        }
        F80 { m, ..self }
    }

    /// IEEE comparison: None when either is a NaN.
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn partial_cmp(self, o: F80) -> Option<Ordering> {
        if self.is_nan() || o.is_nan() {
            return None;
        }
        let key = |x: F80| -> (i8, i32, u64) {
            match x.kind {
                Kind::Zero => (0, 0, 0),
                Kind::Inf => (if x.neg { -2 } else { 2 }, 0, 0),
                _ => (if x.neg { -1 } else { 1 }, x.e, x.m),
            }
        };
        let (a, b) = (key(self), key(o));
        Some(if a.0 != b.0 {
            a.0.cmp(&b.0)
        } else if a.0 < 0 {
            (b.1, b.2).cmp(&(a.1, a.2))
        } else {
            (a.1, a.2).cmp(&(b.1, b.2))
        })
    }

    pub fn lt(self, o: F80) -> bool {
        self.partial_cmp(o) == Some(Ordering::Less)
    }
    pub fn equals(self, o: F80) -> bool {
        self.partial_cmp(o) == Some(Ordering::Equal)
    }
}

/// Rounds `v * 2^e` (plus a sticky bit below `v`) to nearest-even.
#[cfg_attr(corebox_opt, optimize(speed))]
fn round(neg: bool, v: u128, e: i32, sticky: bool) -> F80 {
    if v == 0 {
        return F80 { neg, ..F80::ZERO };
    }
    let lz = v.leading_zeros();
    let mut v = v << lz;
    let mut e = e - lz as i32 + 64;
    let mut sticky = sticky;
    if e < E_MIN {
        // Below the normal range: a subnormal, fewer significant bits,
        // rounded once at its own last bit.
        let k = (E_MIN - e) as u32;
        sticky |= if k >= 128 {
            true
        } else {
            v & ((1u128 << k) - 1) != 0
        };
        v = if k >= 128 { 0 } else { v >> k };
        e = E_MIN;
    }
    let mut m = (v >> 64) as u64;
    let rest = v as u64;
    let half = 1u64 << 63;
    if rest > half || (rest == half && (sticky || m & 1 == 1)) {
        m = m.wrapping_add(1);
        if m == 0 {
            m = half;
            e += 1;
        }
    }
    if e > E_MAX {
        return F80 { neg, ..F80::INF };
    }
    if m == 0 {
        return F80 { neg, ..F80::ZERO };
    }
    F80 {
        neg,
        kind: Kind::Finite,
        m,
        e,
    }
}

/// A little arbitrary-precision unsigned integer (32-bit limbs, lowest
/// first) for exact conversions.
#[derive(Clone, Debug, Default)]
struct Big(Vec<u32>);

impl Big {
    fn from_u128(mut v: u128) -> Big {
        let mut b = Big(Vec::new());
        while v != 0 {
            b.0.push(v as u32);
            v >>= 32;
        }
        b
    }
    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }
    fn bits(&self) -> u32 {
        match self.0.last() {
            None => 0,
            Some(&top) => 32 * (self.0.len() as u32 - 1) + 32 - top.leading_zeros(),
        }
    }
    fn mul_add(&mut self, mul: u32, add: u32) {
        let mut carry = add as u64;
        for l in self.0.iter_mut() {
            let t = *l as u64 * mul as u64 + carry;
            *l = t as u32;
            carry = t >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }
    /// Divides by `d` in place; returns the remainder.
    fn div_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for l in self.0.iter_mut().rev() {
            let t = (rem << 32) | *l as u64;
            *l = (t / d as u64) as u32;
            rem = t % d as u64;
        }
        self.trim();
        rem as u32
    }
    fn shl(&self, n: u32) -> Big {
        let (words, bits) = ((n / 32) as usize, n % 32);
        let mut out = alloc::vec![0u32; words];
        let mut carry = 0u32;
        for &l in &self.0 {
            out.push((l << bits) | carry);
            carry = if bits == 0 { 0 } else { l >> (32 - bits) };
        }
        out.push(carry);
        let mut b = Big(out);
        b.trim();
        b
    }
    /// Bit `i`.
    fn bit(&self, i: u32) -> bool {
        self.0
            .get((i / 32) as usize)
            .is_some_and(|l| l >> (i % 32) & 1 == 1)
    }
    /// The bits from `lo` up (at most 128 of them), and whether any bit
    /// below `lo` is set.
    fn bits_from(&self, lo: u32) -> (u128, bool) {
        let mut v = 0u128;
        for i in (lo..self.bits()).rev() {
            v = v << 1 | self.bit(i) as u128;
        }
        let sticky = (0..lo.min(self.bits())).any(|i| self.bit(i));
        (v, sticky)
    }
    fn cmp(&self, o: &Big) -> Ordering {
        self.0
            .len()
            .cmp(&o.0.len())
            .then_with(|| self.0.iter().rev().cmp(o.0.iter().rev()))
    }
    fn sub(&mut self, o: &Big) {
        let mut borrow = 0i64;
        for (i, l) in self.0.iter_mut().enumerate() {
            let t = *l as i64 - o.0.get(i).copied().unwrap_or(0) as i64 - borrow;
            borrow = (t < 0) as i64;
            *l = t as u32;
        }
        self.trim();
    }
    fn pow(base: u32, n: u32) -> Big {
        let mut b = Big(alloc::vec![1]);
        for _ in 0..n {
            b.mul_add(base, 0);
        }
        b
    }
    /// The decimal digits (no leading zeros; empty for zero).
    fn decimal(&self) -> Vec<u8> {
        let mut b = self.clone();
        let mut out = Vec::new();
        while !b.is_zero() {
            let mut r = b.div_small(1_000_000_000);
            for _ in 0..9 {
                out.push(b'0' + (r % 10) as u8);
                r /= 10;
            }
        }
        while out.last() == Some(&b'0') {
            out.pop();
        }
        out.reverse();
        out
    }
}

/// `n * 2^e` as its top 128 bits `v * 2^e'` and whether any bit below
/// them is set.
fn big_parts(n: &Big, e: i32) -> (u128, i32, bool) {
    let bits = n.bits();
    if bits <= 128 {
        return (n.bits_from(0).0, e, false);
    }
    let lo = bits - 128;
    let (v, sticky) = n.bits_from(lo);
    (v, e.saturating_add(lo as i32), sticky)
}

/// Why a number could not be parsed (GNU's xstrtold: not all of the
/// string is a number, or the value overflows / underflows to nonzero).
#[derive(Debug, PartialEq, Eq)]
pub struct Invalid;

/// Parses the whole of `s` as strtold does (leading white space, a sign,
/// decimal or `0x` hex digits with exponents, `inf`, `infinity`, `nan`,
/// `nan(...)`); out of range is [`Invalid`] too.
pub fn parse(s: &[u8]) -> Result<F80, Invalid> {
    match parse_prefix(s) {
        Some((x, Range::No | Range::Zero, n)) if n == s.len() => Ok(x),
        _ => Err(Invalid),
    }
}

/// Whether strtold's result is out of range (errno ERANGE).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Range {
    No,
    /// Underflow to zero.
    Zero,
    /// Underflow to a nonzero subnormal.
    Subnormal,
    /// Overflow: the value is ±inf.
    Overflow,
}

/// strtold on the longest number at the start of `s`: None when there is
/// none (no conversion), else the value, whether it was out of range and
/// the bytes it took.
pub fn parse_prefix(s: &[u8]) -> Option<(F80, Range, usize)> {
    let (i, neg) = crate::num::space_and_sign(s);
    let rest = &s[i..];
    let lower = |n: usize| rest.get(..n).map(|p| p.to_ascii_lowercase());
    if lower(3).as_deref() == Some(b"inf") {
        let n = if lower(8).as_deref() == Some(b"infinity") {
            8
        } else {
            3
        };
        return Some((F80 { neg, ..F80::INF }, Range::No, i + n));
    }
    if lower(3).as_deref() == Some(b"nan") {
        let tail = &rest[3..];
        let inner = tail.get(1..).map_or(0, |t| {
            t.iter()
                .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
                .count()
        });
        let n = if tail.first() == Some(&b'(') && tail.get(1 + inner) == Some(&b')') {
            3 + inner + 2
        } else {
            3
        };
        return Some((F80 { neg, ..F80::NAN }, Range::No, i + n));
    }
    let hex = lower(2).as_deref() == Some(b"0x")
        && (rest.get(2).is_some_and(u8::is_ascii_hexdigit)
            || rest.get(2) == Some(&b'.') && rest.get(3).is_some_and(u8::is_ascii_hexdigit));
    let (x, r, n) = if hex {
        let (x, r, n) = parse_hex(neg, &rest[2..]);
        (x, r, n + 2)
    } else {
        parse_dec(neg, rest)?
    };
    Some((x, r, i + n))
}

/// The digits of a mantissa (radix 10 or 16) with an optional point:
/// (digit values, digits after the point, bytes used).
fn mantissa(s: &[u8], radix: u32) -> (Vec<u8>, i64, usize) {
    let (mut digits, mut frac, mut seen_point, mut i) = (Vec::new(), 0i64, false, 0);
    while i < s.len() {
        let c = s[i];
        if c == b'.' && !seen_point {
            seen_point = true;
        } else if let Some(d) = (c as char).to_digit(radix) {
            digits.push(d as u8);
            frac += seen_point as i64;
        } else {
            break;
        }
        i += 1;
    }
    (digits, frac, i)
}

/// An exponent after `e`/`p` at the start of `s`, if well formed:
/// (value, bytes used). Huge exponents saturate.
fn exponent(s: &[u8]) -> Option<(i64, usize)> {
    let mut i = 1;
    let mut neg = false;
    if let Some(&c @ (b'+' | b'-')) = s.get(1) {
        neg = c == b'-';
        i += 1;
    }
    let n = s[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    if n == 0 {
        return None;
    }
    let v = s[i..i + n].iter().fold(0i64, |v, &d| {
        v.saturating_mul(10).saturating_add((d - b'0') as i64)
    });
    Some((if neg { -v } else { v }, i + n))
}

fn parse_dec(neg: bool, s: &[u8]) -> Option<(F80, Range, usize)> {
    let (digits, frac, mut i) = mantissa(s, 10);
    if digits.is_empty() {
        return None;
    }
    let mut exp = -frac;
    if matches!(s.get(i), Some(b'e' | b'E')) {
        if let Some((e, n)) = exponent(&s[i..]) {
            exp = exp.saturating_add(e);
            i += n;
        }
    }
    let zero = F80 { neg, ..F80::ZERO };
    let first = digits.iter().position(|&d| d != 0);
    let Some(first) = first else {
        return Some((zero, Range::No, i));
    };
    let digits = &digits[first..];
    // The decimal exponent of the leading digit decides over/underflow.
    let lead = exp.saturating_add(digits.len() as i64);
    if lead > 4933 {
        return Some((F80 { neg, ..F80::INF }, Range::Overflow, i));
    }
    if lead < -4955 {
        return Some((zero, Range::Zero, i));
    }
    // Trailing zeros change nothing but the work (seq reads back what it
    // printed: `1.000...` with a huge precision).
    let tz = digits.iter().rev().take_while(|&&d| d == 0).count();
    let (digits, exp) = (&digits[..digits.len() - tz], exp.saturating_add(tz as i64));
    let (x, r) = dec_value(neg, digits, exp);
    Some((x, r, i))
}

/// The value of decimal `digits` times 10^exp as `v * 2^e` (v with at
/// least 66 significant bits) and whether a fraction of `v` was dropped.
fn dec_parts(digits: &[u8], exp: i64) -> (u128, i32, bool) {
    let mut n = Big::default();
    for &d in digits {
        n.mul_add(10, d as u32);
    }
    if exp >= 0 {
        for _ in 0..exp {
            n.mul_add(10, 0);
        }
        return big_parts(&n, 0);
    }
    let q = Big::pow(10, (-exp) as u32);
    // (n << s) / q with at least 66 significant bits, by long division.
    let s = (q.bits() + 66).saturating_sub(n.bits());
    let mut num = n.shl(s);
    let top = num.bits().saturating_sub(q.bits());
    let mut quot = 0u128;
    for k in (0..=top).rev() {
        let d = q.shl(k);
        quot <<= 1;
        if num.cmp(&d) != Ordering::Less {
            num.sub(&d);
            quot |= 1;
        }
    }
    (quot, -(s as i32), !num.is_zero())
}

/// strtof / strtod (`ebits`, `fbits` as in [`F80::from_ieee`]): the
/// number at the start of `s` rounded once to that format, as its bits.
pub fn parse_ieee(s: &[u8], ebits: u32, fbits: u32) -> Option<u64> {
    let (x, _, _) = parse_prefix(s)?;
    let (i, neg) = crate::num::space_and_sign(s);
    let rest = &s[i..];
    let (digits, frac, n) = mantissa(rest, 10);
    let first = digits.iter().position(|&d| d != 0);
    let hex = rest.len() > 1 && rest[..2].eq_ignore_ascii_case(b"0x");
    let Some(first) = first.filter(|_| x.is_finite() && !x.is_zero() && !hex) else {
        return Some(x.to_ieee(ebits, fbits));
    };
    let mut exp = -frac;
    if matches!(rest.get(n), Some(b'e' | b'E')) {
        if let Some((e, _)) = exponent(&rest[n..]) {
            exp = exp.saturating_add(e);
        }
    }
    let (v, e, sticky) = dec_parts(&digits[first..], exp);
    Some(round_ieee(neg, v, e, sticky, ebits, fbits))
}

/// Rounds `v * 2^e` (plus a sticky bit below `v`) to nearest-even in an
/// IEEE binary format: its bits.
fn round_ieee(neg: bool, v: u128, e: i32, sticky: bool, ebits: u32, fbits: u32) -> u64 {
    let sign = (neg as u64) << (ebits + fbits);
    let emax = (1u64 << ebits) - 1;
    if v == 0 {
        return sign;
    }
    let lz = v.leading_zeros();
    let v = v << lz;
    // The leading bit is worth 2^(e - lz + 127).
    let mut biased = (e as i64 - lz as i64 + 127 + (emax >> 1) as i64).min(1 << 20);
    let drop = 127 - fbits as i64 + (1 - biased).max(0);
    let (mut q, above, at_half) = if drop > 128 {
        (0, false, false)
    } else if drop == 128 {
        (0, v > 1 << 127 || sticky, v == 1 << 127 && !sticky)
    } else {
        let rest = v & ((1u128 << drop) - 1);
        let half = 1u128 << (drop - 1);
        (
            (v >> drop) as u64,
            rest > half || (rest == half && sticky),
            rest == half && !sticky,
        )
    };
    if above || (at_half && q & 1 == 1) {
        q += 1;
    }
    if biased < 1 {
        // A subnormal; rounding up to 2^fbits makes the least normal.
        return sign | q;
    }
    if q >> (fbits + 1) != 0 {
        q >>= 1;
        biased += 1;
    }
    if biased as u64 >= emax {
        return sign | emax << fbits;
    }
    sign | (biased as u64) << fbits | (q & ((1u64 << fbits) - 1))
}

/// The value of the decimal digits `digits` times 10^exp (no leading
/// zero); a subnormal result is inexact (ERANGE) in practice.
fn dec_value(neg: bool, digits: &[u8], exp: i64) -> (F80, Range) {
    let (v, e, sticky) = dec_parts(digits, exp);
    let x = round(neg, v, e, sticky);
    let r = match x.kind {
        Kind::Inf => Range::Overflow,
        Kind::Zero => Range::Zero,
        _ if x.m >> 63 == 0 => Range::Subnormal,
        _ => Range::No,
    };
    (x, r)
}

fn parse_hex(neg: bool, s: &[u8]) -> (F80, Range, usize) {
    let (digits, frac, mut i) = mantissa(s, 16);
    let mut exp: i64 = -4 * frac;
    if matches!(s.get(i), Some(b'p' | b'P')) {
        if let Some((e, n)) = exponent(&s[i..]) {
            exp = exp.saturating_add(e);
            i += n;
        }
    }
    let Some(first) = digits.iter().position(|&d| d != 0) else {
        return (F80 { neg, ..F80::ZERO }, Range::No, i);
    };
    let digits = &digits[first..];
    let (mut v, mut sticky) = (0u128, false);
    let mut dropped = 0i64;
    for &d in digits {
        if v >> 120 == 0 {
            v = v << 4 | d as u128;
        } else {
            sticky |= d != 0;
            dropped += 4;
        }
    }
    let e = exp.saturating_add(dropped);
    let e = e.clamp(-100_000, 100_000) as i32;
    let x = round(neg, v, e, sticky);
    // glibc reports underflow (ERANGE) for a tiny result only when it is
    // inexact: every bit at or above the smallest subnormal's is exact.
    let exact = !sticky && e as i64 + v.trailing_zeros() as i64 >= E_MIN as i64;
    let r = match x.kind {
        Kind::Inf => Range::Overflow,
        Kind::Zero => Range::Zero,
        _ if x.m >> 63 == 0 && !exact => Range::Subnormal,
        _ => Range::No,
    };
    (x, r, i)
}

/// A printf conversion for one floating-point argument.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Spec {
    pub left: bool,
    pub plus: bool,
    pub space: bool,
    pub alt: bool,
    pub zero: bool,
    pub width: usize,
    pub precision: Option<usize>,
    /// One of `f F e E g G a A`.
    pub conv: u8,
}

impl Spec {
    /// `%C` (`conv`) with no flags, width or precision.
    pub const fn plain(conv: u8) -> Spec {
        Spec {
            left: false,
            plus: false,
            space: false,
            alt: false,
            zero: false,
            width: 0,
            precision: None,
            conv,
        }
    }
}

/// The exact decimal expansion of a finite nonnegative value: integer
/// digits, then fraction digits produced one at a time.
struct Digits {
    int: Vec<u8>,
    frac: Frac,
}

enum Frac {
    /// Fraction `f / 2^k`, k <= 124.
    Small(u128, u32),
    /// Fraction `f / 2^k` for larger k.
    Big(Big, u32),
    /// Fraction `f / unit`, unit a power of ten.
    Dec(u64, u64),
}

impl Digits {
    fn new(m: u64, e: i32) -> Digits {
        if e >= 0 {
            let int = if e <= 64 {
                let mut tmp = Vec::new();
                let mut v = (m as u128) << e;
                while v != 0 {
                    tmp.push(b'0' + (v % 10) as u8);
                    v /= 10;
                }
                tmp.reverse();
                tmp
            } else {
                Big::from_u128(m as u128).shl(e as u32).decimal()
            };
            return Digits {
                int,
                frac: Frac::Small(0, 0),
            };
        }
        let k = (-e) as u32;
        let (int, f) = if k < 64 {
            (m >> k, m & ((1u64 << k) - 1))
        } else {
            (0, m)
        };
        let mut digits = Vec::new();
        let mut v = int;
        while v != 0 {
            digits.push(b'0' + (v % 10) as u8);
            v /= 10;
        }
        digits.reverse();
        let frac = if k <= 124 {
            Frac::Small(f as u128, k)
        } else {
            Frac::Big(Big::from_u128(f as u128), k)
        };
        Digits { int: digits, frac }
    }

    fn next_frac(&mut self) -> u8 {
        match &mut self.frac {
            Frac::Dec(f, unit) => {
                *f *= 10;
                let d = (*f / *unit) as u8;
                *f %= *unit;
                b'0' + d
            }
            Frac::Small(f, k) => {
                if *k == 0 {
                    return b'0';
                }
                *f *= 10;
                let d = (*f >> *k) as u8;
                *f &= (1u128 << *k) - 1;
                b'0' + d
            }
            Frac::Big(f, k) => {
                f.mul_add(10, 0);
                let mut d = 0u8;
                for i in 0..4 {
                    if f.bit(*k + i) {
                        d |= 1 << i;
                    }
                }
                // Clear the bits from k up.
                let keep = (*k / 32) as usize;
                f.0.truncate(keep + 1);
                if let Some(l) = f.0.get_mut(keep) {
                    *l &= (1u32 << (*k % 32)) - 1;
                }
                f.trim();
                b'0' + d
            }
        }
    }

    fn frac_is_zero(&self) -> bool {
        match &self.frac {
            Frac::Small(f, _) => *f == 0,
            Frac::Big(f, _) => f.is_zero(),
            Frac::Dec(f, _) => *f == 0,
        }
    }
}

/// Rounds the digit string `d` (which is followed by `next` and a
/// nonzero rest when `more`) half to even; returns true when a carry came
/// out of the first digit (the string is then all zeros).
fn round_digits(d: &mut [u8], next: u8, more: bool) -> bool {
    let last_odd = d.last().is_some_and(|c| (c - b'0') % 2 == 1);
    let up = next > b'5' || (next == b'5' && (more || last_odd));
    if !up {
        return false;
    }
    for c in d.iter_mut().rev() {
        if *c == b'9' {
            *c = b'0';
        } else {
            *c += 1;
            return false;
        }
    }
    true
}

/// `%.Pf` digits of |x|: the text before padding and sign.
fn fixed(x: &mut Digits, prec: usize, alt: bool, out: &mut Vec<u8>) {
    let mut d = x.int.clone();
    if d.is_empty() {
        d.push(b'0');
    }
    for _ in 0..prec {
        d.push(x.next_frac());
    }
    let next = x.next_frac();
    let more = !x.frac_is_zero();
    if round_digits(&mut d, next, more) {
        d.insert(0, b'1');
    }
    out.extend_from_slice(&d[..d.len() - prec]);
    if prec > 0 || alt {
        out.push(b'.');
    }
    out.extend_from_slice(&d[d.len() - prec..]);
}

/// `%.Pe` of |x| (not zero): the significant digits (1 + prec) and the
/// decimal exponent.
#[cfg_attr(corebox_opt, optimize(speed))]
fn scientific(x: &mut Digits, prec: usize) -> (Vec<u8>, i32) {
    let int = core::mem::take(&mut x.int);
    let first = int.iter().position(|&c| c != b'0');
    let (mut exp, mut k) = match first {
        Some(f) => ((int.len() - f) as i32 - 1, f),
        None => (-1, int.len()),
    };
    let mut next = |x: &mut Digits| match int.get(k) {
        Some(&c) => {
            k += 1;
            c
        }
        None => x.next_frac(),
    };
    let mut d: Vec<u8> = Vec::with_capacity(prec + 2);
    if first.is_none() {
        loop {
            let c = next(x);
            if c != b'0' {
                d.push(c);
                break;
            }
            exp -= 1;
        }
    }
    while d.len() < prec + 1 {
        d.push(next(x));
    }
    let after = next(x);
    let more = int[k.min(int.len())..].iter().any(|&c| c != b'0') || !x.frac_is_zero();
    if round_digits(&mut d, after, more) {
        d.insert(0, b'1');
        d.pop();
        exp += 1;
    }
    (d, exp)
}

fn push_exp(out: &mut Vec<u8>, e: i32, letter: u8, min_digits: usize) {
    out.push(letter);
    out.push(if e < 0 { b'-' } else { b'+' });
    let mut tmp = [0u8; 20];
    let s = crate::digits::u64_dec(e.unsigned_abs() as u64, &mut tmp);
    for _ in s.len()..min_digits {
        out.push(b'0');
    }
    out.extend_from_slice(s);
}

/// `%a` of |x|: glibc prints the long double significand with its top
/// four bits as the leading hex digit.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn hex(x: F80, prec: Option<usize>, alt: bool, upper: bool, out: &mut Vec<u8>) {
    let digits = if upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    let zero = x.kind == Kind::Zero;
    let (mut lead, mut frac, mut exp) = if zero {
        (0, 0, 0)
    } else {
        (x.m >> 60, x.m << 4 >> 4, x.e + 60)
    };
    // frac holds 15 nibbles (60 bits).
    let n = match prec {
        Some(p) if p < 15 => {
            let drop = 60 - 4 * p as u32;
            let rem = frac & ((1u64 << drop) - 1);
            let half = 1u64 << (drop - 1);
            let mut kept = (lead << (4 * p)) | (frac >> drop);
            if rem > half || (rem == half && kept & 1 == 1) {
                kept += 1;
            }
            lead = kept >> (4 * p);
            if lead == 16 {
                lead = 1;
                exp += 4;
            }
            frac = (kept << drop) & ((1u64 << 60) - 1);
            p
        }
        Some(p) => p,
        None if frac == 0 => 0,
        None => 15 - (frac.trailing_zeros() / 4) as usize,
    };
    out.extend_from_slice(if upper { b"0X" } else { b"0x" });
    out.push(digits[lead as usize]);
    if n > 0 || alt {
        out.push(b'.');
    }
    for i in 0..n {
        let nib = if i < 15 {
            (frac >> (56 - 4 * i)) & 15
        } else {
            0
        };
        out.push(digits[nib as usize]);
    }
    push_exp(out, exp, if upper { b'P' } else { b'p' }, 1);
}

/// The `%f %e %g` text of the exact decimal expansion `d` (without sign).
#[cfg_attr(corebox_opt, optimize(speed))]
fn digits_body(d: &mut Digits, zero: bool, spec: &Spec, body: &mut Vec<u8>) {
    let upper = spec.conv.is_ascii_uppercase();
    let conv = spec.conv.to_ascii_lowercase();
    let e_letter = if upper { b'E' } else { b'e' };
    match conv {
        b'f' => fixed(d, spec.precision.unwrap_or(6), spec.alt, body),
        b'e' => {
            let p = spec.precision.unwrap_or(6);
            let (digits, exp) = if zero {
                (alloc::vec![b'0'; p + 1], 0)
            } else {
                scientific(d, p)
            };
            body.push(digits[0]);
            if p > 0 || spec.alt {
                body.push(b'.');
            }
            body.extend_from_slice(&digits[1..]);
            push_exp(body, exp, e_letter, 2);
        }
        _ => {
            let p = match spec.precision {
                Some(0) => 1,
                Some(p) => p,
                None => 6,
            };
            let (digits, exp) = if zero {
                (alloc::vec![b'0'; p], 0)
            } else {
                scientific(d, p - 1)
            };
            if exp < -4 || exp >= p as i32 {
                body.push(digits[0]);
                let mut frac = &digits[1..];
                if !spec.alt {
                    while let [rest @ .., b'0'] = frac {
                        frac = rest;
                    }
                }
                if !frac.is_empty() || spec.alt {
                    body.push(b'.');
                }
                body.extend_from_slice(frac);
                push_exp(body, exp, e_letter, 2);
            } else {
                // Fixed notation with p - 1 - exp decimals: the digits
                // are those already rounded.
                let decimals = (p as i32 - 1 - exp) as usize;
                if exp >= 0 {
                    let int_len = exp as usize + 1;
                    body.extend_from_slice(&digits[..int_len]);
                    let mut frac = &digits[int_len..];
                    if !spec.alt {
                        while let [rest @ .., b'0'] = frac {
                            frac = rest;
                        }
                    }
                    if !frac.is_empty() || spec.alt {
                        body.push(b'.');
                    }
                    body.extend_from_slice(frac);
                } else {
                    body.push(b'0');
                    let mut frac = Vec::with_capacity(decimals);
                    frac.resize((-exp - 1) as usize, b'0');
                    frac.extend_from_slice(&digits);
                    let mut f = &frac[..];
                    if !spec.alt {
                        while let [rest @ .., b'0'] = f {
                            f = rest;
                        }
                    }
                    if !f.is_empty() || spec.alt {
                        body.push(b'.');
                    }
                    body.extend_from_slice(f);
                }
            }
        }
    }
}

/// Formats the exact decimal `n / 10^scale` (scale <= 18) with a `%f
/// %e %g` spec, rounding half to even on the exact value.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn format_decimal(out: &mut Vec<u8>, neg: bool, n: u64, scale: u32, spec: &Spec) {
    let unit = 10u64.pow(scale.min(18));
    let mut int = Vec::new();
    let mut v = n / unit;
    while v != 0 {
        int.push(b'0' + (v % 10) as u8);
        v /= 10;
    }
    int.reverse();
    let mut d = Digits {
        int,
        frac: Frac::Dec(n % unit, unit),
    };
    let mut body = Vec::with_capacity(32);
    digits_body(&mut d, n == 0, spec, &mut body);
    finish(out, neg, &body, spec, false);
}

/// Formats `x` as printf's `spec` would, appending to `out`.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn format(out: &mut Vec<u8>, x: F80, spec: &Spec) {
    let b = body(x, spec);
    let mut text = b.text;
    if b.zeros > 0 {
        let tail = text.split_off(b.zeros_at);
        text.resize(b.zeros_at + b.zeros, b'0');
        text.extend_from_slice(&tail);
    }
    let hex = x.is_finite() && spec.conv.eq_ignore_ascii_case(&b'a');
    finish(out, x.neg, &text, spec, hex);
}

/// Digits past this many after the point (or significant ones) are zeros
/// for every long double: the exact expansion is shorter.
const EXACT: usize = 16_500;

/// The text of a conversion without sign and padding: `zeros` more `0`s
/// belong at `zeros_at` (a huge precision costs no memory).
pub struct Body {
    pub text: Vec<u8>,
    pub zeros_at: usize,
    pub zeros: usize,
}

/// The digits, point and exponent of `x` under `spec` (no sign, no width).
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn body(x: F80, spec: &Spec) -> Body {
    let upper = spec.conv.is_ascii_uppercase();
    let conv = spec.conv.to_ascii_lowercase();
    let extra = spec.precision.map_or(0, |p| p.saturating_sub(EXACT));
    let spec = &Spec {
        precision: spec.precision.map(|p| p.min(EXACT)),
        ..*spec
    };
    let mut text = Vec::with_capacity(32);
    let finite = x.is_finite();
    if !finite {
        text.extend_from_slice(match (x.kind == Kind::Nan, upper) {
            (true, false) => b"nan",
            (true, true) => b"NAN",
            (false, false) => b"inf",
            (false, true) => b"INF",
        });
    } else if conv == b'a' {
        hex(x, spec.precision, spec.alt, upper, &mut text);
    } else {
        let mut d = if x.kind == Kind::Zero {
            Digits::new(0, 0)
        } else {
            Digits::new(x.m, x.e)
        };
        digits_body(&mut d, x.kind == Kind::Zero, spec, &mut text);
    }
    // The zeros past EXACT go before the exponent (after the digits);
    // %g without # drops trailing zeros anyway.
    let zeros = if !finite || (conv == b'g' && !spec.alt) {
        0
    } else {
        extra
    };
    let find = |letter: u8| text.iter().rposition(|c| c.to_ascii_lowercase() == letter);
    let zeros_at = match conv {
        b'f' => None,
        // Hex digits may be e: the exponent is the `p`.
        b'a' => find(b'p'),
        _ => find(b'e'),
    }
    .unwrap_or(text.len());
    Body {
        text,
        zeros_at,
        zeros,
    }
}

/// Appends `body` (digits, point, exponent: no sign) with the sign and
/// the padding of `spec`; `hex` puts zero padding after the `0x`.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn finish(out: &mut Vec<u8>, neg: bool, body: &[u8], spec: &Spec, hex: bool) {
    let sign: &[u8] = if neg {
        b"-"
    } else if spec.plus {
        b"+"
    } else if spec.space {
        b" "
    } else {
        b""
    };
    let finite = body.first().is_some_and(u8::is_ascii_digit);
    let pad = spec.width.saturating_sub(sign.len() + body.len());
    if spec.left {
        out.extend_from_slice(sign);
        out.extend_from_slice(body);
        out.resize(out.len() + pad, b' ');
    } else if spec.zero && finite {
        out.extend_from_slice(sign);
        let skip = if hex { 2 } else { 0 };
        out.extend_from_slice(&body[..skip]);
        out.resize(out.len() + pad, b'0');
        out.extend_from_slice(&body[skip..]);
    } else {
        out.resize(out.len() + pad, b' ');
        out.extend_from_slice(sign);
        out.extend_from_slice(body);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(spec: &str, v: &str) -> String {
        let x = parse_prefix(v.as_bytes()).unwrap().0;
        let s = spec.as_bytes();
        let mut sp = Spec {
            conv: *s.last().unwrap(),
            ..Spec::default()
        };
        let mut i = 1;
        while let Some(&c) = s.get(i) {
            match c {
                b'-' => sp.left = true,
                b'+' => sp.plus = true,
                b' ' => sp.space = true,
                b'#' => sp.alt = true,
                b'0' => sp.zero = true,
                _ => break,
            }
            i += 1;
        }
        while s[i].is_ascii_digit() {
            sp.width = sp.width * 10 + (s[i] - b'0') as usize;
            i += 1;
        }
        if s[i] == b'.' {
            i += 1;
            let mut p = 0;
            while s[i].is_ascii_digit() {
                p = p * 10 + (s[i] - b'0') as usize;
                i += 1;
            }
            sp.precision = Some(p);
        }
        let mut out = Vec::new();
        format(&mut out, x, &sp);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn ieee_round_trips() {
        for bits in [
            0u64,
            1,
            0x7f7f_ffff,
            0x0080_0000,
            0x3f80_0001,
            0x8000_0001,
            0x7f80_0000,
        ] {
            assert_eq!(F80::from_ieee(bits, 8, 23).to_ieee(8, 23), bits);
        }
        for bits in [
            1u64,
            0x7fef_ffff_ffff_ffff,
            0x3ff0_0000_0000_0001,
            0x000f_ffff_ffff_ffff,
        ] {
            assert_eq!(F80::from_ieee(bits, 11, 52).to_ieee(11, 52), bits);
        }
        // 1 + 2^-24 ties to even (1.0); 1 + 3 * 2^-24 rounds up.
        let x = parse(b"1.000000059604644775390625").unwrap();
        assert_eq!(x.to_ieee(8, 23), 0x3f80_0000);
        let x = parse(b"1.000000178813934326171875").unwrap();
        assert_eq!(x.to_ieee(8, 23), 0x3f80_0002);
        assert_eq!(parse(b"1e39").unwrap().to_ieee(8, 23), 0x7f80_0000);
        assert_eq!(parse(b"1e-50").unwrap().to_ieee(8, 23), 0);
        // Rounded once: through a long double this would tie to even.
        let d = b"1.262007601171479e+45";
        assert_eq!(parse_ieee(d, 11, 52), Some(0x494c_4b91_81e1_05d5));
        assert_eq!(parse_ieee(b"1.4e-45", 8, 23), Some(1));
        assert_eq!(parse_ieee(b"-inf", 8, 23), Some(0xff80_0000));
        // Division keeps a rounding bit when the dividend's significand
        // is the smaller: 9.3e18 / 1e18 rounds up to 9.3 + 2^-62.
        let q = F80::from_u64(9_300_000_000_000_000_000)
            .divided(F80::from_u64(1_000_000_000_000_000_000));
        assert!(q.equals(parse(b"9.3000000000000000001734723475976807").unwrap()));
        assert_eq!(f("%g", "1"), "1");
        let x = F80::from_x87(1 << 63, 0x3fff);
        assert!(x.equals(F80::ONE));
        assert!(F80::from_x87(1, 0x3fff).is_nan());
        assert!(F80::from_x87(0, 0xffff).is_nan());
        assert!(F80::from_x87(1 << 63, 0xffff).is_negative());
    }

    #[test]
    fn formats_like_glibc_long_double() {
        // Expected values from GNU seq -f (glibc printf of long double).
        let cases = [
            ("%a", "0.1", "0xc.ccccccccccccccdp-7"),
            ("%a", "1", "0x8p-3"),
            ("%a", "0", "0x0p+0"),
            ("%a", "-123456789.123", "-0xe.b79a2a3ef9db22dp+23"),
            ("%a", "1e300", "0xb.f21e44003acdd2dp+993"),
            ("%.3a", "0.1", "0xc.ccdp-7"),
            ("%.3a", "1", "0x8.000p-3"),
            ("%.3a", "0", "0x0.000p+0"),
            ("%.3a", "-123456789.123", "-0xe.b7ap+23"),
            ("%A", "0.1", "0XC.CCCCCCCCCCCCCCDP-7"),
            ("%.0a", "0.1", "0xdp-7"),
            ("%.0a", "-123456789.123", "-0xfp+23"),
            ("%.0a", "1e300", "0xcp+993"),
            ("%#a", "1", "0x8.p-3"),
            ("%10.2e", "0.1", "  1.00e-01"),
            ("%10.2e", "-123456789.123", " -1.23e+08"),
            ("%-10.3g", "0.1", "0.1       "),
            ("%-10.3g", "-123456789.123", "-1.23e+08 "),
            ("%+g", "0", "+0"),
            ("% g", "1", " 1"),
            ("%#g", "0.1", "0.100000"),
            ("%#g", "1", "1.00000"),
            ("%#g", "0", "0.00000"),
            ("%#g", "1e300", "1.00000e+300"),
            ("%#.0f", "0.1", "0."),
            ("%#.0f", "1e300", "1000000000000000000008997324079559193870523944273290747938260082321265646596180935755849152083750497190350372508614274835903592556184672983913096260520748646287327135641843653294084255107606016789726652932370030551382947620994540294772781889620606179267611627097410650567187386105690089424915104006144."),
            ("%e", "-123456789.123", "-1.234568e+08"),
            ("%E", "0", "0.000000E+00"),
            ("%G", "1e300", "1E+300"),
            ("%.0e", "0.1", "1e-01"),
            ("%#.0e", "1", "1.e+00"),
            ("%.20g", "0.1", "0.1"),
            ("%.20g", "-123456789.123", "-123456789.123"),
            ("%.30f", "0.1", "0.100000000000000000001355252716"),
            ("%.30f", "-123456789.123", "-123456789.122999999999592546373605728149"),
            ("%010.3f", "0.1", "000000.100"),
            ("%-010.3f", "0.1", "0.100     "),
            ("%F", "-123456789.123", "-123456789.123000"),
            ("%g", "100000", "100000"),
            ("%g", "1000000", "1e+06"),
            ("%g", "0.0001", "0.0001"),
            ("%g", "0.00001", "1e-05"),
            ("%g", "999999.5", "1e+06"),
            ("%.3f", "0.0005", "0.000"),
            ("%.0f", "0.5", "0"),
            ("%.0f", "1.5", "2"),
            ("%.0f", "2.5", "2"),
            ("%g", "inf", "inf"),
            ("%010g", "-inf", "      -inf"),
            ("%G", "nan", "NAN"),
            ("%g", "1e-300", "1e-300"),
            // Subnormals, as glibc prints them.
            ("%g", "1e-4940", "1e-4940"),
            ("%a", "1e-4940", "0x0.000000663278e62p-16385"),
            ("%.25e", "1e-4940", "9.9999999999605325200118565e-4941"),
            ("%a", "3.6e-4951", "0x0.000000000000001p-16385"),
            ("%.25e", "-2e-4945", "-2.0000006915593616927454529e-4945"),
            ("%a", "-2e-4945", "-0x0.000000000085f3bp-16385"),
            ("%g", "0x1p-16440", "1.16646e-4949"),
            ("%a", "0x1p-16440", "0x0.00000000000002p-16385"),
            ("%a", "3.3621031431120935062e-4932", "0x8p-16385"),
            ("%.16502f", "0.5", &("0.5".to_string() + &"0".repeat(16501))),
            ("%.16502e", "-2", &("-2.".to_string() + &"0".repeat(16502) + "e+00")),
            ("%#.16502g", "2", &("2.".to_string() + &"0".repeat(16501))),
            ("%.16502g", "2", "2"),
            ("%.16502a", "1", &("0x8.".to_string() + &"0".repeat(16502) + "p-3")),
            ("%.16502f", "inf", "inf"),
        ];
        for (spec, v, want) in cases {
            assert_eq!(f(spec, v), want, "{spec} {v}");
        }
    }

    #[test]
    fn parses_like_strtold() {
        assert!(parse(b"1e5000").is_err());
        assert!(parse(b"x").is_err());
        assert!(parse(b"1.5x").is_err());
        assert!(parse(b"").is_err());
        assert!(parse(b".").is_err());
        assert!(parse(b"0x").is_err());
        assert!(parse(b" +1").is_ok());
        assert!(parse(b"1e").is_err());
        assert!(parse(b"nan(abc)").unwrap().is_nan());
        assert!(parse(b"-INFINITY").unwrap().lt(F80::ZERO));
        assert!(parse(b"1e-99999").unwrap().is_zero());
        assert!(parse(b"0x1p3").unwrap().equals(F80::from_u64(8)));
        assert!(parse(b"0x.8")
            .unwrap()
            .times(F80::from_u64(2))
            .equals(F80::ONE));
        assert!(parse(b"1.").unwrap().equals(F80::ONE));
        let n = |s: &[u8]| parse_prefix(s).map(|(_, r, n)| (r == Range::No, n));
        assert_eq!(n(b"1.5x"), Some((true, 3)));
        assert_eq!(n(b" infinit"), Some((true, 4)));
        assert_eq!(n(b"nan(ab"), Some((true, 3)));
        assert_eq!(n(b"-nan(a_1)x"), Some((true, 9)));
        assert_eq!(n(b"0x"), Some((true, 1)));
        assert_eq!(n(b"0x1p"), Some((true, 3)));
        assert_eq!(n(b"1e+"), Some((true, 1)));
        assert_eq!(n(b"1e5000"), Some((false, 6)));
        let long = format!("1.{}", "0".repeat(300_000));
        assert!(parse(long.as_bytes()).unwrap().equals(F80::ONE));
        let sub = |v: &str| parse_prefix(v.as_bytes()).map(|(x, r, _)| (x.is_zero(), r));
        assert_eq!(sub("1e-4940"), Some((false, Range::Subnormal)));
        assert_eq!(sub("1.8e-4951"), Some((true, Range::Zero)));
        assert_eq!(sub("0x1p-16440"), Some((false, Range::No)));
        assert_eq!(sub("3.3621031431120935062e-4932"), Some((false, Range::No)));
        assert_eq!(n(b"-1e-5000"), Some((false, 8)));
        assert_eq!(n(b".e1"), None);
        assert_eq!(n(b"+"), None);
        assert!(parse(b".5e1").unwrap().equals(F80::from_u64(5)));
        let tenth = parse(b"0.1").unwrap();
        let three = tenth.plus(tenth).plus(tenth);
        assert!(!three.equals(parse(b"0.3").unwrap()) || three.equals(parse(b"0.3").unwrap()));
        assert_eq!(F80::from_u64(7).to_u64(), Some(7));
        assert!(F80::from_u64(5)
            .plus(F80::from_u64(3).negated())
            .equals(F80::from_u64(2)));
    }
}
