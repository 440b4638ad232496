use crate::harness::*;

const IN: &str = "a:b:c\nno delim\n1:2\n";

fn cut(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    ucmd("cut").args(args).stdin(input.as_ref()).run()
}

#[test]
fn fields() {
    cut(&["-d:", "-f2"], IN)
        .success()
        .stdout_is("b\nno delim\n2\n");
    cut(&["-d", ":", "--fields=3-"], IN).stdout_is("c\nno delim\n\n");
    cut(&["-d:", "-f1,3"], IN).stdout_is("a:c\nno delim\n1\n");
    cut(&["--delimiter=:", "-f", "-2"], IN).stdout_is("a:b\nno delim\n1:2\n");
    // The default delimiter is TAB.
    cut(&["-f2"], "a\tb\tc\nx y\n").stdout_is("b\nx y\n");
    // Overlapping and unsorted ranges, blank-separated lists.
    cut(&["-d:", "-f", "3,1-2,2"], IN).stdout_is("a:b:c\nno delim\n1:2\n");
    cut(&["-d:", "-f", "3 1"], IN).stdout_is("a:c\nno delim\n1\n");
    cut(&["-d:", "-f", "3\t1"], IN).stdout_is("a:c\nno delim\n1\n");
    // Empty fields and a missing trailing newline.
    cut(&["-d:", "-f2"], "::\n:x").stdout_is("\nx\n");
    cut(&["-d:", "-f1"], "abc").stdout_is("abc\n");
    cut(&["-d:", "-f1"], "").no_stdout();
}

#[test]
fn only_delimited() {
    cut(&["-d:", "-f2", "-s"], IN).stdout_is("b\n2\n");
    cut(&["-d:", "-f1", "--only-delimited"], IN).stdout_is("a\n1\n");
    cut(&["-s", "-f1"], "x\n").success().no_stdout();
}

#[test]
fn complement_and_output_delimiter() {
    cut(&["-d:", "--complement", "-f2"], IN).stdout_is("a:c\nno delim\n1\n");
    cut(&["-d:", "-f1,3", "--output-delimiter=##"], IN).stdout_is("a##c\nno delim\n1\n");
    cut(&["-b1,3", "--output-delimiter=:"], "abcd\n").stdout_is("a:c\n");
    // Adjacent byte ranges are still separate ranges; overlapping ones merge.
    cut(&["-b1,2", "--output-delimiter=:"], "abcd\n").stdout_is("a:b\n");
    cut(&["-b1-2,2-3", "--output-delimiter=:"], "abcd\n").stdout_is("abc\n");
    cut(&["--complement", "-b2", "--output-delimiter=:"], "abcd\n").stdout_is("a:cd\n");
    // An empty output delimiter is a NUL byte.
    cut(&["-b1,3", "--output-delimiter="], "abc\n").stdout_is("a\0c\n");
    cut(&["-d:", "-f1,2", "--output-delimiter="], "a:b\n").stdout_is("a\0b\n");
    cut(&["--complement", "-b1-"], "abc\n").stdout_is("\n");
}

#[test]
fn bytes_and_characters() {
    cut(&["-b2-3"], IN).stdout_is(":b\no \n:2\n");
    cut(&["-c-2"], IN).stdout_is("a:\nno\n1:\n");
    cut(&["--bytes=3-", "--complement"], IN).stdout_is("a:\nno\n1:\n");
    cut(&["--characters=1", "-n"], "xyz\n").stdout_is("x\n");
    cut(&["-b5-"], "abc\nabcdef").stdout_is("\nef\n");
    // GNU 9.1 cuts characters as bytes, even in a UTF-8 locale.
    ucmd("cut")
        .env("LC_ALL", "C.UTF-8")
        .args(&["-c1"])
        .stdin("é\n")
        .run()
        .stdout_is(b"\xc3\n".as_slice());
    cut(&["-b1"], b"\xff\x00x\n".as_slice()).stdout_is(b"\xff\n".as_slice());
    cut(&["-b2"], "a\r\nb\n").stdout_is("\r\n\n");
    // Positions past 2^32 stay past every line (32-bit targets too).
    cut(&["-b", "4294967297,1"], "abc\n").stdout_is("a\n");
    cut(&["-b", "4294967296-"], "abc\n").stdout_is("\n");
}

