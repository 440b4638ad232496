#!/usr/bin/env bash
# GNU 9.1's generated factor tests (tests/factor/tNN.sh, very expensive, not
# in `make check` by default): `seq LO HI | factor | sha1sum` against GNU's
# checksum for each of the 37 ranges in tests/factor/create-test.sh, with
# corebox's factor. Needs GNU's tree from tests/gnu/run.sh (target/gnu/src).
#
#   tests/gnu/factor-tnn.sh [COREBOX] [tNN...]
#
# FACTOR_TNN_SKIP="t09 t10" leaves those out (CI does: they take 100 s each,
# two numbers with a factor near 2^63 that rho finds in 2^31.5 steps).
set -euo pipefail
repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)
bin=$(realpath "${1:-$repo/target/release/corebox}")
shift || true
create=$repo/target/gnu/src/coreutils-9.1/tests/factor/create-test.sh
[ -r "$create" ] || { echo "factor-tnn: no $create (run tests/gnu/run.sh first)" >&2; exit 2; }
p=184467440737 q=79228162514264337593543
t1=170141183460469225450570946617781744489 t2=170141183460469229545748130981302223887
fail=0 n=0
# The case lines of create-test.sh: "tNN) set LO HI SHA1 ;;".
while read -r name lo hi sum; do
  if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then continue; fi
  if [[ " ${FACTOR_TNN_SKIP:-} " == *" $name "* ]]; then
    echo "SKIP $name"
    continue
  fi
  lo=$(eval echo "$lo") hi=$(eval echo "$hi")
  start=$SECONDS
  got=$("$bin" seq "$lo" "$hi" | "$bin" factor | sha1sum | cut -d' ' -f1)
  n=$((n + 1))
  if [ "$got" = "$sum" ]; then
    echo "PASS $name ($((SECONDS - start)) s)"
  else
    echo "FAIL $name: sha1 $got, GNU's $sum"
    fail=1
  fi
done < <(sed -n 's/^ *\(t[0-9][0-9]\)) set *\([^ ]*\) *\([^ ]*\) *\([0-9a-f]*\) *;;$/\1 \2 \3 \4/p' "$create")
echo "factor-tnn: $n tests, $([ $fail = 0 ] && echo all passed || echo FAILURES)"
exit $fail
