use crate::harness::*;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::symlink;
use std::path::Path;

/// A tree with files of several sizes (a sparse one too), hard links,
/// symlinks (to a file, to a directory, dangling, a loop, one up to the
/// top), empty and nested directories, with fixed modification times.
fn make(d: &Path) {
    let mk = |p: &str| std::fs::create_dir_all(d.join(p)).unwrap();
    for p in ["t/sub/deeper/deepest", "t/empty", "t/other/x", "t/.hidden"] {
        mk(p);
    }
    let write = |p: &str, n: usize| std::fs::write(d.join(p), vec![b'x'; n]).unwrap();
    write("t/e", 0);
    write("t/small", 100);
    write("t/k4", 4096);
    write("t/big", 100_000);
    write("t/sub/f", 5000);
    write("t/sub/deeper/g", 20_000);
    write("t/sub/deeper/deepest/h", 1);
    write("t/other/x/y.o", 3000);
    write("t/.hidden/z", 10);
    let f = std::fs::File::create(d.join("t/sparse")).unwrap();
    f.set_len(10_000_000).unwrap();
    std::fs::hard_link(d.join("t/big"), d.join("t/hl")).unwrap();
    std::fs::hard_link(d.join("t/big"), d.join("t/sub/hl2")).unwrap();
    symlink("small", d.join("t/lnk")).unwrap();
    symlink("sub", d.join("t/dlnk")).unwrap();
    symlink("nowhere", d.join("t/dangle")).unwrap();
    symlink("loop", d.join("t/loop")).unwrap();
    symlink("..", d.join("t/sub/up")).unwrap();
    symlink("t", d.join("top")).unwrap();
    let times = [
        ("t/small", "2001-02-03 04:05:06.123456789"),
        ("t/big", "2011-06-30 22:30:00"),
        ("t/sub/f", "1999-12-31 23:59:59.5"),
        ("t/sub/deeper/g", "2020-03-29 01:30:00"),
        ("t/sub/deeper/deepest/h", "2020-10-25 02:30:00"),
        ("t/sub/deeper/deepest", "2020-01-01 00:00:00"),
        ("t/sub/deeper", "2019-01-01 00:00:00"),
        ("t/sub", "2018-01-01 00:00:00"),
        ("t/empty", "1970-01-01 00:00:00"),
        ("t/other/x/y.o", "1969-12-31 23:59:58"),
        ("t/other/x", "1969-12-31 23:00:00"),
        ("t/other", "1968-01-01 00:00:00"),
        ("t", "2002-02-02 02:02:02"),
    ];
    for (p, when) in times {
        host("touch")
            .env("TZ", "UTC0")
            .args(&["-h", "-m", "-d", when])
            .arg(d.join(p))
            .run()
            .success();
    }
}

/// Runs GNU's du and ours in `dir` with `env` and `args`; their outputs,
/// diagnostics and statuses must agree.
#[track_caller]
fn both(dir: &Path, env: &[(&str, &str)], args: &[&str]) {
    both_in(dir, env, args, None);
}

#[track_caller]
fn both_in(dir: &Path, env: &[(&str, &str)], args: &[&str], stdin: Option<&[u8]>) {
    if !have_gnu("du") {
        return;
    }
    let run = |mut c: Cmd| {
        for (k, v) in env {
            c = c.env(k, v);
        }
        if let Some(s) = stdin {
            c = c.stdin(s);
        }
        c.args(args).current_dir(dir).run()
    };
    let theirs = run(gnu("du"));
    let ours = run(ucmd("du"));
    eprintln!("du {args:?} env {env:?}");
    ours.same_as(&theirs);
}

