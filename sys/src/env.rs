//! The environment the process was started with.

use crate::rt::{cstr_at, envp};
use alloc::vec::Vec;

/// Every `NAME=VALUE` entry, in order.
pub fn vars() -> Vec<&'static [u8]> {
    let mut v = Vec::new();
    let mut p = envp();
    if p.is_null() {
        return v;
    }
    // SAFETY: envp is the kernel's NULL-terminated array of NUL-terminated
    // strings, alive for the whole process.
    unsafe {
        while !(*p).is_null() {
            v.push(cstr_at(*p));
            p = p.add(1);
        }
    }
    v
}

/// The value of environment variable `name`, like getenv(3).
pub fn var(name: &[u8]) -> Option<&'static [u8]> {
    vars().into_iter().find_map(|e| {
        let rest = e.strip_prefix(name)?;
        rest.strip_prefix(b"=")
    })
}

/// POSIXLY_CORRECT is set (to anything).
pub fn posixly_correct() -> bool {
    var(b"POSIXLY_CORRECT").is_some()
}

/// The locale's character type is UTF-8: LC_ALL, else LC_CTYPE, else LANG
/// names a `*.UTF-8` (or `utf8`) locale.
pub fn utf8_locale() -> bool {
    let v = [&b"LC_ALL"[..], b"LC_CTYPE", b"LANG"]
        .iter()
        .find_map(|n| var(n).filter(|v| !v.is_empty()));
    v.is_some_and(logic::locale::names_utf8)
}

/// The POSIX version GNU programs conform to: `_POSIX2_VERSION` when set
/// to a number, else 200809 (gnulib's posix2_version).
pub fn posix2_version() -> u64 {
    var(b"_POSIX2_VERSION")
        .and_then(logic::num::parse_u64_dec)
        .unwrap_or(200809)
}

/// The name of the locale in force for a category (`LC_TIME` ...): LC_ALL,
/// else the category's variable, else LANG, the first one set non-empty.
pub fn locale_of(category: &[u8]) -> Option<&'static [u8]> {
    [&b"LC_ALL"[..], category, b"LANG"]
        .iter()
        .find_map(|n| var(n).filter(|v| !v.is_empty()))
}

/// gnulib's hard_locale: the category's locale is neither C nor POSIX.
pub fn hard_locale(category: &[u8]) -> bool {
    locale_of(category).is_some_and(|l| l != b"C" && l != b"POSIX")
}
