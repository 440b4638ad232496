// corebox applet
// name: sort
// usage: [OPTION]... [FILE]...
// usage: [OPTION]... --files0-from=F
// usage-status: 2
// option: -b, --ignore-leading-blanks
// option: --check[=WHEN]
// option: --compress-program=PROG
// option: --debug
// option: -d, --dictionary-order
// option: -f, --ignore-case
// option: --files0-from=F
// option: -g, --general-numeric-sort
// option: -i, --ignore-nonprinting
// option: -k, --key=KEYDEF
// option: -m, --merge
// option: -M, --month-sort
// option: -n, --numeric-sort
// option: -h, --human-numeric-sort
// option: -V, --version-sort
// option: -R, --random-sort
// option: --random-source=FILE
// option: --sort=WORD
// option: -o, --output=FILE
// option: -r, --reverse
// option: -s, --stable
// option: --batch-size=NMERGE
// option: -S, --buffer-size=SIZE
// option: -t, --field-separator=SEP
// option: -T, --temporary-directory=DIR
// option: -u, --unique
// option: -z, --zero-terminated
// option: --parallel=N
// option: -c
// option: -C
// option: -y[=ARG]
// help:
// Write sorted concatenation of all FILE(s) to standard output.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
// Ordering options:
//
//   -b, --ignore-leading-blanks  ignore leading blanks
//   -d, --dictionary-order      consider only blanks and alphanumeric characters
//   -f, --ignore-case           fold lower case to upper case characters
//   -g, --general-numeric-sort  compare according to general numerical value
//   -i, --ignore-nonprinting    consider only printable characters
//   -M, --month-sort            compare (unknown) < 'JAN' < ... < 'DEC'
//   -h, --human-numeric-sort    compare human readable numbers (e.g., 2K 1G)
//   -n, --numeric-sort          compare according to string numerical value
//   -R, --random-sort           shuffle, but group identical keys.  See shuf(1)
//       --random-source=FILE    get random bytes from FILE
//   -r, --reverse               reverse the result of comparisons
//       --sort=WORD             sort according to WORD:
//                                 general-numeric -g, human-numeric -h, month -M,
//                                 numeric -n, random -R, version -V
//   -V, --version-sort          natural sort of (version) numbers within text
//
// Other options:
//
//       --batch-size=NMERGE   merge at most NMERGE inputs at once;
//                             for more use temp files
//   -c, --check, --check=diagnose-first  check for sorted input; do not sort
//   -C, --check=quiet, --check=silent  like -c, but do not report first bad line
//       --compress-program=PROG  compress temporaries with PROG;
//                               decompress them with PROG -d
//       --debug               annotate the part of the line used to sort,
//                               and warn about questionable usage to stderr
//       --files0-from=F       read input from the files specified by
//                             NUL-terminated names in file F;
//                             If F is - then read names from standard input
//   -k, --key=KEYDEF          sort via a key; KEYDEF gives location and type
//   -m, --merge               merge already sorted files; do not sort
//   -o, --output=FILE         write result to FILE instead of standard output
//   -s, --stable              stabilize sort by disabling last-resort comparison
//   -S, --buffer-size=SIZE    use SIZE for main memory buffer
//   -t, --field-separator=SEP  use SEP instead of non-blank to blank transition
//   -T, --temporary-directory=DIR  use DIR for temporaries, not $TMPDIR or /tmp;
//                               multiple options specify multiple directories
//       --parallel=N          change the number of sorts run concurrently to N
//   -u, --unique              with -c, check for strict ordering;
//                               without -c, output only the first of an equal run
//   -z, --zero-terminated     line delimiter is NUL, not newline
//       --help        display this help and exit
//       --version     output version information and exit
//
// KEYDEF is F[.C][OPTS][,F[.C][OPTS]] for start and stop position, where F is a
// field number and C a character position in the field; both are origin 1, and
// the stop position defaults to the line's end.  If neither -t nor -b is in
// effect, characters in a field are counted from the beginning of the preceding
// whitespace.  OPTS is one or more single-letter ordering options [bdfgiMhnRrV],
// which override global ordering options for that key.  If no key is given, use
// the entire line as the key.  Use --debug to diagnose incorrect key usage.
//
// SIZE may be followed by the following multiplicative suffixes:
// % 1% of memory, b 1, K 1024 (default), and so on for M, G, T, P, E, Z, Y.
//
// *** WARNING ***
// The locale specified by the environment affects sort order.
// Set LC_ALL=C to get the traditional sort order that uses
// native byte values.

//! GNU sort.c in the C locale's byte order. Inputs are read into one
//! buffer and an index of lines (with the first key's span and its first
//! bytes, or its value for simple `-n` integers) is sorted; beyond the
//! memory bound (`-S`, else most of the available memory) sorted runs go
//! to unlinked temporary files in `-T` directories and are merged, at most
//! `--batch-size` at once. `-m` merges, `-c`/`-C` check, both streaming.
//! Comparisons are logic::sortkey's. There are no threads: `--parallel`
//! is checked and ignored. With `--compress-program` each run is written
//! through a child running it and read back through one running it with
//! `-d` (GNU's pipe_fork).

use super::{opt, SPEC};
use crate::shared::cli::try_help;
use crate::shared::diag::{quote, quoteaf, quotef};
use alloc::vec::Vec;
use core::cell::RefCell;
use core::cmp::Ordering;
use logic::linecmp::compare_bytes;
use logic::sortkey::{self, Key, KeyError, Keys, NONE};
use sys::fs::{self, Input};
use sys::io::{error, out, File};

const SORT_FAILURE: i32 = 2;
const NMERGE_DEFAULT: usize = 16;

/// Bytes an indexed line costs beside its text.
const LINE_COST: usize = core::mem::size_of::<Line>();

/// GNU's `die (SORT_FAILURE, ...)`.
#[cold]
fn fail(parts: &[&[u8]], e: Option<sys::Errno>) -> ! {
    error(parts, e);
    sys::rt::exit(SORT_FAILURE)
}

/// sort_die: `MESSAGE: FILE: ERROR` (None: standard output).
#[cold]
fn sort_die(msg: &[u8], file: Option<&[u8]>, e: Option<sys::Errno>) -> ! {
    let name = quotef(file.unwrap_or(b"standard output"));
    fail(&[msg, b": ", &name], e)
}

struct Config {
    keys: Keys,
    /// Only the global options make the key (no -k).
    gkey_only: bool,
    check: u8,
    merge: bool,
    unique: bool,
    stable: bool,
    debug: bool,
    eol: u8,
    outfile: Option<&'static [u8]>,
    files: Vec<&'static [u8]>,
    sort_size: u64,
    nmerge: usize,
    temp_dirs: Vec<&'static [u8]>,
    /// `--compress-program`.
    compress: Option<&'static [u8]>,
    /// Its children not waited for yet: (pid, compressor rather than
    /// decompressor).
    procs: RefCell<Vec<(i32, bool)>>,
}

fn badfieldspec(spec: &[u8], msg: &[u8]) -> ! {
    fail(
        &[msg, b": invalid field specification ", &quote(spec)],
        None,
    )
}

/// Dies with the message of a `-k`/`+POS -POS` error.
fn key_error(e: KeyError) -> ! {
    match e {
        KeyError::Spec(spec, msg) => badfieldspec(spec, msg),
        KeyError::Count(msg, rest) => {
            fail(&[msg, b": invalid count at start of ", &quote(rest)], None)
        }
    }
}

fn incompatible(opts: &[u8]) -> ! {
    fail(&[b"options '-", opts, b"' are incompatible"], None)
}

/// `-S SIZE`: bytes, KiB by default, `b`, `%` of memory.
fn sort_size(arg: &[u8], option: &[u8]) -> u64 {
    use logic::num::SizeError as E;
    let (n, used, e) = logic::num::xstrtoumax(arg, b"EgGkKmMPtTYZ");
    let digit_before = used > 0 && arg[used - 1].is_ascii_digit();
    let r = match e {
        None if digit_before => n.checked_mul(1024).ok_or(E::Overflow),
        None => Ok(n),
        Some(E::InvalidSuffix) if digit_before && used + 1 == arg.len() => match arg[used] {
            b'b' => Ok(n),
            b'%' => {
                let mem = memory().0 as u128 * n as u128 / 100;
                u64::try_from(mem).map_err(|_| E::Overflow)
            }
            _ => Err(E::InvalidSuffix),
        },
        Some(e) => Err(e),
    };
    r.unwrap_or_else(|e| xstrtol_fatal(option, arg, e))
}

