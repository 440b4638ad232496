//! expr: big integers, strings, regex matches, precedence, statuses.
use crate::harness::*;

fn x(args: &[&str]) -> Output {
    ucmd("expr").args(args).env("LC_ALL", "C").run()
}

#[test]
fn arithmetic_on_integers_of_any_size() {
    x(&["1", "+", "1"]).code_is(0).stdout_is("2\n");
    x(&["99999999999999999999999", "*", "99999999999999999999"])
        .stdout_is("9999999999999999999899900000000000000000001\n");
    x(&["-7", "/", "2"]).stdout_is("-3\n");
    x(&["-7", "%", "2"]).stdout_is("-1\n");
    x(&["7", "%", "-2"]).stdout_is("1\n");
    x(&["2", "-", "2"]).code_is(1).stdout_is("0\n");
    x(&["1", "/", "0"])
        .code_is(2)
        .stderr_is("expr: division by zero\n");
    x(&["a", "+", "1"])
        .code_is(2)
        .stderr_is("expr: non-integer argument\n");
    x(&["(", "1", "+", "2", ")", "*", "3"]).stdout_is("9\n");
    x(&["1", "+", "2", "*", "3"]).stdout_is("7\n");
}

#[test]
fn strings_and_regex() {
    x(&["abc", ":", "a\\(.\\)c"]).stdout_is("b\n");
    x(&["abc", ":", "a.c"]).stdout_is("3\n");
    x(&["abc", ":", "x"]).code_is(1).stdout_is("0\n");
    x(&["abc", ":", "\\(x\\)"]).code_is(1).stdout_is("\n");
    x(&["ab", ":", "\\(a*\\)*b"]).stdout_is("a\n");
    x(&["foo.c", ":", "\\(.*\\)\\.c"]).stdout_is("foo\n");
    x(&["ab\n", ":", "ab$"]).code_is(1).stdout_is("0\n");
    x(&["match", "aaa", "a*"]).stdout_is("3\n");
    x(&["length", "abcdef"]).stdout_is("6\n");
    x(&["index", "abcdef", "fd"]).stdout_is("4\n");
    x(&["substr", "abcdef", "2", "3"]).stdout_is("bcd\n");
    x(&["substr", "abcdef", "0", "3"])
        .code_is(1)
        .stdout_is("\n");
    x(&["+", "length"]).stdout_is("length\n");
    x(&["_", ":", "a\\{1"])
        .code_is(2)
        .stderr_is("expr: Unmatched \\{\n");
    x(&["_", ":", "a\\{1a\\}"])
        .code_is(2)
        .stderr_is("expr: Invalid content of \\{\\}\n");
    ucmd("expr")
        .args(&["length", "aéb"])
        .env("LC_ALL", "C.UTF-8")
        .run()
        .stdout_is("3\n");
    ucmd("expr")
        .args(&["substr", "aéb", "2", "1"])
        .env("LC_ALL", "C.UTF-8")
        .run()
        .stdout_is("é\n");
    x(&["length", "aéb"]).stdout_is("4\n");
}

#[test]
fn logic_and_comparisons() {
    x(&["0", "|", ""]).code_is(1).stdout_is("0\n");
    x(&["a", "|", "b"]).stdout_is("a\n");
    x(&["a", "&", "0"]).code_is(1).stdout_is("0\n");
    // The side not needed is parsed, not evaluated.
    x(&["1", "|", "1", "/", "0"]).stdout_is("1\n");
    x(&["0", "&", "1", "/", "0"]).code_is(1).stdout_is("0\n");
    x(&["10", "<", "9"]).code_is(1).stdout_is("0\n");
    x(&["10", "<", "9a"]).stdout_is("1\n");
    x(&["01", "=", "1"]).stdout_is("1\n");
    x(&["-00"]).code_is(1).stdout_is("-00\n");
}

#[test]
fn syntax_errors() {
    x(&[])
        .code_is(2)
        .stderr_is("expr: missing operand\nTry 'expr --help' for more information.\n");
    x(&["1", "+"])
        .code_is(2)
        .stderr_is("expr: syntax error: missing argument after '+'\n");
    x(&["1", "2"])
        .code_is(2)
        .stderr_is("expr: syntax error: unexpected argument '2'\n");
    x(&["(", "1"])
        .code_is(2)
        .stderr_is("expr: syntax error: expecting ')' after '1'\n");
    x(&["(", "1", "2"])
        .code_is(2)
        .stderr_is("expr: syntax error: expecting ')' instead of '2'\n");
    x(&[")"])
        .code_is(2)
        .stderr_is("expr: syntax error: unexpected ')'\n");
    x(&["--", "-1", "+", "2"]).stdout_is("1\n");
    x(&["--foo"]).stdout_is("--foo\n");
    assert!(x(&["--he"])
        .stdout_str()
        .starts_with("Usage: expr EXPRESSION\n"));
    ucmd("expr").arg("1").stdout_to(Out::Full).run().code_is(3);
}

/// Generated expressions, as GNU evaluates them.
#[test]
fn same_as_gnu_on_generated_expressions() {
    if !have_gnu("expr") {
        return;
    }
    let words = [
        "1",
        "-2",
        "0",
        "",
        "a",
        "10",
        "99999999999999999999",
        "+",
        "-",
        "*",
        "/",
        "%",
        "<",
        "=",
        "!=",
        ">=",
        "|",
        "&",
        ":",
        "(",
        ")",
        "length",
        "index",
        "substr",
        "match",
        "a\\(.\\)",
        ".*",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for n in 1..=6 {
        for _ in 0..120 {
            let case: Vec<&str> = (0..n)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    words[(seed % words.len() as u64) as usize]
                })
                .collect();
            let theirs = gnu("expr").args(&case).env("LC_ALL", "C").run();
            x(&case).same_as(&theirs);
        }
    }
}

/// In a UTF-8 locale `.` and brackets match whole characters, as glibc's
/// regex does for GNU expr (bytes in the C locale).
#[test]
fn regex_matches_characters_in_utf8() {
    let u = |args: &[&str]| ucmd("expr").args(args).env("LC_ALL", "C.UTF-8").run();
    u(&["\u{e9}a", ":", "\\(.\\)"]).stdout_is("\u{e9}\n");
    u(&["\u{e9}a", ":", ".a"]).stdout_is("2\n");
    u(&["\u{e9}a", ":", "[\u{e9}]a"]).stdout_is("2\n");
    u(&["\u{e9}a", ":", "\\(..\\)"]).stdout_is("\u{e9}a\n");
    x(&["\u{e9}a", ":", ".a"]).code_is(1).stdout_is("0\n");
    x(&["\u{e9}a", ":", "\\(..\\)"]).stdout_is(&b"\xc3\xa9\n"[..]);
    if have_gnu("expr") {
        for l in ["C", "C.UTF-8"] {
            for p in [
                ".*",
                "\\(.\\)",
                ".a",
                "[\u{e9}]a",
                "\\(..\\)",
                "\\(.\\)\\1",
                "[^a]*",
            ] {
                for s in ["\u{e9}a", "\u{e9}\u{e9}", "a\u{20ac}b", "\u{1f600}x"] {
                    let run = |c: Cmd| c.env("LC_ALL", l).args(&[s, ":", p]).run();
                    run(ucmd("expr")).same_as(&run(gnu("expr")));
                }
            }
        }
    }
}
