//! Prime factorization for factor (GNU factor.c): trial division by the
//! primes below 5000 (multiplying by inverses modulo 2^64, as GNU does),
//! then Baillie-PSW (a strong base-2 probable-prime test and a strong
//! Lucas test with Selfridge's parameters; no composite below 2^64 passes
//! it, and none is known at all) and Pollard-Brent rho. Arithmetic is
//! Montgomery's in one or two machine words below 2^128, and in as many
//! words as n needs beyond, where GNU uses GMP. Factors come out in
//! ascending order, with multiplicity, as GNU prints them.

use crate::bigint::Int;
use alloc::vec::Vec;

/// The trial-division table ends here (GNU's make-prime-list 5000).
const TABLE_END: usize = 5000;
/// A cofactor free of the table's primes and below the square of the
/// first prime past them (5003) is prime.
const PRIME_BOUND: u128 = 5003 * 5003;

/// One odd prime of the table, with its inverse modulo 2^64 and
/// `u64::MAX / p`: `n * inv <= lim` exactly when p divides n.
struct Divisor {
    p: u64,
    inv: u64,
    lim: u64,
}

/// The trial-division table, built once by a program that factors.
pub struct Factorizer {
    table: Vec<Divisor>,
}

impl Default for Factorizer {
    fn default() -> Self {
        Self::new()
    }
}

/// n^-1 modulo 2^64 for odd n (Newton: each step doubles the bits).
fn inverse64(n: u64) -> u64 {
    let mut x = n;
    for _ in 0..5 {
        x = x.wrapping_mul(2u64.wrapping_sub(n.wrapping_mul(x)));
    }
    x
}

fn inverse128(n: u128) -> u128 {
    let mut x = n;
    for _ in 0..6 {
        x = x.wrapping_mul(2u128.wrapping_sub(n.wrapping_mul(x)));
    }
    x
}

/// The full 256-bit product of a and b, as (low, high).
#[cfg_attr(corebox_opt, optimize(speed))]
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    let (a0, a1) = (a as u64 as u128, a >> 64);
    let (b0, b1) = (b as u64 as u128, b >> 64);
    let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    let mid = (p00 >> 64) + (p01 as u64 as u128) + (p10 as u64 as u128);
    let lo = (p00 as u64 as u128) | (mid << 64);
    (lo, p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64))
}

/// What gcd(x, n) says about n.
enum Gcd<N> {
    One,
    All,
    Proper(N),
}

/// Arithmetic modulo an odd n, and what the tests need to know of n.
trait Ring {
    type V: Clone + PartialEq;
    type N;
    /// What rho adds to x^2 for its parameter k (k < n): k itself in the
    /// word-sized rings, as GNU's Montgomery code adds it, and k in the
    /// ring's form in the big one, as GNU's mpz code adds it.
    fn raw(&self, k: u64) -> Self::V;
    fn small(&self, k: u64) -> Self::V;
    fn mul(&self, a: &Self::V, b: &Self::V) -> Self::V;
    fn add(&self, a: &Self::V, b: &Self::V) -> Self::V;
    fn sub(&self, a: &Self::V, b: &Self::V) -> Self::V;
    /// Bit `i` of n + 1 (`plus`) or of n - 1.
    fn exp_bit(&self, plus: bool, i: u32) -> bool;
    /// The bit length and the trailing zeros of n + 1 or n - 1.
    fn exp_shape(&self, plus: bool) -> (u32, u32);
    fn n_mod(&self, m: u64) -> u64;
    fn gcd(&self, a: &Self::V) -> Gcd<Self::N>;
}

/// Montgomery arithmetic modulo an odd n below 2^64 (R = 2^64).
struct Mont64 {
    n: u64,
    inv: u64,
    r2: u64,
}

impl Mont64 {
    fn new(n: u64) -> Mont64 {
        let mut r2 = 0u64.wrapping_sub(n) % n;
        for _ in 0..64 {
            let (s, c) = r2.overflowing_add(r2);
            r2 = if c || s >= n { s.wrapping_sub(n) } else { s };
        }
        Mont64 {
            n,
            inv: inverse64(n),
            r2,
        }
    }

    #[inline]
    fn redc(&self, t: u128) -> u64 {
        let (lo, hi) = (t as u64, (t >> 64) as u64);
        let m = lo.wrapping_mul(self.inv);
        let mn = ((m as u128 * self.n as u128) >> 64) as u64;
        let (r, borrow) = hi.overflowing_sub(mn);
        if borrow {
            r.wrapping_add(self.n)
        } else {
            r
        }
    }
}

#[cfg_attr(corebox_opt, optimize(speed))]
/// gcd(a, b) for odd b: Stein's algorithm, each step taking the smaller
/// number and the difference without a branch on which is which.
fn gcd64(a: u64, mut b: u64) -> u64 {
    if a == 0 {
        return b;
    }
    let mut a = a >> a.trailing_zeros();
    while a != b {
        let (d, borrow) = b.overflowing_sub(a);
        if borrow {
            a = b;
        }
        let d = if borrow { d.wrapping_neg() } else { d };
        b = d >> d.trailing_zeros();
    }
    a
}

