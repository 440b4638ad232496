use crate::harness::*;

fn nf(args: &[&str]) -> Output {
    ucmd("numfmt").args(args).run()
}

#[test]
fn scaling_from_and_to() {
    let cases: &[(&[&str], &str)] = &[
        (&["1234"], "1234\n"),
        (&["--from=si", "1K", "1.5M"], "1000\n1500000\n"),
        (&["--from=iec", "1K"], "1024\n"),
        (
            &["--from=auto", "1K", "1Ki", "2Mi"],
            "1000\n1024\n2097152\n",
        ),
        (&["--from=iec-i", "1Ki"], "1024\n"),
        (
            &["--to=si", "2000", "2001", "1999", "999", "--", "-1000"],
            "2.0K\n2.1K\n2.0K\n999\n-1.0K\n",
        ),
        (
            &["--to=iec", "1024", "1023.99", "1048575"],
            "1.0K\n1.0K\n1.0M\n",
        ),
        (&["--to=iec-i", "4096"], "4.0Ki\n"),
        (&["--to=si", "12345678"], "13M\n"),
        (&["--from=si", "--to=iec", "1Y"], "848Z\n"),
        (&["--to=si", "0.5", "--", "-0.1"], "0\n-0\n"),
        (&["--from-unit=Ki", "--to-unit=K", "1000"], "1024\n"),
        (&["--to-unit=1M", "5000000"], "5\n"),
        (&["--", "-0"], "0\n"),
        (&[".5", "1.25"], "0.5\n1.25\n"),
        (&["9.300000000000000000"], "9.300000000000000000\n"),
    ];
    for (args, out) in cases {
        nf(args).success().stdout_is(*out);
    }
}

#[test]
fn rounding() {
    let cases: &[(&str, &str, &str)] = &[
        ("up", "1901", "2.0K"),
        ("down", "1999", "1.9K"),
        ("nearest", "1945", "1.9K"),
        ("nearest", "1955", "2.0K"),
        ("from-zero", "-1901", "-2.0K"),
        ("towards-zero", "-1999", "-1.9K"),
        ("down", "-1901", "-2.0K"),
        ("up", "-1999", "-1.9K"),
    ];
    for (how, n, out) in cases {
        let r = format!("--round={how}");
        nf(&["--to=si", &r, "--", n])
            .success()
            .stdout_is(format!("{out}\n"));
    }
}

#[test]
fn format_padding_suffix() {
    let cases: &[(&[&str], &str)] = &[
        (&["--format=%.3f", "1.5"], "1.500\n"),
        (&["--format=%08.2f", "--to=si", "1234567"], "00001.24M\n"),
        (&["--format=[%-8f]", "5"], "[5       ]\n"),
        (&["--format=%8f|", "5"], "       5|\n"),
        (&["--format=a%%b%f%%", "5"], "a%%5%%\n"),
        (&["--format=%'f", "1000000"], "1000000\n"),
        (&["--padding=-6", "5"], "5     \n"),
        (&["--padding=6", "--suffix=B", "5"], "    5B\n"),
        (&["--suffix=B", "--to=si", "1000B"], "1.0KB\n"),
        (&["--grouping", "1234567"], "1234567\n"),
        (
            &["--format=%.25f", "--to=si", "1"],
            "1.0000000000000000000000000\n",
        ),
    ];
    for (args, out) in cases {
        nf(args).success().stdout_is(*out);
    }
}

