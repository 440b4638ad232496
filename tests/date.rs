use crate::harness::*;
use std::path::Path;

fn date(tz: &str) -> Cmd {
    ucmd("date").env("TZ", tz)
}

#[test]
fn formats_of_a_time() {
    let d = |args: &[&str], want: &str| {
        date("UTC0").args(args).run().success().stdout_is(want);
    };
    d(&["-d", "@1700000000"], "Tue Nov 14 22:13:20 UTC 2023\n");
    d(
        &["-d", "@1700000000", "-R"],
        "Tue, 14 Nov 2023 22:13:20 +0000\n",
    );
    d(
        &["-d", "@1700000000", "--rfc-email"],
        "Tue, 14 Nov 2023 22:13:20 +0000\n",
    );
    d(&["-d", "@1700000000", "-I"], "2023-11-14\n");
    d(
        &["-d", "@1700000000.123456789", "-Ins"],
        "2023-11-14T22:13:20,123456789+00:00\n",
    );
    d(
        &["-d", "@1700000000", "--iso-8601=h"],
        "2023-11-14T22+00:00\n",
    );
    d(
        &["-d", "@1700000000", "-Iminutes"],
        "2023-11-14T22:13+00:00\n",
    );
    d(
        &["-d", "@1700000000", "-Iseconds"],
        "2023-11-14T22:13:20+00:00\n",
    );
    d(
        &["-d", "@1700000000", "--rfc-3339=ns"],
        "2023-11-14 22:13:20.000000000+00:00\n",
    );
    d(
        &["-d", "@1700000000", "--rfc-3339=seconds"],
        "2023-11-14 22:13:20+00:00\n",
    );
    d(&["-d", "@1700000000", "--rfc-3339=date"], "2023-11-14\n");
    d(
        &["-d", "@1700000000", "+%s %N %-N|%j"],
        "1700000000 000000000 000000000|318\n",
    );
    d(&["--date=@-1", "+%F %T"], "1969-12-31 23:59:59\n");
    // -u is TZ=UTC0 whatever TZ says.
    date("Asia/Kolkata")
        .args(&["-u", "-d", "@0", "+%H:%M %Z"])
        .run()
        .success()
        .stdout_is("00:00 UTC\n");
    date("<+0530>-5:30")
        .args(&["-d", "@0", "+%H:%M %Z %z"])
        .run()
        .success()
        .stdout_is("05:30 +0530 +0530\n");
    date("CET-1CEST,M3.5.0,M10.5.0/3")
        .args(&["-d", "@1719792000", "+%c %Z"])
        .run()
        .success()
        .stdout_is("Mon Jul  1 02:00:00 2024 CEST\n");
    d(&["--resolution"], "0.000000001\n");
    // The current time, in a format given as the operand.
    let year = date("UTC0").arg("+%Y").run().success().stdout_str();
    assert!(
        year.len() == 5 && year.as_bytes()[..4].iter().all(u8::is_ascii_digit),
        "{year}"
    );
}

#[test]
fn reference_and_batch() {
    let t = TempDir::new();
    let f = t.write("f", "");
    ucmd("touch")
        .args(&["-d", "@1234567890.5"])
        .arg(&f)
        .run()
        .success();
    date("UTC0")
        .args(&["+%s.%N", "-r"])
        .arg(&f)
        .run()
        .success()
        .stdout_is("1234567890.500000000\n");
    date("UTC0")
        .args(&["-r", "nonexistent"])
        .run()
        .code_is(1)
        .stderr_is("date: nonexistent: No such file or directory\n");
    let list = t.write("list", "@1\nbogus\n@2\0junk\n@3");
    date("UTC0")
        .args(&["+%s", "-f"])
        .arg(&list)
        .run()
        .code_is(1)
        .stdout_is("1\n2\n3\n")
        .stderr_is("date: invalid date 'bogus'\n");
    date("UTC0")
        .args(&["+%s", "-f", "-"])
        .stdin("@5\n")
        .run()
        .success()
        .stdout_is("5\n");
    date("UTC0")
        .args(&["-f", "nonexistent"])
        .run()
        .code_is(1)
        .stderr_is("date: nonexistent: No such file or directory\n");
}

