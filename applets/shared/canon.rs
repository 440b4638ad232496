//! gnulib's canonicalize_filename_mode (readlink -f/-e/-m, realpath): an
//! absolute name without `.`, `..`, repeated slashes or (unless logical)
//! symlinks, with GNU's rules on which components must exist and its
//! symlink-loop detection (after 20 links, a loop is a second visit of
//! the same parent directory with the same rest of the name).

use alloc::vec::Vec;
use sys::fs;
use sys::Errno;

/// Which components must exist.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// All of them (CAN_EXISTING).
    All,
    /// All but the last (CAN_ALL_BUT_LAST).
    AllButLast,
    /// None (CAN_MISSING).
    Nothing,
}

/// gnulib's suffix_requires_dir_check: after a component, `rest` (empty
/// or starting with `/`) ends in `/`, `/.` or has a `/..`, so that the
/// component must be a searchable directory.
#[cfg_attr(corebox_opt, optimize(size))]
fn suffix_requires_dir_check(mut rest: &[u8]) -> bool {
    while rest.first() == Some(&b'/') {
        while rest.first() == Some(&b'/') {
            rest = &rest[1..];
        }
        match rest.first() {
            None => return true,
            Some(b'.') => rest = &rest[1..],
            Some(_) => return false,
        }
        match rest {
            [] | [b'.'] | [b'.', b'/', ..] => return true,
            _ => {}
        }
    }
    false
}

/// Removes the last component of `r` (an absolute name), keeping the
/// slash before it; the root stays.
#[cfg_attr(corebox_opt, optimize(size))]
fn back_up(r: &mut Vec<u8>) {
    if r.len() > 1 {
        r.pop();
        while r.last().is_some_and(|&b| b != b'/') {
            r.pop();
        }
    }
}

/// canonicalize_filename_mode(name, need | (nolinks ? CAN_NOLINKS : 0)).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn canonicalize(name: &[u8], need: Need, nolinks: bool) -> Result<Vec<u8>, Errno> {
    if name.is_empty() {
        return Err(Errno::NOENT);
    }
    let mut r = if name[0] == b'/' {
        alloc::vec![b'/']
    } else {
        fs::getcwd()?
    };
    let mut pending = name.to_vec();
    let mut start = 0;
    let mut links = 0;
    let mut seen: Vec<(u64, u64, Vec<u8>)> = Vec::new();
    while start < pending.len() {
        while pending.get(start) == Some(&b'/') {
            start += 1;
        }
        let end = start + pending[start..].iter().take_while(|&&b| b != b'/').count();
        let comp = &pending[start..end];
        if comp.is_empty() {
            break;
        } else if comp == b"." {
        } else if comp == b".." {
            back_up(&mut r);
        } else {
            if r.last() != Some(&b'/') {
                r.push(b'/');
            }
            let comp_at = r.len();
            r.extend_from_slice(comp);
            let link = if nolinks {
                Err(Errno::INVAL)
            } else {
                fs::readlink(&r)
            };
            match link {
                Ok(target) => {
                    if links < 20 {
                        links += 1;
                    } else {
                        let st = fs::stat(&r[..comp_at])?;
                        let key = (st.dev, st.ino, pending[start..].to_vec());
                        if seen.contains(&key) {
                            if need == Need::Nothing {
                                start = end;
                                continue;
                            }
                            return Err(Errno::LOOP);
                        }
                        seen.push(key);
                    }
                    let mut next = target;
                    // An absolute target starts again at the root; a
                    // relative one replaces the component.
                    r.truncate(if next.first() == Some(&b'/') {
                        1
                    } else {
                        comp_at
                    });
                    next.extend_from_slice(&pending[end..]);
                    pending = next;
                    start = 0;
                    continue;
                }
                Err(e) => missing(&r, &pending[end..], e, need, nolinks)?,
            }
        }
        start = end;
    }
    if r.len() > 1 && r.last() == Some(&b'/') {
        r.pop();
    }
    Ok(r)
}

/// Whether canonicalization goes on after component `r` was no symlink
/// (readlink failed with `e`; `rest` is the name after it), or why not.
#[cfg_attr(corebox_opt, optimize(size))]
fn missing(r: &[u8], rest: &[u8], e: Errno, need: Need, nolinks: bool) -> Result<(), Errno> {
    if need == Need::Nothing {
        return Ok(());
    }
    let mut err = e;
    let ok = if suffix_requires_dir_check(rest) {
        let mut d = r.to_vec();
        d.extend_from_slice(b"/./");
        fs::accessible(&d, 0).map_err(|x| err = x).is_ok()
    } else if !nolinks {
        e == Errno::INVAL
    } else {
        !rest.is_empty() || fs::accessible(r, 0).map_err(|x| err = x).is_ok()
    };
    let last_missing =
        need == Need::AllButLast && err == Errno::NOENT && rest.iter().all(|&b| b == b'/');
    if ok || last_missing {
        Ok(())
    } else {
        Err(err)
    }
}
