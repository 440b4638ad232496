// corebox applet
// name: printf
// usage: FORMAT [ARGUMENT]...
// usage: OPTION
// help:
// Print ARGUMENT(s) according to FORMAT, or execute according to OPTION:
//
//       --help        display this help and exit
//       --version     output version information and exit
//
// FORMAT controls the output as in C printf.  Interpreted sequences are:
//
//   \"      double quote
//   \\      backslash
//   \a      alert (BEL)
//   \b      backspace
//   \c      produce no further output
//   \e      escape
//   \f      form feed
//   \n      new line
//   \r      carriage return
//   \t      horizontal tab
//   \v      vertical tab
//   \NNN    byte with octal value NNN (1 to 3 digits)
//   \xHH    byte with hexadecimal value HH (1 to 2 digits)
//   \uHHHH  Unicode (ISO/IEC 10646) character with hex value HHHH (4 digits)
//   \UHHHHHHHH  Unicode character with hex value HHHHHHHH (8 digits)
//   %%      a single %
//   %b      ARGUMENT as a string with '\' escapes interpreted,
//           except that octal escapes are of the form \0 or \0NNN
//   %q      ARGUMENT is printed in a format that can be reused as shell input,
//           escaping non-printable characters with the proposed POSIX $'' syntax.
//
// and all C format specifications ending with one of diouxXfeEgGcs, with
// ARGUMENTs converted to proper type first.  Variable widths are handled.
//
// NOTE: your shell may have its own version of printf, which usually supersedes
// the version described here.  Please refer to your shell's documentation
// for details about the options it supports.

//! printf: GNU printf.c's loop over FORMAT, reused while arguments remain;
//! conversions as glibc formats them (integers as intmax_t, floats as long
//! double), `%b` and `%q`, escapes, and GNU's warnings. No options but a
//! lone `--help`/`--version`; a first `--` is skipped.

use super::SPEC;
use crate::shared::diag::{die, quote};
use alloc::vec::Vec;
use logic::float::{self, F80};
use logic::printf::{self as pf, Escape, Spec, Status};
use sys::io::{error, out};

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    if crate::shared::cli::lone_help_or_version(&SPEC, args) {
        return 0;
    }
    let mut args = &args[1.min(args.len())..];
    if args.first() == Some(&&b"--"[..]) {
        args = &args[1..];
    }
    let Some((&format, mut rest)) = args.split_first() else {
        crate::shared::cli::missing_operand(&SPEC)
    };
    let mut p = Printer {
        utf8: sys::env::utf8_locale(),
        posix: sys::env::posixly_correct(),
        status: 0,
        args: rest,
        next: 0,
        scratch: Vec::new(),
    };
    loop {
        p.args = rest;
        p.next = 0;
        p.format(format);
        rest = &rest[p.next..];
        if p.next == 0 || rest.is_empty() {
            break;
        }
    }
    if let Some(first) = rest.first() {
        let q = quote(first);
        error(
            &[b"warning: ignoring excess arguments, starting with ", &q],
            None,
        );
    }
    p.status
}

struct Printer {
    utf8: bool,
    posix: bool,
    status: i32,
    args: &'static [&'static [u8]],
    next: usize,
    scratch: Vec<u8>,
}

/// A directive's flags, width and precision as written (`*` resolved).
struct Directive {
    spec: Spec,
    /// `'` or `I` (grouping: nothing to group in the C locales).
    group: bool,
    /// A precision was given (even a negative `*` one): no `%c` then.
    dot: bool,
    /// A width or precision too large for an int: glibc fails (EOVERFLOW).
    overflow: bool,
}

