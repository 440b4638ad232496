//! `--help` and `--version` of every applet: the help text is GNU 9.1's
//! (up to GNU's own footer of web links), and the usage lines name the
//! program as invoked.
use crate::harness::*;

fn applets() -> Vec<String> {
    corebox()
        .arg("--list")
        .run()
        .success()
        .stdout_str()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn help_text_is_gnus() {
    for a in applets() {
        if !have_gnu(&a) {
            continue;
        }
        let theirs = gnu(&a).arg("--help").run();
        let text = theirs.stdout_str();
        let body = match text.find("\nGNU coreutils online help") {
            Some(p) => &text[..p],
            None => &text[..],
        };
        // GNU false exits 1 after --help; everything else 0.
        let status = if a == "false" { 1 } else { 0 };
        ucmd(&a)
            .arg("--help")
            .run()
            .code_is(status)
            .no_stderr()
            .stdout_is(body);
    }
}

#[test]
fn version_names_the_applet() {
    for a in applets() {
        let status = if a == "false" { 1 } else { 0 };
        ucmd(&a)
            .arg("--version")
            .run()
            .code_is(status)
            .stdout_is(format!("{a} (corebox) 0.1.0\n"));
    }
}

#[test]
fn help_write_error() {
    for a in applets() {
        if a == "true" || a == "false" {
            continue; // GNU's true and false never report output errors
        }
        ucmd(&a).arg("--help").stdout_to(Out::Full).run().code_is(
            if a == "printenv" || a == "tty" {
                if a == "tty" {
                    3
                } else {
                    2
                }
            } else {
                1
            },
        );
    }
}
