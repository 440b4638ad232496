// corebox applet
// name: sync
// usage: [OPTION] [FILE]...
// option: -d, --data
// option: -f, --file-system
// help:
// Synchronize cached writes to persistent storage
//
// If one or more files are specified, sync only them,
// or their containing file systems.
//
//   -d, --data             sync only file data, no unneeded metadata
//   -f, --file-system      sync the file systems that contain the files
//       --help        display this help and exit
//       --version     output version information and exit

use super::SPEC;
use crate::shared::diag::quoteaf;
use sys::io::error;

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (mut data, mut filesystem) = (false, false);
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            'd' => data = true,
            _ => filesystem = true,
        }
    }
    let files = opts.operands();
    if data && filesystem {
        error(&[b"cannot specify both --data and --file-system"], None);
        return 1;
    }
    if data && files.is_empty() {
        error(&[b"--data needs at least one argument"], None);
        return 1;
    }
    if files.is_empty() {
        sys::fs::sync_all();
        return 0;
    }
    let mut status = 0;
    for f in files {
        let file = match sys::fs::open_for_sync(f) {
            Ok(file) => file,
            Err(e) => {
                error(&[b"error opening ", &quoteaf(f)], Some(e));
                status = 1;
                continue;
            }
        };
        let r = if data {
            sys::fs::fdatasync(file.fd())
        } else if filesystem {
            sys::fs::syncfs(file.fd())
        } else {
            sys::fs::fsync(file.fd())
        };
        if let Err(e) = r {
            error(&[b"error syncing ", &quoteaf(f)], Some(e));
            status = 1;
        }
    }
    status
}
