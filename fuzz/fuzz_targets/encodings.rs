//! base64/base32/base16/base2/z85 decoding (base64, base32, basenc -d),
//! fed in two pieces, and encode-then-decode giving the input back.
#![no_main]
use libfuzzer_sys::fuzz_target;
use logic::basenc::{encode, Decoder, Enc};

fuzz_target!(|data: &[u8]| {
    let (sel, s) = corebox_fuzz::selector(data);
    let encs = [
        Enc::Base64,
        Enc::Base64Url,
        Enc::Base32,
        Enc::Base32Hex,
        Enc::Base16,
        Enc::Base2Msbf,
        Enc::Base2Lsbf,
        Enc::Z85,
    ];
    let enc = encs[(sel & 7) as usize];
    let cut = (sel as usize >> 3).min(s.len());
    let mut d = Decoder::new(enc, sel & 0x80 != 0);
    let mut out = Vec::new();
    if d.feed(&s[..cut], &mut out) && d.feed(&s[cut..], &mut out) {
        let _ = d.finish(&mut out);
    }
    if enc != Enc::Z85 || s.len() % 4 == 0 {
        let mut text = Vec::new();
        encode(enc, s, &mut text);
        let mut back = Vec::new();
        let mut d = Decoder::new(enc, false);
        assert!(d.feed(&text, &mut back) && d.finish(&mut back));
        assert_eq!(back, s);
    }
});
