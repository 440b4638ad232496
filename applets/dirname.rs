// corebox applet
// name: dirname
// usage: [OPTION] NAME...
// option: -z, --zero
// help:
// Output each NAME with its last non-slash component and trailing slashes
// removed; if NAME contains no /'s, output '.' (meaning the current directory).
//
//   -z, --zero     end each output line with NUL, not newline
//       --help        display this help and exit
//       --version     output version information and exit
//
// Examples:
//   %s /usr/bin/          -> "/usr"
//   %s dir1/str dir2/str  -> "dir1" followed by "dir2"
//   %s stdio.h            -> "."

use super::SPEC;

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut zero = false;
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while opts.next().is_some() {
        zero = true;
    }
    let names = opts.operands();
    if names.is_empty() {
        crate::shared::cli::missing_operand(&SPEC);
    }
    let out = sys::out();
    for name in names {
        out.write(logic::path::dirname(name));
        out.byte(if zero { 0 } else { b'\n' });
    }
    0
}
