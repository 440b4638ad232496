// corebox applet
// name: nice
// usage: [OPTION] [COMMAND [ARG]...]
// stop-at-operand: yes
// usage-status: 125
// option: -n, --adjustment=N
// help:
// Run COMMAND with an adjusted niceness, which affects process scheduling.
// With no COMMAND, print the current niceness.  Niceness values range from
// -20 (most favorable to the process) to 19 (least favorable to the process).
//
// Mandatory arguments to long options are mandatory for short options too.
//   -n, --adjustment=N   add integer N to the niceness (default 10)
//       --help        display this help and exit
//       --version     output version information and exit
//
// NOTE: your shell may have its own version of nice, which usually supersedes
// the version described here.  Please refer to your shell's documentation
// for details about the options it supports.

//! nice: GNU nice.c. `-N`, `--N` and `-+N` are adjustments as well as
//! `-n N`; the adjustment is clamped to -39..39 and added to the current
//! niceness; a refused change is a warning, then the command runs anyway.

use super::SPEC;
use crate::shared::cli::usage_error;
use crate::shared::diag::quote;
use sys::io::error;

const CANCELED: i32 = 125;

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::set_exit_failure(CANCELED);
    let mut adjustment: Option<&[u8]> = None;
    let mut i = 1;
    while i < args.len() {
        let s = args[i];
        let skip = (matches!(s.get(1), Some(b'-' | b'+'))) as usize;
        if s.first() == Some(&b'-') && s.get(1 + skip).is_some_and(u8::is_ascii_digit) {
            adjustment = Some(&s[1..]);
            i += 1;
            continue;
        }
        // One getopt call on the arguments from here.
        let mut p = crate::shared::cli::parse(&SPEC, &args[i..]);
        let o = p.next();
        i = args.len() - p.rest().len();
        match o {
            Some(o) => adjustment = o.arg,
            None => {
                // An operand, or `--` (skipped).
                i -= p.operands().len();
                break;
            }
        }
    }
    let command = &args[i..];
    let adjust = match adjustment {
        Some(a) => parse_adjustment(a),
        None => 10,
    };
    if command.is_empty() {
        if adjustment.is_some() {
            usage_error(&SPEC, &[b"a command must be given with an adjustment"]);
        }
        match sys::process::niceness() {
            Ok(n) => {
                let mut s = alloc::vec::Vec::new();
                push_i64(&mut s, n as i64);
                s.push(b'\n');
                sys::io::out().write(&s);
                return 0;
            }
            Err(e) => die_canceled(b"cannot get niceness", e),
        }
    }
    let set = sys::process::niceness().and_then(|n| sys::process::set_niceness(n + adjust));
    if let Err(e) = set {
        if e == sys::Errno::PERM || e == sys::Errno::ACCES {
            error(&[b"cannot set niceness"], Some(sys::Errno::PERM));
            // A warning that cannot be written is fatal.
            if sys::io::stderr_failed() {
                return CANCELED;
            }
        } else {
            die_canceled(b"cannot set niceness", e);
        }
    }
    crate::shared::process::exec_or_report(command, None)
}

#[cfg_attr(corebox_opt, optimize(size))]
fn push_i64(s: &mut alloc::vec::Vec<u8>, n: i64) {
    if n < 0 {
        s.push(b'-');
    }
    logic::digits::push_u64(s, n.unsigned_abs());
}

#[cold]
#[cfg_attr(corebox_opt, optimize(size))]
fn die_canceled(what: &[u8], e: sys::Errno) -> ! {
    error(&[what], Some(e));
    sys::rt::exit(CANCELED)
}

/// xstrtol base 10 with no suffixes; out of range clamps to -39..39.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse_adjustment(a: &[u8]) -> i32 {
    match logic::num::parse_i64(a) {
        Ok(n) => n.clamp(-39, 39) as i32,
        Err(logic::num::SizeError::Overflow) => {
            if a.contains(&b'-') {
                -39
            } else {
                39
            }
        }
        Err(_) => {
            error(&[b"invalid adjustment ", &quote(a)], None);
            sys::rt::exit(CANCELED)
        }
    }
}