fn xstrtol_fatal(option: &[u8], arg: &[u8], e: logic::num::SizeError) -> ! {
    use logic::num::SizeError as E;
    let q = quote(arg);
    let parts: [&[u8]; 4] = match e {
        E::Invalid => [b"invalid ", option, b" argument ", &q],
        E::InvalidSuffix => [b"invalid suffix in ", option, b" argument ", &q],
        E::Overflow => [option, b" argument ", &q, b" too large"],
    };
    fail(&parts, None)
}

/// (total, available) physical memory in bytes, from /proc/meminfo.
fn memory() -> (u64, u64) {
    let mut text = Vec::new();
    if let Ok(f) = Input::open(b"/proc/meminfo") {
        let _ = f.fd().read_to_end(&mut text);
    }
    let field = |name: &[u8]| {
        text.windows(name.len())
            .position(|w| w == name)
            .and_then(|p| {
                let rest = &text[p + name.len()..];
                let rest = &rest[rest.iter().take_while(|c| **c == b' ').count()..];
                let n = rest.iter().take_while(|c| c.is_ascii_digit()).count();
                logic::num::parse_u64_dec(&rest[..n])
            })
            .map(|k| k * 1024)
    };
    let total = field(b"MemTotal:").unwrap_or(1 << 30);
    (total, field(b"MemAvailable:").unwrap_or(total / 2))
}

/// `--batch-size`.
fn nmerge_arg(arg: &[u8], option: &[u8]) -> usize {
    use logic::num::SizeError as E;
    let max = sys::system::open_files_limit()
        .saturating_sub(3)
        .min(u32::MAX as u64);
    let opt = &option[2..];
    match logic::num::xstrtoumax(arg, b"") {
        (n, _, None) if n < 2 => {
            error(&[b"invalid --", opt, b" argument ", &quote(arg)], None);
            fail(&[b"minimum --", opt, b" argument is ", &quote(b"2")], None)
        }
        (n, _, None) if n <= max => n as usize,
        (_, _, None) | (_, _, Some(E::Overflow)) => {
            error(
                &[b"--", opt, b" argument ", &quote(arg), b" too large"],
                None,
            );
            let mut m = Vec::new();
            logic::digits::push_u64(&mut m, max);
            let msg: &[&[u8]] = &[b"maximum --", opt, b" argument with current rlimit is ", &m];
            fail(msg, None)
        }
        (_, _, Some(e)) => xstrtol_fatal(option, arg, e),
    }
}

/// The name an option was given by (`-S` or `--buffer-size`) for messages.
fn spelled(given: Option<&&[u8]>, short: &'static [u8], long: &'static [u8]) -> &'static [u8] {
    match given {
        Some(a) if a.starts_with(b"--") => long,
        _ => short,
    }
}

