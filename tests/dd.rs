//! dd: operands, conversions, skip/seek, noerror over real read errors,
//! statistics lines, against GNU's dd.
use crate::harness::*;
use std::path::Path;

/// The statistics' time and rate differ run to run: `copied, T s, R` is
/// cut after `copied`.
fn untimed(v: &[u8]) -> Vec<u8> {
    let s = String::from_utf8_lossy(v);
    let mut out = String::new();
    for line in s.split_inclusive('\n') {
        match line.find(" copied, ") {
            Some(i) => {
                out.push_str(&line[..i + 7]);
                out.push('\n');
            }
            None => out.push_str(line),
        }
    }
    out.into_bytes()
}

fn setup(d: &Path) {
    let text: Vec<u8> = (0..5000u32)
        .map(|i| {
            if i % 37 == 36 {
                b'\n'
            } else {
                b"abcdefghij KLMNOP  "[(i % 19) as usize]
            }
        })
        .collect();
    std::fs::write(d.join("in"), &text).unwrap();
    std::fs::write(d.join("out"), vec![b'o'; 3000]).unwrap();
}

fn dd_like_gnu(args: &[&str], input: &[u8]) {
    same_files_as_gnu("dd", args, input, setup, untimed);
}

#[test]
fn dd_like_gnu_on_files_and_pipes() {
    let input: Vec<u8> = (0..3000u32)
        .map(|i| {
            if i % 11 == 10 {
                b'\n'
            } else {
                b"Hello World  "[(i % 13) as usize]
            }
        })
        .collect();
    for args in [
        &[][..],
        &["bs=3"],
        &["ibs=7", "obs=3"],
        &["ibs=100", "obs=64", "of=o2"],
        &["if=in", "of=o2"],
        &["if=in", "of=out", "conv=notrunc"],
        &["if=in", "of=out", "seek=2", "bs=100"],
        &["if=in", "of=out", "seek=2", "bs=100", "conv=notrunc"],
        &["if=in", "of=out", "oseek=1000", "bs=1", "count=5"],
        &["if=in", "of=new", "seek=3", "bs=1K", "count=1"],
        &["if=in", "of=out", "oflag=seek_bytes", "seek=7", "count=1"],
        &["if=in", "skip=2", "bs=1000"],
        &["if=in", "iseek=3", "count=2", "bs=7"],
        &["if=in", "skip=100", "bs=1000"],
        &["skip=2", "bs=100"],
        &["skip=200", "bs=100"],
        &[
            "if=in",
            "iflag=skip_bytes,count_bytes",
            "skip=10",
            "count=21",
            "bs=8",
        ],
        &["if=in", "skip=10B", "count=21B", "bs=8"],
        &["count=3", "bs=1x7"],
        &["count=0"],
        &["conv=ucase"],
        &["conv=lcase", "bs=64"],
        &["conv=swab"],
        &["conv=swab", "ibs=3", "obs=5"],
        &["cbs=4", "conv=block"],
        &["cbs=20", "conv=block,ucase"],
        &["cbs=4", "conv=unblock"],
        &["cbs=8", "conv=ebcdic"],
        &["cbs=8", "conv=ibm"],
        &["cbs=8", "conv=ascii"],
        &["conv=sync", "bs=64"],
        &["conv=sync", "cbs=5", "conv=unblock", "ibs=64"],
        &["if=in", "of=sp", "conv=sparse", "bs=512"],
        &["if=in", "of=o2", "conv=excl"],
        &["if=in", "of=out", "conv=excl"],
        &["if=in", "of=none", "conv=nocreat"],
        &["if=in", "of=o2", "conv=fsync,fdatasync"],
        &["if=in", "of=out", "oflag=append", "conv=notrunc"],
        &["if=in", "of=out", "oflag=append"],
        &["if=in", "iflag=fullblock", "bs=1000"],
        &["status=none"],
        &["status=noxfer"],
        &["status=bogus"],
        &["bs=0"],
        &["bs=1Q"],
        &["count=-1"],
        &["count=0x5"],
        &["conv=bogus"],
        &["iflag=fullblock,bogus"],
        &["oflag=fullblock"],
        &["iflag=binary"],
        &["foo"],
        &["foo=1"],
        &["if="],
        &["if=/nonexistent"],
        &["of=/nonexistent/x"],
        &["if=.", "iflag=directory"],
        &["if=in", "iflag=directory"],
        &["conv=block,unblock", "cbs=1"],
        &["conv=ascii,ebcdic"],
        &["conv=lcase,ucase"],
        &["conv=excl,nocreat"],
        &["iflag=direct,nocache"],
        &["of=x", "seek=99999999999999999", "bs=1024"],
        &["skip=99999999999999999999"],
        &["-x"],
    ] {
        dd_like_gnu(args, &input);
    }
}

