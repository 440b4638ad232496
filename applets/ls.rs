// corebox applet
// name: ls
// usage: [OPTION]... [FILE]...
// usage-status: 2
// option: -a, --all
// option: -b, --escape
// option: -d, --directory
// option: -D, --dired
// option: --full-time
// option: --group-directories-first
// option: -h, --human-readable
// option: -i, --inode
// option: -k, --kibibytes
// option: -n, --numeric-uid-gid
// option: -G, --no-group
// option: -q, --hide-control-chars
// option: -r, --reverse
// option: -s, --size
// option: -w, --width=COLS
// option: -A, --almost-all
// option: -B, --ignore-backups
// option: --classify[=WHEN]
// option: --file-type
// option: --si
// option: -H, --dereference-command-line
// option: --dereference-command-line-symlink-to-dir
// option: --hide=PATTERN
// option: -I, --ignore=PATTERN
// option: --indicator-style=WORD
// option: -L, --dereference
// option: -N, --literal
// option: -Q, --quote-name
// option: --quoting-style=WORD
// option: -R, --recursive
// option: --format=WORD
// option: --show-control-chars
// option: --sort=WORD
// option: -T, --tabsize=COLS
// option: --time=WORD
// option: --time-style=TIME_STYLE
// option: --zero
// option: --color[=WHEN]
// option: --hyperlink[=WHEN]
// option: --block-size=SIZE
// option: -Z, --context
// option: --author
// option: -c
// option: -f
// option: -g
// option: -l
// option: -m
// option: -o
// option: -p
// option: -t
// option: -u
// option: -v
// option: -x
// option: -C
// option: -F
// option: -S
// option: -U
// option: -X
// option: -1
// help:
// List information about the FILEs (the current directory by default).
// Sort entries alphabetically if none of -cftuvSUX nor --sort is specified.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -a, --all                  do not ignore entries starting with .
//   -A, --almost-all           do not list implied . and ..
//       --author               with -l, print the author of each file
//   -b, --escape               print C-style escapes for nongraphic characters
//       --block-size=SIZE      with -l, scale sizes by SIZE when printing them;
//                              e.g., '--block-size=M'; see SIZE format below
//
//   -B, --ignore-backups       do not list implied entries ending with ~
//   -c                         with -lt: sort by, and show, ctime (time of last
//                              modification of file status information);
//                              with -l: show ctime and sort by name;
//                              otherwise: sort by ctime, newest first
//
//   -C                         list entries by columns
//       --color[=WHEN]         color the output WHEN; more info below
//   -d, --directory            list directories themselves, not their contents
//   -D, --dired                generate output designed for Emacs' dired mode
//   -f                         list all entries in directory order
//   -F, --classify[=WHEN]      append indicator (one of */=>@|) to entries WHEN
//       --file-type            likewise, except do not append '*'
//       --format=WORD          across -x, commas -m, horizontal -x, long -l,
//                              single-column -1, verbose -l, vertical -C
//
//       --full-time            like -l --time-style=full-iso
//   -g                         like -l, but do not list owner
//       --group-directories-first
//                              group directories before files;
//                              can be augmented with a --sort option, but any
//                              use of --sort=none (-U) disables grouping
//
//   -G, --no-group             in a long listing, don't print group names
//   -h, --human-readable       with -l and -s, print sizes like 1K 234M 2G etc.
//       --si                   likewise, but use powers of 1000 not 1024
//   -H, --dereference-command-line
//                              follow symbolic links listed on the command line
//       --dereference-command-line-symlink-to-dir
//                              follow each command line symbolic link
//                              that points to a directory
//
//       --hide=PATTERN         do not list implied entries matching shell PATTERN
//                              (overridden by -a or -A)
//
//       --hyperlink[=WHEN]     hyperlink file names WHEN
//       --indicator-style=WORD
//                              append indicator with style WORD to entry names:
//                              none (default), slash (-p),
//                              file-type (--file-type), classify (-F)
//
//   -i, --inode                print the index number of each file
//   -I, --ignore=PATTERN       do not list implied entries matching shell PATTERN
//   -k, --kibibytes            default to 1024-byte blocks for file system usage;
//                              used only with -s and per directory totals
//
//   -l                         use a long listing format
//   -L, --dereference          when showing file information for a symbolic
//                              link, show information for the file the link
//                              references rather than for the link itself
//
//   -m                         fill width with a comma separated list of entries
//   -n, --numeric-uid-gid      like -l, but list numeric user and group IDs
//   -N, --literal              print entry names without quoting
//   -o                         like -l, but do not list group information
//   -p, --indicator-style=slash
//                              append / indicator to directories
//   -q, --hide-control-chars   print ? instead of nongraphic characters
//       --show-control-chars   show nongraphic characters as-is (the default,
//                              unless program is 'ls' and output is a terminal)
//
//   -Q, --quote-name           enclose entry names in double quotes
//       --quoting-style=WORD   use quoting style WORD for entry names:
//                              literal, locale, shell, shell-always,
//                              shell-escape, shell-escape-always, c, escape
//                              (overrides QUOTING_STYLE environment variable)
//
//   -r, --reverse              reverse order while sorting
//   -R, --recursive            list subdirectories recursively
//   -s, --size                 print the allocated size of each file, in blocks
//   -S                         sort by file size, largest first
//       --sort=WORD            sort by WORD instead of name: none (-U), size (-S),
//                              time (-t), version (-v), extension (-X), width
//
//       --time=WORD            change the default of using modification times;
//                                access time (-u): atime, access, use;
//                                change time (-c): ctime, status;
//                                birth time: birth, creation;
//                              with -l, WORD determines which time to show;
//                              with --sort=time, sort by WORD (newest first)
//
//       --time-style=TIME_STYLE
//                              time/date format with -l; see TIME_STYLE below
//   -t                         sort by time, newest first; see --time
//   -T, --tabsize=COLS         assume tab stops at each COLS instead of 8
//   -u                         with -lt: sort by, and show, access time;
//                              with -l: show access time and sort by name;
//                              otherwise: sort by access time, newest first
//
//   -U                         do not sort; list entries in directory order
//   -v                         natural sort of (version) numbers within text
//   -w, --width=COLS           set output width to COLS.  0 means no limit
//   -x                         list entries by lines instead of by columns
//   -X                         sort alphabetically by entry extension
//   -Z, --context              print any security context of each file
//       --zero                 end each output line with NUL, not newline
//   -1                         list one file per line
//       --help        display this help and exit
//       --version     output version information and exit
//
// The SIZE argument is an integer and optional unit (example: 10K is 10*1024).
// Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).
// Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
//
// The TIME_STYLE argument can be full-iso, long-iso, iso, locale, or +FORMAT.
// FORMAT is interpreted like in date(1).  If FORMAT is FORMAT1<newline>FORMAT2,
// then FORMAT1 applies to non-recent files and FORMAT2 to recent files.
// TIME_STYLE prefixed with 'posix-' takes effect only outside the POSIX locale.
// Also the TIME_STYLE environment variable sets the default style to use.
//
// The WHEN argument defaults to 'always' and can also be 'auto' or 'never'.
//
// Using color to distinguish file types is disabled both by default and
// with --color=never.  With --color=auto, ls emits color codes only when
// standard output is connected to a terminal.  The LS_COLORS environment
// variable can change the settings.  Use the dircolors(1) command to set it.
//
// Exit status:
//  0  if OK,
//  1  if minor problems (e.g., cannot access subdirectory),
//  2  if serious trouble (e.g., cannot access command-line argument).

// corebox applet
// name: dir
// usage: [OPTION]... [FILE]...
// usage-status: 2
// option: -a, --all
// option: -b, --escape
// option: -d, --directory
// option: -D, --dired
// option: --full-time
// option: --group-directories-first
// option: -h, --human-readable
// option: -i, --inode
// option: -k, --kibibytes
// option: -n, --numeric-uid-gid
// option: -G, --no-group
// option: -q, --hide-control-chars
// option: -r, --reverse
// option: -s, --size
// option: -w, --width=COLS
// option: -A, --almost-all
// option: -B, --ignore-backups
// option: --classify[=WHEN]
// option: --file-type
// option: --si
// option: -H, --dereference-command-line
// option: --dereference-command-line-symlink-to-dir
// option: --hide=PATTERN
// option: -I, --ignore=PATTERN
// option: --indicator-style=WORD
// option: -L, --dereference
// option: -N, --literal
// option: -Q, --quote-name
// option: --quoting-style=WORD
// option: -R, --recursive
// option: --format=WORD
// option: --show-control-chars
// option: --sort=WORD
// option: -T, --tabsize=COLS
// option: --time=WORD
// option: --time-style=TIME_STYLE
// option: --zero
// option: --color[=WHEN]
// option: --hyperlink[=WHEN]
// option: --block-size=SIZE
// option: -Z, --context
// option: --author
// option: -c
// option: -f
// option: -g
// option: -l
// option: -m
// option: -o
// option: -p
// option: -t
// option: -u
// option: -v
// option: -x
// option: -C
// option: -F
// option: -S
// option: -U
// option: -X
// option: -1
// help:
// List information about the FILEs (the current directory by default).
// Sort entries alphabetically if none of -cftuvSUX nor --sort is specified.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -a, --all                  do not ignore entries starting with .
//   -A, --almost-all           do not list implied . and ..
//       --author               with -l, print the author of each file
//   -b, --escape               print C-style escapes for nongraphic characters
//       --block-size=SIZE      with -l, scale sizes by SIZE when printing them;
//                              e.g., '--block-size=M'; see SIZE format below
//
//   -B, --ignore-backups       do not list implied entries ending with ~
//   -c                         with -lt: sort by, and show, ctime (time of last
//                              modification of file status information);
//                              with -l: show ctime and sort by name;
//                              otherwise: sort by ctime, newest first
//
//   -C                         list entries by columns
//       --color[=WHEN]         color the output WHEN; more info below
//   -d, --directory            list directories themselves, not their contents
//   -D, --dired                generate output designed for Emacs' dired mode
//   -f                         list all entries in directory order
//   -F, --classify[=WHEN]      append indicator (one of */=>@|) to entries WHEN
//       --file-type            likewise, except do not append '*'
//       --format=WORD          across -x, commas -m, horizontal -x, long -l,
//                              single-column -1, verbose -l, vertical -C
//
//       --full-time            like -l --time-style=full-iso
//   -g                         like -l, but do not list owner
//       --group-directories-first
//                              group directories before files;
//                              can be augmented with a --sort option, but any
//                              use of --sort=none (-U) disables grouping
//
//   -G, --no-group             in a long listing, don't print group names
//   -h, --human-readable       with -l and -s, print sizes like 1K 234M 2G etc.
//       --si                   likewise, but use powers of 1000 not 1024
//   -H, --dereference-command-line
//                              follow symbolic links listed on the command line
//       --dereference-command-line-symlink-to-dir
//                              follow each command line symbolic link
//                              that points to a directory
//
//       --hide=PATTERN         do not list implied entries matching shell PATTERN
//                              (overridden by -a or -A)
//
//       --hyperlink[=WHEN]     hyperlink file names WHEN
//       --indicator-style=WORD
//                              append indicator with style WORD to entry names:
//                              none (default), slash (-p),
//                              file-type (--file-type), classify (-F)
//
//   -i, --inode                print the index number of each file
//   -I, --ignore=PATTERN       do not list implied entries matching shell PATTERN
//   -k, --kibibytes            default to 1024-byte blocks for file system usage;
//                              used only with -s and per directory totals
//
//   -l                         use a long listing format
//   -L, --dereference          when showing file information for a symbolic
//                              link, show information for the file the link
//                              references rather than for the link itself
//
//   -m                         fill width with a comma separated list of entries
//   -n, --numeric-uid-gid      like -l, but list numeric user and group IDs
//   -N, --literal              print entry names without quoting
//   -o                         like -l, but do not list group information
//   -p, --indicator-style=slash
//                              append / indicator to directories
//   -q, --hide-control-chars   print ? instead of nongraphic characters
//       --show-control-chars   show nongraphic characters as-is (the default,
//                              unless program is 'ls' and output is a terminal)
//
//   -Q, --quote-name           enclose entry names in double quotes
//       --quoting-style=WORD   use quoting style WORD for entry names:
//                              literal, locale, shell, shell-always,
//                              shell-escape, shell-escape-always, c, escape
//                              (overrides QUOTING_STYLE environment variable)
//
//   -r, --reverse              reverse order while sorting
//   -R, --recursive            list subdirectories recursively
//   -s, --size                 print the allocated size of each file, in blocks
//   -S                         sort by file size, largest first
//       --sort=WORD            sort by WORD instead of name: none (-U), size (-S),
//                              time (-t), version (-v), extension (-X), width
//
//       --time=WORD            change the default of using modification times;
//                                access time (-u): atime, access, use;
//                                change time (-c): ctime, status;
//                                birth time: birth, creation;
//                              with -l, WORD determines which time to show;
//                              with --sort=time, sort by WORD (newest first)
//
//       --time-style=TIME_STYLE
//                              time/date format with -l; see TIME_STYLE below
//   -t                         sort by time, newest first; see --time
//   -T, --tabsize=COLS         assume tab stops at each COLS instead of 8
//   -u                         with -lt: sort by, and show, access time;
//                              with -l: show access time and sort by name;
//                              otherwise: sort by access time, newest first
//
//   -U                         do not sort; list entries in directory order
//   -v                         natural sort of (version) numbers within text
//   -w, --width=COLS           set output width to COLS.  0 means no limit
//   -x                         list entries by lines instead of by columns
//   -X                         sort alphabetically by entry extension
//   -Z, --context              print any security context of each file
//       --zero                 end each output line with NUL, not newline
//   -1                         list one file per line
//       --help        display this help and exit
//       --version     output version information and exit
//
// The SIZE argument is an integer and optional unit (example: 10K is 10*1024).
// Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).
// Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
//
// The TIME_STYLE argument can be full-iso, long-iso, iso, locale, or +FORMAT.
// FORMAT is interpreted like in date(1).  If FORMAT is FORMAT1<newline>FORMAT2,
// then FORMAT1 applies to non-recent files and FORMAT2 to recent files.
// TIME_STYLE prefixed with 'posix-' takes effect only outside the POSIX locale.
// Also the TIME_STYLE environment variable sets the default style to use.
//
// The WHEN argument defaults to 'always' and can also be 'auto' or 'never'.
//
// Using color to distinguish file types is disabled both by default and
// with --color=never.  With --color=auto, ls emits color codes only when
// standard output is connected to a terminal.  The LS_COLORS environment
// variable can change the settings.  Use the dircolors(1) command to set it.
//
// Exit status:
//  0  if OK,
//  1  if minor problems (e.g., cannot access subdirectory),
//  2  if serious trouble (e.g., cannot access command-line argument).

