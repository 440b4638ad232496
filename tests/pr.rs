use crate::harness::*;

/// Files with form feeds, tabs, control characters, long and empty
/// lines, their mtime fixed (the headers show it).
fn inputs() -> TempDir {
    let t = TempDir::new();
    let lines: String = (1..=150).map(|i| format!("line {i}\n")).collect();
    t.write("in", &lines);
    t.write("short", "a\nbb\nccc\ndddd\neeeee\n");
    t.write(
        "tabs",
        "a\tb\tc\n\tindented\n12345678\t9\nx\x08y\x07z\x7f\u{e9}\n",
    );
    t.write("ff", "one\ntwo\x0cthree\n\x0c\nfour\nfive\x0c\x0c\nsix\n");
    let long: String = (1..=40)
        .map(|i| format!("{} {}\n", "word".repeat(i % 13), i))
        .collect();
    t.write("long", &long);
    t.write("noeol", "1\n2\n3");
    t.write("empty", "");
    let when = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_600_000_000);
    for f in ["in", "short", "tabs", "ff", "long", "noeol", "empty"] {
        let file = std::fs::File::options()
            .write(true)
            .open(t.join(f))
            .unwrap();
        file.set_modified(when).unwrap();
    }
    t
}

fn same(t: &TempDir, args: &[&str]) {
    // Merged files and standard input have the current time in their
    // headers: only its year is compared.
    let now = args.iter().any(|a| a.starts_with("-m") || *a == "-");
    let mut a = args.to_vec();
    a.push(if now {
        "--date-format=%Y"
    } else {
        "--date-format=%Y-%m-%d %H:%M:%S"
    });
    same_as_gnu("pr", &a, None, Some(t.path()));
    // The default format and zone too, with a fixed TZ.
    if have_gnu("pr") && !now {
        let theirs = gnu("pr")
            .args(args)
            .env("TZ", "UTC0")
            .current_dir(t.path())
            .run();
        ucmd("pr")
            .args(args)
            .env("TZ", "UTC0")
            .current_dir(t.path())
            .run()
            .same_as(&theirs);
    }
}

/// Every option, alone and in the combinations GNU's own tests use:
/// the same pages, byte for byte, as GNU's.
#[test]
fn pr_like_gnu() {
    let t = inputs();
    for args in [
        &["in"][..],
        &["short", "noeol", "empty"],
        &["-2", "in"],
        &["-3", "in"],
        &["-5", "short"],
        &["--columns=4", "in"],
        &["-3", "-a", "in"],
        &["-a", "-2", "short"],
        &["-m", "in", "short", "tabs"],
        &["-m", "-n", "short", "noeol"],
        &["-m", "-J", "long", "short"],
        &["-m", "-s", "short", "noeol"],
        &["-m", "-S::", "short", "noeol"],
        &["-m", "-t", "-w", "40", "long", "in"],
        &["-c", "tabs"],
        &["-v", "tabs"],
        &["-d", "in"],
        &["-D", "%A", "short"],
        &["-D", "", "short"],
        &["-e", "tabs"],
        &["-e:3", "tabs"],
        &["-e4", "tabs"],
        &["-f", "in"],
        &["-F", "-3", "in"],
        &["-h", "HEADER", "short"],
        &["-h", "", "short"],
        &["-i", "-3", "in"],
        &["-i.4", "tabs"],
        &["-J", "-3", "long"],
        &["-l", "20", "in"],
        &["-l", "10", "in"],
        &["-l", "3", "-3", "in"],
        &["-n", "in"],
        &["-n:3", "in"],
        &["-n", "-3", "in"],
        &["-N", "7", "-n", "in"],
        &["-n", "+2", "-l", "30", "in"],
        &["-N", "-5", "-n", "+2", "-l", "30", "in"],
        &["-o", "4", "short"],
        &["-o", "3", "-3", "-i", "in"],
        &["-r", "missing", "short"],
        &["-s", "-3", "in"],
        &["-s:", "-3", "in"],
        &["-S", "-3", "in"],
        &["-S<>", "-3", "in"],
        &["-S", "-m", "short", "noeol"],
        &["-t", "in"],
        &["-t", "-3", "in"],
        &["-T", "ff"],
        &["-t", "ff"],
        &["ff"],
        &["-3", "ff"],
        &["-3", "-t", "ff"],
        &["-a", "-3", "ff"],
        &["-m", "ff", "short"],
        &["-m", "-t", "ff", "ff"],
        &["+2", "ff"],
        &["-l", "4", "-t", "ff"],
        &["-w", "20", "-3", "long"],
        &["-w", "20", "long"],
        &["-W", "20", "long"],
        &["-W", "20", "-3", "long"],
        &["-W", "30", "-J", "-3", "long"],
        &["-W", "72", "-J", "-l", "24", "long"],
        &["+2", "in"],
        &["+2:3", "-l", "20", "in"],
        &["--pages=3:4", "-l", "20", "in"],
        &["+9", "-l", "20", "in"],
        &["+3", "short"],
        &["-3", "+2", "-l", "15", "in"],
        &["-b", "-3", "in"],
        &["-1", "-2", "in"],
        &["-12", "-a", "in"],
        &["-", "short"],
        &["--", "-", "short"],
        // Errors.
        &["missing"],
        &["missing", "short"],
        &["-l", "0", "in"],
        &["-w", "0", "in"],
        &["-W", "x", "in"],
        &["-N", "x", "in"],
        &["-o", "-1", "in"],
        &["-n:0", "in"],
        &["-e3x", "in"],
        &["-i:99999999999", "in"],
        &["-m", "-2", "in"],
        &["-m", "-a", "in"],
        &["-W", "3", "-4", "in"],
        &["-0", "in"],
        &["--columns=0", "in"],
        &["+x", "in"],
        &["+3:x", "in"],
        &["+2:1", "in"],
        &["--pages=x", "in"],
        &["--pages=0", "in"],
        &["--pages=2:1", "in"],
        &["--pages=999999999999999999999h", "in"],
        &["--pages=999999999999999999999", "in"],
        &["--pages=9x", "in"],
        &["+99999999999999999999x", "in"],
        &["--bogus", "in"],
        &["-k", "in"],
        &["-l"],
    ] {
        same(&t, args);
    }
}

