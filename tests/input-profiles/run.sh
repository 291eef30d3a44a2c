#!/bin/sh
# tests/input-profiles/run.sh - reading and summing profiles: mixed formats,
# a 4.4BSD rate of 0, many histogram records, large histograms read in
# a stream (left in their file, summed, cut short, many files open),
# and which side file belongs to a profile (mkside.py makes them).
#
# Environment: GPROF (our gprof, absolute path), BUILD (build dir,
# absolute; everything goes to $BUILD/input-profiles), optionally ORACLE
# (default /usr/bin/gprof) and CC.  Profiles come from mkgmon; the
# executable is a small -pg program that is never run.
# Prints "PASS name" or "FAIL name: why"; exits 0 unless the harness
# itself cannot run.
ORACLE=${ORACLE:-/usr/bin/gprof}
CC=${CC:-cc}
MKGMON=$BUILD/mkgmon
. "$(dirname "$0")/../lib.sh"
t_suite input-profiles

mkdir -p "$out/in" "$out/run" || exit 1
if [ ! -x "$MKGMON" ]; then
	fail "input-profiles/setup" "$MKGMON missing (make builds it)"
	exit 0
fi
cat >"$out/in/prog.c" <<'C'
static int twice(int x) { return 2 * x; }
int work(int n) { int s = 0; for (int i = 0; i < n; i++) s += twice(i); return s; }
int main(void) { volatile int s = 0; for (int k = 0; k < 20; k++) s += work(30); return s == 1; }
C
if ! $CC -pg -O0 -o "$out/in/prog" "$out/in/prog.c" 2>"$out/cc.err"; then
	fail "input-profiles/setup" "cannot build a -pg program"
	exit 0
fi
EXE=$out/in/prog
lo=$(nm "$EXE" | awk '$3 == "_init" { print $1 }')
hi=$(nm "$EXE" | awk '$3 == "etext" { print $1 }')
lo=0x${lo:-1000}
hi=0x${hi:-1300}
twice=$(nm "$EXE" | awk '$3 == "twice" { print "0x" $1 }')
work=$(nm "$EXE" | awk '$3 == "work" { print "0x" $1 }')
main=$(nm "$EXE" | awk '$3 == "main" { print "0x" $1 }')

# mkg NAME LINE...: $out/in/NAME from the spec lines.
mkg() {
	_n=$1
	shift
	printf '%s\n' "$@" | "$MKGMON" -o "$out/in/$_n" - 2>"$out/mkgmon.err" ||
		fail "input-profiles/mkgmon-$_n" "$(head -n1 "$out/mkgmon.err")"
}

# bins N: spec lines setting every 37th bin of N bins.
bins() {
	awk -v n="$1" 'BEGIN { for (i = 3; i < n; i += 37) print "bin", i, i % 500 + 1 }'
}

# A histogram of 320 bins over the text, as glibc writes (4 bytes each).
H="hist $lo $hi 320"
arcs="arc $((work + 20)) $twice 600
arc $((main + 20)) $work 20"
mkg gnu "$H" 'bin 100 2' 'bin 231 9' 'bin 40 3' "$arcs"
mkg bsd 'format bsd' "$H" 'bin 100 5' 'bin 230 7' "$arcs"
mkg gnu1000 "hist $lo $hi 320 1000" 'bin 100 2' "$arcs"
mkg bsd44r0 'format bsd44' "hist $lo $hi 320 0" 'bin 100 5' 'bin 230 7' "$arcs"
# Large histograms (over 4096 bins) stay in their file until charged.
big=16384
bins $big >"$out/in/big.bins"
mkg big "hist $lo $hi $big" "$(cat "$out/in/big.bins")" "$arcs"
mkg big2 "hist $lo $hi $big" 'bin 5 9' 'bin 9000 40000' "$arcs"
mkg bigbsd 'format bsd' "hist $lo $hi $big" "$(cat "$out/in/big.bins")" "$arcs"

