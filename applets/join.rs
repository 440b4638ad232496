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
use alloc::vec::Vec;
use core::cmp::Ordering;
use corebox_core::linecmp;
use crate::shared::cli::{usage_error, OPERAND};
use crate::shared::diag::{quote, quoteaf};
use sys::fs::{self, Input};
use sys::io::{error, out};
use sys::records::{chomp, Records};

fn die(parts: &[&[u8]]) -> ! {
    error(parts, None);
    sys::rt::exit(1)
}

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
enum Spec {
    Join,
    Field(usize, usize),
}

struct Join {
    tab: Option<u8>,
    fold: bool,
    delim: u8,
    empty: Option<&'static [u8]>,
    format: Vec<Spec>,
    auto: bool,
    check: Check,
    pairs: bool,
    seen_unpairable: bool,
    /// --header: the first lines are joined unchecked.
    header: bool,
    /// The output line being built.
    line: Vec<u8>,
}

impl Join {
    /// Reads the next line of `f` into `line`, checking its order after
    /// `prev`, the line read before; false at the end.
    fn get_line(&self, f: &mut File, line: &mut Line, prev: &Line) -> bool {
        let Some(rec) = f.reader.next() else {
            if let Some(e) = f.reader.error() {
                error(&[b"read error"], Some(e));
                sys::rt::exit(1);
            }
            return false;
        };
        line.text.clear();
        line.text.extend_from_slice(chomp(rec, self.delim));
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
        let n = corebox_core::fmt::u64_dec(f.line_no, &mut tmp);
        error(&[f.name, b":", n, b": is not sorted: ", text], None);
        if self.check == Check::Enabled {
            sys::rt::exit(1);
        }
        f.warned = true;
    }

    fn sep(&self) -> u8 {
        self.tab.unwrap_or(b' ')
    }

