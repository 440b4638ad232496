// corebox applet
// name: test
// usage-literal: test EXPRESSION
// usage-literal: test
// usage-literal: [ EXPRESSION ]
// usage-literal: [ ]
// usage-literal: [ OPTION
// help:

// corebox applet
// name: [
// usage-literal: test EXPRESSION
// usage-literal: test
// usage-literal: [ EXPRESSION ]
// usage-literal: [ ]
// usage-literal: [ OPTION
// help:
// Exit with the status determined by EXPRESSION.
//
//       --help        display this help and exit
//       --version     output version information and exit
//
// An omitted EXPRESSION defaults to false.  Otherwise,
// EXPRESSION is true or false and sets exit status.  It is one of:
//
//   ( EXPRESSION )               EXPRESSION is true
//   ! EXPRESSION                 EXPRESSION is false
//   EXPRESSION1 -a EXPRESSION2   both EXPRESSION1 and EXPRESSION2 are true
//   EXPRESSION1 -o EXPRESSION2   either EXPRESSION1 or EXPRESSION2 is true
//
//   -n STRING            the length of STRING is nonzero
//   STRING               equivalent to -n STRING
//   -z STRING            the length of STRING is zero
//   STRING1 = STRING2    the strings are equal
//   STRING1 != STRING2   the strings are not equal
//
//   INTEGER1 -eq INTEGER2   INTEGER1 is equal to INTEGER2
//   INTEGER1 -ge INTEGER2   INTEGER1 is greater than or equal to INTEGER2
//   INTEGER1 -gt INTEGER2   INTEGER1 is greater than INTEGER2
//   INTEGER1 -le INTEGER2   INTEGER1 is less than or equal to INTEGER2
//   INTEGER1 -lt INTEGER2   INTEGER1 is less than INTEGER2
//   INTEGER1 -ne INTEGER2   INTEGER1 is not equal to INTEGER2
//
//   FILE1 -ef FILE2   FILE1 and FILE2 have the same device and inode numbers
//   FILE1 -nt FILE2   FILE1 is newer (modification date) than FILE2
//   FILE1 -ot FILE2   FILE1 is older than FILE2
//
//   -b FILE     FILE exists and is block special
//   -c FILE     FILE exists and is character special
//   -d FILE     FILE exists and is a directory
//   -e FILE     FILE exists
//   -f FILE     FILE exists and is a regular file
//   -g FILE     FILE exists and is set-group-ID
//   -G FILE     FILE exists and is owned by the effective group ID
//   -h FILE     FILE exists and is a symbolic link (same as -L)
//   -k FILE     FILE exists and has its sticky bit set
//   -L FILE     FILE exists and is a symbolic link (same as -h)
//   -N FILE     FILE exists and has been modified since it was last read
//   -O FILE     FILE exists and is owned by the effective user ID
//   -p FILE     FILE exists and is a named pipe
//   -r FILE     FILE exists and the user has read access
//   -s FILE     FILE exists and has a size greater than zero
//   -S FILE     FILE exists and is a socket
//   -t FD       file descriptor FD is opened on a terminal
//   -u FILE     FILE exists and its set-user-ID bit is set
//   -w FILE     FILE exists and the user has write access
//   -x FILE     FILE exists and the user has execute (or search) access
//
// Except for -h and -L, all FILE-related tests dereference symbolic links.
// Beware that parentheses need to be escaped (e.g., by backslashes) for shells.
// INTEGER may also be -l STRING, which evaluates to the length of STRING.
//
// NOTE: Binary -a and -o are inherently ambiguous.  Use 'test EXPR1 && test
// EXPR2' or 'test EXPR1 || test EXPR2' instead.
//
// NOTE: [ honors the --help and --version options, but test does not.
// test treats each of those as it treats any other nonempty STRING.
//
// NOTE: your shell may have its own version of test and/or [, which usually supersedes
// the version described here.  Please refer to your shell's documentation
// for details about the options it supports.

//! test and [: GNU's grammar (test.c): POSIX's rules for one to four
//! arguments, then `-o` over `-a` over `!`, parentheses and primaries.
//! Exit 0 true, 1 false, 2 on a bad expression. `test` has no options;
//! `[` answers a lone `--help` or `--version` and needs its closing `]`.

