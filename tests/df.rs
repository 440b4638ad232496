//! df against GNU 9.1's: every option, block sizes and their
//! environment variables, `--output` field lists, type filters, FILE
//! operands, totals, errors, and (as root) mounts made for the test:
//! names with blanks and control characters, bind mounts, over-mounts,
//! a missing mount table.
use crate::harness::*;
use crate::tree::is_root;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// Runs GNU's df and ours with `env` and `args` until they agree, then
/// asserts they do: the free space of a file system other tests write
/// to moves between two runs, and so does the mount table while other
/// tests mount.
fn both_env(env: &[(&str, &str)], args: &[&str]) {
    if !have_gnu("df") {
        return;
    }
    let run = |mut c: Cmd| {
        for (k, v) in env {
            c = c.env(k, v);
        }
        c.args(args).run()
    };
    for _ in 0..100 {
        let theirs = run(gnu("df"));
        let ours = run(ucmd("df"));
        if (&ours.stdout, &ours.stderr, ours.code) == (&theirs.stdout, &theirs.stderr, theirs.code)
        {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    run(ucmd("df")).same_as(&run(gnu("df")));
}

fn both(args: &[&str]) {
    both_env(&[], args)
}

#[test]
fn whole_table_in_every_mode() {
    for args in [
        &[][..],
        &["-a"],
        &["-i"],
        &["-h"],
        &["-H"],
        &["-k"],
        &["-m"],
        &["-P"],
        &["-T"],
        &["-l"],
        &["-v"],
        &["--total"],
        &["-aT"],
        &["-ai", "--total"],
        &["-aPh"],
        &["--sync"],
        &["--no-sync", "-T"],
        &["--output"],
        &["-a", "--output"],
        &["-al"],
    ] {
        both(args);
    }
}

/// File systems whose numbers do not move: /proc, /sys, /dev.
const STILL: [&str; 3] = ["/proc", "/sys", "/dev"];

#[test]
fn options_on_quiet_file_systems() {
    for opts in [
        &[][..],
        &["-i"],
        &["-h"],
        &["-H"],
        &["-k"],
        &["-m"],
        &["-P"],
        &["-T"],
        &["-iT"],
        &["-Pi"],
        &["-hP"],
        &["-PT", "--total"],
        &["-hT", "--total"],
        &["-i", "--total"],
        &["-a"],
        &["-l"],
        &["--portability", "--print-type", "--inodes"],
        &["--human-readable"],
        &["--si", "--all", "--local"],
    ] {
        let args: Vec<&str> = opts.iter().copied().chain(STILL).collect();
        both(&args);
    }
}

#[test]
fn block_sizes() {
    for b in [
        "1",
        "1K",
        "1k",
        "1KB",
        "1kB",
        "1000",
        "KiB",
        "K",
        "kB",
        "MB",
        "1M",
        "1MiB",
        "GB",
        "T",
        "512",
        "1536",
        "1024000",
        "3",
        "0x10",
        "010",
        "'1",
        "'1K",
        "human-readable",
        "human",
        "h",
        "si",
        "s",
    ] {
        both(&["-B", b, "/dev", "/proc"]);
        both(&[
            &format!("--block-size={b}"),
            "--output=size,used,avail",
            "/dev",
        ]);
    }
    for bad in ["0", "x", "1Q", "-1", "", "99999999999999999999999", "1KQ"] {
        both(&["-B", bad]);
        both(&[&format!("--block-size={bad}")]);
        both(&[&format!("--bl={bad}")]);
    }
    // The last of -B, -h, -H, -k, -m wins.
    both(&["-h", "-k", "/dev"]);
    both(&["-k", "-BM", "-H", "/dev"]);
    both(&["-H", "-m", "/dev"]);
}

#[test]
fn block_size_messages() {
    ucmd("df")
        .args(&["-B0"])
        .run()
        .code_is(1)
        .stderr_is("df: invalid -B argument '0'\n")
        .no_stdout();
    ucmd("df")
        .args(&["--block=1Q"])
        .run()
        .code_is(1)
        .stderr_is("df: invalid suffix in --block-size argument '1Q'\n");
    ucmd("df")
        .args(&["-B", "99999999999999999999999"])
        .run()
        .code_is(1)
        .stderr_is("df: -B argument '99999999999999999999999' too large\n");
}

#[test]
fn environment() {
    let vars: &[&[(&str, &str)]] = &[
        &[("DF_BLOCK_SIZE", "1M")],
        &[("DF_BLOCK_SIZE", "x")],
        &[("DF_BLOCK_SIZE", "")],
        &[("DF_BLOCK_SIZE", "0")],
        &[("DF_BLOCK_SIZE", "human-readable")],
        &[("DF_BLOCK_SIZE", "99999999999999999999999")],
        &[("DF_BLOCK_SIZE", "KiB"), ("BLOCK_SIZE", "1M")],
        &[("BLOCK_SIZE", "1kB")],
        &[("BLOCK_SIZE", "si"), ("BLOCKSIZE", "1")],
        &[("BLOCKSIZE", "512")],
        &[("POSIXLY_CORRECT", "1")],
        &[("POSIXLY_CORRECT", "1"), ("DF_BLOCK_SIZE", "1K")],
        &[("POSIXLY_CORRECT", "1"), ("BLOCK_SIZE", "x")],
    ];
    for env in vars {
        for opts in [
            &[][..],
            &["-P"],
            &["-k"],
            &["-h"],
            &["--output=size"],
            &["-i"],
        ] {
            let args: Vec<&str> = opts.iter().copied().chain(["/dev", "/proc"]).collect();
            both_env(env, &args);
        }
    }
    // POSIXLY_CORRECT also stops the options at the first operand.
    both_env(&[("POSIXLY_CORRECT", "1")], &["/dev", "-k"]);
}

#[test]
fn output_fields() {
    for list in [
        "source",
        "fstype",
        "itotal",
        "iused",
        "iavail",
        "ipcent",
        "size",
        "used",
        "avail",
        "pcent",
        "file",
        "target",
        "target,source",
        "file,target,source,fstype",
        "source,fstype,itotal,iused,iavail,ipcent,size,used,avail,pcent,file,target",
        "pcent,ipcent,size",
    ] {
        for opts in [&[][..], &["-h"], &["-H"], &["-BK"], &["-B1"], &["--total"]] {
            let out = format!("--output={list}");
            let args: Vec<&str> = opts
                .iter()
                .copied()
                .chain([&out[..], "/dev", "/proc"])
                .collect();
            both(&args);
        }
    }
    both(&["--output", "/dev", "."]);
    both(&["--o=source,target", "--out=file", "/dev"]);
    both(&["--output=source", "--output", "/dev"]);
    both(&["-a", "--output=ipcent,pcent", "-t", "proc"]);
    for bad in [
        "foo",
        "",
        "source,",
        ",source",
        "Source",
        "source,source",
        "size,used,size",
    ] {
        both(&[&format!("--output={bad}"), "/dev"]);
    }
    both(&["--output=target,source", "--output=target", "/dev"]);
    ucmd("df")
        .args(&["--output=target,nope"])
        .run()
        .code_is(1)
        .stderr_is(
            "df: option --output: field 'nope' unknown\nTry 'df --help' for more information.\n",
        );
    ucmd("df")
        .args(&["--output=file,file"])
        .run()
        .code_is(1)
        .stderr_is("df: option --output: field 'file' used more than once\nTry 'df --help' for more information.\n");
}

#[test]
fn output_excludes_other_formats() {
    for args in [
        &["-i", "--output"][..],
        &["--output", "-i"],
        &["-P", "--output"],
        &["--output", "-P"],
        &["-T", "--output"],
        &["--output", "-T"],
        &["-P", "-i", "--output"],
        &["-h", "--output", "-k"],
    ] {
        both(args);
    }
    ucmd("df")
        .args(&["--output", "-T", "/dev"])
        .run()
        .code_is(1)
        .no_stdout()
        .stderr_is("df: options -T and --output are mutually exclusive\nTry 'df --help' for more information.\n");
}

#[test]
fn type_filters() {
    for args in [
        &["-t", "tmpfs"][..],
        &["-x", "tmpfs"],
        &["-t", "proc"],
        &["-a", "-t", "proc"],
        &["-a", "-t", "proc", "-t", "sysfs", "-T"],
        &["-a", "-x", "proc", "-x", "cgroup"],
        &["--type=devtmpfs", "--exclude-type=ext4"],
        &["-F", "devtmpfs"],
        &["-t", "nonesuch"],
        &["-t", "nonesuch", "--total"],
        &["-x", "nonesuch", "/dev"],
        &["-t", "proc", "/dev"],
        &["-t", "devtmpfs", "/dev", "/proc"],
        &["-t", "a", "-x", "a"],
        &["-t", "a", "-t", "b", "-x", "b", "-x", "a", "/dev"],
        &["-t", "devtmpfs", "-x", "devtmpfs", "-x", "tmpfs"],
    ] {
        both(args);
    }
    ucmd("df")
        .args(&["-t", "x", "-t", "y", "-x", "y", "-x", "x"])
        .run()
        .code_is(1)
        .no_stdout()
        .stderr_is(
            "df: file system type 'y' both selected and excluded\n\
             df: file system type 'x' both selected and excluded\n",
        );
    ucmd("df")
        .args(&["-t", "nonesuch"])
        .run()
        .code_is(1)
        .no_stdout()
        .stderr_is("df: no file systems processed\n");
}

#[test]
fn file_operands() {
    let t = TempDir::new();
    t.write("file", "x");
    std::fs::create_dir(t.join("dir")).unwrap();
    host("mkfifo").arg(t.join("fifo")).run().success();
    std::os::unix::fs::symlink("/dev/null", t.join("null")).unwrap();
    std::os::unix::fs::symlink("nowhere", t.join("dangling")).unwrap();
    let p = |n: &str| t.join(n).display().to_string();
    let (file, dir, fifo, null, dangling) =
        (p("file"), p("dir"), p("fifo"), p("null"), p("dangling"));
    for args in [
        &[&file[..]][..],
        &[&dir, &file],
        &[&fifo],
        &["/dev/null"],
        &[&null],
        &["/dev/null", "/proc/self", "/sys/kernel"],
        &["--output=file,target", &file, &dir, "/dev/null"],
        &["missing"],
        &["-"],
        &["missing", "/dev"],
        &["/dev", "missing", "/proc"],
        &[&dangling],
        &[&format!("{file}/x")],
        &["--total", "/dev", "/dev"],
        &["--total", "missing"],
        &["-a", "/dev"],
        &["-l", "/dev"],
        &["-i", "/proc", "/sys"],
        &["/dev/pts", "/dev/shm"],
        &["-T", "/", "."],
    ] {
        both(args);
    }
    ucmd("df")
        .args(&["--total", "_does_not_exist_"])
        .run()
        .code_is(1)
        .no_stdout()
        .stderr_is("df: _does_not_exist_: No such file or directory\n");
    ucmd("df")
        .args(&["--output=source,target,file", "/proc"])
        .run()
        .success()
        .stdout_is("Filesystem     Mounted on File\nproc           /proc      /proc\n");
}

/// The device of the root file system, when it is a block device.
fn root_device() -> Option<String> {
    let mounts = std::fs::read("/proc/self/mountinfo").ok()?;
    let mounts = String::from_utf8_lossy(&mounts);
    let line = mounts.lines().find(|l| l.split(' ').nth(4) == Some("/"))?;
    let source = line.split(" - ").nth(1)?.split(' ').nth(1)?;
    source.starts_with("/dev/").then(|| source.to_string())
}

#[test]
fn device_operands() {
    if let Some(dev) = root_device() {
        both(&[&dev]);
        both(&["--output=source,target,file", &dev, "/"]);
        let t = TempDir::new();
        let link = t.join("link");
        std::os::unix::fs::symlink(&dev, &link).unwrap();
        both(&["--output=source,target,file", link.to_str().unwrap()]);
    }
}

#[test]
fn totals() {
    both(&["--total", "/dev", "/proc", "/sys"]);
    both(&["--total", "-h", "/dev", "/dev"]);
    both(&["--total", "-P", "--block-size=512", "/dev", "/proc"]);
    both(&["--total", "-i", "-P", "/dev", "/proc"]);
    both(&["--output=source,target", "--total", "/dev"]);
    both(&["--output=target", "--total", "/dev"]);
    both(&["--output=target,itotal", "--total", "/dev", "/proc"]);
    both(&["--total", "/proc"]);
    both(&["--total", "-a", "-t", "proc"]);
    both(&["--total", "-t", "proc"]);
    ucmd("df")
        .args(&["--total", "--output=source,target,size", "/proc"])
        .run()
        .success()
        .stdout_is(
            "Filesystem     Mounted on 1K-blocks\nproc           /proc              0\ntotal          -                  0\n",
        );
}

#[test]
fn options_and_help() {
    both(&["--s"]);
    both(&["--t", "x"]);
    both(&["-q"]);
    both(&["--bogus"]);
    both(&["-t"]);
    both(&["--block-size"]);
    both(&["--all=x"]);
    both(&["--", "-k"]);
}

#[test]
fn write_error() {
    let ours = ucmd("df").arg("/proc").stdout_to(Out::Full).run();
    let ours = ours
        .code_is(1)
        .stderr_is("df: write error: No space left on device\n");
    if have_gnu("df") {
        ours.same_as(&gnu("df").arg("/proc").stdout_to(Out::Full).run());
    }
}

/// tmpfs mounts with awkward names, a bind mount, a mount under another
/// and two on one point: the table, FILE operands and a terminal.
#[test]
fn mounts_made_here() {
    let t = TempDir::new();
    let dir = |n: &str| t.join(n);
    let mut held = Vec::new();
    let tmpfs = |src: &str, size: &str, at: &Path| {
        mount(&["-t", "tmpfs", "-o", &format!("size={size}"), src], at)
    };
    let Some(m) = tmpfs("src with space", "1m", &dir("a b")) else {
        return;
    };
    held.push(m);
    for (src, size, at) in [
        ("nl", "2m", "nl\nx"),
        ("tab\tsrc", "3m", "t\tab"),
        ("bs", "4m", "back\\slash"),
        ("uni", "5m", "日本語"),
        ("over1", "6m", "over"),
        ("over2", "7m", "over"),
    ] {
        held.extend(tmpfs(src, size, &dir(at)));
    }
    // Not valid UTF-8: shown unaligned in a UTF-8 locale.
    let latin1 = t.path().join(std::ffi::OsStr::from_bytes(b"m\xf3unt"));
    held.extend(tmpfs("latin1", "8m", &latin1));
    std::fs::create_dir_all(dir("a b/inner/x")).unwrap();
    held.extend(mount(
        &["--bind", dir("a b").to_str().unwrap()],
        &dir("bind"),
    ));
    held.extend(mount(
        &["--bind", dir("a b/inner").to_str().unwrap()],
        &dir("sub"),
    ));
    let s = |n: &str| dir(n).display().to_string();
    for args in [
        &["-t", "tmpfs"][..],
        &["-a", "-t", "tmpfs", "-T"],
        &["-t", "tmpfs", "--total", "--output"],
        &["-a", "--total", "-t", "tmpfs"],
        &[&s("a b"), &s("bind"), &s("sub"), &s("sub/x"), &s("over")],
        &[
            "--output=source,target,file",
            &s("nl\nx"),
            &s("t\tab"),
            &s("日本語"),
        ],
    ] {
        both(args);
        both_env(&[("LC_ALL", "C.UTF-8")], args);
    }
    // On a terminal, control characters and invalid ones become `?`.
    for locale in ["C", "C.UTF-8"] {
        let run = |prog: &str| {
            on_pty(&format!("{prog} -a -t tmpfs"), |c| {
                c.env("LC_ALL", locale);
            })
        };
        let mut same = false;
        for _ in 0..10 {
            let ours = run(&format!("{} df", corebox_line()));
            same = !have_gnu("df") || ours.is_none() || ours == run("/usr/bin/df");
            if same {
                break;
            }
        }
        assert!(same, "df on a terminal in {locale}");
    }
    drop(held);
}

/// Two file systems on one directory: the device of the first one is
/// over-mounted (GNU's over-mount-device.sh).
#[test]
fn over_mounted_device() {
    let t = TempDir::new();
    let mnt = t.join("mnt");
    let ext2 = &["mkfs.ext2", "-q", "-F"];
    let Some(first) = loop_mount(ext2, 2, &t.join("blob1"), &mnt) else {
        return;
    };
    let out = ucmd("df")
        .args(&["--output=source"])
        .arg(&mnt)
        .run()
        .success();
    let eclipsed = out.stdout_str().lines().nth(1).unwrap().to_string();
    let Some(second) = loop_mount(ext2, 2, &t.join("blob2"), &mnt) else {
        return;
    };
    ucmd("df")
        .args(&[&eclipsed, "/proc"])
        .run()
        .code_is(1)
        .stderr_is(format!(
            "df: cannot access '{eclipsed}': over-mounted by another device\n"
        ));
    both(&[&eclipsed, "/proc"]);
    both(&["-a", "-t", "ext2"]);
    both(&[mnt.to_str().unwrap()]);
    drop(second);
    drop(first);
}

/// Runs `df ARGS` (GNU's when `gnu`) in a mount namespace without /proc,
/// where `table` (when given) is the mount table, as /etc/mtab reads it:
/// None where that cannot be done.
fn without_proc(table: Option<&Path>, gnu: bool, args: &[&str]) -> Option<Output> {
    if !is_root() || runner().is_some() || !have_gnu("df") {
        return None;
    }
    let mut script = String::from("umount -l /proc || exit 99\n");
    if let Some(t) = table {
        script += &format!(
            "mount -t tmpfs fakeproc /proc && mkdir /proc/self && \
             cp '{0}' /proc/mounts && cp '{0}' /proc/self/mounts || exit 99\n",
            t.display()
        );
    }
    script += "exec \"$@\"";
    let prog = if gnu {
        vec!["df".into()]
    } else {
        corebox_argv()
    };
    let o = host("unshare")
        .args(&["-m", "--propagation", "private", "sh", "-c", &script, "sh"])
        .args(&prog)
        .args(&if gnu { vec![] } else { vec!["df"] })
        .args(args)
        .run();
    (o.code != Some(99) && !o.stderr_str().starts_with("unshare:")).then_some(o)
}

/// [`without_proc`] by GNU and by corebox, until they agree.
fn both_without_proc(table: Option<&Path>, args: &[&str]) {
    for _ in 0..10 {
        let Some(theirs) = without_proc(table, true, args) else {
            return;
        };
        let ours = without_proc(table, false, args).unwrap();
        if (&ours.stdout, &ours.stderr, ours.code) == (&theirs.stdout, &theirs.stderr, theirs.code)
        {
            return;
        }
    }
    let theirs = without_proc(table, true, args).unwrap();
    without_proc(table, false, args).unwrap().same_as(&theirs);
}

/// Without /proc there is no mount table: FILE operands are still shown
/// (with a warning), a listing of everything fails.
#[test]
fn without_mount_table() {
    for args in [
        &[][..],
        &["/dev"],
        &["-a", "/dev"],
        &["-l", "/dev"],
        &["-t", "devtmpfs", "/dev"],
        &["-x", "a", "/dev"],
        &["-T", "/dev", "/sys"],
    ] {
        both_without_proc(None, args);
    }
}

/// The table from /etc/mtab when there is no mountinfo: GNU's choice
/// among mounts of one device (a real device name over a pseudo one,
/// the shorter mount point, an over-mount; remote ones kept apart unless
/// totalled), dummy types, bind mounts of type none, mount points that
/// are not there or not absolute, rootfs (GNU's skip-duplicates.sh and
/// skip-rootfs.sh, which need LD_PRELOAD).
#[test]
fn mount_table_from_mtab() {
    let t = TempDir::new();
    let table = t.write(
        "mtab",
        "# a comment\n\
         fsname /dev devtmpfs rw 0 0\n\
         /fsname /dev/. devtmpfs rw 0 0\n\
         /fsname /dev devtmpfs rw 0 0\n\
         virtfs /dev/shm t1 rw 0 0\n\
         virtfs2 /dev/shm t2 rw 0 0\n\
         netns net:[1234567] - rw 0 0\n\
         rem:ote1 /sys - rw 0 0\n\
         rem:ote1 /sys - rw 0 0\n\
         rem:ote2 /sys - rw 0 0\n\
         \t /short /invalid/mount/dir - rw 0 0   \n\
         rootfs /proc rootfs rw 0 0\n\
         proc /proc proc rw 0 0\n\
         none /sys/kernel none rw,bind 0 0\n\
         none /sys/fs none rw 0 0\n\
         /dev/loop\\0409 /a\\040b\\011c ext2 rw 0 0\n\
         last /dev/shm tmpfs rw",
    );
    for args in [
        &[][..],
        &["-T"],
        &["--total"],
        &["-a"],
        &["-aT", "--total"],
        &["-l"],
        &["-l", "--total"],
        &["-t", "rootfs"],
        &["-a", "-t", "rootfs"],
        &["-a", "-x", "rootfs"],
        &["-i"],
        &["--output"],
        &[
            "/dev",
            "/dev/shm",
            "/sys",
            "/sys/kernel",
            "/sys/fs",
            "/proc",
            "/dev/null",
        ],
        &["-a", "/dev/shm"],
        &["-t", "t1", "/dev/shm"],
    ] {
        both_without_proc(Some(&table), args);
    }
}

/// As a user who may not read: files they cannot open, directories they
/// cannot search (GNU's unreadable.sh).
#[test]
fn unreadable_files() {
    let t = TempDir::new();
    let d = t.path();
    std::fs::write(d.join("unreadable"), "").unwrap();
    crate::tree::set_mode(&d.join("unreadable"), 0);
    std::fs::create_dir(d.join("closed")).unwrap();
    std::fs::write(d.join("closed/f"), "").unwrap();
    crate::tree::set_mode(&d.join("closed"), 0o700);
    crate::tree::set_mode(d, 0o755);
    host("mkfifo").arg(d.join("fifo")).run().success();
    for args in [&["unreadable", "fifo"][..], &["closed/f"], &["-a", "/proc"]] {
        let Some(ours) = crate::tree::as_nobody(false, "df", args, d) else {
            return;
        };
        if have_gnu("df") {
            let theirs = crate::tree::as_nobody(true, "df", args, d).unwrap();
            let fixed = theirs.stderr_str().replace("/usr/bin/df:", "df:");
            assert_eq!(ours.stderr_str(), fixed, "{args:?}");
            assert_eq!(ours.code, theirs.code, "{args:?}");
            // The others are on a file system other tests write to.
            if args.contains(&"/proc") {
                assert_eq!(ours.stdout_str(), theirs.stdout_str(), "{args:?}");
            }
        }
    }
}
