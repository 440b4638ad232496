use crate::harness::*;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

fn mode(p: &Path) -> u32 {
    std::fs::symlink_metadata(p).unwrap().permissions().mode() & 0o7777
}

#[test]
fn mkdir_makes_directories() {
    let t = TempDir::new();
    let m = |args: &[&str]| ucmd("mkdir").current_dir(t.path()).args(args).run();
    m(&["a", "b"]).success().no_stdout().no_stderr();
    assert!(t.join("a").is_dir() && t.join("b").is_dir());
    m(&["-pv", "x/./y/../z//w/"])
        .success()
        .stdout_is("mkdir: created directory 'x'\nmkdir: created directory 'x/./y'\nmkdir: created directory 'x/./y/../z'\nmkdir: created directory 'x/./y/../z//w/'\n");
    assert!(t.join("x/z/w").is_dir());
    m(&["-p", "x/z/w", "a"]).success().no_stdout();
    m(&["-m", "1750", "s"]).success();
    assert_eq!(mode(&t.join("s")), 0o1750);
    // -m does not apply to the ancestors, which get u+wx.
    m(&["-p", "-m", "0", "p/q/r"]).success();
    assert_eq!(mode(&t.join("p/q/r")), 0);
    assert_eq!(mode(&t.join("p/q")) & 0o300, 0o300);
    std::fs::set_permissions(t.join("p/q/r"), std::fs::Permissions::from_mode(0o700)).unwrap();
}

#[test]
fn mkdir_errors() {
    let t = TempDir::new();
    t.write("f", "");
    let m = |args: &[&str]| ucmd("mkdir").current_dir(t.path()).args(args).run();
    m(&[])
        .code_is(1)
        .stderr_is("mkdir: missing operand\nTry 'mkdir --help' for more information.\n");
    m(&["f"])
        .code_is(1)
        .stderr_is("mkdir: cannot create directory 'f': File exists\n");
    m(&["-p", "f"])
        .code_is(1)
        .stderr_is("mkdir: cannot create directory 'f': File exists\n");
    m(&["n/x", "ok"])
        .code_is(1)
        .stderr_is("mkdir: cannot create directory 'n/x': No such file or directory\n");
    assert!(t.join("ok").is_dir());
    // An ancestor that fails is named, not the whole operand.
    m(&["-p", "f/x/y"])
        .code_is(1)
        .stderr_is("mkdir: cannot create directory 'f': Not a directory\n");
    m(&["-m", "u+q", "z"])
        .code_is(1)
        .stderr_is("mkdir: invalid mode 'u+q'\n");
    m(&["--context=x", "c"]).success().stderr_is(
        "mkdir: warning: ignoring --context; it requires an SELinux/SMACK-enabled kernel\n",
    );
    m(&["-Z", "c2"]).success().no_stderr();
}

#[test]
fn mkdir_deeper_than_path_max() {
    // 2 100 levels of 10 bytes: 21 000 bytes of name, made in one call.
    let t = TempDir::new();
    let deep = vec!["d23456789"; 2100].join("/");
    ucmd("mkdir")
        .current_dir(t.path())
        .args(&["-p", &deep])
        .run()
        .success();
    let found = std::process::Command::new("find")
        .arg(t.path())
        .args(["-mindepth", "2100", "-type", "d"])
        .output()
        .unwrap();
    assert_eq!(
        found
            .stdout
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .count(),
        1
    );
    let _ = std::process::Command::new("rm")
        .arg("-rf")
        .arg(t.path())
        .status();
}

#[test]
fn mkdir_like_gnu() {
    let setup = |d: &Path| {
        std::fs::write(d.join("f"), "").unwrap();
        std::os::unix::fs::symlink("f", d.join("lf")).unwrap();
        std::os::unix::fs::symlink(".", d.join("self")).unwrap();
        std::fs::create_dir(d.join("e")).unwrap();
    };
    for args in [
        &["-p", "a/b/c"][..],
        &["-pv", "self/self/n", "e"],
        &["-m", "u=rwx,g=rx,o=w,-s,+t", "t"],
        &["-p", "-m", "2755", "s/t"],
        &["-m", "a-w", "aw", "-v"],
        &["-pm", "=,u=rwx", "q/r"],
        &["lf/x"],
        &["-p", "lf"],
        &["-p", "/dev/null/x"],
        &["e", "e/"],
        &["--parents", "--verbose", "--mode=700", "x//y"],
    ] {
        same_effect_as_gnu("mkdir", args, setup);
    }
}

#[test]
fn rmdir_removes_empty_directories() {
    let t = TempDir::new();
    std::fs::create_dir_all(t.join("a/b/c")).unwrap();
    std::fs::create_dir_all(t.join("full/x")).unwrap();
    let r = |args: &[&str]| ucmd("rmdir").current_dir(t.path()).args(args).run();
    r(&["-pv", "a/b/c"]).success().stdout_is(
        "rmdir: removing directory, 'a/b/c'\nrmdir: removing directory, 'a/b'\nrmdir: removing directory, 'a'\n",
    );
    assert!(!t.join("a").exists());
    r(&["full"])
        .code_is(1)
        .stderr_is("rmdir: failed to remove 'full': Directory not empty\n");
    r(&["--ignore-fail-on-non-empty", "full"])
        .success()
        .no_stderr();
    r(&["--ignore-fail-on-non-empty", "-p", "full/x"])
        .success()
        .no_stderr();
    assert!(!t.join("full").exists());
    r(&[])
        .code_is(1)
        .stderr_is("rmdir: missing operand\nTry 'rmdir --help' for more information.\n");
}

#[test]
fn rmdir_like_gnu() {
    let setup = |d: &Path| {
        for p in ["a/b/c", "full/x", "e/f/g"] {
            std::fs::create_dir_all(d.join(p)).unwrap();
        }
        std::fs::write(d.join("full/y"), "").unwrap();
        std::fs::write(d.join("file"), "").unwrap();
        std::os::unix::fs::symlink("a", d.join("la")).unwrap();
    };
    for args in [
        &["a/b/c"][..],
        &["-p", "a/b/c", "full/x"],
        &["-pv", "e//f///g/"],
        &["--ignore-fail-on-non-empty", "-pv", "full/x"],
        &["file"],
        &["la/"],
        &["la"],
        &["nonexistent", "a/b/c"],
        &["/"],
        &["--path", "a/b/c"],
    ] {
        same_effect_as_gnu("rmdir", args, setup);
    }
}
