// corebox applet
// name: hostname
// usage: [NAME]
// usage: OPTION
// help:
// Print or set the hostname of the current system.
//
//       --help        display this help and exit
//       --version     output version information and exit

//! hostname: GNU hostname.c (not Debian's): print the node name, or set
//! it with sethostname.

use super::SPEC;
use crate::shared::cli::extra_operand;
use crate::shared::diag::{die, quote};

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut p = crate::shared::cli::parse(&SPEC, &args[1.min(args.len())..]);
    while p.next().is_some() {}
    let ops = p.operands();
    if ops.len() > 1 {
        extra_operand(&SPEC, ops[1]);
    }
    if let Some(name) = ops.first() {
        if let Err(e) = sys::system::set_hostname(name) {
            die(&[b"cannot set name to ", &quote(name)], Some(e));
        }
        return 0;
    }
    let mut n = sys::system::uname().nodename;
    n.push(b'\n');
    sys::io::out().write(&n);
    0
}
