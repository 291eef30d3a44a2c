#!/bin/sh
# tests/input-bad/run.sh - bad input: every case must fail cleanly.
#
# Environment: GPROF (our gprof, absolute path), BUILD (build dir,
# absolute; inputs go to $BUILD/input-bad), optionally REF (another gprof,
# e.g. /usr/bin/gprof: its behaviour is printed as "  ref NAME: ..."
# notes, for tests/input-bad/README.md) and CC.
#
# A case passes when gprof, run in a fresh empty directory under
# `timeout 10`:
#   - exits with status 1 (not 0, not a signal, not a timeout),
#   - prints exactly one non-empty line on stderr, starting "gprof: "
#     (so no sanitizer report either),
#   - leaves the directory as it found it (no gmon.sum, no temp file).
# Some cases also want a given text in that line (check_says).  A few
# inputs are not bad at all but once crashed or hung us, or call for a
# warning: check_ok cases must exit 0 with the stderr lines they list.
# Prints "PASS name" or "FAIL name: why"; other lines are notes.  Exits
# 0 unless the harness itself cannot run.
REF=${REF:-}
CC=${CC:-cc}
MKGMON=$BUILD/mkgmon
. "$(dirname "$0")/../lib.sh"
t_suite input-bad
in=$out/in

mkdir -p "$in" "$out/run" || exit 1
if [ ! -x "$MKGMON" ]; then
	fail "input-bad/setup" "$MKGMON missing (make builds it)"
	exit 0
fi

# ---- inputs -------------------------------------------------------------

cat >"$in/prog.c" <<'C'
static int twice(int x) { return 2 * x; }
int work(int n) { int s = 0; for (int i = 0; i < n; i++) s += twice(i); return s; }
int main(void) { volatile int s = 0; for (int k = 0; k < 2000; k++) s += work(300); return s == 1; }
C
if ! $CC -pg -O0 -o "$in/prog" "$in/prog.c" 2>"$out/cc.err"; then
	fail "input-bad/setup" "cannot build a -pg program: $(head -n1 "$out/cc.err")"
	exit 0
fi
(cd "$in" && ./prog) || true
if [ ! -s "$in/gmon.out" ]; then
	fail "input-bad/setup" "the -pg program wrote no gmon.out"
	exit 0
fi
EXE=$in/prog
GOOD=$in/gmon.out
printf 'int data = 1;\nconst char text[] = "x";\n' >"$in/data.c"
$CC -c -o "$in/data.o" "$in/data.c"

strip -o "$in/stripped" "$EXE"
# .symtab turned into a PROGBITS section: the file has no symbol table
# left but keeps every section (ELF64 section headers are 64 bytes, the
# type is at byte 4).
cp "$EXE" "$in/nosymtab"
shoff=$(readelf -h "$EXE" | sed -n 's/.*Start of section headers: *\([0-9]*\).*/\1/p')
idx=$(readelf -S -W "$EXE" | sed -n 's/^ *\[ *\([0-9]*\)\] \.symtab .*/\1/p')
printf '\001\000\000\000' | dd of="$in/nosymtab" bs=1 seek=$((shoff + idx * 64 + 4)) \
	conv=notrunc 2>/dev/null
printf 'void _start(void) { for (;;) ; }\n' >"$in/bare.c"
$CC -nostdlib -static -o "$in/bare" "$in/bare.c" 2>/dev/null &&
	strip "$in/bare"
: >"$in/empty"
printf 'this is not an executable\n' >"$in/text"
head -c 100 "$EXE" >"$in/elf-trunc-100"
head -c 64 "$EXE" >"$in/elf-header-only"
head -c 2000 "$EXE" >"$in/elf-trunc-2000"
{ head -c 16 "$EXE"; head -c 4000 /dev/zero | tr '\0' '\377'; } >"$in/elf-garbage"
mkdir -p "$in/dir"
ln -sf loop "$in/loop"
ln -sf loop2 "$in/loop2" 2>/dev/null
ln -sf "$in/loop2" "$in/loop" 2>/dev/null
ln -sf "$in/loop" "$in/loop2" 2>/dev/null

