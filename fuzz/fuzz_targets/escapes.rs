//! Backslash escapes: echo -e, printf's escapes and character constants,
//! paste -d lists, env -S strings, and the quoting of names (ls, errors).
#![no_main]
use libfuzzer_sys::fuzz_target;
use logic::quote;

fuzz_target!(|data: &[u8]| {
    let (sel, s) = corebox_fuzz::selector(data);
    let utf8 = sel & 1 != 0;
    let mut out = Vec::new();
    logic::escape::echo(s, |b| out.extend_from_slice(b));
    let _ = logic::escape::delimiter_list(s);
    let (_, n) = logic::printf::escape(s, sel & 2 != 0);
    assert!(n <= s.len());
    let _ = logic::printf::char_constant(s, utf8);
    let _ = logic::split_string::split(s, |_| Some(&b"value"[..]));
    let _ = quote::shell(s, utf8);
    let _ = quote::shell_escape(s, utf8);
    let _ = quote::locale(s, utf8);
    let _ = quote::c_maybe(s, utf8);
    let _ = logic::unicode::mbswidth(s, utf8);
});
