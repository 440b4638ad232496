// corebox applet
// name: dircolors
// usage: [OPTION]... [FILE]
// option: -b, --bourne-shell, --sh
// option: -c, --csh, --c-shell
// option: -p, --print-database
// option: --print-ls-colors
// help:
// Output commands to set the LS_COLORS environment variable.
//
// Determine format of output:
//   -b, --sh, --bourne-shell    output Bourne shell code to set LS_COLORS
//   -c, --csh, --c-shell        output C shell code to set LS_COLORS
//   -p, --print-database        output defaults
//       --print-ls-colors       output fully escaped colors for display
//       --help        display this help and exit
//       --version     output version information and exit
//
// If FILE is specified, read it to determine which colors to use for which
// file types and extensions.  Otherwise, a precompiled database is used.
// For details on the format of these files, run 'dircolors --print-database'.

//! GNU dircolors.c: the database (FILE, `-` for standard input, else the
//! built-in one) is read line by line; `TERM` and `COLORTERM` lines are
//! glob patterns (glibc's fnmatch, below) that select the lines after
//! them, and the other lines become LS_COLORS entries, printed only when
//! the whole database was good. As in GNU 9.1, a read error ends the
//! input quietly.

use super::{opt, SPEC};
use crate::shared::cli::{try_help, usage_error};
use crate::shared::diag::{die, quote, quotef};
use alloc::vec::Vec;
use sys::fs::Input;
use sys::io::{error, out, write_stderr};
use sys::records::Records;

#[derive(Clone, Copy, PartialEq)]
enum Syntax {
    Unknown,
    Bourne,
    C,
}

struct Config {
    syntax: Syntax,
    print_database: bool,
    print_ls_colors: bool,
}

fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        syntax: Syntax::Unknown,
        print_database: false,
        print_ls_colors: false,
    };
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            'b' => c.syntax = Syntax::Bourne,
            'c' => c.syntax = Syntax::C,
            'p' => c.print_database = true,
            opt::PRINT_LS_COLORS => c.print_ls_colors = true,
            _ => {}
        }
    }
    let ops = opts.operands();
    if (c.print_database || c.print_ls_colors) && c.syntax != Syntax::Unknown {
        usage_error(
            &SPEC,
            &[b"the options to output non shell syntax,\nand to select a shell syntax are mutually exclusive"],
        );
    }
    if c.print_database && c.print_ls_colors {
        usage_error(
            &SPEC,
            &[b"options --print-database and --print-ls-colors are mutually exclusive"],
        );
    }
    if let Some(x) = ops.get(usize::from(!c.print_database)) {
        error(&[b"extra operand ", &quote(x)], None);
        if c.print_database {
            write_stderr(b"file operands cannot be combined with --print-database (-p)\n");
        }
        try_help(&SPEC);
    }
    (c, ops)
}

/// The shell SHELL names (C shell for `csh` and `tcsh`), if it is set:
/// its last component as gnulib's last_component finds it (a trailing
/// slash stays part of the name).
fn guess_shell() -> Option<Syntax> {
    let shell = sys::env::var(b"SHELL").filter(|s| !s.is_empty())?;
    let mut base = shell.iter().position(|&b| b != b'/').unwrap_or(shell.len());
    let mut after_slash = false;
    for (i, &b) in shell.iter().enumerate().skip(base) {
        if b == b'/' {
            after_slash = true;
        } else if after_slash {
            base = i;
            after_slash = false;
        }
    }
    Some(match &shell[base..] {
        b"csh" | b"tcsh" => Syntax::C,
        _ => Syntax::Bourne,
    })
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (c, ops) = parse(args);
    if c.print_database {
        out().write(DATABASE);
        return 0;
    }
    let mut syntax = c.syntax;
    if !c.print_ls_colors && syntax == Syntax::Unknown {
        syntax = guess_shell().unwrap_or_else(|| {
            die(
                &[b"no SHELL environment variable, and no shell type option given"],
                None,
            )
        });
    }
    let mut db = Database {
        term: sys::env::var(b"TERM")
            .filter(|t| !t.is_empty())
            .unwrap_or(b"none"),
        colorterm: sys::env::var(b"COLORTERM").unwrap_or_default(),
        state: State::Global,
        ls_colors: c.print_ls_colors,
        entries: Vec::new(),
        ok: true,
    };
    let ok = match ops.first() {
        Some(file) => db.read_file(file),
        None => {
            for (n, line) in DATABASE.split(|&b| b == b'\n').enumerate() {
                db.line(line, None, n + 1);
            }
            db.ok
        }
    };
    if !ok {
        return 1;
    }
    let (prefix, suffix): (&[u8], &[u8]) = match syntax {
        _ if c.print_ls_colors => (b"", b""),
        Syntax::C => (b"setenv LS_COLORS '", b"'\n"),
        _ => (b"LS_COLORS='", b"';\nexport LS_COLORS\n"),
    };
    let o = out();
    o.write(prefix);
    o.write(&db.entries);
    o.write(suffix);
    0
}