#[test]
fn errors() {
    let try_help = "Try 'date --help' for more information.\n";
    date("UTC0")
        .args(&["-d", "bogus"])
        .run()
        .code_is(1)
        .stderr_is("date: invalid date 'bogus'\n");
    date("UTC0")
        .args(&["-R", "-I"])
        .run()
        .code_is(1)
        .stderr_is("date: multiple output formats specified\n");
    date("UTC0")
        .args(&["-R", "+%s"])
        .run()
        .code_is(1)
        .stderr_is("date: multiple output formats specified\n");
    date("UTC0")
        .args(&["-d", "now", "-r", "/"])
        .run()
        .code_is(1)
        .stderr_is(format!(
            "date: the options to specify dates for printing are mutually exclusive\n{try_help}"
        ));
    date("UTC0")
        .args(&["-s", "now", "-d", "now"])
        .run()
        .code_is(1)
        .stderr_is(format!(
            "date: the options to print and set the time may not be used together\n{try_help}"
        ));
    date("UTC0")
        .args(&["+%s", "+%s"])
        .run()
        .code_is(1)
        .stderr_is(format!("date: extra operand '+%s'\n{try_help}"));
    date("UTC0")
        .args(&["-d", "now", "%s"])
        .run()
        .code_is(1)
        .stderr_is(format!(
            "date: the argument '%s' lacks a leading '+';\nwhen using an option to specify date(s), any non-option\nargument must be a format string beginning with '+'\n{try_help}"
        ));
    date("UTC0")
        .args(&["--iso-8601=x"])
        .run()
        .code_is(1)
        .stderr_is(format!(
            "date: invalid argument 'x' for '--iso-8601'\nValid arguments are:\n  - 'hours'\n  - 'minutes'\n  - 'date'\n  - 'seconds'\n  - 'ns'\n{try_help}"
        ));
    date("UTC0")
        .args(&["--rfc-3339=hours"])
        .run()
        .code_is(1)
        .stderr_is(format!(
            "date: invalid argument 'hours' for '--rfc-3339'\nValid arguments are:\n  - 'date'\n  - 'seconds'\n  - 'ns'\n{try_help}"
        ));
    // An invalid operand to set is refused before any setting.
    date("UTC0")
        .args(&["13010000"])
        .run()
        .code_is(1)
        .stderr_is("date: invalid date '13010000'\n");
    date("UTC0")
        .args(&["-d", "@99999999999999999", "+%s"])
        .run()
        .code_is(1)
        .stderr_is("date: time '99999999999999999' is out of range\n");
    date("UTC0")
        .args(&["-d", "@0"])
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("date: write error: No space left on device\n");
}

#[test]
fn setting_needs_privilege() {
    if crate::tree::is_root() {
        return;
    }
    date("UTC0")
        .args(&["-s", "@0"])
        .run()
        .code_is(1)
        .stdout_is("Thu Jan  1 00:00:00 UTC 1970\n")
        .stderr_is("date: cannot set date: Operation not permitted\n");
    date("UTC0")
        .args(&["010100001970"])
        .run()
        .code_is(1)
        .stdout_is("Thu Jan  1 00:00:00 UTC 1970\n")
        .stderr_is("date: cannot set date: Operation not permitted\n");
}

/// Instants across 1901-2100 and the edges of 32-bit time.
fn instants() -> String {
    let mut s = String::new();
    for t in [
        0i64,
        -1,
        2147483647,
        2147483648,
        -2147483648,
        -2147483649,
        4102444800,
    ] {
        s += &format!("@{t}\n");
    }
    let mut t: i64 = -2_147_000_000;
    while t < 4_102_444_800 {
        s += &format!("@{t}\n");
        t += 15_778_463 + (t.rem_euclid(86_400) / 7);
    }
    s
}

