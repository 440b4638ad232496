//! Time zones without libc: TZif files (versions 1-3, with the footer rule
//! and leap seconds) and POSIX `TZ` rule strings, read the way glibc's
//! tzset/localtime/mktime read them, so that every program showing or
//! parsing local time agrees with GNU's on glibc.
//!
//! No I/O: [`Tz::load`] takes a callback that returns a file's contents.

use alloc::vec::Vec;

/// A time zone abbreviation (`CET`, `+0530`, `UTC`): at most 15 bytes,
/// held inline so that converting a time allocates nothing.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Abbr {
    len: u8,
    buf: [u8; 15],
}

impl Abbr {
    /// The abbreviation `s`, cut to 15 bytes.
    pub fn new(s: &[u8]) -> Abbr {
        let mut a = Abbr {
            len: 0,
            buf: [0; 15],
        };
        let n = s.len().min(15);
        a.buf[..n].copy_from_slice(&s[..n]);
        a.len = n as u8;
        a
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len as usize]
    }
}

impl core::fmt::Debug for Abbr {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{:?}",
            core::str::from_utf8(self.as_bytes()).unwrap_or("?")
        )
    }
}

/// A broken-down time, as glibc's `struct tm` after localtime, with the
/// full year.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tm {
    /// The year itself (2026, not 126).
    pub year: i64,
    /// 0 = January.
    pub mon: u8,
    /// 1..=31.
    pub mday: u8,
    pub hour: u8,
    pub min: u8,
    /// 0..=60 (60 only in a leap second of a `right/` zone).
    pub sec: u8,
    /// 0 = Sunday.
    pub wday: u8,
    /// 0 = January 1st.
    pub yday: u16,
    pub isdst: bool,
    /// Seconds east of UTC.
    pub gmtoff: i32,
    pub zone: Abbr,
}

/// Fields for [`Tz::mktime`]: any values, normalised as mktime does
/// (month 14 is February of the next year, second -1 the last of the
/// previous minute).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Fields {
    pub year: i64,
    /// 0 = January.
    pub mon: i64,
    pub mday: i64,
    pub hour: i64,
    pub min: i64,
    pub sec: i64,
    /// -1: let the zone decide; 0: standard time; 1: daylight saving time.
    pub isdst: i32,
}

impl Fields {
    /// The fields of a broken-down local time, its daylight flag included
    /// (what mktime gives back the time for).
    pub fn of(tm: &Tm) -> Fields {
        Fields {
            year: tm.year,
            mon: tm.mon as i64,
            mday: tm.mday as i64,
            hour: tm.hour as i64,
            min: tm.min as i64,
            sec: tm.sec as i64,
            isdst: tm.isdst as i32,
        }
    }
}

const DAY: i64 = 86_400;

/// Whether `year` has a February 29th.
pub fn is_leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// Days before each month (0..=12) in common and leap years.
const MON_YDAY: [[u16; 13]; 2] = [
    [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365],
    [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335, 366],
];

/// Days from 1970-01-01 to the given date (month 1-12, proleptic
/// Gregorian calendar).
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn days_from_civil(year: i64, month1: u32, day: u32) -> i64 {
    let y = if month1 <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = month1 as i64;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + day as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date (year, month 1-12, day) of a day counted from 1970-01-01.
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + (m <= 2) as i64, m, d)
}

/// glibc's __offtime: the broken-down time of `t` seen `off` seconds east
/// of UTC, or None when the year does not fit an int tm_year.
#[cfg_attr(corebox_opt, optimize(speed))]
fn offtime(t: i64, off: i64, zone: Abbr, isdst: bool) -> Option<Tm> {
    let secs = t.checked_add(off)?;
    let days = secs.div_euclid(DAY);
    let rem = secs.rem_euclid(DAY);
    let (year, m, d) = civil_from_days(days);
    i32::try_from(year - 1900).ok()?;
    let yday = MON_YDAY[is_leap(year) as usize][m as usize - 1] + d as u16 - 1;
    Some(Tm {
        year,
        mon: (m - 1) as u8,
        mday: d as u8,
        hour: (rem / 3600) as u8,
        min: (rem / 60 % 60) as u8,
        sec: (rem % 60) as u8,
        wday: (days + 4).rem_euclid(7) as u8,
        yday,
        isdst,
        gmtoff: off as i32,
        zone,
    })
}

/// UTC, as glibc's gmtime (zone "GMT").
pub fn gmtime(t: i64) -> Option<Tm> {
    offtime(t, 0, Abbr::new(b"GMT"), false)
}

/// How a POSIX rule names the day of a change: `Jn` (1-365, no Feb 29),
/// `n` (0-365) or `Mm.n.d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    J0,
    J1,
    M,
}

/// One half of a POSIX TZ rule (glibc's tz_rule): a zone's name and
/// offset and the day and time at which it begins.
#[derive(Clone, Copy, Debug)]
struct Half {
    name: Abbr,
    /// Seconds east of UTC.
    offset: i64,
    kind: Kind,
    m: u16,
    n: u16,
    d: u16,
    /// Local time of day of the change.
    secs: i64,
}

impl Half {
    const ZERO: Half = Half {
        name: Abbr {
            len: 0,
            buf: [0; 15],
        },
        offset: 0,
        kind: Kind::J0,
        m: 0,
        n: 0,
        d: 0,
        secs: 0,
    };

