//! `corebox --install [-s] [-f] DIR`: a link per applet in DIR.

use super::APPLETS;
use alloc::vec::Vec;
use corebox_core::quote;
use sys::fs;
use sys::io::error;
use sys::Errno;

/// The path of this executable: /proc/self/exe, else argv[0] when it holds
/// a slash (a chroot without /proc).
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

pub fn run(args: &[&[u8]]) -> i32 {
    let (mut symbolic, mut force, mut dir) = (false, false, None);
    for &a in args {
        match a {
            b"-s" => symbolic = true,
            b"-f" => force = true,
            b"-sf" | b"-fs" => (symbolic, force) = (true, true),
            d if dir.is_none() && !d.starts_with(b"-") => dir = Some(d),
            _ => {
                error(&[b"usage: corebox --install [-s] [-f] DIR"], None);
                return 1;
            }
        }
    }
    let Some(dir) = dir else {
        error(&[b"usage: corebox --install [-s] [-f] DIR"], None);
        return 1;
    };
    match fs::stat(dir) {
        Ok(st) if st.is_dir() => {}
        Ok(_) => {
            error(&[&quote::shell_always(dir, false)], Some(Errno::NOTDIR));
            return 1;
        }
        Err(e) => {
            error(&[&quote::shell_always(dir, false)], Some(e));
            return 1;
        }
    }
    let Some(exe) = self_path() else {
        error(
            &[b"cannot find the corebox executable (is /proc mounted?)"],
            None,
        );
        return 1;
    };
    let me = match fs::stat(&exe) {
        Ok(s) => s,
        Err(e) => {
            error(&[&quote::shell(&exe, false)], Some(e));
            return 1;
        }
    };
    let mut status = 0;
    for (name, _) in APPLETS {
        let mut dest = Vec::from(dir);
        if !dest.ends_with(b"/") {
            dest.push(b'/');
        }
        dest.extend_from_slice(name.as_bytes());
        if let Ok(st) = fs::lstat(&dest) {
            let ours = fs::stat(&dest).is_ok_and(|t| t.same_file(&me));
            if st.same_file(&me) && !symbolic {
                continue;
            }
            if !ours && !force {
                error(&[&quote::shell(&dest, false)], Some(Errno::EXIST));
                status = 1;
                continue;
            }
            if let Err(e) = fs::unlink(&dest) {
                error(
                    &[b"cannot remove ", &quote::shell_always(&dest, false)],
                    Some(e),
                );
                status = 1;
                continue;
            }
        }
        let r = if symbolic {
            fs::symlink(&exe, &dest)
        } else {
            fs::link(&exe, &dest)
        };
        if let Err(e) = r {
            error(
                &[b"cannot link ", &quote::shell_always(&dest, false)],
                Some(e),
            );
            status = 1;
        }
    }
    status
}
