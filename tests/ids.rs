use crate::harness::*;

#[test]
fn whoami_matches_gnu() {
    same_as_gnu("whoami", &[], None, None);
    same_as_gnu("whoami", &["x"], None, None);
    ucmd("whoami")
        .arg("x")
        .run()
        .code_is(1)
        .stderr_is("whoami: extra operand 'x'\nTry 'whoami --help' for more information.\n");
}

#[test]
fn logname_matches_gnu() {
    same_as_gnu("logname", &[], None, None);
    ucmd("logname")
        .arg("x")
        .run()
        .code_is(1)
        .stderr_is("logname: extra operand 'x'\nTry 'logname --help' for more information.\n");
}

#[test]
fn hostid_matches_gnu() {
    same_as_gnu("hostid", &[], None, None);
    let out = ucmd("hostid").run().success().stdout_str();
    assert_eq!(out.len(), 9, "{out:?}");
    assert!(out[..8].bytes().all(|b| b.is_ascii_hexdigit()));
    ucmd("hostid")
        .arg("x")
        .run()
        .code_is(1)
        .stderr_is("hostid: extra operand 'x'\nTry 'hostid --help' for more information.\n");
}

#[test]
fn write_errors() {
    for a in ["whoami", "hostid", "arch"] {
        ucmd(a)
            .stdout_to(Out::Full)
            .run()
            .code_is(1)
            .stderr_is(format!("{a}: write error: No space left on device\n"));
    }
}
