//! corebox in a directory that holds nothing else (no libc, no loader, no
//! shell, no /proc): the `FROM scratch` case, entered with chroot(8).
use crate::harness::*;
use std::process::Command;

/// Runs `chroot ROOT ARGS...` (with the qemu runner copied in, for cross
/// binaries); None when chroot is not permitted here (not root).
fn chroot(root: &std::path::Path, args: &[&str]) -> Option<std::process::Output> {
    let mut c = Command::new("chroot");
    c.arg(root);
    if let Some(r) = runner() {
        c.arg("/qemu");
        let _ = r;
    }
    c.args(args).env_clear().env("LC_ALL", "C");
    let out = c.output().ok()?;
    if String::from_utf8_lossy(&out.stderr).contains("Operation not permitted") {
        return None;
    }
    Some(out)
}

/// A directory holding only bin/corebox (and, for a cross-built binary,
/// the static qemu-user that runs it, as /qemu).
pub fn scratch_root() -> TempDir {
    let t = TempDir::new();
    let root = t.path();
    std::fs::create_dir(root.join("bin")).unwrap();
    copy_exe(&bin(), &root.join("bin/corebox"));
    if let Some(r) = runner() {
        // qemu-user-static is static too: it can run inside the root.
        let path = String::from_utf8(
            Command::new("sh")
                .arg("-c")
                .arg(format!("command -v {}", r.to_string_lossy()))
                .output()
                .unwrap()
                .stdout,
        )
        .unwrap();
        copy_exe(std::path::Path::new(path.trim()), &root.join("qemu"));
    }
    t
}

#[test]
fn runs_in_an_otherwise_empty_root() {
    let t = scratch_root();
    let root = t.path();
    // Install the links from inside the root: no /proc there, so corebox
    // finds itself through argv[0].
    let Some(out) = chroot(root, &["/bin/corebox", "--install", "-s", "/bin"]) else {
        return;
    };
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = |args: &[&str]| chroot(root, args).unwrap();
    let out = run(&["/bin/echo", "hello", "scratch"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "hello scratch\n");
    let out = run(&["/bin/uname", "-s"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "Linux\n");
    let out = run(&["/bin/head", "-c", "4", "/bin/corebox"]);
    assert_eq!(out.stdout, b"\x7fELF");
    let out = run(&["/bin/pwd"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "/\n");
    let out = run(&["/bin/basename", "/bin/cat"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "cat\n");
    let out = run(&["/bin/cat", "/nonexistent"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "/bin/cat: /nonexistent: No such file or directory\n"
    );
    let out = run(&["/bin/true"]);
    assert!(out.status.success());
    // Every applet in the list resolves to a link to corebox.
    let list = run(&["/bin/corebox", "--list"]);
    for name in String::from_utf8_lossy(&list.stdout).lines() {
        let link = std::fs::read_link(root.join("bin").join(name)).unwrap();
        assert_eq!(link, std::path::Path::new("/bin/corebox"), "{name}");
    }
    // Nothing but corebox (and its links) is in the root.
    let entries: Vec<_> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(
        entries.iter().all(|e| e == "bin" || e == "qemu"),
        "{entries:?}"
    );
    // Without /proc, cp -a and mv still keep the attributes of
    // directories (xattrs and ACLs by whole name, not /proc/self/fd).
    std::fs::create_dir_all(root.join("t/a/b")).unwrap();
    std::fs::write(root.join("t/a/b/f"), "f").unwrap();
    let out = run(&["/bin/cp", "-a", "/t", "/t2"]);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert!(out.status.success());
    assert_eq!(std::fs::read(root.join("t2/a/b/f")).unwrap(), b"f");
    let out = run(&["/bin/mv", "/t2/a", "/t3"]);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert_eq!(std::fs::read(root.join("t3/b/f")).unwrap(), b"f");
}

#[test]
fn fhs_layout_in_an_image_root() {
    let t = scratch_root();
    let root = t.path();
    let Some(out) = chroot(root, &["/bin/corebox", "--install", "-s", "--fhs", "/"]) else {
        return;
    };
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Relative links: valid inside the image and from outside it.
    assert_eq!(
        std::fs::read_link(root.join("bin/cat")).unwrap(),
        std::path::Path::new("corebox")
    );
    assert_eq!(
        std::fs::read_link(root.join("usr/bin/head")).unwrap(),
        std::path::Path::new("../../bin/corebox")
    );
    assert!(!root.join("usr/bin/cat").exists() && !root.join("bin/head").exists());
    let run = |args: &[&str]| chroot(root, args).unwrap();
    assert_eq!(
        run(&["/usr/bin/head", "-c", "4", "/bin/corebox"]).stdout,
        b"\x7fELF"
    );
    assert_eq!(
        String::from_utf8_lossy(&run(&["/bin/echo", "fhs"]).stdout),
        "fhs\n"
    );
    // Outside the image too.
    let out = program(root.join("usr/bin/basename")).arg("/a/b").run();
    out.success().stdout_is("b\n");
    // Every applet is in exactly one of the three directories.
    let list = run(&["/bin/corebox", "--list"]);
    for name in String::from_utf8_lossy(&list.stdout).lines() {
        let found = ["bin", "usr/bin", "usr/sbin"]
            .iter()
            .filter(|d| root.join(d).join(name).symlink_metadata().is_ok())
            .count();
        assert_eq!(found, 1, "{name}");
    }
}
