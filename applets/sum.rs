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

use super::SPEC;
use sys::sums::Kind;

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::sums::main(&SPEC, args, Kind::Bsd)
}
