//! mv: renames, moves across file systems (copy, then remove), prompts,
//! backups and the refusals, against GNU's mv.
use crate::harness::*;
use std::os::unix::fs::{symlink, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

fn setup(d: &Path) {
    std::fs::create_dir_all(d.join("d/e/f")).unwrap();
    std::fs::write(d.join("d/e/g"), "g").unwrap();
    std::fs::write(d.join("d/h"), "hh").unwrap();
    std::fs::hard_link(d.join("d/h"), d.join("d/e/h2")).unwrap();
    std::fs::write(d.join("file"), "file\n").unwrap();
    std::fs::write(d.join("other"), "other\n").unwrap();
    // Fixed times: -u compares them.
    let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000);
    let f = std::fs::File::options()
        .write(true)
        .open(d.join("file"))
        .unwrap();
    f.set_modified(old).unwrap();
    std::fs::set_permissions(d.join("other"), std::fs::Permissions::from_mode(0o640)).unwrap();
    std::fs::create_dir(d.join("dest")).unwrap();
    std::fs::create_dir(d.join("full")).unwrap();
    std::fs::write(d.join("full/file"), "in full\n").unwrap();
    symlink("file", d.join("lf")).unwrap();
    symlink("d", d.join("ld")).unwrap();
    symlink("nowhere", d.join("dangling")).unwrap();
}

#[test]
fn mv_like_gnu() {
    for args in [
        &["file", "new"][..],
        &["-v", "file", "other"],
        &["-v", "file", "dest"],
        &["-v", "file", "other", "dest"],
        &["-v", "d", "x"],
        &["-v", "d", "dest"],
        &["-v", "d/", "x"],
        &["-v", "d", "dest/"],
        &["-v", "file", "dest/"],
        &["-v", "file", "nodir/"],
        &["d", "file"],
        &["-T", "file", "dest"],
        &["-Tv", "d", "dest"],
        &["-Tv", "d", "full"],
        &["-bv", "file", "other"],
        &["--backup=numbered", "-v", "file", "other"],
        &["--suffix=.bak", "-v", "file", "other"],
        &["-bv", "d", "other"],
        &["-bv", "file", "full"],
        &["-bv", "file", "file"],
        &["-n", "file", "other"],
        &["-nv", "file", "full"],
        &["-fv", "file", "other"],
        &["-uv", "other", "file"],
        &["-uv", "file", "other"],
        &["file", "file"],
        &["file", "./file"],
        &["-v", "d/h", "d/e/h2"],
        &["d", "d/e"],
        &["-v", "d", "d"],
        &["-v", "d", "ld"],
        &["-v", "lf", "x"],
        &["-v", "dangling", "lf", "ld", "dest"],
        &["missing", "x"],
        &["missing", "dest"],
        &["file"],
        &[],
        &["-t", "dest", "-v", "file", "other"],
        &["-t", "dest", "-t", "d", "file"],
        &["-t", "nodir", "file"],
        &["-t", "file", "other"],
        &["-T", "-t", "dest", "file"],
        &["-T", "file", "other", "dest"],
        &["file", "other", "nodir"],
        &["file", "other", "file"],
        &["-t", "dest", "-v", "file", "file"],
        &["-v", "file", "other", "dest/file"],
        &["-nb", "file", "x"],
        &["--backup=bogus", "file", "x"],
        &["--strip-trailing-slashes", "-v", "d///", "x"],
        &["-v", "file", "d/e/g/x"],
        &["-v", "d/e/f", "d/e/g", "d"],
        &["-v", "dest", "d/e/f"],
        &["-v", ".", "x"],
        &["-v", "d/..", "x"],
    ] {
        same_effect_as_gnu_any_order("mv", args, setup);
    }
}

/// A directory on another file system than TMPDIR's (a tmpfs), if any.
fn other_fs() -> Option<PathBuf> {
    let here = std::fs::metadata(std::env::temp_dir()).ok()?.dev();
    let shm = PathBuf::from("/dev/shm");
    let m = std::fs::metadata(&shm).ok()?;
    (m.is_dir() && m.dev() != here).then_some(shm)
}

