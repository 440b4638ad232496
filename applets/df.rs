// corebox applet
// name: df
// usage: [OPTION]... [FILE]...
// option: -a, --all
// option: -B SIZE
// option: --block-size=SIZE
// option: -i, --inodes
// option: -h, --human-readable
// option: -H, --si
// option: -l, --local
// option: --output[=FIELD_LIST]
// option: -P, --portability
// option: -T, --print-type
// option: --sync
// option: --no-sync
// option: --total
// option: -t, --type=TYPE
// option: -x, --exclude-type=TYPE
// option: -F TYPE
// option: -k
// option: -m
// option: -v
// help:
// Show information about the file system on which each FILE resides,
// or all file systems by default.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -a, --all             include pseudo, duplicate, inaccessible file systems
//   -B, --block-size=SIZE  scale sizes by SIZE before printing them; e.g.,
//                            '-BM' prints sizes in units of 1,048,576 bytes;
//                            see SIZE format below
//   -h, --human-readable  print sizes in powers of 1024 (e.g., 1023M)
//   -H, --si              print sizes in powers of 1000 (e.g., 1.1G)
//   -i, --inodes          list inode information instead of block usage
//   -k                    like --block-size=1K
//   -l, --local           limit listing to local file systems
//       --no-sync         do not invoke sync before getting usage info (default)
//       --output[=FIELD_LIST]  use the output format defined by FIELD_LIST,
//                                or print all fields if FIELD_LIST is omitted.
//   -P, --portability     use the POSIX output format
//       --sync            invoke sync before getting usage info
//       --total           elide all entries insignificant to available space,
//                           and produce a grand total
//   -t, --type=TYPE       limit listing to file systems of type TYPE
//   -T, --print-type      print file system type
//   -x, --exclude-type=TYPE   limit listing to file systems not of type TYPE
//   -v                    (ignored)
//       --help        display this help and exit
//       --version     output version information and exit
//
// Display values are in units of the first available SIZE from --block-size,
// and the DF_BLOCK_SIZE, BLOCK_SIZE and BLOCKSIZE environment variables.
// Otherwise, units default to 1024 bytes (or 512 if POSIXLY_CORRECT is set).
//
// The SIZE argument is an integer and optional unit (example: 10K is 10*1024).
// Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).
// Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
//
// FIELD_LIST is a comma-separated list of columns to be included.  Valid
// field names are: 'source', 'fstype', 'itotal', 'iused', 'iavail', 'ipcent',
// 'size', 'used', 'avail', 'pcent', 'file' and 'target' (see info page).

//! df: GNU df.c. The mount table from `/proc/self/mountinfo`
//! (`shared::mounts`), GNU's choice among the mounts of one device, its
//! type filters, each FILE's mount found by name then by device, usage
//! from statfs, and the numbers, percentages, headers and column layout
//! of `logic::df` with sizes from `logic::human`.

use super::opt;
use super::SPEC;
use crate::shared::canon::{canonicalize, Need};
use crate::shared::cli::usage_error;
use crate::shared::diag::{die, quote, quoteaf, quotef};
use alloc::vec::Vec;
use logic::df::{Column, Field, FieldError, Kind, Usage};
use logic::human::{AUTOSCALE, BASE_1024, SI};
use logic::mountinfo::{Mount, NO_DEV};
use sys::io::{error, out};
use sys::Errno;

/// GNU's header modes: which columns, and how the size one is named.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Default,
    Inodes,
    Human,
    Posix,
    Output,
}

struct Config {
    all: bool,
    local: bool,
    human_opts: u32,
    block_size: u64,
    mode: Mode,
    print_type: bool,
    total: bool,
    sync: bool,
    /// `-t` and `-x` types, in command-line order.
    select: Vec<&'static [u8]>,
    exclude: Vec<&'static [u8]>,
    columns: Vec<Column>,
}

