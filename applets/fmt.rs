// corebox applet
// name: fmt
// usage: [-WIDTH] [OPTION]... [FILE]...
// option: -c, --crown-margin
// option: -p, --prefix=STRING
// option: -s, --split-only
// option: -t, --tagged-paragraph
// option: -u, --uniform-spacing
// option: -w, --width=WIDTH
// option: -g, --goal=WIDTH
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
// Reformat each paragraph in the FILE(s), writing to standard output.
// The option -WIDTH is an abbreviated form of --width=DIGITS.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -c, --crown-margin        preserve indentation of first two lines
//   -p, --prefix=STRING       reformat only lines beginning with STRING,
//                               reattaching the prefix to reformatted lines
//   -s, --split-only          split long lines, but do not refill
//   -t, --tagged-paragraph    indentation of first line different from second
//   -u, --uniform-spacing     one space between words, two after sentences
//   -w, --width=WIDTH         maximum line width (default of 75 columns)
//   -g, --goal=WIDTH          goal width (default of 93% of width)
//       --help        display this help and exit
//       --version     output version information and exit

//! GNU fmt.c: paragraphs found by indentation and prefix, words and
//! sentence ends as Emacs sees them, and the optimal line breaks of its
//! cost function (squares of the distance from the goal width, raggedness,
//! bonuses at sentence ends and punctuation, widow and orphan costs), with
//! its fixed paragraph buffer of 1000 words and 5000 bytes, flushed at a
//! cheap break when full: the output is GNU's byte for byte. Input is read
//! a byte at a time from a buffer, as GNU's getc loop reads it.

use super::SPEC;
use crate::shared::cli::{number_or_die, try_help};
use crate::shared::diag::quoteaf;
use alloc::vec::Vec;
use sys::fs::Input;
use sys::io::{error, out};

type Cost = i64;
const MAXCOST: Cost = i64::MAX;
const WIDTH: usize = 75;
const LEEWAY: usize = 7;
const DEF_INDENT: i32 = 3;
const MAXWORDS: usize = 1000;
const MAXCHARS: usize = 5000;
const TABWIDTH: i32 = 8;
const EOF: i32 = -1;

const fn equiv(n: Cost) -> Cost {
    n * n
}
const fn short_cost(n: Cost) -> Cost {
    equiv(n * 10)
}
const fn ragged_cost(n: Cost) -> Cost {
    short_cost(n) / 2
}
const LINE_COST: Cost = equiv(70);
const fn widow_cost(n: Cost) -> Cost {
    equiv(200) / (n + 2)
}
const fn orphan_cost(n: Cost) -> Cost {
    equiv(150) / (n + 2)
}
const SENTENCE_BONUS: Cost = equiv(50);
const NOBREAK_COST: Cost = equiv(600);
const PAREN_BONUS: Cost = equiv(40);
const PUNCT_BONUS: Cost = equiv(40);
const LINE_CREDIT: Cost = equiv(3);

#[derive(Clone, Copy, Default)]
struct Word {
    /// Where its text starts in the paragraph buffer.
    text: usize,
    length: i32,
    /// The size of the space after it.
    space: i32,
    paren: bool,
    period: bool,
    punct: bool,
    last: bool,
    line_length: i32,
    best_cost: Cost,
    next_break: usize,
}

struct Options {
    crown: bool,
    tagged: bool,
    split: bool,
    uniform: bool,
    /// The prefix without its leading and trailing blanks, its length
    /// with the trailing ones, and the blanks before it.
    prefix: &'static [u8],
    prefix_full_length: i32,
    prefix_lead_space: i32,
    max_width: i32,
    goal_width: i32,
}

/// The input, a byte at a time (`getc`): -1 at the end or on an error.
struct Reader {
    input: Input,
    buf: Vec<u8>,
    at: usize,
    len: usize,
    failed: bool,
}

impl Reader {
    #[inline(always)]
    fn getc(&mut self) -> i32 {
        if self.at == self.len && !self.refill() {
            return EOF;
        }
        self.at += 1;
        self.buf[self.at - 1] as i32
    }

