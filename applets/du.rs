// corebox applet
// name: du
// usage: [OPTION]... [FILE]...
// usage: [OPTION]... --files0-from=F
// option: -a, --all
// option: --apparent-size
// option: --block-size=SIZE
// option: -B SIZE
// option: -b, --bytes
// option: -l, --count-links
// option: -L, --dereference
// option: -D, --dereference-args
// option: --exclude=PATTERN
// option: -X, --exclude-from=FILE
// option: --files0-from=F
// option: -h, --human-readable
// option: --inodes
// option: --si
// option: -d, --max-depth=N
// option: -0, --null
// option: -P, --no-dereference
// option: -x, --one-file-system
// option: -S, --separate-dirs
// option: -s, --summarize
// option: -c, --total
// option: --threshold=SIZE
// option: -t SIZE
// option: --time[=WORD]
// option: --time-style=STYLE
// option: -H
// option: -k
// option: -m
// help:
// Summarize device usage of the set of FILEs, recursively for directories.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -0, --null            end each output line with NUL, not newline
//   -a, --all             write counts for all files, not just directories
//       --apparent-size   print apparent sizes rather than device usage; although
//                           the apparent size is usually smaller, it may be
//                           larger due to holes in ('sparse') files, internal
//                           fragmentation, indirect blocks, and the like
//   -B, --block-size=SIZE  scale sizes by SIZE before printing them; e.g.,
//                            '-BM' prints sizes in units of 1,048,576 bytes;
//                            see SIZE format below
//   -b, --bytes           equivalent to '--apparent-size --block-size=1'
//   -c, --total           produce a grand total
//   -D, --dereference-args  dereference only symlinks that are listed on the
//                           command line
//   -d, --max-depth=N     print the total for a directory (or file, with --all)
//                           only if it is N or fewer levels below the command
//                           line argument;  --max-depth=0 is the same as
//                           --summarize
//       --files0-from=F   summarize device usage of the
//                           NUL-terminated file names specified in file F;
//                           if F is -, then read names from standard input
//   -H                    equivalent to --dereference-args (-D)
//   -h, --human-readable  print sizes in human readable format (e.g., 1K 234M 2G)
//       --inodes          list inode usage information instead of block usage
//   -k                    like --block-size=1K
//   -L, --dereference     dereference all symbolic links
//   -l, --count-links     count sizes many times if hard linked
//   -m                    like --block-size=1M
//   -P, --no-dereference  don't follow any symbolic links (this is the default)
//   -S, --separate-dirs   for directories do not include size of subdirectories
//       --si              like -h, but use powers of 1000 not 1024
//   -s, --summarize       display only a total for each argument
//   -t, --threshold=SIZE  exclude entries smaller than SIZE if positive,
//                           or entries greater than SIZE if negative
//       --time            show time of the last modification of any file in the
//                           directory, or any of its subdirectories
//       --time=WORD       show time as WORD instead of modification time:
//                           atime, access, use, ctime or status
//       --time-style=STYLE  show times using STYLE, which can be:
//                             full-iso, long-iso, iso, or +FORMAT;
//                             FORMAT is interpreted like in 'date'
//   -X, --exclude-from=FILE  exclude files that match any pattern in FILE
//       --exclude=PATTERN    exclude files that match PATTERN
//   -x, --one-file-system    skip directories on different file systems
//       --help        display this help and exit
//       --version     output version information and exit
//
// Display values are in units of the first available SIZE from --block-size,
// and the DU_BLOCK_SIZE, BLOCK_SIZE and BLOCKSIZE environment variables.
// Otherwise, units default to 1024 bytes (or 512 if POSIXLY_CORRECT is set).
//
// The SIZE argument is an integer and optional unit (example: 10K is 10*1024).
// Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).
// Binary prefixes can be used, too: KiB=K, MiB=M, and so on.

