#!/bin/sh
# tests/gnu-lines/run.sh - line-by-line profiles (-l, and -s, which turns
# GNU's line mode on) against GNU gprof 2.40, byte for byte with -b.
#
# Programs of our own built with -g -pg (C and C++, a function spread
# over an #included .c file and a header, inline functions from a
# header, -O0 and -O2, PIE, static, clang), each run once for a real
# gmon.out; a synthetic profile with the same histogram range (every bin
# non-zero, made with mkgmon) gives every line samples, so the reports
# have something to rank.  Then every report option of line mode and
# their combinations with the function-level ones; basic-block records
# (mkgmon) summed over several files and through gmon.sum; bad bb
# records.  Env: GPROF, BUILD (ORACLE: GNU gprof, default
# /usr/bin/gprof).
ORACLE=${ORACLE:-/usr/bin/gprof}
. "$(dirname "$0")/../lib.sh"
t_suite gnu-lines
. "$top/tests/gmonsum.sh"
MKGMON=$BUILD/mkgmon
log=$out/build.log
: >"$log"
if [ ! -x "$ORACLE" ]; then
	skip "gnu-lines/all" "no GNU gprof at $ORACLE"
	exit 0
fi

# prog NAME CC FLAGS... SOURCES: build NAME (in $out) with -g -pg, run it
# there for NAME.gmon.  Prints FAIL and returns 1 when it cannot.
prog() {
	_n=$1 _cc=$2
	shift 2
	if ! (cd "$out" && $_cc -g -pg "$@" -o "$_n" >>"$log" 2>&1) ||
		! (cd "$out" && "./$_n" >/dev/null 2>&1 && mv gmon.out "$_n.gmon"); then
		fail "gnu-lines/$_n" "cannot build or run (see $log)"
		return 1
	fi
}

# u32le FILE OFFSET / u64le FILE OFFSET: a little-endian number.
u32le() { od -An -tu4 -j "$2" -N4 "$1" | tr -d ' '; }
u64le() { od -An -tu8 -j "$2" -N8 "$1" | tr -d ' '; }

# synth NAME: NAME.syn, a profile whose histogram has NAME.gmon's range
# and bin count (so the two sum) with every bin non-zero.
synth() {
	_g=$out/$1.gmon
	# GNU header (20 bytes), tag 0, lowpc, highpc, nbins.
	_lo=$(u64le "$_g" 21) _hi=$(u64le "$_g" 29) _nb=$(u32le "$_g" 37)
	awk -v lo="$_lo" -v hi="$_hi" -v nb="$_nb" 'BEGIN {
		printf "hist %s %s %s\n", lo, hi, nb
		for (i = 0; i < nb; i++) printf "bin %d %d\n", i, i % 7 + 1
	}' | "$MKGMON" -o "$out/$1.syn" - 2>>"$log"
}

# cmp_both NAME DIR OPTIONS FILE...: compare_gprof (tests/lib.sh) for
# several files: the executable and its profiles after OPTIONS (one
# string, split on blanks).
cmp_both() {
	_cn=$1 _cd=$2 _co=$3
	shift 3
	# GNU 2.40 gives up on some C++ line tables (it counts its line
	# symbols twice and gets two numbers); we report them.
	# shellcheck disable=SC2086
	_res=$(cd "$_cd" && GNU_GIVES_UP='somebody miscounted' \
		same_as_gnu "$_cn" "$_cd" $_co "$@")
	if [ -z "${EMPTY_OK:-}" ] &&
		grep -q 'No such file\|not in executable format' "$_cd/gnu/stderr"; then
		fail "$_cn" "the test is broken: $(head -c 100 "$_cd/gnu/stderr")"
	else
		printf '%s\n' "$_res"
	fi
}

# check NAME OPTION-SET...: compare both gprofs on NAME with its real
# and synthetic profiles, each option set a string.
check() {
	_p=$1
	shift
	mkdir -p "$out/cmp/$_p"
	for _o in "$@"; do
		_cname="gnu-lines/$_p/$(echo "$_o" | tr -d ' ')"
		EMPTY_OK=
		case $_o in -s*) EMPTY_OK=1 ;; esac
		# Cases that must print nothing are listed in empty.txt.
		empty_listed "$_cname" "$here/empty.txt" && EMPTY_OK=1
		cmp_both "$_cname" "$out/cmp/$_p" \
		    "-b $_o" "$out/$_p" "$out/$_p.gmon" "$out/$_p.syn"
	done
}

