// corebox applet
// name: env
// usage: [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]
// stop-at-operand: yes
// usage-status: 125
// option: -i, --ignore-environment
// option: -0, --null
// option: -u, --unset=NAME
// option: -C, --chdir=DIR
// option: --default-signal[=SIG]
// option: --ignore-signal[=SIG]
// option: --block-signal[=SIG]
// option: --list-signal-handling
// option: -v, --debug
// option: -S, --split-string=S
// help:
// Set each NAME to VALUE in the environment and run COMMAND.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -i, --ignore-environment  start with an empty environment
//   -0, --null           end each output line with NUL, not newline
//   -u, --unset=NAME     remove variable from the environment
//   -C, --chdir=DIR      change working directory to DIR
//   -S, --split-string=S  process and split S into separate arguments;
//                         used to pass multiple arguments on shebang lines
//       --block-signal[=SIG]    block delivery of SIG signal(s) to COMMAND
//       --default-signal[=SIG]  reset handling of SIG signal(s) to the default
//       --ignore-signal[=SIG]   set handling of SIG signal(s) to do nothing
//       --list-signal-handling  list non default signal handling to stderr
//   -v, --debug          print verbose information for each processing step
//       --help        display this help and exit
//       --version     output version information and exit
//
// A mere - implies -i.  If no COMMAND, print the resulting environment.
//
// SIG may be a signal name like 'PIPE', or a signal number like '13'.
// Without SIG, all known signals are included.  Multiple signals can be
// comma-separated.

//! env: GNU env.c. Options end at the first operand; `-S` splits its
//! argument and options are read again from there; `-` and `-i` empty the
//! environment, `-u` removes, `NAME=VALUE` sets; signal dispositions and
//! the mask are set before the command is run by execvp semantics (with
//! the new PATH). Exit 125 for env's own errors, 126/127 when the command
//! cannot be run or found.

use super::{opt, SPEC};
use crate::shared::cli::{try_help, usage_error};
use crate::shared::diag::{quote, quoteaf};
use alloc::boxed::Box;
use alloc::vec::Vec;
use logic::opt::OptError;
use logic::signal;
use sys::io::{error, write_stderr};
use sys::signal::Mask;

const CANCELED: i32 = 125;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Action {
    Unchanged,
    Default { quiet: bool },
    Ignore { quiet: bool },
}

struct Config {
    ignore_env: bool,
    null: bool,
    unset: Vec<&'static [u8]>,
    chdir: Option<&'static [u8]>,
    debug: bool,
    actions: [Action; 65],
    block: Mask,
    unblock: Mask,
    mask_changed: bool,
    list: bool,
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::set_exit_failure(CANCELED);
    let (c, operands) = parse(args);
    let mut rest = &operands[..];
    let mut ignore_env = c.ignore_env;
    if rest.first() == Some(&&b"-"[..]) {
        ignore_env = true;
        rest = &rest[1..];
    }
    let env = environment(&c, ignore_env, &mut rest);
    if rest.is_empty() {
        if c.chdir.is_some() {
            usage_error(&SPEC, &[b"must specify command with --chdir (-C)"]);
        }
        let end = if c.null { 0 } else { b'\n' };
        for e in &env {
            sys::io::out().write(e);
            sys::io::out().byte(end);
        }
        return 0;
    }
    if c.null {
        usage_error(&SPEC, &[b"cannot specify --null (-0) with command"]);
    }
    signals(&c);
    if let Some(dir) = c.chdir {
        debug(&c, &[b"chdir:    ", &quoteaf(dir)]);
        if let Err(e) = sys::process::chdir(dir) {
            die_canceled(&[b"cannot change directory to ", &quoteaf(dir)], Some(e));
        }
    }
    if c.debug {
        debug(&c, &[b"executing: ", rest[0]]);
        for (i, a) in rest.iter().enumerate() {
            let mut n = Vec::new();
            logic::digits::push_u64(&mut n, i as u64);
            debug(&c, &[b"   arg[", &n, b"]= ", &quote(a)]);
        }
    }
    exec(rest, &env)
}

/// Runs the command; only returns (with 126 or 127) when it cannot.
fn exec(argv: &[&[u8]], env: &[&[u8]]) -> i32 {
    let status = crate::shared::process::exec_or_report(argv, Some(env));
    let space = argv[0].iter().any(|c| matches!(c, b' ' | b'\t'..=b'\r'));
    if status == crate::shared::process::ENOENT && space {
        error(&[b"use -[v]S to pass options in shebang lines"], None);
    }
    status
}

fn debug(c: &Config, parts: &[&[u8]]) {
    if c.debug {
        let mut line: Vec<u8> = parts.concat();
        line.push(b'\n');
        write_stderr(&line);
    }
}