n=0
# newdir NAME: a fresh directory in $dir.
newdir() {
	n=$((n + 1))
	dir=$out/run/$n-${1##*/}
	mkdir -p "$dir"
}

# same NAME ARG...: ours and GNU's stdout, exit status and gmon.sum (if
# any) agree, and neither wrote to stderr.
same() {
	_c=$1
	shift
	newdir "$_c"
	(cd "$dir" && same_as_gnu --quiet "$_c" "$dir" "$@")
}

# refused NAME WORD ARG...: ours exits 1 with one stderr line that starts
# "gprof: " and mentions WORD, and writes no stdout.
refused() {
	_c=$1 _w=$2
	shift 2
	newdir "$_c"
	expect_error "$_c" "$dir" "$_w" "$@"
}

# --- mixed formats: one rule for both orders -----------------------------
same input-profiles/mixed-bsd-then-gnu -b "$EXE" "$out/in/bsd" "$out/in/gnu"
same input-profiles/mixed-gnu-then-bsd -b "$EXE" "$out/in/gnu" "$out/in/bsd"
same input-profiles/mixed-gnu-then-bsd-sum -s "$EXE" "$out/in/gnu" "$out/in/bsd"
# GNU sums other rates silently, under the first file's (KNOWN.md).
refused input-profiles/mixed-bsd-then-gnu-other-rate rate "$EXE" "$out/in/bsd" "$out/in/gnu1000"
refused input-profiles/mixed-gnu-then-bsd-other-rate rate "$EXE" "$out/in/gnu1000" "$out/in/bsd"

# --- a 4.4BSD header with a rate of 0 ------------------------------------
# GNU assumes its clock rate (100 per second) and says nothing; we say
# so on stderr, and the report is GNU's.
newdir rate0
"$GPROF" -b "$EXE" "$out/in/bsd44r0" >"$dir/ours.txt" 2>"$dir/ours.err"
_ro=$?
"$ORACLE" -b "$EXE" "$out/in/bsd44r0" >"$dir/gnu.txt" 2>/dev/null
if [ $_ro -ne 0 ]; then
	fail "input-profiles/bsd44-rate0" "exit $_ro"
elif ! cmp -s "$dir/ours.txt" "$dir/gnu.txt"; then
	fail "input-profiles/bsd44-rate0" "report differs from GNU's ($(grep -m1 'counts as' "$dir/ours.txt"))"
elif [ "$(wc -l <"$dir/ours.err")" -ne 1 ] ||
	! grep -q '^gprof: .*bsd44r0: .*rate of 0.*assuming 100' "$dir/ours.err"; then
	fail "input-profiles/bsd44-rate0" "no warning: $(head -n1 "$dir/ours.err")"
else
	pass "input-profiles/bsd44-rate0"
fi
newdir rate0-sum
(cd "$dir" && "$GPROF" -s "$EXE" "$out/in/bsd44r0" "$out/in/bsd" 2>ours.err &&
	mkdir g && cd g && "$ORACLE" -s "$EXE" "$out/in/bsd44r0" "$out/in/bsd")
if cmp -s "$dir/gmon.sum" "$dir/g/gmon.sum"; then
	pass "input-profiles/bsd44-rate0-sum"
else
	fail "input-profiles/bsd44-rate0-sum" "gmon.sum differs from GNU's"
fi

# --- many histogram records ----------------------------------------------
# 100,000 one-bin records in descending address order report exactly as
# one record over the same range with the same bins (bins of 2 units
# either way).  Merging them used to take quadratic time.  (Compared
# with our report on the one record: both run past the text, where GNU
# charges samples to the data symbol data_start, which we do not list.)
many=100000
mkg many "hists $many $lo 4 1 down" "$arcs"
awk -v n=$many -v lo=$((lo)) 'BEGIN {
	printf "hist %d %d %d\n", lo, lo + 4 * n, n
	for (k = 0; k < n; k++) printf "bin %d %d\n", k, k % 7 + 1
}' >"$out/in/one.spec"
"$MKGMON" -o "$out/in/one" "$out/in/one.spec" 2>/dev/null
printf '%s\n' "$arcs" >>"$out/in/one.spec"
"$MKGMON" -o "$out/in/one" "$out/in/one.spec" 2>/dev/null
newdir many
"$GPROF" -b "$EXE" "$out/in/many" >"$dir/ours.txt" 2>"$dir/ours.err"
"$GPROF" -b "$EXE" "$out/in/one" >"$dir/one.txt" 2>"$dir/one.err"
# Both ranges run past this small program's image: the only message is
# the warning that says so.
if [ -s "$dir/ours.txt" ] && cmp -s "$dir/ours.txt" "$dir/one.txt" &&
	! grep -v 'was it written by another build' "$dir/ours.err" >/dev/null; then
	pass "input-profiles/many-hist-records"