#[test]
fn du_sizes_like_gnu() {
    let t = TempDir::new();
    make(t.path());
    for args in [
        &[][..],
        &["t"],
        &["-a", "t"],
        &["--all", "t"],
        &["-s", "t"],
        &["-S", "t"],
        &["-Sa", "t"],
        &["-c", "t"],
        &["-sc", "t", "t/sub", "t/big"],
        &["-a", "t/sub", "t"],
        &["t", "t"],
        &["t/big", "t/hl", "t/sub/hl2"],
        &["-d", "1", "t"],
        &["--max-depth=0", "t"],
        &["-d2", "-a", "t"],
        &["-d", "0x1", "t"],
        &["-b", "t"],
        &["-ab", "t"],
        &["--apparent-size", "-a", "t"],
        &["--apparent-size", "-h", "t"],
        &["-h", "-a", "t"],
        &["--si", "-a", "t"],
        &["-k", "t"],
        &["-m", "-a", "t"],
        &["-0", "-a", "t"],
        &["--null", "-c", "t"],
        &["--inodes", "t"],
        &["--inodes", "-a", "t"],
        &["--inodes", "-S", "-c", "t"],
        &["--inodes", "-s", "-h", "t"],
        &["--inodes", "-l", "t"],
        &["-l", "-a", "t"],
        &["--count-links", "-s", "t", "t/sub"],
        &["t/small", "t/sparse", "t/e"],
        &["-b", "t/sparse"],
        &["t/"],
        &["t//"],
        &["./t/sub/../sub"],
        &["-x", "-a", "t"],
        &["-s", "."],
        &["-cs", "t/sub", "t/sub/deeper"],
    ] {
        both(t.path(), &[], args);
    }
}

#[test]
fn du_thresholds() {
    let t = TempDir::new();
    make(t.path());
    for th in [
        "0",
        "1",
        "100",
        "4096",
        "4097",
        "5000",
        "1K",
        "-1",
        "-4096",
        "-4097",
        "-100000",
        "0x10",
        "-0x1000",
        "1M",
        "-1M",
        "100000000000",
    ] {
        for extra in [
            &[][..],
            &["-a"],
            &["-S"],
            &["-a", "--apparent-size"],
            &["--inodes"],
        ] {
            let mut args = vec!["-B1", "-t", th, "t"];
            args.extend_from_slice(extra);
            both(t.path(), &[], &args);
        }
        both(t.path(), &[], &["-a", &format!("--threshold={th}"), "t"]);
    }
}

#[test]
fn du_block_sizes_and_environment() {
    let t = TempDir::new();
    make(t.path());
    for b in [
        "1",
        "512",
        "1K",
        "1k",
        "K",
        "KiB",
        "kB",
        "KB",
        "1M",
        "MB",
        "G",
        "1000",
        "3",
        "7",
        "'1",
        "'1K",
        "human-readable",
        "human",
        "si",
        "0x100",
        "010",
        "1e",
        "1Y",
        "1P",
    ] {
        both(t.path(), &[], &["-a", "-B", b, "t"]);
        both(t.path(), &[], &[&format!("--block-size={b}"), "-c", "t"]);
        both(t.path(), &[("DU_BLOCK_SIZE", b)], &["-a", "t"]);
    }
    for env in [
        &[("BLOCK_SIZE", "1M")][..],
        &[("BLOCKSIZE", "512")],
        &[("BLOCK_SIZE", "human-readable")],
        &[("POSIXLY_CORRECT", "1")],
        &[("POSIXLY_CORRECT", "1"), ("BLOCK_SIZE", "2K")],
        &[("DU_BLOCK_SIZE", "1x")],
        &[("DU_BLOCK_SIZE", "0")],
        &[("DU_BLOCK_SIZE", "bogus")],
        &[("DU_BLOCK_SIZE", "99999999999999999999")],
        &[("DU_BLOCK_SIZE", "si"), ("BLOCK_SIZE", "1M")],
        &[("POSIXLY_CORRECT", "1"), ("DU_BLOCK_SIZE", "1")],
    ] {
        both(t.path(), env, &["-a", "t"]);
        both(t.path(), env, &["-k", "t"]);
    }
    // POSIXLY_CORRECT: options end at the first operand.
    both(t.path(), &[("POSIXLY_CORRECT", "1")], &["t", "-a"]);
    // The last of -k, -m, -h, --si, -b, -B wins.
    for args in [
        &["-k", "-m", "t"][..],
        &["-m", "-k", "t"],
        &["-h", "-k", "t"],
        &["-k", "-h", "t"],
        &["-b", "-k", "t"],
        &["-B1M", "-b", "t"],
        &["-h", "--si", "t"],
        &["--si", "-B1", "t"],
        &["-bh", "t"],
    ] {
        both(t.path(), &[], args);
    }
}

