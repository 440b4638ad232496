// corebox applet
// name: chmod
// usage: [OPTION]... MODE[,MODE]... FILE...
// usage: [OPTION]... OCTAL-MODE FILE...
// usage: [OPTION]... --reference=RFILE FILE...
// option: -c, --changes
// option: -R, --recursive
// option: --no-preserve-root
// option: --preserve-root
// option: -f, --silent, --quiet
// option: --reference=RFILE
// option: -v, --verbose
// help:
// Change the mode of each FILE to MODE.
// With --reference, change the mode of each FILE to that of RFILE.
//
//   -c, --changes          like verbose but report only when a change is made
//   -f, --silent, --quiet  suppress most error messages
//   -v, --verbose          output a diagnostic for every file processed
//       --no-preserve-root  do not treat '/' specially (the default)
//       --preserve-root    fail to operate recursively on '/'
//       --reference=RFILE  use RFILE's mode instead of MODE values
//   -R, --recursive        change files and directories recursively
//       --help        display this help and exit
//       --version     output version information and exit
//
// Each MODE is of the form '[ugoa]*([-+=]([rwxXst]*|[ugo]))+|[-+=][0-7]+'.

use super::{opt, SPEC};
use crate::shared::diag::{die, quote, quoteaf, quotef};
use alloc::vec::Vec;
use logic::mode::{self, Change, ALL};
use sys::fs::{self, Stat};
use sys::io::{error, out};
use sys::walk::{self, Follow, Info, Walker};

#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Status {
    NoStat,
    Failed,
    NotApplied,
    NoChangeRequested,
    Succeeded,
}

/// -c and -v.
// TODO(shared): chown.rs has the same type; applets/shared could hold one.
#[derive(Clone, Copy, PartialEq)]
enum Verbosity {
    Quiet,
    /// -c: describe the files whose mode changed.
    Changes,
    /// -v: describe every file.
    All,
}

struct Config {
    changes: Vec<Change>,
    umask: u32,
    recurse: bool,
    silent: bool,
    verbosity: Verbosity,
    /// The mode came as options (`chmod -w`): GNU then reports a result
    /// that the umask made differ from the mode asked for.
    surprises: bool,
    root: Option<Stat>,
}

/// Is `a` (an argv element) a mode given as options, like `-w` or `-rwx`?
/// (getopt reads the mode letters as options; GNU takes the whole element.)
fn mode_option(a: &[u8]) -> bool {
    if a.len() < 2 || a[0] != b'-' || a[1] == b'-' {
        return false;
    }
    for &c in &a[1..] {
        match c {
            b'R' | b'c' | b'f' | b'v' => {}
            b'r'
            | b'w'
            | b'x'
            | b'X'
            | b's'
            | b't'
            | b'u'
            | b'g'
            | b'o'
            | b'a'
            | b','
            | b'+'
            | b'='
            | b'0'..=b'7' => return true,
            _ => return false,
        }
    }
    false
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (c, files) = parse(args);
    let mut w = Walker::new(&files, Follow::CmdLine);
    let mut ok = true;
    while let Some(info) = w.next() {
        ok &= visit(&mut w, info, &c);
    }
    i32::from(!ok)
}

