//! corebox-sys: the only crate of corebox that talks to the kernel.
//!
//! A thin, safe layer over `rustix` (linux_raw backend, no libc): process
//! startup and exit, memory, file descriptors and buffered output with GNU's
//! error reporting, errno text, and the few system queries the applets need.
//! Every `unsafe` block of the project lives here, each with a `SAFETY:` line.
#![cfg_attr(not(test), no_std)]
// `--cfg corebox_opt` (qemu/build.sh, qemu/sizes.sh): the release build
// is optimised for size ("z") but for the functions marked
// `#[cfg_attr(corebox_opt, optimize(speed))]`, the hot loops.
#![cfg_attr(corebox_opt, feature(optimize_attribute))]
#![deny(unsafe_op_in_unsafe_fn)]

extern crate alloc;

mod cpath;
pub mod dir;
pub mod env;
pub mod errno;
pub mod exec;
pub mod fs;
pub mod hashcpu;
pub mod heap;
pub mod inotify;
pub mod io;
pub mod mem;
pub mod process;
pub mod records;
pub mod rt;
pub mod selinux;
pub mod signal;
pub mod simd;
pub mod system;
pub mod time;
pub mod tty;
pub mod user;
pub mod walk;
pub mod xattr;

pub use errno::Errno;
pub use io::out;
