// corebox applet
// name: dd
// usage: [OPERAND]...
// usage: OPTION
// help:
// Copy a file, converting and formatting according to the operands.
//
//   bs=BYTES        read and write up to BYTES bytes at a time (default: 512);
//                   overrides ibs and obs
//   cbs=BYTES       convert BYTES bytes at a time
//   conv=CONVS      convert the file as per the comma separated symbol list
//   count=N         copy only N input blocks
//   ibs=BYTES       read up to BYTES bytes at a time (default: 512)
//   if=FILE         read from FILE instead of stdin
//   iflag=FLAGS     read as per the comma separated symbol list
//   obs=BYTES       write BYTES bytes at a time (default: 512)
//   of=FILE         write to FILE instead of stdout
//   oflag=FLAGS     write as per the comma separated symbol list
//   seek=N          (or oseek=N) skip N obs-sized output blocks
//   skip=N          (or iseek=N) skip N ibs-sized input blocks
//   status=LEVEL    The LEVEL of information to print to stderr;
//                   'none' suppresses everything but error messages,
//                   'noxfer' suppresses the final transfer statistics,
//                   'progress' shows periodic transfer statistics
//
// N and BYTES may be followed by the following multiplicative suffixes:
// c=1, w=2, b=512, kB=1000, K=1024, MB=1000*1000, M=1024*1024, xM=M,
// GB=1000*1000*1000, G=1024*1024*1024, and so on for T, P, E, Z, Y.
// Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
// If N ends in 'B', it counts bytes not blocks.
//
// Each CONV symbol may be:
//
//   ascii     from EBCDIC to ASCII
//   ebcdic    from ASCII to EBCDIC
//   ibm       from ASCII to alternate EBCDIC
//   block     pad newline-terminated records with spaces to cbs-size
//   unblock   replace trailing spaces in cbs-size records with newline
//   lcase     change upper case to lower case
//   ucase     change lower case to upper case
//   sparse    try to seek rather than write all-NUL output blocks
//   swab      swap every pair of input bytes
//   sync      pad every input block with NULs to ibs-size; when used
//             with block or unblock, pad with spaces rather than NULs
//   excl      fail if the output file already exists
//   nocreat   do not create the output file
//   notrunc   do not truncate the output file
//   noerror   continue after read errors
//   fdatasync  physically write output file data before finishing
//   fsync     likewise, but also write metadata
//
// Each FLAG symbol may be:
//
//   append    append mode (makes sense only for output; conv=notrunc suggested)
//   direct    use direct I/O for data
//   directory  fail unless a directory
//   dsync     use synchronized I/O for data
//   sync      likewise, but also for metadata
//   fullblock  accumulate full blocks of input (iflag only)
//   nonblock  use non-blocking I/O
//   noatime   do not update access time
//   nocache   Request to drop cache.  See also oflag=sync
//   noctty    do not assign controlling terminal from file
//   nofollow  do not follow symlinks
//
// Sending a USR1 signal to a running 'dd' process makes it
// print I/O statistics to standard error and then resume copying.
//
// Options are:
//
//       --help        display this help and exit
//       --version     output version information and exit

//! dd: GNU dd.c. Operands, conversions (ASCII/EBCDIC tables, block and
//! unblock, case, swab, sync, sparse), iflag/oflag as open and fcntl
//! flags, skip/seek by lseek or by reading, noerror past bad blocks, and
//! GNU's statistics lines. SIGUSR1 is blocked and taken between blocks
//! (corebox installs no signal handlers), so a read that waits for data
//! reports after it returns.

use super::SPEC;
use crate::shared::cli::usage_error;
use crate::shared::diag::{die, quote, quoteaf, quotef};
use alloc::string::String;
use alloc::vec::Vec;
use logic::dd::{human, parse_integer, rate, NumError};
use sys::fs::{self, oflag, Whence};
use sys::io::{error, Fd, File};
use sys::Errno;

const C_ASCII: u32 = 0o1;
const C_EBCDIC: u32 = 0o2;
const C_IBM: u32 = 0o4;
const C_BLOCK: u32 = 0o10;
const C_UNBLOCK: u32 = 0o20;
const C_LCASE: u32 = 0o40;
const C_UCASE: u32 = 0o100;
const C_SWAB: u32 = 0o200;
const C_NOERROR: u32 = 0o400;
const C_NOTRUNC: u32 = 0o1000;
const C_SYNC: u32 = 0o2000;
const C_TWOBUFS: u32 = 0o4000;
const C_NOCREAT: u32 = 0o10000;
const C_EXCL: u32 = 0o20000;
const C_FDATASYNC: u32 = 0o40000;
const C_FSYNC: u32 = 0o100000;
const C_SPARSE: u32 = 0o200000;

const CONVERSIONS: &[(&[u8], u32)] = &[
    (b"ascii", C_ASCII | C_UNBLOCK | C_TWOBUFS),
    (b"ebcdic", C_EBCDIC | C_BLOCK | C_TWOBUFS),
    (b"ibm", C_IBM | C_BLOCK | C_TWOBUFS),
    (b"block", C_BLOCK | C_TWOBUFS),
    (b"unblock", C_UNBLOCK | C_TWOBUFS),
    (b"lcase", C_LCASE | C_TWOBUFS),
    (b"ucase", C_UCASE | C_TWOBUFS),
    (b"sparse", C_SPARSE),
    (b"swab", C_SWAB | C_TWOBUFS),
    (b"noerror", C_NOERROR),
    (b"nocreat", C_NOCREAT),
    (b"excl", C_EXCL),
    (b"notrunc", C_NOTRUNC),
    (b"sync", C_SYNC),
    (b"fdatasync", C_FDATASYNC),
    (b"fsync", C_FSYNC),
];

// dd's private flags, above every O_ bit the kernel uses here.
const O_FULLBLOCK: u64 = 1 << 40;
const O_NOCACHE: u64 = 1 << 41;
const O_COUNT_BYTES: u64 = 1 << 42;
const O_SKIP_BYTES: u64 = 1 << 43;
const O_SEEK_BYTES: u64 = 1 << 44;

