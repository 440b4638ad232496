//! Records (lines, or NUL-terminated records with `-z`) read from a
//! descriptor through one buffer, found with `memchr`: the input side of
//! every line-oriented filter (cut, paste, join, comm, uniq, nl, fold ...).

use crate::errno::Errno;
use crate::io::Fd;
use alloc::vec;
use alloc::vec::Vec;
use logic::memchr::{memchr, memrchr};

const INITIAL: usize = 64 * 1024;
/// The most a buffer grows by at a time.
const GROW_STEP: usize = 4 << 20;

/// A reader of records ending in `delim`. Each record is returned with its
/// delimiter, except the last one of an input that does not end in one.
/// The buffer grows only for records longer than it (memory stays bounded
/// by the longest record).
pub struct Records {
    fd: Fd,
    buf: Vec<u8>,
    /// The first byte not yet returned.
    start: usize,
    /// The end of the bytes read.
    end: usize,
    /// `buf[start..scanned]` holds no delimiter.
    scanned: usize,
    /// Where the record or block last returned begins.
    last: usize,
    /// The buffer's first size.
    cap: usize,
    eof: bool,
    delim: u8,
    err: Option<Errno>,
}

impl Records {
    pub fn new(fd: Fd, delim: u8) -> Records {
        Records::with_capacity(fd, delim, INITIAL)
    }

    /// A reader whose buffer starts at `cap` bytes (bigger reads for
    /// callers that take whole blocks, see [`Records::next_chunk`]).
    #[inline(never)]
    pub fn with_capacity(fd: Fd, delim: u8, cap: usize) -> Records {
        Records {
            fd,
            buf: vec![0; cap.max(16)],
            start: 0,
            end: 0,
            scanned: 0,
            last: 0,
            cap: cap.max(16),
            eof: false,
            delim,
            err: None,
        }
    }

    /// The next record, or `None` at the end of the input or after a read
    /// error (then [`Records::error`] tells which).
    #[allow(clippy::should_implement_trait)]
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn next(&mut self) -> Option<&[u8]> {
        self.take(false, false)
    }

    /// All the complete records the buffer holds (at least one; several
    /// with their delimiters), or the unterminated last one: for filters
    /// that scan a whole buffer at a time.
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn next_chunk(&mut self) -> Option<&[u8]> {
        self.take(true, false)
    }

    /// [`Records::next`] in bounded memory: a record longer than the
    /// buffer comes in parts, each but the last without the delimiter
    /// (an unterminated last record ends as the input does, with `None`
    /// next).
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn next_part(&mut self) -> Option<&[u8]> {
        self.take(false, true)
    }

    /// [`Records::next_chunk`] in bounded memory: a block not ending in
    /// the delimiter holds the start (or the next part) of a record the
    /// next block goes on with, unless the input ends there.
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn next_block(&mut self) -> Option<&[u8]> {
        self.take(true, true)
    }

    /// The next record appended to `to` without its delimiter, in parts
    /// (a long record is held once, in `to`, not also in the buffer);
    /// false at the end of the input or after a read error.
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn next_into(&mut self, to: &mut Vec<u8>) -> bool {
        let (mut got, delim) = (false, self.delim);
        while let Some(part) = self.take(false, true) {
            got = true;
            let body = chomp(part, delim);
            to.extend_from_slice(body);
            if body.len() < part.len() {
                break;
            }
        }
        got
    }

    /// Up to the first (or with `all`, the last) delimiter buffered,
    /// reading more until there is one or the input ends; with `bounded`,
    /// a full buffer without one is given as it is rather than grown.
    #[inline(always)]
    fn take(&mut self, all: bool, bounded: bool) -> Option<&[u8]> {
        loop {
            let unscanned = &self.buf[self.scanned..self.end];
            let found = if all {
                memrchr(self.delim, unscanned)
            } else {
                memchr(self.delim, unscanned)
            };
            let from = self.start;
            if let Some(i) = found {
                self.start = self.scanned + i + 1;
                self.scanned = self.start;
                self.last = from;
                return Some(&self.buf[from..self.start]);
            }
            self.scanned = self.end;
            if self.eof && from == self.end {
                return None;
            }
            if self.eof || bounded && from == 0 && self.end == self.buf.len() {
                self.start = self.end;
                self.last = from;
                return Some(&self.buf[from..self.end]);
            }
            self.fill();
        }
    }

