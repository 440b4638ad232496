// corebox applet
// name: md5sum
// usage: [OPTION]... [FILE]...
// option: -b, --binary
// option: -c, --check
// option: --ignore-missing
// option: --quiet
// option: --status
// option: -t, --text
// option: -w, --warn
// option: --strict
// option: --tag
// option: -z, --zero
// help:
// Print or check MD5 (128-bit) checksums.
//
// With no FILE, or when FILE is -, read standard input.
//   -b, --binary          read in binary mode
//   -c, --check           read checksums from the FILEs and check them
//       --tag             create a BSD-style checksum
//   -t, --text            read in text mode (default)
//   -z, --zero            end each output line with NUL, not newline,
//                           and disable file name escaping
//
// The following five options are useful only when verifying checksums:
//       --ignore-missing  don't fail or report status for missing files
//       --quiet           don't print OK for each successfully verified file
//       --status          don't output anything, status code shows success
//       --strict          exit non-zero for improperly formatted checksum lines
//   -w, --warn            warn about improperly formatted checksum lines
//
//       --help        display this help and exit
//       --version     output version information and exit
//
// The sums are computed as described in RFC 1321.
// When checking, the input should be a former output of this program.
// The default mode is to print a line with: checksum, a space,
// a character indicating input mode ('*' for binary, ' ' for text
// or where binary is insignificant), and name for each FILE.
//
// Note: There is no difference between binary mode and text mode on GNU systems.

// corebox applet
// name: sha1sum
// usage: [OPTION]... [FILE]...
// option: -b, --binary
// option: -c, --check
// option: --ignore-missing
// option: --quiet
// option: --status
// option: -t, --text
// option: -w, --warn
// option: --strict
// option: --tag
// option: -z, --zero
// help:
// Print or check SHA1 (160-bit) checksums.
//
// With no FILE, or when FILE is -, read standard input.
//   -b, --binary          read in binary mode
//   -c, --check           read checksums from the FILEs and check them
//       --tag             create a BSD-style checksum
//   -t, --text            read in text mode (default)
//   -z, --zero            end each output line with NUL, not newline,
//                           and disable file name escaping
//
// The following five options are useful only when verifying checksums:
//       --ignore-missing  don't fail or report status for missing files
//       --quiet           don't print OK for each successfully verified file
//       --status          don't output anything, status code shows success
//       --strict          exit non-zero for improperly formatted checksum lines
//   -w, --warn            warn about improperly formatted checksum lines
//
//       --help        display this help and exit
//       --version     output version information and exit
//
// The sums are computed as described in FIPS-180-1.
// When checking, the input should be a former output of this program.
// The default mode is to print a line with: checksum, a space,
// a character indicating input mode ('*' for binary, ' ' for text
// or where binary is insignificant), and name for each FILE.
//
// Note: There is no difference between binary mode and text mode on GNU systems.

// corebox applet
// name: sha224sum
// usage: [OPTION]... [FILE]...
// option: -b, --binary
// option: -c, --check
// option: --ignore-missing
// option: --quiet
// option: --status
// option: -t, --text
// option: -w, --warn
// option: --strict
// option: --tag
// option: -z, --zero
// help:
// Print or check SHA224 (224-bit) checksums.
//
// With no FILE, or when FILE is -, read standard input.
//   -b, --binary          read in binary mode
//   -c, --check           read checksums from the FILEs and check them
//       --tag             create a BSD-style checksum
//   -t, --text            read in text mode (default)
//   -z, --zero            end each output line with NUL, not newline,
//                           and disable file name escaping
//
// The following five options are useful only when verifying checksums:
//       --ignore-missing  don't fail or report status for missing files
//       --quiet           don't print OK for each successfully verified file
//       --status          don't output anything, status code shows success
//       --strict          exit non-zero for improperly formatted checksum lines
//   -w, --warn            warn about improperly formatted checksum lines
//
//       --help        display this help and exit
//       --version     output version information and exit
//
// The sums are computed as described in RFC 3874.
// When checking, the input should be a former output of this program.
// The default mode is to print a line with: checksum, a space,
// a character indicating input mode ('*' for binary, ' ' for text
// or where binary is insignificant), and name for each FILE.
//
// Note: There is no difference between binary mode and text mode on GNU systems.

