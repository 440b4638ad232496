// corebox applet
// name: install
// usage: [OPTION]... [-T] SOURCE DEST
// usage: [OPTION]... SOURCE... DIRECTORY
// usage: [OPTION]... -t DIRECTORY SOURCE...
// usage: [OPTION]... -d DIRECTORY...
// option: --backup[=CONTROL]
// option: -b
// option: -c
// option: -C, --compare
// option: -d, --directory
// option: -D
// option: -g, --group=GROUP
// option: -m, --mode=MODE
// option: -o, --owner=OWNER
// option: -p, --preserve-timestamps
// option: -s, --strip
// option: --strip-program=PROGRAM
// option: -S, --suffix=SUFFIX
// option: -t, --target-directory=DIRECTORY
// option: -T, --no-target-directory
// option: -v, --verbose
// option: --preserve-context
// option: -Z, --context[=CTX]
// help:
//
// This install program copies files (often just compiled) into destination
// locations you choose.  If you want to download and install a ready-to-use
// package on a GNU/Linux system, you should instead be using a package manager
// like yum(1) or apt-get(1).
//
// In the first three forms, copy SOURCE to DEST or multiple SOURCE(s) to
// the existing DIRECTORY, while setting permission modes and owner/group.
// In the 4th form, create all components of the given DIRECTORY(ies).
//
// Mandatory arguments to long options are mandatory for short options too.
//       --backup[=CONTROL]  make a backup of each existing destination file
//   -b                  like --backup but does not accept an argument
//   -c                  (ignored)
//   -C, --compare       compare content of source and destination files, and
//                         if no change to content, ownership, and permissions,
//                         do not modify the destination at all
//   -d, --directory     treat all arguments as directory names; create all
//                         components of the specified directories
//   -D                  create all leading components of DEST except the last,
//                         or all components of --target-directory,
//                         then copy SOURCE to DEST
//   -g, --group=GROUP   set group ownership, instead of process' current group
//   -m, --mode=MODE     set permission mode (as in chmod), instead of rwxr-xr-x
//   -o, --owner=OWNER   set ownership (super-user only)
//   -p, --preserve-timestamps   apply access/modification times of SOURCE files
//                         to corresponding destination files
//   -s, --strip         strip symbol tables
//       --strip-program=PROGRAM  program used to strip binaries
//   -S, --suffix=SUFFIX  override the usual backup suffix
//   -t, --target-directory=DIRECTORY  copy all SOURCE arguments into DIRECTORY
//   -T, --no-target-directory  treat DEST as a normal file
//   -v, --verbose       print the name of each directory as it is created
//       --preserve-context  preserve SELinux security context
//   -Z                      set SELinux security context of destination
//                             file and each created directory to default type
//       --context[=CTX]     like -Z, or if CTX is specified then set the
//                             SELinux or SMACK security context to CTX
//       --help        display this help and exit
//       --version     output version information and exit
//
// The backup suffix is '~', unless set with --suffix or SIMPLE_BACKUP_SUFFIX.
// The version control method may be selected via the --backup option or through
// the VERSION_CONTROL environment variable.  Here are the values:
//
//   none, off       never make backups (even if --backup is given)
//   numbered, t     make numbered backups
//   existing, nil   numbered if numbered backups exist, simple otherwise
//   simple, never   always make simple backups

//! install (also run as `ginstall`, GNU's name for it in its build tree):
//! GNU install.c over the shared copying engine (`shared::copy` in
//! install mode: the destination removed first, made 0600, then given
//! its owner and mode) and gnulib's mkdir-p (`shared::mkdirp`) for -d and
//! -D; -s runs the strip program in a child; -C compares before copying.

use super::{opt, SPEC};
use crate::shared::backup::{BackupArgs, Backups};
use crate::shared::cli::usage_error;
use crate::shared::context::Labels;
use crate::shared::copy::{check_operands, target_dir, Copier, Deref, Options, Reflink};
use crate::shared::diag::{die, quote, quoteaf, quotef};
use crate::shared::mkdirp::{at, DirMaker};
use alloc::vec::Vec;
use core::cell::OnceCell;
use logic::path::{file_name_concat, last_component};
use sys::fs::{self, Stat};
use sys::io::{error, Fd, File};
use sys::Errno;

