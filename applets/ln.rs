// corebox applet
// name: ln
// usage: [OPTION]... [-T] TARGET LINK_NAME
// usage: [OPTION]... TARGET
// usage: [OPTION]... TARGET... DIRECTORY
// usage: [OPTION]... -t DIRECTORY TARGET...
// option: --backup[=CONTROL]
// option: -d, --directory
// option: -n, --no-dereference
// option: -T, --no-target-directory
// option: -f, --force
// option: -i, --interactive
// option: -S, --suffix=SUFFIX
// option: -t, --target-directory=DIRECTORY
// option: -L, --logical
// option: -P, --physical
// option: -r, --relative
// option: -s, --symbolic
// option: -v, --verbose
// option: -b
// option: -F
// help:
// In the 1st form, create a link to TARGET with the name LINK_NAME.
// In the 2nd form, create a link to TARGET in the current directory.
// In the 3rd and 4th forms, create links to each TARGET in DIRECTORY.
// Create hard links by default, symbolic links with --symbolic.
// By default, each destination (name of new link) should not already exist.
// When creating hard links, each TARGET must exist.  Symbolic links
// can hold arbitrary text; if later resolved, a relative link is
// interpreted in relation to its parent directory.
//
// Mandatory arguments to long options are mandatory for short options too.
//       --backup[=CONTROL]      make a backup of each existing destination file
//   -b                          like --backup but does not accept an argument
//   -d, -F, --directory         allow the superuser to attempt to hard link
//                                 directories (note: will probably fail due to
//                                 system restrictions, even for the superuser)
//   -f, --force                 remove existing destination files
//   -i, --interactive           prompt whether to remove destinations
//   -L, --logical               dereference TARGETs that are symbolic links
//   -n, --no-dereference        treat LINK_NAME as a normal file if
//                                 it is a symbolic link to a directory
//   -P, --physical              make hard links directly to symbolic links
//   -r, --relative              with -s, create links relative to link location
//   -s, --symbolic              make symbolic links instead of hard links
//   -S, --suffix=SUFFIX         override the usual backup suffix
//   -t, --target-directory=DIRECTORY  specify the DIRECTORY in which to create
//                                 the links
//   -T, --no-target-directory   treat LINK_NAME as a normal file always
//   -v, --verbose               print name of each linked file
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
//
// Using -s ignores -L and -P.  Otherwise, the last option specified controls
// behavior when a TARGET is a symbolic link, defaulting to -P.

//! ln: GNU ln.c with coreutils' force-link.c. A link that exists already
//! is replaced atomically (the new link is made under a random name
//! beside it, then renamed over it); backups come from `shared::backup`;
//! `-r` targets are relpath of the canonical names; hard links made to
//! one destination name by this run are never overwritten by the next.

use super::{opt, SPEC};
use crate::shared::backup::{BackupArgs, Backups, Kind};
use crate::shared::canon::{canonicalize, Need};
use crate::shared::cli::{try_help, usage_error};
use crate::shared::diag::{die, quoteaf, quotef};
use crate::shared::links::{force_link, same_name};
use alloc::vec::Vec;
use logic::path::{last_component, strip_trailing_slashes};
use sys::fs::{self, Stat};
use sys::io::{error, out, Fd, File};
use sys::Errno;

