// corebox applet
// name: numfmt
// usage: [OPTION]... [NUMBER]...
// option: --from=UNIT
// option: --from-unit=N
// option: --to=UNIT
// option: --to-unit=N
// option: --round=METHOD
// option: --padding=N
// option: --suffix=SUFFIX
// option: --grouping
// option: -d, --delimiter=X
// option: --field=FIELDS
// option: --debug
// option: ---debug
// option: --header[=N]
// option: --format=FORMAT
// option: --invalid=MODE
// option: -z, --zero-terminated
// help:
// Reformat NUMBER(s), or the numbers from standard input if none are specified.
//
// Mandatory arguments to long options are mandatory for short options too.
//       --debug          print warnings about invalid input
//   -d, --delimiter=X    use X instead of whitespace for field delimiter
//       --field=FIELDS   replace the numbers in these input fields (default=1);
//                          see FIELDS below
//       --format=FORMAT  use printf style floating-point FORMAT;
//                          see FORMAT below for details
//       --from=UNIT      auto-scale input numbers to UNITs; default is 'none';
//                          see UNIT below
//       --from-unit=N    specify the input unit size (instead of the default 1)
//       --grouping       use locale-defined grouping of digits, e.g. 1,000,000
//                          (which means it has no effect in the C/POSIX locale)
//       --header[=N]     print (without converting) the first N header lines;
//                          N defaults to 1 if not specified
//       --invalid=MODE   failure mode for invalid numbers: MODE can be:
//                          abort (default), fail, warn, ignore
//       --padding=N      pad the output to N characters; positive N will
//                          right-align; negative N will left-align;
//                          padding is ignored if the output is wider than N;
//                          the default is to automatically pad if a whitespace
//                          is found
//       --round=METHOD   use METHOD for rounding when scaling; METHOD can be:
//                          up, down, from-zero (default), towards-zero, nearest
//       --suffix=SUFFIX  add SUFFIX to output numbers, and accept optional
//                          SUFFIX in input numbers
//       --to=UNIT        auto-scale output numbers to UNITs; see UNIT below
//       --to-unit=N      the output unit size (instead of the default 1)
//   -z, --zero-terminated    line delimiter is NUL, not newline
//       --help        display this help and exit
//       --version     output version information and exit
//
// UNIT options:
//   none       no auto-scaling is done; suffixes will trigger an error
//   auto       accept optional single/two letter suffix:
//                1K = 1000,
//                1Ki = 1024,
//                1M = 1000000,
//                1Mi = 1048576,
//   si         accept optional single letter suffix:
//                1K = 1000,
//                1M = 1000000,
//                ...
//   iec        accept optional single letter suffix:
//                1K = 1024,
//                1M = 1048576,
//                ...
//   iec-i      accept optional two-letter suffix:
//                1Ki = 1024,
//                1Mi = 1048576,
//                ...
//
// FIELDS supports cut(1) style field ranges:
//   N    N'th field, counted from 1
//   N-   from N'th field, to end of line
//   N-M  from N'th to M'th field (inclusive)
//   -M   from first to M'th field (inclusive)
//   -    all fields
// Multiple fields/ranges can be separated with commas
//
// FORMAT must be suitable for printing one floating-point argument '%f'.
// Optional quote (%'f) will enable --grouping (if supported by current locale).
// Optional width value (%10f) will pad output. Optional zero (%010f) width
// will zero pad the number. Optional negative values (%-10f) will left align.
// Optional precision (%.1f) will override the input determined precision.
//
// Exit status is 0 if all input numbers were successfully converted.
// By default, %s will stop at the first conversion error with exit status 2.
// With --invalid='fail' a warning is printed for each conversion error
// and the exit status is 2.  With --invalid='warn' each conversion error is
// diagnosed, but the exit status is 0.  With --invalid='ignore' conversion
// errors are not diagnosed and the exit status is 0.
//
// Examples:
//   $ %s --to=si 1000
//             -> "1.0K"
//   $ %s --to=iec 2048
//            -> "2.0K"
//   $ %s --to=iec-i 4096
//            -> "4.0Ki"
//   $ echo 1K | %s --from=si
//            -> "1000"
//   $ echo 1K | %s --from=iec
//            -> "1024"
//   $ df -B1 | %s --header --field 2-4 --to=si
//   $ ls -l  | %s --header --field 5 --to=iec
//   $ ls -lh | %s --header --field 5 --from=iec --padding=10
//   $ ls -lh | %s --header --field 5 --from=iec --format %10f

