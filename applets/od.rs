// corebox applet
// name: od
// usage: [OPTION]... [FILE]...
// usage: [-abcdfilosx]... [FILE] [[+]OFFSET[.][b]]
// usage: --traditional [OPTION]... [FILE] [[+]OFFSET[.][b] [+][LABEL][.][b]]
// option: --skip-bytes=BYTES
// option: -A, --address-radix=RADIX
// option: --read-bytes=BYTES
// option: -t, --format=TYPE
// option: -v, --output-duplicates
// option: --strings[=BYTES]
// option: --traditional
// option: --width[=BYTES]
// option: --endian=ORDER
// option: -j BYTES
// option: -N BYTES
// option: -S BYTES
// option: -w[BYTES]
// option: -a
// option: -B
// option: -b
// option: -c
// option: -D
// option: -d
// option: -e
// option: -F
// option: -f
// option: -H
// option: -h
// option: -I
// option: -i
// option: -L
// option: -l
// option: -O
// option: -o
// option: -s
// option: -X
// option: -x
// help:
//
// Write an unambiguous representation, octal bytes by default,
// of FILE to standard output.  With more than one FILE argument,
// concatenate them in the listed order to form the input.
//
// With no FILE, or when FILE is -, read standard input.
//
// If first and second call formats both apply, the second format is assumed
// if the last operand begins with + or (if there are 2 operands) a digit.
// An OFFSET operand means -j OFFSET.  LABEL is the pseudo-address
// at first byte printed, incremented when dump is progressing.
// For OFFSET and LABEL, a 0x or 0X prefix indicates hexadecimal;
// suffixes may be . for octal and b for multiply by 512.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -A, --address-radix=RADIX   output format for file offsets; RADIX is one
//                                 of [doxn], for Decimal, Octal, Hex or None
//       --endian={big|little}   swap input bytes according the specified order
//   -j, --skip-bytes=BYTES      skip BYTES input bytes first
//   -N, --read-bytes=BYTES      limit dump to BYTES input bytes
//   -S BYTES, --strings[=BYTES]  output strings of at least BYTES graphic chars;
//                                 3 is implied when BYTES is not specified
//   -t, --format=TYPE           select output format or formats
//   -v, --output-duplicates     do not use * to mark line suppression
//   -w[BYTES], --width[=BYTES]  output BYTES bytes per output line;
//                                 32 is implied when BYTES is not specified
//       --traditional           accept arguments in third form above
//       --help        display this help and exit
//       --version     output version information and exit
//
//
// Traditional format specifications may be intermixed; they accumulate:
//   -a   same as -t a,  select named characters, ignoring high-order bit
//   -b   same as -t o1, select octal bytes
//   -c   same as -t c,  select printable characters or backslash escapes
//   -d   same as -t u2, select unsigned decimal 2-byte units
//   -f   same as -t fF, select floats
//   -i   same as -t dI, select decimal ints
//   -l   same as -t dL, select decimal longs
//   -o   same as -t o2, select octal 2-byte units
//   -s   same as -t d2, select decimal 2-byte units
//   -x   same as -t x2, select hexadecimal 2-byte units
//
//
// TYPE is made up of one or more of these specifications:
//   a          named character, ignoring high-order bit
//   c          printable character or backslash escape
//   d[SIZE]    signed decimal, SIZE bytes per integer
//   f[SIZE]    floating point, SIZE bytes per float
//   o[SIZE]    octal, SIZE bytes per integer
//   u[SIZE]    unsigned decimal, SIZE bytes per integer
//   x[SIZE]    hexadecimal, SIZE bytes per integer
//
// SIZE is a number.  For TYPE in [doux], SIZE may also be C for
// sizeof(char), S for sizeof(short), I for sizeof(int) or L for
// sizeof(long).  If TYPE is f, SIZE may also be F for sizeof(float), D
// for sizeof(double) or L for sizeof(long double).
//
// Adding a z suffix to any type displays printable characters at the end of
// each output line.
//
//
// BYTES is hex with 0x or 0X prefix, and may have a multiplier suffix:
//   b    512
//   KB   1000
//   K    1024
//   MB   1000*1000
//   M    1024*1024
// and so on for G, T, P, E, Z, Y.
// Binary prefixes can be used, too: KiB=K, MiB=M, and so on.

//! GNU od.c: the input files are one stream, dumped a block (16 bytes by
//! default) per line in each `-t` type, repeated blocks shown as `*`.
//! Integers are little-endian (every target is) unless `--endian=big`;
//! floats print as gnulib's ftoastr does (the shortest `%g` precision
//! from FLT_DIG, DBL_DIG or LDBL_DIG up that reads back as the same
//! value), the x87 long double through `logic::float::F80`. With `-N`
//! no byte past the limit is read, so that a shared standard input is
//! left where GNU leaves it.

