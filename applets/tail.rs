// corebox applet
// name: tail
// usage: [OPTION]... [FILE]...
// option: -c, --bytes=[+]NUM
// option: -f
// option: --follow[={name|descriptor}]
// option: -F
// option: -n, --lines=[+]NUM
// option: --max-unchanged-stats=N
// option: --pid=PID
// option: -q, --quiet, --silent
// option: --retry
// option: -s, --sleep-interval=N
// option: -v, --verbose
// option: -z, --zero-terminated
// option: ---disable-inotify
// option: ---presume-input-pipe
// option: -0
// option: -1
// option: -2
// option: -3
// option: -4
// option: -5
// option: -6
// option: -7
// option: -8
// option: -9
// help:
// Print the last 10 lines of each FILE to standard output.
// With more than one FILE, precede each with a header giving the file name.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -c, --bytes=[+]NUM       output the last NUM bytes; or use -c +NUM to
//                              output starting with byte NUM of each file
//   -f, --follow[={name|descriptor}]
//                            output appended data as the file grows;
//                              an absent option argument means 'descriptor'
//   -F                       same as --follow=name --retry
//   -n, --lines=[+]NUM       output the last NUM lines, instead of the last 10;
//                              or use -n +NUM to output starting with line NUM
//       --max-unchanged-stats=N
//                            with --follow=name, reopen a FILE which has not
//                              changed size after N (default 5) iterations
//                              to see if it has been unlinked or renamed
//                              (this is the usual case of rotated log files);
//                              with inotify, this option is rarely useful
//       --pid=PID            with -f, terminate after process ID, PID dies
//   -q, --quiet, --silent    never output headers giving file names
//       --retry              keep trying to open a file if it is inaccessible
//   -s, --sleep-interval=N   with -f, sleep for approximately N seconds
//                              (default 1.0) between iterations;
//                              with inotify and --pid=P, check process P at
//                              least once every N seconds
//   -v, --verbose            always output headers giving file names
//   -z, --zero-terminated    line delimiter is NUL, not newline
//       --help        display this help and exit
//       --version     output version information and exit
//
// NUM may have a multiplier suffix:
// b 512, kB 1000, K 1024, MB 1000*1000, M 1024*1024,
// GB 1000*1000*1000, G 1024*1024*1024, and so on for T, P, E, Z, Y.
// Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
//
// With --follow (-f), tail defaults to following the file descriptor, which
// means that even if a tail'ed file is renamed, tail will continue to track
// its end.  This default behavior is not desirable when you really want to
// track the actual name of the file, not the file descriptor (e.g., log
// rotation).  Use --follow=name in that case.  That causes tail to track the
// named file in a way that accommodates renaming, removal and creation.

use super::{opt, SPEC};
use crate::shared::cli::{choice, count_or_die, number_or_die};
use crate::shared::diag::{die, open_error, quote, quoteaf, quotef, read_error};
use crate::shared::files::{finish, or_stdin, HeaderMode, Headers};
use alloc::vec::Vec;
use core::ops::ControlFlow::{self, Break, Continue};
use logic::elide::{Elider, Unit};
use logic::memchr::{memchr_iter, memrchr_iter};
use sys::fs::{self, Stat, Whence};
use sys::inotify::{self as ino, Event};
use sys::io::{error, out, Fd, File};
use sys::Errno;

const BUF: usize = 128 * 1024;
/// Amounts for [`Tail::dump`] beside a byte count: up to end of file, or
/// what one read gives.
const TO_EOF: u64 = u64::MAX;
const A_BUFFER: u64 = u64::MAX - 1;

/// What went wrong when a followed file was last looked at (GNU's
/// `errnum`: 0, -1 or an errno); a message is not repeated while its
/// cause lasts.
#[derive(Clone, Copy, PartialEq)]
enum Problem {
    None,
    /// Not a kind of file tail can follow, or it could not be read.
    Untailable,
    Errno(Errno),
}

/// Whether reads of a followed file block (GNU's `blocking`: 1, 0, or -1
/// until the poll loop sets the descriptor's mode).
#[derive(Clone, Copy, PartialEq)]
enum Blocking {
    Unknown,
    Yes,
    No,
}

impl From<bool> for Blocking {
    fn from(yes: bool) -> Blocking {
        if yes {
            Blocking::Yes
        } else {
            Blocking::No
        }
    }
}

/// Where [`Tail::skip_start`] left its input.
enum Skip {
    /// Skipped, and what followed in the last block read is printed.
    Done,
    EndOfInput,
    ReadError,
}

/// One FILE operand and what is known about it while following (GNU's
/// `struct File_spec`).
struct TailedFile {
    name: &'static [u8],
    fd: Option<Fd>,
    /// The descriptor when it is ours to close (not standard input).
    owned: Option<File>,
    /// How much of the file has been printed: the offset reached.
    size: u64,
    mtime: (i64, u32),
    dev: u64,
    ino: u64,
    mode: u32,
    /// Given up on: never looked at again.
    ignore: bool,
    remote: bool,
    tailable: bool,
    problem: Problem,
    blocking: Blocking,
    /// The inotify watches of the file and (by name) of its directory.
    wd: Option<i32>,
    parent_wd: Option<i32>,
    /// Polls in a row that found no change (--max-unchanged-stats).
    unchanged: u64,
}

