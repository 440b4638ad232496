// corebox applet
// name: seq
// usage: [OPTION]... LAST
// usage: [OPTION]... FIRST LAST
// usage: [OPTION]... FIRST INCREMENT LAST
// stop-at-operand: yes
// option: -f, --format=FORMAT
// option: -s, --separator=STRING
// option: -w, --equal-width
// help:
// Print numbers from FIRST to LAST, in steps of INCREMENT.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -f, --format=FORMAT      use printf style floating-point FORMAT
//   -s, --separator=STRING   use STRING to separate numbers (default: \n)
//   -w, --equal-width        equalize width by padding with leading zeroes
//       --help        display this help and exit
//       --version     output version information and exit
//
// If FIRST or INCREMENT is omitted, it defaults to 1.  That is, an
// omitted INCREMENT defaults to 1 even when LAST is smaller than FIRST.
// The sequence of numbers ends when the sum of the current number and
// INCREMENT would become greater than LAST.
// FIRST, INCREMENT, and LAST are interpreted as floating point values.
// INCREMENT is usually positive if FIRST is smaller than LAST, and
// INCREMENT is usually negative if FIRST is greater than LAST.
// INCREMENT must not be 0; none of FIRST, INCREMENT and LAST may be NaN.
// FORMAT must be suitable for printing one argument of type 'double';
// it defaults to %.PRECf if FIRST, INCREMENT, and LAST are all fixed point
// decimal numbers with maximum precision PREC, and to %g otherwise.

use super::SPEC;
use crate::shared::cli::usage_error;
use crate::shared::diag::{die, quote};
use alloc::vec::Vec;
use logic::float::F80;
use logic::seq::{self, Format, FormatError, Operand, ScanError};
use sys::io::out;

/// GNU's limit on the increment of the decimal-string fast path.
const FAST_STEP_LIMIT: u64 = 200;
const BUF: usize = 128 * 1024;

/// Where the options end: GNU seq stops at an argument that looks like a
/// negative number (`-1`, `-.5`) as well as at the first operand.
fn options_end(args: &[&[u8]]) -> usize {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if a.len() >= 2 && a[0] == b'-' && (a[1] == b'.' || a[1].is_ascii_digit()) {
            return i;
        }
        if a.len() < 2 || a[0] != b'-' || *a == b"--" {
            break;
        }
        if let Some(name) = a.strip_prefix(b"--") {
            let takes = |long: &[u8]| long.starts_with(name);
            if !name.contains(&b'=') && (takes(b"format") || takes(b"separator")) {
                i += 1;
            }
        } else if let Some(k) = a[1..].iter().position(|&c| c == b'f' || c == b's') {
            if k + 2 == a.len() {
                i += 1;
            }
        }
        i += 1;
    }
    args.len()
}

fn scan_or_die(arg: &[u8]) -> Operand {
    match seq::scan(arg) {
        Ok(o) => o,
        Err(ScanError::Invalid) => {
            usage_error(&SPEC, &[b"invalid floating point argument: ", &quote(arg)])
        }
        Err(ScanError::Nan) => usage_error(
            &SPEC,
            &[
                b"invalid ",
                &quote(b"not-a-number"),
                b" argument: ",
                &quote(arg),
            ],
        ),
    }
}

