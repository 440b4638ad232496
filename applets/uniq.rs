// corebox applet
// name: uniq
// usage: [OPTION]... [INPUT [OUTPUT]]
// option: -c, --count
// option: -d, --repeated
// option: -D
// option: --all-repeated[=METHOD]
// option: --group[=METHOD]
// option: -f, --skip-fields=N
// option: -i, --ignore-case
// option: -s, --skip-chars=N
// option: -u, --unique
// option: -z, --zero-terminated
// option: -w, --check-chars=N
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
// Filter adjacent matching lines from INPUT (or standard input),
// writing to OUTPUT (or standard output).
//
// With no options, matching lines are merged to the first occurrence.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -c, --count           prefix lines by the number of occurrences
//   -d, --repeated        only print duplicate lines, one for each group
//   -D                    print all duplicate lines
//       --all-repeated[=METHOD]  like -D, but allow separating groups
//                                  with an empty line;
//                                  METHOD={none(default),prepend,separate}
//   -f, --skip-fields=N   avoid comparing the first N fields
//       --group[=METHOD]  show all items, separating groups with an empty line;
//                           METHOD={separate(default),prepend,append,both}
//   -i, --ignore-case     ignore differences in case when comparing
//   -s, --skip-chars=N    avoid comparing the first N characters
//   -u, --unique          only print unique lines
//   -z, --zero-terminated     line delimiter is NUL, not newline
//   -w, --check-chars=N   compare no more than N characters in lines
//       --help        display this help and exit
//       --version     output version information and exit
//
// A field is a run of blanks (usually spaces and/or TABs), then non-blank
// characters.  Fields are skipped before chars.
//
// Note: 'uniq' does not detect repeated lines unless they are adjacent.
// You may want to sort the input first, or use 'sort -u' without 'uniq'.

use super::{opt, SPEC};
use crate::shared::cli::{usage_error, OPERAND};
use crate::shared::diag::{die, quoteaf, quotef};
use alloc::vec::Vec;
use logic::linecmp;
use logic::memchr::memchr;
use sys::fs;
use sys::io::{error, out};
use sys::records::{chomp, Records};

/// Where empty lines go: --all-repeated uses None, Prepend and Separate,
/// --group all but None (one type, so one `choice` in the binary).
#[derive(Clone, Copy, PartialEq)]
enum Method {
    None,
    Prepend,
    Append,
    Separate,
    Both,
}

struct Config {
    /// No -f, -s or -w: the key is the whole line.
    whole_line: bool,
    skip_fields: usize,
    skip_chars: usize,
    check_chars: usize,
    fold: bool,
    delim: u8,
    unique: bool,
    first_repeated: bool,
    later_repeated: bool,
    count: bool,
    delimit: Method,
    group: Method,
}

impl Config {
    /// The part of a line (without its delimiter) that is compared.
    #[inline]
    fn key<'a>(&self, line: &'a [u8]) -> &'a [u8] {
        if self.whole_line {
            return line;
        }
        let k = linecmp::skip_fields_chars(line, self.skip_fields, self.skip_chars);
        &k[..k.len().min(self.check_chars)]
    }

    #[inline]
    fn same(&self, a: &[u8], b: &[u8]) -> bool {
        linecmp::equal(self.key(a), self.key(b), self.fold)
    }

    /// Writes `line` when the options say so; `repeats` is how many lines
    /// matched it, `matched` whether the line after it did.
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn write(&self, line: &[u8], matched: bool, repeats: u64) {
        let wanted = if repeats == 0 {
            self.unique
        } else if !matched {
            self.first_repeated
        } else {
            self.later_repeated
        };
        if !wanted {
            return;
        }
        if self.count {
            let mut tmp = [0u8; 20];
            let n = logic::digits::u64_dec(repeats.saturating_add(1), &mut tmp);
            let mut field = [b' '; 28];
            let w = n.len().max(7);
            field[w - n.len()..w].copy_from_slice(n);
            out().write(&field[..w + 1]);
        }
        out().write(line);
        if line.last() != Some(&self.delim) {
            out().byte(self.delim);
        }
    }
}

/// `N` of -f, -s, -w: too large a number means "all" (SIZE_MAX).
fn size_arg(arg: &[u8], what: &[u8]) -> usize {
    use logic::num::{parse_size, SizeError};
    match parse_size(arg, b"") {
        Ok(n) => usize::try_from(n).unwrap_or(usize::MAX),
        Err(SizeError::Overflow) => usize::MAX,
        Err(_) => die(&[arg, b": ", what], None),
    }
}

/// POSIX 1003.1-2001 mode (`_POSIX2_VERSION=200112`), where `+N` is a file.
fn strict_posix2() -> bool {
    sys::env::var(b"_POSIX2_VERSION")
        .and_then(logic::num::parse_u64_dec)
        .is_some_and(|v| (200112..200809).contains(&v))
}

