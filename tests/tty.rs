use crate::harness::*;

#[test]
fn not_a_tty() {
    ucmd("tty")
        .stdin("")
        .run()
        .code_is(1)
        .stdout_is("not a tty\n");
    ucmd("tty").arg("-s").stdin("").run().code_is(1).no_stdout();
    ucmd("tty")
        .arg("--silent")
        .stdin("")
        .run()
        .code_is(1)
        .no_stdout();
    ucmd("tty")
        .arg("--quiet")
        .stdin("")
        .run()
        .code_is(1)
        .no_stdout();
}

#[test]
fn a_terminal_is_named() {
    // /dev/ptmx gives a fresh pseudo-terminal master; its slave is a tty.
    let Ok(out) = std::process::Command::new("script")
        .args(["-qec", "true", "/dev/null"])
        .output()
    else {
        return;
    };
    if !out.status.success() {
        return;
    }
    let cmd = format!("{} tty", bin().display());
    let cmd = match runner() {
        Some(r) => format!("{} {}", r.to_string_lossy(), cmd),
        None => cmd,
    };
    let out = std::process::Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("/dev/pts/"), "{text:?}");
}

#[test]
fn errors_exit_2_and_write_errors_3() {
    ucmd("tty")
        .arg("x")
        .run()
        .code_is(2)
        .stderr_is("tty: extra operand 'x'\nTry 'tty --help' for more information.\n");
    ucmd("tty")
        .arg("-x")
        .run()
        .code_is(2)
        .stderr_is("tty: invalid option -- 'x'\nTry 'tty --help' for more information.\n");
    ucmd("tty")
        .stdin("")
        .stdout_to(Out::Full)
        .run()
        .code_is(3)
        .stderr_is("tty: write error: No space left on device\n");
}
