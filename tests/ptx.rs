use crate::harness::*;

#[test]
fn gnu_ptx_pl_cases() {
    let t = |args: &[&str], input: &str, want: &str| {
        ucmd("ptx")
            .args(args)
            .stdin(input)
            .run()
            .success()
            .stdout_is(want);
    };
    t(&["-w10"], "bar\n", "        bar\n");
    t(&["-w10"], "foo bar\n", "     /   bar\n        foo/\n");
    t(&["-w2"], "qux\n", "      qux\n");
    t(&["-g1", "-w2"], "ta\n", "  ta\n");
    t(&["--format=roff"], "foo\n", ".xx \"\" \"\" \"foo\" \"\"\n");
    t(&["--format=tex"], "foo\n", "\\xx {}{}{foo}{}{}\n");
    t(
        &["-O", "-M", "yy"],
        "a\"b\n",
        ".yy \"\" \"\" \"a\"\"b\" \"\"\n.yy \"\" \"a\"\"\" \"b\" \"\"\n",
    );
    t(&["-T"], "x $y_z {w}\\\n", "\\xx {}{x \\$y\\_z $\\{$}{w}{$\\}$\\backslash{}}{}\n\\xx {}{}{x}{ \\$y\\_z $\\{$w$\\}$\\backslash{}}{}\n\\xx {}{x \\$}{y}{\\_z $\\{$w$\\}$\\backslash{}}{}\n\\xx {}{x \\$y\\_}{z}{ $\\{$w$\\}$\\backslash{}}{}\n");
    t(
        &["-G"],
        "x\ny\n",
        ".xx \"\" \"\" \"x\" \"\"\n.xx \"\" \"\" \"y\" \"\"\n",
    );
    t(&["-r", "-R", "-w", "30"], "ref1 x y\nref2 z\n", "               x y               ref1\n           x   y                 ref1\n               z                 ref2\n");
    t(
        &["-A", "-T"],
        "x y\n",
        "\\xx {}{}{x}{ y}{}{:1}\n\\xx {}{x}{y}{}{}{:1}\n",
    );
}

#[test]
fn files_and_references() {
    let d = TempDir::new();
    d.write("F1", "a");
    d.write("F2", "b");
    ucmd("ptx")
        .current_dir(d.path())
        .args(&["-g1", "-w1", "F1", "F2"])
        .run()
        .success()
        .stdout_is("  a\n  b\n");
    ucmd("ptx")
        .current_dir(d.path())
        .args(&["-A", "F1", "-", "F2"])
        .stdin("c d\n")
        .run()
        .success()
        .stdout_is("F1:1:                                  a\nF2:1:                                  b\n:1:                                    c d\n:1:                                c   d\n");
    // -G: the second operand is the output file.
    ucmd("ptx")
        .current_dir(d.path())
        .args(&["-G", "F1", "out"])
        .run()
        .success()
        .stdout_is("");
    assert_eq!(d.read("out"), b".xx \"\" \"\" \"a\" \"\"\n");
    ucmd("ptx")
        .current_dir(d.path())
        .args(&["-G", "F1", "out", "x"])
        .run()
        .code_is(1)
        .stderr_is("ptx: extra operand 'x'\nTry 'ptx --help' for more information.\n");
    d.write("ign", "the\nand\n");
    ucmd("ptx")
        .current_dir(d.path())
        .args(&["-i", "ign", "-w", "30"])
        .stdin("the cat and the dog\n")
        .run()
        .success()
        .stdout_is("   dog      the   cat and the\n        and the   dog     the cat\n");
    ucmd("ptx")
        .current_dir(d.path())
        .args(&["-o", "ign", "-f", "-w", "30"])
        .stdin("The cat and the dog\n")
        .run()
        .success()
        .stdout_is("        The cat   and the dog\n   the/           The cat and\n        cat and   the dog     The\n");
}

#[test]
fn errors() {
    let e = |args: &[&str], err: &str| {
        ucmd("ptx")
            .args(args)
            .stdin("a\n")
            .run()
            .code_is(1)
            .stderr_is(err);
    };
    e(
        &["-S", "^"],
        "ptx: error: regular expression has a match of length zero: '^'\n",
    );
    e(&["-w", "0"], "ptx: invalid line width: '0'\n");
    e(&["-g", "x"], "ptx: invalid gap width: 'x'\n");
    e(
        &["-W", "\\("],
        "ptx: Unmatched ( or \\( (for regexp '\\\\(')\n",
    );
    e(
        &["nonexistent"],
        "ptx: nonexistent: No such file or directory\n",
    );
    e(&["--format=x"], "ptx: invalid argument 'x' for '--format'\nValid arguments are:\n  - 'roff'\n  - 'tex'\nTry 'ptx --help' for more information.\n");
    e(
        &["-z"],
        "ptx: invalid option -- 'z'\nTry 'ptx --help' for more information.\n",
    );
    // A lone backslash at the end of a pattern or flag is dropped.
    ucmd("ptx")
        .args(&["-F", "\\", "-S", "foo\\"])
        .stdin("")
        .run()
        .success()
        .stdout_is("");
    ucmd("ptx").arg("x").stdout_to(Out::Full).stdin("").run();
    let d = TempDir::new();
    d.write("x", "a b c\n");
    ucmd("ptx")
        .arg(d.join("x"))
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("ptx: write error: No space left on device\n");
}

#[test]
fn same_as_gnu() {
    if !have_gnu("ptx") {
        return;
    }
    let d = TempDir::new();
    let mut text = String::new();
    let words = [
        "alpha",
        "Beta",
        "gamma.",
        "delta!",
        "(eps)",
        "zeta?",
        "eta",
        "\"theta\"",
        "iota,",
        "kappa",
    ];
    let mut x = 12345u32;
    for _ in 0..300 {
        x = x.wrapping_mul(1103515245).wrapping_add(12345);
        text.push_str(words[(x >> 16) as usize % words.len()]);
        text.push_str(match (x >> 8) % 7 {
            0 => "\n",
            1 => "  ",
            2 => "\t",
            _ => " ",
        });
    }
    let f = d.write("in", &text);
    d.write("brk", "ae. ");
    d.write("ign", "eta\nBeta\n");
    let arg_sets: &[&[&str]] = &[
        &[],
        &["-w", "40"],
        &["-G"],
        &["-A"],
        &["-r"],
        &["-R", "-A"],
        &["-O"],
        &["-T", "-A"],
        &["-f"],
        &["-g", "1", "-w", "30"],
        &["-F", "XX", "-w", "50"],
        &["-W", "[a-z]+"],
        &["-f", "-W", "[a-z]+"],
        &["-S", "[.!?]"],
        &["-i", "ign", "-f"],
        &["-o", "ign"],
        &["-b", "brk"],
        &["-G", "-b", "brk", "-O"],
        &["-r", "-R", "-w", "100"],
        &["-w", "5"],
        &["-w", "200", "-g", "10"],
    ];
    for args in arg_sets {
        let ours = ucmd("ptx").current_dir(d.path()).args(args).arg(&f).run();
        let theirs = gnu("ptx").current_dir(d.path()).args(args).arg(&f).run();
        assert_eq!(ours.stdout, theirs.stdout, "{args:?}");
        assert_eq!(ours.code, theirs.code);
    }
}
