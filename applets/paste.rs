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
use crate::shared::diag::{die, file_error, quotef};
use crate::shared::files::{finish, open_or_report, or_stdin};
use alloc::vec::Vec;
use sys::fs::Input;
use sys::io::{out, Fd};
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

    /// The next delimiter (None: the empty one), moving on to the one
    /// after.
    fn take(&mut self) -> Option<u8> {
        let d = self.list.get(self.next).copied().flatten();
        self.next = (self.next + 1) % self.list.len().max(1);
        d
    }
}

/// Reports a read error of `name` met by `recs`; false after one.
fn read_ok(name: &[u8], recs: &Records) -> bool {
    recs.error().is_none_or(|e| file_error(name, e))
}

/// `-s`: the lines of each file in turn joined into one line.
#[cfg_attr(corebox_opt, optimize(speed), inline(never))]
fn serial(files: &[&[u8]], d: &mut Delims, eol: u8) -> i32 {
    let mut ok = true;
    // The files reached (up to a write error): standard input is closed
    // only if one of them is `-`.
    let mut reached = 0;
    for &name in files {
        reached += 1;
        let Some(input) = open_or_report(name) else {
            ok = false;
            continue;
        };
        let mut recs = Records::new(input.fd(), eol);
        d.reset();
        // Lines come in parts (bounded memory on endless ones).
        let (mut first, mut line_start) = (true, true);
        while let Some(part) = recs.next_part() {
            if line_start && !first {
                if let Some(c) = d.take() {
                    out().byte(c);
                }
            }
            first = false;
            let body = chomp(part, eol);
            out().write(body);
            line_start = body.len() < part.len();
        }
        out().byte(eol);
        ok &= read_ok(name, &recs);
        if !out().ok() {
            break;
        }
    }
    finish(&files[..reached], ok)
}

/// The inputs of the parallel mode, opened all at once: `slots[i]` is
/// the reader of file `i`, None once it is at its end.
struct Parallel {
    inputs: Vec<Input>,
    readers: Vec<Records>,
    slots: Vec<Option<usize>>,
}

/// Opens every file (a failure is fatal); every `-` gets the one reader
/// of standard input.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn open_all(files: &[&[u8]], eol: u8) -> Parallel {
    let mut p = Parallel {
        inputs: Vec::with_capacity(files.len()),
        readers: Vec::new(),
        slots: Vec::with_capacity(files.len()),
    };
    let mut stdin_reader = None;
    for &name in files {
        let input = Input::open(name).unwrap_or_else(|e| die(&[&quotef(name)], Some(e)));
        let readers = &mut p.readers;
        let r = if input.is_stdin() {
            *stdin_reader.get_or_insert_with(|| {
                readers.push(Records::new(Fd::STDIN, eol));
                readers.len() - 1
            })
        } else {
            readers.push(Records::new(input.fd(), eol));
            readers.len() - 1
        };
        p.inputs.push(input);
        p.slots.push(Some(r));
    }
    // GNU opens the files into the lowest free descriptors, so with
    // standard input closed a file takes its place: it refuses then.
    if stdin_reader.is_some()
        && p.inputs.iter().any(|i| !i.is_stdin())
        && sys::fs::fstat(Fd::STDIN).is_err()
    {
        die(&[b"standard input is closed"], None);
    }
    p
}

/// Appends the next line of `recs` without its terminator to `line`,
/// after the delimiters `saved` of files already done; false at the end
/// of the input. The line comes in parts, and `line` goes out whenever it
/// outgrows a buffer: bounded memory on endless lines.
fn copy_line(recs: &mut Records, eol: u8, saved: &mut Vec<u8>, line: &mut Vec<u8>) -> bool {
    let mut got = false;
    while let Some(part) = recs.next_part() {
        if !got {
            line.append(saved);
            got = true;
        }
        let body = chomp(part, eol);
        line.extend_from_slice(body);
        if line.len() >= LINE_FLUSH {
            out().write(line);
            line.clear();
        }
        if body.len() < part.len() {
            break;
        }
    }
    got
}

/// The size past which an output line being gathered is written out.
const LINE_FLUSH: usize = 64 * 1024;

/// The corresponding lines of all files side by side. Every `-` reads
/// from the one standard input, a line at a time.
#[cfg_attr(corebox_opt, optimize(speed), inline(never))]
fn parallel(files: &[&[u8]], d: &mut Delims, eol: u8) -> i32 {
    let Parallel {
        inputs,
        mut readers,
        mut slots,
    } = open_all(files, eol);
    let mut ok = true;
    let mut open = slots.len();
    let mut saved = Vec::new();
    let mut line = Vec::new();
    let last = slots.len().saturating_sub(1);
    while open > 0 && out().ok() {
        let mut some_done = false;
        d.reset();
        saved.clear();
        line.clear();
        for (i, s) in slots.iter_mut().enumerate() {
            if open == 0 {
                break;
            }
            let got = s.is_some_and(|r| copy_line(&mut readers[r], eol, &mut saved, &mut line));
            if got {
                some_done = true;
                if i == last {
                    line.push(eol);
                } else {
                    line.extend(d.take());
                }
                continue;
            }
            if let Some(r) = s.take() {
                open -= 1;
                if readers[r].error().is_some() {
                    // What was gathered goes out before the message.
                    out().write(&line);
                    line.clear();
                    ok = read_ok(files[i], &readers[r]);
                }
            }
            if i == last {
                if some_done {
                    line.append(&mut saved);
                    line.push(eol);
                }
            } else {
                saved.extend(d.take());
            }
        }
        out().write(&line);
    }
    drop(inputs);
    finish(files, ok)
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::write_errors_die_past_stdio_buffer();
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
    let files = or_stdin(opts.operands());
    let Some(list) = logic::escape::delimiter_list(list) else {
        let q = logic::quote::c_maybe(list, sys::env::utf8_locale());
        die(
            &[b"delimiter list ends with an unescaped backslash: ", &q],
            None,
        );
    };
    let mut d = Delims { list, next: 0 };
    if serial_mode {
        serial(&files, &mut d, eol)
    } else {
        parallel(&files, &mut d, eol)
    }
}
