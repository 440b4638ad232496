//! gnulib's human_readable with autoscale and SI/IEC `B` units, as dd,
//! shred (and df, du, ls -h to come) print sizes: `512 B`, `1.0 kB`,
//! `238 MiB`, `4.0KiB`.

use alloc::string::String;

pub const POWERS: &[u8] = b"\0KMGTPEZYRQ";

/// How an inexact value is rounded.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Round {
    Nearest,
    Floor,
    Ceiling,
}

/// The unit after a scaled number: ` kB`, `MiB`, ` B`... (`space`:
/// human_space_before_unit).
pub fn unit(out: &mut String, exponent: usize, iec: bool, space: bool) {
    if space {
        out.push(' ');
    }
    if exponent > 0 {
        out.push(if !iec && exponent == 1 {
            'k'
        } else {
            POWERS[exponent] as char
        });
        if iec {
            out.push('i');
        }
    }
    out.push('B');
}

/// human_readable(n, human_autoscale | ROUND | human_SI | human_B [|
/// human_base_1024] [| human_space_before_unit], 1, 1).
pub fn human(n: u64, iec: bool, round: Round, space: bool) -> String {
    let base: u64 = if iec { 1024 } else { 1000 };
    let mut amt = n;
    let (mut tenths, mut rounding, mut exponent) = (0u64, 0u64, 0usize);
    let mut point = None;
    if base <= amt {
        loop {
            let r10 = (amt % base) * 10 + tenths;
            let r2 = (r10 % base) * 2 + (rounding >> 1);
            amt /= base;
            tenths = r10 / base;
            rounding = if r2 < base {
                u64::from(r2 + rounding != 0)
            } else {
                2 + u64::from(base < r2 + rounding)
            };
            exponent += 1;
            if !(base <= amt && exponent < POWERS.len() - 1) {
                break;
            }
        }
        if amt < 10 {
            let up = match round {
                Round::Nearest => 2 < rounding + (tenths & 1),
                Round::Ceiling => 0 < rounding,
                Round::Floor => false,
            };
            if up {
                tenths += 1;
                rounding = 0;
                if tenths == 10 {
                    amt += 1;
                    tenths = 0;
                }
            }
            if amt < 10 {
                point = Some(tenths);
                tenths = 0;
                rounding = 0;
            }
        }
    }
    let up = match round {
        Round::Nearest => 5 < tenths + u64::from(0 < rounding + (amt & 1)),
        Round::Ceiling => 0 < tenths + rounding,
        Round::Floor => false,
    };
    if up {
        amt += 1;
        if amt == base && exponent < POWERS.len() - 1 {
            exponent += 1;
            point = Some(0);
            amt = 1;
        }
    }
    let mut out = alloc::format!("{amt}");
    if let Some(t) = point {
        out.push('.');
        out.push((b'0' + t as u8) as char);
    }
    unit(&mut out, exponent, iec, space);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding() {
        assert_eq!(human(1536, true, Round::Floor, false), "1.5KiB");
        assert_eq!(human(1100, true, Round::Floor, false), "1.0KiB");
        assert_eq!(human(1100, true, Round::Ceiling, false), "1.1KiB");
        assert_eq!(human(4096, true, Round::Ceiling, false), "4.0KiB");
        assert_eq!(human(100, true, Round::Floor, false), "100B");
        assert_eq!(human(1_048_575, true, Round::Ceiling, false), "1.0MiB");
    }
}
