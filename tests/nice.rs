//! nice: adjustments in every GNU form, clamping, errors and statuses.
use crate::harness::*;

fn n(args: &[&str]) -> Output {
    ucmd("nice").args(args).env("LC_ALL", "C").run()
}

/// The niceness that corebox's nice, run by `nice ARGS...`, reports.
fn after(args: &[&str]) -> String {
    let mut cmd = ucmd("nice").args(args);
    for w in corebox_argv() {
        cmd = cmd.arg(w);
    }
    cmd.arg("nice").run().stdout_str().trim().to_string()
}

#[test]
fn prints_and_adjusts() {
    let base: i32 = n(&[]).code_is(0).stdout_str().trim().parse().unwrap();
    let want = |d: i32| (base + d).min(19).to_string();
    for (args, d) in [
        (&[][..], 10),
        (&["-1"], 1),
        (&["-12"], 12),
        (&["-1", "-2"], 2),
        (&["-n", "1"], 1),
        (&["-n", "+1"], 1),
        (&["-n", "1", "-+12"], 12),
        (&["-2", "-n", "1"], 1),
        (&["--adjustment=3"], 3),
        (&["-n", "100"], 39),
        (&["-n", "99999999999999999999"], 39),
    ] {
        assert_eq!(after(args), want(d), "{args:?}");
    }
}

#[test]
fn errors() {
    n(&["-n", "x", "true"])
        .code_is(125)
        .stderr_is("nice: invalid adjustment 'x'\n");
    n(&["-n", "5"]).code_is(125).stderr_is(
        "nice: a command must be given with an adjustment\nTry 'nice --help' for more information.\n",
    );
    n(&["-n"]).code_is(125).stderr_is(
        "nice: option requires an argument -- 'n'\nTry 'nice --help' for more information.\n",
    );
    n(&["nonexistent-cmd"])
        .code_is(127)
        .stderr_is("nice: 'nonexistent-cmd': No such file or directory\n");
    n(&["/etc/passwd"])
        .code_is(126)
        .stderr_is("nice: '/etc/passwd': Permission denied\n");
    n(&["--", "false"]).code_is(1);
    ucmd("nice").stdout_to(Out::Full).run().code_is(125);
}

#[test]
fn same_as_gnu() {
    for args in [
        &["-n", "1x", "true"][..],
        &["-x"],
        &["--adj"],
        &["-5"],
        &["--", "-5"],
    ] {
        crate::harness::same_as_gnu("nice", args, None, None);
    }
}