fn flags() -> [(&'static [u8], u64); 15] {
    [
        (b"append", oflag::APPEND as u64),
        (b"direct", oflag::DIRECT as u64),
        (b"directory", oflag::DIRECTORY as u64),
        (b"dsync", oflag::DSYNC as u64),
        (b"noatime", oflag::NOATIME as u64),
        (b"nocache", O_NOCACHE),
        (b"noctty", oflag::NOCTTY as u64),
        (b"nofollow", oflag::NOFOLLOW as u64),
        (b"nonblock", oflag::NONBLOCK as u64),
        (b"sync", oflag::SYNC as u64),
        (b"fullblock", O_FULLBLOCK),
        (b"count_bytes", O_COUNT_BYTES),
        (b"skip_bytes", O_SKIP_BYTES),
        (b"seek_bytes", O_SEEK_BYTES),
        (b"", 0),
    ]
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    None = 1,
    NoXfer = 2,
    Default = 3,
    Progress = 4,
}

const USR1: i32 = 10;
const USR1_MASK: u64 = 1 << (USR1 - 1);
const PAGE: usize = 4096;

/// A page-aligned buffer (O_DIRECT needs one).
struct Buf {
    mem: Vec<u8>,
    at: usize,
    len: usize,
}

impl Buf {
    /// GNU's alloc_ibuf/alloc_obuf, with their message when memory is
    /// short (`what`: input or output).
    fn new(len: usize, what: &[u8]) -> Buf {
        let mut mem = Vec::new();
        if mem.try_reserve_exact(len + PAGE).is_err() {
            let mut m = b"memory exhausted by ".to_vec();
            m.extend_from_slice(what);
            m.extend_from_slice(b" buffer of size ");
            logic::digits::push_u64(&mut m, len as u64);
            m.extend_from_slice(b" bytes (");
            m.extend_from_slice(human(len as u64, true).as_bytes());
            m.push(b')');
            die(&[&m], None);
        }
        logic::fill::grow(&mut mem, len + PAGE, 0);
        let at = (PAGE - (mem.as_ptr() as usize % PAGE)) % PAGE;
        Buf { mem, at, len }
    }
    fn get(&mut self) -> &mut [u8] {
        &mut self.mem[self.at..self.at + self.len]
    }
}

struct Dd {
    /// if= and of= (None: standard input and output), and the names
    /// messages use.
    input_given: Option<Vec<u8>>,
    output_given: Option<Vec<u8>>,
    input_file: Vec<u8>,
    output_file: Vec<u8>,
    ifd: Fd,
    ofd: Fd,
    ibs: usize,
    obs: usize,
    cbs: usize,
    skip_records: u64,
    skip_bytes: u64,
    seek_records: u64,
    seek_bytes: u64,
    max_records: u64,
    max_bytes: u64,
    conv: u32,
    iflags: u64,
    oflags: u64,
    status: Status,
    fullblock: bool,
    i_nocache: bool,
    o_nocache: bool,
    i_nocache_eof: bool,
    o_nocache_eof: bool,
    r_full: u64,
    r_partial: u64,
    w_full: u64,
    w_partial: u64,
    w_bytes: u64,
    r_truncate: u64,
    reported_w_bytes: Option<u64>,
    start: u128,
    next_time: u128,
    progress_len: usize,
    input_seekable: bool,
    input_seek_errno: Errno,
    /// None once it overflowed.
    input_offset: Option<u64>,
    warn_partial_read: bool,
    prev_nread: usize,
    trans: [u8; 256],
    translation_needed: bool,
    newline: u8,
    space: u8,
    ibuf: Option<Buf>,
    obuf: Option<Buf>,
    oc: usize,
    col: usize,
    pending_spaces: usize,
    final_op_was_seek: bool,
    usr1: bool,
    stderr_failed: bool,
    checks: u32,
    check_every: u32,
    i_pending: u64,
    o_pending: u64,
    output_offset: Option<i64>,
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    let operands = opts.operands();
    let mut d = scanargs(&operands);
    d.apply_translations();
    // SIGUSR1 (unless ignored) is taken between blocks.
    if !sys::signal::ignored(USR1).unwrap_or(true) {
        let old = sys::signal::blocked().unwrap_or(0);
        d.usr1 = sys::signal::set_blocked(old | USR1_MASK).is_ok();
    }
    let mut input: Option<File> = None;
    match d.input_given.take() {
        None => {
            d.input_file = b"standard input".to_vec();
            set_fd_flags(Fd::STDIN, d.iflags, &d.input_file);
        }
        Some(name) => {
            d.input_file = name;
            match fs::open_flags(&d.input_file, oflag::RDONLY | d.iflags as u32, 0) {
                Ok(f) => {
                    d.ifd = f.fd();
                    input = Some(f);
                }
                Err(e) => die(&[b"failed to open ", &quoteaf(&d.input_file)], Some(e)),
            }
        }
    }
    match fs::seek(d.ifd, Whence::Current(0)) {
        Ok(o) => {
            d.input_seekable = true;
            d.input_offset = Some(o);
        }
        Err(e) => {
            d.input_seekable = false;
            d.input_offset = Some(0);
            d.input_seek_errno = e;
        }
    }
    let mut status = 0;
    let mut output: Option<File> = None;
    let out_name = d.output_given.take();
    if out_name.is_none() {
        d.output_file = b"standard output".to_vec();
        set_fd_flags(Fd::STDOUT, d.oflags, &d.output_file);
    } else {
        d.output_file = out_name.unwrap_or_default();
        let mut opts = d.oflags as u32;
        if d.conv & C_NOCREAT == 0 {
            opts |= oflag::CREATE;
        }
        if d.conv & C_EXCL != 0 {
            opts |= oflag::EXCL;
        }
        if d.seek_records == 0 && d.conv & C_NOTRUNC == 0 {
            opts |= oflag::TRUNC;
        }
        let size = d
            .seek_records
            .checked_mul(d.obs as u64)
            .and_then(|s| s.checked_add(d.seek_bytes))
            .filter(|&s| s <= i64::MAX as u64);
        if size.is_none() && d.conv & C_NOTRUNC == 0 {
            let mut m = b"offset too large: cannot truncate to a length of seek=".to_vec();
            logic::digits::push_u64(&mut m, d.seek_records);
            m.extend_from_slice(b" (");
            logic::digits::push_u64(&mut m, d.obs as u64);
            m.extend_from_slice(b"-byte) blocks");
            die(&[&m], None);
        }
        let f = if d.seek_records != 0 {
            fs::open_flags(&d.output_file, oflag::RDWR | opts, 0o666).ok()
        } else {
            None
        };
        let f = match f {
            Some(f) => f,
            None => match fs::open_flags(&d.output_file, oflag::WRONLY | opts, 0o666) {
                Ok(f) => f,
                Err(e) => die(&[b"failed to open ", &quoteaf(&d.output_file)], Some(e)),
            },
        };
        d.ofd = f.fd();
        output = Some(f);
        if d.seek_records != 0 && d.conv & C_NOTRUNC == 0 {
            let size = size.unwrap_or(0);
            if let Err(te) = fs::ftruncate(d.ofd, size) {
                match fs::fstat(d.ofd) {
                    Err(e) => {
                        error(&[b"cannot fstat ", &quoteaf(&d.output_file)], Some(e));
                        status = 1;
                    }
                    Ok(st) if st.is_reg() || st.is_dir() => {
                        let mut m = b"failed to truncate to ".to_vec();
                        logic::digits::push_u64(&mut m, size);
                        m.extend_from_slice(b" bytes in output file ");
                        error(&[&m, &quoteaf(&d.output_file)], Some(te));
                        status = 1;
                    }
                    Ok(_) => {}
                }
            }
        }
    }
    d.start = sys::time::monotonic_ns();
    d.next_time = d.start + 1_000_000_000;
    let copy_status = d.copy();
    if copy_status != 0 {
        status = copy_status;
    }
    let sync_status = d.synchronize_output();
    if sync_status != 0 {
        status = sync_status;
    }
    if d.max_records == 0 && d.max_bytes == 0 {
        if d.i_nocache && !d.invalidate_cache(true, 0) {
            error(
                &[b"failed to discard cache for: ", &quotef(&d.input_file)],
                None,
            );
            status = 1;
        }
        if d.o_nocache && !d.invalidate_cache(false, 0) {
            error(
                &[b"failed to discard cache for: ", &quotef(&d.output_file)],
                None,
            );
            status = 1;
        }
    } else {
        if d.i_nocache || d.i_nocache_eof {
            d.invalidate_cache(true, 0);
        }
        if d.o_nocache || d.o_nocache_eof {
            d.invalidate_cache(false, 0);
        }
    }
    d.quit_files(input, output);
    if d.stderr_failed {
        status = 1;
    }
    status
}

/// operand_matches: `str` is `pattern` alone or before `delim`.
fn matches(s: &[u8], pattern: &[u8], delim: u8) -> bool {
    s.starts_with(pattern) && s.get(pattern.len()).is_none_or(|&c| c == delim)
}

/// parse_symbols: a comma-separated list of table symbols.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse_symbols(s: &[u8], table: &[(&[u8], u64)], exclusive: bool, what: &[u8]) -> u64 {
    let mut value = 0;
    for item in s.split(|&c| c == b',') {
        let Some(&(_, v)) = table
            .iter()
            .find(|(name, v)| *v != 0 && !name.is_empty() && matches(item, name, b','))
        else {
            usage_error(&SPEC, &[what, b": ", &quote(item)]);
        };
        value = if exclusive { v } else { value | v };
    }
    value
}