/// The options and the changes to make; returns the FILE operands too.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let (rest, opt_mode) = take_mode_options(args);
    let mut c = Config {
        changes: Vec::new(),
        umask: 0,
        recurse: false,
        silent: false,
        verbosity: Verbosity::Quiet,
        surprises: !opt_mode.is_empty(),
        root: None,
    };
    let (mut preserve_root, mut reference) = (false, None);
    let mut opts = crate::shared::cli::parse(&SPEC, rest);
    while let Some(o) = opts.next() {
        match o.key {
            'c' => c.verbosity = Verbosity::Changes,
            'f' => c.silent = true,
            'v' => c.verbosity = Verbosity::All,
            'R' => c.recurse = true,
            opt::PRESERVE_ROOT => preserve_root = true,
            opt::NO_PRESERVE_ROOT => preserve_root = false,
            opt::REFERENCE => reference = o.arg,
            _ => {}
        }
    }
    let mut files = opts.operands();
    let mode = mode_argument(opt_mode, reference.is_some(), &mut files);
    if let Some(r) = reference {
        match fs::stat(r) {
            Ok(st) => c.changes = mode::from_reference(st.mode),
            Err(e) => die(&[b"failed to get attributes of ", &quoteaf(r)], Some(e)),
        }
    } else if let Some(m) = mode {
        match mode::compile(&m) {
            Some(ch) => c.changes = ch,
            None => crate::shared::cli::usage_error(&SPEC, &[b"invalid mode: ", &quote(&m)]),
        }
        c.umask = fs::umask();
    }
    if c.recurse && preserve_root {
        c.root = Some(crate::shared::diag::root_dev_ino());
    }
    (c, files)
}

/// Takes the modes given as options (`-w`, `-rwx`: getopt would read
/// their letters as options; GNU takes the whole element) out of the
/// arguments; returns the other arguments and those modes, joined by
/// commas.
fn take_mode_options(args: &'static [&'static [u8]]) -> (&'static [&'static [u8]], Vec<u8>) {
    let mut rest: Vec<&'static [u8]> = Vec::with_capacity(args.len());
    let mut opt_mode: Vec<u8> = Vec::new();
    let posix = sys::env::posixly_correct();
    let mut i = 1;
    while i < args.len() {
        let a = args[i];
        i += 1;
        if a == b"--" || (posix && !a.starts_with(b"-")) {
            // Options end here (at the first operand under POSIXLY_CORRECT).
            rest.extend_from_slice(&args[i - 1..]);
            break;
        }
        if mode_option(a) {
            let flags = a[1..].iter().take_while(|c| b"Rcfv".contains(c)).count();
            if flags > 0 {
                rest.push(&a[..1 + flags]);
            }
            if !opt_mode.is_empty() {
                opt_mode.push(b',');
            }
            opt_mode.extend_from_slice(a);
            continue;
        }
        rest.push(a);
        if a.len() > 4 && b"--reference".starts_with(a) && i < args.len() {
            rest.push(args[i]);
            i += 1;
        }
    }
    (rest.leak(), opt_mode)
}

/// The MODE: the modes given as options, else the first operand (none
/// with --reference); usage errors for a missing FILE or a MODE beside
/// --reference.
fn mode_argument(
    opt_mode: Vec<u8>,
    reference: bool,
    files: &mut Vec<&'static [u8]>,
) -> Option<Vec<u8>> {
    let mut mode: Option<Vec<u8>> = (!opt_mode.is_empty()).then_some(opt_mode);
    let mut mode_is_operand = false;
    if reference {
        if mode.is_some() {
            crate::shared::cli::usage_error(
                &SPEC,
                &[b"cannot combine mode and --reference options"],
            );
        }
    } else if mode.is_none() && !files.is_empty() {
        mode = Some(files.remove(0).to_vec());
        mode_is_operand = true;
    }
    if files.is_empty() {
        match &mode {
            Some(m) if mode_is_operand => {
                crate::shared::cli::usage_error(&SPEC, &[b"missing operand after ", &quote(m)])
            }
            _ => crate::shared::cli::missing_operand(&SPEC),
        }
    }
    mode
}

