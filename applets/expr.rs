// corebox applet
// name: expr
// usage: EXPRESSION
// usage: OPTION
// usage-status: 2
// help:
//
//       --help        display this help and exit
//       --version     output version information and exit
//
// Print the value of EXPRESSION to standard output.  A blank line below
// separates increasing precedence groups.  EXPRESSION may be:
//
//   ARG1 | ARG2       ARG1 if it is neither null nor 0, otherwise ARG2
//
//   ARG1 & ARG2       ARG1 if neither argument is null or 0, otherwise 0
//
//   ARG1 < ARG2       ARG1 is less than ARG2
//   ARG1 <= ARG2      ARG1 is less than or equal to ARG2
//   ARG1 = ARG2       ARG1 is equal to ARG2
//   ARG1 != ARG2      ARG1 is unequal to ARG2
//   ARG1 >= ARG2      ARG1 is greater than or equal to ARG2
//   ARG1 > ARG2       ARG1 is greater than ARG2
//
//   ARG1 + ARG2       arithmetic sum of ARG1 and ARG2
//   ARG1 - ARG2       arithmetic difference of ARG1 and ARG2
//
//   ARG1 * ARG2       arithmetic product of ARG1 and ARG2
//   ARG1 / ARG2       arithmetic quotient of ARG1 divided by ARG2
//   ARG1 % ARG2       arithmetic remainder of ARG1 divided by ARG2
//
//   STRING : REGEXP   anchored pattern match of REGEXP in STRING
//
//   match STRING REGEXP        same as STRING : REGEXP
//   substr STRING POS LENGTH   substring of STRING, POS counted from 1
//   index STRING CHARS         index in STRING where any CHARS is found, or 0
//   length STRING              length of STRING
//   + TOKEN                    interpret TOKEN as a string, even if it is a
//                                keyword like 'match' or an operator like '/'
//
//   ( EXPRESSION )             value of EXPRESSION
//
// Beware that many operators need to be escaped or quoted for shells.
// Comparisons are arithmetic if both ARGs are numbers, else lexicographical.
// Pattern matches return the string matched between \( and \) or null; if
// \( and \) are not used, they return the number of characters matched or 0.
//
// Exit status is 0 if EXPRESSION is neither null nor 0, 1 if EXPRESSION is null
// or 0, 2 if EXPRESSION is syntactically invalid, and 3 if an error occurred.

//! expr: GNU 9.1's expr.c. Integers of any size (GMP's semantics:
//! division truncates), `:`/`match` with GNU basic regular expressions
//! anchored at the start, `length`, `index` and `substr` counting
//! characters under UTF-8, comparisons as integers when both sides look
//! like integers. Exit 0 (non-null result), 1 (null or 0), 2 (bad
//! expression), 3 (error).

use super::SPEC;
use crate::shared::diag::quote;
use alloc::vec::Vec;
use core::cmp::Ordering;
use logic::bigint::Int;
use sys::io::error;

const INVALID: i32 = 2;
const FAILURE: i32 = 3;

#[derive(Clone)]
enum Value {
    Int(Int),
    Str(Vec<u8>),
}

#[cold]
fn invalid(parts: &[&[u8]]) -> ! {
    error(parts, None);
    sys::rt::exit(INVALID)
}

/// An optional `-` then one digit or more.
fn looks_like_integer(s: &[u8]) -> bool {
    let d = s.strip_prefix(b"-").unwrap_or(s);
    !d.is_empty() && d.iter().all(u8::is_ascii_digit)
}

impl Value {
    fn into_bytes(self) -> Vec<u8> {
        match self {
            Value::Int(i) => i.to_decimal(),
            Value::Str(s) => s,
        }
    }

    fn bytes(&self) -> Vec<u8> {
        self.clone().into_bytes()
    }

    fn to_int(&self) -> Option<Int> {
        match self {
            Value::Int(i) => Some(i.clone()),
            Value::Str(s) if looks_like_integer(s) => Int::parse(s),
            Value::Str(_) => None,
        }
    }

    /// A null string, or a string of zeros (with a `-`), or zero.
    fn is_null(&self) -> bool {
        match self {
            Value::Int(i) => i.is_zero(),
            Value::Str(s) => {
                let d = s.strip_prefix(b"-").unwrap_or(s);
                s.is_empty() || (!d.is_empty() && d.iter().all(|&c| c == b'0'))
            }
        }
    }
}

fn int(n: usize) -> Value {
    Value::Int(Int::from_u64(n as u64))
}

/// A comparison operator's verdict on an ordering.
type Test = fn(Ordering) -> bool;

