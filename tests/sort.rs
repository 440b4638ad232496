use crate::harness::*;

fn sort(args: &[&str], input: &str) -> Output {
    ucmd("sort")
        .args(args)
        .env("LC_ALL", "C")
        .stdin(input)
        .run()
}

#[test]
fn orderings() {
    sort(&[], "b\na\nB\n\nab\n")
        .success()
        .stdout_is("\nB\na\nab\nb\n");
    sort(&["-r"], "b\na\nc\n").success().stdout_is("c\nb\na\n");
    sort(&["-n"], "10\n9\n-3\n1.5\nx\n-0\n")
        .success()
        .stdout_is("-3\n-0\nx\n1.5\n9\n10\n");
    sort(&["-g"], "1e3\n999\nx\nnan\n-inf\n0x10\n")
        .success()
        .stdout_is("x\nnan\n-inf\n0x10\n999\n1e3\n");
    sort(&["-h"], "1M\n2K\n999\n-1G\n1.5K\n")
        .success()
        .stdout_is("-1G\n999\n1.5K\n2K\n1M\n");
    sort(&["-M"], "mar\nxyz\n Feb\nJAN\ndec\n")
        .success()
        .stdout_is("xyz\nJAN\n Feb\nmar\ndec\n");
    sort(&["-V"], "a10\na9\na1.2\na1.10\n")
        .success()
        .stdout_is("a1.2\na1.10\na9\na10\n");
    sort(&["-f"], "b\nA\na\nB\n")
        .success()
        .stdout_is("A\na\nB\nb\n");
    sort(&["-d"], "a-c\nab\n").success().stdout_is("ab\na-c\n");
    sort(&["-i"], "a\u{1}c\nab\n")
        .success()
        .stdout_is("ab\na\u{1}c\n");
    sort(&["-b"], "  b\na\n").success().stdout_is("a\n  b\n");
    sort(&["--sort=numeric"], "10\n9\n")
        .success()
        .stdout_is("9\n10\n");
    sort(&["-z"], "b\0a\0").success().stdout_is("a\0b\0");
    // A last line without its newline gets one.
    sort(&[], "b\na").success().stdout_is("a\nb\n");
}

#[test]
fn keys() {
    sort(&["-k2"], "x b\ny a\n")
        .success()
        .stdout_is("y a\nx b\n");
    sort(&["-k2,2n", "-k1,1r"], "a 2\nb 1\nc 1\n")
        .success()
        .stdout_is("c 1\nb 1\na 2\n");
    sort(&["-t", ",", "-k2,2"], "1,b,x\n2,a,y\n")
        .success()
        .stdout_is("2,a,y\n1,b,x\n");
    sort(&["-k1.2,1.2"], "ab\nba\n")
        .success()
        .stdout_is("ba\nab\n");
    sort(&["+1", "-2"], "x b\ny a\n")
        .success()
        .stdout_is("y a\nx b\n");
    // -s keeps input order of equal keys; -u keeps the first.
    sort(&["-s", "-k1,1"], "a 2\na 1\n")
        .success()
        .stdout_is("a 2\na 1\n");
    sort(&["-k1,1"], "a 2\na 1\n")
        .success()
        .stdout_is("a 1\na 2\n");
    sort(&["-u", "-k1,1"], "a 2\na 1\nb\n")
        .success()
        .stdout_is("a 2\nb\n");
    sort(&["-u"], "b\na\nb\n").success().stdout_is("a\nb\n");
}

#[test]
fn check_and_merge() {
    sort(&["-c"], "a\nc\nb\n")
        .code_is(1)
        .stderr_is("sort: -:3: disorder: b\n");
    sort(&["-C"], "a\nc\nb\n").code_is(1).stderr_is("");
    sort(&["-c"], "a\nb\n").success().stderr_is("");
    sort(&["-cu"], "a\na\n")
        .code_is(1)
        .stderr_is("sort: -:2: disorder: a\n");
    sort(&["--check=quiet"], "b\na\n").code_is(1).stderr_is("");
    let d = TempDir::new();
    let a = d.write("a", "1\n3\n5\n");
    let b = d.write("b", "2\n4\n");
    ucmd("sort")
        .args(&["-m"])
        .arg(&a)
        .arg(&b)
        .run()
        .success()
        .stdout_is("1\n2\n3\n4\n5\n");
    // -o onto an input.
    ucmd("sort")
        .args(&["-m", "-o"])
        .arg(&a)
        .arg(&a)
        .arg(&b)
        .run()
        .success();
    assert_eq!(d.read("a"), b"1\n2\n3\n4\n5\n");
    let c = d.write("c", "z\ny\n");
    ucmd("sort").arg("-o").arg(&c).arg(&c).run().success();
    assert_eq!(d.read("c"), b"y\nz\n");
}

