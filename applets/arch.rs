// corebox applet
// name: arch
// usage: [OPTION]...
// help:
// Print machine architecture.
//
//       --help        display this help and exit
//       --version     output version information and exit

use super::SPEC;

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    if let Some(x) = crate::shared::cli::parse(&SPEC, &args[1..])
        .operands()
        .first()
    {
        crate::shared::cli::extra_operand(&SPEC, x);
    }
    sys::out().write(&sys::system::uname().machine);
    sys::out().byte(b'\n');
    0
}
