use crate::harness::*;

fn tr(args: &[&str], input: &str) -> Output {
    ucmd("tr").args(args).stdin(input).run()
}

#[track_caller]
fn fails(args: &[&str], err: &str) {
    tr(args, "abc\n").code_is(1).no_stdout().stderr_is(err);
}

#[test]
fn translates() {
    tr(&["a-z", "A-Z"], "Hello, World!\n")
        .success()
        .stdout_is("HELLO, WORLD!\n")
        .no_stderr();
    tr(&["abc", "xyz"], "aabbcc\0d")
        .success()
        .stdout_is("xxyyzz\0d");
    tr(&["[:lower:]", "[:upper:]"], "mixed Case\n")
        .success()
        .stdout_is("MIXED CASE\n");
    tr(&["[:upper:]", "[:lower:]"], "MIXED Case\n")
        .success()
        .stdout_is("mixed case\n");
    tr(&["[:upper:][:lower:]", "[:lower:][:upper:]"], "aB\n")
        .success()
        .stdout_is("Ab\n");
    tr(&["a-zA-Z", "n-za-mN-ZA-M"], "Hello\n")
        .success()
        .stdout_is("Uryyb\n");
    // ARRAY2 is extended with its last character; -t truncates ARRAY1.
    tr(&["abcd", "xy"], "abcd").success().stdout_is("xyyy");
    tr(&["-t", "abcd", "xy"], "abcd")
        .success()
        .stdout_is("xycd");
    tr(&["--truncate-set1", "abcd", "xy"], "abcd")
        .success()
        .stdout_is("xycd");
    // The last of several mappings of one character wins.
    tr(&["aa", "xy"], "a").success().stdout_is("y");
    tr(&["", ""], "abc").success().stdout_is("abc");
    tr(&["", "x"], "abc").success().stdout_is("abc");
    tr(&["-t", "a", ""], "abc").success().stdout_is("abc");
    tr(&["a-", "xy"], "a-b").success().stdout_is("xyb");
    tr(&["[a-c]", "x"], "[b]").success().stdout_is("xxx");
}

#[test]
fn repeats_classes_equivalence() {
    tr(&["a-e", "[x*]"], "abcdef").success().stdout_is("xxxxxf");
    tr(&["a-e", "x[y*2]z"], "abcde")
        .success()
        .stdout_is("xyyzz");
    tr(&["a-e", "[y*]z"], "abcde").success().stdout_is("yyyyz");
    tr(&["a-e", "[y*0]z"], "abcde").success().stdout_is("yyyyz");
    tr(&["a-j", "[y*010]z"], "abcdefghij")
        .success()
        .stdout_is("yyyyyyyyzz");
    tr(&["a", "[b* 5]"], "a").success().stdout_is("b");
    tr(&["a[:*3]", "x"], "a:[").success().stdout_is("xx[");
    tr(&["[=a=]b", "xy"], "abc").success().stdout_is("xyc");
    tr(&["[:digit:]", "#"], "a1b22")
        .success()
        .stdout_is("a#b##");
    tr(&["[:punct:]", "_"], "a.b,c!")
        .success()
        .stdout_is("a_b_c_");
    tr(&["[:space:]", "_"], "a b\tc\nd\x0b\x0c\r")
        .success()
        .stdout_is("a_b_c_d___");
    tr(&["[:blank:]", "_"], "a b\tc\n")
        .success()
        .stdout_is("a_b_c\n");
    tr(&["[:xdigit:]", "x"], "0aFgG")
        .success()
        .stdout_is("xxxgG");
    tr(&["[:alpha:]", "x"], "a1B_").success().stdout_is("x1x_");
    tr(&["[:alnum:]", "x"], "a1B_").success().stdout_is("xxx_");
    tr(&["[:cntrl:]", "?"], "a\x01\x7f\n")
        .success()
        .stdout_is("a???");
    tr(&["[:graph:]", "."], "a b\n")
        .success()
        .stdout_is(". .\n");
    tr(&["[:print:]", "."], "a b\n")
        .success()
        .stdout_is("...\n");
}

#[test]
fn escapes() {
    tr(&["\\141\\n", "\\\\x"], "a\n").success().stdout_is("\\x");
    tr(&["\\t\\r\\v\\f\\a\\b", "trvfab"], "\t\r\x0b\x0c\x07\x08")
        .success()
        .stdout_is("trvfab");
    tr(&["\\q\\-", "xy"], "q-").success().stdout_is("xy");
    tr(&["\\0", "x"], "a\0").success().stdout_is("ax");
    tr(&["\\400", "xy"], "\x20\x30")
        .success()
        .stdout_is("xy")
        .stderr_is("tr: warning: the ambiguous octal escape \\400 is being\n\tinterpreted as the 2-byte sequence \\040, 0\n");
    tr(&["a\\", "xy"], "a\\")
        .success()
        .stdout_is("xy")
        .stderr_is("tr: warning: an unescaped backslash at end of string is not portable\n");
}

