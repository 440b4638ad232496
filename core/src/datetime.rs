//! GNU date strings, read as gnulib's parse_datetime reads them for GNU
//! coreutils 9.1 (`date -d`, `date -f`, `touch -d`), with the account
//! `date --debug` writes to stderr.
//!
//! A hand-written parser that makes the choices of GNU's LALR(1) parser: a
//! token that can extend the current item always does (bison shifts), there
//! is no backtracking, and the next token is read only where the item could
//! go on, so that the debug lines come in GNU's order.

use crate::tz::{self, Abbr, Fields, Tm, Tz};
use alloc::vec::Vec;
use core::fmt::{self, Write};

/// What a date string is read against.
pub struct Context<'a> {
    /// The current time: seconds, nanoseconds.
    pub now: (i64, u32),
    /// The zone in force (from the environment).
    pub tz: &'a Tz,
    /// The TZ environment value, for the debug text (None: unset).
    pub tz_name: Option<&'a [u8]>,
    /// Loads a zone from a TZ value (for `TZ="..."` inside the string).
    pub load: &'a mut dyn FnMut(&[u8]) -> Tz,
    /// When Some, receives the lines `date --debug` writes to stderr.
    pub debug: Option<&'a mut Vec<u8>>,
}

/// The time (seconds, nanoseconds) a GNU date string denotes, or None where
/// GNU says "invalid date".
pub fn parse(input: &[u8], cx: &mut Context) -> Option<(i64, u32)> {
    // GNU sees a C string: it ends at the first NUL.
    let input = &input[..memchr::memchr(0, input).unwrap_or(input.len())];
    let start = skip_space(input, 0);
    let prefix = tz_prefix(&input[start..]);
    let loaded = prefix.as_ref().map(|(name, _)| (cx.load)(name));
    let (tz, tz_name, rest) = match (&loaded, &prefix) {
        (Some(z), Some((name, end))) => {
            let at = skip_space(input, start + end);
            (z, Some(&name[..]), &input[at..])
        }
        _ => (cx.tz, cx.tz_name, &input[start..]),
    };
    // An empty string means "0" (midnight), so that it parses the same
    // way even during a DST change.
    let rest: &[u8] = if rest.is_empty() { b"0" } else { rest };
    let now_tm = tz.localtime(cx.now.0)?;
    let dbg = Dbg(cx.debug.as_deref_mut());
    let locals = local_zones(tz, cx.now.0, &now_tm);
    let mut p = Parser::new(rest, dbg, locals, &now_tm, cx.now.1);
    if p.spec().is_none() {
        p.parse_failed();
        return None;
    }
    p.input_zone_line(tz_name, loaded.is_some());
    let result = if p.timespec_seen {
        (p.sec, p.ns as u32)
    } else {
        p.resolve(tz, now_tm.isdst)?
    };
    p.final_lines(tz, tz_name, result);
    Some(result)
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

fn skip_space(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && is_space(s[i]) {
        i += 1;
    }
    i
}

/// A leading `TZ="..."` (backslash escapes `\` and `"` only): the zone
/// name and the length of the prefix, or None when there is none.
fn tz_prefix(s: &[u8]) -> Option<(Vec<u8>, usize)> {
    let body = s.strip_prefix(b"TZ=\"")?;
    let mut name = Vec::new();
    let mut i = 0;
    loop {
        match *body.get(i)? {
            b'"' => return Some((name, 4 + i + 1)),
            b'\\' => match *body.get(i + 1)? {
                c @ (b'\\' | b'"') => {
                    name.push(c);
                    i += 2;
                }
                _ => return None,
            },
            c => {
                name.push(c);
                i += 1;
            }
        }
    }
}

/// The zone's abbreviations for "local" time: now's, and the first one
/// with the other DST flag in the next three quarters, each with its
/// tm_isdst (-1 when both are spelt alike, so the word cannot tell).
fn local_zones(tz: &Tz, now: i64, now_tm: &Tm) -> Vec<(Abbr, i64)> {
    let mut out = alloc::vec![(now_tm.zone, now_tm.isdst as i64)];
    for quarter in 1..=3 {
        let Some(probe) = now.checked_add(quarter * 90 * 86_400) else {
            break;
        };
        if let Some(tm) = tz.localtime(probe) {
            if tm.isdst != now_tm.isdst {
                if tm.zone == now_tm.zone {
                    out[0].1 = -1;
                } else {
                    out.push((tm.zone, tm.isdst as i64));
                }
                break;
            }
        }
    }
    out
}

/// The --debug sink: GNU's lines, each begun with "date: ".
struct Dbg<'a>(Option<&'a mut Vec<u8>>);

impl Dbg<'_> {
    fn on(&self) -> bool {
        self.0.is_some()
    }

    /// A new line (GNU's dbg_printf).
    fn say(&mut self, args: fmt::Arguments) {
        self.add(format_args!("date: {args}"));
    }

    /// More text on the current line.
    fn add(&mut self, args: fmt::Arguments) {
        let _ = self.write_fmt(args);
    }

    fn bytes(&mut self, b: &[u8]) {
        if let Some(out) = self.0.as_deref_mut() {
            out.extend_from_slice(b);
        }
    }
}

impl Write for Dbg<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.bytes(s.as_bytes());
        Ok(())
    }
}

/// A number as written: its value, digit count and sign.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct Num {
    value: i64,
    digits: usize,
    negative: bool,
}

