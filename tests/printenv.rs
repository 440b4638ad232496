use crate::harness::*;

#[test]
fn all_variables() {
    // (qemu-user may hand the environment over in another order.)
    let out = ucmd("printenv")
        .env_clear()
        .env("A", "1")
        .env("B", "x y")
        .run()
        .success()
        .stdout_str();
    let mut lines: Vec<&str> = out.lines().collect();
    lines.sort();
    assert_eq!(lines, ["A=1", "B=x y"]);
    ucmd("printenv")
        .env_clear()
        .env("A", "1")
        .arg("-0")
        .run()
        .stdout_is("A=1\0");
    ucmd("printenv")
        .env_clear()
        .arg("--null")
        .run()
        .success()
        .no_stdout();
}

#[test]
fn named_variables_and_status() {
    ucmd("printenv")
        .env("A", "1")
        .env("B", "2")
        .args(&["B", "A"])
        .run()
        .success()
        .stdout_is("2\n1\n");
    ucmd("printenv")
        .env("A", "1")
        .args(&["A", "NOPE_X"])
        .run()
        .code_is(1)
        .stdout_is("1\n")
        .no_stderr();
    ucmd("printenv")
        .env("A", "1")
        .arg("A=1")
        .run()
        .code_is(1)
        .no_stdout();
    ucmd("printenv")
        .env("A", "1")
        .args(&["--null", "A"])
        .run()
        .stdout_is("1\0");
    ucmd("printenv")
        .env("A", "")
        .arg("A")
        .run()
        .success()
        .stdout_is("\n");
}

#[test]
fn usage_errors_exit_2() {
    ucmd("printenv").arg("-x").run().code_is(2).stderr_is(
        "printenv: invalid option -- 'x'\nTry 'printenv --help' for more information.\n",
    );
    ucmd("printenv")
        .env("A", "1")
        .arg("A")
        .stdout_to(Out::Full)
        .run()
        .code_is(2)
        .stderr_is("printenv: write error: No space left on device\n");
}

#[test]
fn non_utf8_names_and_values() {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::OsStr::from_bytes(b"V\xff");
    let value = std::ffi::OsStr::from_bytes(b"\xfe\x80");
    ucmd("printenv")
        .env(name, value)
        .arg(name)
        .run()
        .success()
        .stdout_is(b"\xfe\x80\n");
}

#[test]
fn env_options_and_operands_as_gnu() {
    // GNU's printenv parses with env's option string ("+iu:0"): -i and
    // -u NAME end in the usage line alone; options stop at the first
    // operand.
    for args in [&["-i"][..], &["-u", "X"], &["-0", "-i"], &["-iu", "X"]] {
        ucmd("printenv")
            .args(args)
            .run()
            .code_is(2)
            .stdout_is("")
            .stderr_is("Try 'printenv --help' for more information.\n");
    }
    ucmd("printenv")
        .arg("-u")
        .run()
        .code_is(2)
        .stderr_is("printenv: option requires an argument -- 'u'\nTry 'printenv --help' for more information.\n");
    ucmd("printenv")
        .args(&["NO_SUCH_VARIABLE_X", "-f"])
        .run()
        .code_is(1)
        .stdout_is("")
        .stderr_is("");
    for args in [&["-i"][..], &["-u"], &["1", "-f"], &["-f"], &["--", "-f"]] {
        same_as_gnu("printenv", args, None, None);
    }
}
