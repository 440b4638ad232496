//! `date +FORMAT`: GNU's strftime as coreutils 9.1 runs it (gnulib's
//! `nstrftime` over glibc 2.36), for the C and C.UTF-8 locales.
//!
//! gnulib formats most conversions itself but hands some to the C library's
//! strftime: the locale's texts (`%a %b %c %x %X %r %p`), the era forms
//! `%EC %Ey %EY` and the `%O` form of a number that is not negative. glibc
//! renders some of those its own way (`%c` and `%EY` leave the year
//! unpadded, `%Oy` takes the year modulo 100 even before year 0, `%Oq` is
//! unknown to it), and GNU date prints whichever of the two gnulib picks, so
//! both renderings live here.

use crate::tz::Tm;
use alloc::vec::Vec;

const DAYS: [&[u8]; 7] = [
    b"Sunday",
    b"Monday",
    b"Tuesday",
    b"Wednesday",
    b"Thursday",
    b"Friday",
    b"Saturday",
];

const MONTHS: [&[u8]; 12] = [
    b"January",
    b"February",
    b"March",
    b"April",
    b"May",
    b"June",
    b"July",
    b"August",
    b"September",
    b"October",
    b"November",
    b"December",
];

/// What the conversions read: the broken-down time, and for `%s` and `%N`
/// the instant itself.
struct Time<'a> {
    tm: &'a Tm,
    secs: i64,
    nsec: u32,
}

/// One conversion's flags and width.
#[derive(Clone, Copy)]
struct Spec {
    /// `_ - + 0`, or 0 for the conversion's default.
    pad: u8,
    /// -1: none given.
    width: i32,
    upper: bool,
    /// Wins over `upper`, as in gnulib (`%^P` is `pm`).
    lower: bool,
}

/// How a number conversion pads by default.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Zero,
    Space,
    /// Padded with the flag given to an enclosing `%F` or `%D`, and signed
    /// with `+` when it outgrows its digits.
    Year,
}

/// A number conversion's value, before padding.
struct Num {
    digits: i32,
    negative: bool,
    magnitude: u64,
    kind: Kind,
}

/// Appends `fmt` expanded for `tm` to `out`. `secs` is the time as seconds
/// since the epoch (for %s), `nsec` the nanoseconds (for %N).
pub fn strftime(out: &mut Vec<u8>, fmt: &[u8], tm: &Tm, secs: i64, nsec: u32) {
    expand(out, fmt, &Time { tm, secs, nsec }, false, 0, -1);
}

/// Expands `fmt`; `upcase`, `yr_spec` and `width` (for the first
/// conversion only) are what an enclosing `%^D` or `%_12F` passes down.
fn expand(out: &mut Vec<u8>, fmt: &[u8], t: &Time, upcase: bool, yr_spec: u8, mut width: i32) {
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] == b'%' {
            let s = Spec {
                pad: 0,
                width,
                upper: upcase,
                lower: false,
            };
            i = directive(out, fmt, i, t, s, yr_spec);
        } else {
            out.push(fmt[i]);
            i += 1;
        }
        width = -1;
    }
}

