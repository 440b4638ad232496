// corebox applet
// name: chcon
// usage: [OPTION]... CONTEXT FILE...
// usage: [OPTION]... [-u USER] [-r ROLE] [-l RANGE] [-t TYPE] FILE...
// usage: [OPTION]... --reference=RFILE FILE...
// option: -R, --recursive
// option: --dereference
// option: -h, --no-dereference
// option: --no-preserve-root
// option: --preserve-root
// option: --reference=RFILE
// option: -u, --user=USER
// option: -r, --role=ROLE
// option: -t, --type=TYPE
// option: -l, --range=RANGE
// option: -v, --verbose
// option: -H
// option: -L
// option: -P
// help:
// Change the SELinux security context of each FILE to CONTEXT.
// With --reference, change the security context of each FILE to that of RFILE.
//
// Mandatory arguments to long options are mandatory for short options too.
//       --dereference      affect the referent of each symbolic link (this is
//                          the default), rather than the symbolic link itself
//   -h, --no-dereference   affect symbolic links instead of any referenced file
//   -u, --user=USER        set user USER in the target security context
//   -r, --role=ROLE        set role ROLE in the target security context
//   -t, --type=TYPE        set type TYPE in the target security context
//   -l, --range=RANGE      set range RANGE in the target security context
//       --no-preserve-root  do not treat '/' specially (the default)
//       --preserve-root    fail to operate recursively on '/'
//       --reference=RFILE  use RFILE's security context rather than specifying
//                          a CONTEXT value
//   -R, --recursive        operate on files and directories recursively
//   -v, --verbose          output a diagnostic for every file processed
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

use super::{opt, SPEC};
use crate::shared::diag::{die, quote, quoteaf, quotef};
use alloc::vec::Vec;
use logic::context::{Context, Part};
use sys::fs::Stat;
use sys::io::{error, out, Fd};
use sys::selinux;
use sys::walk::{self, Follow, Info, Walker};
use sys::Errno;

/// A context component (-u -r -t -l), its option name and new value.
type PartEdit = (Part, &'static [u8], Option<&'static [u8]>);

struct Config {
    /// A whole context to set, or None to edit components.
    context: Option<Vec<u8>>,
    parts: [PartEdit; 4],
    recurse: bool,
    verbose: bool,
    deref: bool,
    follow: Follow,
    root: Option<Stat>,
}

const ENODATA: Errno = Errno(61);

/// What --dereference and -h ask for; without either, the default
/// depends on -R and -H/-L/-P.
#[derive(Clone, Copy, PartialEq)]
enum Dereference {
    Default,
    /// --dereference: change what a symlink points to.
    Referent,
    /// -h: change the symlink itself.
    Link,
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (c, files) = parse(args);
    let mut w = Walker::new(&files, c.follow);
    // Labels need no stat of the files (directories are still stat'ed).
    w.no_stat(true);
    let mut ok = true;
    while let Some(info) = w.next() {
        ok &= visit(&mut w, info, &c);
    }
    i32::from(!ok)
}

/// The options and the checks GNU makes before touching a file; returns
/// the FILE operands too.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let (mut user, mut role, mut typ, mut range) = (None, None, None, None);
    let (mut dereference, mut follow) = (Dereference::Default, Follow::Physical);
    let (mut recurse, mut verbose) = (false, false);
    let (mut preserve_root, mut reference) = (false, None);
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            'h' => dereference = Dereference::Link,
            opt::DEREFERENCE => dereference = Dereference::Referent,
            'u' => user = o.arg,
            'r' => role = o.arg,
            't' => typ = o.arg,
            'l' => range = o.arg,
            'R' => recurse = true,
            'v' => verbose = true,
            'H' => follow = Follow::CmdLine,
            'L' => follow = Follow::Logical,
            'P' => follow = Follow::Physical,
            opt::PRESERVE_ROOT => preserve_root = true,
            opt::NO_PRESERVE_ROOT => preserve_root = false,
            opt::REFERENCE => reference = o.arg,
            _ => {}
        }
    }
    let mut files = opts.operands();
    let component = user.is_some() || role.is_some() || typ.is_some() || range.is_some();
    let (deref, follow) = symlinks(recurse, dereference, follow);
    let need = if reference.is_some() || component {
        1
    } else {
        2
    };
    if files.len() < need {
        match files.last() {
            None => crate::shared::cli::missing_operand(&SPEC),
            Some(l) => {
                crate::shared::cli::usage_error(&SPEC, &[b"missing operand after ", &quote(l)])
            }
        }
    }
    let context = match reference {
        Some(r) => Some(reference_context(r)),
        None if component => None,
        None => Some(context_operand(files.remove(0))),
    };
    if reference.is_some() && component {
        crate::shared::cli::usage_error(&SPEC, &[b"conflicting security context specifiers given"]);
    }
    let root = (recurse && preserve_root).then(crate::shared::diag::root_dev_ino);
    let c = Config {
        context,
        parts: [
            (Part::User, b"user", user),
            (Part::Range, b"range", range),
            (Part::Role, b"role", role),
            (Part::Type, b"type", typ),
        ],
        recurse,
        verbose,
        deref,
        follow,
        root,
    };
    (c, files)
}