    /// glibc's compute_change: when this half begins in `year`, as UTC
    /// seconds. (glibc starts every year up to 1970 at the epoch; kept.)
    fn change(&self, year: i64) -> i64 {
        // glibc counts the days in an int: it wraps past year 5 881 580.
        let mut t = if year > 1970 {
            let (y, y1) = (year as i32, (year as i32).wrapping_sub(1));
            let days = y
                .wrapping_sub(1970)
                .wrapping_mul(365)
                .wrapping_add(y1 / 4 - 1970 / 4)
                .wrapping_sub(y1 / 100 - 1970 / 100)
                .wrapping_add(y1 / 400 - 1970 / 400);
            days as i64 * DAY
        } else {
            0
        };
        let leap = is_leap(year);
        match self.kind {
            Kind::J1 => {
                t += (self.d as i64 - 1) * DAY;
                if self.d >= 60 && leap {
                    t += DAY;
                }
            }
            Kind::J0 => t += self.d as i64 * DAY,
            Kind::M => {
                let m = self.m.clamp(1, 12) as usize;
                let days = &MON_YDAY[leap as usize];
                t += days[m - 1] as i64 * DAY;
                // Zeller's congruence: the weekday of the month's first day.
                let m1 = (m as i64 + 9) % 12 + 1;
                let yy0 = if m <= 2 { year - 1 } else { year };
                let (yy1, yy2) = (yy0 / 100, yy0 % 100);
                let mut dow = ((26 * m1 - 2) / 10 + 1 + yy2 + yy2 / 4 + yy1 / 4 - 2 * yy1) % 7;
                if dow < 0 {
                    dow += 7;
                }
                let mut d = self.d as i64 - dow;
                if d < 0 {
                    d += 7;
                }
                let len = (days[m] - days[m - 1]) as i64;
                for _ in 1..self.n {
                    if d + 7 >= len {
                        break;
                    }
                    d += 7;
                }
                t += d * DAY;
            }
        }
        t - self.offset + self.secs
    }
}

/// A POSIX TZ string as glibc holds it: standard and daylight halves.
#[derive(Clone, Copy, Debug)]
struct Rule {
    std: Half,
    dst: Half,
}

/// Reads an unsigned decimal of digits only (glibc's strtoul after it
/// has seen a digit): the value, saturated, and the bytes used.
fn digits(s: &[u8]) -> Option<(u64, usize)> {
    let n = s.iter().take_while(|b| b.is_ascii_digit()).count();
    if n == 0 {
        return None;
    }
    let v = s[..n].iter().fold(0u64, |v, &b| {
        v.saturating_mul(10).saturating_add((b - b'0') as u64)
    });
    Some((v, n))
}

/// Reads a number the way sscanf's %hu does (before its truncation to 16
/// bits): leading white space, an optional sign (`-` negates, wrapping),
/// then digits; the value and the bytes used, white space and sign
/// included.
fn number(s: &[u8]) -> Option<(u64, usize)> {
    let blanks = s
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'))
        .count();
    let mut i = blanks;
    let neg = s.get(i) == Some(&b'-');
    if matches!(s.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    let (v, n) = digits(&s[i..])?;
    Some((if neg { v.wrapping_neg() } else { v }, i + n))
}

/// `hh[:mm[:ss]]` as glibc's sscanf("%hu%n:%hu%n:%hu%n") reads it: the
/// three values (missing ones 0) and the bytes used, or None without hh.
fn hms(s: &[u8]) -> Option<([u64; 3], usize)> {
    let mut v = [0u64; 3];
    let mut used = 0;
    let mut i = 0;
    for (k, slot) in v.iter_mut().enumerate() {
        if k > 0 {
            if s.get(i) != Some(&b':') {
                break;
            }
            i += 1;
        }
        let Some((x, n)) = number(&s[i..]) else {
            break;
        };
        *slot = x & 0xffff;
        i += n;
        used = i;
    }
    (used > 0).then_some((v, used))
}

impl Rule {
    /// glibc's __tzset_parse_tz. Never fails: what it cannot read leaves
    /// the halves as glibc leaves them (unnamed UTC at worst).
    fn parse(s: &[u8]) -> Rule {
        Self::parse_or_default(s).0
    }

    /// parse, and whether glibc would take the transitions of the
    /// `posixrules` file for this rule: a daylight zone named with no
    /// rule after it (`CET-1CEST`, `EST5EDT,`).
    fn parse_or_default(mut s: &[u8]) -> (Rule, bool) {
        let mut r = Rule {
            std: Half::ZERO,
            dst: Half::ZERO,
        };
        if !(Self::name(&mut s, &mut r.std) && Self::offset(&mut s, &mut r.std, None)) {
            return (r, false);
        }
        if s.is_empty() {
            r.dst.name = r.std.name;
            r.dst.offset = r.std.offset;
            return (r, false);
        }
        if Self::name(&mut s, &mut r.dst) {
            let std_off = r.std.offset;
            Self::offset(&mut s, &mut r.dst, Some(std_off));
            if s.is_empty() || s == b"," {
                return (r, true);
            }
        }
        r.dates(s);
        (r, false)
    }

    /// The two changes of the rule (glibc's parse_rule for both halves).
    fn dates(&mut self, mut s: &[u8]) {
        if Self::date(&mut s, &mut self.std, true) {
            Self::date(&mut s, &mut self.dst, false);
        }
    }

    /// A zone name: three or more letters, or `<...>` of letters,
    /// digits, `+` and `-`.
    fn name(s: &mut &[u8], h: &mut Half) -> bool {
        let alpha = s.iter().take_while(|b| b.is_ascii_alphabetic()).count();
        if alpha >= 3 {
            h.name = Abbr::new(&s[..alpha]);
            *s = &s[alpha..];
            return true;
        }
        if s.first() != Some(&b'<') {
            return false;
        }
        let body = &s[1..];
        let n = body
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'+' || **b == b'-')
            .count();
        if body.get(n) != Some(&b'>') || n < 3 {
            return false;
        }
        h.name = Abbr::new(&body[..n]);
        *s = &body[n + 1..];
        true
    }

    /// An offset west of UTC; `std_off` is Some for the daylight half,
    /// which defaults to an hour ahead of standard time.
    fn offset(s: &mut &[u8], h: &mut Half, std_off: Option<i64>) -> bool {
        let first = s.first().copied();
        if std_off.is_none() && !matches!(first, Some(b'+' | b'-' | b'0'..=b'9')) {
            return false;
        }
        let sign = if first == Some(b'-') { 1 } else { -1 };
        if matches!(first, Some(b'+' | b'-')) {
            *s = &s[1..];
        }
        match hms(s) {
            Some(([hh, mm, ss], used)) => {
                h.offset = sign * (ss.min(59) + mm.min(59) * 60 + hh.min(24) * 3600) as i64;
                *s = &s[used..];
                true
            }
            None => match std_off {
                None => false,
                Some(o) => {
                    h.offset = o + 3600;
                    true
                }
            },
        }
    }

    /// glibc's parse_rule: `,date[/time]`; a missing rule is the US one.
    fn date(s: &mut &[u8], h: &mut Half, start: bool) -> bool {
        if s.first() == Some(&b',') {
            *s = &s[1..];
        }
        match s.first() {
            Some(b'J' | b'0'..=b'9') => {
                h.kind = if s[0] == b'J' { Kind::J1 } else { Kind::J0 };
                let text = if h.kind == Kind::J1 { &s[1..] } else { &s[..] };
                let Some((d, n)) = digits(text) else {
                    return false;
                };
                if d > 365 || (h.kind == Kind::J1 && d == 0) {
                    return false;
                }
                h.d = d as u16;
                *s = &text[n..];
            }
            Some(b'M') => {
                h.kind = Kind::M;
                // sscanf("M%hu.%hu.%hu") stores each field as it reads
                // it: a rule cut short keeps the fields before the cut.
                let mut i = 1;
                for k in 0..3 {
                    if k > 0 {
                        if s.get(i) != Some(&b'.') {
                            return false;
                        }
                        i += 1;
                    }
                    let Some((x, n)) = number(&s[i..]) else {
                        return false;
                    };
                    let field = [&mut h.m, &mut h.n, &mut h.d];
                    *field[k] = x as u16;
                    i += n;
                }
                if !(1..=12).contains(&h.m) || !(1..=5).contains(&h.n) || h.d > 6 {
                    return false;
                }
                *s = &s[i..];
            }
            None => {
                h.kind = Kind::M;
                (h.m, h.n, h.d) = if start { (3, 2, 0) } else { (11, 1, 0) };
            }
            _ => return false,
        }
        h.secs = 2 * 3600;
        match s.first() {
            None | Some(b',') => true,
            Some(b'/') => {
                *s = &s[1..];
                if s.is_empty() {
                    return false;
                }
                let neg = s[0] == b'-';
                if neg {
                    *s = &s[1..];
                }
                let ([hh, mm, ss], used) = hms(s).unwrap_or(([2, 0, 0], 0));
                let secs = (hh * 3600 + mm * 60 + ss) as i64;
                h.secs = if neg { -secs } else { secs };
                *s = &s[used..];
                true
            }
            _ => false,
        }
    }

    /// glibc's __tz_compute: the local time of `t` under this rule.
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn localtime(&self, t: i64) -> Option<Tm> {
        let year = gmtime(t)?.year;
        let (start, end) = (self.std.change(year), self.dst.change(year));
        let dst = if start > end {
            t < end || t >= start
        } else {
            t >= start && t < end
        };
        let h = if dst { &self.dst } else { &self.std };
        offtime(t, h.offset, h.name, dst)
    }
}

