//! SHA-384 and SHA-512 (FIPS 180-4) block function.

pub const K: [u64; 80] = [
    0x428a2f98d728ae22,
    0x7137449123ef65cd,
    0xb5c0fbcfec4d3b2f,
    0xe9b5dba58189dbbc,
    0x3956c25bf348b538,
    0x59f111f1b605d019,
    0x923f82a4af194f9b,
    0xab1c5ed5da6d8118,
    0xd807aa98a3030242,
    0x12835b0145706fbe,
    0x243185be4ee4b28c,
    0x550c7dc3d5ffb4e2,
    0x72be5d74f27b896f,
    0x80deb1fe3b1696b1,
    0x9bdc06a725c71235,
    0xc19bf174cf692694,
    0xe49b69c19ef14ad2,
    0xefbe4786384f25e3,
    0x0fc19dc68b8cd5b5,
    0x240ca1cc77ac9c65,
    0x2de92c6f592b0275,
    0x4a7484aa6ea6e483,
    0x5cb0a9dcbd41fbd4,
    0x76f988da831153b5,
    0x983e5152ee66dfab,
    0xa831c66d2db43210,
    0xb00327c898fb213f,
    0xbf597fc7beef0ee4,
    0xc6e00bf33da88fc2,
    0xd5a79147930aa725,
    0x06ca6351e003826f,
    0x142929670a0e6e70,
    0x27b70a8546d22ffc,
    0x2e1b21385c26c926,
    0x4d2c6dfc5ac42aed,
    0x53380d139d95b3df,
    0x650a73548baf63de,
    0x766a0abb3c77b2a8,
    0x81c2c92e47edaee6,
    0x92722c851482353b,
    0xa2bfe8a14cf10364,
    0xa81a664bbc423001,
    0xc24b8b70d0f89791,
    0xc76c51a30654be30,
    0xd192e819d6ef5218,
    0xd69906245565a910,
    0xf40e35855771202a,
    0x106aa07032bbd1b8,
    0x19a4c116b8d2d0c8,
    0x1e376c085141ab53,
    0x2748774cdf8eeb99,
    0x34b0bcb5e19b48a8,
    0x391c0cb3c5c95a63,
    0x4ed8aa4ae3418acb,
    0x5b9cca4f7763e373,
    0x682e6ff3d6b2b8a3,
    0x748f82ee5defb2fc,
    0x78a5636f43172f60,
    0x84c87814a1f0ab72,
    0x8cc702081a6439ec,
    0x90befffa23631e28,
    0xa4506cebde82bde9,
    0xbef9a3f7b2c67915,
    0xc67178f2e372532b,
    0xca273eceea26619c,
    0xd186b8c721c0c207,
    0xeada7dd6cde0eb1e,
    0xf57d4f7fee6ed178,
    0x06f067aa72176fba,
    0x0a637dc5a2c898a6,
    0x113f9804bef90dae,
    0x1b710b35131c471b,
    0x28db77f523047d84,
    0x32caab7b40c72493,
    0x3c9ebe0a15c9bebc,
    0x431d67c49c100d4c,
    0x4cc5d4becb3e42b6,
    0x597f299cfc657e2a,
    0x5fcb6fab3ad6faec,
    0x6c44198c4a475817,
];

pub const INIT512: [u64; 8] = [
    0x6a09e667f3bcc908,
    0xbb67ae8584caa73b,
    0x3c6ef372fe94f82b,
    0xa54ff53a5f1d36f1,
    0x510e527fade682d1,
    0x9b05688c2b3e6c1f,
    0x1f83d9abfb41bd6b,
    0x5be0cd19137e2179,
];
pub const INIT384: [u64; 8] = [
    0xcbbb9d5dc1059ed8,
    0x629a292a367cd507,
    0x9159015a3070dd17,
    0x152fecd8f70e5939,
    0x67332667ffc00b31,
    0x8eb44a8768581511,
    0xdb0c2e0d64f98fa7,
    0x47b5481dbefa4fa4,
];

/// Processes whole 128-byte blocks. The rounds are a loop, the message
/// schedule a sixteen-word ring advanced in it: a quarter of the size of
/// the rounds spelled out (as [`rounds16`] does for sys's AVX2 kernel)
/// and no slower at opt-level "s" on x86_64.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn compress(h: &mut [u64; 8], blocks: &[u8]) {
    for block in blocks.chunks_exact(128) {
        let mut w = [0u64; 16];
        for (x, c) in w.iter_mut().zip(block.chunks_exact(8)) {
            *x = u64::from_be_bytes(c.try_into().unwrap_or_default());
        }
        let mut s = *h;
        for (j, k) in K.iter().enumerate() {
            let i = j & 15;
            if j >= 16 {
                let (w15, w2) = (w[(i + 1) & 15], w[(i + 14) & 15]);
                let s0 = w15.rotate_right(1) ^ w15.rotate_right(8) ^ (w15 >> 7);
                let s1 = w2.rotate_right(19) ^ w2.rotate_right(61) ^ (w2 >> 6);
                w[i] = w[i]
                    .wrapping_add(s0)
                    .wrapping_add(w[(i + 9) & 15])
                    .wrapping_add(s1);
            }
            s = round(s, k.wrapping_add(w[i]));
        }
        for (x, v) in h.iter_mut().zip(s) {
            *x = x.wrapping_add(v);
        }
    }
}

/// One round on the working variables (a to h) with the message word
/// plus round constant `wk`: the variables shifted by one.
#[inline(always)]
fn round([a, b, c, d, e, f, g, h]: [u64; 8], wk: u64) -> [u64; 8] {
    let t1 = h
        .wrapping_add(e.rotate_right(14) ^ e.rotate_right(18) ^ e.rotate_right(41))
        .wrapping_add(g ^ (e & (f ^ g)))
        .wrapping_add(wk);
    // Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)); spelled out in a row,
    // this round's b ^ c is the last round's a ^ b.
    let t2 = (a.rotate_right(28) ^ a.rotate_right(34) ^ a.rotate_right(39))
        .wrapping_add(b ^ ((a ^ b) & (b ^ c)));
    [t1.wrapping_add(t2), a, b, c, d.wrapping_add(t1), e, f, g]
}

/// Sixteen rounds on the working variables `s` (a to h) with the message
/// words plus round constants `wk`, spelled out (sys's AVX2 kernel: as a
/// loop it is 1.15x slower there).
#[inline(always)]
pub fn rounds16(s: &mut [u64; 8], wk: &[u64; 16]) {
    let mut x = *s;
    macro_rules! rounds {
        ($($j:literal)*) => { $(x = round(x, wk[$j]);)* };
    }
    rounds!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
    *s = x;
}
