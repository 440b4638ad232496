//! What chown and chgrp share (GNU's chown-core): walking the operands and
//! changing owner and group through the parent directory, with GNU's
//! messages for -c/-v and errors.

use crate::cli::{quoteaf, quotef};
use crate::fs::{self, Stat, S_IFLNK, S_IFMT};
use crate::io::{error, out};
use crate::user::Db;
use crate::walk::{self, Follow, Info, Walker};
use alloc::vec::Vec;

#[derive(Clone, Copy, PartialEq)]
enum Status {
    Failed,
    NoChangeRequested,
    Succeeded,
}

/// The settings of one chown or chgrp run.
pub struct Chown {
    pub uid: Option<u32>,
    pub gid: Option<u32>,
    /// --from: change only files with these ids.
    pub from_uid: Option<u32>,
    pub from_gid: Option<u32>,
    /// The names to report (as given, or from --reference).
    pub user_name: Option<Vec<u8>>,
    pub group_name: Option<Vec<u8>>,
    pub recurse: bool,
    pub silent: bool,
    /// 0: quiet, 1: -c, 2: -v.
    pub verbosity: u8,
    /// Change the referent of symlinks, not the links.
    pub deref: bool,
    /// `/` with --preserve-root.
    pub root: Option<Stat>,
    pub follow: Follow,
}

impl Chown {
    /// Changes every operand (and, with -R, what is below); returns
    /// whether all went well.
    pub fn run(&self, files: &[&[u8]]) -> bool {
        let mut db = Db::default();
        let mut w = Walker::new(files, self.follow);
        // As GNU: files need no stat when nothing about them is reported
        // or compared.
        w.no_stat(
            self.from_uid.is_none()
                && self.from_gid.is_none()
                && !self.deref
                && self.verbosity == 0,
        );
        let mut ok = true;
        while let Some(info) = w.next() {
            ok &= self.visit(&mut w, info, &mut db);
        }
        ok
    }

    fn visit(&self, w: &mut Walker, info: Info, db: &mut Db) -> bool {
        let mut ok = true;
        let path = w.path();
        let complain = |msg: &[u8], e| {
            if !self.silent {
                error(&[msg, &quoteaf(path)], Some(e));
            }
        };
        match info {
            Info::D if self.recurse => {
                if walk::is_root(w.stat(), self.root.as_ref()) {
                    walk::root_warning(path);
                    w.skip();
                    w.next();
                    return false;
                }
                return true;
            }
            Info::DP if !self.recurse => return true,
            Info::NS(e) => {
                complain(b"cannot access ", e);
                ok = false;
            }
            Info::ERR(e) => {
                if !self.silent {
                    error(&[&quotef(path)], Some(e));
                }
                ok = false;
            }
            Info::DNR(e) => {
                complain(b"cannot read directory ", e);
                ok = false;
            }
            Info::DC if walk::cycle_warning_required(self.follow, w.level()) => {
                walk::cycle_warning(path);
                return false;
            }
            _ => {}
        }
        let mut st: Option<Stat> = None;
        let mut do_chown = false;
        if ok {
            let mut s = *w.stat();
            if self.deref && s.mode & S_IFMT == S_IFLNK {
                match fs::statat(w.dirfd(), w.name(), true) {
                    Ok(t) => s = t,
                    Err(e) => {
                        complain(b"cannot dereference ", e);
                        ok = false;
                    }
                }
            }
            st = Some(s);
            do_chown = ok
                && self.from_uid.is_none_or(|u| u == s.uid)
                && self.from_gid.is_none_or(|g| g == s.gid);
        }
        if do_chown {
            if let Err(e) = fs::chownat(w.dirfd(), w.name(), self.uid, self.gid, self.deref) {
                ok = false;
                if !self.silent {
                    let what: &[u8] = if self.uid.is_some() {
                        b"changing ownership of "
                    } else {
                        b"changing group of "
                    };
                    error(&[what, &quoteaf(w.path())], Some(e));
                }
            }
        }
        if self.verbosity > 0 {
            let same = st.is_some_and(|s| {
                self.uid.is_none_or(|u| u == s.uid) && self.gid.is_none_or(|g| g == s.gid)
            });
            let changed = do_chown && ok && !same;
            if changed || self.verbosity == 2 {
                let status = if !ok {
                    Status::Failed
                } else if !changed {
                    Status::NoChangeRequested
                } else {
                    Status::Succeeded
                };
                self.describe(w.path(), status, st.as_ref(), db);
            }
        }
        if !self.recurse {
            w.skip();
        }
        ok
    }

