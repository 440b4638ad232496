//! id and groups: formats, names, options, users from /etc/passwd and
//! /etc/group, differential against GNU under other credentials.
use crate::harness::*;

fn id(args: &[&str]) -> Output {
    ucmd("id").args(args).env("LC_ALL", "C").run()
}

#[test]
fn users_from_the_databases() {
    id(&["root"])
        .code_is(0)
        .stdout_is("uid=0(root) gid=0(root) groups=0(root)\n");
    id(&["-u", "root"]).stdout_is("0\n");
    id(&["-un", "0"]).stdout_is("root\n");
    id(&["-gn", "+0"]).stdout_is("root\n");
    id(&["nosuchuser"])
        .code_is(1)
        .stderr_is("id: 'nosuchuser': no such user\n");
    id(&["-zG", "root", "root"]).stdout_is("0\0\0\x30\0\0");
    ucmd("groups")
        .args(&["root", "nosuchuser"])
        .run()
        .code_is(1)
        .stdout_is("root : root\n")
        .stderr_is("groups: 'nosuchuser': no such user\n");
}

#[test]
fn option_conflicts() {
    for (args, msg) in [
        (
            &["-u", "-g"][..],
            "cannot print \"only\" of more than one choice",
        ),
        (
            &["-n"],
            "cannot print only names or real IDs in default format",
        ),
        (
            &["-r"],
            "cannot print only names or real IDs in default format",
        ),
        (&["-z"], "option --zero not permitted in default format"),
    ] {
        id(args).code_is(1).stderr_is(format!("id: {msg}\n"));
    }
    if !std::path::Path::new("/sys/fs/selinux/enforce").exists() {
        id(&["-Z"])
            .code_is(1)
            .stderr_is("id: --context (-Z) works only on an SELinux-enabled kernel\n");
    }
    id(&["-x"])
        .code_is(1)
        .stderr_is("id: invalid option -- 'x'\nTry 'id --help' for more information.\n");
}

/// Runs `PROGRAM ARGS` under setpriv with other credentials.
fn as_other(cred: &[&str], program: &str, args: &[&str], ours: bool) -> Output {
    let mut argv: Vec<String> = cred.iter().map(|s| s.to_string()).collect();
    if ours {
        argv.extend(
            corebox_argv()
                .iter()
                .map(|a| a.to_string_lossy().into_owned()),
        );
        argv.push(program.into());
    } else {
        argv.push(format!("/usr/bin/{program}"));
    }
    argv.extend(args.iter().map(|s| s.to_string()));
    host("setpriv").args(&argv).env("LC_ALL", "C").run()
}

#[test]
fn same_as_gnu_under_other_credentials() {
    let root = crate::tree::is_root();
    if !have_gnu("id") || !root || !std::path::Path::new("/usr/bin/setpriv").exists() {
        return;
    }
    let creds: [&[&str]; 3] = [
        &["--reuid=1000", "--regid=1000", "--clear-groups"],
        &[
            "--reuid=1",
            "--euid=2",
            "--regid=3",
            "--egid=4",
            "--groups=5,4,3,24,24,999",
        ],
        &["--regid=65534", "--groups=0,65534"],
    ];
    for cred in creds {
        for args in [
            &[][..],
            &["-G"],
            &["-Gn"],
            &["-un"],
            &["-ur"],
            &["-gr"],
            &["-grn"],
            &["-Gz"],
        ] {
            let theirs = as_other(cred, "id", args, false);
            as_other(cred, "id", args, true).same_as(&theirs);
        }
        let theirs = as_other(cred, "groups", &[], false);
        as_other(cred, "groups", &[], true).same_as(&theirs);
    }
    for args in [
        &["daemon", "sync"][..],
        &["-G", "root", "daemon"],
        &["-nG", "nobody"],
        &[""],
    ] {
        same_as_gnu("id", args, None, None);
    }
}
