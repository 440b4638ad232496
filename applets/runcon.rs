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
use crate::shared::diag::{quote, quoteaf};
use corebox_core::context::{Context, Part};
use sys::io::{error, out, program_name};
use sys::selinux;
use sys::Errno;

fn die(parts: &[&[u8]], e: Option<Errno>) -> ! {
    error(parts, e);
    sys::rt::exit(1)
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (mut user, mut role, mut typ, mut range, mut compute) = (None, None, None, None, false);
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        let (slot, what): (&mut Option<&[u8]>, &[u8]) = match o.key {
            'c' => {
                compute = true;
                continue;
            }
            'u' => (&mut user, b"multiple users"),
            'r' => (&mut role, b"multiple roles"),
            't' => (&mut typ, b"multiple types"),
            'l' => (&mut range, b"multiple levelranges"),
            _ => continue,
        };
        if slot.is_some() {
            die(&[what], None);
        }
        *slot = o.arg;
    }
    let mut rest = &opts.operands()[..];
    if rest.is_empty() {
        match selinux::current() {
            Ok(c) => {
                out().write(&c);
                out().byte(b'\n');
                return 0;
            }
            Err(e) => die(&[b"failed to get current context"], Some(e)),
        }
    }
    let mut context = None;
    if user.is_none() && role.is_none() && typ.is_none() && range.is_none() && !compute {
        context = Some(rest[0]);
        rest = &rest[1..];
    }
    if rest.is_empty() {
        crate::shared::cli::usage_error(&SPEC, &[b"no command specified"]);
    }
    if !selinux::enabled() {
        die(
            &[program_name(), b" may be used only on a SELinux kernel"],
            None,
        );
    }
    let con = match context {
        Some(c) => Context::parse(c).unwrap_or_else(|| {
            die(
                &[b"failed to create security context: ", &quote(c)],
                Some(Errno::INVAL),
            )
        }),
        None => {
            let mut cur = selinux::current()
                .unwrap_or_else(|e| die(&[b"failed to get current context"], Some(e)));
            if compute {
                let file = selinux::get_label(sys::io::Fd::CWD, rest[0], true)
                    .and_then(|l| l.ok_or(Errno(61)))
                    .unwrap_or_else(|e| {
                        die(
                            &[b"failed to get security context of ", &quoteaf(rest[0])],
                            Some(e),
                        )
                    });
                cur = selinux::compute_create(&cur, &file)
                    .unwrap_or_else(|e| die(&[b"failed to compute a new context"], Some(e)));
            }
            let mut con = Context::parse(&cur).unwrap_or_else(|| {
                die(
                    &[b"failed to create security context: ", &quote(&cur)],
                    Some(Errno::INVAL),
                )
            });
            for (part, v, what) in [
                (Part::User, user, &b"failed to set new user: "[..]),
                (Part::Type, typ, b"failed to set new type: "),
                (Part::Range, range, b"failed to set new range: "),
                (Part::Role, role, b"failed to set new role: "),
            ] {
                if let Some(v) = v {
                    if con.set(part, v).is_none() {
                        die(&[what, &quote(v)], Some(Errno::INVAL));
                    }
                }
            }
            con
        }
    };
    let s = con.to_bytes();
    if let Err(e) = selinux::check_context(&s) {
        die(&[b"invalid context: ", &quote(&s)], Some(e));
    }
    if let Err(e) = selinux::set_exec(&s) {
        die(&[b"unable to set security context ", &quote(&s)], Some(e));
    }
    let e = sys::exec::execvp(rest);
    error(&[&quote(rest[0])], Some(e));
    if e == Errno::NOENT {
        127
    } else {
        126
    }
}
