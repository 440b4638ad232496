//! GNU remove.c, the removing engine of rm (and of mv after a copy
//! across file systems), on the shared walker (`sys::walk`, gnulib fts
//! with FTS_NOSTAT|FTS_PHYSICAL): every removal is an unlinkat relative
//! to the parent's descriptor, so trees deeper than PATH_MAX go and a
//! directory swapped for a symlink is never followed. A failure marks
//! the ancestors, whose removal is then not tried (GNU's fts_number);
//! prompts and messages are GNU's.

use super::ask::yesno;
use super::diag::{quoteaf, quotef};
use alloc::vec::Vec;
use sys::fs::{self, Stat};
use sys::io::{error, out, program_name, write_stderr};
use sys::walk::{Follow, Info, Walker};
use sys::Errno;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    Never,
    Sometimes,
    Always,
}

pub struct Remover {
    pub ignore_missing: bool,
    pub ask: Ask,
    pub one_file_system: bool,
    pub empty_dirs: bool,
    pub recursive: bool,
    pub root: Option<Stat>,
    pub preserve_all_root: bool,
    pub stdin_tty: bool,
    pub verbose: bool,
    /// Per level of the walk: an entry below failed or was kept.
    kept: Vec<bool>,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    Ok,
    Declined,
    Error,
}

impl Remover {
    /// mv's rm_option_init: recursive, no prompts, `/` refused.
    pub fn for_mv(verbose: bool) -> Remover {
        Remover {
            ask: Ask::Never,
            empty_dirs: true,
            recursive: true,
            root: Some(super::diag::root_dev_ino()),
            stdin_tty: false,
            verbose,
            ..Default::default()
        }
    }
}

impl Default for Remover {
    /// rm_option_init as rm sets it before its options.
    fn default() -> Remover {
        Remover {
            ignore_missing: false,
            ask: Ask::Sometimes,
            one_file_system: false,
            empty_dirs: false,
            recursive: false,
            root: None,
            preserve_all_root: false,
            stdin_tty: fs::isatty(sys::io::Fd::STDIN),
            verbose: false,
            kept: Vec::new(),
        }
    }
}

/// gnulib's file_type.
fn file_type(st: &Stat) -> &'static [u8] {
    match st.mode & fs::S_IFMT {
        fs::S_IFREG if st.size == 0 => b"regular empty file",
        fs::S_IFREG => b"regular file",
        fs::S_IFDIR => b"directory",
        fs::S_IFLNK => b"symbolic link",
        fs::S_IFBLK => b"block special file",
        fs::S_IFCHR => b"character special file",
        fs::S_IFIFO => b"fifo",
        fs::S_IFSOCK => b"socket",
        _ => b"weird file",
    }
}

impl Remover {
    pub fn run(&mut self, files: &[&[u8]]) -> Status {
        let mut w = Walker::new(files, Follow::Physical);
        w.no_stat(true);
        w.one_file_system(self.one_file_system);
        let mut status = Status::Ok;
        let mut root_dev = 0;
        while let Some(info) = w.next() {
            if w.level() == 0 {
                root_dev = w.stat().dev;
            }
            let s = self.visit(&mut w, info, root_dev);
            if s > status {
                status = s;
            }
        }
        status
    }

    /// GNU's mark_ancestor_dirs: the directories above the current entry
    /// are not to be removed.
    fn keep_ancestors(&mut self, level: usize) {
        for p in (0..level.min(self.kept.len())).rev() {
            if self.kept[p] {
                break;
            }
            self.kept[p] = true;
        }
    }

    /// fts_skip_tree: the directory's entries and its post-order visit
    /// are passed over.
    fn skip(w: &mut Walker) {
        w.skip();
        w.next();
    }

