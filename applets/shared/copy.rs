//! GNU copy.c, the copying engine of cp (and of mv across file systems
//! and install): one source tree to one destination name, with GNU's
//! checks, prompts, messages and attribute handling.
//!
//! Where GNU names source files by whole paths, this walks the source with
//! the shared openat walker (`sys::walk`): every file is opened relative to
//! its parent's descriptor, with O_NOFOLLOW where links are not followed,
//! so depth is not bounded by PATH_MAX and a directory swapped for a
//! symlink during the copy is not followed. Destination directories are
//! held as O_PATH descriptors the same way (at most `MAX_OPEN` open,
//! reopened through `..` with a device/inode check). Whole names are kept
//! only for messages.

use super::backup::{Backups, Kind};
use super::cli::{try_help, usage_error, Spec};
use super::context::{clear_fscreate_or_die, ignorable, restore_from_fscreate, Labels};
use super::diag::{quote, quoteaf, quotef};
use super::links::{force_link, same_name_at};
use alloc::vec::Vec;
use logic::path::{file_name_concat, last_component};
use sys::fs::{self, OpenAt, Stat};
use sys::io::{error, out, Fd, File};
use sys::walk::{Follow, Info, Walker, MAX_OPEN};
use sys::xattr::{self, Of};
use sys::Errno;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Deref {
    Never,
    CmdLine,
    Always,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Interactive {
    AlwaysYes,
    AlwaysNo,
    Ask,
    Unspecified,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Sparse {
    Never,
    Auto,
    Always,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Reflink {
    Never,
    Auto,
    Always,
}

/// GNU's struct cp_options.
pub struct Options {
    pub backups: Backups,
    pub deref: Deref,
    pub interactive: Interactive,
    pub sparse: Sparse,
    pub reflink: Reflink,
    /// install -m: the mode of every copy.
    pub mode: Option<u32>,
    pub copy_as_regular: bool,
    pub unlink_dest_before_opening: bool,
    pub unlink_dest_after_failed_open: bool,
    pub hard_link: bool,
    pub move_mode: bool,
    pub install_mode: bool,
    pub chown_privileges: bool,
    pub owner_privileges: bool,
    pub one_file_system: bool,
    pub preserve_ownership: bool,
    pub preserve_mode: bool,
    pub preserve_timestamps: bool,
    pub explicit_no_preserve_mode: bool,
    pub preserve_links: bool,
    pub data_copy_required: bool,
    pub require_preserve: bool,
    pub preserve_security_context: bool,
    pub require_preserve_context: bool,
    /// `-Z` with no context: label by the file_contexts database.
    pub set_security_context: Option<&'static Labels>,
    pub preserve_xattr: bool,
    pub require_preserve_xattr: bool,
    pub reduce_diagnostics: bool,
    pub recursive: bool,
    pub symbolic_link: bool,
    pub update: bool,
    pub verbose: bool,
    pub stdin_tty: bool,
    pub open_dangling_dest_symlink: bool,
    /// mv: the operand is the last one (no need to record it).
    pub last_file: bool,
    /// mv: the outcome of a rename already tried (GNU's rename_errno;
    /// None: not tried).
    pub rename_errno: Option<Result<(), Errno>>,
}

impl Options {
    /// cp_options_default plus cp's cp_option_init.
    pub fn new(backups: Backups) -> Options {
        let root = sys::user::euid() == 0;
        Options {
            backups,
            deref: Deref::Always,
            interactive: Interactive::Unspecified,
            sparse: Sparse::Auto,
            reflink: Reflink::Auto,
            mode: None,
            copy_as_regular: true,
            unlink_dest_before_opening: false,
            unlink_dest_after_failed_open: false,
            hard_link: false,
            move_mode: false,
            install_mode: false,
            chown_privileges: root,
            owner_privileges: root,
            one_file_system: false,
            preserve_ownership: false,
            preserve_mode: false,
            preserve_timestamps: false,
            explicit_no_preserve_mode: false,
            preserve_links: false,
            data_copy_required: true,
            require_preserve: false,
            preserve_security_context: false,
            require_preserve_context: false,
            set_security_context: None,
            preserve_xattr: false,
            require_preserve_xattr: false,
            reduce_diagnostics: false,
            recursive: false,
            symbolic_link: false,
            update: false,
            verbose: false,
            stdin_tty: false,
            open_dangling_dest_symlink: sys::env::var(b"POSIXLY_CORRECT").is_some(),
            last_file: false,
            rename_errno: None,
        }
    }
}

const CHMOD_MODE_BITS: u32 = 0o7777;
const S_IRWXU: u32 = 0o700;
const S_IRWXUGO: u32 = 0o777;
const MODE_RW_UGO: u32 = 0o666;
const S_ISUID: u32 = 0o4000;
const S_ISGID: u32 = 0o2000;
const S_ISVTX: u32 = 0o1000;

fn is_lnk(st: &Stat) -> bool {
    st.mode & fs::S_IFMT == fs::S_IFLNK
}

fn is_type(mode: u32, t: u32) -> bool {
    mode & fs::S_IFMT == t
}

/// A (name, device, inode) triple of gnulib's file-has-acl hash tables.
type Triple = (Vec<u8>, u64, u64);

/// Where the current destination is: its directory, its name there, its
/// whole name (for messages) and its name relative to the top directory
/// (for the tables).
#[derive(Clone, Copy)]
struct Dst<'a> {
    dir: Fd,
    name: &'a [u8],
    path: &'a [u8],
    rel: &'a [u8],
}

#[derive(Clone, Copy)]
struct Src<'a> {
    dir: Fd,
    name: &'a [u8],
    path: &'a [u8],
}

/// A destination directory being filled: what its post-order visit
/// needs (copy_internal after copy_dir).
struct Frame {
    /// The destination directory (O_PATH), None when closed for depth.
    fd: Option<File>,
    dev: u64,
    ino: u64,
    /// Its whole name and where its last component starts.
    path: Vec<u8>,
    name_at: usize,
    post: Option<Post>,
    new_dst: bool,
    src_dev: u64,
}

struct Post {
    ok: bool,
    src_sb: Stat,
    dst_sb: Stat,
    src_mode: u32,
    dst_mode: u32,
    restore_dst_mode: bool,
    omitted_permissions: u32,
}

/// The outcome of one operand.
pub struct Outcome {
    pub ok: bool,
    pub copy_into_self: bool,
    pub rename_succeeded: bool,
}

pub struct Copier {
    pub x: Options,
    /// dev/ino of copied sources to destination names (cp-hash.c).
    src_to_dest: logic::devino::Map,
    pub dest_info: Option<Vec<Triple>>,
    pub src_info: Option<Vec<Triple>>,
    umask: u32,
    buf: Vec<u8>,
    top_src: Vec<u8>,
    top_dst: Vec<u8>,
    /// The top directory the destination's relative names start from.
    top_dir: Fd,
    /// mv: the rename of the operand, and whether its destination is
    /// being made by the copy that follows (and the backup made of what
    /// was there), so that a copy that fails leaves nothing half made.
    top_rename: Result<(), Errno>,
    made_top: bool,
    top_backup: Option<Vec<u8>>,
    /// cp/mv -g.
    pub progress: Option<super::progress::Progress>,
    /// utimecmp's timestamp resolutions of destination file systems: the
    /// device, nanoseconds, and whether known for sure.
    resolutions: Vec<(u64, i64, bool)>,
    /// The source and destination devices of the file being copied, and
    /// the pairs where the kernel refused to clone (bit 1) or to copy
    /// (copy_file_range, bit 2) for good: not asked again.
    devs: (u64, u64),
    no_offload: Vec<(u64, u64, u8)>,
    /// The directories the current operand made.
    made_dirs: logic::devino::Set,
}

const NO_CLONE: u8 = 1;
const NO_COPY_RANGE: u8 = 2;

/// What copy_internal decided for a directory.
enum Entry {
    Done(bool),
    /// A directory whose destination is ready: its entries follow.
    Dir(alloc::boxed::Box<Frame>),
}

impl Copier {
    pub fn new(x: Options) -> Copier {
        Copier {
            x,
            src_to_dest: logic::devino::Map::new(),
            dest_info: None,
            src_info: None,
            umask: fs::umask(),
            buf: Vec::new(),
            top_src: Vec::new(),
            top_dst: Vec::new(),
            top_dir: Fd::CWD,
            top_rename: Ok(()),
            made_top: false,
            top_backup: None,
            progress: None,
            resolutions: Vec::new(),
            devs: (0, 0),
            no_offload: Vec::new(),
            made_dirs: logic::devino::Set::new(),
        }
    }

    /// cp/mv -g: a progress line for the data of `sources`.
    pub fn start_progress(&mut self, sources: &[&[u8]]) {
        let follow = match self.x.deref {
            Deref::Never => Follow::Physical,
            Deref::CmdLine => Follow::CmdLine,
            Deref::Always => Follow::Logical,
        };
        self.progress = super::progress::Progress::new(sources, follow);
    }

    /// dest_info_init and src_info_init (for two or more operands).
    pub fn track_operands(&mut self) {
        self.dest_info = Some(Vec::new());
        self.src_info = Some(Vec::new());
    }

    /// GNU's copy(): `src` to `dst_path`, whose part from `rel_at` is
    /// relative to `dst_dir`. `nonexistent_dst`: positive, the
    /// destination surely does not exist; negative, not except perhaps as
    /// a dangling symlink; zero, unknown.
    pub fn copy(
        &mut self,
        src: &[u8],
        dst_dir: Fd,
        dst_path: &[u8],
        rel_at: usize,
        nonexistent_dst: i32,
    ) -> Outcome {
        self.top_src = src.to_vec();
        self.top_dst = dst_path.to_vec();
        self.top_dir = dst_dir;
        let mut res = Outcome {
            ok: true,
            copy_into_self: false,
            rename_succeeded: false,
        };
        if self.x.move_mode {
            let name = &dst_path[rel_at..];
            let r = self
                .x
                .rename_errno
                .unwrap_or_else(|| fs::rename_noreplace_at(Fd::CWD, src, dst_dir, name));
            self.top_rename = r;
            self.made_top = false;
            self.top_backup = None;
            match r {
                Ok(()) => {
                    res.rename_succeeded = true;
                    let mut sb = None;
                    if !self.x.last_file {
                        match fs::statat(dst_dir, name, false) {
                            Ok(s) => sb = Some(s),
                            Err(e) => {
                                error1(b"cannot stat ", dst_path, Some(e));
                                res.ok = false;
                                return res;
                            }
                        }
                    }
                    self.renamed(src, dst_path, None, name, sb);
                    return res;
                }
                Err(Errno::EXIST) if self.x.interactive == Interactive::AlwaysNo => {
                    // abandon_move: -n keeps what is there.
                    res.rename_succeeded = true;
                    return res;
                }
                Err(_) => {}
            }
        }
        let follow = match self.x.deref {
            Deref::Never => Follow::Physical,
            Deref::CmdLine => Follow::CmdLine,
            Deref::Always => Follow::Logical,
        };
        let roots: [&[u8]; 1] = [src];
        let mut w = Walker::new(&roots, follow);
        w.inode_order(true);
        w.one_file_system(self.x.one_file_system);
        let mut frames: Vec<Frame> = Vec::new();
        let mut first_dir_created = false;
        self.made_dirs.clear();
        while let Some(info) = w.next() {
            let level = w.level();
            if matches!(info, Info::DP | Info::DNR(_) | Info::ERR(_)) {
                if let Info::DNR(e) | Info::ERR(e) = info {
                    error1(b"cannot access ", w.path(), Some(e));
                    if let Some(p) = frames.last_mut().and_then(|f| f.post.as_mut()) {
                        p.ok = false;
                    }
                }
                let Some(f) = frames.pop() else { continue };
                let s = Src {
                    dir: w.dirfd(),
                    name: if w.level() == 0 { src } else { w.name() },
                    path: if w.level() == 0 { src } else { w.path() },
                };
                res.ok &= self.finish_dir(s, f, &mut frames, dst_dir, dst_path, rel_at);
                continue;
            }

            // The source and destination names of this entry.
            let src_path: &[u8] = if level == 0 { src } else { w.path() };
            let (dpath_owned, parent_fd, rel_off, nonexist);
            if level == 0 {
                dpath_owned = None;
                parent_fd = Some(dst_dir);
                rel_off = rel_at;
                nonexist = nonexistent_dst;
            } else {
                let f = frames.len() - 1;
                if frames[f].fd.is_none() {
                    reopen(&mut frames, f);
                }
                let (p, _) = file_name_concat(&frames[f].path, w.name());
                dpath_owned = Some(p);
                parent_fd = frames[f].fd.as_ref().map(|d| d.fd());
                rel_off = rel_at.min(frames[f].path.len());
                nonexist = i32::from(frames[f].new_dst);
            }
            let dpath: &[u8] = dpath_owned.as_deref().unwrap_or(dst_path);
            let Some(pfd) = parent_fd else {
                error1(b"cannot access ", dpath, Some(Errno::NOENT));
                res.ok = false;
                w.skip();
                continue;
            };
            let name_at = if level == 0 {
                rel_at
            } else {
                last_component(dpath)
            };
            let dst = Dst {
                dir: pfd,
                name: &dpath[name_at..],
                path: dpath,
                rel: &dpath[rel_off..],
            };
            let s = Src {
                dir: w.dirfd(),
                name: if level == 0 { src } else { w.name() },
                path: src_path,
            };
            let st = *w.stat();
            let parent_dev = frames.last().map(|f| f.src_dev);
            let r = match info {
                Info::NS(e) => {
                    error1(b"cannot stat ", src_path, Some(e));
                    Entry::Done(false)
                }
                Info::SLNONE => {
                    error1(b"cannot stat ", src_path, Some(Errno::NOENT));
                    Entry::Done(false)
                }
                _ => self.copy_internal(
                    s,
                    dst,
                    st,
                    level,
                    nonexist,
                    info == Info::DC,
                    parent_dev,
                    &mut first_dir_created,
                    &mut res,
                ),
            };
            match r {
                Entry::Done(ok) => {
                    res.ok &= ok;
                    if info == Info::D {
                        w.skip();
                        frames.push(Frame {
                            fd: None,
                            dev: 0,
                            ino: 0,
                            path: Vec::new(),
                            name_at: 0,
                            post: None,
                            new_dst: false,
                            src_dev: st.dev,
                        });
                    }
                    if res.copy_into_self {
                        w.abandon();
                    }
                }
                Entry::Dir(f) => {
                    let mut f = *f;
                    f.name_at = name_at;
                    let n = frames.len();
                    if n >= MAX_OPEN {
                        frames[n - MAX_OPEN].fd = None;
                    }
                    frames.push(f);
                }
            }
        }
        if self.made_top && !res.ok && !res.copy_into_self {
            self.undo_move(dst_dir, dst_path, rel_at);
        }
        res
    }

    /// mv: the success of a rename (`name` in `dst_dir` is where the
    /// source went; `sb` its status, to record when more operands follow).
    fn renamed(
        &mut self,
        src: &[u8],
        dst: &[u8],
        backup: Option<&[u8]>,
        rel: &[u8],
        sb: Option<Stat>,
    ) {
        if self.x.verbose {
            out().write(b"renamed ");
            emit_verbose(src, dst, backup);
        }
        if self.x.set_security_context.is_some() {
            // -Z failures are only warnings.
            self.set_file_ctx(dst, true);
        }
        if let (Some(sb), Some(v)) = (sb, &mut self.dest_info) {
            v.push((rel.to_vec(), sb.dev, sb.ino));
        }
    }

    /// mv across file systems, when the copy failed: the source is still
    /// whole, so the partial destination goes (and a backup made of what
    /// was there comes back).
    fn undo_move(&mut self, dst_dir: Fd, dst_path: &[u8], rel_at: usize) {
        let mut rm = super::remove::Remover::for_mv(self.x.verbose);
        rm.ignore_missing = true;
        let removed = rm.run(&[dst_path]) == super::remove::Status::Ok;
        if let (true, Some(b)) = (removed, self.top_backup.take()) {
            let name = &dst_path[rel_at..];
            if fs::rename_at(dst_dir, &b, dst_dir, name).is_ok() && self.x.verbose {
                let mut full = dst_path[..dst_path.len() - name.len()].to_vec();
                full.extend_from_slice(&b);
                let o = out();
                o.write(&quoteaf(&full));
                o.write(b" -> ");
                o.write(&quoteaf(dst_path));
                o.write(b" (unbackup)\n");
            }
        }
    }

    /// The post-order part of copy_internal for a directory.
    #[allow(clippy::too_many_arguments)]
    fn finish_dir(
        &mut self,
        src: Src,
        f: Frame,
        frames: &mut [Frame],
        top: Fd,
        top_path: &[u8],
        rel_at: usize,
    ) -> bool {
        let Some(p) = f.post else { return true };
        // The destination's parent, reopened if it was closed for depth.
        let n = frames.len();
        if n > 0 && frames[n - 1].fd.is_none() {
            if let Some(c) = &f.fd {
                if let Ok(d) = fs::open_at(c.fd(), b"..", OpenAt::PathDir { follow: false }) {
                    let same = fs::fstat(d.fd())
                        .is_ok_and(|s| s.dev == frames[n - 1].dev && s.ino == frames[n - 1].ino);
                    if same {
                        frames[n - 1].fd = Some(d);
                    }
                }
            }
            if frames[n - 1].fd.is_none() {
                reopen(frames, n - 1);
            }
        }
        let (dir, name): (Fd, &[u8]) = if n == 0 {
            (top, &top_path[rel_at..])
        } else {
            match &frames[n - 1].fd {
                Some(d) => (d.fd(), &f.path[f.name_at..]),
                None => {
                    error1(b"cannot access ", &f.path, Some(Errno::NOENT));
                    return false;
                }
            }
        };
        let dst = Dst {
            dir,
            name,
            path: &f.path,
            rel: &f.path[rel_at.min(f.path.len())..],
        };
        drop(f.fd);
        self.attributes(src, dst, &p, f.new_dst, false) && p.ok
    }

    /// copy_internal: everything for one file, and for a directory
    /// everything before its entries.
    #[allow(clippy::too_many_arguments)]
    fn copy_internal(
        &mut self,
        src: Src,
        dst: Dst,
        src_sb: Stat,
        level: usize,
        nonexistent_dst: i32,
        cyclic: bool,
        parent_dev: Option<u64>,
        first_dir_created: &mut bool,
        res: &mut Outcome,
    ) -> Entry {
        let command_line_arg = level == 0;
        let x = &self.x;
        // -H follows operands only: below them, GNU copies with DEREF_NEVER.
        let deref_mode = if !command_line_arg && x.deref == Deref::CmdLine {
            Deref::Never
        } else {
            x.deref
        };
        let mut new_dst = nonexistent_dst > 0;
        // In a directory this run made: nothing can be in the way.
        let in_new_dir = !command_line_arg && new_dst;
        let mut nonexistent_dst = nonexistent_dst;
        let src_mode = src_sb.mode;
        // mv: rename first (the operand's rename was tried by copy()).
        let mut rename_r = Ok(());
        if x.move_mode {
            rename_r = if command_line_arg {
                self.top_rename
            } else {
                x.rename_errno.unwrap_or_else(|| {
                    fs::rename_noreplace_at(src.dir, src.name, dst.dir, dst.name)
                })
            };
            match rename_r {
                Ok(()) => {
                    self.renamed(src.path, dst.path, None, dst.rel, None);
                    return Entry::Done(true);
                }
                Err(Errno::EXIST) if x.interactive == Interactive::AlwaysNo => {
                    return Entry::Done(true);
                }
                // (In a directory made here, nothing is there to stat.)
                Err(_) if in_new_dir => {}
                Err(_) => (nonexistent_dst, new_dst) = (0, false),
            }
        }
        if is_type(src_mode, fs::S_IFDIR) && !x.recursive {
            let m: &[u8] = if x.install_mode {
                b"omitting directory "
            } else {
                b"-r not specified; omitting directory "
            };
            error(&[m, &quoteaf(src.path)], None);
            return Entry::Done(false);
        }
        if command_line_arg && self.src_info.is_some() {
            let seen = self.seen(true, src.dir, src.name, &src_sb);
            if !is_type(src_mode, fs::S_IFDIR) && x.backups.kind == Kind::None && seen {
                error(
                    &[
                        b"warning: source file ",
                        &quoteaf(src.path),
                        b" specified more than once",
                    ],
                    None,
                );
                return Entry::Done(true);
            }
            if let Some(v) = &mut self.src_info {
                v.push((src.name.to_vec(), src_sb.dev, src_sb.ino));
            }
        }
        let x = &self.x;
        let dereference = deref_mode != Deref::Never;
        let mut dst_sb = Stat::default();
        let mut have_dst_lstat = false;
        let mut exists = false;
        let mut dst_backup: Option<Vec<u8>> = None;
        let mut return_now = false;
        if nonexistent_dst <= 0 {
            let use_lstat = (!is_type(src_mode, fs::S_IFREG)
                && (!x.copy_as_regular
                    || is_type(src_mode, fs::S_IFDIR)
                    || is_type(src_mode, fs::S_IFLNK)))
                || x.move_mode
                || x.symbolic_link
                || x.hard_link
                || x.backups.kind != Kind::None
                || x.unlink_dest_before_opening;
            if !use_lstat && nonexistent_dst < 0 {
                new_dst = true;
            } else {
                match fs::statat(dst.dir, dst.name, !use_lstat) {
                    Ok(s) => {
                        dst_sb = s;
                        have_dst_lstat = use_lstat;
                        exists = true;
                        rename_r = Err(Errno::EXIST);
                    }
                    Err(Errno::LOOP) if x.unlink_dest_after_failed_open => {}
                    Err(Errno::NOENT) => new_dst = true,
                    Err(e) => {
                        error1(b"cannot stat ", dst.path, Some(e));
                        return Entry::Done(false);
                    }
                }
            }
            if exists {
                if x.interactive != Interactive::AlwaysNo
                    && !self.same_file_ok(src, &src_sb, dst, &dst_sb, deref_mode, &mut return_now)
                {
                    error(
                        &[
                            &quoteaf(src.path),
                            b" and ",
                            &quoteaf(dst.path),
                            b" are the same file",
                        ],
                        None,
                    );
                    return Entry::Done(false);
                }
                let x = &self.x;
                // When preserving times (not moving within a file system),
                // a destination time truncated by its file system is not
                // older.
                let truncate = x.preserve_timestamps && !(x.move_mode && dst_sb.dev == src_sb.dev);
                if x.update
                    && !is_type(src_mode, fs::S_IFDIR)
                    && self.utimecmp(dst, &dst_sb, &src_sb, truncate) >= 0
                {
                    res.rename_succeeded |= command_line_arg;
                    if let Some(earlier) = self.remember_copied(dst.rel, src_sb.ino, src_sb.dev) {
                        if !self.hard_link_earlier(&earlier, dst, dereference) {
                            return Entry::Done(false);
                        }
                    }
                    return Entry::Done(true);
                }
                let x = &self.x;
                if x.move_mode {
                    if self.abandon_move(dst, &dst_sb) {
                        res.rename_succeeded |= command_line_arg;
                        return Entry::Done(true);
                    }
                } else if !is_type(src_mode, fs::S_IFDIR)
                    && (x.interactive == Interactive::AlwaysNo
                        || (x.interactive == Interactive::Ask && !self.overwrite_ok(dst, &dst_sb)))
                {
                    return Entry::Done(true);
                }
                if return_now {
                    return Entry::Done(true);
                }
                let x = &self.x;
                let src_dir = is_type(src_mode, fs::S_IFDIR);
                if !dst_sb.is_dir() {
                    if src_dir && !(x.move_mode && x.backups.kind != Kind::None) {
                        error2(
                            b"cannot overwrite non-directory ",
                            dst.path,
                            b" with directory ",
                            src.path,
                            b"",
                            None,
                        );
                        return Entry::Done(false);
                    }
                    if command_line_arg
                        && x.backups.kind != Kind::Numbered
                        && seen_in(&self.dest_info, dst.rel, &dst_sb)
                    {
                        error2(
                            b"will not overwrite just-created ",
                            dst.path,
                            b" with ",
                            src.path,
                            b"",
                            None,
                        );
                        return Entry::Done(false);
                    }
                }
                if !src_dir && dst_sb.is_dir() && !(x.move_mode && x.backups.kind != Kind::None) {
                    error(
                        &[
                            b"cannot overwrite directory ",
                            &quoteaf(dst.path),
                            b" with non-directory",
                        ],
                        None,
                    );
                    return Entry::Done(false);
                }
                if x.move_mode && src_dir && !dst_sb.is_dir() && x.backups.kind == Kind::None {
                    error(
                        &[
                            b"cannot move directory onto non-directory: ",
                            &quotef(src.path),
                            b" -> ",
                            &quotef(dst.path),
                        ],
                        None,
                    );
                    return Entry::Done(false);
                }
                let srcbase = &src.path[last_component(src.path)..];
                if x.backups.kind != Kind::None
                    && !logic::path::dot_or_dotdot(srcbase)
                    && (x.move_mode || !dst_sb.is_dir())
                {
                    if x.backups.kind != Kind::Numbered
                        && self.source_is_dst_backup(srcbase, &src_sb, dst)
                    {
                        let m: &[u8] = if x.move_mode {
                            b" not moved"
                        } else {
                            b" not copied"
                        };
                        error2(
                            b"backing up ",
                            dst.path,
                            b" might destroy source;  ",
                            src.path,
                            m,
                            None,
                        );
                        return Entry::Done(false);
                    }
                    let b = self.x.backups.name(dst.dir, dst.name);
                    match fs::rename_at(dst.dir, dst.name, dst.dir, &b) {
                        Ok(()) => {
                            let mut full = dst.path[..dst.path.len() - dst.name.len()].to_vec();
                            full.extend_from_slice(&b);
                            dst_backup = Some(full);
                        }
                        Err(Errno::NOENT) => {}
                        Err(e) => {
                            error1(b"cannot backup ", dst.path, Some(e));
                            return Entry::Done(false);
                        }
                    }
                    new_dst = true;
                } else if !dst_sb.is_dir()
                    && !x.move_mode
                    && (x.unlink_dest_before_opening
                        || (x.data_copy_required
                            && ((x.preserve_links && dst_sb.nlink > 1)
                                || (deref_mode == Deref::Never
                                    && !is_type(src_sb.mode, fs::S_IFREG)))))
                {
                    match fs::unlink_at(dst.dir, dst.name) {
                        Ok(()) | Err(Errno::NOENT) => {}
                        Err(e) => {
                            error1(b"cannot remove ", dst.path, Some(e));
                            return Entry::Done(false);
                        }
                    }
                    new_dst = true;
                    if x.verbose {
                        removed(dst.path);
                    }
                }
            }
        }
        let x = &self.x;
        if command_line_arg
            && self.dest_info.is_some()
            && !x.move_mode
            && x.backups.kind == Kind::None
        {
            let l = if have_dst_lstat {
                Some(dst_sb)
            } else {
                fs::statat(dst.dir, dst.name, false).ok()
            };
            if let Some(l) = l {
                if is_lnk(&l) && seen_in(&self.dest_info, dst.rel, &l) {
                    error2(
                        b"will not copy ",
                        src.path,
                        b" through just-created symlink ",
                        dst.path,
                        b"",
                        None,
                    );
                    return Entry::Done(false);
                }
            }
        }
        let x = &self.x;
        if x.verbose && !x.move_mode && !is_type(src_mode, fs::S_IFDIR) {
            emit_verbose(src.path, dst.path, dst_backup.as_deref());
        }
        let x = &self.x;
        // A directory this operand made met as a source: the copy is going
        // into itself. GNU knows only the first one it made, which stops
        // it as soon in the orders its directory reading gives; the
        // walker's inode order may reach the others first, and would
        // then copy on without end.
        if x.recursive
            && !command_line_arg
            && is_type(src_mode, fs::S_IFDIR)
            && self.made_dirs.contains(&(src_sb.dev, src_sb.ino))
            && !self.src_to_dest.contains(&(src_sb.dev, src_sb.ino))
        {
            self.copying_into_self(res);
            return self.un_backup(dst, dst_backup, false, &src_sb);
        }
        let earlier = if x.recursive && is_type(src_mode, fs::S_IFDIR) {
            if command_line_arg {
                self.remember_copied(dst.rel, src_sb.ino, src_sb.dev)
            } else {
                self.src_to_dest.get(&(src_sb.dev, src_sb.ino)).cloned()
            }
        } else if x.move_mode && src_sb.nlink == 1 {
            self.src_to_dest.get(&(src_sb.dev, src_sb.ino)).cloned()
        } else if x.preserve_links
            && !x.hard_link
            && (src_sb.nlink > 1
                || (command_line_arg && x.deref == Deref::CmdLine)
                || x.deref == Deref::Always)
        {
            self.remember_copied(dst.rel, src_sb.ino, src_sb.dev)
        } else {
            None
        };
        let had_earlier = earlier.is_some();
        if let Some(earlier) = earlier {
            if is_type(src_mode, fs::S_IFDIR) {
                if same_name_at(src.dir, src.name, self.top_dir, &earlier) {
                    self.copying_into_self(res);
                    return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
                } else if same_name_at(dst.dir, dst.name, self.top_dir, &earlier) {
                    error(
                        &[
                            b"warning: source directory ",
                            &quoteaf(&self.top_src),
                            b" specified more than once",
                        ],
                        None,
                    );
                    if self.x.move_mode {
                        res.rename_succeeded |= command_line_arg;
                    }
                    return Entry::Done(true);
                } else if self.x.deref == Deref::Always
                    || (command_line_arg && self.x.deref == Deref::CmdLine)
                {
                    // A directory met again through symlinks (cp -RL).
                } else {
                    let mut e = dst.path[..dst.path.len() - dst.rel.len()].to_vec();
                    e.extend_from_slice(&earlier);
                    error2(
                        b"will not create hard link ",
                        dst.path,
                        b" to directory ",
                        &e,
                        b"",
                        None,
                    );
                    return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
                }
            } else {
                if !self.hard_link_earlier(&earlier, dst, dereference) {
                    return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
                }
                return Entry::Done(true);
            }
        }
        if self.x.move_mode {
            if rename_r == Err(Errno::EXIST) {
                rename_r = fs::rename_at(src.dir, src.name, dst.dir, dst.name);
            }
            match rename_r {
                Ok(()) => {
                    let sb = (command_line_arg && !self.x.last_file).then_some(src_sb);
                    self.renamed(src.path, dst.path, dst_backup.as_deref(), dst.rel, sb);
                    res.rename_succeeded |= command_line_arg;
                    return Entry::Done(true);
                }
                Err(Errno::INVAL) => {
                    error2(
                        b"cannot move ",
                        &self.top_src,
                        b" to a subdirectory of itself, ",
                        &self.top_dst,
                        b"",
                        None,
                    );
                    res.copy_into_self = true;
                    return Entry::Done(true);
                }
                Err(Errno::XDEV) => {}
                Err(e) => {
                    error2(b"cannot move ", src.path, b" to ", dst.path, b"", Some(e));
                    self.src_to_dest.remove(&(src_sb.dev, src_sb.ino));
                    return Entry::Done(false);
                }
            }
            let r = if in_new_dir {
                Ok(())
            } else if is_type(src_mode, fs::S_IFDIR) {
                fs::rmdir_at(dst.dir, dst.name)
            } else {
                fs::unlink_at(dst.dir, dst.name)
            };
            if let Err(e) = r.or_else(|e| if e == Errno::NOENT { Ok(()) } else { Err(e) }) {
                error2(
                    b"inter-device move failed: ",
                    src.path,
                    b" to ",
                    dst.path,
                    b"; unable to remove target",
                    Some(e),
                );
                self.src_to_dest.remove(&(src_sb.dev, src_sb.ino));
                return Entry::Done(false);
            }
            if self.x.verbose && !is_type(src_mode, fs::S_IFDIR) {
                out().write(b"copied ");
                emit_verbose(src.path, dst.path, dst_backup.as_deref());
            }
            new_dst = true;
            if command_line_arg {
                self.made_top = true;
                self.top_backup = dst_backup
                    .as_ref()
                    .map(|b| b[dst.path.len() - dst.name.len()..].to_vec());
            }
        }
        let x = &self.x;
        let dst_mode_bits = x.mode.unwrap_or(src_mode) & CHMOD_MODE_BITS;
        let mut omitted_permissions = dst_mode_bits
            & if x.preserve_ownership {
                0o077
            } else if is_type(src_mode, fs::S_IFDIR) {
                0o022
            } else {
                0
            };
        let mut restore_dst_mode = false;
        let mut dst_mode = 0;
        let mut dest_is_symlink = false;
        // The context of new files (also the one existing files get with
        // --preserve=context).
        if !self.set_process_ctx((src.dir, src.name, src.path), dst.path, src_mode, new_dst) {
            return Entry::Done(false);
        }
        if is_type(src_mode, fs::S_IFDIR) {
            if cyclic {
                error1(b"cannot copy cyclic symbolic link ", src.path, None);
                return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
            }
            let created = new_dst || !dst_sb.is_dir();
            if created {
                let mode = dst_mode_bits & !omitted_permissions;
                if let Err(e) = fs::mkdir_at(dst.dir, dst.name, mode) {
                    error1(b"cannot create directory ", dst.path, Some(e));
                    return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
                }
                match fs::statat(dst.dir, dst.name, false) {
                    Err(e) => {
                        error1(b"cannot stat ", dst.path, Some(e));
                        return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
                    }
                    Ok(s) => {
                        dst_sb = s;
                        if s.mode & S_IRWXU != S_IRWXU {
                            dst_mode = s.mode;
                            restore_dst_mode = true;
                            if let Err(e) = fs::lchmodat(dst.dir, dst.name, dst_mode | S_IRWXU) {
                                error1(b"setting permissions for ", dst.path, Some(e));
                                return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
                            }
                        }
                    }
                }
                if !*first_dir_created {
                    self.remember_copied(dst.rel, dst_sb.ino, dst_sb.dev);
                    *first_dir_created = true;
                }
                self.made_dirs.insert((dst_sb.dev, dst_sb.ino));
                if self.x.verbose {
                    if self.x.move_mode {
                        let o = out();
                        o.write(b"created directory ");
                        o.write(&quoteaf(dst.path));
                        o.byte(b'\n');
                    } else {
                        emit_verbose(src.path, dst.path, None);
                    }
                }
            } else {
                omitted_permissions = 0;
                // An existing directory gets its context now (before its
                // entries are made).
                if self.labels_wanted()
                    && !self.set_file_ctx(dst.path, false)
                    && self.x.require_preserve_context
                {
                    return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
                }
            }
            // -x: the walker does not enter a directory on another file
            // system (GNU compares with the parent, the walker with the
            // operand: the same, as it enters no other).
            let _ = parent_dev;
            let fd = fs::open_at(dst.dir, dst.name, OpenAt::PathDir { follow: false });
            let fd = match fd {
                Ok(f) => Some(f),
                Err(e) => {
                    error1(b"cannot access ", dst.path, Some(e));
                    None
                }
            };
            return Entry::Dir(alloc::boxed::Box::new(Frame {
                fd,
                dev: dst_sb.dev,
                ino: dst_sb.ino,
                path: dst.path.to_vec(),
                name_at: 0,
                new_dst: created,
                src_dev: src_sb.dev,
                post: Some(Post {
                    ok: true,
                    src_sb,
                    dst_sb,
                    src_mode,
                    dst_mode,
                    restore_dst_mode,
                    omitted_permissions,
                }),
            }));
        }
        let x = &self.x;
        let mut copied_as_regular = false;
        if x.symbolic_link {
            dest_is_symlink = true;
            if src.path.first() != Some(&b'/') && !in_current_dir(dst) {
                error(
                    &[
                        &quotef(dst.path),
                        b": can make relative symbolic links only in current directory",
                    ],
                    None,
                );
                return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
            }
            let r = force_link(
                dst.dir,
                dst.name,
                x.unlink_dest_after_failed_open,
                None,
                |n| fs::symlink_at(src.path, dst.dir, n),
            );
            if let Some(e) = r {
                error2(
                    b"cannot create symbolic link ",
                    dst.path,
                    b" to ",
                    src.path,
                    b"",
                    Some(e),
                );
                return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
            }
        } else if x.hard_link {
            let replace = x.unlink_dest_after_failed_open || x.interactive == Interactive::Ask;
            let r = force_link(dst.dir, dst.name, replace, None, |n| {
                fs::link_at(src.dir, src.name, dst.dir, n, dereference)
            });
            if let Some(e) = r {
                error2(
                    b"cannot create hard link ",
                    dst.path,
                    b" to ",
                    src.path,
                    b"",
                    Some(e),
                );
                return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
            }
        } else if is_type(src_mode, fs::S_IFREG) || (x.copy_as_regular && !is_lnk(&src_sb)) {
            copied_as_regular = true;
            if !self.copy_reg(
                src,
                dst,
                deref_mode,
                dst_mode_bits & S_IRWXUGO,
                omitted_permissions,
                &mut new_dst,
                &src_sb,
            ) {
                return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
            }
        } else if is_type(src_mode, fs::S_IFIFO) {
            let mode = src_mode & !omitted_permissions;
            if let Err(e) = fs::mknod_at(dst.dir, dst.name, mode, 0) {
                error1(b"cannot create fifo ", dst.path, Some(e));
                return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
            }
        } else if is_type(src_mode, fs::S_IFBLK)
            || is_type(src_mode, fs::S_IFCHR)
            || is_type(src_mode, fs::S_IFSOCK)
        {
            let mode = src_mode & !omitted_permissions;
            if let Err(e) = fs::mknod_at(dst.dir, dst.name, mode, src_sb.rdev) {
                error1(b"cannot create special file ", dst.path, Some(e));
                return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
            }
        } else if is_lnk(&src_sb) {
            dest_is_symlink = true;
            let target = match fs::readlink_at(src.dir, src.name) {
                Ok(t) => t,
                Err(e) => {
                    error1(b"cannot read symbolic link ", src.path, Some(e));
                    return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
                }
            };
            let mut r = force_link(
                dst.dir,
                dst.name,
                x.unlink_dest_after_failed_open,
                None,
                |n| fs::symlink_at(&target, dst.dir, n),
            );
            if r.is_some()
                && x.update
                && !new_dst
                && is_lnk(&dst_sb)
                && dst_sb.size as usize == target.len()
                && fs::readlink_at(dst.dir, dst.name).is_ok_and(|t| t == target)
            {
                r = None;
            }
            if let Some(e) = r {
                error1(b"cannot create symbolic link ", dst.path, Some(e));
                return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
            }
            if x.preserve_security_context {
                clear_fscreate_or_die();
            }
            if x.preserve_ownership {
                if let Err(e) =
                    fs::chownat(dst.dir, dst.name, Some(src_sb.uid), Some(src_sb.gid), false)
                {
                    if !self.chown_failure_ok(e) {
                        // GNU prints this name unquoted.
                        error(&[b"failed to preserve ownership for ", dst.path], Some(e));
                        if self.x.require_preserve {
                            return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
                        }
                    }
                }
            }
        } else {
            error(&[&quoteaf(src.path), b" has unknown file type"], None);
            return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
        }
        // An existing destination gets its context (copy_reg did that
        // for the files it copied).
        if !new_dst
            && !self.x.copy_as_regular
            && !is_type(src_mode, fs::S_IFDIR)
            && self.labels_wanted()
            && !self.set_file_ctx(dst.path, false)
            && self.x.require_preserve_context
        {
            return self.un_backup(dst, dst_backup, had_earlier, &src_sb);
        }
        if command_line_arg && self.dest_info.is_some() {
            if let Ok(sb) = fs::statat(dst.dir, dst.name, false) {
                if let Some(v) = &mut self.dest_info {
                    v.push((dst.rel.to_vec(), sb.dev, sb.ino));
                }
            }
        }
        if self.x.hard_link || copied_as_regular {
            return Entry::Done(true);
        }
        let p = Post {
            ok: true,
            src_sb,
            dst_sb,
            src_mode,
            dst_mode,
            restore_dst_mode,
            omitted_permissions,
        };
        Entry::Done(self.attributes(src, dst, &p, new_dst, dest_is_symlink))
    }

    /// The end of copy_internal: times, owner, xattrs and mode of a copy
    /// made other than by copy_reg (directories after their entries).
    fn attributes(
        &mut self,
        src: Src,
        dst: Dst,
        p: &Post,
        new_dst: bool,
        dest_is_symlink: bool,
    ) -> bool {
        let x = &self.x;
        let src_sb = &p.src_sb;
        let mut src_mode = p.src_mode;
        if x.preserve_timestamps {
            if let Err(e) = fs::set_times_at(dst.dir, dst.name, src_sb, !dest_is_symlink) {
                error1(b"preserving times for ", dst.path, Some(e));
                if x.require_preserve {
                    return false;
                }
            }
        }
        if !dest_is_symlink
            && x.preserve_ownership
            && (new_dst || src_sb.uid != p.dst_sb.uid || src_sb.gid != p.dst_sb.gid)
        {
            match self.set_owner(dst, None, src_sb, new_dst, &p.dst_sb) {
                -1 => return false,
                0 => src_mode &= !(S_ISUID | S_ISGID | S_ISVTX),
                _ => {}
            }
        }
        let x = &self.x;
        let mut acl = true;
        if x.preserve_xattr {
            let (ok, has_acl) =
                self.copy_attr(Of::At(src.dir, src.name, src.path), src.path, dst, None);
            if !ok && self.x.require_preserve_xattr {
                return false;
            }
            acl = has_acl;
        }
        if dest_is_symlink {
            return true;
        }
        let x = &self.x;
        let umask = self.umask;
        if x.preserve_mode || x.move_mode {
            if !copy_acl(
                Of::At(src.dir, src.name, src.path),
                src.path,
                dst,
                None,
                src_mode,
                acl,
            ) && x.require_preserve
            {
                return false;
            }
        } else if let Some(m) = x.mode {
            if !set_acl(dst, None, m) {
                return false;
            }
        } else if x.explicit_no_preserve_mode && new_dst {
            let d = if is_type(src_mode, fs::S_IFDIR) || is_type(src_mode, fs::S_IFSOCK) {
                S_IRWXUGO
            } else {
                MODE_RW_UGO
            };
            if !set_acl(dst, None, d & !umask) {
                return false;
            }
        } else {
            let mut omitted = p.omitted_permissions;
            let mut restore = p.restore_dst_mode;
            let mut dst_mode = p.dst_mode;
            if omitted != 0 {
                omitted &= !umask;
                if omitted != 0 && !restore {
                    let cur = if new_dst {
                        match fs::statat(dst.dir, dst.name, false) {
                            Ok(s) => s,
                            Err(e) => {
                                error1(b"cannot stat ", dst.path, Some(e));
                                return false;
                            }
                        }
                    } else {
                        p.dst_sb
                    };
                    dst_mode = cur.mode;
                    if omitted & !dst_mode != 0 {
                        restore = true;
                    }
                }
            }
            if restore {
                if let Err(e) =
                    fs::lchmodat(dst.dir, dst.name, (dst_mode | omitted) & CHMOD_MODE_BITS)
                {
                    error1(b"preserving permissions for ", dst.path, Some(e));
                    if self.x.require_preserve {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// gnulib's utimecmpat: the destination's mtime against the source's
    /// (-1 older, 0 the same, 1 newer, -2 the probe failed). With
    /// `truncate` the source's time is first cut to the resolution of the
    /// destination's file system: bounded by the destination's three
    /// times, and where that does not decide, found by setting its mtime
    /// to a probe value and reading it back (then putting it back).
    fn utimecmp(&mut self, dst: Dst, dst_sb: &Stat, src_sb: &Stat, truncate: bool) -> i32 {
        const BILLION: i64 = 1_000_000_000;
        let (mut src_s, mut src_ns) = (src_sb.mtime, src_sb.mtime_nsec as i64);
        let (dst_s, dst_ns) = (dst_sb.mtime, dst_sb.mtime_nsec as i64);
        if truncate {
            let i = match self.resolutions.iter().position(|r| r.0 == dst_sb.dev) {
                Some(i) => i,
                None => {
                    self.resolutions.push((dst_sb.dev, 2 * BILLION, false));
                    self.resolutions.len() - 1
                }
            };
            let (_, mut res, exact) = self.resolutions[i];
            if !exact {
                let odd_second = (dst_sb.atime | dst_sb.ctime | dst_s) & 1 != 0;
                let (mut a, mut c, mut m) =
                    (dst_sb.atime_nsec as i64, dst_sb.ctime_nsec as i64, dst_ns);
                let bound = res;
                if (a % 10) | (c % 10) | (m % 10) != 0 {
                    res = 1;
                } else {
                    res = 10;
                    (a, c, m) = (a / 10, c / 10, m / 10);
                    while res < bound && (a % 10) | (c % 10) | (m % 10) == 0 {
                        if res == BILLION {
                            if !odd_second {
                                res *= 2;
                            }
                            break;
                        }
                        res *= 10;
                        (a, c, m) = (a / 10, c / 10, m / 10);
                    }
                }
                self.resolutions[i].1 = res;
                if res > 1 {
                    let two = i64::from(res == 2 * BILLION);
                    let s = src_s & !two;
                    if src_s < dst_s || (src_s == dst_s && src_ns <= dst_ns) {
                        return 1;
                    }
                    if dst_s < s || (dst_s == s && dst_ns < src_ns - src_ns % res) {
                        return -1;
                    }
                    let mut probe = *dst_sb;
                    probe.mtime = dst_s | two;
                    probe.mtime_nsec = (dst_ns + res / 9) as u32;
                    if fs::set_times_at(dst.dir, dst.name, &probe, false).is_err() {
                        return -2;
                    }
                    let st = fs::statat(dst.dir, dst.name, false);
                    if st.map_or(true, |t| t.mtime != dst_s || t.mtime_nsec as i64 != dst_ns) {
                        let _ = fs::set_times_at(dst.dir, dst.name, dst_sb, false);
                    }
                    let Ok(st) = st else { return -2 };
                    let old_res = res;
                    let mut a = BILLION * (st.mtime & 1) + st.mtime_nsec as i64;
                    res = 1;
                    while a % 10 == 0 {
                        if res == BILLION {
                            res *= 2;
                            break;
                        }
                        res *= 10;
                        if res == old_res {
                            break;
                        }
                        a /= 10;
                    }
                }
                self.resolutions[i] = (dst_sb.dev, res, true);
            }
            src_s &= !i64::from(res == 2 * BILLION);
            src_ns -= src_ns % res;
        }
        match (dst_s, dst_ns).cmp(&(src_s, src_ns)) {
            core::cmp::Ordering::Less => -1,
            core::cmp::Ordering::Equal => 0,
            core::cmp::Ordering::Greater => 1,
        }
    }

    /// The kernel refused `what` (NO_CLONE, NO_COPY_RANGE) between the
    /// current devices for a reason that holds for every file.
    fn offload_refused(&self, what: u8) -> bool {
        self.no_offload
            .iter()
            .any(|&(s, d, f)| (s, d) == self.devs && f & what != 0)
    }

    fn refuse_offload(&mut self, what: u8) {
        let devs = self.devs;
        match self.no_offload.iter_mut().find(|e| (e.0, e.1) == devs) {
            Some(e) => e.2 |= what,
            None => self.no_offload.push((devs.0, devs.1, what)),
        }
    }

    /// `cannot copy a directory, SRC, into itself, DST`.
    fn copying_into_self(&self, res: &mut Outcome) {
        let (s, d) = (&self.top_src, &self.top_dst);
        error2(
            b"cannot copy a directory, ",
            s,
            b", into itself, ",
            d,
            b"",
            None,
        );
        res.copy_into_self = true;
    }

    /// -Z or --preserve=context.
    pub fn labels_wanted(&self) -> bool {
        self.x.set_security_context.is_some() || self.x.preserve_security_context
    }

    /// Whether a failure to label is reported (set_process_security_ctx
    /// and set_file_security_ctx's rule).
    fn label_error_shown(&self, e: Errno) -> bool {
        let x = &self.x;
        let all_errors = !x.data_copy_required || x.require_preserve_context;
        all_errors || (!x.reduce_diagnostics && !unsupported(e))
    }

    /// set_process_security_ctx: files created next get the context of
    /// the source (its directory, name and whole name) with
    /// --preserve=context, or with -Z, when `new`, the one the database
    /// gives `dst` (of type `mode`). False: give up.
    pub fn set_process_ctx(
        &self,
        src: (Fd, &[u8], &[u8]),
        dst: &[u8],
        mode: u32,
        new: bool,
    ) -> bool {
        let x = &self.x;
        let (src_dir, src_name, src_path) = src;
        if x.preserve_security_context {
            let r = sys::selinux::get_label(src_dir, src_name, false)
                .and_then(|c| c.ok_or(Errno::NODATA));
            match r {
                Ok(con) => {
                    if let Err(e) = sys::selinux::set_fscreate(&con) {
                        if self.label_error_shown(e) {
                            let m = b"failed to set default file creation context to ";
                            error(&[m, &quote(&con)], Some(e));
                        }
                        if x.require_preserve_context {
                            return false;
                        }
                    }
                }
                Err(e) => {
                    if self.label_error_shown(e) {
                        error1(b"failed to get security context of ", src_path, Some(e));
                    }
                    if x.require_preserve_context {
                        return false;
                    }
                }
            }
        } else if let Some(l) = x.set_security_context.filter(|_| new) {
            if let Err(e) = l.default_for(dst, mode) {
                if !ignorable(e) {
                    error1(
                        b"failed to set default file creation context for ",
                        dst,
                        Some(e),
                    );
                }
            }
        }
        true
    }

    /// set_file_security_ctx: the context of an existing `dst_path` (and
    /// with `recurse` of all under it) set as -Z's database says, or to
    /// the one set for new files (--preserve=context).
    pub fn set_file_ctx(&self, dst_path: &[u8], recurse: bool) -> bool {
        let r = match self.x.set_security_context {
            Some(l) => l.restore(dst_path, recurse),
            None => restore_from_fscreate(dst_path),
        };
        match r {
            Ok(()) => true,
            Err(e) => {
                if self.label_error_shown(e) {
                    error1(b"failed to set the security context of ", dst_path, Some(e));
                }
                false
            }
        }
    }

    /// The un_backup label: forget the copy and put a backup back.
    fn un_backup(
        &mut self,
        dst: Dst,
        dst_backup: Option<Vec<u8>>,
        had_earlier: bool,
        src_sb: &Stat,
    ) -> Entry {
        if self.x.preserve_security_context {
            clear_fscreate_or_die();
        }
        if !had_earlier {
            self.src_to_dest.remove(&(src_sb.dev, src_sb.ino));
        }
        if let Some(b) = dst_backup {
            let base = &b[dst.path.len() - dst.name.len()..];
            match fs::rename_at(dst.dir, base, dst.dir, dst.name) {
                Err(e) => error1(b"cannot un-backup ", dst.path, Some(e)),
                Ok(()) => {
                    if dst.path == &self.top_dst[..] {
                        // What was there is back (over any partial copy).
                        self.made_top = false;
                        self.top_backup = None;
                    }
                    if self.x.verbose {
                        let o = out();
                        o.write(&quoteaf(&b));
                        o.write(b" -> ");
                        o.write(&quoteaf(dst.path));
                        o.write(b" (unbackup)\n");
                    }
                }
            }
        }
        Entry::Done(false)
    }

    /// remember_copied: records dev/ino -> name unless known; returns the
    /// earlier name if it was.
    fn remember_copied(&mut self, rel: &[u8], ino: u64, dev: u64) -> Option<Vec<u8>> {
        match self.src_to_dest.get(&(dev, ino)) {
            Some(e) => Some(e.clone()),
            None => {
                self.src_to_dest.insert_with((dev, ino), rel.to_vec());
                None
            }
        }
    }

    /// A second name of an inode copied before: a hard link to the earlier
    /// copy (create_hard_link with replace and a null source name).
    fn hard_link_earlier(&self, earlier: &[u8], dst: Dst, dereference: bool) -> bool {
        let r = force_link(dst.dir, dst.name, true, None, |n| {
            fs::link_at(self.top_dir, earlier, dst.dir, n, dereference)
        });
        match r {
            None => true,
            Some(e) => {
                let mut full = dst.path[..dst.path.len() - dst.rel.len()].to_vec();
                full.extend_from_slice(earlier);
                error2(
                    b"cannot create hard link ",
                    dst.path,
                    b" to ",
                    &full,
                    b"",
                    Some(e),
                );
                false
            }
        }
    }

    /// seen_file on src_info: the same inode under the same name.
    fn seen(&self, src_side: bool, dir: Fd, name: &[u8], st: &Stat) -> bool {
        let t = if src_side {
            &self.src_info
        } else {
            &self.dest_info
        };
        t.as_ref().is_some_and(|v| {
            v.iter().any(|(n, d, i)| {
                *d == st.dev && *i == st.ino && same_name_at(Fd::CWD, n, dir, name)
            })
        })
    }

    fn chown_failure_ok(&self, e: Errno) -> bool {
        (e == Errno::PERM || e == Errno::INVAL) && !self.x.chown_privileges
    }

    fn owner_failure_ok(&self, e: Errno) -> bool {
        (e == Errno::PERM || e == Errno::INVAL) && !self.x.owner_privileges
    }

    /// set_owner: 1 done, 0 failed but that is fine, -1 failed.
    fn set_owner(
        &self,
        dst: Dst,
        fd: Option<Fd>,
        src_sb: &Stat,
        new_dst: bool,
        dst_sb: &Stat,
    ) -> i32 {
        let x = &self.x;
        let (uid, gid) = (src_sb.uid, src_sb.gid);
        if !new_dst && (x.preserve_mode || x.move_mode || x.mode.is_some()) {
            let old_mode = dst_sb.mode;
            let new_mode = if x.preserve_mode || x.move_mode {
                src_sb.mode
            } else {
                x.mode.unwrap_or(0)
            };
            let temp = old_mode & new_mode & S_IRWXU;
            if old_mode & CHMOD_MODE_BITS & (!new_mode | S_ISUID | S_ISGID | S_ISVTX) != 0 {
                let r = match fd {
                    Some(f) => fs::fchmod(f, temp),
                    None => fs::lchmodat(dst.dir, dst.name, temp),
                };
                if let Err(e) = r {
                    if !self.owner_failure_ok(e) {
                        error1(b"clearing permissions for ", dst.path, Some(e));
                    }
                    return -i32::from(x.require_preserve);
                }
            }
        }
        let r = match fd {
            Some(f) => fs::fchown(f, Some(uid), Some(gid)),
            None => fs::chownat(dst.dir, dst.name, Some(uid), Some(gid), false),
        };
        let e = match r {
            Ok(()) => return 1,
            Err(e) => e,
        };
        if e == Errno::PERM || e == Errno::INVAL {
            let _ = match fd {
                Some(f) => fs::fchown(f, None, Some(gid)),
                None => fs::chownat(dst.dir, dst.name, None, Some(gid), false),
            };
        }
        if !self.chown_failure_ok(e) {
            error1(b"failed to preserve ownership for ", dst.path, Some(e));
            if x.require_preserve {
                return -1;
            }
        }
        0
    }

    /// copy_attr: the extended attributes, less the SELinux label (when
    /// contexts are handled apart) and what /etc/xattr.conf excludes.
    /// Also says whether the source may have an ACL (false when the list
    /// of its attributes has none).
    fn copy_attr(&self, src: Of, src_path: &[u8], dst: Dst, dst_fd: Option<Fd>) -> (bool, bool) {
        let x = &self.x;
        let all_errors = !x.data_copy_required || x.require_preserve_xattr;
        let some_errors = !all_errors && !x.reduce_diagnostics;
        let shown = |e: Errno| all_errors || (some_errors && !unsupported(e));
        let to = match dst_fd {
            Some(f) => Of::Fd(f),
            None => Of::At(dst.dir, dst.name, dst.path),
        };
        let names = match xattr::list(src) {
            Ok(n) => n,
            Err(e) => {
                if unsupported(e) {
                    return (true, true);
                }
                if shown(e) {
                    error1(b"listing attributes of ", src_path, Some(e));
                }
                return (false, true);
            }
        };
        let acl = names
            .split(|&b| b == 0)
            .any(|n| n.starts_with(b"system.posix_acl_"));
        let mut ok = true;
        for name in names.split(|&b| b == 0).filter(|n| !n.is_empty()) {
            if (x.preserve_security_context && name == b"security.selinux") || excluded_xattr(name)
            {
                continue;
            }
            let v = match xattr::get(src, name) {
                Ok(v) => v,
                Err(e) => {
                    if shown(e) {
                        let mut m = b"getting attribute ".to_vec();
                        m.extend_from_slice(&quote(name));
                        m.extend_from_slice(b" of ");
                        error(&[&m, &quoteaf(src_path)], Some(e));
                    }
                    ok = false;
                    continue;
                }
            };
            if let Err(e) = xattr::set(to, name, &v) {
                if shown(e) {
                    let mut m = b"setting attribute ".to_vec();
                    m.extend_from_slice(&quote(name));
                    m.extend_from_slice(b" for ");
                    error(&[&m, &quoteaf(dst.path)], Some(e));
                }
                ok = false;
            }
        }
        (ok, acl)
    }
}

impl Copier {
    /// same_file_ok: whether copying `src` over `dst` (the same file by
    /// some measure) is fine; sets `return_now` when nothing is left to do.
    fn same_file_ok(
        &self,
        src: Src,
        src_sb: &Stat,
        dst: Dst,
        dst_sb: &Stat,
        deref_mode: Deref,
        return_now: &mut bool,
    ) -> bool {
        let x = &self.x;
        let same = src_sb.same_file(dst_sb);
        *return_now = false;
        if same && x.hard_link {
            *return_now = true;
            return true;
        }
        let (src_l, dst_l, same_link);
        if deref_mode == Deref::Never {
            same_link = same;
            if is_lnk(src_sb) && is_lnk(dst_sb) {
                let sn = same_name_at(src.dir, src.name, dst.dir, dst.name);
                if !sn {
                    if x.backups.kind != Kind::None {
                        return true;
                    }
                    if same_link {
                        *return_now = true;
                        return !x.move_mode;
                    }
                }
                return !sn;
            }
            src_l = *src_sb;
            dst_l = *dst_sb;
        } else {
            if !same {
                return true;
            }
            match (
                fs::statat(dst.dir, dst.name, false),
                fs::statat(src.dir, src.name, false),
            ) {
                (Ok(d), Ok(s)) => {
                    dst_l = d;
                    src_l = s;
                }
                _ => return true,
            }
            same_link = src_l.same_file(&dst_l);
            if is_lnk(&src_l) && is_lnk(&dst_l) && x.unlink_dest_before_opening {
                return true;
            }
        }
        if x.backups.kind != Kind::None {
            if !same_link {
                // Backing up a destination that a dereferenced source
                // symlink points to would leave the source dangling.
                return x.move_mode || x.deref == Deref::Never || !is_lnk(&src_l) || is_lnk(&dst_l);
            }
            return !same_name_at(src.dir, src.name, dst.dir, dst.name);
        }
        if x.move_mode || x.unlink_dest_before_opening {
            if is_lnk(&dst_l) {
                return true;
            }
            if same_link && dst_l.nlink > 1 && !same_name_at(src.dir, src.name, dst.dir, dst.name) {
                return !x.move_mode;
            }
        }
        if !is_lnk(&src_l) && !is_lnk(&dst_l) {
            if !src_l.same_file(&dst_l) {
                return true;
            }
            if x.hard_link {
                *return_now = true;
                return true;
            }
        }
        if x.move_mode && is_lnk(src_sb) && dst_l.nlink > 1 {
            if let Ok(abs) = super::canon::canonicalize(src.path, super::canon::Need::All, false) {
                return !same_name_at(Fd::CWD, &abs, dst.dir, dst.name);
            }
        }
        if x.symbolic_link && is_lnk(&dst_l) {
            return true;
        }
        if deref_mode == Deref::Never {
            let s = if !is_lnk(&src_l) {
                src_l
            } else {
                match fs::statat(src.dir, src.name, true) {
                    Ok(s) => s,
                    Err(_) => return true,
                }
            };
            let d = if !is_lnk(&dst_l) {
                dst_l
            } else {
                match fs::statat(dst.dir, dst.name, true) {
                    Ok(d) => d,
                    Err(_) => return true,
                }
            };
            if !s.same_file(&d) {
                return true;
            }
            if x.hard_link {
                *return_now = !is_lnk(&dst_l);
                return true;
            }
        }
        false
    }

    /// writable_destination: a symlink counts as writable.
    fn writable_destination(&self, dst: Dst, mode: u32) -> bool {
        is_type(mode, fs::S_IFLNK) || self.x.owner_privileges || fs::writable_at(dst.dir, dst.name)
    }

    /// overwrite_ok: GNU's prompt before replacing `dst`.
    fn overwrite_ok(&self, dst: Dst, dst_sb: &Stat) -> bool {
        let mut q = sys::io::program_name().to_vec();
        if !self.writable_destination(dst, dst_sb.mode) {
            let x = &self.x;
            let perms = logic::mode::strmode(dst_sb.mode);
            let mut oct = Vec::new();
            let m = dst_sb.mode & CHMOD_MODE_BITS;
            for sh in [9, 6, 3, 0] {
                oct.push(b'0' + ((m >> sh) & 7) as u8);
            }
            if x.move_mode || x.unlink_dest_before_opening || x.unlink_dest_after_failed_open {
                q.extend_from_slice(b": replace ");
                q.extend_from_slice(&quoteaf(dst.path));
                q.extend_from_slice(b", overriding mode ");
            } else {
                q.extend_from_slice(b": unwritable ");
                q.extend_from_slice(&quoteaf(dst.path));
                q.extend_from_slice(b" (mode ");
            }
            q.extend_from_slice(&oct);
            q.extend_from_slice(
                if x.move_mode || x.unlink_dest_before_opening || x.unlink_dest_after_failed_open {
                    b" ("
                } else {
                    b", "
                },
            );
            q.extend_from_slice(&perms[1..10]);
            q.extend_from_slice(
                if x.move_mode || x.unlink_dest_before_opening || x.unlink_dest_after_failed_open {
                    b")? "
                } else {
                    b"); try anyway? "
                },
            );
        } else {
            q.extend_from_slice(b": overwrite ");
            q.extend_from_slice(&quoteaf(dst.path));
            q.extend_from_slice(b"? ");
        }
        sys::io::write_stderr(&q);
        super::ask::yesno()
    }

    /// abandon_move: mv's -n, -i, and the prompt for unwritable files.
    fn abandon_move(&self, dst: Dst, dst_sb: &Stat) -> bool {
        let x = &self.x;
        x.interactive == Interactive::AlwaysNo
            || ((x.interactive == Interactive::Ask
                || (x.interactive == Interactive::Unspecified
                    && x.stdin_tty
                    && !self.writable_destination(dst, dst_sb.mode)))
                && !self.overwrite_ok(dst, dst_sb))
    }

    /// source_is_dst_backup: `srcbase` is the simple backup name of dst.
    fn source_is_dst_backup(&self, srcbase: &[u8], src_sb: &Stat, dst: Dst) -> bool {
        let suffix = self.x.backups.suffix();
        let dstbase = &dst.name[last_component(dst.name)..];
        if srcbase.len() != dstbase.len() + suffix.len()
            || !srcbase.starts_with(dstbase)
            || &srcbase[dstbase.len()..] != suffix
        {
            return false;
        }
        let mut back = dst.name.to_vec();
        back.extend_from_slice(suffix);
        fs::statat(dst.dir, &back, true).is_ok_and(|s| s.same_file(src_sb))
    }

    /// copy_reg: a regular file's data and attributes.
    #[allow(clippy::too_many_arguments)]
    fn copy_reg(
        &mut self,
        src: Src,
        dst: Dst,
        deref_mode: Deref,
        dst_mode: u32,
        mut omitted_permissions: u32,
        new_dst: &mut bool,
        src_sb: &Stat,
    ) -> bool {
        let nofollow = deref_mode == Deref::Never;
        let source = match fs::open_at(src.dir, src.name, OpenAt::Read { nofollow }) {
            Ok(f) => f,
            Err(e) => {
                error(
                    &[b"cannot open ", &quoteaf(src.path), b" for reading"],
                    Some(e),
                );
                return false;
            }
        };
        let sfd = source.fd();
        let src_open_sb = match fs::fstat(sfd) {
            Ok(s) => s,
            Err(e) => {
                error1(b"cannot fstat ", src.path, Some(e));
                return false;
            }
        };
        if !src_open_sb.same_file(src_sb) {
            error(
                &[
                    b"skipping file ",
                    &quoteaf(src.path),
                    b", as it was replaced while being copied",
                ],
                None,
            );
            return false;
        }
        let x = &self.x;
        let mut data_copy_required = x.data_copy_required;
        let preserve_xattr = x.preserve_xattr;
        let mut dest: Option<File> = None;
        let mut dest_errno = Errno::NOENT;
        let mut extra_permissions = 0;
        if !*new_dst {
            match fs::open_at(
                dst.dir,
                dst.name,
                OpenAt::Write {
                    trunc: data_copy_required,
                },
            ) {
                Ok(f) => dest = Some(f),
                Err(e) => dest_errno = e,
            }
            // An existing file gets its context once open (the new one
            // might not allow the open).
            if dest.is_some()
                && self.labels_wanted()
                && !self.set_file_ctx(dst.path, false)
                && self.x.require_preserve_context
            {
                return false;
            }
            let x = &self.x;
            if dest.is_none() && dest_errno != Errno::NOENT && x.unlink_dest_after_failed_open {
                match fs::unlink_at(dst.dir, dst.name) {
                    Ok(()) => {
                        if x.verbose {
                            removed(dst.path);
                        }
                    }
                    Err(Errno::NOENT) => {}
                    Err(e) => {
                        error1(b"cannot remove ", dst.path, Some(e));
                        return false;
                    }
                }
                dest_errno = Errno::NOENT;
            }
            if dest.is_none() && dest_errno == Errno::NOENT {
                if x.set_security_context.is_some()
                    && !self.set_process_ctx(
                        (src.dir, src.name, src.path),
                        dst.path,
                        dst_mode,
                        true,
                    )
                {
                    return false;
                }
                *new_dst = true;
            }
        }
        let x = &self.x;
        if *new_dst {
            let open_mode = (dst_mode & !omitted_permissions)
                | if preserve_xattr && !x.owner_privileges {
                    0o200
                } else {
                    0
                };
            extra_permissions = open_mode & !dst_mode;
            match fs::open_at(
                dst.dir,
                dst.name,
                OpenAt::Create {
                    mode: open_mode,
                    excl: true,
                },
            ) {
                Ok(f) => dest = Some(f),
                Err(e) => dest_errno = e,
            }
            if dest.is_none()
                && dest_errno == Errno::EXIST
                && !x.move_mode
                && fs::readlink_at(dst.dir, dst.name).is_ok()
            {
                if x.open_dangling_dest_symlink {
                    match fs::open_at(
                        dst.dir,
                        dst.name,
                        OpenAt::Create {
                            mode: open_mode,
                            excl: false,
                        },
                    ) {
                        Ok(f) => dest = Some(f),
                        Err(e) => dest_errno = e,
                    }
                } else {
                    error1(b"not writing through dangling symlink ", dst.path, None);
                    return false;
                }
            }
            if dest.is_none() && dest_errno == Errno::ISDIR && dst.path.last() == Some(&b'/') {
                dest_errno = Errno::NOTDIR;
            }
        } else {
            omitted_permissions = 0;
        }
        let Some(dest) = dest else {
            error(
                &[b"cannot create regular file ", &quoteaf(dst.path)],
                Some(dest_errno),
            );
            return false;
        };
        let dfd = dest.fd();
        let mut ok = self.reg_body(
            src,
            dst,
            sfd,
            dfd,
            &src_open_sb,
            src_sb,
            &mut data_copy_required,
            extra_permissions,
            omitted_permissions,
            *new_dst,
        );
        if let Err(e) = dest.close() {
            error1(b"failed to close ", dst.path, Some(e));
            ok = false;
        }
        ok
    }

    /// copy_reg after both files are open.
    #[allow(clippy::too_many_arguments)]
    fn reg_body(
        &mut self,
        src: Src,
        dst: Dst,
        sfd: Fd,
        dfd: Fd,
        src_open_sb: &Stat,
        src_sb: &Stat,
        data_copy_required: &mut bool,
        mut extra_permissions: u32,
        mut omitted_permissions: u32,
        new_dst: bool,
    ) -> bool {
        let x = &self.x;
        let sb = if !(*data_copy_required || x.preserve_ownership || extra_permissions != 0) {
            Stat::default()
        } else {
            match fs::fstat(dfd) {
                Ok(s) => s,
                Err(e) => {
                    error1(b"cannot fstat ", dst.path, Some(e));
                    return false;
                }
            }
        };
        self.devs = (src_open_sb.dev, sb.dev);
        let x = &self.x;
        if *data_copy_required
            && x.reflink != Reflink::Never
            && (x.reflink == Reflink::Always || !self.offload_refused(NO_CLONE))
        {
            match fs::clone_file(dfd, sfd) {
                Ok(()) => *data_copy_required = false,
                Err(e) if x.reflink == Reflink::Always => {
                    error2(
                        b"failed to clone ",
                        dst.path,
                        b" from ",
                        src.path,
                        b"",
                        Some(e),
                    );
                    return false;
                }
                Err(e) => {
                    if e == Errno::XDEV || e == Errno::OPNOTSUPP {
                        self.refuse_offload(NO_CLONE);
                    }
                }
            }
        }
        let temporary_mode = sb.mode | extra_permissions;
        if temporary_mode != sb.mode && fs::fchmod(dfd, temporary_mode & CHMOD_MODE_BITS).is_err() {
            extra_permissions = 0;
        }
        if *data_copy_required && !self.copy_data(src, dst, sfd, dfd, src_open_sb, &sb) {
            return false;
        }
        if let Some(p) = &mut self.progress {
            p.file_done(src_open_sb.size.max(0) as u64);
        }
        let x = &self.x;
        let mut ok = true;
        if x.preserve_timestamps {
            if let Err(e) = fs::set_times_fd(dfd, src_sb) {
                error1(b"preserving times for ", dst.path, Some(e));
                if x.require_preserve {
                    return false;
                }
            }
        }
        let mut src_mode = src_sb.mode;
        if x.preserve_ownership && (src_sb.uid != sb.uid || src_sb.gid != sb.gid) {
            match self.set_owner(dst, Some(dfd), src_sb, new_dst, &sb) {
                -1 => return false,
                0 => src_mode &= !(S_ISUID | S_ISGID | S_ISVTX),
                _ => {}
            }
        }
        let x = &self.x;
        let mut acl = true;
        if x.preserve_xattr {
            let (copied, has_acl) = self.copy_attr(Of::Fd(sfd), src.path, dst, Some(dfd));
            if !copied && self.x.require_preserve_xattr {
                ok = false;
            }
            acl = has_acl;
        }
        let x = &self.x;
        let umask = self.umask;
        if x.preserve_mode || x.move_mode {
            if !copy_acl(Of::Fd(sfd), src.path, dst, Some(dfd), src_mode, acl) && x.require_preserve
            {
                ok = false;
            }
        } else if let Some(m) = x.mode {
            if !set_acl(dst, Some(dfd), m) {
                ok = false;
            }
        } else if x.explicit_no_preserve_mode && new_dst {
            if !set_acl(dst, Some(dfd), MODE_RW_UGO & !umask) {
                ok = false;
            }
        } else if omitted_permissions | extra_permissions != 0 {
            omitted_permissions &= !umask;
            if omitted_permissions | extra_permissions != 0 {
                let m = src_sb.mode & S_IRWXUGO & !umask;
                let want = (x.mode.unwrap_or(src_sb.mode) & S_IRWXUGO) & !umask;
                let _ = m;
                if let Err(e) = fs::fchmod(dfd, want) {
                    error1(b"preserving permissions for ", dst.path, Some(e));
                    if x.require_preserve {
                        ok = false;
                    }
                }
            }
        }
        ok
    }

    /// The data: extents by SEEK_DATA/SEEK_HOLE when the source looks
    /// sparse, else copy_file_range or read/write, holes per --sparse.
    fn copy_data(
        &mut self,
        src: Src,
        dst: Dst,
        sfd: Fd,
        dfd: Fd,
        src_open_sb: &Stat,
        sb: &Stat,
    ) -> bool {
        let x = &self.x;
        let sparse_mode = x.sparse;
        let allow_reflink = x.reflink != Reflink::Never;
        let blk = |s: &Stat| {
            let b = s.blksize;
            if b == 0 || b > (1 << 30) {
                512
            } else {
                b as usize
            }
        };
        let io_blksize = |s: &Stat| blk(s).max(128 * 1024);
        let mut buf_size = io_blksize(sb);
        let hole_size = blk(sb);
        // infer_scantype
        let mut ext_start = None;
        let mut zero_scan = false;
        let looks_sparse =
            src_open_sb.is_reg() && (src_open_sb.blocks as i64) < src_open_sb.size / 512;
        if looks_sparse {
            match fs::seek_data(sfd, 0) {
                Ok(o) => ext_start = Some(o as i64),
                Err(Errno::NXIO) => ext_start = Some(-1),
                Err(e) if e == Errno::INVAL || unsupported(e) => zero_scan = true,
                Err(e) => {
                    error1(b"cannot lseek ", src.path, Some(e));
                    return false;
                }
            }
        }
        let make_holes = sb.is_reg()
            && (sparse_mode == Sparse::Always
                || (sparse_mode == Sparse::Auto && (ext_start.is_some() || zero_scan)));
        // A file read in one go needs no read-ahead hint.
        if !(src_open_sb.is_reg() && src_open_sb.size < 128 * 1024) {
            fs::advise_sequential(sfd);
        }
        if !make_holes {
            let blcm = lcm(io_blksize(src_open_sb), buf_size);
            if src_open_sb.is_reg() && (src_open_sb.size as u64) < buf_size as u64 {
                buf_size = src_open_sb.size as usize + 1;
            }
            buf_size = buf_size.div_ceil(blcm) * blcm;
            if buf_size == 0 {
                buf_size = blcm;
            }
        }
        let names = (src.path, dst.path);
        if let Some(start) = ext_start {
            return self.lseek_copy(
                sfd,
                dfd,
                buf_size,
                hole_size,
                start,
                src_open_sb.size,
                if make_holes {
                    sparse_mode
                } else {
                    Sparse::Never
                },
                allow_reflink,
                names,
            );
        }
        let mut n_read = 0;
        let mut hole_at_eof = false;
        if !self.sparse_copy(
            sfd,
            dfd,
            buf_size,
            if make_holes { hole_size } else { 0 },
            sparse_mode == Sparse::Always,
            allow_reflink,
            names,
            u64::MAX,
            &mut n_read,
            &mut hole_at_eof,
        ) {
            return false;
        }
        if hole_at_eof {
            if let Err(e) = fs::ftruncate(dfd, n_read) {
                error1(b"failed to extend ", dst.path, Some(e));
                return false;
            }
        }
        true
    }

    /// sparse_copy: up to `max` bytes; holes of `hole_size` zero bytes
    /// become holes when it is not 0.
    #[allow(clippy::too_many_arguments)]
    fn sparse_copy(
        &mut self,
        sfd: Fd,
        dfd: Fd,
        buf_size: usize,
        hole_size: usize,
        punch_holes: bool,
        allow_reflink: bool,
        names: (&[u8], &[u8]),
        mut max: u64,
        total: &mut u64,
        last_write_made_hole: &mut bool,
    ) -> bool {
        *last_write_made_hole = false;
        *total = 0;
        if hole_size == 0 && allow_reflink && !self.offload_refused(NO_COPY_RANGE) {
            while max > 0 {
                let want = max.min(1 << 30) as usize;
                match fs::copy_file_range(sfd, dfd, want) {
                    Ok(0) => {
                        if *total == 0 {
                            break;
                        }
                        return true;
                    }
                    Ok(n) => {
                        max -= n as u64;
                        *total += n as u64;
                        if let Some(p) = &mut self.progress {
                            p.add(n as u64);
                        }
                    }
                    Err(e)
                        if e == Errno::NOSYS
                            || unsupported(e)
                            || e == Errno::INVAL
                            || e == Errno::BADF
                            || e == Errno::XDEV
                            || e == Errno::TXTBSY
                            || (e == Errno::PERM && *total == 0) =>
                    {
                        if e == Errno::XDEV || e == Errno::OPNOTSUPP || e == Errno::NOSYS {
                            self.refuse_offload(NO_COPY_RANGE);
                        }
                        break;
                    }
                    Err(Errno::INTR) => {}
                    Err(e) => {
                        error2(b"error copying ", names.0, b" to ", names.1, b"", Some(e));
                        return false;
                    }
                }
            }
        }
        if self.buf.len() < buf_size {
            logic::fill::grow(&mut self.buf, buf_size, 0);
        }
        let mut make_hole = false;
        let mut psize: u64 = 0;
        while max > 0 {
            let want = (max.min(buf_size as u64)) as usize;
            let n = match sfd.read(&mut self.buf[..want]) {
                Ok(0) => break,
                Ok(n) => n,
                Err(Errno::INTR) => continue,
                Err(e) => {
                    error1(b"error reading ", names.0, Some(e));
                    return false;
                }
            };
            max -= n as u64;
            *total += n as u64;
            if let Some(p) = &mut self.progress {
                p.add(n as u64);
            }
            // Chunks of hole_size: runs of data are written, runs of zeros
            // skipped (a hole may stay pending across reads; data never).
            let mut csize = if hole_size > 0 { hole_size } else { buf_size };
            let (mut cbuf, mut pbuf, mut left) = (0usize, 0usize, n);
            while left > 0 {
                let prev_hole = make_hole;
                csize = csize.min(left);
                if hole_size > 0 && csize > 0 {
                    make_hole = self.buf[cbuf..cbuf + csize].iter().all(|&b| b == 0);
                }
                let transition = make_hole != prev_hole && psize > 0;
                let last_chunk = (left == csize && !make_hole) || csize == 0;
                if transition || last_chunk {
                    if !transition {
                        psize += csize as u64;
                    }
                    if !prev_hole {
                        let end = pbuf + psize as usize;
                        if let Err(e) = dfd.write_all(&self.buf[pbuf..end]) {
                            error1(b"error writing ", names.1, Some(e));
                            return false;
                        }
                    } else if !create_hole(dfd, names.1, punch_holes, psize) {
                        return false;
                    }
                    pbuf = cbuf;
                    psize = csize as u64;
                    if last_chunk {
                        if csize == 0 {
                            left = 0;
                        }
                        if transition {
                            csize = 0;
                        } else {
                            psize = 0;
                        }
                    }
                } else {
                    psize += csize as u64;
                }
                left -= csize;
                cbuf += csize;
            }
            *last_write_made_hole = make_hole;
        }
        if make_hole && !create_hole(dfd, names.1, punch_holes, psize) {
            return false;
        }
        true
    }

    /// lseek_copy: extent by extent.
    #[allow(clippy::too_many_arguments)]
    fn lseek_copy(
        &mut self,
        sfd: Fd,
        dfd: Fd,
        buf_size: usize,
        hole_size: usize,
        mut ext_start: i64,
        mut src_total_size: i64,
        sparse_mode: Sparse,
        allow_reflink: bool,
        names: (&[u8], &[u8]),
    ) -> bool {
        let (mut last_ext_start, mut last_ext_len, mut dest_pos) = (0i64, 0i64, 0i64);
        let mut wrote_hole_at_eof = true;
        let lseek_err = |e: Errno| {
            error1(b"cannot lseek ", names.0, Some(e));
            false
        };
        while ext_start >= 0 {
            let mut ext_end = match fs::seek_hole(sfd, ext_start as u64) {
                Ok(o) => o as i64,
                Err(Errno::NXIO) => {
                    let mut end = src_total_size;
                    if end <= ext_start {
                        match fs::seek(sfd, fs::Whence::End(0)) {
                            Ok(s) => src_total_size = s as i64,
                            Err(e) => return lseek_err(e),
                        }
                        if src_total_size <= ext_start {
                            break;
                        }
                        end = src_total_size;
                    }
                    end
                }
                Err(e) => return lseek_err(e),
            };
            if src_total_size < ext_end {
                src_total_size = ext_end;
            }
            if let Err(e) = fs::seek(sfd, fs::Whence::Start(ext_start as u64)) {
                return lseek_err(e);
            }
            wrote_hole_at_eof = false;
            let ext_hole_size = ext_start - last_ext_start - last_ext_len;
            if ext_hole_size > 0 {
                if sparse_mode != Sparse::Never {
                    if !create_hole(
                        dfd,
                        names.1,
                        sparse_mode == Sparse::Always,
                        ext_hole_size as u64,
                    ) {
                        return false;
                    }
                    wrote_hole_at_eof = true;
                } else if let Err(e) = write_zeros(dfd, ext_hole_size as u64) {
                    error(&[&quotef(names.1), b": write failed"], Some(e));
                    return false;
                }
            }
            if ext_end < ext_start {
                ext_end = ext_start;
            }
            let ext_len = ext_end - ext_start;
            last_ext_start = ext_start;
            last_ext_len = ext_len;
            let (mut n_read, mut read_hole) = (0u64, false);
            if !self.sparse_copy(
                sfd,
                dfd,
                buf_size,
                if sparse_mode == Sparse::Never {
                    0
                } else {
                    hole_size
                },
                true,
                allow_reflink,
                names,
                ext_len as u64,
                &mut n_read,
                &mut read_hole,
            ) {
                return false;
            }
            dest_pos = ext_start + n_read as i64;
            if n_read > 0 {
                wrote_hole_at_eof = read_hole;
            }
            if (n_read as i64) < ext_len {
                src_total_size = dest_pos;
                break;
            }
            ext_start = match fs::seek_data(sfd, dest_pos as u64) {
                Ok(o) => o as i64,
                Err(Errno::NXIO) => -1,
                Err(e) => return lseek_err(e),
            };
        }
        if dest_pos < src_total_size || wrote_hole_at_eof {
            let r = if sparse_mode == Sparse::Never {
                write_zeros(dfd, (src_total_size - dest_pos) as u64)
            } else {
                fs::ftruncate(dfd, src_total_size as u64)
            };
            if let Err(e) = r {
                error1(b"failed to extend ", names.1, Some(e));
                return false;
            }
        }
        if sparse_mode == Sparse::Always && dest_pos < src_total_size {
            if let Err(e) = fs::punch_hole(dfd, dest_pos as u64, (src_total_size - dest_pos) as u64)
            {
                error1(b"error deallocating ", names.1, Some(e));
                return false;
            }
        }
        true
    }
}

fn lcm(a: usize, b: usize) -> usize {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    let l = a / x * b;
    if l == 0 || l > 1 << 30 {
        a.max(b)
    } else {
        l
    }
}

/// create_hole: seek over `size` bytes, punching the hole when asked.
fn create_hole(fd: Fd, name: &[u8], punch: bool, size: u64) -> bool {
    let end = match fs::seek(fd, fs::Whence::Current(size as i64)) {
        Ok(e) => e,
        Err(e) => {
            error1(b"cannot lseek ", name, Some(e));
            return false;
        }
    };
    if punch {
        if let Err(e) = fs::punch_hole(fd, end - size, size) {
            error1(b"error deallocating ", name, Some(e));
            return false;
        }
    }
    true
}

fn write_zeros(fd: Fd, mut n: u64) -> Result<(), Errno> {
    // Rare (--sparse=never over holes): a heap buffer, not 8 KiB of rodata.
    let zeros = alloc::vec![0u8; n.min(1 << 16) as usize];
    while n > 0 {
        let k = n.min(zeros.len() as u64) as usize;
        fd.write_all(&zeros[..k])?;
        n -= k as u64;
    }
    Ok(())
}

/// ENOTSUP or ENODATA: an attribute the file system does not have.
fn unsupported(e: Errno) -> bool {
    e == Errno::OPNOTSUPP || e == Errno::NODATA
}

/// What /etc/xattr.conf (Debian's) keeps from copies: ACLs (copied with
/// the mode), XFS internals, the kernel's EVM label, AFS metadata.
fn excluded_xattr(name: &[u8]) -> bool {
    const EXACT: &[&[u8]] = &[
        b"system.nfs4_acl",
        b"system.nfs4acl",
        b"system.posix_acl_access",
        b"system.posix_acl_default",
        b"trusted.SGI_ACL_DEFAULT",
        b"trusted.SGI_ACL_FILE",
        b"trusted.SGI_CAP_FILE",
        b"trusted.SGI_MAC_FILE",
        b"security.evm",
    ];
    const PREFIX: &[&[u8]] = &[b"trusted.SGI_DMI_", b"xfsroot.", b"user.Beagle.", b"afs."];
    EXACT.contains(&name) || PREFIX.iter().any(|p| name.starts_with(p))
}

/// gnulib's copy_acl: the mode bits, and the POSIX ACLs where the source
/// has them (`may_have_acl` false: its attributes were listed and have
/// none). Reports as GNU does; false on failure.
fn copy_acl(
    src: Of,
    src_path: &[u8],
    dst: Dst,
    dst_fd: Option<Fd>,
    mode: u32,
    may_have_acl: bool,
) -> bool {
    let mut acls = Vec::new();
    // Only directories have a default ACL.
    let names: &[&[u8]] = if !may_have_acl {
        &[]
    } else if mode & fs::S_IFMT == fs::S_IFDIR {
        &[b"system.posix_acl_access", b"system.posix_acl_default"]
    } else {
        &[b"system.posix_acl_access"]
    };
    for &name in names {
        match xattr::get(src, name) {
            Ok(v) => acls.push((name, v)),
            Err(e) if unsupported(e) => {}
            Err(e) => {
                error(&[&quote(src_path)], Some(e));
                return false;
            }
        }
    }
    let r = match dst_fd {
        Some(f) => fs::fchmod(f, mode & CHMOD_MODE_BITS),
        None => fs::lchmodat(dst.dir, dst.name, mode & CHMOD_MODE_BITS),
    };
    let mut r = r.err();
    if r.is_none() {
        let to = match dst_fd {
            Some(f) => Of::Fd(f),
            None => Of::At(dst.dir, dst.name, dst.path),
        };
        for (name, v) in &acls {
            if let Err(e) = xattr::set(to, name, v) {
                if !unsupported(e) {
                    r = Some(e);
                    break;
                }
            }
        }
    }
    match r {
        None => true,
        Some(e) => {
            error(&[b"preserving permissions for ", &quote(dst.path)], Some(e));
            false
        }
    }
}

/// gnulib's set_acl: the mode bits (and no ACL beyond them).
fn set_acl(dst: Dst, dst_fd: Option<Fd>, mode: u32) -> bool {
    let r = match dst_fd {
        Some(f) => fs::fchmod(f, mode & CHMOD_MODE_BITS),
        None => fs::lchmodat(dst.dir, dst.name, mode & CHMOD_MODE_BITS),
    };
    match r {
        Ok(()) => true,
        Err(e) => {
            error(&[b"setting permissions for ", &quote(dst.path)], Some(e));
            false
        }
    }
}

/// The operand checks cp, mv and install share: a source and, unless
/// `need_dest` is false (-t, install -d), a destination; -T neither with
/// -t nor with more than two operands.
pub fn check_operands(
    spec: &Spec,
    files: &[&[u8]],
    need_dest: bool,
    target: bool,
    no_target: bool,
) {
    if files.len() <= usize::from(need_dest) {
        if files.is_empty() {
            usage_error(spec, &[b"missing file operand"]);
        }
        usage_error(
            spec,
            &[
                b"missing destination file operand after ",
                &quoteaf(files[0]),
            ],
        );
    }
    if no_target {
        if target {
            super::diag::die(
                &[b"cannot combine --target-directory (-t) and --no-target-directory (-T)"],
                None,
            );
        }
        if files.len() > 2 {
            error(&[b"extra operand ", &quoteaf(files[2])], None);
            try_help(spec);
        }
    }
}

/// target_directory_operand: the directory, opened to search (following
/// a symlink), if `name` is one.
pub fn target_dir(name: &[u8]) -> Result<File, Errno> {
    fs::open_at(Fd::CWD, name, OpenAt::PathDir { follow: true })
}

/// The directory of `-t DIR` (cp, mv), or GNU's message and exit.
pub fn target_dir_or_die(name: &[u8]) -> File {
    match target_dir(name) {
        Ok(f) => f,
        Err(e) => super::diag::die(&[b"target directory ", &quoteaf(name)], Some(e)),
    }
}

/// seen_file on the destination table: this name and inode were made by
/// this run.
fn seen_in(t: &Option<Vec<Triple>>, rel: &[u8], st: &Stat) -> bool {
    t.as_ref().is_some_and(|v| {
        v.iter()
            .any(|(n, d, i)| *d == st.dev && *i == st.ino && &n[..] == rel)
    })
}

/// cp -s with a relative source: the destination must be in the current
/// directory.
fn in_current_dir(dst: Dst) -> bool {
    let parent = logic::path::dirname(dst.name);
    if dst.dir == Fd::CWD && parent == b"." {
        return true;
    }
    match (fs::stat(b"."), fs::statat(dst.dir, parent, true)) {
        (Ok(a), Ok(b)) => a.same_file(&b),
        _ => true,
    }
}

fn emit_verbose(src: &[u8], dst: &[u8], backup: Option<&[u8]>) {
    let o = out();
    o.write(&quoteaf(src));
    o.write(b" -> ");
    o.write(&quoteaf(dst));
    if let Some(b) = backup {
        o.write(b" (backup: ");
        o.write(&quoteaf(b));
        o.byte(b')');
    }
    o.byte(b'\n');
}

/// GNU's error() with one quoted name: `PRE 'name'`.
#[inline(never)]
fn error1(pre: &[u8], name: &[u8], e: Option<Errno>) {
    error(&[pre, &quoteaf(name)], e);
}

/// GNU's error() with two quoted names: `PRE 'a' MID 'b' POST`.
#[inline(never)]
fn error2(pre: &[u8], a: &[u8], mid: &[u8], b: &[u8], post: &[u8], e: Option<Errno>) {
    error(&[pre, &quoteaf(a), mid, &quoteaf(b), post], e);
}

fn removed(path: &[u8]) {
    let o = out();
    o.write(b"removed ");
    o.write(&quoteaf(path));
    o.byte(b'\n');
}

/// Reopens the closed destination directory `frames[i]` from the nearest
/// open one above it, by name, checking device and inode.
fn reopen(frames: &mut [Frame], i: usize) {
    let start = (0..i).rev().find(|&k| frames[k].fd.is_some());
    let Some(k) = start else { return };
    let mut k = k;
    while k < i {
        let parent = frames[k].fd.as_ref().map(|f| f.fd());
        let Some(p) = parent else { return };
        let name = &frames[k + 1].path[frames[k + 1].name_at..];
        match fs::open_at(p, name, OpenAt::PathDir { follow: false }) {
            Ok(f)
                if fs::fstat(f.fd())
                    .is_ok_and(|s| s.dev == frames[k + 1].dev && s.ino == frames[k + 1].ino) =>
            {
                frames[k + 1].fd = Some(f);
            }
            _ => return,
        }
        k += 1;
    }
}
