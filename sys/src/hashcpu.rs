//! Digest block functions that use the CPU's SHA instructions, picked at
//! run time (there is no std to ask): SHA-NI for SHA-1 and SHA-256 on
//! x86_64 (cpuid), the ARMv8 SHA-1/SHA-256 instructions on aarch64 (the
//! AT_HWCAP word of the auxiliary vector), PCLMULQDQ (VPCLMULQDQ where
//! present) for cksum's CRC, AVX2 for BLAKE2b and AVX2 + BMI2 for
//! SHA-384/512.
//! Elsewhere, and on CPUs without them, the portable functions of
//! `logic::digest`.

use logic::digest::{crc, Kernels};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::*;

    pub fn has_sha_ni() -> bool {
        // cpuid is always available on x86_64: SHA (leaf 7 ebx bit 29),
        // SSSE3 (leaf 1 ecx bit 9) and SSE4.1 (leaf 1 ecx bit 19).
        let l1 = __cpuid(1).ecx;
        let l7 = __cpuid_count(7, 0).ebx;
        l7 & (1 << 29) != 0 && l1 & (1 << 9) != 0 && l1 & (1 << 19) != 0
    }

    /// The 16 bytes at `b[i * 16..]`.
    #[inline(always)]
    fn load(b: &[u8; 64], i: usize) -> __m128i {
        let i = i & 3;
        // SAFETY: i < 4, so the 16 bytes at i * 16 are inside b; loadu has
        // no alignment need.
        unsafe { _mm_loadu_si128(b.as_ptr().add(i * 16) as *const __m128i) }
    }

    pub fn sha256(h: &mut [u32; 8], blocks: &[u8]) {
        // SAFETY: only installed after has_sha_ni() said yes.
        unsafe { sha256_ni(h, blocks) }
    }

    pub fn sha1(h: &mut [u32; 8], blocks: &[u8]) {
        // SAFETY: only installed after has_sha_ni() said yes.
        unsafe { sha1_ni(h, blocks) }
    }

    /// # Safety
    /// The CPU must have SHA-NI, SSSE3 and SSE4.1.
    #[allow(unused_assignments)]
    #[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
    unsafe fn sha256_ni(h: &mut [u32; 8], blocks: &[u8]) {
        let k = &logic::digest::sha256::K;
        let kv = |j: usize| -> __m128i {
            _mm_set_epi32(
                k[4 * j + 3] as i32,
                k[4 * j + 2] as i32,
                k[4 * j + 1] as i32,
                k[4 * j] as i32,
            )
        };
        let mask = _mm_set_epi64x(0x0c0d0e0f08090a0b, 0x0405060700010203);
        let tmp = _mm_set_epi32(h[3] as i32, h[2] as i32, h[1] as i32, h[0] as i32);
        let s1 = _mm_set_epi32(h[7] as i32, h[6] as i32, h[5] as i32, h[4] as i32);
        let tmp = _mm_shuffle_epi32(tmp, 0xb1);
        let s1 = _mm_shuffle_epi32(s1, 0x1b);
        let mut st0 = _mm_alignr_epi8(tmp, s1, 8);
        let mut st1 = _mm_blend_epi16(s1, tmp, 0xf0);
        for b in blocks.chunks_exact(64) {
            let b: &[u8; 64] = b.try_into().unwrap_or(&[0; 64]);
            let (save0, save1) = (st0, st1);
            let mut w = [_mm_setzero_si128(); 4];
            macro_rules! group {
                ($j:literal) => {
                    let x = if $j < 4 {
                        _mm_shuffle_epi8(load(b, $j), mask)
                    } else {
                        let t = _mm_sha256msg1_epu32(w[$j % 4], w[($j + 1) % 4]);
                        let t =
                            _mm_add_epi32(t, _mm_alignr_epi8(w[($j + 3) % 4], w[($j + 2) % 4], 4));
                        _mm_sha256msg2_epu32(t, w[($j + 3) % 4])
                    };
                    w[$j % 4] = x;
                    let msg = _mm_add_epi32(x, kv($j));
                    st1 = _mm_sha256rnds2_epu32(st1, st0, msg);
                    st0 = _mm_sha256rnds2_epu32(st0, st1, _mm_shuffle_epi32(msg, 0x0e));
                };
            }
            group!(0);
            group!(1);
            group!(2);
            group!(3);
            group!(4);
            group!(5);
            group!(6);
            group!(7);
            group!(8);
            group!(9);
            group!(10);
            group!(11);
            group!(12);
            group!(13);
            group!(14);
            group!(15);
            st0 = _mm_add_epi32(st0, save0);
            st1 = _mm_add_epi32(st1, save1);
        }
        let tmp = _mm_shuffle_epi32(st0, 0x1b);
        let st1 = _mm_shuffle_epi32(st1, 0xb1);
        let st0 = _mm_blend_epi16(tmp, st1, 0xf0);
        let st1 = _mm_alignr_epi8(st1, tmp, 8);
        let mut o = [0u32; 8];
        // SAFETY: o has room for two 16-byte stores.
        unsafe {
            _mm_storeu_si128(o.as_mut_ptr() as *mut __m128i, st0);
            _mm_storeu_si128(o.as_mut_ptr().add(4) as *mut __m128i, st1);
        }
        *h = o;
    }

    /// # Safety
    /// The CPU must have SHA-NI, SSSE3 and SSE4.1.
    #[allow(unused_assignments)]
    #[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
    unsafe fn sha1_ni(h: &mut [u32; 8], blocks: &[u8]) {
        let mask = _mm_set_epi64x(0x0001020304050607, 0x08090a0b0c0d0e0f);
        let mut abcd = _mm_set_epi32(h[0] as i32, h[1] as i32, h[2] as i32, h[3] as i32);
        let mut e0 = _mm_set_epi32(h[4] as i32, 0, 0, 0);
        for b in blocks.chunks_exact(64) {
            let b: &[u8; 64] = b.try_into().unwrap_or(&[0; 64]);
            let (abcd_save, e_save) = (abcd, e0);
            let mut m = [_mm_setzero_si128(); 4];
            let mut e = [e0, _mm_setzero_si128()];
            macro_rules! group {
                ($j:literal, $f:literal) => {
                    if $j < 4 {
                        m[$j % 4] = _mm_shuffle_epi8(load(b, $j), mask);
                    }
                    if $j == 0 {
                        e[0] = _mm_add_epi32(e[0], m[0]);
                    } else {
                        e[$j % 2] = _mm_sha1nexte_epu32(e[$j % 2], m[$j % 4]);
                    }
                    e[($j + 1) % 2] = abcd;
                    if $j >= 3 && $j <= 18 {
                        m[($j + 1) % 4] = _mm_sha1msg2_epu32(m[($j + 1) % 4], m[$j % 4]);
                    }
                    abcd = _mm_sha1rnds4_epu32(abcd, e[$j % 2], $f);
                    if $j >= 1 && $j <= 16 {
                        m[($j + 3) % 4] = _mm_sha1msg1_epu32(m[($j + 3) % 4], m[$j % 4]);
                    }
                    if $j >= 2 && $j <= 17 {
                        m[($j + 2) % 4] = _mm_xor_si128(m[($j + 2) % 4], m[$j % 4]);
                    }
                };
            }
            group!(0, 0);
            group!(1, 0);
            group!(2, 0);
            group!(3, 0);
            group!(4, 0);
            group!(5, 1);
            group!(6, 1);
            group!(7, 1);
            group!(8, 1);
            group!(9, 1);
            group!(10, 2);
            group!(11, 2);
            group!(12, 2);
            group!(13, 2);
            group!(14, 2);
            group!(15, 3);
            group!(16, 3);
            group!(17, 3);
            group!(18, 3);
            group!(19, 3);
            e0 = _mm_sha1nexte_epu32(e[0], e_save);
            abcd = _mm_add_epi32(abcd, abcd_save);
        }
        let mut o = [0u32; 4];
        // SAFETY: o has room for one 16-byte store.
        unsafe { _mm_storeu_si128(o.as_mut_ptr() as *mut __m128i, abcd) };
        h[..4].copy_from_slice(&[o[3], o[2], o[1], o[0]]);
        h[4] = _mm_extract_epi32(e0, 3) as u32;
    }
}

