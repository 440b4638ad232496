//! The regular expressions of GNU's regex as coreutils uses them, on bytes:
//! GNU basic syntax (`nl -b pRE`, and later `expr`, `csplit`) and the Emacs
//! syntax GNU `tac -r` gets by default. Matches are POSIX leftmost-longest.
//!
//! Patterns compile to a small program run by a Pike VM (a set of threads
//! stepped over the input together, so time is linear in the input per
//! start position); patterns with back-references run on a backtracker.
//! Error texts are glibc's (`Unmatched ( or \(` ...).

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;
use core::cell::RefCell;

/// Which regex dialect a pattern is written in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Syntax {
    /// GNU basic regular expressions: `\( \) \| \{m,n\} \+ \?`, classes.
    Basic,
    /// GNU Emacs syntax: `\( \) \|`, bare `* + ?`, no intervals or classes,
    /// `.` does not match a newline.
    Emacs,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Assert {
    LineStart,
    LineEnd,
    BufStart,
    BufEnd,
    WordBoundary,
    NotWordBoundary,
    WordStart,
    WordEnd,
}

#[derive(Clone, Debug)]
enum Node {
    Empty,
    Set(Box<[bool; 256]>),
    Assert(Assert),
    Group(Box<Node>, u8),
    Backref(u8),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    Repeat(Box<Node>, u32, Option<u32>),
}

#[derive(Clone, Copy, Debug)]
enum Inst {
    Byte(u8),
    Set(u32),
    Split(u32, u32),
    Jmp(u32),
    Save(u16),
    Backref(u8),
    Assert(Assert),
    Match,
}

/// The Pike VM's reusable state: current and next threads, the input
/// position each instruction was last added at, and a work stack.
type Scratch = (Vec<u32>, Vec<u32>, Vec<usize>, Vec<u32>);

/// A compiled pattern.
#[derive(Debug)]
pub struct Regex {
    prog: Vec<Inst>,
    sets: Vec<[bool; 256]>,
    groups: usize,
    backrefs: bool,
    /// The bytes a match can start with, when every match consumes one.
    first: Option<[bool; 256]>,
    /// The pattern is this plain string (searched with memmem).
    literal: Option<Vec<u8>>,
    /// Every match starts at a line start (the pattern begins with `^`).
    line_anchored: bool,
    /// Matches start only where UTF-8 characters do.
    utf8: bool,
    /// Lazily built DFAs (unanchored search, anchored longest match), for
    /// patterns whose only assertions are `^` and `$`.
    dfas: Option<[RefCell<Dfa>; 2]>,
    scratch: RefCell<Scratch>,
    /// Backtracking steps left in this call (see [`BACKTRACK_STEPS`]).
    steps: core::cell::Cell<u32>,
}

/// The backtracker's steps per call of a public matching function (a
/// whole search, not each start position): what bounds the exponential
/// searches of patterns with back-references (glibc's run as long as
/// they take), about a quarter of a second.
#[cfg(not(fuzzing))]
const BACKTRACK_STEPS: u32 = 1 << 24;
/// Under the fuzzer (tests/fuzz/coverage.sh), where a pathological search
/// would take seconds instrumented, a smaller budget: the same paths.
#[cfg(fuzzing)]
const BACKTRACK_STEPS: u32 = 1 << 16;

const DUP_MAX: u32 = 0x7fff;
const PROG_MAX: usize = 1 << 20;

struct Parser<'a> {
    p: &'a [u8],
    i: usize,
    syntax: Syntax,
    groups: u8,
    closed: Vec<u8>,
    /// `^` and `$` also match around newlines (re_pattern_buffer's
    /// newline_anchor); false: only at the ends of the subject (expr).
    newline_anchor: bool,
    /// A UTF-8 locale: a multibyte character of the pattern is one atom,
    /// `.` and bracket expressions match whole valid characters.
    utf8: bool,
}

type PResult<T> = Result<T, &'static str>;

