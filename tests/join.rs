use crate::harness::*;

fn files(a: &str, b: &str) -> TempDir {
    let t = TempDir::new();
    t.write("a", a);
    t.write("b", b);
    t
}

fn join(t: &TempDir, args: &[&str]) -> Output {
    ucmd("join")
        .args(args)
        .args(&["a", "b"])
        .current_dir(t.path())
        .run()
}

/// Runs join with exactly `args` (operands included) in `t`.
fn join_raw(t: &TempDir, args: &[&str]) -> Output {
    ucmd("join").args(args).current_dir(t.path()).run()
}

const A: &str = "1 a\n2 b\n2 bb\n4 d\n5 e\n";
const B: &str = "1 x\n2 y\n2 yy\n3 z\n5 w w2\n";

#[test]
fn pairs_and_groups() {
    let t = files(A, B);
    join(&t, &[])
        .success()
        .no_stderr()
        .stdout_is("1 a x\n2 b y\n2 b yy\n2 bb y\n2 bb yy\n5 e w w2\n");
    let t = files("", B);
    join(&t, &[]).success().no_stdout();
    // A last line without newline, and empty lines (no fields).
    let t = files("k 1\n\nz", "\nk 2\nz 3");
    join(&t, &["--nocheck-order"]).stdout_is("k 1 2\nz 3\n");
    // Blanks: leading ones are ignored, runs separate, trailing ones end
    // with an empty field.
    let t = files("  a \t 1 \n", "a x\n");
    join(&t, &[]).stdout_is("a 1  x\n");
}

#[test]
fn unpaired_lines() {
    let t = files(A, B);
    join(&t, &["-a", "1"]).stdout_is("1 a x\n2 b y\n2 b yy\n2 bb y\n2 bb yy\n4 d\n5 e w w2\n");
    join(&t, &["-a2"]).stdout_is("1 a x\n2 b y\n2 b yy\n2 bb y\n2 bb yy\n3 z\n5 e w w2\n");
    join(&t, &["-a1", "-a", "2"])
        .stdout_is("1 a x\n2 b y\n2 b yy\n2 bb y\n2 bb yy\n3 z\n4 d\n5 e w w2\n");
    join(&t, &["-v", "1"]).stdout_is("4 d\n");
    join(&t, &["-v2"]).stdout_is("3 z\n");
    join(&t, &["-v1", "-v2"]).stdout_is("3 z\n4 d\n");
    join(&t, &["-a", " +1", "-v1"]).stdout_is("4 d\n");
    // Unpaired lines at the end of either file.
    let t = files("1 a\n7 g\n8 h\n", "1 b\n9 i\n");
    join(&t, &["-a1", "-a2"]).stdout_is("1 a b\n7 g\n8 h\n9 i\n");
}

#[test]
fn join_fields() {
    let t = files("a 1\nb 2\n", "x 1\ny 3\n");
    join(&t, &["-1", "2", "-2", "2"]).stdout_is("1 a x\n");
    join(&t, &["-j", "2"]).stdout_is("1 a x\n");
    join(&t, &["-j2", "-a1"]).stdout_is("1 a x\n2 b\n");
    let t = files("a 1\nb 2\n", "1 x\n2 y\n");
    join(&t, &["-1", "2"]).stdout_is("1 a x\n2 b y\n");
    join(&t, &["-1", "+2", "-2", "1"]).stdout_is("1 a x\n2 b y\n");
    // A field past the end of every line: all keys are empty and equal.
    let t = files("a\nb\n", "c\n");
    join(&t, &["-j", "99999999999999999999999"]).stdout_is(" a c\n b c\n");
}

