//! ls, dir and vdir against GNU's on the same trees: every option and
//! format, in the C and C.UTF-8 locales, names of every kind (spaces,
//! newlines, invalid UTF-8, wide characters), every file type, fixed
//! times in several zones, LS_COLORS, terminals, errors and statuses.
use crate::harness::*;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::symlink;
use std::path::Path;

/// `cmd` with exactly the environment `env` (and LC_ALL=C unless `env`
/// sets it): LS_COLORS, TERM, COLUMNS, TZ... come from nowhere else.
fn with_env(cmd: Cmd, env: &[(&str, &str)]) -> Cmd {
    let mut c = cmd.env_clear().env("PATH", "/usr/bin:/bin");
    if !env.iter().any(|(k, _)| *k == "LC_ALL") {
        c = c.env("LC_ALL", "C");
    }
    for (k, v) in env {
        c = c.env(k, v);
    }
    c
}

/// Runs `prog` (ls, dir or vdir) of GNU and ours alike in `dir`.
#[track_caller]
fn same_prog(prog: &str, dir: &Path, env: &[(&str, &str)], args: &[&str]) {
    if !have_gnu(prog) {
        return;
    }
    let run = |c: Cmd| with_env(c, env).args(args).current_dir(dir).run();
    let theirs = run(gnu(prog));
    let ours = run(ucmd(prog));
    if ours.stdout != theirs.stdout || ours.stderr != theirs.stderr || ours.code != theirs.code {
        panic!(
            "{prog} {args:?} with {env:?}:\nGNU  ({:?}): {:?}\n{:?}\nours ({:?}): {:?}\n{:?}",
            theirs.code,
            theirs.stdout_str(),
            theirs.stderr_str(),
            ours.code,
            ours.stdout_str(),
            ours.stderr_str()
        );
    }
}

#[track_caller]
fn same(dir: &Path, env: &[(&str, &str)], args: &[&str]) {
    same_prog("ls", dir, env, args);
}

fn touch(path: &Path, when: &str) {
    host("touch")
        .env("TZ", "UTC0")
        .args(&["-h", "-d", when])
        .arg(path)
        .run()
        .success();
}

fn chmod(path: &Path, mode: &str) {
    host("chmod").arg(mode).arg(path).run().success();
}

/// A tree in a directory of its own (whose `..` no other test changes).
struct Tree {
    _tmp: TempDir,
    top: std::path::PathBuf,
}

impl Tree {
    fn path(&self) -> &Path {
        &self.top
    }
}

/// A tree with a file of each type, names of every kind and fixed times:
/// old ones (2001, 1969), recent ones (yesterday) and one in the future.
fn tree() -> Tree {
    let t = TempDir::new();
    let top = t.join("top");
    std::fs::create_dir(&top).unwrap();
    let d = &top;
    for name in [
        "a",
        "b.c",
        "B.TXT",
        "x y",
        "it's",
        "nl\nx",
        "tab\tx",
        "caf\u{e9}",
        "\u{65e5}\u{672c}",
        ".dot",
        "a~",
        ".b~",
        "file10",
        "file9",
        "file1.2",
        "-dash",
        "a:b",
        "q\"q",
        "s*",
        "e=q",
        "$x",
        "\u{301}comb",
    ] {
        std::fs::write(d.join(name), "").unwrap();
    }
    std::fs::write(d.join(OsStr::from_bytes(b"bad\xffname")), "").unwrap();
    std::fs::write(d.join("big"), vec![b'x'; 123_456]).unwrap();
    for sub in ["d", "d/sub", "d/.hid", "e", "sp ace", "loopd", "loopd/x"] {
        std::fs::create_dir(d.join(sub)).unwrap();
    }
    std::fs::write(d.join("d/f"), "hello\n").unwrap();
    std::fs::write(d.join("d/sub/g"), "x").unwrap();
    symlink("a", d.join("lnk")).unwrap();
    symlink("nowhere", d.join("dangling")).unwrap();
    symlink("loop1", d.join("loop2")).unwrap();
    symlink("loop2", d.join("loop1")).unwrap();
    symlink("d", d.join("dlink")).unwrap();
    symlink("x y", d.join("l b")).unwrap();
    symlink("..", d.join("loopd/x/up")).unwrap();
    std::fs::hard_link(d.join("a"), d.join("hard")).unwrap();
    host("mkfifo").arg(d.join("fifo")).run().success();
    std::os::unix::net::UnixListener::bind(d.join("sock")).unwrap();
    chmod(&d.join("b.c"), "755");
    chmod(&d.join("B.TXT"), "4644");
    chmod(&d.join("file9"), "2755");
    chmod(&d.join("e"), "1777");
    chmod(&d.join("sp ace"), "777");
    chmod(&d.join("loopd"), "1755");
    for (name, when) in [
        ("a", "2001-02-03 04:05:06"),
        ("file1.2", "1969-07-20 20:17:40.5"),
        ("-dash", "@-1"),
        ("b.c", "+1 year"),
        ("file9", "-1 day"),
        ("big", "-3 days"),
        ("lnk", "2020-01-01"),
        ("d/f", "2010-10-10 10:10:10.123456789"),
    ] {
        touch(&d.join(name), when);
    }
    // Reading links and directories sets their access time once
    // (relatime): done here, so that GNU's run before ours changes nothing.
    host("ls")
        .args(&["-RlL", "--color=always"])
        .current_dir(d)
        .stdout_to(Out::Null)
        .run();
    Tree { _tmp: t, top }
}

