use crate::harness::*;

#[test]
fn stdin_and_files_in_order() {
    let t = TempDir::new();
    t.write("a", "A\n");
    t.write("b", "B");
    ucmd("cat")
        .current_dir(t.path())
        .args(&["a", "-", "b"])
        .stdin("S\n")
        .run()
        .success()
        .stdout_is("A\nS\nB");
    ucmd("cat").stdin("in").run().success().stdout_is("in");
}

#[test]
fn numbering_squeezing_and_visible_characters() {
    let t = TempDir::new();
    t.write("x", "a");
    t.write("y", "b\n\n\n\nc\n");
    t.write("e", "\n");
    let at = |args: &[&str]| ucmd("cat").current_dir(t.path()).args(args).run();
    at(&["-n", "x", "y"])
        .success()
        .stdout_is("     1\tab\n     2\t\n     3\t\n     4\t\n     5\tc\n");
    at(&["-ns", "e", "e", "e", "y"]).stdout_is("     1\t\n     2\tb\n     3\t\n     4\tc\n");
    at(&["-b", "y", "x", "y"])
        .stdout_is("     1\tb\n\n\n\n     2\tc\n     3\tab\n\n\n\n     4\tc\n");
    at(&["--number-nonblank", "--number", "y"]).stdout_is("     1\tb\n\n\n\n     2\tc\n");
    at(&["-s", "y"]).stdout_is("b\n\nc\n");
    at(&["--squeeze-blank", "e", "e"]).stdout_is("\n");
    ucmd("cat")
        .arg("-E")
        .stdin("a\n\nb")
        .run()
        .stdout_is("a$\n$\nb");
    ucmd("cat")
        .arg("--show-ends")
        .stdin("a\n")
        .run()
        .stdout_is("a$\n");
    ucmd("cat")
        .arg("-T")
        .stdin("a\tb\x01\n")
        .run()
        .stdout_is("a^Ib\x01\n");
    ucmd("cat")
        .arg("--show-tabs")
        .stdin("\t")
        .run()
        .stdout_is("^I");
    ucmd("cat")
        .arg("-v")
        .stdin(b"\x00\x1f\t\x7f\x80\x9f\xa0\xff\n".as_slice())
        .run()
        .stdout_is("^@^_\t^?M-^@M-^_M- M-^?\n");
    ucmd("cat")
        .arg("--show-nonprinting")
        .stdin(b"\x01".as_slice())
        .run()
        .stdout_is("^A");
    ucmd("cat")
        .arg("-A")
        .stdin(b"\t\x01\n".as_slice())
        .run()
        .stdout_is("^I^A$\n");
    ucmd("cat")
        .arg("--show-all")
        .stdin(b"\t\n".as_slice())
        .run()
        .stdout_is("^I$\n");
    ucmd("cat")
        .arg("-e")
        .stdin(b"\t\x01\n".as_slice())
        .run()
        .stdout_is("\t^A$\n");
    ucmd("cat")
        .arg("-t")
        .stdin(b"\t\x01\n".as_slice())
        .run()
        .stdout_is("^I^A\n");
    ucmd("cat").arg("-u").stdin("u").run().stdout_is("u");
}

#[test]
fn show_ends_marks_crlf() {
    let t = TempDir::new();
    t.write("cr1", "a\r");
    t.write("cr2", "\nb\r");
    ucmd("cat")
        .current_dir(t.path())
        .args(&["-E", "cr1", "cr2"])
        .run()
        .success()
        .stdout_is("a^M$\nb\r");
    ucmd("cat")
        .arg("-E")
        .stdin("x\r\ny\rz\r")
        .run()
        .stdout_is("x^M$\ny\rz\r");
    ucmd("cat")
        .arg("-A")
        .stdin("x\r\n")
        .run()
        .stdout_is("x^M$\n");
    ucmd("cat")
        .arg("-n")
        .stdin("x\r\n")
        .run()
        .stdout_is("     1\tx\r\n");
}

#[test]
fn line_numbers_grow_past_six_digits() {
    let input = "x\n".repeat(1_000_000);
    let out = ucmd("cat").arg("-n").stdin(&input).run().success();
    let text = out.stdout_str();
    assert!(text.ends_with("999999\tx\n1000000\tx\n"));
}

#[test]
fn errors_continue_with_the_next_file() {
    let t = TempDir::new();
    t.write("ok", "ok\n");
    std::fs::create_dir(t.join("dir")).unwrap();
    ucmd("cat")
        .current_dir(t.path())
        .args(&["nonexist", "ok", "dir", "ok"])
        .run()
        .code_is(1)
        .stdout_is("ok\nok\n")
        .stderr_is("cat: nonexist: No such file or directory\ncat: dir: Is a directory\n");
    ucmd("cat")
        .current_dir(t.path())
        .args(&["-n", "dir"])
        .run()
        .code_is(1)
        .stderr_is("cat: dir: Is a directory\n");
    ucmd("cat")
        .arg("a b:c")
        .run()
        .code_is(1)
        .stderr_is("cat: 'a b:c': No such file or directory\n");
    ucmd("cat")
        .arg_bytes(b"\xffx")
        .run()
        .code_is(1)
        .stderr_is("cat: ''$'\\377''x': No such file or directory\n");
}