//! du: GNU du.c on the tree walker (`sys::walk`, one walk per operand as
//! du opens one fts per operand): sizes summed per level as du's
//! process_file sums them, hard links counted once (every file and
//! directory once with several operands or `-L`), `--exclude` patterns
//! of gnulib's exclude (`logic::exclude`), sizes through
//! `logic::human`, `--time` in the local zone of `logic::tz`.

use super::{opt, SPEC};
use crate::shared::cli::{choice, try_help, usage_error, xstrtol_fatal};
use crate::shared::diag::{die, quote, quoteaf, quotef};
use crate::shared::files::{files0_read_error, invalid_files0_name, Files0};
use crate::shared::timestyle::{self, Style};
use alloc::vec::Vec;
use logic::exclude::Exclude;
use logic::human::{AUTOSCALE, BASE_1024, SI};
use sys::io::{error, out};
use sys::walk::{Follow, Info, Walker};

/// Which time `--time` shows.
#[derive(Clone, Copy, PartialEq)]
enum Time {
    Mtime,
    Ctime,
    Atime,
}

struct Config {
    all: bool,
    apparent: bool,
    count_links: bool,
    nul: bool,
    total: bool,
    separate: bool,
    max_depth: usize,
    threshold: i64,
    inodes: bool,
    time: Option<Time>,
    time_format: Vec<u8>,
    human: u32,
    block_size: u64,
    follow: Follow,
    xdev: bool,
    exclude: Exclude,
    files0_from: Option<&'static [u8]>,
}

/// What a parse of the options found besides the Config.
struct Extra {
    ok: bool,
    summarize: bool,
    depth_given: bool,
    time_style: Option<&'static [u8]>,
}

/// GNU's order of an option's errors: some end the program at once
/// (-B, -t, --time), the others (-d, -X, bad options) after the loop.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let env = |n: &[u8]| sys::env::var(n);
    let (human, block_size, _) = logic::human::options(sys::env::var(b"DU_BLOCK_SIZE"), &env);
    let caret = !sys::env::posixly_correct();
    let mut c = Config {
        all: false,
        apparent: false,
        count_links: false,
        nul: false,
        total: false,
        separate: false,
        max_depth: usize::MAX,
        threshold: 0,
        inodes: false,
        time: None,
        time_format: Vec::new(),
        human,
        block_size,
        follow: Follow::Physical,
        xdev: false,
        exclude: Exclude::new(sys::env::utf8_locale(), caret),
        files0_from: None,
    };
    let mut x = Extra {
        ok: true,
        summarize: false,
        depth_given: false,
        time_style: None,
    };
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next_or_bad() {
        let Some(o) = o else {
            x.ok = false;
            continue;
        };
        option(&mut c, &mut x, o.key, o.arg.unwrap_or(b""), o.arg.is_some());
    }
    check(&mut c, &x);
    let operands = opts.operands();
    if let (Some(first), Some(_)) = (operands.first(), c.files0_from) {
        error(&[b"extra operand ", &quote(first)], None);
        sys::io::write_stderr(b"file operands cannot be combined with --files0-from\n");
        try_help(&SPEC);
    }
    (c, operands)
}