/// Where the reading stands with respect to TERM and COLORTERM lines.
#[derive(Clone, Copy, PartialEq)]
enum State {
    /// Before the first of them: every line counts.
    Global,
    /// The last ones did not match: lines are skipped.
    TermNo,
    /// One of the last ones matched: the lines after them count.
    TermSure,
    /// Lines count until the next TERM or COLORTERM line.
    TermYes,
}

/// GNU's keywords (case does not matter) and the LS_COLORS names they
/// stand for.
const KEYWORDS: &[u8] = b"NORMAL=no NORM=no FILE=fi RESET=rs DIR=di LNK=ln LINK=ln \
SYMLINK=ln ORPHAN=or MISSING=mi FIFO=pi PIPE=pi SOCK=so BLK=bd BLOCK=bd CHR=cd \
CHAR=cd DOOR=do EXEC=ex LEFT=lc LEFTCODE=lc RIGHT=rc RIGHTCODE=rc END=ec \
ENDCODE=ec SUID=su SETUID=su SGID=sg SETGID=sg STICKY=st OTHER_WRITABLE=ow \
OWR=ow STICKY_OTHER_WRITABLE=tw OWT=tw CAPABILITY=ca MULTIHARDLINK=mh CLRTOEOL=cl";

/// The LS_COLORS name of a keyword.
fn code(keyword: &[u8]) -> Option<&'static [u8]> {
    KEYWORDS.split(|&b| b == b' ').find_map(|pair| {
        let (name, code) = pair.split_at(pair.len() - 3);
        name.eq_ignore_ascii_case(keyword).then(|| &code[1..])
    })
}

/// C's isspace in the C locale.
fn space(b: &u8) -> bool {
    matches!(b, b' ' | b'\t'..=b'\r')
}

/// GNU's parse_line: the keyword of a line and its argument (None when
/// missing), or None for a blank line or a comment. A NUL ends the line,
/// as C strings do; `#` starts a comment after the keyword.
fn split_line(line: &[u8]) -> Option<(&[u8], Option<&[u8]>)> {
    let line = &line[..line.iter().position(|&b| b == 0).unwrap_or(line.len())];
    let rest = &line[line.iter().position(|b| !space(b))?..];
    if rest[0] == b'#' {
        return None;
    }
    let (keyword, rest) = rest.split_at(rest.iter().position(space).unwrap_or(rest.len()));
    let arg = match rest.iter().position(|b| !space(b)) {
        Some(i) if rest[i] != b'#' => &rest[i..],
        _ => return Some((keyword, None)),
    };
    let arg = &arg[..arg.iter().position(|&b| b == b'#').unwrap_or(arg.len())];
    let end = arg.iter().rposition(|b| !space(b)).map_or(0, |i| i + 1);
    Some((keyword, Some(&arg[..end])))
}

struct Database {
    term: &'static [u8],
    colorterm: &'static [u8],
    state: State,
    /// --print-ls-colors: each entry on a line in its own colors.
    ls_colors: bool,
    /// The output: LS_COLORS entries, or the --print-ls-colors lines.
    entries: Vec<u8>,
    ok: bool,
}

impl Database {
    /// Reads the database FILE (`-`: standard input); false on an error.
    fn read_file(&mut self, file: &[u8]) -> bool {
        let input = match Input::open(file) {
            Ok(i) => i,
            Err(e) => {
                error(&[&quotef(file)], Some(e));
                return false;
            }
        };
        let mut lines = Records::new(input.fd(), b'\n');
        let mut n = 0;
        while let Some(line) = lines.next() {
            n += 1;
            self.line(line, Some(file), n);
        }
        if input.is_stdin() {
            if let Err(e) = sys::io::close_stdin() {
                error(&[&quotef(file)], Some(e));
                return false;
            }
        }
        self.ok
    }