const LOCALES: [&str; 2] = ["C", "C.UTF-8"];

#[test]
fn listing_and_sorting_as_gnu() {
    let t = tree();
    let sets: &[&[&str]] = &[
        &[],
        &["-a"],
        &["-A"],
        &["-1"],
        &["-d"],
        &["-d", "d", "e", "a"],
        &["a", "d", "e", "lnk", "nowhere", "b.c"],
        &["-R"],
        &["-aR", "d"],
        &["-B"],
        &["-I", "*.c", "-I", "[ab]"],
        &["--ignore=*"],
        &["-a", "-I", ".*"],
        &["--hide=a*"],
        &["--hide=a*", "-A"],
        &["-U"],
        &["-f"],
        &["-f", "-l"],
        &["--sort=none", "-r"],
        &["-r"],
        &["-t"],
        &["-tr"],
        &["-S"],
        &["-Sr"],
        &["-X"],
        &["-v"],
        &["-vr"],
        &["--sort=width"],
        &["--sort=extension", "-r"],
        &["-c"],
        &["-u"],
        &["--time=birth"],
        &["--group-directories-first"],
        &["--group-directories-first", "-r", "-S"],
        &["--group-directories-first", "-U"],
        &["-L"],
        &["-H", "dlink", "lnk"],
        &["dlink", "lnk"],
        &["-l", "dlink"],
        &["-F", "dlink"],
        &["--dereference-command-line-symlink-to-dir", "-l", "dlink"],
        &["-d", "dlink", "-L"],
        &["--", "-dash"],
    ];
    for loc in LOCALES {
        for args in sets {
            same(t.path(), &[("LC_ALL", loc)], args);
        }
    }
}

#[test]
fn formats_and_widths_as_gnu() {
    let t = tree();
    let sets: &[&[&str]] = &[
        &["-C"],
        &["-x"],
        &["-m"],
        &["-C", "-a", "-i"],
        &["-x", "-s"],
        &["-m", "-is"],
        &["-C", "-T", "4"],
        &["-C", "-T", "0"],
        &["-x", "-T", "3"],
        &["-C", "--tabsize=1"],
        &["-w", "0"],
        &["-w", "0", "-x"],
        &["-w", "0", "-m"],
        &["-C", "-F"],
        &["-C", "-Q"],
        &["-C", "--quoting-style=shell"],
        &["-C", "--quoting-style=c-maybe"],
        &["--format=across"],
        &["--format=commas"],
        &["--format=single-column"],
        &["--format=vertical"],
        &["--format=verbose"],
        &["-l", "-1"],
        &["-1", "-l"],
        &["-l", "-C"],
        &["--zero"],
        &["--zero", "-l"],
        &["--zero", "-C"],
        &["-C", "--zero"],
    ];
    for loc in LOCALES {
        for width in ["20", "80", "200"] {
            for args in sets {
                let mut a = vec!["-w", width];
                a.extend_from_slice(args);
                same(t.path(), &[("LC_ALL", loc)], &a);
            }
        }
        for cols in ["20", "80", "200", "0", "x", ""] {
            same(t.path(), &[("LC_ALL", loc), ("COLUMNS", cols)], &["-C"]);
            same(t.path(), &[("LC_ALL", loc), ("COLUMNS", cols)], &["-xs"]);
        }
        for tabs in ["4", "0", "x", "100"] {
            same(t.path(), &[("LC_ALL", loc), ("TABSIZE", tabs)], &["-C"]);
        }
    }
}