/// Expands the conversion whose `%` is at `fmt[start]`; returns where the
/// rest of the format starts.
fn directive(out: &mut Vec<u8>, fmt: &[u8], start: usize, t: &Time, mut s: Spec, yr: u8) -> usize {
    let mut j = start + 1;
    let mut change_case = false;
    loop {
        match fmt.get(j) {
            Some(&c @ (b'_' | b'-' | b'+' | b'0')) => s.pad = c,
            Some(b'^') => s.upper = true,
            Some(b'#') => change_case = true,
            _ => break,
        }
        j += 1;
    }
    if fmt.get(j).is_some_and(u8::is_ascii_digit) {
        s.width = 0;
        while let Some(&d @ b'0'..=b'9') = fmt.get(j) {
            let w = s.width.checked_mul(10);
            s.width = w
                .and_then(|w| w.checked_add(i32::from(d - b'0')))
                .unwrap_or(i32::MAX);
            j += 1;
        }
    }
    let modifier = match fmt.get(j) {
        Some(&m @ (b'E' | b'O')) => {
            j += 1;
            m
        }
        _ => 0,
    };
    let Some(&conv) = fmt.get(j) else {
        // A `%` cut short by the end of the format stays as written.
        put(out, &fmt[start..], &s);
        return fmt.len();
    };
    if conv == b'%' && j != start + 1 {
        // `%-%` is no `%%`: the text before the second `%` stays as
        // written, and that `%` starts the next conversion.
        put(out, &fmt[start..j], &s);
        return j;
    }
    // gnulib applies `#` to the month before it rejects `%Eb`.
    if change_case && matches!(conv, b'b' | b'h') {
        s.upper = true;
    }
    let mut end = j + 1;
    let known = if conv == b':' {
        let colons = fmt[j..].iter().take_while(|&&c| c == b':').count();
        let zone = fmt.get(j + colons) == Some(&b'z');
        if zone {
            end = j + colons + 1;
        }
        let known = zone && colons <= 3;
        if known {
            offset(out, colons, modifier, &s, t.tm);
        }
        known
    } else {
        modifier_allowed(conv, modifier) && convert(out, conv, modifier, change_case, s, t, yr)
    };
    if !known {
        // GNU prints what it does not know as written (case flags apply).
        put(out, &fmt[start..end], &s);
    }
    end
}

/// Whether gnulib accepts `E` or `O` before `conv`.
fn modifier_allowed(conv: u8, modifier: u8) -> bool {
    match modifier {
        b'E' => !b"aAbhBDdeFHIkljMmNSUVgGWw".contains(&conv),
        b'O' => !b"aADFcxXY".contains(&conv),
        _ => true,
    }
}

/// Expands one conversion; false if there is no such conversion.
fn convert(
    out: &mut Vec<u8>,
    conv: u8,
    modifier: u8,
    change_case: bool,
    mut s: Spec,
    t: &Time,
    yr_spec: u8,
) -> bool {
    let tm = t.tm;
    let mut buf = [0; 24];
    match conv {
        b'%' => put(out, b"%", &s),
        b'a' | b'A' | b'b' | b'h' | b'B' => {
            s.upper |= change_case;
            let (names, index) = match conv {
                b'a' | b'A' => (&DAYS[..], tm.wday),
                _ => (&MONTHS[..], tm.mon),
            };
            let name = names
                .get(usize::from(index))
                .map_or(&b"?"[..], |&n| match conv {
                    b'A' | b'B' => n,
                    _ => &n[..3],
                });
            put(out, name, &s);
        }
        b'p' | b'P' | b'Z' => {
            s.lower |= conv == b'P' || change_case;
            s.upper &= !change_case;
            let text = match conv {
                b'Z' => tm.zone.as_bytes(),
                _ if tm.hour > 11 => b"PM",
                _ => b"AM",
            };
            put(out, text, &s);
        }
        b'c' | b'x' | b'X' | b'r' => {
            let mut text = Vec::new();
            glibc_text(&mut text, conv, t);
            put(out, &text, &s);
        }
        b'D' => subformat(out, b"%m/%d/%y", t, &s, s.pad, -1),
        b'R' => subformat(out, b"%H:%M", t, &s, s.pad, -1),
        b'T' => subformat(out, b"%H:%M:%S", t, &s, s.pad, -1),
        b'F' => {
            // Years past 9999 get a sign by default, so that the date
            // still reads as one (ISO 8601 expanded years).
            let year_width = if s.pad == 0 && s.width < 0 {
                s.pad = b'+';
                4
            } else {
                s.width.saturating_sub(6).max(0)
            };
            subformat(out, b"%Y-%m-%d", t, &s, s.pad, year_width);
        }
        b'n' => put(out, b"\n", &s),
        b't' => put(out, b"\t", &s),
        b'N' => nanoseconds(out, &s, t.nsec),
        b's' => {
            let sign = (t.secs < 0).then_some(b'-');
            number(
                out,
                &s,
                1,
                sign,
                decimal(t.secs.unsigned_abs(), 0, &mut buf),
            );
        }
        b'z' => offset(out, 0, modifier, &s, tm),
        b'C' | b'y' | b'Y' if modifier == b'E' => {
            let mut text = Vec::new();
            glibc_number(&mut text, conv, tm);
            put(out, &text, &s);
        }
        _ => {
            let Some(n) = numeric(conv, tm) else {
                return false;
            };
            formatted_number(out, conv, modifier, &n, s, tm, yr_spec);
        }
    }
    true
}

