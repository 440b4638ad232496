// corebox applet
// name: date
// usage: [OPTION]... [+FORMAT]
// usage: [-u|--utc|--universal] [MMDDhhmm[[CC]YY][.ss]]
// option: -d, --date=STRING
// option: --debug
// option: -f, --file=DATEFILE
// option: -I, --iso-8601[=FMT]
// option: -r, --reference=FILE
// option: --resolution
// option: -R, --rfc-email, --rfc-822, --rfc-2822
// option: --rfc-3339=FMT
// option: -s, --set=STRING
// option: -u, --uct, --utc, --universal
// help:
// Display date and time in the given FORMAT.
// With -s, or with [MMDDhhmm[[CC]YY][.ss]], set the date and time.
//
// Mandatory arguments to long options are mandatory for short options too.
//   -d, --date=STRING          display time described by STRING, not 'now'
//       --debug                annotate the parsed date,
//                               and warn about questionable usage to stderr
//   -f, --file=DATEFILE        like --date; once for each line of DATEFILE
//   -I[FMT], --iso-8601[=FMT]  output date/time in ISO 8601 format.
//                                FMT='date' for date only (the default),
//                                'hours', 'minutes', 'seconds', or 'ns'
//                                for date and time to the indicated precision.
//                                Example: 2006-08-14T02:34:56-06:00
//   --resolution               output the available resolution of timestamps
//                                Example: 0.000000001
//   -R, --rfc-email            output date and time in RFC 5322 format.
//                                Example: Mon, 14 Aug 2006 02:34:56 -0600
//       --rfc-3339=FMT         output date/time in RFC 3339 format.
//                                FMT='date', 'seconds', or 'ns'
//                                for date and time to the indicated precision.
//                                Example: 2006-08-14 02:34:56-06:00
//   -r, --reference=FILE       display the last modification time of FILE
//   -s, --set=STRING           set time described by STRING
//   -u, --utc, --universal     print or set Coordinated Universal Time (UTC)
//       --help        display this help and exit
//       --version     output version information and exit
//
// FORMAT controls the output.  Interpreted sequences are:
//
//   %%   a literal %
//   %a   locale's abbreviated weekday name (e.g., Sun)
//   %A   locale's full weekday name (e.g., Sunday)
//   %b   locale's abbreviated month name (e.g., Jan)
//   %B   locale's full month name (e.g., January)
//   %c   locale's date and time (e.g., Thu Mar  3 23:05:25 2005)
//   %C   century; like %Y, except omit last two digits (e.g., 20)
//   %d   day of month (e.g., 01)
//   %D   date; same as %m/%d/%y
//   %e   day of month, space padded; same as %_d
//   %F   full date; like %+4Y-%m-%d
//   %g   last two digits of year of ISO week number (see %G)
//   %G   year of ISO week number (see %V); normally useful only with %V
//   %h   same as %b
//   %H   hour (00..23)
//   %I   hour (01..12)
//   %j   day of year (001..366)
//   %k   hour, space padded ( 0..23); same as %_H
//   %l   hour, space padded ( 1..12); same as %_I
//   %m   month (01..12)
//   %M   minute (00..59)
//   %n   a newline
//   %N   nanoseconds (000000000..999999999)
//   %p   locale's equivalent of either AM or PM; blank if not known
//   %P   like %p, but lower case
//   %q   quarter of year (1..4)
//   %r   locale's 12-hour clock time (e.g., 11:11:04 PM)
//   %R   24-hour hour and minute; same as %H:%M
//   %&#115;   seconds since the Epoch (1970-01-01 00:00 UTC)
//   %S   second (00..60)
//   %t   a tab
//   %T   time; same as %H:%M:%S
//   %u   day of week (1..7); 1 is Monday
//   %U   week number of year, with Sunday as first day of week (00..53)
//   %V   ISO week number, with Monday as first day of week (01..53)
//   %w   day of week (0..6); 0 is Sunday
//   %W   week number of year, with Monday as first day of week (00..53)
//   %x   locale's date representation (e.g., 12/31/99)
//   %X   locale's time representation (e.g., 23:13:48)
//   %y   last two digits of year (00..99)
//   %Y   year
//   %z   +hhmm numeric time zone (e.g., -0400)
//   %:z  +hh:mm numeric time zone (e.g., -04:00)
//   %::z  +hh:mm:ss numeric time zone (e.g., -04:00:00)
//   %:::z  numeric time zone with : to necessary precision (e.g., -04, +05:30)
//   %Z   alphabetic time zone abbreviation (e.g., EDT)
//
// By default, date pads numeric fields with zeroes.
// The following optional flags may follow '%':
//
//   -  (hyphen) do not pad the field
//   _  (underscore) pad with spaces
//   0  (zero) pad with zeros
//   +  pad with zeros, and put '+' before future years with >4 digits
//   ^  use upper case if possible
//   #  use opposite case if possible
//
// After any flags comes an optional field width, as a decimal number;
// then an optional modifier, which is either
// E to use the locale's alternate representations if available, or
// O to use the locale's alternate numeric symbols if available.
//
// Examples:
// Convert seconds since the Epoch (1970-01-01 UTC) to a date
//   $ date --date='@2147483647'
//
// Show the time on the west coast of the US (use tzselect(1) to find TZ)
//   $ TZ='America/Los_Angeles' date
//
// Show the local time for 9AM next Friday on the west coast of the US
//   $ date --date='TZ="America/Los_Angeles" 09:00 next Fri'

