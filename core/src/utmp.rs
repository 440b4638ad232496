//! utmp and wtmp records as glibc writes them on Linux: 384-byte
//! `struct utmp` records, the same layout on all five triples (the
//! 64-bit ABIs keep 32-bit `ut_session` and `ut_tv` for compatibility
//! with the 32-bit ones, whose glibc still writes 32-bit times there).

use alloc::vec::Vec;

pub const RECORD: usize = 384;
pub const RUN_LVL: i16 = 1;
pub const BOOT_TIME: i16 = 2;
pub const NEW_TIME: i16 = 3;
pub const INIT_PROCESS: i16 = 5;
pub const LOGIN_PROCESS: i16 = 6;
pub const USER_PROCESS: i16 = 7;
pub const DEAD_PROCESS: i16 = 8;

/// One record, its fixed-size strings cut at their first NUL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub kind: i16,
    pub pid: i32,
    pub line: Vec<u8>,
    pub id: Vec<u8>,
    pub user: Vec<u8>,
    pub host: Vec<u8>,
    /// ut_exit: termination status, exit status.
    pub exit: (i16, i16),
    pub session: i32,
    /// ut_tv.tv_sec.
    pub time: i64,
    pub usec: i32,
    /// ut_addr_v6, as stored (network byte order).
    pub addr: [u8; 16],
}

#[cfg_attr(corebox_opt, optimize(size))]
fn cstr(b: &[u8]) -> Vec<u8> {
    b[..b.iter().position(|&c| c == 0).unwrap_or(b.len())].to_vec()
}

#[cfg_attr(corebox_opt, optimize(size))]
fn i16_at(r: &[u8], at: usize) -> i16 {
    i16::from_ne_bytes([r[at], r[at + 1]])
}

#[cfg_attr(corebox_opt, optimize(size))]
fn i32_at(r: &[u8], at: usize) -> i32 {
    i32::from_ne_bytes([r[at], r[at + 1], r[at + 2], r[at + 3]])
}

impl Entry {
    /// A user's login (GNU's IS_USER_PROCESS: a name and USER_PROCESS).
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn is_user(&self) -> bool {
        !self.user.is_empty() && self.kind == USER_PROCESS
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn parse(r: &[u8]) -> Entry {
        Entry {
            kind: i16_at(r, 0),
            pid: i32_at(r, 4),
            line: cstr(&r[8..40]),
            id: cstr(&r[40..44]),
            user: cstr(&r[44..76]),
            host: cstr(&r[76..332]),
            exit: (i16_at(r, 332), i16_at(r, 334)),
            session: i32_at(r, 336),
            time: i32_at(r, 340) as i64,
            usec: i32_at(r, 344),
            addr: r[348..364].try_into().unwrap_or([0; 16]),
        }
    }
}

/// The whole records of a utmp file's bytes (a partial last one is
/// ignored, as glibc's getutent does).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn parse(data: &[u8]) -> Vec<Entry> {
    data.chunks_exact(RECORD).map(Entry::parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records() {
        let mut r = alloc::vec![0u8; RECORD + 10];
        r[..2].copy_from_slice(&USER_PROCESS.to_ne_bytes());
        r[4..8].copy_from_slice(&42i32.to_ne_bytes());
        r[8..13].copy_from_slice(b"pts/1");
        r[44..48].copy_from_slice(b"root");
        r[76..79].copy_from_slice(b"h.x");
        r[340..344].copy_from_slice(&1_700_000_000i32.to_ne_bytes());
        let e = parse(&r);
        assert_eq!(e.len(), 1);
        assert!(e[0].is_user());
        assert_eq!(
            (e[0].pid, &e[0].line[..], &e[0].user[..], &e[0].host[..]),
            (42, &b"pts/1"[..], &b"root"[..], &b"h.x"[..])
        );
        assert_eq!(e[0].time, 1_700_000_000);
    }
}
