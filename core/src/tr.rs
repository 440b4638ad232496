//! tr's ARRAY syntax as GNU tr 9.1 reads it (backslash escapes, `a-z`,
//! `[:class:]`, `[=c=]`, `[c*n]`, `[c*]`), GNU's validation of the two
//! arrays, and the byte tables and buffer filters the program runs on.
//! Classes are those of the C locale: GNU tr works on single bytes, and the
//! UTF-8 locales classify no byte above 0x7f.

use alloc::vec::Vec;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Class {
    Alnum,
    Alpha,
    Blank,
    Cntrl,
    Digit,
    Graph,
    Lower,
    Print,
    Punct,
    Space,
    Upper,
    Xdigit,
}

const CLASSES: [(&[u8], Class); 12] = [
    (b"alnum", Class::Alnum),
    (b"alpha", Class::Alpha),
    (b"blank", Class::Blank),
    (b"cntrl", Class::Cntrl),
    (b"digit", Class::Digit),
    (b"graph", Class::Graph),
    (b"lower", Class::Lower),
    (b"print", Class::Print),
    (b"punct", Class::Punct),
    (b"space", Class::Space),
    (b"upper", Class::Upper),
    (b"xdigit", Class::Xdigit),
];

impl Class {
    pub fn has(self, c: u8) -> bool {
        match self {
            Class::Alnum => c.is_ascii_alphanumeric(),
            Class::Alpha => c.is_ascii_alphabetic(),
            Class::Blank => c == b' ' || c == b'\t',
            Class::Cntrl => c.is_ascii_control(),
            Class::Digit => c.is_ascii_digit(),
            Class::Graph => c.is_ascii_graphic(),
            Class::Lower => c.is_ascii_lowercase(),
            Class::Print => c.is_ascii_graphic() || c == b' ',
            Class::Punct => c.is_ascii_punctuation(),
            Class::Space => matches!(c, b' ' | b'\t'..=b'\r'),
            Class::Upper => c.is_ascii_uppercase(),
            Class::Xdigit => c.is_ascii_hexdigit(),
        }
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn size(self) -> u64 {
        (0..=255u8).filter(|&c| self.has(c)).count() as u64
    }
}

/// The largest repeat count and array length GNU accepts.
const MAX_COUNT: u64 = u64::MAX - 1;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Elem {
    Char(u8),
    Range(u8, u8),
    Class(Class),
    Equiv(u8),
    /// `[c*n]`; a count of 0 is `[c*]` (until the length of ARRAY1).
    Repeat(u8, u64),
}

/// A diagnostic; `Quoted` has a middle part the caller quotes GNU's
/// `quote()` way (it depends on the locale).
#[derive(Debug, PartialEq, Eq)]
pub enum Error {
    Plain(Vec<u8>),
    Quoted(&'static [u8], Vec<u8>, &'static [u8]),
}

#[cfg_attr(corebox_opt, optimize(size))]
fn plain(m: &[u8]) -> Error {
    Error::Plain(m.to_vec())
}

/// Case-class tag of a character produced by the `[:upper:]` or
/// `[:lower:]` construct.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Case {
    None,
    Lower,
    Upper,
}

/// A parsed ARRAY with the statistics GNU's validation needs.
#[derive(Debug)]
struct Array {
    elems: Vec<Elem>,
    len: u64,
    indefinite: usize,
    indefinite_at: usize,
    has_equiv: bool,
    has_class: bool,
    has_restricted_class: bool,
}

/// The printable form of a character in diagnostics (`\NNN` when not).
#[cfg_attr(corebox_opt, optimize(size))]
fn push_printable_char(out: &mut Vec<u8>, c: u8) {
    if c.is_ascii_graphic() || c == b' ' {
        out.push(c);
    } else {
        out.extend_from_slice(&[
            b'\\',
            b'0' + (c >> 6),
            b'0' + ((c >> 3) & 7),
            b'0' + (c & 7),
        ]);
    }
}

/// The printable form of a string in diagnostics: `\n`-style escapes for
/// the C escapes, `\NNN` for other unprintable bytes, a backslash as is.
#[cfg_attr(corebox_opt, optimize(size))]
fn printable(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for &c in s {
        let e = match c {
            7 => b'a',
            8 => b'b',
            0x0c => b'f',
            b'\n' => b'n',
            b'\r' => b'r',
            b'\t' => b't',
            0x0b => b'v',
            _ => {
                push_printable_char(&mut out, c);
                continue;
            }
        };
        out.extend_from_slice(&[b'\\', e]);
    }
    out
}

