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
use alloc::vec::Vec;
use corebox_core::elide::{Elider, Unit};
use corebox_core::memchr::memrchr_iter;
use crate::shared::diag::{quoteaf, quotef};
use sys::fs::{self, Stat, Whence};
use sys::inotify::{self as ino, Event};
use sys::io::{error, out, Fd, File};
use sys::Errno;

const BUF: usize = 128 * 1024;
const SUFFIXES: &[u8] = b"bkKmMGTPEZYRQ0";
const TO_EOF: u64 = u64::MAX;
const A_BUFFER: u64 = u64::MAX - 1;

/// One FILE operand and what is known about it while following.
struct Spec {
    name: &'static [u8],
    fd: Option<Fd>,
    /// The descriptor when it is ours to close (not standard input).
    owned: Option<File>,
    size: u64,
    mtime: (i64, u32),
    dev: u64,
    ino: u64,
    mode: u32,
    /// Given up on: never looked at again.
    ignore: bool,
    remote: bool,
    tailable: bool,
    /// 0, an errno, or -1 for "not tailable".
    errnum: i32,
    /// Whether reads block: 1, 0, or -1 when unknown (standard input).
    blocking: i32,
    wd: i32,
    parent_wd: i32,
    unchanged: u64,
}

impl Spec {
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
    fn record(&mut self, fd: Fd, owned: Option<File>, size: u64, st: &Stat, blocking: i32) {
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
        (corebox_core::path::dirname(self.name), corebox_core::path::basename(self.name))
    }
}

fn is_tailable(mode: u32) -> bool {
    matches!(mode & fs::S_IFMT, fs::S_IFREG | fs::S_IFIFO | fs::S_IFCHR | 0o140000)
}
fn is_reg(mode: u32) -> bool {
    mode & fs::S_IFMT == fs::S_IFREG
}

struct Tail {
    lines: bool,
    from_start: bool,
    n: u64,
    eol: u8,
    presume_pipe: bool,
    forever: bool,
    by_name: bool,
    retry: bool,
    sleep: f64,
    max_unchanged: u64,
    pid: i32,
    disable_inotify: bool,
    print_headers: bool,
    first_header: bool,
    monitor_output: bool,
    buf: Vec<u8>,
}

/// `tail: PRE'NAME'POST[: ERROR]`, the name quoted GNU's quoteaf way
/// (`always`) or quotef way; one out-of-line copy for all messages.
#[inline(never)]
fn say(pre: &[u8], name: &[u8], always: bool, post: &[u8], e: Option<Errno>) {
    let q = if always { quoteaf(name) } else { quotef(name) };
    error(&[pre, &q, post], e);
}

fn die_about(pre: &[u8], name: &[u8], always: bool, post: &[u8], e: Option<Errno>) -> ! {
    say(pre, name, always, post, e);
    sys::rt::exit(1)
}

fn die(parts: &[&[u8]], e: Option<Errno>) -> ! {
    error(parts, e);
    sys::rt::exit(1)
}

