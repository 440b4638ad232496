//! Files: open, stat, links, sync, and the kernel's copy offloads.

use crate::cpath::P;
use crate::errno::{Errno, Result};
use crate::io::{Fd, File};
use alloc::vec::Vec;
use rustix::fs::{self as rfs, Mode, OFlags};

/// The parts of `struct stat` the applets use, widened to 64 bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stat {
    pub dev: u64,
    pub ino: u64,
    pub mode: u32,
    pub nlink: u64,
    pub uid: u32,
    pub gid: u32,
    pub rdev: u64,
    pub size: i64,
    pub blksize: u64,
    pub blocks: u64,
    pub mtime: i64,
    pub mtime_nsec: u32,
    pub atime: i64,
    pub atime_nsec: u32,
    pub ctime: i64,
    pub ctime_nsec: u32,
}

pub const S_IFMT: u32 = 0o170000;
pub const S_IFDIR: u32 = 0o040000;
pub const S_IFREG: u32 = 0o100000;
pub const S_IFIFO: u32 = 0o010000;
pub const S_IFCHR: u32 = 0o020000;
pub const S_IFBLK: u32 = 0o060000;
pub const S_IFLNK: u32 = 0o120000;
pub const S_IFSOCK: u32 = 0o140000;

impl Stat {
    pub fn is_dir(&self) -> bool {
        self.mode & S_IFMT == S_IFDIR
    }
    pub fn is_reg(&self) -> bool {
        self.mode & S_IFMT == S_IFREG
    }
    pub fn is_fifo(&self) -> bool {
        self.mode & S_IFMT == S_IFIFO
    }
    pub fn is_chr(&self) -> bool {
        self.mode & S_IFMT == S_IFCHR
    }
    /// Same file: same device and inode.
    pub fn same_file(&self, o: &Stat) -> bool {
        self.dev == o.dev && self.ino == o.ino
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_and_statx_agree() {
        let a = stat(b"/").unwrap();
        let b = statx(b"/", false).unwrap();
        assert!(a.is_dir() && b.is_dir());
        assert_eq!(
            (a.dev, a.ino, a.mode, a.mtime),
            (b.dev, b.ino, b.mode, b.mtime)
        );
        assert_eq!(statx(b"/nonexistent-x", true), Err(Errno::NOENT));
    }

    #[test]
    fn local_file_systems_and_nonblocking_opens() {
        let f = open_nonblock(b"/").unwrap();
        assert_eq!(is_remote(f.fd()), Ok(false));
        let p = open(b"/proc/self/status", Open::Read).unwrap();
        assert_eq!(is_remote(p.fd()), Ok(false));
        let (r, _w) = pipe().unwrap();
        set_nonblocking(r.fd(), true).unwrap();
        let mut b = [0u8; 1];
        assert_eq!(r.fd().read(&mut b), Err(Errno::AGAIN));
        set_nonblocking(r.fd(), false).unwrap();
    }

    #[test]
    fn open_read_seek() {
        let f = open(b"/proc/self/exe", Open::Read).unwrap();
        let mut head = [0u8; 4];
        assert_eq!(f.fd().read_full(&mut head).unwrap(), 4);
        assert_eq!(&head, b"\x7fELF");
        assert_eq!(tell(f.fd()).unwrap(), 4);
        assert_eq!(seek(f.fd(), Whence::Start(1)).unwrap(), 1);
        assert!(open(b"/nonexistent-x", Open::Read).is_err());
    }
}

#[allow(clippy::unnecessary_cast)]
fn conv(s: rfs::Stat) -> Stat {
    Stat {
        dev: s.st_dev as u64,
        ino: s.st_ino as u64,
        mode: s.st_mode as u32,
        nlink: s.st_nlink as u64,
        uid: s.st_uid as u32,
        gid: s.st_gid as u32,
        rdev: s.st_rdev as u64,
        size: s.st_size as i64,
        blksize: s.st_blksize as u64,
        blocks: s.st_blocks as u64,
        mtime: s.st_mtime as i64,
        mtime_nsec: s.st_mtime_nsec as u32,
        atime: s.st_atime as i64,
        atime_nsec: s.st_atime_nsec as u32,
        ctime: s.st_ctime as i64,
        ctime_nsec: s.st_ctime_nsec as u32,
    }
}

/// How to open a file.
#[derive(Clone, Copy)]
pub enum Open {
    Read,
    /// Write-only, created if missing (mode 0666 less umask), truncated.
    WriteTrunc,
    /// Write-only, created if missing, appending.
    Append,
    /// A directory, read-only.
    Dir,
    /// Write-only without blocking (a FIFO with no reader fails), not
    /// truncated, created if missing when `create` (truncate).
    Resize {
        create: bool,
    },
}

/// open(2) with O_CLOEXEC (and O_NOCTTY for writing).
pub fn open(path: &[u8], how: Open) -> Result<File> {
    let f = match how {
        Open::Read => OFlags::RDONLY,
        Open::WriteTrunc => OFlags::WRONLY | OFlags::CREATE | OFlags::TRUNC | OFlags::NOCTTY,
        Open::Append => OFlags::WRONLY | OFlags::CREATE | OFlags::APPEND | OFlags::NOCTTY,
        Open::Dir => OFlags::RDONLY | OFlags::DIRECTORY,
        Open::Resize { create } => {
            let c = if create {
                OFlags::CREATE
            } else {
                OFlags::empty()
            };
            OFlags::WRONLY | OFlags::NONBLOCK | c
        }
    };
    loop {
        match rfs::openat(
            rfs::CWD,
            P(path),
            f | OFlags::CLOEXEC,
            Mode::from_raw_mode(0o666),
        ) {
            Err(rustix::io::Errno::INTR) => continue,
            r => return r.map(File::own).map_err(Errno::from).and_then(safer),
        }
    }
}

/// Moves a new descriptor above 2 (gnulib's open-safer): with standard
/// input or output closed, a file opened later must not take their place.
fn safer(f: File) -> Result<File> {
    if f.fd().raw() > 2 {
        return Ok(f);
    }
    rustix::io::fcntl_dupfd_cloexec(f.fd().b(), 3)
        .map(File::own)
        .map_err(Errno::from)
}

pub fn fstat(fd: Fd) -> Result<Stat> {
    rfs::fstat(fd.b()).map(conv).map_err(Errno::from)
}

// stat and lstat are statat's: one copy of the system call and of the
// conversion.
pub fn stat(path: &[u8]) -> Result<Stat> {
    statat(Fd::CWD, path, true)
}

pub fn lstat(path: &[u8]) -> Result<Stat> {
    statat(Fd::CWD, path, false)
}

/// Access rights for [`access`] (R_OK, W_OK, X_OK; 0 tests existence).
pub const R_OK: u32 = 4;
pub const W_OK: u32 = 2;
pub const X_OK: u32 = 1;

/// Whether the effective user may access `path` as `mode` says
/// (faccessat with AT_EACCESS: gnulib's euidaccess).
pub fn access(path: &[u8], mode: u32) -> bool {
    accessible(path, mode).is_ok()
}

/// [`access`] with the reason it is refused.
pub fn accessible(path: &[u8], mode: u32) -> Result<()> {
    let a = rfs::Access::from_bits_truncate(mode);
    rfs::accessat(rfs::CWD, P(path), a, rfs::AtFlags::EACCESS).map_err(Errno::from)
}

pub fn link(old: &[u8], new: &[u8]) -> Result<()> {
    rfs::linkat(rfs::CWD, P(old), rfs::CWD, P(new), rfs::AtFlags::empty()).map_err(Errno::from)
}

pub fn symlink(target: &[u8], new: &[u8]) -> Result<()> {
    rfs::symlinkat(P(target), rfs::CWD, P(new)).map_err(Errno::from)
}

/// mkdir(2) with permission bits `mode` (before the umask).
pub fn mkdir(path: &[u8], mode: u32) -> Result<()> {
    rfs::mkdirat(rfs::CWD, P(path), rfs::Mode::from_raw_mode(mode)).map_err(Errno::from)
}

/// Creates the new file `path` (O_CREAT|O_EXCL, read-write) with
/// permission bits `mode` before the umask.
pub fn create_new(path: &[u8], mode: u32) -> Result<File> {
    let f = OFlags::RDWR | OFlags::CREATE | OFlags::EXCL | OFlags::CLOEXEC;
    rfs::openat(rfs::CWD, P(path), f, Mode::from_raw_mode(mode))
        .map(File::own)
        .map_err(Errno::from)
}

/// linkat(2): a hard link `new` in `new_dir` to `old` in `old_dir`,
/// following `old` if it is a symlink only when `follow`.
pub fn link_at(old_dir: Fd, old: &[u8], new_dir: Fd, new: &[u8], follow: bool) -> Result<()> {
    let fl = if follow {
        rfs::AtFlags::SYMLINK_FOLLOW
    } else {
        rfs::AtFlags::empty()
    };
    rfs::linkat(old_dir.b(), P(old), new_dir.b(), P(new), fl).map_err(Errno::from)
}

/// symlinkat(2): a symlink `new` in `dir` holding `target`.
pub fn symlink_at(target: &[u8], dir: Fd, new: &[u8]) -> Result<()> {
    rfs::symlinkat(P(target), dir.b(), P(new)).map_err(Errno::from)
}

/// renameat(2) within one directory or between two.
pub fn rename_at(old_dir: Fd, old: &[u8], new_dir: Fd, new: &[u8]) -> Result<()> {
    rfs::renameat(old_dir.b(), P(old), new_dir.b(), P(new)).map_err(Errno::from)
}

/// unlinkat(2) of a non-directory.
pub fn unlink_at(dir: Fd, name: &[u8]) -> Result<()> {
    rfs::unlinkat(dir.b(), P(name), rfs::AtFlags::empty()).map_err(Errno::from)
}

/// unlinkat(2) of a directory (AT_REMOVEDIR).
pub fn rmdir_at(dir: Fd, name: &[u8]) -> Result<()> {
    rfs::unlinkat(dir.b(), P(name), rfs::AtFlags::REMOVEDIR).map_err(Errno::from)
}

/// faccessat(2) with AT_EACCESS of `name` in `dir`.
pub fn access_at(dir: Fd, name: &[u8], mode: u32) -> Result<()> {
    let a = rfs::Access::from_bits_truncate(mode);
    rfs::accessat(dir.b(), P(name), a, rfs::AtFlags::EACCESS).map_err(Errno::from)
}

/// The longest name the file system of the open `fd` allows.
pub fn name_max_fd(fd: Fd) -> Result<u64> {
    let s = rfs::fstatfs(fd.b()).map_err(Errno::from)?;
    Ok(s.f_namelen as u64)
}

/// ftruncate(2).
pub fn ftruncate(fd: Fd, size: u64) -> Result<()> {
    rfs::ftruncate(fd.b(), size).map_err(Errno::from)
}

/// mkdirat(2): the directory `name` in `dir`, with permission bits
/// `mode` before the umask.
pub fn mkdir_at(dir: Fd, name: &[u8], mode: u32) -> Result<()> {
    rfs::mkdirat(dir.b(), P(name), Mode::from_raw_mode(mode)).map_err(Errno::from)
}

/// rmdir(2).
pub fn rmdir(path: &[u8]) -> Result<()> {
    rfs::unlinkat(rfs::CWD, P(path), rfs::AtFlags::REMOVEDIR).map_err(Errno::from)
}

/// mknod(2) of a node of type and permission bits `mode` (`S_IFIFO`,
/// `S_IFCHR`, `S_IFBLK` ...) with device number `dev` as glibc's
/// makedev encodes it; like glibc, a number the kernel's 32-bit
/// encoding cannot hold is EINVAL.
pub fn mknod(path: &[u8], mode: u32, dev: u64) -> Result<()> {
    mknod_at(Fd::CWD, path, mode, dev)
}

/// glibc's makedev: major and minor into a 64-bit device number.
pub fn makedev(major: u32, minor: u32) -> u64 {
    logic::mountinfo::makedev(major as u64, minor as u64)
}

/// The directory `name` in `dir` as an O_PATH descriptor, the way chdir
/// reaches it (search permission is checked when it is used), with
/// O_NOFOLLOW unless `follow`.
pub fn open_path_dir_at(dir: Fd, name: &[u8], follow: bool) -> Result<File> {
    let mut f = OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC;
    if !follow {
        f |= OFlags::NOFOLLOW;
    }
    rfs::openat(dir.b(), P(name), f, Mode::empty())
        .map(File::own)
        .map_err(Errno::from)
}

/// Sets the umask; returns the old one.
pub fn set_umask(mask: u32) -> u32 {
    rustix::process::umask(Mode::from_raw_mode(mask as _)).bits() as u32
}

/// gnulib's is_empty_dir: the directory `name` in `dir` (not followed if
/// a symlink) can be opened and has no entry but `.` and `..`.
pub fn is_empty_dir(dir: Fd, name: &[u8]) -> Result<bool> {
    let d = open_dir_at(dir, name, false)?;
    let mut empty = true;
    crate::dir::for_each_name(d.fd(), |n| empty &= n == b"." || n == b"..")?;
    Ok(empty)
}

pub fn unlink(path: &[u8]) -> Result<()> {
    rfs::unlinkat(rfs::CWD, P(path), rfs::AtFlags::empty()).map_err(Errno::from)
}

pub fn readlink(path: &[u8]) -> Result<Vec<u8>> {
    rfs::readlinkat(rfs::CWD, P(path), Vec::new())
        .map(|c| c.into_bytes())
        .map_err(Errno::from)
}

/// The current directory as the kernel resolves it (no symlinks).
pub fn getcwd() -> Result<Vec<u8>> {
    rustix::process::getcwd(Vec::new())
        .map(|c| c.into_bytes())
        .map_err(Errno::from)
}

pub fn sync_all() {
    rfs::sync()
}

pub fn syncfs(fd: Fd) -> Result<()> {
    rfs::syncfs(fd.b()).map_err(Errno::from)
}

pub fn fsync(fd: Fd) -> Result<()> {
    rfs::fsync(fd.b()).map_err(Errno::from)
}

pub fn fdatasync(fd: Fd) -> Result<()> {
    rfs::fdatasync(fd.b()).map_err(Errno::from)
}

/// Opens for syncing: read-only, falling back to write-only for files that
/// cannot be read (GNU sync does the same), non-blocking for FIFOs.
pub fn open_for_sync(path: &[u8]) -> Result<File> {
    let base = OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC;
    match rfs::openat(rfs::CWD, P(path), base | OFlags::RDONLY, Mode::empty()) {
        Ok(f) => Ok(File::own(f)),
        Err(e) => match rfs::openat(rfs::CWD, P(path), base | OFlags::WRONLY, Mode::empty()) {
            Ok(f) => Ok(File::own(f)),
            Err(_) => Err(e.into()),
        },
    }
}

/// Hints sequential access (posix_fadvise SEQUENTIAL); errors are ignored.
pub fn advise_sequential(fd: Fd) {
    rfs::fadvise(fd.b(), 0, None, rfs::Advice::Sequential).ok();
}

/// copy_file_range(2) from the current offsets; Ok(0) at end of input.
pub fn copy_file_range(from: Fd, to: Fd, len: usize) -> Result<usize> {
    rfs::copy_file_range(from.b(), None, to.b(), None, len).map_err(Errno::from)
}

/// sendfile(2) from the current offset of `from` (a regular file) to `to`.
pub fn sendfile(to: Fd, from: Fd, len: usize) -> Result<usize> {
    rfs::sendfile(to.b(), from.b(), None, len).map_err(Errno::from)
}

/// splice(2) between descriptors, one of which must be a pipe.
pub fn splice(from: Fd, to: Fd, len: usize) -> Result<usize> {
    rustix::pipe::splice(
        from.b(),
        None,
        to.b(),
        None,
        len,
        rustix::pipe::SpliceFlags::MOVE,
    )
    .map_err(Errno::from)
}

/// The file status flags of a descriptor contain O_APPEND.
pub fn is_append(fd: Fd) -> bool {
    rustix::fs::fcntl_getfl(fd.b()).is_ok_and(|f| f.contains(OFlags::APPEND))
}

/// The current offset of a descriptor, if it is seekable.
pub fn tell(fd: Fd) -> Result<u64> {
    seek(fd, Whence::Current(0))
}

pub fn isatty(fd: Fd) -> bool {
    rustix::termios::isatty(fd.b())
}

/// The name of the terminal open on `fd`.
pub fn ttyname(fd: Fd) -> Result<Vec<u8>> {
    rustix::termios::ttyname(fd.b(), Vec::new())
        .map(|c| c.into_bytes())
        .map_err(Errno::from)
}

/// vmsplice(2) of immutable bytes into the pipe `to`: the pipe references
/// the pages instead of copying them, which is why the buffer must be
/// `'static` and never change.
pub fn vmsplice_static(to: Fd, bytes: &'static [u8]) -> Result<usize> {
    let iov = [rustix::pipe::IoSliceRaw::from_slice(bytes)];
    // SAFETY: the pages stay valid and unmodified for the rest of the
    // process ('static and immutable), so the pipe may keep referencing them.
    unsafe { rustix::pipe::vmsplice(to.b(), &iov, rustix::pipe::SpliceFlags::empty()) }
        .map_err(Errno::from)
}

/// Open flags by name, as the kernel of this architecture numbers them
/// (dd's iflag= and oflag=; O_DIRECT and O_NOFOLLOW differ across
/// architectures).
pub mod oflag {
    use rustix::fs::OFlags;
    pub const APPEND: u32 = OFlags::APPEND.bits();
    pub const DIRECT: u32 = OFlags::DIRECT.bits();
    pub const DIRECTORY: u32 = OFlags::DIRECTORY.bits();
    pub const DSYNC: u32 = OFlags::DSYNC.bits();
    pub const SYNC: u32 = OFlags::SYNC.bits();
    pub const RSYNC: u32 = OFlags::RSYNC.bits();
    pub const NOATIME: u32 = OFlags::NOATIME.bits();
    pub const NOCTTY: u32 = OFlags::NOCTTY.bits();
    pub const NOFOLLOW: u32 = OFlags::NOFOLLOW.bits();
    pub const NONBLOCK: u32 = OFlags::NONBLOCK.bits();
    pub const CREATE: u32 = OFlags::CREATE.bits();
    pub const EXCL: u32 = OFlags::EXCL.bits();
    pub const TRUNC: u32 = OFlags::TRUNC.bits();
    pub const RDWR: u32 = OFlags::RDWR.bits();
    pub const WRONLY: u32 = OFlags::WRONLY.bits();
    pub const RDONLY: u32 = OFlags::RDONLY.bits();
}

/// open(2) with the raw flags of [`oflag`] (plus O_CLOEXEC) and `mode`
/// (less the umask), retried on EINTR.
pub fn open_flags(path: &[u8], flags: u32, mode: u32) -> Result<File> {
    let f = OFlags::from_bits_retain(flags) | OFlags::CLOEXEC;
    loop {
        match rfs::openat(rfs::CWD, P(path), f, Mode::from_raw_mode(mode as _)) {
            Err(rustix::io::Errno::INTR) => continue,
            r => return r.map(File::own).map_err(Errno::from),
        }
    }
}

/// fcntl(F_GETFL): the file status flags of `fd`.
pub fn status_flags(fd: Fd) -> Result<u32> {
    rfs::fcntl_getfl(fd.b())
        .map(|f| f.bits())
        .map_err(Errno::from)
}

/// fcntl(F_SETFL).
pub fn set_status_flags(fd: Fd, flags: u32) -> Result<()> {
    rfs::fcntl_setfl(fd.b(), OFlags::from_bits_retain(flags)).map_err(Errno::from)
}

/// posix_fadvise(POSIX_FADV_DONTNEED): drop the cached pages of a range
/// (`len` 0: to the end).
pub fn drop_cache(fd: Fd, offset: u64, len: u64) -> Result<()> {
    let len = core::num::NonZeroU64::new(len);
    rfs::fadvise(fd.b(), offset, len, rfs::Advice::DontNeed).map_err(Errno::from)
}

/// Where a seek counts from.
pub enum Whence {
    Start(u64),
    Current(i64),
    End(i64),
}

/// lseek(2); returns the new offset.
pub fn seek(fd: Fd, to: Whence) -> Result<u64> {
    let pos = match to {
        Whence::Start(n) => rfs::SeekFrom::Start(n),
        Whence::Current(n) => rfs::SeekFrom::Current(n),
        Whence::End(n) => rfs::SeekFrom::End(n),
    };
    rfs::seek(fd.b(), pos).map_err(Errno::from)
}

/// statx(2) of `path` (relative to the current directory), following
/// symlinks unless `nofollow`; fills the same fields as [`stat`], with
/// nanosecond times and 64-bit values on every architecture.
pub fn statx(path: &[u8], nofollow: bool) -> Result<Stat> {
    let flags = if nofollow {
        rfs::AtFlags::SYMLINK_NOFOLLOW
    } else {
        rfs::AtFlags::empty()
    };
    let x =
        rfs::statx(rfs::CWD, P(path), flags, rfs::StatxFlags::BASIC_STATS).map_err(Errno::from)?;
    Ok(from_statx(&x).0)
}

/// How statx treats cached attributes (stat's `--cached`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Cached {
    Default,
    /// AT_STATX_DONT_SYNC: whatever is cached.
    Always,
    /// AT_STATX_FORCE_SYNC: ask the server (automounts allowed).
    Never,
}

