use crate::harness::*;

#[test]
fn reverses_lines() {
    ucmd("tac")
        .stdin("a\nb\nc\n")
        .run()
        .success()
        .stdout_is("c\nb\na\n");
    // The last line without its newline is glued to the one before it.
    ucmd("tac").stdin("a\nb").run().stdout_is("ba\n");
    ucmd("tac").stdin("\n\n").run().stdout_is("\n\n");
    ucmd("tac").stdin("").run().success().no_stdout();
}

#[test]
fn before_and_separators() {
    ucmd("tac")
        .args(&["-b"])
        .stdin("a\nb\n")
        .run()
        .stdout_is("\n\nba");
    ucmd("tac")
        .args(&["--before"])
        .stdin("a\nb")
        .run()
        .stdout_is("\nba");
    ucmd("tac")
        .args(&["-s", ":"])
        .stdin("a:b:c:")
        .run()
        .stdout_is("c:b:a:");
    ucmd("tac")
        .args(&["--separator=ab"])
        .stdin("1ab2ab3")
        .run()
        .stdout_is("32ab1ab");
    ucmd("tac")
        .args(&["-b", "-s", "ab"])
        .stdin("1ab2ab3")
        .run()
        .stdout_is("ab3ab21");
    // An empty separator is the NUL byte.
    ucmd("tac")
        .args(&["-s", ""])
        .stdin("a\0b\0c")
        .run()
        .stdout_is("cb\0a\0");
    // Matches do not overlap: the next must end where the last began.
    ucmd("tac")
        .args(&["-s", "aa"])
        .stdin("aaa")
        .run()
        .stdout_is("aaa");
}

#[test]
fn regex_separators() {
    // tac's regexes use the Emacs syntax: bare + is an operator.
    ucmd("tac")
        .args(&["-r", "-s", "[0-9]+"])
        .stdin("a1b22c333d")
        .run()
        .stdout_is("d33c32b2a1");
    ucmd("tac")
        .args(&["-r", "-s", "[0-9]\\+"])
        .stdin("a1b22c333d")
        .run()
        .stdout_is("a1b22c333d");
    ucmd("tac")
        .args(&["--regex", "-s", "x\\|y"])
        .stdin("axbyc")
        .run()
        .stdout_is("cbyax");
    ucmd("tac")
        .args(&["-r", "-b", "-s", "[:;]"])
        .stdin("a:b;c")
        .run()
        .stdout_is(";c:ba");
    ucmd("tac")
        .args(&["-r", "-s", ""])
        .run()
        .code_is(1)
        .stderr_is("tac: separator cannot be empty\n");
    ucmd("tac")
        .args(&["-r", "-s", "\\("])
        .run()
        .code_is(1)
        .stderr_is("tac: Unmatched ( or \\(\n");
    ucmd("tac")
        .args(&["-r", "-s", "[a"])
        .run()
        .code_is(1)
        .stderr_is("tac: Unmatched [, [^, [:, [., or [=\n");
}

#[test]
fn files_and_errors() {
    let d = TempDir::new();
    d.write("f", "1\n2\n");
    d.write("g", "3\n4");
    ucmd("tac")
        .args(&["f", "-", "g"])
        .stdin("x\ny\n")
        .current_dir(d.path())
        .run()
        .success()
        .stdout_is("2\n1\ny\nx\n43\n");
    ucmd("tac")
        .args(&["nonexistent", "f"])
        .current_dir(d.path())
        .run()
        .code_is(1)
        .stdout_is("2\n1\n")
        .stderr_is("tac: failed to open 'nonexistent' for reading: No such file or directory\n");
    // A directory fails as GNU's does on this file system (the error
    // depends on what lseek says a directory's size is).
    ucmd("tac")
        .arg(".")
        .current_dir(d.path())
        .run()
        .code_is(1)
        .stderr_contains("tac: .: read error: ");
    same_as_gnu("tac", &["."], None, Some(d.path()));
    ucmd("tac")
        .stdin("a\n")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("tac: write error: No space left on device\n");
}