/// Pads and signs a number conversion's value, or hands an `%O` one to
/// glibc's rendering.
fn formatted_number(
    out: &mut Vec<u8>,
    conv: u8,
    modifier: u8,
    n: &Num,
    mut s: Spec,
    tm: &Tm,
    yr_spec: u8,
) {
    let mut sign = n.negative.then_some(b'-');
    if s.pad == 0 {
        s.pad = match n.kind {
            Kind::Zero => 0,
            Kind::Space => b'_',
            Kind::Year => yr_spec,
        };
    }
    if n.kind == Kind::Year && s.pad == b'+' {
        let max = if n.digits == 2 { 99 } else { 9999 };
        if !n.negative && (n.magnitude > max || n.digits < s.width) {
            sign = Some(b'+');
        }
    }
    if modifier == b'O' && !n.negative {
        let mut text = Vec::new();
        glibc_number(&mut text, conv, tm);
        put(out, &text, &s);
        return;
    }
    let mut buf = [0; 24];
    number(out, &s, n.digits, sign, decimal(n.magnitude, 0, &mut buf));
}

/// The value of a number conversion as gnulib computes it, or None if
/// `conv` is not one.
fn numeric(conv: u8, tm: &Tm) -> Option<Num> {
    let (year, wday, yday) = (tm.year, i64::from(tm.wday), i64::from(tm.yday));
    let hour12 = (i64::from(tm.hour) + 11) % 12 + 1;
    let (mut negative, mut kind) = (false, Kind::Zero);
    let (digits, value) = match conv {
        b'd' | b'e' => (2, i64::from(tm.mday)),
        b'H' | b'k' => (2, i64::from(tm.hour)),
        b'I' | b'l' => (2, hour12),
        b'j' => (3, yday + 1),
        b'M' => (2, i64::from(tm.min)),
        b'm' => (2, i64::from(tm.mon) + 1),
        b'q' => (1, (i64::from(tm.mon) * 11 >> 5) + 1),
        b'S' => (2, i64::from(tm.sec)),
        b'u' => (1, (wday + 6) % 7 + 1),
        b'w' => (1, wday),
        b'U' => (2, (yday - wday + 7) / 7),
        b'W' => (2, (yday - (wday + 6) % 7 + 7) / 7),
        b'V' => (2, iso_week(tm).1 / 7 + 1),
        b'C' | b'y' | b'Y' | b'g' | b'G' => {
            kind = Kind::Year;
            let (digits, neg, value) = yearish(conv, tm);
            negative = neg;
            (digits, value)
        }
        _ => return None,
    };
    if matches!(conv, b'e' | b'k' | b'l') {
        kind = Kind::Space;
    }
    Some(Num {
        digits,
        negative,
        magnitude: value.unsigned_abs(),
        kind,
    })
}

/// gnulib's `%C %y %Y %g %G`: (digits, negative, value). Before year 0 the
/// century and the two-digit years count away from zero (`-0` for year -1,
/// `%y` 01).
fn yearish(conv: u8, tm: &Tm) -> (i32, bool, i64) {
    let year = tm.year;
    let adjust = iso_week(tm).0;
    match conv {
        b'C' => (2, year < 0, year / 100),
        b'y' => (2, false, (year % 100).abs()),
        b'Y' => (4, year < 0, year),
        b'G' => (4, year + adjust < 0, year + adjust),
        _ => {
            // As gnulib derives it from tm_year, so that the ISO year's
            // move across year 0 is what GNU prints.
            let tm_year = year - 1900;
            let yy = (tm_year % 100 + adjust) % 100;
            let yy = match yy {
                0.. => yy,
                _ if year + adjust < 0 => -yy,
                _ => yy + 100,
            };
            (2, false, yy)
        }
    }
}

