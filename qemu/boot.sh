#!/usr/bin/env bash
# Boots corebox for real: builds an initramfs whose userland is corebox (plus
# Debian's static busybox, used only as the shell that runs the test and for
# poweroff), boots it on a Debian kernel under qemu-system with software
# emulation, and checks the console for the smoke test's result line
# (qemu/smoke.sh, run as init). Arguments: arches (default: x86_64 aarch64
# riscv64 armv7 i686). Everything downloaded is cached under target/boot/.
#
#   qemu/boot.sh                 # all five
#   qemu/boot.sh aarch64         # one
#   BOOT_TIMEOUT=600 qemu/boot.sh
#
# Kernels and busybox come from Debian's archive with apt-get download,
# through a private apt configuration per architecture (nothing is added to
# the host's dpkg): bookworm for amd64, arm64, armhf (the armmp kernel on
# qemu's virt machine, Cortex-A15) and i386 (the 686 kernel on qemu's pc
# machine); trixie for riscv64, the first Debian release with riscv64 as an
# official architecture.
set -euo pipefail
cd "$(dirname "$0")/.."
source qemu/setup.sh

CACHE=$PWD/target/boot
TIMEOUT=${BOOT_TIMEOUT:-300}
arches=("$@")
[ ${#arches[@]} -gt 0 ] || arches=(x86_64 aarch64 riscv64 armv7 i686)

need() { # command package
  command -v "$1" >/dev/null && return
  echo "== installing $2" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2 || true
  apt-get install -y -qq --no-install-recommends "$2" >&2
}

# apt-get/apt-cache for Debian architecture $1, suite $2, in a private state dir.
apt_for() {
  local arch=$1 suite=$2 dir=$CACHE/apt-$1
  mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
  echo "deb [arch=$arch signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $suite main" > "$dir/sources.list"
  APT_OPTS=(-o "Dir::Etc::SourceList=$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir/cache" -o "APT::Architecture=$arch"
    -o "APT::Architectures=$arch" -o Dir::State::Status=/dev/null -o APT::Sandbox::User=root)
  if [ ! -e "$dir/updated" ]; then
    apt-get "${APT_OPTS[@]}" update -qq >&2
    touch "$dir/updated"
  fi
}

# Downloads and unpacks package $2 (for Debian arch $1) into $CACHE/$1/root.
fetch() {
  local arch=$1 pkg=$2 dir=$CACHE/$1
  mkdir -p "$dir/debs" "$dir/root"
  if ! ls "$dir/debs/${pkg}"_*.deb >/dev/null 2>&1; then
    (cd "$dir/debs" && apt-get "${APT_OPTS[@]}" download "$pkg" >&2)
  fi
  dpkg-deb -x "$(ls "$dir"/debs/"${pkg}"_*.deb | head -1)" "$dir/root"
}

boot_one() {
  local arch=$1 triple debarch suite console qemu kmeta=
  case $arch in
  x86_64)
    triple=x86_64-unknown-linux-musl debarch=amd64 suite=bookworm console=ttyS0
    qemu=(qemu-system-x86_64 -m 512)
    ;;
  aarch64)
    triple=aarch64-unknown-linux-musl debarch=arm64 suite=bookworm console=ttyAMA0
    qemu=(qemu-system-aarch64 -M virt -cpu cortex-a57 -m 512)
    ;;
  riscv64)
    triple=riscv64gc-unknown-linux-musl debarch=riscv64 suite=trixie console=ttyS0
    qemu=(qemu-system-riscv64 -M virt -m 512)
    ;;
  armv7)
    # Debian's multiplatform kernel; qemu's virt machine passes its own
    # device tree, so no .dtb is needed.
    triple=armv7-unknown-linux-musleabihf debarch=armhf suite=bookworm console=ttyAMA0 kmeta=linux-image-armmp
    qemu=(qemu-system-arm -M virt -cpu cortex-a15 -m 512)
    ;;
  i686)
    triple=i686-unknown-linux-musl debarch=i386 suite=bookworm console=ttyS0 kmeta=linux-image-686
    qemu=(qemu-system-i386 -m 512)
    ;;
  *)
    echo "unknown arch $arch (x86_64, aarch64, riscv64, armv7, i686)" >&2
    return 1
    ;;
  esac
  local qpkg
  case $arch in
  x86_64 | i686) qpkg=qemu-system-x86 ;;
  aarch64 | armv7) qpkg=qemu-system-arm ;;
  *) qpkg=qemu-system-misc ;;
  esac
  need "${qemu[0]}" "$qpkg"

  echo "== $arch: kernel and busybox from Debian $suite ($debarch)" >&2
  apt_for "$debarch" "$suite"
  local kpkg
  kpkg=$(apt-cache "${APT_OPTS[@]}" depends "${kmeta:-linux-image-$debarch}" | sed -n 's/^ *Depends: \(linux-image-[^ ]*\).*/\1/p' | head -1)
  [ -n "$kpkg" ] || { echo "no kernel package for $debarch" >&2; return 1; }
  fetch "$debarch" "$kpkg"
  fetch "$debarch" busybox-static
  local kernel
  kernel=$(ls "$CACHE/$debarch"/root/boot/vmlinu* | head -1)

  echo "== $arch: corebox ($triple)" >&2
  qemu/build.sh "$triple" >/dev/null
  local runner
  runner=$(sed -n 's/^QEMU=//p' "targets/$triple.conf")
  [ -z "$runner" ] || ensure_qemu "$triple"

  # The image: corebox and its links (installed by the target binary itself,
  # in FHS layout), busybox as /sbin/busybox for sh and poweroff only.
  local img=$CACHE/$arch-image
  rm -rf "$img"
  mkdir -p "$img"/{bin,sbin,dev,proc,tmp,etc}
  cp "target/$triple/release/corebox" "$img/bin/corebox"
  $runner "$img/bin/corebox" --install -s --fhs "$img" >&2
  local busybox
  busybox=$(find "$CACHE/$debarch/root" -path "*/bin/busybox" -type f | head -1)
  [ -n "$busybox" ] || { echo "no busybox in busybox-static ($debarch)" >&2; return 1; }
  cp "$busybox" "$img/sbin/busybox"
  ln -s ../sbin/busybox "$img/bin/sh"
  ln -s busybox "$img/sbin/poweroff"
  mknod -m 600 "$img/dev/console" c 5 1 2>/dev/null || true
  cp qemu/smoke.sh "$img/smoke.sh"
  cat > "$img/init" <<'EOF'
