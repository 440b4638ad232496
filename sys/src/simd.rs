//! Byte counting with the widest vectors the CPU has, picked at run time
//! (cpuid; there is no std to ask): AVX2 on x86_64 where present, else
//! memchr's portable SSE2/word-at-a-time code.

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::*;
    use core::sync::atomic::{AtomicU8, Ordering};

    static AVX2: AtomicU8 = AtomicU8::new(0); // 0 unknown, 1 no, 2 yes

    pub fn has_avx2() -> bool {
        match AVX2.load(Ordering::Relaxed) {
            1 => return false,
            2 => return true,
            _ => {}
        }
        let yes = {
            // cpuid is always available on x86_64.
            let leaf1 = __cpuid(1);
            let osxsave_avx = leaf1.ecx & (1 << 27) != 0 && leaf1.ecx & (1 << 28) != 0;
            let avx2 = __cpuid_count(7, 0).ebx & (1 << 5) != 0;
            // SAFETY: xgetbv is available when OSXSAVE is set (checked first).
            let xmm_ymm_saved = osxsave_avx && unsafe { _xgetbv(0) } & 6 == 6;
            leaf1.ecx & (1 << 23) != 0 && avx2 && xmm_ymm_saved
        };
        AVX2.store(if yes { 2 } else { 1 }, Ordering::Relaxed);
        yes
    }

    /// # Safety
    /// The CPU must support AVX2 and POPCNT (see `has_avx2`).
    #[target_feature(enable = "avx2,popcnt,xsave")]
    pub unsafe fn count_avx2(needle: u8, hay: &[u8]) -> usize {
        let v = _mm256_set1_epi8(needle as i8);
        let mut n = 0usize;
        let mut chunks = hay.chunks_exact(32);
        for c in chunks.by_ref() {
            // SAFETY: c is 32 readable bytes; loadu has no alignment need.
            let x = unsafe { _mm256_loadu_si256(c.as_ptr() as *const __m256i) };
            n += (_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, v)) as u32).count_ones() as usize;
        }
        n + chunks.remainder().iter().filter(|&&b| b == needle).count()
    }
}

/// The answer of `probe`, computed once and kept in `cache` (0 unknown,
/// 1 no, 2 yes): cpuid is slow under a hypervisor, which traps it.
pub fn cpu_has(probe: impl FnOnce() -> bool, cache: &core::sync::atomic::AtomicU8) -> bool {
    use core::sync::atomic::Ordering;
    match cache.load(Ordering::Relaxed) {
        1 => false,
        2 => true,
        _ => {
            let yes = probe();
            cache.store(if yes { 2 } else { 1 }, Ordering::Relaxed);
            yes
        }
    }
}

#[cfg(target_arch = "x86_64")]
static SSSE3: core::sync::atomic::AtomicU8 = core::sync::atomic::AtomicU8::new(0);

/// Whether the CPU has AVX2 (and the OS saves its registers).
pub fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    return x86::has_avx2();
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// How many times `needle` occurs in `hay`.
pub fn count_byte(needle: u8, hay: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if x86::has_avx2() {
        // SAFETY: AVX2 and POPCNT support were just checked.
        return unsafe { x86::count_avx2(needle, hay) };
    }
    corebox_core::memchr::memchr_iter(needle, hay).count()
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_like_iteration() {
        let data: alloc::vec::Vec<u8> = (0..10_000u32).map(|i| (i * 7 % 13) as u8).collect();
        for n in [0u8, 5, 12, 13] {
            for end in [0, 1, 31, 32, 33, 1000, 10_000] {
                assert_eq!(
                    super::count_byte(n, &data[..end]),
                    data[..end].iter().filter(|&&b| b == n).count()
                );
            }
        }
    }
}