#[cfg(target_arch = "aarch64")]
mod arm {
    use core::arch::aarch64::*;

    /// AT_HWCAP bits of the ARMv8 SHA-1 and SHA-256 instructions.
    const HWCAP_SHA1: usize = 1 << 5;
    const HWCAP_SHA2: usize = 1 << 6;

    pub fn has_sha1() -> bool {
        rustix::param::linux_hwcap().0 & HWCAP_SHA1 != 0
    }

    pub fn has_sha2() -> bool {
        rustix::param::linux_hwcap().0 & HWCAP_SHA2 != 0
    }

    /// AT_HWCAP bit of the 64-bit polynomial multiply (PMULL).
    const HWCAP_PMULL: usize = 1 << 4;

    pub fn has_pmull() -> bool {
        rustix::param::linux_hwcap().0 & HWCAP_PMULL != 0
    }

    /// The POSIX CRC by folding with PMULL, as the x86 `clmul::crc_fold`:
    /// four 128-bit accumulators, 64 bytes a step, byte-reversed so that
    /// bit i of a register is the coefficient of x^i.
    ///
    /// # Safety
    /// The CPU must have PMULL; `data.len()` is a multiple of 64 and at
    /// least 128.
    #[target_feature(enable = "neon,aes")]
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub unsafe fn crc_fold(t: &logic::digest::crc::Crc, c: u32, data: &[u8]) -> u32 {
        use super::xpow;
        const REV: [u8; 16] = [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0];
        if data.len() < 128 {
            return c;
        }
        // SAFETY: REV is 16 bytes.
        let rev = unsafe { vld1q_u8(REV.as_ptr()) };
        macro_rules! load {
            ($p:expr, $i:expr) => {
                // SAFETY: the callers pass 16 readable bytes at $p + $i.
                vreinterpretq_u64_u8(vqtbl1q_u8(unsafe { vld1q_u8($p.add($i)) }, rev))
            };
        }
        macro_rules! fold {
            ($a:expr, $k:expr) => {
                veorq_u64(
                    vreinterpretq_u64_p128(vmull_p64(vgetq_lane_u64::<1>($a), $k[0])),
                    vreinterpretq_u64_p128(vmull_p64(vgetq_lane_u64::<0>($a), $k[1])),
                )
            };
        }
        let k512 = [xpow(512 + 64), xpow(512)];
        let k128 = [xpow(128 + 64), xpow(128)];
        let p = data.as_ptr();
        // The running CRC enters as the top 32 coefficients of the message.
        let mut a0 = veorq_u64(
            load!(p, 0),
            vcombine_u64(vcreate_u64(0), vcreate_u64((c as u64) << 32)),
        );
        let mut a1 = load!(p, 16);
        let mut a2 = load!(p, 32);
        let mut a3 = load!(p, 48);
        for chunk in data[64..].chunks_exact(64) {
            let q = chunk.as_ptr();
            a0 = veorq_u64(fold!(a0, k512), load!(q, 0));
            a1 = veorq_u64(fold!(a1, k512), load!(q, 16));
            a2 = veorq_u64(fold!(a2, k512), load!(q, 32));
            a3 = veorq_u64(fold!(a3, k512), load!(q, 48));
        }
        let x = veorq_u64(fold!(a0, k128), a1);
        let x = veorq_u64(fold!(x, k128), a2);
        let x = veorq_u64(fold!(x, k128), a3);
        let mut out = [0u8; 16];
        // SAFETY: out has room for 16 bytes.
        unsafe { vst1q_u8(out.as_mut_ptr(), vqtbl1q_u8(vreinterpretq_u8_u64(x), rev)) };
        t.update(0, &out)
    }

