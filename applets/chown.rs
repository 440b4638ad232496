// corebox applet
// name: chown
// usage: [OPTION]... [OWNER][:[GROUP]] FILE...
// usage: [OPTION]... --reference=RFILE FILE...
// option: -R, --recursive
// option: -c, --changes
// option: --dereference
// option: --from=CURRENT_OWNER:CURRENT_GROUP
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
// Change the owner and/or group of each FILE to OWNER and/or GROUP.
// With --reference, change the owner and group of each FILE to those of RFILE.
//
//   -c, --changes          like verbose but report only when a change is made
//   -f, --silent, --quiet  suppress most error messages
//   -v, --verbose          output a diagnostic for every file processed
//       --dereference      affect the referent of each symbolic link (this is
//                          the default), rather than the symbolic link itself
//   -h, --no-dereference   affect symbolic links instead of any referenced file
//                          (useful only on systems that can change the
//                          ownership of a symlink)
//       --from=CURRENT_OWNER:CURRENT_GROUP
//                          change the owner and/or group of each file only if
//                          its current owner and/or group match those specified
//                          here.  Either may be omitted, in which case a match
//                          is not required for the omitted attribute
//       --no-preserve-root  do not treat '/' specially (the default)
//       --preserve-root    fail to operate recursively on '/'
//       --reference=RFILE  use RFILE's owner and group rather than
//                          specifying OWNER:GROUP values
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
// Owner is unchanged if missing.  Group is unchanged if missing, but changed
// to login group if implied by a ':' following a symbolic OWNER.
// OWNER and GROUP may be numeric as well as symbolic.
//
// Examples:
//   %s root /u        Change the owner of /u to "root".
//   %s root:staff /u  Likewise, but also change its group to "staff".
//   %s -hR root /u    Change the owner of /u and subfiles to "root".

use super::{opt, SPEC};
use sys::cli::quote;
use sys::io::error;
use sys::owner::{reference_stat, Options};
use sys::user::{parse_spec, Db};

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut o = Options::default();
    let mut from = None;
    let mut db = Db::default();
    let mut spec = |s: &'static [u8]| match parse_spec(&mut db, s) {
        Ok((p, warn)) => {
            if warn {
                error(&[b"warning: '.' should be ':': ", &quote(s)], None);
            }
            p
        }
        Err(e) => {
            error(&[e.message(), b": ", &quote(s)], None);
            sys::rt::exit(1)
        }
    };
    let mut opts = sys::cli::parse(&SPEC, &args[1..]);
    while let Some(x) = opts.next() {
        if !o.take(x.key) {
            match x.key {
                opt::DEREFERENCE => o.dereference = 1,
                // Checked at once, as GNU's option loop does.
                opt::FROM => from = Some(spec(x.arg.unwrap_or(b""))),
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
    if let Some(p) = from {
        (c.from_uid, c.from_gid) = (p.uid, p.gid);
    }
    if let Some(r) = reference {
        let st = reference_stat(r);
        (c.uid, c.gid) = (Some(st.uid), Some(st.gid));
        c.user_name = Some(db.user_name(st.uid));
        c.group_name = Some(db.group_name(st.gid));
    } else {
        let p = spec(files.remove(0));
        (c.uid, c.gid) = (p.uid, p.gid);
        c.user_name = p.user_name;
        c.group_name = p.group_name;
        // With a group but no user, messages say "ownership", not "group".
        if c.user_name.is_none() && c.group_name.is_some() {
            c.user_name = Some(alloc::vec::Vec::new());
        }
    }
    i32::from(!c.run(&files))
}