impl Config {
    fn new() -> Config {
        Config {
            keys: Keys {
                keys: Vec::new(),
                tab: None,
                reverse: false,
                no_last_resort: false,
                salt: [0; 16],
            },
            gkey_only: false,
            check: 0,
            merge: false,
            unique: false,
            stable: false,
            debug: false,
            eol: b'\n',
            outfile: None,
            files: Vec::new(),
            sort_size: 0,
            nmerge: NMERGE_DEFAULT,
            temp_dirs: Vec::new(),
            compress: None,
            procs: RefCell::new(Vec::new()),
        }
    }
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> Config {
    let mut c = Config::new();
    let mut gkey = Key {
        sword: NONE,
        ..Key::default()
    };
    let posixly = sys::env::posixly_correct();
    let v = sys::env::posix2_version();
    let mut traditional = !(200112..200809).contains(&v);
    let mut files0: Option<&[u8]> = None;
    let mut random_source: Option<&'static [u8]> = None;
    let mut tab: Option<u8> = None;
    let mut opts = crate::shared::cli::parse_in_order(&SPEC, &args[1.min(args.len())..]);
    loop {
        let rest = opts.rest();
        if posixly && !c.files.is_empty() {
            let o_next = traditional
                && c.check == 0
                && rest.first().is_some_and(|a| {
                    a.len() >= 2 && a[0] == b'-' && a[1] == b'o' && (a.len() > 2 || rest.len() > 1)
                });
            if !o_next {
                c.files.extend_from_slice(rest);
                break;
            }
        }
        let given = rest.first();
        let Some(o) = opts.next() else { break };
        let arg = o.arg.unwrap_or(b"");
        match o.key {
            crate::shared::cli::OPERAND => {
                operand(&mut c, &mut opts, arg, posixly, &mut traditional)
            }
            opt::SORT => {
                gkey.set_ordering(&[sort_word(arg)], true, true);
            }
            k @ ('b' | 'd' | 'f' | 'g' | 'h' | 'i' | 'M' | 'n' | 'r' | 'R' | 'V') => {
                gkey.set_ordering(&[k as u8], true, true);
            }
            opt::CHECK | 'c' | 'C' => check_option(&mut c, o.key, o.arg),
            opt::COMPRESS_PROGRAM => once(&mut c.compress, arg, b"compress programs"),
            opt::DEBUG => c.debug = true,
            opt::FILES0_FROM => files0 = Some(arg),
            'k' => c
                .keys
                .keys
                .push(sortkey::parse_key(arg).unwrap_or_else(|e| key_error(e))),
            'm' => c.merge = true,
            opt::BATCH_SIZE => c.nmerge = nmerge_arg(arg, b"--batch-size"),
            'o' => once(&mut c.outfile, arg, b"output files"),
            opt::RANDOM_SOURCE => once(&mut random_source, arg, b"random sources"),
            's' => c.stable = true,
            'S' => {
                let n = sort_size(arg, spelled(given, b"-S", b"--buffer-size"));
                c.sort_size = c.sort_size.max(n);
            }
            't' => tab = Some(tab_option(tab, arg)),
            'T' => c.temp_dirs.push(arg),
            opt::PARALLEL => parallel(arg),
            'u' => c.unique = true,
            // -y[N], -y N: ignored (an old option of sort's).
            'y' if o.arg.is_none() => {
                let next = opts.rest().first().copied();
                if next.is_some_and(|n| n.iter().all(u8::is_ascii_digit)) {
                    opts.skip_arg();
                }
            }
            'y' => {}
            'z' => c.eol = 0,
            _ => try_help(&SPEC),
        }
    }
    c.files.extend(opts.operands());
    c.keys.tab = tab;
    if let Some(f) = files0 {
        c.files = files0_from(f, &c.files);
    }
    finish_keys(&mut c, gkey, random_source);
    c
}

/// `--sort=WORD`: the option letter of WORD.
fn sort_word(arg: &[u8]) -> u8 {
    let words: [(&[u8], u8); 6] = [
        (b"general-numeric", b'g'),
        (b"human-numeric", b'h'),
        (b"month", b'M'),
        (b"numeric", b'n'),
        (b"random", b'R'),
        (b"version", b'V'),
    ];
    crate::shared::cli::choice(&SPEC, b"--sort", arg, &words)
}

/// An option that may be given again only with the same value.
fn once(slot: &mut Option<&'static [u8]>, arg: &'static [u8], what: &[u8]) {
    if slot.is_some_and(|p| p != arg) {
        fail(&[b"multiple ", what, b" specified"], None);
    }
    *slot = Some(arg);
}

/// `--parallel=N`: checked, then ignored (sort runs in one thread).
fn parallel(arg: &[u8]) {
    match logic::num::xstrtoumax(arg, b"") {
        (0, _, None) => fail(&[b"number in parallel must be nonzero"], None),
        (_, _, None) | (_, _, Some(logic::num::SizeError::Overflow)) => {}
        (_, _, Some(e)) => xstrtol_fatal(b"--parallel", arg, e),
    }
}

/// An operand: a file, or with the traditional syntax `+POS1 [-POS2]` a key.
fn operand(
    c: &mut Config,
    opts: &mut crate::shared::cli::Args,
    arg: &'static [u8],
    posixly: bool,
    traditional: &mut bool,
) {
    let mut key = None;
    if arg.first() == Some(&b'+') {
        let next = opts.rest().first().copied();
        let minus = next.filter(|n| n.len() > 1 && n[0] == b'-' && n[1].is_ascii_digit());
        *traditional |= minus.is_some() && !posixly;
        if *traditional {
            key = sortkey::parse_obsolete(arg, minus).map(|r| r.unwrap_or_else(|e| key_error(e)));
            if key.is_some() && minus.is_some() {
                opts.skip_arg();
            }
        }
    }
    match key {
        Some(k) => c.keys.keys.push(k),
        None => c.files.push(arg),
    }
}

/// `-t SEP`.
fn tab_option(tab: Option<u8>, arg: &[u8]) -> u8 {
    let t = match arg {
        [] => fail(&[b"empty tab"], None),
        [t] => *t,
        b"\\0" => 0,
        _ => fail(&[b"multi-character tab ", &quote(arg)], None),
    };
    if tab.is_some_and(|x| x != t) {
        fail(&[b"incompatible tabs"], None);
    }
    t
}

/// `-c`, `-C`, `--check[=WHEN]`.
fn check_option(c: &mut Config, key: char, arg: Option<&[u8]>) {
    let words: [(&[u8], u8); 3] = [
        (b"quiet", b'C'),
        (b"silent", b'C'),
        (b"diagnose-first", b'c'),
    ];
    let k = match (key, arg) {
        (opt::CHECK, Some(a)) => crate::shared::cli::choice(&SPEC, b"--check", a, &words),
        ('C', _) => b'C',
        _ => b'c',
    };
    if c.check != 0 && c.check != k {
        incompatible(b"cC");
    }
    c.check = k;
}

/// `--files0-from=F`.
fn files0_from(from: &'static [u8], operands: &[&[u8]]) -> Vec<&'static [u8]> {
    if let Some(f) = operands.first() {
        error(&[b"extra operand ", &quoteaf(f)], None);
        sys::io::write_stderr(b"file operands cannot be combined with --files0-from\n");
        try_help(&SPEC);
    }
    let input = Input::open(from).unwrap_or_else(|e| sort_die(b"open failed", Some(from), Some(e)));
    let mut data = Vec::new();
    if let Err(e) = input.fd().read_to_end(&mut data) {
        fail(&[b"cannot read file names from ", &quoteaf(from)], Some(e));
    }
    if data.last().is_some_and(|&b| b != 0) {
        data.push(0);
    }
    let data: &'static [u8] = data.leak();
    let names: Vec<&'static [u8]> = data.split(|&b| b == 0).collect();
    let names = &names[..names.len().saturating_sub(1)];
    if names.is_empty() {
        fail(&[b"no input from ", &quoteaf(from)], None);
    }
    for (i, n) in names.iter().enumerate() {
        if *n == b"-" {
            let msg: &[&[u8]] = &[
                b"when reading file names from stdin, no file name of ",
                &quoteaf(n),
                b" allowed",
            ];
            fail(msg, None);
        }
        if n.is_empty() {
            let mut pos = Vec::new();
            logic::digits::push_u64(&mut pos, i as u64 + 1);
            fail(
                &[
                    &quotef(from),
                    b":",
                    &pos,
                    b": invalid zero-length file name",
                ],
                None,
            );
        }
    }
    names.to_vec()
}

/// Inheritance of the global options, checks, `--debug`'s warnings and
/// the random salt.
fn finish_keys(c: &mut Config, gkey: Key, source: Option<&[u8]>) {
    let mut random = false;
    for k in c.keys.keys.iter_mut() {
        if k.is_default() && !k.reverse {
            k.inherit(&gkey);
        }
        random |= k.random;
    }
    if c.keys.keys.is_empty() && !gkey.is_default() {
        c.gkey_only = true;
        c.keys.keys.push(gkey);
        random |= gkey.random;
    }
    for k in c.keys.keys.iter_mut() {
        if k.incompatible() {
            k.skipsblanks = false;
            k.skipeblanks = false;
            k.reverse = false;
            incompatible(&k.opts());
        }
    }
    if c.debug {
        if c.check != 0 || c.outfile.is_some() {
            let first = if c.check != 0 { c.check } else { b'o' };
            incompatible(&[first, b' ', b'-', b'-', b'd', b'e', b'b', b'u', b'g']);
        }
        if sys::env::hard_locale(b"LC_COLLATE") {
            let name = sys::env::locale_of(b"LC_COLLATE").unwrap_or(b"C");
            error(
                &[
                    b"text ordering performed using ",
                    &quote(name),
                    b" sorting rules",
                ],
                None,
            );
        } else {
            error(
                &[b"text ordering performed using simple byte comparison"],
                None,
            );
        }
        key_warnings(c, &gkey);
    }
    c.keys.reverse = gkey.reverse;
    c.keys.no_last_resort = c.unique || c.stable;
    if random {
        let mut rnd = crate::shared::random::Random::open(source);
        rnd.read(&mut c.keys.salt);
    }
    if c.temp_dirs.is_empty() {
        c.temp_dirs
            .push(sys::env::var(b"TMPDIR").unwrap_or(b"/tmp"));
    }
    if c.files.is_empty() {
        c.files.push(b"-");
    }
}

fn num(n: u64) -> Vec<u8> {
    let mut v = Vec::new();
    logic::digits::push_u64(&mut v, n);
    v
}

/// key_warnings: `--debug`'s notes on the keys.
fn key_warnings(c: &Config, gkey: &Key) {
    let tab = c.keys.tab;
    let (mut basic, mut general, mut basic_span, mut general_span) = (false, false, false, false);
    let mut ug = *gkey;
    for (i, key) in c.keys.keys.iter().enumerate() {
        let keynum = num(i as u64 + 1);
        if key.is_numeric() {
            if key.general {
                general = true;
            } else {
                basic = true;
            }
        }
        if key.traditional {
            obsolete_warning(key);
        }
        let zero_width = key.sword != NONE && key.eword < key.sword;
        if zero_width {
            error(
                &[b"key ", &keynum, b" has zero width and will be ignored"],
                None,
            );
        }
        let implicit_skip = key.is_numeric() || key.month;
        let line_offset = key.eword == 0 && key.echar != 0;
        if !zero_width
            && !c.gkey_only
            && tab.is_none()
            && !line_offset
            && (!key.skipsblanks && (!implicit_skip || key.schar != 0)
                || (!key.skipeblanks && key.echar != 0))
        {
            let msg: &[&[u8]] = &[
                b"leading blanks are significant in key ",
                &keynum,
                b"; consider also specifying 'b'",
            ];
            error(msg, None);
        }
        if !c.gkey_only && key.is_numeric() {
            let sword = key.sword.wrapping_add(1).max(1);
            let eword = key.eword.wrapping_add(1);
            if eword == 0 || sword < eword {
                error(
                    &[b"key ", &keynum, b" is numeric and spans multiple fields"],
                    None,
                );
                if key.general {
                    general_span = true;
                } else {
                    basic_span = true;
                }
            }
        }
        unused_by(&mut ug, key);
    }
    number_warnings(tab, basic || general, basic_span, general_span);
    let stable = c.stable || c.unique;
    if !ug.is_default() || (ug.reverse && stable && !c.keys.keys.is_empty()) {
        let r = ug.reverse;
        ug.reverse &= stable;
        let o = ug.opts();
        let what: &[u8] = if o.len() == 1 {
            b"option '-"
        } else {
            b"options '-"
        };
        let tail: &[u8] = if o.len() == 1 {
            b"' is ignored"
        } else {
            b"' are ignored"
        };
        error(&[what, &o, tail], None);
        ug.reverse = r;
    }
    if ug.reverse && !stable && !c.keys.keys.is_empty() {
        error(
            &[b"option '-r' only applies to last-resort comparison"],
            None,
        );
    }
}

/// `obsolescent key '+1 -2' used; consider '-k 2,2' instead`.
fn obsolete_warning(key: &Key) {
    let sword = if key.sword == NONE { 0 } else { key.sword };
    let mut o = [&b"+"[..], &num(sword as u64)].concat();
    let mut n = [&b"-k "[..], &num(sword as u64 + 1)].concat();
    if key.eword != NONE {
        o.extend_from_slice(b" -");
        o.extend_from_slice(&num(key.eword as u64 + 1));
        n.push(b',');
        n.extend_from_slice(&num(key.eword as u64 + 1 + (key.echar == NONE) as u64));
    }
    let msg: &[&[u8]] = &[
        b"obsolescent key ",
        &quote(&o),
        b" used; consider ",
        &quote(&n),
        b" instead",
    ];
    error(msg, None);
}

/// Clears in `ug` (the global options not used yet) those `key` has.
fn unused_by(ug: &mut Key, key: &Key) {
    if ug.ignore != logic::sortkey::Ignore::No && ug.ignore == key.ignore {
        ug.ignore = logic::sortkey::Ignore::No;
    }
    ug.fold &= !key.fold;
    ug.skipsblanks &= !key.skipsblanks;
    ug.skipeblanks &= !key.skipeblanks;
    ug.month &= !key.month;
    ug.numeric &= !key.numeric;
    ug.general &= !key.general;
    ug.human &= !key.human;
    ug.random &= !key.random;
    ug.version &= !key.version;
    ug.reverse &= !key.reverse;
}

fn number_warnings(tab: Option<u8>, numeric: bool, basic_span: bool, general_span: bool) {
    let mut warned = false;
    if basic_span || general_span {
        let sep = |what: &[u8], c: u8| {
            let msg: &[&[u8]] = &[
                b"field separator ",
                &quote(&[c]),
                b" is treated as a ",
                what,
                b" in numbers",
            ];
            error(msg, None);
        };
        if tab == Some(b'.') {
            sep(b"decimal point", b'.');
            warned = true;
        } else if tab == Some(b'-') {
            sep(b"minus sign", b'-');
        } else if general_span && tab == Some(b'+') {
            sep(b"plus sign", b'+');
        }
    }
    if numeric && !warned {
        let note: &[u8] = if tab == Some(b'.') { b"" } else { b"note " };
        error(
            &[
                note,
                b"numbers use ",
                &quote(b"."),
                b" as a decimal point in this locale",
            ],
            None,
        );
    }
}

/// A line of the buffer, 32 bytes. Buffers up to 4 GiB ("spans"): `pos`
/// is where it is (start, length without its delimiter: high and low
/// halves); `pre` the first key's first 8 bytes big-endian (the line's,
/// without keys), or the value of a simple `-n` integer; `aux` the span of
/// the first key in the line (start, end), or without keys the line's bytes
/// 8 to 16; `lpre` its first 8 bytes, or bytes 16 to 24 without keys.
/// Beyond 4 GiB, `pos` is the start, `aux` the length, and nothing else is
/// kept.
#[derive(Clone, Copy)]
struct Line {
    pre: u64,
    pos: u64,
    aux: u64,
    lpre: u64,
}

impl Line {
    /// Where the line starts, and its length without its delimiter.
    #[inline]
    fn range(&self, spans: bool) -> (usize, usize) {
        if spans {
            ((self.pos >> 32) as usize, self.pos as u32 as usize)
        } else {
            (self.pos as usize, self.aux as usize)
        }
    }

    #[inline]
    fn text<'a>(&self, data: &'a [u8], spans: bool) -> &'a [u8] {
        let (at, len) = self.range(spans);
        &data[at..at + len]
    }