impl TailedFile {
    fn new(name: &'static [u8]) -> TailedFile {
        TailedFile {
            name,
            fd: None,
            owned: None,
            size: 0,
            mtime: (0, 0),
            dev: 0,
            ino: 0,
            mode: 0,
            ignore: false,
            remote: false,
            tailable: true,
            problem: Problem::None,
            blocking: Blocking::Unknown,
            wd: None,
            parent_wd: None,
            unchanged: 0,
        }
    }
    #[inline(never)]
    fn pretty(&self) -> &'static [u8] {
        if self.name == b"-" {
            b"standard input"
        } else {
            self.name
        }
    }
    fn is_stdin(&self) -> bool {
        self.name == b"-"
    }
    fn close(&mut self) {
        self.owned = None;
        self.fd = None;
    }
    fn record(&mut self, fd: Fd, owned: Option<File>, size: u64, st: &Stat, blocking: Blocking) {
        self.fd = Some(fd);
        self.owned = owned;
        self.size = size;
        self.mtime = (st.mtime, st.mtime_nsec);
        self.dev = st.dev;
        self.ino = st.ino;
        self.mode = st.mode;
        self.blocking = blocking;
        self.unchanged = 0;
        self.ignore = false;
    }

    /// The directory to watch for this name, and the last component.
    fn dir_and_base(&self) -> (&'static [u8], &'static [u8]) {
        (
            logic::path::dirname(self.name),
            logic::path::basename(self.name),
        )
    }
}

fn is_tailable(mode: u32) -> bool {
    matches!(
        mode & fs::S_IFMT,
        fs::S_IFREG | fs::S_IFIFO | fs::S_IFCHR | fs::S_IFSOCK
    )
}
fn is_reg(mode: u32) -> bool {
    mode & fs::S_IFMT == fs::S_IFREG
}
fn is_symlink(st: Stat) -> bool {
    st.mode & fs::S_IFMT == fs::S_IFLNK
}

/// `tail: PRE'NAME'POST[: ERROR]`, the name quoted GNU's quoteaf way
/// (always); one out-of-line copy for the many such messages.
#[inline(never)]
fn report_quoteaf(pre: &[u8], name: &[u8], post: &[u8], e: Option<Errno>) {
    error(&[pre, &quoteaf(name), post], e);
}

/// `tail: NAME POST[: ERROR]`, the name quoted GNU's quotef way (only
/// when it must be).
#[inline(never)]
fn report_quotef(name: &[u8], post: &[u8], e: Option<Errno>) {
    error(&[&quotef(name), post], e);
}

/// The options.
struct Config {
    lines: bool,
    /// `+NUM`: from line or byte NUM on (`n` then counts what to skip).
    from_start: bool,
    n: u64,
    eol: u8,
    presume_pipe: bool,
    /// -f: follow.
    forever: bool,
    by_name: bool,
    retry: bool,
    /// -s, in seconds.
    sleep: f64,
    max_unchanged: u64,
    /// --pid; 0 for none.
    pid: i32,
    disable_inotify: bool,
    headers: HeaderMode,
}

/// A run of tail: the options and the state all files share.
struct Tail {
    cfg: Config,
    print_headers: bool,
    headers: Headers,
    /// Standard output is a pipe: its reader going away ends tail.
    monitor_output: bool,
    /// Following by inotify (not polling).
    inotify: bool,
    buf: Vec<u8>,
}

impl Tail {
    /// Copies up to `n` bytes (or to end of file, or one read) to standard
    /// output; a read error other than EAGAIN ends the program, as GNU's.
    fn dump(&mut self, header: bool, name: &[u8], fd: Fd, n: u64) -> u64 {
        let mut header = header;
        let mut left = n;
        let mut total = 0u64;
        while left > 0 {
            let want = (self.buf.len() as u64).min(left) as usize;
            let k = match fd.read(&mut self.buf[..want]) {
                Ok(0) => break,
                Ok(k) => k,
                Err(Errno::AGAIN) => break,
                Err(e) => die(&[b"error reading ", &quoteaf(name)], Some(e)),
            };
            if header {
                self.headers.write(name);
                header = false;
            }
            out().write(&self.buf[..k]);
            check_output();
            total += k as u64;
            if n != TO_EOF {
                left -= k as u64;
                if n == A_BUFFER {
                    break;
                }
            }
        }
        total
    }

    /// `n` bytes from the offset of a regular file to standard output, by
    /// sendfile(2) when it works (no copy through user space).
    fn dump_file_range(&mut self, name: &[u8], fd: Fd, mut n: u64) -> u64 {
        let total = n;
        if out().flush().is_ok() {
            while n > 0 {
                match fs::sendfile(Fd::STDOUT, fd, n.min(1 << 30) as usize) {
                    Ok(0) => return total - n,
                    Ok(k) => n -= k as u64,
                    Err(_) => break,
                }
            }
        }
        total - n
            + if n > 0 {
                self.dump(false, name, fd, n)
            } else {
                0
            }
    }

    /// The last `n` lines or bytes of an unseekable input, holding just
    /// enough of it (GNU's pipe_lines / pipe_bytes).
    fn pipe(&mut self, name: &[u8], fd: Fd, pos: &mut u64) -> bool {
        let unit = if self.cfg.lines {
            Unit::Lines(self.cfg.eol)
        } else {
            Unit::Bytes
        };
        let mut ring = Elider::new(unit, self.cfg.n);
        // Fewer wake-ups when the writer is fast (as cat does for its pipe).
        fs::grow_pipe(fd, 1 << 20).ok();
        loop {
            match fd.read_full(&mut self.buf) {
                Ok(0) => break,
                Ok(k) => {
                    *pos += k as u64;
                    let chunk = &self.buf[..k];
                    let c = match unit {
                        Unit::Lines(eol) => sys::simd::count_byte(eol, chunk) as u64,
                        Unit::Bytes => k as u64,
                    };
                    ring.push_counted(chunk, c, |_| {});
                    if k < self.buf.len() {
                        break;
                    }
                }
                Err(Errno::AGAIN) => break,
                Err(e) => return read_error(name, e),
            }
        }
        ring.finish_tail(|b| out().write(b));
        check_output();
        true
    }

