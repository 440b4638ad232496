import subprocess, random, os, sys, tempfile
C = os.path.abspath(os.environ.get("COREBOX", "target/release/corebox"))
WORK = tempfile.mkdtemp(prefix="corebox-fuzz.")
random.seed(int(sys.argv[1]))
os.chdir(WORK)
open("f","w").write("a b c\n\td e\tf\nghi jkl mno\n\n1 2 3\n")
vals = ["0","-0","+5","1k","1K","1KB","1kB","1e3","9999999999999999999999","-9999999999999999999","18446744073709551615","18446744073709551616","9223372036854775807","9223372036854775808"," 5","5 ","0x10","010","1b","1.5","-1","-5","","x","2,4","1-3","3-1","-","1,,2","0-","-0-"]
apps = {"head":["-n","-c","--lines","--bytes"],"tail":["-n","-c","--lines","--bytes","-s","--max-unchanged-stats"],"fold":["-w","--width"],"uniq":["-f","-s","-w"],"nl":["-i","-l","-v","-w"],"cut":["-b","-c","-f"],"expand":["-t"],"unexpand":["-t"],"paste":["-d"],"tac":["-s"],"join":["-1","-2","-j","-o"],"seq":["-f","-s"],"sleep":[],"split":[]}
diffs=0; runs=0
def run(cmd):
    exe = cmd[0]
    if exe.startswith("/usr/bin/"):
        cmd = [exe[9:]] + cmd[1:]
    try:
        p = subprocess.run(cmd, executable=exe, input=b"x y\nz\n", capture_output=True, env={"LC_ALL":"C","PATH":"/usr/bin:/bin"}, timeout=3)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return ("timeout",)
for it in range(int(sys.argv[2])):
    a = random.choice([k for k in apps if apps[k] and k != "unexpand"])
    o = random.choice(apps[a]); v = random.choice(vals)
    args = [o, v] if random.random()<0.7 or o.startswith("--") is False else [o+"="+v]
    if a in ("join",): args += ["f","f"]
    elif a != "seq": args += random.choice([["f"],[]])
    else: args += ["3"]
    g = run(["/usr/bin/"+a]+args); c = run([C, a]+args); runs+=1
    if g != c:
        diffs+=1
        if diffs<=15:
            print("DIFF", a, args)
            for n,x,y in (("rc",g[0],c[0]),("out",g[1][:150] if len(g)>1 else b"",c[1][:150] if len(c)>1 else b""),("err",g[2][:300] if len(g)>2 else b"",c[2][:300] if len(c)>2 else b"")):
                if x!=y: print("   ",n,"gnu:",repr(x)); print("   ",n,"cb: ",repr(y))
print("runs",runs,"diffs",diffs)
