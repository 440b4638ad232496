//! File descriptors, reads and writes, the buffered standard output with
//! GNU's `close_stdout` error reporting, and diagnostics on standard error.

use crate::errno::{Errno, Result};
use alloc::vec::Vec;
use core::cell::UnsafeCell;
use rustix::fd::{BorrowedFd, OwnedFd};

/// A file descriptor this process does not own (for example 0, 1 or 2).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Fd(pub(crate) i32);

impl Fd {
    pub const STDIN: Fd = Fd(0);
    pub const STDOUT: Fd = Fd(1);
    pub const STDERR: Fd = Fd(2);
    /// AT_FDCWD: names relative to it are relative to the current directory.
    pub const CWD: Fd = Fd(-100);

    pub fn raw(self) -> i32 {
        self.0
    }

    /// A descriptor by number (`test -t 5`); system calls on one that is
    /// not open fail with EBADF. Negative numbers are not descriptors.
    pub fn from_raw(n: u32) -> Option<Fd> {
        i32::try_from(n).ok().map(Fd)
    }

    pub(crate) fn b(self) -> BorrowedFd<'static> {
        // SAFETY: the descriptor is only handed to system calls, which report
        // EBADF if it is not open; it is never closed through this borrow.
        unsafe { BorrowedFd::borrow_raw(self.0) }
    }

    /// read(2), retried on EINTR.
    #[inline(never)]
    pub fn read(self, buf: &mut [u8]) -> Result<usize> {
        loop {
            match rustix::io::read(self.b(), &mut *buf) {
                Err(rustix::io::Errno::INTR) => continue,
                r => return r.map_err(Errno::from),
            }
        }
    }

    /// Reads to the end of the input, appending to `v`; ENOMEM when
    /// memory runs out (gnulib's fread_file).
    pub fn read_to_end(self, v: &mut Vec<u8>) -> Result<()> {
        let mut chunk = 64 * 1024;
        loop {
            crate::heap::fallible(|| v.try_reserve(chunk)).map_err(|_| Errno::NOMEM)?;
            let len = v.len();
            logic::fill::grow(v, len + chunk, 0);
            let r = self.read(&mut v[len..]);
            v.truncate(len + *r.as_ref().unwrap_or(&0));
            match r? {
                0 => return Ok(()),
                _ => chunk = (chunk * 2).min(1 << 24),
            }
        }
    }

    /// One read(2), not retried on EINTR (dd reports signals between
    /// reads).
    pub fn read_once(self, buf: &mut [u8]) -> Result<usize> {
        rustix::io::read(self.b(), &mut *buf).map_err(Errno::from)
    }

    /// One write(2), not retried: the bytes written (dd counts partial
    /// writes).
    pub fn write_once(self, buf: &[u8]) -> Result<usize> {
        rustix::io::write(self.b(), buf).map_err(Errno::from)
    }

    /// Reads until `buf` is full or end of file; returns the bytes read.
    pub fn read_full(self, buf: &mut [u8]) -> Result<usize> {
        let mut n = 0;
        while n < buf.len() {
            match self.read(&mut buf[n..])? {
                0 => break,
                k => n += k,
            }
        }
        Ok(n)
    }

    /// write(2) of the whole buffer, retried on EINTR and short writes.
    pub fn write_all(self, mut buf: &[u8]) -> Result<()> {
        while !buf.is_empty() {
            match rustix::io::write(self.b(), buf) {
                Ok(0) => return Err(Errno::NOSPC),
                Ok(n) => buf = &buf[n..],
                Err(rustix::io::Errno::INTR) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }
}

/// An open file descriptor, closed when dropped (through one function
/// out of line: an OwnedFd inlines its close at every drop).
#[derive(Debug)]
pub struct File(i32);

impl File {
    /// Takes over `f`.
    pub(crate) fn own(f: OwnedFd) -> File {
        use rustix::fd::IntoRawFd;
        File(f.into_raw_fd())
    }

    pub fn fd(&self) -> Fd {
        Fd(self.0)
    }

    /// Keeps the descriptor open for good (across exec, if it is one of
    /// 0-2 or not close-on-exec): nothing closes it any more.
    pub fn keep(self) -> Fd {
        let fd = Fd(self.0);
        core::mem::forget(self);
        fd
    }

    /// Closes the descriptor and reports what close(2) says (NFS and
    /// quota errors show up there).
    pub fn close(self) -> Result<()> {
        let fd = self.keep().0;
        // SAFETY: `fd` was this File's, given up just now: nothing else
        // owns or closes it.
        unsafe { rustix::io::try_close(fd) }.map_err(Errno::from)
    }
}

impl Drop for File {
    #[inline(never)]
    fn drop(&mut self) {
        // SAFETY: the File owns its descriptor (taken from an OwnedFd),
        // and this is the one place that closes it.
        unsafe { rustix::io::close(self.0) }
    }
}

/// Closes descriptor 0 (GNU tools that read standard input check this).
pub fn close_stdin() -> Result<()> {
    // SAFETY: nothing in corebox uses descriptor 0 after this call.
    unsafe { rustix::io::try_close(0) }.map_err(Errno::from)
}

/// The end of an applet that read standard input: closes it (when `read`)
/// and reports a failure as `NAME: LABEL: ERROR` (the label differs per
/// GNU tool: `-`, `standard input`, `closing standard input`); returns
/// the exit status: 1 if anything failed, else 0.
pub fn finish_stdin(read: bool, label: &[u8], ok: bool) -> i32 {
    if read {
        if let Err(e) = close_stdin() {
            error(&[label], Some(e));
            return 1;
        }
    }
    if ok {
        0
    } else {
        1
    }
}

/// Writes the whole buffer to the raw descriptor `fd`.
pub fn write_all_fd(fd: i32, buf: &[u8]) -> Result<()> {
    Fd(fd).write_all(buf)
}

/// A cell for the process-global state of this module; corebox is single
/// threaded and never re-enters these functions from a signal handler.
struct Global<T>(UnsafeCell<T>);
// SAFETY: one thread only (see above).
unsafe impl<T> Sync for Global<T> {}

impl<T> Global<T> {
    fn with<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        // SAFETY: single-threaded and `f` never calls back into `with` of the
        // same global (the functions below keep borrows short), so this is
        // the only live reference.
        f(unsafe { &mut *self.0.get() })
    }
}

