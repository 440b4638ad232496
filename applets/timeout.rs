// corebox applet
// name: timeout
// usage: [OPTION] DURATION COMMAND [ARG]...
// usage: [OPTION]
// stop-at-operand: yes
// usage-status: 125
// option: -k, --kill-after=DURATION
// option: -s, --signal=SIGNAL
// option: -v, --verbose
// option: -f, --foreground
// option: -p, --preserve-status
// help:
// Start COMMAND, and kill it if still running after DURATION.
//
// Mandatory arguments to long options are mandatory for short options too.
//       --preserve-status
//                  exit with the same status as COMMAND, even when the
//                    command times out
//       --foreground
//                  when not running timeout directly from a shell prompt,
//                    allow COMMAND to read from the TTY and get TTY signals;
//                    in this mode, children of COMMAND will not be timed out
//   -k, --kill-after=DURATION
//                  also send a KILL signal if COMMAND is still running
//                    this long after the initial signal was sent
//   -s, --signal=SIGNAL
//                  specify the signal to be sent on timeout;
//                    SIGNAL may be a name like 'HUP' or a number;
//                    see 'kill -l' for a list of signals
//   -v, --verbose  diagnose to stderr any signal sent upon timeout
//       --help        display this help and exit
//       --version     output version information and exit
//
// DURATION is a floating point number with an optional suffix:
// 's' for seconds (the default), 'm' for minutes, 'h' for hours or 'd' for days.
// A duration of 0 disables the associated timeout.
//
// Upon timeout, send the TERM signal to COMMAND, if no other SIGNAL specified.
// The TERM signal kills any process that does not block or catch that signal.
// It may be necessary to use the KILL signal, since this signal can't be caught.
//
// EXIT status:
//   124  if COMMAND times out, and --preserve-status is not specified
//   125  if the timeout command itself fails
//   126  if COMMAND is found but cannot be invoked
//   127  if COMMAND cannot be found
//   137  if COMMAND (or timeout itself) is sent the KILL (9) signal (128+9)
//   -    the exit status of COMMAND otherwise

//! timeout: GNU timeout.c without signal handlers. The signals GNU
//! catches (ALRM INT QUIT HUP TERM, the chosen one, CHLD) are blocked
//! before the fork and taken one by one with sigtimedwait, whose timeout
//! is the deadline; the child gets the original mask back before exec.
//! `-f` and `-p` are the short forms later GNU releases (9.6) gave
//! --foreground and --preserve-status; 9.1's help text is kept.
//! Unless --foreground, timeout leads its own process group and signals
//! all of it. Exit 124 on timeout, 125 for its own failures, 126/127 when
//! the command cannot run, else the command's status (a signal is raised
//! again on timeout itself).

use super::SPEC;
use crate::shared::cli::usage_error;
use crate::shared::diag::quote;
use logic::signal;
use sys::io::error;
use sys::process::Exit;
use sys::signal::Mask;

const CANCELED: i32 = 125;
const TIMED_OUT: i32 = 124;
const KILL: i32 = 9;
const CONT: i32 = 18;
const CHLD: i32 = 17;
const ALRM: i32 = 14;

struct Config {
    kill_after: f64,
    signal: i32,
    verbose: bool,
    foreground: bool,
    preserve: bool,
}

#[cfg_attr(corebox_opt, optimize(size))]
fn bit(sig: i32) -> Mask {
    if (1..=64).contains(&sig) {
        1 << (sig - 1)
    } else {
        0
    }
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::set_exit_failure(CANCELED);
    let (mut c, operands) = parse(args);
    let timeout = duration(operands[0]);
    let command = &operands[1..];
    if !c.foreground {
        sys::process::own_group().ok();
    }
    // SIGINT, SIGQUIT, SIGHUP, SIGTERM, SIGALRM: as GNU catches them.
    let mut caught = bit(2) | bit(3) | bit(1) | bit(15) | bit(ALRM) | bit(c.signal) | bit(CHLD);
    let original = sys::signal::blocked().unwrap_or(0);
    if sys::signal::set_blocked(original | caught).is_err() {
        error(&[b"warning: sigprocmask"], None);
    }
    // GNU installs handlers for these, which replaces an inherited SIG_IGN
    // (the command then starts with the default actions); an ignored
    // SIGCHLD would also reap the child before waitpid could.
    for sig in (1..=64).filter(|&s| caught & bit(s) != 0) {
        sys::signal::set_action(sig, true).ok();
    }
    sys::signal::set_action(21, false).ok();
    sys::signal::set_action(22, false).ok();
    let pid = match sys::process::fork() {
        Err(e) => {
            error(&[b"fork system call failed"], Some(e));
            return CANCELED;
        }
        Ok(None) => child(command, original),
        Ok(Some(pid)) => pid,
    };
    let mut deadline = deadline_after(timeout);
    let mut timed_out = false;
    let exit = loop {
        match sys::process::wait(pid, false, false) {
            Ok(Some((_, how))) => break how,
            Ok(None) => {}
            Err(e) => {
                error(&[b"error waiting for command"], Some(e));
                return CANCELED;
            }
        }
        let remaining = deadline.map(|d| {
            let ns = d.saturating_sub(sys::time::monotonic_ns());
            ((ns / 1_000_000_000) as i64, (ns % 1_000_000_000) as i64)
        });
        let sig = match sys::signal::wait(caught, remaining) {
            Ok(None) | Ok(Some(ALRM)) => {
                timed_out = true;
                deadline = None;
                c.signal
            }
            Ok(Some(CHLD)) | Err(_) => continue,
            Ok(Some(s)) => s,
        };
        let kill_next = c.kill_after > 0.0;
        if kill_next {
            deadline = deadline_after(c.kill_after);
            c.kill_after = 0.0;
        }
        if send(&c, pid, command[0], sig) {
            // Now ignored by timeout itself, as GNU's send_sig leaves it.
            caught &= !bit(sig);
            sys::signal::set_blocked(original | caught).ok();
        }
        if kill_next {
            c.signal = KILL;
        }
    };
    finish(&c, exit, timed_out, original)
}

