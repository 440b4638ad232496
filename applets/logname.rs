// corebox applet
// name: logname
// usage: [OPTION]
// help:
// Print the user's login name.
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
    match sys::user::login_uid().and_then(sys::user::user_name) {
        Some(name) => {
            sys::out().write(&name);
            sys::out().byte(b'\n');
            0
        }
        None => {
            sys::io::error(&[b"no login name"], None);
            1
        }
    }
}