#[test]
fn output_format() {
    let t = files(A, B);
    join(&t, &["-o", "1.2,2.2"]).stdout_is("a x\nb y\nb yy\nbb y\nbb yy\ne w\n");
    join(&t, &["-o", "0 2.3 1.1", "-a2"]).stdout_is("1  1\n2  2\n2  2\n2  2\n2  2\n3  \n5 w2 5\n");
    join(&t, &["-o", "1.2", "-o", "2.2"]).stdout_is("a x\nb y\nb yy\nbb y\nbb yy\ne w\n");
    join(&t, &["-o", "1.2\t2.2", "-v1"]).stdout_is("d \n");
    join(&t, &["-e", "NA", "-o", "0,1.2,2.2", "-a1", "-a2"])
        .stdout_is("1 a x\n2 b y\n2 b yy\n2 bb y\n2 bb yy\n3 NA z\n4 d NA\n5 e w\n");
    // 0 is the join field of whichever line there is.
    join(&t, &["-o", "0", "-v2"]).stdout_is("3\n");
    // -o auto: as many fields as each file's first line.
    join(&t, &["-o", "auto", "-a1", "-a2"])
        .stdout_is("1 a x\n2 b y\n2 b yy\n2 bb y\n2 bb yy\n3  z\n4 d \n5 e w\n");
    join(&t, &["-o", "auto", "-e", "-", "-a1", "-a2"])
        .stdout_is("1 a x\n2 b y\n2 b yy\n2 bb y\n2 bb yy\n3 - z\n4 d -\n5 e w\n");
    // -e also fills fields that are there but empty.
    let t = files("a,,1\n", "a,\n");
    join(&t, &["-t", ",", "-e", "E", "-o", "1.2,1.3,2.2,2.9"]).stdout_is("E,1,E,E\n");
    join(&t, &["-t", ","]).stdout_is("a,,1,\n");
}

#[test]
fn separators() {
    let t = files("a,1,x\nb,,y\nc,3\n", "a,p\nb,q,r\nd,s\n");
    join(&t, &["-t", ","]).stdout_is("a,1,x,p\nb,,y,q,r\n");
    join(&t, &["-t", ",", "-a1", "-a2", "-e", "NA", "-o", "auto"])
        .stdout_is("a,1,x,p\nb,NA,y,q\nc,3,NA,NA\nd,NA,NA,s\n");
    // Blanks are field content with -t.
    let t = files(" a:1\na:2\n", "a:x\n");
    join(&t, &["-t:"]).stdout_is("a:2:x\n");
    // -t '': the whole line is the field, and the output separator a newline.
    let t = files("a b\nc d\n", "a b\nc\n");
    join(&t, &["-t", ""]).stdout_is("a b\n");
    join(&t, &["-t", "", "-o", "1.1,2.1"]).stdout_is("a b\na b\n");
    // -t '\0' is a NUL.
    let t = files("a\x001\n", "a\x002\n");
    join(&t, &["-t", "\\0"]).stdout_is("a\x001\x002\n");
    // The same tab twice is fine.
    join(&t, &["-t", "\\0", "-t", "\\0"]).success();
}

#[test]
fn ignore_case() {
    let t = files("A 1\nb 2\nC 3\n", "a x\nB y\nc z\n");
    join(&t, &["-i"]).stdout_is("A 1 x\nb 2 y\nC 3 z\n");
    join(&t, &["--ignore-case", "-o", "0,2.1"]).stdout_is("A a\nb B\nC c\n");
    join(&t, &["--nocheck-order"]).no_stdout();
}

#[test]
fn header() {
    let t = files("h1 h2\n1 a\n2 b\n", "h1 k\n2 x\n");
    join(&t, &["--header"]).stdout_is("h1 h2 k\n2 b x\n");
    join(&t, &["--header", "-v1"]).stdout_is("h1 h2 k\n1 a\n");
    join(&t, &["--header", "-o", "auto", "-a1"]).stdout_is("h1 h2 k\n1 a \n2 b x\n");
    // A header is not checked against the next line.
    let t = files("z\na\n", "z\na\n");
    join(&t, &["--header", "--check-order"])
        .success()
        .stdout_is("z\na\n");
    let t = files("h x\n", "");
    join(&t, &["--header"]).stdout_is("h x\n");
}

#[test]
fn zero_terminated() {
    let t = files("1 a\x002 b\n\x00", "1 x\x002\ty");
    join(&t, &["-z"]).stdout_is("1 a x\x002 b  y\x00");
    // Newlines separate fields inside records.
    let t = files("1\na\x00", "1\nb\x00");
    join(&t, &["-z"]).stdout_is("1 a b\x00");
}

