//! Users: ids and names from /etc/passwd (there is no NSS without libc).

use crate::system::read_file;
use alloc::vec::Vec;

pub fn uid() -> u32 {
    rustix::process::getuid().as_raw()
}

pub fn euid() -> u32 {
    rustix::process::geteuid().as_raw()
}

/// The user name of `uid` from /etc/passwd.
pub fn user_name(uid: u32) -> Option<Vec<u8>> {
    let db = read_file(b"/etc/passwd").ok()?;
    corebox_core::passwd::name_of_id(&db, uid).map(Vec::from)
}

/// The login uid the kernel keeps for audit (/proc/self/loginuid), if set.
pub fn login_uid() -> Option<u32> {
    let b = read_file(b"/proc/self/loginuid").ok()?;
    let n = corebox_core::num::parse_u64_dec(b.trim_ascii())?;
    u32::try_from(n).ok().filter(|&u| u != u32::MAX)
}
