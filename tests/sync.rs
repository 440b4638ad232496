use crate::harness::*;

#[test]
fn sync_modes() {
    let t = TempDir::new();
    let f = t.write("f", "x");
    ucmd("sync").run().success().no_stdout().no_stderr();
    ucmd("sync").arg(&f).run().success();
    ucmd("sync").arg("-d").arg(&f).run().success();
    ucmd("sync").arg("--data").arg(&f).run().success();
    ucmd("sync").arg("-f").arg(&f).run().success();
    ucmd("sync")
        .arg("--file-system")
        .arg(t.path())
        .run()
        .success();
    ucmd("sync").arg("-f").arg("/dev/null").run().success();
    ucmd("sync").arg(t.path()).run().success();
}

#[test]
fn sync_errors() {
    let t = TempDir::new();
    let f = t.write("f", "x");
    ucmd("sync")
        .arg("-d")
        .run()
        .code_is(1)
        .stderr_is("sync: --data needs at least one argument\n");
    ucmd("sync")
        .args(&["-d", "-f"])
        .arg(&f)
        .run()
        .code_is(1)
        .stderr_is("sync: cannot specify both --data and --file-system\n");
    ucmd("sync")
        .current_dir(t.path())
        .args(&["nonexist", "f"])
        .run()
        .code_is(1)
        .stderr_is("sync: error opening 'nonexist': No such file or directory\n");
    ucmd("sync")
        .arg("/dev/null")
        .run()
        .code_is(1)
        .stderr_is("sync: error syncing '/dev/null': Invalid argument\n");
    ucmd("sync")
        .arg("-x")
        .run()
        .code_is(1)
        .stderr_is("sync: invalid option -- 'x'\nTry 'sync --help' for more information.\n");
}
