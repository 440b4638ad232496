use crate::harness::*;

#[test]
fn default_counts_and_widths() {
    let t = TempDir::new();
    t.write("h3", "a\nb\nc\n");
    t.write("nl", "a\nb");
    let at = |args: &[&str]| ucmd("wc").current_dir(t.path()).args(args).run();
    at(&["h3"]).success().stdout_is("3 3 6 h3\n");
    at(&["-l", "h3"]).stdout_is("3 h3\n");
    at(&["h3", "h3"]).stdout_is(" 3  3  6 h3\n 3  3  6 h3\n 6  6 12 total\n");
    at(&["-L", "nl", "h3"]).stdout_is("1 nl\n1 h3\n1 total\n");
    at(&["-lc", "h3"]).stdout_is("3 6 h3\n");
    at(&[
        "--bytes",
        "--chars",
        "--lines",
        "--words",
        "--max-line-length",
        "h3",
    ])
    .stdout_is("3 3 6 6 1 h3\n");
    ucmd("wc")
        .stdin("a b\nc")
        .run()
        .success()
        .stdout_is("      1       3       5\n");
    ucmd("wc").arg("-c").stdin("x").run().stdout_is("1\n");
    ucmd("wc")
        .current_dir(t.path())
        .arg("-")
        .stdin("x y\n")
        .run()
        .stdout_is("      1       2       4 -\n");
    ucmd("wc")
        .arg("/dev/null")
        .run()
        .stdout_is("      0       0       0 /dev/null\n");
}

#[test]
fn words_and_line_length_rules() {
    // Unprintable bytes neither start nor end words; tabs go to the next
    // multiple of 8; CR and FF end the measured line.
    ucmd("wc")
        .args(&["-wL"])
        .stdin(b"a b\n\x01\x01 c\tdd\n".as_slice())
        .run()
        .stdout_is("      4      10\n");
    ucmd("wc")
        .arg("-w")
        .stdin(b"a\x80b c".as_slice())
        .run()
        .stdout_is("2\n");
    ucmd("wc")
        .arg("-L")
        .stdin("abcdef\rab\n")
        .run()
        .stdout_is("6\n");
    ucmd("wc")
        .arg("-L")
        .env("LC_ALL", "C")
        .stdin("日本\n")
        .run()
        .stdout_is("0\n");
}

#[test]
fn utf8_locale() {
    let u = |args: &[&str], input: &[u8], want: &str| {
        ucmd("wc")
            .env("LC_ALL", "C.UTF-8")
            .args(args)
            .stdin(input)
            .run()
            .success()
            .stdout_is(want);
    };
    u(&["-m"], "日本語\n".as_bytes(), "4\n");
    u(&["-L"], "日本\n".as_bytes(), "4\n");
    u(&["-mL"], "e\u{301}\n".as_bytes(), "      3       1\n");
    u(&["-wm"], b"a\x80b c", "      2       4\n");
    u(&["-w"], "a\u{a0}b\u{2003}c".as_bytes(), "3\n");
    ucmd("wc")
        .env("LC_ALL", "C.UTF-8")
        .env("POSIXLY_CORRECT", "1")
        .arg("-w")
        .stdin("a\u{a0}b")
        .run()
        .stdout_is("1\n");
    u(&["-c"], "日本".as_bytes(), "6\n");
    // A long input whose characters straddle read boundaries.
    let big = "日本語 text é😀\n".repeat(50_000);
    let chars = big.chars().count();
    u(&["-m"], big.as_bytes(), &format!("{chars}\n"));
    let mut broken = big.clone().into_bytes();
    broken.extend_from_slice(b"\xe6\x97");
    u(
        &["-mc"],
        &broken,
        &format!("{:>7} {:>7}\n", chars, broken.len()),
    );
}

#[test]
fn files0_from() {
    let t = TempDir::new();
    t.write("h3", "a\nb\nc\n");
    t.write("list", b"h3\0h3\0".as_slice());
    t.write("bad", b"h3\0\0x\n\0".as_slice());
    let at = |args: &[&str]| ucmd("wc").current_dir(t.path()).args(args).run();
    at(&["--files0-from=list"])
        .success()
        .stdout_is(" 3  3  6 h3\n 3  3  6 h3\n 6  6 12 total\n");
    at(&["--files0-from=bad"])
        .code_is(1)
        .stdout_is("3 3 6 h3\n3 3 6 total\n")
        .stderr_is(
            "wc: bad:2: invalid zero-length file name\nwc: 'x'$'\\n': No such file or directory\n",
        );
    ucmd("wc")
        .current_dir(t.path())
        .arg("--files0-from=-")
        .stdin(b"h3\0-\0".as_slice())
        .run()
        .code_is(1)
        .stdout_is("3 3 6 h3\n3 3 6 total\n")
        .stderr_is("wc: when reading file names from stdin, no file name of '-' allowed\n");
    at(&["--files0-from=list", "h3"]).code_is(1).stderr_is(
        "wc: extra operand 'h3'\nfile operands cannot be combined with --files0-from\nTry 'wc --help' for more information.\n",
    );
    at(&["--files0-from=nonexist"])
        .code_is(1)
        .stderr_is("wc: cannot open 'nonexist' for reading: No such file or directory\n");
}

