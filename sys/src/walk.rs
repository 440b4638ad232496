//! The tree walker every recursive applet uses (gnulib fts, reduced to what
//! coreutils needs): pre-order, post-order and file visits with their stat,
//! `-P`/`-L`/`-H`, dev/ino cycle detection, `--one-file-system`.
//!
//! Directories are opened relative to their parent's descriptor with
//! `O_NOFOLLOW|O_DIRECTORY` (following only where `-L`/`-H` asks), so depth
//! is not bounded by PATH_MAX and a directory swapped for a symlink during
//! the walk is not followed. Each directory is read whole with getdents64
//! through one reusable buffer; the walk state is an explicit stack (no
//! recursion), and at most [`MAX_OPEN`] directory descriptors stay open:
//! deeper walks close ancestors and reopen them through `..` on the way
//! back, checking device and inode. Operations act on `dirfd()` + `name()`.

use crate::errno::{Errno, Result};
use crate::fs::{Stat, S_IFLNK, S_IFMT};
use crate::io::{Fd, File};
use alloc::vec::Vec;
use rustix::fs::{self as rfs, RawDir};

/// Directory descriptors kept open at most (besides the one being read).
pub const MAX_OPEN: usize = 32;

/// How symbolic links are followed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Follow {
    /// `-P`: never.
    Physical,
    /// `-H`: only command-line operands.
    CmdLine,
    /// `-L`: always.
    Logical,
}

/// What a visit is (fts_info).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Info {
    /// A directory, before its entries.
    D,
    /// A directory, after its entries (or skipped).
    DP,
    /// A file that is neither a directory nor a symlink.
    F,
    /// A symbolic link (not followed).
    SL,
    /// A symbolic link whose target does not exist (when following).
    SLNONE,
    /// A directory that is its own ancestor: not entered.
    DC,
    /// A directory that could not be read (after its `D` visit; no `DP`).
    DNR(Errno),
    /// The file could not be stat'ed.
    NS(Errno),
    /// A directory could not be entered safely (it changed under us).
    ERR(Errno),
}

struct Level {
    fd: Option<File>,
    dev: u64,
    ino: u64,
    stat: Stat,
    /// The entries: each a kind byte (the file type bits >> 12, as d_type),
    /// the name and a NUL.
    names: Vec<u8>,
    pos: usize,
    /// Where this directory's name starts in the path, and the path's length.
    name_off: usize,
    path_len: usize,
    followed: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum Next {
    Nothing,
    Descend,
    Post,
}

/// A walk over the trees named by some operands.
pub struct Walker<'a> {
    roots: &'a [&'a [u8]],
    root: usize,
    follow: Follow,
    xdev: bool,
    root_dev: u64,
    stack: Vec<Level>,
    active: logic::devino::Set,
    buf: Vec<u8>,
    path: Vec<u8>,
    name_off: usize,
    stat: Stat,
    level: usize,
    next: Next,
    /// The current entry was reached by following a symlink (O_NOFOLLOW off).
    followed: bool,
    nostat: bool,
    inode_order: bool,
    by_path: bool,
}

const KIND_DIR: u8 = 0o04;
const KIND_UNKNOWN: u8 = 0;

/// A directory entry's type as the S_IFMT bits >> 12 (d_type's values).
fn kind(t: rfs::FileType) -> u8 {
    use rfs::FileType as T;
    match t {
        T::Fifo => 0o01,
        T::CharacterDevice => 0o02,
        T::Directory => KIND_DIR,
        T::BlockDevice => 0o06,
        T::RegularFile => 0o10,
        T::Symlink => 0o12,
        T::Socket => 0o14,
        _ => KIND_UNKNOWN,
    }
}

fn stat_at(dir: Fd, name: &[u8], follow: bool) -> Result<Stat> {
    crate::fs::statat(dir, name, follow)
}

fn is_lnk(s: &Stat) -> bool {
    s.mode & S_IFMT == S_IFLNK
}

