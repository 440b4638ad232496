use crate::harness::*;

fn fold(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    ucmd("fold").args(args).stdin(input.as_ref()).run()
}

#[test]
fn widths() {
    let long = "x".repeat(100);
    fold(&[], format!("{long}\n")).success().stdout_is(format!(
        "{}\n{}\n",
        &long[..80],
        &long[80..]
    ));
    fold(&["-w", "3"], "abcdefg\nab\n").stdout_is("abc\ndef\ng\nab\n");
    fold(&["--width=3"], "abcdef").stdout_is("abc\ndef");
    fold(&["-w3"], "abc\n").stdout_is("abc\n");
    fold(&["-w", "1"], "ab\n\n").stdout_is("a\nb\n\n");
    fold(&["-w", "5"], "").no_stdout();
}

#[test]
fn obsolete_width_options() {
    fold(&["-3"], "abcdefg\n").stdout_is("abc\ndef\ng\n");
    fold(&["-12"], "abcdefghijklmnop\n").stdout_is("abcdefghijkl\nmnop\n");
    fold(&["-s3"], "ab cd\n").stdout_is("ab \ncd\n");
    // The last width given wins.
    fold(&["-2", "-w", "4"], "abcdefg\n").stdout_is("abcd\nefg\n");
    fold(&["-w", "4", "-2"], "abcdefg\n").stdout_is("ab\ncd\nef\ng\n");
}

#[test]
fn columns() {
    // A tab goes to the next multiple of 8.
    fold(&["-w", "8"], "ab\tc\n").stdout_is("ab\t\nc\n");
    fold(&["-w", "4"], "\tab\n").stdout_is("\t\nab\n");
    // Backspace steps back, carriage return restarts the line.
    fold(&["-w", "3"], "abc\x08d\n").stdout_is("abc\x08d\n");
    fold(&["-w", "3"], "abc\rdef\n").stdout_is("abc\rdef\n");
    // GNU 9.1 counts bytes as columns, multibyte characters included.
    ucmd("fold")
        .env("LC_ALL", "C.UTF-8")
        .args(&["-w", "4"])
        .stdin("ééé\n")
        .run()
        .stdout_is("éé\né\n");
    fold(&["-w", "2"], b"\xff\x00\xfe\n".as_slice()).stdout_is(b"\xff\x00\n\xfe\n".as_slice());
}

#[test]
fn bytes() {
    fold(&["-b", "-w", "3"], "ab\tc\n").stdout_is("ab\t\nc\n");
    fold(&["--bytes", "-w", "3"], "abc\rdef\n").stdout_is("abc\n\rde\nf\n");
    fold(&["-bw2"], "a\x08bc").stdout_is("a\x08\nbc");
}

#[test]
fn spaces() {
    fold(&["-s", "-w", "8"], "hello world foo\n").stdout_is("hello \nworld \nfoo\n");
    fold(&["--spaces", "-w", "4"], "abcdefghij klm\n").stdout_is("abcd\nefgh\nij \nklm\n");
    fold(&["-s", "-w", "3"], "a b c d e f\n").stdout_is("a \nb \nc \nd \ne f\n");
    fold(&["-s", "-w", "9"], "ab\tcd ef").stdout_is("ab\t\ncd ef");
    fold(&["-bs", "-w", "4"], "aaa  bbb").stdout_is("aaa \n bbb");
}

#[test]
fn width_errors() {
    let bad = |args: &[&str], msg: &str| {
        fold(args, "x\n")
            .code_is(1)
            .no_stdout()
            .stderr_is(format!("fold: {msg}\n"));
    };
    bad(
        &["-w0"],
        "invalid number of columns: '0': Numerical result out of range",
    );
    bad(
        &["-0"],
        "invalid number of columns: '0': Numerical result out of range",
    );
    bad(&["-w", "-1"], "invalid number of columns: '-1'");
    bad(&["-w", "x"], "invalid number of columns: 'x'");
    bad(&["-b5s"], "invalid number of columns: '5s'");
    bad(&["-12x"], "invalid number of columns: '12x'");
    bad(
        &["-w", "99999999999999999999"],
        "invalid number of columns: '99999999999999999999': Value too large for defined data type",
    );
    fold(&["-w"], "").code_is(1).stderr_is(
        "fold: option requires an argument -- 'w'\nTry 'fold --help' for more information.\n",
    );
}

#[test]
fn files_and_errors() {
    let t = TempDir::new();
    t.write("a", "abcd");
    t.write("b", "efgh\n");
    let run = |args: &[&str]| {
        ucmd("fold")
            .current_dir(t.path())
            .args(args)
            .stdin("stdin\n")
            .run()
    };
    // Each file starts at column 0.
    run(&["-w", "3", "a", "b"])
        .success()
        .stdout_is("abc\ndefg\nh\n");
    run(&["-w", "3", "a", "-"]).stdout_is("abc\ndstd\nin\n");
    run(&["-w", "3", "missing", "a"])
        .code_is(1)
        .stdout_is("abc\nd")
        .stderr_is("fold: missing: No such file or directory\n");
    run(&["-w", "3", ".", "a"])
        .code_is(1)
        .stdout_is("abc\nd")
        .stderr_is("fold: .: Is a directory\n");
    run(&["--", "-3"])
        .code_is(1)
        .stderr_is("fold: -3: No such file or directory\n");
    ucmd("fold")
        .stdin("abc\n")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("fold: write error: No space left on device\n");
}

#[test]
fn long_lines() {
    let input = "ab cd ".repeat(50_000);
    let out = fold(&["-s", "-w", "10"], &input).success();
    assert!(out
        .stdout_str()
        .starts_with("ab cd ab \ncd ab cd \nab cd ab \n"));
    same_as_gnu("fold", &["-s", "-w", "10"], Some(input.as_bytes()), None);
    same_as_gnu("fold", &["-w", "7"], Some(input.as_bytes()), None);
}

#[test]
fn differential() {
    let input: &[u8] = b"The quick brown\tfox jumps\x08\x08 over\r the lazy dog\n\n\xc3\xa9t\xc3\xa9 \x00 x\ta\tb\tc\td    e";
    for args in [
        &["-w", "5"][..],
        &["-s", "-w", "6"],
        &["-b", "-w", "4"],
        &["-bs", "-w", "4"],
        &["-s", "-w", "1"],
        &["-13"],
        &["-w", "18446744073709551607"],
    ] {
        same_as_gnu("fold", args, Some(input), None);
    }
}