#[test]
fn zero_terminated() {
    cut(&["-z", "-d:", "-f2"], "a:b\0c:d").stdout_is("b\0d\0");
    cut(&["--zero-terminated", "-b1"], "ab\ncd\0ef").stdout_is("a\0e\0");
    // With -z, newlines are ordinary bytes.
    cut(&["-z", "-f1", "-d:"], "a\nb:c\0").stdout_is("a\nb\0");
}

#[test]
fn delimiter_is_the_line_terminator() {
    // The whole input is one record whose fields are the lines.
    cut(&["-d", "\n", "-f2"], "a\nb\nc\n").stdout_is("b\n");
    cut(&["-d", "\n", "-f1,3"], "a\nb\nc").stdout_is("a\nc\n");
    cut(&["-d", "\n", "-f1,3", "--output-delimiter=,"], "a\nb\nc\n").stdout_is("a,c\n");
    cut(&["-d", "\n", "-f2"], "a\n").stdout_is("\n");
    cut(&["-d", "\n", "-s", "-f1,2"], "a\n").stdout_is("a\n");
    cut(&["-d", "\n", "-s", "-f2"], "a\n").no_stdout();
    cut(&["-z", "-d", "", "-f2"], "a\0b\0").stdout_is("b\0");
    // A NUL delimiter on newline-terminated lines.
    cut(&["-d", "", "-f2"], "a\0b\nc\n").stdout_is("b\nc\n");
}

#[test]
fn gnu_quirk_unterminated_zero_record() {
    // GNU takes an unterminated last `X<delim>` record to be terminated
    // when -z is given and field 1 is read ahead.
    cut(&["-z", "-d:", "-f2"], "a:").stdout_is("");
    cut(&["-z", "-d:", "-f2"], "a:\0").stdout_is("\0");
    cut(&["-z", "-d:", "-s", "-f1,2"], ":").stdout_is(":");
    cut(&["-z", "-d:", "-f1,2"], ":").stdout_is(":\0");
}

#[test]
fn list_errors() {
    let bad = |args: &[&str], msg: &str| {
        cut(args, "").code_is(1).no_stdout().stderr_is(format!(
            "cut: {msg}\nTry 'cut --help' for more information.\n"
        ));
    };
    bad(&["-f0"], "fields are numbered from 1");
    bad(&["-f", "0-3"], "fields are numbered from 1");
    bad(&["-f", "1,"], "fields are numbered from 1");
    bad(&["-f", ""], "fields are numbered from 1");
    bad(&["-b0"], "byte/character positions are numbered from 1");
    bad(
        &["-c", "1,,2"],
        "byte/character positions are numbered from 1",
    );
    bad(&["-f", "--"], "invalid field range");
    bad(&["-f", "1-2-3"], "invalid field range");
    bad(&["-b", "--"], "invalid byte or character range");
    bad(&["-f-"], "invalid range with no endpoint: -");
    bad(&["-b", "2,-"], "invalid range with no endpoint: -");
    bad(&["-f3-1"], "invalid decreasing range");
    bad(&["-c", "-0"], "invalid decreasing range");
    bad(&["-fa"], "invalid field value 'a'");
    bad(&["-f", "1,x2"], "invalid field value 'x2'");
    bad(&["-b", "1a"], "invalid byte/character position 'a'");
    bad(
        &["-f", "2,18446744073709551615"],
        "field number '18446744073709551615' is too large",
    );
    bad(
        &["-b", "99999999999999999999999-"],
        "byte/character offset '99999999999999999999999' is too large",
    );
    cut(&["-f", "18446744073709551614"], "a\n")
        .success()
        .stdout_is("a\n");
    ucmd("cut")
        .env("LC_ALL", "C.UTF-8")
        .arg("-fa")
        .run()
        .code_is(1)
        .stderr_contains("cut: invalid field value \u{2018}a\u{2019}\n");
}