    fn visit(&mut self, w: &mut Walker, info: Info, root_dev: u64) -> Status {
        let level = w.level();
        match info {
            Info::D => {
                if self.kept.len() <= level {
                    self.kept.resize(level + 1, false);
                }
                self.kept[level] = false;
                self.pre_order(w, root_dev)
            }
            Info::DC => {
                crate::shared::diag::cycle_warning(w.path());
                Self::skip(w);
                Status::Error
            }
            Info::ERR(e) => {
                error(&[b"traversal failed: ", &quotef(w.path())], Some(e));
                Self::skip(w);
                Status::Error
            }
            Info::DP if self.one_file_system && level > 0 && w.stat().dev != root_dev => {
                self.keep_ancestors(level);
                error(
                    &[
                        b"skipping ",
                        &quoteaf(w.path()),
                        b", since it's on a different device",
                    ],
                    None,
                );
                Status::Error
            }
            _ => {
                let dir = matches!(info, Info::DP | Info::DNR(_));
                let s = self.prompt(w, dir, false, &mut None);
                if s != Status::Ok {
                    return s;
                }
                let dnr = if let Info::DNR(e) = info {
                    Some(e)
                } else {
                    None
                };
                self.excise(w, dir, dnr)
            }
        }
    }

    /// The pre-order visit of a directory.
    fn pre_order(&mut self, w: &mut Walker, root_dev: u64) -> Status {
        let level = w.level();
        // Without -r, only an empty directory under -d goes.
        let refused = !self.recursive
            && (!self.empty_dirs || fs::is_empty_dir(w.dirfd(), w.name()) != Ok(true));
        if refused {
            let e = if self.empty_dirs {
                Errno::NOTEMPTY
            } else {
                Errno::ISDIR
            };
            error(&[b"cannot remove ", &quoteaf(w.path())], Some(e));
            self.keep_ancestors(level);
            Self::skip(w);
            return Status::Error;
        }
        if level == 0 {
            let name = w.name();
            if logic::path::dot_or_dotdot(&name[logic::path::last_component(name)..]) {
                error(
                    &[
                        b"refusing to remove '.' or '..' directory: skipping ",
                        &quoteaf(w.path()),
                    ],
                    None,
                );
                Self::skip(w);
                return Status::Error;
            }
            if sys::walk::is_root(w.stat(), self.root.as_ref()) {
                crate::shared::diag::root_warning(w.path());
                Self::skip(w);
                return Status::Error;
            }
            if self.preserve_all_root && !self.same_device_as_parent(w, root_dev) {
                Self::skip(w);
                return Status::Error;
            }
        }
        let mut empty = None;
        let mut s = self.prompt(w, true, true, &mut empty);
        if s == Status::Ok && empty == Some(true) {
            s = self.excise(w, true, None);
            if s == Status::Ok {
                Self::skip(w);
            }
        }
        if s != Status::Ok {
            self.keep_ancestors(level);
            Self::skip(w);
        }
        s
    }

    /// --preserve-root=all: an operand on another device than its parent
    /// is refused.
    fn same_device_as_parent(&self, w: &Walker, dev: u64) -> bool {
        let (parent, _) = logic::path::file_name_concat(w.name(), b"..");
        match fs::lstat(&parent) {
            Err(_) => {
                error(
                    &[
                        b"failed to stat ",
                        &quoteaf(&parent),
                        b": skipping ",
                        &quoteaf(w.name()),
                    ],
                    None,
                );
                false
            }
            Ok(st) if st.dev != dev => {
                error(
                    &[
                        b"skipping ",
                        &quoteaf(w.path()),
                        b", since it's on a different device",
                    ],
                    None,
                );
                error(&[b"and --preserve-root=all is in effect"], None);
                false
            }
            Ok(_) => true,
        }
    }

