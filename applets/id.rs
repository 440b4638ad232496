// corebox applet
// name: id
// usage: [OPTION]... [USER]...
// option: -a
// option: -Z, --context
// option: -g, --group
// option: -G, --groups
// option: -n, --name
// option: -r, --real
// option: -u, --user
// option: -z, --zero
// help:
// Print user and group information for each specified USER,
// or (when USER omitted) for the current process.
//
//   -a             ignore, for compatibility with other versions
//   -Z, --context  print only the security context of the process
//   -g, --group    print only the effective group ID
//   -G, --groups   print all group IDs
//   -n, --name     print a name instead of a number, for -ugG
//   -r, --real     print the real ID instead of the effective ID, with -ugG
//   -u, --user     print only the effective user ID
//   -z, --zero     delimit entries with NUL characters, not whitespace;
//                    not permitted in default format
//       --help        display this help and exit
//       --version     output version information and exit
//
// Without any OPTION, print some useful set of identified information.

// corebox applet
// name: groups
// usage: [OPTION]... [USERNAME]...
// help:
// Print group memberships for each USERNAME or, if no USERNAME is specified, for
// the current process (which may differ if the groups database has changed).
//       --help        display this help and exit
//       --version     output version information and exit

//! id and groups: GNU id.c, groups.c and group-list.c over /etc/passwd
//! and /etc/group (no NSS): the process's ids and groups (getgroups with
//! the effective gid first), or a user's (getgrouplist's answer).

use crate::shared::diag::quote;
use alloc::vec::Vec;
use sys::io::{error, out};
use sys::user::Db;
use sys::Errno;

/// The ids to report: real and effective user and group.
#[derive(Clone, Copy)]
struct Ids {
    ruid: u32,
    euid: u32,
    rgid: u32,
    egid: u32,
}

#[cfg_attr(corebox_opt, optimize(size))]
fn process_ids() -> Ids {
    Ids {
        ruid: sys::user::uid(),
        euid: sys::user::euid(),
        rgid: sys::user::gid(),
        egid: sys::user::egid(),
    }
}

/// mgetgroups: a user's groups (getgrouplist), or the process's with
/// `primary` first and pair-wise duplicates dropped.
#[cfg_attr(corebox_opt, optimize(size))]
fn group_ids(db: &mut Db, user: Option<&[u8]>, primary: Option<u32>) -> Result<Vec<u32>, Errno> {
    if let Some(u) = user {
        return Ok(db.group_list(u, primary.unwrap_or(u32::MAX)));
    }
    let mut g: Vec<u32> = primary.into_iter().collect();
    g.extend(sys::process::groups()?);
    if g.len() > 1 {
        let first = g[0];
        let mut kept = 1;
        for i in 1..g.len() {
            if g[i] != first && g[i] != g[kept - 1] {
                g[kept] = g[i];
                kept += 1;
            }
        }
        g.truncate(kept);
    }
    Ok(g)
}

#[cfg_attr(corebox_opt, optimize(size))]
fn number(n: u32) -> Vec<u8> {
    let mut v = Vec::new();
    logic::digits::push_u64(&mut v, n as u64);
    v
}

/// print_group: the name (when asked and known) or number of `gid`.
#[cfg_attr(corebox_opt, optimize(size))]
fn print_group(db: &mut Db, gid: u32, names: bool) -> bool {
    if names {
        if let Some(n) = db.group_name_opt(gid) {
            out().write(&n);
            return true;
        }
        error(&[b"cannot find name for group ID ", &number(gid)], None);
    }
    out().write(&number(gid));
    !names
}

/// print_group_list: real gid, effective gid, then the other groups.
#[cfg_attr(corebox_opt, optimize(size))]
fn print_group_list(db: &mut Db, user: Option<&[u8]>, ids: Ids, names: bool, delim: u8) -> bool {
    let mut ok = true;
    let pw_gid = match user {
        Some(_) => match db.user_name_opt(ids.ruid) {
            Some(n) => db.user(&n).map(|(_, g)| g),
            None => {
                ok = false;
                None
            }
        },
        None => Some(ids.egid),
    };
    ok &= print_group(db, ids.rgid, names);
    if ids.egid != ids.rgid {
        out().byte(delim);
        ok &= print_group(db, ids.egid, names);
    }
    let groups = match group_ids(db, user, pw_gid.or(Some(ids.egid))) {
        Ok(g) => g,
        Err(e) => {
            groups_error(user, e);
            return false;
        }
    };
    for g in groups {
        if g != ids.rgid && g != ids.egid {
            out().byte(delim);
            ok &= print_group(db, g, names);
        }
    }
    ok
}