// corebox applet
// name: sha256sum
// usage: [OPTION]... [FILE]...
// option: -b, --binary
// option: -c, --check
// option: --ignore-missing
// option: --quiet
// option: --status
// option: -t, --text
// option: -w, --warn
// option: --strict
// option: --tag
// option: -z, --zero
// help:
// Print or check SHA256 (256-bit) checksums.
//
// With no FILE, or when FILE is -, read standard input.
//   -b, --binary          read in binary mode
//   -c, --check           read checksums from the FILEs and check them
//       --tag             create a BSD-style checksum
//   -t, --text            read in text mode (default)
//   -z, --zero            end each output line with NUL, not newline,
//                           and disable file name escaping
//
// The following five options are useful only when verifying checksums:
//       --ignore-missing  don't fail or report status for missing files
//       --quiet           don't print OK for each successfully verified file
//       --status          don't output anything, status code shows success
//       --strict          exit non-zero for improperly formatted checksum lines
//   -w, --warn            warn about improperly formatted checksum lines
//
//       --help        display this help and exit
//       --version     output version information and exit
//
// The sums are computed as described in FIPS-180-2.
// When checking, the input should be a former output of this program.
// The default mode is to print a line with: checksum, a space,
// a character indicating input mode ('*' for binary, ' ' for text
// or where binary is insignificant), and name for each FILE.
//
// Note: There is no difference between binary mode and text mode on GNU systems.

// corebox applet
// name: sha384sum
// usage: [OPTION]... [FILE]...
// option: -b, --binary
// option: -c, --check
// option: --ignore-missing
// option: --quiet
// option: --status
// option: -t, --text
// option: -w, --warn
// option: --strict
// option: --tag
// option: -z, --zero
// help:
// Print or check SHA384 (384-bit) checksums.
//
// With no FILE, or when FILE is -, read standard input.
//   -b, --binary          read in binary mode
//   -c, --check           read checksums from the FILEs and check them
//       --tag             create a BSD-style checksum
//   -t, --text            read in text mode (default)
//   -z, --zero            end each output line with NUL, not newline,
//                           and disable file name escaping
//
// The following five options are useful only when verifying checksums:
//       --ignore-missing  don't fail or report status for missing files
//       --quiet           don't print OK for each successfully verified file
//       --status          don't output anything, status code shows success
//       --strict          exit non-zero for improperly formatted checksum lines
//   -w, --warn            warn about improperly formatted checksum lines
//
//       --help        display this help and exit
//       --version     output version information and exit
//
// The sums are computed as described in FIPS-180-2.
// When checking, the input should be a former output of this program.
// The default mode is to print a line with: checksum, a space,
// a character indicating input mode ('*' for binary, ' ' for text
// or where binary is insignificant), and name for each FILE.
//
// Note: There is no difference between binary mode and text mode on GNU systems.

// corebox applet
// name: sha512sum
// usage: [OPTION]... [FILE]...
// option: -b, --binary
// option: -c, --check
// option: --ignore-missing
// option: --quiet
// option: --status
// option: -t, --text
// option: -w, --warn
// option: --strict
// option: --tag
// option: -z, --zero
// help:
// Print or check SHA512 (512-bit) checksums.
//
// With no FILE, or when FILE is -, read standard input.
//   -b, --binary          read in binary mode
//   -c, --check           read checksums from the FILEs and check them
//       --tag             create a BSD-style checksum
//   -t, --text            read in text mode (default)
//   -z, --zero            end each output line with NUL, not newline,
//                           and disable file name escaping
//
// The following five options are useful only when verifying checksums:
//       --ignore-missing  don't fail or report status for missing files
//       --quiet           don't print OK for each successfully verified file
//       --status          don't output anything, status code shows success
//       --strict          exit non-zero for improperly formatted checksum lines
//   -w, --warn            warn about improperly formatted checksum lines
//
//       --help        display this help and exit
//       --version     output version information and exit
//
// The sums are computed as described in FIPS-180-2.
// When checking, the input should be a former output of this program.
// The default mode is to print a line with: checksum, a space,
// a character indicating input mode ('*' for binary, ' ' for text
// or where binary is insignificant), and name for each FILE.
//
// Note: There is no difference between binary mode and text mode on GNU systems.

