use crate::harness::*;

fn numbers(n: u32) -> String {
    (1..=n).map(|i| format!("{i}\n")).collect()
}

fn tail(args: &[&str], stdin: &str) -> Output {
    ucmd("tail").args(args).stdin(stdin).run()
}

/// A directory with `f` (1..20), `g` ("a\nb", no final newline), `big`
/// (1..200000), an empty file and a subdirectory.
fn files() -> TempDir {
    let t = TempDir::new();
    t.write("f", numbers(20));
    t.write("g", "a\nb");
    t.write("big", numbers(200_000));
    t.write("empty", "");
    t.write("z", b"a\0b\0c\0".as_slice());
    std::fs::create_dir(t.join("d")).unwrap();
    t
}

fn in_dir(t: &TempDir, args: &[&str]) -> Output {
    ucmd("tail").current_dir(t.path()).args(args).run()
}

#[test]
fn last_lines_and_bytes() {
    let input = numbers(20);
    tail(&[], &input)
        .success()
        .stdout_is(numbers(20).split_at(21).1);
    tail(&["-n", "3"], &input).stdout_is("18\n19\n20\n");
    tail(&["--lines=1"], &input).stdout_is("20\n");
    tail(&["-n", "-2"], &input).stdout_is("19\n20\n");
    tail(&["-c", "3"], &input).stdout_is("20\n");
    tail(&["--bytes=-2"], &input).stdout_is("0\n");
    tail(&["-n", "1"], "a\nb").stdout_is("b");
    tail(&["-n", "2"], "a\nb").stdout_is("a\nb");
    tail(&["-n", "5"], "x\n").stdout_is("x\n");
    tail(&["-n", "0"], &input).success().no_stdout();
    tail(&["-c", "0"], &input).success().no_stdout();
    tail(&["-n", "3"], "").success().no_stdout();
    tail(&["-c", "1K"], "ab").stdout_is("ab");
    tail(&["-n", "2"], "\n\n\n").stdout_is("\n\n");
}

#[test]
fn from_the_start() {
    let input = numbers(20);
    tail(&["-n", "+18"], &input).stdout_is("18\n19\n20\n");
    tail(&["-n", "+0"], "a\nb\n").stdout_is("a\nb\n");
    tail(&["-n", "+1"], "a\nb\n").stdout_is("a\nb\n");
    tail(&["-n", "+3"], "a\nb\n").success().no_stdout();
    tail(&["-c", "+3"], "abcdef").stdout_is("cdef");
    tail(&["-c", "+0"], "abc").stdout_is("abc");
    tail(&["-c", "+10"], "abc").success().no_stdout();
    // A later -n NUM does not undo the +.
    tail(&["-n", "+3", "-n", "19"], &input).stdout_is("19\n20\n");
    let t = files();
    in_dir(&t, &["-n", "+199999", "big"]).stdout_is("199999\n200000\n");
    let from = format!("+{}", numbers(200_000).len() - 6);
    in_dir(&t, &["-c", &from, "big"]).stdout_is("200000\n");
    in_dir(&t, &["---presume-input-pipe", "-c", &from, "big"]).stdout_is("200000\n");
}

#[test]
fn suffixes() {
    let big = "x".repeat(3000);
    assert_eq!(tail(&["-c", "1k"], &big).stdout.len(), 1024);
    assert_eq!(tail(&["-c", "2b"], &big).stdout.len(), 1024);
    assert_eq!(tail(&["-c", "1kB"], &big).stdout.len(), 1000);
    assert_eq!(tail(&["-c", "1KiB"], &big).stdout.len(), 1024);
    assert_eq!(tail(&["-c", "1M"], &big).stdout.len(), 3000);
    assert_eq!(tail(&["-c", "+1k"], &big).stdout.len(), 3000 - 1023);
    tail(&["-n", "1E"], "a\nb\n").stdout_is("a\nb\n");
}

#[test]
fn regular_files_read_backwards() {
    let t = files();
    let all = numbers(200_000);
    in_dir(&t, &["big"]).stdout_is(&all[all.len() - 70..]);
    let last: String = (150_001..=200_000).map(|i| format!("{i}\n")).collect();
    in_dir(&t, &["-n", "50000", "big"]).stdout_is(&last);
    in_dir(&t, &["---presume-input-pipe", "-n", "50000", "big"]).stdout_is(&last);
    in_dir(&t, &["-n", "300000", "big"]).stdout_is(&all);
    in_dir(&t, &["-c", "14", "big"]).stdout_is("199999\n200000\n");
    in_dir(&t, &["-c", "999999999", "big"]).stdout_is(&all);
    in_dir(&t, &["-n", "1", "g"]).stdout_is("b");
    in_dir(&t, &["-n", "1", "empty"]).success().no_stdout();
    // Piped through stdin from a pipe: the bounded ring.
    tail(&["-n", "3"], &all).stdout_is("199998\n199999\n200000\n");
    tail(&["-c", "7"], &all).stdout_is("200000\n");
    tail(&["-n", "50000"], &all).stdout_is(&last);
}