fn scanargs(operands: &[&[u8]]) -> Dd {
    let mut d = Dd {
        input_given: None,
        output_given: None,
        input_file: Vec::new(),
        output_file: Vec::new(),
        ifd: Fd::STDIN,
        ofd: Fd::STDOUT,
        ibs: 0,
        obs: 0,
        cbs: 0,
        skip_records: 0,
        skip_bytes: 0,
        seek_records: 0,
        seek_bytes: 0,
        max_records: i64::MAX as u64,
        max_bytes: 0,
        conv: 0,
        iflags: 0,
        oflags: 0,
        status: Status::Default,
        fullblock: false,
        i_nocache: false,
        o_nocache: false,
        i_nocache_eof: false,
        o_nocache_eof: false,
        r_full: 0,
        r_partial: 0,
        w_full: 0,
        w_partial: 0,
        w_bytes: 0,
        r_truncate: 0,
        reported_w_bytes: None,
        start: 0,
        next_time: 0,
        progress_len: 0,
        input_seekable: false,
        input_seek_errno: Errno::SPIPE,
        input_offset: Some(0),
        warn_partial_read: false,
        prev_nread: 0,
        trans: [0; 256],
        translation_needed: false,
        newline: b'\n',
        space: b' ',
        ibuf: None,
        obuf: None,
        oc: 0,
        col: 0,
        pending_spaces: 0,
        final_op_was_seek: false,
        usr1: false,
        stderr_failed: false,
        checks: 0,
        check_every: 0,
        i_pending: 0,
        o_pending: 0,
        output_offset: None,
    };
    let conv_table: Vec<(&[u8], u64)> = CONVERSIONS.iter().map(|&(n, v)| (n, v as u64)).collect();
    let flag_table = flags();
    let statuses: &[(&[u8], u64)] = &[
        (b"none", Status::None as u64),
        (b"noxfer", Status::NoXfer as u64),
        (b"progress", Status::Progress as u64),
    ];
    let mut blocksize = 0usize;
    let (mut count, mut skip, mut seek) = (i64::MAX as u64, 0u64, 0u64);
    let (mut count_b, mut skip_b, mut seek_b) = (false, false, false);
    let max_blocksize = (i64::MAX as u64).min(isize::MAX as u64 - 1);
    for &name in operands {
        let Some(eq) = name.iter().position(|&c| c == b'=') else {
            usage_error(&SPEC, &[b"unrecognized operand ", &quote(name)]);
        };
        let val = &name[eq + 1..];
        if matches(name, b"if", b'=') {
            d.input_given = Some(val.to_vec());
        } else if matches(name, b"of", b'=') {
            d.output_given = Some(val.to_vec());
        } else if matches(name, b"conv", b'=') {
            d.conv |= parse_symbols(val, &conv_table, false, b"invalid conversion") as u32;
        } else if matches(name, b"iflag", b'=') {
            d.iflags |= parse_symbols(val, &flag_table, false, b"invalid input flag");
        } else if matches(name, b"oflag", b'=') {
            d.oflags |= parse_symbols(val, &flag_table, false, b"invalid output flag");
        } else if matches(name, b"status", b'=') {
            d.status = match parse_symbols(val, statuses, true, b"invalid status level") {
                1 => Status::None,
                2 => Status::NoXfer,
                _ => Status::Progress,
            };
        } else {
            let n = parse_integer(val);
            let has_b = val.contains(&b'B');
            let (mut n_min, mut n_max) = (0u64, i64::MAX as u64);
            let mut slot: Option<&mut usize> = None;
            if matches(name, b"ibs", b'=') {
                (n_min, n_max) = (1, max_blocksize);
                slot = Some(&mut d.ibs);
            } else if matches(name, b"obs", b'=') {
                (n_min, n_max) = (1, max_blocksize);
                slot = Some(&mut d.obs);
            } else if matches(name, b"bs", b'=') {
                (n_min, n_max) = (1, max_blocksize);
                slot = Some(&mut blocksize);
            } else if matches(name, b"cbs", b'=') {
                (n_min, n_max) = (1, isize::MAX as u64);
                slot = Some(&mut d.cbs);
            } else if matches(name, b"skip", b'=') || matches(name, b"iseek", b'=') {
                (skip, skip_b) = (n.value, has_b);
            } else if matches(name, b"seek", b'=') || matches(name, b"oseek", b'=') {
                (seek, seek_b) = (n.value, has_b);
            } else if matches(name, b"count", b'=') {
                (count, count_b) = (n.value, has_b);
            } else {
                usage_error(&SPEC, &[b"unrecognized operand ", &quote(name)]);
            }
            if n.zero_multiplier {
                error(
                    &[
                        b"warning: ",
                        &quote(b"0x"),
                        b" is a zero multiplier; use ",
                        &quote(b"00x"),
                        b" if that is intended",
                    ],
                    None,
                );
            }
            let mut err = n.error;
            if err.is_none() && n.value < n_min {
                err = Some(NumError::Invalid);
            } else if err.is_none() && n_max < n.value {
                err = Some(NumError::Overflow);
            }
            match err {
                Some(NumError::Overflow) => {
                    die(&[b"invalid number: ", &quote(val)], Some(Errno::OVERFLOW))
                }
                Some(NumError::Invalid) => die(&[b"invalid number: ", &quote(val)], None),
                None => {
                    if let Some(s) = slot {
                        *s = n.value as usize;
                    }
                }
            }
        }
    }
    if blocksize != 0 {
        (d.ibs, d.obs) = (blocksize, blocksize);
    } else {
        d.conv |= C_TWOBUFS;
    }
    if d.ibs == 0 {
        d.ibs = 512;
    }
    if d.obs == 0 {
        d.obs = 512;
    }
    if d.cbs == 0 {
        d.conv &= !(C_BLOCK | C_UNBLOCK);
    }
    if d.iflags & (oflag::DSYNC | oflag::SYNC) as u64 != 0 {
        d.iflags |= oflag::RSYNC as u64;
    }
    if d.oflags & O_FULLBLOCK != 0 {
        usage_error(&SPEC, &[b"invalid output flag: ", &quote(b"fullblock")]);
    }
    if skip_b {
        d.iflags |= O_SKIP_BYTES;
    }
    // skip=, count= and seek= in records, or with *_bytes in whole
    // records and the bytes left over.
    let records = |n: u64, size: usize, bytes: bool| {
        if bytes {
            (n / size as u64, n % size as u64)
        } else {
            (n, 0)
        }
    };
    (d.skip_records, d.skip_bytes) = records(skip, d.ibs, d.iflags & O_SKIP_BYTES != 0);
    if count_b {
        d.iflags |= O_COUNT_BYTES;
    }
    if count != i64::MAX as u64 {
        (d.max_records, d.max_bytes) = records(count, d.ibs, d.iflags & O_COUNT_BYTES != 0);
    }
    if seek_b {
        d.oflags |= O_SEEK_BYTES;
    }
    (d.seek_records, d.seek_bytes) = records(seek, d.obs, d.oflags & O_SEEK_BYTES != 0);
    let direct = oflag::DIRECT as u64;
    d.warn_partial_read = d.conv & C_TWOBUFS == 0
        && d.iflags & O_FULLBLOCK == 0
        && (d.skip_records != 0
            || (0 < d.max_records && d.max_records < i64::MAX as u64)
            || (d.iflags | d.oflags) & direct != 0);
    d.fullblock = d.iflags & O_FULLBLOCK != 0;
    d.iflags &= !O_FULLBLOCK;
    let multiple = |v: u32| v & v.wrapping_sub(1) != 0;
    if multiple(d.conv & (C_ASCII | C_EBCDIC | C_IBM)) {
        die(&[b"cannot combine any two of {ascii,ebcdic,ibm}"], None);
    }
    if multiple(d.conv & (C_BLOCK | C_UNBLOCK)) {
        die(&[b"cannot combine block and unblock"], None);
    }
    if multiple(d.conv & (C_LCASE | C_UCASE)) {
        die(&[b"cannot combine lcase and ucase"], None);
    }
    if multiple(d.conv & (C_EXCL | C_NOCREAT)) {
        die(&[b"cannot combine excl and nocreat"], None);
    }
    let both = |f: u64| f & direct != 0 && f & O_NOCACHE != 0;
    if both(d.iflags) || both(d.oflags) {
        die(&[b"cannot combine direct and nocache"], None);
    }
    if d.oflags & oflag::APPEND as u64 != 0 && d.conv & C_NOTRUNC == 0 {
        error(&[b"you probably want conv=notrunc with oflag=append"], None);
    }
    if d.iflags & O_NOCACHE != 0 {
        d.i_nocache = true;
        d.i_nocache_eof = d.max_records == 0 && d.max_bytes == 0;
        d.iflags &= !O_NOCACHE;
    }
    if d.oflags & O_NOCACHE != 0 {
        d.o_nocache = true;
        d.o_nocache_eof = d.max_records == 0 && d.max_bytes == 0;
        d.oflags &= !O_NOCACHE;
    }
    d.iflags &= !(O_COUNT_BYTES | O_SKIP_BYTES | O_SEEK_BYTES);
    d.oflags &= !(O_COUNT_BYTES | O_SKIP_BYTES | O_SEEK_BYTES | O_FULLBLOCK);
    d
}

