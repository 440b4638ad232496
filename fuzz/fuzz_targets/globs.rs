//! fnmatch patterns (du/ls --exclude, --hide, -I) and version ordering
//! (ls -v, sort -V): a pattern and a name separated by a NUL.
#![no_main]
use core::cmp::Ordering;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (sel, data) = corebox_fuzz::selector(data);
    let p = corebox_fuzz::parts(data, 2);
    let name = p.get(1).copied().unwrap_or(b"");
    let _ = logic::fnmatch::fnmatch(p[0], name, sel & 1 != 0, sel & 2 != 0);
    let _ = logic::fnmatch::fnmatch_period(p[0], name, sel & 1 != 0, sel & 2 != 0);
    let ab = logic::filevercmp::filevercmp(p[0], name);
    let ba = logic::filevercmp::filevercmp(name, p[0]);
    assert_eq!(ab, ba.reverse());
    assert_eq!(logic::filevercmp::filevercmp(name, name), Ordering::Equal);
});
