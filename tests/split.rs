use crate::harness::*;
use std::path::Path;

fn input(d: &Path) {
    let lines: String = (1..=2000).map(|i| format!("{i}\n")).collect();
    std::fs::write(d.join("in"), lines).unwrap();
    std::fs::write(d.join("short"), "a\nbb\nccc\ndddd\neeeee\n").unwrap();
    std::fs::write(d.join("noeol"), "1\n2\n3\n4\n5").unwrap();
    std::fs::write(d.join("z"), "a\0bb\0ccc\0dddd\0").unwrap();
    std::fs::write(d.join("b91"), [b'.'; 91]).unwrap();
    std::fs::write(
        d.join("chunks"),
        "12345\n1\n12345\n1\n12345\n\n\n12345\n1\n",
    )
    .unwrap();
}

fn same(args: &[&str]) {
    same_files_as_gnu("split", args, b"x\ny\nz\n", input, |e| e.to_vec());
}

/// Every mode and naming option: the same files with the same contents,
/// output, messages and status as GNU's.
#[test]
fn split_like_gnu() {
    for args in [
        &["in"][..],
        &["-l", "7", "in"],
        &["--lines=300", "in", "pre"],
        &["-b", "100", "in"],
        &["-b", "1K", "in"],
        &["-b", "1", "short"],
        &["-C", "50", "in"],
        &["-C", "3", "short"],
        &["-C", "1", "short"],
        &["---io-blksize=1", "-C", "4", "short"],
        &["---io-blksize=2", "-C", "5", "noeol"],
        &["-n", "3", "in"],
        &["-n", "7", "short"],
        &["-n", "10", "noeol"],
        &["-e", "-n", "10", "noeol"],
        &["-n", "2/3", "in"],
        &["-n", "3/3", "noeol"],
        &["-n", "l/3", "in"],
        &["-n", "l/5", "short"],
        &["-n", "l/2/3", "in"],
        &["-n", "l/15/15", "chunks"],
        &["-n", "l/14/15", "chunks"],
        &["---io-blksize=2", "-n", "l/22", "chunks"],
        &["---io-blksize=5", "-e", "-n", "l/12", "chunks"],
        &["-n", "r/3", "in"],
        &["-n", "r/2/3", "noeol"],
        &["-u", "-n", "r/2", "short"],
        &["-e", "-n", "r/10", "noeol"],
        &["-n", "r/10", "noeol"],
        &["-n", " r/4", "short"],
        &["-d", "-l", "100", "in"],
        &["-x", "-l", "10", "in"],
        &["--numeric-suffixes=5", "-l", "300", "in"],
        &["--hex-suffixes=9", "-l", "500", "in"],
        &["--numeric-suffixes=009", "-l", "500", "in"],
        &["-a", "3", "-b", "1000", "in", "pre"],
        &["-a", "0", "-l", "1", "short"],
        &["-a", "1", "-l", "1", "in"],
        &["--additional-suffix=.txt", "-l", "500", "in"],
        &["--verbose", "-l", "500", "in"],
        &["-t", "3", "in"],
        &["-t", "\\0", "-l", "2", "z"],
        &["-500", "in"],
        &["-5", "-0", "in"],
        &["-1", "-2", "short"],
        &["-b", "1", "b91"],
        &["-b1", "--numeric", "b91"],
        &["-b1", "--numeric=89", "b91"],
        &["-b1", "--numeric", "--additional-suffix=.t", "b91", ""],
        &["--numeric-suffixes=1", "--number=r/100", "b91"],
        &["--numeric-suffixes=100", "--number=r/100", "b91"],
        &["-a", "4", "-n", "1000", "noeol"],
        &["-n", "3", "-"],
        &["-C", "1", "-"],
        &["-"],
        // Errors.
        &["-b", "0", "in"],
        &["-l", "0", "in"],
        &["-C", "0", "in"],
        &["-n", "0", "in"],
        &["-n", "1/0", "in"],
        &["-n", "0/1", "in"],
        &["-n", "2/1", "in"],
        &["-n", "l/1o", "in"],
        &["-n", "r/18446744073709551616", "in"],
        &["-n", "9223372036854775808", "in"],
        &["-0", "in"],
        &["-a", "x", "in"],
        &["-a", "1", "-n", "100", "in"],
        &["-t", "ab", "in"],
        &["-t", "", "in"],
        &["-t", "x", "-t", "y", "in"],
        &["-t", "x", "-t", "x", "in"],
        &["-b", "1", "-l", "2", "in"],
        &["-l", "2", "-5", "in"],
        &["-5", "-n", "2", "in"],
        &["-b", "1K2", "in"],
        &["--numeric-suffixes=1x", "in"],
        &["--hex-suffixes=g", "in"],
        &["-a", "3", "--numeric-suffixes=1000", "in"],
        &["--additional-suffix=a/b", "in"],
        &["--filter=cat", "-n", "1/2", "in"],
        &["-99999999999999999991", "in"],
        &["--line-bytes=9223372036854775808", "in"],
        &["-a", "1", "-l", "1", "in"],
        &["in", "x", "extra"],
        &["missing"],
        &["."],
        &["-b", "2", "in", "in"],
        &["-n", "1/2", "/dev/zero"],
        &["-n", "l/2", "/dev/zero"],
        &["--bogus", "in"],
        &["--n", "2", "in"],
    ] {
        same(args);
    }
}