/// set_fd_flags: iflag/oflag on standard input or output.
fn set_fd_flags(fd: Fd, add: u64, name: &[u8]) {
    let add = (add as u32) & !(oflag::NOCTTY | oflag::NOFOLLOW);
    if add == 0 {
        return;
    }
    let r = (|| -> Result<(), Errno> {
        let old = fs::status_flags(fd)?;
        let mut new = old | add;
        if old != new {
            if new & oflag::DIRECTORY != 0 {
                let st = fs::fstat(fd)?;
                if !st.is_dir() {
                    return Err(Errno::NOTDIR);
                }
                new &= !oflag::DIRECTORY;
            }
            if old != new {
                fs::set_status_flags(fd, new)?;
            }
        }
        Ok(())
    })();
    if let Err(e) = r {
        die(&[b"setting flags for ", &quoteaf(name)], Some(e));
    }
}

/// The time `ns` as C's `%g` seconds.
fn seconds_g(ns: u128) -> Vec<u8> {
    let mut s = alloc::format!("{}.{:09}", ns / 1_000_000_000, ns % 1_000_000_000).into_bytes();
    if let Ok(x) = logic::float::parse(&s) {
        let spec = logic::float::Spec::plain(b'g');
        s.clear();
        logic::float::format(&mut s, x, &spec);
    }
    s
}

impl Dd {
    fn apply_translations(&mut self) {
        for (i, t) in self.trans.iter_mut().enumerate() {
            *t = i as u8;
        }
        if self.conv & C_ASCII != 0 {
            self.translate(&logic::dd::EBCDIC_TO_ASCII);
        }
        if self.conv & C_UCASE != 0 {
            for t in self.trans.iter_mut() {
                *t = t.to_ascii_uppercase();
            }
            self.translation_needed = true;
        } else if self.conv & C_LCASE != 0 {
            for t in self.trans.iter_mut() {
                *t = t.to_ascii_lowercase();
            }
            self.translation_needed = true;
        }
        let table = if self.conv & C_EBCDIC != 0 {
            Some(&logic::dd::ASCII_TO_EBCDIC)
        } else if self.conv & C_IBM != 0 {
            Some(&logic::dd::ASCII_TO_IBM)
        } else {
            None
        };
        if let Some(t) = table {
            self.translate(t);
            self.newline = t[b'\n' as usize];
            self.space = t[b' ' as usize];
        }
    }

