#!/bin/sh
# The smoke test run as init inside a corebox image (qemu/boot.sh): one
# check or more per applet, each run by its full path so that every
# coreutils command resolves to corebox, never to the shell's builtins.
# Prints one result line: COREBOX-SMOKE pass=N fail=N untested=LIST.
# Also runs on a host against an image directory: ROOT=dir sh qemu/smoke.sh
ROOT=${ROOT:-}
T=${SMOKE_TMP:-/tmp}
pass=0
fail=0
tested=' '
in=''

where() { # the path of applet $1 in the image, or nothing
  for d in /bin /usr/bin /usr/sbin; do
    if [ -e "$ROOT$d/$1" ] || [ -L "$ROOT$d/$1" ]; then
      echo "$ROOT$d/$1"
      return
    fi
  done
}

# t APPLET PATTERN ARGS...: runs the applet with $in on stdin; its output,
# then '#' and the exit status, must match the glob PATTERN (\n escapes).
t() {
  name=$1
  want=$(printf '%b' "$2")
  shift 2
  path=$(where "$name")
  tested="$tested$name "
  if [ -z "$path" ]; then
    return
  fi
  got=$(printf '%b' "$in" | "$path" "$@" 2>&1; echo "#$?")
  in=''
  case "$got" in
  $want) pass=$((pass + 1)) ;;
  *)
    fail=$((fail + 1))
    echo "FAIL: $name $*"
    echo "  got:  $got"
    echo "  want: $want"
    ;;
  esac
}

