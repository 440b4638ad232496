use crate::harness::*;
use std::path::Path;

fn input(d: &Path) {
    let lines: String = (1..=50).map(|i| format!("{i}\n")).collect();
    std::fs::write(d.join("in"), lines).unwrap();
    std::fs::write(d.join("noeol"), "a\nb\nc").unwrap();
}

fn same(args: &[&str]) {
    same_files_as_gnu("csplit", args, b"x\ny\n", input, |e| e.to_vec());
}

/// Line numbers, regexps with offsets, skips, repeat counts, the options
/// that name and keep files: the same pieces, sizes, messages and status
/// as GNU's, and on errors the same files left (or removed).
#[test]
fn csplit_like_gnu() {
    for args in [
        &["in", "10"][..],
        &["in", "10", "20"],
        &["in", "10", "{2}"],
        &["in", "10", "{*}"],
        &["in", "/5/", "{3}"],
        &["in", "/5/", "{*}"],
        &["in", "/[2-4]0/", "{*}"],
        &["in", "%3%", "/9/"],
        &["in", "/1/+2", "{*}"],
        &["in", "/7/-3", "{1}"],
        &["in", "/7/-10"],
        &["in", "60"],
        &["in", "5", "3"],
        &["in", "5", "5"],
        &["in", "/nomatch/"],
        &["in", "%nomatch%"],
        &["-k", "in", "/nomatch/"],
        &["-s", "in", "10", "20"],
        &["-z", "in", "1", "2", "3", "{5}"],
        &["--suppress-matched", "in", "/0/", "{*}"],
        &["--suppress-matched", "in", "10", "{2}"],
        &["-f", "pre", "-n", "4", "in", "10"],
        &["-b", "x%03dy", "in", "10", "20"],
        &["-b", "%x", "in", "10", "{*}"],
        &["-b", "%#o", "in", "10", "{*}"],
        &["-b", "%-4d.", "in", "10"],
        &["-b", "%d%d", "in", "10"],
        &["-b", "abc", "in", "10"],
        &["-b", "%s", "in", "10"],
        &["-b", "%'d", "in", "10"],
        &["-b", "%#d", "in", "10"],
        &["in", "/[/"],
        &["in", "/[a/"],
        &["in", "/5"],
        &["in", "/5/x"],
        &["in", "0"],
        &["in", "abc"],
        &["in", "10", "{x}"],
        &["in", "10", "{3"],
        &["missing", "10"],
        &["-n", "x", "in", "1"],
        &["in", "50"],
        &["in", "51"],
        &["in", "49", "{1}"],
        &["in", "/5/", "{10}"],
        &["noeol", "/b/"],
        &["noeol", "2", "{*}"],
        &["-", "/y/"],
    ] {
        same(args);
    }
}

#[test]
fn errors() {
    ucmd("csplit")
        .run()
        .code_is(1)
        .stderr_is("csplit: missing operand\nTry 'csplit --help' for more information.\n");
    ucmd("csplit").args(&["f"]).run().code_is(1).stderr_is(
        "csplit: missing operand after 'f'\nTry 'csplit --help' for more information.\n",
    );
    let t = TempDir::new();
    input(t.path());
    ucmd("csplit")
        .args(&["in", "/nomatch/"])
        .current_dir(t.path())
        .run()
        .code_is(1)
        .stdout_is("141\n")
        .stderr_is("csplit: '/nomatch/': match not found\n");
    assert!(!t.join("xx00").exists());
    ucmd("csplit")
        .args(&["in", "20", "{5}"])
        .current_dir(t.path())
        .run()
        .code_is(1)
        .stdout_is("48\n60\n33\n")
        .stderr_is("csplit: '20': line number out of range on repetition 2\n");
}

/// A piece that does not fit (a full tmpfs, where root may mount one):
/// GNU's message for the write or the close that fails, the pieces made
/// removed, as GNU's (whose own test of this, csplit-io-err.sh, needs
/// LD_PRELOAD and skips for a static binary).
#[test]
fn write_errors_remove_the_pieces() {
    let t = TempDir::new();
    let mnt = t.join("small");
    let Some(_m) = mount(&["-t", "tmpfs", "-o", "size=8k", "tmpfs"], &mnt) else {
        return;
    };
    let mut data = b"first\n".to_vec();
    for i in 0..3000 {
        data.extend_from_slice(format!("line {i}\n").as_bytes());
    }
    t.write("in", &data);
    for (args, msg) in [
        (
            &["in", "2"][..],
            "csplit: write error for 'small/x01': No space left on device\n",
        ),
        (
            &["in", "2", "2000"],
            "csplit: write error for 'small/x01': No space left on device\n",
        ),
    ] {
        let mut a = vec!["-f", "small/x"];
        a.extend_from_slice(args);
        let o = ucmd("csplit").args(&a).current_dir(t.path()).run();
        o.code_is(1).stdout_is("6\n").stderr_is(msg);
        assert_eq!(std::fs::read_dir(&mnt).unwrap().count(), 0);
        if have_gnu("csplit") {
            let g = gnu("csplit").args(&a).current_dir(t.path()).run();
            assert_eq!(g.code, Some(1));
            assert_eq!(String::from_utf8_lossy(&g.stderr), msg);
        }
    }
}

/// A regex pattern in a UTF-8 locale: `.` is one character, as GNU's.
#[test]
fn regex_matches_characters_in_utf8() {
    for (l, sizes, first) in [
        ("C.UTF-8", "3\n5\n", "ab\n"),
        ("C", "6\n2\n", "ab\n\u{e9}\n"),
    ] {
        let t = TempDir::new();
        std::fs::write(t.join("in"), "ab\n\u{e9}\nc\n").unwrap();
        ucmd("csplit")
            .args(&["in", "/^.$/"])
            .env("LC_ALL", l)
            .current_dir(t.path())
            .run()
            .success()
            .stdout_is(sizes);
        assert_eq!(std::fs::read_to_string(t.join("xx00")).unwrap(), first);
    }
}
