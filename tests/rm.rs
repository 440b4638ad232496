use crate::harness::*;
use std::os::unix::fs::symlink;
use std::path::Path;

#[test]
fn rm_files_and_trees() {
    let t = TempDir::new();
    t.write("f", "x");
    std::fs::create_dir_all(t.join("d/e/f")).unwrap();
    t.write("d/e/g", "y");
    let r = |args: &[&str]| ucmd("rm").current_dir(t.path()).args(args).run();
    r(&["-v", "f"]).success().stdout_is("removed 'f'\n");
    r(&["d"])
        .code_is(1)
        .stderr_is("rm: cannot remove 'd': Is a directory\n");
    r(&["-d", "d"])
        .code_is(1)
        .stderr_is("rm: cannot remove 'd': Directory not empty\n");
    r(&["-rv", "d///"]).success().stdout_is(
        "removed directory 'd/e/f'\nremoved 'd/e/g'\nremoved directory 'd/e'\nremoved directory 'd/'\n",
    );
    assert!(!t.join("d").exists());
    r(&["missing"])
        .code_is(1)
        .stderr_is("rm: cannot remove 'missing': No such file or directory\n");
    r(&["-f", "missing"]).success().no_stderr();
    r(&["-f"]).success();
    r(&[])
        .code_is(1)
        .stderr_is("rm: missing operand\nTry 'rm --help' for more information.\n");
    std::fs::create_dir(t.join("empty")).unwrap();
    r(&["-dv", "empty"])
        .success()
        .stdout_is("removed directory 'empty'\n");
}

#[test]
fn rm_refuses_root_and_dots() {
    let t = TempDir::new();
    let r = |args: &[&str]| ucmd("rm").current_dir(t.path()).args(args).run();
    r(&["-r", "/"]).code_is(1).stderr_is(
        "rm: it is dangerous to operate recursively on '/'\nrm: use --no-preserve-root to override this failsafe\n",
    );
    r(&["-r", "//."])
        .code_is(1)
        .stderr_contains("refusing to remove '.' or '..' directory: skipping '//.'");
    r(&["-rf", ".", "./", ".."]).code_is(1).stderr_is(
        "rm: refusing to remove '.' or '..' directory: skipping '.'\nrm: refusing to remove '.' or '..' directory: skipping './'\nrm: refusing to remove '.' or '..' directory: skipping '..'\n",
    );
    r(&["-r", "--no-preserve", "x"])
        .code_is(1)
        .stderr_is("rm: you may not abbreviate the --no-preserve-root option\n");
    r(&["-r", "--preserve-root=x", "x"])
        .code_is(1)
        .stderr_is("rm: unrecognized --preserve-root argument: 'x'\n");
    t.write("-f", "");
    r(&["-z"]).code_is(1).stderr_contains("Try '");
}

#[test]
fn rm_does_not_follow_symlinks() {
    let t = TempDir::new();
    std::fs::create_dir_all(t.join("keep/inner")).unwrap();
    t.write("keep/inner/file", "precious");
    std::fs::create_dir(t.join("tree")).unwrap();
    symlink(t.join("keep"), t.join("tree/link")).unwrap();
    ucmd("rm")
        .current_dir(t.path())
        .args(&["-r", "tree"])
        .run()
        .success();
    assert!(!t.join("tree").exists());
    assert_eq!(t.read("keep/inner/file"), b"precious");
}

#[test]
fn rm_prompts() {
    let t = TempDir::new();
    t.write("a", "x");
    std::fs::create_dir_all(t.join("d/e")).unwrap();
    t.write("d/e/f", "");
    let r = |args: &[&str], answers: &str| {
        ucmd("rm")
            .current_dir(t.path())
            .args(args)
            .stdin(answers)
            .run()
    };
    r(&["-i", "a"], "n\n")
        .success()
        .stderr_is("rm: remove regular file 'a'? ");
    assert!(t.join("a").exists());
    // A kept file does not stop the questions about its directories (as
    // GNU asks them); a yes to one that is not empty is an error.
    r(&["-ri", "d"], "y\ny\nn\ny\n").code_is(1).stderr_is(
        "rm: descend into directory 'd'? rm: descend into directory 'd/e'? rm: remove regular empty file 'd/e/f'? rm: remove directory 'd/e'? rm: cannot remove 'd/e': Directory not empty\n",
    );
    assert!(t.join("d/e/f").exists());
    r(&["-I", "a", "d/e/f", "a", "a"], "no\n")
        .success()
        .stderr_is("rm: remove 4 arguments? ");
    r(&["-rI", "d"], "y\n")
        .success()
        .stderr_is("rm: remove 1 argument recursively? ");
    assert!(!t.join("d").exists());
    r(&["--interactive=never", "a"], "").success().no_stderr();
    r(&["--interactive=bogus", "a"], "")
        .code_is(1)
        .stderr_contains("invalid argument 'bogus' for '--interactive'");
}

#[test]
fn rm_20000_levels() {
    let t = TempDir::new();
    let deep = vec!["d"; 20_000].join("/");
    ucmd("mkdir")
        .current_dir(t.path())
        .args(&["-p", &deep])
        .run()
        .success();
    ucmd("rm")
        .current_dir(t.path())
        .args(&["-r", "d"])
        .run()
        .success()
        .no_stderr();
    assert!(!t.join("d").exists());
}

#[test]
fn rm_like_gnu() {
    let setup = |d: &Path| {
        std::fs::create_dir_all(d.join("d/e/f")).unwrap();
        std::fs::create_dir(d.join("empty")).unwrap();
        std::fs::write(d.join("d/e/g"), "").unwrap();
        std::fs::write(d.join("file"), "x").unwrap();
        symlink("d", d.join("ld")).unwrap();
        symlink("nowhere", d.join("dangling")).unwrap();
    };
    for args in [
        &["-rv", "d"][..],
        &["-v", "file", "ld", "dangling", "d", "empty"],
        &["-dv", "empty", "d"],
        &["-rv", "ld/"],
        &["-rfv", "ld/e", "nonexistent", "file/x"],
        &["-rv", "d/e/..", "d/."],
        &["-v", "--", "-x", "file"],
        &["-rv", "--one-file-system", "d"],
        &["-r", "--preserve-root=all", "d"],
        &["-Rdv", "d", "empty"],
    ] {
        same_effect_as_gnu("rm", args, setup);
    }
}
