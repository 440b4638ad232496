#!/usr/bin/env bash
# Benchmarks corebox against GNU coreutils 9.1, uutils 0.12, busybox and
# toybox on the same inputs in one run, and prints each one's time and its
# ratio to the fastest (the bar corebox must meet). Not a test: timings are
# only printed. Needs hyperfine (apt-get install hyperfine); uutils comes
# from `cargo install coreutils --locked --version 0.12.0`, busybox/toybox
# from apt-get (busybox-static toybox). Missing implementations are skipped.
#
#   tests/bench/bench.sh              # all workloads, 1 GiB inputs
#   SIZE=256M tests/bench/bench.sh    # smaller inputs
#   BENCH_ONLY="cat-pipe" tests/bench/bench.sh
#   COREBOX=target/release/corebox BENCH_ONLY="tail-n10 tail-f" tests/bench/bench.sh
#   BASELINE=/tmp/corebox-before IMPLS="corebox baseline" tests/bench/bench.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
SIZE=${SIZE:-1G}
# Generated text inputs: SIZE in bytes, at most 256 MiB.
TEXT_BYTES=$(numfmt --from=iec "$SIZE")
[ "$TEXT_BYTES" -le $((256 << 20)) ] || TEXT_BYTES=$((256 << 20))
RUNS=${RUNS:-10}
EXECS=${EXECS:-1000}
WORK=${WORK:-$(mktemp -d /var/tmp/corebox-bench.XXXXXX)}
trap 'rm -rf "$WORK"' EXIT

command -v hyperfine >/dev/null || { echo "hyperfine is needed: apt-get install hyperfine" >&2; exit 1; }
# COREBOX=target/release/corebox measures the host build (same binary).
if [ -z "${COREBOX:-}" ]; then
  [ -x target/x86_64-unknown-linux-musl/release/corebox ] || qemu/build.sh x86_64-unknown-linux-musl >&2
  COREBOX=$PWD/target/x86_64-unknown-linux-musl/release/corebox
fi
COREBOX=$(realpath "$COREBOX")

# name|command prefix for applet X ("X" is replaced by the applet name)
impls=("corebox|$COREBOX X" "gnu|/usr/bin/X")
UU=$(command -v coreutils || echo "$HOME/.cargo/bin/coreutils")
[ -x "$UU" ] && impls+=("uutils|$UU X")
command -v busybox >/dev/null && impls+=("busybox|$(command -v busybox) X")
command -v toybox >/dev/null && impls+=("toybox|$(command -v toybox) X")
# BASELINE=path: another corebox build (say, main before a change) timed
# in the same run; IMPLS="corebox baseline": only the implementations named.
[ -n "${BASELINE:-}" ] && impls+=("baseline|$(realpath "$BASELINE") X")
if [ -n "${IMPLS:-}" ]; then
  kept=()
  for spec in "${impls[@]}"; do
    [[ " $IMPLS " == *" ${spec%%|*} "* ]] && kept+=("$spec")
  done
  impls=("${kept[@]}")
fi

cmd() { # impl-spec applet -> command
  local spec=${1#*|}
  echo "${spec//X/$2}"
}

has() { # impl-spec applet -> does this implementation have the applet?
  case ${1%%|*} in
    busybox) busybox --list | grep -Fqx -- "$2" ;;
    toybox) toybox | tr ' ' '\n' | grep -Fqx -- "$2" ;;
    *) true ;;
  esac
}

want() { [ -z "${BENCH_ONLY:-}" ] || [[ " $BENCH_ONLY " == *" $1 "* ]]; }