    /// The 16 bytes at `b[i * 16..]` (b: &[u8; 64], i < 4) as four
    /// big-endian words; a macro, to be expanded inside the SHA functions
    /// whose target features it needs.
    macro_rules! load {
        ($b:expr, $i:literal) => {{
            // SAFETY: $i < 4, so the 16 bytes at $i * 16 are inside $b.
            let v = unsafe { vld1q_u8($b.as_ptr().add($i * 16)) };
            vreinterpretq_u32_u8(vrev32q_u8(v))
        }};
    }

    pub fn sha256(h: &mut [u32; 8], blocks: &[u8]) {
        // SAFETY: only installed after has_sha2() said yes.
        unsafe { sha256_ce(h, blocks) }
    }

    pub fn sha1(h: &mut [u32; 8], blocks: &[u8]) {
        // SAFETY: only installed after has_sha1() said yes.
        unsafe { sha1_ce(h, blocks) }
    }

    /// # Safety
    /// The CPU must have the SHA-256 instructions.
    #[target_feature(enable = "neon,sha2")]
    unsafe fn sha256_ce(h: &mut [u32; 8], blocks: &[u8]) {
        let k = &logic::digest::sha256::K;
        // SAFETY: h holds 8 words, K 64.
        let (mut abcd, mut efgh) = unsafe { (vld1q_u32(h.as_ptr()), vld1q_u32(h.as_ptr().add(4))) };
        for b in blocks.chunks_exact(64) {
            let b: &[u8; 64] = b.try_into().unwrap_or(&[0; 64]);
            let (abcd0, efgh0) = (abcd, efgh);
            let mut m = [load!(b, 0), load!(b, 1), load!(b, 2), load!(b, 3)];
            for j in 0..16 {
                // SAFETY: j < 16, so the four words at 4 * j are inside K.
                let wk = vaddq_u32(m[j % 4], unsafe { vld1q_u32(k.as_ptr().add(4 * (j & 15))) });
                if j < 12 {
                    m[j % 4] = vsha256su1q_u32(
                        vsha256su0q_u32(m[j % 4], m[(j + 1) % 4]),
                        m[(j + 2) % 4],
                        m[(j + 3) % 4],
                    );
                }
                let t = abcd;
                abcd = vsha256hq_u32(abcd, efgh, wk);
                efgh = vsha256h2q_u32(efgh, t, wk);
            }
            abcd = vaddq_u32(abcd, abcd0);
            efgh = vaddq_u32(efgh, efgh0);
        }
        // SAFETY: h has room for 8 words.
        unsafe {
            vst1q_u32(h.as_mut_ptr(), abcd);
            vst1q_u32(h.as_mut_ptr().add(4), efgh);
        }
    }

    /// # Safety
    /// The CPU must have the SHA-1 instructions.
    #[target_feature(enable = "neon,sha2")]
    unsafe fn sha1_ce(h: &mut [u32; 8], blocks: &[u8]) {
        const K: [u32; 4] = [0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6];
        // SAFETY: h holds 8 words.
        let mut abcd = unsafe { vld1q_u32(h.as_ptr()) };
        let mut e = h[4];
        for b in blocks.chunks_exact(64) {
            let b: &[u8; 64] = b.try_into().unwrap_or(&[0; 64]);
            let (abcd0, e0) = (abcd, e);
            let mut m = [load!(b, 0), load!(b, 1), load!(b, 2), load!(b, 3)];
            for j in 0..20 {
                let wk = vaddq_u32(m[j % 4], vdupq_n_u32(K[j / 5]));
                let e1 = vsha1h_u32(vgetq_lane_u32(abcd, 0));
                abcd = match j / 5 {
                    0 => vsha1cq_u32(abcd, e, wk),
                    2 => vsha1mq_u32(abcd, e, wk),
                    _ => vsha1pq_u32(abcd, e, wk),
                };
                e = e1;
                if j < 16 {
                    m[j % 4] = vsha1su1q_u32(
                        vsha1su0q_u32(m[j % 4], m[(j + 1) % 4], m[(j + 2) % 4]),
                        m[(j + 3) % 4],
                    );
                }
            }
            abcd = vaddq_u32(abcd, abcd0);
            e = e.wrapping_add(e0);
        }
        // SAFETY: h has room for 4 words at its start.
        unsafe { vst1q_u32(h.as_mut_ptr(), abcd) };
        h[4] = e;
    }
}

/// BLAKE2b with AVX2: the 4x4 state as four rows of 64-bit lanes, the
/// diagonal step by lane rotations.
#[cfg(target_arch = "x86_64")]
mod b2avx {
    use core::arch::x86_64::*;
    use logic::digest::blake2b::{IV, SIGMA};