#[test]
fn files_whose_size_lies() {
    // /proc files say 0 bytes (or one page) and hold something else.
    let out = ucmd("tail")
        .args(&["-n", "1", "/proc/self/status"])
        .run()
        .success();
    assert!(out.stdout_str().ends_with('\n') && !out.stdout.is_empty());
    let all = std::fs::read("/proc/version").unwrap();
    ucmd("tail")
        .args(&["-c", "5", "/proc/version"])
        .run()
        .stdout_is(&all[all.len() - 5..]);
    ucmd("tail")
        .args(&["-n", "+1", "/proc/version"])
        .run()
        .stdout_is(&all);
}

#[test]
fn zero_terminated() {
    let t = files();
    in_dir(&t, &["-z", "-n", "2", "z"]).stdout_is(b"b\0c\0".as_slice());
    in_dir(&t, &["--zero-terminated", "-n", "+2", "z"]).stdout_is(b"b\0c\0".as_slice());
    ucmd("tail")
        .args(&["-z", "-n", "1"])
        .stdin(b"a\0b".as_slice())
        .run()
        .stdout_is("b");
}

#[test]
fn headers() {
    let t = files();
    in_dir(&t, &["-n", "1", "f", "g"]).stdout_is("==> f <==\n20\n\n==> g <==\nb");
    in_dir(&t, &["-n", "1", "g", "f"]).stdout_is("==> g <==\nb\n==> f <==\n20\n");
    in_dir(&t, &["-q", "-n", "1", "f", "g"]).stdout_is("20\nb");
    in_dir(&t, &["--silent", "-n", "1", "f", "f"]).stdout_is("20\n20\n");
    in_dir(&t, &["-v", "-n", "1", "f"]).stdout_is("==> f <==\n20\n");
    in_dir(&t, &["--verbose", "-n", "0", "f"])
        .success()
        .no_stdout();
    ucmd("tail")
        .current_dir(t.path())
        .args(&["-n", "1", "-", "f"])
        .stdin("in\n")
        .run()
        .stdout_is("==> standard input <==\nin\n\n==> f <==\n20\n");
    in_dir(&t, &["-n", "1", "missing", "f"])
        .code_is(1)
        .stdout_is("==> f <==\n20\n")
        .stderr_is("tail: cannot open 'missing' for reading: No such file or directory\n");
}

#[test]
fn obsolete_forms() {
    let input = numbers(20);
    tail(&["-3"], &input).stdout_is("18\n19\n20\n");
    tail(&["+19"], &input).stdout_is("19\n20\n");
    tail(&["-4c"], &input).stdout_is("\n20\n");
    tail(&["+50c"], &input).stdout_is("0\n");
    tail(&["-1b"], &"y".repeat(600)).stdout_is("y".repeat(512));
    tail(&["-l"], &input).stdout_is(numbers(20).split_at(21).1);
    tail(&["-2l"], &input).stdout_is("19\n20\n");
    let t = files();
    in_dir(&t, &["-2", "f"]).stdout_is("19\n20\n");
    in_dir(&t, &["-2", "--", "f"]).stdout_is("19\n20\n");
    // Not obsolete with two files: digits are then options.
    in_dir(&t, &["-2", "f", "g"])
        .code_is(1)
        .no_stdout()
        .stderr_is("tail: option used in invalid context -- 2\n");
    tail(&["-3x"], &input)
        .code_is(1)
        .stderr_is("tail: option used in invalid context -- 3\n");
    tail(&["-99999999999999999999"], "").code_is(1).stderr_is(
        "tail: invalid number: '-99999999999999999999': Numerical result out of range\n",
    );
    // `tail -5f` of a pipe: nothing to follow, so it ends.
    tail(&["-1f"], &input).success().stdout_is("20\n");
}

#[test]
fn posix2_version() {
    let input = numbers(20);
    // POSIX 2001: `+N` is a file name.
    ucmd("tail")
        .env("_POSIX2_VERSION", "200112")
        .arg("+19")
        .stdin(&input)
        .run()
        .code_is(1)
        .stderr_is("tail: cannot open '+19' for reading: No such file or directory\n");
    ucmd("tail")
        .env("_POSIX2_VERSION", "200112")
        .arg("-2")
        .stdin(&input)
        .run()
        .stdout_is("19\n20\n");
    // POSIX 1992: `-c` alone is obsolete (10 bytes).
    ucmd("tail")
        .env("_POSIX2_VERSION", "199209")
        .arg("-c")
        .stdin(&input)
        .run()
        .stdout_is("\n18\n19\n20\n");
    ucmd("tail")
        .env("_POSIX2_VERSION", "200809")
        .arg("+19")
        .stdin(&input)
        .run()
        .stdout_is("19\n20\n");
    tail(&["-c"], &input)
        .code_is(1)
        .stderr_contains("option requires an argument -- 'c'");
}