t true '#0'
t false '#1'
t echo 'hello scratch\n#0' hello scratch
t echo 'a\tb#0' -ne 'a\tb'
t yes 'yes (corebox) *#0' --version
in='1\n2\n3\n'; t cat '1\n2\n3\n#0'
in='x\n'; t cat '     1\tx\n#0' -n
t basename 'b\n#0' /a/b.c .c
t dirname '/a\n#0' /a/b
t pwd '/*#0'
t printenv '*/bin*#0' PATH
t sleep '#0' 0.01
in='x\n'; t tee 'x\n#0' "$T/f"
t cat 'x\n#0' "$T/f"
t link '#0' "$T/f" "$T/g"
t unlink '#0' "$T/g"
t sync '#0'
t nproc '[1-9]*#0'
t uname 'Linux\n#0' -s
t arch '?*\n#0'
t tty 'not a tty\n#1'
t whoami '*#[01]'
t logname '*#[01]'
t hostid '[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]\n#0'
in='1\n2\n3\n'; t head '1\n2\n#0' -n 2
in='1\n2\n3\n'; t head '1\n#0' -n -2
in='a b\nc\n'; t wc '      2       3       6\n#0'
in='1\n2\n3\n'; t tail '3\n#0' -n 1
in='1\n2\n3\n'; t tail '2\n3\n#0' -n +2
in='1\n2\n'; t tac '2\n1\n#0'
in='b c\na b\n'; t tsort 'a\nb\nc\n#0'
in='b 2\na 10\nc 1\n'; t sort 'c 1\nb 2\na 10\n#0' -k2n
in='bbbbbbbbbbbbbbbbbbbbbbbbbx\na\nbbbbbbbbbbbbbbbbbbbbbbbbbx\nb\n'; t sort 'a\nb\nbbbbbbbbbbbbbbbbbbbbbbbbbx\n#0' -u
in='DIR 01;34\nLINK 36\n'; t dircolors "LS_COLORS='di=01;34:ln=36:';\nexport LS_COLORS\n#0" -b -
t shuf '7\n#0' -i 7-7
in='a b\nc\n'; t fmt 'a b c\n#0'
in='12 +7\n18446744073709551617\n'; t factor '12: 2 2 3\n7: 7\n18446744073709551617: 274177 67280421310721\n#0'
t factor '340282366920938463463374607431768211458: 2 3 56713727820156410577229101238628035243\n#0' 340282366920938463463374607431768211458
in='foo bar\n'; t ptx '     /   bar\n        foo/\n#0' -w10
in='foo\n'; t ptx '.xx "" "" "foo" ""\n#0' -G
in='1\n2\n3\n'; t csplit '2\n4\n#0' -f "$T/cs" - 2
in='x\n'; t shuf 'x\n#0'
in='ab\n'; t od '0000000 061141 000012\n0000003\n#0'
in='ab'; t od ' 61 62\n#0' -An -tx1
in='1\n2\n3\n'; t split '#0' -l 2 - "$T/sp"
t cat '3\n#0' "$T/spab"
in='1\n2\n3\n4\n'; t split '2\n#0' -n r/2/3
t numfmt '2.0K\n#0' --to=si 2000
in='1048576\n'; t numfmt '1.0Mi\n#0' --to=iec-i
in='1\n2\n3\n4\n5\n'; t pr '1 3 5\n2 4\n#0' -t -3 -w 6 -s' '
in='a\n\nb\n'; t nl '     1\ta\n       \n     2\tb\n#0'
in='a\tb\n'; t expand 'a       b\n#0'
in='        a\n'; t unexpand '\ta\n#0'
in='a:b:c\n'; t cut 'b\n#0' -d: -f2
in='abcdef\n'; t cut 'ace\n#0' -c1,3,5
in='1\n2\n'; t paste '1,2\n#0' -s -d,
in='abcdef\n'; t fold 'abc\ndef\n#0' -w 3
in='1 a\n2 b\n'; t tee '*#0' "$T/j1"
in='1 x\n3 y\n'; t tee '*#0' "$T/j2"
t join '1 a x\n#0' "$T/j1" "$T/j2"
t comm '1 a\n\t1 x\n2 b\n\t3 y\n#0' "$T/j1" "$T/j2"
in='a\na\nb\n'; t uniq '      2 a\n      1 b\n#0' -c
in='hello\n'; t tr 'HELLO\n#0' a-z A-Z
in='a-b-c\n'; t tr 'abc\n#0' -d -
t seq '1\n2\n3\n#0' 3
t seq '0.5\n1.0\n1.5\n#0' 0.5 0.5 1.5
in='abc'; t md5sum '900150983cd24fb0d6963f7d28e17f72  -\n#0'
in='abc'; t sha1sum 'a9993e364706816aba3e25717850c26c9cd0d89d  -\n#0'
in='abc'; t sha224sum '23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7  -\n#0'
in='abc'; t sha256sum 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  -\n#0'
in='abc'; t sha384sum 'cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7  -\n#0'
in='abc'; t sha512sum 'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f  -\n#0'
in='abc'; t b2sum 'bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319  -\n#0' -l 256
in='abc'; t cksum '1219131554 3\n#0'
in='abc'; t sum '16556     1\n#0'
in='ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  '"$T/f"'\n'; t sha256sum '*FAILED*#1' -c
in='abc'; t base64 'YWJj\n#0'
in='YWJj\n'; t base64 'abc#0' -d
in='abcd'; t base32 'MFRGGZA=\n#0'
in='abcd'; t basenc 'vpA.S\n#0' --z85
in='616263'; t basenc 'abc#0' --base16 -d
t cat '*No such file or directory\n#1' /nonexistent
t chmod "mode of '$T/f' * 0640 (rw-r-----)\n#0" -v 640 "$T/f"
t chown "changed ownership of '$T/f' from * to 1:2\n#0" -v 1:2 "$T/f"
t chgrp "changed group of '$T/f' from * to 3\n#0" -v 3 "$T/f"
t chcon "*chcon: missing operand after *a:b:c*\nTry '*chcon --help' for more information.\n#1" a:b:c
t chcon "changing security context of '$T/f'\n*#[01]" -v a:b:c "$T/f"
t runcon "*runcon may be used only on a SELinux kernel\n#1" a:b:c true
t test "#0" -d /
t [ "#1" a = b ]
t printf 'a-1\nb-42\n#0' '%s-%d\n' a 1 b "'*"
t env 'A=1\n#0' -i A=1
t kill 'HUP\n#0' -l 129
t nice '#3' -n 5 sh -c 'exit 3'
t nohup 'x\n#0' echo x
t timeout '#124' 0.1 sleep 5
t id '0\n#0' -u
t groups '*0*#[01]'
t hostname '?*\n#0'
t pathchk '*nonportable*#1' -p 'a b'
t chroot '/\n#0' / pwd
t expr '6\n#0' 2 '*' 3
t stdbuf '0\n#0' -o0 printenv _STDBUF_O
t stty '*Inappropriate ioctl for device\n#1'
t chmod "*chmod: invalid mode: *x*\nTry '*chmod --help' for more information.\n#1" x "$T/f"
t mkdir "*mkdir: created directory '$T/m'\n*mkdir: created directory '$T/m/a'\n#0" -pv "$T/m/a"
t rmdir '#0' --ignore-fail-on-non-empty -p "$T/m/a"
t mkfifo '#0' "$T/fifo"
t mknod '#0' -m 600 "$T/null" c 1 3
t ln "'$T/lnk' -> 'f'\n#0" -sv f "$T/lnk"
t ln "'$T/hard' => '$T/f'\n#0" -v "$T/f" "$T/hard"
[ -L "$T/lnk" ] || busybox ln -s f "$T/lnk" 2>/dev/null || ln -s f "$T/lnk"
t readlink 'f\n#0' "$T/lnk"
t realpath "$T/f\n#0" "$T/lnk"
t mktemp "$T/tmp.??????????\n#0" -p "$T"
t rm "removed '$T/hard'\n#0" -v "$T/hard"
t mkdir '#0' -p "$T/r/a/b"
t rm "*rm: cannot remove '$T/r': Is a directory\n#1" "$T/r"
t cp "'$T/f' -> '$T/r/a/f'\n#0" -v "$T/f" "$T/r/a"
t cp '#0' -a "$T/r" "$T/r2"
t cat 'x\n#0' "$T/r2/a/f"
t cp "*cp: cannot copy a directory, '$T/r', into itself, '$T/r/a/r'\n#1" -r "$T/r" "$T/r/a"
t mv "renamed '$T/r2' -> '$T/r3'\n#0" -v "$T/r2" "$T/r3"
t mv "*mv: cannot move '$T/r' to a subdirectory of itself, '$T/r/a/r'\n#1" "$T/r" "$T/r/a"
t cat 'x\n#0' "$T/r3/a/f"
t rm '#0' -r "$T/r" "$T/r3"
t install "*install: creating directory '$T/i'\n*install: creating directory '$T/i/b'\n'$T/f' -> '$T/i/b/f'\n#0" -Dv "$T/f" "$T/i/b/f"
t test '#0' -x "$T/i/b/f"
t install '#0' -C -m 644 "$T/f" "$T/i/b/f"
t test '#1' -x "$T/i/b/f"
t rm '#0' -r "$T/i"
t shred "*shred: $T/f: pass 1/1 (random)...\n*shred: $T/f: removing\n*shred: $T/f: renamed to $T/0\n*shred: $T/f: removed\n#0" -n1 -v --remove=wipe "$T/f"
in='x\n'; t tee 'x\n#0' "$T/f"