// corebox applet
// name: vdir
// usage: [OPTION]... [FILE]...
// usage-status: 2
// option: -a, --all
// option: -b, --escape
// option: -d, --directory
// option: -D, --dired
// option: --full-time
// option: --group-directories-first
// option: -h, --human-readable
// option: -i, --inode
// option: -k, --kibibytes
// option: -n, --numeric-uid-gid
// option: -G, --no-group
// option: -q, --hide-control-chars
// option: -r, --reverse
// option: -s, --size
// option: -w, --width=COLS
// option: -A, --almost-all
// option: -B, --ignore-backups
// option: --classify[=WHEN]
// option: --file-type
// option: --si
// option: -H, --dereference-command-line
// option: --dereference-command-line-symlink-to-dir
// option: --hide=PATTERN
// option: -I, --ignore=PATTERN
// option: --indicator-style=WORD
// option: -L, --dereference
// option: -N, --literal
// option: -Q, --quote-name
// option: --quoting-style=WORD
// option: -R, --recursive
// option: --format=WORD
// option: --show-control-chars
// option: --sort=WORD
// option: -T, --tabsize=COLS
// option: --time=WORD
// option: --time-style=TIME_STYLE
// option: --zero
// option: --color[=WHEN]
// option: --hyperlink[=WHEN]
// option: --block-size=SIZE
// option: -Z, --context
// option: --author
// option: -c
// option: -f
// option: -g
// option: -l
// option: -m
// option: -o
// option: -p
// option: -t
// option: -u
// option: -v
// option: -x
// option: -C
// option: -F
// option: -S
// option: -U
// option: -X
// option: -1
// help:
// List information about the FILEs (the current directory by default).
// Sort entries alphabetically if none of -cftuvSUX nor --sort is specified.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -a, --all                  do not ignore entries starting with .
//   -A, --almost-all           do not list implied . and ..
//       --author               with -l, print the author of each file
//   -b, --escape               print C-style escapes for nongraphic characters
//       --block-size=SIZE      with -l, scale sizes by SIZE when printing them;
//                              e.g., '--block-size=M'; see SIZE format below
//
//   -B, --ignore-backups       do not list implied entries ending with ~
//   -c                         with -lt: sort by, and show, ctime (time of last
//                              modification of file status information);
//                              with -l: show ctime and sort by name;
//                              otherwise: sort by ctime, newest first
//
//   -C                         list entries by columns
//       --color[=WHEN]         color the output WHEN; more info below
//   -d, --directory            list directories themselves, not their contents
//   -D, --dired                generate output designed for Emacs' dired mode
//   -f                         list all entries in directory order
//   -F, --classify[=WHEN]      append indicator (one of */=>@|) to entries WHEN
//       --file-type            likewise, except do not append '*'
//       --format=WORD          across -x, commas -m, horizontal -x, long -l,
//                              single-column -1, verbose -l, vertical -C
//
//       --full-time            like -l --time-style=full-iso
//   -g                         like -l, but do not list owner
//       --group-directories-first
//                              group directories before files;
//                              can be augmented with a --sort option, but any
//                              use of --sort=none (-U) disables grouping
//
//   -G, --no-group             in a long listing, don't print group names
//   -h, --human-readable       with -l and -s, print sizes like 1K 234M 2G etc.
//       --si                   likewise, but use powers of 1000 not 1024
//   -H, --dereference-command-line
//                              follow symbolic links listed on the command line
//       --dereference-command-line-symlink-to-dir
//                              follow each command line symbolic link
//                              that points to a directory
//
//       --hide=PATTERN         do not list implied entries matching shell PATTERN
//                              (overridden by -a or -A)
//
//       --hyperlink[=WHEN]     hyperlink file names WHEN
//       --indicator-style=WORD
//                              append indicator with style WORD to entry names:
//                              none (default), slash (-p),
//                              file-type (--file-type), classify (-F)
//
//   -i, --inode                print the index number of each file
//   -I, --ignore=PATTERN       do not list implied entries matching shell PATTERN
//   -k, --kibibytes            default to 1024-byte blocks for file system usage;
//                              used only with -s and per directory totals
//
//   -l                         use a long listing format
//   -L, --dereference          when showing file information for a symbolic
//                              link, show information for the file the link
//                              references rather than for the link itself
//
//   -m                         fill width with a comma separated list of entries
//   -n, --numeric-uid-gid      like -l, but list numeric user and group IDs
//   -N, --literal              print entry names without quoting
//   -o                         like -l, but do not list group information
//   -p, --indicator-style=slash
//                              append / indicator to directories
//   -q, --hide-control-chars   print ? instead of nongraphic characters
//       --show-control-chars   show nongraphic characters as-is (the default,
//                              unless program is 'ls' and output is a terminal)
//
//   -Q, --quote-name           enclose entry names in double quotes
//       --quoting-style=WORD   use quoting style WORD for entry names:
//                              literal, locale, shell, shell-always,
//                              shell-escape, shell-escape-always, c, escape
//                              (overrides QUOTING_STYLE environment variable)
//
//   -r, --reverse              reverse order while sorting
//   -R, --recursive            list subdirectories recursively
//   -s, --size                 print the allocated size of each file, in blocks
//   -S                         sort by file size, largest first
//       --sort=WORD            sort by WORD instead of name: none (-U), size (-S),
//                              time (-t), version (-v), extension (-X), width
//
//       --time=WORD            change the default of using modification times;
//                                access time (-u): atime, access, use;
//                                change time (-c): ctime, status;
//                                birth time: birth, creation;
//                              with -l, WORD determines which time to show;
//                              with --sort=time, sort by WORD (newest first)
//
//       --time-style=TIME_STYLE
//                              time/date format with -l; see TIME_STYLE below
//   -t                         sort by time, newest first; see --time
//   -T, --tabsize=COLS         assume tab stops at each COLS instead of 8
//   -u                         with -lt: sort by, and show, access time;
//                              with -l: show access time and sort by name;
//                              otherwise: sort by access time, newest first
//
//   -U                         do not sort; list entries in directory order
//   -v                         natural sort of (version) numbers within text
//   -w, --width=COLS           set output width to COLS.  0 means no limit
//   -x                         list entries by lines instead of by columns
//   -X                         sort alphabetically by entry extension
//   -Z, --context              print any security context of each file
//       --zero                 end each output line with NUL, not newline
//   -1                         list one file per line
//       --help        display this help and exit
//       --version     output version information and exit
//
// The SIZE argument is an integer and optional unit (example: 10K is 10*1024).
// Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).
// Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
//
// The TIME_STYLE argument can be full-iso, long-iso, iso, locale, or +FORMAT.
// FORMAT is interpreted like in date(1).  If FORMAT is FORMAT1<newline>FORMAT2,
// then FORMAT1 applies to non-recent files and FORMAT2 to recent files.
// TIME_STYLE prefixed with 'posix-' takes effect only outside the POSIX locale.
// Also the TIME_STYLE environment variable sets the default style to use.
//
// The WHEN argument defaults to 'always' and can also be 'auto' or 'never'.
//
// Using color to distinguish file types is disabled both by default and
// with --color=never.  With --color=auto, ls emits color codes only when
// standard output is connected to a terminal.  The LS_COLORS environment
// variable can change the settings.  Use the dircolors(1) command to set it.
//
// Exit status:
//  0  if OK,
//  1  if minor problems (e.g., cannot access subdirectory),
//  2  if serious trouble (e.g., cannot access command-line argument).

//! GNU ls.c: ls, dir and vdir. The operands are gathered first (files,
//! then directories, each listed under a `NAME:` header when there are
//! several), a directory's entries are read, stat'ed as far as the output
//! needs, sorted and printed in one of five formats; `-R` lists the
//! subdirectories after their parent, depth first, from a stack of
//! pending directories as GNU's `pending_dirs`. Pure parts (LS_COLORS,
//! column fitting, version order, quoting, widths, human sizes, time
//! formats) live in `logic`.

use super::opt;
use crate::shared::cli::{self, choice_status, Spec};
use crate::shared::diag::{quote, quoteaf, quotef};
use crate::shared::timestyle;
use alloc::vec::Vec;
use core::cmp::Ordering;
use logic::human;
use logic::ls::{Colors, Ind};
use logic::quote::Style;
use sys::fs::{Stat, S_IFBLK, S_IFCHR, S_IFDIR, S_IFIFO, S_IFLNK, S_IFMT, S_IFREG, S_IFSOCK};
use sys::io::{error, out, write_stderr, Fd};
use sys::Errno;

pub fn ls(args: &'static [&'static [u8]]) -> i32 {
    main(&super::ls::SPEC, args, Mode::Ls)
}

pub fn dir(args: &'static [&'static [u8]]) -> i32 {
    main(&super::dir::SPEC, args, Mode::Dir)
}

pub fn vdir(args: &'static [&'static [u8]]) -> i32 {
    main(&super::vdir::SPEC, args, Mode::Vdir)
}

