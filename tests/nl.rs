use crate::harness::*;

/// Text with header, body and footer sections (GNU's `\:` delimiters).
const SECTIONS: &str = "a\n\nb\n\\:\\:\\:\nh1\n\\:\\:\nb1\n\n\\:\nf1\n\\:\\:\nb2\n";

#[test]
fn defaults() {
    ucmd("nl")
        .stdin(SECTIONS)
        .run()
        .success()
        .stdout_is("     1\ta\n       \n     2\tb\n\n       h1\n\n     1\tb1\n       \n\n       f1\n\n     1\tb2\n");
    // A last line without a newline gets one.
    ucmd("nl").stdin("a").run().stdout_is("     1\ta\n");
    ucmd("nl").stdin("").run().success().no_stdout();
}

#[test]
fn styles() {
    ucmd("nl")
        .args(&["-ba", "-ht", "-ft"])
        .stdin(SECTIONS)
        .run()
        .stdout_is("     1\ta\n     2\t\n     3\tb\n\n     1\th1\n\n     1\tb1\n     2\t\n\n     1\tf1\n\n     1\tb2\n");
    ucmd("nl")
        .args(&["--body-numbering=n", "--header-numbering=a", "--footer-numbering=a"])
        .stdin(SECTIONS)
        .run()
        .stdout_is("       a\n       \n       b\n\n     1\th1\n\n       b1\n       \n\n     1\tf1\n\n       b2\n");
    ucmd("nl")
        .args(&["-p", "-ba"])
        .stdin(SECTIONS)
        .run()
        .stdout_is("     1\ta\n     2\t\n     3\tb\n\n       h1\n\n     4\tb1\n     5\t\n\n       f1\n\n     6\tb2\n");
    ucmd("nl")
        .args(&["--no-renumber"])
        .stdin("a\n\\:\\:\nb\n")
        .run()
        .stdout_is("     1\ta\n\n     2\tb\n");
}

#[test]
fn regex_style() {
    ucmd("nl")
        .args(&["-b", "pb"])
        .stdin("a\nb\nab\n")
        .run()
        .stdout_is("       a\n     1\tb\n     2\tab\n");
    // GNU basic syntax: \| and \+ are operators, bare + is literal.
    ucmd("nl")
        .args(&["-b", "pa\\|c"])
        .stdin("a\nb\nc\n")
        .run()
        .stdout_is("     1\ta\n       b\n     2\tc\n");
    ucmd("nl")
        .args(&["-b", "pb+"])
        .stdin("b+\nbb\n")
        .run()
        .stdout_is("     1\tb+\n       bb\n");
    ucmd("nl")
        .args(&["-b", "p^[[:digit:]]\\{2\\}$"])
        .stdin("12\n123\n")
        .run()
        .stdout_is("     1\t12\n       123\n");
    ucmd("nl")
        .args(&["-b", "p\\("])
        .run()
        .code_is(1)
        .stderr_is("nl: Unmatched ( or \\(\n");
    ucmd("nl")
        .args(&["-h", "p[[:foo:]]"])
        .run()
        .code_is(1)
        .stderr_is("nl: Invalid character class name\n");
}

#[test]
fn formats_widths_and_numbers() {
    ucmd("nl")
        .args(&["-n", "ln", "-w", "3", "-s", "|"])
        .stdin("a\n\nb\n")
        .run()
        .stdout_is("1  |a\n    \n2  |b\n");
    ucmd("nl")
        .args(&["--number-format=rz", "-v", "5", "-i", "2"])
        .stdin("a\nb\n")
        .run()
        .stdout_is("000005\ta\n000007\tb\n");
    ucmd("nl")
        .args(&["-v", "-3", "-n", "rz"])
        .stdin("a\n")
        .run()
        .stdout_is("-00003\ta\n");
    ucmd("nl")
        .args(&["-v", "-3", "-n", "ln", "-w", "4"])
        .stdin("a\n")
        .run()
        .stdout_is("-3  \ta\n");
    ucmd("nl")
        .args(&["-w", "1", "-v", "123"])
        .stdin("a\n")
        .run()
        .stdout_is("123\ta\n");
    ucmd("nl")
        .args(&["--number-separator="])
        .stdin("x\n")
        .run()
        .stdout_is("     1x\n");
    ucmd("nl")
        .args(&["--line-increment=0"])
        .stdin("a\nb\n")
        .run()
        .stdout_is("     1\ta\n     1\tb\n");
    ucmd("nl")
        .args(&["--starting-line-number=9223372036854775807"])
        .stdin("a\nb\n")
        .run()
        .code_is(1)
        .stdout_is("9223372036854775807\ta\n")
        .stderr_is("nl: line number overflow\n");
}

