// corebox applet
// name: chgrp
// usage: [OPTION]... GROUP FILE...
// usage: [OPTION]... --reference=RFILE FILE...
// option: -R, --recursive
// option: -c, --changes
// option: --dereference
// option: -h, --no-dereference
// option: --no-preserve-root
// option: --preserve-root
// option: -f, --silent, --quiet
// option: --reference=RFILE
// option: -v, --verbose
// option: -H
// option: -L
// option: -P
// help:
// Change the group of each FILE to GROUP.
// With --reference, change the group of each FILE to that of RFILE.
//
//   -c, --changes          like verbose but report only when a change is made
//   -f, --silent, --quiet  suppress most error messages
//   -v, --verbose          output a diagnostic for every file processed
//       --dereference      affect the referent of each symbolic link (this is
//                          the default), rather than the symbolic link itself
//   -h, --no-dereference   affect symbolic links instead of any referenced file
//                          (useful only on systems that can change the
//                          ownership of a symlink)
//       --no-preserve-root  do not treat '/' specially (the default)
//       --preserve-root    fail to operate recursively on '/'
//       --reference=RFILE  use RFILE's group rather than specifying a
//                          GROUP value
//   -R, --recursive        operate on files and directories recursively
//
// The following options modify how a hierarchy is traversed when the -R
// option is also specified.  If more than one is specified, only the final
// one takes effect.
//
//   -H                     if a command line argument is a symbolic link
//                          to a directory, traverse it
//   -L                     traverse every symbolic link to a directory
//                          encountered
//   -P                     do not traverse any symbolic links (default)
//
//       --help        display this help and exit
//       --version     output version information and exit
//
// Examples:
//   %s staff /u      Change the group of /u to "staff".
//   %s -hR staff /u  Change the group of /u and subfiles to "staff".

use super::{opt, SPEC};
use sys::cli::quote;
use sys::io::error;
use sys::owner::{reference_stat, Options};
use sys::user::Db;

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut o = Options::default();
    let mut opts = sys::cli::parse(&SPEC, &args[1..]);
    while let Some(x) = opts.next() {
        if !o.take(x.key) {
            match x.key {
                opt::DEREFERENCE => o.dereference = 1,
                opt::REFERENCE => o.reference = x.arg,
                opt::PRESERVE_ROOT => o.preserve_root = true,
                opt::NO_PRESERVE_ROOT => o.preserve_root = false,
                _ => {}
            }
        }
    }
    let mut files = opts.operands();
    let reference = o.reference;
    let mut c = o.finish(&SPEC, &files);
    let mut db = Db::default();
    if let Some(r) = reference {
        let st = reference_stat(r);
        c.gid = Some(st.gid);
        c.group_name = Some(db.group_name(st.gid));
    } else {
        let g = files.remove(0);
        if !g.is_empty() {
            c.group_name = Some(g.to_vec());
            let id = db.group_id(g).or_else(|| {
                let d = g.strip_prefix(b"+").unwrap_or(g);
                corebox_core::num::parse_u64_dec(d).and_then(|n| u32::try_from(n).ok())
            });
            match id {
                // The all-ones id means "unchanged" to the kernel.
                Some(id) => c.gid = Some(id).filter(|&g| g != u32::MAX),
                None => {
                    error(&[b"invalid group: ", &quote(g)], None);
                    return 1;
                }
            }
        }
    }
    i32::from(!c.run(&files))
}