#[test]
fn long_format_as_gnu() {
    let t = tree();
    let sets: &[&[&str]] = &[
        &["-l"],
        &["-la"],
        &["-ln"],
        &["-lg"],
        &["-lo"],
        &["-lG"],
        &["-lgo"],
        &["-l", "--author"],
        &["-li"],
        &["-ls"],
        &["-lsh"],
        &["-l", "--si"],
        &["-lsk"],
        &["-ls", "--block-size=K"],
        &["-ls", "--block-size=1"],
        &["-l", "--block-size=KB"],
        &["-l", "--block-size='1"],
        &["-lh", "--block-size=M"],
        &["-s"],
        &["-sh"],
        &["-ks"],
        &["-k"],
        &["-lZ"],
        &["-Z"],
        &["-lR"],
        &["-lR", "-a"],
        &["-lL"],
        &["-lF"],
        &["-l", "--file-type"],
        &["-lp"],
        &[
            "-ld",
            ".",
            "d",
            "e",
            "fifo",
            "sock",
            "lnk",
            "dangling",
            "/dev/null",
        ],
        &["-l", "/dev/null", "/dev/zero", "a"],
        &["-l", "nowhere", "a", "loop1"],
        &["-lH", "lnk", "dlink"],
    ];
    for loc in LOCALES {
        for args in sets {
            same(t.path(), &[("LC_ALL", loc), ("TZ", "UTC0")], args);
        }
    }
    for (var, val) in [
        ("LS_BLOCK_SIZE", "1"),
        ("LS_BLOCK_SIZE", "human-readable"),
        ("LS_BLOCK_SIZE", "x"),
        ("BLOCK_SIZE", "1"),
        ("BLOCK_SIZE", "si"),
        ("BLOCKSIZE", "1"),
        ("POSIXLY_CORRECT", "1"),
    ] {
        for args in [&["-ls"][..], &["-s"], &["-lsk"]] {
            same(t.path(), &[(var, val), ("TZ", "UTC0")], args);
        }
    }
}

#[test]
fn times_as_gnu() {
    let t = tree();
    let zones = [
        "UTC0",
        "Europe/Berlin",
        "America/New_York",
        "<+0530>-5:30",
        "EST5EDT,M3.2.0,M11.1.0",
        "",
    ];
    let styles: &[&[&str]] = &[
        &["-l"],
        &["--full-time"],
        &["-l", "--time-style=long-iso"],
        &["-l", "--time-style=iso"],
        &["-l", "--time-style=locale"],
        &["-l", "--time-style=posix-iso"],
        &["-l", "--time-style=posix-posix-full-iso"],
        &["-l", "--time-style=+%Y %%%N %Z %z"],
        &["-l", "--time-style=+old %c\nnew %x"],
        &["-l", "--time-style=+"],
        &["-lu"],
        &["-lc", "--time-style=+%s"],
        &["-l", "--time=birth", "--time-style=+%Y"],
        &["-lt", "--full-time"],
        &["-ltr", "--full-time"],
        &["-l", "--time-style=full"],
    ];
    for loc in LOCALES {
        for tz in zones {
            for args in styles {
                same(t.path(), &[("LC_ALL", loc), ("TZ", tz)], args);
            }
            for style in [
                "full-iso",
                "iso",
                "posix-long-iso",
                "+%F",
                "+a\nb\nc",
                "bad",
            ] {
                same(
                    t.path(),
                    &[("LC_ALL", loc), ("TZ", tz), ("TIME_STYLE", style)],
                    &["-l"],
                );
            }
        }
    }
    // A format too long for GNU's buffer shows the seconds instead.
    let long = format!("--time-style=+{}", "x".repeat(1001));
    same(t.path(), &[("TZ", "UTC0")], &["-l", &long, "a", "-dash"]);
    let fits = format!("--time-style=+{}", "x".repeat(1000));
    same(t.path(), &[("TZ", "UTC0")], &["-l", &fits, "a"]);
}

