use crate::harness::*;
use std::time::{Duration, Instant};

#[test]
fn sleeps_the_sum_of_intervals() {
    let start = Instant::now();
    ucmd("sleep")
        .args(&["0.2", ".1s", "0.0005m", "0x0.1p-2", "0h", "0d", "1e-1"])
        .run()
        .success()
        .no_stdout()
        .no_stderr();
    // 0.2 + 0.1 + 0.03 + 0.015625 + 0.1: at least that long, whatever the load.
    assert!(
        start.elapsed() >= Duration::from_millis(440),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn invalid_intervals() {
    ucmd("sleep")
        .run()
        .code_is(1)
        .stderr_is("sleep: missing operand\nTry 'sleep --help' for more information.\n");
    ucmd("sleep").args(&["x", "1y", "0"]).run().code_is(1).stderr_is(
        "sleep: invalid time interval 'x'\nsleep: invalid time interval '1y'\nTry 'sleep --help' for more information.\n",
    );
    ucmd("sleep")
        .arg("nan")
        .run()
        .code_is(1)
        .stderr_contains("invalid time interval 'nan'");
    ucmd("sleep")
        .arg("1ss")
        .run()
        .code_is(1)
        .stderr_contains("invalid time interval '1ss'");
    ucmd("sleep")
        .arg("-1")
        .run()
        .code_is(1)
        .stderr_is("sleep: invalid option -- '1'\nTry 'sleep --help' for more information.\n");
    ucmd("sleep")
        .args(&["--", "-1"])
        .run()
        .code_is(1)
        .stderr_contains("invalid time interval '-1'");
    ucmd("sleep")
        .arg("x")
        .env("LC_ALL", "C.UTF-8")
        .run()
        .code_is(1)
        .stderr_contains("invalid time interval \u{2018}x\u{2019}");
}

#[test]
fn help_and_version() {
    ucmd("sleep")
        .arg("--help")
        .run()
        .success()
        .stdout_contains("Usage: sleep NUMBER[SUFFIX]...\n  or:  sleep OPTION\n");
    ucmd("sleep")
        .arg("--vers")
        .run()
        .success()
        .stdout_is("sleep (corebox) 0.1.0\n");
}

/// GNU checks argc, not the operands: `sleep --` sleeps for nothing.
#[test]
fn double_dash_alone_is_no_sleep() {
    ucmd("sleep")
        .args(&["--"])
        .run()
        .success()
        .stdout_is("")
        .stderr_is("");
    ucmd("sleep").run().code_is(1);
}
