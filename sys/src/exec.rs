//! execvp without libc: PATH search as glibc does it (default PATH
//! `/bin:/usr/bin`, EACCES remembered, ENOEXEC scripts run by /bin/sh).

use crate::errno::Errno;
use alloc::vec::Vec;

#[cfg_attr(corebox_opt, optimize(size))]
fn cstr(v: &[u8]) -> Vec<u8> {
    let mut c = Vec::with_capacity(v.len() + 1);
    c.extend_from_slice(v);
    c.push(0);
    c
}

#[cfg_attr(corebox_opt, optimize(size))]
fn try_exec(path: &[u8], argv: &[Vec<u8>], envp: *const *const u8) -> Errno {
    let p = cstr(path);
    let Ok(path_c) = core::ffi::CStr::from_bytes_with_nul(&p) else {
        return Errno::NOENT;
    };
    let mut ptrs: Vec<*const u8> = argv.iter().map(|a| a.as_ptr()).collect();
    ptrs.push(core::ptr::null());
    // SAFETY: every pointer is a NUL-terminated string that lives until
    // execve returns (it returns only on failure), the array ends with
    // NULL, and envp is the process's own environment block or one built
    // the same way by execvpe.
    let e = unsafe { crate::rt::kernel::execve(path_c, ptrs.as_ptr(), envp) };
    if e == rustix::io::Errno::NOEXEC {
        // A script without #!: glibc hands it to the shell.
        let mut sh: Vec<Vec<u8>> = alloc::vec![cstr(b"/bin/sh"), p.clone()];
        sh.extend(argv.iter().skip(1).cloned());
        let mut ptrs: Vec<*const u8> = sh.iter().map(|a| a.as_ptr()).collect();
        ptrs.push(core::ptr::null());
        // SAFETY: as above.
        let _ = unsafe { crate::rt::kernel::execve(c"/bin/sh", ptrs.as_ptr(), envp) };
        return Errno(8); // ENOEXEC
    }
    Errno::from(e)
}

/// Replaces this process with `args[0]` (searched in PATH unless it has a
/// slash); returns the error when that is impossible.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn execvp(args: &[&[u8]]) -> Errno {
    let path = crate::env::var(b"PATH");
    run(args, path, crate::rt::envp())
}

/// [`execvp`] with the environment `env` (`NAME=VALUE` entries) instead of
/// the process's own: its PATH is searched, as after glibc's putenv.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn execvpe(args: &[&[u8]], env: &[&[u8]]) -> Errno {
    let path = env.iter().find_map(|e| e.strip_prefix(b"PATH="));
    let strings: Vec<Vec<u8>> = env.iter().map(|e| cstr(e)).collect();
    let mut ptrs: Vec<*const u8> = strings.iter().map(|e| e.as_ptr()).collect();
    ptrs.push(core::ptr::null());
    run(args, path, ptrs.as_ptr())
}

/// execve(2) of `path` (no PATH search, as execl does) with `args`
/// (argv[0] first) and the environment `env` (`NAME=VALUE` entries).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn execve(path: &[u8], args: &[&[u8]], env: &[&[u8]]) -> Errno {
    let argv: Vec<Vec<u8>> = args.iter().map(|a| cstr(a)).collect();
    let strings: Vec<Vec<u8>> = env.iter().map(|e| cstr(e)).collect();
    let mut ptrs: Vec<*const u8> = strings.iter().map(|e| e.as_ptr()).collect();
    ptrs.push(core::ptr::null());
    try_exec(path, &argv, ptrs.as_ptr())
}

#[cfg_attr(corebox_opt, optimize(size))]
fn run(args: &[&[u8]], path: Option<&[u8]>, envp: *const *const u8) -> Errno {
    let Some(&cmd) = args.first() else {
        return Errno::NOENT;
    };
    let argv: Vec<Vec<u8>> = args.iter().map(|a| cstr(a)).collect();
    if cmd.is_empty() {
        return Errno::NOENT;
    }
    if cmd.contains(&b'/') {
        return try_exec(cmd, &argv, envp);
    }
    let path = path.unwrap_or(b"/bin:/usr/bin");
    let mut seen_eacces = false;
    let mut last = Errno::NOENT;
    for dir in path.split(|&b| b == b':') {
        let mut full = Vec::with_capacity(dir.len() + cmd.len() + 1);
        full.extend_from_slice(if dir.is_empty() { b"." } else { dir });
        full.push(b'/');
        full.extend_from_slice(cmd);
        let e = try_exec(&full, &argv, envp);
        match e {
            Errno::ACCES => seen_eacces = true,
            Errno::NOENT | Errno::NOTDIR => {}
            Errno(19) | Errno(116) | Errno(110) => {} // ENODEV, ESTALE, ETIMEDOUT
            _ => return e,
        }
        last = e;
    }
    if seen_eacces {
        Errno::ACCES
    } else {
        last
    }
}

/// The file execvp would run for `cmd` (searched in PATH unless it has a
/// slash): the first executable regular file on the way, if any.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn which(cmd: &[u8]) -> Option<Vec<u8>> {
    if cmd.is_empty() {
        return None;
    }
    if cmd.contains(&b'/') {
        return Some(cmd.to_vec());
    }
    let path = crate::env::var(b"PATH").unwrap_or(b"/bin:/usr/bin");
    path.split(|&b| b == b':').find_map(|dir| {
        let mut full = Vec::with_capacity(dir.len() + cmd.len() + 1);
        full.extend_from_slice(if dir.is_empty() { b"." } else { dir });
        full.push(b'/');
        full.extend_from_slice(cmd);
        let ok = crate::fs::access(&full, crate::fs::X_OK)
            && crate::fs::stat(&full).is_ok_and(|s| s.is_reg());
        ok.then_some(full)
    })
}