use super::{opt, SPEC};
use crate::shared::cli::{choice, try_help, xstrtol_fatal};
use crate::shared::diag::{die, quote, quotef};
use alloc::vec::Vec;
use logic::float::{self, F80};
use sys::fs::Input;
use sys::io::{error, out};
use sys::Errno;

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Signed,
    Unsigned,
    Octal,
    Hex,
    Float,
    Named,
    Char,
}

/// One output type: its datum size in bytes, field width, the padding
/// spread over its fields, and whether a `z` trailer follows.
struct Type {
    kind: Kind,
    size: usize,
    width: usize,
    pad: usize,
    trailer: bool,
}

/// How addresses print: radix 8, 10 or 16 (0 for none) zero-padded to
/// `pad` digits, and the pseudo-address of `--traditional`'s LABEL.
struct Address {
    radix: u64,
    pad: usize,
    label: Option<u64>,
    /// `-An` with a LABEL: only the pseudo-address, in octal.
    paren_only: bool,
}

struct Config {
    types: Vec<Type>,
    addr: Address,
    skip: u64,
    /// The end of the dump (skip + -N), when limited.
    end: Option<u64>,
    strings: Option<u64>,
    abbreviate: bool,
    swap: bool,
    width: Option<u64>,
}

const NAMES: &[u8] = b"nulsohstxetxeotenqackbelbs ht nl vt ff cr so si dledc1dc2dc3dc4naksynetbcanem subescfs gs rs us sp ";

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (mut c, files) = parse(args);
    let mut input = Stream::new(files);
    let mut ok = input.open_next();
    if input.cur.is_some() {
        ok &= input.skip(c.skip);
        if input.cur.is_some() {
            if let Some(label) = c.addr.label.as_mut() {
                *label = label.wrapping_sub(c.skip);
            }
            ok &= match c.strings {
                Some(min) => dump_strings(&c, &mut input, min),
                None => dump(&mut c, &mut input),
            };
        }
    }
    ok &= finish_output(input.diag_at);
    if input.read_stdin {
        // GNU's fclose (stdin), even of a descriptor 0 that was never
        // open and whose reads failed already.
        if let Err(e) = sys::io::close_stdin() {
            die(&[b"standard input"], Some(e));
        }
    }
    i32::from(!ok)
}

/// Reports a write error as GNU's close_stdout would: stdio's 4 KiB
/// buffer has been written (and failed) when more was output; a
/// diagnostic flushed it again, so what was written after the last one
/// still fails at close with its errno, else the error is bare.
fn finish_output(diag_at: u64) -> bool {
    let Err(e) = out().flush() else {
        return true;
    };
    out().take_error();
    let total = sys::io::written();
    let errno = (total <= 4096 || total != diag_at).then_some(e);
    error(&[b"write error"], errno);
    false
}

/// The options and the files to read, the traditional OFFSET and LABEL
/// operands taken out.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        types: Vec::new(),
        addr: Address {
            radix: 8,
            pad: 7,
            label: None,
            paren_only: false,
        },
        skip: 0,
        end: None,
        strings: None,
        abbreviate: true,
        swap: false,
        width: None,
    };
    let (mut modern, mut traditional, mut ok) = (false, false, true);
    let mut limit = None;
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        let arg = o.arg.unwrap_or(b"");
        let old: &[u8] = match o.key {
            'a' => b"a",
            'b' => b"o1",
            'c' => b"c",
            'D' => b"u4",
            'd' => b"u2",
            'F' | 'e' => b"fD",
            'f' => b"fF",
            'X' | 'H' => b"x4",
            'i' => b"dI",
            'I' | 'L' | 'l' => b"dL",
            'O' => b"o4",
            'B' | 'o' => b"o2",
            's' => b"d2",
            'h' | 'x' => b"x2",
            't' => arg,
            _ => b"",
        };
        if !old.is_empty() || o.key == 't' {
            ok &= decode_types(&mut c.types, old, arg);
        }
        modern |= matches!(o.key, 'A' | 'j' | 'N' | 'S' | 't' | 'v' | 'w')
            || matches!(
                o.key,
                opt::STRINGS | opt::WIDTH | opt::SKIP_BYTES | opt::READ_BYTES
            );
        match o.key {
            'A' => address_radix(&mut c.addr, arg),
            'j' => c.skip = bytes(b"-j", arg),
            opt::SKIP_BYTES => c.skip = bytes(b"--skip-bytes", arg),
            'N' => limit = Some(bytes(b"-N", arg)),
            opt::READ_BYTES => limit = Some(bytes(b"--read-bytes", arg)),
            'S' => c.strings = Some(fits_size(bytes(b"-S", arg), arg)),
            opt::STRINGS => {
                c.strings = Some(o.arg.map_or(3, |a| fits_size(bytes(b"--strings", a), a)))
            }
            'v' => c.abbreviate = false,
            opt::TRADITIONAL => traditional = true,
            opt::ENDIAN => {
                c.swap = choice(
                    &SPEC,
                    b"--endian",
                    arg,
                    &[(b"little", false), (b"big", true)],
                )
            }
            'w' => c.width = Some(o.arg.map_or(32, |a| width(b"-w", a))),
            opt::WIDTH => c.width = Some(o.arg.map_or(32, |a| width(b"--width", a))),
            _ => {}
        }
    }
    let mut files = opts.operands();
    if !ok {
        sys::rt::exit(1);
    }
    if c.strings.is_some() && !c.types.is_empty() {
        die(&[b"no type may be specified when dumping strings"], None);
    }
    if !modern || traditional {
        old_operands(&mut c, &mut files, traditional);
    }
    if c.addr.label.is_some() && c.addr.radix == 0 {
        c.addr = Address {
            radix: 8,
            pad: 7,
            paren_only: true,
            ..c.addr
        };
    }
    if let Some(n) = limit {
        c.end = Some(
            c.skip
                .checked_add(n)
                .unwrap_or_else(|| die(&[b"skip-bytes + read-bytes is too large"], None)),
        );
    }
    if c.types.is_empty() {
        decode_types(&mut c.types, b"oS", b"oS");
    }
    if files.is_empty() {
        files.push(b"-");
    }
    (c, files)
}

