use crate::harness::*;

fn numbers(n: u32) -> String {
    (1..=n).map(|i| format!("{i}\n")).collect()
}

#[test]
fn first_lines_and_bytes() {
    let input = numbers(20);
    ucmd("head")
        .stdin(&input)
        .run()
        .success()
        .stdout_is(numbers(10));
    ucmd("head")
        .args(&["-n", "3"])
        .stdin(&input)
        .run()
        .stdout_is("1\n2\n3\n");
    ucmd("head")
        .args(&["--lines=2"])
        .stdin(&input)
        .run()
        .stdout_is("1\n2\n");
    ucmd("head")
        .args(&["-c", "5"])
        .stdin(&input)
        .run()
        .stdout_is("1\n2\n3");
    ucmd("head")
        .args(&["--bytes", "1"])
        .stdin(&input)
        .run()
        .stdout_is("1");
    ucmd("head")
        .args(&["-n", "0"])
        .stdin(&input)
        .run()
        .success()
        .no_stdout();
    ucmd("head")
        .args(&["-c", "1K"])
        .stdin("ab")
        .run()
        .stdout_is("ab");
    ucmd("head")
        .args(&["-n", "+2"])
        .stdin(&input)
        .run()
        .stdout_is("1\n2\n");
    ucmd("head")
        .stdin("no newline")
        .run()
        .stdout_is("no newline");
}

#[test]
fn all_but_the_last() {
    let input = numbers(20);
    ucmd("head")
        .args(&["-n", "-18"])
        .stdin(&input)
        .run()
        .success()
        .stdout_is("1\n2\n");
    ucmd("head")
        .args(&["--lines=-0"])
        .stdin(&input)
        .run()
        .stdout_is(&input);
    ucmd("head")
        .args(&["-n", "-1"])
        .stdin("a\nb")
        .run()
        .stdout_is("a\n");
    ucmd("head")
        .args(&["-n", "-30"])
        .stdin(&input)
        .run()
        .success()
        .no_stdout();
    ucmd("head")
        .args(&["-c", "-3"])
        .stdin("abcdef")
        .run()
        .stdout_is("abc");
    ucmd("head")
        .args(&["-c", "-10"])
        .stdin("abc")
        .run()
        .no_stdout();
    let t = TempDir::new();
    t.write("f", numbers(100_000));
    let all = numbers(100_000);
    let want_lines: String = all.lines().take(99_990).map(|l| format!("{l}\n")).collect();
    ucmd("head")
        .current_dir(t.path())
        .args(&["-n", "-10", "f"])
        .run()
        .stdout_is(&want_lines);
    ucmd("head")
        .current_dir(t.path())
        .args(&["-c", "-100", "f"])
        .run()
        .stdout_is(&all[..all.len() - 100]);
    ucmd("head")
        .current_dir(t.path())
        .args(&["---presume-input-pipe", "-c", "-100", "f"])
        .run()
        .stdout_is(&all[..all.len() - 100]);
}

#[test]
fn zero_terminated() {
    ucmd("head")
        .args(&["-z", "-n", "1"])
        .stdin(b"a\0b\0".as_slice())
        .run()
        .stdout_is(b"a\0".as_slice());
    ucmd("head")
        .args(&["--zero-terminated", "-n", "-1"])
        .stdin(b"x\0y\0z".as_slice())
        .run()
        .stdout_is(b"x\0y\0".as_slice());
}

#[test]
fn obsolete_forms() {
    let input = numbers(20);
    ucmd("head")
        .arg("-3")
        .stdin(&input)
        .run()
        .stdout_is("1\n2\n3\n");
    ucmd("head")
        .arg("-4c")
        .stdin(&input)
        .run()
        .stdout_is("1\n2\n");
    ucmd("head")
        .arg("-1k")
        .stdin(&input)
        .run()
        .stdout_is(&input);
    ucmd("head")
        .args(&["-3", "-n", "1"])
        .stdin(&input)
        .run()
        .stdout_is("1\n");
    ucmd("head")
        .arg("-2lz")
        .stdin(b"a\0b\0c\0".as_slice())
        .run()
        .stdout_is(b"a\0b\0".as_slice());
    ucmd("head")
        .arg("-2x")
        .run()
        .code_is(1)
        .stderr_is("head: invalid trailing option -- x\nTry 'head --help' for more information.\n");
    ucmd("head")
        .args(&["-n", "2", "-5"])
        .run()
        .code_is(1)
        .stderr_is("head: invalid trailing option -- 5\nTry 'head --help' for more information.\n");
}

#[test]
fn headers() {
    let t = TempDir::new();
    t.write("a", "A\n");
    t.write("b", "B\n");
    let at = |args: &[&str]| {
        ucmd("head")
            .current_dir(t.path())
            .args(args)
            .stdin("S\n")
            .run()
    };
    at(&["a", "b"])
        .success()
        .stdout_is("==> a <==\nA\n\n==> b <==\nB\n");
    at(&["-q", "a", "b"]).stdout_is("A\nB\n");
    at(&["--quiet", "a", "-"]).stdout_is("A\nS\n");
    at(&["--silent", "a", "b"]).stdout_is("A\nB\n");
    at(&["-v", "a"]).stdout_is("==> a <==\nA\n");
    at(&["--verbose", "-"]).stdout_is("==> standard input <==\nS\n");
    at(&["nonexist", "a"])
        .code_is(1)
        .stdout_is("==> a <==\nA\n")
        .stderr_is("head: cannot open 'nonexist' for reading: No such file or directory\n");
}

