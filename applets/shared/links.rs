//! Links that replace what is there: coreutils' force-link.c (ln, cp -l,
//! cp -s, cp --remove-destination of links) and gnulib's same_nameat.

use logic::path::{last_component, strip_trailing_slashes};
use sys::fs;
use sys::io::Fd;
use sys::Errno;

/// coreutils' force_linkat/force_symlinkat: `make(name)` creates the
/// link; if `base` exists and `force`, the link is made under a random
/// name `CuXXXXXX` beside it and renamed over it. None: done.
pub fn force_link(
    dir: Fd,
    base: &[u8],
    force: bool,
    tried: Option<Option<Errno>>,
    make: impl Fn(&[u8]) -> Result<(), Errno>,
) -> Option<Errno> {
    let first = match tried {
        Some(r) if r != Some(Errno::EXIST) || !force => return r,
        Some(r) => r,
        None => make(base).err(),
    };
    if !force || first != Some(Errno::EXIST) {
        return first;
    }
    let at = last_component(base);
    let mut tmp = base[..at].to_vec();
    tmp.extend_from_slice(b"CuXXXXXX");
    let n = tmp.len();
    for _ in 0..62 * 62 * 62 {
        let mut v = sys::system::random_u64();
        for b in &mut tmp[n - 6..] {
            *b = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                [(v % 62) as usize];
            v /= 62;
        }
        match make(&tmp) {
            Err(Errno::EXIST) => continue,
            Err(e) => return Some(e),
            Ok(()) => {
                let r = fs::rename_at(dir, &tmp, dir, base).err();
                // Gone either way: renamed, or a second link to the same file.
                let _ = fs::unlink_at(dir, &tmp);
                return r;
            }
        }
    }
    Some(Errno::EXIST)
}

/// gnulib's same_nameat for a name relative to the current directory.
pub fn same_name(source: &[u8], dir: Fd, base: &[u8]) -> bool {
    same_name_at(Fd::CWD, source, dir, base)
}

/// gnulib's same_nameat: the same last component in the same directory.
pub fn same_name_at(sdir: Fd, source: &[u8], dir: Fd, base: &[u8]) -> bool {
    let (sa, ba) = (last_component(source), last_component(base));
    if strip_trailing_slashes(&source[sa..]) != strip_trailing_slashes(&base[ba..]) {
        return false;
    }
    let sd = fs::statat(sdir, logic::path::dirname(source), false);
    let dd = fs::statat(dir, logic::path::dirname(base), true);
    matches!((sd, dd), (Ok(a), Ok(b)) if a.same_file(&b))
}