    /// `FILE:LINE: MESSAGE` (`<internal>` for the built-in database).
    fn complain(&mut self, file: Option<&[u8]>, n: usize, what: &[&[u8]]) {
        let name = file.map_or_else(|| b"<internal>".to_vec(), quotef);
        let mut digits = [0u8; 20];
        let n = logic::digits::u64_dec(n as u64, &mut digits);
        let mut parts: Vec<&[u8]> = alloc::vec![&name, b":", n, b": "];
        parts.extend_from_slice(what);
        error(&parts, None);
        self.ok = false;
    }

    /// One line of the database, the `n`th of `file`.
    fn line(&mut self, line: &[u8], file: Option<&[u8]>, n: usize) {
        let Some((keyword, arg)) = split_line(line) else {
            return;
        };
        let Some(arg) = arg else {
            self.complain(file, n, &[b"invalid line;  missing second token"]);
            return;
        };
        let is = |word: &[u8]| keyword.eq_ignore_ascii_case(word);
        if is(b"TERM") || is(b"COLORTERM") {
            if self.state != State::TermSure {
                let value = if is(b"TERM") {
                    self.term
                } else {
                    self.colorterm
                };
                self.state = match fnmatch(arg, value) {
                    true => State::TermSure,
                    false => State::TermNo,
                };
            }
            return;
        }
        match self.state {
            State::TermNo => return,
            State::TermSure => self.state = State::TermYes,
            _ => {}
        }
        if keyword[0] == b'.' {
            self.entry(b"*", keyword, arg);
        } else if keyword[0] == b'*' {
            self.entry(b"", keyword, arg);
        } else if is(b"OPTIONS") || is(b"COLOR") || is(b"EIGHTBIT") {
            // Slackware's keywords, ignored.
        } else if let Some(code) = code(keyword) {
            self.entry(b"", code, arg);
        } else if self.state == State::TermYes {
            self.complain(file, n, &[b"unrecognized keyword ", keyword]);
        }
    }

    /// GNU's append_entry.
    fn entry(&mut self, prefix: &[u8], item: &[u8], arg: &[u8]) {
        if self.ls_colors {
            self.entries.extend_from_slice(b"\x1b[");
            self.entries.extend_from_slice(arg);
            self.entries.push(b'm');
        }
        self.entries.extend_from_slice(prefix);
        self.quoted(item);
        self.entries.push(if self.ls_colors { b'\t' } else { b'=' });
        self.quoted(arg);
        if self.ls_colors {
            self.entries.extend_from_slice(b"\x1b[0m\n");
        } else {
            self.entries.push(b':');
        }
    }

    /// GNU's append_quoted: for the shell's single quotes, and a
    /// backslash before a `:` or `=` that no backslash or caret escapes
    /// already.
    fn quoted(&mut self, s: &[u8]) {
        if self.ls_colors {
            self.entries.extend_from_slice(s);
            return;
        }
        let mut need_backslash = true;
        for &c in s {
            match c {
                b'\'' => {
                    self.entries.extend_from_slice(b"'\\'");
                    need_backslash = true;
                }
                b'\\' | b'^' => need_backslash = !need_backslash,
                b':' | b'=' => {
                    if need_backslash {
                        self.entries.push(b'\\');
                    }
                    need_backslash = true;
                }
                _ => need_backslash = true,
            }
            self.entries.push(c);
        }
    }
}

/// glibc's fnmatch (flags 0) as it answers for TERM values: the bytes
/// match as in the C locale, or, in a UTF-8 locale, the characters
/// of valid UTF-8 on both sides (classes know ASCII only).
fn fnmatch(pattern: &[u8], s: &[u8]) -> bool {
    let bytes = |v: &[u8]| v.iter().map(|&b| u32::from(b)).collect::<Vec<u32>>();
    let caret = !sys::env::posixly_correct();
    if glob(&bytes(pattern), &bytes(s), caret) {
        return true;
    }
    if !sys::env::utf8_locale() {
        return false;
    }
    match (chars(pattern), chars(s)) {
        (Some(p), Some(s)) => glob(&p, &s, caret),
        _ => false,
    }
}

/// The code points of valid UTF-8.
fn chars(mut s: &[u8]) -> Option<Vec<u32>> {
    let mut v = Vec::with_capacity(s.len());
    while !s.is_empty() {
        let (c, len) = logic::unicode::decode(s).ok()?;
        v.push(c);
        s = &s[len..];
    }
    Some(v)
}

