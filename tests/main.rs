//! Integration tests: run the shipped corebox binary as a user would.
//! `COREBOX_BIN`/`COREBOX_RUNNER` select a cross-built binary and its
//! qemu-user runner (see qemu/test.sh).

mod harness;

mod basename_dirname;
mod basenc;
mod binary;
mod cat;
mod echo;
mod expand;
mod getopt;
mod head;
mod help;
mod ids;
mod link_unlink;
mod multicall;
mod nl;
mod nproc;
mod printenv;
mod pwd;
mod scratch;
mod sleep;
mod sums;
mod sync;
mod tac;
mod tee;
mod true_false;
mod tty;
mod uname;
mod wc;
mod yes;
