// corebox applet
// name: nohup
// usage: COMMAND [ARG]...
// usage: OPTION
// stop-at-operand: yes
// usage-status: 125
// help:
// Run COMMAND, ignoring hangup signals.
//
//       --help        display this help and exit
//       --version     output version information and exit
//
// If standard input is a terminal, redirect it from an unreadable file.
// If standard output is a terminal, append output to 'nohup.out' if possible,
// '$HOME/nohup.out' otherwise.
// If standard error is a terminal, redirect it to standard output.
// To save output to FILE, use '%s COMMAND > FILE'.
//
// NOTE: your shell may have its own version of nohup, which usually supersedes
// the version described here.  Please refer to your shell's documentation
// for details about the options it supports.

//! nohup: GNU nohup.c. A terminal on standard input is replaced by
//! /dev/null opened for writing; a terminal on standard output by
//! nohup.out (mode 0600, appended; $HOME/nohup.out when `.` refuses); a
//! terminal on standard error by standard output. SIGHUP is ignored, then
//! the command runs. Internal failures exit 125 (127 with POSIXLY_CORRECT).

use super::SPEC;
use crate::shared::diag::quoteaf;
use alloc::vec::Vec;
use sys::fs;
use sys::io::error;
use sys::io::Fd;

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let failure = if sys::env::posixly_correct() {
        127
    } else {
        125
    };
    sys::io::set_exit_failure(failure);
    let mut p = crate::shared::cli::parse(&SPEC, &args[1.min(args.len())..]);
    if let Some(Err(e)) = p.next_raw() {
        error(&[&e.message()], None);
        crate::shared::cli::try_help_status(failure);
    }
    let command = p.operands();
    if command.is_empty() {
        error(&[b"missing operand"], None);
        crate::shared::cli::try_help_status(failure);
    }
    let ignoring_input = fs::isatty(Fd::STDIN);
    let redirecting_stdout = fs::isatty(Fd::STDOUT);
    let stdout_closed = !redirecting_stdout && !fs::is_open(Fd::STDOUT);
    let redirecting_stderr = fs::isatty(Fd::STDERR);
    let fail = |what: &[u8], e| -> ! {
        error(&[what], Some(e));
        sys::rt::exit(failure)
    };
    if ignoring_input {
        if let Err(e) = reopen(Fd::STDIN, fs::open_write_only(b"/dev/null")) {
            fail(b"failed to render standard input unusable", e);
        }
        if !redirecting_stdout && !redirecting_stderr {
            error(&[b"ignoring input"], None);
        }
    }
    let mut out_fd = Fd::STDOUT;
    if redirecting_stdout || (redirecting_stderr && stdout_closed) {
        match open_nohup_out(redirecting_stdout) {
            Ok((fd, name)) => {
                out_fd = fd;
                let what: &[u8] = if ignoring_input {
                    b"ignoring input and appending output to "
                } else {
                    b"appending output to "
                };
                error(&[what, &quoteaf(&name)], None);
            }
            Err(()) => return failure,
        }
    }
    let mut saved_stderr = None;
    if redirecting_stderr {
        saved_stderr = fs::dup_above_stdio(Fd::STDERR).ok();
        if !redirecting_stdout {
            let what: &[u8] = if ignoring_input {
                b"ignoring input and redirecting stderr to stdout"
            } else {
                b"redirecting stderr to stdout"
            };
            error(&[what], None);
        }
        if let Err(e) = fs::dup_to(out_fd, Fd::STDERR) {
            fail(b"failed to redirect standard error", e);
        }
    }
    if sys::io::stderr_failed() {
        return failure;
    }
    sys::signal::ignore(sys::signal::Sig::HUP).ok();
    let (e, status) = crate::shared::process::exec(&command, None);
    // Say why only where the original standard error can hear it.
    let back = match &saved_stderr {
        Some(f) => fs::dup_to(f.fd(), Fd::STDERR).is_ok(),
        None => !redirecting_stderr,
    };
    if back {
        error(&[b"failed to run command ", &quoteaf(command[0])], Some(e));
    }
    status
}

/// fd_reopen: `opened` becomes descriptor `to`.
#[cfg_attr(corebox_opt, optimize(size))]
fn reopen(to: Fd, opened: sys::errno::Result<sys::io::File>) -> sys::errno::Result<()> {
    let f = opened?;
    if f.fd() == to {
        f.keep();
        return Ok(());
    }
    fs::dup_to(f.fd(), to)
}

/// Opens nohup.out (then $HOME/nohup.out) for appending, as standard
/// output when `as_stdout`; its descriptor and name. Err after reporting.
#[cfg_attr(corebox_opt, optimize(size))]
fn open_nohup_out(as_stdout: bool) -> Result<(Fd, Vec<u8>), ()> {
    let open = |name: &[u8]| -> sys::errno::Result<Fd> {
        let f = fs::open_append_mode(name, 0o600);
        if as_stdout {
            reopen(Fd::STDOUT, f).map(|()| Fd::STDOUT)
        } else {
            f.map(|f| f.keep())
        }
    };
    let first = match open(b"nohup.out") {
        Ok(fd) => return Ok((fd, b"nohup.out".to_vec())),
        Err(e) => e,
    };
    let home = sys::env::var(b"HOME").map(|h| {
        let mut p = h.to_vec();
        if !p.ends_with(b"/") {
            p.push(b'/');
        }
        p.extend_from_slice(b"nohup.out");
        p
    });
    let second = match &home {
        Some(h) => match open(h) {
            Ok(fd) => return Ok((fd, h.clone())),
            Err(e) => Some(e),
        },
        None => None,
    };
    error(&[b"failed to open ", &quoteaf(b"nohup.out")], Some(first));
    if let (Some(h), Some(e)) = (&home, second) {
        error(&[b"failed to open ", &quoteaf(h)], Some(e));
    }
    Err(())
}
