use crate::harness::*;

#[test]
fn plain() {
    ucmd("echo").run().success().stdout_is("\n");
    ucmd("echo")
        .args(&["a", "b  c"])
        .run()
        .success()
        .stdout_is("a b  c\n");
    ucmd("echo")
        .args(&["-n", "a"])
        .run()
        .success()
        .stdout_is("a");
}

#[test]
fn escapes_only_with_e() {
    ucmd("echo").arg("a\\tb").run().stdout_is("a\\tb\n");
    ucmd("echo")
        .args(&["-e", "a\\tb\\n\\x41\\0101\\101\\e\\a\\b\\f\\r\\v\\\\"])
        .run()
        .stdout_is("a\tb\nAAA\x1b\x07\x08\x0c\r\x0b\\\n");
    ucmd("echo")
        .args(&["-e", "x\\cy", "z"])
        .run()
        .stdout_is("x");
    ucmd("echo")
        .args(&["-eE", "a\\tb"])
        .run()
        .stdout_is("a\\tb\n");
    ucmd("echo")
        .args(&["-Ee", "a\\tb"])
        .run()
        .stdout_is("a\tb\n");
    ucmd("echo")
        .args(&["-e", "\\q\\x\\"])
        .run()
        .stdout_is("\\q\\x\\\n");
}

#[test]
fn option_like_words_are_printed() {
    ucmd("echo").args(&["-n-", "x"]).run().stdout_is("-n- x\n");
    ucmd("echo").args(&["-", "x"]).run().stdout_is("- x\n");
    ucmd("echo").args(&["--", "x"]).run().stdout_is("-- x\n");
    ucmd("echo").args(&["-nx"]).run().stdout_is("-nx\n");
    ucmd("echo").args(&["x", "-n"]).run().stdout_is("x -n\n");
    ucmd("echo")
        .args(&["--help", "x"])
        .run()
        .stdout_is("--help x\n");
}

#[test]
fn lone_help_and_version() {
    ucmd("echo")
        .arg("--help")
        .run()
        .success()
        .stdout_contains(&help_start(
            "echo",
            "Echo the STRING(s) to standard output.",
        ));
    ucmd("echo")
        .arg("--version")
        .run()
        .success()
        .stdout_is("echo (corebox) 0.1.0\n");
}

#[test]
fn posixly_correct() {
    // Options are not recognized (except a first -n), escapes always are.
    ucmd("echo")
        .env("POSIXLY_CORRECT", "1")
        .args(&["-e", "a\\tb"])
        .run()
        .stdout_is("-e a\tb\n");
    ucmd("echo")
        .env("POSIXLY_CORRECT", "1")
        .args(&["-n", "a\\tb"])
        .run()
        .stdout_is("a\tb");
    ucmd("echo")
        .env("POSIXLY_CORRECT", "1")
        .arg("--help")
        .run()
        .stdout_is("--help\n");
}

#[test]
fn non_utf8_arguments_pass_through() {
    ucmd("echo")
        .arg_bytes(b"\xff\xfe")
        .run()
        .success()
        .stdout_is(b"\xff\xfe\n");
}

#[test]
fn write_error() {
    ucmd("echo")
        .arg("x")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("echo: write error: No space left on device\n");
    ucmd("echo")
        .arg("x")
        .stdout_to(Out::Closed)
        .run()
        .code_is(1)
        .stderr_is("echo: write error: Bad file descriptor\n");
}

#[test]
fn matches_gnu() {
    for args in [
        &["-e", "\\0400\\1234\\x4g"][..],
        &["-n", "-e", "a\\c"],
        &["-neE", "x"],
        &["-e", "\\"],
    ] {
        same_as_gnu("echo", args, None, None);
    }
}
