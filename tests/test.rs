//! test and [: GNU's grammar, operators, messages and exit statuses.
use crate::harness::*;

fn t(args: &[&str]) -> Output {
    ucmd("test").args(args).run()
}

#[test]
fn strings_and_counts_of_arguments() {
    t(&[]).code_is(1).no_stdout().no_stderr();
    t(&[""]).code_is(1);
    t(&["x"]).code_is(0);
    t(&["-n", ""]).code_is(1);
    t(&["-z", ""]).code_is(0);
    t(&["!", "x"]).code_is(1);
    t(&["a", "=", "a"]).code_is(0);
    t(&["a", "==", "b"]).code_is(1);
    t(&["a", "!=", "b"]).code_is(0);
    // POSIX's rules: an operator as an operand.
    t(&["!", "=", "!"]).code_is(0);
    t(&["=", "=", "="]).code_is(0);
    t(&["-n", "-n"]).code_is(0);
    t(&["(", "-a", ")"]).code_is(0);
    t(&["!", "-a"]).code_is(1);
    t(&["(", "x", "=", "y", ")"]).code_is(1);
    t(&["x", "-a", "", "-o", "y"]).code_is(0);
    t(&["x", "-a", "(", "", "-o", "y", ")"]).code_is(0);
    t(&["!", "!", "!"]).code_is(0);
    // test has no options: --help is a nonempty string.
    t(&["--help"]).code_is(0).no_stdout();
    t(&["--version"]).code_is(0).no_stdout();
}

#[test]
fn integers() {
    t(&["1", "-eq", "+1"]).code_is(0);
    t(&["-0", "-eq", "0"]).code_is(0);
    t(&[" 7 ", "-gt", "-8"]).code_is(0);
    t(&["99999999999999999999999", "-gt", "99999999999999999999998"]).code_is(0);
    t(&[
        "-99999999999999999999999",
        "-lt",
        "-99999999999999999999998",
    ])
    .code_is(0);
    t(&["007", "-le", "7"]).code_is(0);
    t(&["3", "-ne", "3"]).code_is(1);
    t(&["3", "-ge", "4"]).code_is(1);
    t(&["-l", "abc", "-eq", "3"]).code_is(0);
    t(&["3", "-eq", "-l", "abc"]).code_is(0);
    t(&["1", "-eq", "1a"])
        .code_is(2)
        .stderr_is("test: invalid integer '1a'\n");
    t(&["", "-lt", "1"])
        .code_is(2)
        .stderr_is("test: invalid integer ''\n");
    t(&["-l", "a", "-nt", "b"])
        .code_is(2)
        .stderr_is("test: -nt does not accept -l\n");
}

#[test]
fn syntax_errors() {
    for (args, msg) in [
        (&["a", "b"][..], "missing argument after 'b'"),
        (&["-q", "x"], "'-q': unary operator expected"),
        (&["a", "b", "c"], "'b': binary operator expected"),
        (&["(", "a", "b", "c", "d", "e"], "')' expected, found 'b'"),
        (&["(", "a"], "missing argument after 'a'"),
        (&["a", "-a"], "missing argument after '-a'"),
        (&["a", "-o", "b", "c"], "extra argument 'c'"),
        (&["(", "a", "-a", "b", "-o", "c"], "')' expected"),
        (&["-z"], ""),
    ] {
        let o = t(args);
        if msg.is_empty() {
            o.code_is(0);
        } else {
            o.code_is(2).no_stdout().stderr_is(format!("test: {msg}\n"));
        }
    }
}

