//! SHA-224 and SHA-256 (FIPS 180-4) portable block function.

pub const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

pub const INIT256: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];
pub const INIT224: [u32; 8] = [
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
];

/// Processes whole 64-byte blocks.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn compress(h: &mut [u32; 8], blocks: &[u8]) {
    for block in blocks.chunks_exact(64) {
        // The whole message schedule first (a branch-free loop), then the
        // rounds sixteen at a time with the eight variables renamed.
        let mut w = [0u32; 64];
        for (x, c) in w.iter_mut().zip(block.chunks_exact(4)) {
            *x = u32::from_be_bytes(c.try_into().unwrap_or_default());
        }
        for i in 16..64 {
            let (w15, w2) = (w[i - 15], w[i - 2]);
            let s0 = w15.rotate_right(7) ^ w15.rotate_right(18) ^ (w15 >> 3);
            let s1 = w2.rotate_right(17) ^ w2.rotate_right(19) ^ (w2 >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = *h;
        // Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and this round's a ^ b
        // is the next round's b ^ c.
        let mut bc = b ^ c;
        for (k, w) in K.chunks_exact(16).zip(w.chunks_exact(16)) {
            let k: &[u32; 16] = k.try_into().unwrap_or(&[0; 16]);
            let w: &[u32; 16] = w.try_into().unwrap_or(&[0; 16]);
            macro_rules! round {
                ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident, $j:literal) => {
                    let t1 = $h
                        .wrapping_add(
                            $e.rotate_right(6) ^ $e.rotate_right(11) ^ $e.rotate_right(25),
                        )
                        .wrapping_add($g ^ ($e & ($f ^ $g)))
                        .wrapping_add(k[$j])
                        .wrapping_add(w[$j]);
                    let ab = $a ^ $b;
                    let t2 = ($a.rotate_right(2) ^ $a.rotate_right(13) ^ $a.rotate_right(22))
                        .wrapping_add($b ^ (ab & bc));
                    bc = ab;
                    $d = $d.wrapping_add(t1);
                    $h = t1.wrapping_add(t2);
                };
            }
            round!(a, b, c, d, e, f, g, hh, 0);
            round!(hh, a, b, c, d, e, f, g, 1);
            round!(g, hh, a, b, c, d, e, f, 2);
            round!(f, g, hh, a, b, c, d, e, 3);
            round!(e, f, g, hh, a, b, c, d, 4);
            round!(d, e, f, g, hh, a, b, c, 5);
            round!(c, d, e, f, g, hh, a, b, 6);
            round!(b, c, d, e, f, g, hh, a, 7);
            round!(a, b, c, d, e, f, g, hh, 8);
            round!(hh, a, b, c, d, e, f, g, 9);
            round!(g, hh, a, b, c, d, e, f, 10);
            round!(f, g, hh, a, b, c, d, e, 11);
            round!(e, f, g, hh, a, b, c, d, 12);
            round!(d, e, f, g, hh, a, b, c, 13);
            round!(c, d, e, f, g, hh, a, b, 14);
            round!(b, c, d, e, f, g, hh, a, 15);
        }
        for (x, v) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *x = x.wrapping_add(v);
        }
    }
}
