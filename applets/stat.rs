// corebox applet
// name: stat
// usage: [OPTION]... FILE...
// option: -L, --dereference
// option: -f, --file-system
// option: -c, --format=FORMAT
// option: --printf=FORMAT
// option: -t, --terse
// option: --cached=MODE
// help:
// Display file or file system status.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -L, --dereference     follow links
//   -f, --file-system     display file system status instead of file status
//       --cached=MODE     specify how to use cached attributes;
//                           useful on remote file systems. See MODE below
//   -c  --format=FORMAT   use the specified FORMAT instead of the default;
//                           output a newline after each use of FORMAT
//       --printf=FORMAT   like --format, but interpret backslash escapes,
//                           and do not output a mandatory trailing newline;
//                           if you want a newline, include \n in FORMAT
//   -t, --terse           print the information in terse form
//       --help        display this help and exit
//       --version     output version information and exit
//
// The MODE argument of --cached can be: always, never, or default.
// 'always' will use cached attributes if available, while
// 'never' will try to synchronize with the latest attributes, and
// 'default' will leave it up to the underlying file system.
//
// The valid format sequences for files (without --file-system):
//
//   %a   permission bits in octal (note '#' and '0' printf flags)
//   %A   permission bits and file type in human readable form
//   %b   number of blocks allocated (see %B)
//   %B   the size in bytes of each block reported by %b
//   %C   SELinux security context string
//   %d   device number in decimal (st_dev)
//   %D   device number in hex (st_dev)
//   %Hd  major device number in decimal
//   %Ld  minor device number in decimal
//   %f   raw mode in hex
//   %F   file type
//   %g   group ID of owner
//   %G   group name of owner
//   %h   number of hard links
//   %i   inode number
//   %m   mount point
//   %n   file name
//   %N   quoted file name with dereference if symbolic link
//   %o   optimal I/O transfer size hint
//   %&#115;   total size, in bytes
//   %r   device type in decimal (st_rdev)
//   %R   device type in hex (st_rdev)
//   %Hr  major device type in decimal, for character/block device special files
//   %Lr  minor device type in decimal, for character/block device special files
//   %t   major device type in hex, for character/block device special files
//   %T   minor device type in hex, for character/block device special files
//   %u   user ID of owner
//   %U   user name of owner
//   %w   time of file birth, human-readable; - if unknown
//   %W   time of file birth, seconds since Epoch; 0 if unknown
//   %x   time of last access, human-readable
//   %X   time of last access, seconds since Epoch
//   %y   time of last data modification, human-readable
//   %Y   time of last data modification, seconds since Epoch
//   %z   time of last status change, human-readable
//   %Z   time of last status change, seconds since Epoch
//
// Valid format sequences for file systems:
//
//   %a   free blocks available to non-superuser
//   %b   total data blocks in file system
//   %c   total file nodes in file system
//   %d   free file nodes in file system
//   %f   free blocks in file system
//   %i   file system ID in hex
//   %l   maximum length of filenames
//   %n   file name
//   %&#115;   block size (for faster transfers)
//   %S   fundamental block size (for block counts)
//   %t   file system type in hex
//   %T   file system type in human readable form
//
// --terse is equivalent to the following FORMAT:
//     %n %&#115; %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o %C
// --terse --file-system is equivalent to the following FORMAT:
//     %n %i %l %t %&#115; %S %b %f %a %c %d
//
// NOTE: your shell may have its own version of stat, which usually supersedes
// the version described here.  Please refer to your shell's documentation
// for details about the options it supports.

//! stat: GNU stat.c. Files through statx (the birth time when the kernel
//! has one), file systems through statfs; formats with GNU's printf-like
//! flags, widths and precisions, `%N` quoted as QUOTING_STYLE says, times
//! in the local zone of `logic::tz`, `%m` from the mount table
//! (`logic::mountinfo`).

use super::SPEC;
use crate::shared::clock;
use crate::shared::diag::{quote, quoteaf};
use alloc::vec::Vec;
use logic::float::Spec;
use logic::mountinfo::{major, minor};
use logic::printf::{push_int, push_str};
use logic::quote::Style;
use sys::fs::{Cached, FsStat, Stat};
use sys::io::{error, out};

