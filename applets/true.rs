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

/// Like GNU's, true reports an output error only for --help and
/// --version (GNU's close_stdout runs only then: `true --version >
/// /dev/full` fails with `write error`, exit 1).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    if crate::shared::cli::lone_help_or_version(&SPEC, args) {
        sys::rt::exit(0)
    }
    sys::rt::exit_now(0)
}
