// corebox applet
// name: shuf
// usage: [OPTION]... [FILE]
// usage: -e [OPTION]... [ARG]...
// usage: -i LO-HI [OPTION]...
// option: -e, --echo
// option: -i, --input-range=LO-HI
// option: -n, --head-count=COUNT
// option: -o, --output=FILE
// option: --random-source=FILE
// option: -r, --repeat
// option: -z, --zero-terminated
// help:
// Write a random permutation of the input lines to standard output.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -e, --echo                treat each ARG as an input line
//   -i, --input-range=LO-HI   treat each number LO through HI as an input line
//   -n, --head-count=COUNT    output at most COUNT lines
//   -o, --output=FILE         write result to FILE instead of standard output
//       --random-source=FILE  get random bytes from FILE
//   -r, --repeat              output lines can be repeated
//   -z, --zero-terminated     line delimiter is NUL, not newline
//       --help        display this help and exit
//       --version     output version information and exit

//! GNU shuf.c over gnulib's randint and randperm (shared::random), so that
//! a `--random-source` gives GNU's output: the same numbers are drawn in
//! the same order, from a whole input read into memory, or with `-n` on
//! more than 8 MiB (or a pipe) by GNU's reservoir sampling, whose extra
//! draw at the end of the input is kept. randperm's sparse form (big
//! ranges, few lines) swaps through a small hash table where GNU uses its
//! own: the permutation is the same.

use super::{opt, SPEC};
use crate::shared::cli::{number_or_die, try_help};
use crate::shared::diag::{die, quote, quotef};
use crate::shared::random::Random;
use alloc::vec::Vec;
use sys::fs::{self, Input, Whence};
use sys::io::{error, out};
use sys::records::Records;

/// Inputs of at least this size are sampled with a reservoir for `-n`.
const RESERVOIR_MIN_INPUT: u64 = 8192 * 1024;

struct Config {
    echo: bool,
    range: Option<(u64, u64)>,
    head: u64,
    outfile: Option<&'static [u8]>,
    source: Option<&'static [u8]>,
    repeat: bool,
    eol: u8,
}

/// `-i LO-HI`, with GNU's messages.
fn input_range(arg: &[u8]) -> (u64, u64) {
    const ERR: &[u8] = b"invalid input range";
    let dash = arg.iter().position(|&b| b == b'-');
    let (lo, hi_arg) = match dash {
        Some(p) => (
            number_or_die(&arg[..p], b"", 0, u64::MAX, ERR),
            &arg[p + 1..],
        ),
        None => (u64::MAX, arg),
    };
    let hi = number_or_die(hi_arg, b"", 0, u64::MAX, ERR);
    let n = hi.wrapping_sub(lo).wrapping_add(1);
    if dash.is_none() || (lo <= hi) == (n == 0) {
        die(&[ERR, b": ", &quote(arg)], None);
    }
    (lo, hi)
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        echo: false,
        range: None,
        head: u64::MAX,
        outfile: None,
        source: None,
        repeat: false,
        eol: b'\n',
    };
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        let arg = o.arg.unwrap_or_default();
        match o.key {
            'e' => c.echo = true,
            'i' => {
                if c.range.is_some() {
                    die(&[b"multiple -i options specified"], None);
                }
                c.range = Some(input_range(arg));
            }
            'n' => match logic::num::xstrtoumax(arg, b"") {
                (n, _, None) => c.head = c.head.min(n),
                (_, _, Some(logic::num::SizeError::Overflow)) => {}
                _ => die(&[b"invalid line count: ", &quote(arg)], None),
            },
            'o' => {
                if c.outfile.is_some_and(|f| f != arg) {
                    die(&[b"multiple output files specified"], None);
                }
                c.outfile = Some(arg);
            }
            opt::RANDOM_SOURCE => {
                if c.source.is_some_and(|f| f != arg) {
                    die(&[b"multiple random sources specified"], None);
                }
                c.source = Some(arg);
            }
            'r' => c.repeat = true,
            'z' => c.eol = 0,
            _ => {}
        }
    }
    let ops = opts.operands();
    if c.echo && c.range.is_some() {
        error(&[b"cannot combine -e and -i options"], None);
        try_help(&SPEC);
    }
    let extra = match c.range {
        Some(_) => ops.first(),
        None if !c.echo => ops.get(1),
        None => None,
    };
    if let Some(x) = extra {
        error(&[b"extra operand ", &quote(x)], None);
        try_help(&SPEC);
    }
    (c, ops)
}

