//! /etc/passwd and /etc/group records: `name:pw:id:...`.

/// The name of the first record whose id (third field) is `id`.
pub fn name_of_id(db: &[u8], id: u32) -> Option<&[u8]> {
    db.split(|&b| b == b'\n').find_map(|line| {
        let mut f = line.split(|&b| b == b':');
        let name = f.next()?;
        let _pw = f.next()?;
        let n = crate::num::parse_u64_dec(f.next()?)?;
        (n == id as u64 && !name.is_empty()).then_some(name)
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn lookup() {
        let db = b"root:x:0:0:root:/root:/bin/sh\nbin:x:2:2::/:\nbad\nnobody:x:65534:65534::/:\n";
        assert_eq!(super::name_of_id(db, 0), Some(&b"root"[..]));
        assert_eq!(super::name_of_id(db, 65534), Some(&b"nobody"[..]));
        assert_eq!(super::name_of_id(db, 7), None);
    }
}