const TERSE: &[u8] = b"%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o\n";
const TERSE_SELINUX: &[u8] = b"%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o %C\n";
const TERSE_FS: &[u8] = b"%n %i %l %t %s %S %b %f %a %c %d\n";
const FS_FORMAT: &[u8] = b"  File: \"%n\"\n    ID: %-8i Namelen: %-7l Type: %T\n\
Block size: %-10s Fundamental block size: %S\n\
Blocks: Total: %-10b Free: %-10f Available: %a\n\
Inodes: Total: %-10c Free: %d\n";
const HEAD: &[u8] = b"  File: %N\n  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\n";
const DEVICE: &[u8] = b"Device: %Hd,%Ld\tInode: %-10i  Links: %-5h Device type: %Hr,%Lr\n";
const PLAIN: &[u8] = b"Device: %Hd,%Ld\tInode: %-10i  Links: %h\n";
const ACCESS: &[u8] = b"Access: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\n";
const TIMES: &[u8] = b"Access: %x\nModify: %y\nChange: %z\n Birth: %w\n";

/// printf flags GNU's stat accepts in a directive.
const FLAGS: &[u8] = b"'-+ #0I";

struct Config {
    follow: bool,
    fs: bool,
    terse: bool,
    format: Option<&'static [u8]>,
    escapes: bool,
    trailing: &'static [u8],
    cached: Cached,
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        follow: false,
        fs: false,
        terse: false,
        format: None,
        escapes: false,
        trailing: b"",
        cached: Cached::Default,
    };
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        let arg = o.arg.unwrap_or(b"");
        match o.key {
            'L' => c.follow = true,
            'f' => c.fs = true,
            't' => c.terse = true,
            'c' => (c.format, c.escapes, c.trailing) = (Some(arg), false, b"\n"),
            super::opt::PRINTF => (c.format, c.escapes, c.trailing) = (Some(arg), true, b""),
            _ => {
                let words: [(&[u8], Cached); 3] = [
                    (b"default", Cached::Default),
                    (b"never", Cached::Never),
                    (b"always", Cached::Always),
                ];
                c.cached = crate::shared::cli::choice(&SPEC, b"--cached", arg, &words);
            }
        }
    }
    let files = opts.operands();
    if files.is_empty() {
        crate::shared::cli::missing_operand(&SPEC);
    }
    (c, files)
}

/// GNU's default formats: (for most files, for block and character
/// devices).
fn default_formats(c: &Config) -> (Vec<u8>, Vec<u8>) {
    let selinux = sys::selinux::enabled();
    if c.fs {
        let f = if c.terse { TERSE_FS } else { FS_FORMAT };
        return (f.to_vec(), f.to_vec());
    }
    if c.terse {
        let f = if selinux { TERSE_SELINUX } else { TERSE };
        return (f.to_vec(), f.to_vec());
    }
    let build = |line: &[u8]| {
        let mut f = [HEAD, line, ACCESS].concat();
        if selinux {
            f.extend_from_slice(b"Context: %C\n");
        }
        f.extend_from_slice(TIMES);
        f
    };
    (build(PLAIN), build(DEVICE))
}

/// GNU's format_code_offset: the length of `%`, flags, width and
/// precision at the start of `d`.
fn code_len(d: &[u8]) -> usize {
    let mut i = 1;
    while d.get(i).is_some_and(|c| FLAGS.contains(c)) {
        i += 1;
    }
    while d.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    if d.get(i) == Some(&b'.') {
        i += 1;
        while d.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
    }
    i
}

/// The statx mask a format needs (GNU's format_to_mask).
fn mask_of(format: &[u8]) -> u32 {
    let mut mask = 0;
    let mut i = 0;
    while i < format.len() {
        if format[i] == b'%' {
            i += code_len(&format[i..]);
            let Some(&c) = format.get(i) else { break };
            mask |= match c {
                b'N' | b'd' | b'D' | b'a' | b'A' | b't' | b'T' => 0x2,
                b'f' => 0x3,
                b'F' => 0x1,
                b'i' => 0x100,
                b'h' => 0x4,
                b'u' | b'U' => 0x8,
                b'g' | b'G' => 0x10,
                b'm' => 0x102,
                b's' => 0x200,
                b'b' => 0x400,
                b'w' | b'W' => 0x800,
                b'x' | b'X' => 0x20,
                b'y' | b'Y' => 0x40,
                b'z' | b'Z' => 0x80,
                _ => 0,
            };
        }
        i += 1;
    }
    mask
}

fn number(s: &[u8]) -> usize {
    s.iter()
        .take_while(|c| c.is_ascii_digit())
        .fold(0usize, |n, &d| {
            n.saturating_mul(10).saturating_add((d - b'0') as usize)
        })
}