    #[inline]
    fn key<'a>(&self, line: &'a [u8]) -> &'a [u8] {
        &line[(self.aux >> 32) as usize..self.aux as u32 as usize]
    }
}

/// `s` from byte `from` on.
#[cfg_attr(corebox_opt, optimize(speed))]
fn prefix_at(s: &[u8], from: usize) -> u64 {
    prefix(&s[s.len().min(from)..])
}

/// What `pre` holds for the first key.
#[derive(Clone, Copy, PartialEq)]
enum Pre {
    /// Nothing: compare the key itself.
    No,
    /// Its first bytes.
    Bytes,
    /// A `-n` integer, or [`NOT_INT`].
    Int,
}

const NOT_INT: u64 = u64::MAX;

/// compare_bytes of two strings whose first `n` bytes (padded with zeros)
/// are the same: the shorter one first when one has at most `n`, without
/// reading them.
#[inline]
#[cfg_attr(corebox_opt, optimize(speed))]
fn tie(a: &[u8], b: &[u8], n: usize) -> Ordering {
    if a.len() <= n || b.len() <= n {
        a.len().cmp(&b.len())
    } else {
        compare_bytes(&a[n..], &b[n..])
    }
}

#[cfg_attr(corebox_opt, optimize(speed))]
fn prefix(s: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    let n = s.len().min(8);
    b[..n].copy_from_slice(&s[..n]);
    u64::from_be_bytes(b)
}

/// Whole lines (with spans) by the three words of their first 24 bytes in
/// the index, then the rest.
#[inline]
fn plain(data: &[u8], a: &Line, b: &Line) -> Ordering {
    let d = (a.pre, a.aux, a.lpre).cmp(&(b.pre, b.aux, b.lpre));
    if d != Ordering::Equal {
        return d;
    }
    tie(a.text(data, true), b.text(data, true), 24)
}

/// The value of a `-n` key that is a plain integer of at most 18 digits
/// (after blanks, an optional minus), ordered as an unsigned number.
#[cfg_attr(corebox_opt, optimize(speed))]
fn int_key(s: &[u8]) -> u64 {
    let b = s
        .iter()
        .take_while(|c| logic::linecmp::is_blank(**c))
        .count();
    let s = &s[b..];
    let neg = s.first() == Some(&b'-');
    let d = &s[neg as usize..];
    let n = d.iter().take_while(|c| c.is_ascii_digit()).count();
    if n > 18 || d.get(n) == Some(&b'.') {
        return NOT_INT;
    }
    let v = d[..n].iter().fold(0i64, |v, &c| v * 10 + (c - b'0') as i64);
    (if neg { -v } else { v } as u64) ^ (1 << 63)
}

struct Sorter<'a> {
    c: &'a Config,
    pre: Pre,
    /// Spans of the first key are kept in the lines.
    spans: bool,
    /// The index, kept from one run to the next.
    lines: Vec<Line>,
}