/// One local time type of a TZif file.
#[derive(Clone, Copy, Debug)]
struct Type {
    offset: i32,
    isdst: bool,
    name: Abbr,
    /// The file's indicators: transitions into this type are given in
    /// standard time, or in UT (used by the posixrules default).
    isstd: bool,
    isut: bool,
}

/// A time zone: a TZif file's transitions (with its footer rule for
/// later times) or a POSIX rule alone.
#[derive(Clone, Debug)]
pub struct Tz {
    times: Vec<i64>,
    kinds: Vec<u8>,
    types: Vec<Type>,
    /// (when, total correction) of a `right/` zone's leap seconds.
    leaps: Vec<(i64, i64)>,
    rule: Option<Rule>,
    /// A posixrules default's transitions once mktime has run tzset
    /// again (see with_names); empty for every other zone.
    retzset: Vec<i64>,
    /// Whether mktime has run (glibc's mktime calls tzset).
    again: core::cell::Cell<bool>,
}

/// Big-endian integers of a TZif file.
struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let end = self.pos.checked_add(n)?;
        let s = self.data.get(self.pos..end)?;
        self.pos = end;
        Some(s)
    }

    fn int(&mut self, wide: bool) -> Option<i64> {
        Some(if wide {
            i64::from_be_bytes(self.take(8)?.try_into().ok()?)
        } else {
            i32::from_be_bytes(self.take(4)?.try_into().ok()?) as i64
        })
    }

    /// A header: the version byte and the six counts.
    fn header(&mut self) -> Option<(u8, [usize; 6])> {
        let h = self.take(44)?;
        if &h[..4] != b"TZif" {
            return None;
        }
        let mut c = [0usize; 6];
        for (i, slot) in c.iter_mut().enumerate() {
            *slot = u32::from_be_bytes(h[20 + 4 * i..24 + 4 * i].try_into().ok()?) as usize;
        }
        Some((h[4], c))
    }
}

/// The bytes of a TZif body: the sum of count x size, None on overflow.
fn body_size(parts: &[(usize, usize)]) -> Option<usize> {
    parts
        .iter()
        .try_fold(0usize, |n, &(k, m)| n.checked_add(k.checked_mul(m)?))
}

impl Tz {
    /// UTC, named "UTC".
    pub fn utc() -> Tz {
        Tz::from_rule(Rule::parse(b"UTC0"))
    }

    fn from_rule(rule: Rule) -> Tz {
        Tz {
            times: Vec::new(),
            kinds: Vec::new(),
            types: Vec::new(),
            leaps: Vec::new(),
            rule: Some(rule),
            retzset: Vec::new(),
            again: core::cell::Cell::new(false),
        }
    }

    /// A POSIX TZ string (`CET-1CEST,M3.5.0,M10.5.0/3`) as glibc reads
    /// one that names no file.
    pub fn parse_posix(s: &[u8]) -> Tz {
        Tz::from_rule(Rule::parse(s))
    }

