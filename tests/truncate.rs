use crate::harness::*;
use std::path::Path;

fn size(p: &Path) -> u64 {
    std::fs::metadata(p).unwrap().len()
}

#[test]
fn truncate_sizes() {
    let t = TempDir::new();
    let f = t.write("f", "12345");
    let tr = |args: &[&str]| ucmd("truncate").current_dir(t.path()).args(args).run();
    for (arg, want) in [
        ("3", 3),
        ("+7", 10),
        ("-4", 6),
        ("<4", 4),
        (">2", 4),
        ("%3", 6),
        ("/4", 4),
        ("1K", 1024),
        ("1KB", 1000),
        ("-2000", 0),
        ("5G", 5 << 30),
        ("0", 0),
    ] {
        tr(&["-s", arg, "f"]).success().no_stderr();
        assert_eq!(size(&f), want, "-s {arg}");
    }
    // Sparse: a 5 GiB file uses no blocks.
    tr(&["-s", "5G", "sparse"]).success();
    use std::os::unix::fs::MetadataExt;
    assert!(std::fs::metadata(t.join("sparse")).unwrap().blocks() < 16);
    t.write("r", "1234567");
    tr(&["-r", "r", "f"]).success();
    assert_eq!(size(&f), 7);
    tr(&["-r", "r", "-s", "+3", "f"]).success();
    assert_eq!(size(&f), 10);
    tr(&["-c", "-s", "0", "missing"]).success().no_stderr();
    assert!(!t.join("missing").exists());
}

#[test]
fn truncate_errors() {
    let t = TempDir::new();
    t.write("f", "12345");
    let tr = |args: &[&str]| ucmd("truncate").current_dir(t.path()).args(args).run();
    let try_help = "Try 'truncate --help' for more information.\n";
    tr(&["f"]).code_is(1).stderr_is(format!(
        "truncate: you must specify either '--size' or '--reference'\n{try_help}"
    ));
    tr(&["-s", "1"])
        .code_is(1)
        .stderr_is(format!("truncate: missing file operand\n{try_help}"));
    tr(&["-s", "+1", "-s", "-2", "f"])
        .code_is(1)
        .stderr_is(format!(
            "truncate: multiple relative modifiers specified\n{try_help}"
        ));
    tr(&["-s", "x", "f"])
        .code_is(1)
        .stderr_is("truncate: Invalid number: 'x'\n");
    tr(&["-s", "99999999999999999999", "f"])
        .code_is(1)
        .stderr_is(
        "truncate: Invalid number: '99999999999999999999': Value too large for defined data type\n",
    );
    tr(&["-s", "%0", "f"])
        .code_is(1)
        .stderr_is("truncate: division by zero\n");
    tr(&["-s", "+8E", "f"])
        .code_is(1)
        .stderr_is("truncate: Invalid number: '+8E': Value too large for defined data type\n");
    tr(&["-s", "+7E", "-s", "+1E", "f"]).code_is(1);
    tr(&["-s", "0", "no/x"])
        .code_is(1)
        .stderr_is("truncate: cannot open 'no/x' for writing: No such file or directory\n");
    tr(&["-o", "-s", "8P", "f"])
        .code_is(1)
        .stderr_contains("truncate: overflow in 9007199254740992 * ");
}

#[test]
fn truncate_like_gnu() {
    let setup = |d: &Path| {
        std::fs::write(d.join("f"), "12345").unwrap();
        std::fs::write(d.join("r"), "1234567").unwrap();
        std::fs::create_dir(d.join("d")).unwrap();
        let _ = std::process::Command::new("mkfifo")
            .arg(d.join("fifo"))
            .status();
    };
    for args in [
        &["-s", " +  3", "f"][..],
        &["-s", "+ 3", "f"],
        &["-s", "-K", "f"],
        &["-s", "K", "f"],
        &["-s", "<+3", "f"],
        &["-s", "+1", "-s", "2", "f"],
        &["-s", "1X", "f"],
        &["-r", "r", "-s", "3", "f"],
        &["-r", "nonexistent", "f"],
        &["-o", "f"],
        &["-o", "-s", "2", "f"],
        &["-s", "0", "d", "d/", "f"],
        &["-s", "0", "fifo"],
        &["-s", "4", "new1", "new2"],
        &["-c", "-s", "0", "no/x"],
        &["-r", "d", "-s", "+1", "f"],
        &["-s", "1m", "f"],
    ] {
        same_effect_as_gnu("truncate", args, setup);
    }
}
