//! Write errors on standard output (`> /dev/full`) reported as GNU 9.1
//! reports them. GNU's programs write through stdio's 4 KiB buffer, so
//! what they say depends on the program and on whether the output passed
//! 4 KiB before stdout was closed: `write error: ERRNO` at close, a bare
//! `write error` (wc, the checksum programs always; tac from 4 to 8 KiB),
//! `error writing 'standard output': ERRNO` (head, tail past 4 KiB), or
//! that and a second bare report (tr, paste, expand, unexpand, the
//! encoders past 4 KiB). Not modelled: cut, fold and uniq, which GNU
//! reports without errno for some output sizes past 4 KiB (where stdio's
//! buffer happens to be empty when stdout is closed).
use crate::harness::*;

/// `len` bytes of short lines (the last one cut, without its newline).
fn text(len: usize) -> Vec<u8> {
    let mut v = Vec::new();
    let mut i = 0u32;
    while v.len() < len {
        v.extend_from_slice(format!("x{i} a\tb\n").as_bytes());
        i += 1;
    }
    v.truncate(len);
    v
}

fn full(applet: &str, args: &[&str], input: &[u8]) -> Output {
    ucmd(applet)
        .args(args)
        .stdin(input)
        .stdout_to(Out::Full)
        .run()
}

#[test]
fn messages_with_literal_expectations() {
    let e = "No space left on device";
    let small = text(100);
    let big = text(10_000);
    full("wc", &[], &small)
        .code_is(1)
        .stderr_is("wc: write error\n");
    full("md5sum", &[], &small)
        .code_is(1)
        .stderr_is("md5sum: write error\n");
    full("cksum", &[], &small)
        .code_is(1)
        .stderr_is("cksum: write error\n");
    full("tac", &[], &small)
        .code_is(1)
        .stderr_is(format!("tac: write error: {e}\n"));
    full("tac", &[], &text(5000))
        .code_is(1)
        .stderr_is("tac: write error\n");
    full("tac", &[], &big)
        .code_is(1)
        .stderr_is(format!("tac: write error: {e}\n"));
    full("head", &["-c", "5000"], &big)
        .code_is(1)
        .stderr_is(format!("head: error writing 'standard output': {e}\n"));
    full("head", &["-c", "4095"], &big)
        .code_is(1)
        .stderr_is(format!("head: write error: {e}\n"));
    full("tail", &["-c", "4096"], &big)
        .code_is(1)
        .stderr_is(format!("tail: error writing 'standard output': {e}\n"));
    full("tr", &["a", "b"], &big)
        .code_is(1)
        .stderr_is(format!("tr: write error: {e}\ntr: write error\n"));
    full("paste", &[], &text(4096))
        .code_is(1)
        .stderr_is(format!("paste: write error: {e}\npaste: write error\n"));
    full("paste", &[], &text(4095))
        .code_is(1)
        .stderr_is(format!("paste: write error: {e}\n"));
    full("expand", &[], &small)
        .code_is(1)
        .stderr_is(format!("expand: write error: {e}\n"));
    full("base64", &[], &big)
        .code_is(1)
        .stderr_is(format!("base64: write error: {e}\nbase64: write error\n"));
    full("nl", &[], &big)
        .code_is(1)
        .stderr_is(format!("nl: write error: {e}\n"));
}

#[test]
fn same_as_gnu_around_4k() {
    let cases: &[(&str, &[&str])] = &[
        ("wc", &[]),
        ("wc", &["-l"]),
        ("sha256sum", &[]),
        ("b2sum", &[]),
        ("sum", &[]),
        ("tac", &[]),
        ("head", &["-c", "99999"]),
        ("head", &["-n", "99999"]),
        ("tail", &["-c", "99999"]),
        ("tail", &["-n", "99999"]),
        ("tr", &["a", "b"]),
        ("tr", &["-d", "q"]),
        ("paste", &[]),
        ("paste", &["-s"]),
        ("expand", &[]),
        ("unexpand", &["-a"]),
        ("nl", &[]),
        ("cat", &[]),
        ("base64", &[]),
        ("base64", &["-w", "0"]),
        ("base32", &[]),
        ("basenc", &["--base16", "-w", "0"]),
    ];
    for (applet, args) in cases {
        if !have_gnu(applet) {
            continue;
        }
        for len in [10usize, 4095, 4096, 4097, 8191, 8192, 8193, 20_000] {
            let input = text(len);
            let theirs = gnu(applet)
                .args(args)
                .stdin(input.clone())
                .stdout_to(Out::Full)
                .run();
            full(applet, args, &input).same_as(&theirs);
        }
    }
}

/// A diagnostic after some output: GNU's error() flushes stdout first,
/// which fails there, and stdio keeps only its error flag for the report
/// at exit; tac keeps its output in a buffer of its own. Unsorted input
/// to comm and join: their checks go on to the end after the failure.
#[test]
fn diagnostics_after_output_same_as_gnu() {
    let t = TempDir::new();
    t.write("small", "hello\nworld\n");
    t.write("big", text(9000));
    t.write("u1", "b\na\n");
    t.write("u2", "d\nc\n");
    let cases: &[(&str, &[&str])] = &[
        ("head", &["small", "nonexist"]),
        ("head", &["nonexist", "small"]),
        ("head", &["big", "nonexist"]),
        ("tail", &["small", "nonexist"]),
        ("tail", &["nonexist", "small"]),
        ("tail", &["big", "nonexist"]),
        ("tac", &["small", "nonexist"]),
        ("tac", &["big", "nonexist"]),
        ("nl", &["small", "nonexist"]),
        ("cat", &["small", "nonexist"]),
        ("wc", &["small", "nonexist"]),
        ("md5sum", &["small", "nonexist"]),
        ("paste", &["small", "nonexist"]),
        ("comm", &["u1", "u2"]),
        ("comm", &["small", "nonexist"]),
        ("join", &["u1", "u2"]),
    ];
    for (applet, args) in cases {
        if !have_gnu(applet) {
            continue;
        }
        let theirs = gnu(applet)
            .current_dir(t.path())
            .args(args)
            .stdout_to(Out::Full)
            .run();
        ucmd(applet)
            .current_dir(t.path())
            .args(args)
            .stdout_to(Out::Full)
            .run()
            .same_as(&theirs);
    }
    // Literal: both of comm's disorder warnings, then the bare report.
    ucmd("comm")
        .current_dir(t.path())
        .args(&["u1", "u2"])
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is(
            "comm: file 1 is not in sorted order\ncomm: file 2 is not in sorted order\n\
             comm: input is not in sorted order\ncomm: write error\n",
        );
}