#[test]
fn quoting_and_indicators_as_gnu() {
    let t = tree();
    let mut sets: Vec<Vec<&str>> = vec![
        vec!["-b"],
        vec!["-N"],
        vec!["-Q"],
        vec!["-q"],
        vec!["-q", "-N"],
        vec!["--show-control-chars"],
        vec!["-bq"],
        vec!["-F"],
        vec!["-p"],
        vec!["--file-type"],
        vec!["--indicator-style=classify"],
        vec!["--indicator-style=none"],
        vec!["--classify=always"],
        vec!["--classify=never"],
        vec!["--classify=auto"],
        vec!["-F", "-b"],
        vec!["--file-type", "-b"],
    ];
    for (style, _) in [
        ("literal", 0),
        ("shell", 0),
        ("shell-always", 0),
        ("shell-escape", 0),
        ("shell-escape-always", 0),
        ("c", 0),
        ("c-maybe", 0),
        ("escape", 0),
        ("locale", 0),
        ("clocale", 0),
    ] {
        sets.push(vec!["--quoting-style", style]);
    }
    for loc in LOCALES {
        for args in &sets {
            for fmt in ["-1", "-C", "-l", "-x", "-m"] {
                let mut a = args.clone();
                a.push(fmt);
                same(t.path(), &[("LC_ALL", loc), ("TZ", "UTC0")], &a);
            }
        }
        for q in ["c", "shell-escape", "escape", "x", "sh", "locale"] {
            same(t.path(), &[("LC_ALL", loc), ("QUOTING_STYLE", q)], &["-C"]);
            same(
                t.path(),
                &[("LC_ALL", loc), ("QUOTING_STYLE", q)],
                &["-Rl", "sp ace", "d"],
            );
        }
        same(t.path(), &[("LC_ALL", loc)], &["-bR", "sp ace"]);
        same_prog(
            "dir",
            t.path(),
            &[("LC_ALL", loc)],
            &["-R", "sp ace", "a:b"],
        );
    }
}

#[test]
fn colors_as_gnu() {
    let t = tree();
    let gnu_default = with_env(host("dircolors"), &[])
        .arg("-b")
        .run()
        .stdout_str();
    let db = gnu_default
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("LS_COLORS='"))
        .and_then(|l| l.strip_suffix("';"))
        .unwrap_or("")
        .to_string();
    let ln_target = format!("{db}:ln=target");
    let values = [
        db.as_str(),
        ln_target.as_str(),
        "di=01;34:ln=target:or=31:mi=05",
        "no=35:fi=33",
        "ec=X:lc=<:rc=>",
        "*.c=1:*.C=2:*x=3",
        "mh=44:ex=:su=:sg=",
        "tw=:ow=:st=",
        "or=:mi=31",
        "rs=1:ec=",
        "cl=",
        "xx=1",
        "di=\\",
        "*.c",
        "di",
        "",
    ];
    let sets: &[&[&str]] = &[
        &[],
        &["-l"],
        &["-la"],
        &["-C", "-w", "40"],
        &["-x", "-w", "30"],
        &["-R"],
        &["-lL"],
        &["-F"],
        &["--group-directories-first"],
        &["-l", "lnk", "dlink", "dangling", "loop1", "nowhere"],
    ];
    for loc in LOCALES {
        for v in values {
            for args in sets {
                let mut a = vec!["--color=always"];
                a.extend_from_slice(args);
                same(
                    t.path(),
                    &[("LC_ALL", loc), ("LS_COLORS", v), ("TZ", "UTC0")],
                    &a,
                );
            }
        }
    }
    // With LS_COLORS unset, COLORTERM or a known TERM decide.
    for (term, colorterm) in [
        ("", ""),
        ("dumb", ""),
        ("xterm", ""),
        ("xterm-256color", ""),
        ("vt100", ""),
        ("foo", ""),
        ("foo", "truecolor"),
    ] {
        let env = [("TERM", term), ("COLORTERM", colorterm)];
        same(t.path(), &env, &["--color=always"]);
        same(t.path(), &env, &["--color=never"]);
        same(t.path(), &env, &["--color=auto"]);
    }
}

