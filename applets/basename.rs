// corebox applet
// name: basename
// usage: NAME [SUFFIX]
// usage: OPTION... NAME...
// stop-at-operand: yes
// option: -a, --multiple
// option: -s, --suffix=SUFFIX
// option: -z, --zero
// help:
// Print NAME with any leading directory components removed.
// If specified, also remove a trailing SUFFIX.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -a, --multiple       support multiple arguments and treat each as a NAME
//   -s, --suffix=SUFFIX  remove a trailing SUFFIX; implies -a
//   -z, --zero           end each output line with NUL, not newline
//       --help        display this help and exit
//       --version     output version information and exit
//
// Examples:
//   %s /usr/bin/sort          -> "sort"
//   %s include/stdio.h .h     -> "stdio"
//   %s -s .h include/stdio.h  -> "stdio"
//   %s -a any/str1 any/str2   -> "str1" followed by "str2"

use super::SPEC;
use logic::path::basename;

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (mut multiple, mut suffix, mut zero) = (false, None, false);
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            'a' => multiple = true,
            's' => {
                multiple = true;
                suffix = o.arg;
            }
            _ => zero = true,
        }
    }
    let names = opts.operands();
    if names.is_empty() {
        crate::shared::cli::missing_operand(&SPEC);
    }
    if !multiple && names.len() > 2 {
        crate::shared::cli::extra_operand(&SPEC, names[2]);
    }
    let (names, suffix) = if multiple {
        (&names[..], suffix)
    } else {
        (&names[..1], names.get(1).copied())
    };
    let out = sys::out();
    for name in names {
        let mut base = basename(name);
        if let Some(s) = suffix {
            if !base.starts_with(b"/") && base.len() > s.len() && base.ends_with(s) {
                base = &base[..base.len() - s.len()];
            }
        }
        out.write(base);
        out.byte(if zero { 0 } else { b'\n' });
    }
    0
}
