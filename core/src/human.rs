//! gnulib's human.c: sizes as `df`, `du`, `ls -s`, `dd` and `shred` print
//! them (`human_readable`, with every option: block sizes, autoscale,
//! SI/IEC units, the three roundings) and the block sizes they are asked
//! for (`human_options`: `-B`, `BLOCK_SIZE`, `human-readable`, `si`,
//! `'` for grouping, `KiB`/`kB` suffixes).

use crate::float::{Spec, F80};
use alloc::string::String;
use alloc::vec::Vec;

/// gnulib's power letters (GNU 9.1: up to Y).
pub const POWERS: &[u8] = b"\0KMGTPEZY";

/// How an inexact value is rounded.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Round {
    Nearest,
    Floor,
    Ceiling,
}

/// human_readable's options, gnulib's bits.
pub const ROUND_TO_NEAREST: u32 = 1;
pub const FLOOR: u32 = 2;
pub const GROUP_DIGITS: u32 = 4;
pub const SUPPRESS_POINT_ZERO: u32 = 8;
pub const AUTOSCALE: u32 = 16;
pub const BASE_1024: u32 = 32;
pub const SPACE_BEFORE_UNIT: u32 = 64;
pub const SI: u32 = 128;
pub const B: u32 = 256;

/// The unit after a scaled number: ` kB`, `MiB`, ` B`... (`space`:
/// human_space_before_unit).
pub fn unit(out: &mut String, exponent: usize, iec: bool, space: bool) {
    let mut opts = SI | B;
    if iec {
        opts |= BASE_1024;
    }
    if space {
        opts |= SPACE_BEFORE_UNIT;
    }
    suffix(out, exponent, opts);
}

fn suffix(out: &mut String, exponent: usize, opts: u32) {
    if (exponent > 0 || opts & B != 0) && opts & SPACE_BEFORE_UNIT != 0 {
        out.push(' ');
    }
    if exponent > 0 {
        out.push(if opts & BASE_1024 == 0 && exponent == 1 {
            'k'
        } else {
            POWERS[exponent] as char
        });
    }
    if opts & B != 0 {
        if opts & BASE_1024 != 0 && exponent > 0 {
            out.push('i');
        }
        out.push('B');
    }
}

/// human_readable(n, human_autoscale | ROUND | human_SI | human_B [|
/// human_base_1024] [| human_space_before_unit], 1, 1).
pub fn human(n: u64, iec: bool, round: Round, space: bool) -> String {
    let mut opts = AUTOSCALE | SI | B;
    opts |= match round {
        Round::Nearest => ROUND_TO_NEAREST,
        Round::Floor => FLOOR,
        Round::Ceiling => 0,
    };
    if iec {
        opts |= BASE_1024;
    }
    if space {
        opts |= SPACE_BEFORE_UNIT;
    }
    readable(n, opts, 1, 1)
}

/// gnulib's adjust_value: a long double truncated or raised to a whole
/// number unless rounding to nearest.
fn adjust(opts: u32, v: F80) -> F80 {
    let style = opts & (ROUND_TO_NEAREST | FLOOR);
    if style != ROUND_TO_NEAREST && v.lt(F80::from_u64(u64::MAX)) {
        let u = v.trunc();
        if style == 0 && !u.equals(v) {
            return u.plus(F80::ONE);
        }
        return u;
    }
    v
}

/// printf's `%.Nf` of a long double.
fn fixed(v: F80, precision: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let spec = Spec {
        precision: Some(precision),
        ..Spec::plain(b'f')
    };
    crate::float::format(&mut out, v, &spec);
    out
}

