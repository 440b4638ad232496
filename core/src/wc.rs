//! wc's counting: lines, words, characters, bytes and the longest line's
//! display width, GNU's way. Words are runs of printable characters
//! between white space; unprintable characters neither start nor end a
//! word. Under UTF-8, invalid bytes count as bytes only, and tabs advance
//! the line width to the next multiple of 8.

use crate::unicode;

#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Counts {
    pub lines: u64,
    pub words: u64,
    pub chars: u64,
    pub bytes: u64,
    pub max_width: u64,
}

impl Counts {
    pub fn add(&mut self, o: &Counts) {
        self.lines += o.lines;
        self.words += o.words;
        self.chars += o.chars;
        self.bytes += o.bytes;
        self.max_width = self.max_width.max(o.max_width);
    }
}

const WORD: u8 = 0;
const IGNORE: u8 = 1;
const NEWLINE: u8 = 2;
const LINE_RESET: u8 = 3;
const TAB: u8 = 4;
const SPACE: u8 = 5;
const SEPARATOR: u8 = 6;

/// What each byte does in the C locale (and each ASCII byte under UTF-8).
static CLASS: [u8; 256] = {
    let mut t = [IGNORE; 256];
    let mut i = 0x21;
    while i < 0x7f {
        t[i] = WORD;
        i += 1;
    }
    t[b'\n' as usize] = NEWLINE;
    t[b'\r' as usize] = LINE_RESET;
    t[0x0c] = LINE_RESET;
    t[b'\t' as usize] = TAB;
    t[b' ' as usize] = SPACE;
    t[0x0b] = SEPARATOR;
    t
};

/// Characters (not bytes) of valid UTF-8: every byte but continuations.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn utf8_chars(valid: &[u8]) -> u64 {
    // Eight bytes at a time: a continuation byte is 10xxxxxx, so its top
    // bit is set and the next bit clear.
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut words = valid.chunks_exact(8);
    let mut continuation = 0u64;
    for w in words.by_ref() {
        let x = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
        continuation += (x & !(x << 1) & HIGH).count_ones() as u64;
    }
    continuation += words
        .remainder()
        .iter()
        .filter(|&&b| b & 0xc0 == 0x80)
        .count() as u64;
    valid.len() as u64 - continuation
}

/// Where to cut `buf` so that no UTF-8 sequence that may still be
/// completed by later input is split: before a trailing lead byte whose
/// sequence is not complete yet, else the end.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn utf8_boundary(buf: &[u8]) -> usize {
    let n = buf.len();
    for back in 1..=3.min(n) {
        let b = buf[n - back];
        if b & 0xc0 == 0x80 {
            continue; // a continuation byte: look further back
        }
        let need = match b {
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            _ => 1,
        };
        return if need > back { n - back } else { n };
    }
    n
}

/// What a line end, carriage return, form feed or tab (class `c`) does to
/// the line width `pos`, the widest line `max` and the line count; other
/// classes nothing.
#[inline(always)]
#[cfg_attr(corebox_opt, optimize(speed))]
fn line_control(c: u8, pos: &mut u64, max: &mut u64, lines: &mut u64) {
    match c {
        NEWLINE | LINE_RESET => {
            *lines += (c == NEWLINE) as u64;
            *max = (*max).max(*pos);
            *pos = 0;
        }
        TAB => *pos += 8 - *pos % 8,
        _ => {}
    }
}

/// Counts a stream fed in chunks.
pub struct Counter {
    utf8: bool,
    /// Line widths are wanted (-L); without them words take a faster path.
    widths: bool,
    /// Words are wanted (-w); without them line widths take a faster path.
    words: bool,
    /// POSIXLY_CORRECT: no-break spaces do not separate words.
    posix: bool,
    in_word: bool,
    linepos: u64,
    /// The start of a UTF-8 sequence cut by the end of the last chunk.
    pending: [u8; 4],
    npending: usize,
    pub counts: Counts,
    /// Recently seen characters (U+0080 up) and their properties.
    cache_cp: [u32; CACHE],
    cache_info: [u8; CACHE],
}

const CACHE: usize = 256;

impl Counter {
    pub fn new(utf8: bool, posix: bool) -> Self {
        Counter {
            utf8,
            widths: true,
            words: true,
            posix,
            in_word: false,
            linepos: 0,
            pending: [0; 4],
            npending: 0,
            counts: Counts::default(),
            cache_cp: [0; CACHE],
            cache_info: [0; CACHE],
        }
    }

