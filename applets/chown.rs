// corebox applet
// name: chown
// usage: [OPTION]... [OWNER][:[GROUP]] FILE...
// usage: [OPTION]... --reference=RFILE FILE...
// option: -R, --recursive
// option: -c, --changes
// option: --dereference
// option: --from=CURRENT_OWNER:CURRENT_GROUP
// option: -h, --no-dereference
// option: --no-preserve-root
// option: --preserve-root
// option: -f, --silent, --quiet
// option: --reference=RFILE
// option: -v, --verbose
// option: -H
// option: -L
// option: -P
// help:
// Change the owner and/or group of each FILE to OWNER and/or GROUP.
// With --reference, change the owner and group of each FILE to those of RFILE.
//
//   -c, --changes          like verbose but report only when a change is made
//   -f, --silent, --quiet  suppress most error messages
//   -v, --verbose          output a diagnostic for every file processed
//       --dereference      affect the referent of each symbolic link (this is
//                          the default), rather than the symbolic link itself
//   -h, --no-dereference   affect symbolic links instead of any referenced file
//                          (useful only on systems that can change the
//                          ownership of a symlink)
//       --from=CURRENT_OWNER:CURRENT_GROUP
//                          change the owner and/or group of each file only if
//                          its current owner and/or group match those specified
//                          here.  Either may be omitted, in which case a match
//                          is not required for the omitted attribute
//       --no-preserve-root  do not treat '/' specially (the default)
//       --preserve-root    fail to operate recursively on '/'
//       --reference=RFILE  use RFILE's owner and group rather than
//                          specifying OWNER:GROUP values
//   -R, --recursive        operate on files and directories recursively
//
// The following options modify how a hierarchy is traversed when the -R
// option is also specified.  If more than one is specified, only the final
// one takes effect.
//
//   -H                     if a command line argument is a symbolic link
//                          to a directory, traverse it
//   -L                     traverse every symbolic link to a directory
//                          encountered
//   -P                     do not traverse any symbolic links (default)
//
//       --help        display this help and exit
//       --version     output version information and exit
//
// Owner is unchanged if missing.  Group is unchanged if missing, but changed
// to login group if implied by a ':' following a symbolic OWNER.
// OWNER and GROUP may be numeric as well as symbolic.
//
// Examples:
//   %s root /u        Change the owner of /u to "root".
//   %s root:staff /u  Likewise, but also change its group to "staff".
//   %s -hR root /u    Change the owner of /u and subfiles to "root".

// corebox applet
// name: chgrp
// usage: [OPTION]... GROUP FILE...
// usage: [OPTION]... --reference=RFILE FILE...
// option: -R, --recursive
// option: -c, --changes
// option: --dereference
// option: -h, --no-dereference
// option: --no-preserve-root
// option: --preserve-root
// option: -f, --silent, --quiet
// option: --reference=RFILE
// option: -v, --verbose
// option: -H
// option: -L
// option: -P
// help:
// Change the group of each FILE to GROUP.
// With --reference, change the group of each FILE to that of RFILE.
//
//   -c, --changes          like verbose but report only when a change is made
//   -f, --silent, --quiet  suppress most error messages
//   -v, --verbose          output a diagnostic for every file processed
//       --dereference      affect the referent of each symbolic link (this is
//                          the default), rather than the symbolic link itself
//   -h, --no-dereference   affect symbolic links instead of any referenced file
//                          (useful only on systems that can change the
//                          ownership of a symlink)
//       --no-preserve-root  do not treat '/' specially (the default)
//       --preserve-root    fail to operate recursively on '/'
//       --reference=RFILE  use RFILE's group rather than specifying a
//                          GROUP value
//   -R, --recursive        operate on files and directories recursively
//
// The following options modify how a hierarchy is traversed when the -R
// option is also specified.  If more than one is specified, only the final
// one takes effect.
//
//   -H                     if a command line argument is a symbolic link
//                          to a directory, traverse it
//   -L                     traverse every symbolic link to a directory
//                          encountered
//   -P                     do not traverse any symbolic links (default)
//
//       --help        display this help and exit
//       --version     output version information and exit
//
// Examples:
//   %s staff /u      Change the group of /u to "staff".
//   %s -hR staff /u  Change the group of /u and subfiles to "staff".

// What chown and chgrp share (GNU's chown-core): walking the operands and
// changing owner and group through the parent directory, with GNU's
// messages for -c/-v and errors.

use super::opt;
use crate::shared::cli::{self, Spec};
use crate::shared::diag::{die, quote, quoteaf, quotef};
use alloc::vec::Vec;
use sys::fs::{self, Stat, S_IFLNK, S_IFMT};
use sys::io::{error, out};
use sys::user::{parse_spec, Db};
use sys::walk::{self, Follow, Info, Walker};
use sys::Errno;

