//! The system files corebox reads itself instead of asking libc:
//! /etc/passwd and /etc/group, /proc/self/mountinfo and /etc/mtab, utmp,
//! /etc/hosts, SELinux contexts and file_contexts, LS_COLORS.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (sel, db) = corebox_fuzz::selector(data);
    match sel % 6 {
        0 => {
            let _ = logic::passwd::name_of_id(db, 0);
            let _ = logic::passwd::id_of_name(db, b"root");
            let _ = logic::passwd::user_record(db, b"root");
            let _ = logic::passwd::group_list(db, b"root", 0);
        }
        1 => {
            let _ = logic::mountinfo::parse(db);
            let _ = logic::mountinfo::parse_mtab(db);
        }
        2 => {
            let _ = logic::utmp::parse(db);
        }
        3 => {
            let _ = logic::hosts::lookup_v4(db, b"localhost");
            let _ = logic::hosts::canonical(db, b"localhost");
            let _ = logic::hosts::parse_v4(db);
        }
        4 => {
            let _ = logic::context::Context::parse(db);
            let mut d = logic::selabel::Db::new();
            d.add(db, Some(sel & 8 != 0));
            let _ = d.lookup(b"/usr/bin/ls", 0o100755);
            let _ = d.lookup(b"/", 0o40755);
        }
        _ => {
            let (c, _) = logic::ls::parse(db);
            let _ = c.for_suffix(b"archive.tar.gz");
        }
    }
});
