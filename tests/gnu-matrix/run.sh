#!/bin/sh
# tests/gnu-matrix/run.sh - differential tests: our gprof against GNU gprof.
#
# Environment: GPROF (our analyser, absolute path), BUILD (build dir,
# absolute; everything goes to $BUILD/gnu-matrix), optionally ORACLE
# (default /usr/bin/gprof), DIFF_JOBS (parallel runners, default 2) and
# DIFF_ONLY (an extended regex; only cases whose name, without the
# "gnu-matrix/" in front, matches are run).  Cases matching a line of
# skip.txt print "SKIP name" instead (see tests/diff/KNOWN.md).
#
# 1. Build tests/progs/* with -pg in several variants (PIE, -no-pie,
#    -static, -O2, -g, static-PIE) plus a freestanding i386 program.
# 2. Make profiles: the real gmon.out of each run, synthetic ones from
#    mkgmon (synth.awk, fixed seeds), sums of several files, and the
#    hand-written specs/*.spec (mostly malformed files).
# 3. Run both gprofs on every profile with every line of options.txt and
#    compare stdout byte for byte, the exit status, whether stderr is
#    empty, and the bytes of any gmon.sum written (those GNU defines,
#    tests/gmonsum.sh).
#
# Prints "PASS name" or "FAIL name: why" per case; other lines are notes.
# A failing case keeps both outputs in $BUILD/gnu-matrix/fail/.  Exits 0
# unless the harness itself cannot run.
set -f
ORACLE=${ORACLE:-/usr/bin/gprof}
JOBS=${DIFF_JOBS:-2}
ONLY=${DIFF_ONLY:-}
. "$(dirname "$0")/../lib.sh"
t_suite gnu-matrix
. "$here/../gmonsum.sh"
progs=$(cd "$here/../progs" && pwd)
CC=${CC:-cc}
CXX=${CXX:-c++}

mkdir -p "$out/bin" "$out/prof" "$out/run" "$out/fail" "$out/src" \
	"$out/spec" || exit 1
MKGMON=$BUILD/mkgmon
if [ ! -x "$MKGMON" ]; then
	echo "note: $MKGMON missing; building a private copy"
	MKGMON=$out/mkgmon
	$CC -std=c11 -O2 -o "$MKGMON" "$here/../../tools/mkgmon.c" || exit 1
fi
TIMEOUT=
command -v timeout >/dev/null 2>&1 && TIMEOUT="timeout 60"

# ---- 0. mkgmon itself ------------------------------------------------------

# mk NAME WANT-HEX SPEC: mkgmon must write exactly WANT-HEX ("fail": exit 1).
mk() {
	if printf '%b' "$3" | "$MKGMON" -o "$out/mk.out" - 2>"$out/mk.err"; then
		got=$(od -A n -v -t x1 "$out/mk.out" | tr -d ' \n')
	else
		got=fail
	fi
	if [ "$got" = "$2" ]; then
		pass "gnu-matrix/mkgmon/$1"
	else
		fail "gnu-matrix/mkgmon/$1" "wrote $got"
	fi
}
z12=000000000000000000000000
mk gnu-hist "676d6f6e01000000${z12}00\
1000000000000000200000000000000002000000640000007365636f6e6473\
00000000000000007300000201010100000000000000020000000000000003000000" \
	'hist 0x10 0x20 2\nbin 1 0x102\narc 1 2 3\n'
mk gnu-word4-big "676d6f6e00000001${z12}0200000002\
0000001000000005000000200000000601" \
	'word 4\nendian big\nbb 16 5\nbb 32 6 # one record\nraw 01\n'
mk bsd "10000000000000002000000000000000180000000000070001000000000000\
000200000000000000030000000000" \
	'format bsd\nhist 16 32 2\nbin 1 7\narc 1 2 3\ntruncate -2\n'
mk bsd44-word4 "1000000020000000240000007918050064000000${z12}00000900" \
	'format bsd44\nword 4\nhist 16 32 2\nbin 1 9\n'