//! date: GNU date.c. Time zones are `logic::tz` (TZ and TZif files read
//! as glibc does), date strings `logic::datetime` (gnulib
//! parse_datetime), output `logic::strftime` (gnulib nstrftime).

use super::SPEC;
use crate::shared::clock;
use crate::shared::diag::{die, quote, quotef};
use alloc::vec::Vec;
use logic::tz::Tz;
use sys::io::{error, out};

const RFC_EMAIL: &[u8] = b"%a, %d %b %Y %H:%M:%S %z";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Spec {
    Hours,
    Minutes,
    Date,
    Seconds,
    Ns,
}

const SPECS: [(&[u8], Spec); 5] = [
    (b"hours", Spec::Hours),
    (b"minutes", Spec::Minutes),
    (b"date", Spec::Date),
    (b"seconds", Spec::Seconds),
    (b"ns", Spec::Ns),
];

/// Where the time to show comes from.
enum Source {
    Now,
    String(&'static [u8]),
    File(&'static [u8]),
    Reference(&'static [u8]),
    Resolution,
}

struct Config {
    source: Source,
    /// `-s STRING`.
    set: Option<&'static [u8]>,
    format: Option<&'static [u8]>,
    debug: bool,
    /// TZ as `-u` leaves it.
    tz: Option<&'static [u8]>,
}

fn iso_format(s: Spec) -> &'static [u8] {
    match s {
        Spec::Date => b"%Y-%m-%d",
        Spec::Seconds => b"%Y-%m-%dT%H:%M:%S%:z",
        Spec::Ns => b"%Y-%m-%dT%H:%M:%S,%N%:z",
        Spec::Hours => b"%Y-%m-%dT%H%:z",
        Spec::Minutes => b"%Y-%m-%dT%H:%M%:z",
    }
}

fn rfc3339_format(s: Spec) -> &'static [u8] {
    match s {
        Spec::Seconds => b"%Y-%m-%d %H:%M:%S%:z",
        Spec::Ns => b"%Y-%m-%d %H:%M:%S.%N%:z",
        _ => b"%Y-%m-%d",
    }
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(args: &'static [&'static [u8]]) -> (Config, Vec<&'static [u8]>) {
    let mut c = Config {
        source: Source::Now,
        set: None,
        format: None,
        debug: false,
        tz: sys::env::var(b"TZ"),
    };
    let mut sources = 0;
    let mut opts = crate::shared::cli::parse(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        let arg = o.arg.unwrap_or(b"");
        let format = match o.key {
            'd' => {
                c.source = Source::String(arg);
                None
            }
            'f' => {
                c.source = Source::File(arg);
                None
            }
            'r' => {
                c.source = Source::Reference(arg);
                None
            }
            super::opt::RESOLUTION => {
                c.source = Source::Resolution;
                None
            }
            super::opt::DEBUG => {
                c.debug = true;
                None
            }
            's' => {
                c.set = Some(arg);
                None
            }
            'u' => {
                c.tz = Some(b"UTC0");
                None
            }
            'R' => Some(RFC_EMAIL),
            'I' => Some(iso_format(match o.arg {
                Some(a) => crate::shared::cli::choice(&SPEC, b"--iso-8601", a, &SPECS),
                None => Spec::Date,
            })),
            _ => Some(rfc3339_format(crate::shared::cli::choice(
                &SPEC,
                b"--rfc-3339",
                arg,
                &SPECS[2..],
            ))),
        };
        if matches!(o.key, 'd' | 'f' | 'r' | super::opt::RESOLUTION) {
            sources += 1;
        }
        if let Some(f) = format {
            if c.format.is_some() {
                die(&[b"multiple output formats specified"], None);
            }
            c.format = Some(f);
        }
    }
    let operands = opts.operands();
    check_operands(&mut c, sources, &operands);
    (c, operands)
}

/// GNU's rules for operands: one at most, a `+FORMAT` or, with no option
/// naming a time, the time to set.
fn check_operands(c: &mut Config, sources: usize, operands: &[&'static [u8]]) {
    use crate::shared::cli::usage_error;
    if sources > 1 {
        usage_error(
            &SPEC,
            &[b"the options to specify dates for printing are mutually exclusive"],
        );
    }
    if c.set.is_some() && sources > 0 {
        usage_error(
            &SPEC,
            &[b"the options to print and set the time may not be used together"],
        );
    }
    if let Some(extra) = operands.get(1) {
        crate::shared::cli::extra_operand(&SPEC, extra);
    }
    if let Some(op) = operands.first() {
        if let Some(f) = op.strip_prefix(b"+") {
            if c.format.is_some() {
                die(&[b"multiple output formats specified"], None);
            }
            c.format = Some(f);
        } else if c.set.is_some() || sources > 0 {
            usage_error(
                &SPEC,
                &[
                    b"the argument ",
                    &quote(op),
                    b" lacks a leading '+';\nwhen using an option to specify date(s), any non-option\nargument must be a format string beginning with '+'",
                ],
            );
        }
    }
}

/// The clock's resolution in decimal digits (9 on Linux), for `%-N`.
fn resolution_digits() -> u8 {
    let mut digits = 9u8;
    let mut r = 10u64;
    while r <= sys::time::resolution() as u64 {
        digits -= 1;
        r *= 10;
    }
    digits
}

/// What one date needs: the zone, the TZ text, and whether to explain.
struct Shower<'a> {
    format: &'a [u8],
    /// The zone, read on first use: `date +%s` reads no zone file.
    tz: Option<Tz>,
    /// Whether the format shows local time (else gmtime is enough).
    local: bool,
    /// Whether each shown time also runs mktime, as `%s` does in GNU
    /// (only -f has a later line for it to matter to).
    seconds_mktime: bool,
    tz_name: Option<&'a [u8]>,
    debug: bool,
    line: Vec<u8>,
}

impl Shower<'_> {
    fn zone(&mut self) -> &Tz {
        let name = self.tz_name;
        self.tz.get_or_insert_with(|| clock::zone(name))
    }