/// statx(2) as stat(1) calls it: `path` (None: standard input, by
/// AT_EMPTY_PATH), following a last symlink when `follow`, asking for the
/// `mask` bits (STATX_*); the stat fields and the birth time when the
/// kernel gave one.
pub fn statx_as(
    path: Option<&[u8]>,
    follow: bool,
    cached: Cached,
    mask: u32,
) -> Result<(Stat, Option<(i64, u32)>)> {
    let mut flags = match (path, follow) {
        (None, _) => rfs::AtFlags::EMPTY_PATH,
        (Some(_), false) => rfs::AtFlags::SYMLINK_NOFOLLOW,
        _ => rfs::AtFlags::empty(),
    };
    flags |= match cached {
        Cached::Always => rfs::AtFlags::STATX_DONT_SYNC,
        Cached::Never => rfs::AtFlags::STATX_FORCE_SYNC,
        Cached::Default => rfs::AtFlags::empty(),
    };
    if cached != Cached::Never {
        flags |= rfs::AtFlags::NO_AUTOMOUNT;
    }
    let mask = rfs::StatxFlags::from_bits_retain(mask);
    let x = match path {
        Some(p) => rfs::statx(rfs::CWD, P(p), flags, mask),
        None => rfs::statx(Fd::STDIN.b(), P(b""), flags, mask),
    }
    .map_err(Errno::from)?;
    Ok(from_statx(&x))
}