struct Ln {
    symbolic: bool,
    relative: bool,
    logical: bool,
    interactive: bool,
    force: bool,
    verbose: bool,
    hard_dir: bool,
    backups: Backups,
    /// Destinations this run hard-linked (name, device, inode).
    /// The links made (name, device and inode: [`made_key`]).
    made: Option<logic::strset::Set>,
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    let (mut symbolic, mut relative, mut logical, mut interactive, mut force) =
        (false, false, false, false, false);
    let (mut verbose, mut hard_dir, mut deref_dir, mut no_target) = (false, false, true, false);
    let mut backup = BackupArgs::default();
    let mut target = None;
    while let Some(o) = opts.next() {
        if backup.option(o.key, opt::BACKUP, o.arg) {
            continue;
        }
        match o.key {
            'd' | 'F' => hard_dir = true,
            'f' => (force, interactive) = (true, false),
            'i' => (force, interactive) = (false, true),
            'L' => logical = true,
            'P' => logical = false,
            'n' => deref_dir = false,
            'r' => relative = true,
            's' => symbolic = true,
            't' => target = Some(target_option(target, o.arg.unwrap_or_default())),
            'T' => no_target = true,
            'v' => verbose = true,
            _ => {}
        }
    }
    let mut files = opts.operands();
    if files.is_empty() {
        usage_error(&SPEC, &[b"missing file operand"]);
    }
    if relative && !symbolic {
        die(&[b"cannot do --relative without --symbolic"], None);
    }
    let mut ln = Ln {
        symbolic,
        relative,
        logical,
        interactive,
        force,
        verbose,
        hard_dir,
        backups: Backups::new(&SPEC, false, None, None),
        made: None,
    };
    let mut tried = None;
    let mut dest_dir: Option<File> = None;
    if no_target {
        if target.is_some() {
            die(
                &[b"cannot combine --target-directory and --no-target-directory"],
                None,
            );
        }
        if files.len() != 2 {
            if files.len() < 2 {
                error(
                    &[
                        b"missing destination file operand after ",
                        &quoteaf(files[0]),
                    ],
                    None,
                );
            } else {
                error(&[b"extra operand ", &quoteaf(files[2])], None);
            }
            try_help(&SPEC);
        }
    } else if files.len() < 2 && target.is_none() {
        target = Some(b".");
    } else {
        if files.len() == 2 && target.is_none() {
            tried = ln.atomic_link(files[0], Fd::CWD, files[1]);
        }
        if matches!(
            tried,
            None | Some(Some(Errno::EXIST | Errno::NOTDIR | Errno::INVAL))
        ) {
            let d = target.unwrap_or(files[files.len() - 1]);
            match fs::open_path_dir_at(Fd::CWD, d, deref_dir) {
                Ok(f) => {
                    dest_dir = Some(f);
                    if target.is_none() {
                        files.pop();
                    }
                    target = Some(d);
                }
                Err(e) if !(files.len() == 2 && target.is_none()) => {
                    die(&[b"target ", &quoteaf(d)], Some(e))
                }
                Err(_) => {}
            }
        }
    }
    ln.backups = backup.backups(&SPEC);
    let ok = match target {
        Some(t) => {
            if files.len() >= 2 && force && !symbolic && ln.backups.kind != Kind::Numbered {
                ln.made = Some(logic::strset::Set::new());
            }
            let dir = dest_dir.as_ref().map_or(Fd::CWD, |f| f.fd());
            let mut ok = true;
            for f in &files {
                let (mut dest, at) = logic::path::file_name_concat(t, &f[last_component(f)..]);
                let base_len = strip_trailing_slashes(&dest[at..]).len();
                dest.truncate(at + base_len);
                ok &= ln.do_link(f, dir, &dest, at, None);
            }
            ok
        }
        None => ln.do_link(files[0], Fd::CWD, files[1], 0, tried),
    };
    i32::from(!ok)
}

/// `-t DIRECTORY`: once only, and a directory.
#[cfg_attr(corebox_opt, optimize(size))]
fn target_option(old: Option<&'static [u8]>, d: &'static [u8]) -> &'static [u8] {
    if old.is_some() {
        die(&[b"multiple target directories specified"], None);
    }
    match fs::stat(d) {
        Err(e) => die(&[b"failed to access ", &quoteaf(d)], Some(e)),
        Ok(st) if !st.is_dir() => die(&[b"target ", &quoteaf(d), b" is not a directory"], None),
        Ok(_) => d,
    }
}

impl Ln {
    /// The link made at once where that is safe: Some(None) when made,
    /// Some(Some(error)) when it failed, None when not tried (-r).
    #[cfg_attr(corebox_opt, optimize(size))]
    fn atomic_link(&self, source: &[u8], dir: Fd, base: &[u8]) -> Option<Option<Errno>> {
        if self.symbolic {
            (!self.relative).then(|| fs::symlink_at(source, dir, base).err())
        } else {
            Some(fs::link_at(Fd::CWD, source, dir, base, self.logical).err())
        }
    }