struct OutState {
    buf: Vec<u8>,
    /// The first write error, kept so that it is reported once, at exit.
    error: Option<Errno>,
    /// The applet reported the error itself; exit must not report it again.
    reported: bool,
    /// Descriptor 1 was not open at the first write error, nor would a
    /// file the program opened have taken it in GNU's program: fclose at
    /// exit fails again with EBADF.
    fd_closed: bool,
    /// Bytes the program has written (or tried to), for [`WriteErrorStyle`].
    total: u64,
    /// Output had failed (or would have, in GNU's stdio buffer) when a
    /// diagnostic came: GNU's error() flushes stdout first, stdio keeps
    /// only its error flag, and close_stdout then says a bare `write error`.
    met_by_diagnostic: bool,
    /// Buffer size (0 until the first write sets it up).
    cap: usize,
    /// Line buffered (`stdbuf -oL`): flush after a newline.
    line: bool,
    /// stdio's error flag is set though no write failed (a printf call
    /// that failed with EOVERFLOW): exit says a bare `write error`.
    flagged: bool,
    /// The GNU program keeps its output in a buffer of its own, which
    /// diagnostics do not flush (tac).
    own_buffer: bool,
    style: WriteErrorStyle,
}

/// How a write error on standard output is reported at exit. GNU's
/// programs write through stdio's 4 KiB buffer: when their output stayed
/// below it, the error shows when stdout is closed (`write error: ERRNO`);
/// once it passed it, a write failed while the program ran, and what is
/// said then depends on the program (stdio's error flag without errno,
/// `error writing 'standard output'`, or GNU 9.1's `write_error()` followed
/// by close_stdout's second report). `above` applies from `threshold` to
/// `upper` bytes written, `below` otherwise; with a `period`, past `upper`
/// it applies again where `(written - 1) % period >= threshold`.
#[derive(Clone, Copy, PartialEq, Eq)]
struct WriteErrorStyle {
    below: WriteErrorKind,
    above: WriteErrorKind,
    threshold: u64,
    upper: u64,
    period: u64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum WriteErrorKind {
    /// `NAME: write error: ERRNO`
    Errno,
    /// `NAME: write error`
    Plain,
    /// `NAME: write error: ERRNO` and `NAME: write error`
    Twice,
    /// `NAME: error writing 'standard output': ERRNO`
    Writing,
}

/// Bytes written to standard output so far (or tried, after an error).
pub fn written() -> u64 {
    OUT.with(|o| o.total)
}

/// The GNU program this applet follows keeps its output in a buffer of its
/// own: a diagnostic does not change how a write error is reported.
pub fn set_own_output_buffer() {
    OUT.with(|o| o.own_buffer = true);
}

/// The write error of a GNU program whose output loop dies on a failed
/// write (`write error: ERRNO`), after which close_stdout reports the
/// stream's error again (`write error`): both once more than stdio's
/// 4096-byte buffer was written, only close_stdout's before.
pub fn write_errors_die_past_stdio_buffer() {
    set_write_error_style(WriteErrorKind::Errno, WriteErrorKind::Twice, 4097, u64::MAX);
}

/// Sets how a write error on standard output is reported at exit: as
/// `above` when from `threshold` to `upper` bytes were written, else as
/// `below`.
#[inline(never)]
pub fn set_write_error_style(
    below: WriteErrorKind,
    above: WriteErrorKind,
    threshold: u64,
    upper: u64,
) {
    OUT.with(|o| {
        o.style = WriteErrorStyle {
            below,
            above,
            threshold,
            upper,
            period: 0,
        }
    });
}

/// Makes the style set by [`set_write_error_style`] repeat every `period`
/// bytes past its upper bound: GNU's tac fwrites 8 KiB blocks through
/// stdio's 4 KiB buffer, so whether data is still pending when stdout is
/// closed (and the error keeps its errno) alternates every 4 KiB.
pub fn set_write_error_period(period: u64) {
    OUT.with(|o| o.style.period = period);
}

const OUT_CAP: usize = 32 * 1024;

static OUT: Global<OutState> = Global(UnsafeCell::new(OutState {
    buf: Vec::new(),
    error: None,
    reported: false,
    fd_closed: false,
    total: 0,
    met_by_diagnostic: false,
    cap: 0,
    line: false,
    flagged: false,
    own_buffer: false,
    style: WriteErrorStyle {
        below: WriteErrorKind::Errno,
        above: WriteErrorKind::Errno,
        threshold: 0,
        upper: u64::MAX,
        period: 0,
    },
}));
static EXIT_FAILURE: Global<i32> = Global(UnsafeCell::new(1));
static PROG: Global<&'static [u8]> = Global(UnsafeCell::new(b"corebox"));

/// Sets the program name used as prefix of diagnostics.
pub fn set_program_name(name: &'static [u8]) {
    PROG.with(|p| *p = name);
}

/// Sets the exit status used when standard output cannot be written at
/// exit (GNU's `initialize_exit_failure`: 2 for printenv, 3 for tty...).
pub fn set_exit_failure(status: i32) {
    EXIT_FAILURE.with(|e| *e = status);
}

/// The program name used as prefix of diagnostics.
pub fn program_name() -> &'static [u8] {
    PROG.with(|p| *p)
}