    /// GNU's prompt(): whether the entry may go. `descend`: the pre-order
    /// visit of a directory, whose emptiness is reported in `empty`.
    fn prompt(&self, w: &Walker, dir: bool, descend: bool, empty: &mut Option<bool>) -> Status {
        let (at, name) = (w.dirfd(), w.name());
        let mut is_empty = false;
        if descend {
            is_empty = fs::is_empty_dir(at, name) == Ok(true);
            *empty = Some(is_empty);
        }
        if !descend && dir && self.kept.get(w.level()).copied().unwrap_or(false) {
            return Status::Declined;
        }
        if self.ask == Ask::Never {
            return Status::Ok;
        }
        let mut lst: Option<Result<Stat, Errno>> = None;
        let mut lstat = || *lst.get_or_insert_with(|| fs::statat(at, name, false));
        // 1: write-protected; 0: not; Err: cannot tell.
        let mut wp: Result<bool, Errno> = Ok(false);
        let mut kind = if dir { Some(fs::S_IFDIR) } else { None };
        if !self.ignore_missing
            && (self.ask == Ask::Always || self.stdin_tty)
            && sys::user::euid() != 0
        {
            wp = match lstat() {
                Err(e) => Err(e),
                Ok(st) if st.mode & fs::S_IFMT == fs::S_IFLNK => Ok(false),
                Ok(_) => match fs::access_at(at, name, fs::W_OK) {
                    Ok(()) => Ok(false),
                    Err(Errno::ACCES) => Ok(true),
                    Err(e) => Err(e),
                },
            };
        }
        if wp != Ok(false) || self.ask == Ask::Always {
            if wp.is_ok() && kind.is_none() {
                match lstat() {
                    Ok(st) => kind = Some(st.mode & fs::S_IFMT),
                    Err(e) => wp = Err(e),
                }
            }
            if wp.is_ok() {
                match kind {
                    Some(fs::S_IFLNK) if self.ask != Ask::Always => return Status::Ok,
                    Some(fs::S_IFDIR) if !(self.recursive || (self.empty_dirs && is_empty)) => {
                        wp = Err(Errno::ISDIR)
                    }
                    _ => {}
                }
            }
            let q = quoteaf(w.path());
            let protected = match wp {
                Err(e) => {
                    error(&[b"cannot remove ", &q], Some(e));
                    return Status::Error;
                }
                Ok(p) => p,
            };
            let mut m = program_name().to_vec();
            if kind == Some(fs::S_IFDIR) && descend && !is_empty {
                m.extend_from_slice(if protected {
                    b": descend into write-protected directory "
                } else {
                    b": descend into directory "
                });
            } else {
                let st = match lstat() {
                    Ok(st) => st,
                    Err(e) => {
                        error(&[b"cannot remove ", &q], Some(e));
                        return Status::Error;
                    }
                };
                m.extend_from_slice(if protected {
                    b": remove write-protected "
                } else {
                    b": remove "
                });
                m.extend_from_slice(file_type(&st));
                m.push(b' ');
            }
            m.extend_from_slice(&q);
            m.extend_from_slice(b"? ");
            write_stderr(&m);
            if !yesno() {
                return Status::Declined;
            }
        }
        Status::Ok
    }

    /// GNU's excise: unlinkat (rmdir for directories) and its report.
    fn excise(&mut self, w: &Walker, dir: bool, dnr: Option<Errno>) -> Status {
        let (at, name) = (w.dirfd(), w.name());
        let r = if dir {
            fs::rmdir_at(at, name)
        } else {
            fs::unlink_at(at, name)
        };
        let mut e = match r {
            Ok(()) => {
                if self.verbose {
                    let o = out();
                    o.write(if dir {
                        b"removed directory "
                    } else {
                        b"removed "
                    });
                    o.write(&quoteaf(w.path()));
                    o.byte(b'\n');
                }
                return Status::Ok;
            }
            Err(e) => e,
        };
        // Old kernels said EROFS for missing files: ENOENT is meant then.
        if e == Errno::ROFS && fs::statat(at, name, false) == Err(Errno::NOENT) {
            e = Errno::NOENT;
        }
        if self.ignore_missing
            && [Errno::NOENT, Errno::NOTDIR, Errno::INVAL, Errno::ILSEQ].contains(&e)
        {
            return Status::Ok;
        }
        if let Some(d) = dnr.filter(|d| *d == Errno::PERM || *d == Errno::ACCES) {
            if [Errno::NOTEMPTY, Errno::ISDIR, Errno::NOTDIR, Errno::EXIST].contains(&e) {
                e = d;
            }
        }
        error(&[b"cannot remove ", &quoteaf(w.path())], Some(e));
        self.keep_ancestors(w.level());
        Status::Error
    }
}