    /// GNU's do_link: `dest` is the destination as named, its last
    /// component (at `at`) relative to `dir`; `tried` is the result of an
    /// earlier attempt.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn do_link(
        &mut self,
        source: &[u8],
        dir: Fd,
        dest: &[u8],
        at: usize,
        tried: Option<Option<Errno>>,
    ) -> bool {
        let base = &dest[at..];
        let mut result = tried.or_else(|| self.atomic_link(source, dir, base));
        let mut src_stat = None;
        if (result != Some(None) || self.made.is_some()) && !self.symbolic {
            match fs::statat(Fd::CWD, source, self.logical) {
                Ok(st) => src_stat = Some(st),
                Err(e) => {
                    error(&[b"failed to access ", &quoteaf(source)], Some(e));
                    return false;
                }
            }
        }
        let mut backup = None;
        let mut rel = None;
        let mut source = source;
        if result != Some(None) {
            if !self.symbolic && !self.hard_dir && src_stat.is_some_and(|s| s.is_dir()) {
                error(
                    &[&quotef(source), b": hard link not allowed for directory"],
                    None,
                );
                return false;
            }
            if self.relative {
                source = rel.insert(relative_to(source, dest));
            }
            let mut force = self.force || self.interactive || self.backups.kind != Kind::None;
            if force {
                match self.prepare(source, &mut src_stat, dir, dest, at, result) {
                    Prepared::Fail => return false,
                    Prepared::Skip => return true,
                    Prepared::Absent => force = false,
                    Prepared::Ready(b) => {
                        force = !b.as_ref().is_some_and(|b| b.is_none());
                        backup = b.flatten();
                    }
                }
            }
            let r = if self.symbolic {
                force_link(dir, base, force, result, |name| {
                    fs::symlink_at(source, dir, name)
                })
            } else {
                force_link(dir, base, force, result, |name| {
                    fs::link_at(Fd::CWD, source, dir, name, self.logical)
                })
            };
            result = Some(r);
        }
        match result {
            Some(Some(e)) => {
                self.failed(source, dest, e);
                if let Some(b) = &backup {
                    if let Err(e) = fs::rename_at(dir, b, dir, base) {
                        error(&[b"cannot un-backup ", &quoteaf(dest)], Some(e));
                    }
                }
                false
            }
            _ => {
                if let (Some(made), Some(st)) = (&mut self.made, src_stat) {
                    made.insert(&made_key(dest, st.dev, st.ino));
                }
                if self.verbose {
                    self.announce(source, dest, at, backup.as_deref());
                }
                true
            }
        }
    }

    /// What -f, -i and backups need before the link replaces `dest`.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn prepare(
        &self,
        source: &[u8],
        src_stat: &mut Option<Stat>,
        dir: Fd,
        dest: &[u8],
        at: usize,
        tried: Option<Option<Errno>>,
    ) -> Prepared {
        let base = &dest[at..];
        let dst = match fs::statat(dir, base, false) {
            Err(Errno::NOENT) => return Prepared::Absent,
            Err(e) => {
                error(&[b"failed to access ", &quoteaf(dest)], Some(e));
                return Prepared::Fail;
            }
            Ok(st) => st,
        };
        if dst.is_dir() {
            error(&[&quotef(dest), b": cannot overwrite directory"], None);
            return Prepared::Fail;
        }
        if self
            .made
            .as_ref()
            .is_some_and(|m| m.contains(&made_key(dest, dst.dev, dst.ino)))
        {
            error(
                &[
                    b"will not overwrite just-created ",
                    &quoteaf(dest),
                    b" with ",
                    &quoteaf(source),
                ],
                None,
            );
            return Prepared::Fail;
        }
        let check_same = if self.backups.kind != Kind::None {
            !self.symbolic
        } else {
            self.force
        };
        if check_same {
            if src_stat.is_none() {
                *src_stat = fs::stat(source).ok();
            }
            if let Some(s) = src_stat.filter(|s| s.same_file(&dst)) {
                if s.nlink == 1 || same_name(source, dir, base) {
                    error(
                        &[
                            &quoteaf(source),
                            b" and ",
                            &quoteaf(dest),
                            b" are the same file",
                        ],
                        None,
                    );
                    return Prepared::Fail;
                }
            }
        }
        if !matches!(tried, None | Some(Some(Errno::EXIST))) {
            return Prepared::Ready(None);
        }
        if self.interactive {
            let mut q = sys::io::program_name().to_vec();
            q.extend_from_slice(b": replace ");
            q.extend_from_slice(&quoteaf(dest));
            q.extend_from_slice(b"? ");
            sys::io::write_stderr(&q);
            if !crate::shared::ask::yesno() {
                return Prepared::Skip;
            }
        }
        if self.backups.kind == Kind::None {
            return Prepared::Ready(None);
        }
        let name = self.backups.name(dir, base);
        match fs::rename_at(dir, base, dir, &name) {
            Ok(()) => Prepared::Ready(Some(Some(name))),
            Err(Errno::NOENT) => Prepared::Ready(Some(None)),
            Err(e) => {
                error(&[b"cannot backup ", &quoteaf(dest)], Some(e));
                Prepared::Fail
            }
        }
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn failed(&self, source: &[u8], dest: &[u8], e: Errno) {
        let (d, s) = (quoteaf(dest), quoteaf(source));
        if self.symbolic {
            if e != Errno::NAMETOOLONG && !source.is_empty() {
                error(&[b"failed to create symbolic link ", &d], Some(e));
            } else {
                error(
                    &[b"failed to create symbolic link ", &d, b" -> ", &s],
                    Some(e),
                );
            }
        } else if e == Errno::MLINK {
            error(&[b"failed to create hard link to ", &s], Some(e));
        } else if [Errno::DQUOT, Errno::EXIST, Errno::NOSPC, Errno::ROFS].contains(&e) {
            error(&[b"failed to create hard link ", &d], Some(e));
        } else {
            error(&[b"failed to create hard link ", &d, b" => ", &s], Some(e));
        }
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn announce(&self, source: &[u8], dest: &[u8], at: usize, backup: Option<&[u8]>) {
        let o = out();
        if let Some(b) = backup {
            let mut full = dest[..at].to_vec();
            full.extend_from_slice(b);
            o.write(&quoteaf(&full));
            o.write(b" ~ ");
        }
        o.write(&quoteaf(dest));
        o.write(if self.symbolic { b" -> " } else { b" => " });
        o.write(&quoteaf(source));
        o.byte(b'\n');
    }
}

enum Prepared {
    Fail,
    /// -i answered no.
    Skip,
    /// The destination does not exist: nothing to force.
    Absent,
    /// Go on: Some(Some(name)) backed up to name, Some(None) a backup
    /// found the destination gone.
    Ready(Option<Option<Vec<u8>>>),
}

/// ln's convert_abs_rel: `from` relative to the directory of `dest`,
/// both canonicalized (nothing need exist); `from` itself if that fails.
#[cfg_attr(corebox_opt, optimize(size))]
fn relative_to(from: &[u8], dest: &[u8]) -> Vec<u8> {
    let dir = logic::path::dirname(dest);
    let rel = match (
        canonicalize(dir, Need::Nothing, false),
        canonicalize(from, Need::Nothing, false),
    ) {
        (Ok(d), Ok(f)) => logic::path::relpath(&f, &d),
        _ => None,
    };
    match rel {
        Some(r) if r.len() < 4096 => r,
        Some(_) => {
            error(&[b"generating relative path"], Some(Errno::NAMETOOLONG));
            from.to_vec()
        }
        None => from.to_vec(),
    }
}

/// A link made, as one string for the set: its name, then the device and
/// inode it links to (16 bytes at the end, so keys equal only when all
/// three are).
fn made_key(name: &[u8], dev: u64, ino: u64) -> Vec<u8> {
    [name, &dev.to_le_bytes(), &ino.to_le_bytes()].concat()
}
