// corebox applet
// name: rm
// usage: [OPTION]... [FILE]...
// option: -f, --force
// option: --interactive[=WHEN]
// option: --one-file-system
// option: --no-preserve-root
// option: --preserve-root[=all]
// option: ---presume-input-tty
// option: -r, --recursive
// option: -d, --dir
// option: -v, --verbose
// option: -i
// option: -I
// option: -R
// help:
// Remove (unlink) the FILE(s).
//
//   -f, --force           ignore nonexistent files and arguments, never prompt
//   -i                    prompt before every removal
//   -I                    prompt once before removing more than three files, or
//                           when removing recursively; less intrusive than -i,
//                           while still giving protection against most mistakes
//       --interactive[=WHEN]  prompt according to WHEN: never, once (-I), or
//                           always (-i); without WHEN, prompt always
//       --one-file-system  when removing a hierarchy recursively, skip any
//                           directory that is on a file system different from
//                           that of the corresponding command line argument
//       --no-preserve-root  do not treat '/' specially
//       --preserve-root[=all]  do not remove '/' (default);
//                               with 'all', reject any command line argument
//                               on a separate device from its parent
//   -r, -R, --recursive   remove directories and their contents recursively
//   -d, --dir             remove empty directories
//   -v, --verbose         explain what is being done
//       --help        display this help and exit
//       --version     output version information and exit
//
// By default, rm does not remove directories.  Use the --recursive (-r or -R)
// option to remove each listed directory, too, along with all of its contents.
//
// To remove a file whose name starts with a '-', for example '-foo',
// use one of these commands:
//   %s -- -foo
//
//   %s ./-foo
//
// Note that if you use rm to remove a file, it might be possible to recover
// some of its contents, given sufficient expertise and/or time.  For greater
// assurance that the contents are truly unrecoverable, consider using shred(1).

//! rm: GNU rm.c, its options and the -I question, over the shared
//! removing engine (`shared::remove`, GNU's remove.c).

use super::{opt, SPEC};
use crate::shared::ask::yesno;
use crate::shared::cli::{choice, try_help};
use crate::shared::diag::{die, quoteaf, quotef};
use crate::shared::remove::{Ask, Remover, Status};
use sys::fs;
use sys::io::{error, program_name, write_stderr};

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    let mut rm = Remover::default();
    let (mut preserve_root, mut once) = (true, false);
    while let Some(o) = opts.next_raw() {
        let o = match o {
            Ok(o) => o,
            Err(e) => {
                error(&[&e.message()], None);
                diagnose_leading_hyphen(args);
                try_help(&SPEC);
            }
        };
        match o.key {
            'd' => rm.empty_dirs = true,
            'f' => (rm.ask, rm.ignore_missing, once) = (Ask::Never, true, false),
            'i' => (rm.ask, rm.ignore_missing, once) = (Ask::Always, false, false),
            'I' => (rm.ask, rm.ignore_missing, once) = (Ask::Sometimes, false, true),
            'r' | 'R' => rm.recursive = true,
            'v' => rm.verbose = true,
            opt::INTERACTIVE => {
                let words: &[(&[u8], Ask)] = &[
                    (b"never", Ask::Never),
                    (b"no", Ask::Never),
                    (b"none", Ask::Never),
                    (b"once", Ask::Sometimes),
                    (b"always", Ask::Always),
                    (b"yes", Ask::Always),
                ];
                match o
                    .arg
                    .map_or(Ask::Always, |a| choice(&SPEC, b"--interactive", a, words))
                {
                    Ask::Never => (rm.ask, once) = (Ask::Never, false),
                    Ask::Sometimes => {
                        (rm.ask, rm.ignore_missing, once) = (Ask::Sometimes, false, true)
                    }
                    Ask::Always => (rm.ask, rm.ignore_missing, once) = (Ask::Always, false, false),
                }
            }
            opt::ONE_FILE_SYSTEM => rm.one_file_system = true,
            opt::NO_PRESERVE_ROOT => {
                if abbreviated_no_preserve_root(args) {
                    die(
                        &[b"you may not abbreviate the --no-preserve-root option"],
                        None,
                    );
                }
                preserve_root = false;
            }
            opt::PRESERVE_ROOT => {
                if let Some(a) = o.arg {
                    if a != b"all" {
                        die(
                            &[b"unrecognized --preserve-root argument: ", &quoteaf(a)],
                            None,
                        );
                    }
                    rm.preserve_all_root = true;
                }
                preserve_root = true;
            }
            opt::_PRESUME_INPUT_TTY => rm.stdin_tty = true,
            _ => {}
        }
    }
    let files = opts.operands();
    if files.is_empty() {
        if rm.ignore_missing {
            return 0;
        }
        crate::shared::cli::missing_operand(&SPEC);
    }
    if rm.recursive && preserve_root {
        rm.root = Some(crate::shared::diag::root_dev_ino());
    }
    if once && (rm.recursive || files.len() > 3) {
        let mut q = program_name().to_vec();
        q.extend_from_slice(b": remove ");
        logic::digits::push_u64(&mut q, files.len() as u64);
        q.extend_from_slice(match (files.len() == 1, rm.recursive) {
            (true, true) => b" argument recursively? ",
            (false, true) => b" arguments recursively? ",
            (true, false) => b" argument? ",
            (false, false) => b" arguments? ",
        });
        write_stderr(&q);
        if !yesno() {
            return 0;
        }
    }
    i32::from(rm.run(&files) == Status::Error)
}

/// After a bad option: GNU's hint for an operand that looks like one.
fn diagnose_leading_hyphen(args: &[&[u8]]) {
    for a in &args[1..] {
        if a.len() > 1 && a[0] == b'-' && fs::lstat(a).is_ok() {
            let mut m = b"Try '".to_vec();
            m.extend_from_slice(args[0]);
            m.extend_from_slice(b" ./");
            m.extend_from_slice(&quotef(a));
            m.extend_from_slice(b"' to remove the file ");
            m.extend_from_slice(&quoteaf(a));
            m.extend_from_slice(b".\n");
            write_stderr(&m);
            break;
        }
    }
}

/// `--no-preserve-root` must be spelled out: an abbreviation of it
/// (before `--`) is refused.
fn abbreviated_no_preserve_root(args: &[&[u8]]) -> bool {
    let full: &[u8] = b"--no-preserve-root";
    args[1..]
        .iter()
        .take_while(|a| **a != b"--")
        .any(|a| a.len() > 4 && a.len() < full.len() && full.starts_with(a))
}