    /// A TZif file (versions 1 to 3), or None where glibc rejects it.
    pub fn from_tzif(data: &[u8]) -> Option<Tz> {
        let mut r = Reader { data, pos: 0 };
        let (version, mut c) = r.header()?;
        let mut wide = false;
        if version >= b'2' {
            // Skip the 32-bit body for the 64-bit one after it.
            let [isut, isstd, leap, time, typ, chars] = c;
            r.take(body_size(&[
                (time, 5),
                (typ, 6),
                (chars, 1),
                (leap, 8),
                (isstd, 1),
                (isut, 1),
            ])?)?;
            (_, c) = r.header()?;
            wide = true;
        }
        let [isut, isstd, leapcnt, timecnt, typecnt, charcnt] = c;
        if typecnt == 0 || typecnt > 256 {
            return None;
        }
        // A file shorter than its counts say is truncated (glibc rejects
        // it): checked before anything is allocated for those counts.
        let w = if wide { 8 } else { 4 };
        let need = body_size(&[
            (timecnt, w + 1),
            (typecnt, 6),
            (charcnt, 1),
            (leapcnt, w + 4),
            (isstd, 1),
            (isut, 1),
        ])?;
        if data.len() - r.pos < need {
            return None;
        }
        let mut times = Vec::with_capacity(timecnt);
        for _ in 0..timecnt {
            times.push(r.int(wide)?);
        }
        let kinds = r.take(timecnt)?.to_vec();
        let raw = r.take(typecnt * 6)?.to_vec();
        let names = r.take(charcnt)?;
        let mut types = Vec::with_capacity(typecnt);
        for t in raw.chunks(6) {
            let at = t[5] as usize;
            let name = names.get(at..)?;
            let end = name.iter().position(|&b| b == 0)?;
            types.push(Type {
                offset: i32::from_be_bytes(t[..4].try_into().ok()?),
                isdst: t[4] != 0,
                name: Abbr::new(&name[..end]),
                isstd: false,
                isut: false,
            });
        }
        if kinds.iter().any(|&k| k as usize >= typecnt) {
            return None;
        }
        let mut leaps = Vec::with_capacity(leapcnt);
        for _ in 0..leapcnt {
            leaps.push((r.int(wide)?, r.int(false)?));
        }
        for (k, &b) in r.take(isstd)?.iter().enumerate() {
            if let Some(ty) = types.get_mut(k) {
                ty.isstd = b != 0;
            }
        }
        for (k, &b) in r.take(isut)?.iter().enumerate() {
            if let Some(ty) = types.get_mut(k) {
                ty.isut = b != 0;
            }
        }
        let mut rule = None;
        if wide {
            let rest = &data[r.pos..];
            if rest.first() == Some(&b'\n') {
                if let Some(end) = rest[1..].iter().position(|&b| b == b'\n') {
                    if end > 0 {
                        rule = Some(Rule::parse(&rest[1..1 + end]));
                    }
                }
            }
        }
        Some(Tz {
            times,
            kinds,
            types,
            leaps,
            rule,
            retzset: Vec::new(),
            again: core::cell::Cell::new(false),
        })
    }

    /// glibc's tzset: the zone `TZ` (None when unset) names, files read
    /// through `read` (a path in, the file's bytes out) from `tzdir`
    /// (TZDIR; /usr/share/zoneinfo when None or empty).
    pub fn load(
        tz: Option<&[u8]>,
        tzdir: Option<&[u8]>,
        read: &mut dyn FnMut(&[u8]) -> Option<Vec<u8>>,
    ) -> Tz {
        let name: &[u8] = match tz {
            Some(b"") => b"Universal",
            Some(s) => s.strip_prefix(b":").unwrap_or(s),
            None => b"/etc/localtime",
        };
        let dir = match tzdir {
            Some(d) if !d.is_empty() => d,
            _ => b"/usr/share/zoneinfo",
        };
        let in_dir = |file: &[u8]| {
            let mut path = Vec::new();
            if file.first() != Some(&b'/') {
                path.extend_from_slice(dir);
                path.push(b'/');
            }
            path.extend_from_slice(file);
            path
        };
        let path = in_dir(name);
        if !name.is_empty() {
            if let Some(z) = read(&path).and_then(|d| Tz::from_tzif(&d)) {
                return z;
            }
        }
        if tz.is_none() || name.is_empty() || name == b"/etc/localtime" || tz == Some(b"") {
            return Tz::utc();
        }
        let (mut rule, default) = Rule::parse_or_default(name);
        if default {
            let file = read(&in_dir(b"posixrules")).and_then(|d| Tz::from_tzif(&d));
            if let Some(z) = file.and_then(|f| f.with_names(&rule)) {
                return z;
            }
            // No rules file: the US rules (glibc's parse_rule on "").
            rule.dates(b"");
        }
        Tz::from_rule(rule)
    }

    /// glibc's __tzfile_default: the transitions of a rules file (its
    /// footer rule too, as it is) under the names and offsets of `rule`;
    /// None when the file has fewer than two types.
    fn with_names(mut self, rule: &Rule) -> Option<Tz> {
        if self.types.len() < 2 {
            return None;
        }
        // The file's standard offset: that of the latest transition into
        // a standard type. Its daylight offset is glibc 2.36's static
        // rule_dstoff, as measured: 0 at the first tzset of a process,
        // the user's daylight offset (left by the previous default) at
        // every later one, which mktime makes. So a transition out of
        // daylight time moves by the user's daylight offset at first,
        // and not at all after a mktime.
        let rule_std = match self
            .kinds
            .iter()
            .rev()
            .find(|&&k| !self.types[k as usize].isdst)
        {
            _ if self.kinds.is_empty() => self.types[0].offset as i64,
            Some(&k) => self.types[k as usize].offset as i64,
            None => 0,
        };
        let mut isdst = false;
        self.retzset = self.times.clone();
        for ((t, t2), k) in self
            .times
            .iter_mut()
            .zip(self.retzset.iter_mut())
            .zip(self.kinds.iter_mut())
        {
            let ty = self.types[*k as usize];
            *k = ty.isdst as u8;
            if ty.isut {
            } else if isdst && !ty.isstd {
                *t = t.wrapping_add(rule.dst.offset);
            } else {
                *t = t.wrapping_add(rule.std.offset - rule_std);
                *t2 = t2.wrapping_add(rule.std.offset - rule_std);
            }
            isdst = ty.isdst;
        }
        let half = |h: &Half, isdst| Type {
            offset: h.offset as i32,
            isdst,
            name: h.name,
            isstd: false,
            isut: false,
        };
        self.types = alloc::vec![half(&rule.std, false), half(&rule.dst, true)];
        Some(self)
    }