/// A number with a fraction, as a timespec (ns always added, 0..1e9).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Secs {
    sec: i64,
    ns: i32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Mer {
    Am,
    Pm,
    H24,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Unit {
    Year,
    Month,
    Day,
    Hour,
    Minute,
    Second,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Tok {
    End,
    /// Punctuation; `?` also stands for an unknown word or a number too
    /// large, which no rule accepts either.
    Char(u8),
    Unum(Num),
    Snum(Num),
    Udec(Secs),
    Sdec(Secs),
    Meridian(Mer),
    Month(i64),
    Day(i64),
    Ordinal(i64),
    DayShift(i64),
    /// A unit and its multiplier in days (week: 7).
    Unit(Unit, i64),
    /// -1 for "ago", 1 for "hence".
    Ago(i64),
    Dst,
    /// Offsets in seconds east of UTC; a day zone is an hour ahead.
    Zone(i64),
    DayZone(i64),
    /// A local abbreviation, with its tm_isdst.
    LocalZone(i64),
    /// The military zone T, also the ISO 8601 date/time separator.
    T,
}

const MONTHS_AND_DAYS: [(&[u8], Tok); 24] = [
    (b"JANUARY", Tok::Month(1)),
    (b"FEBRUARY", Tok::Month(2)),
    (b"MARCH", Tok::Month(3)),
    (b"APRIL", Tok::Month(4)),
    (b"MAY", Tok::Month(5)),
    (b"JUNE", Tok::Month(6)),
    (b"JULY", Tok::Month(7)),
    (b"AUGUST", Tok::Month(8)),
    (b"SEPTEMBER", Tok::Month(9)),
    (b"SEPT", Tok::Month(9)),
    (b"OCTOBER", Tok::Month(10)),
    (b"NOVEMBER", Tok::Month(11)),
    (b"DECEMBER", Tok::Month(12)),
    (b"SUNDAY", Tok::Day(0)),
    (b"MONDAY", Tok::Day(1)),
    (b"TUESDAY", Tok::Day(2)),
    (b"TUES", Tok::Day(2)),
    (b"WEDNESDAY", Tok::Day(3)),
    (b"WEDNES", Tok::Day(3)),
    (b"THURSDAY", Tok::Day(4)),
    (b"THUR", Tok::Day(4)),
    (b"THURS", Tok::Day(4)),
    (b"FRIDAY", Tok::Day(5)),
    (b"SATURDAY", Tok::Day(6)),
];

const UNITS: [(&[u8], Tok); 10] = [
    (b"YEAR", Tok::Unit(Unit::Year, 1)),
    (b"MONTH", Tok::Unit(Unit::Month, 1)),
    (b"FORTNIGHT", Tok::Unit(Unit::Day, 14)),
    (b"WEEK", Tok::Unit(Unit::Day, 7)),
    (b"DAY", Tok::Unit(Unit::Day, 1)),
    (b"HOUR", Tok::Unit(Unit::Hour, 1)),
    (b"MINUTE", Tok::Unit(Unit::Minute, 1)),
    (b"MIN", Tok::Unit(Unit::Minute, 1)),
    (b"SECOND", Tok::Unit(Unit::Second, 1)),
    (b"SEC", Tok::Unit(Unit::Second, 1)),
];

// "SECOND" is a unit, so there is no second ordinal.
const RELATIVE: [(&[u8], Tok); 20] = [
    (b"TOMORROW", Tok::DayShift(1)),
    (b"YESTERDAY", Tok::DayShift(-1)),
    (b"TODAY", Tok::DayShift(0)),
    (b"NOW", Tok::DayShift(0)),
    (b"LAST", Tok::Ordinal(-1)),
    (b"THIS", Tok::Ordinal(0)),
    (b"NEXT", Tok::Ordinal(1)),
    (b"FIRST", Tok::Ordinal(1)),
    (b"THIRD", Tok::Ordinal(3)),
    (b"FOURTH", Tok::Ordinal(4)),
    (b"FIFTH", Tok::Ordinal(5)),
    (b"SIXTH", Tok::Ordinal(6)),
    (b"SEVENTH", Tok::Ordinal(7)),
    (b"EIGHTH", Tok::Ordinal(8)),
    (b"NINTH", Tok::Ordinal(9)),
    (b"TENTH", Tok::Ordinal(10)),
    (b"ELEVENTH", Tok::Ordinal(11)),
    (b"TWELFTH", Tok::Ordinal(12)),
    (b"AGO", Tok::Ago(-1)),
    (b"HENCE", Tok::Ago(1)),
];

/// Zone abbreviations: name, minutes east of UTC, whether daylight time
/// (an hour more). Ambiguous in the world; these are GNU's readings.
const ZONES: [(&[u8], i16, bool); 47] = [
    (b"WET", 0, false),
    (b"WEST", 0, true),
    (b"BST", 0, true),
    (b"ART", -180, false),
    (b"BRT", -180, false),
    (b"BRST", -180, true),
    (b"NST", -210, false),
    (b"NDT", -210, true),
    (b"AST", -240, false),
    (b"ADT", -240, true),
    (b"CLT", -240, false),
    (b"CLST", -240, true),
    (b"EST", -300, false),
    (b"EDT", -300, true),
    (b"CST", -360, false),
    (b"CDT", -360, true),
    (b"MST", -420, false),
    (b"MDT", -420, true),
    (b"PST", -480, false),
    (b"PDT", -480, true),
    (b"AKST", -540, false),
    (b"AKDT", -540, true),
    (b"HST", -600, false),
    (b"HAST", -600, false),
    (b"HADT", -600, true),
    (b"SST", -720, false),
    (b"WAT", 60, false),
    (b"CET", 60, false),
    (b"CEST", 60, true),
    (b"MET", 60, false),
    (b"MEZ", 60, false),
    (b"MEST", 60, true),
    (b"MESZ", 60, true),
    (b"EET", 120, false),
    (b"EEST", 120, true),
    (b"CAT", 120, false),
    (b"SAST", 120, false),
    (b"EAT", 180, false),
    (b"MSK", 180, false),
    (b"MSD", 180, true),
    (b"IST", 330, false),
    (b"SGT", 480, false),
    (b"KST", 540, false),
    (b"JST", 540, false),
    (b"GST", 600, false),
    (b"NZST", 720, false),
    (b"NZDT", 720, true),
];

fn find(table: &[(&[u8], Tok)], w: &[u8]) -> Option<Tok> {
    table.iter().find(|e| e.0 == w).map(|e| e.1)
}

/// A zone name: universal ones, then the local zone's (likelier right than
/// the fixed table), then the table.
fn lookup_zone(w: &[u8], locals: &[(Abbr, i64)]) -> Option<Tok> {
    if matches!(w, b"GMT" | b"UT" | b"UTC") {
        return Some(Tok::Zone(0));
    }
    if let Some(l) = locals.iter().find(|l| l.0.as_bytes() == w) {
        return Some(Tok::LocalZone(l.1));
    }
    let &(_, min, dst) = ZONES.iter().find(|z| z.0 == w)?;
    let off = min as i64 * 60;
    Some(if dst {
        Tok::DayZone(off)
    } else {
        Tok::Zone(off)
    })
}

/// Military zones (RFC 5322 direction): A-I, K-M east, N-Y west, Z UTC.
fn military(c: u8) -> Option<Tok> {
    let hours = match c {
        b'A'..=b'I' => (c - b'A' + 1) as i64,
        b'K'..=b'M' => (c - b'K' + 10) as i64,
        b'T' => return Some(Tok::T),
        b'N'..=b'Y' => -((c - b'N' + 1) as i64),
        b'Z' => 0,
        _ => return None,
    };
    Some(Tok::Zone(hours * 3600))
}

/// The token of an upper-cased word (at most 19 bytes, as GNU keeps).
/// Periods are dropped from `w` (in place) on the last try, as GNU does
/// before it reports the word unknown.
fn lookup_word(buf: &mut [u8; 19], len: &mut usize, locals: &[(Abbr, i64)]) -> Option<Tok> {
    let w = &buf[..*len];
    match w {
        b"AM" | b"A.M." => return Some(Tok::Meridian(Mer::Am)),
        b"PM" | b"P.M." => return Some(Tok::Meridian(Mer::Pm)),
        _ => {}
    }
    let abbrev = w.len() == 3 || (w.len() == 4 && w[3] == b'.');
    let month = MONTHS_AND_DAYS
        .iter()
        .find(|e| if abbrev { e.0[..3] == w[..3] } else { e.0 == w });
    if let Some(e) = month {
        return Some(e.1);
    }
    let stem = w.strip_suffix(b"S");
    let found = lookup_zone(w, locals)
        .or_else(|| (w == b"DST").then_some(Tok::Dst))
        .or_else(|| find(&UNITS, w))
        .or_else(|| stem.and_then(|s| find(&UNITS, s)))
        .or_else(|| find(&RELATIVE, w))
        .or_else(|| if w.len() == 1 { military(w[0]) } else { None });
    if found.is_some() {
        return found;
    }
    let mut kept = [0u8; 19];
    let mut n = 0;
    for &c in &buf[..*len] {
        if c != b'.' {
            kept[n] = c;
            n += 1;
        }
    }
    let had_period = n != *len;
    (*buf, *len) = (kept, n);
    if had_period {
        lookup_zone(&buf[..n], locals)
    } else {
        None
    }
}

/// Relative amounts, each field summed separately.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Rel {
    year: i64,
    month: i64,
    day: i64,
    hour: i64,
    minutes: i64,
    seconds: i64,
    ns: i32,
}

impl Rel {
    /// `n` units (a day unit counts `days` days); None on overflow.
    fn unit(u: Unit, n: i64, days: i64) -> Option<Rel> {
        let mut r = Rel::default();
        match u {
            Unit::Year => r.year = n,
            Unit::Month => r.month = n,
            Unit::Day => r.day = n.checked_mul(days)?,
            Unit::Hour => r.hour = n,
            Unit::Minute => r.minutes = n,
            Unit::Second => r.seconds = n,
        }
        Some(r)
    }

    fn is_zero(&self) -> bool {
        *self == Rel::default()
    }
}

/// Which parts the debug lines have shown already.
#[derive(Default)]
struct Shown {
    dates: bool,
    days: bool,
    local_zones: bool,
    times: bool,
    zones: bool,
    year: bool,
}

/// The parser and what it has read.
struct Parser<'s, 'd> {
    s: &'s [u8],
    /// Just past the last token read (GNU's pc->input).
    pos: usize,
    ahead: Option<Tok>,
    locals: Vec<(Abbr, i64)>,
    dbg: Dbg<'d>,
    day_ordinal: i64,
    day_number: i64,
    local_isdst: i64,
    /// Seconds east of UTC.
    time_zone: i64,
    meridian: Mer,
    year: Num,
    month: i64,
    day: i64,
    hour: i64,
    minutes: i64,
    sec: i64,
    ns: i32,
    rel: Rel,
    timespec_seen: bool,
    rels_seen: bool,
    dates_seen: i64,
    days_seen: i64,
    local_zones_seen: i64,
    dsts_seen: i64,
    times_seen: i64,
    zones_seen: i64,
    year_seen: bool,
    ordinal_day_seen: bool,
    shown: Shown,
}

impl<'s, 'd> Parser<'s, 'd> {
    /// A parser whose every field starts from the current local time.
    fn new(s: &'s [u8], dbg: Dbg<'d>, locals: Vec<(Abbr, i64)>, now: &Tm, ns: u32) -> Self {
        Parser {
            s,
            pos: 0,
            ahead: None,
            locals,
            dbg,
            day_ordinal: 0,
            day_number: 0,
            local_isdst: 0,
            time_zone: 0,
            meridian: Mer::H24,
            year: Num {
                value: now.year,
                ..Num::default()
            },
            month: now.mon as i64 + 1,
            day: now.mday as i64,
            hour: now.hour as i64,
            minutes: now.min as i64,
            sec: now.sec as i64,
            ns: ns as i32,
            rel: Rel::default(),
            timespec_seen: false,
            rels_seen: false,
            dates_seen: 0,
            days_seen: 0,
            local_zones_seen: 0,
            dsts_seen: 0,
            times_seen: 0,
            zones_seen: 0,
            year_seen: false,
            ordinal_day_seen: false,
            shown: Shown::default(),
        }
    }

    fn at(&self, i: usize) -> u8 {
        self.s.get(i).copied().unwrap_or(0)
    }

    #[cfg_attr(corebox_opt, optimize(speed))]
    fn peek(&mut self) -> Tok {
        match self.ahead {
            Some(t) => t,
            None => {
                let t = self.lex();
                self.ahead = Some(t);
                t
            }
        }
    }

    fn bump(&mut self) -> Tok {
        let t = self.peek();
        self.ahead = None;
        t
    }

    fn lex(&mut self) -> Tok {
        loop {
            self.pos = skip_space(self.s, self.pos);
            let c = self.at(self.pos);
            if c.is_ascii_digit() || c == b'-' || c == b'+' {
                match self.lex_number() {
                    Some(t) => return t,
                    None => continue,
                }
            }
            if c.is_ascii_alphabetic() {
                return self.lex_word();
            }
            if c != b'(' {
                self.pos += 1;
                return if c == 0 { Tok::End } else { Tok::Char(c) };
            }
            // A comment, nested; an unclosed one ends the input.
            let mut depth = 0usize;
            loop {
                let c = self.at(self.pos);
                self.pos += 1;
                match c {
                    0 => return Tok::End,
                    b'(' => depth += 1,
                    b')' => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    break;
                }
            }
        }
    }

    /// A number, or None for a sign with no digits after it (skipped).
    fn lex_number(&mut self) -> Option<Tok> {
        let sign: i64 = match self.at(self.pos) {
            b'-' => -1,
            b'+' => 1,
            _ => 0,
        };
        if sign != 0 {
            self.pos = skip_space(self.s, self.pos + 1);
            if !self.at(self.pos).is_ascii_digit() {
                return None;
            }
        }
        let start = self.pos;
        let mut p = start;
        let mut value: i64 = 0;
        while self.at(p).is_ascii_digit() {
            // Negative numbers accumulate downwards so that the most
            // negative time_t fits.
            let d = (self.at(p) - b'0') as i64;
            let next = value.checked_mul(10).and_then(|v| {
                if sign < 0 {
                    v.checked_sub(d)
                } else {
                    v.checked_add(d)
                }
            });
            let Some(v) = next else {
                return Some(Tok::Char(b'?'));
            };
            value = v;
            p += 1;
        }
        if matches!(self.at(p), b'.' | b',') && self.at(p + 1).is_ascii_digit() {
            return Some(self.fraction(value, sign, p + 1));
        }
        self.pos = p;
        let n = Num {
            value,
            digits: p - start,
            negative: sign < 0,
        };
        Some(if sign != 0 {
            Tok::Snum(n)
        } else {
            Tok::Unum(n)
        })
    }

    /// The fraction after `sec` and its separator, to the nanosecond:
    /// truncated toward minus infinity, with ns kept nonnegative.
    fn fraction(&mut self, mut sec: i64, sign: i64, mut p: usize) -> Tok {
        let mut ns: i32 = 0;
        for _ in 0..9 {
            ns *= 10;
            if self.at(p).is_ascii_digit() {
                ns += (self.at(p) - b'0') as i32;
                p += 1;
            }
        }
        if sign < 0 {
            while self.at(p).is_ascii_digit() {
                if self.at(p) != b'0' {
                    ns += 1;
                    break;
                }
                p += 1;
            }
        }
        while self.at(p).is_ascii_digit() {
            p += 1;
        }
        if sign < 0 && ns != 0 {
            let Some(s) = sec.checked_sub(1) else {
                return Tok::Char(b'?');
            };
            sec = s;
            ns = 1_000_000_000 - ns;
        }
        self.pos = p;
        let secs = Secs { sec, ns };
        if sign != 0 {
            Tok::Sdec(secs)
        } else {
            Tok::Udec(secs)
        }
    }

    fn lex_word(&mut self) -> Tok {
        let mut buf = [0u8; 19];
        let mut len = 0;
        while self.at(self.pos).is_ascii_alphabetic() || self.at(self.pos) == b'.' {
            if len < buf.len() {
                buf[len] = self.at(self.pos).to_ascii_uppercase();
                len += 1;
            }
            self.pos += 1;
        }
        match lookup_word(&mut buf, &mut len, &self.locals) {
            Some(t) => t,
            None => {
                if self.dbg.on() {
                    self.dbg.say(format_args!("error: unknown word '"));
                    self.dbg.bytes(&buf[..len]);
                    self.dbg.add(format_args!("'\n"));
                }
                Tok::Char(b'?')
            }
        }
    }

    fn parse_failed(&mut self) {
        if !self.dbg.on() {
            return;
        }
        if self.pos >= self.s.len() {
            self.dbg.say(format_args!("error: parsing failed\n"));
        } else {
            self.dbg
                .say(format_args!("error: parsing failed, stopped at '"));
            self.dbg.bytes(&self.s[self.pos..]);
            self.dbg.add(format_args!("'\n"));
        }
    }

    /// The whole string: `@SECONDS`, or any number of items.
    fn spec(&mut self) -> Option<()> {
        if self.peek() == Tok::Char(b'@') {
            self.bump();
            let secs = match self.bump() {
                Tok::Udec(s) | Tok::Sdec(s) => s,
                Tok::Unum(n) | Tok::Snum(n) => Secs {
                    sec: n.value,
                    ns: 0,
                },
                _ => return None,
            };
            (self.sec, self.ns) = (secs.sec, secs.ns);
            self.timespec_seen = true;
            self.show_current("number of seconds");
            return (self.peek() == Tok::End).then_some(());
        }
        while self.peek() != Tok::End {
            self.item()?;
        }
        Some(())
    }

    fn item(&mut self) -> Option<()> {
        match self.bump() {
            Tok::Unum(n) => self.after_number(n),
            Tok::Snum(n) => match self.bump() {
                Tok::Unit(u, days) => self.rel_item(Rel::unit(u, n.value, days)?),
                _ => None,
            },
            Tok::Udec(s) | Tok::Sdec(s) => match self.bump() {
                Tok::Unit(Unit::Second, _) => self.rel_item(Rel {
                    seconds: s.sec,
                    ns: s.ns,
                    ..Rel::default()
                }),
                _ => None,
            },
            Tok::Unit(u, days) => self.rel_item(Rel::unit(u, 1, days)?),
            Tok::Ordinal(n) => match self.bump() {
                Tok::Day(d) => {
                    self.ordinal_day_seen = true;
                    self.day_item(n, d)
                }
                Tok::Unit(u, days) => self.rel_item(Rel::unit(u, n, days)?),
                _ => None,
            },
            Tok::DayShift(d) => {
                self.add_rel(
                    Rel {
                        day: d,
                        ..Rel::default()
                    },
                    1,
                )?;
                self.show_rel("relative");
                Some(())
            }
            Tok::Day(d) => {
                if self.peek() == Tok::Char(b',') {
                    self.bump();
                }
                self.day_item(0, d)
            }
            Tok::Month(m) => self.month_first(m),
            Tok::Zone(z) => self.zone(z),
            Tok::T => self.zone_t(),
            Tok::DayZone(z) => {
                self.time_zone = z + 3600;
                self.zone_item()
            }
            Tok::LocalZone(isdst) => {
                if self.peek() == Tok::Dst {
                    self.bump();
                    self.local_isdst = 1;
                    self.dsts_seen += 1;
                } else {
                    self.local_isdst = isdst;
                }
                self.local_zones_seen += 1;
                self.show_current("local_zone");
                Some(())
            }
            _ => None,
        }
    }

    /// A relative item: the amount, then an optional "ago" or "hence".
    fn rel_item(&mut self, r: Rel) -> Option<()> {
        let factor = match self.peek() {
            Tok::Ago(f) => {
                self.bump();
                f
            }
            _ => 1,
        };
        self.add_rel(r, factor)?;
        self.show_rel("relative");
        Some(())
    }

    fn add_rel(&mut self, r: Rel, factor: i64) -> Option<()> {
        let q = self.rel;
        let f = |a: i64, b: i64| {
            if factor < 0 {
                a.checked_sub(b)
            } else {
                a.checked_add(b)
            }
        };
        let ns = if factor < 0 {
            q.ns.checked_sub(r.ns)
        } else {
            q.ns.checked_add(r.ns)
        };
        self.rel = Rel {
            year: f(q.year, r.year)?,
            month: f(q.month, r.month)?,
            day: f(q.day, r.day)?,
            hour: f(q.hour, r.hour)?,
            minutes: f(q.minutes, r.minutes)?,
            seconds: f(q.seconds, r.seconds)?,
            ns: ns?,
        };
        self.rels_seen = true;
        Some(())
    }

    fn day_item(&mut self, ordinal: i64, number: i64) -> Option<()> {
        self.day_ordinal = ordinal;
        self.day_number = number;
        self.days_seen += 1;
        self.show_current("day");
        Some(())
    }

    fn date_item(&mut self) -> Option<()> {
        self.dates_seen += 1;
        self.show_current("date");
        Some(())
    }

    fn time_item(&mut self, h: i64, m: i64, s: Secs, mer: Mer) -> Option<()> {
        (self.hour, self.minutes, self.sec, self.ns) = (h, m, s.sec, s.ns);
        self.meridian = mer;
        self.times_seen += 1;
        self.show_current("time");
        Some(())
    }

    /// Everything that starts with an unsigned number.
    fn after_number(&mut self, n: Num) -> Option<()> {
        const ZERO: Secs = Secs { sec: 0, ns: 0 };
        match self.peek() {
            Tok::Meridian(m) => {
                self.bump();
                self.time_item(n.value, 0, ZERO, m)
            }
            Tok::Char(b':') => {
                self.bump();
                let (m, s, mer) = self.clock(true)?;
                self.time_item(n.value, m, s, mer)
            }
            Tok::Snum(s) => {
                self.bump();
                self.number_signed(n, s)
            }
            Tok::Char(b'/') => {
                self.bump();
                self.slash_date(n)
            }
            Tok::Month(m) => {
                self.bump();
                self.day_month(n, m)
            }
            Tok::Day(d) => {
                self.bump();
                self.ordinal_day_seen = true;
                self.day_item(n.value, d)
            }
            Tok::Unit(u, days) => {
                self.bump();
                self.rel_item(Rel::unit(u, n.value, days)?)
            }
            _ => {
                self.digits_to_date_time(n);
                self.show_current("number");
                Some(())
            }
        }
    }

    /// The rest of a time after `HH:`: minutes, optional seconds, then a
    /// meridian (when allowed) or a numeric zone.
    fn clock(&mut self, meridian_ok: bool) -> Option<(i64, Secs, Mer)> {
        let Tok::Unum(m) = self.bump() else {
            return None;
        };
        let mut secs = Secs { sec: 0, ns: 0 };
        if self.peek() == Tok::Char(b':') {
            self.bump();
            secs = match self.bump() {
                Tok::Udec(s) => s,
                Tok::Unum(n) => Secs {
                    sec: n.value,
                    ns: 0,
                },
                _ => return None,
            };
        }
        match self.peek() {
            Tok::Meridian(mer) if meridian_ok => {
                self.bump();
                return Some((m.value, secs, mer));
            }
            Tok::Snum(s) => {
                self.bump();
                self.zone_offset(s)?;
            }
            _ => {}
        }
        Some((m.value, secs, Mer::H24))
    }

    /// A numeric zone after a time: `+HH`, `+HHMM`, `+HH:MM`.
    fn zone_offset(&mut self, s: Num) -> Option<()> {
        let mm = self.colon_minutes()?;
        self.zones_seen += 1;
        self.time_zone = hhmm(s, mm)?;
        Some(())
    }

    /// An optional `:MM`: the minutes, or -1.
    fn colon_minutes(&mut self) -> Option<i64> {
        if self.peek() != Tok::Char(b':') {
            return Some(-1);
        }
        self.bump();
        match self.bump() {
            Tok::Unum(m) => Some(m.value),
            _ => None,
        }
    }

    /// `N -M`: an ISO date, a number with a relative amount, or an hour
    /// with a numeric zone.
    fn number_signed(&mut self, n: Num, s: Num) -> Option<()> {
        match self.peek() {
            Tok::Snum(s2) => {
                self.bump();
                self.iso_date(n, s, s2)
            }
            Tok::Unit(u, days) => {
                self.bump();
                let r = Rel::unit(u, s.value, days)?;
                self.digits_to_date_time(n);
                self.add_rel(r, 1)?;
                self.show_rel("hybrid");
                Some(())
            }
            _ => {
                self.zone_offset(s)?;
                self.time_item(n.value, 0, Secs { sec: 0, ns: 0 }, Mer::H24)
            }
        }
    }

    /// `YYYY-MM-DD`, maybe followed by `T` and a time.
    fn iso_date(&mut self, y: Num, m: Num, d: Num) -> Option<()> {
        self.year = y;
        self.month = 0i64.checked_sub(m.value)?;
        self.day = 0i64.checked_sub(d.value)?;
        if self.peek() != Tok::T {
            return self.date_item();
        }
        self.bump();
        let Tok::Unum(h) = self.bump() else {
            return None;
        };
        let (m, s) = match self.bump() {
            Tok::Char(b':') => {
                let (m, s, _) = self.clock(false)?;
                (m, s)
            }
            Tok::Snum(z) => {
                self.zone_offset(z)?;
                (0, Secs { sec: 0, ns: 0 })
            }
            _ => return None,
        };
        (self.hour, self.minutes, self.sec, self.ns) = (h.value, m, s.sec, s.ns);
        self.meridian = Mer::H24;
        self.times_seen += 1;
        self.dates_seen += 1;
        self.show_current("datetime");
        Some(())
    }

    /// `M/D`, `M/D/Y`, or `Y/M/D` when the first has 4 or more digits.
    fn slash_date(&mut self, a: Num) -> Option<()> {
        let Tok::Unum(b) = self.bump() else {
            return None;
        };
        if self.peek() != Tok::Char(b'/') {
            (self.month, self.day) = (a.value, b.value);
            return self.date_item();
        }
        self.bump();
        let Tok::Unum(c) = self.bump() else {
            return None;
        };
        if a.digits >= 4 {
            self.dbg_say(format_args!(
                "warning: value {} has {} digits. Assuming YYYY/MM/DD\n",
                a.value, a.digits
            ));
            (self.year, self.month, self.day) = (a, b.value, c.value);
        } else {
            self.dbg_say(format_args!(
                "warning: value {} has less than 4 digits. Assuming MM/DD/YY[YY]\n",
                a.value
            ));
            (self.month, self.day, self.year) = (a.value, b.value, c);
        }
        self.date_item()
    }

    /// `D MONTH`, `D MONTH Y`, `D-MONTH-Y`.
    fn day_month(&mut self, d: Num, m: i64) -> Option<()> {
        (self.day, self.month) = (d.value, m);
        match self.peek() {
            Tok::Unum(y) => {
                self.bump();
                self.year = y;
            }
            Tok::Snum(y) => {
                self.bump();
                self.year.value = 0i64.checked_sub(y.value)?;
                self.year.digits = y.digits;
            }
            _ => {}
        }
        self.date_item()
    }

    /// `MONTH D`, `MONTH D, Y`, `MONTH-D-Y`.
    fn month_first(&mut self, m: i64) -> Option<()> {
        self.month = m;
        match self.bump() {
            Tok::Snum(d) => {
                let Tok::Snum(y) = self.bump() else {
                    return None;
                };
                self.day = 0i64.checked_sub(d.value)?;
                self.year.value = 0i64.checked_sub(y.value)?;
                self.year.digits = y.digits;
            }
            Tok::Unum(d) => {
                self.day = d.value;
                if self.peek() == Tok::Char(b',') {
                    self.bump();
                    let Tok::Unum(y) = self.bump() else {
                        return None;
                    };
                    self.year = y;
                }
            }
            _ => return None,
        }
        self.date_item()
    }

    /// A named zone, maybe with `DST`, a numeric adjustment, or a relative
    /// amount (`UTC+1 day`).
    fn zone(&mut self, z: i64) -> Option<()> {
        match self.peek() {
            Tok::Snum(s) => {
                self.bump();
                if let Tok::Unit(u, days) = self.peek() {
                    self.bump();
                    let r = Rel::unit(u, s.value, days)?;
                    self.time_zone = z;
                    self.add_rel(r, 1)?;
                    self.show_rel("relative");
                } else {
                    let mm = self.colon_minutes()?;
                    self.time_zone = hhmm(s, mm)? + z;
                }
            }
            Tok::Dst => {
                self.bump();
                self.time_zone = z + 3600;
            }
            _ => self.time_zone = z,
        }
        self.zone_item()
    }

    /// The military zone T, maybe with a relative amount.
    fn zone_t(&mut self) -> Option<()> {
        self.time_zone = -7 * 3600;
        if let Tok::Snum(s) = self.peek() {
            self.bump();
            let Tok::Unit(u, days) = self.bump() else {
                return None;
            };
            self.add_rel(Rel::unit(u, s.value, days)?, 1)?;
            self.show_rel("relative");
        }
        self.zone_item()
    }

    fn zone_item(&mut self) -> Option<()> {
        self.zones_seen += 1;
        self.show_current("zone");
        Some(())
    }

    /// A bare number: a year after a date without one, a date YYYYMMDD
    /// (5 digits or more), or a time HH or HHMM.
    fn digits_to_date_time(&mut self, n: Num) {
        if self.dates_seen > 0
            && self.year.digits == 0
            && !self.rels_seen
            && (self.times_seen > 0 || n.digits > 2)
        {
            self.year_seen = true;
            self.year = n;
        } else if n.digits > 4 {
            self.dates_seen += 1;
            self.day = n.value % 100;
            self.month = n.value / 100 % 100;
            self.year.value = n.value / 10000;
            self.year.digits = n.digits - 4;
        } else {
            self.times_seen += 1;
            if n.digits <= 2 {
                (self.hour, self.minutes) = (n.value, 0);
            } else {
                (self.hour, self.minutes) = (n.value / 100, n.value % 100);
            }
            (self.sec, self.ns) = (0, 0);
            self.meridian = Mer::H24;
        }
    }

    fn dbg_say(&mut self, args: fmt::Arguments) {
        self.dbg.say(args);
    }

    /// GNU's debug_print_current_time: the parts not shown before.
    fn show_current(&mut self, item: &str) {
        if !self.dbg.on() {
            return;
        }
        self.dbg.say(format_args!("parsed {item} part: "));
        let mut space = false;
        let mut sep = |d: &mut Dbg| {
            if core::mem::replace(&mut space, true) {
                d.add(format_args!(" "));
            }
        };
        if self.dates_seen > 0 && !self.shown.dates {
            sep(&mut self.dbg);
            let (y, m, d) = (self.year.value, self.month, self.day);
            self.dbg.add(format_args!("(Y-M-D) {y:04}-{m:02}-{d:02}"));
            self.shown.dates = true;
        }
        if self.year_seen != self.shown.year {
            sep(&mut self.dbg);
            self.dbg.add(format_args!("year: {:04}", self.year.value));
            self.shown.year = self.year_seen;
        }
        if self.times_seen > 0 && !self.shown.times {
            sep(&mut self.dbg);
            let (h, m, s) = (self.hour, self.minutes, self.sec);
            self.dbg.add(format_args!("{h:02}:{m:02}:{s:02}"));
            if self.ns != 0 {
                self.dbg.add(format_args!(".{:09}", self.ns));
            }
            if self.meridian == Mer::Pm {
                self.dbg.add(format_args!("pm"));
            }
            self.shown.times = true;
        }
        if self.days_seen > 0 && !self.shown.days {
            sep(&mut self.dbg);
            let days = self.days_text();
            let (o, n) = (self.day_ordinal, self.day_number);
            self.dbg
                .add(format_args!("{days} (day ordinal={o} number={n})"));
            self.shown.days = true;
        }
        if self.local_zones_seen > 0 && !self.shown.local_zones {
            sep(&mut self.dbg);
            let dst = if self.dsts_seen > 0 { " DST" } else { "" };
            self.dbg
                .add(format_args!("isdst={}{dst}", self.local_isdst));
            self.shown.local_zones = true;
        }
        if self.zones_seen > 0 && !self.shown.zones {
            sep(&mut self.dbg);
            self.dbg
                .add(format_args!("UTC{}", ZoneText(self.time_zone)));
            self.shown.zones = true;
        }
        if self.timespec_seen {
            sep(&mut self.dbg);
            self.dbg
                .add(format_args!("number of seconds: {}", self.sec));
        }
        self.dbg.add(format_args!("\n"));
    }

    /// GNU's debug_print_relative_time: the relative amounts so far.
    fn show_rel(&mut self, item: &str) {
        if !self.dbg.on() {
            return;
        }
        self.dbg.say(format_args!("parsed {item} part: "));
        let r = self.rel;
        if r.is_zero() {
            self.dbg.add(format_args!("today/this/now\n"));
            return;
        }
        let parts = [
            (r.year, "year(s)"),
            (r.month, "month(s)"),
            (r.day, "day(s)"),
            (r.hour, "hour(s)"),
            (r.minutes, "minutes"),
            (r.seconds, "seconds"),
            (r.ns as i64, "nanoseconds"),
        ];
        let mut space = "";
        for (v, name) in parts.into_iter().filter(|p| p.0 != 0) {
            self.dbg.add(format_args!("{space}{v:+} {name}"));
            space = " ";
        }
        self.dbg.add(format_args!("\n"));
    }

    fn days_text(&self) -> DaysText {
        DaysText {
            ordinal: self.ordinal_day_seen.then_some(self.day_ordinal),
            number: self.day_number,
        }
    }
}

/// `+HH`, `+HHMM` (or `+H`, `+HMM`...) without minutes `mm` (-1), or
/// `+HH:MM`, as seconds east of UTC; within a day either way.
fn hhmm(s: Num, mm: i64) -> Option<i64> {
    let minutes = if mm < 0 {
        let v = if s.digits <= 2 {
            s.value * 100
        } else {
            s.value
        };
        v / 100 * 60 + v % 100
    } else {
        let h = s.value.checked_mul(60)?;
        if s.negative {
            h.checked_sub(mm)?
        } else {
            h.checked_add(mm)?
        }
    };
    // Lazily: an out-of-range value could overflow.
    (-24 * 60..=24 * 60)
        .contains(&minutes)
        .then(|| minutes * 60)
}

/// A zone offset as GNU shows it: `+05`, `-03:30`, `+00:00:30`.
struct ZoneText(i64);

impl fmt::Display for ZoneText {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let z = self.0;
        let sign = if z < 0 { '-' } else { '+' };
        write!(f, "{sign}{:02}", (z / 3600).abs())?;
        let rest = (z % 3600).abs();
        if rest != 0 {
            write!(f, ":{:02}", rest / 60)?;
            if rest % 60 != 0 {
                write!(f, ":{:02}", rest % 60)?;
            }
        }
        Ok(())
    }
}