#[test]
fn du_times_like_gnu() {
    let t = TempDir::new();
    make(t.path());
    // Reading the directories sets their access times once: done here,
    // so that GNU's run before ours changes nothing.
    gnu("du").args(&["-aL", "t"]).current_dir(t.path()).run();
    for tz in ["UTC0", "Europe/Berlin"] {
        let env = [("TZ", tz)];
        for args in [
            &["--time", "-a", "t"][..],
            &["--time", "t"],
            &["--time", "-c", "--time-style=full-iso", "t/sub"],
            &["--time", "--time-style=long-iso", "-a", "t"],
            &["--time", "--time-style=iso", "-S", "t"],
            &["--time", "--time-style=full", "t"],
            &["--time", "--time-style=+%s %N %Z %z [%a %b %e]", "-a", "t"],
            &["--time", "--time-style=+", "t"],
            &["--time", "--time-style=+a\nb", "t"],
            &["--time=ctime", "t/e"],
            &["--time=status", "--time-style=+%Y", "t"],
            &["--time=atime", "-a", "t"],
            &["--time=use", "--time-style=+%Y", "t"],
            &["--time=access", "--time-style=+%Y", "t"],
            &["--time=c", "--time-style=+%Y", "t"],
            &["--time", "-s", "t/other"],
            &["--time", "-c", "t/other"],
            &["--time", "-c", "t/other/x"],
            &["--time", "-a", "t/other"],
            &["--time-style=bogus", "t"],
        ] {
            both(t.path(), &env, args);
        }
        for style in [
            "iso",
            "posix-full-iso",
            "posix-posix-iso",
            "locale",
            "+%H\n%M",
            "full",
        ] {
            let env = [("TZ", tz), ("TIME_STYLE", style)];
            both(t.path(), &env, &["--time", "-a", "t"]);
            both(t.path(), &env, &["--time", "--time-style=long-iso", "t"]);
        }
    }
    let env = [("TZ", "UTC0"), ("TIME_STYLE", "")];
    both(t.path(), &env, &["--time", "t"]);
    both(
        t.path(),
        &[("TZ", "UTC0")],
        &["--time", "-c", "nonexistent"],
    );
}

#[test]
fn du_big_times_are_out_of_range() {
    // GNU's bigtime.sh, on a tmpfs (ext4 cannot hold such times).
    let shm = Path::new("/dev/shm");
    let t = if shm.is_dir() {
        TempDir::new_in(shm)
    } else {
        TempDir::new()
    };
    for (name, when) in [
        ("future", "@9223372036854775807"),
        ("past", "@-9223372036854775808"),
    ] {
        t.write(name, "");
        host("touch")
            .args(&["-d", when, name])
            .current_dir(t.path())
            .run();
    }
    let secs = |name: &str| {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(t.join(name)).map(|m| m.mtime()).ok()
    };
    if secs("future") != Some(i64::MAX) || secs("past") != Some(i64::MIN) {
        return; // the file system cannot hold such times
    }
    let env = [("TZ", "UTC0")];
    both(t.path(), &env, &["--time", "future"]);
    both(t.path(), &env, &["--time", "-c", "future", "past"]);
    both(t.path(), &env, &["--time", "--time-style=full-iso", "past"]);
    ucmd("du")
        .args(&["--time", "future"])
        .env("TZ", "UTC0")
        .current_dir(t.path())
        .run()
        .success()
        .stdout_is("0\t9223372036854775807\tfuture\n")
        .stderr_is("du: time '9223372036854775807' is out of range\n");
}

#[test]
fn du_symlinks_like_gnu() {
    let t = TempDir::new();
    make(t.path());
    for args in [
        &["-a", "t"][..],
        &["-aL", "t"],
        &["-L", "t"],
        &["-lL", "t"],
        &["-aH", "t"],
        &["-D", "t/dlnk", "t/lnk", "top"],
        &["-H", "t/dlnk/", "t/lnk"],
        &["t/dlnk", "t/dlnk/"],
        &["-L", "t/dangle"],
        &["-H", "t/dangle"],
        &["-P", "t/dangle", "t/loop"],
        &["-L", "t/loop"],
        &["-aL", "--exclude=up", "t"],
        &["-aL", "-x", "t"],
        &["-L", "-P", "-a", "t"],
        &["-sL", "top", "t"],
        &["--dereference-args", "top"],
        &["--no-dereference", "top"],
        &["--dereference", "-s", "top"],
    ] {
        both(t.path(), &[], args);
    }
}

