// corebox applet
// name: split
// usage: [OPTION]... [FILE [PREFIX]]
// option: -b, --bytes=SIZE
// option: -l, --lines=NUMBER
// option: -C, --line-bytes=SIZE
// option: -n, --number=CHUNKS
// option: -e, --elide-empty-files
// option: -u, --unbuffered
// option: -a, --suffix-length=N
// option: --additional-suffix=SUFFIX
// option: --numeric-suffixes[=FROM]
// option: --hex-suffixes[=FROM]
// option: --filter=COMMAND
// option: --verbose
// option: -t, --separator=SEP
// option: ---io-blksize=SIZE
// option: -d
// option: -x
// option: -0
// option: -1
// option: -2
// option: -3
// option: -4
// option: -5
// option: -6
// option: -7
// option: -8
// option: -9
// help:
// Output pieces of FILE to PREFIXaa, PREFIXab, ...;
// default size is 1000 lines, and default PREFIX is 'x'.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -a, --suffix-length=N   generate suffixes of length N (default 2)
//       --additional-suffix=SUFFIX  append an additional SUFFIX to file names
//   -b, --bytes=SIZE        put SIZE bytes per output file
//   -C, --line-bytes=SIZE   put at most SIZE bytes of records per output file
//   -d                      use numeric suffixes starting at 0, not alphabetic
//       --numeric-suffixes[=FROM]  same as -d, but allow setting the start value
//   -x                      use hex suffixes starting at 0, not alphabetic
//       --hex-suffixes[=FROM]  same as -x, but allow setting the start value
//   -e, --elide-empty-files  do not generate empty output files with '-n'
//       --filter=COMMAND    write to shell COMMAND; file name is $FILE
//   -l, --lines=NUMBER      put NUMBER lines/records per output file
//   -n, --number=CHUNKS     generate CHUNKS output files; see explanation below
//   -t, --separator=SEP     use SEP instead of newline as the record separator;
//                             '\0' (zero) specifies the NUL character
//   -u, --unbuffered        immediately copy input to output with '-n r/...'
//       --verbose           print a diagnostic just before each
//                             output file is opened
//       --help        display this help and exit
//       --version     output version information and exit
//
// The SIZE argument is an integer and optional unit (example: 10K is 10*1024).
// Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).
// Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
//
// CHUNKS may be:
//   N       split into N files based on size of input
//   K/N     output Kth of N to stdout
//   l/N     split into N files without splitting lines/records
//   l/K/N   output Kth of N to stdout without splitting lines/records
//   r/N     like 'l' but use round robin distribution
//   r/K/N   likewise but only output Kth of N to stdout

//! GNU split.c: the same modes, buffer size (io_blksize, or the hidden
//! `---io-blksize`), file naming (suffixes widened as they run out) and
//! messages. `--filter` runs `$SHELL -c COMMAND` per piece with `FILE`
//! set, SIGPIPE blocked so a filter that stops reading only ends its own
//! piece. Records are counted a block at a time (SIMD), and looked for
//! one by one only in the block where a piece ends.

use super::{opt, SPEC};
use crate::shared::cli::{number_or_die, usage_error};
use crate::shared::diag::{die, quote, quoteaf, quotef};
use alloc::vec::Vec;
use sys::fs::{self, oflag, Stat, Whence};
use sys::io::{error, out, Fd, File};
use sys::Errno;

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Undef,
    Digits,
    Lines,
    Bytes,
    LineBytes,
    ChunkBytes,
    ChunkLines,
    RoundRobin,
}

const OFF_T_MAX: u64 = i64::MAX as u64;
const EMFILE: Errno = Errno(24);
const ENFILE: Errno = Errno(23);

/// The output file names: PREFIX, a suffix over an alphabet, the
/// additional suffix (GNU's next_file_name).
struct Names {
    name: Vec<u8>,
    /// Where the suffix starts.
    mid: usize,
    len: usize,
    /// Widen the suffix when it runs out (the default lengths only).
    auto: bool,
    alphabet: &'static [u8],
    start: Option<&'static [u8]>,
    additional: &'static [u8],
    /// Each suffix character's place in the alphabet; empty before the first.
    index: Vec<usize>,
}

impl Names {
    fn next(&mut self) {
        if self.index.is_empty() {
            return self.first();
        }
        let mut i = self.len;
        while i > 0 {
            i -= 1;
            self.index[i] += 1;
            if self.auto && i == 0 && self.index[0] + 1 == self.alphabet.len() {
                return self.widen();
            }
            if let Some(&c) = self.alphabet.get(self.index[i]) {
                self.name[self.mid + i] = c;
                return;
            }
            self.index[i] = 0;
            self.name[self.mid + i] = self.alphabet[0];
        }
        die(&[b"output file suffixes exhausted"], None)
    }

    fn first(&mut self) {
        self.index = zeroed(self.len);
        self.fill();
        if let Some(s) = self.start {
            let at = self.len - s.len();
            self.name[self.mid + at..self.mid + self.len].copy_from_slice(s);
            for (k, c) in s.iter().enumerate() {
                self.index[at + k] = self.alphabet.iter().position(|a| a == c).unwrap_or(0);
            }
        }
        self.check_length();
    }

    /// The suffix's first character joins the prefix, and a suffix one
    /// longer starts over: `xyz` is followed by `xzaaa`.
    fn widen(&mut self) {
        let c = self.alphabet[self.index[0]];
        self.name.truncate(self.mid);
        self.name.push(c);
        self.mid += 1;
        self.len += 1;
        self.index = zeroed(self.len);
        self.fill();
        self.check_length();
    }