/// The buffered standard output. Writes never fail from the caller's point
/// of view: the first error is remembered, later writes are dropped, and
/// the error is reported at exit (GNU's `close_stdout`) unless the applet
/// reports it itself first via [`Stdout::take_error`].
#[derive(Clone, Copy)]
pub struct Stdout;

/// The process's standard output.
pub fn out() -> Stdout {
    Stdout
}

impl Stdout {
    /// Appends bytes to the buffer, flushing when it fills.
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn write(self, bytes: &[u8]) {
        OUT.with(|o| {
            o.total += bytes.len() as u64;
            if o.error.is_some() {
                return;
            }
            if o.cap == 0 {
                buffering(o);
            }
            if o.buf.len() + bytes.len() > o.cap {
                flush_state(o);
                if bytes.len() >= o.cap {
                    if o.error.is_none() {
                        if let Err(e) = Fd::STDOUT.write_all(bytes) {
                            fail(o, e);
                        }
                    }
                    return;
                }
            }
            o.buf.extend_from_slice(bytes);
            if o.line && logic::memchr::memchr(b'\n', bytes).is_some() {
                flush_state(o);
            }
        })
    }

    /// Appends one byte.
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn byte(self, b: u8) {
        self.write(&[b])
    }

    /// Appends the decimal form of `n`.
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn num(self, n: u64) {
        let mut tmp = [0u8; 20];
        self.write(logic::digits::u64_dec(n, &mut tmp))
    }

    /// Writes out everything buffered; returns the first write error.
    pub fn flush(self) -> Result<()> {
        OUT.with(|o| {
            flush_state(o);
            o.error.map_or(Ok(()), Err)
        })
    }

