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

/// Calls `f` with the name and type of every entry of the open directory
/// `dir` (including `.` and `..`): the type as the `S_IFMT` bits of a
/// mode, 0 when the file system does not tell (DT_UNKNOWN). An error
/// reading the directory ends the listing after the entries read so far;
/// ENOENT (a directory removed while open) is its end, as glibc's readdir
/// has it.
pub fn for_each_entry(dir: Fd, mut f: impl FnMut(&[u8], u32)) -> Result<()> {
    let mut buf: Vec<u8> = Vec::with_capacity(32 * 1024);
    let mut it = RawDir::new(dir.b(), buf.spare_capacity_mut());
    while let Some(e) = it.next() {
        let e = match e {
            Ok(e) => e,
            Err(rustix::io::Errno::NOENT) => return Ok(()),
            Err(e) => return Err(Errno::from(e)),
        };
        let kind = match e.file_type() {
            rustix::fs::FileType::Unknown => 0,
            t => t.as_raw_mode() & crate::fs::S_IFMT,
        };
        f(e.file_name().to_bytes(), kind);
    }
    Ok(())
}
