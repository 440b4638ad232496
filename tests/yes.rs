use crate::harness::*;
use std::io::Read;
use std::process::Stdio;

fn first_bytes(args: &[&str], n: usize) -> Vec<u8> {
    let mut c = ucmd("yes").args(args).command();
    c.stdout(Stdio::piped()).stderr(Stdio::null());
    let mut child = c.spawn().unwrap();
    let mut buf = vec![0u8; n];
    child.stdout.take().unwrap().read_exact(&mut buf).unwrap();
    child.kill().ok();
    child.wait().ok();
    buf
}

#[test]
fn default_y() {
    assert_eq!(first_bytes(&[], 10), b"y\ny\ny\ny\ny\n");
}

#[test]
fn joined_arguments_repeated_whole() {
    let out = first_bytes(&["ab", "c d"], 300_000);
    for line in out
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .take(300_000 / 7)
    {
        assert_eq!(line, b"ab c d");
    }
}

#[test]
fn options_anywhere_until_double_dash() {
    // GNU's yes parses with a permuting getopt: options count after
    // operands too, up to `--`.
    assert_eq!(first_bytes(&["--", "-x"], 6), b"-x\n-x\n");
    assert_eq!(first_bytes(&["a", "--", "-x"], 10), b"a -x\na -x\n");
    ucmd("yes")
        .args(&["a", "-x"])
        .run()
        .code_is(1)
        .stderr_is("yes: invalid option -- 'x'\nTry 'yes --help' for more information.\n");
    ucmd("yes")
        .args(&["a", "--help"])
        .run()
        .success()
        .stdout_contains("Usage: yes [STRING]...");
    ucmd("yes")
        .arg("-x")
        .run()
        .code_is(1)
        .stderr_is("yes: invalid option -- 'x'\nTry 'yes --help' for more information.\n");
    ucmd("yes")
        .arg("--version")
        .run()
        .success()
        .stdout_is("yes (corebox) 0.1.0\n");
    ucmd("yes")
        .arg("--help")
        .run()
        .success()
        .stdout_contains("Usage: yes [STRING]...");
}

#[test]
fn write_error_is_reported() {
    ucmd("yes")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("yes: standard output: No space left on device\n");
}

#[test]
fn dies_by_sigpipe_when_reader_goes() {
    let mut c = ucmd("yes").command();
    c.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = c.spawn().unwrap();
    let mut buf = [0u8; 4];
    child.stdout.as_mut().unwrap().read_exact(&mut buf).unwrap();
    drop(child.stdout.take());
    let st = child.wait().unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(st.signal(), Some(13), "killed by SIGPIPE");
}
