// corebox applet
// name: runcon
// usage: CONTEXT COMMAND [args]
// usage: [ -c ] [-u USER] [-r ROLE] [-t TYPE] [-l RANGE] COMMAND [args]
// stop-at-operand: yes
// option: -c, --compute
// option: -t, --type=TYPE
// option: -u, --user=USER
// option: -r, --role=ROLE
// option: -l, --range=RANGE
// help:
// Run a program in a different SELinux security context.
// With neither CONTEXT nor COMMAND, print the current security context.
//
// Mandatory arguments to long options are mandatory for short options too.
//   CONTEXT            Complete security context
//   -c, --compute      compute process transition context before modifying
//   -t, --type=TYPE    type (for same role as parent)
//   -u, --user=USER    user identity
//   -r, --role=ROLE    role
//   -l, --range=RANGE  levelrange
//       --help        display this help and exit
//       --version     output version information and exit

use super::SPEC;
use crate::shared::diag::{die, quote, quoteaf};
use alloc::vec::Vec;
use logic::context::{Context, Part};
use sys::io::{error, out, program_name};
use sys::selinux;
use sys::Errno;

struct Config {
    user: Option<&'static [u8]>,
    role: Option<&'static [u8]>,
    typ: Option<&'static [u8]>,
    range: Option<&'static [u8]>,
    /// -c: start from the context computed for executing the command.
    compute: bool,
}

impl Config {
    /// Without components or -c, the first operand is a whole CONTEXT.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn edits_current(&self) -> bool {
        self.user.is_some()
            || self.role.is_some()
            || self.typ.is_some()
            || self.range.is_some()
            || self.compute
    }
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (c, operands) = parse(args);
    if operands.is_empty() {
        let current = selinux::current()
            .unwrap_or_else(|e| die(&[b"failed to get current context"], Some(e)));
        out().write(&current);
        out().byte(b'\n');
        return 0;
    }
    let (context, command) = if c.edits_current() {
        (None, &operands[..])
    } else {
        (Some(operands[0]), &operands[1..])
    };
    if command.is_empty() {
        crate::shared::cli::usage_error(&SPEC, &[b"no command specified"]);
    }
    if !selinux::enabled() {
        die(
            &[program_name(), b" may be used only on a SELinux kernel"],
            None,
        );
    }
    let con = match context {
        Some(whole) => parse_context(whole),
        None => edited_current(&c, command[0]),
    };
    exec_in(&con.to_bytes(), command)
}

/// The options, and the operands: [CONTEXT] COMMAND [ARG]...
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        user: None,
        role: None,
        typ: None,
        range: None,
        compute: false,
    };
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        let (slot, what): (&mut Option<&[u8]>, &[u8]) = match o.key {
            'c' => {
                c.compute = true;
                continue;
            }
            'u' => (&mut c.user, b"multiple users"),
            'r' => (&mut c.role, b"multiple roles"),
            't' => (&mut c.typ, b"multiple types"),
            'l' => (&mut c.range, b"multiple levelranges"),
            _ => continue,
        };
        if slot.is_some() {
            die(&[what], None);
        }
        *slot = o.arg;
    }
    (c, opts.operands())
}

#[cfg_attr(corebox_opt, optimize(size))]
fn parse_context(text: &[u8]) -> Context {
    Context::parse(text).unwrap_or_else(|| {
        die(
            &[b"failed to create security context: ", &quote(text)],
            Some(Errno::INVAL),
        )
    })
}

/// The current context (with -c, the one computed for executing
/// `program`) with the components given as options put in.
#[cfg_attr(corebox_opt, optimize(size))]
fn edited_current(c: &Config, program: &[u8]) -> Context {
    let mut cur =
        selinux::current().unwrap_or_else(|e| die(&[b"failed to get current context"], Some(e)));
    if c.compute {
        let file = selinux::get_label(sys::io::Fd::CWD, program, true)
            .and_then(|l| l.ok_or(Errno(61)))
            .unwrap_or_else(|e| {
                die(
                    &[b"failed to get security context of ", &quoteaf(program)],
                    Some(e),
                )
            });
        cur = selinux::compute_create(&cur, &file)
            .unwrap_or_else(|e| die(&[b"failed to compute a new context"], Some(e)));
    }
    let mut con = parse_context(&cur);
    for (part, v, what) in [
        (Part::User, c.user, &b"failed to set new user: "[..]),
        (Part::Type, c.typ, b"failed to set new type: "),
        (Part::Range, c.range, b"failed to set new range: "),
        (Part::Role, c.role, b"failed to set new role: "),
    ] {
        if let Some(v) = v {
            if con.set(part, v).is_none() {
                die(&[what, &quote(v)], Some(Errno::INVAL));
            }
        }
    }
    con
}

/// Runs `command` in `context`; returns only if that fails, with the
/// exit status of GNU's exec-style tools.
#[cfg_attr(corebox_opt, optimize(size))]
fn exec_in(context: &[u8], command: &[&[u8]]) -> i32 {
    if let Err(e) = selinux::check_context(context) {
        die(&[b"invalid context: ", &quote(context)], Some(e));
    }
    if let Err(e) = selinux::set_exec(context) {
        die(
            &[b"unable to set security context ", &quote(context)],
            Some(e),
        );
    }
    let e = sys::exec::execvp(command);
    error(&[&quote(command[0])], Some(e));
    if e == Errno::NOENT {
        127
    } else {
        126
    }
}