use crate::shared::diag::quote;
use alloc::vec::Vec;
use core::cmp::Ordering;
use logic::seq::{cmp_digits, trim_zeros};
use sys::fs::Stat;

const FALSE: i32 = 1;
const FAILURE: i32 = 2;

pub fn test(args: &'static [&'static [u8]]) -> i32 {
    sys::io::set_exit_failure(FAILURE);
    evaluate(args)
}

pub fn bracket(args: &'static [&'static [u8]]) -> i32 {
    sys::io::set_exit_failure(FAILURE);
    if crate::shared::cli::lone_help_or_version(&super::bracket::SPEC, args) {
        return 0;
    }
    match args.split_last() {
        Some((&b"]", rest)) if !rest.is_empty() => evaluate(rest),
        _ => syntax_error(&[b"missing ", &quote(b"]")]),
    }
}

/// `args` with argv[0] first (and `[`'s `]` removed).
fn evaluate(args: &'static [&'static [u8]]) -> i32 {
    if args.len() < 2 {
        return FALSE;
    }
    let mut t = Test { args, pos: 1 };
    let value = t.posix(args.len() - 1);
    if t.pos != args.len() {
        syntax_error(&[b"extra argument ", &quote(args[t.pos])]);
    }
    (!value) as i32
}

#[cold]
fn syntax_error(parts: &[&[u8]]) -> ! {
    sys::io::error(parts, None);
    sys::rt::exit(FAILURE)
}

struct Test {
    args: &'static [&'static [u8]],
    pos: usize,
}