    pub fn compress(h: &mut [u64; 8], blocks: &[u8], t: u128, last: bool) {
        // SAFETY: only installed after has_avx2() said yes.
        unsafe { compress_avx2(h, blocks, t, last) }
    }

    /// AVX2 rotations: shuffles for whole bytes, shifts for 63.
    macro_rules! rot2 {
        ($x:expr, 32) => {
            _mm256_shuffle_epi32::<0b10_11_00_01>($x)
        };
        ($x:expr, 24) => {
            _mm256_shuffle_epi8(
                $x,
                _mm256_setr_epi8(
                    3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10, 3, 4, 5, 6, 7, 0, 1, 2,
                    11, 12, 13, 14, 15, 8, 9, 10,
                ),
            )
        };
        ($x:expr, 16) => {
            _mm256_shuffle_epi8(
                $x,
                _mm256_setr_epi8(
                    2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9, 2, 3, 4, 5, 6, 7, 0, 1,
                    10, 11, 12, 13, 14, 15, 8, 9,
                ),
            )
        };
        ($x:expr, 63) => {{
            let x = $x;
            _mm256_or_si256(_mm256_srli_epi64::<63>(x), _mm256_add_epi64(x, x))
        }};
    }

    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    #[cfg_attr(corebox_opt, optimize(speed))]
    unsafe fn compress_avx2(h: &mut [u64; 8], blocks: &[u8], t: u128, last: bool) {
        let n = blocks.len() / 128;
        // SAFETY: h and IV hold 8 words each.
        let (mut hl, mut hh, il, ih) = unsafe {
            (
                _mm256_loadu_si256(h.as_ptr() as *const __m256i),
                _mm256_loadu_si256(h.as_ptr().add(4) as *const __m256i),
                _mm256_loadu_si256(IV.as_ptr() as *const __m256i),
                _mm256_loadu_si256(IV.as_ptr().add(4) as *const __m256i),
            )
        };
        // The chaining value stays in registers from block to block.
        for k in 0..n {
            // The block's words are read straight (x86 is little-endian).
            let m = blocks[128 * k..].as_ptr() as *const i64;
            let tk = t.wrapping_add(128 * k as u128);
            let f = if last && k + 1 == n { -1i64 } else { 0 };
            let (mut a, mut b, mut c) = (hl, hh, il);
            let mut d = _mm256_xor_si256(ih, _mm256_set_epi64x(0, f, (tk >> 64) as i64, tk as i64));
            macro_rules! g {
                ($x:expr, $y:expr) => {
                    // a + m first, so only the last add waits for b (LLVM
                    // would reassociate to (a + b) + m: the asm hides the sum).
                    let mut am = _mm256_add_epi64(a, $x);
                    // SAFETY: an empty asm; the value passes through unchanged.
                    unsafe { core::arch::asm!("/* {0} */", inout(ymm_reg) am, options(pure, nomem, nostack)) };
                    a = _mm256_add_epi64(am, b);
                    d = rot2!(_mm256_xor_si256(d, a), 32);
                    c = _mm256_add_epi64(c, d);
                    b = rot2!(_mm256_xor_si256(b, c), 24);
                    let mut am = _mm256_add_epi64(a, $y);
                    // SAFETY: as above.
                    unsafe { core::arch::asm!("/* {0} */", inout(ymm_reg) am, options(pure, nomem, nostack)) };
                    a = _mm256_add_epi64(am, b);
                    d = rot2!(_mm256_xor_si256(d, a), 16);
                    c = _mm256_add_epi64(c, d);
                    b = rot2!(_mm256_xor_si256(b, c), 63);
                };
            }
            for r in 0..12 {
                let s = &SIGMA[r % 10];
                // SAFETY: SIGMA's entries are below 16 and block k has 16
                // words; read_unaligned has no alignment need.
                let w = |i: usize| unsafe { m.add(*s.get_unchecked(i) as usize).read_unaligned() };
                g!(
                    _mm256_set_epi64x(w(6), w(4), w(2), w(0)),
                    _mm256_set_epi64x(w(7), w(5), w(3), w(1))
                );
                // Onto the diagonals by moving a, c and d rather than
                // b: b is the one needed right away. Lane j then holds
                // the diagonal step's G number j - 1.
                a = _mm256_permute4x64_epi64::<0b10_01_00_11>(a);
                c = _mm256_permute4x64_epi64::<0b00_11_10_01>(c);
                d = _mm256_permute4x64_epi64::<0b01_00_11_10>(d);
                g!(
                    _mm256_set_epi64x(w(12), w(10), w(8), w(14)),
                    _mm256_set_epi64x(w(13), w(11), w(9), w(15))
                );
                a = _mm256_permute4x64_epi64::<0b00_11_10_01>(a);
                c = _mm256_permute4x64_epi64::<0b10_01_00_11>(c);
                d = _mm256_permute4x64_epi64::<0b01_00_11_10>(d);
            }
            hl = _mm256_xor_si256(hl, _mm256_xor_si256(a, c));
            hh = _mm256_xor_si256(hh, _mm256_xor_si256(b, d));
        }
        // SAFETY: h has room for 8 words.
        unsafe {
            _mm256_storeu_si256(h.as_mut_ptr() as *mut __m256i, hl);
            _mm256_storeu_si256(h.as_mut_ptr().add(4) as *mut __m256i, hh);
        }
    }
}