fn address_radix(a: &mut Address, arg: &[u8]) {
    let (radix, pad) = match arg.first() {
        Some(b'd') => (10, 7),
        Some(b'o') => (8, 7),
        Some(b'x') => (16, 6),
        Some(b'n') => (0, 0),
        c => die(
            &[
                b"invalid output address radix '",
                &[*c.unwrap_or(&0)],
                b"'; it must be one character from [doxn]",
            ],
            None,
        ),
    };
    a.radix = radix;
    a.pad = pad;
}

/// A BYTES argument: C syntax (`0x`, octal `0`) with multiplier suffixes.
fn bytes(option: &[u8], arg: &[u8]) -> u64 {
    match logic::num::xstrtoumax_radix(arg, 0, b"bEGKkMmPTYZ0") {
        (n, _, None) => n,
        (_, _, Some(e)) => xstrtol_fatal(option, arg, e),
    }
}

fn width(option: &[u8], arg: &[u8]) -> u64 {
    match logic::num::xstrtoumax(arg, b"") {
        (n, _, None) => fits_size(n, arg),
        (_, _, Some(e)) => xstrtol_fatal(option, arg, e),
    }
}

/// A -w or -S value no larger than SIZE_MAX.
fn fits_size(n: u64, arg: &[u8]) -> u64 {
    if usize::try_from(n).is_err() {
        die(&[&quote(arg), b" is too large"], None);
    }
    n
}

/// The traditional `[FILE] [[+]OFFSET[.][b] [[+]LABEL[.][b]]]` operands.
fn old_operands(c: &mut Config, files: &mut Vec<&'static [u8]>, traditional: bool) {
    let digit_or_plus = |s: &[u8]| s.first().is_some_and(|&b| b == b'+' || b.is_ascii_digit());
    match files.len() {
        1 if traditional || files[0].first() == Some(&b'+') => {
            if let Some(o) = old_offset(files[0]) {
                c.skip = o;
                files.clear();
            }
        }
        2 if traditional || digit_or_plus(files[1]) => {
            if let Some(o2) = old_offset(files[1]) {
                match old_offset(files[0]).filter(|_| traditional) {
                    Some(o1) => {
                        c.skip = o1;
                        c.addr.label = Some(o2);
                        files.clear();
                    }
                    None => {
                        c.skip = o2;
                        files.pop();
                    }
                }
            }
        }
        3 if traditional => {
            if let (Some(o1), Some(o2)) = (old_offset(files[1]), old_offset(files[2])) {
                c.skip = o1;
                c.addr.label = Some(o2);
                files.truncate(1);
            }
        }
        _ => {}
    }
    if traditional && files.len() > 1 {
        error(&[b"extra operand ", &quote(files[1])], None);
        error(&[b"compatibility mode supports at most one file"], None);
        try_help(&SPEC);
    }
}