#[test]
fn order_checking() {
    let t = files("1 a\n2 b\n5 e\n3 c\n", "1 x\n5 y\n");
    join(&t, &[])
        .code_is(1)
        .stdout_is("1 a x\n5 e y\n")
        .stderr_is("join: a:4: is not sorted: 3 c\njoin: input is not in sorted order\n");
    join(&t, &["--nocheck-order"])
        .success()
        .no_stderr()
        .stdout_is("1 a x\n5 e y\n");
    join(&t, &["--check-order"])
        .code_is(1)
        .stdout_is("1 a x\n")
        .stderr_is("join: a:4: is not sorted: 3 c\n");
    // Disorder before any line was unpairable goes unnoticed by default.
    let t = files("1 a\n3 c\n2 b\n4 d\n", "1 x\n4 y\n");
    join(&t, &[])
        .success()
        .no_stderr()
        .stdout_is("1 a x\n4 d y\n");
    // All pairable: fine by default, an error with --check-order.
    let t = files("b 1\na 2\n", "b x\na y\n");
    join(&t, &[])
        .success()
        .no_stderr()
        .stdout_is("b 1 x\na 2 y\n");
    join(&t, &["--check-order"])
        .code_is(1)
        .no_stdout()
        .stderr_is("join: a:2: is not sorted: a 2\n");
    // File 2, named as given, and the text shown up to a NUL.
    let t = files("1\n5\n", "1\n6\n3 c\x00d\n");
    join(&t, &[])
        .code_is(1)
        .stderr_is("join: b:3: is not sorted: 3 c\njoin: input is not in sorted order\n");
    ucmd("join")
        .args(&["a", "-"])
        .stdin("1\n6\n3\n")
        .current_dir(t.path())
        .run()
        .code_is(1)
        .stderr_is("join: -:3: is not sorted: 3\njoin: input is not in sorted order\n");
    // Case folded keys are in order with -i.
    let t = files("a\nB\n", "c\n");
    join(&t, &["-i", "--check-order"]).success().no_stdout();
    join(&t, &["--check-order"])
        .code_is(1)
        .stderr_is("join: a:2: is not sorted: B\n");
}

#[test]
fn obsolete_operands() {
    let t = files("x 1\ny 2\n", "1 p\n2 q\n");
    t.write("2", "");
    // -j1 N: the field of file 1 when three operands are left.
    join_raw(&t, &["-j1", "2", "a", "b"]).stdout_is("1 x p\n2 y q\n");
    // -j1 with two operands is -j 1.
    let u = files("1 a\n", "1 b\n");
    join_raw(&u, &["-j1", "a", "b"]).stdout_is("1 a b\n");
    join_raw(&u, &["-j2", "a", "b"]).no_stdout();
    // -o LIST LIST...: operands beyond two continue the list.
    join_raw(&t, &["-2", "1", "-1", "2", "-o", "1.1", "2.2", "a", "b"]).stdout_is("x p\ny q\n");
    join_raw(&t, &["-1", "2", "-o", "1.1", "--", "2.2", "a", "b"])
        .code_is(1)
        .stderr_is("join: extra operand 'b'\nTry 'join --help' for more information.\n");
}

#[test]
fn standard_input() {
    let t = files(A, B);
    ucmd("join")
        .args(&["-", "b"])
        .stdin(A)
        .current_dir(t.path())
        .run()
        .success()
        .stdout_is("1 a x\n2 b y\n2 b yy\n2 bb y\n2 bb yy\n5 e w w2\n");
    ucmd("join")
        .args(&["-", "-"])
        .run()
        .code_is(1)
        .no_stdout()
        .stderr_is("join: both files cannot be standard input\n");
}

