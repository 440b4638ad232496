//! tail's obsolete first argument (`tail -5`, `tail +3c`, `tail -10lf`),
//! recognised exactly where GNU 9.x recognises it, including the
//! restrictions selected by `_POSIX2_VERSION`.

/// What an obsolete option asks for.
#[derive(Debug, PartialEq, Eq)]
pub struct Obsolete {
    pub from_start: bool,
    pub lines: bool,
    pub follow: bool,
    /// The count, or `None` when it overflows (GNU: `invalid number`).
    pub count: Option<u64>,
}

/// Parses `args` (argv without argv[0]) as `tail OPTION [FILE]` with an
/// obsolete OPTION; `posix` is the POSIX version in force (200809 when
/// `_POSIX2_VERSION` is unset).
pub fn obsolete(args: &[&[u8]], posix: u64) -> Option<Obsolete> {
    let ok_shape = match args {
        [_] => true,
        [_, f] => *f == b"--" || !(f.first() == Some(&b'-') && f.len() > 1),
        [_, dd, _] => *dd == b"--",
        _ => false,
    };
    if !ok_shape {
        return None;
    }
    let obsolete_usage = posix < 200112;
    let traditional = obsolete_usage || posix >= 200809;
    let arg = args[0];
    let (&sign, mut p) = arg.split_first()?;
    let from_start = match sign {
        b'+' if traditional => true,
        b'-' => {
            // `-` alone is standard input and `-c` wants an argument.
            let skip = (p.first() == Some(&b'c')) as usize;
            if !obsolete_usage && p.get(skip).is_none() {
                return None;
            }
            false
        }
        _ => return None,
    };
    let digits = p.iter().take_while(|b| b.is_ascii_digit()).count();
    let number = &p[..digits];
    p = &p[digits..];
    let mut lines = true;
    let mut blocks = false;
    match p.first() {
        Some(b'b') => (blocks, lines) = (true, false),
        Some(b'c') => lines = false,
        _ => {}
    }
    if matches!(p.first(), Some(b'b' | b'c' | b'l')) {
        p = &p[1..];
    }
    let follow = p.first() == Some(&b'f');
    if follow {
        p = &p[1..];
    }
    if !p.is_empty() {
        return None;
    }
    let count = if number.is_empty() {
        Some(if blocks { 10 * 512 } else { 10 })
    } else {
        number
            .iter()
            .try_fold(0u64, |n, &d| {
                n.checked_mul(10)?.checked_add((d - b'0') as u64)
            })
            .and_then(|n| if blocks { n.checked_mul(512) } else { Some(n) })
    };
    Some(Obsolete {
        from_start,
        lines,
        follow,
        count,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ob(args: &[&str], posix: u64) -> Option<(bool, bool, bool, Option<u64>)> {
        let a: alloc::vec::Vec<&[u8]> = args.iter().map(|s| s.as_bytes()).collect();
        obsolete(&a, posix).map(|o| (o.from_start, o.lines, o.follow, o.count))
    }

    #[test]
    fn forms() {
        let p = 200809;
        assert_eq!(ob(&["-5"], p), Some((false, true, false, Some(5))));
        assert_eq!(ob(&["+5", "f"], p), Some((true, true, false, Some(5))));
        assert_eq!(ob(&["-5c"], p), Some((false, false, false, Some(5))));
        assert_eq!(ob(&["-2b"], p), Some((false, false, false, Some(1024))));
        assert_eq!(ob(&["-b"], p), Some((false, false, false, Some(5120))));
        assert_eq!(ob(&["-5f", "x"], p), Some((false, true, true, Some(5))));
        assert_eq!(ob(&["-f", "x"], p), Some((false, true, true, Some(10))));
        assert_eq!(ob(&["-l"], p), Some((false, true, false, Some(10))));
        assert_eq!(ob(&["-3lf"], p), Some((false, true, true, Some(3))));
        assert_eq!(
            ob(&["-1", "--", "f"], p),
            Some((false, true, false, Some(1)))
        );
        assert_eq!(
            ob(&["-99999999999999999999"], p),
            Some((false, true, false, None))
        );
    }

    #[test]
    fn not_obsolete() {
        let p = 200809;
        assert_eq!(ob(&["-5", "f", "g"], p), None);
        assert_eq!(ob(&["-5", "-v"], p), None);
        assert_eq!(ob(&["-"], p), None);
        assert_eq!(ob(&["-c"], p), None);
        assert_eq!(ob(&["-3x"], p), None);
        assert_eq!(ob(&["-n"], p), None);
        assert_eq!(ob(&["5"], p), None);
        assert_eq!(ob(&["+5"], 200112), None);
        assert_eq!(ob(&["-5"], 200112), Some((false, true, false, Some(5))));
        assert_eq!(ob(&["-c"], 199209), Some((false, false, false, Some(10))));
        assert_eq!(ob(&["+3c"], 199209), Some((true, false, false, Some(3))));
    }
}
