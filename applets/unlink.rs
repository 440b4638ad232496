// corebox applet
// name: unlink
// usage: FILE
// usage: OPTION
// help:
// Call the unlink function to remove the specified FILE.
//
//       --help        display this help and exit
//       --version     output version information and exit

use super::SPEC;

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let ops = crate::shared::cli::parse(&SPEC, &args[1..]).operands();
    match ops.len() {
        0 => crate::shared::cli::missing_operand(&SPEC),
        1 => {}
        _ => crate::shared::cli::extra_operand(&SPEC, ops[1]),
    }
    match sys::fs::unlink(ops[0]) {
        Ok(()) => 0,
        Err(e) => {
            sys::io::error(
                &[b"cannot unlink ", &crate::shared::diag::quoteaf(ops[0])],
                Some(e),
            );
            1
        }
    }
}
