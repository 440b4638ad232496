#!/usr/bin/env bash
# Differential fuzzing against GNU coreutils 9.1 in /usr/bin: random
# options, numbers and inputs (edge bytes, both locales, several files),
# each run by GNU and by corebox, comparing exit status, stdout and stderr.
# Not part of the test suite (random, slow, and some scripts need root:
# owners.py changes file owners). Prints the first differences and a count.
#
#   cargo build --release && tests/fuzz/run.sh [SEED] [RUNS]
#   COREBOX=target/x86_64-unknown-linux-musl/release/corebox tests/fuzz/run.sh 7 2000
#
# Known differences (not bugs): wc --total (GNU 9.2+; /usr/bin/wc is 9.1),
# --help/--version texts (GNU's footer and version lines), unexpand with
# tab stops near 2^63 (GNU runs out of memory).
set -euo pipefail
cd "$(dirname "$0")/../.."
seed=${1:-1}
runs=${2:-500}
for s in filters options numbers files chmod_modes tr_sets seq_formats owners; do
  echo "== $s"
  python3 "tests/fuzz/$s.py" "$seed" "$runs" | tail -25
done
