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

use super::SPEC;
use corebox_core::digest::Algo;
use sys::sums::Kind;

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::sums::main(&SPEC, args, Kind::Digest(Algo::Blake2b))
}