    /// The local time of `t`, as glibc's localtime_r; None when its year
    /// does not fit an int tm_year.
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn localtime(&self, t: i64) -> Option<Tm> {
        if self.types.is_empty() {
            return self.rule.as_ref()?.localtime(t);
        }
        let times = match self.again.get() && !self.retzset.is_empty() {
            true => &self.retzset,
            false => &self.times,
        };
        let kind = if times.first().is_none_or(|&first| t < first) {
            // Before the first transition: the first standard type.
            self.types.iter().position(|ty| !ty.isdst).unwrap_or(0)
        } else if t >= *times.last()? {
            let last = *self.kinds.last()? as usize;
            match &self.rule {
                Some(rule) => match rule.localtime(t) {
                    Some(tm) => return Some(self.leap(t, tm)),
                    None => last,
                },
                None => last,
            }
        } else {
            self.kinds[times.partition_point(|&x| x <= t) - 1] as usize
        };
        let ty = self.types[kind];
        let tm = offtime(t, ty.offset as i64, ty.name, ty.isdst)?;
        Some(self.leap(t, tm))
    }

    /// Applies a `right/` zone's leap-second correction to `tm`, computed
    /// for `t` without it (glibc's __tzfile_compute and __tz_convert).
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn leap(&self, t: i64, tm: Tm) -> Tm {
        let n = self.leaps.partition_point(|&(when, _)| when <= t);
        if n == 0 {
            return tm;
        }
        let mut i = n - 1;
        let (when, corr) = self.leaps[i];
        let mut hit = 0;
        if t == when
            && (if i == 0 {
                corr > 0
            } else {
                corr > self.leaps[i - 1].1
            })
        {
            hit = 1;
            while i > 0
                && self.leaps[i].0 == self.leaps[i - 1].0 + 1
                && self.leaps[i].1 == self.leaps[i - 1].1 + 1
            {
                hit += 1;
                i -= 1;
            }
        }
        match offtime(t, tm.gmtoff as i64 - corr, tm.zone, tm.isdst) {
            Some(mut out) => {
                out.sec += hit;
                out.gmtoff = tm.gmtoff;
                out
            }
            None => tm,
        }
    }
}

/// glibc's localtime_offset: mktime's first guess of UTC minus local time,
/// the answer of its previous call (which decides ambiguous times, as in
/// glibc).
static GUESS: core::sync::atomic::AtomicI64 = core::sync::atomic::AtomicI64::new(0);

/// Seconds from the epoch to a local year, day of year and time of day,
/// with no zone.
fn ydhms(year: i64, yday: i64, hour: i64, min: i64, sec: i64) -> Option<i64> {
    let days = days_from_civil(year, 1, 1).checked_add(yday)?;
    days.checked_mul(DAY)?
        .checked_add(hour.checked_mul(3600)?)?
        .checked_add(min.checked_mul(60)?)?
        .checked_add(sec)
}

fn tm_seconds(tm: &Tm) -> i64 {
    days_from_civil(tm.year, 1, 1) * DAY
        + tm.yday as i64 * DAY
        + tm.hour as i64 * 3600
        + tm.min as i64 * 60
        + tm.sec as i64
}

impl Tz {
    /// glibc's mktime: the time whose local fields are `f` (normalised),
    /// and those fields as localtime gives them; None where glibc fails
    /// with EOVERFLOW.
    pub fn mktime(&self, f: &Fields) -> Option<(i64, Tm)> {
        use core::sync::atomic::Ordering::Relaxed;
        self.again.set(true);
        let year = f.year.checked_add(f.mon.div_euclid(12))?;
        let mon = f.mon.rem_euclid(12) as usize;
        let yday = (MON_YDAY[is_leap(year) as usize][mon] as i64 - 1).checked_add(f.mday)?;
        let sec = f.sec.clamp(0, 59);
        let want = ydhms(year, yday, f.hour, f.min, sec)?;
        let off = GUESS.load(Relaxed);
        let t0 = want.checked_add(off)?;
        let (mut t, mut t1, mut t2) = (t0, t0, t0);
        let mut dst2 = false;
        let mut probes = 6;
        let mut tm;
        loop {
            tm = self.ranged(&mut t)?;
            let dt = want - tm_seconds(&tm);
            if dt == 0 {
                break;
            }
            if t == t1
                && t != t2
                && (if f.isdst < 0 {
                    dst2 <= tm.isdst
                } else {
                    (f.isdst != 0) != tm.isdst
                })
            {
                return self.found(f, t, t0 - off, tm, sec);
            }
            probes -= 1;
            if probes == 0 {
                return None;
            }
            (t1, t2, dst2) = (t2, t, tm.isdst);
            t = t.checked_add(dt)?;
        }
        if f.isdst >= 0 && (f.isdst != 0) != tm.isdst {
            // Look nearby for the requested kind of time and use its offset.
            let stride = 601_200;
            let bound = 457_243_209 / 2 + stride;
            let mut delta = stride;
            while delta < bound {
                for dir in [-1, 1] {
                    let Some(ot) = t.checked_add(delta * dir) else {
                        continue;
                    };
                    let mut ot2 = ot;
                    let otm = self.ranged(&mut ot2)?;
                    if otm.isdst == (f.isdst != 0) {
                        let gt = ot2 + (want - tm_seconds(&otm));
                        if let Some(g) = self.localtime(gt) {
                            return self.found(f, gt, t0 - off, g, sec);
                        }
                    }
                }
                delta += stride;
            }
            let dst_difference = (f.isdst == 0) as i64 - (!tm.isdst) as i64;
            t = t.checked_add(3600 * dst_difference)?;
            tm = self.localtime(t)?;
        }
        self.found(f, t, t0 - off, tm, sec)
    }

