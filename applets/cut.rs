// corebox applet
// name: cut
// usage: OPTION... [FILE]...
// option: -b, --bytes=LIST
// option: -c, --characters=LIST
// option: -d, --delimiter=DELIM
// option: -f, --fields=LIST
// option: -n
// option: -s, --only-delimited
// option: -z, --zero-terminated
// option: --complement
// option: --output-delimiter=STRING
// help:
// Print selected parts of lines from each FILE to standard output.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -b, --bytes=LIST        select only these bytes
//   -c, --characters=LIST   select only these characters
//   -d, --delimiter=DELIM   use DELIM instead of TAB for field delimiter
//   -f, --fields=LIST       select only these fields;  also print any line
//                             that contains no delimiter character, unless
//                             the -s option is specified
//   -n                      (ignored)
//       --complement        complement the set of selected bytes, characters
//                             or fields
//   -s, --only-delimited    do not print lines not containing delimiters
//       --output-delimiter=STRING  use STRING as the output delimiter
//                             the default is to use the input delimiter
//   -z, --zero-terminated    line delimiter is NUL, not newline
//       --help        display this help and exit
//       --version     output version information and exit
//
// Use one, and only one of -b, -c or -f.  Each LIST is made up of one
// range, or many ranges separated by commas.  Selected input is written
// in the same order that it is read, and is written exactly once.
// Each range is one of:
//
//   N     N'th byte, character or field, counted from 1
//   N-    from N'th byte, character or field, to end of line
//   N-M   from N'th to M'th (included) byte, character or field
//   -M    from first to M'th (included) byte, character or field

use super::{opt, SPEC};
use crate::shared::cli::usage_error;
use crate::shared::diag::file_error;
use crate::shared::files::{finish, open_or_report, or_stdin};
use alloc::vec::Vec;
use logic::memchr::memchr;
use logic::ranges::{self, Cursor, Range};
use sys::io::out;
use sys::records::Records;
use sys::simd::Scan2;

const OUT_BUF: usize = 64 * 1024;

/// The output, gathered in a fixed buffer: appending a field must cost
/// little more than copying it.
struct OutBuf {
    buf: Vec<u8>,
    len: usize,
}

impl OutBuf {
    #[inline(always)]
    fn put(&mut self, s: &[u8]) {
        if self.buf.len() - self.len < s.len() {
            return self.put_after_flush(s);
        }
        self.buf[self.len..self.len + s.len()].copy_from_slice(s);
        self.len += s.len();
    }

    /// [`OutBuf::put`] when the buffer is full: once per 64 KiB, out of
    /// line (put is inlined at every field).
    #[cold]
    #[inline(never)]
    fn put_after_flush(&mut self, s: &[u8]) {
        self.flush();
        if s.len() > self.buf.len() {
            return out().write(s);
        }
        self.buf[..s.len()].copy_from_slice(s);
        self.len = s.len();
    }

    #[inline(always)]
    fn byte(&mut self, b: u8) {
        if self.len == self.buf.len() {
            self.flush();
        }
        self.buf[self.len] = b;
        self.len += 1;
    }

    #[cold]
    #[inline(never)]
    fn flush(&mut self) {
        out().write(&self.buf[..self.len]);
        self.len = 0;
    }
}

/// GNU 9.1 cuts characters as bytes (`-c` is `-b`).
struct Cut {
    ranges: Vec<Range>,
    fields: bool,
    delim: u8,
    /// Between fields (default: the input delimiter), or between
    /// non-adjacent byte ranges (only when given).
    out_delim: Option<&'static [u8]>,
    only_delimited: bool,
    /// Field or position 1 is selected.
    picked1: bool,
    eol: u8,
}

impl Cut {
    /// The selected bytes of each record of `chunk` (whole records),
    /// appended to `ob`.
    fn bytes(&self, chunk: &[u8], ob: &mut OutBuf) {
        let mut scan = Scan2::new(chunk, self.eol, self.eol);
        let mut p = 0;
        while p < chunk.len() {
            let end = scan.second(p).unwrap_or(chunk.len());
            let line = &chunk[p..end];
            let mut first = true;
            let mut terminator = true;
            for r in &self.ranges {
                // (Positions past 4 GiB stay past the line on 32-bit targets.)
                let lo = usize::try_from(r.lo - 1).unwrap_or(usize::MAX);
                if lo >= line.len() {
                    break;
                }
                if let (Some(d), false) = (self.out_delim, first) {
                    ob.put(d);
                }
                first = false;
                let hi = r.hi.min(line.len() as u64) as usize;
                if hi == line.len() && end < chunk.len() {
                    // The record's own terminator goes out with its last bytes.
                    ob.put(&chunk[p + lo..=end]);
                    terminator = false;
                    break;
                }
                ob.put(&line[lo..hi]);
            }
            if terminator {
                ob.byte(self.eol);
            }
            p = end + 1;
        }
    }

