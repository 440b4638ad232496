//! GNU sort's keys and comparisons in the C locale (byte collation):
//! field positions (`begfield`/`limfield`), the orderings of `-n` (gnulib
//! strnumcmp, compared without conversion), `-h`, `-g` (strtold, NaNs by
//! their bits), `-M`, `-V`, `-R` (MD5 of a salt and the key), `-d`, `-i`,
//! `-f`, and the last-resort comparison of whole lines.

use crate::linecmp::{compare_bytes, is_blank};
use alloc::vec::Vec;
use core::cmp::Ordering;

/// A field or character count that was not given.
pub const NONE: usize = usize::MAX;

/// Why a key position was rejected: `Spec(arg, msg)` is GNU's
/// badfieldspec (`MSG: invalid field specification 'ARG'`), `Count(msg,
/// rest)` its parse_field_count failure (`MSG: invalid count at start of
/// 'REST'`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KeyError<'a> {
    Spec(&'a [u8], &'static [u8]),
    Count(&'static [u8], &'a [u8]),
}

/// GNU's parse_field_count: the number at the start of `s` (saturated at
/// [`NONE`]) and the rest; None when there is none.
fn field_count(s: &[u8]) -> Option<(usize, &[u8])> {
    let n = s.iter().take_while(|c| c.is_ascii_digit()).count();
    if n == 0 {
        return None;
    }
    let v = s[..n].iter().try_fold(0usize, |v, &c| {
        v.checked_mul(10)?.checked_add((c - b'0') as usize)
    });
    Some((v.unwrap_or(NONE), &s[n..]))
}

/// [`field_count`] where a number must be: `msg`'s error otherwise.
fn count<'a>(s: &'a [u8], msg: &'static [u8]) -> Result<(usize, &'a [u8]), KeyError<'a>> {
    field_count(s).ok_or(KeyError::Count(msg, s))
}

/// `-k KEYDEF`.
pub fn parse_key(arg: &[u8]) -> Result<Key, KeyError<'_>> {
    let mut k = Key::default();
    let (w, mut s) = count(arg, b"invalid number at field start")?;
    if w == 0 {
        return Err(KeyError::Spec(arg, b"field number is zero"));
    }
    k.sword = w - 1;
    if s.first() == Some(&b'.') {
        let (c, r) = count(&s[1..], b"invalid number after '.'")?;
        if c == 0 {
            return Err(KeyError::Spec(arg, b"character offset is zero"));
        }
        k.schar = c - 1;
        s = r;
    }
    if k.sword == 0 && k.schar == 0 {
        k.sword = NONE;
    }
    s = &s[k.set_ordering(s, true, false)..];
    if s.first() == Some(&b',') {
        let (w, r) = count(&s[1..], b"invalid number after ','")?;
        if w == 0 {
            return Err(KeyError::Spec(arg, b"field number is zero"));
        }
        k.eword = w - 1;
        s = r;
        if s.first() == Some(&b'.') {
            let (c, r) = count(&s[1..], b"invalid number after '.'")?;
            k.echar = c;
            s = r;
        }
        s = &s[k.set_ordering(s, false, true)..];
    }
    if !s.is_empty() {
        return Err(KeyError::Spec(arg, b"stray character in field spec"));
    }
    Ok(k)
}

/// `+POS1 [-POS2]` (obsolete keys; `arg` starts with `+`, `next` with
/// `-`): None when `arg` is no valid +POS1 (it is then an operand).
pub fn parse_obsolete<'a>(
    arg: &'a [u8],
    next: Option<&'a [u8]>,
) -> Option<Result<Key, KeyError<'a>>> {
    let mut k = Key::default();
    let (w, mut s) = field_count(arg.get(1..)?)?;
    k.sword = w;
    if s.first() == Some(&b'.') {
        let (c, r) = field_count(&s[1..])?;
        k.schar = c;
        s = r;
    }
    if k.sword == 0 && k.schar == 0 {
        k.sword = NONE;
    }
    if k.set_ordering(s, true, false) != s.len() {
        return None;
    }
    if let Some(n) = next {
        let r = (|| {
            let (w, mut s) = count(n.get(1..).unwrap_or(b""), b"invalid number after '-'")?;
            k.eword = w;
            if s.first() == Some(&b'.') {
                let (c, r) = count(&s[1..], b"invalid number after '.'")?;
                k.echar = c;
                s = r;
            }
            if k.echar == 0 && k.eword != 0 {
                k.eword -= 1;
            }
            if k.set_ordering(s, false, true) != s.len() {
                return Err(KeyError::Spec(n, b"stray character in field spec"));
            }
            Ok(())
        })();
        if let Err(e) = r {
            return Some(Err(e));
        }
    }
    k.traditional = true;
    Some(Ok(k))
}

