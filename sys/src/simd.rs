//! Byte counting with the widest vectors the CPU has, picked at run time
//! (cpuid; there is no std to ask): AVX2 on x86_64 where present, else
//! memchr's portable SSE2/word-at-a-time code.

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::*;
    use core::sync::atomic::AtomicU8;

    static AVX2: AtomicU8 = AtomicU8::new(0);

    pub fn has_avx2() -> bool {
        super::cpu_has(
            || {
                // cpuid is always available on x86_64.
                let leaf1 = __cpuid(1);
                let osxsave_avx = leaf1.ecx & (1 << 27) != 0 && leaf1.ecx & (1 << 28) != 0;
                let avx2 = __cpuid_count(7, 0).ebx & (1 << 5) != 0;
                // SAFETY: xgetbv is available when OSXSAVE is set (checked first).
                let xmm_ymm_saved = osxsave_avx && unsafe { _xgetbv(0) } & 6 == 6;
                leaf1.ecx & (1 << 23) != 0 && avx2 && xmm_ymm_saved
            },
            &AVX2,
        )
    }

    static AVX512BW: AtomicU8 = AtomicU8::new(0);

    /// AVX-512F and BW, with the OS saving the opmask and zmm state.
    pub fn has_avx512bw() -> bool {
        super::cpu_has(
            || {
                let ebx = __cpuid_count(7, 0).ebx;
                // SAFETY: has_avx2 checked OSXSAVE before xgetbv runs.
                has_avx2()
                    && ebx & (1 << 16) != 0
                    && ebx & (1 << 30) != 0
                    && unsafe { _xgetbv(0) } & 0xe6 == 0xe6
            },
            &AVX512BW,
        )
    }

    /// # Safety
    /// The CPU must support AVX2 and POPCNT (see `has_avx2`).
    #[target_feature(enable = "avx2,popcnt,xsave")]
    #[cfg_attr(corebox_opt, optimize(speed))]
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
    #[cfg_attr(corebox_opt, optimize(speed))]
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
    #[cfg_attr(corebox_opt, optimize(speed))]
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

/// Whether the CPU has AVX-512F and AVX-512BW (and the OS saves their
/// registers).
pub fn has_avx512bw() -> bool {
    #[cfg(target_arch = "x86_64")]
    return x86::has_avx512bw();
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Whether the CPU has AVX2 (and the OS saves its registers).
pub fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    return x86::has_avx2();
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// How many times `needle` occurs in `hay`.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn count_byte(needle: u8, hay: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if x86::has_avx2() {
        // SAFETY: AVX2 and POPCNT support were just checked.
        return unsafe { x86::count_avx2(needle, hay) };
    }
    logic::memchr::memchr_iter(needle, hay).count()
}

/// Bit `i` set where `block[i] == a` and where `block[i] == b`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[cfg_attr(corebox_opt, optimize(speed))]
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
#[cfg_attr(corebox_opt, optimize(speed))]
fn masks64(block: &[u8; 64], a: u8, b: u8) -> (u64, u64) {
    masks64_words(block, a, b)
}

/// The same, a word at a time: the exact zero-byte test (no false
/// positives), its high bits gathered into one byte by a multiplication.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
#[cfg_attr(corebox_opt, optimize(speed))]
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

    #[cfg_attr(corebox_opt, optimize(speed))]
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
    #[cfg_attr(corebox_opt, optimize(speed))]
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
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn either(&mut self, from: usize) -> Option<usize> {
        self.find(from, true)
    }

    /// The first offset at or after `from` holding `b`.
    #[inline(always)]
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn second(&mut self, from: usize) -> Option<usize> {
        self.find(from, false)
    }
}

/// Copies the 32 bytes of `src` to `buf[at..at + 32]` with word moves:
/// for hot loops where a size-optimized build would call memcpy.
/// Panics if `buf` is too short (a bug in the caller).
#[inline(always)]
#[cfg_attr(corebox_opt, optimize(speed))]
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
#[cfg_attr(corebox_opt, optimize(speed))]
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
#[cfg_attr(corebox_opt, optimize(speed))]
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

