#!/usr/bin/env bash
# The whole test suite: unit and integration tests on the host, then the
# integration tests again against the release binary of each of the five
# triples, run under qemu-user (x86_64 natively). The README's test command.
# Arguments: triples to test under qemu (default: all in targets/);
# QEMU_TESTS=0 skips the cross part.
set -euo pipefail
cd "$(dirname "$0")/.."
source qemu/setup.sh

echo "== host: cargo test --workspace"
cargo test --workspace

[ "${QEMU_TESTS:-1}" = 0 ] && exit 0

triples=("$@")
if [ ${#triples[@]} -eq 0 ]; then
  for conf in targets/*.conf; do triples+=("$(basename "$conf" .conf)"); done
fi
ensure_qemu "${triples[@]}"
qemu/build.sh "${triples[@]}"

failed=()
for t in "${triples[@]}"; do
  q=$(sed -n 's/^QEMU=//p' "targets/$t.conf")
  echo "== $t ${q:+under $q}"
  if ! COREBOX_BIN="$PWD/target/$t/release/corebox" COREBOX_RUNNER="$q" cargo test --test applets; then
    failed+=("$t")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED on: ${failed[*]}"
  exit 1
fi
echo "all triples passed: ${triples[*]}"