impl Sorter<'_> {
    fn new(c: &Config) -> Sorter<'_> {
        let pre = match c.keys.keys.first() {
            None => Pre::Bytes,
            Some(k) if k.is_default() => Pre::Bytes,
            Some(k) if k.numeric && k.ignore == logic::sortkey::Ignore::No && !k.fold => Pre::Int,
            Some(_) => Pre::No,
        };
        Sorter {
            c,
            pre,
            spans: true,
            lines: Vec::new(),
        }
    }

    #[cfg_attr(corebox_opt, optimize(speed), inline(never))]
    fn index(&mut self, data: &[u8]) -> Vec<Line> {
        let eol = self.c.eol;
        self.spans = data.len() <= u32::MAX as usize;
        let first = self.c.keys.keys.first();
        let mut lines = core::mem::take(&mut self.lines);
        lines.clear();
        lines.reserve(logic::memchr::memchr_iter(eol, data).count());
        let mut at = 0;
        for end in logic::memchr::memchr_iter(eol, data) {
            let l = &data[at..end];
            let (kb, ke) = match first {
                Some(k) if self.spans => logic::sortkey::span(l, k, self.c.keys.tab),
                _ => (0, l.len()),
            };
            let pre = match self.pre {
                Pre::Bytes => prefix(&l[kb..ke]),
                Pre::Int => int_key(&l[kb..ke]),
                Pre::No => 0,
            };
            let (pos, aux, lpre) = match first {
                _ if !self.spans => (at as u64, l.len() as u64, 0),
                None => (
                    (at as u64) << 32 | l.len() as u64,
                    prefix_at(l, 8),
                    prefix_at(l, 16),
                ),
                Some(_) => (
                    (at as u64) << 32 | l.len() as u64,
                    (kb as u64) << 32 | ke as u64,
                    prefix(l),
                ),
            };
            lines.push(Line {
                pre,
                pos,
                aux,
                lpre,
            });
            at = end + 1;
        }
        lines
    }

    #[inline]
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn compare(&self, data: &[u8], a: &Line, b: &Line) -> Ordering {
        if self.spans {
            let Some(k) = self.c.keys.keys.first() else {
                let d = plain(data, a, b);
                return if self.c.keys.reverse { d.reverse() } else { d };
            };
            // Different first bytes or values of the first key settle it
            // without the text.
            let settled = match self.pre {
                Pre::Bytes => a.pre != b.pre,
                Pre::Int => a.pre != b.pre && a.pre != NOT_INT && b.pre != NOT_INT,
                Pre::No => false,
            };
            if settled {
                let d = a.pre.cmp(&b.pre);
                return if k.reverse { d.reverse() } else { d };
            }
        }
        let la = a.text(data, self.spans);
        let lb = b.text(data, self.spans);
        let keys = &self.c.keys;
        let (true, Some(k)) = (self.spans, keys.keys.first()) else {
            return keys.compare(la, lb);
        };
        let ka = a.key(la);
        let kb = b.key(lb);
        let d = match self.pre {
            Pre::Bytes => {
                let d = a.pre.cmp(&b.pre).then_with(|| tie(ka, kb, 8));
                if k.reverse {
                    d.reverse()
                } else {
                    d
                }
            }
            Pre::Int if a.pre != NOT_INT && b.pre != NOT_INT => {
                let d = a.pre.cmp(&b.pre);
                if k.reverse {
                    d.reverse()
                } else {
                    d
                }
            }
            _ => keys.compare_key(k, ka, kb),
        };
        if d != Ordering::Equal {
            return d;
        }
        let d = keys.keycompare(la, lb, 1);
        if d != Ordering::Equal || keys.no_last_resort {
            return d;
        }
        let d = a.lpre.cmp(&b.lpre).then_with(|| tie(la, lb, 8));
        if keys.reverse {
            d.reverse()
        } else {
            d
        }
    }

    /// Sorts the lines of `data` (each ending in the delimiter) to `sink`.
    #[cfg_attr(corebox_opt, optimize(speed), inline(never))]
    fn sort_to(&mut self, data: &[u8], sink: &mut Sink) {
        let mut lines = self.index(data);
        if self.c.keys.keys.is_empty() && self.spans {
            // Whole lines, by a comparison of their own (inlined in the
            // sort, twice as fast as through compare). Equal lines are
            // the same bytes, so -r is the ascending order read backwards.
            logic::sort::quick_by(&mut lines, |a, b| plain(data, a, b).is_lt());
            if self.c.keys.reverse {
                lines.reverse();
            }
        } else if self.c.keys.no_last_resort && !self.c.keys.keys.is_empty() {
            logic::sort::merge_by(&mut lines, |a, b| self.compare(data, a, b).is_lt());
        } else {
            // Lines that compare equal are the same bytes (last-resort
            // comparison, or no keys): order among them does not show.
            logic::sort::quick_by(&mut lines, |a, b| self.compare(data, a, b).is_lt());
        }
        let mut last: Option<&Line> = None;
        let short = self.c.keys.keys.is_empty() && !self.c.debug && self.spans;
        for l in &lines {
            if self.c.unique {
                if last.is_some_and(|p| self.compare(data, p, l) == Ordering::Equal) {
                    continue;
                }
                last = Some(l);
            }
            let (at, len) = l.range(self.spans);
            if short && len <= 24 {
                // The line is in the index: no read of the (uncached) text.
                let mut b = [self.c.eol; 25];
                b[..8].copy_from_slice(&l.pre.to_be_bytes());
                b[8..16].copy_from_slice(&l.aux.to_be_bytes());
                b[16..24].copy_from_slice(&l.lpre.to_be_bytes());
                b[len] = self.c.eol;
                sink.line(self.c, &b[..len + 1]);
            } else {
                sink.line(self.c, &data[at..at + len + 1]);
            }
        }
        self.lines = lines;
    }
}

/// Where sorted lines go: standard output, or a temporary run (through
/// `pipe` to its compressor when there is one).
enum Sink {
    Out {
        debug: bool,
    },
    Temp {
        run: Run,
        pipe: Option<File>,
        buf: Vec<u8>,
    },
}

/// A sorted run in an unlinked temporary file, compressed by child `pid`
/// (0: not compressed).
struct Run {
    file: File,
    pid: i32,
}

impl Sink {
    /// Writes `line` (with its delimiter).
    #[inline]
    fn line(&mut self, c: &Config, line: &[u8]) {
        match self {
            Sink::Out { debug: false } => out().write(line),
            Sink::Out { debug: true } => debug_line(c, line),
            Sink::Temp { run, pipe, buf } => {
                if buf.len() + line.len() > 256 * 1024 {
                    flush_temp(pipe.as_ref().unwrap_or(&run.file), buf);
                }
                buf.extend_from_slice(line);
            }
        }
    }

    /// The run written (its compressor's input closed).
    fn finish(self) -> Option<Run> {
        match self {
            Sink::Out { .. } => None,
            Sink::Temp { run, pipe, mut buf } => {
                flush_temp(pipe.as_ref().unwrap_or(&run.file), &mut buf);
                Some(run)
            }
        }
    }
}

fn flush_temp(file: &File, buf: &mut Vec<u8>) {
    if let Err(e) = file.fd().write_all(buf) {
        fail(&[b"write failed: temporary file"], Some(e));
    }
    buf.clear();
}

/// A new unlinked temporary file in the next `-T` directory.
fn temp_sink(c: &Config, turn: &mut usize) -> Sink {
    try_temp_sink(c, turn).unwrap_or_else(|e| temp_failed(c, *turn, e))
}

fn try_temp_sink(c: &Config, turn: &mut usize) -> Result<Sink, sys::Errno> {
    let dir = c.temp_dirs[*turn % c.temp_dirs.len()];
    *turn += 1;
    let mut prefix = dir.to_vec();
    prefix.extend_from_slice(b"/sort");
    let (file, name) = fs::mkstemp(&prefix)?;
    let _ = fs::unlink(&name);
    let mut run = Run { file, pid: 0 };
    let mut pipe = None;
    if let Some(prog) = c.compress {
        // Without a compressor (no descriptor or process left) the run
        // is written as it is.
        if let Ok((p, pid)) = pipe_fork(c, prog, run.file.fd(), false) {
            run.pid = pid;
            pipe = Some(p);
        }
    }
    Ok(Sink::Temp {
        run,
        pipe,
        buf: Vec::new(),
    })
}

/// pipe_fork: a child running `prog` (with `-d` when `decompress`) from a
/// new pipe to `file`, or from `file` to the pipe; our end of the pipe and
/// the child's id. Forks failing for lack of resources are retried (GNU's
/// MAX_FORK_TRIES_*), waiting longer each time.
fn pipe_fork(
    c: &Config,
    prog: &'static [u8],
    file: sys::io::Fd,
    decompress: bool,
) -> Result<(File, i32), sys::Errno> {
    let (r, w) = fs::pipe()?;
    // At most NMERGE + 2 children: wait for finished compressions.
    while c.procs.borrow().len() > c.nmerge + 1 {
        let Some(&(pid, _)) = c.procs.borrow().iter().find(|p| p.1) else {
            break;
        };
        reap(c, pid, true);
    }
    let mut delay = 250_000_000u64;
    let mut tries = if decompress { 9 } else { 4 };
    loop {
        tries -= 1;
        match sys::process::fork() {
            Ok(None) => compressor(prog, file, &r, &w, decompress),
            Ok(Some(pid)) => {
                c.procs.borrow_mut().push((pid, !decompress));
                return Ok((if decompress { r } else { w }, pid));
            }
            Err(e) if e == sys::Errno::AGAIN && tries > 0 => {
                sys::time::sleep(delay / 1_000_000_000, (delay % 1_000_000_000) as u32);
                delay *= 2;
                let done: Vec<i32> = c.procs.borrow().iter().map(|p| p.0).collect();
                for pid in done {
                    reap(c, pid, false);
                }
            }
            Err(e) => return Err(e),
        }
    }
}

/// The child of [`pipe_fork`]: `prog [-d]` between the pipe and `file`.
fn compressor(prog: &[u8], file: sys::io::Fd, r: &File, w: &File, decompress: bool) -> ! {
    let (input, output) = if decompress {
        (file, w.fd())
    } else {
        (r.fd(), file)
    };
    let e = redirect(input, output).err().unwrap_or_else(|| {
        let argv: [&[u8]; 2] = [prog, b"-d"];
        sys::exec::execvp(&argv[..1 + decompress as usize])
    });
    // async_safe_die: the number of the error, not its text.
    let mut msg: Vec<u8> = if decompress {
        b"couldn't execute compress program (with -d): errno ".to_vec()
    } else {
        b"couldn't execute compress program: errno ".to_vec()
    };
    logic::digits::push_u64(&mut msg, e.0 as u64);
    msg.push(b'\n');
    sys::io::write_stderr(&msg);
    sys::rt::exit_now(SORT_FAILURE)
}