/// install.c's DEFAULT_MODE: rwxr-xr-x, for files, directories and the
/// ancestors -D and -d make.
const DEFAULT_MODE: u32 = 0o755;

struct Install {
    c: Copier,
    /// The mode of installed files, of directories and its bits (-m).
    mode: u32,
    dirs: DirMaker,
    owner: Option<u32>,
    group: Option<u32>,
    strip: Option<&'static [u8]>,
    compare: bool,
    /// SELinux without -Z or --preserve-context: installed files get the
    /// context the file_contexts database gives their names, whole.
    default_context: bool,
    labeling: OnceCell<Option<&'static Labels>>,
}

/// get_labeling_handle: the database, opened once (a warning if it
/// cannot be).
fn labeling_handle(cell: &OnceCell<Option<&'static Labels>>) -> Option<&'static Labels> {
    *cell.get_or_init(|| match Labels::open() {
        Ok(l) => Some(&*alloc::boxed::Box::leak(alloc::boxed::Box::new(l))),
        Err(e) => {
            error(&[b"warning: security labeling handle failed"], Some(e));
            None
        }
    })
}

/// Where files go with a target directory: GNU's target_dirfd.
enum Target {
    Dir(Option<File>),
    /// -D with a missing -t directory: made for the first file.
    Missing,
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    let selinux = sys::selinux::enabled();
    // install.c's cp_option_init.
    let mut x = Options::new(Backups::new(&SPEC, false, None, None));
    x.copy_as_regular = true;
    x.reflink = Reflink::Auto;
    x.deref = Deref::Always;
    x.unlink_dest_before_opening = true;
    x.install_mode = true;
    x.mode = Some(0o600);
    x.open_dangling_dest_symlink = false;
    fs::set_umask(0);
    let mut backup = BackupArgs::default();
    let (mut strip, mut strip_program, mut strip_given) = (false, &b"strip"[..], false);
    let (mut dir_arg, mut mkdir_and_install, mut compare) = (false, false, false);
    let (mut owner_name, mut group_name, mut mode_arg) = (None, None, None);
    let mut target: Option<&'static [u8]> = None;
    let mut no_target = false;
    let mut scontext: Option<&'static [u8]> = None;
    let mut default_context = selinux;
    let labeling = OnceCell::new();
    while let Some(o) = opts.next() {
        if backup.option(o.key, opt::BACKUP, o.arg) {
            continue;
        }
        match o.key {
            'C' => compare = true,
            's' => {
                strip = true;
                // fork and wait do not work with SIGCHLD ignored.
                let _ = sys::signal::set_default(sys::signal::Sig::CHILD);
            }
            opt::STRIP_PROGRAM => {
                strip_program = o.arg.unwrap_or_default();
                strip_given = true;
            }
            'd' => dir_arg = true,
            'D' => mkdir_and_install = true,
            'v' => x.verbose = true,
            'g' => group_name = o.arg,
            'm' => mode_arg = o.arg,
            'o' => owner_name = o.arg,
            'p' => x.preserve_timestamps = true,
            't' => {
                if target.is_some() {
                    die(&[b"multiple target directories specified"], None);
                }
                target = o.arg;
            }
            'T' => no_target = true,
            opt::PRESERVE_CONTEXT => {
                if selinux {
                    x.preserve_security_context = true;
                    default_context = false;
                } else {
                    error(
                        &[b"WARNING: ignoring --preserve-context; this kernel is not SELinux-enabled"],
                        None,
                    );
                }
            }
            'Z' => {
                if selinux {
                    default_context = false;
                    if o.arg.is_some() {
                        scontext = o.arg;
                    } else {
                        x.set_security_context = labeling_handle(&labeling);
                    }
                } else if o.arg.is_some() {
                    error(
                        &[b"warning: ignoring --context; it requires an SELinux-enabled kernel"],
                        None,
                    );
                }
            }
            _ => {}
        }
    }
    if dir_arg && strip {
        die(
            &[b"the strip option may not be used when installing a directory"],
            None,
        );
    }
    if dir_arg && target.is_some() {
        die(
            &[b"target directory not allowed when installing a directory"],
            None,
        );
    }
    x.backups = backup.backups(&SPEC);
    if x.preserve_security_context && (scontext.is_some() || x.set_security_context.is_some()) {
        die(&[b"cannot set target context and preserve it"], None);
    }
    if let Some(c) = scontext {
        if let Err(e) = sys::selinux::set_fscreate(c) {
            die(
                &[
                    b"failed to set default file creation context to ",
                    &quote(c),
                ],
                Some(e),
            );
        }
    }
    let mut files = opts.operands();
    let need_dest = !(dir_arg || target.is_some());
    check_operands(&SPEC, &files, need_dest, target.is_some(), no_target);
    let mut tdir: Option<Target> = None;
    if no_target {
        // -T: DEST is the name itself (checked above).
    } else if let Some(t) = target {
        tdir = Some(match target_dir(t) {
            Ok(f) => Target::Dir(Some(f)),
            Err(Errno::NOENT) if mkdir_and_install => Target::Missing,
            Err(e) => die(&[b"failed to access ", &quoteaf(t)], Some(e)),
        });
    } else if !dir_arg {
        let last = files[files.len() - 1];
        match target_dir(last) {
            Ok(f) => {
                tdir = Some(Target::Dir(Some(f)));
                target = Some(last);
                files.pop();
            }
            Err(e) if files.len() > 2 => die(&[b"target ", &quoteaf(last)], Some(e)),
            Err(_) => {}
        }
    }
    let (mut mode, mut dir_mode, mut dir_mode_bits) = (DEFAULT_MODE, DEFAULT_MODE, 0o7777);
    if let Some(m) = mode_arg {
        let Some(changes) = logic::mode::compile(m) else {
            die(&[b"invalid mode ", &quote(m)], None)
        };
        mode = logic::mode::adjust(0, false, 0, &changes);
        (dir_mode, dir_mode_bits) = logic::mode::adjust_bits(0, true, 0, &changes);
    }
    if strip_given && !strip {
        error(
            &[b"WARNING: ignoring --strip-program option as -s option was not specified"],
            None,
        );
    }
    if compare && x.preserve_timestamps {
        usage_error(
            &SPEC,
            &[b"options --compare (-C) and --preserve-timestamps are mutually exclusive"],
        );
    }
    if compare && strip {
        usage_error(
            &SPEC,
            &[b"options --compare (-C) and --strip are mutually exclusive"],
        );
    }
    if compare && extra_mode(mode) {
        error(
            &[b"the --compare (-C) option is ignored when you specify a mode with non-permission bits"],
            None,
        );
    }
    let (owner, group) = ids(owner_name, group_name);
    let verbose = x.verbose;
    let labels = x.set_security_context;
    let mut inst = Install {
        c: Copier::new(x),
        mode,
        dirs: DirMaker {
            parents: true,
            verbose,
            announce: b"creating directory ",
            mode: dir_mode,
            mode_bits: dir_mode_bits,
            ancestor_mode: DEFAULT_MODE,
            umask_ancestor: 0,
            umask_self: 0,
            owner,
            group,
            preserve_existing: false,
            labels,
        },
        owner,
        group,
        strip: strip.then_some(strip_program),
        compare,
        default_context,
        labeling,
    };
    let mut ok = true;
    if dir_arg {
        for d in files {
            ok &= inst.dirs.make(d);
        }
    } else if let (Some(t), Some(mut td)) = (target, tdir) {
        inst.c.dest_info = Some(Vec::new());
        for (i, &f) in files.iter().enumerate() {
            ok &= inst.file_in_dir(f, t, i == 0 && mkdir_and_install, &mut td);
        }
    } else if mkdir_and_install {
        ok = inst.file_in_file_parents(files[0], files[1]);
    } else {
        ok = inst.file_in_file(files[0], Fd::CWD, files[1], 0);
    }
    i32::from(!ok)
}

/// A mode with more than permission bits (setuid, setgid, sticky).
fn extra_mode(m: u32) -> bool {
    m & !(0o777 | fs::S_IFMT) != 0
}

/// get_ids: -o and -g as names, else as numbers (C syntax: 0x, 0).
fn ids(owner: Option<&[u8]>, group: Option<&[u8]>) -> (Option<u32>, Option<u32>) {
    let mut db = sys::user::Db::default();
    let u = owner.map(|n| match db.user(n) {
        Some((u, _)) => u,
        None => number(n).unwrap_or_else(|| die(&[b"invalid user ", &quote(n)], None)),
    });
    let g = group.map(|n| match db.group_id(n) {
        Some(g) => g,
        None => number(n).unwrap_or_else(|| die(&[b"invalid group ", &quote(n)], None)),
    });
    (u, g)
}

/// xstrtoumax with base 0, for an id (at most 2^32 - 2: -1 means none).
fn number(s: &[u8]) -> Option<u32> {
    let s = s.trim_ascii_start();
    let s = s.strip_prefix(b"+").unwrap_or(s);
    let (digits, radix) = match s {
        [b'0', b'x' | b'X', rest @ ..] if rest.first().is_some_and(u8::is_ascii_hexdigit) => {
            (rest, 16)
        }
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8),
        _ => (s, 10),
    };
    if digits.is_empty() {
        return None;
    }
    let mut v: u64 = 0;
    for &d in digits {
        let d = (d as char).to_digit(radix)? as u64;
        v = v.checked_mul(radix as u64)?.checked_add(d)?;
    }
    u32::try_from(v).ok().filter(|&v| v != u32::MAX)
}

