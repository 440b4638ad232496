//! Floating-point input (strtold as seq, sort -g, printf and od read it)
//! and its formatting back out.
#![no_main]
use libfuzzer_sys::fuzz_target;
use logic::float;

fuzz_target!(|data: &[u8]| {
    let (sel, s) = corebox_fuzz::selector(data);
    if let Ok(x) = float::parse(s) {
        let _ = x.to_u64();
        let _ = x.plus(x).times(x).divided(x).trunc();
    }
    if let Some((_, _, n)) = float::parse_prefix(s) {
        assert!(n <= s.len());
    }
    let (e, f) = match sel % 3 {
        0 => (11, 52),
        1 => (8, 23),
        _ => (5, 10),
    };
    let _ = float::parse_ieee(s, e, f);
    let (x, _) = logic::printf::strtold(s);
    let _ = x.to_ieee(11, 52);
    let _ = logic::sortkey::strtold(s);
});
