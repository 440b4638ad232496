// corebox applet
// name: comm
// usage: [OPTION]... FILE1 FILE2
// option: -1
// option: -2
// option: -3
// option: --check-order
// option: --nocheck-order
// option: --output-delimiter=STR
// option: --total
// option: -z, --zero-terminated
// help:
// Compare sorted files FILE1 and FILE2 line by line.
//
// When FILE1 or FILE2 (not both) is -, read standard input.
//
// With no options, produce three-column output.  Column one contains
// lines unique to FILE1, column two contains lines unique to FILE2,
// and column three contains lines common to both files.
//
//   -1                      suppress column 1 (lines unique to FILE1)
//   -2                      suppress column 2 (lines unique to FILE2)
//   -3                      suppress column 3 (lines that appear in both files)
//
//       --check-order       check that the input is correctly sorted, even
//                             if all input lines are pairable
//       --nocheck-order     do not check that the input is correctly sorted
//       --output-delimiter=STR  separate columns with STR
//       --total             output a summary
//   -z, --zero-terminated   line delimiter is NUL, not newline
//       --help        display this help and exit
//       --version     output version information and exit
//
// Note, comparisons honor the rules specified by 'LC_COLLATE'.
//
// Examples:
//   %s -12 file1 file2  Print only lines present in both file1 and file2.
//   %s -3 file1 file2  Print lines in file1 not in file2, and vice versa.

use super::{opt, SPEC};
use crate::shared::cli::{missing_operand, usage_error};
use crate::shared::diag::{die, quote, quotef};
use alloc::vec::Vec;
use core::cmp::Ordering;
use logic::linecmp::compare_bytes;
use sys::fs::{self, Input};
use sys::io::{error, out};
use sys::records::Records;

#[derive(Clone, Copy, PartialEq)]
enum Check {
    Default,
    Enabled,
    Disabled,
}

/// One input: its last three lines (without delimiter), newest last.
struct Side {
    name: &'static [u8],
    /// Which reader: both sides share one for `comm - -`, as GNU's two
    /// reads of one stdin stream interleave.
    reader: usize,
    /// The last three lines read, the newest at `lines % 3`.
    bufs: [Vec<u8>; 3],
    lines: usize,
    at_end: bool,
    warned: bool,
}

struct Comm {
    show: [bool; 3],
    delim: u8,
    sep: Vec<u8>,
    check: Check,
    seen_unpairable: bool,
}

impl Side {
    fn cur(&self) -> &[u8] {
        &self.bufs[self.lines % 3]
    }
}

impl Comm {
    /// GNU's check_order: warns once per file (or dies with
    /// --check-order) when `cur` sorts before `prev`.
    fn check_order(&self, which: usize, prev: &[u8], cur: &[u8], warned: &mut bool) {
        if self.check == Check::Disabled
            || (self.check == Check::Default && !self.seen_unpairable)
            || *warned
        {
            return;
        }
        if compare_bytes(prev, cur) == Ordering::Greater {
            let message = [
                &b"file "[..],
                &[b'1' + which as u8],
                b" is not in sorted order",
            ];
            if self.check == Check::Enabled {
                die(&message, None);
            }
            error(&message, None);
            *warned = true;
        }
    }

    /// Reads the next line of side `i` (checking its order).
    fn advance(&self, s: &mut Side, which: usize, readers: &mut [Records]) {
        let r = &mut readers[s.reader];
        let n = s.lines;
        let [x, y, z] = &mut s.bufs;
        let (cur, prev) = match (n + 1) % 3 {
            0 => (x, z),
            1 => (y, x),
            _ => (z, y),
        };
        cur.clear();
        // (Read straight into the side's buffer: a long line is held once.)
        if r.next_into(cur) {
            s.lines += 1;
            if s.lines >= 2 {
                self.check_order(which, prev, cur, &mut s.warned);
            }
        } else {
            s.at_end = true;
            // The last two lines again: disorder between them counts
            // once a line has been found unpairable since.
            if n >= 2 {
                let (prev, last) = (&s.bufs[(n - 1) % 3], &s.bufs[n % 3]);
                self.check_order(which, prev, last, &mut s.warned);
            }
        }
        if let Some(e) = r.error() {
            die(&[&quotef(s.name)], Some(e));
        }
    }

    /// Writes each line in its column; the number of lines of each column.
    #[cfg_attr(corebox_opt, optimize(speed), inline(never))]
    fn merge(&mut self, a: &mut Side, b: &mut Side, readers: &mut [Records]) -> [u64; 3] {
        let mut counts = [0u64; 3];
        while !(a.at_end && b.at_end) {
            let order = if a.at_end {
                Ordering::Greater
            } else if b.at_end {
                Ordering::Less
            } else {
                compare_bytes(a.cur(), b.cur())
            };
            match order {
                Ordering::Equal => {
                    counts[2] += 1;
                    self.write(2, b.cur());
                    self.advance(a, 0, readers);
                    self.advance(b, 1, readers);
                }
                Ordering::Less => {
                    self.seen_unpairable = true;
                    counts[0] += 1;
                    self.write(0, a.cur());
                    self.advance(a, 0, readers);
                }
                Ordering::Greater => {
                    self.seen_unpairable = true;
                    counts[1] += 1;
                    self.write(1, b.cur());
                    self.advance(b, 1, readers);
                }
            }
        }
        counts
    }

