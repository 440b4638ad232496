//! The file_contexts database as libselinux's selabel_lookup reads it (the
//! `file` backend of selabel_open): what context the policy gives a path,
//! for `-Z` without a context in cp, mv, install, mkdir, mkfifo and mknod.
//!
//! Lines are `REGEX [TYPE] CONTEXT` (`#` comments, TYPE `--` regular file,
//! `-d` `-l` `-c` `-b` `-p` `-s`, CONTEXT `<<none>>` for no label). A regex
//! matches the whole path. Specifications without regex metacharacters go
//! after the others (order otherwise kept) and the last one that matches
//! wins, so an exact path beats every pattern. Substitution files map path
//! prefixes to others first (`/home/x /home`).
//!
//! libselinux compiles the patterns with PCRE; they are written in the
//! POSIX extended subset (groups, `|`, `?`, `+`, `*`, intervals, brackets)
//! and translated here into GNU basic syntax for [`crate::regex`].

use crate::regex::{Regex, Syntax};
use alloc::vec::Vec;
use core::cell::OnceCell;

/// File types of `st_mode` (S_IFMT bits) a specification can be bound to.
pub const S_IFMT: u32 = 0o170000;

struct Spec {
    /// The pattern as written.
    pat: Vec<u8>,
    /// The S_IFMT type it is bound to, or 0 for any.
    mode: u32,
    /// None for `<<none>>`.
    ctx: Option<Vec<u8>>,
    /// No metacharacters: `lit` is the whole path it matches.
    exact: bool,
    /// The literal text every path it matches starts with.
    lit: Vec<u8>,
    /// Compiled on first use (None if it does not compile).
    re: OnceCell<Option<Regex>>,
}

/// A loaded database.
#[derive(Default)]
pub struct Db {
    specs: Vec<Spec>,
    /// `.subs` and `.subs_dist` pairs, each list newest line first.
    subs: [Vec<(Vec<u8>, Vec<u8>)>; 2],
}

/// The S_IFMT type of a TYPE field, None if it is not one.
#[cfg_attr(corebox_opt, optimize(size))]
fn file_type(t: &[u8]) -> Option<u32> {
    Some(match t {
        b"--" => 0o100000,
        b"-d" => 0o040000,
        b"-l" => 0o120000,
        b"-c" => 0o020000,
        b"-b" => 0o060000,
        b"-p" => 0o010000,
        b"-s" => 0o140000,
        _ => return None,
    })
}

/// libselinux's spec_hasMetaChars, and the literal prefix of the pattern:
/// the text before the first metacharacter, less a last byte that a
/// quantifier makes optional; empty when a `|` outside groups could start
/// a match anywhere.
#[cfg_attr(corebox_opt, optimize(size))]
fn literal_prefix(pat: &[u8]) -> (bool, Vec<u8>) {
    let mut lit = Vec::new();
    let mut i = 0;
    let mut meta = false;
    while i < pat.len() {
        match pat[i] {
            b'.' | b'^' | b'$' | b'?' | b'*' | b'+' | b'|' | b'[' | b'(' | b'{' => {
                meta = true;
                if matches!(pat[i], b'?' | b'*' | b'{') {
                    lit.pop();
                }
                break;
            }
            b'\\' => {
                i += 1;
                match pat.get(i) {
                    Some(&c) if !c.is_ascii_alphanumeric() => lit.push(c),
                    // \d, \w ... are classes; a lone trailing backslash.
                    _ => {
                        meta = true;
                        break;
                    }
                }
            }
            c => lit.push(c),
        }
        i += 1;
    }
    if meta {
        // A top-level alternative: no common prefix.
        let mut depth = 0i32;
        let mut j = 0;
        let mut in_bracket = false;
        while j < pat.len() {
            match pat[j] {
                b'\\' => j += 1,
                b'[' if !in_bracket => {
                    in_bracket = true;
                    // `[]...]` and `[^]...]`: the `]` is a member.
                    if pat.get(j + 1) == Some(&b'^') {
                        j += 1;
                    }
                    if pat.get(j + 1) == Some(&b']') {
                        j += 1;
                    }
                }
                b']' if in_bracket => in_bracket = false,
                b'(' if !in_bracket => depth += 1,
                b')' if !in_bracket => depth -= 1,
                b'|' if !in_bracket && depth <= 0 => {
                    lit.clear();
                    break;
                }
                _ => {}
            }
            j += 1;
        }
    }
    (meta, lit)
}