struct Expr {
    args: &'static [&'static [u8]],
    pos: usize,
    utf8: bool,
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::set_exit_failure(FAILURE);
    if args.len() == 2 && args[1].len() > 2 {
        if b"--help".starts_with(args[1]) {
            crate::shared::cli::help(&SPEC);
            return 0;
        }
        if b"--version".starts_with(args[1]) {
            crate::shared::cli::version(&SPEC);
            return 0;
        }
    }
    let mut rest = &args[1.min(args.len())..];
    if rest.first() == Some(&&b"--"[..]) {
        rest = &rest[1..];
    }
    if rest.is_empty() {
        crate::shared::cli::missing_operand(&SPEC);
    }
    let mut e = Expr {
        args: rest,
        pos: 0,
        utf8: sys::env::utf8_locale(),
    };
    let v = e.or(true);
    if let Some(a) = e.peek() {
        invalid(&[b"syntax error: unexpected argument ", &quote(a)]);
    }
    let null = v.is_null();
    let mut out = v.into_bytes();
    out.push(b'\n');
    sys::io::out().write(&out);
    null as i32
}

impl Expr {
    fn peek(&self) -> Option<&'static [u8]> {
        self.args.get(self.pos).copied()
    }

    /// Takes the next argument when it is `word`.
    fn next_is(&mut self, word: &[u8]) -> bool {
        let hit = self.peek() == Some(word);
        self.pos += hit as usize;
        hit
    }

    fn require_more(&self) {
        if self.peek().is_none() {
            invalid(&[
                b"syntax error: missing argument after ",
                &quote(self.args[self.pos - 1]),
            ]);
        }
    }

    /// `|`: the left side unless it is null, else the right (or 0).
    fn or(&mut self, eval: bool) -> Value {
        let mut l = self.and(eval);
        while self.next_is(b"|") {
            let r = self.and(eval && l.is_null());
            if l.is_null() {
                l = if r.is_null() { int(0) } else { r };
            }
        }
        l
    }

    /// `&`: the left side unless either is null, else 0.
    fn and(&mut self, eval: bool) -> Value {
        let mut l = self.compare(eval);
        while self.next_is(b"&") {
            let r = self.compare(eval && !l.is_null());
            if l.is_null() || r.is_null() {
                l = int(0);
            }
        }
        l
    }

    fn compare(&mut self, eval: bool) -> Value {
        let mut l = self.sum(eval);
        loop {
            let ops: [(&[u8], Test); 7] = [
                (b"<", |o| o.is_lt()),
                (b"<=", |o| o.is_le()),
                (b"=", |o| o.is_eq()),
                (b"==", |o| o.is_eq()),
                (b"!=", |o| o.is_ne()),
                (b">=", |o| o.is_ge()),
                (b">", |o| o.is_gt()),
            ];
            let Some(&(_, test)) = ops.iter().find(|(w, _)| self.next_is(w)) else {
                return l;
            };
            let r = self.sum(eval);
            let mut val = false;
            if eval {
                let (a, b) = (l.bytes(), r.bytes());
                let ord = if looks_like_integer(&a) && looks_like_integer(&b) {
                    Int::parse(&a)
                        .zip(Int::parse(&b))
                        .map_or(Ordering::Equal, |(x, y)| x.compare(&y))
                } else {
                    a.cmp(&b)
                };
                val = test(ord);
            }
            l = int(val as usize);
        }
    }

    /// `+` and `-`.
    fn sum(&mut self, eval: bool) -> Value {
        let mut l = self.product(eval);
        loop {
            let plus = if self.next_is(b"+") {
                true
            } else if self.next_is(b"-") {
                false
            } else {
                return l;
            };
            let r = self.product(eval);
            if eval {
                let (a, b) = arith(&l, &r);
                l = Value::Int(if plus { a.add(&b) } else { a.sub(&b) });
            }
        }
    }

    /// `*`, `/` and `%`.
    fn product(&mut self, eval: bool) -> Value {
        let mut l = self.colon(eval);
        loop {
            let op = if self.next_is(b"*") {
                b'*'
            } else if self.next_is(b"/") {
                b'/'
            } else if self.next_is(b"%") {
                b'%'
            } else {
                return l;
            };
            let r = self.colon(eval);
            if eval {
                let (a, b) = arith(&l, &r);
                l = Value::Int(match op {
                    b'*' => a.mul(&b),
                    _ => {
                        let Some((q, rem)) = a.div_rem(&b) else {
                            invalid(&[b"division by zero"]);
                        };
                        if op == b'/' {
                            q
                        } else {
                            rem
                        }
                    }
                });
            }
        }
    }

    /// `STRING : REGEX`.
    fn colon(&mut self, eval: bool) -> Value {
        let mut l = self.keyword(eval);
        while self.next_is(b":") {
            let r = self.keyword(eval);
            if eval {
                l = self.matches(&l, &r);
            }
        }
        l
    }

    /// `+ TOKEN`, `length`, `match`, `index`, `substr`.
    fn keyword(&mut self, eval: bool) -> Value {
        if self.next_is(b"+") {
            self.require_more();
            self.pos += 1;
            return Value::Str(self.args[self.pos - 1].to_vec());
        }
        if self.next_is(b"length") {
            let s = self.keyword(eval).into_bytes();
            return int(self.chars(&s).count());
        }
        if self.next_is(b"match") {
            let l = self.keyword(eval);
            let r = self.keyword(eval);
            return if eval { self.matches(&l, &r) } else { l };
        }
        if self.next_is(b"index") {
            let s = self.keyword(eval).into_bytes();
            let set = self.keyword(eval).into_bytes();
            return int(self.index(&s, &set));
        }
        if self.next_is(b"substr") {
            let s = self.keyword(eval).into_bytes();
            let (p, n) = (self.keyword(eval), self.keyword(eval));
            let (Some(p), Some(n)) = (p.to_int(), n.to_int()) else {
                return Value::Str(Vec::new());
            };
            return Value::Str(self.substr(&s, size(&p), size(&n)));
        }
        self.primary(eval)
    }

    /// `( EXPR )` or a token.
    fn primary(&mut self, eval: bool) -> Value {
        self.require_more();
        if self.next_is(b"(") {
            let v = self.or(eval);
            match self.peek() {
                None => invalid(&[
                    b"syntax error: expecting ')' after ",
                    &quote(self.args[self.pos - 1]),
                ]),
                Some(b")") => self.pos += 1,
                Some(a) => invalid(&[b"syntax error: expecting ')' instead of ", &quote(a)]),
            }
            return v;
        }
        if self.next_is(b")") {
            invalid(&[b"syntax error: unexpected ')'"]);
        }
        self.pos += 1;
        Value::Str(self.args[self.pos - 1].to_vec())
    }

    /// The characters of `s` as (byte offset, length): UTF-8 sequences
    /// under a UTF-8 locale (a bad byte is one), else bytes.
    fn chars<'a>(&self, s: &'a [u8]) -> impl Iterator<Item = (usize, usize)> + 'a {
        let utf8 = self.utf8;
        let mut i = 0;
        core::iter::from_fn(move || {
            if i >= s.len() {
                return None;
            }
            let n = if utf8 {
                logic::unicode::decode(&s[i..]).map_or(1, |(_, n)| n)
            } else {
                1
            };
            i += n;
            Some((i - n, n))
        })
    }

    /// The position (from 1) of the first character of `s` in `set`.
    fn index(&self, s: &[u8], set: &[u8]) -> usize {
        let members: Vec<&[u8]> = self.chars(set).map(|(i, n)| &set[i..i + n]).collect();
        self.chars(s)
            .position(|(i, n)| members.contains(&&s[i..i + n]))
            .map_or(0, |p| p + 1)
    }

    /// `len` characters of `s` from character `pos` (from 1).
    fn substr(&self, s: &[u8], pos: usize, len: usize) -> Vec<u8> {
        let total = self.chars(s).count();
        if total < pos || pos == 0 || len == 0 || len == usize::MAX {
            return Vec::new();
        }
        let take = len.min(total - pos + 1);
        let sel: Vec<(usize, usize)> = self.chars(s).skip(pos - 1).take(take).collect();
        match (sel.first(), sel.last()) {
            (Some(&(a, _)), Some(&(b, n))) => s[a..b + n].to_vec(),
            _ => Vec::new(),
        }
    }

    /// `STRING : REGEX`: the first group's text, or the length matched.
    fn matches(&self, l: &Value, r: &Value) -> Value {
        let (s, p) = (l.bytes(), r.bytes());
        let re = match logic::regex::Regex::new_whole(&p, logic::regex::Syntax::Basic, self.utf8) {
            Ok(re) => re,
            Err(msg) => invalid(&[msg.as_bytes()]),
        };
        let groups = re.groups();
        let Some(end) = re.match_at(&s, 0) else {
            return if groups > 0 {
                Value::Str(Vec::new())
            } else {
                int(0)
            };
        };
        if groups == 0 {
            return int(self.chars(&s[..end]).count());
        }
        let caps = re.captures(&s, 0, end).unwrap_or_default();
        match (caps.get(2), caps.get(3)) {
            (Some(&a), Some(&b)) if a != usize::MAX && b != usize::MAX => {
                Value::Str(s[a..b].to_vec())
            }
            _ => Value::Str(Vec::new()),
        }
    }
}

/// Both sides as integers, or `non-integer argument`.
fn arith(l: &Value, r: &Value) -> (Int, Int) {
    match (l.to_int(), r.to_int()) {
        (Some(a), Some(b)) => (a, b),
        _ => invalid(&[b"non-integer argument"]),
    }
}

/// GNU's getsize: negative is SIZE_MAX, too large SIZE_MAX - 1.
fn size(i: &Int) -> usize {
    if i.is_negative() {
        return usize::MAX;
    }
    i.to_u64()
        .and_then(|n| usize::try_from(n).ok())
        .filter(|&n| n < usize::MAX)
        .unwrap_or(usize::MAX - 1)
}