# mkg NAME LINE...: a profile written by mkgmon from the spec lines.
mkg() {
	name=$1
	shift
	printf '%s\n' "$@" | "$MKGMON" -o "$in/$name" - 2>"$out/mkgmon.err" ||
		echo "note: mkgmon failed for $name: $(head -n1 "$out/mkgmon.err")"
}
H='hist 0x1000 0x1400 16 100 seconds s'
mkg hist-only "$H" 'bin 1 5'
mkg arcs-only 'arc 0x1010 0x1100 3'
mkg rate-1000 'hist 0x1000 0x1400 16 1000 seconds s' 'bin 1 5'
mkg overlap-a 'hist 0x1000 0x1400 16' 'bin 1 5'
mkg overlap-b 'hist 0x1200 0x1600 16' 'bin 1 5'
mkg overlap-one 'hist 0x1000 0x1400 16' 'hist 0x1200 0x1600 16'
mkg nbins-differ 'hist 0x1000 0x1400 32' 'bin 1 5'
mkg width-differ 'hist 0x2000 0x2100 16' 'bin 1 5'
mkg unit-differ 'hist 0x1000 0x1400 16 100 bytes b' 'bin 1 5'
mkg bsd-good 'format bsd' 'hist 0x1000 0x1400 16' 'bin 1 5' 'arc 0x1010 0x1100 3'
mkg bad-magic 'format none' 'raw 786d6f6e 01000000 000000000000000000000000'
mkg version-2 'version 2' "$H"
mkg version-huge 'version 0xffffffff' "$H"
mkg bad-tag "$H" 'raw 07'
mkg tag-ff 'raw ff 00 00 00'
mkg trunc-hist-hdr "$H" 'truncate 30'
mkg more-bins-than-bytes 'hist 0x1000 0x1400 100' 'truncate -100'
# tag 0, lowpc, highpc, nbins, rate, dimen, abbrev (word 8, little endian)
hdr='raw 00 0010000000000000 0014000000000000'
mkg nbins-huge "$hdr" 'raw ffffffff 64000000 7365636f6e6473000000000000000073' 'raw 0100 0200'
mkg zero-bins "$hdr" 'raw 00000000 64000000 7365636f6e6473000000000000000073'
mkg high-lt-low 'raw 00 0014000000000000 0010000000000000' 'raw 04000000 64000000 7365636f6e6473000000000000000073' 'raw 0100 0100 0100 0100'
mkg high-eq-low 'raw 00 0014000000000000 0014000000000000' 'raw 01000000 64000000 7365636f6e6473000000000000000073' 'raw 0100'
mkg trunc-arc "$H" 'arc 0x1010 0x1100 3' 'truncate -3'
mkg trunc-arc-tag "$H" 'raw 01 10 10'
mkg tag-only-bad 'raw 07'
mkg arc-only-trunc 'arc 0x1010 0x1100 3' 'truncate -3'
mkg trunc-bb "$H" 'bb 0x1000 1' 'bb 0x1010 2' 'truncate -5'
mkg trunc-bb-count "$H" 'raw 02 01 00'
mkg bb-count-huge "$H" 'raw 02 ffffff7f 0010000000000000 0100000000000000'
mkg bsd-ncnt-small 'format bsd' 'ncnt 4' 'hist 0x1000 0x1400 16' 'bin 1 5'
mkg bsd-ncnt-large 'format bsd' 'ncnt 0x7fffffff' 'hist 0x1000 0x1400 16' 'bin 1 5'
mkg bsd-short 'format none' 'raw 00 10 00 00 00 00 00'
mkg bsd-trunc-arc 'format bsd' 'hist 0x1000 0x1400 16' 'bin 1 5' 'arc 0x1010 0x1100 3' 'truncate -4'
mkg bsd44-trunc 'format bsd44' 'hist 0x1000 0x1400 16' 'truncate 28'
printf 'gmo' >"$in/three-bytes"
# A FIFO that nobody writes: opening it for reading would wait forever.
mkfifo "$in/fifo"
# 64 GB of zeros that take no room (a sparse file).
truncate -s 64G "$in/huge" 2>/dev/null || rm -f "$in/huge"
# The same program built the other way (PIE or not): its real profile
# is one "written by another build" of $EXE.
if readelf -h "$EXE" | grep -q 'Type: *DYN'; then
	other_flags=-no-pie
