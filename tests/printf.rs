//! printf: conversions, escapes, argument reuse, warnings and errors.
use crate::harness::*;

fn p(args: &[&str]) -> Output {
    ucmd("printf").args(args).env("LC_ALL", "C").run()
}

#[test]
fn integers() {
    p(&["%d|%i|%o|%u|%x|%X\n", "42", "010", "8", "-1", "255", "0xff"])
        .code_is(0)
        .stdout_is("42|8|10|18446744073709551615|ff|FF\n")
        .no_stderr();
    p(&[
        "[%5d|%-5d|%05d|%+d|% d|%.3d|%#o|%#x|%.0d]",
        "7",
        "7",
        "-7",
        "7",
        "7",
        "7",
        "8",
        "255",
        "0",
    ])
    .stdout_is("[    7|7    |-0007|+7| 7|007|010|0xff|]");
    p(&[
        "%'d %Id %ld %lld %hhd %jd %zd %td",
        "1234567",
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
    ])
    .stdout_is("1234567 1 2 3 4 5 6 7");
    p(&["%#08x|%-+6d|%05.2d", "255", "3", "3"]).stdout_is("0x0000ff|+3    |   03");
}

#[test]
fn numeric_arguments_as_gnu_reads_them() {
    p(&["%d %d %d\n", "'a", "\"b", ""])
        .stdout_is("97 98 0\n")
        .no_stderr();
    p(&["%d\n", "'ab"]).code_is(0).stdout_is("97\n").stderr_is(
        "printf: warning: b: character(s) following character constant have been ignored\n",
    );
    ucmd("printf")
        .args(&["%d\n", "'ab"])
        .env("POSIXLY_CORRECT", "1")
        .run()
        .code_is(0)
        .no_stderr();
    ucmd("printf")
        .args(&["%d %x\n", "'é", "'é"])
        .env("LC_ALL", "C.UTF-8")
        .run()
        .stdout_is("233 e9\n");
    p(&["%d\n", "'é"]).stdout_is("195\n");
    p(&[
        "%d|",
        "1x",
        " ",
        "0x",
        "99999999999999999999",
        "-99999999999999999999",
    ])
    .code_is(1)
    .stdout_is("1|0|0|9223372036854775807|-9223372036854775808|")
    .stderr_is(
        "printf: '1x': value not completely converted\n\
             printf: ' ': expected a numeric value\n\
             printf: '0x': value not completely converted\n\
             printf: '99999999999999999999': Numerical result out of range\n\
             printf: '-99999999999999999999': Numerical result out of range\n",
    );
    p(&["%f %f %g\n", "1e5000", "1.5x", "infinit"])
        .code_is(1)
        .stdout_is("inf 1.500000 inf\n")
        .stderr_is(
            "printf: '1e5000': Numerical result out of range\n\
             printf: '1.5x': value not completely converted\n\
             printf: 'infinit': value not completely converted\n",
        );
    p(&["%u\n", "18446744073709551616"])
        .code_is(1)
        .stdout_is("18446744073709551615\n");
}

#[test]
fn floats_as_long_double() {
    p(&["%f %e %g %a %A\n", "0.1", "0.1", "0.1", "0.1", "1"])
        .stdout_is("0.100000 1.000000e-01 0.1 0xc.ccccccccccccccdp-7 0X8P-3\n");
    p(&[
        "%.30g|%La|%010.3f|%-8.2e|%+.0f|%F\n",
        "0.1",
        "0.1",
        "-3.14159",
        "2.5",
        "2.5",
        "nan",
    ])
    .stdout_is(
        "0.100000000000000000001355252716|0xc.ccccccccccccccdp-7|-00003.142|2.50e+00|+2|NAN\n",
    );
    p(&["%08f|%-8f|%08a\n", "-inf", "nan", "1"]).stdout_is("    -inf|nan     |0x008p-3\n");
    p(&["%g %g\n", "0x1.8p3", "'A"]).stdout_is("12 65\n");
    // A precision far past the exact expansion costs no memory.
    let out = p(&["%.100000f", "0.5"]);
    assert_eq!(out.stdout.len(), 100_002);
    assert!(out.stdout.starts_with(b"0.5000"));
}

#[test]
fn subnormal_long_doubles() {
    // Inexact subnormals are ERANGE (and printed); exact ones are not.
    p(&[
        "%g %a %.25e|%g\n",
        "1e-4940",
        "1e-4940",
        "-2e-4945",
        "0x1p-16440",
    ])
    .code_is(1)
    .stdout_is(
        "1e-4940 0x0.000000663278e62p-16385 -2.0000006915593616927454529e-4945|1.16646e-4949\n",
    )
    .stderr_is(
        "printf: '1e-4940': Numerical result out of range\n\
             printf: '1e-4940': Numerical result out of range\n\
             printf: '-2e-4945': Numerical result out of range\n",
    );
    p(&["%g\n", "1.8e-4951"]).code_is(1).stdout_is("0\n");
}

#[test]
fn strings_characters_and_widths() {
    p(&[
        "[%s|%5s|%-5s|%.2s|%c|%3c|%c]",
        "abc",
        "ab",
        "ab",
        "abc",
        "xyz",
        "q",
        "",
    ])
    .stdout_is("[abc|   ab|ab   |ab|x|  q|\0]");
    p(&[
        "[%*d|%-*d|%*d|%.*d|%.*d]",
        "4",
        "1",
        "3",
        "2",
        "-3",
        "3",
        "3",
        "4",
        "-1",
        "5",
    ])
    .stdout_is("[   1|2  |3  |004|5]");
    p(&["%*d", "99999999999", "1"])
        .code_is(1)
        .stderr_is("printf: invalid field width: '99999999999'\n");
    p(&["%.*d", "99999999999", "1"])
        .code_is(1)
        .stderr_is("printf: invalid precision: '99999999999'\n");
    p(&["%s %s\n", "a"]).stdout_is("a \n");
    p(&["%d %s|"]).stdout_is("0 |");
}