    /// Leaves line widths (-L) uncounted, for speed.
    pub fn without_widths(mut self) -> Self {
        self.widths = false;
        self
    }

    /// Leaves words (-w) uncounted, for speed (line widths only).
    pub fn without_words(mut self) -> Self {
        self.words = false;
        self
    }

    /// Lines and line widths (no words) of the single-byte characters at
    /// the start of `buf`; under UTF-8 it stops at the first byte from
    /// 0x80 up (in the C locale those are unprintable: no width). Returns
    /// how many bytes it took. Printable ASCII goes eight bytes a step.
    #[cfg_attr(corebox_opt, optimize(speed), rustc_align(64), inline(never))]
    fn widths_only(&mut self, buf: &[u8]) -> usize {
        const LO: u64 = 0x0101_0101_0101_0101;
        const HI: u64 = 0x8080_8080_8080_8080;
        let (mut pos, mut max, mut lines) = (self.linepos, self.counts.max_width, 0u64);
        let mut i = 0;
        while i < buf.len() {
            if let Some(w) = buf.get(i..i + 8) {
                let x = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
                // Bytes outside 0x20..=0x7e: from 0x80 up, below 0x20 and
                // 0x7f (the borrows of the subtractions only flag bytes
                // above a flagged one, so the lowest flag is exact).
                let del = x ^ (LO * 0x7f);
                let odd =
                    (x | (x.wrapping_sub(LO * 0x20) & !x) | (del.wrapping_sub(LO) & !del)) & HI;
                if odd == 0 {
                    pos += 8;
                    i += 8;
                    continue;
                }
                let k = odd.trailing_zeros() as usize / 8;
                pos += k as u64;
                i += k;
            }
            let b = buf[i];
            if b >= 0x80 && self.utf8 {
                break;
            }
            match CLASS[b as usize] {
                WORD | SPACE => pos += 1,
                c => line_control(c, &mut pos, &mut max, &mut lines),
            }
            i += 1;
        }
        self.counts.lines += lines;
        self.linepos = pos;
        self.counts.max_width = max;
        i
    }

    /// Lines and words of a run of single-byte characters, without line
    /// widths: a branch-free pass over a word/separator/ignore table.
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn scan_run(&mut self, run: &[u8]) {
        self.counts.lines += memchr::memchr_iter(b'\n', run).count() as u64;
        let (mut in_word, mut words) = (self.in_word, 0u64);
        for &b in run {
            let c = CLASS[b as usize];
            let word = c == WORD;
            words += (word && !in_word) as u64;
            in_word = word || (in_word && c == IGNORE);
        }
        self.in_word = in_word;
        self.counts.words += words;
    }

    /// [`Counter::byte`] over a run of single-byte characters, with the
    /// state in locals (registers) rather than in `self`.
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn scan_run_widths(&mut self, run: &[u8]) {
        let (mut in_word, mut words, mut lines) = (self.in_word, 0u64, 0u64);
        let (mut pos, mut max) = (self.linepos, self.counts.max_width);
        for &b in run {
            let c = CLASS[b as usize];
            if c >= NEWLINE && c != SPACE {
                // Line ends, tabs and vertical tabs: rare, so a branch.
                line_control(c, &mut pos, &mut max, &mut lines);
                in_word = false;
                continue;
            }
            // Words, spaces and unprintable bytes without branches (they
            // alternate too often for a predictor).
            let word = c == WORD;
            pos += (c != IGNORE) as u64;
            words += (word && !in_word) as u64;
            in_word = word || (in_word && c == IGNORE);
        }
        self.in_word = in_word;
        self.counts.words += words;
        self.counts.lines += lines;
        self.linepos = pos;
        self.counts.max_width = max;
    }

    /// A UTF-8 sequence cut by the end of the last chunk awaits its end.
    pub fn pending(&self) -> bool {
        self.npending > 0
    }

    #[inline]
    fn end_line(&mut self) {
        self.counts.max_width = self.counts.max_width.max(self.linepos);
        self.linepos = 0;
    }

    /// One ASCII byte (any byte in the C locale, where those from 0x80
    /// up are unprintable), by class.
    #[inline(always)]
    fn byte(&mut self, b: u8) {
        match CLASS[b as usize] {
            WORD => {
                self.linepos += 1;
                if !self.in_word {
                    self.counts.words += 1;
                    self.in_word = true;
                }
            }
            IGNORE => {}
            NEWLINE => {
                self.counts.lines += 1;
                self.end_line();
                self.in_word = false;
            }
            LINE_RESET => {
                self.end_line();
                self.in_word = false;
            }
            TAB => {
                self.linepos += 8 - self.linepos % 8;
                self.in_word = false;
            }
            SPACE => {
                self.linepos += 1;
                self.in_word = false;
            }
            _ => self.in_word = false,
        }
    }