#[test]
fn recursion_loops_and_errors_as_gnu() {
    let t = tree();
    let sets: &[&[&str]] = &[
        &["-R", "loopd"],
        &["-RL", "loopd"],
        &["-lRL", "loopd"],
        &["-RL", "loopd", "loopd/x"],
        &["-R", "d", "d/sub", "e"],
        &["-R", "."],
        &["-R", ".", "."],
        &["nowhere"],
        &["nowhere", "a"],
        &["-l", "nowhere", "d"],
        &["-L", "dangling"],
        &["-lL", "loop1"],
        &["-y"],
        &["--foo"],
        &["--hyp"],
        &["-w", "x"],
        &["-w", "-1"],
        &["-w", "99999999999999999999999"],
        &["-T", "x"],
        &["-T", "99999999999999999999999"],
        &["--sort=x"],
        &["--sort=t"],
        &["--format=v"],
        &["--time=x"],
        &["--color=x"],
        &["--classify=x"],
        &["--indicator-style=x"],
        &["--quoting-style=x"],
        &["--time-style=x", "-l"],
        &["--time-style=l", "-l"],
        &["--time-style=x"],
        &["--time-style=+a\nb\nc", "-l"],
        &["--block-size=x"],
        &["--block-size=0"],
        &["--block-size=1Q"],
        &["--dired", "--zero"],
        &["--dired", "--zero", "-l"],
    ];
    for loc in LOCALES {
        for args in sets {
            same(t.path(), &[("LC_ALL", loc)], args);
        }
    }
}

#[test]
fn dired_and_hyperlinks_as_gnu() {
    let t = tree();
    let sets: &[&[&str]] = &[
        &["-D"],
        &["-lD"],
        &["-lDR"],
        &["-lD", "d", "e", "a"],
        &["-lD", "--hyperlink"],
        &["-lD", "-b"],
        &["--hyperlink=always"],
        &["--hyperlink", "-l"],
        &["--hyperlink", "-R", "d"],
        &["--hyperlink", "-C", "--quoting-style=shell"],
        &["--hyperlink=never", "-l"],
        &["--hyperlink=auto"],
    ];
    for loc in LOCALES {
        for args in sets {
            same(t.path(), &[("LC_ALL", loc), ("TZ", "UTC0")], args);
        }
    }
}

#[test]
fn dir_and_vdir_as_gnu() {
    let t = tree();
    for loc in LOCALES {
        for prog in ["dir", "vdir"] {
            for args in [&[][..], &["-a"], &["-R", "d"], &["-1"], &["-l"], &["-N"]] {
                same_prog(prog, t.path(), &[("LC_ALL", loc), ("TZ", "UTC0")], args);
            }
        }
    }
}

/// On a terminal: columns, shell-escape quoting and `?` for control
/// characters by default, and the `auto` colors, classification and
/// hyperlinks.
#[test]
fn terminal_defaults_as_gnu() {
    if !have_gnu("ls") {
        return;
    }
    let t = tree();
    for loc in LOCALES {
        for args in [
            "",
            "-l",
            "-x",
            "-w 40",
            "--color=auto",
            "--color=auto -l",
            "--classify=auto",
            "--hyperlink=auto",
            "-N",
            "--show-control-chars",
            "-b",
        ] {
            let run = |prog: &str| {
                let cmd = format!("stty cols 80; exec {prog} {args}");
                on_pty(&cmd, |c| {
                    c.current_dir(t.path())
                        .env_clear()
                        .env("PATH", "/usr/bin:/bin")
                        .env("LC_ALL", loc)
                        .env("TERM", "xterm")
                        .env("TZ", "UTC0");
                })
            };
            let Some(theirs) = run("/usr/bin/ls") else {
                return;
            };
            let ours = run(&format!("{} ls", corebox_line())).unwrap();
            assert_eq!(ours, theirs, "ls {args} on a terminal, LC_ALL={loc}");
        }
    }
}