fn option(c: &mut Config, x: &mut Extra, key: char, arg: &'static [u8], has_arg: bool) {
    let env = |n: &[u8]| sys::env::var(n);
    let scale = |c: &mut Config, human: u32, size: u64| (c.human, c.block_size) = (human, size);
    match key {
        '0' => c.nul = true,
        'a' => c.all = true,
        opt::APPARENT_SIZE => c.apparent = true,
        'b' => {
            c.apparent = true;
            scale(c, 0, 1);
        }
        'c' => c.total = true,
        'h' => scale(c, AUTOSCALE | SI | BASE_1024, 1),
        opt::SI => scale(c, AUTOSCALE | SI, 1),
        'k' => scale(c, 0, 1024),
        'm' => scale(c, 0, 1024 * 1024),
        'd' => match logic::num::parse_u64_c(arg) {
            Ok(n) if n <= usize::MAX as u64 => {
                c.max_depth = n as usize;
                x.depth_given = true;
            }
            _ => {
                error(&[b"invalid maximum depth ", &quote(arg)], None);
                x.ok = false;
            }
        },
        'l' => c.count_links = true,
        's' => x.summarize = true,
        't' | opt::THRESHOLD => {
            let name: &[u8] = if key == 't' { b"-t" } else { b"--threshold" };
            c.threshold = logic::num::xstrtoimax_radix(arg, 0, b"kKmMGTPEZY0")
                .unwrap_or_else(|e| xstrtol_fatal(name, arg, e));
            if c.threshold == 0 && arg.first() == Some(&b'-') {
                die(&[b"invalid --threshold argument '-0'"], None);
            }
        }
        'x' => c.xdev = true,
        'B' | opt::BLOCK_SIZE => {
            let (human, size, err) = logic::human::options(Some(arg), &env);
            if let Some(e) = err {
                use logic::human::BlockSizeError as B;
                use logic::num::SizeError as S;
                let e = match e {
                    B::Invalid => S::Invalid,
                    B::InvalidSuffix => S::InvalidSuffix,
                    B::Overflow => S::Overflow,
                };
                let name: &[u8] = if key == 'B' { b"-B" } else { b"--block-size" };
                xstrtol_fatal(name, arg, e);
            }
            scale(c, human, size);
        }
        'H' | 'D' => c.follow = Follow::CmdLine,
        'L' => c.follow = Follow::Logical,
        'P' => c.follow = Follow::Physical,
        'S' => c.separate = true,
        'X' => x.ok &= exclude_from(&mut c.exclude, arg),
        opt::FILES0_FROM => c.files0_from = Some(arg),
        opt::EXCLUDE => c.exclude.add(arg),
        opt::INODES => c.inodes = true,
        opt::TIME => {
            let words: [(&[u8], Time); 5] = [
                (b"atime", Time::Atime),
                (b"access", Time::Atime),
                (b"use", Time::Atime),
                (b"ctime", Time::Ctime),
                (b"status", Time::Ctime),
            ];
            c.time = Some(match has_arg {
                true => choice(&SPEC, b"--time", arg, &words),
                false => Time::Mtime,
            });
        }
        opt::TIME_STYLE => x.time_style = Some(arg),
        _ => {}
    }
}

/// add_exclude_file: the patterns of FILE (`-`: standard input), one a
/// line; false (reported `du: FILE: ERROR`) when it cannot be read, the
/// patterns read before the error kept.
fn exclude_from(exclude: &mut Exclude, name: &[u8]) -> bool {
    let mut text = Vec::new();
    let r = sys::fs::Input::open(name).and_then(|i| i.fd().read_to_end(&mut text));
    exclude.add_lines(&text);
    if let Err(e) = r {
        error(&[&quotef(name)], Some(e));
        return false;
    }
    true
}

/// The checks du makes after its option loop.
fn check(c: &mut Config, x: &Extra) {
    if !x.ok {
        try_help(&SPEC);
    }
    if c.all && x.summarize {
        usage_error(&SPEC, &[b"cannot both summarize and show all entries"]);
    }
    if x.summarize && x.depth_given {
        if c.max_depth == 0 {
            error(
                &[b"warning: summarizing is the same as using --max-depth=0"],
                None,
            );
        } else {
            let mut n = Vec::new();
            logic::digits::push_u64(&mut n, c.max_depth as u64);
            usage_error(
                &SPEC,
                &[b"warning: summarizing conflicts with --max-depth=", &n],
            );
        }
    }
    if x.summarize {
        c.max_depth = 0;
    }
    if c.inodes {
        if c.apparent {
            let w: &[u8] = b"warning: options --apparent-size and -b are ineffective with --inodes";
            error(&[w], None);
        }
        c.block_size = 1;
    }
    if c.time.is_some() {
        c.time_format = time_format(x.time_style);
    }
}

