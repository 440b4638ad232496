// corebox applet
// name: tac
// usage: [OPTION]... [FILE]...
// option: -b, --before
// option: -r, --regex
// option: -s, --separator=STRING
// help:
// Write each FILE to standard output, last line first.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -b, --before             attach the separator before instead of after
//   -r, --regex              interpret the separator as a regular expression
//   -s, --separator=STRING   use STRING as the separator instead of newline
//       --help        display this help and exit
//       --version     output version information and exit

use super::SPEC;
use crate::shared::diag::{die, quotef};
use crate::shared::files::{finish, or_stdin};
use alloc::vec::Vec;
use logic::memchr::{memrchr, memrchr_iter};
use logic::regex::{Regex, Syntax};
use sys::fs::{self, Input, Whence};
use sys::io::{error, out, Fd};
use sys::Errno;

/// Bytes read per step when reading a file backwards.
const BLOCK: usize = 128 * 1024;

enum Sep {
    Byte(u8),
    Bytes(&'static [u8]),
    Regex(alloc::boxed::Box<Regex>),
}

impl Sep {
    /// The rightmost separator that ends at or before `limit` (for a regex,
    /// GNU's `re_search` over `hay[..limit]` from `limit - 1` backwards).
    fn rfind(&self, hay: &[u8], limit: usize) -> Option<(usize, usize)> {
        match self {
            Sep::Byte(b) => memrchr(*b, &hay[..limit]).map(|i| (i, i + 1)),
            Sep::Bytes(s) => logic::substr::rfind(&hay[..limit], s).map(|i| (i, i + s.len())),
            Sep::Regex(r) => {
                let from = limit.checked_sub(1)?;
                r.search_back(&hay[..limit], from)
            }
        }
    }
}

/// The reversal of one input, fed its blocks from the last to the first:
/// records are cut off the end of the pending bytes one by one. The
/// pending bytes are `buf[head..head + pending]`, with room before them
/// for the blocks to come (grown by doubling, so a long line costs linear
/// time), and a new block is searched only where a separator can end
/// that was not there before.
struct Reverser<'a> {
    sep: &'a Sep,
    before: bool,
    first: bool,
    buf: Vec<u8>,
    head: usize,
    pending: usize,
    /// Where the last separator found starts (from `head`): the next one
    /// ends before.
    limit: usize,
    /// The size of the room last handed out.
    room: usize,
}

impl Reverser<'_> {
    fn new(sep: &Sep, before: bool) -> Reverser<'_> {
        Reverser {
            sep,
            before,
            first: true,
            buf: Vec::new(),
            head: 0,
            pending: 0,
            limit: 0,
            room: 0,
        }
    }

    /// Room for `n` bytes that come before the pending ones.
    fn room(&mut self, n: usize) -> &mut [u8] {
        let (head, pending) = (self.head, self.pending);
        self.buf.truncate(head + pending);
        if head < n {
            let new_head = n.max(pending).max(BLOCK);
            let mut v = Vec::with_capacity(new_head + pending);
            logic::fill::grow(&mut v, new_head, 0);
            v.extend_from_slice(&self.buf[head..]);
            self.buf = v;
            self.head = new_head;
        }
        self.room = n;
        &mut self.buf[self.head - n..self.head]
    }

    /// The first `n` bytes of the room are filled; `start`: they begin the
    /// input. Writes every record known to be complete.
    #[cfg_attr(corebox_opt, optimize(speed), inline(never))]
    fn filled(&mut self, n: usize, start: bool) {
        let at = self.head - self.room;
        if n < self.room {
            self.buf.copy_within(at..at + n, self.head - n);
        }
        self.head -= n;
        self.pending += n;
        self.limit += n;
        // Past the new bytes (and a separator's length less one) the
        // pending bytes were searched before.
        let bound = match self.sep {
            Sep::Byte(_) => n,
            Sep::Bytes(s) => n + s.len().saturating_sub(1),
            Sep::Regex(_) => self.limit,
        };
        let Reverser {
            sep,
            before,
            first,
            buf,
            head,
            pending,
            limit,
            ..
        } = self;
        let data = &buf[*head..];
        let mut cut = |s: usize, e: usize| {
            if *before {
                out().write(&data[s..*pending]);
                *pending = s;
            } else {
                if !*first || e != *pending {
                    out().write(&data[e..*pending]);
                }
                *first = false;
                *pending = e;
            }
        };
        let mut lim = bound.min(*limit);
        if let Sep::Byte(b) = sep {
            // One backward scan of the whole block for the common case.
            for i in memrchr_iter(*b, &data[..lim]) {
                cut(i, i + 1);
                lim = i;
            }
        } else {
            while let Some((s, e)) = sep.rfind(data, lim) {
                cut(s, e);
                lim = s;
            }
        }
        *limit = lim;
        if start {
            out().write(&self.buf[self.head..self.head + self.pending]);
        }
    }

    /// Reverses the blocks of a whole input, given in file order: one by
    /// one for literal separators, joined for a regex (which may match
    /// across blocks).
    fn blocks(&mut self, mut blocks: Vec<Vec<u8>>) {
        if matches!(self.sep, Sep::Regex(_)) && blocks.len() > 1 {
            blocks = alloc::vec![blocks.concat()];
        }
        while let Some(b) = blocks.pop() {
            self.room(b.len()).copy_from_slice(&b);
            let n = b.len();
            drop(b);
            self.filled(n, blocks.is_empty());
        }
    }
}

