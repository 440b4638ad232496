// corebox applet
// name: factor
// usage: [NUMBER]...
// usage: OPTION
// option: ---debug
// help:
// Print the prime factors of each specified integer NUMBER.  If none
// are specified on the command line, read them from standard input.
//
//       --help        display this help and exit
//       --version     output version information and exit

//! GNU factor.c over `logic::factor`. GNU writes the lines of numbers
//! below 2^127 through a buffer of its own, flushed in chunks of at most
//! 512 bytes ending at a newline (each line on a terminal), and the lines
//! of bigger numbers (its GMP path) through stdio, flushed at once: so in
//! a pipe a big number's line can come before the lines of the small ones
//! read earlier. That buffer is kept here as GNU keeps it, so the output
//! is GNU's byte for byte, and each of its writes is atomic in a pipe
//! shared by several factor processes. The hidden `---debug` option is accepted; its
//! trace of GNU's algorithm is not printed.

use super::SPEC;
use crate::shared::diag::quote;
use alloc::vec::Vec;
use logic::bigint::Int;
use logic::factor::{push_u128, Factorizer};
use sys::io::{error, out, Fd};

/// GNU's FACTOR_PIPE_BUF.
const PIPE_BUF: usize = 512;

struct Printer {
    fz: Factorizer,
    factors: Vec<u128>,
    /// GNU's lbuf: lines of small numbers not written yet.
    lbuf: Vec<u8>,
    /// Standard input or output is a terminal: every line goes at once.
    interactive: bool,
}

/// The value of decimal digits, if it is below 2^127 (GNU's
/// single-precision path).
fn parse_small(digits: &[u8]) -> Option<u128> {
    if digits.len() < 20 {
        return Some(digits.iter().fold(0u64, |v, &d| v * 10 + (d - b'0') as u64) as u128);
    }
    let mut v: u128 = 0;
    for &d in digits {
        v = v.checked_mul(10)?.checked_add((d - b'0') as u128)?;
    }
    (v >> 127 == 0).then_some(v)
}

impl Printer {
    /// GNU's print_factors: false (after the message) for bad input.
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn print(&mut self, input: &[u8]) -> bool {
        let start = input.iter().position(|&b| b != b' ').unwrap_or(input.len());
        let s = &input[start..];
        let s = s.strip_prefix(b"+").unwrap_or(s);
        if s.is_empty() || !s.iter().all(u8::is_ascii_digit) {
            error(&[&quote(input), b" is not a valid positive integer"], None);
            return false;
        }
        match parse_small(s) {
            Some(n) => self.small(n),
            None => self.big(s),
        }
        true
    }

    #[cfg_attr(corebox_opt, optimize(speed))]
    fn small(&mut self, n: u128) {
        self.fz.factor(n, &mut self.factors);
        push_u128(&mut self.lbuf, n);
        self.lbuf.push(b':');
        for &p in &self.factors {
            self.lbuf.push(b' ');
            push_u128(&mut self.lbuf, p);
        }
        self.lbuf.push(b'\n');
        if self.interactive {
            self.flush();
        } else if self.lbuf.len() >= PIPE_BUF {
            let cut = logic::memchr::memrchr(b'\n', &self.lbuf[..PIPE_BUF]).map_or(0, |i| i + 1);
            // One write of whole lines, at most PIPE_BUF: atomic in a pipe
            // that several factor processes share (factor-parallel.sh).
            if out().write_direct(&self.lbuf[..cut]).is_err() {
                lbuf_write_failed();
            }
            self.lbuf.drain(..cut);
        }
    }

    /// GNU's GMP path: the line goes to standard output at once.
    #[cold]
    fn big(&mut self, digits: &[u8]) {
        let Some(n) = Int::parse(digits) else { return };
        let mut line = n.to_decimal();
        line.push(b':');
        for p in self.fz.factor_big(&n) {
            line.push(b' ');
            line.extend_from_slice(&p.to_decimal());
        }
        line.push(b'\n');
        out().write(&line);
        if out().flush().is_err() && self.interactive {
            check_output();
        }
    }

    fn flush(&mut self) {
        if out().write_direct(&self.lbuf).is_err() {
            lbuf_write_failed();
        }
        self.lbuf.clear();
    }
}

/// GNU's lbuf_flush dies at its first write error, leaving the lines in
/// its buffer; its atexit twin writes them again and dies again: two
/// reports with errno.
fn lbuf_write_failed() -> ! {
    let e = out().take_error();
    error(&[b"write error"], e);
    crate::shared::diag::die(&[b"write error"], e)
}

/// GNU's GMP path in interactive use: the first write error ends the run.
fn check_output() {
    if !out().ok() {
        sys::rt::exit(1);
    }
}

/// GNU's readtoken on standard input: tokens between newlines, tabs and
/// spaces; a NUL ends a token's text as C strings do. A read error ends
/// the input quietly, as it ends GNU's.
fn read_stdin(p: &mut Printer) -> bool {
    let mut ok = true;
    let mut buf = alloc::vec![0u8; 64 * 1024];
    let mut token: Vec<u8> = Vec::new();
    let mut one = |t: &[u8], p: &mut Printer| {
        let t = &t[..t.iter().position(|&b| b == 0).unwrap_or(t.len())];
        ok &= p.print(t);
    };
    loop {
        let n = match Fd::STDIN.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        let mut rest = &buf[..n];
        while let Some(i) = logic::memchr::memchr3(b'\n', b'\t', b' ', rest) {
            if !token.is_empty() {
                token.extend_from_slice(&rest[..i]);
                one(&token, p);
                token.clear();
            } else if i > 0 {
                one(&rest[..i], p);
            }
            rest = &rest[i + 1..];
        }
        token.extend_from_slice(rest);
    }
    if !token.is_empty() {
        one(&token, p);
    }
    ok
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let numbers = crate::shared::cli::parse(&SPEC, &args[1..]).operands();
    let mut p = Printer {
        fz: Factorizer::new(),
        factors: Vec::new(),
        lbuf: Vec::with_capacity(2 * PIPE_BUF),
        interactive: sys::fs::isatty(Fd::STDIN) || sys::fs::isatty(Fd::STDOUT),
    };
    let ok = if numbers.is_empty() {
        read_stdin(&mut p)
    } else {
        numbers.iter().fold(true, |ok, n| p.print(n) & ok)
    };
    out().write_direct(&p.lbuf).ok();
    i32::from(!ok)
}