#[test]
fn option_errors() {
    let bad = |args: &[&str], msg: &str| {
        cut(args, "").code_is(1).no_stdout().stderr_is(format!(
            "cut: {msg}\nTry 'cut --help' for more information.\n"
        ));
    };
    bad(
        &[],
        "you must specify a list of bytes, characters, or fields",
    );
    bad(
        &["--complement", "-s"],
        "you must specify a list of bytes, characters, or fields",
    );
    bad(&["-f1", "-b1"], "only one list may be specified");
    bad(&["-c1", "-c2"], "only one list may be specified");
    bad(
        &["-d", "ab", "-f1"],
        "the delimiter must be a single character",
    );
    bad(
        &["-d:", "-b1"],
        "an input delimiter may be specified only when operating on fields",
    );
    bad(
        &["-s", "-c1"],
        "suppressing non-delimited lines makes sense\n\tonly when operating on fields",
    );
    bad(&["-f"], "option requires an argument -- 'f'");
    bad(&["-x"], "invalid option -- 'x'");
    // Errors in the list come after the mode checks.
    bad(
        &["-b0", "-d:"],
        "an input delimiter may be specified only when operating on fields",
    );
}

#[test]
fn files_and_errors() {
    let t = TempDir::new();
    t.write("in", IN);
    t.write("nonl", "x:y");
    let run = |args: &[&str]| {
        ucmd("cut")
            .current_dir(t.path())
            .args(args)
            .stdin("s:t\n")
            .run()
    };
    run(&["-d:", "-f2", "in", "nonl"])
        .success()
        .stdout_is("b\nno delim\n2\ny\n");
    run(&["-d:", "-f1", "-", "nonl", "-"]).stdout_is("s\nx\n");
    run(&["-d:", "-f1", "missing", "nonl"])
        .code_is(1)
        .stdout_is("x\n")
        .stderr_is("cut: missing: No such file or directory\n");
    run(&["-b1", ".", "nonl"])
        .code_is(1)
        .stdout_is("x\n")
        .stderr_is("cut: .: Is a directory\n");
    ucmd("cut")
        .args(&["-b1"])
        .stdin("abc\n")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("cut: write error: No space left on device\n");
}

#[test]
fn long_lines() {
    let mut line = "x".repeat(300_000);
    line.push(':');
    line.push_str(&"y".repeat(200_000));
    let input = format!("{line}\n{line}");
    let want = format!("{}\n{}\n", "y".repeat(200_000), "y".repeat(200_000));
    cut(&["-d:", "-f2"], &input).stdout_is(want);
    cut(&["-b300001-300002"], &input).stdout_is(":y\n:y\n");
}

#[test]
fn differential() {
    let t = TempDir::new();
    t.write("in", b"a:b:c\n\nx\n::\n1:2:3:4:5\na\tb\r\n\xff:\x00:z");
    let cases: &[&[&str]] = &[
        &["-d:", "-f2", "in"],
        &["-d:", "-f1,3-", "in"],
        &["-d:", "-f-2", "-s", "in"],
        &[
            "-d:",
            "--complement",
            "-f2-3",
            "--output-delimiter=[]",
            "in",
        ],
        &["-f1", "in"],
        &["-b1-3,5", "--output-delimiter=|", "in"],
        &["-c3-", "in"],
        &["-z", "-d:", "-f2", "in"],
        &["-d", "\n", "-f2-3", "in"],
        &["-d", "", "-f1", "in"],
        &["-f", "2-1", "in"],
        &["-b", "1,3-x", "in"],
        &["-f1", "nonexistent", "in"],
    ];
    for args in cases {
        same_as_gnu("cut", args, None, Some(t.path()));
    }
}