/// Replaces the backslash escapes of `s`; returns the bytes and, per
/// byte, whether it came from an escape (escaped bytes are never syntax).
#[cfg_attr(corebox_opt, optimize(size))]
fn unquote(s: &[u8], warnings: &mut Vec<Vec<u8>>) -> (Vec<u8>, Vec<bool>) {
    let (mut out, mut escaped) = (Vec::with_capacity(s.len()), Vec::with_capacity(s.len()));
    let oct = |i: usize| {
        s.get(i)
            .filter(|d| (b'0'..=b'7').contains(d))
            .map(|d| d - b'0')
    };
    let mut i = 0;
    while i < s.len() {
        if s[i] != b'\\' {
            out.push(s[i]);
            escaped.push(false);
            i += 1;
            continue;
        }
        let Some(&e) = s.get(i + 1) else {
            warnings
                .push(b"warning: an unescaped backslash at end of string is not portable".to_vec());
            out.push(b'\\');
            escaped.push(false);
            break;
        };
        i += 2;
        let c = match e {
            b'a' => 7,
            b'b' => 8,
            b'f' => 0x0c,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'v' => 0x0b,
            b'0'..=b'7' => {
                let mut v = (e - b'0') as u32;
                if let Some(d) = oct(i) {
                    v = v * 8 + d as u32;
                    i += 1;
                    if let Some(d) = oct(i) {
                        if v * 8 + (d as u32) < 256 {
                            v = v * 8 + d as u32;
                            i += 1;
                        } else {
                            let (a, b, c) = (e, s[i - 1], s[i]);
                            let mut w = b"warning: the ambiguous octal escape \\".to_vec();
                            w.extend_from_slice(&[a, b, c]);
                            w.extend_from_slice(
                                b" is being\n\tinterpreted as the 2-byte sequence \\0",
                            );
                            w.extend_from_slice(&[a, b, b',', b' ', c]);
                            warnings.push(w);
                        }
                    }
                }
                v as u8
            }
            other => other,
        };
        out.push(c);
        escaped.push(true);
    }
    (out, escaped)
}

struct Escaped {
    s: Vec<u8>,
    esc: Vec<bool>,
}

impl Escaped {
    /// `s[i] == c` and not from an escape.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn is(&self, i: usize, c: u8) -> bool {
        self.s.get(i) == Some(&c) && !self.esc[i]
    }

    /// Index of the unescaped pair `delim ]` at or after `from`.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn closing(&self, from: usize, delim: u8) -> Option<usize> {
        (from..self.s.len().saturating_sub(1)).find(|&i| self.is(i, delim) && self.is(i + 1, b']'))
    }

    /// `*[0-9]*]` at `i`, unescaped.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn star_digits_bracket(&self, i: usize) -> bool {
        if !self.is(i, b'*') {
            return false;
        }
        let mut j = i + 1;
        while j < self.s.len() && self.s[j].is_ascii_digit() && !self.esc[j] {
            j += 1;
        }
        self.is(j, b']')
    }

    /// `[c*n]` with the `c` at `i`: Ok(None) when this is no repeat
    /// construct, else the element and the index of the `]`.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn repeat(&self, i: usize) -> Result<Option<(Elem, usize)>, Error> {
        if !self.is(i + 1, b'*') {
            return Ok(None);
        }
        let mut j = i + 2;
        while j < self.s.len() && !self.esc[j] {
            if self.s[j] == b']' {
                let digits = &self.s[i + 2..j];
                let n = if digits.is_empty() {
                    0
                } else {
                    repeat_count(digits).ok_or_else(|| {
                        Error::Quoted(
                            b"invalid repeat count ",
                            printable(digits),
                            b" in [c*n] construct",
                        )
                    })?
                };
                return Ok(Some((Elem::Repeat(self.s[i], n), j)));
            }
            j += 1;
        }
        Ok(None)
    }
}

/// The `n` of `[c*n]` as strtoumax reads it (leading blanks and `+`
/// allowed; octal when it starts with 0), all of it, at most MAX_COUNT.
#[cfg_attr(corebox_opt, optimize(size))]
fn repeat_count(s: &[u8]) -> Option<u64> {
    let mut i = s
        .iter()
        .take_while(|&&c| matches!(c, b' ' | b'\t'..=b'\r'))
        .count();
    if s.get(i) == Some(&b'+') {
        i += 1;
    }
    let base = if s[0] == b'0' { 8 } else { 10 };
    let digits = &s[i..];
    if digits.is_empty() {
        return None;
    }
    let mut n: u64 = 0;
    for &d in digits {
        let v = (d as u64).wrapping_sub(b'0' as u64);
        if v >= base {
            return None;
        }
        n = n.checked_mul(base)?.checked_add(v)?;
    }
    (n <= MAX_COUNT).then_some(n)
}

