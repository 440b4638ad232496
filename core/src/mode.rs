//! File mode changes as chmod (and later mkdir -m, install -m) read them:
//! gnulib modechange's `mode_compile` and `mode_adjust`, and `strmode`.

use alloc::vec::Vec;

const SUID: u32 = 0o4000;
const SGID: u32 = 0o2000;
const SVTX: u32 = 0o1000;
const RWXU: u32 = 0o700;
const RWXG: u32 = 0o070;
const RWXO: u32 = 0o007;
const R: u32 = 0o444;
const W: u32 = 0o222;
const X: u32 = 0o111;
/// The bits chmod changes.
pub const ALL: u32 = 0o7777;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Flag {
    Ordinary,
    /// `X`: execute only if a directory or already executable by someone.
    XIfAnyX,
    /// `u`, `g`, `o` as the value: copy those bits of the file.
    CopyExisting,
}

/// One operation of a mode, like `g+w`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Change {
    op: u8,
    flag: Flag,
    affected: u32,
    value: u32,
    mentioned: u32,
}

/// `=MODE` for all bits, with `mentioned` bits the ones it sets explicitly.
#[cfg_attr(corebox_opt, optimize(size))]
fn equals(value: u32, mentioned: u32) -> Vec<Change> {
    alloc::vec![Change {
        op: b'=',
        flag: Flag::Ordinary,
        affected: ALL,
        value,
        mentioned
    }]
}

#[cfg_attr(corebox_opt, optimize(size))]
fn octal(s: &[u8]) -> Option<(u32, usize)> {
    let mut n = 0u32;
    let mut i = 0;
    while let Some(&c @ b'0'..=b'7') = s.get(i) {
        n = n * 8 + (c - b'0') as u32;
        if n > ALL {
            return None;
        }
        i += 1;
    }
    Some((n, i))
}

/// Parses a mode (`755`, `u+rwx,g-w,o=rX`, `+t`, `a=u`); None if invalid.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn compile(s: &[u8]) -> Option<Vec<Change>> {
    if s.first().is_some_and(|c| c.is_ascii_digit() && *c < b'8') {
        let (n, len) = octal(s)?;
        if len != s.len() {
            return None;
        }
        // Up to four digits keep a directory's set-id bits unless given.
        let mentioned = if len < 5 {
            (n & (SUID | SGID)) | SVTX | 0o777
        } else {
            ALL
        };
        return Some(equals(n, mentioned));
    }
    let mut v = Vec::new();
    let mut i = 0;
    loop {
        let mut affected = 0;
        loop {
            match s.get(i) {
                Some(b'u') => affected |= SUID | RWXU,
                Some(b'g') => affected |= SGID | RWXG,
                Some(b'o') => affected |= SVTX | RWXO,
                Some(b'a') => affected |= ALL,
                Some(b'=' | b'+' | b'-') => break,
                _ => return None,
            }
            i += 1;
        }
        while let Some(&op @ (b'=' | b'+' | b'-')) = s.get(i) {
            i += 1;
            let mut mentioned = 0;
            let (value, flag) = match s.get(i) {
                Some(b'0'..=b'7') => {
                    let (n, len) = octal(&s[i..])?;
                    i += len;
                    if affected != 0 || s.get(i).is_some_and(|&c| c != b',') {
                        return None;
                    }
                    affected = ALL;
                    mentioned = ALL;
                    (n, Flag::Ordinary)
                }
                Some(&c @ (b'u' | b'g' | b'o')) => {
                    i += 1;
                    let bits = match c {
                        b'u' => RWXU,
                        b'g' => RWXG,
                        _ => RWXO,
                    };
                    (bits, Flag::CopyExisting)
                }
                _ => {
                    let (mut value, mut flag) = (0, Flag::Ordinary);
                    loop {
                        match s.get(i) {
                            Some(b'r') => value |= R,
                            Some(b'w') => value |= W,
                            Some(b'x') => value |= X,
                            Some(b'X') => flag = Flag::XIfAnyX,
                            Some(b's') => value |= SUID | SGID,
                            Some(b't') => value |= SVTX,
                            _ => break,
                        }
                        i += 1;
                    }
                    (value, flag)
                }
            };
            let mentioned = if mentioned != 0 {
                mentioned
            } else if affected != 0 {
                affected & value
            } else {
                value
            };
            v.push(Change {
                op,
                flag,
                affected,
                value,
                mentioned,
            });
        }
        match s.get(i) {
            None => return Some(v),
            Some(b',') => i += 1,
            _ => return None,
        }
    }
}

/// The mode of a reference file as a change (`--reference`).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn from_reference(mode: u32) -> Vec<Change> {
    equals(mode & ALL, ALL)
}

/// The new permission bits of a file of mode `old` (a directory if `dir`)
/// under `changes`, with `umask` applied to operations without `ugoa`.
pub fn adjust(old: u32, dir: bool, umask: u32, changes: &[Change]) -> u32 {
    adjust_bits(old, dir, umask, changes).0
}