    /// Skips `n` lines or bytes from the start, printing what follows them
    /// in the same buffer.
    fn skip_start(&mut self, name: &[u8], fd: Fd, mut n: u64, pos: &mut u64) -> Skip {
        while n > 0 {
            let k = match fd.read(&mut self.buf) {
                Ok(0) => return Skip::EndOfInput,
                Ok(k) => k,
                Err(e) => {
                    read_error(name, e);
                    return Skip::ReadError;
                }
            };
            *pos += k as u64;
            let chunk = &self.buf[..k];
            if !self.cfg.lines {
                if (k as u64) > n {
                    out().write(&chunk[n as usize..]);
                    return Skip::Done;
                }
                n -= k as u64;
                continue;
            }
            let c = sys::simd::count_byte(self.cfg.eol, chunk) as u64;
            if c < n {
                n -= c;
                continue;
            }
            let mut it = memchr_iter(self.cfg.eol, chunk);
            let p = it.nth((n - 1) as usize).unwrap_or(k - 1);
            out().write(&chunk[p + 1..]);
            return Skip::Done;
        }
        Skip::Done
    }

    /// The last `n` lines of a regular file between `start` and `end`,
    /// found by reading backwards in blocks from the end.
    fn file_lines(&mut self, name: &[u8], fd: Fd, start: u64, end: u64) -> bool {
        let bs = self.buf.len() as u64;
        let eol = self.cfg.eol;
        let mut pos = end;
        let mut need = self.cfg.n;
        let mut first = true;
        let from = loop {
            if pos <= start {
                break start;
            }
            let len = match (pos - start) % bs {
                0 => bs,
                r if first => r,
                _ => bs,
            }
            .min(pos - start);
            pos -= len;
            let block = &mut self.buf[..len as usize];
            if let Err(e) = fs::seek(fd, Whence::Start(pos)).and_then(|_| fd.read_full(block)) {
                return read_error(name, e);
            }
            let block = &self.buf[..len as usize];
            if first {
                first = false;
                // A last line without terminator counts as a line.
                if block.last() == Some(&eol) {
                    need = need.saturating_add(1);
                }
            }
            let c = sys::simd::count_byte(eol, block) as u64;
            if c < need {
                need -= c;
                continue;
            }
            let p = memrchr_iter(eol, block)
                .nth((need - 1) as usize)
                .unwrap_or(0);
            break pos + p as u64 + 1;
        };
        if fs::seek(fd, Whence::Start(from)).is_err() {
            return true;
        }
        self.dump_file_range(name, fd, end - from);
        true
    }

    /// GNU's tail_lines and tail_bytes: prints the wanted part of `fd`;
    /// `pos` gets the offset reached (where following continues).
    fn tail(&mut self, name: &[u8], fd: Fd, pos: &mut u64) -> bool {
        *pos = 0;
        let st = match fs::fstat(fd) {
            Ok(st) => st,
            Err(e) => {
                report_quoteaf(b"cannot fstat ", name, b"", Some(e));
                return false;
            }
        };
        if self.cfg.from_start {
            self.tail_from_start(name, fd, &st, pos)
        } else if self.cfg.lines {
            self.tail_lines(name, fd, &st, pos)
        } else {
            self.tail_bytes(name, fd, &st, pos)
        }
    }

    /// `+NUM`: everything after the first `n` lines or bytes.
    fn tail_from_start(&mut self, name: &[u8], fd: Fd, st: &Stat, pos: &mut u64) -> bool {
        let n = self.cfg.n;
        let seek = |fd| fs::seek(fd, Whence::Current(n as i64));
        if !self.cfg.lines && !self.cfg.presume_pipe && n <= i64::MAX as u64 && st.is_reg() {
            // GNU's xlseek: a regular file that cannot seek there ends tail.
            if let Err(e) = seek(fd) {
                let mut tmp = [0u8; 20];
                let off = logic::digits::u64_dec(n, &mut tmp);
                die(
                    &[&quotef(name), b": cannot seek to relative offset ", off],
                    Some(e),
                );
            }
            *pos += n;
        } else if !self.cfg.lines
            && !self.cfg.presume_pipe
            && n <= i64::MAX as u64
            && seek(fd).is_ok()
        {
            *pos += n;
        } else {
            match self.skip_start(name, fd, n, pos) {
                Skip::Done => {}
                Skip::EndOfInput => return true,
                Skip::ReadError => return false,
            }
        }
        *pos += if st.is_reg() && !self.cfg.presume_pipe {
            self.dump_file_range(name, fd, TO_EOF)
        } else {
            self.dump(false, name, fd, TO_EOF)
        };
        true
    }

    /// The last `n` lines: read backwards from the end of a regular file.
    fn tail_lines(&mut self, name: &[u8], fd: Fd, st: &Stat, pos: &mut u64) -> bool {
        if !self.cfg.presume_pipe && st.is_reg() {
            if let (Ok(start), Ok(end)) = (fs::tell(fd), fs::seek(fd, Whence::End(0))) {
                if start < end {
                    *pos = end;
                    return self.cfg.n == 0 || self.file_lines(name, fd, start, end);
                }
                fs::seek(fd, Whence::Start(start)).ok();
            }
        }
        self.pipe(name, fd, pos)
    }

    /// The last `n` bytes: seek to them where the size can be trusted, only
    /// above one block (/proc and the like say 0 or 4096 and hold
    /// something else).
    fn tail_bytes(&mut self, name: &[u8], fd: Fd, st: &Stat, pos: &mut u64) -> bool {
        let n = self.cfg.n;
        let mut end: i64 = -1;
        let mut cur: i64 = -1;
        if !self.cfg.presume_pipe && n <= i64::MAX as u64 {
            if st.is_reg() {
                end = st.size;
            } else if let Ok(c) = fs::seek(fd, Whence::End(-(n as i64))) {
                cur = c as i64;
                end = cur + n as i64;
            }
        }
        if end <= st.blksize as i64 {
            return self.pipe(name, fd, pos);
        }
        if cur == -1 {
            cur = match fs::tell(fd) {
                Ok(c) => c as i64,
                Err(e) => die(&[&quoteaf(name), b": cannot seek to offset 0"], Some(e)),
            };
        }
        if cur < end && (n as i64) < end - cur {
            cur = end - n as i64;
            fs::seek(fd, Whence::Start(cur as u64)).ok();
        }
        *pos = cur as u64;
        *pos += if st.is_reg() && n != TO_EOF {
            self.dump_file_range(name, fd, n)
        } else {
            self.dump(false, name, fd, n)
        };
        true
    }