/// A PCRE/POSIX-extended pattern as a GNU basic one anchored at both ends.
#[cfg_attr(corebox_opt, optimize(size))]
fn to_basic(pat: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(pat.len() * 2 + 8);
    out.extend_from_slice(b"^\\(");
    let mut i = 0;
    while i < pat.len() {
        let c = pat[i];
        i += 1;
        match c {
            b'\\' => {
                let Some(&e) = pat.get(i) else {
                    out.extend_from_slice(b"\\\\");
                    break;
                };
                i += 1;
                match e {
                    b'd' => out.extend_from_slice(b"[0-9]"),
                    b'D' => out.extend_from_slice(b"[^0-9]"),
                    b'w' | b'W' | b's' | b'S' => out.extend_from_slice(&[b'\\', e]),
                    b'.' | b'*' | b'[' | b']' | b'^' | b'$' | b'\\' => {
                        out.extend_from_slice(&[b'\\', e])
                    }
                    _ => out.push(e),
                }
            }
            b'(' => {
                out.extend_from_slice(b"\\(");
                // PCRE's non-capturing group.
                if pat[i..].starts_with(b"?:") {
                    i += 2;
                }
            }
            b')' | b'|' | b'+' | b'?' | b'{' | b'}' => out.extend_from_slice(&[b'\\', c]),
            b'[' => {
                // A bracket: PCRE lets `\` escape inside it, POSIX does not.
                let mut body = Vec::new();
                let mut close_member = false;
                let mut dash_member = false;
                let negate = pat.get(i) == Some(&b'^');
                if negate {
                    i += 1;
                }
                if pat.get(i) == Some(&b']') {
                    close_member = true;
                    i += 1;
                }
                while i < pat.len() && pat[i] != b']' {
                    match pat[i] {
                        b'\\' if i + 1 < pat.len() => {
                            i += 1;
                            match pat[i] {
                                b']' => close_member = true,
                                b'-' => dash_member = true,
                                b'd' => body.extend_from_slice(b"0-9"),
                                b'w' => body.extend_from_slice(b"[:alnum:]_"),
                                b's' => body.extend_from_slice(b"[:space:]"),
                                e => body.push(e),
                            }
                        }
                        b'[' if matches!(pat.get(i + 1), Some(b':' | b'.' | b'=')) => {
                            let kind = pat[i + 1];
                            let end = pat[i + 2..]
                                .windows(2)
                                .position(|w| w[0] == kind && w[1] == b']')
                                .map_or(pat.len(), |p| i + 2 + p + 2);
                            body.extend_from_slice(&pat[i..end.min(pat.len())]);
                            i = end;
                            continue;
                        }
                        b => body.push(b),
                    }
                    i += 1;
                }
                i += 1;
                out.push(b'[');
                if negate {
                    out.push(b'^');
                }
                if close_member {
                    out.push(b']');
                }
                out.extend_from_slice(&body);
                if dash_member {
                    out.push(b'-');
                }
                out.push(b']');
            }
            _ => out.push(c),
        }
    }
    out.extend_from_slice(b"\\)$");
    out
}

#[cfg_attr(corebox_opt, optimize(size))]
fn fields(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|b| b.is_ascii_whitespace())
        .filter(|f| !f.is_empty())
}

impl Db {
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn new() -> Db {
        Db::default()
    }