# Options of line mode and their mixes with function-level ones ("@F"
# stands for the program's main source file, "@L" for a line in it).
sets='-l|-l -z|-l -p|-l -q|-l -P|-l -Q|-l -C|-l -C -z|-l -a|-l -L|-l -r
-l -T|-l -p -z -a|-l -q -z|-l --no-demangle|-l -pmain|-l -Pmain|-l -qmain
-l -Qmain|-l -p@F|-l -q@F|-l -p@F:@L|-l -P@F:@L|-l -Cmain|-l -C -Zmain
-l -emain|-l -Emain|-l -fmain|-l -Fmain|-l -nmain|-l -Nmain|-l -kmain/@G
-l -m 2 -C|-l -T -z|-s -p|-s -q|-s -C|-s -p -q -z|-s -r|-s -a -p
-l -r -z|-l -q -r|-l --inline-file-names|-l -w 40 -q'

# run_sets NAME FILE LINE CALLEE: check NAME with every set above.
run_sets() {
	IFS='|'
	# shellcheck disable=SC2086
	set -- $(printf '%s' "$sets" | tr '\n' '|' |
		sed "s|@F|$2|g; s|@L|$3|g; s|@G|$4|g")
	unset IFS
	check "$_name" "$@"
}

n=0
while IFS='|' read -r name cc file line callee flags; do
	[ -n "$name" ] || continue
	n=$((n + 1))
	[ "$cc" = clang ] && ! command -v clang >/dev/null 2>&1 && {
		skip "gnu-lines/$name" "no clang"
		continue
	}
	# shellcheck disable=SC2086
	prog "$name" $cc $flags || continue
	synth "$name" || { fail "gnu-lines/$name" "mkgmon"; continue; }
	_name=$name
	run_sets "$name" "$file" "$line" "$callee"
done <<LIST
hot-O0|cc|hot.c|14|outer_big|-O0 -no-pie $top/tests/progs/hot.c
hot-O2-pie|cc|hot.c|25|outer_big|-O2 -fpie -pie $top/tests/progs/hot.c
hot-static|cc|hot.c|14|outer_big|-O2 -static $top/tests/progs/hot.c
hot-clang|clang|hot.c|14|outer_big|-O2 $top/tests/progs/hot.c
recur-O2|cc|recur.c|20|ping|-O2 $top/tests/progs/recur.c
recur-clang-O0|clang|recur.c|20|ping|-O0 $top/tests/progs/recur.c
cxx-O0|g++|cxx.cc|30|main|-O0 $top/tests/progs/cxx.cc
cxx-O2|g++|cxx.cc|30|main|-O2 $top/tests/progs/cxx.cc
cxx-clang|clang++|cxx.cc|30|main|-O2 $top/tests/progs/cxx.cc
incl-O2|cc|incl_impl.c|5|first|-O2 -I$top/tests/gnu-sources $top/tests/gnu-sources/incl_main.c
hdr-O0|cc|hdr_inline.h|5|local_sum|-O0 -I$top/tests/progs $top/tests/progs/hdr_main.c
hdr-O2|cc|hdr_inline.h|5|local_sum|-O2 -I$top/tests/progs $top/tests/progs/hdr_main.c
labels|cc|labels.c|50|after_labels|-O0 $top/tests/progs/labels.c
LIST

