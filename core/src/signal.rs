//! Signal names and numbers as GNU's sig2str/str2sig/operand2sig give them
//! with glibc on Linux (the same numbers on all five triples: x86, arm,
//! aarch64 and riscv use the generic table), and glibc's strsignal texts.

use alloc::vec::Vec;

/// glibc reserves two real-time signals: SIGRTMIN is 34 for its programs.
pub const RTMIN: i32 = 34;
pub const RTMAX: i32 = 64;
/// The highest signal number (GNU's SIGNUM_BOUND).
pub const MAX: i32 = 64;

/// Number, name and strsignal text of signals 1 to 31.
const TABLE: [(&str, &str); 31] = [
    ("HUP", "Hangup"),
    ("INT", "Interrupt"),
    ("QUIT", "Quit"),
    ("ILL", "Illegal instruction"),
    ("TRAP", "Trace/breakpoint trap"),
    ("ABRT", "Aborted"),
    ("BUS", "Bus error"),
    ("FPE", "Floating point exception"),
    ("KILL", "Killed"),
    ("USR1", "User defined signal 1"),
    ("SEGV", "Segmentation fault"),
    ("USR2", "User defined signal 2"),
    ("PIPE", "Broken pipe"),
    ("ALRM", "Alarm clock"),
    ("TERM", "Terminated"),
    ("STKFLT", "Stack fault"),
    ("CHLD", "Child exited"),
    ("CONT", "Continued"),
    ("STOP", "Stopped (signal)"),
    ("TSTP", "Stopped"),
    ("TTIN", "Stopped (tty input)"),
    ("TTOU", "Stopped (tty output)"),
    ("URG", "Urgent I/O condition"),
    ("XCPU", "CPU time limit exceeded"),
    ("XFSZ", "File size limit exceeded"),
    ("VTALRM", "Virtual timer expired"),
    ("PROF", "Profiling timer expired"),
    ("WINCH", "Window changed"),
    ("POLL", "I/O possible"),
    ("PWR", "Power failure"),
    ("SYS", "Bad system call"),
];

/// Other names GNU accepts (its table lists them after the main ones).
const ALIASES: [(&str, i32); 4] = [("EXIT", 0), ("IOT", 6), ("CLD", 17), ("IO", 29)];

/// sig2str: `HUP`, `RTMIN+3`, `RTMAX`...; None for 32, 33 and out of range.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn name(sig: i32) -> Option<Vec<u8>> {
    if sig == 0 {
        return Some(b"EXIT".to_vec());
    }
    if (1..=31).contains(&sig) {
        return Some(TABLE[sig as usize - 1].0.as_bytes().to_vec());
    }
    if !(RTMIN..=RTMAX).contains(&sig) {
        return None;
    }
    let (mut s, base) = if sig <= RTMIN + (RTMAX - RTMIN) / 2 {
        (b"RTMIN".to_vec(), RTMIN)
    } else {
        (b"RTMAX".to_vec(), RTMAX)
    };
    let delta = sig - base;
    if delta != 0 {
        s.push(if delta < 0 { b'-' } else { b'+' });
        crate::digits::push_u64(&mut s, delta.unsigned_abs() as u64);
    }
    Some(s)
}

/// glibc's strsignal text.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn description(sig: i32) -> Vec<u8> {
    let mut s = Vec::new();
    if (1..=31).contains(&sig) {
        s.extend_from_slice(TABLE[sig as usize - 1].1.as_bytes());
    } else if (RTMIN..=RTMAX).contains(&sig) {
        s.extend_from_slice(b"Real-time signal ");
        crate::digits::push_u64(&mut s, (sig - RTMIN) as u64);
    } else {
        s.extend_from_slice(b"Unknown signal ");
        if sig < 0 {
            s.push(b'-');
        }
        crate::digits::push_u64(&mut s, sig.unsigned_abs() as u64);
    }
    s
}

/// strtol base 10 of all of `s` (None on junk or overflow of an int).
#[cfg_attr(corebox_opt, optimize(size))]
fn int(s: &[u8]) -> Option<i32> {
    let (i, neg) = crate::num::space_and_sign(s);
    let digits = &s[i..];
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let v = digits.iter().try_fold(0i64, |v, &d| {
        let v = v * 10 + (d - b'0') as i64;
        (v <= i32::MAX as i64 + 1).then_some(v)
    })?;
    let v = if neg { -v } else { v };
    i32::try_from(v).ok()
}

/// str2sig: an upper-case name without `SIG`, or a number up to [`MAX`].
#[cfg_attr(corebox_opt, optimize(size))]
pub fn number(name: &[u8]) -> Option<i32> {
    if name.first().is_some_and(u8::is_ascii_digit) {
        return int(name).filter(|&n| n <= MAX);
    }
    if let Some(i) = TABLE.iter().position(|(n, _)| n.as_bytes() == name) {
        return Some(i as i32 + 1);
    }
    if let Some(&(_, n)) = ALIASES.iter().find(|(n, _)| n.as_bytes() == name) {
        return Some(n);
    }
    let (base, rest) = if let Some(r) = name.strip_prefix(b"RTMIN") {
        (RTMIN, r)
    } else {
        (RTMAX, name.strip_prefix(b"RTMAX")?)
    };
    let n = if rest.is_empty() { 0 } else { int(rest)? };
    let ok = if base == RTMIN {
        (0..=RTMAX - RTMIN).contains(&n)
    } else {
        (RTMIN - RTMAX..=0).contains(&n)
    };
    ok.then_some(base + n)
}

/// operand2sig without its message: a number (an exit status above 128
/// stands for its signal: `& 0x7f`, or `& 0xff` from 255 up) or a name
/// in any case with or without `SIG`. None: `'X': invalid signal`.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn operand(s: &[u8]) -> Option<i32> {
    let sig = if s.first().is_some_and(u8::is_ascii_digit) {
        let n = int(s)?;
        n & if n >= 0xff { 0xff } else { 0x7f }
    } else {
        let up = s.to_ascii_uppercase();
        number(&up).or_else(|| up.strip_prefix(b"SIG").and_then(number))?
    };
    (sig >= 0 && name(sig).is_some()).then_some(sig)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers_as_gnu() {
        assert_eq!(name(1).unwrap(), b"HUP");
        assert_eq!(name(29).unwrap(), b"POLL");
        assert_eq!(name(34).unwrap(), b"RTMIN");
        assert_eq!(name(49).unwrap(), b"RTMIN+15");
        assert_eq!(name(50).unwrap(), b"RTMAX-14");
        assert_eq!(name(64).unwrap(), b"RTMAX");
        assert_eq!(name(32), None);
        assert_eq!(number(b"IO"), Some(29));
        assert_eq!(number(b"RTMIN+2"), Some(36));
        assert_eq!(number(b"RTMAX-1"), Some(63));
        assert_eq!(number(b"RTMAX+1"), None);
        assert_eq!(number(b"hup"), None);
        assert_eq!(number(b"65"), None);
        assert_eq!(operand(b"sighup"), Some(1));
        assert_eq!(operand(b"Term"), Some(15));
        assert_eq!(operand(b"143"), Some(15));
        assert_eq!(operand(b"271"), Some(15));
        assert_eq!(operand(b"0"), Some(0));
        assert_eq!(operand(b"32"), None);
        assert_eq!(operand(b"1x"), None);
        assert_eq!(operand(b"SIG"), None);
        assert_eq!(description(9), b"Killed");
        assert_eq!(description(40), b"Real-time signal 6");
        assert_eq!(description(32), b"Unknown signal 32");
    }
}