fn main(spec: &'static Spec, args: &'static [&'static [u8]], mode: Mode) -> i32 {
    sys::io::set_exit_failure(LS_FAILURE);
    let (c, operands) = parse(spec, args, mode);
    Ls::new(c).run(&operands)
}

/// "ls had a minor problem" and "serious trouble".
const LS_MINOR: i32 = 1;
const LS_FAILURE: i32 = 2;

/// argmatch's failures exit with 1, unlike ls's own usage errors.
const ARGMATCH_STATUS: i32 = 1;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Ls,
    Dir,
    Vdir,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Format {
    Long,
    OnePerLine,
    ManyPerLine,
    Horizontal,
    WithCommas,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum TimeType {
    Mtime,
    Ctime,
    Atime,
    Btime,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Sort {
    Name,
    Extension,
    Width,
    Size,
    Version,
    Time,
    None,
}

/// The indicator styles, in GNU's order (file-type and classify compare).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Indicator {
    None,
    Slash,
    FileType,
    Classify,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Deref {
    Undefined,
    Never,
    CommandLine,
    CommandLineSymlinkToDir,
    Always,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ignore {
    /// Names starting with `.`, and --hide and --ignore patterns.
    Default,
    /// `.`, `..` and --ignore patterns.
    DotAndDotDot,
    /// --ignore patterns only.
    Minimal,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum When {
    Always,
    Never,
    IfTty,
}

/// A file's type as GNU's `enum filetype` (from readdir's d_type until
/// the file is stat'ed).
#[derive(Clone, Copy, PartialEq, Eq)]
enum FileType {
    Unknown,
    Fifo,
    CharDev,
    Directory,
    BlockDev,
    Normal,
    SymbolicLink,
    Sock,
    ArgDirectory,
}

impl FileType {
    fn from_mode(mode: u32) -> FileType {
        match mode & S_IFMT {
            S_IFBLK => FileType::BlockDev,
            S_IFCHR => FileType::CharDev,
            S_IFDIR => FileType::Directory,
            S_IFIFO => FileType::Fifo,
            S_IFLNK => FileType::SymbolicLink,
            S_IFREG => FileType::Normal,
            S_IFSOCK => FileType::Sock,
            _ => FileType::Unknown,
        }
    }

    /// The mode letter of a file that could not be stat'ed.
    fn letter(self) -> u8 {
        b"?pcdb-lsd"[self as usize]
    }

    /// The color of a file that could not be stat'ed (FILETYPE_INDICATORS).
    fn indicator(self) -> Ind {
        match self {
            FileType::Unknown => Ind::Orphan,
            FileType::Fifo => Ind::Fifo,
            FileType::CharDev => Ind::Chr,
            FileType::Directory | FileType::ArgDirectory => Ind::Dir,
            FileType::BlockDev => Ind::Blk,
            FileType::Normal => Ind::File,
            FileType::SymbolicLink => Ind::Link,
            FileType::Sock => Ind::Sock,
        }
    }
}

/// ls's options, as decode_switches leaves them.
struct Config {
    mode: Mode,
    format: Format,
    ignore: Ignore,
    ignore_patterns: Vec<&'static [u8]>,
    hide_patterns: Vec<&'static [u8]>,
    time: TimeType,
    sort: Sort,
    reverse: bool,
    dirs_first: bool,
    owner: bool,
    group: bool,
    author: bool,
    numeric: bool,
    block_size: bool,
    inode: bool,
    context: bool,
    human_opts: u32,
    output_block_size: u64,
    file_human_opts: u32,
    file_block_size: u64,
    dired: bool,
    indicator: Indicator,
    color: bool,
    hyperlink: bool,
    deref: Deref,
    recursive: bool,
    immediate_dirs: bool,
    qmark: bool,
    style: Style,
    /// The extra characters file names quote (set_char_quoting).
    quote_too: Vec<u8>,
    align_quotes: bool,
    tabsize: usize,
    line_length: usize,
    max_idx: usize,
    eol: u8,
    /// strftime formats of old and recent files.
    time_formats: [&'static [u8]; 2],
    utf8: bool,
}

/// The option state of decode_switches before the defaults are settled.
struct Pending {
    format: Option<Format>,
    hide_control: Option<bool>,
    quoting: Option<Style>,
    sort: Option<Sort>,
    tabsize: Option<usize>,
    width: Option<usize>,
    kibibytes: bool,
    time_style: Option<&'static [u8]>,
}

const WHEN_WORDS: [(&[u8], When); 9] = [
    (b"always", When::Always),
    (b"yes", When::Always),
    (b"force", When::Always),
    (b"never", When::Never),
    (b"no", When::Never),
    (b"none", When::Never),
    (b"auto", When::IfTty),
    (b"tty", When::IfTty),
    (b"if-tty", When::IfTty),
];

const SORT_WORDS: [(&[u8], Sort); 6] = [
    (b"none", Sort::None),
    (b"time", Sort::Time),
    (b"size", Sort::Size),
    (b"extension", Sort::Extension),
    (b"version", Sort::Version),
    (b"width", Sort::Width),
];

const TIME_WORDS: [(&[u8], TimeType); 7] = [
    (b"atime", TimeType::Atime),
    (b"access", TimeType::Atime),
    (b"use", TimeType::Atime),
    (b"ctime", TimeType::Ctime),
    (b"status", TimeType::Ctime),
    (b"birth", TimeType::Btime),
    (b"creation", TimeType::Btime),
];

const FORMAT_WORDS: [(&[u8], Format); 7] = [
    (b"verbose", Format::Long),
    (b"long", Format::Long),
    (b"commas", Format::WithCommas),
    (b"horizontal", Format::Horizontal),
    (b"across", Format::Horizontal),
    (b"vertical", Format::ManyPerLine),
    (b"single-column", Format::OnePerLine),
];

const INDICATOR_WORDS: [(&[u8], Indicator); 4] = [
    (b"none", Indicator::None),
    (b"slash", Indicator::Slash),
    (b"file-type", Indicator::FileType),
    (b"classify", Indicator::Classify),
];

/// Standard output is a terminal (asked once).
fn stdout_isatty() -> bool {
    use core::sync::atomic::{AtomicU8, Ordering};
    static TTY: AtomicU8 = AtomicU8::new(0);
    match TTY.load(Ordering::Relaxed) {
        1 => true,
        2 => false,
        _ => {
            let t = sys::fs::isatty(Fd::STDOUT);
            TTY.store(if t { 1 } else { 2 }, Ordering::Relaxed);
            t
        }
    }
}

fn when(arg: Option<&[u8]>, option: &[u8]) -> bool {
    let w = match arg {
        Some(a) => choice_status(ARGMATCH_STATUS, option, a, &WHEN_WORDS),
        None => When::Always,
    };
    w == When::Always || (w == When::IfTty && stdout_isatty())
}

/// GNU's decode_line_length: a number in C's bases, too big meaning no
/// limit (0); None when invalid.
fn line_length(s: &[u8]) -> Option<usize> {
    match logic::num::xstrtoumax_radix(s, 0, b"") {
        (n, _, None) => Some(
            usize::try_from(n)
                .ok()
                .filter(|&n| n <= isize::MAX as usize)
                .unwrap_or(0),
        ),
        (_, _, Some(logic::num::SizeError::Overflow)) => Some(0),
        _ => None,
    }
}

/// `NAME: PARTS` and exit with ls's failure status.
fn fatal(parts: &[&[u8]], e: Option<Errno>) -> ! {
    error(parts, e);
    sys::rt::exit(LS_FAILURE)
}

/// GNU's xnumtoumax for `-T`: a number in C's bases up to PTRDIFF_MAX.
fn tab_size(arg: &[u8]) -> usize {
    use logic::num::SizeError;
    let e = match logic::num::xstrtoumax_radix(arg, 0, b"") {
        (n, _, None) if n <= isize::MAX as u64 => return n as usize,
        (_, _, None) | (_, _, Some(SizeError::Overflow)) => Some(Errno::OVERFLOW),
        _ => None,
    };
    fatal(&[b"invalid tab size: ", &quote(arg)], e)
}

fn block_size_error(arg: &[u8], e: human::BlockSizeError) -> ! {
    let parts: [&[u8]; 3] = match e {
        human::BlockSizeError::Invalid => [b"invalid --block-size argument '", arg, b"'"],
        human::BlockSizeError::InvalidSuffix => {
            [b"invalid suffix in --block-size argument '", arg, b"'"]
        }
        human::BlockSizeError::Overflow => [b"--block-size argument '", arg, b"' too large"],
    };
    fatal(&parts, None)
}

fn env(name: &[u8]) -> Option<&'static [u8]> {
    sys::env::var(name)
}

/// The options, and the operands.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(
    spec: &'static Spec,
    args: &'static [&'static [u8]],
    mode: Mode,
) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        mode,
        format: Format::OnePerLine,
        ignore: Ignore::Default,
        ignore_patterns: Vec::new(),
        hide_patterns: Vec::new(),
        time: TimeType::Mtime,
        sort: Sort::Name,
        reverse: false,
        dirs_first: false,
        owner: true,
        group: true,
        author: false,
        numeric: false,
        block_size: false,
        inode: false,
        context: false,
        human_opts: 0,
        output_block_size: 0,
        file_human_opts: 0,
        file_block_size: 1,
        dired: false,
        indicator: Indicator::None,
        color: false,
        hyperlink: false,
        deref: Deref::Undefined,
        recursive: false,
        immediate_dirs: false,
        qmark: false,
        style: Style::Literal,
        quote_too: Vec::new(),
        align_quotes: false,
        tabsize: 0,
        line_length: 80,
        max_idx: 0,
        eol: b'\n',
        time_formats: [b"%b %e  %Y", b"%b %e %H:%M"],
        utf8: sys::env::utf8_locale(),
    };
    let mut p = Pending {
        format: None,
        hide_control: None,
        quoting: None,
        sort: None,
        tabsize: None,
        width: None,
        kibibytes: false,
        time_style: None,
    };
    let mut opts = cli::parse(spec, &args[1..]);
    while let Some(o) = opts.next() {
        option(&mut c, &mut p, o.key, o.arg);
    }
    let operands = opts.operands();
    settle(&mut c, &p);
    (c, operands)
}

/// One option, as decode_switches reads it.
fn option(c: &mut Config, p: &mut Pending, key: char, arg: Option<&'static [u8]>) {
    let a = arg.unwrap_or(b"");
    match key {
        'a' => c.ignore = Ignore::Minimal,
        'b' => p.quoting = Some(Style::Escape),
        'c' => c.time = TimeType::Ctime,
        'd' => c.immediate_dirs = true,
        'f' => {
            c.ignore = Ignore::Minimal;
            p.sort = Some(Sort::None);
            if p.format == Some(Format::Long) {
                p.format = None;
            }
            c.color = false;
            c.hyperlink = false;
            c.block_size = false;
        }
        opt::FILE_TYPE => c.indicator = Indicator::FileType,
        'g' => {
            p.format = Some(Format::Long);
            c.owner = false;
        }
        'h' | opt::SI => {
            let base = if key == 'h' { human::BASE_1024 } else { 0 };
            c.human_opts = human::AUTOSCALE | human::SI | base;
            c.file_human_opts = c.human_opts;
            c.output_block_size = 1;
            c.file_block_size = 1;
        }
        'i' => c.inode = true,
        'k' => p.kibibytes = true,
        'l' => p.format = Some(Format::Long),
        'm' => p.format = Some(Format::WithCommas),
        'n' => {
            c.numeric = true;
            p.format = Some(Format::Long);
        }
        'o' => {
            p.format = Some(Format::Long);
            c.group = false;
        }
        'p' => c.indicator = Indicator::Slash,
        'q' => p.hide_control = Some(true),
        'r' => c.reverse = true,
        's' => c.block_size = true,
        't' => p.sort = Some(Sort::Time),
        'u' => c.time = TimeType::Atime,
        'v' => p.sort = Some(Sort::Version),
        'w' => {
            p.width = Some(
                line_length(a)
                    .unwrap_or_else(|| fatal(&[b"invalid line width: ", &quote(a)], None)),
            )
        }
        'x' => p.format = Some(Format::Horizontal),
        'A' => c.ignore = Ignore::DotAndDotDot,
        'B' => c.ignore_patterns.extend_from_slice(&[b"*~", b".*~"]),
        'C' => p.format = Some(Format::ManyPerLine),
        'D' => c.dired = true,
        'F' | opt::CLASSIFY => {
            if when(arg, b"--classify") {
                c.indicator = Indicator::Classify;
            }
        }
        'G' => c.group = false,
        'H' => c.deref = Deref::CommandLine,
        opt::DEREFERENCE_COMMAND_LINE_SYMLINK_TO_DIR => c.deref = Deref::CommandLineSymlinkToDir,
        'I' => c.ignore_patterns.push(a),
        'L' => c.deref = Deref::Always,
        'N' => p.quoting = Some(Style::Literal),
        'Q' => p.quoting = Some(Style::C),
        'R' => c.recursive = true,
        'S' => p.sort = Some(Sort::Size),
        'T' => p.tabsize = Some(tab_size(a)),
        'U' => p.sort = Some(Sort::None),
        'X' => p.sort = Some(Sort::Extension),
        'Z' => c.context = true,
        '1' => {
            if p.format != Some(Format::Long) {
                p.format = Some(Format::OnePerLine);
            }
        }
        _ => long_option(c, p, key, a, arg),
    }
}

/// The long options without a short form.
fn long_option(
    c: &mut Config,
    p: &mut Pending,
    key: char,
    a: &'static [u8],
    arg: Option<&'static [u8]>,
) {
    match key {
        opt::AUTHOR => c.author = true,
        opt::HIDE => c.hide_patterns.push(a),
        opt::SORT => p.sort = Some(choice_status(ARGMATCH_STATUS, b"--sort", a, &SORT_WORDS)),
        opt::GROUP_DIRECTORIES_FIRST => c.dirs_first = true,
        opt::TIME => c.time = choice_status(ARGMATCH_STATUS, b"--time", a, &TIME_WORDS),
        opt::FORMAT => {
            p.format = Some(choice_status(
                ARGMATCH_STATUS,
                b"--format",
                a,
                &FORMAT_WORDS,
            ))
        }
        opt::FULL_TIME => {
            p.format = Some(Format::Long);
            p.time_style = Some(b"full-iso");
        }
        opt::COLOR => c.color = when(arg, b"--color"),
        opt::HYPERLINK => c.hyperlink = when(arg, b"--hyperlink"),
        opt::INDICATOR_STYLE => {
            c.indicator = choice_status(ARGMATCH_STATUS, b"--indicator-style", a, &INDICATOR_WORDS)
        }
        opt::QUOTING_STYLE => {
            let words = logic::quote::STYLE_NAMES.map(|(n, s)| (n.as_bytes(), s));
            p.quoting = Some(choice_status(
                ARGMATCH_STATUS,
                b"--quoting-style",
                a,
                &words,
            ));
        }
        opt::TIME_STYLE => p.time_style = Some(a),
        opt::SHOW_CONTROL_CHARS => p.hide_control = Some(false),
        opt::BLOCK_SIZE => {
            let (o, size, e) = human::options(Some(a), &env);
            if let Some(e) = e {
                block_size_error(a, e);
            }
            c.human_opts = o;
            c.output_block_size = size;
            c.file_human_opts = o;
            c.file_block_size = size;
        }
        opt::ZERO => {
            c.eol = 0;
            p.hide_control = Some(false);
            if p.format != Some(Format::Long) {
                p.format = Some(Format::OnePerLine);
            }
            c.color = false;
            p.quoting = Some(Style::Literal);
        }
        _ => cli::try_help_status(LS_FAILURE),
    }
}

/// The defaults decode_switches settles after the options.
fn settle(c: &mut Config, p: &Pending) {
    if c.output_block_size == 0 {
        let ls_block_size = env(b"LS_BLOCK_SIZE");
        let (o, size, _) = human::options(ls_block_size, &env);
        c.human_opts = o;
        c.output_block_size = size;
        if ls_block_size.is_some() || env(b"BLOCK_SIZE").is_some() {
            c.file_human_opts = o;
            c.file_block_size = size;
        }
        if p.kibibytes {
            c.human_opts = 0;
            c.output_block_size = 1024;
        }
    }
    c.format = p.format.unwrap_or(match c.mode {
        Mode::Ls if stdout_isatty() => Format::ManyPerLine,
        Mode::Ls => Format::OnePerLine,
        Mode::Dir => Format::ManyPerLine,
        Mode::Vdir => Format::Long,
    });
    let columns = matches!(
        c.format,
        Format::ManyPerLine | Format::Horizontal | Format::WithCommas
    );
    let mut width = p.width;
    if columns || c.color {
        width = width.or_else(terminal_width).or_else(columns_env);
    }
    c.line_length = width.unwrap_or(80);
    c.max_idx = c.line_length / 3 + usize::from(!c.line_length.is_multiple_of(3));
    if columns {
        c.tabsize = p.tabsize.unwrap_or_else(tabsize_env);
    }
    c.qmark = p
        .hide_control
        .unwrap_or(c.mode == Mode::Ls && stdout_isatty());
    settle_quoting(c, p);
    c.dired &= c.format == Format::Long && !c.hyperlink;
    if c.eol == 0 && c.dired {
        fatal(&[b"--dired and --zero are incompatible"], None);
    }
    c.sort = p
        .sort
        .unwrap_or(if c.format != Format::Long && c.time != TimeType::Mtime {
            Sort::Time
        } else {
            Sort::Name
        });
    if c.format == Format::Long {
        time_style(c, p.time_style);
    }
}

fn terminal_width() -> Option<usize> {
    if !stdout_isatty() {
        return None;
    }
    match sys::tty::window_size(Fd::STDOUT) {
        Ok((_, cols)) if cols > 0 => Some(cols as usize),
        _ => None,
    }
}

fn columns_env() -> Option<usize> {
    let p = env(b"COLUMNS").filter(|p| !p.is_empty())?;
    let n = line_length(p);
    if n.is_none() {
        let msg: &[&[u8]] = &[
            b"ignoring invalid width in environment variable COLUMNS: ",
            &quote(p),
        ];
        error(msg, None);
    }
    n
}

fn tabsize_env() -> usize {
    let Some(p) = env(b"TABSIZE") else {
        return 8;
    };
    match logic::num::xstrtoumax_radix(p, 0, b"") {
        (n, _, None) if usize::try_from(n).is_ok() => n as usize,
        _ => {
            let msg: &[&[u8]] = &[
                b"ignoring invalid tab size in environment variable TABSIZE: ",
                &quote(p),
            ];
            error(msg, None);
            8
        }
    }
}

/// The quoting style of names and what it quotes besides.
fn settle_quoting(c: &mut Config, p: &Pending) {
    let style = p
        .quoting
        .or_else(crate::shared::diag::env_quoting_style)
        .or(match c.mode {
            Mode::Ls if stdout_isatty() => Some(Style::ShellEscape),
            Mode::Ls => None,
            _ => Some(Style::Escape),
        });
    c.style = style.unwrap_or(Style::Literal);
    let aligned = c.format == Format::Long
        || (matches!(c.format, Format::ManyPerLine | Format::Horizontal) && c.line_length != 0);
    c.align_quotes =
        aligned && matches!(c.style, Style::Shell | Style::ShellEscape | Style::CMaybe);
    if c.style == Style::Escape {
        c.quote_too.push(b' ');
    }
    match c.indicator {
        Indicator::FileType => c.quote_too.extend_from_slice(b"*=>@|"),
        Indicator::Classify => c.quote_too.extend_from_slice(b"=>@|"),
        _ => {}
    }
}

/// The time formats of `-l` from `--time-style` or TIME_STYLE.
fn time_style(c: &mut Config, opt: Option<&'static [u8]>) {
    let mut style = opt.or_else(|| env(b"TIME_STYLE")).unwrap_or(b"locale");
    while let Some(rest) = style.strip_prefix(b"posix-") {
        if !sys::env::hard_locale(b"LC_TIME") {
            return;
        }
        style = rest;
    }
    if let Some(f) = style.strip_prefix(b"+") {
        c.time_formats = match f.iter().position(|&b| b == b'\n') {
            None => [f, f],
            Some(i) if f[i + 1..].contains(&b'\n') => {
                fatal(&[b"invalid time style format ", &quote(f)], None)
            }
            Some(i) => [&f[..i], &f[i + 1..]],
        };
        return;
    }
    c.time_formats = match timestyle::word(style, true) {
        Ok(timestyle::Style::FullIso) => [timestyle::FULL_ISO, timestyle::FULL_ISO],
        Ok(timestyle::Style::LongIso) => [timestyle::LONG_ISO, timestyle::LONG_ISO],
        Ok(timestyle::Style::Iso) => [b"%Y-%m-%d ", b"%m-%d %H:%M"],
        Ok(_) => return,
        Err(ambiguous) => bad_time_style(style, ambiguous),
    };
}

fn bad_time_style(style: &[u8], ambiguous: bool) -> ! {
    let what: &[u8] = if ambiguous {
        b"ambiguous argument "
    } else {
        b"invalid argument "
    };
    error(
        &[what, &quote(style), b" for ", &quote(b"time style")],
        None,
    );
    write_stderr(
        b"Valid arguments are:\n  - [posix-]full-iso\n  - [posix-]long-iso\n  - [posix-]iso\n  - [posix-]locale\n  - +FORMAT (e.g., +%H:%M) for a 'date'-style format\n",
    );
    cli::try_help_status(LS_FAILURE)
}

/// Whether a file has an ACL or a security context (the mark after the
/// mode: none, `.` or `+`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Acl {
    None,
    ContextOnly,
    Yes,
}

