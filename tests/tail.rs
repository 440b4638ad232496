use crate::harness::*;
use std::path::Path;

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
    in_dir(&t, &["--follow=", "f"])
        .code_is(1)
        .stderr_contains("tail: ambiguous argument '' for '--follow'\n");
    in_dir(&t, &["-s", "1e400", "-f", "f"])
        .code_is(1)
        .stderr_is("tail: invalid number of seconds: '1e400'\n");
    in_dir(&t, &["-s", "1x", "-f", "f"])
        .code_is(1)
        .stderr_is("tail: invalid number of seconds: '1x'\n");
    in_dir(&t, &["-n", "1", "--pid=2147483648", "f"])
        .code_is(1)
        .stderr_is("tail: invalid PID: '2147483648': Value too large for defined data type\n");
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

// ---- following ----

/// The two engines: inotify (a sleep interval so long that only inotify
/// can deliver anything in time) and polling every 50 ms.
const ENGINES: [&[&str]; 2] = [&["-s", "1000"], &["---disable-inotify", "-s", "0.05"]];

fn follow(t: &TempDir, engine: &[&str], args: &[&str]) -> Running {
    ucmd("tail")
        .current_dir(t.path())
        .args(engine)
        .args(args)
        .spawn()
}

/// With the inotify engine, waits until tail watches `n` objects (files
/// and their directories), so that changes made next cannot race its
/// start; the polling engine compares with what it saw at the start.
fn ready(r: &Running, engine: &[&str], n: usize) {
    if engine == ENGINES[0] {
        r.wait_watches(n);
    }
}

fn append(t: &TempDir, name: &str, data: &str) {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(t.join(name))
        .unwrap();
    f.write_all(data.as_bytes()).unwrap();
}

#[test]
fn follow_appended_data() {
    for e in ENGINES {
        let t = TempDir::new();
        t.write("f", "1\n2\n");
        let r = follow(&t, e, &["-f", "f"]);
        r.wait_stdout("1\n2\n");
        append(&t, "f", "3\n");
        r.wait_stdout("1\n2\n3\n");
        append(&t, "f", "4");
        r.wait_stdout("1\n2\n3\n4");
        assert_eq!(r.stderr(), "");
    }
}

#[test]
fn follow_descriptor_keeps_reading_after_rename() {
    for e in ENGINES {
        let t = TempDir::new();
        t.write("f", "1\n");
        let r = follow(&t, e, &["--follow=descriptor", "f"]);
        r.wait_stdout("1\n");
        ready(&r, e, 1);
        std::fs::rename(t.join("f"), t.join("g")).unwrap();
        t.write("f", "new file\n");
        append(&t, "g", "2\n");
        r.wait_stdout("1\n2\n");
    }
}

#[test]
fn follow_truncation() {
    for e in ENGINES {
        for mode in ["-f", "-F"] {
            let t = TempDir::new();
            t.write("f", "one\ntwo\n");
            let r = follow(&t, e, &[mode, "f"]);
            r.wait_stdout("one\ntwo\n");
            ready(&r, e, if mode == "-f" { 1 } else { 2 });
            // copytruncate: copy away, then truncate in place.
            std::fs::copy(t.join("f"), t.join("f.1")).unwrap();
            t.write("f", "x\n");
            r.wait_stdout("one\ntwo\nx\n");
            r.wait_stderr("tail: f: file truncated\n");
        }
    }
}

#[test]
fn follow_name_rotation_create_style() {
    for e in ENGINES {
        let t = TempDir::new();
        t.write("log", "a\n");
        let r = follow(&t, e, &["-F", "log"]);
        r.wait_stdout("a\n");
        ready(&r, e, 2);
        std::fs::rename(t.join("log"), t.join("log.1")).unwrap();
        r.wait_stderr("tail: 'log' has become inaccessible: No such file or directory\n");
        t.write("log", "b\n");
        r.wait_stdout("a\nb\n");
        r.wait_stderr(
            "tail: 'log' has become inaccessible: No such file or directory\n\
             tail: 'log' has appeared;  following new file\n",
        );
        append(&t, "log", "c\n");
        r.wait_stdout("a\nb\nc\n");
    }
}

