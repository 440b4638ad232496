// corebox applet
// name: cat
// usage: [OPTION]... [FILE]...
// option: -b, --number-nonblank
// option: -n, --number
// option: -s, --squeeze-blank
// option: -v, --show-nonprinting
// option: -E, --show-ends
// option: -T, --show-tabs
// option: -A, --show-all
// option: -e
// option: -t
// option: -u
// help:
// Concatenate FILE(s) to standard output.
//
// With no FILE, or when FILE is -, read standard input.
//
//   -A, --show-all           equivalent to -vET
//   -b, --number-nonblank    number nonempty output lines, overrides -n
//   -e                       equivalent to -vE
//   -E, --show-ends          display $ at end of each line
//   -n, --number             number all output lines
//   -s, --squeeze-blank      suppress repeated empty output lines
//   -t                       equivalent to -vT
//   -T, --show-tabs          display TAB characters as ^I
//   -u                       (ignored)
//   -v, --show-nonprinting   use ^ and M- notation, except for LFD and TAB
//       --help        display this help and exit
//       --version     output version information and exit
//
// Examples:
//   %s f - g  Output f's contents, then standard input, then g's contents.
//   %s        Copy standard input to standard output.

use super::SPEC;
use crate::shared::diag::{die, file_error, quotef};
use crate::shared::files::or_stdin;
use alloc::vec::Vec;
use sys::fs::{self, Open, Stat};
use sys::io::{error, out, Fd};
use sys::Errno;

/// Size of the read buffer: large reads amortize the system calls.
const BUF: usize = 128 * 1024;

#[derive(Default)]
struct Format {
    number: bool,
    nonblank: bool,
    squeeze: bool,
    nonprinting: bool,
    ends: bool,
    tabs: bool,
}

impl Format {
    fn any(&self) -> bool {
        self.number || self.squeeze || self.nonprinting || self.ends || self.tabs
    }
}

/// The line-formatting state, kept across files as GNU cat keeps it: the
/// newlines seen since the last other byte (-1 inside a line), and the
/// last line number.
struct State {
    newlines: i32,
    line: u64,
    /// A CR ended the last buffer under -E: ^M if a newline follows.
    pending_cr: bool,
}

#[cfg_attr(corebox_opt, optimize(speed))]
fn line_number(st: &mut State, out: &mut Vec<u8>) {
    st.line += 1;
    let mut tmp = [0u8; 20];
    let digits = logic::digits::u64_dec(st.line, &mut tmp);
    for _ in digits.len()..6 {
        out.push(b' ');
    }
    out.extend_from_slice(digits);
    out.push(b'\t');
}

/// Formats one buffer of input into `o`.
#[cfg_attr(corebox_opt, optimize(speed), inline(never))]
fn format(f: &Format, st: &mut State, input: &[u8], o: &mut Vec<u8>) {
    let mut i = 0;
    if st.pending_cr && !input.is_empty() {
        st.pending_cr = false;
        o.extend_from_slice(if input[0] == b'\n' { b"^M" } else { b"\r" });
    }
    while i < input.len() {
        if input[i] == b'\n' {
            st.newlines += 1;
            if st.newlines > 0 {
                if st.newlines >= 2 {
                    st.newlines = 2;
                    if f.squeeze {
                        i += 1;
                        continue;
                    }
                }
                if f.number && !f.nonblank {
                    line_number(st, o);
                }
            }
            if f.ends {
                o.push(b'$');
            }
            o.push(b'\n');
            i += 1;
            continue;
        }
        if st.newlines >= 0 && f.number {
            line_number(st, o);
        }
        st.newlines = -1;
        let end = logic::memchr::memchr(b'\n', &input[i..]).map_or(input.len(), |p| i + p);
        let mut run = &input[i..end];
        // -E shows the CR of a CRLF line end as ^M (GNU 9.1).
        let cr_before_nl = f.ends && !f.nonprinting && run.last() == Some(&b'\r');
        if cr_before_nl {
            run = &run[..run.len() - 1];
        }
        if !f.nonprinting && !f.tabs {
            o.extend_from_slice(run);
        } else {
            for &c in run {
                show(f, c, o);
            }
        }
        if cr_before_nl {
            if end < input.len() {
                o.extend_from_slice(b"^M");
            } else {
                st.pending_cr = true;
            }
        }
        i = end;
    }
}