    fn fill(&mut self) {
        self.name.truncate(self.mid);
        let a = self.alphabet[0];
        self.name.extend(core::iter::repeat_n(a, self.len));
        self.name.extend_from_slice(self.additional);
    }

    /// POSIX: a name too long for its directory fails before any file is
    /// made.
    fn check_length(&self) {
        let dir = logic::path::dirname(&self.name);
        let base = &self.name[logic::path::last_component(&self.name)..];
        if let Ok(max) = fs::name_max(dir) {
            if (max as usize) < logic::path::base_len(base) {
                die(&[&quotef(&self.name)], Some(Errno::NAMETOOLONG));
            }
        }
    }
}

/// A vector of `n` zeros, or `memory exhausted`.
fn zeroed<T: Clone + Default>(n: usize) -> Vec<T> {
    let mut v = Vec::new();
    if v.try_reserve_exact(n).is_err() {
        sys::io::memory_exhausted();
    }
    v.resize(n, T::default());
    v
}

/// A piece of `-n r/N`: its name, its file once opened, its filter.
struct RrFile {
    name: Vec<u8>,
    state: RrState,
    pid: i32,
    buf: Vec<u8>,
}

enum RrState {
    New,
    /// Made, and closed for want of descriptors: reopened appending.
    Append,
    Open(File),
}

/// stdio's buffer of a piece of `-n r/N` (st_blksize).
const RR_BUF: usize = 4096;

struct Split {
    names: Names,
    infile: &'static [u8],
    input: Fd,
    in_stat: Stat,
    filter: Option<&'static [u8]>,
    verbose: bool,
    elide: bool,
    unbuffered: bool,
    eol: u8,
    out: Option<File>,
    /// The filter of the current piece (0: none).
    pid: i32,
    /// The signal mask to give filters (before SIGPIPE was blocked).
    old_mask: sys::signal::Mask,
    /// A write failed with EPIPE last (GNU's errno, read by `-n r/N`).
    epipe: bool,
    /// Whether the current piece is a regular file.
    out_reg: bool,
    /// A regular input is spliced into pieces that are regular files,
    /// until the kernel refuses once.
    splice: bool,
}

impl Split {
    fn ignorable(&self, e: Errno) -> bool {
        self.filter.is_some() && e == Errno::PIPE
    }

    fn read(&self, buf: &mut [u8]) -> usize {
        self.input
            .read(buf)
            .unwrap_or_else(|e| die(&[&quotef(self.infile)], Some(e)))
    }

    /// create: the next output file (created or truncated, never the
    /// input), or the pipe to a new filter.
    fn create(&mut self, name: &[u8]) -> Result<File, Errno> {
        if let Some(cmd) = self.filter {
            self.out_reg = false;
            return Ok(self.spawn(cmd, name));
        }
        if self.verbose {
            let o = out();
            o.write(b"creating file ");
            o.write(&quoteaf(name));
            o.byte(b'\n');
        }
        let f = fs::open_flags(name, oflag::WRONLY | oflag::CREATE, 0o666)?;
        let st = fs::fstat(f.fd())
            .unwrap_or_else(|e| die(&[b"failed to stat ", &quoteaf(name)], Some(e)));
        if st.same_file(&self.in_stat) {
            die(&[&quoteaf(name), b" would overwrite input; aborting"], None);
        }
        // An empty file is left as it is: on ext4 a truncation to 0 makes
        // the close wait for the data to be allocated (auto_da_alloc).
        self.out_reg = st.is_reg();
        if st.size == 0 && st.is_reg() {
            return Ok(f);
        }
        if let Err(e) = fs::ftruncate(f.fd(), 0) {
            if st.is_reg() {
                die(&[&quotef(name), b": error truncating"], Some(e));
            }
        }
        Ok(f)
    }

    /// `$SHELL -c COMMAND` with `FILE=name`, reading a new pipe: returns
    /// the pipe's end to write.
    #[cold]
    fn spawn(&mut self, cmd: &'static [u8], name: &[u8]) -> File {
        let shell = sys::env::var(b"SHELL").unwrap_or(b"/bin/sh");
        if self.verbose {
            let o = out();
            o.write(b"executing with FILE=");
            o.write(&quotef(name));
            o.byte(b'\n');
        }
        let (r, w) = fs::pipe().unwrap_or_else(|e| die(&[b"failed to create pipe"], Some(e)));
        match sys::process::fork() {
            Ok(None) => {
                if let Err(e) = fs::dup_to(r.fd(), Fd::STDIN) {
                    die(&[b"moving input pipe"], Some(e));
                }
                sys::signal::set_blocked(self.old_mask).ok();
                let var = [&b"FILE="[..], name].concat();
                let mut env = sys::env::vars();
                match env.iter().position(|v| v.starts_with(b"FILE=")) {
                    Some(i) => env[i] = &var,
                    None => env.push(&var),
                }
                let argv0 = &shell[logic::path::last_component(shell)..];
                let e = sys::exec::execve(shell, &[argv0, b"-c", cmd], &env);
                let what: &[&[u8]] = &[b"failed to run command: \"", shell, b" -c ", cmd, b"\""];
                die(what, Some(e))
            }
            Err(e) => die(&[b"fork system call failed"], Some(e)),
            Ok(Some(pid)) => {
                self.pid = pid;
                w
            }
        }
    }

