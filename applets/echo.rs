// corebox applet
// name: echo
// usage: [SHORT-OPTION]... [STRING]...
// usage: LONG-OPTION
// help:
// Echo the STRING(s) to standard output.
//
//   -n             do not output the trailing newline
//   -e             enable interpretation of backslash escapes
//   -E             disable interpretation of backslash escapes (default)
//       --help        display this help and exit
//       --version     output version information and exit
//
// If -e is in effect, the following sequences are recognized:
//
//   \\      backslash
//   \a      alert (BEL)
//   \b      backspace
//   \c      produce no further output
//   \e      escape
//   \f      form feed
//   \n      new line
//   \r      carriage return
//   \t      horizontal tab
//   \v      vertical tab
//   \0NNN   byte with octal value NNN (1 to 3 digits)
//   \xHH    byte with hexadecimal value HH (1 to 2 digits)
//
// NOTE: your shell may have its own version of echo, which usually supersedes
// the version described here.  Please refer to your shell's documentation
// for details about the options it supports.
//
// NOTE: printf(1) is a preferred alternative,
// which does not have issues outputting option-like strings.

use super::SPEC;

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let posix = sys::env::posixly_correct();
    let allow_options = !posix || args.get(1) == Some(&&b"-n"[..]);
    if allow_options && crate::shared::cli::lone_help_or_version(&SPEC, args) {
        return 0;
    }
    let mut args = &args[1.min(args.len())..];
    let (mut escapes, mut newline) = (false, true);
    if allow_options {
        while let Some(a) = args.first() {
            let flags = match a.strip_prefix(b"-") {
                Some(f) if !f.is_empty() && f.iter().all(|c| matches!(c, b'e' | b'E' | b'n')) => f,
                _ => break,
            };
            for c in flags {
                match c {
                    b'e' => escapes = true,
                    b'E' => escapes = false,
                    _ => newline = false,
                }
            }
            args = &args[1..];
        }
    }
    let out = sys::out();
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            out.byte(b' ');
        }
        if escapes || posix {
            if !logic::escape::echo(a, |b| out.write(b)) {
                return 0;
            }
        } else {
            out.write(a);
        }
    }
    if newline {
        out.byte(b'\n');
    }
    0
}
