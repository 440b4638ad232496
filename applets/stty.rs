// corebox applet
// name: stty
// usage: [-F DEVICE | --file=DEVICE] [SETTING]...
// usage: [-F DEVICE | --file=DEVICE] [-a|--all]
// usage: [-F DEVICE | --file=DEVICE] [-g|--save]
// option: -a, --all
// option: -g, --save
// option: -F, --file=DEVICE
// help:
// Print or change terminal characteristics.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -a, --all          print all current settings in human-readable form
//   -g, --save         print all current settings in a stty-readable form
//   -F, --file=DEVICE  open and use the specified DEVICE instead of stdin
//       --help        display this help and exit
//       --version     output version information and exit
//
// Optional - before SETTING indicates negation.  An * marks non-POSIX
// settings.  The underlying system defines which settings are available.
//
// Special characters:
//  * discard CHAR  CHAR will toggle discarding of output
//    eof CHAR      CHAR will send an end of file (terminate the input)
//    eol CHAR      CHAR will end the line
//  * eol2 CHAR     alternate CHAR for ending the line
//    erase CHAR    CHAR will erase the last character typed
//    intr CHAR     CHAR will send an interrupt signal
//    kill CHAR     CHAR will erase the current line
//  * lnext CHAR    CHAR will enter the next character quoted
//    quit CHAR     CHAR will send a quit signal
//  * rprnt CHAR    CHAR will redraw the current line
//    start CHAR    CHAR will restart the output after stopping it
//    stop CHAR     CHAR will stop the output
//    susp CHAR     CHAR will send a terminal stop signal
//  * swtch CHAR    CHAR will switch to a different shell layer
//  * werase CHAR   CHAR will erase the last word typed
//
// Special settings:
//    N             set the input and output speeds to N bauds
//  * cols N        tell the kernel that the terminal has N columns
//  * columns N     same as cols N
//  * [-]drain      wait for transmission before applying settings (on by default)
//    ispeed N      set the input speed to N
//  * line N        use line discipline N
//    min N         with -icanon, set N characters minimum for a completed read
//    ospeed N      set the output speed to N
//  * rows N        tell the kernel that the terminal has N rows
//  * size          print the number of rows and columns according to the kernel
//    speed         print the terminal speed
//    time N        with -icanon, set read timeout of N tenths of a second
//
// Control settings:
//    [-]clocal     disable modem control signals
//    [-]cread      allow input to be received
//  * [-]crtscts    enable RTS/CTS handshaking
//    csN           set character size to N bits, N in [5..8]
//    [-]cstopb     use two stop bits per character (one with '-')
//    [-]hup        send a hangup signal when the last process closes the tty
//    [-]hupcl      same as [-]hup
//    [-]parenb     generate parity bit in output and expect parity bit in input
//    [-]parodd     set odd parity (or even parity with '-')
//  * [-]cmspar     use "stick" (mark/space) parity
//
// Input settings:
//    [-]brkint     breaks cause an interrupt signal
//    [-]icrnl      translate carriage return to newline
//    [-]ignbrk     ignore break characters
//    [-]igncr      ignore carriage return
//    [-]ignpar     ignore characters with parity errors
//  * [-]imaxbel    beep and do not flush a full input buffer on a character
//    [-]inlcr      translate newline to carriage return
//    [-]inpck      enable input parity checking
//    [-]istrip     clear high (8th) bit of input characters
//  * [-]iutf8      assume input characters are UTF-8 encoded
//  * [-]iuclc      translate uppercase characters to lowercase
//  * [-]ixany      let any character restart output, not only start character
//    [-]ixoff      enable sending of start/stop characters
//    [-]ixon       enable XON/XOFF flow control
//    [-]parmrk     mark parity errors (with a 255-0-character sequence)
//    [-]tandem     same as [-]ixoff
//
// Output settings:
//  * bsN           backspace delay style, N in [0..1]
//  * crN           carriage return delay style, N in [0..3]
//  * ffN           form feed delay style, N in [0..1]
//  * nlN           newline delay style, N in [0..1]
//  * [-]ocrnl      translate carriage return to newline
//  * [-]ofdel      use delete characters for fill instead of NUL characters
//  * [-]ofill      use fill (padding) characters instead of timing for delays
//  * [-]olcuc      translate lowercase characters to uppercase
//  * [-]onlcr      translate newline to carriage return-newline
//  * [-]onlret     newline performs a carriage return
//  * [-]onocr      do not print carriage returns in the first column
//    [-]opost      postprocess output
//  * tabN          horizontal tab delay style, N in [0..3]
//  * tabs          same as tab0
//  * -tabs         same as tab3
//  * vtN           vertical tab delay style, N in [0..1]
//
// Local settings:
//    [-]crterase   echo erase characters as backspace-space-backspace
//  * crtkill       kill all line by obeying the echoprt and echoe settings
//  * -crtkill      kill all line by obeying the echoctl and echok settings
//  * [-]ctlecho    echo control characters in hat notation ('^c')
//    [-]echo       echo input characters
//  * [-]echoctl    same as [-]ctlecho
//    [-]echoe      same as [-]crterase
//    [-]echok      echo a newline after a kill character
//  * [-]echoke     same as [-]crtkill
//    [-]echonl     echo newline even if not echoing other characters
//  * [-]echoprt    echo erased characters backward, between '\' and '/'
//  * [-]extproc    enable "LINEMODE"; useful with high latency links
//  * [-]flusho     discard output
//    [-]icanon     enable special characters: erase, kill, werase, rprnt
//    [-]iexten     enable non-POSIX special characters
//    [-]isig       enable interrupt, quit, and suspend special characters
//    [-]noflsh     disable flushing after interrupt and quit special characters
//  * [-]prterase   same as [-]echoprt
//  * [-]tostop     stop background jobs that try to write to the terminal
//  * [-]xcase      with icanon, escape with '\' for uppercase characters
//
// Combination settings:
//  * [-]LCASE      same as [-]lcase
//    cbreak        same as -icanon
//    -cbreak       same as icanon
//    cooked        same as brkint ignpar istrip icrnl ixon opost isig
//                  icanon, eof and eol characters to their default values
//    -cooked       same as raw
//    crt           same as echoe echoctl echoke
//    dec           same as echoe echoctl echoke -ixany intr ^c erase 0177
//                  kill ^u
//  * [-]decctlq    same as [-]ixany
//    ek            erase and kill characters to their default values
//    evenp         same as parenb -parodd cs7
//    -evenp        same as -parenb cs8
//  * [-]lcase      same as xcase iuclc olcuc
//    litout        same as -parenb -istrip -opost cs8
//    -litout       same as parenb istrip opost cs7
//    nl            same as -icrnl -onlcr
//    -nl           same as icrnl -inlcr -igncr onlcr -ocrnl -onlret
//    oddp          same as parenb parodd cs7
//    -oddp         same as -parenb cs8
//    [-]parity     same as [-]evenp
//    pass8         same as -parenb -istrip cs8
//    -pass8        same as parenb istrip cs7
//    raw           same as -ignbrk -brkint -ignpar -parmrk -inpck -istrip
//                  -inlcr -igncr -icrnl -ixon -ixoff -icanon -opost
//                  -isig -iuclc -ixany -imaxbel -xcase min 1 time 0
//    -raw          same as cooked
//    sane          same as cread -ignbrk brkint -inlcr -igncr icrnl
//                  icanon iexten echo echoe echok -echonl -noflsh
//                  -ixoff -iutf8 -iuclc -ixany imaxbel -xcase -olcuc -ocrnl
//                  opost -ofill onlcr -onocr -onlret nl0 cr0 tab0 bs0 vt0 ff0
//                  isig -tostop -ofdel -echoprt echoctl echoke -extproc -flusho,
//                  all special characters to their default values
//
// Handle the tty line connected to standard input.  Without arguments,
// prints baud rate, line discipline, and deviations from stty sane.  In
// settings, CHAR is taken literally, or coded as in ^c, 0x37, 0177 or
// 127; special values ^- or undef used to disable special characters.