mk bad-directive fail 'hist 0 16 4\nfrob 1\n'
mk bad-bin fail 'hist 0 16 4\nbin 4 1\n'
mk bad-count fail 'hist 0 16 4\nbin 0 65536\n'
mk bad-number fail 'arc 1 2 3x\n'
mk bad-word fail 'word 4\narc 0x100000000 2 3\n'
mk bad-bsd-bb fail 'format bsd\nbb 1 2\n'

# ---- 1. build ------------------------------------------------------------

sh "$progs/gen-many.sh" 300 >"$out/src/many.c"

# prog:compiler:sources (relative to tests/progs unless absolute)
PROGS="hot:c:hot.c multi:c:multi1.c,multi2.c alias:c:alias.c
recur:c:recur.c cxx:cxx:cxx.cc many:c:$out/src/many.c labels:c:labels.c"
# variant:flags (commas for spaces)
VARIANTS="pie:-O0 pie-g:-O0,-g nopie:-O0,-no-pie static:-O0,-static
O2:-O2 O2-g:-O2,-g spie:-O0,-static-pie"

BINS=
for p in $PROGS; do
	name=${p%%:*}
	rest=${p#*:}
	lang=${rest%%:*}
	srcs=
	for s in $(echo "${rest#*:}" | tr , ' '); do
		case $s in /*) ;; *) s=$progs/$s ;; esac
		srcs="$srcs $s"
	done
	cc=$CC
	[ "$lang" = cxx ] && cc=$CXX
	for v in $VARIANTS; do
		vname=${v%%:*}
		flags=$(echo "${v#*:}" | tr , ' ')
		bin=$out/bin/$name-$vname
		if $cc -pg $flags -w -o "$bin" $srcs >"$out/bin/$name-$vname.log" 2>&1
		then
			BINS="$BINS $name-$vname"
		else
			echo "note: cannot build $name-$vname; skipped (see $bin.log)"
		fi
	done
done

# i386: freestanding, no libc, no -pg runtime; profiles are synthetic.
HAVE32=
if $CC -m32 -ffreestanding -fno-pic -fno-stack-protector -O0 -c \
	-o "$out/bin/free32.o" "$progs/free32.c" >"$out/bin/free32.log" 2>&1 &&
	ld -m elf_i386 -o "$out/bin/free32" "$out/bin/free32.o" \
		>>"$out/bin/free32.log" 2>&1; then
	HAVE32=1
else
	echo "note: cannot build the i386 program; 32-bit cases skipped"
fi

# ---- 2. profiles -----------------------------------------------------------

# synth BIN LO HI NBINS WORD SEED OUT [FMT]
synth() {
	symbols "$1" | awk -v lo="$2" -v hi="$3" -v nbins="$4" -v word="$5" \
		-v seed="$6" -v fmt="${8:-}" -f "$here/synth.awk" \
		>"$out/spec/${7##*/}.spec" &&
		"$MKGMON" -o "$7" "$out/spec/${7##*/}.spec"
}

CASES=$out/cases.txt
: >"$CASES"
# addcase NAME BIN PROFILE...
addcase() {
	ac_name=$1
	ac_bin=$2
	shift 2
	printf '%s\t%s\t%s\n' "$ac_name" "$ac_bin" "$*" >>"$CASES"
}

# profiles_for NAME BIN LO HI NBINS WORD [REAL]: the synthetic set.
profiles_for() {
	pf_n=$1 pf_b=$2 pf_lo=$3 pf_hi=$4 pf_nb=$5 pf_w=$6 pf_real=${7:-}
	pf_p=$out/prof/$pf_n
	synth "$pf_b" "$pf_lo" "$pf_hi" "$pf_nb" "$pf_w" 1 "$pf_p.syn1" &&
		synth "$pf_b" "$pf_lo" "$pf_hi" "$pf_nb" "$pf_w" 2 "$pf_p.syn2" ||
		return 1
	# Disjoint halves with an exact scale of 2 (4-byte bins).
	pf_mid=$(( (pf_lo + (pf_hi - pf_lo) / 2) / 4 * 4 ))
	pf_hi4=$(( (pf_hi + 3) / 4 * 4 ))
	synth "$pf_b" "$pf_lo" "$pf_mid" $(( (pf_mid - pf_lo) / 4 )) "$pf_w" 3 \
		"$pf_p.lo" &&
		synth "$pf_b" "$pf_mid" "$pf_hi4" $(( (pf_hi4 - pf_mid) / 4 )) \
			"$pf_w" 4 "$pf_p.hi" || return 1
	[ -n "$pf_real" ] && addcase "$pf_n/real" "$pf_b" "$pf_real"
	addcase "$pf_n/syn1" "$pf_b" "$pf_p.syn1"
	addcase "$pf_n/syn2" "$pf_b" "$pf_p.syn2"
	addcase "$pf_n/sum" "$pf_b" $pf_real "$pf_p.syn1" "$pf_p.syn2"
	addcase "$pf_n/split" "$pf_b" "$pf_p.lo" "$pf_p.hi"
}

