use crate::harness::*;
use std::os::unix::fs::{symlink, MetadataExt};
use std::path::Path;

#[test]
fn ln_makes_links() {
    let t = TempDir::new();
    t.write("a", "A");
    std::fs::create_dir(t.join("d")).unwrap();
    let l = |args: &[&str]| ucmd("ln").current_dir(t.path()).args(args).run();
    l(&["a", "b"]).success().no_stdout().no_stderr();
    let ino = |p: &str| std::fs::metadata(t.join(p)).unwrap().ino();
    assert_eq!(ino("a"), ino("b"));
    l(&["-sv", "a", "s"]).success().stdout_is("'s' -> 'a'\n");
    assert_eq!(std::fs::read_link(t.join("s")).unwrap(), Path::new("a"));
    l(&["-v", "a", "b", "d"])
        .success()
        .stdout_is("'d/a' => 'a'\n'd/b' => 'b'\n");
    l(&["-sr", "d/a", "d/e/../x"]).code_is(1);
    std::fs::create_dir(t.join("d/e")).unwrap();
    l(&["-srv", "a", "d/e/r"])
        .success()
        .stdout_is("'d/e/r' -> '../../a'\n");
    // -f replaces atomically; -b keeps the old one.
    t.write("c", "C");
    l(&["-fv", "c", "b"]).success().stdout_is("'b' => 'c'\n");
    assert_eq!(t.read("b"), b"C");
    l(&["-bv", "a", "b"])
        .success()
        .stdout_is("'b~' ~ 'b' => 'a'\n");
    assert_eq!(t.read("b~"), b"C");
    l(&["--backup=numbered", "c", "b"]).success();
    l(&["--backup=t", "a", "b"]).success();
    assert!(t.join("b.~1~").exists() && t.join("b.~2~").exists());
    // -S with numbered backups present: existing means numbered.
    l(&["-s", "-S", ".old", "-f", "x", "b"]).success();
    assert!(t.join("b.~3~").exists() && !t.join("b.old").exists());
    l(&["-S", ".old", "a", "c"]).success();
    assert_eq!(t.read("c.old"), b"C");
    assert_eq!(std::fs::read_link(t.join("b")).unwrap(), Path::new("x"));
    // One operand: a link in the current directory.
    l(&["-s", "/etc/hostname"]).success();
    assert!(t.join("hostname").is_symlink());
}

#[test]
fn ln_errors() {
    let t = TempDir::new();
    t.write("a", "A");
    t.write("b", "B");
    std::fs::create_dir(t.join("d")).unwrap();
    let l = |args: &[&str]| ucmd("ln").current_dir(t.path()).args(args).run();
    let try_help = "Try 'ln --help' for more information.\n";
    l(&[])
        .code_is(1)
        .stderr_is(format!("ln: missing file operand\n{try_help}"));
    l(&["a", "b"])
        .code_is(1)
        .stderr_is("ln: failed to create hard link 'b': File exists\n");
    l(&["-s", "a", "b"])
        .code_is(1)
        .stderr_is("ln: failed to create symbolic link 'b': File exists\n");
    l(&["nonexistent", "x"])
        .code_is(1)
        .stderr_is("ln: failed to access 'nonexistent': No such file or directory\n");
    l(&["d", "x"])
        .code_is(1)
        .stderr_is("ln: d: hard link not allowed for directory\n");
    l(&["-r", "a", "x"])
        .code_is(1)
        .stderr_is("ln: cannot do --relative without --symbolic\n");
    l(&["-T", "a"]).code_is(1).stderr_is(format!(
        "ln: missing destination file operand after 'a'\n{try_help}"
    ));
    l(&["-T", "a", "b", "c"])
        .code_is(1)
        .stderr_is(format!("ln: extra operand 'c'\n{try_help}"));
    l(&["-t", "a", "b"])
        .code_is(1)
        .stderr_is("ln: target 'a' is not a directory\n");
    l(&["-t", "d", "-t", "d", "a"])
        .code_is(1)
        .stderr_is("ln: multiple target directories specified\n");
    l(&["-fT", "a", "d"])
        .code_is(1)
        .stderr_is("ln: d: cannot overwrite directory\n");
    l(&["-f", "a", "a"])
        .code_is(1)
        .stderr_is("ln: 'a' and 'a' are the same file\n");
    l(&["a", "b", "nodir"])
        .code_is(1)
        .stderr_is("ln: target 'nodir': No such file or directory\n");
    l(&["--backup=bogus", "a", "c"]).code_is(1).stderr_is(format!(
        "ln: invalid argument 'bogus' for 'backup type'\nValid arguments are:\n  - 'none', 'off'\n  - 'simple', 'never'\n  - 'existing', 'nil'\n  - 'numbered', 't'\n{try_help}"
    ));
    l(&["--backup=n", "a", "c"])
        .code_is(1)
        .stderr_contains("ln: ambiguous argument 'n' for 'backup type'");
}

