// corebox applet
// name: cp
// usage: [OPTION]... [-T] SOURCE DEST
// usage: [OPTION]... SOURCE... DIRECTORY
// usage: [OPTION]... -t DIRECTORY SOURCE...
// option: -a, --archive
// option: --attributes-only
// option: --backup[=CONTROL]
// option: -b
// option: --copy-contents
// option: -d
// option: -f, --force
// option: -i, --interactive
// option: -H
// option: -l, --link
// option: -L, --dereference
// option: -n, --no-clobber
// option: -P, --no-dereference
// option: -p
// option: --preserve[=ATTR_LIST]
// option: --no-preserve=ATTR_LIST
// option: --parents, --path
// option: -R, --recursive
// option: -r
// option: --reflink[=WHEN]
// option: --remove-destination
// option: --sparse=WHEN
// option: --strip-trailing-slashes
// option: -s, --symbolic-link
// option: -S, --suffix=SUFFIX
// option: -t, --target-directory=DIRECTORY
// option: -T, --no-target-directory
// option: -u, --update
// option: -v, --verbose
// option: -x, --one-file-system
// option: -g, --progress
// option: -Z
// option: --context[=CTX]
// help:
// Copy SOURCE to DEST, or multiple SOURCE(s) to DIRECTORY.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -a, --archive                same as -dR --preserve=all
//       --attributes-only        don't copy the file data, just the attributes
//       --backup[=CONTROL]       make a backup of each existing destination file
//   -b                           like --backup but does not accept an argument
//       --copy-contents          copy contents of special files when recursive
//   -d                           same as --no-dereference --preserve=links
//   -f, --force                  if an existing destination file cannot be
//                                  opened, remove it and try again (this option
//                                  is ignored when the -n option is also used)
//   -i, --interactive            prompt before overwrite (overrides a previous -n
//                                   option)
//   -H                           follow command-line symbolic links in SOURCE
//   -l, --link                   hard link files instead of copying
//   -L, --dereference            always follow symbolic links in SOURCE
//   -n, --no-clobber             do not overwrite an existing file (overrides
//                                  a previous -i option)
//   -P, --no-dereference         never follow symbolic links in SOURCE
//   -p                           same as --preserve=mode,ownership,timestamps
//       --preserve[=ATTR_LIST]   preserve the specified attributes (default:
//                                  mode,ownership,timestamps), if possible
//                                  additional attributes: context, links, xattr,
//                                  all
//       --no-preserve=ATTR_LIST  don't preserve the specified attributes
//       --parents                use full source file name under DIRECTORY
//   -R, -r, --recursive          copy directories recursively
//       --reflink[=WHEN]         control clone/CoW copies. See below
//       --remove-destination     remove each existing destination file before
//                                  attempting to open it (contrast with --force)
//       --sparse=WHEN            control creation of sparse files. See below
//       --strip-trailing-slashes  remove any trailing slashes from each SOURCE
//                                  argument
//   -s, --symbolic-link          make symbolic links instead of copying
//   -S, --suffix=SUFFIX          override the usual backup suffix
//   -t, --target-directory=DIRECTORY  copy all SOURCE arguments into DIRECTORY
//   -T, --no-target-directory    treat DEST as a normal file
//   -u, --update                 copy only when the SOURCE file is newer
//                                  than the destination file or when the
//                                  destination file is missing
//   -v, --verbose                explain what is being done
//   -x, --one-file-system        stay on this file system
//   -Z                           set SELinux security context of destination
//                                  file to default type
//       --context[=CTX]          like -Z, or if CTX is specified then set the
//                                  SELinux or SMACK security context to CTX
//       --help        display this help and exit
//       --version     output version information and exit
//
// By default, sparse SOURCE files are detected by a crude heuristic and the
// corresponding DEST file is made sparse as well.  That is the behavior
// selected by --sparse=auto.  Specify --sparse=always to create a sparse DEST
// file whenever the SOURCE file contains a long enough sequence of zero bytes.
// Use --sparse=never to inhibit creation of sparse files.
//
// When --reflink[=always] is specified, perform a lightweight copy, where the
// data blocks are copied only when modified.  If this is not possible the copy
// fails, or if --reflink=auto is specified, fall back to a standard copy.
// Use --reflink=never to ensure a standard copy is performed.
//
// The backup suffix is '~', unless set with --suffix or SIMPLE_BACKUP_SUFFIX.
// The version control method may be selected via the --backup option or through
// the VERSION_CONTROL environment variable.  Here are the values:
//
//   none, off       never make backups (even if --backup is given)
//   numbered, t     make numbered backups
//   existing, nil   numbered if numbered backups exist, simple otherwise
//   simple, never   always make simple backups
//
// As a special case, cp makes a backup of SOURCE when the force and backup
// options are given and SOURCE and DEST are the same name for an existing,
// regular file.

