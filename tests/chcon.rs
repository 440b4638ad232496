//! chcon and runcon. This kernel has no SELinux: labels are plain
//! `security.selinux` xattrs (root may write them on tmpfs and ext4), and
//! runcon must refuse as GNU does. Where the file system refuses the xattr
//! (qemu-user is fine, some file systems are not), the label tests skip.

use crate::harness::*;
use crate::tree::{is_root, make, same_as_gnu_on};
use std::path::Path;

fn at(t: &TempDir, args: &[&str]) -> Output {
    ucmd("chcon").current_dir(t.path()).args(args).run()
}

/// The label of `p` (of a link itself), without the trailing NUL.
fn label(p: &Path) -> Option<Vec<u8>> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(p.as_os_str().as_bytes()).unwrap();
    let mut buf = vec![0u8; 256];
    // SAFETY: NUL-terminated strings and a buffer of the given size.
    let n = unsafe {
        lgetxattr(
            c.as_ptr(),
            c"security.selinux".as_ptr(),
            buf.as_mut_ptr(),
            buf.len(),
        )
    };
    if n < 0 {
        return None;
    }
    buf.truncate(n as usize);
    Some(buf)
}

unsafe extern "C" {
    fn lgetxattr(path: *const i8, name: *const i8, value: *mut u8, size: usize) -> isize;
    fn lsetxattr(
        path: *const i8,
        name: *const i8,
        value: *const u8,
        size: usize,
        flags: i32,
    ) -> i32;
}

fn set_label(p: &Path, v: &str) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(p.as_os_str().as_bytes()).unwrap();
    let mut val = v.as_bytes().to_vec();
    val.push(0);
    // SAFETY: NUL-terminated strings and a value of the given size.
    unsafe {
        lsetxattr(
            c.as_ptr(),
            c"security.selinux".as_ptr(),
            val.as_ptr(),
            val.len(),
            0,
        ) == 0
    }
}

/// The tree with d labeled u:r:t:s0 and the link d/l labeled u:r:lt.
fn make_labeled(t: &Path) {
    make(t);
    set_label(&t.join("d"), "u:r:t:s0");
    set_label(&t.join("d/l"), "u:r:lt");
}

/// Labels can be written here (root, a file system that takes them).
fn labels_work() -> bool {
    let t = TempDir::new();
    let f = t.write("probe", "");
    is_root() && set_label(&f, "a:b:c")
}

fn tree() -> TempDir {
    let t = TempDir::new();
    make_labeled(t.path());
    t
}

#[test]
fn usage_errors() {
    let t = TempDir::new();
    make(t.path());
    at(&t, &[])
        .code_is(1)
        .stderr_is("chcon: missing operand\nTry 'chcon --help' for more information.\n");
    at(&t, &["a:b:c"]).code_is(1).stderr_is(
        "chcon: missing operand after 'a:b:c'\nTry 'chcon --help' for more information.\n",
    );
    at(&t, &["-t", "x"])
        .code_is(1)
        .stderr_is("chcon: missing operand\nTry 'chcon --help' for more information.\n");
    at(&t, &["--dereference", "-R", "a:b:c", "d"])
        .code_is(1)
        .stderr_is("chcon: -R --dereference requires either -H or -L\n");
    at(&t, &["-R", "-h", "-L", "a:b:c", "d"])
        .code_is(1)
        .stderr_is("chcon: -R -h requires -P\n");
    at(&t, &["--reference=nonexist", "d/f"])
        .code_is(1)
        .stderr_is(
            "chcon: failed to get security context of 'nonexist': No such file or directory\n",
        );
    at(&t, &["-R", "--preserve-root", "a:b:c", "/"]).code_is(1).stderr_is(
        "chcon: it is dangerous to operate recursively on '/'\nchcon: use --no-preserve-root to override this failsafe\n",
    );
    at(&t, &["-v", "a:b:c", "nonexist"])
        .code_is(1)
        .no_stdout()
        .stderr_is("chcon: cannot access 'nonexist': No such file or directory\n");
}