#[cfg_attr(corebox_opt, optimize(speed))]
/// gcd(a, b) for odd b, in one word once both fit.
fn gcd128(a: u128, mut b: u128) -> u128 {
    if a == 0 {
        return b;
    }
    let mut a = a >> a.trailing_zeros();
    while a != b {
        if (a | b) >> 64 == 0 {
            return gcd64(a as u64, b as u64) as u128;
        }
        let (d, borrow) = b.overflowing_sub(a);
        if borrow {
            a = b;
        }
        let d = if borrow { d.wrapping_neg() } else { d };
        b = d >> d.trailing_zeros();
    }
    a
}

fn classify<N: PartialEq + From<u8>>(g: N, n: N) -> Gcd<N> {
    if g == N::from(1) {
        Gcd::One
    } else if g == n {
        Gcd::All
    } else {
        Gcd::Proper(g)
    }
}

impl Ring for Mont64 {
    type V = u64;
    type N = u64;
    fn raw(&self, k: u64) -> u64 {
        k
    }
    fn small(&self, k: u64) -> u64 {
        self.redc((k % self.n) as u128 * self.r2 as u128)
    }
    #[inline]
    fn mul(&self, a: &u64, b: &u64) -> u64 {
        self.redc(*a as u128 * *b as u128)
    }
    #[inline]
    fn add(&self, a: &u64, b: &u64) -> u64 {
        let (s, c) = a.overflowing_add(*b);
        if c || s >= self.n {
            s.wrapping_sub(self.n)
        } else {
            s
        }
    }
    #[inline]
    fn sub(&self, a: &u64, b: &u64) -> u64 {
        let (d, borrow) = a.overflowing_sub(*b);
        if borrow {
            d.wrapping_add(self.n)
        } else {
            d
        }
    }
    fn exp_bit(&self, plus: bool, i: u32) -> bool {
        let e = if plus {
            self.n as u128 + 1
        } else {
            self.n as u128 - 1
        };
        e >> i & 1 == 1
    }
    fn exp_shape(&self, plus: bool) -> (u32, u32) {
        let e = if plus {
            self.n as u128 + 1
        } else {
            self.n as u128 - 1
        };
        (128 - e.leading_zeros(), e.trailing_zeros())
    }
    fn n_mod(&self, m: u64) -> u64 {
        self.n % m
    }
    fn gcd(&self, a: &u64) -> Gcd<u64> {
        classify(gcd64(*a, self.n), self.n)
    }
}

/// Montgomery arithmetic modulo an odd n below 2^128 (R = 2^128).
struct Mont128 {
    n: u128,
    inv: u128,
    r2: u128,
}

impl Mont128 {
    fn new(n: u128) -> Mont128 {
        let mut r2 = 0u128.wrapping_sub(n) % n;
        for _ in 0..128 {
            let (s, c) = r2.overflowing_add(r2);
            r2 = if c || s >= n { s.wrapping_sub(n) } else { s };
        }
        Mont128 {
            n,
            inv: inverse128(n),
            r2,
        }
    }
}

impl Ring for Mont128 {
    type V = u128;
    type N = u128;
    fn raw(&self, k: u64) -> u128 {
        k as u128
    }
    fn small(&self, k: u64) -> u128 {
        self.mul(&(k as u128 % self.n), &self.r2)
    }
    #[inline]
    fn mul(&self, a: &u128, b: &u128) -> u128 {
        let (lo, hi) = mul_wide(*a, *b);
        let m = lo.wrapping_mul(self.inv);
        let mn = mul_wide(m, self.n).1;
        let (r, borrow) = hi.overflowing_sub(mn);
        if borrow {
            r.wrapping_add(self.n)
        } else {
            r
        }
    }
    #[inline]
    fn add(&self, a: &u128, b: &u128) -> u128 {
        let (s, c) = a.overflowing_add(*b);
        if c || s >= self.n {
            s.wrapping_sub(self.n)
        } else {
            s
        }
    }
    #[inline]
    fn sub(&self, a: &u128, b: &u128) -> u128 {
        let (d, borrow) = a.overflowing_sub(*b);
        if borrow {
            d.wrapping_add(self.n)
        } else {
            d
        }
    }
    fn exp_bit(&self, plus: bool, i: u32) -> bool {
        // n + 1 does not wrap: 2^128 - 1 = 3 * 5 * 17 * ... never gets here.
        let e = if plus { self.n + 1 } else { self.n - 1 };
        e >> i & 1 == 1
    }
    fn exp_shape(&self, plus: bool) -> (u32, u32) {
        let e = if plus { self.n + 1 } else { self.n - 1 };
        (128 - e.leading_zeros(), e.trailing_zeros())
    }
    fn n_mod(&self, m: u64) -> u64 {
        (self.n % m as u128) as u64
    }
    fn gcd(&self, a: &u128) -> Gcd<u128> {
        classify(gcd128(*a, self.n), self.n)
    }
}

