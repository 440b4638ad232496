//! GNU's backups (gnulib backupfile): `-b`, `--backup[=CONTROL]`, `-S`,
//! `VERSION_CONTROL` and `SIMPLE_BACKUP_SUFFIX`, and the name a backup of
//! a file gets: `NAME~` (simple) or `NAME.~N~` (numbered, one above the
//! highest in the directory). ln now; cp, mv and install share it.

use super::cli::{choice, Spec};
use alloc::vec::Vec;
use logic::path::{base_len, last_component};
use sys::io::Fd;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    None,
    Simple,
    /// Numbered if numbered backups exist already, else simple.
    Existing,
    Numbered,
}

const CONTROLS: &[(&[u8], Kind)] = &[
    (b"none", Kind::None),
    (b"off", Kind::None),
    (b"simple", Kind::Simple),
    (b"never", Kind::Simple),
    (b"existing", Kind::Existing),
    (b"nil", Kind::Existing),
    (b"numbered", Kind::Numbered),
    (b"t", Kind::Numbered),
];

/// The backup options as given: `-b`, `--backup[=CONTROL]` and `-S
/// SUFFIX` (which implies -b), for [`Backups::new`] after the last option.
#[derive(Default)]
pub struct BackupArgs {
    pub make: bool,
    control: Option<&'static [u8]>,
    suffix: Option<&'static [u8]>,
}

impl BackupArgs {
    /// Takes the option `key` (with `backup`, the program's key for
    /// `--backup`) if it is one of the three; false otherwise.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn option(&mut self, key: char, backup: char, arg: Option<&'static [u8]>) -> bool {
        match key {
            'b' => self.make = true,
            'S' => (self.make, self.suffix) = (true, arg),
            k if k == backup => {
                self.make = true;
                self.control = arg.or(self.control);
            }
            _ => return false,
        }
        true
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn backups(&self, spec: &Spec) -> Backups {
        Backups::new(spec, self.make, self.control, self.suffix)
    }
}

pub struct Backups {
    pub kind: Kind,
    suffix: &'static [u8],
}

impl Backups {
    /// xget_version and set_simple_backup_suffix: no backups unless
    /// `make` (`-b`, `--backup` or `-S` given); then CONTROL (of
    /// `--backup=`), else `$VERSION_CONTROL`, else existing. The suffix is
    /// `-S`'s, else `$SIMPLE_BACKUP_SUFFIX`, else `~` (one without slash).
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn new(
        spec: &Spec,
        make: bool,
        control: Option<&[u8]>,
        suffix: Option<&'static [u8]>,
    ) -> Backups {
        let kind = if !make {
            Kind::None
        } else {
            let (what, c): (&[u8], _) = match control.filter(|c| !c.is_empty()) {
                Some(c) => (b"backup type", Some(c)),
                None => (b"$VERSION_CONTROL", sys::env::var(b"VERSION_CONTROL")),
            };
            match c.filter(|c| !c.is_empty()) {
                None => Kind::Existing,
                Some(c) => choice(spec, what, c, CONTROLS),
            }
        };
        let s = suffix
            .or_else(|| sys::env::var(b"SIMPLE_BACKUP_SUFFIX"))
            .filter(|s| !s.is_empty() && last_component(s) == 0);
        Backups {
            kind,
            suffix: s.unwrap_or(b"~"),
        }
    }

    /// The simple backup suffix.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn suffix(&self) -> &'static [u8] {
        self.suffix
    }

    /// find_backup_file_name(dir, file): the name for a backup of `file`
    /// (relative to `dir`; what precedes its last component is kept).
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn name(&self, dir: Fd, file: &[u8]) -> Vec<u8> {
        let at = last_component(file);
        let len = at + base_len(&file[at..]);
        let mut s = file[..len].to_vec();
        if self.kind == Kind::Simple {
            s.extend_from_slice(self.suffix);
            return s;
        }
        let mut dir_name = file[..at].to_vec();
        dir_name.push(b'.');
        let d = sys::fs::open_dir_at(dir, &dir_name, true).ok();
        let highest = d
            .as_ref()
            .and_then(|d| highest_version(d.fd(), &file[at..len]));
        match highest {
            Some(v) => {
                s.extend_from_slice(b".~");
                s.extend_from_slice(&increment(&v));
                s.push(b'~');
                // A longer number may not fit (all nines): GNU checks.
                if v.iter().all(|&b| b == b'9') {
                    self.fit(&mut s, at, len, dir, &dir_name);
                }
            }
            None => {
                if self.kind == Kind::Existing {
                    s.extend_from_slice(self.suffix);
                } else {
                    s.extend_from_slice(b".~1~");
                }
                self.fit(&mut s, at, len, dir, &dir_name);
            }
        }
        s
    }

    /// gnulib's check_extension: a name longer than the file system
    /// allows (less one) ends in `~` instead.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn fit(&self, s: &mut Vec<u8>, at: usize, len: usize, dir: Fd, dir_name: &[u8]) {
        let base = s.len() - at;
        if base <= 14 {
            return;
        }
        let max = sys::fs::open_path_dir_at(dir, dir_name, true)
            .and_then(|d| sys::fs::name_max_fd(d.fd()))
            .map_or(14, |m| m.saturating_sub(1) as usize);
        if base > max {
            let keep = (len - at).min(max.saturating_sub(1));
            s.truncate(at + keep);
            s.push(b'~');
        }
    }
}

/// The highest N of the entries `BASE.~N~` of the directory (N without
/// leading zeros), as digits.
#[cfg_attr(corebox_opt, optimize(size))]
fn highest_version(dir: Fd, base: &[u8]) -> Option<Vec<u8>> {
    let mut best: Option<Vec<u8>> = None;
    let _ = sys::dir::for_each_name(dir, |n| {
        let Some(rest) = n.strip_prefix(base).and_then(|r| r.strip_prefix(b".~")) else {
            return;
        };
        let Some(v) = rest.strip_suffix(b"~") else {
            return;
        };
        if v.first().is_none_or(|&c| !(b'1'..=b'9').contains(&c))
            || !v.iter().all(u8::is_ascii_digit)
        {
            return;
        }
        let better = best
            .as_ref()
            .is_none_or(|b| (v.len(), v) >= (b.len(), &b[..]));
        if better {
            best = Some(v.to_vec());
        }
    });
    best
}

/// A decimal number plus one, as digits.
#[cfg_attr(corebox_opt, optimize(size))]
fn increment(v: &[u8]) -> Vec<u8> {
    let mut d = v.to_vec();
    for i in (0..d.len()).rev() {
        if d[i] == b'9' {
            d[i] = b'0';
        } else {
            d[i] += 1;
            return d;
        }
    }
    d.insert(0, b'1');
    d
}
