//! The shared GNU getopt_long behaviour, seen through real applets.
use crate::harness::*;

#[test]
fn permutation_and_double_dash() {
    let t = TempDir::new();
    t.write("f", "a\n");
    t.write("-n", "dash\n");
    let at = |args: &[&str]| ucmd("cat").current_dir(t.path()).args(args).run();
    at(&["f", "-n"]).success().stdout_is("     1\ta\n");
    at(&["--", "-n"]).success().stdout_is("dash\n");
    at(&["-n", "--", "-n", "f"])
        .success()
        .stdout_is("     1\tdash\n     2\ta\n");
    // POSIXLY_CORRECT: options end at the first operand.
    ucmd("cat")
        .current_dir(t.path())
        .env("POSIXLY_CORRECT", "1")
        .args(&["f", "-n"])
        .run()
        .success()
        .stdout_is("a\ndash\n");
}

#[test]
fn long_option_abbreviations() {
    ucmd("cat")
        .arg("--show-e")
        .stdin("a\n")
        .run()
        .success()
        .stdout_is("a$\n");
    ucmd("cat").arg("--num").stdin("a\n").run().code_is(1).stderr_is(
        "cat: option '--num' is ambiguous; possibilities: '--number-nonblank' '--number'\nTry 'cat --help' for more information.\n",
    );
    ucmd("cat")
        .arg("--number")
        .stdin("a\n")
        .run()
        .success()
        .stdout_is("     1\ta\n");
    ucmd("cat").arg("--sh=x").run().code_is(1).stderr_is(
        "cat: option '--sh=x' is ambiguous; possibilities: '--show-nonprinting' '--show-ends' '--show-tabs' '--show-all'\nTry 'cat --help' for more information.\n",
    );
    ucmd("cat")
        .arg("--he")
        .run()
        .success()
        .stdout_contains("Usage: cat");
    ucmd("cat")
        .arg("--v")
        .run()
        .success()
        .stdout_is("cat (corebox) 0.1.0\n");
    ucmd("uname")
        .arg("--kernel-n")
        .run()
        .success()
        .stdout_is("Linux\n");
}

#[test]
fn error_messages() {
    let e = |args: &[&str], msg: &str| {
        ucmd("cat")
            .args(args)
            .run()
            .code_is(1)
            .no_stdout()
            .stderr_is(format!(
                "cat: {msg}\nTry 'cat --help' for more information.\n"
            ));
    };
    e(&["-k"], "invalid option -- 'k'");
    e(&["-nk"], "invalid option -- 'k'");
    e(&["--foo=bar"], "unrecognized option '--foo=bar'");
    e(&["---x"], "unrecognized option '---x'");
    e(&["--help=x"], "option '--help' doesn't allow an argument");
    e(
        &["--numb=1"],
        "option '--numb=1' is ambiguous; possibilities: '--number-nonblank' '--number'",
    );
    e(
        &["--number=1"],
        "option '--number' doesn't allow an argument",
    );
    e(
        &["--show-a=1"],
        "option '--show-all' doesn't allow an argument",
    );
    ucmd("basename").arg("--suffix").run().code_is(1).stderr_is("basename: option '--suffix' requires an argument\nTry 'basename --help' for more information.\n");
}

#[test]
fn arguments_attached_and_separate() {
    ucmd("basename")
        .args(&["-s.c", "a.c"])
        .run()
        .stdout_is("a\n");
    ucmd("basename")
        .args(&["-s", ".c", "a.c"])
        .run()
        .stdout_is("a\n");
    ucmd("basename")
        .args(&["--suffix", ".c", "a.c"])
        .run()
        .stdout_is("a\n");
    ucmd("basename")
        .args(&["-zs", ".c", "a.c"])
        .run()
        .stdout_is("a\0");
    ucmd("basename")
        .args(&["-as", "-a", "x-a"])
        .run()
        .stdout_is("x\n");
}

#[test]
fn help_stops_processing_in_order() {
    // Options are handled left to right: an error before --help wins.
    ucmd("cat")
        .args(&["-k", "--help"])
        .run()
        .code_is(1)
        .no_stdout();
    ucmd("cat")
        .args(&["--help", "-k"])
        .run()
        .success()
        .stdout_contains("Usage: cat");
    ucmd("cat")
        .arg("--help")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("cat: write error: No space left on device\n");
}

#[test]
fn utf8_locale_quotes() {
    ucmd("nproc")
        .arg("x")
        .env("LC_ALL", "C.UTF-8")
        .run()
        .code_is(1)
        .stderr_is(
            "nproc: extra operand \u{2018}x\u{2019}\nTry 'nproc --help' for more information.\n",
        );
    ucmd("nproc")
        .arg("x")
        .env("LANG", "C.UTF-8")
        .run()
        .code_is(1)
        .stderr_contains("\u{2018}x\u{2019}");
    ucmd("nproc")
        .arg("x")
        .env("LANG", "C.UTF-8")
        .env("LC_ALL", "C")
        .run()
        .code_is(1)
        .stderr_contains("'x'");
}

/// GNU's parse_gnu_standard_options_only with scan_all: options are
/// recognized after operands too (a permuting getopt), up to `--`.
#[test]
fn standard_options_only_permute() {
    for a in [
        "arch", "hostid", "link", "logname", "sleep", "unlink", "whoami", "yes",
    ] {
        for args in [&["x", "-k"][..], &["x", "y", "--bogus"], &["--", "-k"]] {
            if a == "yes" && args[0] == "--" {
                continue; // prints forever
            }
            same_as_gnu(a, args, None, None);
        }
        ucmd(a)
            .args(&["x", "--help"])
            .run()
            .success()
            .stdout_contains(&format!("Usage: {a} "));
    }
    ucmd("link")
        .args(&["a", "-k"])
        .run()
        .code_is(1)
        .stderr_is("link: invalid option -- 'k'\nTry 'link --help' for more information.\n");
}
