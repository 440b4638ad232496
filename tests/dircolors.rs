use crate::harness::*;
use std::path::Path;

/// `cmd` with exactly the environment `env` (and LC_ALL=C unless `env`
/// sets it): TERM, COLORTERM and SHELL come from nowhere else.
fn with_env(cmd: Cmd, env: &[(&str, &str)]) -> Cmd {
    let path = format!(
        "/usr/bin:/bin:{}",
        std::env::var("PATH").unwrap_or_default()
    );
    let mut c = cmd.env_clear().env("PATH", path);
    if !env.iter().any(|(k, _)| *k == "LC_ALL") {
        c = c.env("LC_ALL", "C");
    }
    for (k, v) in env {
        c = c.env(k, v);
    }
    c
}

/// GNU's dircolors and ours give the same output and status for `args`
/// with environment `env`, standard input `stdin`, in `dir`.
#[track_caller]
fn same(args: &[&str], env: &[(&str, &str)], stdin: Option<&[u8]>, dir: Option<&Path>) {
    if !have_gnu("dircolors") {
        return;
    }
    let run = |c: Cmd| {
        let mut c = with_env(c, env).args(args);
        if let Some(s) = stdin {
            c = c.stdin(s);
        }
        if let Some(d) = dir {
            c = c.current_dir(d);
        }
        c.run()
    };
    let theirs = run(gnu("dircolors"));
    let ours = run(ucmd("dircolors"));
    let show = |o: &Output| {
        format!(
            "status {:?}\nstdout {:?}\nstderr {:?}",
            o.code,
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    };
    assert!(
        ours.stdout == theirs.stdout && ours.stderr == theirs.stderr && ours.code == theirs.code,
        "dircolors {args:?} with {env:?} differs from GNU:\nours: {}\nGNU's: {}",
        show(&ours),
        show(&theirs)
    );
}

/// [`same`] on the database `db` given as a file and on standard input.
#[track_caller]
fn same_db(args: &[&str], env: &[(&str, &str)], db: &[u8]) {
    let t = TempDir::new();
    t.write("db", db);
    let mut with_file = args.to_vec();
    with_file.push("db");
    same(&with_file, env, None, Some(t.path()));
    let mut with_stdin = args.to_vec();
    with_stdin.push("-");
    same(&with_stdin, env, Some(db), None);
}

#[test]
fn small_database() {
    let t = TempDir::new();
    t.write("db", "# comment\nDIR 01;34\n.gz 31 # archives\n*~ 90\n");
    with_env(ucmd("dircolors"), &[])
        .args(&["-b", "db"])
        .current_dir(t.path())
        .run()
        .success()
        .no_stderr()
        .stdout_is("LS_COLORS='di=01;34:*.gz=31:*~=90:';\nexport LS_COLORS\n");
    with_env(ucmd("dircolors"), &[])
        .args(&["--csh", "db"])
        .current_dir(t.path())
        .run()
        .success()
        .stdout_is("setenv LS_COLORS 'di=01;34:*.gz=31:*~=90:'\n");
    with_env(ucmd("dircolors"), &[])
        .args(&["--print-ls-colors", "-"])
        .stdin("OWT 40;33\n")
        .run()
        .success()
        .stdout_is("\x1b[40;33mtw\t40;33\x1b[0m\n");
    with_env(ucmd("dircolors"), &[])
        .arg("-b")
        .stdin("exec 'echo Hello;:'\n")
        .arg("-")
        .run()
        .success()
        .stdout_is("LS_COLORS='ex='\\''echo Hello;\\:'\\'':';\nexport LS_COLORS\n");
}

#[test]
fn print_database() {
    let out = with_env(ucmd("dircolors"), &[])
        .arg("-p")
        .run()
        .success()
        .no_stderr()
        .stdout_str();
    assert!(out.starts_with("# Configuration file for dircolors, a utility to help you set the\n"));
    assert!(out.contains("\nTERM xterm*\n") && out.contains("\nDIR 01;34 # directory\n"));
    same(&["-p"], &[], None, None);
    same(&["--print-database"], &[("TERM", "dumb")], None, None);
    same(&["--print-d"], &[], None, None);
}

#[test]
fn usage_errors() {
    let errors: &[(&[&str], &str)] = &[
        (
            &["-b", "-p"],
            "dircolors: the options to output non shell syntax,\nand to select a shell syntax are mutually exclusive\n",
        ),
        (
            &["-p", "--print-ls-colors"],
            "dircolors: options --print-database and --print-ls-colors are mutually exclusive\n",
        ),
        (
            &["-p", "x"],
            "dircolors: extra operand 'x'\nfile operands cannot be combined with --print-database (-p)\n",
        ),
        (&["-b", "x", "y"], "dircolors: extra operand 'y'\n"),
        (&["-x"], "dircolors: invalid option -- 'x'\n"),
    ];
    for (args, err) in errors {
        with_env(ucmd("dircolors"), &[])
            .args(args)
            .run()
            .code_is(1)
            .no_stdout()
            .stderr_is(format!(
                "{err}Try 'dircolors --help' for more information.\n"
            ));
    }
    with_env(ucmd("dircolors"), &[])
        .run()
        .code_is(1)
        .no_stdout()
        .stderr_is("dircolors: no SHELL environment variable, and no shell type option given\n");
    for args in [
        &["-b", "-p"][..],
        &["-c", "--print-ls-colors"],
        &["--sh", "--print-database"],
        &["-bp"],
        &["-p", "--print-ls-colors"],
        &["-p", "--print-ls-colors", "-c"],
        &["-p", "x"],
        &["-p", "x", "y"],
        &["x", "y"],
        &["--print-ls-colors", "x", "y"],
        &["-b", "-p", "x"],
        &["--print"],
        &["--bogus"],
        &["-q"],
        &["--sh=x"],
        &["--", "-p", "x"],
    ] {
        same(args, &[("SHELL", "/bin/sh")], None, None);
    }
    same(&[], &[], None, None);
    same(&["-"], &[("SHELL", "")], Some(b"DIR 1\n"), None);
    same(&["--print-ls-colors"], &[], None, None);
}

#[test]
fn options_like_gnu() {
    let t = TempDir::new();
    t.write("db", "TERM x*\nDIR 1\n.c 2\n");
    for args in [
        &["-b"][..],
        &["--sh"],
        &["--bourne-shell"],
        &["--b"],
        &["-c"],
        &["--csh"],
        &["--c-shell"],
        &["--c"],
        &["-c", "-b"],
        &["-b", "-c"],
        &["--print-ls-colors"],
        &["--print-l"],
        &["-p"],
        &["-b", "db"],
        &["db", "-c"],
        &["--print-ls-colors", "db"],
        &["--", "db"],
    ] {
        for term in ["xterm", "dumb"] {
            same(args, &[("TERM", term)], None, Some(t.path()));
        }
    }
}

#[test]
fn term_like_gnu() {
    // The built-in database knows these terminals (globs among them).
    for term in [
        "xterm",
        "xterm-256color",
        "screen.xterm",
        "rxvt-unicode",
        "con80x25",
        "con132x",
        "linux",
        "linux-c",
        "st",
        "st-256color",
        "vt100",
        "vt220",
        "dumb",
        "none",
        "",
        "Eterm",
        "eterm",
        "tmux-256color",
        "foot-direct",
        "alacritty",
    ] {
        same(&["-b"], &[("TERM", term)], None, None);
        same(&["--print-ls-colors"], &[("TERM", term)], None, None);
    }
    same(&["-b"], &[], None, None);
    same(
        &["-c"],
        &[("TERM", "dumb"), ("COLORTERM", "truecolor")],
        None,
        None,
    );
    same(&["-c"], &[("TERM", "dumb"), ("COLORTERM", "")], None, None);
    // TERM and COLORTERM lines: several in a row (any may match), lines
    // before the first (always read), a match ended by the next TERM.
    let db = b"DIR 1\nTERM a*\nTERM b*\nLINK 2\n.x 3\nCOLORTERM ?*\nFIFO 4\nTERM none\nSOCK 5\nterm c?\ncolorterm tr*\nBLK 6\n";
    for term in ["a", "abc", "b", "c", "cc", "none", "dumb"] {
        for colorterm in [None, Some(""), Some("truecolor"), Some("x")] {
            let mut env = vec![("TERM", term)];
            if let Some(c) = colorterm {
                env.push(("COLORTERM", c));
            }
            same_db(&["-b"], &env, db);
        }
    }
    same_db(&["-b"], &[], b"TERM none\nowt 40;33\n");
    same_db(&["-b"], &[], b"TERM non*\nowt 40;33\n");
    same_db(&["-b"], &[], b"TERM N*match\nowt 40;33\n");
    same_db(
        &["-b"],
        &[("COLORTERM", "any")],
        b"COLORTERM ?*\nowt 40;33\n",
    );
    same_db(&["-b"], &[("COLORTERM", "")], b"COLORTERM ?*\nowt 40;33\n");
}

#[test]
fn shell_like_gnu() {
    for shell in [
        "/bin/sh",
        "/bin/csh",
        "/bin/tcsh",
        "csh",
        "tcsh",
        "/usr/bin/zsh",
        "/bin/csh/",
        "//csh",
        "/x/tcsh//",
        "/",
        "bash",
        "cshx",
        "/bin/CSH",
        "",
    ] {
        same(&[], &[("SHELL", shell), ("TERM", "dumb")], None, None);
        same_db(&[], &[("SHELL", shell)], b"DIR a'b\n");
    }
}

#[test]
fn keywords_like_gnu() {
    let mut db = String::new();
    for (i, k) in [
        "NORMAL",
        "NORM",
        "FILE",
        "RESET",
        "DIR",
        "LNK",
        "LINK",
        "SYMLINK",
        "ORPHAN",
        "MISSING",
        "FIFO",
        "PIPE",
        "SOCK",
        "BLK",
        "BLOCK",
        "CHR",
        "CHAR",
        "DOOR",
        "EXEC",
        "LEFT",
        "LEFTCODE",
        "RIGHT",
        "RIGHTCODE",
        "END",
        "ENDCODE",
        "SUID",
        "SETUID",
        "SGID",
        "SETGID",
        "STICKY",
        "OTHER_WRITABLE",
        "OWR",
        "STICKY_OTHER_WRITABLE",
        "OWT",
        "CAPABILITY",
        "MULTIHARDLINK",
        "CLRTOEOL",
        "dir",
        "Sticky_Other_Writable",
        "options",
        "COLOR",
        "eightbit",
        "*.txt",
        ".tar",
        "*~",
        "*README",
        ".",
        "*",
    ]
    .iter()
    .enumerate()
    {
        db.push_str(&format!("{k} {i};1\n"));
    }
    for args in [&["-b"][..], &["-c"], &["--print-ls-colors"]] {
        same_db(args, &[], db.as_bytes());
    }
}

#[test]
fn lines_like_gnu() {
    let dbs: &[&[u8]] = &[
        b"",
        b"\n\n   \n\t\n",
        b"# only a comment\n   # indented\n",
        b"DIR 01;34",
        b"DIR 01;34\r\n.gz 31\r\nTERM xterm\r\nLINK 1\r\n",
        b"  DIR \t 01 02 \t # trailing comment\n",
        b"DIR 1#2\n",
        b"DIR#x 1\n",
        b"DIR #1\n",
        b"DIR\n",
        b"DIR   \n",
        b".gz\x00 31\nDIR 1\x002\n",
        b"\x0bDIR\x0c1\x0b\n",
        b"LINK target\n",
        b"*.a 1'2\n*:x a=b\\:c^=d\\\\:e\n.q '\n",
        b"*=a ^:\\=\n.x \\\\=\n.y ^^:\n",
        b"\xff\xfe 1\n.\xc3\xa9 2\n",
    ];
    for db in dbs {
        for args in [&["-b"][..], &["-c"], &["--print-ls-colors"]] {
            same_db(args, &[("TERM", "xterm")], db);
        }
    }
}

#[test]
fn errors_like_gnu() {
    // Missing arguments count anywhere; unknown keywords only where
    // lines are read after a matching TERM (not before the first TERM,
    // not where TERM does not match).
    let dbs: &[&[u8]] = &[
        b"FOO 1\nDIR\n  # c\n\nTERM xterm\nBAR 2\nTERM dumb\nBAZ 3\n",
        b"TERM xterm\nNOPE 1\nDIR 1\n",
        b"TERM dumb\nNOPE 1\nDIR\n",
        b"TERM\n",
        b"COLORTERM\nDIR 1\n",
        b"TERM x*\nbogus 1\nTERM *\nalso 2\n",
    ];
    for db in dbs {
        for term in ["xterm", "dumb"] {
            for args in [&["-b"][..], &["--print-ls-colors"]] {
                same_db(args, &[("TERM", term)], db);
            }
        }
    }
    let t = TempDir::new();
    t.write("a b", "TERM *\nNOPE 1\n");
    std::fs::create_dir(t.join("dir")).unwrap();
    for args in [
        &["-b", "a b"][..],
        &["-b", "nonexistent"],
        &["-b", ""],
        &["-b", "dir"],
        &["--print-ls-colors", "dir"],
    ] {
        same(args, &[], None, Some(t.path()));
    }
    with_env(ucmd("dircolors"), &[])
        .args(&["-b", "a b"])
        .current_dir(t.path())
        .run()
        .code_is(1)
        .no_stdout()
        .stderr_is("dircolors: 'a b':2: unrecognized keyword NOPE\n");
    with_env(ucmd("dircolors"), &[])
        .args(&["-b", "-"])
        .stdin("DIR\n")
        .run()
        .code_is(1)
        .no_stdout()
        .stderr_is("dircolors: -:1: invalid line;  missing second token\n");
    with_env(ucmd("dircolors"), &[])
        .args(&["-b", "nonexistent"])
        .run()
        .code_is(1)
        .stderr_is("dircolors: nonexistent: No such file or directory\n");
}

#[test]
fn closed_stdin_and_write_errors() {
    with_env(ucmd("dircolors"), &[])
        .args(&["-b", "-"])
        .stdin_closed()
        .run()
        .code_is(1)
        .no_stdout()
        .stderr_is("dircolors: -: Bad file descriptor\n");
    for args in [&["-p"][..], &["-b"], &["-c"], &["--print-ls-colors"]] {
        with_env(ucmd("dircolors"), &[("TERM", "xterm")])
            .args(args)
            .stdout_to(Out::Full)
            .run()
            .code_is(1)
            .stderr_is("dircolors: write error: No space left on device\n");
    }
    if !have_gnu("dircolors") {
        return;
    }
    // A closed standard output (GNU's fclose fails: EBADF), and a full one.
    let runs = [
        (&["-b", "-"][..], false, true),
        (&["-p"], true, false),
        (&["-b"], true, false),
        (&["-c"], false, false),
        (&["--print-ls-colors"], false, false),
    ];
    for (args, full, closed_in) in runs {
        let run = |c: Cmd| {
            let to = if full { Out::Full } else { Out::Closed };
            let mut c = with_env(c, &[("TERM", "dumb")]).args(args).stdout_to(to);
            if closed_in {
                c = c.stdin_closed();
            }
            c.run()
        };
        let theirs = run(gnu("dircolors"));
        run(ucmd("dircolors")).same_as(&theirs);
    }
}

/// TERM globs as glibc's fnmatch matches them: every pattern of up to
/// three characters from an alphabet of the special ones, and generated
/// longer ones with classes, equivalence classes and collating symbols,
/// each against a set of terminal names. One database holds them all:
/// each pattern selects an extension entry of its own.
#[test]
fn globs_like_gnu() {
    let alphabet = ["a", "b", "[", "]", "!", "^", "-", "*", "?", "\\", ":", "."];
    let mut patterns: Vec<String> = alphabet.iter().map(|s| s.to_string()).collect();
    for _ in 0..2 {
        let longer: Vec<String> = patterns
            .iter()
            .filter(|p| p.len() == patterns.last().unwrap().len())
            .flat_map(|p| alphabet.iter().map(move |a| format!("{p}{a}")))
            .collect();
        patterns.extend(longer);
    }
    let pieces = [
        "a", "b", "[", "]", "!", "-", "\\", ":", "=", ".", "[:", "[=", "[.", ":]", "=]", ".]",
        "alpha", "digit", "*", "?", "z",
    ];
    let mut seed = 2024u64;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    for start in [
        "[a",
        "[!b",
        "[^b",
        "*[a",
        "[a-c",
        "[[:alpha:]",
        "[[=a=]",
        "[[.a.]",
        "[]",
        "[",
    ] {
        for _ in 0..150 {
            let mut p = start.to_string();
            for _ in 0..next(5) {
                p.push_str(pieces[next(pieces.len())]);
            }
            patterns.push(p);
        }
    }
    let mut db = String::new();
    for (i, p) in patterns.iter().enumerate() {
        db.push_str(&format!("TERM {p}\n.k{i} 1\n"));
    }
    let t = TempDir::new();
    t.write("db", &db);
    for term in [
        "a", "b", "[", "[[", "]", "!", "^", "-", "\\", ":", ".", "ab", "a]", "[a", "[]", "a-",
        "\\a", "x", "aa", "a[", "a:", "[[]", "a:]", "z", "1",
    ] {
        same(&["-b", "db"], &[("TERM", term)], None, Some(t.path()));
    }
    // Under POSIXLY_CORRECT `^` is no negation.
    same(
        &["-b", "db"],
        &[("TERM", "a"), ("POSIXLY_CORRECT", "1")],
        None,
        Some(t.path()),
    );
}

/// In a UTF-8 locale glibc also matches characters, not only bytes.
#[test]
fn utf8_globs_like_gnu() {
    let t = TempDir::new();
    let mut db = String::new();
    let patterns = [
        "?", "??", "???", "*é", "[é]", "[!a]", "[à-ê]", "é*", "\u{fffd}",
    ];
    for (i, p) in patterns.iter().enumerate() {
        db.push_str(&format!("TERM {p}\n.k{i} 1\n"));
    }
    let mut raw = db.into_bytes();
    raw.extend_from_slice(b"TERM \xff\n.kff 1\nTERM ?\xa9\n.ka9 1\n");
    t.write("db", &raw);
    for locale in ["C", "C.UTF-8"] {
        for term in ["é", "éé", "a", "\u{fffd}"] {
            same(
                &["-b", "db"],
                &[("TERM", term), ("LC_ALL", locale)],
                None,
                Some(t.path()),
            );
        }
    }
}