#[test]
fn ln_interactive() {
    let t = TempDir::new();
    t.write("a", "A");
    t.write("b", "B");
    let l = |answer: &str| {
        ucmd("ln")
            .current_dir(t.path())
            .args(&["-i", "a", "b"])
            .stdin(answer)
            .run()
    };
    l("n\n").success().stderr_is("ln: replace 'b'? ");
    assert_eq!(t.read("b"), b"B");
    l("yes\n").success().stderr_is("ln: replace 'b'? ");
    assert_eq!(t.read("b"), b"A");
}

#[test]
fn ln_like_gnu() {
    let setup = |d: &Path| {
        std::fs::write(d.join("a"), "A").unwrap();
        std::fs::write(d.join("b"), "B").unwrap();
        std::fs::create_dir_all(d.join("d/e")).unwrap();
        symlink("d", d.join("ld")).unwrap();
        symlink("a", d.join("la")).unwrap();
        std::fs::write(d.join("b.~1~"), "old").unwrap();
    };
    for args in [
        &["-v", "a", "c"][..],
        &["-sv", "a", "ld"],
        &["-snfv", "a", "ld"],
        &["-sfv", "a", "ld"],
        &["-fv", "a", "b"],
        &["-bv", "a", "b"],
        &["--backup=existing", "-v", "a", "b"],
        &["--backup=simple", "-S", "+", "-v", "a", "b"],
        &["--backup=none", "-f", "a", "b"],
        &["-srv", "a", "d/e/x", "ld/y"],
        &["-srv", "/etc", "d/z"],
        &["-Lv", "la", "lhard"],
        &["-Pv", "la", "phard"],
        &["-fv", "a", "b", "d"],
        &["-f", "a", "d/../a"],
        &["-sf", "a", "a"],
        &["-bf", "a", "a"],
        &["-v", "-t", "d", "a", "b", "la"],
        &["-s", "a/", "d/"],
        &["a", "d/e/"],
        &["-sv", "x", "nodir/y"],
        &["-sTv", "b", "d"],
        &["-v", "d/e", "f"],
    ] {
        same_effect_as_gnu("ln", args, setup);
    }
    for (env, v) in [
        ("VERSION_CONTROL", "numbered"),
        ("VERSION_CONTROL", "x"),
        ("SIMPLE_BACKUP_SUFFIX", ".s"),
    ] {
        let run = |c: Cmd| {
            let t = TempDir::new();
            setup(t.path());
            let o = c
                .args(&["-bv", "a", "b"])
                .env(env, v)
                .current_dir(t.path())
                .run();
            (o, tree(t.path()))
        };
        let (theirs, tt) = run(gnu("ln"));
        let (ours, ot) = run(ucmd("ln"));
        ours.same_as(&theirs);
        assert_eq!(ot, tt);
    }
}
