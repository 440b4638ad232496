//! GNU range lists (`1,3-5,7-`, `-3`): the `LIST` of `cut -b/-c/-f` and
//! `numfmt --field`, parsed as gnulib's `set_fields` does. Ranges are
//! separated by commas or blanks, may overlap and come in any order; the
//! result is sorted with overlapping ranges merged (adjacent ones stay
//! apart: `cut --output-delimiter` prints a delimiter between them).

use crate::quote;
use alloc::vec::Vec;

/// An inclusive range of 1-based positions; `hi == u64::MAX` is open-ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    pub lo: u64,
    pub hi: u64,
}

/// Why a list was rejected; [`RangeError::message`] words it as GNU does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RangeError<'a> {
    /// `0`, `0-3`, an empty item (`1,,2`, `1,`).
    NumberedFrom1,
    /// A second dash in one item (`1-2-3`, `--`).
    InvalidRange,
    /// A lone `-` where that is not allowed.
    NoEndpoint,
    /// `5-3`.
    Decreasing,
    /// A number of 2^64-1 or more: the digits.
    TooLarge(&'a [u8]),
    /// Anything else: the rest of the list from the bad byte on.
    InvalidValue(&'a [u8]),
}

impl RangeError<'_> {
    /// The message, for byte/character positions (`positions`) or fields,
    /// with names quoted for a UTF-8 locale or not.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn message(&self, positions: bool, utf8: bool) -> Vec<u8> {
        let mut m = Vec::new();
        let (what, rest): (&[u8], &[u8]) = match self {
            RangeError::NumberedFrom1 if positions => {
                (b"byte/character positions are numbered from 1", b"")
            }
            RangeError::NumberedFrom1 => (b"fields are numbered from 1", b""),
            RangeError::InvalidRange if positions => (b"invalid byte or character range", b""),
            RangeError::InvalidRange => (b"invalid field range", b""),
            RangeError::NoEndpoint => (b"invalid range with no endpoint: -", b""),
            RangeError::Decreasing => (b"invalid decreasing range", b""),
            RangeError::TooLarge(n) => {
                m.extend_from_slice(if positions {
                    b"byte/character offset "
                } else {
                    b"field number "
                });
                m.extend_from_slice(&quote::locale(n, utf8));
                (b" is too large", b"")
            }
            RangeError::InvalidValue(v) => {
                m.extend_from_slice(if positions {
                    b"invalid byte/character position "
                } else {
                    b"invalid field value "
                });
                (b"", *v)
            }
        };
        m.extend_from_slice(what);
        if !rest.is_empty() {
            m.extend_from_slice(&quote::locale(rest, utf8));
        }
        m
    }
}

