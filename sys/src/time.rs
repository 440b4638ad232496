//! Clocks and sleeping.

use rustix::thread::{self, NanosleepRelativeResult};
use rustix::time::Timespec;

/// Sleeps for `secs` seconds and `nanos` nanoseconds, resuming after
/// signals that do not end the process.
pub fn sleep(secs: u64, nanos: u32) {
    let mut req = Timespec {
        tv_sec: secs.min(i64::MAX as u64) as i64,
        tv_nsec: nanos as _,
    };
    loop {
        match thread::nanosleep(&req) {
            NanosleepRelativeResult::Interrupted(rem) => req = rem,
            _ => return,
        }
    }
}

/// Monotonic time in nanoseconds.
pub fn monotonic_ns() -> u128 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::Monotonic);
    t.tv_sec as u128 * 1_000_000_000 + t.tv_nsec as u128
}