impl Config {
    /// GNU's selected_fstype and excluded_fstype (an unknown type passes).
    #[cfg_attr(corebox_opt, optimize(size))]
    fn wanted(&self, fstype: Option<&[u8]>) -> bool {
        let Some(t) = fstype else { return true };
        (self.select.is_empty() || self.select.contains(&t)) && !self.exclude.contains(&t)
    }
}

/// A bad `-B`/`--block-size` (GNU names the option as it was given, the
/// long one whole).
#[cfg_attr(corebox_opt, optimize(size))]
fn bad_block_size(e: logic::human::BlockSizeError, long: bool, arg: &[u8]) -> ! {
    use logic::human::BlockSizeError as B;
    use logic::num::SizeError as S;
    let e = match e {
        B::Invalid => S::Invalid,
        B::InvalidSuffix => S::InvalidSuffix,
        B::Overflow => S::Overflow,
    };
    let opt: &[u8] = if long { b"--block-size" } else { b"-B" };
    crate::shared::cli::xstrtol_fatal(opt, arg, e)
}

#[cfg_attr(corebox_opt, optimize(size))]
fn exclusive(o: &[u8]) -> ! {
    usage_error(
        &SPEC,
        &[b"options ", o, b" and --output are mutually exclusive"],
    )
}

/// `--output=LIST`: its fields added to the columns, or GNU's error.
#[cfg_attr(corebox_opt, optimize(size))]
fn output_fields(list: &[u8], columns: &mut Vec<Column>) {
    match logic::df::add_fields(list, columns) {
        Ok(()) => {}
        Err(FieldError::Unknown(f)) => usage_error(
            &SPEC,
            &[b"option --output: field ", &quote(&f), b" unknown"],
        ),
        Err(FieldError::Twice(f)) => usage_error(
            &SPEC,
            &[
                b"option --output: field ",
                &quote(f.name()),
                b" used more than once",
            ],
        ),
    }
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        all: false,
        local: false,
        human_opts: 0,
        block_size: 1024,
        mode: Mode::Default,
        print_type: false,
        total: false,
        sync: false,
        select: Vec::new(),
        exclude: Vec::new(),
        columns: Vec::new(),
    };
    let env = |n: &[u8]| sys::env::var(n);
    let mut human: Option<(u32, u64)> = None;
    let mut posix = false;
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        let arg = o.arg.unwrap_or(b"");
        match o.key {
            'a' => c.all = true,
            'B' | opt::BLOCK_SIZE => {
                let (h, size, err) = logic::human::options(Some(arg), &env);
                if let Some(e) = err {
                    bad_block_size(e, o.key != 'B', arg);
                }
                human = Some((h, size));
            }
            'i' => {
                if c.mode == Mode::Output {
                    exclusive(b"-i");
                }
                c.mode = Mode::Inodes;
            }
            'h' => human = Some((AUTOSCALE | SI | BASE_1024, 1)),
            'H' => human = Some((AUTOSCALE | SI, 1)),
            'k' => human = Some((0, 1024)),
            'm' => human = Some((0, 1024 * 1024)),
            'l' => c.local = true,
            'T' | 'P' if c.mode == Mode::Output => {
                exclusive(if o.key == 'T' { b"-T" } else { b"-P" })
            }
            'T' => c.print_type = true,
            'P' => posix = true,
            opt::SYNC => c.sync = true,
            opt::NO_SYNC => c.sync = false,
            'F' | 't' => c.select.push(arg),
            'x' => c.exclude.push(arg),
            opt::OUTPUT => {
                if c.mode == Mode::Inodes {
                    exclusive(b"-i");
                }
                if posix && c.mode == Mode::Default {
                    exclusive(b"-P");
                }
                if c.print_type {
                    exclusive(b"-T");
                }
                c.mode = Mode::Output;
                if let Some(list) = o.arg {
                    output_fields(list, &mut c.columns);
                }
            }
            opt::TOTAL => c.total = true,
            _ => {} // -v: ignored
        }
    }
    (c.human_opts, c.block_size) = human.unwrap_or_else(|| {
        if posix {
            (
                0,
                if sys::env::posixly_correct() {
                    512
                } else {
                    1024
                },
            )
        } else {
            let (h, size, _) = logic::human::options(sys::env::var(b"DF_BLOCK_SIZE"), &env);
            (h, size)
        }
    });
    if matches!(c.mode, Mode::Default) && c.human_opts & AUTOSCALE != 0 {
        c.mode = Mode::Human;
    } else if matches!(c.mode, Mode::Default) && posix {
        c.mode = Mode::Posix;
    }
    field_list(&mut c);
    (c, opts.operands())
}

