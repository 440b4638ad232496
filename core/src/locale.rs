//! What little of the locale corebox needs: is the character set UTF-8.

/// A locale name such as `C.UTF-8` or `en_US.utf8` selects UTF-8.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn names_utf8(name: &[u8]) -> bool {
    let Some(dot) = name.iter().position(|&b| b == b'.') else {
        return false;
    };
    let cs = &name[dot + 1..];
    let cs = cs.split(|&b| b == b'@').next().unwrap_or(cs);
    cs.eq_ignore_ascii_case(b"UTF-8") || cs.eq_ignore_ascii_case(b"utf8")
}

#[cfg(test)]
mod tests {
    #[test]
    fn names() {
        assert!(super::names_utf8(b"C.UTF-8"));
        assert!(super::names_utf8(b"en_US.utf8"));
        assert!(super::names_utf8(b"de_DE.UTF-8@euro"));
        assert!(!super::names_utf8(b"C"));
        assert!(!super::names_utf8(b"POSIX"));
        assert!(!super::names_utf8(b"en_US.ISO-8859-1"));
    }
}