else
	other_flags='-fPIE -pie'
fi
mkdir -p "$in/other"
# shellcheck disable=SC2086
$CC -pg -O0 $other_flags -o "$in/other/prog" "$in/prog.c" 2>/dev/null &&
	(cd "$in/other" && ./prog) || true
# Arcs inside and outside $EXE's code (addresses from nm): from main to
# work (fine), from outside the image (wrong), to outside the image
# (fine: a -pg shared library), to data in the image (wrong).
addr() { nm "$EXE" | awk -v n="$1" '$3 == n { print "0x" $1 }'; }
main_at=$(addr main)
work_at=$(addr work)
mkg stray-arcs "arc $((main_at + 8)) $((work_at + 8)) 5" \
	"arc 0x7fff0000 $((work_at + 8)) 3" "arc $((main_at + 8)) 0x7fff0100 2" \
	"arc $((main_at + 8)) $(addr __dso_handle) 1"
# A program calling into a -pg shared library that calls it back, a
# qsort comparator and a thread start routine, profiled by glibc: its
# arcs into the library end outside the executable, which is no sign
# of another build (issue 18).
mkdir -p "$in/cb"
cat >"$in/cb/lib.c" <<'C'
static int helper(int x) { return 3 * x + 1; }
int lib_walk(int (*cb)(int), int n) { int s = 0; for (int i = 0; i < n; i++) s += cb(helper(i)); return s; }
C
cat >"$in/cb/prog.c" <<'C'
#include <pthread.h>
#include <stdlib.h>
int lib_walk(int (*cb)(int), int n);
static volatile int sink;
static int handler(int x) { for (int i = 0; i < 100; i++) sink += x ^ i; return x & 7; }
static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
static void *thr(void *p) { sink += lib_walk(handler, 100); return p; }
int main(void)
{
	int v[100];
	pthread_t t;
	for (int i = 0; i < 100; i++) v[i] = (i * 37) % 100;
	qsort(v, 100, sizeof(int), cmp);
	if (pthread_create(&t, NULL, thr, NULL) == 0) pthread_join(t, NULL);
	for (int k = 0; k < 20; k++) sink += lib_walk(handler, 100);
	return 0;
}
C
$CC -pg -O1 -fPIC -shared -o "$in/cb/libcb.so" "$in/cb/lib.c" 2>/dev/null &&
	$CC -pg -O1 -o "$in/cb/prog" "$in/cb/prog.c" -L"$in/cb" -lcb \
		-Wl,-rpath,"$in/cb" -lpthread 2>/dev/null &&
	(cd "$in/cb" && ./prog) || true
# -g builds whose DWARF has no line rows (.debug_line removed) and no
# functions (assembly without .type directives): -s reads their DWARF.
mkdir -p "$in/noline"
$CC -pg -g -O0 -o "$in/noline/prog-g" "$in/prog.c" &&
	objcopy --remove-section .debug_line "$in/noline/prog-g" \
		"$in/noline/prog" 2>/dev/null &&
	(cd "$in/noline" && ./prog) || true
$CC -pg -O0 -S -o - "$in/prog.c" | sed '/\.type/d' >"$in/notype.s"
mkdir -p "$in/notype"
$CC -pg -g -o "$in/notype/prog" "$in/notype.s" 2>/dev/null &&
	(cd "$in/notype" && ./prog) || true
printf 'gmon\001\000\000\000\000\000' >"$in/trunc-header"

# ---- running ------------------------------------------------------------

# Without sanitizers (which need a vast address space) every run gets
# at most 2 GB of it, so a regression that reads /dev/zero until memory
# runs out fails fast instead of starving the machine.
memlimit=:
grep -q __asan_init "$GPROF" 2>/dev/null || memlimit='ulimit -v 2097152'
n=0
# check NAME ARG...: run $GPROF ARG... in a fresh directory.
check() {
	name=$1
	shift
	n=$((n + 1))
	dir=$out/run/$n-$name
	mkdir -p "$dir"
	run_in "$dir" "$name" "" "$@"
}