    /// Parses a date string as GNU's parse_datetime2 (None: invalid).
    fn parse(&mut self, s: &[u8], now: (i64, u32)) -> Option<(i64, u32)> {
        let mut text = Vec::new();
        let mut load = |name: &[u8]| clock::zone(Some(name));
        let (tz_name, debug) = (self.tz_name, self.debug);
        let mut cx = logic::datetime::Context {
            now,
            tz: self.zone(),
            tz_name,
            load: &mut load,
            debug: debug.then_some(&mut text),
        };
        let r = logic::datetime::parse(s, &mut cx);
        if !text.is_empty() {
            sys::io::write_stderr(&text);
        }
        r
    }

    /// GNU's show_date: the time in the format and a newline, or the
    /// `out of range` error.
    fn show(&mut self, (secs, nsec): (i64, u32)) -> bool {
        if self.debug {
            error(&[b"output format: ", &quote(self.format)], None);
        }
        let tm = if self.local {
            self.zone().localtime(secs)
        } else {
            logic::tz::gmtime(secs)
        };
        let Some(tm) = tm else {
            let n = alloc::format!("{secs}");
            error(&[b"time ", &quote(n.as_bytes()), b" is out of range"], None);
            return false;
        };
        self.line.clear();
        logic::strftime::strftime(&mut self.line, self.format, &tm, secs, nsec);
        if self.seconds_mktime {
            // nstrftime's %s is a mktime of the local time: glibc keeps
            // its answer as the next call's first guess, which decides an
            // ambiguous time in a later line of -f.
            // (The shown time is already local unless the format has
            // nothing but %s %N.)
            let local = if self.local {
                Some(tm)
            } else {
                self.zone().localtime(secs)
            };
            if let Some(tm) = local {
                let _ = self.zone().mktime(&logic::tz::Fields::of(&tm));
            }
        }
        self.line.push(b'\n');
        out().write(&self.line);
        true
    }
}

