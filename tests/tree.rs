//! Helpers for the attribute-changing applets (chmod, chown, chgrp, chcon):
//! a small tree to work on, a listing of its attributes, and side-by-side
//! runs of GNU and corebox on two identical copies.

use crate::harness::*;
use std::os::unix::fs::{symlink, MetadataExt};
use std::path::Path;

/// d/ with e/g, f, a symlink l -> f, a dangling symlink, and at the top a
/// dangling symlink and dl -> d.
pub fn make(t: &Path) {
    std::fs::create_dir_all(t.join("d/e")).unwrap();
    std::fs::write(t.join("d/f"), "x").unwrap();
    std::fs::write(t.join("d/e/g"), "y").unwrap();
    symlink("f", t.join("d/l")).unwrap();
    symlink("nowhere", t.join("d/dang")).unwrap();
    symlink("nowhere", t.join("topdang")).unwrap();
    symlink("d", t.join("dl")).unwrap();
    for p in ["d", "d/e"] {
        set_mode(&t.join(p), 0o755);
    }
    for p in ["d/f", "d/e/g"] {
        set_mode(&t.join(p), 0o644);
    }
}

pub fn set_mode(p: &Path, m: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap();
}

pub fn mode(p: &Path) -> u32 {
    std::fs::symlink_metadata(p).unwrap().mode() & 0o7777
}

/// `path mode uid gid` of every file under `t`, sorted.
pub fn listing(t: &Path) -> Vec<String> {
    let mut v = Vec::new();
    let mut stack = vec![t.to_path_buf()];
    while let Some(p) = stack.pop() {
        let m = std::fs::symlink_metadata(&p).unwrap();
        let rel = p.strip_prefix(t).unwrap().display().to_string();
        v.push(format!("{rel} {:o} {} {}", m.mode(), m.uid(), m.gid()));
        if m.is_dir() {
            for e in std::fs::read_dir(&p).unwrap() {
                stack.push(e.unwrap().path());
            }
        }
    }
    v.sort();
    v
}

/// Runs GNU's `applet` and ours with `args` in two fresh copies of the
/// tree made by `mk`; their output, status and resulting trees must agree.
pub fn same_as_gnu_on(applet: &str, args: &[&str], mk: fn(&Path)) {
    if !have_gnu(applet) {
        return;
    }
    let (a, b) = (TempDir::new(), TempDir::new());
    mk(a.path());
    mk(b.path());
    let theirs = gnu(applet).args(args).current_dir(a.path()).run();
    let ours = ucmd(applet).args(args).current_dir(b.path()).run();
    ours.same_as(&theirs);
    assert_eq!(listing(b.path()), listing(a.path()), "{applet} {args:?}");
}

/// Root (uid 0) runs the tests: chown and friends need it.
#[allow(dead_code)]
pub fn is_root() -> bool {
    std::fs::metadata("/proc/self")
        .map(|m| m.uid())
        .unwrap_or(1)
        == 0
}