/// GNU's get_field_list: the columns of the header mode.
#[cfg_attr(corebox_opt, optimize(size))]
fn field_list(c: &mut Config) {
    let col = |field: Field, caption: Option<&'static [u8]>| Column {
        field,
        caption: caption.unwrap_or(field.caption()),
    };
    let (size, avail, pcent): (Option<&'static [u8]>, Option<&'static [u8]>, _) = match c.mode {
        Mode::Output => {
            if c.columns.is_empty() {
                output_fields(logic::df::ALL_FIELDS, &mut c.columns);
            }
            return;
        }
        Mode::Human => (Some(b"Size"), Some(b"Avail"), None),
        Mode::Posix => (None, None, Some(&b"Capacity"[..])),
        _ => (None, None, None),
    };
    c.columns.push(col(Field::Source, None));
    if c.print_type {
        c.columns.push(col(Field::Fstype, None));
    }
    let fields = if c.mode == Mode::Inodes {
        [Field::Itotal, Field::Iused, Field::Iavail, Field::Ipcent]
    } else {
        [Field::Size, Field::Used, Field::Avail, Field::Pcent]
    };
    for (f, caption) in fields.into_iter().zip([size, None, avail, pcent]) {
        c.columns.push(col(f, caption));
    }
    c.columns.push(col(Field::Target, None));
}

/// What get_dev is told of a file system.
#[derive(Clone, Copy, Default)]
struct Entry<'a> {
    device: Option<&'a [u8]>,
    mount_point: Option<&'a [u8]>,
    /// The FILE operand it is shown for.
    file: Option<&'a [u8]>,
    /// The file to statfs, when not the mount point.
    stat_file: Option<&'a [u8]>,
    fstype: Option<&'a [u8]>,
    dummy: bool,
    remote: bool,
}

impl<'a> Entry<'a> {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn of(me: &'a Mount) -> Self {
        Entry {
            device: Some(&me.source),
            mount_point: Some(&me.target),
            fstype: Some(&me.fstype),
            dummy: me.dummy,
            remote: me.remote,
            ..Entry::default()
        }
    }
}

/// One run: the table being built and what it remembers.
struct Df {
    c: Config,
    /// With `-a`: the winning mount (index) of each device seen (GNU's
    /// devlist table), the last of a device counting.
    devlist: Vec<(usize, u64)>,
    /// FILE operands were given: show what they name even if empty.
    listed: bool,
    rows: Vec<Vec<Vec<u8>>>,
    widths: Vec<usize>,
    total: Usage,
    processed: bool,
    status: i32,
    tty: bool,
    utf8: bool,
}

/// statvfs of `path` as gnulib's get_fs_usage reports it.
#[cfg_attr(corebox_opt, optimize(size))]
fn fs_usage(path: &[u8]) -> Result<Usage, Errno> {
    let s = sys::fs::statfs(path)?;
    Ok(Usage {
        block_size: if s.frsize != 0 { s.frsize } else { s.bsize },
        blocks: s.blocks,
        bfree: s.bfree,
        bavail: s.bavail,
        bavail_negative: s.bavail >> 63 != 0,
        files: s.files,
        ffree: s.ffree,
    })
}

impl Df {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn new(c: Config) -> Df {
        let widths = c.columns.iter().map(|col| col.field.min_width()).collect();
        Df {
            c,
            devlist: Vec::new(),
            listed: false,
            rows: Vec::new(),
            widths,
            total: Usage::ZERO_TOTAL,
            processed: false,
            status: 0,
            tty: sys::fs::isatty(sys::io::Fd::STDOUT),
            utf8: sys::env::utf8_locale(),
        }
    }