#[cold]
#[cfg_attr(corebox_opt, optimize(size))]
fn groups_error(user: Option<&[u8]>, e: Errno) {
    let e = Some(e);
    match user {
        Some(u) => error(&[b"failed to get groups for user ", &quote(u)], e),
        None => error(&[b"failed to get groups for the current process"], e),
    }
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn groups(args: &'static [&'static [u8]]) -> i32 {
    let mut p = crate::shared::cli::parse(&super::groups::SPEC, &args[1.min(args.len())..]);
    while p.next().is_some() {}
    let users = p.operands();
    let mut db = Db::default();
    if users.is_empty() {
        let ok = print_group_list(&mut db, None, process_ids(), true, b' ');
        out().byte(b'\n');
        return (!ok) as i32;
    }
    let mut ok = true;
    for u in users {
        let Some((uid, gid)) = db.user(u) else {
            error(&[&quote(u), b": no such user"], None);
            ok = false;
            continue;
        };
        let ids = Ids {
            ruid: uid,
            euid: uid,
            rgid: gid,
            egid: gid,
        };
        out().write(u);
        out().write(b" : ");
        ok &= print_group_list(&mut db, Some(u), ids, true, b' ');
        out().byte(b'\n');
    }
    (!ok) as i32
}

struct Config {
    context: bool,
    group: bool,
    groups: bool,
    name: bool,
    real: bool,
    user: bool,
    zero: bool,
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn id(args: &'static [&'static [u8]]) -> i32 {
    let (c, users) = parse(args);
    let mut db = Db::default();
    let mut context = None;
    let default = !(c.user || c.group || c.groups || c.context);
    let posix = sys::env::posixly_correct();
    if users.is_empty() && (c.context || (default && !posix)) && sys::selinux::enabled() {
        context = sys::selinux::current().ok();
        if context.is_none() && c.context {
            crate::shared::diag::die(&[b"can't get process context"], None);
        }
    }
    if users.is_empty() {
        return (!print_stuff(&c, &mut db, None, process_ids(), context.as_deref(), false)) as i32;
    }
    let mut ok = true;
    let many = users.len() > 1;
    for spec in &users {
        let found = if spec.is_empty() {
            None
        } else {
            lookup(&mut db, spec)
        };
        let Some((name, uid, gid)) = found else {
            // GNU's message carries the errno its startup left (ENOENT)
            // when it looked nothing up, for an empty name.
            let e = spec.is_empty().then_some(Errno::NOENT);
            error(&[&quote(spec), b": no such user"], e);
            ok = false;
            continue;
        };
        let ids = Ids {
            ruid: uid,
            euid: uid,
            rgid: gid,
            egid: gid,
        };
        ok &= print_stuff(&c, &mut db, Some(&name), ids, None, many);
    }
    (!ok) as i32
}