/// A traditional OFFSET or LABEL: octal, decimal when it holds a `.`,
/// hexadecimal after `0x`, `b` for 512 bytes (GNU 9.1 then rejects the
/// `.` itself as a suffix).
fn old_offset(s: &[u8]) -> Option<u64> {
    if s.is_empty() {
        return None;
    }
    let s = s.strip_prefix(b"+").unwrap_or(s);
    let (radix, digits) = if s.contains(&b'.') {
        (10, s)
    } else if s.len() > 1 && s[0] == b'0' && (s[1] | 0x20) == b'x' {
        (16, &s[2..])
    } else {
        (8, s)
    };
    if radix == 16 && !digits.first().is_some_and(u8::is_ascii_hexdigit) {
        // strtoumax reads the `0` alone; the `x` is a bad suffix.
        return None;
    }
    match logic::num::xstrtoumax_radix(digits, radix, b"Bb") {
        (n, _, None) => Some(n),
        _ => None,
    }
}

/// Appends the types of a `-t` string (or a traditional option's
/// equivalent); reports the first bad one GNU's way.
fn decode_types(types: &mut Vec<Type>, s: &[u8], orig: &[u8]) -> bool {
    let mut i = 0;
    while i < s.len() {
        match decode_one(s, &mut i, orig) {
            Some(t) => types.push(t),
            None => return false,
        }
    }
    true
}

fn decode_one(s: &[u8], i: &mut usize, orig: &[u8]) -> Option<Type> {
    let c = s[*i];
    *i += 1;
    let (kind, size) = match c {
        b'd' | b'o' | b'u' | b'x' => {
            let kind = match c {
                b'd' => Kind::Signed,
                b'o' => Kind::Octal,
                b'u' => Kind::Unsigned,
                _ => Kind::Hex,
            };
            let size = type_size(s, i, orig, b"CSIL", &[1, 2, 4, 8], 4)?;
            if !matches!(size, 1 | 2 | 4 | 8) {
                return bad_size(orig, size, b"integral type");
            }
            (kind, size)
        }
        b'f' => {
            let size = type_size(s, i, orig, b"FDL", &[4, 8, 16], 8)?;
            if !matches!(size, 4 | 8 | 16) {
                return bad_size(orig, size, b"floating point type");
            }
            (Kind::Float, size)
        }
        b'a' => (Kind::Named, 1),
        b'c' => (Kind::Char, 1),
        _ => {
            error(
                &[
                    b"invalid character '",
                    &[c],
                    b"' in type string ",
                    &quote(orig),
                ],
                None,
            );
            return None;
        }
    };
    const OCT: [usize; 9] = [0, 3, 6, 0, 11, 0, 0, 0, 22];
    const SDEC: [usize; 9] = [0, 4, 6, 0, 11, 0, 0, 0, 20];
    const UDEC: [usize; 9] = [0, 3, 5, 0, 10, 0, 0, 0, 20];
    let width = match kind {
        Kind::Signed => SDEC[size],
        Kind::Unsigned => UDEC[size],
        Kind::Octal => OCT[size],
        Kind::Hex => 2 * size,
        // gnulib's FLT_STRLEN_BOUND_L and kin for a 1-byte point.
        Kind::Float => [15, 24, 29][size / 8],
        _ => 3,
    };
    let trailer = s.get(*i) == Some(&b'z');
    *i += usize::from(trailer);
    Some(Type {
        kind,
        size,
        width,
        pad: 0,
        trailer,
    })
}

/// The SIZE after a type letter: one of `letters` (whose sizes are
/// `sizes`), a decimal number, or `default`.
fn type_size(
    s: &[u8],
    i: &mut usize,
    orig: &[u8],
    letters: &[u8],
    sizes: &[usize],
    default: usize,
) -> Option<usize> {
    if let Some(k) = s.get(*i).and_then(|c| letters.iter().position(|l| l == c)) {
        *i += 1;
        return Some(sizes[k]);
    }
    let start = *i;
    let mut n: u64 = 0;
    while let Some(d) = s.get(*i).filter(|c| c.is_ascii_digit()) {
        match n
            .checked_mul(10)
            .and_then(|n| n.checked_add(u64::from(d - b'0')))
        {
            Some(v) => n = v,
            None => {
                error(&[b"invalid type string ", &quote(orig)], None);
                return None;
            }
        }
        *i += 1;
    }
    Some(if *i == start {
        default
    } else {
        n.min(usize::MAX as u64) as usize
    })
}

#[cold]
fn bad_size(orig: &[u8], size: usize, what: &[u8]) -> Option<Type> {
    let mut tmp = [0u8; 20];
    error(
        &[
            b"invalid type string ",
            &quote(orig),
            b";\nthis system doesn't provide a ",
            logic::digits::u64_dec(size as u64, &mut tmp),
            b"-byte ",
            what,
        ],
        None,
    );
    None
}