#[test]
fn du_long_symlink_chain() {
    // GNU's long-sloop.sh: 1/s -> ../2, 2/s -> ../3 ... 1/s/s/s... is
    // more symlinks than one lookup follows.
    let t = TempDir::new();
    for i in 1..=60 {
        std::fs::create_dir(t.join(&i.to_string())).unwrap();
        symlink(format!("../{}", i + 1), t.join(&format!("{i}/s"))).unwrap();
    }
    t.write("61", "foo\n");
    both(t.path(), &[], &["-L", "1"]);
    both(t.path(), &[], &["-sL", "1", "2"]);
    both(t.path(), &[], &["-a", "1"]);
    let out = ucmd("du").args(&["-L", "1"]).current_dir(t.path()).run();
    out.code_is(1)
        .stderr_contains("Too many levels of symbolic links");
}

#[test]
fn du_hard_links_counted_once() {
    let t = TempDir::new();
    std::fs::create_dir_all(t.join("dir/sub")).unwrap();
    std::fs::write(t.join("dir/f1"), "non-empty\n").unwrap();
    std::fs::hard_link(t.join("dir/f1"), t.join("dir/f2")).unwrap();
    symlink("f1", t.join("dir/f3")).unwrap();
    std::fs::write(t.join("dir/sub/F"), "non-empty\n").unwrap();
    // GNU's tests/du/hard-link.sh.
    for args in [
        &["-a", "-L", "--exclude=sub", "--count-links", "dir"][..],
        &["-a", "--exclude=sub", "-L", "dir"],
        &["-a", "--exclude=sub", "dir", "dir"],
        &["-a", "--exclude=sub", "-L", "dir", "dir"],
        &["-a", "dir/f1", "dir/f2"],
        &["-al", "dir/f1", "dir/f2"],
        &["--inodes", "-a", "dir"],
        &["--inodes", "-al", "dir"],
    ] {
        both(t.path(), &[], args);
    }
    // A file with one link named twice is counted once.
    both(t.path(), &[], &["dir/sub/F", "dir/sub/F"]);
    both(t.path(), &[], &["-c", "dir/sub", "dir"]);
}

#[test]
fn du_exclude_like_gnu() {
    let t = TempDir::new();
    make(t.path());
    std::fs::create_dir_all(t.join("a/b/c")).unwrap();
    std::fs::create_dir_all(t.join("a/x/y")).unwrap();
    std::fs::create_dir_all(t.join("a/u/v")).unwrap();
    std::fs::write(t.join("a/b/c/caf\u{e9}"), "x").unwrap();
    std::fs::write(t.join("a/b/c/\u{fc}"), "x").unwrap();
    let raw = std::ffi::OsStr::from_bytes(b"\xff\xfe");
    std::fs::write(t.join("a/b/c").join(raw), "").unwrap();
    t.write("excl", "b\n  \n\nx/y  \n*.o\n");
    t.write("excl2", "");
    for args in [
        &["--exclude=x", "a"][..],
        &["--exclude-from=excl", "-a", "a", "t"],
        &["-X", "excl", "-X", "excl2", "-a", "t"],
        &["--exclude=a", "a"],
        &["--exclude=a/u", "--exclude=a/b", "a"],
        &["--exclude=*", "a"],
        &["--exclude=?", "-a", "a"],
        &["--exclude=??", "-a", "a"],
        &["--exclude=[bu]", "-a", "a"],
        &["--exclude=[!bu]", "-a", "a"],
        &["--exclude=[^bu]", "-a", "a"],
        &["--exclude=*/c", "-a", "a"],
        &["--exclude=a/*/c", "-a", "a"],
        &["--exclude=b/c", "-a", "a"],
        &["--exclude=/c", "-a", "a"],
        &["--exclude=.*", "-a", "t"],
        &["--exclude=\\.hidden", "-a", "t"],
        &["--exclude=*.o", "-a", "t"],
        &["--exclude=t", "t"],
        &["--exclude=t/", "t/"],
        &["--exclude=[", "-a", "t"],
        &["--exclude=sub", "-L", "-a", "t"],
        &["--exclude=dangle", "-L", "-a", "t"],
        &["--exclude=loop", "-L", "-a", "t"],
        &["--exclude=caf\u{e9}", "-a", "a"],
    ] {
        both(t.path(), &[], args);
        both(t.path(), &[("LC_ALL", "C.UTF-8")], args);
    }
    both(
        t.path(),
        &[("POSIXLY_CORRECT", "1")],
        &["--exclude=[^bu]", "-a", "a"],
    );
    both(t.path(), &[], &["-X", "nonexistent", "a"]);
    both(t.path(), &[], &["-X", ".", "a"]);
    both_in(t.path(), &[], &["-X", "-", "-a", "a"], Some(b"b\nu"));
}

