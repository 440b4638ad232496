// corebox applet
// name: wc
// usage: [OPTION]... [FILE]...
// usage: [OPTION]... --files0-from=F
// option: -c, --bytes
// option: -m, --chars
// option: -l, --lines
// option: -w, --words
// option: --debug
// option: --files0-from=F
// option: -L, --max-line-length
// option: --total=WHEN
// help:
// Print newline, word, and byte counts for each FILE, and a total line if
// more than one FILE is specified.  A word is a non-zero-length sequence of
// printable characters delimited by white space.
//
// With no FILE, or when FILE is -, read standard input.
//
// The options below may be used to select which counts are printed, always in
// the following order: newline, word, character, byte, maximum line length.
//   -c, --bytes            print the byte counts
//   -m, --chars            print the character counts
//   -l, --lines            print the newline counts
//       --files0-from=F    read input from the files specified by
//                            NUL-terminated names in file F;
//                            If F is - then read names from standard input
//   -L, --max-line-length  print the maximum display width
//   -w, --words            print the word counts
//       --help        display this help and exit
//       --version     output version information and exit

use super::{opt, SPEC};
use crate::shared::diag::{file_error, quoteaf, quotef};
use crate::shared::files::{files0_from, finish, invalid_files0_name, open_or_report};
use alloc::vec::Vec;
use logic::wc::{Counter, Counts};
use sys::fs;
use sys::io::{error, out, Fd};

const BUF: usize = 64 * 1024;

#[derive(Clone, Copy, PartialEq)]
enum Total {
    Auto,
    Always,
    Only,
    Never,
}

struct Want {
    lines: bool,
    words: bool,
    chars: bool,
    bytes: bool,
    max_width: bool,
}

/// What the size of a regular file says of its byte count.
enum SizeCount {
    /// All of it: the bytes from the offset to the size.
    Exact(u64),
    /// This many bytes were skipped by a seek; the rest is to be read.
    Skipped(u64),
}

/// GNU's use of st_size for `wc -c`: a size that is not a multiple of
/// the page size is trusted; one that is may be a /proc or /sys file's
/// guess (4096 for 2 bytes), so all but about the last block is skipped
/// by a seek and the rest is read. None: read it all.
fn bytes_by_size(fd: Fd) -> Option<SizeCount> {
    let st = fs::fstat(fd).ok().filter(|st| st.is_reg() && st.size > 0)?;
    let size = st.size as u64;
    let pos = fs::tell(fd).ok()?;
    if !size.is_multiple_of(sys::system::page_size() as u64) {
        return Some(SizeCount::Exact(size.saturating_sub(pos)));
    }
    // GNU 9.1 seeks relative to the offset here and then miscounts an
    // input that does not start at 0; the seek to `high` is what it means.
    let high = size - size % (st.blksize + 1);
    if pos < high && fs::seek(fd, fs::Whence::Start(high)).is_ok() {
        return Some(SizeCount::Skipped(high - pos));
    }
    None
}

/// The counts of one input; `Err` after a read error (counts so far kept).
fn count(
    fd: Fd,
    want: &Want,
    utf8: bool,
    posix: bool,
    buf: &mut [u8],
) -> (Counts, Option<sys::Errno>) {
    let mut c = Counts::default();
    // Bytes alone (or characters in a single-byte locale, the same
    // number): the size of a regular file, when it tells the truth.
    let sized = (want.bytes || want.chars) && !(want.chars && utf8);
    if sized && !want.lines && !want.words && !want.max_width {
        if let Some(bytes) = bytes_by_size(fd) {
            match bytes {
                SizeCount::Exact(n) => {
                    c.bytes = n;
                    c.chars = n;
                    return (c, None);
                }
                SizeCount::Skipped(n) => (c.bytes, c.chars) = (n, n),
            }
        }
    }
    // Lines, bytes and characters need no word scan: newlines by memchr,
    // characters of valid UTF-8 by skipping continuation bytes (the full
    // decoder only sees chunks that are not valid UTF-8).
    let simple = !want.words && !want.max_width;
    let mut counter = Counter::new(utf8, posix);
    if !want.max_width {
        counter = counter.without_widths();
    }
    if !want.words {
        counter = counter.without_words();
    }
    if simple && want.chars && utf8 {
        return count_utf8_chars(fd, buf, want.lines, counter);
    }
    loop {
        let n = match fd.read(buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => {
                let r = if simple { c } else { counter.finish() };
                return (r, Some(e));
            }
        };
        if simple {
            c.lines += sys::simd::count_byte(b'\n', &buf[..n]) as u64;
            c.bytes += n as u64;
            c.chars += n as u64;
        } else {
            counter.feed(&buf[..n]);
        }
    }
    if simple {
        (c, None)
    } else {
        (counter.finish(), None)
    }
}