/// Whether to change what symlinks point to, and how to walk: GNU's
/// rules for -R with -H/-L/-P and --dereference/-h.
fn symlinks(recurse: bool, dereference: Dereference, follow: Follow) -> (bool, Follow) {
    if !recurse {
        return (dereference != Dereference::Link, Follow::Physical);
    }
    if follow == Follow::Physical {
        if dereference == Dereference::Referent {
            die(&[b"-R --dereference requires either -H or -L"], None);
        }
        (false, follow)
    } else {
        if dereference == Dereference::Link {
            die(&[b"-R -h requires -P"], None);
        }
        (true, follow)
    }
}

/// The context of --reference=RFILE, or GNU's message and exit.
fn reference_context(name: &[u8]) -> Vec<u8> {
    match selinux::get_label(sys::io::Fd::CWD, name, true).and_then(|l| l.ok_or(ENODATA)) {
        Ok(c) => c,
        Err(e) => die(
            &[b"failed to get security context of ", &quoteaf(name)],
            Some(e),
        ),
    }
}

/// A CONTEXT operand, checked by the kernel when SELinux is on.
fn context_operand(c: &[u8]) -> Vec<u8> {
    if selinux::enabled() {
        if let Err(e) = selinux::check_context(c) {
            die(&[b"invalid context: ", &quote(c)], Some(e));
        }
    }
    c.to_vec()
}

/// GNU chcon's process_file.
fn visit(w: &mut Walker, info: Info, c: &Config) -> bool {
    let path = w.path();
    let mut ok = true;
    match info {
        Info::D if c.recurse => {
            if walk::is_root(w.stat(), c.root.as_ref()) {
                crate::shared::diag::root_warning(path);
                w.skip();
                w.next();
                return false;
            }
            return true;
        }
        Info::DP if !c.recurse => return true,
        Info::NS(e) => {
            error(&[b"cannot access ", &quoteaf(path)], Some(e));
            ok = false;
        }
        Info::ERR(e) => {
            error(&[&quotef(path)], Some(e));
            ok = false;
        }
        Info::DNR(e) => {
            error(&[b"cannot read directory ", &quoteaf(path)], Some(e));
            ok = false;
        }
        Info::DC if walk::cycle_warning_required(c.follow, w.level()) => {
            crate::shared::diag::cycle_warning(path);
            return false;
        }
        _ => {}
    }
    if info == Info::DP && ok && walk::is_root(w.stat(), c.root.as_ref()) {
        crate::shared::diag::root_warning(path);
        ok = false;
    }
    if ok {
        if c.verbose {
            let mut v = b"changing security context of ".to_vec();
            v.extend_from_slice(&quoteaf(path));
            v.push(b'\n');
            out().write(&v);
        }
        ok = change(w, c);
    }
    if !c.recurse {
        w.skip();
    }
    ok
}

/// GNU's change_file_context; messages name the entry as fts' accpath:
/// the name inside its directory, or the whole path under -L (FTS_NOCHDIR).
fn change(w: &Walker, c: &Config) -> bool {
    let shown = if c.follow == Follow::Logical {
        w.path()
    } else {
        w.name()
    };
    let (dir, name) = if w.dirfd() == sys::io::Fd::CWD || selinux::proc_fds() {
        (w.dirfd(), w.name())
    } else {
        (sys::io::Fd::CWD, w.path())
    };
    let mut current = None;
    let computed;
    let new: &[u8] = match &c.context {
        Some(ctx) => ctx,
        None => {
            let Some((label, edited)) = edit_label(dir, name, shown, c) else {
                return false;
            };
            current = Some(label);
            computed = edited;
            &computed
        }
    };
    if current.as_deref() != Some(new) {
        if let Err(e) = selinux::set_label(dir, name, new, c.deref) {
            error(
                &[
                    b"failed to change context of ",
                    &quoteaf(shown),
                    b" to ",
                    &quote(new),
                ],
                Some(e),
            );
            return false;
        }
    }
    true
}

/// The file's label and that label with the components of -u -r -t -l
/// put in; None after an error (reported).
fn edit_label(dir: Fd, name: &[u8], shown: &[u8], c: &Config) -> Option<(Vec<u8>, Vec<u8>)> {
    let label = match selinux::get_label(dir, name, c.deref) {
        Ok(Some(l)) => l,
        Ok(None) => {
            error(
                &[
                    b"can't apply partial context to unlabeled file ",
                    &quoteaf(shown),
                ],
                None,
            );
            return None;
        }
        Err(e) => {
            error(
                &[b"failed to get security context of ", &quoteaf(shown)],
                Some(e),
            );
            return None;
        }
    };
    let Some(mut ctx) = Context::parse(&label) else {
        error(
            &[b"failed to create security context: ", &quote(&label)],
            Some(Errno::INVAL),
        );
        return None;
    };
    let mut ok = true;
    for &(part, what, value) in &c.parts {
        if let Some(v) = value {
            if ctx.set(part, v).is_none() {
                error(
                    &[
                        b"failed to set ",
                        what,
                        b" security context component to ",
                        &quote(v),
                    ],
                    Some(Errno::INVAL),
                );
                ok = false;
            }
        }
    }
    if !ok {
        return None;
    }
    let edited = ctx.to_bytes();
    Some((label, edited))
}