// corebox applet
// name: b2sum
// usage: [OPTION]... [FILE]...
// option: -b, --binary
// option: -c, --check
// option: --ignore-missing
// option: --quiet
// option: --status
// option: -t, --text
// option: -w, --warn
// option: --strict
// option: --tag
// option: -z, --zero
// option: -l, --length=BITS
// help:
// Print or check BLAKE2b (512-bit) checksums.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -b, --binary          read in binary mode
//   -c, --check           read checksums from the FILEs and check them
//   -l, --length=BITS     digest length in bits; must not exceed the max for
//                           the blake2 algorithm and must be a multiple of 8
//       --tag             create a BSD-style checksum
//   -t, --text            read in text mode (default)
//   -z, --zero            end each output line with NUL, not newline,
//                           and disable file name escaping
//
// The following five options are useful only when verifying checksums:
//       --ignore-missing  don't fail or report status for missing files
//       --quiet           don't print OK for each successfully verified file
//       --status          don't output anything, status code shows success
//       --strict          exit non-zero for improperly formatted checksum lines
//   -w, --warn            warn about improperly formatted checksum lines
//
//       --help        display this help and exit
//       --version     output version information and exit
//
// The sums are computed as described in RFC 7693.
// When checking, the input should be a former output of this program.
// The default mode is to print a line with: checksum, a space,
// a character indicating input mode ('*' for binary, ' ' for text
// or where binary is insignificant), and name for each FILE.
//
// Note: There is no difference between binary mode and text mode on GNU systems.

// corebox applet
// name: cksum
// usage: [OPTION]... [FILE]...
// option: -a, --algorithm=TYPE
// option: -c, --check
// option: --debug
// option: --ignore-missing
// option: --quiet
// option: --status
// option: -w, --warn
// option: --strict
// option: --tag
// option: --untagged
// option: -z, --zero
// option: -l, --length=BITS
// option: -b
// option: -t
// help:
// Print or verify checksums.
// By default use the 32 bit CRC algorithm.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -a, --algorithm=TYPE  select the digest type to use.  See DIGEST below.
//   -c, --check           read checksums from the FILEs and check them
//   -l, --length=BITS     digest length in bits; must not exceed the max for
//                           the blake2 algorithm and must be a multiple of 8
//       --tag             create a BSD-style checksum (the default)
//       --untagged        create a reversed style checksum, without digest type
//   -z, --zero            end each output line with NUL, not newline,
//                           and disable file name escaping
//
// The following five options are useful only when verifying checksums:
//       --ignore-missing  don't fail or report status for missing files
//       --quiet           don't print OK for each successfully verified file
//       --status          don't output anything, status code shows success
//       --strict          exit non-zero for improperly formatted checksum lines
//   -w, --warn            warn about improperly formatted checksum lines
//
//       --debug           indicate which implementation used
//       --help        display this help and exit
//       --version     output version information and exit
//
// DIGEST determines the digest algorithm and default output format:
//   sysv      (equivalent to sum -s)
//   bsd       (equivalent to sum -r)
//   crc       (equivalent to cksum)
//   md5       (equivalent to md5sum)
//   sha1      (equivalent to sha1sum)
//   sha224    (equivalent to sha224sum)
//   sha256    (equivalent to sha256sum)
//   sha384    (equivalent to sha384sum)
//   sha512    (equivalent to sha512sum)
//   blake2b   (equivalent to b2sum)
//   sm3       (only available through cksum)
//
// When checking, the input should be a former output of this program,
// or equivalent standalone program.