//! stty: GNU 9.1's stty.c on Linux: glibc's termios flags (the generic
//! kernel values, the same on the five triples), its mode and control
//! character tables, speeds kept in CBAUD as glibc's cfset*speed do,
//! `-a`, `-g` and its round trip, rows/cols/size, line, and the output
//! wrapped at the screen width like GNU's wrapf.

use super::SPEC;
use crate::shared::cli::usage_error;
use crate::shared::diag::{die, quote, quotef};
use alloc::vec::Vec;
use sys::io::{out, Fd};
use sys::tty::Termios;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Control,
    Input,
    Output,
    Local,
    Combination,
}
use Kind::*;

const SANE_SET: u8 = 1;
const SANE_UNSET: u8 = 2;
const REV: u8 = 4;
const OMIT: u8 = 8;

/// A mode: name, flag word, GNU's flags, bits, other bits to clear.
struct Mode(&'static str, Kind, u8, u32, u32);

// Linux's generic termios bits.
const CSIZE: u32 = 0o60;
const PARENB: u32 = 0o400;
const PARODD: u32 = 0o1000;
const CBAUD: u32 = 0o10017;
const ICRNL: u32 = 0o400;
const INLCR: u32 = 0o100;
const IGNCR: u32 = 0o200;
const ISTRIP: u32 = 0o40;
const IXANY: u32 = 0o4000;
const IUCLC: u32 = 0o1000;
const OPOST: u32 = 1;
const OLCUC: u32 = 2;
const ONLCR: u32 = 4;
const OCRNL: u32 = 0o10;
const ONLRET: u32 = 0o40;
const TABDLY: u32 = 0o14000;
const ISIG: u32 = 1;
const ICANON: u32 = 2;
const XCASE: u32 = 4;
const ECHOE: u32 = 0o20;
const ECHOCTL: u32 = 0o1000;
const ECHOKE: u32 = 0o4000;
const VINTR: usize = 0;
const VERASE: usize = 2;
const VKILL: usize = 3;
const VTIME: usize = 5;
const VMIN: usize = 6;

#[rustfmt::skip]
static MODES: &[Mode] = &[
    Mode("parenb", Control, REV, PARENB, 0),
    Mode("parodd", Control, REV, PARODD, 0),
    Mode("cmspar", Control, REV, 0o10000000000, 0),
    Mode("cs5", Control, 0, 0, CSIZE),
    Mode("cs6", Control, 0, 0o20, CSIZE),
    Mode("cs7", Control, 0, 0o40, CSIZE),
    Mode("cs8", Control, 0, 0o60, CSIZE),
    Mode("hupcl", Control, REV, 0o2000, 0),
    Mode("hup", Control, REV | OMIT, 0o2000, 0),
    Mode("cstopb", Control, REV, 0o100, 0),
    Mode("cread", Control, SANE_SET | REV, 0o200, 0),
    Mode("clocal", Control, REV, 0o4000, 0),
    Mode("crtscts", Control, REV, 0o20000000000, 0),
    Mode("ignbrk", Input, SANE_UNSET | REV, 1, 0),
    Mode("brkint", Input, SANE_SET | REV, 2, 0),
    Mode("ignpar", Input, REV, 4, 0),
    Mode("parmrk", Input, REV, 0o10, 0),
    Mode("inpck", Input, REV, 0o20, 0),
    Mode("istrip", Input, REV, ISTRIP, 0),
    Mode("inlcr", Input, SANE_UNSET | REV, INLCR, 0),
    Mode("igncr", Input, SANE_UNSET | REV, IGNCR, 0),
    Mode("icrnl", Input, SANE_SET | REV, ICRNL, 0),
    Mode("ixon", Input, REV, 0o2000, 0),
    Mode("ixoff", Input, SANE_UNSET | REV, 0o10000, 0),
    Mode("tandem", Input, REV | OMIT, 0o10000, 0),
    Mode("iuclc", Input, SANE_UNSET | REV, IUCLC, 0),
    Mode("ixany", Input, SANE_UNSET | REV, IXANY, 0),
    Mode("imaxbel", Input, SANE_SET | REV, 0o20000, 0),
    Mode("iutf8", Input, SANE_UNSET | REV, 0o40000, 0),
    Mode("opost", Output, SANE_SET | REV, OPOST, 0),
    Mode("olcuc", Output, SANE_UNSET | REV, OLCUC, 0),
    Mode("ocrnl", Output, SANE_UNSET | REV, OCRNL, 0),
    Mode("onlcr", Output, SANE_SET | REV, ONLCR, 0),
    Mode("onocr", Output, SANE_UNSET | REV, 0o20, 0),
    Mode("onlret", Output, SANE_UNSET | REV, ONLRET, 0),
    Mode("ofill", Output, SANE_UNSET | REV, 0o100, 0),
    Mode("ofdel", Output, SANE_UNSET | REV, 0o200, 0),
    Mode("nl1", Output, SANE_UNSET, 0o400, 0o400),
    Mode("nl0", Output, SANE_SET, 0, 0o400),
    Mode("cr3", Output, SANE_UNSET, 0o3000, 0o3000),
    Mode("cr2", Output, SANE_UNSET, 0o2000, 0o3000),
    Mode("cr1", Output, SANE_UNSET, 0o1000, 0o3000),
    Mode("cr0", Output, SANE_SET, 0, 0o3000),
    Mode("tab3", Output, SANE_UNSET, 0o14000, TABDLY),
    Mode("tab2", Output, SANE_UNSET, 0o10000, TABDLY),
    Mode("tab1", Output, SANE_UNSET, 0o4000, TABDLY),
    Mode("tab0", Output, SANE_SET, 0, TABDLY),
    Mode("bs1", Output, SANE_UNSET, 0o20000, 0o20000),
    Mode("bs0", Output, SANE_SET, 0, 0o20000),
    Mode("vt1", Output, SANE_UNSET, 0o40000, 0o40000),
    Mode("vt0", Output, SANE_SET, 0, 0o40000),
    Mode("ff1", Output, SANE_UNSET, 0o100000, 0o100000),
    Mode("ff0", Output, SANE_SET, 0, 0o100000),
    Mode("isig", Local, SANE_SET | REV, ISIG, 0),
    Mode("icanon", Local, SANE_SET | REV, ICANON, 0),
    Mode("iexten", Local, SANE_SET | REV, 0o100000, 0),
    Mode("echo", Local, SANE_SET | REV, 0o10, 0),
    Mode("echoe", Local, SANE_SET | REV, ECHOE, 0),
    Mode("crterase", Local, REV | OMIT, ECHOE, 0),
    Mode("echok", Local, SANE_SET | REV, 0o40, 0),
    Mode("echonl", Local, SANE_UNSET | REV, 0o100, 0),
    Mode("noflsh", Local, SANE_UNSET | REV, 0o200, 0),
    Mode("xcase", Local, SANE_UNSET | REV, XCASE, 0),
    Mode("tostop", Local, SANE_UNSET | REV, 0o400, 0),
    Mode("echoprt", Local, SANE_UNSET | REV, 0o2000, 0),
    Mode("prterase", Local, REV | OMIT, 0o2000, 0),
    Mode("echoctl", Local, SANE_SET | REV, ECHOCTL, 0),
    Mode("ctlecho", Local, REV | OMIT, ECHOCTL, 0),
    Mode("echoke", Local, SANE_SET | REV, ECHOKE, 0),
    Mode("crtkill", Local, REV | OMIT, ECHOKE, 0),
    Mode("flusho", Local, SANE_UNSET | REV, 0o10000, 0),
    Mode("extproc", Local, SANE_UNSET | REV, 0o200000, 0),
    Mode("evenp", Combination, REV | OMIT, 0, 0),
    Mode("parity", Combination, REV | OMIT, 0, 0),
    Mode("oddp", Combination, REV | OMIT, 0, 0),
    Mode("nl", Combination, REV | OMIT, 0, 0),
    Mode("ek", Combination, OMIT, 0, 0),
    Mode("sane", Combination, OMIT, 0, 0),
    Mode("cooked", Combination, REV | OMIT, 0, 0),
    Mode("raw", Combination, REV | OMIT, 0, 0),
    Mode("pass8", Combination, REV | OMIT, 0, 0),
    Mode("litout", Combination, REV | OMIT, 0, 0),
    Mode("cbreak", Combination, REV | OMIT, 0, 0),
    Mode("decctlq", Combination, REV | OMIT, 0, 0),
    Mode("tabs", Combination, REV | OMIT, 0, 0),
    Mode("lcase", Combination, REV | OMIT, 0, 0),
    Mode("LCASE", Combination, REV | OMIT, 0, 0),
    Mode("crt", Combination, OMIT, 0, 0),
    Mode("dec", Combination, OMIT, 0, 0),
];

/// Control characters: name, `sane` value, index in c_cc.
#[rustfmt::skip]
static CONTROLS: &[(&str, u8, usize)] = &[
    ("intr", 3, 0), ("quit", 0o34, 1), ("erase", 0o177, 2), ("kill", 0o25, 3),
    ("eof", 4, 4), ("eol", 0, 11), ("eol2", 0, 16), ("swtch", 0, 7),
    ("start", 0o21, 8), ("stop", 0o23, 9), ("susp", 0o32, 10),
    ("rprnt", 0o22, 12), ("werase", 0o27, 14), ("lnext", 0o26, 15),
    ("flush", 0o17, 13), ("discard", 0o17, 13),
    ("min", 1, VMIN), ("time", 0, VTIME),
];

/// Speeds: name, CBAUD value, baud.
#[rustfmt::skip]
static SPEEDS: &[(&str, u32, u32)] = &[
    ("0", 0, 0), ("50", 1, 50), ("75", 2, 75), ("110", 3, 110), ("134", 4, 134),
    ("134.5", 4, 134), ("150", 5, 150), ("200", 6, 200), ("300", 7, 300),
    ("600", 8, 600), ("1200", 9, 1200), ("1800", 10, 1800), ("2400", 11, 2400),
    ("4800", 12, 4800), ("9600", 13, 9600), ("19200", 14, 19200), ("38400", 15, 38400),
    ("exta", 14, 19200), ("extb", 15, 38400), ("57600", 0o10001, 57600),
    ("115200", 0o10002, 115200), ("230400", 0o10003, 230400), ("460800", 0o10004, 460800),
    ("500000", 0o10005, 500000), ("576000", 0o10006, 576000), ("921600", 0o10007, 921600),
    ("1000000", 0o10010, 1000000), ("1152000", 0o10011, 1152000),
    ("1500000", 0o10012, 1500000), ("2000000", 0o10013, 2000000),
    ("2500000", 0o10014, 2500000), ("3000000", 0o10015, 3000000),
    ("3500000", 0o10016, 3500000), ("4000000", 0o10017, 4000000),
];

/// glibc's NCCS: `-g` prints and reads 32 control characters.
const GLIBC_NCCS: usize = 32;

#[cfg_attr(corebox_opt, optimize(size))]
fn flags(t: &mut Termios, k: Kind) -> Option<&mut u32> {
    match k {
        Control => Some(&mut t.cflag),
        Input => Some(&mut t.iflag),
        Output => Some(&mut t.oflag),
        Local => Some(&mut t.lflag),
        Combination => None,
    }
}

/// What to print.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Output {
    Changed,
    All,
    Recoverable,
}