/// The monotonic time `secs` from now; None for 0 (no timeout).
#[cfg_attr(corebox_opt, optimize(size))]
fn deadline_after(secs: f64) -> Option<u128> {
    if secs <= 0.0 {
        return None;
    }
    let (s, ns) = logic::duration::to_secs_nanos(secs);
    let s = s.min(i64::MAX as u64 / 2) as u128;
    Some(sys::time::monotonic_ns() + s * 1_000_000_000 + ns as u128)
}

/// GNU's cleanup(): the signal to the command (and to the group, when it
/// returns true: timeout then ignores it).
#[cfg_attr(corebox_opt, optimize(size))]
fn send(c: &Config, pid: i32, command: &[u8], sig: i32) -> bool {
    if c.verbose {
        let name = signal::name(sig).unwrap_or_else(|| {
            let mut v = alloc::vec::Vec::new();
            logic::digits::push_u64(&mut v, sig as u64);
            v
        });
        error(
            &[b"sending signal ", &name, b" to command ", &quote(command)],
            None,
        );
    }
    sys::signal::send(pid, sig).ok();
    if !c.foreground {
        to_group(sig);
        if sig != KILL && sig != CONT {
            sys::signal::send(pid, CONT).ok();
            to_group(CONT);
        }
    }
    !c.foreground
}

/// A signal to our own process group, ignored by timeout itself (which
/// SIGKILL cannot be: timeout then dies with the command, 137).
#[cfg_attr(corebox_opt, optimize(size))]
fn to_group(sig: i32) {
    sys::signal::set_action(sig, false).ok();
    sys::signal::send(0, sig).ok();
}

#[cfg_attr(corebox_opt, optimize(size))]
fn child(command: &[&[u8]], original: Mask) -> ! {
    sys::signal::set_action(21, true).ok();
    sys::signal::set_action(22, true).ok();
    sys::signal::set_blocked(original & !bit(CHLD)).ok();
    let (e, status) = crate::shared::process::exec(command, None);
    error(&[b"failed to run command ", &quote(command[0])], Some(e));
    sys::rt::exit(status)
}

#[cfg_attr(corebox_opt, optimize(size))]
fn finish(c: &Config, exit: Exit, timed_out: bool, original: Mask) -> i32 {
    let mut preserve = c.preserve;
    let status = match exit {
        Exit::Code(n) | Exit::Stopped(n) => n,
        Exit::Signal(sig, core) => {
            if core {
                error(&[b"the monitored command dumped core"], None);
            }
            if !timed_out && no_core_dumps() {
                // Exit the way the command did.
                sys::signal::set_action(sig, true).ok();
                sys::signal::set_blocked(original & !bit(sig)).ok();
                sys::signal::send(sys::process::id(), sig).ok();
            }
            preserve |= timed_out && sig == KILL;
            sig + 128
        }
    };
    if timed_out && !preserve {
        TIMED_OUT
    } else {
        status
    }
}

#[cfg_attr(corebox_opt, optimize(size))]
fn no_core_dumps() -> bool {
    match sys::process::no_core_dumps() {
        Ok(()) => true,
        Err(e) => {
            error(&[b"warning: disabling core dumps failed"], Some(e));
            false
        }
    }
}

#[cfg_attr(corebox_opt, optimize(size))]
fn duration(arg: &[u8]) -> f64 {
    match logic::duration::parse(arg) {
        Some(d) => d,
        None => usage_error(&SPEC, &[b"invalid time interval ", &quote(arg)]),
    }
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, alloc::vec::Vec<&'static [u8]>) {
    let mut c = Config {
        kill_after: 0.0,
        signal: 15,
        verbose: false,
        foreground: false,
        preserve: false,
    };
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1.min(args.len())..]);
    while let Some(o) = opts.next() {
        match o.key {
            'k' => c.kill_after = duration(o.arg.unwrap_or_default()),
            's' => {
                let a = o.arg.unwrap_or_default();
                match signal::operand(a) {
                    Some(n) => c.signal = n,
                    None => {
                        error(&[&quote(a), b": invalid signal"], None);
                        crate::shared::cli::try_help(&SPEC)
                    }
                }
            }
            'v' => c.verbose = true,
            'f' => c.foreground = true,
            _ => c.preserve = true,
        }
    }
    let operands = opts.operands();
    if operands.len() < 2 {
        crate::shared::cli::try_help(&SPEC);
    }
    (c, operands)
}