#[test]
fn huge_widths_fail_as_glibc_does() {
    // glibc refuses a width over INT_MAX (EOVERFLOW): nothing is written
    // for it, the rest is, and exit reports stdio's error flag.
    p(&["a%2147483648db\n", "1"])
        .code_is(1)
        .stdout_is("ab\n")
        .stderr_is("printf: write error\n");
    p(&["%.9999999999d", "1"]).code_is(1).no_stdout();
    let out = p(&["%1000000d", "5"]);
    assert_eq!(out.stdout.len(), 1_000_000);
    assert!(out.stdout.ends_with(b" 5"));
}

#[test]
fn escapes() {
    p(&[r#"\"\\\a\b\e\f\n\r\t\v\101\0101\x41\x4g\q\"#])
        .stdout_is("\"\\\x07\x08\x1b\x0c\n\r\t\x0bA\x08".to_string() + "1A\x04g\\q\\");
    p(&[r"\u00e9\U0001F600\u0024"]).stdout_is(r"\u00E9\U0001F600$");
    ucmd("printf")
        .arg(r"\u00e9\U0001F600")
        .env("LC_ALL", "C.UTF-8")
        .run()
        .stdout_is("é😀");
    p(&[r"ab\u0041"])
        .code_is(1)
        .stdout_is("ab")
        .stderr_is("printf: invalid universal character name \\u0041\n");
    p(&[r"\ud800"])
        .code_is(1)
        .stderr_is("printf: invalid universal character name \\ud800\n");
    p(&[r"\x"])
        .code_is(1)
        .stderr_is("printf: missing hexadecimal number in escape\n");
    p(&[r"\u12"])
        .code_is(1)
        .stderr_is("printf: missing hexadecimal number in escape\n");
    // \c stops all output, with status 0 even after an error.
    p(&[r"%d x\c y", "z"]).code_is(0).stdout_is("0 x");
}

#[test]
fn percent_b_and_q() {
    p(&["%b|", r"\0101", r"\101", r"\01234", r"a\nb"]).stdout_is("A|A|S4|a\nb|");
    p(&["%b%s", r"x\cy", "z"]).code_is(0).stdout_is("x");
    p(&["%q\n", "a:b", "", "a b", "it's", "\t", "é", "~x"])
        .stdout_is("a:b\n''\n'a b'\n\"it's\"\n''$'\\t'\n''$'\\303\\251'\n'~x'\n");
    ucmd("printf")
        .args(&["%q", "é"])
        .env("LC_ALL", "C.UTF-8")
        .run()
        .stdout_is("é");
}

#[test]
fn format_reuse_and_excess_arguments() {
    p(&["%s-%s\n", "a", "b", "c"]).stdout_is("a-b\nc-\n");
    p(&["x\n", "a", "b"])
        .code_is(0)
        .stdout_is("x\n")
        .stderr_is("printf: warning: ignoring excess arguments, starting with 'a'\n");
    p(&["%%%s\n", "1", "2"]).stdout_is("%1\n%2\n");
}

#[test]
fn invalid_conversions_and_operands() {
    for (f, shown) in [
        ("%", "%"),
        ("%z", "%z"),
        ("%5%", "%5%"),
        ("%05s", "%05s"),
        ("%#d", "%#d"),
        ("%.3c", "%.3c"),
        ("%'x", "%'x"),
        ("%5b", "%5b"),
        ("%y", "%y"),
    ] {
        p(&[&format!("a{f}"), "1"])
            .code_is(1)
            .stdout_is("a")
            .stderr_is(format!(
                "printf: {shown}: invalid conversion specification\n"
            ));
    }
    p(&[])
        .code_is(1)
        .stderr_is("printf: missing operand\nTry 'printf --help' for more information.\n");
    p(&["--"]).code_is(1).stderr_contains("missing operand");
    p(&["--", "--help"]).code_is(0).stdout_is("--help");
    p(&["--help", "x"]).stdout_is("--help");
    p(&["-x"]).stdout_is("-x");
    assert!(String::from_utf8_lossy(&p(&["--help"]).stdout)
        .starts_with("Usage: printf FORMAT [ARGUMENT]...\n  or:  printf OPTION\n"));
}

#[test]
fn write_errors() {
    ucmd("printf")
        .arg("x")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("printf: write error: No space left on device\n");
}

/// Generated formats and arguments, as GNU formats them.
#[test]
fn same_as_gnu_on_generated_formats() {
    if !have_gnu("printf") {
        return;
    }
    let convs = [
        "d", "i", "o", "u", "x", "X", "f", "F", "e", "E", "g", "G", "a", "A", "c", "s",
    ];
    let flags = ["", "-", "+", " ", "#", "0", "'", "-0", "+ ", "#0"];
    let widths = ["", "8", ".3", "12.5", ".0", "*", ".*", "*.*"];
    let args = [
        "42",
        "-7.5",
        "0",
        "",
        "-0x1f",
        "3",
        "0xfp1",
        "-3",
        "'x",
        "1e300",
        "0.1",
        "-0",
        "nan",
        "-inf",
        "077",
        "9223372036854775808",
        "1e-310",
        "abc",
    ];
    for c in convs {
        for f in flags {
            for w in widths {
                let format = format!("[%{f}{w}{c}]");
                let theirs = gnu("printf")
                    .arg(&format)
                    .args(&args)
                    .env("LC_ALL", "C")
                    .run();
                p(&[&[format.as_str()][..], &args[..]].concat()).same_as(&theirs);
            }
        }
    }
}
