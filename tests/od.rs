use crate::harness::*;

const ABC: &str = "abcdefghijklmnopqrstuvwxyz0123456789";

/// Deterministic bytes (xorshift) for the differential tests.
fn noise(n: usize, seed: u64) -> Vec<u8> {
    let mut x = seed | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

#[test]
fn default_and_integer_types() {
    ucmd("od")
        .stdin("abc\n")
        .run()
        .success()
        .stdout_is("0000000 061141 005143\n0000004\n");
    ucmd("od")
        .args(&["-tx1", "-td2", "-tu4", "-to8"])
        .stdin("\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}\u{8}")
        .run()
        .success()
        .stdout_is(concat!(
            "0000000  01 02  03 04  05 06  07 08\n",
            "           513   1027   1541   2055\n",
            "             67305985     134678021\n",
            "             0040070140240400601001\n",
            "0000010\n"
        ));
    ucmd("od")
        .args(&["-An", "-td1", "-tdS", "-tdL"])
        .stdin(&b"\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8"[..])
        .run()
        .success()
        .stdout_is(concat!(
            "   -1   -2   -3   -4   -5   -6   -7   -8\n",
            "      -257      -771     -1285     -1799\n",
            "                     -506097522914230529\n"
        ));
    // --endian=big swaps each datum.
    ucmd("od")
        .args(&["-An", "-tx4", "--endian=big"])
        .stdin("\u{1}\u{2}\u{3}\u{4}")
        .run()
        .success()
        .stdout_is(" 01020304\n");
}

#[test]
fn characters_and_trailer() {
    ucmd("od")
        .args(&["-c"])
        .stdin(&b"a\0\x07\x08\x0c\n\r\t\x0b\x7f\xff "[..])
        .run()
        .success()
        .stdout_is("0000000   a  \\0  \\a  \\b  \\f  \\n  \\r  \\t  \\v 177 377    \n0000014\n");
    ucmd("od")
        .args(&["-a"])
        .stdin(&b"a\0\x7f\xe1 \n"[..])
        .run()
        .success()
        .stdout_is("0000000   a nul del   a  sp  nl\n0000006\n");
    ucmd("od")
        .args(&["-An", "-tx1z", "-w4"])
        .stdin("ab\ncd")
        .run()
        .success()
        .stdout_is(" 61 62 0a 63  >ab.c<\n 64           >d<\n");
}

#[test]
fn floats_shortest_round_trip() {
    // 1.0f, 0.1 (double), 1.0L and a subnormal float.
    let mut input = vec![0, 0, 0x80, 0x3f];
    input.extend_from_slice(&0.1f64.to_le_bytes());
    input.extend_from_slice(&[0, 0, 0, 0]);
    ucmd("od")
        .args(&["-An", "-tfF", "-w4"])
        .stdin(&input[..4])
        .run()
        .success()
        .stdout_is("               1\n");
    ucmd("od")
        .args(&["-An", "-tfD"])
        .stdin(&input[4..12])
        .run()
        .success()
        .stdout_is("                      0.1\n");
    ucmd("od")
        .args(&["-An", "-tf4"])
        .stdin(&b"\x01\0\0\0"[..])
        .run()
        .success()
        .stdout_is("           1e-45\n");
    let mut ld = [0u8; 16];
    ld[7] = 0x80;
    ld[8] = 0xff;
    ld[9] = 0x3f;
    ucmd("od")
        .args(&["-An", "-tfL"])
        .stdin(&ld[..])
        .run()
        .success()
        .stdout_is("                             1\n");
    // GNU's od-float.sh: x87 encodings glibc prints as nan.
    let pseudo_inf = b"\0\0\0\0\0\0\0\0\xff\xff\0\0\0\0\0\0";
    ucmd("od")
        .args(&["-An", "-tfL"])
        .stdin(&pseudo_inf[..])
        .run()
        .success()
        .stdout_is("                          -nan\n");
    ucmd("od")
        .args(&["-tfF", "-tfD"])
        .stdin(&b"\xfe\xfe\xfe\xfe\xff\xfe\xfe\xfe"[..])
        .run()
        .success()
        .stdout_is(concat!(
            "0000000  -1.6947395e+38  -1.6947396e+38\n",
            "                -5.314012988505618e+303\n",
            "0000010\n"
        ));
}

#[test]
fn addresses_skip_limit_width() {
    ucmd("od")
        .args(&["-Ax", "-c", "-j", "0x20", "-"])
        .stdin(ABC)
        .run()
        .success()
        .stdout_is("000020   6   7   8   9\n000024\n");
    ucmd("od")
        .args(&["-Ad", "-c", "-j1k"])
        .stdin(vec![b'x'; 1030])
        .run()
        .success()
        .stdout_is("0001024   x   x   x   x   x   x\n0001030\n");
    ucmd("od")
        .args(&["-An", "-c", "-N3", "-j2"])
        .stdin(ABC)
        .run()
        .success()
        .stdout_is("   c   d   e\n");
    ucmd("od")
        .args(&["-w3", "-tx1", "-N7"])
        .stdin(ABC)
        .run()
        .success()
        .stdout_is("0000000 61 62 63\n0000003 64 65 66\n0000006 67\n0000007\n");
    ucmd("od")
        .args(&["-w", "-An", "-tx8"])
        .stdin(vec![0u8; 40])
        .run()
        .success()
        .stdout_is(" 0000000000000000 0000000000000000 0000000000000000 0000000000000000\n 0000000000000000\n");
    ucmd("od")
        .args(&["-w7", "-tx2"])
        .stdin("ab")
        .run()
        .success()
        .stdout_is("0000000 6261\n0000002\n")
        .stderr_is("od: warning: invalid width 7; using 2 instead\n");
}

#[test]
fn duplicates_are_starred_unless_v() {
    let zeros = vec![0u8; 64];
    ucmd("od")
        .stdin(zeros.clone())
        .run()
        .success()
        .stdout_is("0000000 000000 000000 000000 000000 000000 000000 000000 000000\n*\n0000100\n");
    let o = ucmd("od").args(&["-v"]).stdin(zeros).run().success();
    assert_eq!(o.stdout.iter().filter(|&&b| b == b'\n').count(), 5);
}

#[test]
fn strings() {
    let input = &b"hello\0wo\0ab\0\x01xyz12345\0tail"[..];
    ucmd("od")
        .args(&["-S3"])
        .stdin(input)
        .run()
        .success()
        .stdout_is("0000000 hello\n0000015 xyz12345\n");
    ucmd("od")
        .args(&["--strings", "-An"])
        .stdin(input)
        .run()
        .success()
        .stdout_is("hello\nxyz12345\n");
    ucmd("od")
        .args(&["-S2", "-Ax", "-N8"])
        .stdin(input)
        .run()
        .success()
        .stdout_is("000000 hello\n");
    ucmd("od")
        .args(&["-S3", "-tx1"])
        .run()
        .code_is(1)
        .stderr_is("od: no type may be specified when dumping strings\n");
}

#[test]
fn traditional_operands() {
    let t = TempDir::new();
    t.write("f", ABC);
    let run = |args: &[&str]| ucmd("od").args(args).current_dir(t.path()).run();
    run(&["-c", "f", "+40"])
        .success()
        .stdout_is("0000040   6   7   8   9\n0000044\n");
    run(&["-c", "f", "0x20"])
        .success()
        .stdout_is("0000040   6   7   8   9\n0000044\n");
    run(&["--traditional", "-c", "f", "40", "100"])
        .success()
        .stdout_is("0000040 (0000100)   6   7   8   9\n0000044 (0000104)\n");
    run(&["--traditional", "-An", "-c", "f", "40", "100"])
        .success()
        .stdout_is("(0000040)   6   7   8   9\n(0000044)\n");
    // With a modern option an OFFSET is a file.
    run(&["-j0", "f", "+40"])
        .code_is(1)
        .stderr_is("od: +40: No such file or directory\n");
    // GNU 9.1 rejects the `.` of a decimal offset.
    run(&["-c", "f", "+10."])
        .code_is(1)
        .stderr_is("od: +10.: No such file or directory\n");
    run(&["--traditional", "f", "g", "h"])
        .code_is(1)
        .stderr_is(
            "od: extra operand 'g'\nod: compatibility mode supports at most one file\nTry 'od --help' for more information.\n",
        );
}

#[test]
fn files_are_one_stream() {
    let t = TempDir::new();
    t.write("a", "abc");
    t.write("b", "defgh");
    let run = |args: &[&str]| ucmd("od").args(args).current_dir(t.path()).run();
    run(&["-c", "a", "b", "a"])
        .success()
        .stdout_is("0000000   a   b   c   d   e   f   g   h   a   b   c\n0000013\n");
    run(&["-c", "-j4", "a", "b"])
        .success()
        .stdout_is("0000004   e   f   g   h\n0000010\n");
    run(&["-c", "a", "none", "b"])
        .code_is(1)
        .stdout_is("0000000   a   b   c   d   e   f   g   h\n0000010\n")
        .stderr_is("od: none: No such file or directory\n");
    run(&["-j9", "a", "b"])
        .code_is(1)
        .stderr_is("od: cannot skip past end of combined input\n");
    run(&["-c", "/"])
        .code_is(1)
        .stdout_is("0000000\n")
        .stderr_is("od: /: Is a directory\n");
    ucmd("od").stdin_closed().run().code_is(1).stderr_is(
        "od: 'standard input': Bad file descriptor\nod: standard input: Bad file descriptor\n",
    );
}

#[test]
fn bad_arguments() {
    let cases: &[(&[&str], &str)] = &[
        (&["-tq"], "od: invalid character 'q' in type string 'q'\n"),
        (&["-tx3"], "od: invalid type string 'x3';\nthis system doesn't provide a 3-byte integral type\n"),
        (&["-tf2"], "od: invalid type string 'f2';\nthis system doesn't provide a 2-byte floating point type\n"),
        (&["-tx99999999999999999999"], "od: invalid type string 'x99999999999999999999'\n"),
        (&["-Aq"], "od: invalid output address radix 'q'; it must be one character from [doxn]\n"),
        (&["-j", "1x"], "od: invalid suffix in -j argument '1x'\n"),
        (&["--skip-bytes=-1"], "od: invalid --skip-bytes argument '-1'\n"),
        (&["-N", "99999999999999999999"], "od: -N argument '99999999999999999999' too large\n"),
        (&["--width=x"], "od: invalid --width argument 'x'\n"),
        (&["-S", "y"], "od: invalid -S argument 'y'\n"),
        (&["-j", "18446744073709551615", "-N", "2"], "od: skip-bytes + read-bytes is too large\n"),
    ];
    for (args, msg) in cases {
        ucmd("od")
            .args(args)
            .run()
            .code_is(1)
            .stdout_is("")
            .stderr_is(*msg);
    }
    ucmd("od")
        .args(&["--endian=middle"])
        .run()
        .code_is(1)
        .stderr_is("od: invalid argument 'middle' for '--endian'\nValid arguments are:\n  - 'little'\n  - 'big'\nTry 'od --help' for more information.\n");
    ucmd("od")
        .args(&["-k"])
        .run()
        .code_is(1)
        .stderr_is("od: invalid option -- 'k'\nTry 'od --help' for more information.\n");
}

#[test]
fn write_errors() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    ucmd("od")
        .args(&["/dev/null"])
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("od: write error: No space left on device\n");
    ucmd("od")
        .args(&["-v", "-N", "100000", "/dev/zero"])
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("od: write error\nod: write error\n");
}

