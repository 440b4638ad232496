// corebox applet
// name: who
// usage: [OPTION]... [ FILE | ARG1 ARG2 ]
// option: -a, --all
// option: -b, --boot
// option: -q, --count
// option: -d, --dead
// option: -H, --heading
// option: --ips
// option: -l, --login
// option: --lookup
// option: -T, --message, --mesg, --writable
// option: -p, --process
// option: -r, --runlevel
// option: -s, --short
// option: -t, --time
// option: -u, --users
// option: -m
// option: -w
// help:
// Print information about users who are currently logged in.
//
//   -a, --all         same as -b -d --login -p -r -t -T -u
//   -b, --boot        time of last system boot
//   -d, --dead        print dead processes
//   -H, --heading     print line of column headings
//       --ips         print ips instead of hostnames. with --lookup,
//                     canonicalizes based on stored IP, if available,
//                     rather than stored hostname
//   -l, --login       print system login processes
//       --lookup      attempt to canonicalize hostnames via DNS
//   -m                only hostname and user associated with stdin
//   -p, --process     print active processes spawned by init
//   -q, --count       all login names and number of users logged on
//   -r, --runlevel    print current runlevel
//   -s, --short       print only name, line, and time (default)
//   -t, --time        print last system clock change
//   -T, -w, --mesg    add user's message status as +, - or ?
//   -u, --users       list users logged in
//       --message     same as -T
//       --writable    same as -T
//       --help        display this help and exit
//       --version     output version information and exit
//
// If FILE is not specified, use /var/run/utmp.  /var/log/wtmp as FILE is common.
// If ARG1 ARG2 given, -m presumed: 'am i' or 'mom likes' are usual.

// corebox applet
// name: users
// usage: [OPTION]... [FILE]
// help:
// Output who is currently logged in according to FILE.
// If FILE is not specified, use /var/run/utmp.  /var/log/wtmp as FILE is common.
//
//       --help        display this help and exit
//       --version     output version information and exit

// corebox applet
// name: pinky
// usage: [OPTION]... [USER]...
// option: -s
// option: -f
// option: -w
// option: -i
// option: -q
// option: -b
// option: -h
// option: -l
// option: -p
// help:
//
//   -l              produce long format output for the specified USERs
//   -b              omit the user's home directory and shell in long format
//   -h              omit the user's project file in long format
//   -p              omit the user's plan file in long format
//   -s              do short format output, this is the default
//   -f              omit the line of column headings in short format
//   -w              omit the user's full name in short format
//   -i              omit the user's full name and remote host in short format
//   -q              omit the user's full name, remote host and idle time
//                   in short format
//       --help        display this help and exit
//       --version     output version information and exit
//
// A lightweight 'finger' program;  print user information.
// The utmp file will be /var/run/utmp.

// corebox applet
// name: uptime
// usage: [OPTION]... [FILE]
// help:
// Print the current time, the length of time the system has been up,
// the number of users on the system, and the average number of jobs
// in the run queue over the last 1, 5 and 15 minutes.  Processes in
// an uninterruptible sleep state also contribute to the load average.
// If FILE is not specified, use /var/run/utmp.  /var/log/wtmp as FILE is common.
//
//       --help        display this help and exit
//       --version     output version information and exit

//! The login family (GNU who.c, users.c, pinky.c, uptime.c): utmp records
//! read by `logic::utmp` (the file may be absent, as in a container:
//! then there are no entries, as with glibc), times in the local zone.

use alloc::vec::Vec;
use logic::tz::Tz;
use logic::utmp::{self, Entry};
use sys::io::out;

const UTMP_FILE: &[u8] = b"/var/run/utmp";