#!/bin/sh
export PATH=/bin:/usr/bin:/usr/sbin:/sbin
cd /
echo "corebox init: smoke test"
sh /smoke.sh
poweroff -f
EOF
  chmod 755 "$img/init"
  local initrd=$CACHE/initramfs-$arch.cpio.gz
  (cd "$img" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet | gzip -9) > "$initrd"

  echo "== $arch: booting (${qemu[*]}, TCG)" >&2
  local log=$CACHE/boot-$arch.log start end
  start=$(date +%s.%N)
  timeout "$TIMEOUT" "${qemu[@]}" -nographic -no-reboot -kernel "$kernel" -initrd "$initrd" \
    -append "console=$console panic=-1 quiet rdinit=/init" </dev/null >"$log" 2>&1 || true
  end=$(date +%s.%N)
  local result
  result=$(tr -d '\r' <"$log" | grep -a '^COREBOX-SMOKE ' | tail -1 || true)
  tr -d '\r' <"$log" | grep -a -A2 '^FAIL' >&2 || true
  local secs
  secs=$(python3 -c "print(f'{$end - $start:.1f}')")
  printf '%-8s kernel %-36s initramfs %8s bytes  boot+test %6s s  %s\n' "$arch" "$(basename "$kernel")" \
    "$(stat -c %s "$initrd")" "$secs" "${result:-NO RESULT LINE (see $log)}"
  [[ "$result" == *" fail=0 "* ]]
}

need cpio cpio
status=0
for a in "${arches[@]}"; do
  boot_one "$a" || status=1
done
exit $status