# ---- basic-block records (mkgmon), summed over files and through -s ---------
if prog bb cc -O0 -no-pie "$top/tests/progs/hot.c"; then
	synth bb
	# Addresses: function entries and points inside them, from nm.
	syms=$(symbols "$out/bb" | awk '$3 == "mix" || $3 == "inner" ||
		$3 == "outer_big" || $3 == "main" { print $1 }')
	first=$(echo "$syms" | head -n 1)
	{
		k=0
		for a in $syms; do
			k=$((k + 1))
			printf 'bb %s %s\nbb %s %s\nbb %s %s\n' "$a" "$k" \
			    "$((a + 9))" "$((k * 3))" "$((a + 20))" "$((k + 100))"
		done
		echo "bb 0x10 7"                    # below the text
		echo "bb 0xffffffffff000000 8"      # far above it
		echo "bb $((first + 9)) 18446744073709551615" # absurd count
	} >"$out/bb1.spec"
	# The second file: the same addresses again (summed), and more than
	# ten blocks in one line symbol (GNU keeps ten).
	{
		for a in $syms; do printf 'bb %s 5\n' "$((a + 9))"; done
		for i in 0 1 2 3 4 5 6 7 8 9 10 11; do
			printf 'bb %s %s\n' "$((first + i))" "$i"
		done
	} >"$out/bb2.spec"
	"$MKGMON" -o "$out/bb1.gmon" "$out/bb1.spec" &&
		"$MKGMON" -o "$out/bb2.gmon" "$out/bb2.spec" || fail "gnu-lines/bb" "mkgmon"
	mkdir -p "$out/cmp/bb" "$out/sum-ours" "$out/sum-gnu"
	for o in "-l -C" "-l -C -z" "-l -C -m 3" "-l -C -Zmain" "-l -Cmix" \
		"-l" "-l -z" "-C" "-p" "-s -C" "-l -C -a" "-l -x -C"; do
		cmp_both "gnu-lines/bb/$(echo "$o" | tr -d ' ')" "$out/cmp/bb" "-b $o" \
		    "$out/bb" "$out/bb.gmon" "$out/bb1.gmon" "$out/bb2.gmon"
	done
	# Through gmon.sum: -s by both, then -l -C on each one's sum.
	(cd "$out/sum-ours" && "$GPROF" -s "$out/bb" "$out/bb.gmon" \
	    "$out/bb1.gmon" "$out/bb2.gmon" >/dev/null 2>&1)
	(cd "$out/sum-gnu" && "$ORACLE" -s "$out/bb" "$out/bb.gmon" \
	    "$out/bb1.gmon" "$out/bb2.gmon" >/dev/null 2>&1)
	if sum_same "$out/sum-gnu/gmon.sum" "$out/sum-ours/gmon.sum"; then
		pass "gnu-lines/bb/gmon.sum"
	else
		fail "gnu-lines/bb/gmon.sum" "differs from GNU's"
	fi
	for o in "-l -C" "-l -C -z" "-l -p -q"; do
		cmp_both "gnu-lines/bb/sum/$(echo "$o" | tr -d ' ')" "$out/cmp/bb" \
		    "-b $o" "$out/bb" "$out/sum-gnu/gmon.sum"
	done

	# ---- bad bb records: a clear message, never a crash ----------------
	# A record cut short: GNU and we both stop with an error.
	printf 'bb %s 1\nbb %s 2\ntruncate -5\n' "$first" "$first" |
		"$MKGMON" -o "$out/bbcut.gmon" - 2>>"$log"
	# A record claiming more blocks than the file holds.
	printf 'raw 02 ffffff7f\nbb %s 1\n' "$first" |
		"$MKGMON" -o "$out/bbhuge.gmon" - 2>>"$log"
	for f in bbcut bbhuge; do
		for o in "-l -C" "-C" "-s"; do
			EMPTY_OK=1 cmp_both "gnu-lines/bad/$f/$(echo "$o" | tr -d ' ')" \
			    "$out/cmp/bb" "-b $o" "$out/bb" "$out/$f.gmon"
		done
		"$GPROF" -l -C "$out/bb" "$out/$f.gmon" >/dev/null 2>"$out/$f.err"
		rc=$?
		if [ $rc -ne 1 ] || ! grep -q '^gprof: .*bb\|^gprof: .*basic\|^gprof: ' "$out/$f.err"; then
			fail "gnu-lines/bad/$f/message" "exit $rc, $(head -c 200 "$out/$f.err")"
		else
			pass "gnu-lines/bad/$f/message"
		fi
	done
fi
