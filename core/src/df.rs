//! df's arithmetic and layout (GNU df.c): its columns and `--output`
//! field lists, the numbers of a file system (used, available, negative
//! available space, unknown values), the grand total, the `Use%`
//! percentage rounded up, the `1K-blocks` header, and the alignment of
//! the table's cells (gnulib's mbswidth and mbsalign).

use crate::unicode::{control, wcwidth};
use alloc::vec::Vec;

/// One column df can show, in GNU's field_data order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Source,
    Fstype,
    Size,
    Used,
    Avail,
    Pcent,
    Itotal,
    Iused,
    Iavail,
    Ipcent,
    Target,
    File,
}

/// What a field's numbers count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Block,
    Inode,
    Other,
}

/// The fields of `--output` without a list, in its order.
pub const ALL_FIELDS: &[u8] =
    b"source,fstype,itotal,iused,iavail,ipcent,size,used,avail,pcent,file,target";

const FIELDS: [Field; 12] = [
    Field::Source,
    Field::Fstype,
    Field::Size,
    Field::Used,
    Field::Avail,
    Field::Pcent,
    Field::Itotal,
    Field::Iused,
    Field::Iavail,
    Field::Ipcent,
    Field::Target,
    Field::File,
];

impl Field {
    /// (`--output` name, default header, minimum width, right-aligned, kind).
    #[cfg_attr(corebox_opt, optimize(size))]
    fn data(self) -> (&'static [u8], &'static [u8], usize, bool, Kind) {
        match self {
            Field::Source => (b"source", b"Filesystem", 14, false, Kind::Other),
            Field::Fstype => (b"fstype", b"Type", 4, false, Kind::Other),
            Field::Size => (b"size", b"blocks", 5, true, Kind::Block),
            Field::Used => (b"used", b"Used", 5, true, Kind::Block),
            Field::Avail => (b"avail", b"Available", 5, true, Kind::Block),
            Field::Pcent => (b"pcent", b"Use%", 4, true, Kind::Block),
            Field::Itotal => (b"itotal", b"Inodes", 5, true, Kind::Inode),
            Field::Iused => (b"iused", b"IUsed", 5, true, Kind::Inode),
            Field::Iavail => (b"iavail", b"IFree", 5, true, Kind::Inode),
            Field::Ipcent => (b"ipcent", b"IUse%", 4, true, Kind::Inode),
            Field::Target => (b"target", b"Mounted on", 0, false, Kind::Other),
            Field::File => (b"file", b"File", 0, false, Kind::Other),
        }
    }
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn name(self) -> &'static [u8] {
        self.data().0
    }
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn caption(self) -> &'static [u8] {
        self.data().1
    }
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn min_width(self) -> usize {
        self.data().2
    }
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn right(self) -> bool {
        self.data().3
    }
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn kind(self) -> Kind {
        self.data().4
    }
}

/// A column of the table: its field and header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    pub field: Field,
    pub caption: &'static [u8],
}

/// Why an `--output` list was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldError {
    Unknown(Vec<u8>),
    Twice(Field),
}

/// GNU's decode_output_arg: the fields of a comma-separated `list`
/// appended to `columns` (size and avail get their short headers).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn add_fields(list: &[u8], columns: &mut Vec<Column>) -> Result<(), FieldError> {
    for name in list.split(|&b| b == b',') {
        let Some(&field) = FIELDS.iter().find(|f| f.name() == name) else {
            return Err(FieldError::Unknown(name.to_vec()));
        };
        if columns.iter().any(|c| c.field == field) {
            return Err(FieldError::Twice(field));
        }
        let caption = match field {
            Field::Size => &b"Size"[..],
            Field::Avail => b"Avail",
            f => f.caption(),
        };
        columns.push(Column { field, caption });
    }
    Ok(())
}

/// gnulib's fs_usage: what statvfs says, in units of `block_size`
/// bytes; all ones is an unknown value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    pub block_size: u64,
    pub blocks: u64,
    pub bfree: u64,
    /// Two's complement when `bavail_negative`.
    pub bavail: u64,
    pub bavail_negative: bool,
    pub files: u64,
    pub ffree: u64,
}

