// corebox applet
// name: head
// usage: [OPTION]... [FILE]...
// option: -c, --bytes=[-]NUM
// option: -n, --lines=[-]NUM
// option: ---presume-input-pipe
// option: -q, --quiet, --silent
// option: -v, --verbose
// option: -z, --zero-terminated
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
// Print the first 10 lines of each FILE to standard output.
// With more than one FILE, precede each with a header giving the file name.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -c, --bytes=[-]NUM       print the first NUM bytes of each file;
//                              with the leading '-', print all but the last
//                              NUM bytes of each file
//   -n, --lines=[-]NUM       print the first NUM lines instead of the first 10;
//                              with the leading '-', print all but the last
//                              NUM lines of each file
//   -q, --quiet, --silent    never print headers giving file names
//   -v, --verbose            always print headers giving file names
//   -z, --zero-terminated    line delimiter is NUL, not newline
//       --help        display this help and exit
//       --version     output version information and exit
//
// NUM may have a multiplier suffix:
// b 512, kB 1000, K 1024, MB 1000*1000, M 1024*1024,
// GB 1000*1000*1000, G 1024*1024*1024, and so on for T, P, E, Z, Y.
// Binary prefixes can be used, too: KiB=K, MiB=M, and so on.

use super::{opt, SPEC};
use crate::shared::cli::{count_or_die, usage_error};
use crate::shared::diag::{die, open_error, quote, quoteaf, read_error};
use crate::shared::files::{finish, or_stdin, HeaderMode, Headers};
use alloc::vec::Vec;
use logic::elide::{Elider, Unit};
use logic::memchr::{memchr_iter, memrchr_iter};
use sys::fs::{self, Input, Whence};
use sys::io::{error, out, Fd};

const BUF: usize = 128 * 1024;

struct Config {
    lines: bool,
    /// All but the last `n` (a count with a leading `-`).
    elide: bool,
    n: u64,
    eol: u8,
    presume_pipe: bool,
    headers: HeaderMode,
}

/// `head -5c`, `head -2k`, `head -3lqz`: the obsolete first argument.
fn obsolete(arg: &[u8], c: &mut Config) {
    let digits = arg[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    let mut number = arg[1..1 + digits].to_vec();
    let mut multiplier = None;
    for &l in &arg[1 + digits..] {
        match l {
            b'c' => (c.lines, multiplier) = (false, None),
            b'b' | b'k' | b'm' => (c.lines, multiplier) = (false, Some(l)),
            b'l' => c.lines = true,
            b'q' => c.headers = HeaderMode::Never,
            b'v' => c.headers = HeaderMode::Always,
            b'z' => c.eol = 0,
            _ => usage_error(&SPEC, &[b"invalid trailing option -- ", &[l]]),
        }
    }
    number.extend(multiplier);
    c.n = count_or_die(c.lines, &number);
}

/// The options (the obsolete `-NUM...` form first) into a [`Config`], and
/// the FILE operands.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        lines: true,
        elide: false,
        n: 10,
        eol: b'\n',
        presume_pipe: false,
        headers: HeaderMode::Multiple,
    };
    let mut rest = &args[1.min(args.len())..];
    if let Some(first) = rest.first() {
        if first.len() > 1 && first[0] == b'-' && first[1].is_ascii_digit() {
            obsolete(first, &mut c);
            rest = &rest[1..];
        }
    }
    let mut opts = crate::shared::cli::parse(&SPEC, rest);
    while let Some(o) = opts.next() {
        match o.key {
            'c' | 'n' => {
                let arg = o.arg.unwrap_or(b"");
                c.lines = o.key == 'n';
                c.elide = arg.first() == Some(&b'-');
                c.n = count_or_die(c.lines, if c.elide { &arg[1..] } else { arg });
            }
            'q' => c.headers = HeaderMode::Never,
            'v' => c.headers = HeaderMode::Always,
            'z' => c.eol = 0,
            opt::_PRESUME_INPUT_PIPE => c.presume_pipe = true,
            d => usage_error(&SPEC, &[b"invalid trailing option -- ", &[d as u8]]),
        }
    }
    // GNU's check of -c -N against OFF_T_MAX, naming the value.
    if !c.lines && c.elide && c.n > i64::MAX as u64 {
        let mut tmp = [0u8; 20];
        let v = logic::digits::u64_dec(c.n, &mut tmp);
        die(
            &[b"invalid number of bytes: ", &quote(v)],
            Some(sys::Errno::OVERFLOW),
        );
    }
    (c, opts.operands())
}

/// The first `n` bytes.
fn head_bytes(fd: Fd, name: &[u8], mut n: u64, buf: &mut [u8]) -> bool {
    while n > 0 && out().ok() {
        let want = (buf.len() as u64).min(n) as usize;
        match fd.read(&mut buf[..want]) {
            Ok(0) => break,
            Ok(k) => {
                out().write(&buf[..k]);
                n -= k as u64;
            }
            Err(e) => return read_error(name, e),
        }
    }
    true
}

/// The first `n` lines; gives back what was read past them when the
/// input can seek, so a next reader of the same descriptor starts there.
fn head_lines(fd: Fd, name: &[u8], mut n: u64, eol: u8, buf: &mut [u8]) -> bool {
    while n > 0 && out().ok() {
        let k = match fd.read(buf) {
            Ok(0) => break,
            Ok(k) => k,
            Err(e) => return read_error(name, e),
        };
        let chunk = &buf[..k];
        // One counting pass per chunk; the n-th terminator is looked for
        // only in the chunk that holds it.
        let lines = sys::simd::count_byte(eol, chunk) as u64;
        if lines < n {
            n -= lines;
            out().write(chunk);
            continue;
        }
        let p = memchr_iter(eol, chunk)
            .nth((n - 1) as usize)
            .unwrap_or(k - 1);
        out().write(&chunk[..=p]);
        fs::seek(fd, Whence::Current(p as i64 + 1 - k as i64)).ok();
        return true;
    }
    true
}