else
	fail "input-profiles/many-hist-records" "report differs from the one on one record"
fi
# gmon.sum keeps the records in the order they came (GNU's order).
mkg few-down "hists 3000 $lo 4 1 down" "$arcs"
mkg few-up "hists 3000 $lo 4 1" "$arcs"
same input-profiles/many-records-sum-order -s "$EXE" "$out/in/few-down" "$out/in/few-up"

# --- large histograms, read in a stream ----------------------------------
same input-profiles/big-hist -b "$EXE" "$out/in/big"
same input-profiles/big-hist-sum2 -b "$EXE" "$out/in/big" "$out/in/big2"
same input-profiles/big-hist-sum3-s -s "$EXE" "$out/in/big" "$out/in/big2" "$out/in/big"
same input-profiles/big-mixed-bsd-gnu -b "$EXE" "$out/in/bigbsd" "$out/in/big2"
# A regular file on stdin reads as any file; a pipe is refused (only
# regular files are profiles: a FIFO would block, a device never ends).
newdir pipe
"$GPROF" -b "$EXE" /dev/stdin <"$out/in/big" >"$dir/ours.txt" 2>&1
"$ORACLE" -b "$EXE" "$out/in/big" >"$dir/gnu.txt" 2>&1
cat "$out/in/big" | "$GPROF" -b "$EXE" /dev/stdin >"$dir/pipe.txt" 2>&1
rc=$?
if cmp -s "$dir/ours.txt" "$dir/gnu.txt" && [ $rc -eq 1 ] &&
	grep -q 'not a regular file (a FIFO)' "$dir/pipe.txt"; then
	pass "input-profiles/big-hist-stdin"
else
	fail "input-profiles/big-hist-stdin" "stdin file differs from GNU's, or a pipe was not refused"
fi
# More files with waiting histograms than descriptors: 40 files of
# disjoint large ranges under a limit of 24 open files.
files=
k=0
while [ $k -lt 40 ]; do
	base=$((0x100000 + k * 0x10000))
	mkg "range$k" "hist $base $((base + 0x8000)) 8192" "bin $k $((k + 1))" \
		"bin 8000 3"
	files="$files $out/in/range$k"
	k=$((k + 1))
done
newdir fds
# shellcheck disable=SC2086
(ulimit -n 24 && "$GPROF" -b -p "$EXE" $files) >"$dir/ours.txt" 2>"$dir/ours.err"
_ro=$?
# shellcheck disable=SC2086
"$ORACLE" -b -p "$EXE" $files >"$dir/gnu.txt" 2>/dev/null
if [ $_ro -eq 0 ] && cmp -s "$dir/ours.txt" "$dir/gnu.txt"; then
	pass "input-profiles/many-files-few-descriptors"
else
	fail "input-profiles/many-files-few-descriptors" "exit $_ro: $(head -n1 "$dir/ours.err")"
fi

# --- side files: which profile they belong to ----------------------------
# PROFILE.gmonx is read only when it belongs to PROFILE: its TIE record
# gives the size and hash of PROFILE's bytes (older side files: a run id
# equal to PROFILE's header spare bytes and not all zeros), and both
# files have one owner.  Any other is ignored with one warning: the
# report (-d's [side] lines included) is the one without it.  The side
# files come from mkside.py, whose hash is written from the format's
# description, so the accepted ones show that it and ours agree.
here=$(cd "$(dirname "$0")" && pwd)
mkside() { python3 "$here/mkside.py" "$@"; }

