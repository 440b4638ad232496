// corebox applet
// name: touch
// usage: [OPTION]... FILE...
// option: -a
// option: --time=WORD
// option: -c, --no-create
// option: -d, --date=STRING
// option: -f
// option: -h, --no-dereference
// option: -m
// option: -r, --reference=FILE
// option: -t STAMP
// help:
// Update the access and modification times of each FILE to the current time.
//
// A FILE argument that does not exist is created empty, unless -c or -h
// is supplied.
//
// A FILE argument string of - is handled specially and causes touch to
// change the times of the file associated with standard output.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -a                     change only the access time
//   -c, --no-create        do not create any files
//   -d, --date=STRING      parse STRING and use it instead of current time
//   -f                     (ignored)
//   -h, --no-dereference   affect each symbolic link instead of any referenced
//                          file (useful only on systems that can change the
//                          timestamps of a symlink)
//   -m                     change only the modification time
//   -r, --reference=FILE   use this file's times instead of current time
//   -t STAMP               use [[CC]YY]MMDDhhmm[.ss] instead of current time
//       --time=WORD        change the specified time:
//                            WORD is access, atime, or use: equivalent to -a
//                            WORD is modify or mtime: equivalent to -m
//       --help        display this help and exit
//       --version     output version information and exit
//
// Note that the -d and -t options accept different time-date formats.

//! touch: GNU touch.c. Dates come from `logic::datetime` (-d) and
//! `logic::posixtm` (-t and the obsolete `MMDDhhmm[YY]` operand), times
//! are set with utimensat/futimens to the nanosecond.

use super::SPEC;
use crate::shared::clock;
use crate::shared::diag::{die, quote, quoteaf};
use alloc::vec::Vec;
use logic::posixtm;
use logic::tz::Tz;
use sys::fs::{oflag, FileTime};
use sys::io::{error, Fd};
use sys::Errno;

const ATIME: u8 = 1;
const MTIME: u8 = 2;

struct Config {
    change: u8,
    no_create: bool,
    no_deref: bool,
    /// None: the current time, set as "now" (needs only write access).
    times: Option<(FileTime, FileTime)>,
}

const WORDS: [(&[u8], u8); 5] = [
    (b"atime", ATIME),
    (b"access", ATIME),
    (b"use", ATIME),
    (b"mtime", MTIME),
    (b"modify", MTIME),
];

/// `-d STRING` relative to `now`, or GNU's error.
fn reldate(s: &[u8], now: (i64, u32), tz: &Tz) -> (i64, u32) {
    let mut load = |name: &[u8]| clock::zone(Some(name));
    let mut cx = logic::datetime::Context {
        now,
        tz,
        tz_name: sys::env::var(b"TZ"),
        load: &mut load,
        debug: None,
    };
    match logic::datetime::parse(s, &mut cx) {
        Some(t) => t,
        None => die(&[b"invalid date format ", &quote(s)], None),
    }
}

fn at((s, n): (i64, u32)) -> FileTime {
    FileTime::At(s, n)
}

/// The options; the times named by -d, -r and -t, checked as GNU does.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        change: 0,
        no_create: false,
        no_deref: false,
        times: None,
    };
    let (mut date, mut reference, mut stamp) = (None, None, None);
    let tz = clock::zone(sys::env::var(b"TZ"));
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        let arg = o.arg.unwrap_or(b"");
        match o.key {
            'a' => c.change |= ATIME,
            'm' => c.change |= MTIME,
            'c' => c.no_create = true,
            'h' => c.no_deref = true,
            'd' => date = Some(arg),
            'r' => reference = Some(arg),
            't' => {
                let syntax = posixtm::CENTURY | posixtm::SECONDS;
                match posixtm::posixtime(arg, syntax, &tz, sys::time::now().0) {
                    Some(t) => stamp = Some(t),
                    None => die(&[b"invalid date format ", &quote(arg)], None),
                }
            }
            'f' => {}
            _ => c.change |= crate::shared::cli::choice(&SPEC, b"--time", arg, &WORDS),
        }
    }
    if c.change == 0 {
        c.change = ATIME | MTIME;
    }
    if stamp.is_some() && (reference.is_some() || date.is_some()) {
        crate::shared::cli::usage_error(
            &SPEC,
            &[b"cannot specify times from more than one source"],
        );
    }
    if let Some(t) = stamp {
        c.times = Some((at((t, 0)), at((t, 0))));
    }
    if let Some(r) = reference {
        let st = if c.no_deref {
            sys::fs::lstat(r)
        } else {
            sys::fs::stat(r)
        };
        let st =
            st.unwrap_or_else(|e| die(&[b"failed to get attributes of ", &quoteaf(r)], Some(e)));
        let (mut a, mut m) = ((st.atime, st.atime_nsec), (st.mtime, st.mtime_nsec));
        if let Some(d) = date {
            if c.change & ATIME != 0 {
                a = reldate(d, a, &tz);
            }
            if c.change & MTIME != 0 {
                m = reldate(d, m, &tz);
            }
        }
        c.times = Some((at(a), at(m)));
    } else if let Some(d) = date {
        let now = sys::time::now();
        let t = reldate(d, now, &tz);
        c.times = Some((at(t), at(t)));
        // `-d now` alone is no date: it then needs only write access.
        if c.change == ATIME | MTIME && t == now {
            let notnow = (now.0 ^ 1, now.1);
            if reldate(d, notnow, &tz) == notnow {
                c.times = None;
            }
        }
    }
    let mut files = opts.operands();
    obsolete_stamp(&mut c, &mut files, &tz);
    (c, files)
}