// corebox applet
// name: sum
// usage: [OPTION]... [FILE]...
// option: -r
// option: -s, --sysv
// help:
// Print or check BSD (16-bit) checksums.
//
// With no FILE, or when FILE is -, read standard input.
//
//   -r              use BSD sum algorithm (the default), use 1K blocks
//   -s, --sysv      use System V sum algorithm, use 512 bytes blocks
//       --help        display this help and exit
//       --version     output version information and exit

// The checksum programs (GNU's digest.c and sum.c): options, the output
// lines (GNU, `--tag` BSD style, `-z`, escaped names) and `-c/--check`
// with GNU's messages. The digests themselves are `logic::digest`,
// fed with the CPU's fastest kernels (`sys::hashcpu`).

use super::opt;
use crate::shared::cli::{self, usage_error, Spec};
use crate::shared::diag::{die, quote, quotef};
use crate::shared::files::open_or_report;
use alloc::vec::Vec;
use logic::digest::check::{needs_escape, push_escaped, Line, Parser};
use logic::digest::{crc, push_hex, Algo, Hasher, Kernels};
use sys::fs::Input;
use sys::io::{error, out, Fd};
use sys::records::Records;
use sys::Errno;

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
    sys::fs::advise_sequential(fd);
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
            // GNU's cksum CRC code takes a read error for the end of
            // the file (a directory is an empty file); the other sums
            // report it.
            Err(_) if kind == Kind::Crc => 0,
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
                    c = sys::hashcpu::crc_update(t, c, d)
                }
            }
            (None, Kind::Bsd) => b = crc::bsd_update(b, d),
            (None, _) => v = v.wrapping_add(sys::simd::byte_sum(d) as u32),
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

pub fn md5sum(args: &'static [&'static [u8]]) -> i32 {
    main(&super::md5sum::SPEC, args, Kind::Digest(Algo::Md5))
}

pub fn sha1sum(args: &'static [&'static [u8]]) -> i32 {
    main(&super::sha1sum::SPEC, args, Kind::Digest(Algo::Sha1))
}

pub fn sha224sum(args: &'static [&'static [u8]]) -> i32 {
    main(&super::sha224sum::SPEC, args, Kind::Digest(Algo::Sha224))
}

pub fn sha256sum(args: &'static [&'static [u8]]) -> i32 {
    main(&super::sha256sum::SPEC, args, Kind::Digest(Algo::Sha256))
}

pub fn sha384sum(args: &'static [&'static [u8]]) -> i32 {
    main(&super::sha384sum::SPEC, args, Kind::Digest(Algo::Sha384))
}

pub fn sha512sum(args: &'static [&'static [u8]]) -> i32 {
    main(&super::sha512sum::SPEC, args, Kind::Digest(Algo::Sha512))
}

pub fn b2sum(args: &'static [&'static [u8]]) -> i32 {
    main(&super::b2sum::SPEC, args, Kind::Digest(Algo::Blake2b))
}

pub fn cksum(args: &'static [&'static [u8]]) -> i32 {
    main(&super::cksum::SPEC, args, Kind::Crc)
}

pub fn sum(args: &'static [&'static [u8]]) -> i32 {
    main(&super::sum::SPEC, args, Kind::Bsd)
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
    pub check: bool,
    pub ignore_missing: bool,
    pub verbosity: Verbosity,
    pub strict: bool,
    /// cksum --debug, until the first CRC is computed (GNU says which
    /// implementation it uses then, once).
    pub debug: core::cell::Cell<bool>,
}

/// What `--check` says of each line (the last of --warn, --quiet and
/// --status wins).
#[derive(Clone, Copy, PartialEq)]
pub enum Verbosity {
    /// OK and FAILED lines, no warnings about bad lines.
    Normal,
    /// -w: also a warning for each improperly formatted line.
    Warn,
    /// --quiet: no OK lines.
    Quiet,
    /// --status: nothing at all, the exit status tells.
    Status,
}

/// cksum's `-a` words.
const ALGORITHMS: &[(&[u8], Kind)] = &[
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
];

/// A `-l BITS` value as GNU reads it: a decimal multiple of 8.
fn length(l: &'static [u8]) -> (&'static [u8], u64) {
    let Some(n) = logic::num::parse_u64_dec(l) else {
        die(&[b"invalid length: ", &quote(l)], None)
    };
    if n % 8 != 0 {
        error(&[b"invalid length: ", &quote(l)], None);
        die(&[b"length is not a multiple of 8"], None);
    }
    (l, n)
}