/// Every zone file of the host's zoneinfo (every ninth under qemu-user)
/// at ~400 instants, against GNU date (glibc's localtime).
#[test]
fn every_zone_as_glibc() {
    if !have_gnu("date") || !Path::new("/usr/share/zoneinfo/UTC").exists() {
        return;
    }
    let mut zones = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from("/usr/share/zoneinfo")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                if !p.ends_with("posix") {
                    dirs.push(p);
                }
            } else if std::fs::read(&p).is_ok_and(|b| b.starts_with(b"TZif")) {
                zones.push(p.strip_prefix("/usr/share/zoneinfo").unwrap().to_owned());
            }
        }
    }
    zones.sort();
    let step = if runner().is_some() { 9 } else { 1 };
    let t = TempDir::new();
    let list = t.write("instants", instants());
    let fmt = "+%Y-%m-%d %H:%M:%S %z %Z %a %j %U %V %G";
    for z in zones.iter().step_by(step) {
        let run = |c: Cmd| c.env("TZ", z).args(&[fmt, "-f"]).arg(&list).run();
        let theirs = run(gnu("date"));
        run(ucmd("date")).same_as(&theirs);
    }
}

/// The corpus of date strings (tests/data/date-corpus.txt: every rule
/// of GNU's grammar, valid and invalid) through `date -f` in several
/// zones, against GNU date. Strings relative to the clock can differ when
/// the two runs straddle a second: such a difference is retried.
#[test]
fn date_strings_as_gnu() {
    if !have_gnu("date") {
        return;
    }
    let t = TempDir::new();
    let corpus = t.write("corpus", &include_bytes!("data/date-corpus.txt")[..]);
    let mut zones = vec!["UTC0", "EST5EDT,M3.2.0,M11.1.0", "<+0530>-5:30"];
    if Path::new("/usr/share/zoneinfo/Europe/Berlin").exists() {
        zones.extend(["Europe/Berlin", "Australia/Sydney", "America/Sao_Paulo"]);
    }
    for tz in zones {
        let run = |c: Cmd| {
            c.env("TZ", tz)
                .args(&["-f"])
                .arg(&corpus)
                .arg("+%F %T %z %s")
                .run()
        };
        // Strings relative to now ("tomorrow", "now 1 day") give the time
        // of the run: GNU runs before and after ours, and a line of ours
        // must be one of theirs or, where the clock moved between them, a
        // time between the two (under a loaded qemu the run can take
        // seconds). So for stderr, where such a time is out of range
        // (`-9223372036854775808 years ago`). Every other line and the
        // status are exact.
        let before = run(gnu("date"));
        let ours = run(ucmd("date"));
        let after = run(gnu("date"));
        // The seconds a line shows: the last word of stdout's format, the
        // number quoted in stderr's `time 'N' is out of range`.
        let secs = |l: &str| -> Option<i64> {
            let n = l
                .strip_suffix(" is out of range")
                .map_or(l.rsplit(' ').next()?, |t| {
                    t.rsplit(' ').next().unwrap_or("")
                });
            n.trim_matches(|c: char| !c.is_ascii_digit() && c != '-')
                .parse()
                .ok()
        };
        let within = |o: &str, b: &str, a: &str| {
            o == b
                || o == a
                || b != a
                    && matches!((secs(b), secs(o), secs(a)), (Some(b), Some(o), Some(a))
                        if b.min(a) <= o && o <= b.max(a))
        };
        for (what, text) in [
            ("stdout", Output::stdout_str as fn(&Output) -> String),
            ("stderr", Output::stderr_str),
        ] {
            let lines = |o: &Output| text(o).lines().map(String::from).collect::<Vec<_>>();
            let (b, o, a) = (lines(&before), lines(&ours), lines(&after));
            assert_eq!(b.len(), a.len(), "GNU's two runs differ in {what} ({tz})");
            assert_eq!(o.len(), b.len(), "{what} lines differ from GNU ({tz})");
            for ((o, b), a) in o.iter().zip(&b).zip(&a) {
                assert!(
                    within(o, b, a),
                    "TZ={tz} {what}: ours {o:?}, GNU before {b:?}, after {a:?}"
                );
            }
        }
        assert_eq!(ours.code, before.code, "status ({tz})");
    }
}