struct Config {
    /// -f, parsed.
    format: Option<Format>,
    separator: &'static [u8],
    equal_width: bool,
    /// LAST, FIRST LAST or FIRST INCREMENT LAST, as spelt.
    operands: Vec<&'static [u8]>,
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let Config {
        format,
        separator: sep,
        equal_width,
        operands: ops,
    } = parse(args);
    let plain = format.is_none() && !equal_width;
    if plain && fast_as_spelt(&ops, sep) {
        return 0;
    }
    let [first, step, last] = scan_operands(&ops);
    if plain && fast_as_whole(&first, &step, &last, sep) {
        return 0;
    }
    let f = format.unwrap_or_else(|| seq::default_format(&first, &step, &last, equal_width));
    if equal_width && padded(&f, &first, &step, &last, sep) {
        return 0;
    }
    // glibc's printf refuses a width or precision over INT_MAX with
    // EOVERFLOW after writing the text before the directive: GNU's first
    // printf fails, and seq dies with `write error`.
    let huge = |n: usize| n > i32::MAX as usize;
    if huge(f.spec.width) || f.spec.precision.is_some_and(huge) {
        let down = step.value.lt(F80::ZERO);
        let beyond = if down {
            first.value.lt(last.value)
        } else {
            last.value.lt(first.value)
        };
        if !beyond {
            out().write(&f.prefix);
            crate::shared::diag::die(&[b"write error"], Some(sys::Errno::OVERFLOW));
        }
        return 0;
    }
    let spelt: [&[u8]; 3] = match ops.len() {
        1 => [b"1", b"1", ops[0]],
        2 => [ops[0], b"1", ops[1]],
        _ => [ops[0], ops[1], ops[2]],
    };
    let fixed = match f.spec.conv {
        b'f' | b'F' => seq::fixed(spelt, f.spec.precision.unwrap_or(6)).map(|d| (d, true)),
        b'e' | b'E' | b'g' | b'G' => seq::fixed_exact(spelt),
        _ => None,
    };
    match fixed {
        Some((d, exact)) => decimal(&f, d, exact, first.value, step.value, last.value, sep),
        None => general(&f, first.value, step.value, last.value, sep),
    }
    0
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> Config {
    let rest = &args[1..];
    let split = options_end(rest);
    let (mut format, mut separator, mut equal_width): (Option<&[u8]>, &[u8], bool) =
        (None, b"\n", false);
    let mut opts = crate::shared::cli::parse(&SPEC, &rest[..split]);
    while let Some(o) = opts.next() {
        match o.key {
            'f' => format = o.arg,
            's' => separator = o.arg.unwrap_or(b"\n"),
            'w' => equal_width = true,
            _ => {}
        }
    }
    let mut operands = opts.operands();
    operands.extend_from_slice(&rest[split..]);
    if operands.is_empty() {
        crate::shared::cli::missing_operand(&SPEC);
    }
    if operands.len() > 3 {
        crate::shared::cli::extra_operand(&SPEC, operands[3]);
    }
    let format = format.map(format_or_die);
    if format.is_some() && equal_width {
        usage_error(
            &SPEC,
            &[b"format string may not be specified when printing equal width strings"],
        );
    }
    Config {
        format,
        separator,
        equal_width,
        operands,
    }
}

/// The -f FORMAT, or GNU's message about it and exit.
fn format_or_die(f: &[u8]) -> Format {
    match seq::parse_format(f) {
        Ok(p) => p,
        Err(e) => {
            let (what, c): (&[u8], u8) = match e {
                FormatError::NoDirective => (b" has no % directive", 0),
                FormatError::EndsInPercent => (b" ends in %", 0),
                FormatError::TooMany => (b" has too many % directives", 0),
                FormatError::Unknown(c) => (b" has unknown %", c),
            };
            let tail: &[u8] = if c != 0 { b" directive" } else { b"" };
            let c = [c];
            die(
                &[
                    b"format ",
                    &quote(f),
                    what,
                    &c[..(c[0] != 0) as usize],
                    tail,
                ],
                None,
            )
        }
    }
}

/// FIRST, INCREMENT and LAST (1 where omitted), or a usage error.
fn scan_operands(ops: &[&[u8]]) -> [Operand; 3] {
    let mut last = scan_or_die(ops[0]);
    let (mut first, mut step) = (seq::ONE, seq::ONE);
    if ops.len() > 1 {
        first = last;
        last = scan_or_die(ops[1]);
        if ops.len() > 2 {
            step = last;
            if step.value.is_zero() {
                usage_error(&SPEC, &[b"invalid Zero increment value: ", &quote(ops[1])]);
            }
            last = scan_or_die(ops[2]);
        }
    }
    [first, step, last]
}

/// The decimal-string path for whole numbers, tried first on the
/// spelling of the operands; false if it does not apply.
fn fast_as_spelt(ops: &[&[u8]], sep: &[u8]) -> bool {
    if !ops.iter().all(|o| seq::all_digits(o)) {
        return false;
    }
    let step = if ops.len() == 3 {
        seq::digits_u64(ops[1]).unwrap_or(0)
    } else {
        1
    };
    if !(1..=FAST_STEP_LIMIT).contains(&step) {
        return false;
    }
    let first: &[u8] = if ops.len() == 1 { b"1" } else { ops[0] };
    fast(first, Some(ops[ops.len() - 1]), step, sep)
}

/// The decimal-string path again, for whole numbers spelt otherwise
/// (1e2, 0x10, inf); false if it does not apply.
fn fast_as_whole(first: &Operand, step: &Operand, last: &Operand, sep: &[u8]) -> bool {
    if [first.precision, step.precision, last.precision] != [Some(0); 3]
        || !first.value.is_finite()
        || first.value.lt(F80::ZERO)
        || last.value.lt(F80::ZERO)
        || first.value.is_negative()
    {
        return false;
    }
    let Some(s) = step
        .value
        .to_u64()
        .filter(|s| (1..=FAST_STEP_LIMIT).contains(s))
    else {
        return false;
    };
    let f = Format {
        spec: integer_spec(),
        ..Format::default()
    };
    let mut a = Vec::new();
    seq::format(&mut a, &f, first.value);
    let mut b = Vec::new();
    let b = if last.value.is_finite() {
        seq::format(&mut b, &f, last.value);
        Some(&b[..])
    } else {
        None
    };
    b.is_none_or(|b| b[0] != b'-') && fast(&a, b, s, sep)
}

/// `%g` of `n / 10^scale` when it needs no rounding and no exponent: the
/// decimal digits as they are, without trailing zeros.
#[cfg_attr(corebox_opt, optimize(speed), inline(never))]
fn plain_g<'a>(
    f: &Format,
    room: usize,
    n: u64,
    scale: u32,
    body: &'a mut Vec<u8>,
) -> Option<&'a [u8]> {
    if f.spec.conv | 0x20 != b'g' || f.spec.alt {
        return None;
    }
    let mut tmp = [0u8; 20];
    let all = logic::digits::u64_dec(n, &mut tmp);
    let sig = all.iter().rposition(|&c| c != b'0')? + 1;
    let exp = all.len() as i32 - 1 - scale as i32;
    if sig > room || exp < -4 || exp >= room as i32 {
        return None;
    }
    body.clear();
    let scale = scale as usize;
    if all.len() > scale {
        body.extend_from_slice(&all[..all.len() - scale]);
    } else {
        body.push(b'0');
    }
    let frac_start = all.len().saturating_sub(scale);
    let zeros = scale.saturating_sub(all.len());
    if sig > frac_start {
        body.push(b'.');
        body.resize(body.len() + zeros, b'0');
        body.extend_from_slice(&all[frac_start..sig]);
    }
    Some(body)
}