/// Output wrapped at the screen width, as GNU's wrapf.
struct Wrap {
    max: usize,
    col: usize,
}

impl Wrap {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn put(&mut self, s: &[u8]) {
        if self.col > 0 {
            if self.max.saturating_sub(self.col) < s.len() {
                out().byte(b'\n');
                self.col = 0;
            } else {
                out().byte(b' ');
                self.col += 1;
            }
        }
        out().write(s);
        self.col += s.len();
    }
    #[cfg_attr(corebox_opt, optimize(size))]
    fn newline(&mut self) {
        out().byte(b'\n');
        self.col = 0;
    }
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (output, device, settings) = parse(args);
    let name: &[u8] = device.unwrap_or(b"standard input");
    if output.is_none() {
        // Every setting is checked before the device is touched.
        apply(&settings, &mut Termios::default(), None, name);
    }
    if let Some(dev) = device {
        open_device(dev);
    }
    let mut mode = get(name);
    let Some(output) = output else {
        return set(&settings, mode, name);
    };
    let mut w = Wrap {
        max: screen_columns(),
        col: 0,
    };
    match output {
        Output::Changed => changed(&mode, &mut w),
        Output::All => all(&mode, &mut w, name),
        Output::Recoverable => recoverable(&mut mode),
    }
    0
}

