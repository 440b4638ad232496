// corebox applet
// name: mkfifo
// usage: [OPTION]... NAME...
// option: --context[=CTX]
// option: -m, --mode=MODE
// option: -Z
// help:
// Create named pipes (FIFOs) with the given NAMEs.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -m, --mode=MODE    set file permission bits to MODE, not a=rw - umask
//   -Z                   set the SELinux security context to default type
//       --context[=CTX]  like -Z, or if CTX is specified then set the SELinux
//                          or SMACK security context to CTX
//       --help        display this help and exit
//       --version     output version information and exit

// corebox applet
// name: mknod
// usage: [OPTION]... NAME TYPE [MAJOR MINOR]
// option: --context[=CTX]
// option: -m, --mode=MODE
// option: -Z
// help:
// Create the special file NAME of the given TYPE.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -m, --mode=MODE    set file permission bits to MODE, not a=rw - umask
//   -Z                   set the SELinux security context to default type
//       --context[=CTX]  like -Z, or if CTX is specified then set the SELinux
//                          or SMACK security context to CTX
//       --help        display this help and exit
//       --version     output version information and exit
//
// Both MAJOR and MINOR must be specified when TYPE is b, c, or u, and they
// must be omitted when TYPE is p.  If MAJOR or MINOR begins with 0x or 0X,
// it is interpreted as hexadecimal; otherwise, if it begins with 0, as octal;
// otherwise, as decimal.  TYPE may be:
//
//   b      create a block (buffered) special file
//   c, u   create a character (unbuffered) special file
//   p      create a FIFO
//
// NOTE: your shell may have its own version of mknod, which usually supersedes
// the version described here.  Please refer to your shell's documentation
// for details about the options it supports.

//! mkfifo and mknod: GNU mkfifo.c and mknod.c. The mode is `a=rw - umask`,
//! or `-m`'s (permission bits only), set again with chmod after the node
//! is made so that the umask does not spoil it. Device numbers are glibc's
//! makedev of a major and a minor in C notation (`0x`, `0`).

use super::opt;
use crate::shared::cli::{self, Spec};
use crate::shared::context::Context;
use crate::shared::diag::{die, quote, quoteaf, quotef};
use alloc::vec::Vec;
use sys::fs;
use sys::io::{error, write_stderr};

/// The options both programs share: `-m` and the context.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(
    spec: &'static Spec,
    args: &'static [&'static [u8]],
) -> (Option<&'static [u8]>, Context, Vec<&'static [u8]>) {
    let mut opts = cli::parse(spec, &args[1.min(args.len())..]);
    let (mut mode, mut ctx) = (None, Context::default());
    while let Some(o) = opts.next() {
        match o.key {
            'm' => mode = o.arg,
            'Z' => ctx.option(None),
            opt::CONTEXT => ctx.option(o.arg),
            _ => {}
        }
    }
    (mode, ctx, opts.operands())
}

/// `a=rw - umask`, or the permission bits `-m MODE` gives.
#[cfg_attr(corebox_opt, optimize(size))]
fn node_mode(arg: Option<&[u8]>) -> u32 {
    let Some(m) = arg else { return 0o666 };
    let Some(changes) = logic::mode::compile(m) else {
        die(&[b"invalid mode"], None)
    };
    let mode = logic::mode::adjust(0o666, false, fs::umask(), &changes);
    if mode & !0o777 != 0 {
        die(&[b"mode must specify only file permission bits"], None);
    }
    mode
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn mkfifo(args: &'static [&'static [u8]]) -> i32 {
    let (mode_arg, ctx, names) = parse(&super::mkfifo::SPEC, args);
    if names.is_empty() {
        cli::missing_operand(&super::mkfifo::SPEC);
    }
    ctx.apply();
    let mode = node_mode(mode_arg);
    let mut status = 0;
    for name in names {
        // GNU ignores a failed defaultcon here.
        let _ = ctx.default_for(name, fs::S_IFIFO);
        if let Err(e) = fs::mknod(name, fs::S_IFIFO | mode, 0) {
            error(&[b"cannot create fifo ", &quoteaf(name)], Some(e));
            status = 1;
        } else if mode_arg.is_some() {
            if let Err(e) = fs::chmodat(sys::io::Fd::CWD, name, mode) {
                error(&[b"cannot set permissions of ", &quoteaf(name)], Some(e));
                status = 1;
            }
        }
    }
    status
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn mknod(args: &'static [&'static [u8]]) -> i32 {
    let spec = &super::mknod::SPEC;
    let (mode_arg, ctx, ops) = parse(spec, args);
    let mode = node_mode(mode_arg);
    let want = if ops.is_empty() || ops.get(1).is_some_and(|t| t.first() == Some(&b'p')) {
        2
    } else {
        4
    };
    if ops.len() < want {
        match ops.last() {
            None => error(&[b"missing operand"], None),
            Some(l) => error(&[b"missing operand after ", &quote(l)], None),
        }
        if want == 4 && ops.len() == 2 {
            write_stderr(b"Special files require major and minor device numbers.\n");
        }
        cli::try_help(spec);
    }
    if ops.len() > want {
        error(&[b"extra operand ", &quote(ops[want])], None);
        if want == 2 && ops.len() == 4 {
            write_stderr(b"Fifos do not have major and minor device numbers.\n");
        }
        cli::try_help(spec);
    }
    ctx.apply();
    let name = ops[0];
    let (kind, dev) = match ops[1].first() {
        Some(b'b') => (fs::S_IFBLK, device(ops[2], ops[3])),
        Some(b'c' | b'u') => (fs::S_IFCHR, device(ops[2], ops[3])),
        Some(b'p') => (fs::S_IFIFO, 0),
        _ => cli::usage_error(spec, &[b"invalid device type ", &quote(ops[1])]),
    };
    let _ = ctx.default_for(name, kind);
    if let Err(e) = fs::mknod(name, kind | mode, dev) {
        die(&[&quotef(name)], Some(e));
    }
    if mode_arg.is_some() {
        if let Err(e) = fs::chmodat(sys::io::Fd::CWD, name, mode) {
            die(&[b"cannot set permissions of ", &quoteaf(name)], Some(e));
        }
    }
    0
}

/// glibc's makedev of MAJOR and MINOR, each an unsigned 32-bit number.
#[cfg_attr(corebox_opt, optimize(size))]
fn device(major: &[u8], minor: &[u8]) -> u64 {
    let number = |s: &[u8], what: &[u8]| -> u32 {
        match logic::num::parse_u64_c(s)
            .ok()
            .and_then(|n| u32::try_from(n).ok())
        {
            Some(n) => n,
            None => die(&[b"invalid ", what, b" device number ", &quote(s)], None),
        }
    };
    let (ma, mi) = (number(major, b"major"), number(minor, b"minor"));
    let dev = fs::makedev(ma, mi);
    if dev == u64::MAX {
        die(&[b"invalid device ", major, b" ", minor], None);
    }
    dev
}