/// A directive's flags, width and precision as printf reads them,
/// keeping only the flags in `allowed` (GNU's make_format), for `conv`.
fn spec_of(prefix: &[u8], allowed: &[u8], conv: u8) -> Spec {
    let mut s = Spec::plain(conv);
    let mut i = 1;
    while let Some(&c) = prefix.get(i).filter(|c| FLAGS.contains(c)) {
        if allowed.contains(&c) {
            match c {
                b'-' => s.left = true,
                b'+' => s.plus = true,
                b' ' => s.space = true,
                b'#' => s.alt = true,
                b'0' => s.zero = true,
                _ => {}
            }
        }
        i += 1;
    }
    s.width = number(&prefix[i..]);
    if let Some(dot) = prefix[i..].iter().position(|&c| c == b'.') {
        s.precision = Some(number(&prefix[i + dot + 1..]));
    }
    s
}

/// What one run shares between files: the zone, the user and group
/// names, the mount table, the quoting of `%N`.
struct Run {
    c: Config,
    quoting: Style,
    utf8: bool,
    tz: Option<logic::tz::Tz>,
    users: sys::user::Db,
    mounts: Option<Vec<logic::mountinfo::Mount>>,
    buf: Vec<u8>,
}

/// The file a directive describes.
enum Subject<'a> {
    File {
        name: &'a [u8],
        st: &'a Stat,
        birth: Option<(i64, u32)>,
    },
    Fs {
        name: &'a [u8],
        fs: &'a FsStat,
    },
}

impl Run {
    fn text(&mut self, prefix: &[u8], s: &[u8]) {
        push_str(&mut self.buf, s, &spec_of(prefix, b"-", b's'));
    }
    fn int(&mut self, prefix: &[u8], v: i64) {
        let spec = spec_of(prefix, b"'-+ 0", b'd');
        push_int(&mut self.buf, v < 0, v.unsigned_abs(), &spec);
    }
    fn uint(&mut self, prefix: &[u8], v: u64) {
        push_int(&mut self.buf, false, v, &spec_of(prefix, b"'-0", b'u'));
    }
    fn octal(&mut self, prefix: &[u8], v: u64) {
        push_int(&mut self.buf, false, v, &spec_of(prefix, b"-#0", b'o'));
    }
    fn hex(&mut self, prefix: &[u8], v: u64) {
        push_int(&mut self.buf, false, v, &spec_of(prefix, b"-#0", b'x'));
    }

    /// GNU's human_time: `%Y-%m-%d %H:%M:%S.%N %z` in the local zone, or
    /// the seconds when the year does not fit.
    fn human_time(&mut self, (secs, nsec): (i64, u32)) -> Vec<u8> {
        let tz = self
            .tz
            .get_or_insert_with(|| clock::zone(sys::env::var(b"TZ")));
        let mut s = Vec::new();
        match tz.localtime(secs) {
            Some(tm) => {
                logic::strftime::strftime(&mut s, b"%Y-%m-%d %H:%M:%S.%N %z", &tm, secs, nsec)
            }
            None => {
                if secs < 0 {
                    s.push(b'-');
                }
                logic::digits::push_u64(&mut s, secs.unsigned_abs());
                let mut frac = [b'0'; 10];
                frac[0] = b'.';
                let mut n = nsec;
                for d in frac[1..].iter_mut().rev() {
                    *d = b'0' + (n % 10) as u8;
                    n /= 10;
                }
                s.extend_from_slice(&frac);
            }
        }
        s
    }