    /// GNU's tail_file: open, print the wanted part, and get ready to follow.
    fn tail_file(&mut self, f: &mut TailedFile) -> bool {
        let opened = if f.is_stdin() {
            Ok((Fd::STDIN, None))
        } else {
            fs::open(f.name, fs::Open::Read).map(|file| (file.fd(), Some(file)))
        };
        f.tailable = !(self.cfg.retry && opened.is_err());
        let (fd, owned) = match opened {
            Ok(x) => x,
            Err(e) => {
                if self.cfg.forever {
                    f.close();
                    f.problem = Problem::Errno(e);
                    f.ignore = !self.cfg.retry;
                    f.ino = 0;
                    f.dev = 0;
                }
                return open_error(f.pretty(), e);
            }
        };
        if self.print_headers {
            self.headers.write(f.pretty());
        }
        let mut pos = 0;
        let mut ok = self.tail(f.pretty(), fd, &mut pos);
        if !self.cfg.forever {
            return ok;
        }
        f.problem = if ok {
            Problem::None
        } else {
            Problem::Untailable
        };
        match fs::fstat(fd) {
            Err(e) => {
                f.problem = Problem::Errno(e);
                ok = read_error(f.pretty(), e);
            }
            Ok(st) if !is_tailable(st.mode) => {
                ok = false;
                f.problem = Problem::Untailable;
                f.tailable = false;
                f.ignore = !(self.cfg.retry && self.cfg.by_name);
                let why: &[u8] = if f.ignore {
                    b"; giving up on this name"
                } else {
                    b""
                };
                error(
                    &[
                        &quotef(f.pretty()),
                        b": cannot follow end of this type of file",
                        why,
                    ],
                    None,
                );
            }
            Ok(st) if ok => {
                let blocking = if f.is_stdin() {
                    Blocking::Unknown
                } else {
                    Blocking::Yes
                };
                f.record(fd, owned, pos, &st, blocking);
                f.remote = self.remote(fd, f.pretty());
                return true;
            }
            Ok(_) => {}
        }
        f.ignore = !(self.cfg.retry && self.cfg.by_name);
        f.close();
        ok
    }

    fn remote(&self, fd: Fd, name: &[u8]) -> bool {
        match fs::is_remote(fd) {
            Ok(r) => r,
            Err(e) => {
                if e != Errno::NOSYS {
                    report_quoteaf(
                        b"cannot determine location of ",
                        name,
                        b". reverting to polling",
                        Some(e),
                    );
                }
                true
            }
        }
    }

    /// GNU's recheck: looks at the name again after a change, reopening
    /// it, and says what happened to it.
    fn recheck(&mut self, f: &mut TailedFile, blocking: bool) {
        let opened = if f.is_stdin() {
            Ok((Fd::STDIN, None))
        } else if blocking {
            fs::open(f.name, fs::Open::Read).map(|x| (x.fd(), Some(x)))
        } else {
            fs::open_nonblock(f.name).map(|x| (x.fd(), Some(x)))
        };
        let was_tailable = f.tailable;
        let prev = f.problem;
        f.tailable = !(self.cfg.retry && opened.is_err());
        let st = self.still_tailable(f, &opened, was_tailable, prev);
        let (fd, owned) = opened.unwrap_or((Fd::STDIN, None));
        let Some(st) = st else {
            f.close();
            return;
        };
        if !matches!(prev, Problem::None | Problem::Errno(Errno::NOENT)) {
            report_quoteaf(b"", f.pretty(), b" has become accessible", None);
        } else if f.fd.is_none() {
            report_quoteaf(b"", f.pretty(), b" has appeared;  following new file", None);
        } else if f.ino != st.ino || f.dev != st.dev {
            report_quoteaf(
                b"",
                f.pretty(),
                b" has been replaced;  following new file",
                None,
            );
            f.close();
        } else {
            return;
        }
        let blocking = if f.is_stdin() {
            Blocking::Unknown
        } else {
            Blocking::from(blocking)
        };
        f.record(fd, owned, 0, &st, blocking);
        if is_reg(st.mode) {
            fs::seek(fd, Whence::Start(0)).ok();
        }
    }

    /// The checks of [`Tail::recheck`]: the status of the name reopened
    /// when it can still be followed; else what happened is recorded and
    /// reported (once).
    fn still_tailable(
        &mut self,
        f: &mut TailedFile,
        opened: &Result<(Fd, Option<File>), Errno>,
        was_tailable: bool,
        prev: Problem,
    ) -> Option<Stat> {
        let symlink = self.inotify && fs::lstat(f.name).is_ok_and(is_symlink);
        let stat = opened
            .as_ref()
            .map_err(|e| *e)
            .and_then(|(fd, _)| fs::fstat(*fd).map(|st| (*fd, st)));
        if symlink {
            f.problem = Problem::Untailable;
            f.ignore = true;
            report_quoteaf(
                b"",
                f.pretty(),
                b" has been replaced with an untailable symbolic link",
                None,
            );
            return None;
        }
        let (fd, st) = match stat {
            Ok(x) => x,
            Err(e) => {
                f.problem = Problem::Errno(e);
                if !f.tailable {
                    if was_tailable {
                        report_quoteaf(b"", f.pretty(), b" has become inaccessible", Some(e));
                    }
                } else if prev != Problem::Errno(e) {
                    report_quotef(f.pretty(), b"", Some(e));
                }
                return None;
            }
        };
        if !is_tailable(st.mode) {
            f.problem = Problem::Untailable;
            f.tailable = false;
            f.ignore = !(self.cfg.retry && self.cfg.by_name);
            if was_tailable || prev != Problem::Untailable {
                let why: &[u8] = if f.ignore {
                    b"; giving up on this name"
                } else {
                    b""
                };
                error(
                    &[
                        &quoteaf(f.pretty()),
                        b" has been replaced with an untailable file",
                        why,
                    ],
                    None,
                );
            }
            return None;
        }
        f.remote = self.remote(fd, f.pretty());
        if f.remote && self.inotify {
            f.problem = Problem::Untailable;
            report_quoteaf(
                b"",
                f.pretty(),
                b" has been replaced with an untailable remote file",
                None,
            );
            f.ignore = true;
            return None;
        }
        f.problem = Problem::None;
        Some(st)
    }

