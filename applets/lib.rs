//! The corebox multicall binary: dispatches on the basename of argv[0], or
//! on the first argument when called as `corebox APPLET [ARGS]`.
#![no_std]
// `--cfg corebox_opt` (qemu/build.sh, qemu/sizes.sh): the release build
// is optimised for size ("z") but for the functions marked
// `#[cfg_attr(corebox_opt, optimize(speed))]`, the hot loops.
#![cfg_attr(corebox_opt, feature(optimize_attribute))]
// Functions holding a hot tight loop are marked
// `#[cfg_attr(corebox_opt, rustc_align(64), inline(never))]`: starting at
// a 64-byte boundary, out of line, their speed does not depend on where
// the rest of the binary puts them ("s" aligns no loops; README, Sizes).
#![cfg_attr(corebox_opt, feature(fn_align))]
// Raw-memory code belongs in `sys` alone: Cargo.toml denies the lint
// unsafe_code for this crate (sys's entry macro allows it where it expands).

extern crate alloc;

use alloc::vec::Vec;
use logic::path::basename;
use sys::io::{error, out, set_program_name};

#[cfg_attr(corebox_subset, allow(dead_code))]
mod shared;

include!(concat!(env!("OUT_DIR"), "/applets.rs"));

fn find(name: &[u8]) -> Option<crate::shared::cli::Main> {
    // GNU's build names install `ginstall` (its tests call it so).
    let name: &[u8] = if name == b"ginstall" {
        b"install"
    } else {
        name
    };
    names().position(|n| n == name).map(|i| MAINS[i])
}

/// The applets of this build, sorted.
fn names() -> impl Iterator<Item = &'static [u8]> {
    NAMES.split(|&b| b == b'\n').filter(|n| !n.is_empty())
}

pub fn main(args: Vec<&'static [u8]>) -> i32 {
    let args: &'static [&'static [u8]] = args.leak();
    let argv0 = args.first().copied().unwrap_or(b"corebox");
    if let Some(run) = find(basename(argv0)) {
        set_program_name(argv0);
        return run(args);
    }
    let Some(&first) = args.get(1) else {
        usage();
        return 1;
    };
    match first {
        b"--list" => {
            out().write(NAMES);
            0
        }
        b"--install" => shared::multicall::install(&args[2..]),
        b"--help" | b"-h" => {
            usage();
            0
        }
        name => match find(name) {
            Some(run) => {
                set_program_name(name);
                run(&args[1..])
            }
            None => {
                let q = logic::quote::locale(name, false);
                error(&[b"unknown applet ", &q], None);
                127
            }
        },
    }
}

fn usage() {
    let o = out();
    o.write(b"corebox ");
    o.write(env!("CARGO_PKG_VERSION").as_bytes());
    o.write(
        b": GNU coreutils as one static multicall binary.\n\n\
Usage: corebox APPLET [ARGUMENT]...\n\
  or:  APPLET [ARGUMENT]...        (through a link named APPLET)\n\
  or:  corebox --list              list the applets of this build\n\
  or:  corebox --install [-s] [-f] [--fhs] DIR\n\
                                   link every applet into DIR (-s: symlinks,\n\
                                   -f: replace other files, --fhs: into\n\
                                   DIR/bin, usr/bin, usr/sbin as Debian)\n\n\
Applets:",
    );
    for (i, name) in names().enumerate() {
        o.write(if i % 8 == 0 { b"\n  " } else { b" " });
        o.write(name);
    }
    o.byte(b'\n');
}