    /// GNU's out_epoch_sec: seconds since the epoch as printf's `%f`
    /// would show them with the directive's width and precision.
    fn epoch(&mut self, prefix: &[u8], (mut secs, nsec): (i64, u32)) {
        let mut sec_prefix = prefix.to_vec();
        let mut width = 0usize;
        let mut precision = 0usize;
        if let Some(dot) = prefix.iter().position(|&c| c == b'.') {
            sec_prefix.truncate(dot);
            precision = if prefix.get(dot + 1).is_some_and(u8::is_ascii_digit) {
                number(&prefix[dot + 1..]).min(i32::MAX as usize)
            } else {
                9
            };
            if precision > 0 && prefix[dot - 1].is_ascii_digit() {
                let mut p = dot;
                while prefix[p - 1].is_ascii_digit() {
                    p -= 1;
                }
                width = number(&prefix[p..dot]).min(i32::MAX as usize);
                if width > 1 {
                    p += usize::from(prefix[p] == b'0');
                    sec_prefix.truncate(p);
                    let w_d = width - 1;
                    if w_d > 1 && w_d > precision + 1 {
                        let left = sec_prefix.contains(&b'-');
                        sec_prefix.retain(|&c| c != b'-');
                        if !left {
                            logic::digits::push_u64(&mut sec_prefix, (w_d - precision) as u64);
                        }
                    }
                }
            }
        }
        let divisor = 10u32.pow(9 - precision.min(9) as u32);
        let mut frac = nsec / divisor;
        let start = self.buf.len();
        let spec = spec_of(&sec_prefix, b"'-+ 0", b'd');
        if secs < 0 && nsec != 0 {
            let modulus = 1_000_000_000 / divisor;
            frac = modulus - frac - u32::from(nsec % divisor != 0);
            secs += i64::from(frac != 0);
            if secs == 0 {
                // printf's "%.0f" of -0.25: a minus zero.
                push_int(&mut self.buf, true, 0, &spec);
            } else {
                push_int(&mut self.buf, true, secs.unsigned_abs(), &spec);
            }
        } else {
            push_int(&mut self.buf, secs < 0, secs.unsigned_abs(), &spec);
        }
        if precision > 0 {
            let ilen = self.buf.len() - start;
            let prec = precision.min(9);
            self.buf.push(b'.');
            let digits = alloc::format!("{frac:0prec$}");
            self.buf.extend_from_slice(digits.as_bytes());
            let trailing = precision - prec;
            let tw = if ilen < width && 1 < width - ilen {
                (width - ilen - 1) as i64 - prec as i64
            } else {
                0
            };
            self.buf.resize(self.buf.len() + trailing, b'0');
            let pad = (tw.unsigned_abs() as usize).saturating_sub(trailing);
            self.buf.resize(self.buf.len() + pad, b' ');
        }
    }
}

/// gnulib's file_type for the types Linux has.
fn file_type(st: &Stat) -> &'static [u8] {
    match st.mode & sys::fs::S_IFMT {
        sys::fs::S_IFREG if st.size == 0 => b"regular empty file",
        sys::fs::S_IFREG => b"regular file",
        sys::fs::S_IFDIR => b"directory",
        sys::fs::S_IFLNK => b"symbolic link",
        sys::fs::S_IFBLK => b"block special file",
        sys::fs::S_IFCHR => b"character special file",
        sys::fs::S_IFIFO => b"fifo",
        sys::fs::S_IFSOCK => b"socket",
        _ => b"weird file",
    }
}

