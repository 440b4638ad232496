//! The `*sum` programs and `cksum` (GNU's digest.c): options, the output
//! lines (GNU, `--tag` BSD style, `-z`, escaped names) and `-c/--check`
//! with GNU's messages. The digests themselves are `corebox_core::digest`,
//! fed with the CPU's fastest kernels (`crate::hashcpu`).

use crate::cli::{quote, quotef, usage_error, Spec};
use crate::fs::Input;
use crate::io::{error, out, Fd};
use crate::records::Records;
use crate::Errno;
use alloc::vec::Vec;
use corebox_core::digest::check::{needs_escape, push_escaped, Parser};
use corebox_core::digest::{crc, push_hex, Algo, Hasher, Kernels};

/// What a program computes: a digest, or one of cksum's older checksums.
#[derive(Clone, Copy, PartialEq)]
pub enum Kind {
    Digest(Algo),
    Crc,
    Bsd,
    Sysv,
}

const BUF: usize = 128 * 1024;

/// The checksum of one input.
struct Sum {
    digest: [u8; 64],
    len: usize,
    /// Byte count (crc, bsd, sysv).
    size: u64,
    /// The crc, bsd or sysv value.
    value: u32,
}

/// Reads `fd` to its end through `buf`, computing `kind`.
fn compute(kind: Kind, bits: usize, k: &Kernels, fd: Fd, buf: &mut [u8]) -> Result<Sum, Errno> {
    crate::fs::advise_sequential(fd);
    let mut s = Sum {
        digest: [0; 64],
        len: 0,
        size: 0,
        value: 0,
    };
    let mut h = match kind {
        Kind::Digest(a) => Some(Hasher::new(a, bits, k)),
        _ => None,
    };
    let (mut c, mut b, mut v) = (0u32, 0u16, 0u32);
    let table = (kind == Kind::Crc).then(crc::Crc::new);
    loop {
        let n = match fd.read(buf) {
            // GNU's cksum takes a directory for an empty file (its CRC
            // code ignores that read error); the other sums report it.
            Err(e) if e == Errno::ISDIR && kind == Kind::Crc => 0,
            r => r?,
        };
        if n == 0 {
            break;
        }
        let d = &buf[..n];
        s.size += n as u64;
        match (&mut h, kind) {
            (Some(h), _) => h.update(d),
            (None, Kind::Crc) => {
                if let Some(t) = &table {
                    c = crate::hashcpu::crc_update(t, c, d)
                }
            }
            (None, Kind::Bsd) => b = crc::bsd_update(b, d),
            (None, _) => v = v.wrapping_add(crate::simd::byte_sum(d) as u32),
        }
    }
    s.value = match kind {
        Kind::Crc => table.as_ref().map_or(0, |t| t.finish(c, s.size)),
        Kind::Bsd => b as u32,
        Kind::Sysv => crc::sysv_finish(v) as u32,
        Kind::Digest(_) => 0,
    };
    if let Some(h) = h {
        s.len = h.finish(&mut s.digest);
    }
    Ok(s)
}

/// The settings of one run.
pub struct Config {
    pub kind: Kind,
    /// BLAKE2b length in bits (0: the full 512).
    pub bits: usize,
    /// cksum (tagged output by default, any algorithm in check lines).
    pub cksum: bool,
    /// cksum -a was given.
    pub algo_given: bool,
    pub tag: bool,
    pub binary: bool,
    pub zero: bool,
    pub ignore_missing: bool,
    pub quiet: bool,
    pub status: bool,
    pub strict: bool,
    pub warn: bool,
    /// cksum --debug, until the first CRC is computed (GNU says which
    /// implementation it uses then, once).
    pub debug: core::cell::Cell<bool>,
}

fn long_key(spec: &Spec, name: &str) -> char {
    spec.opts
        .iter()
        .find(|o| o.long == name)
        .map_or('\0', |o| o.key)
}

