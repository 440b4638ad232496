//! Signed integers of any size, as expr computes with GMP: decimal in and
//! out, `+ - *`, and division truncated toward zero (mpz_tdiv_q/_r).

use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

/// A signed integer: magnitude in base 2^32 limbs, least significant
/// first, without high zero limbs (zero is empty and never negative).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Int {
    neg: bool,
    mag: Vec<u32>,
}

fn trim(v: &mut Vec<u32>) {
    while v.last() == Some(&0) {
        v.pop();
    }
}

fn cmp_mag(a: &[u32], b: &[u32]) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

fn add_mag(a: &[u32], b: &[u32]) -> Vec<u32> {
    let (a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut out = Vec::with_capacity(a.len() + 1);
    let mut carry = 0u64;
    for (i, &x) in a.iter().enumerate() {
        let s = x as u64 + *b.get(i).unwrap_or(&0) as u64 + carry;
        out.push(s as u32);
        carry = s >> 32;
    }
    if carry != 0 {
        out.push(carry as u32);
    }
    out
}

/// a - b for |a| >= |b|.
fn sub_mag(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(a.len());
    let mut borrow = 0i64;
    for (i, &x) in a.iter().enumerate() {
        let mut d = x as i64 - *b.get(i).unwrap_or(&0) as i64 - borrow;
        borrow = (d < 0) as i64;
        if d < 0 {
            d += 1 << 32;
        }
        out.push(d as u32);
    }
    trim(&mut out);
    out
}

fn mul_mag(a: &[u32], b: &[u32]) -> Vec<u32> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut out = vec![0u32; a.len() + b.len()];
    for (i, &x) in a.iter().enumerate() {
        let mut carry = 0u64;
        for (j, &y) in b.iter().enumerate() {
            let t = out[i + j] as u64 + x as u64 * y as u64 + carry;
            out[i + j] = t as u32;
            carry = t >> 32;
        }
        out[i + b.len()] = carry as u32;
    }
    trim(&mut out);
    out
}

/// |a| / d and |a| % d for one limb d (nonzero).
fn divmod_small(a: &[u32], d: u32) -> (Vec<u32>, u32) {
    let mut q = vec![0u32; a.len()];
    let mut r = 0u64;
    for i in (0..a.len()).rev() {
        let cur = (r << 32) | a[i] as u64;
        q[i] = (cur / d as u64) as u32;
        r = cur % d as u64;
    }
    trim(&mut q);
    (q, r as u32)
}

/// Knuth's algorithm D: |a| / |b| and |a| % |b| (b has two limbs or more).
fn divmod_mag(a: &[u32], b: &[u32]) -> (Vec<u32>, Vec<u32>) {
    if cmp_mag(a, b) == Ordering::Less {
        return (Vec::new(), a.to_vec());
    }
    let s = b[b.len() - 1].leading_zeros();
    let shl = |v: &[u32], extra: bool| {
        let mut o: Vec<u32> = Vec::with_capacity(v.len() + 1);
        let mut carry = 0u32;
        for &x in v {
            o.push(if s == 0 { x } else { (x << s) | carry });
            carry = if s == 0 { 0 } else { x >> (32 - s) };
        }
        if extra {
            o.push(carry);
        }
        o
    };
    let v = shl(b, false);
    let mut u = shl(a, true);
    let (n, m) = (v.len(), a.len() - b.len());
    let mut q = vec![0u32; m + 1];
    let (vt, vs) = (v[n - 1] as u64, v[n - 2] as u64);
    for j in (0..=m).rev() {
        let num = ((u[j + n] as u64) << 32) | u[j + n - 1] as u64;
        let mut qhat = num / vt;
        let mut rhat = num % vt;
        while qhat >= 1 << 32 || qhat * vs > ((rhat << 32) | u[j + n - 2] as u64) {
            qhat -= 1;
            rhat += vt;
            if rhat >= 1 << 32 {
                break;
            }
        }
        let mut borrow = 0i64;
        let mut carry = 0u64;
        for i in 0..n {
            let p = qhat * v[i] as u64 + carry;
            carry = p >> 32;
            let t = u[i + j] as i64 - borrow - (p & 0xffff_ffff) as i64;
            u[i + j] = t as u32;
            borrow = (t < 0) as i64;
        }
        let t = u[j + n] as i64 - borrow - carry as i64;
        u[j + n] = t as u32;
        if t < 0 {
            qhat -= 1;
            let mut c = 0u64;
            for i in 0..n {
                let s2 = u[i + j] as u64 + v[i] as u64 + c;
                u[i + j] = s2 as u32;
                c = s2 >> 32;
            }
            u[j + n] = u[j + n].wrapping_add(c as u32);
        }
        q[j] = qhat as u32;
    }
    trim(&mut q);
    let mut r: Vec<u32> = (0..n)
        .map(|i| {
            if s == 0 {
                u[i]
            } else {
                (u[i] >> s) | (u[i + 1] << (32 - s))
            }
        })
        .collect();
    trim(&mut r);
    (q, r)
}