    fn translate(&mut self, new: &[u8; 256]) {
        for t in self.trans.iter_mut() {
            *t = new[*t as usize];
        }
        self.translation_needed = true;
    }

    /// process_signals: the statistics for each SIGUSR1 received.
    fn process_signals(&mut self) {
        // A system call per block would cost a fifth of a 512-byte copy:
        // look after at most 1 MiB or 256 blocks, whichever comes first
        // (and after each short read: input that comes slowly).
        if self.check_every == 0 {
            self.check_every = ((1 << 20) / self.ibs.max(self.obs).max(1)).clamp(1, 256) as u32;
        }
        self.checks += 1;
        if self.checks >= self.check_every {
            self.checks = 0;
            self.take_signals();
        }
    }

    fn take_signals(&mut self) {
        if !self.usr1 {
            return;
        }
        while let Ok(Some(_)) = sys::signal::wait(USR1_MASK, Some((0, 0))) {
            self.print_stats();
        }
    }

    fn print_xfer_stats(&mut self, progress: Option<u128>) {
        let now = progress.unwrap_or_else(sys::time::monotonic_ns);
        let w = self.w_bytes;
        let si = human(w, false);
        let iec = human(w, true);
        let (delta, bps): (Vec<u8>, String) = if self.start < now {
            let ns = now - self.start;
            let d = if progress.is_some() {
                alloc::format!("{}", logic::dd::round_div(ns, 1_000_000_000)).into_bytes()
            } else {
                seconds_g(ns)
            };
            (d, rate(w, ns as u64))
        } else {
            (b"0".to_vec(), String::from("Infinity B/s"))
        };
        let lacks = |s: &str| s.as_bytes()[s.len() - 2] == b' ';
        let mut line = Vec::new();
        if progress.is_some() {
            line.push(b'\r');
        }
        let start = line.len();
        logic::digits::push_u64(&mut line, w);
        if lacks(&si) {
            line.extend_from_slice(if w == 1 {
                b" byte copied, "
            } else {
                b" bytes copied, "
            });
        } else if lacks(&iec) {
            line.extend_from_slice(b" bytes (");
            line.extend_from_slice(si.as_bytes());
            line.extend_from_slice(b") copied, ");
        } else {
            line.extend_from_slice(b" bytes (");
            line.extend_from_slice(si.as_bytes());
            line.extend_from_slice(b", ");
            line.extend_from_slice(iec.as_bytes());
            line.extend_from_slice(b") copied, ");
        }
        line.extend_from_slice(&delta);
        line.extend_from_slice(b" s, ");
        line.extend_from_slice(bps.as_bytes());
        let len = line.len() - start;
        if progress.is_some() {
            if len < self.progress_len {
                line.resize(line.len() + self.progress_len - len, b' ');
            }
            self.progress_len = len;
        } else {
            line.push(b'\n');
        }
        self.stderr(&line);
        self.reported_w_bytes = Some(w);
    }

    /// Statistics to standard error; a failure there (closed, full)
    /// makes the exit status 1, as GNU's close_stderr does.
    fn stderr(&mut self, b: &[u8]) {
        if Fd::STDERR.write_all(b).is_err() {
            self.stderr_failed = true;
        }
    }

    fn print_stats(&mut self) {
        if self.status == Status::None {
            return;
        }
        let mut m = Vec::new();
        if self.progress_len > 0 {
            m.push(b'\n');
            self.progress_len = 0;
        }
        for (full, part, what) in [
            (self.r_full, self.r_partial, &b" records in\n"[..]),
            (self.w_full, self.w_partial, b" records out\n"),
        ] {
            logic::digits::push_u64(&mut m, full);
            m.push(b'+');
            logic::digits::push_u64(&mut m, part);
            m.extend_from_slice(what);
        }
        if self.r_truncate != 0 {
            logic::digits::push_u64(&mut m, self.r_truncate);
            m.extend_from_slice(if self.r_truncate == 1 {
                b" truncated record\n"
            } else {
                b" truncated records\n"
            });
        }
        self.stderr(&m);
        if self.status == Status::NoXfer {
            return;
        }
        self.print_xfer_stats(None);
    }

    /// The end: statistics, and the files closed with their errors.
    fn quit_files(&mut self, input: Option<File>, output: Option<File>) {
        self.take_signals();
        if let Some(f) = input {
            if let Err(e) = f.close() {
                die(
                    &[b"closing input file ", &quoteaf(&self.input_file)],
                    Some(e),
                );
            }
        }
        if let Some(f) = output {
            if let Err(e) = f.close() {
                die(
                    &[b"closing output file ", &quoteaf(&self.output_file)],
                    Some(e),
                );
            }
        }
        self.print_stats();
    }

    fn quit(&mut self, code: i32) -> ! {
        self.take_signals();
        self.print_stats();
        sys::rt::exit(if self.stderr_failed { 1 } else { code })
    }

    /// cache_round: `len` rounded down to whole 128 KiB (IO_BUFSIZE), the
    /// remainder kept per descriptor; 0 asks for the remainder.
    fn cache_round(&mut self, input: bool, len: u64) -> u64 {
        const IO_BUFSIZE: u64 = 128 * 1024;
        let pending = if input {
            &mut self.i_pending
        } else {
            &mut self.o_pending
        };
        if len == 0 {
            return *pending;
        }
        let c = pending.saturating_add(len);
        *pending = c % IO_BUFSIZE;
        c.saturating_sub(*pending)
    }

    /// invalidate_cache: drop what was read or written from the page
    /// cache (iflag/oflag=nocache).
    fn invalidate_cache(&mut self, input: bool, len: u64) -> bool {
        let nocache_eof = if input {
            self.i_nocache_eof
        } else {
            self.o_nocache_eof
        };
        let mut clen = self.cache_round(input, len);
        if clen == 0 && (len != 0 || !nocache_eof) {
            return true;
        }
        let mut pending = if len != 0 {
            self.cache_round(input, 0)
        } else {
            0
        };
        let fd = if input { self.ifd } else { self.ofd };
        let offset: Option<i64> = if input {
            if self.input_seekable {
                self.input_offset.map(|o| o as i64)
            } else {
                None
            }
        } else {
            if self.output_offset != Some(-1) {
                match self.output_offset {
                    None => {
                        self.output_offset =
                            Some(fs::seek(fd, Whence::Current(0)).map_or(-1, |o| o as i64))
                    }
                    Some(o) if len != 0 => self.output_offset = Some(o + (clen + pending) as i64),
                    _ => {}
                }
            }
            self.output_offset.filter(|&o| o >= 0)
        };
        let Some(mut offset) = offset else {
            return false;
        };
        if len == 0 && clen != 0 && nocache_eof {
            pending = clen;
            clen = 0;
        }
        offset -= (clen + pending) as i64;
        if clen == 0 {
            offset -= offset % PAGE as i64;
        }
        fs::drop_cache(fd, offset.max(0) as u64, clen).is_ok()
    }