const STAR: u32 = b'*' as u32;
const QUESTION: u32 = b'?' as u32;
const BACKSLASH: u32 = b'\\' as u32;
const OPEN: u32 = b'[' as u32;
const CLOSE: u32 = b']' as u32;
const COLON: u32 = b':' as u32;
const EQUALS: u32 = b'=' as u32;
const DOT: u32 = b'.' as u32;
const DASH: u32 = b'-' as u32;

/// The pattern's element at `i` (past the end: 0, C's NUL).
fn at(p: &[u32], i: usize) -> u32 {
    p.get(i).copied().unwrap_or(0)
}

/// Whether `s` matches `p` (`caret`: `[^...]` negates, as `[!...]`).
/// Every element but `*` matches one character, so the leftmost match
/// of the elements between two stars is the one to keep, as glibc does.
fn glob(p: &[u32], s: &[u32], caret: bool) -> bool {
    let (mut pi, mut si) = (0, 0);
    let mut retry: Option<(usize, usize)> = None;
    loop {
        if at(p, pi) == STAR {
            pi += 1;
            retry = Some((pi, si));
            continue;
        }
        if pi == p.len() && si == s.len() {
            return true;
        }
        if pi < p.len() && si < s.len() {
            if let Some(next) = element(p, pi, s[si], caret) {
                pi = next;
                si += 1;
                continue;
            }
        }
        match retry {
            Some((rp, rs)) if rs < s.len() => {
                retry = Some((rp, rs + 1));
                (pi, si) = (rp, rs + 1);
            }
            _ => return false,
        }
    }
}

/// Where the pattern goes on after its element at `i` matched `c`.
fn element(p: &[u32], i: usize, c: u32, caret: bool) -> Option<usize> {
    match p[i] {
        QUESTION => Some(i + 1),
        // A backslash at the end matches nothing.
        BACKSLASH => (at(p, i + 1) == c).then_some(i + 2),
        OPEN => match bracket(p, i + 1, c, caret) {
            Bracket::Next(j) => Some(j),
            Bracket::NoMatch => None,
            // An unterminated bracket is a plain `[`.
            Bracket::Unterminated => (c == OPEN).then_some(i + 1),
        },
        x => (x == c).then_some(i + 1),
    }
}

/// A character class: whether an ASCII character belongs to it.
type Class = fn(u8) -> bool;

enum Bracket {
    Next(usize),
    NoMatch,
    Unterminated,
}

/// A `[:name:]` class at `i` (the colon): the class and where the
/// pattern goes on, None when this is no class name (glibc reads a `[`
/// then), Err for an invalid or too long one (no match).
fn class_at(p: &[u32], i: usize) -> Result<Option<(Class, usize)>, ()> {
    let mut j = i;
    loop {
        if j - i == 256 {
            return Err(());
        }
        j += 1;
        let c = at(p, j);
        if c == COLON && at(p, j + 1) == CLOSE {
            break;
        }
        // glibc stops at `z` too.
        if !(u32::from(b'a')..u32::from(b'z')).contains(&c) {
            return Ok(None);
        }
    }
    let name: Vec<u8> = p[i + 1..j].iter().map(|&c| c as u8).collect();
    let f = logic::regex::class(&name).ok_or(())?;
    Ok(Some((f, j + 2)))
}

/// A collating symbol `[.x.]` at `i` (the dot): the character and where
/// the pattern goes on; None where glibc fails the match (a symbol of
/// several characters or none is unknown in these locales).
fn symbol_at(p: &[u32], i: usize) -> Option<(u32, usize)> {
    let mut j = i + 1;
    while !(at(p, j) == DOT && at(p, j + 1) == CLOSE) {
        if at(p, j) == 0 {
            return None;
        }
        j += 1;
    }
    (j == i + 2).then(|| (p[i + 1], j + 2))
}