# run_in DIR NAME WRAPPER ARG...: the common part of a case: gprof must
# refuse (lib.sh's expect_error), then the REF note.
run_in() {
	dir=$1 name=$2 wrap=$3
	shift 3
	T_LIMIT=$memlimit T_WRAP=$wrap expect_error "input-bad/$name" "$dir" "${want:-}" "$@"
	want=
	ref_run "$dir" "$name" "$wrap" "$@"
}

# check_says NAME TEXT ARG...: check, and the error must contain TEXT.
check_says() {
	name=$1 want=$2
	shift 2
	check "$name" "$@"
}

# check_ok NAME N TEXT ARG...: gprof ARG... must exit 0 with N lines on
# stderr, each one holding TEXT (N may be 0), and write a report.
check_ok() {
	name=$1 nwant=$2 text=$3
	shift 3
	n=$((n + 1))
	dir=$out/run/$n-$name
	mkdir -p "$dir"
	(cd "$dir" && $memlimit && exec timeout 10 "$GPROF" "$@") \
		>"$out/run/$name.out" 2>"$out/run/$name.err" </dev/null
	rc=$?
	lines=$(wc -l <"$out/run/$name.err")
	first=$(head -n1 "$out/run/$name.err")
	if [ $rc -ne 0 ]; then
		fail "input-bad/$name" "exit status $rc, want 0${first:+ (stderr: $first)}"
	elif [ "$lines" -ne "$nwant" ]; then
		fail "input-bad/$name" "$lines lines on stderr, want $nwant${first:+: $first}"
	elif [ "$nwant" -gt 0 ] &&
		[ "$(grep -cF -- "$text" "$out/run/$name.err")" -ne "$nwant" ]; then
		fail "input-bad/$name" "stderr lines lack '$text': $first"
	elif [ ! -s "$out/run/$name.out" ] && [ ! -s "$dir/gmon.sum" ]; then
		fail "input-bad/$name" "no report and no gmon.sum"
	else
		pass "input-bad/$name"
	fi
	ref_run "$dir" "$name" "" "$@"
}

# ref_run DIR NAME WRAPPER ARG...: the REF note of a case.
ref_run() {
	dir=$1 name=$2 wrap=$3
	shift 3
	if [ -n "$REF" ]; then
		rdir=$out/run/ref-$name
		rm -rf "$rdir"
		cp -a "$dir" "$rdir"
		(cd "$rdir" && ulimit -v 2097152 && exec $wrap timeout 10 "$REF" "$@") \
			>/dev/null 2>"$out/run/$name.ref" </dev/null
		rrc=$?
		echo "  ref $name: rc=$rrc lines=$(wc -l <"$out/run/$name.ref") left=[$(ls -A "$rdir" | tr '\n' ' ')] $(head -n1 "$out/run/$name.ref")"
	fi
}

