//! pathchk: system limits, POSIX portability, leading hyphens.
use crate::harness::*;

fn p(args: &[&str]) -> Output {
    ucmd("pathchk").args(args).env("LC_ALL", "C").run()
}

#[test]
fn checks() {
    p(&["a", "/etc/passwd", "nonexistent/x"])
        .code_is(0)
        .no_stdout()
        .no_stderr();
    p(&["-p", "a b"])
        .code_is(1)
        .stderr_is("pathchk: nonportable character ' ' in file name 'a b'\n");
    p(&["-p", "aaaaaaaaaaaaaaa"]).code_is(1).stderr_is(
        "pathchk: limit 14 exceeded by length 15 of file name component 'aaaaaaaaaaaaaaa'\n",
    );
    p(&["-p", "aaaaaaaaaaaaaa"]).code_is(0);
    p(&["-P", "a/-b"])
        .code_is(1)
        .stderr_is("pathchk: leading '-' in a component of file name 'a/-b'\n");
    p(&["--portability", ""])
        .code_is(1)
        .stderr_is("pathchk: empty file name\n");
    p(&[""])
        .code_is(1)
        .stderr_is("pathchk: '': No such file or directory\n");
    p(&["/etc/passwd/x"])
        .code_is(1)
        .stderr_is("pathchk: /etc/passwd/x: Not a directory\n");
    let long = "c".repeat(5000);
    // lstat refuses it first.
    p(&[&long])
        .code_is(1)
        .stderr_is(format!("pathchk: {long}: File name too long\n"));
    let long = "d/".repeat(150);
    p(&["-p", &long]).code_is(1).stderr_is(format!(
        "pathchk: limit 255 exceeded by length 300 of file name '{long}'\n"
    ));
    let comp = format!("x/{}", "a".repeat(300));
    p(&[&comp]).code_is(1);
    p(&[])
        .code_is(1)
        .stderr_is("pathchk: missing operand\nTry 'pathchk --help' for more information.\n");
    ucmd("pathchk")
        .args(&["-p", "aé"])
        .env("LC_ALL", "C.UTF-8")
        .run()
        .stderr_is("pathchk: nonportable character ‘é’ in file name 'aé'\n");
}

#[test]
fn differential() {
    let long = "b".repeat(1030);
    let comp = format!("nonexistent/{}", "a".repeat(300));
    for args in [
        &["-p", &long][..],
        &[&long],
        &[&comp],
        &["-P", "-x"],
        &["--", "-p"],
        &["-p", "é"],
    ] {
        same_as_gnu("pathchk", args, None, None);
    }
}