#[test]
fn write_error_as_gnu() {
    let t = tree();
    let run = |c: Cmd| {
        with_env(c, &[])
            .args(&["-lR"])
            .current_dir(t.path())
            .stdout_to(Out::Full)
            .run()
    };
    let ours = run(ucmd("ls"))
        .code_is(2)
        .stderr_is("ls: write error: No space left on device\n");
    if have_gnu("ls") {
        ours.same_as(&run(gnu("ls")));
    }
    // A short listing, written only at exit.
    let run = |c: Cmd| {
        with_env(c, &[])
            .arg("a")
            .current_dir(t.path())
            .stdout_to(Out::Full)
            .run()
    };
    let ours = run(ucmd("ls")).code_is(2);
    if have_gnu("ls") {
        ours.same_as(&run(gnu("ls")));
    }
}

#[test]
fn exit_statuses() {
    let t = tree();
    let run = |args: &[&str]| {
        with_env(ucmd("ls"), &[])
            .args(args)
            .current_dir(t.path())
            .run()
    };
    run(&["a"]).success().stdout_is("a\n");
    run(&["nowhere", "a"])
        .code_is(2)
        .stdout_is("a\n")
        .stderr_is("ls: cannot access 'nowhere': No such file or directory\n");
    run(&["-L", "d", "dangling"]).code_is(2);
    run(&["-RL", "loopd"])
        .code_is(2)
        .stderr_is("ls: loopd/x/up: not listing already-listed directory\n");
    run(&["--sort=x"]).code_is(1);
    run(&["-y"])
        .code_is(2)
        .stderr_is("ls: invalid option -- 'y'\nTry 'ls --help' for more information.\n");
}

/// With TZ unset and no /etc/localtime, times are in UTC (glibc's
/// default): in a root that holds only corebox.
#[test]
fn no_zone_file_means_utc() {
    let t = crate::scratch::scratch_root();
    let root = t.path();
    std::fs::write(root.join("f"), "").unwrap();
    chmod(&root.join("f"), "644");
    touch(&root.join("f"), "@0");
    let mut c = std::process::Command::new("chroot");
    c.arg(root);
    if runner().is_some() {
        c.arg("/qemu");
    }
    c.args(["/bin/corebox", "ls", "-ln", "--time-style=+%F %T %Z", "/f"])
        .env_clear()
        .env("LC_ALL", "C");
    let Ok(out) = c.output() else {
        return;
    };
    if String::from_utf8_lossy(&out.stderr).contains("Operation not permitted") {
        return;
    }
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "-rw-r--r-- 1 0 0 0 1970-01-01 00:00:00 UTC /f\n"
    );
}

unsafe extern "C" {
    fn lsetxattr(
        path: *const i8,
        name: *const i8,
        value: *const u8,
        size: usize,
        flags: i32,
    ) -> i32;
}

/// Sets the attribute `name` of `p` (of a symlink itself); false when the
/// file system or the user may not.
fn set_attr(p: &Path, name: &std::ffi::CStr, value: &[u8]) -> bool {
    let c = std::ffi::CString::new(p.as_os_str().as_bytes()).unwrap();
    // SAFETY: NUL-terminated strings and a value of the given size.
    unsafe { lsetxattr(c.as_ptr(), name.as_ptr(), value.as_ptr(), value.len(), 0) == 0 }
}

/// A POSIX ACL in the kernel's xattr form: the owner, `user` (read), the
/// group, the mask and others.
fn extended_acl(user: u32) -> Vec<u8> {
    let mut v = 2u32.to_le_bytes().to_vec();
    for (tag, perm, id) in [
        (1u16, 6u16, u32::MAX),
        (2, 4, user),
        (4, 4, u32::MAX),
        (0x10, 4, u32::MAX),
        (0x20, 4, u32::MAX),
    ] {
        v.extend_from_slice(&tag.to_le_bytes());
        v.extend_from_slice(&perm.to_le_bytes());
        v.extend_from_slice(&id.to_le_bytes());
    }
    v
}

