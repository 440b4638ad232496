//! fold's line wrapping, as GNU 9.1 does it: columns are counted per byte
//! (a tab goes to the next multiple of 8, backspace goes one back, carriage
//! return to 0, every other byte but newline is one column), or every byte
//! is one with `-b`; a line breaks before the byte that would pass the
//! width, and with `-s` after the last blank before it, if there is one.

use alloc::vec::Vec;

const TAB: usize = 8;

/// Newline, backspace and carriage return, as a 256-bit set.
const SPECIAL: [u64; 4] = [1 << b'\n' | 1 << 8 | 1 << b'\r', 0, 0, 0];

#[inline(always)]
fn is_special(c: u8) -> bool {
    SPECIAL[c as usize / 64] >> (c % 64) & 1 != 0
}

/// How many bytes at the start of `s` are neither special nor a tab (each
/// one column): a word at a time, where a byte below 14 is looked at.
#[inline(always)]
fn plain_prefix(s: &[u8]) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut i = 0;
    while let Some(w) = s.get(i..i + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        let x = u64::from_le_bytes(word);
        // The lowest flagged byte is the first one below 14 (borrows only
        // flag bytes above it).
        let low = x.wrapping_sub(ONES * 14) & !x & (ONES << 7);
        if low == 0 {
            i += 8;
            continue;
        }
        let j = i + (low.trailing_zeros() / 8) as usize;
        if is_special(s[j]) || s[j] == b'\t' {
            return j;
        }
        i = j + 1;
    }
    while let Some(&c) = s.get(i) {
        if is_special(c) || c == b'\t' {
            break;
        }
        i += 1;
    }
    i
}

pub struct Folder {
    width: usize,
    bytes: bool,
    spaces: bool,
    /// The column after what is on the current output line.
    column: usize,
    /// Bytes on the current output line (without `-s`).
    len: usize,
    /// The current output line, held back for `-s`.
    line: Vec<u8>,
}

impl Folder {
    /// `width` is at least 1.
    pub fn new(width: usize, bytes: bool, spaces: bool) -> Folder {
        Folder {
            width,
            bytes,
            spaces,
            column: 0,
            len: 0,
            line: Vec::new(),
        }
    }

    #[inline(always)]
    fn adjust(&self, column: usize, c: u8) -> usize {
        if self.bytes {
            return column.saturating_add(1);
        }
        match c {
            8 => column.saturating_sub(1),
            b'\r' => 0,
            b'\t' => column.saturating_add(TAB - column % TAB),
            _ => column.saturating_add(1),
        }
    }

    /// The bytes at the start of `s` that fit on the line without any
    /// special handling (no newline, backspace or carriage return, the
    /// column staying within the width), and the column after them.
    #[inline(always)]
    fn fitting(&self, s: &[u8], mut column: usize) -> (usize, usize) {
        let mut n = 0;
        loop {
            let end = s.len().min(n + self.width.saturating_sub(column));
            let run = if self.bytes {
                crate::memchr::memchr(b'\n', &s[n..end]).unwrap_or(end - n)
            } else {
                plain_prefix(&s[n..end])
            };
            n += run;
            column += run;
            match s.get(n) {
                Some(&b'\t') if !self.bytes => {
                    let next = (column | (TAB - 1)) + 1;
                    if next > self.width {
                        break;
                    }
                    column = next;
                    n += 1;
                }
                _ => break,
            }
        }
        (n, column)
    }

    /// Folds the next piece of input, appending the output to `out`.
    pub fn push(&mut self, input: &[u8], out: &mut Vec<u8>) {
        if self.spaces {
            let mut i = 0;
            while i < input.len() {
                let (n, column) = self.fitting(&input[i..], self.column);
                if n > 0 {
                    self.line.extend_from_slice(&input[i..i + n]);
                    self.column = column;
                    i += n;
                    continue;
                }
                self.push_spaces(input[i], out);
                i += 1;
            }
        } else if self.bytes {
            self.push_bytes(input, out);
        } else {
            self.push_columns(input, out);
        }
    }