/// `touch MMDDhhmm[YY] FILE...`, accepted when _POSIX2_VERSION is older
/// than 2001 and no time was given otherwise.
fn obsolete_stamp(c: &mut Config, files: &mut Vec<&'static [u8]>, tz: &Tz) {
    if c.times.is_some() || files.len() < 2 || sys::env::posix2_version() >= 200112 {
        return;
    }
    let syntax = posixtm::TRAILING_YEAR | posixtm::PRE_2000;
    let Some(t) = posixtm::posixtime(files[0], syntax, tz, sys::time::now().0) else {
        return;
    };
    c.times = Some((at((t, 0)), at((t, 0))));
    if !sys::env::posixly_correct() {
        if let Some(tm) = tz.localtime(t) {
            let new = alloc::format!(
                "{:04}{:02}{:02}{:02}{:02}.{:02}",
                tm.year,
                tm.mon + 1,
                tm.mday,
                tm.hour,
                tm.min,
                tm.sec
            );
            error(
                &[
                    b"warning: 'touch ",
                    files[0],
                    b"' is obsolete; use 'touch -t ",
                    new.as_bytes(),
                    b"'",
                ],
                None,
            );
        }
    }
    files.remove(0);
}

fn touch(c: &Config, file: &[u8]) -> bool {
    let mut opened = None;
    let mut open_errno = None;
    if file != b"-" && !(c.no_create || c.no_deref) {
        let flags = oflag::WRONLY | oflag::CREATE | oflag::NONBLOCK | oflag::NOCTTY;
        match sys::fs::open_flags(file, flags, 0o666) {
            Ok(f) => opened = Some(f),
            Err(e) => open_errno = Some(e),
        }
    }
    let (mut a, mut m) = c.times.unwrap_or((FileTime::Now, FileTime::Now));
    if c.change == MTIME {
        a = FileTime::Omit;
    } else if c.change == ATIME {
        m = FileTime::Omit;
    }
    let r = match (&opened, file) {
        (Some(f), _) => sys::fs::set_file_times(f.fd(), None, a, m, true),
        (None, b"-") => sys::fs::set_file_times(Fd::STDOUT, None, a, m, true),
        (None, _) => sys::fs::set_file_times(Fd::CWD, Some(file), a, m, !c.no_deref),
    };
    drop(opened);
    let Err(e) = r else {
        return true;
    };
    if file == b"-" && e == Errno::BADF && c.no_create {
        return true;
    }
    let is_dir = || sys::fs::stat(file).is_ok_and(|st| st.is_dir());
    match open_errno {
        Some(oe) if !(oe == Errno::ISDIR || (oe == Errno::INVAL && is_dir())) => {
            error(&[b"cannot touch ", &quoteaf(file)], Some(oe));
        }
        _ => {
            if c.no_create && e == Errno::NOENT {
                return true;
            }
            error(&[b"setting times of ", &quoteaf(file)], Some(e));
        }
    }
    false
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (c, files) = parse(args);
    if files.is_empty() {
        crate::shared::cli::usage_error(&SPEC, &[b"missing file operand"]);
    }
    let mut ok = true;
    for f in files {
        ok &= touch(&c, f);
    }
    if ok {
        0
    } else {
        1
    }
}