impl<'a> Walker<'a> {
    #[inline(never)]
    pub fn new(roots: &'a [&'a [u8]], follow: Follow) -> Walker<'a> {
        Walker {
            roots,
            root: 0,
            follow,
            xdev: false,
            root_dev: 0,
            stack: Vec::new(),
            active: logic::devino::Set::new(),
            buf: Vec::new(),
            path: Vec::new(),
            name_off: 0,
            stat: Stat::default(),
            level: 0,
            next: Next::Nothing,
            followed: false,
            nostat: false,
            inode_order: false,
            by_path: false,
        }
    }

    /// fts' FTS_NOSTAT: entries whose directory entry says they are no
    /// directory are visited without a stat (only the type bits of
    /// [`Walker::stat`] are set), where links are not followed.
    pub fn no_stat(&mut self, on: bool) {
        self.nostat = on;
    }

    /// Every directory's entries in inode order (gnulib savedir's
    /// SAVEDIR_SORT_FASTREAD, as cp reads directories), not only large ones.
    pub fn inode_order(&mut self, on: bool) {
        self.inode_order = on;
    }

    /// Ends the walk early: the directories entered still get their `DP`
    /// visits, innermost first, but no more entries.
    pub fn abandon(&mut self) {
        for l in &mut self.stack {
            l.pos = l.names.len();
        }
        self.skip();
    }

    /// fts' FTS_LOGICAL, which implies FTS_NOCHDIR: with [`Follow::Logical`]
    /// an entry is examined by its whole path from the working directory,
    /// so that the kernel's limits on symlinks followed in one lookup and
    /// on path lengths apply to it as in GNU (`du -L`).
    pub fn logical_by_path(&mut self, on: bool) {
        self.by_path = on;
    }

    /// `--one-file-system`: directories on another device than their
    /// operand are visited but not entered.
    pub fn one_file_system(&mut self, on: bool) {
        self.xdev = on;
    }

    /// The path of the current entry, as the operand spelled it plus names.
    pub fn path(&self) -> &[u8] {
        &self.path
    }

    /// The current entry's name relative to [`Walker::dirfd`].
    pub fn name(&self) -> &[u8] {
        &self.path[self.name_off..]
    }

    /// The directory holding the current entry (the current directory for
    /// operands).
    #[inline(never)]
    pub fn dirfd(&self) -> Fd {
        // A directory's own level is pushed after its pre-order visit and
        // popped before its post-order one: the top is always the parent.
        self.stack
            .last()
            .and_then(|l| l.fd.as_ref())
            .map_or(Fd::CWD, |f| f.fd())
    }

    /// The stat of the current entry (lstat unless links are followed).
    pub fn stat(&self) -> &Stat {
        &self.stat
    }

    /// 0 for operands, 1 for their entries, and so on.
    pub fn level(&self) -> usize {
        self.level
    }

    /// The device and inode of the directories entered above the current
    /// entry, its parent first (fts' `fts_parent` chain: du looks along
    /// it for the mount point in a cycle).
    pub fn ancestors(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.stack.iter().rev().map(|l| (l.dev, l.ino))
    }

    /// Do not enter the directory just visited in pre-order; its `DP`
    /// visit comes next.
    pub fn skip(&mut self) {
        if self.next == Next::Descend {
            self.next = Next::Post;
        }
    }

    /// Whether a symlink would be followed at this level.
    fn follows(&self, level: usize) -> bool {
        match self.follow {
            Follow::Logical => true,
            Follow::CmdLine => level == 0,
            Follow::Physical => false,
        }
    }

    /// Stats `name` in `dir` and classifies it.
    fn classify(&mut self, mut dir: Fd, level: usize) -> Info {
        let mut name = &self.path[self.name_off..];
        if self.by_path && self.follow == Follow::Logical {
            (dir, name) = (Fd::CWD, &self.path[..]);
        }
        let follow = self.follows(level);
        self.followed = false;
        let st = match stat_at(dir, name, follow) {
            Ok(s) => {
                self.followed = follow;
                s
            }
            Err(e) => {
                if follow && e == Errno::NOENT {
                    if let Ok(l) = stat_at(dir, name, false) {
                        if is_lnk(&l) {
                            self.stat = l;
                            return Info::SLNONE;
                        }
                    }
                }
                self.stat = Stat::default();
                return Info::NS(e);
            }
        };
        self.stat = st;
        if is_lnk(&st) {
            return Info::SL;
        }
        if !st.is_dir() {
            return Info::F;
        }
        if self.active.contains(&(st.dev, st.ino)) {
            return Info::DC;
        }
        if level == 0 {
            self.root_dev = st.dev;
        }
        self.next = if self.xdev && st.dev != self.root_dev {
            Next::Post
        } else {
            Next::Descend
        };
        Info::D
    }

    /// The next visit, or None at the end of the walk.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Info> {
        match core::mem::replace(&mut self.next, Next::Nothing) {
            Next::Post => return Some(Info::DP),
            Next::Descend => {
                if let Some(i) = self.descend() {
                    return Some(i);
                }
            }
            Next::Nothing => {}
        }
        let Some(top) = self.stack.last_mut() else {
            let &root = self.roots.get(self.root)?;
            self.root += 1;
            self.path.clear();
            self.path.extend_from_slice(trim_slashes(root));
            self.name_off = 0;
            self.level = 0;
            return Some(self.classify(Fd::CWD, 0));
        };
        if top.pos < top.names.len() {
            let kind = top.names[top.pos];
            let rest = &top.names[top.pos + 1..];
            let len = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
            self.path.truncate(top.path_len);
            if self.path.last() != Some(&b'/') {
                self.path.push(b'/');
            }
            self.name_off = self.path.len();
            self.path.extend_from_slice(&rest[..len]);
            top.pos += len + 2;
            let dir = top.fd.as_ref().map_or(Fd::CWD, |f| f.fd());
            self.level = self.stack.len();
            // FTS_NOSTAT: what is surely no directory needs no stat when
            // links are not followed below the operands.
            if self.nostat && kind != KIND_DIR && kind != KIND_UNKNOWN && !self.follows(self.level)
            {
                self.stat = Stat {
                    mode: (kind as u32) << 12,
                    ..Stat::default()
                };
                return Some(if kind == (S_IFLNK >> 12) as u8 {
                    Info::SL
                } else {
                    Info::F
                });
            }
            return Some(self.classify(dir, self.level));
        }
        Some(self.pop())
    }

    /// Enters the directory just visited; returns a visit when it cannot
    /// be read or is empty, None when its entries follow.
    fn descend(&mut self) -> Option<Info> {
        let dir = self.dirfd();
        let follow = self.followed;
        let name = &self.path[self.name_off..];
        let f = match crate::fs::open_dir_at(dir, name, follow) {
            Ok(f) => f,
            Err(e) => return Some(Info::DNR(e)),
        };
        match crate::fs::fstat(f.fd()) {
            Ok(s) if s.same_file(&self.stat) => {}
            Ok(_) => return Some(Info::ERR(Errno::NOENT)),
            Err(e) => return Some(Info::ERR(e)),
        }
        let mut names = Vec::new();
        if let Err(e) = self.read_names(f.fd(), &mut names) {
            return Some(Info::DNR(e));
        }
        if names.is_empty() {
            return Some(Info::DP);
        }
        let n = self.stack.len();
        if n >= MAX_OPEN {
            self.stack[n - MAX_OPEN].fd = None;
        }
        self.active.insert((self.stat.dev, self.stat.ino));
        self.stack.push(Level {
            fd: Some(f),
            dev: self.stat.dev,
            ino: self.stat.ino,
            stat: self.stat,
            names,
            pos: 0,
            name_off: self.name_off,
            path_len: self.path.len(),
            followed: follow,
        });
        None
    }

    fn read_names(&mut self, fd: Fd, names: &mut Vec<u8>) -> Result<()> {
        if self.buf.capacity() == 0 {
            self.buf.reserve_exact(32 * 1024);
        }
        // (inode, offset in `names`) of each entry, for the sort below.
        let mut inos: Vec<(u64, usize)> = Vec::new();
        let mut it = RawDir::new(fd.b(), self.buf.spare_capacity_mut());
        while let Some(e) = it.next() {
            let e = e.map_err(Errno::from)?;
            let n = e.file_name().to_bytes();
            if n != b"." && n != b".." {
                inos.push((e.ino(), names.len()));
                names.push(kind(e.file_type()));
                names.extend_from_slice(n);
                names.push(0);
            }
        }
        // gnulib fts: more than 10 000 entries are taken in inode order
        // (far fewer seeks), except where that cannot help.
        const TMPFS: u64 = 0x0102_1994;
        const NFS: u64 = 0x6969;
        const CIFS: u64 = 0xFF53_4D42;
        let many =
            inos.len() > 10_000 && !matches!(crate::fs::fs_type(fd), Some(TMPFS | NFS | CIFS));
        if many || (self.inode_order && inos.len() > 1) {
            logic::sort::sort(&mut inos);
            let mut sorted = Vec::with_capacity(names.len());
            for &(_, at) in &inos {
                let rest = &names[at..];
                let len = rest
                    .iter()
                    .position(|&b| b == 0)
                    .map_or(rest.len(), |z| z + 1);
                sorted.extend_from_slice(&rest[..len]);
            }
            *names = sorted;
        }
        Ok(())
    }

    /// Leaves the deepest directory: its post-order visit.
    fn pop(&mut self) -> Info {
        let Some(l) = self.stack.pop() else {
            return Info::DP;
        };
        self.active.remove(&(l.dev, l.ino));
        self.path.truncate(l.path_len);
        self.name_off = l.name_off;
        self.stat = l.stat;
        self.level = self.stack.len();
        if let Some(parent) = self.stack.last() {
            if parent.fd.is_none() {
                if let Err(e) = self.reopen_parent(l.fd.as_ref()) {
                    // The walk cannot go on above this point safely.
                    self.stack.clear();
                    self.active.clear();
                    return Info::ERR(e);
                }
            }
        }
        Info::DP
    }

    /// Reopens the (closed) top of the stack through `..` of its child, or
    /// failing that (a directory reached through a symlink) by its names
    /// from the nearest open ancestor; checks device and inode.
    fn reopen_parent(&mut self, child: Option<&File>) -> Result<()> {
        let top = self.stack.len() - 1;
        let (dev, ino) = (self.stack[top].dev, self.stack[top].ino);
        if let Some(c) = child {
            if let Ok(f) = crate::fs::open_dir_at(c.fd(), b"..", false) {
                if crate::fs::fstat(f.fd()).is_ok_and(|s| s.dev == dev && s.ino == ino) {
                    self.stack[top].fd = Some(f);
                    return Ok(());
                }
            }
        }
        let start = (0..top).rev().find(|&i| self.stack[i].fd.is_some());
        let mut i = start.map_or(0, |s| s + 1);
        while i <= top {
            let dir = if i == 0 {
                Fd::CWD
            } else {
                self.stack[i - 1].fd.as_ref().map_or(Fd::CWD, |f| f.fd())
            };
            let l = &self.stack[i];
            let f = crate::fs::open_dir_at(dir, &self.path[l.name_off..l.path_len], l.followed)?;
            if !crate::fs::fstat(f.fd()).is_ok_and(|s| s.dev == l.dev && s.ino == l.ino) {
                return Err(Errno::NOENT);
            }
            self.stack[i].fd = Some(f);
            i += 1;
        }
        Ok(())
    }
}