/// The number of characters of `s` if it is valid UTF-8 (one per byte that
/// is not a continuation byte), else None: AVX2 validation and counting in
/// one pass (the Keiser-Lemire lookup algorithm) where the CPU has it.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn utf8_chars(s: &[u8]) -> Option<u64> {
    #[cfg(target_arch = "x86_64")]
    if x86::has_avx512bw() {
        // SAFETY: AVX-512F/BW support was just checked.
        return unsafe { utf8x86::chars_avx512(s) };
    }
    #[cfg(target_arch = "x86_64")]
    if x86::has_avx2() {
        // SAFETY: AVX2 and POPCNT support were just checked.
        return unsafe { utf8x86::chars_avx2(s) };
    }
    core::str::from_utf8(s)
        .ok()
        .map(|_| logic::wc::utf8_chars(s))
}

#[cfg(target_arch = "x86_64")]
mod utf8x86 {
    use core::arch::x86_64::*;

    // What a pair of bytes (the previous one's two nibbles, the current
    // one's high nibble) can be an error of; an error is a bit set in all three.
    const TOO_SHORT: u8 = 1 << 0; // a lead byte not followed by a continuation
    const TOO_LONG: u8 = 1 << 1; // a continuation after an ASCII byte
    const OVERLONG_3: u8 = 1 << 2;
    const TOO_LARGE: u8 = 1 << 3; // above U+10FFFF
    const SURROGATE: u8 = 1 << 4;
    const OVERLONG_2: u8 = 1 << 5;
    const TOO_LARGE_1000: u8 = 1 << 6;
    const OVERLONG_4: u8 = 1 << 6;
    const TWO_CONTS: u8 = 1 << 7; // two continuations: fine only in 3/4-byte forms
    const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

    const BYTE_1_HIGH: [u8; 16] = [
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TWO_CONTS,
        TWO_CONTS,
        TWO_CONTS,
        TWO_CONTS,
        TOO_SHORT | OVERLONG_2,
        TOO_SHORT,
        TOO_SHORT | OVERLONG_3 | SURROGATE,
        TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
    ];
    const BYTE_1_LOW: [u8; 16] = [
        CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
        CARRY | OVERLONG_2,
        CARRY,
        CARRY,
        CARRY | TOO_LARGE,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
    ];
    const BYTE_2_HIGH: [u8; 16] = [
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
    ];

    #[target_feature(enable = "avx2")]
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn table(t: &[u8; 16]) -> __m256i {
        // SAFETY: t is 16 readable bytes; loadu has no alignment need.
        let x = unsafe { _mm_loadu_si128(t.as_ptr() as *const __m128i) };
        _mm256_broadcastsi128_si256(x)
    }

    /// The byte `n` places before each byte of `cur` (from `prev` at the start).
    macro_rules! before {
        ($cur:expr, $prev:expr, $n:literal) => {
            _mm256_alignr_epi8::<{ 16 - $n }>($cur, _mm256_permute2x128_si256::<0x21>($prev, $cur))
        };
    }

    /// For `chars_avx2`: a lead byte in the last three bytes of a block
    /// greater than these needs more bytes than are left in it.
    const NEED_MORE: [u8; 32] = {
        let mut a = [0xff; 32];
        (a[29], a[30], a[31]) = (0xef, 0xdf, 0xbf);
        a
    };