#[test]
fn follow_name_replaced_atomically() {
    for e in ENGINES {
        let t = TempDir::new();
        t.write("log", "a\n");
        let r = follow(&t, e, &["--follow=name", "log"]);
        r.wait_stdout("a\n");
        ready(&r, e, 2);
        t.write("tmp", "b\n");
        std::fs::rename(t.join("tmp"), t.join("log")).unwrap();
        r.wait_stdout("a\nb\n");
        r.wait_stderr("tail: 'log' has been replaced;  following new file\n");
        append(&t, "log", "c\n");
        r.wait_stdout("a\nb\nc\n");
    }
}

#[test]
fn follow_name_deleted() {
    for (e, code) in ENGINES.into_iter().zip([1, 0]) {
        let t = TempDir::new();
        t.write("f", "a\n");
        let r = follow(&t, e, &["--follow=name", "f"]);
        r.wait_stdout("a\n");
        ready(&r, e, 2);
        std::fs::remove_file(t.join("f")).unwrap();
        // GNU: inotify dies with status 1, polling ends with 0.
        r.wait_exit()
            .code_is(code)
            .stdout_is("a\n")
            .stderr_is("tail: f: No such file or directory\ntail: no files remaining\n");
    }
}

#[test]
fn follow_name_appears_later() {
    for e in ENGINES {
        let t = TempDir::new();
        let r = follow(&t, e, &["-F", "-s", "0.05", "later"]);
        r.wait_stderr("tail: cannot open 'later' for reading: No such file or directory\n");
        t.write("later", "here\n");
        r.wait_stdout("here\n");
        r.wait_stderr(
            "tail: cannot open 'later' for reading: No such file or directory\n\
             tail: 'later' has appeared;  following new file\n",
        );
        append(&t, "later", "more\n");
        r.wait_stdout("here\nmore\n");
    }
}

#[test]
fn follow_name_directory_replacement() {
    for e in ENGINES {
        let t = TempDir::new();
        t.write("f", "a\n");
        let r = follow(&t, e, &["-F", "-s", "0.05", "f"]);
        r.wait_stdout("a\n");
        ready(&r, e, 2);
        std::fs::remove_file(t.join("f")).unwrap();
        r.wait_stderr("tail: 'f' has become inaccessible: No such file or directory\n");
        std::fs::create_dir(t.join("f")).unwrap();
        r.wait_for("untailable", |_, err| {
            err.ends_with("tail: 'f' has been replaced with an untailable file\n")
        });
        std::fs::remove_dir(t.join("f")).unwrap();
        t.write("f", "b\n");
        r.wait_stdout("a\nb\n");
        // Whether the name was seen missing between rmdir and creation
        // decides GNU's words too.
        r.wait_for("accessible", |_, err| {
            err.ends_with("tail: 'f' has become accessible\n")
                || err.ends_with("tail: 'f' has appeared;  following new file\n")
        });
    }
}

#[test]
fn follow_directory_gives_up() {
    for e in ENGINES {
        let t = TempDir::new();
        std::fs::create_dir(t.join("d")).unwrap();
        follow(&t, e, &["-f", "d"])
            .wait_exit()
            .code_is(1)
            .stderr_is(
                "tail: error reading 'd': Is a directory\n\
             tail: d: cannot follow end of this type of file; giving up on this name\n\
             tail: no files remaining\n",
            );
    }
}

#[test]
fn follow_missing_without_retry() {
    let t = TempDir::new();
    follow(&t, &[], &["-f", "missing"]).wait_exit().code_is(1).stderr_is(
        "tail: cannot open 'missing' for reading: No such file or directory\ntail: no files remaining\n",
    );
    t.write("f", "x\n");
    let r = follow(&t, &[], &["-f", "--retry", "f"]);
    r.wait_stdout("x\n");
    r.wait_stderr("tail: warning: --retry only effective for the initial open\n");
}

#[test]
fn follow_several_files_with_headers() {
    for e in ENGINES {
        let t = TempDir::new();
        t.write("f", "1\n");
        t.write("g", "2\n");
        let r = follow(&t, e, &["-f", "f", "g"]);
        let mut want = String::from("==> f <==\n1\n\n==> g <==\n2\n");
        r.wait_stdout(&want);
        ready(&r, e, 2);
        append(&t, "g", "3\n");
        want += "3\n";
        r.wait_stdout(&want);
        append(&t, "f", "4\n");
        want += "\n==> f <==\n4\n";
        r.wait_stdout(&want);
        append(&t, "g", "5\n");
        want += "\n==> g <==\n5\n";
        r.wait_stdout(&want);
    }
}