#[test]
fn large_files_read_backwards() {
    let d = TempDir::new();
    // Lines longer than the block, and separators across block edges.
    let mut data = Vec::new();
    let mut seed = 7u32;
    for _ in 0..600_000 {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        data.push(b"ab:\n"[(seed >> 16) as usize % 4]);
    }
    data.extend(std::iter::repeat_n(b'x', 300_000));
    d.write("big", &data);
    for args in [
        &[][..],
        &["-b"],
        &["-s", ":"],
        &["-s", "ab"],
        &["-b", "-s", "a:b"],
        &["-r", "-s", "a\\+:"],
    ] {
        let mut a: Vec<&str> = args.to_vec();
        a.push("big");
        same_as_gnu("tac", &a, None, Some(d.path()));
    }
    let reversed = ucmd("tac")
        .arg(d.join("big"))
        .run()
        .success()
        .stdout_str()
        .len();
    assert_eq!(reversed, data.len());
}

#[test]
fn like_gnu() {
    for input in [
        "a\nb\nc\n",
        "a\nb",
        "\n",
        "x",
        "ab:cab:abab:",
        "xxaxxbxxx",
        "a:b\0c:",
        "alpha x\nx a\na  x x\n\nbeta\0x alpha\n",
    ] {
        for args in [
            &[][..],
            &["-b"],
            &["-s", ":"],
            &["-b", "-s", "ab"],
            &["-r", "-s", "x*"],
            &["-b", "-r", "-s", "x*"],
            &["-r", "-s", "^"],
            &["-r", "-s", "$"],
            &["-r", "-s", "\\b"],
            &["-r", "-s", "a\\|ab"],
            &["-r", "-s", "a.*x"],
            &["-b", "-r", "-s", "a[^x]*x"],
        ] {
            same_as_gnu("tac", args, Some(input.as_bytes()), None);
        }
    }
}

/// A pipe is copied to a temporary file in $TMPDIR and reversed from
/// there, as GNU does (GNU's tests/misc/tac.pl, pipe-bad-tmpdir): an
/// unusable TMPDIR fails that input, exit 1.
#[test]
fn pipes_go_through_a_temporary_file() {
    ucmd("tac")
        .env("TMPDIR", "no/such/dir")
        .stdin("a\nb\n")
        .run()
        .code_is(1)
        .stdout_is("")
        .stderr_is(
            "tac: failed to create temporary file in 'no/such/dir': No such file or directory\n",
        );
    let t = TempDir::new();
    let input: String = (0..200_000).map(|i| format!("{i}\n")).collect();
    let want: String = (0..200_000).rev().map(|i| format!("{i}\n")).collect();
    ucmd("tac")
        .env("TMPDIR", t.path())
        .stdin(input.clone())
        .run()
        .success()
        .stdout_is(&want);
    // Nothing is left behind in TMPDIR.
    assert_eq!(std::fs::read_dir(t.path()).unwrap().count(), 0);
    if have_gnu("tac") {
        for args in [&["-s", "9"][..], &["-b", "-s", "0"], &["-r", "-s", "[13]"]] {
            same_as_gnu("tac", args, Some(input.as_bytes()), None);
        }
    }
}

/// A 64 MB line costs tac time in proportion to its size (it was
/// quadratic: each 128 KiB block moved and searched all the bytes after
/// it): within a small multiple of cat's time on the same file, with a
/// one-byte and a two-byte separator, and the output is the input's.
#[test]
fn long_lines_take_linear_time() {
    // Timing under qemu-user says nothing of the algorithm.
    if runner().is_some() {
        return;
    }
    let t = TempDir::new();
    let mut data = vec![b'a'; 64 << 20];
    data.extend_from_slice(b"\nbb");
    t.write("long", &data);
    let best = |args: &[&str]| {
        (0..3)
            .map(|_| {
                let start = std::time::Instant::now();
                ucmd(args[0])
                    .args(&args[1..])
                    .current_dir(t.path())
                    .stdout_to(Out::Null)
                    .run()
                    .success();
                start.elapsed()
            })
            .min()
            .unwrap()
    };
    let cat = best(&["cat", "long"]);
    for sep in [&[][..], &["-s", "ab"]] {
        let mut args = vec!["tac"];
        args.extend_from_slice(sep);
        args.push("long");
        let tac = best(&args);
        assert!(
            tac < cat * 40 + std::time::Duration::from_millis(1500),
            "tac {sep:?} took {tac:?}, cat {cat:?}"
        );
    }
    let o = ucmd("tac")
        .args(&["long"])
        .current_dir(t.path())
        .run()
        .success();
    assert_eq!(o.stdout.len(), data.len());
    assert!(o.stdout.starts_with(b"bba"));
}

