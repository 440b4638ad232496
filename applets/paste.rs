// corebox applet
// name: paste
// usage: [OPTION]... [FILE]...
// option: -s, --serial
// option: -d, --delimiters=LIST
// option: -z, --zero-terminated
// help:
// Write lines consisting of the sequentially corresponding lines from
// each FILE, separated by TABs, to standard output.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -d, --delimiters=LIST   reuse characters from LIST instead of TABs
//   -s, --serial            paste one file at a time instead of in parallel
//   -z, --zero-terminated    line delimiter is NUL, not newline
//       --help        display this help and exit
//       --version     output version information and exit

use super::SPEC;
use alloc::vec::Vec;
use crate::shared::diag::quotef;
use sys::fs::Input;
use sys::io::{error, out, Fd};
use sys::records::{chomp, Records};

/// The delimiters, used in turn; `None` is the empty one (`\0`).
struct Delims {
    list: Vec<Option<u8>>,
    next: usize,
}

impl Delims {
    fn reset(&mut self) {
        self.next = 0;
    }

    /// The next delimiter (appended to `to`), moving on to the one after.
    fn take(&mut self, to: &mut Vec<u8>) {
        if let Some(Some(d)) = self.list.get(self.next) {
            to.push(*d);
        }
        self.next = (self.next + 1) % self.list.len().max(1);
    }
}

fn read_error(name: &[u8], recs: &Records) -> bool {
    match recs.error() {
        Some(e) => {
            error(&[&quotef(name)], Some(e));
            false
        }
        None => true,
    }
}

/// `-s`: the lines of each file in turn joined into one line.
fn serial(files: &[&[u8]], d: &mut Delims, eol: u8) -> (bool, bool) {
    let (mut ok, mut read_stdin) = (true, false);
    let mut sep = Vec::with_capacity(1);
    for &name in files {
        let Some(input) = crate::shared::files::open_or_report(name) else {
            ok = false;
            continue;
        };
        read_stdin |= input.is_stdin();
        let mut recs = Records::new(input.fd(), eol);
        d.reset();
        let mut first = true;
        while let Some(rec) = recs.next() {
            if !first {
                sep.clear();
                d.take(&mut sep);
                out().write(&sep);
            }
            first = false;
            out().write(chomp(rec, eol));
        }
        out().byte(eol);
        ok &= read_error(name, &recs);
        if !out().ok() {
            break;
        }
    }
    (ok, read_stdin)
}

/// The corresponding lines of all files side by side. Every `-` reads
/// from the one standard input, a line at a time.
fn parallel(files: &[&[u8]], d: &mut Delims, eol: u8) -> (bool, bool) {
    let mut inputs = Vec::with_capacity(files.len());
    let mut readers: Vec<Records> = Vec::new();
    let mut stdin_reader = None;
    let mut slot = Vec::with_capacity(files.len());
    for &name in files {
        let input = match Input::open(name) {
            Ok(i) => i,
            Err(e) => {
                error(&[&quotef(name)], Some(e));
                sys::rt::exit(1)
            }
        };
        let r = if input.is_stdin() {
            *stdin_reader.get_or_insert_with(|| {
                readers.push(Records::new(Fd::STDIN, eol));
                readers.len() - 1
            })
        } else {
            readers.push(Records::new(input.fd(), eol));
            readers.len() - 1
        };
        inputs.push(input);
        slot.push(Some(r));
    }
    // GNU opens the files into the lowest free descriptors, so with
    // standard input closed a file takes its place: it refuses then.
    if stdin_reader.is_some()
        && inputs.iter().any(|i| !i.is_stdin())
        && sys::fs::fstat(Fd::STDIN).is_err()
    {
        error(&[b"standard input is closed"], None);
        sys::rt::exit(1)
    }
    let mut ok = true;
    let mut open = slot.len();
    let mut saved = Vec::new();
    let mut line = Vec::new();
    let last = slot.len().saturating_sub(1);
    while open > 0 && out().ok() {
        let mut some_done = false;
        d.reset();
        saved.clear();
        line.clear();
        for (i, s) in slot.iter_mut().enumerate() {
            if open == 0 {
                break;
            }
            let rec = match *s {
                Some(r) => readers[r].next(),
                None => None,
            };
            match rec {
                Some(rec) => {
                    // Delimiters of files already done are written only
                    // when a later file still has a line.
                    line.extend_from_slice(&saved);
                    saved.clear();
                    some_done = true;
                    line.extend_from_slice(chomp(rec, eol));
                    if i == last {
                        line.push(eol);
                    } else {
                        d.take(&mut line);
                    }
                }
                None => {
                    if let Some(r) = s.take() {
                        open -= 1;
                        if !read_error(files[i], &readers[r]) {
                            out().write(&line);
                            line.clear();
                            ok = false;
                        }
                    }
                    if i == last {
                        if some_done {
                            line.extend_from_slice(&saved);
                            line.push(eol);
                        }
                    } else {
                        d.take(&mut saved);
                    }
                }
            }
        }
        out().write(&line);
    }
    let read_stdin = stdin_reader.is_some();
    drop(inputs);
    (ok, read_stdin)
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::set_write_error_style(sys::io::WriteErrorKind::Errno, sys::io::WriteErrorKind::Twice, 4097, u64::MAX);
    let (mut serial_mode, mut eol) = (false, b'\n');
    let mut list: &[u8] = b"\t";
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            's' => serial_mode = true,
            'd' => list = o.arg.unwrap_or(b""),
            'z' => eol = 0,
            _ => {}
        }
    }
    let mut files = opts.operands();
    if files.is_empty() {
        files.push(b"-");
    }
    let Some(list) = corebox_core::escape::delimiter_list(list) else {
        let q = corebox_core::quote::c_maybe(list, sys::env::utf8_locale());
        error(&[b"delimiter list ends with an unescaped backslash: ", &q], None);
        return 1;
    };
    let mut d = Delims { list, next: 0 };
    let (ok, read_stdin) = if serial_mode {
        serial(&files, &mut d, eol)
    } else {
        parallel(&files, &mut d, eol)
    };
    sys::io::finish_stdin(read_stdin, b"-", ok)
}