#[test]
fn external_merge() {
    // A small -S makes sorted runs in temporary files, merged at the end.
    let d = TempDir::new();
    let mut input = String::new();
    for i in 0..20000u32 {
        input.push_str(&format!("{}\n", i.wrapping_mul(2654435761) % 100000));
    }
    let mut want: Vec<&str> = input.lines().collect();
    want.sort_by_key(|s| s.parse::<u32>().unwrap());
    let want = want.join("\n") + "\n";
    ucmd("sort")
        .args(&["-n", "-S", "64K", "--batch-size=2", "-T"])
        .arg(d.path())
        .stdin(input.as_str())
        .run()
        .success()
        .stdout_is(want);
}

/// A compressor script in `d`: `tr 41 14` (its own inverse), leaving
/// `ok` (compressing) or `okd` (with -d); `fail` says when it fails.
fn compressor(d: &TempDir, fail: &str) -> String {
    let script = format!(
        "#!/bin/sh\ntr 41 14 || exit\nif [ \"$1\" = -d ]; then touch {0}/okd; else touch {0}/ok; fi\n{fail}\n",
        d.path().display()
    );
    let p = d.write("compress", script);
    std::fs::set_permissions(&p, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn compress_program() {
    let d = TempDir::new();
    let want: String = (1..=20000).map(|i| format!("{i:05}\n")).collect();
    let input: String = want.lines().rev().map(|l| format!("{l}\n")).collect();
    let prog = compressor(&d, "");
    let tmp = d.path().to_str().unwrap();
    for extra in [&[][..], &["--batch-size=2"][..]] {
        let arg = format!("--compress-program={prog}");
        let mut args = vec!["-S", "1k", "-T", tmp, &arg];
        args.extend_from_slice(extra);
        sort(&args, &input).success().stdout_is(want.as_str());
        assert!(d.path().join("ok").exists() && d.path().join("okd").exists());
        std::fs::remove_file(d.path().join("ok")).unwrap();
        std::fs::remove_file(d.path().join("okd")).unwrap();
    }
    // Merging many files, a batch at a time, through compressed runs.
    let files: Vec<_> = (0..5)
        .map(|i| d.write(&format!("in{i}"), format!("{i}\n{}\n", i + 5)))
        .collect();
    ucmd("sort")
        .args(&["-m", "--batch-size=2", "-T", tmp])
        .arg(format!("--compress-program={prog}"))
        .args(&files)
        .run()
        .success()
        .stdout_is("0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n");
    assert!(d.path().join("okd").exists());
    // Failures of the compressor or the decompressor end sort with 2.
    for when in ["", "-d"] {
        let prog = compressor(&d, &format!("[ \"$1\" = \"{when}\" ] && exit 3"));
        let arg = format!("--compress-program={prog}");
        sort(&["-S", "1k", "-T", tmp, &arg], &input)
            .code_is(2)
            .stderr_is(format!("sort: '{prog}' [-d] terminated abnormally\n"));
    }
    // A program that cannot be run: the child says so (GNU's
    // async_safe_die, errno as a number).
    let missing = d.path().join("missing");
    let out = sort(
        &[
            "-S",
            "1k",
            "-T",
            tmp,
            &format!("--compress-program={}", missing.display()),
        ],
        &input,
    )
    .stderr_contains("couldn't execute compress program: errno 2\n");
    // Killed by SIGPIPE writing to it, or its failure found later.
    assert!(out.signal == Some(13) || out.code == Some(2), "{out:?}");
    sort(&["--compress-program=a", "--compress-program=b"], "")
        .code_is(2)
        .stderr_is("sort: multiple compress programs specified\n");
    // Inherited SIGCHLD ignored does not break waiting.
    let prog = compressor(&d, "");
    // At the descriptor limit: fewer inputs at once, children still run.
    let mut names = String::new();
    let mut all: Vec<u32> = Vec::new();
    for i in 0..30u32 {
        let nums: Vec<u32> = (0..50).map(|j| i + 30 * j).collect();
        let text: String = nums.iter().map(|n| format!("{n}\n")).collect();
        names.push_str(&format!(" {}", d.write(&format!("m{i}"), text).display()));
        all.extend(nums);
    }
    all.sort();
    let merged: String = all.iter().map(|n| format!("{n}\n")).collect();
    let args = format!("-n -m --batch-size=5 -T {tmp} --compress-program={prog}{names}");
    sort_in_sh("ulimit -n 14", &args, "")
        .success()
        .stdout_is(merged);
    let args = format!("-S 1k -T {tmp} --compress-program={prog}");
    sort_in_sh("trap '' CHLD", &args, &input)
        .success()
        .stdout_is(want.as_str());
}

/// sort with `args` run by a shell after `setup` (a limit, a trap).
fn sort_in_sh(setup: &str, args: &str, input: &str) -> Output {
    host("/bin/sh")
        .arg("-c")
        .arg(format!("{setup}; exec {} sort {args}", corebox_line()))
        .env("LC_ALL", "C")
        .stdin(input)
        .run()
}

/// Runs spilled past -S are merged level by level, `--batch-size` of one
/// level into one of the next, so a line goes through few merges: the
/// bytes a compressor sees are a small multiple of the input's, where
/// merging the growing first run again after every spill made them grow
/// with the square of the number of runs.
#[test]
fn runs_merged_by_levels() {
    let d = TempDir::new();
    let log = d.path().join("log");
    let script = format!(
        "#!/bin/sh\nif [ \"$1\" = -d ]; then exec cat; fi\ntee -a {}\n",
        log.display()
    );
    let prog = d.write("compress", script);
    std::fs::set_permissions(&prog, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let tmp = d.path().to_str().unwrap();
    let arg = format!("--compress-program={}", prog.display());
    // Two fields; -s keeps the input order among equal keys, across runs.
    let input: String = (0..200_000u32)
        .map(|i| format!("{} {i}\n", i.wrapping_mul(2654435761) % 97))
        .collect();
    let mut want: Vec<&str> = input.lines().collect();
    want.sort_by_key(|l| l.split(' ').next().unwrap().parse::<u32>().unwrap());
    let want = want.join("\n") + "\n";
    sort(
        &[
            "-s",
            "-n",
            "-k1,1",
            "-S",
            "1k",
            "--batch-size=2",
            "-T",
            tmp,
            &arg,
        ],
        &input,
    )
    .success()
    .stdout_is(want.as_str());
    let through = std::fs::metadata(&log).unwrap().len();
    assert!(
        through <= 5 * input.len() as u64,
        "{through} bytes compressed for {} of input",
        input.len()
    );
    // With few descriptors, runs are merged before the limit is reached.
    let args = format!("-s -n -k1,1 -S 1k --batch-size=5 -T {tmp}");
    sort_in_sh("ulimit -n 12", &args, &input)
        .success()
        .stdout_is(want.as_str());
}

#[test]
fn debug() {
    sort(&["--debug", "-k2,2n"], "a 10\n")
        .success()
        .stdout_is("a 10\n  __\n____\n")
        .stderr_is(
            "sort: text ordering performed using simple byte comparison\n\
             sort: note numbers use '.' as a decimal point in this locale\n",
        );
    sort(&["--debug", "-s", "-M"], "x\n")
        .success()
        .stdout_is("x\n^ no match for key\n");
}

#[test]
fn errors() {
    let fails = |args: &[&str], err: &str| {
        sort(args, "").code_is(2).stderr_is(err);
    };
    fails(
        &["-k0"],
        "sort: field number is zero: invalid field specification '0'\n",
    );
    fails(
        &["-k1.0"],
        "sort: character offset is zero: invalid field specification '1.0'\n",
    );
    fails(
        &["-k1,2x"],
        "sort: stray character in field spec: invalid field specification '1,2x'\n",
    );
    fails(
        &["-ka"],
        "sort: invalid number at field start: invalid count at start of 'a'\n",
    );
    fails(&["-t", "ab"], "sort: multi-character tab 'ab'\n");
    fails(&["-t", ""], "sort: empty tab\n");
    fails(&["-t", "a", "-t", "b"], "sort: incompatible tabs\n");
    fails(&["-nR"], "sort: options '-nR' are incompatible\n");
    fails(&["-cC"], "sort: options '-cC' are incompatible\n");
    fails(&["-c", "-o", "x"], "sort: options '-co' are incompatible\n");
    fails(
        &["--debug", "-o", "x"],
        "sort: options '-o --debug' are incompatible\n",
    );
    fails(&["-S", "1x"], "sort: invalid suffix in -S argument '1x'\n");
    fails(
        &["--parallel=0"],
        "sort: number in parallel must be nonzero\n",
    );
    fails(
        &["--batch-size=1"],
        "sort: invalid --batch-size argument '1'\nsort: minimum --batch-size argument is '2'\n",
    );
    fails(
        &["nonexistent"],
        "sort: cannot read: nonexistent: No such file or directory\n",
    );
    fails(
        &["-c", "a", "b"],
        "sort: extra operand 'b' not allowed with -c\n",
    );
    fails(
        &["-x"],
        "sort: invalid option -- 'x'\nTry 'sort --help' for more information.\n",
    );
    fails(
        &["--files0-from=/dev/null"],
        "sort: no input from '/dev/null'\n",
    );
    sort(&["/"], "")
        .code_is(2)
        .stderr_is("sort: read failed: /: Is a directory\n");
    ucmd("sort")
        .stdin("b\na\n")
        .stdout_to(Out::Full)
        .run()
        .code_is(2)
        .stderr_is(
            "sort: fflush failed: 'standard output': No space left on device\nsort: write error\n",
        );
}

/// corebox and GNU give the same output for many generated inputs.
#[test]
fn same_as_gnu() {
    if !have_gnu("sort") {
        return;
    }
    let words = [
        "apple", "Banana", "10", "9", "-3", "1.5", "1e3", "0x10", "inf", "2K", "1M", "jan", "FEB",
        " mar", "1.2.3", "1.10", "  x", "a\tb", "", "-0", ".5", "007", "Dec 5", "a,b", "Z:1",
    ];
    let mut seed = 12345u32;
    let mut input = String::new();
    for _ in 0..800 {
        seed = seed.wrapping_mul(1103515245).wrapping_add(12345);
        for j in 0..1 + (seed >> 16) % 4 {
            if j > 0 {
                input.push(' ');
            }
            input.push_str(words[((seed >> (j * 3)) % words.len() as u32) as usize]);
        }
        input.push('\n');
    }
    let cases: &[&[&str]] = &[
        &[],
        &["-r"],
        &["-n"],
        &["-h"],
        &["-M"],
        &["-V"],
        &["-f"],
        &["-d"],
        &["-i"],
        &["-b"],
        &["-u"],
        &["-s", "-k2"],
        &["-k2,2n", "-k1,1r"],
        &["-t,", "-k2"],
        &["-k1.2,1.3"],
        &["-k2b,2"],
        &["-fu"],
        &["-nu"],
        &["-gu", "-k3"],
        &["--debug", "-k2,2n"],
        &["--debug", "-k1,1M", "-k2g"],
        &["--debug", "-h", "-k1"],
        &["-t:", "-k2,2n"],
        &["-R", "--random-source=/etc/passwd"],
        &["-k2.2b,2.3"],
        &["-di", "-k1,1"],
    ];
    for args in cases {
        let ours = sort(args, &input);
        let theirs = gnu("sort")
            .args(args)
            .env("LC_ALL", "C")
            .stdin(input.as_str())
            .run();
        assert_eq!(ours.stdout, theirs.stdout, "sort {args:?}");
        assert_eq!(ours.stderr, theirs.stderr, "sort {args:?}");
        assert_eq!(ours.code, theirs.code, "sort {args:?}");
    }
}

/// Lines sharing long prefixes, of lengths around the 8, 16 and 24 bytes
/// kept in the index, with NULs (like the padding of short lines): the
/// same order as GNU's.
#[test]
fn prefixes_like_gnu() {
    if !have_gnu("sort") {
        return;
    }
    let mut seed = 7u32;
    let mut input = Vec::new();
    for _ in 0..3000 {
        seed = seed.wrapping_mul(1103515245).wrapping_add(12345);
        let len = (seed >> 16) % 30;
        let mut s2 = seed;
        for i in 0..len {
            s2 = s2.wrapping_mul(69069).wrapping_add(1);
            // Mostly 'a': long common prefixes.
            let c = match (s2 >> 24) % 16 {
                0 => b'\0',
                1 => b'b',
                2 if i > 2 => b',',
                _ => b'a',
            };
            input.push(c);
        }
        input.push(b'\n');
    }
    let cases: &[&[&str]] = &[
        &[],
        &["-r"],
        &["-u"],
        &["-s"],
        &["-t,", "-k2"],
        &["-t,", "-k1,1", "-r"],
        &["-t,", "-k2,2", "-u"],
        &["-n"],
        &["-z"],
    ];
    for args in cases {
        let ours = ucmd("sort")
            .args(args)
            .env("LC_ALL", "C")
            .stdin(&input)
            .run();
        let theirs = gnu("sort")
            .args(args)
            .env("LC_ALL", "C")
            .stdin(&input)
            .run();
        assert_eq!(ours.stdout, theirs.stdout, "sort {args:?}");
        assert_eq!(ours.code, theirs.code, "sort {args:?}");
    }
}

/// GNU's sort_buffer_size stats the first input before reading it: a
/// closed standard input fails there, with or without -S.
#[test]
fn closed_stdin_fails_at_stat() {
    for args in [&[][..], &["-S", "1M"][..], &["-"][..]] {
        ucmd("sort")
            .args(args)
            .stdin_closed()
            .run()
            .code_is(2)
            .no_stdout()
            .stderr_is("sort: stat failed: -: Bad file descriptor\n");
    }
}