/// `input` made standard input and `output` standard output, with no new
/// descriptor (the parent may be at its limit) unless one of them is
/// already 0 or 1 (sort's own standard input or output closed).
fn redirect(input: sys::io::Fd, output: sys::io::Fd) -> Result<(), sys::Errno> {
    let (stdin, stdout) = (sys::io::Fd::STDIN, sys::io::Fd::STDOUT);
    if input == stdin || input == stdout || output == stdin || output == stdout {
        // Copies above 2 first (and without close-on-exec once moved).
        let i = fs::dup_above_stdio(input)?;
        let o = fs::dup_above_stdio(output)?;
        fs::dup_to(i.fd(), stdin)?;
        return fs::dup_to(o.fd(), stdout);
    }
    fs::dup_to(input, stdin)?;
    fs::dup_to(output, stdout)
}

/// Waits for child `pid` of ours (when `hang`, else only if it has ended)
/// unless that was done: dies as GNU does when it failed.
fn reap(c: &Config, pid: i32, hang: bool) {
    let Some(i) = c.procs.borrow().iter().position(|p| p.0 == pid) else {
        return;
    };
    let prog = c.compress.unwrap_or_default();
    match sys::process::wait(pid, hang, false) {
        Ok(None) => return,
        Ok(Some((_, sys::process::Exit::Code(0)))) => {}
        Ok(Some(_)) => fail(&[&quoteaf(prog), b" [-d] terminated abnormally"], None),
        Err(e) => fail(&[b"waiting for ", &quoteaf(prog), b" [-d]"], Some(e)),
    }
    c.procs.borrow_mut().remove(i);
}

#[cold]
fn temp_failed(c: &Config, turn: usize, e: sys::Errno) -> ! {
    let dir = c.temp_dirs[(turn + c.temp_dirs.len() - 1) % c.temp_dirs.len()];
    fail(
        &[b"cannot create temporary file in ", &quoteaf(dir)],
        Some(e),
    )
}

/// write_line for `--debug`: tabs shown as `>`, then the keys underlined.
fn debug_line(c: &Config, line: &[u8]) {
    let o = out();
    let body = &line[..line.len() - 1];
    for &b in body {
        o.byte(if b == b'\t' { b'>' } else { b });
    }
    o.byte(b'\n');
    let keys = &c.keys.keys;
    let mut marks: Vec<Option<&Key>> = keys.iter().map(Some).collect();
    if keys.is_empty() || !(c.unique || c.stable) {
        marks.push(None);
    }
    for k in marks {
        let (beg, lim) = logic::sortkey::debug_span(body, k, c.keys.tab);
        let offset = debug_width(&body[..beg.min(body.len())]);
        let width = if lim < beg {
            0
        } else {
            debug_width(&body[beg..lim])
        };
        for _ in 0..offset {
            o.byte(b' ');
        }
        if width == 0 {
            o.write(b"^ no match for key\n");
        } else {
            for _ in 0..width {
                o.byte(b'_');
            }
            o.byte(b'\n');
        }
    }
}

/// mbsnwidth in a single-byte locale, tabs counted as one column.
fn debug_width(s: &[u8]) -> usize {
    s.iter()
        .filter(|&&b| b == b'\t' || !(b < b' ' || b == 0x7f))
        .count()
}

/// One input of a merge or check: its current line.
struct Source {
    fd: sys::io::Fd,
    /// The temporary run read.
    run: Option<Run>,
    /// The pipe from its decompressor `dpid` (0: none).
    pipe: Option<File>,
    dpid: i32,
    _input: Option<Input>,
    name: &'static [u8],
    buf: Vec<u8>,
    start: usize,
    end: usize,
    next: usize,
    filled: usize,
    eof: bool,
}

impl Source {
    fn new(fd: sys::io::Fd, name: &'static [u8]) -> Source {
        Source {
            fd,
            run: None,
            pipe: None,
            dpid: 0,
            _input: None,
            name,
            buf: alloc::vec![0; 128 * 1024],
            start: 0,
            end: 0,
            next: 0,
            filled: 0,
            eof: false,
        }
    }

    fn open(name: &'static [u8]) -> Source {
        let input =
            Input::open(name).unwrap_or_else(|e| sort_die(b"open failed", Some(name), Some(e)));
        fs::advise_sequential(input.fd());
        let mut s = Source::new(input.fd(), name);
        s._input = Some(input);
        s
    }

    fn line(&self) -> &[u8] {
        &self.buf[self.start..self.end]
    }

    /// The line with its delimiter.
    fn whole(&self) -> &[u8] {
        &self.buf[self.start..self.end + 1]
    }

    /// Moves to the next line; false at the end.
    fn advance(&mut self, eol: u8) -> bool {
        loop {
            if let Some(p) = logic::memchr::memchr(eol, &self.buf[self.next..self.filled]) {
                self.start = self.next;
                self.end = self.next + p;
                self.next = self.end + 1;
                return true;
            }
            if self.eof {
                if self.next < self.filled {
                    if self.filled == self.buf.len() {
                        self.buf.push(0);
                    }
                    self.buf[self.filled] = eol;
                    self.filled += 1;
                    continue;
                }
                return false;
            }
            self.buf.copy_within(self.next..self.filled, 0);
            self.filled -= self.next;
            self.next = 0;
            if self.filled == self.buf.len() {
                let len = self.buf.len() * 2;
                logic::fill::grow(&mut self.buf, len, 0);
            }
            match self.fd.read(&mut self.buf[self.filled..]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.filled += n,
                Err(e) => sort_die(b"read failed", Some(self.name), Some(e)),
            }
        }
    }
}

/// Moves `s` to its next line; at its end waits for its decompressor.
fn next_line(c: &Config, s: &mut Source) -> bool {
    if s.advance(c.eol) {
        return true;
    }
    s.pipe = None;
    reap(c, s.dpid, true);
    s.dpid = 0;
    false
}

/// Moves `ord[0]`, a source with a new head, to its place among
/// `ord[1..]`, which are in the order of their heads by `cmp`: a binary
/// insertion where ties go to the earlier source.
#[inline]
fn place(ord: &mut [usize], cmp: impl Fn(usize, usize) -> Ordering) {
    let i = ord[0];
    let (mut lo, mut hi) = (1, ord.len());
    while lo < hi {
        let probe = (lo + hi) / 2;
        let d = cmp(i, ord[probe]);
        if d == Ordering::Less || (d == Ordering::Equal && i < ord[probe]) {
            hi = probe;
        } else {
            lo = probe + 1;
        }
    }
    ord.copy_within(1..lo, 0);
    ord[lo - 1] = i;
}

/// mergefps: the lines of `sources`, in order, to `sink` (`-u`: the first
/// of each run of equal lines). Ties go to the earlier source.
#[cfg_attr(corebox_opt, optimize(speed), inline(never))]
fn merge_sources(c: &Config, mut src: Vec<Source>, sink: &mut Sink) {
    src.retain_mut(|s| next_line(c, s));
    let keys = &c.keys;
    // Whole lines compare by their first 8 bytes, kept for each head,
    // then the rest.
    let plain = keys.keys.is_empty();
    let mut pre: Vec<u64> = src.iter().map(|s| prefix(s.line())).collect();
    let cmp = |src: &[Source], pre: &[u64], a: usize, b: usize| {
        if !plain {
            return keys.compare(src[a].line(), src[b].line());
        }
        let d = pre[a].cmp(&pre[b]);
        let d = if d == Ordering::Equal {
            tie(src[a].line(), src[b].line(), 8)
        } else {
            d
        };
        if keys.reverse {
            d.reverse()
        } else {
            d
        }
    };
    // The sources in the order of their heads, each put in its place as
    // the moved head is below.
    let mut ord: Vec<usize> = Vec::with_capacity(src.len());
    for i in (0..src.len()).rev() {
        ord.insert(0, i);
        place(&mut ord, |a, b| cmp(&src, &pre, a, b));
    }
    let mut saved: Option<Vec<u8>> = None;
    while let Some(&i) = ord.first() {
        if c.unique {
            let l = src[i].whole();
            let same = saved.as_ref().is_some_and(|s| {
                keys.compare(&s[..s.len() - 1], &l[..l.len() - 1]) == Ordering::Equal
            });
            if !same {
                let s = saved.get_or_insert_with(Vec::new);
                if !s.is_empty() {
                    sink.line(c, s);
                }
                s.clear();
                s.extend_from_slice(l);
            }
        } else {
            sink.line(c, src[i].whole());
        }
        if !next_line(c, &mut src[i]) {
            ord.remove(0);
            continue;
        }
        if plain {
            pre[i] = prefix(src[i].line());
        }
        place(&mut ord, |a, b| cmp(&src, &pre, a, b));
    }
    if let Some(s) = saved {
        sink.line(c, &s);
    }
}