#[test]
fn du_files0_from_like_gnu() {
    let t = TempDir::new();
    make(t.path());
    t.write("g", "");
    t.write("list", "t/sub\0t/small\0t/sub\0");
    t.write("list2", "t\0\0t/e");
    t.write("empty", "");
    // GNU's tests/du/files0-from.pl, and more.
    let cases: &[(&[&str], Option<&[u8]>)] = &[
        (&["--files0-from=-", "no-such"], Some(b"a")),
        (&["--files0-from=missing"], None),
        (&["--files0-from=-"], Some(b"-")),
        (&["--files0-from=-"], Some(b"-\0")),
        (&["--files0-from=empty"], None),
        (&["--files0-from=/dev/null"], None),
        (&["--files0-from=-"], Some(b"\0")),
        (&["--files0-from=-"], Some(b"\0\0")),
        (&["--files0-from=-"], Some(b"g")),
        (&["--files0-from=-"], Some(b"g\0")),
        (&["--files0-from=-"], Some(b"g\0g")),
        (&["--files0-from=-"], Some(b"\0g\0")),
        (&["--files0-from=list"], None),
        (&["--files0-from=list", "-c", "-a"], None),
        (&["--files0-from=list2", "-s"], None),
        (&["--files0-from=t"], None),
        (
            &["--files0-from=-", "-c"],
            Some(b"t/small\0nonexistent\0t/e"),
        ),
        (
            &["--files0-from=list", "--files0-from=-"],
            Some(b"t/big\0t/hl"),
        ),
    ];
    for (args, stdin) in cases {
        both_in(t.path(), &[], args, *stdin);
    }
    // GNU's files0-from-dir.sh: a directory as the list is a read error,
    // in du and in wc.
    for prog in ["du", "wc"] {
        let run = |c: Cmd| c.arg("--files0-from=t").current_dir(t.path()).run();
        let ours = run(ucmd(prog))
            .code_is(1)
            .stderr_is(format!("{prog}: t: read error: Is a directory\n"));
        if have_gnu(prog) {
            ours.same_as(&run(gnu(prog)));
        }
    }
    // A closed standard input is a read error of the list.
    for args in [&["--files0-from=-"][..], &["-X", "-", "t"]] {
        let run = |c: Cmd| c.args(args).current_dir(t.path()).stdin_closed().run();
        let ours = run(ucmd("du"));
        if have_gnu("du") {
            ours.same_as(&run(gnu("du")));
        }
    }
}

