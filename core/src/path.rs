//! File name manipulation as POSIX basename/dirname define it.

/// The last component of `name` without trailing slashes; "/" for all
/// slashes; the empty string stays empty.
pub fn basename(name: &[u8]) -> &[u8] {
    let end = match name.iter().rposition(|&c| c != b'/') {
        Some(e) => e + 1,
        None => return if name.is_empty() { b"" } else { b"/" },
    };
    let start = name[..end]
        .iter()
        .rposition(|&c| c == b'/')
        .map_or(0, |p| p + 1);
    &name[start..end]
}

/// Everything before the last component, without trailing slashes: "." for
/// a bare name, "/" at the root.
pub fn dirname(name: &[u8]) -> &[u8] {
    let Some(end) = name.iter().rposition(|&c| c != b'/') else {
        return if name.is_empty() { b"." } else { b"/" };
    };
    let Some(slash) = name[..end].iter().rposition(|&c| c == b'/') else {
        return b".";
    };
    match name[..slash].iter().rposition(|&c| c != b'/') {
        Some(keep) => &name[..keep + 1],
        None => b"/",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base() {
        assert_eq!(basename(b"/usr/lib/"), b"lib");
        assert_eq!(basename(b"a"), b"a");
        assert_eq!(basename(b"///"), b"/");
        assert_eq!(basename(b""), b"");
        assert_eq!(basename(b"a//b//"), b"b");
    }

    #[test]
    fn dir() {
        assert_eq!(dirname(b"/usr/lib"), b"/usr");
        assert_eq!(dirname(b"/usr/"), b"/");
        assert_eq!(dirname(b"usr"), b".");
        assert_eq!(dirname(b"/"), b"/");
        assert_eq!(dirname(b"//"), b"/");
        assert_eq!(dirname(b"///"), b"/");
        assert_eq!(dirname(b"//a"), b"/");
        assert_eq!(dirname(b"a//b"), b"a");
        assert_eq!(dirname(b""), b".");
    }
}