    fn any_live(&self, files: &[TailedFile]) -> bool {
        if self.cfg.retry && self.cfg.by_name {
            return true;
        }
        files
            .iter()
            .any(|f| f.fd.is_some() || (!f.ignore && self.cfg.retry))
    }

    fn check_output_alive(&self) {
        if self.monitor_output && sys::io::stdout_broken() {
            sys::signal::raise_default(sys::signal::Sig::PIPE);
        }
    }

    /// GNU's fflush-or-write_error of the follow loops: the error, then
    /// close_stdout's own plain `write error`, and exit.
    fn flush(&self) {
        if let Err(e) = out().flush() {
            out().take_error();
            error(&[b"write error"], Some(e));
            die(&[b"write error"], None);
        }
    }

    fn sleep(&self) {
        let (s, ns) = logic::duration::to_secs_nanos(self.cfg.sleep);
        sys::time::sleep(s, ns);
    }

    /// Follows the files after their first output: by inotify when it can
    /// be trusted for them, else (or when it fails) by polling.
    fn follow(&mut self, files: &mut [TailedFile], ok: bool) {
        match fs::fstat(Fd::STDOUT) {
            Ok(st) => self.monitor_output = st.is_fifo(),
            Err(e) => die(&[b"standard output"], Some(e)),
        }
        if !self.cfg.disable_inotify && !self.inotify_unfit(files, ok) {
            let e = match ino::init() {
                Ok(ifd) => {
                    self.flush();
                    self.inotify = true;
                    self.inotify_forever(ifd.fd(), files);
                    self.inotify = false;
                    for f in files.iter_mut() {
                        f.wd = None;
                        f.parent_wd = None;
                    }
                    None
                }
                Err(e) => Some(e),
            };
            error(&[b"inotify cannot be used, reverting to polling"], e);
        }
        self.poll_forever(files);
    }

    /// GNU's reasons not to trust inotify: standard input, remote file
    /// systems, symbolic links (inotify watches their targets), files
    /// other than regular ones and FIFOs, and by descriptor, a file that
    /// could not be tailed.
    fn inotify_unfit(&self, files: &[TailedFile], ok: bool) -> bool {
        let live = |f: &&TailedFile| f.fd.is_some();
        files.iter().any(|f| !f.ignore && f.is_stdin())
            || files.iter().filter(live).any(|f| f.remote)
            || !files.iter().filter(live).any(|f| !f.remote)
            || files
                .iter()
                .any(|f| fs::lstat(f.name).is_ok_and(is_symlink))
            || files
                .iter()
                .filter(live)
                .any(|f| !is_reg(f.mode) && f.mode & fs::S_IFMT != fs::S_IFIFO)
            || (!ok && !self.cfg.by_name)
    }

    /// GNU's tail_forever: the polling engine.
    fn poll_forever(&mut self, files: &mut [TailedFile]) {
        let blocking = self.cfg.pid == 0
            && !self.cfg.by_name
            && files.len() == 1
            && files[0].fd.is_some()
            && !is_reg(files[0].mode);
        let mut last = files.len() - 1;
        let mut writer_is_dead = false;
        loop {
            let mut any_input = false;
            for (i, f) in files.iter_mut().enumerate() {
                if f.ignore {
                    continue;
                }
                match f.fd {
                    Some(fd) => any_input |= self.poll_file(f, fd, i, blocking, &mut last),
                    None => self.recheck(f, blocking),
                }
            }
            if !self.any_live(files) {
                error(&[b"no files remaining"], None);
                return;
            }
            if !any_input || blocking {
                self.flush();
            }
            self.check_output_alive();
            if !any_input {
                if writer_is_dead {
                    return;
                }
                writer_is_dead =
                    self.cfg.pid != 0 && !sys::signal::process_exists(self.cfg.pid).unwrap_or(true);
                if !writer_is_dead {
                    self.sleep();
                }
            }
        }
    }

    /// One poll of the open file `i`: prints what was appended since the
    /// last one (or, blocking, what one read gives); returns whether
    /// there was any.
    fn poll_file(
        &mut self,
        f: &mut TailedFile,
        fd: Fd,
        i: usize,
        blocking: bool,
        last: &mut usize,
    ) -> bool {
        let name = f.pretty();
        if f.blocking != Blocking::from(blocking) {
            match fs::set_nonblocking(fd, !blocking) {
                Ok(()) => f.blocking = Blocking::from(blocking),
                Err(Errno::PERM) if is_reg(f.mode) => {}
                Err(e) => die(
                    &[&quotef(name), b": cannot change nonblocking mode"],
                    Some(e),
                ),
            }
        }
        let mut st = Stat::default();
        if f.blocking == Blocking::No {
            match self.poll_changes(f, fd, i, last) {
                Some(s) => st = s,
                None => return false,
            }
        }
        let want = if f.blocking == Blocking::Yes {
            A_BUFFER
        } else if is_reg(f.mode) && f.remote {
            (st.size as u64).saturating_sub(f.size)
        } else {
            TO_EOF
        };
        let got = if want == 0 {
            0
        } else {
            self.dump(false, name, fd, want)
        };
        f.size += got;
        got != 0
    }

