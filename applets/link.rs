// corebox applet
// name: link
// usage: FILE1 FILE2
// usage: OPTION
// help:
// Call the link function to create a link named FILE2 to an existing FILE1.
//
//       --help        display this help and exit
//       --version     output version information and exit

use super::SPEC;
use crate::shared::diag::{quote, quoteaf};

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let ops = crate::shared::cli::parse(&SPEC, &args[1..]).operands();
    match ops.len() {
        0 => crate::shared::cli::missing_operand(&SPEC),
        1 => crate::shared::cli::usage_error(&SPEC, &[b"missing operand after ", &quote(ops[0])]),
        2 => {}
        _ => crate::shared::cli::extra_operand(&SPEC, ops[2]),
    }
    match sys::fs::link(ops[0], ops[1]) {
        Ok(()) => 0,
        Err(e) => {
            sys::io::error(
                &[
                    b"cannot create link ",
                    &quoteaf(ops[1]),
                    b" to ",
                    &quoteaf(ops[0]),
                ],
                Some(e),
            );
            1
        }
    }
}
