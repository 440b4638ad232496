#!/usr/bin/env bash
# Builds the release corebox for every triple in targets/ (or those named as
# arguments) and prints a size table. Uses -Zbuild-std on every triple (via
# RUSTC_BOOTSTRAP on the stable toolchain) so core/alloc are built without
# unwind tables and with panics that abort at once: smaller binaries, same
# code. COREBOX_APPLETS="cat tail" limits the build to those applets;
# COREBOX_HELP=short leaves the long help texts out. The code generation
# flags for size (no loop padding, no jump tables, identical functions
# folded) are release_rustflags in qemu/setup.sh. CARGO_TARGET_DIR
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
    --config "$(release_rustflags "$t")" >&2
done

printf '%-34s %10s\n' triple bytes
for t in "${triples[@]}"; do
  printf '%-34s %10s\n' "$t" "$(stat -c %s "${CARGO_TARGET_DIR:-target}/$t/release/corebox")"
done