# Executables.
check exe-missing "$in/no-such-exe" "$GOOD"
check exe-directory "$in/dir" "$GOOD"
check exe-empty "$in/empty" "$GOOD"
check exe-dev-null /dev/null "$GOOD"
check exe-text-file "$in/text" "$GOOD"
check exe-truncated-100 "$in/elf-trunc-100" "$GOOD"
check exe-header-only "$in/elf-header-only" "$GOOD"
check exe-truncated-2000 "$in/elf-trunc-2000" "$GOOD"
check exe-garbage-sections "$in/elf-garbage" "$GOOD"
check exe-stripped "$in/stripped" "$GOOD"
check exe-no-symtab "$in/nosymtab" "$GOOD"
check exe-bare-stripped "$in/bare" "$GOOD"
check exe-no-functions "$in/data.o" "$GOOD"
check exe-is-profile "$GOOD" "$GOOD"
check exe-symlink-loop "$in/loop" "$GOOD"
check exe-default-missing
check_says exe-fifo 'not a regular file' "$in/fifo" "$GOOD"
check_says exe-dev-zero 'not a regular file' /dev/zero "$GOOD"
# Profile files.
check gmon-missing "$EXE" "$in/no-such-gmon"
check gmon-default-missing "$EXE"
check gmon-directory "$EXE" "$in/dir"
check gmon-empty "$EXE" "$in/empty"
check gmon-dev-null "$EXE" /dev/null
check gmon-three-bytes "$EXE" "$in/three-bytes"
check gmon-truncated-header "$EXE" "$in/trunc-header"
check gmon-bad-magic-O-magic -O magic "$EXE" "$in/bad-magic"
check gmon-version-2 "$EXE" "$in/version-2"
check gmon-version-huge "$EXE" "$in/version-huge"
check gmon-bad-tag "$EXE" "$in/bad-tag"
check gmon-tag-ff "$EXE" "$in/tag-ff"
check gmon-truncated-hist-header "$EXE" "$in/trunc-hist-hdr"
check gmon-more-bins-than-bytes "$EXE" "$in/more-bins-than-bytes"
check gmon-nbins-huge "$EXE" "$in/nbins-huge"
check gmon-zero-bins "$EXE" "$in/zero-bins"
check gmon-highpc-below-lowpc "$EXE" "$in/high-lt-low"
check gmon-highpc-equals-lowpc "$EXE" "$in/high-eq-low"
check gmon-truncated-arc "$EXE" "$in/trunc-arc"
check gmon-truncated-arc-tag "$EXE" "$in/trunc-arc-tag"
check gmon-truncated-bb "$EXE" "$in/trunc-bb"
check gmon-truncated-bb-count "$EXE" "$in/trunc-bb-count"
check gmon-bb-count-huge "$EXE" "$in/bb-count-huge"
check gmon-overlap-in-one-file "$EXE" "$in/overlap-one"
check gmon-is-executable "$EXE" "$EXE"
check gmon-text-file "$EXE" "$in/text"
check_says gmon-dev-zero 'not a regular file' "$EXE" /dev/zero
check_says gmon-dev-urandom 'not a regular file' "$EXE" /dev/urandom
check_says gmon-fifo 'not a regular file' "$EXE" "$in/fifo"
check_says gmon-fifo-second 'not a regular file' "$EXE" "$GOOD" "$in/fifo"
# BSD formats.
check bsd-ncnt-smaller-than-header -O bsd "$EXE" "$in/bsd-ncnt-small"
check bsd-ncnt-larger-than-file "$EXE" "$in/bsd-ncnt-large"
check bsd-short-header "$EXE" "$in/bsd-short"
check bsd-truncated-arc "$EXE" "$in/bsd-trunc-arc"
check bsd44-O4-wrong-version -O 4.4bsd "$EXE" "$in/bsd-good"
check bsd44-truncated-header -O 4.4bsd "$EXE" "$in/bsd44-trunc"
# Summing several files.
check sum-different-rates "$EXE" "$in/hist-only" "$in/rate-1000"
check sum-different-units "$EXE" "$in/hist-only" "$in/unit-differ"
check sum-partial-overlap "$EXE" "$in/overlap-a" "$in/overlap-b"
check sum-same-range-other-nbins "$EXE" "$in/hist-only" "$in/nbins-differ"
check sum-other-bin-width "$EXE" "$in/hist-only" "$in/width-differ"
check sum-gnu-then-bsd-other-rate "$EXE" "$in/rate-1000" "$in/bsd-good"
check sum-bad-second-file "$EXE" "$GOOD" "$in/tag-only-bad"
check sum-with-s-bad-second -s "$EXE" "$GOOD" "$in/arc-only-trunc"
check sum-with-s-bad-first -s "$EXE" "$in/arc-only-trunc" "$GOOD"
check file-info-bad-profile -i "$EXE" "$in/arc-only-trunc"
# Reports that cannot be made.
check flat-without-histogram -p "$EXE" "$in/arcs-only"
check graph-without-arcs -q "$EXE" "$in/hist-only"
# Command line.
check option-unknown-short -j "$EXE" "$GOOD"
check option-unknown-long --no-such-option "$EXE" "$GOOD"
check option-O-bad -O elf "$EXE" "$GOOD"
check option-O-prof -O prof "$EXE" "$GOOD"
check option-O-missing-arg "$EXE" "$GOOD" -O
check option-w-letters -w abc "$EXE" "$GOOD"
check option-w-zero -w 0 "$EXE" "$GOOD"
check option-w-negative -w -5 "$EXE" "$GOOD"
# @FILE that is not a regular file: not expanded (so it names a missing
# executable), rather than read until memory runs out or forever.
check_says response-file-dev-zero /dev/zero @/dev/zero
check_says response-file-fifo "$in/fifo" "@$in/fifo"
[ -f "$in/huge" ] && check_says response-file-huge "$in/huge" "@$in/huge"