#[test]
fn du_usage_errors_like_gnu() {
    let t = TempDir::new();
    make(t.path());
    for args in [
        &["--threshold=SIZE", "t"][..],
        &["-t", "SIZE", "t"],
        &["--threshold=-0", "t"],
        &["-t", "-0", "t"],
        &["-t-0", "t"],
        &["-t", " -0", "t"],
        &["--threshold=", "t"],
        &["--threshold"],
        &["-t"],
        &["-t", "1x", "t"],
        &["--thresh=99999999999999999999", "t"],
        &["-t", "-99999999999999999999", "t"],
        &["-B", "0", "t"],
        &["-B", "x", "t"],
        &["-B", "1x", "t"],
        &["--block-size=99999999999999999999", "t"],
        &["--block=", "t"],
        &["-d", "x", "t"],
        &["-d", "-1", "t"],
        &["--max-depth=", "t"],
        &["-d", "99999999999999999999", "t"],
        &["--bogus", "-d", "x", "t"],
        &["-as", "t"],
        &["-s", "-d", "0", "t"],
        &["-s", "-d", "1", "t"],
        &["--inodes", "-b", "t"],
        &["--inodes", "--apparent-size", "-s", "t"],
        &["--time=bogus", "t"],
        &["--time=", "t"],
        &["--time", "--time-style=bogus", "t"],
        &["--time", "--time-style=posix-iso", "t"],
        &["--time", "--time-style=locale", "t"],
        &["--time-sty=iso", "t"],
        &["--tim", "t"],
        &["--si=x", "t"],
        &["--e", "t"],
        &["--s", "t"],
        &["--ti", "t"],
        &["--d", "t"],
        &["--b", "t"],
        &["--th=1", "--ap", "--in", "t"],
        &["-q", "t"],
        &["", "t"],
        &["nonexistent", "t/e"],
        &["-x"],
        &["--", "-a"],
    ] {
        both(t.path(), &[], args);
    }
}

#[test]
fn du_unreadable_directories_as_nobody() {
    use crate::tree::as_nobody;
    // d/sub (mode 0) cannot be read, d/nox (no search) cannot be
    // entered: their sizes still count (GNU's inacc-dir.sh, no-x.sh,
    // inacc-dest.sh).
    let mk = |d: &Path| {
        std::fs::create_dir_all(d.join("d/sub/s")).unwrap();
        std::fs::create_dir_all(d.join("d/nox/y")).unwrap();
        std::fs::create_dir_all(d.join("d/ok")).unwrap();
        std::fs::write(d.join("d/nox/j"), "x").unwrap();
        std::fs::write(d.join("d/ok/f"), "12345").unwrap();
        crate::tree::set_mode(&d.join("d/sub"), 0);
        crate::tree::set_mode(&d.join("d/nox"), 0o644);
    };
    let t = TempDir::new();
    mk(t.path());
    crate::tree::set_mode(t.path(), 0o755);
    for args in [
        &["d"][..],
        &["-s", "d"],
        &["-a", "d"],
        &["-S", "--inodes", "d"],
        &["-c", "d/sub", "d/nox", "d/ok"],
        &["-L", "-a", "d"],
        &["d/nox/j"],
    ] {
        let Some(ours) = as_nobody(false, "du", args, t.path()) else {
            return;
        };
        let theirs = as_nobody(true, "du", args, t.path()).unwrap();
        let gnu_err = String::from_utf8_lossy(&theirs.stderr).replace("/usr/bin/du:", "du:");
        assert_eq!(ours.stderr_str(), gnu_err, "du {args:?}");
        assert_eq!(ours.stdout_str(), theirs.stdout_str(), "du {args:?}");
        assert_eq!(ours.code, theirs.code, "du {args:?}");
    }
}

#[test]
fn du_sizes_past_u64_are_infinity() {
    // Three sparse files of 2^63-1 bytes on a tmpfs add up past 2^64.
    let shm = Path::new("/dev/shm");
    if !shm.is_dir() {
        return;
    }
    let t = TempDir::new_in(shm);
    for f in ["f1", "f2", "f3"] {
        let file = std::fs::File::create(t.join(f)).unwrap();
        if file.set_len(i64::MAX as u64).is_err() {
            return;
        }
    }
    both(t.path(), &[], &["-ab", "."]);
    both(t.path(), &[], &["-hbc", ".", "f1"]);
    both(t.path(), &[], &["--apparent-size", "-s", "-t", "-1", "."]);
    ucmd("du")
        .args(&["-bs", "."])
        .current_dir(t.path())
        .run()
        .success()
        .stdout_is("Infinity\t.\n");
}