#[test]
fn total_modes() {
    let t = TempDir::new();
    t.write("h3", "a\nb\nc\n");
    let at = |args: &[&str]| ucmd("wc").current_dir(t.path()).args(args).run();
    at(&["--total=always", "h3"]).stdout_is("3 3 6 h3\n3 3 6 total\n");
    at(&["--total=never", "h3", "h3"]).stdout_is(" 3  3  6 h3\n 3  3  6 h3\n");
    at(&["--total=only", "h3", "h3"]).stdout_is(" 6  6 12\n");
    at(&["--total=auto", "h3"]).stdout_is("3 3 6 h3\n");
    at(&["--tot=al", "h3"]).stdout_is("3 3 6 h3\n3 3 6 total\n");
    at(&["--total=x"]).code_is(1).stderr_is(
        "wc: invalid argument 'x' for '--total'\nValid arguments are:\n  - 'auto'\n  - 'always'\n  - 'only'\n  - 'never'\nTry 'wc --help' for more information.\n",
    );
    at(&["--total=a"])
        .code_is(1)
        .stderr_contains("wc: ambiguous argument 'a' for '--total'\n");
}

#[test]
fn errors() {
    let t = TempDir::new();
    t.write("h3", "a\nb\nc\n");
    std::fs::create_dir(t.join("d")).unwrap();
    let at = |args: &[&str]| ucmd("wc").current_dir(t.path()).args(args).run();
    at(&["nonexist", "h3"])
        .code_is(1)
        .stdout_is("3 3 6 h3\n3 3 6 total\n")
        .stderr_is("wc: nonexist: No such file or directory\n");
    at(&["d"])
        .code_is(1)
        .stdout_is("      0       0       0 d\n")
        .stderr_is("wc: d: Is a directory\n");
    at(&[""])
        .code_is(1)
        .stderr_is("wc: invalid zero-length file name\n");
    at(&["-k"])
        .code_is(1)
        .stderr_is("wc: invalid option -- 'k'\nTry 'wc --help' for more information.\n");
    ucmd("wc")
        .current_dir(t.path())
        .arg("h3")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("wc: write error\n");
    ucmd("wc")
        .stdin_closed()
        .run()
        .code_is(1)
        .stderr_contains("wc: -: Bad file descriptor\n");
}

#[test]
fn matches_gnu() {
    let t = TempDir::new();
    t.write(
        "u8",
        b"a\xc2\xa0b\xe2\x80\x83c \xe6\x97\xa5\xe6\x9c\xac\n\xff\x80x\te\r\n".as_slice(),
    );
    t.write("h3", "a\nb\nc\n");
    t.write("nul", b"a\0b c\0\0d\n".as_slice());
    t.write("long", "word ".repeat(40_000));
    // Printable ASCII runs longer than 8 bytes between tabs, line ends,
    // controls, multibyte and invalid bytes (the -L fast path's cases).
    let mut mix = Vec::new();
    for i in 0..3000usize {
        mix.extend_from_slice(&b"abcdefghij klmnop qr"[..5 + i % 16]);
        mix.push(b"\t\n\r\x0c\x0b\x7f\x01\x1f ~\n"[i % 11]);
        mix.extend_from_slice(
            [
                "\u{e9}",
                "\u{65e5}\u{672c}",
                "x\u{301}",
                "\u{a0}",
                "",
                "\u{1f600}",
            ][i % 6]
                .as_bytes(),
        );
        if i % 7 == 0 {
            mix.extend_from_slice(b"\x80\xff\xe6\x97");
        }
    }
    t.write("mix", mix.as_slice());
    for loc in ["C", "C.UTF-8"] {
        for args in [
            &["u8"][..],
            &["-mL", "u8", "h3"],
            &["-w", "u8", "nul"],
            &["-mwlcL", "u8", "nul", "long"],
            &["-c", "u8"],
            &["-L", "long"],
            &["-L", "mix"],
            &["-lmcL", "mix", "u8"],
            &["-wL", "mix"],
            &["nonexist", "h3", "u8"],
        ] {
            if !have_gnu("wc") {
                return;
            }
            let theirs = gnu("wc")
                .env("LC_ALL", loc)
                .current_dir(t.path())
                .args(args)
                .run();
            ucmd("wc")
                .env("LC_ALL", loc)
                .current_dir(t.path())
                .args(args)
                .run()
                .same_as(&theirs);
        }
    }
}

/// A size that is a multiple of the page size may be a /proc or /sys
/// file's guess: `wc -c` reads (the end of) such files, as GNU does
/// (GNU's tests/misc/wc-proc.sh); other sizes are trusted.
#[test]
fn bytes_of_proc_and_sys_files() {
    for f in [
        "/sys/kernel/profiling",
        "/sys/kernel/mm/transparent_hugepage/enabled",
    ] {
        let Ok(data) = std::fs::read(f) else { continue };
        assert_eq!(std::fs::metadata(f).unwrap().len() % 4096, 0);
        ucmd("wc")
            .args(&["-c", f])
            .run()
            .success()
            .stdout_is(format!("{} {f}\n", data.len()));
        if have_gnu("wc") {
            same_as_gnu("wc", &["-c", f], None, None);
        }
    }
    let t = TempDir::new();
    t.write("p", vec![b'x'; 8192]);
    t.write("q", vec![b'y'; 12289]);
    let r = ucmd("wc")
        .args(&["-c", "p", "q"])
        .current_dir(t.path())
        .run();
    r.success().stdout_is(" 8192 p\n12289 q\n20481 total\n");
    same_as_gnu("wc", &["-c", "p", "q"], None, Some(t.path()));
    same_as_gnu("wc", &["-cm", "p"], None, Some(t.path()));
}
