//! The pure parts of GNU ls: the `LS_COLORS` variable (parse_ls_color and
//! its get_funky_string escapes) with ls's built-in colors, and the
//! fitting of names into columns (calculate_columns).

use alloc::vec::Vec;

/// The two-letter names of the indicators, in GNU's order (indicator_name).
pub const NAMES: [&[u8; 2]; 24] = [
    b"lc", b"rc", b"ec", b"rs", b"no", b"fi", b"di", b"ln", b"pi", b"so", b"bd", b"cd", b"mi",
    b"or", b"ex", b"do", b"su", b"sg", b"st", b"ow", b"tw", b"ca", b"mh", b"cl",
];

/// The indicators, indexes into [`Colors::ind`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(usize)]
pub enum Ind {
    Left,
    Right,
    End,
    Reset,
    Norm,
    File,
    Dir,
    Link,
    Fifo,
    Sock,
    Blk,
    Chr,
    Missing,
    Orphan,
    Exec,
    Door,
    Setuid,
    Setgid,
    Sticky,
    OtherWritable,
    StickyOtherWritable,
    Cap,
    MultiHardlink,
    ClrToEol,
}

/// ls's colors: each indicator's sequence (None: not set, which differs
/// from set to nothing) and the `*SUFFIX` entries, the latest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colors {
    pub ind: [Option<Vec<u8>>; 24],
    pub ext: Vec<(Vec<u8>, Vec<u8>)>,
}

impl Default for Colors {
    /// GNU ls's built-in colors (used when LS_COLORS is unset or empty).
    fn default() -> Colors {
        let built_in: [Option<&[u8]>; 24] = [
            Some(b"\x1b["),
            Some(b"m"),
            None,
            Some(b"0"),
            None,
            None,
            Some(b"01;34"),
            Some(b"01;36"),
            Some(b"33"),
            Some(b"01;35"),
            Some(b"01;33"),
            Some(b"01;33"),
            None,
            None,
            Some(b"01;32"),
            Some(b"01;35"),
            Some(b"37;41"),
            Some(b"30;43"),
            Some(b"37;44"),
            Some(b"34;42"),
            Some(b"30;42"),
            None,
            None,
            Some(b"\x1b[K"),
        ];
        Colors {
            ind: built_in.map(|s| s.map(Vec::from)),
            ext: Vec::new(),
        }
    }
}

impl Colors {
    /// The sequence of an indicator, if set.
    pub fn get(&self, i: Ind) -> Option<&[u8]> {
        self.ind[i as usize].as_deref()
    }

    /// GNU's is_colored: set to something other than nothing, `0` or `00`.
    pub fn is_colored(&self, i: Ind) -> bool {
        !matches!(self.get(i), None | Some(b"" | b"0" | b"00"))
    }

    /// The sequence of the latest `*SUFFIX` entry that ends `name`,
    /// letters compared without case (c_strncasecmp).
    pub fn for_suffix(&self, name: &[u8]) -> Option<&[u8]> {
        self.ext
            .iter()
            .find(|(e, _)| {
                e.len() <= name.len() && name[name.len() - e.len()..].eq_ignore_ascii_case(e)
            })
            .map(|(_, s)| &s[..])
    }
}

/// How parsing LS_COLORS failed: at a label that names no indicator or
/// whose value is bad (GNU's `unrecognized prefix` comes first then), or
/// elsewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorError {
    UnknownLabel([u8; 2]),
    Unparsable,
}

