//! The corebox binary: the entry point; the applets are in `applets/`.
#![no_std]
#![no_main]
extern crate alloc;
sys::entry!(applets::main);
