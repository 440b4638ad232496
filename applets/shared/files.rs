//! The FILE operands of GNU's filters: standard input when there are
//! none, `-` for standard input, each file opened and reported GNU's way,
//! standard input closed (and its error reported) at the end, the
//! `==> NAME <==` headers of head and tail, and `--files0-from`.

use super::diag::{die, quoteaf, quotef};
use alloc::vec::Vec;
use sys::fs::Input;
use sys::io::{error, out};

/// The operands, or `-` (standard input) when there are none.
pub fn or_stdin(mut files: Vec<&'static [u8]>) -> Vec<&'static [u8]> {
    if files.is_empty() {
        files.push(b"-");
    }
    files
}

/// Opens `name` (`-` is standard input), reporting a failure the way most
/// GNU filters do: `NAME: FILE: ERROR`, the name quoted if it must be.
pub fn open_or_report(name: &[u8]) -> Option<Input> {
    Input::open(name)
        .map_err(|e| error(&[&quotef(name)], Some(e)))
        .ok()
}

/// The end of a filter: closes standard input when an operand it reached
/// named it (a loop that stops early, on a write error, passes only the
/// operands it reached)
/// (reporting `NAME: -: ERROR` as GNU does); 0 when all went well, else 1.
pub fn finish(files: &[&[u8]], ok: bool) -> i32 {
    sys::io::finish_stdin(files.contains(&&b"-"[..]), b"-", ok)
}

/// Reads the operands one after another as one stream (`-` is standard
/// input), handing each block read to `f`. A file that cannot be opened or
/// read is reported (`NAME: FILE: ERROR`) and skipped. Returns whether all
/// went well.
pub fn read_stream(names: &[&[u8]], mut f: impl FnMut(&[u8])) -> bool {
    let mut buf = alloc::vec![0u8; 128 * 1024];
    let mut ok = true;
    for &name in names {
        let Some(input) = open_or_report(name) else {
            ok = false;
            continue;
        };
        loop {
            match input.fd().read(&mut buf) {
                Ok(0) => break,
                Ok(n) => f(&buf[..n]),
                Err(e) => {
                    ok = super::diag::file_error(name, e);
                    break;
                }
            }
        }
    }
    ok
}

/// When head and tail print the `==> NAME <==` headers (-q, -v).
#[derive(Clone, Copy, PartialEq)]
pub enum HeaderMode {
    /// With more than one FILE (the default).
    Multiple,
    Always,
    Never,
}

impl HeaderMode {
    pub fn shown(self, files: usize) -> bool {
        self == HeaderMode::Always || (self == HeaderMode::Multiple && files > 1)
    }
}

/// The `==> NAME <==` headers of head and tail: a blank line before
/// every header but the first.
#[derive(Default)]
pub struct Headers {
    written: bool,
}

impl Headers {
    pub fn write(&mut self, name: &[u8]) {
        out().write(if self.written { b"\n==> " } else { b"==> " });
        out().write(name);
        out().write(b" <==\n");
        self.written = true;
    }
}

/// The file names of `--files0-from=FILE` (`-`: standard input),
/// NUL-separated, and whether they came from a regular file. Errors in
/// reading the list end the program with GNU's messages.
pub fn files0_from(from: &[u8]) -> (Vec<Vec<u8>>, bool) {
    let input = Input::open(from)
        .unwrap_or_else(|e| die(&[b"cannot open ", &quoteaf(from), b" for reading"], Some(e)));
    let regular = sys::fs::fstat(input.fd()).is_ok_and(|st| st.is_reg());
    let mut data = Vec::new();
    let mut buf = alloc::vec![0u8; 64 * 1024];
    loop {
        match input.fd().read(&mut buf) {
            Ok(0) => break,
            Ok(n) => data.extend_from_slice(&buf[..n]),
            Err(e) => die(&[b"cannot read file names from ", &quoteaf(from)], Some(e)),
        }
    }
    if data.last().is_some_and(|&b| b != 0) {
        data.push(0);
    }
    // Every name ends in a NUL now: the piece after the last one is not a name.
    let mut names: Vec<Vec<u8>> = data.split(|&b| b == 0).map(Vec::from).collect();
    names.pop();
    (names, regular)
}
