#!/usr/bin/env bash
# shellcheck disable=SC2016 # $(...) in single quotes is make's, not the shell's
# GNU coreutils 9.1's own test suite, run against corebox (see tests/gnu/README.md).
#
#   tests/gnu/run.sh [--gnu] [COREBOX] [TEST...]
#
# COREBOX  the binary under test (default: target/release/corebox).
# --gnu    run the same tests against GNU's own binaries (the baseline); COREBOX
#          then only says which programs are under test (its --list).
# TEST...  only these tests (paths as in GNU's tree, e.g. tests/misc/nl.sh).
#
# Needs a Debian bookworm machine and root. Everything it builds or runs lives
# under target/gnu/ of this repository.
set -euo pipefail

readonly gnu_version=9.1
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd -- "$here/../.." && pwd)
work=$repo/target/gnu
src=$work/src/coreutils-$gnu_version   # GNU's tree, configured and built once
expected=$here/expected.txt

# Knobs (environment).
test_user=${GNU_TEST_USER:-corebox-gnu}     # unprivileged user that runs the tests
test_group2=${GNU_TEST_GROUP2:-corebox-gnu2} # its second group (chgrp/chown tests)
test_timeout=${GNU_TEST_TIMEOUT:-600}       # seconds, per test
test_fsize=${GNU_TEST_FSIZE:-5G}            # largest file a test may write (>4G: tail-2/big-4gb.sh)
build_jobs=${GNU_BUILD_JOBS:-$(nproc)}
check_jobs=${GNU_CHECK_JOBS:-$(nproc)}
expensive=${GNU_RUN_EXPENSIVE_TESTS:-yes}   # RUN_EXPENSIVE_TESTS of GNU's harness
verbose=${GNU_VERBOSE:-no}                  # yes: each test's log has its shell trace (set -x)

