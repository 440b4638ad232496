use crate::harness::*;
use std::os::unix::fs::{symlink, MetadataExt, PermissionsExt};
use std::path::Path;

fn setup(d: &Path) {
    std::fs::create_dir_all(d.join("d/e/f")).unwrap();
    std::fs::write(d.join("d/e/g"), "g").unwrap();
    std::fs::write(d.join("d/h"), "hh").unwrap();
    std::fs::hard_link(d.join("d/h"), d.join("d/e/h2")).unwrap();
    std::fs::write(d.join("file"), "file\n").unwrap();
    std::fs::write(d.join("other"), "other\n").unwrap();
    // Fixed times: -u compares them, and two writes in a row may or may
    // not share a clock tick.
    let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000);
    let f = std::fs::File::options()
        .write(true)
        .open(d.join("file"))
        .unwrap();
    f.set_modified(old).unwrap();
    std::fs::set_permissions(d.join("other"), std::fs::Permissions::from_mode(0o640)).unwrap();
    std::fs::create_dir(d.join("dest")).unwrap();
    symlink("file", d.join("lf")).unwrap();
    symlink("d", d.join("ld")).unwrap();
    symlink("nowhere", d.join("dangling")).unwrap();
}

#[test]
fn cp_like_gnu() {
    for args in [
        &["file", "new"][..],
        &["-v", "file", "other", "dest"],
        &["-v", "file", "other"],
        &["d", "x"],
        &["-rv", "d", "x"],
        &["-rv", "d", "dest"],
        &["-rv", "d/", "dest/"],
        &["-av", "d", "ld", "lf", "dangling", "dest"],
        &["-Rv", "ld", "lf", "x"],
        &["-RLv", "ld", "x"],
        &["-RHv", "ld", "lf", "dest"],
        &["-dv", "lf", "dangling", "dest"],
        &["-v", "lf", "dangling", "dest"],
        &["file", "file"],
        &["-r", "d", "d/e"],
        &["-r", "d", "d"],
        &["-bv", "file", "other"],
        &["--backup=numbered", "-v", "file", "other"],
        &["-fbv", "file", "file"],
        &["-n", "file", "other"],
        &["-uv", "other", "file"],
        &["-uv", "file", "other"],
        &["-lv", "file", "dest"],
        &["-sv", "file", "sym"],
        &["-sv", "file", "dest"],
        &["-v", "--parents", "d/e/g", "dest"],
        &["-v", "--parents", "d/e/g", "file"],
        &["-Tv", "file", "dest"],
        &["-rTv", "d", "dest"],
        &["-t", "dest", "-v", "file", "other", "file"],
        &["file", "other", "nodir"],
        &["file"],
        &[],
        &["-Rv", "--remove-destination", "d", "dest"],
        &["--no-preserve=mode", "other", "o2"],
        &["--preserve=bogus", "file", "x"],
        &["--sparse=sometimes", "file", "x"],
        &["--reflink=never", "--sparse=never", "-v", "file", "x"],
        &["--reflink", "--sparse=never", "file", "x"],
        &["-ls", "file", "x"],
        &["-nb", "file", "x"],
        &["--attributes-only", "-v", "other", "file"],
        &["-x", "-rv", "d", "x"],
        &["--strip-trailing-slashes", "-rv", "d///", "x"],
        // Not `d/.. dest`: dest lies inside the source, and what lands in
        // dest/./dest depends on whether dest comes before or after its
        // siblings in inode order, which differs between two setups
        // (ext4 spreads new directories over block groups).
        &["-rv", "d/e/..", "x"],
        &["missing", "x"],
        &["-v", "file", "d/e/g/x"],
    ] {
        same_effect_as_gnu_any_order("cp", args, setup);
    }
}

#[test]
fn cp_copies_data_and_links() {
    let t = TempDir::new();
    setup(t.path());
    let r = |args: &[&str]| ucmd("cp").current_dir(t.path()).args(args).run();
    r(&["-a", "d", "copy"]).success().no_stderr();
    assert_eq!(t.read("copy/e/g"), b"g");
    assert_eq!(t.read("copy/h"), b"hh");
    let (h, h2) = (
        std::fs::metadata(t.join("copy/h")).unwrap(),
        std::fs::metadata(t.join("copy/e/h2")).unwrap(),
    );
    assert_eq!(h.ino(), h2.ino(), "-a keeps hard links");
    let src = std::fs::metadata(t.join("d/h")).unwrap();
    assert_eq!(h.mtime(), src.mtime());
    r(&["-p", "other", "o2"]).success();
    let o2 = std::fs::metadata(t.join("o2")).unwrap();
    assert_eq!(o2.permissions().mode() & 0o777, 0o640);
    // Bigger than any buffer, through a pipe as source.
    let big: Vec<u8> = (0..3_000_000u32).map(|i| (i * 7 % 251) as u8).collect();
    t.write("big", &big);
    r(&["big", "big2"]).success();
    assert_eq!(t.read("big2"), big);
    ucmd("cp")
        .current_dir(t.path())
        .args(&["/dev/stdin", "piped"])
        .stdin(&big)
        .run()
        .success();
    assert_eq!(t.read("piped"), big);
}