//! GNU numfmt.c: each selected field of each line (or NUMBER operand) is
//! read as a number with an optional unit suffix and printed scaled,
//! rounded, padded and formatted, in GNU's long double arithmetic
//! (`logic::float::F80`, step for step as numfmt.c computes) so that
//! rounding and the limits of precision come out as GNU's do.

use super::{opt, SPEC};
use crate::shared::cli::{choice, usage_error};
use crate::shared::diag::{die, quote};
use alloc::vec::Vec;
use logic::float::{self, F80};
use logic::ranges::{self, Range};
use sys::io::{error, out};

#[derive(Clone, Copy, PartialEq)]
enum Scale {
    None,
    Auto,
    Si,
    Iec,
    IecI,
}

#[derive(Clone, Copy, PartialEq)]
enum Round {
    Up,
    Down,
    FromZero,
    TowardsZero,
    Nearest,
}

#[derive(Clone, Copy, PartialEq)]
enum Invalid {
    Abort,
    Fail,
    Warn,
    Ignore,
}

/// Why a number was rejected (GNU's simple_strtod_error).
#[derive(Clone, Copy, PartialEq)]
enum Sse {
    Ok,
    PrecisionLoss,
    Overflow,
    InvalidNumber,
    ForbiddenSuffix,
    InvalidSuffix,
    MissingI,
}

struct Config {
    from: Scale,
    to: Scale,
    round: Round,
    invalid: Invalid,
    suffix: Option<&'static [u8]>,
    from_unit: u64,
    to_unit: u64,
    grouping: bool,
    /// Width to pad to (0: none), and whether to the left.
    padding: usize,
    left: bool,
    zero_width: usize,
    precision: Option<usize>,
    prefix: &'static [u8],
    fsuffix: &'static [u8],
    delimiter: Option<u8>,
    line_delim: u8,
    header: u64,
    debug: bool,
    dev_debug: bool,
    fields: Option<Vec<Range>>,
    /// Conversion errors exit with this status (abort mode), or not (0).
    conv_exit: i32,
    auto_padding: bool,
}

/// LDBL_DIG: digits a long double holds without loss.
const MAX_UNSCALED_DIGITS: u32 = 18;
/// 999Y.
const MAX_ACCEPTABLE_DIGITS: u32 = 27;

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (mut c, operands) = parse(args);
    let mut ok = true;
    if !operands.is_empty() {
        if c.debug && c.header > 0 {
            error(&[b"--header ignored with command-line input"], None);
        }
        let mut outb = Vec::new();
        for &line in &operands {
            ok &= line_out(&mut c, line, true, &mut outb);
        }
    } else {
        ok = read_stdin(&mut c);
    }
    if c.debug && !ok {
        error(&[b"failed to convert some of the input numbers"], None);
    }
    if !ok && matches!(c.invalid, Invalid::Abort | Invalid::Fail) {
        2
    } else {
        0
    }
}

fn read_stdin(c: &mut Config) -> bool {
    let mut ok = true;
    let mut recs = sys::records::Records::new(sys::io::Fd::STDIN, c.line_delim);
    let mut outb = Vec::new();
    while c.header > 0 {
        let Some(rec) = recs.next() else { break };
        c.header -= 1;
        out().write(until_nul(rec));
    }
    while let Some(rec) = recs.next() {
        let newline = rec.last() == Some(&c.line_delim);
        let line = &rec[..rec.len() - usize::from(newline)];
        ok &= line_out(c, line, newline, &mut outb);
    }
    if let Some(e) = recs.error() {
        error(&[b"error reading input"], Some(e));
    }
    ok
}