    /// Writes `bytes` straight to descriptor 1 after flushing the buffer:
    /// for applets that manage big buffers of their own (yes, cat).
    pub fn write_direct(self, bytes: &[u8]) -> Result<()> {
        OUT.with(|o| {
            o.total += bytes.len() as u64;
            flush_state(o);
            if o.error.is_none() {
                if let Err(e) = Fd::STDOUT.write_all(bytes) {
                    fail(o, e);
                }
            }
            o.error.map_or(Ok(()), Err)
        })
    }

    /// No write error has happened so far.
    pub fn ok(self) -> bool {
        OUT.with(|o| o.error.is_none())
    }

    /// Records an error met by an applet writing to descriptor 1 itself.
    pub fn set_error(self, e: Errno) {
        OUT.with(|o| {
            if o.error.is_none() {
                fail(o, e);
            }
        })
    }

    /// Sets stdio's error flag without an error: output goes on, and exit
    /// reports a bare `write error` (glibc printf failing with EOVERFLOW).
    pub fn set_error_flag(self) {
        OUT.with(|o| o.flagged = true)
    }

    /// The first write error, marking it as reported by the caller.
    pub fn take_error(self) -> Option<Errno> {
        OUT.with(|o| {
            o.reported = true;
            o.error
        })
    }
}

/// setvbuf(stdout, NULL, _IOLBF, 0), as GNU's checksum programs and wc
/// do: each line is written when it is complete, whatever stdbuf asked.
pub fn set_line_buffered() {
    OUT.with(|o| {
        o.cap = OUT_CAP;
        o.line = true;
    })
}

/// Sets the buffer up at the first write: 32 KiB, or what GNU's stdbuf
/// asks of programs through `_STDBUF_O` (`L` line buffered, `0`
/// unbuffered, N bytes), which corebox, static and without the loader
/// that would preload libstdbuf.so, honours itself.
#[cold]
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn buffering(o: &mut OutState) {
    o.cap = OUT_CAP;
    match crate::env::var(b"_STDBUF_O") {
        Some(b"L") => o.line = true,
        Some(n) => {
            if let Some(n) = logic::num::parse_u64_dec(n) {
                o.cap = (n as usize).clamp(1, 1 << 26);
            }
        }
        None => {}
    }
    o.buf.reserve_exact(o.cap.min(OUT_CAP));
}

/// Records the first write error. With descriptor 1 closed, a GNU program
/// that opens a file gets it as descriptor 1 (writes then fail with EBADF
/// too, and closing stdout at exit succeeds); corebox moves what it opens
/// to 3 and up, so a descriptor 3 in use stands for that file.
fn fail(o: &mut OutState, e: Errno) {
    o.fd_closed = e == Errno::BADF && !crate::fs::is_open(Fd::STDOUT) && !crate::fs::is_open(Fd(3));
    o.error = Some(e);
}

fn flush_state(o: &mut OutState) {
    if !o.buf.is_empty() {
        if o.error.is_none() {
            if let Err(e) = Fd::STDOUT.write_all(&o.buf) {
                fail(o, e);
            }
        }
        o.buf.clear();
    }
}

/// Flushes standard output at exit and reports a write error GNU's way:
/// `NAME: write error: MESSAGE`, turning the exit status into 1.
pub fn close_stdout(status: i32) -> i32 {
    let (err, reported, kind, fd_closed) = OUT.with(|o| {
        flush_state(o);
        let s = o.style;
        let above = (s.threshold..=s.upper).contains(&o.total)
            || (s.period != 0 && o.total > s.upper && (o.total - 1) % s.period >= s.threshold);
        let kind = if above { s.above } else { s.below };
        let kind = if kind == WriteErrorKind::Errno && o.met_by_diagnostic {
            WriteErrorKind::Plain
        } else {
            kind
        };
        let err = o.error.or(o.flagged.then_some(Errno(0)));
        (err, o.reported, kind, o.fd_closed)
    });
    match err {
        Some(e) if !reported => {
            match kind {
                WriteErrorKind::Errno if e.0 != 0 => error(&[b"write error"], Some(e)),
                WriteErrorKind::Errno => error(&[b"write error"], None),
                // A closed descriptor 1: fclose itself fails, and
                // close_stream keeps its EBADF.
                WriteErrorKind::Plain if e == Errno::BADF => error(&[b"write error"], Some(e)),
                WriteErrorKind::Plain => error(&[b"write error"], None),
                WriteErrorKind::Twice => {
                    error(&[b"write error"], Some(e));
                    // close_stdout's report: bare, except that fclose of a
                    // descriptor 1 that was never open fails again.
                    error(&[b"write error"], fd_closed.then_some(e));
                }
                WriteErrorKind::Writing => error(&[b"error writing 'standard output'"], Some(e)),
            }
            EXIT_FAILURE.with(|f| *f)
        }
        Some(_) if status == 0 => EXIT_FAILURE.with(|f| *f),
        Some(_) => status,
        None => status,
    }
}