impl Usage {
    /// Every value unknown (an inaccessible or over-mounted file system).
    pub const UNKNOWN: Usage = Usage {
        block_size: u64::MAX,
        blocks: u64::MAX,
        bfree: u64::MAX,
        bavail: u64::MAX,
        bavail_negative: false,
        files: u64::MAX,
        ffree: u64::MAX,
    };
    /// The grand total before anything is added: sizes in bytes.
    pub const ZERO_TOTAL: Usage = Usage {
        block_size: 1,
        blocks: 0,
        bfree: 0,
        bavail: 0,
        bavail_negative: false,
        files: 0,
        ffree: 0,
    };
}

/// GNU's known_value: all ones (and on AIX one less) means unknown.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn known(n: u64) -> bool {
    n < u64::MAX - 1
}

/// GNU's field_values_t: the numbers of the block or the inode columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Values {
    pub input_units: u64,
    pub output_units: u64,
    pub total: u64,
    pub available: u64,
    pub negate_available: bool,
    pub available_to_root: u64,
    pub used: u64,
    pub negate_used: bool,
}

#[cfg_attr(corebox_opt, optimize(size))]
fn used_of(v: &mut Values) {
    v.used = u64::MAX;
    v.negate_used = false;
    if known(v.total) && known(v.available_to_root) {
        v.used = v.total.wrapping_sub(v.available_to_root);
        v.negate_used = v.total < v.available_to_root;
    }
}

/// GNU's get_field_values: (block values, inode values) of `u`, blocks
/// shown in units of `output_block_size` bytes.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn values(u: &Usage, output_block_size: u64) -> (Values, Values) {
    let mut inodes = Values {
        input_units: 1,
        output_units: 1,
        total: u.files,
        available: u.ffree,
        negate_available: false,
        available_to_root: u.ffree,
        used: 0,
        negate_used: false,
    };
    used_of(&mut inodes);
    let mut blocks = Values {
        input_units: u.block_size,
        output_units: output_block_size,
        total: u.blocks,
        available: u.bavail,
        negate_available: u.bavail_negative && known(u.bavail),
        available_to_root: u.bfree,
        used: 0,
        negate_used: false,
    };
    used_of(&mut blocks);
    (blocks, inodes)
}

/// GNU's add_uint_with_neg_flag: `dest` (negative when `dest_neg`, in
/// two's complement) plus `src`.
#[cfg_attr(corebox_opt, optimize(size))]
fn add_signed(dest: &mut u64, dest_neg: &mut bool, mut src: u64, src_neg: bool) {
    if *dest_neg == src_neg {
        *dest = dest.wrapping_add(src);
        return;
    }
    if *dest_neg {
        *dest = dest.wrapping_neg();
    }
    if src_neg {
        src = src.wrapping_neg();
    }
    if src < *dest {
        *dest -= src;
    } else {
        *dest = src - *dest;
        *dest_neg = src_neg;
    }
    if *dest_neg {
        *dest = dest.wrapping_neg();
    }
}

/// GNU's add_to_grand_total: the known values of one file system added
/// to `total` (whose sizes are in bytes).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn add_to_total(total: &mut Usage, b: &Values, i: &Values) {
    if known(i.total) {
        total.files = total.files.wrapping_add(i.total);
    }
    if known(i.available) {
        total.ffree = total.ffree.wrapping_add(i.available);
    }
    if known(b.total) {
        total.blocks = total
            .blocks
            .wrapping_add(b.input_units.wrapping_mul(b.total));
    }
    if known(b.available_to_root) {
        let n = b.input_units.wrapping_mul(b.available_to_root);
        total.bfree = total.bfree.wrapping_add(n);
    }
    if known(b.available) {
        let n = b.input_units.wrapping_mul(b.available);
        add_signed(
            &mut total.bavail,
            &mut total.bavail_negative,
            n,
            b.negate_available,
        );
    }
}

