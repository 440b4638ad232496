// corebox applet
// name: ptx
// usage: [OPTION]... [INPUT]...   (without -G)
// usage: -G [OPTION]... [INPUT [OUTPUT]]
// option: -A, --auto-reference
// option: -b, --break-file=FILE
// option: -F, --flag-truncation=STRING
// option: -f, --ignore-case
// option: -g, --gap-size=NUMBER
// option: -i, --ignore-file=FILE
// option: -M, --macro-name=STRING
// option: -o, --only-file=FILE
// option: -r, --references
// option: -R, --right-side-refs
// option: --format=FORMAT
// option: -S, --sentence-regexp=REGEXP
// option: -G, --traditional
// option: -t, --typeset-mode
// option: -w, --width=NUMBER
// option: -W, --word-regexp=REGEXP
// option: -O
// option: -T
// help:
// Output a permuted index, including context, of the words in the input files.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -A, --auto-reference           output automatically generated references
//   -G, --traditional              behave more like System V 'ptx'
//   -F, --flag-truncation=STRING   use STRING for flagging line truncations.
//                                  The default is '/'
//   -M, --macro-name=STRING        macro name to use instead of 'xx'
//   -O, --format=roff              generate output as roff directives
//   -R, --right-side-refs          put references at right, not counted in -w
//   -S, --sentence-regexp=REGEXP   for end of lines or end of sentences
//   -T, --format=tex               generate output as TeX directives
//   -W, --word-regexp=REGEXP       use REGEXP to match each keyword
//   -b, --break-file=FILE          word break characters in this FILE
//   -f, --ignore-case              fold lower case to upper case for sorting
//   -g, --gap-size=NUMBER          gap size in columns between output fields
//   -i, --ignore-file=FILE         read ignore word list from FILE
//   -o, --only-file=FILE           read only word list from this FILE
//   -r, --references               first field of each line is a reference
//   -t, --typeset-mode               - not implemented -
//   -w, --width=NUMBER             output width in columns, reference excluded
//       --help        display this help and exit
//       --version     output version information and exit

//! GNU ptx.c: every input is read whole, each keyword occurrence keeps
//! its context bounds, the occurrences are sorted, then each is laid out
//! in GNU's fields (tail, before, keyafter, head, reference) with GNU's
//! width arithmetic, which may go negative as it does in C. Regexes are
//! GNU Emacs syntax (re_compile_pattern's default); with -f they match a
//! case-folded copy of the text, as GNU's translate table makes them do.
//! Like GNU, a context match found at the very cursor is reported as a
//! match of length zero.

use super::{opt, SPEC};
use crate::shared::cli::{choice, extra_operand};
use crate::shared::diag::{die, quote, quotef};
use alloc::vec::Vec;
use logic::regex::{Regex, Syntax};
use sys::fs::Input;
use sys::io::out;

#[derive(Clone, Copy, PartialEq)]
enum Format {
    Dumb,
    Roff,
    Tex,
}

struct Config {
    gnu: bool,
    auto_ref: bool,
    input_ref: bool,
    right_ref: bool,
    width: isize,
    gap: isize,
    trunc: Vec<u8>,
    macro_name: &'static [u8],
    format: Option<Format>,
    fold: bool,
    break_file: Option<&'static [u8]>,
    only_file: Option<&'static [u8]>,
    ignore_file: Option<&'static [u8]>,
    context: Option<Vec<u8>>,
    word: Option<Vec<u8>>,
}

/// One keyword occurrence: positions in its file's text.
#[derive(Clone, Copy)]
struct Occ {
    file: usize,
    key: usize,
    len: usize,
    left: usize,
    right: usize,
    /// The line number (-A), or the start of the reference (-r).
    reference: usize,
}

struct Text {
    name: Option<&'static [u8]>,
    buf: Vec<u8>,
    /// Upper-cased copy for the regexes under -f.
    folded: Option<Vec<u8>>,
}

/// A field: a range of the text (start may pass end, as in GNU).
#[derive(Clone, Copy, Default)]
struct Field {
    start: usize,
    end: usize,
}

impl Field {
    fn width(self) -> isize {
        self.end as isize - self.start as isize
    }
}

