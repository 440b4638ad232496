//! Signal dispositions (default or ignored; corebox installs no handlers),
//! and sending signals.

use crate::errno::{Errno, Result};
use crate::rt::kernel;
#[cfg(not(target_arch = "riscv64"))]
use crate::rt::kernel::KernelSigaction;
use rustix::process::{kill_process, Pid, Signal};

pub use rustix::process::Signal as Sig;

/// The handler values the kernel knows without code of ours.
const SIG_DFL: usize = 0;
const SIG_IGN: usize = 1;

/// rt_sigaction: installs `new` (SIG_DFL or SIG_IGN) as `sig`'s action when
/// given, and returns the handler value it replaces. Every disposition of
/// this module goes through here.
#[cfg(not(target_arch = "riscv64"))]
fn action(sig: Signal, new: Option<usize>) -> Result<usize> {
    let act = new.map(|h| KernelSigaction {
        sa_handler_kernel: if h == SIG_IGN {
            kernel::kernel_sig_ign()
        } else {
            kernel::KERNEL_SIG_DFL
        },
        ..Default::default()
    });
    // SAFETY: SIG_DFL and SIG_IGN run no code of ours in signal context.
    let old = unsafe { kernel::kernel_sigaction(sig, act) }.map_err(Errno::from)?;
    Ok(old.sa_handler_kernel.map_or(SIG_DFL, |f| f as usize))
}

/// rt_sigaction on riscv64, by hand: the kernel's riscv64 sigaction is 24
/// bytes (handler, flags, mask: no sa_restorer), but qemu-user 7.2, where
/// the project's riscv64 tests run, reads and writes 32 (with a restorer
/// word). Written into rustix's 24-byte struct, the old action overran it
/// by 8 bytes into the caller's saved registers (timeout lost its
/// "timed out" under qemu-riscv64 once its code was laid out differently).
/// Both buffers here have room for either layout, zero where unused.
#[cfg(target_arch = "riscv64")]
fn action(sig: Signal, new: Option<usize>) -> Result<usize> {
    let act: [usize; 4] = [new.unwrap_or(SIG_DFL), 0, 0, 0];
    let mut old = [0usize; 4];
    let ret: isize;
    // SAFETY: rt_sigaction (134) reads at most 32 bytes at a1 and writes at
    // most 32 at a2, both buffers of that size on this frame; SIG_DFL and
    // SIG_IGN run no code of ours in signal context; 8 is the size of the
    // kernel's sigset.
    unsafe {
        core::arch::asm!(
            "ecall",
            inlateout("a0") sig.as_raw() as isize => ret,
            in("a1") if new.is_some() { act.as_ptr() } else { core::ptr::null() },
            in("a2") old.as_mut_ptr(),
            in("a3") 8usize,
            in("a7") 134usize,
            options(nostack),
        );
    }
    if ret < 0 {
        return Err(Errno(-ret as i32));
    }
    Ok(old[0])
}

/// Whether `sig` is currently ignored (inherited SIG_IGN, for example).
pub fn is_ignored(sig: Signal) -> bool {
    action(sig, None) == Ok(SIG_IGN)
}

fn set(sig: Signal, handler: usize) -> Result<()> {
    action(sig, Some(handler)).map(|_| ())
}

/// Restores the default action of `sig` (for SIGPIPE: die quietly when the
/// reader of a pipe goes away, as `tee -p`-less GNU tools do).
pub fn set_default(sig: Signal) -> Result<()> {
    set(sig, SIG_DFL)
}

/// Ignores `sig` (nohup's SIGHUP, `tee -p`'s SIGPIPE).
pub fn ignore(sig: Signal) -> Result<()> {
    set(sig, SIG_IGN)
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
    Ok(action(signal(sig)?, None)? == SIG_IGN)
}

/// Sets the action of signal `sig` (a number) to its default or to ignore
/// (SIGKILL and SIGSTOP refuse with EINVAL).
pub fn set_action(sig: i32, default: bool) -> Result<()> {
    set(signal(sig)?, if default { SIG_DFL } else { SIG_IGN })
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
