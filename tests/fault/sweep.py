#!/usr/bin/env python3
"""Fault sweep: every applet of `corebox --list` against GNU 9.1 under faults.

    tests/fault/sweep.py [BIN] [-j JOBS] [--timeout SECONDS]

BIN defaults to target/release/corebox. Each applet runs as GNU's
/usr/bin/APPLET and as corebox (a symlink named APPLET), under each fault:

  full        stdout is /dev/full
  close-out   stdout is closed
  pipe        stdout is a pipe whose reader has exited, SIGPIPE default
  pipe-ign    the same with SIGPIPE ignored
  close-in    stdin is closed and the program reads it (FILE is `-`)
  unreadable  FILE has mode 000 (run as nobody via setpriv when root)
  dir         FILE is a directory
  zero        FILE is /dev/zero (stdout /dev/null)
  fifo        FILE is a FIFO whose writer writes two lines and closes

Every run has a timeout, `ulimit -v` (32 MiB) and `ulimit -f` (64 MiB), so
a program that reads /dev/zero forever is stopped and one that grows without
bound runs out of memory; GNU runs under the same limits. A difference that
involves a timeout is run once more, with three times the time. Compared:
the exit status (or the signal) and stderr, word for word, after the
program-name prefix and the run's directory are normalised; a corebox panic,
abort or crash is always a difference. Invocations per applet are in
tests/fault/args.txt, accepted differences in tests/fault/known.txt
(`APPLET FAULT REASON`). Prints a markdown table, a summary per fault and
each difference; exits 1 if a difference is not in known.txt.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_FAULTS = ["full", "close-out", "pipe", "pipe-ign"]
IN_FAULTS = ["close-in", "unreadable", "dir", "zero", "fifo"]
FAULTS = OUT_FAULTS + IN_FAULTS
GNU_PATH = "/usr/bin:/usr/sbin:/bin:/sbin"
MEM_KIB = 32 * 1024
FSIZE_BLOCKS = 64 * 1024 * 2  # ulimit -f counts 512-byte blocks
NOBODY = (65534, 65534)


def parse_args_file(path):
    """APPLET -> {fault: (argv, stdin_from_file) or ('n/a', reason)}."""
    table = {}
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            applet, out_spec, in_spec = (p.strip() for p in line.split("|"))
            in_spec = in_spec or out_spec
            cells = {}
            for faults, spec in ((OUT_FAULTS, out_spec), (IN_FAULTS, in_spec)):
                spec, _, extra = spec.partition(";")
                for fault in faults:
                    cells[fault] = parse_spec(spec.strip())
                extra = extra.strip()
                if extra:
                    fault, _, reason = extra.partition(" n/a:")
                    cells[fault.strip()] = ("n/a", reason.strip())
            table[applet] = cells
    return table


def parse_spec(spec):
    if spec.startswith("n/a:"):
        return ("n/a", spec[4:].strip())
    words = spec.split()
    stdin_file = "<FILE" in words
    return ([w for w in words if w != "<FILE"], stdin_file)


def default_cells():
    return {fault: (["FILE"], False) for fault in FAULTS}


class Sweep:
    def __init__(self, binary, timeout):
        self.timeout = timeout
        self.root = os.geteuid() == 0
        self.setpriv = shutil.which("setpriv")
        self.work = tempfile.mkdtemp(prefix="corebox-fault.")
        os.chmod(self.work, 0o755)
        # The binary is copied so that nobody can run it whatever the
        # permissions of the build tree.
        self.bindir = os.path.join(self.work, "bin")
        os.mkdir(self.bindir)
        shutil.copy(binary, os.path.join(self.bindir, "corebox"))
        os.chmod(os.path.join(self.bindir, "corebox"), 0o755)
        listing = subprocess.run([binary, "--list"], capture_output=True, check=True)
        self.applets = listing.stdout.decode().split()
        for a in self.applets:
            os.symlink("corebox", os.path.join(self.bindir, a))
        self.data = os.path.join(self.work, "data")
        with open(self.data, "w") as f:
            f.writelines("%06d\n" % i for i in range(1, 15001))

    def run_dir(self):
        d = tempfile.mkdtemp(dir=self.work, prefix="r")
        os.chmod(d, 0o755)
        return d

    def prepare(self, fault, d):
        """Create the operand for the fault in d; returns its name."""
        path = os.path.join(d, "in")
        if fault in OUT_FAULTS:
            shutil.copy(self.data, path)
        elif fault == "close-in":
            return "-"
        elif fault == "unreadable":
            shutil.copy(self.data, path)
            os.chmod(path, 0)
            if self.root:
                os.chown(d, *NOBODY)
        elif fault == "dir":
            os.mkdir(path)
        elif fault == "zero":
            return "/dev/zero"
        elif fault == "fifo":
            os.mkfifo(path)
        return "in"

    def run(self, who, applet, fault, argv, stdin_file):
        d = self.run_dir()
        operand = self.prepare(fault, d)
        args = [operand if a == "FILE" else a for a in argv]
        redirs = []
        if fault == "close-out":
            redirs.append(">&-")
        if fault == "close-in":
            redirs.append("<&-")
        elif stdin_file:
            redirs.append('< "$STDIN_FILE"')
        trap = "trap '' PIPE; " if fault == "pipe-ign" else ""
        script = 'ulimit -v %d; ulimit -f %d; %sexec "$@" %s' % (
            MEM_KIB,
            FSIZE_BLOCKS,
            trap,
            " ".join(redirs),
        )
        cmd = ["sh", "-c", script, "sh", applet] + args
        if fault == "unreadable" and self.root:
            cmd = [self.setpriv, "--reuid=%d" % NOBODY[0], "--regid=%d" % NOBODY[1], "--clear-groups"] + cmd
        env = {
            "PATH": GNU_PATH if who == "gnu" else self.bindir + ":" + GNU_PATH,
            "LC_ALL": "C",
            "TZ": "UTC0",
            "HOME": d,
            "STDIN_FILE": operand,
        }
        stdout = subprocess.DEVNULL
        pipe_w = None
        if fault == "full":
            stdout = open("/dev/full", "wb")
        elif fault in ("pipe", "pipe-ign"):
            pipe_r, pipe_w = os.pipe()
            os.close(pipe_r)
            stdout = pipe_w
        elif fault == "close-out":
            stdout = None
        writer = None
        if fault == "fifo":
            writer = subprocess.Popen(["sh", "-c", 'printf "000002\\n000001\\n" > "$1"', "sh", os.path.join(d, "in")])
        proc = subprocess.Popen(cmd, cwd=d, env=env, stdin=subprocess.DEVNULL, stdout=stdout, stderr=subprocess.PIPE)
        if pipe_w is not None:
            os.close(pipe_w)
        if fault == "full":
            stdout.close()
        try:
            _, err = proc.communicate(timeout=self.timeout)
            status = proc.returncode
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
            status = "hang"
        if writer is not None:
            writer.kill()
            writer.wait()
        err = err.decode("utf-8", "replace")
        err = err.replace(d + "/", "").replace(d, ".").replace(self.work, "WORK")
        err = re.sub(r"^corebox ", "", err, flags=re.M)
        shutil.rmtree(d, ignore_errors=True)
        return status, err


def show_status(s):
    if s == "hang":
        return "hang"
    if s < 0:
        return signal.Signals(-s).name
    return "exit %d" % s


def compare(gnu, cb):
    (gs, ge), (cs, ce) = gnu, cb
    if "panicked" in ce or "internal error" in ce or cs in (134, -6, -11, -7, -4):
        return "DIFF crash"
    if gs == "hang" and cs == "hang":
        return "hang"
    parts = []
    if gs != cs:
        parts.append("%s vs %s" % (show_status(gs), show_status(cs)))
    if ge.split() != ce.split():
        parts.append("msg")
    return "DIFF " + ", ".join(parts) if parts else "same"


def load_known(path):
    known = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    applet, fault, reason = line.split(None, 2)
                    known[(applet, fault)] = reason.strip()
    return known


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary", nargs="?", default="target/release/corebox")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--only", help="comma-separated applets")
    opts = ap.parse_args()
    table = parse_args_file(os.path.join(HERE, "args.txt"))
    known = load_known(os.path.join(HERE, "known.txt"))
    sweep = Sweep(os.path.abspath(opts.binary), opts.timeout)
    if sweep.root and not sweep.setpriv:
        print("root without setpriv: the unreadable fault cannot be run", file=sys.stderr)
        return 2
    applets = sweep.applets
    if opts.only:
        applets = [a for a in applets if a in opts.only.split(",")]
    jobs = {}
    cells = {}
    with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
        for a in applets:
            spec = table.get(a, default_cells())
            for fault in FAULTS:
                argv, stdin_file = spec[fault]
                if argv == "n/a":
                    cells[(a, fault)] = "n/a"
                    continue
                if fault == "unreadable" and stdin_file:
                    cells[(a, fault)] = "n/a"
                    continue
                for who in ("gnu", "corebox"):
                    jobs[(a, fault, who)] = pool.submit(sweep.run, who, a, fault, argv, stdin_file)
        results = {k: f.result() for k, f in jobs.items()}
    details = []
    unknown = 0
    for a in applets:
        for fault in FAULTS:
            if (a, fault) in cells:
                continue
            gnu, cb = results[(a, fault, "gnu")], results[(a, fault, "corebox")]
            cell = compare(gnu, cb)
            if "hang" in cell and cell != "hang" and (a, fault) not in known:
                # A slow run on a loaded machine is no hang: once more,
                # alone, with three times the time.
                sweep.timeout = opts.timeout * 3
                argv, stdin_file = table.get(a, default_cells())[fault]
                gnu = sweep.run("gnu", a, fault, argv, stdin_file)
                cb = sweep.run("corebox", a, fault, argv, stdin_file)
                sweep.timeout = opts.timeout
                cell = compare(gnu, cb)
            if cell.startswith("DIFF"):
                reason = known.get((a, fault))
                if reason is None:
                    unknown += 1
                else:
                    cell += " (known)"
                details.append((a, fault, gnu, cb, reason))
            cells[(a, fault)] = cell
    shutil.rmtree(sweep.work, ignore_errors=True)
    print("| applet | " + " | ".join(FAULTS) + " |")
    print("|---" * (len(FAULTS) + 1) + "|")
    for a in applets:
        print("| `%s` | " % a + " | ".join(cells[(a, f)] for f in FAULTS) + " |")
    print()
    print("| fault | same | both hang | differ | n/a |")
    print("|---|---|---|---|---|")
    for f in FAULTS:
        col = [cells[(a, f)] for a in applets]
        print(
            "| %s | %d | %d | %d | %d |"
            % (
                f,
                col.count("same"),
                col.count("hang"),
                sum(1 for v in col if v.startswith("DIFF")),
                col.count("n/a"),
            )
        )
    values = list(cells.values())
    runs = sum(1 for v in values if v != "n/a")
    same = sum(1 for v in values if v in ("same", "hang"))
    print()
    print(
        "%d applets, %d faults: %d comparisons (GNU and corebox each), %d same "
        "(%d of them both until the %g s timeout), %d differ (%d known), %d n/a."
        % (
            len(applets),
            len(FAULTS),
            runs,
            same,
            values.count("hang"),
            opts.timeout,
            runs - same,
            runs - same - unknown,
            values.count("n/a"),
        )
    )
    if details:
        print()
        for a, fault, (gs, ge), (cs, ce), reason in details:
            print("%s %s: %s" % (a, fault, "known: " + reason if reason else "NEW"))
            print("   gnu:     %s %r" % (show_status(gs), ge[:300]))
            print("   corebox: %s %r" % (show_status(cs), ce[:300]))
    stale = [k for k in known if k[0] in applets and not cells.get(k, "").startswith("DIFF")]
    for a, fault in stale:
        print("known.txt lists %s %s, which is now %s" % (a, fault, cells.get((a, fault), "not run")))
    return 1 if unknown else 0


if __name__ == "__main__":
    sys.exit(main())