/// Whether the long double value of `n` units (FIRST + i * STEP, with
/// FIRST `first` units) prints in `room` significant digits exactly as
/// `n` does: `n` has no more digits than that, and the rounding error of
/// the long double sum (below |FIRST| + |STEP * i| + |n| times 2^-61
/// units) stays under half a unit of the last printed digit.
fn unrounded(n: u64, room: usize, first: i64, v: i64) -> bool {
    let digits = |mut k: u64| {
        let mut d = 0;
        while k != 0 {
            k /= 10;
            d += 1;
        }
        d
    };
    let mut t = n;
    while t.is_multiple_of(10) {
        t /= 10;
    }
    if digits(t) > room {
        return false;
    }
    let size = first.unsigned_abs() as u128 + v.abs_diff(first) as u128 + n as u128;
    let extra = room.saturating_sub(digits(n)) as u32;
    10u128
        .checked_pow(extra)
        .and_then(|p| p.checked_mul(size))
        .is_some_and(|m| m < 1 << 59)
}

/// The general loop in exact whole-number arithmetic (see seq::fixed);
/// a zero is printed from its long double value, whose sign may differ.
#[allow(clippy::too_many_arguments)]
#[cfg_attr(corebox_opt, optimize(speed), inline(never))]
fn decimal(f: &Format, d: seq::Fixed, exact: bool, first: F80, step: F80, last: F80, sep: &[u8]) {
    // Significant digits that print without rounding (%e, %g).
    let room = match (f.spec.conv | 0x20, f.spec.precision) {
        (b'e', p) => p.unwrap_or(6) + 1,
        (_, Some(0)) => 1,
        (_, p) => p.unwrap_or(6),
    };
    let fixed_point = f.spec.conv | 0x20 == b'f';
    let o = out();
    let mut line = Vec::with_capacity(64);
    let mut body = Vec::with_capacity(32);
    let unit = 10u64.pow(d.scale - d.precision);
    let one = 10u64.pow(d.precision);
    let (mut v, mut i) = (d.first, 0u64);
    let mut prev = Vec::new();
    // GNU's long double loop stops at the first value past LAST, but
    // prints it when it prints as LAST does (and not as the one before).
    let extra = |i: u64, prev: &[u8]| {
        let x = first.plus(F80::from_u64(i).times(step));
        let past = if d.step < 0 { x.lt(last) } else { last.lt(x) };
        if past {
            let mut s = Vec::new();
            seq::format(&mut s, f, x);
            let number = &s[f.prefix.len()..s.len() - f.suffix.len()];
            if logic::float::parse(number).is_ok_and(|y| y.equals(last)) && s != prev {
                o.write(sep);
                o.write(&s);
            }
        }
        past
    };
    let mut stopped = false;
    while if d.step < 0 { v >= d.last } else { v <= d.last } {
        // LAST itself: GNU's long double may have gone past it.
        if !fixed_point && v == d.last && i > 0 && extra(i, &prev) {
            i += 1;
            stopped = true;
            break;
        }
        line.clear();
        line.extend_from_slice(&f.prefix);
        let n = v.unsigned_abs();
        if v == 0 || !(fixed_point || exact || unrounded(n, room, d.first, v)) {
            let x = if i == 0 {
                first
            } else {
                first.plus(F80::from_u64(i).times(step))
            };
            logic::float::format(&mut line, x, &f.spec);
        } else if let Some(plain) = plain_g(f, room, n, d.scale, &mut body) {
            logic::float::finish(&mut line, v < 0, plain, &f.spec, false);
        } else if !fixed_point {
            logic::float::format_decimal(&mut line, v < 0, n, d.scale, &f.spec);
        } else {
            let n = v.unsigned_abs() / unit;
            body.clear();
            let mut tmp = [0u8; 20];
            body.extend_from_slice(logic::digits::u64_dec(n / one, &mut tmp));
            if d.precision > 0 || f.spec.alt {
                body.push(b'.');
            }
            if d.precision > 0 {
                let frac = logic::digits::u64_dec(n % one, &mut tmp);
                body.resize(body.len() + d.precision as usize - frac.len(), b'0');
                body.extend_from_slice(frac);
            }
            logic::float::finish(&mut line, v < 0, &body, &f.spec, false);
        }
        line.extend_from_slice(&f.suffix);
        if i > 0 {
            o.write(sep);
        }
        o.write(&line);
        core::mem::swap(&mut line, &mut prev);
        v += d.step;
        i += 1;
        if i % 1024 == 0 && !o.ok() {
            return;
        }
    }
    if !fixed_point && !stopped && i > 0 {
        extra(i, &prev);
    }
    if i > 0 {
        o.byte(b'\n');
    }
}

