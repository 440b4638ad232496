//! kill: sending signals, -SIGNAL words, -l/-t listing and conversion.
use crate::harness::*;
use std::process::Command;

fn k(args: &[&str]) -> Output {
    ucmd("kill").args(args).env("LC_ALL", "C").run()
}

/// GNU's kill built in the GNU test-suite tree, when it is there (the
/// system's /usr/bin/kill is procps').
fn gnu_kill() -> Option<std::path::PathBuf> {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target/gnu/src/coreutils-9.1/src/kill");
    p.exists().then_some(p)
}

#[test]
fn sends_signals() {
    for (args, want) in [
        (&["-s", "USR1"][..], Some(10)),
        (&["-USR1"], Some(10)),
        (&["-10"], Some(10)),
        (&["-n", "sigusr2"], Some(12)),
        (&["--signal=INT"], Some(2)),
        (&["-s", "0"], None),
        (&[], Some(15)),
    ] {
        let mut sleep = Command::new("sleep");
        crate::harness::default_signals(&mut sleep);
        let mut child = sleep.arg("30").spawn().unwrap();
        let pid = child.id().to_string();
        let mut a: Vec<&str> = args.to_vec();
        a.push(&pid);
        k(&a).code_is(0).no_stdout().no_stderr();
        use std::os::unix::process::ExitStatusExt;
        match want {
            Some(sig) => assert_eq!(child.wait().unwrap().signal(), Some(sig)),
            None => {
                child.kill().unwrap();
                child.wait().unwrap();
            }
        }
    }
}

#[test]
fn bad_process_ids_and_signals() {
    k(&["999999999"])
        .code_is(1)
        .stderr_is("kill: '999999999': No such process\n");
    k(&["abc", " 12x", "99999999999"]).code_is(1).stderr_is(
        "kill: 'abc': invalid process id\nkill: ' 12x': invalid process id\nkill: '99999999999': invalid process id\n",
    );
    k(&[])
        .code_is(1)
        .stderr_is("kill: no process ID specified\nTry 'kill --help' for more information.\n");
    k(&["-s", "FOO", "1"])
        .code_is(1)
        .stderr_is("kill: 'FOO': invalid signal\nTry 'kill --help' for more information.\n");
    k(&["-9", "-HUP", "1"]).code_is(1).stderr_is(
        "kill: 'HUP': multiple signals specified\nTry 'kill --help' for more information.\n",
    );
    k(&["-lHUP"])
        .code_is(1)
        .stderr_is("kill: invalid option -- H\nTry 'kill --help' for more information.\n");
    k(&["-x"])
        .code_is(1)
        .stderr_is("kill: invalid option -- 'x'\nTry 'kill --help' for more information.\n");
    k(&["-l", "-s", "HUP"]).code_is(1).stderr_is(
        "kill: cannot combine signal with -l or -t\nTry 'kill --help' for more information.\n",
    );
    k(&["-l", "-t"]).code_is(1).stderr_is(
        "kill: multiple -l or -t options specified\nTry 'kill --help' for more information.\n",
    );
    // A number after the first argument is a process group.
    k(&["-s", "0", "-999999999"])
        .code_is(1)
        .stderr_is("kill: '-999999999': No such process\n");
}

#[test]
fn lists_and_converts() {
    let all = k(&["-l"]).code_is(0).stdout_str();
    let names: Vec<&str> = all.lines().collect();
    assert_eq!(names.len(), 62);
    assert_eq!(&names[..3], ["HUP", "INT", "QUIT"]);
    assert_eq!(names[29..33], ["PWR", "SYS", "RTMIN", "RTMIN+1"]);
    assert_eq!(names[61], "RTMAX");
    k(&["-l", "143", "SIGTERM", "term", "0", "64", "65"])
        .code_is(1)
        .stdout_is("TERM\n15\n15\nEXIT\nRTMAX\n")
        .stderr_is("kill: '65': invalid signal\n");
    k(&["-t", "9", "HUP", "0", "RTMAX-3"])
        .stdout_is(" 9 KILL     Killed\n 1 HUP      Hangup\n 0 EXIT     Unknown signal 0\n61 RTMAX-3  Real-time signal 27\n");
    let table = k(&["-L"]).stdout_str();
    assert!(table.starts_with(" 1 HUP      Hangup\n 2 INT      Interrupt\n"));
    assert!(table.contains("\n34 RTMIN    Real-time signal 0\n"));
}

#[test]
fn same_as_gnus_own_build() {
    let Some(g) = gnu_kill() else { return };
    for args in [
        &["-l"][..],
        &["-t"],
        &["-L", "1", "x"],
        &["-l", "255", "271", "sigrtmin+3", "IOT", "cld", "Io"],
        &["999999", "-9"],
        &["-s", "9", "-9", "999999"],
        &["--sig"],
        &["--list=x"],
        &["-HUP"],
        &["-0"],
    ] {
        let theirs = host("kill")
            .env("PATH", g.parent().unwrap())
            .args(args)
            .env("LC_ALL", "C")
            .run();
        k(args).same_as(&theirs);
    }
}
