//! Tab stops as GNU expand and unexpand take them (`-t 4`, `-t 4,8,12`,
//! `-t 4,/8` for every 8 after the last, `-t 4,+8` for every 8 counted
//! from the last), and the next tab column from a given column.

use alloc::vec::Vec;

/// A diagnostic, with the part of the argument GNU quotes in it.
#[derive(Debug, PartialEq, Eq)]
pub enum TabError<'a> {
    SlashNotLast,
    PlusNotLast,
    SlashNotAtStart(&'a [u8]),
    PlusNotAtStart(&'a [u8]),
    TooLarge(&'a [u8]),
    Invalid(&'a [u8]),
    Zero,
    NotAscending,
    SlashAndPlus,
}

#[derive(Default, Debug)]
pub struct TabStops {
    list: Vec<u64>,
    extend: u64,
    increment: u64,
    /// One tab size for every stop (after [`TabStops::finalize`]), or 0.
    size: u64,
    /// The widest gap between stops (unexpand's pending blanks).
    pub max_width: u64,
}

impl TabStops {
    /// Appends a stop.
    pub fn add(&mut self, tab: u64) {
        let prev = self.list.last().copied().unwrap_or(0);
        self.max_width = self.max_width.max(tab.saturating_sub(prev));
        self.list.push(tab);
    }

    fn set_extend(&mut self, v: u64, errs: &mut Vec<TabError<'_>>) -> bool {
        let ok = self.extend == 0;
        if !ok {
            errs.push(TabError::SlashNotLast);
        }
        self.extend = v;
        ok
    }

    fn set_increment(&mut self, v: u64, errs: &mut Vec<TabError<'_>>) -> bool {
        let ok = self.increment == 0;
        if !ok {
            errs.push(TabError::PlusNotLast);
        }
        self.increment = v;
        ok
    }

    /// Parses a list of stops separated by commas or blanks; every error
    /// goes to `errs` (GNU reports them all, then exits).
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn parse<'a>(&mut self, stops: &'a [u8], errs: &mut Vec<TabError<'a>>) {
        let (mut have, mut value, mut extend, mut increment) = (false, 0u64, false, false);
        let mut ok = true;
        let mut i = 0;
        while i < stops.len() {
            let c = stops[i];
            match c {
                b',' | b' ' | b'\t' => {
                    if have {
                        let fine = if extend {
                            self.set_extend(value, errs)
                        } else if increment {
                            self.set_increment(value, errs)
                        } else {
                            self.add(value);
                            true
                        };
                        if !fine {
                            return;
                        }
                    }
                    have = false;
                }
                b'/' | b'+' => {
                    if have {
                        errs.push(if c == b'/' {
                            TabError::SlashNotAtStart(&stops[i..])
                        } else {
                            TabError::PlusNotAtStart(&stops[i..])
                        });
                        ok = false;
                    }
                    extend = c == b'/';
                    increment = c == b'+';
                }
                b'0'..=b'9' => {
                    if !have {
                        value = 0;
                        have = true;
                    }
                    match value
                        .checked_mul(10)
                        .and_then(|v| v.checked_add((c - b'0') as u64))
                    {
                        Some(v) => value = v,
                        None => {
                            let len = stops[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                            let start = stops[..i]
                                .iter()
                                .rposition(|b| !b.is_ascii_digit())
                                .map_or(0, |p| p + 1);
                            errs.push(TabError::TooLarge(&stops[start..i + len]));
                            ok = false;
                            i += len - 1;
                        }
                    }
                }
                _ => {
                    errs.push(TabError::Invalid(&stops[i..]));
                    return;
                }
            }
            i += 1;
        }
        if ok && have {
            if extend {
                self.set_extend(value, errs);
            } else if increment {
                self.set_increment(value, errs);
            } else {
                self.add(value);
            }
        }
    }

    /// Checks the stops and settles the tab size (8 by default).
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn finalize(&mut self) -> Result<(), TabError<'static>> {
        let mut prev = 0;
        for &t in &self.list {
            if t == 0 {
                return Err(TabError::Zero);
            }
            if t <= prev {
                return Err(TabError::NotAscending);
            }
            prev = t;
        }
        if self.increment != 0 && self.extend != 0 {
            return Err(TabError::SlashAndPlus);
        }
        if self.list.is_empty() {
            self.size = [self.extend, self.increment, 8]
                .into_iter()
                .find(|&v| v != 0)
                .unwrap_or(8);
            self.max_width = self.size;
        } else if self.list.len() == 1 && self.extend == 0 && self.increment == 0 {
            self.size = self.list[0];
        } else {
            self.size = 0;
        }
        Ok(())
    }

    /// The column of the next tab stop after `column` (wrapping like GNU's
    /// unsigned arithmetic; callers check it went forward), or None past
    /// the last stop. `index` remembers where the search got to on a line.
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn next(&self, column: u64, index: &mut usize) -> Option<u64> {
        if self.size != 0 {
            return Some(column.wrapping_add(self.size - column % self.size));
        }
        while let Some(&t) = self.list.get(*index) {
            if column < t {
                return Some(t);
            }
            *index += 1;
        }
        if self.extend != 0 {
            return Some(column.wrapping_add(self.extend - column % self.extend));
        }
        if self.increment != 0 {
            let last = self.list.last().copied().unwrap_or(0);
            return Some(
                column.wrapping_add(self.increment - column.wrapping_sub(last) % self.increment),
            );
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stops(s: &str) -> Result<TabStops, Vec<TabError<'_>>> {
        let mut t = TabStops::default();
        let mut errs = Vec::new();
        t.parse(s.as_bytes(), &mut errs);
        if !errs.is_empty() {
            return Err(errs);
        }
        t.finalize().map_err(|e| alloc::vec![e])?;
        Ok(t)
    }

    fn columns(t: &TabStops, n: usize) -> Vec<u64> {
        let (mut col, mut idx, mut v) = (0, 0, Vec::new());
        for _ in 0..n {
            match t.next(col, &mut idx) {
                Some(c) => {
                    v.push(c);
                    col = c;
                }
                None => break,
            }
        }
        v
    }

    #[test]
    fn lists() {
        assert_eq!(columns(&stops("").unwrap(), 3), [8, 16, 24]);
        assert_eq!(columns(&stops("4").unwrap(), 3), [4, 8, 12]);
        assert_eq!(columns(&stops("2,5 9").unwrap(), 5), [2, 5, 9]);
        assert_eq!(columns(&stops("1,/8").unwrap(), 3), [1, 8, 16]);
        assert_eq!(columns(&stops("1,+8").unwrap(), 3), [1, 9, 17]);
        assert_eq!(columns(&stops("/3").unwrap(), 2), [3, 6]);
    }

    #[test]
    fn errors() {
        assert_eq!(stops("/4,8").unwrap_err(), [TabError::SlashNotLast]);
        assert_eq!(stops("4,+8,+9").unwrap_err(), [TabError::PlusNotLast]);
        assert_eq!(stops("4x").unwrap_err(), [TabError::Invalid(b"x")]);
        assert_eq!(stops("4/").unwrap_err(), [TabError::SlashNotAtStart(b"/")]);
        assert_eq!(
            stops("99999999999999999999999").unwrap_err(),
            [TabError::TooLarge(b"99999999999999999999999")]
        );
        assert_eq!(stops("0").unwrap_err(), [TabError::Zero]);
        assert_eq!(stops("4,4").unwrap_err(), [TabError::NotAscending]);
        assert_eq!(stops("/8,+4").unwrap_err(), [TabError::SlashAndPlus]);
    }
}
