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

/// Runs `applet args` in `dir` as the user and group nobody (65534), with
/// corebox (`gnu` false) or GNU's program; None when setpriv is missing
/// or the tests do not run as root.
#[allow(dead_code)]
pub fn as_nobody(gnu: bool, applet: &str, args: &[&str], dir: &Path) -> Option<Output> {
    if !is_root() || !Path::new("/usr/bin/setpriv").exists() {
        return None;
    }
    let mut c =
        host("/usr/bin/setpriv").args(&["--reuid=65534", "--regid=65534", "--clear-groups"]);
    if gnu {
        c = c.arg(format!("/usr/bin/{applet}"));
    } else {
        c = c.args(&corebox_argv()).arg(applet);
    }
    Some(c.args(args).current_dir(dir).run())
}

/// A tree nobody may partly change: d (0777, nobody) holds f (root's) and
/// sub (nobody's, 0000 or `sub_mode`) holding g.
#[allow(dead_code)]
pub fn make_for_nobody(t: &Path, sub_mode: u32) {
    use std::os::unix::fs::chown;
    std::fs::create_dir_all(t.join("d/sub")).unwrap();
    std::fs::write(t.join("d/f"), "").unwrap();
    std::fs::write(t.join("d/sub/g"), "").unwrap();
    for p in ["", "d", "d/sub", "d/sub/g"] {
        chown(t.join(p), Some(65534), Some(65534)).unwrap();
    }
    set_mode(t, 0o755);
    set_mode(&t.join("d"), 0o777);
    set_mode(&t.join("d/f"), 0o644);
    set_mode(&t.join("d/sub"), sub_mode);
}

/// d/s/up -> .. and d/s/x/top -> ../.. (loops under -L), dl -> d.
#[allow(dead_code)]
pub fn make_loops(t: &Path) {
    std::fs::create_dir_all(t.join("d/s/x")).unwrap();
    std::fs::write(t.join("d/s/x/f"), "").unwrap();
    symlink("..", t.join("d/s/up")).unwrap();
    symlink("../..", t.join("d/s/x/top")).unwrap();
    symlink("d", t.join("dl")).unwrap();
    for p in ["d", "d/s", "d/s/x"] {
        set_mode(&t.join(p), 0o755);
    }
    set_mode(&t.join("d/s/x/f"), 0o644);
}
