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

//! mkdir: GNU mkdir.c over gnulib's make_dir_parents and mkancesdirs
//! (`shared::mkdirp`: relative to O_PATH descriptors, the working
//! directory never moves). Ancestors get mode `a=rwx - umask` with u+wx;
//! `-m` modes that the umask would spoil, or with special bits, are set
//! with chmod after mkdir.

use super::{opt, SPEC};
use crate::shared::context::Context;
use crate::shared::diag::{die, quote};
use crate::shared::mkdirp::DirMaker;
use logic::mode;
use sys::fs;

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
    let mut c = DirMaker {
        parents,
        verbose,
        announce: b"created directory ",
        mode: 0o777,
        mode_bits: 0,
        ancestor_mode: 0o777,
        umask_ancestor: 0,
        umask_self: 0,
        owner: None,
        group: None,
        preserve_existing: true,
        labels: ctx
            .labels
            .take()
            .map(|l| &*alloc::boxed::Box::leak(alloc::boxed::Box::new(l))),
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
        ok &= c.make(d);
    }
    i32::from(!ok)
}