impl Test {
    fn arg(&self, at: usize) -> &'static [u8] {
        self.args[at]
    }

    fn is(&self, at: usize, s: &[u8]) -> bool {
        self.args.get(at) == Some(&s)
    }

    /// Moves past one argument; with `need`, another must follow.
    fn advance(&mut self, need: bool) {
        self.pos += 1;
        if need && self.pos >= self.args.len() {
            self.beyond();
        }
    }

    fn beyond(&self) -> ! {
        let last = self.args[self.args.len() - 1];
        syntax_error(&[b"missing argument after ", &quote(last)])
    }

    /// POSIX's rules by argument count, else the full grammar.
    fn posix(&mut self, n: usize) -> bool {
        let p = self.pos;
        match n {
            1 => self.one(),
            2 => self.two(),
            3 => self.three(),
            4 if self.is(p, b"!") => {
                self.advance(true);
                !self.three()
            }
            4 if self.is(p, b"(") && self.is(p + 3, b")") => {
                self.advance(false);
                let v = self.two();
                self.advance(false);
                v
            }
            _ => self.expr(),
        }
    }

    fn one(&mut self) -> bool {
        self.pos += 1;
        !self.arg(self.pos - 1).is_empty()
    }

    fn two(&mut self) -> bool {
        let a = self.arg(self.pos);
        if a == b"!" {
            self.advance(false);
            !self.one()
        } else if a.len() == 2 && a[0] == b'-' {
            if !is_unary(a) {
                syntax_error(&[&quote(a), b": unary operator expected"]);
            }
            self.unary()
        } else {
            self.beyond()
        }
    }

    fn three(&mut self) -> bool {
        let p = self.pos;
        if is_binary(self.arg(p + 1)) {
            self.binary(false)
        } else if self.is(p, b"!") {
            self.advance(true);
            !self.two()
        } else if self.is(p, b"(") && self.is(p + 2, b")") {
            self.advance(false);
            let v = self.one();
            self.advance(false);
            v
        } else if self.is(p + 1, b"-a") || self.is(p + 1, b"-o") {
            self.expr()
        } else {
            syntax_error(&[&quote(self.arg(p + 1)), b": binary operator expected"])
        }
    }

    fn expr(&mut self) -> bool {
        if self.pos >= self.args.len() {
            self.beyond();
        }
        self.or()
    }

    fn or(&mut self) -> bool {
        let mut value = false;
        loop {
            value |= self.and();
            if !self.is(self.pos, b"-o") {
                return value;
            }
            self.advance(false);
        }
    }

    fn and(&mut self) -> bool {
        let mut value = true;
        loop {
            value &= self.term();
            if !self.is(self.pos, b"-a") {
                return value;
            }
            self.advance(false);
        }
    }

    fn term(&mut self) -> bool {
        let mut negated = false;
        while self.is(self.pos, b"!") {
            self.advance(true);
            negated = !negated;
        }
        if self.pos >= self.args.len() {
            self.beyond();
        }
        let (p, left) = (self.pos, self.args.len() - self.pos);
        let a = self.arg(p);
        let value = if a == b"(" {
            self.parenthesized()
        } else if left >= 4 && a == b"-l" && is_binary(self.arg(p + 2)) {
            self.binary(true)
        } else if left >= 3 && is_binary(self.arg(p + 1)) {
            self.binary(false)
        } else if a.len() == 2 && a[0] == b'-' {
            if !is_unary(a) {
                syntax_error(&[&quote(a), b": unary operator expected"]);
            }
            self.unary()
        } else {
            self.pos += 1;
            !a.is_empty()
        };
        negated ^ value
    }

    /// `( EXPRESSION )`: up to four arguments before a `)` by POSIX's
    /// rules, more by the full grammar.
    fn parenthesized(&mut self) -> bool {
        self.advance(true);
        let mut n = 1;
        while self.pos + n < self.args.len() && !self.is(self.pos + n, b")") {
            if n == 4 {
                n = self.args.len() - self.pos;
                break;
            }
            n += 1;
        }
        let value = self.posix(n);
        match self.args.get(self.pos) {
            None => syntax_error(&[&quote(b")"), b" expected"]),
            Some(&b")") => {}
            Some(a) => syntax_error(&[&quote(b")"), b" expected, found ", &quote(a)]),
        }
        self.advance(false);
        value
    }

    /// `-X ARG`, with `-X` known to be a unary operator.
    fn unary(&mut self) -> bool {
        let op = self.arg(self.pos)[1];
        self.advance(true);
        self.pos += 1;
        let a = self.arg(self.pos - 1);
        match op {
            b'n' => !a.is_empty(),
            b'z' => a.is_empty(),
            b'r' => sys::fs::access(a, sys::fs::R_OK),
            b'w' => sys::fs::access(a, sys::fs::W_OK),
            b'x' => sys::fs::access(a, sys::fs::X_OK),
            b't' => is_tty(find_int(a)),
            b'h' | b'L' => {
                sys::fs::lstat(a).is_ok_and(|s| s.mode & sys::fs::S_IFMT == sys::fs::S_IFLNK)
            }
            _ => sys::fs::stat(a).is_ok_and(|s| file_test(op, &s)),
        }
    }

    /// `ARG OP ARG` (`-l ARG OP ARG` when `left_is_l`, and `-l ARG` on
    /// the right of an integer comparison), with OP a binary operator.
    /// As in GNU's test.c, `=` and `!=` compare the arguments at the
    /// position reached and two after it, whatever `-l`s were skipped.
    fn binary(&mut self, left_is_l: bool) -> bool {
        if left_is_l {
            self.advance(false);
        }
        let op = self.pos + 1;
        let right_is_l = op + 2 < self.args.len() && self.is(op + 1, b"-l");
        if right_is_l {
            self.advance(false);
        }
        let base = self.pos;
        self.pos += 3;
        let o = self.arg(op);
        if let Some(holds) = integer_operator(o) {
            let l = int_operand(self.arg(op - 1), left_is_l);
            let r = match right_is_l {
                true => int_operand(self.arg(op + 2), true),
                false => int_operand(self.arg(op + 1), false),
            };
            return holds.contains(&int_cmp(&l, &r));
        }
        match o {
            b"=" | b"==" => self.arg(base) == self.arg(base + 2),
            b"!=" => self.arg(base) != self.arg(base + 2),
            _ if left_is_l || right_is_l => syntax_error(&[o, b" does not accept -l"]),
            _ => file_compare(o, self.arg(op - 1), self.arg(op + 1)),
        }
    }
}

fn is_unary(op: &[u8]) -> bool {
    op.len() == 2 && op[0] == b'-' && b"bcdefghknprstuwxzGLOSN".contains(&op[1])
}

fn is_binary(op: &[u8]) -> bool {
    matches!(
        op,
        b"=" | b"!="
            | b"=="
            | b"-nt"
            | b"-ot"
            | b"-ef"
            | b"-eq"
            | b"-ne"
            | b"-lt"
            | b"-le"
            | b"-gt"
            | b"-ge"
    )
}

