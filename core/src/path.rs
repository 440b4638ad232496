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

/// gnulib's last_component: where the name after the last slash starts
/// (leading slashes skipped; trailing ones belong to the component).
pub fn last_component(name: &[u8]) -> usize {
    let mut base = name.iter().take_while(|&&b| b == b'/').count();
    let mut slash = false;
    for (i, &b) in name.iter().enumerate().skip(base) {
        if b == b'/' {
            slash = true;
        } else if slash {
            base = i;
            slash = false;
        }
    }
    base
}

/// gnulib's base_len: the length of a last component without its
/// trailing slashes (1 for slashes only).
pub fn base_len(base: &[u8]) -> usize {
    let mut n = base.len();
    while n > 1 && base[n - 1] == b'/' {
        n -= 1;
    }
    n
}

/// gnulib's file_name_concat: `dir` and `name` joined by one slash (by
/// `.` when `dir` is a root and `name` starts with a slash), and where
/// `name` starts in the result.
pub fn file_name_concat(dir: &[u8], name: &[u8]) -> (alloc::vec::Vec<u8>, usize) {
    let base = last_component(dir);
    let len = if base == dir.len() {
        0
    } else {
        base_len(&dir[base..])
    };
    let mut v = dir[..base + len].to_vec();
    if len > 0 {
        if v.last() != Some(&b'/') && name.first() != Some(&b'/') {
            v.push(b'/');
        }
    } else if name.first() == Some(&b'/') {
        v.push(b'.');
    }
    let at = v.len();
    v.extend_from_slice(name);
    (v, at)
}

/// gnulib's strip_trailing_slashes: `name` without its trailing slashes,
/// but `/` for a name of slashes only.
pub fn strip_trailing_slashes(name: &[u8]) -> &[u8] {
    let mut n = name.len();
    while n > 1 && name[n - 1] == b'/' {
        n -= 1;
    }
    &name[..n]
}

/// system.h's dot_or_dotdot: `.` or `..`, alone or before a slash.
pub fn dot_or_dotdot(name: &[u8]) -> bool {
    let n = match name {
        [b'.', b'.', rest @ ..] => rest,
        [b'.', rest @ ..] => rest,
        _ => return false,
    };
    n.first().is_none_or(|&c| c == b'/')
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
    fn dots() {
        for (n, d) in [
            (&b"."[..], true),
            (b"..", true),
            (b"./", true),
            (b"../x", true),
            (b"...", false),
            (b".a", false),
            (b"", false),
        ] {
            assert_eq!(dot_or_dotdot(n), d, "{n:?}");
        }
    }

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

/// coreutils' path_common_prefix of two canonical absolute names: the
/// length of their common leading directories.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    if (a.get(1) == Some(&b'/')) != (b.get(1) == Some(&b'/')) {
        return 0;
    }
    let mut ret = 0;
    let mut i = 0;
    while i < a.len() && i < b.len() && a[i] == b[i] {
        if a[i] == b'/' {
            ret = i + 1;
        }
        i += 1;
    }
    let (ea, eb) = (i == a.len(), i == b.len());
    if (ea && (eb || b[i] == b'/')) || (eb && a[i] == b'/') {
        ret = i;
    }
    ret
}

/// coreutils' relpath: the canonical absolute name `name` relative to the
/// canonical absolute directory `dir` (`..` up to their common part, then
/// the rest of `name`); None when they have nothing in common.
pub fn relpath(name: &[u8], dir: &[u8]) -> Option<alloc::vec::Vec<u8>> {
    let common = common_prefix(dir, name);
    if common == 0 {
        return None;
    }
    let skip = |s: &[u8]| if s.first() == Some(&b'/') { 1 } else { 0 };
    let (mut up, mut rest) = (&dir[common..], &name[common..]);
    up = &up[skip(up)..];
    rest = &rest[skip(rest)..];
    let mut out = alloc::vec::Vec::new();
    if !up.is_empty() {
        out.extend_from_slice(b"..");
        for _ in up.iter().filter(|&&b| b == b'/') {
            out.extend_from_slice(b"/..");
        }
        if !rest.is_empty() {
            out.push(b'/');
            out.extend_from_slice(rest);
        }
    } else {
        out.extend_from_slice(if rest.is_empty() { b"." } else { rest });
    }
    Some(out)
}

/// realpath's path_prefix: the canonical directory `prefix` is `path` or
/// one of its ancestors.
pub fn is_prefix(prefix: &[u8], path: &[u8]) -> bool {
    let (p, q) = (&prefix[1.min(prefix.len())..], &path[1.min(path.len())..]);
    if p.is_empty() {
        return q.first() != Some(&b'/');
    }
    if p == b"/" {
        return q.first() == Some(&b'/');
    }
    q.starts_with(p) && matches!(q.get(p.len()), None | Some(b'/'))
}

#[cfg(test)]
mod rel_tests {
    use super::*;

    #[test]
    fn relative_names() {
        let r = |a: &str, b: &str| {
            relpath(a.as_bytes(), b.as_bytes()).map(|v| String::from_utf8(v).unwrap())
        };
        assert_eq!(r("/a/b/c", "/a/b").as_deref(), Some("c"));
        assert_eq!(r("/a/b", "/a/b").as_deref(), Some("."));
        assert_eq!(r("/a/x", "/a/b/c").as_deref(), Some("../../x"));
        assert_eq!(r("/a", "/b").as_deref(), Some("../a"));
        assert_eq!(r("/", "/b/c").as_deref(), Some("../.."));
        assert_eq!(r("/usr/bin", "/usr").as_deref(), Some("bin"));
        assert_eq!(r("/ab", "/a").as_deref(), Some("../ab"));
        assert_eq!(r("//a", "/a"), None);
        assert!(is_prefix(b"/", b"/x"));
        assert!(is_prefix(b"/a", b"/a/b"));
        assert!(is_prefix(b"/a", b"/a"));
        assert!(!is_prefix(b"/a", b"/ab"));
    }
}