#[test]
fn errors() {
    let t = files(A, B);
    let fails = |args: &[&str], msg: &str| {
        join(&t, args).code_is(1).no_stdout().stderr_is(msg);
    };
    fails(&["-a", "3"], "join: invalid field number: '3'\n");
    fails(&["-v", "x"], "join: invalid field number: 'x'\n");
    fails(&["-a", "-1"], "join: invalid field number: '-1'\n");
    fails(&["-1", "0"], "join: invalid field number: '0'\n");
    fails(&["-2", "x"], "join: invalid field number: 'x'\n");
    fails(&["-j", "1x"], "join: invalid field number: '1x'\n");
    fails(
        &["-1", "-99999999999999999999999"],
        "join: invalid field number: '-99999999999999999999999'\n",
    );
    fails(
        &["-1", "1", "-j", "2"],
        "join: incompatible join fields 1, 2\n",
    );
    fails(
        &["-2", "2", "-2", "3"],
        "join: incompatible join fields 2, 3\n",
    );
    fails(
        &["-e", "x", "-e", "y"],
        "join: conflicting empty-field replacement strings\n",
    );
    fails(&["-o", "0.1"], "join: invalid field specifier: '0.1'\n");
    fails(&["-o", "1"], "join: invalid field specifier: '1'\n");
    fails(
        &["-o", "3.1"],
        "join: invalid file number in field spec: '3.1'\n",
    );
    fails(&["-o", "1.0"], "join: invalid field number: '0'\n");
    fails(
        &["-o", "1.1,"],
        "join: invalid file number in field spec: ''\n",
    );
    fails(&["-t", "ab"], "join: multi-character tab 'ab'\n");
    fails(&["-t", "a", "-t", "b"], "join: incompatible tabs\n");
    join(&t, &["-e", "x", "-e", "x"]).success();

    join_raw(&t, &[])
        .code_is(1)
        .stderr_is("join: missing operand\nTry 'join --help' for more information.\n");
    join_raw(&t, &["a"])
        .code_is(1)
        .stderr_is("join: missing operand after 'a'\nTry 'join --help' for more information.\n");
    join_raw(&t, &["a", "-i"])
        .code_is(1)
        .stderr_is("join: missing operand after '-i'\nTry 'join --help' for more information.\n");
    join_raw(&t, &["a", "b", "c d"])
        .code_is(1)
        .stderr_is("join: extra operand 'c d'\nTry 'join --help' for more information.\n");
    join_raw(&t, &["-x", "a", "b"])
        .code_is(1)
        .stderr_is("join: invalid option -- 'x'\nTry 'join --help' for more information.\n");
    join_raw(&t, &["nope", "b"])
        .code_is(1)
        .stderr_is("join: nope: No such file or directory\n");
    join_raw(&t, &["a", "nope"])
        .code_is(1)
        .stderr_is("join: nope: No such file or directory\n");
    join_raw(&t, &["a", "."])
        .code_is(1)
        .no_stdout()
        .stderr_is("join: read error: Is a directory\n");
    ucmd("join")
        .args(&["a", "b"])
        .current_dir(t.path())
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("join: write error: No space left on device\n");
}

#[test]
fn matches_gnu() {
    let t = TempDir::new();
    let mut a = String::new();
    let mut b = String::new();
    for i in 0..20000u32 {
        for _ in 0..(i % 3) {
            a.push_str(&format!("{i:06} L{} l{}\n", i % 7, i % 2));
        }
        if i % 5 != 0 {
            b.push_str(&format!("{i:06} R{}\n", i % 11));
        }
        if i % 4 == 0 {
            b.push_str(&format!("{i:06} R dup\n"));
        }
    }
    a.push_str("000001 late\n");
    t.write("a", &a);
    t.write("b", &b);
    for args in [
        &["a", "b"][..],
        &["-a1", "-a2", "a", "b"],
        &["-v1", "a", "b"],
        &["-o", "auto", "-e", "X", "-a2", "a", "b"],
        &["-o", "2.2,1.3,0", "a", "b"],
        &["--check-order", "a", "b"],
        &["--nocheck-order", "-a1", "a", "b"],
        &["-i", "-j", "1", "b", "a"],
        &["--header", "a", "b"],
    ] {
        same_as_gnu("join", args, None, Some(t.path()));
    }
}

/// Two files of one 100 MB line each: the line is held once per file, as
/// GNU holds it (not also in the input buffer, nor in the output).
#[test]
fn a_long_line_is_held_once() {
    let t = TempDir::new();
    let script = format!(
        "cd '{}' && head -c 100000000 /dev/zero | tr '\\0' a > f && echo >> f && cp f g && echo b >> g && cb join -a2 f g | wc -c",
        t.path().display()
    );
    let Some(o) = with_memory_limit(330, &script) else {
        return;
    };
    o.success().no_stderr().stdout_is("100000003\n");
}
