// corebox applet
// name: rmdir
// usage: [OPTION]... DIRECTORY...
// option: --ignore-fail-on-non-empty
// option: -p, --path, --parents
// option: -v, --verbose
// help:
// Remove the DIRECTORY(ies), if they are empty.
//
//       --ignore-fail-on-non-empty
//                     ignore each failure that is solely because a directory
//                     is non-empty
//
//   -p, --parents     remove DIRECTORY and its ancestors; e.g., 'rmdir -p a/b/c'
//                     is similar to 'rmdir a/b/c a/b a'
//
//   -v, --verbose     output a diagnostic for every directory processed
//       --help        display this help and exit
//       --version     output version information and exit

//! rmdir: GNU rmdir.c. `--ignore-fail-on-non-empty` ignores ENOTEMPTY and
//! EEXIST, and EACCES, EPERM, EROFS or EBUSY on a directory that can be
//! read and has entries; a trailing slash on a symlink to a directory
//! gets GNU's "Symbolic link not followed".

use super::{opt, SPEC};
use crate::shared::diag::{prog_line, quoteaf};
use sys::fs;
use sys::io::{error, Fd};
use sys::Errno;

struct Config {
    ignore_non_empty: bool,
    verbose: bool,
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    let mut parents = false;
    let mut c = Config {
        ignore_non_empty: false,
        verbose: false,
    };
    while let Some(o) = opts.next() {
        match o.key {
            'p' => parents = true,
            'v' => c.verbose = true,
            opt::IGNORE_FAIL_ON_NON_EMPTY => c.ignore_non_empty = true,
            _ => {}
        }
    }
    let dirs = opts.operands();
    if dirs.is_empty() {
        crate::shared::cli::missing_operand(&SPEC);
    }
    let mut ok = true;
    for d in dirs {
        ok &= remove(d, parents, &c);
    }
    i32::from(!ok)
}

#[cfg_attr(corebox_opt, optimize(size))]
fn remove(dir: &[u8], parents: bool, c: &Config) -> bool {
    if c.verbose {
        prog_line(&[b"removing directory, ", &quoteaf(dir)]);
    }
    match fs::rmdir(dir) {
        Ok(()) => !parents || remove_parents(dir, c),
        Err(e) if ignorable(e, dir, c) => true,
        Err(e) => {
            if e != Errno::NOTDIR || !symlink_with_slash(dir) {
                error(&[b"failed to remove ", &quoteaf(dir)], Some(e));
            }
            false
        }
    }
}

/// ENOTDIR for `NAME/` where NAME is a symlink to a directory (Linux's
/// rmdir does not follow it): says so, and returns true.
#[cfg_attr(corebox_opt, optimize(size))]
fn symlink_with_slash(dir: &[u8]) -> bool {
    if dir.last() != Some(&b'/') {
        return false;
    }
    match fs::stat(dir) {
        Err(Errno::NOTDIR) => return false,
        Ok(st) if !st.is_dir() => return false,
        _ => {}
    }
    let bare = logic::path::strip_trailing_slashes(dir);
    if !fs::lstat(bare).is_ok_and(|st| st.mode & fs::S_IFMT == fs::S_IFLNK) {
        return false;
    }
    error(
        &[
            b"failed to remove ",
            &quoteaf(dir),
            b": Symbolic link not followed",
        ],
        None,
    );
    true
}

#[cfg_attr(corebox_opt, optimize(size))]
fn ignorable(e: Errno, dir: &[u8], c: &Config) -> bool {
    c.ignore_non_empty
        && (e == Errno::NOTEMPTY
            || e == Errno::EXIST
            || ([Errno::ACCES, Errno::PERM, Errno::ROFS, Errno::BUSY].contains(&e)
                && fs::is_empty_dir(Fd::CWD, dir) == Ok(false)))
}

/// `-p`: removes the ancestors of `dir`, right to left, up to the first
/// failure.
#[cfg_attr(corebox_opt, optimize(size))]
fn remove_parents(dir: &[u8], c: &Config) -> bool {
    let mut d = logic::path::strip_trailing_slashes(dir);
    while let Some(slash) = d.iter().rposition(|&b| b == b'/') {
        let end = d[..slash]
            .iter()
            .rposition(|&b| b != b'/')
            .map_or(1, |i| i + 1);
        d = &d[..end];
        if c.verbose {
            prog_line(&[b"removing directory, ", &quoteaf(d)]);
        }
        if let Err(e) = fs::rmdir(d) {
            if ignorable(e, d, c) {
                return true;
            }
            let what: &[u8] = if e == Errno::NOTDIR {
                b"failed to remove "
            } else {
                b"failed to remove directory "
            };
            error(&[what, &quoteaf(d)], Some(e));
            return false;
        }
    }
    true
}