    /// The end of a filter: its failure ends split with its status.
    fn reap(&self, pid: i32, name: &[u8]) {
        use sys::process::Exit;
        if pid <= 0 {
            return;
        }
        let how = match sys::process::wait(pid, true, false) {
            Ok(Some((_, how))) => how,
            Ok(None) | Err(Errno(10)) => return,
            Err(e) => die(&[b"waiting for child process"], Some(e)),
        };
        let cmd = self.filter.unwrap_or_default();
        let (what, n, status): (&[u8], Vec<u8>, i32) = match how {
            Exit::Signal(sig, _) if sig != 13 => {
                let mut n = logic::signal::name(sig).unwrap_or_default();
                if n.is_empty() {
                    logic::digits::push_u64(&mut n, sig as u64);
                }
                (b", signal ", n, sig + 128)
            }
            Exit::Code(ex) if ex != 0 => {
                let mut n = Vec::new();
                logic::digits::push_u64(&mut n, ex as u64);
                (b", exit ", n, ex)
            }
            _ => return,
        };
        let msg: &[&[u8]] = &[
            b"with FILE=",
            &quotef(name),
            what,
            &n,
            b" from command: ",
            cmd,
        ];
        error(msg, None);
        sys::rt::exit(status)
    }

    /// A failure to write or close the current piece.
    #[cold]
    fn piece_error(&self, e: Errno) -> ! {
        die(&[&quotef(&self.names.name)], Some(e))
    }

    /// closeout of the current piece.
    fn close_current(&mut self) {
        if let Some(f) = self.out.take() {
            if let Err(e) = f.close() {
                self.piece_error(e);
            }
        }
        let pid = core::mem::take(&mut self.pid);
        self.reap(pid, &self.names.name);
    }

    /// cwrite: `data` to the current piece, after opening the next one
    /// when `new_file` (None: an empty piece, not made with -e). False
    /// when a filter stopped reading.
    fn cwrite(&mut self, new_file: bool, data: Option<&[u8]>) -> bool {
        if new_file {
            if data.is_none() && self.elide {
                return true;
            }
            self.close_current();
            self.names.next();
            let name = self.names.name.clone();
            match self.create(&name) {
                Ok(f) => self.out = Some(f),
                Err(e) => die(&[&quotef(&name)], Some(e)),
            }
        }
        let data = data.unwrap_or_default();
        if data.is_empty() {
            return true;
        }
        let fd = self.out.as_ref().map_or(Fd::STDOUT, |f| f.fd());
        match fd.write_all(data) {
            Ok(()) => true,
            Err(e) if self.ignorable(e) => false,
            Err(e) => self.piece_error(e),
        }
    }

    /// lines_split: pieces of `n_lines` records.
    fn lines(&mut self, n_lines: u64, buf: &mut [u8]) {
        let mut new_file = true;
        let mut have = 0u64;
        loop {
            let n_read = self.read(buf);
            let data = &buf[..n_read];
            let mut start = 0;
            loop {
                match nth_eol(&data[start..], self.eol, n_lines - have) {
                    Ok(at) => {
                        let end = start + at + 1;
                        self.cwrite(new_file, Some(&data[start..end]));
                        (start, new_file, have) = (end, true, 0);
                    }
                    Err(seen) => {
                        have += seen;
                        if start < data.len() {
                            self.cwrite(new_file, Some(&data[start..]));
                            new_file = false;
                        }
                        break;
                    }
                }
            }
            if n_read == 0 {
                break;
            }
        }
    }

    /// bytes_split: pieces of `n_bytes`; with `max_files`, the last one
    /// takes the rest and missing ones are made empty. `initial` bytes
    /// were read into `buf` already.
    fn bytes(&mut self, n_bytes: u64, buf: &mut [u8], mut initial: Option<usize>, max_files: u64) {
        let (mut new_file, mut filter_ok) = (true, true);
        let (mut to_write, mut opened) = (n_bytes, 0u64);
        loop {
            let (mut n_read, mut eof);
            if let Some(i) = initial.take() {
                (n_read, eof) = (i, i < buf.len());
            } else {
                if !filter_ok && fs::seek(self.input, Whence::Current(to_write as i64)).is_ok() {
                    (to_write, new_file) = (n_bytes, true);
                }
                // The rest of a piece begun, when over a buffer's worth.
                let copied = match (new_file, filter_ok) {
                    (false, true) if to_write >= buf.len() as u64 => self.splice_range(to_write),
                    _ => 0,
                };
                if copied != 0 {
                    (to_write, n_read, eof) = (to_write - copied, 0, false);
                } else {
                    n_read = self.read(buf);
                    eof = n_read == 0;
                }
            }
            let mut at = 0;
            while to_write <= n_read as u64 {
                let w = to_write as usize;
                if filter_ok || new_file {
                    filter_ok = self.cwrite(new_file, Some(&buf[at..at + w]));
                }
                opened += new_file as u64;
                new_file = max_files == 0 || opened < max_files;
                if !filter_ok && !new_file {
                    (n_read, eof) = (0, true);
                    break;
                }
                (at, n_read, to_write) = (at + w, n_read - w, n_bytes);
            }
            if n_read != 0 {
                if filter_ok || new_file {
                    filter_ok = self.cwrite(new_file, Some(&buf[at..at + n_read]));
                }
                opened += new_file as u64;
                new_file = false;
                if !filter_ok && opened == max_files {
                    break;
                }
                to_write -= n_read as u64;
            }
            if eof {
                break;
            }
        }
        self.make_rest(opened, max_files);
    }