/// open_temp: `run` read from its start, through a decompressor once its
/// compressor is done; Err(EMFILE) when descriptors ran out.
fn temp_source(c: &Config, run: Run) -> Result<Source, (Run, sys::Errno)> {
    reap(c, run.pid, true);
    if let Err(e) = fs::seek(run.file.fd(), fs::Whence::Start(0)) {
        fail(&[b"cannot seek temporary file"], Some(e));
    }
    let mut s = match c.compress.filter(|_| run.pid != 0) {
        None => Source::new(run.file.fd(), b"temporary file"),
        Some(prog) => match pipe_fork(c, prog, run.file.fd(), true) {
            Ok((pipe, pid)) => {
                let mut s = Source::new(pipe.fd(), b"temporary file");
                s.pipe = Some(pipe);
                s.dpid = pid;
                s
            }
            Err(e) if e == sys::Errno::MFILE => return Err((run, e)),
            Err(e) => {
                let msg: &[&[u8]] = &[b"couldn't create process for ", &quoteaf(prog), b" -d"];
                fail(msg, Some(e))
            }
        },
    };
    s.run = Some(run);
    Ok(s)
}

/// Opens runs to merge; running out of descriptors here is fatal.
fn open_runs(c: &Config, runs: impl Iterator<Item = Run>) -> Vec<Source> {
    runs.map(|r| temp_source(c, r).unwrap_or_else(|(_, e)| fail(&[b"open failed"], Some(e))))
        .collect()
}

/// Adds a new run. The runs are kept in input order with their levels (a
/// run of level L holds nmerge^L spills): `nmerge` runs of one level are
/// merged into one of the next as soon as they are there, a counter in
/// base nmerge, so a line is merged once per level rather than again
/// after every later spill, and few runs are open at once. With few
/// descriptors left (a low `ulimit -n`) the newest are merged anyway.
fn add_run(c: &Config, runs: &mut Vec<(Run, u32)>, run: Run, turn: &mut usize) {
    runs.push((run, 0));
    let k = c.nmerge.max(2);
    while runs.len() >= k {
        let tail = &runs[runs.len() - k..];
        let level = tail[0].1;
        let fds_short = (runs.len() + k + 8) as u64 > sys::system::open_files_limit();
        if !fds_short && tail.iter().any(|r| r.1 != level) {
            break;
        }
        merge_tail(c, runs, k, level + 1, turn);
    }
}

/// Merges the last `k` runs into one of level `level`.
fn merge_tail(c: &Config, runs: &mut Vec<(Run, u32)>, k: usize, level: u32, turn: &mut usize) {
    let batch = open_runs(c, runs.drain(runs.len() - k..).map(|r| r.0));
    let mut sink = temp_sink(c, turn);
    merge_sources(c, batch, &mut sink);
    runs.push((sink.finish().unwrap_or_else(unreachable_run), level));
}

#[cold]
fn unreachable_run() -> Run {
    fail(&[b"internal error: no temporary file"], None)
}

/// The memory bound of the buffer: `-S`, else GNU's default_sort_size
/// (the available memory or an eighth of the total, at most 3/4 of it).
fn buffer_limit(c: &Config) -> usize {
    let size = if c.sort_size > 0 {
        c.sort_size
    } else {
        let (total, avail) = memory();
        avail.max(total / 8).min(total / 4 * 3)
    };
    size.clamp(64 * 1024, usize::MAX as u64 / 2) as usize
}

/// Reads all inputs, sorting what fits and spilling sorted runs to
/// temporary files beyond the memory bound; then writes the result.
fn sort(c: &Config) {
    let limit = buffer_limit(c);
    let mut sorter = Sorter::new(c);
    let mut data: Vec<u8> = Vec::new();
    let mut lines = 0usize;
    let mut runs: Vec<(Run, u32)> = Vec::new();
    let mut turn = 0;
    for &name in &c.files {
        let input =
            Input::open(name).unwrap_or_else(|e| sort_die(b"open failed", Some(name), Some(e)));
        fs::advise_sequential(input.fd());
        if data.is_empty() {
            match fs::fstat(input.fd()) {
                Ok(st) if st.is_reg() => data.reserve((st.size as usize).min(limit) + 1),
                Ok(_) => {}
                // GNU's sort_buffer_size stats the first input (a closed
                // descriptor 0 fails there).
                Err(e) => sort_die(b"stat failed", Some(name), Some(e)),
            }
        }
        loop {
            if data.capacity() - data.len() < 64 * 1024 {
                let grow = data.capacity().max(128 * 1024).min(limit / 2);
                data.reserve(grow.max(64 * 1024));
            }
            let old = data.len();
            // Reads of at most 1 MiB: the buffer is not filled with
            // zeros beyond what is read.
            let room = (data.capacity() - old).min(1 << 20);
            logic::fill::grow(&mut data, old + room, 0);
            match input.fd().read(&mut data[old..]) {
                Ok(n) => {
                    data.truncate(old + n);
                    if n == 0 {
                        break;
                    }
                    lines += logic::memchr::memchr_iter(c.eol, &data[old..]).count();
                }
                Err(e) => sort_die(b"read failed", Some(name), Some(e)),
            }
            if data.len() + lines * LINE_COST >= limit {
                spill(c, &mut sorter, &mut data, &mut runs, &mut turn);
                lines = logic::memchr::memchr_iter(c.eol, &data).count();
            }
        }
        if data.last().is_some_and(|&b| b != c.eol) {
            data.push(c.eol);
            lines += 1;
        }
        if input.is_stdin() {
            drop(input);
            if let Err(e) = sys::io::close_stdin() {
                sort_die(b"close failed", Some(b"-"), Some(e));
            }
        }
    }
    open_output(c);
    let mut sink = Sink::Out { debug: c.debug };
    if runs.is_empty() {
        sorter.sort_to(&data, &mut sink);
    } else {
        if !data.is_empty() {
            let mut t = temp_sink(c, &mut turn);
            sorter.sort_to(&data, &mut t);
            runs.push((t.finish().unwrap_or_else(unreachable_run), 0));
        }
        drop(data);
        // At most nmerge left for the last merge: the newest, smallest
        // runs merged first.
        let k = c.nmerge.max(2);
        while runs.len() > k {
            let m = (runs.len() - k + 1).min(k);
            merge_tail(c, &mut runs, m, 0, &mut turn);
        }
        let srcs = open_runs(c, runs.into_iter().map(|r| r.0));
        merge_sources(c, srcs, &mut sink);
    }
}

/// Sorts the complete lines of `data` to a new run and keeps the rest.
fn spill(
    c: &Config,
    sorter: &mut Sorter,
    data: &mut Vec<u8>,
    runs: &mut Vec<(Run, u32)>,
    turn: &mut usize,
) {
    let Some(cut) = logic::memchr::memrchr(c.eol, data) else {
        return;
    };
    let mut t = temp_sink(c, turn);
    sorter.sort_to(&data[..cut + 1], &mut t);
    add_run(c, runs, t.finish().unwrap_or_else(unreachable_run), turn);
    data.drain(..cut + 1);
}