    /// Adds the lines of one file: file_contexts (then its `.homedirs`
    /// and `.local` companions) with `subs` None, else a substitution
    /// file: `.subs_dist` (Some(true)) or `.subs`. Malformed lines are
    /// skipped.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn add(&mut self, text: &[u8], subs: Option<bool>) {
        for line in text.split(|&b| b == b'\n') {
            let line = line.trim_ascii();
            if line.first().is_none_or(|&b| b == b'#') {
                continue;
            }
            let mut f = fields(line);
            let (Some(a), Some(b), c, None) = (f.next(), f.next(), f.next(), f.next()) else {
                continue;
            };
            if let Some(dist) = subs {
                // `SRC DST`; the root cannot be an alias.
                if c.is_none() && a != b"/" {
                    self.subs[dist as usize].insert(0, (a.to_vec(), b.to_vec()));
                }
                continue;
            }
            let (mode, ctx) = match c {
                None => (0, b),
                Some(c) => match file_type(b) {
                    Some(m) => (m, c),
                    None => continue,
                },
            };
            let (meta, lit) = literal_prefix(a);
            self.specs.push(Spec {
                pat: a.to_vec(),
                mode,
                ctx: (ctx != b"<<none>>").then(|| ctx.to_vec()),
                exact: !meta,
                lit,
                re: OnceCell::new(),
            });
        }
        // libselinux's sort_specs: exact paths after the patterns, each
        // group in its order.
        let (mut pats, exact): (Vec<Spec>, Vec<Spec>) = core::mem::take(&mut self.specs)
            .into_iter()
            .partition(|s| !s.exact);
        pats.extend(exact);
        self.specs = pats;
    }

    /// Whether any specification was loaded.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn is_empty(&self) -> bool {
        self.specs.is_empty()
    }

    fn substitute(list: &[(Vec<u8>, Vec<u8>)], path: &[u8]) -> Option<Vec<u8>> {
        for (src, dst) in list {
            if let Some(rest) = path.strip_prefix(&src[..]) {
                if rest.is_empty() || rest[0] == b'/' {
                    let mut v = dst.clone();
                    // An alias of / keeps one slash.
                    let rest = if dst == b"/" && !rest.is_empty() {
                        &rest[1..]
                    } else {
                        rest
                    };
                    v.extend_from_slice(rest);
                    return Some(v);
                }
            }
        }
        None
    }

    /// selabel_lookup: the context for `path` (absolute) of file type
    /// `mode` (its S_IFMT bits, 0 for any); None when no specification
    /// matches or the match says `<<none>>` (libselinux's ENOENT).
    pub fn lookup(&self, path: &[u8], mode: u32) -> Option<&[u8]> {
        let mut key = path.to_vec();
        if let Some(k) = Db::substitute(&self.subs[0], &key) {
            key = k;
        }
        if let Some(k) = Db::substitute(&self.subs[1], &key) {
            key = k;
        }
        // Duplicate slashes count as one.
        key.dedup_by(|a, b| *a == b'/' && *b == b'/');
        let mode = mode & S_IFMT;
        let spec = self.specs.iter().rev().find(|s| {
            if mode != 0 && s.mode != 0 && s.mode != mode {
                return false;
            }
            if s.exact {
                return s.lit == key;
            }
            if !key.starts_with(&s.lit) {
                return false;
            }
            s.re.get_or_init(|| Regex::new_whole(&to_basic(&s.pat), Syntax::Basic, false).ok())
                .as_ref()
                .is_some_and(|r| r.match_at(&key, 0) == Some(key.len()))
        })?;
        spec.ctx.as_deref()
    }
}

/// libselinux's selinux_config: the SELINUXTYPE of /etc/selinux/config's
/// text ("targeted" when it names none).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn policy_type(config: &[u8]) -> &[u8] {
    for line in config.split(|&b| b == b'\n') {
        let line = line.trim_ascii();
        if let Some(v) = line.strip_prefix(b"SELINUXTYPE=") {
            let v = v.trim_ascii();
            if !v.is_empty() {
                return v;
            }
        }
    }
    b"targeted"
}