    /// # Safety
    /// The CPU must support AVX2 and POPCNT.
    #[target_feature(enable = "avx2,popcnt")]
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub unsafe fn chars_avx2(s: &[u8]) -> Option<u64> {
        let (b1h, b1l, b2h) = (table(&BYTE_1_HIGH), table(&BYTE_1_LOW), table(&BYTE_2_HIGH));
        let low = _mm256_set1_epi8(0x0f);
        let mut prev = _mm256_setzero_si256();
        let mut error = _mm256_setzero_si256();
        let mut chars = 0u64;
        // The errors of a block, and how many characters start in it.
        let step = |cur: __m256i, prev: __m256i| -> (__m256i, u64) {
            let p1 = before!(cur, prev, 1);
            let hi = |x: __m256i| _mm256_and_si256(_mm256_srli_epi16::<4>(x), low);
            let special = _mm256_and_si256(
                _mm256_and_si256(
                    _mm256_shuffle_epi8(b1h, hi(p1)),
                    _mm256_shuffle_epi8(b1l, _mm256_and_si256(p1, low)),
                ),
                _mm256_shuffle_epi8(b2h, hi(cur)),
            );
            // Bytes two or three after a 3- or 4-byte lead must be continuations.
            let third = _mm256_subs_epu8(
                before!(cur, prev, 2),
                _mm256_set1_epi8((0xe0u8 - 0x80) as i8),
            );
            let fourth = _mm256_subs_epu8(
                before!(cur, prev, 3),
                _mm256_set1_epi8((0xf0u8 - 0x80) as i8),
            );
            let must23 = _mm256_and_si256(
                _mm256_or_si256(third, fourth),
                _mm256_set1_epi8(0x80u8 as i8),
            );
            // Characters: bytes that are not continuations (0x80..=0xbf).
            let starts = _mm256_cmpgt_epi8(cur, _mm256_set1_epi8(-65));
            (
                _mm256_xor_si256(special, must23),
                (_mm256_movemask_epi8(starts) as u32).count_ones() as u64,
            )
        };
        macro_rules! add {
            ($cur:expr, $prev:expr) => {
                let (e, n) = step($cur, $prev);
                error = _mm256_or_si256(error, e);
                chars += n;
            };
        }
        // A lead byte in the last three of `prev` that needs more bytes
        // than are left there: an error if ASCII follows.
        // SAFETY: NEED_MORE is 32 readable bytes; loadu has no alignment need.
        let need_more = unsafe { _mm256_loadu_si256(NEED_MORE.as_ptr() as *const __m256i) };
        let mut pairs = s.chunks_exact(64);
        for c in pairs.by_ref() {
            // SAFETY: c is 64 readable bytes; loadu has no alignment need.
            let (x, y) = unsafe {
                (
                    _mm256_loadu_si256(c.as_ptr() as *const __m256i),
                    _mm256_loadu_si256(c.as_ptr().add(32) as *const __m256i),
                )
            };
            if _mm256_movemask_epi8(_mm256_or_si256(x, y)) == 0 {
                // All ASCII: 64 characters, nothing to check but what
                // came before.
                error = _mm256_or_si256(error, _mm256_subs_epu8(prev, need_more));
                chars += 64;
            } else {
                add!(x, prev);
                add!(y, x);
            }
            prev = y;
        }
        let mut blocks = pairs.remainder().chunks_exact(32);
        for c in blocks.by_ref() {
            // SAFETY: c is 32 readable bytes; loadu has no alignment need.
            let cur = unsafe { _mm256_loadu_si256(c.as_ptr() as *const __m256i) };
            add!(cur, prev);
            prev = cur;
        }
        let rest = blocks.remainder();
        if !rest.is_empty() {
            let mut pad = [0u8; 32];
            pad[..rest.len()].copy_from_slice(rest);
            // SAFETY: pad is 32 readable bytes.
            let cur = unsafe { _mm256_loadu_si256(pad.as_ptr() as *const __m256i) };
            add!(cur, prev);
            prev = cur;
        }
        // A block of zeros after the end catches a sequence cut short there.
        add!(_mm256_setzero_si256(), prev);
        // The zeros of the padding and of that last block are no characters.
        chars -= (32 - rest.len() % 32) as u64 % 32 + 32;
        (_mm256_testz_si256(error, error) == 1).then_some(chars)
    }

