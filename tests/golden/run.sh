#!/bin/sh
# tests/golden/run.sh - stored cases: inputs, expected output, exit status.
#
# Environment: GPROF (our analyser), BUILD (build directory).  Needs no
# GNU gprof.  README.md says how to add a case and how to regenerate
# the expected files (GOLDEN_UPDATE=1, never in CI).
#
# Each line of cases.txt is run in a fresh copy of inputs/.  A case
# passes when the exit status equals expected/NAME.rc, stdout equals
# expected/NAME.out byte for byte, stderr equals expected/NAME.err (our
# own messages and warnings, in every case), and a gmon.sum written by
# the run equals expected/NAME.sum (none written when there is none).
# A case whose expected stdout is empty must say so: it exits non-zero
# with a message, writes gmon.sum, or is marked "empty" in cases.txt.
# golden/cases-complete checks that every case has its expected files
# and every expected file its case.
#
# GOLDEN_UPDATE=1 rewrites expected/ instead of comparing: cases from
# "gnu" take stdout and the exit status from $ORACLE (default
# /usr/bin/gprof) and stderr from us (our messages are worded
# differently on purpose), cases from "ours" all from $GPROF.  Every
# rewritten case prints a FAIL line, so that an update never passes for
# a check; with CI set in the environment it refuses to run at all.
set -u
set -f
GPROF=${GPROF:?GPROF must name our gprof}
BUILD=${BUILD:?BUILD must name the build directory}
ORACLE=${ORACLE:-/usr/bin/gprof}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
exp=$here/expected
out=$BUILD/golden
work=$out
rm -rf "$work"
mkdir -p "$work" "$exp" || exit 1
update=${GOLDEN_UPDATE:-0}
if [ "${UPDATE:-0}" = 1 ] && [ "$update" != 1 ]; then
	fail golden/update "UPDATE=1 is GOLDEN_UPDATE=1 now (see tests/golden/README.md)"
	exit 0
fi
if [ "$update" = 1 ] && [ -n "${CI:-}" ]; then
	fail golden/update "GOLDEN_UPDATE=1 with CI set: expected files are never regenerated in CI"
	exit 0
fi

# run_case PROGRAM ARGS...: run in a fresh copy of the inputs; leaves
# out, err, rc and (if written) gmon.sum in $work/case.
run_case() {
	rc_prog=$1
	shift
	rm -rf "$work/case"
	cp -R "$here/inputs" "$work/case" || return 1
	(cd "$work/case" && "$rc_prog" "$@" >out 2>err; echo $? >rc)
}

# why NAME EMPTY: why the run in $work/case differs from expected/NAME.*,
# or nothing.  EMPTY is --empty when the case may print nothing.
why() {
	c=$work/case
	if [ ! -e "$exp/$1.out" ]; then
		echo "no expected/$1.out (GOLDEN_UPDATE=1 makes it)"
	elif [ "$(cat "$c/rc")" != "$(cat "$exp/$1.rc")" ]; then
		echo "exit $(cat "$c/rc"), expected $(cat "$exp/$1.rc")"
	elif ! cmp -s "$c/out" "$exp/$1.out"; then
		echo "stdout differs ($(where "$exp/$1.out" "$c/out"))"
	elif ! cmp -s "$c/err" "$exp/$1.err"; then
		echo "stderr differs"
	elif [ -e "$c/gmon.sum" ] || [ -e "$exp/$1.sum" ]; then
		file_why "$c/gmon.sum" "$exp/$1.sum"
	elif [ "$(cat "$c/rc")" = 0 ] || [ ! -s "$c/err" ]; then
		file_why "$c/out" "$exp/$1.out" "$2"
	fi
}

grep -v '^#' "$here/cases.txt" | while read -r name source args; do
	[ -n "$name" ] || continue
	empty=
	case $source in
	*,empty) empty=--empty source=${source%,empty} ;;
	esac
	case $source in
	gnu) prog=$ORACLE ;;
	ours) prog=$GPROF ;;
	*)
		fail "golden/$name" "unknown source '$source'"
		continue
		;;
	esac
	# shellcheck disable=SC2086
	if [ "$update" = 1 ]; then
		run_case "$prog" $args || exit 1
		c=$work/case
		cp "$c/out" "$exp/$name.out"
		cp "$c/rc" "$exp/$name.rc"
		rm -f "$exp/$name.err" "$exp/$name.sum"
		[ -e "$c/gmon.sum" ] && cp "$c/gmon.sum" "$exp/$name.sum"
		run_case "$GPROF" $args || exit 1
		cp "$c/err" "$exp/$name.err"
		fail "golden/$name" "regenerated from $source: review git diff tests/golden/expected, then run again without GOLDEN_UPDATE"
		continue
	fi
	# shellcheck disable=SC2086
	if ! run_case "$GPROF" $args; then
		fail "golden/$name" "cannot copy the inputs"
		continue
	fi
	w=$(why "$name" "$empty")
	verdict "golden/$name" "$w"
	case $w in
	stdout*) show_diff "$exp/$name.out" "$work/case/out" ;;
	stderr*) diff "$exp/$name.err" "$work/case/err" | head -n 5 ;;
	esac
done
rm -rf "$work/case"

# Every case has its .out, .rc and .err, and every expected file a case.
grep -v '^#' "$here/cases.txt" | awk 'NF { print $1 }' | sort >"$work/cases"
(cd "$exp" && ls) | sed 's/\.[a-z]*$//' | sort -u >"$work/stored"
w=
for n in $(cat "$work/cases"); do
	for e in out rc err; do
		[ -e "$exp/$n.$e" ] || w="$w expected/$n.$e is missing;"
	done
done
for n in $(comm -13 "$work/cases" "$work/stored"); do
	w="$w expected/$n.* has no case;"
done
verdict golden/cases-complete "${w# }"