impl Install {
    /// install_file_in_file: copy, strip, times, then owner and mode.
    fn file_in_file(&mut self, from: &[u8], dir: Fd, to: &[u8], at: usize) -> bool {
        let rel = &to[at..];
        let x = &self.c.x;
        let mut from_sb = Stat::default();
        if x.preserve_timestamps {
            match fs::stat(from) {
                Ok(s) => from_sb = s,
                Err(e) => {
                    error(&[b"cannot stat ", &quoteaf(from)], Some(e));
                    return false;
                }
            }
        }
        if !self.compare || self.need_copy(from, dir, rel) {
            if !self.c.copy(from, dir, to, at, 0).ok {
                return false;
            }
            if let Some(p) = self.strip {
                if !strip(p, to) {
                    if let Err(e) = fs::unlink_at(dir, rel) {
                        die(&[b"cannot unlink ", &quoteaf(to)], Some(e));
                    }
                    return false;
                }
            }
            let x = &self.c.x;
            if x.preserve_timestamps && (self.strip.is_some() || !from_sb.is_reg()) {
                if let Err(e) = fs::set_times_at(dir, rel, &from_sb, true) {
                    error(&[b"cannot set timestamps for ", &quoteaf(to)], Some(e));
                    return false;
                }
            }
        }
        // change_attributes: chown before chmod (chown may clear setuid).
        let r = if self.owner.is_some() || self.group.is_some() {
            let r = fs::chownat(dir, rel, self.owner, self.group, false);
            r.map_err(|e| (&b"cannot change ownership of "[..], e))
        } else {
            Ok(())
        };
        let r = r.and_then(|()| {
            let r = fs::chmodat(dir, rel, self.mode);
            r.map_err(|e| (&b"cannot change permissions of "[..], e))
        });
        if let Err((m, e)) = r {
            error(&[m, &quoteaf(to)], Some(e));
        }
        if self.default_context {
            self.set_default_file_con(to);
        }
        r.is_ok()
    }