/// The input files as one stream, GNU's open_next_file, check_and_close
/// and skip.
struct Stream {
    files: Vec<&'static [u8]>,
    next: usize,
    cur: Option<(Input, &'static [u8])>,
    read_stdin: bool,
    ok: bool,
    /// Output written when `write error` was last said.
    diag_at: u64,
}

impl Stream {
    fn new(files: Vec<&'static [u8]>) -> Stream {
        Stream {
            files,
            next: 0,
            cur: None,
            read_stdin: false,
            ok: true,
            diag_at: 0,
        }
    }

    /// Opens the next file that can be opened; false if one could not.
    fn open_next(&mut self) -> bool {
        let mut ok = true;
        while let Some(&name) = self.files.get(self.next) {
            self.next += 1;
            match Input::open(name) {
                Ok(i) => {
                    self.read_stdin |= i.is_stdin();
                    let shown: &'static [u8] = if i.is_stdin() {
                        b"standard input"
                    } else {
                        name
                    };
                    self.cur = Some((i, shown));
                    return ok;
                }
                Err(e) => {
                    error(&[&quotef(name)], Some(e));
                    ok = false;
                }
            }
        }
        ok
    }

    /// Closes the current file (reporting `err`, its read error), and
    /// says `write error` once standard output has failed, as GNU does
    /// when stdio's buffer has been written.
    fn close(&mut self, err: Option<Errno>) -> bool {
        let mut ok = true;
        if let Some((input, name)) = self.cur.take() {
            if let Some(e) = err {
                error(&[&quotef(name)], Some(e));
                ok = false;
            }
            drop(input);
        }
        if sys::io::written() > 4096 && out().flush().is_err() {
            error(&[b"write error"], None);
            self.diag_at = sys::io::written();
            ok = false;
        }
        ok
    }

    /// Reads into `buf` until it is full or the current file ends: the
    /// bytes read, and at an end its read error if any.
    fn fill(&mut self, buf: &mut [u8]) -> (usize, Option<Option<Errno>>) {
        let Some((input, _)) = &self.cur else {
            return (0, None);
        };
        let mut n = 0;
        while n < buf.len() {
            match input.fd().read(&mut buf[n..]) {
                Ok(0) => return (n, Some(None)),
                Ok(k) => n += k,
                Err(e) => return (n, Some(Some(e))),
            }
        }
        (n, None)
    }

    fn next_file(&mut self, err: Option<Errno>) {
        self.ok &= self.close(err);
        self.ok &= self.open_next();
    }

    /// Skips `n` bytes of the stream (GNU's skip): whole regular files
    /// by their size, then by seeking where it works, else by reading.
    /// A failed seek or read ends the skip, unreported, as in GNU.
    fn skip(&mut self, mut n: u64) -> bool {
        use sys::fs::{seek, Whence};
        while n > 0 {
            let Some((input, name)) = &self.cur else {
                die(&[b"cannot skip past end of combined input"], None)
            };
            let fd = input.fd();
            let here = Whence::Current(n.min(i64::MAX as u64) as i64);
            match sys::fs::fstat(fd) {
                Ok(st) if st.is_reg() && (st.blksize as i64) < st.size => {
                    if (st.size as u64) < n {
                        n -= st.size as u64;
                    } else {
                        self.ok &= seek(fd, here).is_ok();
                        n = 0;
                    }
                }
                Ok(st) if !st.is_reg() && seek(fd, here).is_ok() => n = 0,
                Ok(_) => n = self.skip_by_reading(fd, n),
                Err(e) => {
                    error(&[&quotef(name)], Some(e));
                    self.ok = false;
                }
            }
            if n == 0 {
                break;
            }
            self.next_file(None);
        }
        core::mem::replace(&mut self.ok, true)
    }

    /// Reads up to `n` bytes away; what is left to skip at the end of
    /// the file (0 after a read error).
    fn skip_by_reading(&mut self, fd: sys::io::Fd, mut n: u64) -> u64 {
        let mut buf = [0u8; 8192];
        while n > 0 {
            let k = n.min(buf.len() as u64) as usize;
            match fd.read(&mut buf[..k]) {
                Ok(0) => break,
                Ok(r) => n -= r as u64,
                Err(_) => {
                    self.ok = false;
                    return 0;
                }
            }
        }
        n
    }

    /// One byte of the stream (GNU's read_char), buffered in `buf`.
    fn byte(&mut self, buf: &mut Buffered) -> Option<u8> {
        if buf.at == buf.len {
            buf.len = self.fill_some(&mut buf.data);
            buf.at = 0;
            if buf.len == 0 {
                return None;
            }
        }
        buf.at += 1;
        Some(buf.data[buf.at - 1])
    }