/// gnulib's read_utmp through glibc's getutent: the records of `file`
/// (none when it cannot be read); with `check_pids`, a user's login whose
/// process is gone is left out.
#[cfg_attr(corebox_opt, optimize(size))]
fn read_utmp(file: &[u8], check_pids: bool) -> Vec<Entry> {
    let data = sys::system::read_file(file).unwrap_or_default();
    let mut v = utmp::parse(&data);
    if check_pids {
        v.retain(|e| {
            !(e.is_user() && e.pid > 0 && sys::signal::process_exists(e.pid) == Ok(false))
        });
    }
    v
}

/// The utmp file operand: none (the default, pids checked) or one.
#[cfg_attr(corebox_opt, optimize(size))]
fn utmp_operand(
    spec: &'static crate::shared::cli::Spec,
    args: &'static [&'static [u8]],
) -> Vec<Entry> {
    let ops = crate::shared::cli::parse(spec, &args[1..]).operands();
    match ops[..] {
        [] => read_utmp(UTMP_FILE, true),
        [f] => read_utmp(f, false),
        _ => crate::shared::cli::extra_operand(spec, ops[1]),
    }
}

/// The time of a record as who and pinky show it: `%b %e %H:%M`, or
/// `%Y-%m-%d %H:%M` in a locale other than C.
struct Clock {
    tz: Tz,
    hard: bool,
    now: i64,
}

