// corebox applet
// name: tty
// usage: [OPTION]...
// usage-status: 2
// option: -s, --silent, --quiet
// help:
// Print the file name of the terminal connected to standard input.
//
//   -s, --silent, --quiet   print nothing, only return an exit status
//       --help        display this help and exit
//       --version     output version information and exit

use super::SPEC;
use sys::io::Fd;

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::set_exit_failure(3);
    let mut silent = false;
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while opts.next().is_some() {
        silent = true;
    }
    if let Some(x) = opts.operands().first() {
        crate::shared::cli::extra_operand(&SPEC, x);
    }
    if silent {
        return if sys::fs::isatty(Fd::STDIN) { 0 } else { 1 };
    }
    let (name, status) = match sys::fs::ttyname(Fd::STDIN) {
        Ok(n) => (n, 0),
        Err(_) => (b"not a tty".to_vec(), 1),
    };
    sys::out().write(&name);
    sys::out().byte(b'\n');
    status
}
