use crate::harness::*;

#[test]
fn basename_forms() {
    ucmd("basename")
        .arg("/usr/bin/sort")
        .run()
        .success()
        .stdout_is("sort\n");
    ucmd("basename")
        .args(&["include/stdio.h", ".h"])
        .run()
        .stdout_is("stdio\n");
    ucmd("basename")
        .args(&["-s", ".h", "include/stdio.h", "a.h"])
        .run()
        .stdout_is("stdio\na\n");
    ucmd("basename")
        .args(&["--suffix=.h", "x.h"])
        .run()
        .stdout_is("x\n");
    ucmd("basename")
        .args(&["-a", "any/str1", "any/str2"])
        .run()
        .stdout_is("str1\nstr2\n");
    ucmd("basename")
        .args(&["--multiple", "a/", "b//"])
        .run()
        .stdout_is("a\nb\n");
    ucmd("basename").args(&["-z", "a/b"]).run().stdout_is("b\0");
    ucmd("basename")
        .args(&["--zero", "-a", "a/b", "c"])
        .run()
        .stdout_is("b\0c\0");
    ucmd("basename").arg("/").run().stdout_is("/\n");
    ucmd("basename").arg("").run().stdout_is("\n");
    ucmd("basename").args(&[".h", ".h"]).run().stdout_is(".h\n");
    ucmd("basename")
        .args(&["a.h/", ".h"])
        .run()
        .stdout_is("a\n");
    ucmd("basename").args(&["/", "/"]).run().stdout_is("/\n");
    ucmd("basename")
        .arg_bytes(b"/x/\xff")
        .run()
        .stdout_is(b"\xff\n");
}

#[test]
fn basename_errors() {
    ucmd("basename")
        .run()
        .code_is(1)
        .stderr_is("basename: missing operand\nTry 'basename --help' for more information.\n");
    ucmd("basename")
        .args(&["a", "b", "c"])
        .run()
        .code_is(1)
        .stderr_is("basename: extra operand 'c'\nTry 'basename --help' for more information.\n");
    // Options stop at the first operand.
    ucmd("basename")
        .args(&["a", "-s", ".c"])
        .run()
        .code_is(1)
        .stderr_contains("extra operand '.c'");
    ucmd("basename").arg("-s").run().code_is(1).stderr_is("basename: option requires an argument -- 's'\nTry 'basename --help' for more information.\n");
    ucmd("basename")
        .args(&["x", "-s"])
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("basename: write error: No space left on device\n");
}

#[test]
fn dirname_forms() {
    ucmd("dirname")
        .arg("/usr/bin/")
        .run()
        .success()
        .stdout_is("/usr\n");
    ucmd("dirname")
        .args(&["dir1/str", "dir2/str"])
        .run()
        .stdout_is("dir1\ndir2\n");
    ucmd("dirname").arg("stdio.h").run().stdout_is(".\n");
    ucmd("dirname")
        .args(&["-z", "a/b", "/"])
        .run()
        .stdout_is("a\0/\0");
    ucmd("dirname")
        .args(&["a/b", "--zero"])
        .run()
        .stdout_is("a\0");
    ucmd("dirname")
        .args(&["//", "//a", "a//b//", ""])
        .run()
        .stdout_is("/\n/\na\n.\n");
    ucmd("dirname")
        .run()
        .code_is(1)
        .stderr_is("dirname: missing operand\nTry 'dirname --help' for more information.\n");
    ucmd("dirname")
        .arg("a")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("dirname: write error: No space left on device\n");
}

#[test]
fn matches_gnu() {
    for args in [
        &["-a", "/a/b/", "c.d", ""][..],
        &["-s", "", "x"],
        &["--suf=.c", "a.c"],
        &["-x"],
        &["--"],
        &["--", "-a"],
    ] {
        same_as_gnu("basename", args, None, None);
    }
    for args in [&["///a///b///", "a", "/a", "."][..], &["-k"]] {
        same_as_gnu("dirname", args, None, None);
    }
}

#[test]
fn dirname_non_utf8() {
    ucmd("dirname")
        .arg_bytes(b"/\xff/\xfe")
        .run()
        .success()
        .stdout_is(b"/\xff\n");
}
