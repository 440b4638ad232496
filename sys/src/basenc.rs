//! base64, base32 and basenc (GNU's basenc.c): options, streaming encode
//! with wrapping, decode with `--ignore-garbage`, GNU's errors.

use crate::cli::{quote, Spec};
use crate::fs::Input;
use crate::io::{error, out};
use alloc::vec::Vec;
use corebox_core::basenc::{encode, push_wrapped, Decoder, Enc};

/// Input read per encoding step: a multiple of every group size (GNU's
/// 30 KiB for Z85, whose length check is per step).
const CHUNK: usize = 30720 * 2;

fn die(parts: &[&[u8]]) -> ! {
    out().flush().ok();
    error(parts, None);
    crate::rt::exit(1)
}

/// The whole program; `enc` is the program's encoding (None: basenc, which
/// needs an option to pick one).
pub fn main(spec: &'static Spec, args: &'static [&'static [u8]], mut enc: Option<Enc>) -> i32 {
    let (mut decode, mut garbage, mut width) = (false, false, 76usize);
    let names: [(&str, Enc); 8] = [
        ("base64", Enc::Base64),
        ("base64url", Enc::Base64Url),
        ("base32", Enc::Base32),
        ("base32hex", Enc::Base32Hex),
        ("base16", Enc::Base16),
        ("base2msbf", Enc::Base2Msbf),
        ("base2lsbf", Enc::Base2Lsbf),
        ("z85", Enc::Z85),
    ];
    let keys: Vec<(char, Enc)> = names
        .iter()
        .filter_map(|(n, e)| spec.opts.iter().find(|o| o.long == *n).map(|o| (o.key, *e)))
        .collect();
    let mut opts = crate::cli::parse(spec, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            'd' => decode = true,
            'i' => garbage = true,
            'w' => {
                // GNU's xstrtoimax: white space, a sign, decimal digits;
                // below zero is invalid, too big is no wrapping.
                let a = o.arg.unwrap_or(b"");
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
                    die(&[b"invalid wrap size: ", &quote(a)]);
                }
                width = corebox_core::num::parse_u64_dec(digits)
                    .map_or(0, |n| n.min(isize::MAX as u64) as usize);
            }
            k => {
                if let Some((_, e)) = keys.iter().find(|(key, _)| *key == k) {
                    enc = Some(*e);
                }
            }
        }
    }
    let files = opts.operands();
    let Some(enc) = enc else {
        crate::cli::usage_error(spec, &[b"missing encoding type"]);
    };
    if files.len() > 1 {
        crate::cli::extra_operand(spec, files[1]);
    }
    if !decode {
        // GNU 9.1 encoders call write_error() on a failed write (then
        // close_stdout reports again); an unwrapped output is written in
        // blocks, so a 4 KiB one already fails.
        let threshold = if width == 0 { 4096 } else { 4097 };
        crate::io::set_write_error_style(
            crate::io::WriteErrorKind::Errno,
            crate::io::WriteErrorKind::Twice,
            threshold,
            u64::MAX,
        );
    }
    let name = files.first().copied().unwrap_or(b"-");
    let Some(input) = Input::open_or_report(name) else {
        return 1;
    };
    let fd = input.fd();
    crate::fs::advise_sequential(fd);
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
    let mut dec = Decoder::new(enc, garbage);
    let mut col = 0usize;
    loop {
        let n = match fd.read_full(&mut buf) {
            Ok(n) => n,
            Err(e) => {
                out().flush().ok();
                error(&[b"read error"], Some(e));
                crate::rt::exit(1);
            }
        };
        coded.clear();
        if decode {
            let ok = if n == 0 {
                dec.finish(&mut coded)
            } else {
                dec.feed(&buf[..n], &mut coded)
            };
            out().write(&coded);
            if !ok {
                die(&[b"invalid input"]);
            }
        } else {
            if enc == Enc::Z85 && n % 4 != 0 {
                die(&[b"invalid input (length must be multiple of 4 characters)"]);
            }
            if by_line {
                for line in buf[..n].chunks(line_in) {
                    encode(enc, line, &mut coded);
                    coded.push(b'\n');
                }
                out().write(&coded);
            } else {
                let k = if simd {
                    crate::simd::base64_encode_prefix(&buf[..n], enc == Enc::Base64Url, &mut coded)
                } else {
                    0
                };
                encode(enc, &buf[k..n], &mut coded);
                wrapped.clear();
                push_wrapped(&mut wrapped, &coded, width, &mut col);
                if n == 0 && col > 0 {
                    wrapped.push(b'\n');
                }
                out().write(&wrapped);
            }
        }
        // A short read ends the input too; the next read says 0 and
        // finishes the decoding or the last line.
        if n == 0 || !out().ok() {
            break;
        }
    }
    0
}
