//! The binary itself: static, no interpreter, no libc, robust startup.
use crate::harness::*;

/// Program header types of the ELF file.
fn program_headers(data: &[u8]) -> Vec<u32> {
    assert_eq!(&data[..4], b"\x7fELF");
    let is64 = data[4] == 2;
    assert_eq!(data[5], 1, "little-endian");
    let u16_at = |o: usize| u16::from_le_bytes([data[o], data[o + 1]]) as usize;
    let u32_at = |o: usize| u32::from_le_bytes(data[o..o + 4].try_into().unwrap());
    let (phoff, phentsize, phnum) = if is64 {
        (
            u64::from_le_bytes(data[0x20..0x28].try_into().unwrap()) as usize,
            u16_at(0x36),
            u16_at(0x38),
        )
    } else {
        (u32_at(0x1c) as usize, u16_at(0x2a), u16_at(0x2c))
    };
    (0..phnum).map(|i| u32_at(phoff + i * phentsize)).collect()
}

#[test]
fn static_without_interpreter_or_dynamic_section() {
    let data = std::fs::read(bin()).unwrap();
    let kinds = program_headers(&data);
    assert!(!kinds.contains(&3), "PT_INTERP present: {kinds:?}");
    assert!(
        !kinds.contains(&2),
        "PT_DYNAMIC present (NEEDED entries possible): {kinds:?}"
    );
    assert_eq!(
        u16::from_le_bytes([data[16], data[17]]),
        2,
        "ET_EXEC, not a PIE"
    );
    if let Ok(out) = std::process::Command::new("file").arg(bin()).output() {
        if out.status.success() {
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(text.contains("statically linked"), "{text}");
        }
    }
    if let Ok(out) = std::process::Command::new("readelf")
        .arg("-d")
        .arg(bin())
        .output()
    {
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(!text.contains("NEEDED"), "{text}");
    }
}

#[test]
fn no_libc_symbols_linked() {
    let data = std::fs::read(bin()).unwrap();
    for marker in [&b"GLIBC_"[..], b"__libc_start_main", b"musl libc"] {
        assert!(
            !data.windows(marker.len()).any(|w| w == marker),
            "found {:?}",
            String::from_utf8_lossy(marker)
        );
    }
}

#[test]
fn runs_with_an_empty_environment() {
    ucmd("echo")
        .env_clear()
        .arg("ok")
        .run()
        .success()
        .stdout_is("ok\n");
    ucmd("printenv").env_clear().run().success().no_stdout();
    ucmd("cat")
        .env_clear()
        .arg("nonexist")
        .run()
        .code_is(1)
        .stderr_is("cat: nonexist: No such file or directory\n");
}

#[test]
fn runs_with_closed_standard_descriptors() {
    ucmd("true")
        .stdin_closed()
        .stdout_to(Out::Closed)
        .run()
        .success()
        .no_stderr();
    ucmd("echo")
        .stdin_closed()
        .arg("x")
        .run()
        .success()
        .stdout_is("x\n");
    ucmd("uname")
        .stdout_to(Out::Closed)
        .run()
        .code_is(1)
        .stderr_is("uname: write error: Bad file descriptor\n");
}

#[test]
fn argv_of_any_bytes() {
    ucmd("echo")
        .arg_bytes(b"\x80\xff\x01")
        .arg("")
        .arg("z")
        .run()
        .success()
        .stdout_is(b"\x80\xff\x01  z\n");
}
