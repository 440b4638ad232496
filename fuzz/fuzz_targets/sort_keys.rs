//! sort's `-k KEYDEF` and `+POS1 -POS2` keys, then the comparison of two
//! lines with them (every ordering option a key can carry): the key
//! first, then two lines, separated by NULs.
#![no_main]
use core::cmp::Ordering;
use libfuzzer_sys::fuzz_target;
use logic::sortkey::{self, Keys};

fuzz_target!(|data: &[u8]| {
    let (sel, data) = corebox_fuzz::selector(data);
    let p = corebox_fuzz::parts(data, 3);
    let key = if sel & 1 != 0 {
        match sortkey::parse_obsolete(p[0], Some(b"-2.3bn")) {
            Some(Ok(k)) => k,
            _ => return,
        }
    } else {
        match sortkey::parse_key(p[0]) {
            Ok(k) => k,
            Err(_) => return,
        }
    };
    if key.incompatible() {
        return;
    }
    let _ = key.opts();
    let keys = Keys {
        keys: vec![key],
        tab: if sel & 2 != 0 { Some(b',') } else { None },
        reverse: sel & 4 != 0,
        no_last_resort: sel & 8 != 0,
        salt: [7; 16],
    };
    let a = p.get(1).copied().unwrap_or(b"");
    let b = p.get(2).copied().unwrap_or(b"");
    let (s, e) = sortkey::span(a, &key, keys.tab);
    assert!(s <= e && e <= a.len());
    let _ = sortkey::debug_span(a, Some(&key), keys.tab);
    assert_eq!(keys.compare(a, b), keys.compare(b, a).reverse());
    assert_eq!(keys.compare(a, a), Ordering::Equal);
});