/// A weekday item as GNU names it: `last Fri`, `next/first Tue`, `Wed`.
struct DaysText {
    ordinal: Option<i64>,
    number: i64,
}

impl fmt::Display for DaysText {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        // GNU's own spellings, "(SECOND)" and "eight" included.
        const ORDINALS: [&str; 14] = [
            "last",
            "this",
            "next/first",
            "(SECOND)",
            "third",
            "fourth",
            "fifth",
            "sixth",
            "seventh",
            "eight",
            "ninth",
            "tenth",
            "eleventh",
            "twelfth",
        ];
        const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
        let day = DAYS[self.number.rem_euclid(7) as usize];
        match self.ordinal {
            Some(o @ -1..=12) => write!(f, "{} {day}", ORDINALS[(o + 1) as usize]),
            Some(o) => write!(f, "{o} {day}"),
            None => f.write_str(day),
        }
    }
}

/// A C `struct tm`: int fields that may hold any value before mktime.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct CTm {
    /// Years since 1900.
    year: i32,
    mon: i32,
    mday: i32,
    hour: i32,
    min: i32,
    sec: i32,
    isdst: i32,
    wday: i32,
    yday: i32,
    gmtoff: i64,
}

impl CTm {
    fn from_tm(t: &Tm) -> Option<CTm> {
        Some(CTm {
            year: i32::try_from(t.year - 1900).ok()?,
            mon: t.mon as i32,
            mday: t.mday as i32,
            hour: t.hour as i32,
            min: t.min as i32,
            sec: t.sec as i32,
            isdst: t.isdst as i32,
            wday: t.wday as i32,
            yday: t.yday as i32,
            gmtoff: t.gmtoff as i64,
        })
    }