/// `-f FILE`: each line a date string.
fn batch(sh: &mut Shower, name: &'static [u8]) -> bool {
    let shown: &[u8] = if name == b"-" {
        b"standard input"
    } else {
        name
    };
    let input = match sys::fs::Input::open(name) {
        Ok(i) => i,
        Err(e) => die(&[&quotef(shown)], Some(e)),
    };
    let mut recs = sys::records::Records::new(input.fd(), b'\n');
    sh.seconds_mktime = logic::strftime::has_seconds(sh.format);
    let mut ok = true;
    while let Some(line) = recs.next() {
        // getline's line is a C string: a NUL ends it.
        let line = line.split(|&b| b == 0).next().unwrap_or(b"");
        let line = line.to_vec();
        match sh.parse(&line, sys::time::now()) {
            Some(t) => ok &= sh.show(t),
            None => {
                let bare = line.strip_suffix(b"\n").unwrap_or(&line);
                error(&[b"invalid date ", &quote(bare)], None);
                ok = false;
            }
        }
    }
    // GNU's batch_convert takes a read error (a directory) for the end
    // of the input and says nothing of it; its fclose of standard input
    // fails when descriptor 0 was closed.
    let _ = recs.error();
    if input.is_stdin() {
        if let Err(e) = sys::io::close_stdin() {
            die(&[&quotef(shown)], Some(e));
        }
    }
    ok
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let (c, operands) = parse(args);
    let format = match (c.format, &c.source) {
        (Some(f), _) => f,
        (None, Source::Resolution) => b"%s.%N",
        (None, _) => b"%a %b %e %H:%M:%S %Z %Y",
    };
    let format = logic::strftime::date_format_resolution(format, resolution_digits());
    let mut sh = Shower {
        format: &format,
        tz: None,
        local: logic::strftime::needs_local_time(&format),
        seconds_mktime: false,
        tz_name: c.tz,
        debug: c.debug,
        line: Vec::new(),
    };
    if let Source::File(name) = c.source {
        return if batch(&mut sh, name) { 0 } else { 1 };
    }
    let mut set = c.set;
    let when = match c.source {
        Source::Now
            if set.is_none() && operands.first().is_some_and(|o| o.first() != Some(&b'+')) =>
        {
            let op = operands[0];
            set = Some(op);
            let syntax =
                logic::posixtm::TRAILING_YEAR | logic::posixtm::CENTURY | logic::posixtm::SECONDS;
            logic::posixtm::posixtime(op, syntax, sh.zone(), sys::time::now().0).map(|t| (t, 0))
        }
        Source::Now if set.is_none() => Some(sys::time::now()),
        Source::Reference(f) => match sys::fs::stat(f) {
            Ok(st) => Some((st.mtime, st.mtime_nsec)),
            Err(e) => die(&[&quotef(f)], Some(e)),
        },
        Source::Resolution => {
            let r = sys::time::resolution();
            Some(((r / 1_000_000_000) as i64, r % 1_000_000_000))
        }
        Source::String(s) => sh.parse(s, sys::time::now()),
        _ => sh.parse(set.unwrap_or(b""), sys::time::now()),
    };
    let Some(when) = when else {
        let s = match c.source {
            Source::String(s) => s,
            _ => set.unwrap_or(b""),
        };
        die(&[b"invalid date ", &quote(s)], None);
    };
    let mut ok = true;
    if set.is_some() {
        if let Err(e) = sys::time::set_now(when.0, when.1) {
            error(&[b"cannot set date"], Some(e));
            ok = false;
        }
    }
    ok &= sh.show(when);
    if ok {
        0
    } else {
        1
    }
}