#[cfg_attr(corebox_opt, optimize(size))]
fn parse(arg: &[u8], warnings: &mut Vec<Vec<u8>>) -> Result<Vec<Elem>, Error> {
    let (s, esc) = unquote(arg, warnings);
    let es = Escaped { s, esc };
    let p = &es.s;
    let mut elems = Vec::new();
    let mut i = 0;
    while i + 2 < p.len() {
        if es.is(i, b'[') {
            if es.is(i + 1, b':') || es.is(i + 1, b'=') {
                let delim = p[i + 1];
                if let Some(end) = es.closing(i + 2, delim) {
                    let name = &p[i + 2..end];
                    if name.is_empty() {
                        return Err(plain(if delim == b':' {
                            b"missing character class name '[::]'"
                        } else {
                            b"missing equivalence class character '[==]'"
                        }));
                    }
                    let elem = if delim == b':' {
                        CLASSES
                            .iter()
                            .find(|(n, _)| *n == name)
                            .map(|&(_, c)| Elem::Class(c))
                    } else {
                        (name.len() == 1).then(|| Elem::Equiv(name[0]))
                    };
                    match elem {
                        Some(e) => {
                            elems.push(e);
                            i = end + 2;
                            continue;
                        }
                        None if es.star_digits_bracket(i + 2) => {}
                        None if delim == b':' => {
                            return Err(Error::Quoted(
                                b"invalid character class ",
                                printable(name),
                                b"",
                            ))
                        }
                        None => {
                            let mut m = printable(name);
                            m.extend_from_slice(
                                b": equivalence class operand must be a single character",
                            );
                            return Err(Error::Plain(m));
                        }
                    }
                }
            }
            if let Some((e, end)) = es.repeat(i + 1)? {
                elems.push(e);
                i = end + 1;
                continue;
            }
        }
        if es.is(i + 1, b'-') {
            let (a, b) = (p[i], p[i + 2]);
            if b < a {
                let mut m = b"range-endpoints of '".to_vec();
                push_printable_char(&mut m, a);
                m.push(b'-');
                push_printable_char(&mut m, b);
                m.extend_from_slice(b"' are in reverse collating sequence order");
                return Err(Error::Plain(m));
            }
            elems.push(Elem::Range(a, b));
            i += 3;
        } else {
            elems.push(Elem::Char(p[i]));
            i += 1;
        }
    }
    elems.extend(p[i..].iter().map(|&c| Elem::Char(c)));
    Ok(elems)
}

impl Array {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn new(elems: Vec<Elem>) -> Result<Array, Error> {
        let mut a = Array {
            elems,
            len: 0,
            indefinite: 0,
            indefinite_at: 0,
            has_equiv: false,
            has_class: false,
            has_restricted_class: false,
        };
        for (i, e) in a.elems.iter().enumerate() {
            let n = match *e {
                Elem::Char(_) => 1,
                Elem::Range(x, y) => (y - x) as u64 + 1,
                Elem::Class(c) => {
                    a.has_class = true;
                    a.has_restricted_class |= !matches!(c, Class::Upper | Class::Lower);
                    c.size()
                }
                Elem::Equiv(_) => {
                    a.has_equiv = true;
                    1
                }
                Elem::Repeat(_, 0) => {
                    a.indefinite += 1;
                    a.indefinite_at = i;
                    0
                }
                Elem::Repeat(_, n) => n,
            };
            a.len = a
                .len
                .checked_add(n)
                .filter(|&l| l <= MAX_COUNT)
                .ok_or_else(|| plain(b"too many characters in set"))?;
        }
        Ok(a)
    }

    /// The set of bytes the array expands to.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn members(&self) -> [bool; 256] {
        let mut set = [false; 256];
        for e in &self.elems {
            match *e {
                Elem::Char(c) | Elem::Equiv(c) => set[c as usize] = true,
                Elem::Range(x, y) => (x..=y).for_each(|c| set[c as usize] = true),
                Elem::Class(k) => (0..=255u8)
                    .filter(|&c| k.has(c))
                    .for_each(|c| set[c as usize] = true),
                Elem::Repeat(c, n) => set[c as usize] |= n > 0,
            }
        }
        set
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn cursor(&self) -> Cursor<'_> {
        Cursor {
            elems: &self.elems,
            i: 0,
            state: 0,
            fresh: true,
        }
    }
}

/// Walks the expansion of an array one character at a time (GNU's
/// get_next), telling which characters come from a case class.
struct Cursor<'a> {
    elems: &'a [Elem],
    i: usize,
    state: u64,
    fresh: bool,
}

