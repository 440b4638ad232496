use crate::harness::*;

#[test]
fn fields_match_gnu() {
    for args in [
        &[][..],
        &["-a"],
        &["--all"],
        &["-s"],
        &["--kernel-name"],
        &["--sysname"],
        &["-n"],
        &["--nodename"],
        &["-r"],
        &["--kernel-release"],
        &["--release"],
        &["-v"],
        &["--kernel-version"],
        &["-m"],
        &["--machine"],
        &["-p"],
        &["--processor"],
        &["-i"],
        &["--hardware-platform"],
        &["-o"],
        &["--operating-system"],
        &["-snrvmpio"],
        &["-ap"],
        &["-om"],
        &["x"],
        &["-x"],
    ] {
        if runner().is_some()
            && args
                .iter()
                .any(|a| a.contains('a') || a.contains('m') || a.contains("mach"))
        {
            continue; // qemu-user reports the guest machine
        }
        same_as_gnu("uname", args, None, None);
    }
}

#[test]
fn literal_forms() {
    ucmd("uname").run().success().stdout_is("Linux\n");
    ucmd("uname")
        .args(&["-p", "-i", "-o"])
        .run()
        .stdout_is("unknown unknown GNU/Linux\n");
    ucmd("uname")
        .arg("x")
        .run()
        .code_is(1)
        .stderr_is("uname: extra operand 'x'\nTry 'uname --help' for more information.\n");
    ucmd("uname")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("uname: write error: No space left on device\n");
}

#[test]
fn arch_is_uname_m() {
    let m = ucmd("uname").arg("-m").run().success().stdout_str();
    ucmd("arch").run().success().stdout_is(&m);
    ucmd("arch")
        .arg("x")
        .run()
        .code_is(1)
        .stderr_is("arch: extra operand 'x'\nTry 'arch --help' for more information.\n");
    ucmd("arch")
        .arg("--help")
        .run()
        .success()
        .stdout_contains(&help_start("arch", "Print machine architecture."));
}