    /// Up to `n` bytes of the input moved by the kernel into the current
    /// piece through a pipe (splice(2): no copy through user space, and
    /// on ext4 faster than copy_file_range): how many, 0 at the end of the
    /// input or where the kernel cannot, read and write then doing the
    /// rest and meeting any read error in GNU's words.
    fn splice_range(&mut self, n: u64) -> u64 {
        let Some(out) = self.out.as_ref().filter(|_| self.splice && self.out_reg) else {
            return 0;
        };
        match fs::splice_via_pipe(self.input, out.fd(), n) {
            Ok(k) => k,
            Err((true, _, k)) => {
                self.splice = false;
                k
            }
            Err((false, e, _)) => self.piece_error(e),
        }
    }

    /// The empty pieces up to `max_files`, so that every one exists.
    fn make_rest(&mut self, mut opened: u64, max_files: u64) {
        while opened < max_files {
            opened += 1;
            self.cwrite(true, None);
        }
    }

    /// line_bytes_split: pieces of at most `n_bytes`, cut after a record
    /// where one ends in them (else in the middle of one).
    fn line_bytes(&mut self, n_bytes: u64, buf: &mut [u8]) {
        let (mut n_out, mut hold) = (0u64, Vec::new());
        let mut split_line = false;
        loop {
            let n_read = self.read(buf);
            let (mut n_left, mut sob) = (n_read, 0usize);
            while n_left > 0 {
                let room = n_bytes.wrapping_sub(n_out).wrapping_sub(hold.len() as u64);
                let (eoc, mut split_rest) = if room <= n_left as u64 {
                    (true, room as usize)
                } else {
                    (false, 0)
                };
                let scan = if eoc { split_rest } else { n_left };
                let eol = logic::memchr::memrchr(self.eol, &buf[sob..sob + scan]);
                if !hold.is_empty() && (eol.is_some() || n_out == 0) {
                    self.cwrite(n_out == 0, Some(&hold));
                    n_out += hold.len() as u64;
                    hold.clear();
                }
                if let Some(e) = eol {
                    split_line = true;
                    let n = e + 1;
                    self.cwrite(n_out == 0, Some(&buf[sob..sob + n]));
                    (n_out, n_left, sob) = (n_out + n as u64, n_left - n, sob + n);
                    if eoc {
                        split_rest -= n;
                    }
                }
                if n_left > 0 && !split_line {
                    let n = if eoc { split_rest } else { n_left };
                    self.cwrite(n_out == 0, Some(&buf[sob..sob + n]));
                    (n_out, n_left, sob) = (n_out + n as u64, n_left - n, sob + n);
                    if eoc {
                        split_rest -= n;
                    }
                }
                if (eoc && split_rest > 0) || (!eoc && n_left > 0) {
                    let n = if eoc { split_rest } else { n_left };
                    hold.extend_from_slice(&buf[sob..sob + n]);
                    (n_left, sob) = (n_left - n, sob + n);
                }
                if eoc {
                    (n_out, split_line) = (0, false);
                }
            }
            if n_read == 0 {
                break;
            }
        }
        if !hold.is_empty() {
            self.cwrite(n_out == 0, Some(&hold));
        }
    }

    /// Moves the input to byte `start` of the chunk wanted, keeping what
    /// of it was read into `buf` already.
    fn skip_to(&self, start: i64, buf: &mut [u8], initial: usize) -> Option<usize> {
        if (start as u64) < initial as u64 {
            buf.copy_within(start as usize..initial, 0);
            return Some(initial - start as usize);
        }
        if let Err(e) = fs::seek(self.input, Whence::Current(start - initial as i64)) {
            die(&[&quotef(self.infile)], Some(e));
        }
        None
    }

    /// lines_chunk_split: `-n l/[K/]N`, a record going to the chunk
    /// where it starts.
    fn lines_chunk(&mut self, k: u64, n: u64, buf: &mut [u8], initial: usize, file_size: i64) {
        let chunk_size = file_size / n as i64;
        let (mut chunk_no, mut chunk_end, mut n_written) = (1u64, chunk_size - 1, 0i64);
        let (mut new_file, mut chunk_truncated) = (true, false);
        let mut initial = Some(initial);
        if k > 1 {
            let start = (k - 1) as i64 * chunk_size - 1;
            initial = self.skip_to(start, buf, initial.unwrap_or(0));
            (n_written, chunk_no) = (start, k - 1);
            chunk_end = chunk_no as i64 * chunk_size - 1;
        }
        while n_written < file_size {
            let n_read = match initial.take() {
                Some(i) => i,
                None => self.read(buf),
            };
            if n_read == 0 {
                break;
            }
            let eob = n_read.min((file_size - n_written) as usize);
            chunk_truncated = false;
            let mut bp = 0;
            while bp != eob {
                let skip = (eob - bp).min((chunk_end - n_written).max(0) as usize);
                let (bp_out, mut next) = match logic::memchr::memchr(self.eol, &buf[bp + skip..eob])
                {
                    Some(i) => (bp + skip + i + 1, true),
                    None => (eob, false),
                };
                if k == chunk_no {
                    write_stdout(&buf[bp..bp_out]);
                } else if k == 0 {
                    self.cwrite(new_file, Some(&buf[bp..bp_out]));
                }
                n_written += (bp_out - bp) as i64;
                (bp, new_file) = (bp_out, next);
                // A record may span whole chunks: they are made empty.
                while next || chunk_end < n_written {
                    if !next && bp == eob {
                        chunk_truncated = true;
                        break;
                    }
                    chunk_no += 1;
                    if k != 0 && chunk_no > k {
                        return;
                    }
                    chunk_end = if chunk_no == n {
                        file_size - 1
                    } else {
                        chunk_end + chunk_size
                    };
                    if chunk_end < n_written {
                        if k == 0 {
                            self.cwrite(true, None);
                        }
                    } else {
                        next = false;
                    }
                }
            }
        }
        if chunk_truncated {
            chunk_no += 1;
        }
        if k == 0 {
            self.make_rest(chunk_no - 1, n);
        }
    }

