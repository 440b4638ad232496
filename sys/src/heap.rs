//! The global allocator: size-class free lists carved from mmap'd arenas,
//! with large blocks mapped (and resized with mremap, freed with munmap)
//! on their own. corebox is single-threaded, so no locking is needed.

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::ptr::{null_mut, NonNull};
use core::sync::atomic::{AtomicBool, Ordering::Relaxed};
use rustix::mm::{self, MapFlags, MremapFlags, ProtFlags};

const PAGE: usize = 4096;
/// Classes are the powers of two from 16 bytes to `MAX_SMALL`.
const MIN_SHIFT: u32 = 4;
const MAX_SMALL: usize = 32 * 1024;
const CLASSES: usize = (MAX_SMALL.trailing_zeros() - MIN_SHIFT + 1) as usize;
const ARENA: usize = 256 * 1024;

struct State {
    free: [*mut u8; CLASSES],
    bump: usize,
    end: usize,
}

/// Allocation failures go back to the caller (null, so `try_reserve`
/// fails) instead of ending the program; see [`fallible`].
static FALLIBLE: AtomicBool = AtomicBool::new(false);

/// Runs `f` with allocation failures handed back to it rather than ending
/// the program with `memory exhausted`: for reads of a whole input (gnulib's
/// fread_file), whose callers report ENOMEM in their own words.
pub fn fallible<R>(f: impl FnOnce() -> R) -> R {
    let was = FALLIBLE.swap(true, Relaxed);
    let r = f();
    FALLIBLE.store(was, Relaxed);
    r
}

fn out_of_memory() -> *mut u8 {
    if !FALLIBLE.load(Relaxed) {
        crate::io::memory_exhausted();
    }
    null_mut()
}

/// The allocator type instantiated once by [`entry!`](crate::entry).
pub struct Heap(UnsafeCell<State>);

// SAFETY: corebox never starts a second thread, so the state is only ever
// touched by one thread at a time.
unsafe impl Sync for Heap {}

impl Heap {
    pub const fn new() -> Self {
        Heap(UnsafeCell::new(State {
            free: [null_mut(); CLASSES],
            bump: 0,
            end: 0,
        }))
    }
}

impl Default for Heap {
    fn default() -> Self {
        Self::new()
    }
}

/// The size class index for a request, or None when it is a large block.
fn class_of(layout: Layout) -> Option<usize> {
    let size = layout.size().max(layout.align()).max(1 << MIN_SHIFT);
    if size > MAX_SMALL || layout.align() > PAGE {
        return None;
    }
    let shift = usize::BITS - (size - 1).leading_zeros();
    Some((shift - MIN_SHIFT) as usize)
}

fn map(len: usize) -> *mut u8 {
    // SAFETY: an anonymous private mapping at an address the kernel picks
    // aliases no existing memory.
    match unsafe {
        mm::mmap_anonymous(
            null_mut(),
            len,
            ProtFlags::READ | ProtFlags::WRITE,
            MapFlags::PRIVATE,
        )
    } {
        Ok(p) => p as *mut u8,
        Err(_) => null_mut(),
    }
}

fn round_pages(n: usize) -> usize {
    n.checked_add(PAGE - 1)
        .map_or(usize::MAX & !(PAGE - 1), |v| v & !(PAGE - 1))
}

impl State {
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn alloc_small(&mut self, class: usize) -> *mut u8 {
        let head = self.free[class];
        if !head.is_null() {
            // SAFETY: every free-list entry is a block of this class that was
            // handed back by dealloc; its first word holds the next entry.
            self.free[class] = unsafe { *(head as *mut *mut u8) };
            return head;
        }
        let size = 1usize << (class as u32 + MIN_SHIFT);
        let align = size.min(PAGE);
        let mut start = (self.bump + align - 1) & !(align - 1);
        if self.end == 0 || start + size > self.end {
            let arena = map(ARENA);
            if arena.is_null() {
                return null_mut();
            }
            self.bump = arena as usize;
            self.end = self.bump + ARENA;
            start = self.bump;
        }
        self.bump = start + size;
        start as *mut u8
    }
}

