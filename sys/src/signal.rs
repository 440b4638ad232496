//! Signal dispositions (default or ignored; corebox installs no handlers),
//! and sending signals.

use crate::errno::{Errno, Result};
use crate::rt::kernel::{self, KernelSigaction};
use rustix::process::{kill_process, Pid, Signal};

pub use rustix::process::Signal as Sig;

/// Whether `sig` is currently ignored (inherited SIG_IGN, for example).
pub fn is_ignored(sig: Signal) -> bool {
    // SAFETY: a query (no new action) changes nothing.
    match unsafe { kernel::kernel_sigaction(sig, None) } {
        // SIG_IGN is the handler value 1.
        Ok(old) => {
            old.sa_handler_kernel.map(|f| f as usize)
                == kernel::kernel_sig_ign().map(|f| f as usize)
        }
        Err(_) => false,
    }
}

fn set(sig: Signal, handler: kernel::KernelSighandler) -> Result<()> {
    let act = KernelSigaction {
        sa_handler_kernel: handler,
        ..Default::default()
    };
    // SAFETY: SIG_DFL and SIG_IGN run no code of ours in signal context.
    unsafe { kernel::kernel_sigaction(sig, Some(act)) }
        .map(|_| ())
        .map_err(Errno::from)
}

/// Restores the default action of `sig` (for SIGPIPE: die quietly when the
/// reader of a pipe goes away, as `tee -p`-less GNU tools do).
pub fn set_default(sig: Signal) -> Result<()> {
    set(sig, kernel::KERNEL_SIG_DFL)
}

/// Ignores `sig` (nohup's SIGHUP, `tee -p`'s SIGPIPE).
pub fn ignore(sig: Signal) -> Result<()> {
    set(sig, kernel::kernel_sig_ign())
}

/// Sends `sig` to process `pid`.
pub fn kill(pid: i32, sig: Signal) -> Result<()> {
    let pid = Pid::from_raw(pid).ok_or(Errno::INVAL)?;
    kill_process(pid, sig).map_err(Errno::from)
}

/// Ends the process by `sig` with its default action (GNU's die_pipe:
/// SIGPIPE when the reader of standard output is gone).
pub fn raise_default(sig: Signal) -> ! {
    set_default(sig).ok();
    kill_process(rustix::process::getpid(), sig).ok();
    crate::rt::exit_now(128 + sig.as_raw())
}

/// Whether process `pid` exists: kill(pid, 0) succeeds or fails with EPERM.
/// `Err(ENOSYS)` means such checks are not supported.
pub fn process_exists(pid: i32) -> Result<bool> {
    let Some(p) = Pid::from_raw(pid) else {
        return Ok(false);
    };
    match rustix::process::test_kill_process(p) {
        Ok(()) => Ok(true),
        Err(rustix::io::Errno::PERM) => Ok(true),
        Err(rustix::io::Errno::NOSYS) => Err(Errno::from(rustix::io::Errno::NOSYS)),
        Err(_) => Ok(false),
    }
}

/// The signal numbered `sig` (1 to 64), for the calls below.
fn signal(sig: i32) -> Result<Signal> {
    if !(1..=64).contains(&sig) {
        return Err(Errno::INVAL);
    }
    // SAFETY: a number from 1 to 64 is a signal the kernel knows; there is
    // no libc here whose reserved signals rustix's check protects.
    Ok(unsafe { Signal::from_raw_unchecked(sig) })
}

/// Whether signal `sig` (a number) is ignored; an error when the kernel
/// refuses to tell (not a signal).
pub fn ignored(sig: i32) -> Result<bool> {
    let s = signal(sig)?;
    // SAFETY: a query (no new action) changes nothing.
    let old = unsafe { kernel::kernel_sigaction(s, None) }.map_err(Errno::from)?;
    Ok(old.sa_handler_kernel.map(|f| f as usize) == kernel::kernel_sig_ign().map(|f| f as usize))
}

/// Sets the action of signal `sig` (a number) to its default or to ignore
/// (SIGKILL and SIGSTOP refuse with EINVAL).
pub fn set_action(sig: i32, default: bool) -> Result<()> {
    let h = if default {
        kernel::KERNEL_SIG_DFL
    } else {
        kernel::kernel_sig_ign()
    };
    set(signal(sig)?, h)
}

/// A set of signals as a bit mask: bit `n - 1` is signal `n`.
pub type Mask = u64;

fn sigset(mask: Mask) -> kernel::KernelSigSet {
    let mut set = kernel::KernelSigSet::empty();
    for sig in 1..=64 {
        if mask & (1 << (sig - 1)) != 0 {
            if let Ok(s) = signal(sig) {
                set.insert(s);
            }
        }
    }
    set
}

fn mask_of(set: &kernel::KernelSigSet) -> Mask {
    (1..=64)
        .filter(|&sig| signal(sig).is_ok_and(|s| set.contains(s)))
        .fold(0, |m, sig| m | 1 << (sig - 1))
}

/// The blocked signals.
pub fn blocked() -> Result<Mask> {
    // SAFETY: a query of the mask changes nothing.
    let old = unsafe { kernel::kernel_sigprocmask(kernel::How::BLOCK, None) };
    old.map(|s| mask_of(&s)).map_err(Errno::from)
}

/// Sets the blocked signals to `mask`; returns the mask before.
pub fn set_blocked(mask: Mask) -> Result<Mask> {
    let set = sigset(mask);
    // SAFETY: blocking signals runs no code; corebox has no handlers and
    // no other threads whose expectations it could break.
    let old = unsafe { kernel::kernel_sigprocmask(kernel::How::SETMASK, Some(&set)) };
    old.map(|s| mask_of(&s)).map_err(Errno::from)
}

/// Waits for one of the (blocked) signals of `mask` to be pending, at most
/// `timeout` (seconds, nanoseconds; None: for ever), and takes it.
/// Ok(None) when the time ran out.
pub fn wait(mask: Mask, timeout: Option<(i64, i64)>) -> Result<Option<i32>> {
    let set = sigset(mask);
    let ts = timeout.map(|(s, ns)| kernel::Timespec {
        tv_sec: s,
        tv_nsec: ns as _,
    });
    // SAFETY: the signals waited for are blocked, so taking one here
    // instead of by a handler loses nothing another part expects.
    match unsafe { kernel::kernel_sigtimedwait(&set, ts.as_ref()) } {
        Ok(info) => {
            // SAFETY: si_signo is set by the kernel for every siginfo.
            let signo = unsafe { info.__bindgen_anon_1.__bindgen_anon_1.si_signo };
            Ok(Some(signo))
        }
        Err(rustix::io::Errno::AGAIN) => Ok(None),
        Err(e) => Err(Errno::from(e)),
    }
}

/// Sends signal `sig` (a number; 0 checks) to `pid` (0: this process
/// group, negative: that group).
pub fn send(pid: i32, sig: i32) -> Result<()> {
    crate::process::kill_raw(pid, sig)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn processes_exist_until_reaped() {
        assert_eq!(process_exists(std::process::id() as i32), Ok(true));
        let mut c = std::process::Command::new("true").spawn().unwrap();
        let pid = c.id() as i32;
        c.wait().unwrap();
        assert_eq!(process_exists(pid), Ok(false));
        assert_eq!(process_exists(0), Ok(false));
    }

    #[test]
    fn ignore_then_default() {
        // SIGURG is harmless to play with in a test process.
        ignore(Signal::URG).unwrap();
        assert!(is_ignored(Signal::URG));
        set_default(Signal::URG).unwrap();
        assert!(!is_ignored(Signal::URG));
    }
}