struct Ptx {
    cfg: Config,
    context: Option<Regex>,
    word: Option<Regex>,
    word_map: [bool; 256],
    ignore: Vec<Vec<u8>>,
    only: Vec<Vec<u8>>,
    texts: Vec<Text>,
    line_counts: Vec<usize>,
    total_lines: usize,
    occurs: Vec<Occ>,
    max_word: isize,
    ref_width: isize,
    half: isize,
    before_max: isize,
    keyafter_max: isize,
    edited: [bool; 256],
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// GNU's unescape_string: `\x` (3 hex digits at most), `\0` (3 octal
/// digits at most), `\a \b \f \n \r \t \v`, `\c` ends the string.
fn unescape(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] != b'\\' {
            out.push(s[i]);
            i += 1;
            continue;
        }
        i += 1;
        let Some(&c) = s.get(i) else { break };
        i += 1;
        let simple = match c {
            b'a' => Some(7),
            b'b' => Some(8),
            b'f' => Some(12),
            b'n' => Some(b'\n'),
            b'r' => Some(b'\r'),
            b't' => Some(b'\t'),
            b'v' => Some(11),
            _ => None,
        };
        if let Some(v) = simple {
            out.push(v);
        } else if c == b'x' || c == b'0' {
            let (radix, mut v, mut n) = (if c == b'x' { 16 } else { 8 }, 0u32, 0);
            while n < 3 {
                match s.get(i).and_then(|&d| (d as char).to_digit(radix)) {
                    Some(d) => v = v * radix + d,
                    None => break,
                }
                i += 1;
                n += 1;
            }
            if c == b'x' && n == 0 {
                out.extend_from_slice(b"\\x");
            } else {
                out.push(v as u8);
            }
        } else if c == b'c' {
            break;
        } else {
            out.extend_from_slice(&[b'\\', c]);
        }
    }
    out
}

fn number(arg: &[u8], what: &[u8]) -> isize {
    match logic::num::xstrtoimax_radix(arg, 0, b"") {
        Ok(v) if v > 0 => v as isize,
        _ => die(&[b"invalid ", what, b": ", &quote(arg)], None),
    }
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        gnu: true,
        auto_ref: false,
        input_ref: false,
        right_ref: false,
        width: 72,
        gap: 3,
        trunc: b"/".to_vec(),
        macro_name: b"xx",
        format: None,
        fold: false,
        break_file: None,
        only_file: None,
        ignore_file: None,
        context: None,
        word: None,
    };
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        let arg = o.arg.unwrap_or(b"");
        match o.key {
            'G' => c.gnu = false,
            'b' => c.break_file = Some(arg),
            'f' => c.fold = true,
            'g' => c.gap = number(arg, b"gap width"),
            'i' => c.ignore_file = Some(arg),
            'o' => c.only_file = Some(arg),
            'r' => c.input_ref = true,
            'w' => c.width = number(arg, b"line width"),
            'A' => c.auto_ref = true,
            'F' => c.trunc = unescape(arg),
            'M' => c.macro_name = arg,
            'O' => c.format = Some(Format::Roff),
            'R' => c.right_ref = true,
            'S' => c.context = Some(unescape(arg)),
            'T' => c.format = Some(Format::Tex),
            'W' => c.word = Some(unescape(arg)).filter(|w| !w.is_empty()),
            opt::FORMAT => {
                let words: &[(&[u8], Format)] = &[(b"roff", Format::Roff), (b"tex", Format::Tex)];
                c.format = Some(choice(&SPEC, b"--format", arg, words));
            }
            _ => {}
        }
    }
    (c, opts.operands())
}

fn compile(pattern: &[u8], fold: bool) -> Regex {
    let folded: Vec<u8>;
    let p = if fold {
        // Fold the pattern's letters, but not the escapes' (\w, \b...).
        let mut esc = false;
        folded = pattern
            .iter()
            .map(|&b| {
                let r = if esc { b } else { b.to_ascii_uppercase() };
                esc = !esc && b == b'\\';
                r
            })
            .collect();
        &folded[..]
    } else {
        pattern
    };
    Regex::new(p, Syntax::Emacs).unwrap_or_else(|m| {
        die(
            &[m.as_bytes(), b" (for regexp ", &quote(pattern), b")"],
            None,
        )
    })
}