impl Clock {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn new() -> Clock {
        Clock {
            tz: crate::shared::clock::zone(sys::env::var(b"TZ")),
            hard: sys::env::hard_locale(b"LC_TIME"),
            now: sys::time::now().0,
        }
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn width(&self) -> usize {
        if self.hard {
            16
        } else {
            12
        }
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn show(&self, t: i64) -> Vec<u8> {
        let mut s = Vec::new();
        match self.tz.localtime(t) {
            Some(tm) => {
                let f: &[u8] = if self.hard {
                    b"%Y-%m-%d %H:%M"
                } else {
                    b"%b %e %H:%M"
                };
                logic::strftime::strftime(&mut s, f, &tm, t, 0);
            }
            None => s.extend_from_slice(alloc::format!("{t}").as_bytes()),
        }
        s
    }
}

/// `/dev/LINE` (LINE itself when absolute): its stat, if any.
#[cfg_attr(corebox_opt, optimize(size))]
fn tty_stat(line: &[u8]) -> Option<sys::fs::Stat> {
    let mut path = Vec::from(&b"/dev/"[..]);
    if line.first() == Some(&b'/') {
        path.clear();
    }
    path.extend_from_slice(line);
    sys::fs::stat(&path).ok()
}

/// getaddrinfo's canonical name from /etc/hosts (there is no resolver),
/// else the name itself.
#[cfg_attr(corebox_opt, optimize(size))]
fn canon_host(host: &[u8]) -> Vec<u8> {
    let db = sys::system::read_file(b"/etc/hosts").unwrap_or_default();
    logic::hosts::canonical(&db, host).unwrap_or(host).to_vec()
}

/// `left`-aligned in `width` columns, cut to `max` bytes (printf's
/// `%-W.Ms`).
#[cfg_attr(corebox_opt, optimize(size))]
fn pad(o: &mut Vec<u8>, s: &[u8], width: usize, max: usize) {
    let s = &s[..s.len().min(max)];
    o.extend_from_slice(s);
    o.resize(o.len() + width.saturating_sub(s.len()), b' ');
}

#[cfg_attr(corebox_opt, optimize(size))]
fn user_names(entries: &[Entry]) -> Vec<Vec<u8>> {
    entries
        .iter()
        .filter(|e| e.is_user())
        .map(|e| {
            let mut n = e.user.clone();
            while n.last() == Some(&b' ') {
                n.pop();
            }
            n
        })
        .collect()
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn users(args: &'static [&'static [u8]]) -> i32 {
    let entries = utmp_operand(&super::users::SPEC, args);
    let mut names = user_names(&entries);
    logic::sort::sort(&mut names);
    let o = out();
    for (i, n) in names.iter().enumerate() {
        o.write(n);
        o.byte(if i + 1 < names.len() { b' ' } else { b'\n' });
    }
    0
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn uptime(args: &'static [&'static [u8]]) -> i32 {
    let entries = utmp_operand(&super::uptime::SPEC, args);
    let users = entries.iter().filter(|e| e.is_user()).count();
    let boot = entries
        .iter()
        .rev()
        .find(|e| e.kind == utmp::BOOT_TIME)
        .map(|e| e.time);
    let now = sys::time::now().0;
    let proc_up = sys::system::read_file(b"/proc/uptime").ok().and_then(|b| {
        // The kernel writes "SECONDS.CC"; GNU reads a double and keeps
        // its whole seconds (no float parser for that: it costs 15 KB).
        let w = b.split(|c| c.is_ascii_whitespace()).next()?;
        let int = w.split(|&c| c == b'.').next()?;
        if int.is_empty() || !int.iter().all(u8::is_ascii_digit) {
            return None;
        }
        Some(
            int.iter()
                .try_fold(0i64, |n, &d| {
                    n.checked_mul(10)?.checked_add(i64::from(d - b'0'))
                })
                .unwrap_or(-1),
        )
    });
    let up = match (proc_up.filter(|&u| u != 0), boot) {
        (Some(u), _) => u,
        (None, Some(b)) if b != 0 => now - b,
        _ => crate::shared::diag::die(&[b"couldn't get boot time"], Some(sys::Errno::NOENT)),
    };
    let mut s = Vec::new();
    let clock = Clock::new();
    match clock.tz.localtime(now) {
        Some(tm) => logic::strftime::strftime(&mut s, b" %H:%M:%S  ", &tm, now, 0),
        None => s.extend_from_slice(b" ??:????  "),
    }
    let (days, hours, mins) = (up / 86400, up % 86400 / 3600, up % 3600 / 60);
    let text = if up < 0 {
        alloc::string::String::from("up ???? days ??:??,  ")
    } else if days > 0 {
        let unit = if days == 1 { "day" } else { "days" };
        alloc::format!("up {days} {unit} {hours:2}:{mins:02},  ")
    } else {
        alloc::format!("up  {hours:2}:{mins:02},  ")
    };
    s.extend_from_slice(text.as_bytes());
    let unit = if users == 1 { "user" } else { "users" };
    s.extend_from_slice(alloc::format!("{users} {unit}").as_bytes());
    if let Ok(l) = sys::system::read_file(b"/proc/loadavg") {
        let mut loads = l
            .split(|c| c.is_ascii_whitespace())
            .filter(|w| !w.is_empty());
        for (i, w) in loads.by_ref().take(3).enumerate() {
            s.extend_from_slice(if i == 0 { b",  load average: " } else { b", " });
            s.extend_from_slice(w);
        }
    }
    s.push(b'\n');
    out().write(&s);
    0
}

#[derive(Default)]
struct Who {
    boot: bool,
    dead: bool,
    login: bool,
    init: bool,
    runlevel: bool,
    clock_change: bool,
    users: bool,
    mesg: bool,
    idle: bool,
    exit: bool,
    heading: bool,
    my_line: bool,
    count: bool,
    short: bool,
    lookup: bool,
    ips: bool,
}

/// The columns of one line of who's output.
struct Line<'a> {
    user: &'a [u8],
    user_max: usize,
    state: u8,
    line: &'a [u8],
    line_max: usize,
    time: &'a [u8],
    idle: &'a [u8],
    pid: &'a [u8],
    comment: &'a [u8],
    exit: &'a [u8],
}

impl Who {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn print(&self, width: usize, l: &Line) {
        let mut o = Vec::new();
        pad(&mut o, l.user, 8, l.user_max);
        if self.mesg {
            o.extend_from_slice(&[b' ', l.state]);
        }
        o.push(b' ');
        pad(&mut o, l.line, 12, l.line_max);
        o.push(b' ');
        pad(&mut o, l.time, width, usize::MAX);
        if self.idle && !self.short && l.idle.len() < 7 {
            o.push(b' ');
            pad(&mut o, l.idle, 6, usize::MAX);
        }
        if !self.short {
            o.push(b' ');
            o.resize(o.len() + 10usize.saturating_sub(l.pid.len()), b' ');
            o.extend_from_slice(l.pid);
        }
        o.push(b' ');
        pad(&mut o, l.comment, 8, usize::MAX);
        if self.exit {
            o.push(b' ');
            pad(&mut o, l.exit, 12, usize::MAX);
        }
        while o.last() == Some(&b' ') {
            o.pop();
        }
        o.push(b'\n');
        out().write(&o);
    }

