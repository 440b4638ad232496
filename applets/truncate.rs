// corebox applet
// name: truncate
// usage: OPTION... FILE...
// option: -c, --no-create
// option: -o, --io-blocks
// option: -r, --reference=RFILE
// option: -s, --size=SIZE
// help:
// Shrink or extend the size of each FILE to the specified size
//
// A FILE argument that does not exist is created.
//
// If a FILE is larger than the specified size, the extra data is lost.
// If a FILE is shorter, it is extended and the sparse extended part (hole)
// reads as zero bytes.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -c, --no-create        do not create any files
//   -o, --io-blocks        treat SIZE as number of IO blocks instead of bytes
//   -r, --reference=RFILE  base size on RFILE
//   -s, --size=SIZE        set or adjust the file size by SIZE bytes
//       --help        display this help and exit
//       --version     output version information and exit
//
// The SIZE argument is an integer and optional unit (example: 10K is 10*1024).
// Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).
// Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
//
// SIZE may also be prefixed by one of the following modifying characters:
// '+' extend by, '-' reduce by, '<' at most, '>' at least,
// '/' round down to multiple of, '%' round up to multiple of.

//! truncate: GNU truncate.c. A size is parsed when its option is met (so
//! errors come in option order) and a modifier stays in force for a later
//! `-s`, as in GNU; sizes come from st_size of regular files, else from a
//! seek to the end.

use super::SPEC;
use crate::shared::cli::{try_help, usage_error};
use crate::shared::diag::{die, quote, quoteaf};
use logic::num::SizeError;
use sys::fs::{self, Open, Stat, Whence};
use sys::io::{error, Fd};
use sys::Errno;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Rel {
    Abs,
    Add,
    AtLeast,
    AtMost,
    RoundDown,
    RoundUp,
}

struct Config {
    size: i64,
    /// The reference file's size when sizes are relative to it.
    rsize: Option<i64>,
    rel: Rel,
    blocks: bool,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t'..=b'\r')
}

/// One `-s SIZE`: its modifier and number.
fn size_option(mut a: &[u8], rel: &mut Rel) -> i64 {
    while a.first().is_some_and(|&b| is_space(b)) {
        a = &a[1..];
    }
    let m = match a.first() {
        Some(b'<') => Some(Rel::AtMost),
        Some(b'>') => Some(Rel::AtLeast),
        Some(b'/') => Some(Rel::RoundDown),
        Some(b'%') => Some(Rel::RoundUp),
        _ => None,
    };
    if let Some(m) = m {
        *rel = m;
        a = &a[1..];
    }
    while a.first().is_some_and(|&b| is_space(b)) {
        a = &a[1..];
    }
    if matches!(a.first(), Some(b'+' | b'-')) {
        if *rel != Rel::Abs {
            usage_error(&SPEC, &[b"multiple relative modifiers specified"]);
        }
        *rel = Rel::Add;
    }
    let size = match logic::num::parse_size_i64(a, b"EgGkKmMPtTYZ0") {
        Ok(n) => n,
        Err(e) => {
            let errno = (e == SizeError::Overflow).then_some(Errno::OVERFLOW);
            die(&[b"Invalid number: ", &quote(a)], errno)
        }
    };
    if matches!(*rel, Rel::RoundDown | Rel::RoundUp) && size == 0 {
        die(&[b"division by zero"], None);
    }
    size
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    let (mut create, mut blocks, mut reference, mut size) = (true, false, None, None);
    let mut rel = Rel::Abs;
    while let Some(o) = opts.next() {
        match o.key {
            'c' => create = false,
            'o' => blocks = true,
            'r' => reference = o.arg,
            's' => size = Some(size_option(o.arg.unwrap_or_default(), &mut rel)),
            _ => {}
        }
    }
    let files = opts.operands();
    if reference.is_none() && size.is_none() {
        usage_error(
            &SPEC,
            &[b"you must specify either '--size' or '--reference'"],
        );
    }
    if reference.is_some() && size.is_some() && rel == Rel::Abs {
        usage_error(
            &SPEC,
            &[b"you must specify a relative '--size' with '--reference'"],
        );
    }
    if blocks && size.is_none() {
        usage_error(
            &SPEC,
            &[b"'--io-blocks' was specified but '--size' was not"],
        );
    }
    if files.is_empty() {
        error(&[b"missing file operand"], None);
        try_help(&SPEC);
    }
    let mut c = Config {
        size: size.unwrap_or(0),
        rsize: None,
        rel,
        blocks,
    };
    if let Some(r) = reference {
        let n = reference_size(r);
        if size.is_none() {
            c.size = n;
        } else {
            c.rsize = Some(n);
        }
    }
    let mut ok = true;
    for f in files {
        match fs::open(f, Open::Resize { create }) {
            Err(Errno::NOENT) if !create => {}
            Err(e) => {
                error(&[b"cannot open ", &quoteaf(f), b" for writing"], Some(e));
                ok = false;
            }
            Ok(file) => ok &= resize(file.fd(), f, &c),
        }
    }
    i32::from(!ok)
}

