use crate::harness::*;

#[test]
fn link_then_unlink() {
    let t = TempDir::new();
    t.write("a", "x");
    ucmd("link")
        .current_dir(t.path())
        .args(&["a", "b"])
        .run()
        .success()
        .no_stdout()
        .no_stderr();
    assert_eq!(t.read("b"), b"x");
    ucmd("unlink")
        .current_dir(t.path())
        .arg("b")
        .run()
        .success();
    assert!(!t.join("b").exists());
    ucmd("link")
        .current_dir(t.path())
        .args(&["--", "a", "-c"])
        .run()
        .success();
    assert!(t.join("-c").exists());
}

#[test]
fn link_errors() {
    let t = TempDir::new();
    t.write("a", "x");
    t.write("b", "y");
    let at = |args: &[&str]| ucmd("link").current_dir(t.path()).args(args).run();
    at(&[])
        .code_is(1)
        .stderr_is("link: missing operand\nTry 'link --help' for more information.\n");
    at(&["a"])
        .code_is(1)
        .stderr_is("link: missing operand after 'a'\nTry 'link --help' for more information.\n");
    at(&["a", "b", "c"])
        .code_is(1)
        .stderr_is("link: extra operand 'c'\nTry 'link --help' for more information.\n");
    at(&["nonexist", "c"])
        .code_is(1)
        .stderr_is("link: cannot create link 'c' to 'nonexist': No such file or directory\n");
    at(&["a", "b"])
        .code_is(1)
        .stderr_is("link: cannot create link 'b' to 'a': File exists\n");
    at(&["-s", "a"])
        .code_is(1)
        .stderr_is("link: invalid option -- 's'\nTry 'link --help' for more information.\n");
}

#[test]
fn unlink_errors() {
    let t = TempDir::new();
    std::fs::create_dir(t.join("d")).unwrap();
    let at = |args: &[&str]| ucmd("unlink").current_dir(t.path()).args(args).run();
    at(&[])
        .code_is(1)
        .stderr_is("unlink: missing operand\nTry 'unlink --help' for more information.\n");
    at(&["a", "b"])
        .code_is(1)
        .stderr_is("unlink: extra operand 'b'\nTry 'unlink --help' for more information.\n");
    at(&["nonexist"])
        .code_is(1)
        .stderr_is("unlink: cannot unlink 'nonexist': No such file or directory\n");
    at(&["d"])
        .code_is(1)
        .stderr_is("unlink: cannot unlink 'd': Is a directory\n");
}

#[test]
fn non_utf8_names() {
    use std::os::unix::ffi::OsStrExt;
    let t = TempDir::new();
    t.write("a", "x");
    let odd = std::ffi::OsStr::from_bytes(b"\xff\xfe");
    ucmd("link")
        .current_dir(t.path())
        .arg("a")
        .arg(odd)
        .run()
        .success();
    assert_eq!(std::fs::read(t.path().join(odd)).unwrap(), b"x");
    ucmd("unlink")
        .current_dir(t.path())
        .arg(odd)
        .run()
        .success();
    assert!(!t.path().join(odd).exists());
    ucmd("unlink")
        .current_dir(t.path())
        .arg(odd)
        .run()
        .code_is(1)
        .stderr_is("unlink: cannot unlink ''$'\\377\\376': No such file or directory\n");
}
