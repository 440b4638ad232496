use crate::harness::*;

#[test]
fn expand_tabs() {
    ucmd("expand")
        .stdin("a\tb\n\tc\n")
        .run()
        .success()
        .stdout_is("a       b\n        c\n");
    ucmd("expand")
        .args(&["-t", "4"])
        .stdin("a\tb\tc\n")
        .run()
        .stdout_is("a   b   c\n");
    ucmd("expand")
        .args(&["--tabs=2,5,9"])
        .stdin("\t\t\t\tx\n")
        .run()
        .stdout_is("          x\n");
    ucmd("expand")
        .args(&["-t", "1,/8"])
        .stdin("\ta\tb\n")
        .run()
        .stdout_is(" a      b\n");
    ucmd("expand")
        .args(&["-t", "1,+8"])
        .stdin("\ta\tb\n")
        .run()
        .stdout_is(" a       b\n");
    ucmd("expand")
        .args(&["-t", "2 6"])
        .stdin("\ta\tb\n")
        .run()
        .stdout_is("  a   b\n");
    // Obsolete forms: -4, and -1,5.
    ucmd("expand")
        .args(&["-4"])
        .stdin("\tx\n")
        .run()
        .stdout_is("    x\n");
    ucmd("expand")
        .args(&["-1,5"])
        .stdin("a\tb\n")
        .run()
        .stdout_is("a    b\n");
    // Backspaces go back a column; a missing newline stays missing.
    ucmd("expand")
        .stdin("ab\x08\tc")
        .run()
        .stdout_is("ab\x08       c");
}

#[test]
fn expand_initial() {
    ucmd("expand")
        .args(&["-i"])
        .stdin("\ta\tb\n \tc\n")
        .run()
        .stdout_is("        a\tb\n        c\n");
    ucmd("expand")
        .args(&["--initial", "-t", "2"])
        .stdin("x\ty\n")
        .run()
        .stdout_is("x\ty\n");
}

#[test]
fn unexpand_blanks() {
    ucmd("unexpand")
        .stdin("        a       b\n")
        .run()
        .success()
        .stdout_is("\ta       b\n");
    ucmd("unexpand")
        .args(&["-a"])
        .stdin("        a       b\n")
        .run()
        .stdout_is("\ta\tb\n");
    // -t enables -a; --first-only takes it back.
    ucmd("unexpand")
        .args(&["-t", "4"])
        .stdin("    a   b\n")
        .run()
        .stdout_is("\ta\tb\n");
    ucmd("unexpand")
        .args(&["--tabs=4", "--first-only"])
        .stdin("    a   b\n")
        .run()
        .stdout_is("\ta   b\n");
    ucmd("unexpand")
        .args(&["--all"])
        .stdin("a       b\n")
        .run()
        .stdout_is("a\tb\n");
    // A single blank before a stop stays a blank.
    ucmd("unexpand")
        .args(&["-a"])
        .stdin("abcdefg h\n")
        .run()
        .stdout_is("abcdefg h\n");
    ucmd("unexpand")
        .args(&["-4"])
        .stdin("    x\n")
        .run()
        .stdout_is("\tx\n");
    ucmd("unexpand")
        .args(&["-2,4"])
        .stdin("    x\n")
        .run()
        .stdout_is("\t\tx\n");
    ucmd("unexpand")
        .args(&["-t", "2,/3"])
        .stdin("        x\n")
        .run()
        .stdout_is("\t\t\t  x\n");
    ucmd("unexpand").stdin("        ").run().stdout_is("\t");
}

#[test]
fn tab_list_errors() {
    for applet in ["expand", "unexpand"] {
        let bad = |args: &[&str], msg: &str| {
            ucmd(applet)
                .args(args)
                .run()
                .code_is(1)
                .no_stdout()
                .stderr_is(format!("{applet}: {msg}\n"));
        };
        bad(
            &["-t", "/4,8"],
            "'/' specifier only allowed with the last value",
        );
        bad(
            &["-t", "4,+8,+9"],
            "'+' specifier only allowed with the last value",
        );
        bad(&["-t", "4x"], "tab size contains invalid character(s): 'x'");
        bad(&["-t", "4/"], "'/' specifier not at start of number: '/'");
        bad(&["-t", "4+"], "'+' specifier not at start of number: '+'");
        bad(
            &["-t", "99999999999999999999999"],
            "tab stop is too large '99999999999999999999999'",
        );
        bad(&["-t", "0"], "tab size cannot be 0");
        bad(&["-t", "4,2"], "tab sizes must be ascending");
        bad(
            &["-t", "/8,+4"],
            "'/' specifier is mutually exclusive with '+'",
        );
    }
    ucmd("unexpand")
        .args(&["-99999999999999999999999"])
        .run()
        .code_is(1)
        .stderr_is("unexpand: tab stop value is too large\n");
    ucmd("expand")
        .args(&["-t", "1,+18446744073709551615"])
        .stdin("ab\tc\n")
        .run()
        .code_is(1)
        .stdout_is("ab")
        .stderr_is("expand: input line is too long\n");
}

