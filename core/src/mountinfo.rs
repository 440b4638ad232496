//! The table of mounted file systems as gnulib's mountlist reads it from
//! `/proc/self/mountinfo` (stat's `%m`, df): each line's device number,
//! root, mount point, type and source, with the kernel's octal escapes
//! (`\040` for a space) undone, and gnulib's "dummy" and "remote" marks.

use alloc::vec::Vec;

/// One mounted file system (gnulib's struct mount_entry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mount {
    /// The source: a device name, `server:/path`, or a pseudo name.
    pub source: Vec<u8>,
    /// Where it is mounted.
    pub target: Vec<u8>,
    /// The directory of the file system mounted there (`/` unless a
    /// bind mount of a subdirectory).
    pub root: Vec<u8>,
    pub fstype: Vec<u8>,
    /// The device number, as makedev(major, minor) packs it.
    pub dev: u64,
    /// Not a real file system (proc, sysfs, ...: gnulib's ME_DUMMY).
    pub dummy: bool,
    /// On another machine (gnulib's ME_REMOTE).
    pub remote: bool,
}

/// The kernel's escapes of space, tab, newline and backslash undone.
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

/// gnulib's ME_DUMMY for a type (and `none`).
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

/// gnulib's ME_REMOTE: `host:path`, `//host/share` of SMB/CIFS, or
/// `-hosts`.
pub fn is_remote(source: &[u8], fstype: &[u8]) -> bool {
    source.contains(&b':')
        || (source.starts_with(b"//") && matches!(fstype, b"smbfs" | b"smb3" | b"cifs"))
        || source == b"-hosts"
}

/// makedev as glibc packs major and minor.
pub fn makedev(major: u64, minor: u64) -> u64 {
    ((major & 0xfffff000) << 32)
        | ((major & 0xfff) << 8)
        | ((minor & 0xffffff00) << 12)
        | (minor & 0xff)
}

/// glibc's major of a device number.
pub fn major(dev: u64) -> u64 {
    ((dev >> 32) & 0xfffff000) | ((dev >> 8) & 0xfff)
}

/// glibc's minor of a device number.
pub fn minor(dev: u64) -> u64 {
    ((dev >> 12) & 0xffffff00) | (dev & 0xff)
}

/// One line of mountinfo; None when it is malformed.
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
        root,
        fstype,
    })
}

/// Every mount of a mountinfo text, in its order.
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
        assert_eq!(m[2].root, b"/sub");
        assert!(m[2].remote);
        assert_eq!(unescape(b"a\\134b\\011"), b"a\\b\t");
        assert_eq!(makedev(8, 1), 0x801);
        let d = makedev(0x12345, 0x6789ab);
        assert_eq!((major(d), minor(d)), (0x12345, 0x6789ab));
    }
}