impl Cursor<'_> {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn advance(&mut self) {
        self.i += 1;
        self.fresh = true;
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn next(&mut self) -> (Option<u8>, Case) {
        loop {
            let Some(&e) = self.elems.get(self.i) else {
                return (None, Case::None);
            };
            match e {
                Elem::Char(c) | Elem::Equiv(c) => {
                    self.advance();
                    return (Some(c), Case::None);
                }
                Elem::Range(x, y) => {
                    let c = if self.fresh {
                        x
                    } else {
                        (self.state as u8).wrapping_add(1)
                    };
                    if c >= y {
                        self.advance();
                    } else {
                        self.state = c as u64;
                        self.fresh = false;
                    }
                    return (Some(c), Case::None);
                }
                Elem::Class(k) => {
                    let case = match k {
                        Class::Lower => Case::Lower,
                        Class::Upper => Case::Upper,
                        _ => Case::None,
                    };
                    let from = if self.fresh { 0 } else { self.state as usize };
                    let c = (from..256).find(|&c| k.has(c as u8)).unwrap_or(255) as u8;
                    match (c as usize + 1..256).find(|&n| k.has(n as u8)) {
                        Some(n) => {
                            self.state = n as u64;
                            self.fresh = false;
                        }
                        None => self.advance(),
                    }
                    return (Some(c), case);
                }
                Elem::Repeat(_, 0) => self.advance(),
                Elem::Repeat(c, n) => {
                    let k = if self.fresh { 1 } else { self.state + 1 };
                    if k >= n {
                        self.advance();
                    } else {
                        self.state = k;
                        self.fresh = false;
                    }
                    return (Some(c), Case::None);
                }
            }
        }
    }

    /// The characters still to come from a `[c*n]` repeat the cursor is
    /// in (0 elsewhere): all of them `c`.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn repeat_left(&self) -> u64 {
        match self.elems.get(self.i) {
            Some(&Elem::Repeat(_, n)) if !self.fresh => n - self.state,
            _ => 0,
        }
    }

    /// Passes `k` <= [`Cursor::repeat_left`] characters of the repeat.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn jump(&mut self, k: u64) {
        self.state += k;
        if self.state >= self.repeat_total() {
            self.advance();
        }
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn repeat_total(&self) -> u64 {
        match self.elems.get(self.i) {
            Some(&Elem::Repeat(_, n)) => n,
            _ => 0,
        }
    }

    /// Moves past the current element (after its first character).
    #[cfg_attr(corebox_opt, optimize(size))]
    fn skip(&mut self) {
        if !self.fresh {
            self.advance();
        }
    }
}

#[derive(Clone, Copy, Default, Debug)]
pub struct Options {
    pub complement: bool,
    pub delete: bool,
    pub squeeze: bool,
    pub truncate: bool,
}

/// What the filter does to each buffer, in this order: translate through
/// `xlate` (when `translate`), delete the bytes of `delete` (when
/// `deleting`), squeeze repeats of the bytes of `squeeze` (when `squeezing`).
pub struct Plan {
    pub translate: bool,
    pub xlate: [u8; 256],
    pub deleting: bool,
    pub delete: [bool; 256],
    pub squeezing: bool,
    pub squeeze: [bool; 256],
}

#[cfg_attr(corebox_opt, optimize(size))]
fn complemented(mut set: [bool; 256], yes: bool) -> [bool; 256] {
    if yes {
        set.iter_mut().for_each(|b| *b = !*b);
    }
    set
}

/// Parses and checks the operands (one or two, as the options allow: the
/// caller has checked their number) and builds the tables. `warnings`
/// receives GNU's escape warnings, to be printed before any error.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn plan(
    s1: &[u8],
    s2: Option<&[u8]>,
    o: Options,
    warnings: &mut Vec<Vec<u8>>,
) -> Result<Plan, Error> {
    let a1 = parse(s1, warnings)?;
    let a2 = match s2 {
        Some(s) => Some(parse(s, warnings)?),
        None => None,
    };
    let mut a1 = Array::new(a1)?;
    let m1 = a1.members();
    if o.complement {
        a1.len = m1.iter().filter(|&&b| !b).count() as u64;
    }
    if a1.indefinite > 0 {
        return Err(plain(
            b"the [c*] repeat construct may not appear in string1",
        ));
    }
    let translating = s2.is_some() && !o.delete;
    let mut plan = Plan {
        translate: translating,
        xlate: core::array::from_fn(|i| i as u8),
        deleting: o.delete,
        delete: complemented(m1, o.complement),
        squeezing: o.squeeze,
        squeeze: complemented(m1, o.complement),
    };
    let Some(a2) = a2 else { return Ok(plan) };
    let mut a2 = Array::new(a2)?;
    if a2.indefinite == 1 && a1.len >= a2.len {
        a2.elems[a2.indefinite_at] =
            Elem::Repeat(repeated_char(a2.elems[a2.indefinite_at]), a1.len - a2.len);
        a2.len = a1.len;
    }
    if a2.indefinite > 1 {
        return Err(plain(
            b"only one [c*] repeat construct may appear in string2",
        ));
    }
    if !translating {
        if a2.indefinite > 0 {
            return Err(plain(
                b"the [c*] construct may appear in string2 only when translating",
            ));
        }
        plan.squeeze = a2.members();
        return Ok(plan);
    }
    check_translation(&o, &mut a1, &mut a2)?;
    fill_xlate(&mut plan.xlate, &m1, &a1, &a2, o.complement);
    plan.squeeze = a2.members();
    Ok(plan)
}

