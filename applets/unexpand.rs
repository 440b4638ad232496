// corebox applet
// name: unexpand
// usage: [OPTION]... [FILE]...
// option: -a, --all
// option: --first-only
// option: -t, --tabs=N
// option: -,
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
// Convert blanks in each FILE to tabs, writing to standard output.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -a, --all        convert all blanks, instead of just initial blanks
//       --first-only  convert only leading sequences of blanks (overrides -a)
//   -t, --tabs=N     have tabs N characters apart instead of 8 (enables -a)
//   -t, --tabs=LIST  use comma separated list of tab positions.
//                      The last specified position can be prefixed with '/'
//                      to specify a tab size to use after the last
//                      explicitly specified tab stop.  Also a prefix of '+'
//                      can be used to align remaining tab stops relative to
//                      the last specified tab stop instead of the first column
//       --help        display this help and exit
//       --version     output version information and exit

use super::{opt, SPEC};
use crate::shared::diag::{die, line_too_long};
use crate::shared::files::{finish, or_stdin};
use alloc::vec::Vec;
use logic::tabstops::TabStops;
use sys::io::out;

/// The state of the line being converted (GNU unexpand's loop variables).
struct Unexpand {
    tabs: TabStops,
    all: bool,
    convert: bool,
    column: u64,
    next_tab: u64,
    index: usize,
    one_blank_before_stop: bool,
    prev_blank: bool,
    /// Blanks not yet known to become a tab or stay.
    pending: Vec<u8>,
    line_out: Vec<u8>,
}

impl Unexpand {
    fn new_line(&mut self) {
        self.convert = true;
        self.column = 0;
        self.next_tab = 0;
        self.index = 0;
        self.one_blank_before_stop = false;
        self.prev_blank = true;
        self.pending.clear();
    }

    #[cfg_attr(corebox_opt, optimize(speed))]
    fn byte(&mut self, mut c: u8) {
        if self.convert {
            let blank = c == b' ' || c == b'\t';
            if blank {
                match self.tabs.next(self.column, &mut self.index) {
                    Some(t) => self.next_tab = t,
                    None => self.convert = false,
                }
                if self.convert {
                    if self.next_tab < self.column {
                        line_too_long();
                    }
                    if c == b'\t' {
                        self.column = self.next_tab;
                        if let Some(p) = self.pending.first_mut() {
                            *p = b'\t';
                        }
                    } else {
                        self.column += 1;
                        if !(self.prev_blank && self.column == self.next_tab) {
                            // Not yet known whether these become a tab.
                            if self.column == self.next_tab {
                                self.one_blank_before_stop = true;
                            }
                            self.pending.push(c);
                            self.prev_blank = true;
                            return;
                        }
                        // The pending blanks become a tab.
                        c = b'\t';
                        match self.pending.first_mut() {
                            Some(p) => *p = c,
                            None => self.pending.push(c),
                        }
                    }
                    // Drop the pending blanks, except a single one just
                    // before the previous stop.
                    let keep = self.one_blank_before_stop as usize;
                    self.pending.truncate(keep);
                }
            } else if c == b'\x08' {
                self.column = self.column.saturating_sub(1);
                self.next_tab = self.column;
                self.index = self.index.saturating_sub(1);
            } else {
                self.column = self
                    .column
                    .checked_add(1)
                    .unwrap_or_else(|| line_too_long());
            }
            if !self.pending.is_empty() {
                if self.pending.len() > 1 && self.one_blank_before_stop {
                    self.pending[0] = b'\t';
                }
                self.line_out.extend_from_slice(&self.pending);
                self.pending.clear();
                self.one_blank_before_stop = false;
            }
            self.prev_blank = blank;
            self.convert &= self.all || blank;
        }
        self.line_out.push(c);
        if c == b'\n' {
            self.new_line();
        }
    }

    #[cfg_attr(corebox_opt, optimize(speed), inline(never))]
    fn block(&mut self, mut b: &[u8]) {
        while let Some(&c) = b.first() {
            if self.convert {
                self.byte(c);
                b = &b[1..];
                continue;
            }
            // Past the blanks that may be converted: copy to the line's end.
            let end = logic::memchr::memchr(b'\n', b).map_or(b.len(), |k| k + 1);
            self.line_out.extend_from_slice(&b[..end]);
            if b[end - 1] == b'\n' {
                self.new_line();
            }
            b = &b[end..];
        }
        out().write(&self.line_out);
        self.line_out.clear();
    }
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::write_errors_die_past_stdio_buffer();
    let mut u = Unexpand {
        tabs: TabStops::default(),
        all: false,
        convert: true,
        column: 0,
        next_tab: 0,
        index: 0,
        one_blank_before_stop: false,
        prev_blank: true,
        pending: Vec::new(),
        line_out: Vec::new(),
    };
    let (mut first_only, mut value): (bool, Option<u64>) = (false, None);
    let mut errs = Vec::new();
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            'a' => u.all = true,
            't' => {
                u.all = true;
                u.tabs.parse(o.arg.unwrap_or(b""), &mut errs);
            }
            opt::FIRST_ONLY => first_only = true,
            ',' => {
                if let Some(v) = value.take() {
                    u.tabs.add(v);
                }
            }
            // `-4` and `-4,8` (GNU's obsolete form): digits accumulate.
            d @ '0'..='9' => {
                let v = value
                    .unwrap_or(0)
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(d as u64 - b'0' as u64));
                value = Some(v.unwrap_or_else(|| die(&[b"tab stop value is too large"], None)));
            }
            _ => {}
        }
        if !errs.is_empty() {
            errs.iter().for_each(crate::shared::diag::tab_error);
            return 1;
        }
    }
    if first_only {
        u.all = false;
    }
    if let Some(v) = value {
        u.tabs.add(v);
    }
    if let Err(err) = u.tabs.finalize() {
        crate::shared::diag::tab_error(&err);
        return 1;
    }
    // GNU allocates its buffer of pending blanks as wide as the widest
    // tab (xmalloc): a width the memory cannot hold is `memory exhausted`.
    if usize::try_from(u.tabs.max_width)
        .ok()
        .is_none_or(|w| Vec::<u8>::new().try_reserve_exact(w).is_err())
    {
        sys::io::memory_exhausted();
    }
    let names = or_stdin(opts.operands());
    let ok = crate::shared::files::read_stream(&names, |b| u.block(b));
    // Blanks still pending at the end of the input are written as GNU
    // does when it meets the end (with its tab fix-up).
    if u.pending.len() > 1 && u.one_blank_before_stop {
        u.pending[0] = b'\t';
    }
    out().write(&u.pending);
    finish(&names, ok)
}