impl Printer {
    fn take(&mut self) -> Option<&'static [u8]> {
        let a = self.args.get(self.next).copied();
        self.next += a.is_some() as usize;
        a
    }

    fn format(&mut self, f: &'static [u8]) {
        let mut i = 0;
        while i < f.len() {
            let run = f[i..]
                .iter()
                .position(|&c| c == b'%' || c == b'\\')
                .unwrap_or(f.len() - i);
            if run > 0 {
                out().write(&f[i..i + run]);
            }
            i += run;
            match f.get(i) {
                Some(b'%') => i = self.directive(f, i),
                Some(_) => {
                    let (e, n) = pf::escape(&f[i + 1..], false);
                    self.escape(e);
                    i += 1 + n;
                }
                None => {}
            }
        }
    }

    fn escape(&mut self, e: Escape) {
        match e {
            Escape::Byte(b) => out().byte(b),
            Escape::Stop => sys::rt::exit(0),
            Escape::Char(cp) => {
                self.scratch.clear();
                pf::unicode_char(&mut self.scratch, cp, self.utf8);
                out().write(&self.scratch);
            }
            Escape::BadChar(c, v) => bad_char(c, v),
            Escape::MissingHex => die(&[b"missing hexadecimal number in escape"], None),
            Escape::Literal(c) => {
                out().byte(b'\\');
                if let Some(c) = c {
                    out().byte(c);
                }
            }
        }
    }

    /// `%b`: the argument with escapes, octal ones as `\0NNN`.
    fn escaped_arg(&mut self, s: &[u8]) {
        let mut i = 0;
        while i < s.len() {
            let run = s[i..]
                .iter()
                .position(|&c| c == b'\\')
                .unwrap_or(s.len() - i);
            out().write(&s[i..i + run]);
            i += run;
            if i < s.len() {
                let (e, n) = pf::escape(&s[i + 1..], true);
                self.escape(e);
                i += 1 + n;
            }
        }
    }

    /// The directive at `f[start]` (a `%`); returns where the text resumes.
    fn directive(&mut self, f: &'static [u8], start: usize) -> usize {
        let at = |i: usize| f.get(i).copied().unwrap_or(0);
        let mut i = start + 1;
        match at(i) {
            b'%' => {
                out().byte(b'%');
                return i + 1;
            }
            b'b' => {
                if let Some(a) = self.take() {
                    self.escaped_arg(a);
                }
                return i + 1;
            }
            b'q' => {
                if let Some(a) = self.take() {
                    out().write(&logic::quote::shell_escape(a, self.utf8));
                }
                return i + 1;
            }
            _ => {}
        }
        let d = self.spec(f, &mut i);
        while matches!(at(i), b'l' | b'L' | b'h' | b'j' | b't' | b'z') {
            i += 1;
        }
        let conv = at(i);
        if !allowed(&d, conv) {
            let end = (i + 1).min(f.len());
            die(
                &[&f[start..end], b": invalid conversion specification"],
                None,
            );
        }
        let arg = self.take().unwrap_or(b"");
        self.convert(
            Directive {
                spec: Spec { conv, ..d.spec },
                ..d
            },
            arg,
        );
        i + 1
    }

    /// Flags, width and precision from `f[*i]` on.
    fn spec(&mut self, f: &[u8], i: &mut usize) -> Directive {
        let at = |i: usize| f.get(i).copied().unwrap_or(0);
        let mut d = Directive {
            spec: Spec::default(),
            group: false,
            dot: false,
            overflow: false,
        };
        loop {
            match at(*i) {
                b'\'' | b'I' => d.group = true,
                b'-' => d.spec.left = true,
                b'+' => d.spec.plus = true,
                b' ' => d.spec.space = true,
                b'#' => d.spec.alt = true,
                b'0' => d.spec.zero = true,
                _ => break,
            }
            *i += 1;
        }
        if at(*i) == b'*' {
            *i += 1;
            let w = self.star(b"invalid field width: ");
            d.spec.left |= w < 0;
            d.spec.width = w.unsigned_abs() as usize;
            d.overflow |= w < -(i32::MAX as i64);
        } else {
            let (w, over) = digits(f, i);
            d.spec.width = w;
            d.overflow |= over;
        }
        if at(*i) == b'.' {
            *i += 1;
            if at(*i) == b'*' {
                *i += 1;
                let p = self.star(b"invalid precision: ");
                d.spec.precision = (p >= 0).then_some(p as usize);
            } else {
                let (p, over) = digits(f, i);
                d.spec.precision = Some(p);
                d.overflow |= over;
            }
            d.dot = true;
        }
        d
    }

    /// A `*` width or precision from the next argument (0 when none).
    fn star(&mut self, err: &[u8]) -> i64 {
        let Some(a) = self.take() else { return 0 };
        let v = self.number(a, pf::strtoimax, |c| c as i64);
        let precision = err.starts_with(b"invalid precision");
        if v > i32::MAX as i64 || (!precision && v < i32::MIN as i64) {
            die(&[err, &quote(a)], None);
        }
        v
    }

    /// A numeric argument, with GNU's warnings for what is wrong with it.
    fn number<T>(&mut self, a: &[u8], parse: fn(&[u8]) -> (T, Status), from: fn(u32) -> T) -> T {
        if let Some((c, rest)) = pf::char_constant(a, self.utf8) {
            if !rest.is_empty() && !self.posix {
                error(
                    &[
                        b"warning: ",
                        rest,
                        b": character(s) following character constant have been ignored",
                    ],
                    None,
                );
            }
            return from(c);
        }
        let (v, status) = parse(a);
        let q = || quote(a);
        match status {
            Status::Ok => return v,
            Status::Range => error(&[&q()], Some(sys::Errno::RANGE)),
            Status::NotNumber => error(&[&q(), b": expected a numeric value"], None),
            Status::Partial => error(&[&q(), b": value not completely converted"], None),
        }
        self.status = 1;
        v
    }

    fn convert(&mut self, d: Directive, arg: &[u8]) {
        let spec = d.spec;
        if spec.conv == b's' && spec.width == 0 && spec.precision.is_none() && !d.overflow {
            // The common `%s`: the argument as it is.
            out().write(arg);
            return;
        }
        let mut text = core::mem::take(&mut self.scratch);
        text.clear();
        let (head, zeros, at, zero_pad) = match spec.conv {
            b'd' | b'i' => {
                let v = self.number(arg, pf::strtoimax, |c| c as i64);
                self.int(&mut text, v < 0, v.unsigned_abs(), &spec)
            }
            b'o' | b'u' | b'x' | b'X' => {
                let v = self.number(arg, pf::strtoumax, |c| c as u64);
                self.int(&mut text, false, v, &spec)
            }
            b'c' => {
                text.push(arg.first().copied().unwrap_or(0));
                (0, 0, 0, false)
            }
            b's' => {
                let n = spec.precision.map_or(arg.len(), |p| p.min(arg.len()));
                text.extend_from_slice(&arg[..n]);
                (0, 0, 0, false)
            }
            _ => {
                let x = self.number(arg, pf::strtold, |c| F80::from_u64(c as u64));
                float_text(&mut text, x, &spec)
            }
        };
        if d.overflow || text.len() + zeros > i32::MAX as usize {
            // glibc's printf fails with EOVERFLOW: nothing is written.
            out().set_error_flag();
        } else {
            let pad = spec.width.saturating_sub(text.len() + zeros);
            let (lead, zero_fill, trail) = if spec.left {
                (0, 0, pad)
            } else if zero_pad && spec.zero {
                (0, pad, 0)
            } else {
                (pad, 0, 0)
            };
            if pad + zeros <= 4096 {
                // Small enough to assemble and write at once.
                let right = text.split_off(at);
                text.resize(text.len() + zeros, b'0');
                text.extend_from_slice(&right);
                text.splice(head..head, core::iter::repeat_n(b'0', zero_fill));
                text.splice(0..0, core::iter::repeat_n(b' ', lead));
                text.resize(text.len() + trail, b' ');
                out().write(&text);
            } else {
                let (body, right) = text.split_at(at);
                let (head, body) = body.split_at(head);
                repeat(b' ', lead);
                out().write(head);
                repeat(b'0', zero_fill);
                out().write(body);
                repeat(b'0', zeros);
                out().write(right);
                repeat(b' ', trail);
            }
        }
        self.scratch = text;
    }

    /// An integer conversion into `text`: (head length, zeros, where they
    /// go, whether the 0 flag pads).
    fn int(
        &self,
        text: &mut Vec<u8>,
        neg: bool,
        mag: u64,
        spec: &Spec,
    ) -> (usize, usize, usize, bool) {
        let t = pf::int_text(neg, mag, spec);
        text.extend_from_slice(&t.head);
        text.extend_from_slice(&t.digits);
        (
            t.head.len(),
            t.zeros,
            t.head.len(),
            spec.precision.is_none(),
        )
    }
}