/// The C string a line is to GNU: up to its first NUL.
fn until_nul(s: &[u8]) -> &[u8] {
    &s[..s.iter().position(|&b| b == 0).unwrap_or(s.len())]
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        from: Scale::None,
        to: Scale::None,
        round: Round::FromZero,
        invalid: Invalid::Abort,
        suffix: None,
        from_unit: 1,
        to_unit: 1,
        grouping: false,
        padding: 0,
        left: false,
        zero_width: 0,
        precision: None,
        prefix: b"",
        fsuffix: b"",
        delimiter: None,
        line_delim: b'\n',
        header: 0,
        debug: false,
        dev_debug: false,
        fields: None,
        conv_exit: 2,
        auto_padding: false,
    };
    let mut format = None;
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        let arg = o.arg.unwrap_or(b"");
        match o.key {
            opt::FROM => c.from = scale(b"--from", arg, true),
            opt::TO => c.to = scale(b"--to", arg, false),
            opt::FROM_UNIT => c.from_unit = unit_size(arg),
            opt::TO_UNIT => c.to_unit = unit_size(arg),
            opt::ROUND => {
                let words: [(&[u8], Round); 5] = [
                    (b"up", Round::Up),
                    (b"down", Round::Down),
                    (b"from-zero", Round::FromZero),
                    (b"towards-zero", Round::TowardsZero),
                    (b"nearest", Round::Nearest),
                ];
                c.round = choice(&SPEC, b"--round", arg, &words)
            }
            opt::GROUPING => c.grouping = true,
            opt::PADDING => match logic::num::xstrtoimax_radix(arg, 10, b"") {
                Ok(n) if n != 0 && n != i64::MIN => {
                    c.left = n < 0;
                    c.padding = n.unsigned_abs() as usize;
                }
                _ => die(&[b"invalid padding value ", &quote(arg)], None),
            },
            opt::FIELD => {
                if c.fields.is_some() {
                    die(&[b"multiple field specifications"], None);
                }
                match ranges::parse(arg, true) {
                    Ok(r) => c.fields = Some(r),
                    Err(e) => usage_error(&SPEC, &[&e.message(false, sys::env::utf8_locale())]),
                }
            }
            'd' => {
                if arg.len() > 1 {
                    die(&[b"the delimiter must be a single character"], None);
                }
                c.delimiter = Some(arg.first().copied().unwrap_or(0));
            }
            'z' => c.line_delim = 0,
            opt::SUFFIX => c.suffix = Some(arg),
            opt::DEBUG => c.debug = true,
            opt::_DEBUG => {
                c.debug = true;
                c.dev_debug = true;
            }
            opt::HEADER => {
                c.header = match o.arg {
                    None => 1,
                    Some(a) => match logic::num::xstrtoumax(a, b"") {
                        (n, _, None) if n != 0 => n,
                        _ => die(&[b"invalid header value ", &quote(a)], None),
                    },
                }
            }
            opt::FORMAT => format = Some(arg),
            opt::INVALID => {
                let words: [(&[u8], Invalid); 4] = [
                    (b"abort", Invalid::Abort),
                    (b"fail", Invalid::Fail),
                    (b"warn", Invalid::Warn),
                    (b"ignore", Invalid::Ignore),
                ];
                c.invalid = choice(&SPEC, b"--invalid", arg, &words)
            }
            _ => {}
        }
    }
    let operands = opts.operands();
    check(&mut c, format);
    (c, operands)
}

/// The checks and warnings GNU makes once the options are read.
fn check(c: &mut Config, format: Option<&'static [u8]>) {
    if format.is_some() && c.grouping {
        die(&[b"--grouping cannot be combined with --format"], None);
    }
    if c.debug
        && c.from == Scale::None
        && c.to == Scale::None
        && !c.grouping
        && c.padding == 0
        && format.is_none()
    {
        error(&[b"no conversion option specified"], None);
    }
    if let Some(f) = format {
        parse_format(c, f);
    }
    if c.grouping {
        if c.to != Scale::None {
            die(&[b"grouping cannot be combined with --to"], None);
        }
        // No locale here has a thousands separator.
        if c.debug {
            error(&[b"grouping has no effect in this locale"], None);
        }
    }
    c.auto_padding = c.padding == 0 && c.delimiter.is_none();
    if c.invalid != Invalid::Abort {
        c.conv_exit = 0;
    }
}

