//! `--time-style=STYLE` (du; ls shares it): `+FORMAT`, or one of GNU's
//! style words, abbreviations allowed.

use super::cli::{choice, Spec};

/// A time style.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style<'a> {
    FullIso,
    LongIso,
    Iso,
    Locale,
    /// `+FORMAT`: the format after the `+`.
    Format(&'a [u8]),
}

/// The full-iso format (du and ls alike).
pub const FULL_ISO: &[u8] = b"%Y-%m-%d %H:%M:%S.%N %z";
/// The long-iso format (du, and ls for recent and old files alike).
pub const LONG_ISO: &[u8] = b"%Y-%m-%d %H:%M";

/// The style `arg` names (`locale` only where `with_locale`, as ls has
/// it), or GNU's `invalid argument 'X' for 'time style'`, the valid
/// words and the `Try` line, and exit.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
pub fn parse<'a>(spec: &Spec, arg: &'a [u8], with_locale: bool) -> Style<'a> {
    if let Some(format) = arg.strip_prefix(b"+") {
        return Style::Format(format);
    }
    let words: [(&[u8], Style); 4] = [
        (b"full-iso", Style::FullIso),
        (b"long-iso", Style::LongIso),
        (b"iso", Style::Iso),
        (b"locale", Style::Locale),
    ];
    let n = if with_locale { 4 } else { 3 };
    choice(spec, b"time style", arg, &words[..n])
}

/// The style word `arg` names, as gnulib's argmatch finds it (the word,
/// or a prefix of one only), for callers with messages of their own
/// (ls): Err(true) when ambiguous, Err(false) when it names none.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn word(arg: &[u8], with_locale: bool) -> Result<Style<'static>, bool> {
    let words: [(&[u8], Style); 4] = [
        (b"full-iso", Style::FullIso),
        (b"long-iso", Style::LongIso),
        (b"iso", Style::Iso),
        (b"locale", Style::Locale),
    ];
    let words = &words[..if with_locale { 4 } else { 3 }];
    if let Some(&(_, s)) = words.iter().find(|(w, _)| *w == arg) {
        return Ok(s);
    }
    let mut hits = words.iter().filter(|(w, _)| w.starts_with(arg));
    match (hits.next(), hits.next()) {
        (Some(&(_, s)), None) => Ok(s),
        (Some(_), Some(_)) => Err(true),
        _ => Err(false),
    }
}