/// A float conversion into `text`: (head length, zeros, where they go,
/// whether the 0 flag pads).
fn float_text(text: &mut Vec<u8>, x: F80, spec: &Spec) -> (usize, usize, usize, bool) {
    let sign: &[u8] = match (x.is_negative(), spec.plus, spec.space) {
        (true, _, _) => b"-",
        (false, true, _) => b"+",
        (false, false, true) => b" ",
        _ => b"",
    };
    text.extend_from_slice(sign);
    let b = float::body(x, spec);
    let hex = x.is_finite() && matches!(spec.conv, b'a' | b'A');
    text.extend_from_slice(&b.text);
    let head = sign.len() + if hex { 2 } else { 0 };
    (head, b.zeros, sign.len() + b.zeros_at, x.is_finite())
}

/// Writes `n` times `byte`, in chunks.
fn repeat(byte: u8, mut n: usize) {
    let chunk = [byte; 512];
    while n > 0 {
        let k = n.min(chunk.len());
        out().write(&chunk[..k]);
        n -= k;
    }
}

/// Decimal digits of a literal width or precision: (value, too large for
/// an int).
fn digits(f: &[u8], i: &mut usize) -> (usize, bool) {
    let mut v = 0usize;
    while let Some(&c @ b'0'..=b'9') = f.get(*i) {
        v = v.saturating_mul(10).saturating_add((c - b'0') as usize);
        *i += 1;
    }
    (v.min(i32::MAX as usize + 1), v > i32::MAX as usize)
}

/// GNU's `ok[]` table: which conversions the flags allow.
fn allowed(d: &Directive, conv: u8) -> bool {
    let s = &d.spec;
    let banned: &[u8] = match conv {
        b'a' | b'A' | b'e' | b'E' | b'x' | b'X' | b'o' => b"'",
        b'c' => b"'#0.",
        b's' => b"'#0",
        b'd' | b'i' | b'u' => b"#",
        b'f' | b'F' | b'g' | b'G' => &[],
        _ => return false,
    };
    let has = |flag: u8| match flag {
        b'\'' => d.group,
        b'#' => s.alt,
        b'0' => s.zero,
        _ => d.dot,
    };
    !banned.iter().any(|&f| has(f))
}

#[cold]
fn bad_char(c: u8, v: u32) -> ! {
    let mut name = alloc::vec![b'\\', c];
    let digits = if c == b'u' { 4 } else { 8 };
    for k in (0..digits).rev() {
        let d = ((v >> (4 * k)) & 15) as u8;
        name.push(if d < 10 { b'0' + d } else { b'a' + d - 10 });
    }
    die(&[b"invalid universal character name ", &name], None)
}