/// In a UTF-8 locale a regex separator matches whole characters, as
/// glibc's regex does: `.` takes both bytes of `é`, brackets hold
/// multibyte characters and ranges of them, no match starts inside a
/// character, and invalid bytes are matched by no `.` or bracket.
#[test]
fn regex_matches_whole_utf8_characters() {
    let tac = |locale: &str, sep: &str, input: &[u8]| {
        ucmd("tac")
            .env("LC_ALL", locale)
            .args(&["-r", "-s", sep])
            .stdin(input)
            .run()
    };
    tac("C.UTF-8", ".", b"x\xc3\xa9y\n").stdout_is("\ny\u{e9}x".as_bytes());
    tac("C", ".", b"x\xc3\xa9y\n").stdout_is(&b"\ny\xa9\xc3x"[..]);
    tac("C.UTF-8", "[\u{e9}a]", "x\u{e9}y\n".as_bytes()).stdout_is("y\nx\u{e9}");
    tac("C.UTF-8", ".", b"a\xe9b\n").stdout_is(&b"\n\xe9ba"[..]);
    if !have_gnu("tac") {
        return;
    }
    let inputs: [&[u8]; 6] = [
        b"x\xc3\xa9y\n",
        b"a\xe9b\n",
        "\u{e9}\n\u{e0}\n\u{e9}\n".as_bytes(),
        b"a\xc3\xa9\xc3\n",
        "a\u{e9}b\u{20ac}c\u{1f600}d\n".as_bytes(),
        b"\xc3\xa9\xa9\n\xf0\x9f\x98",
    ];
    let seps = [
        ".",
        "[^a]",
        "[\u{e9}a]",
        "\u{e9}",
        ".\n",
        "[^\u{e9}]",
        "\u{e9}\\|a",
        "\u{e9}+",
        "[\u{e0}-\u{ea}]",
        "[^\u{e0}-\u{ea}]",
        "[a-\u{e9}]",
        "..",
        "[^\u{20ac}]",
    ];
    for input in inputs {
        for sep in seps {
            for before in [false, true] {
                let args: &[&str] = if before {
                    &["-b", "-r", "-s", sep]
                } else {
                    &["-r", "-s", sep]
                };
                let run = |c: Cmd| c.env("LC_ALL", "C.UTF-8").args(args).stdin(input).run();
                run(ucmd("tac")).same_as(&run(gnu("tac")));
            }
        }
    }
}

/// GNU's tac fwrites its own 8 KiB blocks through stdio's 4 KiB buffer:
/// whether output is still pending when stdout is closed at exit (the
/// error keeps its errno) or not (a bare `write error`) turns every 4 KiB
/// from 4 KiB on (the fault sweep met it at 105 KB).
#[test]
fn write_error_wording_turns_every_four_kib() {
    let errno = "tac: write error: No space left on device\n";
    let bare = "tac: write error\n";
    let cases = [
        (4095, errno),
        (4096, bare),
        (8192, bare),
        (8193, errno),
        (12288, errno),
        (12289, bare),
        (16385, errno),
        (20481, bare),
        (105_000, bare),
    ];
    for (n, want) in cases {
        let input = vec![b'\n'; n];
        let ours = ucmd("tac")
            .stdin(&input)
            .stdout_to(Out::Full)
            .run()
            .code_is(1)
            .stderr_is(want);
        if have_gnu("tac") {
            ours.same_as(&gnu("tac").stdin(&input).stdout_to(Out::Full).run());
        }
    }
}
