//! Directory reading with getdents64 into a reusable buffer.

use crate::errno::{Errno, Result};
use crate::io::Fd;
use alloc::vec::Vec;
use rustix::fs::RawDir;

/// Calls `f` with the name of every entry of the open directory `dir`
/// (including `.` and `..`).
pub fn for_each_name(dir: Fd, mut f: impl FnMut(&[u8])) -> Result<()> {
    let mut buf: Vec<u8> = Vec::with_capacity(8192);
    let mut it = RawDir::new(dir.b(), buf.spare_capacity_mut());
    while let Some(e) = it.next() {
        let e = e.map_err(Errno::from)?;
        f(e.file_name().to_bytes());
    }
    Ok(())
}
