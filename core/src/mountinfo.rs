//! The table of mounted file systems as gnulib's mountlist reads it from
//! `/proc/self/mountinfo` (stat's `%m`, df): each line's device number,
//! root, mount point, type and source, with the kernel's octal escapes
//! (`\040` for a space) undone, and gnulib's "dummy" and "remote" marks;
//! or, when there is no mountinfo, from `/etc/mtab` as glibc's getmntent
//! reads it.

use alloc::vec::Vec;

/// One mounted file system (gnulib's struct mount_entry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mount {
    /// The source: a device name, `server:/path`, or a pseudo name.
    pub source: Vec<u8>,
    /// Where it is mounted.
    pub target: Vec<u8>,
    /// The directory of the file system mounted there (`/` unless a
    /// bind mount of a subdirectory); not known from mtab.
    pub root: Option<Vec<u8>>,
    pub fstype: Vec<u8>,
    /// The device number, as makedev(major, minor) packs it; [`NO_DEV`]
    /// when not known (mtab).
    pub dev: u64,
    /// Not a real file system (proc, sysfs, ...: gnulib's ME_DUMMY).
    pub dummy: bool,
    /// On another machine (gnulib's ME_REMOTE).
    pub remote: bool,
}

/// The kernel's escapes of space, tab, newline and backslash undone.
#[cfg_attr(corebox_opt, optimize(size))]
fn unescape(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let oct = |c: Option<&u8>| c.filter(|c| (b'0'..=b'7').contains(c)).map(|c| c - b'0');
        if s[i] == b'\\' {
            if let (Some(a), Some(b), Some(c)) =
                (oct(s.get(i + 1)), oct(s.get(i + 2)), oct(s.get(i + 3)))
            {
                if a <= 3 {
                    out.push(a << 6 | b << 3 | c);
                    i += 4;
                    continue;
                }
            }
        }
        out.push(s[i]);
        i += 1;
    }
    out
}

/// The device number of a mount read from mtab: not known yet (gnulib's
/// `(dev_t) -1`).
pub const NO_DEV: u64 = u64::MAX;

/// gnulib's ME_DUMMY for a type (and `none`).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn is_dummy(fstype: &[u8]) -> bool {
    matches!(
        fstype,
        b"autofs"
            | b"proc"
            | b"subfs"
            | b"debugfs"
            | b"devpts"
            | b"fusectl"
            | b"fuse.portal"
            | b"mqueue"
            | b"rpc_pipefs"
            | b"sysfs"
            | b"devfs"
            | b"kernfs"
            | b"ignore"
            | b"none"
    )
}

/// gnulib's ME_REMOTE: `host:path`, `//host/share` of SMB/CIFS, a
/// cluster or network type, or `-hosts`.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn is_remote(source: &[u8], fstype: &[u8]) -> bool {
    source.contains(&b':')
        || (source.starts_with(b"//") && matches!(fstype, b"smbfs" | b"smb3" | b"cifs"))
        || matches!(
            fstype,
            b"acfs"
                | b"afs"
                | b"coda"
                | b"auristorfs"
                | b"fhgfs"
                | b"gpfs"
                | b"ibrix"
                | b"ocfs2"
                | b"vxfs"
        )
        || source == b"-hosts"
}

/// makedev as glibc packs major and minor.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn makedev(major: u64, minor: u64) -> u64 {
    ((major & 0xfffff000) << 32)
        | ((major & 0xfff) << 8)
        | ((minor & 0xffffff00) << 12)
        | (minor & 0xff)
}

/// glibc's major of a device number.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn major(dev: u64) -> u64 {
    ((dev >> 32) & 0xfffff000) | ((dev >> 8) & 0xfff)
}

/// glibc's minor of a device number.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn minor(dev: u64) -> u64 {
    ((dev >> 12) & 0xffffff00) | (dev & 0xff)
}

/// One line of mountinfo; None when it is malformed.
#[cfg_attr(corebox_opt, optimize(size))]
fn line(l: &[u8]) -> Option<Mount> {
    let mut f = l.split(|&b| b == b' ');
    let _id = f.next()?;
    let _parent = f.next()?;
    let (maj, min) = {
        let d = f.next()?;
        let c = d.iter().position(|&b| b == b':')?;
        let num = |s: &[u8]| crate::num::parse_u64_dec(s);
        (num(&d[..c])?, num(&d[c + 1..])?)
    };
    let root = unescape(f.next()?);
    let target = unescape(f.next()?);
    let _options = f.next()?;
    // Optional fields up to the separator.
    f.by_ref().find(|&x| x == b"-")?;
    let fstype = unescape(f.next()?);
    let source = unescape(f.next()?);
    Some(Mount {
        dummy: is_dummy(&fstype),
        remote: is_remote(&source, &fstype),
        dev: makedev(maj, min),
        source,
        target,
        root: Some(root),
        fstype,
    })
}

/// glibc's decode_name: the four escapes mtab uses, and `\\`.
#[cfg_attr(corebox_opt, optimize(size))]
fn decode_mtab(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let rest = &s[i..];
        let (b, n) = if rest.starts_with(b"\\040") {
            (b' ', 4)
        } else if rest.starts_with(b"\\011") {
            (b'\t', 4)
        } else if rest.starts_with(b"\\012") {
            (b'\n', 4)
        } else if rest.starts_with(b"\\\\") {
            (b'\\', 2)
        } else if rest.starts_with(b"\\134") {
            (b'\\', 4)
        } else {
            (s[i], 1)
        };
        out.push(b);
        i += n;
    }
    out
}