    /// A row of cells, made safe to show (GNU's replace_problematic_chars),
    /// widening the columns.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn add_row(&mut self, cells: Vec<Vec<u8>>) {
        let mut row = Vec::with_capacity(cells.len());
        for (i, mut cell) in cells.into_iter().enumerate() {
            if self.tty {
                cell = logic::df::replace_invalid(&cell, self.utf8);
            } else {
                logic::df::replace_controls(&mut cell);
            }
            self.widths[i] = self.widths[i].max(logic::unicode::mbswidth(&cell, self.utf8));
            row.push(cell);
        }
        self.rows.push(row);
    }

    /// GNU's get_header.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn header(&mut self) {
        let c = &self.c;
        let cells = c
            .columns
            .iter()
            .map(|col| {
                let named = c.mode == Mode::Default
                    || (c.mode == Mode::Output && c.human_opts & AUTOSCALE == 0);
                if col.field != Field::Size {
                    col.caption.to_vec()
                } else if named {
                    logic::df::blocks_header(c.block_size, c.human_opts)
                } else if c.mode == Mode::Posix {
                    alloc::format!("{}-blocks", c.block_size).into_bytes()
                } else {
                    col.caption.to_vec()
                }
            })
            .collect();
        self.add_row(cells);
    }

    /// GNU's me_for_dev: the mount `-a` chose for a device.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn me_for_dev<'m>(&self, mounts: &'m [Mount], dev: u64) -> Option<&'m Mount> {
        let &(i, _) = self.devlist.iter().rev().find(|&&(_, d)| d == dev)?;
        Some(&mounts[i])
    }

    /// The usage get_dev shows for `e`, and whether its type is unknown;
    /// None when the file system is not shown.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn usage_of(
        &mut self,
        mounts: &[Mount],
        e: &Entry,
        stat_file: &[u8],
        process_all: bool,
    ) -> Option<(Usage, bool)> {
        match fs_usage(stat_file) {
            Err(err) if process_all && (err == Errno::ACCES || err == Errno::NOENT) => {
                // An entry of the table not there now, or not ours to see.
                self.c.all.then_some((Usage::UNKNOWN, true))
            }
            Err(err) => {
                error(&[&quotef(stat_file)], Some(err));
                self.status = 1;
                None
            }
            Ok(u) => {
                if process_all && self.c.all {
                    // Over-mounted: the numbers would be another file system's.
                    if let Ok(sb) = sys::fs::stat(stat_file) {
                        if let Some(me) = self.me_for_dev(mounts, sb.dev) {
                            if Some(&me.source[..]) != e.device && (!me.remote || !e.remote) {
                                return Some((Usage::UNKNOWN, true));
                            }
                        }
                    }
                }
                Some((u, false))
            }
        }
    }

    /// GNU's get_dev: one row for a file system, unless it is filtered
    /// out; `force` is the grand total's usage.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn get_dev(&mut self, mounts: &[Mount], e: Entry, force: Option<Usage>, process_all: bool) {
        if (e.remote && self.c.local)
            || (e.dummy && !self.c.all && !self.listed)
            || !self.c.wanted(e.fstype)
        {
            return;
        }
        if force.is_none() && e.mount_point.is_some_and(|m| m.first() != Some(&b'/')) {
            return;
        }
        let stat_file = e.stat_file.or(e.mount_point).or(e.device).unwrap_or(b"");
        let (u, unknown_type) = match force {
            Some(u) => (u, false),
            None => match self.usage_of(mounts, &e, stat_file, process_all) {
                Some(r) => r,
                None => return,
            },
        };
        if u.blocks == 0 && !self.c.all && !self.listed {
            return;
        }
        if force.is_none() {
            self.processed = true;
        }
        let mut dev_name = e.device.unwrap_or(b"-").to_vec();
        if process_all && logic::df::has_uuid_suffix(&dev_name) {
            if let Ok(r) = canonicalize(&dev_name, Need::All, false) {
                dev_name = r;
            }
        }
        let fstype = if unknown_type {
            b"-"
        } else {
            e.fstype.unwrap_or(b"-")
        };
        let (blocks, inodes) = logic::df::values(&u, self.c.block_size);
        if self.c.total && force.is_none() {
            logic::df::add_to_total(&mut self.total, &blocks, &inodes);
        }
        let opts = self.c.human_opts;
        let cells = self
            .c
            .columns
            .iter()
            .map(|col| {
                let v = if col.field.kind() == Kind::Inode {
                    &inodes
                } else {
                    &blocks
                };
                let num = |neg, n| logic::df::readable(neg, n, opts, v.input_units, v.output_units);
                match col.field {
                    Field::Source => dev_name.clone(),
                    Field::Fstype => fstype.to_vec(),
                    Field::Size | Field::Itotal => num(false, v.total),
                    Field::Used | Field::Iused => num(v.negate_used, v.used),
                    Field::Avail | Field::Iavail => num(v.negate_available, v.available),
                    Field::Pcent | Field::Ipcent => logic::df::percent(v),
                    Field::File => e.file.unwrap_or(b"-").to_vec(),
                    Field::Target => e.mount_point.unwrap_or(b"-").to_vec(),
                }
            })
            .collect();
        self.add_row(cells);
    }
}

