// corebox applet
// name: hostid
// usage: [OPTION]
// help:
// Print the numeric identifier (in hexadecimal) for the current host.
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
    let mut line = alloc::vec::Vec::new();
    logic::digits::push_hex(&mut line, sys::system::hostid() as u64, 8);
    line.push(b'\n');
    sys::out().write(&line);
    0
}
