#!/usr/bin/env bash
# Release artefacts: builds the five triples (qemu/build.sh), copies each
# stripped binary to dist/corebox-<version>-<triple>, writes SHA256SUMS and
# a size table (dist/SIZES). Checksums come from corebox's own sha256sum
# once that applet exists; until then from the host's.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
qemu/build.sh "$@" > /tmp/corebox-sizes.$$
rm -rf dist && mkdir -p dist
host=target/x86_64-unknown-linux-musl/release/corebox
sum_cmd=(sha256sum)
if [ -x "$host" ] && "$host" --list | grep -qx sha256sum; then sum_cmd=("$host" sha256sum); fi
while read -r triple bytes; do
  [ "$triple" = triple ] && continue
  cp "target/$triple/release/corebox" "dist/corebox-$version-$triple"
done < /tmp/corebox-sizes.$$
mv /tmp/corebox-sizes.$$ dist/SIZES
(cd dist && "${sum_cmd[@]}" corebox-* > SHA256SUMS)
cat dist/SIZES
echo "artefacts in dist/:"
ls -l dist
