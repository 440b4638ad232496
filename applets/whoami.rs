// corebox applet
// name: whoami
// usage: [OPTION]...
// help:
// Print the user name associated with the current effective user ID.
// Same as id -un.
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
    let uid = sys::user::euid();
    match sys::user::user_name(uid) {
        Some(name) => {
            sys::out().write(&name);
            sys::out().byte(b'\n');
            0
        }
        None => {
            let mut n = alloc::vec::Vec::new();
            logic::digits::push_u64(&mut n, uid as u64);
            sys::io::error(&[b"cannot find name for user ID ", &n], None);
            1
        }
    }
}