/// SHA-512 with the message schedule in SSE registers (two words a
/// vector, AVX encodings) and the rounds compiled for BMI2 (`rorx`
/// rotates without destroying its source).
#[cfg(target_arch = "x86_64")]
mod sha512x {
    use core::arch::x86_64::*;
    use logic::digest::sha512::{rounds16, K};

    pub fn has_bmi2() -> bool {
        // cpuid is always available on x86_64: BMI2 is leaf 7 ebx bit 8.
        __cpuid_count(7, 0).ebx & (1 << 8) != 0
    }

    pub fn compress(h: &mut [u64; 8], blocks: &[u8]) {
        // SAFETY: only installed after has_avx2() and has_bmi2() said yes.
        unsafe { compress_avx2(h, blocks) }
    }

    /// # Safety
    /// The CPU must have AVX2 and BMI2.
    #[target_feature(enable = "avx2,bmi2")]
    #[cfg_attr(corebox_opt, optimize(speed))]
    unsafe fn compress_avx2(h: &mut [u64; 8], blocks: &[u8]) {
        let swap = _mm_set_epi64x(0x08090a0b0c0d0e0f, 0x0001020304050607);
        for block in blocks.chunks_exact(128) {
            let p = block.as_ptr() as *const __m128i;
            // SAFETY: the block has 128 readable bytes; loadu has no
            // alignment need.
            let ld = |i: usize| _mm_shuffle_epi8(unsafe { _mm_loadu_si128(p.add(i & 7)) }, swap);
            // Everything spelled out with literal indices: opt-level "s"
            // does not unroll loops, and this keeps x in registers.
            let mut x = [ld(0), ld(1), ld(2), ld(3), ld(4), ld(5), ld(6), ld(7)];
            let mut s = *h;
            let mut wk = [0u64; 16];
            for (n, k) in K.chunks_exact(16).enumerate() {
                let k: &[u64; 16] = k.try_into().unwrap_or(&[0; 16]);
                macro_rules! sched {
                    ($($j:literal)*) => {$(
                        // w[t-15..t-13], w[t-7..t-5], w[t-2..t] for the
                        // pair w[t], w[t + 1] in x[j].
                        let w15 = _mm_alignr_epi8::<8>(x[($j + 1) & 7], x[$j]);
                        let w7 = _mm_alignr_epi8::<8>(x[($j + 5) & 7], x[($j + 4) & 7]);
                        let w2 = x[($j + 7) & 7];
                        let s0 = _mm_xor_si128(
                            _mm_xor_si128(_mm_srli_epi64::<1>(w15), _mm_slli_epi64::<63>(w15)),
                            _mm_xor_si128(
                                _mm_xor_si128(_mm_srli_epi64::<8>(w15), _mm_slli_epi64::<56>(w15)),
                                _mm_srli_epi64::<7>(w15),
                            ),
                        );
                        let s1 = _mm_xor_si128(
                            _mm_xor_si128(_mm_srli_epi64::<19>(w2), _mm_slli_epi64::<45>(w2)),
                            _mm_xor_si128(
                                _mm_xor_si128(_mm_srli_epi64::<61>(w2), _mm_slli_epi64::<3>(w2)),
                                _mm_srli_epi64::<6>(w2),
                            ),
                        );
                        x[$j] = _mm_add_epi64(_mm_add_epi64(x[$j], s0), _mm_add_epi64(w7, s1));
                    )*};
                }
                if n > 0 {
                    sched!(0 1 2 3 4 5 6 7);
                }
                macro_rules! store {
                    ($($j:literal)*) => {$(
                        // SAFETY: wk and k have two words at 2 * j (j < 8).
                        unsafe {
                            let kv = _mm_loadu_si128(k.as_ptr().add(2 * $j) as *const __m128i);
                            _mm_storeu_si128(
                                wk.as_mut_ptr().add(2 * $j) as *mut __m128i,
                                _mm_add_epi64(x[$j], kv),
                            )
                        };
                    )*};
                }
                store!(0 1 2 3 4 5 6 7);
                rounds16(&mut s, &wk);
            }
            for (v, t) in h.iter_mut().zip(s) {
                *v = v.wrapping_add(t);
            }
        }
    }
}

/// The fastest block functions this CPU runs.
pub fn kernels() -> Kernels {
    #[cfg(target_arch = "x86_64")]
    {
        let mut k = Kernels::PORTABLE;
        if x86::has_sha_ni() {
            k.sha1 = x86::sha1;
            k.sha256 = x86::sha256;
        }
        if crate::simd::has_avx2() {
            k.blake2b = b2avx::compress;
        }
        if crate::simd::has_avx2() && sha512x::has_bmi2() {
            k.sha512 = sha512x::compress;
        }
        k
    }
    #[cfg(target_arch = "aarch64")]
    {
        let mut k = Kernels::PORTABLE;
        if arm::has_sha1() {
            k.sha1 = arm::sha1;
        }
        if arm::has_sha2() {
            k.sha256 = arm::sha256;
        }
        k
    }
    #[cfg(not(any(target_arch = "aarch64", target_arch = "x86_64")))]
    Kernels::PORTABLE
}