    /// bytes_chunk_extract: `-n K/N`, chunk K to standard output.
    fn bytes_chunk(&mut self, k: u64, n: u64, buf: &mut [u8], initial: usize, file_size: i64) {
        let chunk = file_size / n as i64;
        let mut start = (k - 1) as i64 * chunk;
        let end = if k == n { file_size } else { k as i64 * chunk };
        let mut initial = self.skip_to(start, buf, initial);
        while start < end {
            let n_read = match initial.take() {
                Some(i) => i,
                None => self.read(buf),
            };
            if n_read == 0 {
                break;
            }
            let n_read = (n_read as u64).min((end - start) as u64) as usize;
            if let Err(e) = Fd::STDOUT.write_all(&buf[..n_read]) {
                die(&[&quotef(b"-")], Some(e));
            }
            start += n_read as i64;
        }
    }

    /// input_file_size: the bytes left in the input, the first of them
    /// read into `buf` (how many: the second value).
    fn input_size(&self, buf: &mut [u8]) -> Result<(i64, usize), Option<Errno>> {
        let cur = match fs::seek(self.input, Whence::Current(0)) {
            Ok(c) => c as i64,
            Err(Errno::SPIPE) => return Err(None),
            Err(e) => return Err(Some(e)),
        };
        let mut size = 0;
        while size < buf.len() {
            match self.input.read(&mut buf[size..]).map_err(Some)? {
                0 => return Ok((size as i64, size)),
                n => size += n,
            }
        }
        // /dev/zero: seekable, no size, endless.
        if self.in_stat.size == 0 {
            return Err(Some(Errno::OVERFLOW));
        }
        let cur = cur + size as i64;
        let mut end = self.in_stat.size;
        if !self.in_stat.is_reg() || cur > end {
            end = fs::seek(self.input, Whence::End(0)).map_err(Some)? as i64;
            if end != cur {
                fs::seek(self.input, Whence::Start(cur as u64)).map_err(Some)?;
                end = end.max(cur);
            }
        }
        let total = size as i64 + (end - cur);
        if total == i64::MAX {
            return Err(Some(Errno::OVERFLOW));
        }
        Ok((total, size))
    }
}

/// Writes a chunk extracted to standard output, or dies.
fn write_stdout(data: &[u8]) {
    if let Err(e) = Fd::STDOUT.write_all(data) {
        die(&[b"write error"], Some(e));
    }
}

/// Where the `k`-th `eol` of `hay` is, or how many there are (fewer).
fn nth_eol(hay: &[u8], eol: u8, k: u64) -> Result<usize, u64> {
    const BLOCK: usize = 16 * 1024;
    let mut seen = 0u64;
    let mut at = 0;
    while at < hay.len() {
        let end = (at + BLOCK).min(hay.len());
        // Counting is cheaper than stopping at each record: a block is
        // searched record by record only when it holds the one wanted.
        let c = if k - seen < 64 {
            k - seen
        } else {
            sys::simd::count_byte(eol, &hay[at..end]) as u64
        };
        if seen + c >= k {
            for i in logic::memchr::memchr_iter(eol, &hay[at..end]) {
                seen += 1;
                if seen == k {
                    return Ok(at + i);
                }
            }
        } else {
            seen += c;
        }
        at = end;
    }
    Err(seen)
}

/// GNU's `-n` argument: the mode, K (0: all) and N.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse_chunks(arg: &'static [u8]) -> (Mode, u64, u64) {
    let mut a = &arg[arg
        .iter()
        .take_while(|b| b.is_ascii_whitespace() || **b == 0x0b)
        .count()..];
    let mode = if let Some(r) = a.strip_prefix(b"r/") {
        a = r;
        Mode::RoundRobin
    } else if let Some(l) = a.strip_prefix(b"l/") {
        a = l;
        Mode::ChunkLines
    } else {
        Mode::ChunkBytes
    };
    const CHUNKS: &[u8] = b"invalid number of chunks";
    match a.iter().position(|&b| b == b'/') {
        Some(s) => {
            let n = number_or_die(&a[s + 1..], b"", 1, u64::MAX, CHUNKS);
            let k = if s > 0 {
                number_or_die(&a[..s], b"", 1, n, b"invalid chunk number")
            } else {
                0
            };
            (mode, k, n)
        }
        None => (mode, 0, number_or_die(a, b"", 1, u64::MAX, CHUNKS)),
    }
}

