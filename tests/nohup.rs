//! nohup: redirections decided by terminals, SIGHUP ignored, statuses.
use crate::harness::*;

fn h(args: &[&str]) -> Output {
    ucmd("nohup").args(args).env("LC_ALL", "C").run()
}

#[test]
fn without_terminals_runs_the_command_as_is() {
    let d = TempDir::new();
    ucmd("nohup")
        .args(&[
            "sh",
            "-c",
            "echo out; echo err >&2; kill -HUP $$; echo alive",
        ])
        .current_dir(d.path())
        .run()
        .code_is(0)
        .stdout_is("out\nalive\n")
        .stderr_is("err\n");
    assert!(!d.join("nohup.out").exists());
}

#[test]
fn statuses() {
    h(&[])
        .code_is(125)
        .stderr_is("nohup: missing operand\nTry 'nohup --help' for more information.\n");
    ucmd("nohup").env("POSIXLY_CORRECT", "1").run().code_is(127);
    h(&["-x"])
        .code_is(125)
        .stderr_is("nohup: invalid option -- 'x'\nTry 'nohup --help' for more information.\n");
    h(&["nonexistent-cmd"])
        .code_is(127)
        .stderr_is("nohup: failed to run command 'nonexistent-cmd': No such file or directory\n");
    h(&["/etc/passwd"])
        .code_is(126)
        .stderr_is("nohup: failed to run command '/etc/passwd': Permission denied\n");
    h(&["--", "false"]).code_is(1);
}

/// Runs `corebox nohup ARGS` on a pseudo-terminal in `dir`: what the
/// terminal showed, or None without `script`.
fn on_terminal(dir: &TempDir, args: &str) -> Option<String> {
    let cmd = format!("{} nohup {args}", corebox_line());
    on_pty(&cmd, |c| {
        c.current_dir(dir.path())
            .env("LC_ALL", "C")
            .env("HOME", dir.path());
    })
}

#[test]
fn terminals_are_redirected() {
    let d = TempDir::new();
    let Some(shown) = on_terminal(&d, "sh -c 'echo out; echo err >&2; cat; echo $?'") else {
        return;
    };
    assert_eq!(
        shown,
        "nohup: ignoring input and appending output to 'nohup.out'\n"
    );
    let out = String::from_utf8(d.read("nohup.out")).unwrap();
    // Standard input is unreadable (/dev/null opened for writing).
    assert!(out.starts_with("out\nerr\ncat: "), "{out:?}");
    assert!(out.ends_with("\n1\n"), "{out:?}");
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(d.join("nohup.out"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    // Appended, not truncated.
    on_terminal(&d, "echo again");
    let out = String::from_utf8(d.read("nohup.out")).unwrap();
    assert!(out.ends_with("\n1\nagain\n"), "{out:?}");
}

#[test]
fn unwritable_directory_falls_back_to_home() {
    let d = TempDir::new();
    std::fs::create_dir(d.join("ro")).unwrap();
    std::fs::create_dir(d.join("ro/sub")).unwrap();
    let sub = d.join("ro/sub");
    // A directory in the way of nohup.out makes the first open fail.
    std::fs::create_dir(sub.join("nohup.out")).unwrap();
    let cmd = format!("{} nohup echo hi", corebox_line());
    let Some(shown) = on_pty(&cmd, |c| {
        c.current_dir(&sub).env("LC_ALL", "C").env("HOME", d.path());
    }) else {
        return;
    };
    let home_out = d.join("nohup.out");
    assert_eq!(
        shown,
        format!(
            "nohup: ignoring input and appending output to '{}'\n",
            home_out.display()
        )
    );
    assert_eq!(std::fs::read(home_out).unwrap(), b"hi\n");
}