    /// One decoded character from U+0080 up. Its properties come from a
    /// small cache: text repeats its characters, and the table searches
    /// behind them cost more than the rest of the count.
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn wide(&mut self, cp: u32) {
        const PRINTABLE: u8 = 4;
        const SEPARATES: u8 = 8;
        let slot = cp as usize & (CACHE - 1);
        let info = if self.cache_cp[slot] == cp {
            self.cache_info[slot]
        } else {
            let mut info = 0;
            if unicode::printable(cp) {
                info = PRINTABLE | unicode::width(cp) as u8;
                if unicode::space(cp) || (!self.posix && unicode::nbspace(cp)) {
                    info |= SEPARATES;
                }
            }
            self.cache_cp[slot] = cp;
            self.cache_info[slot] = info;
            info
        };
        if info & PRINTABLE == 0 {
            return;
        }
        self.linepos += (info & 3) as u64;
        if info & SEPARATES != 0 {
            self.in_word = false;
        } else if !self.in_word {
            self.counts.words += 1;
            self.in_word = true;
        }
    }

    #[inline]
    fn char(&mut self, cp: u32) {
        if cp < 0x80 {
            self.byte(cp as u8)
        } else {
            self.wide(cp)
        }
    }

    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn feed(&mut self, buf: &[u8]) {
        self.counts.bytes += buf.len() as u64;
        if !self.utf8 {
            self.counts.chars += buf.len() as u64;
            if self.widths && !self.words {
                self.widths_only(buf);
            } else if self.widths {
                self.scan_run_widths(buf);
            } else {
                self.scan_run(buf);
            }
            return;
        }
        let mut i = 0;
        if self.npending > 0 {
            // Decode across the seam: the bytes held from the last chunk
            // followed by the start of this one.
            let n = core::mem::take(&mut self.npending);
            let more = buf.len().min(4);
            let mut tmp = [0u8; 8];
            tmp[..n].copy_from_slice(&self.pending[..n]);
            tmp[n..n + more].copy_from_slice(&buf[..more]);
            let t = &tmp[..n + more];
            let mut j = 0;
            while j < n {
                match unicode::decode(&t[j..]) {
                    Ok((cp, len)) => {
                        self.counts.chars += 1;
                        self.char(cp);
                        j += len;
                    }
                    Err(true) if more == buf.len() => {
                        let rest = t.len() - j;
                        self.pending[..rest].copy_from_slice(&t[j..]);
                        self.npending = rest;
                        return;
                    }
                    Err(_) => j += 1,
                }
            }
            i = j - n;
        }
        while i < buf.len() {
            let b = buf[i];
            if b < 0x80 && self.widths && !self.words {
                let n = self.widths_only(&buf[i..]);
                self.counts.chars += n as u64;
                i += n;
                continue;
            }
            if b < 0x80 && !self.widths {
                let end = buf[i..]
                    .iter()
                    .position(|&c| c >= 0x80)
                    .map_or(buf.len(), |p| i + p);
                self.counts.chars += (end - i) as u64;
                self.scan_run(&buf[i..end]);
                i = end;
                continue;
            }
            if b < 0x80 {
                let end = buf[i..]
                    .iter()
                    .position(|&c| c >= 0x80)
                    .map_or(buf.len(), |p| i + p);
                self.counts.chars += (end - i) as u64;
                self.scan_run_widths(&buf[i..end]);
                i = end;
                continue;
            }
            match unicode::decode(&buf[i..]) {
                Ok((cp, len)) => {
                    self.counts.chars += 1;
                    self.char(cp);
                    i += len;
                }
                Err(true) => {
                    let n = buf.len() - i;
                    self.pending[..n].copy_from_slice(&buf[i..]);
                    self.npending = n;
                    return;
                }
                Err(false) => i += 1,
            }
        }
    }