//! cp: GNU cp.c over the shared copying engine (`shared::copy`, GNU's
//! copy.c): operands, target directories, --parents and its re_protect,
//! and the option checks.

use super::{opt, SPEC};
use crate::shared::backup::{BackupArgs, Backups, Kind};
use crate::shared::cli::{choice, usage_error};
use crate::shared::copy::{
    check_operands, target_dir, target_dir_or_die, Copier, Deref, Interactive, Options, Reflink,
    Sparse,
};
use crate::shared::diag::{die, quoteaf};
use alloc::vec::Vec;
use logic::path::{file_name_concat, last_component, strip_trailing_slashes};
use sys::fs::{self, Stat};
use sys::io::{error, out, Fd, File};
use sys::Errno;

#[derive(Clone, Copy, PartialEq)]
enum Attr {
    Mode,
    Timestamps,
    Ownership,
    Links,
    Context,
    Xattr,
    All,
}

const ATTRS: &[(&[u8], Attr)] = &[
    (b"mode", Attr::Mode),
    (b"timestamps", Attr::Timestamps),
    (b"ownership", Attr::Ownership),
    (b"links", Attr::Links),
    (b"context", Attr::Context),
    (b"xattr", Attr::Xattr),
    (b"all", Attr::All),
];

const SPARSE: &[(&[u8], Sparse)] = &[
    (b"never", Sparse::Never),
    (b"auto", Sparse::Auto),
    (b"always", Sparse::Always),
];

const REFLINK: &[(&[u8], Reflink)] = &[
    (b"auto", Reflink::Auto),
    (b"always", Reflink::Always),
    (b"never", Reflink::Never),
];