#[test]
fn fields_delimiters_header() {
    ucmd("numfmt")
        .args(&["--header", "--field=2", "--to=si"])
        .stdin("size n\nx 2000\n  y  3000000\n")
        .run()
        .success()
        .stdout_is("size n\nx 2.0K\n  y     3.0M\n");
    // Auto padding keeps the width of a field with leading blanks.
    ucmd("numfmt")
        .args(&["--to=si"])
        .stdin("   2000\n")
        .run()
        .success()
        .stdout_is("   2.0K\n");
    ucmd("numfmt")
        .args(&["-d:", "--field=1,3", "--to=si"])
        .stdin("1000:2000:3000")
        .run()
        .success()
        .stdout_is("1.0K:2000:3.0K");
    ucmd("numfmt")
        .args(&["--field=-", "--to=iec"])
        .stdin("1024 2048\n")
        .run()
        .success()
        .stdout_is("1.0K 2.0K\n");
    ucmd("numfmt")
        .args(&["-z", "--to=si"])
        .stdin(&b"1000\x002000\x00"[..])
        .run()
        .success()
        .stdout_is(&b"1.0K\x002.0K\x00"[..]);
    ucmd("numfmt")
        .args(&["--header=2"])
        .stdin("a\nb\n5\n")
        .run()
        .success()
        .stdout_is("a\nb\n5\n");
}

#[test]
fn invalid_input_modes() {
    nf(&["x", "5"])
        .code_is(2)
        .stdout_is("")
        .stderr_is("numfmt: invalid number: 'x'\n");
    nf(&["--invalid=fail", "x", "5"])
        .code_is(2)
        .stdout_is("x\n5\n")
        .stderr_is("numfmt: invalid number: 'x'\n");
    nf(&["--invalid=warn", "x", "5"])
        .success()
        .stdout_is("x\n5\n")
        .stderr_is("numfmt: invalid number: 'x'\n");
    nf(&["--invalid=ignore", "x", "5"])
        .success()
        .stdout_is("x\n5\n")
        .stderr_is("");
    // In abort mode the fields before the bad one are written.
    ucmd("numfmt")
        .args(&["--field=-"])
        .stdin("1 x 3\n")
        .run()
        .code_is(2)
        .stdout_is("1 ")
        .stderr_is("numfmt: invalid number: 'x'\n");
    let cases: &[(&[&str], &str)] = &[
        (&["5."], "numfmt: invalid number: '5.'\n"),
        (&["1K"], "numfmt: rejecting suffix in input: '1K' (consider using --from)\n"),
        (&["--from=si", "1Q"], "numfmt: invalid suffix in input: '1Q'\n"),
        (&["--from=si", "1Kx"], "numfmt: invalid suffix in input '1Kx': 'x'\n"),
        (&["--from=iec-i", "1K"], "numfmt: missing 'i' suffix in input: '1K' (e.g Ki/Mi/Gi)\n"),
        (&["99999999999999999999"], "numfmt: value too large to be printed: '1e+20' (consider using --to)\n"),
        (&["--format=%.6f", "123456789012345"], "numfmt: value/precision too large to be printed: '1.23457e+14/6' (consider using --to)\n"),
        (&["--to=si", "9999999999999999999999999999"], "numfmt: value too large to be converted: '9999999999999999999999999999'\n"),
        (&["--from=si", "--to=si", "1000Y"], "numfmt: value too large to be printed: '1e+27' (cannot handle values > 999Y)\n"),
    ];
    for (args, err) in cases {
        nf(args).code_is(2).stderr_is(*err);
    }
}

#[test]
fn debug_warnings() {
    nf(&["--debug", "4096"])
        .success()
        .stdout_is("4096\n")
        .stderr_is("numfmt: no conversion option specified\n");
    nf(&["--debug", "--grouping", "--from=si", "4.0K"])
        .success()
        .stdout_is("4000\n")
        .stderr_is("numfmt: grouping has no effect in this locale\n");
    nf(&["--debug", "--to=si", "x"])
        .code_is(2)
        .stderr_is("numfmt: invalid number: 'x'\n");
    nf(&["--debug", "--invalid=fail", "--to=si", "x"])
        .code_is(2)
        .stdout_is("x\n")
        .stderr_is(
            "numfmt: invalid number: 'x'\nnumfmt: failed to convert some of the input numbers\n",
        );
    nf(&["--debug", "--header", "--to=si", "1"])
        .success()
        .stderr_is("numfmt: --header ignored with command-line input\n");
    nf(&["--debug", "--padding=5", "--format=%8f", "1"])
        .success()
        .stdout_is("       1\n")
        .stderr_is("numfmt: --format padding overriding --padding\n");
    nf(&["---debug", "1"]).success().stdout_is("1\n");
}

