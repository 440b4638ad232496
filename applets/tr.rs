// corebox applet
// name: tr
// usage: [OPTION]... STRING1 [STRING2]
// stop-at-operand: yes
// option: -A
// option: -c, --complement
// option: -C
// option: -d, --delete
// option: -s, --squeeze-repeats
// option: -t, --truncate-set1
// help:
// Translate, squeeze, and/or delete characters from standard input,
// writing to standard output.  STRING1 and STRING2 specify arrays of
// characters ARRAY1 and ARRAY2 that control the action.
//
//   -c, -C, --complement    use the complement of ARRAY1
//   -d, --delete            delete characters in ARRAY1, do not translate
//   -s, --squeeze-repeats   replace each sequence of a repeated character
//                             that is listed in the last specified ARRAY,
//                             with a single occurrence of that character
//   -t, --truncate-set1     first truncate ARRAY1 to length of ARRAY2
//       --help        display this help and exit
//       --version     output version information and exit
//
// ARRAYs are specified as strings of characters.  Most represent themselves.
// Interpreted sequences are:
//
//   \NNN            character with octal value NNN (1 to 3 octal digits)
//   \\              backslash
//   \a              audible BEL
//   \b              backspace
//   \f              form feed
//   \n              new line
//   \r              return
//   \t              horizontal tab
//   \v              vertical tab
//   CHAR1-CHAR2     all characters from CHAR1 to CHAR2 in ascending order
//   [CHAR*]         in ARRAY2, copies of CHAR until length of ARRAY1
//   [CHAR*REPEAT]   REPEAT copies of CHAR, REPEAT octal if starting with 0
//   [:alnum:]       all letters and digits
//   [:alpha:]       all letters
//   [:blank:]       all horizontal whitespace
//   [:cntrl:]       all control characters
//   [:digit:]       all digits
//   [:graph:]       all printable characters, not including space
//   [:lower:]       all lower case letters
//   [:print:]       all printable characters, including space
//   [:punct:]       all punctuation characters
//   [:space:]       all horizontal or vertical whitespace
//   [:upper:]       all upper case letters
//   [:xdigit:]      all hexadecimal digits
//   [=CHAR=]        all characters which are equivalent to CHAR
//
// Translation occurs if -d is not given and both STRING1 and STRING2 appear.
// -t may be used only when translating.  ARRAY2 is extended to length of
// ARRAY1 by repeating its last character as necessary.  Excess characters
// of ARRAY2 are ignored.  Character classes expand in unspecified order;
// while translating, [:lower:] and [:upper:] may be used in pairs to
// specify case conversion.  Squeezing occurs after translation or deletion.

use super::SPEC;
use crate::shared::diag::{die, quote};
use alloc::vec::Vec;
use logic::tr::{self, Error, Options, Plan};
use sys::io::{error, out, write_stderr, Fd};

const BUF: usize = 256 * 1024;

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::set_write_error_style(
        sys::io::WriteErrorKind::Errno,
        sys::io::WriteErrorKind::Twice,
        4096,
        u64::MAX,
    );
    let (options, sets) = parse(args);
    let plan = plan_or_die(options, &sets);
    filter(&plan)
}

/// The options and the one or two SETs (their number checked).
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Options, Vec<&'static [u8]>) {
    let mut o = Options::default();
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(opt) = opts.next() {
        match opt.key {
            'c' | 'C' => o.complement = true,
            'd' => o.delete = true,
            's' => o.squeeze = true,
            't' => o.truncate = true,
            _ => {}
        }
    }
    let ops = opts.operands();
    let min = 1 + (o.delete == o.squeeze) as usize;
    let max = 1 + (o.delete <= o.squeeze) as usize;
    if ops.len() < min {
        let Some(last) = ops.last() else {
            crate::shared::cli::missing_operand(&SPEC)
        };
        error(&[b"missing operand after ", &quote(last)], None);
        write_stderr(if o.squeeze {
            b"Two strings must be given when both deleting and squeezing repeats.\n"
        } else {
            b"Two strings must be given when translating.\n"
        });
        crate::shared::cli::try_help(&SPEC);
    }
    if ops.len() > max {
        error(&[b"extra operand ", &quote(ops[max])], None);
        if ops.len() == 2 {
            write_stderr(
                b"Only one string may be given when deleting without squeezing repeats.\n",
            );
        }
        crate::shared::cli::try_help(&SPEC);
    }
    (o, ops)
}

/// The tables for the SETs, after GNU's warnings; an error in a SET ends
/// the program.
fn plan_or_die(o: Options, sets: &[&[u8]]) -> Plan {
    let mut warnings = Vec::new();
    let plan = tr::plan(sets[0], sets.get(1).copied(), o, &mut warnings);
    for w in &warnings {
        error(&[w], None);
    }
    match plan {
        Ok(p) => p,
        Err(Error::Plain(m)) => die(&[&m], None),
        Err(Error::Quoted(a, b, c)) => die(&[a, &quote(&b), c], None),
    }
}

/// Standard input to standard output through the plan.
#[cfg_attr(corebox_opt, optimize(speed), rustc_align(64), inline(never))]
fn filter(plan: &Plan) -> i32 {
    // One byte to delete: search for it while it stays rare.
    let mut only = match plan.delete.iter().filter(|&&d| d).count() {
        1 => plan.delete.iter().position(|&d| d).map(|c| c as u8),
        _ => None,
    };
    let shifts = if plan.translate {
        tr::shifts(&plan.xlate)
    } else {
        None
    };
    let mut last = None;
    let mut buf = alloc::vec![0u8; BUF];
    loop {
        let n = match Fd::STDIN.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => die(&[b"read error"], Some(e)),
        };
        let chunk = &mut buf[..n];
        if plan.translate {
            let vector = shifts.is_some_and(|(s, k)| sys::simd::shift_ranges(chunk, &s[..k]));
            if !vector {
                tr::translate(chunk, &plan.xlate);
            }
        }
        let mut len = n;
        if plan.deleting {
            len = match only {
                Some(c) => {
                    let (left, gone) = tr::delete_byte(chunk, c);
                    if gone > n / 32 {
                        only = None;
                    }
                    left
                }
                None => tr::delete(chunk, &plan.delete),
            };
        }
        if plan.squeezing {
            let part = &mut chunk[..len];
            let (mut k, mut i) = (0, 0);
            if let Some(&first) = part.first() {
                // Before the first byte, a byte unlike it.
                let prev = last.unwrap_or(!first);
                let (n, read, p) = sys::simd::squeeze_prefix(part, &plan.squeeze, prev);
                (k, i, last) = (n, read, Some(p));
            }
            len = tr::squeeze_from(part, k, i, &plan.squeeze, &mut last);
        }
        if len > 0 && out().write_direct(&chunk[..len]).is_err() {
            break;
        }
    }
    sys::io::finish_stdin(true, b"standard input", true)
}
