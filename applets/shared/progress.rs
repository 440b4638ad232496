//! `cp -g`/`mv -g` (beyond GNU, as uutils offers it): a progress line on
//! standard error while data is copied, drawn only when standard error is
//! a terminal and at most ten times a second: bytes copied of the total,
//! a bar, the percentage, the rate and the time left.

use alloc::vec::Vec;
use logic::human::{human, Round};
use sys::io::Fd;
use sys::walk::{Follow, Info, Walker};

pub struct Progress {
    total: u64,
    done: u64,
    /// Of the current file, for [`Progress::file_done`].
    file: u64,
    start: u128,
    last: u128,
}

impl Progress {
    /// A bar for the regular files under `sources` (None unless standard
    /// error is a terminal).
    pub fn new(sources: &[&[u8]], follow: Follow) -> Option<Progress> {
        if !sys::fs::isatty(Fd::STDERR) {
            return None;
        }
        let mut total = 0;
        let mut w = Walker::new(sources, follow);
        while let Some(info) = w.next() {
            if matches!(info, Info::F) {
                total += w.stat().size.max(0) as u64;
            }
        }
        let now = sys::time::monotonic_ns();
        Some(Progress {
            total,
            done: 0,
            file: 0,
            start: now,
            last: 0,
        })
    }

    /// `n` more bytes copied.
    pub fn add(&mut self, n: u64) {
        self.done += n;
        self.file += n;
        let now = sys::time::monotonic_ns();
        if now - self.last >= 100_000_000 {
            self.last = now;
            self.draw(now);
        }
    }

    /// A file of `size` bytes is done (its holes and clones count too).
    pub fn file_done(&mut self, size: u64) {
        let rest = size.saturating_sub(self.file);
        self.file = 0;
        self.add(rest);
    }

    fn draw(&mut self, now: u128) {
        let total = self.total.max(self.done);
        let pct = if total == 0 {
            100
        } else {
            self.done as u128 * 100 / total as u128
        } as usize;
        let mut l = b"\r".to_vec();
        l.extend_from_slice(human(self.done, true, Round::Nearest, false).as_bytes());
        l.extend_from_slice(b" / ");
        l.extend_from_slice(human(total, true, Round::Nearest, false).as_bytes());
        l.extend_from_slice(b" [");
        let filled = pct * 30 / 100;
        l.extend((0..30).map(|i| match i {
            i if i < filled => b'=',
            i if i == filled => b'>',
            _ => b' ',
        }));
        l.extend_from_slice(b"] ");
        logic::digits::push_u64(&mut l, pct as u64);
        l.push(b'%');
        let ns = (now - self.start).max(1);
        let rate = (self.done as u128 * 1_000_000_000 / ns) as u64;
        l.push(b' ');
        l.extend_from_slice(human(rate, true, Round::Floor, false).as_bytes());
        l.extend_from_slice(b"/s ETA ");
        let left = (total - self.done).checked_div(rate).unwrap_or(0);
        push_time(&mut l, left);
        l.extend_from_slice(b"  ");
        sys::io::write_stderr(&l);
    }
}

impl Drop for Progress {
    /// The last line, complete, when the copier goes.
    fn drop(&mut self) {
        self.draw(sys::time::monotonic_ns());
        sys::io::write_stderr(b"\n");
    }
}

fn push_time(l: &mut Vec<u8>, s: u64) {
    logic::digits::push_u64(l, s / 60);
    l.push(b':');
    l.push(b'0' + (s % 60 / 10) as u8);
    l.push(b'0' + (s % 10) as u8);
}
