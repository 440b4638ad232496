//! The help texts' compression: LZ77 with an adaptive binary range coder,
//! LZMA's scheme cut down to what text needs (one literal context of the
//! previous byte's top bits, three token states, one repeated distance).
//! build.rs includes this file (`#[path]`) to pack every help text of a
//! build into one stream; `--help` unpacks it up to the text it prints.
//!
//! The token grammar is written once, generic over [`Coder`]: the
//! encoder passes the values it writes, the decoder gets back what it
//! reads, so the two cannot disagree. Integer arithmetic only: the build
//! host and every target see the same probabilities.

use alloc::vec;
use alloc::vec::Vec;

/// Bits of the previous byte that select the literal model.
const LC: u32 = 3;
/// Shortest match.
const MIN_LEN: usize = 2;
/// Longest match: 2 + 8 + 8 + 256.
const MAX_LEN: usize = MIN_LEN + 16 + 255;

/// One adaptive bit: the encoder codes `bit` and returns it, the decoder
/// ignores it and returns the bit it reads. `p` is the 11-bit
/// probability of a 0.
pub trait Coder {
    fn bit(&mut self, p: &mut u16, bit: u32) -> u32;
    /// A bit with probability one half.
    fn direct(&mut self, bit: u32) -> u32;
}

#[cfg_attr(corebox_opt, optimize(size))]
fn adapt(p: &mut u16, bit: u32) {
    if bit == 0 {
        *p += (2048 - *p) >> 5;
    } else {
        *p -= *p >> 5;
    }
}

/// `n` bits of `v`, high bit first, through the tree `probs` (`1 << n`
/// entries).
#[cfg_attr(corebox_opt, optimize(size))]
fn tree<C: Coder>(c: &mut C, probs: &mut [u16], n: u32, v: u32) -> u32 {
    let mut m = 1usize;
    for i in (0..n).rev() {
        m = m << 1 | c.bit(&mut probs[m], v >> i & 1) as usize;
    }
    m as u32 - (1 << n)
}

/// `n` bits of `v`, low bit first, through the tree `probs`.
#[cfg_attr(corebox_opt, optimize(size))]
fn tree_rev<C: Coder>(c: &mut C, probs: &mut [u16], n: u32, v: u32) -> u32 {
    let mut m = 1usize;
    let mut out = 0;
    for i in 0..n {
        let b = c.bit(&mut probs[m], v >> i & 1);
        m = m << 1 | b as usize;
        out |= b << i;
    }
    out
}

/// A match length less `MIN_LEN`: 0..8 in `low`, 8..16 in `mid`, the
/// rest in `high`.
struct Len {
    choice: [u16; 2],
    low: [u16; 8],
    mid: [u16; 8],
    high: [u16; 256],
}

impl Len {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn new() -> Len {
        Len {
            choice: [1024; 2],
            low: [1024; 8],
            mid: [1024; 8],
            high: [1024; 256],
        }
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn code<C: Coder>(&mut self, c: &mut C, v: u32) -> u32 {
        if c.bit(&mut self.choice[0], (v >= 8) as u32) == 0 {
            tree(c, &mut self.low, 3, v)
        } else if c.bit(&mut self.choice[1], (v >= 16) as u32) == 0 {
            8 + tree(c, &mut self.mid, 3, v.wrapping_sub(8))
        } else {
            16 + tree(c, &mut self.high, 8, v.wrapping_sub(16))
        }
    }
}

/// What a token is.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Token {
    Literal(u8),
    /// A copy of `len` bytes from `dist` bytes back (1 = the last byte).
    Match {
        len: usize,
        dist: usize,
    },
}

/// The adaptive model of the token stream.
struct Model {
    /// Indexed by state: the kind of the previous token (0 literal, 1
    /// match, 2 repeated match).
    is_match: [u16; 3],
    is_rep: [u16; 3],
    lit: Vec<u16>,
    len: Len,
    rep_len: Len,
    /// Distance slots (2 * log2 and the next bit), by length class.
    slot: [[u16; 64]; 4],
    /// The low bits of a distance (at most 4, low bit first), by slot.
    low: [[u16; 16]; 64],
    state: usize,
    rep: usize,
}

