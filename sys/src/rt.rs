//! Process startup and exit without a C runtime.
//!
//! The binary invokes [`entry!`](crate::entry) once; it expands to the ELF
//! entry point `_start` (a naked function per architecture that hands the
//! initial stack pointer to Rust), the panic handler and the global allocator.
//! [`start`] then decodes argc/argv/envp/auxv from the stack the kernel built.

use alloc::vec::Vec;
use core::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

/// rustix's API for libc-like programs (exit, sigaction, execve); its module
/// name carries a hash to mark it experimental, so it is named once, here,
/// and rustix is pinned to the exact version in Cargo.toml.
pub(crate) use rustix::runtime_448b8ad740e2a26f as kernel;

static ARGC: AtomicUsize = AtomicUsize::new(0);
static ARGV: AtomicPtr<*const u8> = AtomicPtr::new(core::ptr::null_mut());
static ENVP: AtomicPtr<*const u8> = AtomicPtr::new(core::ptr::null_mut());

/// Defines the process entry point, panic handler and global allocator in the
/// final binary. `$main` receives the command-line arguments and returns the
/// exit status; standard output is flushed (and write errors reported) after.
#[macro_export]
macro_rules! entry {
    ($main:path) => {
        #[allow(unsafe_code)]
        #[unsafe(naked)]
        #[unsafe(no_mangle)]
        unsafe extern "C" fn _start() -> ! {
            $crate::start_asm!(__corebox_entry)
        }

        extern "C" fn __corebox_entry(sp: *const usize) -> ! {
            // SAFETY: `sp` is the initial stack pointer passed by `_start`,
            // which the kernel laid out as argc, argv[], NULL, envp[], NULL, auxv.
            unsafe { $crate::rt::start(sp, $main) }
        }

        #[panic_handler]
        fn __corebox_panic(_: &core::panic::PanicInfo) -> ! {
            $crate::rt::panic()
        }

        #[global_allocator]
        static __COREBOX_HEAP: $crate::heap::Heap = $crate::heap::Heap::new();

        // The prebuilt alloc refers to the unwinder even though corebox
        // aborts on panic; without LTO (debug builds) the references stay.
        // Nothing ever calls these.
        #[unsafe(no_mangle)]
        extern "C" fn _Unwind_Resume() -> ! {
            $crate::rt::panic()
        }
        #[unsafe(no_mangle)]
        extern "C" fn rust_eh_personality() {}
    };
}

#[cfg(target_arch = "x86_64")]
#[doc(hidden)]
#[macro_export]
macro_rules! start_asm {
    ($entry:ident) => {
        core::arch::naked_asm!(
            "xor ebp, ebp",
            "mov rdi, rsp",
            "and rsp, -16",
            "call {entry}",
            "ud2",
            entry = sym $entry,
        )
    };
}

#[cfg(target_arch = "x86")]
#[doc(hidden)]
#[macro_export]
macro_rules! start_asm {
    ($entry:ident) => {
        core::arch::naked_asm!(
            "xor ebp, ebp",
            "mov eax, esp",
            "and esp, -16",
            "sub esp, 12",
            "push eax",
            "call {entry}",
            "ud2",
            entry = sym $entry,
        )
    };
}

#[cfg(target_arch = "aarch64")]
#[doc(hidden)]
#[macro_export]
macro_rules! start_asm {
    ($entry:ident) => {
        core::arch::naked_asm!(
            "mov x29, #0",
            "mov x30, #0",
            "mov x0, sp",
            "and sp, x0, #-16",
            "bl {entry}",
            "udf #0",
            entry = sym $entry,
        )
    };
}

#[cfg(target_arch = "arm")]
#[doc(hidden)]
#[macro_export]
macro_rules! start_asm {
    ($entry:ident) => {
        core::arch::naked_asm!(
            "mov fp, #0",
            "mov lr, #0",
            "mov r0, sp",
            "bic sp, r0, #15",
            "bl {entry}",
            "udf #0",
            entry = sym $entry,
        )
    };
}

#[cfg(target_arch = "riscv64")]
#[doc(hidden)]
#[macro_export]
macro_rules! start_asm {
    ($entry:ident) => {
        core::arch::naked_asm!(
            "mv fp, zero",
            "mv ra, zero",
            "mv a0, sp",
            "andi sp, sp, -16",
            "call {entry}",
            "unimp",
            entry = sym $entry,
        )
    };
}

/// Decodes the initial stack, runs `main` and exits with its status.
///
/// # Safety
/// `sp` must be the initial stack pointer of the process as set up by the
/// kernel, and this must be called once, before anything else in this crate.
pub unsafe fn start(sp: *const usize, main: fn(Vec<&'static [u8]>) -> i32) -> ! {
    // SAFETY: the kernel's initial stack is argc, then argc argv pointers and
    // a NULL, then the environment pointers and a NULL, then the auxv.
    let (argc, argv, envp) = unsafe {
        let argc = *sp;
        let argv = sp.add(1) as *mut *const u8;
        let envp = argv.add(argc + 1);
        (argc, argv, envp)
    };
    // SAFETY: envp is the original environment block of this process, and no
    // other rustix function has run yet.
    unsafe { rustix::param::init(envp as *mut *mut u8) };
    ARGC.store(argc, Ordering::Relaxed);
    ARGV.store(argv, Ordering::Relaxed);
    ENVP.store(envp, Ordering::Relaxed);
    let status = main(args());
    exit(status)
}

/// Reads the NUL-terminated C string at `p` as a byte slice.
///
/// # Safety
/// `p` must point to a NUL-terminated string that lives for the whole process.
pub(crate) unsafe fn cstr_at(p: *const u8) -> &'static [u8] {
    let mut n = 0;
    // SAFETY: the caller guarantees a terminating NUL within the allocation.
    unsafe {
        while *p.add(n) != 0 {
            n += 1;
        }
        core::slice::from_raw_parts(p, n)
    }
}

/// The command-line arguments, argv[0] first.
pub fn args() -> Vec<&'static [u8]> {
    let argc = ARGC.load(Ordering::Relaxed);
    let argv = ARGV.load(Ordering::Relaxed);
    let mut v = Vec::with_capacity(argc);
    for i in 0..argc {
        // SAFETY: argv holds argc valid string pointers for the whole process
        // lifetime (set by `start` from the kernel's initial stack).
        v.push(unsafe { cstr_at(*argv.add(i)) });
    }
    v
}

/// The raw environment block (NULL-terminated), as the kernel passed it.
pub(crate) fn envp() -> *const *const u8 {
    ENVP.load(Ordering::Relaxed)
}

/// Flushes standard output (reporting a write error GNU's way) and exits.
pub fn exit(status: i32) -> ! {
    let status = crate::io::close_stdout(status);
    kernel::exit_group(status)
}

/// Exits at once, without flushing anything.
pub fn exit_now(status: i32) -> ! {
    kernel::exit_group(status)
}

/// Called on a panic (a bug in corebox): say so and abort with status 134
/// like an abort(3) would, without unwinding.
pub fn panic() -> ! {
    crate::io::write_all_fd(2, b"corebox: internal error\n").ok();
    kernel::exit_group(134)
}