/// GNU 9.1's names of file system magic numbers (human_fstype).
const FS_NAMES: &[(u32, &str)] = &[
    (0x5A3C69F0, "aafs"),
    (0x61636673, "acfs"),
    (0xADF5, "adfs"),
    (0xADFF, "affs"),
    (0x5346414F, "afs"),
    (0x09041934, "anon-inode FS"),
    (0x61756673, "aufs"),
    (0x0187, "autofs"),
    (0x13661366, "balloon-kvm-fs"),
    (0x42465331, "befs"),
    (0x1BADFACE, "bfs"),
    (0x6C6F6F70, "binderfs"),
    (0xCAFE4A11, "bpf_fs"),
    (0x42494E4D, "binfmt_misc"),
    (0x9123683E, "btrfs"),
    (0x73727279, "btrfs_test"),
    (0x00C36400, "ceph"),
    (0x0027E0EB, "cgroupfs"),
    (0x63677270, "cgroup2fs"),
    (0xFF534D42, "cifs"),
    (0x73757245, "coda"),
    (0x012FF7B7, "coh"),
    (0x62656570, "configfs"),
    (0x28CD3D45, "cramfs"),
    (0x453DCD28, "cramfs-wend"),
    (0x64646178, "daxfs"),
    (0x64626720, "debugfs"),
    (0x1373, "devfs"),
    (0x454D444D, "devmem"),
    (0x1CD1, "devpts"),
    (0x444D4142, "dma-buf-fs"),
    (0xF15F, "ecryptfs"),
    (0xDE5E81E4, "efivarfs"),
    (0x00414A53, "efs"),
    (0xE0F5E1E2, "erofs"),
    (0x2011BAB0, "exfat"),
    (0x5DF5, "exofs"),
    (0x137D, "ext"),
    (0xEF53, "ext2/ext3"),
    (0xEF51, "ext2"),
    (0xF2F52010, "f2fs"),
    (0x4006, "fat"),
    (0x19830326, "fhgfs"),
    (0x65735546, "fuseblk"),
    (0x65735543, "fusectl"),
    (0x0BAD1DEA, "futexfs"),
    (0x01161970, "gfs/gfs2"),
    (0x47504653, "gpfs"),
    (0x4244, "hfs"),
    (0x482B, "hfs+"),
    (0x4858, "hfsx"),
    (0x00C0FFEE, "hostfs"),
    (0xF995E849, "hpfs"),
    (0x958458F6, "hugetlbfs"),
    (0x11307854, "inodefs"),
    (0x013111A8, "ibrix"),
    (0x2BAD1DEA, "inotifyfs"),
    (0x9660, "isofs"),
    (0x4004, "isofs"),
    (0x4000, "isofs"),
    (0x07C0, "jffs"),
    (0x72B6, "jffs2"),
    (0x3153464A, "jfs"),
    (0x6B414653, "k-afs"),
    (0xC97E8168, "logfs"),
    (0x0BD00BD0, "lustre"),
    (0x5346314D, "m1fs"),
    (0x137F, "minix"),
    (0x138F, "minix (30 char.)"),
    (0x2468, "minix v2"),
    (0x2478, "minix v2 (30 char.)"),
    (0x4D5A, "minix3"),
    (0x19800202, "mqueue"),
    (0x4D44, "msdos"),
    (0x564C, "novell"),
    (0x6969, "nfs"),
    (0x6E667364, "nfsd"),
    (0x3434, "nilfs"),
    (0x6E736673, "nsfs"),
    (0x5346544E, "ntfs"),
    (0x9FA1, "openprom"),
    (0x7461636F, "ocfs2"),
    (0x794C7630, "overlayfs"),
    (0xAAD7AAEA, "panfs"),
    (0x50495045, "pipefs"),
    (0xC7571590, "ppc-cmm-fs"),
    (0x7C7C6673, "prl_fs"),
    (0x9FA0, "proc"),
    (0x6165676C, "pstorefs"),
    (0x002F, "qnx4"),
    (0x68191122, "qnx6"),
    (0x858458F6, "ramfs"),
    (0x07655821, "rdt"),
    (0x52654973, "reiserfs"),
    (0x7275, "romfs"),
    (0x67596969, "rpc_pipefs"),
    (0x5DCA2DF5, "sdcardfs"),
    (0x5345434D, "secretmem"),
    (0x73636673, "securityfs"),
    (0xF97CFF8C, "selinux"),
    (0x43415D53, "smackfs"),
    (0x517B, "smb"),
    (0xFE534D42, "smb2"),
    (0xBEEFDEAD, "snfs"),
    (0x534F434B, "sockfs"),
    (0x73717368, "squashfs"),
    (0x62656572, "sysfs"),
    (0x012FF7B6, "sysv2"),
    (0x012FF7B5, "sysv4"),
    (0x01021994, "tmpfs"),
    (0x74726163, "tracefs"),
    (0x24051905, "ubifs"),
    (0x15013346, "udf"),
    (0x00011954, "ufs"),
    (0x54190100, "ufs"),
    (0x9FA2, "usbdevfs"),
    (0x01021997, "v9fs"),
    (0x786F4256, "vboxsf"),
    (0xBACBACBC, "vmhgfs"),
    (0xA501FCF5, "vxfs"),
    (0x565A4653, "vzfs"),
    (0x53464846, "wslfs"),
    (0xABBA1974, "xenfs"),
    (0x012FF7B4, "xenix"),
    (0x58465342, "xfs"),
    (0x012FD16D, "xia"),
    (0x0033, "z3fold"),
    (0x2FC12FC1, "zfs"),
    (0x5A4F4653, "zonefs"),
    (0x58295829, "zsmallocfs"),
];

/// The name of a file system type, or GNU's `UNKNOWN (0x...)`.
fn fs_name(kind: u64) -> Vec<u8> {
    match FS_NAMES.iter().find(|&&(m, _)| u64::from(m) == kind) {
        Some((_, n)) => n.as_bytes().to_vec(),
        None => alloc::format!("UNKNOWN (0x{kind:x})").into_bytes(),
    }
}

