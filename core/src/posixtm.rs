//! POSIX time operands (gnulib posixtm): `date MMDDhhmm[[CC]YY][.ss]`
//! and `touch -t [[CC]YY]MMDDhhmm[.ss]`, `touch MMDDhhmm[YY] FILE`.

use crate::tz::{Fields, Tz};

/// The year follows the month and time (`date`), instead of leading.
pub const TRAILING_YEAR: u32 = 1;
/// A four-digit year is allowed.
pub const CENTURY: u32 = 2;
/// `.ss` is allowed.
pub const SECONDS: u32 = 4;
/// Two-digit years 00-68 (2000-2068) are refused (obsolete touch form).
pub const PRE_2000: u32 = 8;

/// The local fields `s` names, the missing year being `this_year`.
fn fields(s: &[u8], syntax: u32, this_year: i64) -> Option<Fields> {
    let mut len = s.len();
    let mut sec = 0;
    if syntax & SECONDS != 0 {
        if let Some(dot) = s.iter().position(|&b| b == b'.') {
            let ss = &s[dot + 1..];
            if ss.len() != 2 || !ss.iter().all(u8::is_ascii_digit) {
                return None;
            }
            sec = ((ss[0] - b'0') * 10 + ss[1] - b'0') as i64;
            len = dot;
        }
    }
    if !(8..=12).contains(&len)
        || !len.is_multiple_of(2)
        || !s[..len].iter().all(u8::is_ascii_digit)
    {
        return None;
    }
    let pairs: alloc::vec::Vec<i64> = s[..len]
        .chunks(2)
        .map(|p| ((p[0] - b'0') * 10 + p[1] - b'0') as i64)
        .collect();
    let years = pairs.len() - 4;
    let (year, rest) = if syntax & TRAILING_YEAR != 0 {
        (&pairs[4..], &pairs[..4])
    } else {
        (&pairs[..years], &pairs[years..])
    };
    let year = match *year {
        [] => this_year,
        [y] if y <= 68 => {
            if syntax & PRE_2000 != 0 {
                return None;
            }
            2000 + y
        }
        [y] => 1900 + y,
        [c, y] if syntax & CENTURY != 0 => c * 100 + y,
        _ => return None,
    };
    Some(Fields {
        year,
        mon: rest[0] - 1,
        mday: rest[1],
        hour: rest[2],
        min: rest[3],
        sec,
        isdst: -1,
    })
}

/// gnulib's posixtime: the time `s` names in `tz`, or None where GNU
/// finds it invalid (September 31st, 25:61; a second of 60 is allowed
/// and means the next one). `now` supplies the year when none is given.
pub fn posixtime(s: &[u8], syntax: u32, tz: &Tz, now: i64) -> Option<i64> {
    let this_year = tz.localtime(now)?.year;
    let want = fields(s, syntax, this_year)?;
    let (t, tm) = tz.mktime(&want)?;
    let same = tm.year == want.year
        && tm.mon as i64 == want.mon
        && tm.mday as i64 == want.mday
        && tm.hour as i64 == want.hour
        && tm.min as i64 == want.min
        && tm.sec as i64 == want.sec;
    if !same {
        if want.sec != 60 {
            return None;
        }
        let mut s59 = alloc::vec::Vec::from(s);
        let n = s59.len();
        s59[n - 2..].copy_from_slice(b"59");
        posixtime(&s59, syntax, tz, now)?;
    }
    Some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        let utc = Tz::utc();
        let now = 1_764_000_000; // 2025-11-24
        let date = TRAILING_YEAR | CENTURY | SECONDS;
        let touch = CENTURY | SECONDS;
        assert_eq!(
            posixtime(b"010203042030.05", date, &utc, now),
            Some(1_893_553_445)
        );
        assert_eq!(posixtime(b"01020304", date, &utc, now), Some(1_735_787_040));
        assert_eq!(posixtime(b"0102030469", date, &utc, now), Some(-31_438_560));
        assert_eq!(
            posixtime(b"0102030468", date, &utc, now),
            Some(3_092_699_040)
        );
        assert_eq!(
            posixtime(b"203001020304.05", touch, &utc, now),
            Some(1_893_553_445)
        );
        assert_eq!(
            posixtime(b"3001020304", touch, &utc, now),
            Some(1_893_553_440)
        );
        // A second of 60 is the next minute; 61 is invalid.
        assert_eq!(
            posixtime(b"203001020304.60", touch, &utc, now),
            Some(1_893_553_500)
        );
        assert_eq!(posixtime(b"203001020304.61", touch, &utc, now), None);
        assert_eq!(posixtime(b"203002300304", touch, &utc, now), None);
        assert_eq!(posixtime(b"202001022504", touch, &utc, now), None);
        assert_eq!(
            posixtime(b"0102030405", TRAILING_YEAR | PRE_2000, &utc, now),
            None
        );
        assert_eq!(
            posixtime(b"0102030499", TRAILING_YEAR | PRE_2000, &utc, now),
            Some(915_246_240)
        );
        for bad in [
            &b"0102030"[..],
            b"01020304.5",
            b"0102030405060",
            b"01020304.",
            b"0102x304",
        ] {
            assert_eq!(posixtime(bad, touch, &utc, now), None);
        }
        assert_eq!(posixtime(b"01020304.05", TRAILING_YEAR, &utc, now), None);
    }
}