/// A limb of the big ring: a machine word, and the double word that holds
/// the product of two.
#[cfg(target_pointer_width = "64")]
type Limb = u64;
#[cfg(target_pointer_width = "64")]
type Wide = u128;
#[cfg(not(target_pointer_width = "64"))]
type Limb = u32;
#[cfg(not(target_pointer_width = "64"))]
type Wide = u64;
const BITS: u32 = Limb::BITS;
/// The values of moduli up to 256 bits live inline; only bigger ones
/// allocate.
const INLINE: usize = 256 / BITS as usize;

/// A value of the big ring: the ring's `len` limbs, least significant
/// first, inline (the rest zero) when they fit, else on the heap. The
/// limbs come first and 16-byte aligned, so that moving a value copies
/// them in whole 16-byte pieces: rho runs 5-8% faster than with Rust's
/// own layout.
#[derive(Clone, Default, PartialEq)]
#[repr(C, align(16))]
struct Limbs {
    w: [Limb; INLINE],
    heap: Vec<Limb>,
}

impl Limbs {
    fn get(&self) -> &[Limb] {
        if self.heap.is_empty() {
            &self.w
        } else {
            &self.heap
        }
    }

    fn get_mut(&mut self) -> &mut [Limb] {
        if self.heap.is_empty() {
            &mut self.w
        } else {
            &mut self.heap
        }
    }
}

/// t += b, or t -= b when `minus` (b as long as t): the carry or borrow.
#[inline]
fn addsub(t: &mut [Limb], b: &[Limb], minus: bool) -> bool {
    let mut c = false;
    for (x, &y) in t.iter_mut().zip(b) {
        let (s, c1, c2);
        if minus {
            (s, c1) = x.overflowing_sub(y);
            (*x, c2) = s.overflowing_sub(c as Limb);
        } else {
            (s, c1) = x.overflowing_add(y);
            (*x, c2) = s.overflowing_add(c as Limb);
        }
        c = c1 | c2;
    }
    c
}

#[inline]
fn less(a: &[Limb], b: &[Limb]) -> bool {
    for i in (0..a.len()).rev() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}

/// The value of limbs, if it fits in a u128.
fn limbs_u128(v: &[Limb]) -> Option<u128> {
    let mut x = 0u128;
    for (i, &l) in v.iter().enumerate().rev() {
        if i >= (128 / BITS) as usize && l != 0 {
            return None;
        }
        x = x << BITS | l as u128;
    }
    Some(x)
}

/// The integer of limbs.
#[allow(clippy::unnecessary_cast)]
fn limbs_int(v: &[Limb]) -> Int {
    let per = (BITS / 32) as usize;
    let mag = (0..v.len() * per).map(|i| (v[i / per] >> (32 * (i % per))) as u32);
    Int::from_mag(mag.collect())
}

/// gcd(a, n) for odd n: Stein's algorithm, in two words once both fit.
fn gcd_limbs(a: &[Limb], n: &[Limb]) -> Int {
    let (mut a, mut b) = (a.to_vec(), n.to_vec());
    loop {
        if let (Some(x), Some(y)) = (limbs_u128(&a), limbs_u128(&b)) {
            return Int::from_u128(gcd128(x, y));
        }
        let Some(w) = a.iter().position(|&x| x != 0) else {
            return limbs_int(&b);
        };
        let k = a[w].trailing_zeros();
        for j in 0..a.len() {
            let lo = a.get(j + w).map_or(0, |&x| x >> k);
            let hi = a.get(j + w + 1).map_or(0, |&x| x << (BITS - 1 - k) << 1);
            a[j] = lo | hi;
        }
        if less(&a, &b) {
            core::mem::swap(&mut a, &mut b);
        }
        addsub(&mut a, &b, true);
    }
}

/// t = a b / R modulo n (CIOS), all of n's length.
#[inline(never)]
fn mont_mul(t: &mut [Limb], a: &[Limb], b: &[Limb], n: &[Limb], inv: Limb) {
    let l = n.len();
    let (t, a, b) = (&mut t[..l], &a[..l], &b[..l]);
    // t + top * R stays below 2n: (t + a b_i + m n) / 2^BITS per limb
    // b_i, with m making the sum's low limb zero.
    let mut top: Limb = 0;
    for &bi in b {
        let s = t[0] as Wide + a[0] as Wide * bi as Wide;
        let m = (s as Limb).wrapping_mul(inv);
        let mut c = (s >> BITS) as Limb;
        let mut d = ((s as Limb as Wide + m as Wide * n[0] as Wide) >> BITS) as Limb;
        for j in 1..l {
            let s = t[j] as Wide + a[j] as Wide * bi as Wide + c as Wide;
            c = (s >> BITS) as Limb;
            let u = s as Limb as Wide + m as Wide * n[j] as Wide + d as Wide;
            d = (u >> BITS) as Limb;
            t[j - 1] = u as Limb;
        }
        let s = top as Wide + c as Wide + d as Wide;
        t[l - 1] = s as Limb;
        top = (s >> BITS) as Limb;
    }
    if top != 0 || !less(t, n) {
        addsub(t, n, true);
    }
}

