// corebox applet
// name: stdbuf
// usage: OPTION... COMMAND
// stop-at-operand: yes
// usage-status: 125
// option: -i, --input=MODE
// option: -o, --output=MODE
// option: -e, --error=MODE
// help:
// Run COMMAND, with modified buffering operations for its standard streams.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -i, --input=MODE   adjust standard input stream buffering
//   -o, --output=MODE  adjust standard output stream buffering
//   -e, --error=MODE   adjust standard error stream buffering
//       --help        display this help and exit
//       --version     output version information and exit
//
// If MODE is 'L' the corresponding stream will be line buffered.
// This option is invalid with standard input.
//
// If MODE is '0' the corresponding stream will be unbuffered.
//
// Otherwise MODE is a number which may be followed by one of the following:
// KB 1000, K 1024, MB 1000*1000, M 1024*1024, and so on for G, T, P, E, Z, Y.
// Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
// In this case the corresponding stream will be fully buffered with the buffer
// size set to MODE bytes.
//
// NOTE: If COMMAND adjusts the buffering of its standard streams ('tee' does
// for example) then that will override corresponding changes by 'stdbuf'.
// Also some filters (like 'dd' and 'cat' etc.) don't use streams for I/O,
// and are thus unaffected by 'stdbuf' settings.

//! stdbuf: GNU stdbuf.c. Buffering is changed inside the command by
//! GNU's libstdbuf.so, preloaded into it by the dynamic loader: corebox,
//! static and without libc, cannot carry that library. It sets GNU's
//! `_STDBUF_I/_O/_E` variables, which corebox's own applets honour
//! (standard output line buffered, unbuffered or sized; `-i` has no
//! effect on them), and for any other command preloads the libstdbuf.so
//! found where GNU looks (beside the program, then
//! /usr/libexec/coreutils), so dynamically linked commands work wherever
//! GNU coreutils' library is installed; without it, it fails as GNU does
//! (`failed to find 'libstdbuf.so'`, status 125) rather than run the
//! command unchanged.

use super::SPEC;
use crate::shared::cli::usage_error;
use crate::shared::diag::quote;
use alloc::vec::Vec;
use sys::io::error;

const CANCELED: i32 = 125;
const LIB: &[u8] = b"libstdbuf.so";
/// GNU's PKGLIBEXECDIR on Debian and most distributions.
const PKGLIBEXECDIR: &[u8] = b"/usr/libexec/coreutils";

#[cold]
#[cfg_attr(corebox_opt, optimize(size))]
fn die(parts: &[&[u8]], e: Option<sys::Errno>) -> ! {
    error(parts, e);
    sys::rt::exit(CANCELED)
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::set_exit_failure(CANCELED);
    // The modes of stdin, stdout and stderr, as given.
    let mut modes: [Option<&[u8]>; 3] = [None; 3];
    let mut p = crate::shared::cli::parse(&SPEC, &args[1.min(args.len())..]);
    while let Some(o) = p.next() {
        let fd = match o.key {
            'i' => 0,
            'o' => 1,
            _ => 2,
        };
        let arg = o.arg.unwrap_or_default().trim_ascii_start();
        if fd == 0 && arg.first() == Some(&b'L') {
            usage_error(&SPEC, &[b"line buffering stdin is meaningless"]);
        }
        if arg != b"L" {
            size(arg);
        }
        modes[fd] = Some(arg);
    }
    let command = p.operands();
    if command.is_empty() {
        crate::shared::cli::missing_operand(&SPEC);
    }
    if modes.iter().all(Option::is_none) {
        usage_error(&SPEC, &[b"you must specify a buffering mode option"]);
    }
    let mut env: Vec<Vec<u8>> = Vec::new();
    for (fd, m) in modes.iter().enumerate() {
        let Some(m) = m else { continue };
        let mut var = b"_STDBUF_".to_vec();
        var.push(b"IOE"[fd]);
        var.push(b'=');
        if m.first() == Some(&b'L') {
            var.push(b'L');
        } else {
            logic::digits::push_u64(&mut var, size(m) as u64);
        }
        env.push(var);
    }
    // corebox's own programs read the variables themselves.
    if !is_corebox(command[0], args[0]) {
        env.push(preload(args[0]));
    }
    let names: Vec<&[u8]> = env
        .iter()
        .map(|v| &v[..v.iter().position(|&b| b == b'=').unwrap_or(0) + 1])
        .collect();
    let mut full: Vec<&[u8]> = sys::env::vars()
        .into_iter()
        .filter(|e| !names.iter().any(|n| e.starts_with(n)))
        .collect();
    full.extend(env.iter().map(|v| &v[..]));
    let (e, status) = crate::shared::process::exec(&command, Some(&full));
    error(&[b"failed to run command ", &quote(command[0])], Some(e));
    status
}

/// `command` runs this very binary (a corebox applet): the same file as
/// /proc/self/exe, or without /proc as what `argv0` names.
#[cfg_attr(corebox_opt, optimize(size))]
fn is_corebox(command: &[u8], argv0: &[u8]) -> bool {
    let Some(cmd) = sys::exec::which(command).and_then(|p| sys::fs::stat(&p).ok()) else {
        return false;
    };
    let own = sys::fs::stat(b"/proc/self/exe")
        .ok()
        .or_else(|| sys::exec::which(argv0).and_then(|p| sys::fs::stat(&p).ok()));
    own.is_some_and(|s| s.same_file(&cmd))
}

/// A buffer size (xstrtoumax with `EGkKMPTYZ0` suffixes) or exit.
#[cfg_attr(corebox_opt, optimize(size))]
fn size(arg: &[u8]) -> usize {
    use logic::num::SizeError;
    match logic::num::parse_size(arg, b"EGkKMPTYZ0") {
        Ok(n) if n <= usize::MAX as u64 => n as usize,
        Ok(_) | Err(SizeError::Overflow) => {
            die(&[b"invalid mode ", &quote(arg)], Some(sys::Errno(75)))
        }
        Err(_) => die(&[b"invalid mode ", &quote(arg)], None),
    }
}

/// `LD_PRELOAD=[OLD:]DIR/libstdbuf.so`, DIR being the program's own
/// directory or GNU's library directory; exit when neither has it.
#[cfg_attr(corebox_opt, optimize(size))]
fn preload(argv0: &[u8]) -> Vec<u8> {
    let own = if argv0.contains(&b'/') {
        Some(argv0.to_vec())
    } else {
        sys::fs::readlink(b"/proc/self/exe").ok()
    };
    let own_dir = own.map(|p| {
        let cut = p.iter().rposition(|&b| b == b'/').unwrap_or(0);
        p[..cut.max(1)].to_vec()
    });
    let found = own_dir
        .iter()
        .map(|d| &d[..])
        .chain([PKGLIBEXECDIR])
        .map(|dir| [dir, b"/", LIB].concat())
        .find(|path| sys::fs::stat(path).is_ok());
    let Some(lib) = found else {
        die(&[b"failed to find ", &quote(LIB)], None)
    };
    let mut v = b"LD_PRELOAD=".to_vec();
    if let Some(old) = sys::env::var(b"LD_PRELOAD") {
        v.extend_from_slice(old);
        v.push(b':');
    }
    v.extend_from_slice(&lib);
    v
}
