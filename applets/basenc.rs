// corebox applet
// name: base32
// usage: [OPTION]... [FILE]
// option: -d, --decode
// option: -w, --wrap=COLS
// option: -i, --ignore-garbage
// help:
// Base32 encode or decode FILE, or standard input, to standard output.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -d, --decode          decode data
//   -i, --ignore-garbage  when decoding, ignore non-alphabet characters
//   -w, --wrap=COLS       wrap encoded lines after COLS character (default 76).
//                           Use 0 to disable line wrapping
//       --help        display this help and exit
//       --version     output version information and exit
//
// The data are encoded as described for the base32 alphabet in RFC 4648.
// When decoding, the input may contain newlines in addition to the bytes of
// the formal base32 alphabet.  Use --ignore-garbage to attempt to recover
// from any other non-alphabet bytes in the encoded stream.

// corebox applet
// name: base64
// usage: [OPTION]... [FILE]
// option: -d, --decode
// option: -w, --wrap=COLS
// option: -i, --ignore-garbage
// help:
// Base64 encode or decode FILE, or standard input, to standard output.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -d, --decode          decode data
//   -i, --ignore-garbage  when decoding, ignore non-alphabet characters
//   -w, --wrap=COLS       wrap encoded lines after COLS character (default 76).
//                           Use 0 to disable line wrapping
//       --help        display this help and exit
//       --version     output version information and exit
//
// The data are encoded as described for the base64 alphabet in RFC 4648.
// When decoding, the input may contain newlines in addition to the bytes of
// the formal base64 alphabet.  Use --ignore-garbage to attempt to recover
// from any other non-alphabet bytes in the encoded stream.

// corebox applet
// name: basenc
// usage: [OPTION]... [FILE]
// option: --base64
// option: --base64url
// option: --base32
// option: --base32hex
// option: --base16
// option: --base2msbf
// option: --base2lsbf
// option: -d, --decode
// option: -w, --wrap=COLS
// option: -i, --ignore-garbage
// option: --z85
// help:
// basenc encode or decode FILE, or standard input, to standard output.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//       --base64          same as 'base64' program (RFC4648 section 4)
//       --base64url       file- and url-safe base64 (RFC4648 section 5)
//       --base32          same as 'base32' program (RFC4648 section 6)
//       --base32hex       extended hex alphabet base32 (RFC4648 section 7)
//       --base16          hex encoding (RFC4648 section 8)
//       --base2msbf       bit string with most significant bit (msb) first
//       --base2lsbf       bit string with least significant bit (lsb) first
//   -d, --decode          decode data
//   -i, --ignore-garbage  when decoding, ignore non-alphabet characters
//   -w, --wrap=COLS       wrap encoded lines after COLS character (default 76).
//                           Use 0 to disable line wrapping
//       --z85             ascii85-like encoding (ZeroMQ spec:32/Z85);
//                         when encoding, input length must be a multiple of 4;
//                         when decoding, input length must be a multiple of 5
//       --help        display this help and exit
//       --version     output version information and exit
//
// When decoding, the input may contain newlines in addition to the bytes of
// the formal alphabet.  Use --ignore-garbage to attempt to recover
// from any other non-alphabet bytes in the encoded stream.

// The encoders (GNU's basenc.c): base64, base32 and basenc, which picks
// its encoding by an option. The encodings themselves are
// `logic::basenc`.

use super::opt;
use crate::shared::cli::{self, Spec};
use crate::shared::diag::{die, quote};
use alloc::vec::Vec;
use logic::basenc::{encode, push_wrapped, Decoder, Enc};
use sys::io::{out, Fd};

/// Input read per encoding step: a multiple of every group size (GNU's
/// 30 KiB for Z85, whose length check is per step).
const CHUNK: usize = 30720 * 2;

pub fn base32(args: &'static [&'static [u8]]) -> i32 {
    main(&super::base32::SPEC, args, Some(Enc::Base32))
}

pub fn base64(args: &'static [&'static [u8]]) -> i32 {
    main(&super::base64::SPEC, args, Some(Enc::Base64))
}

pub fn basenc(args: &'static [&'static [u8]]) -> i32 {
    main(&super::basenc::SPEC, args, None)
}

struct Config {
    enc: Enc,
    decode: bool,
    ignore_garbage: bool,
    /// Columns per output line; 0: no wrapping.
    width: usize,
}

/// A `-w COLS` value as GNU's xstrtoimax reads it: white space, a sign,
/// decimal digits; below zero is invalid, too big is 0 (no wrapping).
fn wrap_width(a: &[u8]) -> usize {
    let t = &a[a
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t'..=b'\r'))
        .count()..];
    let (neg, digits) = match t.first() {
        Some(b'+') => (false, &t[1..]),
        Some(b'-') => (true, &t[1..]),
        _ => (false, t),
    };
    if digits.is_empty()
        || !digits.iter().all(u8::is_ascii_digit)
        || (neg && digits.iter().any(|&d| d != b'0'))
    {
        die(&[b"invalid wrap size: ", &quote(a)], None);
    }
    // Past IDX_MAX (or intmax_t) GNU's wrap_column is 0: no wrapping, and
    // no newline at the end either.
    logic::num::parse_u64_dec(digits)
        .filter(|&n| n <= isize::MAX as u64)
        .map_or(0, |n| n as usize)
}