/// GNU's checks of string2 when translating; pads it to string1's length
/// with its last character unless truncating.
#[cfg_attr(corebox_opt, optimize(size))]
fn check_translation(o: &Options, a1: &mut Array, a2: &mut Array) -> Result<(), Error> {
    if a2.has_equiv {
        return Err(plain(
            b"[=c=] expressions may not appear in string2 when translating",
        ));
    }
    if a2.has_restricted_class {
        return Err(plain(
            b"when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'",
        ));
    }
    if !o.complement && a2.has_class {
        check_case_classes(a1, a2)?;
    }
    if a1.len > a2.len && !o.truncate {
        if a2.len == 0 {
            return Err(plain(
                b"when not truncating set1, string2 must be non-empty",
            ));
        }
        let c = match a2.elems.last() {
            Some(Elem::Class(_)) => {
                return Err(plain(
                    b"when translating with string1 longer than string2,\nthe latter string must not end with a character class",
                ))
            }
            Some(&Elem::Range(_, c)) | Some(&Elem::Char(c)) | Some(&Elem::Equiv(c)) | Some(&Elem::Repeat(c, _)) => c,
            None => 0,
        };
        a2.elems.push(Elem::Repeat(c, a1.len - a2.len));
        a2.len = a1.len;
    }
    if o.complement && a1.has_class && !(a2.len == a1.len && homogeneous(a2)) {
        return Err(plain(
            b"when translating with complemented character classes,\nstring2 must map all characters in the domain to one",
        ));
    }
    Ok(())
}

/// The translation table: the members of string1 (or, with -c, the bytes
/// that are not) map in order to the characters of string2, `[:lower:]`
/// against `[:upper:]` mapping case.
#[cfg_attr(corebox_opt, optimize(size))]
fn fill_xlate(x: &mut [u8; 256], m1: &[bool; 256], a1: &Array, a2: &Array, complement: bool) {
    if complement {
        let mut c2 = a2.cursor();
        for c in (0..=255u8).filter(|&c| !m1[c as usize]) {
            match c2.next().0 {
                Some(t) => x[c as usize] = t,
                None => break,
            }
        }
    } else {
        let (mut c1, mut c2) = (a1.cursor(), a2.cursor());
        loop {
            let ((x1, k1), (x2, k2)) = (c1.next(), c2.next());
            match (k1, k2) {
                (Case::Lower, Case::Upper) => {
                    (b'a'..=b'z').for_each(|c| x[c as usize] = c.to_ascii_uppercase())
                }
                (Case::Upper, Case::Lower) => {
                    (b'A'..=b'Z').for_each(|c| x[c as usize] = c.to_ascii_lowercase())
                }
                _ => match (x1, x2) {
                    (Some(a), Some(b)) => {
                        x[a as usize] = b;
                        // Both inside repeats: the same pair again and
                        // again (a count may be near 2^64).
                        let k = c1.repeat_left().min(c2.repeat_left());
                        if k > 0 {
                            c1.jump(k);
                            c2.jump(k);
                        }
                    }
                    _ => break,
                },
            }
            if k2 != Case::None {
                c1.skip();
                c2.skip();
            }
        }
    }
}

#[cfg_attr(corebox_opt, optimize(size))]
fn repeated_char(e: Elem) -> u8 {
    match e {
        Elem::Repeat(c, _) => c,
        _ => 0,
    }
}

/// GNU's check that the case classes of ARRAY2 sit where ARRAY1 has case
/// classes; it also counts each such pair as one character for the
/// length comparison.
#[cfg_attr(corebox_opt, optimize(size))]
fn check_case_classes(a1: &mut Array, a2: &mut Array) -> Result<(), Error> {
    let (mut c1, mut c2) = (a1.cursor(), a2.cursor());
    let (mut new1, mut new2) = (true, true);
    let (mut less1, mut less2) = (0u64, 0u64);
    let (n_upper, n_lower) = (26u64, 26u64);
    loop {
        let ((x1, k1), (x2, k2)) = (c1.next(), c2.next());
        if new2 && k2 != Case::None && !(new1 && k1 != Case::None) {
            return Err(plain(b"misaligned [:upper:] and/or [:lower:] construct"));
        }
        if k2 != Case::None {
            c1.skip();
            c2.skip();
            less1 += if k1 == Case::Upper { n_upper } else { n_lower } - 1;
            less2 += if k2 == Case::Upper { n_upper } else { n_lower } - 1;
        }
        if k1 == Case::None && k2 == Case::None {
            // Both inside repeats: nothing changes until one ends.
            let k = c1.repeat_left().min(c2.repeat_left());
            if k > 0 {
                c1.jump(k);
                c2.jump(k);
            }
        }
        new1 = c1.fresh;
        new2 = c2.fresh;
        if x1.is_none() || x2.is_none() {
            break;
        }
    }
    a1.len = a1.len.saturating_sub(less1);
    a2.len = a2.len.saturating_sub(less2);
    Ok(())
}

