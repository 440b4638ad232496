use crate::harness::*;

/// A fixed random source: shuf then draws GNU's numbers.
fn source(t: &TempDir) -> String {
    let bytes: Vec<u8> = (0..200_000u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    t.write("rs", &bytes);
    t.join("rs").to_str().unwrap().to_owned()
}

/// With the same --random-source, every mode gives GNU's output: whole
/// inputs, -e, -i, -n (dense and sparse permutations), -r, -z, and the
/// reservoir that -n uses on a pipe or a file over 8 MiB.
#[test]
fn shuf_like_gnu_with_a_random_source() {
    let t = TempDir::new();
    let rs = source(&t);
    let rs = format!("--random-source={rs}");
    let lines: String = (1..=500).map(|i| format!("line {i}\n")).collect();
    t.write("in", lines.as_bytes());
    t.write("noeol", b"a\nb\nc");
    t.write("zero", b"x\0y\0z\0");
    let cases: &[&[&str]] = &[
        &["in"],
        &["-n", "7", "in"],
        &["-n", "1", "in"],
        &["-n", "0", "in"],
        &["-n", "600", "in"],
        &["noeol"],
        &["-z", "zero"],
        &["-e", "a", "b", "c", "d", "e"],
        &["-e"],
        &["-n", "2", "-e", "a", "b", "c"],
        &["-i", "1-20"],
        &["-i", "5-5"],
        &["-i", "1-0"],
        &["-n", "3", "-i", "0-18446744073709551614"],
        &["-n", "5", "-i", "100-1000000"],
        &["-n", "3000", "-i", "1-200000"],
        &["-r", "-n", "20", "-i", "1-3"],
        &["-r", "-n", "9", "in"],
        &["-r", "-n", "9", "-e", "x", "y"],
        &["-rz", "-n", "4", "-e", "x", "y"],
        &["-n", "5", "-n", "3", "in"],
        &["-n", "99999999999999999999999", "-i", "1-9"],
    ];
    for args in cases {
        let mut a = vec![rs.as_str()];
        a.extend_from_slice(args);
        same_as_gnu("shuf", &a, None, Some(t.path()));
    }
    // Standard input is a pipe: -n samples with a reservoir.
    for n in ["1", "10", "500", "501", "1000"] {
        same_as_gnu("shuf", &[&rs, "-n", n], Some(lines.as_bytes()), None);
    }
    same_as_gnu("shuf", &[&rs], Some(lines.as_bytes()), None);
    // A file over 8 MiB: -n samples with a reservoir too (one draw a line).
    let big: String = (0..1_000_000).map(|i| format!("{i:08}\n")).collect();
    t.write("big", big.as_bytes());
    let bytes: Vec<u8> = (0..4_000_000u32)
        .map(|i| (i.wrapping_mul(2246822519) >> 11) as u8)
        .collect();
    t.write("rs4", &bytes);
    same_as_gnu(
        "shuf",
        &["--random-source=rs4", "-n", "6", "big"],
        None,
        Some(t.path()),
    );
}

#[test]
fn permutes_every_line_once() {
    let o = ucmd("shuf").args(&["-i", "1-1000"]).run().success();
    let mut got: Vec<u32> = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    got.sort();
    assert_eq!(got, (1..=1000).collect::<Vec<u32>>());
    let o = ucmd("shuf")
        .args(&["-r", "-n", "50", "-e", "a", "b"])
        .run()
        .success();
    assert_eq!(o.stdout.len(), 100);
    assert!(o.stdout.chunks(2).all(|c| c == b"a\n" || c == b"b\n"));
}

/// Without --random-source the numbers come from a generator seeded by
/// the kernel: a big input (more lines than are drawn ahead) comes out
/// as a permutation, in a new order each run, and repeated draws of a
/// small range are uniform.
#[test]
fn kernel_seeded_draws_are_uniform_permutations() {
    let t = TempDir::new();
    let lines: String = (0..100_000).map(|i| format!("{i}\n")).collect();
    t.write("in", lines.as_bytes());
    let run = || {
        let o = ucmd("shuf").arg(t.join("in")).run().success();
        String::from_utf8(o.stdout).unwrap()
    };
    let (a, b) = (run(), run());
    assert_ne!(a, b);
    assert_ne!(a, lines);
    let mut got: Vec<u32> = a.lines().map(|l| l.parse().unwrap()).collect();
    got.sort();
    assert_eq!(got, (0..100_000).collect::<Vec<u32>>());
    // 60000 draws from 1-3: each count within 6 standard deviations.
    let o = ucmd("shuf")
        .args(&["-r", "-n", "60000", "-i", "1-3"])
        .run()
        .success();
    for d in [b'1', b'2', b'3'] {
        let n = o.stdout.iter().filter(|&&c| c == d).count();
        assert!((19300..20700).contains(&n), "{n} of {}", d as char);
    }
    // Half the first half of the output comes from each half of the
    // input (25000 give or take 112 for a uniform permutation).
    let low = a
        .lines()
        .take(50_000)
        .filter(|l| l.parse::<u32>().unwrap() < 50_000)
        .count();
    assert!((24_300..25_700).contains(&low), "{low}");
}

#[test]
fn output_file_may_be_the_input() {
    let t = TempDir::new();
    t.write("f", b"1\n2\n3\n4\n");
    ucmd("shuf")
        .args(&["-o", "f", "f"])
        .current_dir(t.path())
        .run()
        .success()
        .stdout_is("");
    let mut v: Vec<u8> = std::fs::read(t.join("f")).unwrap();
    v.sort();
    assert_eq!(v, b"\n\n\n\n1234");
}

#[test]
fn errors() {
    let e = |args: &[&str], msg: &str| {
        ucmd("shuf").args(args).run().code_is(1).stderr_is(msg);
    };
    e(&["-i", "a-b"], "shuf: invalid input range: 'a'\n");
    e(&["-i", "5-1"], "shuf: invalid input range: '5-1'\n");
    e(&["-i", "3"], "shuf: invalid input range: '3'\n");
    e(&["-i", "1-2x"], "shuf: invalid input range: '2x'\n");
    e(
        &["-i", "1-99999999999999999999999"],
        "shuf: invalid input range: '99999999999999999999999': Value too large for defined data type\n",
    );
    e(
        &["-i", "0-18446744073709551615"],
        "shuf: invalid input range: '0-18446744073709551615'\n",
    );
    e(
        &["-i", "1-2", "-i", "1-2"],
        "shuf: multiple -i options specified\n",
    );
    e(&["-n", "x"], "shuf: invalid line count: 'x'\n");
    e(
        &["-o", "a", "-o", "b"],
        "shuf: multiple output files specified\n",
    );
    e(
        &["--random-source=a", "--random-source=b"],
        "shuf: multiple random sources specified\n",
    );
    e(
        &["-e", "-i", "1-2"],
        "shuf: cannot combine -e and -i options\nTry 'shuf --help' for more information.\n",
    );
    e(
        &["a", "b"],
        "shuf: extra operand 'b'\nTry 'shuf --help' for more information.\n",
    );
    e(
        &["-i", "1-2", "a"],
        "shuf: extra operand 'a'\nTry 'shuf --help' for more information.\n",
    );
    e(&["missing"], "shuf: missing: No such file or directory\n");
    e(
        &["--random-source=missing", "-e", "a"],
        "shuf: missing: No such file or directory\n",
    );
    e(&["-r", "-e"], "shuf: no lines to repeat\n");
    ucmd("shuf")
        .args(&["--random-source=/dev/null", "-i", "1-5"])
        .run()
        .code_is(1)
        .stderr_is("shuf: '/dev/null': end of file\n");
    ucmd("shuf")
        .args(&["-i", "1-5"])
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("shuf: write error: No space left on device\n");
    // Past stdio's buffer GNU's loop dies, and close_stdout speaks again.
    for args in [&["-r", "-i", "1-5"][..], &["-i", "1-5000"]] {
        ucmd("shuf")
            .args(args)
            .stdout_to(Out::Full)
            .run()
            .code_is(1)
            .stderr_is("shuf: write error: No space left on device\nshuf: write error\n");
    }
    ucmd("shuf")
        .stdin_closed()
        .run()
        .code_is(1)
        .stderr_is("shuf: read error: Bad file descriptor\n");
}