    /// The selected fields of each record of `chunk` (whole records;
    /// delimiter and terminator differ), appended to `ob`. One scan of 64-byte blocks
    /// finds both bytes; the rest of a line after the last selected field
    /// is skipped to its terminator.
    fn fields(&self, chunk: &[u8], ob: &mut OutBuf) {
        let (delim, eol, len) = (self.delim, self.eol, chunk.len());
        let od = self.out_delim.unwrap_or(b"");
        // Consecutive fields joined by the input delimiter itself are one
        // slice of the input: written as one.
        let joinable = od.len() == 1 && od[0] == delim;
        let mut scan = Scan2::new(chunk, delim, eol);
        let mut p = 0;
        while p < len {
            let first = scan.either(p).unwrap_or(len);
            if first == len || chunk[first] == eol {
                // No delimiter: the line as it is, unless -s.
                if !self.only_delimited {
                    ob.put(&chunk[p..first]);
                    ob.byte(eol);
                }
                p = first + 1;
                continue;
            }
            let mut pending: Option<(usize, usize)> = None;
            let mut cur = Cursor::new(&self.ranges);
            let (mut n, mut start, mut end) = (1u64, p, first);
            let line_end = loop {
                if cur.selected(n) {
                    match pending {
                        Some((s, e)) if joinable && e + 1 == start => pending = Some((s, end)),
                        Some((s, e)) => {
                            ob.put(&chunk[s..e]);
                            ob.put(od);
                            pending = Some((start, end));
                        }
                        None => pending = Some((start, end)),
                    }
                } else if cur.done() {
                    break scan.second(end).unwrap_or(len);
                }
                if end == len || chunk[end] == eol {
                    break end;
                }
                start = end + 1;
                end = scan.either(start).unwrap_or(len);
                n = n.saturating_add(1);
            };
            // Only whole lines come here.
            match pending {
                Some((s, e)) if e == line_end => ob.put(&chunk[s..=e]),
                Some((s, e)) => {
                    ob.put(&chunk[s..e]);
                    ob.byte(eol);
                }
                None => ob.byte(eol),
            }
            p = line_end + 1;
        }
    }

    /// The selected bytes of one part of a line longer than the input
    /// buffer (ending with the line's terminator, if it is its last part).
    fn bytes_part(&self, st: &mut Partial, part: &[u8], ob: &mut OutBuf) -> bool {
        let (body, ended) = split_eol(part, self.eol);
        let base = st.n;
        let end = base + body.len() as u64;
        while let Some(r) = self.ranges.get(st.range) {
            let lo = r.lo - 1;
            if lo >= end {
                break;
            }
            if lo >= base {
                // A range starts: after another, the output delimiter.
                if let (Some(d), true) = (self.out_delim, st.found) {
                    ob.put(d);
                }
                st.found = true;
            }
            let to = r.hi.min(end);
            ob.put(&body[(lo.max(base) - base) as usize..(to - base) as usize]);
            if r.hi > end {
                break;
            }
            st.range += 1;
        }
        st.n = end;
        if ended {
            ob.byte(self.eol);
        }
        ended
    }

    /// Field `st.n` begins: its output delimiter, if selected.
    fn field_start(&self, st: &mut Partial, ob: &mut OutBuf) {
        st.picked = st.cur.selected(st.n);
        if st.picked {
            if st.found {
                ob.put(self.out_delim.unwrap_or(b""));
            }
            st.found = true;
        }
    }

    /// The selected fields of one part of a line longer than the input
    /// buffer, as GNU's cut_fields reads them a byte at a time: field 1
    /// held back only when whether the line has a delimiter decides if
    /// it is printed.
    fn fields_part(&self, st: &mut Partial, part: &[u8], ob: &mut OutBuf) -> bool {
        let (mut body, ended) = split_eol(part, self.eol);
        if st.n == 0 {
            st.n = 1;
            if st.first.is_none() {
                self.field_start(st, ob);
            }
        }
        while !body.is_empty() {
            let Some(first) = st.first.as_mut() else {
                st.zero_prev = false;
                if !st.picked && st.cur.done() {
                    break;
                }
                let d = memchr(self.delim, body);
                let field = &body[..d.unwrap_or(body.len())];
                if st.picked {
                    ob.put(field);
                }
                let Some(d) = d else { break };
                body = &body[d + 1..];
                st.n = st.n.saturating_add(1);
                self.field_start(st, ob);
                continue;
            };
            let Some(d) = memchr(self.delim, body) else {
                first.extend_from_slice(body);
                break;
            };
            first.extend_from_slice(&body[..d]);
            if self.picked1 {
                ob.put(first);
                st.found = true;
            }
            st.first = None;
            // GNU's byte before field 2 is then a NUL, not the delimiter.
            st.zero_prev = true;
            body = &body[d + 1..];
            st.n = 2;
            self.field_start(st, ob);
        }
        if ended {
            self.fields_end(st, true, ob);
        }
        ended
    }

