//! Diagnostics in GNU's words: quoting of names the way gnulib's
//! quotearg does it in the program's locale, fatal errors, and the
//! messages several programs share.

use alloc::vec::Vec;
use sys::io::error;
use sys::Errno;

/// Quotes a name for a diagnostic the way GNU's `quote()` does.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn quote(name: &[u8]) -> Vec<u8> {
    logic::quote::locale(name, sys::env::utf8_locale())
}

/// Quotes a file name GNU's `quotef` way (only when needed).
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
pub fn quotef(name: &[u8]) -> Vec<u8> {
    logic::quote::shell(name, sys::env::utf8_locale())
}

/// Quotes a file name GNU's `quoteaf` way (always).
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
pub fn quoteaf(name: &[u8]) -> Vec<u8> {
    logic::quote::shell_always(name, sys::env::utf8_locale())
}

/// GNU's `error (EXIT_FAILURE, errno, ...)`: `NAME: PARTS[: ERROR]` on
/// standard error (after standard output is flushed), then exit 1.
#[cold]
#[cfg_attr(corebox_opt, optimize(size))]
pub fn die(parts: &[&[u8]], errno: Option<Errno>) -> ! {
    error(parts, errno);
    sys::rt::exit(1)
}

/// `NAME: error reading 'FILE': ERROR` (head, tail, tac); returns false
/// for the caller's status.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn read_error(name: &[u8], e: Errno) -> bool {
    error(&[b"error reading ", &quoteaf(name)], Some(e));
    false
}

/// `NAME: cannot open 'FILE' for reading: ERROR`; returns false.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn open_error(name: &[u8], e: Errno) -> bool {
    error(&[b"cannot open ", &quoteaf(name), b" for reading"], Some(e));
    false
}

/// `NAME: FILE: ERROR` with the name quoted only if it must be (most
/// filters); returns false.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn file_error(name: &[u8], e: Errno) -> bool {
    error(&[&quotef(name)], Some(e));
    false
}

/// Reports a bad tab stop list (expand, unexpand) GNU's way.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn tab_error(e: &logic::tabstops::TabError) {
    use logic::tabstops::TabError as T;
    let (msg, arg): (&[u8], Option<&[u8]>) = match e {
        T::SlashNotLast => (b"'/' specifier only allowed with the last value", None),
        T::PlusNotLast => (b"'+' specifier only allowed with the last value", None),
        T::SlashNotAtStart(a) => (b"'/' specifier not at start of number: ", Some(a)),
        T::PlusNotAtStart(a) => (b"'+' specifier not at start of number: ", Some(a)),
        T::TooLarge(a) => (b"tab stop is too large ", Some(a)),
        T::Invalid(a) => (b"tab size contains invalid character(s): ", Some(a)),
        T::Zero => (b"tab size cannot be 0", None),
        T::NotAscending => (b"tab sizes must be ascending", None),
        T::SlashAndPlus => (b"'/' specifier is mutually exclusive with '+'", None),
    };
    match arg {
        Some(a) => error(&[msg, &quote(a)], None),
        None => error(&[msg], None),
    }
}

/// GNU's `input line is too long` (expand, unexpand), fatal.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn line_too_long() -> ! {
    die(&[b"input line is too long"], None)
}

/// gnulib's get_root_dev_ino, dying as its callers do when `/` cannot
/// be examined.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn root_dev_ino() -> sys::fs::Stat {
    sys::fs::lstat(b"/")
        .unwrap_or_else(|e| die(&[b"failed to get attributes of ", &quoteaf(b"/")], Some(e)))
}

/// GNU's refusal to work recursively on `/` (or a name for it), for the
/// tree walkers' --preserve-root.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn root_warning(path: &[u8]) {
    let same: Vec<u8> = if path == b"/" {
        Vec::new()
    } else {
        [&b" (same as "[..], &quoteaf(b"/"), b")"].concat()
    };
    error(
        &[
            b"it is dangerous to operate recursively on ",
            &quoteaf(path),
            &same,
        ],
        None,
    );
    error(&[b"use --no-preserve-root to override this failsafe"], None);
}

/// GNU's warning for a directory cycle (fts' FTS_DC).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn cycle_warning(path: &[u8]) {
    error(
        &[
            b"WARNING: Circular directory structure.\nThis almost certainly means that you have a corrupted file system.\nNOTIFY YOUR SYSTEM MANAGER.\nThe following directory is part of the cycle:\n  ",
            &quotef(path),
            b"\n",
        ],
        None,
    );
}

/// GNU's `prog_fprintf (stdout, ...)`: `NAME: PARTS` and a newline on
/// standard output (mkdir -v, rmdir -v).
#[cfg_attr(corebox_opt, optimize(size))]
pub fn prog_line(parts: &[&[u8]]) {
    let o = sys::io::out();
    o.write(sys::io::program_name());
    o.write(b": ");
    for p in parts {
        o.write(p);
    }
    o.byte(b'\n');
}

/// GNU's getenv_quoting_style (ls, stat): the style QUOTING_STYLE names,
/// abbreviations allowed; an invalid value is reported and ignored.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn env_quoting_style() -> Option<logic::quote::Style> {
    let q = sys::env::var(b"QUOTING_STYLE")?;
    let style = logic::quote::style_by_name(q);
    if style.is_none() {
        let msg: &[&[u8]] = &[
            b"ignoring invalid value of environment variable QUOTING_STYLE: ",
            &quote(q),
        ];
        error(msg, None);
    }
    style
}