# -S nm files with no function in them.
printf '0000000000001000 D data\n' >"$in/nm-no-functions"
check nm-file-empty -S /dev/null "$EXE" "$GOOD"
check nm-file-no-functions -S "$in/nm-no-functions" "$EXE" "$GOOD"
check nm-file-missing -S "$in/no-such-nm" "$EXE" "$GOOD"
check_says nm-file-dev-zero 'not a regular file' -S /dev/zero "$EXE" "$GOOD"
check_says nm-file-fifo 'not a regular file' -S "$in/fifo" "$EXE" "$GOOD"
check_says nm-file-directory 'not a regular file' -S "$in/dir" "$EXE" "$GOOD"
[ -f "$in/huge" ] && check_says nm-file-huge 'too large' -S "$in/huge" "$EXE" "$GOOD"

# -R map files.
printf 'a.o:0 T work\n' >"$in/map-good"
printf 'a.o 0 T work\n' >"$in/map-no-colon"
printf 'a.o:work\n' >"$in/map-no-space"
printf '\na.o:0 T work\n' >"$in/map-leading-blank"
printf ':0 T work\n' >"$in/map-no-file"
check map-missing -R "$in/no-such-map" "$EXE" "$GOOD"
check map-directory -R "$in/dir" "$EXE" "$GOOD"
check map-no-colon -R "$in/map-no-colon" "$EXE" "$GOOD"
check map-no-space -R "$in/map-no-space" "$EXE" "$GOOD"
check map-leading-blank -R "$in/map-leading-blank" "$EXE" "$GOOD"
check map-no-file -R "$in/map-no-file" "$EXE" "$GOOD"
check map-with-r -r -R "$in/map-good" "$EXE" "$GOOD"
check_says map-dev-zero 'not a regular file' -R /dev/zero "$EXE" "$GOOD"
check_says map-fifo 'not a regular file' -R "$in/fifo" "$EXE" "$GOOD"
[ -f "$in/huge" ] && check_says map-huge 'too large' -R "$in/huge" "$EXE" "$GOOD"

# Not bad input, but once it crashed us (SAN=1), or it calls for a
# warning that the profile does not fit the executable, or for none.
hint='written by another build?'
check_ok good-profile 0 '' "$EXE" "$GOOD"
check_ok good-profile-sum 0 '' -s "$EXE" "$GOOD"
check_ok other-build 2 "$hint" "$EXE" "$in/other/gmon.out"
check_ok other-build-arcs 1 '2 of 4 call arcs' -q "$EXE" "$in/stray-arcs"
# The callback program's profile must have its arcs into the library
# (else the case proves nothing).
if [ -s "$in/cb/gmon.out" ] &&
	"$GPROF" -d "$in/cb/prog" "$in/cb/gmon.out" 2>/dev/null |
	grep -Eq '^\[main\].* ([2-9]|[1-9][0-9]+) distinct arcs \(0 between'; then
	check_ok good-profile-callback 0 '' "$in/cb/prog" "$in/cb/gmon.out"
else
	fail "input-bad/good-profile-callback" "no profile with arcs into libcb.so"
fi
nm "$in/other/prog" >"$in/nm-other"
check_ok nm-file-other-build 1 "$hint" -S "$in/nm-other" "$EXE" "$GOOD"
# GNU says so too ("can't find .debug_line section"): one warning.
check_ok sum-dwarf-no-line-rows 1 '.debug_line section missing' -s "$in/noline/prog" "$in/noline/gmon.out"
check_ok sum-dwarf-no-functions 0 '' -s "$in/notype/prog" "$in/notype/gmon.out"

