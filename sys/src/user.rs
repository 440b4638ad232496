//! Users: ids and names from /etc/passwd (there is no NSS without libc).

use crate::system::read_file;
use alloc::vec::Vec;

#[cfg_attr(corebox_opt, optimize(size))]
pub fn uid() -> u32 {
    rustix::process::getuid().as_raw()
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn euid() -> u32 {
    rustix::process::geteuid().as_raw()
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn gid() -> u32 {
    rustix::process::getgid().as_raw()
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn egid() -> u32 {
    rustix::process::getegid().as_raw()
}

/// The user name of `uid` from /etc/passwd.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn user_name(uid: u32) -> Option<Vec<u8>> {
    let db = read_file(b"/etc/passwd").ok()?;
    logic::passwd::name_of_id(&db, uid).map(Vec::from)
}

/// The login uid the kernel keeps for audit (/proc/self/loginuid), if set.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn login_uid() -> Option<u32> {
    let b = read_file(b"/proc/self/loginuid").ok()?;
    let n = logic::num::parse_u64_dec(b.trim_ascii())?;
    u32::try_from(n).ok().filter(|&u| u != u32::MAX)
}

/// The user and group databases, read once (there is no NSS).
#[derive(Default)]
pub struct Db {
    passwd: Option<Vec<u8>>,
    group: Option<Vec<u8>>,
}

impl Db {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn passwd(&mut self) -> &[u8] {
        self.passwd
            .get_or_insert_with(|| read_file(b"/etc/passwd").unwrap_or_default())
    }
    #[cfg_attr(corebox_opt, optimize(size))]
    fn group(&mut self) -> &[u8] {
        self.group
            .get_or_insert_with(|| read_file(b"/etc/group").unwrap_or_default())
    }
    /// The passwd record of the user `name`.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn record(&mut self, name: &[u8]) -> Option<logic::passwd::Passwd<'_>> {
        logic::passwd::user_record(self.passwd(), name)
    }
    /// uid and login gid of the user `name`.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn user(&mut self, name: &[u8]) -> Option<(u32, u32)> {
        logic::passwd::id_of_name(self.passwd(), name)
    }
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn group_id(&mut self, name: &[u8]) -> Option<u32> {
        logic::passwd::id_of_name(self.group(), name).map(|r| r.0)
    }
    /// The user name of `uid`, or its number (GNU's uid_to_name).
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn user_name(&mut self, uid: u32) -> Vec<u8> {
        name_or_number(logic::passwd::name_of_id(self.passwd(), uid), uid)
    }
    /// The group name of `gid`, or its number (GNU's gid_to_name).
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn group_name(&mut self, gid: u32) -> Vec<u8> {
        name_or_number(logic::passwd::name_of_id(self.group(), gid), gid)
    }
    /// The user name of `uid`, if it has one.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn user_name_opt(&mut self, uid: u32) -> Option<Vec<u8>> {
        logic::passwd::name_of_id(self.passwd(), uid).map(Vec::from)
    }
    /// getgrouplist: `gid`, then the groups listing `user` as a member.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn group_list(&mut self, user: &[u8], gid: u32) -> Vec<u32> {
        logic::passwd::group_list(self.group(), user, gid)
    }
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn group_name_opt(&mut self, gid: u32) -> Option<Vec<u8>> {
        logic::passwd::name_of_id(self.group(), gid).map(Vec::from)
    }
}

#[cfg_attr(corebox_opt, optimize(size))]
fn name_or_number(name: Option<&[u8]>, id: u32) -> Vec<u8> {
    match name {
        Some(n) => n.to_vec(),
        None => {
            let mut v = Vec::new();
            logic::digits::push_u64(&mut v, id as u64);
            v
        }
    }
}

/// Why a user/group spec was rejected (gnulib userspec).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SpecError {
    User,
    Group,
    Spec,
    /// Not an error: `.` was taken as the separator.
    DotWarning,
}

impl SpecError {
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn message(self) -> &'static [u8] {
        match self {
            SpecError::User => b"invalid user",
            SpecError::Group => b"invalid group",
            SpecError::Spec => b"invalid spec",
            SpecError::DotWarning => b"warning: '.' should be ':'",
        }
    }
}

/// A parsed `OWNER[:[GROUP]]`: ids to set and the names as GNU reports them.
#[derive(Clone, Default, Debug)]
pub struct Spec {
    pub uid: Option<u32>,
    pub gid: Option<u32>,
    pub user_name: Option<Vec<u8>>,
    pub group_name: Option<Vec<u8>>,
}

#[cfg_attr(corebox_opt, optimize(size))]
fn parse_with(db: &mut Db, spec: &[u8], sep: Option<usize>) -> Result<Spec, SpecError> {
    let mut s = Spec::default();
    let u = match sep {
        None => spec,
        Some(i) => &spec[..i],
    };
    let g = sep.map(|i| &spec[i + 1..]).filter(|g| !g.is_empty());
    if !u.is_empty() {
        let pw = if u[0] == b'+' { None } else { db.user(u) };
        match pw {
            None => {
                if sep.is_some() && g.is_none() {
                    return Err(SpecError::Spec);
                }
                s.uid = Some(logic::passwd::numeric_id(u).ok_or(SpecError::User)?);
            }
            Some((uid, login_gid)) => {
                s.uid = Some(uid);
                s.user_name = Some(u.to_vec());
                if g.is_none() && sep.is_some() {
                    s.gid = Some(login_gid);
                    s.group_name = Some(db.group_name(login_gid));
                }
            }
        }
    }
    if let Some(g) = g {
        let gr = if g[0] == b'+' { None } else { db.group_id(g) };
        match gr {
            Some(id) => {
                s.gid = Some(id);
                s.group_name = Some(g.to_vec());
            }
            None => s.gid = Some(logic::passwd::numeric_id(g).ok_or(SpecError::Group)?),
        }
    }
    Ok(s)
}

/// gnulib's parse_user_spec_warn: `OWNER`, `OWNER:`, `OWNER:GROUP`,
/// `:GROUP`, numeric ids, and `OWNER.GROUP` when that is no user name
/// (with a warning: the flag returned alongside the spec).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn parse_spec(db: &mut Db, spec: &[u8]) -> Result<(Spec, bool), SpecError> {
    let colon = spec.iter().position(|&b| b == b':');
    let r = parse_with(db, spec, colon);
    if colon.is_none() {
        if let Some(dot) = spec.iter().position(|&b| b == b'.') {
            // GNU 9.1 tries this even when the whole spec was a name.
            if let Ok(s) = parse_with(db, spec, Some(dot)) {
                return Ok((s, true));
            }
        }
    }
    r.map(|s| (s, false))
}