/// glibc's hasmntopt: `opt` is one of the comma-separated `options`
/// (alone or as `opt=value`).
#[cfg_attr(corebox_opt, optimize(size))]
fn has_option(options: &[u8], opt: &[u8]) -> bool {
    options
        .split(|&b| b == b',')
        .any(|o| o == opt || (o.starts_with(opt) && o.get(opt.len()) == Some(&b'=')))
}

/// One line of mtab as getmntent splits it (at blanks, after skipping
/// leading ones); None for a blank line or a comment.
#[cfg_attr(corebox_opt, optimize(size))]
fn mtab_line(l: &[u8]) -> Option<Mount> {
    let start = l.iter().position(|&b| b != b' ' && b != b'\t')?;
    if l[start] == b'#' {
        return None;
    }
    let mut rest = Some(&l[start..]);
    let mut field = || {
        let r = rest?;
        let end = r.iter().position(|&b| b == b' ' || b == b'\t');
        rest = end.map(|e| {
            let after = &r[e + 1..];
            let skip = after
                .iter()
                .take_while(|&&b| b == b' ' || b == b'\t')
                .count();
            &after[skip..]
        });
        Some(decode_mtab(&r[..end.unwrap_or(r.len())]))
    };
    let source = field().unwrap_or_default();
    let target = field().unwrap_or_default();
    let fstype = field().unwrap_or_default();
    let options = field().unwrap_or_default();
    let bind = has_option(&options, b"bind");
    Some(Mount {
        dummy: is_dummy(&fstype) && (fstype != b"none" || !bind),
        remote: is_remote(&source, &fstype),
        dev: NO_DEV,
        source,
        target,
        root: None,
        fstype,
    })
}

/// Every mount of an mtab text (`/etc/mtab`, `/proc/self/mounts`), in
/// its order.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn parse_mtab(text: &[u8]) -> Vec<Mount> {
    let mut lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
    let last = lines.pop().unwrap_or_default();
    let trimmed = lines.into_iter().map(|l| {
        let end = l.iter().rposition(|&b| b != b' ' && b != b'\t');
        &l[..end.map_or(0, |e| e + 1)]
    });
    trimmed.chain([last]).filter_map(mtab_line).collect()
}

/// Every mount of a mountinfo text, in its order.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn parse(text: &[u8]) -> Vec<Mount> {
    text.split(|&b| b == b'\n').filter_map(line).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_mountinfo() {
        let t = b"22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw\n\
                  23 22 0:21 / /proc rw,nosuid - proc proc rw\n\
                  40 22 0:35 /sub /mnt/a\\040b rw master:2 - nfs srv:/x rw\n\
                  bad line\n";
        let m = parse(t);
        assert_eq!(m.len(), 3);
        assert_eq!(m[0].target, b"/");
        assert_eq!(m[0].source, b"/dev/vda");
        assert_eq!(m[0].dev, makedev(254, 0));
        assert!(!m[0].dummy && !m[0].remote);
        assert!(m[1].dummy);
        assert_eq!(m[2].target, b"/mnt/a b");
        assert_eq!(m[2].root.as_deref(), Some(&b"/sub"[..]));
        assert!(m[2].remote);
        assert!(is_remote(b"/dev/sdb", b"ocfs2") && !is_remote(b"/dev/sdb", b"ext4"));
        assert!(is_remote(b"//srv/x", b"cifs") && !is_remote(b"//srv/x", b"ext4"));
        assert_eq!(unescape(b"a\\134b\\011"), b"a\\b\t");
        assert_eq!(makedev(8, 1), 0x801);
        let d = makedev(0x12345, 0x6789ab);
        assert_eq!((major(d), minor(d)), (0x12345, 0x6789ab));
    }

    #[test]
    fn lines_of_mtab() {
        let t = b"# comment\n\n  /dev/vda / ext4 rw 0 0  \n\
                  proc /proc proc rw 0 0\n\
                  /a /mnt/a\\040b\\011c\\134d\\\\ none rw,bind 0 0\n\
                  /b /mnt/b none rw,bindx=1 0 0\n\
                  srv:/x\t/net nfs\n\
                  lonely";
        let m = parse_mtab(t);
        assert_eq!(m.len(), 6);
        assert_eq!(
            (&m[0].source[..], &m[0].target[..]),
            (&b"/dev/vda"[..], &b"/"[..])
        );
        assert_eq!(m[0].fstype, b"ext4");
        assert_eq!((m[0].dev, m[0].root.as_deref()), (NO_DEV, None));
        assert!(m[1].dummy);
        assert_eq!(m[2].target, b"/mnt/a b\tc\\d\\");
        assert!(!m[2].dummy, "a bind mount of type none is not dummy");
        assert!(m[3].dummy);
        assert!(m[4].remote && m[4].fstype == b"nfs");
        assert_eq!(
            (&m[5].source[..], &m[5].target[..]),
            (&b"lonely"[..], &b""[..])
        );
        assert!(has_option(b"rw,dev=5", b"dev") && !has_option(b"rw,nodev", b"dev"));
    }
}
