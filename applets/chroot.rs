// corebox applet
// name: chroot
// usage: [OPTION] NEWROOT [COMMAND [ARG]...]
// usage: OPTION
// stop-at-operand: yes
// usage-status: 125
// option: --groups=G_LIST
// option: --userspec=USER:GROUP
// option: --skip-chdir
// help:
// Run COMMAND with root directory set to NEWROOT.
//
//       --groups=G_LIST        specify supplementary groups as g1,g2,..,gN
//       --userspec=USER:GROUP  specify user and group (ID or name) to use
//       --skip-chdir           do not change working directory to '/'
//       --help        display this help and exit
//       --version     output version information and exit
//
// If no command is given, run '"$SHELL" -i' (default: '/bin/sh -i').

//! chroot: GNU chroot.c. Users and groups are looked up before the chroot
//! (kept if the new root has no databases) and again inside it; then
//! supplementary groups, gid and uid are set, and the command (or
//! `"$SHELL" -i`) runs.

use super::{opt, SPEC};
use crate::shared::cli::usage_error;
use crate::shared::diag::{quote, quoteaf};
use alloc::vec::Vec;
use sys::io::error;
use sys::user::Db;

const CANCELED: i32 = 125;

#[cold]
#[cfg_attr(corebox_opt, optimize(size))]
fn die(parts: &[&[u8]], e: Option<sys::Errno>) -> ! {
    error(parts, e);
    sys::rt::exit(CANCELED)
}

struct Config {
    userspec: Option<&'static [u8]>,
    groups: Option<&'static [u8]>,
    skip_chdir: bool,
}

/// The ids chosen so far (None: unset).
#[derive(Default)]
struct Ids {
    uid: Option<u32>,
    gid: Option<u32>,
    user: Option<Vec<u8>>,
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::set_exit_failure(CANCELED);
    let (c, operands) = parse(args);
    let newroot = operands[0];
    let old_root = is_root(newroot);
    if !old_root && c.skip_chdir {
        usage_error(
            &SPEC,
            &[
                b"option --skip-chdir only permitted if NEWROOT is old ",
                &quoteaf(b"/"),
            ],
        );
    }
    // Outside: in case the new root has no user and group databases.
    let mut outside = Ids::default();
    let mut outside_gids = Vec::new();
    if !old_root {
        let mut db = Db::default();
        if let Some(spec) = c.userspec {
            if let Ok((s, _)) = sys::user::parse_spec(&mut db, spec) {
                outside.uid = s.uid;
                outside.gid = s.gid;
            }
        }
        primary(&mut db, &mut outside, c.groups.is_some());
        match c.groups {
            Some(g) if !g.is_empty() => {
                outside_gids = group_list(&mut db, g, false).unwrap_or_default()
            }
            None => {
                if let (Some(gid), Some(user)) = (outside.gid, &outside.user) {
                    outside_gids = db.group_list(user, gid);
                }
            }
            _ => {}
        }
    }
    if let Err(e) = sys::process::chroot(newroot) {
        die(
            &[b"cannot change root directory to ", &quoteaf(newroot)],
            Some(e),
        );
    }
    if !c.skip_chdir {
        if let Err(e) = sys::process::chdir(b"/") {
            die(&[b"cannot chdir to root directory"], Some(e));
        }
    }
    let shell: [&[u8]; 2] = [sys::env::var(b"SHELL").unwrap_or(b"/bin/sh"), b"-i"];
    let command: &[&[u8]] = if operands.len() == 1 {
        &shell
    } else {
        &operands[1..]
    };
    set_ids(&c, outside, outside_gids);
    let (e, status) = crate::shared::process::exec(command, None);
    error(&[b"failed to run command ", &quote(command[0])], Some(e));
    status
}

/// The login group and name of the uid, as GNU looks them up.
#[cfg_attr(corebox_opt, optimize(size))]
fn primary(db: &mut Db, ids: &mut Ids, groups_given: bool) -> bool {
    let Some(uid) = ids.uid else { return true };
    if groups_given && ids.gid.is_some() {
        return true;
    }
    match db.user_name_opt(uid) {
        Some(name) => {
            if ids.gid.is_none() {
                ids.gid = db.user(&name).map(|(_, g)| g);
            }
            ids.user = Some(name);
            true
        }
        None => false,
    }
}

