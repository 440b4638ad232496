// corebox applet
// name: csplit
// usage: [OPTION]... FILE PATTERN...
// option: -n, --digits=DIGITS
// option: -q, --quiet
// option: -s, --silent
// option: -k, --keep-files
// option: -z, --elide-empty-files
// option: -f, --prefix=PREFIX
// option: -b, --suffix-format=FORMAT
// option: --suppress-matched
// help:
// Output pieces of FILE separated by PATTERN(s) to files 'xx00', 'xx01', ...,
// and output byte counts of each piece to standard output.
//
// Read standard input if FILE is -
//
// Mandatory arguments to long options are mandatory for short options too.
//   -b, --suffix-format=FORMAT  use sprintf FORMAT instead of %02d
//   -f, --prefix=PREFIX        use PREFIX instead of 'xx'
//   -k, --keep-files           do not remove output files on errors
//       --suppress-matched     suppress the lines matching PATTERN
//   -n, --digits=DIGITS        use specified number of digits instead of 2
//   -s, --quiet, --silent      do not print counts of output file sizes
//   -z, --elide-empty-files    remove empty output files
//       --help        display this help and exit
//       --version     output version information and exit
//
// Each PATTERN may be:
//   INTEGER            copy up to but not including specified line number
//   /REGEXP/[OFFSET]   copy up to but not including a matching line
//   %REGEXP%[OFFSET]   skip to, but not including a matching line
//   {INTEGER}          repeat the previous pattern specified number of times
//   {*}                repeat the previous pattern as many times as possible
//
// A line OFFSET is an integer optionally preceded by '+' or '-'

//! GNU csplit.c: lines numbered from 1, read as the patterns need them and
//! held only while a negative offset may still want them; GNU basic
//! regexes (core::regex) searched in each line without its newline; the
//! pieces written through a 4 KiB buffer as stdio's, their sizes printed
//! as each closes, and every file made removed on an error unless `-k`.
//! One difference: GNU also removes them when a signal kills it, from a
//! handler; corebox installs no signal handlers.

use super::{opt, SPEC};
use crate::shared::cli::try_help;
use crate::shared::diag::{die, quote, quoteaf, quotef};
use alloc::collections::VecDeque;
use alloc::vec::Vec;
use logic::regex::{Regex, Syntax};
use sys::fs::{self, Input};
use sys::io::{error, out, write_stderr, File};
use sys::records::Records;

struct Control {
    offset: i64,
    lines_required: i64,
    repeat: i64,
    argnum: usize,
    repeat_forever: bool,
    ignore: bool,
    re: Option<Regex>,
}

/// The -b FORMAT: text, one integer conversion, text.
struct Suffix {
    head: Vec<u8>,
    spec: logic::float::Spec,
    thousands: bool,
    tail: Vec<u8>,
}

struct Csplit {
    args: &'static [&'static [u8]],
    prefix: &'static [u8],
    suffix: Option<Suffix>,
    digits: usize,
    suppress_count: bool,
    remove_files: bool,
    elide_empty_files: bool,
    suppress_matched: bool,
    // Input: the lines read and not yet removed, the number of the first.
    rec: Records,
    /// The input is standard input (closed at the end).
    stdin: bool,
    _input: Input,
    lines: VecDeque<Vec<u8>>,
    first: i64,
    current_line: i64,
    // Output.
    files_created: i32,
    output: Option<File>,
    obuf: Vec<u8>,
    output_filename: Vec<u8>,
    bytes_written: i64,
}

/// The stdio buffer of a piece: what fwrite keeps before writing.
const OBUF: usize = 4096;

impl Csplit {
    /// Reads one more line into the queue; false at the end.
    fn load(&mut self) -> bool {
        match self.rec.next() {
            Some(l) => {
                self.lines.push_back(l.to_vec());
                true
            }
            None => {
                if let Some(e) = self.rec.error() {
                    error(&[b"read error"], Some(e));
                    self.cleanup_fatal();
                }
                false
            }
        }
    }

    /// find_line: line `n`, reading as far as needed.
    fn find_line(&mut self, n: i64) -> Option<&[u8]> {
        if n < self.first {
            return None;
        }
        while self.first + self.lines.len() as i64 <= n {
            if !self.load() {
                return None;
            }
        }
        Some(&self.lines[(n - self.first) as usize])
    }