    /// The end of mktime: remembers the offset for the next call and
    /// puts back a second outside 0-59 that the search clamped.
    fn found(&self, f: &Fields, t: i64, want: i64, tm: Tm, sec: i64) -> Option<(i64, Tm)> {
        GUESS.store(t - want, core::sync::atomic::Ordering::Relaxed);
        if f.sec == tm.sec as i64 {
            return Some((t, tm));
        }
        let adjust = (sec == 0 && tm.sec == 60) as i64 - sec + f.sec;
        let t = t.checked_add(adjust)?;
        Some((t, self.localtime(t)?))
    }

    /// glibc mktime's ranged_convert: localtime of `t`, or of the nearest
    /// time toward the epoch that has one (moving `t` there).
    fn ranged(&self, t: &mut i64) -> Option<Tm> {
        if let Some(tm) = self.localtime(*t) {
            return Some(tm);
        }
        let (mut ok, mut bad) = (0i64, *t);
        let mut best = None;
        loop {
            let mid = (ok >> 1) + (bad >> 1) + (ok & bad & 1);
            if mid == ok || mid == bad {
                break;
            }
            match self.localtime(mid) {
                Some(tm) => (ok, best) = (mid, Some(tm)),
                None => bad = mid,
            }
        }
        *t = ok;
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::String;

    /// A TZif file whose counts promise more than it holds (found by the
    /// fuzzer: 4 billion transitions in a 145-byte file) is rejected
    /// before anything is allocated for them.
    #[test]
    fn truncated_tzif_is_rejected_without_allocating() {
        let mut f = alloc::vec::Vec::new();
        f.extend_from_slice(b"TZif2");
        f.extend_from_slice(&[0; 15]);
        // isut isstd leap time type chars
        for n in [0u32, 0, 0, u32::MAX, 1, 4] {
            f.extend_from_slice(&n.to_be_bytes());
        }
        f.extend_from_slice(&[0; 64]);
        assert!(Tz::from_tzif(&f).is_none());
        let mut v2 = f.clone();
        v2[4] = b'1';
        assert!(Tz::from_tzif(&v2).is_none());
    }

    /// Times whose years pass i32 (glibc's int arithmetic wraps there):
    /// no overflow panics in debug builds.
    #[test]
    fn far_years_do_not_overflow() {
        for t in [67768036191676799i64, -67768040609740800, 67767976233316800] {
            let tz = Tz::parse_posix(b"EST5EDT,M3.2.0,M11.1.0");
            if let Some(tm) = tz.localtime(t) {
                let mut out = alloc::vec::Vec::new();
                crate::strftime::strftime(&mut out, b"%F %T %z %G %V %j %s", &tm, t, 0);
            }
        }
    }

    fn show(tm: &Tm) -> String {
        let off = tm.gmtoff.abs();
        format!(
            "{:04}-{:02}-{:02} {:02}:{:02}:{:02} {}{:02}{:02} {} {} {:03}",
            tm.year,
            tm.mon + 1,
            tm.mday,
            tm.hour,
            tm.min,
            tm.sec,
            if tm.gmtoff < 0 { '-' } else { '+' },
            off / 3600,
            off / 60 % 60,
            core::str::from_utf8(tm.zone.as_bytes()).unwrap(),
            if tm.wday == 0 { 7 } else { tm.wday },
            tm.yday + 1
        )
    }

    /// POSIX rules against glibc (`TZ=RULE date -d @T`).
    #[test]
    fn posix_rules_as_glibc() {
        let table = r"
CET-1CEST,M3.5.0,M10.5.0/3|0|1970-01-01 01:00:00 +0100 CET 4 001
CET-1CEST,M3.5.0,M10.5.0/3|-100000000|1966-10-31 15:13:20 +0100 CET 1 304
CET-1CEST,M3.5.0,M10.5.0/3|1719792000|2024-07-01 02:00:00 +0200 CEST 1 183
CET-1CEST,M3.5.0,M10.5.0/3|1735689600|2025-01-01 01:00:00 +0100 CET 3 001
CET-1CEST,M3.5.0,M10.5.0/3|1711846800|2024-03-31 03:00:00 +0200 CEST 7 091
CET-1CEST,M3.5.0,M10.5.0/3|1711846799|2024-03-31 01:59:59 +0100 CET 7 091
CET-1CEST,M3.5.0,M10.5.0/3|4102444800|2100-01-01 01:00:00 +0100 CET 5 001
CET-1CEST,M3.5.0,M10.5.0/3|1730000000|2024-10-27 04:33:20 +0100 CET 7 301
<+0530>-5:30|0|1970-01-01 05:30:00 +0530 +0530 4 001
<+0530>-5:30|-100000000|1966-10-31 19:43:20 +0530 +0530 1 304
<+0530>-5:30|1719792000|2024-07-01 05:30:00 +0530 +0530 1 183
<+0530>-5:30|1735689600|2025-01-01 05:30:00 +0530 +0530 3 001
<+0530>-5:30|1711846800|2024-03-31 06:30:00 +0530 +0530 7 091
<+0530>-5:30|1711846799|2024-03-31 06:29:59 +0530 +0530 7 091
<+0530>-5:30|4102444800|2100-01-01 05:30:00 +0530 +0530 5 001
<+0530>-5:30|1730000000|2024-10-27 09:03:20 +0530 +0530 7 301
AEST-10AEDT,M10.1.0,M4.1.0/3|0|1970-01-01 11:00:00 +1100 AEDT 4 001
AEST-10AEDT,M10.1.0,M4.1.0/3|-100000000|1966-11-01 01:13:20 +1100 AEDT 2 305
AEST-10AEDT,M10.1.0,M4.1.0/3|1719792000|2024-07-01 10:00:00 +1000 AEST 1 183
AEST-10AEDT,M10.1.0,M4.1.0/3|1735689600|2025-01-01 11:00:00 +1100 AEDT 3 001
AEST-10AEDT,M10.1.0,M4.1.0/3|1711846800|2024-03-31 12:00:00 +1100 AEDT 7 091
AEST-10AEDT,M10.1.0,M4.1.0/3|1711846799|2024-03-31 11:59:59 +1100 AEDT 7 091
AEST-10AEDT,M10.1.0,M4.1.0/3|4102444800|2100-01-01 11:00:00 +1100 AEDT 5 001
AEST-10AEDT,M10.1.0,M4.1.0/3|1730000000|2024-10-27 14:33:20 +1100 AEDT 7 301
foo|0|1970-01-01 00:00:00 +0000 foo 4 001
foo|-100000000|1966-10-31 14:13:20 +0000 foo 1 304
foo|1719792000|2024-07-01 00:00:00 +0000 foo 1 183
foo|1735689600|2025-01-01 00:00:00 +0000 foo 3 001
foo|1711846800|2024-03-31 01:00:00 +0000 foo 7 091
foo|1711846799|2024-03-31 00:59:59 +0000 foo 7 091
foo|4102444800|2100-01-01 00:00:00 +0000 foo 5 001
foo|1730000000|2024-10-27 03:33:20 +0000 foo 7 301
ab|0|1970-01-01 00:00:00 +0000  4 001
ab|-100000000|1966-10-31 14:13:20 +0000  1 304
ab|1719792000|2024-07-01 00:00:00 +0000  1 183
ab|1735689600|2025-01-01 00:00:00 +0000  3 001
ab|1711846800|2024-03-31 01:00:00 +0000  7 091
ab|1711846799|2024-03-31 00:59:59 +0000  7 091
ab|4102444800|2100-01-01 00:00:00 +0000  5 001
ab|1730000000|2024-10-27 03:33:20 +0000  7 301
EST5EDT,foo|0|1969-12-31 20:00:00 -0400 EDT 3 365
EST5EDT,foo|-100000000|1966-10-31 10:13:20 -0400 EDT 1 304
EST5EDT,foo|1719792000|2024-06-30 20:00:00 -0400 EDT 7 182
EST5EDT,foo|1735689600|2024-12-31 20:00:00 -0400 EDT 2 366
EST5EDT,foo|1711846800|2024-03-30 21:00:00 -0400 EDT 6 090
EST5EDT,foo|1711846799|2024-03-30 20:59:59 -0400 EDT 6 090
EST5EDT,foo|4102444800|2099-12-31 20:00:00 -0400 EDT 4 365
EST5EDT,foo|1730000000|2024-10-26 23:33:20 -0400 EDT 6 300
IST-2IDT,M3.4.4/26,M10.5.0|0|1970-01-01 02:00:00 +0200 IST 4 001
IST-2IDT,M3.4.4/26,M10.5.0|-100000000|1966-10-31 16:13:20 +0200 IST 1 304
IST-2IDT,M3.4.4/26,M10.5.0|1719792000|2024-07-01 03:00:00 +0300 IDT 1 183
IST-2IDT,M3.4.4/26,M10.5.0|1735689600|2025-01-01 02:00:00 +0200 IST 3 001
IST-2IDT,M3.4.4/26,M10.5.0|1711846800|2024-03-31 04:00:00 +0300 IDT 7 091
IST-2IDT,M3.4.4/26,M10.5.0|1711846799|2024-03-31 03:59:59 +0300 IDT 7 091
IST-2IDT,M3.4.4/26,M10.5.0|4102444800|2100-01-01 02:00:00 +0200 IST 5 001
IST-2IDT,M3.4.4/26,M10.5.0|1730000000|2024-10-27 05:33:20 +0200 IST 7 301
<-03>3<-02>,M3.5.0/-2,M10.5.0/-1|0|1969-12-31 21:00:00 -0300 -03 3 365
<-03>3<-02>,M3.5.0/-2,M10.5.0/-1|-100000000|1966-10-31 11:13:20 -0300 -03 1 304
<-03>3<-02>,M3.5.0/-2,M10.5.0/-1|1719792000|2024-06-30 22:00:00 -0200 -02 7 182
<-03>3<-02>,M3.5.0/-2,M10.5.0/-1|1735689600|2024-12-31 21:00:00 -0300 -03 2 366
<-03>3<-02>,M3.5.0/-2,M10.5.0/-1|1711846800|2024-03-30 23:00:00 -0200 -02 6 090
<-03>3<-02>,M3.5.0/-2,M10.5.0/-1|1711846799|2024-03-30 21:59:59 -0300 -03 6 090
<-03>3<-02>,M3.5.0/-2,M10.5.0/-1|4102444800|2099-12-31 21:00:00 -0300 -03 4 365
<-03>3<-02>,M3.5.0/-2,M10.5.0/-1|1730000000|2024-10-27 00:33:20 -0300 -03 7 301
UTC0|0|1970-01-01 00:00:00 +0000 UTC 4 001
UTC0|-100000000|1966-10-31 14:13:20 +0000 UTC 1 304
UTC0|1719792000|2024-07-01 00:00:00 +0000 UTC 1 183
UTC0|1735689600|2025-01-01 00:00:00 +0000 UTC 3 001
UTC0|1711846800|2024-03-31 01:00:00 +0000 UTC 7 091
UTC0|1711846799|2024-03-31 00:59:59 +0000 UTC 7 091
UTC0|4102444800|2100-01-01 00:00:00 +0000 UTC 5 001
UTC0|1730000000|2024-10-27 03:33:20 +0000 UTC 7 301
WART4WARST,J1/0,J365/25|0|1969-12-31 20:00:00 -0400 WART 3 365
WART4WARST,J1/0,J365/25|-100000000|1966-10-31 10:13:20 -0400 WART 1 304
WART4WARST,J1/0,J365/25|1719792000|2024-06-30 21:00:00 -0300 WARST 7 182
WART4WARST,J1/0,J365/25|1735689600|2024-12-31 20:00:00 -0400 WART 2 366
WART4WARST,J1/0,J365/25|1711846800|2024-03-30 22:00:00 -0300 WARST 6 090
WART4WARST,J1/0,J365/25|1711846799|2024-03-30 21:59:59 -0300 WARST 6 090
WART4WARST,J1/0,J365/25|4102444800|2099-12-31 20:00:00 -0400 WART 4 365
WART4WARST,J1/0,J365/25|1730000000|2024-10-27 00:33:20 -0300 WARST 7 301
";
        for line in table.lines().filter(|l| !l.is_empty()) {
            let mut f = line.split('|');
            let (zone, t, want) = (f.next().unwrap(), f.next().unwrap(), f.next().unwrap());
            let tz = Tz::parse_posix(zone.as_bytes());
            let tm = tz.localtime(t.parse().unwrap()).unwrap();
            assert_eq!(show(&tm), want, "{zone} {t}");
        }
    }

    #[test]
    fn mktime_inverts_localtime() {
        let tz = Tz::parse_posix(b"CET-1CEST,M3.5.0,M10.5.0/3");
        for t in [
            0i64,
            1_719_792_000,
            1_711_846_799,
            1_711_846_800,
            -2_000_000_000,
            4_102_444_800,
        ] {
            let tm = tz.localtime(t).unwrap();
            assert_eq!(tz.mktime(&Fields::of(&tm)).unwrap(), (t, tm));
        }
        // Normalisation: month 13 of 2023 is January 2024; second -1.
        let f = Fields {
            year: 2023,
            mon: 12,
            mday: 1,
            hour: 0,
            min: 0,
            sec: -1,
            isdst: -1,
        };
        let (t, tm) = Tz::utc().mktime(&f).unwrap();
        assert_eq!(
            (t, tm.year, tm.mon, tm.mday, tm.hour),
            (1_704_067_199, 2023, 11, 31, 23)
        );
        // In the spring-forward gap the time moves by the gap, as in glibc.
        let gap = Fields {
            year: 2024,
            mon: 2,
            mday: 31,
            hour: 2,
            min: 30,
            sec: 0,
            isdst: -1,
        };
        let (t, tm) = tz.mktime(&gap).unwrap();
        assert_eq!((t, tm.hour), (1_711_848_600, 3));
    }

    #[test]
    fn civil_days() {
        for (y, m, d, n) in [
            (1970, 1, 1, 0),
            (2000, 2, 29, 11_016),
            (1969, 12, 31, -1),
            (-1, 12, 31, -719_529),
        ] {
            assert_eq!(days_from_civil(y, m, d), n);
            assert_eq!(civil_from_days(n), (y, m, d));
        }
        assert!(gmtime(i64::MAX).is_none());
        assert_eq!(gmtime(-62_167_219_200).unwrap().year, 0);
    }

    /// A version 2 TZif file with one transition, a footer rule and a
    /// leap second.
    #[test]
    fn tzif() {
        let mut f = alloc::vec::Vec::new();
        let header = |f: &mut alloc::vec::Vec<u8>, leap: u32, time: u32, typ: u32, chars: u32| {
            f.extend_from_slice(b"TZif2");
            f.extend_from_slice(&[0; 15]);
            for c in [0, 0, leap, time, typ, chars] {
                f.extend_from_slice(&u32::to_be_bytes(c));
            }
        };
        header(&mut f, 0, 0, 1, 4);
        f.extend_from_slice(&[0, 0, 0, 0, 0, 0]);
        f.extend_from_slice(b"UTC\0");
        header(&mut f, 1, 1, 2, 8);
        f.extend_from_slice(&i64::to_be_bytes(1000));
        f.push(1);
        f.extend_from_slice(&[0, 0, 0, 0, 0, 0]);
        f.extend_from_slice(&[0, 0, 0x0e, 0x10, 0, 4]);
        f.extend_from_slice(b"LMT\0ONE\0");
        f.extend_from_slice(&i64::to_be_bytes(2000));
        f.extend_from_slice(&i32::to_be_bytes(1));
        f.extend_from_slice(b"\nTWO-2\n");
        let tz = Tz::from_tzif(&f).unwrap();
        assert_eq!(
            show(&tz.localtime(999).unwrap()),
            "1970-01-01 00:16:39 +0000 LMT 4 001"
        );
        assert_eq!(tz.localtime(1000).unwrap().zone.as_bytes(), b"TWO");
        assert_eq!(tz.localtime(1999).unwrap().gmtoff, 7200);
        // At a leap second the minute has a 61st second (:59 + 1 here),
        // after it the correction holds.
        assert_eq!(
            show(&tz.localtime(2000).unwrap()),
            "1970-01-01 02:33:20 +0200 TWO 4 001"
        );
        assert_eq!(
            show(&tz.localtime(2001).unwrap()),
            "1970-01-01 02:33:20 +0200 TWO 4 001"
        );
        assert!(Tz::from_tzif(b"TZif2").is_none());
        let mut read = |p: &[u8]| (p == b"/z/X").then(|| f.clone());
        assert_eq!(
            Tz::load(Some(b":X"), Some(b"/z"), &mut read)
                .localtime(1)
                .unwrap()
                .zone
                .as_bytes(),
            b"LMT"
        );
        assert_eq!(
            Tz::load(Some(b"Yyy"), Some(b"/z"), &mut read)
                .localtime(1)
                .unwrap()
                .zone
                .as_bytes(),
            b"Yyy"
        );
        assert_eq!(
            Tz::load(None, None, &mut read)
                .localtime(1)
                .unwrap()
                .zone
                .as_bytes(),
            b"UTC"
        );
    }
}