/// Inside the new root: the user spec and groups again, then setgroups,
/// setgid and setuid.
#[cfg_attr(corebox_opt, optimize(size))]
fn set_ids(c: &Config, outside: Ids, outside_gids: Vec<u32>) {
    let mut db = Db::default();
    let mut ids = Ids {
        uid: outside.uid,
        gid: outside.gid,
        user: None,
    };
    if let Some(spec) = c.userspec {
        match sys::user::parse_spec(&mut db, spec) {
            Ok((s, warn)) => {
                if warn {
                    error(&[sys::user::SpecError::DotWarning.message()], None);
                }
                ids.uid = s.uid;
                ids.gid = s.gid;
            }
            Err(e) => die(&[e.message()], None),
        }
    }
    if !primary(&mut db, &mut ids, c.groups.is_some()) && ids.gid.is_none() {
        let mut n = Vec::new();
        logic::digits::push_u64(&mut n, ids.uid.unwrap_or(0) as u64);
        die(&[b"no group specified for unknown uid: ", &n], None);
    }
    let mut gids = outside_gids;
    match c.groups {
        Some(g) if !g.is_empty() => match group_list(&mut db, g, gids.is_empty()) {
            Some(list) => gids = list,
            None if gids.is_empty() => sys::rt::exit(CANCELED),
            None => {}
        },
        None => {
            if let (Some(gid), Some(user)) = (ids.gid, &ids.user) {
                gids = db.group_list(user, gid);
            }
        }
        _ => {}
    }
    if ids.uid.is_some() || c.groups.is_some() {
        if let Err(e) = sys::process::set_groups(&gids) {
            die(&[b"failed to set supplemental groups"], Some(e));
        }
    }
    if let Some(gid) = ids.gid {
        if let Err(e) = sys::process::set_gid(gid) {
            die(&[b"failed to set group-ID"], Some(e));
        }
    }
    if let Some(uid) = ids.uid {
        if let Err(e) = sys::process::set_uid(uid) {
            die(&[b"failed to set user-ID"], Some(e));
        }
    }
}

/// parse_additional_groups: names or numbers, comma-separated; None (after
/// the messages when `show`) if one is unknown or there are none.
#[cfg_attr(corebox_opt, optimize(size))]
fn group_list(db: &mut Db, list: &[u8], show: bool) -> Option<Vec<u32>> {
    let mut gids = Vec::new();
    let mut bad = false;
    for g in list.split(|&b| b == b',').filter(|g| !g.is_empty()) {
        let t = g.trim_ascii_start();
        let digits = t.strip_prefix(b"+").unwrap_or(t);
        let number = logic::num::parse_u64_dec(digits).filter(|&n| n <= u32::MAX as u64);
        let id = match number {
            // A numeric name is a name first, unless written with `+`.
            Some(n) if t.starts_with(b"+") => Some(n as u32),
            Some(n) => Some(db.group_id(t).unwrap_or(n as u32)),
            None => db.group_id(g),
        };
        match id {
            Some(id) => gids.push(id),
            None => {
                bad = true;
                if !show {
                    break;
                }
                error(&[b"invalid group ", &quote(g)], None);
            }
        }
    }
    if !bad && gids.is_empty() {
        if show {
            error(&[b"invalid group list ", &quote(list)], None);
        }
        return None;
    }
    (!bad).then_some(gids)
}

/// NEWROOT is the current root directory (the same directory as `/`).
#[cfg_attr(corebox_opt, optimize(size))]
fn is_root(dir: &[u8]) -> bool {
    match (sys::fs::stat(dir), sys::fs::stat(b"/")) {
        (Ok(a), Ok(b)) => a.same_file(&b),
        _ => false,
    }
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        userspec: None,
        groups: None,
        skip_chdir: false,
    };
    let mut p = crate::shared::cli::parse(&SPEC, &args[1.min(args.len())..]);
    while let Some(o) = p.next() {
        match o.key {
            opt::USERSPEC => {
                let s = o.arg.unwrap_or_default();
                // `user:` is `user`: the login group is the default anyway.
                c.userspec = Some(s.strip_suffix(b":").unwrap_or(s));
            }
            opt::GROUPS => c.groups = o.arg,
            _ => c.skip_chdir = true,
        }
    }
    let ops = p.operands();
    if ops.is_empty() {
        crate::shared::cli::missing_operand(&SPEC);
    }
    (c, ops)
}