/// GNU's filter_mount_list: each device once, the mount GNU prefers
/// winning (a real device name over a pseudo one, the mount point
/// nearer the root, a new device mounted over the same point); the
/// mounts filtered out by type or locality, or whose mount point cannot
/// be reached, pass as they are. Returns (mount index, device) in table
/// order.
#[cfg_attr(corebox_opt, optimize(size))]
fn filter_mounts(c: &Config, mounts: &[Mount]) -> Vec<(usize, u64)> {
    let mut list: Vec<(usize, u64)> = Vec::new();
    for (i, me) in mounts.iter().enumerate() {
        let skip = (me.remote && c.local) || (me.dummy && !c.all) || !c.wanted(Some(&me.fstype));
        let st = if skip {
            None
        } else {
            sys::fs::stat(&me.target).ok()
        };
        let Some(st) = st else {
            list.push((i, me.dev));
            continue;
        };
        let Some(k) = list.iter().rposition(|&(_, d)| d == st.dev) else {
            list.push((i, st.dev));
            continue;
        };
        let seen = &mounts[list[k].0];
        let target_nearer_root = seen.target.len() > me.target.len();
        let source_below_root = match (&seen.root, &me.root) {
            (Some(a), Some(b)) => a.len() < b.len(),
            _ => false,
        };
        if !c.total && me.remote && seen.remote && seen.source != me.source {
            // Different remote locations were likely mounted on purpose.
            list.push((i, st.dev));
        } else if (me.source.contains(&b'/') && !seen.source.contains(&b'/'))
            || (target_nearer_root && !source_below_root)
            || (seen.source != me.source && seen.target == me.target)
        {
            list[k].0 = i;
        }
    }
    list
}

/// GNU's last_device_for_mount: the (canonical) source of the last
/// mount on `dir`.
#[cfg_attr(corebox_opt, optimize(size))]
fn last_device_for_mount(mounts: &[Mount], dir: &[u8]) -> Option<Vec<u8>> {
    let me = mounts.iter().rev().find(|me| me.target == dir)?;
    Some(canonical_device(&me.source))
}

/// A mount's source, canonical when it names an existing file.
#[cfg_attr(corebox_opt, optimize(size))]
fn canonical_device(source: &[u8]) -> Vec<u8> {
    canonicalize(source, Need::All, false).unwrap_or_else(|_| source.to_vec())
}