#[test]
fn input_offset_is_left_after_the_lines_printed() {
    let t = TempDir::new();
    let f = t.write("f", numbers(10));
    let sh = format!(
        "({} head -n 2; cat) < {}",
        match runner() {
            Some(r) => format!("{} {} ", r.to_string_lossy(), bin().display()),
            None => format!("{} ", bin().display()),
        },
        f.display()
    );
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(&sh)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), numbers(10));
}

#[test]
fn errors() {
    let t = TempDir::new();
    std::fs::create_dir(t.join("d")).unwrap();
    ucmd("head")
        .current_dir(t.path())
        .arg("d")
        .run()
        .code_is(1)
        .stderr_is("head: error reading 'd': Is a directory\n");
    ucmd("head")
        .args(&["-n", "x"])
        .run()
        .code_is(1)
        .stderr_is("head: invalid number of lines: 'x'\n");
    ucmd("head")
        .args(&["-c", "1x"])
        .run()
        .code_is(1)
        .stderr_is("head: invalid number of bytes: '1x'\n");
    ucmd("head").args(&["-n", "99999999999999999999999"]).run().code_is(1).stderr_is(
        "head: invalid number of lines: '99999999999999999999999': Value too large for defined data type\n",
    );
    ucmd("head").arg("--bytes").run().code_is(1).stderr_is(
        "head: option '--bytes' requires an argument\nTry 'head --help' for more information.\n",
    );
    ucmd("head")
        .args(&["-c0", "nonexist"])
        .run()
        .code_is(1)
        .stderr_contains("cannot open 'nonexist'");
    ucmd("head").stdin_closed().run().code_is(1).stderr_is(
        "head: error reading 'standard input': Bad file descriptor\nhead: -: Bad file descriptor\n",
    );
    ucmd("head").args(&["-c", "-2"]).stdin_closed().run().code_is(1).stderr_is("head: cannot fstat 'standard input': Bad file descriptor\nhead: -: Bad file descriptor\n");
    ucmd("head")
        .stdin("x\n")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("head: write error: No space left on device\n");
}

#[test]
fn matches_gnu() {
    let t = TempDir::new();
    t.write("s", numbers(3000));
    t.write("nl", "a\nb");
    t.write("nul", b"a\0b\0\nc".as_slice());
    for args in [
        &["-n", "-5", "s"][..],
        &["-c", "-7", "s", "nl"],
        &["-n", "-1", "nl"],
        &["-z", "-n", "-1", "nul"],
        &["-c", "2", "-c", "-1", "nl"],
        &["-n", "-1", "-c", "2", "s"],
        &["-3", "-v", "nl"],
        &["--lin=1", "s", "--q"],
        &["-k"],
        &["-c", "-99999999999999999999"],
    ] {
        same_as_gnu("head", args, None, Some(t.path()));
    }
    same_as_gnu("head", &["-n", "-2"], Some(b"1\n2\n3\n4".as_slice()), None);
}

#[test]
fn elided_bytes_beyond_off_t_max() {
    // GNU checks -c -N against OFF_T_MAX after parsing, naming the value.
    ucmd("head")
        .args(&["-c", "-8E"])
        .stdin("abc")
        .run()
        .code_is(1)
        .stderr_is("head: invalid number of bytes: '9223372036854775808': Value too large for defined data type\n");
    ucmd("head")
        .args(&["-c", "-9223372036854775807"])
        .stdin("abc")
        .run()
        .success()
        .stdout_is("");
    for v in [
        "-9223372036854775808",
        "-18446744073709551615",
        "-08E",
        "-9223372036854775807",
    ] {
        same_as_gnu("head", &["-c", v], Some(b"abc"), None);
    }
}

/// `head -n -N` / `head -c -N` leave a seekable input just after the last
/// byte printed, so the next reader of the descriptor starts there (GNU's
/// tests/misc/head-pos.sh), with GNU's block arithmetic when a file holds
/// fewer lines than are elided.
#[test]
fn elision_leaves_the_offset_after_the_output() {
    let t = TempDir::new();
    t.write("in", "a\nb\n");
    let seq: String = (1..=70000).map(|i| format!("{i}\n")).collect();
    t.write("in2", &seq);
    let run = |script: &str| {
        let line = format!("h() {{ {} head \"$@\"; }}; {script}", corebox_line());
        host("/bin/sh")
            .args(&["-c", &line])
            .current_dir(t.path())
            .run()
            .success()
    };
    for i in ["-1", "1"] {
        run(&format!("(h -n {i} >/dev/null; cat) < in")).stdout_is("b\n");
    }
    run("(h -c -2 >/dev/null; cat) < in").stdout_is("b\n");
    run("(h -n -50000 >/dev/null; wc -l) < in2").stdout_is("50000\n");
    run("(h -c -1000 >/dev/null; wc -c) < in2").stdout_is("1000\n");
    if have_gnu("head") {
        for (f, args) in [
            ("in2", "-n -70001"),
            ("in2", "-n -69999"),
            ("in2", "-z -n -5"),
            ("in", "-n -0"),
            ("in", "-c -9"),
        ] {
            let mine = run(&format!("(h {args} >/dev/null; wc -c) < {f}")).stdout_str();
            let gnu = host("/bin/sh")
                .args(&[
                    "-c",
                    &format!("(/usr/bin/head {args} >/dev/null; wc -c) < {f}"),
                ])
                .current_dir(t.path())
                .run()
                .stdout_str();
            assert_eq!(mine, gnu, "head {args} < {f}");
        }
    }
}