impl Run {
    /// One directive `conv` (with modifier `H`/`L` as `modi`) of a file.
    fn file_directive(&mut self, prefix: &[u8], modi: u8, conv: u8, s: &Subject) -> bool {
        let Subject::File { name, st, birth } = *s else {
            return true;
        };
        let dev_part = |d: u64| match modi {
            b'H' => major(d),
            b'L' => minor(d),
            _ => d,
        };
        match conv {
            b'n' => self.text(prefix, name),
            b'N' => return self.quoted_name(prefix, name, st),
            b'd' => self.uint(prefix, dev_part(st.dev)),
            b'D' => self.hex(prefix, st.dev),
            b'i' => self.uint(prefix, st.ino),
            b'a' => self.octal(prefix, u64::from(st.mode & 0o7777)),
            b'A' => self.text(prefix, &logic::mode::strmode(st.mode)),
            b'f' => self.hex(prefix, u64::from(st.mode)),
            b'F' => self.text(prefix, file_type(st)),
            b'h' => self.uint(prefix, st.nlink),
            b'u' => self.uint(prefix, u64::from(st.uid)),
            b'U' => {
                let n = self.users.user_name_opt(st.uid);
                self.text(prefix, n.as_deref().unwrap_or(b"UNKNOWN"));
            }
            b'g' => self.uint(prefix, u64::from(st.gid)),
            b'G' => {
                let n = self.users.group_name_opt(st.gid);
                self.text(prefix, n.as_deref().unwrap_or(b"UNKNOWN"));
            }
            b'm' => return self.mount_point(prefix, name, st),
            b's' => self.int(prefix, st.size),
            b'r' => self.uint(prefix, dev_part(st.rdev)),
            b'R' => self.hex(prefix, st.rdev),
            b't' => self.hex(prefix, major(st.rdev)),
            b'T' => self.hex(prefix, minor(st.rdev)),
            b'B' => self.uint(prefix, 512),
            b'b' => self.uint(prefix, st.blocks),
            b'o' => self.uint(prefix, st.blksize),
            b'w' => match birth {
                Some(t) => {
                    let h = self.human_time(t);
                    self.text(prefix, &h);
                }
                None => self.text(prefix, b"-"),
            },
            b'W' => self.epoch(prefix, birth.unwrap_or((0, 0))),
            b'x' | b'y' | b'z' => {
                let t = match conv {
                    b'x' => (st.atime, st.atime_nsec),
                    b'y' => (st.mtime, st.mtime_nsec),
                    _ => (st.ctime, st.ctime_nsec),
                };
                let h = self.human_time(t);
                self.text(prefix, &h);
            }
            b'X' => self.epoch(prefix, (st.atime, st.atime_nsec)),
            b'Y' => self.epoch(prefix, (st.mtime, st.mtime_nsec)),
            b'Z' => self.epoch(prefix, (st.ctime, st.ctime_nsec)),
            b'C' => return self.context(prefix, name),
            _ => self.buf.push(b'?'),
        }
        true
    }

    /// One directive of a file system (`-f`).
    fn fs_directive(&mut self, prefix: &[u8], conv: u8, s: &Subject) {
        let Subject::Fs { name, fs } = *s else {
            return;
        };
        match conv {
            b'n' => self.text(prefix, name),
            // The two words of f_fsid, the first one high (glibc's order).
            b'i' => self.hex(prefix, u64::from(fs.fsid[0]) << 32 | u64::from(fs.fsid[1])),
            b'l' => self.uint(prefix, fs.namelen),
            b't' => self.hex(prefix, fs.kind),
            b'T' => {
                let n = fs_name(fs.kind & 0xffff_ffff);
                self.text(prefix, &n);
            }
            b'b' => self.int(prefix, fs.blocks as i64),
            b'f' => self.int(prefix, fs.bfree as i64),
            b'a' => self.int(prefix, fs.bavail as i64),
            b's' => self.uint(prefix, fs.bsize),
            b'S' => self.uint(prefix, if fs.frsize != 0 { fs.frsize } else { fs.bsize }),
            b'c' => self.uint(prefix, fs.files),
            b'd' => self.int(prefix, fs.ffree as i64),
            _ => self.buf.push(b'?'),
        }
    }