/// statx(2) of `name` in the directory `dir` as ls calls it (no
/// automount), following a final symlink when `follow`, asking for the
/// `mask` bits (STATX_*): the stat fields and the birth time when the
/// kernel gave one.
pub fn statx_at(
    dir: Fd,
    name: &[u8],
    follow: bool,
    mask: u32,
) -> Result<(Stat, Option<(i64, u32)>)> {
    let mut flags = rfs::AtFlags::NO_AUTOMOUNT;
    if !follow {
        flags |= rfs::AtFlags::SYMLINK_NOFOLLOW;
    }
    let mask = rfs::StatxFlags::from_bits_retain(mask);
    let x = rfs::statx(dir.b(), P(name), flags, mask).map_err(Errno::from)?;
    Ok(from_statx(&x))
}

fn from_statx(x: &rfs::Statx) -> (Stat, Option<(i64, u32)>) {
    let st = Stat {
        dev: rfs::makedev(x.stx_dev_major, x.stx_dev_minor),
        ino: x.stx_ino,
        mode: x.stx_mode as u32,
        nlink: x.stx_nlink as u64,
        uid: x.stx_uid,
        gid: x.stx_gid,
        rdev: rfs::makedev(x.stx_rdev_major, x.stx_rdev_minor),
        size: x.stx_size as i64,
        blksize: x.stx_blksize as u64,
        blocks: x.stx_blocks,
        mtime: x.stx_mtime.tv_sec,
        mtime_nsec: x.stx_mtime.tv_nsec,
        atime: x.stx_atime.tv_sec,
        atime_nsec: x.stx_atime.tv_nsec,
        ctime: x.stx_ctime.tv_sec,
        ctime_nsec: x.stx_ctime.tv_nsec,
    };
    let birth = (x.stx_mask & rfs::StatxFlags::BTIME.bits() != 0)
        .then_some((x.stx_btime.tv_sec, x.stx_btime.tv_nsec));
    (st, birth)
}

