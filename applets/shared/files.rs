//! The FILE operands of GNU's filters: standard input when there are
//! none, `-` for standard input, each file opened and reported GNU's way,
//! standard input closed (and its error reported) at the end, the
//! `==> NAME <==` headers of head and tail, and `--files0-from`.

use super::diag::{die, quoteaf, quotef};
use alloc::vec::Vec;
use sys::fs::Input;
use sys::io::{error, out};
use sys::Errno;

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

/// The file names of `--files0-from=FILE` (`-`: standard input) one at
/// a time, NUL-separated, the last one with or without its NUL, as
/// gnulib's argv_iter reads them from a stream (du, wc).
pub struct Files0 {
    input: Input,
    data: Vec<u8>,
    pos: usize,
    eof: bool,
    error: Option<Errno>,
    count: usize,
}

impl Files0 {
    /// Opens the list or ends the program: `cannot open 'F' for reading`.
    pub fn open(from: &[u8]) -> Files0 {
        let input = Input::open(from)
            .unwrap_or_else(|e| die(&[b"cannot open ", &quoteaf(from), b" for reading"], Some(e)));
        Files0 {
            input,
            data: Vec::new(),
            pos: 0,
            eof: false,
            error: None,
            count: 0,
        }
    }

    /// Whether the list is a regular file.
    pub fn regular(&self) -> bool {
        sys::fs::fstat(self.input.fd()).is_ok_and(|st| st.is_reg())
    }

    /// How many names were read so far (argv_iter_n_args).
    pub fn count(&self) -> usize {
        self.count
    }

    /// The next name; a read error comes after the names read before it,
    /// and ends the list.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Result<Vec<u8>, Errno>> {
        loop {
            let rest = &self.data[self.pos..];
            if let Some(z) = rest.iter().position(|&b| b == 0) {
                let name = rest[..z].to_vec();
                self.pos += z + 1;
                self.count += 1;
                return Some(Ok(name));
            }
            if self.eof || self.error.is_some() {
                if !rest.is_empty() {
                    let name = rest.to_vec();
                    self.pos = self.data.len();
                    self.count += 1;
                    return Some(Ok(name));
                }
                return self.error.take().map(|e| {
                    self.eof = true;
                    Err(e)
                });
            }
            self.data.drain(..self.pos);
            self.pos = 0;
            let old = self.data.len();
            logic::fill::grow(&mut self.data, old + 64 * 1024, 0);
            match self.input.fd().read(&mut self.data[old..]) {
                Ok(n) => {
                    self.data.truncate(old + n);
                    self.eof = n == 0;
                }
                Err(e) => {
                    self.data.truncate(old);
                    self.error = Some(e);
                }
            }
        }
    }
}

/// `NAME: F: read error: ERROR` for a list of names that could not be
/// read to its end.
pub fn files0_read_error(from: &[u8], e: Errno) {
    error(&[&quotef(from), b": read error"], Some(e));
}

/// Reports a name of a `--files0-from` list (or an operand) that names
/// no file: an empty one (`F:N: invalid zero-length file name`, `N` its
/// place in the list; without a list, no place), or `-` in a list read
/// from standard input.
pub fn invalid_files0_name(files0_from: Option<&[u8]>, number: usize, name: &[u8]) {
    if !name.is_empty() {
        error(
            &[
                b"when reading file names from stdin, no file name of ",
                &quoteaf(name),
                b" allowed",
            ],
            None,
        );
        return;
    }
    match files0_from {
        Some(from) => {
            let mut pos = Vec::new();
            logic::digits::push_u64(&mut pos, number as u64);
            let msg: &[&[u8]] = &[
                &quotef(from),
                b":",
                &pos,
                b": invalid zero-length file name",
            ];
            error(msg, None);
        }
        None => error(&[b"invalid zero-length file name"], None),
    }
}

/// The whole list of `--files0-from=FILE` (wc), whether it came from a
/// regular file, and whether it was read to its end. A regular file is
/// read whole first, as gnulib's readtokens0 (an error ends the program:
/// `cannot read file names from 'F'`); any other is a stream whose read
/// error is reported as argv_iter's.
pub fn files0_from(from: &[u8]) -> (Vec<Vec<u8>>, bool, bool) {
    let mut list = Files0::open(from);
    let regular = list.regular();
    let mut names = Vec::new();
    let mut ok = true;
    while let Some(r) = list.next() {
        match r {
            Ok(n) => names.push(n),
            Err(e) if regular => die(&[b"cannot read file names from ", &quoteaf(from)], Some(e)),
            Err(e) => {
                files0_read_error(from, e);
                ok = false;
            }
        }
    }
    (names, regular, ok)
}
