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

/// Bit `i` set where `block[i] == a` and where `block[i] == b`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn masks64(block: &[u8; 64], a: u8, b: u8) -> (u64, u64) {
    use core::arch::x86_64::*;
    let (mut ma, mut mb) = (0u64, 0u64);
    // SAFETY: SSE2 is part of the x86_64 baseline; each load reads 16 of
    // the 64 bytes of `block` (loadu has no alignment need).
    unsafe {
        let (va, vb) = (_mm_set1_epi8(a as i8), _mm_set1_epi8(b as i8));
        for i in 0..4 {
            let x = _mm_loadu_si128(block.as_ptr().add(16 * i) as *const __m128i);
            ma |= (_mm_movemask_epi8(_mm_cmpeq_epi8(x, va)) as u32 as u64) << (16 * i);
            mb |= (_mm_movemask_epi8(_mm_cmpeq_epi8(x, vb)) as u32 as u64) << (16 * i);
        }
    }
    (ma, mb)
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn masks64(block: &[u8; 64], a: u8, b: u8) -> (u64, u64) {
    masks64_words(block, a, b)
}

/// The same, a word at a time: the exact zero-byte test (no false
/// positives), its high bits gathered into one byte by a multiplication.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn masks64_words(block: &[u8; 64], a: u8, b: u8) -> (u64, u64) {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    fn zeros(x: u64) -> u64 {
        let hi = !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7);
        (hi >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
    }
    let (ra, rb) = (u64::from_ne_bytes([a; 8]), u64::from_ne_bytes([b; 8]));
    let (mut ma, mut mb) = (0u64, 0u64);
    for (i, w) in block.chunks_exact(8).enumerate() {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        let x = u64::from_le_bytes(word);
        ma |= zeros(x ^ ra) << (8 * i);
        mb |= zeros(x ^ rb) << (8 * i);
    }
    (ma, mb)
}

/// Finds two bytes in a haystack 64 at a time, keeping the bit masks of
/// the current block between calls: for scanners that stop at every
/// delimiter (cut's fields), where a call to memchr per short field
/// costs more than the search itself.
pub struct Scan2<'h> {
    hay: &'h [u8],
    a: u8,
    b: u8,
    /// The offset of the block the masks describe (usize::MAX: none).
    base: usize,
    ma: u64,
    mb: u64,
}

impl<'h> Scan2<'h> {
    pub fn new(hay: &'h [u8], a: u8, b: u8) -> Self {
        Scan2 {
            hay,
            a,
            b,
            base: usize::MAX,
            ma: 0,
            mb: 0,
        }
    }

    fn load(&mut self, base: usize) {
        let rest = &self.hay[base..];
        let full = rest.get(..64).and_then(|b| <&[u8; 64]>::try_from(b).ok());
        let (ma, mb) = match full {
            Some(block) => masks64(block, self.a, self.b),
            None => {
                let mut b = [0u8; 64];
                b[..rest.len()].copy_from_slice(rest);
                let valid = (1u64 << rest.len()) - 1;
                let (ma, mb) = masks64(&b, self.a, self.b);
                (ma & valid, mb & valid)
            }
        };
        (self.base, self.ma, self.mb) = (base, ma, mb);
    }

    #[inline(always)]
    fn find(&mut self, mut from: usize, either: bool) -> Option<usize> {
        while from < self.hay.len() {
            let base = from & !63;
            if base != self.base {
                self.load(base);
            }
            let m = if either { self.ma | self.mb } else { self.mb } >> (from - base);
            if m != 0 {
                return Some(from + m.trailing_zeros() as usize);
            }
            from = base + 64;
        }
        None
    }

    /// The first offset at or after `from` holding `a` or `b`.
    #[inline(always)]
    pub fn either(&mut self, from: usize) -> Option<usize> {
        self.find(from, true)
    }

    /// The first offset at or after `from` holding `b`.
    #[inline(always)]
    pub fn second(&mut self, from: usize) -> Option<usize> {
        self.find(from, false)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn word_masks_are_exact() {
        let mut block = [0u8; 64];
        for (i, b) in block.iter_mut().enumerate() {
            *b = (i * 37 % 256) as u8;
        }
        block[5] = 0x80;
        block[6] = 0x81;
        for (a, b) in [(0u8, 0x80u8), (37, 0xff), (0x81, 74)] {
            let want = |n: u8| {
                block
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| c == n)
                    .fold(0u64, |m, (i, _)| m | 1 << i)
            };
            assert_eq!(super::masks64_words(&block, a, b), (want(a), want(b)));
        }
    }

    #[test]
    fn scan2_finds_like_iteration() {
        let data: alloc::vec::Vec<u8> = (0..1000u32).map(|i| (i * 7 % 13) as u8).collect();
        for end in [0, 1, 63, 64, 65, 130, 1000] {
            let hay = &data[..end];
            for (a, b) in [(0u8, 5u8), (3, 3), (12, 0), (200, 201)] {
                let mut s = super::Scan2::new(hay, a, b);
                for from in (0..end + 2).step_by(3) {
                    let either = hay.iter().skip(from).position(|&c| c == a || c == b);
                    let second = hay.iter().skip(from).position(|&c| c == b);
                    assert_eq!(
                        s.either(from),
                        either.map(|i| i + from),
                        "{end} {a} {b} {from}"
                    );
                    assert_eq!(s.second(from), second.map(|i| i + from));
                }
            }
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