/// fts keeps one trailing slash of an operand and drops the others.
fn trim_slashes(p: &[u8]) -> &[u8] {
    let mut n = p.len();
    if n > 2 && p[n - 1] == b'/' {
        while n > 1 && p[n - 2] == b'/' {
            n -= 1;
        }
    }
    &p[..n]
}

/// GNU's --preserve-root check: the stat is that of `/`.
pub fn is_root(st: &Stat, root: Option<&Stat>) -> bool {
    root.is_some_and(|r| r.same_file(st))
}

/// GNU's cycle_warning_required: a cycle is a serious problem unless links
/// are followed (everywhere, or at the operand's level with `-H`).
pub fn cycle_warning_required(follow: Follow, level: usize) -> bool {
    match follow {
        Follow::Physical => true,
        Follow::CmdLine => level != 0,
        Follow::Logical => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::ffi::OsStrExt;
    use std::string::String;
    use std::vec;

    fn tmp(tag: &str) -> std::path::PathBuf {
        // tmpfs when there is one: rmdir of a 20 000-deep tree on a loaded
        // ext4 takes a minute.
        let shm = std::path::Path::new("/dev/shm");
        let base = if shm.is_dir() {
            shm.into()
        } else {
            std::env::temp_dir()
        };
        let p = base.join(std::format!("corebox-walk-{}-{tag}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        p
    }

    fn walk(root: &std::path::Path, follow: Follow) -> Vec<(String, Info)> {
        let r = root.as_os_str().as_bytes().to_vec();
        let roots: Vec<&[u8]> = vec![&r];
        let mut w = Walker::new(&roots, follow);
        let mut v = Vec::new();
        while let Some(i) = w.next() {
            let p = String::from_utf8_lossy(&w.path()[r.len()..]).into_owned();
            v.push((p, i));
        }
        v
    }

    #[test]
    fn order_and_kinds() {
        let t = tmp("order");
        std::fs::create_dir_all(t.join("d/e")).unwrap();
        std::fs::write(t.join("d/f"), "x").unwrap();
        std::os::unix::fs::symlink("e", t.join("d/l")).unwrap();
        std::os::unix::fs::symlink("nowhere", t.join("d/dang")).unwrap();
        let mut v = walk(&t.join("d"), Follow::Physical);
        v[1..5].sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(v[0], ("".into(), Info::D));
        assert_eq!(v.last().unwrap(), &("".into(), Info::DP));
        assert!(v.contains(&("/l".into(), Info::SL)));
        assert!(v.contains(&("/dang".into(), Info::SL)));
        assert!(v.contains(&("/f".into(), Info::F)));
        assert!(v.contains(&("/e".into(), Info::DP)));
        let v = walk(&t.join("d"), Follow::Logical);
        assert!(v.contains(&("/dang".into(), Info::SLNONE)));
        assert!(v.contains(&("/l".into(), Info::D)));
        std::fs::remove_dir_all(&t).unwrap();
    }

    #[test]
    fn no_stat_uses_the_entry_type() {
        let t = tmp("nostat");
        std::fs::create_dir_all(t.join("d/e")).unwrap();
        std::fs::write(t.join("d/f"), "x").unwrap();
        std::os::unix::fs::symlink("f", t.join("d/l")).unwrap();
        let r = t.join("d").as_os_str().as_bytes().to_vec();
        let roots: Vec<&[u8]> = vec![&r];
        let mut w = Walker::new(&roots, Follow::Physical);
        w.no_stat(true);
        let mut seen = Vec::new();
        while let Some(i) = w.next() {
            seen.push((
                w.name().to_vec(),
                i,
                w.stat().ino != 0,
                w.stat().mode & S_IFMT,
            ));
        }
        assert!(seen.contains(&(b"f".to_vec(), Info::F, false, 0o100000)));
        assert!(seen.contains(&(b"l".to_vec(), Info::SL, false, S_IFLNK)));
        assert!(seen.contains(&(b"e".to_vec(), Info::D, true, 0o040000)));
        std::fs::remove_dir_all(&t).unwrap();
    }

    #[test]
    fn one_file_system_stops_at_mount_points() {
        // /dev/shm is a tmpfs on the devtmpfs /dev on most systems.
        let (Ok(dev), Ok(shm)) = (crate::fs::stat(b"/dev"), crate::fs::stat(b"/dev/shm")) else {
            return;
        };
        if dev.dev == shm.dev {
            return;
        }
        let roots: Vec<&[u8]> = vec![b"/dev"];
        let mut w = Walker::new(&roots, Follow::Physical);
        w.one_file_system(true);
        let mut saw = false;
        while let Some(i) = w.next() {
            if w.path() == b"/dev/shm" && i == Info::D {
                assert_eq!(w.next(), Some(Info::DP));
                assert_eq!(w.path(), b"/dev/shm");
                saw = true;
            }
            assert!(!w.path().starts_with(b"/dev/shm/"));
        }
        assert!(saw);
    }

    #[test]
    fn big_directories_in_inode_order() {
        // Not on tmpfs, where fts does not sort: the system temp dir.
        let t = std::env::temp_dir().join(std::format!("corebox-walk-{}-big", std::process::id()));
        let _ = std::fs::remove_dir_all(&t);
        std::fs::create_dir_all(&t).unwrap();
        let r = t.as_os_str().as_bytes().to_vec();
        let fd = crate::fs::open(&r, crate::fs::Open::Dir).unwrap();
        let sorts = !matches!(
            crate::fs::fs_type(fd.fd()),
            Some(0x0102_1994 | 0x6969 | 0xFF53_4D42)
        );
        for i in 0..10_001 {
            std::fs::write(t.join(std::format!("f{i}")), "").unwrap();
        }
        let roots: Vec<&[u8]> = vec![&r];
        let mut w = Walker::new(&roots, Follow::Physical);
        let mut inos = Vec::new();
        while let Some(i) = w.next() {
            if i == Info::F {
                inos.push(w.stat().ino);
            }
        }
        assert_eq!(inos.len(), 10_001);
        if sorts {
            assert!(inos.windows(2).all(|p| p[0] < p[1]));
        }
        std::fs::remove_dir_all(&t).unwrap();
    }

    #[test]
    fn symlink_loop_is_a_cycle_when_logical() {
        let t = tmp("loop");
        std::fs::create_dir_all(t.join("d/s")).unwrap();
        std::os::unix::fs::symlink("..", t.join("d/s/up")).unwrap();
        let v = walk(&t.join("d"), Follow::Logical);
        assert!(v.contains(&("/s/up".into(), Info::DC)), "{v:?}");
        let v = walk(&t.join("d"), Follow::Physical);
        assert!(v.contains(&("/s/up".into(), Info::SL)));
        // The cycle's entry and the directories above it.
        let r = t.join("d").as_os_str().as_bytes().to_vec();
        let roots: Vec<&[u8]> = vec![&r];
        let mut w = Walker::new(&roots, Follow::Logical);
        let id = |p: &std::path::Path| {
            let s = crate::fs::stat(p.as_os_str().as_bytes()).unwrap();
            (s.dev, s.ino)
        };
        while let Some(i) = w.next() {
            if i == Info::DC {
                let up: Vec<(u64, u64)> = w.ancestors().collect();
                assert_eq!(up, vec![id(&t.join("d/s")), id(&t.join("d"))]);
                assert_eq!((w.stat().dev, w.stat().ino), id(&t.join("d")));
            }
        }
        std::fs::remove_dir_all(&t).unwrap();
    }

    #[test]
    fn logical_by_path_meets_the_symlink_limit() {
        // 1/s -> ../2, 2/s -> ../3 ...: 1/s/s/s... resolves one symlink
        // a level, and a lookup follows at most 40.
        let t = tmp("sloop");
        for i in 1..=60 {
            std::fs::create_dir(t.join(std::format!("{i}"))).unwrap();
            let target = std::format!("../{}", i + 1);
            std::os::unix::fs::symlink(target, t.join(std::format!("{i}/s"))).unwrap();
        }
        std::fs::create_dir(t.join("61")).unwrap();
        let r = t.join("1").as_os_str().as_bytes().to_vec();
        let roots: Vec<&[u8]> = vec![&r];
        for by_path in [false, true] {
            let mut w = Walker::new(&roots, Follow::Logical);
            w.logical_by_path(by_path);
            let mut failed = None;
            while let Some(i) = w.next() {
                if let Info::NS(e) = i {
                    failed = Some((e, w.path().len()));
                }
            }
            match by_path {
                false => assert_eq!(failed, None),
                true => assert_eq!(failed, Some((Errno::LOOP, r.len() + 2 * 41))),
            }
        }
        std::fs::remove_dir_all(&t).unwrap();
    }

    #[test]
    fn deep_tree_with_bounded_fds() {
        let t = tmp("deep");
        let depth = 20_000;
        // Build with relative openat-free chdir-free steps: one long walk
        // through a descriptor chain would need PATH_MAX, so use the walker's
        // own primitives (openat + mkdirat).
        let base = t.as_os_str().as_bytes().to_vec();
        let mut dir = crate::fs::open(&base, crate::fs::Open::Dir).unwrap();
        for i in 0..depth {
            rfs::mkdirat(dir.fd().b(), "d", rfs::Mode::from_raw_mode(0o755)).unwrap();
            if i % 1000 == 0 {
                rfs::mkdirat(dir.fd().b(), "f", rfs::Mode::from_raw_mode(0o755)).unwrap();
            }
            dir = crate::fs::open_dir_at(dir.fd(), b"d", false).unwrap();
        }
        // An open descriptor on the deepest directory pins the whole chain
        // of dentries and makes every later rmdir walk it.
        drop(dir);
        let roots: Vec<&[u8]> = vec![&base];
        let mut w = Walker::new(&roots, Follow::Physical);
        let (mut pre, mut post, mut max) = (0, 0, 0);
        while let Some(i) = w.next() {
            match i {
                Info::D => pre += 1,
                Info::DP => post += 1,
                other => panic!("{other:?}"),
            }
            max = max.max(w.level());
            if w.level().is_multiple_of(997) {
                assert!(w.stack.iter().filter(|l| l.fd.is_some()).count() <= MAX_OPEN);
            }
        }
        assert_eq!(pre, depth + 1 + depth / 1000);
        assert_eq!(post, pre);
        assert_eq!(max, depth);
        // std's remove_dir_all recurses on the stack: too deep for it.
        let st = std::process::Command::new("rm").arg("-rf").arg(&t).status();
        assert!(st.unwrap().success());
    }

    #[test]
    fn vanished_entry_is_ns() {
        let t = tmp("vanish");
        std::fs::create_dir_all(t.join("d")).unwrap();
        std::fs::write(t.join("d/a"), "").unwrap();
        std::fs::write(t.join("d/b"), "").unwrap();
        let r = t.join("d").as_os_str().as_bytes().to_vec();
        let roots: Vec<&[u8]> = vec![&r];
        let mut w = Walker::new(&roots, Follow::Physical);
        assert_eq!(w.next(), Some(Info::D));
        assert_eq!(w.next(), Some(Info::F));
        // Remove the other entry after the directory was read.
        let other = if w.name() == b"a" { "d/b" } else { "d/a" };
        std::fs::remove_file(t.join(other)).unwrap();
        assert_eq!(w.next(), Some(Info::NS(Errno::NOENT)));
        assert_eq!(w.next(), Some(Info::DP));
        assert_eq!(w.next(), None);
        std::fs::remove_dir_all(&t).unwrap();
    }

    #[test]
    fn swapped_directory_is_not_followed() {
        let t = tmp("swap");
        std::fs::create_dir_all(t.join("d/sub")).unwrap();
        std::fs::create_dir_all(t.join("elsewhere")).unwrap();
        std::fs::write(t.join("elsewhere/secret"), "").unwrap();
        let r = t.join("d").as_os_str().as_bytes().to_vec();
        let roots: Vec<&[u8]> = vec![&r];
        let mut w = Walker::new(&roots, Follow::Physical);
        assert_eq!(w.next(), Some(Info::D));
        assert_eq!(w.next(), Some(Info::D));
        assert_eq!(w.name(), b"sub");
        std::fs::remove_dir(t.join("d/sub")).unwrap();
        std::os::unix::fs::symlink("../elsewhere", t.join("d/sub")).unwrap();
        let i = w.next().unwrap();
        assert!(matches!(i, Info::DNR(_) | Info::ERR(_)), "{i:?}");
        assert_eq!(w.next(), Some(Info::DP));
        assert_eq!(w.next(), None);
        std::fs::remove_dir_all(&t).unwrap();
    }

    #[test]
    fn skip_gives_post_order() {
        let t = tmp("skip");
        std::fs::create_dir_all(t.join("d/e")).unwrap();
        let r = t.join("d").as_os_str().as_bytes().to_vec();
        let roots: Vec<&[u8]> = vec![&r, b"/nonexistent-corebox"];
        let mut w = Walker::new(&roots, Follow::Physical);
        assert_eq!(w.next(), Some(Info::D));
        w.skip();
        assert_eq!(w.next(), Some(Info::DP));
        assert_eq!(w.next(), Some(Info::NS(Errno::NOENT)));
        assert_eq!(w.next(), None);
        assert_eq!(trim_slashes(b"a///"), b"a/");
        assert_eq!(trim_slashes(b"//"), b"//");
        std::fs::remove_dir_all(&t).unwrap();
    }
}
