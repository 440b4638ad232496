use crate::harness::*;

/// One glibc `struct utmp` record (384 bytes, native byte order).
#[allow(clippy::too_many_arguments)]
fn record(
    kind: i16,
    pid: i32,
    line: &str,
    id: &str,
    user: &str,
    host: &str,
    exit: (i16, i16),
    time: i32,
    addr: [u8; 16],
) -> Vec<u8> {
    let mut r = vec![0u8; 384];
    let put = |r: &mut Vec<u8>, at: usize, s: &[u8]| r[at..at + s.len()].copy_from_slice(s);
    put(&mut r, 0, &kind.to_ne_bytes());
    put(&mut r, 4, &pid.to_ne_bytes());
    put(&mut r, 8, line.as_bytes());
    put(&mut r, 40, id.as_bytes());
    put(&mut r, 44, user.as_bytes());
    put(&mut r, 76, host.as_bytes());
    put(&mut r, 332, &exit.0.to_ne_bytes());
    put(&mut r, 334, &exit.1.to_ne_bytes());
    put(&mut r, 340, &time.to_ne_bytes());
    put(&mut r, 348, &addr);
    r
}

/// A utmp file with a record of every kind.
fn sample() -> Vec<u8> {
    let mut v4 = [0u8; 16];
    v4[..4].copy_from_slice(&[10, 0, 0, 5]);
    let mut v6 = [0u8; 16];
    v6[..4].copy_from_slice(&[0x20, 0x01, 0x0d, 0xb8]);
    v6[15] = 1;
    let z = [0u8; 16];
    let mut f = Vec::new();
    f.extend(record(
        2,
        0,
        "~",
        "~~",
        "reboot",
        "6.1.0",
        (0, 0),
        1_600_000_000,
        z,
    ));
    f.extend(record(
        1,
        78 * 256 + 53,
        "~",
        "~~",
        "runlevel",
        "6.1.0",
        (0, 0),
        1_600_000_100,
        z,
    ));
    f.extend(record(
        5,
        123,
        "tty1",
        "1",
        "",
        "",
        (0, 0),
        1_600_000_200,
        z,
    ));
    f.extend(record(
        6,
        124,
        "tty2",
        "2",
        "LOGIN",
        "",
        (0, 0),
        1_600_000_300,
        z,
    ));
    f.extend(record(
        7,
        1,
        "pts/0",
        "ts/0",
        "root",
        "10.0.0.5",
        (0, 0),
        1_600_000_400,
        v4,
    ));
    f.extend(record(
        7,
        1,
        "pts/1",
        "ts/1",
        "alice",
        "localhost:0",
        (0, 0),
        1_600_000_500,
        z,
    ));
    f.extend(record(
        8,
        555,
        "pts/3",
        "ts/3",
        "",
        "",
        (1, 2),
        1_600_000_600,
        z,
    ));
    f.extend(record(3, 0, "|", "", "", "", (0, 0), 1_600_000_700, z));
    f.extend(record(
        7,
        1,
        "pts/9",
        "ts/9",
        "averyveryverylongusernamewith32c",
        "2001:db8::1",
        (0, 0),
        1_700_000_000,
        v6,
    ));
    f.extend([0u8; 100]); // a partial record, ignored
    f
}

#[test]
fn who_like_gnu() {
    let t = TempDir::new();
    let f = t.write("utmp", sample());
    let f = f.to_str().unwrap();
    for args in [
        &[][..],
        &["-a"],
        &["-aH"],
        &["-H"],
        &["-q"],
        &["-b"],
        &["-d"],
        &["-l"],
        &["-p"],
        &["-r"],
        &["-t"],
        &["-T"],
        &["-u"],
        &["-s", "-w"],
        &["--ips"],
        &["-a", "--ips"],
        &["--lookup", "-u"],
        &["-m"],
    ] {
        let mut a = args.to_vec();
        a.push(f);
        for loc in ["C", "C.UTF-8"] {
            let run = |c: Cmd| c.env("LC_ALL", loc).env("TZ", "UTC0").args(&a).run();
            if have_gnu("who") {
                let theirs = run(gnu("who"));
                run(ucmd("who")).same_as(&theirs);
            }
        }
    }
    ucmd("who")
        .env("TZ", "UTC0")
        .args(&["-b", f])
        .run()
        .success()
        .stdout_is("         system boot  Sep 13 12:26\n");
    ucmd("who")
        .args(&["-q", f])
        .run()
        .success()
        .stdout_is("root alice averyveryverylongusernamewith32c\n# users=3\n");
    ucmd("who")
        .args(&["a", "b", "c"])
        .run()
        .code_is(1)
        .stderr_is("who: extra operand 'c'\nTry 'who --help' for more information.\n");
    // No utmp file (a container): nothing, as GNU.
    ucmd("who")
        .arg(t.join("none"))
        .run()
        .success()
        .stdout_is("");
}

#[test]
fn users_and_uptime() {
    let t = TempDir::new();
    let f = t.write("utmp", sample());
    ucmd("users")
        .arg(&f)
        .run()
        .success()
        .stdout_is("alice averyveryverylongusernamewith32c root\n");
    ucmd("users")
        .arg(t.join("none"))
        .run()
        .success()
        .stdout_is("");
    ucmd("users")
        .args(&["a", "b"])
        .run()
        .code_is(1)
        .stderr_is("users: extra operand 'b'\nTry 'users --help' for more information.\n");
    let up = ucmd("uptime").arg(&f).run().success().stdout_str();
    // " HH:MM:SS  up ...,  3 users,  load average: a, b, c"
    assert!(
        up.starts_with(' ') && up.as_bytes()[3] == b':' && up[9..].starts_with("  up "),
        "{up}"
    );
    assert!(up.contains(",  3 users,  load average: "), "{up}");
    let one = t.write(
        "one",
        record(7, 1, "pts/0", "0", "root", "", (0, 0), 1, [0; 16]),
    );
    let up = ucmd("uptime").arg(&one).run().success().stdout_str();
    assert!(up.contains(",  1 user,  load average: "), "{up}");
    ucmd("uptime")
        .args(&["a", "b"])
        .run()
        .code_is(1)
        .stderr_is("uptime: extra operand 'b'\nTry 'uptime --help' for more information.\n");
}

#[test]
fn pinky_long_and_short() {
    for args in [
        &["-l", "root"][..],
        &["-l", "root", "nosuchuser"],
        &["-lbhp", "root"],
        &[],
        &["-fiq"],
        &["-w", "root"],
    ] {
        same_as_gnu("pinky", args, None, None);
    }
    ucmd("pinky")
        .arg("-l")
        .run()
        .code_is(1)
        .stderr_is("pinky: no username specified; at least one must be specified when using -l\nTry 'pinky --help' for more information.\n");
    ucmd("pinky")
        .args(&["-l", "nosuchuser"])
        .run()
        .success()
        .stdout_is("Login name: nosuchuser                  In real life:  ???\n");
}
