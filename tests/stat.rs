use crate::harness::*;
use std::os::unix::fs::symlink;
use std::path::Path;

/// A directory with one file of each type the tests need, with fixed
/// times (negative and fractional ones too).
fn tree() -> TempDir {
    let t = TempDir::new();
    let d = t.path();
    std::fs::write(d.join("plain"), "hello\n").unwrap();
    std::fs::write(d.join("empty"), "").unwrap();
    std::fs::write(d.join("a b"), "x").unwrap();
    std::fs::write(d.join("it's"), "x").unwrap();
    std::fs::write(d.join("nl\nname"), "x").unwrap();
    std::fs::write(d.join("caf\u{e9}"), "x").unwrap();
    std::fs::create_dir(d.join("dir")).unwrap();
    symlink("plain", d.join("lnk")).unwrap();
    symlink("a b", d.join("l b")).unwrap();
    symlink("nowhere", d.join("dangling")).unwrap();
    host("mkfifo").arg(d.join("fifo")).run().success();
    for (name, when) in [
        ("plain", "1969-12-31 23:59:59.25"),
        ("empty", "@-1"),
        ("a b", "2038-01-19 03:14:08.123456789"),
        ("dir", "@0"),
    ] {
        host("touch")
            .env("TZ", "UTC0")
            .args(&["-h", "-d", when])
            .arg(d.join(name))
            .run()
            .success();
    }
    // Reading a link sets its access time once (relatime): done here, so
    // that GNU's run before ours changes nothing.
    for l in ["lnk", "l b", "dangling"] {
        std::fs::read_link(d.join(l)).unwrap();
    }
    host("chmod")
        .args(&["6755", "plain"])
        .current_dir(d)
        .run()
        .success();
    host("chmod")
        .args(&["1777", "dir"])
        .current_dir(d)
        .run()
        .success();
    t
}

