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
#[cfg_attr(corebox_opt, optimize(speed))]
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
    let (wday, yday) = (i64::from(tm.wday), i64::from(tm.yday));
    let hour12 = (i64::from(tm.hour) + 11) % 12 + 1;
    let (mut negative, mut kind) = (false, Kind::Zero);
    let (digits, value) = match conv {
        b'd' | b'e' => (2, i64::from(tm.mday)),
        b'H' | b'k' => (2, i64::from(tm.hour)),
        b'I' | b'l' => (2, hour12),
        b'j' => (3, yday + 1),
        b'M' => (2, i64::from(tm.min)),
        b'm' => (2, i64::from(tm.mon) + 1),
        b'q' => (1, i64::from(tm.mon) / 3 + 1),
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
    // glibc's year is a C int that wraps past tm_year + 1900 = 2^31 - 1;
    // its %y reads tm_year itself.
    let year = (tm.year.wrapping_sub(1900) as i32).wrapping_add(1900);
    let iso_year = i64::from(year.wrapping_add(iso_week(tm).0 as i32));
    let year = i64::from(year);
    let mut buf = [0; 24];
    let (digits, value) = match conv {
        b'C' => (1, year.div_euclid(100)),
        b'y' => (2, tm.year.wrapping_sub(1900).rem_euclid(100)),
        b'Y' => (1, year),
        b'g' => (2, iso_year.rem_euclid(100)),
        b'G' => (1, iso_year),
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
    // %:::z shows as few parts as the offset needs.
    let colons = match colons {
        3 if secs != 0 => 2,
        3 if mins != 0 => 1,
        c => c,
    };
    let (digits, mask, value) = match colons {
        0 => (5, 0, hours * 100 + mins),
        1 => (6, 0o4, hours * 100 + mins),
        2 => (9, 0o24, hours * 10000 + mins * 100 + secs),
        _ => (3, 0, hours),
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
#[cfg_attr(corebox_opt, optimize(speed))]
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
#[cfg_attr(corebox_opt, optimize(speed))]
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
#[cfg_attr(corebox_opt, optimize(speed))]
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

/// The conversion letters of `fmt` in order (flags, width and `E`/`O`
/// skipped); a `%` ending the format is none.
fn conversions(fmt: &[u8]) -> impl Iterator<Item = u8> + '_ {
    let mut i = 0;
    core::iter::from_fn(move || loop {
        if i >= fmt.len() {
            return None;
        }
        if fmt[i] != b'%' {
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while fmt
            .get(j)
            .is_some_and(|c| b"_-+0^#:EO".contains(c) || c.is_ascii_digit())
        {
            j += 1;
        }
        i = j + 1;
        return fmt.get(j).copied();
    })
}

/// Whether `fmt` shows anything of the local time: false when its only
/// conversions are `%s %N %% %n %t`, so `date +%s` reads no zone file.
pub fn needs_local_time(fmt: &[u8]) -> bool {
    conversions(fmt).any(|c| !b"sN%nt".contains(&c))
}

/// Whether `fmt` has a `%s`: gnulib's nstrftime computes it with a mktime
/// of the local time, whose side effects (glibc's next first guess, its
/// tzset) a later mktime in the same process sees.
pub fn has_seconds(fmt: &[u8]) -> bool {
    conversions(fmt).any(|c| c == b's')
}

/// GNU date's rewrite of its format before expanding it: each `%-N`
/// becomes `%DN`, `digits` being the clock's resolution in decimal digits
/// (9 on Linux), so `date +%-N` prints nine digits where strftime alone
/// drops trailing zeros. date looks for exactly `%-N` and skips only `%%`:
/// `%_-N` stays as written.
pub fn date_format_resolution(fmt: &[u8], digits: u8) -> Vec<u8> {
    let mut out = fmt.to_vec();
    let mut i = 0;
    while i < out.len() {
        if out[i] == b'%' {
            if out[i + 1..].starts_with(b"-N") {
                out[i + 1] = b'0' + digits;
                i += 2;
            } else if out.get(i + 1) == Some(&b'%') {
                i += 1;
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_time_is_needed_by_any_other_conversion() {
        for f in ["%s", "%s.%N", "%%Y %n%t", "%-N", "%_10s", "", "x%"] {
            assert!(!needs_local_time(f.as_bytes()), "{f}");
        }
        for f in ["%Y", "%s %z", "%%%Z", "%:z", "%-d", "%+4Y", "%c"] {
            assert!(needs_local_time(f.as_bytes()), "{f}");
        }
        for (f, s) in [
            ("%s", true),
            ("%_10s", true),
            ("%%s", false),
            ("%F %T", false),
            ("s%", false),
        ] {
            assert_eq!(has_seconds(f.as_bytes()), s, "{f}");
        }
    }
    use crate::tz::Abbr;

    /// A time as `TZ=... date -d @SECS.NSEC` sees it. The expectations below
    /// are what GNU date 9.1 printed for it.
    struct When {
        tm: Tm,
        secs: i64,
        nsec: u32,
    }

    /// `ymd` and `yday` as `%Y %m %d %j` print them (month and day of the
    /// year 1-based); `zone` is the abbreviation and seconds east of UTC.
    fn when(
        ymd: (i64, u8, u8),
        hms: (u8, u8, u8),
        wday: u8,
        yday: u16,
        zone: (&str, i32),
        secs: i64,
        nsec: u32,
    ) -> When {
        let tm = Tm {
            year: ymd.0,
            mon: ymd.1 - 1,
            mday: ymd.2,
            hour: hms.0,
            min: hms.1,
            sec: hms.2,
            wday,
            yday: yday - 1,
            isdst: false,
            gmtoff: zone.1,
            zone: Abbr::new(zone.0.as_bytes()),
        };
        When { tm, secs, nsec }
    }

    const UTC: (&str, i32) = ("UTC", 0);

    /// @1234567890.5, TZ=UTC
    fn fri() -> When {
        when(
            (2009, 2, 13),
            (23, 31, 30),
            5,
            44,
            UTC,
            1234567890,
            500_000_000,
        )
    }

    /// @1104915845.012, TZ=UTC
    fn wed() -> When {
        when((2005, 1, 5), (9, 4, 5), 3, 5, UTC, 1104915845, 12_000_000)
    }

    /// @1234567890, TZ='<+0530>-5:30'
    fn ist() -> When {
        when(
            (2009, 2, 14),
            (5, 1, 30),
            6,
            45,
            ("+0530", 19800),
            1234567890,
            0,
        )
    }

    /// @1234567890, TZ='XYZ-1:02:03'
    fn xyz() -> When {
        when(
            (2009, 2, 14),
            (0, 33, 33),
            6,
            45,
            ("XYZ", 3723),
            1234567890,
            0,
        )
    }

    /// @1234567890, TZ='ABC+3:04:05'
    fn abc() -> When {
        when(
            (2009, 2, 13),
            (20, 27, 25),
            5,
            44,
            ("ABC", -11045),
            1234567890,
            0,
        )
    }

    /// @0, TZ='<-00>0'
    fn unknown() -> When {
        when((1970, 1, 1), (0, 0, 0), 4, 1, ("-00", 0), 0, 0)
    }

    /// @-62229912955 (3 BC), TZ=UTC
    fn bc3() -> When {
        when((-2, 1, 5), (9, 4, 5), 1, 5, UTC, -62229912955, 0)
    }

    /// @-65338531200 (102 BC), TZ=UTC
    fn bc101() -> When {
        when((-101, 7, 4), (0, 0, 0), 2, 185, UTC, -65338531200, 0)
    }

    /// @-62167219200, TZ=UTC
    fn y0() -> When {
        when((0, 1, 1), (0, 0, 0), 6, 1, UTC, -62167219200, 0)
    }

    /// @-62009323200, TZ=UTC
    fn y5() -> When {
        when((5, 1, 1), (12, 0, 0), 6, 1, UTC, -62009323200, 0)
    }

    /// @327403386061, TZ=UTC
    fn y12345() -> When {
        when((12345, 1, 1), (1, 1, 1), 1, 1, UTC, 327403386061, 0)
    }

    /// @-0.000000001, TZ=UTC
    fn neg() -> When {
        when((1969, 12, 31), (23, 59, 59), 3, 365, UTC, -1, 999_999_999)
    }

    /// @1230681600: in week 1 of 2009.
    fn dec31() -> When {
        when((2008, 12, 31), (0, 0, 0), 3, 366, UTC, 1230681600, 0)
    }

    /// @1262304000: in week 53 of 2009.
    fn jan1() -> When {
        when((2010, 1, 1), (0, 0, 0), 5, 1, UTC, 1262304000, 0)
    }

    #[cfg_attr(corebox_opt, optimize(speed))]
    fn expand(w: &When, fmt: &[u8]) -> Vec<u8> {
        let mut out = b"kept:".to_vec();
        strftime(&mut out, fmt, &w.tm, w.secs, w.nsec);
        out.split_off(5)
    }

    fn check(w: &When, cases: &[(&str, &str)]) {
        for (fmt, want) in cases {
            let got = expand(w, fmt.as_bytes());
            assert_eq!(String::from_utf8_lossy(&got), *want, "format {fmt:?}");
        }
    }

    #[test]
    fn appends_and_passes_any_byte_through() {
        // date +$'a\xffb%\xff|%^\xe9|%5\xe9|%#\xe9'
        let got = expand(&wed(), b"a\xffb%\xff|%^\xe9|%5\xe9|%#\xe9");
        assert_eq!(got, b"a\xffb%\xff|%^\xe9|  %5\xe9|%#\xe9");
        assert_eq!(expand(&wed(), b""), b"");
    }

    #[test]
    fn dash_n_is_date_s_business() {
        // nstrftime drops %-N's trailing zeros; date rewrites %-N to %9N
        // first (clock resolution), so `date +%-N` shows all nine.
        assert_eq!(expand(&fri(), b"%-N"), b"5");
        assert_eq!(expand(&wed(), b"%-N"), b"012");
        let fixed = date_format_resolution(b"%-N %%-N %_-N %-%-N %-N", 9);
        assert_eq!(fixed, b"%9N %%-N %_-N %-%9N %9N");
        assert_eq!(
            expand(&fri(), &fixed),
            b"500000000 %-N 5 %-500000000 500000000"
        );
    }

    #[test]
    fn names_and_case() {
        check(
            &fri(),
            &[
                ("%a %A %b %B %h", "Fri Friday Feb February Feb"),
                ("%^a", "FRI"),
                ("%#a", "FRI"),
                ("%^A", "FRIDAY"),
                ("%#B", "FEBRUARY"),
                ("%^b", "FEB"),
                ("%#h", "FEB"),
                ("%p %P", "PM pm"),
                ("%^p", "PM"),
                ("%#p", "pm"),
                ("%^P", "pm"),
                ("%#P", "pm"),
                ("%Z", "UTC"),
                ("%^Z", "UTC"),
                ("%#Z", "utc"),
                ("%^#Z", "utc"),
                ("%10a", "       Fri"),
                ("%-10A", "Friday"),
                ("%010b", "0000000Feb"),
                ("%_10B", "  February"),
                ("%+10h", "0000000Feb"),
            ],
        );
    }

    #[test]
    fn numbers() {
        check(
            &wed(),
            &[
                (
                    "%d %e %H %I %k %l %j %m %M %S %u %w %U %W %V %q",
                    "05  5 09 09  9  9 005 01 04 05 3 3 01 01 01 1",
                ),
                ("%-d", "5"),
                ("%_d", " 5"),
                ("%0e", "05"),
                ("%-e", "5"),
                ("%_H", " 9"),
                ("%-j", "5"),
                ("%_j", "  5"),
                ("%5d", "00005"),
                ("%-5d", "5"),
                ("%_5d", "    5"),
                ("%05e", "00005"),
                ("%+5d", "00005"),
                ("%C %y %Y %g %G", "20 05 2005 05 2005"),
                ("%s", "1104915845"),
                ("%10s", "1104915845"),
                ("%_10s", "1104915845"),
                ("%-10s", "1104915845"),
            ],
        );
    }

    #[test]
    fn twelve_hour() {
        check(
            &y5(),
            &[
                ("%I %l %p", "12 12 PM"),
                ("%r", "12:00:00 PM"),
                ("%c", "Sat Jan  1 12:00:00 5"),
            ],
        );
    }

    #[test]
    fn composites() {
        check(
            &fri(),
            &[
                ("%c", "Fri Feb 13 23:31:30 2009"),
                ("%D", "02/13/09"),
                ("%F", "2009-02-13"),
                ("%r", "11:31:30 PM"),
                ("%R", "23:31"),
                ("%T", "23:31:30"),
                ("%x", "02/13/09"),
                ("%X", "23:31:30"),
                ("%^c", "FRI FEB 13 23:31:30 2009"),
                ("%30c", "      Fri Feb 13 23:31:30 2009"),
                ("%030c", "000000Fri Feb 13 23:31:30 2009"),
                ("%^r", "11:31:30 PM"),
                ("%12T", "    23:31:30"),
                ("%_12D", "    02/13/ 9"),
                ("%-10R", "23:31"),
                ("%_F", "2009-02-13"),
                ("%12F", "002009-02-13"),
                ("%_12F", "  2009-02-13"),
                ("%-F", "2009-02-13"),
                ("%+12F", "+02009-02-13"),
                ("%n", "\n"),
                ("%t", "\t"),
                ("%5n", "    \n"),
                ("%05t", "0000\t"),
                ("%%", "%"),
            ],
        );
    }

    #[test]
    fn nanoseconds() {
        check(
            &fri(),
            &[
                ("%N", "500000000"),
                ("%3N", "500"),
                ("%1N", "5"),
                ("%-3N", "5"),
                ("%_12N", "5           "),
                ("%12N", "500000000000"),
                ("%_N", "5        "),
                ("%0N", "500000000"),
                ("%ON", "500000000"),
                ("%EN", "%EN"),
            ],
        );
    }

    #[test]
    fn nanoseconds_digits() {
        check(
            &wed(),
            &[
                ("%N", "012000000"),
                ("%3N", "012"),
                ("%2N", "01"),
                ("%_N", "012      "),
                ("%-12N", "012"),
                ("%+12N", "012000000000"),
            ],
        );
    }

    #[test]
    fn before_epoch() {
        check(
            &neg(),
            &[
                ("%s", "-1"),
                ("%N", "999999999"),
                ("%3N", "999"),
                ("%T", "23:59:59"),
                ("%_5s", "   -1"),
                ("%05s", "-0001"),
                ("%+5s", "-0001"),
            ],
        );
    }

    #[test]
    fn iso_week_before() {
        check(&dec31(), &[("%G %g %V %U %W %j", "2009 09 01 52 52 366")]);
    }

    #[test]
    fn iso_week_after() {
        check(&jan1(), &[("%G %g %V %U %W %j", "2009 09 53 00 00 001")]);
    }

    #[test]
    fn offsets_half_hour() {
        check(
            &ist(),
            &[
                (
                    "%z %:z %::z %:::z %Z",
                    "+0530 +05:30 +05:30:00 +05:30 +0530",
                ),
                ("%10z", "+000000530"),
                ("%_10z", "      +530"),
                ("%-z", "+530"),
                ("%_:z", " +5:30"),
                ("%Oz", "+0530"),
                ("%O:z", "%O:"),
                ("%::::z", "%::::z"),
                ("%:x", "%:x"),
            ],
        );
    }

    #[test]
    fn offsets_seconds() {
        check(
            &xyz(),
            &[
                ("%z %:z %::z %:::z", "+0102 +01:02 +01:02:03 +01:02:03"),
                ("%_:::z", " +1:02:03"),
                ("%-::z", "+1:02:03"),
                ("%+:::z", "+01:02:03"),
            ],
        );
    }

    #[test]
    fn offsets_west() {
        check(
            &abc(),
            &[
                ("%z %:z %::z %:::z", "-0304 -03:04 -03:04:05 -03:04:05"),
                ("%10z", "-000000304"),
                ("%_10z", "      -304"),
                ("%Oz", "-0304"),
                ("%O:z", "-03:04"),
                ("%10Oz", "-000000304"),
            ],
        );
    }

    #[test]
    fn offset_unknown() {
        check(
            &unknown(),
            &[
                ("%z %:z %:::z %Z", "-0000 -00:00 -00 -00"),
                ("%_10z", "        -0"),
                ("%Oz", "-0000"),
            ],
        );
    }

    #[test]
    fn negative_year() {
        check(
            &bc3(),
            &[
                ("%Y", "-002"),
                ("%C", "-0"),
                ("%y", "02"),
                ("%G", "-002"),
                ("%g", "02"),
                ("%F", "-002-01-05"),
                ("%D", "01/05/02"),
                ("%c", "Mon Jan  5 09:04:05 -2"),
                ("%x", "01/05/98"),
                ("%EY", "-2"),
                ("%EC", "-1"),
                ("%Ey", "98"),
                ("%OC", "-0"),
                ("%Oy", "98"),
                ("%Og", "98"),
                ("%OG", "-002"),
                ("%6Y", "-00002"),
                ("%_6Y", "    -2"),
                ("%-Y", "-2"),
                ("%+6Y", "-00002"),
                ("%+3C", "-00"),
            ],
        );
    }

    #[test]
    fn negative_century() {
        check(
            &bc101(),
            &[
                ("%Y", "-101"),
                ("%C", "-1"),
                ("%y", "01"),
                ("%EC", "-2"),
                ("%Ey", "99"),
                ("%+6Y", "-00101"),
            ],
        );
    }

    #[test]
    fn year_zero() {
        check(
            &y0(),
            &[
                ("%Y", "0000"),
                ("%C", "00"),
                ("%y", "00"),
                ("%G", "-001"),
                ("%g", "01"),
                ("%F", "0000-01-01"),
                ("%c", "Sat Jan  1 00:00:00 0"),
                ("%OG", "-001"),
                ("%Og", "99"),
                ("%EY", "0"),
                ("%EC", "0"),
            ],
        );
    }

    #[test]
    fn year_five() {
        check(
            &y5(),
            &[
                ("%Y", "0005"),
                ("%C", "00"),
                ("%y", "05"),
                ("%G", "0004"),
                ("%F", "0005-01-01"),
                ("%_F", "5-01-01"),
                ("%-F", "5-01-01"),
                ("%0F", "5-01-01"),
                ("%c", "Sat Jan  1 12:00:00 5"),
                ("%x", "01/01/05"),
                ("%EY", "5"),
                ("%OC", "0"),
                ("%OG", "4"),
                ("%6EY", "     5"),
                ("%6Y", "000005"),
            ],
        );
    }

    #[test]
    fn big_year() {
        check(
            &y12345(),
            &[
                ("%Y", "12345"),
                ("%C", "123"),
                ("%y", "45"),
                ("%G", "12345"),
                ("%F", "+12345-01-01"),
                ("%c", "Mon Jan  1 01:01:01 12345"),
                ("%+Y", "+12345"),
                ("%+4Y", "+12345"),
                ("%+6Y", "+12345"),
                ("%_8Y", "   12345"),
                ("%-Y", "12345"),
            ],
        );
    }

    #[test]
    fn modifiers() {
        check(
            &wed(),
            &[
                ("%Ec", "Wed Jan  5 09:04:05 2005"),
                ("%Ex", "01/05/05"),
                ("%EX", "09:04:05"),
                ("%Od", "05"),
                ("%Oe", " 5"),
                ("%OH", "09"),
                ("%5Od", "   05"),
                ("%05Od", "00005"),
                ("%-Od", "05"),
                ("%Ob", "Jan"),
                ("%OB", "January"),
                ("%Ou", "3"),
                ("%Eu", "3"),
                ("%Eq", "1"),
                ("%Oq", "%Oq"),
                ("%^Oq", "%OQ"),
                ("%Ea", "%Ea"),
                ("%OA", "%OA"),
                ("%Eb", "%Eb"),
                ("%#Eb", "%#EB"),
                ("%OY", "%OY"),
                ("%Ox", "%Ox"),
                ("%Ed", "%Ed"),
                ("%EF", "%EF"),
                ("%OD", "%OD"),
                ("%E%", "%E%"),
                ("%O%", "%O%"),
            ],
        );
    }

    #[test]
    fn unknown_and_trailing() {
        check(
            &wed(),
            &[
                (
                    "%i|%^v|%10i|%010i|%-%d|%5%|%+|%+ x",
                    "%i|%^V|      %10i|00000%010i|%-05|   %5%|%+|%+ x",
                ),
                ("%", "%"),
                ("%_", "%_"),
                ("%5", "   %5"),
                ("x%-", "x%-"),
            ],
        );
    }
}
