// corebox applet
// name: pathchk
// usage: [OPTION]... NAME...
// stop-at-operand: yes
// option: --portability
// option: -p
// option: -P
// help:
// Diagnose invalid or unportable file names.
//
//   -p                  check for most POSIX systems
//   -P                  check for empty names and leading "-"
//       --portability   check for all POSIX systems (equivalent to -p -P)
//       --help        display this help and exit
//       --version     output version information and exit

//! pathchk: GNU pathchk.c. Without -p the limits are the system's
//! (PATH_MAX 4096, each existing directory's NAME_MAX, checked only when
//! a name could exceed the XOPEN minimums); with -p POSIX's 256 and 14
//! and the portable character set; -P refuses empty names and leading `-`.

use super::SPEC;
use crate::shared::diag::{quote, quoteaf, quotef};
use alloc::vec::Vec;
use sys::io::error;

const POSIX_PATH_MAX: usize = 256;
const POSIX_NAME_MAX: usize = 14;
/// _XOPEN_NAME_MAX and _XOPEN_PATH_MAX with glibc.
const NAME_MAX_MINIMUM: usize = 255;
const PATH_MAX_MINIMUM: usize = 1024;
/// pathconf (_PC_PATH_MAX) on Linux.
const PATH_MAX: usize = 4096;

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (mut basic, mut extra) = (false, false);
    let mut p = crate::shared::cli::parse(&SPEC, &args[1.min(args.len())..]);
    while let Some(o) = p.next() {
        match o.key {
            'p' => basic = true,
            'P' => extra = true,
            // --portability
            _ => {
                basic = true;
                extra = true;
            }
        }
    }
    let names = p.operands();
    if names.is_empty() {
        crate::shared::cli::missing_operand(&SPEC);
    }
    let mut ok = true;
    for name in names {
        ok &= validate(name, basic, extra);
    }
    (!ok) as i32
}

#[cfg_attr(corebox_opt, optimize(size))]
fn number(n: usize) -> Vec<u8> {
    let mut v = Vec::new();
    logic::digits::push_u64(&mut v, n as u64);
    v
}

/// The components of `file`: (start offset, length).
#[cfg_attr(corebox_opt, optimize(size))]
fn components(file: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut i = 0;
    core::iter::from_fn(move || {
        while file.get(i) == Some(&b'/') {
            i += 1;
        }
        if i >= file.len() {
            return None;
        }
        let start = i;
        while i < file.len() && file[i] != b'/' {
            i += 1;
        }
        Some((start, i - start))
    })
}

#[cfg_attr(corebox_opt, optimize(size))]
fn validate(file: &[u8], basic: bool, extra: bool) -> bool {
    if extra {
        let leading = file
            .iter()
            .enumerate()
            .any(|(i, &c)| c == b'-' && (i == 0 || file[i - 1] == b'/'));
        if leading {
            error(
                &[b"leading '-' in a component of file name ", &quoteaf(file)],
                None,
            );
            return false;
        }
    }
    if (basic || extra) && file.is_empty() {
        error(&[b"empty file name"], None);
        return false;
    }
    let mut exists = false;
    if basic {
        if !portable_chars(file) {
            return false;
        }
    } else {
        match sys::fs::lstat(file) {
            Ok(_) => exists = true,
            Err(e) if e != sys::Errno::NOENT || file.is_empty() => {
                error(&[&quotef(file)], Some(e));
                return false;
            }
            Err(_) => {}
        }
    }
    if basic || (!exists && PATH_MAX_MINIMUM <= file.len()) {
        let max = if basic { POSIX_PATH_MAX } else { PATH_MAX };
        if max <= file.len() {
            let msg: [&[u8]; 5] = [
                b"limit ",
                &number(max - 1),
                b" exceeded by length ",
                &number(file.len()),
                b" of file name ",
            ];
            error(&[&msg.concat(), &quoteaf(file)], None);
            return false;
        }
    }
    let check = basic || (!exists && components(file).any(|(_, n)| n > NAME_MAX_MINIMUM));
    !check || component_lengths(file, basic)
}

/// Only `/`, letters, digits, `.`, `_` and `-`.
#[cfg_attr(corebox_opt, optimize(size))]
fn portable_chars(file: &[u8]) -> bool {
    let ok = |c: &u8| c.is_ascii_alphanumeric() || b"/._-".contains(c);
    let Some(at) = file.iter().position(|c| !ok(c)) else {
        return true;
    };
    let rest = &file[at..];
    let len = if sys::env::utf8_locale() {
        logic::unicode::decode(rest).map_or(1, |(_, n)| n)
    } else {
        1
    };
    error(
        &[
            b"nonportable character ",
            &quote(&rest[..len]),
            b" in file name ",
            &quoteaf(file),
        ],
        None,
    );
    false
}

/// Each component against its directory's NAME_MAX (POSIX's 14 with -p).
#[cfg_attr(corebox_opt, optimize(size))]
fn component_lengths(file: &[u8], basic: bool) -> bool {
    let mut name_max = NAME_MAX_MINIMUM;
    let mut known = if basic { POSIX_NAME_MAX } else { 0 };
    for (start, len) in components(file) {
        if known != 0 {
            name_max = known;
        } else {
            let dir: &[u8] = if start == 0 { b"." } else { &file[..start] };
            match sys::fs::name_max(dir) {
                Ok(n) => name_max = n as usize,
                Err(sys::Errno::NOENT) => known = name_max,
                Err(e) => {
                    error(&[&quotef(dir)], Some(e));
                    return false;
                }
            }
        }
        if name_max < len {
            let msg: [&[u8]; 5] = [
                b"limit ",
                &number(name_max),
                b" exceeded by length ",
                &number(len),
                b" of file name component ",
            ];
            error(&[&msg.concat(), &quote(&file[start..start + len])], None);
            return false;
        }
    }
    true
}
