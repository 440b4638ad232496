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
use crate::shared::diag::{die, quotef};
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
    /// No write to it has failed yet.
    live: bool,
}

struct Config {
    append: bool,
    ignore_interrupts: bool,
    on_error: OnError,
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (c, files) = parse(args);
    if c.ignore_interrupts {
        sys::signal::ignore(Sig::INT).ok();
    }
    if c.on_error != OnError::Sigpipe {
        sys::signal::ignore(Sig::PIPE).ok();
    }
    let (mut outputs, opened) = open_outputs(&files, &c);
    let copied = copy(&mut outputs, c.on_error);
    drop(outputs);
    sys::io::finish_stdin(true, b"standard input", opened && copied)
}

/// The options, and the FILE operands.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        append: false,
        ignore_interrupts: false,
        on_error: OnError::Sigpipe,
    };
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            'a' => c.append = true,
            'i' => c.ignore_interrupts = true,
            'p' => c.on_error = OnError::WarnNopipe,
            opt::OUTPUT_ERROR => {
                c.on_error = match o.arg {
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
    (c, opts.operands())
}

/// Standard output and the FILE operands that could be opened (the others
/// are reported, or with --output-error=exit[-nopipe] end tee at once, as
/// GNU's); false if one could not.
fn open_outputs(files: &[&'static [u8]], c: &Config) -> (Vec<Output>, bool) {
    let mut ok = true;
    let mut outputs: Vec<Output> = alloc::vec![Output {
        name: b"standard output",
        _file: None,
        fd: Fd::STDOUT,
        live: true,
    }];
    let how = if c.append {
        Open::Append
    } else {
        Open::WriteTrunc
    };
    for &name in files {
        match fs::open(name, how) {
            Ok(f) => {
                let fd = f.fd();
                outputs.push(Output {
                    name,
                    _file: Some(f),
                    fd,
                    live: true,
                });
            }
            // GNU's --output-error=exit[-nopipe] ends at once when a
            // FILE cannot be opened, before any input is read.
            Err(e) if matches!(c.on_error, OnError::Exit | OnError::ExitNopipe) => {
                die(&[&quotef(name)], Some(e))
            }
            Err(e) => {
                error(&[&quotef(name)], Some(e));
                ok = false;
            }
        }
    }
    (outputs, ok)
}

/// Copies standard input to every output until the input ends or no
/// output is left; false if anything failed.
fn copy(outputs: &mut [Output], on_error: OnError) -> bool {
    let mut ok = true;
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
        for out in outputs.iter_mut().filter(|o| o.live) {
            if let Err(e) = out.fd.write_all(&buf[..n]) {
                out.live = false;
                if e != Errno::PIPE || matches!(on_error, OnError::Warn | OnError::Exit) {
                    if matches!(on_error, OnError::Exit | OnError::ExitNopipe) {
                        die(&[&quotef(out.name)], Some(e));
                    }
                    error(&[&quotef(out.name)], Some(e));
                    ok = false;
                }
            }
        }
        if !outputs.iter().any(|o| o.live) {
            break;
        }
    }
    ok
}
