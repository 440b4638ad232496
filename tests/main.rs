//! Integration tests: run the shipped corebox binary as a user would.
//! `COREBOX_BIN`/`COREBOX_RUNNER` select a cross-built binary and its
//! qemu-user runner (see qemu/test.sh).
// The package denies unsafe_code (Cargo.toml); these host-side helpers
// call libc directly.
#![allow(unsafe_code)]

mod harness;

mod basename_dirname;
mod basenc;
mod binary;
mod cat;
mod chcon;
mod chmod;
mod chown;
mod chroot;
mod comm;
mod cp;
mod csplit;
mod cut;
mod date;
mod dd;
mod dircolors;
mod echo;
mod env;
mod expand;
mod expr;
mod fmt;
mod fold;
mod full;
mod getopt;
mod head;
mod help;
mod hostname;
mod id;
mod ids;
mod install;
mod join;
mod kill;
mod limits;
mod link_unlink;
mod ln;
mod mkdir;
mod mknod;
mod mktemp;
mod multicall;
mod mv;
mod nice;
mod nl;
mod nohup;
mod nproc;
mod paste;
mod pathchk;
mod printenv;
mod printf;
mod pwd;
mod readlink;
mod rm;
mod scratch;
mod seq;
mod shred;
mod shuf;
mod sleep;
mod stat;
mod stdbuf;
mod stty;
mod sums;
mod sync;
mod tac;
mod tail;
mod tee;
mod test;
mod timeout;
mod touch;
mod tr;
mod tree;
mod true_false;
mod truncate;
mod tsort;
mod tty;
mod uname;
mod uniq;
mod wc;
mod who;
mod yes;