struct Options {
    mode: Mode,
    k: u64,
    n: u64,
    suffix_length: u64,
    alphabet: &'static [u8],
    start: Option<&'static [u8]>,
    additional: &'static [u8],
    filter: Option<&'static [u8]>,
    verbose: bool,
    elide: bool,
    unbuffered: bool,
    eol: Option<u8>,
    blksize: usize,
}

#[cold]
fn one_way() -> ! {
    usage_error(&SPEC, &[b"cannot split in more than one way"])
}

fn set_mode(o: &mut Options, m: Mode) {
    if o.mode != Mode::Undef {
        one_way();
    }
    o.mode = m;
}

/// `-t SEP`: one byte, or `\0`.
fn separator(o: &mut Options, arg: &[u8]) {
    let sep = match arg {
        [] => die(&[b"empty record separator"], None),
        [c] => *c,
        b"\\0" => 0,
        _ => die(&[b"multi-character separator ", &quote(arg)], None),
    };
    if o.eol.is_some_and(|e| e != sep) {
        die(&[b"multiple separator characters specified"], None);
    }
    o.eol = Some(sep);
}

/// `-d`/`-x` and their long forms with a start value.
fn suffix_kind(o: &mut Options, hex: bool, arg: Option<&'static [u8]>) {
    o.alphabet = if hex {
        b"0123456789abcdef"
    } else {
        b"0123456789"
    };
    if let Some(a) = arg {
        if !a.iter().all(|c| o.alphabet.contains(c)) {
            let what: &[u8] = if hex {
                b": invalid start value for hexadecimal suffix"
            } else {
                b": invalid start value for numerical suffix"
            };
            usage_error(&SPEC, &[&quote(a), what]);
        }
        let zeros = a
            .iter()
            .take_while(|&&c| c == b'0')
            .count()
            .min(a.len().saturating_sub(1));
        o.start = Some(&a[zeros..]);
    }
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Options, Vec<&'static [u8]>) {
    let mut o = Options {
        mode: Mode::Undef,
        k: 0,
        n: 0,
        suffix_length: 0,
        alphabet: b"abcdefghijklmnopqrstuvwxyz",
        start: None,
        additional: b"",
        filter: None,
        verbose: false,
        elide: false,
        unbuffered: false,
        eol: None,
        blksize: 0,
    };
    const MULT: &[u8] = b"bEGKkMmPTYZ0";
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    let mut digits_at = usize::MAX;
    loop {
        let this_arg = opts.rest().len();
        let Some(op) = opts.next() else { break };
        let arg = op.arg.unwrap_or_default();
        match op.key {
            'a' => {
                let max = u64::MAX / 8;
                o.suffix_length = number_or_die(arg, b"", 0, max, b"invalid suffix length");
            }
            opt::ADDITIONAL_SUFFIX => {
                if logic::path::last_component(arg) != 0 {
                    let m: &[&[u8]] = &[
                        b"invalid suffix ",
                        &quote(arg),
                        b", contains directory separator",
                    ];
                    usage_error(&SPEC, m);
                }
                o.additional = arg;
            }
            'b' => {
                set_mode(&mut o, Mode::Bytes);
                o.n = number_or_die(arg, MULT, 1, OFF_T_MAX, b"invalid number of bytes");
            }
            'l' => {
                set_mode(&mut o, Mode::Lines);
                o.n = number_or_die(arg, b"", 1, u64::MAX, b"invalid number of lines");
            }
            'C' => {
                set_mode(&mut o, Mode::LineBytes);
                let max = OFF_T_MAX.min(usize::MAX as u64);
                o.n = number_or_die(arg, MULT, 1, max, b"invalid number of bytes");
            }
            'n' => {
                set_mode(&mut o, Mode::Undef);
                (o.mode, o.k, o.n) = parse_chunks(arg);
            }
            'u' => o.unbuffered = true,
            't' => separator(&mut o, arg),
            d @ '0'..='9' => {
                if o.mode == Mode::Undef {
                    (o.mode, o.n) = (Mode::Digits, 0);
                }
                if o.mode != Mode::Digits {
                    one_way();
                }
                if digits_at != usize::MAX && digits_at != this_arg {
                    o.n = 0;
                }
                digits_at = this_arg;
                let v = d as u64 - '0' as u64;
                match o.n.checked_mul(10).and_then(|n| n.checked_add(v)) {
                    Some(n) => o.n = n,
                    None => {
                        let mut m = b"line count option -".to_vec();
                        logic::digits::push_u64(&mut m, o.n);
                        m.push(d as u8);
                        m.extend_from_slice(b"... is too large");
                        die(&[&m], None);
                    }
                }
            }
            'd' | opt::NUMERIC_SUFFIXES => suffix_kind(&mut o, false, op.arg),
            'x' | opt::HEX_SUFFIXES => suffix_kind(&mut o, true, op.arg),
            'e' => o.elide = true,
            opt::FILTER => o.filter = Some(arg),
            opt::_IO_BLKSIZE => {
                let max = (isize::MAX as u64).min(usize::MAX as u64) - 1;
                o.blksize = number_or_die(arg, MULT, 1, max, b"invalid IO block size") as usize;
            }
            opt::VERBOSE => o.verbose = true,
            _ => {}
        }
    }
    (o, opts.operands())
}