/// Bytes a key ignores (`-d`, `-i`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Ignore {
    #[default]
    No,
    /// `-i`: all but the printable ASCII characters.
    Nonprinting,
    /// `-d`: all but letters, digits and blanks.
    Nondictionary,
}

impl Ignore {
    #[inline]
    fn skips(self, c: u8) -> bool {
        match self {
            Ignore::No => false,
            Ignore::Nonprinting => !(b' '..=b'~').contains(&c),
            Ignore::Nondictionary => !c.is_ascii_alphanumeric() && !is_blank(c),
        }
    }
}

/// One `-k` key (or the global options as a key), GNU's `struct keyfield`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Key {
    /// Zero-origin field to start at (NONE: the line's start).
    pub sword: usize,
    pub schar: usize,
    /// Zero-origin last field (NONE: the line's end).
    pub eword: usize,
    pub echar: usize,
    pub skipsblanks: bool,
    pub skipeblanks: bool,
    pub ignore: Ignore,
    pub fold: bool,
    pub numeric: bool,
    pub general: bool,
    pub human: bool,
    pub month: bool,
    pub random: bool,
    pub version: bool,
    pub reverse: bool,
    /// Given as `+POS1 -POS2`.
    pub traditional: bool,
}

impl Default for Key {
    fn default() -> Key {
        Key {
            sword: 0,
            schar: 0,
            eword: NONE,
            echar: 0,
            skipsblanks: false,
            skipeblanks: false,
            ignore: Ignore::No,
            fold: false,
            numeric: false,
            general: false,
            human: false,
            month: false,
            random: false,
            version: false,
            reverse: false,
            traditional: false,
        }
    }
}

impl Key {
    /// Applies the ordering letters at the start of `s` (GNU's
    /// set_ordering); returns how many it took. `start`/`end` say which
    /// blanks `b` skips.
    pub fn set_ordering(&mut self, s: &[u8], start: bool, end: bool) -> usize {
        for (i, &c) in s.iter().enumerate() {
            match c {
                b'b' => {
                    self.skipsblanks |= start;
                    self.skipeblanks |= end;
                }
                b'd' => self.ignore = Ignore::Nondictionary,
                b'f' => self.fold = true,
                b'g' => self.general = true,
                b'h' => self.human = true,
                b'i' if self.ignore == Ignore::No => self.ignore = Ignore::Nonprinting,
                b'i' => {}
                b'M' => self.month = true,
                b'n' => self.numeric = true,
                b'R' => self.random = true,
                b'r' => self.reverse = true,
                b'V' => self.version = true,
                _ => return i,
            }
        }
        s.len()
    }

    pub fn is_numeric(&self) -> bool {
        self.numeric || self.general || self.human
    }

    /// GNU's default_key_compare: no ordering option but perhaps `-r`.
    pub fn is_default(&self) -> bool {
        !(self.ignore != Ignore::No
            || self.fold
            || self.skipsblanks
            || self.skipeblanks
            || self.is_numeric()
            || self.month
            || self.version
            || self.random)
    }

    /// Copies the ordering options of `g` (inheritance of global options).
    pub fn inherit(&mut self, g: &Key) {
        let (sw, sc, ew, ec, t) = (
            self.sword,
            self.schar,
            self.eword,
            self.echar,
            self.traditional,
        );
        *self = Key {
            sword: sw,
            schar: sc,
            eword: ew,
            echar: ec,
            traditional: t,
            ..*g
        };
    }