/// Feeds the POSIX cksum CRC.
pub fn crc_update(t: &crc::Crc, c: u32, data: &[u8]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if data.len() >= 256 && crc_accelerated() {
        if data.len() >= 512 && crate::simd::has_avx512bw() && clmul::has_vpclmul() {
            let n = data.len() / 256 * 256;
            // SAFETY: AVX-512F/BW and VPCLMULQDQ support were just checked.
            let c = unsafe { clmul::crc_fold512(t, c, &data[..n]) };
            return t.update(c, &data[n..]);
        }
        if data.len() >= 512 && crate::simd::has_avx2() && clmul::has_vpclmul() {
            let n = data.len() / 128 * 128;
            // SAFETY: AVX2 and VPCLMULQDQ support were just checked.
            let c = unsafe { clmul::crc_fold256(t, c, &data[..n]) };
            return t.update(c, &data[n..]);
        }
        let n = data.len() / 64 * 64;
        // SAFETY: PCLMULQDQ and SSSE3 support were just checked.
        let c = unsafe { clmul::crc_fold(t, c, &data[..n]) };
        return t.update(c, &data[n..]);
    }
    #[cfg(target_arch = "aarch64")]
    if data.len() >= 256 && arm::has_pmull() {
        let n = data.len() / 64 * 64;
        // SAFETY: PMULL support was just checked.
        let c = unsafe { arm::crc_fold(t, c, &data[..n]) };
        return t.update(c, &data[n..]);
    }
    t.update(c, data)
}

/// What `cksum --debug` says of the CRC code used, in GNU's words.
pub fn crc_debug_message() -> &'static [u8] {
    #[cfg(target_arch = "aarch64")]
    if arm::has_pmull() {
        return b"using vmull hardware support";
    }
    if crc_accelerated() {
        b"using pclmul hardware support"
    } else {
        b"using generic hardware support"
    }
}

/// Whether `crc_update` uses carry-less multiplication (PCLMULQDQ and
/// SSSE3; asked once: cpuid traps into the hypervisor in a VM).
pub fn crc_accelerated() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        crate::simd::cpu_has(
            || {
                let l1 = core::arch::x86_64::__cpuid(1).ecx;
                l1 & (1 << 1) != 0 && l1 & (1 << 9) != 0
            },
            &PCLMUL,
        )
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

#[cfg(target_arch = "x86_64")]
static PCLMUL: core::sync::atomic::AtomicU8 = core::sync::atomic::AtomicU8::new(0);

/// x^n mod P (P = x^32 + 0x04C11DB7), bit i the coefficient of x^i: the
/// folding constants of the carry-less CRC kernels.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
const fn xpow(n: u32) -> u64 {
    let mut r: u64 = 1;
    let mut i = 0;
    while i < n {
        r <<= 1;
        if r & (1 << 32) != 0 {
            r ^= 0x1_04c1_1db7;
        }
        i += 1;
    }
    r
}

/// The POSIX CRC by folding with carry-less multiplication: the message
/// is a polynomial over GF(2); 128-bit accumulators are kept congruent to
/// it modulo P by multiplying their halves with x^k mod P, and the last
/// 128 bits go through the table code, which computes M * x^32 mod P.
#[cfg(target_arch = "x86_64")]
mod clmul {
    use core::arch::x86_64::*;
    use logic::digest::crc;

    use super::xpow;

    /// The 128-bit accumulators of a kernel, in message order, folded into
    /// one; its last 128 bits go through the table code.
    ///
    /// # Safety
    /// The CPU must have PCLMULQDQ and SSSE3.
    #[target_feature(enable = "pclmulqdq,sse2,ssse3")]
    unsafe fn finish(t: &crc::Crc, acc: &[__m128i]) -> u32 {
        let k128 = _mm_set_epi64x(xpow(128 + 64) as i64, xpow(128) as i64);
        let mut x = _mm_setzero_si128();
        for (i, &y) in acc.iter().enumerate() {
            x = if i == 0 {
                y
            } else {
                _mm_xor_si128(
                    _mm_xor_si128(
                        _mm_clmulepi64_si128(x, k128, 0x11),
                        _mm_clmulepi64_si128(x, k128, 0x00),
                    ),
                    y,
                )
            };
        }
        let rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        let mut out = [0u8; 16];
        // SAFETY: out has room for one 16-byte store.
        unsafe { _mm_storeu_si128(out.as_mut_ptr() as *mut __m128i, _mm_shuffle_epi8(x, rev)) };
        t.update(0, &out)
    }

    /// # Safety
    /// The CPU must have PCLMULQDQ and SSSE3; `data.len()` is a multiple of
    /// 64 and at least 128.
    #[target_feature(enable = "pclmulqdq,sse2,ssse3")]
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub unsafe fn crc_fold(t: &crc::Crc, c: u32, data: &[u8]) -> u32 {
        // Byte 0 of a block is its most significant: reverse to make the
        // register's bit i the coefficient of x^i.
        let rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        // Macros rather than closures: the intrinsics must inline into this
        // function, whose target features they need.
        macro_rules! load {
            ($i:expr) => {{
                let i: usize = $i;
                assert!(i + 16 <= data.len());
                // SAFETY: the 16 bytes at i are inside data (asserted).
                _mm_shuffle_epi8(
                    unsafe { _mm_loadu_si128(data.as_ptr().add(i) as *const __m128i) },
                    rev,
                )
            }};
        }
        macro_rules! fold {
            ($a:expr, $k:expr) => {
                _mm_xor_si128(
                    _mm_clmulepi64_si128($a, $k, 0x11),
                    _mm_clmulepi64_si128($a, $k, 0x00),
                )
            };
        }
        const K: [u64; 2] = [xpow(512 + 64), xpow(512)];
        let k512 = _mm_set_epi64x(K[0] as i64, K[1] as i64);
        // The running CRC enters as the top 32 coefficients of the message.
        let mut a0 = _mm_xor_si128(load!(0), _mm_set_epi32(c as i32, 0, 0, 0));
        let mut a1 = load!(16);
        let mut a2 = load!(32);
        let mut a3 = load!(48);
        for chunk in data[64..].chunks_exact(64) {
            let p = chunk.as_ptr();
            // SAFETY: chunk is 64 readable bytes.
            let (b0, b1, b2, b3) = unsafe {
                (
                    _mm_loadu_si128(p as *const __m128i),
                    _mm_loadu_si128(p.add(16) as *const __m128i),
                    _mm_loadu_si128(p.add(32) as *const __m128i),
                    _mm_loadu_si128(p.add(48) as *const __m128i),
                )
            };
            a0 = _mm_xor_si128(fold!(a0, k512), _mm_shuffle_epi8(b0, rev));
            a1 = _mm_xor_si128(fold!(a1, k512), _mm_shuffle_epi8(b1, rev));
            a2 = _mm_xor_si128(fold!(a2, k512), _mm_shuffle_epi8(b2, rev));
            a3 = _mm_xor_si128(fold!(a3, k512), _mm_shuffle_epi8(b3, rev));
        }
        // SAFETY: this function's features include finish's.
        unsafe { finish(t, &[a0, a1, a2, a3]) }
    }