    /// `chars_avx2` with 64-byte vectors (AVX-512BW): masks instead of
    /// movemask, a masked load for the tail.
    ///
    /// # Safety
    /// The CPU must support AVX-512F and AVX-512BW.
    #[target_feature(enable = "avx2,avx512f,avx512bw,popcnt")]
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub unsafe fn chars_avx512(s: &[u8]) -> Option<u64> {
        let wide = |t: &[u8; 16]| {
            // SAFETY: t is 16 readable bytes; loadu has no alignment need.
            _mm512_broadcast_i32x4(unsafe { _mm_loadu_si128(t.as_ptr() as *const __m128i) })
        };
        let (b1h, b1l, b2h) = (wide(&BYTE_1_HIGH), wide(&BYTE_1_LOW), wide(&BYTE_2_HIGH));
        let low = _mm512_set1_epi8(0x0f);
        let mut prev = _mm512_setzero_si512();
        let mut error = _mm512_setzero_si512();
        let mut chars = 0u64;
        // The byte n places before each byte of cur (prev's at the start).
        macro_rules! before {
            ($cur:expr, $t:expr, $n:literal) => {
                _mm512_alignr_epi8::<{ 16 - $n }>($cur, $t)
            };
        }
        macro_rules! add {
            ($cur:expr, $prev:expr) => {{
                let cur = $cur;
                // Each 16-byte lane of t is the lane before it in cur.
                let t = _mm512_alignr_epi64::<6>(cur, $prev);
                let p1 = before!(cur, t, 1);
                let hi = |x: __m512i| _mm512_and_si512(_mm512_srli_epi16::<4>(x), low);
                let special = _mm512_and_si512(
                    _mm512_and_si512(
                        _mm512_shuffle_epi8(b1h, hi(p1)),
                        _mm512_shuffle_epi8(b1l, _mm512_and_si512(p1, low)),
                    ),
                    _mm512_shuffle_epi8(b2h, hi(cur)),
                );
                let third =
                    _mm512_subs_epu8(before!(cur, t, 2), _mm512_set1_epi8((0xe0u8 - 0x80) as i8));
                let fourth =
                    _mm512_subs_epu8(before!(cur, t, 3), _mm512_set1_epi8((0xf0u8 - 0x80) as i8));
                let must23 = _mm512_and_si512(
                    _mm512_or_si512(third, fourth),
                    _mm512_set1_epi8(0x80u8 as i8),
                );
                error = _mm512_or_si512(error, _mm512_xor_si512(special, must23));
                chars += _mm512_cmpgt_epi8_mask(cur, _mm512_set1_epi8(-65)).count_ones() as u64;
            }};
        }
        // A lead byte in the last three of prev that needs more bytes than
        // are left there: an error if ASCII follows.
        let mut nm = [0xffu8; 64];
        nm[61..].copy_from_slice(&[0xef, 0xdf, 0xbf]);
        // SAFETY: nm is 64 readable bytes.
        let need_more = unsafe { _mm512_loadu_si512(nm.as_ptr() as *const _) };
        let mut blocks = s.chunks_exact(64);
        for c in blocks.by_ref() {
            // SAFETY: c is 64 readable bytes; loadu has no alignment need.
            let cur = unsafe { _mm512_loadu_si512(c.as_ptr() as *const _) };
            if _mm512_movepi8_mask(cur) == 0 {
                error = _mm512_or_si512(error, _mm512_subs_epu8(prev, need_more));
                chars += 64;
            } else {
                add!(cur, prev);
            }
            prev = cur;
        }
        let rest = blocks.remainder();
        if !rest.is_empty() {
            // SAFETY: the mask covers exactly rest's bytes; the others
            // are zeros and not read.
            let cur = unsafe {
                _mm512_maskz_loadu_epi8(u64::MAX >> (64 - rest.len()), rest.as_ptr() as *const i8)
            };
            add!(cur, prev);
            prev = cur;
        }
        // A block of zeros after the end catches a sequence cut short there.
        add!(_mm512_setzero_si512(), prev);
        // The zeros of the tail's padding and of that last block are no
        // characters... but zeros count as starts: take them back.
        chars -= (64 - rest.len() % 64) as u64 % 64 + 64;
        (_mm512_test_epi8_mask(error, error) == 0).then_some(chars)
    }
}

#[cfg(test)]
mod utf8_tests {
    use alloc::vec::Vec;

    /// Every kernel this CPU has agrees with `want`.
    fn check(s: &[u8]) {
        let want = reference(s);
        assert_eq!(super::utf8_chars(s), want, "{s:x?}");
        #[cfg(target_arch = "x86_64")]
        if super::x86::has_avx2() {
            // SAFETY: AVX2 support was just checked.
            assert_eq!(
                unsafe { super::utf8x86::chars_avx2(s) },
                want,
                "avx2 {s:x?}"
            );
        }
    }