/// Prints `NAME: PARTS...[: ERRNO MESSAGE]` and a newline on standard error,
/// after flushing standard output (as GNU's error() does), in one write.
pub fn error(parts: &[&[u8]], errno: Option<Errno>) {
    let mut line = Vec::new();
    append(&mut line, &[program_name(), b": "]);
    append(&mut line, parts);
    if let Some(e) = errno {
        append(&mut line, &[b": "]);
        push_errno_message(&mut line, e);
    }
    append(&mut line, &[b"\n"]);
    OUT.with(|o| {
        flush_state(o);
        o.met_by_diagnostic |= o.error.is_some() && o.total > 0 && !o.own_buffer;
    });
    to_stderr(&line);
}

static STDERR_FAILED: Global<bool> = Global(UnsafeCell::new(false));

fn to_stderr(bytes: &[u8]) {
    if Fd::STDERR.write_all(bytes).is_err() {
        STDERR_FAILED.with(|f| *f = true);
    }
}

/// A diagnostic could not be written (stdio's `ferror (stderr)`).
pub fn stderr_failed() -> bool {
    STDERR_FAILED.with(|f| *f)
}

/// Appends the pieces to `v` (one out-of-line copy of the vector code for
/// every diagnostic).
#[inline(never)]
fn append(v: &mut Vec<u8>, pieces: &[&[u8]]) {
    for p in pieces {
        v.extend_from_slice(p);
    }
}

/// Appends the strerror text of `e` (`Unknown error N` for unknown numbers).
pub fn push_errno_message(line: &mut Vec<u8>, e: Errno) {
    if !e.push_message(line) {
        let mut tmp = [0u8; 20];
        line.extend_from_slice(b"Unknown error ");
        if e.0 < 0 {
            line.push(b'-');
        }
        line.extend_from_slice(logic::digits::u64_dec(e.0.unsigned_abs() as u64, &mut tmp));
    }
}

/// GNU's xalloc_die when memory runs out: what standard output holds is
/// written, then `NAME: memory exhausted`, and the program exits with its
/// failure status. Nothing here allocates.
#[cold]
pub fn memory_exhausted() -> ! {
    OUT.with(flush_state);
    let _ = Fd::STDERR.write_all(program_name());
    let _ = Fd::STDERR.write_all(b": memory exhausted\n");
    crate::rt::exit_now(EXIT_FAILURE.with(|f| *f))
}

/// Writes raw bytes to standard error (help for usage errors and the like).
pub fn write_stderr(bytes: &[u8]) {
    OUT.with(flush_state);
    to_stderr(bytes);
}

/// Waits until `fd` is readable or `timeout` (seconds, nanoseconds) passes
/// (None: forever), watching standard output too when `watch_stdout`:
/// returns (readable, standard output is broken: its reader went away).
pub fn wait_readable(
    fd: Fd,
    watch_stdout: bool,
    timeout: Option<(u64, u32)>,
) -> Result<(bool, bool)> {
    use rustix::event::{poll, PollFd, PollFlags};
    let mut fds = [
        PollFd::from_borrowed_fd(fd.b(), PollFlags::IN),
        PollFd::from_borrowed_fd(Fd::STDOUT.b(), PollFlags::empty()),
    ];
    let n = if watch_stdout { 2 } else { 1 };
    let ts = timeout.map(|(s, ns)| rustix::time::Timespec {
        tv_sec: s.min(i64::MAX as u64) as i64,
        tv_nsec: ns as _,
    });
    loop {
        match poll(&mut fds[..n], ts.as_ref()) {
            Err(rustix::io::Errno::INTR) => continue,
            Err(e) => return Err(e.into()),
            Ok(_) => break,
        }
    }
    Ok((
        !fds[0].revents().is_empty(),
        n == 2 && !fds[1].revents().is_empty(),
    ))
}

/// Standard output is a pipe or socket whose reader went away (POLLERR).
pub fn stdout_broken() -> bool {
    use rustix::event::{poll, PollFd, PollFlags};
    let mut fds = [PollFd::from_borrowed_fd(Fd::STDOUT.b(), PollFlags::empty())];
    let zero = rustix::time::Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    matches!(poll(&mut fds, Some(&zero)), Ok(1) if fds[0].revents().intersects(PollFlags::ERR | PollFlags::HUP))
}