/// t = a + b modulo n, or a - b when `minus`.
#[inline(never)]
fn add_mod(t: &mut [Limb], a: &[Limb], b: &[Limb], n: &[Limb], minus: bool) {
    let l = n.len();
    let (t, a, b) = (&mut t[..l], &a[..l], &b[..l]);
    let mut c = false;
    for j in 0..l {
        let (s, c1, c2);
        if minus {
            (s, c1) = a[j].overflowing_sub(b[j]);
            (t[j], c2) = s.overflowing_sub(c as Limb);
        } else {
            (s, c1) = a[j].overflowing_add(b[j]);
            (t[j], c2) = s.overflowing_add(c as Limb);
        }
        c = c1 | c2;
    }
    if minus {
        if c {
            addsub(t, n, false);
        }
    } else if c || !less(t, n) {
        addsub(t, n, true);
    }
}

/// Montgomery arithmetic modulo an odd n above 2^128 in `len` limbs (R =
/// 2^(BITS * len)), with multiplication by CIOS: one generic
/// implementation for any length, where GNU uses mpz_mul and mpz_tdiv_r.
struct MontBig {
    len: usize,
    n: Limbs,
    /// -n^-1 modulo 2^BITS.
    inv: Limb,
    r2: Limbs,
    big: Int,
    nm1: Int,
    np1: Int,
}

impl MontBig {
    /// The ring of an odd n of at least 2^64 (2^128 in use).
    // Limb is u32 or u64, by target.
    #[allow(clippy::unnecessary_cast)]
    fn new(n: &Int) -> MontBig {
        let one = Int::from_u64(1);
        let len = (n.bit_len() as usize).div_ceil(BITS as usize);
        let mut r = MontBig {
            len,
            n: Limbs::default(),
            inv: 0,
            r2: Limbs::default(),
            big: n.clone(),
            nm1: n.sub(&one),
            np1: n.add(&one),
        };
        r.n = r.plain(n);
        r.inv = (inverse64(r.n.get()[0] as u64) as Limb).wrapping_neg();
        let mut r2 = alloc::vec![0u32; 2 * len * (BITS / 32) as usize];
        r2.push(1);
        r.r2 = r.plain(&Int::from_mag(r2).div_rem(n).unwrap_or_default().1);
        r
    }

    fn zero(&self) -> Limbs {
        Limbs {
            w: [0; INLINE],
            heap: if self.len > INLINE {
                alloc::vec![0; self.len]
            } else {
                Vec::new()
            },
        }
    }

    /// a b / R (`None`), a + b or a - b (`Some(minus)`).
    #[inline(never)]
    fn op(&self, a: &Limbs, b: &Limbs, sum: Option<bool>) -> Limbs {
        let mut out = self.zero();
        let (t, n) = (out.get_mut(), &self.n.get()[..self.len]);
        match sum {
            None => mont_mul(t, a.get(), b.get(), n, self.inv),
            Some(minus) => add_mod(t, a.get(), b.get(), n, minus),
        }
        out
    }

    /// x (below n) as limbs, not in the ring's form.
    fn plain(&self, x: &Int) -> Limbs {
        let mut v = self.zero();
        let per = (BITS / 32) as usize;
        for (i, &m) in x.mag().iter().enumerate() {
            v.get_mut()[i / per] |= (m as Limb) << (32 * (i % per) as u32);
        }
        v
    }
}

impl Ring for MontBig {
    type V = Limbs;
    type N = Int;
    /// k in the ring's form: GNU's mpz rho adds its a to x^2 as it is.
    fn raw(&self, k: u64) -> Limbs {
        self.small(k)
    }
    /// k R modulo n: k is below n, as n is at least 2^64.
    fn small(&self, k: u64) -> Limbs {
        self.mul(&self.plain(&Int::from_u64(k)), &self.r2)
    }
    fn mul(&self, a: &Limbs, b: &Limbs) -> Limbs {
        self.op(a, b, None)
    }
    fn add(&self, a: &Limbs, b: &Limbs) -> Limbs {
        self.op(a, b, Some(false))
    }
    fn sub(&self, a: &Limbs, b: &Limbs) -> Limbs {
        self.op(a, b, Some(true))
    }
    fn exp_bit(&self, plus: bool, i: u32) -> bool {
        if plus { &self.np1 } else { &self.nm1 }.bit(i)
    }
    fn exp_shape(&self, plus: bool) -> (u32, u32) {
        let e = if plus { &self.np1 } else { &self.nm1 };
        (e.bit_len(), (0..).find(|&i| e.bit(i)).unwrap_or(0))
    }
    fn n_mod(&self, m: u64) -> u64 {
        let r = self.big.div_rem(&Int::from_u64(m)).map(|(_, r)| r);
        r.and_then(|r| r.to_u64()).unwrap_or(0)
    }
    fn gcd(&self, a: &Limbs) -> Gcd<Int> {
        let g = gcd_limbs(&a.get()[..self.len], &self.n.get()[..self.len]);
        if g.bit_len() == 1 {
            Gcd::One
        } else if g == self.big {
            Gcd::All
        } else {
            Gcd::Proper(g)
        }
    }
}