/// GNU chmod's process_file for one visit; returns whether it went well.
fn visit(w: &mut Walker, info: Info, c: &Config) -> bool {
    let mut status = Status::NoStat;
    let path = w.path();
    let complain = |msg: &[u8], e| {
        if !c.silent {
            error(&[msg, &quoteaf(path)], e);
        }
    };
    match info {
        Info::DP => return true,
        Info::NS(e) => complain(b"cannot access ", Some(e)),
        Info::ERR(e) => {
            if !c.silent {
                error(&[&quotef(path)], Some(e));
            }
        }
        Info::DNR(e) => complain(b"cannot read directory ", Some(e)),
        Info::SLNONE => complain(b"cannot operate on dangling symlink ", None),
        Info::DC if walk::cycle_warning_required(Follow::CmdLine, w.level()) => {
            crate::shared::diag::cycle_warning(path);
            return false;
        }
        _ => status = Status::NotApplied,
    }
    let st = *w.stat();
    if status == Status::NotApplied && walk::is_root(&st, c.root.as_ref()) {
        crate::shared::diag::root_warning(path);
        w.skip();
        w.next();
        return false;
    }
    let (old, mut new) = (st.mode, 0);
    if status == Status::NotApplied {
        new = mode::adjust(old, st.is_dir(), c.umask, &c.changes);
        if old & fs::S_IFMT != fs::S_IFLNK {
            match fs::chmodat(w.dirfd(), w.name(), new) {
                Ok(()) => status = Status::Succeeded,
                Err(e) => {
                    complain(b"changing permissions of ", Some(e));
                    status = Status::Failed;
                }
            }
        }
    }
    if c.verbosity != Verbosity::Quiet {
        if status == Status::Succeeded && !mode_changed(w, c, old, new) {
            status = Status::NoChangeRequested;
        }
        if status == Status::Succeeded || c.verbosity == Verbosity::All {
            describe(w.path(), old, new, status);
        }
    }
    if status >= Status::NoChangeRequested && c.surprises {
        let naive = mode::adjust(old, st.is_dir(), 0, &c.changes);
        if new & !naive != 0 {
            error(
                &[
                    &quotef(w.path()),
                    b": new permissions are ",
                    &mode::strmode(new)[1..],
                    b", not ",
                    &mode::strmode(naive)[1..],
                ],
                None,
            );
            status = Status::Failed;
        }
    }
    if !c.recurse {
        w.skip();
    }
    status >= Status::NotApplied
}

/// Did the permission bits change? Set-id and sticky bits may have been
/// dropped by the kernel: check those against the file.
fn mode_changed(w: &Walker, c: &Config, old: u32, mut new: u32) -> bool {
    if new & 0o7000 != 0 {
        match fs::statat(w.dirfd(), w.name(), true) {
            Ok(st) => new = st.mode,
            Err(e) => {
                if !c.silent {
                    error(
                        &[b"getting new attributes of ", &quoteaf(w.path())],
                        Some(e),
                    );
                }
                return false;
            }
        }
    }
    (old ^ new) & ALL != 0
}

fn octal4(v: &mut Vec<u8>, m: u32) {
    for shift in [9, 6, 3, 0] {
        v.push(b'0' + ((m >> shift) & 7) as u8);
    }
}

fn describe(path: &[u8], old: u32, new: u32, status: Status) {
    let q = quoteaf(path);
    let mut v = Vec::with_capacity(q.len() + 80);
    let triple = |v: &mut Vec<u8>, m: u32| {
        octal4(v, m & ALL);
        v.extend_from_slice(b" (");
        v.extend_from_slice(&mode::strmode(m)[1..]);
        v.push(b')');
    };
    match status {
        Status::NotApplied => {
            v.extend_from_slice(b"neither symbolic link ");
            v.extend_from_slice(&q);
            v.extend_from_slice(b" nor referent has been changed");
        }
        Status::NoStat => {
            v.extend_from_slice(&q);
            v.extend_from_slice(b" could not be accessed");
        }
        Status::NoChangeRequested => {
            v.extend_from_slice(b"mode of ");
            v.extend_from_slice(&q);
            v.extend_from_slice(b" retained as ");
            triple(&mut v, new);
        }
        Status::Succeeded | Status::Failed => {
            v.extend_from_slice(if status == Status::Failed {
                b"failed to change mode of "
            } else {
                b"mode of "
            });
            v.extend_from_slice(&q);
            v.extend_from_slice(if status == Status::Failed {
                b" from "
            } else {
                b" changed from "
            });
            triple(&mut v, old);
            v.extend_from_slice(b" to ");
            triple(&mut v, new);
        }
    }
    v.push(b'\n');
    out().write(&v);
}