#[cfg_attr(corebox_opt, optimize(size))]
fn get(name: &[u8]) -> Termios {
    match sys::tty::get(Fd::STDIN) {
        Ok(t) => t,
        Err(e) => die(&[&quotef(name)], Some(e)),
    }
}

/// Applies the settings, sets the attributes when asked to, and checks
/// the terminal took them all.
#[cfg_attr(corebox_opt, optimize(size))]
fn set(settings: &[&'static [u8]], mut mode: Termios, name: &[u8]) -> i32 {
    let before = mode;
    let speed = mode.cflag & CBAUD;
    let mut state = Applied {
        require: false,
        drain: true,
        speed_set: false,
        ispeed: speed,
        ospeed: speed,
        ibaud0: false,
    };
    apply(settings, &mut mode, Some(&mut state), name);
    if !state.require {
        return 0;
    }
    if let Err(e) = sys::tty::set(Fd::STDIN, &mode, state.drain) {
        die(&[&quotef(name)], Some(e));
    }
    let mut new = get(name);
    // Debian's glibc tcsetattr: a terminal (a pty) that took nothing of
    // a change to PARENB, CREAD or CSIZE answers EINVAL.
    let size = mode.cflag & CSIZE;
    let refused = (mode.cflag ^ new.cflag) & (PARENB | 0o200) != 0
        || (size != 0 && size != new.cflag & CSIZE);
    if refused && new == before {
        die(&[&quotef(name)], Some(sys::Errno::INVAL));
    }
    let now = new.cflag & CBAUD;
    let speeds_differ = state.ibaud0 || state.ispeed != now || state.ospeed != now;
    const CIBAUD: u32 = 0o2003600000;
    let exact = mode == new;
    new.cflag &= !CIBAUD;
    let mut wanted = mode;
    wanted.cflag &= !CIBAUD;
    if (state.speed_set && (speeds_differ || !exact)) || wanted != new {
        die(
            &[
                &quotef(name),
                b": unable to perform all requested operations",
            ],
            None,
        );
    }
    0
}

/// `-F DEVICE` becomes standard input, opened without waiting for
/// carrier (O_NONBLOCK, then cleared).
#[cfg_attr(corebox_opt, optimize(size))]
fn open_device(dev: &[u8]) {
    let f = match sys::fs::open_nonblock(dev) {
        Ok(f) => f,
        Err(e) => die(&[&quotef(dev)], Some(e)),
    };
    if f.fd() != Fd::STDIN {
        if let Err(e) = sys::fs::dup_to(f.fd(), Fd::STDIN) {
            die(&[&quotef(dev)], Some(e));
        }
    } else {
        f.keep();
    }
    if let Err(e) = sys::fs::set_nonblocking(Fd::STDIN, false) {
        die(
            &[&quotef(dev), b": couldn't reset non-blocking mode"],
            Some(e),
        );
    }
}

/// GNU's two-pass option scan: `-a`, `-g`, `-F DEV` (and long forms) are
/// options; any other argument, `-echo` included, is a setting.
#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(
    args: &'static [&'static [u8]],
) -> (Option<Output>, Option<&'static [u8]>, Vec<&'static [u8]>) {
    let mut o = Opts {
        all: false,
        save: false,
        file: None,
    };
    let mut settings = Vec::new();
    let mut noargs = true;
    let mut i = 1;
    while i < args.len() {
        let a = args[i];
        i += 1;
        if a == b"--" {
            // getopt stops here: the rest only matters if a setting came
            // before (then `--` itself is an invalid setting).
            settings.extend_from_slice(&args[i - 1..]);
            break;
        }
        let taken = if a.starts_with(b"--") && a.len() > 2 {
            o.long(&a[2..], args.get(i).copied())
        } else if a.len() > 1 && a[0] == b'-' {
            o.short(&a[1..], args.get(i).copied())
        } else {
            None
        };
        match taken {
            Some(extra) => i += extra as usize,
            None => {
                if a != b"-drain" && a != b"drain" {
                    noargs = false;
                }
                settings.push(a);
            }
        }
    }
    if o.all && o.save {
        die(
            &[b"the options for verbose and stty-readable output styles are\nmutually exclusive"],
            None,
        );
    }
    if !noargs && (o.all || o.save) {
        die(
            &[b"when specifying an output style, modes may not be set"],
            None,
        );
    }
    let output = match (o.all, o.save, noargs) {
        (true, _, _) => Some(Output::All),
        (_, true, _) => Some(Output::Recoverable),
        (_, _, true) => Some(Output::Changed),
        _ => None,
    };
    (output, o.file, settings)
}