for n in $BINS; do
	b=$out/bin/$n
	d=$out/run/$n
	mkdir -p "$d"
	if ! (cd "$d" && "$b" >/dev/null 2>&1) || [ ! -s "$d/gmon.out" ]; then
		fail "gnu-matrix/$n/run" "the program failed or wrote no gmon.out"
		continue
	fi
	real=$out/prof/$n.real
	mv "$d/gmon.out" "$real"
	lo=$(od -A n -t u8 -j 21 -N 8 "$real" | tr -d ' ')
	hi=$(od -A n -t u8 -j 29 -N 8 "$real" | tr -d ' ')
	nb=$(od -A n -t u4 -j 37 -N 4 "$real" | tr -d ' ')
	profiles_for "$n" "$b" "$lo" "$hi" "$nb" 8 "$real" ||
		fail "gnu-matrix/$n/synth" "could not write synthetic profiles"
	case $n in
	*-nopie)
		P=$out/prof/$n
		synth "$b" "$lo" "$hi" "$nb" 8 5 "$P.bsd" bsd &&
			synth "$b" "$lo" "$hi" "$nb" 8 6 "$P.bsd44" bsd44 &&
			addcase "$n/bsd" "$b" "$P.bsd" &&
			addcase "$n/bsd44" "$b" "$P.bsd44" ||
			fail "gnu-matrix/$n/synth-bsd" "could not write BSD profiles"
		;;
	esac
done

