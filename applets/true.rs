// corebox applet
// name: true
// usage: [ignored command line arguments]
// usage: OPTION
// help:
// Exit with a status code indicating success.
//
//       --help        display this help and exit
//       --version     output version information and exit
//
// NOTE: your shell may have its own version of true, which usually supersedes
// the version described here.  Please refer to your shell's documentation
// for details about the options it supports.

use super::SPEC;

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::cli::lone_help_or_version(&SPEC, args);
    0
}