    /// A line for a record that names no user (`user` ""), with GNU's
    /// unlimited widths where it passes -1.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn record(
        &self,
        c: &Clock,
        e: &Entry,
        user: &[u8],
        what: Option<&[u8]>,
        comment: &[u8],
        exit: &[u8],
    ) {
        let pid = alloc::format!("{}", e.pid);
        let (line, max, pid): (&[u8], usize, &[u8]) = match what {
            Some(w) => (w, usize::MAX, b""),
            None => (&e.line, 32, pid.as_bytes()),
        };
        let line = Line {
            user,
            user_max: usize::MAX,
            state: b' ',
            line,
            line_max: max,
            time: &c.show(e.time),
            idle: b"",
            pid,
            comment,
            exit,
        };
        self.print(c.width(), &line);
    }

    /// A user's login: message status, idle time, host.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn user(&self, c: &Clock, e: &Entry, boot: i64, tty_gid: Option<u32>) {
        let (state, changed) = match tty_stat(&e.line) {
            Some(st) => {
                let writable = tty_gid == Some(st.gid) && st.mode & 0o020 != 0;
                (if writable { b'+' } else { b'-' }, st.atime)
            }
            None => (b'?', 0),
        };
        let idle: Vec<u8> = if changed == 0 {
            b"  ?".to_vec()
        } else if boot < changed && c.now - 86400 < changed && changed <= c.now {
            let s = c.now - changed;
            if s < 60 {
                b"  .  ".to_vec()
            } else {
                alloc::format!("{:02}:{:02}", s / 3600, s % 3600 / 60).into_bytes()
            }
        } else {
            b" old ".to_vec()
        };
        let host = self.host(e);
        let pid = alloc::format!("{}", e.pid);
        let line = Line {
            user: &e.user,
            user_max: 32,
            state,
            line: &e.line,
            line_max: 32,
            time: &c.show(e.time),
            idle: &idle,
            pid: pid.as_bytes(),
            comment: &host,
            exit: b"",
        };
        self.print(c.width(), &line);
    }

    /// `(host)` or `(host:display)`; with --ips the stored address.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn host(&self, e: &Entry) -> Vec<u8> {
        if self.ips && e.addr != [0; 16] {
            return ip_text(&e.addr);
        }
        if e.host.is_empty() {
            return Vec::new();
        }
        let (name, display) = match e.host.iter().position(|&b| b == b':') {
            Some(i) => (&e.host[..i], Some(&e.host[i + 1..])),
            None => (&e.host[..], None),
        };
        let mut h = Vec::from(&b"("[..]);
        if self.lookup && !name.is_empty() {
            h.extend_from_slice(&canon_host(name));
        } else {
            h.extend_from_slice(name);
        }
        if let Some(d) = display {
            h.push(b':');
            h.extend_from_slice(d);
        }
        h.push(b')');
        h
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn scan(&self, entries: &[Entry]) {
        let c = Clock::new();
        if self.heading {
            let head = Line {
                user: b"NAME",
                user_max: usize::MAX,
                state: b' ',
                line: b"LINE",
                line_max: usize::MAX,
                time: b"TIME",
                idle: b"IDLE",
                pid: b"PID",
                comment: b"COMMENT",
                exit: b"EXIT",
            };
            self.print(c.width(), &head);
        }
        let mut tty = Vec::new();
        if self.my_line {
            let Ok(name) = sys::fs::ttyname(sys::io::Fd::STDIN) else {
                return;
            };
            tty = name.strip_prefix(b"/dev/").unwrap_or(&name).to_vec();
        }
        let tty_gid = sys::user::Db::default().group_id(b"tty");
        let mut boot = i64::MIN;
        for e in entries {
            if !self.my_line || tty[..tty.len().min(32)] == e.line[..] {
                self.entry(&c, e, boot, tty_gid);
            }
            if e.kind == utmp::BOOT_TIME {
                boot = e.time;
            }
        }
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn entry(&self, c: &Clock, e: &Entry, boot: i64, tty_gid: Option<u32>) {
        let id = [&b"id="[..], &e.id].concat();
        match e.kind {
            _ if self.users && e.is_user() => self.user(c, e, boot, tty_gid),
            utmp::RUN_LVL if self.runlevel => {
                let (last, curr) = ((e.pid / 256) as u8, (e.pid % 256) as u8);
                let what = [&b"run-level "[..], &[curr]].concat();
                let last = if last == b'N' { b'S' } else { last };
                let comment = if (0x20..0x7f).contains(&last) {
                    [&b"last="[..], &[last]].concat()
                } else {
                    Vec::new()
                };
                self.record(c, e, b"", Some(&what), &comment, b"");
            }
            utmp::BOOT_TIME if self.boot => self.record(c, e, b"", Some(b"system boot"), b"", b""),
            utmp::NEW_TIME if self.clock_change => {
                self.record(c, e, b"", Some(b"clock change"), b"", b"")
            }
            utmp::INIT_PROCESS if self.init => self.record(c, e, b"", None, &id, b""),
            utmp::LOGIN_PROCESS if self.login => self.record(c, e, b"LOGIN", None, &id, b""),
            utmp::DEAD_PROCESS if self.dead => {
                let exit = alloc::format!("term={} exit={}", e.exit.0, e.exit.1);
                self.record(c, e, b"", None, &id, exit.as_bytes());
            }
            _ => {}
        }
    }
}

