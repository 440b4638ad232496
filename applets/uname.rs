// corebox applet
// name: uname
// usage: [OPTION]...
// option: -a, --all
// option: -s, --kernel-name, --sysname
// option: -n, --nodename
// option: -r, --kernel-release, --release
// option: -v, --kernel-version
// option: -m, --machine
// option: -p, --processor
// option: -i, --hardware-platform
// option: -o, --operating-system
// help:
// Print certain system information.  With no OPTION, same as -s.
//
//   -a, --all                print all information, in the following order,
//                              except omit -p and -i if unknown:
//   -s, --kernel-name        print the kernel name
//   -n, --nodename           print the network node hostname
//   -r, --kernel-release     print the kernel release
//   -v, --kernel-version     print the kernel version
//   -m, --machine            print the machine hardware name
//   -p, --processor          print the processor type (non-portable)
//   -i, --hardware-platform  print the hardware platform (non-portable)
//   -o, --operating-system   print the operating system
//       --help        display this help and exit
//       --version     output version information and exit

use super::SPEC;

const KERNEL: u8 = 1;
const NODE: u8 = 2;
const RELEASE: u8 = 4;
const VERSION: u8 = 8;
const MACHINE: u8 = 16;
const PROCESSOR: u8 = 32;
const PLATFORM: u8 = 64;
const OS: u8 = 128;

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut want = 0u8;
    let mut all = false;
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        want |= match o.key {
            'a' => {
                all = true;
                0xff
            }
            's' => KERNEL,
            'n' => NODE,
            'r' => RELEASE,
            'v' => VERSION,
            'm' => MACHINE,
            'p' => PROCESSOR,
            'i' => PLATFORM,
            _ => OS,
        };
    }
    if let Some(x) = opts.operands().first() {
        crate::shared::cli::extra_operand(&SPEC, x);
    }
    if want == 0 {
        want = KERNEL;
    }
    let u = sys::system::uname();
    let mut fields: alloc::vec::Vec<&[u8]> = alloc::vec::Vec::new();
    for (bit, value) in [
        (KERNEL, &u.sysname[..]),
        (NODE, &u.nodename[..]),
        (RELEASE, &u.release[..]),
        (VERSION, &u.version[..]),
        (MACHINE, &u.machine[..]),
    ] {
        if want & bit != 0 {
            fields.push(value);
        }
    }
    // The processor type and hardware platform are unknown on Linux;
    // -a leaves them out, as GNU does.
    for bit in [PROCESSOR, PLATFORM] {
        if want & bit != 0 && !all {
            fields.push(b"unknown");
        }
    }
    if want & OS != 0 {
        fields.push(b"GNU/Linux");
    }
    let out = sys::out();
    out.write(&fields.join(&b' ')[..]);
    out.byte(b'\n');
    0
}