    /// The status of a non-blocking file when it changed since the last
    /// poll, after noticing truncation and printing its header when
    /// another file printed last; None when it did not change (by name,
    /// --max-unchanged-stats of those make tail look at the name again).
    fn poll_changes(
        &mut self,
        f: &mut TailedFile,
        fd: Fd,
        i: usize,
        last: &mut usize,
    ) -> Option<Stat> {
        let name = f.pretty();
        let st = match fs::fstat(fd) {
            Ok(st) => st,
            Err(e) => {
                f.close();
                f.problem = Problem::Errno(e);
                report_quotef(name, b"", Some(e));
                return None;
            }
        };
        if f.mode == st.mode
            && (!is_reg(st.mode) || f.size as i64 == st.size)
            && f.mtime == (st.mtime, st.mtime_nsec)
        {
            let n = f.unchanged;
            f.unchanged += 1;
            if self.cfg.max_unchanged <= n && self.cfg.by_name {
                self.recheck(f, f.blocking == Blocking::Yes);
                f.unchanged = 0;
            }
            return None;
        }
        let mode = f.mode;
        f.mtime = (st.mtime, st.mtime_nsec);
        f.mode = st.mode;
        f.unchanged = 0;
        if is_reg(mode) && st.size < f.size as i64 {
            report_quotef(name, b": file truncated", None);
            fs::seek(fd, Whence::Start(0)).ok();
            f.size = 0;
        }
        if i != *last {
            if self.print_headers {
                self.headers.write(name);
            }
            *last = i;
        }
        Some(st)
    }

    /// GNU's check_fspec: prints what was appended to a file inotify
    /// says changed, noticing truncation.
    fn check_spec(&mut self, f: &mut TailedFile, i: usize, prev: &mut usize) {
        let Some(fd) = f.fd else { return };
        let name = f.pretty();
        let st = match fs::fstat(fd) {
            Ok(st) => st,
            Err(e) => {
                f.problem = Problem::Errno(e);
                f.close();
                return;
            }
        };
        if is_reg(f.mode) && st.size < f.size as i64 {
            report_quotef(name, b": file truncated", None);
            fs::seek(fd, Whence::Start(0)).ok();
            f.size = 0;
        } else if is_reg(f.mode) && st.size == f.size as i64 && f.mtime == (st.mtime, st.mtime_nsec)
        {
            return;
        }
        let want_header = self.print_headers && i != *prev;
        let got = self.dump(want_header, name, fd, TO_EOF);
        f.size += got;
        if got > 0 {
            *prev = i;
            self.flush();
        }
    }

    /// GNU's tail_forever_inotify; returns when inotify cannot go on (the
    /// caller then polls).
    fn inotify_forever(&mut self, ifd: Fd, files: &mut [TailedFile]) {
        let mut mask = ino::IN_MODIFY;
        if self.cfg.by_name {
            mask |= ino::IN_ATTRIB | ino::IN_DELETE_SELF | ino::IN_MOVE_SELF;
        }
        if self.add_watches(ifd, mask, files).is_break() {
            return;
        }
        let mut prev = files.len() - 1;
        if self.first_look(files, &mut prev).is_break() {
            return;
        }
        let mut evbuf = alloc::vec![0u8; 64 * ino::EVENT_MAX];
        let mut writer_is_dead = false;
        loop {
            if self.cfg.by_name && !self.cfg.retry && files.iter().all(|f| f.wd.is_none()) {
                die(&[b"no files remaining"], None);
            }
            self.wait_for_events(ifd, &mut writer_is_dead);
            let len = match ifd.read(&mut evbuf) {
                Ok(n) if n > 0 => n,
                Ok(_) => die(&[b"error reading inotify event"], None),
                Err(e) => die(&[b"error reading inotify event"], Some(e)),
            };
            for ev in ino::Events::new(&evbuf[..len]) {
                if self.on_event(ifd, mask, files, ev, &mut prev).is_break() {
                    return;
                }
            }
        }
    }

    /// Watches every file with `mask` (and by name, its directory); Break
    /// when inotify cannot serve (the caller polls).
    fn add_watches(&self, ifd: Fd, mask: u32, files: &mut [TailedFile]) -> ControlFlow<()> {
        let dir_mask = ino::IN_CREATE
            | ino::IN_DELETE
            | ino::IN_MOVED_TO
            | ino::IN_ATTRIB
            | ino::IN_DELETE_SELF;
        let mut found_watchable = false;
        let mut tailed_but_unwatchable = false;
        for f in files.iter_mut() {
            if f.ignore {
                continue;
            }
            f.wd = None;
            if self.cfg.by_name {
                match ino::add_watch(ifd, f.dir_and_base().0, dir_mask) {
                    Ok(w) => f.parent_wd = Some(w),
                    Err(e) => {
                        if e == Errno::NOSPC {
                            error(&[b"inotify resources exhausted"], None);
                        } else {
                            report_quoteaf(
                                b"cannot watch parent directory of ",
                                f.name,
                                b"",
                                Some(e),
                            );
                        }
                        return Break(());
                    }
                }
            }
            match ino::add_watch(ifd, f.name, mask) {
                Ok(w) => {
                    f.wd = Some(w);
                    found_watchable = true;
                }
                Err(e) => {
                    if f.fd.is_some() {
                        tailed_but_unwatchable = true;
                    }
                    if e == Errno::NOSPC || e == Errno::NOMEM {
                        error(&[b"inotify resources exhausted"], None);
                        return Break(());
                    } else if f.problem != Problem::Errno(e) {
                        report_quoteaf(b"cannot watch ", f.name, b"", Some(e));
                    }
                }
            }
        }
        if !self.cfg.by_name && tailed_but_unwatchable {
            return Break(());
        }
        if !self.cfg.by_name && !found_watchable {
            // As GNU, quietly: each file's failure has been reported (at
            // open, or just now).
            sys::rt::exit(1);
        }
        Continue(())
    }

    /// Prints what came between the first output and the watches; Break
    /// when, following descriptors, a name now is another file.
    fn first_look(&mut self, files: &mut [TailedFile], prev: &mut usize) -> ControlFlow<()> {
        for (i, f) in files.iter_mut().enumerate() {
            if f.ignore {
                continue;
            }
            if self.cfg.by_name {
                self.recheck(f, false);
            } else if f.fd.is_some() {
                if let Ok(st) = fs::stat(f.name) {
                    if f.dev != st.dev || f.ino != st.ino {
                        report_quoteaf(b"", f.pretty(), b" was replaced", None);
                        return Break(());
                    }
                }
            }
            self.check_spec(f, i, prev);
        }
        Continue(())
    }