/// Generated inputs of many sizes and shapes, split every way.
#[test]
fn split_generated_inputs_like_gnu() {
    let mut seed = 12345u64;
    let mut rnd = |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    for round in 0..12 {
        let len = rnd(3000) as usize;
        let data: Vec<u8> = (0..len)
            .map(|_| match rnd(10) {
                0..=1 => b'\n',
                2 => 0,
                _ => b'a' + rnd(26) as u8,
            })
            .collect();
        let n = (1 + rnd(9)).to_string();
        let size = (1 + rnd(200)).to_string();
        let blk = format!("---io-blksize={}", 1 + rnd(64));
        let setup = |d: &Path| std::fs::write(d.join("g"), &data).unwrap();
        let sets: Vec<Vec<&str>> = vec![
            vec!["-l", &n, "g"],
            vec!["-b", &size, "g"],
            vec!["-C", &size, "g"],
            vec![&blk, "-C", &size, "g"],
            vec!["-n", &n, "g"],
            vec!["-n", "l/5", "g"],
            vec![&blk, "-n", "l/7", "g"],
            vec!["-e", "-n", "l/9", "g"],
            vec!["-n", "r/4", "g"],
            vec!["-t", "\\0", "-n", "r/3", "g"],
            vec!["-t", "\\0", "-C", &size, "g"],
        ];
        for (i, args) in sets.iter().enumerate() {
            if (round + i) % 2 == 0 {
                same_files_as_gnu("split", args, b"", setup, |e| e.to_vec());
            }
        }
    }
}

/// The suffixes widen as GNU 9.1's do: `xyz` is followed by `xzaaa`,
/// `x89` by `x9000`.
#[test]
fn split_widens_suffixes() {
    let t = TempDir::new();
    t.write("in", vec![b'.'; 700]);
    ucmd("split")
        .args(&["-b", "1", "in"])
        .current_dir(t.path())
        .run()
        .success()
        .no_stdout();
    assert!(t.join("xyz").exists() && t.join("xzaaa").exists() && t.join("xzaax").exists());
    assert!(!t.join("xzz").exists());
    let t = TempDir::new();
    t.write("in", vec![b'.'; 92]);
    ucmd("split")
        .args(&["-d", "-b", "1", "in"])
        .current_dir(t.path())
        .run()
        .success();
    assert!(t.join("x89").exists() && t.join("x9000").exists() && t.join("x9001").exists());
    // A fixed length runs out.
    let t = TempDir::new();
    t.write("in", "1\n2\n3\n4\n");
    ucmd("split")
        .args(&["-a", "1", "-d", "--numeric-suffixes=8", "-l", "1", "in"])
        .current_dir(t.path())
        .run()
        .code_is(1)
        .stderr_is("split: output file suffixes exhausted\n");
    assert_eq!(t.read("x9"), b"2\n");
}