    /// The end of a line cut in parts: at its terminator, or (`eol`
    /// false) at the end of the input.
    fn fields_end(&self, st: &mut Partial, eol: bool, ob: &mut OutBuf) {
        if let Some(first) = &st.first {
            // No delimiter: the line as it is, unless -s.
            if !self.only_delimited {
                ob.put(first);
                ob.byte(self.eol);
            }
        } else if (st.found || !(self.only_delimited && st.n == 1))
            && (eol || !(st.zero_prev && self.eol == 0))
        {
            // (GNU leaves out the terminator when it takes that NUL for
            // the end of the input's last line.)
            ob.byte(self.eol);
        }
    }

    /// Fields when the delimiter is the record terminator (`-d '\n'`,
    /// `-z -d ''`): the whole input is one record whose fields are the
    /// lines, the last terminator ending it; GNU's quirks with a single
    /// terminated line kept. Lines come in parts: only field 1 is held,
    /// when GNU holds it.
    #[cfg_attr(corebox_opt, optimize(speed), inline(never))]
    fn fields_of_lines(&self, recs: &mut Records) {
        let (eol, only) = (self.eol, self.only_delimited);
        let hold = only == self.picked1;
        let mut f1 = Vec::new();
        let (mut any, mut terminated) = (false, false);
        while let Some(part) = recs.next_part() {
            any = true;
            let (body, ended) = split_eol(part, eol);
            if hold {
                f1.extend_from_slice(body);
            } else if self.picked1 {
                out().write(body);
            }
            if ended {
                terminated = true;
                break;
            }
        }
        let mut part = recs.next_part();
        if part.is_none() {
            // A single line. GNU reads field 1 ahead exactly when -s and
            // its selection disagree; it then sees the terminator as a
            // delimiter.
            if terminated && hold {
                out().write(if self.picked1 { &f1 } else { b"" });
                out().byte(eol);
            } else if any && !only {
                out().write(&f1);
                out().byte(eol);
            }
            return;
        }
        if hold && self.picked1 {
            out().write(&f1);
        }
        drop(f1);
        let od = self.out_delim.unwrap_or(b"");
        let mut cur = Cursor::new(&self.ranges);
        let mut found = cur.selected(1);
        let mut n = 2u64;
        let mut start = true;
        while let Some(p) = part {
            let picked = cur.selected(n);
            if !picked && cur.done() {
                break;
            }
            if picked && start && found {
                out().write(od);
            }
            found |= picked;
            let (body, ended) = split_eol(p, eol);
            if picked {
                out().write(body);
            }
            if ended {
                n = n.saturating_add(1);
            }
            start = ended;
            part = recs.next_part();
        }
        // The rest is read (and dropped) as GNU does.
        while recs.next_block().is_some() {}
        out().byte(eol);
    }

    /// Cuts one file; false if it could not be opened or read. Whole
    /// lines go through the block scanners; a line that does not fit in
    /// the buffer (or ends the input unterminated) goes in parts through
    /// GNU's state machine, in bounded memory.
    #[cfg_attr(corebox_opt, optimize(speed), inline(never))]
    fn file(&self, name: &[u8], ob: &mut OutBuf) -> bool {
        let Some(input) = open_or_report(name) else {
            return false;
        };
        let mut recs = Records::new(input.fd(), self.eol);
        if self.fields && self.delim == self.eol {
            self.fields_of_lines(&mut recs);
            return recs.error().is_none_or(|e| file_error(name, e));
        }
        let eol = self.eol;
        let mut st: Option<Partial> = None;
        while let Some(mut block) = recs.next_block() {
            if let Some(s) = st.as_mut() {
                let to = memchr(eol, block).map_or(block.len(), |i| i + 1);
                if self.part(s, &block[..to], ob) {
                    st = None;
                }
                block = &block[to..];
            }
            let whole = logic::memchr::memrchr(eol, block).map_or(0, |i| i + 1);
            if self.fields {
                self.fields(&block[..whole], ob);
            } else {
                self.bytes(&block[..whole], ob);
            }
            if whole < block.len() {
                let s = st.insert(self.partial());
                self.part(s, &block[whole..], ob);
            }
            if !out().ok() {
                break;
            }
        }
        if let Some(mut s) = st {
            if self.fields {
                self.fields_end(&mut s, false, ob);
            } else {
                ob.byte(eol);
            }
        }
        ob.flush();
        recs.error().is_none_or(|e| file_error(name, e))
    }