/// The format of `--time-style`, else of TIME_STYLE as du reads it
/// (`locale` is long-iso, `+FORMAT` ends at a newline, `posix-` prefixes
/// are dropped).
fn time_format(option: Option<&'static [u8]>) -> Vec<u8> {
    let style = option.unwrap_or_else(|| match sys::env::var(b"TIME_STYLE") {
        None | Some(b"locale") => b"long-iso",
        Some(s) if s.first() == Some(&b'+') => s.split(|&b| b == b'\n').next().unwrap_or(s),
        Some(mut s) => {
            while let Some(rest) = s.strip_prefix(b"posix-") {
                s = rest;
            }
            s
        }
    });
    match timestyle::parse(&SPEC, style, false) {
        Style::FullIso => timestyle::FULL_ISO.to_vec(),
        Style::Iso => b"%Y-%m-%d".to_vec(),
        Style::Format(f) => f.to_vec(),
        Style::LongIso | Style::Locale => timestyle::LONG_ISO.to_vec(),
    }
}

/// du's duinfo: bytes (or blocks of 512), inodes, and the latest time
/// (seconds, nanoseconds; nanoseconds -1 with the least seconds: none).
#[derive(Clone, Copy)]
struct Sums {
    size: u64,
    inodes: u64,
    tmax: (i64, i64),
}

/// calloc's zeros, as GNU's first allocation of its levels is.
const ZERO: Sums = Sums {
    size: 0,
    inodes: 0,
    tmax: (0, 0),
};

/// duinfo_init.
const NONE: Sums = Sums {
    size: 0,
    inodes: 0,
    tmax: (i64::MIN, -1),
};

impl Sums {
    /// duinfo_add: the size saturates (printed as `Infinity`).
    fn add(&mut self, b: &Sums) {
        self.size = self.size.saturating_add(b.size);
        self.inodes = self.inodes.wrapping_add(b.inodes);
        self.tmax = self.tmax.max(b.tmax);
    }
}

/// du's dulevel: the entries of a directory at one level, and the
/// totals of its subdirectories.
#[derive(Clone, Copy)]
struct Level {
    ent: Sums,
    subdir: Sums,
}

/// The state of a run, across operands as GNU's statics are.
struct Du<'a> {
    c: &'a Config,
    hash_all: bool,
    /// di_files: the (device, inode) of what was counted.
    seen: logic::devino::Set,
    /// di_mnt: the local mount points, read at the first cycle.
    mounts: Option<logic::devino::Set>,
    levels: Vec<Level>,
    prev_level: usize,
    total: Sums,
    tz: Option<logic::tz::Tz>,
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    // GNU's du flushes each line: a write error is stdio's bare flag.
    sys::io::set_write_error_style(
        sys::io::WriteErrorKind::Plain,
        sys::io::WriteErrorKind::Plain,
        0,
        u64::MAX,
    );
    // Each line shows when it is known, on a terminal at least.
    if sys::fs::isatty(sys::io::Fd::STDOUT) {
        sys::io::set_line_buffered();
    }
    let (c, operands) = parse(args);
    let hash_all = c.files0_from.is_some() || operands.len() > 1 || c.follow == Follow::Logical;
    let mut du = Du {
        c: &c,
        hash_all,
        seen: logic::devino::Set::new(),
        mounts: None,
        levels: Vec::new(),
        prev_level: 0,
        total: ZERO,
        tz: None,
    };
    let mut ok = true;
    match c.files0_from {
        Some(from) => {
            let mut list = Files0::open(from);
            while let Some(name) = list.next() {
                match name {
                    Ok(name) => ok &= du.operand(&name, list.count()),
                    Err(e) => {
                        files0_read_error(from, e);
                        ok = false;
                    }
                }
            }
        }
        None if operands.is_empty() => ok &= du.operand(b".", 1),
        None => {
            for (i, name) in operands.iter().enumerate() {
                ok &= du.operand(name, i + 1);
            }
        }
    }
    if c.total {
        let total = du.total;
        du.print(&total, b"total");
    }
    i32::from(!ok)
}

