//! Integer and size parsers (logic::num, dd's operands, printf's and
//! human-readable block sizes): GNU's xstrtol family.
#![no_main]
use libfuzzer_sys::fuzz_target;
use logic::num;

fuzz_target!(|data: &[u8]| {
    let (sel, s) = corebox_fuzz::selector(data);
    let suffixes: &[u8] = match sel % 4 {
        0 => b"",
        1 => b"bkKmMGTPEZYRQ0",
        2 => b"bcEGkKMPTwYZ0",
        _ => b"kKmMgGtTpPeEzZyYrRqQbB",
    };
    let _ = num::parse_u64_dec(s);
    let _ = num::parse_size(s, suffixes);
    let _ = num::xstrtoumax(s, suffixes);
    for radix in [0, 8, 10, 16] {
        let _ = num::xstrtoumax_radix(s, radix, suffixes);
        let _ = num::xstrtoimax_radix(s, radix, suffixes);
    }
    let _ = num::parse_size_i64(s, suffixes);
    let _ = num::strtoint(s);
    let _ = num::parse_u64_c(s);
    let _ = num::space_and_sign(s);
    let _ = num::parse_i64(s);
    let _ = logic::dd::parse_integer(s);
    let _ = logic::printf::strtoimax(s);
    let _ = logic::printf::strtoumax(s);
    let _ = logic::passwd::numeric_id(s);
    let _ = logic::human::options(Some(s), &|_| None);
});
