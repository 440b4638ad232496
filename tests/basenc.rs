//! base64, base32, basenc: every encoding both ways, -d, -i, -w, GNU's
//! errors, differential tests against GNU.
use crate::harness::*;

fn enc(p: &str, args: &[&str], input: &[u8]) -> Output {
    ucmd(p).args(args).stdin(input).run()
}

#[test]
fn encodes() {
    enc("base64", &[], b"abc").success().stdout_is("YWJj\n");
    enc("base64", &[], b"").success().no_stdout();
    enc("base64", &[], b"ab").stdout_is("YWI=\n");
    enc("base32", &[], b"abcd").stdout_is("MFRGGZA=\n");
    for (o, want) in [
        ("--base64", "YWJjZA==\n"),
        ("--base64url", "YWJjZA==\n"),
        ("--base32", "MFRGGZA=\n"),
        ("--base32hex", "C5H66P0=\n"),
        ("--base16", "61626364\n"),
        ("--base2msbf", "01100001011000100110001101100100\n"),
        ("--base2lsbf", "10000110010001101100011000100110\n"),
        ("--z85", "vpA.S\n"),
    ] {
        enc("basenc", &[o], b"abcd").success().stdout_is(want);
        enc("basenc", &[o, "-d"], want.as_bytes())
            .success()
            .stdout_is("abcd");
        enc("basenc", &[o, "--decode"], want.as_bytes())
            .success()
            .stdout_is("abcd");
    }
    enc("basenc", &["--base64url"], b"\xfb\xff").stdout_is("-_8=\n");
    enc("basenc", &["--base64", "--base32"], b"abc").stdout_is("MFRGG===\n");
}

#[test]
fn wraps() {
    let zeros = [0u8; 60];
    enc("base64", &[], &zeros).stdout_is(format!("{}\nAAAA\n", "A".repeat(76)));
    enc("base64", &["-w", "7"], &zeros[..9]).stdout_is("AAAAAAA\nAAAAA\n");
    enc("base64", &["--wrap=4"], &zeros[..6]).stdout_is("AAAA\nAAAA\n");
    enc("base64", &["-w", "0"], &zeros).stdout_is("A".repeat(80));
    // Too big for intmax_t: GNU wraps at 0, that is not at all.
    enc("base64", &["-w", "99999999999999999999"], b"abc")
        .success()
        .stdout_is("YWJj");
    enc("base64", &["-w", "x"], b"")
        .code_is(1)
        .stderr_is("base64: invalid wrap size: 'x'\n");
    enc("base32", &["-w", "-1"], b"")
        .code_is(1)
        .stderr_is("base32: invalid wrap size: '-1'\n");
}

#[test]
fn decodes_like_gnu() {
    enc("base64", &["-d"], b"YWJj\nZGVm\n")
        .success()
        .stdout_is("abcdef");
    enc("base64", &["-d"], b"YQ==YQ==")
        .success()
        .stdout_is("aa");
    enc("base64", &["-d"], b"YW Jj")
        .code_is(1)
        .stdout_is("a")
        .stderr_is("base64: invalid input\n");
    enc("base64", &["-d", "-i"], b"YW Jj*\n")
        .success()
        .stdout_is("abc");
    enc("base64", &["--decode", "--ignore-garbage"], b"Y!Q==")
        .success()
        .stdout_is("a");
    enc("base64", &["-d"], b"YQ").code_is(1).stdout_is("a");
    enc("base64", &["-d"], b"YWJj====")
        .code_is(1)
        .stdout_is("abc");
    enc("base32", &["-d"], b"MFRGG")
        .code_is(1)
        .no_stdout()
        .stderr_is("base32: invalid input\n");
    enc("basenc", &["--base16", "-d"], b"616")
        .code_is(1)
        .stdout_is("a");
    enc("basenc", &["--base16", "-d"], b"6a")
        .code_is(1)
        .no_stdout();
    enc("basenc", &["--z85", "-d"], b"#####")
        .code_is(1)
        .no_stdout();
    enc("basenc", &["--z85"], b"abc")
        .code_is(1)
        .no_stdout()
        .stderr_is("basenc: invalid input (length must be multiple of 4 characters)\n");
}

#[test]
fn errors() {
    enc("basenc", &[], b"")
        .code_is(1)
        .stderr_is("basenc: missing encoding type\nTry 'basenc --help' for more information.\n");
    enc("base64", &["a", "b"], b"")
        .code_is(1)
        .stderr_is("base64: extra operand 'b'\nTry 'base64 --help' for more information.\n");
    enc("base64", &["/nonexistent"], b"")
        .code_is(1)
        .stderr_is("base64: /nonexistent: No such file or directory\n");
    enc("base64", &["/"], b"")
        .code_is(1)
        .stderr_is("base64: read error: Is a directory\n");
    ucmd("base64")
        .stdin("abc")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("base64: write error: No space left on device\n");
    let t = TempDir::new();
    t.write("f", "abc");
    ucmd("base64")
        .current_dir(t.path())
        .arg("f")
        .run()
        .stdout_is("YWJj\n");
    ucmd("base64")
        .arg("-")
        .stdin("abc")
        .run()
        .stdout_is("YWJj\n");
}

