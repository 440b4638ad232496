// corebox applet
// name: shred
// usage: [OPTION]... FILE...
// option: -f, --force
// option: -n, --iterations=N
// option: --random-source=FILE
// option: -s, --size=N
// option: -u
// option: --remove[=HOW]
// option: -v, --verbose
// option: -x, --exact
// option: -z, --zero
// help:
// Overwrite the specified FILE(s) repeatedly, in order to make it harder
// for even very expensive hardware probing to recover the data.
//
// If FILE is -, shred standard output.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -f, --force    change permissions to allow writing if necessary
//   -n, --iterations=N  overwrite N times instead of the default (3)
//       --random-source=FILE  get random bytes from FILE
//   -s, --size=N   shred this many bytes (suffixes like K, M, G accepted)
//   -u             deallocate and remove file after overwriting
//       --remove[=HOW]  like -u but give control on HOW to delete;  See below
//   -v, --verbose  show progress
//   -x, --exact    do not round file sizes up to the next full block;
//                    this is the default for non-regular files
//   -z, --zero     add a final overwrite with zeros to hide shredding
//       --help        display this help and exit
//       --version     output version information and exit
//
// Delete FILE(s) if --remove (-u) is specified.  The default is not to remove
// the files because it is common to operate on device files like /dev/hda,
// and those files usually should not be removed.
// The optional HOW parameter indicates how to remove a directory entry:
// 'unlink' => use a standard unlink call.
// 'wipe' => also first obfuscate bytes in the name.
// 'wipesync' => also sync each obfuscated byte to the device.
// The default mode is 'wipesync', but note it can be expensive.
//
// CAUTION: shred assumes the file system and hardware overwrite data in place.
// Although this is common, many platforms operate otherwise.  Also, backups
// and mirrors may contain unremovable copies that will let a shredded file
// be recovered later.  See the GNU coreutils manual for details.

//! shred: GNU shred.c. GNU's 25 overwrite patterns and their order
//! (gnulib randint over the random source: getrandom, or the bytes of
//! --random-source read in order, so a given source gives GNU's passes),
//! each pass synced to the device, then with -u the name overwritten by
//! renames (RENAME_NOREPLACE) before the unlink.

use super::{opt, SPEC};
use crate::shared::cli::choice;
use crate::shared::diag::{die, quote, quotef};
use crate::shared::random::Random;
use alloc::vec::Vec;
use logic::num::SizeError;
use sys::fs::{self, oflag, Stat, Whence};
use sys::io::{error, Fd};
use sys::Errno;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Remove {
    No,
    Unlink,
    Wipe,
    WipeSync,
}

struct Options {
    force: bool,
    iterations: usize,
    size: Option<u64>,
    remove: Remove,
    verbose: bool,
    exact: bool,
    zero: bool,
}

/// GNU's pattern table: a count and that many 12-bit patterns (0x1000:
/// the first bit of each sector flipped), a negative count of random
/// passes, 0 at the end.
const PATTERNS: &[i32] = &[
    -2, 2, 0x000, 0xFFF, 2, 0x555, 0xAAA, -1, 6, 0x249, 0x492, 0x6DB, 0x924, 0xB6D, 0xDB6, 12,
    0x111, 0x222, 0x333, 0x444, 0x666, 0x777, 0x888, 0x999, 0xBBB, 0xCCC, 0xDDD, 0xEEE, -1, 8,
    0x1000, 0x1249, 0x1492, 0x16DB, 0x1924, 0x1B6D, 0x1DB6, 0x1FFF, 14, 0x1111, 0x1222, 0x1333,
    0x1444, 0x1555, 0x1666, 0x1777, 0x1888, 0x1999, 0x1AAA, 0x1BBB, 0x1CCC, 0x1DDD, 0x1EEE, -1, 0,
];

