// corebox applet
// name: nl
// usage: [OPTION]... [FILE]...
// option: -b, --body-numbering=STYLE
// option: -d, --section-delimiter=CC
// option: -f, --footer-numbering=STYLE
// option: -h, --header-numbering=STYLE
// option: -i, --line-increment=NUMBER
// option: -l, --join-blank-lines=NUMBER
// option: -n, --number-format=FORMAT
// option: -p, --no-renumber
// option: -s, --number-separator=STRING
// option: -v, --starting-line-number=NUMBER
// option: -w, --number-width=NUMBER
// help:
// Write each FILE to standard output, with line numbers added.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -b, --body-numbering=STYLE      use STYLE for numbering body lines
//   -d, --section-delimiter=CC      use CC for logical page delimiters
//   -f, --footer-numbering=STYLE    use STYLE for numbering footer lines
//   -h, --header-numbering=STYLE    use STYLE for numbering header lines
//   -i, --line-increment=NUMBER     line number increment at each line
//   -l, --join-blank-lines=NUMBER   group of NUMBER empty lines counted as one
//   -n, --number-format=FORMAT      insert line numbers according to FORMAT
//   -p, --no-renumber               do not reset line numbers for each section
//   -s, --number-separator=STRING   add STRING after (possible) line number
//   -v, --starting-line-number=NUMBER  first line number for each section
//   -w, --number-width=NUMBER       use NUMBER columns for line numbers
//       --help        display this help and exit
//       --version     output version information and exit
//
// Default options are: -bt -d'\:' -fn -hn -i1 -l1 -n'rn' -s<TAB> -v1 -w6
//
// CC are two delimiter characters used to construct logical page delimiters;
// a missing second character implies ':'.  As a GNU extension one can specify
// more than two characters, and also specifying the empty string (-d '')
// disables section matching.
//
// STYLE is one of:
//
//   a      number all lines
//   t      number only nonempty lines
//   n      number no lines
//   pBRE   number only lines that contain a match for the basic regular
//          expression, BRE
//
// FORMAT is one of:
//
//   ln     left justified, no leading zeros
//   rn     right justified, no leading zeros
//   rz     right justified, leading zeros
//

use super::SPEC;
use alloc::vec::Vec;
use logic::regex::{Regex, Syntax};

use crate::shared::diag::{die, file_error, quote};
use crate::shared::files::{finish, open_or_report, or_stdin};
use sys::io::{error, out};
use sys::records::Records;

/// Which lines of a section get a number.
enum Style {
    All,
    NonEmpty,
    None,
    Matching(alloc::boxed::Box<Regex>),
}

#[derive(Clone, Copy, PartialEq)]
enum Format {
    Left,
    Right,
    Zeros,
}

/// The parts of a logical page, in the order of `Nl::styles` and
/// `Nl::delims`.
#[derive(Clone, Copy)]
enum Section {
    Header,
    Body,
    Footer,
}

const SECTIONS: [Section; 3] = [Section::Header, Section::Body, Section::Footer];

struct Nl {
    styles: [Style; 3],
    section: Section,
    delims: [Vec<u8>; 3],
    increment: i64,
    join_blank: i64,
    format: Format,
    renumber: bool,
    separator: &'static [u8],
    start: i64,
    width: usize,
    line_no: i64,
    overflow: bool,
    blanks: i64,
    prefix: Vec<u8>,
}

/// A numbering style, or None (after GNU's message) when it is not one.
fn style(arg: &'static [u8], what: &[u8]) -> Option<Style> {
    Some(match arg {
        b"a" => Style::All,
        b"t" => Style::NonEmpty,
        b"n" => Style::None,
        [b'p', re @ ..] => match Regex::new_in_locale(re, Syntax::Basic, sys::env::utf8_locale()) {
            Ok(r) => Style::Matching(alloc::boxed::Box::new(r)),
            Err(m) => die(&[m.as_bytes()], None),
        },
        _ => {
            error(
                &[b"invalid ", what, b" numbering style: ", &quote(arg)],
                None,
            );
            return None;
        }
    })
}

fn pad(n: usize, byte: u8) {
    let chunk = [byte; 64];
    let mut left = n;
    while left > 0 {
        let k = left.min(64);
        out().write(&chunk[..k]);
        left -= k;
    }
}

impl Nl {
    fn number(&mut self) {
        if self.overflow {
            die(&[b"line number overflow"], None);
        }
        let mut tmp = [0u8; 20];
        let digits = logic::digits::u64_dec(self.line_no.unsigned_abs(), &mut tmp);
        let neg = self.line_no < 0;
        let len = digits.len() + neg as usize;
        let fill = self.width.saturating_sub(len);
        // The number and separator go out in one write (widths up to a
        // sane size; wider ones are padded in chunks).
        let p = &mut self.prefix;
        p.clear();
        let pad = |p: &mut Vec<u8>, byte: u8| {
            if fill <= 256 {
                p.resize(p.len() + fill, byte);
            } else {
                out().write(p);
                p.clear();
                pad(fill, byte);
            }
        };
        match self.format {
            Format::Right => pad(p, b' '),
            Format::Zeros if neg => p.push(b'-'),
            _ => {}
        }
        if self.format == Format::Zeros {
            pad(p, b'0');
        } else if neg {
            p.push(b'-');
        }
        p.extend_from_slice(digits);
        if self.format == Format::Left {
            pad(p, b' ');
        }
        p.extend_from_slice(self.separator);
        out().write(p);
        match self.line_no.checked_add(self.increment) {
            Some(n) => self.line_no = n,
            None => self.overflow = true,
        }
    }

