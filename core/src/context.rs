//! SELinux security contexts as libselinux's context_new/context_*_set see
//! them: `user:role:type[:range]`, the range taking the rest.

use alloc::vec::Vec;

/// A context split into its components (range optional).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Context {
    pub parts: [Vec<u8>; 3],
    pub range: Option<Vec<u8>>,
}

/// Which component to set.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    User,
    Role,
    Type,
    Range,
}

impl Context {
    /// libselinux's context_new: two to five colons, no tab, newline or
    /// carriage return, no space before the range. None means EINVAL.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn parse(s: &[u8]) -> Option<Context> {
        let mut colons = 0;
        for &c in s {
            match c {
                b':' => colons += 1,
                b'\n' | b'\t' | b'\r' => return None,
                b' ' if colons < 3 => return None,
                _ => {}
            }
        }
        if !(2..=5).contains(&colons) {
            return None;
        }
        let mut it = s.splitn(4, |&c| c == b':');
        let mut part = || it.next().unwrap_or_default().to_vec();
        let parts = [part(), part(), part()];
        let range = it.next().filter(|r| !r.is_empty()).map(|r| r.to_vec());
        Some(Context { parts, range })
    }

    /// context_*_set: None (EINVAL) for a value with a tab, newline,
    /// carriage return, or (outside the range) a colon or space.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn set(&mut self, part: Part, v: &[u8]) -> Option<()> {
        let bad = |c: &u8| {
            matches!(c, b'\t' | b'\n' | b'\r') || (part != Part::Range && matches!(c, b':' | b' '))
        };
        if v.iter().any(bad) {
            return None;
        }
        match part {
            Part::User => self.parts[0] = v.to_vec(),
            Part::Role => self.parts[1] = v.to_vec(),
            Part::Type => self.parts[2] = v.to_vec(),
            Part::Range => self.range = Some(v.to_vec()),
        }
        Some(())
    }

    /// context_str.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut v = self.parts.join(&b':');
        if let Some(r) = &self.range {
            v.push(b':');
            v.extend_from_slice(r);
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_edit() {
        let mut c = Context::parse(b"system_u:object_r:tmp_t:s0-s1:c0.c3").unwrap();
        assert_eq!(c.range.as_deref(), Some(&b"s0-s1:c0.c3"[..]));
        c.set(Part::Type, b"etc_t").unwrap();
        c.set(Part::Role, b"").unwrap();
        assert_eq!(c.to_bytes(), b"system_u::etc_t:s0-s1:c0.c3");
        assert!(c.set(Part::User, b"x y").is_none());
        assert!(c.set(Part::User, b"x:y").is_none());
        c.set(Part::Range, b"s0:c1 c2").unwrap();
        let c = Context::parse(b"a:b:c").unwrap();
        assert_eq!(c.to_bytes(), b"a:b:c");
        assert_eq!(Context::parse(b"a:b:c:").unwrap().to_bytes(), b"a:b:c");
        for bad in [
            &b"foo"[..],
            b"a:b",
            b"a:b:c:d:e:f:g",
            b"a b:c:d",
            b"a:b:c\n",
        ] {
            assert!(Context::parse(bad).is_none());
        }
        assert!(Context::parse(b"a:b:c:d:e:f").is_some());
        assert!(Context::parse(b"a:b:c:d e").is_some());
    }
}
