//! GNU basic and Emacs regular expressions (csplit, nl, tac, expr, ptx):
//! the pattern before the first NUL, the subject after it.
#![no_main]
use libfuzzer_sys::fuzz_target;
use logic::regex::{Regex, Syntax};

fuzz_target!(|data: &[u8]| {
    let (sel, data) = corebox_fuzz::selector(data);
    let p = corebox_fuzz::parts(data, 2);
    let hay = p.get(1).copied().unwrap_or(b"");
    // Each nested repetition can double the program (`a\+` is `aa*`, as
    // in glibc), up to the 1M-instruction cap ("Regular expression too
    // big"; GNU's own expr takes 10 s on 22 nested `\+`): bounded, but
    // slow enough to starve the search, so a few per pattern.
    if p[0]
        .iter()
        .filter(|&&b| matches!(b, b'*' | b'+' | b'?' | b'{'))
        .count()
        > 8
    {
        return;
    }
    let syntax = if sel & 1 != 0 {
        Syntax::Emacs
    } else {
        Syntax::Basic
    };
    let re = if sel & 2 != 0 {
        Regex::new_whole(p[0], syntax, sel & 4 != 0)
    } else {
        Regex::new_in_locale(p[0], syntax, sel & 4 != 0)
    };
    if let Ok(re) = re {
        let _ = re.is_match(hay);
        if let Some((s, e)) = re.search(hay, 0) {
            assert!(s <= e && e <= hay.len());
            if let Some(c) = re.captures(hay, s, hay.len()) {
                assert!(c.len() >= 2);
            }
        }
        let _ = re.search_back(hay, hay.len());
        let _ = re.match_at(hay, 0);
        let _ = re.groups();
    }
});