    fn same_time(&self, o: &CTm) -> bool {
        (
            self.year, self.mon, self.mday, self.hour, self.min, self.sec,
        ) == (o.year, o.mon, o.mday, o.hour, o.min, o.sec)
    }
}

/// mktime: on success `tm` becomes the normalised local time; on failure
/// it is left alone (as gnulib's mktime_z leaves it).
fn mktime(tz: &Tz, tm: &mut CTm) -> Option<i64> {
    let f = Fields {
        year: tm.year as i64 + 1900,
        mon: tm.mon as i64,
        mday: tm.mday as i64,
        hour: tm.hour as i64,
        min: tm.min as i64,
        sec: tm.sec as i64,
        isdst: tm.isdst,
    };
    let (t, out) = tz.mktime(&f)?;
    *tm = CTm::from_tm(&out)?;
    Some(t)
}

/// `(Y-M-D) 2020-01-31 10:00:00`, with ` TZ=-05` when a zone was given.
struct Stamp<'a>(&'a CTm, Option<i64>);

impl fmt::Display for Stamp<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let t = self.0;
        let year = t.year as i64 + 1900;
        let mon = t.mon as i64 + 1;
        write!(f, "(Y-M-D) {year:04}-{mon:02}-{:02} ", t.mday)?;
        write!(f, "{:02}:{:02}:{:02}", t.hour, t.min, t.sec)?;
        match self.1 {
            Some(z) => write!(f, " TZ={}", ZoneText(z)),
            None => Ok(()),
        }
    }
}

