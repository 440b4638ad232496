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

use super::SPEC;
use corebox_core::basenc::Enc;

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::basenc::main(&SPEC, args, Some(Enc::Base64))
}
