//! tr's SET1 and SET2 (escapes, ranges, classes, [c*n], equivalence
//! classes) and the plan built from them, then run over a buffer.
#![no_main]
use libfuzzer_sys::fuzz_target;
use logic::tr;

fuzz_target!(|data: &[u8]| {
    let (sel, data) = corebox_fuzz::selector(data);
    let p = corebox_fuzz::parts(data, 3);
    let o = tr::Options {
        complement: sel & 1 != 0,
        delete: sel & 2 != 0,
        squeeze: sel & 4 != 0,
        truncate: sel & 8 != 0,
    };
    let s2 = if sel & 16 != 0 {
        p.get(1).copied()
    } else {
        None
    };
    let mut warnings = Vec::new();
    if let Ok(plan) = tr::plan(p[0], s2, o, &mut warnings) {
        let mut buf = p.get(2).copied().unwrap_or(b"hello, world").to_vec();
        tr::translate(&mut buf, &plan.xlate);
    }
});
