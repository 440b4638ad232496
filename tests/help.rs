//! `--help` and `--version` of every applet: the help text is GNU 9.1's
//! (up to GNU's own footer of web links), and the usage lines name the
//! program as invoked. In a build without the long texts
//! (`COREBOX_HELP=short`) the usage lines are GNU's and the option lines
//! follow them.
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
        let ours = ucmd(&a).arg("--help").run().code_is(status).no_stderr();
        if full_help() {
            ours.stdout_is(body);
        } else {
            short_help_is(&a, body, &ours.stdout_str());
        }
    }
}

/// A short build's `--help`: GNU's usage lines, then one line per option
/// (`  -b, --number-nonblank`, `      --help`), `--help` and `--version`
/// last.
fn short_help_is(name: &str, gnu: &str, ours: &str) {
    let usage: Vec<&str> = gnu
        .lines()
        .take_while(|l| l.starts_with("Usage: ") || l.starts_with("  or:  "))
        .collect();
    let lines: Vec<&str> = ours.lines().collect();
    if usage.is_empty() {
        // test: no help at all.
        return assert_eq!(ours, gnu, "{name}");
    }
    assert_eq!(&lines[..usage.len()], &usage[..], "{name}: usage lines");
    let opts = &lines[usage.len()..];
    assert_eq!(
        opts[opts.len() - 2..],
        ["      --help", "      --version"],
        "{name}"
    );
    for l in opts {
        assert!(
            l.starts_with("  -") || l.starts_with("      --"),
            "{name}: {l:?}"
        );
    }
}

/// Run by a path, GNU names the program by that path in the usage lines
/// and in its examples (basename, cat, chgrp, chown, comm, dirname).
#[test]
fn help_names_the_program_as_invoked() {
    let t = TempDir::new();
    std::fs::create_dir(t.join("g")).unwrap();
    std::fs::create_dir(t.join("c")).unwrap();
    for a in applets() {
        if !have_gnu(&a) {
            continue;
        }
        let (g, c) = (t.join("g").join(&a), t.join("c").join(&a));
        std::os::unix::fs::symlink(format!("/usr/bin/{a}"), &g).unwrap();
        std::os::unix::fs::symlink(bin(), &c).unwrap();
        let theirs = host(&g).arg("--help").run();
        let text = theirs
            .stdout_str()
            .replace(&g.display().to_string(), &c.display().to_string());
        let body = match text.find("\nGNU coreutils online help") {
            Some(p) => &text[..p],
            None => &text[..],
        };
        let ours = program(&c).arg("--help").run().no_stderr();
        if full_help() {
            ours.stdout_is(body);
        } else {
            short_help_is(&a, body, &ours.stdout_str());
        }
    }
}

#[test]
fn version_names_the_applet() {
    for a in applets() {
        let status = if a == "false" { 1 } else { 0 };
        // test has no options: --version is a nonempty string (true).
        let want = match a.as_str() {
            "test" => String::new(),
            _ => format!("{a} (corebox) 0.1.0\n"),
        };
        ucmd(&a)
            .arg("--version")
            .run()
            .code_is(status)
            .stdout_is(want);
    }
}

#[test]
fn help_write_error() {
    for a in applets() {
        // test prints no help; the others fail with their EXIT_FAILURE.
        let status = match a.as_str() {
            "test" => 0,
            "printenv" | "[" | "ls" | "dir" | "vdir" | "sort" => 2,
            "tty" | "expr" => 3,
            "env" | "nice" | "nohup" | "timeout" | "stdbuf" | "chroot" => 125,
            _ => 1,
        };
        ucmd(&a)
            .arg("--help")
            .stdout_to(Out::Full)
            .run()
            .code_is(status);
    }
}