/// parse_user_spec then getpwnam/getpwuid: a user name, else a number.
#[cfg_attr(corebox_opt, optimize(size))]
fn lookup(db: &mut Db, spec: &[u8]) -> Option<(Vec<u8>, u32, u32)> {
    if let Some((uid, gid)) = db.user(spec) {
        return Some((spec.to_vec(), uid, gid));
    }
    let uid = logic::passwd::numeric_id(spec)?;
    let name = db.user_name_opt(uid)?;
    let (_, gid) = db.user(&name)?;
    Some((name, uid, gid))
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    use crate::shared::diag::die;
    let mut c = Config {
        context: false,
        group: false,
        groups: false,
        name: false,
        real: false,
        user: false,
        zero: false,
    };
    let mut p = crate::shared::cli::parse(&super::id::SPEC, &args[1.min(args.len())..]);
    while let Some(o) = p.next() {
        match o.key {
            'Z' => {
                if !sys::selinux::enabled() {
                    die(
                        &[b"--context (-Z) works only on an SELinux-enabled kernel"],
                        None,
                    );
                }
                c.context = true;
            }
            'g' => c.group = true,
            'G' => c.groups = true,
            'n' => c.name = true,
            'r' => c.real = true,
            'u' => c.user = true,
            'z' => c.zero = true,
            _ => {}
        }
    }
    let users = p.operands();
    if !users.is_empty() && c.context {
        die(
            &[b"cannot print security context when user specified"],
            None,
        );
    }
    if c.user as u8 + c.group as u8 + c.groups as u8 + c.context as u8 > 1 {
        die(&[b"cannot print \"only\" of more than one choice"], None);
    }
    let default = !(c.user || c.group || c.groups || c.context);
    if default && (c.real || c.name) {
        die(
            &[b"cannot print only names or real IDs in default format"],
            None,
        );
    }
    if default && c.zero {
        die(&[b"option --zero not permitted in default format"], None);
    }
    (c, users)
}

#[cfg_attr(corebox_opt, optimize(size))]
fn print_stuff(
    c: &Config,
    db: &mut Db,
    user: Option<&[u8]>,
    ids: Ids,
    context: Option<&[u8]>,
    many: bool,
) -> bool {
    let mut ok = true;
    if c.user {
        let uid = if c.real { ids.ruid } else { ids.euid };
        match db.user_name_opt(uid).filter(|_| c.name) {
            Some(n) => out().write(&n),
            None => {
                if c.name {
                    error(&[b"cannot find name for user ID ", &number(uid)], None);
                    ok = false;
                }
                out().write(&number(uid));
            }
        }
    } else if c.group {
        ok &= print_group(db, if c.real { ids.rgid } else { ids.egid }, c.name);
    } else if c.groups {
        let delim = if c.zero { 0 } else { b' ' };
        ok &= print_group_list(db, user, ids, c.name, delim);
    } else if c.context {
        out().write(context.unwrap_or_default());
    } else {
        ok &= full_info(db, user, ids, context);
    }
    if c.zero && c.groups && many {
        out().write(b"\0\0");
    } else {
        out().byte(if c.zero { 0 } else { b'\n' });
    }
    ok
}

/// `uid=0(root) gid=0(root) groups=0(root)` and the rest of GNU's line.
#[cfg_attr(corebox_opt, optimize(size))]
fn full_info(db: &mut Db, user: Option<&[u8]>, ids: Ids, context: Option<&[u8]>) -> bool {
    let mut line = Vec::new();
    let named = |line: &mut Vec<u8>, label: &[u8], n: u32, name: Option<Vec<u8>>| {
        line.extend_from_slice(label);
        line.extend_from_slice(&number(n));
        if let Some(name) = name {
            line.push(b'(');
            line.extend_from_slice(&name);
            line.push(b')');
        }
    };
    let ruser = db.user_name_opt(ids.ruid);
    named(&mut line, b"uid=", ids.ruid, ruser.clone());
    named(&mut line, b" gid=", ids.rgid, db.group_name_opt(ids.rgid));
    if ids.euid != ids.ruid {
        named(&mut line, b" euid=", ids.euid, db.user_name_opt(ids.euid));
    }
    if ids.egid != ids.rgid {
        named(&mut line, b" egid=", ids.egid, db.group_name_opt(ids.egid));
    }
    let primary = match user {
        Some(_) => ruser.as_deref().and_then(|n| db.user(n)).map(|(_, g)| g),
        None => Some(ids.egid),
    };
    let groups = match group_ids(db, user, primary) {
        Ok(g) => g,
        Err(e) => {
            out().write(&line);
            groups_error(user, e);
            return false;
        }
    };
    for (i, &g) in groups.iter().enumerate() {
        let label: &[u8] = if i == 0 { b" groups=" } else { b"," };
        named(&mut line, label, g, db.group_name_opt(g));
    }
    if let Some(ctx) = context {
        line.extend_from_slice(b" context=");
        line.extend_from_slice(ctx);
    }
    out().write(&line);
    true
}
