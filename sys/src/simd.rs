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

    /// # Safety
    /// The CPU must support SSE2 (every x86_64 does).
    #[target_feature(enable = "sse2")]
    pub unsafe fn squeeze_sse2(
        buf: &mut [u8],
        set: &[bool; 256],
        mut prev: u8,
    ) -> (usize, usize, u8) {
        let (mut n, mut i) = (0, 0);
        while i + 16 <= buf.len() {
            // SAFETY: i + 16 <= len: 16 readable bytes; no alignment needed.
            let v = unsafe { _mm_loadu_si128(buf.as_ptr().add(i) as *const __m128i) };
            let before = _mm_or_si128(_mm_slli_si128(v, 1), _mm_cvtsi32_si128(prev as i32));
            let mut same = _mm_movemask_epi8(_mm_cmpeq_epi8(v, before)) as u32;
            let mut x = [0u8; 16];
            // SAFETY: x is 16 writable bytes.
            unsafe { _mm_storeu_si128(x.as_mut_ptr() as *mut __m128i, v) };
            while same != 0 && !set[x[same.trailing_zeros() as usize] as usize] {
                same &= same - 1;
            }
            if same == 0 {
                // SAFETY: n <= i, so n + 16 <= len: 16 writable bytes (all
                // of them already read).
                unsafe { _mm_storeu_si128(buf.as_mut_ptr().add(n) as *mut __m128i, v) };
                n += 16;
                prev = x[15];
            } else {
                for c in x {
                    buf[n] = c;
                    n += !(c == prev && set[c as usize]) as usize;
                    prev = c;
                }
            }
            i += 16;
        }
        (n, i, prev)
    }

    /// # Safety
    /// The CPU must support SSE2 (every x86_64 does).
    #[target_feature(enable = "sse2")]
    pub unsafe fn shift_ranges_sse2(buf: &mut [u8], ranges: &[(u8, u8, u8)]) {
        let zero = _mm_setzero_si128();
        let mut r = [(zero, zero, zero); 8];
        for (v, &(first, len, shift)) in r.iter_mut().zip(ranges) {
            *v = (
                _mm_set1_epi8(first as i8),
                _mm_set1_epi8(len.wrapping_sub(1) as i8),
                _mm_set1_epi8(shift as i8),
            );
        }
        let r = &r[..ranges.len().min(8)];
        let mut chunks = buf.chunks_exact_mut(16);
        for c in chunks.by_ref() {
            let p = c.as_mut_ptr() as *mut __m128i;
            // SAFETY: c is 16 readable bytes; loadu needs no alignment.
            let v = unsafe { _mm_loadu_si128(p) };
            let mut o = v;
            for &(first, last, shift) in r {
                let t = _mm_sub_epi8(v, first);
                let inside = _mm_cmpeq_epi8(_mm_max_epu8(t, last), last);
                o = _mm_add_epi8(o, _mm_and_si128(inside, shift));
            }
            // SAFETY: c is 16 writable bytes; storeu needs no alignment.
            unsafe { _mm_storeu_si128(p, o) };
        }
        for b in chunks.into_remainder() {
            if let Some(&(_, _, shift)) = ranges.iter().find(|&&(f, l, _)| b.wrapping_sub(f) < l) {
                *b = b.wrapping_add(shift);
            }
        }
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

/// Copies the 32 bytes of `src` to `buf[at..at + 32]` with word moves:
/// for hot loops where a size-optimized build would call memcpy.
/// Panics if `buf` is too short (a bug in the caller).
#[inline(always)]
pub fn store32(buf: &mut [u8], at: usize, src: &[u8; 32]) {
    assert!(at <= buf.len() && buf.len() - at >= 32);
    let p = buf.as_mut_ptr();
    // SAFETY: at + 32 <= len was just checked; unaligned moves of plain
    // bytes.
    unsafe {
        let (s, d) = (src.as_ptr() as *const u64, p.add(at) as *mut u64);
        core::ptr::write_unaligned(d, core::ptr::read_unaligned(s));
        core::ptr::write_unaligned(d.add(1), core::ptr::read_unaligned(s.add(1)));
        core::ptr::write_unaligned(d.add(2), core::ptr::read_unaligned(s.add(2)));
        core::ptr::write_unaligned(d.add(3), core::ptr::read_unaligned(s.add(3)));
    }
}

/// The vector part of tr's squeeze: squeezes repeats of the bytes of
/// `set` in a prefix of `buf` in place, `prev` being the byte before it;
/// returns the bytes written, the bytes consumed and the last byte read
/// (all zero but `prev` where there is no vector code for this CPU).
pub fn squeeze_prefix(buf: &mut [u8], set: &[bool; 256], prev: u8) -> (usize, usize, u8) {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of every x86_64 CPU.
        unsafe { x86::squeeze_sse2(buf, set, prev) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (buf, set);
        (0, 0, prev)
    }
}

/// Adds `shift` to each byte in `first..first + length` for each of the
/// `ranges` (at most eight, not overlapping), 16 bytes per step; false (and
/// nothing done) where there is no vector code for this CPU.
pub fn shift_ranges(buf: &mut [u8], ranges: &[(u8, u8, u8)]) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of every x86_64 CPU.
        unsafe { x86::shift_ranges_sse2(buf, ranges) };
        true
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (buf, ranges);
        false
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn shifts_ranges() {
        let mut b: alloc::vec::Vec<u8> = (0..=255u8)
            .chain(b"Hello, World!".iter().copied())
            .collect();
        let ranges = [(b'a', 26, 256u16.wrapping_sub(32) as u8), (250, 6, 1)];
        if super::shift_ranges(&mut b, &ranges) {
            for (i, &c) in b[..256].iter().enumerate() {
                let i = i as u8;
                let want = if i.is_ascii_lowercase() {
                    i - 32
                } else if i >= 250 {
                    i.wrapping_add(1)
                } else {
                    i
                };
                assert_eq!(c, want);
            }
            assert_eq!(&b[256..], b"HELLO, WORLD!");
        }
    }

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
