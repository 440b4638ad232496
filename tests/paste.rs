use crate::harness::*;

fn files() -> TempDir {
    let t = TempDir::new();
    t.write("a", "a1\na2\n");
    t.write("b", "b1\nb2\nb3");
    t.write("c", "c1\n");
    t.write("e", "");
    t
}

fn paste(t: &TempDir, args: &[&str]) -> Output {
    ucmd("paste")
        .current_dir(t.path())
        .args(args)
        .stdin("i1\ni2\ni3\n")
        .run()
}

#[test]
fn parallel() {
    let t = files();
    paste(&t, &["a", "b"])
        .success()
        .stdout_is("a1\tb1\na2\tb2\n\tb3\n");
    paste(&t, &["b", "a"]).stdout_is("b1\ta1\nb2\ta2\nb3\t\n");
    paste(&t, &["a", "e", "c"]).stdout_is("a1\t\tc1\na2\t\t\n");
    paste(&t, &["e", "e"]).no_stdout();
    paste(&t, &["b"]).stdout_is("b1\nb2\nb3\n");
    paste(&t, &[]).stdout_is("i1\ni2\ni3\n");
    // Every `-` takes the next line of the one standard input.
    paste(&t, &["-", "-"]).stdout_is("i1\ti2\ni3\t\n");
    paste(&t, &["a", "-", "-"]).stdout_is("a1\ti1\ti2\na2\ti3\t\n");
    paste(&t, &["-", "a", "-"]).stdout_is("i1\ta1\ti2\ni3\ta2\t\n");
}

#[test]
fn delimiters() {
    let t = files();
    paste(&t, &["-d,", "a", "b"]).stdout_is("a1,b1\na2,b2\n,b3\n");
    paste(&t, &["--delimiters=:;", "a", "b", "c", "a"])
        .stdout_is("a1:b1;c1:a1\na2:b2;:a2\n:b3;:\n");
    paste(&t, &["-d", "", "a", "b"]).stdout_is("a1b1\na2b2\nb3\n");
    paste(&t, &["-d", "\\0", "a", "b"]).stdout_is("a1b1\na2b2\nb3\n");
    paste(&t, &["-d", "x\\0", "a", "b", "c"]).stdout_is("a1xb1c1\na2xb2\nxb3\n");
    paste(&t, &["-d", "\\n", "a", "b"]).stdout_is("a1\nb1\na2\nb2\n\nb3\n");
    paste(&t, &["-d", "\\t\\\\", "a", "b", "c"]).stdout_is("a1\tb1\\c1\na2\tb2\\\n\tb3\\\n");
    paste(&t, &["-d", "\\b\\f\\r\\v\\q", "a", "a", "a", "a", "a", "a"])
        .stdout_is("a1\x08a1\x0ca1\ra1\x0ba1qa1\na2\x08a2\x0ca2\ra2\x0ba2qa2\n");
    // Bytes, not characters, in GNU 9.1.
    paste(&t, &["-d", "é", "a", "c"]).stdout_is(b"a1\xc3c1\na2\xc3\n".as_slice());
}

#[test]
fn unescaped_backslash() {
    let t = files();
    for (list, shown) in [
        ("\\", "\\"),
        ("a\\\\\\", "a\\\\\\"),
        ("a\"\\", "\"a\\\"\\\\\""),
    ] {
        paste(&t, &["-d", list, "a"])
            .code_is(1)
            .no_stdout()
            .stderr_is(format!(
                "paste: delimiter list ends with an unescaped backslash: {shown}\n"
            ));
    }
    // Printable multibyte characters stay as they are under UTF-8.
    ucmd("paste")
        .env("LC_ALL", "C.UTF-8")
        .args(&["-d", "é\\", "-"])
        .run()
        .code_is(1)
        .stderr_is("paste: delimiter list ends with an unescaped backslash: é\\\n");
    paste(&t, &["-d", "é\\", "a"])
        .code_is(1)
        .stderr_is("paste: delimiter list ends with an unescaped backslash: \"\\303\\251\\\\\"\n");
    paste(&t, &["-d", "\t\\", "a"])
        .code_is(1)
        .stderr_is("paste: delimiter list ends with an unescaped backslash: \"\\t\\\\\"\n");
}

#[test]
fn serial() {
    let t = files();
    paste(&t, &["-s", "a", "b"])
        .success()
        .stdout_is("a1\ta2\nb1\tb2\tb3\n");
    paste(&t, &["--serial", "e", "c"]).stdout_is("\nc1\n");
    paste(&t, &["-s", "-d", ",;", "b", "-"]).stdout_is("b1,b2;b3\ni1,i2;i3\n");
    paste(&t, &["-s", "-", "-"]).stdout_is("i1\ti2\ti3\n\n");
    ucmd("paste")
        .arg("-s")
        .stdin("x\n\ny")
        .run()
        .stdout_is("x\t\ty\n");
}

#[test]
fn zero_terminated() {
    let t = TempDir::new();
    t.write("a", "a\n1\0a2\0");
    t.write("b", "b1\0b2");
    ucmd("paste")
        .current_dir(t.path())
        .args(&["-z", "a", "b"])
        .run()
        .stdout_is("a\n1\tb1\0a2\tb2\0");
    ucmd("paste")
        .current_dir(t.path())
        .args(&["--zero-terminated", "-s", "a", "b"])
        .run()
        .stdout_is("a\n1\ta2\0b1\tb2\0");
}

