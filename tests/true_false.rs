use crate::harness::*;

#[test]
fn true_succeeds_and_ignores_arguments() {
    ucmd("true").run().success().no_stdout().no_stderr();
    ucmd("true")
        .args(&["--foo", "-x", "bar"])
        .run()
        .success()
        .no_stdout();
    ucmd("true")
        .args(&["--help", "x"])
        .run()
        .success()
        .no_stdout();
}

#[test]
fn false_fails_and_ignores_arguments() {
    ucmd("false").run().code_is(1).no_stdout().no_stderr();
    ucmd("false")
        .args(&["--version", "x"])
        .run()
        .code_is(1)
        .no_stdout();
}

#[test]
fn help_and_version() {
    let usage = "Usage: true [ignored command line arguments]\n  or:  true OPTION\n";
    let text = if full_help() {
        "Exit with a status code indicating success."
    } else {
        "      --help\n"
    };
    ucmd("true")
        .arg("--help")
        .run()
        .success()
        .stdout_contains(&format!("{usage}{text}"));
    ucmd("true")
        .arg("--version")
        .run()
        .success()
        .stdout_is("true (corebox) 0.1.0\n");
    // GNU false exits 1 even for --help and --version.
    ucmd("false")
        .arg("--help")
        .run()
        .code_is(1)
        .stdout_contains(&help_start("false", "indicating failure"));
    ucmd("false")
        .arg("--version")
        .run()
        .code_is(1)
        .stdout_is("false (corebox) 0.1.0\n");
}

/// GNU's true and false run close_stdout for --help and --version only
/// (GNU's tests/misc/false-status.sh): a write error there is reported,
/// exit 1; without options they never write and never fail that way.
#[test]
fn write_errors_of_help_and_version() {
    for p in ["true", "false"] {
        for o in ["--help", "--version"] {
            ucmd(p)
                .arg(o)
                .stdout_to(Out::Full)
                .run()
                .code_is(1)
                .stderr_is(format!("{p}: write error: No space left on device\n"));
        }
    }
    ucmd("true")
        .stdout_to(Out::Full)
        .run()
        .success()
        .no_stderr();
    ucmd("false")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .no_stderr();
}
