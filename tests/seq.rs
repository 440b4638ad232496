use crate::harness::*;

fn seq(args: &[&str]) -> Output {
    ucmd("seq").args(args).run()
}

#[track_caller]
fn prints(args: &[&str], want: &str) {
    seq(args).success().stdout_is(want).no_stderr();
}

#[track_caller]
fn usage(args: &[&str], err: &str) {
    seq(args).code_is(1).no_stdout().stderr_is(format!(
        "seq: {err}\nTry 'seq --help' for more information.\n"
    ));
}

#[test]
fn integers() {
    prints(&["3"], "1\n2\n3\n");
    prints(&["2", "4"], "2\n3\n4\n");
    prints(&["1", "3", "10"], "1\n4\n7\n10\n");
    prints(&["10", "-3", "1"], "10\n7\n4\n1\n");
    prints(&["5", "1"], "");
    prints(&["0"], "");
    prints(&["007", "9"], "7\n8\n9\n");
    prints(&["99", "101"], "99\n100\n101\n");
    prints(&["--", "-2", "0"], "-2\n-1\n0\n");
    prints(&["-2", "0"], "-2\n-1\n0\n");
    prints(&["5", "-1", "3"], "5\n4\n3\n");
    prints(&["-0", "1"], "-0\n1\n");
    prints(&["1e2", "1e2"], "100\n");
    prints(&["0x10", "0x11"], "16\n17\n");
    prints(&[" +1", "2"], "1\n2\n");
    let many: String = (1..=100_000).map(|i| format!("{i}\n")).collect();
    prints(&["100000"], &many);
    let stepped: String = (7..=200_000)
        .step_by(199)
        .map(|i| format!("{i}\n"))
        .collect();
    prints(&["7", "199", "200000"], &stepped);
}

#[test]
fn big_integers() {
    prints(
        &["18446744073709551615", "18446744073709551617"],
        "18446744073709551615\n18446744073709551616\n18446744073709551617\n",
    );
    prints(
        &[
            "-s",
            ",",
            "99999999999999999999999999998",
            "99999999999999999999999999999",
        ],
        "99999999999999999999999999998,99999999999999999999999999999\n",
    );
    // With a separator of more than one byte GNU computes in long double.
    prints(
        &["-s", "::", "18446744073709551614", "18446744073709551620"],
        "18446744073709551614::18446744073709551615::18446744073709551616::18446744073709551616::18446744073709551618::18446744073709551620::18446744073709551620::18446744073709551620\n",
    );
}

#[test]
fn decimals() {
    prints(&["0.1", "0.1", "0.5"], "0.1\n0.2\n0.3\n0.4\n0.5\n");
    prints(&["1", "0.5", "3"], "1.0\n1.5\n2.0\n2.5\n3.0\n");
    prints(&["1", "0.5", "2.25"], "1.0\n1.5\n2.0\n");
    prints(
        &["0", "0.000001", "0.000003"],
        "0.000000\n0.000001\n0.000002\n0.000003\n",
    );
    prints(&["-0.3", "0.1", "0"], "-0.3\n-0.2\n-0.1\n0.0\n");
    prints(&["1.0e-1", "0.1", "0.3"], "0.10\n0.20\n0.30\n");
    prints(&["0x1p1", "0.5", "3"], "2\n2.5\n3\n");
    prints(&["1", "1", "-inf"], "");
}

#[test]
fn infinity() {
    let o = ucmd("seq").arg("inf").stdout_to(Out::Full).run();
    o.code_is(1)
        .stderr_is("seq: write error: No space left on device\n");
    ucmd("seq")
        .args(&["-f", "%g", "1", "inf"])
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("seq: write error: No space left on device\n");
    // From zero the count of numbers before u64 overflows must not wrap.
    ucmd("seq")
        .args(&["0", "inf"])
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("seq: write error: No space left on device\n");
    prints(
        &["18446744073709551614", "18446744073709551615"],
        "18446744073709551614\n18446744073709551615\n",
    );
    prints(
        &["-f", "%.22f", "0", "1e-22", "1e-22"],
        "0.0000000000000000000000\n0.0000000000000000000001\n",
    );
    prints(&["1", "-inf"], "");
    prints(&["inf", "1"], "");
}

