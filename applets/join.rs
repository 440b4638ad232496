// corebox applet
// name: join
// usage: [OPTION]... FILE1 FILE2
// option: -a FILENUM
// option: -e STRING
// option: -i, --ignore-case
// option: -j FIELD
// option: -o FORMAT
// option: -t CHAR
// option: -v FILENUM
// option: -1 FIELD
// option: -2 FIELD
// option: --check-order
// option: --nocheck-order
// option: --header
// option: -z, --zero-terminated
// help:
// For each pair of input lines with identical join fields, write a line to
// standard output.  The default join field is the first, delimited by blanks.
//
// When FILE1 or FILE2 (not both) is -, read standard input.
//
//   -a FILENUM             also print unpairable lines from file FILENUM, where
//                            FILENUM is 1 or 2, corresponding to FILE1 or FILE2
//   -e STRING              replace missing (empty) input fields with STRING;
//                            I.e., missing fields specified with '-12jo' options
//   -i, --ignore-case      ignore differences in case when comparing fields
//   -j FIELD               equivalent to '-1 FIELD -2 FIELD'
//   -o FORMAT              obey FORMAT while constructing output line
//   -t CHAR                use CHAR as input and output field separator
//   -v FILENUM             like -a FILENUM, but suppress joined output lines
//   -1 FIELD               join on this FIELD of file 1
//   -2 FIELD               join on this FIELD of file 2
//       --check-order      check that the input is correctly sorted, even
//                            if all input lines are pairable
//       --nocheck-order    do not check that the input is correctly sorted
//       --header           treat the first line in each file as field headers,
//                            print them without trying to pair them
//   -z, --zero-terminated  line delimiter is NUL, not newline
//       --help        display this help and exit
//       --version     output version information and exit
//
// Unless -t CHAR is given, leading blanks separate fields and are ignored,
// else fields are separated by CHAR.  Any FIELD is a field number counted
// from 1.  FORMAT is one or more comma or blank separated specifications,
// each being 'FILENUM.FIELD' or '0'.  Default FORMAT outputs the join field,
// the remaining fields from FILE1, the remaining fields from FILE2, all
// separated by CHAR.  If FORMAT is the keyword 'auto', then the first
// line of each file determines the number of fields output for each line.
//
// Important: FILE1 and FILE2 must be sorted on the join fields.
// E.g., use "sort -k 1b,1" if 'join' has no options,
// or use "join -t ''" if 'sort' has no options.
// Note, comparisons honor the rules specified by 'LC_COLLATE'.
// If the input is not sorted and some lines cannot be joined, a
// warning message will be given.

use super::{opt, SPEC};
use crate::shared::cli::{missing_operand, usage_error, OPERAND};
use crate::shared::diag::{die, quote, quoteaf};
use alloc::vec::Vec;
use core::cmp::Ordering;
use logic::linecmp;
use sys::fs::{self, Input};
use sys::io::{error, out};
use sys::records::Records;

/// A line (without its delimiter) and its fields.
#[derive(Default)]
struct Line {
    text: Vec<u8>,
    fields: Vec<(usize, usize)>,
}