#[test]
fn follow_until_pid_dies() {
    for e in ENGINES {
        let t = TempDir::new();
        t.write("f", "x\n");
        let mut writer = std::process::Command::new("sleep")
            .arg("1000")
            .spawn()
            .unwrap();
        let pid = format!("--pid={}", writer.id());
        let r = follow(&t, e, &["-f", "-s", "0.05", &pid, "f"]);
        r.wait_stdout("x\n");
        append(&t, "f", "y\n");
        r.wait_stdout("x\ny\n");
        writer.kill().unwrap();
        writer.wait().unwrap();
        r.wait_exit().success().stdout_is("x\ny\n").no_stderr();
    }
}

#[test]
fn follow_standard_input() {
    // A pipe is read to its end and not followed.
    ucmd("tail")
        .args(&["-f", "-n", "1"])
        .stdin("a\nb\n")
        .run()
        .success()
        .stdout_is("b\n");
    ucmd("tail")
        .arg("-f")
        .stdin("a\n")
        .run()
        .success()
        .stdout_is("a\n");
    // A regular file on standard input is followed (by polling).
    let t = TempDir::new();
    t.write("f", "1\n");
    let mut c = ucmd("tail").args(&["-f", "-s", "0.05"]).command();
    c.stdin(std::fs::File::open(t.join("f")).unwrap());
    c.stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = c.spawn().unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 64];
    use std::io::Read;
    while got.len() < 2 {
        let n = out.read(&mut buf).unwrap();
        assert!(n > 0);
        got.extend_from_slice(&buf[..n]);
    }
    append(&t, "f", "2\n");
    while got.len() < 4 {
        let n = out.read(&mut buf).unwrap();
        assert!(n > 0);
        got.extend_from_slice(&buf[..n]);
    }
    assert_eq!(got, b"1\n2\n");
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn follow_max_unchanged_stats() {
    // Polling with --follow=name (no -F): the name is looked at again only
    // after N unchanged polls; with 0 that is at every poll.
    let t = TempDir::new();
    t.write("f", "a\n");
    let r = follow(
        &t,
        &[
            "---disable-inotify",
            "-s",
            "0.05",
            "--max-unchanged-stats=0",
        ],
        &["--follow=name", "f"],
    );
    r.wait_stdout("a\n");
    t.write("tmp", "b\n");
    std::fs::rename(t.join("tmp"), t.join("f")).unwrap();
    r.wait_stdout("a\nb\n");
    r.wait_stderr("tail: 'f' has been replaced;  following new file\n");
}

#[test]
fn follow_name_directory_removed() {
    // inotify watches the parent directory; its removal sends tail back
    // to polling, which sees the file come back.
    let t = TempDir::new();
    std::fs::create_dir(t.join("sub")).unwrap();
    t.write("sub/f", "1\n");
    let r = follow(&t, &["-s", "0.05"], &["-F", "sub/f"]);
    r.wait_stdout("1\n");
    r.wait_watches(2);
    std::fs::remove_dir_all(t.join("sub")).unwrap();
    r.wait_stderr(
        "tail: 'sub/f' has become inaccessible: No such file or directory\n\
         tail: directory containing watched file was removed\n\
         tail: inotify cannot be used, reverting to polling\n",
    );
    std::fs::create_dir(t.join("sub")).unwrap();
    t.write("sub/f", "2\n");
    r.wait_stdout("1\n2\n");
    r.wait_for("appeared", |_, e| {
        e.ends_with("tail: 'sub/f' has appeared;  following new file\n")
    });
}

#[test]
fn follow_name_replaced_by_symlink() {
    let t = TempDir::new();
    t.write("f", "1\n");
    t.write("target", "2\n");
    let r = follow(&t, &[], &["-F", "f"]);
    r.wait_stdout("1\n");
    r.wait_watches(2);
    std::os::unix::fs::symlink("target", t.join("tmp")).unwrap();
    std::fs::rename(t.join("tmp"), t.join("f")).unwrap();
    r.wait_stderr("tail: 'f' has been replaced with an untailable symbolic link\n");
}