#[test]
fn du_write_error() {
    let t = TempDir::new();
    make(t.path());
    let ours = ucmd("du")
        .args(&["-a", "t"])
        .current_dir(t.path())
        .stdout_to(Out::Full)
        .run();
    ours.code_is(1).stderr_is("du: write error\n");
    if have_gnu("du") {
        let theirs = gnu("du")
            .args(&["-a", "t"])
            .current_dir(t.path())
            .stdout_to(Out::Full)
            .run();
        assert_eq!(theirs.code, Some(1));
        assert_eq!(theirs.stderr_str(), "du: write error\n");
    }
    // A closed standard output keeps its errno.
    ucmd("du")
        .arg("t")
        .current_dir(t.path())
        .stdout_to(Out::Closed)
        .run()
        .code_is(1)
        .stderr_is("du: write error: Bad file descriptor\n");
}

#[test]
fn du_deeper_than_path_max() {
    let t = TempDir::new();
    let deep = vec!["d"; 5000].join("/");
    ucmd("mkdir")
        .current_dir(t.path())
        .args(&["-p", &deep])
        .run()
        .success();
    std::fs::write(t.join("d/f"), vec![0u8; 10_000]).unwrap();
    let ours = ucmd("du").arg("d").current_dir(t.path()).run().success();
    let lines = ours.stdout_str().lines().count();
    assert_eq!(lines, 5000);
    assert!(ours.stdout_str().lines().last().unwrap().ends_with("\td"));
    both(t.path(), &[], &["d"]);
    both(t.path(), &[], &["-s", "--inodes", "d"]);
    both(t.path(), &[], &["-d", "4990", "-b", "d"]);
    both(t.path(), &[], &["--exclude=d", "-a", "d/d"]);
    // -L examines each file by its whole path, as GNU's fts does: past
    // PATH_MAX, 'File name too long'.
    both(t.path(), &[], &["-L", "d"]);
    ucmd("rm")
        .current_dir(t.path())
        .args(&["-r", "d"])
        .run()
        .success();
}

/// Unmounts a bind mount made by a test, whatever happens.
struct Unmount(std::path::PathBuf);

impl Drop for Unmount {
    fn drop(&mut self) {
        let _ = host("umount").arg(&self.0).run();
    }
}

#[test]
fn du_bind_mount_cycles() {
    // GNU's bind-mount-dir-cycle.sh and -v2: a directory bound below
    // itself is a mount point in the cycle, no corrupted file system.
    let t = TempDir::new();
    std::fs::create_dir_all(t.join("a/b/c")).unwrap();
    std::fs::write(t.join("a/f"), "x").unwrap();
    if !crate::tree::is_root() {
        return;
    }
    let r = host("mount")
        .args(&["--bind", "a", "a/b/c"])
        .current_dir(t.path())
        .run();
    if r.code != Some(0) {
        return;
    }
    let _guard = Unmount(t.join("a/b/c"));
    for args in [
        &["a"][..],
        &["a/b"],
        &["-a", "a/b"],
        &["-l", "a/b"],
        &["-L", "a/b"],
        &["a/b", "a"],
        &["-x", "a"],
    ] {
        both(t.path(), &[], args);
    }
    let out = ucmd("du").arg("a/b").current_dir(t.path()).run().success();
    let names: Vec<String> = out
        .stdout_str()
        .lines()
        .map(|l| l.split('\t').nth(1).unwrap().to_string())
        .collect();
    assert_eq!(names, ["a/b/c", "a/b"]);
}

#[test]
fn du_one_file_system() {
    // GNU's one-file-system.sh: /dev/shm (a tmpfs) is another file
    // system than the temporary directory, when it exists.
    let shm = Path::new("/dev/shm");
    if !shm.is_dir() {
        return;
    }
    let t = TempDir::new();
    let other = TempDir::new_in(shm);
    std::fs::create_dir_all(t.join("b/c")).unwrap();
    std::fs::create_dir_all(t.join("d")).unwrap();
    std::fs::create_dir_all(other.join("x/y")).unwrap();
    symlink(other.join("x"), t.join("d/x")).unwrap();
    t.write("f", "abc");
    for args in [
        &["-ax", "b"][..],
        &["-xL", "d"],
        &["-xLa", "d"],
        &["-L", "d"],
        &["-x", "f"],
        &["-xs", "f"],
        &["-x", "d/x/"],
    ] {
        both(t.path(), &[], args);
    }
}