#[test]
fn same_as_gnu_on_random_data() {
    let mut x = 88172645463325252u64;
    let data: Vec<u8> = (0..700_001)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect();
    let four = &data[..700_000];
    for e in [
        "--base64",
        "--base64url",
        "--base32",
        "--base32hex",
        "--base16",
        "--base2msbf",
        "--base2lsbf",
        "--z85",
    ] {
        let input: &[u8] = if e == "--z85" { four } else { &data };
        same_as_gnu("basenc", &[e], Some(input), None);
        same_as_gnu("basenc", &[e, "-w", "13"], Some(&input[..5000]), None);
        // Widths of whole groups, across the reading steps.
        same_as_gnu("basenc", &[e, "-w", "40"], Some(&input[..100_000]), None);
        same_as_gnu("basenc", &[e, "-w", "35"], Some(&input[..100_000]), None);
        let encoded = gnu("basenc").arg(e).stdin(input).run().stdout;
        same_as_gnu("basenc", &[e, "-d"], Some(&encoded), None);
        let mut noisy = encoded.clone();
        noisy.insert(1000, b'*');
        same_as_gnu("basenc", &[e, "-d"], Some(&noisy), None);
        same_as_gnu("basenc", &[e, "-d", "-i"], Some(&noisy), None);
    }
    same_as_gnu("base64", &[], Some(&data), None);
    same_as_gnu("base32", &["-w", "0"], Some(&data), None);
}

#[test]
fn wrap_sizes_as_xstrtoimax_reads_them() {
    ucmd("base64")
        .args(&["-w", "+3"])
        .stdin("abcdef")
        .run()
        .success()
        .stdout_is("YWJ\njZG\nVm\n");
    ucmd("base64")
        .args(&["-w", "-1"])
        .stdin("a")
        .run()
        .code_is(1)
        .stderr_is("base64: invalid wrap size: '-1'\n");
    for w in [
        "+1",
        " 3",
        "-0",
        "99999999999999999999999",
        "-99999999999999999999999",
        "- 5",
        "+",
        "1k",
    ] {
        same_as_gnu("base64", &["-w", w], Some(b"abcdefgh"), None);
        same_as_gnu("basenc", &["--base32", "-w", w], Some(b"abcdefgh"), None);
    }
}

/// On a terminal one ^D ends the input, as stdio's sticky end-of-file
/// makes it for GNU (GNU's tests/misc/tty-eof.pl): the encoders once
/// waited for a second one.
#[test]
fn one_end_of_file_from_a_terminal() {
    let script = format!(
        r#"
import os, pty, select, sys, time
argv = {:?}
pid, fd = pty.fork()
if pid == 0:
    os.execvp(argv[0], argv)
os.write(fd, b"abc\n")
time.sleep(0.2)
os.write(fd, b"\x04")
out, deadline = b"", time.time() + 20
# Read until the terminal closes (EIO once the child is gone), then reap.
while time.time() < deadline:
    r, _, _ = select.select([fd], [], [], 0.2)
    if not r:
        continue
    try:
        data = os.read(fd, 1024)
    except OSError:
        break
    if not data:
        break
    out += data
while time.time() < deadline:
    got, status = os.waitpid(pid, os.WNOHANG)
    if got:
        print("exited", os.waitstatus_to_exitcode(status), repr(out))
        sys.exit(0)
    time.sleep(0.05)
print("still running", repr(out))
os.kill(pid, 9)
"#,
        corebox_argv()
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .chain(["ARG".into()])
            .collect::<Vec<_>>()
    );
    for (args, want) in [
        (&["base64"][..], "YWJjCg=="),
        (&["base32"], "MFRGGCQ="),
        (&["basenc", "--base16"], "6162630A"),
    ] {
        let mut s = script.replace("\"ARG\"", &format!("{:?}", args[0]));
        if args.len() > 1 {
            s = s.replace(
                &format!("{:?}]", args[0]),
                &format!("{:?}, {:?}]", args[0], args[1]),
            );
        }
        let o = host("python3").args(&["-c", &s]).run().success();
        let text = o.stdout_str();
        assert!(text.starts_with("exited 0"), "{args:?}: {text}");
        assert!(text.contains(want), "{args:?}: {text}");
    }
}

/// A wrap size past IDX_MAX is GNU's 0: no wrapping and no final newline.
#[test]
fn huge_wrap_is_no_wrap() {
    for w in [
        "18446744073709551615",
        "9223372036854775808",
        "99999999999999999999",
    ] {
        ucmd("base64")
            .args(&["-w", w])
            .stdin("hi\n")
            .run()
            .success()
            .stdout_is("aGkK");
    }
    // On 64-bit triples IDX_MAX itself still wraps (it is i32::MAX on 32-bit ones).
    if std::mem::size_of::<usize>() == 8 && runner().is_none() {
        ucmd("base64")
            .args(&["-w", "9223372036854775807"])
            .stdin("hi\n")
            .run()
            .success()
            .stdout_is("aGkK\n");
    }
}
