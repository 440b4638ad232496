// corebox applet
// name: mv
// usage: [OPTION]... [-T] SOURCE DEST
// usage: [OPTION]... SOURCE... DIRECTORY
// usage: [OPTION]... -t DIRECTORY SOURCE...
// option: --backup[=CONTROL]
// option: -b
// option: -f, --force
// option: -i, --interactive
// option: -n, --no-clobber
// option: --strip-trailing-slashes
// option: -S, --suffix=SUFFIX
// option: -t, --target-directory=DIRECTORY
// option: -T, --no-target-directory
// option: -u, --update
// option: -v, --verbose
// option: -Z, --context
// option: -g, --progress
// help:
// Rename SOURCE to DEST, or move SOURCE(s) to DIRECTORY.
//
// Mandatory arguments to long options are mandatory for short options too.
//       --backup[=CONTROL]       make a backup of each existing destination file
//   -b                           like --backup but does not accept an argument
//   -f, --force                  do not prompt before overwriting
//   -i, --interactive            prompt before overwrite
//   -n, --no-clobber             do not overwrite an existing file
// If you specify more than one of -i, -f, -n, only the final one takes effect.
//       --strip-trailing-slashes  remove any trailing slashes from each SOURCE
//                                  argument
//   -S, --suffix=SUFFIX          override the usual backup suffix
//   -t, --target-directory=DIRECTORY  move all SOURCE arguments into DIRECTORY
//   -T, --no-target-directory    treat DEST as a normal file
//   -u, --update                 move only when the SOURCE file is newer
//                                  than the destination file or when the
//                                  destination file is missing
//   -v, --verbose                explain what is being done
//   -Z, --context                set SELinux security context of destination
//                                  file to default type
//       --help        display this help and exit
//       --version     output version information and exit
//
// The backup suffix is '~', unless set with --suffix or SIMPLE_BACKUP_SUFFIX.
// The version control method may be selected via the --backup option or through
// the VERSION_CONTROL environment variable.  Here are the values:
//
//   none, off       never make backups (even if --backup is given)
//   numbered, t     make numbered backups
//   existing, nil   numbered if numbered backups exist, simple otherwise
//   simple, never   always make simple backups

//! mv: GNU mv.c. A rename (renameat2 with RENAME_NOREPLACE first, so an
//! existing destination is never replaced unchecked); across file systems
//! the copying engine (`shared::copy` in move mode: every attribute kept)
//! and then the removing engine (`shared::remove`) on the source. When the
//! copy fails, the source is left whole and the partial destination is
//! removed.

use super::{opt, SPEC};
use crate::shared::backup::{BackupArgs, Backups};
use crate::shared::cli::usage_error;
use crate::shared::copy::{
    check_operands, target_dir, target_dir_or_die, Copier, Deref, Interactive, Options, Reflink,
};
use crate::shared::diag::{die, quoteaf};
use crate::shared::remove::{Remover, Status};
use logic::path::{file_name_concat, last_component, strip_trailing_slashes};
use sys::fs;
use sys::io::{Fd, File};

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    let selinux = sys::selinux::enabled();
    // mv.c's cp_option_init.
    let mut x = Options::new(Backups::new(&SPEC, false, None, None));
    x.copy_as_regular = false;
    x.reflink = Reflink::Auto;
    x.deref = Deref::Never;
    x.move_mode = true;
    x.preserve_ownership = true;
    x.preserve_links = true;
    x.preserve_mode = true;
    x.preserve_timestamps = true;
    x.preserve_security_context = selinux;
    x.preserve_xattr = true;
    x.recursive = true;
    x.stdin_tty = fs::isatty(Fd::STDIN);
    x.open_dangling_dest_symlink = false;
    let mut backup = BackupArgs::default();
    let (mut strip_slashes, mut no_target) = (false, false);
    let mut target: Option<&'static [u8]> = None;
    let mut progress = false;
    while let Some(o) = opts.next() {
        if backup.option(o.key, opt::BACKUP, o.arg) {
            continue;
        }
        match o.key {
            'f' => x.interactive = Interactive::AlwaysYes,
            'i' => x.interactive = Interactive::Ask,
            'n' => x.interactive = Interactive::AlwaysNo,
            opt::STRIP_TRAILING_SLASHES => strip_slashes = true,
            't' => {
                if target.is_some() {
                    die(&[b"multiple target directories specified"], None);
                }
                target = o.arg;
            }
            'T' => no_target = true,
            'u' => x.update = true,
            'v' => x.verbose = true,
            'g' => progress = true,
            'Z' if selinux => {
                x.preserve_security_context = false;
                x.set_security_context = crate::shared::context::open_or_warn()
                    .map(|l| &*alloc::boxed::Box::leak(alloc::boxed::Box::new(l)));
            }
            _ => {}
        }
    }
    let mut files = opts.operands();
    check_operands(&SPEC, &files, target.is_none(), target.is_some(), no_target);
    let mut dir: Option<File> = None;
    if no_target {
        // -T: DEST is the name itself (checked above).
    } else if let Some(t) = target {
        dir = Some(target_dir_or_die(t));
    } else {
        let last = files[files.len() - 1];
        if files.len() == 2 {
            x.rename_errno = Some(fs::rename_noreplace_at(Fd::CWD, files[0], Fd::CWD, last));
        }
        if x.rename_errno != Some(Ok(())) {
            match target_dir(last) {
                Ok(f) => {
                    x.rename_errno = None;
                    dir = Some(f);
                    target = Some(last);
                    files.pop();
                }
                Err(e) if files.len() > 2 => die(&[b"target ", &quoteaf(last)], Some(e)),
                Err(_) => {}
            }
        }
    }
    if strip_slashes {
        for f in files.iter_mut() {
            *f = strip_trailing_slashes(f);
        }
    }
    if x.interactive == Interactive::AlwaysNo {
        x.update = false;
    }
    if backup.make && x.interactive == Interactive::AlwaysNo {
        usage_error(
            &SPEC,
            &[b"options --backup and --no-clobber are mutually exclusive"],
        );
    }
    x.backups = backup.backups(&SPEC);
    let mut c = Copier::new(x);
    if progress {
        let n = if target.is_some() { files.len() } else { 1 };
        c.start_progress(&files[..n]);
    }
    let ok = match (target, &dir) {
        (Some(t), Some(d)) => {
            if files.len() >= 2 {
                c.dest_info = Some(alloc::vec::Vec::new());
            }
            let mut ok = true;
            for (i, &f) in files.iter().enumerate() {
                c.x.last_file = i + 1 == files.len();
                let (mut dst, at) = file_name_concat(t, &f[last_component(f)..]);
                let keep = at + strip_trailing_slashes(&dst[at..]).len();
                dst.truncate(keep.max(at));
                ok &= do_move(&mut c, f, d.fd(), &dst, at);
            }
            ok
        }
        _ => {
            c.x.last_file = true;
            do_move(&mut c, files[0], Fd::CWD, files[1], 0)
        }
    };
    i32::from(!ok)
}

/// do_move: one source, renamed or copied; after a copy, the source is
/// removed as `rm -r` would (without prompts).
fn do_move(c: &mut Copier, src: &[u8], dir: Fd, dst: &[u8], at: usize) -> bool {
    let r = c.copy(src, dir, dst, at, 0);
    if !r.ok {
        return false;
    }
    if r.copy_into_self {
        return false;
    }
    if r.rename_succeeded {
        return true;
    }
    Remover::for_mv(c.x.verbose).run(&[src]) != Status::Error
}
