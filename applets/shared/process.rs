//! Running a command in place of the applet, as env, nice, nohup, timeout
//! and chroot do: execvp semantics and GNU's exit statuses.

use super::diag::quote;
use sys::Errno;

/// Status when the command was not found (ENOENT).
pub const ENOENT: i32 = 127;
/// Status when it was found but could not be run.
pub const CANNOT_INVOKE: i32 = 126;

/// Replaces the process with `argv` (in `env` when given, else the
/// process's environment); returns only when that failed: the error and
/// GNU's status for it.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn exec(argv: &[&[u8]], env: Option<&[&[u8]]>) -> (Errno, i32) {
    let e = match env {
        Some(env) => sys::exec::execvpe(argv, env),
        None => sys::exec::execvp(argv),
    };
    (
        e,
        if e == Errno::NOENT {
            ENOENT
        } else {
            CANNOT_INVOKE
        },
    )
}

/// [`exec`], then GNU's `NAME: 'COMMAND': ERROR` when it failed; returns
/// the exit status.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn exec_or_report(argv: &[&[u8]], env: Option<&[&[u8]]>) -> i32 {
    let (e, status) = exec(argv, env);
    sys::io::error(&[&quote(argv[0])], Some(e));
    status
}