    /// `%N`: the quoted name, and ` -> ` and the quoted target of a link.
    fn quoted_name(&mut self, prefix: &[u8], name: &[u8], st: &Stat) -> bool {
        let q = logic::quote::quote_as(name, self.quoting, self.utf8);
        self.text(prefix, &q);
        if st.mode & sys::fs::S_IFMT == sys::fs::S_IFLNK {
            match sys::fs::readlink(name) {
                Ok(target) => {
                    self.buf.extend_from_slice(b" -> ");
                    let q = logic::quote::quote_as(&target, self.quoting, self.utf8);
                    self.text(prefix, &q);
                }
                Err(e) => {
                    error(&[b"cannot read symbolic link ", &quoteaf(name)], Some(e));
                    return false;
                }
            }
        }
        true
    }

    /// `%C`: the SELinux context from the file's xattr, `?` when none.
    fn context(&mut self, prefix: &[u8], name: &[u8]) -> bool {
        let r = sys::selinux::get_label(sys::io::Fd::CWD, name, self.c.follow)
            .and_then(|l| l.ok_or(sys::Errno::NODATA));
        let mut spec = spec_of(prefix, FLAGS, b's');
        spec.zero = false;
        match r {
            Ok(ctx) => {
                push_str(&mut self.buf, &ctx, &spec);
                true
            }
            Err(e) => {
                error(
                    &[b"failed to get security context of ", &quoteaf(name)],
                    Some(e),
                );
                push_str(&mut self.buf, b"?", &spec);
                false
            }
        }
    }
}

impl Run {
    /// GNU's find_bind_mount: a dummy mount at `dir` whose source is a
    /// path naming the same directory.
    fn bind_source(&mut self, dir: &[u8]) -> Option<Vec<u8>> {
        let mounts = self
            .mounts
            .get_or_insert_with(|| match crate::shared::mounts::read_table() {
                Ok(m) => m,
                Err(e) => {
                    error(&[b"cannot read table of mounted file systems"], Some(e));
                    Vec::new()
                }
            });
        let st = sys::fs::stat(dir).ok()?;
        mounts
            .iter()
            .filter(|m| m.dummy && m.source.first() == Some(&b'/') && m.target == dir)
            .find(|m| sys::fs::stat(&m.source).is_ok_and(|d| d.same_file(&st)))
            .map(|m| m.source.clone())
    }

    /// `%m`: GNU's out_mount_point.
    fn mount_point(&mut self, prefix: &[u8], name: &[u8], st: &Stat) -> bool {
        use crate::shared::canon::{canonicalize, Need};
        let is_link = st.mode & sys::fs::S_IFMT == sys::fs::S_IFLNK;
        if self.c.follow || !is_link {
            match canonicalize(name, Need::All, false) {
                Ok(r) => {
                    if let Some(b) = self.bind_source(&r) {
                        self.text(prefix, &b);
                        return true;
                    }
                }
                Err(e) => {
                    error(&[b"failed to canonicalize ", &quoteaf(name)], Some(e));
                    self.text(prefix, b"?");
                    return false;
                }
            }
        }
        match crate::shared::mounts::find_mount_point(name, st) {
            Some(mp) => {
                let shown = self.bind_source(&mp).unwrap_or(mp);
                self.text(prefix, &shown);
                true
            }
            None => {
                self.text(prefix, b"?");
                false
            }
        }
    }

    /// GNU's print_it: the format for one file, then the trailing newline
    /// of `-c`; false when a directive failed.
    fn print_it(&mut self, format: &[u8], s: &Subject) -> bool {
        let mut ok = true;
        let mut i = 0;
        while i < format.len() {
            match format[i] {
                b'%' => {
                    let len = code_len(&format[i..]);
                    let prefix = &format[i..i + len];
                    i += len;
                    let conv = format.get(i).copied();
                    match conv {
                        None | Some(b'%') => {
                            if len > 1 {
                                let mut d = prefix.to_vec();
                                d.extend(conv);
                                self.flush();
                                crate::shared::diag::die(
                                    &[&quote(&d), b": invalid directive"],
                                    None,
                                );
                            }
                            self.buf.push(b'%');
                            if conv.is_none() {
                                break;
                            }
                        }
                        Some(c) => {
                            let mut modi = 0;
                            let mut conv = c;
                            let file = matches!(s, Subject::File { .. });
                            if matches!(c, b'H' | b'L')
                                && file
                                && matches!(format.get(i + 1), Some(b'd' | b'r'))
                            {
                                modi = c;
                                i += 1;
                                conv = format[i];
                            }
                            if file {
                                ok &= self.file_directive(prefix, modi, conv, s);
                            } else {
                                self.fs_directive(prefix, conv, s);
                            }
                        }
                    }
                }
                b'\\' if self.c.escapes => i = self.escape(format, i),
                b => self.buf.push(b),
            }
            i += 1;
        }
        let t = self.c.trailing;
        self.buf.extend_from_slice(t);
        self.flush();
        ok
    }

