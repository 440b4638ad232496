use crate::harness::*;
use crate::tree::{make, mode, same_as_gnu_on, set_mode};

fn at(t: &TempDir, args: &[&str]) -> Output {
    ucmd("chmod").current_dir(t.path()).args(args).run()
}

fn tree() -> TempDir {
    let t = TempDir::new();
    make(t.path());
    t
}

#[test]
fn octal_and_symbolic() {
    let t = tree();
    at(&t, &["700", "d/f"]).success().no_stdout().no_stderr();
    assert_eq!(mode(&t.join("d/f")), 0o700);
    at(&t, &["u-x,g=u,o=rX", "d/f"]).success();
    assert_eq!(mode(&t.join("d/f")), 0o664);
    at(&t, &["a+X", "d/e"]).success();
    assert_eq!(mode(&t.join("d/e")), 0o755);
    at(&t, &["+t,u+s", "d/f"]).success();
    assert_eq!(mode(&t.join("d/f")), 0o5664);
    at(&t, &["=", "d/f"]).success();
    assert_eq!(mode(&t.join("d/f")), 0);
    at(&t, &["7777", "d/f"]).success();
    assert_eq!(mode(&t.join("d/f")), 0o7777);
}

#[test]
fn umask_applies_without_who() {
    let t = tree();
    set_mode(&t.join("d/f"), 0o600);
    // `+rwx` under umask 077 only gives the owner permissions.
    let r = host("/bin/sh")
        .current_dir(t.path())
        .args(&[
            "-c",
            &format!("umask 077; {} chmod +rwx d/f", corebox_line()),
        ])
        .run();
    r.success();
    assert_eq!(mode(&t.join("d/f")), 0o700);
}

#[test]
fn mode_as_option_and_surprises() {
    let t = tree();
    set_mode(&t.join("d/f"), 0o666);
    // -w with umask 022 leaves group and other write: GNU diagnoses that.
    host("/bin/sh")
        .current_dir(t.path())
        .args(&["-c", &format!("umask 022; {} chmod -w d/f", corebox_line())])
        .run()
        .code_is(1)
        .stderr_is("chmod: d/f: new permissions are r--rw-rw-, not r--r--r--\n");
    at(&t, &["-v", "-w", "d/e"])
        .code_is(0)
        .stdout_is("mode of 'd/e' changed from 0755 (rwxr-xr-x) to 0555 (r-xr-xr-x)\n");
    at(&t, &["-vw", "d/f"])
        .code_is(1)
        .stderr_is("chmod: invalid mode: '-vw'\nTry 'chmod --help' for more information.\n");
    at(&t, &["--", "-r", "d/f"]).success();
}

#[test]
fn verbose_and_changes() {
    let t = tree();
    at(&t, &["-Rv", "755", "d"])
        .success()
        .stdout_contains("mode of 'd/f' changed from 0644 (rw-r--r--) to 0755 (rwxr-xr-x)\n");
    let r = at(&t, &["-Rv", "755", "d"]).success();
    let s = r.stdout_str();
    assert!(s.contains("mode of 'd' retained as 0755 (rwxr-xr-x)\n"));
    assert!(s.contains("neither symbolic link 'd/l' nor referent has been changed\n"));
    assert!(s.contains("neither symbolic link 'd/dang' nor referent has been changed\n"));
    at(&t, &["-Rc", "755", "d"]).success().no_stdout();
    at(&t, &["--changes", "u+s", "d/f"])
        .success()
        .stdout_is("mode of 'd/f' changed from 0755 (rwxr-xr-x) to 4755 (rwsr-xr-x)\n");
    at(&t, &["-c", "g+s,o+t", "d/f"])
        .success()
        .stdout_is("mode of 'd/f' changed from 4755 (rwsr-xr-x) to 7755 (rwsr-sr-t)\n");
    at(&t, &["--verbose", "g+", "d/f"])
        .success()
        .stdout_is("mode of 'd/f' retained as 7755 (rwsr-sr-t)\n");
}