/// An address of ut_addr_v6 as getnameinfo writes it numerically: IPv4
/// unless it looks like a global, unique-local or site-local IPv6 one.
#[cfg_attr(corebox_opt, optimize(size))]
fn ip_text(a: &[u8; 16]) -> Vec<u8> {
    let word = |i: usize| u32::from_be_bytes([a[4 * i], a[4 * i + 1], a[4 * i + 2], a[4 * i + 3]]);
    let mapped = word(0) == 0 && word(1) == 0 && word(2) == 0xffff;
    let top = word(0) >> 16;
    let v6 = (0x2000..=0x3fff).contains(&top)
        || (0xfc00..=0xfdff).contains(&top)
        || (0xfec0..=0xfeff).contains(&top);
    if !v6 || mapped || (word(1) == 0 && word(2) == 0 && word(3) == 0) {
        let q = if mapped { &a[12..16] } else { &a[..4] };
        return alloc::format!("{}.{}.{}.{}", q[0], q[1], q[2], q[3]).into_bytes();
    }
    logic::hosts::format_v6(a)
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn who(args: &'static [&'static [u8]]) -> i32 {
    let mut w = Who::default();
    let mut assumptions = true;
    let mut opts = crate::shared::cli::parse(&super::who::SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            'a' => {
                (w.boot, w.dead, w.login, w.init, w.runlevel, w.clock_change) =
                    (true, true, true, true, true, true);
                (w.users, w.mesg, w.idle, w.exit) = (true, true, true, true);
                assumptions = false;
            }
            'b' => (w.boot, assumptions) = (true, false),
            'd' => (w.dead, w.idle, w.exit, assumptions) = (true, true, true, false),
            'H' => w.heading = true,
            'l' => (w.login, w.idle, assumptions) = (true, true, false),
            'm' => w.my_line = true,
            'p' => (w.init, assumptions) = (true, false),
            'q' => w.count = true,
            'r' => (w.runlevel, w.idle, assumptions) = (true, true, false),
            's' => w.short = true,
            't' => (w.clock_change, assumptions) = (true, false),
            'T' | 'w' => w.mesg = true,
            'u' => (w.users, w.idle, assumptions) = (true, true, false),
            super::opt::LOOKUP => w.lookup = true,
            _ => w.ips = true,
        }
    }
    if assumptions {
        (w.users, w.short) = (true, true);
    }
    if w.exit {
        w.short = false;
    }
    let ops = opts.operands();
    let entries = match ops.len() {
        0 => read_utmp(UTMP_FILE, true),
        1 => read_utmp(ops[0], false),
        2 => {
            w.my_line = true;
            read_utmp(UTMP_FILE, true)
        }
        _ => crate::shared::cli::extra_operand(&super::who::SPEC, ops[2]),
    };
    if w.count {
        let names = user_names(&entries);
        let o = out();
        o.write(&names.join(&b' '));
        o.write(alloc::format!("\n# users={}\n", names.len()).as_bytes());
    } else {
        w.scan(&entries);
    }
    0
}

