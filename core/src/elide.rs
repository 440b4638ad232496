//! Everything but the last N lines or bytes of a stream, in bounded memory:
//! input arrives in chunks, and a chunk is released as soon as the chunks
//! after it hold at least N units (head -n -N, head -c -N on pipes).

use alloc::collections::VecDeque;
use alloc::vec::Vec;

/// What is counted: bytes, or lines ended by the given byte (a final
/// unterminated line counts as a line).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unit {
    Bytes,
    Lines(u8),
}

pub struct Elider {
    unit: Unit,
    n: u64,
    held: VecDeque<(Vec<u8>, u64)>,
    /// Units in `held` (for lines: terminators seen).
    total: u64,
    /// A released chunk's buffer, reused for the next one (no allocation
    /// per chunk in the steady state).
    spare: Vec<u8>,
}

impl Elider {
    pub fn new(unit: Unit, n: u64) -> Self {
        Elider {
            unit,
            n,
            held: VecDeque::new(),
            total: 0,
            spare: Vec::new(),
        }
    }

    fn count(&self, chunk: &[u8]) -> u64 {
        match self.unit {
            Unit::Bytes => chunk.len() as u64,
            Unit::Lines(eol) => memchr::memchr_iter(eol, chunk).count() as u64,
        }
    }

    /// Takes the next chunk of input; `emit` receives what can no longer be
    /// among the last N units.
    pub fn push(&mut self, chunk: &[u8], emit: impl FnMut(&[u8])) {
        let c = if self.n == 0 { 0 } else { self.count(chunk) };
        self.push_counted(chunk, c, emit)
    }

    /// [`Elider::push`] for a caller that has counted the units of `chunk`
    /// already (with a faster counter than this crate may use).
    pub fn push_counted(&mut self, chunk: &[u8], c: u64, mut emit: impl FnMut(&[u8])) {
        if chunk.is_empty() {
            return;
        }
        if self.n == 0 {
            emit(chunk);
            return;
        }
        let mut copy = core::mem::take(&mut self.spare);
        copy.clear();
        copy.extend_from_slice(chunk);
        self.held.push_back((copy, c));
        self.total += c;
        // A final unterminated line counts too, so for lines one more
        // terminator than N must stay behind the released chunk.
        let keep = match self.unit {
            Unit::Bytes => self.n,
            Unit::Lines(_) => self.n.saturating_add(1),
        };
        while let Some((front, fc)) = self.held.front() {
            if self.total - fc < keep {
                break;
            }
            self.total -= fc;
            emit(front);
            if let Some((buf, _)) = self.held.pop_front() {
                self.spare = buf;
            }
        }
    }