/// genpattern: `num` passes (-1: random), fixed patterns chosen and
/// shuffled, random passes spread evenly, first and last among them.
fn genpattern(num: usize, s: &mut Random) -> Vec<i32> {
    let mut dest = alloc::vec![0i32; num];
    if num == 0 {
        return dest;
    }
    let mut p = 0;
    let mut randpasses = 0;
    let mut d = 0;
    let mut n = num;
    loop {
        let mut k = PATTERNS[p];
        p += 1;
        if k == 0 {
            p = 0;
        } else if k < 0 {
            let k = (-k) as usize;
            if k >= n {
                randpasses += n;
                break;
            }
            randpasses += k;
            n -= k;
        } else if k as usize <= n {
            let k = k as usize;
            dest[d..d + k].copy_from_slice(&PATTERNS[p..p + k]);
            p += k;
            d += k;
            n -= k;
        } else if n < 2 || 3 * n < k as usize {
            randpasses += n;
            break;
        } else {
            loop {
                if n == k as usize || s.choose(k as usize) < n {
                    dest[d] = PATTERNS[p];
                    d += 1;
                    n -= 1;
                }
                p += 1;
                k -= 1;
                if n == 0 {
                    break;
                }
            }
            break;
        }
    }
    let mut top = num - randpasses;
    let randpasses = randpasses.wrapping_sub(1);
    let mut accum = randpasses;
    for n in 0..num {
        if accum <= randpasses {
            accum = accum.wrapping_add(num - 1);
            dest[top] = dest[n];
            top += 1;
            dest[n] = -1;
        } else {
            let swap = n + s.choose(top - n);
            dest.swap(n, swap);
        }
        accum = accum.wrapping_sub(randpasses);
    }
    dest
}

fn periodic(t: i32) -> bool {
    let bits = (t as u32 & 0xfff) | ((t as u32 & 0xfff) << 12);
    let r = [(bits >> 4) as u8, (bits >> 8) as u8, bits as u8];
    r[0] != r[1] || r[0] != r[2]
}

fn fillpattern(t: i32, r: &mut [u8]) {
    let bits = (t as u32 & 0xfff) | ((t as u32 & 0xfff) << 12);
    let pat = [(bits >> 4) as u8, (bits >> 8) as u8, bits as u8];
    for (i, b) in r.iter_mut().enumerate() {
        *b = pat[i % 3];
    }
    if t & 0x1000 != 0 {
        for i in (0..r.len()).step_by(512) {
            r[i] ^= 0x80;
        }
    }
}

fn ignorable_sync(e: Errno) -> bool {
    e == Errno::INVAL || e == Errno::BADF || e == Errno::ISDIR
}

/// dosync: fdatasync, else fsync, else sync(2).
fn dosync(fd: Fd, qname: &[u8]) -> Result<(), Errno> {
    match fs::fdatasync(fd) {
        Ok(()) => return Ok(()),
        Err(e) if !ignorable_sync(e) => {
            error(&[qname, b": fdatasync failed"], Some(e));
            return Err(e);
        }
        Err(_) => {}
    }
    match fs::fsync(fd) {
        Ok(()) => Ok(()),
        Err(e) if !ignorable_sync(e) => {
            error(&[qname, b": fsync failed"], Some(e));
            Err(e)
        }
        Err(_) => {
            fs::sync_all();
            Ok(())
        }
    }
}

fn direct_mode(fd: Fd, on: bool) {
    if let Ok(f) = fs::status_flags(fd) {
        let new = if on {
            f | oflag::DIRECT
        } else {
            f & !oflag::DIRECT
        };
        if new != f {
            let _ = fs::set_status_flags(fd, new);
        }
    }
}

/// human_readable(n, human_autoscale | human_SI | human_base_1024 |
/// human_B, 1, 1), rounded down (the offset) or up (the size).
fn human_iec(n: u64, ceiling: bool) -> Vec<u8> {
    use logic::human::{human, Round};
    human(
        n,
        true,
        if ceiling {
            Round::Ceiling
        } else {
            Round::Floor
        },
        false,
    )
    .into_bytes()
}