/// st_size says the size of regular files (and symlinks).
fn usable_size(st: &Stat) -> bool {
    st.is_reg() || st.mode & fs::S_IFMT == fs::S_IFLNK
}

fn reference_size(r: &[u8]) -> i64 {
    let st = fs::stat(r).unwrap_or_else(|e| die(&[b"cannot stat ", &quoteaf(r)], Some(e)));
    if usable_size(&st) {
        return st.size;
    }
    let end = fs::open(r, Open::Read).and_then(|f| fs::seek(f.fd(), Whence::End(0)));
    match end {
        Ok(n) => n as i64,
        Err(e) => die(&[b"cannot get the size of ", &quoteaf(r)], Some(e)),
    }
}

/// GNU's do_ftruncate.
fn resize(fd: Fd, name: &[u8], c: &Config) -> bool {
    let q = || quoteaf(name);
    let mut st = Stat::default();
    if c.blocks || (c.rel != Rel::Abs && c.rsize.is_none()) {
        match fs::fstat(fd) {
            Ok(s) => st = s,
            Err(e) => {
                error(&[b"cannot fstat ", &q()], Some(e));
                return false;
            }
        }
    }
    let mut size = c.size;
    if c.blocks {
        let blk = st.blksize as i64;
        match size.checked_mul(blk) {
            Some(n) => size = n,
            None => {
                let mut msg = b"overflow in ".to_vec();
                push_i64(&mut msg, size);
                msg.extend_from_slice(b" * ");
                push_i64(&mut msg, blk);
                msg.extend_from_slice(b" byte blocks for file ");
                error(&[&msg, &q()], None);
                return false;
            }
        }
    }
    let new = if c.rel == Rel::Abs {
        size
    } else {
        let fsize = match c.rsize {
            Some(r) => r,
            None if usable_size(&st) => st.size,
            None => match fs::seek(fd, Whence::End(0)) {
                Ok(n) => n as i64,
                Err(e) => {
                    error(&[b"cannot get the size of ", &q()], Some(e));
                    return false;
                }
            },
        };
        match c.rel {
            Rel::AtLeast => fsize.max(size),
            Rel::AtMost => fsize.min(size),
            Rel::RoundDown => fsize - fsize % size,
            _ => {
                if c.rel == Rel::RoundUp {
                    let r = fsize % size;
                    size = if r == 0 { 0 } else { size - r };
                }
                match fsize.checked_add(size) {
                    Some(n) => n,
                    None => {
                        error(&[b"overflow extending size of file ", &q()], None);
                        return false;
                    }
                }
            }
        }
    };
    let new = new.max(0);
    if let Err(e) = fs::ftruncate(fd, new as u64) {
        let mut msg = b" at ".to_vec();
        push_i64(&mut msg, new);
        msg.extend_from_slice(b" bytes");
        error(&[b"failed to truncate ", &q(), &msg], Some(e));
        return false;
    }
    true
}

fn push_i64(v: &mut alloc::vec::Vec<u8>, n: i64) {
    if n < 0 {
        v.push(b'-');
    }
    logic::digits::push_u64(v, n.unsigned_abs());
}