    /// The options as letters, GNU's key_to_opts.
    pub fn opts(&self) -> Vec<u8> {
        let mut o = Vec::new();
        let flags = [
            (self.skipsblanks || self.skipeblanks, b'b'),
            (self.ignore == Ignore::Nondictionary, b'd'),
            (self.fold, b'f'),
            (self.general, b'g'),
            (self.human, b'h'),
            (self.ignore == Ignore::Nonprinting, b'i'),
            (self.month, b'M'),
            (self.numeric, b'n'),
            (self.random, b'R'),
            (self.reverse, b'r'),
            (self.version, b'V'),
        ];
        for (on, c) in flags {
            if on {
                o.push(c);
            }
        }
        o
    }

    /// Whether the ordering options conflict (check_ordering_compatibility).
    pub fn incompatible(&self) -> bool {
        let n = self.numeric as u8
            + self.general as u8
            + self.human as u8
            + self.month as u8
            + (self.version || self.random || self.ignore != Ignore::No) as u8;
        n > 1
    }

    /// Whether comparing needs more than bytes (the keycompare branch
    /// that copies translated keys).
    fn special(&self) -> bool {
        self.is_numeric() || self.month || self.random || self.version
    }
}

fn skip_blanks(s: &[u8], mut p: usize, lim: usize) -> usize {
    while p < lim && is_blank(s[p]) {
        p += 1;
    }
    p
}

fn skip_field(s: &[u8], p: usize, lim: usize) -> usize {
    let mut p = skip_blanks(s, p, lim);
    while p < lim && !is_blank(s[p]) {
        p += 1;
    }
    p
}

/// Where `key` starts in `line` (without its delimiter): GNU's begfield.
pub fn begfield(line: &[u8], key: &Key, tab: Option<u8>) -> usize {
    let lim = line.len();
    let mut p = 0;
    let mut sword = key.sword;
    while p < lim && sword > 0 {
        sword -= 1;
        match tab {
            Some(t) => {
                p += crate::memchr::memchr(t, &line[p..]).unwrap_or(lim - p);
                if p < lim {
                    p += 1;
                }
            }
            None => p = skip_field(line, p, lim),
        }
    }
    if key.skipsblanks {
        p = skip_blanks(line, p, lim);
    }
    p.saturating_add(key.schar).min(lim)
}

/// Where `key` ends in `line`: GNU's limfield.
pub fn limfield(line: &[u8], key: &Key, tab: Option<u8>) -> usize {
    let lim = line.len();
    let mut p = 0;
    let echar = key.echar;
    let mut eword = key.eword.saturating_add((echar == 0) as usize);
    while p < lim && eword > 0 {
        eword -= 1;
        match tab {
            Some(t) => {
                p += crate::memchr::memchr(t, &line[p..]).unwrap_or(lim - p);
                if p < lim && (eword > 0 || echar > 0) {
                    p += 1;
                }
            }
            None => p = skip_field(line, p, lim),
        }
    }
    if echar != 0 {
        if key.skipeblanks {
            p = skip_blanks(line, p, lim);
        }
        p = p.saturating_add(echar).min(lim);
    }
    p
}

/// The span of `key` in `line` as keycompare takes it: `(start, limit)`,
/// the limit never before the start.
#[inline]
pub fn span(line: &[u8], key: &Key, tab: Option<u8>) -> (usize, usize) {
    let lim = if key.eword == NONE {
        line.len()
    } else {
        limfield(line, key, tab)
    };
    let beg = if key.sword != NONE {
        begfield(line, key, tab)
    } else if key.skipsblanks {
        skip_blanks(line, 0, lim)
    } else {
        0
    };
    (beg, lim.max(beg))
}

/// The byte at `i` of a C string made of `s` (NUL past its end).
#[inline(always)]
fn at(s: &[u8], i: usize) -> u8 {
    s.get(i).copied().unwrap_or(0)
}

#[inline(always)]
fn digit(c: u8) -> bool {
    c.is_ascii_digit()
}

/// gnulib's fraccompare: `a` and `b` start at a decimal point or are zero.
fn fraccompare(a: &[u8], b: &[u8]) -> i32 {
    let (mut i, mut j) = (0, 0);
    if at(a, 0) == b'.' && at(b, 0) == b'.' {
        loop {
            i += 1;
            j += 1;
            if at(a, i) != at(b, j) {
                break;
            }
            if !digit(at(a, i)) {
                return 0;
            }
        }
        let (x, y) = (at(a, i), at(b, j));
        if digit(x) && digit(y) {
            return x as i32 - y as i32;
        }
        if digit(x) {
            return trailing_nonzero(a, i);
        }
        if digit(y) {
            return -trailing_nonzero(b, j);
        }
        0
    } else if at(a, 0) == b'.' {
        trailing_nonzero(a, 1)
    } else if at(b, 0) == b'.' {
        -trailing_nonzero(b, 1)
    } else {
        0
    }
}