impl Model {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn new() -> Model {
        Model {
            is_match: [1024; 3],
            is_rep: [1024; 3],
            lit: vec![1024; 256 << LC],
            len: Len::new(),
            rep_len: Len::new(),
            slot: [[1024; 64]; 4],
            low: [[1024; 16]; 64],
            state: 0,
            rep: 0,
        }
    }

    /// Codes one token after `prev` (the last byte of the output, 0 at the
    /// start); the decoder passes any token and gets the one read.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn code<C: Coder>(&mut self, c: &mut C, prev: u8, t: Token) -> Token {
        let s = self.state;
        let (is_m, len, dist) = match t {
            Token::Literal(b) => (0, 0, b as usize),
            Token::Match { len, dist } => (1, len, dist),
        };
        if c.bit(&mut self.is_match[s], is_m) == 0 {
            let ctx = ((prev as usize) >> (8 - LC)) << 8;
            self.state = 0;
            return Token::Literal(tree(c, &mut self.lit[ctx..ctx + 256], 8, dist as u32) as u8);
        }
        let v = len.wrapping_sub(MIN_LEN) as u32;
        if c.bit(&mut self.is_rep[s], (dist == self.rep) as u32) == 1 {
            self.state = 2;
            let len = self.rep_len.code(c, v) as usize + MIN_LEN;
            return Token::Match {
                len,
                dist: self.rep,
            };
        }
        self.state = 1;
        let len = self.len.code(c, v) as usize + MIN_LEN;
        let d = dist.wrapping_sub(1) as u32;
        let slot_v = if d < 4 {
            d
        } else {
            2 * (31 - d.leading_zeros()) + (d >> (30 - d.leading_zeros()) & 1)
        };
        let slot = tree(c, &mut self.slot[(len - MIN_LEN).min(3)], 6, slot_v);
        let d = if slot < 4 {
            slot
        } else {
            let nb = (slot >> 1) - 1;
            let mut d = (2 | slot & 1) << nb;
            let direct = nb.saturating_sub(4);
            for i in (4..nb).rev() {
                d |= c.direct(d_bit(dist, i)) << i;
            }
            d | tree_rev(
                c,
                &mut self.low[slot as usize],
                nb - direct,
                dist.wrapping_sub(1) as u32,
            )
        };
        self.rep = d as usize + 1;
        Token::Match {
            len,
            dist: self.rep,
        }
    }
}

/// Bit `i` of the distance less one that the encoder writes.
#[cfg_attr(corebox_opt, optimize(size))]
fn d_bit(dist: usize, i: u32) -> u32 {
    (dist.wrapping_sub(1) >> i) as u32 & 1
}

/// The range decoder over a packed stream.
pub struct Decoder<'a> {
    src: &'a [u8],
    range: u32,
    code: u32,
}

