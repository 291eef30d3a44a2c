#!/bin/sh
# tests/golden/run.sh - stored cases: inputs, expected output, exit status.
#
# Environment: GPROF (our analyser), BUILD (build directory); UPDATE=1
# rewrites expected/ instead of comparing (cases from "gnu" with
# $ORACLE, default /usr/bin/gprof; cases from "ours" with $GPROF, to be
# reviewed in the diff before committing).
#
# Each line of cases.txt is run in a fresh copy of inputs/.  A case
# passes when stdout equals expected/NAME.out byte for byte, the exit
# status equals expected/NAME.rc, stderr equals expected/NAME.err (our
# own messages and warnings, in every case: for gnu cases UPDATE=1 takes
# stdout and the exit status from GNU and stderr from us, since our
# messages are worded differently on purpose), and a gmon.sum written
# by the run equals expected/NAME.sum.  Needs no GNU gprof unless
# UPDATE=1.
set -u
set -f
GPROF=${GPROF:?GPROF must name our gprof}
BUILD=${BUILD:?BUILD must name the build directory}
ORACLE=${ORACLE:-/usr/bin/gprof}
here=$(cd "$(dirname "$0")" && pwd)
exp=$here/expected
work=$BUILD/golden
rm -rf "$work"
mkdir -p "$work" "$exp" || exit 1

# run_case NAME PROGRAM ARGS...: run in a fresh copy of the inputs;
# leaves out, err, rc and (if written) gmon.sum in $work/case.
run_case() {
	rc_name=$1 rc_prog=$2
	shift 2
	rm -rf "$work/case"
	cp -R "$here/inputs" "$work/case" || return 1
	(cd "$work/case" && "$rc_prog" "$@" >out 2>err; echo $? >rc)
}

# same FILE EXPECTED: 0 when both are missing or both hold the same bytes.
same() {
	if [ -e "$1" ] || [ -e "$2" ]; then
		cmp -s "$1" "$2"
	fi
}

grep -v '^#' "$here/cases.txt" | while read -r name source args; do
	[ -n "$name" ] || continue
	case $source in
	gnu) prog=$ORACLE ;;
	ours) prog=$GPROF ;;
	*)
		echo "FAIL golden/$name: unknown source '$source'"
		continue
		;;
	esac
	# shellcheck disable=SC2086
	if [ "${UPDATE:-0}" = 1 ]; then
		run_case "$name" "$prog" $args || exit 1
		c=$work/case
		cp "$c/out" "$exp/$name.out"
		cp "$c/rc" "$exp/$name.rc"
		rm -f "$exp/$name.err" "$exp/$name.sum"
		[ -e "$c/gmon.sum" ] && cp "$c/gmon.sum" "$exp/$name.sum"
		run_case "$name" "$GPROF" $args || exit 1
		cp "$c/err" "$exp/$name.err"
		echo "updated golden/$name from $source"
		continue
	fi
	run_case "$name" "$GPROF" $args || {
		echo "FAIL golden/$name: cannot copy the inputs"
		continue
	}
	c=$work/case
	if [ ! -e "$exp/$name.out" ]; then
		echo "FAIL golden/$name: no expected/$name.out (UPDATE=1 makes it)"
	elif [ "$(cat "$c/rc")" != "$(cat "$exp/$name.rc")" ]; then
		echo "FAIL golden/$name: exit $(cat "$c/rc"), expected $(cat "$exp/$name.rc")"
	elif ! cmp -s "$c/out" "$exp/$name.out"; then
		echo "FAIL golden/$name: stdout differs"
		diff "$exp/$name.out" "$c/out" | head -5
	elif ! cmp -s "$c/err" "$exp/$name.err"; then
		echo "FAIL golden/$name: stderr differs"
		diff "$exp/$name.err" "$c/err" | head -5
	elif ! same "$c/gmon.sum" "$exp/$name.sum"; then
		echo "FAIL golden/$name: gmon.sum differs"
	else
		echo "PASS golden/$name"
	fi
done
rm -rf "$work/case"
