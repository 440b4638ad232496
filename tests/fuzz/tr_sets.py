import subprocess, random, os, sys, tempfile
C = os.path.abspath(os.environ.get("COREBOX", "target/release/corebox"))
WORK = tempfile.mkdtemp(prefix="corebox-fuzz.")
random.seed(int(sys.argv[1]))
atoms = ["a","b","z","A","Z","0","9","a-z","A-Z","0-9","z-a","[:alpha:]","[:upper:]","[:lower:]","[:digit:]","[:space:]","[:punct:]","[:alnum:]","[:blank:]","[:cntrl:]","[:xdigit:]","[:graph:]","[:print:]","[=a=]","[=b=]","[a*]","[b*3]","[x*0]","[y*010]","\\n","\\t","\\\\","\\0","\\101","\\777","\\q","-","\\-","[","]","[:bogus:]","[a*z]","é","\\","*","[*2]",".","^","a-","-a"]
diffs=0; runs=0
def run(cmd, inp, loc):
    exe = cmd[0]
    if exe.startswith("/usr/bin/"): cmd = [exe[9:]] + cmd[1:]
    try:
        p = subprocess.run(cmd, executable=exe, input=inp, capture_output=True, env={"LC_ALL":loc}, timeout=5)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired: return ("timeout",)
for it in range(int(sys.argv[2])):
    s1 = "".join(random.choice(atoms) for _ in range(random.randint(0,3)))
    s2 = "".join(random.choice(atoms) for _ in range(random.randint(0,3)))
    opts = random.choice([[],["-d"],["-s"],["-c"],["-cd"],["-ds"],["-cs"],["-t"],["-C"],["-cds"],["-dsc"]])
    nargs = random.choice([1,2,2,2,3])
    args = opts + [s1, s2, "x"][:nargs]
    inp = bytes(random.choice(b"aabbzZ09 \n\t.-*\\\x00\xc3\xa9\xff") for _ in range(random.randint(0,40)))
    loc = random.choice(["C","C.UTF-8"])
    g = run(["/usr/bin/tr"]+args, inp, loc); c = run([C,"tr"]+args, inp, loc); runs+=1
    if g != c:
        diffs+=1
        if diffs<=10: print("DIFF", loc, args, repr(inp), "\n    gnu:", g, "\n    cb: ", c)
print("runs",runs,"diffs",diffs)
