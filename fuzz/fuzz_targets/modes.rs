//! Symbolic and octal modes (chmod, mkdir -m, install -m, mknod -m).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some(changes) = logic::mode::compile(data) {
        for old in [0, 0o644, 0o4755, 0o7777, 0o170777] {
            for dir in [false, true] {
                let m = logic::mode::adjust(old, dir, 0o022, &changes);
                let _ = logic::mode::strmode(m);
                let _ = logic::mode::adjust_bits(old, dir, 0o077, &changes);
            }
        }
    }
});
