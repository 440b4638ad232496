use crate::harness::*;
use std::os::unix::fs::MetadataExt;

const FIRST_APPLETS: &[&str] = &[
    "arch", "basename", "cat", "dirname", "echo", "false", "hostid", "link", "logname", "nproc",
    "printenv", "pwd", "sleep", "sync", "true", "tty", "uname", "unlink", "whoami", "yes",
];

#[test]
fn list_is_sorted_and_complete() {
    let out = corebox()
        .arg("--list")
        .run()
        .success()
        .no_stderr()
        .stdout_str();
    let names: Vec<&str> = out.lines().collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    if std::env::var_os("COREBOX_APPLETS").is_none() {
        for a in FIRST_APPLETS {
            assert!(names.contains(a), "{a} missing from --list");
        }
    }
}

#[test]
fn dispatch_on_argv0_basename() {
    let t = TempDir::new();
    std::os::unix::fs::symlink(bin(), t.join("echo")).unwrap();
    copy_exe(&bin(), &t.join("false"));
    program(t.join("echo"))
        .args(&["hi", "there"])
        .run()
        .success()
        .stdout_is("hi there\n");
    program(t.join("false")).run().code_is(1);
    // Diagnostics are prefixed with argv[0] as given, like GNU's.
    std::os::unix::fs::symlink(bin(), t.join("cat")).unwrap();
    let cat = t.join("cat");
    program(&cat)
        .arg("nonexist")
        .run()
        .code_is(1)
        .stderr_is(format!(
            "{}: nonexist: No such file or directory\n",
            cat.display()
        ));
    program(&cat).arg("-k").run().code_is(1).stderr_is(format!(
        "{0}: invalid option -- 'k'\nTry '{0} --help' for more information.\n",
        cat.display()
    ));
    program(&cat)
        .arg("--help")
        .run()
        .success()
        .stdout_contains(&format!("Usage: {} [OPTION]... [FILE]...\n", cat.display()));
}

#[test]
fn applet_as_first_argument() {
    corebox()
        .args(&["echo", "a"])
        .run()
        .success()
        .stdout_is("a\n");
    corebox()
        .args(&["cat", "nonexist"])
        .run()
        .code_is(1)
        .stderr_is("cat: nonexist: No such file or directory\n");
}

#[test]
fn unknown_applet() {
    corebox()
        .arg("nope")
        .run()
        .code_is(127)
        .no_stdout()
        .stderr_is("corebox: unknown applet 'nope'\n");
    // A link with an unknown name behaves as corebox itself.
    let t = TempDir::new();
    std::os::unix::fs::symlink(bin(), t.join("whatever")).unwrap();
    program(t.join("whatever"))
        .arg("nope")
        .run()
        .code_is(127)
        .stderr_contains("unknown applet 'nope'");
    program(t.join("whatever"))
        .args(&["echo", "x"])
        .run()
        .success()
        .stdout_is("x\n");
}

#[test]
fn help_and_usage() {
    corebox()
        .arg("--help")
        .run()
        .success()
        .stdout_contains("Usage: corebox APPLET [ARGUMENT]...");
    corebox()
        .run()
        .code_is(1)
        .stdout_contains("Usage: corebox APPLET");
}

#[test]
fn install_hard_links() {
    let t = TempDir::new();
    corebox()
        .args(&["--install"])
        .arg(t.path())
        .run()
        .success()
        .no_stderr();
    let me = std::fs::metadata(bin()).unwrap();
    for a in FIRST_APPLETS {
        let m = std::fs::symlink_metadata(t.join(a)).unwrap();
        assert!(m.file_type().is_file(), "{a}");
        assert_eq!(
            (m.dev(), m.ino()),
            (me.dev(), me.ino()),
            "{a} is a hard link to corebox"
        );
    }
    program(t.join("echo"))
        .arg("via link")
        .run()
        .success()
        .stdout_is("via link\n");
    // Installing again is harmless.
    corebox()
        .args(&["--install"])
        .arg(t.path())
        .run()
        .success()
        .no_stderr();
}

#[test]
fn install_symlinks_and_refusal_to_overwrite() {
    let t = TempDir::new();
    t.write("cat", "not corebox");
    corebox()
        .args(&["--install", "-s"])
        .arg(t.path())
        .run()
        .code_is(1)
        .stderr_is(format!(
            "corebox: {}/cat: File exists\n",
            t.path().display()
        ));
    assert_eq!(t.read("cat"), b"not corebox");
    let echo = t.join("echo");
    let target = std::fs::read_link(&echo).unwrap();
    assert_eq!(
        std::fs::canonicalize(target).unwrap(),
        std::fs::canonicalize(bin()).unwrap()
    );
    program(&echo).arg("sym").run().success().stdout_is("sym\n");
    // -f replaces what is not ours; existing links to corebox are replaced quietly.
    corebox()
        .args(&["--install", "-s", "-f"])
        .arg(t.path())
        .run()
        .success()
        .no_stderr();
    assert!(std::fs::symlink_metadata(t.join("cat"))
        .unwrap()
        .file_type()
        .is_symlink());
    program(t.join("cat"))
        .stdin("x")
        .run()
        .success()
        .stdout_is("x");
}

#[test]
fn install_errors() {
    corebox()
        .arg("--install")
        .run()
        .code_is(1)
        .stderr_contains("usage: corebox --install");
    corebox()
        .args(&["--install", "/nonexistent/dir"])
        .run()
        .code_is(1)
        .stderr_is("corebox: '/nonexistent/dir': No such file or directory\n");
}