/// GNU's tm_year_str: a year from tm_year, century and year separately
/// (which shows years 1-99 oddly, as GNU does).
struct YearText(i32);

impl fmt::Display for YearText {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let y = self.0;
        let sign = if y < -1900 { "-" } else { "" };
        let century = (y / 100 + 19).abs();
        write!(f, "{sign}{century:02}{:02}", (y % 100).abs())
    }
}

fn to_hour(h: i64, m: Mer) -> i32 {
    let h = match (m, h) {
        (Mer::H24, 0..=23) => h,
        (Mer::Am, 1..=11) | (Mer::Pm, 12) => h,
        (Mer::Am, 12) => 0,
        (Mer::Pm, 1..=11) => h + 12,
        _ => -1,
    };
    h as i32
}

impl Parser<'_, '_> {
    fn zone_shown(&self) -> Option<i64> {
        (self.zones_seen > 0).then_some(self.time_zone)
    }

    /// The "input timezone" line.
    fn input_zone_line(&mut self, tz_name: Option<&[u8]>, in_string: bool) {
        if !self.dbg.on() {
            return;
        }
        self.dbg.say(format_args!("input timezone: "));
        if self.timespec_seen {
            self.dbg.add(format_args!("'@timespec' - always UTC"));
        } else if self.zones_seen > 0 {
            self.dbg.add(format_args!("parsed date/time string"));
        } else if let Some(name) = tz_name {
            if !in_string && name == b"UTC0" {
                self.dbg
                    .add(format_args!("TZ=\"UTC0\" environment value or -u"));
            } else {
                self.dbg.add(format_args!("TZ=\""));
                self.dbg.bytes(name);
                let how = if in_string {
                    "in date string"
                } else {
                    "environment value"
                };
                self.dbg.add(format_args!("\" {how}"));
            }
        } else {
            self.dbg.add(format_args!("system default"));
        }
        if self.local_zones_seen > 0 && self.zones_seen == 0 && self.local_isdst > 0 {
            self.dbg.add(format_args!(", dst"));
        }
        if self.zones_seen > 0 {
            self.dbg
                .add(format_args!(" ({})", ZoneText(self.time_zone)));
        }
        self.dbg.add(format_args!("\n"));
    }

    /// From the parsed parts to a time: date and time of day through
    /// mktime, then the weekday, relative date, zone and relative time.
    fn resolve(&mut self, tz: &Tz, now_isdst: bool) -> Option<(i64, u32)> {
        self.single_parts()?;
        let tm0 = self.start_tm(now_isdst)?;
        let mut tm = tm0;
        let mut start = self.first_mktime(tz, &mut tm, &tm0)?;
        if self.days_seen > 0 && self.dates_seen == 0 {
            start = self.weekday(tz, &mut tm)?;
        }
        self.starting_lines(&tm);
        let r = self.rel;
        if r.year != 0 || r.month != 0 || r.day != 0 {
            start = self.rel_date(tz, &mut tm, &tm0)?;
        }
        if self.zones_seen > 0 {
            let Some(t) = start.checked_sub(self.time_zone - tm.gmtoff) else {
                let z = self.time_zone;
                self.dbg_say(format_args!("error: timezone {z} caused time_t overflow\n"));
                return None;
            };
            start = t;
        }
        let zone = self.zone_shown();
        self.dbg_say(format_args!(
            "'{}' = {start} epoch-seconds\n",
            Stamp(&tm, zone)
        ));
        self.rel_time(tz, start, &tm)
    }

    /// Each of time, date, weekday, DST and zone at most once.
    fn single_parts(&mut self) -> Option<()> {
        let zones = self.local_zones_seen + self.zones_seen;
        let checks = [
            (self.times_seen, "time"),
            (self.dates_seen, "date"),
            (self.days_seen, "days"),
            (self.dsts_seen, "daylight-saving"),
            (zones, "time-zone"),
        ];
        if checks.iter().all(|c| c.0 <= 1) {
            return Some(());
        }
        for (n, what) in checks {
            if n > 1 {
                self.dbg_say(format_args!("error: seen multiple {what} parts\n"));
            }
        }
        None
    }

    /// tm_year from the year read, with 2-digit years in 1969-2068.
    fn tm_year(&mut self) -> Option<i32> {
        let mut year = self.year.value;
        if year >= 0 && self.year.digits == 2 {
            let full = year + if year < 69 { 2000 } else { 1900 };
            self.dbg_say(format_args!(
                "warning: adjusting year value {year} to {full}\n"
            ));
            year = full;
        }
        // A negative year counts as its absolute value, as in GNU.
        let y = if year < 0 {
            -1900 - year as i128
        } else {
            year as i128 - 1900
        };
        let tm_year = i32::try_from(y).ok();
        if tm_year.is_none() {
            self.dbg_say(format_args!("error: out-of-range year {year}\n"));
        }
        tm_year
    }

    /// The broken-down time to hand mktime.
    fn start_tm(&mut self, now_isdst: bool) -> Option<CTm> {
        let mut tm = CTm {
            wday: -1,
            ..CTm::default()
        };
        let fields = self.tm_year().and_then(|y| {
            let mon = i32::try_from(self.month as i128 - 1).ok()?;
            Some((y, mon, i32::try_from(self.day).ok()?))
        });
        let Some((year, mon, mday)) = fields else {
            self.dbg_say(format_args!("error: year, month, or day overflow\n"));
            return None;
        };
        (tm.year, tm.mon, tm.mday) = (year, mon, mday);
        if self.times_seen > 0 || (self.rels_seen && self.dates_seen == 0 && self.days_seen == 0) {
            tm.hour = to_hour(self.hour, self.meridian);
            if tm.hour < 0 {
                let mer = match self.meridian {
                    Mer::Am => "am",
                    Mer::Pm => "pm",
                    Mer::H24 => "",
                };
                let h = self.hour;
                self.dbg_say(format_args!("error: invalid hour {h}{mer}\n"));
                return None;
            }
            // Out-of-range values wrap to int, as C's assignment does.
            tm.min = self.minutes as i32;
            tm.sec = self.sec as i32;
            let which = if self.times_seen > 0 {
                "specified"
            } else {
                "current"
            };
            self.dbg_say(format_args!(
                "using {which} time as starting value: '{:02}:{:02}:{:02}'\n",
                tm.hour, tm.min, tm.sec
            ));
        } else {
            self.ns = 0;
            self.dbg_say(format_args!(
                "warning: using midnight as starting time: 00:00:00\n"
            ));
        }
        tm.isdst = now_isdst as i32;
        if self.dates_seen > 0 || self.days_seen > 0 || self.times_seen > 0 {
            tm.isdst = -1;
        }
        if self.local_zones_seen > 0 {
            tm.isdst = self.local_isdst as i32;
        }
        Some(tm)
    }

    /// mktime, which must give back the fields it was given: a date like
    /// Feb 30 or a time in a DST gap is invalid. With a zone in the string,
    /// retry in a fixed zone, as the local zone may lack that time.
    fn first_mktime(&mut self, tz: &Tz, tm: &mut CTm, tm0: &CTm) -> Option<i64> {
        let start = mktime(tz, tm);
        if start.is_some() && tm.same_time(tm0) {
            return start;
        }
        if self.zones_seen > 0 {
            let mut name = Vec::new();
            let _ = write!(Dbg(Some(&mut name)), "XXX{}", ZoneText(self.time_zone));
            let tz2 = Tz::parse_posix(&name);
            *tm = *tm0;
            let start = mktime(&tz2, tm);
            if start.is_some() && tm.same_time(tm0) {
                return start;
            }
        }
        self.mktime_not_ok(tm0, tm);
        None
    }

    fn mktime_not_ok(&mut self, tm0: &CTm, tm1: &CTm) {
        if !self.dbg.on() {
            return;
        }
        let eq = [
            tm0.year == tm1.year,
            tm0.mon == tm1.mon,
            tm0.mday == tm1.mday,
            tm0.hour == tm1.hour,
            tm0.min == tm1.min,
            tm0.sec == tm1.sec,
        ];
        let [eq_year, eq_mon, eq_mday, eq_hour, eq_min, eq_sec] = eq;
        let zone = self.zone_shown();
        self.dbg_say(format_args!("error: invalid date/time value:\n"));
        self.dbg_say(format_args!(
            "    user provided time: '{}'\n",
            Stamp(tm0, zone)
        ));
        self.dbg_say(format_args!(
            "       normalized time: '{}'\n",
            Stamp(tm1, zone)
        ));
        // Dashes under the fields that changed, aligned with the line above.
        let d = |same: bool, n: usize| if same { "" } else { &"----"[..n] };
        let marks = alloc::format!(
            "{:33}{:>4} {:>2} {:>2} {:>2} {:>2} {:>2}",
            "",
            d(eq_year, 4),
            d(eq_mon, 2),
            d(eq_mday, 2),
            d(eq_hour, 2),
            d(eq_min, 2),
            d(eq_sec, 2)
        );
        self.dbg_say(format_args!("{}\n", marks.trim_end()));
        self.dbg_say(format_args!("     possible reasons:\n"));
        if eq_sec && eq_min && !eq_hour && eq_mday && eq_mon && eq_year {
            self.dbg_say(format_args!(
                "       non-existing due to daylight-saving time;\n"
            ));
        }
        if !eq_mday && !eq_mon {
            self.dbg_say(format_args!("       invalid day/month combination;\n"));
        }
        self.dbg_say(format_args!("       numeric values overflow;\n"));
        let why = if self.zones_seen > 0 {
            "incorrect timezone"
        } else {
            "missing timezone"
        };
        self.dbg_say(format_args!("       {why}\n"));
    }

    /// Moves to the weekday asked for ("next fri": the first Friday after
    /// today; "fri": today if a Friday).
    fn weekday(&mut self, tz: &Tz, tm: &mut CTm) -> Option<i64> {
        tm.yday = -1;
        let (ord, num) = (self.day_ordinal, self.day_number);
        let wday = tm.wday as i64;
        let weeks = ord - (ord > 0 && wday != num) as i64;
        let incr = weeks
            .checked_mul(7)
            .and_then(|d| d.checked_add((num - wday + 7) % 7));
        let mut start = None;
        if let Some(incr) = incr {
            let sum = incr as i128 + tm.mday as i128;
            // On overflow GNU keeps the wrapped sum, seen in the message.
            tm.mday = sum as i32;
            if i32::try_from(sum).is_ok() {
                tm.isdst = -1;
                start = mktime(tz, tm);
            }
        }
        let zone = self.zone_shown();
        let days = self.days_text();
        if tm.yday < 0 {
            self.dbg_say(format_args!(
                "error: day '{days}' (day ordinal={ord} number={num}) \
                 resulted in an invalid date: '{}'\n",
                Stamp(tm, zone)
            ));
            return None;
        }
        self.dbg_say(format_args!(
            "new start date: '{days}' is '{}'\n",
            Stamp(tm, zone)
        ));
        start
    }