#[test]
fn labels() {
    if !labels_work() {
        return;
    }
    let t = tree();
    at(&t, &["-v", "system_u:object_r:tmp_t:s0", "d/f"])
        .success()
        .stdout_is("changing security context of 'd/f'\n");
    assert_eq!(
        label(&t.join("d/f")).unwrap(),
        b"system_u:object_r:tmp_t:s0\0"
    );
    // Without SELinux nothing judges a context: GNU writes even this.
    at(&t, &["foo", "d/f"]).success();
    at(&t, &["-t", "etc_t", "d/f"])
        .code_is(1)
        .stderr_is("chcon: failed to create security context: 'foo': Invalid argument\n");
    at(&t, &["-t", "etc_t", "d/e"])
        .code_is(1)
        .stderr_is("chcon: can't apply partial context to unlabeled file 'd/e'\n");
    at(
        &t,
        &["--user=x", "--role=y", "--type=z", "--range=s1:c0 c1", "d"],
    )
    .success();
    assert_eq!(label(&t.join("d")).unwrap(), b"x:y:z:s1:c0 c1\0");
    at(&t, &["-u", "x y", "-r", "a:b", "d"]).code_is(1).stderr_is(
        "chcon: failed to set user security context component to 'x y': Invalid argument\nchcon: failed to set role security context component to 'a:b': Invalid argument\n",
    );
    at(&t, &["--reference=d", "d/e"]).success();
    assert_eq!(label(&t.join("d/e")).unwrap(), b"x:y:z:s1:c0 c1\0");
    at(&t, &["--reference=d/e/g", "d/f"])
        .code_is(1)
        .stderr_is("chcon: failed to get security context of 'd/e/g': No data available\n");
    at(&t, &["-t", "x", "--reference=d", "d/e"]).code_is(1).stderr_is(
        "chcon: conflicting security context specifiers given\nTry 'chcon --help' for more information.\n",
    );
    // Symlinks: the referent by default, the link with -h.
    at(&t, &["-v", "a:b:c", "topdang"]).code_is(1).stderr_is(
        "chcon: failed to change context of 'topdang' to 'a:b:c': No such file or directory\n",
    );
    at(&t, &["--no-dereference", "a:b:c", "topdang"]).success();
    assert_eq!(label(&t.join("topdang")).unwrap(), b"a:b:c\0");
    at(&t, &["-h", "-t", "lt2", "d/l"]).success();
    assert_eq!(label(&t.join("d/l")).unwrap(), b"u:r:lt2\0");
}

#[test]
fn recursive() {
    if !labels_work() {
        return;
    }
    let t = tree();
    // Nested failures name the entry inside its directory, as GNU does.
    at(&t, &["-R", "-t", "x", "d"])
        .code_is(1)
        .stderr_contains("chcon: can't apply partial context to unlabeled file 'g'\n");
    assert_eq!(label(&t.join("d")).unwrap(), b"u:r:x:s0\0");
    let r = at(&t, &["-Rv", "a:b:c", "d"]).success();
    assert!(r
        .stdout_str()
        .ends_with("changing security context of 'd/e'\nchanging security context of 'd'\n"));
    assert_eq!(label(&t.join("d/e/g")).unwrap(), b"a:b:c\0");
    at(&t, &["-vR", "-t", "q_t", "dl"])
        .code_is(1)
        .stdout_is("changing security context of 'dl'\n")
        .stderr_is("chcon: can't apply partial context to unlabeled file 'dl'\n");
    at(&t, &["-RH", "-t", "q_t", "dl"])
        .code_is(1)
        .stderr_is("chcon: failed to get security context of 'dang': No such file or directory\n");
    assert_eq!(label(&t.join("d/e/g")).unwrap(), b"a:b:q_t\0");
    at(&t, &["-RL", "-t", "z_t", "d"]).code_is(1).stderr_is(
        "chcon: failed to get security context of 'd/dang': No such file or directory\n",
    );
}