/// The options given, before their combination is checked.
struct Given {
    /// -b (true) or -t (false).
    mode: Option<bool>,
    length: Option<(&'static [u8], u64)>,
    debug: bool,
}

/// Reads the options into `c` (whose `kind` is the program's own).
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(
    spec: &'static Spec,
    args: &'static [&'static [u8]],
    c: &mut Config,
) -> (Given, Vec<&'static [u8]>) {
    let mut g = Given {
        mode: None,
        length: None,
        debug: false,
    };
    let mut opts = cli::parse(spec, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            // GNU's cksum takes -b and -t only to reject them.
            'b' | 't' if c.cksum => cli::try_help(spec),
            opt::BINARY => g.mode = Some(true),
            opt::TEXT => g.mode = Some(false),
            opt::CHECK => c.check = true,
            opt::ZERO => c.zero = true,
            opt::WARN => c.verbosity = Verbosity::Warn,
            opt::QUIET => c.verbosity = Verbosity::Quiet,
            opt::STATUS => c.verbosity = Verbosity::Status,
            opt::LENGTH => g.length = Some(length(o.arg.unwrap_or(b""))),
            'r' => c.kind = Kind::Bsd,
            opt::SYSV => c.kind = Kind::Sysv,
            opt::ALGORITHM => {
                c.algo_given = true;
                c.kind = cli::choice_exact(spec, b"--algorithm", o.arg.unwrap_or(b""), ALGORITHMS);
            }
            opt::TAG => {
                c.tag = true;
                g.mode = Some(true);
            }
            opt::UNTAGGED => c.tag = false,
            opt::IGNORE_MISSING => c.ignore_missing = true,
            opt::STRICT => c.strict = true,
            opt::DEBUG => g.debug = true,
            _ => {}
        }
    }
    (g, opts.operands())
}

/// GNU's checks of -l, in its order: the number and its multiple of 8
/// when read, then whether the algorithm takes a length, then the maximum.
fn apply_length(c: &mut Config, length: Option<(&[u8], u64)>) {
    let Some((l, n)) = length.filter(|&(_, n)| n != 0) else {
        return;
    };
    if c.cksum && c.kind != Kind::Digest(Algo::Blake2b) {
        die(
            &[b"--length is only supported with --algorithm=blake2b"],
            None,
        );
    }
    if n > 512 {
        error(&[b"invalid length: ", &quote(l)], None);
        die(
            &[
                b"maximum digest length for ",
                &quote(b"BLAKE2b"),
                b" is 512 bits",
            ],
            None,
        );
    }
    c.bits = if n == 512 { 0 } else { n as usize };
}