    fn no_more_lines(&mut self) -> bool {
        self.find_line(self.current_line + 1).is_none()
    }

    /// remove_line: the first line held, no longer held.
    fn remove_line(&mut self) -> Option<Vec<u8>> {
        if self.lines.is_empty() && !self.load() {
            return None;
        }
        if self.current_line < self.first {
            self.current_line = self.first;
        }
        self.first += 1;
        self.lines.pop_front()
    }

    fn first_line_in_buffer(&mut self) -> i64 {
        if self.lines.is_empty() && !self.load() {
            die(&[b"input disappeared"], None);
        }
        self.first
    }

    fn make_filename(&self, num: i32) -> Vec<u8> {
        let mut name = self.prefix.to_vec();
        match &self.suffix {
            Some(s) => {
                name.extend_from_slice(&s.head);
                let _ = s.thousands;
                logic::printf::push_int(&mut name, num < 0, num.unsigned_abs() as u64, &s.spec);
                name.extend_from_slice(&s.tail);
            }
            None => {
                let mut tmp = [0u8; 20];
                let d = logic::digits::u64_dec(num as u64, &mut tmp);
                name.resize(name.len() + self.digits.saturating_sub(d.len()), b'0');
                name.extend_from_slice(d);
            }
        }
        name
    }

    fn create_output_file(&mut self) {
        let nfiles = self.files_created;
        self.output_filename = self.make_filename(nfiles);
        let r = if nfiles == i32::MAX {
            Err(sys::Errno::OVERFLOW)
        } else {
            fs::open(&self.output_filename, fs::Open::WriteTrunc)
        };
        match r {
            Ok(f) => {
                self.output = Some(f);
                self.files_created = nfiles + 1;
            }
            Err(e) => {
                error(&[&quotef(&self.output_filename)], Some(e));
                self.cleanup_fatal();
            }
        }
        self.bytes_written = 0;
    }

    /// Writes the piece's buffer out: the error, if any.
    fn flush(&mut self) -> Result<(), sys::Errno> {
        let r = match &self.output {
            Some(f) if !self.obuf.is_empty() => f.fd().write_all(&self.obuf),
            _ => Ok(()),
        };
        self.obuf.clear();
        r
    }

    fn save_line_to_file(&mut self, line: &[u8]) {
        // fwrite: what does not fit the buffer goes out with it.
        if self.obuf.len() + line.len() > OBUF {
            self.obuf.extend_from_slice(line);
            if let Err(e) = self.flush() {
                let m = [&b"write error for "[..], &quoteaf(&self.output_filename)];
                error(&m, Some(e));
                self.output = None;
                self.cleanup_fatal();
            }
        } else {
            self.obuf.extend_from_slice(line);
        }
        self.bytes_written += line.len() as i64;
    }

    fn close_output_file(&mut self) {
        if self.output.is_none() {
            return;
        }
        let flushed = self.flush();
        let closed = self.output.take().map(|f| f.close()).unwrap_or(Ok(()));
        if let Err(e) = flushed.and(closed) {
            error(&[&quotef(&self.output_filename)], Some(e));
            self.cleanup_fatal();
        }
        if self.bytes_written == 0 && self.elide_empty_files {
            let r = fs::unlink(&self.output_filename);
            self.files_created -= 1;
            if let Err(e) = r.or_else(|e| {
                if e == sys::Errno::NOENT {
                    Ok(())
                } else {
                    Err(e)
                }
            }) {
                error(&[&quotef(&self.output_filename)], Some(e));
            }
        } else if !self.suppress_count {
            let o = out();
            o.num(self.bytes_written as u64);
            o.byte(b'\n');
        }
    }

    fn delete_all_files(&mut self) {
        if !self.remove_files {
            return;
        }
        for i in (0..self.files_created).rev() {
            let name = self.make_filename(i);
            if let Err(e) = fs::unlink(&name) {
                if e != sys::Errno::NOENT {
                    error(&[&quotef(&name)], Some(e));
                }
            }
        }
        self.files_created = 0;
    }

    fn cleanup_fatal(&mut self) -> ! {
        self.close_output_file();
        self.delete_all_files();
        sys::rt::exit(1)
    }