/// One file of the current table (GNU's `struct fileinfo`). Its name is
/// in the table's arena.
struct FileInfo {
    name: (u32, u32),
    linkname: Option<Vec<u8>>,
    absolute: Option<Vec<u8>>,
    st: Stat,
    /// The time shown and sorted by; nanoseconds -1 when unknown (a
    /// birth time the file system does not keep).
    when: (i64, i64),
    filetype: FileType,
    linkmode: u32,
    /// The security context; None for GNU's "?".
    context: Option<Vec<u8>>,
    stat_ok: bool,
    linkok: bool,
    acl: Acl,
    has_cap: bool,
    /// The cached screen width of the quoted name (0: not computed).
    width: usize,
}

/// A directory waiting to be listed, or (no name) the marker after which
/// the directory last entered is left (loop detection).
struct PendingDir {
    name: Option<Vec<u8>>,
    command_line: bool,
}

/// The widths of the columns of `-l` and `-s` (per listing).
#[derive(Default)]
struct Widths {
    inode: usize,
    block: usize,
    nlink: usize,
    context: usize,
    owner: usize,
    group: usize,
    author: usize,
    major: usize,
    minor: usize,
    size: usize,
}

/// The devices on which an attribute was found unsupported (GNU caches
/// the last one for each of its three attribute queries).
#[derive(Default)]
struct Unsupported {
    /// listxattr (corebox's first question).
    list: Option<u64>,
    context: Option<u64>,
    acl: Option<u64>,
    cap: Option<u64>,
}

/// The id-to-name caches (GNU's idcache).
#[derive(Default)]
struct Names {
    db: sys::user::Db,
    users: Vec<(u32, Option<Vec<u8>>)>,
    groups: Vec<(u32, Option<Vec<u8>>)>,
}

impl Names {
    fn user(&mut self, id: u32) -> Option<&[u8]> {
        let i = match self.users.iter().position(|e| e.0 == id) {
            Some(i) => i,
            None => {
                let n = self.db.user_name_opt(id);
                self.users.push((id, n));
                self.users.len() - 1
            }
        };
        self.users[i].1.as_deref()
    }

    fn group(&mut self, id: u32) -> Option<&[u8]> {
        let i = match self.groups.iter().position(|e| e.0 == id) {
            Some(i) => i,
            None => {
                let n = self.db.group_name_opt(id);
                self.groups.push((id, n));
                self.groups.len() - 1
            }
        };
        self.groups[i].1.as_deref()
    }
}

/// What one run of ls keeps: the options, the colors, the table of the
/// files of the current listing and its widths, the pending directories,
/// and the output's state.
struct Ls {
    c: Config,
    colors: Colors,
    color_symlink_as_referent: bool,
    check_symlink_mode: bool,
    format_needs_stat: bool,
    format_needs_type: bool,
    /// The statx mask GNU asks for (calc_req_mask).
    statx_mask: u32,
    utf8: bool,
    fnmatch_caret: bool,
    status: i32,
    files: Vec<FileInfo>,
    arena: Vec<u8>,
    sorted: Vec<usize>,
    some_quoted: bool,
    any_has_acl: bool,
    w: Widths,
    pending: Vec<PendingDir>,
    active: logic::devino::Set,
    dev_ino: Vec<(u64, u64)>,
    names: Names,
    unsupported: Unsupported,
    tz: Option<logic::tz::Tz>,
    now: (i64, i64),
    expected_time_width: Option<usize>,
    hostname: Vec<u8>,
    dired_pos: u64,
    dired: Vec<u64>,
    subdired: Vec<u64>,
    used_color: bool,
    first: bool,
    print_dir_name: bool,
    /// Scratch space: a quoted name, a long line, a path.
    qbuf: Vec<u8>,
    nbuf: Vec<u8>,
    line: Vec<u8>,
    path: Vec<u8>,
    label: Vec<u8>,
}

/// What statx gives: the stat fields and the birth time, if known.
type StatResult = sys::errno::Result<(Stat, Option<(i64, u32)>)>;

/// statx mask bits (linux/stat.h).
const STATX_MODE: u32 = 0x2;
const STATX_NLINK: u32 = 0x4;
const STATX_UID: u32 = 0x8;
const STATX_GID: u32 = 0x10;
const STATX_ATIME: u32 = 0x20;
const STATX_MTIME: u32 = 0x40;
const STATX_CTIME: u32 = 0x80;
const STATX_INO: u32 = 0x100;
const STATX_SIZE: u32 = 0x200;
const STATX_BLOCKS: u32 = 0x400;
const STATX_BTIME: u32 = 0x800;

/// Files are executable by someone (S_IXUGO).
const S_IXUGO: u32 = 0o111;

impl Ls {
    fn new(c: Config) -> Ls {
        let utf8 = c.utf8;
        let mut ls = Ls {
            colors: Colors::default(),
            color_symlink_as_referent: false,
            check_symlink_mode: false,
            format_needs_stat: false,
            format_needs_type: false,
            statx_mask: 0,
            utf8,
            fnmatch_caret: !sys::env::posixly_correct(),
            status: 0,
            files: Vec::new(),
            arena: Vec::new(),
            sorted: Vec::new(),
            some_quoted: false,
            any_has_acl: false,
            w: Widths::default(),
            pending: Vec::new(),
            active: logic::devino::Set::new(),
            dev_ino: Vec::new(),
            names: Names::default(),
            unsupported: Unsupported::default(),
            tz: None,
            now: (i64::MIN, -1),
            expected_time_width: None,
            hostname: Vec::new(),
            dired_pos: 0,
            dired: Vec::new(),
            subdired: Vec::new(),
            used_color: false,
            first: true,
            print_dir_name: true,
            qbuf: Vec::new(),
            nbuf: Vec::new(),
            line: Vec::new(),
            path: Vec::new(),
            label: Vec::new(),
            c,
        };
        ls.setup();
        ls
    }

    /// What GNU's main settles between decode_switches and the listing.
    fn setup(&mut self) {
        if self.c.color {
            self.parse_ls_colors();
        }
        if self.c.color {
            self.c.tabsize = 0;
        }
        let k = &self.colors;
        self.check_symlink_mode = self.c.dirs_first
            || (self.c.color
                && (k.is_colored(Ind::Orphan)
                    || (k.is_colored(Ind::Exec) && self.color_symlink_as_referent)
                    || (k.is_colored(Ind::Missing) && self.c.format == Format::Long)));
        if self.c.deref == Deref::Undefined {
            self.c.deref = if self.c.immediate_dirs
                || self.c.indicator == Indicator::Classify
                || self.c.format == Format::Long
            {
                Deref::Never
            } else {
                Deref::CommandLineSymlinkToDir
            };
        }
        let c = &self.c;
        self.format_needs_stat = matches!(c.sort, Sort::Time | Sort::Size)
            || c.format == Format::Long
            || c.context
            || c.block_size;
        self.format_needs_type = !self.format_needs_stat
            && (c.recursive || c.color || c.indicator != Indicator::None || c.dirs_first);
        self.statx_mask = self.req_mask();
        if c.hyperlink {
            self.hostname = sys::system::uname().nodename;
        }
    }

    /// GNU's calc_req_mask.
    fn req_mask(&self) -> u32 {
        let c = &self.c;
        let time = match c.time {
            TimeType::Mtime => STATX_MTIME,
            TimeType::Ctime => STATX_CTIME,
            TimeType::Atime => STATX_ATIME,
            TimeType::Btime => STATX_BTIME,
        };
        let mut mask = STATX_MODE;
        if c.inode {
            mask |= STATX_INO;
        }
        if c.block_size {
            mask |= STATX_BLOCKS;
        }
        if c.format == Format::Long {
            mask |= STATX_NLINK | STATX_SIZE | time;
            if c.owner || c.author {
                mask |= STATX_UID;
            }
            if c.group {
                mask |= STATX_GID;
            }
        }
        match c.sort {
            Sort::Time => mask |= time,
            Sort::Size => mask |= STATX_SIZE,
            _ => {}
        }
        mask
    }

    fn name(&self, f: &FileInfo) -> &[u8] {
        &self.arena[f.name.0 as usize..(f.name.0 + f.name.1) as usize]
    }

    fn set_exit_status(&mut self, serious: bool) {
        if serious {
            self.status = LS_FAILURE;
        } else if self.status == 0 {
            self.status = LS_MINOR;
        }
    }

    /// GNU's file_failure: `MESSAGE 'FILE': ERROR`, and the status.
    fn file_failure(&mut self, serious: bool, what: &[u8], file: &[u8], e: Errno) {
        error(&[what, &quoteaf(file)], Some(e));
        self.set_exit_status(serious);
    }