/// conv=noerror,sync over read errors: /proc/self/mem at address 0 (not
/// mapped in any process) fails every read with EIO, and lseek works on it.
#[test]
fn dd_noerror_over_read_errors() {
    if !Path::new("/proc/self/mem").exists() || runner().is_some() {
        return;
    }
    for args in [
        &[
            "if=/proc/self/mem",
            "bs=4096",
            "count=3",
            "conv=noerror,sync",
        ][..],
        &["if=/proc/self/mem", "bs=4096", "count=2"],
        &[
            "if=/proc/self/mem",
            "bs=4096",
            "count=2",
            "conv=noerror,sync",
            "status=none",
        ],
    ] {
        dd_like_gnu(args, b"");
    }
    let o = ucmd("dd")
        .args(&[
            "if=/proc/self/mem",
            "bs=4096",
            "count=3",
            "conv=noerror,sync",
        ])
        .run();
    assert_eq!(o.stdout, vec![0u8; 3 * 4096], "bad blocks become zeros");
}

#[test]
fn dd_statistics_and_errors() {
    let o = ucmd("dd")
        .args(&["bs=1000", "count=1"])
        .stdin(vec![b'x'; 1000])
        .run()
        .success();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        err.starts_with("1+0 records in\n1+0 records out\n1000 bytes (1.0 kB) copied, "),
        "{err}"
    );
    assert!(
        err.ends_with(" kB/s\n") || err.ends_with(" MB/s\n") || err.ends_with(" GB/s\n"),
        "{err}"
    );
    let o = ucmd("dd").args(&["bs=1"]).stdin(b"x").run();
    assert!(String::from_utf8_lossy(&o.stderr).contains("\n1 byte copied, "));
    // Write errors.
    ucmd("dd")
        .args(&["bs=1000", "count=1", "status=none"])
        .stdin(vec![b'x'; 1000])
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("dd: error writing 'standard output': No space left on device\n");
    ucmd("dd")
        .args(&["of=/dev/full", "ibs=100", "obs=1000", "status=noxfer"])
        .stdin(vec![b'x'; 3000])
        .run()
        .code_is(1)
        .stderr_is(
            "dd: writing to '/dev/full': No space left on device\n10+0 records in\n0+0 records out\n",
        );
}

#[test]
fn dd_progress_and_usr1() {
    // status=progress: a line per second, then the final statistics.
    let o = host("sh")
        .args(&[
            "-c",
            &format!(
                "{{ sleep 1.5; echo 1; }} | {} bs=1 status=progress of=/dev/null",
                corebox_line() + " dd"
            ),
        ])
        .run();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(err.starts_with("\r1 byte copied, "), "{err}");
    assert!(err.contains("2 bytes copied, "), "{err}");
    // SIGUSR1 prints the statistics and the copy goes on.
    let t = TempDir::new();
    let o = host("sh")
        .args(&[
            "-c",
            &format!(
                "{{ sleep 0.5; printf abc; sleep 1; printf def; }} | {} bs=1 2>{e} & sleep 1; kill -USR1 $!; wait $!; echo rc=$?; cat {e}",
                corebox_line() + " dd",
                e = t.join("err").display()
            ),
        ])
        .run();
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    // The signal is taken between blocks: the first report counts 3 to 5.
    assert!(out.starts_with("abcdefrc=0\n"), "{out}");
    assert_eq!(out.matches(" records in\n").count(), 2, "{out}");
    assert!(
        out.contains("6+0 records in\n6+0 records out\n6 bytes copied"),
        "{out}"
    );
}