#[test]
fn files_as_one_stream() {
    let d = TempDir::new();
    d.write("f1", "a\t");
    d.write("f2", "b\tc\n");
    std::fs::create_dir(d.join("dir")).unwrap();
    // Lines continue from one file into the next, as GNU's do.
    ucmd("expand")
        .args(&["f1", "f2"])
        .current_dir(d.path())
        .run()
        .stdout_is("a       b       c\n");
    ucmd("expand")
        .args(&["f1", "nofile", "dir", "f2"])
        .current_dir(d.path())
        .run()
        .code_is(1)
        .stdout_is("a       b       c\n")
        .stderr_is("expand: nofile: No such file or directory\nexpand: dir: Is a directory\n");
    ucmd("unexpand")
        .args(&["nofile"])
        .current_dir(d.path())
        .run()
        .code_is(1)
        .stderr_is("unexpand: nofile: No such file or directory\n");
    for applet in ["expand", "unexpand"] {
        ucmd(applet)
            .stdin("\ta\n")
            .stdout_to(Out::Full)
            .run()
            .code_is(1)
            .stderr_is(format!("{applet}: write error: No space left on device\n"));
    }
}

#[test]
fn like_gnu_on_random_input() {
    let mut seed = 12345u32;
    let mut rand = move |n: u32| {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (seed >> 16) % n
    };
    let alphabet = b"   \t\tab\n\x08";
    let cases: [(&str, &[&str]); 9] = [
        ("expand", &[]),
        ("expand", &["-i"]),
        ("expand", &["-t", "3,7,12"]),
        ("expand", &["-t", "2,/5"]),
        ("unexpand", &[]),
        ("unexpand", &["-a"]),
        ("unexpand", &["-t", "2,+5"]),
        ("unexpand", &["-a", "-t", "1"]),
        ("unexpand", &["--first-only", "-t", "3"]),
    ];
    for _ in 0..40 {
        let input: Vec<u8> = (0..rand(60))
            .map(|_| alphabet[rand(alphabet.len() as u32) as usize])
            .collect();
        for (applet, args) in cases {
            same_as_gnu(applet, args, Some(&input), None);
        }
    }
}

/// unexpand allocates its pending blanks as wide as the widest tab, as
/// GNU's xmalloc does: a width memory cannot hold is `memory exhausted`.
#[test]
fn unexpand_tab_wider_than_memory() {
    ucmd("unexpand")
        .args(&["-t", "9223372036854775807"])
        .stdin("a  b\n")
        .run()
        .code_is(1)
        .stderr_is("unexpand: memory exhausted\n");
    same_as_gnu(
        "unexpand",
        &["-t", "9223372036854775807"],
        Some(b"a  b\n"),
        None,
    );
    ucmd("unexpand")
        .args(&["-t", "100000"])
        .stdin("a  b\n")
        .run()
        .success();
}

/// Standard output closed and a FILE operand: GNU's expand opens the file
/// as descriptor 1, writes fail with EBADF, and close_stdout's second
/// report is bare because closing descriptor 1 (the file) succeeds; read
/// from standard input, the second report keeps EBADF. Natively only:
/// qemu-user holds descriptors of its own.
#[test]
fn closed_stdout_second_report_follows_descriptor_one() {
    if runner().is_some() {
        return;
    }
    let t = TempDir::new();
    let input = t.write("in", "a\tb\n".repeat(5000));
    let e = "expand: write error: Bad file descriptor\n";
    for (redirect, want) in [
        ("", format!("{e}expand: write error\n")),
        ("<", e.repeat(2)),
    ] {
        run_with_stdout_closed(&format!("expand {redirect} '{}'", input.display()))
            .code_is(1)
            .stderr_is(&want);
    }
}