/// Parses a list. With `allow_dash` (numfmt), a lone `-` means `1-`.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn parse(list: &[u8], allow_dash: bool) -> Result<Vec<Range>, RangeError<'_>> {
    let mut ranges: Vec<Range> = Vec::new();
    let mut initial = 1u64;
    let mut value = 0u64;
    let (mut lhs, mut rhs, mut dash) = (false, false, false);
    let mut num_start = 0;
    let mut in_digits = false;
    let mut i = 0;
    loop {
        let c = list.get(i).copied();
        match c {
            Some(b'-') => {
                in_digits = false;
                if dash {
                    return Err(RangeError::InvalidRange);
                }
                dash = true;
                if lhs && value == 0 {
                    return Err(RangeError::NumberedFrom1);
                }
                initial = if lhs { value } else { 1 };
                value = 0;
            }
            None | Some(b',' | b' ' | b'\t') => {
                in_digits = false;
                if dash {
                    dash = false;
                    if !lhs && !rhs && !allow_dash {
                        return Err(RangeError::NoEndpoint);
                    }
                    if !rhs {
                        ranges.push(Range {
                            lo: initial,
                            hi: u64::MAX,
                        });
                    } else {
                        if value < initial {
                            return Err(RangeError::Decreasing);
                        }
                        ranges.push(Range {
                            lo: initial,
                            hi: value,
                        });
                    }
                } else {
                    if value == 0 {
                        return Err(RangeError::NumberedFrom1);
                    }
                    ranges.push(Range {
                        lo: value,
                        hi: value,
                    });
                }
                value = 0;
                if c.is_none() {
                    break;
                }
                lhs = false;
                rhs = false;
            }
            Some(d @ b'0'..=b'9') => {
                if !in_digits {
                    num_start = i;
                }
                in_digits = true;
                if dash {
                    rhs = true;
                } else {
                    lhs = true;
                }
                match value
                    .checked_mul(10)
                    .and_then(|v| v.checked_add((d - b'0') as u64))
                {
                    Some(v) if v != u64::MAX => value = v,
                    _ => {
                        let digits = list[num_start..]
                            .iter()
                            .take_while(|b| b.is_ascii_digit())
                            .count();
                        return Err(RangeError::TooLarge(&list[num_start..num_start + digits]));
                    }
                }
            }
            Some(_) => return Err(RangeError::InvalidValue(&list[i..])),
        }
        i += 1;
    }
    crate::sort::sort_by(&mut ranges, |a, b| a.lo < b.lo);
    let mut merged: Vec<Range> = Vec::with_capacity(ranges.len());
    for r in ranges {
        match merged.last_mut() {
            Some(last) if r.lo <= last.hi => last.hi = last.hi.max(r.hi),
            _ => merged.push(r),
        }
    }
    Ok(merged)
}

/// The positions not in `ranges` (sorted and merged), as GNU's
/// `--complement` computes them.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn complement(ranges: &[Range]) -> Vec<Range> {
    let mut out = Vec::new();
    let mut next = 1u64;
    for r in ranges {
        if r.lo > next {
            out.push(Range {
                lo: next,
                hi: r.lo - 1,
            });
        }
        if r.hi == u64::MAX {
            return out;
        }
        next = r.hi + 1;
    }
    out.push(Range {
        lo: next,
        hi: u64::MAX,
    });
    out
}

/// Answers "is position `n` selected" for increasing `n` in constant time
/// per call, walking the ranges once per line.
pub struct Cursor<'a> {
    rest: &'a [Range],
}

impl<'a> Cursor<'a> {
    pub fn new(ranges: &'a [Range]) -> Self {
        Cursor { rest: ranges }
    }

    /// Whether `n` is selected; `n` must not decrease between calls.
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn selected(&mut self, n: u64) -> bool {
        while let Some((r, tail)) = self.rest.split_first() {
            if n <= r.hi {
                return n >= r.lo;
            }
            self.rest = tail;
        }
        false
    }