#[cfg(test)]
mod tests {
    use super::*;

    const FC: &[u8] = b"# comment
/.*\t\t\tsystem_u:object_r:default_t:s0
/etc(/.*)?\t\tsystem_u:object_r:etc_t:s0
/etc/shadow.*\t--\tsystem_u:object_r:shadow_t:s0
/usr/lib(64)?/.*\\.so(\\.[^/]*)*\t--\tsystem_u:object_r:lib_t:s0
/usr/s?bin(/.*)?\tsystem_u:object_r:bin_t:s0
/tmp\t-d\tsystem_u:object_r:tmp_t:s0
/tmp/.*\t<<none>>
/var/run\t-l\tsystem_u:object_r:var_run_t:s0
/var/[^/]*/x[a-c\\]]\tsystem_u:object_r:odd_t:s0
/home/[^/]+/\\.ssh(/.*)?\tunconfined_u:object_r:ssh_home_t:s0
/opt/(a|b)/[0-9]{2}\tsystem_u:object_r:opt_t:s0
/etc/hosts\tsystem_u:object_r:net_conf_t:s0
/etc(/.*)?/hosts\tsystem_u:object_r:never_t:s0
bad line with four fields
/x\t-q\tsystem_u:object_r:bad_t:s0
";

    fn db() -> Db {
        let mut d = Db::new();
        d.add(FC, None);
        d
    }

    #[test]
    fn lookups() {
        let mut d = db();
        let t = |d: &Db, p: &str, m: u32| d.lookup(p.as_bytes(), m).map(|c| c.to_vec());
        let ctx = |s: &str| Some(s.as_bytes().to_vec());
        assert_eq!(t(&d, "/", 0o040000), ctx("system_u:object_r:default_t:s0"));
        assert_eq!(t(&d, "/etc", 0o040000), ctx("system_u:object_r:etc_t:s0"));
        assert_eq!(
            t(&d, "/etc/passwd", 0o100000),
            ctx("system_u:object_r:etc_t:s0")
        );
        assert_eq!(
            t(&d, "/etc/shadow-", 0o100000),
            ctx("system_u:object_r:shadow_t:s0")
        );
        // Bound to regular files: a directory of that name is etc_t.
        assert_eq!(
            t(&d, "/etc/shadow", 0o040000),
            ctx("system_u:object_r:etc_t:s0")
        );
        // Mode 0 matches every type.
        assert_eq!(
            t(&d, "/etc/shadow", 0),
            ctx("system_u:object_r:shadow_t:s0")
        );
        // The exact /etc/hosts wins over the later pattern.
        assert_eq!(
            t(&d, "/etc/hosts", 0o100000),
            ctx("system_u:object_r:net_conf_t:s0")
        );
        assert_eq!(
            t(&d, "/etc/a/hosts", 0o100000),
            ctx("system_u:object_r:never_t:s0")
        );
        assert_eq!(
            t(&d, "/usr/lib64/libc.so.6", 0o100000),
            ctx("system_u:object_r:lib_t:s0")
        );
        assert_eq!(
            t(&d, "/usr/lib/x/libz.so", 0o100000),
            ctx("system_u:object_r:lib_t:s0")
        );
        assert_eq!(
            t(&d, "/usr/lib/libz.sox", 0o100000),
            ctx("system_u:object_r:default_t:s0")
        );
        assert_eq!(
            t(&d, "/usr/sbin/ip", 0o100000),
            ctx("system_u:object_r:bin_t:s0")
        );
        assert_eq!(
            t(&d, "/usr/bin", 0o040000),
            ctx("system_u:object_r:bin_t:s0")
        );
        assert_eq!(
            t(&d, "/usr/binx", 0o040000),
            ctx("system_u:object_r:default_t:s0")
        );
        assert_eq!(t(&d, "/tmp", 0o040000), ctx("system_u:object_r:tmp_t:s0"));
        assert_eq!(
            t(&d, "/tmp", 0o100000),
            ctx("system_u:object_r:default_t:s0")
        );
        assert_eq!(t(&d, "/tmp/x", 0o100000), None);
        assert_eq!(
            t(&d, "/var/run", 0o120000),
            ctx("system_u:object_r:var_run_t:s0")
        );
        assert_eq!(t(&d, "/var/q/x]", 0), ctx("system_u:object_r:odd_t:s0"));
        assert_eq!(t(&d, "/var/q/xb", 0), ctx("system_u:object_r:odd_t:s0"));
        assert_eq!(t(&d, "/var/q/xd", 0), ctx("system_u:object_r:default_t:s0"));
        assert_eq!(
            t(&d, "/home/u/.ssh/id", 0o100000),
            ctx("unconfined_u:object_r:ssh_home_t:s0")
        );
        assert_eq!(
            t(&d, "/home/u/xssh", 0),
            ctx("system_u:object_r:default_t:s0")
        );
        assert_eq!(t(&d, "/opt/b/42", 0), ctx("system_u:object_r:opt_t:s0"));
        assert_eq!(t(&d, "/opt/c/42", 0), ctx("system_u:object_r:default_t:s0"));
        assert_eq!(
            t(&d, "/opt/a/421", 0),
            ctx("system_u:object_r:default_t:s0")
        );
        // Duplicate slashes count as one; malformed lines were skipped.
        assert_eq!(
            t(&d, "//etc//hosts", 0),
            ctx("system_u:object_r:net_conf_t:s0")
        );
        assert_eq!(t(&d, "/x", 0), ctx("system_u:object_r:default_t:s0"));
        // A later file (.local) overrides.
        d.add(b"/etc/passwd -- system_u:object_r:passwd_file_t:s0\n", None);
        assert_eq!(
            t(&d, "/etc/passwd", 0o100000),
            ctx("system_u:object_r:passwd_file_t:s0")
        );
    }

    #[test]
    fn substitutions() {
        let mut d = db();
        d.add(b"# dist\n/srv/etc /etc\n/ /nothing\n", Some(true));
        d.add(b"/data/home /home\n", Some(false));
        let ctx = |s: &'static str| Some(s.as_bytes());
        assert_eq!(
            d.lookup(b"/srv/etc/hosts", 0),
            ctx("system_u:object_r:net_conf_t:s0")
        );
        assert_eq!(
            d.lookup(b"/srv/etcx", 0),
            ctx("system_u:object_r:default_t:s0")
        );
        assert_eq!(
            d.lookup(b"/data/home/u/.ssh", 0o040000),
            ctx("unconfined_u:object_r:ssh_home_t:s0")
        );
    }

    #[test]
    fn translation_and_prefix() {
        assert_eq!(to_basic(b"/a(/.*)?"), b"^\\(/a\\(/.*\\)\\?\\)$");
        assert_eq!(to_basic(b"/a\\.b+"), b"^\\(/a\\.b\\+\\)$");
        assert_eq!(to_basic(b"/[^/\\]]x"), b"^\\(/[^]/]x\\)$");
        assert_eq!(literal_prefix(b"/usr/s?bin"), (true, b"/usr/".to_vec()));
        assert_eq!(
            literal_prefix(b"/etc/hosts"),
            (false, b"/etc/hosts".to_vec())
        );
        assert_eq!(literal_prefix(b"/a\\.b"), (false, b"/a.b".to_vec()));
        assert_eq!(literal_prefix(b"/a|/b"), (true, Vec::new()));
        assert_eq!(literal_prefix(b"/a(x|y)"), (true, b"/a".to_vec()));
        assert_eq!(policy_type(b"SELINUX=enforcing\nSELINUXTYPE=mls\n"), b"mls");
        assert_eq!(policy_type(b""), b"targeted");
    }
}