/// gnulib's human_readable: `n` units of `from` bytes shown in units of
/// `to` bytes as `opts` say (C locale: no digit grouping).
pub fn readable(n: u64, opts: u32, from: u64, to: u64) -> String {
    let nearest = opts & ROUND_TO_NEAREST != 0;
    let ceiling = opts & (ROUND_TO_NEAREST | FLOOR) == 0;
    let base: u64 = if opts & BASE_1024 != 0 { 1024 } else { 1000 };
    let exponent_max = POWERS.len() - 1;
    let mut exponent: Option<usize> = None;
    // amt, tenths and rounding (0: exact; 1: below half a tenth; 2: half;
    // 3: above), as gnulib computes them exactly when it can.
    let exact = if to <= from {
        from.is_multiple_of(to)
            .then(|| n.checked_mul(from / to).map(|a| (a, 0u64, 0u64)))
            .flatten()
    } else if from != 0 && to.is_multiple_of(from) {
        let d = to / from;
        let r10 = (n % d) * 10;
        let r2 = (r10 % d) * 2;
        let rounding = if r2 < d {
            u64::from(0 < r2)
        } else {
            2 + u64::from(d < r2)
        };
        Some((n / d, r10 / d, rounding))
    } else {
        None
    };
    let mut out = String::new();
    match exact {
        Some((mut amt, mut tenths, mut rounding)) => {
            let mut point = None;
            if opts & AUTOSCALE != 0 {
                exponent = Some(0);
                if base <= amt {
                    let mut e = 0;
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
                        e += 1;
                        if !(base <= amt && e < exponent_max) {
                            break;
                        }
                    }
                    exponent = Some(e);
                    if amt < 10 {
                        let up = if nearest {
                            2 < rounding + (tenths & 1)
                        } else {
                            ceiling && 0 < rounding
                        };
                        if up {
                            tenths += 1;
                            rounding = 0;
                            if tenths == 10 {
                                amt += 1;
                                tenths = 0;
                            }
                        }
                        if amt < 10 && (tenths != 0 || opts & SUPPRESS_POINT_ZERO == 0) {
                            point = Some(tenths);
                            tenths = 0;
                            rounding = 0;
                        }
                    }
                }
            }
            let up = if nearest {
                5 < tenths + u64::from(0 < rounding + (amt & 1))
            } else {
                ceiling && 0 < tenths + rounding
            };
            if up {
                amt += 1;
                if opts & AUTOSCALE != 0 && amt == base {
                    if let Some(e) = exponent.filter(|&e| e < exponent_max) {
                        exponent = Some(e + 1);
                        if opts & SUPPRESS_POINT_ZERO == 0 {
                            point = Some(0);
                        }
                        amt = 1;
                    }
                }
            }
            out.push_str(&alloc::format!("{amt}"));
            if let Some(t) = point {
                out.push('.');
                out.push((b'0' + t as u8) as char);
            }
        }
        None => {
            // In long double, as gnulib falls back to.
            let mut damt = F80::from_u64(n).times(F80::from_u64(from).divided(F80::from_u64(to)));
            let text = if opts & AUTOSCALE == 0 {
                fixed(adjust(opts, damt), 0)
            } else {
                let b = F80::from_u64(base);
                let mut e = F80::ONE;
                let mut x = 0;
                loop {
                    e = e.times(b);
                    x += 1;
                    if damt.lt(e.times(b)) || x >= exponent_max {
                        break;
                    }
                }
                exponent = Some(x);
                damt = damt.divided(e);
                let mut t = fixed(adjust(opts, damt), 1);
                let room = 1 + 2 + usize::from(opts & BASE_1024 == 0);
                if room < t.len() || (opts & SUPPRESS_POINT_ZERO != 0 && t.last() == Some(&b'0')) {
                    let ten = F80::from_u64(10);
                    t = fixed(adjust(opts, damt.times(ten)).divided(ten), 0);
                }
                t
            };
            out.push_str(core::str::from_utf8(&text).unwrap_or("?"));
        }
    }
    if opts & SI != 0 {
        let e = exponent.unwrap_or_else(|| {
            let mut e = 0;
            let mut power: u64 = 1;
            while power < to {
                power = power.saturating_mul(base);
                e += 1;
                if e == exponent_max {
                    break;
                }
            }
            e
        });
        suffix(&mut out, e, opts);
    }
    out
}

/// Why a block size was refused (gnulib's strtol_error, as the caller
/// reports it with xstrtol_fatal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockSizeError {
    Invalid,
    InvalidSuffix,
    Overflow,
}