    /// End of input.
    pub fn finish(mut self) -> Counts {
        self.end_line();
        self.counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(s: &[u8], utf8: bool) -> Counts {
        let mut c = Counter::new(utf8, false);
        c.feed(s);
        c.finish()
    }

    #[test]
    fn fast_path_agrees() {
        for s in [
            &b"a b\n\x01\x01 c\tdd\n"[..],
            "a\u{a0}b\u{2003}c 日本\n\u{1}x".as_bytes(),
            b"a\x80b c\xe6\x97",
        ] {
            for utf8 in [false, true] {
                let mut c = Counter::new(utf8, false).without_widths();
                c.feed(s);
                let fast = c.finish();
                let slow = count(s, utf8);
                assert_eq!(
                    (fast.lines, fast.words, fast.chars, fast.bytes),
                    (slow.lines, slow.words, slow.chars, slow.bytes)
                );
            }
        }
    }

    #[test]
    fn widths_only_agrees() {
        let mut long = alloc::vec::Vec::new();
        for i in 0..600u32 {
            long.extend_from_slice(b"abcdefghij klmnop");
            long.push(
                [
                    b'\t', b'\n', b'\r', 0x0c, 0x0b, 0x7f, 0x01, 0x1f, b' ', b'~',
                ][i as usize % 10],
            );
            long.extend_from_slice(
                ["é", "日本", "x\u{301}", "\u{a0}", "", "😀"][i as usize % 6].as_bytes(),
            );
            if i % 7 == 0 {
                long.extend_from_slice(b"\x80\xff\xe6\x97");
            }
        }
        for s in [
            &b"a b\n\x01\x01 c\tdd\n"[..],
            "a\u{a0}b\u{2003}c 日本\n\u{1}x".as_bytes(),
            b"a\x80b c\xe6\x97",
            b"12345678\t1234567890123456\r12\n",
            b"ab\x1fcdefghijk\nab\x7fcdefghijk\x01\x0b\x0c\n",
            &long,
        ] {
            for utf8 in [false, true] {
                let full = count(s, utf8);
                for step in [1usize, 7, 64, s.len().max(1)] {
                    let mut c = Counter::new(utf8, false).without_words();
                    for piece in s.chunks(step) {
                        c.feed(piece);
                    }
                    let fast = c.finish();
                    assert_eq!(
                        (fast.lines, fast.chars, fast.bytes, fast.max_width),
                        (full.lines, full.chars, full.bytes, full.max_width),
                        "utf8 {utf8} step {step}"
                    );
                }
            }
        }
    }

    fn count_split(s: &[u8], utf8: bool) -> Counts {
        let mut c = Counter::new(utf8, false);
        for b in s {
            c.feed(core::slice::from_ref(b));
        }
        c.finish()
    }

    #[test]
    fn c_locale() {
        let c = count(b"a b\n\x01\x01 c\tdd\n", false);
        assert_eq!(
            (c.lines, c.words, c.chars, c.bytes, c.max_width),
            (2, 4, 12, 12, 10)
        );
        assert_eq!(count(b"a\x80b c", false).words, 2);
        assert_eq!(count("日本\n".as_bytes(), false).max_width, 0);
    }

    #[test]
    fn utf8() {
        let c = count("a\u{a0}b\u{2003}c 日本\n".as_bytes(), true);
        assert_eq!((c.lines, c.words, c.chars, c.max_width), (1, 4, 9, 10));
        let c = count(b"a\x80b c", true);
        assert_eq!((c.words, c.chars, c.bytes), (2, 4, 5));
        let c = count("é\u{301}\n".as_bytes(), true);
        assert_eq!((c.chars, c.max_width), (3, 1));
    }

    #[test]
    fn char_count_skips_continuations() {
        for s in [
            "",
            "abc",
            "日本語のテキスト and ascii",
            "é😀x\u{301}\u{10ffff}1234567890",
        ] {
            assert_eq!(utf8_chars(s.as_bytes()), s.chars().count() as u64, "{s}");
        }
    }

    #[test]
    fn boundaries() {
        assert_eq!(utf8_boundary(b"ab"), 2);
        assert_eq!(utf8_boundary("a日".as_bytes()), 4);
        assert_eq!(utf8_boundary(&"a日".as_bytes()[..3]), 1);
        assert_eq!(utf8_boundary(&"a😀".as_bytes()[..4]), 1);
        assert_eq!(utf8_boundary(b"a\x80\x80\x80\x80"), 5);
        assert_eq!(utf8_boundary(b""), 0);
    }

    #[test]
    fn split_sequences_count_once() {
        let s = "日本語 text é😀\n".as_bytes();
        assert_eq!(count_split(s, true), count(s, true));
        let bad = b"\xe6\x97x\xf0\x9f\x98";
        assert_eq!(count_split(bad, true), count(bad, true));
    }
}