impl Tail {
    fn header(&mut self, name: &[u8]) {
        out().write(if self.first_header { b"==> " } else { b"\n==> " });
        out().write(name);
        out().write(b" <==\n");
        self.first_header = false;
    }

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
                Err(e) => die_about(b"error reading ", name, true, b"", Some(e)),
            };
            if header {
                self.header(name);
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
        total - n + if n > 0 { self.dump(false, name, fd, n) } else { 0 }
    }

    fn read_error(name: &[u8], e: Errno) -> bool {
        say(b"error reading ", name, true, b"", Some(e));
        false
    }

    /// The last `n` lines or bytes of an unseekable input, holding just
    /// enough of it (GNU's pipe_lines / pipe_bytes).
    fn pipe(&mut self, name: &[u8], fd: Fd, pos: &mut u64) -> bool {
        let unit = if self.lines { Unit::Lines(self.eol) } else { Unit::Bytes };
        let mut ring = Elider::new(unit, self.n);
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
                Err(e) => return Self::read_error(name, e),
            }
        }
        ring.finish_tail(|b| out().write(b));
        check_output();
        true
    }

    /// Skips `n` lines or bytes from the start, printing what follows them
    /// in the same buffer; Err(true) at end of input, Err(false) on error.
    fn skip_start(&mut self, name: &[u8], fd: Fd, mut n: u64, pos: &mut u64) -> Result<(), bool> {
        while n > 0 {
            let k = match fd.read(&mut self.buf) {
                Ok(0) => return Err(true),
                Ok(k) => k,
                Err(e) => return Err(Self::read_error(name, e)),
            };
            *pos += k as u64;
            let chunk = &self.buf[..k];
            if !self.lines {
                if (k as u64) > n {
                    out().write(&chunk[n as usize..]);
                    return Ok(());
                }
                n -= k as u64;
                continue;
            }
            let c = sys::simd::count_byte(self.eol, chunk) as u64;
            if c < n {
                n -= c;
                continue;
            }
            let mut it = corebox_core::memchr::memchr_iter(self.eol, chunk);
            let p = it.nth((n - 1) as usize).unwrap_or(k - 1);
            out().write(&chunk[p + 1..]);
            return Ok(());
        }
        Ok(())
    }

    /// The last `n` lines of a regular file between `start` and `end`,
    /// found by reading backwards in blocks from the end.
    fn file_lines(&mut self, name: &[u8], fd: Fd, start: u64, end: u64) -> bool {
        let bs = self.buf.len() as u64;
        let mut pos = end;
        let mut need = self.n;
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
                return Self::read_error(name, e);
            }
            let block = &self.buf[..len as usize];
            if first {
                first = false;
                // A last line without terminator counts as a line.
                if block.last() == Some(&self.eol) {
                    need = need.saturating_add(1);
                }
            }
            let c = sys::simd::count_byte(self.eol, block) as u64;
            if c < need {
                need -= c;
                continue;
            }
            let p = memrchr_iter(self.eol, block).nth((need - 1) as usize).unwrap_or(0);
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
                say(b"cannot fstat ", name, true, b"", Some(e));
                return false;
            }
        };
        let n = self.n;
        if self.from_start {
            if !self.lines
                && !self.presume_pipe
                && n <= i64::MAX as u64
                && fs::seek(fd, Whence::Current(n as i64)).is_ok()
            {
                *pos += n;
            } else {
                match self.skip_start(name, fd, n, pos) {
                    Ok(()) => {}
                    Err(ok) => return ok,
                }
            }
            *pos += if st.is_reg() && !self.presume_pipe {
                self.dump_file_range(name, fd, TO_EOF)
            } else {
                self.dump(false, name, fd, TO_EOF)
            };
            return true;
        }
        if self.lines {
            if !self.presume_pipe && st.is_reg() {
                if let (Ok(start), Ok(end)) = (fs::tell(fd), fs::seek(fd, Whence::End(0))) {
                    if start < end {
                        *pos = end;
                        return self.n == 0 || self.file_lines(name, fd, start, end);
                    }
                    fs::seek(fd, Whence::Start(start)).ok();
                }
            }
            return self.pipe(name, fd, pos);
        }
        // Bytes: a regular file's size is trusted only above one block
        // (/proc and the like say 0 or 4096 and hold something else).
        let mut end: i64 = -1;
        let mut cur: i64 = -1;
        if !self.presume_pipe && n <= i64::MAX as u64 {
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
                Err(e) => die_about(b"", name, true, b": cannot seek to offset 0", Some(e)),
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
    fn tail_file(&mut self, f: &mut Spec, have_stdin: &mut bool) -> bool {
        let (fd, owned) = if f.is_stdin() {
            *have_stdin = true;
            (Ok(Fd::STDIN), None)
        } else {
            match fs::open(f.name, fs::Open::Read) {
                Ok(file) => (Ok(file.fd()), Some(file)),
                Err(e) => (Err(e), None),
            }
        };
        f.tailable = !(self.retry && fd.is_err());
        let fd = match fd {
            Ok(fd) => fd,
            Err(e) => {
                if self.forever {
                    f.close();
                    f.errnum = e.0;
                    f.ignore = !self.retry;
                    f.ino = 0;
                    f.dev = 0;
                }
                say(b"cannot open ", f.pretty(), true, b" for reading", Some(e));
                return false;
            }
        };
        if self.print_headers {
            self.header(f.pretty());
        }
        let mut pos = 0;
        let mut ok = self.tail(f.pretty(), fd, &mut pos);
        if !self.forever {
            return ok;
        }
        f.errnum = if ok { 0 } else { -1 };
        match fs::fstat(fd) {
            Err(e) => {
                ok = false;
                f.errnum = e.0;
                say(b"error reading ", f.pretty(), true, b"", Some(e));
            }
            Ok(st) if !is_tailable(st.mode) => {
                ok = false;
                f.errnum = -1;
                f.tailable = false;
                f.ignore = !(self.retry && self.by_name);
                let why: &[u8] = if f.ignore { b"; giving up on this name" } else { b"" };
                error(&[&quotef(f.pretty()), b": cannot follow end of this type of file", why], None);
            }
            Ok(st) if ok => {
                let blocking = if f.is_stdin() { -1 } else { 1 };
                f.record(fd, owned, pos, &st, blocking);
                f.remote = self.remote(fd, f.pretty());
                return true;
            }
            Ok(_) => {}
        }
        f.ignore = !(self.retry && self.by_name);
        f.close();
        ok
    }

    fn remote(&self, fd: Fd, name: &[u8]) -> bool {
        match fs::is_remote(fd) {
            Ok(r) => r,
            Err(e) => {
                if e != Errno::NOSYS {
                    say(b"cannot determine location of ", name, true, b". reverting to polling", Some(e));
                }
                true
            }
        }
    }

    /// GNU's recheck: looks at the name again after a change, reopening
    /// it, and says what happened to it.
    fn recheck(&mut self, f: &mut Spec, blocking: bool) {
        let opened = if f.is_stdin() {
            Ok((Fd::STDIN, None))
        } else if blocking {
            fs::open(f.name, fs::Open::Read).map(|x| (x.fd(), Some(x)))
        } else {
            fs::open_nonblock(f.name).map(|x| (x.fd(), Some(x)))
        };
        let was_tailable = f.tailable;
        let prev_errnum = f.errnum;
        f.tailable = !(self.retry && opened.is_err());
        let mut ok = true;
        let mut st = Stat::default();
        let symlink = !self.disable_inotify && fs::lstat(f.name).is_ok_and(|s| s.mode & fs::S_IFMT == fs::S_IFLNK);
        let stat = opened.as_ref().map_err(|e| *e).and_then(|(fd, _)| fs::fstat(*fd));
        if symlink {
            ok = false;
            f.errnum = -1;
            f.ignore = true;
            say(b"", f.pretty(), true, b" has been replaced with an untailable symbolic link", None);
        } else if let Err(e) = stat {
            ok = false;
            f.errnum = e.0;
            if !f.tailable {
                if was_tailable {
                    say(b"", f.pretty(), true, b" has become inaccessible", Some(e));
                }
            } else if prev_errnum != e.0 {
                say(b"", f.pretty(), false, b"", Some(e));
            }
        } else if let Ok(s) = stat {
            st = s;
            if !is_tailable(st.mode) {
                ok = false;
                f.errnum = -1;
                f.tailable = false;
                f.ignore = !(self.retry && self.by_name);
                if was_tailable || prev_errnum != -1 {
                    let why: &[u8] = if f.ignore { b"; giving up on this name" } else { b"" };
                    error(&[&quoteaf(f.pretty()), b" has been replaced with an untailable file", why], None);
                }
            } else {
                let fd = opened.as_ref().map(|(fd, _)| *fd).unwrap_or(Fd::STDIN);
                f.remote = self.remote(fd, f.pretty());
                if f.remote && !self.disable_inotify {
                    ok = false;
                    f.errnum = -1;
                    say(b"", f.pretty(), true, b" has been replaced with an untailable remote file", None);
                    f.ignore = true;
                } else {
                    f.errnum = 0;
                }
            }
        }
        let (fd, owned) = match opened {
            Ok(x) => x,
            Err(_) => (Fd::STDIN, None),
        };
        let new_file = if !ok {
            f.close();
            false
        } else if prev_errnum != 0 && prev_errnum != Errno::NOENT.0 {
            say(b"", f.pretty(), true, b" has become accessible", None);
            true
        } else if f.fd.is_none() {
            say(b"", f.pretty(), true, b" has appeared;  following new file", None);
            true
        } else if f.ino != st.ino || f.dev != st.dev {
            say(b"", f.pretty(), true, b" has been replaced;  following new file", None);
            f.close();
            true
        } else {
            false
        };
        if new_file {
            let b = if f.is_stdin() { -1 } else { blocking as i32 };
            f.record(fd, owned, 0, &st, b);
            if is_reg(st.mode) {
                fs::seek(fd, Whence::Start(0)).ok();
            }
        }
    }

    fn any_live(&self, files: &[Spec]) -> bool {
        if self.retry && self.by_name {
            return true;
        }
        files.iter().any(|f| f.fd.is_some() || (!f.ignore && self.retry))
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
            error(&[b"write error"], None);
            sys::rt::exit(1);
        }
    }

    fn sleep(&self) {
        let (s, ns) = corebox_core::duration::to_secs_nanos(self.sleep);
        sys::time::sleep(s, ns);
    }

    /// GNU's tail_forever: the polling engine.
    fn poll_forever(&mut self, files: &mut [Spec]) {
        let blocking = self.pid == 0
            && !self.by_name
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
                let Some(fd) = f.fd else {
                    self.recheck(f, blocking);
                    continue;
                };
                let name = f.pretty();
                if f.blocking != blocking as i32 {
                    match fs::set_nonblocking(fd, !blocking) {
                        Ok(()) => f.blocking = blocking as i32,
                        Err(Errno::PERM) if is_reg(f.mode) => {}
                        Err(e) => die_about(b"", name, false, b": cannot change nonblocking mode", Some(e)),
                    }
                }
                let mut st = Stat::default();
                if f.blocking == 0 {
                    st = match fs::fstat(fd) {
                        Ok(st) => st,
                        Err(e) => {
                            f.close();
                            f.errnum = e.0;
                            say(b"", name, false, b"", Some(e));
                            continue;
                        }
                    };
                    if f.mode == st.mode
                        && (!is_reg(st.mode) || f.size as i64 == st.size)
                        && f.mtime == (st.mtime, st.mtime_nsec)
                    {
                        let n = f.unchanged;
                        f.unchanged += 1;
                        if self.max_unchanged <= n && self.by_name {
                            self.recheck(f, f.blocking == 1);
                            f.unchanged = 0;
                        }
                        continue;
                    }
                    let mode = f.mode;
                    f.mtime = (st.mtime, st.mtime_nsec);
                    f.mode = st.mode;
                    f.unchanged = 0;
                    if is_reg(mode) && st.size < f.size as i64 {
                        say(b"", name, false, b": file truncated", None);
                        fs::seek(fd, Whence::Start(0)).ok();
                        f.size = 0;
                    }
                    if i != last {
                        if self.print_headers {
                            self.header(name);
                        }
                        last = i;
                    }
                }
                let want = if f.blocking == 1 {
                    A_BUFFER
                } else if is_reg(f.mode) && f.remote {
                    (st.size as u64).saturating_sub(f.size)
                } else {
                    TO_EOF
                };
                let got = if want == 0 { 0 } else { self.dump(false, name, fd, want) };
                any_input |= got != 0;
                f.size += got;
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
                writer_is_dead = self.pid != 0 && !sys::signal::process_exists(self.pid).unwrap_or(true);
                if !writer_is_dead {
                    self.sleep();
                }
            }
        }
    }

    /// GNU's check_fspec: prints what was appended to a file inotify
    /// says changed, noticing truncation.
    fn check_spec(&mut self, f: &mut Spec, i: usize, prev: &mut usize) {
        let Some(fd) = f.fd else { return };
        let name = f.pretty();
        let st = match fs::fstat(fd) {
            Ok(st) => st,
            Err(e) => {
                f.errnum = e.0;
                f.close();
                return;
            }
        };
        if is_reg(f.mode) && st.size < f.size as i64 {
            say(b"", name, false, b": file truncated", None);
            fs::seek(fd, Whence::Start(0)).ok();
            f.size = 0;
        } else if is_reg(f.mode) && st.size == f.size as i64 && f.mtime == (st.mtime, st.mtime_nsec) {
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
    fn inotify_forever(&mut self, ifd: Fd, files: &mut [Spec]) {
        let mut mask = ino::IN_MODIFY;
        if self.by_name {
            mask |= ino::IN_ATTRIB | ino::IN_DELETE_SELF | ino::IN_MOVE_SELF;
        }
        let mut found_watchable = false;
        let mut tailed_but_unwatchable = false;
        for f in files.iter_mut() {
            if f.ignore {
                continue;
            }
            f.wd = -1;
            if self.by_name {
                let (dir, _) = f.dir_and_base();
                let dmask = ino::IN_CREATE | ino::IN_DELETE | ino::IN_MOVED_TO | ino::IN_ATTRIB | ino::IN_DELETE_SELF;
                match ino::add_watch(ifd, dir, dmask) {
                    Ok(w) => f.parent_wd = w,
                    Err(e) => {
                        if e == Errno::NOSPC {
                            error(&[b"inotify resources exhausted"], None);
                        } else {
                            say(b"cannot watch parent directory of ", f.name, true, b"", Some(e));
                        }
                        return;
                    }
                }
            }
            match ino::add_watch(ifd, f.name, mask) {
                Ok(w) => {
                    f.wd = w;
                    found_watchable = true;
                }
                Err(e) => {
                    if f.fd.is_some() {
                        tailed_but_unwatchable = true;
                    }
                    if e == Errno::NOSPC || e == Errno::NOMEM {
                        error(&[b"inotify resources exhausted"], None);
                        return;
                    } else if e.0 != f.errnum {
                        say(b"cannot watch ", f.name, true, b"", Some(e));
                    }
                }
            }
        }
        if !self.by_name && tailed_but_unwatchable {
            return;
        }
        if !self.by_name && !found_watchable {
            sys::rt::exit(1);
        }
        let mut prev = files.len() - 1;
        for (i, f) in files.iter_mut().enumerate() {
            if f.ignore {
                continue;
            }
            if self.by_name {
                self.recheck(f, false);
            } else if f.fd.is_some() {
                if let Ok(st) = fs::stat(f.name) {
                    if f.dev != st.dev || f.ino != st.ino {
                        say(b"", f.pretty(), true, b" was replaced", None);
                        return;
                    }
                }
            }
            self.check_spec(f, i, &mut prev);
        }
        let mut evbuf = alloc::vec![0u8; 64 * ino::EVENT_MAX];
        let mut writer_is_dead = false;
        loop {
            if self.by_name && !self.retry && files.iter().all(|f| f.wd < 0) {
                die(&[b"no files remaining"], None);
            }
            // Wait for events, checking the writer every -s seconds.
            loop {
                let mut delay = None;
                if self.pid != 0 {
                    if writer_is_dead {
                        sys::rt::exit(0);
                    }
                    writer_is_dead = !sys::signal::process_exists(self.pid).unwrap_or(true);
                    delay = Some(if writer_is_dead || self.sleep <= 0.0 {
                        (0, 0)
                    } else {
                        corebox_core::duration::to_secs_nanos(self.sleep)
                    });
                }
                match sys::io::wait_readable(ifd, self.monitor_output, delay) {
                    Ok((_, true)) => sys::signal::raise_default(sys::signal::Sig::PIPE),
                    Ok((true, _)) => break,
                    Ok(_) => {}
                    Err(e) => die(&[b"error waiting for inotify and output events"], Some(e)),
                }
            }
            let len = match ifd.read(&mut evbuf) {
                Ok(n) if n > 0 => n,
                Ok(_) => die(&[b"error reading inotify event"], None),
                Err(e) => die(&[b"error reading inotify event"], Some(e)),
            };
            for Event { wd, mask: evmask, name, .. } in ino::Events::new(&evbuf[..len]) {
                if evmask & ino::IN_Q_OVERFLOW != 0 {
                    // Events were lost: look at every file again.
                    for (i, f) in files.iter_mut().enumerate() {
                        if !f.ignore {
                            if self.by_name {
                                self.recheck(f, false);
                            }
                            self.check_spec(f, i, &mut prev);
                        }
                    }
                    continue;
                }
                if evmask & ino::IN_DELETE_SELF != 0 && name.is_empty() && files.iter().any(|f| f.parent_wd == wd) {
                    error(&[b"directory containing watched file was removed"], None);
                    return;
                }
                let j;
                if !name.is_empty() {
                    let Some(k) = files.iter().position(|f| f.parent_wd == wd && f.dir_and_base().1 == name) else {
                        continue;
                    };
                    j = k;
                    let deleting = evmask & ino::IN_DELETE != 0;
                    let mut new_wd = -1;
                    if !deleting {
                        match ino::add_watch(ifd, files[j].name, mask) {
                            Ok(w) => new_wd = w,
                            Err(e) if e == Errno::NOSPC || e == Errno::NOMEM => {
                                error(&[b"inotify resources exhausted"], None);
                                return;
                            }
                            Err(e) => say(b"cannot watch ", files[j].name, true, b"", Some(e)),
                        }
                    }
                    if !deleting && (files[j].wd < 0 || new_wd != files[j].wd) {
                        if files[j].wd >= 0 {
                            ino::rm_watch(ifd, files[j].wd);
                        }
                        files[j].wd = new_wd;
                        if new_wd == -1 {
                            continue;
                        }
                        // Another name of the same inode gives its watch up.
                        if let Some(p) = files.iter().enumerate().position(|(i, f)| i != j && f.wd == new_wd) {
                            if self.by_name {
                                self.recheck(&mut files[p], false);
                            }
                            files[p].wd = -1;
                            files[p].close();
                        }
                    }
                    if self.by_name {
                        self.recheck(&mut files[j], false);
                    }
                } else {
                    let Some(k) = files.iter().position(|f| f.wd == wd && wd >= 0) else {
                        continue;
                    };
                    j = k;
                    if evmask & ino::IN_IGNORED != 0 {
                        files[j].wd = -1;
                        continue;
                    }
                }
                if evmask & (ino::IN_ATTRIB | ino::IN_DELETE | ino::IN_DELETE_SELF | ino::IN_MOVE_SELF) != 0 {
                    if evmask & ino::IN_DELETE_SELF != 0 {
                        ino::rm_watch(ifd, files[j].wd);
                        files[j].wd = -1;
                    }
                    self.recheck(&mut files[j], false);
                    continue;
                }
                self.check_spec(&mut files[j], j, &mut prev);
            }
        }
    }
}

/// A write that reached standard output and failed ends tail, as GNU's
/// xwrite_stdout: only once its 4 KiB stdio buffer has overflowed (smaller
/// outputs wait there and are reported at exit).
fn check_output() {
    if !out().ok() && sys::io::written() >= 4096 {
        let e = out().take_error();
        die_about(b"error writing ", b"standard output", true, b"", e);
    }
}

fn count(lines: bool, arg: &[u8]) -> u64 {
    let what: &[u8] = if lines { b"invalid number of lines" } else { b"invalid number of bytes" };
    crate::shared::cli::number_or_die(arg, SUFFIXES, 0, u64::MAX, what)
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::set_write_error_style(sys::io::WriteErrorKind::Errno, sys::io::WriteErrorKind::Writing, 4096, u64::MAX);
    let mut t = Tail {
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
        print_headers: false,
        first_header: true,
        monitor_output: false,
        buf: Vec::new(),
    };
    let mut headers = 0u8; // 0: several files, 1: always, 2: never
    let mut rest = &args[1.min(args.len())..];
    let posix = sys::env::var(b"_POSIX2_VERSION")
        .and_then(corebox_core::num::parse_u64_dec)
        .unwrap_or(200809);
    if let Some(o) = corebox_core::tail::obsolete(rest, posix) {
        let Some(n) = o.count else {
            die(&[b"invalid number: ", &crate::shared::diag::quote(rest[0])], Some(Errno::RANGE));
        };
        (t.from_start, t.lines, t.forever, t.n) = (o.from_start, o.lines, o.follow, n);
        rest = &rest[1..];
    }
    let mut opts = crate::shared::cli::parse(&SPEC, rest);
    while let Some(o) = opts.next() {
        let arg = o.arg.unwrap_or(b"");
        match o.key {
            'c' | 'n' => {
                t.lines = o.key == 'n';
                let num = match arg.first() {
                    Some(b'+') => {
                        t.from_start = true;
                        arg
                    }
                    Some(b'-') => &arg[1..],
                    _ => arg,
                };
                t.n = count(t.lines, num);
            }
            'f' => (t.forever, t.by_name) = (true, false),
            opt::FOLLOW => {
                t.forever = true;
                t.by_name = o.arg.is_some_and(|a| {
                    crate::shared::cli::choice(&SPEC, b"--follow", a, &[(b"descriptor", false), (b"name", true)])
                });
            }
            'F' => (t.forever, t.by_name, t.retry) = (true, true, true),
            opt::RETRY => t.retry = true,
            opt::MAX_UNCHANGED_STATS => {
                let what = b"invalid maximum number of unchanged stats between opens";
                t.max_unchanged = crate::shared::cli::number_or_die(arg, b"", 0, u64::MAX, what);
            }
            opt::PID => t.pid = crate::shared::cli::number_or_die(arg, b"", 0, i32::MAX as u64, b"invalid PID") as i32,
            opt::_DISABLE_INOTIFY => t.disable_inotify = true,
            opt::_PRESUME_INPUT_PIPE => t.presume_pipe = true,
            'q' => headers = 2,
            'v' => headers = 1,
            's' => {
                let (v, used) = corebox_core::duration::strtod_prefix(arg);
                // Overflow (1e400) is an error, a written infinity is not.
                let overflow = v.is_infinite() && !arg.iter().any(|c| c.eq_ignore_ascii_case(&b'i'));
                if used == 0 || used != arg.len() || v.is_nan() || v < 0.0 || overflow {
                    die(&[b"invalid number of seconds: ", &crate::shared::diag::quote(arg)], None);
                }
                t.sleep = v;
            }
            'z' => t.eol = 0,
            d => die(&[b"option used in invalid context -- ", &[d as u8]], None),
        }
    }
    let mut names = opts.operands();
    if t.retry {
        if !t.forever {
            t.retry = false;
            error(&[b"warning: --retry ignored; --retry is useful only when following"], None);
        } else if !t.by_name {
            error(&[b"warning: --retry only effective for the initial open"], None);
        }
    }
    if t.pid != 0 && !t.forever {
        error(&[b"warning: PID ignored; --pid=PID is useful only when following"], None);
    } else if t.pid != 0 && sys::signal::process_exists(t.pid).is_err() {
        error(&[b"warning: --pid=PID is not supported on this system"], None);
        t.pid = 0;
    }
    if t.from_start && t.n > 0 {
        t.n -= 1;
    }
    if names.is_empty() {
        names.push(b"-");
    }
    if names.iter().any(|n| *n == b"-") {
        if t.by_name && t.forever {
            die_about(b"cannot follow ", b"-", true, b" by name", None);
        }
        if t.forever {
            let blocking_stdin = t.pid == 0
                && !t.by_name
                && names.len() == 1
                && fs::fstat(Fd::STDIN).is_ok_and(|s| !s.is_reg());
            if !blocking_stdin && fs::isatty(Fd::STDIN) {
                error(&[b"warning: following standard input indefinitely is ineffective"], None);
            }
        }
    }
    if t.n == 0 && !t.forever && !t.from_start {
        return 0;
    }
    t.print_headers = headers == 1 || (headers == 0 && names.len() > 1);
    t.buf = alloc::vec![0u8; BUF];
    let mut files: Vec<Spec> = names
        .iter()
        .map(|&name| Spec {
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
            errnum: 0,
            blocking: -1,
            wd: -1,
            parent_wd: -1,
            unchanged: 0,
        })
        .collect();
    let mut ok = true;
    let mut have_stdin = false;
    for f in files.iter_mut() {
        // A failed write ended tail already if GNU's would have seen it
        // (check_output); smaller outputs wait for the report at exit.
        ok &= t.tail_file(f, &mut have_stdin);
    }
    if t.forever && out().ok() {
        // A pipe or FIFO on standard input is read to its end only.
        let mut viable = 0;
        for f in files.iter_mut() {
            if f.is_stdin() && !f.ignore && f.fd.is_some() && f.mode & fs::S_IFMT == fs::S_IFIFO {
                f.close();
                f.ignore = true;
            } else {
                viable += 1;
            }
        }
        if viable > 0 {
            follow(&mut t, &mut files, ok);
        }
    }
    sys::io::finish_stdin(have_stdin, b"-", ok)
}

fn follow(t: &mut Tail, files: &mut [Spec], ok: bool) {
    match fs::fstat(Fd::STDOUT) {
        Ok(st) => t.monitor_output = st.is_fifo(),
        Err(e) => die(&[b"standard output"], Some(e)),
    }
    let live = |f: &&Spec| f.fd.is_some();
    if !t.disable_inotify
        && (files.iter().any(|f| !f.ignore && f.is_stdin())
            || files.iter().filter(live).any(|f| f.remote)
            || !files.iter().filter(live).any(|f| !f.remote)
            || files.iter().any(|f| fs::lstat(f.name).is_ok_and(|s| s.mode & fs::S_IFMT == fs::S_IFLNK))
            || files.iter().filter(live).any(|f| !is_reg(f.mode) && f.mode & fs::S_IFMT != fs::S_IFIFO)
            || (!ok && !t.by_name))
    {
        t.disable_inotify = true;
    }
    if !t.disable_inotify {
        let e = match ino::init() {
            Ok(ifd) => {
                t.flush();
                t.inotify_forever(ifd.fd(), files);
                for f in files.iter_mut() {
                    f.wd = -1;
                    f.parent_wd = -1;
                }
                None
            }
            Err(e) => Some(e),
        };
        error(&[b"inotify cannot be used, reverting to polling"], e);
    }
    t.disable_inotify = true;
    t.poll_forever(files);
}