    /// No position from `n` on is selected (after a call with `n`).
    pub fn done(&self) -> bool {
        self.rest.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(lo: u64, hi: u64) -> Range {
        Range { lo, hi }
    }

    const MAX: u64 = u64::MAX;

    #[test]
    fn singles_and_ranges() {
        assert_eq!(parse(b"1", false), Ok(vec![r(1, 1)]));
        assert_eq!(
            parse(b"1,3-5,7-", false),
            Ok(vec![r(1, 1), r(3, 5), r(7, MAX)])
        );
        assert_eq!(parse(b"-3", false), Ok(vec![r(1, 3)]));
        assert_eq!(parse(b"2 4\t6", false), Ok(vec![r(2, 2), r(4, 4), r(6, 6)]));
        assert_eq!(parse(b"007", false), Ok(vec![r(7, 7)]));
        assert_eq!(
            parse(b"18446744073709551614", false),
            Ok(vec![r(MAX - 1, MAX - 1)])
        );
    }

    #[test]
    fn sorted_and_merged() {
        assert_eq!(parse(b"5-7,1-2,6-9", false), Ok(vec![r(1, 2), r(5, 9)]));
        assert_eq!(parse(b"3-,1-4", false), Ok(vec![r(1, MAX)]));
        // Adjacent ranges are not merged.
        assert_eq!(parse(b"1,2", false), Ok(vec![r(1, 1), r(2, 2)]));
        assert_eq!(parse(b"2,2", false), Ok(vec![r(2, 2)]));
    }

    #[test]
    fn errors() {
        use RangeError::*;
        assert_eq!(parse(b"0", false), Err(NumberedFrom1));
        assert_eq!(parse(b"0-3", false), Err(NumberedFrom1));
        assert_eq!(parse(b"", false), Err(NumberedFrom1));
        assert_eq!(parse(b"1,", false), Err(NumberedFrom1));
        assert_eq!(parse(b",1", false), Err(NumberedFrom1));
        assert_eq!(parse(b"1--", false), Err(InvalidRange));
        assert_eq!(parse(b"1-2-3", false), Err(InvalidRange));
        assert_eq!(parse(b"-", false), Err(NoEndpoint));
        assert_eq!(parse(b"1,-", false), Err(NoEndpoint));
        assert_eq!(parse(b"3-1", false), Err(Decreasing));
        assert_eq!(parse(b"-0", false), Err(Decreasing));
        assert_eq!(parse(b"1,a3", false), Err(InvalidValue(b"a3")));
        assert_eq!(parse(b"1x", false), Err(InvalidValue(b"x")));
        assert_eq!(
            parse(b"2,18446744073709551615,9", false),
            Err(TooLarge(b"18446744073709551615"))
        );
        assert_eq!(
            parse(b"1-99999999999999999999999", false),
            Err(TooLarge(b"99999999999999999999999"))
        );
    }

    #[test]
    fn lone_dash_when_allowed() {
        assert_eq!(parse(b"-", true), Ok(vec![r(1, MAX)]));
        assert_eq!(parse(b"3,-", true), Ok(vec![r(1, MAX)]));
    }

    #[test]
    fn messages() {
        assert_eq!(
            RangeError::NumberedFrom1.message(false, false),
            b"fields are numbered from 1"
        );
        assert_eq!(
            RangeError::NumberedFrom1.message(true, false),
            b"byte/character positions are numbered from 1"
        );
        assert_eq!(
            RangeError::InvalidRange.message(true, false),
            b"invalid byte or character range"
        );
        assert_eq!(
            RangeError::InvalidValue(b"a").message(false, false),
            b"invalid field value 'a'"
        );
        assert_eq!(
            RangeError::InvalidValue(b"a").message(true, false),
            b"invalid byte/character position 'a'"
        );
        assert_eq!(
            RangeError::TooLarge(b"99").message(false, false),
            b"field number '99' is too large"
        );
        assert_eq!(
            RangeError::TooLarge(b"99").message(true, true),
            "byte/character offset \u{2018}99\u{2019} is too large".as_bytes()
        );
    }

    #[test]
    fn complements() {
        assert_eq!(complement(&[r(2, 2)]), vec![r(1, 1), r(3, MAX)]);
        assert_eq!(complement(&[r(1, 1), r(2, 2)]), vec![r(3, MAX)]);
        assert_eq!(complement(&[r(1, MAX)]), vec![]);
        assert_eq!(complement(&[r(1, 3), r(5, MAX)]), vec![r(4, 4)]);
        assert_eq!(
            complement(&[r(3, 4), r(7, 9)]),
            vec![r(1, 2), r(5, 6), r(10, MAX)]
        );
    }

    #[test]
    fn cursor() {
        let ranges = [r(2, 3), r(5, 5), r(9, MAX)];
        let mut c = Cursor::new(&ranges);
        let picked: Vec<u64> = (1..=12).filter(|&n| c.selected(n)).collect();
        assert_eq!(picked, [2, 3, 5, 9, 10, 11, 12]);
        let mut c = Cursor::new(&ranges[..2]);
        assert!(!c.selected(6));
        assert!(c.done());
    }
}
