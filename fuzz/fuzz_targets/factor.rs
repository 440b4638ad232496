//! factor's numbers: parsing of any size, factoring up to 128 bits, and
//! the big-number arithmetic used beyond.
#![no_main]
use libfuzzer_sys::fuzz_target;
use logic::bigint::Int;
use logic::factor::Factorizer;

fuzz_target!(|data: &[u8]| {
    let Some(n) = Int::parse(data) else { return };
    let _ = n.to_decimal();
    // Above 2^80, products of two large primes take rho seconds to
    // minutes, as they take GNU's factor (longer): a timeout, not a bug.
    if let Some(v) = n.to_u128().filter(|&v| v < 1 << 80) {
        static F: std::sync::OnceLock<Factorizer> = std::sync::OnceLock::new();
        let f = F.get_or_init(Factorizer::new);
        let mut out = Vec::new();
        f.factor(v, &mut out);
        if v > 1 {
            let prod = out.iter().try_fold(1u128, |p, &x| p.checked_mul(x));
            assert_eq!(prod, Some(v));
        }
    } else if n.to_u128().is_none() {
        let m = n.mul(&n).add(&n).sub(&Int::from_u64(7));
        if let Some((q, r)) = m.div_rem(&n) {
            assert_eq!(q.mul(&n).add(&r).compare(&m), core::cmp::Ordering::Equal);
        }
    }
});
