// corebox applet
// name: mktemp
// usage: [OPTION]... [TEMPLATE]
// option: -d, --directory
// option: -q, --quiet
// option: -u, --dry-run
// option: --suffix=SUFF
// option: --tmpdir[=DIR]
// option: -p DIR
// option: -t
// option: -V
// help:
// Create a temporary file or directory, safely, and print its name.
// TEMPLATE must contain at least 3 consecutive 'X's in last component.
// If TEMPLATE is not specified, use tmp.XXXXXXXXXX, and --tmpdir is implied.
// Files are created u+rw, and directories u+rwx, minus umask restrictions.
//
//   -d, --directory     create a directory, not a file
//   -u, --dry-run       do not create anything; merely print a name (unsa&#102;e)
//   -q, --quiet         suppress diagnostics about file/dir-creation failure
//       --suffix=SUFF   append SUFF to TEMPLATE; SUFF must not contain a slash.
//                         This option is implied if TEMPLATE does not end in X
//   -p DIR, --tmpdir[=DIR]  interpret TEMPLATE relative to DIR; if DIR is not
//                         specified, use $TMPDIR if set, else /tmp.  With
//                         this option, TEMPLATE must not be an absolute name;
//                         unlike with -t, TEMPLATE may contain slashes, but
//                         mktemp creates only the final component
//   -t                  interpret TEMPLATE as a single file name component,
//                         relative to a directory: $TMPDIR, if set; else the
//                         directory specified via -p; else /tmp [deprecated]
//       --help        display this help and exit
//       --version     output version information and exit

//! mktemp: GNU mktemp.c with gnulib's gen_tempname: the X's are replaced
//! by letters and digits from getrandom(2), and a name is tried up to
//! 62^3 times: a file created with O_EXCL and mode 0600, a directory with
//! mode 0700, or (`-u`) a name that lstat does not find. If the name cannot
//! be written out, the file or directory is removed again.

use super::{opt, SPEC};
use crate::shared::cli;
use crate::shared::diag::{die, quote};
use logic::path::last_component;
use sys::fs;
use sys::io::{error, out};
use sys::Errno;

const LETTERS: &[u8; 62] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    File,
    Dir,
    /// `-u`: only a name that does not exist.
    Name,
}

#[cfg_attr(corebox_opt, optimize(size))]
fn tmpdir_env() -> Option<&'static [u8]> {
    sys::env::var(b"TMPDIR").filter(|d| !d.is_empty())
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut opts = cli::parse(&SPEC, &args[1..]);
    let (mut kind, mut quiet, mut suffix) = (Kind::File, false, None);
    let (mut dir_arg, mut use_dir, mut t_option, mut dry) = (None, false, false, false);
    while let Some(o) = opts.next() {
        match o.key {
            'd' => kind = Kind::Dir,
            'q' => quiet = true,
            'u' => dry = true,
            't' => (use_dir, t_option) = (true, true),
            'p' | opt::TMPDIR => (dir_arg, use_dir) = (o.arg, true),
            opt::SUFFIX => suffix = o.arg,
            'V' => {
                cli::version(&SPEC);
                sys::rt::exit(0)
            }
            _ => {}
        }
    }
    let ops = opts.operands();
    if ops.len() >= 2 {
        cli::usage_error(&SPEC, &[b"too many templates"]);
    }
    let template: &[u8] = match ops.first() {
        Some(t) => t,
        None => {
            use_dir = true;
            b"tmp.XXXXXXXXXX"
        }
    };
    let mut name = template.to_vec();
    let suffix_len = match suffix {
        Some(s) => {
            if name.last() != Some(&b'X') {
                die(
                    &[
                        b"with --suffix, template ",
                        &quote(template),
                        b" must end in X",
                    ],
                    None,
                );
            }
            name.extend_from_slice(s);
            s.len()
        }
        None => {
            name.len()
                - name
                    .iter()
                    .rposition(|&b| b == b'X')
                    .map_or(name.len(), |i| i + 1)
        }
    };
    let sfx = &name[name.len() - suffix_len..];
    if !sfx.is_empty() && last_component(sfx) != 0 {
        die(
            &[
                b"invalid suffix ",
                &quote(sfx),
                b", contains directory separator",
            ],
            None,
        );
    }
    let stem = &name[..name.len() - suffix_len];
    let x_count = stem.iter().rev().take_while(|&&b| b == b'X').count();
    if x_count < 3 {
        die(&[b"too few X's in template ", &quote(&name)], None);
    }
    if use_dir {
        let dir: &[u8] = if t_option {
            if last_component(&name) != 0 {
                die(
                    &[
                        b"invalid template, ",
                        &quote(&name),
                        b", contains directory separator",
                    ],
                    None,
                );
            }
            tmpdir_env()
                .or(dir_arg.filter(|d| !d.is_empty()))
                .unwrap_or(b"/tmp")
        } else {
            if name.first() == Some(&b'/') {
                die(
                    &[
                        b"invalid template, ",
                        &quote(&name),
                        b"; with --tmpdir, it may not be absolute",
                    ],
                    None,
                );
            }
            dir_arg
                .filter(|d| !d.is_empty())
                .or_else(tmpdir_env)
                .unwrap_or(b"/tmp")
        };
        name = logic::path::file_name_concat(dir, &name).0;
    }
    let shown = name.clone();
    let make = if dry { Kind::Name } else { kind };
    if let Err(e) = gen_tempname(&mut name, suffix_len, x_count, make) {
        if !quiet {
            let what: &[u8] = if kind == Kind::Dir {
                b"failed to create directory via template "
            } else {
                b"failed to create file via template "
            };
            error(&[what, &quote(&shown)], Some(e));
        }
        return 1;
    }
    out().write(&name);
    out().byte(b'\n');
    if !dry {
        if let Err(e) = out().flush() {
            out().take_error();
            let _ = if kind == Kind::Dir {
                fs::rmdir(&name)
            } else {
                fs::unlink(&name)
            };
            if !quiet {
                error(&[b"write error"], Some(e));
            }
            return 1;
        }
    }
    0
}

/// gnulib's try_tempname_len: fills the `x_count` X's before the
/// suffix with random letters and digits until the name can be made.
#[cfg_attr(corebox_opt, optimize(size))]
fn gen_tempname(
    name: &mut [u8],
    suffix_len: usize,
    x_count: usize,
    kind: Kind,
) -> Result<(), Errno> {
    let start = name.len() - suffix_len - x_count;
    let (mut v, mut digits) = (0u64, 0);
    // The largest multiple of 62^10 that fits: values above it are
    // drawn again, so every letter is equally likely.
    const POWER: u64 = 62u64.pow(10);
    const FAIR: u64 = u64::MAX - u64::MAX % POWER;
    for _ in 0..62 * 62 * 62 {
        for i in 0..x_count {
            if digits == 0 {
                v = sys::system::random_u64();
                while v >= FAIR {
                    v = sys::system::random_u64();
                }
                digits = 10;
            }
            name[start + i] = LETTERS[(v % 62) as usize];
            v /= 62;
            digits -= 1;
        }
        let r = match kind {
            Kind::File => fs::create_new(name, 0o600).map(drop),
            Kind::Dir => fs::mkdir(name, 0o700),
            Kind::Name => match fs::lstat(name) {
                Err(Errno::NOENT) => Ok(()),
                Err(e) if e != Errno::OVERFLOW => Err(e),
                _ => Err(Errno::EXIST),
            },
        };
        match r {
            Err(Errno::EXIST) => continue,
            r => return r,
        }
    }
    Err(Errno::EXIST)
}