    /// Numbers (or not) one record; a last line without a newline gets one.
    fn line(&mut self, record: &[u8]) {
        let line = sys::records::chomp(record, b'\n');
        // A line that is exactly a section delimiter starts that section.
        if let Some(s) = self
            .delims
            .iter()
            .position(|d| d.len() >= 2 && line == &d[..])
        {
            self.section = SECTIONS[s];
            if self.renumber {
                // A new section starts the numbers afresh: an overflow of
                // the last one is forgotten (GNU's reset_lineno).
                self.overflow = false;
                self.line_no = self.start;
            }
            out().byte(b'\n');
            return;
        }
        let numbered = match &self.styles[self.section as usize] {
            Style::All if self.join_blank > 1 => {
                let yes = !line.is_empty() || {
                    self.blanks += 1;
                    self.blanks == self.join_blank
                };
                if yes {
                    self.blanks = 0;
                }
                yes
            }
            Style::All => true,
            Style::NonEmpty => !line.is_empty(),
            Style::None => false,
            Style::Matching(r) => r.is_match(line),
        };
        if numbered {
            self.number();
        } else {
            pad(self.width + self.separator.len(), b' ');
        }
        out().write(record);
        if line.len() == record.len() {
            out().byte(b'\n');
        }
    }
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (mut nl, files) = parse(args);
    let files = or_stdin(files);
    let mut ok = true;
    for &name in &files {
        ok &= nl.file(name);
    }
    finish(&files, ok)
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Nl, Vec<&'static [u8]>) {
    let mut nl = Nl {
        styles: [Style::None, Style::NonEmpty, Style::None],
        section: Section::Body,
        delims: [Vec::new(), Vec::new(), Vec::new()],
        increment: 1,
        join_blank: 1,
        format: Format::Right,
        renumber: true,
        separator: b"\t",
        start: 1,
        width: 6,
        line_no: 1,
        overflow: false,
        blanks: 0,
        prefix: Vec::new(),
    };
    let mut delim: &[u8] = b"\\:";
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    // As GNU's nl, every bad option is reported before the usage line.
    let mut ok = true;
    while let Some(o) = opts.next_or_bad() {
        match o {
            Some(o) if o.key == 'd' => delim = o.arg.unwrap_or(b""),
            Some(o) => ok &= nl.option(o.key, o.arg.unwrap_or(b"")),
            None => ok = false,
        }
    }
    if !ok {
        crate::shared::cli::try_help(&SPEC);
    }
    set_delimiters(&mut nl.delims, delim);
    nl.line_no = nl.start;
    (nl, opts.operands())
}

/// The lines that start a header, body and footer, from -d's characters:
/// one character means that character and ':'; none at all turns
/// sections off.
fn set_delimiters(delims: &mut [Vec<u8>; 3], chars: &[u8]) {
    let mut cc = chars.to_vec();
    if cc.len() == 1 {
        cc.push(b':');
    }
    if !cc.is_empty() {
        for (k, d) in delims.iter_mut().enumerate() {
            for _ in 0..3 - k {
                d.extend_from_slice(&cc);
            }
        }
    }
}

impl Nl {
    /// Takes one option (all but -d); false (after GNU's message) if its
    /// argument is bad.
    fn option(&mut self, key: char, a: &'static [u8]) -> bool {
        use crate::shared::cli::int_or_die;
        match key {
            'h' | 'b' | 'f' => {
                let (section, what): (Section, &[u8]) = match key {
                    'h' => (Section::Header, b"header"),
                    'b' => (Section::Body, b"body"),
                    _ => (Section::Footer, b"footer"),
                };
                match style(a, what) {
                    Some(s) => self.styles[section as usize] = s,
                    None => return false,
                }
            }
            'i' => {
                self.increment = int_or_die(a, i64::MIN, i64::MAX, b"invalid line number increment")
            }
            'l' => {
                self.join_blank = int_or_die(a, 1, i64::MAX, b"invalid line number of blank lines")
            }
            'n' => {
                self.format = match a {
                    b"ln" => Format::Left,
                    b"rn" => Format::Right,
                    b"rz" => Format::Zeros,
                    _ => {
                        error(&[b"invalid line numbering format: ", &quote(a)], None);
                        return false;
                    }
                }
            }
            'p' => self.renumber = false,
            's' => self.separator = a,
            'v' => self.start = int_or_die(a, i64::MIN, i64::MAX, b"invalid starting line number"),
            'w' => {
                self.width =
                    int_or_die(a, 1, i32::MAX as i64, b"invalid line number field width") as usize
            }
            _ => {}
        }
        true
    }

    /// Numbers the lines of one operand (`-`: standard input); false if
    /// it could not be opened or read (reported).
    #[cfg_attr(corebox_opt, optimize(speed), inline(never))]
    fn file(&mut self, name: &[u8]) -> bool {
        let Some(input) = open_or_report(name) else {
            return false;
        };
        let mut recs = Records::new(input.fd(), b'\n');
        while let Some(r) = recs.next() {
            self.line(r);
        }
        match recs.error() {
            Some(e) => file_error(name, e),
            None => true,
        }
    }
}