/// gnulib's human_options: the options and block size `spec` (`-B`'s
/// argument, else `BLOCK_SIZE`, `BLOCKSIZE` from `env`) asks for; 1024
/// (512 with `POSIXLY_CORRECT`) by default and after an error.
pub fn options<'a>(
    spec: Option<&'a [u8]>,
    env: &dyn Fn(&[u8]) -> Option<&'a [u8]>,
) -> (u32, u64, Option<BlockSizeError>) {
    let default = if env(b"POSIXLY_CORRECT").is_some() {
        512
    } else {
        1024
    };
    let Some(mut spec) = spec
        .or_else(|| env(b"BLOCK_SIZE"))
        .or_else(|| env(b"BLOCKSIZE"))
    else {
        return (0, default, None);
    };
    let mut opts = 0;
    if spec.first() == Some(&b'\'') {
        opts |= GROUP_DIGITS;
        spec = &spec[1..];
    }
    let words: [(&[u8], u32); 2] = [
        (b"human-readable", AUTOSCALE | SI | BASE_1024),
        (b"si", AUTOSCALE | SI),
    ];
    let exact = words.iter().find(|(w, _)| *w == spec);
    let mut prefixed = words
        .iter()
        .filter(|(w, _)| !spec.is_empty() && w.starts_with(spec));
    let word = exact.or(match (prefixed.next(), prefixed.next()) {
        (Some(w), None) => Some(w),
        _ => None,
    });
    if let Some((_, o)) = word {
        return (opts | o, 1, None);
    }
    let (size, end, err) = crate::num::xstrtoumax_radix(spec, 0, b"eEgGkKmMpPtTyYzZ0");
    if let Some(e) = err {
        let e = match e {
            crate::num::SizeError::Invalid => BlockSizeError::Invalid,
            crate::num::SizeError::InvalidSuffix => BlockSizeError::InvalidSuffix,
            crate::num::SizeError::Overflow => BlockSizeError::Overflow,
        };
        let size = if size == 0 { default } else { size };
        return (0, size, Some(e));
    }
    // A suffix with no digits before it (`-B KiB`) also shows the unit.
    if !spec[..end].iter().any(u8::is_ascii_digit) && end > 0 {
        opts |= SI;
        if spec[end - 1] == b'B' {
            opts |= B;
        }
        if spec[end - 1] != b'B' || (end >= 2 && spec[end - 2] == b'i') {
            opts |= BASE_1024;
        }
    }
    if size == 0 {
        return (opts, default, Some(BlockSizeError::Invalid));
    }
    (opts, size, None)
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

    #[test]
    fn block_sizes() {
        // df's numbers: 1K blocks of 4096-byte units, rounded up.
        assert_eq!(readable(10, 0, 4096, 1024), "40");
        assert_eq!(readable(3, 0, 512, 1024), "2");
        assert_eq!(readable(3, FLOOR, 512, 1024), "1");
        // -h: autoscale, powers of 1024, the unit letter.
        let h = AUTOSCALE | SI | BASE_1024;
        assert_eq!(readable(1, h, 4096, 1), "4.0K");
        assert_eq!(readable(2_560_000, h, 4096, 1), "9.8G");
        assert_eq!(readable(0, h, 4096, 1), "0");
        assert_eq!(readable(1023, h, 1, 1), "1023");
        assert_eq!(readable(1024 * 10 - 1, h, 1, 1), "10K");
        // -H: powers of 1000.
        assert_eq!(readable(1_500_000, AUTOSCALE | SI, 1, 1), "1.5M");
        // A block size that does not divide: long double arithmetic.
        assert_eq!(readable(7, 0, 1024, 1000), "8");
    }

    #[test]
    fn block_size_options() {
        let none = |_: &[u8]| None;
        assert_eq!(options(None, &none), (0, 1024, None));
        assert_eq!(options(Some(b"1K"), &none), (0, 1024, None));
        assert_eq!(
            options(Some(b"KiB"), &none),
            (SI | B | BASE_1024, 1024, None)
        );
        assert_eq!(options(Some(b"kB"), &none), (SI | B, 1000, None));
        assert_eq!(options(Some(b"K"), &none), (SI | BASE_1024, 1024, None));
        assert_eq!(
            options(Some(b"human"), &none),
            (AUTOSCALE | SI | BASE_1024, 1, None)
        );
        assert_eq!(options(Some(b"'1"), &none), (GROUP_DIGITS, 1, None));
        assert_eq!(options(Some(b"0x10"), &none), (0, 16, None));
        assert_eq!(options(Some(b"0"), &none).2, Some(BlockSizeError::Invalid));
        assert_eq!(options(Some(b"x"), &none).2, Some(BlockSizeError::Invalid));
        let posix = |n: &[u8]| (n == b"POSIXLY_CORRECT").then_some(&b""[..]);
        assert_eq!(options(None, &posix), (0, 512, None));
        let env = |n: &[u8]| (n == b"BLOCKSIZE").then_some(&b"1M"[..]);
        assert_eq!(options(None, &env), (0, 1 << 20, None));
    }
}
