//! md5sum, sha1sum, sha224sum, sha256sum, sha384sum, sha512sum, b2sum,
//! cksum and sum: output formats, check mode and its messages, errors,
//! differential tests against GNU on random files.
use crate::harness::*;

const ABC_MD5: &str = "900150983cd24fb0d6963f7d28e17f72";
const ABC_SHA256: &str = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

fn dir() -> TempDir {
    let t = TempDir::new();
    t.write("a", "abc");
    t.write("b\\c", "x");
    t.write("n\nl", "y");
    t
}

fn at(t: &TempDir, p: &str, args: &[&str]) -> Output {
    ucmd(p).current_dir(t.path()).args(args).run()
}

#[test]
fn known_answers_of_every_program() {
    for (p, want) in [
        ("md5sum", ABC_MD5),
        ("sha1sum", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("sha224sum", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"),
        ("sha256sum", ABC_SHA256),
        ("sha384sum", "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"),
        ("sha512sum", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
        ("b2sum", "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"),
    ] {
        ucmd(p).stdin("abc").run().success().stdout_is(format!("{want}  -\n"));
    }
    ucmd("sha256sum")
        .run()
        .stdout_is("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  -\n");
}

#[test]
fn output_styles() {
    let t = dir();
    at(&t, "md5sum", &["a"])
        .success()
        .stdout_is(format!("{ABC_MD5}  a\n"));
    at(&t, "md5sum", &["-b", "a"]).stdout_is(format!("{ABC_MD5} *a\n"));
    at(&t, "md5sum", &["--binary", "-t", "a"]).stdout_is(format!("{ABC_MD5}  a\n"));
    at(&t, "md5sum", &["--text", "a"]).stdout_is(format!("{ABC_MD5}  a\n"));
    at(&t, "md5sum", &["--tag", "a"]).stdout_is(format!("MD5 (a) = {ABC_MD5}\n"));
    at(&t, "sha256sum", &["--tag", "a"]).stdout_is(format!("SHA256 (a) = {ABC_SHA256}\n"));
    at(&t, "md5sum", &["-z", "a"]).stdout_is(format!("{ABC_MD5}  a\0"));
    at(&t, "md5sum", &["--zero", "n\nl"]).stdout_is("415290769594460e2e485922904f345d  n\nl\0");
    at(&t, "md5sum", &["b\\c", "n\nl"]).stdout_is(
        "\\9dd4e461268c8034f5c8564e155c67a6  b\\\\c\n\\415290769594460e2e485922904f345d  n\\nl\n",
    );
    at(&t, "md5sum", &["--tag", "n\nl"])
        .stdout_is("\\MD5 (n\\nl) = 415290769594460e2e485922904f345d\n");
    ucmd("md5sum")
        .arg("-")
        .stdin("abc")
        .run()
        .stdout_is(format!("{ABC_MD5}  -\n"));
}

#[test]
fn b2sum_length() {
    let t = dir();
    let h256 = "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319";
    at(&t, "b2sum", &["-l", "256", "a"]).stdout_is(format!("{h256}  a\n"));
    at(&t, "b2sum", &["--length=256", "--tag", "a"])
        .stdout_is(format!("BLAKE2b-256 (a) = {h256}\n"));
    at(&t, "b2sum", &["-l", "512", "--tag", "a"]).stdout_contains("BLAKE2b (a) = ba80a53f");
    at(&t, "b2sum", &["-l", "0", "a"])
        .success()
        .stdout_contains("ba80a53f");
    at(&t, "b2sum", &["-l", "12", "a"])
        .code_is(1)
        .stderr_is("b2sum: invalid length: '12'\nb2sum: length is not a multiple of 8\n");
    at(&t, "b2sum", &["-l", "1024", "a"]).code_is(1).stderr_is(
        "b2sum: invalid length: '1024'\nb2sum: maximum digest length for 'BLAKE2b' is 512 bits\n",
    );
    at(&t, "b2sum", &["-l", "x", "a"])
        .code_is(1)
        .stderr_is("b2sum: invalid length: 'x'\n");
    let sums = at(&t, "b2sum", &["-l", "8", "a"]).stdout_str();
    t.write("s8", &sums);
    at(&t, "b2sum", &["-c", "s8"])
        .success()
        .stdout_is("a: OK\n");
    // -l does not constrain the lines read by -c (GNU guesses the length).
    at(&t, "b2sum", &["-l", "128", "-c", "s8"])
        .success()
        .stdout_is("a: OK\n");
    let tagged = at(&t, "b2sum", &["-l", "16", "--tag", "a"]).stdout_str();
    t.write("t16", &tagged);
    at(&t, "b2sum", &["-c", "t16"])
        .success()
        .stdout_is("a: OK\n");
    at(&t, "cksum", &["-c", "t16"])
        .success()
        .stdout_is("a: OK\n");
}

#[test]
fn option_conflicts() {
    let t = dir();
    let bad = |args: &[&str], msg: &str| {
        at(&t, "md5sum", args)
            .code_is(1)
            .no_stdout()
            .stderr_is(format!(
                "md5sum: {msg}\nTry 'md5sum --help' for more information.\n"
            ));
    };
    bad(&["--tag", "-t", "a"], "--tag does not support --text mode");
    bad(
        &["-c", "--tag", "a"],
        "the --tag option is meaningless when verifying checksums",
    );
    bad(
        &["-z", "-c", "a"],
        "the --zero option is not supported when verifying checksums",
    );
    bad(
        &["-b", "-c", "a"],
        "the --binary and --text options are meaningless when verifying checksums",
    );
    for o in ["ignore-missing", "status", "quiet", "strict"] {
        bad(
            &[&format!("--{o}"), "a"],
            &format!("the --{o} option is meaningful only when verifying checksums"),
        );
    }
    bad(
        &["-w", "a"],
        "the --warn option is meaningful only when verifying checksums",
    );
    // The last of --status, --quiet and --warn wins.
    bad(
        &["--status", "--quiet", "a"],
        "the --quiet option is meaningful only when verifying checksums",
    );
    at(&t, "md5sum", &["-t", "--tag", "a"]).success();
}

fn check_dir() -> TempDir {
    let t = dir();
    let mut s = String::new();
    s += &format!("{ABC_MD5}  a\n\\9dd4e461268c8034f5c8564e155c67a6  b\\\\c\n");
    s += "\\415290769594460e2e485922904f345d  n\\nl\ngarbage\n# comment\n\n";
    s += &format!(
        "MD5 (a) = {ABC_MD5}\r\n00000000000000000000000000000000  a\n{ABC_MD5}  missing\n"
    );
    t.write("sums", s);
    t
}

#[test]
fn check_mode_messages() {
    let t = check_dir();
    let all = "a: OK\nb\\c: OK\n\\n\\nl: OK\na: OK\na: FAILED\nmissing: FAILED open or read\n";
    let warnings = "md5sum: WARNING: 1 line is improperly formatted\nmd5sum: WARNING: 1 listed file could not be read\nmd5sum: WARNING: 1 computed checksum did NOT match\n";
    let missing = "md5sum: missing: No such file or directory\n";
    at(&t, "md5sum", &["-c", "sums"])
        .code_is(1)
        .stdout_is(all)
        .stderr_is(format!("{missing}{warnings}"));
    at(&t, "md5sum", &["--check", "--quiet", "sums"])
        .code_is(1)
        .stdout_is("a: FAILED\nmissing: FAILED open or read\n")
        .stderr_is(format!("{missing}{warnings}"));
    at(&t, "md5sum", &["-c", "--status", "sums"])
        .code_is(1)
        .no_stdout()
        .stderr_is(missing);
    at(&t, "md5sum", &["-c", "-w", "sums"])
        .code_is(1)
        .stdout_is(all)
        .stderr_is(format!(
            "md5sum: sums: 4: improperly formatted MD5 checksum line\n{missing}{warnings}"
        ));
    at(&t, "md5sum", &["-c", "--ignore-missing", "sums"])
        .code_is(1)
        .stdout_is("a: OK\nb\\c: OK\n\\n\\nl: OK\na: OK\na: FAILED\n")
        .stderr_is("md5sum: WARNING: 1 line is improperly formatted\nmd5sum: WARNING: 1 computed checksum did NOT match\n");
    t.write("good", format!("{ABC_MD5}  a\nbad line\n"));
    at(&t, "md5sum", &["-c", "good"])
        .success()
        .stdout_is("a: OK\n")
        .stderr_is("md5sum: WARNING: 1 line is improperly formatted\n");
    at(&t, "md5sum", &["-c", "--strict", "good"])
        .code_is(1)
        .stdout_is("a: OK\n");
    t.write("two", "garbage\nmore\n");
    at(&t, "md5sum", &["-c", "two"])
        .code_is(1)
        .stderr_is("md5sum: two: no properly formatted checksum lines found\n");
    t.write("bad2", format!("{ABC_MD5}  b\\c\n{ABC_MD5}  n\nl\n"));
    at(&t, "md5sum", &["-c", "bad2"])
        .code_is(1)
        .stdout_is("b\\c: FAILED\nn: FAILED open or read\n")
        .stderr_is("md5sum: n: No such file or directory\nmd5sum: WARNING: 1 line is improperly formatted\nmd5sum: WARNING: 1 listed file could not be read\nmd5sum: WARNING: 1 computed checksum did NOT match\n");
    ucmd("md5sum")
        .current_dir(t.path())
        .args(&["-c", "--ignore-missing"])
        .stdin(format!("{ABC_MD5}  missing\n"))
        .run()
        .code_is(1)
        .no_stdout()
        .stderr_is("md5sum: 'standard input': no file was verified\n");
    ucmd("md5sum")
        .args(&["-c"])
        .stdin(format!("{ABC_MD5}  -\n"))
        .run()
        .code_is(1)
        .stderr_is("md5sum: 'standard input': no properly formatted checksum lines found\n");
    at(&t, "md5sum", &["-c", "nonexist"])
        .code_is(1)
        .stderr_is("md5sum: nonexist: No such file or directory\n");
    std::fs::create_dir(t.join("d")).unwrap();
    at(&t, "md5sum", &["-c", "d"])
        .code_is(1)
        .stderr_is("md5sum: d: read error\n");
    at(&t, "md5sum", &["d", "nonexist", "a"])
        .code_is(1)
        .stdout_is(format!("{ABC_MD5}  a\n"))
        .stderr_is("md5sum: d: Is a directory\nmd5sum: nonexist: No such file or directory\n");
    // Plural forms.
    t.write("bad3", format!("x\ny\n{0}  a\n{0}  a\n00000000000000000000000000000000  a\n00000000000000000000000000000000  a\n{ABC_MD5}  m1\n{ABC_MD5}  m2\n", "00000000000000000000000000000000"));
    at(&t, "md5sum", &["-c", "bad3"])
        .code_is(1)
        .stderr_contains("WARNING: 2 lines are improperly formatted\n");
}

#[test]
fn check_line_formats() {
    let t = dir();
    for line in [
        format!("MD5(a)= {ABC_MD5}"),
        format!("MD5 (a) = {}", ABC_MD5.to_uppercase()),
        format!("{ABC_MD5} a"),
        format!("  {ABC_MD5}  a"),
        format!("{ABC_MD5}\ta"),
        format!("{ABC_MD5} *a"),
    ] {
        ucmd("md5sum")
            .current_dir(t.path())
            .arg("-c")
            .stdin(format!("{line}\n"))
            .run()
            .success()
            .stdout_is("a: OK\n");
    }
    // b2sum guesses the length from the digest.
    ucmd("b2sum")
        .current_dir(t.path())
        .arg("-c")
        .stdin("a9993e364706816aba3e25717850c26c9cd0d89d  a\n")
        .run()
        .code_is(1)
        .stdout_is("a: FAILED\n");
}

#[test]
fn cksum_and_sum() {
    let t = dir();
    at(&t, "cksum", &["a"])
        .success()
        .stdout_is("1219131554 3 a\n");
    ucmd("cksum").stdin("abc").run().stdout_is("1219131554 3\n");
    ucmd("cksum")
        .arg("-")
        .stdin("abc")
        .run()
        .stdout_is("1219131554 3 -\n");
    at(&t, "cksum", &["-a", "sysv", "a"]).stdout_is("294 1 a\n");
    at(&t, "cksum", &["--algorithm=bsd", "a"]).stdout_is("16556     1 a\n");
    at(&t, "cksum", &["-a", "sha256", "a"]).stdout_is(format!("SHA256 (a) = {ABC_SHA256}\n"));
    at(&t, "cksum", &["-a", "sha256", "--untagged", "a"]).stdout_is(format!("{ABC_SHA256}  a\n"));
    at(&t, "cksum", &["-a", "sha1", "--untagged", "--tag", "a"])
        .stdout_is("SHA1 (a) = a9993e364706816aba3e25717850c26c9cd0d89d\n");
    at(&t, "cksum", &["-a", "blake2b", "-l", "128", "a"])
        .stdout_is("BLAKE2b-128 (a) = cf4ab791c62b8d2b2109c90275287816\n");
    at(&t, "cksum", &["-a", "sha256", "-l", "128", "a"])
        .code_is(1)
        .stderr_is("cksum: --length is only supported with --algorithm=blake2b\n");
    at(&t, "cksum", &["-a", "crc", "-c", "a"])
        .code_is(1)
        .stderr_is("cksum: --check is not supported with --algorithm={bsd,sysv,crc}\n");
    at(&t, "cksum", &["-a", "foo", "a"])
        .code_is(1)
        .stderr_contains(
            "cksum: invalid argument 'foo' for '--algorithm'\nValid arguments are:\n  - 'bsd'\n",
        );
    same_as_gnu("cksum", &["-a", "foo", "a"], None, Some(t.path()));
    at(&t, "cksum", &["-a", "sm3", "a"])
        .stdout_is("SM3 (a) = 66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0\n");
    let sm3 = at(&t, "cksum", &["-a", "sm3", "a"]).stdout_str();
    ucmd("cksum")
        .current_dir(t.path())
        .arg("-c")
        .stdin(sm3)
        .run()
        .success()
        .stdout_is("a: OK\n");
    at(&t, "cksum", &["-b", "a"])
        .code_is(1)
        .stderr_is("Try 'cksum --help' for more information.\n");
    at(&t, "cksum", &["--debug", "a"])
        .success()
        .stdout_is("1219131554 3 a\n")
        .stderr_contains("cksum: using ");
    let tagged = at(&t, "cksum", &["-a", "md5", "a"]).stdout_str();
    ucmd("cksum")
        .current_dir(t.path())
        .arg("-c")
        .stdin(tagged.clone())
        .run()
        .success()
        .stdout_is("a: OK\n");
    ucmd("cksum")
        .current_dir(t.path())
        .args(&["-c", "-a", "sha1"])
        .stdin(tagged)
        .run()
        .code_is(1);
    ucmd("cksum")
        .current_dir(t.path())
        .args(&["-c", "-w"])
        .stdin("junk\n")
        .run()
        .code_is(1)
        .stderr_is("cksum: 'standard input': 1: improperly formatted CRC checksum line\ncksum: 'standard input': no properly formatted checksum lines found\n");
    at(&t, "sum", &["a"]).stdout_is("16556     1 a\n");
    at(&t, "sum", &["-r", "a", "a"]).stdout_is("16556     1 a\n16556     1 a\n");
    at(&t, "sum", &["-s", "a"]).stdout_is("294 1 a\n");
    at(&t, "sum", &["--sysv", "a"]).stdout_is("294 1 a\n");
    ucmd("sum").stdin("abc").run().stdout_is("16556     1\n");
    at(&t, "sum", &["nonexist"])
        .code_is(1)
        .stderr_is("sum: nonexist: No such file or directory\n");
    at(&t, "cksum", &["n\nl"]).stdout_is("3537609151 1 n\nl\n");
}

#[test]
fn cksum_names_the_last_algorithm_in_warnings() {
    let t = dir();
    t.write(
        "chk",
        format!("SHA256 (a) = x\nMD5 (a) = {ABC_MD5}\njunk\n"),
    );
    at(&t, "cksum", &["-c", "-w", "chk"])
        .success()
        .stdout_is("a: OK\n")
        .stderr_is(
            "cksum: chk: 1: improperly formatted SHA256 checksum line\n\
             cksum: chk: 3: improperly formatted MD5 checksum line\n\
             cksum: WARNING: 2 lines are improperly formatted\n",
        );
    same_as_gnu("cksum", &["-c", "-w", "chk"], None, Some(t.path()));
}

const ABC_B2: &str = "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923";
const ABC_B2_256: &str = "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319";

#[test]
fn tagged_lines_as_b2sum_and_cksum_read_them() {
    let t = dir();
    let check = |p: &[&str], line: String| {
        let (prog, args) = p.split_first().unwrap();
        ucmd(prog)
            .current_dir(t.path())
            .args(args)
            .arg("-c")
            .stdin(format!("{line}\n"))
            .run()
    };
    let ok = |p: &[&str], line: String| {
        check(p, line).success().stdout_is("a: OK\n");
    };
    let bad = |p: &[&str], line: String| {
        check(p, line)
            .code_is(1)
            .stderr_contains("no properly formatted checksum lines found");
    };
    // b2sum and cksum -a drop the byte after the tag unread.
    ok(&["b2sum"], format!("BLAKE2bX (a) = {ABC_B2}"));
    ok(&["b2sum"], format!("BLAKE2b\t(a) = {ABC_B2}"));
    ok(
        &["cksum", "-a", "sha256"],
        format!("SHA256X (a) = {ABC_SHA256}"),
    );
    bad(&["b2sum"], format!("BLAKE2bXY (a) = {ABC_B2}"));
    bad(&["sha256sum"], format!("SHA256X (a) = {ABC_SHA256}"));
    bad(&["cksum"], format!("SHA256X (a) = {ABC_SHA256}"));
    // -BITS is read as C's strtoumax with base 0 reads it.
    for bits in ["256", "+256", " 256", "0x100", "0400"] {
        ok(&["b2sum"], format!("BLAKE2b-{bits} (a) = {ABC_B2_256}"));
    }
    for bits in ["0256", "-256", "256x", "520", "0"] {
        bad(&["b2sum"], format!("BLAKE2b-{bits} (a) = {ABC_B2_256}"));
    }
    // cksum cuts any digest to BITS; the other programs refuse -BITS.
    ok(
        &["cksum"],
        format!("SHA256-128 (a) = {}", &ABC_SHA256[..32]),
    );
    ok(&["cksum"], format!("MD5-8 (a) = {}", &ABC_MD5[..2]));
    bad(&["cksum"], format!("SHA256-264 (a) = {ABC_SHA256}00"));
    bad(
        &["sha256sum"],
        format!("SHA256-128 (a) = {}", &ABC_SHA256[..32]),
    );
    // A tagged line without BITS is the full digest, whatever -l says.
    ok(&["b2sum", "-l", "256"], format!("BLAKE2b (a) = {ABC_B2}"));
    for p in [
        &["b2sum"][..],
        &["cksum"],
        &["cksum", "-a", "blake2b"],
        &["sha256sum"],
        &["cksum", "-a", "sha256"],
    ] {
        for tag in [
            "BLAKE2b",
            "BLAKE2b-256",
            "BLAKE2bX ",
            "BLAKE2b-0x100",
            "SHA256",
            "SHA256-128",
            "SHA256X",
            "SHA256-264",
            "MD5-64",
        ] {
            for hex in [
                ABC_B2,
                ABC_B2_256,
                ABC_SHA256,
                &ABC_SHA256[..32],
                &ABC_MD5[..16],
            ] {
                let (prog, args) = p.split_first().unwrap();
                let mut a = args.to_vec();
                a.push("-c");
                same_as_gnu(
                    prog,
                    &a,
                    Some(format!("{tag} (a) = {hex}\n").as_bytes()),
                    Some(t.path()),
                );
            }
        }
    }
}

#[test]
fn cksum_debug_names_the_crc_code() {
    let t = dir();
    let out = at(&t, "cksum", &["--debug", "a"])
        .success()
        .stdout_is("1219131554 3 a\n");
    let e = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(
        [
            "cksum: using pclmul hardware support\n",
            "cksum: using vmull hardware support\n",
            "cksum: using generic hardware support\n",
        ]
        .contains(&e.as_str()),
        "{e:?}"
    );
    // On x86_64 with PCLMULQDQ, as GNU 9.1 says there.
    if cfg!(target_arch = "x86_64") && std::env::var_os("COREBOX_RUNNER").is_none() {
        same_as_gnu("cksum", &["--debug", "a"], None, Some(t.path()));
    }
}

#[test]
fn gnu_quirks() {
    let t = dir();
    std::fs::create_dir(t.join("d")).unwrap();
    // cksum's CRC takes a directory for an empty file; the other sums do not.
    at(&t, "cksum", &["d"])
        .success()
        .stdout_is("4294967295 0 d\n");
    at(&t, "cksum", &["-a", "md5", "d"])
        .code_is(1)
        .stderr_is("cksum: d: Is a directory\n");
    at(&t, "sum", &["d"])
        .code_is(1)
        .stderr_is("sum: d: Is a directory\n");
    // -l 0 is the default length, for any algorithm.
    at(&t, "cksum", &["-l", "0", "a"])
        .success()
        .stdout_is("1219131554 3 a\n");
    // The order of GNU's option checks.
    at(&t, "cksum", &["-l", "12", "-a", "bsd", "a"])
        .code_is(1)
        .stderr_is("cksum: invalid length: '12'\ncksum: length is not a multiple of 8\n");
    at(&t, "cksum", &["-l", "1024", "a"])
        .code_is(1)
        .stderr_is("cksum: --length is only supported with --algorithm=blake2b\n");
    at(&t, "cksum", &["-a", "bsd", "-z", "-c", "a"])
        .code_is(1)
        .stderr_is("cksum: --check is not supported with --algorithm={bsd,sysv,crc}\n");
    at(&t, "md5sum", &["--tag", "-z", "-c", "a"])
        .code_is(1)
        .stderr_contains("md5sum: the --zero option is not supported when verifying checksums\n");
    for args in [
        &["d", "a"][..],
        &["-l", "1028", "a"],
        &["-c", "-l", "0", "-a", "bsd", "a"],
        &["-t", "--tag", "-z", "-c", "a"],
    ] {
        same_as_gnu("cksum", args, None, Some(t.path()));
        same_as_gnu("b2sum", args, None, Some(t.path()));
    }
}

#[test]
fn write_error() {
    ucmd("sha1sum")
        .stdin("x")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("sha1sum: write error\n");
}

/// A pseudo-random file of `n` bytes.
fn random(n: usize, seed: u64) -> Vec<u8> {
    let mut x = seed | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

#[test]
fn same_as_gnu_on_random_files() {
    let t = TempDir::new();
    let sizes = [
        0usize,
        1,
        55,
        56,
        63,
        64,
        65,
        111,
        112,
        127,
        128,
        129,
        1000,
        65536,
        1 << 20,
        3_000_001,
    ];
    let mut names = vec![];
    for (i, n) in sizes.iter().enumerate() {
        let name = format!("f{i}");
        t.write(&name, random(*n, i as u64 + 1));
        names.push(name);
    }
    let names: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    for p in [
        "md5sum",
        "sha1sum",
        "sha224sum",
        "sha256sum",
        "sha384sum",
        "sha512sum",
        "b2sum",
        "cksum",
        "sum",
    ] {
        same_as_gnu(p, &names, None, Some(t.path()));
    }
    for a in [
        "sysv", "bsd", "crc", "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b",
        "sm3",
    ] {
        let mut args = vec!["-a", a];
        args.extend(&names);
        same_as_gnu("cksum", &args, None, Some(t.path()));
    }
    same_as_gnu("b2sum", &["-l", "160", "f5", "f14"], None, Some(t.path()));
    same_as_gnu("sum", &["-s", "f13", "f15"], None, Some(t.path()));
    let sums = gnu("sha256sum")
        .args(&names)
        .current_dir(t.path())
        .run()
        .stdout;
    same_as_gnu("sha256sum", &["-c"], Some(&sums), Some(t.path()));
}

/// GNU 9.1 escapes a carriage return in a printed name as `\r` (and reads
/// it back in check lines), as it does newline and backslash (GNU's
/// tests/misc/md5sum.pl, sha1sum.pl).
#[test]
fn carriage_return_in_names() {
    let t = TempDir::new();
    t.write("c\rd", "y");
    at(&t, "md5sum", &["c\rd"]).stdout_is("\\415290769594460e2e485922904f345d  c\\rd\n");
    at(&t, "md5sum", &["--tag", "c\rd"])
        .stdout_is("\\MD5 (c\\rd) = 415290769594460e2e485922904f345d\n");
    t.write("chk", "\\415290769594460e2e485922904f345d  c\\rd\n");
    at(&t, "md5sum", &["-c", "chk"])
        .success()
        .stdout_is("c\rd: OK\n");
    if have_gnu("sha1sum") {
        for args in [&["c\rd"][..], &["--tag", "c\rd"], &["-z", "c\rd"]] {
            same_as_gnu("sha1sum", args, None, Some(t.path()));
        }
    }
}

/// cksum -a takes whole algorithm names only (GNU's XARGMATCH_EXACT;
/// GNU's tests/misc/cksum-a.sh): an abbreviation is an invalid argument.
#[test]
fn cksum_algorithm_names_are_not_abbreviated() {
    let t = dir();
    for abbrev in ["sha22", "s", "md", "blake2"] {
        at(&t, "cksum", &["-a", abbrev, "a"])
            .code_is(1)
            .stderr_contains(&format!(
                "cksum: invalid argument '{abbrev}' for '--algorithm'\nValid arguments are:\n  - 'bsd'\n"
            ));
        same_as_gnu("cksum", &["-a", abbrev, "a"], None, Some(t.path()));
    }
}

/// GNU's checksum programs and wc set standard output line buffered:
/// each file's line is out when that file is done, here while the second
/// operand, a FIFO, is still open for writing.
#[test]
fn each_line_appears_when_its_file_is_done() {
    use std::os::unix::fs::OpenOptionsExt;
    let t = TempDir::new();
    t.write("a", b"abc");
    let fifo = t.join("fifo");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    for prog in [
        "md5sum",
        "sha1sum",
        "sha224sum",
        "sha256sum",
        "sha384sum",
        "sha512sum",
        "b2sum",
        "cksum",
        "sum",
        "wc",
    ] {
        let r = ucmd(prog)
            .args(&["a", "fifo"])
            .current_dir(t.path())
            .spawn();
        // The writer's end opens once the program reads the FIFO.
        let start = std::time::Instant::now();
        let w = loop {
            match std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(0o4000) // O_NONBLOCK
                .open(&fifo)
            {
                Ok(w) => break w,
                Err(_) if start.elapsed() < std::time::Duration::from_secs(60) => {
                    std::thread::sleep(std::time::Duration::from_millis(5))
                }
                Err(e) => panic!("{prog} never opened the FIFO: {e}"),
            }
        };
        r.wait_for("the first file's line", |o, _| o.ends_with("a\n"));
        drop(w);
        r.wait_exit().success();
    }
}

/// Standard input closed: the checksum programs report closing it as
/// GNU's do (`standard input: ...`), and cksum's CRC takes the failed
/// read for an empty file, as GNU's does.
#[test]
fn closed_standard_input() {
    ucmd("cksum")
        .stdin_closed()
        .run()
        .code_is(1)
        .stdout_is("4294967295 0\n")
        .stderr_is("cksum: standard input: Bad file descriptor\n");
    ucmd("md5sum")
        .stdin_closed()
        .run()
        .code_is(1)
        .stdout_is("")
        .stderr_is("md5sum: -: Bad file descriptor\nmd5sum: standard input: Bad file descriptor\n");
    for p in ["sum", "sha1sum", "b2sum", "cksum"] {
        if have_gnu(p) {
            let g = gnu(p).stdin_closed().run();
            ucmd(p).stdin_closed().run().same_as(&g);
        }
    }
}

/// Standard output closed: `write error: Bad file descriptor` (fclose
/// fails too), where a full device gives a bare `write error`.
#[test]
fn closed_standard_output() {
    for p in ["md5sum", "sum", "cksum", "wc"] {
        ucmd(p)
            .stdin("x\n")
            .stdout_to(Out::Closed)
            .run()
            .code_is(1)
            .stderr_is(format!("{p}: write error: Bad file descriptor\n"));
        ucmd(p)
            .stdin("x\n")
            .stdout_to(Out::Full)
            .run()
            .code_is(1)
            .stderr_is(format!("{p}: write error\n"));
    }
}
