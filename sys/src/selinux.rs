//! SELinux without libselinux: file labels are the `security.selinux`
//! extended attribute (written NUL-terminated, as libselinux does), process
//! contexts live in /proc/thread-self/attr, and selinuxfs judges contexts.

use crate::cpath::P;
use crate::errno::{Errno, Result};
use crate::io::Fd;
use alloc::vec::Vec;
use rustix::fs as rfs;

/// SELINUX_MAGIC, the f_type of selinuxfs.
const SELINUX_MAGIC: u64 = 0xf97cff8c;

#[cfg_attr(corebox_opt, optimize(size))]
fn xattr_name() -> &'static core::ffi::CStr {
    c"security.selinux"
}

/// `name` in the directory `dir` as a path the xattr calls accept: the
/// name itself for the current directory, else through /proc/self/fd.
#[cfg_attr(corebox_opt, optimize(size))]
pub(crate) fn at_path(dir: Fd, name: &[u8]) -> Vec<u8> {
    if dir == Fd::CWD {
        return name.to_vec();
    }
    let mut p = Vec::with_capacity(name.len() + 24);
    p.extend_from_slice(b"/proc/self/fd/");
    logic::digits::push_u64(&mut p, dir.raw() as u64);
    p.push(b'/');
    p.extend_from_slice(name);
    p
}

/// Whether /proc/self/fd can name files relative to a descriptor (there
/// is no /proc early in an initramfs): callers fall back to whole paths.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn proc_fds() -> bool {
    use core::sync::atomic::{AtomicU8, Ordering};
    static KNOWN: AtomicU8 = AtomicU8::new(0);
    match KNOWN.load(Ordering::Relaxed) {
        1 => true,
        2 => false,
        _ => {
            let ok = rfs::accessat(
                rfs::CWD,
                P(b"/proc/self/fd"),
                rfs::Access::EXISTS,
                rfs::AtFlags::empty(),
            )
            .is_ok();
            KNOWN.store(if ok { 1 } else { 2 }, Ordering::Relaxed);
            ok
        }
    }
}

/// The label of `name` in `dir` (of the link itself unless `follow`);
/// None if it has none (ENODATA).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn get_label(dir: Fd, name: &[u8], follow: bool) -> Result<Option<Vec<u8>>> {
    let path = at_path(dir, name);
    let mut buf = Vec::new();
    Ok(label_into(&path, follow, &mut buf)?.map(|_| buf))
}

/// The label of the file `path` (of the link itself unless `follow`)
/// into `buf`, up to its NUL: the size of the attribute, None if it has
/// none (ENODATA). A buffer kept from call to call saves an allocation
/// per file (ls -l).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn label_into(path: &[u8], follow: bool, buf: &mut Vec<u8>) -> Result<Option<usize>> {
    buf.clear();
    buf.resize(buf.capacity().max(256), 0);
    loop {
        let r = if follow {
            rfs::getxattr(P(path), xattr_name(), &mut buf[..])
        } else {
            rfs::lgetxattr(P(path), xattr_name(), &mut buf[..])
        };
        match r {
            Ok(n) => {
                buf.truncate(n);
                if let Some(z) = buf.iter().position(|&b| b == 0) {
                    buf.truncate(z);
                }
                return Ok(Some(n));
            }
            Err(rustix::io::Errno::NODATA) => {
                buf.clear();
                return Ok(None);
            }
            Err(rustix::io::Errno::RANGE) if buf.len() < 1 << 16 => {
                let n = buf.len() * 4;
                buf.resize(n, 0);
            }
            Err(e) => {
                buf.clear();
                return Err(Errno::from(e));
            }
        }
    }
}

/// Sets the label of `name` in `dir` (of the link itself unless `follow`).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn set_label(dir: Fd, name: &[u8], ctx: &[u8], follow: bool) -> Result<()> {
    let path = at_path(dir, name);
    let mut v = ctx.to_vec();
    v.push(0);
    let f = rfs::XattrFlags::empty();
    if follow {
        rfs::setxattr(P(&path[..]), xattr_name(), &v, f)
    } else {
        rfs::lsetxattr(P(&path[..]), xattr_name(), &v, f)
    }
    .map_err(Errno::from)
}

/// libselinux's is_selinux_enabled: selinuxfs is mounted.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn enabled() -> bool {
    rfs::statfs(P(b"/sys/fs/selinux")).is_ok_and(|s| s.f_type as u64 == SELINUX_MAGIC)
}