    #[cfg_attr(corebox_opt, optimize(speed))]
    fn fill(&mut self) {
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.scanned -= self.start;
            self.start = 0;
        }
        if self.end == self.buf.len() {
            // Grown a step at a time: only the room about to be read into
            // is written (zeroed), so a long record costs its own size in
            // memory, not up to twice (the capacity still doubles, in
            // pages never touched).
            let len = self.buf.len() + self.buf.len().min(GROW_STEP);
            logic::fill::grow(&mut self.buf, len, 0);
        }
        match self.fd.read(&mut self.buf[self.end..]) {
            Ok(0) => self.eof = true,
            Ok(n) => self.end += n,
            Err(e) => {
                self.err = Some(e);
                self.eof = true;
            }
        }
    }

    /// Puts `range` of the record or block last returned into `to` (what
    /// it held is dropped): a record filling most of a grown buffer moves
    /// there, the buffers trading places, rather than being copied, so a
    /// long line kept while the next is read is held once (as GNU's two
    /// line buffers that swap).
    pub fn save(&mut self, range: core::ops::Range<usize>, to: &mut Vec<u8>) {
        let (a, b) = (self.last + range.start, self.last + range.end);
        to.clear();
        if b - a <= self.cap || (b - a) * 2 < self.buf.len() {
            to.extend_from_slice(&self.buf[a..b]);
            return;
        }
        // `to`'s allocation (or a fresh one, if it is a long record's)
        // becomes the buffer, with the bytes not yet returned.
        let rest = self.end - self.start;
        let size = self.cap.max(rest);
        let mut buf = core::mem::take(to);
        if buf.capacity() > 2 * size {
            buf = Vec::new();
        }
        logic::fill::grow(&mut buf, size, 0);
        buf[..rest].copy_from_slice(&self.buf[self.start..self.end]);
        let mut kept = core::mem::replace(&mut self.buf, buf);
        kept.copy_within(a..b, 0);
        kept.truncate(b - a);
        *to = kept;
        self.scanned -= self.start;
        (self.start, self.end, self.last) = (0, rest, 0);
    }

    /// The read error that ended the input, if one did.
    pub fn error(&self) -> Option<Errno> {
        self.err
    }

    /// The record delimiter.
    pub fn delim(&self) -> u8 {
        self.delim
    }
}

