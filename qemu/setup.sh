# Sourced by the qemu/ scripts: installs what the build and the tests need,
# idempotently (rust-src and rustup targets; qemu-user-static via apt-get).

# The release rustflags of qemu/build.sh and qemu/sizes.sh, as a --config
# value for triple $1: panics abort at once; --cfg corebox_opt turns on the
# #[optimize] marks; loops are not padded to 16 bytes (-align-loops=1);
# switches compile to compare trees, not jump tables, whose entries are
# 8-byte addresses in a static x86_64 binary (-min-jump-table-entries);
# the linker folds functions with identical code (--icf=all). README
# "Sizes" has what each saves.
release_rustflags() {
  printf 'target.%s.rustflags=["-Zunstable-options", "-Cpanic=immediate-abort", "--cfg", "corebox_opt", "-Cllvm-args=-align-loops=1", "-Cllvm-args=-min-jump-table-entries=1000", "-Clink-arg=--icf=all"]' "$1"
}

ensure_toolchain() {
  rustup component list --installed 2>/dev/null | grep -q '^rust-src' || rustup component add rust-src >&2
  local t std
  for t in "$@"; do
    std=$(sed -n 's/^RUSTUP_STD=//p' "targets/$t.conf")
    if [ "$std" = yes ] && ! rustup target list --installed | grep -qx "$t"; then
      rustup target add "$t" >&2 || echo "warning: rustup target add $t failed; build-std will do" >&2
    fi
  done
}

ensure_qemu() {
  local missing=() t q
  for t in "$@"; do
    q=$(sed -n 's/^QEMU=//p' "targets/$t.conf")
    [ -n "$q" ] && ! command -v "$q" >/dev/null && missing+=("$q")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing qemu-user-static (missing: ${missing[*]})" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2 || true
    apt-get install -y -qq qemu-user-static >&2
  fi
}

# Tools some tests use when present: mkfs.btrfs (cp --reflink on a
# loop-mounted btrfs). Best effort: without them those tests skip.
ensure_test_tools() {
  if ! command -v mkfs.btrfs >/dev/null && command -v apt-get >/dev/null; then
    echo "== installing btrfs-progs (cp --reflink test)" >&2
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends btrfs-progs; } >&2 || true
  fi
  if ! { command -v strace && command -v setfacl; } >/dev/null && command -v apt-get >/dev/null; then
    echo "== installing strace and acl (ls's attribute-query count; GNU's ACL tests)" >&2
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends strace acl; } >&2 || true
  fi
}
