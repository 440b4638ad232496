// corebox applet
// name: pwd
// usage: [OPTION]...
// option: -L, --logical
// option: -P, --physical
// help:
// Print the full filename of the current working directory.
//
//   -L, --logical   use PWD from environment, even if it contains symlinks
//   -P, --physical  avoid all symlinks
//       --help        display this help and exit
//       --version     output version information and exit
//
// If no option is specified, -P is assumed.
//
// NOTE: your shell may have its own version of pwd, which usually supersedes
// the version described here.  Please refer to your shell's documentation
// for details about the options it supports.

use super::SPEC;

/// $PWD if it names the current directory absolutely, without `.` or `..`
/// components (what `pwd -L` may print).
fn logical() -> Option<&'static [u8]> {
    let pwd = sys::env::var(b"PWD")?;
    if !pwd.starts_with(b"/") || pwd.split(|&c| c == b'/').any(|c| c == b"." || c == b"..") {
        return None;
    }
    let (a, b) = (sys::fs::stat(pwd).ok()?, sys::fs::stat(b".").ok()?);
    a.same_file(&b).then_some(pwd)
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut use_logical = sys::env::posixly_correct();
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        use_logical = o.key == 'L';
    }
    if !opts.operands().is_empty() {
        sys::io::error(&[b"ignoring non-option arguments"], None);
    }
    if use_logical {
        if let Some(p) = logical() {
            sys::out().write(p);
            sys::out().byte(b'\n');
            return 0;
        }
    }
    match sys::fs::getcwd() {
        Ok(p) => {
            sys::out().write(&p);
            sys::out().byte(b'\n');
            0
        }
        Err(e) => {
            sys::io::error(&[b"cannot determine current directory"], Some(e));
            1
        }
    }
}
