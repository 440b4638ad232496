//! System identity: uname, processors, host id.

use crate::errno::Result;
use alloc::vec::Vec;

/// The fields of uname(2).
pub struct Uname {
    pub sysname: Vec<u8>,
    pub nodename: Vec<u8>,
    pub release: Vec<u8>,
    pub version: Vec<u8>,
    pub machine: Vec<u8>,
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn uname() -> Uname {
    let u = rustix::system::uname();
    Uname {
        sysname: u.sysname().to_bytes().into(),
        nodename: u.nodename().to_bytes().into(),
        release: u.release().to_bytes().into(),
        version: u.version().to_bytes().into(),
        machine: u.machine().to_bytes().into(),
    }
}

/// Processors this process may run on (its affinity mask).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn nproc_current() -> Option<usize> {
    rustix::thread::sched_getaffinity(None)
        .ok()
        .map(|s| s.count() as usize)
        .filter(|&n| n > 0)
}

/// Processors configured in the system, as glibc counts them for
/// sysconf(_SC_NPROCESSORS_CONF): the cpuN entries of /sys/devices/system/cpu.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn nproc_configured() -> Option<usize> {
    let dir = crate::fs::open(b"/sys/devices/system/cpu", crate::fs::Open::Dir).ok()?;
    let mut n = 0;
    crate::dir::for_each_name(dir.fd(), |name| {
        if let Some(rest) = name.strip_prefix(b"cpu") {
            if !rest.is_empty() && rest.iter().all(u8::is_ascii_digit) {
                n += 1;
            }
        }
    })
    .ok()?;
    (n > 0).then_some(n)
}

/// Reads a whole (small) file.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn read_file(path: &[u8]) -> Result<Vec<u8>> {
    let f = crate::fs::open(path, crate::fs::Open::Read)?;
    let mut v = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match f.fd().read(&mut buf)? {
            0 => return Ok(v),
            n => v.extend_from_slice(&buf[..n]),
        }
    }
}

/// gethostid(3) as glibc computes it: the 4 bytes of /etc/hostid in host
/// byte order, else derived from the IPv4 address of the host name (found in
/// /etc/hosts; there is no resolver here) with its 16-bit halves swapped, else 0.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn hostid() -> u32 {
    if let Ok(b) = read_file(b"/etc/hostid") {
        if b.len() >= 4 {
            return u32::from_ne_bytes([b[0], b[1], b[2], b[3]]);
        }
    }
    let node = uname().nodename;
    let Ok(hosts) = read_file(b"/etc/hosts") else {
        return 0;
    };
    match logic::hosts::lookup_v4(&hosts, &node) {
        // in_addr_t holds the address in network order; glibc rotates it
        // by 16 bits as a host-order integer.
        Some(a) => u32::from_ne_bytes(a).rotate_left(16),
        None => 0,
    }
}

/// The size of a memory page (AT_PAGESZ from the auxiliary vector).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn page_size() -> usize {
    rustix::param::page_size()
}

/// sethostname(2).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn set_hostname(name: &[u8]) -> Result<()> {
    rustix::system::sethostname(name).map_err(crate::errno::Errno::from)
}

/// Fills `buf` from the kernel's random source (getrandom(2), retried
/// when interrupted or short).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn random_bytes(buf: &mut [u8]) -> crate::errno::Result<()> {
    let mut at = 0;
    while at < buf.len() {
        match rustix::rand::getrandom(&mut buf[at..], rustix::rand::GetRandomFlags::empty()) {
            Ok(n) => at += n,
            Err(rustix::io::Errno::INTR) => continue,
            Err(e) => return Err(crate::errno::Errno::from(e)),
        }
    }
    Ok(())
}

/// 64 random bits from the kernel: getrandom(2), retried when
/// interrupted, or /dev/urandom where that system call is missing
/// (before Linux 3.17) or refused (a seccomp filter); failing both, the
/// process id and the stack's address (randomised by the kernel). Not
/// the clock: reading it pulls in the vDSO lookup, 1.6 KB.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn random_u64() -> u64 {
    let mut b = [0u8; 8];
    loop {
        match rustix::rand::getrandom(&mut b, rustix::rand::GetRandomFlags::empty()) {
            Ok(8) => return u64::from_ne_bytes(b),
            Err(rustix::io::Errno::INTR) => continue,
            _ => break,
        }
    }
    if let Ok(f) = crate::fs::open(b"/dev/urandom", crate::fs::Open::Read) {
        if f.fd().read(&mut b) == Ok(8) {
            return u64::from_ne_bytes(b);
        }
    }
    let pid = rustix::process::getpid().as_raw_nonzero().get() as u64;
    (&b as *const [u8; 8] as u64) ^ pid.rotate_left(32) ^ u64::from_ne_bytes(b)
}

/// The soft limit on open files (getrlimit(2) RLIMIT_NOFILE; 1024 when
/// unknown or unlimited beyond u64).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn open_files_limit() -> u64 {
    rustix::process::getrlimit(rustix::process::Resource::Nofile)
        .current
        .unwrap_or(u64::MAX)
}