/// GNU's usage errors for options that do not go together.
fn check_combination(spec: &Spec, c: &Config, mode: Option<bool>) {
    if mode == Some(false) && c.tag && !c.cksum {
        usage_error(spec, &[b"--tag does not support --text mode"]);
    }
    if !c.check {
        for (on, name) in [
            (c.ignore_missing, &b"--ignore-missing"[..]),
            (c.verbosity == Verbosity::Status, b"--status"),
            (c.verbosity == Verbosity::Warn, b"--warn"),
            (c.verbosity == Verbosity::Quiet, b"--quiet"),
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
        return;
    }
    if c.cksum && c.algo_given && !matches!(c.kind, Kind::Digest(_)) {
        die(
            &[b"--check is not supported with --algorithm={bsd,sysv,crc}"],
            None,
        );
    }
    if c.zero {
        usage_error(
            spec,
            &[b"the --zero option is not supported when verifying checksums"],
        );
    }
    if c.tag && !c.cksum {
        usage_error(
            spec,
            &[b"the --tag option is meaningless when verifying checksums"],
        );
    }
    if mode.is_some() && !c.cksum {
        usage_error(
            spec,
            &[b"the --binary and --text options are meaningless when verifying checksums"],
        );
    }
}

/// One checksum program: `kind` is its algorithm (for cksum: crc).
fn main(spec: &'static Spec, args: &'static [&'static [u8]], kind: Kind) -> i32 {
    // GNU 9.1's checksum programs report any write error as a bare
    // `write error`.
    sys::io::set_write_error_style(
        sys::io::WriteErrorKind::Plain,
        sys::io::WriteErrorKind::Plain,
        0,
        u64::MAX,
    );
    // GNU sets standard output line buffered: each file's line appears
    // when that file is done.
    sys::io::set_line_buffered();
    // cksum is the one program whose own algorithm is the CRC.
    let cksum = kind == Kind::Crc;
    let mut c = Config {
        kind,
        bits: 0,
        cksum,
        algo_given: false,
        tag: cksum,
        binary: false,
        zero: false,
        check: false,
        ignore_missing: false,
        verbosity: Verbosity::Normal,
        strict: false,
        debug: core::cell::Cell::new(false),
    };
    let (given, files) = parse(spec, args, &mut c);
    apply_length(&mut c, given.length);
    c.debug.set(given.debug && c.kind == Kind::Crc);
    check_combination(spec, &c, given.mode);
    c.binary = given.mode == Some(true) && !c.tag;
    run(&c, files)
}

/// Prints or checks the sums of the FILE operands.
fn run(c: &Config, files: Vec<&'static [u8]>) -> i32 {
    let args_given = !files.is_empty();
    let kernels = sys::hashcpu::kernels();
    let mut buf = alloc::vec![0u8; BUF];
    let mut ok = true;
    let files = crate::shared::files::or_stdin(files);
    for &name in &files {
        ok &= if c.check {
            check_file(c, &kernels, name, &mut buf)
        } else {
            print_sum(c, &kernels, name, args_given, &mut buf)
        };
    }
    // GNU: `if (have_read_stdin && fclose (stdin) == EOF) die (...)`.
    sys::io::finish_stdin(files.contains(&&b"-"[..]), b"standard input", ok)
}

fn print_sum(c: &Config, k: &Kernels, name: &[u8], args: bool, buf: &mut [u8]) -> bool {
    let Some(input) = open_or_report(name) else {
        return false;
    };
    if c.debug.replace(false) {
        error(&[sys::hashcpu::crc_debug_message()], None);
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
            logic::digits::push_u64(&mut line, s.value as u64);
            line.push(b' ');
            logic::digits::push_u64(&mut line, s.size);
            named(&mut line);
        }
        Kind::Bsd => {
            let mut v = [0u8; 20];
            let d = logic::digits::u64_dec(s.value as u64, &mut v);
            line.extend(core::iter::repeat_n(b'0', 5usize.saturating_sub(d.len())));
            line.extend_from_slice(d);
            line.push(b' ');
            let d = logic::digits::u64_dec(s.size.div_ceil(1024), &mut v);
            line.extend(core::iter::repeat_n(b' ', 5usize.saturating_sub(d.len())));
            line.extend_from_slice(d);
            named(&mut line);
        }
        Kind::Sysv => {
            logic::digits::push_u64(&mut line, s.value as u64);
            line.push(b' ');
            logic::digits::push_u64(&mut line, s.size.div_ceil(512));
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
                    logic::digits::push_u64(&mut line, c.bits as u64);
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
    logic::digits::push_u64(&mut msg, n);
    msg.extend_from_slice(if n == 1 { one } else { many });
    error(&[&msg], None);
}

/// What `--check` counted in one checksum file.
#[derive(Default)]
struct Tally {
    misformatted: u64,
    unreadable: u64,
    mismatched: u64,
    any_ok_line: bool,
    matched: bool,
}

/// The outcome of one well-formed check line.
enum Verdict {
    Ok,
    Mismatch,
    Unreadable,
    /// Missing, with --ignore-missing: not counted.
    Ignored,
}

fn check_file(c: &Config, k: &Kernels, file: &[u8], buf: &mut [u8]) -> bool {
    let Some(input) = open_or_report(file) else {
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
    let mut t = Tally::default();
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
            t.misformatted += 1;
            if c.verbosity == Verbosity::Warn {
                let tag = parser.seen.map_or(kind_tag(c.kind), Algo::tag);
                warn_misformatted(label, lineno, tag);
            }
            continue;
        };
        t.any_ok_line = true;
        match check_line(c, k, &p, buf) {
            Verdict::Ok => t.matched = true,
            Verdict::Mismatch => t.mismatched += 1,
            Verdict::Unreadable => t.unreadable += 1,
            Verdict::Ignored => {}
        }
    }
    if lines.error().is_some() {
        error(&[&quotef(label), b": read error"], None);
        return false;
    }
    summarize(c, label, &t);
    t.any_ok_line
        && t.matched
        && t.mismatched == 0
        && t.unreadable == 0
        && (!c.strict || t.misformatted == 0)
}

/// The tag GNU names in `improperly formatted TAG checksum line`.
fn kind_tag(kind: Kind) -> &'static [u8] {
    match kind {
        Kind::Digest(a) => a.tag(),
        Kind::Crc => b"CRC",
        Kind::Bsd => b"BSD",
        Kind::Sysv => b"SYSV",
    }
}

/// `NAME: FILE: LINE: improperly formatted TAG checksum line` (-w).
fn warn_misformatted(label: &[u8], lineno: u64, tag: &[u8]) {
    let mut n = Vec::new();
    logic::digits::push_u64(&mut n, lineno);
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

/// Computes the file a check line names, compares, and prints the
/// `NAME: OK` / `NAME: FAILED` / `NAME: FAILED open or read` line.
fn check_line(c: &Config, k: &Kernels, p: &Line, buf: &mut [u8]) -> Verdict {
    let bits = if p.algo == Algo::Blake2b { p.bits } else { 0 };
    let sum = match Input::open(&p.name) {
        Err(e) if e == Errno::NOENT && c.ignore_missing => return Verdict::Ignored,
        Err(e) => Err(e),
        Ok(i) => compute(Kind::Digest(p.algo), bits, k, i.fd(), buf),
    };
    let verdict = match &sum {
        Err(e) => {
            error(&[&quotef(&p.name)], Some(*e));
            Verdict::Unreadable
        }
        // cksum's `ALGO-BITS` lines give the first BITS of the digest.
        Ok(s) => {
            let mut got = Vec::new();
            push_hex(&mut got, &s.digest[..s.len]);
            let good = got
                .get(..p.hex.len())
                .is_some_and(|g| g.eq_ignore_ascii_case(&p.hex));
            if good {
                Verdict::Ok
            } else {
                Verdict::Mismatch
            }
        }
    };
    let result: &[u8] = match verdict {
        Verdict::Ok if c.verbosity == Verbosity::Quiet => return verdict,
        Verdict::Ok => b": OK\n",
        Verdict::Mismatch => b": FAILED\n",
        _ => b": FAILED open or read\n",
    };
    if c.verbosity != Verbosity::Status {
        let mut line = Vec::new();
        if p.name.contains(&b'\n') {
            line.push(b'\\');
            push_escaped(&mut line, &p.name);
        } else {
            line.extend_from_slice(&p.name);
        }
        line.extend_from_slice(result);
        out().write(&line);
    }
    verdict
}

/// The warnings at the end of a checksum file.
fn summarize(c: &Config, label: &[u8], t: &Tally) {
    if !t.any_ok_line {
        error(
            &[
                &quotef(label),
                b": no properly formatted checksum lines found",
            ],
            None,
        );
        return;
    }
    if c.verbosity == Verbosity::Status {
        return;
    }
    warn_count(
        t.misformatted,
        b" line is improperly formatted",
        b" lines are improperly formatted",
    );
    warn_count(
        t.unreadable,
        b" listed file could not be read",
        b" listed files could not be read",
    );
    warn_count(
        t.mismatched,
        b" computed checksum did NOT match",
        b" computed checksums did NOT match",
    );
    if c.ignore_missing && !t.matched {
        error(&[&quotef(label), b": no file was verified"], None);
    }
}