    fn write(&self, column: usize, line: &[u8]) {
        if !self.show[column] {
            return;
        }
        for c in 0..column {
            if self.show[c] {
                out().write(&self.sep);
            }
        }
        out().write(line);
        out().byte(self.delim);
    }
}

/// The command line: the comparison, its two files and --total.
struct Config {
    comm: Comm,
    files: Vec<&'static [u8]>,
    /// --total, with the separator of its line (no NUL for an empty one).
    total: Option<&'static [u8]>,
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> Config {
    let mut c = Comm {
        show: [true; 3],
        delim: b'\n',
        sep: Vec::new(),
        check: Check::Default,
        seen_unpairable: false,
    };
    let mut sep: Option<&[u8]> = None;
    let mut total = false;
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1.min(args.len())..]);
    while let Some(o) = opts.next() {
        match o.key {
            '1' => c.show[0] = false,
            '2' => c.show[1] = false,
            '3' => c.show[2] = false,
            'z' => c.delim = 0,
            opt::CHECK_ORDER => c.check = Check::Enabled,
            opt::NOCHECK_ORDER => c.check = Check::Disabled,
            opt::TOTAL => total = true,
            opt::OUTPUT_DELIMITER => {
                let s = o.arg.unwrap_or(b"");
                if sep.is_some_and(|old| old != s) {
                    die(&[b"multiple output delimiters specified"], None);
                }
                sep = Some(s);
            }
            _ => crate::shared::cli::try_help(&SPEC),
        }
    }
    let files = opts.operands();
    match files.len() {
        0 => missing_operand(&SPEC),
        1 => usage_error(&SPEC, &[b"missing operand after ", &quote(files[0])]),
        2 => {}
        _ => crate::shared::cli::extra_operand(&SPEC, files[2]),
    }
    // An empty delimiter is a NUL between columns (but nothing in --total).
    c.sep = match sep {
        Some(b"") => alloc::vec![0],
        Some(s) => s.to_vec(),
        None => alloc::vec![b'\t'],
    };
    Config {
        comm: c,
        files,
        total: total.then(|| sep.unwrap_or(b"\t")),
    }
}

/// The two inputs: their files (kept open while read), the readers and
/// the sides reading them.
struct Inputs {
    files: Vec<Input>,
    readers: Vec<Records>,
    sides: Vec<Side>,
}

/// Opens the files and reads the first line of each; `comm - -` reads
/// both from the one standard input. None when a file cannot be opened.
fn open(c: &Comm, files: &[&'static [u8]]) -> Option<Inputs> {
    let mut files_open: Vec<Input> = Vec::new();
    let mut readers: Vec<Records> = Vec::new();
    let mut sides: Vec<Side> = Vec::new();
    for (i, &name) in files.iter().enumerate() {
        let shared = i == 1 && name == b"-" && files[0] == b"-";
        if !shared {
            let inp = crate::shared::files::open_or_report(name)?;
            fs::advise_sequential(inp.fd());
            readers.push(Records::new(inp.fd(), c.delim));
            files_open.push(inp);
        }
        let mut s = Side {
            name,
            reader: readers.len() - 1,
            bufs: [Vec::new(), Vec::new(), Vec::new()],
            lines: 0,
            at_end: false,
            warned: false,
        };
        c.advance(&mut s, i, &mut readers);
        sides.push(s);
    }
    Some(Inputs {
        files: files_open,
        readers,
        sides,
    })
}

fn run(mut c: Config) -> i32 {
    let Some(mut inputs) = open(&c.comm, &c.files) else {
        return 1;
    };
    let (s1, s2) = inputs.sides.split_at_mut(1);
    let (a, b) = (&mut s1[0], &mut s2[0]);
    let counts = c.comm.merge(a, b, &mut inputs.readers);
    // Both operands `-`: GNU closes standard input twice.
    if c.files[0] == b"-" && c.files[1] == b"-" {
        error(&[b"-"], Some(sys::Errno::BADF));
        return 1;
    }
    if inputs.files.iter().any(|i| i.is_stdin()) {
        if let Err(e) = sys::io::close_stdin() {
            error(&[b"-"], Some(e));
            return 1;
        }
    }
    if let Some(sep) = c.total {
        for n in counts {
            out().num(n);
            out().write(sep);
        }
        out().write(b"total");
        out().byte(c.comm.delim);
    }
    if a.warned || b.warned {
        error(&[b"input is not in sorted order"], None);
        return 1;
    }
    0
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    run(parse(args))
}