/// What statfs(2) tells of a file system, widened to 64 bits.
#[derive(Clone, Copy, Debug, Default)]
pub struct FsStat {
    pub kind: u64,
    pub bsize: u64,
    pub frsize: u64,
    pub blocks: u64,
    pub bfree: u64,
    pub bavail: u64,
    pub files: u64,
    pub ffree: u64,
    pub namelen: u64,
    /// f_fsid's two words, in memory order.
    pub fsid: [u32; 2],
}

/// statfs(2) of `path`.
pub fn statfs(path: &[u8]) -> Result<FsStat> {
    let s = rfs::statfs(P(path)).map_err(Errno::from)?;
    // SAFETY: rustix's Fsid is `#[repr(C)]` around one `[c_int; 2]`
    // (the kernel's __kernel_fsid_t) and keeps the field private; both
    // types are Copy, of the same size and alignment.
    let fsid: [i32; 2] = unsafe { core::mem::transmute::<rfs::Fsid, [i32; 2]>(s.f_fsid) };
    #[allow(clippy::unnecessary_cast, clippy::useless_conversion)]
    Ok(FsStat {
        kind: s.f_type as u64,
        bsize: s.f_bsize as u64,
        frsize: s.f_frsize as u64,
        blocks: s.f_blocks as u64,
        bfree: s.f_bfree as u64,
        bavail: s.f_bavail as u64,
        files: s.f_files as u64,
        ffree: s.f_ffree as u64,
        namelen: s.f_namelen as u64,
        fsid: [fsid[0] as u32, fsid[1] as u32],
    })
}

