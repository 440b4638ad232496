use crate::harness::*;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::Path;

#[test]
fn mkfifo_makes_fifos() {
    let t = TempDir::new();
    let m = |args: &[&str]| ucmd("mkfifo").current_dir(t.path()).args(args).run();
    m(&["p1", "p2"]).success().no_stdout().no_stderr();
    assert!(std::fs::metadata(t.join("p2"))
        .unwrap()
        .file_type()
        .is_fifo());
    m(&["-m", "a=rw", "p3"]).success();
    assert_eq!(
        std::fs::metadata(t.join("p3"))
            .unwrap()
            .permissions()
            .mode()
            & 0o777,
        0o666
    );
    m(&["p1", "p4"])
        .code_is(1)
        .stderr_is("mkfifo: cannot create fifo 'p1': File exists\n");
    assert!(t.join("p4").exists());
    m(&[])
        .code_is(1)
        .stderr_is("mkfifo: missing operand\nTry 'mkfifo --help' for more information.\n");
    m(&["-m", "+t", "p5"])
        .code_is(1)
        .stderr_is("mkfifo: mode must specify only file permission bits\n");
    m(&["-m", "x", "p5"])
        .code_is(1)
        .stderr_is("mkfifo: invalid mode\n");
}

#[test]
fn mknod_nodes_and_errors() {
    let t = TempDir::new();
    let m = |args: &[&str]| ucmd("mknod").current_dir(t.path()).args(args).run();
    m(&["f", "p"]).success().no_stderr();
    assert!(std::fs::metadata(t.join("f"))
        .unwrap()
        .file_type()
        .is_fifo());
    let try_help = "Try 'mknod --help' for more information.\n";
    m(&[])
        .code_is(1)
        .stderr_is(format!("mknod: missing operand\n{try_help}"));
    m(&["x"])
        .code_is(1)
        .stderr_is(format!("mknod: missing operand after 'x'\n{try_help}"));
    m(&["x", "b"]).code_is(1).stderr_is(format!(
        "mknod: missing operand after 'b'\nSpecial files require major and minor device numbers.\n{try_help}"
    ));
    m(&["x", "p", "1", "2"]).code_is(1).stderr_is(format!(
        "mknod: extra operand '1'\nFifos do not have major and minor device numbers.\n{try_help}"
    ));
    m(&["x", "q", "1", "2"])
        .code_is(1)
        .stderr_is(format!("mknod: invalid device type 'q'\n{try_help}"));
    m(&["x", "c", "1", "0x"])
        .code_is(1)
        .stderr_is("mknod: invalid minor device number '0x'\n");
    m(&["x", "c", "4294967296", "0"])
        .code_is(1)
        .stderr_is("mknod: invalid major device number '4294967296'\n");
    m(&["x", "c", "4294967295", "4294967295"])
        .code_is(1)
        .stderr_is("mknod: invalid device 4294967295 4294967295\n");
    m(&["f", "p"])
        .code_is(1)
        .stderr_is("mknod: f: File exists\n");
    let root = unsafe { geteuid() } == 0;
    if root {
        // What an initramfs /dev needs: /dev/null, 1:3, in hex and octal.
        m(&["-m", "640", "null", "c", "0x1", "03"]).success();
        let md = std::fs::metadata(t.join("null")).unwrap();
        assert!(md.file_type().is_char_device());
        assert_eq!(md.rdev(), 0x103);
        assert_eq!(md.permissions().mode() & 0o777, 0o640);
        m(&["blk", "b", "4096", "0"])
            .code_is(1)
            .stderr_is("mknod: blk: Invalid argument\n");
    }
}

extern "C" {
    fn geteuid() -> u32;
}

#[test]
fn mknod_like_gnu() {
    let setup = |d: &Path| std::fs::write(d.join("f"), "").unwrap();
    for args in [
        &["x", "p"][..],
        &["-m", "600", "x", "pipe"],
        &["x", "u", "0x10", "010"],
        &["x", "c", "08", "1"],
        &["x", "c", " 1", "+2"],
        &["x", "c", "-1", "0"],
        &["x", "", "1", "2"],
        &["x", "b", "1", "2", "3"],
        &["--context=a", "x", "p"],
        &["no/x", "p"],
        &["-m", "u+s", "x", "p"],
    ] {
        same_effect_as_gnu("mknod", args, setup);
    }
    for args in [&["a", "f", "b"][..], &["-m", "600", "a"], &["-Z", "a"]] {
        same_effect_as_gnu("mkfifo", args, setup);
    }
}