#[test]
fn cp_write_errors() {
    let t = TempDir::new();
    t.write("f", vec![b'x'; 100_000]);
    ucmd("cp")
        .current_dir(t.path())
        .args(&["f", "/dev/full"])
        .run()
        .code_is(1)
        .stderr_is("cp: error writing '/dev/full': No space left on device\n");
}

#[test]
fn cp_sparse_always_makes_holes() {
    let t = TempDir::new();
    // 4 MiB of zeros with a little data at each end.
    let mut v = vec![0u8; 4 << 20];
    v[..5].copy_from_slice(b"start");
    let n = v.len();
    v[n - 3..].copy_from_slice(b"end");
    t.write("zeros", &v);
    let r = |args: &[&str]| ucmd("cp").current_dir(t.path()).args(args).run();
    r(&["--sparse=always", "zeros", "sparse"]).success();
    assert_eq!(t.read("sparse"), v);
    let m = std::fs::metadata(t.join("sparse")).unwrap();
    assert!(
        m.blocks() * 512 < 1 << 20,
        "holes kept: {} blocks",
        m.blocks()
    );
    // A sparse source keeps its holes by default (SEEK_DATA/SEEK_HOLE).
    r(&["sparse", "sparse2"]).success();
    assert_eq!(t.read("sparse2"), v);
    let m2 = std::fs::metadata(t.join("sparse2")).unwrap();
    assert!(
        m2.blocks() * 512 < 1 << 20,
        "holes kept: {} blocks",
        m2.blocks()
    );
    r(&["--sparse=never", "sparse", "full"]).success();
    assert_eq!(t.read("full"), v);
    let m3 = std::fs::metadata(t.join("full")).unwrap();
    assert!(m3.blocks() * 512 >= 4 << 20, "--sparse=never writes zeros");
}

#[test]
fn cp_does_not_follow_symlinks_in_trees() {
    let t = TempDir::new();
    std::fs::create_dir_all(t.join("outside/inner")).unwrap();
    t.write("outside/inner/secret", "s");
    std::fs::create_dir(t.join("tree")).unwrap();
    symlink(t.join("outside"), t.join("tree/link")).unwrap();
    ucmd("cp")
        .current_dir(t.path())
        .args(&["-r", "tree", "copy"])
        .run()
        .success();
    let m = std::fs::symlink_metadata(t.join("copy/link")).unwrap();
    assert!(m.file_type().is_symlink());
}

#[test]
fn cp_20000_levels() {
    let t = TempDir::new();
    let deep = vec!["d"; 20_000].join("/");
    ucmd("mkdir")
        .current_dir(t.path())
        .args(&["-p", &deep])
        .run()
        .success();
    let c = ucmd("cp")
        .current_dir(t.path())
        .args(&["-r", "d", "e"])
        .run();
    // GNU find walks trees of any depth (fts, one directory at a time).
    let o = host("find")
        .current_dir(t.path())
        .args(&["e", "-mindepth", "19999", "-printf", "%d %y\n"])
        .run();
    // Remove both trees before asserting: std's remove_dir_all recurses.
    ucmd("rm")
        .current_dir(t.path())
        .args(&["-r", "d", "e"])
        .run()
        .success();
    c.success().no_stderr();
    o.success().stdout_is("19999 d\n");
}

/// -g/--progress (beyond GNU): a line on a terminal's standard error,
/// nothing when it is not a terminal.
#[test]
fn cp_and_mv_progress() {
    let t = TempDir::new();
    let data: Vec<u8> = (0..3_000_000u32).map(|i| (i % 251) as u8).collect();
    t.write("big", &data);
    let line = |cmd: &str| {
        let full = format!("cd {} && {} {cmd}", t.path().display(), corebox_line());
        on_pty(&full, |_| {})
    };
    let Some(out) = line("cp -g big copy") else {
        return;
    };
    assert!(
        out.contains("2.9MiB / 2.9MiB [==============================] 100% ")
            && out.contains(" ETA 0:0"),
        "{out:?}"
    );
    assert_eq!(t.read("copy"), data);
    let out = line("mv --progress copy moved").unwrap();
    assert!(out.contains("100%"), "{out:?}");
    assert_eq!(t.read("moved"), data);
    ucmd("cp")
        .current_dir(t.path())
        .args(&["-g", "big", "copy2"])
        .run()
        .success()
        .no_stderr();
    assert_eq!(t.read("copy2"), data);
}