fn scale(option: &[u8], arg: &[u8], from: bool) -> Scale {
    let mut words: Vec<(&[u8], Scale)> = alloc::vec![(b"none", Scale::None)];
    if from {
        words.push((b"auto", Scale::Auto));
    }
    words.extend_from_slice(&[
        (&b"si"[..], Scale::Si),
        (b"iec", Scale::Iec),
        (b"iec-i", Scale::IecI),
    ]);
    choice(&SPEC, option, arg, &words)
}

/// A `--from-unit`/`--to-unit` size: K is 1000 and Ki 1024 (GNU's
/// unit_to_umax).
fn unit_size(arg: &[u8]) -> u64 {
    let mut s = arg.to_vec();
    let mut suffixes: &[u8] = b"KMGTPEZY";
    if s.last().is_some_and(|c| !c.is_ascii_digit()) {
        let n = s.len();
        if s[n - 1] == b'i' && n >= 2 && !s[n - 2].is_ascii_digit() {
            s.pop();
        } else {
            s.push(b'B');
            suffixes = b"KMGTPEZY0";
        }
    }
    match logic::num::xstrtoumax(&s, suffixes) {
        (n, end, None) if end == s.len() && n != 0 => n,
        _ => die(&[b"invalid unit size: ", &quote(arg)], None),
    }
}

/// `--format`: the text around one `%[0]['][-][N][.N]f` directive (GNU's
/// parse_format_string, whose `%%` stay as they are in the output).
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse_format(c: &mut Config, fmt: &'static [u8]) {
    let at = |i: usize| fmt.get(i).copied().unwrap_or(0);
    let (mut i, mut prefix_len) = (0, 0);
    while !(at(i) == b'%' && at(i + 1) != b'%') {
        if at(i) == 0 {
            die(&[b"format ", &quote(fmt), b" has no % directive"], None);
        }
        prefix_len += 1;
        i += usize::from(at(i) == b'%') + 1;
    }
    i += 1;
    let mut zero = false;
    loop {
        let skip = fmt[i.min(fmt.len())..]
            .iter()
            .take_while(|&&b| b == b' ')
            .count();
        i += skip;
        match at(i) {
            b'\'' => c.grouping = true,
            b'0' => zero = true,
            _ if skip == 0 => break,
            _ => continue,
        }
        i += 1;
    }
    let (pad, used) = strtol(&fmt[i.min(fmt.len())..]);
    let Some(pad) = pad.filter(|&p| p != i64::MIN) else {
        die(
            &[b"invalid format ", &quote(fmt), b" (width overflow)"],
            None,
        )
    };
    if used > 0 && pad != 0 {
        if c.debug && c.padding != 0 && !(zero && pad > 0) {
            error(&[b"--format padding overriding --padding"], None);
        }
        let w = pad.unsigned_abs() as usize;
        if pad < 0 {
            c.left = true;
            c.padding = w;
        } else if zero {
            c.zero_width = w;
        } else {
            c.padding = w;
        }
    }
    i += used;
    if at(i) == 0 {
        die(&[b"format ", &quote(fmt), b" ends in %"], None);
    }
    if at(i) == b'.' {
        i += 1;
        let (p, used) = strtol(&fmt[i..]);
        match p {
            Some(p) if p >= 0 && !matches!(at(i), b' ' | b'\t' | b'+') => {
                c.precision = Some(p as usize)
            }
            _ => die(&[b"invalid precision in format ", &quote(fmt)], None),
        }
        i += used;
    }
    if at(i) != b'f' {
        die(
            &[
                b"invalid format ",
                &quote(fmt),
                b", directive must be %[0]['][-][N][.][N]f",
            ],
            None,
        );
    }
    i += 1;
    let suffix_at = i;
    while i < fmt.len() {
        if fmt[i] == b'%' && at(i + 1) != b'%' {
            die(
                &[b"format ", &quote(fmt), b" has too many % directives"],
                None,
            );
        }
        i += usize::from(fmt[i] == b'%') + 1;
    }
    c.prefix = &fmt[..prefix_len];
    c.fsuffix = &fmt[suffix_at..];
}