    #[inline(never)]
    fn refill(&mut self) -> bool {
        if self.failed {
            return false;
        }
        match self.input.fd().read(&mut self.buf) {
            Ok(0) => false,
            Ok(n) => {
                (self.at, self.len) = (0, n);
                true
            }
            Err(_) => {
                self.failed = true;
                false
            }
        }
    }
}

struct Fmt<'a> {
    o: &'a Options,
    in_column: i32,
    out_column: i32,
    parabuf: Vec<u8>,
    wptr: usize,
    word: Vec<Word>,
    word_limit: usize,
    tabs: bool,
    prefix_indent: i32,
    first_indent: i32,
    other_indent: i32,
    next_char: i32,
    next_prefix_indent: i32,
    last_line_length: i32,
}

fn c_isspace(c: i32) -> bool {
    matches!(c, 0x20 | 0x09..=0x0d)
}

impl Fmt<'_> {
    fn putchar(&self, c: u8) {
        out().byte(c);
    }

    fn set_other_indent(&mut self, same_paragraph: bool) {
        let o = self.o;
        if o.split {
            self.other_indent = self.first_indent;
        } else if o.crown {
            self.other_indent = if same_paragraph {
                self.in_column
            } else {
                self.first_indent
            };
        } else if o.tagged {
            if same_paragraph && self.in_column != self.first_indent {
                self.other_indent = self.in_column;
            } else if self.other_indent == self.first_indent {
                self.other_indent = if self.first_indent == 0 {
                    DEF_INDENT
                } else {
                    0
                };
            }
        } else {
            self.other_indent = self.first_indent;
        }
    }

    /// get_paragraph: false at the end of the input.
    fn get_paragraph(&mut self, f: &mut Reader) -> bool {
        let o = self.o;
        self.last_line_length = 0;
        let mut c = self.next_char;
        while c == '\n' as i32
            || c == EOF
            || self.next_prefix_indent < o.prefix_lead_space
            || self.in_column < self.next_prefix_indent + o.prefix_full_length
        {
            c = self.copy_rest(f, c);
            if c == EOF {
                self.next_char = EOF;
                return false;
            }
            self.putchar(b'\n');
            c = self.get_prefix(f);
        }
        self.prefix_indent = self.next_prefix_indent;
        self.first_indent = self.in_column;
        self.wptr = 0;
        self.word_limit = 0;
        c = self.get_line(f, c);
        let same = self.same_para(c);
        self.set_other_indent(same);
        if o.split {
        } else if o.crown || o.tagged {
            if self.same_para(c) && (o.crown || self.in_column != self.first_indent) {
                loop {
                    c = self.get_line(f, c);
                    if !(self.same_para(c) && self.in_column == self.other_indent) {
                        break;
                    }
                }
            }
        } else {
            while self.same_para(c) && self.in_column == self.other_indent {
                c = self.get_line(f, c);
            }
        }
        let l = &mut self.word[self.word_limit - 1];
        l.period = true;
        l.last = true;
        self.next_char = c;
        true
    }

    /// copy_rest: a line outside the paragraphs, as it is.
    fn copy_rest(&mut self, f: &mut Reader, mut c: i32) -> i32 {
        let o = self.o;
        self.out_column = 0;
        if self.in_column > self.next_prefix_indent || (c != '\n' as i32 && c != EOF) {
            self.put_space(self.next_prefix_indent);
            let mut s = 0;
            while self.out_column != self.in_column && s < o.prefix.len() {
                self.putchar(o.prefix[s]);
                s += 1;
                self.out_column += 1;
            }
            if c != EOF && c != '\n' as i32 {
                self.put_space(self.in_column - self.out_column);
            }
            if c == EOF && self.in_column >= self.next_prefix_indent + o.prefix.len() as i32 {
                self.putchar(b'\n');
            }
        }
        while c != '\n' as i32 && c != EOF {
            self.putchar(c as u8);
            c = f.getc();
        }
        c
    }

    fn same_para(&self, c: i32) -> bool {
        self.next_prefix_indent == self.prefix_indent
            && self.in_column >= self.next_prefix_indent + self.o.prefix_full_length
            && c != '\n' as i32
            && c != EOF
    }

    /// get_line: the words of a line; returns the first character of the
    /// next line after its prefix.
    fn get_line(&mut self, f: &mut Reader, mut c: i32) -> i32 {
        loop {
            self.word[self.word_limit].text = self.wptr;
            loop {
                if self.wptr == MAXCHARS {
                    self.set_other_indent(true);
                    self.flush_paragraph();
                }
                self.parabuf[self.wptr] = c as u8;
                self.wptr += 1;
                c = f.getc();
                if c == EOF || c_isspace(c) {
                    break;
                }
            }
            let wl = self.word_limit;
            let len = (self.wptr - self.word[wl].text) as i32;
            self.word[wl].length = len;
            self.in_column += len;
            self.check_punctuation(wl);
            let start = self.in_column;
            c = self.get_space(f, c);
            let w = &mut self.word[wl];
            w.space = self.in_column - start;
            w.last = c == EOF || (w.period && (c == '\n' as i32 || w.space > 1));
            if c == '\n' as i32 || c == EOF || self.o.uniform {
                w.space = if w.last { 2 } else { 1 };
            }
            if wl == MAXWORDS - 2 {
                self.set_other_indent(true);
                self.flush_paragraph();
            }
            self.word_limit += 1;
            if c == '\n' as i32 || c == EOF {
                break;
            }
        }
        self.get_prefix(f)
    }

    fn get_prefix(&mut self, f: &mut Reader) -> i32 {
        let o = self.o;
        self.in_column = 0;
        let first = f.getc();
        let mut c = self.get_space(f, first);
        if o.prefix.is_empty() {
            self.next_prefix_indent = o.prefix_lead_space.min(self.in_column);
        } else {
            self.next_prefix_indent = self.in_column;
            for &p in o.prefix {
                if c != p as i32 {
                    return c;
                }
                self.in_column += 1;
                c = f.getc();
            }
            c = self.get_space(f, c);
        }
        c
    }

    fn get_space(&mut self, f: &mut Reader, mut c: i32) -> i32 {
        loop {
            if c == ' ' as i32 {
                self.in_column += 1;
            } else if c == '\t' as i32 {
                self.tabs = true;
                self.in_column = (self.in_column / TABWIDTH + 1) * TABWIDTH;
            } else {
                return c;
            }
            c = f.getc();
        }
    }

    fn check_punctuation(&mut self, wi: usize) {
        let w = self.word[wi];
        let text = &self.parabuf[w.text..w.text + w.length as usize];
        let mut fin = text.len() - 1;
        let w = &mut self.word[wi];
        // GNU's strchr tests also find the NUL that ends their sets.
        w.paren = b"(['`\"\0".contains(&text[0]);
        w.punct = text[fin].is_ascii_punctuation();
        while fin > 0 && b")]'\"\0".contains(&text[fin]) {
            fin -= 1;
        }
        w.period = b".?!\0".contains(&text[fin]);
    }

    /// flush_paragraph: output part of a full paragraph buffer, at a
    /// cheap break near its end.
    fn flush_paragraph(&mut self) {
        if self.word_limit == 0 {
            out().write(&self.parabuf[..self.wptr]);
            self.wptr = 0;
            return;
        }
        self.fmt_paragraph();
        let mut split_point = self.word_limit;
        let mut best_break = MAXCOST;
        let mut w = self.word[0].next_break;
        while w != self.word_limit {
            let d = self.word[w].best_cost - self.word[self.word[w].next_break].best_cost;
            if d < best_break {
                split_point = w;
                best_break = d;
            }
            if best_break <= MAXCOST - LINE_CREDIT {
                best_break += LINE_CREDIT;
            }
            w = self.word[w].next_break;
        }
        self.put_paragraph(split_point);
        let shift = self.word[split_point].text;
        self.parabuf.copy_within(shift..self.wptr, 0);
        self.wptr -= shift;
        for w in &mut self.word[split_point..=self.word_limit] {
            w.text -= shift;
            w.next_break = w.next_break.wrapping_sub(split_point);
        }
        self.word.copy_within(split_point..=self.word_limit, 0);
        self.word_limit -= split_point;
    }

    /// fmt_paragraph: the cheapest breaks of every suffix of the paragraph.
    fn fmt_paragraph(&mut self) {
        let wl = self.word_limit;
        self.word[wl].best_cost = 0;
        let saved_length = self.word[wl].length;
        self.word[wl].length = self.o.max_width;
        for start in (0..wl).rev() {
            let mut best = MAXCOST;
            let mut len = if start == 0 {
                self.first_indent
            } else {
                self.other_indent
            };
            let mut w = start;
            len += self.word[w].length;
            loop {
                w += 1;
                let mut wcost = self.line_cost(w, len) + self.word[w].best_cost;
                if start == 0 && self.last_line_length > 0 {
                    wcost += ragged_cost((len - self.last_line_length) as Cost);
                }
                if wcost < best {
                    best = wcost;
                    self.word[start].next_break = w;
                    self.word[start].line_length = len;
                }
                if w == wl {
                    break;
                }
                len += self.word[w - 1].space + self.word[w].length;
                if len >= self.o.max_width {
                    break;
                }
            }
            self.word[start].best_cost = best + self.base_cost(start);
        }
        self.word[wl].length = saved_length;
    }

    fn base_cost(&self, this: usize) -> Cost {
        let mut cost = LINE_COST;
        let w = &self.word;
        if this > 0 {
            let prev = &w[this - 1];
            if prev.period {
                if prev.last {
                    cost -= SENTENCE_BONUS;
                } else {
                    cost += NOBREAK_COST;
                }
            } else if prev.punct {
                cost -= PUNCT_BONUS;
            } else if this > 1 && w[this - 2].last {
                cost += widow_cost(prev.length as Cost);
            }
        }
        if w[this].paren {
            cost -= PAREN_BONUS;
        } else if w[this].last {
            cost += orphan_cost(w[this].length as Cost);
        }
        cost
    }

    fn line_cost(&self, next: usize, len: i32) -> Cost {
        if next == self.word_limit {
            return 0;
        }
        let n = (self.o.goal_width - len) as Cost;
        let mut cost = short_cost(n);
        let nw = &self.word[next];
        if nw.next_break != self.word_limit {
            cost += ragged_cost((len - nw.line_length) as Cost);
        }
        cost
    }

    fn put_paragraph(&mut self, finish: usize) {
        self.put_line(0, self.first_indent);
        let mut w = self.word[0].next_break;
        while w != finish {
            self.put_line(w, self.other_indent);
            w = self.word[w].next_break;
        }
    }

    fn put_line(&mut self, mut w: usize, indent: i32) {
        self.out_column = 0;
        self.put_space(self.prefix_indent);
        out().write(self.o.prefix);
        self.out_column += self.o.prefix.len() as i32;
        self.put_space(indent - self.out_column);
        let endline = self.word[w].next_break - 1;
        while w != endline {
            self.put_word(w);
            self.put_space(self.word[w].space);
            w += 1;
        }
        self.put_word(w);
        self.last_line_length = self.out_column;
        self.putchar(b'\n');
    }

    fn put_word(&mut self, w: usize) {
        let w = self.word[w];
        out().write(&self.parabuf[w.text..w.text + w.length as usize]);
        self.out_column += w.length;
    }

    fn put_space(&mut self, space: i32) {
        let space_target = self.out_column + space;
        if self.tabs {
            let tab_target = space_target / TABWIDTH * TABWIDTH;
            if self.out_column + 1 < tab_target {
                while self.out_column < tab_target {
                    self.putchar(b'\t');
                    self.out_column = (self.out_column / TABWIDTH + 1) * TABWIDTH;
                }
            }
        }
        while self.out_column < space_target {
            self.putchar(b' ');
            self.out_column += 1;
        }
    }
}

