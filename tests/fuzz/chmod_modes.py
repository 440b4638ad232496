import subprocess, random, os, sys, tempfile, stat
C = os.path.abspath(os.environ.get("COREBOX", "target/release/corebox"))
WORK = tempfile.mkdtemp(prefix="corebox-fuzz.")
random.seed(int(sys.argv[1]))
d = WORK; os.makedirs(d, exist_ok=True); os.chdir(d)
parts = ["u","g","o","a","","+","-","=","r","w","x","X","s","t","u","g","o",",","0","7","5","1","4","2","6","3"]
diffs=0; runs=0
def run(cmd, path, start, umask):
    os.chmod(path, start)
    exe = cmd[0]
    if exe.startswith("/usr/bin/"): cmd = [exe[9:]] + cmd[1:]
    p = subprocess.run(cmd, executable=exe, capture_output=True, env={"LC_ALL":"C"}, preexec_fn=lambda: os.umask(umask))
    return p.returncode, p.stdout, p.stderr, stat.S_IMODE(os.stat(path).st_mode)
for it in range(int(sys.argv[2])):
    if random.random() < 0.3:
        mode = "".join(random.choice("01234567") for _ in range(random.randint(1,5)))
        if random.random()<0.3: mode = random.choice(["+","-","="]) + mode
    else:
        mode = "".join(random.choice(parts) for _ in range(random.randint(1,7)))
    isdir = random.random()<0.3
    path = "dd" if isdir else "ff"
    if isdir: os.makedirs(path, exist_ok=True)
    else: open(path,"w").close()
    start = random.choice([0o644, 0o755, 0o4755, 0o2775, 0o1777, 0o000, 0o777, 0o640, 0o2644])
    umask = random.choice([0o022, 0o077, 0o000, 0o027])
    extra = random.choice([[],["-v"],["-c"],["--"]])
    args = extra + [mode, path]
    g = run(["/usr/bin/chmod"]+args, path, start, umask); c = run([C,"chmod"]+args, path, start, umask); runs+=1
    if g != c:
        diffs+=1
        if diffs<=12: print("DIFF", args, oct(start), "umask", oct(umask), "dir" if isdir else "file", "\n    gnu:", g, "\n    cb: ", c)
print("runs",runs,"diffs",diffs)