struct Pinky {
    short: bool,
    heading: bool,
    fullname: bool,
    where_: bool,
    idle: bool,
    project: bool,
    plan: bool,
    home_shell: bool,
}

/// The GECOS name up to its first comma, each `&` the login name with a
/// capital first letter.
#[cfg_attr(corebox_opt, optimize(size))]
fn full_name(gecos: &[u8], name: &[u8]) -> Vec<u8> {
    let gecos = gecos.split(|&b| b == b',').next().unwrap_or(b"");
    let mut r = Vec::new();
    for &b in gecos {
        if b == b'&' {
            if let Some((first, rest)) = name.split_first() {
                r.push(first.to_ascii_uppercase());
                r.extend_from_slice(rest);
            }
        } else {
            r.push(b);
        }
    }
    r
}

impl Pinky {
    #[cfg_attr(corebox_opt, optimize(size))]
    fn heading(&self, c: &Clock) {
        let mut o = Vec::new();
        pad(&mut o, b"Login", 8, usize::MAX);
        if self.fullname {
            o.push(b' ');
            pad(&mut o, b"Name", 19, usize::MAX);
        }
        o.push(b' ');
        pad(&mut o, b" TTY", 9, usize::MAX);
        if self.idle {
            o.extend_from_slice(b" Idle  ");
        }
        o.push(b' ');
        pad(&mut o, b"When", c.width(), usize::MAX);
        if self.where_ {
            o.extend_from_slice(b" Where");
        }
        o.push(b'\n');
        out().write(&o);
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn entry(&self, c: &Clock, db: &mut sys::user::Db, e: &Entry) {
        let mut o = Vec::new();
        let (mesg, changed) = match tty_stat(&e.line) {
            Some(st) => (if st.mode & 0o020 != 0 { b' ' } else { b'*' }, st.atime),
            None => (b'?', 0),
        };
        pad(&mut o, &e.user, 8, 32);
        if self.fullname {
            o.push(b' ');
            match db.record(&e.user) {
                Some(pw) => pad(&mut o, &full_name(pw.gecos, pw.name), 19, 19),
                None => o.extend_from_slice(b"                ???"),
            }
        }
        o.extend_from_slice(&[b' ', mesg]);
        pad(&mut o, &e.line, 8, 32);
        if self.idle {
            let idle: Vec<u8> = if changed == 0 {
                b"?????".to_vec()
            } else {
                let s = c.now - changed;
                if s < 60 {
                    b"     ".to_vec()
                } else if s < 86400 {
                    alloc::format!("{:02}:{:02}", s / 3600, s % 3600 / 60).into_bytes()
                } else {
                    alloc::format!("{}d", s / 86400).into_bytes()
                }
            };
            o.push(b' ');
            pad(&mut o, &idle, 6, usize::MAX);
        }
        o.push(b' ');
        o.extend_from_slice(&c.show(e.time));
        if self.where_ && !e.host.is_empty() {
            let (name, display) = match e.host.iter().position(|&b| b == b':') {
                Some(i) => (&e.host[..i], Some(&e.host[i + 1..])),
                None => (&e.host[..], None),
            };
            o.push(b' ');
            o.extend_from_slice(&if name.is_empty() {
                Vec::new()
            } else {
                canon_host(name)
            });
            if let Some(d) = display {
                o.push(b':');
                o.extend_from_slice(d);
            }
        }
        o.push(b'\n');
        out().write(&o);
    }

    /// `-l`: the long entry of one user, with ~/.project and ~/.plan.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn long(&self, db: &mut sys::user::Db, name: &[u8]) {
        let o = out();
        let mut head = Vec::from(&b"Login name: "[..]);
        pad(&mut head, name, 28, usize::MAX);
        head.extend_from_slice(b"In real life: ");
        o.write(&head);
        let Some(pw) = db.record(name) else {
            o.write(b" ???\n");
            return;
        };
        o.byte(b' ');
        o.write(&full_name(pw.gecos, pw.name));
        o.byte(b'\n');
        let (dir, shell) = (pw.dir.to_vec(), pw.shell.to_vec());
        if self.home_shell {
            let mut l = Vec::from(&b"Directory: "[..]);
            pad(&mut l, &dir, 29, usize::MAX);
            l.extend_from_slice(b"Shell:  ");
            l.extend_from_slice(&shell);
            l.push(b'\n');
            o.write(&l);
        }
        for (want, file, title) in [
            (self.project, &b"/.project"[..], &b"Project: "[..]),
            (self.plan, b"/.plan", b"Plan:\n"),
        ] {
            if want {
                if let Ok(text) = sys::system::read_file(&[&dir[..], file].concat()) {
                    o.write(title);
                    o.write(&text);
                }
            }
        }
        o.byte(b'\n');
    }
}