/// GNU tac's own wording (`FILE: read error`, not diag::read_error's).
fn read_error(name: &[u8], e: Errno) -> bool {
    error(&[&quotef(name), b": read error"], Some(e));
    false
}

/// A seekable file read backwards block by block.
#[cfg_attr(corebox_opt, optimize(speed), inline(never))]
fn tac_seekable(fd: Fd, name: &[u8], size: u64, r: &mut Reverser) -> bool {
    // A regex may match across blocks: it gets the whole file at once.
    let regex = matches!(r.sep, Sep::Regex(_));
    let mut saved: Vec<Vec<u8>> = Vec::new();
    // The first read asks for a whole block at a block boundary (as GNU
    // does, so that a directory, whose size is huge, fails the same way).
    let mut pos = size - size % BLOCK as u64;
    if pos == size {
        pos = size.saturating_sub(BLOCK as u64);
    }
    let mut want = BLOCK;
    let mut first = true;
    loop {
        if let Err(e) = fs::seek(fd, Whence::Start(pos)) {
            error(&[&quotef(name), b": seek failed"], Some(e));
        }
        let mut block = alloc::vec![];
        let room = if regex {
            logic::fill::grow(&mut block, want, 0);
            &mut block[..]
        } else {
            r.room(want)
        };
        let n = match fd.read_full(room) {
            Ok(k) if k == want || first => k,
            // Only the last block of the file may be short.
            Ok(_) => return read_error(name, Errno::IO),
            Err(e) => return read_error(name, e),
        };
        first = false;
        if regex {
            block.truncate(n);
            saved.push(block);
        } else {
            r.filled(n, pos == 0);
        }
        if pos == 0 {
            if regex {
                saved.reverse();
                r.blocks(saved);
            }
            return true;
        }
        want = BLOCK.min(pos as usize);
        pos -= want as u64;
    }
}

/// Files that say they are empty but may not be (/proc): read whole
/// into blocks, then reversed.
#[cfg_attr(corebox_opt, optimize(speed), inline(never))]
fn tac_memory(fd: Fd, name: &[u8], r: &mut Reverser) -> bool {
    const CHUNK: usize = 1 << 20;
    let mut blocks: Vec<Vec<u8>> = Vec::new();
    loop {
        let mut b = alloc::vec![0; CHUNK];
        match fd.read_full(&mut b) {
            Ok(n) => {
                b.truncate(n);
                if n > 0 {
                    blocks.push(b);
                }
                if n < CHUNK {
                    break;
                }
            }
            Err(e) => return read_error(name, e),
        }
    }
    r.blocks(blocks);
    true
}