#[test]
fn errors() {
    let t = files();
    in_dir(&t, &["-n", "x", "f"])
        .code_is(1)
        .stderr_is("tail: invalid number of lines: 'x'\n");
    in_dir(&t, &["-c", "1y", "f"])
        .code_is(1)
        .stderr_is("tail: invalid number of bytes: '1y'\n");
    in_dir(&t, &["-n", "+x", "f"])
        .code_is(1)
        .stderr_is("tail: invalid number of lines: '+x'\n");
    in_dir(&t, &["-n", "99999999999999999999", "f"])
        .code_is(1)
        .stderr_is("tail: invalid number of lines: '99999999999999999999': Value too large for defined data type\n");
    in_dir(&t, &["-s", "x", "-f", "f"])
        .code_is(1)
        .stderr_is("tail: invalid number of seconds: 'x'\n");
    in_dir(&t, &["-s", "-1", "-f", "f"])
        .code_is(1)
        .stderr_is("tail: invalid number of seconds: '-1'\n");
    in_dir(&t, &["--pid=x", "f"])
        .code_is(1)
        .stderr_is("tail: invalid PID: 'x'\n");
    in_dir(&t, &["--pid=-1", "f"])
        .code_is(1)
        .stderr_is("tail: invalid PID: '-1'\n");
    in_dir(&t, &["--max-unchanged-stats=x", "f"])
        .code_is(1)
        .stderr_is("tail: invalid maximum number of unchanged stats between opens: 'x'\n");
    in_dir(&t, &["--follow=x", "f"]).code_is(1).stderr_is(
        "tail: invalid argument 'x' for '--follow'\nValid arguments are:\n  - 'descriptor'\n  - 'name'\nTry 'tail --help' for more information.\n",
    );
    in_dir(&t, &["missing"])
        .code_is(1)
        .no_stdout()
        .stderr_is("tail: cannot open 'missing' for reading: No such file or directory\n");
    in_dir(&t, &["d", "f"])
        .code_is(1)
        .stdout_is(format!(
            "==> d <==\n\n==> f <==\n{}",
            numbers(20).split_at(21).1
        ))
        .stderr_is("tail: error reading 'd': Is a directory\n");
    // With -c +N a read error ends tail at once, as GNU's.
    in_dir(&t, &["-c", "+1", "d", "f"])
        .code_is(1)
        .stdout_is("==> d <==\n")
        .stderr_is("tail: error reading 'd': Is a directory\n");
    in_dir(&t, &["-F", "-"])
        .code_is(1)
        .stderr_is("tail: cannot follow '-' by name\n");
    in_dir(&t, &["--follow=name", "f", "-"])
        .code_is(1)
        .stderr_is("tail: cannot follow '-' by name\n");
    // Nothing is opened for -n 0.
    in_dir(&t, &["-n", "0", "missing"]).success().no_stderr();
    ucmd("tail")
        .args(&["-n", "1"])
        .stdin("x\n")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("tail: write error: No space left on device\n");
}

#[test]
fn warnings() {
    let t = files();
    in_dir(&t, &["--retry", "-n", "1", "f"])
        .success()
        .stdout_is("20\n")
        .stderr_is("tail: warning: --retry ignored; --retry is useful only when following\n");
    in_dir(&t, &["--pid=1", "-n", "1", "f"])
        .success()
        .stdout_is("20\n")
        .stderr_is("tail: warning: PID ignored; --pid=PID is useful only when following\n");
}

#[test]
fn same_as_gnu_everywhere() {
    let t = files();
    for args in [
        &["f"][..],
        &["-n", "3", "f", "g", "empty"],
        &["-c", "5", "g", "f"],
        &["-n", "+5", "f"],
        &["-c", "+3", "g"],
        &["-v", "-c", "2", "f"],
        &["-q", "f", "g"],
        &["-n", "2K", "big"],
        &["-c", "100000", "big"],
        &["-n", "7", "-z", "z", "f"],
        &["-5c", "f"],
        &["+3l", "g"],
        &["-n", "-1", "big"],
        &["d", "missing", "f"],
        &["-n", "5", "d"],
        &["-c", "+1", "d"],
        &["-3x", "f"],
        &["-n"],
        &["--bogus", "f"],
        &["-x", "f"],
        &["-n", "1e", "f"],
        &["-c", "1kB", "big"],
    ] {
        same_as_gnu("tail", args, None, Some(t.path()));
    }
    let input = numbers(5000);
    for args in [
        &["-n", "3"][..],
        &["-c", "10"],
        &["-n", "+4990"],
        &["-c", "+22000"],
        &["-4"],
        &["-z"],
    ] {
        same_as_gnu("tail", args, Some(input.as_bytes()), None);
    }
}