/// `mv ARGS` where `shm` in the working directory is a symlink to a
/// directory on another file system: GNU's output and both trees.
fn across_like_gnu(args: &[&str]) {
    let Some(base) = other_fs() else { return };
    if !have_gnu("mv") {
        return;
    }
    let run = |c: Cmd| {
        let t = TempDir::new();
        let s = TempDir::new_in(&base);
        setup(t.path());
        std::fs::create_dir(s.join("empty")).unwrap();
        std::fs::create_dir(s.join("full")).unwrap();
        std::fs::write(s.join("full/x"), "x").unwrap();
        std::fs::write(s.join("other"), "there\n").unwrap();
        symlink(s.path(), t.join("shm")).unwrap();
        let before = std::fs::metadata(t.join("d/h")).unwrap().mtime();
        let mut o = c.args(args).current_dir(t.path()).run();
        let fix = |v: &[u8]| {
            String::from_utf8_lossy(v)
                .replace(&t.path().display().to_string(), "@")
                .replace(&s.path().display().to_string(), "@shm")
                .into_bytes()
        };
        // Of two hard links, the one met first (in inode order, which
        // differs between two setups) is copied, the other linked to it.
        let linked: String = String::from_utf8(fix(&o.stdout))
            .unwrap()
            .split_inclusive('\n')
            .map(|l| {
                if l.starts_with("copied 'd/e/h2' -> ") || l.starts_with("copied 'd/h' -> ") {
                    "copied one link\n"
                } else {
                    l
                }
            })
            .collect();
        o.stdout = sorted_lines(linked.as_bytes());
        o.stderr = sorted_lines(&fix(&o.stderr));
        let fix_tree = |v: Vec<String>| -> Vec<String> {
            v.into_iter()
                .map(|l| String::from_utf8(fix(l.as_bytes())).unwrap())
                .collect()
        };
        let trees = (fix_tree(tree(t.path())), fix_tree(tree(s.path())));
        // Attributes kept across: times and hard links.
        let h = std::fs::metadata(s.join("d/h")).ok().map(|m| {
            let h2 = std::fs::metadata(s.join("d/e/h2")).unwrap();
            (m.mtime() == before, m.ino() == h2.ino(), m.nlink())
        });
        (o, trees, h)
    };
    let (theirs, their_trees, their_h) = run(gnu("mv"));
    let (ours, our_trees, our_h) = run(ucmd("mv"));
    ours.same_as(&theirs);
    assert_eq!(
        our_trees, their_trees,
        "the trees differ from GNU's: mv {args:?}"
    );
    assert_eq!(
        our_h, their_h,
        "times or links differ from GNU's: mv {args:?}"
    );
}

#[test]
fn mv_across_file_systems_like_gnu() {
    for args in [
        &["-v", "d", "shm"][..],
        &["-v", "d", "shm/new"],
        &["-v", "file", "shm/x"],
        &["-v", "file", "other", "d", "lf", "ld", "dangling", "shm"],
        &["-Tv", "d", "shm/empty"],
        &["-Tv", "d", "shm/full"],
        &["-v", "file", "shm/other"],
        &["-bv", "file", "shm/other"],
        &["-nv", "file", "shm/other"],
        &["-uv", "file", "shm/other"],
        &["-Tv", "file", "shm/empty"],
        &["-v", "d", "shm/other"],
        &["-bv", "d", "shm/other"],
    ] {
        across_like_gnu(args);
    }
}

#[test]
fn mv_prompts() {
    let t = TempDir::new();
    setup(t.path());
    let r = |args: &[&str], input: &str| {
        ucmd("mv")
            .current_dir(t.path())
            .args(args)
            .stdin(input)
            .run()
    };
    r(&["-i", "file", "other"], "n\n")
        .success()
        .stderr_is("mv: overwrite 'other'? ");
    assert_eq!(t.read("other"), b"other\n");
    r(&["-i", "file", "other"], "y\n")
        .success()
        .stderr_is("mv: overwrite 'other'? ");
    assert_eq!(t.read("other"), b"file\n");
    assert!(!t.join("file").exists());
    // -f after -i: no question.
    r(&["-i", "-f", "other", "d/h"], "").success().no_stderr();
    assert_eq!(t.read("d/h"), b"file\n");
}

#[test]
fn mv_write_error() {
    let t = TempDir::new();
    setup(t.path());
    ucmd("mv")
        .current_dir(t.path())
        .args(&["-v", "file", "new"])
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("mv: write error: No space left on device\n");
    assert!(t.join("new").exists());
}

/// Moving onto a file system too small for the source: the source stays
/// whole and no partial copy is left (GNU leaves one).
#[test]
fn mv_loses_nothing_when_the_copy_fails() {
    let t = TempDir::new();
    let mnt = t.join("small");
    let Some(_m) = crate::harness::mount(&["-t", "tmpfs", "-o", "size=1m", "tmpfs"], &mnt) else {
        return;
    };
    let big: Vec<u8> = (0..3_000_000u32).map(|i| (i * 13 % 251) as u8).collect();
    t.write("big", &big);
    std::fs::create_dir_all(t.join("tree/sub")).unwrap();
    let part: Vec<u8> = big[..600_000].to_vec();
    t.write("tree/a", &part);
    t.write("tree/sub/b", &part);
    std::fs::write(mnt.join("keep"), "old").unwrap();
    let r = |args: &[&str]| ucmd("mv").current_dir(t.path()).args(args).run();
    r(&["big", "small/"])
        .code_is(1)
        .stderr_is("mv: error writing 'small/big': No space left on device\n");
    assert_eq!(t.read("big"), big, "the source is whole");
    assert!(!mnt.join("big").exists(), "no partial copy");
    r(&["tree", "small"]).code_is(1);
    assert_eq!(t.read("tree/a"), part);
    assert_eq!(t.read("tree/sub/b"), part);
    assert!(!mnt.join("tree").exists(), "no partial tree");
    // A backup of what was there comes back.
    r(&["-b", "-T", "big", "small/keep"]).code_is(1);
    assert_eq!(std::fs::read(mnt.join("keep")).unwrap(), b"old");
    assert!(!mnt.join("keep~").exists());
    assert_eq!(t.read("big"), big);
    // What fits moves, and the source goes.
    r(&["tree/a", "small/"]).success();
    assert_eq!(std::fs::read(mnt.join("a")).unwrap(), part);
    assert!(!t.join("tree/a").exists());
}