    /// VPCLMULQDQ: leaf 7 ecx bit 10 (asked once).
    pub fn has_vpclmul() -> bool {
        crate::simd::cpu_has(|| __cpuid_count(7, 0).ecx & (1 << 10) != 0, &VPCLMUL)
    }

    static VPCLMUL: core::sync::atomic::AtomicU8 = core::sync::atomic::AtomicU8::new(0);

    /// `crc_fold256` with four 128-bit accumulators in each of four
    /// 512-bit registers: 256 bytes a step.
    ///
    /// # Safety
    /// The CPU must have AVX-512F/BW, PCLMULQDQ and VPCLMULQDQ;
    /// `data.len()` is a multiple of 256 and at least 512.
    #[target_feature(enable = "avx2,avx512f,avx512bw,pclmulqdq,vpclmulqdq")]
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub unsafe fn crc_fold512(t: &crc::Crc, c: u32, data: &[u8]) -> u32 {
        let rev = _mm512_broadcast_i32x4(_mm_set_epi8(
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        ));
        if data.len() < 512 {
            return c;
        }
        let p = data.as_ptr() as *const __m512i;
        // SAFETY: i < 4 for the first 256 bytes, checked above.
        let ld =
            |p: *const __m512i, i: usize| unsafe { _mm512_loadu_si512(p.add(i & 3) as *const _) };
        const K: [u64; 2] = [xpow(2048 + 64), xpow(2048)];
        let k = _mm512_set_epi64(
            K[0] as i64,
            K[1] as i64,
            K[0] as i64,
            K[1] as i64,
            K[0] as i64,
            K[1] as i64,
            K[0] as i64,
            K[1] as i64,
        );
        let mut a = [
            _mm512_xor_si512(
                _mm512_shuffle_epi8(ld(p, 0), rev),
                _mm512_set_epi32(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, c as i32, 0, 0, 0),
            ),
            _mm512_shuffle_epi8(ld(p, 1), rev),
            _mm512_shuffle_epi8(ld(p, 2), rev),
            _mm512_shuffle_epi8(ld(p, 3), rev),
        ];
        for chunk in data[256..].chunks_exact(256) {
            let q = chunk.as_ptr() as *const __m512i;
            macro_rules! step {
                ($($i:literal)*) => {$(
                    a[$i] = _mm512_ternarylogic_epi64::<0x96>(
                        _mm512_clmulepi64_epi128(a[$i], k, 0x11),
                        _mm512_clmulepi64_epi128(a[$i], k, 0x00),
                        _mm512_shuffle_epi8(ld(q, $i), rev),
                    );
                )*};
            }
            step!(0 1 2 3);
        }
        let mut acc = [_mm_setzero_si128(); 16];
        for (j, v) in a.iter().enumerate() {
            acc[4 * j] = _mm512_extracti32x4_epi32::<0>(*v);
            acc[4 * j + 1] = _mm512_extracti32x4_epi32::<1>(*v);
            acc[4 * j + 2] = _mm512_extracti32x4_epi32::<2>(*v);
            acc[4 * j + 3] = _mm512_extracti32x4_epi32::<3>(*v);
        }
        // SAFETY: this function's features include finish's.
        unsafe { finish(t, &acc) }
    }