    /// The end of the input: what is held back.
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        out.append(&mut self.line);
        self.column = 0;
        self.len = 0;
    }

    /// `-b` without `-s`: each line in pieces of `width` bytes.
    fn push_bytes(&mut self, input: &[u8], out: &mut Vec<u8>) {
        let mut rest = input;
        while !rest.is_empty() {
            let end = crate::memchr::memchr(b'\n', rest);
            let line = &rest[..end.unwrap_or(rest.len())];
            let mut piece = line;
            while !piece.is_empty() {
                if self.len == self.width {
                    out.push(b'\n');
                    self.len = 0;
                }
                let n = piece.len().min(self.width - self.len);
                out.extend_from_slice(&piece[..n]);
                self.len += n;
                piece = &piece[n..];
            }
            match end {
                Some(e) => {
                    out.push(b'\n');
                    self.len = 0;
                    rest = &rest[e + 1..];
                }
                None => break,
            }
        }
    }

    /// Columns without `-s`: the input goes out as is, with newlines
    /// inserted where lines break. One tight loop: the hot path of fold.
    fn push_columns(&mut self, input: &[u8], out: &mut Vec<u8>) {
        let (mut column, mut len, width) = (self.column, self.len, self.width);
        let (mut from, mut i) = (0, 0);
        // The column stays below width + 8, far from overflowing. Tabs
        // come at random: their column is computed without a branch (a
        // mispredicted one costs more than the rest of the loop), and the
        // bytes that need one are found by a table.
        while let Some(&c) = input.get(i) {
            let room = width.saturating_sub(column);
            if room > 0 {
                let run = plain_prefix(&input[i..input.len().min(i + room)]);
                if run > 0 {
                    column += run;
                    len += run;
                    i += run;
                    continue;
                }
            }
            let next = if is_special(c) {
                match c {
                    b'\n' => {
                        column = 0;
                        len = 0;
                        i += 1;
                        continue;
                    }
                    b'\r' => 0,
                    _ => column.saturating_sub(1),
                }
            } else {
                let tab = (c == b'\t') as usize;
                column + 1 + tab * (TAB - 1 - column % TAB)
            };
            if next > width && len > 0 {
                out.extend_from_slice(&input[from..i]);
                out.push(b'\n');
                from = i;
                column = 0;
                len = 0;
                continue;
            }
            column = next;
            len += 1;
            i += 1;
        }
        out.extend_from_slice(&input[from..]);
        self.column = column;
        self.len = len;
    }

    /// `-s`: one byte, GNU's way (the line is held until it breaks).
    fn push_spaces(&mut self, c: u8, out: &mut Vec<u8>) {
        if c == b'\n' {
            self.line.push(c);
            self.finish(out);
            return;
        }
        loop {
            self.column = self.adjust(self.column, c);
            if self.column <= self.width {
                break;
            }
            if let Some(p) = self.line.iter().rposition(|&b| b == b' ' || b == b'\t') {
                out.extend_from_slice(&self.line[..=p]);
                out.push(b'\n');
                self.line.drain(..=p);
                self.column = self.line.iter().fold(0, |col, &b| self.adjust(col, b));
                continue;
            }
            if self.line.is_empty() {
                break;
            }
            self.line.push(b'\n');
            self.finish(out);
        }
        self.line.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fold(input: &[u8], width: usize, bytes: bool, spaces: bool) -> Vec<u8> {
        let mut out = Vec::new();
        // Fed in small pieces: state carries across them.
        let mut f = Folder::new(width, bytes, spaces);
        for piece in input.chunks(3) {
            f.push(piece, &mut out);
        }
        f.finish(&mut out);
        let mut whole = Vec::new();
        let mut g = Folder::new(width, bytes, spaces);
        g.push(input, &mut whole);
        g.finish(&mut whole);
        assert_eq!(out, whole);
        out
    }

    #[test]
    fn widths() {
        assert_eq!(
            fold(b"abcdefg\nab\n", 3, false, false),
            b"abc\ndef\ng\nab\n"
        );
        assert_eq!(fold(b"abcdef\n", 3, false, false), b"abc\ndef\n");
        assert_eq!(fold(b"abcdef", 3, true, false), b"abc\ndef");
        assert_eq!(fold(b"abcdefg\n\nx", 3, true, false), b"abc\ndef\ng\n\nx");
        assert_eq!(fold(b"", 3, false, false), b"");
    }

    #[test]
    fn columns() {
        // A tab goes to the next multiple of 8; alone it may pass the width.
        assert_eq!(fold(b"\tab\n", 4, false, false), b"\t\nab\n");
        assert_eq!(fold(b"ab\tc\n", 10, false, false), b"ab\tc\n");
        assert_eq!(fold(b"ab\tc\n", 8, false, false), b"ab\t\nc\n");
        // Backspace and carriage return move back.
        assert_eq!(fold(b"abc\x08d\n", 3, false, false), b"abc\x08d\n");
        assert_eq!(fold(b"abc\rdef\n", 3, false, false), b"abc\rdef\n");
        // A backspace past the width (after a lone tab) breaks too.
        assert_eq!(fold(b"\t\x08ab\n", 4, false, false), b"\t\n\x08ab\n");
        // With -b they are bytes like any other.
        assert_eq!(fold(b"ab\tc\n", 3, true, false), b"ab\t\nc\n");
        assert_eq!(fold(b"abc\rdef\n", 3, true, false), b"abc\n\rde\nf\n");
        // Multibyte characters count per byte in GNU 9.1.
        assert_eq!(
            fold("ééé\n".as_bytes(), 4, false, false),
            "éé\né\n".as_bytes()
        );
    }

    #[test]
    fn plain_prefixes() {
        assert_eq!(plain_prefix(b""), 0);
        assert_eq!(plain_prefix(b"abc"), 3);
        assert_eq!(plain_prefix(b"abcdefghijk\tx"), 11);
        assert_eq!(plain_prefix(b"ab\x0b\x0c\x00\x01cdefghij\rx"), 14);
        assert_eq!(plain_prefix(b"abcdefgh\x08"), 8);
        assert_eq!(plain_prefix(b"\n"), 0);
        assert_eq!(plain_prefix(b"\x0dabcdefgh"), 0);
        assert_eq!(plain_prefix(b"\xffabcdef\x0e\x0f\x10\n"), 10);
    }

    #[test]
    fn spaces() {
        assert_eq!(
            fold(b"hello world foo\n", 8, false, true),
            b"hello \nworld \nfoo\n"
        );
        assert_eq!(
            fold(b"abcdefghij klm\n", 4, false, true),
            b"abcd\nefgh\nij \nklm\n"
        );
        assert_eq!(
            fold(b"a b c d e f\n", 3, false, true),
            b"a \nb \nc \nd \ne f\n"
        );
        assert_eq!(fold(b"ab\tcd ef", 9, false, true), b"ab\t\ncd ef");
        assert_eq!(fold(b"aaa  bbb", 4, true, true), b"aaa \n bbb");
    }
}