impl Du<'_> {
    /// One operand (`number`: its place in a --files0-from list).
    fn operand(&mut self, name: &[u8], number: usize) -> bool {
        let from = self.c.files0_from;
        if name.is_empty() || (from == Some(b"-") && name == b"-") {
            invalid_files0_name(from, number, name);
            return false;
        }
        let roots = [name];
        let mut w = Walker::new(&roots, self.c.follow);
        w.one_file_system(self.c.xdev);
        w.logical_by_path(true);
        let mut ok = true;
        let mut root_dev = 0;
        // The last visit entered a directory: an ERR now is that
        // directory's (fts' FTS_ERR), any other is the walk failing.
        let mut entered = false;
        while let Some(info) = w.next() {
            if let (Info::D, 0) = (info, w.level()) {
                root_dev = w.stat().dev;
            }
            let was_entered = core::mem::replace(&mut entered, false);
            match info {
                Info::ERR(e) if !was_entered => {
                    error(&[b"fts_read failed: ", &quotef(w.path())], Some(e));
                    self.prev_level = 0;
                    return false;
                }
                Info::DP => self.account(&w, true),
                Info::DNR(e) => {
                    error(&[b"cannot read directory ", &quoteaf(w.path())], Some(e));
                    self.account(&w, true);
                    ok = false;
                }
                _ => match self.visit(&mut w, info, root_dev) {
                    Visit::Entered => entered = true,
                    Visit::Done(r) => ok &= r,
                },
            }
        }
        ok
    }
}

/// What a visit before a directory's end did.
enum Visit {
    /// A directory was entered: its entries come next.
    Entered,
    /// Anything else, and whether it went well.
    Done(bool),
}

impl Du<'_> {
    /// process_file's visits but the post-order ones.
    fn visit(&mut self, w: &mut Walker, info: Info, root_dev: u64) -> Visit {
        let path = w.path();
        let mut excluded = self.c.exclude.excluded(path);
        if !excluded {
            // fts gives a dangling symlink no errno.
            let errno = match info {
                Info::NS(e) => Some(Some(e)),
                Info::SLNONE => Some(None),
                _ => None,
            };
            if let Some(e) = errno {
                error(&[b"cannot access ", &quoteaf(path)], e);
                return Visit::Done(false);
            }
            excluded = self.c.xdev && w.level() > 0 && w.stat().dev != root_dev;
        }
        let st = *w.stat();
        let hashed = !self.c.count_links && (self.hash_all || (!st.is_dir() && st.nlink > 1));
        if excluded || (hashed && !self.seen.insert((st.dev, st.ino))) {
            if info == Info::D {
                w.skip();
                w.next();
            }
            return Visit::Done(true);
        }
        match info {
            Info::D => return Visit::Entered,
            Info::ERR(e) => {
                error(&[&quotef(w.path())], Some(e));
                self.account(w, false);
                return Visit::Done(false);
            }
            Info::DC => {
                let serious = sys::walk::cycle_warning_required(self.c.follow, w.level());
                if serious && !self.mount_point_in_cycle(w) {
                    crate::shared::diag::cycle_warning(w.path());
                    return Visit::Done(false);
                }
                return Visit::Done(true);
            }
            _ => {}
        }
        self.account(w, false);
        Visit::Done(true)
    }
}