struct Opts {
    all: bool,
    save: bool,
    file: Option<&'static [u8]>,
}

impl Opts {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn set_file(&mut self, f: &'static [u8]) {
        if self.file.is_some() {
            die(&[b"only one device may be specified"], None);
        }
        self.file = Some(f);
    }

    /// A cluster of `a`, `g` and `F` (whose argument may be the next
    /// word): Some(whether the next word was taken), or None when a letter
    /// is not an option (those before it still count, as with getopt).
    #[cfg_attr(corebox_opt, optimize(size))]
    fn short(&mut self, cluster: &'static [u8], next: Option<&'static [u8]>) -> Option<bool> {
        for (k, &c) in cluster.iter().enumerate() {
            match c {
                b'a' => self.all = true,
                b'g' => self.save = true,
                b'F' if k + 1 < cluster.len() => {
                    self.set_file(&cluster[k + 1..]);
                    return Some(false);
                }
                b'F' => {
                    self.set_file(next?);
                    return Some(true);
                }
                _ => return None,
            }
        }
        Some(false)
    }

    /// `--all`, `--save`, `--file[=]DEV`, `--help`, `--version`, or an
    /// unambiguous abbreviation of one.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn long(&mut self, body: &'static [u8], next: Option<&'static [u8]>) -> Option<bool> {
        let (name, value) = match body.iter().position(|&b| b == b'=') {
            Some(e) => (&body[..e], Some(&body[e + 1..])),
            None => (body, None),
        };
        let names: [&[u8]; 5] = [b"all", b"save", b"file", b"help", b"version"];
        let hits: Vec<&[u8]> = names
            .iter()
            .copied()
            .filter(|n| n.starts_with(name))
            .collect();
        let [full] = hits[..] else { return None };
        if full != b"file" && value.is_some() {
            return None;
        }
        match full {
            b"all" => self.all = true,
            b"save" => self.save = true,
            b"help" => {
                crate::shared::cli::help(&SPEC);
                sys::rt::exit(0)
            }
            b"version" => {
                crate::shared::cli::version(&SPEC);
                sys::rt::exit(0)
            }
            _ => match value {
                Some(v) => self.set_file(v),
                None => {
                    self.set_file(next?);
                    return Some(true);
                }
            },
        }
        Some(false)
    }
}

/// What applying the settings asks of the device, and glibc's own speed
/// fields (c_ispeed, c_ospeed, the IBAUD0 flag) that tcgetattr resets.
struct Applied {
    require: bool,
    drain: bool,
    speed_set: bool,
    ispeed: u32,
    ospeed: u32,
    ibaud0: bool,
}

#[cold]
#[cfg_attr(corebox_opt, optimize(size))]
fn invalid(arg: &[u8]) -> ! {
    usage_error(&SPEC, &[b"invalid argument ", &quote(arg)])
}

