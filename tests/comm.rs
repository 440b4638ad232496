use crate::harness::*;

fn files(a: &str, b: &str) -> TempDir {
    let t = TempDir::new();
    t.write("a", a);
    t.write("b", b);
    t
}

fn comm(t: &TempDir, args: &[&str]) -> Output {
    ucmd("comm")
        .args(args)
        .args(&["a", "b"])
        .current_dir(t.path())
        .run()
}

const A: &str = "a\nb\nd\n";
const B: &str = "b\nc\nd\ne";

#[test]
fn three_columns() {
    let t = files(A, B);
    comm(&t, &[])
        .success()
        .no_stderr()
        .stdout_is("a\n\t\tb\n\tc\n\t\td\n\te\n");
    comm(&t, &["-1"]).stdout_is("\tb\nc\n\td\ne\n");
    comm(&t, &["-2"]).stdout_is("a\n\tb\n\td\n");
    comm(&t, &["-3"]).stdout_is("a\n\tc\n\te\n");
    comm(&t, &["-12"]).stdout_is("b\nd\n");
    comm(&t, &["-13"]).stdout_is("c\ne\n");
    comm(&t, &["-23"]).stdout_is("a\n");
    comm(&t, &["-123"]).no_stdout();
    comm(&t, &["-1", "-2", "-3"]).no_stdout();
}

#[test]
fn empty_and_unterminated_inputs() {
    let t = files("", "x\ny");
    comm(&t, &[]).stdout_is("\tx\n\ty\n");
    let t = files("", "");
    comm(&t, &[]).success().no_stdout();
    let t = files("\n\n", "\n");
    comm(&t, &[]).stdout_is("\t\t\n\n");
    let t = files("a\r\n", "a\n");
    comm(&t, &[]).stdout_is("\ta\na\r\n");
}

#[test]
fn byte_order() {
    // Upper case sorts first, bytes above 127 last, in C and C.UTF-8 alike.
    let t = files("B\na\n\u{e9}\n", "a\nb\n\u{e9}\n");
    for loc in ["C", "C.UTF-8"] {
        ucmd("comm")
            .args(&["a", "b"])
            .env("LC_ALL", loc)
            .current_dir(t.path())
            .run()
            .success()
            .stdout_is("B\n\t\ta\n\tb\n\t\t\u{e9}\n");
    }
}

#[test]
fn output_delimiter() {
    let t = files(A, B);
    comm(&t, &["--output-delimiter=::"]).stdout_is("a\n::::b\n::c\n::::d\n::e\n");
    comm(&t, &["--output-delimiter", "|", "-1"]).stdout_is("|b\nc\n|d\ne\n");
    // The empty string means a NUL.
    comm(&t, &["--output-delimiter="]).stdout_is("a\n\0\0b\n\0c\n\0\0d\n\0e\n");
    // The same one twice is fine; two different ones are not.
    comm(&t, &["--output-delimiter=x", "--output-delimiter=x", "-3"]).stdout_is("a\nxc\nxe\n");
    comm(&t, &["--output-delimiter=x", "--output-delimiter=y"])
        .code_is(1)
        .no_stdout()
        .stderr_is("comm: multiple output delimiters specified\n");
}

#[test]
fn total() {
    let t = files(A, B);
    comm(&t, &["--total"]).stdout_is("a\n\t\tb\n\tc\n\t\td\n\te\n1\t2\t2\ttotal\n");
    comm(&t, &["--total", "-123"]).stdout_is("1\t2\t2\ttotal\n");
    comm(&t, &["--total", "--output-delimiter=,", "-12"]).stdout_is("b\nd\n1,2,2,total\n");
    // An empty delimiter is a NUL between columns but nothing in the total.
    comm(&t, &["--total", "--output-delimiter=", "-12"]).stdout_is("b\nd\n122total\n");
}

#[test]
fn zero_terminated() {
    let t = files("a\0b\nx\0", "b\nx\0c");
    comm(&t, &["-z"]).stdout_is("a\0\t\tb\nx\0\tc\0");
    comm(&t, &["--zero-terminated", "--total", "-12"]).stdout_is("b\nx\x001\t1\t1\ttotal\0");
}

