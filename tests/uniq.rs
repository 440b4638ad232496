use crate::harness::*;

const INPUT: &str = "a\na\nA\nb\nb\nb\nc\n";

fn uniq(args: &[&str], stdin: &str) -> Output {
    ucmd("uniq").args(args).stdin(stdin).run()
}

#[test]
fn merges_adjacent_duplicates() {
    uniq(&[], INPUT)
        .success()
        .no_stderr()
        .stdout_is("a\nA\nb\nc\n");
    uniq(&[], "").success().no_stdout();
    uniq(&[], "x\ny\nx\n").stdout_is("x\ny\nx\n");
    // The last line gets its newline.
    uniq(&[], "a\na").stdout_is("a\n");
    uniq(&[], "a\nb").stdout_is("a\nb\n");
    uniq(&[], "\n\n\n").stdout_is("\n");
    uniq(&[], "a\r\na\n").stdout_is("a\r\na\n");
    uniq(&["-"], "q\nq\n").stdout_is("q\n");
}

#[test]
fn count() {
    uniq(&["-c"], INPUT).stdout_is("      2 a\n      1 A\n      3 b\n      1 c\n");
    uniq(&["--count"], "x").stdout_is("      1 x\n");
    let many = "z\n".repeat(12345678 / 1000);
    uniq(&["-c"], &many).stdout_is("  12345 z\n");
    // The first line of a group is the one shown.
    uniq(&["-ci"], "a\nA\n").stdout_is("      2 a\n");
}

#[test]
fn repeated_and_unique() {
    uniq(&["-d"], INPUT).stdout_is("a\nb\n");
    uniq(&["--repeated"], INPUT).stdout_is("a\nb\n");
    uniq(&["-u"], INPUT).stdout_is("A\nc\n");
    uniq(&["--unique"], INPUT).stdout_is("A\nc\n");
    uniq(&["-du"], INPUT).no_stdout();
    uniq(&["-cd"], INPUT).stdout_is("      2 a\n      3 b\n");
    uniq(&["-cu"], INPUT).stdout_is("      1 A\n      1 c\n");
}

#[test]
fn all_repeated() {
    uniq(&["-D"], INPUT).stdout_is("a\na\nb\nb\nb\n");
    uniq(&["--all-repeated"], INPUT).stdout_is("a\na\nb\nb\nb\n");
    uniq(&["--all-repeated=none"], INPUT).stdout_is("a\na\nb\nb\nb\n");
    uniq(&["--all-repeated=prepend"], INPUT).stdout_is("\na\na\n\nb\nb\nb\n");
    uniq(&["--all-repeated=separate"], INPUT).stdout_is("a\na\n\nb\nb\nb\n");
    uniq(&["--all-repeated=sep"], INPUT).stdout_is("a\na\n\nb\nb\nb\n");
    // -u drops the first line of each group, keeps the later ones.
    uniq(&["-Du"], INPUT).stdout_is("a\nb\nb\n");
    uniq(&["-D", "-i"], INPUT).stdout_is("a\na\nA\nb\nb\nb\n");
}

#[test]
fn group() {
    uniq(&["--group"], INPUT).stdout_is("a\na\n\nA\n\nb\nb\nb\n\nc\n");
    uniq(&["--group=separate"], INPUT).stdout_is("a\na\n\nA\n\nb\nb\nb\n\nc\n");
    uniq(&["--group=prepend"], "a\na\nb\n").stdout_is("\na\na\n\nb\n");
    uniq(&["--group=append"], "a\na\nb\n").stdout_is("a\na\n\nb\n\n");
    uniq(&["--group=both"], "a\na\nb\n").stdout_is("\na\na\n\nb\n\n");
    uniq(&["--group=both"], "").no_stdout();
    uniq(&["--group=b"], "x").stdout_is("\nx\n\n");
}

#[test]
fn skip_and_check() {
    let input = "1 a x\n2 a x\n3  b z\n";
    uniq(&["-f", "1"], input).stdout_is("1 a x\n3  b z\n");
    uniq(&["--skip-fields=1", "-c"], input).stdout_is("      2 1 a x\n      1 3  b z\n");
    uniq(&["-f", "1"], "1 a x\n2 a y\n").stdout_is("1 a x\n2 a y\n");
    uniq(&["-f2"], input).stdout_is("1 a x\n3  b z\n");
    uniq(&["-f3"], "a b c\nd e f\n").stdout_is("a b c\n");
    uniq(&["-f", "9"], input).stdout_is("1 a x\n");
    uniq(&["-s", "2"], "xab\nyab\nzac\n").stdout_is("xab\nzac\n");
    uniq(&["--skip-chars=1"], "xa\nya\n").stdout_is("xa\n");
    uniq(&["-w", "1"], "ab\nac\nbc\n").stdout_is("ab\nbc\n");
    uniq(&["--check-chars=0"], "ab\ncd\n").stdout_is("ab\n");
    uniq(&["-s", "1", "-w", "1"], "xab\nyac\nzbc\n").stdout_is("xab\nzbc\n");
    // Fields are skipped before characters; tabs are blanks.
    uniq(&["-f", "1", "-s", "2"], "a\tXb\nb\tYb\n").stdout_is("a\tXb\n");
    uniq(&["-f", "1", "-s", "1"], "a\tXb\nb\tYb\n").stdout_is("a\tXb\nb\tYb\n");
    // Huge counts mean "everything".
    uniq(&["-s", "99999999999999999999999"], "a\nb\n").stdout_is("a\n");
}