fn trailing_nonzero(s: &[u8], mut i: usize) -> i32 {
    while at(s, i) == b'0' {
        i += 1;
    }
    digit(at(s, i)) as i32
}

/// Skips zeros (and, with `point`, a decimal point and the zeros after it).
fn skip_zeros(s: &[u8], mut i: usize, point: bool) -> usize {
    while at(s, i) == b'0' {
        i += 1;
    }
    if point && at(s, i) == b'.' {
        i += 1;
        while at(s, i) == b'0' {
            i += 1;
        }
    }
    i
}

/// The integer parts' comparison of two numbers of the same sign, at
/// their first nonzero digits.
fn int_compare(a: &[u8], mut i: usize, b: &[u8], mut j: usize) -> i32 {
    while at(a, i) == at(b, j) && digit(at(a, i)) {
        i += 1;
        j += 1;
    }
    let (x, y) = (at(a, i), at(b, j));
    if (x == b'.' && !digit(y)) || (y == b'.' && !digit(x)) {
        return fraccompare(&a[i.min(a.len())..], &b[j.min(b.len())..]);
    }
    let tmp = x as i32 - y as i32;
    let la = a
        .get(i..)
        .map_or(0, |s| s.iter().take_while(|c| digit(**c)).count());
    let lb = b
        .get(j..)
        .map_or(0, |s| s.iter().take_while(|c| digit(**c)).count());
    if la != lb {
        return if la < lb { -1 } else { 1 };
    }
    if la == 0 {
        return 0;
    }
    tmp
}

/// gnulib strnumcmp in the C locale ('.' decimal point, no thousands
/// separator): `a` and `b` are C strings (they end at a NUL or their end).
pub fn strnumcmp(a: &[u8], b: &[u8]) -> i32 {
    let (na, nb) = (at(a, 0) == b'-', at(b, 0) == b'-');
    if na && nb {
        let i = skip_zeros(a, 1, false);
        let j = skip_zeros(b, 1, false);
        -int_compare(a, i, b, j)
    } else if na {
        let i = skip_zeros(a, 1, true);
        if digit(at(a, i)) {
            return -1;
        }
        let j = skip_zeros(b, 0, true);
        -(digit(at(b, j)) as i32)
    } else if nb {
        let j = skip_zeros(b, 1, true);
        if digit(at(b, j)) {
            return 1;
        }
        let i = skip_zeros(a, 0, true);
        digit(at(a, i)) as i32
    } else {
        let i = skip_zeros(a, 0, false);
        let j = skip_zeros(b, 0, false);
        int_compare(a, i, b, j)
    }
}

/// `s` up to its first NUL: what C string functions see.
#[inline]
fn cstr(s: &[u8]) -> &[u8] {
    match crate::memchr::memchr(0, s) {
        Some(n) => &s[..n],
        None => s,
    }
}

fn trim_blanks(s: &[u8]) -> &[u8] {
    let n = s.iter().take_while(|c| is_blank(**c)).count();
    &s[n..]
}

/// `-n`: numcompare.
pub fn numcompare(a: &[u8], b: &[u8]) -> i32 {
    strnumcmp(trim_blanks(a), trim_blanks(b))
}

/// traverse_raw_number: the highest digit of the number at the start of
/// `s` (0 when none) and where the number ends.
pub fn traverse_number(s: &[u8]) -> (u8, usize) {
    let mut max = 0u8;
    let mut i = 0;
    while digit(at(s, i)) {
        max = max.max(at(s, i));
        i += 1;
    }
    if at(s, i) == b'.' {
        let mut j = i + 1;
        while digit(at(s, j)) {
            max = max.max(at(s, j));
            j += 1;
        }
        i = j;
    }
    (max, i)
}