/// One byte in ^ and M- notation (-v), with ^I for tabs under -T.
fn show(f: &Format, c: u8, o: &mut Vec<u8>) {
    if c == b'\t' {
        if f.tabs {
            o.extend_from_slice(b"^I");
        } else {
            o.push(c);
        }
        return;
    }
    if !f.nonprinting {
        o.push(c);
        return;
    }
    let mut c = c;
    if c >= 128 {
        o.extend_from_slice(b"M-");
        c -= 128;
    }
    match c {
        0..=31 => o.extend_from_slice(&[b'^', c + 64]),
        127 => o.extend_from_slice(b"^?"),
        _ => o.push(c),
    }
}

/// The side of a [`copy`] that failed.
enum CopyError {
    Read(Errno),
    Write(Errno),
}

/// Copies `fd` to standard output with the kernel doing the work where it
/// can: copy_file_range between files, splice into a pipe, sendfile from a
/// file; read/write otherwise.
fn copy(fd: Fd, in_st: &Stat, out_st: &Stat, buf: &mut [u8]) -> Result<(), CopyError> {
    const CHUNK: usize = 1 << 30;
    let out_is_reg = out_st.is_reg();
    let out_is_fifo = out_st.is_fifo();
    // The output pipe keeps its size: it is shared with the reader, who
    // must see a writer that blocks (and gets EPIPE) as GNU's cat does.
    // From a file, splicing through a 1 MiB pipe of our own beats both a
    // direct splice into an output pipe and, on ext4, copy_file_range
    // (measured: tests/bench); on other file systems copy_file_range may
    // share extents or copy on the server, so it goes first there.
    let via_pipe = out_is_fifo
        || (out_is_reg
            && !fs::is_append(Fd::STDOUT)
            && fs::fs_type(Fd::STDOUT) == Some(fs::EXT4_MAGIC));
    if in_st.is_reg() && via_pipe {
        match fs::splice_via_pipe(fd, Fd::STDOUT, u64::MAX) {
            Ok(_) => return Ok(()),
            // Nothing is lost by falling back: offsets moved only as far as
            // the data was written.
            Err((true, Errno::INVAL, _)) => {}
            Err((true, e, _)) => return Err(CopyError::Read(e)),
            Err((false, e, _)) => return Err(CopyError::Write(e)),
        }
    }
    if in_st.is_reg() && out_is_reg {
        loop {
            match fs::copy_file_range(fd, Fd::STDOUT, CHUNK) {
                Ok(0) => return Ok(()),
                Ok(_) => {}
                Err(_) => break,
            }
        }
    }
    if out_is_fifo {
        loop {
            match fs::splice(fd, Fd::STDOUT, CHUNK) {
                Ok(0) => return Ok(()),
                Ok(_) => {}
                Err(_) => break,
            }
        }
    } else if in_st.is_reg() {
        loop {
            match fs::sendfile(Fd::STDOUT, fd, CHUNK) {
                Ok(0) => return Ok(()),
                Ok(_) => {}
                Err(_) => break,
            }
        }
    }
    loop {
        let n = fd.read(buf).map_err(CopyError::Read)?;
        if n == 0 {
            return Ok(());
        }
        Fd::STDOUT.write_all(&buf[..n]).map_err(CopyError::Write)?;
    }
}

