import subprocess, random, os, sys, tempfile
C = os.path.abspath(os.environ.get("COREBOX", "target/release/corebox"))
WORK = tempfile.mkdtemp(prefix="corebox-fuzz.")
random.seed(int(sys.argv[1]))
d=WORK; os.makedirs(d, exist_ok=True); os.chdir(d)
open("f","w").close()
specs=["root","0","root:root","0:0",":0",":root","root:",".0","root.root","nobody","nobody:nogroup","65534:65534","bogususer","root:bogusgrp",":","","1000","1000:","+0","-1","4294967295","4294967294","99999999999","root:0:","0.0.0","daemon","daemon:","daemon.daemon",":daemon","+65534",":+0","root:+1"]
opts=[[],["-v"],["-c"],["-h"],["--from=0"],["--from=root:root"],["--from=:0"],["--from=bogus"],["--from=1:"],["-R"],["--reference=f"]]
diffs=0; runs=0
def run(cmd):
    os.chown("f", 0, 0)
    exe=cmd[0]
    if exe.startswith("/usr/bin/"): cmd=[exe[9:]]+cmd[1:]
    p=subprocess.run(cmd, executable=exe, capture_output=True, env={"LC_ALL":"C"}, timeout=5)
    st=os.stat("f")
    return p.returncode, p.stdout, p.stderr, st.st_uid, st.st_gid
for it in range(int(sys.argv[2])):
    prog=random.choice(["chown","chgrp"])
    o=random.choice(opts); s=random.choice(specs)
    args = o + ([s] if "--reference=f" not in o else []) + ["f"]
    g=run(["/usr/bin/"+prog]+args); c=run([C,prog]+args); runs+=1
    if g!=c:
        diffs+=1
        if diffs<=10: print("DIFF",prog,args,"\n   gnu:",g,"\n   cb: ",c)
print("runs",runs,"diffs",diffs)
