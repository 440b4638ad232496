// corebox applet
// name: kill
// usage: [-s SIGNAL | -SIGNAL] PID...
// usage: -l [SIGNAL]...
// usage: -t [SIGNAL]...
// option: -l, --list
// option: -s, --signal=SIGNAL
// option: -t, --table
// help:
// Send signals to processes, or list signals.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -s, --signal=SIGNAL, -SIGNAL
//                    specify the name or number of the signal to be sent
//   -l, --list       list signal names, or convert signal names to/from numbers
//   -t, --table      print a table of signal information
//       --help        display this help and exit
//       --version     output version information and exit
//
// SIGNAL may be a signal name like 'HUP', or a signal number like '1',
// or the exit status of a process terminated by a signal.
// PID is an integer; if negative it identifies a process group.
//
// NOTE: your shell may have its own version of kill, which usually supersedes
// the version described here.  Please refer to your shell's documentation
// for details about the options it supports.

//! kill: GNU kill.c. `-SIGNAL` is an option only as a word of its own
//! (`-9`, `-HUP`, and a number only as the first argument: later it is a
//! process group); `-l`/`-t` list names, numbers and descriptions, or
//! convert operands (exit statuses of signalled processes included).

use super::SPEC;
use crate::shared::cli::usage_error;
use crate::shared::diag::quote;
use alloc::vec::Vec;
use logic::opt::OptError;
use logic::signal;
use sys::io::{error, out};

struct Config {
    signal: Option<i32>,
    list: bool,
    table: bool,
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (c, operands) = parse(&args[1.min(args.len())..]);
    if c.list {
        if c.signal.is_some() {
            usage_error(&SPEC, &[b"cannot combine signal with -l or -t"]);
        }
        return list(c.table, &operands);
    }
    if operands.is_empty() {
        usage_error(&SPEC, &[b"no process ID specified"]);
    }
    let sig = c.signal.unwrap_or(15);
    let mut status = 0;
    for &a in &operands {
        let pid = match logic::printf::strtoimax(a) {
            (n, logic::printf::Status::Ok) if !a.is_empty() => i32::try_from(n).ok(),
            _ => None,
        };
        let r = match pid {
            None => {
                error(&[&quote(a), b": invalid process id"], None);
                status = 1;
                continue;
            }
            Some(pid) => sys::signal::send(pid, sig),
        };
        if let Err(e) = r {
            error(&[&quote(a)], Some(e));
            status = 1;
        }
    }
    status
}

#[cfg_attr(corebox_opt, optimize(size))]
fn set_signal(c: &mut Config, arg: &[u8]) {
    if c.signal.is_some() {
        usage_error(&SPEC, &[&quote(arg), b": multiple signals specified"]);
    }
    match signal::operand(arg) {
        Some(n) => c.signal = Some(n),
        None => {
            error(&[&quote(arg), b": invalid signal"], None);
            crate::shared::cli::try_help(&SPEC)
        }
    }
}

#[cfg_attr(corebox_opt, optimize(size))]
fn set_list(c: &mut Config, table: bool) {
    if c.list {
        usage_error(&SPEC, &[b"multiple -l or -t options specified"]);
    }
    c.list = true;
    c.table |= table;
}

/// GNU's getopt loop with kill's `-SIGNAL` words: (options, operands).
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        signal: None,
        list: false,
        table: false,
    };
    let mut operands = Vec::new();
    let posix = sys::env::posixly_correct();
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        i += 1;
        if a == b"--" || (posix && (a.len() < 2 || a[0] != b'-')) {
            operands.extend_from_slice(&args[i - (a != b"--") as usize..]);
            break;
        }
        if a.len() < 2 || a[0] != b'-' {
            operands.push(a);
        } else if a[1] == b'-' {
            let mut p = crate::shared::cli::parse(&SPEC, &args[i - 1..]);
            if let Some(o) = p.next() {
                match o.key {
                    's' => set_signal(&mut c, o.arg.unwrap_or_default()),
                    k => set_list(&mut c, k == 't'),
                }
            }
            i = args.len() - p.rest().len();
        } else if a[1].is_ascii_digit() && i != 1 {
            // A negative number after the first argument: process ids.
            operands = args[i - 1..].to_vec();
            break;
        } else {
            i = cluster(&mut c, args, i);
        }
    }
    (c, operands)
}

/// The short options of `args[i - 1]`; returns the next index.
#[cfg_attr(corebox_opt, optimize(size))]
fn cluster(c: &mut Config, args: &'static [&'static [u8]], mut i: usize) -> usize {
    let a = args[i - 1];
    for k in 1..a.len() {
        match a[k] {
            d @ (b'0'..=b'9' | b'A'..=b'K' | b'M'..=b'Z') => {
                if k != 1 {
                    usage_error(&SPEC, &[b"invalid option -- ", &[d]]);
                }
                set_signal(c, &a[1..]);
                return i;
            }
            b'l' => set_list(c, false),
            b't' | b'L' => set_list(c, true),
            b's' | b'n' => {
                let arg = if k + 1 < a.len() {
                    &a[k + 1..]
                } else {
                    let Some(&next) = args.get(i) else {
                        usage_error(&SPEC, &[&OptError::MissingShort(a[k]).message()]);
                    };
                    i += 1;
                    next
                };
                set_signal(c, arg);
                return i;
            }
            x => usage_error(&SPEC, &[&OptError::Invalid(x).message()]),
        }
    }
    i
}

/// `-l`/`-t`: every signal, or the operands converted.
#[cfg_attr(corebox_opt, optimize(size))]
fn list(table: bool, operands: &[&[u8]]) -> i32 {
    if operands.is_empty() {
        for s in (1..=signal::MAX).filter(|&s| signal::name(s).is_some()) {
            row(table, s);
        }
        return 0;
    }
    let mut status = 0;
    for &a in operands {
        match signal::operand(a) {
            None => {
                error(&[&quote(a), b": invalid signal"], None);
                status = 1;
            }
            Some(n) if table || a[0].is_ascii_digit() => row(table, n),
            Some(n) => {
                out().num(n as u64);
                out().byte(b'\n');
            }
        }
    }
    status
}

/// A signal's name, or its row of the table (`%2d %-8s %s`).
#[cfg_attr(corebox_opt, optimize(size))]
fn row(table: bool, s: i32) {
    let name = signal::name(s).unwrap_or_default();
    if !table {
        out().write(&name);
        out().byte(b'\n');
        return;
    }
    let mut row = Vec::new();
    if s < 10 {
        row.push(b' ');
    }
    logic::digits::push_u64(&mut row, s as u64);
    row.push(b' ');
    row.extend_from_slice(&name);
    row.resize(row.len() + 8usize.saturating_sub(name.len()), b' ');
    row.push(b' ');
    row.extend_from_slice(&signal::description(s));
    row.push(b'\n');
    out().write(&row);
}