    fn advance_input_offset(&mut self, n: u64) {
        self.input_offset = self
            .input_offset
            .and_then(|o| o.checked_add(n))
            .filter(|&o| o <= i64::MAX as u64);
    }

    /// iread: one read, signals processed, partial reads warned about.
    fn iread(&mut self, buf: &mut [u8]) -> Result<usize, Errno> {
        let size = buf.len();
        let r = loop {
            self.process_signals();
            match self.ifd.read_once(buf) {
                Err(Errno::INTR) => continue,
                Err(Errno::INVAL)
                    if 0 < self.prev_nread
                        && self.prev_nread < size
                        && self.iflags & oflag::DIRECT as u64 != 0 =>
                {
                    break Ok(0)
                }
                r => break r,
            }
        };
        if let Ok(n) = r {
            if 0 < n && n < size {
                self.take_signals();
            }
            if 0 < n && self.warn_partial_read && 0 < self.prev_nread && self.prev_nread < size {
                if self.status != Status::None {
                    let mut m = b"warning: partial read (".to_vec();
                    logic::digits::push_u64(&mut m, self.prev_nread as u64);
                    m.extend_from_slice(if self.prev_nread == 1 {
                        b" byte); suggest iflag=fullblock"
                    } else {
                        b" bytes); suggest iflag=fullblock"
                    });
                    error(&[&m], None);
                }
                self.warn_partial_read = false;
            }
            self.prev_nread = n;
        } else {
            self.prev_nread = 0;
        }
        r
    }

    /// iread, or with iflag=fullblock until the buffer is full.
    fn read_block(&mut self, buf: &mut [u8]) -> Result<usize, Errno> {
        if !self.fullblock {
            return self.iread(buf);
        }
        let mut n = 0;
        while n < buf.len() {
            match self.iread(&mut buf[n..])? {
                0 => break,
                k => n += k,
            }
        }
        Ok(n)
    }

    /// iwrite: all of `buf`, or the bytes written and the error. With
    /// conv=sparse an all-NUL block is a seek.
    fn iwrite(&mut self, buf: &[u8]) -> (usize, Option<Errno>) {
        let size = buf.len();
        if self.oflags & oflag::DIRECT as u64 != 0 && size < self.obs {
            if let Ok(old) = fs::status_flags(self.ofd) {
                if fs::set_status_flags(self.ofd, old & !oflag::DIRECT).is_err()
                    && self.status != Status::None
                {
                    error(
                        &[b"failed to turn off O_DIRECT: ", &quotef(&self.output_file)],
                        None,
                    );
                }
            }
            self.o_nocache_eof = true;
            self.invalidate_cache(false, 0);
            self.conv |= C_FSYNC;
        }
        let mut total = 0;
        let mut err = None;
        while total < size {
            self.process_signals();
            self.final_op_was_seek = false;
            let mut n = 0;
            if self.conv & C_SPARSE != 0 && buf.iter().all(|&b| b == 0) {
                match fs::seek(self.ofd, Whence::Current(size as i64)) {
                    Err(_) => self.conv &= !C_SPARSE,
                    Ok(_) => {
                        self.final_op_was_seek = true;
                        n = size;
                    }
                }
            }
            if n == 0 {
                match self.ofd.write_once(&buf[total..]) {
                    Ok(0) => {
                        err = Some(Errno::NOSPC);
                        break;
                    }
                    Ok(k) => n = k,
                    Err(Errno::INTR) => continue,
                    Err(e) => {
                        err = Some(e);
                        break;
                    }
                }
            }
            total += n;
        }
        if self.o_nocache && total != 0 {
            self.invalidate_cache(false, total as u64);
        }
        (total, err)
    }

    /// write_output: a full output block.
    fn write_output(&mut self) {
        let mut obuf = self.obuf.take().unwrap();
        self.write_block(&obuf.get()[..self.obs]);
        self.obuf = Some(obuf);
    }

    /// write_output of `block` (obs bytes).
    fn write_block(&mut self, block: &[u8]) {
        let (n, e) = self.iwrite(block);
        self.w_bytes += n as u64;
        if n != self.obs {
            error(&[b"writing to ", &quoteaf(&self.output_file)], e);
            if n != 0 {
                self.w_partial += 1;
            }
            self.quit(1);
        }
        self.w_full += 1;
        self.oc = 0;
    }

    fn output_char(&mut self, c: u8) {
        let oc = self.oc;
        self.obuf.as_mut().unwrap().get()[oc] = c;
        self.oc += 1;
        if self.oc >= self.obs {
            self.write_output();
        }
    }

    fn alloc_bufs(&mut self) {
        if self.ibuf.is_none() {
            let extra = usize::from(self.conv & C_SWAB != 0);
            self.ibuf = Some(Buf::new(self.ibs + extra, b"input"));
        }
        if self.obuf.is_none() && self.conv & C_TWOBUFS != 0 {
            self.obuf = Some(Buf::new(self.obs, b"output"));
        }
    }

