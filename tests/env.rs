//! env: environment edits, -S splitting, signals, exec errors and statuses.
use crate::harness::*;

fn e(args: &[&str]) -> Output {
    ucmd("env").args(args).env("LC_ALL", "C").run()
}

#[test]
fn prints_and_edits_the_environment() {
    e(&["-i", "A=1", "B=2"]).code_is(0).stdout_is("A=1\nB=2\n");
    e(&["-i", "A=1", "A=2", "=x"]).stdout_is("A=2\n=x\n");
    e(&["-i", "-0", "A=1", "B=2"]).stdout_is("A=1\0B=2\0");
    e(&["-", "A=1"]).stdout_is("A=1\n");
    ucmd("env")
        .env_clear()
        .env("X", "1")
        .env("Y", "2")
        .args(&["-u", "X"])
        .run()
        .stdout_is("Y=2\n");
    e(&["-u", "", "true"])
        .code_is(125)
        .stderr_is("env: cannot unset '': Invalid argument\n");
    e(&["-u", "a=b", "true"])
        .code_is(125)
        .stderr_is("env: cannot unset 'a=b': Invalid argument\n");
}

#[test]
fn runs_commands_with_the_new_path() {
    // The command is searched in the new PATH; none means /bin:/usr/bin.
    e(&["-i", "sh", "-c", "echo $0"]).stdout_is("sh\n");
    e(&["-i", "PATH=/nonexistent", "sh", "-c", "true"])
        .code_is(127)
        .stderr_is("env: 'sh': No such file or directory\n");
    e(&["-i", "A=1", "printenv", "A"]).stdout_is("1\n");
    let d = TempDir::new();
    e(&["-C", d.path().to_str().unwrap(), "pwd"])
        .stdout_is(format!("{}\n", d.path().canonicalize().unwrap().display()));
}

#[test]
fn exit_statuses_and_messages() {
    e(&["nonexistent-cmd"])
        .code_is(127)
        .stderr_is("env: 'nonexistent-cmd': No such file or directory\n");
    e(&["a b"]).code_is(127).stderr_is(
        "env: 'a b': No such file or directory\nenv: use -[v]S to pass options in shebang lines\n",
    );
    e(&["/etc/passwd"])
        .code_is(126)
        .stderr_is("env: '/etc/passwd': Permission denied\n");
    e(&["-C", "/nonexistent", "true"])
        .code_is(125)
        .stderr_is("env: cannot change directory to '/nonexistent': No such file or directory\n");
    e(&["-C", "/"]).code_is(125).stderr_is(
        "env: must specify command with --chdir (-C)\nTry 'env --help' for more information.\n",
    );
    e(&["-0", "true"]).code_is(125).stderr_is(
        "env: cannot specify --null (-0) with command\nTry 'env --help' for more information.\n",
    );
    e(&["-i -v", "true"]).code_is(125).stderr_is(
        "env: invalid option -- ' '\nenv: use -[v]S to pass options in shebang lines\nTry 'env --help' for more information.\n",
    );
    e(&["-x"])
        .code_is(125)
        .stderr_is("env: invalid option -- 'x'\nTry 'env --help' for more information.\n");
    e(&["false"]).code_is(1);
}

#[test]
fn split_string() {
    e(&["-i", "-S", "A=1 B='b c'\\_C=\"d\\te\" #x", "printenv"]).stdout_is("A=1\nB=b c\nC=d\te\n");
    e(&["-S", "printf \"%s\\_%s\\n\" a b"]).stdout_is("a b\n");
    e(&["-iS-u A printenv", "X"]).code_is(1).no_stdout();
    e(&["-v", "-S", "echo \"a b\"", "c"])
        .stdout_is("a b c\n")
        .stderr_is("split -S:  'echo \"a b\"'\n into:    'echo'\n     &    'a b'\nexecuting: echo\n   arg[0]= 'echo'\n   arg[1]= 'a b'\n   arg[2]= 'c'\n");
    for (s, msg) in [
        ("a\\q", "invalid sequence '\\q' in -S"),
        ("a\\", "invalid backslash at end of string in -S"),
        (
            "\"\\c\"",
            "'\\c' must not appear in double-quoted -S string",
        ),
        ("\"a", "no terminating quote in -S string"),
        ("$x", "only ${VARNAME} expansion is supported, error at: $x"),
    ] {
        e(&["-S", s])
            .code_is(125)
            .stderr_is(format!("env: {msg}\n"));
    }
    ucmd("env")
        .env("V", "x y")
        .args(&["-S", "printf %s| ${V} ${NONE}"])
        .run()
        .stdout_is("x y|");
}

#[test]
fn signal_dispositions_and_mask() {
    e(&[
        "--ignore-signal=PIPE,int",
        "--block-signal=TERM",
        "--list-signal-handling",
        "true",
    ])
    .code_is(0)
    .stderr_is("INT        ( 2): IGNORE\nPIPE       (13): IGNORE\nTERM       (15): BLOCK\n");
    e(&[
        "--block-signal=TERM",
        "--default-signal=TERM",
        "--list-signal-handling",
        "true",
    ])
    .no_stderr();
    // The child sees the disposition: an ignored SIGINT does not kill it.
    e(&[
        "--ignore-signal=INT",
        "sh",
        "-c",
        "kill -INT $$; echo alive",
    ])
    .stdout_is("alive\n");
    e(&["--ignore-signal=KILL", "true"])
        .code_is(125)
        .stderr_is("env: failed to set signal action for signal 9: Invalid argument\n");
    e(&["--ignore-signal=0", "true"])
        .code_is(125)
        .stderr_is("env: '0': invalid signal\nTry 'env --help' for more information.\n");
    e(&["--block-signal=RTMAX-1,sys", "-v", "true"]).stderr_is(
        "signal SYS (31) mask set to BLOCK\nsignal RTMAX-1 (63) mask set to BLOCK\nexecuting: true\n   arg[0]= 'true'\n",
    );
}

#[test]
fn differential() {
    // qemu-user keeps the last real-time signals for itself: blocking
    // every signal shows them unblocked under a runner.
    if runner().is_none() {
        crate::harness::same_as_gnu(
            "env",
            &["--block-signal", "--list-signal-handling", "true"],
            None,
            None,
        );
    }
    for args in [
        &["-i", "A=1", "-0"][..],
        &["-i", "-S", "A=1 B='x y' C=\"${HOME}\""],
        &["-vi", "A=1", "true"],
        &["--default-signal", "-v", "true"],
        &["--ignore-signal", "--list-signal-handling", "true"],
        &["-u"],
        &["--chdir"],
        &["--unknown"],
        &["--ignore-signal=SIGRTMIN+40", "true"],
    ] {
        crate::harness::same_as_gnu("env", args, None, None);
    }
}

#[test]
fn write_errors() {
    ucmd("env")
        .args(&["-i", "A=1"])
        .stdout_to(Out::Full)
        .run()
        .code_is(125)
        .stderr_is("env: write error: No space left on device\n");
}