/// The orderings for which an integer operator holds.
fn integer_operator(op: &[u8]) -> Option<&'static [Ordering]> {
    use Ordering::*;
    Some(match op {
        b"-eq" => &[Equal],
        b"-ne" => &[Less, Greater],
        b"-lt" => &[Less],
        b"-le" => &[Less, Equal],
        b"-gt" => &[Greater],
        b"-ge" => &[Greater, Equal],
        _ => return None,
    })
}

/// A primary on a file that exists (stat followed symlinks).
fn file_test(op: u8, s: &Stat) -> bool {
    use sys::fs::*;
    let t = s.mode & S_IFMT;
    match op {
        b'e' => true,
        b'f' => t == S_IFREG,
        b'd' => t == S_IFDIR,
        b'b' => t == S_IFBLK,
        b'c' => t == S_IFCHR,
        b'p' => t == S_IFIFO,
        b'S' => t == S_IFSOCK,
        b's' => s.size > 0,
        b'u' => s.mode & 0o4000 != 0,
        b'g' => s.mode & 0o2000 != 0,
        b'k' => s.mode & 0o1000 != 0,
        b'O' => s.uid == sys::user::euid(),
        b'G' => s.gid == sys::user::egid(),
        // Modified since last read.
        _ => (s.mtime, s.mtime_nsec) > (s.atime, s.atime_nsec),
    }
}

/// `-nt`, `-ot`, `-ef`: a file that cannot be stat'ed is older than any.
fn file_compare(op: &[u8], l: &[u8], r: &[u8]) -> bool {
    let (ls, rs) = (sys::fs::stat(l).ok(), sys::fs::stat(r).ok());
    let mtime = |s: &Stat| (s.mtime, s.mtime_nsec);
    match (op, ls, rs) {
        (b"-ef", Some(a), Some(b)) => a.same_file(&b),
        (b"-nt", Some(a), Some(b)) => mtime(&a) > mtime(&b),
        (b"-nt", Some(_), None) => true,
        (b"-ot", Some(a), Some(b)) => mtime(&a) < mtime(&b),
        (b"-ot", None, Some(_)) => true,
        _ => false,
    }
}

/// The integer in `s` (blanks around it, one sign), or the usage error.
fn find_int(s: &[u8]) -> &[u8] {
    let blank = |c: &u8| *c == b' ' || *c == b'\t';
    let t = &s[s.iter().take_while(|c| blank(c)).count()..];
    let t = t.strip_prefix(b"+").unwrap_or(t);
    let sign = t.starts_with(b"-") as usize;
    let digits = t[sign..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || !t[sign + digits..].iter().all(blank) {
        syntax_error(&[b"invalid integer ", &quote(s)]);
    }
    &t[..sign + digits]
}

/// An integer operand: its digits (after a `-` when negative), or the
/// length of `s` for `-l`.
fn int_operand(s: &[u8], length: bool) -> Vec<u8> {
    if length {
        let mut b = [0u8; 20];
        logic::digits::u64_dec(s.len() as u64, &mut b).to_vec()
    } else {
        find_int(s).to_vec()
    }
}

/// Compares two integers written in decimal, of any length.
fn int_cmp(a: &[u8], b: &[u8]) -> Ordering {
    fn split(s: &[u8]) -> (bool, &[u8]) {
        let neg = s.starts_with(b"-");
        let d = trim_zeros(&s[neg as usize..]);
        (neg && d != b"0", d)
    }
    let ((an, ad), (bn, bd)) = (split(a), split(b));
    let magnitude = cmp_digits(ad, bd);
    match (an, bn) {
        (false, false) => magnitude,
        (true, true) => magnitude.reverse(),
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
    }
}

/// `-t FD`: whether FD is a terminal (false for a number out of range).
fn is_tty(n: &[u8]) -> bool {
    let d = trim_zeros(n.strip_prefix(b"-").unwrap_or(n));
    let fd = match logic::num::parse_u64_dec(d) {
        Some(0) => Some(sys::io::Fd::STDIN),
        Some(v) if !n.starts_with(b"-") => u32::try_from(v).ok().and_then(sys::io::Fd::from_raw),
        _ => None,
    };
    fd.is_some_and(sys::fs::isatty)
}