/// The ISO 8601 week-based year of `tm` relative to its calendar year
/// (-1, 0 or 1), and the days since the start of its week 1.
fn iso_week(tm: &Tm) -> (i64, i64) {
    let (yday, wday) = (i64::from(tm.yday), i64::from(tm.wday));
    // Days from the Monday of week 1 (the week with the year's first
    // Thursday) to `yday`, for a year whose day 0 is `yday` days back.
    let days_in = |yday: i64| yday - (yday - wday + 4 + 378) % 7 + 3;
    let year_len = |y: i64| 365 + i64::from(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0));
    let days = days_in(yday);
    if days < 0 {
        return (-1, days_in(yday + year_len(tm.year - 1)));
    }
    let next = days_in(yday - year_len(tm.year));
    if next >= 0 {
        (1, next)
    } else {
        (0, days)
    }
}

/// How glibc renders number conversion `conv` with no flags: gnulib leaves
/// it the `%O` form of a number that is not negative and `%EC %Ey %EY` (the
/// C locale has neither alternative digits nor eras).
fn glibc_number(out: &mut Vec<u8>, conv: u8, tm: &Tm) {
    let adjust = iso_week(tm).0;
    let mut buf = [0; 24];
    let (digits, value) = match conv {
        b'C' => (1, tm.year.div_euclid(100)),
        b'y' => (2, tm.year.rem_euclid(100)),
        b'Y' => (1, tm.year),
        b'g' => (2, (tm.year + adjust).rem_euclid(100)),
        b'G' => (1, tm.year + adjust),
        // glibc has no %q.
        b'q' => {
            out.extend_from_slice(b"%Oq");
            return;
        }
        _ => {
            // Everything else glibc formats as gnulib does by default.
            let Some(n) = numeric(conv, tm) else { return };
            let pad = if n.kind == Kind::Space { b'_' } else { 0 };
            let text = decimal(n.magnitude, 0, &mut buf);
            number(out, &plain(pad, -1), n.digits, None, text);
            return;
        }
    };
    let sign = (value < 0).then_some(b'-');
    number(
        out,
        &plain(0, -1),
        digits,
        sign,
        decimal(value.unsigned_abs(), 0, &mut buf),
    );
}

/// glibc's `%c %x %X %r` in the C locale; its years are unpadded and its
/// `%y` counts modulo 100 even before year 0.
fn glibc_text(out: &mut Vec<u8>, conv: u8, t: &Time) {
    let (fmt, year): (&[u8], u8) = match conv {
        b'c' => (b"%a %b %e %H:%M:%S ", b'Y'),
        b'x' => (b"%m/%d/", b'y'),
        b'X' => (b"%H:%M:%S", 0),
        _ => (b"%I:%M:%S %p", 0),
    };
    expand(out, fmt, t, false, 0, -1);
    if year != 0 {
        glibc_number(out, year, t.tm);
    }
}

/// `%z` (`colons` 0), `%:z`, `%::z` and `%:::z`.
fn offset(out: &mut Vec<u8>, colons: usize, modifier: u8, s: &Spec, tm: &Tm) {
    let diff = i64::from(tm.gmtoff);
    // A zone named like `-00` says its offset is unknown: -0000.
    let negative = diff < 0 || (diff == 0 && tm.zone.as_bytes().first() == Some(&b'-'));
    let d = diff.unsigned_abs();
    let (hours, mins, secs) = (d / 3600, d / 60 % 60, d % 60);
    let mut buf = [0; 24];
    if modifier == b'O' && !negative {
        // glibc knows only the colonless form, and reads `%O:` as unknown.
        let mut text = Vec::new();
        if colons == 0 {
            text.push(b'+');
            let hhmm = decimal(hours * 100 + mins, 0, &mut buf);
            number(&mut text, &plain(0, -1), 4, None, hhmm);
        } else {
            text.extend_from_slice(b"%O:");
        }
        return put(out, &text, s);
    }
    // Each bit of a colon mask puts a colon after one digit from the right.
    let (digits, mask, value) = match colons {
        0 => (5, 0, hours * 100 + mins),
        3 if secs == 0 && mins == 0 => (3, 0, hours),
        1 | 3 if secs == 0 => (6, 0o4, hours * 100 + mins),
        _ => (9, 0o24, hours * 10000 + mins * 100 + secs),
    };
    let sign = if negative { b'-' } else { b'+' };
    number(out, s, digits, Some(sign), decimal(value, mask, &mut buf));
}

