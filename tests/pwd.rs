use crate::harness::*;

fn real(p: &std::path::Path) -> String {
    std::fs::canonicalize(p)
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

#[test]
fn physical_is_the_default() {
    let t = TempDir::new();
    std::fs::create_dir(t.join("real")).unwrap();
    std::os::unix::fs::symlink(t.join("real"), t.join("link")).unwrap();
    let link = t.join("link");
    let want_p = format!("{}\n", real(&t.join("real")));
    ucmd("pwd")
        .current_dir(&link)
        .env("PWD", &link)
        .run()
        .success()
        .stdout_is(&want_p);
    ucmd("pwd")
        .arg("-P")
        .current_dir(&link)
        .env("PWD", &link)
        .run()
        .stdout_is(&want_p);
    ucmd("pwd")
        .arg("--physical")
        .current_dir(&link)
        .env("PWD", &link)
        .run()
        .stdout_is(&want_p);
    let want_l = format!("{}\n", link.display());
    ucmd("pwd")
        .arg("-L")
        .current_dir(&link)
        .env("PWD", &link)
        .run()
        .stdout_is(&want_l);
    ucmd("pwd")
        .arg("--logical")
        .current_dir(&link)
        .env("PWD", &link)
        .run()
        .stdout_is(&want_l);
    ucmd("pwd")
        .args(&["-L", "-P"])
        .current_dir(&link)
        .env("PWD", &link)
        .run()
        .stdout_is(&want_p);
    ucmd("pwd")
        .current_dir(&link)
        .env("PWD", &link)
        .env("POSIXLY_CORRECT", "1")
        .run()
        .stdout_is(&want_l);
    // A $PWD that is not this directory, or has . or .., is not used.
    ucmd("pwd")
        .arg("-L")
        .current_dir(&link)
        .env("PWD", "/")
        .run()
        .stdout_is(&want_p);
    let dotted = format!("{}/./", link.display());
    ucmd("pwd")
        .arg("-L")
        .current_dir(&link)
        .env("PWD", &dotted)
        .run()
        .stdout_is(&want_p);
    ucmd("pwd")
        .arg("-L")
        .current_dir(&link)
        .env("PWD", "relative")
        .run()
        .stdout_is(&want_p);
}

#[test]
fn operands_are_ignored_and_errors_reported() {
    ucmd("pwd")
        .arg("x")
        .current_dir("/")
        .run()
        .success()
        .stdout_is("/\n");
    ucmd("pwd")
        .arg("-x")
        .run()
        .code_is(1)
        .stderr_is("pwd: invalid option -- 'x'\nTry 'pwd --help' for more information.\n");
    ucmd("pwd")
        .current_dir("/")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("pwd: write error: No space left on device\n");
}

#[test]
fn operands_are_ignored_with_a_warning() {
    let t = TempDir::new();
    let out = ucmd("pwd").current_dir(t.path()).args(&["x", "-P"]).run();
    out.success()
        .stderr_is("pwd: ignoring non-option arguments\n")
        .stdout_is(format!("{}\n", t.path().canonicalize().unwrap().display()));
    same_as_gnu("pwd", &["x"], None, Some(t.path()));
}

/// A working directory deeper than PATH_MAX: getcwd fails there, and GNU's
/// pwd builds the name by walking `..` to the root (GNU's
/// tests/misc/pwd-long.sh). A shell steps down relative names (no path
/// that long can be passed to chdir, and the shells' `cd` builds one) and
/// runs pwd at the bottom.
#[test]
fn deeper_than_path_max() {
    let t = TempDir::new();
    let z = "z".repeat(200);
    let script = format!(
        "import os, subprocess\nfor i in range(30):\n    os.mkdir('{z}'); os.chdir('{z}')\nr = subprocess.call({:?} + ['pwd'])\nprint('rc=%d' % r, flush=True)",
        corebox_argv().iter().map(|a| a.to_string_lossy().into_owned()).collect::<Vec<_>>()
    );
    let out = host("python3")
        .args(&["-c", &script])
        .current_dir(t.path())
        .run()
        .success();
    let mut want = real(t.path());
    for _ in 0..30 {
        want.push('/');
        want.push_str(&z);
    }
    assert!(want.len() > 4096);
    out.stdout_is(format!("{want}\nrc=0\n")).no_stderr();
}