#[cfg_attr(corebox_opt, optimize(size))]
fn homogeneous(a: &Array) -> bool {
    let mut c = a.cursor();
    let Some(first) = c.next().0 else {
        return false;
    };
    // A long array is mostly repeats: compare element by element.
    a.elems.iter().all(|e| match *e {
        Elem::Char(x) | Elem::Equiv(x) => x == first,
        Elem::Repeat(x, n) => n == 0 || x == first,
        Elem::Range(x, y) => x == first && y == first,
        Elem::Class(k) => (0..=255u8).filter(|&c| k.has(c)).all(|c| c == first),
    })
}

/// Translates `buf` in place through `table`, eight bytes per step (the
/// binary is built for size, so the unrolling is written out).
#[cfg_attr(corebox_opt, optimize(speed), rustc_align(64), inline(never))]
pub fn translate(buf: &mut [u8], table: &[u8; 256]) {
    let mut words = buf.chunks_exact_mut(8);
    for w in &mut words {
        let mut x = [0u8; 8];
        x.copy_from_slice(w);
        let v = u64::from_le_bytes(x);
        let t = |k: u32| (table[((v >> (8 * k)) & 255) as usize] as u64) << (8 * k);
        let o = t(0) | t(1) | t(2) | t(3) | t(4) | t(5) | t(6) | t(7);
        w.copy_from_slice(&o.to_le_bytes());
    }
    for b in words.into_remainder() {
        *b = table[*b as usize];
    }
}

/// A translation that only shifts a few byte ranges (`a-z` to `A-Z`,
/// rot13, ...): `(first, length, shift)` for each, for vector code.
pub type Shifts = [(u8, u8, u8); 8];

/// The ranges of `table` as shifts, when there are at most eight.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
pub fn shifts(table: &[u8; 256]) -> Option<(Shifts, usize)> {
    let mut out = [(0u8, 0u8, 0u8); 8];
    let (mut n, mut c) = (0, 0usize);
    while c < 256 {
        let d = table[c].wrapping_sub(c as u8);
        if d == 0 {
            c += 1;
            continue;
        }
        let start = c;
        while c < 256 && c - start < 255 && table[c].wrapping_sub(c as u8) == d {
            c += 1;
        }
        *out.get_mut(n)? = (start as u8, (c - start) as u8, d);
        n += 1;
    }
    Some((out, n))
}

/// Removes the bytes of `set` from `buf` in place; returns the new length.
#[cfg_attr(corebox_opt, optimize(speed), rustc_align(64), inline(never))]
pub fn delete(buf: &mut [u8], set: &[bool; 256]) -> usize {
    let mut n = 0;
    for i in 0..buf.len() {
        let c = buf[i];
        buf[n] = c;
        n += !set[c as usize] as usize;
    }
    n
}

/// Removes the byte `c` from `buf` in place by searching for it (fast
/// when it is rare); returns the new length and the number removed.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn delete_byte(buf: &mut [u8], c: u8) -> (usize, usize) {
    let Some(first) = memchr::memchr(c, buf) else {
        return (buf.len(), 0);
    };
    let (mut n, mut i) = (first, first + 1);
    while i < buf.len() {
        let end = memchr::memchr(c, &buf[i..]).map_or(buf.len(), |k| i + k);
        buf.copy_within(i..end, n);
        n += end - i;
        i = end + 1;
    }
    (n, buf.len() - n)
}

/// Squeezes runs of the bytes of `set` in `buf` in place; `last` is the
/// last byte written before this buffer (None at the start) and is
/// updated. Returns the new length.
pub fn squeeze(buf: &mut [u8], set: &[bool; 256], last: &mut Option<u8>) -> usize {
    squeeze_from(buf, 0, 0, set, last)
}