#[cold]
fn die_canceled(parts: &[&[u8]], e: Option<sys::Errno>) -> ! {
    error(parts, e);
    sys::rt::exit(CANCELED)
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        ignore_env: false,
        null: false,
        unset: Vec::new(),
        chdir: None,
        debug: false,
        actions: [Action::Unchanged; 65],
        block: 0,
        unblock: 0,
        mask_changed: false,
        list: false,
    };
    let mut argv = &args[1.min(args.len())..];
    'scan: loop {
        let mut opts = crate::shared::cli::parse(&SPEC, argv);
        while let Some(o) = opts.next_raw() {
            let o = match o {
                Ok(o) => o,
                Err(e) => bad_option(e),
            };
            match o.key {
                'i' => c.ignore_env = true,
                '0' => c.null = true,
                'u' => c.unset.push(o.arg.unwrap_or_default()),
                'C' => c.chdir = o.arg,
                'v' => c.debug = true,
                opt::DEFAULT_SIGNAL => {
                    actions(&mut c, o.arg, true);
                    mask(&mut c, o.arg, false);
                }
                opt::IGNORE_SIGNAL => actions(&mut c, o.arg, false),
                opt::BLOCK_SIGNAL => mask(&mut c, o.arg, true),
                opt::LIST_SIGNAL_HANDLING => c.list = true,
                _ => {
                    let mut words = split(&c, o.arg.unwrap_or_default());
                    words.extend_from_slice(opts.rest());
                    argv = Box::leak(words.into_boxed_slice());
                    continue 'scan;
                }
            }
        }
        return (c, opts.operands());
    }
}

#[cold]
fn bad_option(e: OptError) -> ! {
    error(&[&e.message()], None);
    if let OptError::Invalid(b' ' | b'\t'..=b'\r') = e {
        error(&[b"use -[v]S to pass options in shebang lines"], None);
    }
    try_help(&SPEC)
}