#[test]
fn split_default_and_chunks() {
    let t = TempDir::new();
    let lines: String = (1..=2500).map(|i| format!("{i}\n")).collect();
    t.write("in", &lines);
    ucmd("split")
        .arg("in")
        .current_dir(t.path())
        .run()
        .success();
    assert_eq!(
        t.read("xaa").len(),
        lines.lines().take(1000).map(|l| l.len() + 1).sum()
    );
    assert!(t.read("xac").starts_with(b"2001\n"));
    t.write("five", "1\n2\n3\n4\n5\n");
    ucmd("split")
        .args(&["-n", "r/3", "five", "r"])
        .current_dir(t.path())
        .run()
        .success();
    assert_eq!(t.read("raa"), b"1\n4\n");
    assert_eq!(t.read("rab"), b"2\n5\n");
    assert_eq!(t.read("rac"), b"3\n");
    ucmd("split")
        .args(&["-n", "2/3", "five"])
        .current_dir(t.path())
        .run()
        .success()
        .stdout_is("\n3\n");
    ucmd("split")
        .args(&["-n", "l/2/3", "five"])
        .current_dir(t.path())
        .run()
        .success()
        .stdout_is("3\n");
    ucmd("split")
        .args(&["--verbose", "-l", "3", "five", "v"])
        .current_dir(t.path())
        .run()
        .success()
        .stdout_is("creating file 'vaa'\ncreating file 'vab'\n");
}

#[test]
fn split_errors() {
    let t = TempDir::new();
    t.write("in", "1\n2\n");
    let err = |args: &[&str], code: i32, msg: &str| {
        ucmd("split")
            .args(args)
            .current_dir(t.path())
            .run()
            .code_is(code)
            .stderr_is(msg);
    };
    let try_help = "Try 'split --help' for more information.\n";
    err(
        &["-b", "1", "-l", "1"],
        1,
        &format!("split: cannot split in more than one way\n{try_help}"),
    );
    err(
        &["-b", "0"],
        1,
        "split: invalid number of bytes: '0': Numerical result out of range\n",
    );
    err(
        &["-n", "l/1o"],
        1,
        "split: invalid number of chunks: '1o'\n",
    );
    err(&["-t", "ab"], 1, "split: multi-character separator 'ab'\n");
    err(&["-t", ""], 1, "split: empty record separator\n");
    err(
        &["-a", "1", "-n", "27", "in"],
        1,
        "split: the suffix length needs to be at least 2\n",
    );
    err(
        &["--numeric-suffixes=x"],
        1,
        &format!("split: 'x': invalid start value for numerical suffix\n{try_help}"),
    );
    t.write("xaa", "1\n2\n");
    err(
        &["-C", "1", "xaa"],
        1,
        "split: 'xaa' would overwrite input; aborting\n",
    );
    assert_eq!(t.read("xaa"), b"1\n2\n");
    err(
        &["-n", "l/2", "/dev/zero"],
        1,
        "split: /dev/zero: cannot determine file size: Value too large for defined data type\n",
    );
    err(
        &["nope"],
        1,
        "split: cannot open 'nope' for reading: No such file or directory\n",
    );
    ucmd("split")
        .args(&["-n", "l/2"])
        .stdin("")
        .current_dir(t.path())
        .run()
        .code_is(1)
        .stderr_is("split: -: cannot determine file size\n");
    ucmd("split")
        .args(&["-n", "1/2", "in"])
        .stdout_to(Out::Full)
        .current_dir(t.path())
        .run()
        .code_is(1)
        .stderr_is("split: -: No space left on device\n");
    ucmd("split")
        .args(&["-n", "r/1/2", "in"])
        .stdout_to(Out::Full)
        .current_dir(t.path())
        .run()
        .code_is(1)
        .stderr_is("split: write error: No space left on device\n");
}

