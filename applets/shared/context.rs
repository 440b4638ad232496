//! `-Z` and `--context[=CTX]` of the programs that create files (cp, mv,
//! install, mkdir, mkfifo, mknod): GNU's handling with and without
//! SELinux, and the labeling of coreutils' src/selinux.c (defaultcon,
//! restorecon) over the file_contexts database (core::selabel) that
//! libselinux's selabel_open reads.

use super::diag::{die, quote};
use alloc::vec::Vec;
use logic::context::{Context as Con, Part};
use logic::selabel::Db;
use sys::fs::Stat;
use sys::io::{error, Fd};
use sys::Errno;

/// An open labeling handle (selabel_open(SELABEL_CTX_FILE)).
pub struct Labels {
    db: Db,
}

/// ignorable_ctx_err: no context applies, or labels are not supported.
pub fn ignorable(e: Errno) -> bool {
    e == Errno::OPNOTSUPP || e == Errno::NODATA
}

/// `con` with the type of `typed`: context_type_set.
fn with_type_of(con: &[u8], typed: &[u8]) -> Result<Vec<u8>, Errno> {
    let mut t = Con::parse(con).ok_or(Errno::INVAL)?;
    let s = Con::parse(typed).ok_or(Errno::INVAL)?;
    t.set(Part::Type, &s.parts[2]).ok_or(Errno::INVAL)?;
    Ok(t.to_bytes())
}

/// An absolute name for selabel_lookup: canonicalize_filename_mode with
/// CAN_MISSING.
fn absolute(path: &[u8]) -> Result<Vec<u8>, Errno> {
    if path.first() == Some(&b'/') {
        return Ok(path.to_vec());
    }
    super::canon::canonicalize(path, super::canon::Need::Nothing, false)
}

impl Labels {
    /// selabel_open: the policy's file_contexts (SELINUXTYPE of
    /// /etc/selinux/config), its `.homedirs` and `.local` additions and
    /// its substitution files. The error is that of the main file.
    pub fn open() -> Result<Labels, Errno> {
        let config = sys::system::read_file(b"/etc/selinux/config").unwrap_or_default();
        let mut base = b"/etc/selinux/".to_vec();
        base.extend_from_slice(logic::selabel::policy_type(&config));
        base.extend_from_slice(b"/contexts/files/file_contexts");
        let mut db = Db::new();
        for (suffix, subs) in [
            (&b""[..], None),
            (b".homedirs", None),
            (b".local", None),
            (b".subs_dist", Some(true)),
            (b".subs", Some(false)),
        ] {
            let mut p = base.clone();
            p.extend_from_slice(suffix);
            match sys::system::read_file(&p) {
                Ok(t) => db.add(&t, subs),
                // Only the main file must be there.
                Err(e) if suffix.is_empty() => return Err(e),
                Err(_) => {}
            }
        }
        Ok(Labels { db })
    }

    /// selabel_lookup of `path` as given, for a file of type `mode`.
    pub fn lookup(&self, path: &[u8], mode: u32) -> Option<&[u8]> {
        self.db.lookup(path, mode)
    }

    /// lookup for defaultcon and restorecon: no context (ENOENT from
    /// selabel_lookup) reads as ENODATA.
    fn context_of(&self, abs: &[u8], mode: u32) -> Result<&[u8], Errno> {
        self.db.lookup(abs, mode).ok_or(Errno::NODATA)
    }

    /// defaultcon: files created next (of type `mode`) as `path` get the
    /// context the kernel computes in its directory, with the type the
    /// database gives `path`.
    pub fn default_for(&self, path: &[u8], mode: u32) -> Result<(), Errno> {
        let abs = absolute(path)?;
        let scon = self.context_of(&abs, mode)?;
        let me = sys::selinux::current()?;
        let dir = logic::path::dirname(&abs);
        let tcon = sys::selinux::get_label(Fd::CWD, dir, true)?.ok_or(Errno::NODATA)?;
        let class = sys::selinux::file_class(mode).ok_or(Errno::INVAL)?;
        let con = sys::selinux::compute_create_class(&me, &tcon, class)?;
        sys::selinux::set_fscreate(&with_type_of(&con, scon)?)
    }