fn integer_spec() -> logic::float::Spec {
    logic::float::Spec {
        conv: b'f',
        precision: Some(0),
        ..Default::default()
    }
}

/// Prints FIRST, FIRST + STEP, ... up to LAST (None: forever) as decimal
/// strings; false when LAST < FIRST (for the general code to handle).
fn fast(first: &[u8], last: Option<&[u8]>, step: u64, sep: &[u8]) -> bool {
    let first = seq::trim_zeros(first);
    let last = last.map(seq::trim_zeros);
    if last.is_some_and(|l| seq::cmp_digits(first, l).is_gt()) {
        return false;
    }
    let mut buf: Vec<u8> = Vec::with_capacity(BUF + 64);
    let a = seq::digits_u64(first);
    let b = match last {
        Some(l) => seq::digits_u64(l),
        None => Some(u64::MAX),
    };
    match (a, b) {
        // Exact in long double too: any separator gives GNU's output.
        (Some(a), Some(b)) if sep.len() <= 8 => counted(
            &mut buf,
            first,
            ((b - a) / step).saturating_add(1),
            step,
            sep,
        ),
        _ if sep.len() == 1 => uncounted(&mut buf, first, last, step, sep),
        _ => return false,
    }
    buf.push(b'\n');
    out().write_direct(&buf).ok();
    true
}

/// `-w` on whole numbers from 0 to u64::MAX: the counted fast path on
/// digit strings padded with zeros to the width; false if it does not
/// apply.
#[cfg_attr(corebox_opt, optimize(speed), inline(never))]
fn padded(f: &Format, first: &Operand, step: &Operand, last: &Operand, sep: &[u8]) -> bool {
    let s = &f.spec;
    if s.precision != Some(0)
        || !s.zero
        || s.left
        || s.width > 20
        || sep.len() > 8
        || first.value.is_negative()
    {
        return false;
    }
    let (Some(a), Some(d), Some(b)) = (
        first.value.to_u64(),
        step.value.to_u64(),
        last.value.to_u64(),
    ) else {
        return false;
    };
    if d == 0 || a > b {
        return false;
    }
    let mut tmp = [0u8; 20];
    let digits = logic::digits::u64_dec(a, &mut tmp);
    let mut first = alloc::vec![b'0'; s.width.saturating_sub(digits.len())];
    first.extend_from_slice(digits);
    let mut buf: Vec<u8> = Vec::new();
    counted(&mut buf, &first, ((b - a) / d).saturating_add(1), d, sep);
    buf.push(b'\n');
    out().write_direct(&buf).ok();
    true
}

