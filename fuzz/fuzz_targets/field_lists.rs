//! cut's and numfmt's field and character lists, and tab stops (expand,
//! unexpand, pr).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (sel, s) = corebox_fuzz::selector(data);
    match logic::ranges::parse(s, sel & 1 != 0) {
        Ok(r) => {
            let c = logic::ranges::complement(&r);
            let mut sel = logic::ranges::Cursor::new(&c);
            for n in 1..50 {
                let _ = sel.selected(n);
            }
        }
        Err(e) => {
            let _ = e.message(true, false);
        }
    }
    let mut t = logic::tabstops::TabStops::default();
    let mut errs = Vec::new();
    t.parse(s, &mut errs);
    if errs.is_empty() && t.finalize().is_ok() {
        let mut i = 0;
        let mut col = 0;
        for _ in 0..20 {
            match t.next(col, &mut i) {
                // The column wraps like GNU's unsigned arithmetic; the
                // callers stop where it does not go forward.
                Some(c) if c > col => col = c,
                _ => break,
            }
        }
    }
});
