//! Durations (sleep, timeout) and the strtod prefix they use.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (_, n) = logic::duration::strtod_prefix(data);
    assert!(n <= data.len());
    if let Some(secs) = logic::duration::parse(data) {
        let _ = logic::duration::to_secs_nanos(secs);
    }
});