#[test]
fn ignore_case() {
    uniq(&["-i"], INPUT).stdout_is("a\nb\nc\n");
    uniq(&["--ignore-case", "-c"], "x\nX\nx\n").stdout_is("      3 x\n");
    // Only ASCII letters fold.
    uniq(&["-i"], "\u{e9}\n\u{c9}\n").stdout_is("\u{e9}\n\u{c9}\n");
}

#[test]
fn zero_terminated() {
    ucmd("uniq")
        .arg("-z")
        .stdin("a\0a\0b\nc\0b\nc")
        .run()
        .stdout_is("a\0b\nc\0");
    ucmd("uniq")
        .args(&["--zero-terminated", "-c"])
        .stdin("x\0x\0")
        .run()
        .stdout_is("      2 x\0");
    // Newline separates fields inside NUL-terminated records.
    ucmd("uniq")
        .args(&["-z", "-f", "1"])
        .stdin("a\nx\0b\nx\0")
        .run()
        .stdout_is("a\nx\0");
    ucmd("uniq")
        .args(&["-z", "--group=append"])
        .stdin("a\0")
        .run()
        .stdout_is("a\0\0");
}

#[test]
fn obsolete_forms() {
    let input = "1 a\n2 a\n3 b x\n4 b y\n";
    uniq(&["-1"], input).stdout_is("1 a\n3 b x\n4 b y\n");
    uniq(&["-2"], input).stdout_is("1 a\n3 b x\n4 b y\n");
    uniq(&["-3"], input).stdout_is("1 a\n");
    // Digits accumulate across options: -1 -1 is -11.
    uniq(&["-1", "-1"], input).stdout_is("1 a\n");
    uniq(&["-12"], input).stdout_is("1 a\n");
    // -f starts the count over, and a later -N does too.
    uniq(&["-5", "-f", "1"], input).stdout_is("1 a\n3 b x\n4 b y\n");
    uniq(&["-f", "5", "-1"], input).stdout_is("1 a\n3 b x\n4 b y\n");
    uniq(&["-f", "5", "-3"], input).stdout_is("1 a\n");
    uniq(&["+1"], "xa\nya\n").stdout_is("xa\n");
    uniq(&["+1", "-s", "0"], "xa\nya\n").stdout_is("xa\nya\n");
    uniq(&["-s", "0", "+1"], "xa\nya\n").stdout_is("xa\n");
    // Not a number, or after --: a file name.
    uniq(&["+1x"], "")
        .code_is(1)
        .stderr_is("uniq: +1x: No such file or directory\n");
    uniq(&["--", "+1"], "")
        .code_is(1)
        .stderr_is("uniq: +1: No such file or directory\n");
    ucmd("uniq")
        .arg("+1")
        .env("_POSIX2_VERSION", "200112")
        .run()
        .code_is(1)
        .stderr_is("uniq: +1: No such file or directory\n");
}

#[test]
fn input_and_output_operands() {
    let t = TempDir::new();
    let inp = t.write("in", "a\na\nb\n");
    let outp = t.join("out");
    ucmd("uniq")
        .arg(&inp)
        .arg(&outp)
        .run()
        .success()
        .no_stdout();
    assert_eq!(t.read("out"), b"a\nb\n");
    // The output file is truncated.
    t.write("out2", "old contents that are long\n");
    ucmd("uniq").arg(&inp).arg(t.join("out2")).run().success();
    assert_eq!(t.read("out2"), b"a\nb\n");
    ucmd("uniq").arg(&inp).arg("-").run().stdout_is("a\nb\n");
    ucmd("uniq")
        .args(&["-", "-"])
        .stdin("z\nz\n")
        .run()
        .stdout_is("z\n");
    // A missing input creates no output file.
    ucmd("uniq")
        .arg(t.join("nope"))
        .arg(t.join("never"))
        .run()
        .code_is(1)
        .stderr_contains("nope: No such file or directory");
    assert!(!t.join("never").exists());
    ucmd("uniq")
        .arg(&inp)
        .arg("/nonexistent/dir/out")
        .run()
        .code_is(1)
        .stderr_is("uniq: /nonexistent/dir/out: No such file or directory\n");
    // POSIXLY_CORRECT: what follows the first file is an operand.
    ucmd("uniq")
        .arg(&inp)
        .arg("-c")
        .env("POSIXLY_CORRECT", "1")
        .current_dir(t.path())
        .run()
        .success();
    assert_eq!(t.read("-c"), b"a\nb\n");
}

