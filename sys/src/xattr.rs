//! Extended attributes, by descriptor or by name (without following a
//! final symlink), for cp's --preserve=xattr and the ACLs of -p.

use crate::cpath::P;
use crate::errno::{Errno, Result};
use crate::io::Fd;
use alloc::vec::Vec;
use rustix::fs as rfs;

/// Which file: an open descriptor, or a name in a directory (the link
/// itself, not what it points to) together with its whole name from the
/// working directory, which is used where there is no /proc to name a
/// file relative to a descriptor (early in an initramfs).
#[derive(Clone, Copy)]
pub enum Of<'a> {
    Fd(Fd),
    At(Fd, &'a [u8], &'a [u8]),
}

fn path(dir: Fd, name: &[u8], whole: &[u8]) -> Vec<u8> {
    if dir == Fd::CWD || crate::selinux::proc_fds() {
        crate::selinux::at_path(dir, name)
    } else {
        whole.to_vec()
    }
}

/// Grows `buf` until `f` fits in it (ERANGE), up to 64 KiB (XATTR_SIZE_MAX).
fn sized(mut f: impl FnMut(&mut [u8]) -> rustix::io::Result<usize>) -> Result<Vec<u8>> {
    let mut buf = alloc::vec![0u8; 256];
    loop {
        match f(&mut buf) {
            Ok(n) => {
                buf.truncate(n);
                return Ok(buf);
            }
            Err(rustix::io::Errno::RANGE) if buf.len() < 1 << 17 => {
                let n = buf.len() * 4;
                logic::fill::grow(&mut buf, n, 0);
            }
            Err(e) => return Err(Errno::from(e)),
        }
    }
}

/// The names of the file's attributes, each ending in a NUL.
pub fn list(of: Of) -> Result<Vec<u8>> {
    match of {
        Of::Fd(fd) => sized(|b| rfs::flistxattr(fd.b(), b)),
        Of::At(dir, name, whole) => {
            let p = path(dir, name, whole);
            sized(|b| rfs::llistxattr(P(&p[..]), b))
        }
    }
}

/// The value of attribute `attr` (ENODATA: none).
pub fn get(of: Of, attr: &[u8]) -> Result<Vec<u8>> {
    match of {
        Of::Fd(fd) => sized(|b| rfs::fgetxattr(fd.b(), P(attr), b)),
        Of::At(dir, name, whole) => {
            let p = path(dir, name, whole);
            sized(|b| rfs::lgetxattr(P(&p[..]), P(attr), b))
        }
    }
}

/// Sets attribute `attr` to `value`, creating or replacing it.
pub fn set(of: Of, attr: &[u8], value: &[u8]) -> Result<()> {
    let fl = rfs::XattrFlags::empty();
    match of {
        Of::Fd(fd) => rfs::fsetxattr(fd.b(), P(attr), value, fl),
        Of::At(dir, name, whole) => {
            let p = path(dir, name, whole);
            rfs::lsetxattr(P(&p[..]), P(attr), value, fl)
        }
    }
    .map_err(Errno::from)
}

/// The size of the list of the file's attribute names (of a symlink itself
/// unless `follow`): 0 when it has none, one call to say that no
/// attribute need be asked for.
pub fn names_size(path: &[u8], follow: bool) -> Result<usize> {
    if follow {
        rfs::listxattr_query(P(path))
    } else {
        rfs::llistxattr_query(P(path))
    }
    .map_err(Errno::from)
}

/// The size of the value of attribute `attr` of the file `path` (of a
/// symlink itself unless `follow`): getxattr with no buffer, as gnulib's
/// file_has_acl asks whether a file has an ACL.
pub fn size(path: &[u8], attr: &core::ffi::CStr, follow: bool) -> Result<usize> {
    if follow {
        rfs::getxattr_query(P(path), attr)
    } else {
        rfs::lgetxattr_query(P(path), attr)
    }
    .map_err(Errno::from)
}