    /// A backslash escape of `--printf` at `format[i]`; returns the index
    /// of its last byte.
    fn escape(&mut self, format: &[u8], mut i: usize) -> usize {
        i += 1;
        let Some(&c) = format.get(i) else {
            self.flush();
            error(&[b"warning: backslash at end of format"], None);
            self.buf.push(b'\\');
            return i - 1;
        };
        let hex = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
        match c {
            b'0'..=b'7' => {
                let mut v = c - b'0';
                let mut n = 1;
                while n < 3 && format.get(i + 1).is_some_and(|d| (b'0'..=b'7').contains(d)) {
                    i += 1;
                    v = v.wrapping_mul(8).wrapping_add(format[i] - b'0');
                    n += 1;
                }
                self.buf.push(v);
            }
            b'x' if format.get(i + 1).and_then(|&d| hex(d)).is_some() => {
                i += 1;
                let mut v = hex(format[i]).unwrap_or(0);
                if let Some(d) = format.get(i + 1).and_then(|&d| hex(d)) {
                    i += 1;
                    v = v * 16 + d;
                }
                self.buf.push(v);
            }
            _ => {
                let e = logic::escape::simple(c).unwrap_or_else(|| {
                    self.flush();
                    error(&[b"warning: unrecognized escape '\\", &[c], b"'"], None);
                    c
                });
                self.buf.push(e);
            }
        }
        i
    }

    /// Writes what is buffered (before a diagnostic, as GNU's stdio
    /// would have it interleaved on a terminal).
    fn flush(&mut self) {
        out().write(&self.buf);
        self.buf.clear();
    }

    fn stat_file(&mut self, name: &[u8], format: &[u8], device_format: &[u8]) -> bool {
        let path = (name != b"-").then_some(name);
        let (st, birth) =
            match sys::fs::statx_as(path, self.c.follow, self.c.cached, mask_of(format)) {
                Ok(r) => r,
                Err(e) => {
                    match path {
                        None => error(&[b"cannot stat standard input"], Some(e)),
                        Some(p) => error(&[b"cannot statx ", &quoteaf(p)], Some(e)),
                    }
                    return false;
                }
            };
        let kind = st.mode & sys::fs::S_IFMT;
        let f = if kind == sys::fs::S_IFBLK || kind == sys::fs::S_IFCHR {
            device_format
        } else {
            format
        };
        self.print_it(
            f,
            &Subject::File {
                name,
                st: &st,
                birth,
            },
        )
    }

    fn stat_fs(&mut self, name: &[u8], format: &[u8]) -> bool {
        if name == b"-" {
            let msg: &[&[u8]] = &[
                b"using ",
                &quoteaf(name),
                b" to denote standard input does not work in file system mode",
            ];
            error(msg, None);
            return false;
        }
        match sys::fs::statfs(name) {
            Ok(fs) => self.print_it(format, &Subject::Fs { name, fs: &fs }),
            Err(e) => {
                error(
                    &[b"cannot read file system information for ", &quoteaf(name)],
                    Some(e),
                );
                false
            }
        }
    }
}

/// GNU's getenv_quoting_style: QUOTING_STYLE, else shell-escape-always.
fn quoting_style() -> Style {
    crate::shared::diag::env_quoting_style().unwrap_or(Style::ShellEscapeAlways)
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (c, files) = parse(args);
    let (format, device_format, quoting) = match c.format {
        Some(f) => {
            let q = if f.windows(2).any(|w| w == b"%N") {
                quoting_style()
            } else {
                Style::Literal
            };
            (f.to_vec(), f.to_vec(), q)
        }
        None => {
            let (a, b) = default_formats(&c);
            (a, b, Style::Literal)
        }
    };
    let mut run = Run {
        c,
        quoting,
        utf8: sys::env::utf8_locale(),
        tz: None,
        users: sys::user::Db::default(),
        mounts: None,
        buf: Vec::new(),
    };
    let mut ok = true;
    for f in files {
        ok &= if run.c.fs {
            run.stat_fs(f, &format)
        } else {
            run.stat_file(f, &format, &device_format)
        };
    }
    if ok {
        0
    } else {
        1
    }
}