/// Runs GNU's stat and ours alike. File-system counts (free blocks and
/// inodes) move while other tests write: a difference is retried.
fn both(dir: &Path, env: &[(&str, &str)], args: &[&str]) {
    let run = |mut c: Cmd| {
        for (k, v) in env {
            c = c.env(k, v);
        }
        c.args(args).current_dir(dir).run()
    };
    for _ in 0..100 {
        let theirs = run(gnu("stat"));
        let ours = run(ucmd("stat"));
        if ours.stdout == theirs.stdout && ours.stderr == theirs.stderr || !args.contains(&"-f") {
            ours.same_as(&theirs);
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    // Other tests kept writing for ten seconds: the counts may differ by
    // a little, everything else not at all.
    let (theirs, ours) = (run(gnu("stat")), run(ucmd("stat")));
    assert_eq!(ours.stderr, theirs.stderr);
    let words = |o: &Output| -> Vec<String> {
        let t = String::from_utf8_lossy(&o.stdout).into_owned();
        t.split(|c: char| !c.is_ascii_alphanumeric())
            .map(String::from)
            .collect()
    };
    let (w1, w2) = (words(&ours), words(&theirs));
    assert_eq!(w1.len(), w2.len(), "{w1:?} {w2:?}");
    for (a, b) in w1.iter().zip(&w2) {
        match (a.parse::<u64>(), b.parse::<u64>()) {
            (Ok(x), Ok(y)) => assert!(x.abs_diff(y) <= x.max(y) / 100, "{a} {b}"),
            _ => assert_eq!(a, b),
        }
    }
}

const NAMES: [&str; 12] = [
    "plain",
    "empty",
    "a b",
    "it's",
    "nl\nname",
    "caf\u{e9}",
    "dir",
    "lnk",
    "l b",
    "dangling",
    "fifo",
    "/dev/null",
];

#[test]
fn default_output_as_gnu() {
    if !have_gnu("stat") {
        return;
    }
    let t = tree();
    for tz in ["UTC0", "Europe/Berlin", "<+0530>-5:30"] {
        let env = [("TZ", tz)];
        both(t.path(), &env, &NAMES);
        both(t.path(), &env, &[&["-L"][..], &NAMES].concat());
        both(t.path(), &env, &[&["-t"][..], &NAMES].concat());
        both(t.path(), &env, &["-f", ".", "/", "/proc", "/dev"]);
        both(t.path(), &env, &["-f", "-t", ".", "/proc"]);
    }
    // Errors: a missing file, standard input in file-system mode.
    both(t.path(), &[], &["plain", "missing", "-"]);
    both(t.path(), &[], &["-f", "-", "missing", "."]);
    both(t.path(), &[], &[]);
    both(t.path(), &[], &["--cached=x", "plain"]);
    both(t.path(), &[], &["--cached=al", "-c", "%s", "plain"]);
    both(t.path(), &[], &["--cached=never", "-c", "%s", "plain"]);
}

#[test]
fn every_directive_as_gnu() {
    if !have_gnu("stat") {
        return;
    }
    let t = tree();
    let file = "%a|%A|%b|%B|%d|%D|%Hd|%Ld|%f|%F|%g|%G|%h|%i|%m|%n|%N|%o|%s|%r|%R|%Hr|%Lr|%t|%T|%u|%U|%w|%W|%x|%X|%y|%Y|%z|%Z";
    let fs = "%a|%b|%c|%d|%f|%i|%l|%n|%s|%S|%t|%T|%q|%Hd";
    for args in [
        &["-c", file][..],
        &["-L", "-c", file],
        &["--printf", file],
        &["-c", "%q|%5q|%%|%Hx|%H|%L|%Hd%Lr%Ld|%"],
    ] {
        both(t.path(), &[("TZ", "UTC0")], &[args, &NAMES].concat());
    }
    both(t.path(), &[], &["-f", "-c", fs, ".", "/proc", "/"]);
    both(t.path(), &[], &["-c", "%5%", "plain"]);
    both(t.path(), &[], &["-c", "%-%", "plain"]);
    both(t.path(), &[], &["-c", "%C", "plain"]);
}

#[test]
fn printf_flags_widths_and_precisions() {
    if !have_gnu("stat") {
        return;
    }
    let t = tree();
    let fmts = [
        "%#a %05a %-6a| %#o %x %#f %+s % s %'s %08s %-8s| %I5i",
        "%10.3n|%-10.3n|%.2A|%20F|%-20F|%3U|%.1G",
        "%#D %#10R %-#10t %010T %+h %+d %+u",
        "%X %.X %.0X %.3X %.9X %.10X %.12X %5.3X %-5.3X %010.3X %+.3X % .3X %20.15X %-20.15X",
        "%Y %.3Y %.1Y %12.1Y %-12.1Y %012.1Y %3.1Y %2.1Y %1.1Y %.15Y %30.15Y",
        "%W %.3W %10W %-10W %010W",
    ];
    for f in fmts {
        both(t.path(), &[], &[&["-c", f][..], &NAMES[..4]].concat());
        both(t.path(), &[], &["--printf", f, "dir", "fifo"]);
    }
}

#[test]
fn printf_escapes() {
    if !have_gnu("stat") {
        return;
    }
    let t = tree();
    for f in [
        r"a\tb\n\x41\x4a2\101\1234\0q\e\a\b\f\r\v\\\x\xZ",
        r#"\"quoted\" %n\n"#,
        r"unknown \q and \%",
        r"trailing \",
    ] {
        both(t.path(), &[], &["--printf", f, "plain"]);
        // -c leaves backslashes alone.
        both(t.path(), &[], &["-c", f, "plain"]);
    }
}

#[test]
fn quoting_styles_of_n() {
    if !have_gnu("stat") {
        return;
    }
    let t = tree();
    for style in [
        "",
        "literal",
        "shell",
        "shell-always",
        "shell-escape",
        "shell-escape-always",
        "c",
        "c-maybe",
        "escape",
        "locale",
        "clocale",
        "loc",
        "sh",
        "bogus",
    ] {
        for lang in ["C", "C.UTF-8"] {
            let mut env = vec![("LC_ALL", lang)];
            if !style.is_empty() {
                env.push(("QUOTING_STYLE", style));
            }
            both(t.path(), &env, &[&["-c", "%N"][..], &NAMES].concat());
            // Without %N in the format the variable is not even read.
            both(t.path(), &env, &["-c", "%n", "a b"]);
        }
    }
}

#[test]
fn times_before_1970_and_far_away() {
    if !have_gnu("stat") {
        return;
    }
    let t = tree();
    let f = t.join("far");
    std::fs::write(&f, "").unwrap();
    for when in [
        "@-1.5",
        "@-0.25",
        "@67767976233316800",
        "@-67768040609740800",
        "@253402300800",
    ] {
        if !host("touch")
            .args(&["-d", when])
            .arg(&f)
            .run()
            .code
            .eq(&Some(0))
        {
            continue;
        }
        for tz in ["UTC0", "America/New_York"] {
            both(
                t.path(),
                &[("TZ", tz)],
                &["-c", "%x|%X|%.3X|%y|%.9Y|%-8.2Y|%08.2Y", "far"],
            );
        }
    }
}

#[test]
fn mount_points() {
    if !have_gnu("stat") {
        return;
    }
    let t = tree();
    both(
        t.path(),
        &[],
        &[
            "-c",
            "%m",
            "plain",
            "dir",
            "lnk",
            "dangling",
            "/",
            "/proc/self",
            "/dev/null",
            "/sys",
            ".",
        ],
    );
    both(t.path(), &[], &["-L", "-c", "%m", "lnk", "/proc/self"]);
}

#[test]
fn write_error_and_help() {
    let t = tree();
    ucmd("stat")
        .args(&["-c", "%n"])
        .arg(t.join("plain"))
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("stat: write error: No space left on device\n");
    ucmd("stat")
        .run()
        .code_is(1)
        .stderr_is("stat: missing operand\nTry 'stat --help' for more information.\n");
}

#[test]
fn literal_expectations() {
    let t = tree();
    ucmd("stat")
        .env("TZ", "UTC0")
        .args(&["-c", "%n %s %a %A %F %X %.3X %x", "plain", "empty", "a b"])
        .current_dir(t.path())
        .run()
        .success()
        .stdout_is(
            "plain 6 6755 -rwsr-sr-x regular file -1 -0.750 1969-12-31 23:59:59.250000000 +0000\n\
             empty 0 644 -rw-r--r-- regular empty file -1 -1.000 1969-12-31 23:59:59.000000000 +0000\n\
             a b 1 644 -rw-r--r-- regular file 2147483648 2147483648.123 2038-01-19 03:14:08.123456789 +0000\n",
        );
    ucmd("stat")
        .args(&["-c", "%N", "l b", "it's"])
        .current_dir(t.path())
        .run()
        .success()
        .stdout_is("'l b' -> 'a b'\n\"it's\"\n");
}