#[test]
fn errors() {
    let t = tree();
    at(&t, &[])
        .code_is(1)
        .stderr_is("chmod: missing operand\nTry 'chmod --help' for more information.\n");
    at(&t, &["755"]).code_is(1).stderr_is(
        "chmod: missing operand after '755'\nTry 'chmod --help' for more information.\n",
    );
    at(&t, &["x", "d/f"])
        .code_is(1)
        .stderr_is("chmod: invalid mode: 'x'\nTry 'chmod --help' for more information.\n");
    at(&t, &["-v", "755", "nonexist"])
        .code_is(1)
        .stdout_is("'nonexist' could not be accessed\n")
        .stderr_is("chmod: cannot access 'nonexist': No such file or directory\n");
    at(&t, &["-f", "755", "nonexist"]).code_is(1).no_stderr();
    at(&t, &["--quiet", "755", "nonexist", "d/f"])
        .code_is(1)
        .no_stderr();
    at(&t, &["644", "topdang"])
        .code_is(1)
        .stderr_is("chmod: cannot operate on dangling symlink 'topdang'\n");
    at(&t, &["-R", "755", ""])
        .code_is(1)
        .stderr_is("chmod: cannot access '': No such file or directory\n");
    at(&t, &["--reference=nonexist", "d"])
        .code_is(1)
        .stderr_is("chmod: failed to get attributes of 'nonexist': No such file or directory\n");
    at(&t, &["--reference=d", "-w", "d"]).code_is(1).stderr_is(
        "chmod: cannot combine mode and --reference options\nTry 'chmod --help' for more information.\n",
    );
}

#[test]
fn reference() {
    let t = tree();
    set_mode(&t.join("d/e"), 0o1750);
    at(&t, &["--reference=d/e", "d/f", "d/l"]).success();
    assert_eq!(mode(&t.join("d/f")), 0o1750);
    at(&t, &["--reference", "d", "d/f"]).success();
    assert_eq!(mode(&t.join("d/f")), 0o755);
}

#[test]
fn symlinks_on_command_line_are_followed() {
    let t = tree();
    at(&t, &["600", "d/l"]).success();
    assert_eq!(mode(&t.join("d/f")), 0o600);
    // -R through a command-line symlink to a directory (GNU 9.1: -H rules).
    at(&t, &["-R", "700", "dl"]).success();
    assert_eq!(mode(&t.join("d/e/g")), 0o700);
}

#[test]
fn preserve_root() {
    let t = tree();
    at(&t, &["-R", "--preserve-root", "755", "/"]).code_is(1).stderr_is(
        "chmod: it is dangerous to operate recursively on '/'\nchmod: use --no-preserve-root to override this failsafe\n",
    );
    std::os::unix::fs::symlink("/", t.join("root")).unwrap();
    at(&t, &["-R", "--preserve-root", "755", "root/"]).code_is(1).stderr_is(
        "chmod: it is dangerous to operate recursively on 'root/' (same as '/')\nchmod: use --no-preserve-root to override this failsafe\n",
    );
    at(
        &t,
        &["-R", "--no-preserve-root", "--preserve-root", "755", "root"],
    )
    .code_is(1)
    .stderr_contains("(same as '/')");
    // Not recursive: no refusal (and nothing to change here but d).
    at(&t, &["--preserve-root", "755", "d"]).success();
}

#[test]
fn deep_tree() {
    let t = TempDir::new();
    let mut p = t.path().to_path_buf();
    // 200 levels of 255-byte names: 51 000 bytes of path, over PATH_MAX.
    let name = "n".repeat(255);
    let base = std::fs::File::open(t.path()).unwrap();
    let mut cur = base;
    for _ in 0..200 {
        use std::os::fd::AsRawFd;
        let fd = cur.as_raw_fd();
        let d = format!("/proc/self/fd/{fd}/{name}");
        std::fs::create_dir(&d).unwrap();
        cur = std::fs::File::open(&d).unwrap();
        p.push(&name);
    }
    drop(cur);
    ucmd("chmod")
        .current_dir(t.path())
        .args(&["-R", "700", &name])
        .run()
        .success()
        .no_stderr();
    // The deepest directory changed too.
    let r = ucmd("chmod")
        .current_dir(t.path())
        .args(&["-Rv", "700", &name])
        .run()
        .success();
    assert_eq!(r.stdout_str().lines().count(), 200);
    assert!(r
        .stdout_str()
        .lines()
        .all(|l| l.ends_with("retained as 0700 (rwx------)")));
    std::process::Command::new("rm")
        .arg("-rf")
        .arg(t.path())
        .status()
        .unwrap();
}

#[test]
fn differential() {
    for args in [
        &["-Rv", "755", "d"][..],
        &["-Rc", "go-rwx", "d", "dl"],
        &["-v", "755", "nonexist", "d/f"],
        &["-vR", "a=rX,u+w", "dl"],
        &["-v", "--reference=d/e", "d/f", "topdang"],
        &["-c", "-R", "=,u+t", "d"],
        &["-v", "2755", "d"],
        &["-v", "00755", "d"],
        &["-v", "g+s", "d"],
        &["-R", "-w", "-v", "d"],
        &["-Rw", "d"],
        &["-vR", "000", "d"],
        &["-v", "755", "d///", "d/f/"],
        &["+x", "-w", "-v", "d/f"],
        &["-R", "--preserve-root", "755", "dl/../../../../../../../"],
    ] {
        same_as_gnu_on("chmod", args, make);
    }
}