    fn write_to_file(&mut self, last_line: i64, ignore: bool, argnum: usize) {
        let first_line = self.first_line_in_buffer();
        let out_of_range = |s: &mut Csplit| -> ! {
            error(
                &[&quote(s.args[argnum]), b": line number out of range"],
                None,
            );
            s.cleanup_fatal()
        };
        if first_line > last_line {
            out_of_range(self);
        }
        for _ in 0..last_line - first_line {
            let Some(line) = self.remove_line() else {
                out_of_range(self)
            };
            if !ignore {
                self.save_line_to_file(&line);
            }
        }
    }

    fn dump_rest_of_file(&mut self) {
        while let Some(line) = self.remove_line() {
            self.save_line_to_file(&line);
        }
    }

    /// `NAME: 'N': line number out of range[ on repetition R]`.
    fn handle_line_error(&mut self, p: &Control, repetition: i64) -> ! {
        let mut m = sys::io::program_name().to_vec();
        m.extend_from_slice(b": ");
        let mut tmp = [0u8; 20];
        m.extend_from_slice(&quote(logic::digits::u64_dec(
            p.lines_required as u64,
            &mut tmp,
        )));
        m.extend_from_slice(b": line number out of range");
        repetition_note(&mut m, repetition);
        out().flush().ok();
        write_stderr(&m);
        self.cleanup_fatal()
    }

    fn process_line_count(&mut self, p: &Control, repetition: i64) {
        let last_line_to_save = p.lines_required.saturating_mul(repetition + 1);
        self.create_output_file();
        if self.suppress_matched && self.no_more_lines() {
            self.handle_line_error(p, repetition);
        }
        let mut linenum = self.first_line_in_buffer();
        while linenum < last_line_to_save {
            linenum += 1;
            let Some(line) = self.remove_line() else {
                self.handle_line_error(p, repetition)
            };
            self.save_line_to_file(&line);
        }
        self.close_output_file();
        if self.suppress_matched {
            self.remove_line();
        }
        if !self.suppress_matched && self.no_more_lines() {
            self.handle_line_error(p, repetition);
        }
    }

    fn regexp_error(&mut self, p: &Control, repetition: i64, ignore: bool) -> ! {
        let mut m = sys::io::program_name().to_vec();
        m.extend_from_slice(b": ");
        m.extend_from_slice(&quote(self.args[p.argnum]));
        m.extend_from_slice(b": match not found");
        repetition_note(&mut m, repetition);
        out().flush().ok();
        write_stderr(&m);
        if !ignore {
            self.dump_rest_of_file();
            self.close_output_file();
        }
        self.cleanup_fatal()
    }

    fn process_regexp(&mut self, p: &Control, repetition: i64) {
        let ignore = p.ignore;
        if !ignore {
            self.create_output_file();
        }
        let re = p.re.as_ref().expect("a regexp control");
        loop {
            self.current_line += 1;
            let Some(line) = self.find_line(self.current_line) else {
                if p.repeat_forever {
                    if !ignore {
                        self.dump_rest_of_file();
                        self.close_output_file();
                    }
                    self.finish();
                }
                self.regexp_error(p, repetition, ignore)
            };
            let text = line.strip_suffix(b"\n").unwrap_or(line);
            if re.is_match(text) {
                break;
            }
            // Lines before a match go out at once unless an offset
            // before the match may still want them.
            if p.offset >= 0 {
                let line = self.remove_line().unwrap_or_default();
                if !ignore {
                    self.save_line_to_file(&line);
                }
            }
        }
        let break_line = self.current_line + p.offset;
        self.write_to_file(break_line, ignore, p.argnum);
        if !ignore {
            self.close_output_file();
        }
        if p.offset > 0 {
            self.current_line = break_line;
        }
        if self.suppress_matched {
            self.remove_line();
        }
    }

    /// The end of a successful run: the input closed, exit 0.
    fn finish(&mut self) -> ! {
        if self.stdin {
            if let Err(e) = sys::io::close_stdin() {
                error(&[b"read error"], Some(e));
                self.cleanup_fatal();
            }
        }
        sys::rt::exit(0)
    }

    /// split_file.
    fn split_file(&mut self, controls: &[Control]) -> ! {
        for p in controls {
            let mut j = 0;
            while p.repeat_forever || j <= p.repeat {
                if p.re.is_some() {
                    self.process_regexp(p, j);
                } else {
                    self.process_line_count(p, j);
                }
                j += 1;
            }
        }
        self.create_output_file();
        self.dump_rest_of_file();
        self.close_output_file();
        self.finish()
    }
}