#[test]
fn errors() {
    uniq(&["a", "b", "c"], "")
        .code_is(1)
        .stderr_is("uniq: extra operand 'c'\nTry 'uniq --help' for more information.\n");
    uniq(&["-c", "-D"], "").code_is(1).stderr_is(
        "uniq: printing all duplicated lines and repeat counts is meaningless\n\
         Try 'uniq --help' for more information.\n",
    );
    uniq(&["-c", "--all-repeated=separate"], "")
        .code_is(1)
        .stderr_contains("meaningless");
    for o in ["-c", "-d", "-D", "-u"] {
        uniq(&["--group", o], "").code_is(1).stderr_is(
            "uniq: --group is mutually exclusive with -c/-d/-D/-u\n\
             Try 'uniq --help' for more information.\n",
        );
    }
    uniq(&["-f", "x"], "")
        .code_is(1)
        .stderr_is("uniq: x: invalid number of fields to skip\n");
    uniq(&["-f", "-1"], "")
        .code_is(1)
        .stderr_is("uniq: -1: invalid number of fields to skip\n");
    uniq(&["-s", ""], "")
        .code_is(1)
        .stderr_is("uniq: : invalid number of bytes to skip\n");
    uniq(&["-w", "1k"], "")
        .code_is(1)
        .stderr_is("uniq: 1k: invalid number of bytes to compare\n");
    uniq(&["--all-repeated=x"], "").code_is(1).stderr_is(
        "uniq: invalid argument 'x' for '--all-repeated'\nValid arguments are:\n  - 'none'\n  \
         - 'prepend'\n  - 'separate'\nTry 'uniq --help' for more information.\n",
    );
    uniq(&["--group="], "").code_is(1).stderr_is(
        "uniq: ambiguous argument '' for '--group'\nValid arguments are:\n  - 'prepend'\n  \
         - 'append'\n  - 'separate'\n  - 'both'\nTry 'uniq --help' for more information.\n",
    );
    uniq(&["-x"], "")
        .code_is(1)
        .stderr_is("uniq: invalid option -- 'x'\nTry 'uniq --help' for more information.\n");
    uniq(&["."], "")
        .code_is(1)
        .stderr_is("uniq: error reading '.'\n");
    ucmd("uniq")
        .stdin("a\n")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("uniq: write error: No space left on device\n");
}

#[test]
fn long_lines_and_binary() {
    let long = "x".repeat(300_000);
    let input = format!("{long}\n{long}\n{long}y\n");
    uniq(&["-c"], &input).stdout_is(format!("      2 {long}\n      1 {long}y\n"));
    ucmd("uniq")
        .stdin(&b"\xff\0a\n\xff\0a\n\xfe"[..])
        .run()
        .stdout_is(&b"\xff\0a\n\xfe\n"[..]);
}

#[test]
fn matches_gnu() {
    let mut input = String::new();
    for i in 0..20000u32 {
        let k = (i * 7919) % 13;
        for _ in 0..(i % 4) {
            input.push_str(&format!("{} key{} Tail{}\n", i % 3, k, i % 2));
        }
        if i % 1000 == 0 {
            input.push_str(&"L".repeat(100_000));
            input.push('\n');
        }
    }
    let input = input.as_bytes();
    for args in [
        &[][..],
        &["-c"],
        &["-d"],
        &["-D"],
        &["-u"],
        &["-i", "-c"],
        &["-f", "1"],
        &["-f", "1", "-w", "4", "-c"],
        &["-s", "3", "-i"],
        &["--group=both"],
        &["--all-repeated=separate", "-f", "2"],
        &["--all-repeated=prepend"],
        &["-z"],
    ] {
        same_as_gnu("uniq", args, Some(input), None);
    }
}

/// A long line that ends a read block is kept for the next comparison by
/// moving the read buffer, not copying it: held once, as GNU does
/// (twice took 2x the line).
#[test]
fn a_long_line_is_held_once() {
    let t = TempDir::new();
    let script = format!(
        "cd '{}' && head -c 100000000 /dev/zero | tr '\\0' a > f && echo >> f && cb uniq -c f | wc -c",
        t.path().display()
    );
    let Some(o) = with_memory_limit(150, &script) else {
        return;
    };
    o.success().no_stderr().stdout_is("100000009\n");
}