    /// Reads what one read gives (at least a byte unless at the end).
    fn fill_some(&mut self, buf: &mut [u8]) -> usize {
        while let Some((input, _)) = &self.cur {
            match input.fd().read(buf) {
                Ok(0) => self.next_file(None),
                Ok(k) => return k,
                Err(e) => self.next_file(Some(e)),
            }
        }
        0
    }
}

struct Buffered {
    data: Vec<u8>,
    at: usize,
    len: usize,
}

/// Prints an address as `format_address` does, `end` after it (0: none):
/// the offset, then the LABEL's pseudo-address in parentheses.
fn address(a: &Address, n: u64, end: u8, line: &mut Vec<u8>) {
    if a.radix == 0 {
        return;
    }
    if !a.paren_only {
        digits(line, n, a.radix, a.pad, 0);
    }
    if let Some(label) = a.label {
        if !a.paren_only {
            line.push(b' ');
        }
        // GNU's format_address_paren alone shows the true offset.
        let shown = if a.paren_only {
            n
        } else {
            n.wrapping_add(label)
        };
        line.push(b'(');
        digits(line, shown, a.radix, a.pad, 0);
        line.push(b')');
    }
    if end != 0 {
        line.push(end);
    }
}

/// Appends `n` in `radix`, at least `min` digits, right-aligned in
/// `width` columns.
fn digits(line: &mut Vec<u8>, mut n: u64, radix: u64, min: usize, width: usize) {
    let mut tmp = [b'0'; 24];
    let mut i = tmp.len();
    // Shifts for the power-of-two radixes: the hot path of `-tx1`.
    let (shift, mask) = match radix {
        16 => (4, 15),
        8 => (3, 7),
        _ => (0, 0),
    };
    loop {
        i -= 1;
        if shift != 0 {
            tmp[i] = b"0123456789abcdef"[(n & mask) as usize];
            n >>= shift;
        } else {
            tmp[i] = b'0' + (n % 10) as u8;
            n /= 10;
        }
        if n == 0 {
            break;
        }
    }
    let start = i.min(tmp.len() - min.min(tmp.len()));
    let len = tmp.len() - start;
    line.resize(line.len() + width.saturating_sub(len), b' ');
    line.extend_from_slice(&tmp[start..]);
}

/// The dump: blocks of the stream, one line per type, repeats as `*`.
fn dump(c: &mut Config, input: &mut Stream) -> bool {
    let lcm = c.types.iter().fold(1, |l, t| lcm(l, t.size));
    let bpb = match c.width {
        Some(w) if w != 0 && w % lcm as u64 == 0 => w as usize,
        Some(w) => {
            let (mut a, mut b) = ([0u8; 20], [0u8; 20]);
            error(
                &[
                    b"warning: invalid width ",
                    logic::digits::u64_dec(w, &mut a),
                    b"; using ",
                    logic::digits::u64_dec(lcm as u64, &mut b),
                    b" instead",
                ],
                None,
            );
            lcm
        }
        None if lcm < 16 => lcm * (16 / lcm),
        None => lcm,
    };
    // GNU's xnmalloc (2, bytes_per_block).
    let mut prev = zeroed(bpb);
    let chunk = bpb * (64 * 1024 / bpb).max(1);
    let mut buf = zeroed(chunk + lcm);
    let line_width = c
        .types
        .iter()
        .map(|t| (t.width + 1) * (bpb / t.size))
        .max()
        .unwrap_or(0);
    for t in &mut c.types {
        t.pad = line_width - t.width * (bpb / t.size);
    }
    let c = &*c;
    let mut w = Writer {
        c,
        bpb,
        prev: core::mem::take(&mut prev),
        first: true,
        prev_equal: false,
        line: Vec::with_capacity(64 * 1024),
    };
    let mut offset = c.skip;
    let mut have = 0;
    // Blocks are written before the file that ends in them is closed,
    // as GNU's read_block does (its write error reports follow suit).
    while input.cur.is_some() {
        let want = match c.end {
            Some(end) => (end - offset).min(chunk as u64) as usize,
            None => chunk,
        };
        let (n, ended) = input.fill(&mut buf[have..want.max(have)]);
        have += n;
        let full = have / bpb * bpb;
        for block in buf[..full].chunks_exact(bpb) {
            w.block(offset, bpb, block);
            offset += bpb as u64;
        }
        buf.copy_within(full..have, 0);
        have -= full;
        w.flush();
        if let Some(err) = ended {
            input.next_file(err);
        }
        if c.end.is_some_and(|e| offset + have as u64 >= e) {
            break;
        }
    }
    if have > 0 {
        let padded = have.div_ceil(lcm) * lcm;
        buf[have..padded].fill(0);
        w.block(offset, have, &buf[..padded]);
        offset += have as u64;
    }
    address(&c.addr, offset, b'\n', &mut w.line);
    w.flush();
    let mut ok = core::mem::replace(&mut input.ok, true);
    if c.end.is_some_and(|e| offset >= e) {
        ok &= input.close(None);
    }
    ok
}