fn repetition_note(m: &mut Vec<u8>, repetition: i64) {
    if repetition != 0 {
        m.extend_from_slice(b" on repetition ");
        let mut tmp = [0u8; 20];
        m.extend_from_slice(logic::digits::u64_dec(repetition as u64, &mut tmp));
    }
    m.push(b'\n');
}

/// A regexp pattern `/RE/[OFFSET]` or `%RE%[OFFSET]`.
fn extract_regexp(args: &[&[u8]], argnum: usize, ignore: bool) -> Control {
    let s = args[argnum];
    let delim = s[0];
    let Some(close) = s[1..].iter().rposition(|&b| b == delim).map(|i| i + 1) else {
        let mut m = s.to_vec();
        m.extend_from_slice(b": closing delimiter '");
        m.push(delim);
        m.extend_from_slice(b"' missing");
        die(&[&m], None)
    };
    let re = match Regex::new_in_locale(&s[1..close], Syntax::Basic, sys::env::utf8_locale()) {
        Ok(r) => r,
        Err(e) => die(
            &[&quote(s), b": invalid regular expression: ", e.as_bytes()],
            None,
        ),
    };
    let mut offset = 0;
    if close + 1 < s.len() {
        match logic::num::parse_i64(&s[close + 1..]) {
            Ok(n) => offset = n,
            Err(_) => die(&[&quote(s), b": integer expected after delimiter"], None),
        }
    }
    Control {
        offset,
        lines_required: 0,
        repeat: 0,
        argnum,
        repeat_forever: false,
        ignore,
        re: Some(re),
    }
}

/// parse_patterns: the patterns and their repeat counts.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse_patterns(args: &[&'static [u8]], start: usize) -> Vec<Control> {
    let mut controls = Vec::new();
    let mut last_val = 0u64;
    let mut i = start;
    while i < args.len() {
        let a = args[i];
        let mut p = if a.first().is_some_and(|&c| c == b'/' || c == b'%') {
            extract_regexp(args, i, a[0] == b'%')
        } else {
            let val = match logic::num::xstrtoumax(a, b"") {
                (v, _, None) if v <= i64::MAX as u64 => v,
                _ => die(&[&quote(a), b": invalid pattern"], None),
            };
            if val == 0 {
                die(&[a, b": line number must be greater than zero"], None);
            }
            if val < last_val {
                let mut tmp = [0u8; 20];
                die(
                    &[
                        b"line number ",
                        &quote(a),
                        b" is smaller than preceding line number, ",
                        logic::digits::u64_dec(last_val, &mut tmp),
                    ],
                    None,
                );
            }
            if val == last_val {
                error(
                    &[
                        b"warning: line number ",
                        &quote(a),
                        b" is the same as preceding line number",
                    ],
                    None,
                );
            }
            last_val = val;
            Control {
                offset: 0,
                lines_required: val as i64,
                repeat: 0,
                argnum: i,
                repeat_forever: false,
                ignore: false,
                re: None,
            }
        };
        if args.get(i + 1).is_some_and(|n| n.first() == Some(&b'{')) {
            i += 1;
            let r = args[i];
            if r.last() != Some(&b'}') {
                die(&[&quote(r), b": '}' is required in repeat count"], None);
            }
            let body = &r[1..r.len() - 1];
            if body == b"*" {
                p.repeat_forever = true;
            } else {
                match logic::num::xstrtoumax(body, b"") {
                    (v, _, None) if v <= i64::MAX as u64 => p.repeat = v as i64,
                    _ => die(
                        &[
                            &quote(&r[..r.len() - 1]),
                            b"}: integer required between '{' and '}'",
                        ],
                        None,
                    ),
                }
            }
        }
        controls.push(p);
        i += 1;
    }
    controls
}