    fn describe(&self, path: &[u8], status: Status, st: Option<&Stat>, db: &mut Db) {
        let num = |id: u32| {
            let mut v = Vec::new();
            corebox_core::fmt::push_u64(&mut v, id as u64);
            v
        };
        let user = self.user_name.clone().or_else(|| self.uid.map(num));
        let group = self.group_name.clone().or_else(|| self.gid.map(num));
        let spec = user_group(user.as_deref(), group.as_deref());
        let old_user = st.filter(|_| user.is_some()).map(|s| db.user_name(s.uid));
        let old_group = st.filter(|_| group.is_some()).map(|s| db.group_name(s.gid));
        let old = user_group(old_user.as_deref(), old_group.as_deref());
        let (u, g) = (user.is_some(), group.is_some());
        let q = quoteaf(path);
        let mut v = Vec::with_capacity(q.len() + 64);
        let mut put = |parts: &[&[u8]]| {
            for p in parts {
                v.extend_from_slice(p);
            }
        };
        let (s, o) = (
            spec.as_deref().unwrap_or(b""),
            old.as_deref().unwrap_or(b""),
        );
        match status {
            Status::Succeeded if u => {
                put(&[b"changed ownership of ", &q, b" from ", o, b" to ", s])
            }
            Status::Succeeded if g => put(&[b"changed group of ", &q, b" from ", o, b" to ", s]),
            Status::Succeeded => put(&[b"no change to ownership of ", &q]),
            Status::Failed if !u && !g => put(&[b"failed to change ownership of ", &q]),
            Status::Failed => {
                put(&[
                    if u {
                        b"failed to change ownership of "
                    } else {
                        b"failed to change group of "
                    },
                    &q,
                ]);
                if old.is_some() {
                    put(&[b" from ", o, b" to ", s]);
                } else {
                    put(&[b" to ", s]);
                }
            }
            Status::NoChangeRequested if u => put(&[b"ownership of ", &q, b" retained as ", o]),
            Status::NoChangeRequested if g => put(&[b"group of ", &q, b" retained as ", o]),
            Status::NoChangeRequested => put(&[b"ownership of ", &q, b" retained"]),
        }
        v.push(b'\n');
        out().write(&v);
    }
}

fn user_group(user: Option<&[u8]>, group: Option<&[u8]>) -> Option<Vec<u8>> {
    match (user, group) {
        (Some(u), Some(g)) => {
            let mut v = u.to_vec();
            v.push(b':');
            v.extend_from_slice(g);
            Some(v)
        }
        (Some(x), None) | (None, Some(x)) => Some(x.to_vec()),
        (None, None) => None,
    }
}

/// The options chown and chgrp share, as their option loops collect them.
pub struct Options {
    pub recurse: bool,
    pub silent: bool,
    pub verbosity: u8,
    /// 1: --dereference, 0: -h, -1: neither.
    pub dereference: i8,
    pub follow: Follow,
    pub preserve_root: bool,
    pub reference: Option<&'static [u8]>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            recurse: false,
            silent: false,
            verbosity: 0,
            dereference: -1,
            follow: Follow::Physical,
            preserve_root: false,
            reference: None,
        }
    }
}

impl Options {
    /// Handles a shared option; false if `key` is not one.
    pub fn take(&mut self, key: char) -> bool {
        match key {
            'c' => self.verbosity = 1,
            'f' => self.silent = true,
            'v' => self.verbosity = 2,
            'h' => self.dereference = 0,
            'R' => self.recurse = true,
            'H' => self.follow = Follow::CmdLine,
            'L' => self.follow = Follow::Logical,
            'P' => self.follow = Follow::Physical,
            _ => return false,
        }
        true
    }

    /// Checks the operands (`missing operand`), the -R rules and
    /// --preserve-root; exits on errors as GNU does.
    pub fn finish(self, spec: &crate::cli::Spec, operands: &[&[u8]]) -> Chown {
        let need = if self.reference.is_some() { 1 } else { 2 };
        if operands.len() < need {
            match operands.last() {
                None => crate::cli::missing_operand(spec),
                Some(l) => crate::cli::usage_error(
                    spec,
                    &[b"missing operand after ", &crate::cli::quote(l)],
                ),
            }
        }
        let mut deref = self.dereference;
        let mut follow = self.follow;
        if self.recurse {
            if follow == Follow::Physical {
                if deref == 1 {
                    error(&[b"-R --dereference requires either -H or -L"], None);
                    crate::rt::exit(1);
                }
                deref = 0;
            }
        } else {
            follow = Follow::Physical;
        }
        let mut root = None;
        if self.recurse && self.preserve_root {
            match fs::stat(b"/") {
                Ok(s) => root = Some(s),
                Err(e) => {
                    error(&[b"failed to get attributes of ", &quoteaf(b"/")], Some(e));
                    crate::rt::exit(1);
                }
            }
        }
        Chown {
            uid: None,
            gid: None,
            from_uid: None,
            from_gid: None,
            user_name: None,
            group_name: None,
            recurse: self.recurse,
            silent: self.silent,
            verbosity: self.verbosity,
            deref: deref != 0,
            root,
            follow,
        }
    }
}

/// stat of a --reference file, or GNU's error and exit.
pub fn reference_stat(name: &[u8]) -> Stat {
    fs::stat(name).unwrap_or_else(|e| {
        error(&[b"failed to get attributes of ", &quoteaf(name)], Some(e));
        crate::rt::exit(1)
    })
}