# Logins: no utmp in the image (as in a container), so no one.
t users '#0'
t who '#0' -a
t pinky 'Login    Name                 TTY      Idle   When *Where\n#0'
if [ -r /proc/uptime ]; then
  t uptime ' ??:??:??  up *,  0 users,  load average: *#0'
else
  # No /proc and no utmp (the boot images): GNU's error.
  t uptime "*uptime: couldn't get boot time: No such file or directory\n#1"
fi
t touch '#0' -d '2001-02-03 04:05:06 UTC' "$T/f"
t date '981173106\n#0' -r "$T/f" +%s

# Past 32 bits (what bites on i686 and armv7): a file over 4 GiB (sparse:
# 5 GiB and one byte) read by offset and size, and times after 2038. Each
# program does its part once it is in the build; the file is made by
# busybox's truncate until corebox has one.
big=$T/big
if [ -n "$(where truncate)" ]; then
  t truncate '#0' -s 5G "$big"
else
  busybox truncate -s 5G "$big" 2>/dev/null || truncate -s 5G "$big"
fi
printf x >>"$big"
t wc "5368709121 $big\n#0" -c "$big"
t tail 'x#0' -c 1 "$big"
t tail 'x#0' -c +5368709121 "$big"
t head '#0' -c 0 "$big"
t cp '#0' "$big" "$big.copy"
t tail 'x#0' -c 1 "$big.copy"
t dd "x*records in*#0" if="$big" bs=1 skip=5368709120 status=noxfer
in='abc\n'; t dd "ABC\n*1+0 records in\n1+0 records out\n4 bytes copied, *#0" conv=ucase bs=4
t wc "5368709121 $big.copy\n#0" -c "$big.copy"
t du "5368709121\t$big\n#0" -b "$big"
t du "5.1G\t$big\n#0" -h --apparent-size "$big"
: >"$big"
: >"$big.copy"
t date 'Fri Jan  1 00:00:00 UTC 2100\n#0' -u -d @4102444800
t date '1719792000\n#0' -d '2024-07-01 02:00 CEST' +%s
t date '2024-02-29T07:30:00+00:00\n#0' -d 'TZ="UTC0" 2024-02-29 07:30' -Iseconds -u
t date '2038-01-19 03:14:08\n#0' -u -d '2038-01-19 03:14:07 UTC + 1 second' '+%F %T'
t stat '/ directory\n#0' -c '%n %F' /
mkdir -p "$T/du/a/b"; : >"$T/du/a/f"
t du "1\t$T/du/a/b\n3\t$T/du/a\n4\t$T/du\n#0" --inodes "$T/du"
t du "*du: cannot access '$T/nonexistent': No such file or directory\n#1" "$T/nonexistent"
t rm '#0' -r "$T/du"
mkdir -p "$T/ls/d"; : >"$T/ls/a"; : >"$T/ls/b c"; ln -s a "$T/ls/l"
t ls 'a\nb c\nd\nl\n#0' "$T/ls"
t ls 'a  b c\td  l\n#0' -C -w 40 "$T/ls"
t ls 'a\nb c\nd/\nl@\n#0' -F "$T/ls"
t ls 'a, b c, d, l\n#0' -m "$T/ls"
t ls "lrwxrwxrwx 1 * X $T/ls/l -> a\n#0" -go --time-style=+X "$T/ls/l"
t ls "*ls: cannot access '$T/ls/nope': No such file or directory\n#2" "$T/ls/nope"
t dir 'a  b? c  d  l\n#0' "$T/ls"
t vdir "drwxr-xr-x 2 * X $T/ls/d\n#0" -d --time-style=+X "$T/ls/d"
t rm '#0' -r "$T/ls"
t df '*Filesystem*1K-blocks*Used*Available*Use%*Mounted on\n* /\n#0' /
t df '*Size*Used*Avail*Use%*Mounted on\n* /\n#0' -h /
t df '*Mounted on\n/\n#0' --output=target /
t df "*df: invalid -B argument '0'\n#1" -B0 /
t stat "'/'\n#0" -c %N /
if [ -n "$(where touch)" ]; then
  t touch '#0' -d @4102444800 "$T/y2100"
  t stat '4102444800\n#0' -c %Y "$T/y2100"
  t stat '2100-01-01 00:00:00.000000000 +0000\n#0' -c %y "$T/y2100"
  t test '#0' "$T/y2100" -nt "$T/f"
fi

# Every applet of this build must have been checked above.
untested=''
for a in $("$(where corebox 2>/dev/null || echo /bin/corebox)" --list 2>/dev/null || "$ROOT/bin/corebox" --list); do
  case "$tested" in
  *" $a "*) ;;
  *) untested="$untested$a," ;;
  esac
done
if [ -n "$untested" ]; then
  fail=$((fail + 1))
fi
echo "COREBOX-SMOKE pass=$pass fail=$fail untested=${untested:-none}"