/// The fast path for numbers that fit in u64: `count` numbers, written
/// from a template line (digits and separator) of fixed size so that each
/// costs one small copy; the count is kept in the template's digits.
#[cfg_attr(corebox_opt, optimize(speed), inline(never))]
fn counted(buf: &mut Vec<u8>, first: &[u8], mut count: u64, step: u64, sep: &[u8]) {
    let mut line = [0u8; 32];
    let mut digits = first.len();
    line[..digits].copy_from_slice(first);
    line[digits..digits + sep.len()].copy_from_slice(sep);
    // Room for a run of ten lines past BUF.
    logic::fill::grow(buf, BUF + 16 * line.len(), 0);
    let mut p = 0;
    while count > 0 {
        let len = digits + sep.len();
        let at = digits - 1;
        let d = line[at] - b'0';
        let run = if step == 1 {
            ((10 - d) as u64).min(count)
        } else {
            1
        };
        for k in 0..run as u8 {
            sys::simd::store32(buf, p, &line);
            buf[p + at] = b'0' + d + k;
            p += len;
        }
        count -= run;
        if count > 0 {
            // Add run * step to the digits in the template.
            let mut carry = run * step;
            let mut j = digits;
            while carry > 0 {
                if j == 0 {
                    if digits + sep.len() == line.len() {
                        break;
                    }
                    line.copy_within(0..digits + sep.len(), 1);
                    line[0] = b'0';
                    digits += 1;
                    j = 1;
                }
                j -= 1;
                let v = (line[j] - b'0') as u64 + carry;
                line[j] = b'0' + (v % 10) as u8;
                carry = v / 10;
            }
            if p >= BUF {
                if out().write_direct(&buf[..p]).is_err() {
                    buf.clear();
                    return;
                }
                p = 0;
            }
        }
    }
    buf.truncate(p.saturating_sub(sep.len()));
}

/// The fast path for bigger numbers or no end: digit strings compared
/// with LAST each time.
#[cfg_attr(corebox_opt, optimize(speed), inline(never))]
fn uncounted(buf: &mut Vec<u8>, first: &[u8], last: Option<&[u8]>, step: u64, sep: &[u8]) {
    let mut digits = first.to_vec();
    loop {
        buf.extend_from_slice(&digits);
        seq::add_digits(&mut digits, step);
        if last.is_some_and(|l| seq::cmp_digits(&digits, l).is_gt()) {
            return;
        }
        buf.extend_from_slice(sep);
        if buf.len() >= BUF {
            if out().write_direct(buf).is_err() {
                buf.clear();
                return;
            }
            buf.clear();
        }
    }
}

/// GNU's print_numbers: FIRST + i * STEP in long double, with the number
/// just past LAST printed when it prints as LAST does.
#[cfg_attr(corebox_opt, optimize(speed), inline(never))]
fn general(f: &Format, first: F80, step: F80, last: F80, sep: &[u8]) {
    let down = step.lt(F80::ZERO);
    let beyond = |x: F80| if down { x.lt(last) } else { last.lt(x) };
    if beyond(first) {
        return;
    }
    let o = out();
    let mut line = Vec::with_capacity(64);
    let mut x = first;
    let mut i: u64 = 1;
    loop {
        line.clear();
        seq::format(&mut line, f, x);
        o.write(&line);
        let x0 = x;
        x = first.plus(F80::from_u64(i).times(step));
        i = i.saturating_add(1);
        if beyond(x) {
            let mut s = Vec::new();
            seq::format(&mut s, f, x);
            let number = &s[f.prefix.len()..s.len() - f.suffix.len()];
            let same = logic::float::parse(number).is_ok_and(|v| v.equals(last));
            let mut s0 = Vec::new();
            seq::format(&mut s0, f, x0);
            if !same || s0 == s {
                break;
            }
            o.write(sep);
            o.write(&s);
            break;
        }
        o.write(sep);
        if !o.ok() {
            return;
        }
    }
    o.byte(b'\n');
}