say() { printf 'gnu: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 2; }
t_start=$SECONDS
phase_t=$SECONDS
cur_phase=
phase() { # phase NAME: say how long the previous phase took, start the next
  [[ -z $cur_phase ]] || say "$(printf '%-24s' "$cur_phase") $((SECONDS - phase_t)) s"
  cur_phase=$1 phase_t=$SECONDS
}

mode=corebox
bin=
only=()
while (($#)); do
  case $1 in
    --gnu) mode=gnu ;;
    -h | --help) sed -n '3,13s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; exit 0 ;;
    -*) die "unknown option $1" ;;
    tests/*) only+=("$1") ;;
    *) [[ -z $bin ]] || die "one COREBOX binary only"; bin=$1 ;;
  esac
  shift
done
bin=${bin:-$repo/target/release/corebox}
[[ -x $bin ]] || die "no corebox binary at $bin (cargo build --release, or pass its path)"
bin=$(cd -- "$(dirname -- "$bin")" && pwd)/$(basename -- "$bin")
[[ $(id -u) == 0 ]] || die "must run as root (installs packages, adds a test user)"
mkdir -p "$work"

# --- packages -----------------------------------------------------------------
# Building from the release tarball inside Debian's source package needs no
# autotools, texinfo or gettext: configure, Makefile.in and the info manual are
# shipped and newer than their sources, and Debian's patches touch only .c files.
need_pkgs=()
command -v dpkg-source > /dev/null || need_pkgs+=(dpkg-dev)
command -v xz > /dev/null || need_pkgs+=(xz-utils)
command -v cc > /dev/null || need_pkgs+=(gcc libc6-dev)
command -v make > /dev/null || need_pkgs+=(make)
command -v script > /dev/null || need_pkgs+=(bsdutils)
command -v perl > /dev/null || need_pkgs+=(perl)
command -v runuser > /dev/null && command -v prlimit > /dev/null || need_pkgs+=(util-linux)
# Not to build, but to run tests/misc/tty-eof.pl (else it skips): it drives
# cat, head, base64... through a pseudo-terminal.
perl -MExpect -e 1 2> /dev/null || need_pkgs+=(libexpect-perl)
# tail-2/inotify-only-regular.sh and inotify-rotate-resources.sh skip without strace.
command -v strace > /dev/null || need_pkgs+=(strace)
if [[ ! -e $src/.corebox-built || ${#need_pkgs[@]} -gt 0 ]]; then
  phase "apt-get update"
  apt-get update -qq
fi
if ((${#need_pkgs[@]})); then
  phase "apt-get install"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_pkgs[@]}" \
    > "$work/apt-install.log" || die "apt-get install failed, see $work/apt-install.log"
fi

# --- source ------------------------------------------------------------------
if [[ ! -x $src/configure ]]; then
  phase "apt-get source"
  if ! apt-cache showsrc coreutils 2> /dev/null | grep -q "^Version: $gnu_version-"; then
    # No deb-src line: add one of our own for the running release, then update.
    # shellcheck source=/dev/null
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:?}")
    cat > /etc/apt/sources.list.d/corebox-gnu-src.sources << EOF
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $codename
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    apt-get update -qq
  fi
  apt-cache showsrc coreutils 2> /dev/null | grep -q "^Version: $gnu_version-" ||
    die "apt has no coreutils $gnu_version source package (Debian bookworm has it)"
  rm -rf "$work/src"
  mkdir -p "$work/src"
  (cd "$work/src" && apt-get source -qq -o APT::Sandbox::User=root "coreutils" > /dev/null)
  [[ -x $src/configure ]] || die "apt-get source gave no $src"
fi

# --- build (once) ----------------------------------------------------------------
if [[ ! -e $src/.corebox-built ]]; then
  phase "configure"
  # As root GNU's configure refuses to run without FORCE_UNSAFE_CONFIGURE.
  (cd "$src" && FORCE_UNSAFE_CONFIGURE=1 ./configure --quiet --enable-install-program=arch \
    > "$work/configure.log" 2>&1) || die "configure failed, see $work/configure.log"
  phase "make -j$build_jobs"
  make -C "$src" -j"$build_jobs" > "$work/build.log" 2>&1 || die "make failed, see $work/build.log"
  touch "$src/.corebox-built"
fi

# --- which tests ---------------------------------------------------------------
phase "select tests"
vars_mk=$work/print-vars.mk
printf '%s\n' 'print-vars:' \
  '	@echo "$(built_programs)"' \
  '	@echo "$(all_tests)"' > "$vars_mk"
{ read -r built_programs && read -r all_tests; } < <(make -s -C "$src" -f Makefile -f "$vars_mk" print-vars)
[[ -n $all_tests ]] || die "no all_tests in $src/Makefile"

# The programs under test: corebox's applets under GNU's names (GNU installs
# install as ginstall), as far as GNU builds them.
gnu_name() { if [[ $1 == install ]]; then echo ginstall; else echo "$1"; fi; }
declare -A under_test=()
for p in $("$bin" --list); do
  g=$(gnu_name "$p")
  [[ " $built_programs " == *" $g "* ]] && under_test[$g]=1
done
((${#under_test[@]})) || die "$bin --list names no program that GNU builds"

# A test's program: the first word of its print_ver_ line (shell), its $prog or
# $ENV{PROG} (Perl), else "all" when it loops over $built_programs (help-version.sh,
# invalid-opt.pl, ...), which then runs corebox's programs too.
test_program() {
  local f=$src/$1 p=
  case $1 in
    *.sh) p=$(sed -n 's/^[[:space:]]*print_ver_[[:space:]]\{1,\}\([^[:space:]]*\).*/\1/p' "$f" | head -n1) ;;
    *.pl | *.xpl)
      p=$(sed -n -e "s/.*\$prog[[:space:]]*=[[:space:]]*['\"]\([^'\"]*\)['\"].*/\1/p" \
        -e "s/.*\$ENV{PROG}[[:space:]]*=[[:space:]]*['\"]\([^'\"]*\)['\"].*/\1/p" \
        -e 's/.*my[[:space:]]*\$prog[[:space:]]*(qw(\([^[:space:])]*\).*/\1/p' "$f" | head -n1)
      ;;
  esac
  if [[ -z $p ]] && grep -q 'built_programs' "$f"; then p=all; fi
  echo "$p"
}
declare -A prog_of=()
tests=()
for t in $all_tests; do
  p=$(test_program "$t")
  [[ $p == all || (-n $p && -n ${under_test[$p]:-}) ]] || continue
  if ((${#only[@]})) && [[ " ${only[*]} " != *" $t "* ]]; then continue; fi
  prog_of[$t]=$p
  tests+=("$t")
done
for t in "${only[@]}"; do [[ -n ${prog_of[$t]:-} ]] || die "$t is no test of a program under test"; done
((${#tests[@]})) || die "no test selected"
# Tests that need root: GNU's harness skips them for any other user (require_root_).
# They run as root only; every other test as the unprivileged user.
root_tests=() user_tests=() tty_tests=()
for t in "${tests[@]}"; do
  if grep -q '^[[:space:]]*require_root_' "$src/$t"; then root_tests+=("$t")
  elif grep -q '^[[:space:]]*require_controlling_input_terminal_' "$src/$t"; then tty_tests+=("$t")
  else user_tests+=("$t"); fi
done
say "${#tests[@]} tests of ${#under_test[@]} programs (${#root_tests[@]} run as root)"

# --- test user -----------------------------------------------------------------
phase "test user"
getent group "$test_group2" > /dev/null || groupadd "$test_group2"
if ! id -u "$test_user" > /dev/null 2>&1; then
  useradd --create-home --user-group --shell /bin/sh --groups "$test_group2" "$test_user"
fi
id -nG "$test_user" | grep -qw -- "$test_group2" || usermod -a -G "$test_group2" "$test_user"

# --- run tree ------------------------------------------------------------------
# A copy of the built tree owned by the test user, with GNU's programs replaced
# by links to a copy of corebox (or left alone with --gnu).
# A run of only some tests reuses the tree of the last run, keeping its logs.
phase "run tree"
run=$work/run-$mode
# The test user must reach the tree: a clone under a private folder (root's
# home) gets its run tree under /var/tmp instead, linked from target/gnu.
if ! runuser -u "$test_user" -- test -x "$work"; then
  alt=/var/tmp/corebox-gnu-$(printf '%s' "$repo" | md5sum | cut -c1-8)/run-$mode
  mkdir -p "$(dirname "$alt")"
  chmod 755 "$(dirname "$alt")"
  [[ -L $run || ! -e $run ]] || rm -rf "$run"
  ln -sfn "$alt" "$run"
  run=$alt
fi
if ! ((${#only[@]})) || [[ ! -e $run/.corebox-run-tree ]]; then
  rm -rf "$run"
  cp -a "$src" "$run"
  # The Makefile names the build tree by absolute path (PATH=.../src:$PATH for the
  # tests): point it at the copy. Drop "$(TEST_LOGS): $(PROGRAMS)", or make relinks
  # GNU's programs over the links. Keep its time stamp, or make rebuilds everything.
  sed -i -e "s|$src|$run|g" -e '/^\$(TEST_LOGS): \$(PROGRAMS)$/d' "$run/Makefile"
  touch -r "$src/Makefile" "$run/Makefile"
  grep -q "$src" "$run/Makefile" && die "the run tree's Makefile still names $src"
  touch "$run/.corebox-run-tree"
fi
if [[ $mode == corebox ]]; then
  rm -f "$run/src/corebox"
  cp "$bin" "$run/src/corebox" # newer than every object: make does not relink over it
  for g in "${!under_test[@]}"; do ln -sfn corebox "$run/src/$g"; done
  touch -c "$run"/man/*.1 # or make runs help2man over corebox's --help first
fi
chown -R "$test_user:" "$run"
runuser -u "$test_user" -- test -w "$run/tests" ||
  die "user $test_user cannot write $run: make the repository's folders world-searchable"

# tests/misc/tac-continue.sh needs a full file system (FULL_PARTITION_TMPDIR):
# a small tmpfs, filled up, mounted for the run only.
full=$(dirname "$run")/full
cleanup() { if mountpoint -q "$full"; then umount "$full"; fi; }
trap cleanup EXIT
full_env=()
if [[ " ${tests[*]} " == *" tests/misc/tac-continue.sh "* ]]; then
  mkdir -p "$full"
  cleanup
  if mount -t tmpfs -o size=64k,mode=1777 corebox-gnu-full "$full"; then
    dd if=/dev/zero of="$full/fill" bs=4k status=none 2> /dev/null || true
    full_env=(FULL_PARTITION_TMPDIR="$full")
  else
    say "warning: cannot mount a tmpfs: tests/misc/tac-continue.sh will skip"
  fi
fi

# --- run -----------------------------------------------------------------------
# Each test gets a timeout and a file-size limit: a broken program can loop and
# fill the disk. A timeout shows as FAIL, with "timeout: sending signal" in the log.
limit="prlimit --fsize=$(numfmt --from=iec "$test_fsize") --core=0 /usr/bin/timeout --verbose -k 10 $test_timeout"
check() { # check USER TEST...: GNU's harness, in a clean environment
  local u=$1 home
  shift
  home=$(getent passwd "$u" | cut -d: -f6)
  runuser -u "$u" -- env -i HOME="$home" USER="$u" LOGNAME="$u" SHELL=/bin/sh \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    NON_ROOT_USERNAME="$test_user" NON_ROOT_GROUP="$test_group2" "${full_env[@]}" \
    make -C "$run" -j"$check_jobs" check SUBDIRS=. VERBOSE="$verbose" "${version_var[@]}" \
    RUN_EXPENSIVE_TESTS="$expensive" \
    SH_LOG_COMPILER="$limit \$(SHELL)" \
    PL_LOG_COMPILER="$limit \$(TESTSUITE_PERL) \$(TESTSUITE_PERL_OPTIONS)" \
    XPL_LOG_COMPILER="$limit \$(TESTSUITE_PERL) -T \$(TESTSUITE_PERL_OPTIONS)" \
    TESTS="$*" < /dev/null >> "$work/check-$mode.log" 2>&1 || true
}
# Tests that need a terminal on standard input (stty) run with a pseudo-
# terminal from script(1) as their standard streams, as GNU's own do when
# run from a terminal.
check_tty() { # check_tty USER TEST...
  local u=$1 home cmd
  shift
  home=$(getent passwd "$u" | cut -d: -f6)
  cmd=$(printf '%q ' env -i HOME="$home" USER="$u" LOGNAME="$u" SHELL=/bin/sh \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    make -C "$run" check SUBDIRS=. VERBOSE="$verbose" "${version_var[@]}" \
    RUN_EXPENSIVE_TESTS="$expensive" SH_LOG_COMPILER="$limit \$(SHELL)" TESTS="$*")
  runuser -u "$u" -- script -qec "$cmd" /dev/null < /dev/null >> "$work/check-$mode.log" 2>&1 || true
}
# help-version.sh checks that the first built program ('[', corebox's
# since it has test and [) prints $VERSION: corebox's version, not 9.1.
# Tests that run programs as another user through chroot first check that
# user's `rm --version` against $PACKAGE_VERSION (init.cfg's
# nonroot_has_perm_, rm/fail-2eperm.sh): corebox's when rm is corebox's.
version_var=()
if [[ $mode == corebox ]]; then
  cb_version=$("$bin" echo --version | sed -n '1s/.* //p')
  version_var=(VERSION="$cb_version")
  [[ -z ${under_test[rm]:-} ]] || version_var+=(PACKAGE_VERSION="$cb_version")
fi
: > "$work/check-$mode.log"
phase "tests as $test_user"
if ((${#user_tests[@]})); then
  check "$test_user" "${user_tests[@]}"
fi
if ((${#root_tests[@]})); then
  phase "tests as root"
  check root "${root_tests[@]}"
fi
if ((${#tty_tests[@]})); then
  phase "tests on a pseudo-terminal"
  check_tty "$test_user" "${tty_tests[@]}"
fi
if [[ $mode == corebox ]]; then
  for g in "${!under_test[@]}"; do
    [[ $(readlink "$run/src/$g") == corebox ]] || die "make replaced src/$g: results are GNU's"
  done
fi

# --- results -------------------------------------------------------------------
phase "results"
if [[ $mode == gnu ]]; then results=$work/results-gnu.txt; else results=$work/results.txt; fi
declare -A result_of=()
skip_reason() { # the reason a skipped test gives in its log
  local r
  r=$(sed -n 's/.*: skipped test: //p' "$1" | head -n1)
  # Perl tests (CuSkip) print a free-form line: take the last one before the verdict.
  [[ -n $r ]] || r=$(grep -v '^\(SKIP\|PASS\|FAIL\|ERROR\) \|^+\|^$' "$1" | tail -n1)
  echo "${r:-no reason given}"
}
for t in "${tests[@]}"; do
  trs=$run/${t%.*}.trs
  r=$(sed -n 's/^:test-result: //p' "$trs" 2> /dev/null | head -n1)
  r=${r:-ERROR}
  result_of[$t]=$r
  case $r in
    SKIP) echo "SKIP $t # $(skip_reason "$run/${t%.*}.log")" ;;
    ERROR) [[ -e $trs ]] && echo "ERROR $t" || echo "ERROR $t # no result: see $work/check-$mode.log" ;;
    *) echo "$r $t" ;;
  esac
done > "$results.tmp" # not in a pipeline: result_of must survive
if ((${#only[@]})) && [[ -e $results ]]; then
  # Only some tests ran: keep the others' last results.
  awk 'NR == FNR { ran[$1] = 1; next } !($2 in ran)' <(printf '%s\n' "${tests[@]}") "$results" >> "$results.tmp"
fi
sort -k2 "$results.tmp" > "$results"
rm -f "$results.tmp"

# The table: one row per program, the "all" tests last.
declare -A gnu_pass=()
baseline=$work/results-gnu.txt
if [[ $mode == corebox && -e $baseline ]]; then
  while read -r r t _; do [[ $r == PASS ]] && gnu_pass[$t]=1; done < "$baseline"
fi
table() {
  local p t r progs
  progs=$(printf '%s\n' "${prog_of[@]}" | sort -u | grep -vx all || true)
  [[ " ${prog_of[*]} " == *" all "* ]] && progs+=$'\n'all
  local head="%-12s %6s %6s %6s %6s %6s"
  local cols=(program tests PASS FAIL SKIP ERROR)
  if ((${#gnu_pass[@]})); then head+=" %9s"; cols+=("GNU PASS"); fi
  # shellcheck disable=SC2059
  printf "$head\n" "${cols[@]}"
  local tot=(0 0 0 0 0 0)
  for p in $progs; do
    local c=(0 0 0 0 0 0)
    for t in "${tests[@]}"; do
      [[ ${prog_of[$t]} == "$p" ]] || continue
      r=${result_of[$t]}
      c[0]=$((c[0] + 1))
      case $r in PASS) c[1]=$((c[1] + 1)) ;; FAIL) c[2]=$((c[2] + 1)) ;; SKIP) c[3]=$((c[3] + 1)) ;; *) c[4]=$((c[4] + 1)) ;; esac
      [[ -n ${gnu_pass[$t]:-} ]] && c[5]=$((c[5] + 1))
    done
    for i in 0 1 2 3 4 5; do tot[i]=$((tot[i] + c[i])); done
    [[ $p == all ]] && p="(all)"
    if ((${#gnu_pass[@]})); then
      # shellcheck disable=SC2059
      printf "$head\n" "$p" "${c[@]}"
    else
      # shellcheck disable=SC2059
      printf "$head\n" "$p" "${c[@]:0:5}"
    fi
  done
  if ((${#gnu_pass[@]})); then
    # shellcheck disable=SC2059
    printf "$head\n" TOTAL "${tot[@]}"
  else
    # shellcheck disable=SC2059
    printf "$head\n" TOTAL "${tot[@]:0:5}"
  fi
}
echo
echo "GNU coreutils $gnu_version tests, $([[ $mode == gnu ]] && echo "GNU's own programs" || echo "corebox ($bin)")"
table
echo
say "results: ${results#"$repo"/}, logs: ${run#"$repo"/}/tests/**/*.log"

# --- expectations --------------------------------------------------------------
status=0
if [[ $mode == corebox ]]; then
  declare -A want=()
  n=0
  while IFS= read -r line || [[ -n $line ]]; do
    n=$((n + 1))
    [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
    if [[ ! $line =~ ^(PASS|FAIL|SKIP|ERROR)[[:space:]]+([^[:space:]#]+)[[:space:]]*(#[[:space:]]*(.*))?$ ]]; then
      say "expected.txt:$n: not 'RESULT path # reason': $line"; status=1; continue
    fi
    r=${BASH_REMATCH[1]} t=${BASH_REMATCH[2]} why=${BASH_REMATCH[4]}
    if [[ $r != PASS && -z $why ]]; then say "expected.txt:$n: $r $t needs a reason"; status=1; fi
    want[$t]=$r
  done < <(cat "$expected" 2> /dev/null || true)
  for t in "${tests[@]}"; do
    r=${result_of[$t]}
    w=${want[$t]:-}
    if [[ -z $w ]]; then
      say "NEW        $t: $r, not listed in tests/gnu/expected.txt"; status=1
    elif [[ $r != "$w" && $w == PASS ]]; then
      say "REGRESSION $t: $r, expected PASS (log: ${run#"$repo"/}/${t%.*}.log)"; status=1
    elif [[ $r != "$w" && $r == PASS ]]; then
      say "FIXED      $t: PASS, expected $w: update tests/gnu/expected.txt"; status=1
    elif [[ $r != "$w" ]]; then
      say "CHANGED    $t: $r, expected $w (log: ${run#"$repo"/}/${t%.*}.log)"; status=1
    fi
  done
  if ((${#only[@]} == 0)); then
    for t in "${!want[@]}"; do
      [[ -n ${prog_of[$t]:-} ]] || { say "MISSING    $t: listed in expected.txt, not run"; status=1; }
    done
  fi
  ((status == 0)) && say "every result as in tests/gnu/expected.txt"
else
  for t in "${tests[@]}"; do
    case ${result_of[$t]} in PASS | SKIP) ;; *) say "GNU ${result_of[$t]}: $t"; status=1 ;; esac
  done
fi
phase ''
pass=0 fail=0 skip=0
for t in "${tests[@]}"; do
  case ${result_of[$t]} in PASS) pass=$((pass + 1)) ;; SKIP) skip=$((skip + 1)) ;; *) fail=$((fail + 1)) ;; esac
done
say "total $((SECONDS - t_start)) s"
echo "gnu: $pass passed, $fail failed, $skip skipped"
exit "$status"