impl<'a> Decoder<'a> {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn new(src: &'a [u8]) -> Decoder<'a> {
        let mut d = Decoder {
            src,
            range: u32::MAX,
            code: 0,
        };
        for _ in 0..4 {
            d.code = d.code << 8 | d.next() as u32;
        }
        d
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn next(&mut self) -> u8 {
        let (&b, rest) = self.src.split_first().unwrap_or((&0, &[]));
        self.src = rest;
        b
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn normalize(&mut self) {
        while self.range < 1 << 24 {
            self.range <<= 8;
            self.code = self.code << 8 | self.next() as u32;
        }
    }
}

impl Coder for Decoder<'_> {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn bit(&mut self, p: &mut u16, _: u32) -> u32 {
        let bound = (self.range >> 11) * *p as u32;
        let b = if self.code < bound {
            self.range = bound;
            0
        } else {
            self.range -= bound;
            self.code -= bound;
            1
        };
        adapt(p, b);
        self.normalize();
        b
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn direct(&mut self, _: u32) -> u32 {
        self.range >>= 1;
        let b = (self.code >= self.range) as u32;
        if b == 1 {
            self.code -= self.range;
        }
        self.normalize();
        b
    }
}

/// Unpacks `src` up to the end of text number `n` (texts end with a 0
/// byte) and returns that text, without its 0. A corrupt stream gives
/// garbage, never a panic.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn unpack(src: &[u8], n: usize) -> Vec<u8> {
    let mut d = Decoder::new(src);
    let mut m = Model::new();
    let mut out: Vec<u8> = Vec::new();
    let mut start = 0;
    let mut scan = 0;
    let mut seen = 0;
    while out.len() < 1 << 24 {
        let prev = out.last().copied().unwrap_or(0);
        let (len, dist) = match m.code(&mut d, prev, Token::Literal(0)) {
            Token::Literal(b) => {
                out.push(b);
                (0, 0)
            }
            Token::Match { len, dist } => (len, dist),
        };
        if dist > out.len() || len > 0 && dist == 0 {
            break;
        }
        for _ in 0..len {
            out.push(out[out.len() - dist]);
        }
        while scan < out.len() {
            if out[scan] == 0 {
                if seen == n {
                    out.truncate(scan);
                    return out.split_off(start);
                }
                seen += 1;
                start = scan + 1;
            }
            scan += 1;
        }
    }
    Vec::new()
}

/// The range encoder (LZMA's, with its carry handling).
struct Encoder {
    out: Vec<u8>,
    low: u64,
    range: u32,
    cache: u8,
    pending: usize,
}

impl Encoder {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn shift_low(&mut self) {
        if (self.low as u32) < 0xff00_0000 || self.low >> 32 != 0 {
            let carry = (self.low >> 32) as u8;
            let mut c = self.cache;
            loop {
                self.out.push(c.wrapping_add(carry));
                c = 0xff;
                self.pending -= 1;
                if self.pending == 0 {
                    break;
                }
            }
            self.cache = (self.low >> 24) as u8;
        }
        self.pending += 1;
        self.low = (self.low & 0x00ff_ffff) << 8;
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn normalize(&mut self) {
        while self.range < 1 << 24 {
            self.range <<= 8;
            self.shift_low();
        }
    }
}

impl Coder for Encoder {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn bit(&mut self, p: &mut u16, bit: u32) -> u32 {
        let bound = (self.range >> 11) * *p as u32;
        if bit == 0 {
            self.range = bound;
        } else {
            self.low += bound as u64;
            self.range -= bound;
        }
        adapt(p, bit);
        self.normalize();
        bit
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn direct(&mut self, bit: u32) -> u32 {
        self.range >>= 1;
        if bit != 0 {
            self.low += self.range as u64;
        }
        self.normalize();
        bit
    }
}

/// Packs `data` (texts each ending with a 0 byte) for [`unpack`].
#[cfg_attr(corebox_opt, optimize(size))]
pub fn pack(data: &[u8]) -> Vec<u8> {
    let tokens = parse(data);
    let mut e = Encoder {
        out: Vec::new(),
        low: 0,
        range: u32::MAX,
        cache: 0,
        pending: 1,
    };
    let mut m = Model::new();
    let mut pos = 0;
    for t in tokens {
        let prev = if pos == 0 { 0 } else { data[pos - 1] };
        m.code(&mut e, prev, t);
        pos += match t {
            Token::Literal(_) => 1,
            Token::Match { len, .. } => len,
        };
    }
    for _ in 0..5 {
        e.shift_low();
    }
    // The first byte out is always the initial cache, 0: the decoder
    // starts without it.
    e.out.remove(0);
    e.out
}

/// The length of the common prefix of `data[a..]` and `data[b..]`, at most
/// `MAX_LEN`.
#[cfg_attr(corebox_opt, optimize(size))]
fn common(data: &[u8], a: usize, b: usize) -> usize {
    let max = (data.len() - b).min(MAX_LEN);
    (0..max)
        .find(|&i| data[a + i] != data[b + i])
        .unwrap_or(max)
}

/// Splits `data` into tokens: for each position the matches of a hash
/// chain (the longest at each distance that beats the closer ones), then
/// the cheapest path by estimated bit costs, with the repeated distance
/// followed along it.
#[cfg_attr(corebox_opt, optimize(size))]
fn parse(data: &[u8]) -> Vec<Token> {
    let n = data.len();
    let hash = |i: usize| -> usize {
        ((data[i] as usize) << 16 ^ (data[i + 1] as usize) << 8 ^ data[i + 2] as usize)
            .wrapping_mul(2654435761)
            >> 12
            & 0xfffff
    };
    let mut head = vec![usize::MAX; 1 << 20];
    let mut prev = vec![usize::MAX; n];
    // cost[i]: the cheapest cost of coding data[..i], in 1/16 bits.
    let mut cost = vec![u64::MAX; n + 1];
    let mut from = vec![Token::Literal(0); n + 1];
    let mut rep = vec![0usize; n + 1];
    cost[0] = 0;
    for i in 0..n {
        let c = cost[i];
        let r = rep[i];
        let mut relax = |j: usize, t: Token, add: u64, r: usize| {
            if c + add < cost[j] {
                cost[j] = c + add;
                from[j] = t;
                rep[j] = r;
            }
        };
        relax(i + 1, Token::Literal(data[i]), 8 * 16, r);
        if r != 0 && r <= i {
            let l = common(data, i - r, i);
            for len in MIN_LEN..=l {
                relax(
                    i + len,
                    Token::Match { len, dist: r },
                    len_cost(len) + 16,
                    r,
                );
            }
        }
        if i + 3 > n {
            continue;
        }
        let h = hash(i);
        let mut cand = head[h];
        let mut best = MIN_LEN - 1;
        let mut depth = 0;
        while cand != usize::MAX && depth < 1024 {
            let l = common(data, cand, i);
            if l > best {
                let dist = i - cand;
                for len in best + 1..=l {
                    relax(
                        i + len,
                        Token::Match { len, dist },
                        len_cost(len) + dist_cost(dist),
                        dist,
                    );
                }
                best = l;
                if l == MAX_LEN {
                    break;
                }
            }
            cand = prev[cand];
            depth += 1;
        }
        prev[i] = head[h];
        head[h] = i;
    }
    let mut tokens = Vec::new();
    let mut j = n;
    while j > 0 {
        let t = from[j];
        tokens.push(t);
        j -= match t {
            Token::Literal(_) => 1,
            Token::Match { len, .. } => len,
        };
    }
    tokens.reverse();
    tokens
}

/// Estimated bits (in 1/16) of a match's flag and length.
#[cfg_attr(corebox_opt, optimize(size))]
fn len_cost(len: usize) -> u64 {
    16 * if len < 10 {
        5
    } else if len < 18 {
        6
    } else {
        11
    }
}

/// Estimated bits (in 1/16) of a distance: its slot and the bits after.
#[cfg_attr(corebox_opt, optimize(size))]
fn dist_cost(dist: usize) -> u64 {
    let bits = usize::BITS - dist.leading_zeros();
    16 * (4 + bits as u64)
}

#[cfg(test)]
mod tests {
    use super::{pack, unpack};
    use alloc::vec::Vec;

    fn texts() -> Vec<u8> {
        let mut v = Vec::new();
        for i in 0..50u32 {
            v.extend_from_slice(b"  -a, --all     do not ignore entries starting with .\n");
            v.extend(core::iter::repeat_n(b'x', i as usize * 7));
            v.extend_from_slice(&i.to_le_bytes().map(|b| b | 1));
            v.push(0);
        }
        v
    }

    #[test]
    fn round_trips_every_text() {
        let data = texts();
        let packed = pack(&data);
        assert!(
            packed.len() < data.len() / 4,
            "{} of {}",
            packed.len(),
            data.len()
        );
        let want: Vec<&[u8]> = data.split(|&b| b == 0).collect();
        for (i, w) in want[..want.len() - 1].iter().enumerate() {
            assert_eq!(&unpack(&packed, i)[..], *w, "text {i}");
        }
        // Past the last text, and garbage: empty or anything, no panic.
        assert!(unpack(&packed, 50).len() < 1 << 24);
        let _ = unpack(b"\xff\x00\x13garbage", 3);
        assert_eq!(unpack(&pack(b"\0"), 0), b"");
    }
}
