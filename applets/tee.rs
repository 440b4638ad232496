// corebox applet
// name: tee
// usage: [OPTION]... [FILE]...
// option: -a, --append
// option: -i, --ignore-interrupts
// option: -p
// option: --output-error[=MODE]
// help:
// Copy standard input to each FILE, and also to standard output.
//
//   -a, --append              append to the given FILEs, do not overwrite
//   -i, --ignore-interrupts   ignore interrupt signals
//   -p                        diagnose errors writing to non pipes
//       --output-error[=MODE]   set behavior on write error.  See MODE below
//       --help        display this help and exit
//       --version     output version information and exit
//
// MODE determines behavior with write errors on the outputs:
//   warn           diagnose errors writing to any output
//   warn-nopipe    diagnose errors writing to any output not a pipe
//   exit           exit on error writing to any output
//   exit-nopipe    exit on error writing to any output not a pipe
// The default MODE for the -p option is 'warn-nopipe'.
// The default operation when --output-error is not specified, is to
// exit immediately on error writing to a pipe, and diagnose errors
// writing to non pipe outputs.

use super::{opt, SPEC};
use crate::shared::diag::quotef;
use alloc::vec::Vec;
use sys::fs::{self, Open};
use sys::io::{error, Fd, File};
use sys::signal::Sig;
use sys::Errno;

const BUF: usize = 64 * 1024;

/// What to do when an output cannot be written (--output-error).
#[derive(Clone, Copy, PartialEq)]
enum OnError {
    /// Default: die by SIGPIPE, diagnose other errors and go on.
    Sigpipe,
    Warn,
    WarnNopipe,
    Exit,
    ExitNopipe,
}

struct Output {
    name: &'static [u8],
    _file: Option<File>,
    fd: Fd,
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (mut append, mut ignore_int, mut mode) = (false, false, OnError::Sigpipe);
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            'a' => append = true,
            'i' => ignore_int = true,
            'p' => mode = OnError::WarnNopipe,
            opt::OUTPUT_ERROR => {
                mode = match o.arg {
                    None => OnError::WarnNopipe,
                    Some(a) => crate::shared::cli::choice(
                        &SPEC,
                        b"--output-error",
                        a,
                        &[
                            (b"warn", OnError::Warn),
                            (b"warn-nopipe", OnError::WarnNopipe),
                            (b"exit", OnError::Exit),
                            (b"exit-nopipe", OnError::ExitNopipe),
                        ],
                    ),
                }
            }
            _ => {}
        }
    }
    if ignore_int {
        sys::signal::ignore(Sig::INT).ok();
    }
    if mode != OnError::Sigpipe {
        sys::signal::ignore(Sig::PIPE).ok();
    }
    let mut ok = true;
    let mut outputs: Vec<Output> = alloc::vec![Output {
        name: b"standard output",
        _file: None,
        fd: Fd::STDOUT
    }];
    for name in opts.operands() {
        match fs::open(
            name,
            if append {
                Open::Append
            } else {
                Open::WriteTrunc
            },
        ) {
            Ok(f) => {
                let fd = f.fd();
                outputs.push(Output {
                    name,
                    _file: Some(f),
                    fd,
                });
            }
            Err(e) => {
                error(&[&quotef(name)], Some(e));
                ok = false;
            }
        }
    }
    let mut live: Vec<bool> = alloc::vec![true; outputs.len()];
    let mut buf = alloc::vec![0u8; BUF];
    loop {
        let n = match Fd::STDIN.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => {
                error(&[b"read error"], Some(e));
                ok = false;
                break;
            }
        };
        for (out, alive) in outputs.iter().zip(live.iter_mut()) {
            if !*alive {
                continue;
            }
            if let Err(e) = out.fd.write_all(&buf[..n]) {
                *alive = false;
                let fail = e != Errno::PIPE || matches!(mode, OnError::Warn | OnError::Exit);
                if fail {
                    error(&[&quotef(out.name)], Some(e));
                    ok = false;
                    if matches!(mode, OnError::Exit | OnError::ExitNopipe) {
                        sys::rt::exit(1);
                    }
                }
            }
        }
        if !live.iter().any(|&a| a) {
            break;
        }
    }
    drop(outputs);
    sys::io::finish_stdin(true, b"standard input", ok)
}