/// set_suffix_length: the suffix's length, and whether it may widen.
fn suffix_length(o: &Options) -> (usize, bool) {
    let mut auto = o.start.is_none();
    let mut needed = 0u64;
    if matches!(
        o.mode,
        Mode::ChunkBytes | Mode::ChunkLines | Mode::RoundRobin
    ) {
        let mut end = o.n - 1;
        if let Some(s) = o.start {
            if let Ok(start) = logic::num::parse_size(s, b"") {
                if start <= u64::MAX - o.n && start < o.n {
                    end += start;
                }
            }
        }
        loop {
            needed += 1;
            end /= o.alphabet.len() as u64;
            if end == 0 {
                break;
            }
        }
        auto = false;
    }
    if o.suffix_length != 0 {
        if o.suffix_length < needed {
            let mut m = b"the suffix length needs to be at least ".to_vec();
            logic::digits::push_u64(&mut m, needed);
            die(&[&m], None);
        }
        return (o.suffix_length as usize, false);
    }
    (needed.max(2) as usize, auto)
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (mut o, ops) = parse(args);
    if o.k != 0 && o.filter.is_some() {
        usage_error(
            &SPEC,
            &[b"--filter does not process a chunk extracted to stdout"],
        );
    }
    if o.mode == Mode::Undef {
        (o.mode, o.n) = (Mode::Lines, 1000);
    }
    if o.n == 0 {
        usage_error(&SPEC, &[b"invalid number of lines: ", &quote(b"0")]);
    }
    let (len, auto) = suffix_length(&o);
    if let Some(extra) = ops.get(2) {
        crate::shared::cli::extra_operand(&SPEC, extra);
    }
    let infile = ops.first().copied().unwrap_or(b"-");
    let prefix = ops.get(1).copied().unwrap_or(b"x");
    if o.start.is_some_and(|s| s.len() > len) {
        let m = b"numerical suffix start value is too large for the suffix length";
        usage_error(&SPEC, &[m]);
    }
    let input = (infile != b"-").then(|| {
        fs::open(infile, fs::Open::Read).unwrap_or_else(|e| {
            die(
                &[b"cannot open ", &quoteaf(infile), b" for reading"],
                Some(e),
            )
        })
    });
    let fd = input.as_ref().map_or(Fd::STDIN, |f| f.fd());
    let in_stat = fs::fstat(fd).unwrap_or_else(|e| die(&[&quotef(infile)], Some(e)));
    let mut s = Split {
        names: Names {
            name: prefix.to_vec(),
            mid: prefix.len(),
            len,
            auto,
            alphabet: o.alphabet,
            start: o.start,
            additional: o.additional,
            index: Vec::new(),
        },
        infile,
        input: fd,
        in_stat,
        filter: o.filter,
        verbose: o.verbose,
        elide: o.elide,
        unbuffered: o.unbuffered,
        eol: o.eol.unwrap_or(b'\n'),
        out: None,
        pid: 0,
        old_mask: 0,
        epipe: false,
        out_reg: false,
        splice: in_stat.is_reg(),
    };
    if o.blksize == 0 {
        o.blksize = (in_stat.blksize as usize).max(128 * 1024);
    }
    let mut buf = zeroed::<u8>(o.blksize);
    run(&mut s, &o, &mut buf);
    drop(buf);
    let closed = match input {
        None => sys::io::close_stdin(),
        Some(f) => f.close(),
    };
    if let Err(e) = closed {
        die(&[&quotef(infile)], Some(e));
    }
    s.close_current();
    0
}

fn run(s: &mut Split, o: &Options, buf: &mut [u8]) {
    let chunked = matches!(o.mode, Mode::ChunkBytes | Mode::ChunkLines);
    let (mut file_size, mut initial) = (i64::MAX, 0);
    if chunked {
        (file_size, initial) = s
            .input_size(buf)
            .unwrap_or_else(|e| die(&[&quotef(s.infile), b": cannot determine file size"], e));
        if o.n > OFF_T_MAX {
            let mut n = Vec::new();
            logic::digits::push_u64(&mut n, o.n);
            let m: &[&[u8]] = &[b"invalid number of chunks: ", &quote(&n)];
            die(m, Some(Errno::OVERFLOW));
        }
        file_size = file_size.max(o.n as i64);
    }
    if s.filter.is_some() {
        let old = sys::signal::blocked().unwrap_or(0);
        let pipe = if sys::signal::is_ignored(sys::signal::Sig::PIPE) {
            0
        } else {
            1 << (13 - 1)
        };
        sys::signal::set_blocked(old | pipe).ok();
        s.old_mask = old;
    }
    match o.mode {
        Mode::Bytes => s.bytes(o.n, buf, None, 0),
        Mode::LineBytes => s.line_bytes(o.n, buf),
        Mode::ChunkBytes if o.k != 0 => s.bytes_chunk(o.k, o.n, buf, initial, file_size),
        Mode::ChunkBytes => s.bytes(file_size as u64 / o.n, buf, Some(initial), o.n),
        Mode::ChunkLines => s.lines_chunk(o.k, o.n, buf, initial, file_size),
        Mode::RoundRobin => s.round_robin(o.k, o.n, buf),
        _ => s.lines(o.n, buf),
    }
}