    /// Waits until inotify has events, checking every -s seconds that the
    /// --pid writer lives (tail ends once it is gone and nothing came);
    /// when the reader of a pipe on standard output goes, ends by SIGPIPE.
    fn wait_for_events(&self, ifd: Fd, writer_is_dead: &mut bool) {
        loop {
            let mut delay = None;
            if self.cfg.pid != 0 {
                if *writer_is_dead {
                    sys::rt::exit(0);
                }
                *writer_is_dead = !sys::signal::process_exists(self.cfg.pid).unwrap_or(true);
                delay = Some(if *writer_is_dead || self.cfg.sleep <= 0.0 {
                    (0, 0)
                } else {
                    logic::duration::to_secs_nanos(self.cfg.sleep)
                });
            }
            match sys::io::wait_readable(ifd, self.monitor_output, delay) {
                Ok((_, true)) => sys::signal::raise_default(sys::signal::Sig::PIPE),
                Ok((true, _)) => return,
                Ok(_) => {}
                Err(e) => die(&[b"error waiting for inotify and output events"], Some(e)),
            }
        }
    }

    /// Handles one inotify event; Break when inotify must be given up.
    fn on_event(
        &mut self,
        ifd: Fd,
        mask: u32,
        files: &mut [TailedFile],
        ev: Event,
        prev: &mut usize,
    ) -> ControlFlow<()> {
        if ev.mask & ino::IN_Q_OVERFLOW != 0 {
            // Events were lost: look at every file again.
            for (i, f) in files.iter_mut().enumerate() {
                if !f.ignore {
                    if self.cfg.by_name {
                        self.recheck(f, false);
                    }
                    self.check_spec(f, i, prev);
                }
            }
            return Continue(());
        }
        if ev.mask & ino::IN_DELETE_SELF != 0
            && ev.name.is_empty()
            && files.iter().any(|f| f.parent_wd == Some(ev.wd))
        {
            error(&[b"directory containing watched file was removed"], None);
            return Break(());
        }
        if !ev.name.is_empty() {
            return self.on_dir_event(ifd, mask, files, ev, prev);
        }
        let Some(j) = files.iter().position(|f| f.wd == Some(ev.wd)) else {
            return Continue(());
        };
        if ev.mask & ino::IN_IGNORED != 0 {
            files[j].wd = None;
        } else {
            self.on_change(ifd, &mut files[j], j, ev.mask, prev);
        }
        Continue(())
    }

    /// An event about a followed name in a watched directory (created,
    /// deleted, moved there): a new file under the name gets the watch
    /// (taken from another name of it) and is looked at.
    fn on_dir_event(
        &mut self,
        ifd: Fd,
        mask: u32,
        files: &mut [TailedFile],
        ev: Event,
        prev: &mut usize,
    ) -> ControlFlow<()> {
        let Some(j) = files
            .iter()
            .position(|f| f.parent_wd == Some(ev.wd) && f.dir_and_base().1 == ev.name)
        else {
            return Continue(());
        };
        if ev.mask & ino::IN_DELETE == 0 {
            let new_wd = match ino::add_watch(ifd, files[j].name, mask) {
                Ok(w) => Some(w),
                Err(e) if e == Errno::NOSPC || e == Errno::NOMEM => {
                    error(&[b"inotify resources exhausted"], None);
                    return Break(());
                }
                Err(e) => {
                    report_quoteaf(b"cannot watch ", files[j].name, b"", Some(e));
                    None
                }
            };
            if files[j].wd.is_none() || new_wd != files[j].wd {
                if let Some(old) = files[j].wd {
                    ino::rm_watch(ifd, old);
                }
                files[j].wd = new_wd;
                if new_wd.is_none() {
                    return Continue(());
                }
                // Another name of the same inode gives its watch up.
                if let Some(p) = (0..files.len()).position(|i| i != j && files[i].wd == new_wd) {
                    if self.cfg.by_name {
                        self.recheck(&mut files[p], false);
                    }
                    files[p].wd = None;
                    files[p].close();
                }
            }
        }
        if self.cfg.by_name {
            self.recheck(&mut files[j], false);
        }
        self.on_change(ifd, &mut files[j], j, ev.mask, prev);
        Continue(())
    }

    /// The end of an event's handling: a file that may have gone or been
    /// replaced is looked at again, else what was appended is printed.
    fn on_change(&mut self, ifd: Fd, f: &mut TailedFile, i: usize, evmask: u32, prev: &mut usize) {
        let gone_or_replaced =
            ino::IN_ATTRIB | ino::IN_DELETE | ino::IN_DELETE_SELF | ino::IN_MOVE_SELF;
        if evmask & gone_or_replaced == 0 {
            self.check_spec(f, i, prev);
            return;
        }
        if evmask & ino::IN_DELETE_SELF != 0 {
            if let Some(w) = f.wd.take() {
                ino::rm_watch(ifd, w);
            }
        }
        self.recheck(f, false);
    }
}

/// A write that reached standard output and failed ends tail, as GNU's
/// xwrite_stdout: only once its 4 KiB stdio buffer has overflowed (smaller
/// outputs wait there and are reported at exit).
fn check_output() {
    if !out().ok() && sys::io::written() >= 4096 {
        let e = out().take_error();
        die(&[b"error writing ", &quoteaf(b"standard output")], e);
    }
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::set_write_error_style(
        sys::io::WriteErrorKind::Errno,
        sys::io::WriteErrorKind::Writing,
        4096,
        u64::MAX,
    );
    let (cfg, names) = parse(args);
    run(cfg, names)
}