    /// `crc_fold` with two 128-bit accumulators in each of four 256-bit
    /// registers: 128 bytes a step.
    ///
    /// # Safety
    /// The CPU must have AVX2, PCLMULQDQ and VPCLMULQDQ; `data.len()` is a
    /// multiple of 128 and at least 256.
    #[target_feature(enable = "avx2,pclmulqdq,vpclmulqdq")]
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub unsafe fn crc_fold256(t: &crc::Crc, c: u32, data: &[u8]) -> u32 {
        let rev = _mm256_set_epi8(
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
            11, 12, 13, 14, 15,
        );
        if data.len() < 256 {
            return c;
        }
        let p = data.as_ptr() as *const __m256i;
        // SAFETY: i < 4 for the first 128 bytes, checked above.
        let ld = |p: *const __m256i, i: usize| unsafe { _mm256_loadu_si256(p.add(i & 3)) };
        const K: [u64; 2] = [xpow(1024 + 64), xpow(1024)];
        let k = _mm256_set_epi64x(K[0] as i64, K[1] as i64, K[0] as i64, K[1] as i64);
        // The running CRC enters as the top 32 coefficients of the message
        // (the low lane holds the first 16 bytes).
        let mut a = [
            _mm256_xor_si256(
                _mm256_shuffle_epi8(ld(p, 0), rev),
                _mm256_set_epi32(0, 0, 0, 0, c as i32, 0, 0, 0),
            ),
            _mm256_shuffle_epi8(ld(p, 1), rev),
            _mm256_shuffle_epi8(ld(p, 2), rev),
            _mm256_shuffle_epi8(ld(p, 3), rev),
        ];
        for chunk in data[128..].chunks_exact(128) {
            let q = chunk.as_ptr() as *const __m256i;
            macro_rules! step {
                ($($i:literal)*) => {$(
                    a[$i] = _mm256_xor_si256(
                        _mm256_xor_si256(
                            _mm256_clmulepi64_epi128(a[$i], k, 0x11),
                            _mm256_clmulepi64_epi128(a[$i], k, 0x00),
                        ),
                        _mm256_shuffle_epi8(ld(q, $i), rev),
                    );
                )*};
            }
            step!(0 1 2 3);
        }
        // The eight 128-bit accumulators in message order.
        let mut acc = [_mm_setzero_si128(); 8];
        for (j, v) in a.iter().enumerate() {
            acc[2 * j] = _mm256_castsi256_si128(*v);
            acc[2 * j + 1] = _mm256_extracti128_si256::<1>(*v);
        }
        // SAFETY: this function's features include finish's.
        unsafe { finish(t, &acc) }
    }
}

#[cfg(test)]
mod tests {
    use logic::digest::{sha1, sha256, sha512};

    #[test]
    fn accelerated_equals_portable() {
        let k = super::kernels();
        let data: alloc::vec::Vec<u8> = (0..64 * 40u32).map(|i| (i * 31 + 7) as u8).collect();
        for n in [1usize, 2, 3, 40] {
            let (mut a, mut b) = (sha256::INIT256, sha256::INIT256);
            (k.sha256)(&mut a, &data[..64 * n]);
            sha256::compress(&mut b, &data[..64 * n]);
            assert_eq!(a, b);
            let (mut a, mut b) = (sha1::INIT, sha1::INIT);
            (k.sha1)(&mut a, &data[..64 * n]);
            sha1::compress(&mut b, &data[..64 * n]);
            assert_eq!(a, b);
            let (mut a, mut b) = (sha512::INIT512, sha512::INIT384);
            (k.sha512)(&mut a, &data[..64 * n]);
            (k.sha512)(&mut b, &data[..64 * n]);
            let (mut c, mut d) = (sha512::INIT512, sha512::INIT384);
            sha512::compress(&mut c, &data[..64 * n]);
            sha512::compress(&mut d, &data[..64 * n]);
            assert_eq!((a, b), (c, d));
        }
        // Runs of 1 to 5 blocks (the chaining value kept in registers
        // across them), the last flag on the final one.
        for n in [1usize, 2, 5] {
            for last in [false, true] {
                let iv = logic::digest::blake2b::IV;
                let (mut a, mut b) = (iv, iv);
                let t = n as u128 * 1000 + 7 + (u64::MAX as u128 - 300);
                let blocks = &data[128..128 + 128 * n];
                (k.blake2b)(&mut a, blocks, t, last);
                #[cfg(target_arch = "x86_64")]
                if crate::simd::has_avx2() {
                    let mut c = iv;
                    super::b2avx::compress(&mut c, blocks, t, last);
                    assert_eq!(a, c);
                }
                logic::digest::blake2b::compress(&mut b, blocks, t, last);
                assert_eq!(a, b);
                // The same, a block at a time.
                let mut c = iv;
                for (j, blk) in blocks.chunks(128).enumerate() {
                    (k.blake2b)(&mut c, blk, t + 128 * j as u128, last && j + 1 == n);
                }
                assert_eq!(a, c);
            }
        }
        let t = logic::digest::crc::Crc::new();
        for n in [0usize, 1, 255, 256, 257, 320, 1000, 2559] {
            for c in [0u32, 1, 0xdeadbeef] {
                assert_eq!(
                    super::crc_update(&t, c, &data[..n]),
                    t.update(c, &data[..n]),
                    "{n}"
                );
            }
        }
        // Each x86 kernel on its own, as far as this CPU has them (the
        // dispatch above takes the widest).
        #[cfg(target_arch = "x86_64")]
        for n in [512usize, 768, 1024, 2560] {
            for c in [0u32, 0xdeadbeef] {
                let want = t.update(c, &data[..n]);
                if super::crc_accelerated() {
                    // SAFETY: PCLMULQDQ and SSSE3 were checked.
                    assert_eq!(unsafe { super::clmul::crc_fold(&t, c, &data[..n]) }, want);
                }
                if crate::simd::has_avx2() && super::clmul::has_vpclmul() {
                    // SAFETY: AVX2 and VPCLMULQDQ were checked.
                    assert_eq!(
                        unsafe { super::clmul::crc_fold256(&t, c, &data[..n]) },
                        want
                    );
                }
                if crate::simd::has_avx512bw() && super::clmul::has_vpclmul() {
                    // SAFETY: AVX-512F/BW and VPCLMULQDQ were checked.
                    assert_eq!(
                        unsafe { super::clmul::crc_fold512(&t, c, &data[..n]) },
                        want
                    );
                }
            }
        }
    }
}
