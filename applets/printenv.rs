// corebox applet
// name: printenv
// usage: [OPTION]... [VARIABLE]...
// usage-status: 2
// stop-at-operand: yes
// option: -i
// option: -u NAME
// option: -0, --null
// help:
// Print the values of the specified environment VARIABLE(s).
// If no VARIABLE is specified, print name and value pairs for them all.
//
//   -0, --null     end each output line with NUL, not newline
//       --help        display this help and exit
//       --version     output version information and exit
//
// NOTE: your shell may have its own version of printenv, which usually supersedes
// the version described here.  Please refer to your shell's documentation
// for details about the options it supports.

use super::SPEC;

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    sys::io::set_exit_failure(2);
    let mut end = b'\n';
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        // GNU's printenv shares env's getopt string ("+iu:0"): -i and -u
        // NAME parse, then end in the usage message alone.
        if o.key != '0' {
            crate::shared::cli::try_help(&SPEC);
        }
        end = 0;
    }
    let names = opts.operands();
    let vars = sys::env::vars();
    let out = sys::out();
    if names.is_empty() {
        for v in vars {
            out.write(v);
            out.byte(end);
        }
        return 0;
    }
    let mut missing = 0;
    for name in names {
        let mut found = false;
        if !name.contains(&b'=') {
            for v in &vars {
                if let Some(value) = v.strip_prefix(name).and_then(|r| r.strip_prefix(b"=")) {
                    out.write(value);
                    out.byte(end);
                    found = true;
                }
            }
        }
        if !found {
            missing += 1;
        }
    }
    (missing > 0) as i32
}