    /// GNU's main after decode_switches.
    fn run(mut self, operands: &[&'static [u8]]) -> i32 {
        if operands.is_empty() {
            if self.c.immediate_dirs {
                self.gobble(b".", FileType::Directory, true, b"", Fd::CWD);
            } else {
                self.queue_dir(Some(b".".to_vec()), true);
            }
        } else {
            for &name in operands {
                self.gobble(name, FileType::Unknown, true, b"", Fd::CWD);
            }
        }
        if !self.files.is_empty() {
            self.sort_files();
            if !self.c.immediate_dirs {
                self.extract_dirs(None, true);
            }
        }
        if !self.sorted.is_empty() {
            self.print_current_files();
            if !self.pending.is_empty() {
                self.dired_out(b"\n");
            }
        } else if operands.len() <= 1 && self.pending.len() == 1 {
            self.print_dir_name = false;
        }
        while let Some(p) = self.pending.pop() {
            match p.name {
                None => {
                    if let Some(di) = self.dev_ino.pop() {
                        self.active.remove(&di);
                    }
                }
                Some(name) => {
                    self.print_dir(&name, p.command_line);
                    self.print_dir_name = true;
                }
            }
        }
        self.finish();
        self.status
    }

    /// The color reset and the --dired trailer at the end.
    fn finish(&mut self) {
        if self.c.color && self.used_color {
            let plain = self.colors.get(Ind::Left) == Some(b"\x1b[")
                && self.colors.get(Ind::Right) == Some(b"m");
            if !plain {
                self.restore_default_color();
            }
        }
        if self.c.dired {
            dump_positions(b"//DIRED//", &self.dired);
            dump_positions(b"//SUBDIRED//", &self.subdired);
            let o = out();
            o.write(b"//DIRED-OPTIONS// --quoting-style=");
            o.write(logic::quote::style_name(self.c.style).as_bytes());
            o.byte(b'\n');
        }
    }

    fn queue_dir(&mut self, name: Option<Vec<u8>>, command_line: bool) {
        self.pending.push(PendingDir { name, command_line });
    }

    /// GNU's clear_files: an empty table with its widths reset.
    fn clear_files(&mut self) {
        self.files.clear();
        self.arena.clear();
        self.sorted.clear();
        self.some_quoted = false;
        self.any_has_acl = false;
        self.w = Widths::default();
    }

    /// GNU's file_ignored.
    fn ignored(&self, name: &[u8]) -> bool {
        let c = &self.c;
        let matches = |patterns: &[&[u8]]| {
            patterns
                .iter()
                .any(|p| logic::fnmatch::fnmatch_period(p, name, self.utf8, self.fnmatch_caret))
        };
        (c.ignore != Ignore::Minimal
            && name.first() == Some(&b'.')
            && (c.ignore == Ignore::Default || logic::path::dot_or_dotdot(name)))
            || (c.ignore == Ignore::Default && matches(&c.hide_patterns))
            || matches(&c.ignore_patterns)
    }
}

/// `PREFIX N N ...` of --dired, when there are positions.
fn dump_positions(prefix: &[u8], pos: &[u64]) {
    if pos.is_empty() {
        return;
    }
    let o = out();
    o.write(prefix);
    for &p in pos {
        o.byte(b' ');
        o.num(p);
    }
    o.byte(b'\n');
}

/// errno values of a query the file system does not support.
fn unsupported(e: Errno) -> bool {
    matches!(e, Errno::INVAL | Errno::NOSYS | Errno::OPNOTSUPP)
}

/// `dir/name` as GNU's attach makes it (`.` left out).
fn attach(out: &mut Vec<u8>, dir: &[u8], name: &[u8]) {
    out.clear();
    if dir != b"." {
        out.extend_from_slice(dir);
        if !dir.is_empty() && !dir.ends_with(b"/") {
            out.push(b'/');
        }
    }
    out.extend_from_slice(name);
}

/// GNU's make_link_name: a relative link target taken from the link's
/// directory.
fn link_path(name: &[u8], target: &[u8]) -> Vec<u8> {
    if target.first() == Some(&b'/') {
        return target.to_vec();
    }
    let dir = logic::path::dirname(name);
    let prefix = if name.contains(&b'/') { dir } else { b"" };
    let mut p = Vec::with_capacity(prefix.len() + 1 + target.len());
    p.extend_from_slice(prefix);
    if !prefix.is_empty() && !prefix.ends_with(b"/") {
        p.push(b'/');
    }
    p.extend_from_slice(target);
    p
}

impl Ls {
    /// Whether gobble_file must stat a file of readdir type `t`.
    fn needs_stat(&self, t: FileType, command_line: bool) -> bool {
        let c = &self.c;
        let k = &self.colors;
        command_line
            || c.hyperlink
            || self.format_needs_stat
            || (t == FileType::Directory
                && c.color
                && (k.is_colored(Ind::OtherWritable)
                    || k.is_colored(Ind::Sticky)
                    || k.is_colored(Ind::StickyOtherWritable)))
            || ((c.inode || self.format_needs_type)
                && matches!(t, FileType::SymbolicLink | FileType::Unknown)
                && (c.deref == Deref::Always
                    || self.color_symlink_as_referent
                    || self.check_symlink_mode))
            || c.inode
            || (self.format_needs_type
                && (t == FileType::Unknown
                    || command_line
                    || (t == FileType::Normal
                        && (c.indicator == Indicator::Classify
                            || (c.color
                                && (k.is_colored(Ind::Exec)
                                    || k.is_colored(Ind::Setuid)
                                    || k.is_colored(Ind::Setgid)
                                    || k.is_colored(Ind::Cap)))))))
    }

    /// GNU's gobble_file: adds `name` (in `dirname`, open as `dir`) to the
    /// table, stat'ed as far as needed; the blocks it takes.
    fn gobble(
        &mut self,
        name: &[u8],
        t: FileType,
        command_line: bool,
        dirname: &[u8],
        dir: Fd,
    ) -> u64 {
        let at = self.arena.len() as u32;
        self.arena.extend_from_slice(name);
        let mut f = FileInfo {
            name: (at, name.len() as u32),
            linkname: None,
            absolute: None,
            st: Stat::default(),
            when: (0, 0),
            filetype: t,
            linkmode: 0,
            context: None,
            stat_ok: false,
            linkok: false,
            acl: Acl::None,
            has_cap: false,
            width: 0,
        };
        if !self.some_quoted && self.c.align_quotes && self.needs_quoting(name) {
            self.some_quoted = true;
        }
        let mut blocks = 0;
        if self.needs_stat(t, command_line) {
            let mut full = core::mem::take(&mut self.path);
            if name.first() == Some(&b'/') || dirname.is_empty() {
                full.clear();
                full.extend_from_slice(name);
            } else {
                attach(&mut full, dirname, name);
            }
            let keep = self.stat_file(&mut f, name, &full, command_line, dir);
            self.path = full;
            if !keep {
                self.arena.truncate(at as usize);
                return 0;
            }
            if !f.stat_ok {
                self.files.push(f);
                return 0;
            }
            blocks = f.st.blocks;
            self.widen(&f);
        }
        if self.c.inode {
            self.w.inode = self.w.inode.max(digits(f.st.ino));
        }
        self.files.push(f);
        blocks
    }

    /// The stat part of gobble_file; false when a command-line operand
    /// could not be stat'ed (it is left out). `full` names the file from
    /// the working directory (the calls that take only paths use it);
    /// stat names it from its directory `dir`.
    fn stat_file(
        &mut self,
        f: &mut FileInfo,
        name: &[u8],
        full: &[u8],
        command_line: bool,
        dir: Fd,
    ) -> bool {
        if self.c.hyperlink {
            match crate::shared::canon::canonicalize(
                full,
                crate::shared::canon::Need::Nothing,
                false,
            ) {
                Ok(a) => f.absolute = Some(a),
                Err(e) => self.file_failure(command_line, b"error canonicalizing ", full, e),
            }
        }
        let at = if command_line { Fd::CWD } else { dir };
        let rel = if command_line { full } else { name };
        let (r, deref) = self.do_stat(rel, at, command_line);
        let (st, birth) = match r {
            Ok(s) => s,
            Err(e) => {
                self.file_failure(command_line, b"cannot access ", full, e);
                return !command_line;
            }
        };
        f.st = st;
        f.stat_ok = true;
        f.when = self.time_of(&st, birth);
        let want_cap = (f.filetype == FileType::Normal || st.mode & S_IFMT == S_IFREG)
            && self.c.color
            && self.colors.is_colored(Ind::Cap);
        let want_attrs = self.c.format == Format::Long || self.c.context;
        if (want_cap || want_attrs) && self.has_attributes(full, st.dev, deref) {
            if want_cap {
                f.has_cap = self.has_capability(full, st.dev);
            }
            if want_attrs {
                self.attributes(f, full, deref);
            }
        }
        if st.mode & S_IFMT == S_IFLNK && (self.c.format == Format::Long || self.check_symlink_mode)
        {
            self.link_target(f, full, command_line);
        }
        f.filetype = match st.mode & S_IFMT {
            S_IFLNK => FileType::SymbolicLink,
            S_IFDIR if command_line && !self.c.immediate_dirs => FileType::ArgDirectory,
            S_IFDIR => FileType::Directory,
            _ => FileType::Normal,
        };
        true
    }

    /// stat or lstat as the dereference mode says: the result, and
    /// whether it followed a symlink.
    fn do_stat(&self, name: &[u8], at: Fd, command_line: bool) -> (StatResult, bool) {
        let mask = self.statx_mask;
        match self.c.deref {
            Deref::Always => (sys::fs::statx_at(at, name, true, mask), true),
            Deref::CommandLine | Deref::CommandLineSymlinkToDir if command_line => {
                let r = sys::fs::statx_at(at, name, true, mask);
                if self.c.deref == Deref::CommandLine {
                    return (r, true);
                }
                let need_lstat = match &r {
                    Err(e) => *e == Errno::NOENT,
                    Ok((st, _)) => !st.is_dir(),
                };
                if !need_lstat {
                    return (r, true);
                }
                (sys::fs::statx_at(at, name, false, mask), false)
            }
            _ => (sys::fs::statx_at(at, name, false, mask), false),
        }
    }

    /// The time shown and sorted by.
    fn time_of(&self, st: &Stat, birth: Option<(i64, u32)>) -> (i64, i64) {
        match self.c.time {
            TimeType::Mtime => (st.mtime, st.mtime_nsec as i64),
            TimeType::Ctime => (st.ctime, st.ctime_nsec as i64),
            TimeType::Atime => (st.atime, st.atime_nsec as i64),
            TimeType::Btime => birth.map_or((-1, -1), |(s, n)| (s, n as i64)),
        }
    }

    /// Whether the file may have a capability, a context or an ACL: most
    /// files have no extended attribute at all, which one listxattr says
    /// for all three; a file system without them is remembered by device
    /// (GNU's caches of unsupported queries, ls/getxattr-speedup.sh).
    fn has_attributes(&mut self, full: &[u8], dev: u64, deref: bool) -> bool {
        if self.unsupported.list == Some(dev) {
            return false;
        }
        match sys::xattr::names_size(full, deref) {
            Ok(0) => false,
            Err(e) if unsupported(e) => {
                self.unsupported.list = Some(dev);
                false
            }
            _ => true,
        }
    }

    /// has_capability_cache: a `security.capability` attribute.
    fn has_capability(&mut self, full: &[u8], dev: u64) -> bool {
        if self.unsupported.cap == Some(dev) {
            return false;
        }
        match sys::xattr::size(full, c"security.capability", true) {
            Ok(n) => n > 0,
            Err(e) => {
                if unsupported(e) {
                    self.unsupported.cap = Some(dev);
                }
                false
            }
        }
    }

    /// The security context and the ACL mark of `-l` and `-Z`.
    fn attributes(&mut self, f: &mut FileInfo, full: &[u8], deref: bool) {
        let dev = f.st.dev;
        let mut have_context = false;
        let mut err = None;
        match self.context_of(full, dev, deref) {
            Ok(ctx) => {
                have_context = true;
                f.context = Some(ctx);
            }
            Err(e) if e == Errno::OPNOTSUPP || e == Errno::NODATA => {}
            Err(e) => err = Some(e),
        }
        let mut have_acl = false;
        if err.is_none() && self.c.format == Format::Long {
            match self.has_acl(full, &f.st) {
                Ok(a) => have_acl = a,
                Err(e) => err = Some(e),
            }
        }
        f.acl = match (have_context, have_acl) {
            (false, false) => Acl::None,
            (true, false) => Acl::ContextOnly,
            _ => Acl::Yes,
        };
        self.any_has_acl |= f.acl != Acl::None;
        if let Some(e) = err {
            error(&[&quotef(full)], Some(e));
        }
    }

    /// getfilecon_cache: the `security.selinux` attribute as libselinux
    /// reads it and gnulib's wrapper maps it (an empty attribute is "not
    /// supported", `unlabeled` none at all).
    fn context_of(&mut self, path: &[u8], dev: u64, deref: bool) -> sys::errno::Result<Vec<u8>> {
        if self.unsupported.context == Some(dev) {
            return Err(Errno::OPNOTSUPP);
        }
        let mut buf = core::mem::take(&mut self.label);
        let r = match sys::selinux::label_into(path, deref, &mut buf) {
            Ok(Some(0)) => Err(Errno::OPNOTSUPP),
            Ok(Some(_)) if buf == b"unlabeled" => Err(Errno::NODATA),
            Ok(Some(_)) => Ok(buf.clone()),
            Ok(None) => Err(Errno::NODATA),
            Err(e) => Err(e),
        };
        self.label = buf;
        if let Err(e) = r {
            if unsupported(e) {
                self.unsupported.context = Some(dev);
            }
        }
        r
    }

    /// file_has_acl_cache over gnulib's getxattr test: an access ACL (a
    /// default one for a directory) of any size; never for a symlink.
    fn has_acl(&mut self, full: &[u8], st: &Stat) -> sys::errno::Result<bool> {
        if self.unsupported.acl == Some(st.dev) || st.mode & S_IFMT == S_IFLNK {
            return Ok(false);
        }
        let mut r = match sys::xattr::size(full, c"system.posix_acl_access", true) {
            Ok(n) if n > 0 => return Ok(true),
            Ok(_) | Err(Errno::NODATA) => Ok(false),
            Err(e) => Err(e),
        };
        if r == Ok(false) && st.is_dir() {
            r = match sys::xattr::size(full, c"system.posix_acl_default", true) {
                Ok(n) if n > 0 => return Ok(true),
                Ok(_) | Err(Errno::NODATA) => Ok(false),
                Err(e) => Err(e),
            };
        }
        match r {
            Err(e) if unsupported(e) => {
                self.unsupported.acl = Some(st.dev);
                Ok(false)
            }
            Err(Errno::BUSY) => Ok(false),
            r => r,
        }
    }

    /// The target of a symlink, and (when something needs it) what it
    /// points to.
    fn link_target(&mut self, f: &mut FileInfo, full: &[u8], command_line: bool) {
        match sys::fs::readlink(full) {
            Ok(t) => f.linkname = Some(t),
            Err(e) => {
                self.file_failure(command_line, b"cannot read symbolic link ", full, e);
                return;
            }
        }
        if self.c.indicator >= Indicator::FileType || self.check_symlink_mode {
            let target = link_path(full, f.linkname.as_deref().unwrap_or_default());
            if let Ok((st, _)) = sys::fs::statx_at(Fd::CWD, &target, true, STATX_MODE) {
                f.linkok = true;
                f.linkmode = st.mode;
            }
        }
    }