#[test]
fn join_blank_lines() {
    ucmd("nl")
        .args(&["-ba", "-l", "2"])
        .stdin("x\n\n\n\n\ny\n")
        .run()
        .stdout_is("     1\tx\n       \n     2\t\n       \n     3\t\n     4\ty\n");
    ucmd("nl")
        .args(&["-ba", "--join-blank-lines=3"])
        .stdin("\n\n\n\n")
        .run()
        .stdout_is("       \n       \n     1\t\n       \n");
}

#[test]
fn section_delimiters() {
    ucmd("nl")
        .args(&["-d", "XY"])
        .stdin("a\nXY\nb\n")
        .run()
        .stdout_is("     1\ta\n\n       b\n");
    ucmd("nl")
        .args(&["--section-delimiter=X"])
        .stdin("a\nX:\nb\n")
        .run()
        .stdout_is("     1\ta\n\n       b\n");
    ucmd("nl")
        .args(&["-d", ""])
        .stdin("\\:\\:\na\n")
        .run()
        .stdout_is("     1\t\\:\\:\n     2\ta\n");
    ucmd("nl")
        .args(&["-d", "abc", "-ha"])
        .stdin("abcabcabc\nh\n")
        .run()
        .stdout_is("\n     1\th\n");
}

#[test]
fn option_errors() {
    let bad = |args: &[&str], msg: &str| {
        ucmd("nl")
            .args(args)
            .run()
            .code_is(1)
            .no_stdout()
            .stderr_is(msg);
    };
    bad(
        &["-b", "x"],
        "nl: invalid body numbering style: 'x'\nTry 'nl --help' for more information.\n",
    );
    bad(
        &["-h", "x"],
        "nl: invalid header numbering style: 'x'\nTry 'nl --help' for more information.\n",
    );
    bad(
        &["-f", "x"],
        "nl: invalid footer numbering style: 'x'\nTry 'nl --help' for more information.\n",
    );
    bad(
        &["-n", "xx"],
        "nl: invalid line numbering format: 'xx'\nTry 'nl --help' for more information.\n",
    );
    bad(
        &["-w", "0"],
        "nl: invalid line number field width: '0': Numerical result out of range\n",
    );
    bad(&["-w", "x"], "nl: invalid line number field width: 'x'\n");
    bad(
        &["-w", "2147483648"],
        "nl: invalid line number field width: '2147483648': Value too large for defined data type\n",
    );
    bad(&["-v", "x"], "nl: invalid starting line number: 'x'\n");
    bad(
        &["-v", "99999999999999999999"],
        "nl: invalid starting line number: '99999999999999999999': Value too large for defined data type\n",
    );
    bad(&["-i", "x"], "nl: invalid line number increment: 'x'\n");
    bad(
        &["-l", "0"],
        "nl: invalid line number of blank lines: '0': Numerical result out of range\n",
    );
    bad(
        &["-l", "x"],
        "nl: invalid line number of blank lines: 'x'\n",
    );
}

#[test]
fn files() {
    let d = TempDir::new();
    d.write("f1", "x\n");
    d.write("f2", "y");
    std::fs::create_dir(d.join("dir")).unwrap();
    ucmd("nl")
        .args(&["f1", "-", "f2"])
        .stdin("z\n")
        .current_dir(d.path())
        .run()
        .success()
        .stdout_is("     1\tx\n     2\tz\n     3\ty\n");
    ucmd("nl")
        .args(&["dir", "nofile", "f1"])
        .current_dir(d.path())
        .run()
        .code_is(1)
        .stdout_is("     1\tx\n")
        .stderr_is("nl: dir: Is a directory\nnl: nofile: No such file or directory\n");
    ucmd("nl")
        .stdin("a\n")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("nl: write error: No space left on device\n");
}

