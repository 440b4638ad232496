//! SHA-1 (FIPS 180-4) portable block function.

pub const INIT: [u32; 8] = [
    0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0, 0, 0, 0,
];

/// Processes whole 64-byte blocks.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn compress(h: &mut [u32; 8], blocks: &[u8]) {
    for block in blocks.chunks_exact(64) {
        let mut w = [0u32; 16];
        for (x, c) in w.iter_mut().zip(block.chunks_exact(4)) {
            *x = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
        }
        let [mut a, mut b, mut c, mut d, mut e] = [h[0], h[1], h[2], h[3], h[4]];
        for i in 0..80 {
            let wi = if i < 16 {
                w[i]
            } else {
                let x = (w[(i + 13) & 15] ^ w[(i + 8) & 15] ^ w[(i + 2) & 15] ^ w[i & 15])
                    .rotate_left(1);
                w[i & 15] = x;
                x
            };
            let (f, k) = match i / 20 {
                0 => (d ^ (b & (c ^ d)), 0x5a827999),
                1 => (b ^ c ^ d, 0x6ed9eba1),
                2 => ((b & c) | (d & (b | c)), 0x8f1bbcdc),
                _ => (b ^ c ^ d, 0xca62c1d6u32),
            };
            let t = a
                .rotate_left(5)
                .wrapping_add(f)
                .wrapping_add(e)
                .wrapping_add(k)
                .wrapping_add(wi);
            e = d;
            d = c;
            c = b.rotate_left(30);
            b = a;
            a = t;
        }
        for (x, v) in h.iter_mut().zip([a, b, c, d, e]) {
            *x = x.wrapping_add(v);
        }
    }
}
