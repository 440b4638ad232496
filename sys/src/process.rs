//! Processes: fork and wait, process groups, priorities, the working and
//! root directories, credentials, and sending signals by number.

use crate::errno::{Errno, Result};
use alloc::vec::Vec;
use rustix::process::{Gid, Pid, Uid};

/// fork: Ok(None) in the child, Ok(Some(pid)) in the parent.
pub fn fork() -> Result<Option<i32>> {
    // SAFETY: corebox runs one thread, so the child has every lock and
    // buffer in a consistent state; it only execs or exits.
    match unsafe { crate::rt::kernel::kernel_fork() } {
        Ok(crate::rt::kernel::Fork::Child(_)) => Ok(None),
        Ok(crate::rt::kernel::Fork::ParentOf(p)) => Ok(Some(p.as_raw_nonzero().get())),
        Err(e) => Err(Errno::from(e)),
    }
}

/// How a child ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Exit {
    Code(i32),
    /// Killed by this signal (and whether it dumped core).
    Signal(i32, bool),
    /// Stopped (when waiting with `stopped`), by this signal.
    Stopped(i32),
}

/// Waits for child `pid` (any child when 0); `hang` false: Ok(None) when
/// it is still running; `stopped`: report a stopped child too (WUNTRACED).
pub fn wait(pid: i32, hang: bool, stopped: bool) -> Result<Option<(i32, Exit)>> {
    use rustix::process::WaitOptions;
    let mut opts = WaitOptions::empty();
    if !hang {
        opts |= WaitOptions::NOHANG;
    }
    if stopped {
        opts |= WaitOptions::UNTRACED;
    }
    let r = rustix::process::waitpid(Pid::from_raw(pid), opts).map_err(Errno::from)?;
    Ok(r.map(|(p, st)| {
        let how = if let Some(s) = st.terminating_signal() {
            Exit::Signal(s, st.as_raw() & 0x80 != 0)
        } else if let Some(s) = st.stopping_signal() {
            Exit::Stopped(s)
        } else {
            Exit::Code(st.exit_status().unwrap_or(0))
        };
        (p.as_raw_nonzero().get(), how)
    }))
}

/// This process's id.
pub fn id() -> i32 {
    rustix::process::getpid().as_raw_nonzero().get()
}

/// Puts this process in a process group of its own (setpgid(0, 0)).
pub fn own_group() -> Result<()> {
    rustix::process::setpgid(None, None).map_err(Errno::from)
}

/// kill(pid, sig) by numbers: pid 0 is this group, -1 every process,
/// other negatives a group; sig 0 only checks.
pub(crate) fn kill_raw(pid: i32, sig: i32) -> Result<()> {
    use rustix::process as p;
    let target = Pid::from_raw(pid.checked_abs().ok_or(Errno(3))?);
    if sig == 0 {
        return match target {
            None => p::test_kill_current_process_group(),
            Some(t) if pid > 0 => p::test_kill_process(t),
            Some(t) => p::test_kill_process_group(t),
        }
        .map_err(Errno::from);
    }
    if !(1..=64).contains(&sig) {
        return Err(Errno::INVAL);
    }
    // SAFETY: a number from 1 to 64 is a signal the kernel knows.
    let s = unsafe { rustix::process::Signal::from_raw_unchecked(sig) };
    match target {
        None => p::kill_current_process_group(s),
        Some(t) if pid > 0 => p::kill_process(t, s),
        // kill(-1) is kill_process_group(1): every process we may signal.
        Some(t) => p::kill_process_group(t, s),
    }
    .map_err(Errno::from)
}

/// The nice value of this process.
pub fn niceness() -> Result<i32> {
    rustix::process::getpriority_process(None).map_err(Errno::from)
}

/// Sets the nice value of this process.
pub fn set_niceness(n: i32) -> Result<()> {
    rustix::process::setpriority_process(None, n).map_err(Errno::from)
}

/// chdir(2).
pub fn chdir(path: &[u8]) -> Result<()> {
    rustix::process::chdir(crate::cpath::P(path)).map_err(Errno::from)
}

/// chroot(2).
pub fn chroot(path: &[u8]) -> Result<()> {
    rustix::process::chroot(crate::cpath::P(path)).map_err(Errno::from)
}

/// The supplementary groups of this process.
pub fn groups() -> Result<Vec<u32>> {
    let g = rustix::process::getgroups().map_err(Errno::from)?;
    Ok(g.iter().map(|g| g.as_raw()).collect())
}

/// setgroups(2).
pub fn set_groups(groups: &[u32]) -> Result<()> {
    let g: Vec<Gid> = groups.iter().map(|&g| Gid::from_raw(g)).collect();
    rustix::thread::set_thread_groups(&g).map_err(Errno::from)
}

/// setgid(2) (one thread: the process).
pub fn set_gid(gid: u32) -> Result<()> {
    rustix::thread::set_thread_gid(Gid::from_raw(gid)).map_err(Errno::from)
}

/// setuid(2) (one thread: the process).
pub fn set_uid(uid: u32) -> Result<()> {
    rustix::thread::set_thread_uid(Uid::from_raw(uid)).map_err(Errno::from)
}

/// Stops this process from dumping core (prctl PR_SET_DUMPABLE 0).
pub fn no_core_dumps() -> Result<()> {
    use rustix::process::{set_dumpable_behavior, DumpableBehavior};
    set_dumpable_behavior(DumpableBehavior::NotDumpable).map_err(Errno::from)
}