impl Int {
    fn new(neg: bool, mut mag: Vec<u32>) -> Int {
        trim(&mut mag);
        Int {
            neg: neg && !mag.is_empty(),
            mag,
        }
    }

    pub fn from_u64(n: u64) -> Int {
        Int::new(false, vec![n as u32, (n >> 32) as u32])
    }

    /// An optional `-` and decimal digits (nothing else), as mpz_set_str
    /// in base 10 takes what expr's looks_like_integer let through.
    pub fn parse(s: &[u8]) -> Option<Int> {
        let (neg, digits) = match s.strip_prefix(b"-") {
            Some(d) => (true, d),
            None => (false, s),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let mut mag: Vec<u32> = Vec::new();
        for chunk in digits.chunks(9) {
            let (mul, add) = chunk.iter().fold((1u64, 0u64), |(m, a), &d| {
                (m * 10, a * 10 + (d - b'0') as u64)
            });
            let mut carry = add;
            for limb in mag.iter_mut() {
                let t = *limb as u64 * mul + carry;
                *limb = t as u32;
                carry = t >> 32;
            }
            if carry != 0 {
                mag.push(carry as u32);
            }
        }
        Some(Int::new(neg, mag))
    }

    /// The non-negative integer of base 2^32 limbs, least significant
    /// first.
    pub fn from_mag(mag: Vec<u32>) -> Int {
        Int::new(false, mag)
    }

    /// The magnitude's base 2^32 limbs, least significant first, without
    /// high zero limbs.
    pub fn mag(&self) -> &[u32] {
        &self.mag
    }

    pub fn from_u128(n: u128) -> Int {
        Int::new(false, (0..4).map(|i| (n >> (32 * i)) as u32).collect())
    }

    /// The value if it fits in a u128 (and is not negative).
    pub fn to_u128(&self) -> Option<u128> {
        if self.neg || self.mag.len() > 4 {
            return None;
        }
        Some(self.mag.iter().rev().fold(0, |v, &l| v << 32 | l as u128))
    }

    /// The number of significant bits of the magnitude.
    pub fn bit_len(&self) -> u32 {
        self.mag
            .last()
            .map_or(0, |&top| 32 * self.mag.len() as u32 - top.leading_zeros())
    }

    /// Bit `i` of the magnitude.
    pub fn bit(&self, i: u32) -> bool {
        self.mag
            .get(i as usize / 32)
            .is_some_and(|&l| l >> (i % 32) & 1 == 1)
    }

    pub fn is_zero(&self) -> bool {
        self.mag.is_empty()
    }

    pub fn is_negative(&self) -> bool {
        self.neg
    }

    /// The value if it fits in a u64 (and is not negative).
    pub fn to_u64(&self) -> Option<u64> {
        if self.neg || self.mag.len() > 2 {
            return None;
        }
        Some(self.mag.iter().rev().fold(0u64, |v, &l| v << 32 | l as u64))
    }

    /// The decimal digits, with a `-` when negative.
    pub fn to_decimal(&self) -> Vec<u8> {
        if self.mag.is_empty() {
            return b"0".to_vec();
        }
        let mut groups = Vec::new();
        let mut m = self.mag.clone();
        while !m.is_empty() {
            let (q, r) = divmod_small(&m, 1_000_000_000);
            groups.push(r);
            m = q;
        }
        let mut out = Vec::with_capacity(groups.len() * 9 + 1);
        if self.neg {
            out.push(b'-');
        }
        for (i, g) in groups.iter().rev().enumerate() {
            let mut buf = [0u8; 20];
            let d = crate::digits::u64_dec(*g as u64, &mut buf);
            if i > 0 {
                out.resize(out.len() + 9 - d.len(), b'0');
            }
            out.extend_from_slice(d);
        }
        out
    }

    /// Numeric order.
    pub fn compare(&self, o: &Int) -> Ordering {
        match (self.neg, o.neg) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => cmp_mag(&self.mag, &o.mag),
            (true, true) => cmp_mag(&o.mag, &self.mag),
        }
    }

