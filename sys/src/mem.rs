//! memcpy, memmove, memset, memcmp and bcmp for a binary without libc.
//!
//! The compiler emits calls to these symbols; without libc nothing else
//! defines them (the prebuilt `compiler_builtins` of the `*-linux-*` targets
//! leaves them to libc). x86 uses `rep movsb`/`rep stosb`, which are fast on
//! every CPU with ERMS; elsewhere word-at-a-time loops. LLVM does not turn a
//! loop inside a function named memcpy/memmove/memset into a call to itself.
//! Excluded from host unit tests, where the C library provides them.
#![cfg(not(test))]

const W: usize = core::mem::size_of::<usize>();

#[inline(always)]
unsafe fn copy_fwd(d: *mut u8, s: *const u8, n: usize) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the caller guarantees d and s are valid for n bytes; with the
    // direction flag clear (the ABI guarantees it), rep movsb copies upwards.
    unsafe {
        core::arch::asm!("rep movsb", inout("rcx") n => _, inout("rdi") d => _, inout("rsi") s => _,
            options(nostack, preserves_flags));
    }
    #[cfg(target_arch = "x86")]
    // SAFETY: as above; LLVM reserves esi on i686, so it is saved in the
    // source operand's register and restored after the copy.
    unsafe {
        core::arch::asm!("xchg esi, {s}", "rep movsb", "mov esi, {s}", s = inout(reg) s => _,
            inout("ecx") n => _, inout("edi") d => _, options(nostack, preserves_flags));
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "x86")))]
    // SAFETY: the caller guarantees d and s are valid for n bytes; word
    // accesses happen only when both pointers are word-aligned.
    unsafe {
        let mut i = 0;
        if (d as usize | s as usize).is_multiple_of(W) {
            while i + W <= n {
                *(d.add(i) as *mut usize) = *(s.add(i) as *const usize);
                i += W;
            }
        }
        while i < n {
            *d.add(i) = *s.add(i);
            i += 1;
        }
    }
}

#[inline(always)]
unsafe fn copy_bwd(d: *mut u8, s: *const u8, n: usize) {
    // SAFETY: the caller guarantees d and s are valid for n bytes; the copy
    // goes from the end downwards so an overlapping source is read first.
    unsafe {
        let mut i = n;
        if (d as usize | s as usize | n).is_multiple_of(W) {
            while i >= W {
                i -= W;
                *(d.add(i) as *mut usize) = *(s.add(i) as *const usize);
            }
        }
        while i > 0 {
            i -= 1;
            *d.add(i) = *s.add(i);
        }
    }
}

/// Copies up to 64 bytes with (overlapping) loads and as many stores of
/// the widest fitting size: short copies (fields, words, small arrays) are
/// the common case of the text filters, and `rep movsb` starts slowly on
/// most CPUs. All loads come before the stores, so overlapping ranges are
/// fine.
/// x86_64 only: there unaligned loads are plain instructions, whereas on
/// targets without them LLVM may lower `read_unaligned` of a wide type
/// to a call of memcpy, which would recurse here.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn copy_small(d: *mut u8, s: *const u8, n: usize) {
    use core::ptr::{read_unaligned as rd, write_unaligned as wr};
    // SAFETY: the caller guarantees d and s are valid for n bytes; every
    // access below lies within [0, n).
    unsafe {
        if n > 32 {
            let (a, b) = (rd(s as *const u128), rd(s.add(16) as *const u128));
            let (c, e) = (
                rd(s.add(n - 32) as *const u128),
                rd(s.add(n - 16) as *const u128),
            );
            wr(d as *mut u128, a);
            wr(d.add(16) as *mut u128, b);
            wr(d.add(n - 32) as *mut u128, c);
            wr(d.add(n - 16) as *mut u128, e);
        } else if n >= 16 {
            let (a, b) = (rd(s as *const u128), rd(s.add(n - 16) as *const u128));
            wr(d as *mut u128, a);
            wr(d.add(n - 16) as *mut u128, b);
        } else if n >= 8 {
            let (a, b) = (rd(s as *const u64), rd(s.add(n - 8) as *const u64));
            wr(d as *mut u64, a);
            wr(d.add(n - 8) as *mut u64, b);
        } else if n >= 4 {
            let (a, b) = (rd(s as *const u32), rd(s.add(n - 4) as *const u32));
            wr(d as *mut u32, a);
            wr(d.add(n - 4) as *mut u32, b);
        } else if n > 0 {
            let (a, b, c) = (*s, *s.add(n / 2), *s.add(n - 1));
            *d = a;
            *d.add(n / 2) = b;
            *d.add(n - 1) = c;
        }
    }
}