/// Grows the pipe `fd` to hold up to `bytes` (F_SETPIPE_SZ), so a fast
/// writer and its reader trade far fewer wake-ups; returns the new size.
/// Fails harmlessly when `fd` is not a pipe or the size is over the limit.
pub fn grow_pipe(fd: Fd, bytes: usize) -> Result<usize> {
    rustix::pipe::fcntl_setpipe_size(fd.b(), bytes).map_err(Errno::from)
}

/// A new pipe (read end, write end), close-on-exec.
pub fn pipe() -> Result<(File, File)> {
    rustix::pipe::pipe_with(rustix::pipe::PipeFlags::CLOEXEC)
        .map(|(r, w)| (File::own(r), File::own(w)))
        .map_err(Errno::from)
}

/// The file system type of an open file (statfs f_type: 0xEF53 for ext2/3/4).
pub fn fs_type(fd: Fd) -> Option<u64> {
    rfs::fstatfs(fd.b()).ok().map(|s| s.f_type as u64)
}

/// EXT2/3/4_SUPER_MAGIC.
pub const EXT4_MAGIC: u64 = 0xEF53;

/// Copies up to `max` bytes from `from` to `to` through a pipe of our own
/// with splice(2), stopping early at end of input: the kernel moves pages,
/// nothing is copied to user space. Ok: the bytes copied. On error, the
/// flag says which side failed (true: reading, and then nothing is lost:
/// the input's offset is past the bytes copied, the third value).
pub fn splice_via_pipe(
    from: Fd,
    to: Fd,
    max: u64,
) -> core::result::Result<u64, (bool, Errno, u64)> {
    const CHUNK: usize = 1024 * 1024;
    let (r, w) = pipe().map_err(|e| (true, e, 0))?;
    grow_pipe(w.fd(), CHUNK).ok();
    let mut done = 0;
    while done < max {
        let mut n = match splice(from, w.fd(), (max - done).min(CHUNK as u64) as usize) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => return Err((true, e, done)),
        };
        done += n as u64;
        while n > 0 {
            n -= splice(r.fd(), to, n).map_err(|e| (false, e, done))?;
        }
    }
    Ok(done)
}

/// Makes `path` (created, or truncated) the standard output, as
/// `freopen(path, "w", stdout)` does (uniq's OUTPUT operand).
pub fn reopen_stdout(path: &[u8]) -> Result<()> {
    let f = open(path, Open::WriteTrunc)?;
    rustix::stdio::dup2_stdout(f.fd().b()).map_err(Errno::from)
}

/// An input operand: the named file, or standard input for `-`.
pub struct Input {
    file: Option<File>,
}

impl Input {
    /// Opens `name` for reading (`-` is standard input, left open).
    pub fn open(name: &[u8]) -> Result<Input> {
        if name == b"-" {
            return Ok(Input { file: None });
        }
        open(name, Open::Read).map(|f| Input { file: Some(f) })
    }