#[test]
fn equal_width() {
    prints(&["-w", "9", "11"], "09\n10\n11\n");
    prints(&["--equal-width", "8", "10"], "08\n09\n10\n");
    prints(&["-w", "-1", "1"], "-1\n00\n01\n");
    prints(&["-w", "-1.5", "1", "2"], "-1.5\n-0.5\n00.5\n01.5\n");
    prints(&["-w", "0", ".05", ".1"], "0.00\n0.05\n0.10\n");
    prints(&["-w", "1", "0.5", "2.25"], "1.0\n1.5\n2.0\n");
    prints(&["-w", "1.5e1", "1", "17"], "15\n16\n17\n");
    prints(&["-w", "-0", "1"], "-0\n01\n");
    prints(&["-w", "5", "-1", "-2"], "05\n04\n03\n02\n01\n00\n-1\n-2\n");
}

#[test]
fn separator() {
    prints(&["-s", ",", "3"], "1,2,3\n");
    prints(&["-s", ", ", "3"], "1, 2, 3\n");
    prints(&["-s", "", "3"], "123\n");
    prints(&["--separator=:", "0.5", "0.5", "1.5"], "0.5:1.0:1.5\n");
    prints(&["-s,", "-1", "1"], "-1,0,1\n");
    prints(&["-ws,", "8", "10"], "08,09,10\n");
}

#[test]
fn formats() {
    prints(&["-f", "%g", "0.5", "0.5", "1.5"], "0.5\n1\n1.5\n");
    prints(&["--format=%.3e", "1", "2"], "1.000e+00\n2.000e+00\n");
    prints(
        &["-f", "%a", "0", "0.1", "0.2"],
        "0x0p+0\n0xc.ccccccccccccccdp-7\n0xc.ccccccccccccccdp-6\n",
    );
    prints(&["-f", "%.20g", "0.1", "0.1", "0.2"], "0.1\n0.2\n");
    prints(
        &["-f", "%.30f", "0.1", "1", "0.1"],
        "0.100000000000000000001355252716\n",
    );
    prints(
        &["-f", "%+08.2f", "--", "-1", "1", "1"],
        "-0001.00\n+0000.00\n+0001.00\n",
    );
    prints(&["-f", "%-6gx", "1", "2"], "1     x\n2     x\n");
    prints(&["-f", "%%%g%%", "1", "1"], "%1%\n");
    prints(&["-f", "% g", "1", "1"], " 1\n");
    prints(&["-f", "%#g", "1", "1"], "1.00000\n");
    prints(&["-f", "%#.0f", "1", "1"], "1.\n");
    prints(&["-f", "%G", "1e10", "1e10", "1e10"], "1E+10\n");
    prints(&["-f", "%Lg", "2"], "1\n2\n");
    prints(&["-f", "%5.2Lf", "1"], " 1.00\n");
    prints(&["-f", "%E", "1e300", "1e300", "1e300"], "1.000000E+300\n");
    prints(&["-f", "%.0f", "0.5", "1", "3"], "0\n2\n2\n");
    // Long double rounding shows at 20 digits...
    prints(
        &["-f", "%.20g", "0.1", "0.1", "0.4"],
        "0.1\n0.2\n0.30000000000000000001\n0.40000000000000000001\n",
    );
    // ... and decides whether LAST itself is printed.
    let o = seq(&[
        "-f",
        "%e",
        "--",
        "750845.9693838",
        "54e3",
        "1506845.9693838",
    ])
    .success();
    assert!(o.stdout_str().ends_with("1.398846e+06\n1.452846e+06\n"));
    prints(&["-f", "%g", "1", "0.5", "3"], "1\n1.5\n2\n2.5\n3\n");
    prints(
        &["-f", "%.2e", "0.125", "0.25", "0.7"],
        "1.25e-01\n3.75e-01\n6.25e-01\n",
    );
}

#[test]
fn errors() {
    usage(&[], "missing operand");
    usage(&["1", "2", "3", "4"], "extra operand '4'");
    usage(&["x"], "invalid floating point argument: 'x'");
    usage(&["1", "0", "x"], "invalid Zero increment value: '0'");
    usage(&["x", "0", "1"], "invalid floating point argument: 'x'");
    usage(&["1", "-0", "3"], "invalid Zero increment value: '-0'");
    usage(&["nan"], "invalid 'not-a-number' argument: 'nan'");
    usage(&["1", "nan"], "invalid 'not-a-number' argument: 'nan'");
    usage(&["1e5000"], "invalid floating point argument: '1e5000'");
    usage(
        &["1e2", "1e3", "--"],
        "invalid floating point argument: '--'",
    );
    usage(
        &["-w", "-f", "%g", "1"],
        "format string may not be specified when printing equal width strings",
    );
    usage(&["-inf"], "invalid option -- 'i'");
    usage(&["--bogus", "1"], "unrecognized option '--bogus'");
    usage(&["-s"], "option requires an argument -- 's'");
    let die = |args: &[&str], err: &str| {
        seq(args)
            .code_is(1)
            .no_stdout()
            .stderr_is(format!("seq: {err}\n"));
    };
    die(&["-f", "%d", "1"], "format '%d' has unknown %d directive");
    die(&["-f", "%5d", "1"], "format '%5d' has unknown %d directive");
    die(&["-f", "abc", "1"], "format 'abc' has no % directive");
    die(&["-f", "%%", "1"], "format '%%' has no % directive");
    die(&["-f", "ab%", "1"], "format 'ab%' ends in %");
    die(
        &["-f", "%g%g", "1"],
        "format '%g%g' has too many % directives",
    );
    ucmd("seq")
        .arg("3")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("seq: write error: No space left on device\n");
}