/// `%N`: the width cuts digits off (never rounds); trailing zeros come back
/// as padding, so `%-N` drops them.
fn nanoseconds(out: &mut Vec<u8>, s: &Spec, nsec: u32) {
    let width = if s.width <= 0 { 9 } else { s.width };
    let (mut n, mut ndigits) = (nsec, 9);
    while width < ndigits || (ndigits > 1 && n % 10 == 0) {
        ndigits -= 1;
        n /= 10;
    }
    let mut buf = [0; 9];
    let len = ndigits as usize;
    for slot in buf[..len].iter_mut().rev() {
        *slot = b'0' + (n % 10) as u8;
        n /= 10;
    }
    out.extend_from_slice(&buf[..len]);
    let pad = if s.pad == 0 { b'0' } else { s.pad };
    put(out, b"", &plain(pad, width - ndigits));
}

/// `%D %F %R %T`: the fields' own padding inside, then the whole padded to
/// the width.
fn subformat(out: &mut Vec<u8>, fmt: &[u8], t: &Time, s: &Spec, yr_spec: u8, width: i32) {
    let mut text = Vec::new();
    expand(&mut text, fmt, t, s.upper, yr_spec, width);
    put(out, &text, &plain(s.pad, s.width));
}

/// A number's digits `text` with its sign, padded as gnulib pads numbers:
/// to `digits` by default, with zeros unless the flags say otherwise; `_`
/// puts the spaces before the sign, zeros go after it.
fn number(out: &mut Vec<u8>, s: &Spec, digits: i32, sign: Option<u8>, text: &[u8]) {
    let pad = if s.pad == 0 { b'0' } else { s.pad };
    let mut width = if s.width < 0 { digits } else { s.width };
    if let Some(c) = sign {
        let shortage = width.saturating_sub(1 + text.len() as i32);
        if pad == b'_' && shortage > 0 {
            put(out, b"", &plain(pad, shortage));
            width -= shortage;
        }
        out.push(c);
        width -= 1;
    }
    put(out, text, &plain(pad, width));
}

/// `text` after the padding its flags ask for (zeros for `0` and `+`,
/// spaces otherwise, none for `-`), in the case they ask for.
fn put(out: &mut Vec<u8>, text: &[u8], s: &Spec) {
    let width = match s.pad {
        b'-' => 0,
        _ => usize::try_from(s.width).unwrap_or(0),
    };
    let fill = if matches!(s.pad, b'0' | b'+') {
        b'0'
    } else {
        b' '
    };
    out.resize(out.len() + width.saturating_sub(text.len()), fill);
    out.extend(text.iter().map(|&b| match s {
        Spec { lower: true, .. } => b.to_ascii_lowercase(),
        Spec { upper: true, .. } => b.to_ascii_uppercase(),
        _ => b,
    }));
}

fn plain(pad: u8, width: i32) -> Spec {
    Spec {
        pad,
        width,
        upper: false,
        lower: false,
    }
}

/// `v` in decimal into the end of `buf`, with a colon after each digit
/// whose bit is set in `colons` (bit 0: the last digit); at least as many
/// digits as the colons need.
fn decimal(mut v: u64, mut colons: u32, buf: &mut [u8; 24]) -> &[u8] {
    let mut i = buf.len();
    loop {
        if colons & 1 != 0 {
            i -= 1;
            buf[i] = b':';
        }
        colons >>= 1;
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 && colons == 0 {
            return &buf[i..];
        }
    }
}
