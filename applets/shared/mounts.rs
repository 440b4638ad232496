//! The table of mounted file systems and the mount point of a file, as
//! stat's `%m` and df find them (gnulib's read_file_system_list and
//! find_mount_point).

use super::canon::{canonicalize, Need};
use super::diag::quoteaf;
use alloc::vec::Vec;
use logic::mountinfo::Mount;
use sys::fs::Stat;
use sys::io::error;
use sys::Errno;

/// The mounted file systems from `/proc/self/mountinfo`, or when it
/// cannot be read (no /proc) from `/etc/mtab`, in their order.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn read_table() -> Result<Vec<Mount>, Errno> {
    match sys::system::read_file(b"/proc/self/mountinfo") {
        Ok(t) => Ok(logic::mountinfo::parse(&t)),
        Err(_) => sys::system::read_file(b"/etc/mtab").map(|t| logic::mountinfo::parse_mtab(&t)),
    }
}

/// gnulib's find_mount_point without changing directory: from the
/// file's directory (canonical, so `..` is the physical parent) up to
/// the last directory on the same device; `st` is the file's stat.
/// Problems are reported in gnulib's words.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn find_mount_point(name: &[u8], st: &Stat) -> Option<Vec<u8>> {
    let (dir, mut last) = if st.is_dir() {
        (name, *st)
    } else {
        let d = logic::path::dirname(name);
        let s = sys::fs::stat(d).ok();
        (d, s.unwrap_or(*st))
    };
    let mut here = match canonicalize(dir, Need::All, false) {
        Ok(c) => c,
        Err(e) => {
            error(&[b"cannot change to directory ", &quoteaf(dir)], Some(e));
            return None;
        }
    };
    if !st.is_dir() {
        last = match sys::fs::stat(&here) {
            Ok(s) => s,
            Err(e) => {
                let msg: &[&[u8]] = &[b"cannot stat current directory (now ", &quoteaf(dir), b")"];
                error(msg, Some(e));
                return None;
            }
        };
    }
    loop {
        let mut up = here.clone();
        up.extend_from_slice(if here == b"/" { b".." } else { b"/.." });
        let parent = match sys::fs::stat(&up) {
            Ok(s) => s,
            Err(e) => {
                error(&[b"cannot stat ", &quoteaf(b"..")], Some(e));
                return None;
            }
        };
        if parent.dev != last.dev || parent.ino == last.ino {
            return Some(here);
        }
        let cut = here.iter().rposition(|&b| b == b'/').unwrap_or(0);
        here.truncate(cut.max(1));
        last = parent;
    }
}