/// --reflink=always shares the data (FICLONE) on a file system that has
/// it: a loop-mounted btrfs, where the mount is permitted (root, loop
/// devices) and mkfs.btrfs is installed; elsewhere GNU's refusal.
#[test]
fn cp_reflink_shares_extents_on_btrfs() {
    let t = TempDir::new();
    t.write("f", b"data");
    // On the test directory's file system (not btrfs here): refused.
    let o = ucmd("cp")
        .current_dir(t.path())
        .args(&["--reflink=always", "f", "g"])
        .run();
    if o.code == Some(0) {
        return; // TMPDIR has reflinks itself.
    }
    assert!(
        String::from_utf8_lossy(&o.stderr).starts_with("cp: failed to clone 'g' from 'f': "),
        "{:?}",
        String::from_utf8_lossy(&o.stderr)
    );
    let mnt = t.join("mnt");
    let Some(_m) =
        crate::harness::loop_mount(&["mkfs.btrfs", "-q"], 300, &t.join("btrfs.img"), &mnt)
    else {
        return;
    };
    let data: Vec<u8> = (0..100u32 << 20)
        .map(|i| (i.wrapping_mul(2654435761) >> 24) as u8)
        .collect();
    std::fs::write(mnt.join("src"), &data).unwrap();
    let free = || {
        let _ = std::process::Command::new("sync").status();
        let o = std::process::Command::new("/usr/bin/stat")
            .args(["-f", "-c", "%a %S"])
            .arg(&mnt)
            .output()
            .unwrap();
        let s = String::from_utf8_lossy(&o.stdout).into_owned();
        let v: Vec<u64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();
        v[0] * v[1]
    };
    let before = free();
    ucmd("cp")
        .current_dir(&mnt)
        .args(&["--reflink=always", "src", "clone"])
        .run()
        .success()
        .no_stderr();
    ucmd("cp")
        .current_dir(&mnt)
        .args(&["src", "auto"])
        .run()
        .success();
    let after = free();
    assert_eq!(std::fs::read(mnt.join("clone")).unwrap(), data);
    assert_eq!(std::fs::read(mnt.join("auto")).unwrap(), data);
    // Two copies of 100 MiB, yet (almost) no space used: shared extents.
    assert!(before - after.min(before) < 20 << 20, "{before} -> {after}");
}

/// cp -pu onto a file system that keeps whole seconds (ext4 with 128-byte
/// inodes, loop-mounted where permitted): the copy's time, cut to the
/// second, does not count as older than the source's (gnulib's utimecmp
/// cuts the source's time to the destination's resolution, found by a
/// probe), so a second `cp -pu` copies nothing, as GNU's; without -p the
/// times are compared whole. The probe leaves the destination's times.
#[test]
fn cp_update_cuts_times_to_the_destination_resolution() {
    let t = TempDir::new();
    let mnt = t.join("mnt");
    let img = t.join("ext4.img");
    let Some(_m) = loop_mount(&["mkfs.ext4", "-q", "-I", "128"], 16, &img, &mnt) else {
        return;
    };
    t.write("src", b"data");
    let when = std::time::UNIX_EPOCH + std::time::Duration::new(1_600_000_000, 500_000_000);
    let f = std::fs::File::options()
        .write(true)
        .open(t.join("src"))
        .unwrap();
    f.set_modified(when).unwrap();
    let mtime = |p: &Path| {
        let m = std::fs::metadata(p).unwrap();
        (m.mtime(), m.mtime_nsec())
    };
    let mut outs = Vec::new();
    for ours in [false, true] {
        if !ours && !have_gnu("cp") {
            continue;
        }
        let cp = |args: &[&str]| {
            let c = if ours { ucmd("cp") } else { gnu("cp") };
            c.current_dir(t.path()).args(args).run()
        };
        let _ = std::fs::remove_file(mnt.join("dst"));
        cp(&["-p", "src", "mnt/dst"]).success();
        assert_eq!(mtime(&mnt.join("dst")), (1_600_000_000, 0));
        let again = cp(&["-puv", "src", "mnt/dst"]).success().stdout_is("");
        assert_eq!(mtime(&mnt.join("dst")), (1_600_000_000, 0));
        let plain = cp(&["-uv", "src", "mnt/dst"])
            .success()
            .stdout_is("'src' -> 'mnt/dst'\n");
        outs.push((again.stdout.clone(), plain.stdout.clone()));
    }
    if outs.len() == 2 {
        assert_eq!(outs[0], outs[1]);
    }
}
