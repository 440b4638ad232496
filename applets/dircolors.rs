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
//! glob patterns (glibc's fnmatch, `logic::fnmatch`) that select the
//! lines after them, and the other lines become LS_COLORS entries,
//! printed only when the whole database was good. As in GNU 9.1, a read
//! error ends the input quietly.

use super::{opt, SPEC};
use crate::shared::cli::{try_help, usage_error};
use crate::shared::diag::{die, quote, quotef};
use alloc::vec::Vec;
use logic::ls::DATABASE;
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

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
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
#[cfg_attr(corebox_opt, optimize(size))]
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

#[cfg_attr(corebox_opt, optimize(size))]
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
#[cfg_attr(corebox_opt, optimize(size))]
fn code(keyword: &[u8]) -> Option<&'static [u8]> {
    KEYWORDS.split(|&b| b == b' ').find_map(|pair| {
        let (name, code) = pair.split_at(pair.len() - 3);
        name.eq_ignore_ascii_case(keyword).then(|| &code[1..])
    })
}

/// C's isspace in the C locale.
#[cfg_attr(corebox_opt, optimize(size))]
fn space(b: &u8) -> bool {
    matches!(b, b' ' | b'\t'..=b'\r')
}

/// GNU's parse_line: the keyword of a line and its argument (None when
/// missing), or None for a blank line or a comment. A NUL ends the line,
/// as C strings do; `#` starts a comment after the keyword.
#[cfg_attr(corebox_opt, optimize(size))]
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
    #[cfg_attr(corebox_opt, optimize(size))]
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
    #[cfg_attr(corebox_opt, optimize(size))]
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
    #[cfg_attr(corebox_opt, optimize(size))]
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
                let (utf8, caret) = (sys::env::utf8_locale(), !sys::env::posixly_correct());
                self.state = match logic::fnmatch::fnmatch(arg, value, utf8, caret) {
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
    #[cfg_attr(corebox_opt, optimize(size))]
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
    #[cfg_attr(corebox_opt, optimize(size))]
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
