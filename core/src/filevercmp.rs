//! gnulib's filevercmp: the "version" order of file names that `ls -v`
//! and `sort -V` use. Names are compared as Debian compares versions
//! (runs of non-digits by a special character order, runs of digits by
//! value), after their suffixes (`(\.[A-Za-z~][A-Za-z0-9~]*)*$`) are cut
//! off; the suffixes decide only between otherwise equal names. `.` sorts
//! first, then `..`, then other names starting with a dot.

use core::cmp::Ordering;

/// The length of the part of `s` before its file suffix.
fn prefix_len(s: &[u8]) -> usize {
    let n = s.len();
    let mut i = 0;
    loop {
        let prefix = i;
        while i + 1 < n && s[i] == b'.' && (s[i + 1].is_ascii_alphabetic() || s[i + 1] == b'~') {
            i += 2;
            while i < n && (s[i].is_ascii_alphanumeric() || s[i] == b'~') {
                i += 1;
            }
        }
        if i >= n {
            return prefix;
        }
        i += 1;
    }
}

/// The rank of the byte at `pos` among non-digits: `~` lowest, then the
/// end of the string, digits, letters, and everything else.
fn order(s: &[u8], pos: usize) -> i32 {
    match s.get(pos) {
        None => -1,
        Some(c) if c.is_ascii_digit() => 0,
        Some(c) if c.is_ascii_alphabetic() => i32::from(*c),
        Some(b'~') => -2,
        Some(&c) => i32::from(c) + 256,
    }
}

/// dpkg's verrevcmp over whole byte slices.
fn verrevcmp(a: &[u8], b: &[u8]) -> i32 {
    let (mut i, mut j) = (0, 0);
    let digit = |s: &[u8], k: usize| s.get(k).is_some_and(u8::is_ascii_digit);
    while i < a.len() || j < b.len() {
        while (i < a.len() && !digit(a, i)) || (j < b.len() && !digit(b, j)) {
            let (x, y) = (order(a, i), order(b, j));
            if x != y {
                return x - y;
            }
            i += 1;
            j += 1;
        }
        while a.get(i) == Some(&b'0') {
            i += 1;
        }
        while b.get(j) == Some(&b'0') {
            j += 1;
        }
        let mut first_diff = 0;
        while digit(a, i) && digit(b, j) {
            if first_diff == 0 {
                first_diff = i32::from(a[i]) - i32::from(b[j]);
            }
            i += 1;
            j += 1;
        }
        if digit(a, i) {
            return 1;
        }
        if digit(b, j) {
            return -1;
        }
        if first_diff != 0 {
            return first_diff;
        }
    }
    0
}

/// The dot rules: `.` first, then `..`, then other dot names, then the
/// rest; None when they do not decide.
fn dots(a: &[u8], b: &[u8]) -> Option<Ordering> {
    match (a.first(), b.first()) {
        (Some(b'.'), Some(b'.')) => {}
        (Some(b'.'), _) => return Some(Ordering::Less),
        (_, Some(b'.')) => return Some(Ordering::Greater),
        _ => return None,
    }
    for special in [&b"."[..], b".."] {
        match (a == special, b == special) {
            (true, true) => return Some(Ordering::Equal),
            (true, false) => return Some(Ordering::Less),
            (false, true) => return Some(Ordering::Greater),
            _ => {}
        }
    }
    None
}

/// Compares the file names `a` and `b` in version order (gnulib's
/// filevercmp). Equal means equal as versions, not as bytes.
pub fn filevercmp(a: &[u8], b: &[u8]) -> Ordering {
    match (a.is_empty(), b.is_empty()) {
        (true, true) => return Ordering::Equal,
        (true, false) => return Ordering::Less,
        (false, true) => return Ordering::Greater,
        _ => {}
    }
    if let Some(o) = dots(a, b) {
        return o;
    }
    let (ap, bp) = (prefix_len(a), prefix_len(b));
    let one_pass = ap == a.len() && bp == b.len();
    let r = verrevcmp(&a[..ap], &b[..bp]);
    let r = if r != 0 || one_pass {
        r
    } else {
        verrevcmp(a, b)
    };
    r.cmp(&0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Ordering::*;

    fn sorted(names: &[&str]) -> bool {
        names
            .windows(2)
            .all(|w| filevercmp(w[0].as_bytes(), w[1].as_bytes()) == Less)
    }

    #[test]
    fn gnulib_test_order() {
        // gnulib's test-filevercmp.c names, in the order GNU 9.1's sort -V
        // gives them.
        assert!(sorted(&[
            "",
            ".",
            "..",
            ".A",
            ".Z",
            ".a~",
            ".a",
            ".b~",
            ".b",
            ".z",
            ".zz~",
            ".zz",
            ".zz.~1~",
            ".0",
            ".9",
            ".zz.0",
            ".\u{1}",
            ".\u{1}.txt",
            ".\u{1}x~",
            ".\u{1}x",
            ".\u{1}x\u{1}",
            ".\u{7f}",
            "0",
            "9",
            "A",
            "Z",
            "a~",
            "a",
            "a.b~",
            "a.b",
            "a.bc~",
            "a.bc",
            "a+",
            "a.",
            "a..a",
            "a.+",
            "b~",
            "b",
            "gcc-c++-10.fc9.tar.gz",
            "gcc-c++-10.8.12-0.7rc2.fc9.tar.bz2",
            "glibc-2-0.1.beta1.fc10.rpm",
            "glibc-common-5-0.2.beta2.fc9.ebuild",
            "glibc-common-5-0.2b.deb",
            "glibc-common-11b.ebuild",
            "glibc-common-11-0.6rc2.ebuild",
            "libstdc++-0.5.8.11-0.7rc2.fc10.tar.gz",
            "libstdc++-4a.fc8.tar.gz",
            "libstdc++-4.10.4.20040204svn.rpm",
            "libstdc++-devel-3.fc8.ebuild",
            "libstdc++-devel-3a.fc9.tar.gz",
            "libstdc++-devel-8.fc8.deb",
            "libstdc++-devel-8.6.2-0.4b.fc8",
            "nss_ldap-1-0.2b.fc9.tar.bz2",
            "nss_ldap-1-0.6rc2.fc8.tar.gz",
            "nss_ldap-1.0-0.1a.tar.gz",
            "nss_ldap-10beta1.fc8.tar.gz",
            "nss_ldap-10.11.8.6.20040204cvs.fc10.ebuild",
            "z",
            "zz~",
            "zz",
            "zz.~1~",
            "zz.0",
            "zz.0.txt",
            "\u{1}",
            "\u{1}.txt",
            "\u{1}x~",
            "\u{1}x",
            "\u{1}x\u{1}",
            "\u{7f}",
        ]));
    }

    #[test]
    fn numbers_by_value() {
        assert_eq!(filevercmp(b"a2", b"a10"), Less);
        assert_eq!(filevercmp(b"a010", b"a10"), Equal);
        assert_eq!(filevercmp(b"file-1.10.tar", b"file-1.9.tar"), Greater);
        assert_eq!(filevercmp(b"x", b"x"), Equal);
    }
}
