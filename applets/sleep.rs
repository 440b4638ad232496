// corebox applet
// name: sleep
// usage: NUMBER[SUFFIX]...
// usage: OPTION
// help:
// Pause for NUMBER seconds.  SUFFIX may be 's' for seconds (the default),
// 'm' for minutes, 'h' for hours or 'd' for days.  NUMBER need not be an
// integer.  Given two or more arguments, pause for the amount of time
// specified by the sum of their values.
//
//       --help        display this help and exit
//       --version     output version information and exit

use super::SPEC;

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let operands = crate::shared::cli::parse(&SPEC, &args[1..]).operands();
    // GNU checks argc, not the operands: `sleep --` sleeps for nothing.
    if args.len() <= 1 {
        crate::shared::cli::missing_operand(&SPEC);
    }
    let mut total = 0.0f64;
    let mut ok = true;
    for a in &operands {
        match logic::duration::parse(a) {
            Some(s) => total += s,
            None => {
                sys::io::error(
                    &[b"invalid time interval ", &crate::shared::diag::quote(a)],
                    None,
                );
                ok = false;
            }
        }
    }
    if !ok {
        crate::shared::cli::try_help(&SPEC);
    }
    let (secs, nanos) = logic::duration::to_secs_nanos(total);
    sys::time::sleep(secs, nanos);
    0
}