/// `n` zero bytes, or GNU's `memory exhausted`.
fn zeroed(n: usize) -> Vec<u8> {
    if Vec::<u8>::new().try_reserve_exact(n).is_err() {
        sys::io::memory_exhausted();
    }
    // Zeroed pages from the allocator, not written here.
    alloc::vec![0; n]
}

fn lcm(a: usize, b: usize) -> usize {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

struct Writer<'a> {
    c: &'a Config,
    bpb: usize,
    prev: Vec<u8>,
    first: bool,
    prev_equal: bool,
    line: Vec<u8>,
}

impl Writer<'_> {
    fn flush(&mut self) {
        out().write(&self.line);
        self.line.clear();
    }

    /// GNU's write_block: `n` bytes of `block` (zero-padded to whole
    /// data) at `offset`.
    fn block(&mut self, offset: u64, n: usize, block: &[u8]) {
        let bpb = self.bpb;
        if self.c.abbreviate && !self.first && n == bpb && self.prev[..] == block[..bpb] {
            if !self.prev_equal {
                self.line.extend_from_slice(b"*\n");
                self.prev_equal = true;
            }
            return;
        }
        self.prev_equal = false;
        self.first = false;
        if n == bpb {
            self.prev.copy_from_slice(block);
        }
        for (i, t) in self.c.types.iter().enumerate() {
            if i == 0 {
                address(&self.c.addr, offset, 0, &mut self.line);
            } else {
                let pad = self.c.addr.pad;
                self.line.resize(self.line.len() + pad, b' ');
            }
            let fields = bpb / t.size;
            let blank = (bpb - n) / t.size;
            let mut pad_left = t.pad;
            for f in 0..fields - blank {
                // In 64 bits when it fits: no 128-bit division per field.
                let rest = (fields - f - 1) as u64;
                let next_pad = match (t.pad as u64).checked_mul(rest) {
                    Some(p) => (p / fields as u64) as usize,
                    None => (t.pad as u128 * rest as u128 / fields as u128) as usize,
                };
                let width = pad_left - next_pad + t.width;
                let datum = &block[f * t.size..(f + 1) * t.size];
                self.field(t, datum, width);
                pad_left = next_pad;
            }
            if t.trailer {
                let pad =
                    blank * t.width + (t.pad as u128 * blank as u128 / fields as u128) as usize;
                self.line.resize(self.line.len() + pad, b' ');
                self.line.extend_from_slice(b"  >");
                for &b in &block[..n] {
                    self.line.push(if is_print(b) { b } else { b'.' });
                }
                self.line.push(b'<');
            }
            self.line.push(b'\n');
        }
    }

    fn field(&mut self, t: &Type, datum: &[u8], width: usize) {
        let line = &mut self.line;
        if t.kind == Kind::Float {
            let text = float_text(datum, self.c.swap);
            line.resize(line.len() + width.saturating_sub(text.len()), b' ');
            line.extend_from_slice(&text);
            return;
        }
        let mut v = 0u64;
        for k in 0..t.size {
            let b = if self.c.swap {
                datum[k]
            } else {
                datum[t.size - 1 - k]
            };
            v = v << 8 | u64::from(b);
        }
        match t.kind {
            Kind::Hex => digits(line, v, 16, t.width, width),
            Kind::Octal => digits(line, v, 8, t.width, width),
            Kind::Unsigned => digits(line, v, 10, 0, width),
            Kind::Signed => {
                let shift = 64 - 8 * t.size as u32;
                let s = ((v << shift) as i64) >> shift;
                if s < 0 {
                    let mut tmp = Vec::with_capacity(24);
                    tmp.push(b'-');
                    digits(&mut tmp, s.unsigned_abs(), 10, 0, 0);
                    line.resize(line.len() + width.saturating_sub(tmp.len()), b' ');
                    line.extend_from_slice(&tmp);
                } else {
                    digits(line, v, 10, 0, width);
                }
            }
            _ => {
                let mut tmp = [0u8; 3];
                let text = char_text(t.kind == Kind::Named, datum[0], &mut tmp);
                line.resize(line.len() + width.saturating_sub(text.len()), b' ');
                line.extend_from_slice(text);
            }
        }
    }
}

fn is_print(b: u8) -> bool {
    (0x20..0x7f).contains(&b)
}