bench() { # workload-name applet hyperfine-args-template (with @ for the command)
  local name=$1 applet=$2; shift 2
  # Writing workloads start each run with no dirty pages left by the last.
  local prepare=${PREPARE:-true}
  want "$name" || return 0
  local args=() notes=() spec c t0 t1 n
  for spec in "${impls[@]}"; do
    has "$spec" "$applet" || continue
    c=${1//@/$(cmd "$spec" "$applet")}
    # One trial run: an implementation that fails the workload, or takes
    # minutes (toybox yes), is reported and left out of the timed runs.
    bash -c "$prepare" >/dev/null 2>&1 || true
    t0=$(date +%s.%N)
    if ! timeout 120 bash -c "$c" >/dev/null 2>&1; then
      notes+=("  ${spec%%|*}: fails or exceeds 120 s on this workload (left out)")
      continue
    fi
    t1=$(date +%s.%N)
    if python3 -c "import sys; sys.exit(0 if $t1 - $t0 > ${SLOW:-20} else 1)"; then
      notes+=("  ${spec%%|*}: $(python3 -c "print(f'{$t1 - $t0:.1f}')") s in one run (too slow to repeat)")
      continue
    fi
    args+=(-n "${spec%%|*}" "$c")
  done
  # NOSHELL=1: millisecond workloads run without a shell (hyperfine -N
  # sends their output to /dev/null itself), so the shell's cost does not
  # swamp them.
  local shell=(-S bash)
  [ -n "${NOSHELL:-}" ] && shell=(-N)
  # IGNORE_FAILURE=1: an implementation that fails some runs (toybox's
  # timeout exits 127 now and then) is timed anyway, and said so.
  if [ -n "${IGNORE_FAILURE:-}" ]; then
    shell+=(-i)
    notes+=("  (failed runs are timed too: toybox timeout exits 127 on some runs)")
  fi
  if [ ${#args[@]} -eq 0 ]; then
    echo "$name"
    for n in "${notes[@]}"; do echo "$n"; done
    return 0
  fi
  # SLOW=seconds: workloads of minutes (sort-big) are timed however long
  # a run takes, and their trial run is the only warmup.
  local warm=1
  [ -n "${SLOW:-}" ] && warm=0
  hyperfine "${shell[@]}" --warmup "$warm" --runs "$RUNS" --prepare "$prepare" --export-json "$WORK/$name.json" "${args[@]}" >/dev/null 2>&1
  if [ -n "${ROTATE:-}" ]; then
    # Hyperfine runs one implementation after the other; a second pass in
    # reverse order cancels what the order costs (write-back, caches), and
    # each keeps its better median.
    local rev=() i
    for ((i = ${#args[@]} - 3; i >= 0; i -= 3)); do rev+=("${args[@]:i:3}"); done
    hyperfine -S bash --warmup 1 --runs "$RUNS" --prepare "$prepare" --export-json "$WORK/$name.rev.json" "${rev[@]}" >/dev/null 2>&1
    python3 - "$WORK/$name.json" "$WORK/$name.rev.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
rb = {r["command"]: r for r in b["results"]}
for r in a["results"]:
    r["median"] = min(r["median"], rb[r["command"]]["median"])
    r["min"] = min(r["min"], rb[r["command"]]["min"])
json.dump(a, open(sys.argv[1], "w"))
PY
  fi
  report "$name" "${LABEL:-}"
  for n in "${notes[@]}"; do echo "$n"; done
}

bench_exec() {
  want exec-true || return 0
  local args=() spec
  for spec in "${impls[@]}"; do
    has "$spec" true || continue
    args+=(-n "${spec%%|*}" "$(cmd "$spec" true)")
  done
  hyperfine -N --warmup 20 --runs "$EXECS" --export-json "$WORK/exec-true.json" "${args[@]}" >/dev/null
  report exec-true "(per exec)"
}

# The 40 000-file tree (10 x 40 directories of 100 files of 0 to 990
# bytes) that the file-operation and listing workloads share; made once.
make_tree40k() {
  [ -d "$WORK/tree40k" ] && return 0
  python3 - "$WORK/tree40k" <<'PY'
import os, sys
root = sys.argv[1]
for a in range(10):
    for b in range(40):
        d = os.path.join(root, str(a), str(b))
        os.makedirs(d)
        for c in range(100):
            with open(os.path.join(d, str(c)), "w") as f:
                f.write("x" * (c * 10))
PY
}

report() {
  # Ranked by the best run: on a shared 2-core machine the fastest run is
  # the least disturbed one; the median is shown beside it.
  python3 - "$WORK/$1.json" "$1" "${2:-}" <<'PY'
import json, sys
res = json.load(open(sys.argv[1]))["results"]
best = max(min(r["min"] for r in res), 1e-9)
print(f"\n{sys.argv[2]} {sys.argv[3]}")
def fmt(t):
    return f"{t*1e3:8.3f} ms" if t < 1 else f"{t:8.3f} s "
for r in sorted(res, key=lambda r: r["min"]):
    print(f"  {r['command']:10s} best {fmt(r['min'])}  x{r['min']/best:5.2f}   median {fmt(r['median'])}")
PY
}

echo "corebox benchmark: $(date -u +%F), $(nproc) cores, inputs $SIZE, best and median of $RUNS runs"
if want cat-pipe || want cat-file || want cat-n || want head-n; then
  head -c "$SIZE" /dev/urandom > "$WORK/big"
  sync
fi
bench yes-head yes "@ | head -c $SIZE > /dev/null"
bench cat-pipe cat "@ $WORK/big | /usr/bin/cat > /dev/null"
ROTATE=1 PREPARE="rm -f $WORK/out; sync" bench cat-file cat "@ $WORK/big > $WORK/out"
bench cat-n cat "@ -n $WORK/big > /dev/null"
bench head-n head "@ -n 5000000 $WORK/big > /dev/null"
if want wc || want wc-l || want wc-m || want wc-L || want tr-upper || want tr-d || want tr-s; then
  # Text: words of mixed ASCII and UTF-8, lines of 1 to 12 words.
  python3 - "$WORK/text" "$TEXT_BYTES" <<'PY'
import random, sys
want = int(sys.argv[2])
random.seed(1)
words = ["alpha", "beta", "gamma", "d\u00e9lta", "\u65e5\u672c\u8a9e", "x", "lorem", "ipsum", "dolor", "sit", "amet"]
lines = [" ".join(random.choice(words) for _ in range(random.randint(1, 12))) for _ in range(10000)]
block = ("\n".join(lines) + "\n").encode()
with open(sys.argv[1], "wb") as f:
    for _ in range(max(1, want // len(block))):
        f.write(block)
PY
fi
for loc in C C.UTF-8; do
  for w in "wc|" "wc-l|-l" "wc-m|-m" "wc-L|-L"; do
    want "${w%%|*}" && LABEL="${w%%|*} (LC_ALL=$loc)" bench "${w%%|*}" wc "LC_ALL=$loc @ ${w#*|} $WORK/text"
  done
done
if want tail-n10 || want tail-n1M || want tail-c-pipe || want tail-f; then
  # Numbered lines, about 214 MB (25 million lines) whatever SIZE says.
  seq 1 25000000 > "$WORK/lines"
fi
NOSHELL=1 RUNS=$((RUNS * 10)) bench tail-n10 tail "@ -n 10 $WORK/lines"
NOSHELL=1 RUNS=$((RUNS * 2)) bench tail-n1M tail "@ -n 1000000 $WORK/lines"
bench tail-c-pipe tail "cat $WORK/lines | @ -c 1000000 > /dev/null"
bench tail-n-pipe tail "cat $WORK/lines | @ -n 100000 > /dev/null"
# tail -f of a file growing as fast as cat can append to it, into a pipe;
# --pid ends tail once the writer is done and everything is out.
LABEL="(follow a growing file)" bench tail-f tail "set -o pipefail; rm -f $WORK/grow; : > $WORK/grow; (cat $WORK/lines >> $WORK/grow) & @ -f -n +1 -s 0.1 --pid=\$! $WORK/grow | cat > /dev/null"
if want tac || want tac-pipe || want nl || want nl-regex || want nl-regex-u || want expand || want unexpand || want unexpand-a; then
  # Lines of words, spaces and tabs (for expand/unexpand), 1 to 12 fields.
  python3 - "$WORK/tabs" "$TEXT_BYTES" <<'PY'
import random, sys
want = int(sys.argv[2])
random.seed(2)
words = ["alpha", "beta", "\tgamma", "x", "  lorem", "ipsum\t", "  ", "\t"]
lines = ["".join(random.choice(words) + random.choice([" ", "\t", "   "]) for _ in range(random.randint(0, 12))) for _ in range(10000)]
block = ("\n".join(lines) + "\n").encode()
with open(sys.argv[1], "wb") as f:
    for _ in range(max(1, want // len(block))):
        f.write(block)
PY
fi
bench tac tac "@ $WORK/tabs > /dev/null"
bench tac-pipe tac "cat $WORK/tabs | @ > /dev/null"
bench nl nl "@ $WORK/tabs > /dev/null"
bench nl-regex nl "@ -bp'^a.*x' $WORK/tabs > /dev/null"
bench nl-regex-u nl "@ -bp'a.*x' $WORK/tabs > /dev/null"
bench expand expand "@ $WORK/tabs > /dev/null"
bench unexpand unexpand "@ $WORK/tabs > /dev/null"
bench unexpand-a unexpand "@ -a $WORK/tabs > /dev/null"
if want cut-f || want cut-f1 || want cut-b || want cut-c || want paste || want paste-s || want fold || want fold-s; then
  # Tab-separated text: 3 to 12 fields of words and numbers per line.
  python3 - "$WORK/tsv" "$TEXT_BYTES" <<'PY'
import random, sys
want = int(sys.argv[2])
random.seed(2)
words = ["alpha", "beta", "gamma", "delta", "x", "lorem", "ipsum", "dolor", "sit", "amet", "12345", "3.14159"]
lines = ["\t".join(random.choice(words) for _ in range(random.randint(3, 12))) for _ in range(20000)]
block = ("\n".join(lines) + "\n").encode()
with open(sys.argv[1], "wb") as f:
    for _ in range(max(1, want // len(block))):
        f.write(block)
PY
fi
bench cut-f cut "@ -f2,4-5 $WORK/tsv > /dev/null"
bench cut-f1 cut "@ -f1 $WORK/tsv > /dev/null"
bench cut-b cut "@ -b1-10 $WORK/tsv > /dev/null"
bench cut-c cut "@ -c5- $WORK/tsv > /dev/null"
bench paste paste "@ $WORK/tsv $WORK/tsv > /dev/null"
bench paste-s paste "@ -s -d , $WORK/tsv > /dev/null"
# One endless line (no terminator): streamed in bounded memory.
bench cut-endless cut "head -c $TEXT_BYTES /dev/zero | @ -c1 > /dev/null"
bench paste-endless paste "head -c $TEXT_BYTES /dev/zero | @ - > /dev/null"
bench fold fold "@ -w 30 $WORK/tsv > /dev/null"
bench fold-s fold "@ -s -w 30 $WORK/tsv > /dev/null"
if want uniq || want uniq-c || want comm || want join; then
  # Sorted text with runs of 1 to 4 equal lines (uniq), and two sorted
  # files of keyed records sharing half of their keys (join), a quarter
  # of their lines (comm).
  python3 - "$WORK" "$TEXT_BYTES" <<'PY'
import random, sys
want = int(sys.argv[2])
random.seed(2)
with open(sys.argv[1] + "/sorted", "w") as f:
    n = i = 0
    while n < want:
        line = "%09d some text here %d\n" % (i, i % 97)
        c = random.randint(1, 4)
        f.write(line * c)
        n += len(line) * c
        i += 1
with open(sys.argv[1] + "/keys1", "w") as f1, open(sys.argv[1] + "/keys2", "w") as f2:
    n = i = 0
    while n < want // 2:
        r = random.random()
        if r < 0.75:
            line = "%09d left %d\n" % (i, i % 89)
            f1.write(line)
            n += len(line)
        if r > 0.25:
            # Half of the shared keys have equal lines (comm's column 3).
            side = "left" if i % 2 else "right"
            f2.write("%09d %s %d\n" % (i, side, i % (89 if i % 2 else 83)))
        i += 1
PY
fi
bench uniq uniq "@ $WORK/sorted > /dev/null"
bench uniq-c uniq "@ -c $WORK/sorted > /dev/null"
bench comm comm "@ $WORK/keys1 $WORK/keys2 > /dev/null"
bench join join "@ $WORK/keys1 $WORK/keys2 > /dev/null"
if want chmod-R || want chown-R || want chcon-R; then
  # A tree of 100 000 files in 1 010 directories (10 x 100 x 100), labeled
  # for chcon's partial contexts (a plain xattr without SELinux; root only).
  python3 - "$WORK/tree" <<'PY'
import os, sys
root = sys.argv[1]
for a in range(10):
    for b in range(100):
        d = os.path.join(root, str(a), str(b))
        os.makedirs(d)
        for c in range(100):
            open(os.path.join(d, str(c)), "w").close()
PY
  /usr/bin/chcon -R u:r:t:s0 "$WORK/tree" 2>/dev/null || true
fi
bench chmod-R chmod "@ -R u+w,go-w $WORK/tree"
bench chown-R chown "@ -R 0:0 $WORK/tree"
bench chcon-R chcon "@ -R -t tmp_t $WORK/tree"
# File operations (issue 13): a SIZE file and a 40 000-file tree, copied
# afresh each run (the copy is removed before each run, the tree to remove
# made before each run of rm).
if want cp-file || want cp-r || want cp-a || want rm-r || want mv-xdev || want dd-1M || want dd-512; then
  head -c "$SIZE" /dev/urandom > "$WORK/cpsrc"
  make_tree40k
  sync
fi
PREPARE="rm -f $WORK/cpdst" bench cp-file cp "@ $WORK/cpsrc $WORK/cpdst"
PREPARE="rm -rf $WORK/cpdir" bench cp-r cp "@ -r $WORK/tree40k $WORK/cpdir"
PREPARE="rm -rf $WORK/cpdir" bench cp-a cp "@ -a $WORK/tree40k $WORK/cpdir"
PREPARE="rm -rf $WORK/rmdir; /usr/bin/cp -r $WORK/tree40k $WORK/rmdir" bench rm-r rm "@ -r $WORK/rmdir"
# dd of the SIZE file: bs=1M to a file, and the default 512-byte blocks to
# /dev/null (a system call per block: dd's own overhead).
PREPARE="rm -f $WORK/dddst" bench dd-1M dd "@ if=$WORK/cpsrc of=$WORK/dddst bs=1M status=none"
bench dd-512 dd "@ if=$WORK/cpsrc of=/dev/null status=none"
rm -f "$WORK/dddst"
# mv of the tree across file systems (to /dev/shm, a tmpfs, when WORK is
# not on one): copy with every attribute, then remove the source.
XDEV=/dev/shm/corebox-bench-mv
# With WORK on /dev/shm (WORK=/dev/shm/... measures the programs, not the
# disk's write-back), the other file system is a second tmpfs where root
# may mount one, else /var/tmp's.
if want mv-xdev && [ "$(stat -c %d /dev/shm 2> /dev/null)" = "$(stat -c %d "$WORK")" ]; then
  XDEV=/var/tmp/corebox-bench-mv
  mkdir -p "$WORK/xfs"
  if mount -t tmpfs -o size=4G corebox-bench "$WORK/xfs" 2> /dev/null; then
    trap 'umount "$WORK/xfs"; rm -rf "$WORK"' EXIT
    XDEV=$WORK/xfs/mv
  fi
fi
if [ "$(stat -c %d "$(dirname "$XDEV")" 2> /dev/null)" != "$(stat -c %d "$WORK")" ]; then
  PREPARE="rm -rf $XDEV $WORK/mvdir; /usr/bin/cp -r $WORK/tree40k $WORK/mvdir" bench mv-xdev mv "@ $WORK/mvdir $XDEV"
fi
rm -rf "$WORK/cpsrc" "$WORK/cpdst" "$WORK/cpdir" "$WORK/rmdir" "$WORK/mvdir" "$XDEV"
bench tr-upper tr "@ a-z A-Z < $WORK/text > /dev/null"
bench tr-d tr "@ -d a-z < $WORK/text > /dev/null"
bench tr-s tr "@ -s ' ' < $WORK/text > /dev/null"
bench seq seq "@ 1 100000000 > /dev/null"
bench seq-f seq "@ -f %.3f 1 10000000 > /dev/null"
bench seq-decimal seq "@ 0.1 0.1 1000000 > /dev/null"
bench seq-g seq "@ -f %g 1 0.5 1000000 > /dev/null"
# shuf of 20 million numbered lines (issue 16).
if want shuf; then seq 20000000 > "$WORK/seq2e7"; fi
bench shuf shuf "@ $WORK/seq2e7 -o /dev/null"
# sort (issue 16): 40 MB of words, numbers, -u, a 100 MB csv by its
# second field, and 1 GiB under -S 100M (temporary runs merged; set
# SORT_BIG=0 to leave that one out).
SORTS="sort sort-n sort-u sort-csv sort-big"
if for w in $SORTS; do want "$w" && break; done; then
  python3 - "$WORK" <<'PY'
import random, sys
w = sys.argv[1]
r = random.Random(16)
words = [''.join(r.choice('abcdefghijklmnopqrstuvwxyz') for _ in range(r.randint(3, 10))) for _ in range(200000)]
with open(w + '/words', 'w') as f:
    n = 0
    while n < 40_000_000:
        x = r.choice(words); f.write(x + '\n'); n += len(x) + 1
with open(w + '/nums', 'w') as f:
    f.writelines(str(r.randint(-10**9, 10**9)) + '\n' for _ in range(2_000_000))
with open(w + '/csv', 'w') as f:
    n = 0
    while n < 100_000_000:
        x = '%d,%s,%d,%s\n' % (r.randint(0, 10**6), r.choice(words), r.randint(0, 999), r.choice(words))
        f.write(x); n += len(x)
PY
  if [ "${SORT_BIG:-1}" = 1 ] && want sort-big; then
    for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25; do cat "$WORK/words"; done > "$WORK/big1g"
  fi
fi
bench sort sort "LC_ALL=C @ $WORK/words > /dev/null"
bench sort-n sort "LC_ALL=C @ -n $WORK/nums > /dev/null"
bench sort-u sort "LC_ALL=C @ -u $WORK/words > /dev/null"
bench sort-csv sort "LC_ALL=C @ -t, -k2,2 $WORK/csv > /dev/null"
[ -e "$WORK/big1g" ] && RUNS=${SORT_BIG_RUNS:-2} SLOW=600 bench sort-big sort "LC_ALL=C @ -S 100M -T $WORK $WORK/big1g > /dev/null"
rm -f "$WORK/words" "$WORK/nums" "$WORK/csv" "$WORK/big1g"
# od -An -tx1 of 256 MiB of random bytes (issue 16).
if want od-x1; then head -c 256M /dev/urandom > "$WORK/od256"; fi
bench od-x1 od "@ -An -tx1 $WORK/od256 > /dev/null"
# split of SIZE of text lines (issue 16): by lines, and in 8 pieces by
# size; the pieces go to a directory cleared (and synced) before each run.
if want split-l || want split-n; then
  python3 - "$WORK/splitin" "$(numfmt --from=iec "$SIZE")" <<'PY'
import random, sys
random.seed(3)
words = ["alpha", "beta", "gamma", "delta", "x", "lorem", "ipsum", "dolor", "0123456789"]
lines = [" ".join(random.choice(words) for _ in range(random.randint(1, 14))) for _ in range(20000)]
block = ("\n".join(lines) + "\n").encode()
with open(sys.argv[1], "wb") as f:
    for _ in range(max(1, int(sys.argv[2]) // len(block))):
        f.write(block)
PY
  mkdir -p "$WORK/splitout"
fi
PREPARE="rm -f $WORK/splitout/x*; sync" bench split-l split "cd $WORK/splitout && @ -l 100000 $WORK/splitin"
PREPARE="rm -f $WORK/splitout/x*; sync" bench split-n split "cd $WORK/splitout && @ -n 8 $WORK/splitin"
rm -rf "$WORK/splitin" "$WORK/splitout"
# numfmt --to=iec of 10 million numbers (issue 16).
if want numfmt-iec; then seq 1000 97 970001000 > "$WORK/nums1e7"; fi
bench numfmt-iec numfmt "@ --to=iec < $WORK/nums1e7 > /dev/null"
# factor (issue 16): 2..1000000, and 100 semiprimes of 120 bits (a 40-bit
# prime times an 80-bit one; balanced ones take GNU minutes each).
if want factor-seq; then seq 2 1000000 > "$WORK/factorseq"; fi
if want factor-semi; then
  python3 -c '
import random
def prime(bits):
    while True:
        n = random.getrandbits(bits) | (1 << (bits - 1)) | 1
        if all(pow(a, n - 1, n) == 1 for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)):
            return n
random.seed(16)
for _ in range(100):
    print(prime(40) * prime(80))' > "$WORK/factorsemi"
fi
bench factor-seq factor "@ < $WORK/factorseq > /dev/null"
bench factor-semi factor "@ < $WORK/factorsemi > /dev/null"
# ptx of 2 MiB of text.
# (head closes the pipe early: under pipefail the generator's SIGPIPE
# must not end the script.)
if want ptx; then head -c 2M "$WORK/text" > "$WORK/ptxtext" 2>/dev/null || { seq 300000 | sed 's/$/ lorem ipsum. dolor/' | head -c 2M > "$WORK/ptxtext" || true; }; fi
bench ptx ptx "@ $WORK/ptxtext > /dev/null"
# Checksums and encodings (issue 6): one 512 MiB random file.
SUMS="md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum sum sum-s base64 base64-d base32"
if for w in $SUMS; do want "$w" && break; done; then
  head -c "${SUM_SIZE:-512M}" /dev/urandom > "$WORK/sums"
  sync
fi
for p in md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum sum; do
  bench "$p" "$p" "@ $WORK/sums > /dev/null"
done
bench sum-s sum "@ -s $WORK/sums > /dev/null"
bench base64 base64 "@ $WORK/sums > /dev/null"
if want base64-d; then
  /usr/bin/base64 "$WORK/sums" > "$WORK/sums.b64"
fi
bench base64-d base64 "@ -d $WORK/sums.b64 > /dev/null"
bench base32 base32 "@ $WORK/sums > /dev/null"
# Shell and process tools (issue 17): exec to exit, one short call each.
if want test-f || want printf-100k || want env-true || want timeout-true || want expr; then
  : > "$WORK/file"
fi
NOSHELL=1 RUNS=$((RUNS * 50)) bench test-f "[" "@ -f $WORK/file ]"
bench printf-100k printf "@ '%s\n' \$(seq 100000) > /dev/null"
NOSHELL=1 RUNS=$((RUNS * 50)) bench env-true env "@ true"
IGNORE_FAILURE=1 NOSHELL=1 RUNS=$((RUNS * 50)) bench timeout-true timeout "@ 1 true"
NOSHELL=1 RUNS=$((RUNS * 50)) bench expr expr "@ 1 + 1"
# Dates and times (issue 15): date -f of 1 000 000 date strings of the
# common forms, in a zone with rules (the strings are read and shown in
# Europe/Berlin); touch of 10 000 new files in one call; date +%s and the
# default format, exec to exit (compare with exec-true).
if want date-f; then
  python3 - "$WORK/dates" <<'PY'
import random, sys
r = random.Random(15)
out = []
for i in range(1_000_000):
    t = r.randrange(0, 2_000_000_000)
    k = i % 8
    if k == 0:
        out.append(f"@{t}")
    elif k == 1:
        out.append(f"@{t}.{r.randrange(10**9):09d}")
    else:
        y, mo, d = r.randrange(1971, 2037), r.randrange(1, 13), r.randrange(1, 29)
        # No hour 2: Berlin's spring gap would make some strings invalid.
        h, mi, s = r.choice([0, 1] + list(range(3, 24))), r.randrange(60), r.randrange(60)
        out.append([
            f"{y}-{mo:02d}-{d:02d} {h:02d}:{mi:02d}:{s:02d}",
            f"{y}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}+01:00",
            f"{mo}/{d}/{y} {h:02d}:{mi:02d}",
            f"{d} {['Jan','Feb','Mar','Apr','May','Jun','Jul','Aug','Sep','Oct','Nov','Dec'][mo-1]} {y} {h:02d}:{mi:02d} UTC",
            f"{y}-{mo:02d}-{d:02d} {r.randrange(1, 30)} days ago",
            f"{y}-{mo:02d}-{d:02d} +{r.randrange(1, 48)} hours",
        ][k - 2])
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY
fi
bench date-f date "TZ=Europe/Berlin @ -f $WORK/dates '+%F %T %z' > /dev/null"
PREPARE="rm -rf $WORK/touch; mkdir $WORK/touch" bench touch-10k touch "cd $WORK/touch && @ f{1..10000}"
NOSHELL=1 RUNS=$((RUNS * 50)) bench date-s date "@ +%s"
NOSHELL=1 RUNS=$((RUNS * 50)) bench date-now date "@"
# Listing and file information (issue 14): stat -c %s of 10 000 files in
# one call; du -s and du -a, ls -lR and ls -R --color=always of a
# 40 000-file tree; ls -l of one directory of 100 000 files.
if want stat-10k; then
  mkdir -p "$WORK/stat10k"
  (cd "$WORK/stat10k" && seq 10000 | xargs touch)
fi
bench stat-10k stat "cd $WORK/stat10k && @ -c %s * > /dev/null"
if want du-s || want du-a || want ls-lR || want ls-R-color; then
  make_tree40k
fi
bench du-s du "@ -s $WORK/tree40k > /dev/null"
bench du-a du "@ -a $WORK/tree40k > /dev/null"
bench ls-lR ls "@ -lR $WORK/tree40k > /dev/null"
bench ls-R-color ls "@ -R --color=always $WORK/tree40k > /dev/null"
if want ls-l-100k; then
  mkdir -p "$WORK/dir100k"
  (cd "$WORK/dir100k" && seq 100000 | xargs touch)
fi
bench ls-l-100k ls "@ -l $WORK/dir100k > /dev/null"
bench_exec