# ---- output that cannot be written ---------------------------------------
# Every output path, when a write fails part-way (a full device, the
# file size limit: write() fails with ENOSPC or EFBIG, and a large
# fwrite that bypasses stdio's buffer fails where no final fflush sees
# it), must exit 1 with one message saying where, and leave no file.
# Wrappers (their arguments, then the command): `to FILE` sends
# standard output to FILE with SIGXFSZ ignored, as a shell's `trap ''
# XFSZ` does; `fsize N` sets the file size limit to N blocks.
cat >"$in/to" <<'SH'
#!/bin/sh
trap '' XFSZ
f=$1
shift
exec "$@" >"$f"
SH
cat >"$in/fsize" <<'SH'
#!/bin/sh
ulimit -f "$1"
shift
exec "$@"
SH
chmod +x "$in/to" "$in/fsize"
# The 300-function program (lib.sh), whose -z report (80 KB) is cut
# into parts the text threads render; and prog built with -g, for -A.
mkdir -p "$in/many" "$in/ann"
if build_many input-bad "$in/many" && (cd "$in/many" && ./many >/dev/null); then
	MANY="$in/many/many $in/many/gmon.out"
else
	MANY=
fi
$CC -pg -g -O0 -o "$in/ann/prog" "$in/prog.c" && (cd "$in/ann" && ./prog) ||
	true
ANN="$in/ann/prog $in/ann/gmon.out"
# check_wrapped NAME TEXT WRAPPER ARG...: check_says under WRAPPER.
check_wrapped() {
	name=$1 want=$2 wrap=$3
	shift 3
	n=$((n + 1))
	dir=$out/run/$n-$name
	mkdir -p "$dir"
	run_in "$dir" "$name" "$wrap" "$@"
}
full="standard output: the disk is full (No space left on device)"
big="the file size limit is exceeded (File too large)"
cut="$in/fsize 8 $in/to $out/run/cut.out"
if [ -z "$MANY" ]; then
	fail "input-bad/write-setup" "cannot build and run tests/progs/gen-many.sh's program"
else
	# shellcheck disable=SC2086
	for t in 1 2; do
		check_wrapped write-full-text-threads-$t "$full" \
			"env GPROF_THREADS=$t $in/to /dev/full" -z $MANY
		check_wrapped write-cut-text-threads-$t "standard output: $big" \
			"env GPROF_THREADS=$t $cut" -z $MANY
	done
	for v in json html dot callgrind pprof errorbars; do
		# shellcheck disable=SC2086
		check_wrapped write-full-format-$v "$full" "$in/to /dev/full" \
			--format=$v $MANY
	done
	# shellcheck disable=SC2086
	for v in json html; do
		check_wrapped write-cut-format-$v "standard output: $big" \
			"$cut" --format=$v $MANY
		check_wrapped write-output-format-$v "out.$v: $big" \
			"$in/fsize 8" --format=$v --output=out.$v $MANY
	done
	# shellcheck disable=SC2086
	check_wrapped write-output-text "out.txt: $big" "$in/fsize 8" \
		-z --output=out.txt $MANY
fi
for v in text json html; do
	check_wrapped write-full-diff-$v "$full" "$in/to /dev/full" \
		--format=$v --diff="$GOOD" "$EXE" "$GOOD"
done
# shellcheck disable=SC2086
check_wrapped write-full-annotate "$full" "$in/to /dev/full" -A $ANN
# shellcheck disable=SC2086
check_wrapped write-cut-annotate-files "prog.c-ann: $big" "$in/fsize 1" \
	-A -y $ANN
check_wrapped write-cut-sum "gmon.sum: $big" "$in/fsize 1" -s "$EXE" "$GOOD"

# -s where gmon.sum cannot be written.
n=$((n + 1))
dir=$out/run/$n-sum-target-is-directory
mkdir -p "$dir/gmon.sum"
run_in "$dir" sum-target-is-directory "" -s "$EXE" "$GOOD"

n=$((n + 1))
dir=$out/run/$n-sum-read-only-dir
mkdir -p "$dir"
chmod 555 "$dir"
wrap=
if [ "$(id -u)" -eq 0 ]; then
	# root writes anywhere: drop to nobody when that can still run gprof.
	wrap="setpriv --reuid=65534 --regid=65534 --clear-groups"
	if ! $wrap sh -c "test -x '$GPROF' && test -r '$GOOD' && test -r '$EXE'" 2>/dev/null; then
		wrap=
		echo "note: running as root without a usable setpriv; the read-only case is skipped"
	fi
fi
if [ "$(id -u)" -ne 0 ] || [ -n "$wrap" ]; then
	run_in "$dir" sum-read-only-dir "$wrap" -s "$EXE" "$GOOD"
fi
chmod 755 "$dir"
exit 0