    /// The column widths a stat'ed file asks for.
    fn widen(&mut self, f: &FileInfo) {
        let long = self.c.format == Format::Long;
        // (GNU measures the blocks of -l without -s too, never to show them.)
        if self.c.block_size {
            let b = human::readable(
                f.st.blocks,
                self.c.human_opts,
                512,
                self.c.output_block_size,
            );
            self.w.block = self.w.block.max(self.width_of(b.as_bytes()));
        }
        if long {
            if self.c.owner {
                let n = self.user_width(f.st.uid);
                self.w.owner = self.w.owner.max(n);
            }
            if self.c.group {
                let n = self.group_width(f.st.gid);
                self.w.group = self.w.group.max(n);
            }
            if self.c.author {
                let n = self.user_width(f.st.uid);
                self.w.author = self.w.author.max(n);
            }
        }
        if self.c.context {
            let n = f.context.as_ref().map_or(1, |c| c.len());
            self.w.context = self.w.context.max(n);
        }
        if long {
            self.w.nlink = self.w.nlink.max(digits(f.st.nlink));
            let kind = f.st.mode & S_IFMT;
            if kind == S_IFCHR || kind == S_IFBLK {
                let (ma, mi) = (
                    logic::mountinfo::major(f.st.rdev),
                    logic::mountinfo::minor(f.st.rdev),
                );
                self.w.major = self.w.major.max(digits(ma));
                self.w.minor = self.w.minor.max(digits(mi));
                self.w.size = self.w.size.max(self.w.major + 2 + self.w.minor);
            } else {
                let mut s = core::mem::take(&mut self.nbuf);
                s.clear();
                self.push_file_size(&mut s, f.st.size as u64);
                self.w.size = self.w.size.max(self.width_of(&s));
                self.nbuf = s;
            }
        }
    }

    fn width_of(&self, s: &[u8]) -> usize {
        logic::unicode::mbswidth(s, self.utf8)
    }

    fn user_width(&mut self, id: u32) -> usize {
        let utf8 = self.utf8;
        match (self.c.numeric, self.names.user(id)) {
            (false, Some(n)) => logic::unicode::mbswidth(n, utf8),
            _ => digits(u64::from(id)),
        }
    }

    fn group_width(&mut self, id: u32) -> usize {
        let utf8 = self.utf8;
        match (self.c.numeric, self.names.group(id)) {
            (false, Some(n)) => logic::unicode::mbswidth(n, utf8),
            _ => digits(u64::from(id)),
        }
    }
}

/// The number of decimal digits of `n`.
fn digits(n: u64) -> usize {
    let mut buf = [0u8; 20];
    logic::digits::u64_dec(n, &mut buf).len()
}

fn is_directory(f: &FileInfo) -> bool {
    matches!(f.filetype, FileType::Directory | FileType::ArgDirectory)
}

fn is_linked_directory(f: &FileInfo) -> bool {
    is_directory(f) || f.linkmode & S_IFMT == S_IFDIR
}

/// The extension `-X` sorts by: from the last `.`, or nothing.
fn extension(name: &[u8]) -> &[u8] {
    name.iter()
        .rposition(|&b| b == b'.')
        .map_or(&b""[..], |i| &name[i..])
}

impl Ls {
    /// GNU's print_dir: the header, the entries and the total of a
    /// directory, its subdirectories queued when recursive.
    fn print_dir(&mut self, name: &[u8], command_line: bool) {
        let dir = match sys::fs::open(name, sys::fs::Open::Dir) {
            Ok(d) => d,
            Err(e) => return self.file_failure(command_line, b"cannot open directory ", name, e),
        };
        if self.c.recursive {
            match sys::fs::fstat(dir.fd()) {
                Err(e) => {
                    let what = b"cannot determine device and inode of ";
                    return self.file_failure(command_line, what, name, e);
                }
                Ok(st) => {
                    if !self.active.insert((st.dev, st.ino)) {
                        error(
                            &[&quotef(name), b": not listing already-listed directory"],
                            None,
                        );
                        self.set_exit_status(true);
                        return;
                    }
                    self.dev_ino.push((st.dev, st.ino));
                }
            }
        }
        self.clear_files();
        if self.c.recursive || self.print_dir_name {
            self.dir_header(name, command_line);
        }
        let total = self.read_dir(&dir, name, command_line);
        if let Err(e) = dir.close() {
            self.file_failure(command_line, b"closing directory ", name, e);
        }
        self.sort_files();
        if self.c.recursive {
            self.extract_dirs(Some(name), false);
        }
        if self.c.format == Format::Long || self.c.block_size {
            let t = human::readable(total, self.c.human_opts, 512, self.c.output_block_size);
            self.dired_indent();
            self.dired_out(b"total ");
            self.dired_out(t.as_bytes());
            self.dired_out(&[self.c.eol]);
        }
        if !self.sorted.is_empty() {
            self.print_current_files();
        }
    }

    /// `NAME:` before a directory's listing.
    fn dir_header(&mut self, name: &[u8], command_line: bool) {
        if !self.first {
            self.dired_out(b"\n");
        }
        self.first = false;
        self.dired_indent();
        let mut absolute = None;
        if self.c.hyperlink {
            match crate::shared::canon::canonicalize(
                name,
                crate::shared::canon::Need::Nothing,
                false,
            ) {
                Ok(a) => absolute = Some(a),
                Err(e) => self.file_failure(command_line, b"error canonicalizing ", name, e),
            }
        }
        let how = Quoting {
            dirname: true,
            allow_pad: true,
            stack: Stack::Subdired,
        };
        self.quote_name(name, how, None, absolute.as_deref());
        self.dired_out(b":\n");
    }

    /// Reads the entries of `dir` into the table (printing each at once in
    /// GNU's constant-memory case); the blocks they take.
    fn read_dir(&mut self, dir: &sys::io::File, name: &[u8], command_line: bool) -> u64 {
        let mut total = 0u64;
        let at_once = self.c.format == Format::OnePerLine
            && self.c.sort == Sort::None
            && !self.c.block_size
            && !self.c.recursive;
        let fd = dir.fd();
        let r = sys::dir::for_each_entry(fd, |entry, kind| {
            if self.ignored(entry) {
                return;
            }
            let t = FileType::from_mode(kind);
            total = total.wrapping_add(self.gobble(entry, t, false, name, fd));
            if at_once {
                self.sort_files();
                self.print_current_files();
                self.clear_files();
            }
        });
        if let Err(e) = r {
            self.file_failure(command_line, b"reading directory ", name, e);
        }
        total
    }

    /// GNU's extract_dirs_from_files: the directories of the table queued
    /// for listing (after a marker for loop detection when `dirname` is
    /// the directory being listed), command-line ones taken out of it.
    fn extract_dirs(&mut self, dirname: Option<&[u8]>, command_line: bool) {
        if dirname.is_some() && self.c.recursive {
            self.queue_dir(None, false);
        }
        for i in (0..self.sorted.len()).rev() {
            let f = &self.files[self.sorted[i]];
            let name = self.name(f);
            let skip = dirname.is_some() && {
                let base = &name[logic::path::last_component(name)..];
                base == b"." || base == b".."
            };
            if !is_directory(f) || skip {
                continue;
            }
            let path = match dirname {
                Some(d) if name.first() != Some(&b'/') => logic::path::file_name_concat(d, name).0,
                _ => name.to_vec(),
            };
            self.queue_dir(Some(path), command_line);
        }
        let files = &self.files;
        self.sorted
            .retain(|&i| files[i].filetype != FileType::ArgDirectory);
    }

    /// GNU's sort_files, with update_current_files_info's width cache.
    fn sort_files(&mut self) {
        self.sorted.clear();
        self.sorted.extend(0..self.files.len());
        let c = &self.c;
        if c.sort == Sort::Width
            || (c.line_length != 0 && matches!(c.format, Format::ManyPerLine | Format::Horizontal))
        {
            for i in 0..self.files.len() {
                let w = self.name_width(i);
                self.files[i].width = w;
            }
        }
        if self.c.sort == Sort::None {
            return;
        }
        let mut v = core::mem::take(&mut self.sorted);
        if self.c.sort == Sort::Name && !self.c.dirs_first {
            self.sort_by_name(&mut v);
        } else {
            logic::sort::quick_by(&mut v, |&a, &b| {
                self.compare(&self.files[a], &self.files[b]).is_lt()
            });
        }
        self.sorted = v;
    }

    /// The common sort, by name alone: on the names' first eight bytes,
    /// kept together, then on the rest (equal names being the same
    /// operand twice, their order does not show).
    fn sort_by_name(&self, v: &mut Vec<usize>) {
        let name = |i: u32| self.name(&self.files[i as usize]);
        let mut keyed: Vec<(u64, u32)> = v
            .iter()
            .map(|&i| {
                let n = name(i as u32);
                let mut k = [0u8; 8];
                let m = n.len().min(8);
                k[..m].copy_from_slice(&n[..m]);
                (u64::from_be_bytes(k), i as u32)
            })
            .collect();
        logic::sort::quick_by(&mut keyed, |a, b| {
            a.0.cmp(&b.0).then_with(|| name(a.1).cmp(name(b.1))).is_lt()
        });
        if self.c.reverse {
            keyed.reverse();
        }
        v.clear();
        v.extend(keyed.iter().map(|k| k.1 as usize));
    }

    fn compare(&self, a: &FileInfo, b: &FileInfo) -> Ordering {
        if self.c.dirs_first {
            match is_linked_directory(b).cmp(&is_linked_directory(a)) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        if self.c.reverse {
            self.compare_keys(b, a)
        } else {
            self.compare_keys(a, b)
        }
    }

    fn compare_keys(&self, a: &FileInfo, b: &FileInfo) -> Ordering {
        let (na, nb) = (self.name(a), self.name(b));
        let names = || na.cmp(nb);
        match self.c.sort {
            Sort::Name | Sort::None => names(),
            Sort::Extension => extension(na).cmp(extension(nb)).then_with(names),
            Sort::Width => a.width.cmp(&b.width).then_with(names),
            Sort::Size => b.st.size.cmp(&a.st.size).then_with(names),
            Sort::Version => logic::filevercmp::filevercmp(na, nb).then_with(names),
            Sort::Time => b.when.cmp(&a.when).then_with(names),
        }
    }
}

/// Which --dired list a name's position goes to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stack {
    None,
    Dired,
    Subdired,
}

/// How quote_name shows a name.
#[derive(Clone, Copy)]
struct Quoting {
    /// A directory header (`:` quoted instead of the file names' extra
    /// characters).
    dirname: bool,
    allow_pad: bool,
    stack: Stack,
}

/// A color to paint a name with: an indicator, or a suffix entry.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Paint {
    Ind(Ind),
    Ext(usize),
}

/// Writes bytes counted in the --dired positions.
fn dput(pos: &mut u64, b: &[u8]) {
    *pos += b.len() as u64;
    out().write(b);
}

/// `s` right-aligned in `width` bytes (printf's `%*s`).
fn push_padded(line: &mut Vec<u8>, s: &[u8], width: usize) {
    line.resize(line.len() + width.saturating_sub(s.len()), b' ');
    line.extend_from_slice(s);
}

/// The unreserved characters of RFC 3986 (GNU's file_escape keeps them).
fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'~' | b'-' | b'.' | b'_')
}

/// GNU's file_escape: `%XX` for anything but unreserved characters (and
/// `/` in a path).
fn file_escape(out: &mut Vec<u8>, s: &[u8], path: bool) {
    for &b in s {
        if (path && b == b'/') || unreserved(b) {
            out.push(b);
        } else {
            out.push(b'%');
            logic::digits::push_hex(out, u64::from(b), 2);
        }
    }
}

/// The quoted name in `buf` with what `-q` hides shown as `?`: its width
/// (quote_name_buf's qmark_funny_chars pass).
fn hide_unprintable(buf: &mut Vec<u8>, utf8: bool) -> usize {
    if !utf8 {
        for b in buf.iter_mut() {
            if !(0x20..0x7f).contains(b) {
                *b = b'?';
            }
        }
        return buf.len();
    }
    let mut out = Vec::with_capacity(buf.len());
    let mut width = 0;
    let mut i = 0;
    while i < buf.len() {
        if (0x20..0x7f).contains(&buf[i]) {
            out.push(buf[i]);
            width += 1;
            i += 1;
            continue;
        }
        match logic::unicode::decode(&buf[i..]) {
            Ok((cp, n)) => {
                match logic::unicode::wcwidth(cp) {
                    Some(w) => {
                        out.extend_from_slice(&buf[i..i + n]);
                        width += w;
                    }
                    None => {
                        out.push(b'?');
                        width += 1;
                    }
                }
                i += n;
            }
            Err(cut) => {
                out.push(b'?');
                width += 1;
                i = if cut { buf.len() } else { i + 1 };
            }
        }
    }
    *buf = out;
    width
}

impl Ls {
    /// GNU's quote_name_buf into `buf`: whether quoting changed the name,
    /// and its width when asked for (or when `-q` measured it anyway).
    fn quote_buf(
        &self,
        buf: &mut Vec<u8>,
        name: &[u8],
        dirname: bool,
        want_width: bool,
    ) -> (bool, usize) {
        buf.clear();
        let too: &[u8] = if dirname { b":" } else { &self.c.quote_too };
        logic::quote::quotearg(buf, name, self.c.style, self.utf8, too);
        let quoted = buf[..] != *name;
        let further = self.c.qmark
            && matches!(
                self.c.style,
                Style::Shell | Style::ShellAlways | Style::Literal
            );
        let width = if further {
            hide_unprintable(buf, self.utf8)
        } else if !want_width {
            0
        } else if self.utf8 {
            logic::unicode::mbswidth(buf, true)
        } else {
            buf.iter().filter(|b| (0x20..0x7f).contains(*b)).count()
        };
        (quoted, width)
    }