/// dopass: one pass over the file; Err(()) for an error that ends the
/// file, Ok(true) after write errors worked around.
#[allow(clippy::too_many_arguments)]
fn dopass(
    fd: Fd,
    st: &Stat,
    qname: &[u8],
    size: Option<u64>,
    t: i32,
    s: &mut Random,
    k: usize,
    n: usize,
) -> Result<bool, ()> {
    let output_size: usize = if periodic(t) { 60 * 1024 } else { 64 * 1024 };
    let fill_size = output_size.div_ceil(3) * 3;
    let mut pbuf = alloc::vec![0u8; fill_size + 4096];
    let off0 = (4096 - pbuf.as_ptr() as usize % 4096) % 4096;
    let pbuf = &mut pbuf[off0..off0 + fill_size];
    let mut write_error = false;
    let mut try_without_direct = size.is_some_and(|sz| 0 < sz && sz < output_size as u64);
    if !try_without_direct {
        direct_mode(fd, true);
    }
    let _ = st;
    if fs::seek(fd, Whence::Start(0))
        .map_err(|e| error(&[qname, b": cannot rewind"], Some(e)))
        .is_err()
    {
        return Err(());
    }
    let name: Vec<u8> = if t >= 0 {
        let lim = match size {
            Some(sz) if sz < fill_size as u64 => sz as usize,
            _ => fill_size,
        };
        fillpattern(t, &mut pbuf[..lim]);
        // passname: the pattern's first three bytes (the sector flip
        // included), whatever the size.
        let bits = (t as u32 & 0xfff) | ((t as u32 & 0xfff) << 12);
        let mut first = [(bits >> 4) as u8, (bits >> 8) as u8, bits as u8];
        if t & 0x1000 != 0 {
            first[0] ^= 0x80;
        }
        let mut v = Vec::new();
        for b in first {
            v.extend_from_slice(&[
                b"0123456789abcdef"[(b >> 4) as usize],
                b"0123456789abcdef"[(b & 15) as usize],
            ]);
        }
        v
    } else {
        b"random".to_vec()
    };
    let pass_head = |m: &mut Vec<u8>| {
        m.extend_from_slice(qname);
        m.extend_from_slice(b": pass ");
        logic::digits::push_u64(m, k as u64);
        m.push(b'/');
        logic::digits::push_u64(m, n as u64);
        m.extend_from_slice(b" (");
        m.extend_from_slice(&name);
        m.extend_from_slice(b")...");
    };
    let mut thresh = 0;
    let mut previous: Option<Vec<u8>> = None;
    if n != 0 {
        let mut m = Vec::new();
        pass_head(&mut m);
        error(&[&m], None);
        thresh = (sys::time::monotonic_ns() / 1_000_000_000) as u64 + 5;
        previous = Some(Vec::new());
    }
    let mut offset: u64 = 0;
    loop {
        let mut lim = output_size;
        if let Some(sz) = size {
            if sz - offset.min(sz) < output_size as u64 {
                if sz < offset {
                    break;
                }
                lim = (sz - offset) as usize;
                if lim == 0 {
                    break;
                }
            }
        }
        if t < 0 {
            s.read(&mut pbuf[..lim]);
        }
        let mut soff = 0;
        while soff < lim {
            match fd.write_once(&pbuf[soff..lim]) {
                Ok(w) if w > 0 => soff += w,
                r => {
                    let e = match r {
                        Err(e) => e,
                        _ => Errno::NOSPC,
                    };
                    if e == Errno::INTR {
                        continue;
                    }
                    if size.is_none() && (r == Ok(0) || e == Errno::NOSPC) {
                        break;
                    }
                    if !try_without_direct && e == Errno::INVAL {
                        direct_mode(fd, false);
                        try_without_direct = true;
                        continue;
                    }
                    let mut m = qname.to_vec();
                    m.extend_from_slice(b": error writing at offset ");
                    logic::digits::push_u64(&mut m, offset + soff as u64);
                    error(&[&m], Some(e));
                    if e == Errno::IO && size.is_some() && (soff | 511) < lim {
                        let soff1 = (soff | 511) + 1;
                        match fs::seek(fd, Whence::Start(offset + soff1 as u64)) {
                            Ok(_) => {
                                soff = soff1;
                                write_error = true;
                                continue;
                            }
                            Err(e) => error(&[qname, b": lseek failed"], Some(e)),
                        }
                    }
                    return Err(());
                }
            }
        }
        if (i64::MAX as u64) - offset < soff as u64 {
            error(&[qname, b": file too large"], None);
            return Err(());
        }
        offset += soff as u64;
        let done = Some(offset) == size;
        if let Some(prev) = &previous {
            let now = (sys::time::monotonic_ns() / 1_000_000_000) as u64;
            if (done && !prev.is_empty()) || thresh <= now {
                let mut human_offset = human_iec(offset, false);
                if done || *prev != human_offset {
                    let mut m = Vec::new();
                    pass_head(&mut m);
                    match size {
                        None => m.extend_from_slice(&human_offset),
                        Some(sz) => {
                            let percent = if sz == 0 {
                                100
                            } else {
                                (offset as u128 * 100 / sz as u128) as u64
                            };
                            let human_size = human_iec(sz, true);
                            if done {
                                human_offset = human_size.clone();
                            }
                            m.extend_from_slice(&human_offset);
                            m.push(b'/');
                            m.extend_from_slice(&human_size);
                            m.push(b' ');
                            logic::digits::push_u64(&mut m, percent);
                            m.push(b'%');
                        }
                    }
                    error(&[&m], None);
                    previous = Some(human_offset);
                    thresh = now + 5;
                    if let Err(e) = dosync(fd, qname) {
                        if e != Errno::IO {
                            return Err(());
                        }
                        write_error = true;
                    }
                }
            }
        }
        if size.is_none() && soff < lim {
            break;
        }
    }
    if let Err(e) = dosync(fd, qname) {
        if e != Errno::IO {
            return Err(());
        }
        write_error = true;
    }
    Ok(write_error)
}

