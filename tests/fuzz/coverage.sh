#!/usr/bin/env bash
# Coverage-guided fuzzing of the parsers in `core` (issue 19): libFuzzer
# through the libfuzzer-sys crate, one target per parser in
# fuzz/fuzz_targets/, built for the host with sanitizer coverage, overflow
# checks and debug assertions (an arithmetic overflow or a failed
# property is a crash like a panic; so is a run over 10 s). The corpus of
# each target lives in fuzz/corpus/TARGET and is kept minimal after a run
# (libFuzzer's -set_cover_merge over edges and comparisons).
#
#   tests/fuzz/coverage.sh [-n RUNS] [TARGET...]   fuzz each target RUNS
#                                  executions (default 1000000), print a table
#   tests/fuzz/coverage.sh --replay                run every target over its
#                                  corpus only (CI: targets build, no input crashes)
#
# A crashing input is written to target/fuzz/artifacts/TARGET/; reproduce
# with `target/fuzz/x86_64-unknown-linux-gnu/release/TARGET FILE`.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=1000000
replay=0
targets=()
while (($#)); do
  case $1 in
    -n) runs=$2; shift ;;
    --replay) replay=1 ;;
    *) targets+=("$1") ;;
  esac
  shift
done
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(ls fuzz/fuzz_targets | sed 's/\.rs$//')

host=$(rustc -vV | sed -n 's/^host: //p')
out=target/fuzz
bin=$out/$host/release
echo "== building ${#targets[@]} fuzz targets ($host, sanitizer coverage)" >&2
# --target keeps the coverage flags off build scripts and proc macros.
(cd fuzz && RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing" \
  cargo build --quiet --release --target "$host" --target-dir "../$out")

fail=0
if [ "$replay" = 1 ]; then
  for t in "${targets[@]}"; do
    mkdir -p "fuzz/corpus/$t"
    if ! log=$("$bin/$t" -runs=0 "fuzz/corpus/$t" 2>&1); then
      echo "$log" | tail -30 >&2
      echo "fuzz target $t crashed on its corpus" >&2
      fail=1
    fi
  done
  [ "$fail" = 0 ] && echo "fuzz corpus replay: ${#targets[@]} targets, no crash"
  exit "$fail"
fi

printf '| target | executions | seconds | exec/s | coverage (edges) | corpus | crashes |\n'
printf '|---|---|---|---|---|---|---|\n'
for t in "${targets[@]}"; do
  corpus=fuzz/corpus/$t
  new=$out/new/$t
  art=$out/artifacts/$t/
  mkdir -p "$corpus" "$new" "$art"
  start=$(date +%s%N)
  status=0
  # Regex cost grows with the pattern and subject: 256 bytes of both
  # reach the same code at several times the rate.
  max_len=1024
  [ "$t" = regex ] && max_len=256
  "$bin/$t" -runs="$runs" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$art" "$new" "$corpus" > "$out/$t.log" 2>&1 || status=$?
  ms=$((($(date +%s%N) - start) / 1000000))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$t.log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$out/$t.log" | tail -1 | cut -d' ' -f2)
  crashes=0
  if [ "$status" != 0 ]; then
    crashes=$(find "$art" -type f | wc -l)
    [ "$crashes" -gt 0 ] || crashes=1
    fail=1
    grep -E 'panicked|ERROR|SUMMARY' "$out/$t.log" | head -3 >&2
  fi
  # Keep the committed corpus minimal: what covers the same edges.
  merged=$out/merged/$t
  rm -rf "$merged"; mkdir -p "$merged"
  "$bin/$t" -set_cover_merge=1 -use_counters=0 -max_len=1024 "$merged" "$corpus" "$new" > /dev/null 2>&1 || true
  if [ "$(find "$merged" -type f | wc -l)" -gt 0 ]; then
    rm -rf "$corpus"; mv "$merged" "$corpus"
  fi
  rm -rf "$new"
  size=$(find "$corpus" -type f | wc -l)
  rate=$(( ${execs:-0} * 1000 / (ms > 0 ? ms : 1) ))
  secs=$(printf '%d.%d' $((ms / 1000)) $((ms % 1000 / 100)))
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$t" "${execs:-?}" "$secs" "$rate" "${cov:-?}" "$size" "$crashes"
done
exit "$fail"
