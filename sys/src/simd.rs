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