    /// Field `n` of `line`, or the -e filler when it is missing or empty.
    fn field(&mut self, line: Option<&Line>, n: usize) {
        let f = line.map_or(&[][..], |l| l.field(n));
        if !f.is_empty() {
            self.line.extend_from_slice(f);
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
            let plain = f.windows(2).all(|w| w[0].1 + 1 == w[1].0 && l.text[w[0].1] == sep)
                && (self.empty.is_none() || f.iter().all(|&(a, b)| a < b));
            if plain {
                self.line.push(sep);
                self.line.extend_from_slice(&l.text[f[0].0..f[f.len() - 1].1]);
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
        let (jl, jk) = if l1.is_none() { (l2, f[1].key) } else { (l1, f[0].key) };
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
                    Spec::Join => self.field(jl, jk),
                    Spec::Field(1, n) => self.field(l1, n),
                    Spec::Field(_, n) => self.field(l2, n),
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
        // The lines of each file that share a join field, plus the next one.
        let mut seq: [Vec<Line>; 2] = [Vec::new(), Vec::new()];
        let mut n = [0usize; 2];
        let none = Line::default();
        let mut spare = Line::default();
        for i in 0..2 {
            seq[i].push(Line::default());
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
        while n[0] > 0 && n[1] > 0 {
            match self.key_cmp(f, &seq[0][0], &seq[1][0]) {
                Ordering::Less => {
                    if f[0].unpaired {
                        self.print_unpaired(f, 0, &seq[0][0]);
                    }
                    n[0] = self.get_line(&mut f[0], &mut spare, &seq[0][0]) as usize;
                    core::mem::swap(&mut spare, &mut seq[0][0]);
                    self.seen_unpairable = true;
                    continue;
                }
                Ordering::Greater => {
                    if f[1].unpaired {
                        self.print_unpaired(f, 1, &seq[1][0]);
                    }
                    n[1] = self.get_line(&mut f[1], &mut spare, &seq[1][0]) as usize;
                    core::mem::swap(&mut spare, &mut seq[1][0]);
                    self.seen_unpairable = true;
                    continue;
                }
                Ordering::Equal => {}
            }
            // Read on while the lines match the other file's first one.
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
        // The rest of each file: its unpairable lines, and the order check.
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

/// A number as gnulib's xstrtoimax reads it (blanks, a sign, digits and
/// nothing after them): `Err(true)` when too large, `Err(false)` when not
/// a number (or too small: join then rejects it).
fn signed(arg: &[u8]) -> Result<i64, bool> {
    let s = arg.trim_ascii_start();
    let (neg, digits) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let n = corebox_core::num::parse_u64_dec(digits).ok_or_else(|| {
        !neg && !digits.is_empty() && digits.iter().all(u8::is_ascii_digit)
    })?;
    let n = i64::try_from(n).map_err(|_| !neg)?;
    Ok(if neg { -n } else { n })
}

/// A 1-based field number (`-1`, `-2`, `-j`, `-o 1.N`), made 0-based;
/// too large a number is the largest one.
fn field_number(arg: &[u8]) -> usize {
    match signed(arg) {
        Ok(n) if n > 0 => n as usize - 1,
        Err(true) => isize::MAX as usize - 1,
        _ => die(&[b"invalid field number: ", &quote(arg)]),
    }
}

/// Sets a join field, refusing a different one given before.
fn set_key(key: &mut Option<usize>, val: usize) {
    if let Some(k) = *key {
        if k != val {
            let (mut a, mut b) = ([0u8; 20], [0u8; 20]);
            let a = corebox_core::fmt::u64_dec(k as u64 + 1, &mut a);
            let b = corebox_core::fmt::u64_dec(val as u64 + 1, &mut b);
            die(&[b"incompatible join fields ", a, b", ", b]);
        }
    }
    *key = Some(val);
}

/// Adds the comma or blank separated field specs of `list` to `format`.
fn add_format(format: &mut Vec<Spec>, list: &[u8]) {
    for item in list.split(|b| b", \t".contains(b)) {
        let spec = match item.first() {
            Some(b'0') if item.len() == 1 => Spec::Join,
            Some(b'0') => die(&[b"invalid field specifier: ", &quote(item)]),
            Some(&d @ (b'1' | b'2')) => {
                if item.get(1) != Some(&b'.') {
                    die(&[b"invalid field specifier: ", &quote(item)]);
                }
                Spec::Field((d - b'0') as usize, field_number(&item[2..]))
            }
            _ => die(&[b"invalid file number in field spec: ", &quote(item)]),
        };
        format.push(spec);
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

struct Operands {
    names: Vec<&'static [u8]>,
    kinds: Vec<Operand>,
}

impl Operands {
    fn add(
        &mut self,
        name: &'static [u8],
        kind: Operand,
        keys: &mut [Option<usize>; 2],
        j_count: &mut [usize; 2],
        format: &mut Vec<Spec>,
    ) {
        if self.names.len() == 2 {
            let at = (self.kinds[0] == Operand::File) as usize;
            let arg = self.names[at];
            match self.kinds[at] {
                Operand::File => usage_error(&SPEC, &[b"extra operand ", &quoteaf(name)]),
                Operand::J1 => {
                    j_count[0] = j_count[0].saturating_sub(1);
                    set_key(&mut keys[0], field_number(arg));
                }
                Operand::J2 => {
                    j_count[1] = j_count[1].saturating_sub(1);
                    set_key(&mut keys[1], field_number(arg));
                }
                Operand::Format => add_format(format, arg),
            }
            self.names.remove(at);
            self.kinds.remove(at);
        }
        self.names.push(name);
        self.kinds.push(kind);
    }
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut j = Join {
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
    };
    let mut unpaired = [false; 2];
    let mut keys: [Option<usize>; 2] = [None, None];
    let mut j_count = [0usize; 2];
    let mut ops = Operands { names: Vec::new(), kinds: Vec::new() };
    let argv = &args[1.min(args.len())..];
    let mut opts = crate::shared::cli::parse_in_order(&SPEC, argv);
    let mut prev_kind = Operand::File;
    while let Some(o) = opts.next() {
        let arg = o.arg.unwrap_or(b"");
        let mut kind = Operand::File;
        match o.key {
            OPERAND => {
                if prev_kind == Operand::Format {
                    kind = Operand::Format;
                }
                ops.add(arg, prev_kind, &mut keys, &mut j_count, &mut j.format);
            }
            'a' | 'v' => {
                if o.key == 'v' {
                    j.pairs = false;
                }
                match signed(arg) {
                    Ok(1) => unpaired[0] = true,
                    Ok(2) => unpaired[1] = true,
                    _ => die(&[b"invalid field number: ", &quote(arg)]),
                }
            }
            'e' => {
                if j.empty.is_some_and(|e| e != arg) {
                    die(&[b"conflicting empty-field replacement strings"]);
                }
                j.empty = Some(arg);
            }
            'i' => j.fold = true,
            '1' => set_key(&mut keys[0], field_number(arg)),
            '2' => set_key(&mut keys[1], field_number(arg)),
            'j' => {
                // `-j1` / `-j2` written as one argument: maybe the obsolete
                // form whose field is the next operand.
                let attached = argv
                    .iter()
                    .any(|a| a.len() == 3 && a.as_ptr().wrapping_add(2) == arg.as_ptr());
                if attached && (arg == b"1" || arg == b"2") {
                    let i = (arg[0] - b'1') as usize;
                    j_count[i] += 1;
                    kind = if i == 0 { Operand::J1 } else { Operand::J2 };
                } else {
                    let k = field_number(arg);
                    set_key(&mut keys[0], k);
                    set_key(&mut keys[1], k);
                }
            }
            'o' => {
                if arg == b"auto" {
                    j.auto = true;
                } else {
                    add_format(&mut j.format, arg);
                    kind = Operand::Format;
                }
            }
            't' => {
                let t = match arg {
                    [] => b'\n',
                    [c] => *c,
                    b"\\0" => 0,
                    _ => die(&[b"multi-character tab ", &quote(arg)]),
                };
                if j.tab.is_some_and(|old| old != t) {
                    die(&[b"incompatible tabs"]);
                }
                j.tab = Some(t);
            }
            'z' => j.delim = 0,
            opt::CHECK_ORDER => j.check = Check::Enabled,
            opt::NOCHECK_ORDER => j.check = Check::Disabled,
            opt::HEADER => j.header = true,
            _ => crate::shared::cli::try_help(&SPEC),
        }
        prev_kind = kind;
    }
    for a in opts.operands() {
        ops.add(a, Operand::File, &mut keys, &mut j_count, &mut j.format);
    }
    if ops.names.len() != 2 {
        if ops.names.is_empty() {
            usage_error(&SPEC, &[b"missing operand"]);
        }
        usage_error(&SPEC, &[b"missing operand after ", &quote(argv.last().copied().unwrap_or(b""))]);
    }
    // A `-j1` or `-j2` that took no operand is `-j 1` or `-j 2`.
    for (i, &c) in j_count.iter().enumerate() {
        if c != 0 {
            set_key(&mut keys[0], i);
            set_key(&mut keys[1], i);
        }
    }
    let mut inputs: Vec<Input> = Vec::new();
    for &name in &ops.names {
        let Some(inp) = crate::shared::files::open_or_report(name) else {
            return 1;
        };
        fs::advise_sequential(inp.fd());
        inputs.push(inp);
    }
    if ops.names[0] == b"-" && ops.names[1] == b"-" {
        // GNU reports whatever errno its locale set-up left behind.
        let e = sys::env::utf8_locale().then_some(sys::Errno::NOENT);
        error(&[b"both files cannot be standard input"], e);
        return 1;
    }
    let file = |i: usize| File {
        name: ops.names[i],
        reader: Records::new(inputs[i].fd(), j.delim),
        key: keys[i].unwrap_or(0),
        line_no: 0,
        has_prev: false,
        warned: false,
        unpaired: unpaired[i],
        autocount: 0,
    };
    let mut files = [file(0), file(1)];
    j.run(&mut files);
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
