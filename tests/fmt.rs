use crate::harness::*;

/// Paragraphs of generated words (sentence ends, punctuation, parens,
/// tabs, long words, indents, a prefix on some) in every mode.
fn text(seed: u64) -> Vec<u8> {
    let mut s = seed;
    let mut next = |n: u64| {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (s >> 33) % n
    };
    let words = [
        "a",
        "bb",
        "ccc",
        "dddd.",
        "e?",
        "(f",
        "g)",
        "h!",
        "\"i.\"",
        "j,",
        "k;",
        "Mr.",
        "etc.)",
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "yyyyyyy",
        "\tz",
    ];
    let indents = ["", "  ", "\t", "    ", " "];
    let mut out = Vec::new();
    for _ in 0..80 {
        let ind = indents[next(5) as usize];
        let ind2 = if next(3) == 0 { "" } else { ind };
        let prefix = if next(4) == 0 { "# " } else { "" };
        let mut line = format!("{prefix}{ind}");
        for _ in 0..1 + next(90) {
            line.push_str(words[next(words.len() as u64) as usize]);
            line.push_str([" ", "  ", " ", "\t"][next(4) as usize]);
            if next(7) == 0 {
                out.extend_from_slice(line.trim_end_matches(' ').as_bytes());
                out.push(b'\n');
                line = format!("{prefix}{ind2}");
            }
        }
        out.extend_from_slice(line.as_bytes());
        out.extend_from_slice(b"\n\n");
    }
    out
}

#[test]
fn fmt_like_gnu() {
    let t = TempDir::new();
    t.write("a", text(1));
    t.write("b", text(2));
    // Past the 5000-byte and 1000-word paragraph buffer; odd bytes.
    let mut big = b"word ".repeat(3000);
    big.extend_from_slice(b"\n");
    big.extend_from_slice(&b"z".repeat(12000));
    big.extend_from_slice(b" tail\n\0ab. cd\r\nef\x0bgh\nno newline");
    t.write("big", &big);
    for args in [
        &[][..],
        &["-w", "40"],
        &["-u"],
        &["-s"],
        &["-c"],
        &["-t"],
        &["-w", "100", "-g", "90"],
        &["-60"],
        &["-g", "30"],
        &["-p", "#"],
        &["-p", "  # "],
        &["-u", "-w", "30"],
        &["-c", "-w", "50"],
        &["-t", "-w", "50"],
        &["-s", "-w", "30"],
        &["-w", "2500"],
        &["-w", "1"],
        &["-w", "0"],
    ] {
        for f in ["a", "b", "big"] {
            let mut a: Vec<&str> = args.to_vec();
            a.push(f);
            same_as_gnu("fmt", &a, None, Some(t.path()));
        }
    }
    same_as_gnu("fmt", &["a", "-", "b"], Some(&text(3)), Some(t.path()));
}

#[test]
fn formats() {
    ucmd("fmt")
        .args(&["-w", "12"])
        .stdin("one two three four five six.  Seven\n\n  eight nine\n")
        .run()
        .success()
        .stdout_is("one two\nthree four\nfive six.\nSeven\n\n  eight\n  nine\n");
    ucmd("fmt")
        .args(&["-u"])
        .stdin("a    b.  c\n")
        .run()
        .stdout_is("a b.  c\n");
}

#[test]
fn errors() {
    let e = |args: &[&str], code: i32, msg: &str| {
        ucmd("fmt")
            .args(args)
            .stdin("")
            .run()
            .code_is(code)
            .stderr_is(msg);
    };
    e(
        &["-w", "10", "-5"],
        1,
        "fmt: invalid option -- 5; -WIDTH is recognized only when it is the first\noption; use -w N instead\nTry 'fmt --help' for more information.\n",
    );
    e(
        &["-w", "2501"],
        1,
        "fmt: invalid width: '2501': Numerical result out of range\n",
    );
    e(
        &["-g", "80"],
        1,
        "fmt: invalid width: '80': Numerical result out of range\n",
    );
    e(&["-5x"], 1, "fmt: invalid width: '5x'\n");
    e(
        &["nonexistent"],
        1,
        "fmt: cannot open 'nonexistent' for reading: No such file or directory\n",
    );
    // GNU 9.1 names no file on a read error.
    e(&["/"], 1, "fmt: read error\n");
    ucmd("fmt")
        .stdin("a b\n")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("fmt: write error: No space left on device\n");
}
