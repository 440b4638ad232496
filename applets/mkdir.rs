// corebox applet
// name: mkdir
// usage: [OPTION]... DIRECTORY...
// option: --context[=CTX]
// option: -m, --mode=MODE
// option: -p, --parents
// option: -v, --verbose
// option: -Z
// help:
// Create the DIRECTORY(ies), if they do not already exist.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -m, --mode=MODE   set file mode (as in chmod), not a=rwx - umask
//   -p, --parents     no error if existing, make parent directories as needed,
//                     with their file modes unaffected by any -m option.
//   -v, --verbose     print a message for each created directory
//   -Z                   set SELinux security context of each created directory
//                          to the default type
//       --context[=CTX]  like -Z, or if CTX is specified then set the SELinux
//                          or SMACK security context to CTX
//       --help        display this help and exit
//       --version     output version information and exit

//! mkdir: GNU mkdir.c with gnulib's make_dir_parents and mkancesdirs.
//! Where GNU changes into each ancestor in turn, corebox holds an O_PATH
//! descriptor of it and creates the next one relative to that, so the
//! working directory never moves and a name deeper than PATH_MAX works.
//! Ancestors get mode `a=rwx - umask` with u+wx; `-m` modes that the umask
//! would spoil, or with special bits, are set with chmod after mkdir.

use super::{opt, SPEC};
use crate::shared::context::Context;
use crate::shared::diag::{die, prog_line, quote, quoteaf};
use logic::mode;
use sys::fs;
use sys::io::{error, Fd, File};
use sys::Errno;

struct Config {
    parents: bool,
    verbose: bool,
    /// The mode of each DIRECTORY, and the bits of it that -m cares about.
    mode: u32,
    mode_bits: u32,
    umask_ancestor: u32,
    umask_self: u32,
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    let (mut parents, mut verbose, mut mode_arg) = (false, false, None);
    let mut ctx = Context::default();
    while let Some(o) = opts.next() {
        match o.key {
            'p' => parents = true,
            'm' => mode_arg = o.arg,
            'v' => verbose = true,
            'Z' => ctx.option(None),
            opt::CONTEXT => ctx.option(o.arg),
            _ => {}
        }
    }
    let dirs = opts.operands();
    if dirs.is_empty() {
        crate::shared::cli::missing_operand(&SPEC);
    }
    ctx.apply();
    let mut c = Config {
        parents,
        verbose,
        mode: 0o777,
        mode_bits: 0,
        umask_ancestor: 0,
        umask_self: 0,
    };
    if parents || mode_arg.is_some() {
        let umask = fs::set_umask(0);
        c.umask_ancestor = umask & !0o300;
        c.umask_self = umask;
        if let Some(m) = mode_arg {
            let Some(changes) = mode::compile(m) else {
                die(&[b"invalid mode ", &quote(m)], None)
            };
            (c.mode, c.mode_bits) = mode::adjust_bits(0o777, true, umask, &changes);
            c.umask_self = umask & !c.mode;
        }
        fs::set_umask(c.umask_self);
    }
    let mut ok = true;
    for d in dirs {
        ok &= make_dir_parents(d, &c);
    }
    i32::from(!ok)
}

fn announce(dir: &[u8], c: &Config) {
    if c.verbose {
        prog_line(&[b"created directory ", &quoteaf(dir)]);
    }
}

fn at(f: &Option<File>) -> Fd {
    f.as_ref().map_or(Fd::CWD, |f| f.fd())
}

/// gnulib's mkancesdirs: makes the ancestors of `dir` (with `-p`), each
/// relative to the one before. Returns the last ancestor (None: the
/// working directory) and where the final component starts, or the error
/// and the ancestor it is about (GNU names that one in its message).
fn ancestors(dir: &[u8], c: &Config) -> Result<(Option<File>, usize), (Errno, usize)> {
    let mut cur: Option<File> = None;
    let (mut sep, mut component, mut made) = (None, 0, false);
    for i in 0..dir.len() {
        let (ch, next) = (dir[i], dir.get(i + 1).copied());
        if next == Some(b'/') {
            if ch != b'/' {
                sep = Some(i + 1);
            }
            continue;
        }
        let Some(s) = sep.filter(|_| ch == b'/' && next.is_some()) else {
            continue;
        };
        let comp = &dir[component..s];
        if comp != b"." {
            let mut make_err = None;
            if comp == b".." {
                made = false;
            } else {
                match make_ancestor(at(&cur), comp, &dir[..s], c) {
                    Ok(()) => made = true,
                    Err(e) => make_err = Some(e),
                }
            }
            match fs::open_path_dir_at(at(&cur), comp, !made) {
                Ok(f) => cur = Some(f),
                Err(Errno::NOENT) if make_err.is_some() => return Err((make_err.unwrap(), s)),
                Err(e) => return Err((e, s)),
            }
        }
        component = i + 1;
    }
    Ok((cur, component))
}

fn make_ancestor(at: Fd, comp: &[u8], shown: &[u8], c: &Config) -> Result<(), Errno> {
    if c.umask_ancestor != c.umask_self {
        fs::set_umask(c.umask_ancestor);
    }
    let r = fs::mkdir_at(at, comp, 0o777);
    if c.umask_ancestor != c.umask_self {
        fs::set_umask(c.umask_self);
    }
    r?;
    announce(shown, c);
    Ok(())
}

/// gnulib's make_dir_parents for one operand, with GNU's messages.
fn make_dir_parents(dir: &[u8], c: &Config) -> bool {
    let (parent, start) = if c.parents {
        match ancestors(dir, c) {
            Ok(p) => p,
            Err((e, end)) => return cannot_create(&dir[..end], e),
        }
    } else {
        (None, 0)
    };
    let (at, name) = (at(&parent), &dir[start..]);
    // Special bits may change after mkdir: keep others out meanwhile.
    let keep_special = ((c.mode_bits & 0o6000) | (c.mode & 0o1000)) == 0;
    let mkdir_mode = if keep_special {
        c.mode
    } else {
        c.mode & !0o022
    };
    match fs::mkdir_at(at, name, mkdir_mode) {
        Ok(()) => {
            announce(dir, c);
            let umask_ok = c.mode & c.mode_bits & 0o777 == 0;
            if keep_special && umask_ok {
                return true;
            }
            match set_mode(at, name, c) {
                Ok(()) => true,
                Err(e) => {
                    error(&[b"cannot change permissions of ", &quote(dir)], Some(e));
                    false
                }
            }
        }
        Err(e) => {
            if e != Errno::NOENT && c.parents {
                match fs::statat(at, name, true) {
                    Ok(st) if st.is_dir() => return true,
                    Err(se) if e == Errno::EXIST && se != Errno::NOENT && se != Errno::NOTDIR => {
                        error(&[b"cannot stat ", &quote(dir)], Some(se));
                        return false;
                    }
                    _ => {}
                }
            }
            cannot_create(dir, e)
        }
    }
}

fn cannot_create(dir: &[u8], e: Errno) -> bool {
    error(&[b"cannot create directory ", &quote(dir)], Some(e));
    false
}

/// gnulib's dirchownmod for the directory just made: the bits `-m` cares
/// about set, the others kept.
fn set_mode(at: Fd, name: &[u8], c: &Config) -> Result<(), Errno> {
    let st = fs::statat(at, name, false)?;
    if !st.is_dir() {
        return Err(Errno::NOTDIR);
    }
    if (st.mode ^ c.mode) & c.mode_bits != 0 {
        fs::chmodat(at, name, c.mode | (st.mode & mode::ALL & !c.mode_bits))?;
    }
    Ok(())
}