    fn reference(s: &[u8]) -> Option<u64> {
        core::str::from_utf8(s)
            .ok()
            .map(|t| t.chars().count() as u64)
    }

    #[test]
    fn utf8_chars_agrees_with_core() {
        let pieces: [&[u8]; 24] = [
            b"a",
            b" ",
            b"\n",
            "é".as_bytes(),
            "日".as_bytes(),
            "😀".as_bytes(),
            b"\x80",
            b"\xbf",
            b"\xc0\x80",
            b"\xc1\xbf",
            b"\xc2",
            b"\xe0\x80\x80",
            b"\xe0\xa0\x80",
            b"\xed\xa0\x80",
            b"\xed\x9f\xbf",
            b"\xf0\x80\x80\x80",
            b"\xf0\x90\x80\x80",
            b"\xf4\x8f\xbf\xbf",
            b"\xf4\x90\x80\x80",
            b"\xf5\x80\x80\x80",
            b"\xff",
            b"\xe6\x97",
            b"\xf0\x9f\x98",
            b"\xfe",
        ];
        let mut seed = 99u32;
        let mut rand = move |n: usize| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (seed >> 8) as usize % n
        };
        for round in 0..20_000 {
            let mut s: Vec<u8> = Vec::new();
            let len = rand(if round % 10 == 0 { 200 } else { 40 });
            while s.len() < len {
                // Mostly valid text, sometimes one bad piece.
                let p = if rand(8) == 0 {
                    pieces[rand(pieces.len())]
                } else {
                    pieces[rand(6)]
                };
                s.extend_from_slice(p);
            }
            check(&s);
        }
        // Every pair and triple of interesting bytes, at every offset of a block.
        let bytes = [
            0x00u8, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0,
            0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff,
        ];
        for &a in &bytes {
            for &b in &bytes {
                for &c in &bytes {
                    for off in [0usize, 13, 14, 15, 29, 30, 31, 45, 46, 47, 61, 62, 63] {
                        let mut s = alloc::vec![b'x'; off];
                        s.extend_from_slice(&[a, b, c, 0x80, 0x80]);
                        check(&s);
                        s.truncate(off + 3);
                        check(&s);
                        // Then whole 64-byte blocks of ASCII (the fast path).
                        s.extend_from_slice(&[b'y'; 130]);
                        check(&s);
                    }
                }
            }
        }
    }
}

/// Encodes a prefix of `input` as base64 (`url`: the base64url alphabet)
/// onto `out` with SSSE3 where the CPU has it (12 bytes to 16 characters
/// per step, Muła's multiply-shift method); returns how many input bytes
/// it took (a multiple of 3; 0 without SSSE3). The caller encodes the rest.
#[cfg_attr(corebox_opt, optimize(speed))]
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
        logic::fill::grow(out, start + steps * 16, 0);
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
#[cfg_attr(corebox_opt, optimize(speed))]
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
#[cfg_attr(corebox_opt, optimize(speed))]
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
#[cfg_attr(corebox_opt, optimize(speed))]
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

/// Asks the CPU to bring the cache line holding `x` in, without waiting
/// for it: a program that knows its next random accesses ahead of time
/// (shuf's shuffle) overlaps their misses, where loads would hold up the
/// instructions behind them. A hint only; nothing where there is none.
#[inline(always)]
pub fn prefetch<T>(x: &T) {
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    // SAFETY: prefetcht0 reads nothing architecturally and never faults;
    // the address is that of a live reference anyway.
    unsafe {
        core::arch::asm!("prefetcht0 [{0}]", in(reg) x as *const T, options(nostack, readonly, preserves_flags));
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: as above, prfm is a hint that never faults.
    unsafe {
        core::arch::asm!("prfm pldl1keep, [{0}]", in(reg) x as *const T, options(nostack, readonly, preserves_flags));
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "x86", target_arch = "aarch64")))]
    let _ = x;
}