    pub fn fd(&self) -> Fd {
        self.file.as_ref().map_or(Fd::STDIN, |f| f.fd())
    }

    pub fn is_stdin(&self) -> bool {
        self.file.is_none()
    }
}

/// Whether the file open on `fd` lives on a file system whose changes
/// inotify may not see (network and FUSE file systems, and unknown ones,
/// as GNU tail decides); `Err` when fstatfs fails.
pub fn is_remote(fd: Fd) -> Result<bool> {
    let t = rfs::fstatfs(fd.b()).map_err(Errno::from)?.f_type as u64 as u32;
    const LOCAL: &[u32] = &[
        0xEF53, 0x01021994, 0x9123683E, 0x58465342, 0x794C7630, 0x9FA0, 0x62656572, 0x858458F6,
        0xF2F52010, 0x4D44, 0x2011BAB0, 0x5346544E, 0x73717368, 0x9660, 0x72B6, 0x24051905,
        0x2FC12FC1, 0x52654973, 0x1CD1, 0x64626720, 0x63677270, 0x27E0EB, 0xE0F5E1E2, 0xCA451A4E,
        0x50495045, 0x534F434B, 0x958458F6, 0x09041934, 0x62656570, 0x73636673, 0x6E736673,
        0x42494E4D, 0x3153464A, 0x137F, 0x138F, 0x2468, 0x2478, 0x4244, 0x482B, 0x5DF5, 0x11954,
        0x15013346, 0x28CD3D45, 0x453DCD28, 0x6165676C, 0xCAFE4A11, 0xDE5E81E4, 0x74726163,
        0xF97CFF8C, 0x0BAD1DEA, 0x00000187, 0x19800202,
    ];
    Ok(!LOCAL.contains(&t))
}

/// Sets or clears O_NONBLOCK on a descriptor.
pub fn set_nonblocking(fd: Fd, on: bool) -> Result<()> {
    let f = rfs::fcntl_getfl(fd.b()).map_err(Errno::from)?;
    let n = if on {
        f | OFlags::NONBLOCK
    } else {
        f - OFlags::NONBLOCK
    };
    if n != f {
        rfs::fcntl_setfl(fd.b(), n).map_err(Errno::from)?;
    }
    Ok(())
}

/// Opens `path` read-only and non-blocking (a FIFO without a writer does
/// not hang the opener).
pub fn open_nonblock(path: &[u8]) -> Result<File> {
    loop {
        match rfs::openat(
            rfs::CWD,
            P(path),
            OFlags::RDONLY | OFlags::NONBLOCK | OFlags::CLOEXEC,
            Mode::empty(),
        ) {
            Err(rustix::io::Errno::INTR) => continue,
            r => return r.map(File::own).map_err(Errno::from).and_then(safer),
        }
    }
}

/// fstatat(2) of `name` in the directory `dir`, following a final
/// symlink only if `follow`.
pub fn statat(dir: Fd, name: &[u8], follow: bool) -> Result<Stat> {
    let fl = if follow {
        rfs::AtFlags::empty()
    } else {
        rfs::AtFlags::SYMLINK_NOFOLLOW
    };
    rfs::statat(dir.b(), P(name), fl)
        .map(conv)
        .map_err(Errno::from)
}

/// openat(2) of the directory `name` in `dir` (O_DIRECTORY, and
/// O_NOFOLLOW unless `follow`), retried on EINTR.
pub fn open_dir_at(dir: Fd, name: &[u8], follow: bool) -> Result<File> {
    let mut f = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC | OFlags::NOCTTY;
    if !follow {
        f |= OFlags::NOFOLLOW;
    }
    loop {
        match rfs::openat(dir.b(), P(name), f, Mode::empty()) {
            Err(rustix::io::Errno::INTR) => continue,
            r => return r.map(File::own).map_err(Errno::from),
        }
    }
}

/// mkstemp(3): creates a new file `PREFIXxxxxxx` (six random letters and
/// digits) with mode 0600, read-write, and returns it with its name;
/// EEXIST means another name is tried.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
pub fn mkstemp(prefix: &[u8]) -> Result<(File, Vec<u8>)> {
    const LETTERS: &[u8; 62] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut seed = crate::system::random_u64();
    let flags = OFlags::RDWR | OFlags::CREATE | OFlags::EXCL | OFlags::CLOEXEC;
    for _ in 0..100 {
        let mut name = prefix.to_vec();
        for _ in 0..6 {
            name.push(LETTERS[(seed % 62) as usize]);
            seed /= 62;
        }
        seed = logic::num::mmix_step(seed);
        match rfs::openat(
            rfs::CWD,
            P(name.as_slice()),
            flags,
            Mode::from_raw_mode(0o600),
        ) {
            Err(rustix::io::Errno::EXIST) | Err(rustix::io::Errno::INTR) => continue,
            r => {
                return r
                    .map(|f| (File::own(f), name))
                    .map_err(Errno::from)
                    .and_then(|(f, n)| Ok((safer(f)?, n)))
            }
        }
    }
    Err(Errno::EXIST)
}

/// fchmodat(2) of `name` in `dir` (following a symlink, as the kernel does).
pub fn chmodat(dir: Fd, name: &[u8], mode: u32) -> Result<()> {
    rfs::chmodat(
        dir.b(),
        P(name),
        Mode::from_raw_mode(mode),
        rfs::AtFlags::empty(),
    )
    .map_err(Errno::from)
}

/// fchownat(2) of `name` in `dir`; `None` leaves an id unchanged.
pub fn chownat(
    dir: Fd,
    name: &[u8],
    uid: Option<u32>,
    gid: Option<u32>,
    follow: bool,
) -> Result<()> {
    let fl = if follow {
        rfs::AtFlags::empty()
    } else {
        rfs::AtFlags::SYMLINK_NOFOLLOW
    };
    // The all-ones id means "unchanged" (and rustix refuses it).
    let u = uid
        .filter(|&u| u != u32::MAX)
        .map(rustix::fs::Uid::from_raw);
    let g = gid
        .filter(|&g| g != u32::MAX)
        .map(rustix::fs::Gid::from_raw);
    rfs::chownat(dir.b(), P(name), u, g, fl).map_err(Errno::from)
}

