//! GNU date strings (`date -d`, `touch -d`), with `--debug`'s account,
//! in UTC and in a POSIX TZ rule given inside the string (`TZ="..."`).
#![no_main]
use libfuzzer_sys::fuzz_target;
use logic::datetime::{parse, Context};
use logic::tz::Tz;

fuzz_target!(|data: &[u8]| {
    let (sel, s) = corebox_fuzz::selector(data);
    let tz = if sel & 1 != 0 {
        Tz::parse_posix(b"CET-1CEST,M3.5.0,M10.5.0/3")
    } else {
        Tz::utc()
    };
    let mut load = |name: &[u8]| Tz::parse_posix(name);
    let mut debug = Vec::new();
    let mut cx = Context {
        now: (1_780_000_000, 123_456_789),
        tz: &tz,
        tz_name: None,
        load: &mut load,
        debug: if sel & 2 != 0 { Some(&mut debug) } else { None },
    };
    let _ = parse(s, &mut cx);
});