#[test]
fn input_file_is_output_file() {
    let t = TempDir::new();
    let f = t.write("f", "data\n");
    ucmd("cat")
        .arg(&f)
        .stdout_to(Out::File(f.clone()))
        .run()
        .code_is(1)
        .stderr_contains(": input file is output file\n");
    assert_eq!(t.read("f"), b"data\n");
    // An empty file may be appended to itself: nothing to read.
    let e = t.write("e", "");
    ucmd("cat")
        .arg(&e)
        .stdout_to(Out::File(e.clone()))
        .run()
        .success();
}

#[test]
fn large_file_through_every_path() {
    let t = TempDir::new();
    let data: Vec<u8> = (0..3_000_000u32).map(|i| (i * 7 % 251) as u8).collect();
    let f = t.write("big", &data);
    // To a pipe (splice), to a regular file (copy_file_range), formatted.
    ucmd("cat").arg(&f).run().success().stdout_is(&data);
    let dest = t.join("copy");
    ucmd("cat")
        .arg(&f)
        .arg(&f)
        .stdout_to(Out::File(dest.clone()))
        .run()
        .success();
    let mut twice = data.clone();
    twice.extend_from_slice(&data);
    assert_eq!(std::fs::read(&dest).unwrap(), twice);
    let fresh = t.join("fresh");
    ucmd("cat")
        .arg(&f)
        .arg("-")
        .arg(&f)
        .stdin("mid")
        .stdout_to(Out::NewFile(fresh.clone()))
        .run()
        .success();
    let mut three = data.clone();
    three.extend_from_slice(b"mid");
    three.extend_from_slice(&data);
    assert_eq!(std::fs::read(&fresh).unwrap(), three);
    ucmd("cat").stdin(&data).run().success().stdout_is(&data);
    ucmd("cat")
        .arg("-")
        .arg(&f)
        .stdin(&data)
        .run()
        .success()
        .stdout_is(&twice);
}

#[test]
fn write_errors() {
    let t = TempDir::new();
    let f = t.write("f", "x\n");
    ucmd("cat")
        .arg(&f)
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("cat: write error: No space left on device\n");
    ucmd("cat")
        .arg("-n")
        .arg(&f)
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("cat: write error: No space left on device\n");
    ucmd("cat")
        .stdin("x")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("cat: write error: No space left on device\n");
    ucmd("cat")
        .arg(&f)
        .stdout_to(Out::Closed)
        .run()
        .code_is(1)
        .stderr_is("cat: standard output: Bad file descriptor\n");
}

#[test]
fn closed_stdin() {
    ucmd("cat").stdin_closed().run().code_is(1).stderr_is(
        "cat: -: Bad file descriptor\ncat: closing standard input: Bad file descriptor\n",
    );
}

#[test]
fn dev_null_and_devices() {
    ucmd("cat").arg("/dev/null").run().success().no_stdout();
    ucmd("cat")
        .args(&["/dev/null", "-"])
        .stdin("z")
        .run()
        .success()
        .stdout_is("z");
}

#[test]
fn matches_gnu() {
    let t = TempDir::new();
    t.write("a", b"x\ty\x01\x80\n\n\n\nlast".as_slice());
    t.write("b", b"\n\nmore\r\n".as_slice());
    for args in [
        &["-A", "a", "b"][..],
        &["-bs", "a", "b"],
        &["-nET", "b", "a"],
        &["-v", "a"],
        &["-s", "-n", "b", "b"],
        &["x", "a"],
        &["-k"],
        &["--number=1"],
        &["--sh"],
    ] {
        same_as_gnu("cat", args, None, Some(t.path()));
    }
}

#[test]
fn edge_inputs_match_gnu() {
    let t = TempDir::new();
    t.write("empty", "");
    t.write("nul", b"a\0b\0\n\0".as_slice());
    let long: Vec<u8> = (0..200_000u32)
        .map(|i| {
            if i % 50_000 == 49_999 {
                b'\n'
            } else {
                (i % 256) as u8
            }
        })
        .collect();
    t.write("long", &long);
    std::fs::create_dir(t.join("d")).unwrap();
    for args in [
        &["empty"][..],
        &["-n", "empty", "empty"],
        &["-A", "nul"],
        &["-vn", "long"],
        &["-bsET", "long", "nul", "empty"],
        &["d", "nul", "missing"],
        &["-n", "d"],
    ] {
        same_as_gnu("cat", args, None, Some(t.path()));
    }
    same_as_gnu("cat", &["-A"], Some(b"x\0\r\n\xff".as_slice()), None);
}

/// The output pipe keeps the size its creator gave it: cat does not grow
/// it, so with SIGPIPE ignored a reader that leaves early makes cat fail
/// with EPIPE as GNU's does, and the reader sees the pipe it made.
#[test]
fn output_pipe_keeps_its_size() {
    let t = TempDir::new();
    let f = t.write("f", vec![b'x'; 588_000]);
    let script = format!(
        "trap '' PIPE; {cb} cat '{f}' | (sleep 0.3; head -c1 > /dev/null); echo ${{PIPESTATUS[0]}}; {cb} cat '{f}' | (sleep 0.3; python3 -c 'import fcntl; print(fcntl.fcntl(0, 1032))'; cat > /dev/null)",
        cb = corebox_line(),
        f = f.display()
    );
    let o = host("bash").args(&["-c", &script]).run();
    let out = o.stdout_str();
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("1"), "{out}");
    if let Some(size) = lines.next() {
        assert_eq!(size, "65536", "{out}");
    }
    assert!(
        o.stderr_str().contains("cat: write error: Broken pipe"),
        "{}",
        o.stderr_str()
    );
}
