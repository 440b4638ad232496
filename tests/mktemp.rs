use crate::harness::*;
use std::os::unix::fs::PermissionsExt;

#[test]
fn mktemp_creates_files_and_directories() {
    let t = TempDir::new();
    let dir = t.path().display().to_string();
    let m = |args: &[&str]| {
        ucmd("mktemp")
            .current_dir(t.path())
            .env("TMPDIR", &dir)
            .args(args)
            .run()
    };
    let name = m(&[]).success().no_stderr().stdout_str();
    let name = name.trim_end();
    assert!(
        name.starts_with(&format!("{dir}/tmp.")) && name.len() == dir.len() + 15,
        "{name}"
    );
    let md = std::fs::metadata(name).unwrap();
    assert!(md.is_file());
    assert_eq!(md.permissions().mode() & 0o777, 0o600);
    let d = m(&["-d", "dXXXXX"]).success().stdout_str();
    let md = std::fs::metadata(t.join(d.trim_end())).unwrap();
    assert!(md.is_dir());
    assert_eq!(md.permissions().mode() & 0o777, 0o700);
    let s = m(&["--suffix=.c", "-p", "sub", "fooXXX"])
        .code_is(1)
        .stderr_str();
    assert!(
        s.starts_with("mktemp: failed to create file via template 'sub/fooXXX.c'"),
        "{s}"
    );
    std::fs::create_dir(t.join("sub")).unwrap();
    let s = m(&["--suffix=.c", "-p", "sub", "fooXXX"])
        .success()
        .stdout_str();
    assert!(
        s.starts_with("sub/foo") && s.ends_with(".c\n") && s.len() == 13,
        "{s}"
    );
    let u = m(&["-u", "-t", "aXXXXXXXX"]).success().stdout_str();
    assert!(!Path::new(u.trim_end()).exists());
    // Many names from one template: all different (random, not a clock).
    let mut names: Vec<String> = (0..50)
        .map(|_| m(&["-u", "XXXXXXXX"]).success().stdout_str())
        .collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 50);
}

use std::path::Path;

#[test]
fn mktemp_errors() {
    let t = TempDir::new();
    let m = |args: &[&str]| ucmd("mktemp").current_dir(t.path()).args(args).run();
    m(&["fooXX"])
        .code_is(1)
        .stderr_is("mktemp: too few X's in template 'fooXX'\n");
    m(&["a", "b"])
        .code_is(1)
        .stderr_is("mktemp: too many templates\nTry 'mktemp --help' for more information.\n");
    m(&["--suffix=x", "foo"])
        .code_is(1)
        .stderr_is("mktemp: with --suffix, template 'foo' must end in X\n");
    m(&["--suffix=a/b", "fooXXX"])
        .code_is(1)
        .stderr_is("mktemp: invalid suffix 'a/b', contains directory separator\n");
    m(&["-t", "a/XXX"])
        .code_is(1)
        .stderr_is("mktemp: invalid template, 'a/XXX', contains directory separator\n");
    m(&["-p", "/tmp", "/XXX"])
        .code_is(1)
        .stderr_is("mktemp: invalid template, '/XXX'; with --tmpdir, it may not be absolute\n");
    m(&["-d", "no/XXX"]).code_is(1).stderr_is(
        "mktemp: failed to create directory via template 'no/XXX': No such file or directory\n",
    );
    m(&["-q", "no/XXX"]).code_is(1).no_stderr();
    // A name that cannot be written out is removed again.
    let full = ucmd("mktemp")
        .current_dir(t.path())
        .args(&["cXXXX"])
        .stdout_to(Out::Full)
        .run();
    full.code_is(1)
        .stderr_is("mktemp: write error: No space left on device\n");
    assert_eq!(std::fs::read_dir(t.path()).unwrap().count(), 0);
}