/// GNU's df_readable: `n` (negative in two's complement when
/// `negative`) as human_readable shows it, `-` when unknown.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn readable(negative: bool, n: u64, opts: u32, from: u64, to: u64) -> Vec<u8> {
    if !known(n) && !negative {
        return b"-".to_vec();
    }
    let mut out = Vec::new();
    let n = if negative {
        out.push(b'-');
        n.wrapping_neg()
    } else {
        n
    };
    out.extend_from_slice(crate::human::readable(n, opts, from, to).as_bytes());
    out
}

/// The percentage of `v` used, rounded up (GNU's PCENT_FIELD), or `-`.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn percent(v: &Values) -> Vec<u8> {
    let mut pct = -1.0f64;
    if !known(v.used) || !known(v.available) {
    } else if !v.negate_used
        && v.used <= u64::MAX / 100
        && v.used.wrapping_add(v.available) != 0
        && (v.used.wrapping_add(v.available) < v.used) == v.negate_available
    {
        let u100 = v.used * 100;
        let nonroot_total = v.used.wrapping_add(v.available);
        pct = (u100 / nonroot_total + u64::from(!u100.is_multiple_of(nonroot_total))) as f64;
    } else {
        let u = if v.negate_used {
            -(v.used.wrapping_neg() as f64)
        } else {
            v.used as f64
        };
        let a = if v.negate_available {
            -(v.available.wrapping_neg() as f64)
        } else {
            v.available as f64
        };
        let nonroot_total = u + a;
        if nonroot_total != 0.0 {
            pct = u * 100.0 / nonroot_total;
            let ipct = pct as i64 as f64;
            if ipct - 1.0 < pct && pct <= ipct + 1.0 {
                pct = ipct + if ipct < pct { 1.0 } else { 0.0 };
            }
        }
    }
    if 0.0 <= pct {
        // printf's %.0f through logic::float, as core::fmt's float
        // formatting would add 6 KB for this one number.
        let spec = crate::float::Spec {
            precision: Some(0),
            ..crate::float::Spec::plain(b'f')
        };
        let mut s = Vec::new();
        crate::float::format(
            &mut s,
            crate::float::F80::from_ieee(pct.to_bits(), 11, 52),
            &spec,
        );
        s.push(b'%');
        s
    } else {
        b"-".to_vec()
    }
}

/// The size column's header for a block size (`1K-blocks`, `1kB-blocks`,
/// `512B-blocks`): its human form in the base that divides it better.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn blocks_header(block_size: u64, human_opts: u32) -> Vec<u8> {
    use crate::human::{AUTOSCALE, B, BASE_1024, GROUP_DIGITS, SI, SUPPRESS_POINT_ZERO};
    let mut opts =
        SUPPRESS_POINT_ZERO | AUTOSCALE | SI | (human_opts & (GROUP_DIGITS | BASE_1024 | B));
    let (mut q1000, mut q1024) = (block_size, block_size);
    let (mut by1000, mut by1024);
    loop {
        by1000 = q1000 % 1000 == 0;
        q1000 /= 1000;
        by1024 = q1024 % 1024 == 0;
        q1024 /= 1024;
        if !(by1000 && by1024) {
            break;
        }
    }
    if !by1000 && by1024 {
        opts |= BASE_1024;
    }
    if !by1024 && by1000 {
        opts &= !BASE_1024;
    }
    if opts & BASE_1024 == 0 {
        opts |= B;
    }
    let mut h = crate::human::readable(block_size, opts, 1, 1).into_bytes();
    h.extend_from_slice(b"-blocks");
    h
}

/// GNU's has_uuid_suffix: `s` ends in 36 hex digits and dashes.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn has_uuid_suffix(s: &[u8]) -> bool {
    s.len() > 36
        && s[s.len() - 36..]
            .iter()
            .all(|&b| b == b'-' || b.is_ascii_hexdigit())
}

/// GNU's replace_control_chars (output not a terminal): ASCII control
/// characters become `?`.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn replace_controls(cell: &mut [u8]) {
    for b in cell.iter_mut().filter(|b| b.is_ascii_control()) {
        *b = b'?';
    }
}