/// do_wipefd: every pass over one file.
fn wipefd(fd: Fd, qname: &[u8], s: &mut Random, o: &Options) -> bool {
    let n = if o.verbose {
        o.iterations + usize::from(o.zero)
    } else {
        0
    };
    let st = match fs::fstat(fd) {
        Ok(st) => st,
        Err(e) => {
            error(&[qname, b": fstat failed"], Some(e));
            return false;
        }
    };
    let kind = st.mode & fs::S_IFMT;
    if (kind == fs::S_IFCHR && fs::isatty(fd)) || kind == fs::S_IFIFO || kind == fs::S_IFSOCK {
        error(&[qname, b": invalid file type"], None);
        return false;
    }
    if st.is_reg() && st.size < 0 {
        error(&[qname, b": file has negative size"], None);
        return false;
    }
    let blksize = if st.blksize == 0 { 512 } else { st.blksize };
    let mut i_size = 0u64;
    let mut size: Option<u64> = o.size;
    match o.size {
        None => {
            if st.is_reg() {
                let mut sz = st.size as u64;
                if !o.exact {
                    let rem = sz % blksize;
                    if sz != 0 && sz < blksize {
                        i_size = sz;
                    }
                    if rem != 0 {
                        sz += (blksize - rem).min(i64::MAX as u64 - sz);
                    }
                }
                size = Some(sz);
            } else {
                size = match fs::seek(fd, Whence::End(0)) {
                    Ok(sz) if sz > 0 => Some(sz),
                    _ => None,
                };
            }
        }
        Some(sz) => {
            if st.is_reg() && (st.size as u64) < blksize.min(sz) {
                i_size = st.size as u64;
            }
        }
    }
    let passes = genpattern(o.iterations, s);
    // A zero size from --size or an empty file: no pass at all.
    let mut remaining_size = size;
    let mut ok = true;
    loop {
        let (pass_size, pn);
        if i_size != 0 {
            pass_size = Some(i_size);
            i_size = 0;
            pn = 0;
        } else if remaining_size != Some(0) {
            pass_size = remaining_size;
            remaining_size = Some(0);
            pn = n;
        } else {
            break;
        }
        let zero = o.zero.then_some(0);
        for (i, &t) in passes.iter().chain(zero.iter()).enumerate() {
            match dopass(fd, &st, qname, pass_size, t, s, i + 1, pn) {
                Ok(false) => {}
                Ok(true) => ok = false,
                Err(()) => return false,
            }
        }
    }
    if o.remove != Remove::No {
        if let Err(e) = fs::ftruncate(fd, 0) {
            if st.is_reg() {
                error(&[qname, b": error truncating"], Some(e));
                return false;
            }
        }
    }
    ok
}

const NAMESET: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_.";

/// incname: the next name of the same length, None after the last.
fn incname(name: &mut [u8]) -> bool {
    for c in name.iter_mut().rev() {
        let p = NAMESET.iter().position(|x| x == c).unwrap_or(0);
        if p + 1 < NAMESET.len() {
            *c = NAMESET[p + 1];
            return true;
        }
        *c = NAMESET[0];
    }
    false
}

/// wipename: the name renamed to ever shorter names of `0`s, then
/// removed.
fn wipename(oldname: &[u8], qold: &[u8], o: &Options) -> bool {
    let mut old = oldname.to_vec();
    let base_at = logic::path::last_component(&old);
    let dir = logic::path::dirname(&old).to_vec();
    let qdir = quotef(&dir);
    let mut ok = true;
    let mut first = true;
    let dir_fd = if o.remove == Remove::WipeSync {
        fs::open_flags(
            &dir,
            oflag::RDONLY | oflag::DIRECTORY | oflag::NOCTTY | oflag::NONBLOCK,
            0,
        )
        .ok()
    } else {
        None
    };
    if o.verbose {
        error(&[qold, b": removing"], None);
    }
    if o.remove != Remove::Unlink {
        let blen = logic::path::base_len(&old[base_at..]);
        for len in (1..=blen).rev() {
            let mut new = old[..base_at].to_vec();
            new.extend(core::iter::repeat_n(NAMESET[0], len));
            let renamed = loop {
                match fs::rename_noreplace_at(Fd::CWD, &old, Fd::CWD, &new) {
                    Ok(()) => break true,
                    Err(Errno::EXIST) if incname(&mut new[base_at..]) => continue,
                    Err(_) => break false,
                }
            };
            if renamed {
                if let Some(d) = &dir_fd {
                    if dosync(d.fd(), &qdir).is_err() {
                        ok = false;
                    }
                }
                if o.verbose {
                    let shown = if first { qold.to_vec() } else { old.clone() };
                    error(&[&shown, b": renamed to ", &new], None);
                    first = false;
                }
                old = new;
            }
        }
    }
    match fs::unlink(&old) {
        Err(e) => {
            error(&[qold, b": failed to remove"], Some(e));
            ok = false;
        }
        Ok(()) => {
            if o.verbose {
                error(&[qold, b": removed"], None);
            }
        }
    }
    if let Some(d) = dir_fd {
        if dosync(d.fd(), &qdir).is_err() {
            ok = false;
        }
        if let Err(e) = d.close() {
            error(&[&qdir, b": failed to close"], Some(e));
            ok = false;
        }
    }
    ok
}