/// Lines, bytes and UTF-8 characters. Blocks are cut after their last
/// complete character (the rest is carried to the next read), so a block
/// of valid UTF-8 is counted by skipping continuation bytes; only blocks
/// that are not valid UTF-8 go through the decoder.
fn count_utf8_chars(
    fd: Fd,
    buf: &mut [u8],
    lines: bool,
    mut slow: Counter,
) -> (Counts, Option<sys::Errno>) {
    let mut c = Counts::default();
    let mut carry = 0;
    let mut err = None;
    loop {
        let n = match fd.read(&mut buf[carry..]) {
            Ok(0) => break,
            Ok(n) => carry + n,
            Err(e) => {
                err = Some(e);
                break;
            }
        };
        let cut = logic::wc::utf8_boundary(&buf[..n]);
        let block = &buf[..cut];
        if lines {
            c.lines += sys::simd::count_byte(b'\n', block) as u64;
        }
        match sys::simd::utf8_chars(block) {
            Some(chars) => {
                c.bytes += cut as u64;
                c.chars += chars;
            }
            None => slow.feed(block),
        }
        buf.copy_within(cut..n, 0);
        carry = n - cut;
    }
    // What is left at the end is an incomplete sequence: bytes, not characters.
    slow.feed(&buf[..carry]);
    let s = slow.finish();
    c.bytes += s.bytes;
    c.chars += s.chars;
    (c, err)
}

fn write_counts(c: &Counts, want: &Want, width: usize, name: Option<&[u8]>) {
    let mut line = Vec::with_capacity(64);
    for (on, n) in [
        (want.lines, c.lines),
        (want.words, c.words),
        (want.chars, c.chars),
        (want.bytes, c.bytes),
        (want.max_width, c.max_width),
    ] {
        if !on {
            continue;
        }
        if !line.is_empty() {
            line.push(b' ');
        }
        let mut tmp = [0u8; 20];
        let digits = logic::digits::u64_dec(n, &mut tmp);
        line.resize(line.len() + width.saturating_sub(digits.len()), b' ');
        line.extend_from_slice(digits);
    }
    if let Some(name) = name {
        line.push(b' ');
        if name.contains(&b'\n') {
            line.extend_from_slice(&quotef(name));
        } else {
            line.extend_from_slice(name);
        }
    }
    line.push(b'\n');
    out().write(&line);
}

/// GNU's column width: the digits of the total size of the regular files
/// among the inputs, at least 7 when any input is not a regular file; 1
/// when there is a single input and a single count.
fn width(names: &[&[u8]], single: bool) -> usize {
    if names.is_empty() || single {
        return 1;
    }
    let stat = |n: &[u8]| {
        if n == b"-" {
            fs::fstat(Fd::STDIN)
        } else {
            fs::stat(n)
        }
    };
    if stat(names[0]).is_err() && names.len() == 1 {
        return 1;
    }
    let (mut total, mut min) = (0u64, 1usize);
    for n in names {
        match stat(n) {
            Ok(st) if st.is_reg() => total += st.size.max(0) as u64,
            Ok(_) => min = 7,
            Err(_) => {}
        }
    }
    let mut w = 1;
    while total >= 10 {
        total /= 10;
        w += 1;
    }
    w.max(min)
}

/// The command line: what to count, where the names come from, and
/// whether to print a total.
struct Config {
    want: Want,
    total: Total,
    files0_from: Option<&'static [u8]>,
    operands: Vec<&'static [u8]>,
}