/// The options (the obsolete `-NUM...`/`+NUM...` form first) into a
/// [`Config`], checked against each other, and the FILE operands.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        lines: true,
        from_start: false,
        n: 10,
        eol: b'\n',
        presume_pipe: false,
        forever: false,
        by_name: false,
        retry: false,
        sleep: 1.0,
        max_unchanged: 5,
        pid: 0,
        disable_inotify: false,
        headers: HeaderMode::Multiple,
    };
    let mut rest = &args[1.min(args.len())..];
    let posix = sys::env::var(b"_POSIX2_VERSION")
        .and_then(logic::num::parse_u64_dec)
        .unwrap_or(200809);
    if let Some(o) = logic::tail::obsolete(rest, posix) {
        let Some(n) = o.count else {
            die(&[b"invalid number: ", &quote(rest[0])], Some(Errno::RANGE));
        };
        (c.from_start, c.lines, c.forever, c.n) = (o.from_start, o.lines, o.follow, n);
        rest = &rest[1..];
    }
    let mut opts = crate::shared::cli::parse(&SPEC, rest);
    while let Some(o) = opts.next() {
        let arg = o.arg.unwrap_or(b"");
        match o.key {
            'c' | 'n' => {
                c.lines = o.key == 'n';
                let num = match arg.first() {
                    Some(b'+') => {
                        c.from_start = true;
                        arg
                    }
                    Some(b'-') => &arg[1..],
                    _ => arg,
                };
                c.n = count_or_die(c.lines, num);
            }
            'f' => (c.forever, c.by_name) = (true, false),
            opt::FOLLOW => {
                c.forever = true;
                let how: &[(&[u8], bool)] = &[(b"descriptor", false), (b"name", true)];
                c.by_name = o.arg.is_some_and(|a| choice(&SPEC, b"--follow", a, how));
            }
            'F' => (c.forever, c.by_name, c.retry) = (true, true, true),
            opt::RETRY => c.retry = true,
            opt::MAX_UNCHANGED_STATS => {
                let what = b"invalid maximum number of unchanged stats between opens";
                c.max_unchanged = number_or_die(arg, b"", 0, u64::MAX, what);
            }
            opt::PID => c.pid = number_or_die(arg, b"", 0, i32::MAX as u64, b"invalid PID") as i32,
            opt::_DISABLE_INOTIFY => c.disable_inotify = true,
            opt::_PRESUME_INPUT_PIPE => c.presume_pipe = true,
            'q' => c.headers = HeaderMode::Never,
            'v' => c.headers = HeaderMode::Always,
            's' => c.sleep = seconds_or_die(arg),
            'z' => c.eol = 0,
            d => die(&[b"option used in invalid context -- ", &[d as u8]], None),
        }
    }
    let names = or_stdin(opts.operands());
    check(&mut c, &names);
    (c, names)
}

/// The -s interval, or GNU's `invalid number of seconds` and exit.
fn seconds_or_die(arg: &[u8]) -> f64 {
    let (v, used) = logic::duration::strtod_prefix(arg);
    // Overflow (1e400) is an error, a written infinity is not.
    let overflow = v.is_infinite() && !arg.iter().any(|c| c.eq_ignore_ascii_case(&b'i'));
    if used == 0 || used != arg.len() || v.is_nan() || v < 0.0 || overflow {
        die(&[b"invalid number of seconds: ", &quote(arg)], None);
    }
    v
}

/// GNU's checks of the options against each other and the operands, with
/// its warnings; `+NUM` becomes the count to skip.
fn check(c: &mut Config, names: &[&[u8]]) {
    if c.retry {
        if !c.forever {
            c.retry = false;
            error(
                &[b"warning: --retry ignored; --retry is useful only when following"],
                None,
            );
        } else if !c.by_name {
            error(
                &[b"warning: --retry only effective for the initial open"],
                None,
            );
        }
    }
    if c.pid != 0 && !c.forever {
        error(
            &[b"warning: PID ignored; --pid=PID is useful only when following"],
            None,
        );
    } else if c.pid != 0 && sys::signal::process_exists(c.pid).is_err() {
        error(
            &[b"warning: --pid=PID is not supported on this system"],
            None,
        );
        c.pid = 0;
    }
    if c.from_start && c.n > 0 {
        c.n -= 1;
    }
    if names.iter().any(|n| *n == b"-") {
        if c.by_name && c.forever {
            die(&[b"cannot follow ", &quoteaf(b"-"), b" by name"], None);
        }
        if c.forever {
            let blocking_stdin = c.pid == 0
                && !c.by_name
                && names.len() == 1
                && fs::fstat(Fd::STDIN).is_ok_and(|s| !s.is_reg());
            if !blocking_stdin && fs::isatty(Fd::STDIN) {
                error(
                    &[b"warning: following standard input indefinitely is ineffective"],
                    None,
                );
            }
        }
    }
}

/// Prints the wanted part of every file, then follows them with -f.
fn run(cfg: Config, names: Vec<&'static [u8]>) -> i32 {
    if cfg.n == 0 && !cfg.forever && !cfg.from_start {
        return 0;
    }
    let mut t = Tail {
        print_headers: cfg.headers.shown(names.len()),
        cfg,
        headers: Headers::default(),
        monitor_output: false,
        inotify: false,
        buf: alloc::vec![0u8; BUF],
    };
    let mut files: Vec<TailedFile> = names.iter().map(|&name| TailedFile::new(name)).collect();
    let mut ok = true;
    for f in files.iter_mut() {
        // A failed write ended tail already if GNU's would have seen it
        // (check_output); smaller outputs wait for the report at exit.
        ok &= t.tail_file(f);
    }
    if t.cfg.forever && out().ok() && stop_reading_stdin_pipe(&mut files) > 0 {
        t.follow(&mut files, ok);
    }
    finish(&names, ok)
}

/// A pipe or FIFO on standard input is read to its end only; returns how
/// many files are left to follow.
fn stop_reading_stdin_pipe(files: &mut [TailedFile]) -> usize {
    let mut viable = 0;
    for f in files.iter_mut() {
        if f.is_stdin() && !f.ignore && f.fd.is_some() && f.mode & fs::S_IFMT == fs::S_IFIFO {
            f.close();
            f.ignore = true;
        } else {
            viable += 1;
        }
    }
    viable
}
