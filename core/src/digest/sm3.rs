//! SM3 (GB/T 32905-2016) block function, for `cksum -a sm3`.

pub const INIT: [u32; 8] = [
    0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e,
];

fn p0(x: u32) -> u32 {
    x ^ x.rotate_left(9) ^ x.rotate_left(17)
}

fn p1(x: u32) -> u32 {
    x ^ x.rotate_left(15) ^ x.rotate_left(23)
}

/// Processes whole 64-byte blocks.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn compress(h: &mut [u32; 8], blocks: &[u8]) {
    for block in blocks.chunks_exact(64) {
        let mut w = [0u32; 68];
        for (x, c) in w.iter_mut().zip(block.chunks_exact(4)) {
            *x = u32::from_be_bytes(c.try_into().unwrap_or_default());
        }
        for j in 16..68 {
            w[j] = p1(w[j - 16] ^ w[j - 9] ^ w[j - 3].rotate_left(15))
                ^ w[j - 13].rotate_left(7)
                ^ w[j - 6];
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = *h;
        for j in 0..64 {
            let t: u32 = if j < 16 { 0x79cc4519 } else { 0x7a879d8a };
            let a12 = a.rotate_left(12);
            let ss1 = a12
                .wrapping_add(e)
                .wrapping_add(t.rotate_left(j as u32 % 32))
                .rotate_left(7);
            let ss2 = ss1 ^ a12;
            let (ff, gg) = if j < 16 {
                (a ^ b ^ c, e ^ f ^ g)
            } else {
                ((a & b) | (a & c) | (b & c), (e & f) | (!e & g))
            };
            let tt1 = ff
                .wrapping_add(d)
                .wrapping_add(ss2)
                .wrapping_add(w[j] ^ w[j + 4]);
            let tt2 = gg.wrapping_add(hh).wrapping_add(ss1).wrapping_add(w[j]);
            d = c;
            c = b.rotate_left(9);
            b = a;
            a = tt1;
            hh = g;
            g = f.rotate_left(19);
            f = e;
            e = p0(tt2);
        }
        for (x, v) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *x ^= v;
        }
    }
}