/// GNU's replace_invalid_chars (output to a terminal): invalid or
/// incomplete characters and control characters become `?`; in the C
/// locale (glibc 2.35 on) every byte is a character, so only the ASCII
/// controls.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn replace_invalid(cell: &[u8], utf8: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(cell.len());
    let mut i = 0;
    while i < cell.len() {
        let (ok, n) = if utf8 {
            match crate::unicode::decode(&cell[i..]) {
                Ok((cp, n)) => (!control(cp), n),
                Err(_) => (false, 1),
            }
        } else {
            (!cell[i].is_ascii_control(), 1)
        };
        if ok {
            out.extend_from_slice(&cell[i..i + n]);
        } else {
            out.push(b'?');
        }
        i += n;
    }
    out
}

/// gnulib's mbsalign: `s` padded with spaces to `width` columns (on the
/// left when `right`, never on the right when `last`), truncated when
/// wider; None when `s` is not valid in the locale (GNU then prints it
/// unaligned). In UTF-8, characters that are not printable show as
/// U+FFFD.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn align(s: &[u8], width: usize, right: bool, last: bool, utf8: bool) -> Option<Vec<u8>> {
    let mut text: Vec<u8>;
    let cols;
    if utf8 {
        text = Vec::with_capacity(s.len());
        let mut c = 0;
        let mut i = 0;
        let mut full = false;
        while i < s.len() {
            let (cp, n) = crate::unicode::decode(&s[i..]).ok()?;
            i += n;
            let (w, bytes) = match wcwidth(cp) {
                Some(w) => (w, &s[i - n..i]),
                None => (1, "\u{fffd}".as_bytes()),
            };
            if !full && c + w <= width {
                c += w;
                text.extend_from_slice(bytes);
            } else {
                full = true;
            }
        }
        cols = c;
    } else {
        text = s[..s.len().min(width)].to_vec();
        cols = text.len();
    }
    let pad = width - cols;
    let mut out = Vec::with_capacity(text.len() + pad);
    if right {
        out.resize(pad, b' ');
    }
    out.extend_from_slice(&text);
    if !right && !last {
        out.resize(out.len() + pad, b' ');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::{AUTOSCALE, B, BASE_1024, SI};

    fn usage(bs: u64, blocks: u64, bfree: u64, bavail: u64) -> Usage {
        Usage {
            block_size: bs,
            blocks,
            bfree,
            bavail,
            bavail_negative: bavail >> 63 != 0,
            files: 100,
            ffree: 40,
        }
    }

    #[test]
    fn field_lists() {
        let mut c = Vec::new();
        assert_eq!(add_fields(b"source,size,avail", &mut c), Ok(()));
        assert_eq!(c.len(), 3);
        assert_eq!(c[1].caption, b"Size");
        assert_eq!(c[2].caption, b"Avail");
        assert_eq!(c[0].caption, b"Filesystem");
        assert_eq!(
            add_fields(b"target,source", &mut c),
            Err(FieldError::Twice(Field::Source))
        );
        let mut c = Vec::new();
        assert_eq!(
            add_fields(b"", &mut c),
            Err(FieldError::Unknown(Vec::new()))
        );
        let mut c = Vec::new();
        assert_eq!(add_fields(ALL_FIELDS, &mut c), Ok(()));
        assert_eq!(c.len(), 12);
        assert_eq!(c[11].field, Field::Target);
        assert!(Field::Pcent.right() && !Field::Target.right());
        assert_eq!(Field::Ipcent.kind(), Kind::Inode);
    }

    #[test]
    fn numbers_and_percentages() {
        let (b, i) = values(&usage(4096, 1000, 250, 200), 1024);
        assert_eq!(b.used, 750);
        assert_eq!(readable(false, b.total, 0, 4096, 1024), b"4000");
        assert_eq!(readable(false, b.used, 0, 4096, 1024), b"3000");
        // 750 / 950 = 78.9%: rounded up.
        assert_eq!(percent(&b), b"79%");
        assert_eq!(i.used, 60);
        assert_eq!(percent(&i), b"60%");
        let (b, _) = values(&usage(4096, 0, 0, 0), 1024);
        assert_eq!(percent(&b), b"-");
        let (b, _) = values(&Usage::UNKNOWN, 1024);
        assert_eq!(readable(false, b.total, 0, b.input_units, 1024), b"-");
        assert_eq!(readable(b.negate_used, b.used, 0, 1, 1024), b"-");
        assert_eq!(percent(&b), b"-");
        // Less available than nothing (reserved blocks in use).
        let (b, _) = values(&usage(1024, 100, 10, 5u64.wrapping_neg()), 1024);
        assert!(b.negate_available);
        assert_eq!(readable(true, b.available, 0, 1024, 1024), b"-5");
        assert_eq!(percent(&b), b"106%");
    }

    #[test]
    fn totals() {
        let mut t = Usage::ZERO_TOTAL;
        let (b, i) = values(&usage(4096, 10, 5, 4), 1024);
        add_to_total(&mut t, &b, &i);
        let (b, i) = values(&usage(512, 10, 10, 3u64.wrapping_neg()), 1024);
        add_to_total(&mut t, &b, &i);
        assert_eq!(t.blocks, 40960 + 5120);
        assert_eq!(t.bfree, 20480 + 5120);
        assert_eq!(t.bavail, 16384 - 1536);
        assert!(!t.bavail_negative);
        assert_eq!((t.files, t.ffree), (200, 80));
        let (b, i) = values(&Usage::UNKNOWN, 1024);
        add_to_total(&mut t, &b, &i);
        assert_eq!(t.blocks, 40960 + 5120);
        let mut t = Usage::ZERO_TOTAL;
        let (b, i) = values(&usage(1, 10, 10, 3u64.wrapping_neg()), 1024);
        add_to_total(&mut t, &b, &i);
        assert!(t.bavail_negative);
        assert_eq!(t.bavail, 3u64.wrapping_neg());
    }

    #[test]
    fn headers() {
        assert_eq!(blocks_header(1024, 0), b"1K-blocks");
        assert_eq!(blocks_header(1000, SI | B), b"1kB-blocks");
        assert_eq!(blocks_header(1 << 20, 0), b"1M-blocks");
        assert_eq!(blocks_header(512, 0), b"512B-blocks");
        assert_eq!(blocks_header(1, 0), b"1B-blocks");
        assert_eq!(blocks_header(1024, SI | B | BASE_1024), b"1KiB-blocks");
        assert_eq!(blocks_header(1000, 0), b"1kB-blocks");
        // Divisible by both: the base that leaves less.
        assert_eq!(blocks_header(1_024_000, 0), b"1.1MB-blocks");
        assert_eq!(blocks_header(1, AUTOSCALE | SI | BASE_1024), b"1-blocks");
    }

    #[test]
    fn uuids_and_cells() {
        assert!(has_uuid_suffix(
            b"/dev/disk/by-uuid/828fc648-9f30-43d8-a0b1-f7196a2edb66"
        ));
        assert!(!has_uuid_suffix(b"828fc648-9f30-43d8-a0b1-f7196a2edb66"));
        let mut c = b"a\nb\x7f".to_vec();
        replace_controls(&mut c);
        assert_eq!(c, b"a?b?");
        assert_eq!(replace_invalid(b"m\xf3unt\t", true), b"m?unt?");
        assert_eq!(replace_invalid(b"\xe9\t", false), b"\xe9?");
        assert_eq!(crate::unicode::mbswidth(b"abc", false), 3);
        assert_eq!(crate::unicode::mbswidth("日本".as_bytes(), true), 4);
        assert_eq!(crate::unicode::mbswidth(b"a\xff", true), 2);
        assert_eq!(align(b"ab", 4, true, false, false).unwrap(), b"  ab");
        assert_eq!(align(b"ab", 4, false, false, false).unwrap(), b"ab  ");
        assert_eq!(align(b"ab", 4, false, true, false).unwrap(), b"ab");
        assert_eq!(
            align("日".as_bytes(), 3, true, false, true).unwrap(),
            " 日".as_bytes()
        );
        assert_eq!(align(b"m\xf3", 3, false, false, true), None);
    }
}
