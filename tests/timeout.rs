//! timeout: statuses, signals, kill-after, process groups, parameters.
use crate::harness::*;

fn t(args: &[&str]) -> Output {
    ucmd("timeout").args(args).env("LC_ALL", "C").run()
}

#[test]
fn statuses() {
    t(&["10", "true"]).code_is(0).no_stderr();
    t(&["1d", "sh", "-c", "exit 3"]).code_is(3);
    t(&["0", "true"]).code_is(0);
    t(&["inf", "true"]).code_is(0);
    t(&[".1", "sleep", "10"]).code_is(124).no_stderr();
    t(&["--preserve-status", ".1", "sleep", "10"]).code_is(128 + 15);
    t(&["-p", ".1", "sleep", "10"]).code_is(128 + 15);
    t(&["-f", "-p", ".1", "sleep", "10"]).code_is(128 + 15);
    // SIGKILL to the group kills timeout too (a shell says 137).
    assert_eq!(t(&["-s", "KILL", ".1", "sleep", "10"]).signal, Some(9));
    assert_eq!(
        t(&["--foreground", "-s", "KILL", ".1", "sleep", "10"]).code,
        Some(137)
    );
    t(&["1", "nonexistent-cmd"])
        .code_is(127)
        .stderr_is("timeout: failed to run command 'nonexistent-cmd': No such file or directory\n");
    t(&["1", "/etc/passwd"])
        .code_is(126)
        .stderr_is("timeout: failed to run command '/etc/passwd': Permission denied\n");
    // A command killed by a signal: timeout dies of the same signal.
    assert_eq!(t(&["5", "sh", "-c", "kill -USR1 $$"]).signal, Some(10));
}

#[test]
fn verbose_and_kill_after() {
    // The KILL goes to timeout's whole group: timeout itself dies of it.
    let o = t(&["-v", "-s0", "-k", ".1", ".1", "sleep", "10"]);
    assert_eq!(o.signal, Some(9));
    o.stderr_is("timeout: sending signal EXIT to command 'sleep'\ntimeout: sending signal KILL to command 'sleep'\n");
    t(&["--foreground", "-v", "-s", "INT", ".1", "sleep", "10"])
        .code_is(124)
        .stderr_is("timeout: sending signal INT to command 'sleep'\n");
    // The command outlives the signal it ignores: still 124, or its
    // status with --preserve-status.
    t(&[
        "--preserve-status",
        ".1",
        "sh",
        "-c",
        "trap '' TERM; sleep .3; exit 3",
    ])
    .code_is(3);
    t(&[".1", "sh", "-c", "trap '' TERM; sleep .3; exit 3"]).code_is(124);
}

#[test]
fn ignored_signals_are_not_inherited() {
    // With SIGCHLD ignored the child would be reaped behind waitpid's
    // back; with SIGINT ignored the command could not trap it.
    host("sh")
        .args(&["-c", &format!("trap '' CHLD INT; exec {} timeout 10 sh -c 'trap \"echo caught\" INT; kill -INT $$'", corebox_line())])
        .run()
        .code_is(0)
        .stdout_is("caught\n");
}

#[test]
fn forwards_signals_to_the_command() {
    let r = ucmd("timeout")
        .args(&[
            "30",
            "sh",
            "-c",
            "trap 'echo got-term; exit 7' TERM; echo ready; while :; do sleep .05; done",
        ])
        .spawn();
    r.wait_stdout("ready\n");
    let status = std::process::Command::new("kill")
        .args(["-TERM", &r.pid().to_string()])
        .status();
    assert!(status.unwrap().success());
    r.wait_stdout("ready\ngot-term\n");
}

#[test]
fn bad_parameters() {
    for (args, msg) in [
        (&["x", "true"][..], "timeout: invalid time interval 'x'\n"),
        (&["1m5", "true"], "timeout: invalid time interval '1m5'\n"),
        (
            &["-k", "-1", "1", "true"],
            "timeout: invalid time interval '-1'\n",
        ),
        (
            &["-s", "FOO", "1", "true"],
            "timeout: 'FOO': invalid signal\n",
        ),
        (&["1"], ""),
    ] {
        t(args)
            .code_is(125)
            .stderr_is(format!("{msg}Try 'timeout --help' for more information.\n"));
    }
}