pub fn chown(args: &'static [&'static [u8]]) -> i32 {
    let mut o = Options::default();
    let mut from = None;
    let mut db = Db::default();
    let mut spec = |s: &'static [u8]| match parse_spec(&mut db, s) {
        Ok((p, warn)) => {
            if warn {
                error(&[b"warning: '.' should be ':': ", &quote(s)], None);
            }
            p
        }
        Err(e) => die(&[e.message(), b": ", &quote(s)], None),
    };
    let mut opts = crate::shared::cli::parse(&super::chown::SPEC, &args[1..]);
    while let Some(x) = opts.next() {
        if !o.take(x.key) {
            match x.key {
                opt::DEREFERENCE => o.dereference = Dereference::Referent,
                // Checked at once, as GNU's option loop does.
                opt::FROM => from = Some(spec(x.arg.unwrap_or(b""))),
                opt::REFERENCE => o.reference = x.arg,
                opt::PRESERVE_ROOT => o.preserve_root = true,
                opt::NO_PRESERVE_ROOT => o.preserve_root = false,
                _ => {}
            }
        }
    }
    let mut files = opts.operands();
    let reference = o.reference;
    let mut c = o.finish(&super::chown::SPEC, &files);
    if let Some(p) = from {
        (c.from_uid, c.from_gid) = (p.uid, p.gid);
    }
    if let Some(r) = reference {
        let st = reference_stat(r);
        (c.uid, c.gid) = (Some(st.uid), Some(st.gid));
        c.user_name = Some(db.user_name(st.uid));
        c.group_name = Some(db.group_name(st.gid));
    } else {
        let p = spec(files.remove(0));
        (c.uid, c.gid) = (p.uid, p.gid);
        c.user_name = p.user_name;
        c.group_name = p.group_name;
        // With a group but no user, messages say "ownership", not "group".
        if c.user_name.is_none() && c.group_name.is_some() {
            c.user_name = Some(alloc::vec::Vec::new());
        }
    }
    i32::from(!c.run(&files))
}