#[test]
fn complement() {
    tr(&["-c", "a-z", "_"], "ab-1\n")
        .success()
        .stdout_is("ab___");
    tr(&["-C", "a-z", "_"], "ab-1\n")
        .success()
        .stdout_is("ab___");
    tr(&["--complement", "a-z", "_"], "ab-1\n")
        .success()
        .stdout_is("ab___");
    tr(&["-c", "[:alnum:]", "[x*]"], "a-b c")
        .success()
        .stdout_is("axbxc");
    tr(&["-c", "a", "xy"], "abc").success().stdout_is("ayy");
    tr(&["-cd", "a"], "abcab").success().stdout_is("aa");
    tr(&["-cs", "a-z", "\\n"], "one, two;; three\n")
        .success()
        .stdout_is("one\ntwo\nthree\n");
}

#[test]
fn delete_and_squeeze() {
    tr(&["-d", "a-c"], "abcdcba\n").success().stdout_is("d\n");
    tr(&["--delete", "\\n"], "a\nb\n").success().stdout_is("ab");
    tr(&["-d", "\\r"], "a\r\nb\r\n")
        .success()
        .stdout_is("a\nb\n");
    tr(&["-s", " "], "a    b  c \n")
        .success()
        .stdout_is("a b c \n");
    tr(&["--squeeze-repeats", "a-z"], "aabbccdd  ee\n")
        .success()
        .stdout_is("abcd  e\n");
    tr(&["-ds", "a", "b"], "abaabbc").success().stdout_is("bc");
    tr(&["-s", "a-z", "A-Z"], "aabbAB")
        .success()
        .stdout_is("ABAB");
    tr(&["-s", "ab", "x"], "aabbc").success().stdout_is("xc");
    // Squeezing goes on across reads.
    let long = "a".repeat(300_000) + "b" + &" ".repeat(300_000) + "c";
    tr(&["-s", "a "], &long).success().stdout_is("ab c");
    let text = "hello  world\n".repeat(50_000);
    tr(&["-s", " "], &text)
        .success()
        .stdout_is("hello world\n".repeat(50_000));
    tr(&["-d", "l"], &text)
        .success()
        .stdout_is("heo  word\n".repeat(50_000));
}

#[test]
fn operand_errors() {
    let try_help = "Try 'tr --help' for more information.\n";
    fails(&[], &format!("tr: missing operand\n{try_help}"));
    fails(&["-d"], &format!("tr: missing operand\n{try_help}"));
    fails(
        &["a"],
        &format!("tr: missing operand after 'a'\nTwo strings must be given when translating.\n{try_help}"),
    );
    fails(
        &["-ds", "a"],
        &format!(
            "tr: missing operand after 'a'\nTwo strings must be given when both deleting and squeezing repeats.\n{try_help}"
        ),
    );
    fails(
        &["-d", "a", "b"],
        &format!(
            "tr: extra operand 'b'\nOnly one string may be given when deleting without squeezing repeats.\n{try_help}"
        ),
    );
    fails(
        &["a", "b", "c"],
        &format!("tr: extra operand 'c'\n{try_help}"),
    );
    fails(
        &["-s", "a", "b", "c"],
        &format!("tr: extra operand 'c'\n{try_help}"),
    );
    fails(
        &["--bogus", "a"],
        &format!("tr: unrecognized option '--bogus'\n{try_help}"),
    );
    // tr stops at the first operand: "-z" is an operand here.
    tr(&["a", "-z"], "a").success().stdout_is("-");
}