    /// skip: past `records` blocks and `bytes` bytes of input (or output),
    /// by lseek or else by reading; returns the records not skipped.
    fn skip(&mut self, input: bool, records: u64, blocksize: usize, bytes: &mut u64) -> u64 {
        let fd = if input { self.ifd } else { self.ofd };
        let file = if input {
            self.input_file.clone()
        } else {
            self.output_file.clone()
        };
        let offset = records
            .checked_mul(blocksize as u64)
            .and_then(|o| o.checked_add(*bytes))
            .filter(|&o| o <= i64::MAX as u64);
        let mut lseek_errno = None;
        if let Some(off) = offset {
            match fs::seek(fd, Whence::Current(off as i64)) {
                Ok(_) => {
                    let records;
                    if input {
                        let st = match fs::fstat(fd) {
                            Ok(s) => s,
                            Err(e) => die(&[b"cannot fstat ", &quoteaf(&file)], Some(e)),
                        };
                        let mut off = off;
                        let usable = st.is_reg();
                        match self.input_offset {
                            Some(io) if usable && (st.size as u64).saturating_sub(io) < off => {
                                records = (off - st.size as u64) / blocksize as u64;
                                off = (st.size as u64).saturating_sub(io);
                            }
                            _ => records = 0,
                        }
                        self.advance_input_offset(off);
                    } else {
                        records = 0;
                        *bytes = 0;
                    }
                    return records;
                }
                Err(e) => lseek_errno = Some(e),
            }
        }
        if fs::seek(fd, Whence::End(0)).is_ok() {
            let e = lseek_errno.unwrap_or(Errno::OVERFLOW);
            let what: &[u8] = if input {
                b": cannot skip"
            } else {
                b": cannot seek"
            };
            error(&[&quotef(&file), what], Some(e));
            self.quit(1);
        }
        let mut buf = Buf::new(blocksize, if input { b"input" } else { b"output" });
        let mut records = records;
        loop {
            let size = if records != 0 {
                blocksize
            } else {
                *bytes as usize
            };
            let r = if input {
                self.read_block(&mut buf.get()[..size])
            } else {
                self.ofd.read_once(&mut buf.get()[..size])
            };
            match r {
                Err(e) => {
                    if input {
                        error(&[b"error reading ", &quoteaf(&file)], Some(e));
                        if self.conv & C_NOERROR != 0 {
                            self.print_stats();
                        }
                    } else {
                        error(&[&quotef(&file), b": cannot seek"], lseek_errno);
                    }
                    self.quit(1);
                }
                Ok(0) => break,
                Ok(n) => {
                    if input {
                        self.advance_input_offset(n as u64);
                    }
                }
            }
            if records != 0 {
                records -= 1;
            } else {
                *bytes = 0;
            }
            if records == 0 && *bytes == 0 {
                break;
            }
        }
        records
    }

    /// advance_input_after_read_error.
    fn advance_after_read_error(&mut self, nbytes: u64) -> bool {
        let err;
        if !self.input_seekable {
            if self.input_seek_errno == Errno::SPIPE {
                return true;
            }
            err = Some(self.input_seek_errno);
        } else {
            self.advance_input_offset(nbytes);
            let Some(want) = self.input_offset else {
                error(
                    &[
                        b"offset overflow while reading file ",
                        &quoteaf(&self.input_file),
                    ],
                    None,
                );
                return false;
            };
            match fs::seek(self.ifd, Whence::Current(0)) {
                Ok(cur) => {
                    if cur == want {
                        return true;
                    }
                    let diff = want as i64 - cur as i64;
                    if !(0 <= diff && diff as u64 <= nbytes) && self.status != Status::None {
                        error(&[b"warning: invalid file offset after failed read"], None);
                    }
                    match fs::seek(self.ifd, Whence::Current(diff)) {
                        Ok(_) => return true,
                        Err(e) => err = Some(e),
                    }
                }
                Err(e) => err = Some(e),
            }
        }
        error(&[&quotef(&self.input_file), b": cannot seek"], err);
        false
    }

    fn copy_block(&mut self, buf: &[u8]) {
        if self.conv & C_BLOCK != 0 {
            for &c in buf {
                if c == self.newline {
                    while self.col < self.cbs {
                        let s = self.space;
                        self.output_char(s);
                        self.col += 1;
                    }
                    self.col = 0;
                } else {
                    if self.col == self.cbs {
                        self.r_truncate += 1;
                    } else if self.col < self.cbs {
                        self.output_char(c);
                    }
                    self.col += 1;
                }
            }
        } else if self.conv & C_UNBLOCK != 0 {
            let mut i = 0;
            while i < buf.len() {
                let c = buf[i];
                let col = self.col;
                self.col += 1;
                if col >= self.cbs {
                    self.col = 0;
                    self.pending_spaces = 0;
                    let nl = self.newline;
                    self.output_char(nl);
                    continue;
                } else if c == self.space {
                    self.pending_spaces += 1;
                } else {
                    while self.pending_spaces > 0 {
                        let s = self.space;
                        self.output_char(s);
                        self.pending_spaces -= 1;
                    }
                    self.output_char(c);
                }
                i += 1;
            }
        } else {
            let mut start = 0;
            while start < buf.len() {
                // A whole output block at hand goes out as it is (GNU
                // copies it into the output buffer first).
                if self.oc == 0 && buf.len() - start >= self.obs {
                    self.write_block(&buf[start..start + self.obs]);
                    start += self.obs;
                    continue;
                }
                let nfree = (buf.len() - start).min(self.obs - self.oc);
                let oc = self.oc;
                self.obuf.as_mut().unwrap().get()[oc..oc + nfree]
                    .copy_from_slice(&buf[start..start + nfree]);
                start += nfree;
                self.oc += nfree;
                if self.oc >= self.obs {
                    self.write_output();
                }
            }
        }
    }

