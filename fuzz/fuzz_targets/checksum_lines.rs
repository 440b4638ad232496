//! The lines `md5sum -c` and friends read (GNU, BSD-tagged and escaped
//! forms), one parser state across the lines of one input.
#![no_main]
use libfuzzer_sys::fuzz_target;
use logic::digest::{check::Parser, Algo};

fuzz_target!(|data: &[u8]| {
    let (sel, data) = corebox_fuzz::selector(data);
    let algos = [
        None,
        Some(Algo::Md5),
        Some(Algo::Sha1),
        Some(Algo::Sha256),
        Some(Algo::Sha512),
        Some(Algo::Blake2b),
        Some(Algo::Sm3),
        Some(Algo::Sha224),
    ];
    let algo = algos[(sel & 7) as usize];
    let bits = if sel & 8 != 0 { 256 } else { 0 };
    let mut p = Parser::new(algo, sel & 16 != 0 || algo.is_none(), bits);
    for line in data.split(|&b| b == b'\n') {
        if let Some(l) = p.parse(line) {
            assert_eq!(l.hex.len() * 4, l.bits);
        }
    }
});