/// Encodes a prefix of `input` as base64 (`url`: the base64url alphabet)
/// onto `out` with SSSE3 where the CPU has it (12 bytes to 16 characters
/// per step, Muła's multiply-shift method); returns how many input bytes
/// it took (a multiple of 3; 0 without SSSE3). The caller encodes the rest.
pub fn base64_encode_prefix(input: &[u8], url: bool, out: &mut alloc::vec::Vec<u8>) -> usize {
    #[cfg(target_arch = "x86_64")]
    if input.len() >= 16
        && cpu_has(
            || core::arch::x86_64::__cpuid(1).ecx & (1 << 9) != 0,
            &SSSE3,
        )
    {
        let steps = (input.len() - 4) / 12;
        let start = out.len();
        out.resize(start + steps * 16, 0);
        // SAFETY: SSSE3 was just checked; out has room for steps * 16 bytes
        // and input holds steps * 12 + 4 bytes.
        unsafe { b64_ssse3(&input[..steps * 12 + 4], url, &mut out[start..]) };
        return steps * 12;
    }
    let _ = (input, url, out);
    0
}

/// # Safety
/// The CPU must have SSSE3; `out.len() / 16` steps are done, each reading
/// 16 bytes of `input` at 12 * step (so input.len() >= out.len() / 16 * 12 + 4).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn b64_ssse3(input: &[u8], url: bool, out: &mut [u8]) {
    use core::arch::x86_64::*;
    let shuf = _mm_setr_epi8(1, 0, 2, 1, 4, 3, 5, 4, 7, 6, 8, 7, 10, 9, 11, 10);
    // Offsets from a sextet to its character, by class (see below).
    let (c62, c63) = if url { (b'-', b'_') } else { (b'+', b'/') };
    let lut = _mm_setr_epi8(
        71,
        -4,
        -4,
        -4,
        -4,
        -4,
        -4,
        -4,
        -4,
        -4,
        -4,
        (c62 as i8).wrapping_sub(62),
        (c63 as i8).wrapping_sub(63),
        65,
        0,
        0,
    );
    let steps = out.len() / 16;
    for s in 0..steps {
        debug_assert!(s * 12 + 16 <= input.len());
        // SAFETY: the caller guarantees 16 readable bytes at s * 12.
        let v = unsafe { _mm_loadu_si128(input.as_ptr().add(s * 12) as *const __m128i) };
        let v = _mm_shuffle_epi8(v, shuf);
        let t0 = _mm_and_si128(v, _mm_set1_epi32(0x0fc0fc00));
        let t1 = _mm_mulhi_epu16(t0, _mm_set1_epi32(0x04000040));
        let t2 = _mm_and_si128(v, _mm_set1_epi32(0x003f03f0));
        let t3 = _mm_mullo_epi16(t2, _mm_set1_epi32(0x01000010));
        let idx = _mm_or_si128(t1, t3);
        // Classes: 0-25 -> 13, 26-51 -> 0, 52-61 -> 1..10, 62 -> 11, 63 -> 12.
        let class = _mm_subs_epu8(idx, _mm_set1_epi8(51));
        let upper = _mm_cmpgt_epi8(_mm_set1_epi8(26), idx);
        let class = _mm_or_si128(class, _mm_and_si128(upper, _mm_set1_epi8(13)));
        let chars = _mm_add_epi8(idx, _mm_shuffle_epi8(lut, class));
        // SAFETY: s < steps = out.len() / 16.
        unsafe { _mm_storeu_si128(out.as_mut_ptr().add(s * 16) as *mut __m128i, chars) };
    }
}

/// The sum of all bytes of `data` (sum -s), 16 bytes per step with SSE2's
/// sum of absolute differences on x86_64.
pub fn byte_sum(data: &[u8]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe { byte_sum_sse2(data) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    data.iter().map(|&b| b as u64).sum()
}

/// # Safety
/// The CPU must have SSE2 (every x86_64 does).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
unsafe fn byte_sum_sse2(data: &[u8]) -> u64 {
    use core::arch::x86_64::*;
    let mut chunks = data.chunks_exact(16);
    let zero = _mm_setzero_si128();
    let mut acc = zero;
    for c in chunks.by_ref() {
        // SAFETY: c is 16 readable bytes; loadu has no alignment need.
        let v = unsafe { _mm_loadu_si128(c.as_ptr() as *const __m128i) };
        acc = _mm_add_epi64(acc, _mm_sad_epu8(v, zero));
    }
    let mut lanes = [0u64; 2];
    // SAFETY: lanes has room for one 16-byte store.
    unsafe { _mm_storeu_si128(lanes.as_mut_ptr() as *mut __m128i, acc) };
    lanes[0] + lanes[1] + chunks.remainder().iter().map(|&b| b as u64).sum::<u64>()
}