/// `-S STRING`: its words, reported with `-v`.
fn split(c: &Config, s: &'static [u8]) -> Vec<&'static [u8]> {
    use logic::split_string::Error as E;
    let getenv = |name: &[u8]| {
        let v = sys::env::var(name);
        match v {
            Some(v) => debug(c, &[b"expanding ${", name, b"} into ", &quote(v)]),
            None => debug(c, &[b"replacing ${", name, b"} with null string"]),
        }
        v
    };
    let words = match logic::split_string::split(s, getenv) {
        Ok(w) => w,
        Err(e) => {
            let seq;
            let parts: [&[u8]; 2] = match e {
                E::Sequence(ch) => {
                    seq = [b'\\', ch];
                    die_canceled(&[b"invalid sequence '", &seq, b"' in -S"], None)
                }
                E::BackslashAtEnd => [b"invalid backslash at end of string in -S", b""],
                E::StopInQuotes => [b"'\\c' must not appear in double-quoted -S string", b""],
                E::NoQuote => [b"no terminating quote in -S string", b""],
                E::Variable(rest) => [b"only ${VARNAME} expansion is supported, error at: ", rest],
            };
            die_canceled(&parts, None)
        }
    };
    let words: Vec<&'static [u8]> = words.into_iter().map(|w| &*Vec::leak(w)).collect();
    if let Some((first, more)) = words.split_first() {
        debug(c, &[b"split -S:  ", &quote(s)]);
        debug(c, &[b" into:    ", &quote(first)]);
        for w in more {
            debug(c, &[b"     &    ", &quote(w)]);
        }
    }
    words
}

/// The signals of a `SIG` list (all known ones when absent); an invalid
/// one is a usage error.
fn signal_list(arg: &[u8]) -> Vec<i32> {
    arg.split(|&b| b == b',')
        .filter(|s| !s.is_empty())
        .map(|s| match signal::operand(s) {
            Some(n) if n > 0 => n,
            _ => usage_error(&SPEC, &[&quote(s), b": invalid signal"]),
        })
        .collect()
}

fn actions(c: &mut Config, arg: Option<&[u8]>, default: bool) {
    let Some(arg) = arg else {
        for sig in 1..=signal::MAX {
            if signal::name(sig).is_some() {
                c.actions[sig as usize] = if default {
                    Action::Default { quiet: true }
                } else {
                    Action::Ignore { quiet: true }
                };
            }
        }
        return;
    };
    for sig in signal_list(arg) {
        c.actions[sig as usize] = if default {
            Action::Default { quiet: false }
        } else {
            Action::Ignore { quiet: false }
        };
    }
}

/// Signals glibc's sigfillset sets (not its two reserved ones).
const ALL: Mask = !(3 << 31);

fn mask(c: &mut Config, arg: Option<&[u8]>, block: bool) {
    let (to, from) = if block {
        (&mut c.block, &mut c.unblock)
    } else {
        (&mut c.unblock, &mut c.block)
    };
    match arg {
        None => {
            *to = ALL;
            *from = 0;
        }
        Some(arg) => {
            for sig in signal_list(arg) {
                *to |= 1 << (sig - 1);
                *from &= !(1 << (sig - 1));
            }
        }
    }
    c.mask_changed = true;
}

fn name_num(sig: i32) -> Vec<u8> {
    let mut s = signal::name(sig).unwrap_or_default();
    s.extend_from_slice(b" (");
    logic::digits::push_u64(&mut s, sig as u64);
    s.push(b')');
    s
}

/// Applies the dispositions and the mask, then lists them with
/// `--list-signal-handling`.
fn signals(c: &Config) {
    for sig in 1..=signal::MAX {
        let (default, quiet) = match c.actions[sig as usize] {
            Action::Unchanged => continue,
            Action::Default { quiet } => (true, quiet),
            Action::Ignore { quiet } => (false, quiet),
        };
        let r = sys::signal::set_action(sig, default);
        if let (Err(e), false) = (r, quiet) {
            let mut n = Vec::new();
            logic::digits::push_u64(&mut n, sig as u64);
            die_canceled(&[b"failed to set signal action for signal ", &n], Some(e));
        }
        let what: &[u8] = if default { b"DEFAULT" } else { b"IGNORE" };
        let failed: &[u8] = if r.is_err() {
            b" (failure ignored)"
        } else {
            b""
        };
        debug(
            c,
            &[b"Reset signal ", &name_num(sig), b" to ", what, failed],
        );
    }
    if c.mask_changed {
        set_mask(c);
    }
    if c.list {
        list();
    }
}

fn set_mask(c: &Config) {
    let Ok(mut set) = sys::signal::blocked() else {
        die_canceled(&[b"failed to get signal process mask"], None)
    };
    for sig in 1..=signal::MAX {
        let bit = 1 << (sig - 1);
        let what: &[u8] = if c.block & bit != 0 {
            set |= bit;
            b"BLOCK"
        } else if c.unblock & bit != 0 {
            set &= !bit;
            b"UNBLOCK"
        } else {
            continue;
        };
        debug(c, &[b"signal ", &name_num(sig), b" mask set to ", what]);
    }
    if let Err(e) = sys::signal::set_blocked(set) {
        die_canceled(&[b"failed to set signal process mask"], Some(e));
    }
}

fn list() {
    let Ok(blocked) = sys::signal::blocked() else {
        die_canceled(&[b"failed to get signal process mask"], None)
    };
    for sig in 1..=signal::MAX {
        let Some(name) = signal::name(sig) else {
            continue;
        };
        let ignored = sys::signal::ignored(sig).unwrap_or(false);
        let block = blocked & (1 << (sig - 1)) != 0;
        if !ignored && !block {
            continue;
        }
        let mut line = name;
        line.resize(line.len().max(10), b' ');
        line.extend_from_slice(if sig < 10 { b" ( " } else { b" (" });
        logic::digits::push_u64(&mut line, sig as u64);
        line.extend_from_slice(b"): ");
        line.extend_from_slice(if block { b"BLOCK" } else { b"" });
        line.extend_from_slice(if block && ignored { b"," } else { b"" });
        line.extend_from_slice(if ignored { b"IGNORE\n" } else { b"\n" });
        write_stderr(&line);
    }
}

/// The command's environment: the process's (or none), without the `-u`
/// names, with the leading `NAME=VALUE` operands (taken from `rest`).
fn environment(c: &Config, ignore: bool, rest: &mut &[&'static [u8]]) -> Vec<&'static [u8]> {
    let mut env = if ignore {
        debug(c, &[b"cleaning environ"]);
        Vec::new()
    } else {
        let mut env = sys::env::vars();
        for &name in &c.unset {
            debug(c, &[b"unset:    ", name]);
            if name.is_empty() || name.contains(&b'=') {
                die_canceled(&[b"cannot unset ", &quote(name)], Some(sys::Errno::INVAL));
            }
            env.retain(|e| !(e.starts_with(name) && e.get(name.len()) == Some(&b'=')));
        }
        env
    };
    while let Some(&a) = rest.first() {
        let Some(eq) = a.iter().position(|&b| b == b'=') else {
            break;
        };
        debug(c, &[b"setenv:   ", a]);
        let name = &a[..=eq];
        match env.iter().position(|e| e.starts_with(name)) {
            Some(i) => env[i] = a,
            None => env.push(a),
        }
        *rest = &rest[1..];
    }
    env
}