/// The whole program: `kind` is the program's algorithm (for cksum: crc).
pub fn main(spec: &'static Spec, args: &'static [&'static [u8]], kind: Kind) -> i32 {
    // GNU 9.1's checksum programs report any write error as a bare
    // `write error`.
    crate::io::set_write_error_style(
        crate::io::WriteErrorKind::Plain,
        crate::io::WriteErrorKind::Plain,
        0,
        u64::MAX,
    );
    let cksum = spec.name == "cksum";
    let mut c = Config {
        kind,
        bits: 0,
        cksum,
        algo_given: false,
        tag: cksum,
        binary: false,
        zero: false,
        ignore_missing: false,
        quiet: false,
        status: false,
        strict: false,
        warn: false,
        debug: core::cell::Cell::new(false),
    };
    let (k_tag, k_untagged, k_ignore, k_quiet, k_status, k_strict, k_debug) = (
        long_key(spec, "tag"),
        long_key(spec, "untagged"),
        long_key(spec, "ignore-missing"),
        long_key(spec, "quiet"),
        long_key(spec, "status"),
        long_key(spec, "strict"),
        long_key(spec, "debug"),
    );
    let (mut check, mut mode, mut length, mut debug) = (false, None::<bool>, None, false);
    let mut opts = crate::cli::parse(spec, &args[1..]);
    while let Some(o) = opts.next() {
        let key = o.key;
        match key {
            // GNU's cksum takes -b and -t only to reject them.
            'b' | 't' if cksum => crate::cli::try_help(spec),
            'b' => mode = Some(true),
            't' => mode = Some(false),
            'c' => check = true,
            'z' => c.zero = true,
            'w' => (c.status, c.warn, c.quiet) = (false, true, false),
            'l' => {
                let l = o.arg.unwrap_or(b"");
                let Some(n) = corebox_core::num::parse_u64_dec(l) else {
                    error(&[b"invalid length: ", &quote(l)], None);
                    crate::rt::exit(1);
                };
                if n % 8 != 0 {
                    error(&[b"invalid length: ", &quote(l)], None);
                    error(&[b"length is not a multiple of 8"], None);
                    crate::rt::exit(1);
                }
                length = Some((l, n));
            }
            'r' => c.kind = Kind::Bsd,
            's' => c.kind = Kind::Sysv,
            'a' => {
                c.algo_given = true;
                c.kind = crate::cli::choice(
                    spec,
                    b"--algorithm",
                    o.arg.unwrap_or(b""),
                    &[
                        (b"bsd", Kind::Bsd),
                        (b"sysv", Kind::Sysv),
                        (b"crc", Kind::Crc),
                        (b"md5", Kind::Digest(Algo::Md5)),
                        (b"sha1", Kind::Digest(Algo::Sha1)),
                        (b"sha224", Kind::Digest(Algo::Sha224)),
                        (b"sha256", Kind::Digest(Algo::Sha256)),
                        (b"sha384", Kind::Digest(Algo::Sha384)),
                        (b"sha512", Kind::Digest(Algo::Sha512)),
                        (b"blake2b", Kind::Digest(Algo::Blake2b)),
                        (b"sm3", Kind::Digest(Algo::Sm3)),
                    ],
                );
            }
            _ if key == k_tag => {
                c.tag = true;
                mode = Some(true);
            }
            _ if key == k_untagged => c.tag = false,
            _ if key == k_ignore => c.ignore_missing = true,
            _ if key == k_quiet => (c.status, c.warn, c.quiet) = (false, false, true),
            _ if key == k_status => (c.status, c.warn, c.quiet) = (true, false, false),
            _ if key == k_strict => c.strict = true,
            _ if key == k_debug => debug = true,
            _ => {}
        }
    }
    let files = opts.operands();
    // GNU's order: the number and its multiple of 8 when read, then
    // whether the algorithm takes a length, then the maximum.
    if let Some((l, n)) = length.filter(|&(_, n)| n != 0) {
        if cksum && c.kind != Kind::Digest(Algo::Blake2b) {
            error(
                &[b"--length is only supported with --algorithm=blake2b"],
                None,
            );
            crate::rt::exit(1);
        }
        if n > 512 {
            error(&[b"invalid length: ", &quote(l)], None);
            error(
                &[
                    b"maximum digest length for ",
                    &quote(b"BLAKE2b"),
                    b" is 512 bits",
                ],
                None,
            );
            crate::rt::exit(1);
        }
        c.bits = if n == 512 { 0 } else { n as usize };
    }
    c.debug.set(debug && c.kind == Kind::Crc);
    if mode == Some(false) && c.tag && !cksum {
        usage_error(spec, &[b"--tag does not support --text mode"]);
    }
    if check {
        if cksum && c.algo_given && !matches!(c.kind, Kind::Digest(_)) {
            error(
                &[b"--check is not supported with --algorithm={bsd,sysv,crc}"],
                None,
            );
            crate::rt::exit(1);
        }
        if c.zero {
            usage_error(
                spec,
                &[b"the --zero option is not supported when verifying checksums"],
            );
        }
        if c.tag && !cksum {
            usage_error(
                spec,
                &[b"the --tag option is meaningless when verifying checksums"],
            );
        }
        if mode.is_some() && !cksum {
            usage_error(
                spec,
                &[b"the --binary and --text options are meaningless when verifying checksums"],
            );
        }
    } else {
        for (on, name) in [
            (c.ignore_missing, &b"--ignore-missing"[..]),
            (c.status, b"--status"),
            (c.warn, b"--warn"),
            (c.quiet, b"--quiet"),
            (c.strict, b"--strict"),
        ] {
            if on {
                usage_error(
                    spec,
                    &[
                        b"the ",
                        name,
                        b" option is meaningful only when verifying checksums",
                    ],
                );
            }
        }
    }
    c.binary = mode == Some(true) && !c.tag;
    let args_given = !files.is_empty();
    let files: Vec<&[u8]> = if files.is_empty() {
        alloc::vec![b"-"]
    } else {
        files
    };
    let kernels = crate::hashcpu::kernels();
    let mut buf = alloc::vec![0u8; BUF];
    let mut ok = true;
    for name in files {
        ok &= if check {
            check_file(&c, &kernels, name, &mut buf)
        } else {
            print_sum(&c, &kernels, name, args_given, &mut buf)
        };
    }
    if ok {
        0
    } else {
        1
    }
}

fn print_sum(c: &Config, k: &Kernels, name: &[u8], args: bool, buf: &mut [u8]) -> bool {
    let Some(input) = Input::open_or_report(name) else {
        return false;
    };
    if c.debug.replace(false) {
        error(&[crate::hashcpu::crc_debug_message()], None);
    }
    let s = match compute(c.kind, c.bits, k, input.fd(), buf) {
        Ok(s) => s,
        Err(e) => {
            error(&[&quotef(name)], Some(e));
            return false;
        }
    };
    let mut line = Vec::with_capacity(160 + name.len());
    let named = |line: &mut Vec<u8>| {
        if args {
            line.push(b' ');
            line.extend_from_slice(name);
        }
    };
    match c.kind {
        Kind::Crc => {
            corebox_core::fmt::push_u64(&mut line, s.value as u64);
            line.push(b' ');
            corebox_core::fmt::push_u64(&mut line, s.size);
            named(&mut line);
        }
        Kind::Bsd => {
            let mut v = [0u8; 20];
            let d = corebox_core::fmt::u64_dec(s.value as u64, &mut v);
            line.extend(core::iter::repeat_n(b'0', 5usize.saturating_sub(d.len())));
            line.extend_from_slice(d);
            line.push(b' ');
            let d = corebox_core::fmt::u64_dec(s.size.div_ceil(1024), &mut v);
            line.extend(core::iter::repeat_n(b' ', 5usize.saturating_sub(d.len())));
            line.extend_from_slice(d);
            named(&mut line);
        }
        Kind::Sysv => {
            corebox_core::fmt::push_u64(&mut line, s.value as u64);
            line.push(b' ');
            corebox_core::fmt::push_u64(&mut line, s.size.div_ceil(512));
            named(&mut line);
        }
        Kind::Digest(algo) => {
            let escape = !c.zero && needs_escape(name);
            if escape {
                line.push(b'\\');
            }
            let put_name = |line: &mut Vec<u8>| {
                if escape {
                    push_escaped(line, name)
                } else {
                    line.extend_from_slice(name)
                }
            };
            if c.tag {
                line.extend_from_slice(algo.tag());
                if algo == Algo::Blake2b && c.bits != 0 {
                    line.push(b'-');
                    corebox_core::fmt::push_u64(&mut line, c.bits as u64);
                }
                line.extend_from_slice(b" (");
                put_name(&mut line);
                line.extend_from_slice(b") = ");
                push_hex(&mut line, &s.digest[..s.len]);
            } else {
                push_hex(&mut line, &s.digest[..s.len]);
                line.push(b' ');
                line.push(if c.binary { b'*' } else { b' ' });
                put_name(&mut line);
            }
        }
    }
    line.push(if c.zero { 0 } else { b'\n' });
    out().write(&line);
    true
}

/// Formats `WARNING: N line is` / `N lines are` style counts.
fn warn_count(n: u64, one: &[u8], many: &[u8]) {
    if n == 0 {
        return;
    }
    let mut msg = Vec::new();
    msg.extend_from_slice(b"WARNING: ");
    corebox_core::fmt::push_u64(&mut msg, n);
    msg.extend_from_slice(if n == 1 { one } else { many });
    error(&[&msg], None);
}

fn check_file(c: &Config, k: &Kernels, file: &[u8], buf: &mut [u8]) -> bool {
    let Some(input) = Input::open_or_report(file) else {
        return false;
    };
    let label: &[u8] = if input.is_stdin() {
        b"standard input"
    } else {
        file
    };
    // cksum without -a (crc) reads tagged lines of any algorithm.
    let algo = match c.kind {
        Kind::Digest(a) => Some(a),
        _ => None,
    };
    let mut parser = Parser::new(algo, c.cksum, c.bits);
    let tag: &[u8] = match c.kind {
        Kind::Digest(a) => a.tag(),
        Kind::Crc => b"CRC",
        Kind::Bsd => b"BSD",
        Kind::Sysv => b"SYSV",
    };
    let (mut misformatted, mut unreadable, mut mismatched) = (0u64, 0u64, 0u64);
    let (mut any_ok_line, mut matched) = (false, false);
    let mut lines = Records::new(input.fd(), b'\n');
    let mut lineno = 0u64;
    while let Some(rec) = lines.next() {
        lineno += 1;
        if rec.first() == Some(&b'#') {
            continue;
        }
        let mut l = rec.strip_suffix(b"\n").unwrap_or(rec);
        l = l.strip_suffix(b"\r").unwrap_or(l);
        if l.is_empty() {
            continue;
        }
        let parsed = parser
            .parse(l)
            .filter(|p| !(input.is_stdin() && p.name == b"-"));
        let Some(p) = parsed else {
            misformatted += 1;
            if c.warn {
                let mut n = Vec::new();
                corebox_core::fmt::push_u64(&mut n, lineno);
                let tag = parser.seen.map_or(tag, Algo::tag);
                error(
                    &[
                        &quotef(label),
                        b": ",
                        &n,
                        b": improperly formatted ",
                        tag,
                        b" checksum line",
                    ],
                    None,
                );
            }
            continue;
        };
        any_ok_line = true;
        let escape = !c.status && p.name.contains(&b'\n');
        let mut line = Vec::new();
        if escape {
            line.push(b'\\');
            push_escaped(&mut line, &p.name);
        } else {
            line.extend_from_slice(&p.name);
        }
        let bits = if p.algo == Algo::Blake2b { p.bits } else { 0 };
        let sum = match Input::open(&p.name) {
            Err(e) if e == Errno::NOENT && c.ignore_missing => continue,
            Err(e) => Err(e),
            Ok(i) => compute(Kind::Digest(p.algo), bits, k, i.fd(), buf),
        };
        match sum {
            Err(e) => {
                error(&[&quotef(&p.name)], Some(e));
                unreadable += 1;
                if !c.status {
                    line.extend_from_slice(b": FAILED open or read\n");
                    out().write(&line);
                }
            }
            Ok(s) => {
                let mut got = Vec::new();
                push_hex(&mut got, &s.digest[..s.len]);
                // cksum's `ALGO-BITS` lines give the first BITS of the digest.
                let good = got
                    .get(..p.hex.len())
                    .is_some_and(|g| g.eq_ignore_ascii_case(&p.hex));
                if good {
                    matched = true;
                } else {
                    mismatched += 1;
                }
                if !c.status && (!good || !c.quiet) {
                    line.extend_from_slice(if good { b": OK\n" } else { b": FAILED\n" });
                    out().write(&line);
                }
            }
        }
    }
    if lines.error().is_some() {
        error(&[&quotef(label), b": read error"], None);
        return false;
    }
    if !any_ok_line {
        error(
            &[
                &quotef(label),
                b": no properly formatted checksum lines found",
            ],
            None,
        );
    } else if !c.status {
        warn_count(
            misformatted,
            b" line is improperly formatted",
            b" lines are improperly formatted",
        );
        warn_count(
            unreadable,
            b" listed file could not be read",
            b" listed files could not be read",
        );
        warn_count(
            mismatched,
            b" computed checksum did NOT match",
            b" computed checksums did NOT match",
        );
        if c.ignore_missing && !matched {
            error(&[&quotef(label), b": no file was verified"], None);
        }
    }
    any_ok_line && matched && mismatched == 0 && unreadable == 0 && (!c.strict || misformatted == 0)
}