impl Df {
    /// GNU's get_all_entries.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn all_entries(&mut self, mounts: &[Mount]) {
        let kept = filter_mounts(&self.c, mounts);
        if self.c.all {
            self.devlist = kept;
            for me in mounts {
                self.get_dev(mounts, Entry::of(me), None, true);
            }
        } else {
            for (i, _) in kept {
                self.get_dev(mounts, Entry::of(&mounts[i]), None, true);
            }
        }
    }

    /// GNU's get_device: a FILE naming a device shows the file system
    /// mounted from it (the shortest accessible mount point); false when
    /// none is.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn device(&mut self, mounts: &[Mount], file: &[u8]) -> bool {
        let resolved = canonicalize(file, Need::All, false).ok();
        let device = resolved.as_deref().unwrap_or(file);
        let mut best: Option<usize> = None;
        let (mut best_len, mut best_accessible, mut eclipsed) = (usize::MAX, false, false);
        for (i, me) in mounts.iter().enumerate() {
            let devname = canonical_device(&me.source);
            if device != devname {
                continue;
            }
            eclipsed = last_device_for_mount(mounts, &me.target).is_some_and(|l| l != devname);
            let len = me.target.len();
            if !eclipsed && (!best_accessible || len < best_len) {
                let accessible = sys::fs::stat(&me.target).is_ok();
                best_accessible |= accessible;
                if accessible || (!best_accessible && len < best_len) {
                    best = Some(i);
                    if len == 1 {
                        break;
                    }
                    best_len = len;
                }
            }
        }
        if let Some(b) = best {
            let e = Entry {
                file: Some(file),
                ..Entry::of(&mounts[b])
            };
            self.get_dev(mounts, e, None, false);
        } else if eclipsed {
            let msg: &[&[u8]] = &[
                b"cannot access ",
                &quoteaf(file),
                b": over-mounted by another device",
            ];
            error(msg, None);
            self.status = 1;
        }
        best.is_some() || eclipsed
    }

    /// GNU's get_point: the mount a FILE is on, by the longest mount
    /// point its canonical name starts with, else by its device.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn point(&mut self, mounts: &mut [Mount], point: &[u8], st: &sys::fs::Stat) {
        let better = |best: Option<usize>, me: &Mount, mounts: &[Mount]| {
            me.fstype != b"lofs" && (best.is_none_or(|b| mounts[b].dummy) || !me.dummy)
        };
        let mut best: Option<usize> = None;
        if let Some(r) = canonicalize(point, Need::All, false)
            .ok()
            .filter(|r| r.first() == Some(&b'/'))
        {
            let mut best_len = 0;
            for (i, me) in mounts.iter().enumerate() {
                let len = me.target.len();
                if better(best, me, mounts)
                    && best_len <= len
                    && len <= r.len()
                    && (len == 1
                        || ((len == r.len() || r[len] == b'/') && r[..len] == me.target[..]))
                {
                    best = Some(i);
                    best_len = len;
                }
            }
        }
        if best.is_some_and(|b| !sys::fs::stat(&mounts[b].target).is_ok_and(|s| s.dev == st.dev)) {
            best = None;
        }
        if best.is_none() {
            for i in 0..mounts.len() {
                if mounts[i].dev == NO_DEV {
                    mounts[i].dev = match sys::fs::stat(&mounts[i].target) {
                        Ok(s) => s.dev,
                        Err(e) => {
                            // Other errors may come of a shadowed mount point.
                            if e == Errno::IO {
                                error(&[&quotef(&mounts[i].target)], Some(e));
                                self.status = 1;
                            }
                            NO_DEV - 1
                        }
                    };
                }
                if st.dev == mounts[i].dev && better(best, &mounts[i], mounts) {
                    if sys::fs::stat(&mounts[i].target).is_ok_and(|s| s.dev == mounts[i].dev) {
                        best = Some(i);
                    } else {
                        // A bogus entry: never match it again.
                        mounts[i].dev = NO_DEV - 1;
                    }
                }
            }
        }
        let mounts: &[Mount] = mounts;
        if let Some(b) = best {
            let e = Entry {
                file: Some(point),
                stat_file: Some(point),
                ..Entry::of(&mounts[b])
            };
            self.get_dev(mounts, e, None, false);
        } else if let Some(mp) = crate::shared::mounts::find_mount_point(point, st) {
            let e = Entry {
                mount_point: Some(&mp),
                file: Some(point),
                ..Entry::default()
            };
            self.get_dev(mounts, e, None, false);
        }
    }

    /// GNU's print_table: cells aligned in their columns, the last one
    /// not padded; a cell that is not valid text in the locale as it is.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn print(&self) {
        let o = out();
        let n = self.c.columns.len();
        for row in &self.rows {
            for (i, cell) in row.iter().enumerate() {
                if i != 0 {
                    o.byte(b' ');
                }
                let right = self.c.columns[i].field.right();
                match logic::df::align(cell, self.widths[i], right, i == n - 1, self.utf8) {
                    Some(a) => o.write(&a),
                    None => o.write(cell),
                }
            }
            o.byte(b'\n');
        }
    }
}