#[test]
fn files() {
    let d = TempDir::new();
    let f = d.write("f", "data");
    let e = d.write("e", "");
    std::os::unix::fs::symlink(&f, d.join("l")).unwrap();
    std::os::unix::fs::symlink(d.join("none"), d.join("dangling")).unwrap();
    let p = |n: &str| d.join(n).display().to_string();
    let run = |op: &str, n: &str| ucmd("test").arg(op).arg(p(n)).run();
    for (op, yes, no) in [
        ("-e", "f", "none"),
        ("-f", "l", "."),
        ("-d", ".", "f"),
        ("-s", "f", "e"),
        ("-h", "l", "f"),
        ("-L", "dangling", "none"),
        ("-r", "f", "none"),
        ("-w", "f", "none"),
    ] {
        run(op, yes).code_is(0);
        run(op, no).code_is(1);
    }
    let x = d.write("x", "");
    let mode = |path: &std::path::Path, m: u32| {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(m)).unwrap();
    };
    mode(&x, 0o7755);
    for op in ["-x", "-u", "-g", "-k", "-O", "-G"] {
        run(op, "x").code_is(0);
    }
    mode(&x, 0o644);
    for op in ["-x", "-u", "-g", "-k", "-p", "-S", "-b", "-c"] {
        run(op, "x").code_is(1);
    }
    ucmd("test").args(&["-c", "/dev/null"]).run().code_is(0);
    ucmd("test").args(&["-b", "/dev/null"]).run().code_is(1);
    // Times: -nt, -ot, -N; a missing file is older than any.
    let old = std::fs::File::options().write(true).open(&e).unwrap();
    old.set_modified(std::time::SystemTime::UNIX_EPOCH).unwrap();
    let two = |a: &str, op: &str, b: &str| ucmd("test").args(&[&p(a), op, &p(b)]).run();
    two("f", "-nt", "e").code_is(0);
    two("e", "-nt", "f").code_is(1);
    two("e", "-ot", "f").code_is(0);
    two("f", "-nt", "none").code_is(0);
    two("none", "-ot", "f").code_is(0);
    two("none", "-nt", "f").code_is(1);
    two("f", "-ef", "l").code_is(0);
    two("f", "-ef", "e").code_is(1);
    let times = std::fs::FileTimes::new()
        .set_accessed(std::time::SystemTime::UNIX_EPOCH)
        .set_modified(std::time::SystemTime::now());
    std::fs::File::options()
        .write(true)
        .open(&f)
        .unwrap()
        .set_times(times)
        .unwrap();
    run("-N", "f").code_is(0);
    run("-N", "e").code_is(1);
}

#[test]
fn terminals() {
    t(&["-t", "99"]).code_is(1);
    t(&["-t", "99999999999999999999"]).code_is(1);
    t(&["-t", "-1"]).code_is(1);
    t(&["-t", "abc"])
        .code_is(2)
        .stderr_is("test: invalid integer 'abc'\n");
    // One argument: the string "-t".
    t(&["-t"]).code_is(0);
}

#[test]
fn bracket() {
    let b = |args: &[&str]| ucmd("[").args(args).run();
    b(&["x", "]"]).code_is(0);
    b(&["]"]).code_is(1);
    b(&["x"]).code_is(2).stderr_is("[: missing ']'\n");
    b(&[]).code_is(2).stderr_is("[: missing ']'\n");
    b(&["--help", "]"]).code_is(0).no_stdout();
    b(&["--version"])
        .code_is(0)
        .stdout_is("[ (corebox) 0.1.0\n");
    let help = b(&["--help"]).success().stdout_str();
    assert!(help.starts_with("Usage: test EXPRESSION\n  or:  test\n  or:  [ EXPRESSION ]\n"));
    ucmd("[")
        .arg("--help")
        .stdout_to(Out::Full)
        .run()
        .code_is(2);
}

/// Generated expressions of one to five arguments, as GNU evaluates them.
#[test]
fn same_as_gnu_on_generated_expressions() {
    if !have_gnu("test") {
        return;
    }
    let words = ["!", "(", ")", "-a", "-o", "=", "-n", "x", ""];
    let mut cases: Vec<Vec<&str>> = vec![];
    for a in words {
        cases.push(vec![a]);
        for b in words {
            cases.push(vec![a, b]);
            for c in ["!", "(", ")", "-a", "=", "x"] {
                cases.push(vec![a, b, c]);
            }
        }
    }
    let more = [
        "!", "(", ")", "-a", "-o", "=", "!=", "-z", "x", "", "-l", "-eq", "1", "-f",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for n in 4..=6 {
        for _ in 0..60 {
            let case = (0..n)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    more[(seed % more.len() as u64) as usize]
                })
                .collect();
            cases.push(case);
        }
    }
    for case in cases {
        let theirs = gnu("test").args(&case).run();
        t(&case).same_as(&theirs);
    }
}
