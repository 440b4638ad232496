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

/// The wall clock: seconds and nanoseconds since the epoch.
pub fn now() -> (i64, u32) {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::Realtime);
    (t.tv_sec as i64, t.tv_nsec as u32)
}

/// Sets the wall clock (clock_settime; root only).
pub fn set_now(secs: i64, nsec: u32) -> crate::errno::Result<()> {
    let ts = Timespec {
        tv_sec: secs as _,
        tv_nsec: nsec as _,
    };
    rustix::time::clock_settime(rustix::time::ClockId::Realtime, ts).map_err(crate::Errno::from)
}

/// The wall clock's resolution in nanoseconds as gnulib's gettime_res
/// finds it: clock_getres, narrowed by the nanoseconds of a few readings
/// (some kernels report a timer interval instead).
pub fn resolution() -> u32 {
    fn gcd(a: u32, b: u32) -> u32 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let res = rustix::time::clock_getres(rustix::time::ClockId::Realtime);
    let mut r = if res.tv_sec > 0 || res.tv_nsec <= 0 {
        1_000_000_000
    } else {
        res.tv_nsec as u32
    };
    for _ in 0..32 {
        if r <= 1 {
            break;
        }
        r = gcd(r, now().1);
    }
    r.max(1)
}