    fn needs_quoting(&mut self, name: &[u8]) -> bool {
        let mut buf = core::mem::take(&mut self.qbuf);
        buf.clear();
        logic::quote::quotearg(&mut buf, name, self.c.style, self.utf8, &self.c.quote_too);
        let r = buf[..] != *name;
        self.qbuf = buf;
        r
    }

    fn pad(&self, quoted: bool) -> bool {
        self.c.align_quotes && self.some_quoted && !quoted
    }

    /// quote_name_width of file `i`'s name.
    fn name_width(&mut self, i: usize) -> usize {
        let mut buf = core::mem::take(&mut self.qbuf);
        let f = &self.files[i];
        let (quoted, width) = self.quote_buf(&mut buf, self.name(f), false, true);
        self.qbuf = buf;
        width + usize::from(self.pad(quoted))
    }

    /// fileinfo_name_width: the cached width, or a fresh one.
    fn cached_width(&mut self, i: usize) -> usize {
        match self.files[i].width {
            0 => self.name_width(i),
            w => w,
        }
    }

    /// GNU's quote_name: the name quoted, padded, painted and linked;
    /// the columns it takes (bytes, in fact, as GNU counts them).
    fn quote_name(
        &mut self,
        name: &[u8],
        how: Quoting,
        paint: Option<Paint>,
        absolute: Option<&[u8]>,
    ) -> usize {
        let mut buf = core::mem::take(&mut self.qbuf);
        let (quoted, _) = self.quote_buf(&mut buf, name, how.dirname, false);
        let len = self.emit_name(&buf, quoted, how, paint, absolute);
        self.qbuf = buf;
        len
    }

    /// The output half of quote_name: the quoted name `buf` padded,
    /// painted, linked and its --dired position kept.
    fn emit_name(
        &mut self,
        buf: &[u8],
        quoted: bool,
        how: Quoting,
        paint: Option<Paint>,
        absolute: Option<&[u8]>,
    ) -> usize {
        let pad = self.pad(quoted);
        if pad && how.allow_pad {
            dput(&mut self.dired_pos, b" ");
        }
        if let Some(p) = paint {
            self.print_color_indicator(p);
        }
        let skip = absolute.is_some() && self.c.align_quotes && self.some_quoted && !pad;
        if let Some(abs) = absolute {
            self.hyperlink_start(buf, abs, skip);
        }
        self.push_position(how.stack);
        let len = buf.len();
        let shown = if skip && len >= 2 {
            &buf[1..len - 1]
        } else {
            buf
        };
        out().write(shown);
        self.dired_pos += len as u64;
        self.push_position(how.stack);
        if absolute.is_some() {
            out().write(b"\x1b]8;;\x07");
            if skip {
                out().write(&buf[len - 1..]);
            }
        }
        len + usize::from(pad)
    }

    fn hyperlink_start(&mut self, buf: &[u8], abs: &[u8], skip: bool) {
        if skip {
            out().write(&buf[..1]);
        }
        let mut link = Vec::with_capacity(abs.len() + 32);
        link.extend_from_slice(b"\x1b]8;;file://");
        file_escape(&mut link, &self.hostname, false);
        if abs.first() != Some(&b'/') {
            link.push(b'/');
        }
        file_escape(&mut link, abs, true);
        link.push(7);
        out().write(&link);
    }

    fn push_position(&mut self, stack: Stack) {
        if !self.c.dired {
            return;
        }
        match stack {
            Stack::None => {}
            Stack::Dired => self.dired.push(self.dired_pos),
            Stack::Subdired => self.subdired.push(self.dired_pos),
        }
    }

    fn dired_out(&mut self, b: &[u8]) {
        dput(&mut self.dired_pos, b);
    }

    fn dired_indent(&mut self) {
        if self.c.dired {
            self.dired_out(b"  ");
        }
    }

    /// GNU's print_name_with_quoting: file `i`'s name (or its link's
    /// target) painted, and the color ended; the columns it took.
    fn print_name(&mut self, i: usize, target: bool, stack: Stack, start_col: usize) -> usize {
        let paint = if self.c.color {
            self.color_of(&self.files[i], target)
        } else {
            None
        };
        let used_color = self.c.color && (paint.is_some() || self.colors.is_colored(Ind::Norm));
        let mut buf = core::mem::take(&mut self.qbuf);
        let f = &self.files[i];
        let name = if target {
            f.linkname.as_deref().unwrap_or_default()
        } else {
            self.name(f)
        };
        let (quoted, _) = self.quote_buf(&mut buf, name, false, false);
        let absolute = if self.c.hyperlink {
            f.absolute.clone()
        } else {
            None
        };
        let how = Quoting {
            dirname: false,
            allow_pad: !target,
            stack,
        };
        let len = self.emit_name(&buf, quoted, how, paint, absolute.as_deref());
        self.qbuf = buf;
        if used_color {
            self.prep_non_filename_text();
            let ll = self.c.line_length;
            if ll != 0 && start_col / ll != (start_col + len).wrapping_sub(1) / ll {
                self.put_indicator(Paint::Ind(Ind::ClrToEol));
            }
        }
        len
    }

    /// GNU's get_type_indicator.
    fn type_indicator(&self, stat_ok: bool, mode: u32, t: FileType) -> Option<u8> {
        let kind = mode & S_IFMT;
        let is = |k: u32, ft: FileType| if stat_ok { kind == k } else { t == ft };
        if is(S_IFREG, FileType::Normal) {
            let exec = stat_ok && self.c.indicator == Indicator::Classify && mode & S_IXUGO != 0;
            return exec.then_some(b'*');
        }
        if (stat_ok && kind == S_IFDIR) || (!stat_ok && is_directory_type(t)) {
            Some(b'/')
        } else if self.c.indicator == Indicator::Slash {
            None
        } else if is(S_IFLNK, FileType::SymbolicLink) {
            Some(b'@')
        } else if is(S_IFIFO, FileType::Fifo) {
            Some(b'|')
        } else if is(S_IFSOCK, FileType::Sock) {
            Some(b'=')
        } else {
            None
        }
    }

    fn print_type_indicator(&mut self, stat_ok: bool, mode: u32, t: FileType) -> bool {
        match self.type_indicator(stat_ok, mode, t) {
            Some(c) => {
                self.dired_out(&[c]);
                true
            }
            None => false,
        }
    }
}

fn is_directory_type(t: FileType) -> bool {
    matches!(t, FileType::Directory | FileType::ArgDirectory)
}

impl Ls {
    /// GNU's parse_ls_color: LS_COLORS, or when it is unset or empty the
    /// built-in colors if COLORTERM is set or TERM is a known terminal.
    #[cfg_attr(corebox_opt, optimize(size), inline(never))]
    fn parse_ls_colors(&mut self) {
        let spec = env(b"LS_COLORS").filter(|s| !s.is_empty());
        let Some(spec) = spec else {
            let colorterm = env(b"COLORTERM").is_some_and(|c| !c.is_empty());
            if !colorterm && !self.known_term_type() {
                self.c.color = false;
            }
            return;
        };
        let (colors, r) = logic::ls::parse(spec);
        self.colors = colors;
        if let Err(e) = r {
            if let logic::ls::ColorError::UnknownLabel(l) = e {
                error(&[b"unrecognized prefix: ", &quote(&l)], None);
            }
            error(
                &[b"unparsable value for LS_COLORS environment variable"],
                None,
            );
            self.c.color = false;
        }
        self.color_symlink_as_referent = self.colors.get(Ind::Link) == Some(b"target");
    }

    /// GNU 9.1's known_term_type: TERM matches a TERM line of dircolors'
    /// database.
    fn known_term_type(&self) -> bool {
        let Some(term) = env(b"TERM").filter(|t| !t.is_empty()) else {
            return false;
        };
        logic::ls::term_patterns()
            .any(|p| logic::fnmatch::fnmatch(p, term, self.utf8, self.fnmatch_caret))
    }

    fn seq(&self, p: Paint) -> &[u8] {
        match p {
            Paint::Ind(i) => self.colors.get(i).unwrap_or_default(),
            Paint::Ext(k) => &self.colors.ext[k].1,
        }
    }

    /// GNU's put_indicator: the first color of the run starts with the
    /// reset of non-name text.
    fn put_indicator(&mut self, p: Paint) {
        if !self.used_color {
            self.used_color = true;
            self.prep_non_filename_text();
        }
        out().write(self.seq(p));
    }

    fn prep_non_filename_text(&mut self) {
        if self.colors.get(Ind::End).is_some() {
            self.put_indicator(Paint::Ind(Ind::End));
        } else {
            self.put_indicator(Paint::Ind(Ind::Left));
            self.put_indicator(Paint::Ind(Ind::Reset));
            self.put_indicator(Paint::Ind(Ind::Right));
        }
    }

    fn restore_default_color(&mut self) {
        self.put_indicator(Paint::Ind(Ind::Left));
        self.put_indicator(Paint::Ind(Ind::Right));
    }

    fn set_normal_color(&mut self) {
        if self.c.color && self.colors.is_colored(Ind::Norm) {
            self.put_indicator(Paint::Ind(Ind::Left));
            self.put_indicator(Paint::Ind(Ind::Norm));
            self.put_indicator(Paint::Ind(Ind::Right));
        }
    }

    fn print_color_indicator(&mut self, p: Paint) {
        if self.colors.is_colored(Ind::Norm) {
            self.restore_default_color();
        }
        self.put_indicator(Paint::Ind(Ind::Left));
        self.put_indicator(p);
        self.put_indicator(Paint::Ind(Ind::Right));
    }

    /// GNU's get_color_indicator: the color of a file's name, or of its
    /// link's target.
    fn color_of(&self, f: &FileInfo, target: bool) -> Option<Paint> {
        let k = &self.colors;
        let (name, mode, linkok): (&[u8], u32, i8) = if target {
            let name = f.linkname.as_deref().unwrap_or_default();
            (name, f.linkmode, if f.linkok { 0 } else { -1 })
        } else {
            let mode = if self.color_symlink_as_referent && f.linkok {
                f.linkmode
            } else {
                f.st.mode
            };
            (self.name(f), mode, i8::from(f.linkok))
        };
        let mut t = if linkok == -1 && k.is_colored(Ind::Missing) {
            Ind::Missing
        } else if !f.stat_ok {
            f.filetype.indicator()
        } else {
            self.mode_color(mode, f.has_cap, f.st.nlink)
        };
        let mut ext = None;
        if t == Ind::File {
            ext = k.ext.iter().position(|(e, _)| {
                e.len() <= name.len() && name[name.len() - e.len()..].eq_ignore_ascii_case(e)
            });
        }
        if t == Ind::Link
            && linkok == 0
            && (self.color_symlink_as_referent || k.is_colored(Ind::Orphan))
        {
            t = Ind::Orphan;
        }
        match ext {
            Some(i) => Some(Paint::Ext(i)),
            None => k.get(t).map(|_| Paint::Ind(t)),
        }
    }

    /// The color of a stat'ed file of mode `mode`.
    fn mode_color(&self, mode: u32, has_cap: bool, nlink: u64) -> Ind {
        let k = &self.colors;
        match mode & S_IFMT {
            S_IFREG => {
                if mode & 0o4000 != 0 && k.is_colored(Ind::Setuid) {
                    Ind::Setuid
                } else if mode & 0o2000 != 0 && k.is_colored(Ind::Setgid) {
                    Ind::Setgid
                } else if k.is_colored(Ind::Cap) && has_cap {
                    Ind::Cap
                } else if mode & S_IXUGO != 0 && k.is_colored(Ind::Exec) {
                    Ind::Exec
                } else if nlink > 1 && k.is_colored(Ind::MultiHardlink) {
                    Ind::MultiHardlink
                } else {
                    Ind::File
                }
            }
            S_IFDIR => {
                let (sticky, other_w) = (mode & 0o1000 != 0, mode & 0o002 != 0);
                if sticky && other_w && k.is_colored(Ind::StickyOtherWritable) {
                    Ind::StickyOtherWritable
                } else if other_w && k.is_colored(Ind::OtherWritable) {
                    Ind::OtherWritable
                } else if sticky && k.is_colored(Ind::Sticky) {
                    Ind::Sticky
                } else {
                    Ind::Dir
                }
            }
            S_IFLNK => Ind::Link,
            S_IFIFO => Ind::Fifo,
            S_IFSOCK => Ind::Sock,
            S_IFBLK => Ind::Blk,
            S_IFCHR => Ind::Chr,
            _ => Ind::Orphan,
        }
    }
}

impl Ls {
    /// GNU's print_current_files.
    fn print_current_files(&mut self) {
        let eol = self.c.eol;
        match self.c.format {
            Format::OnePerLine => {
                for k in 0..self.sorted.len() {
                    self.print_frills(self.sorted[k], 0);
                    out().byte(eol);
                }
            }
            Format::ManyPerLine | Format::Horizontal if self.c.line_length == 0 => {
                self.print_with_separator(b' ')
            }
            Format::ManyPerLine => self.print_many_per_line(),
            Format::Horizontal => self.print_horizontal(),
            Format::WithCommas => self.print_with_separator(b','),
            Format::Long => {
                for k in 0..self.sorted.len() {
                    self.set_normal_color();
                    self.print_long(self.sorted[k]);
                    self.dired_out(&[eol]);
                }
            }
        }
    }

    fn blocks_text(&self, f: &FileInfo) -> alloc::string::String {
        if f.stat_ok {
            human::readable(
                f.st.blocks,
                self.c.human_opts,
                512,
                self.c.output_block_size,
            )
        } else {
            "?".into()
        }
    }

