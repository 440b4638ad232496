// corebox applet
// name: pwd
// usage: [OPTION]...
// option: -L, --logical
// option: -P, --physical
// help:
// Print the full filename of the current working directory.
//
//   -L, --logical   use PWD from environment, even if it contains symlinks
//   -P, --physical  avoid all symlinks
//       --help        display this help and exit
//       --version     output version information and exit
//
// If no option is specified, -P is assumed.
//
// NOTE: your shell may have its own version of pwd, which usually supersedes
// the version described here.  Please refer to your shell's documentation
// for details about the options it supports.

use super::SPEC;
use crate::shared::diag::{die, quote, quoteaf};
use alloc::vec::Vec;
use sys::fs::Stat;
use sys::io::Fd;

/// $PWD if it names the current directory absolutely, without `.` or `..`
/// components (what `pwd -L` may print).
#[cfg_attr(corebox_opt, optimize(size))]
fn logical() -> Option<&'static [u8]> {
    let pwd = sys::env::var(b"PWD")?;
    if !pwd.starts_with(b"/") || pwd.split(|&c| c == b'/').any(|c| c == b"." || c == b"..") {
        return None;
    }
    let (a, b) = (sys::fs::stat(pwd).ok()?, sys::fs::stat(b".").ok()?);
    a.same_file(&b).then_some(pwd)
}

/// `..` repeated `n` times, as GNU's messages name the directories
/// walked up to.
#[cfg_attr(corebox_opt, optimize(size))]
fn nth_parent(n: usize) -> Vec<u8> {
    let mut p = b"..".repeat(n.max(1));
    for i in 1..n {
        p.insert(i * 3 - 1, b'/');
    }
    p
}

/// The name of the directory `dir` (whose stat is `st`) in `parent`:
/// the entry with the same device and inode.
#[cfg_attr(corebox_opt, optimize(size))]
fn name_in(parent: Fd, st: &Stat) -> Option<Vec<u8>> {
    let mut found = None;
    sys::dir::for_each_name(parent, |name| {
        if found.is_none() && name != b"." && name != b".." {
            let same = sys::fs::statat(parent, name, false).is_ok_and(|s| s.same_file(st));
            if same {
                found = Some(name.to_vec());
            }
        }
    })
    .ok()?;
    found
}

/// GNU pwd's robust_getcwd, for when getcwd fails (a directory deeper
/// than PATH_MAX): the name built by walking `..` up to `/`, each step
/// finding the entry of the directory below by device and inode.
#[cfg_attr(corebox_opt, optimize(size))]
fn walk_up() -> Vec<u8> {
    let root = crate::shared::diag::root_dev_ino();
    let mut dir = sys::fs::open_dir_at(Fd::CWD, b".", true)
        .unwrap_or_else(|e| die(&[b"failed to stat ", &quoteaf(b".")], Some(e)));
    let mut st = sys::fs::fstat(dir.fd())
        .unwrap_or_else(|e| die(&[b"failed to stat ", &quoteaf(b".")], Some(e)));
    let mut names: Vec<Vec<u8>> = Vec::new();
    while !st.same_file(&root) {
        let up = nth_parent(names.len() + 1);
        let parent = sys::fs::open_dir_at(dir.fd(), b"..", true)
            .unwrap_or_else(|e| die(&[b"cannot open directory ", &quote(&up)], Some(e)));
        let parent_st = sys::fs::fstat(parent.fd())
            .unwrap_or_else(|e| die(&[b"failed to stat ", &quote(&up)], Some(e)));
        let Some(name) = name_in(parent.fd(), &st) else {
            die(
                &[
                    b"couldn't find directory entry in ",
                    &quote(&up),
                    b" with matching i-node",
                ],
                None,
            )
        };
        names.push(name);
        (dir, st) = (parent, parent_st);
    }
    let mut path = Vec::new();
    for n in names.iter().rev() {
        path.push(b'/');
        path.extend_from_slice(n);
    }
    if path.is_empty() {
        path.push(b'/');
    }
    path
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut use_logical = sys::env::posixly_correct();
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        use_logical = o.key == 'L';
    }
    if !opts.operands().is_empty() {
        sys::io::error(&[b"ignoring non-option arguments"], None);
    }
    if use_logical {
        if let Some(p) = logical() {
            sys::out().write(p);
            sys::out().byte(b'\n');
            return 0;
        }
    }
    match sys::fs::getcwd() {
        Ok(p) => {
            sys::out().write(&p);
            sys::out().byte(b'\n');
            0
        }
        Err(_) => {
            sys::out().write(&walk_up());
            sys::out().byte(b'\n');
            0
        }
    }
}