/// [`adjust`], and the bits the changes care about (gnulib's
/// `mode_bits`: what `=` resets, `+` and `-` set or clear).
pub fn adjust_bits(old: u32, dir: bool, umask: u32, changes: &[Change]) -> (u32, u32) {
    let mut new = old & ALL;
    let mut bits = 0;
    for c in changes {
        let omit = if dir { (SUID | SGID) & !c.mentioned } else { 0 };
        let mut value = c.value;
        match c.flag {
            Flag::Ordinary => {}
            Flag::CopyExisting => {
                value &= new;
                let mut spread = 0;
                for bits in [R, W, X] {
                    if value & bits != 0 {
                        spread |= bits;
                    }
                }
                value |= spread;
            }
            Flag::XIfAnyX => {
                if new & X != 0 || dir {
                    value |= X;
                }
            }
        }
        value &= (if c.affected != 0 { c.affected } else { !umask }) & !omit;
        match c.op {
            b'=' => {
                let preserved = (if c.affected != 0 { !c.affected } else { 0 }) | omit;
                bits |= ALL & !preserved;
                new = (new & preserved) | value;
            }
            b'+' => {
                bits |= value;
                new |= value
            }
            _ => {
                bits |= value;
                new &= !value
            }
        }
    }
    (new, bits)
}

/// `ls -l`'s ten characters for `mode` (type letter first).
pub fn strmode(mode: u32) -> [u8; 10] {
    let t = match mode & 0o170000 {
        0o040000 => b'd',
        0o120000 => b'l',
        0o020000 => b'c',
        0o060000 => b'b',
        0o010000 => b'p',
        0o140000 => b's',
        _ => b'-',
    };
    let mut s = [t, b'r', b'w', b'x', b'r', b'w', b'x', b'r', b'w', b'x'];
    for (i, c) in s[1..].iter_mut().enumerate() {
        if mode & (0o400 >> i) == 0 {
            *c = b'-';
        }
    }
    let special = |s: &mut [u8; 10], i: usize, bit: u32, on: u8| {
        if mode & bit != 0 {
            s[i] = if s[i] == b'-' {
                on.to_ascii_uppercase()
            } else {
                on
            };
        }
    };
    special(&mut s, 3, SUID, b's');
    special(&mut s, 6, SGID, b's');
    special(&mut s, 9, SVTX, b't');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ch(m: &str, old: u32, dir: bool, umask: u32) -> u32 {
        adjust(old, dir, umask, &compile(m.as_bytes()).unwrap())
    }

    #[test]
    fn octal_modes() {
        assert_eq!(ch("755", 0o100644, false, 0o022), 0o755);
        assert_eq!(ch("0", 0o104777, false, 0), 0);
        // Directories keep set-id bits unless five digits are given.
        assert_eq!(ch("755", 0o42775, true, 0), 0o2755);
        assert_eq!(ch("00755", 0o42775, true, 0), 0o755);
        assert_eq!(ch("7777", 0, false, 0), 0o7777);
        assert!(compile(b"17777").is_none());
        assert!(compile(b"8").is_none());
        assert!(compile(b"75x").is_none());
    }

    #[test]
    fn symbolic_modes() {
        assert_eq!(ch("u+rwx,g-w,o=", 0o666, false, 0o022), 0o740);
        assert_eq!(ch("a+X", 0o644, false, 0), 0o644);
        assert_eq!(ch("a+X", 0o744, false, 0), 0o755);
        assert_eq!(ch("a+X", 0o600, true, 0), 0o711);
        assert_eq!(ch("+t", 0o755, true, 0o022), 0o1755);
        assert_eq!(ch("+w", 0o444, false, 0o022), 0o644);
        assert_eq!(ch("-w", 0o666, false, 0o022), 0o466);
        assert_eq!(ch("=", 0o777, false, 0o022), 0o000);
        assert_eq!(ch("=r", 0o777, false, 0o022), 0o444);
        assert_eq!(ch("-rwx", 0o777, false, 0), 0);
        assert_eq!(ch("g=u", 0o740, false, 0), 0o770);
        assert_eq!(ch("o=g-w", 0o764, false, 0), 0o764 & !0o007 | 0o004);
        assert_eq!(ch("u+s,g+s", 0o755, false, 0), 0o6755);
        assert_eq!(ch("u=rwx,g=rx,o=rx", 0, false, 0), 0o755);
        assert_eq!(ch("+644", 0o100, false, 0o777), 0o744);
        assert_eq!(ch("u+", 0o600, false, 0), 0o600);
        assert_eq!(ch("a=rw,u+x", 0, false, 0), 0o766);
        for bad in ["", ",", "u", "u+r,", "z", "u+644", "+6x", "a+rx,,", "rw"] {
            assert!(compile(bad.as_bytes()).is_none(), "{bad}");
        }
    }

    #[test]
    fn strmodes() {
        assert_eq!(&strmode(0o100644), b"-rw-r--r--");
        assert_eq!(&strmode(0o41777), b"drwxrwxrwt");
        assert_eq!(&strmode(0o106644), b"-rwSr-Sr--");
        assert_eq!(&strmode(0o121755), b"lrwxr-xr-t");
    }
}
