//! `corebox --install [-s] [-f] [--fhs] DIR`: a link per applet in DIR, or
//! with `--fhs`, in DIR/bin, DIR/usr/bin and DIR/usr/sbin where Debian's
//! coreutils package puts each program (DIR is then the root of an image).

use super::diag::die;
use crate::names;
use alloc::vec::Vec;
use logic::quote;
use sys::fs::{self, Stat};
use sys::io::error;
use sys::Errno;

/// The path of this executable: /proc/self/exe, else argv[0] when it holds
/// a slash (a chroot without /proc).
#[cfg_attr(corebox_opt, optimize(size))]
fn self_path() -> Option<Vec<u8>> {
    if let Ok(p) = fs::readlink(b"/proc/self/exe") {
        return Some(p);
    }
    let argv0 = sys::rt::args().first().copied()?;
    if !argv0.contains(&b'/') {
        return None;
    }
    if argv0[0] == b'/' {
        return Some(argv0.into());
    }
    let mut p = fs::getcwd().ok()?;
    p.push(b'/');
    p.extend_from_slice(argv0);
    Some(p)
}

/// The programs Debian's coreutils installs in /bin (its layout before
/// the /usr merge); `chroot` goes to /usr/sbin and the rest to /usr/bin.
const IN_BIN: &[&[u8]] = &[
    b"cat",
    b"chgrp",
    b"chmod",
    b"chown",
    b"cp",
    b"date",
    b"dd",
    b"df",
    b"dir",
    b"echo",
    b"false",
    b"ln",
    b"ls",
    b"mkdir",
    b"mknod",
    b"mktemp",
    b"mv",
    b"pwd",
    b"readlink",
    b"rm",
    b"rmdir",
    b"sleep",
    b"stty",
    b"sync",
    b"touch",
    b"true",
    b"uname",
    b"vdir",
];

/// The directory (under the image root) of applet `name` in FHS layout.
#[cfg_attr(corebox_opt, optimize(size))]
fn fhs_dir(name: &[u8]) -> &'static [u8] {
    if IN_BIN.contains(&name) {
        b"bin"
    } else if name == b"chroot" {
        b"usr/sbin"
    } else {
        b"usr/bin"
    }
}

#[cfg_attr(corebox_opt, optimize(size))]
fn join(dir: &[u8], name: &[u8]) -> Vec<u8> {
    let mut p = Vec::from(dir);
    if !p.ends_with(b"/") {
        p.push(b'/');
    }
    p.extend_from_slice(name);
    p
}

const USAGE: &[u8] = b"usage: corebox --install [-s] [-f] [--fhs] DIR";

/// What `--install` was asked to do.
struct Install<'a> {
    /// -s: symbolic links.
    symbolic: bool,
    /// -f: replace files that are not this binary.
    force: bool,
    /// --fhs: DIR is an image root, applets go where Debian puts them.
    fhs: bool,
    dir: &'a [u8],
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn install(args: &[&[u8]]) -> i32 {
    let Some(how) = parse(args) else {
        die(&[USAGE], None);
    };
    let dir = how.dir;
    if let Err(e) = fs::stat(dir).and_then(|st| {
        if st.is_dir() {
            Ok(())
        } else {
            Err(Errno::NOTDIR)
        }
    }) {
        die(&[&quote::shell_always(dir, false)], Some(e));
    }
    let Some(exe) = self_path() else {
        die(
            &[b"cannot find the corebox executable (is /proc mounted?)"],
            None,
        );
    };
    let me = fs::stat(&exe).unwrap_or_else(|e| die(&[&quote::shell(&exe, false)], Some(e)));
    // In an image whose /bin/corebox is this binary, links are relative
    // (valid both inside the image and from outside).
    let in_image = how.fhs && fs::stat(&join(dir, b"bin/corebox")).is_ok_and(|s| s.same_file(&me));
    if how.fhs {
        make_fhs_dirs(dir);
    }
    let mut status = 0;
    for name in names() {
        if !how.link(name, &exe, &me, in_image) {
            status = 1;
        }
    }
    status
}

/// `[-s] [-f] [--fhs] DIR`, or None for a usage error.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse<'a>(args: &[&'a [u8]]) -> Option<Install<'a>> {
    let (mut symbolic, mut force, mut fhs, mut dir) = (false, false, false, None);
    for &a in args {
        match a {
            b"-s" => symbolic = true,
            b"-f" => force = true,
            b"-sf" | b"-fs" => (symbolic, force) = (true, true),
            b"--fhs" => fhs = true,
            d if dir.is_none() && !d.starts_with(b"-") => dir = Some(d),
            _ => return None,
        }
    }
    Some(Install {
        symbolic,
        force,
        fhs,
        dir: dir?,
    })
}

/// The directories of the FHS layout under the image root `dir`.
#[cfg_attr(corebox_opt, optimize(size))]
fn make_fhs_dirs(dir: &[u8]) {
    for sub in [&b"bin"[..], b"usr", b"usr/bin", b"usr/sbin"] {
        let d = join(dir, sub);
        match fs::mkdir(&d, 0o755) {
            Ok(()) | Err(Errno::EXIST) => {}
            Err(e) => die(
                &[b"cannot create directory ", &quote::shell_always(&d, false)],
                Some(e),
            ),
        }
    }
}

impl Install<'_> {
    /// Links applet `name` to this binary (`exe`, whose stat is `me`),
    /// replacing what is there when it may; false after an error
    /// (reported).
    #[cfg_attr(corebox_opt, optimize(size))]
    fn link(&self, name: &[u8], exe: &[u8], me: &Stat, in_image: bool) -> bool {
        let sub: &[u8] = if self.fhs { fhs_dir(name) } else { b"" };
        let dest = join(&join(self.dir, sub), name);
        let target: &[u8] = match (in_image, sub) {
            (true, b"bin") => b"corebox",
            (true, _) => b"../../bin/corebox",
            (false, _) => exe,
        };
        if dest == join(self.dir, b"bin/corebox") {
            return true;
        }
        if let Ok(st) = fs::lstat(&dest) {
            let ours = fs::stat(&dest).is_ok_and(|t| t.same_file(me));
            if st.same_file(me) && !self.symbolic {
                return true;
            }
            if !ours && !self.force {
                error(&[&quote::shell(&dest, false)], Some(Errno::EXIST));
                return false;
            }
            if let Err(e) = fs::unlink(&dest) {
                error(
                    &[b"cannot remove ", &quote::shell_always(&dest, false)],
                    Some(e),
                );
                return false;
            }
        }
        let r = if self.symbolic {
            fs::symlink(target, &dest)
        } else {
            fs::link(exe, &dest)
        };
        if let Err(e) = r {
            error(
                &[b"cannot link ", &quote::shell_always(&dest, false)],
                Some(e),
            );
            return false;
        }
        true
    }
}
