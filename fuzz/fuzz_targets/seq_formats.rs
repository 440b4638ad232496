//! seq's operands and `-f` FORMAT, and the formatting of numbers with it.
#![no_main]
use libfuzzer_sys::fuzz_target;
use logic::seq;

fuzz_target!(|data: &[u8]| {
    let p = corebox_fuzz::parts(data, 4);
    let ops: Vec<_> = p.iter().skip(1).map(|s| seq::scan(s)).collect();
    if let Ok(f) = seq::parse_format(p[0]) {
        // A width or precision beyond a few thousand is GNU's "value too
        // large" case (the applet refuses it before formatting).
        let big = f.spec.width > 4096 || f.spec.precision.is_some_and(|n| n > 4096);
        if !big {
            for o in ops.iter().flatten() {
                let mut out = Vec::new();
                seq::format(&mut out, &f, o.value);
            }
        }
    }
    if let [Ok(a), Ok(b), Ok(c)] = &ops[..] {
        let f = seq::default_format(a, b, c, true);
        if f.spec.width <= 4096 && f.spec.precision.is_none_or(|n| n <= 4096) {
            let mut out = Vec::new();
            seq::format(&mut out, &f, a.value);
        }
    }
    if p.len() == 4 {
        let _ = seq::fixed([p[1], p[2], p[3]], 6);
        let _ = seq::fixed_exact([p[1], p[2], p[3]]);
    }
    let _ = seq::decimal(p[0]);
});