/// The lines to shuffle: one buffer, each line ending in the delimiter,
/// and where each starts (with the end last).
struct Lines {
    data: Vec<u8>,
    starts: Vec<u64>,
}

impl Lines {
    fn new(mut data: Vec<u8>, eol: u8) -> Lines {
        if data.last().is_some_and(|&b| b != eol) {
            data.push(eol);
        }
        let mut starts = alloc::vec![0];
        starts.extend(logic::memchr::memchr_iter(eol, &data).map(|i| i as u64 + 1));
        Lines { data, starts }
    }
    fn len(&self) -> usize {
        self.starts.len() - 1
    }
    fn get(&self, i: usize) -> &[u8] {
        &self.data[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
    /// The lines as (start << 32 | length), made from the starts in
    /// place (no second array of the size of the index).
    fn take_spans(&mut self) -> Vec<u64> {
        let mut spans = core::mem::take(&mut self.starts);
        for i in 1..spans.len() {
            spans[i - 1] = spans[i - 1] << 32 | (spans[i] - spans[i - 1]);
        }
        spans.pop();
        spans
    }
}

/// input_size: the bytes left in a regular file, None if unknown.
fn input_size(input: &Input) -> Option<u64> {
    let st = fs::fstat(input.fd()).ok()?;
    if !st.is_reg() {
        return None;
    }
    let at = fs::seek(input.fd(), Whence::Current(0)).ok()?;
    Some((st.size as u64).saturating_sub(at))
}

fn read_error(e: sys::Errno) -> ! {
    die(&[b"read error"], Some(e))
}

/// read_input_reservoir_sampling: `k` lines chosen uniformly, in the
/// order GNU's reservoir holds them.
fn reservoir(input: &Input, eol: u8, k: u64, rnd: &mut Random) -> Vec<Vec<u8>> {
    let mut rec = Records::new(input.fd(), eol);
    let line = |r: &[u8]| {
        let mut v = r.to_vec();
        if v.last() != Some(&eol) {
            v.push(eol);
        }
        v
    };
    let mut rsrv: Vec<Vec<u8>> = Vec::new();
    let mut more = true;
    while (rsrv.len() as u64) < k {
        match rec.next() {
            Some(r) => rsrv.push(line(r)),
            None => {
                more = false;
                break;
            }
        }
    }
    if more {
        // Each further line replaces a held one with falling odds; GNU
        // draws before it knows whether a line follows.
        let mut n = rsrv.len() as u64;
        loop {
            let j = rnd.genmax(n);
            let Some(r) = rec.next() else { break };
            if j < k {
                rsrv[j as usize] = line(r);
            }
            n = n
                .checked_add(1)
                .unwrap_or_else(|| die(&[b"too many input lines"], Some(sys::Errno::OVERFLOW)));
        }
    }
    if let Some(e) = rec.error() {
        read_error(e);
    }
    rsrv
}

/// gnulib randperm_new: the first `h` of a random permutation of 0..n.
fn randperm(rnd: &mut Random, h: u64, n: u64) -> Vec<u64> {
    match h {
        0 => Vec::new(),
        1 => alloc::vec![rnd.genmax(n - 1)],
        _ if sparse(h, n) => {
            // Sparse: the swapped entries of the identity in a table.
            let mut t = Swaps::new(h as usize * 2);
            (0..h)
                .map(|i| {
                    let j = i + rnd.genmax(n - i - 1);
                    let (vi, vj) = (t.get(i), t.get(j));
                    t.put(i, vj);
                    t.put(j, vi);
                    vj
                })
                .collect()
        }
        _ => {
            let mut v: Vec<u64> = (0..n).collect();
            shuffle(rnd, &mut v, h);
            v
        }
    }
}

/// randperm's dense form applied to `v` itself: its first `h` entries
/// become those of the permutation GNU's randperm gives (the same draws).
#[cfg_attr(corebox_opt, optimize(speed))]
fn shuffle<T: Copy>(rnd: &mut Random, v: &mut Vec<T>, h: u64) {
    let n = v.len();
    let h = h.min(n as u64) as usize;
    // The draws do not depend on the array: each is made AHEAD swaps
    // early and its entry prefetched, so that the cache misses of a big
    // array overlap.
    const AHEAD: usize = 32;
    let mut js = [0usize; AHEAD];
    let mut draw = |i: usize, v: &[T]| {
        let j = i + rnd.genmax((n - i - 1) as u64) as usize;
        sys::simd::prefetch(&v[j]);
        j
    };
    for (i, j) in js.iter_mut().enumerate().take(h) {
        *j = draw(i, v);
    }
    for i in 0..h {
        let j = js[i % AHEAD];
        if i + AHEAD < h {
            js[i % AHEAD] = draw(i + AHEAD, v);
        }
        v.swap(i, j);
    }
    v.truncate(h);
}

/// Whether randperm takes its sparse form.
fn sparse(h: u64, n: u64) -> bool {
    h >= 2 && n >= 128 * 1024 && n / 64 >= h
}

/// An open-addressing map of the entries a sparse permutation moved
/// (an entry not in it holds its own index).
struct Swaps {
    keys: Vec<u64>,
    vals: Vec<u64>,
    mask: usize,
}

impl Swaps {
    fn new(n: usize) -> Swaps {
        let cap = (n * 2).next_power_of_two().max(16);
        Swaps {
            keys: alloc::vec![u64::MAX; cap],
            vals: alloc::vec![0; cap],
            mask: cap - 1,
        }
    }
    fn slot(&self, k: u64) -> usize {
        let mut i = (k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & self.mask;
        while self.keys[i] != k && self.keys[i] != u64::MAX {
            i = (i + 1) & self.mask;
        }
        i
    }
    fn get(&self, k: u64) -> u64 {
        let i = self.slot(k);
        if self.keys[i] == k {
            self.vals[i]
        } else {
            k
        }
    }
    fn put(&mut self, k: u64, v: u64) {
        let i = self.slot(k);
        self.keys[i] = k;
        self.vals[i] = v;
    }
}

/// Appends line `l` to `chunk`, written out first when `l` would take it
/// past 64 KiB: a call per line into the output costs more than the copy.
#[inline]
fn gather(o: sys::io::Stdout, chunk: &mut Vec<u8>, l: &[u8]) {
    if chunk.len() + l.len() > 64 * 1024 {
        o.write(chunk);
        chunk.clear();
    }
    chunk.extend_from_slice(l);
}

/// The lines `spans` of `data` (start << 32 | length) in their order,
/// through `chunk`; each line is prefetched 32 lines before it is copied.
#[cfg_attr(corebox_opt, optimize(speed), inline(never))]
fn write_spans(o: sys::io::Stdout, data: &[u8], spans: &[u64], mut chunk: Vec<u8>) {
    let at = |s: u64| (s >> 32) as usize;
    for &s in spans.iter().take(32) {
        sys::simd::prefetch(&data[at(s)]);
    }
    for (k, &s) in spans.iter().enumerate() {
        if k % 4096 == 0 && !o.ok() {
            break;
        }
        if let Some(&p) = spans.get(k + 32) {
            sys::simd::prefetch(&data[at(p)]);
        }
        gather(
            o,
            &mut chunk,
            &data[at(s)..at(s) + (s & 0xffff_ffff) as usize],
        );
    }
    o.write(&chunk);
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    // GNU's output loop dies on a failed write past stdio's buffer, and
    // close_stdout then reports the stream's error again.
    sys::io::write_errors_die_past_stdio_buffer();
    let (c, ops) = parse(args);
    let eol = c.eol;
    // The input: lines, a range of numbers, or a reservoir of lines.
    let mut lines = Lines::new(Vec::new(), eol);
    // The input file, and whether it is still to be sampled.
    let mut input: Option<(Input, bool)> = None;
    let mut n_lines: u64 = if c.head == 0 {
        0
    } else if c.echo {
        let mut data = Vec::new();
        for a in &ops {
            data.extend_from_slice(a);
            data.push(eol);
        }
        lines = Lines::new(data, eol);
        lines.len() as u64
    } else if let Some((lo, hi)) = c.range {
        hi.wrapping_sub(lo).wrapping_add(1)
    } else {
        let name = ops.first().copied().unwrap_or(b"-");
        let f = Input::open(name).unwrap_or_else(|e| die(&[&quotef(name)], Some(e)));
        fs::advise_sequential(f.fd());
        if c.repeat
            || c.head == u64::MAX
            || input_size(&f).is_some_and(|s| s <= RESERVOIR_MIN_INPUT)
        {
            let mut data = Vec::new();
            if let Err(e) = f.fd().read_to_end(&mut data) {
                read_error(e);
            }
            lines = Lines::new(data, eol);
            input = Some((f, false));
            lines.len() as u64
        } else {
            input = Some((f, true));
            // Not known until the reservoir is filled.
            u64::MAX
        }
    };
    let mut ahead = if c.repeat || c.head < n_lines {
        c.head
    } else {
        n_lines
    };
    let mut rnd = Random::open(c.source);
    let mut rsrv = Vec::new();
    if let Some((f, true)) = &input {
        rsrv = reservoir(f, eol, ahead, &mut rnd);
        ahead = rsrv.len() as u64;
        n_lines = ahead;
    }
    if let Some((f, _)) = input {
        let stdin = f.fd() == sys::io::Fd::STDIN;
        drop(f);
        if stdin {
            if let Err(e) = sys::io::close_stdin() {
                read_error(e);
            }
        }
    }
    // Lines of a whole input are shuffled themselves (where each starts
    // and its length): one memory access a line fewer than through an
    // index, and the same order.
    let direct = !c.repeat
        && rsrv.is_empty()
        && c.range.is_none()
        && !sparse(ahead, n_lines)
        && lines.data.len() <= u32::MAX as usize;
    // (start << 32 | length)
    let mut spans: Vec<u64> = Vec::new();
    if direct {
        spans = lines.take_spans();
        shuffle(&mut rnd, &mut spans, ahead);
    }
    let perm = if c.repeat || direct {
        Vec::new()
    } else {
        randperm(&mut rnd, ahead, n_lines)
    };
    if let Some(f) = c.outfile {
        if let Err(e) = fs::reopen_stdout(f) {
            die(&[&quotef(f)], Some(e));
        }
    }
    let o = out();
    let number = |n: u64| {
        o.num(n);
        o.byte(eol);
    };
    if c.repeat {
        if c.head != 0 {
            if n_lines == 0 {
                die(&[b"no lines to repeat"], None);
            }
            let mut i = 0;
            while i < ahead && o.ok() {
                let j = rnd.genmax(n_lines.wrapping_sub(1));
                match c.range {
                    Some((lo, _)) => number(lo.wrapping_add(j)),
                    None => o.write(lines.get(j as usize)),
                }
                i += 1;
            }
        }
    } else {
        let mut chunk: Vec<u8> = Vec::with_capacity(64 * 1024);
        for &p in perm.iter().take_while(|_| o.ok()) {
            if !rsrv.is_empty() {
                o.write(&rsrv[p as usize]);
            } else if let Some((lo, _)) = c.range {
                number(lo.wrapping_add(p));
            } else {
                gather(o, &mut chunk, lines.get(p as usize));
            }
        }
        write_spans(o, &lines.data, &spans, chunk);
    }
    0
}