    /// GNU's print_file_name_and_frills: inode, blocks and context before
    /// the name, the indicator after; the columns taken.
    fn print_frills(&mut self, i: usize, start_col: usize) -> usize {
        self.set_normal_color();
        let commas = self.c.format == Format::WithCommas;
        let mut line = core::mem::take(&mut self.line);
        line.clear();
        let f = &self.files[i];
        if self.c.inode {
            let w = if commas { 0 } else { self.w.inode };
            push_padded(&mut line, &inode_text(f), w);
            line.push(b' ');
        }
        if self.c.block_size {
            let w = if commas { 0 } else { self.w.block };
            push_padded(&mut line, self.blocks_text(f).as_bytes(), w);
            line.push(b' ');
        }
        if self.c.context {
            let w = if commas { 0 } else { self.w.context };
            push_padded(&mut line, f.context.as_deref().unwrap_or(b"?"), w);
            line.push(b' ');
        }
        out().write(&line);
        self.line = line;
        let (stat_ok, mode, t) = (f.stat_ok, f.st.mode, f.filetype);
        let mut width = self.print_name(i, false, Stack::None, start_col);
        if self.c.indicator != Indicator::None {
            width += usize::from(self.print_type_indicator(stat_ok, mode, t));
        }
        width
    }

    /// GNU's length_of_file_name_and_frills.
    fn frills_width(&mut self, i: usize) -> usize {
        let commas = self.c.format == Format::WithCommas;
        let f = &self.files[i];
        let mut len = 0;
        if self.c.inode {
            len += 1 + if commas {
                digits(f.st.ino)
            } else {
                self.w.inode
            };
        }
        if self.c.block_size {
            len += 1 + if commas {
                self.blocks_text(f).len()
            } else {
                self.w.block
            };
        }
        if self.c.context {
            len += 1 + if commas {
                f.context.as_ref().map_or(1, |c| c.len())
            } else {
                self.w.context
            };
        }
        let mark = self.c.indicator != Indicator::None
            && self
                .type_indicator(f.stat_ok, f.st.mode, f.filetype)
                .is_some();
        len + self.cached_width(i) + usize::from(mark)
    }

    fn sorted_widths(&mut self) -> Vec<usize> {
        (0..self.sorted.len())
            .map(|k| self.frills_width(self.sorted[k]))
            .collect()
    }

    /// GNU's indent: spaces, or tabs where they reach.
    fn indent(&self, mut from: usize, to: usize) {
        let t = self.c.tabsize;
        let mut pad = Vec::new();
        while from < to {
            if t != 0 && to / t > (from + 1) / t {
                pad.push(b'\t');
                from += t - from % t;
            } else {
                pad.push(b' ');
                from += 1;
            }
        }
        out().write(&pad);
    }

    fn print_many_per_line(&mut self) {
        let widths = self.sorted_widths();
        let n = widths.len();
        let (cols, col) = logic::ls::columns(&widths, true, self.c.line_length, self.c.max_idx);
        let rows = n.div_ceil(cols);
        for row in 0..rows {
            let (mut c, mut k, mut pos) = (0, row, 0);
            loop {
                let max = col[c];
                c += 1;
                self.print_frills(self.sorted[k], pos);
                k += rows;
                if k >= n {
                    break;
                }
                self.indent(pos + widths[k - rows], pos + max);
                pos += max;
            }
            out().byte(self.c.eol);
        }
    }

    fn print_horizontal(&mut self) {
        let widths = self.sorted_widths();
        let (cols, col) = logic::ls::columns(&widths, false, self.c.line_length, self.c.max_idx);
        let mut pos = 0;
        self.print_frills(self.sorted[0], 0);
        let (mut len, mut max) = (widths[0], col[0]);
        for (k, &w) in widths.iter().enumerate().skip(1) {
            let c = k % cols;
            if c == 0 {
                out().byte(self.c.eol);
                pos = 0;
            } else {
                self.indent(pos + len, pos + max);
                pos += max;
            }
            self.print_frills(self.sorted[k], pos);
            (len, max) = (w, col[c]);
        }
        out().byte(self.c.eol);
    }

    /// `-m` (and the column formats without a line length): names and
    /// separators, broken before the line would fill.
    fn print_with_separator(&mut self, sep: u8) {
        let ll = self.c.line_length;
        let mut pos = 0usize;
        for k in 0..self.sorted.len() {
            let i = self.sorted[k];
            let len = if ll != 0 { self.frills_width(i) } else { 0 };
            if k != 0 {
                let separator = if ll == 0 || (pos + len + 2 < ll && pos <= usize::MAX - len - 2) {
                    pos += 2;
                    b' '
                } else {
                    pos = 0;
                    self.c.eol
                };
                out().write(&[sep, separator]);
            }
            self.print_frills(i, pos);
            pos += len;
        }
        out().byte(self.c.eol);
    }
}

/// The inode number, or `?` when unknown.
fn inode_text(f: &FileInfo) -> Vec<u8> {
    if f.stat_ok && f.st.ino != 0 {
        let mut v = Vec::new();
        logic::digits::push_u64(&mut v, f.st.ino);
        v
    } else {
        b"?".to_vec()
    }
}

/// The mode string of `-l`: ten characters, and the ACL mark when any
/// file of the listing has one.
fn mode_text(f: &FileInfo, any_acl: bool) -> ([u8; 11], usize) {
    let mut m = [b'?'; 11];
    if f.stat_ok {
        m[..10].copy_from_slice(&logic::mode::strmode(f.st.mode));
        m[10] = b' ';
    } else {
        m[0] = f.filetype.letter();
    }
    if !any_acl {
        return (m, 10);
    }
    match f.acl {
        Acl::ContextOnly => m[10] = b'.',
        Acl::Yes => m[10] = b'+',
        Acl::None => {}
    }
    (m, 11)
}

/// Half a Gregorian year in seconds: older or newer files show the year.
const SIX_MONTHS: i64 = 31_556_952 / 2;

/// The longest time stamp strftime may make (TIME_STAMP_LEN_MAXIMUM).
const TIME_STAMP_MAX: usize = 1000;

impl Ls {
    fn zone(&mut self) -> &logic::tz::Tz {
        self.tz
            .get_or_insert_with(|| crate::shared::clock::zone(env(b"TZ")))
    }

    /// GNU's long_time_expected_width: the width of the epoch in the
    /// format of old files.
    fn expected_time_width(&mut self) -> usize {
        if let Some(w) = self.expected_time_width {
            return w;
        }
        let fmt = self.c.time_formats[0];
        let mut s = Vec::new();
        if let Some(tm) = self.zone().localtime(0) {
            logic::strftime::strftime(&mut s, fmt, &tm, 0, 0);
        }
        let w = if s.len() <= TIME_STAMP_MAX {
            logic::unicode::mbswidth(&s, self.utf8)
        } else {
            0
        };
        self.expected_time_width = Some(w);
        w
    }

    /// The time of `-l` and a space: the recent or old format in the local
    /// zone, or the seconds (`?` when unknown) when it cannot be shown.
    fn push_time(&mut self, line: &mut Vec<u8>, stat_ok: bool, when: (i64, i64)) {
        let known = stat_ok && !(self.c.time == TimeType::Btime && when == (-1, -1));
        let start = line.len();
        if known {
            if let Some(tm) = self.zone().localtime(when.0) {
                if self.now < when {
                    let (s, ns) = sys::time::now();
                    self.now = (s, i64::from(ns));
                }
                let six_months_ago = (self.now.0 - SIX_MONTHS, self.now.1);
                let recent = six_months_ago < when && when < self.now;
                let fmt = self.c.time_formats[usize::from(recent)];
                logic::strftime::strftime(line, fmt, &tm, when.0, when.1 as u32);
                if line.len() - start <= TIME_STAMP_MAX {
                    line.push(b' ');
                    return;
                }
                line.truncate(start);
            }
        }
        let mut n = Vec::new();
        if known {
            if when.0 < 0 {
                n.push(b'-');
            }
            logic::digits::push_u64(&mut n, when.0.unsigned_abs());
        } else {
            n.push(b'?');
        }
        let w = self.expected_time_width();
        push_padded(line, &n, w);
        line.push(b' ');
    }

    /// A user or group column (format_user_or_group): the name padded,
    /// or the number right-aligned.
    fn put_owner(&mut self, name: Option<&[u8]>, id: u32, width: usize) {
        match name {
            Some(n) => {
                let pad = width.saturating_sub(logic::unicode::mbswidth(n, self.utf8));
                dput(&mut self.dired_pos, n);
                let spaces = [b' '; 64];
                let mut left = pad + 1;
                while left > 0 {
                    let k = left.min(64);
                    dput(&mut self.dired_pos, &spaces[..k]);
                    left -= k;
                }
            }
            None => {
                let mut s = Vec::new();
                let mut d = Vec::new();
                logic::digits::push_u64(&mut d, u64::from(id));
                push_padded(&mut s, &d, width);
                s.push(b' ');
                dput(&mut self.dired_pos, &s);
            }
        }
    }

    fn put_user(&mut self, id: u32, width: usize, stat_ok: bool, group: bool) {
        let mut name = core::mem::take(&mut self.nbuf);
        name.clear();
        let known = if !stat_ok {
            name.push(b'?');
            true
        } else if self.c.numeric {
            false
        } else {
            let n = if group {
                self.names.group(id)
            } else {
                self.names.user(id)
            };
            n.inspect(|n| name.extend_from_slice(n)).is_some()
        };
        self.put_owner(known.then_some(&name[..]), id, width);
        self.nbuf = name;
    }

    /// The columns of `-l` before the name, up to the owner.
    fn long_prefix(&self, line: &mut Vec<u8>, f: &FileInfo) {
        if self.c.inode {
            push_padded(line, &inode_text(f), self.w.inode);
            line.push(b' ');
        }
        if self.c.block_size {
            let b = self.blocks_text(f);
            let pad = self.w.block.saturating_sub(self.width_of(b.as_bytes()));
            line.resize(line.len() + pad, b' ');
            line.extend_from_slice(b.as_bytes());
            line.push(b' ');
        }
        let (m, n) = mode_text(f, self.any_has_acl);
        line.extend_from_slice(&m[..n]);
        line.push(b' ');
        let mut buf = [0u8; 20];
        let nl: &[u8] = if f.stat_ok {
            logic::digits::u64_dec(f.st.nlink, &mut buf)
        } else {
            b"?"
        };
        push_padded(line, nl, self.w.nlink);
        line.push(b' ');
    }

    /// The size column: the size, or a device's major and minor numbers.
    fn push_size(&self, line: &mut Vec<u8>, f: &FileInfo) {
        let kind = f.st.mode & S_IFMT;
        if f.stat_ok && (kind == S_IFCHR || kind == S_IFBLK) {
            let w = &self.w;
            let blanks = w.size.saturating_sub(w.major + 2 + w.minor);
            let mut d = Vec::new();
            logic::digits::push_u64(&mut d, logic::mountinfo::major(f.st.rdev));
            push_padded(line, &d, w.major + blanks);
            line.extend_from_slice(b", ");
            d.clear();
            logic::digits::push_u64(&mut d, logic::mountinfo::minor(f.st.rdev));
            push_padded(line, &d, w.minor);
        } else {
            let start = line.len();
            if f.stat_ok {
                self.push_file_size(line, f.st.size as u64);
            } else {
                line.push(b'?');
            }
            let pad = self.w.size.saturating_sub(self.width_of(&line[start..]));
            line.splice(start..start, core::iter::repeat_n(b' ', pad));
        }
        line.push(b' ');
    }

    /// A file's size as `-l` shows it: in bytes, or as the block size and
    /// -h/--si ask.
    fn push_file_size(&self, out: &mut Vec<u8>, size: u64) {
        let c = &self.c;
        if c.file_human_opts == 0 && c.file_block_size == 1 {
            logic::digits::push_u64(out, size);
        } else {
            let s = human::readable(size, c.file_human_opts, 1, c.file_block_size);
            out.extend_from_slice(s.as_bytes());
        }
    }

    /// GNU's print_long_format for file `i`.
    fn print_long(&mut self, i: usize) {
        let mut line = core::mem::take(&mut self.line);
        line.clear();
        self.long_prefix(&mut line, &self.files[i]);
        self.dired_indent();
        let f = &self.files[i];
        let (stat_ok, uid, gid) = (f.stat_ok, f.st.uid, f.st.gid);
        let c = &self.c;
        if c.owner || c.group || c.author || c.context {
            dput(&mut self.dired_pos, &line);
            line.clear();
            if self.c.owner {
                self.put_user(uid, self.w.owner, stat_ok, false);
            }
            if self.c.group {
                self.put_user(gid, self.w.group, stat_ok, true);
            }
            if self.c.author {
                self.put_user(uid, self.w.author, stat_ok, false);
            }
            if self.c.context {
                let ctx = self.files[i].context.clone();
                self.put_owner(Some(ctx.as_deref().unwrap_or(b"?")), 0, self.w.context);
            }
        }
        let f = &self.files[i];
        self.push_size(&mut line, f);
        let when = f.when;
        self.push_time(&mut line, stat_ok, when);
        dput(&mut self.dired_pos, &line);
        let start = line.len();
        self.line = line;
        let w = self.print_name(i, false, Stack::Dired, start);
        let f = &self.files[i];
        let (mode, t, linkmode) = (f.st.mode, f.filetype, f.linkmode);
        if t == FileType::SymbolicLink {
            if f.linkname.is_some() {
                self.dired_out(b" -> ");
                self.print_name(i, true, Stack::None, start + w + 4);
                if self.c.indicator != Indicator::None {
                    self.print_type_indicator(true, linkmode, FileType::Unknown);
                }
            }
        } else if self.c.indicator != Indicator::None {
            self.print_type_indicator(stat_ok, mode, t);
        }
    }
}