#[test]
fn order_checking() {
    let t = files("b\na\n", "a\nb\n");
    // Default: a warning once a line was unpairable, and status 1 at the end.
    comm(&t, &[])
        .code_is(1)
        .stdout_is("\ta\n\t\tb\na\n")
        .stderr_is("comm: file 1 is not in sorted order\ncomm: input is not in sorted order\n");
    comm(&t, &["--nocheck-order"])
        .success()
        .no_stderr()
        .stdout_is("\ta\n\t\tb\na\n");
    // --check-order: fatal at the first disorder.
    comm(&t, &["--check-order"])
        .code_is(1)
        .stdout_is("\ta\n\t\tb\n")
        .stderr_is("comm: file 1 is not in sorted order\n");
    // All lines pairable: unsorted input is fine by default...
    let t = files("b\na\n", "b\na\n");
    comm(&t, &[])
        .success()
        .no_stderr()
        .stdout_is("\t\tb\n\t\ta\n");
    // ...but not with --check-order.
    comm(&t, &["--check-order"])
        .code_is(1)
        .stdout_is("\t\tb\n")
        .stderr_is("comm: file 1 is not in sorted order\n");
    // File 2, and a disorder seen only at the end of a file.
    let t = files("a\nz\n", "x\nb\n");
    comm(&t, &[])
        .code_is(1)
        .stderr_is("comm: file 2 is not in sorted order\ncomm: input is not in sorted order\n");
    let t = files("x\nb\na\n", "");
    comm(&t, &[])
        .code_is(1)
        .stdout_is("x\nb\na\n")
        .stderr_is("comm: file 1 is not in sorted order\ncomm: input is not in sorted order\n");
    // Duplicates are in order.
    let t = files("a\na\n", "a\n");
    comm(&t, &["--check-order"])
        .success()
        .stdout_is("\t\ta\na\n");
}

#[test]
fn standard_input() {
    let t = files(A, B);
    ucmd("comm")
        .args(&["-", "b"])
        .stdin(A)
        .current_dir(t.path())
        .run()
        .success()
        .stdout_is("a\n\t\tb\n\tc\n\t\td\n\te\n");
    ucmd("comm")
        .args(&["a", "-"])
        .stdin(B)
        .current_dir(t.path())
        .run()
        .stdout_is("a\n\t\tb\n\tc\n\t\td\n\te\n");
    // Both `-`: the two read the one input in turn, and GNU fails closing it twice.
    ucmd("comm")
        .args(&["-", "-"])
        .stdin("a\nb\nc\nd\n")
        .run()
        .code_is(1)
        .stdout_is("a\n\tb\nc\n\td\n")
        .stderr_is("comm: -: Bad file descriptor\n");
}

#[test]
fn errors() {
    let t = files(A, B);
    ucmd("comm")
        .run()
        .code_is(1)
        .stderr_is("comm: missing operand\nTry 'comm --help' for more information.\n");
    ucmd("comm")
        .arg("a")
        .run()
        .code_is(1)
        .stderr_is("comm: missing operand after 'a'\nTry 'comm --help' for more information.\n");
    ucmd("comm")
        .args(&["a", "b", "c"])
        .run()
        .code_is(1)
        .stderr_is("comm: extra operand 'c'\nTry 'comm --help' for more information.\n");
    ucmd("comm")
        .args(&["a", "nope"])
        .current_dir(t.path())
        .run()
        .code_is(1)
        .no_stdout()
        .stderr_is("comm: nope: No such file or directory\n");
    ucmd("comm")
        .args(&["nope", "b"])
        .current_dir(t.path())
        .run()
        .code_is(1)
        .stderr_is("comm: nope: No such file or directory\n");
    ucmd("comm")
        .args(&["a", "."])
        .current_dir(t.path())
        .run()
        .code_is(1)
        .no_stdout()
        .stderr_is("comm: .: Is a directory\n");
    ucmd("comm")
        .args(&["-4", "a", "b"])
        .run()
        .code_is(1)
        .stderr_is("comm: invalid option -- '4'\nTry 'comm --help' for more information.\n");
    ucmd("comm")
        .args(&["a", "b"])
        .current_dir(t.path())
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("comm: write error: No space left on device\n");
}

#[test]
fn matches_gnu() {
    let t = TempDir::new();
    let mut a = String::new();
    let mut b = String::new();
    for i in 0..30000u32 {
        if i % 3 != 0 {
            a.push_str(&format!("{i:06} left\n"));
        }
        if i % 5 != 0 {
            b.push_str(&format!("{i:06} left\n"));
        }
        if i % 7 == 0 {
            b.push_str(&format!("{i:06} right\n"));
        }
    }
    a.push_str("000005 out of order\n");
    t.write("a", &a);
    t.write("b", &b);
    for args in [
        &["a", "b"][..],
        &["-3", "a", "b"],
        &["--total", "-12", "b", "a"],
        &["--nocheck-order", "a", "b"],
        &["--check-order", "a", "b"],
        &["--output-delimiter=--", "a", "b"],
        &["-z", "a", "b"],
    ] {
        same_as_gnu("comm", args, None, Some(t.path()));
    }
}

/// Two files of one 100 MB line each: the line is held once per file, as
/// GNU holds it (not also in the input buffer, nor in the output).
#[test]
fn a_long_line_is_held_once() {
    let t = TempDir::new();
    let script = format!(
        "cd '{}' && head -c 100000000 /dev/zero | tr '\\0' a > f && echo >> f && cp f g && echo b >> g && cb comm f g | wc -c",
        t.path().display()
    );
    let Some(o) = with_memory_limit(330, &script) else {
        return;
    };
    o.success().no_stderr().stdout_is("100000006\n");
}
