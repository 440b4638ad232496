//! A small fluent harness for running the shipped corebox binary as a user
//! would: `ucmd("cat").args(&["-n"]).stdin("x").run().success().stdout_is("...")`.
//!
//! The binary is `COREBOX_BIN` if set (a cross-built one), else the one cargo
//! built for this test run; `COREBOX_RUNNER` (e.g. `qemu-aarch64-static`)
//! prefixes every invocation. Tests run with `LC_ALL=C` unless they set it.

#![allow(dead_code)]

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

pub fn bin() -> PathBuf {
    match std::env::var_os("COREBOX_BIN") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(env!("CARGO_BIN_EXE_corebox")),
    }
}

pub fn runner() -> Option<OsString> {
    std::env::var_os("COREBOX_RUNNER").filter(|r| !r.is_empty())
}

/// Whether the binary under test has the long help texts: false for a
/// build with `COREBOX_HELP=short`, which the tests are told by
/// `COREBOX_BIN_HELP=short` (not `COREBOX_HELP`, which would rebuild the
/// host binary).
pub fn full_help() -> bool {
    std::env::var_os("COREBOX_BIN_HELP").is_none_or(|v| v != "short")
}

/// What `--help` of a program starts with: its help text's first words
/// in a full build, its usage line in a short one.
pub fn help_start<'a>(name: &str, words: &'a str) -> std::borrow::Cow<'a, str> {
    if full_help() {
        words.into()
    } else {
        format!("Usage: {name} ").into()
    }
}

/// GNU coreutils 9.1 is installed here (for differential tests). On
/// Debian `/usr/bin/kill` and `/usr/bin/uptime` are procps' and
/// `/usr/bin/hostname` is the hostname package's: not GNU's.
pub fn have_gnu(name: &str) -> bool {
    !matches!(name, "kill" | "uptime" | "hostname") && Path::new("/usr/bin").join(name).exists()
}