#[test]
fn errors() {
    let t = files();
    // In parallel, a file that cannot be opened ends everything at once.
    paste(&t, &["a", "missing", "b"])
        .code_is(1)
        .no_stdout()
        .stderr_is("paste: missing: No such file or directory\n");
    // Serially, the others are still pasted.
    paste(&t, &["-s", "missing", "c"])
        .code_is(1)
        .stdout_is("c1\n")
        .stderr_is("paste: missing: No such file or directory\n");
    paste(&t, &["a", "."])
        .code_is(1)
        .stdout_is("a1\t\na2\t\n")
        .stderr_is("paste: .: Is a directory\n");
    paste(&t, &["-s", ".", "c"])
        .code_is(1)
        .stdout_is("\nc1\n")
        .stderr_is("paste: .: Is a directory\n");
    paste(&t, &["-x"])
        .code_is(1)
        .stderr_is("paste: invalid option -- 'x'\nTry 'paste --help' for more information.\n");
    ucmd("paste")
        .current_dir(t.path())
        .args(&["-", "a"])
        .stdin_closed()
        .run()
        .code_is(1)
        .stderr_is("paste: standard input is closed\n");
    ucmd("paste")
        .current_dir(t.path())
        .arg("a")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("paste: write error: No space left on device\n");
}

#[test]
fn long_lines_and_nul_bytes() {
    let t = TempDir::new();
    let long = "x".repeat(200_000);
    t.write("l", format!("{long}\n{long}"));
    t.write("n", b"\x00a\xff\n\r\n".as_slice());
    ucmd("paste")
        .current_dir(t.path())
        .args(&["l", "n"])
        .run()
        .stdout_is(
            [
                format!("{long}\t").as_bytes(),
                b"\x00a\xff\n",
                long.as_bytes(),
                b"\t\r\n",
            ]
            .concat(),
        );
}

#[test]
fn differential() {
    let t = files();
    t.write("z", b"\xff\x00\n\r\n\n".as_slice());
    let cases: &[&[&str]] = &[
        &["a", "b", "c", "e", "z"],
        &["-d", "\\n,", "b", "z", "a"],
        &["-s", "-d", "ab\\0", "a", "b", "z", "e"],
        &["-z", "a", "z"],
        &["-sz", "b", "z"],
        &["-d", "\\", "a"],
        &["-d", "\u{1}\\", "a"],
        &["b", "missing"],
    ];
    for args in cases {
        same_as_gnu("paste", args, None, Some(t.path()));
    }
    same_as_gnu("paste", &["-", "-", "-"], Some(b"1\n2\n3\n4\n5"), None);
    same_as_gnu(
        "paste",
        &["-s", "-d", "\\t\\n", "-"],
        Some(b"1\n2\n3\n4\n5"),
        None,
    );
}

#[test]
fn endless_lines_in_bounded_memory() {
    let a200m = "head -c 200000000 /dev/zero | tr '\\0' a";
    let run = |script: &str| with_memory_limit(16, script);
    let Some(o) = run(&format!("{a200m} | cb paste - | wc -c")) else {
        return;
    };
    o.success().no_stderr().stdout_is("200000001\n");
    run(&format!(
        "({a200m}; echo; echo b) | cb paste -d, - - | tail -c 4"
    ))
    .unwrap()
    .no_stderr()
    .stdout_is("a,b\n");
    run(&format!("{a200m} | cb paste -s -z - | wc -c"))
        .unwrap()
        .no_stderr()
        .stdout_is("200000001\n");
    run(&format!(
        "({a200m}; printf '\\nx\\n') | cb paste -s -d: | tail -c 4"
    ))
    .unwrap()
    .no_stderr()
    .stdout_is("a:x\n");
}

/// Random inputs with lines longer than the input buffer (64 KiB) on and
/// around its edges, in parallel (several `-` sharing standard input,
/// files of different lengths) and serially.
#[test]
fn long_lines_differential() {
    if !have_gnu("paste") {
        return;
    }
    let t = TempDir::new();
    let mut rng = Rng::new(7);
    let runs = [0, 1, 65_535, 65_536, 65_537, 131_072, 150_000];
    let gen = |rng: &mut Rng| {
        let mut v = Vec::new();
        for _ in 0..rng.below(5) {
            v.extend(std::iter::repeat_n(b'x', *rng.pick(&runs)));
            v.push(*rng.pick(b"\n\n\0y"));
        }
        v
    };
    for _ in 0..25 {
        t.write("f", gen(&mut rng));
        t.write("g", gen(&mut rng));
        let stdin = gen(&mut rng);
        for args in [
            &["-", "f", "-", "g"][..],
            &["-d", "ab", "f", "g", "f"],
            &["-s", "-d", ":,", "-", "g"],
            &["-z", "-", "-", "f"],
            &["-s", "-z", "f", "-"],
        ] {
            same_as_gnu("paste", args, Some(&stdin), Some(t.path()));
        }
    }
}