#[test]
fn follow_ends_when_output_reader_goes() {
    use std::io::Read;
    for e in ENGINES {
        let t = TempDir::new();
        t.write("f", "1\n");
        let mut c = ucmd("tail")
            .current_dir(t.path())
            .args(e)
            .args(&["-f", "f"])
            .command();
        c.stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null());
        let mut child = c.spawn().unwrap();
        let mut out = child.stdout.take().unwrap();
        let mut b = [0u8; 2];
        out.read_exact(&mut b).unwrap();
        drop(out);
        let start = std::time::Instant::now();
        let status = loop {
            if let Some(st) = child.try_wait().unwrap() {
                break st;
            }
            assert!(
                start.elapsed() < DEADLINE,
                "tail -f did not notice its reader left"
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        };
        assert_eq!(
            std::os::unix::process::ExitStatusExt::signal(&status),
            Some(13)
        );
    }
}

#[test]
fn follow_a_fifo_by_name() {
    let t = TempDir::new();
    let fifo = t.join("fifo");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let r = follow(&t, &[], &["-f", "fifo"]);
    std::fs::write(&fifo, "through the fifo\n").unwrap();
    r.wait_stdout("through the fifo\n");
}

#[test]
fn follow_name_several_files() {
    for e in ENGINES {
        let t = TempDir::new();
        t.write("a", "1\n");
        let r = follow(&t, e, &["-F", "-s", "0.05", "a", "b"]);
        r.wait_stdout("==> a <==\n1\n");
        r.wait_stderr("tail: cannot open 'b' for reading: No such file or directory\n");
        t.write("b", "2\n");
        // GNU prints no header here: the last file shown is taken to be
        // the last operand at the start.
        r.wait_stdout("==> a <==\n1\n2\n");
        append(&t, "a", "3\n");
        r.wait_stdout("==> a <==\n1\n2\n\n==> a <==\n3\n");
    }
}

#[test]
fn write_errors() {
    let t = files();
    let run = |args: &[&str]| {
        ucmd("tail")
            .current_dir(t.path())
            .args(args)
            .stdout_to(Out::Full)
            .run()
    };
    // Small output waits in the buffer: reported at exit.
    run(&["-n", "1", "f"])
        .code_is(1)
        .stderr_is("tail: write error: No space left on device\n");
    // Big output is written at once: GNU's xwrite_stdout message.
    let big = "tail: error writing 'standard output': No space left on device\n";
    run(&["-n", "50000", "big"]).code_is(1).stderr_is(big);
    run(&["-n", "+2", "big"]).code_is(1).stderr_is(big);
    ucmd("tail")
        .args(&["-n", "50000"])
        .stdin(numbers(100_000))
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is(big);
    // Following: the flush before waiting fails.
    for e in ENGINES {
        let r = ucmd("tail")
            .current_dir(t.path())
            .args(e)
            .args(&["-f", "f"])
            .stdout_to(Out::Full)
            .run();
        r.code_is(1)
            .stderr_is("tail: write error: No space left on device\ntail: write error\n");
    }
}

#[test]
fn follow_descriptor_retry_initial_open() {
    // -f --retry keeps trying a file missing at the start (GNU: by
    // polling, as a file could not be opened), then follows it.
    let t = TempDir::new();
    t.write("f", "1\n");
    let r = follow(&t, &["-s", "0.05"], &["-f", "--retry", "f", "missing"]);
    r.wait_stdout("==> f <==\n1\n");
    r.wait_stderr(
        "tail: warning: --retry only effective for the initial open\n\
         tail: cannot open 'missing' for reading: No such file or directory\n",
    );
    t.write("missing", "hi\n");
    // No header: GNU takes the last operand as the last file shown.
    r.wait_stdout("==> f <==\n1\nhi\n");
    r.wait_for("appeared", |_, e| {
        e.ends_with("tail: 'missing' has appeared;  following new file\n")
    });
    append(&t, "f", "2\n");
    r.wait_stdout("==> f <==\n1\nhi\n\n==> f <==\n2\n");
}

#[test]
fn follow_from_the_end_only() {
    for e in ENGINES {
        let t = TempDir::new();
        t.write("f", "1\n2\n");
        // -n 0 prints nothing to wait for: only the inotify engine can
        // tell when it is ready.
        if e == ENGINES[0] {
            let r = follow(&t, e, &["-f", "-n", "0", "f"]);
            ready(&r, e, 1);
            append(&t, "f", "3\n");
            r.wait_stdout("3\n");
        } else {
            append(&t, "f", "3\n");
        }
        let r = follow(&t, e, &["-c", "+3", "-f", "f"]);
        r.wait_stdout("2\n3\n");
        ready(&r, e, 1);
        append(&t, "f", "4\n");
        r.wait_stdout("2\n3\n4\n");
    }
}

