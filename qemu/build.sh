#!/usr/bin/env bash
# Builds the release corebox for every triple in targets/ (or those named as
# arguments) and prints a size table. Uses -Zbuild-std on every triple (via
# RUSTC_BOOTSTRAP on the stable toolchain) so core/alloc are built without
# unwind tables and with panics that abort at once: smaller binaries, same
# code. COREBOX_APPLETS="cat tail" limits the build to those applets;
# COREBOX_HELP=short leaves the long help texts out. Loops are not
# padded to 16-byte boundaries (-align-loops=1: 2.3 KB of no-ops for 53
# programs on x86_64; the hot functions start at 64-byte boundaries
# instead, README "Sizes"). CARGO_TARGET_DIR
# (default target/) is where the binaries go: $CARGO_TARGET_DIR/<triple>/release/corebox.
set -euo pipefail
cd "$(dirname "$0")/.."
source qemu/setup.sh

triples=("$@")
if [ ${#triples[@]} -eq 0 ]; then
  for conf in targets/*.conf; do triples+=("$(basename "$conf" .conf)"); done
fi
ensure_toolchain "${triples[@]}"

for t in "${triples[@]}"; do
  echo "== building $t" >&2
  RUSTC_BOOTSTRAP=1 cargo build --release --target "$t" \
    -Zbuild-std=core,alloc \
    --config "target.$t.rustflags=[\"-Zunstable-options\", \"-Cpanic=immediate-abort\", \"--cfg\", \"corebox_opt\", \"-Cllvm-args=-align-loops=1\"]" >&2
done

printf '%-34s %10s\n' triple bytes
for t in "${triples[@]}"; do
  printf '%-34s %10s\n' "$t" "$(stat -c %s "${CARGO_TARGET_DIR:-target}/$t/release/corebox")"
done