/// Strips the delimiter `delim` from the end of `record`, if it is there.
pub fn chomp(record: &[u8], delim: u8) -> &[u8] {
    match record.split_last() {
        Some((&last, rest)) if last == delim => rest,
        _ => record,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(input: &[u8], delim: u8) -> Vec<Vec<u8>> {
        let (r, w) = crate::fs::pipe().unwrap();
        let input = input.to_vec();
        let writer = std::thread::spawn(move || {
            w.fd().write_all(&input).unwrap();
            drop(w);
        });
        let mut recs = Records::new(r.fd(), delim);
        let mut all = Vec::new();
        while let Some(rec) = recs.next() {
            all.push(rec.to_vec());
        }
        writer.join().unwrap();
        assert!(recs.error().is_none());
        all
    }

    #[test]
    fn save_moves_a_long_record_and_keeps_reading() {
        let long = vec![b'x'; 300_000];
        let mut input = b"a\n".to_vec();
        input.extend_from_slice(&long);
        input.extend_from_slice(b"\nb\nlast");
        let (r, w) = crate::fs::pipe().unwrap();
        let copy = input.clone();
        let writer = std::thread::spawn(move || {
            // Written in parts, so that a block ends with the long line.
            let (head, tail) = copy.split_at(2 + 300_001);
            w.fd().write_all(head).unwrap();
            std::thread::sleep(std::time::Duration::from_millis(50));
            w.fd().write_all(tail).unwrap();
        });
        let mut recs = Records::new(r.fd(), b'\n');
        let (mut all, mut saved, mut moved) = (Vec::new(), Vec::new(), false);
        while let Some(block) = recs.next_chunk() {
            all.extend_from_slice(block);
            let body = chomp(block, b'\n');
            let from = body.iter().rposition(|&c| c == b'\n').map_or(0, |i| i + 1);
            let want = body[from..].to_vec();
            let len = body.len();
            recs.save(from..len, &mut saved);
            assert_eq!(saved, want);
            // A copy reserves what it needs; the moved buffer has more room.
            moved |= want.len() > 1000 && saved.capacity() > want.len();
        }
        writer.join().unwrap();
        assert_eq!(all, input);
        assert_eq!(saved, b"last");
        assert!(moved, "the long line was copied, not moved");
    }

    #[test]
    fn splits_keeping_delimiters() {
        assert_eq!(
            records(b"a\nbb\n\nc", b'\n'),
            [&b"a\n"[..], b"bb\n", b"\n", b"c"]
        );
        assert_eq!(records(b"", b'\n'), Vec::<Vec<u8>>::new());
        assert_eq!(records(b"x\0y\0", 0), [&b"x\0"[..], b"y\0"]);
    }

    #[test]
    fn long_records_grow_the_buffer() {
        let mut input = vec![b'x'; INITIAL * 3 + 5];
        input.push(b'\n');
        input.extend_from_slice(b"tail");
        let recs = records(&input, b'\n');
        assert_eq!(recs.len(), 2);
        assert_eq!(recs[0].len(), INITIAL * 3 + 6);
        assert_eq!(recs[1], b"tail");
    }

    #[test]
    fn chunks_end_at_record_ends() {
        let (r, w) = crate::fs::pipe().unwrap();
        let mut input = b"ab\ncd\n".repeat(30_000);
        input.extend_from_slice(b"tail");
        let data = input.clone();
        let writer = std::thread::spawn(move || {
            w.fd().write_all(&data).unwrap();
            drop(w);
        });
        let mut recs = Records::new(r.fd(), b'\n');
        let mut all = Vec::new();
        let first = recs.next().unwrap().to_vec();
        all.extend_from_slice(&first);
        while let Some(c) = recs.next_chunk() {
            assert!(c.ends_with(b"\n") || c == b"tail");
            all.extend_from_slice(c);
        }
        writer.join().unwrap();
        assert_eq!(first, b"ab\n");
        assert_eq!(all, input);
    }

    #[test]
    fn blocks_end_on_a_delimiter() {
        let (r, w) = crate::fs::pipe().unwrap();
        let mut input = Vec::new();
        for i in 0..5000u32 {
            input.extend_from_slice(i.to_string().as_bytes());
            input.push(b'\n');
        }
        input.extend_from_slice(b"end");
        let expect = input.clone();
        let writer = std::thread::spawn(move || {
            w.fd().write_all(&input).unwrap();
            drop(w);
        });
        let mut recs = Records::with_capacity(r.fd(), b'\n', 100);
        let mut all = Vec::new();
        while let Some(b) = recs.next_chunk() {
            assert!(b.ends_with(b"\n") || b == b"end");
            all.extend_from_slice(b);
        }
        writer.join().unwrap();
        assert_eq!(all, expect);
    }

    fn feed(input: &[u8], cap: usize, block: bool) -> Vec<Vec<u8>> {
        let (r, w) = crate::fs::pipe().unwrap();
        let data = input.to_vec();
        let writer = std::thread::spawn(move || {
            w.fd().write_all(&data).unwrap();
            drop(w);
        });
        let mut recs = Records::with_capacity(r.fd(), b'\n', cap);
        let mut all = Vec::new();
        loop {
            let piece = if block {
                recs.next_block()
            } else {
                recs.next_part()
            };
            let Some(piece) = piece else { break };
            assert!(!piece.is_empty() && piece.len() <= cap);
            all.push(piece.to_vec());
        }
        writer.join().unwrap();
        assert_eq!(recs.buf.len(), cap, "the buffer never grows");
        all
    }

    #[test]
    fn long_records_come_in_parts() {
        let mut input = vec![b'x'; 100];
        input.extend_from_slice(b"\nab\ncd");
        let parts = feed(&input, 32, false);
        assert_eq!(parts.concat(), input);
        assert_eq!(parts[..3], [vec![b'x'; 32], vec![b'x'; 32], vec![b'x'; 32]]);
        assert_eq!(parts[3..], [&b"xxxx\n"[..], b"ab\n", b"cd"]);
        let blocks = feed(&input, 32, true);
        assert_eq!(blocks.concat(), input);
        assert!(blocks[..3].iter().all(|b| b.len() == 32));
        let last = blocks.len() - 1;
        assert!(blocks[3..last].iter().all(|b| b.ends_with(b"\n")));
    }

    #[test]
    fn chomps() {
        assert_eq!(chomp(b"ab\n", b'\n'), b"ab");
        assert_eq!(chomp(b"ab", b'\n'), b"ab");
        assert_eq!(chomp(b"", b'\n'), b"");
    }
}