/// The context of this process (getcon).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn current() -> Result<Vec<u8>> {
    let mut v = crate::system::read_file(b"/proc/thread-self/attr/current")?;
    while v.last().is_some_and(|&b| b == 0 || b == b'\n') {
        v.pop();
    }
    Ok(v)
}

#[cfg_attr(corebox_opt, optimize(size))]
fn write_attr(path: &[u8], ctx: &[u8]) -> Result<()> {
    let f = crate::fs::open(path, crate::fs::Open::WriteTrunc)?;
    let mut v = ctx.to_vec();
    v.push(0);
    f.fd().write_all(&v)
}

/// The context the next execve gets (setexeccon).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn set_exec(ctx: &[u8]) -> Result<()> {
    write_attr(b"/proc/thread-self/attr/exec", ctx)
}

/// The context the files this thread creates next get (setfscreatecon).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn set_fscreate(ctx: &[u8]) -> Result<()> {
    write_attr(b"/proc/thread-self/attr/fscreate", ctx)
}

/// getfscreatecon: the context set for the files created next, None
/// when none is (the policy's default applies).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn fscreate() -> Result<Option<Vec<u8>>> {
    let mut v = crate::system::read_file(b"/proc/thread-self/attr/fscreate")?;
    while v.last().is_some_and(|&b| b == 0 || b == b'\n') {
        v.pop();
    }
    Ok((!v.is_empty()).then_some(v))
}

/// setfscreatecon(NULL): files created next get the policy's default.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn clear_fscreate() -> Result<()> {
    let f = crate::fs::open(
        b"/proc/thread-self/attr/fscreate",
        crate::fs::Open::WriteTrunc,
    )?;
    // A write of nothing clears it, as libselinux does.
    loop {
        match f.fd().write_once(&[]) {
            Err(Errno::INTR) => {}
            r => return r.map(drop),
        }
    }
}

/// security_check_context: asks selinuxfs whether `ctx` is valid.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn check_context(ctx: &[u8]) -> Result<()> {
    let f = rfs::openat(
        rfs::CWD,
        P(b"/sys/fs/selinux/context"),
        rfs::OFlags::RDWR | rfs::OFlags::CLOEXEC,
        rfs::Mode::empty(),
    )
    .map_err(Errno::from)?;
    let mut v = ctx.to_vec();
    v.push(0);
    rustix::io::write(&f, &v).map(drop).map_err(Errno::from)
}

/// security_compute_create for the class `process`: the context a process
/// of context `scon` gets by executing a file labeled `tcon`.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn compute_create(scon: &[u8], tcon: &[u8]) -> Result<Vec<u8>> {
    compute_create_class(scon, tcon, b"process")
}

/// The selinuxfs name of the class of files of type `mode` (S_IFMT bits):
/// libselinux's mode_to_security_class.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn file_class(mode: u32) -> Option<&'static [u8]> {
    Some(match mode & 0o170000 {
        0o100000 => b"file",
        0o040000 => b"dir",
        0o020000 => b"chr_file",
        0o060000 => b"blk_file",
        0o010000 => b"fifo_file",
        0o120000 => b"lnk_file",
        0o140000 => b"sock_file",
        _ => return None,
    })
}

/// security_compute_create: the context an object of class `class` (its
/// selinuxfs name) gets when a subject of context `scon` creates it in an
/// object labeled `tcon`.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn compute_create_class(scon: &[u8], tcon: &[u8], class: &[u8]) -> Result<Vec<u8>> {
    let mut ipath = b"/sys/fs/selinux/class/".to_vec();
    ipath.extend_from_slice(class);
    ipath.extend_from_slice(b"/index");
    let idx = crate::system::read_file(&ipath)?;
    let f = rfs::openat(
        rfs::CWD,
        P(b"/sys/fs/selinux/create"),
        rfs::OFlags::RDWR | rfs::OFlags::CLOEXEC,
        rfs::Mode::empty(),
    )
    .map_err(Errno::from)?;
    let mut q = scon.to_vec();
    q.push(b' ');
    q.extend_from_slice(tcon);
    q.push(b' ');
    q.extend_from_slice(idx.trim_ascii());
    rustix::io::write(&f, &q).map_err(Errno::from)?;
    let mut buf = alloc::vec![0u8; 4096];
    let n = rustix::io::read(&f, &mut buf[..]).map_err(Errno::from)?;
    buf.truncate(n);
    if let Some(z) = buf.iter().position(|&b| b == 0) {
        buf.truncate(z);
    }
    Ok(buf)
}