/// GNU's swallow_file_in_memory.
fn slurp(name: Option<&[u8]>) -> Vec<u8> {
    let name = name.filter(|n| !n.is_empty()).unwrap_or(b"-");
    let mut v = Vec::new();
    let r = Input::open(name).and_then(|i| i.fd().read_to_end(&mut v));
    if let Err(e) = r {
        die(&[&quotef(name)], Some(e));
    }
    v
}

/// A word file: its non-empty lines, sorted.
fn word_list(name: &[u8], fold: bool) -> Vec<Vec<u8>> {
    let data = slurp(Some(name));
    let mut words: Vec<Vec<u8>> = data
        .split(|&b| b == b'\n')
        .filter(|w| !w.is_empty())
        .map(|w| w.to_vec())
        .collect();
    words.sort_by(|a, b| compare_words(a, b, fold));
    words
}

#[cfg_attr(corebox_opt, optimize(speed))]
fn compare_words(a: &[u8], b: &[u8], fold: bool) -> core::cmp::Ordering {
    if fold {
        let up = u8::to_ascii_uppercase;
        return a.iter().map(up).cmp(b.iter().map(up));
    }
    a.cmp(b)
}

impl Ptx {
    fn hay(&self, f: usize) -> &[u8] {
        let t = &self.texts[f];
        t.folded.as_deref().unwrap_or(&t.buf)
    }

    /// GNU's SKIP_SOMETHING: a word (by the regex or the word
    /// characters) or one other character. An empty regex match moves
    /// one character on, where GNU would loop for ever.
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn skip_something(&self, f: usize, cur: usize, limit: usize) -> usize {
        let buf = &self.texts[f].buf;
        if let Some(re) = &self.word {
            let hay = &self.hay(f)[cur..limit.max(cur)];
            return cur + re.match_at(hay, 0).filter(|&n| n > 0).unwrap_or(1);
        }
        let mut c = cur;
        if buf.get(c).is_some_and(|&b| self.word_map[b as usize]) {
            while c < limit && self.word_map[buf[c] as usize] {
                c += 1;
            }
            c
        } else {
            c + 1
        }
    }

    /// The next word in `cur..end`: its start and end.
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn next_word(&self, f: usize, cur: usize, end: usize) -> Option<(usize, usize)> {
        if let Some(re) = &self.word {
            let (s, e) = re.search(&self.hay(f)[cur..end], 0)?;
            return Some((cur + s, cur + e));
        }
        let buf = &self.texts[f].buf[..end];
        let s = cur + buf[cur..].iter().position(|&b| self.word_map[b as usize])?;
        let e = buf[s..]
            .iter()
            .position(|&b| !self.word_map[b as usize])
            .map_or(end, |n| s + n);
        Some((s, e))
    }

    /// Where the sentence (or line) at `cursor` ends: past the context
    /// regex's match, or at the end of the text. GNU takes a match at the
    /// cursor itself for one of length zero.
    fn next_context(&self, f: usize, cursor: usize) -> usize {
        let hay = &self.hay(f)[cursor..];
        match self.context.as_ref().and_then(|re| re.search(hay, 0)) {
            None => cursor + hay.len(),
            Some((0, _)) => {
                let p = self.cfg.context.as_deref().unwrap_or_default();
                die(
                    &[
                        b"error: regular expression has a match of length zero: ",
                        &quote(p),
                    ],
                    None,
                )
            }
            Some((_, e)) => cursor + e,
        }
    }

