//! install (and ginstall): files and directories with modes, owners,
//! -D, -C, -s, backups, against GNU's install.
use crate::harness::*;
use std::os::unix::fs::{symlink, MetadataExt, PermissionsExt};
use std::path::Path;

fn setup(d: &Path) {
    std::fs::create_dir_all(d.join("d/e")).unwrap();
    std::fs::write(d.join("d/e/g"), "g").unwrap();
    std::fs::write(d.join("file"), "file\n").unwrap();
    std::fs::write(d.join("other"), "other\n").unwrap();
    std::fs::write(d.join("same"), "file\n").unwrap();
    std::fs::set_permissions(d.join("same"), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(d.join("other"), std::fs::Permissions::from_mode(0o640)).unwrap();
    std::fs::create_dir(d.join("dest")).unwrap();
    std::fs::set_permissions(d.join("dest"), std::fs::Permissions::from_mode(0o700)).unwrap();
    symlink("other", d.join("lf")).unwrap();
}

#[test]
fn install_like_gnu() {
    for args in [
        &["file", "new"][..],
        &["-v", "file", "new"],
        &["-c", "-m", "644", "file", "new"],
        &["-m", "u=rw,go=r", "-v", "file", "dest"],
        &["-m", "4755", "file", "new"],
        &["-m", "bogus", "file", "new"],
        &["-d", "a/b/c"],
        &["-dv", "a/b/c", "a/x"],
        &["-d", "-m", "700", "x"],
        &["-d", "-m", "g+s", "x"],
        &["-dv", "dest"],
        &["-d", "file"],
        &["-d", "file/x"],
        &["-Dv", "file", "p/q/r"],
        &["-D", "file", "file/q"],
        &["-Dv", "-t", "p/q", "file", "other"],
        &["-D", "-t", "file/q", "file"],
        &["-t", "dest", "-v", "file", "other"],
        &["-t", "nodir", "file"],
        &["-t", "dest", "-t", "d", "file"],
        &["-v", "file", "other", "dest"],
        &["file", "other", "nodir"],
        &["-bv", "file", "other"],
        &["-b", "--suffix=.old", "-v", "file", "other"],
        &["--backup=numbered", "-v", "file", "other"],
        &["-Cv", "file", "other"],
        &["-Cv", "file", "same"],
        &["-Cv", "file", "new"],
        &["-C", "-m", "4755", "file", "same"],
        &["-C", "-p", "file", "x"],
        &["-C", "-s", "file", "x"],
        &["-T", "file", "dest"],
        &["-T", "file", "other", "dest"],
        &["-T", "-t", "dest", "file"],
        &["-pv", "file", "x"],
        &["d", "x"],
        &["-v", "/dev/null", "empty"],
        &["-v", "file", "lf"],
        &["file", "file"],
        &["missing", "x"],
        &["-d"],
        &[],
        &["file"],
        &["-s", "-d", "x"],
        &["-t", "dest", "-d", "x"],
        &["--strip-program=x", "file", "new"],
        &["-s", "--strip-program=/bin/false", "file", "x"],
        &["-s", "--strip-program=/bin/true", "-v", "file", "x"],
        &["-s", "--strip-program=no-such-strip", "file", "x"],
        &["-o", "no-such-user", "file", "x"],
        &["-g", "no-such-group", "file", "x"],
        &["-o", "0x", "file", "x"],
        &["--preserve-context", "file", "x"],
        &["--context=ctx", "file", "x"],
        &["-Z", "file", "x"],
    ] {
        same_effect_as_gnu_any_order("install", args, setup);
    }
}

#[test]
fn install_owner_and_group() {
    if !crate::tree::is_root() {
        return;
    }
    for args in [
        &["-o", "1", "-g", "2", "file", "x"][..],
        &["-o", "0x10", "-g", "010", "-m", "4755", "file", "x"],
        &["-o", "daemon", "-g", "bin", "-Dv", "file", "p/x"],
        &["-d", "-o", "1", "-g", "1", "-m", "2775", "x/y"],
        &["-C", "-o", "1", "file", "same"],
    ] {
        same_effect_as_gnu_any_order("install", args, setup);
        let t = TempDir::new();
        setup(t.path());
        ucmd("install")
            .current_dir(t.path())
            .args(args)
            .run()
            .success();
        let name = if args.contains(&"p/x") {
            "p/x"
        } else if args.contains(&"same") {
            "same"
        } else if args.contains(&"x/y") {
            "x/y"
        } else {
            "x"
        };
        let m = std::fs::metadata(t.join(name)).unwrap();
        let gnu = TempDir::new();
        setup(gnu.path());
        gnu_cmd(&gnu, args);
        let g = std::fs::metadata(gnu.join(name)).unwrap();
        assert_eq!(
            (m.uid(), m.gid(), m.mode()),
            (g.uid(), g.gid(), g.mode()),
            "{args:?}"
        );
    }
}

fn gnu_cmd(t: &TempDir, args: &[&str]) {
    if have_gnu("install") {
        gnu("install").current_dir(t.path()).args(args).run();
    }
}

#[test]
fn install_times_and_compare() {
    let t = TempDir::new();
    setup(t.path());
    let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000);
    std::fs::File::options()
        .write(true)
        .open(t.join("file"))
        .unwrap()
        .set_modified(old)
        .unwrap();
    let r = |args: &[&str]| ucmd("install").current_dir(t.path()).args(args).run();
    r(&["-p", "file", "kept"]).success();
    assert_eq!(
        std::fs::metadata(t.join("kept")).unwrap().mtime(),
        1_000_000_000
    );
    // -C leaves an identical destination alone (same inode, same time).
    r(&["file", "c"]).success();
    let before = std::fs::metadata(t.join("c")).unwrap();
    r(&["-C", "file", "c"]).success().no_stderr();
    let after = std::fs::metadata(t.join("c")).unwrap();
    assert_eq!(
        (before.ino(), before.mtime_nsec()),
        (after.ino(), after.mtime_nsec())
    );
    // ... but replaces one that differs.
    std::fs::write(t.join("c"), "FILE\n").unwrap();
    r(&["-C", "file", "c"]).success();
    assert_eq!(t.read("c"), b"file\n");
    // A mode change alone is applied in place.
    r(&["-C", "-m", "600", "file", "c"]).success();
    let m = std::fs::metadata(t.join("c")).unwrap();
    assert_eq!(m.mode() & 0o7777, 0o600);
}

#[test]
fn ginstall_is_install() {
    let t = TempDir::new();
    symlink(bin(), t.join("ginstall")).unwrap();
    let g = t.join("ginstall");
    program(&g)
        .current_dir(t.path())
        .args(&["-d", "x/y"])
        .run()
        .success();
    assert!(t.join("x/y").is_dir());
    program(&g)
        .args(&["--bogus"])
        .run()
        .code_is(1)
        .stderr_is(format!(
            "{0}: unrecognized option '--bogus'\nTry '{0} --help' for more information.\n",
            g.display()
        ));
}

#[test]
fn install_write_errors() {
    let t = TempDir::new();
    setup(t.path());
    ucmd("install")
        .current_dir(t.path())
        .args(&["-v", "file", "new"])
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("install: write error: No space left on device\n");
}