/// Generated inputs (tabs, form feeds, backspaces, long lines) through
/// the column, merge and numbering options.
#[test]
fn pr_generated_inputs_like_gnu() {
    let t = inputs();
    let mut seed = 99u64;
    let mut rnd = |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    for round in 0..10 {
        let len = 200 + rnd(3000) as usize;
        let data: Vec<u8> = (0..len)
            .map(|_| match rnd(40) {
                0..=3 => b'\n',
                4 => b'\t',
                5 if round % 2 == 0 => 0x0c,
                6 => 8,
                7 => b' ',
                _ => b'a' + rnd(26) as u8,
            })
            .collect();
        t.write("g", &data);
        let l = (5 + rnd(30)).to_string();
        let w = (20 + rnd(60)).to_string();
        let cols = format!("-{}", 2 + rnd(4));
        for args in [
            vec!["-l", &l, "g"],
            vec!["-l", &l, &cols, "g"],
            vec!["-l", &l, &cols, "-a", "g"],
            vec!["-l", &l, "-m", "g", "short", "g"],
            vec!["-l", &l, "-n", "-W", &w, "g"],
            vec!["-t", &cols, "-w", &w, "-e", "-i", "g"],
            vec!["-T", "-n:3", "-J", &cols, "g"],
            vec!["-l", &l, "+2", "-N", "3", "-n", "g"],
        ] {
            same(&t, &args);
        }
    }
}

#[test]
fn pr_literal_pages() {
    let t = inputs();
    let (lhs, rhs) = (" ".repeat(22), " ".repeat(23));
    let header = format!("\n\n2020-09-13 12:26{lhs}short{rhs}Page 1\n\n\n");
    let mut want = format!("{header}a\nbb\nccc\ndddd\neeeee\n");
    // 56 body lines, 5 used, and the 5 of the footer.
    want.push_str(&"\n".repeat(56 - 5 + 5));
    ucmd("pr")
        .arg("short")
        .env("TZ", "UTC0")
        .current_dir(t.path())
        .run()
        .success()
        .stdout_is(&want);
    ucmd("pr")
        .args(&["-t", "-3", "-w", "20"])
        .stdin("1\n2\n3\n4\n5\n6\n7\n")
        .run()
        .success()
        .stdout_is("1      4      6\n2      5      7\n3\n");
    ucmd("pr")
        .args(&["-t", "-n", "-s,", "-m", "-", "short"])
        .stdin("x\n")
        .current_dir(t.path())
        .run()
        .success()
        .stdout_is("    1\tx,a\n    2,bb\n    3,ccc\n    4,dddd\n    5,eeeee\n");
    ucmd("pr")
        .args(&["-t", "-c"])
        .stdin(b"a\x01b\x80\n")
        .run()
        .stdout_is("a^Ab\\200\n");
    ucmd("pr").args(&["-l", "0"]).run().code_is(1).stderr_is(
        "pr: '-l PAGE_LENGTH' invalid number of lines: '0': Numerical result out of range\n",
    );
    ucmd("pr")
        .args(&["-t", "missing", "-"])
        .stdin("x\n")
        .run()
        .code_is(1)
        .stdout_is("x\n")
        .stderr_is("pr: missing: No such file or directory\n");
    ucmd("pr")
        .args(&["-t", "-r", "missing"])
        .run()
        .code_is(1)
        .no_stderr();
    ucmd("pr")
        .args(&["+5", "-l", "20"])
        .stdin("1\n2\n")
        .run()
        .success()
        .no_stdout()
        .stderr_is("pr: starting page number 5 exceeds page count 1\n");
    ucmd("pr")
        .arg("-t")
        .stdin("x\n")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("pr: write error: No space left on device\n");
}