/// Pipes and terminals (GNU's tac_nonseekable): copied to a temporary
/// file in $TMPDIR (default /tmp), removed at once, and read backwards
/// from there, so memory stays bounded.
#[cfg_attr(corebox_opt, optimize(speed), inline(never))]
fn tac_nonseekable(fd: Fd, name: &[u8], r: &mut Reverser) -> bool {
    let dir: &[u8] = sys::env::var(b"TMPDIR").unwrap_or(b"/tmp");
    let mut prefix = dir.to_vec();
    if !prefix.ends_with(b"/") {
        prefix.push(b'/');
    }
    prefix.extend_from_slice(b"tac");
    let (tmp, tmp_name) = match fs::mkstemp(&prefix) {
        Ok(t) => t,
        Err(e) => {
            let q = crate::shared::diag::quoteaf(dir);
            error(&[b"failed to create temporary file in ", &q], Some(e));
            return false;
        }
    };
    fs::unlink(&tmp_name).ok();
    let mut buf = alloc::vec![0u8; BLOCK];
    let mut size = 0u64;
    loop {
        let n = match fd.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => return read_error(name, e),
        };
        if let Err(e) = tmp.fd().write_all(&buf[..n]) {
            error(&[&quotef(&tmp_name), b": write error"], Some(e));
            return false;
        }
        size += n as u64;
    }
    tac_seekable(tmp.fd(), &tmp_name, size, r)
}

fn tac_file(name: &'static [u8], sep: &Sep, before: bool) -> bool {
    let input = match Input::open(name) {
        Ok(i) => i,
        Err(e) => {
            error(
                &[
                    b"failed to open ",
                    &crate::shared::diag::quoteaf(name),
                    b" for reading",
                ],
                Some(e),
            );
            return false;
        }
    };
    let label: &[u8] = if input.is_stdin() {
        b"standard input"
    } else {
        name
    };
    let fd = input.fd();
    let mut r = Reverser::new(sep, before);
    let size = fs::seek(fd, Whence::End(0));
    // Files that say they are empty may not be (/proc): read to the end.
    let sized = fs::fstat(fd).is_ok_and(|st| st.size > 0);
    match size {
        Ok(size) if sized && !fs::isatty(fd) => tac_seekable(fd, label, size, &mut r),
        Ok(_) if !fs::isatty(fd) => match fs::seek(fd, Whence::Start(0)) {
            Ok(_) => tac_memory(fd, label, &mut r),
            Err(e) => read_error(label, e),
        },
        _ => tac_nonseekable(fd, label, &mut r),
    }
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    // GNU 9.1's tac: its own 8 KiB output buffer, fwritten through stdio's
    // 4 KiB one, leaves data pending at exit (`write error: ERRNO`) or not
    // (a bare `write error`) by turns every 4 KiB from 4 KiB on.
    sys::io::set_own_output_buffer();
    sys::io::set_write_error_style(
        sys::io::WriteErrorKind::Errno,
        sys::io::WriteErrorKind::Plain,
        4096,
        8192,
    );
    sys::io::set_write_error_period(8192);
    let (mut before, mut regex, mut separator): (bool, bool, &'static [u8]) = (false, false, b"\n");
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            'b' => before = true,
            'r' => regex = true,
            's' => separator = o.arg.unwrap_or(b"\n"),
            _ => {}
        }
    }
    let sep = if regex {
        if separator.is_empty() {
            die(&[b"separator cannot be empty"], None);
        }
        match Regex::new_in_locale(separator, Syntax::Emacs, sys::env::utf8_locale()) {
            Ok(r) => Sep::Regex(alloc::boxed::Box::new(r)),
            Err(m) => die(&[m.as_bytes()], None),
        }
    } else {
        match separator {
            [] => Sep::Byte(0),
            [b] => Sep::Byte(*b),
            s => Sep::Bytes(s),
        }
    };
    let names = or_stdin(opts.operands());
    let mut ok = true;
    for &name in &names {
        ok &= tac_file(name, &sep, before);
    }
    finish(&names, ok)
}