/// Everything is printed right away: the default (a line per group) and
/// --group (every line, groups delimited).
#[cfg_attr(corebox_opt, optimize(speed), rustc_align(64), inline(never))]
fn filter_plain(c: &Config, recs: &mut Records) {
    let d = c.delim;
    let mut saved: Vec<u8> = Vec::new();
    let mut have_prev = false;
    let mut printed_any = false;
    while let Some(block) = recs.next_chunk() {
        // The previous line, when it lies in this block.
        let mut prev: Option<(usize, usize)> = None;
        // Lines printed are copied in runs, not one by one.
        let mut run = 0;
        let mut pos = 0;
        while pos < block.len() {
            let end = memchr(d, &block[pos..]).map_or(block.len(), |i| pos + i);
            let line = &block[pos..end];
            let new_group = !have_prev || {
                let p = prev.map_or(&saved[..], |(a, b)| &block[a..b]);
                !c.same(p, line)
            };
            if new_group
                && match c.group {
                    Method::None => false,
                    Method::Prepend | Method::Both => true,
                    Method::Append | Method::Separate => printed_any,
                }
            {
                out().write(&block[run..pos]);
                out().byte(d);
                run = pos;
            }
            if new_group || c.group != Method::None {
                prev = Some((pos, end));
                have_prev = true;
                printed_any = true;
            } else {
                out().write(&block[run..pos]);
                run = (end + 1).min(block.len());
            }
            pos = end + 1;
        }
        out().write(&block[run..]);
        if block.last() != Some(&d) && run < block.len() {
            out().byte(d);
        }
        if let Some((a, b)) = prev {
            recs.save(a..b, &mut saved);
        }
        if !out().ok() {
            return;
        }
    }
    if printed_any && matches!(c.group, Method::Append | Method::Both) {
        out().byte(d);
    }
}

/// Lines are printed once their group is known: -c, -d, -D, -u.
#[cfg_attr(corebox_opt, optimize(speed), rustc_align(64), inline(never))]
fn filter_counting(c: &Config, recs: &mut Records) {
    let d = c.delim;
    let mut saved: Vec<u8> = Vec::new();
    let mut have_prev = false;
    let mut repeats: u64 = 0;
    let mut first_delimiter = true;
    while let Some(block) = recs.next_chunk() {
        let mut prev: Option<(usize, usize)> = None;
        let mut pos = 0;
        while pos < block.len() {
            let start = pos;
            let end = memchr(d, &block[pos..]).map_or(block.len(), |i| pos + i);
            let line = &block[start..end];
            // Lines are kept with their delimiter, to be written at once.
            pos = end + 1;
            let with_delim = (start, pos.min(block.len()));
            if !have_prev {
                have_prev = true;
                prev = Some(with_delim);
                continue;
            }
            let p = prev.map_or(&saved[..], |(a, b)| &block[a..b]);
            let matched = c.same(chomp(p, d), line);
            if matched {
                repeats = repeats.saturating_add(1);
            }
            if c.delimit != Method::None {
                if !matched {
                    if repeats > 0 {
                        first_delimiter = false;
                    }
                } else if repeats == 1 && (c.delimit == Method::Prepend || !first_delimiter) {
                    out().byte(d);
                }
            }
            if !matched || c.later_repeated {
                c.write(p, matched, repeats);
                prev = Some(with_delim);
                if !matched {
                    repeats = 0;
                }
            }
        }
        if let Some((a, b)) = prev {
            recs.save(a..b, &mut saved);
        }
        if !out().ok() {
            return;
        }
    }
    if have_prev {
        c.write(&saved, false, repeats);
    }
}