/// The process umask (read by setting it and setting it back).
pub fn umask() -> u32 {
    let old = rustix::process::umask(Mode::empty());
    rustix::process::umask(old);
    old.bits()
}

/// The descriptor is open (fcntl F_GETFD succeeds).
pub fn is_open(fd: Fd) -> bool {
    rustix::io::fcntl_getfd(fd.b()).is_ok()
}

/// Opens `path` write-only, not creating it (nohup's unreadable stdin).
pub fn open_write_only(path: &[u8]) -> Result<File> {
    rfs::openat(
        rfs::CWD,
        P(path),
        OFlags::WRONLY | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .map(File::own)
    .map_err(Errno::from)
}

/// Opens `path` for appending, created with exactly `mode` whatever the
/// umask (nohup.out: 0600).
pub fn open_append_mode(path: &[u8], mode: u32) -> Result<File> {
    let old = rustix::process::umask(Mode::from_raw_mode(!mode & 0o777));
    let f = rfs::openat(
        rfs::CWD,
        P(path),
        OFlags::WRONLY | OFlags::CREATE | OFlags::APPEND | OFlags::NOCTTY | OFlags::CLOEXEC,
        Mode::from_raw_mode(mode),
    );
    rustix::process::umask(old);
    f.map(File::own).map_err(Errno::from)
}

/// dup2: makes `from` also standard input, output or error (`to` 0-2).
pub fn dup_to(from: Fd, to: Fd) -> Result<()> {
    match to.0 {
        0 => rustix::stdio::dup2_stdin(from.b()),
        1 => rustix::stdio::dup2_stdout(from.b()),
        2 => rustix::stdio::dup2_stderr(from.b()),
        _ => return Err(Errno::INVAL),
    }
    .map_err(Errno::from)
}

/// A close-on-exec copy of `fd` numbered above 2.
pub fn dup_above_stdio(fd: Fd) -> Result<File> {
    rustix::io::fcntl_dupfd_cloexec(fd.b(), 3)
        .map(File::own)
        .map_err(Errno::from)
}

/// The longest file name the file system of `path` allows (pathconf
/// _PC_NAME_MAX, from statfs's f_namelen).
pub fn name_max(path: &[u8]) -> Result<u64> {
    let s = rfs::statfs(P(path)).map_err(Errno::from)?;
    Ok(s.f_namelen as u64)
}

// What cp, mv and install need: descriptors relative to directories,
// attributes by descriptor, and the kernel's ways to copy data.

/// How [`open_at`] opens a file (always O_CLOEXEC and O_NOCTTY).
#[derive(Clone, Copy)]
pub enum OpenAt {
    /// Read-only; O_NOFOLLOW when `nofollow`.
    Read { nofollow: bool },
    /// Write-only, an existing file; O_TRUNC when `trunc`.
    Write { trunc: bool },
    /// Write-only, created with `mode` (less the umask); O_EXCL when `excl`.
    Create { mode: u32, excl: bool },
    /// O_PATH|O_DIRECTORY (search permission is checked when it is used);
    /// O_NOFOLLOW unless `follow`.
    PathDir { follow: bool },
}

/// openat(2) of `name` in `dir`, retried on EINTR.
pub fn open_at(dir: Fd, name: &[u8], how: OpenAt) -> Result<File> {
    let mut mode = 0;
    let f = match how {
        OpenAt::Read { nofollow } => {
            let mut f = OFlags::RDONLY;
            if nofollow {
                f |= OFlags::NOFOLLOW;
            }
            f
        }
        OpenAt::Write { trunc } => {
            let mut f = OFlags::WRONLY;
            if trunc {
                f |= OFlags::TRUNC;
            }
            f
        }
        OpenAt::Create { mode: m, excl } => {
            mode = m;
            let mut f = OFlags::WRONLY | OFlags::CREATE;
            if excl {
                f |= OFlags::EXCL;
            }
            f
        }
        OpenAt::PathDir { follow } => {
            let mut f = OFlags::PATH | OFlags::DIRECTORY;
            if !follow {
                f |= OFlags::NOFOLLOW;
            }
            f
        }
    };
    loop {
        match rfs::openat(
            dir.b(),
            P(name),
            f | OFlags::CLOEXEC | OFlags::NOCTTY,
            Mode::from_raw_mode(mode),
        ) {
            Err(rustix::io::Errno::INTR) => continue,
            r => return r.map(File::own).map_err(Errno::from).and_then(safer),
        }
    }
}

/// fchmod(2).
pub fn fchmod(fd: Fd, mode: u32) -> Result<()> {
    rfs::fchmod(fd.b(), Mode::from_raw_mode(mode)).map_err(Errno::from)
}

/// fchown(2); `None` leaves an id unchanged.
pub fn fchown(fd: Fd, uid: Option<u32>, gid: Option<u32>) -> Result<()> {
    let u = uid.map(rustix::fs::Uid::from_raw);
    let g = gid.map(rustix::fs::Gid::from_raw);
    rfs::fchown(fd.b(), u, g).map_err(Errno::from)
}

/// gnulib's lchmodat: fchmodat of `name` in `dir` unless it is a
/// symlink (whose mode cannot change on Linux: EOPNOTSUPP).
pub fn lchmodat(dir: Fd, name: &[u8], mode: u32) -> Result<()> {
    if statat(dir, name, false)?.mode & S_IFMT == S_IFLNK {
        return Err(Errno::OPNOTSUPP);
    }
    chmodat(dir, name, mode)
}

fn timestamps(st: &Stat) -> rfs::Timestamps {
    rfs::Timestamps {
        last_access: rfs::Timespec {
            tv_sec: st.atime,
            tv_nsec: st.atime_nsec as _,
        },
        last_modification: rfs::Timespec {
            tv_sec: st.mtime,
            tv_nsec: st.mtime_nsec as _,
        },
    }
}

/// futimens(2): the access and modification times of `st`.
pub fn set_times_fd(fd: Fd, st: &Stat) -> Result<()> {
    rfs::futimens(fd.b(), &timestamps(st)).map_err(Errno::from)
}

/// utimensat(2) of `name` in `dir`: the access and modification times of
/// `st`; of a symlink itself unless `follow`.
pub fn set_times_at(dir: Fd, name: &[u8], st: &Stat, follow: bool) -> Result<()> {
    let fl = if follow {
        rfs::AtFlags::empty()
    } else {
        rfs::AtFlags::SYMLINK_NOFOLLOW
    };
    rfs::utimensat(dir.b(), P(name), &timestamps(st), fl).map_err(Errno::from)
}

/// A time to give a file: the current time, the one it has, or a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileTime {
    Now,
    Omit,
    At(i64, u32),
}