fn wipefile(name: &[u8], qname: &[u8], s: &mut Random, o: &Options) -> bool {
    let open = || fs::open_flags(name, oflag::WRONLY | oflag::NOCTTY, 0);
    let mut f = open();
    if matches!(f, Err(Errno::ACCES)) && o.force && fs::chmodat(Fd::CWD, name, 0o200).is_ok() {
        f = open();
    }
    let f = match f {
        Ok(f) => f,
        Err(e) => {
            error(&[qname, b": failed to open for writing"], Some(e));
            return false;
        }
    };
    let mut ok = wipefd(f.fd(), qname, s, o);
    if let Err(e) = f.close() {
        error(&[qname, b": failed to close"], Some(e));
        ok = false;
    }
    if ok && o.remove != Remove::No {
        ok = wipename(name, qname, o);
    }
    ok
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    let mut o = Options {
        force: false,
        iterations: 3,
        size: None,
        remove: Remove::No,
        verbose: false,
        exact: false,
        zero: false,
    };
    let mut source: Option<&[u8]> = None;
    while let Some(x) = opts.next() {
        match x.key {
            'f' => o.force = true,
            'n' => {
                let a = x.arg.unwrap_or_default();
                let max = (usize::MAX / 4) as u64;
                o.iterations = match logic::num::xstrtoumax(a, b"") {
                    (v, _, None) if v <= max => v as usize,
                    (_, _, Some(SizeError::Invalid | SizeError::InvalidSuffix)) => {
                        die(&[b"invalid number of passes: ", &quote(a)], None)
                    }
                    _ => die(
                        &[b"invalid number of passes: ", &quote(a)],
                        Some(Errno::OVERFLOW),
                    ),
                };
            }
            opt::RANDOM_SOURCE => {
                let a = x.arg.unwrap_or_default();
                if source.is_some_and(|s| s != a) {
                    die(&[b"multiple random sources specified"], None);
                }
                source = Some(a);
            }
            'u' => o.remove = Remove::WipeSync,
            opt::REMOVE => {
                o.remove = match x.arg {
                    None => Remove::WipeSync,
                    Some(a) => choice(
                        &SPEC,
                        b"--remove",
                        a,
                        &[
                            (b"unlink", Remove::Unlink),
                            (b"wipe", Remove::Wipe),
                            (b"wipesync", Remove::WipeSync),
                        ],
                    ),
                }
            }
            's' => {
                let a = x.arg.unwrap_or_default();
                o.size = Some(match logic::num::xstrtoumax_radix(a, 0, b"cbBkKMGTPEZY0") {
                    (v, _, None) if v <= i64::MAX as u64 => v,
                    (_, _, Some(SizeError::Invalid | SizeError::InvalidSuffix)) => {
                        die(&[b"invalid file size: ", &quote(a)], None)
                    }
                    _ => die(&[b"invalid file size: ", &quote(a)], Some(Errno::OVERFLOW)),
                });
            }
            'v' => o.verbose = true,
            'x' => o.exact = true,
            'z' => o.zero = true,
            _ => {}
        }
    }
    let files = opts.operands();
    if files.is_empty() {
        crate::shared::cli::usage_error(&SPEC, &[b"missing file operand"]);
    }
    let mut rnd = Random::open(source);
    let mut ok = true;
    for f in files {
        let q = quotef(f);
        ok &= if f == b"-" {
            match fs::status_flags(Fd::STDOUT) {
                Err(e) => {
                    error(&[&q, b": fcntl failed"], Some(e));
                    false
                }
                Ok(fl) if fl & oflag::APPEND != 0 => {
                    error(&[&q, b": cannot shred append-only file descriptor"], None);
                    false
                }
                Ok(_) => wipefd(Fd::STDOUT, &q, &mut rnd, &o),
            }
        } else {
            wipefile(f, &q, &mut rnd, &o)
        };
    }
    i32::from(!ok)
}
