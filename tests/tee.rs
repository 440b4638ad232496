use crate::harness::*;

#[test]
fn copies_to_stdout_and_files() {
    let t = TempDir::new();
    t.write("old", "keep\n");
    let at = |args: &[&str], input: &str| {
        ucmd("tee")
            .current_dir(t.path())
            .args(args)
            .stdin(input)
            .run()
    };
    at(&["a", "b"], "x\0y\n")
        .success()
        .stdout_is("x\0y\n")
        .no_stderr();
    assert_eq!(t.read("a"), b"x\0y\n");
    assert_eq!(t.read("b"), b"x\0y\n");
    at(&["-a", "old"], "more\n").success();
    assert_eq!(t.read("old"), b"keep\nmore\n");
    at(&["--append", "old"], "z").success();
    assert_eq!(t.read("old"), b"keep\nmore\nz");
    at(&["old"], "new\n").success();
    assert_eq!(t.read("old"), b"new\n");
    // "-" is a file like any other.
    at(&["-"], "dash\n").success().stdout_is("dash\n");
    assert_eq!(t.read("-"), b"dash\n");
    at(&["-i", "i"], "int\n").success().stdout_is("int\n");
    at(&["--ignore-interrupts"], "").success().no_stdout();
    let big = "0123456789".repeat(100_000);
    at(&["big"], &big).success().stdout_is(&big);
    assert_eq!(t.read("big"), big.as_bytes());
}

#[test]
fn output_errors() {
    let t = TempDir::new();
    std::fs::create_dir(t.join("d")).unwrap();
    let at = |args: &[&str]| {
        ucmd("tee")
            .current_dir(t.path())
            .args(args)
            .stdin("hi\n")
            .run()
    };
    at(&["nodir/x", "ok"])
        .code_is(1)
        .stdout_is("hi\n")
        .stderr_is("tee: nodir/x: No such file or directory\n");
    assert_eq!(t.read("ok"), b"hi\n");
    at(&["d"]).code_is(1).stderr_is("tee: d: Is a directory\n");
    at(&["/dev/full", "after"])
        .code_is(1)
        .stdout_is("hi\n")
        .stderr_is("tee: /dev/full: No space left on device\n");
    assert_eq!(t.read("after"), b"hi\n");
    at(&["--output-error=exit", "/dev/full"])
        .code_is(1)
        .stderr_is("tee: /dev/full: No space left on device\n");
    ucmd("tee")
        .current_dir(t.path())
        .arg("f")
        .stdin("x\n")
        .stdout_to(Out::Closed)
        .run()
        .code_is(1)
        .stderr_is("tee: 'standard output': Bad file descriptor\n");
    // With standard output closed, a file opened later does not become it.
    ucmd("tee")
        .current_dir(t.path())
        .args(&["--output-error", "g"])
        .stdin("x\n")
        .stdout_to(Out::Closed)
        .run()
        .code_is(1);
    assert_eq!(t.read("g"), b"x\n");
    ucmd("tee")
        .stdin("x")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("tee: 'standard output': No space left on device\n");
}

#[test]
fn mode_arguments() {
    ucmd("tee").arg("--output-error=x").run().code_is(1).stderr_is(
        "tee: invalid argument 'x' for '--output-error'\nValid arguments are:\n  - 'warn'\n  - 'warn-nopipe'\n  - 'exit'\n  - 'exit-nopipe'\nTry 'tee --help' for more information.\n",
    );
    ucmd("tee")
        .arg("--output-error=w")
        .run()
        .code_is(1)
        .stderr_contains("ambiguous argument 'w' for '--output-error'");
    ucmd("tee")
        .arg("--output-error=exit-n")
        .stdin("q")
        .run()
        .success()
        .stdout_is("q");
    ucmd("tee")
        .arg("-k")
        .run()
        .code_is(1)
        .stderr_is("tee: invalid option -- 'k'\nTry 'tee --help' for more information.\n");
}

#[test]
fn broken_pipe() {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    // By default tee dies of SIGPIPE when its reader goes; with -p it
    // keeps copying to the other outputs until input ends.
    for (args, signal) in [(&[][..], Some(13)), (&["-p"][..], None)] {
        let t = TempDir::new();
        let mut c = ucmd("tee").args(args).arg(t.join("copy")).command();
        c.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = c.spawn().unwrap();
        let mut sin = child.stdin.take().unwrap();
        let mut sout = child.stdout.take().unwrap();
        use std::io::Write;
        sin.write_all(b"first\n").unwrap();
        let mut first = [0u8; 6];
        sout.read_exact(&mut first).unwrap();
        drop(sout);
        let writer = std::thread::spawn(move || {
            for _ in 0..1000 {
                if sin.write_all(&[b'x'; 1024]).is_err() {
                    break;
                }
            }
        });
        let st = child.wait().unwrap();
        writer.join().unwrap();
        assert_eq!(st.signal(), signal, "{args:?}");
        if signal.is_none() {
            assert_eq!(st.code(), Some(0));
            assert_eq!(
                std::fs::read(t.join("copy")).unwrap().len(),
                6 + 1000 * 1024
            );
        }
    }
}

#[test]
fn read_error() {
    ucmd("tee").stdin_closed().run().code_is(1).stderr_is(
        "tee: read error: Bad file descriptor\ntee: standard input: Bad file descriptor\n",
    );
}

/// With --output-error=exit or exit-nopipe, a FILE that cannot be opened
/// ends tee at once, before any input is read (GNU's tests/misc/tee.sh):
/// one diagnostic, exit 1, nothing written.
#[test]
fn exit_modes_stop_at_an_open_failure() {
    let t = TempDir::new();
    for mode in ["exit", "exit-nopipe"] {
        ucmd("tee")
            .args(&[&format!("--output-error={mode}"), "ok", "e/noent"])
            .current_dir(t.path())
            .stdin("data\n")
            .run()
            .code_is(1)
            .stdout_is("")
            .stderr_is("tee: e/noent: No such file or directory\n");
    }
    ucmd("tee")
        .args(&["--output-error=warn", "e/noent"])
        .current_dir(t.path())
        .stdin("data\n")
        .run()
        .code_is(1)
        .stdout_is("data\n");
}