/// The order of magnitude of a unit suffix (`-h`).
pub fn unit_order(c: u8) -> i32 {
    match c {
        b'k' | b'K' => 1,
        b'M' => 2,
        b'G' => 3,
        b'T' => 4,
        b'P' => 5,
        b'E' => 6,
        b'Z' => 7,
        b'Y' => 8,
        _ => 0,
    }
}

fn find_unit_order(s: &[u8]) -> i32 {
    let minus = at(s, 0) == b'-';
    let p = &s[(minus as usize).min(s.len())..];
    let (max, end) = traverse_number(p);
    if max > b'0' {
        let o = unit_order(at(p, end));
        if minus {
            -o
        } else {
            o
        }
    } else {
        0
    }
}

/// `-h`: human_numcompare.
pub fn human_numcompare(a: &[u8], b: &[u8]) -> i32 {
    let (a, b) = (trim_blanks(a), trim_blanks(b));
    let d = find_unit_order(a) - find_unit_order(b);
    if d != 0 {
        d
    } else {
        strnumcmp(a, b)
    }
}

/// strtold of the C string `s`: the value and the bytes it took, None
/// when nothing converts.
pub fn strtold(s: &[u8]) -> Option<(crate::float::F80, usize)> {
    crate::float::parse_prefix(s).map(|(x, _, n)| (x, n))
}

/// The bytes memcmp compares of an x86 long double NaN that strtold made
/// of `text` (`nan`, `-nan`, `nan(PAYLOAD)`): its mantissa little-endian
/// first, then exponent and sign.
fn nan_bits(text: &[u8], neg: bool) -> [u8; 10] {
    let payload = text
        .iter()
        .position(|&c| c == b'(')
        .and_then(|p| {
            let inner = &text[p + 1..text.len().saturating_sub(1)];
            let (neg, v, over, used) = crate::num::strtoint(inner);
            (!over && used == inner.len() && !inner.is_empty()).then_some(if neg {
                v.wrapping_neg()
            } else {
                v
            })
        })
        .unwrap_or(0);
    let m = 0xC000_0000_0000_0000 | (payload & 0x3FFF_FFFF_FFFF_FFFF);
    let mut b = [0u8; 10];
    b[..8].copy_from_slice(&m.to_le_bytes());
    b[8] = 0xff;
    b[9] = 0x7f | ((neg as u8) << 7);
    b
}

/// `-g`: general_numcompare (conversion errors first, then NaNs by their
/// bits, then numbers).
pub fn general_numcompare(a: &[u8], b: &[u8]) -> i32 {
    let (a, b) = (cstr(a), cstr(b));
    let (Some((x, na)), Some((y, nb))) = (strtold(a), strtold(b)) else {
        return match (strtold(a).is_some(), strtold(b).is_some()) {
            (false, false) => 0,
            (false, true) => -1,
            _ => 1,
        };
    };
    match x.partial_cmp(y) {
        Some(Ordering::Less) => -1,
        Some(Ordering::Greater) => 1,
        Some(Ordering::Equal) => 0,
        None if !y.is_nan() => -1,
        None if !x.is_nan() => 1,
        None => {
            let text = |s: &[u8], n: usize| {
                let t = trim_blanks(&s[..n]);
                let neg = t.first() == Some(&b'-');
                nan_bits(&t[(neg || t.first() == Some(&b'+')) as usize..], neg)
            };
            match text(a, na).cmp(&text(b, nb)) {
                Ordering::Less => -1,
                Ordering::Equal => 0,
                Ordering::Greater => 1,
            }
        }
    }
}

/// `-M`: the month (1 to 12, 0 when none) at the start of `s` after
/// blanks, and where its name ends.
pub fn getmonth(s: &[u8]) -> (i32, usize) {
    const NAMES: &[u8; 36] = b"JANFEBMARAPRMAYJUNJULAUGSEPOCTNOVDEC";
    let s = cstr(s);
    let b = s.iter().take_while(|c| is_blank(**c)).count();
    let name = [at(s, b), at(s, b + 1), at(s, b + 2)].map(|c| c.to_ascii_uppercase());
    match NAMES.chunks(3).position(|m| m == name) {
        Some(i) => (i as i32 + 1, b + 3),
        None => (0, 0),
    }
}