impl Want {
    fn count(&self) -> usize {
        [
            self.lines,
            self.words,
            self.chars,
            self.bytes,
            self.max_width,
        ]
        .iter()
        .filter(|&&w| w)
        .count()
    }
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> Config {
    let mut want = Want {
        lines: false,
        words: false,
        chars: false,
        bytes: false,
        max_width: false,
    };
    let mut files0_from: Option<&[u8]> = None;
    let mut total = Total::Auto;
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            'c' => want.bytes = true,
            'm' => want.chars = true,
            'l' => want.lines = true,
            'w' => want.words = true,
            'L' => want.max_width = true,
            opt::FILES0_FROM => files0_from = o.arg,
            opt::TOTAL => {
                total = crate::shared::cli::choice(
                    &SPEC,
                    b"--total",
                    o.arg.unwrap_or(b""),
                    &[
                        (b"auto", Total::Auto),
                        (b"always", Total::Always),
                        (b"only", Total::Only),
                        (b"never", Total::Never),
                    ],
                )
            }
            _ => {} // --debug
        }
    }
    if want.count() == 0 {
        (want.lines, want.words, want.bytes) = (true, true, true);
    }
    let operands = opts.operands();
    if let (Some(x), Some(_)) = (operands.first(), files0_from) {
        error(&[b"extra operand ", &quoteaf(x)], None);
        sys::io::write_stderr(b"file operands cannot be combined with --files0-from\n");
        crate::shared::cli::try_help(&SPEC);
    }
    Config {
        want,
        total,
        files0_from,
        operands,
    }
}

fn run(c: &Config) -> i32 {
    let utf8 = sys::env::utf8_locale();
    let posix = sys::env::posixly_correct();
    let owned: Vec<Vec<u8>>;
    let mut ok = true;
    let (names, sized_list): (Vec<&[u8]>, bool) = match c.files0_from {
        Some(from) => {
            let regular;
            (owned, regular, ok) = files0_from(from);
            (owned.iter().map(|v| &v[..]).collect(), regular)
        }
        None => (c.operands.clone(), true),
    };
    let single_count = c.want.count() == 1;
    let implicit_stdin = names.is_empty() && c.files0_from.is_none();
    let w = if implicit_stdin {
        width(&[b"-"], single_count)
    } else if !sized_list {
        1
    } else {
        width(&names, names.len() == 1 && single_count)
    };
    let list: Vec<&[u8]> = if implicit_stdin {
        alloc::vec![&b"-"[..]]
    } else {
        names
    };
    let mut buf = alloc::vec![0u8; BUF];
    let mut sum = Counts::default();
    for (i, &name) in list.iter().enumerate() {
        if name.is_empty() || (c.files0_from == Some(b"-") && name == b"-") {
            invalid_files0_name(c.files0_from, i + 1, name);
            ok = false;
            continue;
        }
        let Some(input) = open_or_report(name) else {
            ok = false;
            continue;
        };
        fs::advise_sequential(input.fd());
        let (counts, err) = count(input.fd(), &c.want, utf8, posix, &mut buf);
        if let Some(e) = err {
            let shown: &[u8] = if implicit_stdin {
                b"standard input"
            } else {
                name
            };
            ok = file_error(shown, e);
        }
        sum.add(&counts);
        if c.total != Total::Only {
            write_counts(&counts, &c.want, w, (!implicit_stdin).then_some(name));
        }
    }
    let show_total = match c.total {
        Total::Auto => list.len() > 1,
        Total::Always | Total::Only => true,
        Total::Never => false,
    };
    if show_total {
        let label: Option<&[u8]> = (c.total != Total::Only).then_some(b"total");
        write_counts(&sum, &c.want, w, label);
    }
    finish(&list, ok)
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    // GNU 9.1's wc reports any write error as a bare `write error`.
    sys::io::set_write_error_style(
        sys::io::WriteErrorKind::Plain,
        sys::io::WriteErrorKind::Plain,
        0,
        u64::MAX,
    );
    // GNU sets standard output line buffered: each file's line appears
    // when that file is done.
    sys::io::set_line_buffered();
    run(&parse(args))
}