#[test]
fn like_gnu_on_generated_input() {
    if !have_gnu("od") {
        return;
    }
    let t = TempDir::new();
    t.write("r", noise(3000, 7));
    let mut m = vec![0u8; 500];
    m.extend(noise(700, 11));
    m.extend(vec![0u8; 300]);
    t.write("m", m);
    let types = [
        "a", "c", "d1", "d2", "d4", "d8", "o1", "o2", "o4", "o8", "u1", "u2", "u4", "u8", "x1",
        "x2", "x4", "x8", "fF", "fD", "fL", "x1z", "dIz",
    ];
    let flags: [&[&str]; 6] = [
        &[],
        &["-w10"],
        &["--endian=big"],
        &["-Ad", "-v"],
        &["-An", "-w"],
        &["-j7", "-N100", "-Ax"],
    ];
    for ty in types {
        for f in flags {
            let mut args = vec!["-t", ty];
            args.extend_from_slice(f);
            args.extend_from_slice(&["r", "m"]);
            let ours = ucmd("od").args(&args).current_dir(t.path()).run();
            let theirs = gnu("od").args(&args).current_dir(t.path()).run();
            assert_eq!(ours.stdout, theirs.stdout, "od {args:?}");
            assert_eq!(ours.stderr, theirs.stderr, "od {args:?}");
            assert_eq!(ours.code, theirs.code, "od {args:?}");
        }
    }
}