/// The strong probable-prime test to base 2 (Miller-Rabin).
#[cfg_attr(corebox_opt, optimize(speed))]
fn strong_base2<R: Ring>(r: &R) -> bool {
    let (len, s) = r.exp_shape(false);
    let one = r.small(1);
    let minus1 = r.sub(&r.small(0), &one);
    let mut x = one.clone();
    for i in (s..len).rev() {
        x = r.mul(&x, &x);
        if r.exp_bit(false, i) {
            x = r.add(&x, &x);
        }
    }
    if x == one || x == minus1 {
        return true;
    }
    for _ in 1..s {
        x = r.mul(&x, &x);
        if x == minus1 {
            return true;
        }
        if x == one {
            return false;
        }
    }
    false
}

/// The Jacobi symbol (a/m) for odd m.
#[cfg_attr(corebox_opt, optimize(speed))]
fn jacobi(mut a: u64, mut m: u64) -> i32 {
    let mut t = 1;
    a %= m;
    while a != 0 {
        while a.is_multiple_of(2) {
            a /= 2;
            if m % 8 == 3 || m % 8 == 5 {
                t = -t;
            }
        }
        core::mem::swap(&mut a, &mut m);
        if a % 4 == 3 && m % 4 == 3 {
            t = -t;
        }
        a %= m;
    }
    if m == 1 {
        t
    } else {
        0
    }
}

/// (D/n) for Selfridge's D (odd, |D| >= 5) by reciprocity.
fn jacobi_d<R: Ring>(r: &R, d: i64) -> i32 {
    let a = d.unsigned_abs();
    let n4 = r.n_mod(4);
    let mut j = jacobi(r.n_mod(a), a);
    if a % 4 == 3 && n4 == 3 {
        j = -j;
    }
    if d < 0 && n4 == 3 {
        j = -j;
    }
    j
}

/// The strong Lucas probable-prime test with Selfridge's parameters
/// (P = 1, Q = (1 - D) / 4), on the V sequence alone: U_d is zero
/// exactly when 2 V_(d+1) = P V_d, as D U_k = 2 V_(k+1) - P V_k.
#[cfg_attr(corebox_opt, optimize(speed))]
fn strong_lucas<R: Ring>(r: &R) -> bool {
    let mut d: i64 = 5;
    loop {
        match jacobi_d(r, d) {
            -1 => break,
            0 => return false,
            _ => {}
        }
        // A square never finds its D; one that far is not worth the wait.
        if d.abs() > 1000 {
            return false;
        }
        d = if d > 0 { -(d + 2) } else { 2 - d };
    }
    let zero = r.small(0);
    let q4 = (1 - d) / 4;
    let q = if q4 >= 0 {
        r.small(q4 as u64)
    } else {
        r.sub(&zero, &r.small(q4.unsigned_abs()))
    };
    let (len, s) = r.exp_shape(true);
    let (mut v, mut v1, mut qk) = (r.small(2), r.small(1), r.small(1));
    for i in (s..len).rev() {
        let vv1 = r.sub(&r.mul(&v, &v1), &qk);
        if r.exp_bit(true, i) {
            let qk1 = r.mul(&qk, &q);
            v1 = r.sub(&r.mul(&v1, &v1), &r.add(&qk1, &qk1));
            v = vv1;
            qk = r.mul(&qk, &qk1);
        } else {
            v = r.sub(&r.mul(&v, &v), &r.add(&qk, &qk));
            v1 = vv1;
            qk = r.mul(&qk, &qk);
        }
    }
    if r.add(&v1, &v1) == v || v == zero {
        return true;
    }
    for _ in 1..s {
        v = r.sub(&r.mul(&v, &v), &r.add(&qk, &qk));
        if v == zero {
            return true;
        }
        qk = r.mul(&qk, &qk);
    }
    false
}

fn probable_prime<R: Ring>(r: &R) -> bool {
    strong_base2(r) && strong_lucas(r)
}