/// C's strtol in base 10: the value (None on overflow) and the bytes used
/// (0 when there is no number).
fn strtol(s: &[u8]) -> (Option<i64>, usize) {
    let (i, neg) = logic::num::space_and_sign(s);
    let digits = s[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 {
        return (Some(0), 0);
    }
    let mut v: i128 = 0;
    for &d in &s[i..i + digits] {
        v = (v * 10 + i128::from(d - b'0')).min(1 << 70);
    }
    let v = if neg { -v } else { v };
    (i64::try_from(v).ok(), i + digits)
}

const fn ld(n: u64) -> F80 {
    F80::from_u64(n)
}

const TEN: F80 = ld(10);

/// `expld(val, 10)`'s count of divisions, found by comparing with exact
/// powers of ten; near below one (where the rounded divisions might
/// reach it) by dividing as GNU does.
fn decimal_exponent(val: F80) -> u32 {
    let a = abs(val);
    // Whole numbers below 10^16 are farther than 2^-58 from the next
    // power of ten: their digits tell.
    if let Some(n) = a.to_u64().filter(|&n| n < 10_000_000_000_000_000) {
        return n.checked_ilog10().unwrap_or(0);
    }
    let (mut p, mut k) = (F80::ONE, 0);
    while k < 27 {
        let next = p.times(TEN);
        if a.lt(next) {
            // Each division errs by at most 2^-64: 27 of them stay far
            // from a power of ten unless `a` is within 2^-58 of it.
            // 1 - 2^-58 (divisions by powers of two are exact).
            let one_less = ld(0xFFFF_FFFF_FFFF_FFC0)
                .divided(ld(1 << 63))
                .divided(ld(2));
            let near = one_less.times(next);
            if a.lt(near) {
                return k;
            }
            break;
        }
        p = next;
        k += 1;
    }
    expld(val, TEN).1
}

/// GNU's powerld: `base` multiplied by itself, in long double.
fn powerld(base: F80, x: u32) -> F80 {
    if x == 0 {
        return F80::ONE;
    }
    let mut r = base;
    for _ in 1..x {
        r = r.times(base);
    }
    r
}

fn abs(x: F80) -> F80 {
    if x.is_negative() {
        x.negated()
    } else {
        x
    }
}

/// GNU's expld: `val` divided by `base` until below it, and how often.
#[cfg_attr(corebox_opt, optimize(speed))]
fn expld(mut val: F80, base: F80) -> (F80, u32) {
    let mut power = 0;
    if val.is_finite() {
        while !abs(val).lt(base) {
            power += 1;
            val = val.divided(base);
        }
    }
    (val, power)
}

/// A conversion to intmax_t and back: the value truncated, never -0.
fn int(x: F80) -> F80 {
    let t = x.trunc();
    if t.is_zero() {
        F80::ZERO
    } else {
        t
    }
}

fn ceil(x: F80) -> F80 {
    let t = int(x);
    if t.lt(x) {
        t.plus(F80::ONE)
    } else {
        t
    }
}

/// GNU's simple_round: whole multiples of INTMAX_MAX aside, the rest
/// rounded through intmax_t.
#[cfg_attr(corebox_opt, optimize(speed))]
fn simple_round(val: F80, how: Round) -> F80 {
    let imax = ld(i64::MAX as u64);
    // Below 2^62 the quotient truncates to 0 (and is not worth dividing).
    let mul = if abs(val).lt(ld(1 << 62)) {
        F80::ZERO
    } else {
        int(val.divided(imax))
    };
    let val = val.plus(imax.times(mul).negated());
    let half = F80::ONE.divided(ld(2));
    let floor = |v: F80| ceil(v.negated()).negated();
    let r = match how {
        Round::Up => ceil(val),
        Round::Down => floor(val),
        Round::FromZero if val.is_negative() && !val.is_zero() => floor(val),
        Round::FromZero => ceil(val),
        Round::TowardsZero => int(val),
        Round::Nearest if val.lt(F80::ZERO) => int(val.plus(half.negated())),
        Round::Nearest => int(val.plus(half)),
    };
    imax.times(mul).plus(r)
}

/// Reads decimal digits (after an optional `-`) into a long double as
/// GNU's simple_strtod_int does: the value, the bytes used, the sign.
#[cfg_attr(corebox_opt, optimize(speed))]
fn strtod_int(s: &[u8]) -> (Sse, F80, usize, bool) {
    let neg = s.first() == Some(&b'-');
    let mut i = usize::from(neg);
    let mut val = F80::ZERO;
    let mut digits = 0;
    let mut e = Sse::Ok;
    let start = i;
    // Integers below 2^64 are exact in a long double: they are summed in
    // a u64 until they would not fit.
    let mut small = Some(0u64);
    while let Some(&c) = s.get(i).filter(|c| c.is_ascii_digit()) {
        let d = u64::from(c - b'0');
        if small.is_some_and(|n| n != 0) || !val.is_zero() || d != 0 {
            digits += 1;
        }
        if digits > MAX_UNSCALED_DIGITS {
            e = Sse::PrecisionLoss;
        }
        if digits > MAX_ACCEPTABLE_DIGITS {
            return (Sse::Overflow, small.map_or(val, ld), i, neg);
        }
        small = match small.and_then(|n| n.checked_mul(10)?.checked_add(d)) {
            Some(n) => Some(n),
            None => {
                val = small.map_or(val, ld).times(TEN).plus(ld(d));
                None
            }
        };
        i += 1;
    }
    if let Some(n) = small {
        val = ld(n);
    }
    if i == start && s.get(i) != Some(&b'.') {
        return (Sse::InvalidNumber, val, i, neg);
    }
    (e, if neg { val.negated() } else { val }, i, neg)
}

/// GNU's simple_strtod_human: a number, a fraction, a unit suffix; the
/// value, the digits after the point and the bytes used.
fn strtod_human(s: &[u8], scale: Scale) -> (Sse, F80, usize, usize) {
    let (mut e, mut val, mut i, neg) = strtod_int(s);
    let mut precision = 0;
    if !matches!(e, Sse::Ok | Sse::PrecisionLoss) {
        return (e, val, i, 0);
    }
    if s.get(i) == Some(&b'.') {
        i += 1;
        let (e2, frac, n, neg_frac) = strtod_int(&s[i..]);
        if !matches!(e2, Sse::Ok | Sse::PrecisionLoss) {
            return (e2, val, i + n, 0);
        }
        if e2 == Sse::PrecisionLoss {
            e = e2;
        }
        if neg_frac {
            return (Sse::InvalidNumber, val, i + n, 0);
        }
        let frac = frac.divided(powerld(TEN, n as u32));
        val = val.plus(if neg { frac.negated() } else { frac });
        precision = n;
        i += n;
    }
    let mut power = 0;
    let mut base = if matches!(scale, Scale::Iec | Scale::IecI) {
        1024
    } else {
        1000
    };
    if i < s.len() {
        while matches!(s.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        // At the end, C's strchr finds the terminating NUL "valid".
        let c = s.get(i).copied().unwrap_or(0);
        let Some(p) = b"KMGTPEZY\0".iter().position(|&v| v == c) else {
            return (Sse::InvalidSuffix, val, i, 0);
        };
        if scale == Scale::None {
            return (Sse::ForbiddenSuffix, val, i, 0);
        }
        power = if c == 0 { 0 } else { p as u32 + 1 };
        i += 1;
        if scale == Scale::Auto && s.get(i) == Some(&b'i') {
            base = 1024;
            i += 1;
        }
        precision = 0;
    }
    if scale == Scale::IecI {
        if s.get(i) == Some(&b'i') {
            i += 1;
        } else {
            return (Sse::MissingI, val, i, 0);
        }
    }
    val = val.times(powerld(ld(base), power));
    (e, val, i, precision)
}

/// Reports a conversion error GNU's way: exits in abort mode.
/// Writes out the fields of the line done so far (all of `outb` but the
/// format's prefix just added), as GNU's had been when it says something.
fn flush_done(c: &Config, outb: &mut Vec<u8>) {
    let keep = outb.len() - c.prefix.len();
    out().write(&outb[..keep]);
    outb.drain(..keep);
}

/// Reports a conversion error GNU's way; in abort mode it exits.
fn conv_error(c: &Config, outb: &mut Vec<u8>, parts: &[&[u8]]) {
    if c.invalid != Invalid::Ignore {
        flush_done(c, outb);
        error(parts, None);
        if c.conv_exit != 0 {
            sys::rt::exit(c.conv_exit);
        }
    }
}

/// `%Lg` of a value, for messages.
fn lg(x: F80) -> Vec<u8> {
    let mut v = Vec::new();
    float::format(&mut v, x, &float::Spec::plain(b'g'));
    v
}

/// Converts one field; None (after reporting) when it is not a number
/// that can be printed.
fn convert(c: &mut Config, text: &[u8], field: u64, outb: &mut Vec<u8>) -> Option<()> {
    let text = match c.suffix {
        Some(suf) if text.len() > suf.len() && text.ends_with(suf) => {
            &text[..text.len() - suf.len()]
        }
        _ => text,
    };
    let skip = text
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    if c.auto_padding {
        c.padding = if skip > 0 || field > 1 { text.len() } else { 0 };
    }
    let p = &text[skip..];
    if c.dev_debug {
        dev_header(p);
    }
    let (e, mut val, used, precision) = strtod_human(p, c.from);
    let msg: &[u8] = match e {
        Sse::Ok | Sse::PrecisionLoss => b"",
        Sse::Overflow => b"value too large to be converted: ",
        Sse::InvalidNumber => b"invalid number: ",
        Sse::ForbiddenSuffix => b"rejecting suffix in input: ",
        Sse::InvalidSuffix => b"invalid suffix in input: ",
        Sse::MissingI => b"missing 'i' suffix in input: ",
    };
    if !msg.is_empty() {
        let tail: &[u8] = match e {
            Sse::ForbiddenSuffix => b" (consider using --from)",
            Sse::MissingI => b" (e.g Ki/Mi/Gi)",
            _ => b"",
        };
        conv_error(c, outb, &[msg, &quote(p), tail]);
        return None;
    }
    if used < p.len() {
        let (a, b) = (quote(p), quote(&p[used..]));
        conv_error(c, outb, &[b"invalid suffix in input ", &a, b": ", &b]);
        return None;
    }
    if e == Sse::PrecisionLoss && c.debug {
        flush_done(c, outb);
        error(
            &[
                b"large input value ",
                &quote(p),
                b": possible precision loss",
            ],
            None,
        );
    }
    if c.from_unit != 1 || c.to_unit != 1 {
        val = val.times(ld(c.from_unit)).divided(ld(c.to_unit));
    }
    human(c, val, precision, outb)
}

#[cold]
fn dev_header(p: &[u8]) {
    let mut m = Vec::new();
    m.extend_from_slice(b"simple_strtod_human:\n  input string: ");
    m.extend_from_slice(&quote(p));
    m.extend_from_slice(b"\n  locale decimal-point: ");
    m.extend_from_slice(&quote(b"."));
    m.extend_from_slice(b"\n  MAX_UNSCALED_DIGITS: 18\n");
    sys::io::write_stderr(&m);
}

/// GNU's prepare_padded_number and double_to_human: the number as it is
/// printed, padded, in `outb`.
fn human(c: &Config, val: F80, precision: usize, outb: &mut Vec<u8>) -> Option<()> {
    let prec_used = c.precision.unwrap_or(precision);
    let x = decimal_exponent(val);
    if c.to == Scale::None && x as usize + prec_used > MAX_UNSCALED_DIGITS as usize {
        let mut n = [0u8; 20];
        if prec_used > 0 {
            let p = logic::digits::u64_dec(prec_used as u64, &mut n);
            let v = lg(val);
            conv_error(
                c,
                outb,
                &[
                    b"value/precision too large to be printed: '",
                    &v,
                    b"/",
                    p,
                    b"' (consider using --to)",
                ],
            );
        } else {
            conv_error(
                c,
                outb,
                &[
                    b"value too large to be printed: '",
                    &lg(val),
                    b"' (consider using --to)",
                ],
            );
        }
        return None;
    }
    if x > MAX_ACCEPTABLE_DIGITS - 1 {
        conv_error(
            c,
            outb,
            &[
                b"value too large to be printed: '",
                &lg(val),
                b"' (cannot handle values > 999Y)",
            ],
        );
        return None;
    }
    let mut buf = Vec::with_capacity(32);
    let spec = |p: usize| float::Spec {
        zero: c.zero_width > 0,
        width: c.zero_width,
        precision: Some(p),
        ..float::Spec::plain(b'f')
    };
    if c.to == Scale::None {
        let scale = powerld(TEN, prec_used as u32);
        let v = simple_round(val.times(scale), c.round).divided(scale);
        float::format(&mut buf, v, &spec(prec_used));
        if buf.len() >= 128 {
            cannot_print(v);
        }
    } else {
        let base = ld(if c.to == Scale::Si { 1000 } else { 1024 });
        let (mut v, mut power) = expld(val, base);
        let adjust = match c.precision {
            Some(p) => (power as usize * 3).min(p),
            None => usize::from(abs(v).lt(TEN)),
        };
        let scale = powerld(TEN, adjust as u32);
        v = simple_round(v.times(scale), c.round).divided(scale);
        if !abs(v).lt(base) {
            v = v.divided(base);
            power += 1;
        }
        let point = !v.is_zero() && abs(v).lt(TEN) && power > 0;
        float::format(
            &mut buf,
            v,
            &spec(c.precision.unwrap_or(usize::from(point))),
        );
        if power > 0 {
            buf.push(b"KMGTPEZY"[power as usize - 1]);
        }
        if buf.len() >= 127 {
            cannot_print(v);
        }
        if c.to == Scale::IecI && power > 0 {
            buf.push(b'i');
        }
    }
    if let Some(s) = c.suffix {
        let room = 127usize.saturating_sub(buf.len());
        buf.extend_from_slice(&s[..s.len().min(room)]);
    }
    let pad = c.padding.saturating_sub(buf.len());
    if !c.left {
        outb.resize(outb.len() + pad, b' ');
    }
    outb.extend_from_slice(&buf);
    if c.left {
        outb.resize(outb.len() + pad, b' ');
    }
    Some(())
}

#[cold]
fn cannot_print(v: F80) -> ! {
    let mut t = Vec::new();
    float::format(&mut t, v, &float::Spec::plain(b'f'));
    die(&[b"failed to prepare value '", &t, b"' for printing"], None)
}

fn selected(c: &Config, field: u64) -> bool {
    match &c.fields {
        None => field == 1,
        Some(r) => r.iter().any(|r| r.lo <= field && field <= r.hi),
    }
}

/// GNU's process_line: the fields of `line` converted or copied, joined
/// by the delimiter (a space by default), then the line delimiter.
#[cfg_attr(corebox_opt, optimize(speed))]
fn line_out(c: &mut Config, line: &[u8], newline: bool, outb: &mut Vec<u8>) -> bool {
    let line = until_nul(line);
    let mut ok = true;
    outb.clear();
    let mut rest = line;
    let mut field = 0u64;
    loop {
        field += 1;
        let end = match c.delimiter {
            Some(d) => rest.iter().position(|&b| b == d).unwrap_or(rest.len()),
            None => {
                let sep = |b: &u8| matches!(b, b' ' | b'\t' | b'\n');
                let lead = rest.iter().take_while(|b| sep(b)).count();
                lead + rest[lead..].iter().take_while(|b| !sep(b)).count()
            }
        };
        let text = &rest[..end];
        if selected(c, field) {
            outb.extend_from_slice(c.prefix);
            if convert(c, text, field, outb).is_none() {
                ok = false;
                outb.truncate(outb.len() - c.prefix.len());
                let shown = match c.suffix {
                    Some(s) if text.len() > s.len() && text.ends_with(s) => {
                        &text[..text.len() - s.len()]
                    }
                    _ => text,
                };
                outb.extend_from_slice(shown);
            } else {
                outb.extend_from_slice(c.fsuffix);
            }
        } else {
            outb.extend_from_slice(text);
        }
        if end == rest.len() {
            break;
        }
        outb.push(c.delimiter.unwrap_or(b' '));
        rest = &rest[end + 1..];
    }
    if newline {
        outb.push(c.line_delim);
    }
    out().write(outb);
    ok
}