    fn starting_lines(&mut self, tm: &CTm) {
        if !self.dbg.on() {
            return;
        }
        if self.dates_seen == 0 && self.days_seen == 0 {
            let (y, m, d) = (YearText(tm.year), tm.mon.wrapping_add(1), tm.mday);
            self.dbg_say(format_args!(
                "using current date as starting value: '(Y-M-D) {y}-{m:02}-{d:02}'\n"
            ));
        }
        if self.days_seen > 0 && self.dates_seen > 0 {
            let days = self.days_text();
            self.dbg_say(format_args!(
                "warning: day ({days}) ignored when explicit dates are given\n"
            ));
        }
        let zone = self.zone_shown();
        self.dbg_say(format_args!("starting date/time: '{}'\n", Stamp(tm, zone)));
    }

    /// Adds relative years, months and days, normalising (Jan 31 + 1 month
    /// is in March).
    fn rel_date(&mut self, tz: &Tz, tm: &mut CTm, tm0: &CTm) -> Option<i64> {
        let r = self.rel;
        if (r.year != 0 || r.month != 0) && tm.mday != 15 {
            self.dbg_say(format_args!(
                "warning: when adding relative months/years, it is recommended \
                 to specify the 15th of the months\n"
            ));
        }
        if r.day != 0 && tm.hour != 12 {
            self.dbg_say(format_args!(
                "warning: when adding relative days, it is recommended to specify noon\n"
            ));
        }
        let add = |a: i32, b: i64| i32::try_from(a as i128 + b as i128).ok();
        let sums = add(tm.year, r.year)
            .and_then(|y| Some((y, add(tm.mon, r.month)?, add(tm.mday, r.day)?)));
        let Some((year, month, day)) = sums else {
            self.dbg_say(format_args!("error: parse-datetime.y:2148\n"));
            return None;
        };
        *tm = CTm {
            year,
            mon: month,
            mday: day,
            wday: -1,
            ..*tm0
        };
        let zone = self.zone_shown();
        let Some(start) = mktime(tz, tm) else {
            self.dbg_say(format_args!(
                "error: adding relative date resulted in an invalid date: '{}'\n",
                Stamp(tm, zone)
            ));
            return None;
        };
        if self.dbg.on() {
            self.rel_date_lines(tm, tm0, (year, month, day));
        }
        Some(start)
    }

    fn rel_date_lines(&mut self, tm: &CTm, tm0: &CTm, (year, month, day): (i32, i32, i32)) {
        let r = self.rel;
        let zone = self.zone_shown();
        self.dbg_say(format_args!(
            "after date adjustment ({:+} years, {:+} months, {:+} days),\n",
            r.year, r.month, r.day
        ));
        self.dbg_say(format_args!("    new date/time = '{}'\n", Stamp(tm, zone)));
        if tm0.isdst != -1 && tm.isdst != tm0.isdst {
            self.dbg_say(format_args!(
                "warning: daylight saving time changed after date adjustment\n"
            ));
        }
        if r.day == 0 && (tm.mday != day || (r.month == 0 && tm.mon != month)) {
            self.dbg_say(format_args!(
                "warning: month/year adjustment resulted in shifted dates:\n"
            ));
            self.dbg_say(format_args!(
                "     adjusted Y M D: {} {:02} {day:02}\n",
                YearText(year),
                month.wrapping_add(1)
            ));
            self.dbg_say(format_args!(
                "   normalized Y M D: {} {:02} {:02}\n",
                YearText(tm.year),
                tm.mon.wrapping_add(1),
                tm.mday
            ));
        }
    }

    /// Adds relative hours, minutes and seconds as plain seconds (after the
    /// zone, so no mktime and no leap seconds).
    fn rel_time(&mut self, tz: &Tz, start: i64, tm: &CTm) -> Option<(i64, u32)> {
        let r = self.rel;
        let sum_ns = self.ns as i64 + r.ns as i64;
        let ns = sum_ns.rem_euclid(1_000_000_000);
        let carry = (sum_ns - ns) / 1_000_000_000;
        let t = r
            .hour
            .checked_mul(3600)
            .and_then(|d| start.checked_add(d))
            .and_then(|t| t.checked_add(r.minutes.checked_mul(60)?))
            .and_then(|t| t.checked_add(r.seconds))
            .and_then(|t| t.checked_add(carry));
        let Some(t) = t else {
            self.dbg_say(format_args!(
                "error: adding relative time caused an overflow\n"
            ));
            return None;
        };
        if self.dbg.on() && (r.hour | r.minutes | r.seconds | r.ns as i64) != 0 {
            self.dbg_say(format_args!(
                "after time adjustment ({:+} hours, {:+} minutes, {:+} seconds, {:+} ns),\n",
                r.hour, r.minutes, r.seconds, r.ns
            ));
            self.dbg_say(format_args!("    new time = {t} epoch-seconds\n"));
            let changed = tz.localtime(t).map(|l| l.isdst as i32);
            if tm.isdst != -1 && changed.is_some_and(|d| d != tm.isdst) {
                self.dbg_say(format_args!(
                    "warning: daylight saving time changed after time adjustment\n"
                ));
            }
        }
        Some((t, ns as u32))
    }

