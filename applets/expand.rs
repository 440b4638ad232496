// corebox applet
// name: expand
// usage: [OPTION]... [FILE]...
// option: -i, --initial
// option: -t, --tabs=N
// option: -0[N]
// option: -1[N]
// option: -2[N]
// option: -3[N]
// option: -4[N]
// option: -5[N]
// option: -6[N]
// option: -7[N]
// option: -8[N]
// option: -9[N]
// help:
// Convert tabs in each FILE to spaces, writing to standard output.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -i, --initial    do not convert tabs after non blanks
//   -t, --tabs=N     have tabs N characters apart, not 8
//   -t, --tabs=LIST  use comma separated list of tab positions.
//                      The last specified position can be prefixed with '/'
//                      to specify a tab size to use after the last
//                      explicitly specified tab stop.  Also a prefix of '+'
//                      can be used to align remaining tab stops relative to
//                      the last specified tab stop instead of the first column
//       --help        display this help and exit
//       --version     output version information and exit

use super::SPEC;
use crate::shared::diag::line_too_long;
use crate::shared::files::{finish, or_stdin};
use alloc::vec::Vec;
use logic::memchr::{memchr, memchr3};
use logic::tabstops::TabStops;
use sys::io::out;

struct Expand {
    tabs: TabStops,
    initial_only: bool,
    column: u64,
    index: usize,
    convert: bool,
    buf: Vec<u8>,
}

#[cfg_attr(corebox_opt, optimize(speed))]
fn spaces(n: u64) {
    const S: [u8; 64] = [b' '; 64];
    let mut left = n;
    while left > 0 {
        let k = left.min(64) as usize;
        out().write(&S[..k]);
        left -= k as u64;
    }
}

impl Expand {
    /// Expands one block read into `self.buf`, written out in one go.
    #[cfg_attr(corebox_opt, optimize(speed), inline(never))]
    fn block(&mut self, b: &[u8]) {
        self.expand(b);
        out().write(&self.buf);
        self.buf.clear();
    }

    #[cfg_attr(corebox_opt, optimize(speed), rustc_align(64), inline(never))]
    fn expand(&mut self, mut b: &[u8]) {
        let o = &mut self.buf;
        while !b.is_empty() {
            if !self.convert {
                // After the first non-blank with -i: copy to the line's end.
                match memchr(b'\n', b) {
                    Some(k) => {
                        o.extend_from_slice(&b[..=k]);
                        self.column = 0;
                        self.index = 0;
                        self.convert = true;
                        b = &b[k + 1..];
                    }
                    None => {
                        o.extend_from_slice(b);
                        return;
                    }
                }
                continue;
            }
            // A run of ordinary bytes is copied at once (with -i only
            // spaces count as ordinary: any other byte ends conversion).
            let run = if self.initial_only {
                b.iter().position(|&c| c != b' ').unwrap_or(b.len())
            } else {
                memchr3(b'\t', b'\x08', b'\n', b).unwrap_or(b.len())
            };
            if run > 0 {
                o.extend_from_slice(&b[..run]);
                self.column = self
                    .column
                    .checked_add(run as u64)
                    .unwrap_or_else(|| line_too_long());
                b = &b[run..];
                continue;
            }
            let c = b[0];
            b = &b[1..];
            match c {
                b'\t' => {
                    let next = self
                        .tabs
                        .next(self.column, &mut self.index)
                        .unwrap_or(self.column.wrapping_add(1));
                    if next < self.column {
                        out().write(o);
                        o.clear();
                        line_too_long();
                    }
                    let n = next - self.column;
                    if n <= 4096 {
                        o.resize(o.len() + n as usize, b' ');
                    } else {
                        out().write(o);
                        o.clear();
                        spaces(n);
                    }
                    self.column = next;
                }
                b'\x08' => {
                    self.column = self.column.saturating_sub(1);
                    self.index = self.index.saturating_sub(1);
                    o.push(c);
                    self.convert = !self.initial_only;
                }
                b'\n' => {
                    o.push(c);
                    self.column = 0;
                    self.index = 0;
                    self.convert = true;
                }
                _ => {
                    o.push(c);
                    self.column = self
                        .column
                        .checked_add(1)
                        .unwrap_or_else(|| line_too_long());
                    // A non-blank under -i ends conversion for this line.
                    if self.initial_only && c != b' ' {
                        self.convert = false;
                    }
                }
            }
        }
    }
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::write_errors_die_past_stdio_buffer();
    let mut e = Expand {
        tabs: TabStops::default(),
        initial_only: false,
        column: 0,
        index: 0,
        convert: true,
        buf: Vec::new(),
    };
    let mut errs = Vec::new();
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            'i' => e.initial_only = true,
            't' => e.tabs.parse(o.arg.unwrap_or(b""), &mut errs),
            // `-4` and `-4,8`: the digit starts the list (GNU's obsolete form).
            d @ '0'..='9' => {
                let mut list = alloc::vec![d as u8];
                list.extend_from_slice(o.arg.unwrap_or(b""));
                let list: &'static [u8] = list.leak();
                e.tabs.parse(list, &mut errs);
            }
            _ => {}
        }
        if !errs.is_empty() {
            errs.iter().for_each(crate::shared::diag::tab_error);
            return 1;
        }
    }
    if let Err(err) = e.tabs.finalize() {
        crate::shared::diag::tab_error(&err);
        return 1;
    }
    let names = or_stdin(opts.operands());
    let ok = crate::shared::files::read_stream(&names, |b| e.block(b));
    finish(&names, ok)
}
