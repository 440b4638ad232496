//! The applet library: what several programs share above the kernel
//! layer (toybox's `lib/`, BusyBox's `libbb/`). Pure logic lives in
//! `logic`, system calls in `sys`; this is the machinery of GNU
//! programs: option parsing against a program's [`cli::Spec`], usage
//! errors and diagnostics, the FILE-operand loop and file headers.

pub mod ask;
pub mod backup;
pub mod canon;
pub mod cli;
pub mod clock;
pub mod context;
pub mod copy;
pub mod diag;
pub mod files;
pub mod links;
pub mod mkdirp;
pub mod mounts;
pub mod multicall;
pub mod process;
pub mod progress;
pub mod random;
pub mod remove;
pub mod timestyle;