/// fmt: one input. False after a read error.
fn fmt(o: &Options, input: Input) -> bool {
    let mut f = Reader {
        input,
        buf: alloc::vec![0; 64 * 1024],
        at: 0,
        len: 0,
        failed: false,
    };
    let mut s = Fmt {
        o,
        in_column: 0,
        out_column: 0,
        parabuf: alloc::vec![0; MAXCHARS],
        wptr: 0,
        word: alloc::vec![Word::default(); MAXWORDS],
        word_limit: 0,
        tabs: false,
        prefix_indent: 0,
        first_indent: 0,
        other_indent: 0,
        next_char: 0,
        next_prefix_indent: 0,
        last_line_length: 0,
    };
    s.next_char = s.get_prefix(&mut f);
    while s.get_paragraph(&mut f) {
        s.fmt_paragraph();
        s.put_paragraph(s.word_limit);
    }
    if f.failed {
        // GNU 9.1 names no file here.
        error(&[b"read error"], None);
        return false;
    }
    true
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    // -WIDTH, only as the first argument.
    let (mut width_arg, rest) = match args.get(1) {
        Some(a) if a.len() > 1 && a[0] == b'-' && a[1].is_ascii_digit() => {
            (Some(&a[1..]), &args[2..])
        }
        _ => (None, &args[1.min(args.len())..]),
    };
    let mut o = Options {
        crown: false,
        tagged: false,
        split: false,
        uniform: false,
        prefix: b"",
        prefix_full_length: 0,
        prefix_lead_space: 0,
        max_width: WIDTH as i32,
        goal_width: 0,
    };
    let mut goal_arg = None;
    let mut opts = crate::shared::cli::parse(&SPEC, rest);
    while let Some(op) = opts.next() {
        match op.key {
            'c' => o.crown = true,
            's' => o.split = true,
            't' => o.tagged = true,
            'u' => o.uniform = true,
            'w' => width_arg = op.arg,
            'g' => goal_arg = op.arg,
            'p' => {
                let p = op.arg.unwrap_or_default();
                let lead = p.iter().take_while(|&&b| b == b' ').count();
                let p = &p[lead..];
                let trail = p.iter().rev().take_while(|&&b| b == b' ').count();
                o.prefix_lead_space = lead as i32;
                o.prefix_full_length = p.len() as i32;
                o.prefix = &p[..p.len() - trail];
            }
            d @ '0'..='9' => {
                let mut m = b"invalid option -- ".to_vec();
                m.push(d as u8);
                m.extend_from_slice(
                    b"; -WIDTH is recognized only when it is the first\noption; use -w N instead",
                );
                error(&[&m], None);
                try_help(&SPEC);
            }
            _ => {}
        }
    }
    if let Some(w) = width_arg {
        o.max_width = number_or_die(w, b"", 0, MAXCHARS as u64 / 2, b"invalid width") as i32;
    }
    match goal_arg {
        Some(g) => {
            o.goal_width = number_or_die(g, b"", 0, o.max_width as u64, b"invalid width") as i32;
            if width_arg.is_none() {
                o.max_width = o.goal_width + 10;
            }
        }
        None => {
            o.goal_width = (o.max_width as usize * (2 * (100 - LEEWAY) + 1) / 200) as i32;
        }
    }
    let files = opts.operands();
    let files = crate::shared::files::or_stdin(files);
    let mut ok = true;
    for &name in &files {
        match Input::open(name) {
            Ok(i) => ok &= fmt(&o, i),
            Err(e) => {
                error(&[b"cannot open ", &quoteaf(name), b" for reading"], Some(e));
                ok = false;
            }
        }
    }
    if files.contains(&&b"-"[..]) {
        if let Err(e) = sys::io::close_stdin() {
            crate::shared::diag::die(&[b"closing standard input"], Some(e));
        }
    }
    i32::from(!ok)
}