/// decode_preserve_arg: each attribute of a comma-separated list on or off.
fn decode_preserve(arg: &[u8], x: &mut Options, on: bool, selinux: bool) {
    let what: &[u8] = if on { b"--preserve" } else { b"--no-preserve" };
    for a in arg.split(|&b| b == b',') {
        match choice(&SPEC, what, a, ATTRS) {
            Attr::Mode => {
                x.preserve_mode = on;
                x.explicit_no_preserve_mode = !on;
            }
            Attr::Timestamps => x.preserve_timestamps = on,
            Attr::Ownership => x.preserve_ownership = on,
            Attr::Links => x.preserve_links = on,
            Attr::Context => {
                x.require_preserve_context = on;
                x.preserve_security_context = on;
            }
            Attr::Xattr => {
                x.preserve_xattr = on;
                x.require_preserve_xattr = on;
            }
            Attr::All => {
                x.preserve_mode = on;
                x.preserve_timestamps = on;
                x.preserve_ownership = on;
                x.preserve_links = on;
                x.explicit_no_preserve_mode = !on;
                if selinux {
                    x.preserve_security_context = on;
                }
                x.preserve_xattr = on;
            }
        }
    }
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    let selinux = sys::selinux::enabled();
    let mut x = Options::new(Backups::new(&SPEC, false, None, None));
    let mut deref = None;
    let mut backup = BackupArgs::default();
    let (mut copy_contents, mut parents, mut strip_slashes) = (false, false, false);
    let mut target: Option<&'static [u8]> = None;
    let mut no_target = false;
    let mut scontext: Option<&'static [u8]> = None;
    let mut progress = false;
    while let Some(o) = opts.next() {
        if backup.option(o.key, opt::BACKUP, o.arg) {
            continue;
        }
        match o.key {
            opt::SPARSE => x.sparse = choice(&SPEC, b"--sparse", o.arg.unwrap_or_default(), SPARSE),
            opt::REFLINK => {
                x.reflink = match o.arg {
                    None => Reflink::Always,
                    Some(a) => choice(&SPEC, b"--reflink", a, REFLINK),
                }
            }
            'a' => {
                deref = Some(Deref::Never);
                x.preserve_links = true;
                x.preserve_ownership = true;
                x.preserve_mode = true;
                x.preserve_timestamps = true;
                x.require_preserve = true;
                if selinux {
                    x.preserve_security_context = true;
                }
                x.preserve_xattr = true;
                x.reduce_diagnostics = true;
                x.recursive = true;
            }
            opt::ATTRIBUTES_ONLY => x.data_copy_required = false,
            opt::COPY_CONTENTS => copy_contents = true,
            'd' => {
                x.preserve_links = true;
                deref = Some(Deref::Never);
            }
            'f' => x.unlink_dest_after_failed_open = true,
            'H' => deref = Some(Deref::CmdLine),
            'i' => x.interactive = Interactive::Ask,
            'l' => x.hard_link = true,
            'L' => deref = Some(Deref::Always),
            'n' => x.interactive = Interactive::AlwaysNo,
            'P' => deref = Some(Deref::Never),
            opt::NO_PRESERVE => decode_preserve(o.arg.unwrap_or_default(), &mut x, false, selinux),
            opt::PRESERVE if o.arg.is_some() => {
                decode_preserve(o.arg.unwrap_or_default(), &mut x, true, selinux);
                x.require_preserve = true;
            }
            opt::PRESERVE | 'p' => {
                x.preserve_ownership = true;
                x.preserve_mode = true;
                x.preserve_timestamps = true;
                x.require_preserve = true;
            }
            opt::PARENTS => parents = true,
            'r' | 'R' => x.recursive = true,
            opt::REMOVE_DESTINATION => x.unlink_dest_before_opening = true,
            opt::STRIP_TRAILING_SLASHES => strip_slashes = true,
            's' => x.symbolic_link = true,
            't' => {
                if target.is_some() {
                    die(&[b"multiple target directories specified"], None);
                }
                target = o.arg;
            }
            'T' => no_target = true,
            'u' => x.update = true,
            'v' => x.verbose = true,
            'x' => x.one_file_system = true,
            'g' => progress = true,
            'Z' | opt::CONTEXT => {
                if selinux {
                    if o.arg.is_some() {
                        scontext = o.arg;
                    } else {
                        x.set_security_context = crate::shared::context::open_or_warn()
                            .map(|l| &*alloc::boxed::Box::leak(alloc::boxed::Box::new(l)));
                    }
                } else if o.arg.is_some() {
                    error(
                        &[b"warning: ignoring --context; it requires an SELinux-enabled kernel"],
                        None,
                    );
                }
            }
            _ => {}
        }
    }
    if x.hard_link && x.symbolic_link {
        usage_error(&SPEC, &[b"cannot make both hard and symbolic links"]);
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
    if x.reflink == Reflink::Always && x.sparse != Sparse::Auto {
        usage_error(&SPEC, &[b"--reflink can be used only with --sparse=auto"]);
    }
    x.backups = backup.backups(&SPEC);
    x.deref = deref.unwrap_or(if x.recursive && !x.hard_link {
        Deref::Never
    } else {
        Deref::Always
    });
    if x.recursive {
        x.copy_as_regular = copy_contents;
    }
    let setting = scontext.is_some() || x.set_security_context.is_some();
    if setting && !x.require_preserve_context {
        x.preserve_security_context = false;
    }
    if x.preserve_security_context && setting {
        die(&[b"cannot set target context and preserve it"], None);
    }
    if x.require_preserve_context && !selinux {
        die(
            &[b"cannot preserve security context without an SELinux-enabled kernel"],
            None,
        );
    }
    if let Some(c) = scontext {
        if let Err(e) = sys::selinux::set_fscreate(c) {
            die(
                &[
                    b"failed to set default file creation context to ",
                    &crate::shared::diag::quote(c),
                ],
                Some(e),
            );
        }
    }
    let files = opts.operands();
    let ok = do_copy(
        files,
        target,
        no_target,
        parents,
        strip_slashes,
        progress,
        x,
    );
    i32::from(!ok)
}

fn do_copy(
    mut files: Vec<&'static [u8]>,
    mut target: Option<&'static [u8]>,
    no_target: bool,
    parents: bool,
    strip_slashes: bool,
    progress: bool,
    x: Options,
) -> bool {
    check_operands(&SPEC, &files, target.is_none(), target.is_some(), no_target);
    let mut new_dst = false;
    let mut dir: Option<File> = None;
    if no_target {
        // -T: DEST is the name itself (checked above).
    } else if let Some(t) = target {
        dir = Some(target_dir_or_die(t));
    } else {
        let last = files[files.len() - 1];
        match target_dir(last) {
            Ok(f) => {
                dir = Some(f);
                target = Some(last);
                files.pop();
            }
            Err(e) => {
                if e == Errno::NOENT {
                    new_dst = true;
                }
                if files.len() > 2 {
                    die(&[b"target ", &quoteaf(last)], Some(e));
                }
            }
        }
    }
    let mut c = Copier::new(x);
    if progress {
        let n = if target.is_some() { files.len() } else { 1 };
        c.start_progress(&files[..n]);
    }
    if let Some(t) = target {
        let dfd = dir.as_ref().map_or(Fd::CWD, |f| f.fd());
        if files.len() >= 2 {
            c.track_operands();
        }
        let mut ok = true;
        for &f in &files {
            let arg: &[u8] = if strip_slashes {
                strip_trailing_slashes(f)
            } else {
                f
            };
            let (dst, at);
            let mut attrs = Vec::new();
            let mut parent_ok = true;
            if parents {
                let (d, a) = file_name_concat(t, strip_trailing_slashes(arg));
                parent_ok = make_dir_parents(&d, a, dfd, &c, &mut attrs, &mut new_dst);
                let mut a = a;
                while d.get(a) == Some(&b'/') {
                    a += 1;
                }
                (dst, at) = (d, a);
            } else {
                let base = strip_trailing_slashes(&arg[last_component(arg)..]);
                let base: &[u8] = if base == b".." { b"." } else { base };
                (dst, at) = file_name_concat(t, base);
            }
            if !parent_ok {
                ok = false;
            } else {
                let r = c.copy(arg, dfd, &dst, at, i32::from(new_dst));
                ok &= r.ok;
                if parents {
                    ok &= re_protect(&dst, at, dfd, &attrs, &c);
                }
            }
        }
        ok
    } else {
        let source = files[0];
        let mut dest: Vec<u8> = files[1].to_vec();
        let x = &mut c.x;
        if parents {
            usage_error(
                &SPEC,
                &[b"with --parents, the destination must be a directory"],
            );
        }
        if x.unlink_dest_after_failed_open
            && x.backups.kind != Kind::None
            && source == &dest[..]
            && !new_dst
            && fs::stat(&dest).is_ok_and(|s| s.is_reg())
        {
            dest = x.backups.name(Fd::CWD, &dest);
            x.backups.kind = Kind::None;
        }
        c.copy(source, Fd::CWD, &dest, 0, -i32::from(new_dst)).ok
    }
}

/// One directory --parents made or found (cp.c's struct dir_attr).
struct DirAttr {
    st: Stat,
    /// Where the directory's name ends in the destination name.
    end: usize,
    restore_mode: bool,
}

/// make_dir_parents_private: the directories of `dst` from `at` on.
fn make_dir_parents(
    dst: &[u8],
    at: usize,
    dfd: Fd,
    c: &Copier,
    attrs: &mut Vec<DirAttr>,
    new_dst: &mut bool,
) -> bool {
    let x = &c.x;
    let dirlen = dir_len(dst);
    if dirlen <= at {
        return true;
    }
    let mut rel_start = at;
    while dst.get(rel_start) == Some(&b'/') {
        rel_start += 1;
    }
    let parent_rel = &dst[rel_start.min(dirlen)..dirlen];
    if let Ok(st) = fs::statat(dfd, parent_rel, true) {
        if !st.is_dir() {
            error(
                &[&quoteaf(&dst[..dirlen]), b" exists but is not a directory"],
                None,
            );
            return false;
        }
        *new_dst = false;
        return true;
    }
    let src_start = at;
    let mut slash = rel_start;
    while let Some(p) = dst[slash..].iter().position(|&b| b == b'/') {
        let end = slash + p;
        let rel = &dst[rel_start..end];
        let src = &dst[src_start..end];
        let existing = fs::statat(dfd, rel, true);
        let missing = existing.is_err();
        if missing || x.preserve_ownership || x.preserve_mode || x.preserve_timestamps {
            let src_st = match fs::stat(src) {
                Ok(s) if s.is_dir() => s,
                Ok(_) => {
                    error(
                        &[b"failed to get attributes of ", &quoteaf(src)],
                        Some(Errno::NOTDIR),
                    );
                    return false;
                }
                Err(e) => {
                    error(&[b"failed to get attributes of ", &quoteaf(src)], Some(e));
                    return false;
                }
            };
            attrs.push(DirAttr {
                st: src_st,
                end,
                restore_mode: false,
            });
        }
        // The context of the directory made (or kept) here.
        let mode = if missing {
            attrs.last().map_or(0, |a| a.st.mode)
        } else {
            0
        };
        if !c.set_process_ctx((Fd::CWD, src, src), &dst[..end], mode, missing) {
            return false;
        }
        if missing {
            *new_dst = true;
            let a = attrs.len() - 1;
            let src_mode = attrs[a].st.mode;
            let omitted = src_mode
                & if x.preserve_ownership {
                    0o077
                } else if x.preserve_mode {
                    0o022
                } else {
                    0
                };
            let mkdir_mode = if x.explicit_no_preserve_mode {
                0o777
            } else {
                src_mode
            } & 0o7777
                & !omitted;
            if let Err(e) = fs::mkdir_at(dfd, rel, mkdir_mode) {
                error(&[b"cannot make directory ", &quoteaf(&dst[..end])], Some(e));
                return false;
            }
            if x.verbose {
                let o = out();
                o.write(src);
                o.write(b" -> ");
                o.write(&dst[..end]);
                o.byte(b'\n');
            }
            let st = match fs::statat(dfd, rel, false) {
                Ok(s) => s,
                Err(e) => {
                    error(
                        &[b"failed to get attributes of ", &quoteaf(&dst[..end])],
                        Some(e),
                    );
                    return false;
                }
            };
            if !x.preserve_mode {
                let mut om = omitted;
                if om & !st.mode != 0 {
                    om &= !fs::umask();
                }
                if om & !st.mode != 0 || st.mode & 0o700 != 0o700 {
                    attrs[a].st.mode = st.mode | om;
                    attrs[a].restore_mode = true;
                }
            }
            let accessible = st.mode | 0o700;
            if st.mode != accessible {
                if let Err(e) = fs::lchmodat(dfd, rel, accessible & 0o7777) {
                    error(
                        &[b"setting permissions for ", &quoteaf(&dst[..end])],
                        Some(e),
                    );
                    return false;
                }
            }
        } else if let Ok(st) = existing {
            if !st.is_dir() {
                error(
                    &[&quoteaf(&dst[..end]), b" exists but is not a directory"],
                    None,
                );
                return false;
            }
            *new_dst = false;
            if c.labels_wanted()
                && !c.set_file_ctx(&dst[..end], false)
                && x.require_preserve_context
            {
                return false;
            }
        }
        slash = end + 1;
        while dst.get(slash) == Some(&b'/') {
            slash += 1;
        }
    }
    true
}

/// gnulib's dir_len: the length of the directory part of `name`,
/// without trailing slashes (but `/` stays).
fn dir_len(name: &[u8]) -> usize {
    let prefix = usize::from(name.first() == Some(&b'/'));
    let mut n = last_component(name);
    while n > prefix && name[n - 1] == b'/' {
        n -= 1;
    }
    n
}

/// re_protect: the attributes of the directories --parents made, after
/// the copy (so modes without u+wx do not get in its way).
fn re_protect(dst: &[u8], at: usize, dfd: Fd, attrs: &[DirAttr], c: &Copier) -> bool {
    let x = &c.x;
    let mut rel_start = at;
    while dst.get(rel_start) == Some(&b'/') {
        rel_start += 1;
    }
    for p in attrs.iter().rev() {
        let rel = &dst[rel_start.min(p.end)..p.end];
        let full = &dst[..p.end];
        if x.preserve_timestamps {
            if let Err(e) = fs::set_times_at(dfd, rel, &p.st, true) {
                error(&[b"failed to preserve times for ", &quoteaf(full)], Some(e));
                return false;
            }
        }
        if x.preserve_ownership {
            if let Err(e) = fs::chownat(dfd, rel, Some(p.st.uid), Some(p.st.gid), false) {
                if !((e == Errno::PERM || e == Errno::INVAL) && !x.chown_privileges) {
                    error(
                        &[b"failed to preserve ownership for ", &quoteaf(full)],
                        Some(e),
                    );
                    return false;
                }
                let _ = fs::chownat(dfd, rel, None, Some(p.st.gid), false);
            }
        }
        if x.preserve_mode {
            if let Err(e) = fs::lchmodat(dfd, rel, p.st.mode & 0o7777) {
                error(
                    &[
                        b"preserving permissions for ",
                        &crate::shared::diag::quote(full),
                    ],
                    Some(e),
                );
                return false;
            }
        } else if p.restore_mode {
            if let Err(e) = fs::lchmodat(dfd, rel, p.st.mode & 0o7777) {
                error(
                    &[b"failed to preserve permissions for ", &quoteaf(full)],
                    Some(e),
                );
                return false;
            }
        }
    }
    true
}