if [ -n "$HAVE32" ]; then
	b=$out/bin/free32
	set -- $(readelf -SW "$b" | awk '$2 == ".text" { print $4, $6 }
		$3 == ".text" { print $5, $7 }')
	tlo=$(( 0x$1 ))
	thi=$(( 0x$1 + 0x$2 ))
	lo=$(( tlo / 4 * 4 ))
	hi=$(( (thi + 3) / 4 * 4 ))
	nb=$(( ((hi - lo) / 2 + 3) / 4 * 4 / 2 ))
	profiles_for free32 "$b" "$lo" "$hi" "$nb" 4 ||
		fail "gnu-matrix/free32/synth" "could not write synthetic profiles"
	P=$out/prof/free32
	synth "$b" "$lo" "$hi" "$nb" 4 5 "$P.bsd" bsd &&
		synth "$b" "$lo" "$hi" "$nb" 4 6 "$P.bsd44" bsd44 &&
		addcase free32/bsd "$b" "$P.bsd" &&
		addcase free32/bsd44 "$b" "$P.bsd44" ||
		fail "gnu-matrix/free32/synth-bsd" "could not write BSD profiles"
fi

# Hand-written specs, on hot-nopie; @NAME@ tokens are filled in here.
specbin=$out/bin/hot-nopie
if [ -s "$out/prof/hot-nopie.real" ]; then
	real=$out/prof/hot-nopie.real
	lo=$(od -A n -t u8 -j 21 -N 8 "$real" | tr -d ' ')
	hi=$(od -A n -t u8 -j 29 -N 8 "$real" | tr -d ' ')
	nb=$(od -A n -t u4 -j 37 -N 4 "$real" | tr -d ' ')
	subst=$(symbols "$specbin" | awk -v lo="$lo" -v hi="$hi" -v nb="$nb" '
	function bin(a) { return int((int(a / 2) - int(lo / 2)) / scale) }
	{ A[$3] = $1 }
	END {
		scale = ((hi - lo) / 2) / nb
		mid = int(A["inner"] / 4) * 4
		hi4 = int((hi + 3) / 4) * 4
		printf "s/@LO@/%d/g;s/@HI@/%d/g;s/@NB@/%d/g;", lo, hi, nb
		printf "s/@MIX@/%d/g;s/@INNER@/%d/g;", A["mix"], A["inner"]
		printf "s/@OUTER@/%d/g;s/@MAIN@/%d/g;", A["outer_big"], A["main"]
		printf "s/@BMIX@/%d/g;s/@BMIX1@/%d/g;", bin(A["mix"] + 8), bin(A["mix"] + 8) + 1
		printf "s/@BINNER@/%d/g;s/@BOUTER@/%d/g;", bin(A["inner"] + 8), bin(A["outer_big"] + 8)
		printf "s/@MID@/%d/g;s/@HI4@/%d/g;s/@HI4K@/%d/g;", mid, hi4, hi + 4096
		printf "s/@NBLO@/%d/g;s/@NBHI@/%d/g;", (mid - lo) / 4, (hi4 - mid) / 4
		printf "s/@MIDM64@/%d/g;s/@NBHI64@/%d/g;", mid - 64, (hi4 - mid + 64) / 4
		printf "s/@BMIXLO@/%d/g;", (A["mix"] + 8 - lo) / 4
		printf "s/@BMAINHI@/%d/g\n", (A["main"] + 8 - mid) / 4
	}')
	set +f
	specs=$(ls "$here"/specs/*.spec)
	set -f
	for s in $specs; do
		n=$(basename "$s" .spec)
		sed "$subst" "$s" >"$out/spec/spec-$n.spec"
		if "$MKGMON" -o "$out/prof/spec-$n" "$out/spec/spec-$n.spec" \
			2>"$out/spec/spec-$n.err"; then
			addcase "spec/$n" "$specbin" "$out/prof/spec-$n"
		else
			fail "gnu-matrix/spec/$n" "mkgmon: $(head -1 "$out/spec/spec-$n.err")"
		fi
	done
	# Files that cannot be summed: a scale that differs from the real one.
	addcase spec/sum-scale-mismatch "$specbin" "$real" "$out/prof/spec-hist-disjoint"
	addcase spec/sum-bsd-gnu "$specbin" "$out/prof/spec-bsd" "$real"
	addcase spec/missing-file "$specbin" "$out/prof/no-such-file"
else
	fail "gnu-matrix/spec/setup" "no real profile of hot-nopie to take addresses from"
fi

# ---- 3. compare ------------------------------------------------------------

# The whole list, one line per profile case and option set, made once:
# RUN|EMPTY|SKIP <tab> name <tab> options <tab> program <tab> profiles.
# The name is the profile case's and the options without spaces;
# skip.txt, empty.txt (cases where both gprofs must print nothing: any
# other case fails when they do) and DIFF_ONLY are matched against it.
TAB=$(printf '\t')
grep -v '^[[:space:]]*#' "$here/options.txt" | grep -v '^[[:space:]]*$' \
	>"$out/options.txt"
awk -F '\t' 'NR == FNR { o[++n] = $0; next }
{
	for (i = 1; i <= n; i++) {
		c = o[i]
		gsub(/ /, "", c)
		printf "%s/%s\t%s\t%s\t%s\n", $1, c, o[i], $2, $3
	}
}' "$out/options.txt" "$CASES" >"$out/all.txt"
SKIP=$out/skip.re
sed -e 's/[[:space:]]*#.*//' -e '/^$/d' "$here/skip.txt" >"$SKIP"
cut -f 1 "$out/all.txt" >"$out/names.txt"
: >"$out/skip.lines"
[ -s "$SKIP" ] && grep -nEf "$SKIP" "$out/names.txt" | cut -d : -f 1 \
	>"$out/skip.lines"
sed -e 's/[[:space:]]*#.*//' -e '/^$/d' "$here/empty.txt" >"$out/empty.re"
: >"$out/empty.lines"
[ -s "$out/empty.re" ] && grep -nEf "$out/empty.re" "$out/names.txt" |
	cut -d : -f 1 >"$out/empty.lines"
if [ -n "$ONLY" ]; then
	grep -nE -- "$ONLY" "$out/names.txt" | cut -d : -f 1 >"$out/only.lines"
else
	awk '{ print NR }' "$out/names.txt" >"$out/only.lines"
fi
awk 'FILENAME == ARGV[1] { skip[$1] = 1; next }
	FILENAME == ARGV[2] { empty[$1] = 1; next }
	FILENAME == ARGV[3] { only[$1] = 1; next }
	FNR in only {
		printf "%s\t%s\n", (FNR in skip) ? "SKIP" : (FNR in empty) ? "EMPTY" : "RUN", $0
	}' "$out/skip.lines" "$out/empty.lines" "$out/only.lines" "$out/all.txt" \
	>"$out/todo.txt"

# run_in DIR WRAP IMPL OPTS BIN PROFILES: run one gprof in DIR (where -s
# writes gmon.sum), under the command WRAP (may be empty); the exit
# status goes to $rs and DIR/status (the layout of lib.sh's gnu_why).
run_in() {
	cd "$1" || exit 1
	[ -e gmon.sum ] && rm -f gmon.sum
	# shellcheck disable=SC2086
	$2 "$3" $4 "$5" $6 >stdout 2>stderr
	rs=$?
	echo "$rs" >status
}

# check NAME BIN OPTS PROFILES DIR [EMPTY]: one PASS/FAIL line (lib.sh's
# gnu_why; EMPTY set: printing nothing is right); DIR/ours and DIR/gnu
# are the runner's scratch directories.
check() {
	run_in "$5/ours" "$TIMEOUT" "$GPROF" "$3" "$2" "$4"
	# Synthetic profiles have arcs outside the code on purpose, and we
	# warn about them where GNU is silent (tests/diff/KNOWN.md); real ones must not.
	case $1 in
	*/real/*) ;;
	*)
		if [ -s "$5/ours/stderr" ]; then
			grep -v 'written by another build?$' "$5/ours/stderr" \
				>"$5/ours/stderr.kept"
			mv "$5/ours/stderr.kept" "$5/ours/stderr"
		fi
		;;
	esac
	run_in "$5/gnu" "" "$ORACLE" "$3" "$2" "$4"
	EMPTY_OK=${6:-}
	gnu_compare "$5/ours" "$5/gnu" # into $gnu_reason, no subshell
	w=$gnu_reason
	if [ -z "$w" ]; then
		pass "gnu-matrix/$1"
		return
	fi
	safe=$(printf '%s' "$1" | tr '/ ' '__')
	f=$out/fail/$safe
	rm -rf "$f"
	mkdir -p "$f"
	mv "$5/ours" "$5/gnu" "$f/"
	mkdir -p "$5/ours" "$5/gnu"
	d="  cd $f && $GPROF $3 $2 $4"
	dd=$(diff "$f/gnu/stdout" "$f/ours/stdout" | head -12 | sed 's/^/    /')
	[ -z "$dd" ] || d="$d
$dd"
	# The detail in fail's one printf: the other runner's lines do not
	# cut into it.
	fail "gnu-matrix/$1" "$w" "$d"
}

# runner K: every JOBS-th line of the list, from line K.  The runners
# print as they go (one write per line), so progress shows.
runner() {
	mkdir -p "$out/run/w$1/ours" "$out/run/w$1/gnu"
	awk -v k="$1" -v j="$JOBS" 'NR % j == k' "$out/todo.txt" |
	while IFS="$TAB" read -r what name opts bin profs; do
		case $what in
		SKIP) skip "gnu-matrix/$name" ;;
		EMPTY) check "$name" "$bin" "$opts" "$profs" "$out/run/w$1" 1 ;;
		*) check "$name" "$bin" "$opts" "$profs" "$out/run/w$1" ;;
		esac
	done
}

k=0
while [ "$k" -lt "$JOBS" ]; do
	runner "$k" &
	k=$((k + 1))
done
wait
exit 0