    /// GNU's find_occurs_in_text for one file.
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn find_occurs(&mut self, f: usize) {
        let len = self.texts[f].buf.len();
        let mut line_start = 0;
        let mut line_scan = 0;
        let mut ref_len = 0;
        if self.cfg.input_ref {
            line_scan = skip_non_white(&self.texts[f].buf, 0, len);
            ref_len = line_scan as isize;
            line_scan = skip_white(&self.texts[f].buf, line_scan, len);
        }
        let mut cursor = 0;
        while cursor < len {
            let mut context_start = cursor;
            let next = self.next_context(f, cursor);
            let buf = &self.texts[f].buf;
            let context_end = skip_white_back(buf, next, context_start);
            while let Some((ws, we)) = self.next_word(f, cursor, context_end) {
                cursor = ws;
                if we == ws {
                    cursor += 1;
                    continue;
                }
                let buf = &self.texts[f].buf;
                let key = ws;
                cursor = we;
                self.max_word = self.max_word.max((we - ws) as isize);
                if self.cfg.input_ref {
                    while line_scan < key {
                        if buf[line_scan] == b'\n' {
                            self.total_lines += 1;
                            line_scan += 1;
                            line_start = line_scan;
                            line_scan = skip_non_white(buf, line_scan, len);
                            ref_len = (line_scan - line_start) as isize;
                        } else {
                            line_scan += 1;
                        }
                    }
                    if line_scan > key {
                        continue;
                    }
                }
                let word = &buf[ws..we];
                let fold = self.cfg.fold;
                let listed =
                    |t: &[Vec<u8>]| t.binary_search_by(|w| compare_words(w, word, fold)).is_ok();
                if !self.ignore.is_empty() && listed(&self.ignore) {
                    continue;
                }
                if !self.only.is_empty() && !listed(&self.only) {
                    continue;
                }
                let mut reference = 0;
                if self.cfg.auto_ref {
                    while line_scan < key {
                        if buf[line_scan] == b'\n' {
                            self.total_lines += 1;
                            line_scan += 1;
                            line_start = line_scan;
                            line_scan = skip_non_white(buf, line_scan, len);
                        } else {
                            line_scan += 1;
                        }
                    }
                    reference = self.total_lines;
                } else if self.cfg.input_ref {
                    reference = line_start;
                    self.ref_width = self.ref_width.max(ref_len);
                }
                if self.cfg.input_ref && line_start == context_start {
                    context_start = skip_non_white(buf, context_start, context_end);
                    context_start = skip_white(buf, context_start, context_end);
                }
                self.occurs.push(Occ {
                    file: f,
                    key,
                    len: we - ws,
                    left: context_start,
                    right: context_end,
                    reference,
                });
            }
            cursor = next;
        }
    }
}

fn skip_white(buf: &[u8], mut c: usize, limit: usize) -> usize {
    while c < limit && is_space(buf[c]) {
        c += 1;
    }
    c
}

fn skip_non_white(buf: &[u8], mut c: usize, limit: usize) -> usize {
    while c < limit && !is_space(buf[c]) {
        c += 1;
    }
    c
}

fn skip_white_back(buf: &[u8], mut c: usize, start: usize) -> usize {
    while c > start && is_space(buf[c - 1]) {
        c -= 1;
    }
    c
}

/// The fields of one output line.
#[derive(Default)]
struct Line {
    tail: Field,
    tail_trunc: bool,
    before: Field,
    before_trunc: bool,
    keyafter: Field,
    keyafter_trunc: bool,
    head: Field,
    head_trunc: bool,
    reference: Vec<u8>,
}

impl Ptx {
    /// GNU's fix_output_parameters.
    fn fix_parameters(&mut self) {
        if self.cfg.auto_ref {
            let mut w = 0;
            for (i, t) in self.texts.iter().enumerate() {
                let prev = if i > 0 { self.line_counts[i - 1] } else { 0 };
                let mut digits = Vec::new();
                logic::digits::push_u64(&mut digits, (self.line_counts[i] + 1 - prev) as u64);
                w = w.max(digits.len() + t.name.map_or(0, <[u8]>::len));
            }
            self.ref_width = w as isize + 1;
        }
        let c = &mut self.cfg;
        if (c.auto_ref || c.input_ref) && !c.right_ref {
            c.width -= self.ref_width + c.gap;
        }
        c.width = c.width.max(0);
        self.half = c.width / 2;
        self.before_max = self.half - c.gap;
        self.keyafter_max = self.half;
        let tl = c.trunc.len() as isize;
        if c.gnu {
            self.before_max = (self.before_max - 2 * tl).max(0);
            self.keyafter_max -= 2 * tl;
        } else {
            self.keyafter_max -= 2 * tl + 1;
        }
        for (b, e) in self.edited.iter_mut().enumerate() {
            *e = is_space(b as u8);
        }
        let special: &[u8] = match c.format {
            Some(Format::Roff) => b"\"",
            Some(Format::Tex) => b"$%&#_{}\\",
            _ => b"",
        };
        for &b in special {
            self.edited[b as usize] = true;
        }
    }