/// check_output: `-o FILE` opened (not truncated yet) as standard output.
fn check_output(c: &Config) {
    if let Some(f) = c.outfile {
        let flags = fs::oflag::WRONLY | fs::oflag::CREATE;
        match fs::open_flags(f, flags, 0o666) {
            Ok(file) => {
                if file.fd() != sys::io::Fd::STDOUT {
                    if let Err(e) = fs::dup_to(file.fd(), sys::io::Fd::STDOUT) {
                        sort_die(b"open failed", Some(f), Some(e));
                    }
                } else {
                    file.keep();
                }
            }
            Err(e) => sort_die(b"open failed", Some(f), Some(e)),
        }
    }
}

/// stream_open (FILE, "w"): the output file truncated now that all input
/// is read.
fn open_output(c: &Config) {
    if let Some(f) = c.outfile {
        if let Err(e) = fs::ftruncate(sys::io::Fd::STDOUT, 0) {
            let regular = fs::fstat(sys::io::Fd::STDOUT).map_or(true, |st| st.is_reg());
            if regular {
                fail(&[&quotef(f), b": error truncating"], Some(e));
            }
        }
    }
}

/// `-c`/`-C`: whether `name` is in order.
fn check(c: &Config, name: &'static [u8]) -> bool {
    let mut src = Source::open(name);
    let eol = c.eol;
    let mut prev: Vec<u8> = Vec::new();
    let mut n: u64 = 0;
    let worst = if c.unique {
        Ordering::Equal
    } else {
        Ordering::Greater
    };
    while src.advance(eol) {
        n += 1;
        if n > 1 && c.keys.compare(&prev, src.line()) >= worst {
            if c.check == b'c' {
                let _ = out().flush();
                let mut msg = sys::io::program_name().to_vec();
                msg.extend_from_slice(b": ");
                msg.extend_from_slice(name);
                msg.push(b':');
                logic::digits::push_u64(&mut msg, n);
                msg.extend_from_slice(b": disorder: ");
                msg.extend_from_slice(src.whole());
                sys::io::write_stderr(&msg);
            }
            return false;
        }
        prev.clear();
        prev.extend_from_slice(src.line());
    }
    true
}

/// Copies inputs that are also the output file to temporary files first
/// (avoid_trashing_input), for `-m`.
#[allow(clippy::type_complexity)]
fn merge_inputs(
    c: &Config,
    turn: &mut usize,
) -> (alloc::collections::VecDeque<Pending>, Option<&'static [u8]>) {
    let outst = c.outfile.and_then(|_| fs::fstat(sys::io::Fd::STDOUT).ok());
    let mut copy: Option<&'static [u8]> = None;
    let mut srcs = alloc::collections::VecDeque::new();
    for &name in &c.files {
        let same = outst.as_ref().is_some_and(|o| {
            c.outfile == Some(name) && name != b"-"
                || (if name == b"-" {
                    fs::fstat(sys::io::Fd::STDIN)
                } else {
                    fs::stat(name)
                })
                .is_ok_and(|st| st.same_file(o))
        });
        if !same {
            srcs.push_back(Pending::Name(name));
            continue;
        }
        // A named copy, opened again for each time the output is named.
        if copy.is_none() {
            let dir = c.temp_dirs[*turn % c.temp_dirs.len()];
            *turn += 1;
            let prefix = [dir, b"/sort"].concat();
            let (file, tname) = fs::mkstemp(&prefix).unwrap_or_else(|e| {
                fail(
                    &[b"cannot create temporary file in ", &quoteaf(dir)],
                    Some(e),
                )
            });
            let mut t = Sink::Temp {
                run: Run { file, pid: 0 },
                pipe: None,
                buf: Vec::new(),
            };
            let mut s = Source::open(name);
            while s.advance(c.eol) {
                t.line(c, s.whole());
            }
            drop(t.finish());
            let tname: &'static [u8] = tname.leak();
            copy = Some(tname);
        }
        srcs.extend(copy.map(Pending::Name));
    }
    (srcs, copy)
}

/// An input still to merge: a file, or a temporary run.
enum Pending {
    Name(&'static [u8]),
    Run(Run),
}

/// Opens `p`; a file that cannot be opened for lack of descriptors comes
/// back as Err.
fn open_pending(c: &Config, p: Pending) -> Result<Source, (Pending, sys::Errno)> {
    match p {
        Pending::Run(r) => temp_source(c, r).map_err(|(r, e)| (Pending::Run(r), e)),
        Pending::Name(n) => match Input::open(n) {
            Ok(input) => {
                fs::advise_sequential(input.fd());
                let mut s = Source::new(input.fd(), n);
                s._input = Some(input);
                Ok(s)
            }
            Err(e) => Err((Pending::Name(n), e)),
        },
    }
}

/// merge: at most `--batch-size` inputs open at once, and fewer when
/// descriptors run out (at least 2); each batch but the last goes to a
/// temporary run that comes first in the next one.
fn merge(c: &Config) {
    let mut turn = 0;
    let (mut pending, copy) = merge_inputs(c, &mut turn);
    loop {
        let mut srcs: Vec<Source> = Vec::new();
        while srcs.len() < c.nmerge {
            let Some(p) = pending.pop_front() else { break };
            match open_pending(c, p) {
                Ok(s) => srcs.push(s),
                Err((p, e)) if e == sys::Errno::MFILE && srcs.len() >= 2 => {
                    pending.push_front(p);
                    break;
                }
                Err((Pending::Name(n), e)) => sort_die(b"open failed", Some(n), Some(e)),
                Err((Pending::Run(_), e)) => fail(&[b"open failed"], Some(e)),
            }
        }
        if pending.is_empty() {
            open_output(c);
            merge_sources(c, srcs, &mut Sink::Out { debug: c.debug });
            if let Some(name) = copy {
                let _ = fs::unlink(name);
            }
            return;
        }
        let sink = loop {
            match try_temp_sink(c, &mut turn) {
                Ok(t) => break t,
                Err(e) if e == sys::Errno::MFILE && srcs.len() > 2 => {
                    let s = srcs.pop().map(|s| unopen(c, s));
                    pending.extend(s.into_iter().rev());
                    // Back in front of what was not opened.
                    if let Some(last) = pending.pop_back() {
                        pending.push_front(last);
                    }
                }
                Err(e) => temp_failed(c, turn, e),
            }
        };
        let mut sink = sink;
        merge_sources(c, srcs, &mut sink);
        if let Some(r) = sink.finish() {
            pending.push_front(Pending::Run(r));
        }
    }
}

/// An input opened but not read yet, back to be opened later (its
/// decompressor stopped).
fn unopen(c: &Config, mut s: Source) -> Pending {
    if s.dpid != 0 {
        let _ = sys::signal::kill(s.dpid, sys::signal::Sig::KILL);
        let _ = sys::process::wait(s.dpid, true, false);
        c.procs.borrow_mut().retain(|p| p.0 != s.dpid);
    }
    match s.run.take() {
        Some(r) => Pending::Run(r),
        None => Pending::Name(s.name),
    }
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::set_exit_failure(SORT_FAILURE);
    let c = parse(args);
    if c.check != 0 {
        if let Some(f) = c.files.get(1) {
            let msg: &[&[u8]] = &[
                b"extra operand ",
                &quoteaf(f),
                b" not allowed with -",
                &[c.check],
            ];
            fail(msg, None);
        }
        if c.outfile.is_some() {
            incompatible(&[c.check, b'o']);
        }
        return if check(&c, c.files[0]) { 0 } else { 1 };
    }
    for &f in &c.files {
        if f != b"-" && !fs::access(f, fs::R_OK) {
            let e = fs::accessible(f, fs::R_OK).err();
            sort_die(b"cannot read", Some(f), e);
        }
    }
    if c.compress.is_some() {
        // Waiting for children needs SIGCHLD's default action.
        let _ = sys::signal::set_default(sys::signal::Sig::CHILD);
    }
    check_output(&c);
    if c.merge {
        merge(&c);
    } else {
        sort(&c);
    }
    finish_output()
}

/// xfclose of standard output: GNU's stdio reports `write failed` once
/// its 4 KiB buffer overflowed, else `fflush failed`; close_stdout then
/// adds `write error`.
fn finish_output() -> i32 {
    if let Err(e) = out().flush() {
        let msg: &[u8] = if sys::io::written() > 4096 {
            b"write failed"
        } else {
            b"fflush failed"
        };
        out().take_error();
        error(&[msg, b": ", &quotef(b"standard output")], Some(e));
        error(&[b"write error"], None);
        sys::rt::exit_now(SORT_FAILURE);
    }
    0
}
