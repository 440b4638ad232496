//! Programs that must run in a few MB of address space whatever numbers
//! they are given (what GNU's tests/misc/head-c.sh, cut-huge-range.sh and
//! printf-surprise.sh check under `ulimit -v`; printf-surprise skips for
//! corebox because env and printf start in less address space than its
//! smallest probe, 1000 KiB; the debug build the host tests run needs
//! about 1500 KiB).
use crate::harness::*;

/// `corebox ARGS` run by a shell under `ulimit -v KIB` (natively only:
/// qemu-user itself needs far more address space).
fn limited(kib: u32, args: &str, stdin: &str) -> Option<Output> {
    if runner().is_some() {
        return None;
    }
    let script = format!(
        "ulimit -v {kib} && exec {} {args} < {stdin}",
        corebox_line()
    );
    Some(host("/bin/sh").args(&["-c", &script]).run())
}

#[test]
fn starts_in_two_megabytes() {
    // The binary's own mapping counts: the debug build is several times
    // the release build's size.
    let size = std::fs::metadata(bin()).map_or(0, |m| m.len() / 1024) as u32;
    if let Some(o) = limited(2000.max(size + 1024), "true", "/dev/null") {
        o.success().no_stderr();
    }
}

#[test]
fn head_elides_the_largest_count_in_little_memory() {
    if let Some(o) = limited(4000, "head --bytes=-9223372036854775807", "/dev/null") {
        o.success().no_stderr().stdout_is("");
    }
    if let Some(o) = limited(4000, "head --lines=-9223372036854775807", "/dev/null") {
        o.success().no_stderr().stdout_is("");
    }
}

#[test]
fn cut_takes_huge_ranges_in_little_memory() {
    let max1 = "18446744073709551614"; // UINTMAX_MAX - 1: the largest allowed
    for range in [format!("{max1}-"), format!("1-{max1}")] {
        if let Some(o) = limited(4000, &format!("cut -b{range} /dev/null"), "/dev/null") {
            o.success().no_stderr().stdout_is("");
        }
    }
    for too_big in ["18446744073709551615", "18446744073709551616"] {
        if let Some(o) = limited(4000, &format!("cut -b{too_big} /dev/null"), "/dev/null") {
            o.code_is(1);
        }
    }
    if let Some(o) = limited(4000, &format!("cut -b1-{max1}"), "/dev/null") {
        o.success();
    }
}

#[test]
fn printf_pads_a_huge_width_in_little_memory() {
    // The width is streamed, not allocated: 20 MB of output in 3 MB.
    if let Some(o) = limited(3000, "printf %20000000f 0", "/dev/null") {
        let o = o.success().no_stderr();
        assert_eq!(o.stdout.len(), 20_000_000);
        assert!(o.stdout.ends_with(b" 0.000000"));
    }
}

#[test]
fn running_out_of_memory_is_memory_exhausted() {
    // GNU's xalloc_die: a message and the failure status, not an abort.
    for (prog, args) in [("tail", "tail -n 1 /dev/zero"), ("uniq", "uniq /dev/zero")] {
        if let Some(o) = limited(60000, args, "/dev/null") {
            o.code_is(1)
                .no_stdout()
                .stderr_is(format!("{prog}: memory exhausted\n"));
        }
    }
}

/// Whole-input reads (gnulib's fread_file) hand ENOMEM back to the
/// program, which reports it in its own words as GNU's does, rather than
/// `memory exhausted` (the fault sweep's /dev/zero case).
#[test]
fn whole_input_reads_report_enomem() {
    if let Some(o) = limited(32768, "shuf /dev/zero", "/dev/null") {
        o.code_is(1)
            .stderr_is("shuf: read error: Cannot allocate memory\n");
    }
    if let Some(o) = limited(32768, "ptx /dev/zero", "/dev/null") {
        o.code_is(1)
            .stderr_is("ptx: /dev/zero: Cannot allocate memory\n");
    }
}

/// Streaming programs on inputs far larger than their memory (issue 19):
/// head, tail -c and tail -n of a pipe, and uniq on short lines each run
/// in 16 MiB beyond the binary over 100 MB or 20 million lines.
#[test]
fn streaming_programs_run_in_a_few_megabytes() {
    for (script, want) in [
        ("cb head -c 100000000 /dev/zero | wc -c", "100000000\n"),
        (
            "head -c 100000000 /dev/zero | cb head -n 1 | wc -c",
            "100000000\n",
        ),
        (
            "head -c 100000000 /dev/zero | cb tail -c 3 | od -An -tx1",
            " 00 00 00\n",
        ),
        ("yes abc | head -n 20000000 | cb tail -n 2", "abc\nabc\n"),
        ("yes abc | head -n 20000000 | cb uniq -c", "20000000 abc\n"),
        ("seq 20000000 | cb uniq -u | cb tail -n 1", "20000000\n"),
    ] {
        let Some(o) = with_memory_limit(16, script) else {
            return;
        };
        o.success().no_stderr().stdout_is(want);
    }
}