// SAFETY: blocks come from private mappings and are never handed out twice;
// each block is at least as large and as aligned as its layout asks.
unsafe impl GlobalAlloc for Heap {
    #[cfg_attr(corebox_opt, optimize(speed))]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: single-threaded (see `Sync` above), no reentrancy.
        let st = unsafe { &mut *self.0.get() };
        let p = match class_of(layout) {
            Some(c) => st.alloc_small(c),
            None if layout.align() <= PAGE => map(round_pages(layout.size())),
            None => null_mut(),
        };
        if p.is_null() {
            return out_of_memory();
        }
        p
    }

    #[cfg_attr(corebox_opt, optimize(speed))]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for alloc; the caller's layout is passed on unchanged.
        let p = unsafe { self.alloc(layout) };
        if class_of(layout).is_some() && !p.is_null() {
            // SAFETY: p is a fresh block of at least layout.size() bytes.
            unsafe { p.write_bytes(0, layout.size()) };
        }
        // A large block is a fresh anonymous mapping: the kernel zeroed it,
        // and untouched pages cost nothing (od -w with a huge width).
        p
    }

    #[cfg_attr(corebox_opt, optimize(speed))]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: single-threaded (see `Sync` above), no reentrancy.
        let st = unsafe { &mut *self.0.get() };
        match class_of(layout) {
            Some(c) => {
                // SAFETY: ptr is a block of class c no longer in use; its first
                // word becomes the free-list link.
                unsafe { *(ptr as *mut *mut u8) = st.free[c] };
                st.free[c] = ptr;
            }
            None => {
                // SAFETY: large blocks are whole mappings of this length.
                unsafe { mm::munmap(ptr as *mut _, round_pages(layout.size())).ok() };
            }
        }
    }

    #[cfg_attr(corebox_opt, optimize(speed))]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let Ok(new_layout) = Layout::from_size_align(new_size, layout.align()) else {
            return null_mut();
        };
        let (old_c, new_c) = (class_of(layout), class_of(new_layout));
        if old_c.is_some() && old_c == new_c {
            return ptr;
        }
        if old_c.is_none() && new_c.is_none() {
            // SAFETY: ptr is a whole mapping of the old rounded length.
            return match unsafe {
                mm::mremap(
                    ptr as *mut _,
                    round_pages(layout.size()),
                    round_pages(new_size),
                    MremapFlags::MAYMOVE,
                )
            } {
                Ok(p) => p as *mut u8,
                Err(_) => out_of_memory(),
            };
        }
        // SAFETY: GlobalAlloc contract; the copy covers the smaller size.
        unsafe {
            let new = self.alloc(new_layout);
            if let Some(n) = NonNull::new(new) {
                core::ptr::copy_nonoverlapping(ptr, n.as_ptr(), layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
            new
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        assert_eq!(class_of(Layout::from_size_align(1, 1).unwrap()), Some(0));
        assert_eq!(class_of(Layout::from_size_align(16, 1).unwrap()), Some(0));
        assert_eq!(class_of(Layout::from_size_align(17, 1).unwrap()), Some(1));
        assert_eq!(class_of(Layout::from_size_align(8, 64).unwrap()), Some(2));
        assert_eq!(
            class_of(Layout::from_size_align(MAX_SMALL, 8).unwrap()),
            Some(CLASSES - 1)
        );
        assert_eq!(
            class_of(Layout::from_size_align(MAX_SMALL + 1, 8).unwrap()),
            None
        );
    }

    #[test]
    fn alloc_free_reuse_and_grow() {
        let h = Heap::new();
        unsafe {
            let l = Layout::from_size_align(24, 8).unwrap();
            let a = h.alloc(l);
            a.write_bytes(7, 24);
            h.dealloc(a, l);
            let b = h.alloc(l);
            assert_eq!(a, b, "freed block is reused");
            let big = Layout::from_size_align(100_000, 8).unwrap();
            let p = h.alloc(big);
            p.write_bytes(1, 100_000);
            let q = h.realloc(p, big, 1_000_000);
            assert_eq!(*q.add(99_999), 1);
            h.dealloc(q, Layout::from_size_align(1_000_000, 8).unwrap());
            let s = h.realloc(b, l, 5000);
            assert_eq!(*s.add(20), 7, "realloc keeps the contents");
        }
    }
}
