use crate::harness::*;
use std::os::unix::fs::symlink;
use std::path::Path;

fn setup(d: &Path) {
    std::fs::create_dir_all(d.join("d/e")).unwrap();
    std::fs::write(d.join("f"), "").unwrap();
    symlink("f", d.join("lf")).unwrap();
    symlink("nowhere", d.join("dang")).unwrap();
    symlink("loop2", d.join("loop1")).unwrap();
    symlink("loop1", d.join("loop2")).unwrap();
    symlink("d", d.join("ld")).unwrap();
    symlink("../../d", d.join("d/e/up")).unwrap();
    symlink(d.join("d"), d.join("abs")).unwrap();
}

#[test]
fn readlink_values_and_canonical_names() {
    let t = TempDir::new();
    setup(t.path());
    let dir = std::fs::canonicalize(t.path())
        .unwrap()
        .display()
        .to_string();
    let r = |args: &[&str]| ucmd("readlink").current_dir(t.path()).args(args).run();
    r(&["lf", "dang"]).success().stdout_is("f\nnowhere\n");
    r(&["f"]).code_is(1).no_stdout().no_stderr();
    r(&["-v", "f"])
        .code_is(1)
        .stderr_is("readlink: f: Invalid argument\n");
    r(&["-n", "lf"]).success().stdout_is("f");
    r(&["-n", "lf", "lf"])
        .success()
        .stdout_is("f\nf\n")
        .stderr_is("readlink: ignoring --no-newline with multiple arguments\n");
    r(&["-z", "lf"]).success().stdout_is("f\0");
    r(&["-f", "ld/e/up/e/.."])
        .success()
        .stdout_is(format!("{dir}/d\n"));
    r(&["-f", "dang"])
        .success()
        .stdout_is(format!("{dir}/nowhere\n"));
    r(&["-e", "dang"]).code_is(1);
    r(&["-m", "dang/x/../y"])
        .success()
        .stdout_is(format!("{dir}/nowhere/y\n"));
    r(&["-ev", "loop1"])
        .code_is(1)
        .stderr_is("readlink: loop1: Too many levels of symbolic links\n");
    r(&["-m", "loop1/x"]).success();
    r(&[])
        .code_is(1)
        .stderr_is("readlink: missing operand\nTry 'readlink --help' for more information.\n");
}

#[test]
fn realpath_relative_names() {
    let t = TempDir::new();
    setup(t.path());
    let r = |args: &[&str]| ucmd("realpath").current_dir(t.path()).args(args).run();
    r(&["--relative-to=d/e", "f", "d", "d/e"])
        .success()
        .stdout_is("../../f\n..\n.\n");
    r(&["--relative-base=d", "d/e", "f"])
        .success()
        .stdout_is(&*format!(
            "e\n{}/f\n",
            std::fs::canonicalize(t.path()).unwrap().display()
        ));
    r(&["-s", "ld/e/up/.."])
        .success()
        .stdout_contains("/ld/e\n");
    r(&["-L", "ld/e/up/.."]).success().stdout_contains("/d/e\n");
    r(&["-e", "--relative-to=f", "f"])
        .code_is(1)
        .stderr_is("realpath: f: Not a directory\n");
    r(&["nonexistent/x"])
        .code_is(1)
        .stderr_is("realpath: nonexistent/x: No such file or directory\n");
    r(&["-q", "nonexistent/x"]).code_is(1).no_stderr();
}

#[test]
fn readlink_realpath_like_gnu() {
    for args in [
        &[
            "-f",
            "lf",
            "ld/e/up/e/..",
            "f/",
            "f/.",
            "d/e/nonexist/",
            "''",
            "/",
        ][..],
        &[
            "-e",
            "ld/e/up/e/../",
            "f/",
            "abs/e/up",
            "d/e/../../f",
            "nonexist/x",
        ],
        &[
            "-m",
            "f/",
            "f/..",
            "///",
            "//x",
            "nonexist/../x",
            "loop1",
            "loop1/x",
        ],
        &["-fv", "loop1", "dang", "f/x"],
        &["-ev", "dang", "loop2"],
    ] {
        same_effect_as_gnu("readlink", args, setup);
    }
    for args in [
        &["f", "lf", "dang", "loop1", "ld/e/up/e/..", "f/", "", "/"][..],
        &["-e", "dang", "f/", "ld/e/up"],
        &["-m", "dang/x/../y", "loop1", "f/x"],
        &["-s", "ld/e/up/.."],
        &["-sL", "ld/.."],
        &["-Ls", "ld/.."],
        &["-P", "ld/e/up/.."],
        &["--relative-base=d", "--relative-to=d/e", "d", "d/e/x", "f"],
        &["--relative-base=d/e", "--relative-to=d", "f", "d/e"],
        &["--relative-to=nonexist/x", "f"],
        &["-e", "--relative-to=nonexist", "f"],
        &["-z", "f", "d"],
        &["--relative-to=/", "/tmp", "/"],
        &["-m", "--relative-base=/usr", "/usr/bin/../lib", "/etc"],
    ] {
        same_effect_as_gnu("realpath", args, setup);
    }
}
