#!/usr/bin/env bash
# The per-applet size report (x86_64 release, as qemu/build.sh builds it):
# what each applet adds to the binary, measured as the size of the full
# build minus the size of a build without that applet (COREBOX_APPLETS =
# all the others), like BusyBox's per-applet sizes. Code that two applets
# share is counted for neither (it stays while one of them is in); the
# members of a family file share most of their code, so each costs little
# alone: the "family" lines give what the whole family adds.
# Usage: qemu/sizes.sh [APPLET...]   (default: all)
# Writes target/sizes/report.txt; takes about 15-20 s per build.
set -euo pipefail
cd "$(dirname "$0")/.."
source qemu/setup.sh
t=x86_64-unknown-linux-musl
ensure_toolchain "$t"
dir=target/sizes
mkdir -p "$dir"

build() { # build "APPLETS" -> prints the size in bytes
  COREBOX_APPLETS="$1" RUSTC_BOOTSTRAP=1 cargo build --quiet --release --target "$t" \
    --target-dir "$dir/build" -Zbuild-std=core,alloc \
    --config "$(release_rustflags "$t")" >&2
  stat -c %s "$dir/build/$t/release/corebox"
}

all=$(sed -n 's|^// name: ||p' applets/*.rs | sort | tr '\n' ' ')
full=$(build "$all")
wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || read -ra wanted <<<"$all"

# The families: the programs of one applets/*.rs file with several headers.
declare -A family
for f in applets/*.rs; do
  case $(basename "$f") in lib.rs | build.rs) continue ;; esac
  names=$(sed -n 's|^// name: ||p' "$f" | tr '\n' ' ')
  [ "$(wc -w <<<"$names")" -gt 1 ] && family[$(basename "$f" .rs)]=$names
done

report="$dir/report.txt"
{
  printf '%-12s %8s\n' applet bytes
  for a in "${wanted[@]}"; do
    rest=$(tr ' ' '\n' <<<"$all" | grep -Fvx -- "$a" | tr '\n' ' ')
    printf '%-12s %8d\n' "$a" $((full - $(build "$rest")))
  done
  if [ $# -eq 0 ]; then
    for fam in "${!family[@]}"; do
      rest=$all
      for a in ${family[$fam]}; do rest=$(tr ' ' '\n' <<<"$rest" | grep -Fvx -- "$a" | tr '\n' ' '); done
      printf '%-12s %8d  (family: %s)\n' "$fam.rs" $((full - $(build "$rest"))) "${family[$fam]% }"
    done
  fi
  printf '%-12s %8d\n' total "$full"
} | tee "$report"