/// A temporary directory removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new() -> TempDir {
        TempDir::new_in(&std::env::temp_dir())
    }
    /// A fresh directory in `base` (another file system than TMPDIR's,
    /// say).
    pub fn new_in(base: &Path) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let p = base.join(format!(
            "corebox-test-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
    pub fn path(&self) -> &Path {
        &self.0
    }
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
    pub fn write(&self, name: &str, data: impl AsRef<[u8]>) -> PathBuf {
        let p = self.join(name);
        std::fs::write(&p, data).unwrap();
        p
    }
    pub fn read(&self, name: &str) -> Vec<u8> {
        std::fs::read(self.join(name)).unwrap()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub enum Out {
    Piped,
    Null,
    Full,
    Closed,
    /// Appending to a file (O_APPEND).
    File(PathBuf),
    /// Writing a file from its start (created or truncated).
    NewFile(PathBuf),
}

pub struct Cmd {
    program: OsString,
    /// Arguments passed before the user's (the applet name for `corebox APPLET`).
    pre: Vec<OsString>,
    args: Vec<OsString>,
    stdin: Option<Vec<u8>>,
    stdin_closed: bool,
    stdout: Out,
    env: Vec<(OsString, OsString)>,
    env_clear: bool,
    dir: Option<PathBuf>,
    native: bool,
}

/// `corebox APPLET ...`
pub fn ucmd(applet: &str) -> Cmd {
    Cmd::corebox(vec![applet.into()])
}

/// `corebox ...` with no applet name.
pub fn corebox() -> Cmd {
    Cmd::corebox(vec![])
}

/// A program run directly (GNU's `/usr/bin/NAME`, or a link to corebox).
pub fn program(path: impl AsRef<OsStr>) -> Cmd {
    Cmd::new(path.as_ref().into(), vec![])
}

/// A host program run natively even under qemu (a shell or setpriv that
/// starts corebox itself: see [`corebox_line`]).
pub fn host(path: impl AsRef<OsStr>) -> Cmd {
    let mut c = Cmd::new(path.as_ref().into(), vec![]);
    c.native = true;
    c
}

/// Puts the executable `src` at `dst` so that it can be run at once: a hard
/// link when possible; else a copy, after which this waits until the kernel
/// lets it be executed. A child forked by another test thread while the copy
/// was open for writing holds that descriptor until its own exec, and an exec
/// of the copy in that window fails with ETXTBSY ("Text file busy").
pub fn copy_exe(src: &Path, dst: &Path) {
    if std::fs::hard_link(src, dst).is_ok() {
        return;
    }
    std::fs::copy(src, dst).unwrap();
    for _ in 0..500 {
        match Command::new(dst)
            .arg("--version")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
        {
            Err(e) if e.raw_os_error() == Some(26) => {
                std::thread::sleep(std::time::Duration::from_millis(10))
            }
            _ => return,
        }
    }
    panic!("{}: still busy", dst.display());
}

/// The words that start corebox (its qemu runner first, when there is one).
pub fn corebox_argv() -> Vec<OsString> {
    runner()
        .into_iter()
        .chain([bin().into_os_string()])
        .collect()
}

/// [`corebox_argv`] as a shell command prefix.
pub fn corebox_line() -> String {
    corebox_argv()
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `corebox ARGS` (shell words) with standard output closed, and
/// descriptor 3 closed too so that an inherited one cannot stand in for
/// a file the program opened.
pub fn run_with_stdout_closed(args: &str) -> Output {
    let script = format!("exec {} {args} >&- 3>&-", corebox_line());
    host("/bin/sh").args(&["-c", &script]).run()
}

/// GNU's program, named so that its messages carry `NAME:` like ours.
pub fn gnu(name: &str) -> Cmd {
    let mut c = Cmd::new(name.into(), vec![]);
    c.native = true;
    c.env.push(("PATH".into(), "/usr/bin:/bin".into()));
    c
}

impl Cmd {
    fn new(program: OsString, pre: Vec<OsString>) -> Cmd {
        Cmd {
            program,
            pre,
            args: vec![],
            stdin: None,
            stdin_closed: false,
            stdout: Out::Piped,
            env: vec![],
            env_clear: false,
            dir: None,
            native: false,
        }
    }

    fn corebox(pre: Vec<OsString>) -> Cmd {
        Cmd::new(bin().into(), pre)
    }

    pub fn arg(mut self, a: impl AsRef<OsStr>) -> Cmd {
        self.args.push(a.as_ref().into());
        self
    }
    pub fn args<S: AsRef<OsStr>>(mut self, a: &[S]) -> Cmd {
        self.args.extend(a.iter().map(|s| s.as_ref().to_owned()));
        self
    }
    /// An argument that is not valid UTF-8.
    pub fn arg_bytes(mut self, a: &[u8]) -> Cmd {
        self.args.push(OsStr::from_bytes(a).into());
        self
    }
    pub fn stdin(mut self, s: impl AsRef<[u8]>) -> Cmd {
        self.stdin = Some(s.as_ref().to_vec());
        self
    }
    pub fn stdin_closed(mut self) -> Cmd {
        self.stdin_closed = true;
        self
    }
    pub fn stdout_to(mut self, o: Out) -> Cmd {
        self.stdout = o;
        self
    }
    pub fn env(mut self, k: impl AsRef<OsStr>, v: impl AsRef<OsStr>) -> Cmd {
        self.env.push((k.as_ref().into(), v.as_ref().into()));
        self
    }
    pub fn env_clear(mut self) -> Cmd {
        self.env_clear = true;
        self
    }
    pub fn current_dir(mut self, d: impl AsRef<Path>) -> Cmd {
        self.dir = Some(d.as_ref().into());
        self
    }

    pub fn command(&self) -> Command {
        let mut c = match (&runner(), self.native) {
            (Some(r), false) => {
                let mut c = Command::new(r);
                c.arg(&self.program);
                c
            }
            _ => Command::new(&self.program),
        };
        c.args(&self.pre).args(&self.args);
        if self.env_clear {
            c.env_clear();
        } else {
            for (k, _) in std::env::vars_os() {
                let k = k.to_string_lossy().into_owned();
                if k.starts_with("LC_") || k == "LANG" || k == "LANGUAGE" || k == "POSIXLY_CORRECT"
                {
                    c.env_remove(k);
                }
            }
            let sets_locale = self
                .env
                .iter()
                .any(|(k, _)| k == "LC_ALL" || k == "LC_CTYPE" || k == "LANG");
            if !sets_locale {
                c.env("LC_ALL", "C");
            }
        }
        for (k, v) in &self.env {
            c.env(k, v);
        }
        if let Some(d) = &self.dir {
            c.current_dir(d);
        }
        default_signals(&mut c);
        c
    }

    pub fn run(self) -> Output {
        use std::os::unix::process::CommandExt;
        let mut c = self.command();
        c.stdin(if self.stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
        let closed_out = matches!(self.stdout, Out::Closed);
        match &self.stdout {
            Out::Piped => {
                c.stdout(Stdio::piped());
            }
            Out::Null => {
                c.stdout(Stdio::null());
            }
            Out::Full => {
                c.stdout(
                    std::fs::OpenOptions::new()
                        .write(true)
                        .open("/dev/full")
                        .unwrap(),
                );
            }
            Out::File(p) => {
                c.stdout(
                    std::fs::OpenOptions::new()
                        .append(true)
                        .create(true)
                        .open(p)
                        .unwrap(),
                );
            }
            Out::NewFile(p) => {
                c.stdout(std::fs::File::create(p).unwrap());
            }
            Out::Closed => {}
        }
        c.stderr(Stdio::piped());
        let close_in = self.stdin_closed;
        if close_in || closed_out {
            // SAFETY: only async-signal-safe close(2) runs in the child.
            unsafe {
                c.pre_exec(move || {
                    if close_in {
                        libc_close(0);
                    }
                    if closed_out {
                        libc_close(1);
                    }
                    Ok(())
                });
            }
        }
        let mut child = c.spawn().expect("spawn");
        if let Some(data) = self.stdin {
            let mut sin = child.stdin.take().unwrap();
            std::thread::spawn(move || {
                let _ = sin.write_all(&data);
            });
        }
        let o = child.wait_with_output().unwrap();
        Output {
            code: o.status.code(),
            signal: std::os::unix::process::ExitStatusExt::signal(&o.status),
            stdout: o.stdout,
            stderr: o.stderr,
        }
    }
}

impl Cmd {
    /// Starts the command in the background with piped stdout and stderr
    /// (stdin: the given bytes, else /dev/null), for programs that keep
    /// running (tail -f): wait on their output with [`Running::wait_for`].
    pub fn spawn(self) -> Running {
        let mut c = self.command();
        c.stdin(if self.stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
        c.stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = c.spawn().expect("spawn");
        if let Some(data) = self.stdin {
            let mut sin = child.stdin.take().unwrap();
            std::thread::spawn(move || {
                let _ = sin.write_all(&data);
            });
        }
        let collect = |mut r: Box<dyn std::io::Read + Send>| {
            let buf = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
            let b = buf.clone();
            let h = std::thread::spawn(move || {
                let mut chunk = [0u8; 4096];
                while let Ok(n) = r.read(&mut chunk) {
                    if n == 0 {
                        break;
                    }
                    b.lock().unwrap().extend_from_slice(&chunk[..n]);
                }
            });
            (buf, h)
        };
        let (out, h1) = collect(Box::new(child.stdout.take().unwrap()));
        let (err, h2) = collect(Box::new(child.stderr.take().unwrap()));
        Running {
            child,
            out,
            err,
            readers: vec![h1, h2],
        }
    }
}

/// How long [`Running::wait_for`] waits: generous, for a loaded machine
/// and qemu-user.
pub const DEADLINE: std::time::Duration = std::time::Duration::from_secs(20);

/// A program running in the background; killed when dropped.
pub struct Running {
    child: std::process::Child,
    out: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    err: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    readers: Vec<std::thread::JoinHandle<()>>,
}

impl Running {
    pub fn stdout(&self) -> String {
        show(&self.out.lock().unwrap())
    }
    pub fn stderr(&self) -> String {
        show(&self.err.lock().unwrap())
    }
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Waits until `cond(stdout, stderr)` holds; fails after [`DEADLINE`]
    /// showing what was seen.
    #[track_caller]
    pub fn wait_for(&self, what: &str, cond: impl Fn(&str, &str) -> bool) {
        let start = std::time::Instant::now();
        loop {
            let (o, e) = (self.stdout(), self.stderr());
            if cond(&o, &e) {
                return;
            }
            assert!(
                start.elapsed() < DEADLINE,
                "timed out waiting for {what}; stdout {o:?}, stderr {e:?}"
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    /// The number of inotify watches the program holds, from
    /// /proc/PID/fdinfo (0 when it has no inotify instance).
    pub fn inotify_watches(&self) -> usize {
        let pid = self.child.id();
        let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
            return 0;
        };
        fds.flatten()
            .filter(|fd| {
                std::fs::read_link(fd.path()).is_ok_and(|l| l.as_os_str() == "anon_inode:inotify")
            })
            .map(|fd| {
                let info = std::fs::read_to_string(format!(
                    "/proc/{pid}/fdinfo/{}",
                    fd.file_name().to_string_lossy()
                ));
                info.map_or(0, |i| {
                    i.lines().filter(|l| l.starts_with("inotify wd:")).count()
                })
            })
            .sum()
    }

    /// Waits until the program watches `n` inotify watches (it is then
    /// sure to see every later change).
    #[track_caller]
    pub fn wait_watches(&self, n: usize) {
        let start = std::time::Instant::now();
        while self.inotify_watches() != n {
            assert!(
                start.elapsed() < DEADLINE,
                "timed out waiting for {n} inotify watches (have {}); stdout {:?}, stderr {:?}",
                self.inotify_watches(),
                self.stdout(),
                self.stderr()
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        // The watches are in place before the program's last look at its
        // files; a change made before that look is reported by the look and
        // again by the event it raised. Wait for the program to be blocked
        // in poll (its event wait), which comes after the look.
        let wchan = format!("/proc/{}/wchan", self.child.id());
        loop {
            match std::fs::read_to_string(&wchan) {
                Ok(w) if w.contains("poll") => break,
                // No wchan support in this kernel: nothing better to wait on.
                Ok(w) if w.trim() == "0" => {
                    std::thread::sleep(std::time::Duration::from_millis(200));
                    break;
                }
                Err(_) => break,
                Ok(_) => {}
            }
            assert!(
                start.elapsed() < DEADLINE,
                "timed out waiting for the program to wait for events; stdout {:?}, stderr {:?}",
                self.stdout(),
                self.stderr()
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    /// Waits until stdout is exactly `want`.
    #[track_caller]
    pub fn wait_stdout(&self, want: &str) {
        self.wait_for(want, |o, _| o == want);
    }

    /// Waits until stderr is exactly `want`.
    #[track_caller]
    pub fn wait_stderr(&self, want: &str) {
        self.wait_for(want, |_, e| e == want);
    }

    /// Waits for the program to end by itself; its output and status.
    #[track_caller]
    pub fn wait_exit(mut self) -> Output {
        let start = std::time::Instant::now();
        loop {
            if let Some(st) = self.child.try_wait().unwrap() {
                // The pipes close with the program: read them to the end.
                for h in self.readers.drain(..) {
                    let _ = h.join();
                }
                return Output {
                    code: st.code(),
                    signal: std::os::unix::process::ExitStatusExt::signal(&st),
                    stdout: self.out.lock().unwrap().clone(),
                    stderr: self.err.lock().unwrap().clone(),
                };
            }
            assert!(
                start.elapsed() < DEADLINE,
                "timed out waiting for exit; stdout {:?}, stderr {:?}",
                self.stdout(),
                self.stderr()
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

extern "C" {
    #[link_name = "close"]
    fn c_close(fd: i32) -> i32;
    #[link_name = "signal"]
    fn c_signal(sig: i32, handler: usize) -> usize;
}

/// Starts `c` with SIGINT and SIGQUIT at their default actions, as from
/// a terminal, even when the tests themselves run in the background of
/// a shell (which ignores both): kill, env and timeout look at them.
/// The test process resets its own two dispositions once and children
/// inherit them, so that spawning needs no `pre_exec` hook: without one,
/// std starts children with posix_spawn (vfork) instead of fork, which
/// halves the cost of a run here.
pub fn default_signals(_c: &mut Command) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    // SAFETY: signal(2) to SIG_DFL for SIGINT and SIGQUIT; the test
    // process installs no handler of its own for either.
    ONCE.call_once(|| unsafe {
        c_signal(2, 0);
        c_signal(3, 0);
    });
}

fn libc_close(fd: i32) {
    // SAFETY: closing a descriptor number in the freshly forked child.
    unsafe {
        c_close(fd);
    }
}

#[derive(Debug)]
pub struct Output {
    pub code: Option<i32>,
    pub signal: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

fn show(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

impl Output {
    #[track_caller]
    pub fn success(self) -> Self {
        assert_eq!(
            self.code,
            Some(0),
            "expected success; stderr: {}",
            show(&self.stderr)
        );
        self
    }
    #[track_caller]
    pub fn failure(self) -> Self {
        assert!(
            self.code.is_some_and(|c| c != 0),
            "expected failure, got {:?}",
            self.code
        );
        self
    }
    #[track_caller]
    pub fn code_is(self, c: i32) -> Self {
        assert_eq!(
            self.code,
            Some(c),
            "exit code; stderr: {}",
            show(&self.stderr)
        );
        self
    }
    #[track_caller]
    pub fn stdout_is(self, s: impl AsRef<[u8]>) -> Self {
        assert_eq!(show(&self.stdout), show(s.as_ref()), "stdout");
        assert_eq!(self.stdout, s.as_ref(), "stdout bytes");
        self
    }
    #[track_caller]
    pub fn stderr_is(self, s: impl AsRef<[u8]>) -> Self {
        assert_eq!(show(&self.stderr), show(s.as_ref()), "stderr");
        self
    }
    #[track_caller]
    pub fn stdout_contains(self, s: &str) -> Self {
        assert!(
            show(&self.stdout).contains(s),
            "stdout {:?} lacks {:?}",
            show(&self.stdout),
            s
        );
        self
    }
    #[track_caller]
    pub fn stderr_contains(self, s: &str) -> Self {
        assert!(
            show(&self.stderr).contains(s),
            "stderr {:?} lacks {:?}",
            show(&self.stderr),
            s
        );
        self
    }
    #[track_caller]
    pub fn no_stderr(self) -> Self {
        assert!(
            self.stderr.is_empty(),
            "unexpected stderr: {}",
            show(&self.stderr)
        );
        self
    }
    #[track_caller]
    pub fn no_stdout(self) -> Self {
        assert!(
            self.stdout.is_empty(),
            "unexpected stdout: {}",
            show(&self.stdout)
        );
        self
    }
    pub fn stdout_str(&self) -> String {
        show(&self.stdout)
    }
    pub fn stderr_str(&self) -> String {
        show(&self.stderr)
    }
    /// Same stdout, stderr and exit status as another run.
    #[track_caller]
    pub fn same_as(self, other: &Output) -> Self {
        assert_eq!(
            show(&self.stdout),
            show(&other.stdout),
            "stdout differs from GNU"
        );
        assert_eq!(self.stdout, other.stdout, "stdout bytes differ from GNU");
        assert_eq!(
            show(&self.stderr),
            show(&other.stderr),
            "stderr differs from GNU"
        );
        assert_eq!(self.code, other.code, "exit status differs from GNU");
        self
    }
}

/// Runs `corebox APPLET ARGS` and GNU's `APPLET ARGS` on the same input
/// (and in the same directory) and asserts identical stdout, stderr, status.
#[track_caller]
pub fn same_as_gnu(applet: &str, args: &[&str], stdin: Option<&[u8]>, dir: Option<&Path>) {
    if !have_gnu(applet) {
        return;
    }
    let mk = |mut c: Cmd| {
        c = c.args(args);
        if let Some(s) = stdin {
            c = c.stdin(s);
        }
        if let Some(d) = dir {
            c = c.current_dir(d);
        }
        c.run()
    };
    let theirs = mk(gnu(applet));
    mk(ucmd(applet)).same_as(&theirs);
}

/// Runs the shell command `cmd` on a fresh pseudo-terminal (script(1)),
/// `setup` adjusting the command (directory, environment): what the
/// terminal showed (carriage returns removed), or None without script.
/// script's standard input stays open to the end: at its end of file it
/// would type ^D into the terminal, echoed at a random place.
pub fn on_pty(cmd: &str, setup: impl FnOnce(&mut Command)) -> Option<String> {
    let probe = Command::new("script")
        .args(["-qec", "true", "/dev/null"])
        .output()
        .ok()?;
    if !probe.status.success() {
        return None;
    }
    let mut c = Command::new("script");
    c.args(["-qec", cmd, "/dev/null"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped());
    setup(&mut c);
    let mut child = c.spawn().ok()?;
    let keep = child.stdin.take();
    let out = child.wait_with_output().ok()?;
    drop(keep);
    Some(String::from_utf8_lossy(&out.stdout).replace('\r', ""))
}

/// The tree under `root`: each entry's relative path, type and permission
/// bits, size of regular files and symlink targets, sorted.
pub fn tree(root: &Path) -> Vec<String> {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};
    let mut out = vec![];
    let mut todo = vec![root.to_path_buf()];
    while let Some(d) = todo.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            let m = std::fs::symlink_metadata(&p).unwrap();
            let ft = m.file_type();
            let rel = p.strip_prefix(root).unwrap().display().to_string();
            let what = if ft.is_symlink() {
                format!("-> {}", std::fs::read_link(&p).unwrap().display())
            } else if ft.is_dir() {
                todo.push(p.clone());
                "dir".into()
            } else if ft.is_fifo() {
                "fifo".into()
            } else if ft.is_char_device() || ft.is_block_device() {
                use std::os::unix::fs::MetadataExt;
                format!("dev {:x}", m.rdev())
            } else {
                format!("file {}", m.len())
            };
            out.push(format!(
                "{rel} {what} {:o}",
                m.permissions().mode() & 0o7777
            ));
        }
    }
    out.sort();
    out
}

/// Runs `corebox APPLET ARGS` and GNU's in two fresh directories that
/// `setup` prepared, and asserts the same stdout, stderr and status (the
/// directories' names replaced by `@`) and the same trees afterwards.
#[track_caller]
pub fn same_effect_as_gnu(applet: &str, args: &[&str], setup: impl Fn(&Path)) {
    same_effect(applet, args, setup, false)
}

/// `applet ARGS` with `stdin`, in a fresh `setup` directory, by GNU and
/// by corebox: the same output (standard error through `fix`), status,
/// and files with the same contents.
pub fn same_files_as_gnu(
    applet: &str,
    args: &[&str],
    stdin: &[u8],
    setup: impl Fn(&Path),
    fix: fn(&[u8]) -> Vec<u8>,
) {
    if !have_gnu(applet) {
        return;
    }
    let run = |c: Cmd| {
        let t = TempDir::new();
        setup(t.path());
        let mut o = c.args(args).current_dir(t.path()).stdin(stdin).run();
        o.stderr = fix(&o.stderr);
        let files: Vec<(String, Vec<u8>)> = tree(t.path())
            .into_iter()
            .map(|l| {
                let name = l.split(' ').next().unwrap().to_string();
                let data = std::fs::read(t.join(&name)).unwrap_or_default();
                (l, data)
            })
            .collect();
        (o, files)
    };
    let (theirs, their_files) = run(gnu(applet));
    let (ours, our_files) = run(ucmd(applet));
    ours.same_as(&theirs);
    assert!(
        our_files == their_files,
        "the files differ from GNU's: {applet} {args:?}"
    );
}

/// [`same_effect_as_gnu`] for programs that visit a directory's entries
/// in inode order (cp, mv): two setups number their files differently,
/// so the lines of the outputs are compared sorted.
pub fn same_effect_as_gnu_any_order(applet: &str, args: &[&str], setup: impl Fn(&Path)) {
    same_effect(applet, args, setup, true)
}

/// The lines of `v`, sorted.
pub fn sorted_lines(v: &[u8]) -> Vec<u8> {
    let mut l: Vec<&[u8]> = v.split_inclusive(|&b| b == b'\n').collect();
    l.sort();
    l.concat()
}

fn same_effect(applet: &str, args: &[&str], setup: impl Fn(&Path), sort: bool) {
    if !have_gnu(applet) {
        return;
    }
    let run = |c: Cmd| {
        let t = TempDir::new();
        setup(t.path());
        let mut o = c.args(args).current_dir(t.path()).run();
        let dir = t.path().display().to_string();
        let fix = |v: &[u8]| String::from_utf8_lossy(v).replace(&dir, "@").into_bytes();
        o.stdout = fix(&o.stdout);
        o.stderr = fix(&o.stderr);
        if sort {
            o.stdout = sorted_lines(&o.stdout);
            o.stderr = sorted_lines(&o.stderr);
        }
        let tr: Vec<String> = tree(t.path())
            .iter()
            .map(|l| l.replace(&dir, "@"))
            .collect();
        let _ = std::process::Command::new("chmod")
            .args(["-R", "u+rwx"])
            .arg(t.path())
            .status();
        (o, tr)
    };
    let (theirs, their_tree) = run(gnu(applet));
    let (ours, our_tree) = run(ucmd(applet));
    ours.same_as(&theirs);
    assert_eq!(
        our_tree, their_tree,
        "the trees differ from GNU's: {applet} {args:?}"
    );
}

/// A file system mounted for a test (unmounted when dropped).
pub struct Mounted(PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// Mounts on `dir` (made here) with `mount ARGS... DIR`: None when the
/// tests do not run as root natively or the mount is refused.
pub fn mount(args: &[&str], dir: &Path) -> Option<Mounted> {
    if !crate::tree::is_root() || runner().is_some() {
        return None;
    }
    std::fs::create_dir_all(dir).ok()?;
    let ok = Command::new("mount")
        .args(args)
        .arg(dir)
        .status()
        .is_ok_and(|s| s.success());
    ok.then(|| Mounted(dir.to_path_buf()))
}

/// A loop-mounted file system of `mb` MiB made by `mkfs` (a command and its
/// options, the image file last) on `dir`: None where that cannot be.
pub fn loop_mount(mkfs: &[&str], mb: u64, img: &Path, dir: &Path) -> Option<Mounted> {
    if !crate::tree::is_root() || runner().is_some() {
        return None;
    }
    std::fs::File::create(img).ok()?.set_len(mb << 20).ok()?;
    let made = Command::new(mkfs[0]).args(&mkfs[1..]).arg(img).output();
    if !made.is_ok_and(|o| o.status.success()) {
        return None;
    }
    mount(&["-o", "loop", img.to_str()?], dir)
}

/// Runs the shell `script` natively, where `cb ARGS` runs corebox under
/// `ulimit -v` with `mib` MiB of address space beyond the binary's own
/// size: memory bounds of streaming programs on lines far longer than
/// that. None under a qemu runner (its own address space is large).
pub fn with_memory_limit(mib: u64, script: &str) -> Option<Output> {
    if runner().is_some() {
        return None;
    }
    let kib = std::fs::metadata(bin()).map_or(0, |m| m.len() / 1024) + mib * 1024;
    let script = format!(
        "cb() {{ (ulimit -v {kib} && exec {} \"$@\"); }}\n{script}",
        corebox_line()
    );
    Some(host("/bin/sh").args(&["-c", &script]).run())
}

/// A small deterministic generator of random inputs for differential
/// tests (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }

    /// One of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}
