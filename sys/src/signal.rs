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