/// `-R`: MD5 digests of the salt followed by each key, then the keys' bytes.
pub fn compare_random(a: &[u8], b: &[u8], salt: &[u8; 16]) -> Ordering {
    let digest = |k: &[u8]| {
        use crate::digest::{Algo, Hasher, Kernels};
        let mut h = Hasher::new(Algo::Md5, 0, &Kernels::PORTABLE);
        h.update(salt);
        h.update(k);
        let mut out = [0u8; 64];
        h.finish(&mut out);
        out
    };
    let (x, y) = (digest(a), digest(b));
    x[..16].cmp(&y[..16]).then_with(|| compare_bytes(a, b))
}

fn sign(d: i32) -> Ordering {
    d.cmp(&0)
}

/// The keys of a sort and how whole lines compare.
pub struct Keys {
    pub keys: Vec<Key>,
    pub tab: Option<u8>,
    /// `-r` of the last-resort comparison.
    pub reverse: bool,
    /// No last-resort comparison (`-s` or `-u`).
    pub no_last_resort: bool,
    pub salt: [u8; 16],
}

impl Keys {
    /// One key of two lines, its spans already found.
    pub fn compare_key(&self, key: &Key, ka: &[u8], kb: &[u8]) -> Ordering {
        let d = if key.special() {
            if key.ignore != Ignore::No || key.fold {
                let ta = translated(ka, key);
                let tb = translated(kb, key);
                self.special(key, &ta, &tb)
            } else {
                self.special(key, ka, kb)
            }
        } else if key.ignore != Ignore::No || key.fold {
            let f = |s: &[u8]| {
                s.iter()
                    .filter(|c| !key.ignore.skips(**c))
                    .map(|c| if key.fold { c.to_ascii_uppercase() } else { *c })
                    .collect::<Vec<u8>>()
            };
            if key.ignore == Ignore::No {
                crate::linecmp::compare(ka, kb, true)
            } else {
                f(ka).cmp(&f(kb))
            }
        } else {
            compare_bytes(ka, kb)
        };
        if key.reverse {
            d.reverse()
        } else {
            d
        }
    }

    fn special(&self, key: &Key, a: &[u8], b: &[u8]) -> Ordering {
        if key.numeric {
            sign(numcompare(cstr(a), cstr(b)))
        } else if key.general {
            sign(general_numcompare(a, b))
        } else if key.human {
            sign(human_numcompare(cstr(a), cstr(b)))
        } else if key.month {
            getmonth(a).0.cmp(&getmonth(b).0)
        } else if key.random {
            compare_random(a, b, &self.salt)
        } else {
            crate::filevercmp::filevercmp(a, b)
        }
    }

    /// Compares the keys from the `first`-th on (GNU's keycompare).
    pub fn keycompare(&self, a: &[u8], b: &[u8], first: usize) -> Ordering {
        for key in &self.keys[first..] {
            let (sa, la) = span(a, key, self.tab);
            let (sb, lb) = span(b, key, self.tab);
            let d = self.compare_key(key, &a[sa..la], &b[sb..lb]);
            if d != Ordering::Equal {
                return d;
            }
        }
        Ordering::Equal
    }

    /// The last-resort comparison of whole lines.
    #[inline]
    pub fn last_resort(&self, a: &[u8], b: &[u8]) -> Ordering {
        let d = compare_bytes(a, b);
        if self.reverse {
            d.reverse()
        } else {
            d
        }
    }

    /// GNU's compare of two lines (without their delimiters).
    pub fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        if !self.keys.is_empty() {
            let d = self.keycompare(a, b, 0);
            if d != Ordering::Equal || self.no_last_resort {
                return d;
            }
        }
        self.last_resort(a, b)
    }
}

fn translated(s: &[u8], key: &Key) -> Vec<u8> {
    s.iter()
        .filter(|c| !key.ignore.skips(**c))
        .map(|c| if key.fold { c.to_ascii_uppercase() } else { *c })
        .collect()
}