/// The `+` of ACLs and the `.` of security contexts after the mode, and
/// `-Z`, on files labeled and given ACLs as root can without SELinux.
#[test]
fn acl_and_context_marks_as_gnu() {
    let t = TempDir::new();
    let d = t.path();
    for f in ["plain", "labeled", "unlabeled", "acl", "both"] {
        std::fs::write(d.join(f), "").unwrap();
    }
    std::fs::create_dir(d.join("dacl")).unwrap();
    symlink("labeled", d.join("link")).unwrap();
    let label = c"security.selinux";
    if !set_attr(&d.join("labeled"), label, b"u:r:t:s0\0") {
        return;
    }
    set_attr(&d.join("unlabeled"), label, b"unlabeled\0");
    set_attr(&d.join("both"), label, b"u:r:both:s0\0");
    set_attr(&d.join("link"), label, b"u:r:lnk:s0\0");
    let acl = extended_acl(65534);
    let access = c"system.posix_acl_access";
    if !set_attr(&d.join("acl"), access, &acl) {
        return;
    }
    set_attr(&d.join("both"), access, &acl);
    set_attr(&d.join("dacl"), c"system.posix_acl_default", &acl);
    for f in [
        "plain",
        "labeled",
        "unlabeled",
        "acl",
        "both",
        "dacl",
        "link",
    ] {
        touch(&d.join(f), "2001-01-01");
    }
    for loc in LOCALES {
        let env = [("LC_ALL", loc), ("TZ", "UTC0")];
        for args in [
            &["-l"][..],
            &["-lZ"],
            &["-Z"],
            &["-Z", "-C", "-w", "60"],
            &["-Zm"],
            &["-Zi"],
            &["-lL"],
            &["-lZL"],
            &["-l", "plain"],
            &["-l", "plain", "acl"],
            &["-ld", "dacl", "plain"],
            &["-Zd", "link", "plain"],
        ] {
            same(d, &env, args);
        }
    }
}

/// `ca` colors files with capabilities: GNU 9.1 built with libcap does
/// (GNU's tests/ls/capability.sh; Debian's ls has no libcap, so this is
/// no comparison).
#[test]
fn capability_color() {
    let t = TempDir::new();
    let d = t.path();
    std::fs::create_dir_all(d.join("dir")).unwrap();
    for f in ["cap_pos", "dir/cap_pos", "dir/cap_neg"] {
        std::fs::write(d.join(f), "").unwrap();
    }
    for f in ["cap_pos", "dir/cap_neg"] {
        let ok = host("setcap")
            .arg("cap_net_bind_service=ep")
            .arg(d.join(f))
            .run();
        if ok.code != Some(0) {
            return;
        }
    }
    for ex in ["", "ex=:"] {
        with_env(ucmd("ls"), &[("LS_COLORS", &format!("di=:{ex}ca=30;41"))])
            .args(&["--color=always", "cap_pos", "dir"])
            .current_dir(d)
            .run()
            .success()
            .stdout_is(
                "\x1b[0m\x1b[30;41mcap_pos\x1b[0m\n\ndir:\n\x1b[30;41mcap_neg\x1b[0m\ncap_pos\n",
            );
    }
}

/// GNU's ls/getxattr-speedup.sh, whose LD_PRELOAD a static binary does
/// not load, with strace's fault injection instead: every attribute
/// query fails with ENOTSUP, and `ls --color=always -l` of 20 files asks
/// at most 3 times (the file system is remembered as unsupported).
#[test]
fn unsupported_attributes_asked_once() {
    let strace = Path::new("/usr/bin/strace");
    if runner().is_some() || !strace.exists() {
        eprintln!("skipped: needs strace (qemu/setup.sh installs it) and a native binary");
        return;
    }
    let t = TempDir::new();
    let dir = t.join("d");
    std::fs::create_dir(&dir).unwrap();
    for i in 1..=20 {
        std::fs::write(dir.join(i.to_string()), "").unwrap();
    }
    let log = t.join("strace.log");
    let calls = "getxattr,lgetxattr,fgetxattr,listxattr,llistxattr,flistxattr";
    host(strace)
        .args(&["-f", "-qq", "-o"])
        .arg(&log)
        .arg(format!("-etrace={calls}"))
        .arg(format!("-einject={calls}:error=EOPNOTSUPP"))
        .arg(bin())
        .args(&["ls", "--color=always", "-l"])
        .arg(&dir)
        .run()
        .success();
    let n = std::fs::read_to_string(&log).unwrap().lines().count();
    assert!((1..=3).contains(&n), "{n} attribute queries");
}