#[test]
fn follow_falls_back_to_polling_without_inotify() {
    // No descriptor left for an inotify instance: GNU's message, then
    // polling. (Not under qemu-user, which needs descriptors of its own.)
    if runner().is_some() {
        return;
    }
    let t = TempDir::new();
    t.write("f", "1\n");
    let r = program("bash")
        .current_dir(t.path())
        .args(&["-c", "ulimit -n 4; exec \"$@\"", "sh"])
        .arg(bin())
        .args(&["tail", "-s", "0.05", "-f", "f"])
        .spawn();
    r.wait_stdout("1\n");
    r.wait_stderr("tail: inotify cannot be used, reverting to polling: Too many open files\n");
    append(&t, "f", "2\n");
    r.wait_stdout("1\n2\n");
}

#[test]
fn follow_terminal_input_warning() {
    // Standard input on a terminal (script's pty; ^D ends its input).
    if runner().is_some() || !Path::new("/usr/bin/script").exists() {
        return;
    }
    let t = TempDir::new();
    let f = t.write("f", "x\n");
    let mut gone = std::process::Command::new("true").spawn().unwrap();
    let pid = gone.id();
    gone.wait().unwrap();
    let cmd = format!(
        "{} tail -s 0.05 --pid={pid} -f - {}",
        bin().display(),
        f.display()
    );
    let out = program("bash")
        .args(&["-c", "printf '\\004' | script -qec \"$0\" /dev/null", &cmd])
        .run();
    let text = out.stdout_str().replace('\r', "");
    assert!(
        text.starts_with("tail: warning: following standard input indefinitely is ineffective\n"),
        "{text:?}"
    );
    // The kernel moves a terminal's modification time on only when the
    // seconds cross an 8-second boundary: when the run crosses one, tail
    // (and GNU's) sees standard input change and names it once more.
    let file = format!("==> {} <==\nx\n", f.display());
    assert!(
        text.ends_with(&file) || text.ends_with(&format!("{file}\n==> standard input <==\n")),
        "{text:?}"
    );
}

#[test]
fn follow_inotify_queue_overflow() {
    // Stopped, tail lets its inotify queue fill up with changes of b and
    // c (alternating, so the kernel cannot merge them); the change of a
    // that comes next is lost, and only IN_Q_OVERFLOW can tell tail to
    // look at a again.
    let max: usize = std::fs::read_to_string("/proc/sys/fs/inotify/max_queued_events")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(16384);
    if max > 100_000 {
        return;
    }
    let t = TempDir::new();
    for name in ["a", "b", "c"] {
        t.write(name, "");
    }
    let r = follow(&t, &["-s", "1000"], &["-q", "-f", "a", "b", "c"]);
    r.wait_watches(3);
    let signal = |sig: &str| {
        assert!(std::process::Command::new("kill")
            .args([sig, &r.pid().to_string()])
            .status()
            .unwrap()
            .success());
    };
    signal("-STOP");
    let mut total = 0;
    for i in 0..max / 2 + 10 {
        for name in ["b", "c"] {
            let line = format!("{name}{i}\n");
            total += line.len();
            append(&t, name, &line);
        }
    }
    append(&t, "a", "lost event\n");
    total += "lost event\n".len();
    signal("-CONT");
    r.wait_for("everything", |o, _| {
        o.len() == total && o.contains("lost event\n")
    });
}

#[test]
fn largest_line_count_from_a_file() {
    // u64::MAX lines of a regular file ending in a newline: all of it.
    let t = TempDir::new();
    t.write("f", "a\nb\n");
    ucmd("tail")
        .current_dir(t.path())
        .args(&["-n", "18446744073709551615", "f"])
        .run()
        .success()
        .stdout_is("a\nb\n");
}

/// `-c +N` on a regular file seeks as GNU's xlseek does: where the file
/// system refuses the offset, tail ends with GNU's message (ext4 here;
/// tmpfs takes the offset and the read fails instead).
#[test]
fn start_offset_the_file_system_refuses() {
    let t = TempDir::new();
    t.write("f", b"1\n2\n");
    if have_gnu("tail") {
        same_as_gnu(
            "tail",
            &["-c", "+9223372036854775807", "f"],
            None,
            Some(t.path()),
        );
    }
    ucmd("tail")
        .args(&["-c", "+9223372036854775807", "f"])
        .current_dir(t.path())
        .run()
        .code_is(1);
}