#[cfg_attr(corebox_opt, optimize(size))]
fn set_of(f: &dyn Fn(u8) -> bool) -> Box<[bool; 256]> {
    let mut s = Box::new([false; 256]);
    for b in 0..=255u8 {
        s[b as usize] = f(b);
    }
    s
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The bytes of a POSIX class name (`alpha` ...), if it is one.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn class(name: &[u8]) -> Option<fn(u8) -> bool> {
    Some(match name {
        b"alpha" => |b: u8| b.is_ascii_alphabetic(),
        b"upper" => |b: u8| b.is_ascii_uppercase(),
        b"lower" => |b: u8| b.is_ascii_lowercase(),
        b"digit" => |b: u8| b.is_ascii_digit(),
        b"xdigit" => |b: u8| b.is_ascii_hexdigit(),
        b"space" => |b: u8| matches!(b, b' ' | b'\t'..=b'\r'),
        b"print" => |b: u8| (0x20..0x7f).contains(&b),
        b"punct" => |b: u8| b.is_ascii_punctuation(),
        b"graph" => |b: u8| b.is_ascii_graphic(),
        b"cntrl" => |b: u8| b < 0x20 || b == 0x7f,
        b"blank" => |b: u8| b == b' ' || b == b'\t',
        b"alnum" => |b: u8| b.is_ascii_alphanumeric(),
        _ => return None,
    })
}

impl Parser<'_> {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn peek(&self) -> Option<u8> {
        self.p.get(self.i).copied()
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn at(&self, s: &[u8]) -> bool {
        self.p[self.i..].starts_with(s)
    }

    /// `$` is an anchor at the end of the pattern or of a branch or group.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn dollar_is_anchor(&self) -> bool {
        let rest = &self.p[self.i + 1..];
        rest.is_empty() || rest.starts_with(b"\\)") || rest.starts_with(b"\\|")
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn alternation(&mut self, depth: usize) -> PResult<Node> {
        let mut branches = vec![self.branch(depth)?];
        while self.at(b"\\|") {
            self.i += 2;
            branches.push(self.branch(depth)?);
        }
        Ok(if branches.len() == 1 {
            branches.pop().unwrap_or(Node::Empty)
        } else {
            Node::Alt(branches)
        })
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn branch(&mut self, depth: usize) -> PResult<Node> {
        let mut items: Vec<Node> = Vec::new();
        // At the start of a branch `*` (and `\{`, `+`, `?`) are literal.
        let mut start = true;
        while let Some(c) = self.peek() {
            if self.at(b"\\|") {
                break;
            }
            if self.at(b"\\)") {
                if depth == 0 {
                    return Err("Unmatched ) or \\)");
                }
                break;
            }
            if c == b'^' && start && items.is_empty() {
                self.i += 1;
                items.push(Node::Assert(if self.newline_anchor {
                    Assert::LineStart
                } else {
                    Assert::BufStart
                }));
                continue;
            }
            let repeat = if start { None } else { self.repeat_op()? };
            if let Some((min, max)) = repeat {
                let Some(last) = items.pop() else {
                    return Err("Invalid preceding regular expression");
                };
                let last = match last {
                    // Repeating an anchor repeats nothing.
                    Node::Assert(_) => last,
                    n => Node::Repeat(Box::new(n), min, max),
                };
                items.push(last);
                continue;
            }
            start = false;
            let atom = self.atom(depth)?;
            items.push(atom);
        }
        Ok(match items.len() {
            0 => Node::Empty,
            1 => items.pop().unwrap_or(Node::Empty),
            _ => Node::Concat(items),
        })
    }

    /// A repetition operator at the cursor: `*`, `\+`/`+`, `\?`/`?`, `\{m,n\}`.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn repeat_op(&mut self) -> PResult<Option<(u32, Option<u32>)>> {
        let basic = self.syntax == Syntax::Basic;
        let op = match (self.peek(), self.p.get(self.i + 1).copied()) {
            (Some(b'*'), _) => (1, 0, None),
            (Some(b'+'), _) if !basic => (1, 1, None),
            (Some(b'?'), _) if !basic => (1, 0, Some(1)),
            (Some(b'\\'), Some(b'+')) if basic => (2, 1, None),
            (Some(b'\\'), Some(b'?')) if basic => (2, 0, Some(1)),
            (Some(b'\\'), Some(b'{')) if basic => {
                self.i += 2;
                return self.interval().map(Some);
            }
            _ => return Ok(None),
        };
        self.i += op.0;
        Ok(Some((op.1, op.2)))
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn number(&mut self) -> Option<u32> {
        let from = self.i;
        let mut n: u32 = 0;
        while let Some(d) = self.peek().filter(u8::is_ascii_digit) {
            n = n.saturating_mul(10).saturating_add((d - b'0') as u32);
            self.i += 1;
        }
        (self.i > from).then_some(n)
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn interval(&mut self) -> PResult<(u32, Option<u32>)> {
        let min = self.number();
        let max = if self.peek() == Some(b',') {
            self.i += 1;
            self.number()
        } else {
            Some(min.unwrap_or(0))
        };
        if !self.at(b"\\}") {
            // glibc: bad content with no `\}` anywhere after is unmatched.
            let closed = self.p[self.i..].windows(2).any(|w| w == b"\\}");
            return Err(if closed {
                "Invalid content of \\{\\}"
            } else {
                "Unmatched \\{"
            });
        }
        self.i += 2;
        let min = min.unwrap_or(0);
        if max.is_some_and(|m| m < min) {
            return Err("Invalid content of \\{\\}");
        }
        if min > DUP_MAX || max.is_some_and(|m| m > DUP_MAX) {
            return Err("Regular expression too big");
        }
        Ok((min, max))
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn atom(&mut self, depth: usize) -> PResult<Node> {
        let c = self.p[self.i];
        self.i += 1;
        let basic = self.syntax == Syntax::Basic;
        Ok(match c {
            b'.' if self.utf8 => Node::Alt(vec![
                Node::Set(set_of(&|b| {
                    b < 0x80 && if basic { b != 0 } else { b != b'\n' }
                })),
                utf8_ranges(&[(0x80, 0x10ffff)]),
            ]),
            b'.' => Node::Set(set_of(&|b| if basic { b != 0 } else { b != b'\n' })),
            b'[' => self.bracket()?,
            b'$' if {
                self.i -= 1;
                let a = self.dollar_is_anchor();
                self.i += 1;
                a
            } =>
            {
                Node::Assert(if self.newline_anchor {
                    Assert::LineEnd
                } else {
                    Assert::BufEnd
                })
            }
            b'\\' => {
                let Some(e) = self.peek() else {
                    return Err("Trailing backslash");
                };
                self.i += 1;
                match e {
                    b'(' => {
                        self.groups = self.groups.saturating_add(1);
                        let n = self.groups;
                        let inner = self.alternation(depth + 1)?;
                        if !self.at(b"\\)") {
                            return Err("Unmatched ( or \\(");
                        }
                        self.i += 2;
                        self.closed.push(n);
                        Node::Group(Box::new(inner), n)
                    }
                    b'1'..=b'9' => {
                        let n = e - b'0';
                        if !self.closed.contains(&n) {
                            return Err("Invalid back reference");
                        }
                        Node::Backref(n)
                    }
                    b'w' => Node::Set(set_of(&is_word)),
                    b'W' => Node::Set(set_of(&|b| !is_word(b))),
                    b's' => Node::Set(set_of(&|b| matches!(b, b' ' | b'\t'..=b'\r'))),
                    b'S' => Node::Set(set_of(&|b| !matches!(b, b' ' | b'\t'..=b'\r'))),
                    b'b' => Node::Assert(Assert::WordBoundary),
                    b'B' => Node::Assert(Assert::NotWordBoundary),
                    b'<' => Node::Assert(Assert::WordStart),
                    b'>' => Node::Assert(Assert::WordEnd),
                    b'`' => Node::Assert(Assert::BufStart),
                    b'\'' => Node::Assert(Assert::BufEnd),
                    _ => Node::Set(set_of(&|b| b == e)),
                }
            }
            _ => match self.multibyte(self.i - 1) {
                Some((_, len)) => {
                    let bytes = &self.p[self.i - 1..self.i - 1 + len];
                    self.i += len - 1;
                    Node::Concat(
                        bytes
                            .iter()
                            .map(|&c| Node::Set(set_of(&|b| b == c)))
                            .collect(),
                    )
                }
                None => Node::Set(set_of(&|b| b == c)),
            },
        })
    }

    /// The code point and length of the multibyte character at `at` of
    /// the pattern, in a UTF-8 locale.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn multibyte(&self, at: usize) -> Option<(u32, usize)> {
        match crate::unicode::decode(&self.p[at..]) {
            Ok((cp, len)) if self.utf8 && len > 1 => Some((cp, len)),
            _ => None,
        }
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn bracket(&mut self) -> PResult<Node> {
        const UNMATCHED: &str = "Unmatched [, [^, [:, [., or [=";
        let mut set = Box::new([false; 256]);
        // Multibyte characters and ranges of them (UTF-8 locale).
        let mut wide: Vec<(u32, u32)> = Vec::new();
        let negate = self.peek() == Some(b'^');
        if negate {
            self.i += 1;
        }
        // glibc: the pattern ending right after `[` or `[^` is REG_BADPAT.
        if self.peek().is_none() {
            return Err("Invalid regular expression");
        }
        let mut first = true;
        loop {
            let Some(c) = self.peek() else {
                return Err(UNMATCHED);
            };
            if c == b']' && !first {
                self.i += 1;
                break;
            }
            first = false;
            let Some(lo) = self.bracket_element(&mut set)? else {
                continue;
            };
            // A range `a-z`, unless the `-` ends the list.
            let (lo, hi) = if self.peek() == Some(b'-')
                && self.p.get(self.i + 1).is_some_and(|&n| n != b']')
            {
                self.i += 1;
                let Some(hi) = self.bracket_element(&mut set)? else {
                    return Err("Invalid range end");
                };
                (lo, hi)
            } else {
                (lo, lo)
            };
            for b in lo..=hi.min(0xff) {
                set[b as usize] = true;
            }
            // (Multibyte code points come shifted above the bytes.)
            if hi > 0xff {
                wide.push((lo.checked_sub(0x100).unwrap_or(0x80), hi - 0x100));
            }
        }
        if !self.utf8 {
            if negate {
                for b in set.iter_mut() {
                    *b = !*b;
                }
            }
            return Ok(Node::Set(set));
        }
        // In a UTF-8 locale the bytes of the set are characters below
        // 0x80 (a byte above can only match an invalid one, as glibc's
        // single-byte fallback does not here: left out).
        for b in set[0x80..].iter_mut() {
            *b = false;
        }
        if negate {
            for b in set[..0x80].iter_mut() {
                *b = !*b;
            }
            wide = complement_ranges(wide);
        }
        Ok(Node::Alt(vec![Node::Set(set), utf8_ranges(&wide)]))
    }

    /// One element of a bracket list: a byte or (UTF-8 locale) the code
    /// point of a multibyte character plus 0x100 (returned, it may start
    /// a range),
    /// or a class (added to `set`, returns None).
    #[cfg_attr(corebox_opt, optimize(size))]
    fn bracket_element(&mut self, set: &mut [bool; 256]) -> PResult<Option<u32>> {
        const UNMATCHED: &str = "Unmatched [, [^, [:, [., or [=";
        let c = self.p[self.i];
        let kind = self.p.get(self.i + 1).copied();
        let classes = self.syntax == Syntax::Basic;
        if c == b'[' && classes && matches!(kind, Some(b':' | b'=' | b'.')) {
            let kind = kind.unwrap_or(b':');
            let body = self.i + 2;
            let mut end = body;
            loop {
                if end + 1 >= self.p.len() {
                    return Err(UNMATCHED);
                }
                if self.p[end] == kind && self.p[end + 1] == b']' {
                    break;
                }
                end += 1;
            }
            let name = &self.p[body..end];
            self.i = end + 2;
            return match kind {
                b':' => {
                    let f = class(name).ok_or("Invalid character class name")?;
                    for b in 0..=255u8 {
                        if f(b) {
                            set[b as usize] = true;
                        }
                    }
                    Ok(None)
                }
                _ if name.len() == 1 => Ok(Some(name[0] as u32)),
                _ => Err("Invalid collation character"),
            };
        }
        if let Some((cp, len)) = self.multibyte(self.i) {
            self.i += len;
            return Ok(Some(cp + 0x100));
        }
        self.i += 1;
        Ok(Some(c as u32))
    }
}

/// Whether a character starts at `at` of `hay`: not inside a valid
/// multibyte sequence that starts before.
fn char_start(hay: &[u8], at: usize) -> bool {
    if hay.get(at).is_none_or(|&b| b & 0xc0 != 0x80) {
        return true;
    }
    !(1..=3.min(at)).any(|k| crate::unicode::decode(&hay[at - k..]).is_ok_and(|(_, n)| n > k))
}

/// The code points not in `ranges`, from 0x80 up.
#[cfg_attr(corebox_opt, optimize(size))]
fn complement_ranges(mut ranges: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    crate::sort::sort(&mut ranges);
    let mut out = Vec::new();
    let mut next = 0x80;
    for (lo, hi) in ranges {
        if lo > next {
            out.push((next, lo - 1));
        }
        next = next.max(hi.saturating_add(1));
    }
    if next <= 0x10ffff {
        out.push((next, 0x10ffff));
    }
    out
}

/// The UTF-8 encodings of the multibyte code points of `ranges`
/// (surrogates left out), as alternatives of byte-range sequences.
#[cfg_attr(corebox_opt, optimize(size))]
fn utf8_ranges(ranges: &[(u32, u32)]) -> Node {
    let mut alts = Vec::new();
    for &(lo, hi) in ranges {
        for (a, b) in [
            (0x80, 0x7ff),
            (0x800, 0xd7ff),
            (0xe000, 0xffff),
            (0x10000, 0x10ffff),
        ] {
            let (l, h) = (lo.max(a), hi.min(b));
            if l <= h {
                utf8_split(l, h, &mut alts);
            }
        }
    }
    if alts.is_empty() {
        return Node::Set(Box::new([false; 256]));
    }
    Node::Alt(alts)
}

/// Splits `lo..=hi` (code points of one encoded length) until each piece
/// is a sequence of byte ranges, pushed to `out`.
#[cfg_attr(corebox_opt, optimize(size))]
fn utf8_split(lo: u32, hi: u32, out: &mut Vec<Node>) {
    let len = match hi {
        0..=0x7ff => 2,
        0x800..=0xffff => 3,
        _ => 4,
    };
    for i in 1..len {
        let m = (1u32 << (6 * i)) - 1;
        if lo & !m != hi & !m {
            if lo & m != 0 {
                utf8_split(lo, lo | m, out);
                return utf8_split((lo | m) + 1, hi, out);
            }
            if hi & m != m {
                utf8_split(lo, (hi & !m) - 1, out);
                return utf8_split(hi & !m, hi, out);
            }
        }
    }
    let (mut a, mut b) = ([0u8; 4], [0u8; 4]);
    let (a, b) = (encode_utf8(lo, &mut a), encode_utf8(hi, &mut b));
    let seq = a
        .iter()
        .zip(b)
        .map(|(&x, &y)| Node::Set(set_of(&|c| (x..=y).contains(&c))));
    out.push(Node::Concat(seq.collect()));
}

#[cfg_attr(corebox_opt, optimize(size))]
fn encode_utf8(cp: u32, buf: &mut [u8; 4]) -> &[u8] {
    char::from_u32(cp).map_or(&[][..], |c| c.encode_utf8(buf).as_bytes())
}

struct Compiler {
    prog: Vec<Inst>,
    sets: Vec<[bool; 256]>,
}

impl Compiler {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn push(&mut self, i: Inst) -> PResult<u32> {
        if self.prog.len() >= PROG_MAX {
            return Err("Regular expression too big");
        }
        self.prog.push(i);
        Ok((self.prog.len() - 1) as u32)
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn pc(&self) -> u32 {
        self.prog.len() as u32
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn patch(&mut self, at: u32, to: u32) {
        match &mut self.prog[at as usize] {
            Inst::Split(_, b) => *b = to,
            Inst::Jmp(t) => *t = to,
            _ => {}
        }
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn node(&mut self, n: &Node) -> PResult<()> {
        match n {
            Node::Empty => {}
            Node::Set(s) => {
                let members: Vec<u8> = (0..=255u8).filter(|&b| s[b as usize]).collect();
                if members.len() == 1 {
                    self.push(Inst::Byte(members[0]))?;
                } else {
                    let idx = match self.sets.iter().position(|x| x == &**s) {
                        Some(i) => i,
                        None => {
                            self.sets.push(**s);
                            self.sets.len() - 1
                        }
                    };
                    self.push(Inst::Set(idx as u32))?;
                }
            }
            Node::Assert(a) => {
                self.push(Inst::Assert(*a))?;
            }
            Node::Group(inner, g) => {
                self.push(Inst::Save(*g as u16 * 2))?;
                self.node(inner)?;
                self.push(Inst::Save(*g as u16 * 2 + 1))?;
            }
            Node::Backref(g) => {
                self.push(Inst::Backref(*g))?;
            }
            Node::Concat(items) => {
                for i in items {
                    self.node(i)?;
                }
            }
            Node::Alt(branches) => {
                let mut jumps = Vec::new();
                for (k, b) in branches.iter().enumerate() {
                    if k + 1 < branches.len() {
                        let split = self.push(Inst::Split(0, 0))?;
                        self.prog[split as usize] = Inst::Split(split + 1, 0);
                        self.node(b)?;
                        jumps.push(self.push(Inst::Jmp(0))?);
                        let next = self.pc();
                        self.patch(split, next);
                    } else {
                        self.node(b)?;
                    }
                }
                let end = self.pc();
                for j in jumps {
                    self.patch(j, end);
                }
            }
            Node::Repeat(inner, min, max) => {
                for _ in 0..*min {
                    self.node(inner)?;
                }
                match max {
                    None => {
                        // L: split body, end; body; jmp L
                        let split = self.push(Inst::Split(0, 0))?;
                        self.prog[split as usize] = Inst::Split(split + 1, 0);
                        self.node(inner)?;
                        self.push(Inst::Jmp(split))?;
                        let end = self.pc();
                        self.patch(split, end);
                    }
                    Some(max) => {
                        let mut splits = Vec::new();
                        for _ in *min..*max {
                            let split = self.push(Inst::Split(0, 0))?;
                            self.prog[split as usize] = Inst::Split(split + 1, 0);
                            splits.push(split);
                            self.node(inner)?;
                        }
                        let end = self.pc();
                        for s in splits {
                            self.patch(s, end);
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// A DFA built state by state as the input needs them (subset construction
/// over the program). A state is the closure of the instructions reached
/// by the bytes so far, and whether the position is at a line start; the
/// `$`s in it are passed per transition, when the next byte tells whether
/// they hold. Too many states: the caller falls back to the Pike VM.
#[derive(Debug)]
struct Dfa {
    /// Unanchored: every position may start a match (is_match).
    anywhere: bool,
    /// The pattern has a `^`: states at a line start differ.
    line_starts: bool,
    /// The transitions, 256 per state: state k's on byte b at k*256 + b
    /// hold the target's k*256, with SPECIAL when that state needs a
    /// look (dead, accepting, accelerated); UNKNOWN until computed.
    trans: Vec<u32>,
    states: Vec<DState>,
    /// The states by their threads (state 0, the dead one, left out).
    ids: crate::slots::Slots,
    /// The start states, not at and at a line start (UNKNOWN until made).
    starts: [u32; 2],
}

#[derive(Debug)]
struct DState {
    /// The threads: consuming instructions, Match and pending `$`s.
    set: Vec<u32>,
    line_start: bool,
    /// Whether a match ends here: when the position is not, and is, at a
    /// line end.
    accept: [bool; 2],
    /// The only bytes (at most 3, repeated to fill) that leave the state,
    /// when all others loop back to it: the run skips to the next one with
    /// memchr3. NO_ACCEL: more leave.
    accel: [u8; 3],
    naccel: u8,
}

const NO_ACCEL: u8 = 4;

impl DState {
    /// The table entry of this state, number `n`: flagged SPECIAL when the
    /// run must look at it (accepting, accelerated).
    fn id(&self, n: usize) -> u32 {
        let special = self.accept[0] || self.accept[1] || self.naccel != NO_ACCEL;
        (n as u32) << 8 | if special { SPECIAL } else { 0 }
    }
}

/// The hash of a DFA state's threads and line context.
fn state_hash(line_start: bool, set: &[u32]) -> u64 {
    set.iter().fold(line_start as u64, |h, &pc| {
        (h ^ pc as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

const UNKNOWN: u32 = u32::MAX;
const SPECIAL: u32 = 1 << 31;
/// State 0, flagged.
const DEAD: u32 = SPECIAL;
const MAX_STATES: usize = 2000;

impl Dfa {
    fn new(anywhere: bool, line_starts: bool) -> Dfa {
        Dfa {
            anywhere,
            line_starts,
            trans: Vec::new(),
            states: Vec::new(),
            ids: crate::slots::Slots::new(),
            starts: [UNKNOWN; 2],
        }
    }

    /// The consuming instructions and Match reachable from `pcs` without
    /// consuming input, given the line context, and when not at a line end
    /// the `$`s met (a line end may still pass them): sorted.
    fn closure(re: &Regex, pcs: &[u32], line_start: bool, line_end: bool) -> Vec<u32> {
        let mut seen = vec![false; re.prog.len()];
        let mut out = Vec::new();
        let mut stack: Vec<u32> = pcs.to_vec();
        while let Some(pc) = stack.pop() {
            if core::mem::replace(&mut seen[pc as usize], true) {
                continue;
            }
            match re.prog[pc as usize] {
                Inst::Jmp(t) => stack.push(t),
                Inst::Split(a, b) => stack.extend([a, b]),
                Inst::Save(_) => stack.push(pc + 1),
                Inst::Assert(Assert::LineStart) if line_start => stack.push(pc + 1),
                Inst::Assert(Assert::LineEnd) if line_end => stack.push(pc + 1),
                Inst::Assert(Assert::LineEnd) => out.push(pc),
                Inst::Assert(_) | Inst::Backref(_) => {}
                Inst::Byte(_) | Inst::Set(_) | Inst::Match => out.push(pc),
            }
        }
        crate::sort::sort(&mut out);
        out
    }

    /// Where `b` moves the threads of `closure` (before their closure),
    /// with a new start when unanchored.
    fn moved(&self, re: &Regex, closure: &[u32], b: u8) -> Vec<u32> {
        let mut to = Vec::new();
        for &pc in closure {
            if match re.prog[pc as usize] {
                Inst::Byte(x) => x == b,
                Inst::Set(s) => re.sets[s as usize][b as usize],
                _ => false,
            } {
                to.push(pc + 1);
            }
        }
        if self.anywhere {
            to.push(0);
        }
        to
    }

    /// The table entry of the state of `pcs` and their closure (made if
    /// new).
    fn state(&mut self, re: &Regex, line_start: bool, pcs: &[u32]) -> Option<u32> {
        let set = Self::closure(re, pcs, line_start, false);
        // (Unanchored, no thread left waits for the next line start.)
        if set.is_empty() && !self.anywhere {
            return Some(DEAD);
        }
        let states = &self.states;
        let found = self.ids.find(state_hash(line_start, &set), |i| {
            states[i].line_start == line_start && states[i].set == set
        });
        if let Some(i) = found {
            return Some(states[i].id(i));
        }
        if self.states.len() >= MAX_STATES {
            return None;
        }
        let set = &set;
        let ends = [set.clone(), Self::closure(re, set, line_start, true)];
        let accept = ends.each_ref().map(|c| {
            c.iter()
                .any(|&pc| matches!(re.prog[pc as usize], Inst::Match))
        });
        // Accelerated: few bytes leave the state, and every position the
        // skip passes over accepts as the one it stops at does. Runs of
        // bytes moving the threads alike share one closure.
        let mut accel = [0; 3];
        let mut naccel = NO_ACCEL;
        if accept[0] == accept[1] {
            naccel = 0;
            let mut last: Option<(Vec<u32>, bool)> = None;
            for b in 0..=255u8 {
                let to = self.moved(re, &ends[(b == b'\n') as usize], b);
                if last.as_ref().is_none_or(|l| l.0 != to) {
                    let stays = Self::closure(re, &to, line_start, false) == *set;
                    last = Some((to, stays));
                }
                if !(last.as_ref().is_some_and(|l| l.1)
                    && (self.line_starts && b == b'\n') == line_start)
                {
                    if naccel == 3 {
                        naccel = NO_ACCEL;
                        break;
                    }
                    accel[naccel as usize..].fill(b);
                    naccel += 1;
                }
            }
        }
        self.trans.extend_from_slice(&[UNKNOWN; 256]);
        let n = self.states.len();
        self.states.push(DState {
            set: set.clone(),
            line_start,
            accept,
            accel,
            naccel,
        });
        let states = &self.states;
        self.ids
            .insert(n, |i| state_hash(states[i].line_start, &states[i].set));
        Some(states[n].id(n))
    }

    /// The table entry after `b` from the state at `from` (k*256).
    fn step(&mut self, re: &Regex, from: u32, b: u8) -> Option<u32> {
        let st = &self.states[(from >> 8) as usize];
        let to = if b == b'\n' {
            self.moved(re, &Self::closure(re, &st.set, st.line_start, true), b)
        } else {
            self.moved(re, &st.set, b)
        };
        let id = self.state(re, self.line_starts && b == b'\n', &to)?;
        self.trans[(from | b as u32) as usize] = id;
        Some(id)
    }

    /// Runs from `start`: unanchored, whether a match ends anywhere
    /// (`Some(Some(_))` as soon as one does); anchored, the end of the
    /// longest match there. None: too many states, use the Pike VM.
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn run(&mut self, re: &Regex, hay: &[u8], start: usize) -> Option<Option<usize>> {
        if self.states.is_empty() {
            self.states.push(DState {
                set: Vec::new(),
                line_start: false,
                accept: [false; 2],
                accel: [0; 3],
                naccel: NO_ACCEL,
            });
            // (Never read: a run stops at the dead state.)
            self.trans.extend_from_slice(&[UNKNOWN; 256]);
        }
        let line_start = self.line_starts && (start == 0 || hay[start - 1] == b'\n');
        let mut s = self.starts[line_start as usize];
        if s == UNKNOWN {
            s = self.state(re, line_start, &[0])?;
            self.starts[line_start as usize] = s;
        }
        let mut best = None;
        let mut p = start;
        loop {
            if s & SPECIAL != 0 {
                s &= !SPECIAL;
                if s == 0 {
                    return Some(best);
                }
                let st = &self.states[(s >> 8) as usize];
                if st.naccel != NO_ACCEL {
                    let rest = hay.get(p..).unwrap_or_default();
                    let [a, b, c] = st.accel;
                    let k = match st.naccel {
                        0 => None,
                        1 => crate::memchr::memchr(a, rest),
                        _ => crate::memchr::memchr3(a, b, c, rest),
                    };
                    p += k.unwrap_or(rest.len());
                }
                if st.accept[hay.get(p).is_none_or(|&b| b == b'\n') as usize] {
                    best = Some(p);
                    if self.anywhere {
                        return Some(best);
                    }
                }
            }
            // The common case: known transitions to plain states.
            loop {
                let Some(&b) = hay.get(p) else {
                    return Some(best);
                };
                let n = self.trans[(s | b as u32) as usize];
                p += 1;
                if n & SPECIAL != 0 {
                    s = if n == UNKNOWN {
                        self.step(re, s, b)?
                    } else {
                        n
                    };
                    break;
                }
                s = n;
            }
        }
    }
}

fn literal_in(hay: &[u8], needle: &[u8]) -> bool {
    crate::substr::find(hay, needle).is_some()
}

#[cfg_attr(corebox_opt, optimize(size))]
fn has_backref(n: &Node) -> bool {
    match n {
        Node::Backref(_) => true,
        Node::Group(i, _) | Node::Repeat(i, _, _) => has_backref(i),
        Node::Concat(v) | Node::Alt(v) => v.iter().any(has_backref),
        _ => false,
    }
}

impl Regex {
    /// Compiles `pattern`; the error is glibc's message text.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn new(pattern: &[u8], syntax: Syntax) -> Result<Regex, &'static str> {
        Regex::compile(pattern, syntax, true, false)
    }

    /// [`Regex::new`] for the locale, as glibc's regex in a UTF-8 one
    /// (`utf8`): a multibyte character of the pattern is one atom, `.`
    /// and bracket expressions match whole valid characters (never an
    /// invalid byte), and matches start only where characters do.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn new_in_locale(
        pattern: &[u8],
        syntax: Syntax,
        utf8: bool,
    ) -> Result<Regex, &'static str> {
        Regex::compile(pattern, syntax, true, utf8)
    }

    /// [`Regex::new`] with `^` and `$` anchored to the ends of the subject
    /// only, not to newlines inside it (expr's `newline_anchor = 0`).
    /// In a UTF-8 locale (`utf8`), characters as [`Regex::new_in_locale`].
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn new_whole(pattern: &[u8], syntax: Syntax, utf8: bool) -> Result<Regex, &'static str> {
        Regex::compile(pattern, syntax, false, utf8)
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn compile(
        pattern: &[u8],
        syntax: Syntax,
        newline_anchor: bool,
        utf8: bool,
    ) -> Result<Regex, &'static str> {
        let mut p = Parser {
            p: pattern,
            i: 0,
            syntax,
            groups: 0,
            closed: Vec::new(),
            newline_anchor,
            utf8,
        };
        let ast = p.alternation(0)?;
        if p.i < pattern.len() {
            return Err("Unmatched ) or \\)");
        }
        let mut c = Compiler {
            prog: Vec::new(),
            sets: Vec::new(),
        };
        c.node(&ast)?;
        c.push(Inst::Match)?;
        let n = c.prog.len();
        let mut r = Regex {
            prog: c.prog,
            sets: c.sets,
            groups: p.groups as usize + 1,
            backrefs: has_backref(&ast),
            first: None,
            literal: None,
            line_anchored: false,
            utf8,
            dfas: None,
            steps: core::cell::Cell::new(BACKTRACK_STEPS),
            scratch: RefCell::new((
                Vec::with_capacity(n),
                Vec::with_capacity(n),
                vec![usize::MAX; n],
                Vec::new(),
            )),
        };
        r.first = r.first_bytes();
        r.line_anchored = matches!(r.prog[0], Inst::Assert(Assert::LineStart));
        let dfa_able = !r.backrefs
            && r.prog.iter().all(|i| !matches!(i, Inst::Assert(a) if !matches!(a, Assert::LineStart | Assert::LineEnd)));
        if dfa_able {
            let ls = r
                .prog
                .iter()
                .any(|i| matches!(i, Inst::Assert(Assert::LineStart)));
            r.dfas = Some([
                RefCell::new(Dfa::new(true, ls)),
                RefCell::new(Dfa::new(false, ls)),
            ]);
        }
        let n = r.prog.len() - 1;
        if r.prog[..n].iter().all(|i| matches!(i, Inst::Byte(_)))
            && matches!(r.prog[n], Inst::Match)
        {
            r.literal = Some(
                r.prog[..n]
                    .iter()
                    .map(|i| if let Inst::Byte(b) = i { *b } else { 0 })
                    .collect(),
            );
        }
        Ok(r)
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn first_bytes(&self) -> Option<[bool; 256]> {
        let mut first = [false; 256];
        let mut seen = vec![false; self.prog.len()];
        let mut stack = vec![0u32];
        while let Some(pc) = stack.pop() {
            if core::mem::replace(&mut seen[pc as usize], true) {
                continue;
            }
            match self.prog[pc as usize] {
                Inst::Byte(b) => first[b as usize] = true,
                Inst::Set(s) => {
                    for (f, &m) in first.iter_mut().zip(self.sets[s as usize].iter()) {
                        *f |= m;
                    }
                }
                Inst::Jmp(t) => stack.push(t),
                Inst::Split(a, b) => stack.extend([a, b]),
                Inst::Save(_) => stack.push(pc + 1),
                Inst::Assert(_) | Inst::Backref(_) | Inst::Match => return None,
            }
        }
        Some(first)
    }

    fn assert(a: Assert, hay: &[u8], at: usize) -> bool {
        let before = at.checked_sub(1).map(|i| hay[i]);
        let after = hay.get(at).copied();
        let wb = before.is_some_and(is_word);
        let wa = after.is_some_and(is_word);
        match a {
            Assert::LineStart => before.is_none_or(|b| b == b'\n'),
            Assert::LineEnd => after.is_none_or(|b| b == b'\n'),
            Assert::BufStart => at == 0,
            Assert::BufEnd => at == hay.len(),
            Assert::WordBoundary => wb != wa,
            Assert::NotWordBoundary => wb == wa,
            Assert::WordStart => !wb && wa,
            Assert::WordEnd => wb && !wa,
        }
    }

    /// The end of the longest match starting exactly at `start` in `hay`
    /// (the whole of `hay` is context for anchors and word boundaries).
    pub fn match_at(&self, hay: &[u8], start: usize) -> Option<usize> {
        self.steps.set(BACKTRACK_STEPS);
        self.match_from(hay, start)
    }

    fn match_from(&self, hay: &[u8], start: usize) -> Option<usize> {
        if self.backrefs {
            return self.backtrack(hay, start);
        }
        if let Some(d) = &self.dfas {
            if let Some(r) = d[1].borrow_mut().run(self, hay, start) {
                return r;
            }
        }
        self.run(hay, start, false)
    }

    /// The Pike VM from `start`: the end of the longest match there, or
    /// with `anywhere`, the end of the first match found at any start.
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn run(&self, hay: &[u8], start: usize, anywhere: bool) -> Option<usize> {
        let mut s = self.scratch.borrow_mut();
        let (cur, next, mark, stack) = &mut *s;
        cur.clear();
        mark.iter_mut().for_each(|m| *m = usize::MAX);
        let mut best = None;
        let mut pos = start;
        loop {
            let start_here = if anywhere {
                best.is_none() && self.can_start(hay, pos)
            } else {
                pos == start
            };
            if start_here {
                self.add(cur, mark, stack, 0, hay, pos, &mut best);
            }
            if (anywhere && best.is_some()) || pos >= hay.len() || (cur.is_empty() && !anywhere) {
                break;
            }
            if anywhere && cur.is_empty() && self.line_anchored {
                // No thread alive: the next start is after a newline.
                match crate::memchr::memchr(b'\n', &hay[pos..]) {
                    Some(k) => {
                        pos += k + 1;
                        continue;
                    }
                    None => break,
                }
            }
            let b = hay[pos];
            next.clear();
            for &pc in cur.iter() {
                let ok = match self.prog[pc as usize] {
                    Inst::Byte(x) => x == b,
                    Inst::Set(s) => self.sets[s as usize][b as usize],
                    _ => false,
                };
                if ok {
                    self.add(next, mark, stack, pc + 1, hay, pos + 1, &mut best);
                }
            }
            core::mem::swap(cur, next);
            pos += 1;
        }
        best
    }

    /// Whether a match may start at `at` (the first-byte prefilter).
    fn can_start(&self, hay: &[u8], at: usize) -> bool {
        if self.line_anchored && at > 0 && hay[at - 1] != b'\n' {
            return false;
        }
        if self.utf8 && !char_start(hay, at) {
            return false;
        }
        match &self.first {
            None => true,
            Some(f) => hay.get(at).is_some_and(|&b| f[b as usize]),
        }
    }

    /// Adds the thread at `pc` and everything reachable from it without
    /// consuming input (an explicit stack: no recursion per instruction).
    #[allow(clippy::too_many_arguments)]
    fn add(
        &self,
        list: &mut Vec<u32>,
        mark: &mut [usize],
        stack: &mut Vec<u32>,
        pc: u32,
        hay: &[u8],
        at: usize,
        best: &mut Option<usize>,
    ) {
        stack.push(pc);
        while let Some(pc) = stack.pop() {
            if mark[pc as usize] == at {
                continue;
            }
            mark[pc as usize] = at;
            match self.prog[pc as usize] {
                Inst::Jmp(t) => stack.push(t),
                Inst::Split(a, b) => {
                    stack.push(b);
                    stack.push(a);
                }
                Inst::Save(_) => stack.push(pc + 1),
                Inst::Assert(a) => {
                    if Self::assert(a, hay, at) {
                        stack.push(pc + 1)
                    }
                }
                Inst::Match => *best = Some(best.map_or(at, |b: usize| b.max(at))),
                Inst::Byte(_) | Inst::Set(_) => list.push(pc),
                Inst::Backref(_) => {}
            }
        }
    }

    /// The longest match at `start` by trying every path (patterns with
    /// back-references only: exponential in the worst case, as in glibc).
    fn backtrack(&self, hay: &[u8], start: usize) -> Option<usize> {
        self.backtrack_to(hay, start, None).0
    }

    /// The number of `\(...\)` groups (re_nsub).
    pub fn groups(&self) -> usize {
        self.groups.saturating_sub(1)
    }

    /// The group boundaries (start, end per group, `usize::MAX` when a
    /// group took no part; group 0 is the whole match) of the first way,
    /// in priority order (greedy first), that the pattern matches exactly
    /// `start..end`; `end` is [`Regex::match_at`]'s answer.
    pub fn captures(&self, hay: &[u8], start: usize, end: usize) -> Option<Vec<usize>> {
        self.steps.set(BACKTRACK_STEPS);
        self.backtrack_to(hay, start, Some(end)).1
    }

    /// The backtracker: the longest match end, or with `target` the
    /// captures of the first path ending there.
    fn backtrack_to(
        &self,
        hay: &[u8],
        start: usize,
        target: Option<usize>,
    ) -> (Option<usize>, Option<Vec<usize>>) {
        let mut best = None;
        // Each backward jump (a loop) gets a slot after the groups' with
        // the position it was last taken at on this path: an iteration
        // that consumed nothing ends the path, as in GNU's matcher.
        let mut loop_slot = vec![u32::MAX; self.prog.len()];
        let mut slots = self.groups * 2;
        for (pc, i) in self.prog.iter().enumerate() {
            if matches!(i, Inst::Jmp(t) if (*t as usize) <= pc) {
                loop_slot[pc] = slots as u32;
                slots += 1;
            }
        }
        let mut stack: Vec<(u32, usize, Vec<usize>)> = vec![(0, start, vec![usize::MAX; slots])];
        // Without back-references, what follows a state depends only on
        // (pc, position): a state seen once on an earlier path failed (or
        // is on this path, an iteration that consumed nothing), so each is
        // tried once and the search is polynomial (RE2's bit-state
        // backtracker). The bitmap is bounded; beyond it, and with
        // back-references, a step budget bounds exponential searches.
        let width = target.map_or(0, |t| t.saturating_sub(start) + 1);
        let mut seen = match target {
            Some(_) if !self.backrefs && self.prog.len().saturating_mul(width) <= 1 << 28 => {
                vec![0u64; (self.prog.len() * width).div_ceil(64)]
            }
            _ => Vec::new(),
        };
        while let Some((mut pc, mut at, mut caps)) = stack.pop() {
            loop {
                if !seen.is_empty() {
                    let Some(i) = at.checked_sub(start).filter(|&d| d < width) else {
                        break;
                    };
                    let bit = pc as usize * width + i;
                    if seen[bit / 64] & (1 << (bit % 64)) != 0 {
                        break;
                    }
                    seen[bit / 64] |= 1 << (bit % 64);
                }
                let budget = self.steps.get().saturating_sub(1);
                self.steps.set(budget);
                if budget == 0 {
                    return (best, None);
                }
                match self.prog[pc as usize] {
                    Inst::Byte(x) => {
                        if hay.get(at) != Some(&x) {
                            break;
                        }
                        at += 1;
                    }
                    Inst::Set(s) => {
                        if !hay
                            .get(at)
                            .is_some_and(|&b| self.sets[s as usize][b as usize])
                        {
                            break;
                        }
                        at += 1;
                    }
                    Inst::Jmp(t) => {
                        if let Some(&k) = loop_slot.get(pc as usize).filter(|&&k| k != u32::MAX) {
                            if caps[k as usize] == at {
                                break;
                            }
                            caps[k as usize] = at;
                        }
                        pc = t;
                        continue;
                    }
                    Inst::Split(a, b) => {
                        stack.push((b, at, caps.clone()));
                        pc = a;
                        continue;
                    }
                    Inst::Save(slot) => caps[slot as usize] = at,
                    Inst::Backref(g) => {
                        let (s, e) = (caps[g as usize * 2], caps[g as usize * 2 + 1]);
                        if s == usize::MAX || e == usize::MAX {
                            break;
                        }
                        let len = e - s;
                        if hay.get(at..at + len) != Some(&hay[s..e]) {
                            break;
                        }
                        at += len;
                    }
                    Inst::Assert(a) => {
                        if !Self::assert(a, hay, at) {
                            break;
                        }
                    }
                    Inst::Match => {
                        if target == Some(at) {
                            caps.truncate(self.groups * 2);
                            return (Some(at), Some(caps));
                        }
                        best = Some(best.map_or(at, |b: usize| b.max(at)));
                        break;
                    }
                }
                pc += 1;
            }
        }
        (best, None)
    }

    /// Whether the pattern matches anywhere in `hay`.
    pub fn is_match(&self, hay: &[u8]) -> bool {
        if let Some(lit) = &self.literal {
            return literal_in(hay, lit);
        }
        if self.backrefs {
            self.steps.set(BACKTRACK_STEPS);
            return (0..=hay.len()).any(|s| self.backtrack(hay, s).is_some());
        }
        if let Some(d) = &self.dfas {
            if let Some(r) = d[0].borrow_mut().run(self, hay, 0) {
                return r.is_some();
            }
        }
        self.run(hay, 0, true).is_some()
    }

    /// The leftmost match starting at or after `from`, longest there (GNU
    /// `re_search` with a positive range): `(start, end)`.
    pub fn search(&self, hay: &[u8], from: usize) -> Option<(usize, usize)> {
        self.steps.set(BACKTRACK_STEPS);
        (from..=hay.len())
            .filter(|&s| self.can_start(hay, s))
            .find_map(|s| self.match_from(hay, s).map(|e| (s, e)))
    }

    /// The match whose start is the greatest at or before `from` (GNU
    /// `re_search` with a negative range): `(start, end)`.
    pub fn search_back(&self, hay: &[u8], from: usize) -> Option<(usize, usize)> {
        (0..=from.min(hay.len()))
            .rev()
            .filter(|&s| self.can_start(hay, s))
            .find_map(|s| self.match_from(hay, s).map(|e| (s, e)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(p: &str, s: &str) -> bool {
        Regex::new(p.as_bytes(), Syntax::Basic)
            .unwrap()
            .is_match(s.as_bytes())
    }

    fn err(p: &str, syntax: Syntax) -> &'static str {
        Regex::new(p.as_bytes(), syntax).unwrap_err()
    }

    #[test]
    fn basic_syntax() {
        assert!(m("b+", "xb+y") && !m("b+", "bb"));
        assert!(m("b\\+", "bb") && !m("b\\+", "a"));
        assert!(m("b\\|c", "c"));
        assert!(m("b{2}", "b{2}") && !m("b{2}", "bb"));
        assert!(m("b\\{2\\}", "abb") && !m("b\\{2\\}", "ab"));
        assert!(m("*a", "*a") && !m("*a", "a"));
        assert!(m("a**", "a"));
        assert!(m("\\{1", "{1"));
        assert!(m("^ab$", "ab") && !m("^ab$", "cab"));
        assert!(m("a^b", "a^b") && m("a$b", "a$b"));
        assert!(m("\\(ab\\)\\1", "abab") && !m("\\(ab\\)\\1", "abba"));
        assert!(m("[[:digit:]]x", "5x") && !m("[[:digit:]]x", "ax"));
        assert!(m("[]a]", "]") && m("[^]a]", "b") && !m("[^]a]", "a"));
        assert!(m("[a-c]", "b") && !m("[b-a]", "a"));
        assert!(m("[[.a.]]", "a") && m("[[=a=]]", "a"));
        assert!(m("\\<word\\>", "a word b") && !m("\\<word\\>", "swords"));
        assert!(m("a\\{,2\\}b", "b") && m("\\(\\)", ""));
    }

    /// A pattern whose DFA has 2^7 states (the table of states grows
    /// twice): the 7th byte from the end decides.
    #[test]
    fn many_dfa_states() {
        let r = Regex::new(b"a[ab][ab][ab][ab][ab][ab]$", Syntax::Emacs).unwrap();
        let mut x: u32 = 1;
        for len in 0..400 {
            let hay: Vec<u8> = (0..len % 40)
                .map(|_| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    b'a' + (x >> 16) as u8 % 2
                })
                .collect();
            let want = hay.len() >= 7 && hay[hay.len() - 7] == b'a';
            assert_eq!(r.is_match(&hay), want, "{hay:?}");
        }
    }

    #[test]
    fn emacs_syntax() {
        let r = Regex::new(b"[0-9]+", Syntax::Emacs).unwrap();
        assert_eq!(r.match_at(b"a123", 1), Some(4));
        let r = Regex::new(b"a\\{1\\}", Syntax::Emacs).unwrap();
        assert!(r.is_match(b"a{1}"));
        let r = Regex::new(b"[[:alpha:]]", Syntax::Emacs).unwrap();
        assert!(r.is_match(b"a]") && !r.is_match(b"a"));
        let r = Regex::new(b".", Syntax::Emacs).unwrap();
        assert!(!r.is_match(b"\n"));
    }

    #[test]
    fn utf8_characters() {
        let u = |p: &str| Regex::new_in_locale(p.as_bytes(), Syntax::Emacs, true).unwrap();
        let hay = "xéy€z😀".as_bytes();
        // `.` takes a whole character; no match starts inside one.
        assert_eq!(u(".").search_back(hay, 2), Some((1, 3)));
        assert_eq!(u(".").search_back(hay, hay.len() - 1), Some((8, 12)));
        assert_eq!(u("[^a]").match_at(hay, 4), Some(7));
        assert_eq!(u("[éa]").search_back(hay, 8), Some((1, 3)));
        assert_eq!(u("[à-ê]").match_at(hay, 1), Some(3));
        assert_eq!(u("[^à-ê]").match_at(hay, 1), None);
        assert_eq!(u("[^€]").match_at(hay, 4), None);
        assert_eq!(u("[a-é]+").match_at("aéé".as_bytes(), 0), Some(5));
        // A multibyte character is one atom: `é+` repeats all of it.
        assert_eq!(u("é+").match_at("ééx".as_bytes(), 0), Some(4));
        // Invalid bytes are matched by no `.` or bracket.
        assert_eq!(u(".").match_at(b"\xe9b", 0), None);
        assert_eq!(u("[^a]").search_back(b"\xe9", 0), None);
        // Bytes as before outside a UTF-8 locale.
        let b = Regex::new(".".as_bytes(), Syntax::Emacs).unwrap();
        assert_eq!(b.search_back(hay, 2), Some((2, 3)));
        assert_eq!(
            complement_ranges(vec![(0x100, 0x1ff), (0x80, 0x90)]),
            [(0x91, 0xff), (0x200, 0x10ffff)]
        );
    }

    #[test]
    fn utf8_ranges_cover_exactly() {
        let r = Regex::new_in_locale(b"[\xc3\xa0-\xe2\x82\xac]", Syntax::Basic, true).unwrap();
        for cp in (0x80u32..0x3000)
            .chain(0xd000..0xe100)
            .chain(0x1f600..0x1f610)
        {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            let mut buf = [0; 4];
            let s = c.encode_utf8(&mut buf).as_bytes();
            let want = (0xe0..=0x20ac).contains(&cp);
            assert_eq!(r.match_at(s, 0).is_some(), want, "{cp:x}");
        }
    }

    /// The groups of the match at 0 (expr's `STRING : REGEX`).
    fn groups_of(p: &[u8], syntax: Syntax, hay: &[u8]) -> Option<Vec<usize>> {
        let r = Regex::new(p, syntax).unwrap();
        let end = r.match_at(hay, 0)?;
        r.captures(hay, 0, end)
    }

    #[test]
    fn captures_of_nested_repeats() {
        // GNU expr: 'abaabaa' : 'b*\(.*\)\+\(.*\)*' is the whole string.
        let g = groups_of(br"b*\(.*\)\+\(.*\)*", Syntax::Basic, b"abaabaa").unwrap();
        assert_eq!(&g[2..4], &[0, 7]);
        let g = groups_of(br"\(.*\)\+.\?b*x*", Syntax::Basic, b"ba").unwrap();
        assert_eq!(&g[2..4], &[0, 2]);
        // Nested repeats found by the fuzzer: an exponential search that
        // ran out of its step budget (no groups) before each (instruction,
        // position) was tried once only.
        let hay = b"\0\0\0\0\0++++\xe0\xbf.\xe0\xbf$\0\0\0*^++++*+++\xef\0\0\0\xca";
        let g = groups_of(b".++*+\xbb*+++++++*+++\xef", Syntax::Emacs, hay);
        assert!(g.is_some());
        let many = [b'a'; 60];
        let g = groups_of(br"\(\(a*\)*\)*\(\(a*\)*\)*b*", Syntax::Basic, &many).unwrap();
        assert_eq!(&g[2..4], &[0, 60]);
    }

    #[test]
    fn longest_match_and_backward_search() {
        let r = Regex::new(b"a\\|ab\\|abc", Syntax::Basic).unwrap();
        assert_eq!(r.match_at(b"abcd", 0), Some(3));
        let r = Regex::new(b"x*", Syntax::Basic).unwrap();
        assert_eq!(r.search_back(b"axxb", 3), Some((3, 3)));
        let r = Regex::new(b"x", Syntax::Basic).unwrap();
        assert_eq!(r.search_back(b"axbxc", 4), Some((3, 4)));
        assert_eq!(r.search_back(b"axbxc", 2), Some((1, 2)));
        assert_eq!(r.search_back(b"abc", 3), None);
    }

    #[test]
    fn dfa_agrees_with_the_pike_vm() {
        let atoms = [
            "a",
            "b",
            ".",
            "[ab]",
            "\\(a\\|b\\)",
            "\\(ab\\)",
            "x",
            "\n",
            "[^x]",
            "\\(^a\\|b\\)",
            "\\(a$\\|x\\)",
        ];
        let ops = ["", "*", "\\+", "\\?", "\\{1,2\\}"];
        let mut seed = 7u32;
        let mut rand = move |n: usize| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (seed >> 8) as usize % n
        };
        for k in 0..4000 {
            let mut pat = std::string::String::new();
            if rand(3) == 0 {
                pat.push('^');
            }
            for _ in 0..1 + rand(4) {
                pat.push_str(atoms[rand(atoms.len())]);
                pat.push_str(ops[rand(ops.len())]);
            }
            if rand(3) == 0 {
                pat.push('$');
            }
            // Emacs syntax: `.` stops at a newline (`\{` is literal there).
            let syntax = if k % 4 == 3 {
                Syntax::Emacs
            } else {
                Syntax::Basic
            };
            let r = Regex::new(pat.as_bytes(), syntax).unwrap();
            assert!(r.dfas.is_some());
            for n in 0..6 {
                // Short inputs over few bytes, and long ones (the skips of
                // accelerated states go 16 bytes at a time) of spaces.
                let hay: Vec<u8> = if n < 4 {
                    (0..rand(12)).map(|_| b"abx\n"[rand(4)]).collect()
                } else {
                    (0..rand(80))
                        .map(|_| b"abx\n\0          "[rand(15)])
                        .collect()
                };
                let vm_any = r.run(&hay, 0, true).is_some();
                assert_eq!(r.is_match(&hay), vm_any, "{pat:?} {hay:?}");
                for start in 0..=hay.len() {
                    let vm = r.run(&hay, start, false);
                    assert_eq!(r.match_at(&hay, start), vm, "{pat:?} {hay:?} at {start}");
                }
            }
        }
    }

    /// Whether one of the DFA's states skips with memchr.
    fn accelerated(r: &Regex, k: usize) -> bool {
        let d = r.dfas.as_ref().unwrap()[k].borrow();
        d.states.iter().any(|s| s.naccel != NO_ACCEL)
    }

    #[test]
    fn accelerated_states() {
        // After an `a`, every byte but `x` and NUL (which `.` does not
        // match) loops: the search skips to the next of them.
        let r = Regex::new(b"a.*x", Syntax::Basic).unwrap();
        let long = |pre: &str, n: usize, post: &str| {
            let mut v = pre.as_bytes().to_vec();
            v.resize(v.len() + n, b' ');
            v.extend_from_slice(post.as_bytes());
            v
        };
        for (hay, want) in [
            (&b""[..], false),
            (b"a", false),
            (b"x", false),
            (b"ax", true),
            (b"x a", false),
            (b"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx a b", false),
            (b"alpha beta", false),
            (b"alpha x", true),
            (b"\tgamma  lorem x", true),
            (b"a\0x", false),
            (b"a\0ax", true),
            (b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false),
            (&long("a", 100, "x"), true),
            (&long("a", 100, ""), false),
            (&long("x", 100, "a"), false),
            (&long("a", 100, "\0x"), false),
        ] {
            assert_eq!(r.is_match(hay), want, "{hay:?}");
            assert_eq!(r.run(hay, 0, true).is_some(), want, "{hay:?}");
        }
        assert!(accelerated(&r, 0));
        // `^`: after a line that does not start with `a`, nothing can
        // happen before the next newline.
        let r = Regex::new(b"^a.*x", Syntax::Basic).unwrap();
        for (hay, want) in [
            (&b"ba x"[..], false),
            (b"a x", true),
            (b"b\na x", true),
            (b"bx\nb\nab", false),
        ] {
            assert_eq!(r.is_match(hay), want, "{hay:?}");
        }
        assert!(accelerated(&r, 0));
        // Longest matches: the last `x` of the line (Emacs `.` stops at a
        // newline, basic `.` does not); an accepting state skips too.
        let r = Regex::new(b"a.*x", Syntax::Emacs).unwrap();
        assert_eq!(r.match_at(b"a x x\nx", 0), Some(5));
        assert_eq!(r.match_at(&long("a", 70, "x\nx"), 0), Some(72));
        assert_eq!(r.match_at(b"a x x\nx", 1), None);
        assert!(accelerated(&r, 1));
        let r = Regex::new(b"a.*x", Syntax::Basic).unwrap();
        assert_eq!(r.match_at(b"a x x\nx", 0), Some(7));
        let r = Regex::new(b"x.*", Syntax::Emacs).unwrap();
        assert_eq!(r.match_at(&long("x", 100, "\nb"), 0), Some(101));
        assert_eq!(r.match_at(b"x", 0), Some(1));
        assert_eq!(r.match_at(b"ax", 0), None);
        // A `$` still to pass: only the line end accepts.
        let r = Regex::new(b"a.*$", Syntax::Emacs).unwrap();
        assert_eq!(r.match_at(&long("a", 40, "\nb"), 0), Some(41));
        assert!(r.is_match(b"b\nab") && !r.is_match(b"b\nb"));
    }

    #[test]
    fn glibc_errors() {
        assert_eq!(err("\\(", Syntax::Basic), "Unmatched ( or \\(");
        assert_eq!(err("a\\)", Syntax::Basic), "Unmatched ) or \\)");
        assert_eq!(err("[a", Syntax::Basic), "Unmatched [, [^, [:, [., or [=");
        assert_eq!(err("[", Syntax::Basic), "Invalid regular expression");
        assert_eq!(err("a[^", Syntax::Basic), "Invalid regular expression");
        assert_eq!(err("[]", Syntax::Basic), "Unmatched [, [^, [:, [., or [=");
        assert_eq!(err("[^]", Syntax::Basic), "Unmatched [, [^, [:, [., or [=");
        assert_eq!(
            err("[[:alpha:]", Syntax::Basic),
            "Unmatched [, [^, [:, [., or [="
        );
        assert_eq!(
            err("[[:foo:]]", Syntax::Basic),
            "Invalid character class name"
        );
        assert_eq!(err("a\\{1", Syntax::Basic), "Unmatched \\{");
        assert_eq!(
            err("a\\{2,1\\}", Syntax::Basic),
            "Invalid content of \\{\\}"
        );
        assert_eq!(err("a\\", Syntax::Basic), "Trailing backslash");
        assert_eq!(err("\\2", Syntax::Basic), "Invalid back reference");
        assert_eq!(
            err("[[.ab.]]", Syntax::Basic),
            "Invalid collation character"
        );
        assert_eq!(err("\\(", Syntax::Emacs), "Unmatched ( or \\(");
    }
}