#[test]
fn array_errors() {
    fails(
        &["z-a", "x"],
        "tr: range-endpoints of 'z-a' are in reverse collating sequence order\n",
    );
    fails(
        &["\\001-\\000", "x"],
        "tr: range-endpoints of '\\001-\\000' are in reverse collating sequence order\n",
    );
    fails(&["[:foo:]", "x"], "tr: invalid character class 'foo'\n");
    fails(&["[:a\\b:]", "x"], "tr: invalid character class 'a\\\\b'\n");
    fails(&["[::]", "x"], "tr: missing character class name '[::]'\n");
    fails(
        &["[==]", "x"],
        "tr: missing equivalence class character '[==]'\n",
    );
    fails(
        &["[=ab=]", "x"],
        "tr: ab: equivalence class operand must be a single character\n",
    );
    fails(
        &["[x*]", "y"],
        "tr: the [c*] repeat construct may not appear in string1\n",
    );
    tr(&["[x*2]", "y"], "x").success().stdout_is("y");
    fails(
        &["a", "[x*][y*]"],
        "tr: only one [c*] repeat construct may appear in string2\n",
    );
    fails(
        &["a", "[a*1x]"],
        "tr: invalid repeat count '1x' in [c*n] construct\n",
    );
    fails(
        &["a", "[a*08]"],
        "tr: invalid repeat count '08' in [c*n] construct\n",
    );
    fails(
        &["a", "[a*-0]"],
        "tr: invalid repeat count '-0' in [c*n] construct\n",
    );
    fails(
        &["a", "[a*18446744073709551615]"],
        "tr: invalid repeat count '18446744073709551615' in [c*n] construct\n",
    );
    fails(
        &["a", "c[b*18446744073709551614]"],
        "tr: too many characters in set\n",
    );
    fails(
        &["a", ""],
        "tr: when not truncating set1, string2 must be non-empty\n",
    );
    fails(
        &["a", "[=a=]"],
        "tr: [=c=] expressions may not appear in string2 when translating\n",
    );
    fails(
        &["a-z", "[:digit:]"],
        "tr: when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'\n",
    );
    fails(
        &["a-z", "[:upper:]"],
        "tr: misaligned [:upper:] and/or [:lower:] construct\n",
    );
    fails(
        &["a[:upper:]", "[:lower:]b"],
        "tr: misaligned [:upper:] and/or [:lower:] construct\n",
    );
    fails(
        &["[:upper:]a", "[:lower:]"],
        "tr: when translating with string1 longer than string2,\nthe latter string must not end with a character class\n",
    );
    fails(
        &["-c", "[:upper:]", "ab"],
        "tr: when translating with complemented character classes,\nstring2 must map all characters in the domain to one\n",
    );
    fails(
        &["-ds", "a", "[b*]"],
        "tr: the [c*] construct may appear in string2 only when translating\n",
    );
    // Warnings come before the error.
    fails(
        &["\\400z-a", "x"],
        "tr: warning: the ambiguous octal escape \\400 is being\n\tinterpreted as the 2-byte sequence \\040, 0\ntr: range-endpoints of 'z-a' are in reverse collating sequence order\n",
    );
}

#[test]
fn io_errors() {
    ucmd("tr")
        .args(&["a", "b"])
        .stdin("abc")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("tr: write error: No space left on device\n");
    let t = TempDir::new();
    std::fs::create_dir(t.join("d")).unwrap();
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" tr a b < {}", t.join("d").display()))
        .arg(bin())
        .env("LC_ALL", "C")
        .output()
        .unwrap();
    if runner().is_none() {
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(
            String::from_utf8_lossy(&o.stderr),
            "tr: read error: Is a directory\n"
        );
    }
    tr(&["a", "b"], "").success().no_stdout();
}

#[test]
fn same_as_gnu_tr() {
    let input: &[u8] = b"Hello, World! abc-xyz [:]*=\\ \x01\xff\n\naa  bb\tZZz09\r\n";
    for args in [
        &["a-z", "A-Z"][..],
        &["[:lower:]", "[:upper:]"],
        &["-c", "a-z", "_"],
        &["-cs", "a-z", "\\n"],
        &["-c", "[:alnum:]", "[x*]"],
        &["-d", "[:space:]"],
        &["-dc", "[:alpha:]"],
        &["-s", "[:space:]"],
        &["-ds", "a-c", " "],
        &["-s", "a-z", "A-Z"],
        &["-t", "abcdef", "xy"],
        &["a-z", "A[-*5]Z"],
        &["[:punct:]", "[_*]"],
        &["\\101-\\132", "\\141-\\172"],
        &["\\0-\\377", "\\1-\\377\\0"],
        &["-d", "\\0-\\377"],
        &["-c", "a", "[x*254]y"],
        &["-c", "[:lower:]", "[x*]y"],
        &["[:lower:]x", "[:upper:]"],
        &["x[:lower:]", "y[:upper:]"],
        &["-t", "[:upper:]xyz", "[:lower:]"],
        &["[:lower:]0-9", "[:upper:]"],
        &["[:upper:]", "a-z"],
        &["a-z", "ab[x*0]"],
        &["[\\:upper:]", "x"],
        &["[:upper\\:]", "x"],
        &["[a*\\61]", "x"],
        &["'a[=*2]'", "xy"],
        &["[:alpha:]", "[x*]"],
        &["-A", "a", "b"],
    ] {
        same_as_gnu("tr", args, Some(input), None);
    }
}

/// Standard output closed: past stdio's buffer GNU's tr dies at the
/// failed write, and close_stdout reports again; its fclose fails with
/// EBADF too, since descriptor 1 was never open. (With a file operand
/// GNU's programs get that file as descriptor 1, and the second report is
/// bare: tests/expand.rs.) Natively: qemu-user holds descriptors of its own.
#[test]
fn closed_stdout_reported_twice_with_ebadf() {
    if runner().is_some() {
        return;
    }
    let t = TempDir::new();
    let input = t.write("in", "x".repeat(10_000));
    run_with_stdout_closed(&format!("tr x y < '{}'", input.display()))
        .code_is(1)
        .stderr_is("tr: write error: Bad file descriptor\ntr: write error: Bad file descriptor\n");
}
