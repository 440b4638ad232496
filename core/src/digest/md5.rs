//! MD5 (RFC 1321) block function.

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
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn compress(h: &mut [u32; 8], blocks: &[u8]) {
    for block in blocks.chunks_exact(64) {
        // The constants read through an opaque reference: as literals, LLVM
        // adds them last, after the round function, which puts one more add
        // on the critical path of every step. Taken per block, or the 64
        // loads are hoisted out of the loop and spilled.
        let k: &[u32; 64] = core::hint::black_box(&K);
        let block: &[u8; 64] = block.try_into().unwrap_or(&[0; 64]);
        // Words read in place (constant offsets: no copy, no bounds checks).
        let m = |i: usize| {
            u32::from_le_bytes([
                block[4 * i],
                block[4 * i + 1],
                block[4 * i + 2],
                block[4 * i + 3],
            ])
        };
        let [mut a, mut b, mut c, mut d] = [h[0], h[1], h[2], h[3]];
        // One line per step: the message word, shift and constant are
        // literals, the four variables renamed instead of moved.
        // a + m + K is computed off the critical path, which runs from b
        // through the round function: G is split into two independent
        // terms, as b only enters one of them.
        macro_rules! step {
            ($f:ident, $a:ident, $b:ident, $c:ident, $d:ident, $m:literal, $s:literal, $i:literal) => {
                let t = $a.wrapping_add(m($m)).wrapping_add(k[$i]);
                $a = $b.wrapping_add($f(t, $b, $c, $d).rotate_left($s));
            };
        }
        #[inline(always)]
        fn f1(t: u32, b: u32, c: u32, d: u32) -> u32 {
            t.wrapping_add(d ^ (b & (c ^ d)))
        }
        #[inline(always)]
        fn f2(t: u32, b: u32, c: u32, d: u32) -> u32 {
            t.wrapping_add(c & !d).wrapping_add(b & d)
        }
        #[inline(always)]
        fn f3(t: u32, b: u32, c: u32, d: u32) -> u32 {
            t.wrapping_add(b ^ c ^ d)
        }
        #[inline(always)]
        fn f4(t: u32, b: u32, c: u32, d: u32) -> u32 {
            t.wrapping_add(c ^ (b | !d))
        }
        step!(f1, a, b, c, d, 0, 7, 0);
        step!(f1, d, a, b, c, 1, 12, 1);
        step!(f1, c, d, a, b, 2, 17, 2);
        step!(f1, b, c, d, a, 3, 22, 3);
        step!(f1, a, b, c, d, 4, 7, 4);
        step!(f1, d, a, b, c, 5, 12, 5);
        step!(f1, c, d, a, b, 6, 17, 6);
        step!(f1, b, c, d, a, 7, 22, 7);
        step!(f1, a, b, c, d, 8, 7, 8);
        step!(f1, d, a, b, c, 9, 12, 9);
        step!(f1, c, d, a, b, 10, 17, 10);
        step!(f1, b, c, d, a, 11, 22, 11);
        step!(f1, a, b, c, d, 12, 7, 12);
        step!(f1, d, a, b, c, 13, 12, 13);
        step!(f1, c, d, a, b, 14, 17, 14);
        step!(f1, b, c, d, a, 15, 22, 15);
        step!(f2, a, b, c, d, 1, 5, 16);
        step!(f2, d, a, b, c, 6, 9, 17);
        step!(f2, c, d, a, b, 11, 14, 18);
        step!(f2, b, c, d, a, 0, 20, 19);
        step!(f2, a, b, c, d, 5, 5, 20);
        step!(f2, d, a, b, c, 10, 9, 21);
        step!(f2, c, d, a, b, 15, 14, 22);
        step!(f2, b, c, d, a, 4, 20, 23);
        step!(f2, a, b, c, d, 9, 5, 24);
        step!(f2, d, a, b, c, 14, 9, 25);
        step!(f2, c, d, a, b, 3, 14, 26);
        step!(f2, b, c, d, a, 8, 20, 27);
        step!(f2, a, b, c, d, 13, 5, 28);
        step!(f2, d, a, b, c, 2, 9, 29);
        step!(f2, c, d, a, b, 7, 14, 30);
        step!(f2, b, c, d, a, 12, 20, 31);
        step!(f3, a, b, c, d, 5, 4, 32);
        step!(f3, d, a, b, c, 8, 11, 33);
        step!(f3, c, d, a, b, 11, 16, 34);
        step!(f3, b, c, d, a, 14, 23, 35);
        step!(f3, a, b, c, d, 1, 4, 36);
        step!(f3, d, a, b, c, 4, 11, 37);
        step!(f3, c, d, a, b, 7, 16, 38);
        step!(f3, b, c, d, a, 10, 23, 39);
        step!(f3, a, b, c, d, 13, 4, 40);
        step!(f3, d, a, b, c, 0, 11, 41);
        step!(f3, c, d, a, b, 3, 16, 42);
        step!(f3, b, c, d, a, 6, 23, 43);
        step!(f3, a, b, c, d, 9, 4, 44);
        step!(f3, d, a, b, c, 12, 11, 45);
        step!(f3, c, d, a, b, 15, 16, 46);
        step!(f3, b, c, d, a, 2, 23, 47);
        step!(f4, a, b, c, d, 0, 6, 48);
        step!(f4, d, a, b, c, 7, 10, 49);
        step!(f4, c, d, a, b, 14, 15, 50);
        step!(f4, b, c, d, a, 5, 21, 51);
        step!(f4, a, b, c, d, 12, 6, 52);
        step!(f4, d, a, b, c, 3, 10, 53);
        step!(f4, c, d, a, b, 10, 15, 54);
        step!(f4, b, c, d, a, 1, 21, 55);
        step!(f4, a, b, c, d, 8, 6, 56);
        step!(f4, d, a, b, c, 15, 10, 57);
        step!(f4, c, d, a, b, 6, 15, 58);
        step!(f4, b, c, d, a, 13, 21, 59);
        step!(f4, a, b, c, d, 4, 6, 60);
        step!(f4, d, a, b, c, 11, 10, 61);
        step!(f4, c, d, a, b, 2, 15, 62);
        step!(f4, b, c, d, a, 9, 21, 63);
        h[0] = h[0].wrapping_add(a);
        h[1] = h[1].wrapping_add(b);
        h[2] = h[2].wrapping_add(c);
        h[3] = h[3].wrapping_add(d);
    }
}
