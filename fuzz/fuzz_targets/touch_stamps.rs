//! `touch -t` and `date MMDDhhmm[[CC]YY][.ss]` stamps (gnulib posixtime).
#![no_main]
use libfuzzer_sys::fuzz_target;
use logic::tz::Tz;

fuzz_target!(|data: &[u8]| {
    let (sel, s) = corebox_fuzz::selector(data);
    let z = if sel & 1 != 0 {
        Tz::parse_posix(b"EST5EDT,M3.2.0,M11.1.0")
    } else {
        Tz::utc()
    };
    let _ = logic::posixtm::posixtime(s, (sel >> 1) as u32 & 7, &z, 1_780_000_000);
});