/// The argument after `settings[k - 1]`, or `missing argument to 'X'`.
#[cfg_attr(corebox_opt, optimize(size))]
fn need(settings: &[&'static [u8]], k: usize, arg: &[u8]) -> &'static [u8] {
    match settings.get(k) {
        Some(v) => v,
        None => usage_error(&SPEC, &[b"missing argument to ", &quote(arg)]),
    }
}

/// GNU's apply_settings; `state` is None in the checking pass, which
/// validates without touching the device.
#[cfg_attr(corebox_opt, optimize(size))]
fn apply(
    settings: &[&'static [u8]],
    mode: &mut Termios,
    mut state: Option<&mut Applied>,
    name: &[u8],
) {
    let checking = state.is_none();
    let mut require = false;
    let mut k = 0;
    while k < settings.len() {
        let whole = settings[k];
        k += 1;
        let (arg, reversed) = match whole.strip_prefix(b"-") {
            Some(a) => (a, true),
            None => (whole, false),
        };
        if arg == b"drain" {
            if let Some(s) = state.as_deref_mut() {
                s.drain = !reversed;
            }
            continue;
        }
        if let Some(m) = MODES.iter().find(|m| m.0.as_bytes() == arg) {
            if !set_mode(m, reversed, mode) {
                invalid(whole);
            }
            require = true;
            continue;
        }
        if reversed {
            invalid(whole);
        }
        if let Some(c) = CONTROLS.iter().find(|c| c.0.as_bytes() == arg) {
            let v = need(settings, k, arg);
            k += 1;
            set_control(c, v, mode);
            require = true;
            continue;
        }
        let takes_value = matches!(
            arg,
            b"ispeed" | b"ospeed" | b"rows" | b"cols" | b"columns" | b"line"
        );
        let value = if takes_value {
            k += 1;
            need(settings, k - 1, arg)
        } else {
            b""
        };
        if arg == b"line" {
            let n = integer_arg(value, u64::MAX);
            mode.line = n as u8;
            if n > 255 {
                sys::io::error(&[b"invalid line discipline ", &quote(value)], None);
            }
            require = true;
            continue;
        }
        let speed_arg = baud(arg);
        if checking && (takes_value || arg == b"size" || arg == b"speed" || speed_arg.is_some()) {
            continue;
        }
        match arg {
            b"ispeed" | b"ospeed" => {
                // An unknown speed is refused by cfset*speed, silently.
                if let Some(s) = state.as_deref_mut() {
                    if let Some(b) = baud(value) {
                        set_speed(mode, s, b, arg == b"ispeed", arg == b"ospeed");
                    }
                    s.speed_set = true;
                }
                require = true;
            }
            b"rows" => window(Some(integer_arg(value, i32::MAX as u64)), None, name),
            b"cols" | b"columns" => window(None, Some(integer_arg(value, i32::MAX as u64)), name),
            b"size" => {
                let mut w = Wrap {
                    max: screen_columns(),
                    col: 0,
                };
                window_size(&mut w, false, name);
            }
            b"speed" => {
                let mut w = Wrap {
                    max: screen_columns(),
                    col: 0,
                };
                speed(mode, &mut w, false);
            }
            _ => match (speed_arg, state.as_deref_mut()) {
                (Some(b), Some(s)) => {
                    set_speed(mode, s, b, true, true);
                    s.speed_set = true;
                    require = true;
                }
                (Some(_), None) => {}
                (None, _) => {
                    if !recover(arg, mode) {
                        invalid(arg);
                    }
                    require = true;
                }
            },
        }
    }
    if let Some(s) = state {
        s.require |= require;
    }
}

#[cfg_attr(corebox_opt, optimize(size))]
fn baud(arg: &[u8]) -> Option<u32> {
    SPEEDS.iter().find(|s| s.0.as_bytes() == arg).map(|s| s.1)
}

/// glibc's cfsetispeed/cfsetospeed: the speed lives in CBAUD and in
/// the struct's own fields; an input speed of 0 only sets IBAUD0.
#[cfg_attr(corebox_opt, optimize(size))]
fn set_speed(mode: &mut Termios, s: &mut Applied, b: u32, input: bool, output: bool) {
    if input {
        s.ispeed = b;
        s.ibaud0 = b == 0;
        if b != 0 {
            mode.cflag = (mode.cflag & !CBAUD) | b;
        }
    }
    if output {
        s.ospeed = b;
        mode.cflag = (mode.cflag & !CBAUD) | b;
    }
}

#[cfg_attr(corebox_opt, optimize(size))]
fn window(rows: Option<u64>, cols: Option<u64>, name: &[u8]) {
    if let Err(e) =
        sys::tty::set_window_size(Fd::STDIN, rows.map(|r| r as u16), cols.map(|c| c as u16))
    {
        die(&[&quotef(name)], Some(e));
    }
}

/// GNU's integer_arg: C-style base, `b`/`B` suffixes, at most `max`.
#[cfg_attr(corebox_opt, optimize(size))]
fn integer_arg(s: &[u8], max: u64) -> u64 {
    let (digits, radix) = if let Some(h) = s.strip_prefix(b"0x").or_else(|| s.strip_prefix(b"0X")) {
        (h, 16)
    } else if s.len() > 1 && s[0] == b'0' {
        (&s[1..], 8)
    } else {
        (s, 10)
    };
    let n = digits
        .iter()
        .take_while(|c| (**c as char).is_digit(radix))
        .count();
    let value = digits[..n].iter().try_fold(0u64, |v, &c| {
        v.checked_mul(radix as u64)?
            .checked_add((c as char).to_digit(radix)? as u64)
    });
    let mult = match &digits[n..] {
        b"" => Some(1),
        b"b" => Some(512),
        b"B" => Some(1024),
        _ => None,
    };
    let bad = |e: Option<sys::Errno>| -> ! { die(&[b"invalid integer argument: ", &quote(s)], e) };
    if (n == 0 && radix != 8) || mult.is_none() {
        bad(None);
    }
    match value.and_then(|v| v.checked_mul(mult.unwrap_or(1))) {
        Some(v) if v <= max => v,
        Some(_) => bad(Some(sys::Errno::RANGE)),
        None => bad(Some(sys::Errno(75))),
    }
}

/// GNU's set_control_char: `^X`, `^?`, `^-`/`undef`, a character, or a
/// number (min and time are numbers only).
#[cfg_attr(corebox_opt, optimize(size))]
fn set_control(c: &(&str, u8, usize), arg: &[u8], mode: &mut Termios) {
    let value = if c.0 == "min" || c.0 == "time" {
        integer_arg(arg, 255) as u8
    } else if arg.len() <= 1 {
        arg.first().copied().unwrap_or(0)
    } else if arg == b"^-" || arg == b"undef" {
        0
    } else if arg[0] == b'^' {
        if arg[1] == b'?' {
            127
        } else {
            arg[1] & !0o140
        }
    } else {
        integer_arg(arg, 255) as u8
    };
    mode.cc[c.2] = value;
}

/// GNU's set_mode: false when `-NAME` is not allowed.
#[cfg_attr(corebox_opt, optimize(size))]
fn set_mode(m: &Mode, reversed: bool, t: &mut Termios) -> bool {
    if reversed && m.2 & REV == 0 {
        return false;
    }
    if let Some(bits) = flags(t, m.1) {
        *bits = if reversed {
            *bits & !m.4 & !m.3
        } else {
            (*bits & !m.4) | m.3
        };
        return true;
    }
    combination(m.0, reversed, t);
    true
}

const CS7: u32 = 0o40;
const CS8: u32 = 0o60;

#[cfg_attr(corebox_opt, optimize(size))]
fn combination(name: &str, rev: bool, t: &mut Termios) {
    match name {
        "evenp" | "parity" | "oddp" if rev => t.cflag = (t.cflag & !PARENB & !CSIZE) | CS8,
        "evenp" | "parity" => t.cflag = (t.cflag & !PARODD & !CSIZE) | PARENB | CS7,
        "oddp" => t.cflag = (t.cflag & !CSIZE) | CS7 | PARODD | PARENB,
        "nl" if rev => {
            t.iflag = (t.iflag | ICRNL) & !INLCR & !IGNCR;
            t.oflag = (t.oflag | ONLCR) & !OCRNL & !ONLRET;
        }
        "nl" => {
            t.iflag &= !ICRNL;
            t.oflag &= !ONLCR;
        }
        "ek" => {
            t.cc[VERASE] = 0o177;
            t.cc[VKILL] = 0o25;
        }
        "sane" => sane(t),
        "cbreak" if rev => t.lflag |= ICANON,
        "cbreak" => t.lflag &= !ICANON,
        "pass8" | "litout" if rev => {
            t.cflag = (t.cflag & !CSIZE) | CS7 | PARENB;
            t.iflag |= ISTRIP;
            if name == "litout" {
                t.oflag |= OPOST;
            }
        }
        "pass8" | "litout" => {
            t.cflag = (t.cflag & !PARENB & !CSIZE) | CS8;
            t.iflag &= !ISTRIP;
            if name == "litout" {
                t.oflag &= !OPOST;
            }
        }
        "raw" | "cooked" if (name == "raw") == rev => {
            t.iflag |= 2 | 4 | ISTRIP | ICRNL | 0o2000;
            t.oflag |= OPOST;
            t.lflag |= ISIG | ICANON;
        }
        "raw" | "cooked" => {
            t.iflag = 0;
            t.oflag &= !OPOST;
            t.lflag &= !(ISIG | ICANON | XCASE);
            t.cc[VMIN] = 1;
            t.cc[VTIME] = 0;
        }
        "decctlq" if rev => t.iflag |= IXANY,
        "decctlq" => t.iflag &= !IXANY,
        "tabs" if rev => t.oflag = (t.oflag & !TABDLY) | TABDLY,
        "tabs" => t.oflag &= !TABDLY,
        "lcase" | "LCASE" if rev => {
            t.lflag &= !XCASE;
            t.iflag &= !IUCLC;
            t.oflag &= !OLCUC;
        }
        "lcase" | "LCASE" => {
            t.lflag |= XCASE;
            t.iflag |= IUCLC;
            t.oflag |= OLCUC;
        }
        "crt" => t.lflag |= ECHOE | ECHOCTL | ECHOKE,
        _ => {
            // dec
            t.cc[VINTR] = 3;
            t.cc[VERASE] = 127;
            t.cc[VKILL] = 21;
            t.lflag |= ECHOE | ECHOCTL | ECHOKE;
            t.iflag &= !IXANY;
        }
    }
}

/// GNU's sane_mode: the sane control characters (not min/time), then
/// every SANE_SET and SANE_UNSET mode.
#[cfg_attr(corebox_opt, optimize(size))]
fn sane(t: &mut Termios) {
    for c in CONTROLS.iter().take_while(|c| c.0 != "min") {
        t.cc[c.2] = c.1;
    }
    for m in MODES {
        let Some(bits) = flags(t, m.1) else { continue };
        if m.2 & SANE_SET != 0 {
            *bits = (*bits & !m.4) | m.3;
        } else if m.2 & SANE_UNSET != 0 {
            *bits = *bits & !m.4 & !m.3;
        }
    }
}

/// `-g`'s output read back: four flag words and 32 control characters,
/// hexadecimal, separated by colons.
#[cfg_attr(corebox_opt, optimize(size))]
fn recover(arg: &[u8], t: &mut Termios) -> bool {
    let fields: Vec<&[u8]> = arg.split(|&b| b == b':').collect();
    if fields.len() != 4 + GLIBC_NCCS {
        return false;
    }
    let hex = |f: &[u8], max: u64| -> Option<u64> {
        let f = f.trim_ascii_start();
        let f = f.strip_prefix(b"+").unwrap_or(f);
        let f = f
            .strip_prefix(b"0x")
            .or_else(|| f.strip_prefix(b"0X"))
            .unwrap_or(f);
        if f.is_empty() || !f.iter().all(u8::is_ascii_hexdigit) {
            return None;
        }
        let v = f.iter().try_fold(0u64, |v, &c| {
            v.checked_mul(16)?
                .checked_add((c as char).to_digit(16)? as u64)
        })?;
        (v <= max).then_some(v)
    };
    let mut words = [0u32; 4];
    for (w, f) in words.iter_mut().zip(&fields[..4]) {
        match hex(f, u32::MAX as u64) {
            Some(v) => *w = v as u32,
            None => return false,
        }
    }
    let mut cc = [0u8; GLIBC_NCCS];
    for (c, f) in cc.iter_mut().zip(&fields[4..]) {
        match hex(f, 255) {
            Some(v) => *c = v as u8,
            None => return false,
        }
    }
    [t.iflag, t.oflag, t.cflag, t.lflag] = words;
    t.cc.copy_from_slice(&cc[..sys::tty::NCCS]);
    true
}

#[cfg_attr(corebox_opt, optimize(size))]
fn num(n: u64) -> Vec<u8> {
    let mut v = Vec::new();
    logic::digits::push_u64(&mut v, n);
    v
}

/// The baud rate of the speed in CBAUD (0 for an unknown one).
#[cfg_attr(corebox_opt, optimize(size))]
fn speed_value(mode: &Termios) -> u64 {
    let b = mode.cflag & CBAUD;
    SPEEDS.iter().find(|s| s.1 == b).map_or(0, |s| s.2 as u64)
}

/// `speed N baud;` (input and output speeds are one with glibc), or the
/// number alone for the `speed` setting.
#[cfg_attr(corebox_opt, optimize(size))]
fn speed(mode: &Termios, w: &mut Wrap, fancy: bool) {
    let n = num(speed_value(mode));
    if fancy {
        w.put(&[b"speed ", &n[..], b" baud;"].concat());
    } else {
        w.put(&[&n[..], b"\n"].concat());
        w.col = 0;
    }
}

/// `rows R; columns C;`, or `R C` for the `size` setting.
#[cfg_attr(corebox_opt, optimize(size))]
fn window_size(w: &mut Wrap, fancy: bool, name: &[u8]) {
    match sys::tty::window_size(Fd::STDIN) {
        Ok((r, c)) if fancy => w.put(
            &[
                b"rows ",
                &num(r as u64)[..],
                b"; columns ",
                &num(c as u64),
                b";",
            ]
            .concat(),
        ),
        Ok((r, c)) => {
            w.put(&[&num(r as u64)[..], b" ", &num(c as u64), b"\n"].concat());
            w.col = 0;
        }
        Err(sys::Errno::INVAL) if fancy => {}
        Err(sys::Errno::INVAL) => die(
            &[&quotef(name), b": no size information for this device"],
            None,
        ),
        Err(e) => die(&[&quotef(name)], Some(e)),
    }
}

/// How a control character looks: `^C`, `^?`, `M-a`, `<undef>`.
#[cfg_attr(corebox_opt, optimize(size))]
fn visible(ch: u8) -> Vec<u8> {
    match ch {
        0 => b"<undef>".to_vec(),
        1..=31 => alloc::vec![b'^', ch + 64],
        32..=126 => alloc::vec![ch],
        127 => b"^?".to_vec(),
        128..=159 => alloc::vec![b'M', b'-', b'^', ch - 128 + 64],
        160..=254 => alloc::vec![b'M', b'-', ch - 128],
        255 => b"M-^?".to_vec(),
    }
}

/// The control characters to show (not `flush`, and not `eof`/`eol`
/// off canonical mode... which Linux keeps apart from min/time).
#[cfg_attr(corebox_opt, optimize(size))]
fn controls(mode: &Termios, w: &mut Wrap, only_changed: bool) -> bool {
    let mut shown = false;
    for c in CONTROLS.iter().take_while(|c| c.0 != "min") {
        if c.0 == "flush" || (only_changed && mode.cc[c.2] == c.1) {
            continue;
        }
        shown = true;
        w.put(&[c.0.as_bytes(), b" = ", &visible(mode.cc[c.2]), b";"].concat());
    }
    shown
}

#[cfg_attr(corebox_opt, optimize(size))]
fn min_time(mode: &Termios) -> Vec<u8> {
    [
        &b"min = "[..],
        &num(mode.cc[VMIN] as u64),
        b"; time = ",
        &num(mode.cc[VTIME] as u64),
        b";",
    ]
    .concat()
}

/// The modes: all of them (`-a`), or those that differ from `sane`.
#[cfg_attr(corebox_opt, optimize(size))]
fn modes(mode: &mut Termios, w: &mut Wrap, all: bool) {
    let mut prev = Control;
    let mut empty = true;
    for m in MODES.iter().filter(|m| m.2 & OMIT == 0) {
        if m.1 != prev {
            if all || !empty {
                w.newline();
                empty = true;
            }
            prev = m.1;
        }
        let mask = if m.4 != 0 { m.4 } else { m.3 };
        let on = flags(mode, m.1).is_some_and(|b| *b & mask == m.3);
        let word: &[u8] = m.0.as_bytes();
        if on && (all || m.2 & SANE_UNSET != 0) {
            w.put(word);
            empty = false;
        } else if !on
            && (if all {
                m.2 & REV != 0
            } else {
                m.2 & (SANE_SET | REV) == SANE_SET | REV
            })
        {
            w.put(&[b"-", word].concat());
            empty = false;
        }
    }
    if all || !empty {
        w.newline();
    }
}

/// `stty` with no setting: what differs from `sane`.
#[cfg_attr(corebox_opt, optimize(size))]
fn changed(mode: &Termios, w: &mut Wrap) {
    let mut m = *mode;
    speed(&m, w, true);
    w.put(&[b"line = ", &num(m.line as u64)[..], b";"].concat());
    w.newline();
    let shown = controls(&m, w, true);
    if m.lflag & ICANON == 0 {
        w.put(&min_time(&m));
        w.newline();
    } else if shown {
        w.newline();
    }
    w.col = 0;
    modes(&mut m, w, false);
}

/// `stty -a`.
#[cfg_attr(corebox_opt, optimize(size))]
fn all(mode: &Termios, w: &mut Wrap, name: &[u8]) {
    let mut m = *mode;
    speed(&m, w, true);
    window_size(w, true, name);
    w.put(&[b"line = ", &num(m.line as u64)[..], b";"].concat());
    w.newline();
    controls(&m, w, false);
    w.put(&min_time(&m));
    if w.col != 0 {
        w.newline();
    }
    modes(&mut m, w, true);
}

/// `stty -g`: glibc's struct, 32 control characters.
#[cfg_attr(corebox_opt, optimize(size))]
fn recoverable(mode: &mut Termios) {
    let mut s = Vec::new();
    for (i, word) in [mode.iflag, mode.oflag, mode.cflag, mode.lflag]
        .iter()
        .enumerate()
    {
        if i > 0 {
            s.push(b':');
        }
        logic::digits::push_hex(&mut s, *word as u64, 1);
    }
    for i in 0..GLIBC_NCCS {
        s.push(b':');
        logic::digits::push_hex(&mut s, mode.cc.get(i).copied().unwrap_or(0) as u64, 1);
    }
    s.push(b'\n');
    out().write(&s);
}

/// The width to wrap at: standard output's window, else $COLUMNS, else 80.
#[cfg_attr(corebox_opt, optimize(size))]
fn screen_columns() -> usize {
    if let Ok((_, c)) = sys::tty::window_size(Fd::STDOUT) {
        if c > 0 {
            return c as usize;
        }
    }
    sys::env::var(b"COLUMNS")
        .and_then(logic::num::parse_u64_dec)
        .filter(|&n| n > 0 && n <= i32::MAX as u64)
        .map_or(80, |n| n as usize)
}