/// A line of `len` bytes of `a` piped to `cb cut ARGS` (corebox in a
/// few MB of address space), then through `TAIL`.
fn cut_long_line(input: &str, args: &str, tail: &str) -> Option<Output> {
    with_memory_limit(16, &format!("{input} | cb cut {args} | {tail}"))
}

const A200M: &str = "head -c 200000000 /dev/zero | tr '\\0' a";

#[test]
fn endless_lines_in_bounded_memory() {
    let Some(o) = cut_long_line(A200M, "-c1", "od -An -c") else {
        return;
    };
    o.success().no_stderr().stdout_is("   a  \\n\n");
    cut_long_line(A200M, "-b2,4-5 --output-delimiter=:", "cat")
        .unwrap()
        .no_stderr()
        .stdout_is("a:aa\n");
    cut_long_line(A200M, "-z --complement -b2-", "od -An -c")
        .unwrap()
        .no_stderr()
        .stdout_is("   a  \\0\n");
    cut_long_line(A200M, "-b 199999999-", "cat")
        .unwrap()
        .no_stderr()
        .stdout_is("aa\n");
    // A whole field of 200 MB goes through, not held.
    cut_long_line(A200M, "-f1", "wc -c")
        .unwrap()
        .no_stderr()
        .stdout_is("200000001\n");
    cut_long_line(A200M, "-s -f2", "wc -c")
        .unwrap()
        .no_stderr()
        .stdout_is("0\n");
    // Millions of fields on one line.
    let fields = "yes abc:de | head -c 200000000 | tr '\\n' ,";
    cut_long_line(fields, "-d, -f3", "cat")
        .unwrap()
        .no_stderr()
        .stdout_is("abc:de\n");
    cut_long_line(fields, "-d, -f2,28571428- --output-delimiter=%", "cat")
        .unwrap()
        .no_stderr()
        .stdout_is("abc:de%abc:de%abc:\n");
    cut_long_line(fields, "-d '\n' -f1", "wc -c")
        .unwrap()
        .no_stderr()
        .stdout_is("200000001\n");
}

/// Random inputs with lines longer than the input buffer (64 KiB) whose
/// delimiters and terminators fall on and around its edges, cut in parts
/// as GNU cuts them.
#[test]
fn long_lines_differential() {
    if !have_gnu("cut") {
        return;
    }
    let mut rng = Rng::new(19);
    let lists = [
        "1",
        "2",
        "1-3",
        "2-",
        "-2",
        "1,3",
        "3-5,8",
        "1,65536-65540",
        "65536-",
        "2,4-6,9-",
    ];
    let runs = [1, 2, 65_535, 65_536, 65_537, 131_071, 200_000];
    for _ in 0..60 {
        let alphabets: [&[u8]; 5] = [b"ab\t\n", b"a:\n", b"a\t\0\n", b"x,\0", b"ab\t"];
        let alphabet = *rng.pick(&alphabets);
        let mut input = Vec::new();
        for _ in 0..rng.below(7) {
            if rng.below(3) == 0 {
                let b = alphabet[rng.below(2)];
                input.extend(std::iter::repeat_n(b, *rng.pick(&runs)));
            } else {
                for _ in 0..rng.below(30) {
                    input.push(*rng.pick(alphabet));
                }
            }
            if rng.below(2) == 0 {
                input.push(*rng.pick(alphabet));
            }
        }
        let mode = rng.pick(&["-b", "-c", "-f"]);
        let mut args = vec![format!("{mode}{}", rng.pick(&lists))];
        if *mode == "-f" {
            match rng.below(6) {
                0 => args.push("-d:".into()),
                1 => args.push("-d,".into()),
                2 => args.extend(["-d".into(), "\n".into()]),
                3 => args.extend(["-d".into(), String::new()]),
                _ => {}
            }
            if rng.below(5) < 2 {
                args.push("-s".into());
            }
        }
        for (opt, odds) in [("--complement", 3), ("-z", 3), ("--output-delimiter=XY", 4)] {
            if rng.below(odds) == 0 {
                args.push(opt.into());
            }
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        same_as_gnu("cut", &args, Some(&input), None);
    }
}