#[test]
fn permission_denied_as_nobody() {
    use crate::tree::{as_nobody, make_for_nobody};
    // sub 0000: nobody may chmod it but not look inside before it does;
    // sub 0300: it cannot be read at all (u+x keeps it unreadable).
    for (sub, args) in [
        (0o000, &["-R", "-v", "u+r", "d"][..]),
        (0o300, &["-R", "-v", "u+x", "d"]),
    ] {
        let (a, b) = (TempDir::new(), TempDir::new());
        make_for_nobody(a.path(), sub);
        make_for_nobody(b.path(), sub);
        let Some(ours) = as_nobody(false, "chmod", args, b.path()) else {
            return;
        };
        let s = ours.stdout_str();
        assert!(
            s.contains("failed to change mode of 'd/f' from 0644 (rw-r--r--) to "),
            "{s}"
        );
        let theirs = as_nobody(true, "chmod", args, a.path()).unwrap();
        let gnu_err = String::from_utf8_lossy(&theirs.stderr).replace("/usr/bin/chmod", "chmod");
        assert_eq!(String::from_utf8_lossy(&ours.stderr), gnu_err);
        assert_eq!(ours.stdout, theirs.stdout);
        assert_eq!(ours.code, theirs.code);
        assert!(gnu_err.contains("changing permissions of 'd/f': Operation not permitted"));
    }
}

#[test]
fn tree_20000_deep() {
    // Made through descriptors: its paths are far over PATH_MAX.
    let t = TempDir::new();
    let mut cur = std::fs::File::open(t.path()).unwrap();
    for _ in 0..20_000 {
        use std::os::fd::AsRawFd;
        let d = format!("/proc/self/fd/{}/d", cur.as_raw_fd());
        std::fs::create_dir(&d).unwrap();
        cur = std::fs::File::open(&d).unwrap();
    }
    // An open descriptor on the bottom would pin 20 000 dentries and make
    // every rmdir of the cleanup walk them.
    drop(cur);
    ucmd("chmod")
        .current_dir(t.path())
        .args(&["-R", "700", "d"])
        .run()
        .success()
        .no_stderr();
    ucmd("chgrp")
        .current_dir(t.path())
        .args(&["-R", "0", "d"])
        .run()
        .success()
        .no_stderr();
    let mut cur = std::fs::File::open(t.join("d")).unwrap();
    for _ in 1..20_000 {
        use std::os::fd::AsRawFd;
        cur = std::fs::File::open(format!("/proc/self/fd/{}/d", cur.as_raw_fd())).unwrap();
    }
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(cur.metadata().unwrap().permissions().mode() & 0o7777, 0o700);
    drop(cur);
    std::process::Command::new("rm")
        .arg("-rf")
        .arg(t.path())
        .status()
        .unwrap();
}

#[test]
fn operands_are_stat_ed_when_reached() {
    // fts stats operands up front but GNU asks it again (FTS_AGAIN) for
    // one that failed: here d/sub/g becomes reachable once d/sub got u+x.
    use crate::tree::{as_nobody, make_for_nobody};
    let args = &["-v", "u+x", "d/sub", "d/sub/g"][..];
    let (a, b) = (TempDir::new(), TempDir::new());
    make_for_nobody(a.path(), 0o600);
    make_for_nobody(b.path(), 0o600);
    let Some(ours) = as_nobody(false, "chmod", args, b.path()) else {
        return;
    };
    let ours = ours.success().stdout_is(
        "mode of 'd/sub' changed from 0600 (rw-------) to 0700 (rwx------)\nmode of 'd/sub/g' changed from 0644 (rw-r--r--) to 0744 (rwxr--r--)\n",
    );
    let theirs = as_nobody(true, "chmod", args, a.path()).unwrap();
    assert_eq!(theirs.code, Some(0));
    assert_eq!(ours.stdout, theirs.stdout);
}

#[test]
fn posixly_correct_ends_options_at_the_first_operand() {
    let t = tree();
    ucmd("chmod")
        .current_dir(t.path())
        .env("POSIXLY_CORRECT", "1")
        .args(&["600", "d/f", "-w"])
        .run()
        .code_is(1)
        .stderr_is("chmod: cannot access '-w': No such file or directory\n");
    assert_eq!(mode(&t.join("d/f")), 0o600);
}