impl Du<'_> {
    /// process_file's sums: the current entry's size added at its level,
    /// a directory's entries and subdirectories added when it ends, and
    /// the line printed when its depth and the threshold allow.
    fn account(&mut self, w: &Walker, dir: bool) {
        let c = self.c;
        let st = w.stat();
        let size = match c.apparent {
            true => st.size.max(0) as u64,
            false => st.blocks.saturating_mul(512),
        };
        let tmax = match c.time {
            Some(Time::Atime) => (st.atime, st.atime_nsec),
            Some(Time::Ctime) => (st.ctime, st.ctime_nsec),
            _ => (st.mtime, st.mtime_nsec),
        };
        let me = Sums {
            size,
            inodes: 1,
            tmax: (tmax.0, i64::from(tmax.1)),
        };
        let level = w.level();
        let mut shown = me;
        let prev = self.prev_level;
        if self.levels.is_empty() {
            // GNU's first allocation is calloc'ed, not cleared level by
            // level: its times are the epoch.
            self.levels.resize(
                level + 10,
                Level {
                    ent: ZERO,
                    subdir: ZERO,
                },
            );
        } else if level > prev {
            if self.levels.len() <= level {
                self.levels.resize(
                    level * 2,
                    Level {
                        ent: NONE,
                        subdir: NONE,
                    },
                );
            }
            for l in &mut self.levels[prev + 1..=level] {
                *l = Level {
                    ent: NONE,
                    subdir: NONE,
                };
            }
        } else if level < prev {
            let below = self.levels[prev];
            shown.add(&below.ent);
            if !c.separate {
                shown.add(&below.subdir);
            }
            let l = &mut self.levels[level];
            l.subdir.add(&below.ent);
            l.subdir.add(&below.subdir);
        }
        self.prev_level = level;
        if !(c.separate && dir) {
            self.levels[level].ent.add(&me);
        }
        self.total.add(&me);
        if (dir || c.all) && level <= c.max_depth || level == 0 {
            let v = if c.inodes { shown.inodes } else { shown.size };
            let wanted = match c.threshold < 0 {
                true => v <= c.threshold.unsigned_abs(),
                false => v >= c.threshold as u64,
            };
            if wanted {
                self.print(&shown, w.path());
            }
        }
    }

    /// print_size: the size (or inode count), the time, the name.
    fn print(&mut self, d: &Sums, name: &[u8]) {
        let c = self.c;
        let n = if c.inodes { d.inodes } else { d.size };
        let o = out();
        if n == u64::MAX {
            o.write(b"Infinity");
        } else {
            o.write(logic::human::readable(n, c.human, 1, c.block_size).as_bytes());
        }
        if c.time.is_some() {
            o.byte(b'\t');
            self.show_date(d.tmax);
        }
        o.byte(b'\t');
        o.write(name);
        o.byte(if c.nul { 0 } else { b'\n' });
    }

    /// show_date: the time in the local zone, or as a number after
    /// `time 'N' is out of range` where the zone has no date for it.
    fn show_date(&mut self, (secs, nsec): (i64, i64)) {
        let tz = self
            .tz
            .get_or_insert_with(|| crate::shared::clock::zone(sys::env::var(b"TZ")));
        let mut s = Vec::new();
        match tz.localtime(secs) {
            Some(tm) => {
                let nsec = nsec.clamp(0, 999_999_999) as u32;
                logic::strftime::strftime(&mut s, &self.c.time_format, &tm, secs, nsec);
            }
            None => {
                if secs < 0 {
                    s.push(b'-');
                }
                logic::digits::push_u64(&mut s, secs.unsigned_abs());
                error(&[b"time ", &quote(&s), b" is out of range"], None);
            }
        }
        out().write(&s);
    }

    /// mount_point_in_fts_cycle: whether the entry closing a cycle, or a
    /// directory between it and its twin above, is a local mount point
    /// (a bind mount makes such cycles on purpose).
    fn mount_point_in_cycle(&mut self, w: &Walker) -> bool {
        let mounts = self.mounts.get_or_insert_with(|| {
            let table = crate::shared::mounts::read_table().unwrap_or_default();
            table
                .iter()
                .filter(|m| !m.remote && !m.dummy)
                .filter_map(|m| sys::fs::stat(&m.target).ok())
                .map(|s| (s.dev, s.ino))
                .collect()
        });
        let me = (w.stat().dev, w.stat().ino);
        if mounts.contains(&me) {
            return true;
        }
        for up in w.ancestors() {
            if up == me {
                return false;
            }
            if mounts.contains(&up) {
                return true;
            }
        }
        false
    }
}