#[test]
fn like_gnu() {
    for input in [
        SECTIONS,
        "x\n\n\n\n\ny\n",
        "a",
        "",
        "XY\nX:\n\\:\n",
        "a\0b\n\n\r\n",
    ] {
        for args in [
            &[][..],
            &["-ba", "-l", "3"],
            &["-bt", "-hp^h", "-fa"],
            &["-n", "rz", "-w", "2", "-v", "-10", "-i", "7"],
            &["-b", "p^$"],
            &["-b", "pa*\\(b\\)\\1"],
            &["-d", "X"],
        ] {
            same_as_gnu("nl", args, Some(input.as_bytes()), None);
        }
    }
}

#[test]
fn regex_skips_like_gnu() {
    // The search skips to the bytes that can change its state (here `a`,
    // then `x` or NUL): lines where they come in the wrong order, only
    // before the first one, NULs, empty and long lines.
    let long = format!(
        "a{}x\n{}a\nx{}a\n",
        " ".repeat(100),
        "b".repeat(70),
        " ".repeat(40)
    );
    let input = format!(
        "\nx a\nalpha x\na\0x\na\0ax\nxxxxxxxxxxxxxxxxxxxxxxa\n\tgamma  lorem x\nbx\n{long}"
    );
    for re in ["pa.*x", "p^a.*x", "pa[^x]*x", "px$", "pa.*$", "pa.*"] {
        same_as_gnu("nl", &["-b", re], Some(input.as_bytes()), None);
    }
    ucmd("nl")
        .args(&["-b", "pa.*x"])
        .stdin("x a\nalpha x\na\0x\na\0ax\n\n")
        .run()
        .stdout_is("       x a\n     1\talpha x\n       a\0x\n     2\ta\0ax\n       \n");
}

#[test]
fn every_bad_option_is_reported() {
    // GNU's nl notes each bad option and prints the usage line once,
    // after its loop; a bad number still ends it at once.
    ucmd("nl")
        .args(&["-bx", "-k", "-nzz", "--bogus", "-hy"])
        .run()
        .code_is(1)
        .stderr_is(
            "nl: invalid body numbering style: 'x'\nnl: invalid option -- 'k'\n\
             nl: invalid line numbering format: 'zz'\nnl: unrecognized option '--bogus'\n\
             nl: invalid header numbering style: 'y'\nTry 'nl --help' for more information.\n",
        );
    for args in [
        &["-5", "-1"][..],
        &["-0", "-v"],
        &["-b", "1", "-h"],
        &["-bx", "-i", "z"],
        &["-bx", "-bp\\("],
    ] {
        same_as_gnu("nl", args, Some(b"a\n"), None);
    }
}

/// A section delimiter resets the number and forgets an overflow: GNU
/// reports `line number overflow` only when it must print an overflowed
/// number (GNU's tests/misc/nl.sh).
#[test]
fn overflow_is_forgotten_at_a_new_section() {
    let input = "a\n\\:\\:\nb\n";
    ucmd("nl")
        .arg("-v9223372036854775807")
        .stdin(input)
        .run()
        .success()
        .stdout_is("9223372036854775807\ta\n\n9223372036854775807\tb\n");
    ucmd("nl")
        .args(&["-p", "-v9223372036854775807"])
        .stdin(input)
        .run()
        .code_is(1)
        .stdout_is("9223372036854775807\ta\n\n")
        .stderr_is("nl: line number overflow\n");
}

/// `-b pREGEX` in a UTF-8 locale: `.` is one character, as GNU's regex.
#[test]
fn body_regex_matches_characters_in_utf8() {
    let input = "ab\n\u{e9}\nc\n";
    let run = |l: &str| {
        ucmd("nl")
            .args(&["-bp^.$"])
            .env("LC_ALL", l)
            .stdin(input)
            .run()
    };
    run("C.UTF-8").stdout_is("       ab\n     1\t\u{e9}\n     2\tc\n");
    run("C").stdout_is("       ab\n       \u{e9}\n     1\tc\n");
}
