import subprocess, random, os, sys, tempfile, itertools
C = os.path.abspath(os.environ.get("COREBOX", "target/release/corebox"))
WORK = tempfile.mkdtemp(prefix="corebox-fuzz.")
random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
os.chdir(WORK)
pieces = [b"a", b"b", b"abc", b" ", b"\t", b"\n", b"\r\n", b"\0", b"\xc3\xa9", b"\xe6\x97\xa5", b"\xff", b"\x80", b"1", b"10", b"-", b":", b",", b"x y", b"  ", b"\x1b", b"\x7f", b"\v", b"\f", b"A", b"Z", b"9"]
def rnd_input():
    n = random.choice([0, 1, 2, 5, 20, 100, 400])
    s = b"".join(random.choice(pieces) for _ in range(n))
    if random.random() < 0.1:
        s += b"long" * random.randint(100, 3000)
    return s
specs = {
 "head": [["-n","3"],["-n","-2"],["-c","5"],["-c","-3"],["-z","-n","1"],["-q","-n","1"],["-v"],["-n","0"]],
 "wc": [[],["-l"],["-w"],["-m"],["-c"],["-L"],["-lwmcL"],["-wL"],["-mL"]],
 "cut": [["-b","1-3"],["-c","2-"],["-f","1","-d",":"],["-f","2-","-d"," ","-s"],["-b","1,3","--complement"],["-f","1,3","--output-delimiter=XY","-d","a"],["-z","-f","1","-d","a"],["-c","1-2","-n"]],
 "paste": [[],["-s"],["-d",",:"],["-s","-d","\\n\\t"],["-z"],["-d",""]],
 "uniq": [[],["-c"],["-d"],["-u"],["-i"],["-f","1"],["-s","2"],["-w","2"],["-D"],["--group"],["--all-repeated=separate"],["-z"],["-c","-i","-f","1","-s","1"]],
 "tac": [[],["-b"],["-s","a"],["-r","-s","a.b"],["-s",""],["-b","-s","\n"]],
 "nl": [[],["-ba"],["-bt","-nrz"],["-bpa","-w","3","-s","|"],["-v","5","-i","2"],["-nln"],["-d","ab"],["-ha","-fa"],["-l","2","-ba"]],
 "fold": [[],["-w","5"],["-s","-w","4"],["-b","-w","3"],["-bs","-w","2"]],
 "expand": [[],["-t","4"],["-t","2,5,9"],["-i"],["-t","3/"],["-t","+4"]],
 "unexpand": [[],["-a"],["-t","4"],["--first-only","-t","3"],["-a","-t","2,4"]],
 "tr": [["a","b"],["-d","a"],["-s","a"],["-c","a","x"],["-cd","a"],["a-z","A-Z"],["[:lower:]","[:upper:]"],["-s","[:space:]"],["-d","[:digit:]"],["ab","x"],["-t","abc","x"],["\\0","N"],["[a*3]b","xyz"]],
 "tee": [[],["-a","/dev/null"]],
 "tail": [["-n","3"],["-c","5"],["-n","+2"],["-c","+3"],["-z","-n","1"],["-n","0"],["-c","-2"],["-3"],["+2"],["-n","1k"]],
 "base64": [[],["-d"],["-w","5"],["-di"],["-w","0"],["--decode","--ignore-garbage","-w","3"]],
 "base32": [[],["-d"],["-di"],["-w","7"]],
 "basenc": [["--base16"],["--base2msbf","-w","9"],["--base2lsbf"],["--z85"],["--base64url","-d"],["--base32hex","-di"],["--base58"] ,["--z85","-d"],["--base16","-di"]],
 "md5sum": [[],["--tag"],["-z"],["-b"]],
 "sum": [[],["-s"],["-r"]],
 "cksum": [[],["-a","sha1"],["-a","blake2b","-l","8"],["--base64","-a","md5"],["-a","crc","--raw"],["-a","sm3","--untagged"]],
 "seq": None,
 "comm": "two", "join": "two",
}
locales = ["C", "C.UTF-8"]
diffs = 0; runs = 0
def run(cmd, inp, loc):
    env = {"LC_ALL": loc, "PATH": "/usr/bin:/bin"}
    try:
        p = subprocess.run(cmd, input=inp, capture_output=True, env=env, timeout=5)
    except subprocess.TimeoutExpired:
        return ("timeout",)
    return p.returncode, p.stdout, p.stderr.replace(b"/usr/bin/", b"")
for it in range(int(sys.argv[2]) if len(sys.argv) > 2 else 300):
    prog = random.choice(list(specs))
    loc = random.choice(locales)
    if prog == "seq":
        nums = [random.choice(["1","0","-1","2","10","0.5","1e2","-0.25","3","0x10","1.50","-inf","nan","",".5","1,5"]) for _ in range(random.randint(1,3))]
        opts = random.choice([[],["-w"],["-s",","],["-f","%.2f"],["-f","%g"],["-f","%03.1f"],["-w","-s",""]])
        args = opts + nums; inp = b""
    elif specs[prog] == "two":
        a = b"\n".join(sorted(random.choice([b"a",b"b",b"c",b"a 1",b"b 2",b"c 3",b"",b"A"]) for _ in range(random.randint(0,6))))
        b = b"\n".join(sorted(random.choice([b"a",b"b",b"c",b"a x",b"b y",b"d 4",b"",b"B"]) for _ in range(random.randint(0,6))))
        if random.random()<0.5: a+=b"\n"
        if random.random()<0.5: b+=b"\n"
        open("f1","wb").write(a); open("f2","wb").write(b)
        opts = random.choice([[],["-1"],["-3"],["-12"],["--total"],["--output-delimiter=|"],["-i"],["--nocheck-order"]]) if prog=="comm" else random.choice([[],["-a","1"],["-v","2"],["-e","E","-o","auto","-a","1","-a","2"],["-i"],["-t"," "],["-j","2"],["-o","1.1,2.2"],["--header"],["--nocheck-order"]])
        args = opts + ["f1","f2"]; inp = b""
    else:
        args = random.choice(specs[prog]); inp = rnd_input()
    g = run(["/usr/bin/"+prog] + args, inp, loc)
    c = run([C, prog] + args, inp, loc)
    runs += 1
    if g != c:
        diffs += 1
        if diffs <= 15:
            print("DIFF", loc, prog, args, repr(inp[:80]), "len", len(inp))
            for name, x, y in (("rc", g[0], c[0]), ("out", g[1][:200], c[1][:200]), ("err", g[2][:300], c[2][:300])):
                if x != y: print("   ", name, "gnu:", repr(x)); print("   ", name, "cb: ", repr(y))
print("runs", runs, "diffs", diffs)