/// The part of `line` that `--debug` underlines for `key` (None: the
/// whole line): `(start, end)`, end before start when nothing matches.
pub fn debug_span(line: &[u8], key: Option<&Key>, tab: Option<u8>) -> (usize, usize) {
    let Some(key) = key else {
        return (0, line.len());
    };
    let mut beg = if key.sword != NONE {
        begfield(line, key, tab)
    } else {
        0
    };
    let lim = if key.eword != NONE {
        limfield(line, key, tab)
    } else {
        line.len()
    };
    if !((key.skipsblanks && key.sword == NONE) || key.month || key.is_numeric()) {
        return (beg, lim);
    }
    // The key is a C string ending at `lim`; blanks before it are
    // skipped even past a limit before the start.
    let text = if beg <= lim { &line[..lim] } else { line };
    while beg < text.len() && is_blank(text[beg]) {
        beg += 1;
    }
    if lim < beg {
        return (beg, lim);
    }
    let k = &line[beg..lim];
    let end = if key.month {
        match getmonth(k) {
            (0, _) => 0,
            (_, n) => n,
        }
    } else if key.general {
        strtold(cstr(k)).map_or(0, |(_, n)| n)
    } else if key.numeric || key.human {
        let minus = (at(k, 0) == b'-') as usize;
        let (max, n) = traverse_number(&k[minus.min(k.len())..]);
        if max >= b'0' {
            let n = n + minus;
            n + (key.human && unit_order(at(k, n)) != 0) as usize
        } else {
            0
        }
    } else {
        k.len()
    };
    (beg, beg + end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(spec: &str) -> Key {
        // "s.c,e.c" zero-origin words as GNU stores them.
        let mut k = Key::default();
        let v: Vec<usize> = spec.split([',', '.']).map(|x| x.parse().unwrap()).collect();
        k.sword = v[0];
        k.schar = v[1];
        k.eword = v[2];
        k.echar = v[3];
        k
    }

    #[test]
    fn numbers() {
        let c = |a: &str, b: &str| sign(numcompare(a.as_bytes(), b.as_bytes()));
        assert_eq!(c("10", "9"), Ordering::Greater);
        assert_eq!(c("-10", "-9"), Ordering::Less);
        assert_eq!(c("1.5", "1.25"), Ordering::Greater);
        assert_eq!(c("-0", "0"), Ordering::Equal);
        assert_eq!(c("-.0", "a"), Ordering::Equal);
        assert_eq!(c("  3", "03"), Ordering::Equal);
        assert_eq!(c(".1", "0.10"), Ordering::Equal);
        assert_eq!(c("-1", ""), Ordering::Less);
        assert_eq!(c("1e3", "2"), Ordering::Less);
        assert_eq!(c("0.01", "0.1"), Ordering::Less);
        assert_eq!(c("-0.01", "-0.1"), Ordering::Greater);
    }

    #[test]
    fn human_and_months() {
        let h = |a: &str, b: &str| sign(human_numcompare(a.as_bytes(), b.as_bytes()));
        assert_eq!(h("1K", "999"), Ordering::Greater);
        assert_eq!(h("1M", "2K"), Ordering::Greater);
        assert_eq!(h("-1M", "-2K"), Ordering::Less);
        assert_eq!(h("0K", "1"), Ordering::Less);
        assert_eq!(getmonth(b"  feb x"), (2, 5));
        assert_eq!(getmonth(b"fe"), (0, 0));
    }

    #[test]
    fn general() {
        let g = |a: &str, b: &str| sign(general_numcompare(a.as_bytes(), b.as_bytes()));
        assert_eq!(g("x", "nan"), Ordering::Less);
        assert_eq!(g("nan", "-inf"), Ordering::Less);
        assert_eq!(g("nan", "-nan"), Ordering::Less);
        assert_eq!(g("nan(1)", "-nan"), Ordering::Greater);
        assert_eq!(g("1e3", "999"), Ordering::Greater);
        assert_eq!(g("0x10", "15"), Ordering::Greater);
        assert_eq!(g("-0", "0"), Ordering::Equal);
    }

    #[test]
    fn fields() {
        let line = b"  ab  cd ef";
        let k = key("1.0,1.0");
        assert_eq!(begfield(line, &k, None), 4);
        assert_eq!(limfield(line, &k, None), 8);
        let k = key("1.1,1.2");
        assert_eq!(begfield(line, &k, None), 5);
        assert_eq!(limfield(line, &k, None), 6);
        let k = key("1.0,1.0");
        assert_eq!(begfield(b"a:b:c", &k, Some(b':')), 2);
        assert_eq!(limfield(b"a:b:c", &k, Some(b':')), 3);
    }
}