/// A format with no local time in it (`%s`, `%N`) reads no zone file:
/// with TZ naming a FIFO no one writes, opening it would block.
#[test]
fn seconds_read_no_zone_file() {
    let t = TempDir::new();
    let fifo = t.join("zone");
    host("mkfifo").arg(&fifo).run().success();
    let tz = fifo.display().to_string();
    let o = host("timeout")
        .args(&["10", "sh", "-c", &(corebox_line() + " date +%s.%N")])
        .env("TZ", &tz)
        .run()
        .success();
    let out = o.stdout_str();
    assert!(out.len() == 21 && out.as_bytes()[10] == b'.', "{out}");
    // The FIFO blocks a reader: a date string is read in the zone.
    host("timeout")
        .args(&["1", "sh", "-c", &(corebox_line() + " date -d @5 +%s")])
        .env("TZ", &tz)
        .run()
        .code_is(124);
}

/// A daylight zone named with no rule (`CET-1CEST`, `XXX5YYY,`) takes the
/// transitions of `posixrules` under its own names and offsets, as glibc's
/// __tzfile_default moves them (differently before and after a mktime).
#[test]
fn rules_from_posixrules_as_glibc() {
    if !have_gnu("date") || !Path::new("/usr/share/zoneinfo/posixrules").exists() {
        return;
    }
    let t = TempDir::new();
    let mut at = String::new();
    let mut local = String::new();
    for y in [1918i64, 1967, 2005, 2020, 2037, 2040] {
        for day in ["03-08", "03-14", "10-27", "10-29", "11-01", "11-07"] {
            for h in [0, 1, 5, 6, 7, 8, 12, 13, 22] {
                local.push_str(&format!("{y}-{day} {h:02}:30\n"));
            }
        }
        let start = (y - 1970) * 31_556_952;
        for k in 0..200 {
            at.push_str(&format!("@{}\n", start + k * 157_779));
        }
    }
    let at = t.write("at", at.as_bytes());
    let both = t.write(
        "both",
        (local.clone() + &std::fs::read_to_string(&at).unwrap()).as_bytes(),
    );
    for tz in ["CET-1CEST", "XXX5YYY,", "AAA-10BBB-11", "EST5EDT"] {
        for file in [&at, &both] {
            let run = |c: Cmd| {
                c.env("TZ", tz)
                    .arg("-f")
                    .arg(file)
                    .arg("+%F %T %z %Z")
                    .run()
            };
            run(ucmd("date")).same_as(&run(gnu("date")));
        }
    }
}

/// `-f DIR`: GNU's getline fails at once and date ends quietly, exit 0.
#[test]
fn file_of_dates_that_is_a_directory() {
    ucmd("date")
        .args(&["-f", "/"])
        .run()
        .code_is(0)
        .no_stderr()
        .stdout_is("");
    if have_gnu("date") {
        let theirs = gnu("date").args(&["-f", "/"]).run();
        ucmd("date").args(&["-f", "/"]).run().same_as(&theirs);
    }
}

/// `date -f -` reading a closed standard input: GNU's batch_convert
/// ends at the failed read and its fclose (stdin) reports EBADF.
#[test]
fn file_option_on_closed_stdin() {
    ucmd("date")
        .args(&["-f", "-"])
        .stdin_closed()
        .run()
        .code_is(1)
        .no_stdout()
        .stderr_is("date: 'standard input': Bad file descriptor\n");
}

/// GNU's `%s` is a mktime of the shown local time, and glibc's mktime
/// starts from its previous answer: after a line in another zone, an
/// ambiguous time of the next line (the hour repeated in November) is
/// standard time when the format has `%s` and daylight time without.
#[test]
fn seconds_conversion_guides_the_next_mktime() {
    let t = TempDir::new();
    let f = t.write("lines", b"TZ=\"UTC0\" 2020-12-15 10:00\n2020-11-01 01:30\n");
    for (fmt, want) in [
        ("+%z", "-0500\n-0400\n"),
        ("+%z %s", "-0500 1608026400\n-0500 1604212200\n"),
    ] {
        let run = |c: Cmd| {
            c.env("TZ", "EST5EDT,M3.2.0,M11.1.0")
                .arg("-f")
                .arg(&f)
                .arg(fmt)
                .run()
        };
        let ours = run(ucmd("date")).success().stdout_is(want);
        if have_gnu("date") {
            ours.same_as(&run(gnu("date")));
        }
    }
}