#[test]
fn differential() {
    if !labels_work() {
        return;
    }
    for args in [
        &["-v", "a:b:c:s0-s1:c0.c3", "d/f"][..],
        &["-t", "etc_t", "d"],
        &["-u", "user_u", "-r", "role_r", "-l", "s1", "d"],
        &["-R", "-v", "a:b:c:d", "d"],
        &["-R", "-t", "x", "d"],
        &["-vRL", "-t", "z_t", "d"],
        &["-vRH", "-t", "q_t", "dl"],
        &["-vRP", "a:b:c", "dl"],
        &["-hv", "a:b:c", "topdang", "d/l"],
        &["--reference=d/l", "-v", "d/e"],
        &["-r", "", "d"],
        &["a:b", "d/f"],
        &[
            "-RH",
            "--preserve-root",
            "-v",
            "a:b:c",
            "dl/../../../../../../../..",
        ],
    ] {
        same_as_gnu_on("chcon", args, make_labeled);
    }
}

fn runcon(args: &[&str]) -> Output {
    ucmd("runcon").args(args).run()
}

fn selinux_kernel() -> bool {
    Path::new("/sys/fs/selinux/context").exists()
}

#[test]
fn runcon_without_selinux() {
    if selinux_kernel() {
        return;
    }
    runcon(&["a:b:c", "true"])
        .code_is(1)
        .stderr_is("runcon: runcon may be used only on a SELinux kernel\n");
    runcon(&["-t", "x", "true"])
        .code_is(1)
        .stderr_is("runcon: runcon may be used only on a SELinux kernel\n");
    runcon(&["-c", "--", "true"])
        .code_is(1)
        .stderr_is("runcon: runcon may be used only on a SELinux kernel\n");
    for args in [
        &[][..],
        &["-c"],
        &["-t", "x"],
        &["a:b:c", "nonexistcmd"],
        &["--", "-t", "x"],
    ] {
        same_as_gnu("runcon", args, None, None);
    }
}

#[test]
fn runcon_usage() {
    runcon(&["a:b:c"])
        .code_is(1)
        .stderr_is("runcon: no command specified\nTry 'runcon --help' for more information.\n");
    runcon(&["-r", "a", "-r", "b", "true"])
        .code_is(1)
        .stderr_is("runcon: multiple roles\n");
    runcon(&["-t", "a", "--type=b", "x"])
        .code_is(1)
        .stderr_is("runcon: multiple types\n");
    runcon(&["-u", "a", "-u", "b", "x"])
        .code_is(1)
        .stderr_is("runcon: multiple users\n");
    runcon(&["-l", "a", "-l", "b", "x"])
        .code_is(1)
        .stderr_is("runcon: multiple levelranges\n");
    runcon(&["-t"]).code_is(1).stderr_is(
        "runcon: option requires an argument -- 't'\nTry 'runcon --help' for more information.\n",
    );
    runcon(&["--bad"]).code_is(1).stderr_is(
        "runcon: unrecognized option '--bad'\nTry 'runcon --help' for more information.\n",
    );
}

#[test]
fn option_table_order_as_gnu() {
    // getopt lists ambiguous candidates in the order of GNU's long_options.
    ucmd("chcon").args(&["--r", "x"]).run().code_is(1).stderr_is(
        "chcon: option '--r' is ambiguous; possibilities: '--recursive' '--reference' '--role' '--range'\nTry 'chcon --help' for more information.\n",
    );
    runcon(&["--r", "x"]).code_is(1).stderr_is(
        "runcon: option '--r' is ambiguous; possibilities: '--role' '--range'\nTry 'runcon --help' for more information.\n",
    );
    for applet in ["chmod", "chown", "chgrp"] {
        ucmd(applet).args(&["--re=x", "y"]).run().code_is(1).stderr_is(format!(
            "{applet}: option '--re=x' is ambiguous; possibilities: '--recursive' '--reference'\nTry '{applet} --help' for more information.\n"
        ));
    }
    ucmd("chown").args(&["--no-", "y"]).run().code_is(1).stderr_is(
        "chown: option '--no-' is ambiguous; possibilities: '--no-dereference' '--no-preserve-root'\nTry 'chown --help' for more information.\n",
    );
}
