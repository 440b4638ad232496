//! chroot: into a root holding only corebox, credentials, errors.
use crate::harness::*;

fn c(args: &[&str]) -> Output {
    ucmd("chroot").args(args).env("LC_ALL", "C").run()
}

/// `chroot ROOT corebox ARGS...` into a root with only corebox in it.
fn inside(opts: &[&str], args: &[&str]) -> Option<Output> {
    if !crate::tree::is_root() {
        return None;
    }
    let root = crate::scratch::scratch_root();
    let mut a: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
    a.push(root.path().to_string_lossy().into_owned());
    if runner().is_some() {
        a.push("/qemu".into());
    }
    a.push("/bin/corebox".into());
    a.extend(args.iter().map(|s| s.to_string()));
    let out = ucmd("chroot").args(&a).env("LC_ALL", "C").run();
    drop(root);
    Some(out)
}

#[test]
fn runs_in_the_new_root() {
    let Some(o) = inside(&[], &["pwd"]) else {
        return;
    };
    o.code_is(0).stdout_is("/\n");
    // No databases inside: the ids looked up outside are kept.
    inside(&["--userspec=65534:65534"], &["id"])
        .unwrap()
        .stdout_is("uid=65534 gid=65534 groups=65534\n");
    inside(&["--userspec=1:2", "--groups=3,+4"], &["id"])
        .unwrap()
        .stdout_is("uid=1 gid=2 groups=2,3,4\n");
    inside(&["--groups=nosuchgroup"], &["true"])
        .unwrap()
        .code_is(125)
        .stderr_is("chroot: invalid group 'nosuchgroup'\n");
    inside(&["--userspec=12345"], &["true"])
        .unwrap()
        .code_is(125)
        .stderr_is("chroot: no group specified for unknown uid: 12345\n");
}

#[test]
fn errors() {
    c(&[])
        .code_is(125)
        .stderr_is("chroot: missing operand\nTry 'chroot --help' for more information.\n");
    c(&["/nonexistent", "true"]).code_is(125).stderr_is(
        "chroot: cannot change root directory to '/nonexistent': No such file or directory\n",
    );
    c(&["--skip-chdir", "/tmp", "true"]).code_is(125).stderr_is(
        "chroot: option --skip-chdir only permitted if NEWROOT is old '/'\nTry 'chroot --help' for more information.\n",
    );
    if crate::tree::is_root() {
        c(&["/", "nonexistent-cmd"]).code_is(127).stderr_is(
            "chroot: failed to run command 'nonexistent-cmd': No such file or directory\n",
        );
        c(&["--skip-chdir", "/", "sh", "-c", "exit 4"]).code_is(4);
        c(&["--userspec=nosuchuser", "/", "true"])
            .code_is(125)
            .stderr_is("chroot: invalid user\n");
    }
}

#[test]
fn differential() {
    if !crate::tree::is_root() || !std::path::Path::new("/usr/sbin/chroot").exists() {
        return;
    }
    for args in [
        &["--groups=0,1,+2,daemon", "/", "id", "-G"][..],
        &["--userspec=nobody", "/", "id"],
        &["--userspec=nobody:", "/", "id"],
        &["--userspec=nobody", "--groups=0", "/", "id"],
        &["--userspec=:daemon", "/", "id"],
        &["--userspec=root.daemon", "/", "id"],
        &["--groups=,", "/", "true"],
        &["/", "/etc/passwd"],
    ] {
        let theirs = host("/usr/sbin/chroot").args(args).env("LC_ALL", "C").run();
        let mut ours = c(args);
        ours.stderr = String::from_utf8_lossy(&ours.stderr)
            .replace("chroot:", "/usr/sbin/chroot:")
            .into_bytes();
        ours.same_as(&theirs);
    }
}
