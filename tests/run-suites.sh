#!/bin/sh
# Run every test suite, a few at a time, and print the closing tally.
#
# Usage: tests/run-suites.sh GPROF BUILD_DIR
# A suite is tests/*/run.sh (run through sh, in a working directory of
# its own under BUILD/check) or the unit-test binary; it
# prints one line per case, "PASS name", "FAIL name: why" or "SKIP name:
# why", where name starts with the suite's ("SUITE/..."), and may print
# anything else (it is ignored).  Suites run
# CHECK_JOBS at a time (default 2), the slowest of the last run first;
# each one's output is kept in BUILD_DIR/check/NAME.out and shown as one
# block when it ends: its FAIL lines, SKIP lines that give a reason, and
# its counts.  While suites run, a progress line tells how many cases
# each has done: rewritten in place every second on a terminal, else
# printed every CHECK_PROGRESS seconds (default 10).  SUITES (names,
# separated by spaces or commas) runs those suites only; a name that is
# no suite is a failed case.  The whole output of
# every suite goes to BUILD_DIR/test-log.txt.  The last line is
# "N passed, N failed, N skipped"; the exit status is 1 if a case failed
# or a suite exited non-zero (counted as a failed case), else 0.
GPROF=${1:?gprof path}
BUILD=${2:?build dir}
export GPROF BUILD
JOBS=${CHECK_JOBS:-2}
EVERY=${CHECK_PROGRESS:-10}
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$BUILD/check
log=$BUILD/test-log.txt
times=$BUILD/check-times.txt
rm -rf "$dir"
mkdir -p "$dir" || exit 1
: >"$log"
tty=
[ -t 1 ] && tty=1

# wanted NAME: true when SUITES is empty or names NAME.
wanted() {
	[ -z "${SUITES:-}" ] && return 0
	case " $(echo "$SUITES" | tr ',' ' ') " in
	*" $1 "*) return 0 ;;
	esac
	return 1
}

# The suites as "NAME PATH" lines, slowest (by the last run) first; a
# suite without a time yet counts as slow.
list() {
	for s in "$BUILD/unit-tests" "$top"/tests/*/run.sh; do
		n=$(basename "$(dirname "$s")")
		[ "$s" = "$BUILD/unit-tests" ] && n=unit
		wanted "$n" || continue
		t=$(awk -v n="$n" '$1 == n { t = $2 } END { print t + 0 == 0 ? 999999 : t }' \
			"$times" 2>/dev/null || echo 999999)
		echo "$t $n $s"
	done | sort -k1,1nr -k2,2 | cut -d ' ' -f 2-
}

# start NAME PATH: run one suite in the background; NAME.rc appears
# when it has ended.
start() {
	(
		# A folder of its own: a file a suite leaves in its working
		# directory (a gmon.sum) cannot reach another suite's cases.
		mkdir -p "$dir/$1.cwd" && cd "$dir/$1.cwd" || exit 1
		case $2 in
		*.sh) sh "$2" ;;
		*)
			if [ -x "$2" ]; then
				"$2"
			else
				echo "FAIL suite-$1: $2 was not built"
			fi
			;;
		esac >"$dir/$1.out" 2>&1
		rc=$?
		[ "$rc" -eq 0 ] ||
			echo "FAIL suite-$1: exited with status $rc" >>"$dir/$1.out"
		echo "$rc" >"$dir/$1.rc"
	) &
	date +%s >"$dir/$1.start"
}

# count WHAT NAME: the suite's lines starting with WHAT so far.
count() {
	grep -c "^$1" "$dir/$2.out" 2>/dev/null || true
}

# wipe: clear the progress line on a terminal.
wipe() {
	[ -z "$tty" ] || printf '\r%-79s\r' ''
}

# report NAME: the block of a finished suite.  A case whose name does
# not start with the suite's ("PASS gnu-lines/hot-O0/-l") is a failure
# of the suite, so that every verdict line tells where its case lives.
report() {
	secs=$(($(date +%s) - $(cat "$dir/$1.start")))
	stray=$(grep -E '^(PASS|FAIL|SKIP) ' "$dir/$1.out" |
		grep -v '^FAIL suite-' | grep -Ev "^(PASS|FAIL|SKIP) $1/")
	[ -z "$stray" ] ||
		echo "FAIL suite-$1: $(echo "$stray" | wc -l) cases not named $1/...: $(echo "$stray" | head -n 1)" \
			>>"$dir/$1.out"
	echo "$1 $secs" >>"$dir/times"
	p=$(count PASS "$1")
	f=$(count FAIL "$1")
	s=$(count SKIP "$1")
	wipe
	echo "== $1: $p passed, $f failed, $s skipped ($secs s)"
	grep '^FAIL' "$dir/$1.out"
	grep '^SKIP [^ ]*: ' "$dir/$1.out" | head -n 10
	[ "$(grep -c '^SKIP [^ ]*: ' "$dir/$1.out")" -le 10 ] ||
		echo "   (more SKIP lines in $log)"
	{
		echo "== $1"
		cat "$dir/$1.out"
	} >>"$log"
}

# progress T0 RUNNING: one line on the running suites.
progress() {
	line="  .. $(($(date +%s) - $1)) s:"
	sep=
	for n in $2; do
		line="$line$sep $n $(count PASS "$n") passed"
		f=$(count FAIL "$n")
		[ "$f" -eq 0 ] || line="$line, $f failed"
		sep=";"
	done
	if [ -n "$tty" ]; then
		printf '\r%-79.79s' "$line"
	else
		echo "$line"
	fi
}

# Names in SUITES that are no suite.
unknown=
for n in $(echo "${SUITES:-}" | tr ',' ' '); do
	[ "$n" = unit ] || [ -f "$top/tests/$n/run.sh" ] || unknown="$unknown $n"
done
pending=$(list | tr ' ' '|')
running=
t0=$(date +%s)
last=$t0
while [ -n "$pending" ] || [ -n "$running" ]; do
	# Start suites while there is room.
	while [ -n "$pending" ] &&
		[ "$(echo "$running" | wc -w)" -lt "$JOBS" ]; do
		next=$(echo "$pending" | head -n 1)
		pending=$(echo "$pending" | sed 1d)
		start "${next%%|*}" "${next#*|}"
		running="$running ${next%%|*}"
	done
	sleep 1
	still=
	for n in $running; do
		if [ -e "$dir/$n.rc" ]; then
			report "$n"
		else
			still="$still $n"
		fi
	done
	running=$still
	now=$(date +%s)
	if [ -n "$running" ] &&
		{ [ -n "$tty" ] || [ $((now - last)) -ge "$EVERY" ]; }; then
		progress "$t0" "$running"
		last=$now
	fi
done
wait
wipe
for n in $unknown; do
	echo "FAIL suite-$n: no such suite (tests/$n/run.sh)" | tee -a "$log"
done
# A subset's times join the last whole run's.
if [ -n "${SUITES:-}" ] && [ -f "$times" ]; then
	awk 'NR == FNR { new[$1] = $2; next } !($1 in new) { print }
		END { for (n in new) print n, new[n] }' "$dir/times" "$times" \
		>"$dir/times.all" 2>/dev/null && mv "$dir/times.all" "$dir/times"
fi
cp "$dir/times" "$times" 2>/dev/null
passed=$(grep -c '^PASS' "$log")
failed=$(grep -c '^FAIL' "$log")
skipped=$(grep -c '^SKIP' "$log")
[ "$failed" -eq 0 ] || echo "(the whole output: $log)"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