fn timespec(t: FileTime) -> rustix::fs::Timespec {
    let (tv_sec, tv_nsec) = match t {
        FileTime::Now => (0, rfs::UTIME_NOW),
        FileTime::Omit => (0, rfs::UTIME_OMIT),
        FileTime::At(s, n) => (s as _, n as _),
    };
    rustix::fs::Timespec { tv_sec, tv_nsec }
}

/// utimensat(2) of `name` in `dir` (futimens(2) of `dir` itself when
/// `name` is None): access and modification times; of a symlink itself
/// unless `follow`.
pub fn set_file_times(
    dir: Fd,
    name: Option<&[u8]>,
    atime: FileTime,
    mtime: FileTime,
    follow: bool,
) -> Result<()> {
    let ts = rfs::Timestamps {
        last_access: timespec(atime),
        last_modification: timespec(mtime),
    };
    match name {
        None => rfs::futimens(dir.b(), &ts),
        Some(name) => {
            let fl = if follow {
                rfs::AtFlags::empty()
            } else {
                rfs::AtFlags::SYMLINK_NOFOLLOW
            };
            rfs::utimensat(dir.b(), P(name), &ts, fl)
        }
    }
    .map_err(Errno::from)
}

/// ioctl FICLONE: `to` shares all of `from`'s data (a reflink).
pub fn clone_file(to: Fd, from: Fd) -> Result<()> {
    rfs::ioctl_ficlone(to.b(), from.b()).map_err(Errno::from)
}

/// lseek SEEK_DATA: the first data at or after `at` (ENXIO: none).
pub fn seek_data(fd: Fd, at: u64) -> Result<u64> {
    rfs::seek(fd.b(), rfs::SeekFrom::Data(at)).map_err(Errno::from)
}

/// lseek SEEK_HOLE: the first hole at or after `at` (the end counts).
pub fn seek_hole(fd: Fd, at: u64) -> Result<u64> {
    rfs::seek(fd.b(), rfs::SeekFrom::Hole(at)).map_err(Errno::from)
}

/// fallocate PUNCH_HOLE|KEEP_SIZE; Ok where the file system cannot.
pub fn punch_hole(fd: Fd, at: u64, len: u64) -> Result<()> {
    use rustix::io::Errno as E;
    let fl = rfs::FallocateFlags::PUNCH_HOLE | rfs::FallocateFlags::KEEP_SIZE;
    match rfs::fallocate(fd.b(), fl, at, len) {
        Err(E::OPNOTSUPP | E::NOSYS) => Ok(()),
        r => r.map_err(Errno::from),
    }
}

/// readlinkat(2) of `name` in `dir`.
pub fn readlink_at(dir: Fd, name: &[u8]) -> Result<Vec<u8>> {
    rfs::readlinkat(dir.b(), P(name), Vec::new())
        .map(|c| c.into_bytes())
        .map_err(Errno::from)
}

/// mknodat(2) of `name` in `dir` with the file type and permission bits
/// of `mode` and device number `dev` (see [`mknod`]).
pub fn mknod_at(dir: Fd, name: &[u8], mode: u32, dev: u64) -> Result<()> {
    if dev > u32::MAX as u64 {
        return Err(Errno::INVAL);
    }
    let kind = rfs::FileType::from_raw_mode(mode as _);
    let perm = Mode::from_raw_mode((mode & 0o7777) as _);
    rfs::mknodat(dir.b(), P(name), kind, perm, dev).map_err(Errno::from)
}

/// gnulib's renameatu with RENAME_NOREPLACE: EEXIST if `new` exists.
/// Where the file system (or kernel) refuses the flag, it is emulated
/// with an lstat before a plain renameat, as gnulib does.
pub fn rename_noreplace_at(old_dir: Fd, old: &[u8], new_dir: Fd, new: &[u8]) -> Result<()> {
    match rfs::renameat_with(
        old_dir.b(),
        P(old),
        new_dir.b(),
        P(new),
        rfs::RenameFlags::NOREPLACE,
    ) {
        Err(e) if e == rustix::io::Errno::INVAL || e == rustix::io::Errno::NOSYS => {
            match statat(new_dir, new, false) {
                Ok(_) | Err(Errno::OVERFLOW) => Err(Errno::EXIST),
                Err(Errno::NOENT) => rename_at(old_dir, old, new_dir, new),
                Err(e) => Err(e),
            }
        }
        r => r.map_err(Errno::from),
    }
}

/// faccessat(2) with AT_EACCESS: `name` in `dir` is writable by the
/// effective ids.
pub fn writable_at(dir: Fd, name: &[u8]) -> bool {
    rfs::accessat(
        dir.b(),
        P(name),
        rfs::Access::WRITE_OK,
        rfs::AtFlags::EACCESS,
    )
    .is_ok()
}
