// corebox applet
// name: rm
// usage: [OPTION]... [FILE]...
// option: -f, --force
// option: --interactive[=WHEN]
// option: --one-file-system
// option: --no-preserve-root
// option: --preserve-root[=all]
// option: ---presume-input-tty
// option: -r, --recursive
// option: -d, --dir
// option: -v, --verbose
// option: -i
// option: -I
// option: -R
// help:
// Remove (unlink) the FILE(s).
//
//   -f, --force           ignore nonexistent files and arguments, never prompt
//   -i                    prompt before every removal
//   -I                    prompt once before removing more than three files, or
//                           when removing recursively; less intrusive than -i,
//                           while still giving protection against most mistakes
//       --interactive[=WHEN]  prompt according to WHEN: never, once (-I), or
//                           always (-i); without WHEN, prompt always
//       --one-file-system  when removing a hierarchy recursively, skip any
//                           directory that is on a file system different from
//                           that of the corresponding command line argument
//       --no-preserve-root  do not treat '/' specially
//       --preserve-root[=all]  do not remove '/' (default);
//                               with 'all', reject any command line argument
//                               on a separate device from its parent
//   -r, -R, --recursive   remove directories and their contents recursively
//   -d, --dir             remove empty directories
//   -v, --verbose         explain what is being done
//       --help        display this help and exit
//       --version     output version information and exit
//
// By default, rm does not remove directories.  Use the --recursive (-r or -R)
// option to remove each listed directory, too, along with all of its contents.
//
// To remove a file whose name starts with a '-', for example '-foo',
// use one of these commands:
//   %s -- -foo
//
//   %s ./-foo
//
// Note that if you use rm to remove a file, it might be possible to recover
// some of its contents, given sufficient expertise and/or time.  For greater
// assurance that the contents are truly unrecoverable, consider using shred(1).

//! rm: GNU rm.c and remove.c on the shared walker (`sys::walk`, gnulib
//! fts with FTS_NOSTAT|FTS_PHYSICAL): every removal is an unlinkat
//! relative to the parent's descriptor, so trees deeper than PATH_MAX go
//! and a directory swapped for a symlink is never followed. A failure
//! marks the ancestors, whose removal is then not tried (GNU's
//! fts_number); prompts and messages are GNU's.

use super::{opt, SPEC};
use crate::shared::ask::yesno;
use crate::shared::cli::{choice, try_help};
use crate::shared::diag::{die, quoteaf, quotef};
use alloc::vec::Vec;
use sys::fs::{self, Stat};
use sys::io::{error, out, program_name, write_stderr, Fd};
use sys::walk::{Follow, Info, Walker};
use sys::Errno;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ask {
    Never,
    Sometimes,
    Always,
}