#[cfg_attr(corebox_opt, optimize(size))]
pub fn pinky(args: &'static [&'static [u8]]) -> i32 {
    let mut p = Pinky {
        short: true,
        heading: true,
        fullname: true,
        where_: true,
        idle: true,
        project: true,
        plan: true,
        home_shell: true,
    };
    let mut opts = crate::shared::cli::parse(&super::pinky::SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        match o.key {
            's' => p.short = true,
            'l' => p.short = false,
            'f' => p.heading = false,
            'w' => p.fullname = false,
            'i' => (p.fullname, p.where_) = (false, false),
            'q' => (p.fullname, p.where_, p.idle) = (false, false, false),
            'h' => p.project = false,
            'p' => p.plan = false,
            _ => p.home_shell = false,
        }
    }
    let names = opts.operands();
    let mut db = sys::user::Db::default();
    if !p.short {
        if names.is_empty() {
            crate::shared::cli::usage_error(
                &super::pinky::SPEC,
                &[b"no username specified; at least one must be specified when using -l"],
            );
        }
        for n in names {
            p.long(&mut db, n);
        }
        return 0;
    }
    let c = Clock::new();
    if p.heading {
        p.heading(&c);
    }
    for e in read_utmp(UTMP_FILE, false).iter().filter(|e| e.is_user()) {
        if names.is_empty() || names.iter().any(|n| n[..n.len().min(32)] == e.user[..]) {
            p.entry(&c, &mut db, e);
        }
    }
    0
}
