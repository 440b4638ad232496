#!/usr/bin/env bash
# House rules checked mechanically (run by qemu/test.sh, so by CI):
# formatting of every Rust file (the applets too: `cargo fmt` does not see
# them, they are #[path] modules of generated code), clippy with warnings
# as errors on the host, and greps for what issue 11 ruled out.
set -euo pipefail
cd "$(dirname "$0")/.."

for c in rustfmt clippy; do
  rustup component list --installed 2>/dev/null | grep -q "^$c" || rustup component add "$c" >&2
done

echo "== rustfmt --check (every .rs file)"
mapfile -t files < <(git ls-files '*.rs' 2>/dev/null || find . -name '*.rs' -not -path './target/*')
rustfmt --edition 2021 --check "${files[@]}"

echo "== cargo clippy -D warnings"
cargo clippy --workspace --all-targets --quiet -- -D warnings

echo "== house rules"
bad=0
rule() { # rule DESCRIPTION PCRE-over-whole-file PATHS...
  local what=$1 re=$2; shift 2
  local hits
  hits=$(grep -rlPz --include='*.rs' "$re" "$@" 2>/dev/null || true)
  if [ -n "$hits" ]; then
    echo "house rule broken: $what in: $hits" >&2
    bad=1
  fi
}
# A program's family member is told by its entry function, never by name.
rule "a program told apart by its name (spec.name ==)" 'spec\.name\s*==' applets sys/src
# Option keys are the generated opt:: constants, never looked up by name.
rule "an option key looked up by its long name" '\.long\s*==|long_key\(' applets sys/src
# A fatal error is shared::diag::die, not error() then exit(1).
rule "error() then exit(1) (use shared::diag::die)" 'error\([^;]*\);\s*(sys::)?rt::exit\(1\)' \
  $(find applets -name '*.rs' ! -path applets/shared/diag.rs)
# sys is the kernel layer: no option parsing or program messages there.
rule "option parsing in sys" 'opt::Parser|fn main\(' sys/src
[ "$bad" = 0 ] || exit 1
echo "lint ok"