    fn skip_to_width(&self, f: usize, mut start: usize, end: usize, max: isize) -> usize {
        while (start as isize + max) < end as isize {
            start = self.skip_something(f, start, end);
        }
        start
    }

    /// GNU's define_all_fields.
    fn define(&self, o: &Occ) -> Line {
        let (f, buf) = (o.file, &self.texts[o.file].buf);
        let has_trunc = !self.cfg.trunc.is_empty();
        let mut l = Line::default();
        let ka_start = o.key;
        let ka_limit = ka_start as isize + self.keyafter_max;
        let mut ka_end = o.key + o.len;
        let mut cursor = ka_end;
        while cursor < o.right && cursor as isize <= ka_limit {
            ka_end = cursor;
            cursor = self.skip_something(f, cursor, o.right);
        }
        if cursor as isize <= ka_limit {
            ka_end = cursor;
        }
        l.keyafter_trunc = has_trunc && ka_end < o.right;
        ka_end = skip_white_back(buf, ka_end, ka_start);
        l.keyafter = Field {
            start: ka_start,
            end: ka_end,
        };
        let left_field = if o.key as isize - o.left as isize > self.half + self.max_word {
            let s = o.key - (self.half + self.max_word) as usize;
            self.skip_something(f, s, o.key)
        } else {
            o.left
        };
        let b_end = skip_white_back(buf, o.key, left_field);
        let mut b_start = self.skip_to_width(f, left_field, b_end, self.before_max);
        l.before_trunc = has_trunc && skip_white_back(buf, b_start, 0) > o.left;
        b_start = skip_white(buf, b_start, buf.len());
        l.before = Field {
            start: b_start,
            end: b_end,
        };
        let tail_max = self.before_max - l.before.width() - self.cfg.gap;
        if tail_max > 0 {
            let t_start = skip_white(buf, ka_end, buf.len());
            let (mut t_end, mut cursor) = (t_start, t_start);
            let limit = t_start as isize + tail_max;
            while cursor < o.right && (cursor as isize) < limit {
                t_end = cursor;
                cursor = self.skip_something(f, cursor, o.right);
            }
            if (cursor as isize) < limit {
                t_end = cursor;
            }
            if t_end > t_start {
                l.keyafter_trunc = false;
                l.tail_trunc = has_trunc && t_end < o.right;
            }
            l.tail = Field {
                start: t_start,
                end: skip_white_back(buf, t_end, t_start),
            };
        }
        let head_max = self.keyafter_max - l.keyafter.width() - self.cfg.gap;
        if head_max > 0 {
            let h_end = skip_white_back(buf, b_start, 0);
            let h_start = self.skip_to_width(f, left_field, h_end, head_max);
            if h_end > h_start {
                l.before_trunc = false;
                l.head_trunc = has_trunc && h_start > o.left;
            }
            l.head = Field {
                start: skip_white(buf, h_start, h_end),
                end: h_end,
            };
        }
        l.reference = self.reference(o, buf);
        l
    }

    fn reference(&self, o: &Occ, buf: &[u8]) -> Vec<u8> {
        if self.cfg.auto_ref {
            let mut r = self.texts[o.file].name.unwrap_or(b"").to_vec();
            let prev = if o.file > 0 {
                self.line_counts[o.file - 1]
            } else {
                0
            };
            r.push(b':');
            logic::digits::push_u64(&mut r, (o.reference + 1 - prev) as u64);
            r
        } else if self.cfg.input_ref {
            buf[o.reference..skip_non_white(buf, o.reference, o.right)].to_vec()
        } else {
            Vec::new()
        }
    }

    /// GNU's print_field.
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn field(&self, w: &mut Vec<u8>, bytes: &[u8]) {
        for &c in bytes {
            if !self.edited[c as usize] {
                w.push(c);
                continue;
            }
            match c {
                b'"' => w.extend_from_slice(b"\"\""),
                b'$' | b'%' | b'&' | b'#' | b'_' => w.extend_from_slice(&[b'\\', c]),
                b'{' | b'}' => w.extend_from_slice(&[b'$', b'\\', c, b'$']),
                b'\\' => w.extend_from_slice(b"\\backslash{}"),
                _ => w.push(b' '),
            }
        }
    }