/// The options and the one FILE operand; `enc` is the program's encoding
/// (None: basenc, which needs an option to pick one).
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(
    spec: &'static Spec,
    args: &'static [&'static [u8]],
    mut enc: Option<Enc>,
) -> (Config, &'static [u8]) {
    let (mut decode, mut ignore_garbage, mut width) = (false, false, 76usize);
    let mut opts = cli::parse(spec, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            opt::DECODE => decode = true,
            opt::IGNORE_GARBAGE => ignore_garbage = true,
            opt::WRAP => width = wrap_width(o.arg.unwrap_or(b"")),
            opt::BASE64 => enc = Some(Enc::Base64),
            opt::BASE64URL => enc = Some(Enc::Base64Url),
            opt::BASE32 => enc = Some(Enc::Base32),
            opt::BASE32HEX => enc = Some(Enc::Base32Hex),
            opt::BASE16 => enc = Some(Enc::Base16),
            opt::BASE2MSBF => enc = Some(Enc::Base2Msbf),
            opt::BASE2LSBF => enc = Some(Enc::Base2Lsbf),
            opt::Z85 => enc = Some(Enc::Z85),
            _ => {}
        }
    }
    let files = opts.operands();
    let Some(enc) = enc else {
        cli::usage_error(spec, &[b"missing encoding type"]);
    };
    if files.len() > 1 {
        cli::extra_operand(spec, files[1]);
    }
    let c = Config {
        enc,
        decode,
        ignore_garbage,
        width,
    };
    (c, files.first().copied().unwrap_or(b"-"))
}

fn main(spec: &'static Spec, args: &'static [&'static [u8]], enc: Option<Enc>) -> i32 {
    let (c, name) = parse(spec, args, enc);
    if !c.decode {
        // GNU 9.1 encoders call write_error() on a failed write (then
        // close_stdout reports again); an unwrapped output is written in
        // blocks, so a 4 KiB one already fails.
        let threshold = if c.width == 0 { 4096 } else { 4097 };
        sys::io::set_write_error_style(
            sys::io::WriteErrorKind::Errno,
            sys::io::WriteErrorKind::Twice,
            threshold,
            u64::MAX,
        );
    }
    let Some(input) = crate::shared::files::open_or_report(name) else {
        return 1;
    };
    sys::fs::advise_sequential(input.fd());
    run(&c, input.fd());
    0
}

/// Encodes or decodes `fd` to standard output.
#[cfg_attr(corebox_opt, optimize(speed))]
fn run(c: &Config, fd: Fd) {
    let (enc, decode, width) = (c.enc, c.decode, c.width);
    // Lines of whole groups (the default 76 columns of base64) are encoded
    // straight into place, one line of input at a time.
    let line_in = width / enc.out_group() * enc.in_group();
    let simd = matches!(enc, Enc::Base64 | Enc::Base64Url);
    let by_line = !simd
        && enc != Enc::Z85
        && !decode
        && width > 0
        && width % enc.out_group() == 0
        && line_in <= CHUNK;
    let chunk = if enc == Enc::Z85 {
        30720
    } else if by_line {
        CHUNK / line_in * line_in
    } else {
        CHUNK
    };
    let mut buf = alloc::vec![0u8; chunk];
    let mut coded = Vec::with_capacity(chunk * 9);
    let mut wrapped = Vec::with_capacity(chunk * 9);
    let mut dec = Decoder::new(enc, c.ignore_garbage);
    let mut col = 0usize;
    // One step of the coding; an empty block is the end of the input
    // (it finishes the decoding or the last line).
    let mut step = |data: &[u8]| {
        coded.clear();
        if decode {
            let ok = if data.is_empty() {
                dec.finish(&mut coded)
            } else {
                dec.feed(data, &mut coded)
            };
            out().write(&coded);
            if !ok {
                die(&[b"invalid input"], None);
            }
            return;
        }
        if enc == Enc::Z85 && !data.len().is_multiple_of(4) {
            die(
                &[b"invalid input (length must be multiple of 4 characters)"],
                None,
            );
        }
        if by_line {
            for line in data.chunks(line_in) {
                encode(enc, line, &mut coded);
                coded.push(b'\n');
            }
            out().write(&coded);
            return;
        }
        let k = if simd {
            sys::simd::base64_encode_prefix(data, enc == Enc::Base64Url, &mut coded)
        } else {
            0
        };
        encode(enc, &data[k..], &mut coded);
        wrapped.clear();
        push_wrapped(&mut wrapped, &coded, width, &mut col);
        if data.is_empty() && col > 0 {
            wrapped.push(b'\n');
        }
        out().write(&wrapped);
    };
    loop {
        let n = match fd.read_full(&mut buf) {
            Ok(n) => n,
            Err(e) => die(&[b"read error"], Some(e)),
        };
        step(&buf[..n]);
        if !out().ok() {
            break;
        }
        // A short read is the end, as stdio's sticky end-of-file makes it
        // for GNU: on a terminal one ^D ends the input, not a second one.
        if n < buf.len() {
            if n > 0 {
                step(&[]);
            }
            break;
        }
    }
}
