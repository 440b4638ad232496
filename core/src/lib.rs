//! corebox-core: the pure logic of corebox, `no_std` + `alloc`, no I/O.
//!
//! Everything here takes bytes and returns values or errors: the GNU
//! getopt_long-compatible option parser, number/size/duration parsing, GNU's
//! quoting of file names in diagnostics, formatting, and small parsers for
//! system databases. Unit-tested on the host.
#![cfg_attr(not(test), no_std)]

extern crate alloc;

/// Byte searching for line and field scanning (re-exported for applets).
pub use memchr;

pub mod basenc;
pub mod digest;
pub mod duration;
pub mod elide;
pub mod escape;
pub mod fmt;
pub mod hosts;
pub mod locale;
mod locale_print;
pub mod num;
pub mod opt;
pub mod passwd;
pub mod path;
pub mod quote;
pub mod regex;
pub mod tabstops;
pub mod unicode;
pub mod wc;
mod wcwidth_table;