    /// dd_copy: the main loop.
    fn copy(&mut self) -> i32 {
        let mut status = 0;
        let mut partread = 0usize;
        if self.skip_records != 0 || self.skip_bytes != 0 {
            let us_bytes = self
                .skip_records
                .checked_mul(self.ibs as u64)
                .and_then(|b| b.checked_add(self.skip_bytes));
            let offset0 = self.input_offset;
            let mut bytes = self.skip_bytes;
            let us_blocks = self.skip(true, self.skip_records, self.ibs, &mut bytes);
            self.skip_bytes = bytes;
            let short = match (self.input_offset, offset0) {
                (Some(now), Some(then)) => us_bytes.is_none_or(|b| b != now - then),
                _ => false,
            };
            if (us_blocks != 0 || short) && self.status != Status::None {
                error(
                    &[
                        &quotef(&self.input_file),
                        b": cannot skip to specified offset",
                    ],
                    None,
                );
            }
        }
        if self.seek_records != 0 || self.seek_bytes != 0 {
            let mut bytes = self.seek_bytes;
            let mut write_records = self.skip(false, self.seek_records, self.obs, &mut bytes);
            if write_records != 0 || bytes != 0 {
                let zeros =
                    alloc::vec![0u8; if write_records != 0 { self.obs } else { bytes as usize }];
                loop {
                    let size = if write_records != 0 {
                        self.obs
                    } else {
                        bytes as usize
                    };
                    let (n, e) = self.iwrite(&zeros[..size]);
                    if n != size {
                        error(&[b"writing to ", &quoteaf(&self.output_file)], e);
                        self.quit(1);
                    }
                    if write_records != 0 {
                        write_records -= 1;
                    } else {
                        bytes = 0;
                    }
                    if write_records == 0 && bytes == 0 {
                        break;
                    }
                }
            }
        }
        if self.max_records == 0 && self.max_bytes == 0 {
            return status;
        }
        self.alloc_bufs();
        let two = self.conv & C_TWOBUFS != 0;
        let mut saved_byte: Option<u8> = None;
        let sync_fill = if self.conv & (C_BLOCK | C_UNBLOCK) != 0 {
            b' '
        } else {
            0
        };
        let mut ibuf = self.ibuf.take().unwrap();
        loop {
            if self.status == Status::Progress {
                let now = sys::time::monotonic_ns();
                if self.next_time <= now {
                    self.print_xfer_stats(Some(now));
                    self.next_time += 1_000_000_000;
                }
            }
            let blocks = self.r_partial + self.r_full;
            if blocks
                >= self
                    .max_records
                    .saturating_add(u64::from(self.max_bytes != 0))
            {
                break;
            }
            if self.conv & C_SYNC != 0 && self.conv & C_NOERROR != 0 {
                ibuf.get()[..self.ibs].fill(sync_fill);
            }
            let size = if blocks >= self.max_records {
                self.max_bytes as usize
            } else {
                self.ibs
            };
            let mut nread = match self.read_block(&mut ibuf.get()[..size]) {
                Ok(0) => {
                    self.i_nocache_eof |= self.i_nocache;
                    self.o_nocache_eof |= self.o_nocache && self.conv & C_NOTRUNC == 0;
                    break;
                }
                Ok(n) => {
                    self.advance_input_offset(n as u64);
                    if self.i_nocache {
                        self.invalidate_cache(true, n as u64);
                    }
                    n
                }
                Err(e) => {
                    if self.conv & C_NOERROR == 0 || self.status != Status::None {
                        error(&[b"error reading ", &quoteaf(&self.input_file)], Some(e));
                    }
                    if self.conv & C_NOERROR == 0 {
                        status = 1;
                        break;
                    }
                    self.print_stats();
                    let bad = (self.ibs - partread) as u64;
                    self.invalidate_cache(true, bad);
                    if !self.advance_after_read_error(bad) {
                        status = 1;
                        self.input_seekable = false;
                        self.input_seek_errno = Errno::SPIPE;
                    }
                    if self.conv & C_SYNC != 0 && partread == 0 {
                        0
                    } else {
                        continue;
                    }
                }
            };
            if nread < self.ibs {
                self.r_partial += 1;
                partread = nread;
                if self.conv & C_SYNC != 0 {
                    if self.conv & C_NOERROR == 0 {
                        ibuf.get()[nread..self.ibs].fill(sync_fill);
                    }
                    nread = self.ibs;
                }
            } else {
                self.r_full += 1;
                partread = 0;
            }
            if !two {
                let (n, e) = self.iwrite(&ibuf.get()[..nread]);
                self.w_bytes += n as u64;
                if n != nread {
                    error(&[b"error writing ", &quoteaf(&self.output_file)], e);
                    self.ibuf = Some(ibuf);
                    return 1;
                }
                if nread == self.ibs {
                    self.w_full += 1;
                } else {
                    self.w_partial += 1;
                }
                continue;
            }
            let b = ibuf.get();
            if self.translation_needed {
                for c in b[..nread].iter_mut() {
                    *c = self.trans[*c as usize];
                }
            }
            let mut start = 0;
            if self.conv & C_SWAB != 0 && nread > 0 {
                // swab_buffer: every pair swapped, an odd byte kept for
                // the next block.
                let prev = saved_byte;
                if prev.is_none() == (nread & 1 == 1) {
                    nread -= 1;
                    saved_byte = Some(b[nread]);
                } else {
                    saved_byte = None;
                }
                let mut i = nread;
                while 1 < i {
                    b[i] = b[i - 2];
                    i -= 2;
                }
                match prev {
                    None => start = 1,
                    Some(p) => {
                        b[1] = p;
                        nread += 1;
                    }
                }
            }
            self.copy_block(&b[start..start + nread]);
        }
        self.ibuf = Some(ibuf);
        if let Some(c) = saved_byte {
            if self.conv & (C_BLOCK | C_UNBLOCK) != 0 {
                self.copy_block(&[c]);
            } else {
                self.output_char(c);
            }
        }
        if self.conv & C_BLOCK != 0 && self.col > 0 {
            while self.col < self.cbs {
                let s = self.space;
                self.output_char(s);
                self.col += 1;
            }
        }
        if self.col != 0 && self.conv & C_UNBLOCK != 0 {
            let nl = self.newline;
            self.output_char(nl);
        }
        if self.oc != 0 {
            let mut obuf = self.obuf.take().unwrap();
            let oc = self.oc;
            let (n, e) = self.iwrite(&obuf.get()[..oc]);
            self.obuf = Some(obuf);
            self.w_bytes += n as u64;
            if n != 0 {
                self.w_partial += 1;
            }
            if n != oc {
                error(&[b"error writing ", &quoteaf(&self.output_file)], e);
                return 1;
            }
        }
        if self.final_op_was_seek {
            match fs::fstat(self.ofd) {
                Err(e) => {
                    error(&[b"cannot fstat ", &quoteaf(&self.output_file)], Some(e));
                    return 1;
                }
                Ok(st) if st.is_reg() => {
                    if let Ok(off) = fs::seek(self.ofd, Whence::Current(0)) {
                        if (st.size as u64) < off {
                            if let Err(e) = fs::ftruncate(self.ofd, off) {
                                let mut m = b"failed to truncate to ".to_vec();
                                logic::digits::push_u64(&mut m, off);
                                m.extend_from_slice(b" bytes in output file ");
                                error(&[&m, &quoteaf(&self.output_file)], Some(e));
                                return 1;
                            }
                        }
                    }
                }
                Ok(_) => {}
            }
        }
        if self.conv & (C_FDATASYNC | C_FSYNC) != 0
            && self.status == Status::Progress
            && self.reported_w_bytes.is_some_and(|r| r < self.w_bytes)
        {
            self.print_xfer_stats(None);
        }
        status
    }

    /// synchronize_output: conv=fdatasync and fsync, once.
    fn synchronize_output(&mut self) -> i32 {
        let mut status = 0;
        let mut mask = self.conv;
        self.conv &= !(C_FDATASYNC | C_FSYNC);
        if mask & C_FDATASYNC != 0 {
            self.process_signals();
            if let Err(e) = fs::fdatasync(self.ofd) {
                if e != Errno::NOSYS && e != Errno::INVAL {
                    error(
                        &[b"fdatasync failed for ", &quoteaf(&self.output_file)],
                        Some(e),
                    );
                    status = 1;
                }
                mask |= C_FSYNC;
            }
        }
        if mask & C_FSYNC != 0 {
            self.process_signals();
            if let Err(e) = fs::fsync(self.ofd) {
                error(
                    &[b"fsync failed for ", &quoteaf(&self.output_file)],
                    Some(e),
                );
                return 1;
            }
        }
        status
    }
}