# side_case NAME PROFILE WARNING MKSIDE-OPTION...: PROFILE copied to
# gmon.out in a new folder, its side file made there; "gprof -b -d"
# prints what it prints without the side file, and WARNING on stderr.
# SIDE_OWNER, when set, is given the side file first.
side_case() {
	_sn=$1 _sp=$2 _sw=$3
	shift 3
	newdir "$_sn"
	cp "$_sp" "$dir/gmon.out"
	(cd "$dir" && "$GPROF" -b -d "$EXE" gmon.out >alone.out 2>alone.err)
	mkside "$dir/gmon.out" "$@" || {
		fail "$_sn" "mkside.py failed"
		return
	}
	[ -z "${SIDE_OWNER:-}" ] || chown "$SIDE_OWNER" "$dir/gmon.out.gmonx"
	printf '%s\n' "$_sw" >"$dir/want.err"
	expect "$_sn" --in="$dir" --err="$dir/want.err" --want="$dir/alone.out" \
		"$GPROF" -b -d "$EXE" gmon.out
}

# side_read NAME PROFILE MKSIDE-OPTION...: the side file is read: no
# warning, and -d shows its clock.
side_read() {
	_sn=$1 _sp=$2
	shift 2
	newdir "$_sn"
	cp "$_sp" "$dir/gmon.out"
	mkside "$dir/gmon.out" "$@" || {
		fail "$_sn" "mkside.py failed"
		return
	}
	(cd "$dir" && "$GPROF" -b -d "$EXE" gmon.out >with.out 2>with.err)
	_rc=$?
	verdict "$_sn" "$(if [ $_rc -ne 0 ] || [ -s "$dir/with.err" ]; then
		echo "exit $_rc: $(head -n1 "$dir/with.err")"
	elif ! grep -q '^\[side\] clock itimer (itimer)' "$dir/with.out"; then
		echo "the side file was not read (no [side] clock line)"
	fi)"
}

if ! command -v python3 >/dev/null 2>&1; then
	for c in zero-run-id tie-other-bytes other-owner tie-read old-run-id-read \
		tie-big-hist two-profiles; do
		skip "input-profiles/side/$c" "no python3"
	done
else
	# glibc's gmon.out has zeros for a run id, and so has a side file
	# from before TIE that another run left there: it ties nothing
	# (its clock claims 1000 s).
	side_case input-profiles/side/zero-run-id "$out/in/gnu" \
		"gprof: gmon.out.gmonx cannot be tied to gmon.out (an older side file with a zero run id); ignored" \
		runid=zero tie=no clock=1000000000000
	# The run id agrees (a gmon.sum rewritten by GNU's gprof -s keeps
	# its spare bytes), the bytes do not.
	side_case input-profiles/side/tie-other-bytes "$out/in/gnu" \
		"gprof: gmon.out.gmonx belongs to another profile than gmon.out (written for other bytes: gmon.out was written again since); ignored" \
		spare=0102030405060708090a0b0c tie=other
	if [ "$(id -u)" -eq 0 ]; then
		SIDE_OWNER=65534 side_case input-profiles/side/other-owner "$out/in/gnu" \
			"gprof: gmon.out.gmonx: owned by uid 65534, but gmon.out by uid 0: only a side file of the profile's owner is read; ignored" \
			tie=yes
	else
		skip input-profiles/side/other-owner "needs root to give the side file away"
	fi
	# The pairs that belong together are read: by TIE (whatever the
	# run id), by a run id from before TIE, and by TIE over a profile
	# whose large histogram is skipped while it is read.
	side_read input-profiles/side/tie-read "$out/in/gnu" tie=yes
	side_read input-profiles/side/old-run-id-read "$out/in/gnu" \
		spare=0102030405060708090a0b0c tie=no
	side_read input-profiles/side/tie-big-hist "$out/in/big" tie=yes
	# Two profiles, each checked against its own side file.
	newdir two
	cp "$out/in/big" "$dir/a" && cp "$out/in/big2" "$dir/b"
	(cd "$dir" && "$GPROF" -b "$EXE" a b >alone.out 2>/dev/null)
	mkside "$dir/a" tie=yes && mkside "$dir/b" tie=other
	printf '%s\n' "gprof: b.gmonx belongs to another profile than b (written for other bytes: b was written again since); ignored" >"$dir/want.err"
	expect input-profiles/side/two-profiles --in="$dir" --err="$dir/want.err" \
		--want="$dir/alone.out" "$GPROF" -b "$EXE" a b
fi
exit 0
