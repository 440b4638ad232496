// corebox applet
// name: yes
// usage: [STRING]...
// usage: OPTION
// help:
// Repeatedly output a line with all specified STRING(s), or 'y'.
//
//       --help        display this help and exit
//       --version     output version information and exit

use super::SPEC;
use alloc::vec::Vec;
use sys::io::Fd;

/// Output is written in blocks of at least this size.
const BLOCK: usize = 128 * 1024;

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let operands = crate::shared::cli::parse(&SPEC, &args[1..]).operands();
    let mut line = Vec::new();
    if operands.is_empty() {
        line.extend_from_slice(b"y");
    }
    for (i, a) in operands.iter().enumerate() {
        if i > 0 {
            line.push(b' ');
        }
        line.extend_from_slice(a);
    }
    line.push(b'\n');
    let copies = BLOCK.div_ceil(line.len());
    let block: &'static [u8] = line.repeat(copies).leak();
    // A pipe takes the pages themselves (no copy); anything else gets
    // writes. The block holds whole lines, so wrapping keeps lines whole.
    let mut off = 0;
    if sys::fs::fstat(Fd::STDOUT).is_ok_and(|s| s.is_fifo()) {
        sys::fs::grow_pipe(Fd::STDOUT, 1024 * 1024).ok();
        while let Ok(n) = sys::fs::vmsplice_static(Fd::STDOUT, &block[off..]) {
            off = (off + n) % block.len();
        }
    }
    loop {
        if let Err(e) = Fd::STDOUT.write_all(&block[off..]) {
            sys::io::error(&[b"standard output"], Some(e));
            return 1;
        }
        off = 0;
    }
}