/// `-t a` (named characters, high bit ignored) or `-t c` (escapes, or
/// three octal digits).
fn char_text(named: bool, b: u8, tmp: &mut [u8; 3]) -> &[u8] {
    if named {
        let c = b & 0x7f;
        return match c {
            127 => b"del",
            0..=32 => {
                let name = &NAMES[c as usize * 3..c as usize * 3 + 3];
                name.strip_suffix(b" ").unwrap_or(name)
            }
            _ => {
                tmp[0] = c;
                &tmp[..1]
            }
        };
    }
    let esc = match b {
        0 => b'0',
        7 => b'a',
        8 => b'b',
        12 => b'f',
        b'\n' => b'n',
        b'\r' => b'r',
        b'\t' => b't',
        11 => b'v',
        _ if is_print(b) => {
            tmp[0] = b;
            return &tmp[..1];
        }
        _ => {
            *tmp = [b'0' + (b >> 6), b'0' + (b >> 3 & 7), b'0' + (b & 7)];
            return &tmp[..];
        }
    };
    *tmp = [b'\\', esc, 0];
    &tmp[..2]
}

/// gnulib's ftoastr: `%.*g` at the least precision from the type's DIG
/// (1 below its least normal) that reads back as the same value, or at
/// the type's bound.
fn float_text(datum: &[u8], swap: bool) -> Vec<u8> {
    let mut b = [0u8; 16];
    let size = datum.len();
    b[..size].copy_from_slice(datum);
    if swap {
        b[..size].reverse();
    }
    let word = |k: usize| u64::from_le_bytes(b[k..k + 8].try_into().unwrap_or([0; 8]));
    let (x, small, dig, bound, ieee) = match size {
        4 => {
            let bits = word(0) & 0xffff_ffff;
            (
                F80::from_ieee(bits, 8, 23),
                bits >> 23 & 0xff == 0,
                6,
                9,
                Some((bits, 8, 23)),
            )
        }
        8 => {
            let bits = word(0);
            (
                F80::from_ieee(bits, 11, 52),
                bits >> 52 & 0x7ff == 0,
                15,
                17,
                Some((bits, 11, 52)),
            )
        }
        _ => {
            let (m, se) = (word(0), u16::from_le_bytes([b[8], b[9]]));
            (
                F80::from_x87(m, se),
                se & 0x7fff == 0 && m >> 63 == 0,
                18,
                21,
                None,
            )
        }
    };
    // A pseudo-denormal never compares equal to what it prints.
    let pseudo =
        size == 16 && x.is_finite() && u16::from_le_bytes([b[8], b[9]]) & 0x7fff == 0 && !small;
    let mut prec = if small { 1 } else { dig };
    loop {
        let mut text = Vec::with_capacity(32);
        let spec = float::Spec {
            precision: Some(prec),
            ..float::Spec::plain(b'g')
        };
        float::format(&mut text, x, &spec);
        if prec >= bound {
            return text;
        }
        let same = !x.is_nan()
            && match ieee {
                Some((bits, e, f)) => float::parse_ieee(&text, e, f) == Some(bits),
                None => !pseudo && float::parse_prefix(&text).is_some_and(|p| p.0.equals(x)),
            };
        if same {
            return text;
        }
        prec += 1;
    }
}

/// `-S`: each run of at least `min` printable bytes ended by a NUL.
fn dump_strings(c: &Config, input: &mut Stream, min: u64) -> bool {
    let mut buf = Buffered {
        data: alloc::vec![0; 64 * 1024],
        at: 0,
        len: 0,
    };
    let mut addr = c.skip;
    // GNU's buffer of MAX (100, string_min) bytes.
    let mut s: Vec<u8> = Vec::new();
    if s.try_reserve_exact(min.max(100) as usize).is_err() {
        sys::io::memory_exhausted();
    }
    let mut line = Vec::new();
    'tryline: loop {
        if let Some(end) = c.end {
            if end < min || end - min <= addr {
                break;
            }
        }
        s.clear();
        while (s.len() as u64) < min {
            let Some(b) = input.byte(&mut buf) else {
                return core::mem::replace(&mut input.ok, true);
            };
            addr += 1;
            if !is_print(b) {
                continue 'tryline;
            }
            s.push(b);
        }
        while c.end.is_none_or(|e| addr < e) {
            let Some(b) = input.byte(&mut buf) else {
                return core::mem::replace(&mut input.ok, true);
            };
            addr += 1;
            if b == 0 {
                break;
            }
            if !is_print(b) {
                continue 'tryline;
            }
            s.push(b);
        }
        line.clear();
        address(&c.addr, addr - s.len() as u64 - 1, b' ', &mut line);
        line.extend_from_slice(&s);
        line.push(b'\n');
        out().write(&line);
    }
    let ok = core::mem::replace(&mut input.ok, true);
    ok & input.close(None)
}
