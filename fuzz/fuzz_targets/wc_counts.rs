//! wc's counting (lines, words, characters, widths in C and UTF-8):
//! the same counts whatever the buffer boundaries.
#![no_main]
use libfuzzer_sys::fuzz_target;
use logic::wc::Counter;

fuzz_target!(|data: &[u8]| {
    let (sel, s) = corebox_fuzz::selector(data);
    let utf8 = sel & 1 != 0;
    let posix = sel & 2 != 0;
    let mut whole = Counter::new(utf8, posix);
    whole.feed(s);
    let whole = whole.finish();
    let mut parts = Counter::new(utf8, posix);
    let step = (sel as usize >> 2) + 1;
    for chunk in s.chunks(step) {
        parts.feed(chunk);
    }
    let parts = parts.finish();
    assert_eq!(
        (
            whole.lines,
            whole.words,
            whole.chars,
            whole.bytes,
            whole.max_width
        ),
        (
            parts.lines,
            parts.words,
            parts.chars,
            parts.bytes,
            parts.max_width
        )
    );
});