/// --filter: one `$SHELL -c` per piece with FILE set; a filter that
/// stops reading ends only its piece; a failing one ends split with its
/// status.
#[test]
fn split_filter() {
    let t = TempDir::new();
    let lines: String = (1..=1000).map(|i| format!("{i}\n")).collect();
    t.write("in", &lines);
    ucmd("split")
        .args(&["-l", "300", "--filter=cat > $FILE.f", "in"])
        .current_dir(t.path())
        .run()
        .success()
        .no_stdout();
    let joined: Vec<u8> = ["xaa.f", "xab.f", "xac.f", "xad.f"]
        .iter()
        .flat_map(|f| t.read(f))
        .collect();
    assert_eq!(joined, lines.as_bytes());
    assert!(!t.join("xaa").exists());
    ucmd("split")
        .args(&["-n", "r/2", "--filter=head -c1 > $FILE.n", "in"])
        .current_dir(t.path())
        .run()
        .success();
    assert_eq!(t.read("xaa.n"), b"1");
    assert_eq!(t.read("xab.n"), b"2");
    ucmd("split")
        .args(&["--verbose", "-l", "600", "--filter=exit 3", "in"])
        .current_dir(t.path())
        .run()
        .code_is(3)
        .stdout_is("executing with FILE=xaa\n")
        .stderr_is("split: with FILE=xaa, exit 3 from command: exit 3\n");
    ucmd("split")
        .args(&["-l", "600", "--filter=kill -TERM $$", "in"])
        .current_dir(t.path())
        .run()
        .code_is(128 + 15)
        .stderr_is("split: with FILE=xaa, signal TERM from command: kill -TERM $$\n");
    ucmd("split")
        .args(&["-b", "1G", "--filter=head -c1 >/dev/null"])
        .stdin(lines.repeat(100))
        .current_dir(t.path())
        .run()
        .success();
    ucmd("split")
        .args(&["-l", "600", "--filter=true", "in"])
        .env("SHELL", "/nonexistent/sh")
        .current_dir(t.path())
        .run()
        .code_is(1)
        .stderr_contains("split: failed to run command: \"/nonexistent/sh -c true\": No such file or directory\n");
}

/// More pieces than descriptors: -n r/N closes and reopens them.
#[test]
fn split_round_robin_past_the_descriptor_limit() {
    let t = TempDir::new();
    let o = host("sh")
        .args(&[
            "-c",
            &format!(
                "ulimit -n 20 && yes | head -n 90 | {} split -n r/30",
                corebox_line()
            ),
        ])
        .current_dir(t.path())
        .run()
        .success();
    drop(o);
    for i in 0..30 {
        let name = format!("xa{}", (b'a' + i as u8) as char);
        let name = if i < 26 {
            name
        } else {
            format!("xb{}", (b'a' + (i - 26) as u8) as char)
        };
        assert_eq!(t.read(&name), b"y\ny\ny\n", "{name}");
    }
}

/// Pieces over the read buffer (a regular input is spliced into regular
/// pieces by the kernel): the same files as GNU's, also through filters
/// (pipes, written to as before), with -e, -b, and over a longer file
/// already there (truncated; an empty new one is left as it is).
#[test]
fn split_big_pieces_like_gnu() {
    let setup = |d: &Path| {
        let lines: String = (0..400_000).map(|i| format!("{i}\n")).collect();
        std::fs::write(d.join("big"), lines).unwrap();
        std::fs::write(d.join("xab"), vec![b'j'; 4 << 20]).unwrap();
    };
    for args in [
        &["-n", "4", "big"][..],
        &["--verbose", "-n", "3", "big"],
        &["-e", "-n", "5", "big"],
        &["-b", "1000000", "big"],
        &["-n", "3", "--filter=cat > $FILE.f", "big"],
        &["--verbose", "-b", "900000", "--filter=cat > $FILE.f", "big"],
    ] {
        same_files_as_gnu("split", args, b"", setup, |e| e.to_vec());
    }
}

/// A piece that cannot be written takes GNU's message, the pieces
/// before it complete.
#[test]
fn split_big_piece_to_a_full_device() {
    let t = TempDir::new();
    let lines: String = (0..400_000).map(|i| format!("{i}\n")).collect();
    t.write("big", &lines);
    std::os::unix::fs::symlink("/dev/full", t.join("xab")).unwrap();
    ucmd("split")
        .args(&["--verbose", "-n", "4", "big"])
        .current_dir(t.path())
        .run()
        .code_is(1)
        .stdout_is("creating file 'xaa'\ncreating file 'xab'\n")
        .stderr_is("split: xab: No space left on device\n");
    assert_eq!(t.read("xaa"), &lines.as_bytes()[..lines.len() / 4]);
}