pub fn chgrp(args: &'static [&'static [u8]]) -> i32 {
    let mut o = Options::default();
    let mut opts = crate::shared::cli::parse(&super::chgrp::SPEC, &args[1..]);
    while let Some(x) = opts.next() {
        if !o.take(x.key) {
            match x.key {
                opt::DEREFERENCE => o.dereference = Dereference::Referent,
                opt::REFERENCE => o.reference = x.arg,
                opt::PRESERVE_ROOT => o.preserve_root = true,
                opt::NO_PRESERVE_ROOT => o.preserve_root = false,
                _ => {}
            }
        }
    }
    let mut files = opts.operands();
    let reference = o.reference;
    let mut c = o.finish(&super::chgrp::SPEC, &files);
    let mut db = Db::default();
    if let Some(r) = reference {
        let st = reference_stat(r);
        c.gid = Some(st.gid);
        c.group_name = Some(db.group_name(st.gid));
    } else {
        let g = files.remove(0);
        if !g.is_empty() {
            c.group_name = Some(g.to_vec());
            let id = db.group_id(g).or_else(|| {
                let d = g.strip_prefix(b"+").unwrap_or(g);
                logic::num::parse_u64_dec(d).and_then(|n| u32::try_from(n).ok())
            });
            match id {
                // The all-ones id means "unchanged" to the kernel.
                Some(id) => c.gid = Some(id).filter(|&g| g != u32::MAX),
                None => die(&[b"invalid group: ", &quote(g)], None),
            }
        }
    }
    i32::from(!c.run(&files))
}

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
    pub verbosity: Verbosity,
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
                && self.verbosity == Verbosity::Quiet,
        );
        let mut ok = true;
        while let Some(info) = w.next() {
            ok &= self.visit(&mut w, info, &mut db);
        }
        ok
    }

    /// GNU's change_file_owner for one visit; returns whether it went
    /// well.
    fn visit(&self, w: &mut Walker, info: Info, db: &mut Db) -> bool {
        let path = w.path();
        let ok = match info {
            Info::D if self.recurse => {
                if walk::is_root(w.stat(), self.root.as_ref()) {
                    crate::shared::diag::root_warning(path);
                    w.skip();
                    w.next();
                    return false;
                }
                return true;
            }
            Info::DP if !self.recurse => return true,
            Info::NS(e) => self.complain(b"cannot access ", path, e),
            Info::ERR(e) => {
                if !self.silent {
                    error(&[&quotef(path)], Some(e));
                }
                false
            }
            Info::DNR(e) => self.complain(b"cannot read directory ", path, e),
            Info::DC if walk::cycle_warning_required(self.follow, w.level()) => {
                crate::shared::diag::cycle_warning(path);
                return false;
            }
            _ => true,
        };
        let ok = self.change(w, ok, db);
        if !self.recurse {
            w.skip();
        }
        ok
    }

    /// Changes the entry being visited, if all went well so far (`ok`)
    /// and it matches --from, and describes it under -c/-v; returns
    /// whether all went well.
    fn change(&self, w: &Walker, mut ok: bool, db: &mut Db) -> bool {
        let mut st: Option<Stat> = None;
        let mut do_chown = false;
        if ok {
            let mut s = *w.stat();
            if self.deref && s.mode & S_IFMT == S_IFLNK {
                match fs::statat(w.dirfd(), w.name(), true) {
                    Ok(t) => s = t,
                    Err(e) => ok = self.complain(b"cannot dereference ", w.path(), e),
                }
            }
            st = Some(s);
            do_chown = ok
                && self.from_uid.is_none_or(|u| u == s.uid)
                && self.from_gid.is_none_or(|g| g == s.gid);
        }
        if do_chown {
            if let Err(e) = fs::chownat(w.dirfd(), w.name(), self.uid, self.gid, self.deref) {
                let what: &[u8] = if self.uid.is_some() {
                    b"changing ownership of "
                } else {
                    b"changing group of "
                };
                ok = self.complain(what, w.path(), e);
            }
        }
        if self.verbosity != Verbosity::Quiet {
            let same = st.is_some_and(|s| {
                self.uid.is_none_or(|u| u == s.uid) && self.gid.is_none_or(|g| g == s.gid)
            });
            let changed = do_chown && ok && !same;
            if changed || self.verbosity == Verbosity::All {
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
        ok
    }

    /// `NAME: MSG'PATH': ERROR` unless -f; false for the caller's status.
    fn complain(&self, msg: &[u8], path: &[u8], e: Errno) -> bool {
        if !self.silent {
            error(&[msg, &quoteaf(path)], Some(e));
        }
        false
    }

    fn describe(&self, path: &[u8], status: Status, st: Option<&Stat>, db: &mut Db) {
        let num = |id: u32| {
            let mut v = Vec::new();
            logic::digits::push_u64(&mut v, id as u64);
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

/// -c and -v.
// TODO(shared): chmod.rs has its own copy of this type (an applet file
// cannot use another's: a build may leave chown out); one in
// applets/shared would serve both.
#[derive(Clone, Copy, PartialEq)]
pub enum Verbosity {
    Quiet,
    /// -c: describe the files whose owner or group changed.
    Changes,
    /// -v: describe every file.
    All,
}

/// What --dereference and -h ask for; without either, the default
/// depends on -R and -H/-L/-P.
// TODO(shared): chcon.rs has the same type.
#[derive(Clone, Copy, PartialEq)]
pub enum Dereference {
    Default,
    /// --dereference: change what a symlink points to.
    Referent,
    /// -h: change the symlink itself.
    Link,
}

/// The options chown and chgrp share, as their option loops collect them.
pub struct Options {
    pub recurse: bool,
    pub silent: bool,
    pub verbosity: Verbosity,
    pub dereference: Dereference,
    pub follow: Follow,
    pub preserve_root: bool,
    pub reference: Option<&'static [u8]>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            recurse: false,
            silent: false,
            verbosity: Verbosity::Quiet,
            dereference: Dereference::Default,
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
            'c' => self.verbosity = Verbosity::Changes,
            'f' => self.silent = true,
            'v' => self.verbosity = Verbosity::All,
            'h' => self.dereference = Dereference::Link,
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
    pub fn finish(self, spec: &Spec, operands: &[&[u8]]) -> Chown {
        let need = if self.reference.is_some() { 1 } else { 2 };
        if operands.len() < need {
            match operands.last() {
                None => cli::missing_operand(spec),
                Some(l) => cli::usage_error(spec, &[b"missing operand after ", &quote(l)]),
            }
        }
        let mut deref = self.dereference;
        let mut follow = self.follow;
        if self.recurse {
            if follow == Follow::Physical {
                if deref == Dereference::Referent {
                    die(&[b"-R --dereference requires either -H or -L"], None);
                }
                deref = Dereference::Link;
            }
        } else {
            follow = Follow::Physical;
        }
        let mut root = None;
        if self.recurse && self.preserve_root {
            root = Some(crate::shared::diag::root_dev_ino());
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
            deref: deref != Dereference::Link,
            root,
            follow,
        }
    }
}

/// stat of a --reference file, or GNU's error and exit.
pub fn reference_stat(name: &[u8]) -> Stat {
    fs::stat(name)
        .unwrap_or_else(|e| die(&[b"failed to get attributes of ", &quoteaf(name)], Some(e)))
}