#[test]
fn same_as_gnu_seq() {
    for args in [
        &["0.1", "0.1", "1"][..],
        &["1e2", "1e3"],
        &["-w", "-5", "-1", "-10"],
        &["-w", "1", "1e1"],
        &["-w", "5e-1", "1"],
        &["-w", "0.10", "0.05", "0.3"],
        &["1", "1.000001", "3"],
        &["-1", "-0.3", "-2"],
        &["-w", "1.50", "2"],
        &["-w", ".5", "2"],
        &["-w", "-.5", "1"],
        &["-w", "1.", "3"],
        &["-f", "%.2f", "0.005", "0.01", "0.03"],
        &["-f", "%010.2f", "--", "-5", "0.5", "5"],
        &["-f", "%.1f", "1e15", "1e15"],
        &["-f", "%.5f", "99999999999", "99999999999.5"],
        &["0x1.8p1", "2", "5"],
        &["-f", "%e", "--", "-1", "0.25", "1"],
        &["-f", "%.3a", "1", "0.3", "3"],
        &["-f", "%g", "1e-5", "1e-5", "5e-5"],
        &["-s", "ab", "0.5", "0.25", "2"],
        &["1e-4940"],
        &["1e-4960"],
        &["-f", "%g", "742806.992", "5e-6", "742806.992015"],
        &["-f", "%.3g", "0.001", "0.0005", "0.01"],
        &["-f", "%.15e", "1", "0.1", "2"],
        &["-f", "%#g", "-1", "0.25", "1"],
    ] {
        same_as_gnu("seq", args, None, None);
    }
}

#[test]
fn value_past_last_that_prints_as_last() {
    // GNU's loop prints the first value past LAST when it prints as LAST
    // does (and differs from the number before): 5.000001 as %g is 5.
    ucmd("seq")
        .args(&["-f", "%g", "0.000001", "5"])
        .run()
        .success()
        .stdout_is("1e-06\n1\n2\n3\n4\n5\n");
    for args in [
        &["-f", "%g", "0.000001", "1", "3"][..],
        &["-f", "%e", "0.0000001", "1", "2"],
        &["-f", "%.3g", "0.0001", "1", "3"],
        &["-f", "%g", "1", "-0.000001", "-3"],
        &["-f", "%.1f", "0.01", "0.1", "0.3"],
    ] {
        same_as_gnu("seq", args, None, None);
    }
}

/// seq reads back each number it printed: a huge precision is a long run
/// of zeros, which must not cost quadratic time (issue 19).
#[test]
fn huge_precision_is_linear() {
    let o = ucmd("seq")
        .args(&["-f", "%.300000f", "1", "2"])
        .run()
        .code_is(0);
    let want = format!("1.{z}\n2.{z}\n", z = "0".repeat(300_000));
    assert!(
        o.stdout == want.as_bytes(),
        "wrong output of {} bytes",
        o.stdout.len()
    );
}

/// A width or precision over INT_MAX: glibc's printf writes the text
/// before the directive and fails with EOVERFLOW, and GNU seq dies with
/// `write error` at once (none when no number is printed).
#[test]
fn huge_width_or_precision_is_a_write_error() {
    for f in [
        "%99999999999g",
        "%.4294967296f",
        "%.2147483648g",
        "%4294967296g",
        "ab%2147483648gc",
    ] {
        ucmd("seq")
            .args(&["-f", f, "1", "3"])
            .run()
            .code_is(1)
            .stdout_is(if f.starts_with("ab") { "ab" } else { "" })
            .stderr_is("seq: write error: Value too large for defined data type\n");
        ucmd("seq")
            .args(&["-f", f, "3", "1"])
            .run()
            .success()
            .stdout_is("");
        same_as_gnu("seq", &["-f", f, "1", "3"], None, None);
    }
}