/// Pollard's rho, Brent's variant, as GNU runs it (so that it meets the
/// same cycles: GNU's tests pick numbers it splits quickly): x starts at
/// 2 (in the ring's form), steps to x^2 + a (a added as a plain number),
/// and the product of the differences meets n in a gcd every 32 steps.
/// Returns a proper factor of the composite n, free of the table's primes.
#[cfg_attr(corebox_opt, optimize(speed))]
fn rho<R: Ring>(r: &R) -> R::N {
    let mut a = 1;
    loop {
        let ra = r.raw(a);
        let f = |x: &R::V| r.add(&r.mul(x, x), &ra);
        let one = r.small(1);
        let mut x = r.add(&one, &one);
        let (mut y, mut z, mut p) = (x.clone(), x.clone(), one);
        let (mut k, mut l) = (1u64, 1u64);
        'found: loop {
            loop {
                x = f(&x);
                p = r.mul(&p, &r.sub(&z, &x));
                if k % 32 == 1 {
                    if !matches!(r.gcd(&p), Gcd::One) {
                        break 'found;
                    }
                    y = x.clone();
                }
                k -= 1;
                if k == 0 {
                    break;
                }
            }
            z = x.clone();
            k = l;
            l *= 2;
            for _ in 0..k {
                x = f(&x);
            }
            y = x.clone();
        }
        let g = loop {
            y = f(&y);
            match r.gcd(&r.sub(&z, &y)) {
                Gcd::One => {}
                g => break g,
            }
        };
        if let Gcd::Proper(g) = g {
            return g;
        }
        a += 1;
    }
}

impl Factorizer {
    pub fn new() -> Factorizer {
        let mut composite = [false; TABLE_END];
        let mut table = Vec::with_capacity(670);
        for p in (3..TABLE_END).step_by(2) {
            if composite[p] {
                continue;
            }
            for m in (p * p..TABLE_END).step_by(2 * p) {
                composite[m] = true;
            }
            let p = p as u64;
            table.push(Divisor {
                p,
                inv: inverse64(p),
                lim: u64::MAX / p,
            });
        }
        Factorizer { table }
    }

    /// Divides out the primes of the table, pushing them: the cofactor,
    /// and whether it is known to be 1 or prime.
    #[cfg_attr(corebox_opt, optimize(speed), rustc_align(64), inline(never))]
    fn trial(&self, n: u128, out: &mut Vec<u128>) -> (u128, bool) {
        let tz = n.trailing_zeros();
        out.extend((0..tz).map(|_| 2));
        let n = n >> tz;
        let (mut hi, mut lo) = ((n >> 64) as u64, n as u64);
        let mut i = 0;
        // GNU's two-word test: the low word of n / p is lo * inv, and
        // p divides n when the high word then fits.
        while hi > 0 && i < self.table.len() {
            let d = &self.table[i];
            loop {
                let q0 = lo.wrapping_mul(d.inv);
                let h = ((q0 as u128 * d.p as u128) >> 64) as u64;
                if h > hi {
                    break;
                }
                let q1 = (hi - h).wrapping_mul(d.inv);
                if q1 > d.lim {
                    break;
                }
                (hi, lo) = (q1, q0);
                out.push(d.p as u128);
            }
            i += 1;
        }
        if hi > 0 {
            return ((hi as u128) << 64 | lo as u128, false);
        }
        let mut n = lo;
        // Eight primes between checks of p^2 > n, as GNU's DIVBLOCKs.
        for chunk in self.table[i..].chunks(8) {
            for d in chunk {
                loop {
                    let q = n.wrapping_mul(d.inv);
                    if q > d.lim {
                        break;
                    }
                    n = q;
                    out.push(d.p as u128);
                }
            }
            let p = chunk[chunk.len() - 1].p;
            if p * p > n {
                return (n as u128, true);
            }
        }
        (n as u128, (n as u128) < PRIME_BOUND)
    }

    /// The prime factors of n in ascending order (none for 0 and 1).
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn factor(&self, n: u128, out: &mut Vec<u128>) {
        out.clear();
        if n < 2 {
            return;
        }
        let (m, done) = self.trial(n, out);
        if done {
            if m > 1 {
                out.push(m);
            }
        } else {
            self.split(m, out);
            crate::sort::sort(out);
        }
    }

    /// Factors a cofactor free of the table's primes.
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn split(&self, n: u128, out: &mut Vec<u128>) {
        if n < PRIME_BOUND {
            out.push(n);
        } else if let Ok(m) = u64::try_from(n) {
            let r = Mont64::new(m);
            if probable_prime(&r) {
                out.push(n);
            } else {
                let d = rho(&r) as u128;
                self.split(d, out);
                self.split(n / d, out);
            }
        } else {
            let r = Mont128::new(n);
            if probable_prime(&r) {
                out.push(n);
            } else {
                let d = rho(&r);
                self.split(d, out);
                self.split(n / d, out);
            }
        }
    }