impl Split {
    /// lines_rr: `-n r/[K/]N`, records dealt out in turn.
    fn round_robin(&mut self, k: u64, n: u64, buf: &mut [u8]) {
        if k != 0 {
            return self.round_robin_k(k, n, buf);
        }
        let count = usize::try_from(n).unwrap_or_else(|_| sys::io::memory_exhausted());
        let mut files: Vec<RrFile> = Vec::new();
        if files.try_reserve_exact(count).is_err() {
            sys::io::memory_exhausted();
        }
        for _ in 0..count {
            self.names.next();
            files.push(RrFile {
                name: self.names.name.clone(),
                state: RrState::New,
                pid: 0,
                buf: Vec::new(),
            });
        }
        let (mut i, mut wrapped, mut wrote, mut file_limit) = (0, false, false, false);
        'input: loop {
            let n_read = self.read(buf);
            if n_read == 0 {
                break;
            }
            let mut bp = 0;
            while bp != n_read {
                let (end, next) = match logic::memchr::memchr(self.eol, &buf[bp..n_read]) {
                    Some(at) => (bp + at + 1, true),
                    None => (n_read, false),
                };
                file_limit |= self.rr_open(&mut files, i);
                self.rr_write(&mut files[i], &buf[bp..end]);
                wrote |= !self.epipe;
                if file_limit {
                    self.rr_close(&mut files[i], false);
                    files[i].state = RrState::Append;
                }
                if next {
                    i += 1;
                    if i == count {
                        wrapped = true;
                        // No filter reads any more: stop.
                        if !wrote {
                            break 'input;
                        }
                        (wrote, i) = (false, 0);
                    }
                }
                bp = end;
            }
        }
        let ceiling = if wrapped { count } else { i };
        for j in 0..count {
            if j >= ceiling && !self.elide {
                self.rr_open(&mut files, j);
            }
            if matches!(files[j].state, RrState::Open(_)) {
                self.rr_close(&mut files[j], true);
                let pid = core::mem::take(&mut files[j].pid);
                self.reap(pid, &files[j].name);
            }
            files[j].state = RrState::Append;
        }
    }

    /// `-n r/K/N`: every N-th record from the K-th to standard output.
    fn round_robin_k(&mut self, k: u64, n: u64, buf: &mut [u8]) {
        let mut line_no = 1u64;
        loop {
            let n_read = self.read(buf);
            if n_read == 0 {
                break;
            }
            let mut bp = 0;
            while bp != n_read {
                let (end, next) = match logic::memchr::memchr(self.eol, &buf[bp..n_read]) {
                    Some(at) => (bp + at + 1, true),
                    None => (n_read, false),
                };
                if line_no == k {
                    if self.unbuffered {
                        out().flush().ok();
                        write_stdout(&buf[bp..end]);
                    } else {
                        out().write(&buf[bp..end]);
                    }
                }
                if next {
                    line_no = if line_no == n { 1 } else { line_no + 1 };
                }
                bp = end;
            }
        }
    }

    /// ofile_open: piece `i` open, closing others when descriptors run
    /// out; returns whether they did.
    fn rr_open(&mut self, files: &mut [RrFile], i: usize) -> bool {
        if matches!(files[i].state, RrState::Open(_)) {
            return false;
        }
        let n = files.len();
        let mut limit = false;
        let mut reopen = if i > 0 { i - 1 } else { n - 1 };
        let f = loop {
            let name = files[i].name.clone();
            let r = match files[i].state {
                RrState::New => self.create(&name),
                _ => fs::open_flags(&name, oflag::WRONLY | oflag::APPEND | oflag::NONBLOCK, 0),
            };
            let e = match r {
                Ok(f) => break f,
                Err(e) if e != EMFILE && e != ENFILE => die(&[&quotef(&name)], Some(e)),
                Err(e) => e,
            };
            (limit, self.epipe) = (true, false);
            while !matches!(files[reopen].state, RrState::Open(_)) {
                reopen = if reopen > 0 { reopen - 1 } else { n - 1 };
                if reopen == i {
                    die(&[&quotef(&name)], Some(e));
                }
            }
            self.rr_close(&mut files[reopen], false);
            files[reopen].state = RrState::Append;
        };
        files[i].state = RrState::Open(f);
        files[i].pid = core::mem::take(&mut self.pid);
        limit
    }

    /// fwrite to a piece (or write, with -u).
    fn rr_write(&mut self, f: &mut RrFile, data: &[u8]) {
        if self.unbuffered {
            return self.rr_flush(f, data);
        }
        f.buf.extend_from_slice(data);
        if f.buf.len() >= RR_BUF {
            let b = core::mem::take(&mut f.buf);
            self.rr_flush(f, &b);
            f.buf = b;
            f.buf.clear();
        }
    }

    fn rr_flush(&mut self, f: &RrFile, data: &[u8]) {
        let RrState::Open(file) = &f.state else {
            return;
        };
        if let Err(e) = file.fd().write_all(data) {
            if !self.ignorable(e) {
                die(&[&quotef(&f.name)], Some(e));
            }
            self.epipe = true;
        }
    }

    /// fclose of a piece: its buffer written, then closed; a filter's
    /// EPIPE is no error when `ignore_epipe`.
    fn rr_close(&mut self, f: &mut RrFile, ignore_epipe: bool) {
        let b = core::mem::take(&mut f.buf);
        let RrState::Open(file) = core::mem::replace(&mut f.state, RrState::Append) else {
            return;
        };
        let r = file.fd().write_all(&b).and_then(|_| file.close());
        if let Err(e) = r {
            if !(ignore_epipe && self.ignorable(e)) {
                die(&[&quotef(&f.name)], Some(e));
            }
            self.epipe = true;
        }
    }
}