struct Rm {
    ignore_missing: bool,
    ask: Ask,
    one_file_system: bool,
    empty_dirs: bool,
    recursive: bool,
    root: Option<Stat>,
    preserve_all_root: bool,
    stdin_tty: bool,
    verbose: bool,
    /// Per level of the walk: an entry below failed or was kept.
    kept: Vec<bool>,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    Ok,
    Declined,
    Error,
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    let mut rm = Rm {
        ignore_missing: false,
        ask: Ask::Sometimes,
        one_file_system: false,
        empty_dirs: false,
        recursive: false,
        root: None,
        preserve_all_root: false,
        stdin_tty: sys::fs::isatty(Fd::STDIN),
        verbose: false,
        kept: Vec::new(),
    };
    let (mut preserve_root, mut once) = (true, false);
    while let Some(o) = opts.next_raw() {
        let o = match o {
            Ok(o) => o,
            Err(e) => {
                error(&[&e.message()], None);
                diagnose_leading_hyphen(args);
                try_help(&SPEC);
            }
        };
        match o.key {
            'd' => rm.empty_dirs = true,
            'f' => (rm.ask, rm.ignore_missing, once) = (Ask::Never, true, false),
            'i' => (rm.ask, rm.ignore_missing, once) = (Ask::Always, false, false),
            'I' => (rm.ask, rm.ignore_missing, once) = (Ask::Sometimes, false, true),
            'r' | 'R' => rm.recursive = true,
            'v' => rm.verbose = true,
            opt::INTERACTIVE => {
                let words: &[(&[u8], Ask)] = &[
                    (b"never", Ask::Never),
                    (b"no", Ask::Never),
                    (b"none", Ask::Never),
                    (b"once", Ask::Sometimes),
                    (b"always", Ask::Always),
                    (b"yes", Ask::Always),
                ];
                match o
                    .arg
                    .map_or(Ask::Always, |a| choice(&SPEC, b"--interactive", a, words))
                {
                    Ask::Never => (rm.ask, once) = (Ask::Never, false),
                    Ask::Sometimes => {
                        (rm.ask, rm.ignore_missing, once) = (Ask::Sometimes, false, true)
                    }
                    Ask::Always => (rm.ask, rm.ignore_missing, once) = (Ask::Always, false, false),
                }
            }
            opt::ONE_FILE_SYSTEM => rm.one_file_system = true,
            opt::NO_PRESERVE_ROOT => {
                if abbreviated_no_preserve_root(args) {
                    die(
                        &[b"you may not abbreviate the --no-preserve-root option"],
                        None,
                    );
                }
                preserve_root = false;
            }
            opt::PRESERVE_ROOT => {
                if let Some(a) = o.arg {
                    if a != b"all" {
                        die(
                            &[b"unrecognized --preserve-root argument: ", &quoteaf(a)],
                            None,
                        );
                    }
                    rm.preserve_all_root = true;
                }
                preserve_root = true;
            }
            opt::_PRESUME_INPUT_TTY => rm.stdin_tty = true,
            _ => {}
        }
    }
    let files = opts.operands();
    if files.is_empty() {
        if rm.ignore_missing {
            return 0;
        }
        crate::shared::cli::missing_operand(&SPEC);
    }
    if rm.recursive && preserve_root {
        match fs::lstat(b"/") {
            Ok(st) => rm.root = Some(st),
            Err(e) => die(&[b"failed to get attributes of ", &quoteaf(b"/")], Some(e)),
        }
    }
    if once && (rm.recursive || files.len() > 3) {
        let mut q = program_name().to_vec();
        q.extend_from_slice(b": remove ");
        logic::digits::push_u64(&mut q, files.len() as u64);
        q.extend_from_slice(match (files.len() == 1, rm.recursive) {
            (true, true) => b" argument recursively? ",
            (false, true) => b" arguments recursively? ",
            (true, false) => b" argument? ",
            (false, false) => b" arguments? ",
        });
        write_stderr(&q);
        if !yesno() {
            return 0;
        }
    }
    i32::from(rm.run(&files) == Status::Error)
}

/// After a bad option: GNU's hint for an operand that looks like one.
fn diagnose_leading_hyphen(args: &[&[u8]]) {
    for a in &args[1..] {
        if a.len() > 1 && a[0] == b'-' && fs::lstat(a).is_ok() {
            let mut m = b"Try '".to_vec();
            m.extend_from_slice(args[0]);
            m.extend_from_slice(b" ./");
            m.extend_from_slice(&quotef(a));
            m.extend_from_slice(b"' to remove the file ");
            m.extend_from_slice(&quoteaf(a));
            m.extend_from_slice(b".\n");
            write_stderr(&m);
            break;
        }
    }
}

/// `--no-preserve-root` must be spelled out: an abbreviation of it
/// (before `--`) is refused.
fn abbreviated_no_preserve_root(args: &[&[u8]]) -> bool {
    let full: &[u8] = b"--no-preserve-root";
    args[1..]
        .iter()
        .take_while(|a| **a != b"--")
        .any(|a| a.len() > 4 && a.len() < full.len() && full.starts_with(a))
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

/// "." or ".." (with or without a trailing slash).
fn dot_or_dotdot(name: &[u8]) -> bool {
    let n = match name {
        [b'.', b'.', rest @ ..] => rest,
        [b'.', rest @ ..] => rest,
        _ => return false,
    };
    n.first().is_none_or(|&c| c == b'/')
}

impl Rm {
    fn run(&mut self, files: &[&[u8]]) -> Status {
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
            if dot_or_dotdot(&name[logic::path::last_component(name)..]) {
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