/// [`squeeze`] of `buf[i..]` after its first `i` bytes were squeezed
/// into the first `n`.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn squeeze_from(
    buf: &mut [u8],
    mut n: usize,
    i: usize,
    set: &[bool; 256],
    last: &mut Option<u8>,
) -> usize {
    let Some(&first) = buf.get(i) else { return n };
    let mut prev = last.unwrap_or(!first);
    for k in i..buf.len() {
        let c = buf[k];
        buf[n] = c;
        n += !(c == prev && set[c as usize]) as usize;
        prev = c;
    }
    *last = Some(prev);
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(s1: &str, s2: Option<&str>, o: Options, input: &str) -> Result<Vec<u8>, Error> {
        let mut w = Vec::new();
        let p = plan(s1.as_bytes(), s2.map(str::as_bytes), o, &mut w)?;
        let mut buf = input.as_bytes().to_vec();
        if p.translate {
            translate(&mut buf, &p.xlate);
        }
        if p.deleting {
            let n = delete(&mut buf, &p.delete);
            buf.truncate(n);
        }
        if p.squeezing {
            let n = squeeze(&mut buf, &p.squeeze, &mut None);
            buf.truncate(n);
        }
        Ok(buf)
    }

    fn tr(s1: &str, s2: &str, input: &str) -> String {
        String::from_utf8(run(s1, Some(s2), Options::default(), input).unwrap()).unwrap()
    }

    /// Repeats of counts near 2^63 (GNU loops over every character of
    /// them forever; found by the fuzzer): passed in one step where both
    /// strings are inside repeats.
    #[test]
    fn huge_repeats_in_constant_time() {
        assert_eq!(tr("[a*0000007777777777777777]", "x", "abc"), "xbc");
        assert_eq!(tr("[a*0000007777777777777777]b", "[x*]y", "abc"), "xyc");
        assert_eq!(
            tr("[a*7777777777777777777]", "[y*7777777777777777776]z", "ab"),
            "zb"
        );
        assert_eq!(tr("[a*3]b[c*2]", "[x*2]yz", "abc"), "yzz");
        assert_eq!(tr("[a*3]b[c*2]", "[x*]", "abc"), "xxx");
        assert_eq!(tr("a[b*5]c", "[x*3][y*3]", "abc"), "xyy");
    }

    fn err(s1: &str, s2: Option<&str>, o: Options) -> String {
        match run(s1, s2, o, "").unwrap_err() {
            Error::Plain(m) => String::from_utf8(m).unwrap(),
            Error::Quoted(a, b, c) => String::from_utf8([a, &b[..], c].concat()).unwrap(),
        }
    }

    #[test]
    fn translations() {
        assert_eq!(tr("a-z", "A-Z", "hello, World"), "HELLO, WORLD");
        assert_eq!(tr("abc", "x", "aabbcc-d"), "xxxxxx-d");
        assert_eq!(tr("[:lower:]", "[:upper:]", "abC"), "ABC");
        assert_eq!(tr("[:upper:]", "[:lower:]", "abC"), "abc");
        assert_eq!(tr("a-c", "[x*]", "abcd"), "xxxd");
        assert_eq!(tr("a-e", "x[y*2]z", "abcde"), "xyyzz");
        assert_eq!(tr("a-e", "[y*]z", "abcde"), "yyyyz");
        assert_eq!(tr("a[:*3]", "x", "a[:*3]"), "x[x*3]");
        assert_eq!(tr("\\141\\n", "\\\\x", "a\n"), "\\x");
        assert_eq!(tr("[=a=]b", "xy", "ab"), "xy");
        assert_eq!(tr("[a-z]", "x", "[q]"), "xxx");
        let o = Options {
            complement: true,
            ..Options::default()
        };
        assert_eq!(run("a-z", Some("_"), o, "ab-1\n").unwrap(), b"ab___");
        let o = Options {
            truncate: true,
            ..Options::default()
        };
        assert_eq!(run("abc", Some("xy"), o, "abc").unwrap(), b"xyc");
    }

    #[test]
    fn delete_and_squeeze() {
        let d = Options {
            delete: true,
            ..Options::default()
        };
        assert_eq!(run("a-c", None, d, "abcdcba").unwrap(), b"d");
        let s = Options {
            squeeze: true,
            ..Options::default()
        };
        assert_eq!(run("a", None, s, "aaabaa").unwrap(), b"aba");
        let ds = Options {
            delete: true,
            squeeze: true,
            ..Options::default()
        };
        assert_eq!(run("x", Some("a"), ds, "axaxab").unwrap(), b"ab");
        assert_eq!(run("a-z", Some("A-Z"), s, "aabbAB").unwrap(), b"ABAB");
        let mut b = *b"xaaxxbx";
        assert_eq!(delete_byte(&mut b, b'x'), (3, 4));
        assert_eq!(&b[..3], b"aab");
        let mut b = *b"aaaabbbbbbbbbbcccc ddddd";
        let mut last = Some(b'a');
        let mut ab = [false; 256];
        ab[b'a' as usize] = true;
        ab[b'b' as usize] = true;
        assert_eq!(squeeze(&mut b, &ab, &mut last), 11);
        assert_eq!(&b[..11], b"bcccc ddddd");
        let mut last = None;
        let set = [true; 256];
        let mut b = *b"aab";
        assert_eq!(squeeze(&mut b, &set, &mut last), 2);
        let mut b = *b"bbc";
        assert_eq!(squeeze(&mut b, &set, &mut last), 1);
        assert_eq!(&b[..1], b"c");
    }

    #[test]
    fn errors() {
        let t = Options::default();
        assert_eq!(
            err("z-a", Some("x"), t),
            "range-endpoints of 'z-a' are in reverse collating sequence order"
        );
        assert_eq!(err("[:foo:]", Some("x"), t), "invalid character class foo");
        assert_eq!(
            err("[x*]", Some("y"), t),
            "the [c*] repeat construct may not appear in string1"
        );
        assert_eq!(
            err("a", Some("[x*][y*]"), t),
            "only one [c*] repeat construct may appear in string2"
        );
        assert_eq!(
            err("a", Some("[a*1x]"), t),
            "invalid repeat count 1x in [c*n] construct"
        );
        assert_eq!(
            err("a", Some("[a*08]"), t),
            "invalid repeat count 08 in [c*n] construct"
        );
        assert_eq!(
            err("a", Some(""), t),
            "when not truncating set1, string2 must be non-empty"
        );
        assert_eq!(
            err("a", Some("[=a=]"), t),
            "[=c=] expressions may not appear in string2 when translating"
        );
        assert_eq!(
            err("[=ab=]", Some("x"), t),
            "ab: equivalence class operand must be a single character"
        );
        assert_eq!(
            err("[::]", Some("x"), t),
            "missing character class name '[::]'"
        );
        assert_eq!(
            err("a-z", Some("[:upper:]"), t),
            "misaligned [:upper:] and/or [:lower:] construct"
        );
        assert!(err("a-z", Some("[:digit:]"), t).starts_with("when translating, the only"));
        assert!(err("[:upper:]a", Some("[:lower:]"), t)
            .starts_with("when translating with string1 longer"));
        let c = Options {
            complement: true,
            ..t
        };
        assert!(err("[:upper:]", Some("ab"), c).starts_with("when translating with complemented"));
        assert_eq!(
            err("a", Some("c[b*18446744073709551614]"), t),
            "too many characters in set"
        );
        let s = Options { squeeze: true, ..t };
        assert_eq!(
            err("a", Some("[b*]"), Options { delete: true, ..s }),
            "the [c*] construct may appear in string2 only when translating"
        );
    }

    #[test]
    fn escapes_and_counts() {
        let mut w = Vec::new();
        assert_eq!(unquote(b"\\400", &mut w).0, b" 0");
        assert_eq!(w[0], b"warning: the ambiguous octal escape \\400 is being\n\tinterpreted as the 2-byte sequence \\040, 0");
        assert_eq!(unquote(b"a\\", &mut w).0, b"a\\");
        assert_eq!(repeat_count(b" +5"), Some(5));
        assert_eq!(repeat_count(b"010"), Some(8));
        assert_eq!(repeat_count(b"-0"), None);
        assert_eq!(repeat_count(b"18446744073709551615"), None);
        assert_eq!(printable(b"a\\\x08\x01"), b"a\\\\b\\001");
    }

    #[test]
    fn shift_ranges() {
        let mut w = Vec::new();
        let p = plan(b"a-zA-Z", Some(b"n-za-mN-ZA-M"), Options::default(), &mut w).unwrap();
        let (s, n) = shifts(&p.xlate).unwrap();
        assert_eq!(n, 4);
        assert_eq!(s[0], (b'A', 13, 13));
        assert_eq!(s[1], (b'N', 13, 256u16.wrapping_sub(13) as u8));
        let p = plan(
            b"\\0-\\377",
            Some(b"\\1-\\377\\0"),
            Options::default(),
            &mut w,
        )
        .unwrap();
        assert_eq!(
            shifts(&p.xlate).unwrap(),
            (
                [
                    (0, 255, 1),
                    (255, 1, 1),
                    (0, 0, 0),
                    (0, 0, 0),
                    (0, 0, 0),
                    (0, 0, 0),
                    (0, 0, 0),
                    (0, 0, 0)
                ],
                2
            )
        );
        let p = plan(b"acegikmoq", Some(b"bdfhjlnpr"), Options::default(), &mut w).unwrap();
        assert!(shifts(&p.xlate).is_none());
    }

    #[test]
    fn table_translation() {
        let mut w = Vec::new();
        let p = plan(b"a-zA-Z", Some(b"n-za-mN-ZA-M"), Options::default(), &mut w).unwrap();
        let mut b = *b"Hello, World! 0123456789";
        translate(&mut b, &p.xlate);
        assert_eq!(&b, b"Uryyb, Jbeyq! 0123456789");
    }
}