    /// The closing "timezone" and "final" lines.
    fn final_lines(&mut self, tz: &Tz, tz_name: Option<&[u8]>, (t, ns): (i64, u32)) {
        if !self.dbg.on() {
            return;
        }
        match tz_name {
            None => self.dbg_say(format_args!("timezone: system default\n")),
            Some(b"UTC0") => self.dbg_say(format_args!("timezone: Universal Time\n")),
            Some(name) => {
                self.dbg.say(format_args!("timezone: TZ=\""));
                self.dbg.bytes(name);
                self.dbg.add(format_args!("\" environment value\n"));
            }
        }
        self.dbg_say(format_args!("final: {t}.{ns:09} (epoch-seconds)\n"));
        if let Some(utc) = tz::gmtime(t).as_ref().and_then(CTm::from_tm) {
            self.dbg_say(format_args!("final: {} (UTC)\n", Stamp(&utc, None)));
        }
        if let Some(local) = tz.localtime(t).as_ref().and_then(CTm::from_tm) {
            self.dbg_say(format_args!(
                "final: {} (UTC{})\n",
                Stamp(&local, None),
                ZoneText(local.gmtoff)
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    extern crate std;

    /// 2020-09-13 12:26:40.123456789 UTC; expectations come from GNU date
    /// 9.1 run at this time (`TZ=... date -d STRING +%s.%N`).
    const NOW: (i64, u32) = (1_600_000_000, 123_456_789);

    fn run(tz: &str, s: &[u8], debug: Option<&mut Vec<u8>>) -> Option<(i64, u32)> {
        let zone = Tz::parse_posix(tz.as_bytes());
        let mut load = |name: &[u8]| Tz::parse_posix(name);
        let mut cx = Context {
            now: NOW,
            tz: &zone,
            tz_name: Some(tz.as_bytes()),
            load: &mut load,
            debug,
        };
        parse(s, &mut cx)
    }

    fn check(tz: &str, cases: &[(&str, Option<(i64, u32)>)]) {
        for &(s, want) in cases {
            assert_eq!(run(tz, s.as_bytes(), None), want, "TZ={tz} {s:?}");
        }
    }

    #[test]
    fn gnu_results() {
        // TZ=EST5EDT,M3.2.0,M11.1.0
        check(
            "EST5EDT,M3.2.0,M11.1.0",
            &[
                ("@0", Some((0, 0))),
                ("@-1.5", Some((-2, 500000000))),
                ("@1.5", Some((1, 500000000))),
                ("@+7", Some((7, 0))),
                ("@ 5", Some((5, 0))),
                ("@-0.0000000001", Some((-1, 999999999))),
                ("@1,25", Some((1, 250000000))),
                ("@", None),
                ("@1 2", None),
                ("@1 utc", None),
                ("1 @1", None),
                ("@9223372036854775808", None),
                ("2020-06-15", Some((1592193600, 0))),
                ("20-06-15", Some((1592193600, 0))),
                ("69-06-15", Some((-17262000, 0))),
                ("0020-06-15", Some((-61521706800, 0))),
                ("5-06-15", Some((-61995092400, 0))),
                ("2020-6-5", Some((1591329600, 0))),
                ("2020-02-29", Some((1582952400, 0))),
                ("2021-02-29", None),
                ("2020-13-01", None),
                ("2020-00-10", None),
                ("2020+06+15", None),
                ("2020-06-15T10:00", Some((1592229600, 0))),
                ("2020-06-15T10:00:30.5Z", Some((1592215230, 500000000))),
                ("2020-06-15T10:00+05:30", Some((1592195400, 0))),
                ("2020-06-15T10-0700", Some((1592240400, 0))),
                ("2020-06-15T10", None),
                ("2020-06-15T10Z", None),
                ("2020-06-15T10:00pm", None),
                ("2020-06-15 T", None),
                ("2020-06-15 Z", Some((1592179200, 0))),
                ("2020-06-15t10:00:00,25", Some((1592229600, 250000000))),
                ("1970-01-01T00:00:00Z", Some((0, 0))),
                ("10:30", Some((1600007400, 0))),
                ("10:30:45", Some((1600007445, 0))),
                ("10:30:45.123456789", Some((1600007445, 123456789))),
                ("10:30:60", None),
                ("10:60", None),
                ("24:00", None),
                ("23:59:59", Some((1600055999, 0))),
                ("10:4294967296", Some((1600005600, 0))),
                ("10am", Some((1600005600, 0))),
                ("10pm", Some((1600048800, 0))),
                ("12am", Some((1599969600, 0))),
                ("12pm", Some((1600012800, 0))),
                ("0am", None),
                ("13pm", None),
                ("10 p.m.", Some((1600048800, 0))),
                ("10:30 A.M.", Some((1600007400, 0))),
                ("10:30:15pm", Some((1600050615, 0))),
                ("10:30:15.5pm", Some((1600050615, 500000000))),
                ("10 -5", Some((1600009200, 0))),
                ("10:30+0530", Some((1599973200, 0))),
                ("10:30 -05:30", Some((1600012800, 0))),
                ("10:30:15 +01", Some((1599989415, 0))),
                ("10:30 +2400", Some((1599906600, 0))),
                ("10:30 +2401", None),
                ("10:30 +0575", Some((1599970500, 0))),
                ("10:30 -0:30", Some((1599994800, 0))),
                ("10:30 +10:", None),
                ("pm", None),
                ("0", Some((1599969600, 0))),
                ("7", Some((1599994800, 0))),
                ("1030", Some((1600007400, 0))),
                ("930", Some((1600003800, 0))),
                ("2400", None),
                ("20200615", Some((1592193600, 0))),
                ("200615", Some((1592193600, 0))),
                ("20200230", None),
                ("0615 2020", None),
                ("jun 5 1030 2021", Some((-29650055940, 0))),
                ("6/15 10:00 2020", Some((1592229600, 0))),
                ("12345678901234567890", None),
                ("6/15", Some((1592193600, 0))),
                ("6/15/2020", Some((1592193600, 0))),
                ("6/15/20", Some((1592193600, 0))),
                ("6/15/69", Some((-17262000, 0))),
                ("2020/6/15", Some((1592193600, 0))),
                ("2/30/2020", None),
                ("1/2/3", Some((-62072420400, 0))),
                ("6//15", None),
                ("6/15/", None),
                ("jun 5", Some((1591329600, 0))),
                ("5 jun", Some((1591329600, 0))),
                ("jun 5 2020", Some((1591329600, 0))),
                ("jun 5, 2020", Some((1591329600, 0))),
                ("jun 5,2020", None),
                ("5 jun 2020", Some((1591329600, 0))),
                ("5-jun-2020", Some((1591329600, 0))),
                ("jun-5-2020", Some((1591329600, 0))),
                ("17-JUN+92", Some((-59249386800, 0))),
                ("September 5", Some((1599278400, 0))),
                ("sept 5", Some((1599278400, 0))),
                ("sep. 5", Some((1599278400, 0))),
                ("sept. 5", None),
                ("Jan. 5 2020", Some((1578200400, 0))),
                ("janu 5", None),
                ("jun", None),
                ("31 jun 2020", None),
                ("fri", Some((1600401600, 0))),
                ("friday,", Some((1600401600, 0))),
                ("sun", Some((1599969600, 0))),
                ("last fri", Some((1599796800, 0))),
                ("next fri", Some((1600401600, 0))),
                ("this fri", Some((1600401600, 0))),
                ("third wed", Some((1601438400, 0))),
                ("2 thu", Some((1600920000, 0))),
                ("tues", Some((1600142400, 0))),
                ("wednes", Some((1600228800, 0))),
                ("thur 10:00", Some((1600351200, 0))),
                ("fri 2020-06-15", Some((1592193600, 0))),
                ("fri fri", None),
                ("last sat 1 day", Some((1599969600, 0))),
                ("second fri", Some((1600401601, 0))),
                ("13 mon", Some((1607317200, 0))),
                ("fri,,", None),
                ("1 day", Some((1600086400, 123456789))),
                ("2 days ago", Some((1599827200, 123456789))),
                ("-3 weeks", Some((1598185600, 123456789))),
                ("+1 fortnight hence", Some((1601209600, 123456789))),
                ("next year", Some((1631536000, 123456789))),
                ("last month", Some((1597321600, 123456789))),
                ("this hour", Some((1600000000, 123456789))),
                ("1.5 seconds", Some((1600000001, 623456789))),
                ("-1.5 sec", Some((1599999998, 623456789))),
                ("1,25 min", None),
                ("1.5 days", None),
                ("tomorrow", Some((1600086400, 123456789))),
                ("yesterday", Some((1599913600, 123456789))),
                ("today", Some((1600000000, 123456789))),
                ("now", Some((1600000000, 123456789))),
                ("now ago", None),
                ("2020-01-31 1 month", Some((1583125200, 0))),
                ("2020-02-29 1 year", Some((1614574800, 0))),
                ("2020-06-15 12:00 -1 day", Some((1592312400, 0))),
                ("1 day ago ago", None),
                ("day", Some((1600086400, 123456789))),
                ("20200615 -1 day", Some((1592107200, 0))),
                ("20200615 -1 day ago", None),
                ("10:00 1 hour ago", Some((1600002000, 0))),
                ("1.9 sec 1.9 sec 1.9 sec", None),
                ("hours", Some((1600003600, 123456789))),
                ("9223372036854775807 seconds", None),
                ("1317624576693539402 weeks", None),
                ("2020-06-15 2147483647 years", None),
                ("secs", Some((1600000001, 123456789))),
                ("2020-06-15 10:00 utc", Some((1592215200, 0))),
                ("2020-06-15 10:00 GMT", Some((1592215200, 0))),
                ("2020-06-15 10:00 ut", Some((1592215200, 0))),
                ("2020-06-15 10:00 z", Some((1592215200, 0))),
                ("2020-06-15 10:00 cest", Some((1592208000, 0))),
                ("2020-06-15 10:00 cet dst", Some((1592208000, 0))),
                ("2020-06-15 10:00 ist", Some((1592195400, 0))),
                ("2020-06-15 10:00 nzdt", Some((1592168400, 0))),
                ("2020-06-15 10:00 a", Some((1592211600, 0))),
                ("2020-06-15 10:00 m", Some((1592172000, 0))),
                ("2020-06-15 10:00 n", Some((1592218800, 0))),
                ("2020-06-15 10:00 y", Some((1592258400, 0))),
                ("10:00 j", None),
                ("2020-06-15 10:00 utc+3", Some((1592204400, 0))),
                ("2020-06-15 10:00 utc-03:30", Some((1592227800, 0))),
                ("2020-06-15 10:00 utc +1 day", Some((1592301600, 0))),
                ("10:00 t +1 hour", Some((1600020000, 0))),
                ("10:00 est", None),
                ("2020-06-15 10:00 edt", Some((1592229600, 0))),
                ("2020-01-15 10:00 edt", None),
                ("2020-06-15 10:00 est", None),
                ("edt dst", Some((1599969600, 0))),
                ("2020-06-15 10:00 e.s.t.", None),
                ("2020-06-15 10:00 U.T.C", Some((1592215200, 0))),
                ("10:00 utc est", None),
                ("10:00 utc dst", Some((1599987600, 0))),
                ("dst", None),
                ("2020-03-08 02:30", None),
                ("2020-03-08 02:30 -0500", Some((1583652600, 0))),
                ("2020-03-08 03:00", Some((1583650800, 0))),
                ("(comment) 2020-06-15", Some((1592193600, 0))),
                ("2020-((nested))06-15", None),
                ("10:00 (unterminated", Some((1600005600, 0))),
                ("", Some((1599969600, 0))),
                ("   ", Some((1599969600, 0))),
                ("()", Some((1599969600, 0))),
                (")", None),
                (" \t2020-06-15\t ", Some((1592193600, 0))),
                ("- 1 day", Some((1599913600, 123456789))),
                ("- - 1 day", Some((1599913600, 123456789))),
                ("+ 5 min", Some((1600000300, 123456789))),
                ("foo", None),
                ("10 foo", None),
                ("2020-06-15;", None),
                ("10:00:00:00", None),
                ("1e5", None),
                ("café", None),
                ("(é) 10:00", Some((1600005600, 0))),
                ("TZ=\"UTC0\" 2020-06-15 10:00", Some((1592215200, 0))),
                ("TZ=\"UTC0\"", Some((1599955200, 0))),
                ("TZ=\"<+0530>-5:30\" 10:00", Some((1599971400, 0))),
                ("TZ=\"a\\\"b\" 10:00", Some((1599991200, 0))),
                ("TZ=\"a\\b\" 10:00", None),
                ("TZ=\"UTC0", None),
                ("tz=\"UTC0\" 10:00", None),
            ],
        );
        // TZ=CET-1CEST,M3.5.0,M10.5.0/3
        check(
            "CET-1CEST,M3.5.0,M10.5.0/3",
            &[
                ("2020-03-29 02:30", None),
                ("2020-06-15 10:00 cest", Some((1592208000, 0))),
                ("2020-01-15 10:00 cest", None),
                ("2020-06-15 10:00 cet", None),
                ("cest", Some((1599948000, 0))),
                ("cet dst", Some((1599948000, 0))),
                ("last sun", Some((1599343200, 0))),
                ("2020-10-24 12:00 1 day", Some((1603623600, 0))),
                ("next month", Some((1602592000, 123456789))),
                ("2020-06-15 10:00 bst", Some((1592211600, 0))),
            ],
        );
        // TZ=<+0530>-5:30
        check(
            "<+0530>-5:30",
            &[
                ("10:00", Some((1599971400, 0))),
                ("2020-06-15", Some((1592159400, 0))),
                ("2020-06-15 10:00 ist", Some((1592195400, 0))),
                ("1 day ago", Some((1599913600, 123456789))),
                ("tomorrow 12:00", Some((1600065000, 0))),
                ("@1600000000", Some((1600000000, 0))),
            ],
        );
        // TZ=UTC0
        check(
            "UTC0",
            &[
                ("2020-06-15 10:00", Some((1592215200, 0))),
                ("2020-06-15 10:00 utc", Some((1592215200, 0))),
                ("utc dst", Some((1599951600, 0))),
                ("gmt", Some((1599955200, 0))),
                ("1969-12-31 23:59:59", Some((-1, 0))),
                ("-1 min", Some((1599999940, 123456789))),
                ("mon", Some((1600041600, 0))),
                ("last day of june", None),
            ],
        );
    }

    #[test]
    fn bytes_gnu_sees() {
        let tz = "EST5EDT,M3.2.0,M11.1.0";
        let ten = run(tz, b"10:00", None);
        assert!(ten.is_some());
        // Not UTF-8: an error as a token, but fine inside a comment.
        assert_eq!(run(tz, b"caf\xe9", None), None);
        assert_eq!(run(tz, b"10:00 \xff", None), None);
        assert_eq!(run(tz, b"(\xe9\xff) 10:00", None), ten);
        // A C string ends at its first NUL.
        assert_eq!(run(tz, b"10:00\0garbage", None), ten);
        assert_eq!(run(tz, b"\0garbage", None), run(tz, b"0", None));
    }

    #[test]
    fn debug_text() {
        let cases = [
        (
            "EST5EDT,M3.2.0,M11.1.0",
            "2020-01-31 +1 month 10:00 -0500 +3 hours",
            "\
             date: parsed date part: (Y-M-D) 2020-01-31\n\
             date: parsed relative part: +1 month(s)\n\
             date: parsed time part: 10:00:00 UTC-05\n\
             date: parsed relative part: +1 month(s) +3 hour(s)\n\
             date: input timezone: parsed date/time string (-05)\n\
             date: using specified time as starting value: '10:00:00'\n\
             date: starting date/time: '(Y-M-D) 2020-01-31 10:00:00 TZ=-05'\n\
             date: warning: when adding relative months/years, it is recommended to specify the 15th of the months\n\
             date: after date adjustment (+0 years, +1 months, +0 days),\n\
             date:     new date/time = '(Y-M-D) 2020-03-02 10:00:00 TZ=-05'\n\
             date: warning: month/year adjustment resulted in shifted dates:\n\
             date:      adjusted Y M D: 2020 02 31\n\
             date:    normalized Y M D: 2020 03 02\n\
             date: '(Y-M-D) 2020-03-02 10:00:00 TZ=-05' = 1583161200 epoch-seconds\n\
             date: after time adjustment (+3 hours, +0 minutes, +0 seconds, +0 ns),\n\
             date:     new time = 1583172000 epoch-seconds\n\
             date: timezone: TZ=\"EST5EDT,M3.2.0,M11.1.0\" environment value\n\
             date: final: 1583172000.000000000 (epoch-seconds)\n\
             date: final: (Y-M-D) 2020-03-02 18:00:00 (UTC)\n\
             date: final: (Y-M-D) 2020-03-02 13:00:00 (UTC-05)\n\
             ",
        ),
        (
            "EST5EDT,M3.2.0,M11.1.0",
            "next tue 10pm",
            "\
             date: parsed day part: next/first Tue (day ordinal=1 number=2)\n\
             date: parsed time part: 10:00:00pm\n\
             date: input timezone: TZ=\"EST5EDT,M3.2.0,M11.1.0\" environment value\n\
             date: using specified time as starting value: '22:00:00'\n\
             date: new start date: 'next/first Tue' is '(Y-M-D) 2020-09-15 22:00:00'\n\
             date: starting date/time: '(Y-M-D) 2020-09-15 22:00:00'\n\
             date: '(Y-M-D) 2020-09-15 22:00:00' = 1600221600 epoch-seconds\n\
             date: timezone: TZ=\"EST5EDT,M3.2.0,M11.1.0\" environment value\n\
             date: final: 1600221600.000000000 (epoch-seconds)\n\
             date: final: (Y-M-D) 2020-09-16 02:00:00 (UTC)\n\
             date: final: (Y-M-D) 2020-09-15 22:00:00 (UTC-04)\n\
             ",
        ),
        (
            "EST5EDT,M3.2.0,M11.1.0",
            "2020-03-08 02:30",
            "\
             date: parsed date part: (Y-M-D) 2020-03-08\n\
             date: parsed time part: 02:30:00\n\
             date: input timezone: TZ=\"EST5EDT,M3.2.0,M11.1.0\" environment value\n\
             date: using specified time as starting value: '02:30:00'\n\
             date: error: invalid date/time value:\n\
             date:     user provided time: '(Y-M-D) 2020-03-08 02:30:00'\n\
             date:        normalized time: '(Y-M-D) 2020-03-08 03:30:00'\n\
             date:                                             --\n\
             date:      possible reasons:\n\
             date:        non-existing due to daylight-saving time;\n\
             date:        numeric values overflow;\n\
             date:        missing timezone\n\
             ",
        ),
        (
            "EST5EDT,M3.2.0,M11.1.0",
            "foo 10",
            "\
             date: error: unknown word 'FOO'\n\
             date: error: parsing failed, stopped at ' 10'\n\
             ",
        ),
        (
            "EST5EDT,M3.2.0,M11.1.0",
            "1/2/3 10:20:30.123 EDT",
            "\
             date: warning: value 1 has less than 4 digits. Assuming MM/DD/YY[YY]\n\
             date: parsed date part: (Y-M-D) 0003-01-02\n\
             date: parsed time part: 10:20:30.123000000\n\
             date: parsed local_zone part: isdst=1\n\
             date: input timezone: TZ=\"EST5EDT,M3.2.0,M11.1.0\" environment value, dst\n\
             date: using specified time as starting value: '10:20:30'\n\
             date: error: invalid date/time value:\n\
             date:     user provided time: '(Y-M-D) 0003-01-02 10:20:30'\n\
             date:        normalized time: '(Y-M-D) 0003-01-02 09:20:30'\n\
             date:                                             --\n\
             date:      possible reasons:\n\
             date:        non-existing due to daylight-saving time;\n\
             date:        numeric values overflow;\n\
             date:        missing timezone\n\
             ",
        ),
        (
            "EST5EDT,M3.2.0,M11.1.0",
            "@-1.5",
            "\
             date: parsed number of seconds part: number of seconds: -2\n\
             date: input timezone: '@timespec' - always UTC\n\
             date: timezone: TZ=\"EST5EDT,M3.2.0,M11.1.0\" environment value\n\
             date: final: -2.500000000 (epoch-seconds)\n\
             date: final: (Y-M-D) 1969-12-31 23:59:58 (UTC)\n\
             date: final: (Y-M-D) 1969-12-31 18:59:58 (UTC-05)\n\
             ",
        ),
        (
            "UTC0",
            "TZ=\"EST5EDT\" 20-06-15 12:00 1 day",
            "\
             date: parsed date part: (Y-M-D) 0020-06-15\n\
             date: parsed time part: 12:00:00\n\
             date: parsed relative part: +1 day(s)\n\
             date: input timezone: TZ=\"EST5EDT\" in date string\n\
             date: warning: adjusting year value 20 to 2020\n\
             date: using specified time as starting value: '12:00:00'\n\
             date: starting date/time: '(Y-M-D) 2020-06-15 12:00:00'\n\
             date: after date adjustment (+0 years, +0 months, +1 days),\n\
             date:     new date/time = '(Y-M-D) 2020-06-16 12:00:00'\n\
             date: '(Y-M-D) 2020-06-16 12:00:00' = 1592323200 epoch-seconds\n\
             date: timezone: TZ=\"EST5EDT\" environment value\n\
             date: final: 1592323200.000000000 (epoch-seconds)\n\
             date: final: (Y-M-D) 2020-06-16 16:00:00 (UTC)\n\
             date: final: (Y-M-D) 2020-06-16 12:00:00 (UTC-04)\n\
             ",
        ),
        (
            "UTC0",
            "10:00 utc est fri fri",
            "\
             date: parsed time part: 10:00:00\n\
             date: parsed zone part: UTC+00\n\
             date: parsed zone part: \n\
             date: parsed day part: Fri (day ordinal=0 number=5)\n\
             date: parsed day part: \n\
             date: input timezone: parsed date/time string (-05)\n\
             date: error: seen multiple days parts\n\
             date: error: seen multiple time-zone parts\n\
             ",
        ),
        (
            "CET-1CEST,M3.5.0,M10.5.0/3",
            "2020-10-24 12:00 cest 1 day 2.5 sec",
            "\
             date: parsed date part: (Y-M-D) 2020-10-24\n\
             date: parsed time part: 12:00:00\n\
             date: parsed local_zone part: isdst=1\n\
             date: parsed relative part: +1 day(s)\n\
             date: parsed relative part: +1 day(s) +2 seconds +500000000 nanoseconds\n\
             date: input timezone: TZ=\"CET-1CEST,M3.5.0,M10.5.0/3\" environment value, dst\n\
             date: using specified time as starting value: '12:00:00'\n\
             date: starting date/time: '(Y-M-D) 2020-10-24 12:00:00'\n\
             date: after date adjustment (+0 years, +0 months, +1 days),\n\
             date:     new date/time = '(Y-M-D) 2020-10-25 11:00:00'\n\
             date: warning: daylight saving time changed after date adjustment\n\
             date: '(Y-M-D) 2020-10-25 11:00:00' = 1603620000 epoch-seconds\n\
             date: after time adjustment (+0 hours, +0 minutes, +2 seconds, +500000000 ns),\n\
             date:     new time = 1603620002 epoch-seconds\n\
             date: timezone: TZ=\"CET-1CEST,M3.5.0,M10.5.0/3\" environment value\n\
             date: final: 1603620002.500000000 (epoch-seconds)\n\
             date: final: (Y-M-D) 2020-10-25 10:00:02 (UTC)\n\
             date: final: (Y-M-D) 2020-10-25 11:00:02 (UTC+01)\n\
             ",
        ),
        (
            "<+0530>-5:30",
            "31 feb 2020 25 hours ago",
            "\
             date: parsed date part: (Y-M-D) 2020-02-31\n\
             date: parsed relative part: -25 hour(s)\n\
             date: input timezone: TZ=\"<+0530>-5:30\" environment value\n\
             date: warning: using midnight as starting time: 00:00:00\n\
             date: error: invalid date/time value:\n\
             date:     user provided time: '(Y-M-D) 2020-02-31 00:00:00'\n\
             date:        normalized time: '(Y-M-D) 2020-03-02 00:00:00'\n\
             date:                                       -- --\n\
             date:      possible reasons:\n\
             date:        invalid day/month combination;\n\
             date:        numeric values overflow;\n\
             date:        missing timezone\n\
             ",
        ),
        ];
        for (tz, s, want) in cases {
            let mut out = Vec::new();
            run(tz, s.as_bytes(), Some(&mut out));
            assert_eq!(std::str::from_utf8(&out).unwrap(), want, "TZ={tz} {s:?}");
        }
    }

    #[test]
    fn debug_messages() {
        let tz = "UTC0";
        let text = |s: &[u8]| {
            let mut out = Vec::new();
            run(tz, s, Some(&mut out));
            out
        };
        // The word as GNU keeps it: upper case, cut to 19 bytes, periods out.
        assert_eq!(
            text(b"f.oo.abcdefghijklmnopqrstuvwxyz 10"),
            b"date: error: unknown word 'FOOABCDEFGHIJKLMN'\n\
              date: error: parsing failed, stopped at ' 10'\n"
        );
        assert_eq!(text(b"10 +"), text(b"10"));
        assert!(text(b"2020-06-15 9223372036854775807 days")
            .ends_with(b"date: error: parse-datetime.y:2148\n"));
        assert!(text(b"1 day 9223372036854775807 hours")
            .ends_with(b"date: error: adding relative time caused an overflow\n"));
        assert!(text(b"2147485548-01-01").ends_with(
            b"date: error: out-of-range year 2147485548\n\
              date: error: year, month, or day overflow\n"
        ));
        assert!(text(b"13pm").ends_with(b"date: error: invalid hour 13pm\n"));
        assert!(text(b"dst dst").ends_with(b"date: error: parsing failed, stopped at ' dst'\n"));
    }

    /// Token soup and random bytes: never a panic (debug builds check
    /// every overflow), with or without the debug text.
    #[test]
    fn no_panics() {
        let words: [&[u8]; 40] = [
            b"2020",
            b"-06",
            b"+05",
            b"10",
            b"9223372036854775807",
            b"-9223372036854775808",
            b"2147483648",
            b"2147485547",
            b"1.5",
            b"-0.5",
            b":",
            b"/",
            b",",
            b"T",
            b"@",
            b"utc",
            b"cest",
            b"est",
            b"edt",
            b"dst",
            b"pm",
            b"jan",
            b"fri",
            b"last",
            b"third",
            b"day",
            b"weeks",
            b"fortnight",
            b"hours",
            b"sec",
            b"year",
            b"months",
            b"ago",
            b"now",
            b"(x",
            b"TZ=\"UTC0\"",
            b"1317624576693539401",
            b"-2147483648",
            b"99999999999999999999",
            b" ",
        ];
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for i in 0..20_000 {
            let mut s = Vec::new();
            for _ in 0..1 + next(6) {
                if next(8) == 0 {
                    s.push(next(256) as u8);
                } else {
                    s.extend_from_slice(words[next(words.len())]);
                }
                if next(3) > 0 {
                    s.push(b' ');
                }
            }
            let mut out = Vec::new();
            run(
                "EST5EDT,M3.2.0,M11.1.0",
                &s,
                (i % 2 == 0).then_some(&mut out),
            );
        }
    }
}