    /// Where the last N units begin, as an offset into the held bytes
    /// (their total length when N is 0).
    fn cut(&self) -> u64 {
        let len: u64 = self.held.iter().map(|(c, _)| c.len() as u64).sum();
        match self.unit {
            Unit::Bytes => len.saturating_sub(self.n),
            Unit::Lines(eol) => {
                // Cut after the N-th terminator from the end, or the
                // (N+1)-th when the data ends with one (it ends the last
                // line); with fewer terminators nothing is printed.
                let ends_with_eol = self
                    .held
                    .back()
                    .is_some_and(|(c, _)| c.last() == Some(&eol));
                let mut nth = self.n + ends_with_eol as u64;
                let mut cut = 0;
                let mut base = len;
                'chunks: for (c, _) in self.held.iter().rev() {
                    base -= c.len() as u64;
                    for p in memchr::memrchr_iter(eol, c) {
                        if nth == 1 {
                            cut = base + p as u64 + 1;
                            break 'chunks;
                        }
                        nth -= 1;
                    }
                }
                cut
            }
        }
    }

    /// End of input: `emit` receives the rest but the last N units.
    pub fn finish(self, mut emit: impl FnMut(&[u8])) {
        let mut left = self.cut();
        for (c, _) in &self.held {
            if left == 0 {
                break;
            }
            let take = (c.len() as u64).min(left) as usize;
            emit(&c[..take]);
            left -= take as u64;
        }
    }

    /// End of input: `emit` receives only the last N units (tail of a
    /// pipe: what `finish` would not print, and what `push` dropped
    /// can never be part of it).
    pub fn finish_tail(self, mut emit: impl FnMut(&[u8])) {
        if self.n == 0 {
            return;
        }
        let mut skip = self.cut();
        for (c, _) in &self.held {
            let from = (c.len() as u64).min(skip) as usize;
            skip -= from as u64;
            if from < c.len() {
                emit(&c[from..]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(unit: Unit, n: u64, chunks: &[&[u8]]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut e = Elider::new(unit, n);
        for c in chunks {
            e.push(c, |b| out.extend_from_slice(b));
        }
        e.finish(|b| out.extend_from_slice(b));
        out
    }

    #[test]
    fn lines() {
        let l = Unit::Lines(b'\n');
        assert_eq!(run(l, 1, &[b"a\nb\nc\n"]), b"a\nb\n");
        assert_eq!(run(l, 1, &[b"a\nb"]), b"a\n");
        assert_eq!(run(l, 2, &[b"a\n", b"b\n", b"c\n", b"d"]), b"a\nb\n");
        assert_eq!(run(l, 5, &[b"a\nb\n"]), b"");
        assert_eq!(run(l, 0, &[b"a\nb"]), b"a\nb");
        assert_eq!(run(l, 1, &[b"x", b"y\nz", b"w\n"]), b"xy\n");
        assert_eq!(run(Unit::Lines(0), 1, &[b"a\0b\0c"]), b"a\0b\0");
        assert_eq!(run(l, 1, &[]), b"");
    }

    fn run_tail(unit: Unit, n: u64, chunks: &[&[u8]]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut e = Elider::new(unit, n);
        for c in chunks {
            e.push(c, |_| {});
        }
        e.finish_tail(|b| out.extend_from_slice(b));
        out
    }

    #[test]
    fn tails() {
        let l = Unit::Lines(b'\n');
        assert_eq!(run_tail(l, 1, &[b"a\nb\nc\n"]), b"c\n");
        assert_eq!(run_tail(l, 1, &[b"a\nb"]), b"b");
        assert_eq!(run_tail(l, 2, &[b"a\n", b"b\n", b"c\n", b"d"]), b"c\nd");
        assert_eq!(run_tail(l, 5, &[b"a\nb\n"]), b"a\nb\n");
        assert_eq!(run_tail(l, 0, &[b"a\nb"]), b"");
        assert_eq!(run_tail(l, 1, &[b"x", b"y\nz", b"w\n"]), b"zw\n");
        assert_eq!(run_tail(Unit::Bytes, 2, &[b"abc", b"de"]), b"de");
        assert_eq!(run_tail(Unit::Bytes, 4, &[b"abc", b"de"]), b"bcde");
        assert_eq!(run_tail(Unit::Bytes, 9, &[b"abc", b"de"]), b"abcde");
        assert_eq!(run_tail(l, 3, &[]), b"");
    }

    #[test]
    fn bytes() {
        assert_eq!(run(Unit::Bytes, 2, &[b"abc", b"de"]), b"abc");
        assert_eq!(run(Unit::Bytes, 10, &[b"abc"]), b"");
        assert_eq!(run(Unit::Bytes, 0, &[b"abc"]), b"abc");
    }

    #[test]
    fn memory_stays_bounded() {
        let mut e = Elider::new(Unit::Lines(b'\n'), 3);
        let mut emitted = 0;
        for _ in 0..10_000 {
            e.push(b"line\n", |b| emitted += b.len());
        }
        assert!(e.held.len() <= 4, "{}", e.held.len());
        e.finish(|b| emitted += b.len());
        assert_eq!(emitted, 5 * (10_000 - 3));
    }
}