/// The INPUT and OUTPUT operands (at most two).
#[derive(Default)]
struct Operands(Vec<&'static [u8]>);

impl Operands {
    fn add(&mut self, name: &'static [u8]) {
        if self.0.len() == 2 {
            crate::shared::cli::extra_operand(&SPEC, name);
        }
        self.0.push(name);
    }
}

/// The METHOD of --all-repeated (none when not given).
fn all_repeated_method(arg: Option<&[u8]>) -> Method {
    let Some(m) = arg else { return Method::None };
    crate::shared::cli::choice(
        &SPEC,
        b"--all-repeated",
        m,
        &[
            (b"none", Method::None),
            (b"prepend", Method::Prepend),
            (b"separate", Method::Separate),
        ],
    )
}

/// The METHOD of --group (separate when not given).
fn group_method(arg: Option<&[u8]>) -> Method {
    let Some(m) = arg else {
        return Method::Separate;
    };
    crate::shared::cli::choice(
        &SPEC,
        b"--group",
        m,
        &[
            (b"prepend", Method::Prepend),
            (b"append", Method::Append),
            (b"separate", Method::Separate),
            (b"both", Method::Both),
        ],
    )
}

/// The obsolete -N: digits accumulate until -f starts over.
fn obsolete_fields_digit(c: &mut Config, continued: bool, digit: char) {
    if !continued {
        c.skip_fields = 0;
    }
    c.skip_fields = c
        .skip_fields
        .checked_mul(10)
        .and_then(|n| n.checked_add(digit as usize - '0' as usize))
        .unwrap_or(usize::MAX);
}

/// An operand met among the options: a file, or the obsolete `+N` (-s N).
fn operand(c: &mut Config, files: &mut Operands, arg: &'static [u8]) {
    match logic::num::parse_size(arg, b"") {
        Ok(n) if arg.first() == Some(&b'+') && !strict_posix2() => {
            c.skip_chars = usize::try_from(n).unwrap_or(usize::MAX)
        }
        _ => files.add(arg),
    }
}

/// The options and operands: the config, then INPUT and OUTPUT.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Operands) {
    let mut c = Config {
        whole_line: false,
        skip_fields: 0,
        skip_chars: 0,
        check_chars: usize::MAX,
        fold: false,
        delim: b'\n',
        unique: true,
        first_repeated: true,
        later_repeated: false,
        count: false,
        delimit: Method::None,
        group: Method::None,
    };
    let mut files = Operands::default();
    let mut fields_obsolete = false;
    // -c, -d, -D or -u, which --group excludes.
    let mut output_option = false;
    let posix = sys::env::posixly_correct();
    let mut opts = crate::shared::cli::parse_in_order(&SPEC, &args[1.min(args.len())..]);
    let mut after_options = true;
    loop {
        if posix && !files.0.is_empty() {
            // POSIX: everything after the first file is an operand.
            for a in opts.rest() {
                files.add(a);
            }
            after_options = false;
            break;
        }
        let Some(o) = opts.next() else { break };
        let arg = o.arg.unwrap_or(b"");
        output_option |= matches!(o.key, 'c' | 'd' | 'D' | 'u' | opt::ALL_REPEATED);
        match o.key {
            OPERAND => operand(&mut c, &mut files, arg),
            d @ '0'..='9' => {
                obsolete_fields_digit(&mut c, fields_obsolete, d);
                fields_obsolete = true;
            }
            'c' => c.count = true,
            'd' => c.unique = false,
            'D' | opt::ALL_REPEATED => {
                c.unique = false;
                c.later_repeated = true;
                c.delimit = all_repeated_method(o.arg);
            }
            opt::GROUP => c.group = group_method(o.arg),
            'f' => {
                fields_obsolete = false;
                c.skip_fields = size_arg(arg, b"invalid number of fields to skip");
            }
            'i' => c.fold = true,
            's' => c.skip_chars = size_arg(arg, b"invalid number of bytes to skip"),
            'u' => c.first_repeated = false,
            'w' => c.check_chars = size_arg(arg, b"invalid number of bytes to compare"),
            'z' => c.delim = 0,
            _ => crate::shared::cli::try_help(&SPEC),
        }
    }
    if after_options {
        for a in opts.operands() {
            files.add(a);
        }
    }
    if c.group != Method::None && output_option {
        usage_error(&SPEC, &[b"--group is mutually exclusive with -c/-d/-D/-u"]);
    }
    if c.count && c.later_repeated {
        usage_error(
            &SPEC,
            &[b"printing all duplicated lines and repeat counts is meaningless"],
        );
    }
    c.whole_line = c.skip_fields == 0 && c.skip_chars == 0 && c.check_chars == usize::MAX;
    (c, files)
}

/// Filters INPUT to OUTPUT (`-` or none: the standard ones).
fn run(c: &Config, files: &Operands) -> i32 {
    let input = files.0.first().copied().unwrap_or(b"-");
    let output = files.0.get(1).copied().unwrap_or(b"-");
    let Some(inp) = crate::shared::files::open_or_report(input) else {
        return 1;
    };
    if output != b"-" {
        if let Err(e) = fs::reopen_stdout(output) {
            error(&[&quotef(output)], Some(e));
            return 1;
        }
    }
    fs::advise_sequential(inp.fd());
    let mut recs = Records::with_capacity(inp.fd(), c.delim, 256 * 1024);
    if c.unique && c.first_repeated && !c.count {
        filter_plain(c, &mut recs);
    } else {
        filter_counting(c, &mut recs);
    }
    // GNU's message names no cause here.
    if recs.error().is_some() || (inp.is_stdin() && sys::io::close_stdin().is_err()) {
        error(&[b"error reading ", &quoteaf(input)], None);
        return 1;
    }
    0
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (c, files) = parse(args);
    run(&c, &files)
}
