//! corebox-core: the pure logic of corebox, `no_std` + `alloc`, no I/O.
//!
//! Everything here takes bytes and returns values or errors: the GNU
//! getopt_long-compatible option parser, number/size/duration parsing, GNU's
//! quoting of file names in diagnostics, formatting, and small parsers for
//! system databases. Unit-tested on the host.
#![cfg_attr(not(test), no_std)]
// `--cfg corebox_opt` (qemu/build.sh, qemu/sizes.sh): the release build
// is optimised for size ("z") but for the functions marked
// `#[cfg_attr(corebox_opt, optimize(speed))]`, the hot loops.
#![cfg_attr(corebox_opt, feature(optimize_attribute))]
// Functions holding a hot tight loop are marked
// `#[cfg_attr(corebox_opt, rustc_align(64), inline(never))]`: starting at
// a 64-byte boundary, out of line, their speed does not depend on where
// the rest of the binary puts them ("s" aligns no loops; README, Sizes).
#![cfg_attr(corebox_opt, feature(fn_align))]
// No code here may touch raw memory: core/Cargo.toml forbids it (lint
// unsafe_code); that belongs in `sys` alone.

extern crate alloc;

/// Byte searching for line and field scanning (re-exported for applets).
pub use memchr;

pub mod basenc;
pub mod bigint;
pub mod context;
pub mod datetime;
pub mod dd;
pub mod devino;
pub mod df;
pub mod digest;
pub mod digits;
pub mod duration;
pub mod elide;
pub mod escape;
pub mod exclude;
pub mod factor;
pub mod filevercmp;
pub mod fill;
pub mod float;
pub mod fnmatch;
pub mod fold;
pub mod hosts;
pub mod human;
pub mod linecmp;
pub mod locale;
pub mod ls;
pub mod mode;
pub mod mountinfo;
pub mod num;
pub mod opt;
pub mod pack;
pub mod passwd;
pub mod path;
pub mod posixtm;
pub mod printf;
pub mod quote;
pub mod ranges;
pub mod regex;
pub mod selabel;
pub mod seq;
pub mod signal;
pub mod slots;
pub mod sort;
pub mod sortkey;
pub mod split_string;
pub mod strftime;
pub mod strset;
pub mod substr;
pub mod tabstops;
pub mod tail;
pub mod tr;
pub mod tz;
pub mod unicode;
pub mod utmp;
pub mod wc;
mod wcwidth_table;
