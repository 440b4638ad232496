//! stdbuf: modes, errors, and corebox's own applets honouring them.
use crate::harness::*;

fn s(args: &[&str]) -> Output {
    ucmd("stdbuf").args(args).env("LC_ALL", "C").run()
}

#[test]
fn bad_modes() {
    s(&["-o", "x", "true"])
        .code_is(125)
        .stderr_is("stdbuf: invalid mode 'x'\n");
    s(&["-o", "1x", "true"])
        .code_is(125)
        .stderr_is("stdbuf: invalid mode '1x'\n");
    s(&["-o", "99999999999999999999999", "true"])
        .code_is(125)
        .stderr_is(
        "stdbuf: invalid mode '99999999999999999999999': Value too large for defined data type\n",
    );
    s(&["-ol", "true"]).code_is(125);
    s(&["-iL", "true"]).code_is(125).stderr_is(
        "stdbuf: line buffering stdin is meaningless\nTry 'stdbuf --help' for more information.\n",
    );
    s(&["true"]).code_is(125).stderr_is(
        "stdbuf: you must specify a buffering mode option\nTry 'stdbuf --help' for more information.\n",
    );
    s(&["-oL"])
        .code_is(125)
        .stderr_is("stdbuf: missing operand\nTry 'stdbuf --help' for more information.\n");
}

/// `stdbuf OPTS corebox ...`: the variables GNU's library would read.
#[test]
fn corebox_applets_need_no_library() {
    let mut a = vec!["-o0".to_string(), "-eL".into(), "-i".into(), "1K".into()];
    a.extend(
        corebox_argv()
            .iter()
            .map(|x| x.to_string_lossy().into_owned()),
    );
    a.extend([
        "printenv".into(),
        "_STDBUF_I".into(),
        "_STDBUF_O".into(),
        "_STDBUF_E".into(),
    ]);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    s(&a).code_is(0).stdout_is("1024\n0\nL\n");
    let mut a = vec!["-o".to_string(), " 1KB".into()];
    a.extend(
        corebox_argv()
            .iter()
            .map(|x| x.to_string_lossy().into_owned()),
    );
    a.extend(["printenv".into(), "_STDBUF_O".into()]);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    s(&a).stdout_is("1000\n");
}

#[test]
fn line_buffering_takes_effect() {
    // uniq's first line must come out before its input ends.
    let c = corebox_line();
    let r = host("sh")
        .args(&[
            "-c",
            &format!("(echo 1; sleep 3; echo 2) | {c} stdbuf -oL {c} uniq"),
        ])
        .spawn();
    let start = std::time::Instant::now();
    r.wait_stdout("1\n");
    assert!(start.elapsed() < std::time::Duration::from_secs(3));
}

#[test]
fn command_errors() {
    s(&["-oL", "nonexistent-cmd"])
        .code_is(127)
        .stderr_is("stdbuf: failed to run command 'nonexistent-cmd': No such file or directory\n");
}