/// All but the last `n` lines or bytes. A seekable input is left at the
/// byte after the last one printed, as GNU leaves it, so that the next
/// reader of a shared descriptor starts there.
fn head_elide(fd: Fd, name: &[u8], c: &Config, buf: &mut [u8]) -> bool {
    let st = match fs::fstat(fd) {
        Ok(st) => st,
        Err(e) => {
            error(&[b"cannot fstat ", &quoteaf(name)], Some(e));
            return false;
        }
    };
    let start = if c.presume_pipe {
        None
    } else {
        fs::tell(fd).ok()
    };
    // GNU trusts the size of a file larger than a block (0 for /proc
    // files, which take the streaming path).
    let size = st.size.max(0) as u64;
    if let Some(pos) = start.filter(|_| size > st.blksize) {
        if c.lines {
            return size <= pos || elide_lines_seekable(fd, name, c.n, c.eol, pos, size);
        }
        return head_bytes(fd, name, size.saturating_sub(pos).saturating_sub(c.n), buf);
    }
    let unit = if c.lines {
        Unit::Lines(c.eol)
    } else {
        Unit::Bytes
    };
    let mut e = Elider::new(unit, c.n);
    let mut printed = 0u64;
    let mut print = |b: &[u8]| {
        printed += b.len() as u64;
        out().write(b)
    };
    loop {
        match fd.read(buf) {
            Ok(0) => break,
            Ok(k) => e.push(&buf[..k], &mut print),
            Err(err) => return read_error(name, err),
        }
        if !out().ok() {
            return true;
        }
    }
    e.finish(&mut print);
    if let Some(pos) = start {
        fs::seek(fd, Whence::Start(pos + printed)).ok();
    }
    true
}

/// GNU's BUFSIZ: the block of elide_lines_seekable, whose size decides
/// where the input is left when it holds fewer lines than are elided.
const BUFSIZ: u64 = 8192;

/// All but the last `n` lines of a file larger than a block (GNU's
/// elide_tail_lines_seekable): blocks aligned on `pos` are read backwards
/// from `size` until the n-th line end from the end (a last line without
/// one counts as a line); what comes before it is copied and the input
/// left just after. With fewer lines, nothing is printed and the input
/// is left after the first block, as GNU leaves it.
fn elide_lines_seekable(fd: Fd, name: &[u8], mut n: u64, eol: u8, pos: u64, size: u64) -> bool {
    if n == 0 {
        return copy_before(fd, name, pos, size);
    }
    let mut block = [0u8; BUFSIZ as usize];
    let mut at = size - ((size - pos - 1) % BUFSIZ + 1);
    let mut first = true;
    loop {
        let want = if first { size - at } else { BUFSIZ } as usize;
        let got = match fs::seek(fd, Whence::Start(at)).and_then(|_| fd.read(&mut block[..want])) {
            Ok(k) => k,
            Err(e) => return read_error(name, e),
        };
        let chunk = &block[..got];
        if first && chunk.last().is_some_and(|&b| b != eol) {
            n -= 1;
        }
        first = false;
        for i in memrchr_iter(eol, chunk) {
            if n == 0 {
                return copy_before(fd, name, pos, at + i as u64 + 1);
            }
            n -= 1;
        }
        if at == pos {
            return true;
        }
        at -= BUFSIZ;
    }
}

/// Copies the input from `pos` up to `end` and leaves it there.
fn copy_before(fd: Fd, name: &[u8], pos: u64, end: u64) -> bool {
    let mut buf = alloc::vec![0u8; BUF];
    match fs::seek(fd, Whence::Start(pos)) {
        Ok(_) => head_bytes(fd, name, end - pos, &mut buf),
        Err(e) => read_error(name, e),
    }
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::set_write_error_style(
        sys::io::WriteErrorKind::Errno,
        sys::io::WriteErrorKind::Writing,
        4096,
        u64::MAX,
    );
    let (c, files) = parse(args);
    run(&c, or_stdin(files))
}

/// Prints the wanted part of each file, until standard output fails.
fn run(c: &Config, files: Vec<&'static [u8]>) -> i32 {
    let print_headers = c.headers.shown(files.len());
    let mut headers = Headers::default();
    let mut buf = alloc::vec![0u8; BUF];
    let mut ok = true;
    let mut visited = 0;
    for &name in &files {
        visited += 1;
        let input = match Input::open(name) {
            Ok(i) => i,
            Err(e) => {
                ok = open_error(name, e);
                continue;
            }
        };
        let shown: &[u8] = if input.is_stdin() {
            b"standard input"
        } else {
            name
        };
        if print_headers {
            headers.write(shown);
        }
        ok &= head_file(input.fd(), shown, c, &mut buf);
        if !out().ok() {
            break;
        }
    }
    // Standard input is closed only if it was reached.
    finish(&files[..visited], ok)
}

/// The wanted part of one file.
fn head_file(fd: Fd, name: &[u8], c: &Config, buf: &mut [u8]) -> bool {
    if c.elide {
        head_elide(fd, name, c, buf)
    } else if c.lines {
        head_lines(fd, name, c.n, c.eol, buf)
    } else {
        head_bytes(fd, name, c.n, buf)
    }
}
