import subprocess, random, os, sys, tempfile
C = os.path.abspath(os.environ.get("COREBOX", "target/release/corebox"))
WORK = tempfile.mkdtemp(prefix="corebox-fuzz.")
random.seed(int(sys.argv[1]))
d=WORK; os.makedirs(d, exist_ok=True); os.chdir(d)
contents=[b"", b"a\n", b"a\nb", b"x\0y\0", b"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", b"\n\n\n", b"no newline", b"\xc3\xa9 t\xffz\n"]
for i,c in enumerate(contents): open("f%d"%i,"wb").write(c)
os.makedirs("dir", exist_ok=True)
open("list0","wb").write(b"f1\0f2\0nonexist\0\0f3\0")
open("list1","wb").write(b"f1\0f4")
names=["f%d"%i for i in range(len(contents))]+["nonexist","dir","-"]
specs={"head":[[],["-q"],["-v"],["-n","2"],["-c","3"],["-n","-1"],["-z","-n","1"],["-c","-2"]],
       "tail":[[],["-q"],["-v"],["-n","2"],["-c","3"],["-n","+2"],["-z","-n","1"],["-c","+2"]],
       "wc":[[],["-l"],["-c"],["-m"],["-L"],["--files0-from=list0"],["--files0-from=list1"],["-lw"]],
       "cat":[[],["-n"],["-A"],["-s"],["-b"],["-E"],["-T"],["-v"]],
       "md5sum":[[],["--tag"]],"cksum":[[]],"sum":[[],["-s"]],"tac":[[]],"nl":[[]],"cut":[["-c1"],["-f1"]],"paste":[[],["-s"]],"fold":[["-w2"]],"expand":[[]],"uniq":[[]],"base64":[[]],"comm":[[]],"join":[[]]}
diffs=0; runs=0
def run(cmd, loc):
    exe=cmd[0]
    if exe.startswith("/usr/bin/"): cmd=[exe[9:]]+cmd[1:]
    p=subprocess.run(cmd, executable=exe, input=b"stdin line\n", capture_output=True, env={"LC_ALL":loc}, timeout=5)
    return p.returncode, p.stdout, p.stderr
for it in range(int(sys.argv[2])):
    a=random.choice(list(specs)); opts=random.choice(specs[a])
    n=random.randint(0,3)
    if a in ("comm","join"): n=2
    if a=="base64": n=min(n,1)
    files=[random.choice(names) for _ in range(n)]
    if any(o.startswith("--files0-from") for o in opts): files=[]
    loc=random.choice(["C","C.UTF-8"])
    args=opts+files
    g=run(["/usr/bin/"+a]+args,loc); c=run([C,a]+args,loc); runs+=1
    if g!=c:
        diffs+=1
        if diffs<=10: print("DIFF",loc,a,args,"\n   gnu:",g,"\n   cb: ",c)
print("runs",runs,"diffs",diffs)
