// corebox applet
// name: nproc
// usage: [OPTION]...
// option: --all
// option: --ignore=N
// help:
// Print the number of processing units available to the current process,
// which may be less than the number of online processors
//
//       --all      print the number of installed processors
//       --ignore=N  if possible, exclude N processing units
//       --help        display this help and exit
//       --version     output version information and exit

use super::{opt, SPEC};

/// OMP_NUM_THREADS / OMP_THREAD_LIMIT as gnulib reads them: a positive
/// decimal, optionally the first of a comma-separated list, else unset (0).
#[cfg_attr(corebox_opt, optimize(size))]
fn omp(name: &[u8]) -> u64 {
    let Some(v) = sys::env::var(name) else {
        return 0;
    };
    let v = v.trim_ascii_start();
    let digits = v.iter().take_while(|c| c.is_ascii_digit()).count();
    let rest = v[digits..].trim_ascii_start();
    if digits == 0 || !(rest.is_empty() || rest[0] == b',') {
        return 0;
    }
    logic::num::parse_u64_dec(&v[..digits]).unwrap_or(u64::MAX)
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (mut all, mut ignore) = (false, 0u64);
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            opt::ALL => all = true,
            _ => {
                ignore = crate::shared::cli::number_or_die(
                    o.arg.unwrap_or(b""),
                    b"",
                    0,
                    u64::MAX,
                    b"invalid number",
                )
            }
        }
    }
    if let Some(x) = opts.operands().first() {
        crate::shared::cli::extra_operand(&SPEC, x);
    }
    let current = || {
        sys::system::nproc_current()
            .or_else(sys::system::nproc_configured)
            .unwrap_or(1) as u64
    };
    let n = if all {
        sys::system::nproc_configured().map_or_else(current, |n| n as u64)
    } else {
        let limit = match omp(b"OMP_THREAD_LIMIT") {
            0 => u64::MAX,
            l => l,
        };
        match omp(b"OMP_NUM_THREADS") {
            0 => current().min(limit),
            t => t.min(limit),
        }
    };
    let n = if n > ignore { n - ignore } else { 1 };
    sys::out().num(n);
    sys::out().byte(b'\n');
    0
}
