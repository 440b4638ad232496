use crate::harness::*;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

fn times(p: &Path) -> (i64, i64, i64, i64) {
    let m = std::fs::symlink_metadata(p).unwrap();
    (m.atime(), m.atime_nsec(), m.mtime(), m.mtime_nsec())
}

fn touch() -> Cmd {
    ucmd("touch").env("TZ", "UTC0")
}

#[test]
fn creates_and_sets_times() {
    let t = TempDir::new();
    let f = t.join("new");
    touch().arg(&f).run().success().stdout_is("").stderr_is("");
    assert!(f.exists());
    touch()
        .args(&["-d", "@1234567890.123456789"])
        .arg(&f)
        .run()
        .success();
    assert_eq!(times(&f), (1234567890, 123456789, 1234567890, 123456789));
    touch()
        .args(&["-t", "200001020304.05"])
        .arg(&f)
        .run()
        .success();
    assert_eq!(times(&f), (946782245, 0, 946782245, 0));
    touch()
        .args(&["-m", "-d", "2001-01-01 00:00"])
        .arg(&f)
        .run()
        .success();
    assert_eq!(times(&f), (946782245, 0, 978307200, 0));
    touch()
        .args(&["--time=atime", "-d", "@5"])
        .arg(&f)
        .run()
        .success();
    assert_eq!(times(&f), (5, 0, 978307200, 0));
    touch()
        .args(&["--time=modify", "-d", "@6"])
        .arg(&f)
        .run()
        .success();
    assert_eq!(times(&f), (5, 0, 6, 0));
    // -r takes the reference's times; with -d, relative to them.
    let r = t.join("ref");
    touch().args(&["-d", "@1000"]).arg(&r).run().success();
    touch().arg("-r").arg(&r).arg(&f).run().success();
    assert_eq!(times(&f), (1000, 0, 1000, 0));
    touch()
        .arg("-r")
        .arg(&r)
        .args(&["-d", "+1 hour"])
        .arg(&f)
        .run()
        .success();
    assert_eq!(times(&f), (4600, 0, 4600, 0));
    // -c does not create; -h changes a symlink itself.
    touch().arg("-c").arg(t.join("absent")).run().success();
    assert!(!t.join("absent").exists());
    let l = t.join("link");
    std::os::unix::fs::symlink("dangling", &l).unwrap();
    touch().args(&["-h", "-d", "@77"]).arg(&l).run().success();
    assert_eq!(times(&l).2, 77);
    assert!(!t.join("dangling").exists());
    // The current time when none is given.
    touch().args(&["-d", "@1"]).arg(&f).run().success();
    touch().arg(&f).run().success();
    assert!(times(&f).2 > 1_700_000_000);
    // A time after 2038.
    touch().args(&["-d", "@4102444800"]).arg(&f).run().success();
    assert_eq!(times(&f).2, 4102444800);
}

#[test]
fn obsolete_stamp_operand() {
    let t = TempDir::new();
    let f = t.join("f");
    touch()
        .env("_POSIX2_VERSION", "199209")
        .args(&["0102030499"])
        .arg(&f)
        .run()
        .success()
        .stderr_is(
            "touch: warning: 'touch 0102030499' is obsolete; use 'touch -t 199901020304.00'\n",
        );
    assert_eq!(times(&f).2, 915246240);
    // Without the old POSIX version it is a file name.
    touch()
        .arg("0102030499")
        .current_dir(t.path())
        .run()
        .success();
    assert!(t.join("0102030499").exists());
}

#[test]
fn errors() {
    let t = TempDir::new();
    let try_help = "Try 'touch --help' for more information.\n";
    touch()
        .run()
        .code_is(1)
        .stderr_is(format!("touch: missing file operand\n{try_help}"));
    touch()
        .args(&["-d", "bogus", "f"])
        .run()
        .code_is(1)
        .stderr_is("touch: invalid date format 'bogus'\n");
    touch()
        .args(&["-t", "2000010203", "f"])
        .run()
        .code_is(1)
        .stderr_is("touch: invalid date format '2000010203'\n");
    touch()
        .args(&["-t", "200001020304", "-d", "now", "f"])
        .run()
        .code_is(1)
        .stderr_is(format!(
            "touch: cannot specify times from more than one source\n{try_help}"
        ));
    touch()
        .args(&["-r", "nonexistent", "f"])
        .run()
        .code_is(1)
        .stderr_is("touch: failed to get attributes of 'nonexistent': No such file or directory\n");
    touch()
        .arg(t.join("no/such"))
        .run()
        .code_is(1)
        .stderr_is(format!(
            "touch: cannot touch '{}': No such file or directory\n",
            t.join("no/such").display()
        ));
    touch()
        .args(&["--time=x", "f"])
        .run()
        .code_is(1)
        .stderr_is(format!(
            "touch: invalid argument 'x' for '--time'\nValid arguments are:\n  - 'atime', 'access', 'use'\n  - 'mtime', 'modify'\n{try_help}"
        ));
    touch()
        .args(&["-c", "-"])
        .stdout_to(Out::Closed)
        .run()
        .success();
}

#[test]
fn like_gnu() {
    let t = TempDir::new();
    for args in [
        &["-d", "bogus", "x"][..],
        &["-t", "12345", "x"],
        &["-t", "200002300000", "x"],
        &["-c", "absent"],
        &["-a", "-m", "-d", "2020-02-29 12:00", "y"],
        &["-h", "absent2"],
    ] {
        same_as_gnu("touch", args, None, Some(t.path()));
    }
}
