//! /etc/passwd and /etc/group records: `name:pw:id:...`.

#[cfg_attr(corebox_opt, optimize(size))]
fn records(db: &[u8]) -> impl Iterator<Item = (&[u8], u64, &[u8])> {
    db.split(|&b| b == b'\n').filter_map(|line| {
        let mut f = line.splitn(4, |&b| b == b':');
        let name = f.next()?;
        let _pw = f.next()?;
        let n = crate::num::parse_u64_dec(f.next()?)?;
        (!name.is_empty()).then_some((name, n, f.next().unwrap_or(b"")))
    })
}

/// The name of the first record whose id (third field) is `id`.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn name_of_id(db: &[u8], id: u32) -> Option<&[u8]> {
    records(db).find_map(|(name, n, _)| (n == id as u64).then_some(name))
}

/// The id (third field) of the record named `name`, and for /etc/passwd
/// the login group (fourth field; 0 if missing).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn id_of_name(db: &[u8], name: &[u8]) -> Option<(u32, u32)> {
    records(db).find_map(|(n, id, rest)| {
        let id = u32::try_from(id).ok()?;
        let gid_field = rest.split(|&b| b == b':').next().unwrap_or(b"");
        let gid = crate::num::parse_u64_dec(gid_field).and_then(|g| u32::try_from(g).ok());
        (n == name).then_some((id, gid.unwrap_or(0)))
    })
}

/// The fields of an /etc/passwd record.
pub struct Passwd<'a> {
    pub name: &'a [u8],
    pub gecos: &'a [u8],
    pub dir: &'a [u8],
    pub shell: &'a [u8],
}

/// The /etc/passwd record of user `name` (getpwnam).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn user_record<'a>(db: &'a [u8], name: &[u8]) -> Option<Passwd<'a>> {
    db.split(|&b| b == b'\n').find_map(|line| {
        let f: alloc::vec::Vec<&[u8]> = line.split(|&b| b == b':').collect();
        (f.len() >= 7 && f[0] == name && !name.is_empty()).then(|| Passwd {
            name: f[0],
            gecos: f[4],
            dir: f[5],
            shell: f[6],
        })
    })
}

/// getgrouplist(3) on the /etc/group text `db`: `gid` first, then each
/// group listing `user` among its members, once.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn group_list(db: &[u8], user: &[u8], gid: u32) -> alloc::vec::Vec<u32> {
    let mut out = alloc::vec![gid];
    for (_, id, members) in records(db) {
        let Ok(id) = u32::try_from(id) else { continue };
        let member = members
            .split(|&b| b == b',')
            .any(|m| m.trim_ascii_end() == user);
        if member && !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

/// A numeric user or group id as GNU's userspec accepts it (strtoul's
/// leading white space and `+` allowed, the all-ones value is not an id).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn numeric_id(s: &[u8]) -> Option<u32> {
    let s = &s[s
        .iter()
        .take_while(|&&c| matches!(c, b' ' | b'\t'..=b'\r'))
        .count()..];
    let d = s.strip_prefix(b"+").unwrap_or(s);
    let n = crate::num::parse_u64_dec(d)?;
    u32::try_from(n).ok().filter(|&n| n != u32::MAX)
}

#[cfg(test)]
mod tests {
    #[test]
    fn lookup() {
        let db = b"root:x:0:0:root:/root:/bin/sh\nbin:x:2:3::/:\nbad\nnobody:x:65534:65534::/:\n";
        assert_eq!(super::name_of_id(db, 0), Some(&b"root"[..]));
        assert_eq!(super::name_of_id(db, 65534), Some(&b"nobody"[..]));
        assert_eq!(super::name_of_id(db, 7), None);
        assert_eq!(super::id_of_name(db, b"bin"), Some((2, 3)));
        assert_eq!(super::id_of_name(db, b"nobody"), Some((65534, 65534)));
        assert_eq!(super::id_of_name(db, b"x"), None);
        let g = b"root:x:0:\ndaemon:x:1:a,b\n";
        assert_eq!(super::id_of_name(g, b"daemon"), Some((1, 0)));
        assert_eq!(super::numeric_id(b"+0"), Some(0));
        assert_eq!(super::numeric_id(b" \t+7"), Some(7));
        assert_eq!(super::numeric_id(b"7 "), None);
        let g = b"root:x:0:\nadm:x:4:a,bob\nbob:x:1000:\nx:x:5:bob\ny:x:4:bob\n";
        assert_eq!(super::group_list(g, b"bob", 1000), [1000, 4, 5]);
        assert_eq!(super::group_list(g, b"zed", 7), [7]);
        assert_eq!(super::numeric_id(b"4294967295"), None);
        assert_eq!(super::numeric_id(b"4294967294"), Some(4294967294));
        assert_eq!(super::numeric_id(b"-1"), None);
        assert_eq!(super::numeric_id(b""), None);
    }
}
