// corebox applet
// name: fold
// usage: [OPTION]... [FILE]...
// option: -b, --bytes
// option: -s, --spaces
// option: -w, --width=WIDTH
// option: -0[N]
// option: -1[N]
// option: -2[N]
// option: -3[N]
// option: -4[N]
// option: -5[N]
// option: -6[N]
// option: -7[N]
// option: -8[N]
// option: -9[N]
// help:
// Wrap input lines in each FILE, writing to standard output.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -b, --bytes         count bytes rather than columns
//   -s, --spaces        break at spaces
//   -w, --width=WIDTH   use WIDTH columns instead of 80
//       --help        display this help and exit
//       --version     output version information and exit

use super::SPEC;
use crate::shared::diag::quotef;
use crate::shared::files::{finish, or_stdin};
use alloc::vec::Vec;
use logic::fold::Folder;

use sys::io::{error, out};

const BUF: usize = 64 * 1024;

/// Folds one file; false after an error (reported).
#[cfg_attr(corebox_opt, optimize(speed), inline(never))]
fn fold_file(name: &[u8], f: &mut Folder, buf: &mut [u8], folded: &mut Vec<u8>) -> bool {
    let Some(input) = crate::shared::files::open_or_report(name) else {
        return false;
    };
    let mut failed = None;
    loop {
        match input.fd().read(buf) {
            Ok(0) => break,
            Ok(n) => f.push(&buf[..n], folded),
            Err(e) => {
                failed = Some(e);
                break;
            }
        }
        out().write(folded);
        folded.clear();
        if !out().ok() {
            break;
        }
    }
    f.finish(folded);
    out().write(folded);
    folded.clear();
    if let Some(e) = failed {
        error(&[&quotef(name)], Some(e));
    }
    failed.is_none()
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (mut bytes, mut spaces, mut width) = (false, false, 80u64);
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            'b' => bytes = true,
            's' => spaces = true,
            // `-20` is `-w 20`: a digit option whose argument is the rest.
            'w' | '0'..='9' => {
                let mut arg = Vec::new();
                if o.key != 'w' {
                    arg.push(o.key as u8);
                }
                arg.extend_from_slice(o.arg.unwrap_or(b""));
                let max = (usize::MAX as u64).saturating_sub(9);
                width = crate::shared::cli::number_or_die(
                    &arg,
                    b"",
                    1,
                    max,
                    b"invalid number of columns",
                );
            }
            _ => {}
        }
    }
    let mut f = Folder::new(width as usize, bytes, spaces);
    let mut buf = alloc::vec![0u8; BUF];
    let mut folded = Vec::with_capacity(BUF + BUF / 8);
    let files = or_stdin(opts.operands());
    let (mut ok, mut done) = (true, 0);
    for name in &files {
        ok &= fold_file(name, &mut f, &mut buf, &mut folded);
        done += 1;
        if !out().ok() {
            break;
        }
    }
    // Standard input is closed only if it was read.
    finish(&files[..done], ok)
}