    /// setdefaultfilecon: the context the database gives `to` (looked up
    /// by the name as given, as GNU does), user, role and range included.
    fn set_default_file_con(&self, to: &[u8]) {
        let Ok(st) = fs::lstat(to) else { return };
        let Some(l) = labeling_handle(&self.labeling) else {
            return;
        };
        // No context for the name (ENOENT) is no warning.
        let Some(con) = l.lookup(to, st.mode) else {
            return;
        };
        if let Err(e) = sys::selinux::set_label(Fd::CWD, to, con, false) {
            if e != sys::Errno::OPNOTSUPP {
                let mut m = b"warning: ".to_vec();
                m.extend_from_slice(&quotef(to));
                m.extend_from_slice(b": failed to change context to ");
                error(&[&m, &quote(con)], Some(e));
            }
        }
    }

    /// install_file_in_file_parents (-D): the ancestors of `to` first.
    fn file_in_file_parents(&mut self, from: &[u8], to: &[u8]) -> bool {
        match self.dirs.ancestors(to) {
            Ok((parent, start)) => self.file_in_file(from, at(&parent), to, start),
            // mkancesdirs cut the name at the ancestor that failed.
            Err((e, end)) => {
                error(
                    &[b"cannot create directory ", &quoteaf(&to[..end])],
                    Some(e),
                );
                false
            }
        }
    }