    /// The prime factors of n of any size, in ascending order.
    pub fn factor_big(&self, n: &Int) -> Vec<Int> {
        let mut out = Vec::new();
        let mut small = Vec::new();
        if let Some(m) = n.to_u128() {
            self.factor(m, &mut small);
        } else {
            let mut n = n.clone();
            for p in core::iter::once(2).chain(self.table.iter().map(|d| d.p)) {
                let p = Int::from_u64(p);
                while let Some((q, r)) = n.div_rem(&p).filter(|(_, r)| r.is_zero()) {
                    let _ = r;
                    n = q;
                    out.push(p.clone());
                }
            }
            self.split_big(n, &mut out, &mut small);
        }
        out.extend(small.iter().map(|&p| Int::from_u128(p)));
        crate::sort::sort_by(&mut out, |a, b| a.compare(b).is_lt());
        out
    }

    fn split_big(&self, n: Int, out: &mut Vec<Int>, small: &mut Vec<u128>) {
        if let Some(m) = n.to_u128() {
            if m > 1 {
                self.split(m, small);
            }
            return;
        }
        let r = MontBig::new(&n);
        if probable_prime(&r) {
            out.push(n);
        } else {
            let d = rho(&r);
            let q = n.div_rem(&d).map(|(q, _)| q).unwrap_or_default();
            self.split_big(d, out, small);
            self.split_big(q, out, small);
        }
    }
}