    /// restorecon_private: the type of `abs` set to what the database
    /// gives it, its user, role and range kept.
    fn restore_one(&self, abs: &[u8], st: &Stat) -> Result<(), Errno> {
        let scon = self.context_of(abs, st.mode)?;
        let tcon = sys::selinux::get_label(Fd::CWD, abs, false)?.ok_or(Errno::NODATA)?;
        sys::selinux::set_label(Fd::CWD, abs, &with_type_of(&tcon, scon)?, false)
    }

    /// restorecon with a handle: `path`, and with `recurse` everything
    /// under it.
    pub fn restore(&self, path: &[u8], recurse: bool) -> Result<(), Errno> {
        let abs = absolute(path)?;
        if !recurse {
            let st = sys::fs::statat(Fd::CWD, &abs, false)?;
            return self.restore_one(&abs, &st);
        }
        let roots = [&abs[..]];
        let mut w = sys::walk::Walker::new(&roots, sys::walk::Follow::Physical);
        let mut err = Ok(());
        while let Some(info) = w.next() {
            let r = match info {
                sys::walk::Info::DP => continue,
                sys::walk::Info::NS(e) | sys::walk::Info::ERR(e) => Err(e),
                _ => self.restore_one(w.path(), w.stat()),
            };
            if r.is_err() {
                err = r;
            }
        }
        err
    }
}

/// restorecon with no handle: `path` labeled with the context set for new
/// files (cp --preserve=context on an existing destination).
pub fn restore_from_fscreate(path: &[u8]) -> Result<(), Errno> {
    let abs = absolute(path)?;
    let con = sys::selinux::fscreate()?.ok_or(Errno::NODATA)?;
    sys::selinux::set_label(Fd::CWD, &abs, &con, false)
}

/// restore_default_fscreatecon_or_die.
pub fn clear_fscreate_or_die() {
    if let Err(e) = sys::selinux::clear_fscreate() {
        die(
            &[b"failed to restore the default file creation context"],
            Some(e),
        );
    }
}

/// `-Z` without a context in cp, mv, mkdir, mkfifo, mknod: the handle,
/// or GNU's warning when the database cannot be read.
pub fn open_or_warn() -> Option<Labels> {
    match Labels::open() {
        Ok(l) => Some(l),
        Err(e) => {
            error(&[b"warning: ignoring --context"], Some(e));
            None
        }
    }
}

/// What the options asked for.
#[derive(Default)]
pub struct Context {
    /// `--context=CTX` on an SELinux system: the context of new files.
    set: Option<&'static [u8]>,
    /// `-Z` on an SELinux system: the file_contexts database.
    pub labels: Option<Labels>,
}

impl Context {
    /// GNU's `case 'Z'`: `ctx` is `--context`'s argument (None for `-Z`).
    /// Without SELinux a CTX draws GNU's warning and is ignored.
    pub fn option(&mut self, ctx: Option<&'static [u8]>) {
        if sys::selinux::enabled() {
            if ctx.is_some() {
                self.set = ctx;
            } else {
                self.labels = open_or_warn();
            }
        } else if ctx.is_some() {
            error(
                &[b"warning: ignoring --context; it requires an SELinux/SMACK-enabled kernel"],
                None,
            );
        }
    }

    /// Makes CTX the context of the files created from now on
    /// (setfscreatecon), or dies as GNU does.
    pub fn apply(&self) {
        if let Some(c) = self.set {
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
    }

    /// With `-Z`: defaultcon for `path`, a file of type `mode` about to be
    /// made; the error, unless ignorable.
    pub fn default_for(&self, path: &[u8], mode: u32) -> Result<(), Errno> {
        match &self.labels {
            Some(l) => {
                l.default_for(path, mode)
                    .or_else(|e| if ignorable(e) { Ok(()) } else { Err(e) })
            }
            None => Ok(()),
        }
    }
}
