//! Time zones: POSIX TZ rule strings and TZif files (as read from
//! /usr/share/zoneinfo), then local time and mktime through them.
#![no_main]
use libfuzzer_sys::fuzz_target;
use logic::tz::{self, Tz};

fuzz_target!(|data: &[u8]| {
    let (sel, s) = corebox_fuzz::selector(data);
    let z = if sel & 1 != 0 {
        let mut read = |_: &[u8]| Some(s.to_vec());
        Tz::load(Some(b"Fuzz/Zone"), Some(b"/zoneinfo"), &mut read)
    } else {
        Tz::parse_posix(s)
    };
    for t in [i64::MIN, -1 << 40, -1, 0, 1_780_000_000, 1 << 40, i64::MAX] {
        if let Some(tm) = z.localtime(t) {
            let mut out = Vec::new();
            logic::strftime::strftime(&mut out, b"%c %z %Z %s %G-%V", &tm, t, 0);
        }
        let _ = tz::gmtime(t);
    }
});
