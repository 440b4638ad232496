//! hostname: GNU's (not Debian's): print, set, errors.
use crate::harness::*;

#[test]
fn prints_and_sets() {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    if !name.is_empty() {
        ucmd("hostname").run().code_is(0).stdout_is(&name);
    }
    ucmd("hostname")
        .args(&["a", "b"])
        .run()
        .code_is(1)
        .stderr_is("hostname: extra operand 'b'\nTry 'hostname --help' for more information.\n");
    ucmd("hostname")
        .arg("x".repeat(100))
        .env("LC_ALL", "C")
        .run()
        .code_is(1)
        .stderr_is(format!(
            "hostname: cannot set name to '{}': Invalid argument\n",
            "x".repeat(100)
        ));
    // Setting it needs a UTS namespace of our own (root and unshare).
    if crate::tree::is_root() && std::path::Path::new("/usr/bin/unshare").exists() {
        let cmd = format!("{c} hostname new.name && {c} hostname", c = corebox_line());
        let out = host("unshare").args(&["-u", "sh", "-c", &cmd]).run();
        if out.code == Some(0) {
            out.stdout_is("new.name\n");
        }
    }
}