    /// install_file_in_dir: `from` into the target directory, which -D
    /// makes (with its ancestors) for the first file.
    fn file_in_dir(&mut self, from: &[u8], to_dir: &[u8], make: bool, td: &mut Target) -> bool {
        let (to, base) = file_name_concat(to_dir, &from[last_component(from)..]);
        if let Target::Missing = td {
            if !make {
                return false;
            }
            match self.dirs.ancestors(&to) {
                Ok((parent, _)) => *td = Target::Dir(parent),
                Err((e, end)) => {
                    error(
                        &[b"cannot create directory ", &quoteaf(&to[..end])],
                        Some(e),
                    );
                    return false;
                }
            }
        }
        let dir = match td {
            Target::Dir(d) => at(d),
            Target::Missing => Fd::CWD,
        };
        self.file_in_file(from, dir, &to, base)
    }

    /// need_copy (-C): whether the destination differs from what
    /// installing would make of it.
    fn need_copy(&self, from: &[u8], dir: Fd, rel: &[u8]) -> bool {
        if extra_mode(self.mode) {
            return true;
        }
        let (Ok(s), Ok(d)) = (fs::lstat(from), fs::statat(dir, rel, false)) else {
            return true;
        };
        if !s.is_reg() || !d.is_reg() || extra_mode(s.mode) || extra_mode(d.mode) {
            return true;
        }
        if s.size != d.size || d.mode & 0o7777 != self.mode {
            return true;
        }
        if d.uid != self.owner.unwrap_or_else(sys::user::uid)
            || d.gid != self.group.unwrap_or_else(sys::user::gid)
        {
            return true;
        }
        if sys::selinux::enabled() && self.c.x.preserve_security_context {
            let a = sys::selinux::get_label(Fd::CWD, from, true);
            let b = sys::selinux::get_label(dir, rel, true);
            match (a, b) {
                (Ok(a), Ok(b)) if a == b => {}
                _ => return true,
            }
        }
        let (Ok(a), Ok(b)) = (
            fs::open_at(Fd::CWD, from, fs::OpenAt::Read { nofollow: false }),
            fs::open_at(dir, rel, fs::OpenAt::Read { nofollow: false }),
        ) else {
            return true;
        };
        !same_content(a.fd(), b.fd())
    }
}

/// have_same_content: the two files read alike to their ends.
fn same_content(a: Fd, b: Fd) -> bool {
    let (mut x, mut y) = (alloc::vec![0u8; 65536], alloc::vec![0u8; 65536]);
    loop {
        let n = match a.read_full(&mut x) {
            Ok(n) => n,
            Err(_) => return false,
        };
        match b.read_full(&mut y[..n.max(1)]) {
            Ok(m) if m == n => {}
            _ => return false,
        }
        if n == 0 {
            return true;
        }
        if x[..n] != y[..n] {
            return false;
        }
    }
}

/// strip: runs the strip program on `name` in a child.
fn strip(program: &[u8], name: &[u8]) -> bool {
    let _ = sys::io::out().flush();
    match sys::process::fork() {
        Err(e) => {
            error(&[b"fork system call failed"], Some(e));
            false
        }
        Ok(None) => {
            let e = sys::exec::execvp(&[program, name]);
            die(&[b"cannot run ", &quoteaf(program)], Some(e))
        }
        Ok(Some(pid)) => match sys::process::wait(pid, true, false) {
            Err(e) => {
                error(&[b"waiting for strip"], Some(e));
                false
            }
            Ok(Some((_, sys::process::Exit::Code(0)))) => true,
            Ok(_) => {
                error(&[b"strip process terminated abnormally"], None);
                false
            }
        },
    }
}
