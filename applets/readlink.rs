// corebox applet
// name: readlink
// usage: [OPTION]... FILE...
// option: -f, --canonicalize
// option: -e, --canonicalize-existing
// option: -m, --canonicalize-missing
// option: -n, --no-newline
// option: -q, --quiet
// option: -s, --silent
// option: -v, --verbose
// option: -z, --zero
// help:
// Print value of a symbolic link or canonical file name
//
//   -f, --canonicalize            canonicalize by following every symlink in
//                                 every component of the given name recursively;
//                                 all but the last component must exist
//   -e, --canonicalize-existing   canonicalize by following every symlink in
//                                 every component of the given name recursively,
//                                 all components must exist
//   -m, --canonicalize-missing    canonicalize by following every symlink in
//                                 every component of the given name recursively,
//                                 without requirements on components existence
//   -n, --no-newline              do not output the trailing delimiter
//   -q, --quiet
//   -s, --silent                  suppress most error messages (on by default)
//   -v, --verbose                 report error messages
//   -z, --zero                    end each output line with NUL, not newline
//       --help        display this help and exit
//       --version     output version information and exit

// corebox applet
// name: realpath
// usage: [OPTION]... FILE...
// option: -e, --canonicalize-existing
// option: -m, --canonicalize-missing
// option: --relative-to=DIR
// option: --relative-base=DIR
// option: -q, --quiet
// option: -s, --strip, --no-symlinks
// option: -z, --zero
// option: -L, --logical
// option: -P, --physical
// help:
// Print the resolved absolute file name;
// all but the last component must exist
//
//   -e, --canonicalize-existing  all components of the path must exist
//   -m, --canonicalize-missing   no path components need exist or be a directory
//   -L, --logical                resolve '..' components before symlinks
//   -P, --physical               resolve symlinks as encountered (default)
//   -q, --quiet                  suppress most error messages
//       --relative-to=DIR        print the resolved path relative to DIR
//       --relative-base=DIR      print absolute paths unless paths below DIR
//   -s, --strip, --no-symlinks   don't expand symlinks
//   -z, --zero                   end each output line with NUL, not newline
//       --help        display this help and exit
//       --version     output version information and exit

//! readlink and realpath: GNU readlink.c and realpath.c over gnulib's
//! canonicalize_filename_mode (`shared::canon`) and coreutils' relpath
//! (`logic::path::relpath`).

use super::opt;
use crate::shared::canon::{canonicalize, Need};
use crate::shared::cli;
use crate::shared::diag::{die, quoteaf, quotef};
use alloc::vec::Vec;
use sys::io::{error, out};
use sys::Errno;

#[cfg_attr(corebox_opt, optimize(size))]
pub fn readlink(args: &'static [&'static [u8]]) -> i32 {
    let spec = &super::readlink::SPEC;
    let mut opts = cli::parse(spec, &args[1.min(args.len())..]);
    let (mut need, mut no_newline, mut verbose, mut zero) = (None, false, false, false);
    while let Some(o) = opts.next() {
        match o.key {
            'e' => need = Some(Need::All),
            'f' => need = Some(Need::AllButLast),
            'm' => need = Some(Need::Nothing),
            'n' => no_newline = true,
            'q' | 's' => verbose = false,
            'v' => verbose = true,
            'z' => zero = true,
            _ => {}
        }
    }
    let files = opts.operands();
    if files.is_empty() {
        cli::missing_operand(spec);
    }
    if files.len() > 1 {
        if no_newline {
            error(&[b"ignoring --no-newline with multiple arguments"], None);
        }
        no_newline = false;
    }
    let mut status = 0;
    for f in files {
        let value = match need {
            Some(n) => canonicalize(f, n, false),
            None => sys::fs::readlink(f),
        };
        match value {
            Ok(v) => {
                out().write(&v);
                if !no_newline {
                    out().byte(if zero { 0 } else { b'\n' });
                }
            }
            Err(e) => {
                status = 1;
                if verbose {
                    error(&[&quotef(f)], Some(e));
                }
            }
        }
    }
    status
}

struct Real {
    need: Need,
    nolinks: bool,
    logical: bool,
}

impl Real {
    /// realpath_canon: with -L, `..` is resolved before the symlinks.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn canon(&self, name: &[u8]) -> Result<Vec<u8>, Errno> {
        let c = canonicalize(name, self.need, self.nolinks)?;
        if self.logical {
            canonicalize(&c, self.need, false)
        } else {
            Ok(c)
        }
    }

    /// A --relative-to or --relative-base directory, canonical.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn dir(&self, name: &[u8]) -> Vec<u8> {
        let c = self
            .canon(name)
            .unwrap_or_else(|e| die(&[&quotef(name)], Some(e)));
        if self.need == Need::All {
            match sys::fs::stat(&c) {
                Err(e) => die(&[b"cannot stat ", &quoteaf(&c)], Some(e)),
                Ok(st) if !st.is_dir() => die(&[&quotef(name)], Some(Errno::NOTDIR)),
                Ok(_) => {}
            }
        }
        c
    }
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn realpath(args: &'static [&'static [u8]]) -> i32 {
    let spec = &super::realpath::SPEC;
    let mut opts = cli::parse(spec, &args[1.min(args.len())..]);
    let mut r = Real {
        need: Need::AllButLast,
        nolinks: false,
        logical: false,
    };
    let (mut verbose, mut zero, mut to, mut base) = (true, false, None, None);
    while let Some(o) = opts.next() {
        match o.key {
            'e' => r.need = Need::All,
            'm' => r.need = Need::Nothing,
            'L' => (r.nolinks, r.logical) = (true, true),
            's' => (r.nolinks, r.logical) = (true, false),
            'P' => (r.nolinks, r.logical) = (false, false),
            'q' => verbose = false,
            'z' => zero = true,
            opt::RELATIVE_TO => to = o.arg,
            opt::RELATIVE_BASE => base = o.arg,
            _ => {}
        }
    }
    let files = opts.operands();
    if files.is_empty() {
        cli::missing_operand(spec);
    }
    let mut rel_to = to.or(base).map(|d| r.dir(d));
    let mut rel_base = None;
    match base {
        None => {}
        Some(b) if to.is_none_or(|t| t == b) => rel_base = rel_to.clone(),
        Some(b) => {
            let b = r.dir(b);
            // --relative-to is a no-op unless --relative-base is its prefix.
            if logic::path::is_prefix(&b, rel_to.as_deref().unwrap_or(b"")) {
                rel_base = Some(b);
            } else {
                rel_base = rel_to.take();
            }
        }
    }
    let mut ok = true;
    for f in files {
        match r.canon(f) {
            Ok(c) => {
                let rel = match (&rel_to, &rel_base) {
                    (Some(t), b) if b.as_ref().is_none_or(|b| logic::path::is_prefix(b, &c)) => {
                        logic::path::relpath(&c, t)
                    }
                    _ => None,
                };
                out().write(rel.as_deref().unwrap_or(&c));
                out().byte(if zero { 0 } else { b'\n' });
            }
            Err(e) => {
                ok = false;
                if verbose {
                    error(&[&quotef(f)], Some(e));
                }
            }
        }
    }
    i32::from(!ok)
}
