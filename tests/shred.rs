//! shred: GNU's passes in GNU's order (the same random source gives the
//! same passes and data), sizes, removal by renames, against GNU's shred.
use crate::harness::*;
use std::path::Path;

fn setup(d: &Path) {
    std::fs::write(d.join("Us"), vec![b'U'; 100 * 1024]).unwrap();
    std::fs::write(d.join("short"), vec![b'S'; 1000]).unwrap();
    std::fs::write(d.join("f"), "1").unwrap();
    std::fs::write(d.join("big"), vec![b'b'; 70_000]).unwrap();
    std::fs::write(d.join("empty"), "").unwrap();
    std::fs::create_dir(d.join("dir")).unwrap();
    std::fs::write(d.join("dir/0"), "taken").unwrap();
    std::fs::write(d.join("dir/name"), "abc").unwrap();
}

fn shred_like_gnu(args: &[&str]) {
    same_files_as_gnu("shred", args, b"", setup, |v| v.to_vec());
}

#[test]
fn shred_like_gnu_with_a_random_source() {
    for args in [
        &["-v", "--random-source=Us", "f"][..],
        &["-v", "-u", "-n20", "-s4096", "--random-source=Us", "f"],
        &["-v", "-n25", "-s100", "--random-source=Us", "f"],
        &["-v", "-n7", "-x", "--random-source=Us", "big"],
        &["-v", "-n2", "-z", "--random-source=Us", "big"],
        &["-v", "-n1", "-s0x10", "--random-source=Us", "f"],
        &["-v", "-n1", "-s010", "--random-source=Us", "f"],
        &["-v", "-n25", "-s2", "--random-source=Us", "f"],
        &["-v", "-n25", "-s1", "-x", "--random-source=Us", "f"],
        &["-v", "-n3", "-s2K", "--random-source=Us", "big"],
        &["-v", "--random-source=Us", "empty"],
        &["-vu", "--random-source=Us", "empty"],
        &["-v", "--remove=unlink", "--random-source=Us", "f"],
        &["-v", "--remove=wipe", "--random-source=Us", "dir/name"],
        &["-v", "--remove=wipesync", "--random-source=Us", "dir/0"],
        &["-v", "-n0", "-u", "--random-source=Us", "big"],
        &["-v", "-n3", "-s200000", "--random-source=Us", "f"],
        &["-v", "--random-source=short", "-s5000", "f"],
        &["--random-source=nosuch", "f"],
        &["--random-source=Us", "--random-source=short", "f"],
        &["--random-source=Us", "--random-source=Us", "-n1", "f"],
        &["-s-2", "f"],
        &["-s1Q", "f"],
        &["-s9223372036854775808", "f"],
        &["-n", "x", "f"],
        &["-n", "-1", "f"],
        &["--remove=bogus", "f"],
        &["nosuch"],
        &["dir"],
        &[],
    ] {
        shred_like_gnu(args);
    }
}

#[test]
fn shred_overwrites_with_kernel_randomness() {
    let t = TempDir::new();
    setup(t.path());
    ucmd("shred")
        .current_dir(t.path())
        .args(&["-n1", "big"])
        .run()
        .success()
        .no_stderr();
    let data = t.read("big");
    // A block rounds the size up; the old bytes are gone.
    assert!(data.len() >= 70_000);
    assert!(data.iter().filter(|&&b| b == b'b').count() < 1000);
    ucmd("shred")
        .current_dir(t.path())
        .args(&["-zu", "big"])
        .run()
        .success();
    assert!(!t.join("big").exists());
}