    fn text(&self, o: &Occ, fl: Field) -> &[u8] {
        let buf = &self.texts[o.file].buf;
        if fl.start < fl.end {
            &buf[fl.start..fl.end]
        } else {
            b""
        }
    }
}

#[cfg_attr(corebox_opt, optimize(speed))]
fn spaces(w: &mut Vec<u8>, n: isize) {
    w.resize(w.len() + n.max(0) as usize, b' ');
}

impl Ptx {
    fn roff_line(&self, w: &mut Vec<u8>, o: &Occ, l: &Line) {
        let t = &self.cfg.trunc[..];
        let fields = [
            (l.tail, false, l.tail_trunc),
            (l.before, l.before_trunc, false),
            (l.keyafter, false, l.keyafter_trunc),
            (l.head, l.head_trunc, false),
        ];
        w.push(b'.');
        w.extend_from_slice(self.cfg.macro_name);
        for (fl, pre, post) in fields {
            w.extend_from_slice(b" \"");
            if pre {
                w.extend_from_slice(t);
            }
            self.field(w, self.text(o, fl));
            if post {
                w.extend_from_slice(t);
            }
            w.push(b'"');
        }
        if self.cfg.auto_ref || self.cfg.input_ref {
            w.extend_from_slice(b" \"");
            self.field(w, &l.reference);
            w.push(b'"');
        }
        w.push(b'\n');
    }

    fn tex_line(&self, w: &mut Vec<u8>, o: &Occ, l: &Line) {
        w.push(b'\\');
        w.extend_from_slice(self.cfg.macro_name);
        w.extend_from_slice(b" {");
        self.field(w, self.text(o, l.tail));
        w.extend_from_slice(b"}{");
        self.field(w, self.text(o, l.before));
        w.extend_from_slice(b"}{");
        let ka = l.keyafter;
        let split = self.skip_something(o.file, ka.start, ka.end);
        let key = Field {
            start: ka.start,
            end: split,
        };
        self.field(w, self.text(o, key));
        w.extend_from_slice(b"}{");
        let after = Field {
            start: split,
            end: ka.end,
        };
        self.field(w, self.text(o, after));
        w.extend_from_slice(b"}{");
        self.field(w, self.text(o, l.head));
        w.push(b'}');
        if self.cfg.auto_ref || self.cfg.input_ref {
            w.push(b'{');
            self.field(w, &l.reference);
            w.push(b'}');
        }
        w.push(b'\n');
    }

    fn dumb_line(&self, w: &mut Vec<u8>, o: &Occ, l: &Line) {
        let c = &self.cfg;
        let t = &c.trunc[..];
        let tl = |on: bool| if on { t.len() as isize } else { 0 };
        let refs = c.auto_ref || c.input_ref;
        if !c.right_ref {
            self.field(w, &l.reference);
            if c.auto_ref {
                w.push(b':');
            }
            let used = l.reference.len() as isize + isize::from(c.auto_ref);
            spaces(w, self.ref_width + c.gap - used);
        }
        let before_w = l.before.width() + tl(l.before_trunc);
        if l.tail.start < l.tail.end {
            self.field(w, self.text(o, l.tail));
            if l.tail_trunc {
                w.extend_from_slice(t);
            }
            let tail_w = l.tail.width() + tl(l.tail_trunc);
            spaces(w, self.half - c.gap - before_w - tail_w);
        } else {
            spaces(w, self.half - c.gap - before_w);
        }
        if l.before_trunc {
            w.extend_from_slice(t);
        }
        self.field(w, self.text(o, l.before));
        spaces(w, c.gap);
        self.field(w, self.text(o, l.keyafter));
        if l.keyafter_trunc {
            w.extend_from_slice(t);
        }
        let ka_w = l.keyafter.width() + tl(l.keyafter_trunc);
        if l.head.start < l.head.end {
            spaces(w, self.half - ka_w - l.head.width() - tl(l.head_trunc));
            if l.head_trunc {
                w.extend_from_slice(t);
            }
            self.field(w, self.text(o, l.head));
        } else if refs && c.right_ref {
            spaces(w, self.half - ka_w);
        }
        if refs && c.right_ref {
            spaces(w, c.gap);
            self.field(w, &l.reference);
        }
        w.push(b'\n');
    }