    pub fn add(&self, o: &Int) -> Int {
        if self.neg == o.neg {
            return Int::new(self.neg, add_mag(&self.mag, &o.mag));
        }
        match cmp_mag(&self.mag, &o.mag) {
            Ordering::Less => Int::new(o.neg, sub_mag(&o.mag, &self.mag)),
            _ => Int::new(self.neg, sub_mag(&self.mag, &o.mag)),
        }
    }

    pub fn neg(&self) -> Int {
        Int::new(!self.neg, self.mag.clone())
    }

    pub fn sub(&self, o: &Int) -> Int {
        self.add(&o.neg())
    }

    pub fn mul(&self, o: &Int) -> Int {
        Int::new(self.neg != o.neg, mul_mag(&self.mag, &o.mag))
    }

    /// Quotient and remainder, truncated toward zero (the remainder has
    /// the sign of `self`); None when `o` is zero.
    pub fn div_rem(&self, o: &Int) -> Option<(Int, Int)> {
        if o.is_zero() {
            return None;
        }
        let (q, r) = if o.mag.len() == 1 {
            let (q, r) = divmod_small(&self.mag, o.mag[0]);
            (q, vec![r])
        } else {
            divmod_mag(&self.mag, &o.mag)
        };
        Some((Int::new(self.neg != o.neg, q), Int::new(self.neg, r)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i(s: &str) -> Int {
        Int::parse(s.as_bytes()).unwrap()
    }
    fn s(v: Int) -> String {
        String::from_utf8(v.to_decimal()).unwrap()
    }

    #[test]
    fn arithmetic_like_gmp() {
        assert_eq!(s(i("0")), "0");
        assert_eq!(s(i("-0")), "0");
        assert_eq!(s(i("000123")), "123");
        assert_eq!(
            s(i("99999999999999999999").add(&i("1"))),
            "100000000000000000000"
        );
        assert_eq!(s(i("5").sub(&i("7"))), "-2");
        assert_eq!(s(i("-5").sub(&i("-7"))), "2");
        let big = i("123456789012345678901234567890123456789");
        assert_eq!(
            s(big.mul(&big)),
            "15241578753238836750495351562566681945005334557625361987875019051998750190521"
        );
        let (q, r) = big.mul(&big).add(&i("17")).div_rem(&big).unwrap();
        assert_eq!(q, big);
        assert_eq!(s(r), "17");
        let (q, r) = i("-7").div_rem(&i("2")).unwrap();
        assert_eq!((s(q), s(r)), ("-3".into(), "-1".into()));
        let (q, r) = i("7").div_rem(&i("-2")).unwrap();
        assert_eq!((s(q), s(r)), ("-3".into(), "1".into()));
        assert!(i("1").div_rem(&i("0")).is_none());
        let (q, r) = i("340282366920938463463374607431768211456")
            .div_rem(&i("18446744073709551617"))
            .unwrap();
        assert_eq!((s(q), s(r)), ("18446744073709551615".into(), "1".into()));
        assert_eq!(Int::parse(b"1a"), None);
        assert_eq!(Int::parse(b"-"), None);
        assert_eq!(Int::parse(b"+1"), None);
    }

    #[test]
    fn division_matches_u128() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = (x as u128) << 40 | (x >> 20) as u128;
            let b = ((x >> 5) as u128 | 1) << (x % 60);
            let (q, r) = Int::parse(a.to_string().as_bytes())
                .unwrap()
                .div_rem(&Int::parse(b.to_string().as_bytes()).unwrap())
                .unwrap();
            assert_eq!(s(q), (a / b).to_string());
            assert_eq!(s(r), (a % b).to_string());
        }
    }
}