impl Line {
    /// Field `n` (0-based), empty when missing.
    #[inline(always)]
    fn field(&self, n: usize) -> &[u8] {
        match self.fields.get(n) {
            Some(&(a, b)) => &self.text[a..b],
            None => b"",
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Check {
    Default,
    Enabled,
    Disabled,
}

/// One input file.
struct File {
    name: &'static [u8],
    reader: Records,
    /// Join field, 0-based.
    key: usize,
    /// Lines read so far (for the disorder diagnostic).
    line_no: u64,
    /// A line was read before (and not a header): check the order.
    has_prev: bool,
    warned: bool,
    /// Print its unpairable lines (-a, -v).
    unpaired: bool,
    /// The number of fields -o auto gives its lines.
    autocount: usize,
}

/// What goes into an output line: `Join` is the join field (`0` in -o).
#[derive(Clone, Copy)]
enum OutField {
    Join,
    Field(usize, usize),
}

struct Join {
    tab: Option<u8>,
    fold: bool,
    delim: u8,
    empty: Option<&'static [u8]>,
    format: Vec<OutField>,
    auto: bool,
    check: Check,
    pairs: bool,
    seen_unpairable: bool,
    /// --header: the first lines are joined unchecked.
    header: bool,
    /// The output line being built.
    line: Vec<u8>,
}

/// Appends `data` to the output line being gathered in `line`; a long
/// field goes out at once after what is gathered (not copied: a long
/// line is held once, in its input buffer).
fn put(line: &mut Vec<u8>, data: &[u8]) {
    if data.len() < 64 * 1024 {
        line.extend_from_slice(data);
    } else {
        out().write(line);
        line.clear();
        out().write(data);
    }
}

impl Join {
    /// Reads the next line of `f` into `line`, checking its order after
    /// `prev`, the line read before; false at the end.
    fn get_line(&self, f: &mut File, line: &mut Line, prev: &Line) -> bool {
        line.text.clear();
        if !f.reader.next_into(&mut line.text) {
            if let Some(e) = f.reader.error() {
                die(&[b"read error"], Some(e));
            }
            return false;
        }
        f.line_no += 1;
        match self.tab {
            // `-t ''`: the whole line is the one field.
            Some(b'\n') => {
                line.fields.clear();
                if !line.text.is_empty() {
                    line.fields.push((0, line.text.len()));
                }
            }
            t => linecmp::split_fields(&line.text, t, &mut line.fields),
        }
        if f.has_prev
            && !f.warned
            && (self.check == Check::Enabled
                || (self.check == Check::Default && self.seen_unpairable))
            && linecmp::compare(prev.field(f.key), line.field(f.key), self.fold)
                == Ordering::Greater
        {
            self.disorder(f, &line.text);
        }
        f.has_prev = true;
        true
    }

    /// `join: FILE:LINE: is not sorted: TEXT`: the name raw, the text up
    /// to a NUL (GNU prints it with %s).
    fn disorder(&self, f: &mut File, text: &[u8]) {
        let text = text.split(|&b| b == 0).next().unwrap_or(b"");
        let mut tmp = [0u8; 20];
        let n = logic::digits::u64_dec(f.line_no, &mut tmp);
        let message = [f.name, b":", n, b": is not sorted: ", text];
        if self.check == Check::Enabled {
            die(&message, None);
        }
        error(&message, None);
        f.warned = true;
    }

    fn sep(&self) -> u8 {
        self.tab.unwrap_or(b' ')
    }

    /// Field `n` of `line`, or the -e filler when it is missing or empty.
    fn field(&mut self, line: Option<&Line>, n: usize) {
        let f = line.map_or(&[][..], |l| l.field(n));
        if !f.is_empty() {
            put(&mut self.line, f);
        } else if let Some(e) = self.empty {
            self.line.extend_from_slice(e);
        }
    }

    /// The fields of `line` but its join field `key`, each after a separator.
    fn other_fields(&mut self, line: Option<&Line>, key: usize, autocount: usize) {
        let n = if self.auto {
            autocount
        } else {
            line.map_or(0, |l| l.fields.len())
        };
        self.fields(line, 0, key.min(n));
        self.fields(line, key.saturating_add(1), n);
    }

    /// Fields `from..to` of `line`, each after a separator; in one copy
    /// when the line has them that way already (single separators, no
    /// empty field to fill).
    fn fields(&mut self, line: Option<&Line>, from: usize, to: usize) {
        if from >= to {
            return;
        }
        if let Some(l) = line.filter(|l| to <= l.fields.len()) {
            let sep = self.sep();
            let f = &l.fields[from..to];
            let plain = f
                .windows(2)
                .all(|w| w[0].1 + 1 == w[1].0 && l.text[w[0].1] == sep)
                && (self.empty.is_none() || f.iter().all(|&(a, b)| a < b));
            if plain {
                self.line.push(sep);
                put(&mut self.line, &l.text[f[0].0..f[f.len() - 1].1]);
                return;
            }
        }
        for i in from..to {
            self.line.push(self.sep());
            self.field(line, i);
        }
    }

    /// Writes the output line for `l1` and `l2` (None: an unpaired line).
    fn print(&mut self, f: &[File; 2], l1: Option<&Line>, l2: Option<&Line>) {
        self.line.clear();
        let (jl, jk) = if l1.is_none() {
            (l2, f[1].key)
        } else {
            (l1, f[0].key)
        };
        if self.format.is_empty() {
            self.field(jl, jk);
            self.other_fields(l1, f[0].key, f[0].autocount);
            self.other_fields(l2, f[1].key, f[1].autocount);
        } else {
            for i in 0..self.format.len() {
                if i > 0 {
                    self.line.push(self.sep());
                }
                match self.format[i] {
                    OutField::Join => self.field(jl, jk),
                    OutField::Field(1, n) => self.field(l1, n),
                    OutField::Field(_, n) => self.field(l2, n),
                }
            }
        }
        self.line.push(self.delim);
        out().write(&self.line);
    }

    fn print_unpaired(&mut self, f: &[File; 2], i: usize, l: &Line) {
        if i == 0 {
            self.print(f, Some(l), None)
        } else {
            self.print(f, None, Some(l))
        }
    }

    #[inline(always)]
    fn key_cmp(&self, f: &[File; 2], a: &Line, b: &Line) -> Ordering {
        linecmp::compare(a.field(f[0].key), b.field(f[1].key), self.fold)
    }

    fn run(&mut self, f: &mut [File; 2]) {
        // The lines of each file that share a join field, plus the next
        // one; `n[i]` of them are read, 0 once file `i` is at its end.
        let mut seq: [Vec<Line>; 2] = [alloc::vec![Line::default()], alloc::vec![Line::default()]];
        let mut n = [0usize; 2];
        self.first_lines(f, &mut seq, &mut n);
        let mut spare = Line::default();
        while n[0] > 0 && n[1] > 0 {
            match self.key_cmp(f, &seq[0][0], &seq[1][0]) {
                Ordering::Less => n[0] = self.unpairable(f, 0, &mut seq[0][0], &mut spare) as usize,
                Ordering::Greater => {
                    n[1] = self.unpairable(f, 1, &mut seq[1][0], &mut spare) as usize
                }
                Ordering::Equal => self.join_group(f, &mut seq, &mut n),
            }
        }
        self.rest(f, &mut seq, &n);
    }

    /// Reads the first line of each file; -o auto takes its field
    /// counts from them, and --header prints them as the header line.
    fn first_lines(&mut self, f: &mut [File; 2], seq: &mut [Vec<Line>; 2], n: &mut [usize; 2]) {
        let none = Line::default();
        for i in 0..2 {
            n[i] = self.get_line(&mut f[i], &mut seq[i][0], &none) as usize;
        }
        if self.auto {
            for i in 0..2 {
                f[i].autocount = if n[i] > 0 { seq[i][0].fields.len() } else { 0 };
            }
        }
        if self.header && (n[0] > 0 || n[1] > 0) {
            let (h1, h2) = (n[0] > 0, n[1] > 0);
            self.print(f, h1.then(|| &seq[0][0]), h2.then(|| &seq[1][0]));
            for i in 0..2 {
                f[i].has_prev = false;
                if n[i] > 0 {
                    n[i] = self.get_line(&mut f[i], &mut seq[i][0], &none) as usize;
                }
            }
        }
    }

    /// Line `cur` of file `i` pairs with nothing: printed if asked, and
    /// replaced by the next line (`spare` takes the old one); false at the end.
    fn unpairable(
        &mut self,
        f: &mut [File; 2],
        i: usize,
        cur: &mut Line,
        spare: &mut Line,
    ) -> bool {
        if f[i].unpaired {
            self.print_unpaired(f, i, cur);
        }
        let more = self.get_line(&mut f[i], spare, cur);
        core::mem::swap(spare, cur);
        self.seen_unpairable = true;
        more
    }

    /// The first lines of both files match: reads on while the lines match
    /// the other file's first one, prints the pairs, and keeps the line
    /// after each group as the next first one.
    fn join_group(&mut self, f: &mut [File; 2], seq: &mut [Vec<Line>; 2], n: &mut [usize; 2]) {
        let mut eof = [false; 2];
        for i in 0..2 {
            loop {
                if seq[i].len() == n[i] {
                    seq[i].push(Line::default());
                }
                let (s, other) = if i == 0 {
                    let (a, b) = seq.split_at_mut(1);
                    (&mut a[0], &b[0])
                } else {
                    let (a, b) = seq.split_at_mut(1);
                    (&mut b[0], &a[0])
                };
                let (read, next) = s.split_at_mut(n[i]);
                if !self.get_line(&mut f[i], &mut next[0], &read[n[i] - 1]) {
                    eof[i] = true;
                    break;
                }
                n[i] += 1;
                let last = &s[n[i] - 1];
                let o = if i == 0 {
                    self.key_cmp(f, last, &other[0])
                } else {
                    self.key_cmp(f, &other[0], last)
                };
                if o != Ordering::Equal {
                    break;
                }
            }
        }
        // Without the end reached, the last line read starts the next group.
        let groups = [n[0] - !eof[0] as usize, n[1] - !eof[1] as usize];
        if self.pairs {
            for a in &seq[0][..groups[0]] {
                for b in &seq[1][..groups[1]] {
                    self.print(f, Some(a), Some(b));
                }
            }
        }
        for i in 0..2 {
            if eof[i] {
                n[i] = 0;
            } else {
                seq[i].swap(0, n[i] - 1);
                n[i] = 1;
            }
        }
    }

    /// The rest of each file once the other is at its end: its unpairable
    /// lines, and the order check.
    fn rest(&mut self, f: &mut [File; 2], seq: &mut [Vec<Line>; 2], n: &[usize; 2]) {
        let check_tail = self.check != Check::Disabled && !(f[0].warned && f[1].warned);
        let mut line = Line::default();
        for i in 0..2 {
            if !((f[i].unpaired || check_tail) && n[i] > 0) {
                continue;
            }
            if f[i].unpaired {
                self.print_unpaired(f, i, &seq[i][0]);
            }
            if n[1 - i] > 0 {
                self.seen_unpairable = true;
            }
            let mut last = core::mem::take(&mut seq[i][0]);
            while self.get_line(&mut f[i], &mut line, &last) {
                if f[i].unpaired {
                    self.print_unpaired(f, i, &line);
                }
                core::mem::swap(&mut line, &mut last);
                if f[i].warned && !f[i].unpaired {
                    break;
                }
            }
        }
    }
}

/// Why an argument is not a number join takes.
#[derive(PartialEq)]
enum BadNumber {
    TooLarge,
    /// Not a number, or too small (join rejects it either way).
    Invalid,
}

/// A number as gnulib's xstrtoimax reads it (blanks, a sign, digits and
/// nothing after them).
fn signed(arg: &[u8]) -> Result<i64, BadNumber> {
    let s = arg.trim_ascii_start();
    let (neg, digits) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let Some(n) = logic::num::parse_u64_dec(digits) else {
        let too_large = !neg && !digits.is_empty() && digits.iter().all(u8::is_ascii_digit);
        return Err(if too_large {
            BadNumber::TooLarge
        } else {
            BadNumber::Invalid
        });
    };
    match i64::try_from(n) {
        Ok(n) if neg => Ok(-n),
        Ok(n) => Ok(n),
        Err(_) if neg => Err(BadNumber::Invalid),
        Err(_) => Err(BadNumber::TooLarge),
    }
}

/// A 1-based field number (`-1`, `-2`, `-j`, `-o 1.N`), made 0-based;
/// too large a number is the largest one.
fn field_number(arg: &[u8]) -> usize {
    match signed(arg) {
        Ok(n) if n > 0 => n as usize - 1,
        Err(BadNumber::TooLarge) => isize::MAX as usize - 1,
        _ => die(&[b"invalid field number: ", &quote(arg)], None),
    }
}

/// The file (0 or 1) of `-a FILENUM` and `-v FILENUM`.
fn file_number(arg: &[u8]) -> usize {
    match signed(arg) {
        Ok(1) => 0,
        Ok(2) => 1,
        _ => die(&[b"invalid field number: ", &quote(arg)], None),
    }
}

/// The separator of `-t CHAR`: `-t ''` (the whole line is one field)
/// is given as `\n`, which can never be in a line.
fn tab_char(arg: &[u8]) -> u8 {
    match arg {
        [] => b'\n',
        [c] => *c,
        b"\\0" => 0,
        _ => die(&[b"multi-character tab ", &quote(arg)], None),
    }
}

/// Sets a join field, refusing a different one given before.
fn set_key(key: &mut Option<usize>, val: usize) {
    if let Some(k) = *key {
        if k != val {
            let (mut a, mut b) = ([0u8; 20], [0u8; 20]);
            let a = logic::digits::u64_dec(k as u64 + 1, &mut a);
            let b = logic::digits::u64_dec(val as u64 + 1, &mut b);
            die(&[b"incompatible join fields ", a, b", ", b], None);
        }
    }
    *key = Some(val);
}

/// Adds the comma or blank separated field specs of `list` to `format`.
fn add_format(format: &mut Vec<OutField>, list: &[u8]) {
    for item in list.split(|b| b", \t".contains(b)) {
        let field = match item.first() {
            Some(b'0') if item.len() == 1 => OutField::Join,
            Some(b'0') => die(&[b"invalid field specifier: ", &quote(item)], None),
            Some(&d @ (b'1' | b'2')) => {
                if item.get(1) != Some(&b'.') {
                    die(&[b"invalid field specifier: ", &quote(item)], None);
                }
                OutField::Field((d - b'0') as usize, field_number(&item[2..]))
            }
            _ => die(
                &[b"invalid file number in field spec: ", &quote(item)],
                None,
            ),
        };
        format.push(field);
    }
}

/// What an operand may turn out to be: GNU's obsolete `-j1 N`, `-j2 N`
/// and `-o LIST LIST...` take the operands that follow them when there
/// are more than two.
#[derive(Clone, Copy, PartialEq)]
enum Operand {
    File,
    J1,
    J2,
    Format,
}

/// The command line: the join to do, and its files.
struct Config {
    join: Join,
    names: Vec<&'static [u8]>,
    /// What each of `names` may still turn out to be.
    kinds: Vec<Operand>,
    keys: [Option<usize>; 2],
    /// Obsolete `-j1`/`-j2` still waiting for their operand.
    j_count: [usize; 2],
    unpaired: [bool; 2],
}

impl Config {
    /// Adds an operand; with two there already, the older of them that
    /// is an option's argument is taken as that, else it is one too many.
    fn add_operand(&mut self, name: &'static [u8], kind: Operand) {
        if self.names.len() == 2 {
            let at = (self.kinds[0] == Operand::File) as usize;
            let arg = self.names[at];
            match self.kinds[at] {
                Operand::File => usage_error(&SPEC, &[b"extra operand ", &quoteaf(name)]),
                Operand::J1 => {
                    self.j_count[0] = self.j_count[0].saturating_sub(1);
                    set_key(&mut self.keys[0], field_number(arg));
                }
                Operand::J2 => {
                    self.j_count[1] = self.j_count[1].saturating_sub(1);
                    set_key(&mut self.keys[1], field_number(arg));
                }
                Operand::Format => add_format(&mut self.join.format, arg),
            }
            self.names.remove(at);
            self.kinds.remove(at);
        }
        self.names.push(name);
        self.kinds.push(kind);
    }

    /// `-j FIELD`; `-j1` / `-j2` written as one argument may be the
    /// obsolete form whose field is a later operand: then its kind.
    fn j_option(&mut self, argv: &[&[u8]], arg: &[u8]) -> Operand {
        let attached = argv
            .iter()
            .any(|a| a.len() == 3 && a.as_ptr().wrapping_add(2) == arg.as_ptr());
        if attached && (arg == b"1" || arg == b"2") {
            let i = (arg[0] - b'1') as usize;
            self.j_count[i] += 1;
            return if i == 0 { Operand::J1 } else { Operand::J2 };
        }
        let k = field_number(arg);
        set_key(&mut self.keys[0], k);
        set_key(&mut self.keys[1], k);
        Operand::File
    }

    /// One option (or an operand among them), given what the previous
    /// argument left the next operand to be; returns that for this one.
    fn option(
        &mut self,
        o: crate::shared::cli::Opt<'static>,
        prev: Operand,
        argv: &[&[u8]],
    ) -> Operand {
        let arg = o.arg.unwrap_or(b"");
        let j = &mut self.join;
        match o.key {
            OPERAND => {
                self.add_operand(arg, prev);
                if prev == Operand::Format {
                    return Operand::Format;
                }
            }
            'a' => self.unpaired[file_number(arg)] = true,
            'v' => {
                j.pairs = false;
                self.unpaired[file_number(arg)] = true;
            }
            'e' => {
                if j.empty.is_some_and(|e| e != arg) {
                    die(&[b"conflicting empty-field replacement strings"], None);
                }
                j.empty = Some(arg);
            }
            'i' => j.fold = true,
            '1' => set_key(&mut self.keys[0], field_number(arg)),
            '2' => set_key(&mut self.keys[1], field_number(arg)),
            'j' => return self.j_option(argv, arg),
            'o' if arg == b"auto" => j.auto = true,
            'o' => {
                add_format(&mut j.format, arg);
                return Operand::Format;
            }
            't' => {
                let t = tab_char(arg);
                if j.tab.is_some_and(|old| old != t) {
                    die(&[b"incompatible tabs"], None);
                }
                j.tab = Some(t);
            }
            'z' => j.delim = 0,
            opt::CHECK_ORDER => j.check = Check::Enabled,
            opt::NOCHECK_ORDER => j.check = Check::Disabled,
            opt::HEADER => j.header = true,
            _ => crate::shared::cli::try_help(&SPEC),
        }
        Operand::File
    }
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> Config {
    let mut c = Config {
        join: Join {
            tab: None,
            fold: false,
            delim: b'\n',
            empty: None,
            format: Vec::new(),
            auto: false,
            check: Check::Default,
            pairs: true,
            seen_unpairable: false,
            line: Vec::new(),
            header: false,
        },
        names: Vec::new(),
        kinds: Vec::new(),
        keys: [None, None],
        j_count: [0, 0],
        unpaired: [false; 2],
    };
    let argv = &args[1.min(args.len())..];
    let mut opts = crate::shared::cli::parse_in_order(&SPEC, argv);
    let mut next_kind = Operand::File;
    while let Some(o) = opts.next() {
        next_kind = c.option(o, next_kind, argv);
    }
    for a in opts.operands() {
        c.add_operand(a, Operand::File);
    }
    if c.names.len() != 2 {
        if c.names.is_empty() {
            missing_operand(&SPEC);
        }
        let last = argv.last().copied().unwrap_or(b"");
        usage_error(&SPEC, &[b"missing operand after ", &quote(last)]);
    }
    // A `-j1` or `-j2` that took no operand is `-j 1` or `-j 2`.
    for (i, &n) in c.j_count.iter().enumerate() {
        if n != 0 {
            set_key(&mut c.keys[0], i);
            set_key(&mut c.keys[1], i);
        }
    }
    c
}

fn run(mut c: Config) -> i32 {
    let mut inputs: Vec<Input> = Vec::new();
    for &name in &c.names {
        let Some(inp) = crate::shared::files::open_or_report(name) else {
            return 1;
        };
        fs::advise_sequential(inp.fd());
        inputs.push(inp);
    }
    if c.names[0] == b"-" && c.names[1] == b"-" {
        // GNU reports whatever errno its locale set-up left behind.
        let e = sys::env::utf8_locale().then_some(sys::Errno::NOENT);
        error(&[b"both files cannot be standard input"], e);
        return 1;
    }
    let file = |i: usize| File {
        name: c.names[i],
        reader: Records::new(inputs[i].fd(), c.join.delim),
        key: c.keys[i].unwrap_or(0),
        line_no: 0,
        has_prev: false,
        warned: false,
        unpaired: c.unpaired[i],
        autocount: 0,
    };
    let mut files = [file(0), file(1)];
    c.join.run(&mut files);
    if inputs.iter().any(|i| i.is_stdin()) {
        if let Err(e) = sys::io::close_stdin() {
            error(&[b"-"], Some(e));
            return 1;
        }
    }
    if files[0].warned || files[1].warned {
        error(&[b"input is not in sorted order"], None);
        return 1;
    }
    0
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    run(parse(args))
}
