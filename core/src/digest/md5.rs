//! MD5 (RFC 1321) block function.

const S: [u32; 16] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

const K: [u32; 64] = {
    // floor(abs(sin(i + 1)) * 2^32), as RFC 1321 tabulates.
    [
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613,
        0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193,
        0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d,
        0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
        0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122,
        0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
        0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244,
        0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
        0xeb86d391,
    ]
};

pub const INIT: [u32; 8] = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0, 0, 0, 0];

/// Processes whole 64-byte blocks.
pub fn compress(h: &mut [u32; 8], blocks: &[u8]) {
    for block in blocks.chunks_exact(64) {
        let mut m = [0u32; 16];
        for (w, c) in m.iter_mut().zip(block.chunks_exact(4)) {
            *w = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
        let [mut a, mut b, mut c, mut d] = [h[0], h[1], h[2], h[3]];
        // Unrolled per round so the message index and shift are constants.
        macro_rules! step {
            ($f:expr, $g:expr, $i:expr) => {{
                let f = $f(b, c, d)
                    .wrapping_add(a)
                    .wrapping_add(K[$i])
                    .wrapping_add(m[$g]);
                a = d;
                d = c;
                c = b;
                b = b.wrapping_add(f.rotate_left(S[($i / 16) * 4 + $i % 4]));
            }};
        }
        let f1 = |b: u32, c: u32, d: u32| d ^ (b & (c ^ d));
        let f2 = |b: u32, c: u32, d: u32| c ^ (d & (b ^ c));
        let f3 = |b: u32, c: u32, d: u32| b ^ c ^ d;
        let f4 = |b: u32, c: u32, d: u32| c ^ (b | !d);
        macro_rules! four {
            ($f:expr, $i:expr, $g:expr) => {
                step!($f, ($g($i)) % 16, $i);
                step!($f, ($g($i + 1)) % 16, $i + 1);
                step!($f, ($g($i + 2)) % 16, $i + 2);
                step!($f, ($g($i + 3)) % 16, $i + 3);
            };
        }
        let g1 = |i: usize| i;
        let g2 = |i: usize| 5 * i + 1;
        let g3 = |i: usize| 3 * i + 5;
        let g4 = |i: usize| 7 * i;
        four!(f1, 0, g1);
        four!(f1, 4, g1);
        four!(f1, 8, g1);
        four!(f1, 12, g1);
        four!(f2, 16, g2);
        four!(f2, 20, g2);
        four!(f2, 24, g2);
        four!(f2, 28, g2);
        four!(f3, 32, g3);
        four!(f3, 36, g3);
        four!(f3, 40, g3);
        four!(f3, 44, g3);
        four!(f4, 48, g4);
        four!(f4, 52, g4);
        four!(f4, 56, g4);
        four!(f4, 60, g4);
        h[0] = h[0].wrapping_add(a);
        h[1] = h[1].wrapping_add(b);
        h[2] = h[2].wrapping_add(c);
        h[3] = h[3].wrapping_add(d);
    }
}