struct Config {
    format: Format,
    files: Vec<&'static [u8]>,
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let c = parse(args);
    let out_st = fs::fstat(Fd::STDOUT).unwrap_or_else(|e| die(&[b"standard output"], Some(e)));
    let mut cat = Cat {
        formatting: c.format.any(),
        format: c.format,
        out_st,
        buf: alloc::vec![0u8; BUF],
        formatted: Vec::new(),
        state: State {
            newlines: 0,
            line: 0,
            pending_cr: false,
        },
    };
    let mut ok = true;
    for &name in &c.files {
        ok &= cat.file(name);
    }
    if cat.state.pending_cr {
        out().byte(b'\r');
    }
    let read_stdin = c.files.contains(&&b"-"[..]);
    sys::io::finish_stdin(read_stdin, b"closing standard input", ok)
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> Config {
    let mut f = Format::default();
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            'b' => (f.number, f.nonblank) = (true, true),
            'n' => f.number = true,
            's' => f.squeeze = true,
            'v' => f.nonprinting = true,
            'E' => f.ends = true,
            'T' => f.tabs = true,
            'A' => (f.nonprinting, f.ends, f.tabs) = (true, true, true),
            'e' => (f.nonprinting, f.ends) = (true, true),
            't' => (f.nonprinting, f.tabs) = (true, true),
            _ => {}
        }
    }
    Config {
        format: f,
        files: or_stdin(opts.operands()),
    }
}

/// One run over the FILE operands: what they are written to, and the
/// formatting state that GNU cat carries from one file to the next.
struct Cat {
    format: Format,
    formatting: bool,
    out_st: Stat,
    buf: Vec<u8>,
    formatted: Vec<u8>,
    state: State,
}

impl Cat {
    /// Writes one operand (`-`: standard input); false if it failed (and
    /// was reported). A write error ends the program.
    fn file(&mut self, name: &[u8]) -> bool {
        let file = if name == b"-" {
            None
        } else {
            match fs::open(name, Open::Read) {
                Ok(file) => Some(file),
                Err(e) => return file_error(name, e),
            }
        };
        let fd = file.as_ref().map_or(Fd::STDIN, |f| f.fd());
        let in_st = match fs::fstat(fd) {
            Ok(s) => s,
            Err(e) => return file_error(name, e),
        };
        fs::advise_sequential(fd);
        // Copying a regular file onto itself would only fill the disk.
        if self.out_st.is_reg()
            && in_st.is_reg()
            && self.out_st.same_file(&in_st)
            && fs::tell(fd).is_ok_and(|pos| (pos as i64) < in_st.size)
        {
            error(&[&quotef(name), b": input file is output file"], None);
            return false;
        }
        if self.formatting {
            self.format_file(fd, name)
        } else {
            self.copy_file(fd, &in_st, name)
        }
    }

    /// Without formatting: the kernel copies (see [`copy`]).
    fn copy_file(&mut self, fd: Fd, in_st: &Stat, name: &[u8]) -> bool {
        if let Err(e) = out().flush() {
            out().take_error();
            die(&[b"write error"], Some(e));
        }
        match copy(fd, in_st, &self.out_st, &mut self.buf) {
            Ok(()) => true,
            Err(CopyError::Read(e)) => file_error(name, e),
            Err(CopyError::Write(e)) => die(&[b"write error"], Some(e)),
        }
    }

    /// With -b -n -s -v -E -T -A -e -t: block by block through [`format`].
    fn format_file(&mut self, fd: Fd, name: &[u8]) -> bool {
        loop {
            let n = match fd.read(&mut self.buf) {
                Ok(0) => return true,
                Ok(n) => n,
                Err(e) => return file_error(name, e),
            };
            self.formatted.clear();
            format(
                &self.format,
                &mut self.state,
                &self.buf[..n],
                &mut self.formatted,
            );
            if let Err(e) = out().write_direct(&self.formatted) {
                out().take_error();
                die(&[b"write error"], Some(e));
            }
        }
    }
}