/// Appends the decimal digits of n.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn push_u128(out: &mut Vec<u8>, n: u128) {
    const TEN19: u128 = 10_000_000_000_000_000_000;
    if n < TEN19 {
        crate::digits::push_u64(out, n as u64);
    } else {
        push_u128(out, n / TEN19);
        let mut buf = [0u8; 20];
        let low = crate::digits::u64_dec((n % TEN19) as u64, &mut buf);
        out.resize(out.len() + 19 - low.len(), b'0');
        out.extend_from_slice(low);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    fn naive(mut n: u128) -> Vec<u128> {
        let mut v = Vec::new();
        let mut p = 2;
        while p * p <= n {
            while n.is_multiple_of(p) {
                v.push(p);
                n /= p;
            }
            p += 1;
        }
        if n > 1 {
            v.push(n);
        }
        v
    }

    fn f(n: u128) -> Vec<u128> {
        let mut v = Vec::new();
        Factorizer::new().factor(n, &mut v);
        v
    }

    #[test]
    fn small_numbers_match_trial_division() {
        let fz = Factorizer::new();
        let mut v = Vec::new();
        for n in (0..200_000).chain(25_000_000..25_050_000) {
            fz.factor(n, &mut v);
            assert_eq!(v, naive(n), "{n}");
        }
    }

    #[test]
    fn known_factorizations() {
        let cases: &[(u128, &[u128])] = &[
            (4294967293, &[9241, 464773]),
            (18446744073709551615, &[3, 5, 17, 257, 641, 65537, 6700417]),
            (18446744073709551557, &[18446744073709551557]),
            (18446744073709551617, &[274177, 67280421310721]),
            (
                170141183460469231731687303715884105727,
                &[170141183460469231731687303715884105727],
            ),
            (158909489063877810457, &[3401347, 3861211, 12099721]),
            (
                12847291069740315094892340035,
                &[5, 4073, 18899, 522591721, 63874247821],
            ),
            (
                u128::MAX,
                &[3, 5, 17, 257, 641, 65537, 274177, 6700417, 67280421310721],
            ),
            // Strong base-2 pseudoprimes and Carmichael numbers.
            (2047, &[23, 89]),
            (3215031751, &[151, 751, 28351]),
            (3825123056546413051, &[149491, 747451, 34233211]),
            (318665857834031151167461, &[399165290221, 798330580441]),
            (25326001, &[2251, 11251]),
            (1194649, &[1093, 1093]),
            (1000003 * 1000003, &[1000003, 1000003]),
            (4294967291 * 4294967291, &[4294967291, 4294967291]),
        ];
        for (n, want) in cases {
            assert_eq!(f(*n), *want, "{n}");
        }
    }

    #[test]
    fn products_of_random_primes() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let fz = Factorizer::new();
        let mut v = Vec::new();
        for _ in 0..300 {
            let a = (next() >> 40) | 1;
            let b = (next() >> 34) | 1;
            let mut want = naive(a as u128);
            want.extend(naive(b as u128));
            want.sort();
            fz.factor(a as u128 * b as u128, &mut v);
            assert_eq!(v, want);
        }
    }

    #[test]
    fn big_numbers() {
        let fz = Factorizer::new();
        let s = |n: &str| {
            let v = fz.factor_big(&Int::parse(n.as_bytes()).unwrap());
            let d: Vec<String> = v
                .iter()
                .map(|p| String::from_utf8(p.to_decimal()).unwrap())
                .collect();
            d.join(" ")
        };
        let two256 =
            "115792089237316195423570985008687907853269984665640564039457584007913129639936";
        assert_eq!(s(two256), ["2"; 256].join(" "));
        // 2^127 - 1 and 2^89 - 1 are prime; rho above 128 bits.
        assert_eq!(
            s("365376505288812033844090247803312793346305134223639107"),
            "1000003 2147483647 170141183460469231731687303715884105727"
        );
        assert_eq!(
            s("618992302624675306239136618843502648989"),
            "1000003 1000033 618970019642690137449562111"
        );
        assert_eq!(
            s("340282366920938463463374607431768211458"),
            "2 3 56713727820156410577229101238628035243"
        );
    }

    /// Random limbs from xorshift.
    fn limbs(x: &mut u64, len: usize) -> Vec<Limb> {
        (0..len)
            .map(|_| {
                *x ^= *x << 13;
                *x ^= *x >> 7;
                *x ^= *x << 17;
                *x as Limb
            })
            .collect()
    }

    fn int_mod(a: &Int, n: &Int) -> Int {
        let r = a.div_rem(n).unwrap().1;
        if r.is_negative() {
            r.add(n)
        } else {
            r
        }
    }

    #[test]
    fn montgomery_ring_matches_int_arithmetic() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for len in [3, 4, 8] {
            for round in 0..200 {
                let mut nl = limbs(&mut x, len);
                nl[0] |= 1;
                // Top limbs of all ones and of one bit give carries out of
                // R and long borrows.
                match round % 4 {
                    0 => nl[len - 1] = Limb::MAX,
                    1 => nl[len - 1] = 1,
                    _ => nl[len - 1] |= 1,
                }
                let n = limbs_int(&nl);
                let r = MontBig::new(&n);
                assert_eq!(r.len, len);
                let one = r.plain(&Int::from_u64(1));
                let out = |v: &Limbs| limbs_int(&r.mul(v, &one).get()[..len]);
                let into = |a: &Int| r.mul(&r.plain(a), &r.r2);
                let a = int_mod(&limbs_int(&limbs(&mut x, len)), &n);
                let b = int_mod(&limbs_int(&limbs(&mut x, len)), &n);
                // n - 1 and 0 at the edges.
                let a = match round % 7 {
                    0 => n.sub(&Int::from_u64(1)),
                    1 => Int::default(),
                    _ => a,
                };
                let (ma, mb) = (into(&a), into(&b));
                assert!(out(&ma) == a && out(&mb) == b);
                assert!(out(&r.mul(&ma, &mb)) == int_mod(&a.mul(&b), &n));
                assert!(out(&r.mul(&ma, &ma)) == int_mod(&a.mul(&a), &n));
                assert!(out(&r.add(&ma, &mb)) == int_mod(&a.add(&b), &n));
                assert!(out(&r.sub(&ma, &mb)) == int_mod(&a.sub(&b), &n));
                assert!(out(&r.sub(&mb, &ma)) == int_mod(&b.sub(&a), &n));
                let k = x >> (round % 64);
                assert!(out(&r.small(k)) == Int::from_u64(k));
                // rho adds a in the ring's form, as GNU's mpz code adds it.
                assert!(out(&r.raw(7)) == Int::from_u64(7));
            }
        }
    }

    #[test]
    fn big_gcd_matches_euclid() {
        let euclid = |mut a: Int, mut b: Int| {
            while !b.is_zero() {
                let r = a.div_rem(&b).unwrap().1;
                a = b;
                b = r;
            }
            a
        };
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut proper = 0;
        for len in [3, 4, 8] {
            for round in 0..300 {
                let mut nl = limbs(&mut x, len);
                // n = f m with a small odd f shared by a, at times.
                let f = Int::from_u64(x >> (34 + round % 30) | 1);
                nl[0] |= 1;
                nl[len - 1] |= 1 << (BITS - 8);
                let m = limbs_int(&nl);
                let n = if round % 3 == 0 { m.mul(&f) } else { m };
                let r = MontBig::new(&n);
                let mut a = int_mod(&limbs_int(&limbs(&mut x, len)), &n);
                if round % 3 == 0 {
                    a = int_mod(&a.mul(&f), &n);
                }
                if round % 50 == 1 {
                    a = Int::default();
                }
                let want = euclid(n.clone(), a.clone());
                let got = gcd_limbs(&r.plain(&a).get()[..r.len], &r.n.get()[..r.len]);
                assert!(got == want, "{round}");
                let g = r.gcd(&r.plain(&a));
                match g {
                    Gcd::One => assert!(want == Int::from_u64(1)),
                    Gcd::All => assert!(want == n),
                    Gcd::Proper(g) => {
                        assert!(g == want && want != n);
                        proper += 1;
                    }
                }
            }
        }
        assert!(proper > 200, "{proper}");
    }

    #[test]
    fn decimal_u128() {
        for n in [0u128, 9, 10_000_000_000_000_000_000, u128::MAX, 1 << 100] {
            let mut v = Vec::new();
            push_u128(&mut v, n);
            assert_eq!(v, alloc::format!("{n}").as_bytes());
        }
    }
}