    /// The state of a line about to be cut in parts.
    fn partial(&self) -> Partial<'_> {
        let hold = self.fields && self.only_delimited == self.picked1;
        Partial {
            cur: Cursor::new(&self.ranges),
            n: 0,
            range: 0,
            found: false,
            picked: false,
            first: hold.then(Vec::new),
            zero_prev: false,
        }
    }

    /// One part of a line; true if it ended the line.
    fn part(&self, st: &mut Partial, part: &[u8], ob: &mut OutBuf) -> bool {
        if self.fields {
            self.fields_part(st, part, ob)
        } else {
            self.bytes_part(st, part, ob)
        }
    }
}

/// Where a line cut in parts stands between two parts.
struct Partial<'r> {
    cur: Cursor<'r>,
    /// -b: the bytes of the line passed; -f: the current field (0 before
    /// the first part).
    n: u64,
    /// -b: the range under way.
    range: usize,
    /// Something was selected (the output delimiter goes before the next).
    found: bool,
    /// -f: the current field is selected.
    picked: bool,
    /// -f: field 1 held back until the line proves delimited or not.
    first: Option<Vec<u8>>,
    /// -f: nothing read since a held-back field 1 ended.
    zero_prev: bool,
}

/// A part of a line without its terminator, and whether it had it.
fn split_eol(part: &[u8], eol: u8) -> (&[u8], bool) {
    match part.split_last() {
        Some((&last, body)) if last == eol => (body, true),
        _ => (part, false),
    }
}

/// The options: the cut to make, and the files.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Cut, Vec<&'static [u8]>) {
    let mut list: Option<&[u8]> = None;
    let mut fields = false;
    let mut delim: Option<u8> = None;
    let (mut only_delimited, mut complement, mut eol) = (false, false, b'\n');
    let mut out_delim: Option<&'static [u8]> = None;
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        let arg = o.arg.unwrap_or(b"");
        match o.key {
            'b' | 'c' | 'f' => {
                if list.is_some() {
                    usage_error(&SPEC, &[b"only one list may be specified"]);
                }
                list = Some(arg);
                fields = o.key == 'f';
            }
            'd' => {
                if arg.len() > 1 {
                    usage_error(&SPEC, &[b"the delimiter must be a single character"]);
                }
                delim = Some(arg.first().copied().unwrap_or(0));
            }
            's' => only_delimited = true,
            'z' => eol = 0,
            opt::COMPLEMENT => complement = true,
            // An empty output delimiter is a NUL byte in GNU 9.1.
            opt::OUTPUT_DELIMITER => out_delim = Some(if arg.is_empty() { b"\0" } else { arg }),
            _ => {}
        }
    }
    let files = opts.operands();
    let Some(list) = list else {
        usage_error(
            &SPEC,
            &[b"you must specify a list of bytes, characters, or fields"],
        );
    };
    if delim.is_some() && !fields {
        usage_error(
            &SPEC,
            &[b"an input delimiter may be specified only when operating on fields"],
        );
    }
    if only_delimited && !fields {
        usage_error(
            &SPEC,
            &[b"suppressing non-delimited lines makes sense\n\tonly when operating on fields"],
        );
    }
    let mut ranges = match ranges::parse(list, false) {
        Ok(r) => r,
        Err(e) => usage_error(&SPEC, &[&e.message(!fields, sys::env::utf8_locale())]),
    };
    if complement {
        ranges = ranges::complement(&ranges);
    }
    let delim = delim.unwrap_or(b'\t');
    let delim_byte: &'static [u8] = alloc::vec![delim].leak();
    let cut = Cut {
        picked1: ranges.first().is_some_and(|r| r.lo == 1),
        ranges,
        fields,
        delim,
        out_delim: if fields {
            Some(out_delim.unwrap_or(delim_byte))
        } else {
            out_delim
        },
        only_delimited,
        eol,
    };
    (cut, files)
}

/// Cuts each file (standard input when there are none) until standard
/// output fails.
fn run(c: &Cut, files: Vec<&'static [u8]>) -> i32 {
    let files = or_stdin(files);
    let mut ok = true;
    // The files reached: standard input is closed only if one is `-`.
    let mut reached = 0;
    let mut ob = OutBuf {
        buf: alloc::vec![0; OUT_BUF],
        len: 0,
    };
    for &name in &files {
        reached += 1;
        ok &= c.file(name, &mut ob);
        if !out().ok() {
            break;
        }
    }
    finish(&files[..reached], ok)
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (cut, files) = parse(args);
    run(&cut, files)
}