#[test]
fn bad_options() {
    let cases: &[(&[&str], &str)] = &[
        (&["--format="], "numfmt: format '' has no % directive\n"),
        (&["--format=%d"], "numfmt: invalid format '%d', directive must be %[0]['][-][N][.][N]f\n"),
        (&["--format=%f%f"], "numfmt: format '%f%f' has too many % directives\n"),
        (&["--format=%"], "numfmt: format '%' ends in %\n"),
        (&["--format=%.-1f"], "numfmt: invalid precision in format '%.-1f'\n"),
        (&["--format=%9999999999999999999f"], "numfmt: invalid format '%9999999999999999999f' (width overflow)\n"),
        (&["--grouping", "--format=%f"], "numfmt: --grouping cannot be combined with --format\n"),
        (&["--grouping", "--to=si"], "numfmt: grouping cannot be combined with --to\n"),
        (&["--padding=0"], "numfmt: invalid padding value '0'\n"),
        (&["--header=0"], "numfmt: invalid header value '0'\n"),
        (&["--from-unit=KiB"], "numfmt: invalid unit size: 'KiB'\n"),
        (&["--to-unit=0"], "numfmt: invalid unit size: '0'\n"),
        (&["-d", "ab"], "numfmt: the delimiter must be a single character\n"),
        (&["--field=1", "--field=2"], "numfmt: multiple field specifications\n"),
        (&["--field=0"], "numfmt: fields are numbered from 1\nTry 'numfmt --help' for more information.\n"),
        (&["--to=auto"], "numfmt: invalid argument 'auto' for '--to'\nValid arguments are:\n  - 'none'\n  - 'si'\n  - 'iec'\n  - 'iec-i'\nTry 'numfmt --help' for more information.\n"),
        (&["--format=%.200f", "--to=si", "1"], "numfmt: failed to prepare value '1.000000' for printing\n"),
    ];
    for (args, err) in cases {
        nf(args).code_is(1).stderr_is(*err);
    }
}

#[test]
fn write_error() {
    ucmd("numfmt")
        .args(&["1"])
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("numfmt: write error: No space left on device\n");
}

#[test]
fn like_gnu_on_generated_input() {
    if !have_gnu("numfmt") {
        return;
    }
    // Numbers of every magnitude, with and without fractions.
    let mut input = String::new();
    let mut x: u64 = 88172645463325252;
    for i in 0..3000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let digits = (x % 20) as u32 + 1;
        let n = x % 10u64.pow(digits.min(19));
        match i % 3 {
            0 => input.push_str(&format!("{n}\n")),
            1 => input.push_str(&format!("{}.{}\n", n / 1000, n % 1000)),
            _ => input.push_str(&format!("-{n} {}\n", n / 7)),
        }
    }
    let t = TempDir::new();
    t.write("in", &input);
    let sets: [&[&str]; 9] = [
        &["--to=si"],
        &["--to=iec", "--round=nearest"],
        &["--to=iec-i", "--round=down"],
        &["--to=si", "--round=up", "--field=-"],
        &["--format=%.3f"],
        &["--to=si", "--format=%.2f"],
        &["--from-unit=3", "--to-unit=7", "--to=si"],
        &["--padding=12", "--to=iec"],
        &["--format=%'-14.1f"],
    ];
    for set in sets {
        let mut args = vec!["--invalid=warn"];
        args.extend_from_slice(set);
        let stdin = t.read("in");
        let ours = ucmd("numfmt").args(&args).stdin(stdin.clone()).run();
        let theirs = gnu("numfmt").args(&args).stdin(stdin).run();
        assert_eq!(ours.stdout, theirs.stdout, "numfmt {args:?}");
        assert_eq!(ours.stderr, theirs.stderr, "numfmt {args:?}");
        assert_eq!(ours.code, theirs.code, "numfmt {args:?}");
    }
}
