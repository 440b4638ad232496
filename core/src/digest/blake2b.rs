//! BLAKE2b (RFC 7693) compression function.

pub const IV: [u64; 8] = [
    0x6a09e667f3bcc908,
    0xbb67ae8584caa73b,
    0x3c6ef372fe94f82b,
    0xa54ff53a5f1d36f1,
    0x510e527fade682d1,
    0x9b05688c2b3e6c1f,
    0x1f83d9abfb41bd6b,
    0x5be0cd19137e2179,
];

/// The message schedule of the twelve rounds (rounds 10 and 11 repeat 0 and 1).
pub const SIGMA: [[u8; 16]; 10] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
    [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
    [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
    [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
    [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
    [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
    [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
    [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
    [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

/// A BLAKE2b compression function (the portable one or a SIMD one): it
/// compresses whole 128-byte blocks; `t` counts the bytes up to the end
/// of the first of them (the counter grows by 128 a block), `last` marks
/// the final block of the message as the last of these.
pub type Compress = fn(&mut [u64; 8], &[u8], u128, bool);

/// The portable [`Compress`].
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn compress(h: &mut [u64; 8], blocks: &[u8], t: u128, last: bool) {
    let n = blocks.len() / 128;
    for (k, b) in blocks.chunks_exact(128).enumerate() {
        one(h, b, t.wrapping_add(128 * k as u128), last && k + 1 == n);
    }
}

fn one(h: &mut [u64; 8], block: &[u8], t: u128, last: bool) {
    let mut m = [0u64; 16];
    for (x, c) in m.iter_mut().zip(block.chunks_exact(8)) {
        *x = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
    }
    let mut v = [0u64; 16];
    v[..8].copy_from_slice(h);
    v[8..].copy_from_slice(&IV);
    v[12] ^= t as u64;
    v[13] ^= (t >> 64) as u64;
    if last {
        v[14] = !v[14];
    }
    // x86_64 runs this only on CPUs without AVX2 (sys's kernel serves
    // the rest): there the twelve rounds stay a loop, 4.8 KB smaller and
    // 1.3x slower. Elsewhere they are spelled out, every message index a
    // constant, so m and v live in registers.
    #[cfg(target_arch = "x86_64")]
    for r in 0..12 {
        round(&mut v, &m, &SIGMA[r % 10]);
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        macro_rules! rounds {
            ($($r:literal)*) => { $(round(&mut v, &m, &SIGMA[$r]);)* };
        }
        rounds!(0 1 2 3 4 5 6 7 8 9 0 1);
    }
    for i in 0..8 {
        h[i] ^= v[i] ^ v[i + 8];
    }
}

/// One round: the mixing function G on the columns, then the diagonals,
/// with the message words in the order `s`.
#[inline(always)]
fn round(v: &mut [u64; 16], m: &[u64; 16], s: &[u8; 16]) {
    let x = |i: usize| m[s[i] as usize & 15];
    g(v, 0, 4, 8, 12, x(0), x(1));
    g(v, 1, 5, 9, 13, x(2), x(3));
    g(v, 2, 6, 10, 14, x(4), x(5));
    g(v, 3, 7, 11, 15, x(6), x(7));
    g(v, 0, 5, 10, 15, x(8), x(9));
    g(v, 1, 6, 11, 12, x(10), x(11));
    g(v, 2, 7, 8, 13, x(12), x(13));
    g(v, 3, 4, 9, 14, x(14), x(15));
}

#[inline(always)]
fn g(v: &mut [u64; 16], a: usize, b: usize, c: usize, d: usize, x: u64, y: u64) {
    v[a] = v[a].wrapping_add(v[b]).wrapping_add(x);
    v[d] = (v[d] ^ v[a]).rotate_right(32);
    v[c] = v[c].wrapping_add(v[d]);
    v[b] = (v[b] ^ v[c]).rotate_right(24);
    v[a] = v[a].wrapping_add(v[b]).wrapping_add(y);
    v[d] = (v[d] ^ v[a]).rotate_right(16);
    v[c] = v[c].wrapping_add(v[d]);
    v[b] = (v[b] ^ v[c]).rotate_right(63);
}
