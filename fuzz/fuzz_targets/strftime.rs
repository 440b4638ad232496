//! `date +FORMAT`, `ls --time-style=+FORMAT`, `stat`'s times: every
//! directive, flag and width, on several times.
#![no_main]
use libfuzzer_sys::fuzz_target;
use logic::tz;

fuzz_target!(|data: &[u8]| {
    let (sel, fmt) = corebox_fuzz::selector(data);
    // A width of 10 000 or more asks for that much output, as from GNU.
    if fmt.windows(5).any(|w| w.iter().all(u8::is_ascii_digit)) {
        return;
    }
    let t = [
        0i64,
        -1,
        1_780_000_000,
        253_402_300_799,
        -62_135_596_800,
        1 << 40,
    ][sel as usize % 6];
    if let Some(tm) = tz::gmtime(t) {
        let mut out = Vec::new();
        logic::strftime::strftime(&mut out, fmt, &tm, t, 999_999_999);
    }
    let _ = logic::strftime::needs_local_time(fmt);
    let _ = logic::strftime::date_format_resolution(fmt, sel % 10);
});
