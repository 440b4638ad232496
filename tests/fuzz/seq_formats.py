import subprocess, random, os, sys, tempfile
C = os.path.abspath(os.environ.get("COREBOX", "target/release/corebox"))
WORK = tempfile.mkdtemp(prefix="corebox-fuzz.")
random.seed(int(sys.argv[1]))
nums = ["0","1","-1","2","10","0.5","1e2","-0.25","3","0x10","0x1p-2","1.50","-inf","nan","",".5","1,5","1e","1e-3","+3","-0","00","007","1.000","9999999999999999999","-9999999999999999999","18446744073709551615","1e400","0.1","0.000001","123456789.123456789","1E2","0X1A","  5","5  ","1_0","2.5e-1","-.5","inf"]
fmts = [[],["-w"],["-s",","],["-s",""],["-f","%.2f"],["-f","%g"],["-f","%03.1f"],["-f","%e"],["-f","%a"],["-f","x%gy"],["-f","%%%g"],["-f","%d"],["-f","%s"],["-f","%g%g"],["-f","%-8.3f|"],["-f","%'g"],["-f","%#g"],["-f","% g"],["-f","%+.0f"],["-w","-f","%g"],["-ws","::"],["-f","%Lg"],["-f","%10.4e"],["-f","%G"],["-f","%E"],["-f","%A"]]
diffs=0; runs=0
def run(cmd):
    exe = cmd[0]
    if exe.startswith("/usr/bin/"): cmd = [exe[9:]] + cmd[1:]
    try:
        p = subprocess.Popen(cmd, executable=exe, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={"LC_ALL":"C"})
        out = p.stdout.read(3000); p.stdout.close()
        err = p.stderr.read(); rc = p.wait(timeout=2)
        return rc if rc >= 0 else 0, out, err
    except subprocess.TimeoutExpired: return ("timeout",)
for it in range(int(sys.argv[2])):
    ns = [random.choice(nums) for _ in range(random.randint(1,3))]
    if len(ns)==3 and ns[1] in ("0","-0","00","0.0"): continue
    args = random.choice(fmts) + ns
    g = run(["/usr/bin/seq"]+args); c = run([C,"seq"]+args); runs+=1
    if g != c:
        if g[0]=="timeout" or c[0]=="timeout":
            if g[0]==c[0]: continue
        diffs+=1
        if diffs<=10: print("DIFF", args, "\n    gnu:", g[:3] if len(g)>1 else g, "\n    cb: ", c[:3] if len(c)>1 else c)
print("runs",runs,"diffs",diffs)