/// GNU's automount_stat_err: the status of a FILE operand, opened first
/// so that an automounter mounts it.
#[cfg_attr(corebox_opt, optimize(size))]
fn automount_stat(file: &[u8]) -> Result<sys::fs::Stat, Errno> {
    use sys::fs::oflag::{NOCTTY, NONBLOCK, RDONLY};
    match sys::fs::open_flags(file, RDONLY | NOCTTY | NONBLOCK, 0) {
        Ok(f) => sys::fs::fstat(f.fd()),
        Err(e) if e == Errno::NOENT || e == Errno::NOTDIR => Err(e),
        Err(_) => sys::fs::stat(file),
    }
}

/// GNU's check that no type is both selected and excluded (each such
/// `-t` type reported, the last given first).
#[cfg_attr(corebox_opt, optimize(size))]
fn conflicting_types(c: &Config) -> bool {
    let mut any = false;
    for t in c.select.iter().rev().filter(|t| c.exclude.contains(t)) {
        error(
            &[
                b"file system type ",
                &quote(t),
                b" both selected and excluded",
            ],
            None,
        );
        any = true;
    }
    any
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (c, files) = parse(args);
    if conflicting_types(&c) {
        return 1;
    }
    let mut df = Df::new(c);
    let mut stats = Vec::with_capacity(files.len());
    for &f in &files {
        match automount_stat(f) {
            Ok(st) => stats.push(Some(st)),
            Err(e) => {
                error(&[&quotef(f)], Some(e));
                df.status = 1;
                stats.push(None);
            }
        }
    }
    let mut mounts = match crate::shared::mounts::read_table() {
        Ok(m) if !m.is_empty() => m,
        r => {
            let err = r.err();
            let c = &df.c;
            if files.is_empty() || c.all || c.local || !c.select.is_empty() || !c.exclude.is_empty()
            {
                die(&[b"cannot read table of mounted file systems"], err);
            }
            error(
                &[b"Warning: cannot read table of mounted file systems"],
                err,
            );
            Vec::new()
        }
    };
    if df.c.sync {
        sys::fs::sync_all();
    }
    df.header();
    if files.is_empty() {
        df.all_entries(&mounts);
    } else {
        df.listed = true;
        for (f, st) in files.iter().zip(&stats) {
            let Some(st) = st else { continue };
            let special = matches!(
                st.mode & sys::fs::S_IFMT,
                sys::fs::S_IFBLK | sys::fs::S_IFCHR
            );
            if !(special && df.device(&mounts, f)) {
                df.point(&mut mounts, f, st);
            }
        }
    }
    if !df.processed {
        if df.status == 0 {
            die(&[b"no file systems processed"], None);
        }
        return df.status;
    }
    if df.c.total {
        let source_shown = df.c.columns.iter().any(|c| c.field == Field::Source);
        let target: &[u8] = if source_shown { b"-" } else { b"total" };
        let e = Entry {
            device: Some(b"total"),
            mount_point: Some(target),
            ..Entry::default()
        };
        let total = df.total;
        df.get_dev(&mounts, e, Some(total), false);
    }
    df.print();
    df.status
}