#[unsafe(no_mangle)]
/// # Safety
/// Standard C `memcpy` contract.
#[cfg_attr(corebox_opt, optimize(speed))]
pub unsafe extern "C" fn memcpy(d: *mut u8, s: *const u8, n: usize) -> *mut u8 {
    #[cfg(target_arch = "x86_64")]
    if n <= 64 {
        // SAFETY: forwarded C contract.
        unsafe { copy_small(d, s, n) };
        return d;
    }
    // SAFETY: forwarded C contract.
    unsafe { copy_fwd(d, s, n) };
    d
}

#[unsafe(no_mangle)]
/// # Safety
/// Standard C `memmove` contract.
#[cfg_attr(corebox_opt, optimize(speed))]
pub unsafe extern "C" fn memmove(d: *mut u8, s: *const u8, n: usize) -> *mut u8 {
    #[cfg(target_arch = "x86_64")]
    if n <= 64 {
        // SAFETY: forwarded C contract; copy_small loads all before it
        // stores, so the ranges may overlap.
        unsafe { copy_small(d, s, n) };
        return d;
    }
    // SAFETY: forwarded C contract; a forward copy is safe when the
    // destination starts below the source or the ranges do not overlap.
    unsafe {
        if (d as usize).wrapping_sub(s as usize) >= n {
            copy_fwd(d, s, n)
        } else {
            copy_bwd(d, s, n)
        }
    }
    d
}

#[unsafe(no_mangle)]
/// # Safety
/// Standard C `memset` contract.
#[cfg_attr(corebox_opt, optimize(speed))]
pub unsafe extern "C" fn memset(d: *mut u8, c: i32, n: usize) -> *mut u8 {
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    // SAFETY: d is valid for n bytes (C contract); rep stosb fills upwards.
    unsafe {
        core::arch::asm!("rep stosb", inout("cx") n => _, inout("di") d => _, in("al") c as u8,
            options(nostack, preserves_flags));
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "x86")))]
    // SAFETY: d is valid for n bytes (C contract); word stores only aligned.
    unsafe {
        let b = c as u8;
        let mut i = 0;
        if (d as usize).is_multiple_of(W) {
            let w = usize::from_ne_bytes([b; W]);
            while i + W <= n {
                *(d.add(i) as *mut usize) = w;
                i += W;
            }
        }
        while i < n {
            *d.add(i) = b;
            i += 1;
        }
    }
    d
}

#[unsafe(no_mangle)]
/// # Safety
/// Standard C `memcmp` contract.
#[cfg_attr(corebox_opt, optimize(speed))]
pub unsafe extern "C" fn memcmp(a: *const u8, b: *const u8, n: usize) -> i32 {
    let mut i = 0;
    // SAFETY: a and b are valid for n bytes (C contract).
    unsafe {
        // x86_64 loads unaligned words as cheaply as aligned ones (see
        // copy_small): words at any offset, the first differing one
        // compared in big-endian order.
        #[cfg(target_arch = "x86_64")]
        while i + 8 <= n {
            use core::ptr::read_unaligned as rd;
            let (x, y) = (rd(a.add(i) as *const u64), rd(b.add(i) as *const u64));
            if x != y {
                return if x.swap_bytes() < y.swap_bytes() {
                    -1
                } else {
                    1
                };
            }
            i += 8;
        }
        if (a as usize | b as usize).is_multiple_of(W) {
            while i + W <= n && *(a.add(i) as *const usize) == *(b.add(i) as *const usize) {
                i += W;
            }
        }
        while i < n {
            let (x, y) = (*a.add(i), *b.add(i));
            if x != y {
                return x as i32 - y as i32;
            }
            i += 1;
        }
    }
    0
}

#[unsafe(no_mangle)]
/// # Safety
/// Standard C `bcmp` contract.
#[cfg_attr(corebox_opt, optimize(speed))]
pub unsafe extern "C" fn bcmp(a: *const u8, b: *const u8, n: usize) -> i32 {
    // SAFETY: forwarded C contract.
    unsafe { memcmp(a, b, n) }
}

#[unsafe(no_mangle)]
/// # Safety
/// Standard C `strlen` contract.
pub unsafe extern "C" fn strlen(s: *const u8) -> usize {
    let mut n = 0;
    // SAFETY: s points to a NUL-terminated string (C contract).
    unsafe {
        while *s.add(n) != 0 {
            n += 1;
        }
    }
    n
}