/// get_funky_string: the value at the start of `s` up to `:` or the end
/// (or an unescaped `=` when `equals_end`), with its `\` and `^` escapes
/// decoded; the bytes and how much of `s` they took, None on a bad escape.
fn funky(s: &[u8], equals_end: bool) -> Option<(Vec<u8>, usize)> {
    let at = |i: usize| s.get(i).copied().unwrap_or(0);
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        match at(i) {
            b':' | 0 => return Some((out, i)),
            b'=' if equals_end => return Some((out, i)),
            b'\\' => {
                i += 1;
                let c = at(i);
                i += 1;
                let byte = match c {
                    b'0'..=b'7' => {
                        let mut n = c - b'0';
                        while let d @ b'0'..=b'7' = at(i) {
                            n = n.wrapping_shl(3).wrapping_add(d - b'0');
                            i += 1;
                        }
                        n
                    }
                    b'x' | b'X' => {
                        let mut n = 0u8;
                        while let Some(d) = (at(i) as char).to_digit(16) {
                            n = n.wrapping_shl(4).wrapping_add(d as u8);
                            i += 1;
                        }
                        n
                    }
                    b'a' => 7,
                    b'b' => 8,
                    b'e' => 27,
                    b'f' => 12,
                    b'n' => b'\n',
                    b'r' => b'\r',
                    b't' => b'\t',
                    b'v' => 11,
                    b'?' => 127,
                    b'_' => b' ',
                    0 => return None,
                    c => c,
                };
                out.push(byte);
            }
            b'^' => {
                i += 1;
                match at(i) {
                    c @ b'@'..=b'~' => out.push(c & 0o37),
                    b'?' => out.push(127),
                    _ => return None,
                }
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
}

/// parse_ls_color over the built-in colors: the colors as far as `spec`
/// could be read, and whether all of it could.
pub fn parse(spec: &[u8]) -> (Colors, Result<(), ColorError>) {
    let mut c = Colors::default();
    let mut p = 0;
    let at = |i: usize| spec.get(i).copied().unwrap_or(0);
    let result = loop {
        match at(p) {
            b':' => p += 1,
            0 => break Ok(()),
            b'*' => {
                let Some((ext, n)) = funky(&spec[p + 1..], true) else {
                    break Err(ColorError::Unparsable);
                };
                p += 1 + n;
                if at(p) != b'=' {
                    break Err(ColorError::Unparsable);
                }
                let Some((seq, n)) = funky(&spec[p + 1..], false) else {
                    break Err(ColorError::Unparsable);
                };
                p += 1 + n;
                c.ext.insert(0, (ext, seq));
            }
            l0 => {
                let l1 = at(p + 1);
                if l1 == 0 || at(p + 2) != b'=' {
                    break Err(ColorError::Unparsable);
                }
                let label = [l0, l1];
                let Some(k) = NAMES.iter().position(|n| **n == label) else {
                    break Err(ColorError::UnknownLabel(label));
                };
                // GNU says `unrecognized prefix` for a bad value too.
                let Some((seq, n)) = funky(&spec[p + 3..], false) else {
                    break Err(ColorError::UnknownLabel(label));
                };
                c.ind[k] = Some(seq);
                p += 3 + n;
            }
        }
    };
    (c, result)
}

/// GNU's calculate_columns: how many columns (at most `max_idx`, the
/// line length over 3 rounded up, when not 0) the entries of display
/// widths `widths` fit in a line of `line_length` columns, listed down
/// the columns (`by_columns`) or across; with the width of each column
/// (the last one's without the two separating spaces).
pub fn columns(
    widths: &[usize],
    by_columns: bool,
    line_length: usize,
    max_idx: usize,
) -> (usize, Vec<usize>) {
    const MIN_COLUMN_WIDTH: usize = 3;
    let n = widths.len();
    let max_cols = if max_idx > 0 && max_idx < n {
        max_idx
    } else {
        n
    };
    let mut col = Vec::with_capacity(max_cols);
    for cols in (1..=max_cols).rev() {
        let i = cols - 1;
        col.clear();
        col.resize(cols, MIN_COLUMN_WIDTH);
        let mut line_len = cols * MIN_COLUMN_WIDTH;
        let rows = n.div_ceil(cols).max(1);
        let mut valid = true;
        for (k, &w) in widths.iter().enumerate() {
            let idx = if by_columns { k / rows } else { k % cols };
            let real = w + if idx == i { 0 } else { 2 };
            if col[idx] < real {
                line_len += real - col[idx];
                col[idx] = real;
                valid = line_len < line_length;
                if !valid {
                    break;
                }
            }
        }
        if valid || cols == 1 {
            return (cols, col);
        }
    }
    (1, alloc::vec![MIN_COLUMN_WIDTH])
}

/// GNU's dircolors database (dircolors.hin): what `dircolors -p` prints, and
/// whose `TERM` lines name the terminals ls colors for by default.
pub const DATABASE: &[u8] = br#"# Configuration file for dircolors, a utility to help you set the
# LS_COLORS environment variable used by GNU ls with the --color option.
# Copyright (C) 1996-2022 Free Software Foundation, Inc.
# Copying and distribution of this file, with or without modification,
# are permitted provided the copyright notice and this notice are preserved.
# The keywords COLOR, OPTIONS, and EIGHTBIT (honored by the
# slackware version of dircolors) are recognized but ignored.
# Global config options can be specified before TERM or COLORTERM entries
# Below are TERM or COLORTERM entries, which can be glob patterns, which
# restrict following config to systems with matching environment variables.
COLORTERM ?*
TERM Eterm
TERM ansi
TERM *color*
TERM con[0-9]*x[0-9]*
TERM cons25
TERM console
TERM cygwin
TERM *direct*
TERM dtterm
TERM gnome
TERM hurd
TERM jfbterm
TERM konsole
TERM kterm
TERM linux
TERM linux-c
TERM mlterm
TERM putty
TERM rxvt*
TERM screen*
TERM st
TERM terminator
TERM tmux*
TERM vt100
TERM xterm*
# Below are the color init strings for the basic file types.
# One can use codes for 256 or more colors supported by modern terminals.
# The default color codes use the capabilities of an 8 color terminal
# with some additional attributes as per the following codes:
# Attribute codes:
# 00=none 01=bold 04=underscore 05=blink 07=reverse 08=concealed
# Text color codes:
# 30=black 31=red 32=green 33=yellow 34=blue 35=magenta 36=cyan 37=white
# Background color codes:
# 40=black 41=red 42=green 43=yellow 44=blue 45=magenta 46=cyan 47=white
#NORMAL 00 # no color code at all
#FILE 00 # regular file: use no color at all
RESET 0 # reset to "normal" color
DIR 01;34 # directory
LINK 01;36 # symbolic link. (If you set this to 'target' instead of a
 # numerical value, the color is as for the file pointed to.)
MULTIHARDLINK 00 # regular file with more than one link
FIFO 40;33 # pipe
SOCK 01;35 # socket
DOOR 01;35 # door
BLK 40;33;01 # block device driver
CHR 40;33;01 # character device driver
ORPHAN 40;31;01 # symlink to nonexistent file, or non-stat'able file ...
MISSING 00 # ... and the files they point to
SETUID 37;41 # file that is setuid (u+s)
SETGID 30;43 # file that is setgid (g+s)
CAPABILITY 00 # file with capability (very expensive to lookup)
STICKY_OTHER_WRITABLE 30;42 # dir that is sticky and other-writable (+t,o+w)
OTHER_WRITABLE 34;42 # dir that is other-writable (o+w) and not sticky
STICKY 37;44 # dir with the sticky bit set (+t) and not other-writable
# This is for files with execute permission:
EXEC 01;32
# List any file extensions like '.gz' or '.tar' that you would like ls
# to color below. Put the extension, a space, and the color init string.
# (and any comments you want to add after a '#')
# If you use DOS-style suffixes, you may want to uncomment the following:
#.cmd 01;32 # executables (bright green)
#.exe 01;32
#.com 01;32
#.btm 01;32
#.bat 01;32
# Or if you want to color scripts even if they do not have the
# executable bit actually set.
#.sh 01;32
#.csh 01;32
 # archives or compressed (bright red)
.tar 01;31
.tgz 01;31
.arc 01;31
.arj 01;31
.taz 01;31
.lha 01;31
.lz4 01;31
.lzh 01;31
.lzma 01;31
.tlz 01;31
.txz 01;31
.tzo 01;31
.t7z 01;31
.zip 01;31
.z 01;31
.dz 01;31
.gz 01;31
.lrz 01;31
.lz 01;31
.lzo 01;31
.xz 01;31
.zst 01;31
.tzst 01;31
.bz2 01;31
.bz 01;31
.tbz 01;31
.tbz2 01;31
.tz 01;31
.deb 01;31
.rpm 01;31
.jar 01;31
.war 01;31
.ear 01;31
.sar 01;31
.rar 01;31
.alz 01;31
.ace 01;31
.zoo 01;31
.cpio 01;31
.7z 01;31
.rz 01;31
.cab 01;31
.wim 01;31
.swm 01;31
.dwm 01;31
.esd 01;31
# image formats
.avif 01;35
.jpg 01;35
.jpeg 01;35
.mjpg 01;35
.mjpeg 01;35
.gif 01;35
.bmp 01;35
.pbm 01;35
.pgm 01;35
.ppm 01;35
.tga 01;35
.xbm 01;35
.xpm 01;35
.tif 01;35
.tiff 01;35
.png 01;35
.svg 01;35
.svgz 01;35
.mng 01;35
.pcx 01;35
.mov 01;35
.mpg 01;35
.mpeg 01;35
.m2v 01;35
.mkv 01;35
.webm 01;35
.webp 01;35
.ogm 01;35
.mp4 01;35
.m4v 01;35
.mp4v 01;35
.vob 01;35
.qt 01;35
.nuv 01;35
.wmv 01;35
.asf 01;35
.rm 01;35
.rmvb 01;35
.flc 01;35
.avi 01;35
.fli 01;35
.flv 01;35
.gl 01;35
.dl 01;35
.xcf 01;35
.xwd 01;35
.yuv 01;35
.cgm 01;35
.emf 01;35
# https://wiki.xiph.org/MIME_Types_and_File_Extensions
.ogv 01;35
.ogx 01;35
# audio formats
.aac 00;36
.au 00;36
.flac 00;36
.m4a 00;36
.mid 00;36
.midi 00;36
.mka 00;36
.mp3 00;36
.mpc 00;36
.ogg 00;36
.ra 00;36
.wav 00;36
# https://wiki.xiph.org/MIME_Types_and_File_Extensions
.oga 00;36
.opus 00;36
.spx 00;36
.xspf 00;36
# backup files
*~ 00;90
*# 00;90
.bak 00;90
.old 00;90
.orig 00;90
.part 00;90
.rej 00;90
.swp 00;90
.tmp 00;90
.dpkg-dist 00;90
.dpkg-old 00;90
.ucf-dist 00;90
.ucf-new 00;90
.ucf-old 00;90
.rpmnew 00;90
.rpmorig 00;90
.rpmsave 00;90
# Subsequent TERM or COLORTERM entries, can be used to add / override
# config specific to those matching environment variables.
"#;

/// The `TERM` patterns of the database, in order.
pub fn term_patterns() -> impl Iterator<Item = &'static [u8]> {
    DATABASE
        .split(|&b| b == b'\n')
        .filter_map(|l| l.strip_prefix(b"TERM "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_colors() {
        let c = Colors::default();
        assert!(c.is_colored(Ind::Dir));
        assert!(!c.is_colored(Ind::File));
        assert!(!c.is_colored(Ind::Reset));
        assert_eq!(c.get(Ind::Left), Some(&b"\x1b["[..]));
    }

    #[test]
    fn parses_labels_suffixes_and_escapes() {
        let (c, r) = parse(b"di=01;34:*.tar=\\e[1m:ln=target:*.C=x:fi=:ex=\\x41\\101^[^?\\_");
        assert_eq!(r, Ok(()));
        assert_eq!(c.get(Ind::Dir), Some(&b"01;34"[..]));
        assert_eq!(c.get(Ind::Link), Some(&b"target"[..]));
        assert_eq!(c.get(Ind::File), Some(&b""[..]));
        assert!(!c.is_colored(Ind::File));
        assert_eq!(c.get(Ind::Exec), Some(&b"AA\x1b\x7f "[..]));
        assert_eq!(c.for_suffix(b"a.TAR"), Some(&b"\x1b[1m"[..]));
        assert_eq!(c.for_suffix(b"x.c"), Some(&b"x"[..]));
        assert_eq!(c.for_suffix(b"c"), None);
    }

    #[test]
    fn later_suffixes_win() {
        let (c, _) = parse(b"*.c=1:*.c=2");
        assert_eq!(c.for_suffix(b"a.c"), Some(&b"2"[..]));
    }

    #[test]
    fn bad_values() {
        assert_eq!(parse(b"xx=1").1, Err(ColorError::UnknownLabel(*b"xx")));
        assert_eq!(parse(b"di").1, Err(ColorError::Unparsable));
        assert_eq!(parse(b"d").1, Err(ColorError::Unparsable));
        assert_eq!(parse(b"*.c").1, Err(ColorError::Unparsable));
        assert_eq!(parse(b"di=\\").1, Err(ColorError::UnknownLabel(*b"di")));
        assert_eq!(parse(b"di=^1").1, Err(ColorError::UnknownLabel(*b"di")));
        let (c, r) = parse(b"di=5:zz");
        assert_eq!(r, Err(ColorError::Unparsable));
        assert_eq!(c.get(Ind::Dir), Some(&b"5"[..]));
        assert_eq!(parse(b"").1, Ok(()));
    }

    #[test]
    fn fitting_columns() {
        // Ten names of width 1..=10 in 20 columns.
        let w: Vec<usize> = (1..=10).collect();
        assert_eq!(columns(&w, true, 20, 7), (2, alloc::vec![7, 10]));
        assert_eq!(columns(&w, false, 20, 7).0, 1);
        assert_eq!(columns(&[1, 1, 1], true, 80, 27), (3, alloc::vec![3, 3, 3]));
        assert_eq!(columns(&[30, 30, 30], true, 80, 27).0, 2);
        assert_eq!(columns(&[100], true, 80, 27), (1, alloc::vec![100]));
    }
}