/// glibc's bracket expression starting at `i` (past the `[`) against `c`.
fn bracket(p: &[u32], mut i: usize, c: u32, caret: bool) -> Bracket {
    let not = at(p, i) == u32::from(b'!') || (caret && at(p, i) == u32::from(b'^'));
    i += usize::from(not);
    let mut x = at(p, i);
    i += 1;
    let matched = loop {
        // The character of the list, or start of a range, that `x` is.
        let low = if x == BACKSLASH {
            if at(p, i) == 0 {
                return Bracket::NoMatch;
            }
            i += 1;
            at(p, i - 1)
        } else if x == OPEN && at(p, i) == COLON {
            match class_at(p, i) {
                Err(()) => return Bracket::NoMatch,
                Ok(Some((class, next))) => {
                    i = next;
                    if c < 0x80 && class(c as u8) {
                        break true;
                    }
                    (x, i) = (at(p, i), i + 1);
                    if x == CLOSE {
                        break false;
                    }
                    continue;
                }
                Ok(None) => OPEN,
            }
        } else if x == OPEN && at(p, i) == EQUALS && at(p, i + 2) == EQUALS && at(p, i + 3) == CLOSE
        {
            // An equivalence class: the character itself.
            let e = at(p, i + 1);
            i += 4;
            if c == e {
                break true;
            }
            (x, i) = (at(p, i), i + 1);
            if x == CLOSE {
                break false;
            }
            continue;
        } else if x == 0 {
            return Bracket::Unterminated;
        } else if x == OPEN && at(p, i) == DOT {
            let Some((sym, next)) = symbol_at(p, i) else {
                return Bracket::NoMatch;
            };
            i = next;
            if !(at(p, i) == DASH && at(p, i + 1) != 0) && c == sym {
                break true;
            }
            (x, i) = (at(p, i), i + 1);
            match range(p, &mut i, &mut x, sym, c) {
                Some(true) => break true,
                Some(false) if x == CLOSE => break false,
                Some(false) => continue,
                None => return Bracket::NoMatch,
            }
        } else {
            x
        };
        let is_range = at(p, i) == DASH && !matches!(at(p, i + 1), 0 | CLOSE);
        if !is_range && c == low {
            break true;
        }
        (x, i) = (at(p, i), i + 1);
        match range(p, &mut i, &mut x, low, c) {
            Some(true) => break true,
            Some(false) if x == CLOSE => break false,
            Some(false) => {}
            None => return Bracket::NoMatch,
        }
    };
    match matched {
        false if not => Bracket::Next(i),
        false => Bracket::NoMatch,
        true => match skip_bracket(p, i) {
            Bracket::Next(_) if not => Bracket::NoMatch,
            r => r,
        },
    }
}

/// A range from `low` when `x` (the element before `i`) is its dash:
/// whether `c` is in it (None: a bad end, no match), `x` and `i` moved
/// to the next element when it is not.
fn range(p: &[u32], i: &mut usize, x: &mut u32, low: u32, c: u32) -> Option<bool> {
    if *x != DASH || at(p, *i) == CLOSE {
        return Some(false);
    }
    let mut high = at(p, *i);
    *i += 1;
    if high == OPEN && at(p, *i) == DOT {
        let (sym, next) = symbol_at(p, *i)?;
        (high, *i) = (sym, next);
    } else {
        if high == BACKSLASH {
            high = at(p, *i);
            *i += 1;
        }
        if high == 0 {
            return None;
        }
    }
    if (low..=high).contains(&c) {
        return Some(true);
    }
    (*x, *i) = (at(p, *i), *i + 1);
    Some(false)
}

/// Past the rest of a bracket expression that matched, from `i`.
fn skip_bracket(p: &[u32], mut i: usize) -> Bracket {
    loop {
        let x = at(p, i);
        i += 1;
        match x {
            CLOSE => return Bracket::Next(i),
            0 => return Bracket::Unterminated,
            BACKSLASH => {
                if at(p, i) == 0 {
                    return Bracket::NoMatch;
                }
                i += 1;
            }
            OPEN if at(p, i) == COLON => {
                // glibc's skipping of a class name.
                let mut j = i;
                loop {
                    j += 1;
                    if j - i == 256 {
                        return Bracket::NoMatch;
                    }
                    if at(p, j) == COLON && at(p, j + 1) == CLOSE {
                        i = j + 2;
                        break;
                    }
                    if !(u32::from(b'a')..u32::from(b'z')).contains(&at(p, j)) {
                        break;
                    }
                }
            }
            OPEN if at(p, i) == EQUALS => {
                if at(p, i + 1) == 0 || at(p, i + 2) != EQUALS || at(p, i + 3) != CLOSE {
                    return Bracket::NoMatch;
                }
                i += 4;
            }
            OPEN if at(p, i) == DOT => {
                let mut j = i + 1;
                while !(at(p, j) == DOT && at(p, j + 1) == CLOSE) {
                    if at(p, j) == 0 {
                        return Bracket::NoMatch;
                    }
                    j += 1;
                }
                i = j + 2;
            }
            _ => {}
        }
    }
}

/// GNU's built-in database: `--print-database` prints it as it is.
const DATABASE: &[u8] = br#"# Configuration file for dircolors, a utility to help you set the
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