/// max_out's checks of a -b FORMAT, and its parts.
fn suffix_format(f: &[u8]) -> Suffix {
    let mut head = Vec::new();
    let mut i = 0;
    let mut found: Option<(logic::float::Spec, bool)> = None;
    let mut tail = Vec::new();
    while i < f.len() {
        let c = f[i];
        if c == b'%' && f.get(i + 1) == Some(&b'%') {
            if found.is_some() {
                &mut tail
            } else {
                &mut head
            }
            .push(b'%');
            i += 2;
            continue;
        }
        if c != b'%' {
            if found.is_some() {
                &mut tail
            } else {
                &mut head
            }
            .push(c);
            i += 1;
            continue;
        }
        if found.is_some() {
            die(&[b"too many % conversion specifications in suffix"], None);
        }
        i += 1;
        let mut spec = logic::float::Spec::default();
        let (mut thousands, mut alt) = (false, false);
        while let Some(&c) = f.get(i) {
            match c {
                b'-' => spec.left = true,
                b'0' => spec.zero = true,
                b'\'' => thousands = true,
                b'#' => alt = true,
                _ => break,
            }
            i += 1;
        }
        let num = |i: &mut usize| {
            let mut n = 0usize;
            while let Some(d) = f.get(*i).filter(|d| d.is_ascii_digit()) {
                n = n.saturating_mul(10).saturating_add((d - b'0') as usize);
                *i += 1;
            }
            n
        };
        spec.width = num(&mut i);
        if f.get(i) == Some(&b'.') {
            i += 1;
            spec.precision = Some(num(&mut i));
        }
        let Some(&ch) = f.get(i) else {
            die(&[b"missing conversion specifier in suffix"], None)
        };
        let compatible_alt = match ch {
            b'd' | b'i' | b'u' => false,
            b'o' | b'x' | b'X' => true,
            0 => die(&[b"missing conversion specifier in suffix"], None),
            _ if (0x20..0x7f).contains(&ch) => {
                die(&[b"invalid conversion specifier in suffix: ", &[ch]], None)
            }
            _ => {
                let o = [
                    b'\\',
                    b'0' + (ch >> 6),
                    b'0' + ((ch >> 3) & 7),
                    b'0' + (ch & 7),
                ];
                die(&[b"invalid conversion specifier in suffix: ", &o], None)
            }
        };
        if (alt && !compatible_alt) || (thousands && compatible_alt) {
            let flag = if alt && !compatible_alt { b'#' } else { b'\'' };
            die(
                &[b"invalid flags in conversion specification: %", &[flag, ch]],
                None,
            );
        }
        spec.alt = alt;
        spec.conv = if ch == b'u' { b'd' } else { ch };
        found = Some((spec, thousands));
        i += 1;
    }
    let Some((spec, thousands)) = found else {
        die(&[b"missing % conversion specification in suffix"], None)
    };
    Suffix {
        head,
        spec,
        thousands,
        tail,
    }
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    let (mut prefix, mut suffix_arg, mut digits): (&'static [u8], Option<&'static [u8]>, usize) =
        (b"xx", None, 2);
    let (mut suppress_count, mut remove_files, mut elide, mut suppress_matched) =
        (false, true, false, false);
    while let Some(o) = opts.next() {
        match o.key {
            'f' => prefix = o.arg.unwrap_or_default(),
            'b' => suffix_arg = o.arg,
            'k' => remove_files = false,
            'n' => {
                digits = crate::shared::cli::int_or_die(
                    o.arg.unwrap_or_default(),
                    0,
                    i32::MAX as i64,
                    b"invalid number",
                ) as usize
            }
            's' | 'q' => suppress_count = true,
            'z' => elide = true,
            opt::SUPPRESS_MATCHED => suppress_matched = true,
            _ => {}
        }
    }
    let ops = opts.operands();
    if ops.len() < 2 {
        match ops.last() {
            None => error(&[b"missing operand"], None),
            Some(l) => error(&[b"missing operand after ", &quote(l)], None),
        }
        try_help(&SPEC);
    }
    let suffix = suffix_arg.map(suffix_format);
    let name = ops[0];
    let input = Input::open(name)
        .unwrap_or_else(|e| die(&[b"cannot open ", &quoteaf(name), b" for reading"], Some(e)));
    // Patterns quote themselves by their index in the operands.
    let controls = parse_patterns(&ops, 1);
    let mut c = Csplit {
        args: alloc::boxed::Box::leak(ops.into_boxed_slice()),
        prefix,
        suffix,
        digits,
        suppress_count,
        remove_files,
        elide_empty_files: elide,
        suppress_matched,
        rec: Records::new(input.fd(), b'\n'),
        stdin: name == b"-",
        _input: input,
        lines: VecDeque::new(),
        first: 1,
        current_line: 0,
        files_created: 0,
        output: None,
        obuf: Vec::with_capacity(OBUF),
        output_filename: Vec::new(),
        bytes_written: 0,
    };
    c.split_file(&controls)
}
