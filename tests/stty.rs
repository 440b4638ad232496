//! stty on pseudo-terminals (script(1)): settings, -a, -g round trips,
//! window size, errors; differential against GNU's stty.
use crate::harness::*;

/// Runs the shell commands `cmds` on a fresh pseudo-terminal, `STTY`
/// standing for `stty` (corebox's, or GNU's when `gnu`): what the
/// terminal showed, or None without script(1).
fn on_pty(cmds: &str, gnu: bool) -> Option<String> {
    let stty = if gnu {
        "/usr/bin/stty".to_string()
    } else {
        format!("{} stty", corebox_line())
    };
    let script = format!("{}; echo rc=$?", cmds.replace("STTY", &stty));
    let text = crate::harness::on_pty(&script, |c| {
        c.env("LC_ALL", "C").env_remove("COLUMNS");
    })?;
    Some(text.replace(&stty, "stty").replace("/usr/bin/stty", "stty"))
}

#[test]
fn sane_terminal() {
    let Some(out) = on_pty("STTY sane; STTY; STTY -g", false) else {
        return;
    };
    assert_eq!(
        out,
        "speed 38400 baud; line = 0;\n\
         2502:5:bf:8a3b:3:1c:7f:15:4:0:1:0:11:13:1a:0:12:f:17:16:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0\nrc=0\n"
    );
}

#[test]
fn settings_and_round_trip() {
    let Some(out) = on_pty(
        "g=$(STTY -g); STTY raw -echo intr ^A min 3 time 2 rows 30 cols 90; STTY; STTY size; STTY \"$g\"; STTY -g; STTY size",
        false,
    ) else {
        return;
    };
    assert_eq!(
        out,
        "speed 38400 baud; line = 0;\nintr = ^A; min = 3; time = 2;\n\
         -brkint -icrnl -imaxbel\n-opost\n-isig -icanon -echo\n\
         30 90\n\
         500:5:bf:8a3b:3:1c:7f:15:4:0:1:0:11:13:1a:0:12:f:17:16:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0\n\
         30 90\nrc=0\n"
    );
}

#[test]
fn errors() {
    ucmd("stty")
        .stdin("")
        .env("LC_ALL", "C")
        .run()
        .code_is(1)
        .stderr_is("stty: 'standard input': Inappropriate ioctl for device\n");
    for (args, msg) in [
        (&["foo"][..], "stty: invalid argument 'foo'\nTry 'stty --help' for more information.\n"),
        (&["-cs8"], "stty: invalid argument '-cs8'\nTry 'stty --help' for more information.\n"),
        (&["intr"], "stty: missing argument to 'intr'\nTry 'stty --help' for more information.\n"),
        (&["-a", "-g"], "stty: the options for verbose and stty-readable output styles are\nmutually exclusive\n"),
        (&["-a", "echo"], "stty: when specifying an output style, modes may not be set\n"),
        (&["min", "300"], "stty: invalid integer argument: '300': Numerical result out of range\n"),
    ] {
        ucmd("stty").args(args).stdin("").env("LC_ALL", "C").run().code_is(1).stderr_is(msg);
    }
}

#[test]
fn same_as_gnu() {
    if !std::path::Path::new("/usr/bin/stty").exists() {
        return;
    }
    for s in [
        "raw",
        "cooked",
        "sane",
        "evenp",
        "oddp",
        "-pass8",
        "nl",
        "-nl",
        "ek",
        "cbreak",
        "litout",
        "decctlq",
        "-tabs",
        "lcase",
        "crt",
        "dec",
        "cs5",
        "cs7 -parenb",
        "hup",
        "tandem",
        "extproc",
        "iutf8 -imaxbel",
        "nl1 cr2 tab1 bs1 vt1 ff1",
        "ofill ofdel onocr onlret ocrnl olcuc",
        "intr ^A quit ^- erase ^? kill undef eof x eol 0x7f eol2 255 swtch 128 susp 200",
        "min 5 time 3 -icanon",
        "rows 30 cols 100",
        "line 3",
        "9600",
        "ispeed 2400",
        "ospeed 0",
        "115200",
        "exta",
        "--",
        "-- -echo",
        "drain -echo",
        "-F /dev/tty -a",
        "speed echo size",
    ] {
        let cmds = format!("STTY {s}; STTY; STTY -a; STTY -g");
        let (Some(ours), Some(theirs)) = (on_pty(&cmds, false), on_pty(&cmds, true)) else {
            return;
        };
        assert_eq!(ours, theirs, "{s}");
    }
}