    #[cfg_attr(corebox_opt, optimize(speed))]
    fn output(&self) {
        let mut w = Vec::with_capacity(1 << 16);
        for o in &self.occurs {
            let l = self.define(o);
            match self.cfg.format {
                Some(Format::Roff) => self.roff_line(&mut w, o, &l),
                Some(Format::Tex) => self.tex_line(&mut w, o, &l),
                _ => self.dumb_line(&mut w, o, &l),
            }
            if w.len() >= 1 << 15 {
                out().write(&w);
                w.clear();
                if !out().ok() {
                    break;
                }
            }
        }
        out().write(&w);
    }
}

/// GNU's initialize_regex, and the break file.
fn setup(cfg: &Config) -> (Option<Regex>, Option<Regex>, [bool; 256]) {
    let context = cfg
        .context
        .as_ref()
        .filter(|s| !s.is_empty())
        .map(|s| compile(s, cfg.fold));
    let word = cfg.word.as_ref().map(|w| compile(w, cfg.fold));
    let mut map = [false; 256];
    if let Some(b) = cfg.break_file {
        map = [true; 256];
        for &c in &slurp(Some(b)) {
            map[c as usize] = false;
        }
        if !cfg.gnu {
            map[b' ' as usize] = false;
            map[b'\t' as usize] = false;
            map[b'\n' as usize] = false;
        }
    } else if cfg.gnu {
        for (i, m) in map.iter_mut().enumerate() {
            *m = (i as u8).is_ascii_alphabetic();
        }
    } else {
        map = [true; 256];
        map[b' ' as usize] = false;
        map[b'\t' as usize] = false;
        map[b'\n' as usize] = false;
    }
    (context, word, map)
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (mut cfg, ops) = parse(args);
    let mut names: Vec<Option<&'static [u8]>> = ops
        .iter()
        .map(|&n| Some(n).filter(|n| !n.is_empty() && *n != b"-"))
        .collect();
    if names.is_empty() {
        names.push(None);
    }
    if !cfg.gnu && names.len() > 1 {
        names.truncate(1);
        let target = ops[1];
        if let Err(e) = sys::fs::reopen_stdout(target) {
            die(&[&quotef(target)], Some(e));
        }
        if let Some(x) = ops.get(2) {
            extra_operand(&SPEC, x);
        }
    }
    if cfg.context.is_none() {
        cfg.context = Some(if cfg.gnu && !cfg.input_ref {
            b"[.?!][]\"')}]*\\($\\|\t\\|  \\)[ \t\n]*".to_vec()
        } else {
            b"\n".to_vec()
        });
    }
    if cfg.format.is_none() {
        cfg.format = Some(if cfg.gnu { Format::Dumb } else { Format::Roff });
    }
    let (context, word, word_map) = setup(&cfg);
    let ignore = cfg
        .ignore_file
        .map_or(Vec::new(), |f| word_list(f, cfg.fold));
    let only = cfg.only_file.map_or(Vec::new(), |f| word_list(f, cfg.fold));
    let mut p = Ptx {
        cfg,
        context,
        word,
        word_map,
        ignore,
        only,
        texts: Vec::new(),
        line_counts: Vec::new(),
        total_lines: 0,
        occurs: Vec::new(),
        max_word: 0,
        ref_width: 0,
        half: 0,
        before_max: 0,
        keyafter_max: 0,
        edited: [false; 256],
    };
    for (i, name) in names.iter().enumerate() {
        let buf = slurp(*name);
        let folded = (p.cfg.fold && (p.context.is_some() || p.word.is_some()))
            .then(|| buf.iter().map(u8::to_ascii_uppercase).collect());
        p.texts.push(Text {
            name: *name,
            buf,
            folded,
        });
        p.find_occurs(i);
        p.total_lines += 1;
        p.line_counts.push(p.total_lines);
    }
    let fold = p.cfg.fold;
    let texts = &p.texts;
    logic::sort::merge_by(&mut p.occurs, |a, b| {
        let wa = &texts[a.file].buf[a.key..a.key + a.len];
        let wb = &texts[b.file].buf[b.key..b.key + b.len];
        compare_words(wa, wb, fold)
            .then((a.file, a.key).cmp(&(b.file, b.key)))
            .is_lt()
    });
    p.fix_parameters();
    p.output();
    0
}
