#!/bin/sh
# Run every test suite and print the closing tally.
#
# Usage: tests/run-suites.sh GPROF BUILD_DIR
# A suite is an executable tests/*/run.sh (or the unit-test binary); it
# prints one line per case, "PASS name" or "FAIL name: why", and may
# print anything else (it is ignored).  This script counts those lines
# and ends with "N passed, N failed"; it exits 1 if any case failed or a
# suite exited non-zero.
GPROF=${1:?gprof path}
BUILD=${2:?build dir}
export GPROF BUILD
top=$(cd "$(dirname "$0")/.." && pwd)
log="$BUILD/test-log.txt"
: >"$log"
status=0
for suite in "$BUILD/unit-tests" "$top"/tests/*/run.sh; do
	name=$(basename "$(dirname "$suite")")
	[ "$suite" = "$BUILD/unit-tests" ] && name=unit
	echo "== $name" | tee -a "$log"
	# A suite script runs through sh, so a lost execute bit cannot make
	# it vanish from the tally; a missing unit-test binary is a failure.
	run=$suite
	case $suite in *.sh) run="sh $suite" ;; esac
	if [ "$name" = unit ] && [ ! -x "$suite" ]; then
		echo "FAIL suite-unit: $suite was not built" >"$BUILD/suite.out"
	elif ! $run >"$BUILD/suite.out" 2>&1; then
		echo "FAIL suite-$name: exited non-zero" >>"$BUILD/suite.out"
	fi
	cat "$BUILD/suite.out" >>"$log"
	grep '^FAIL' "$BUILD/suite.out" || true
	p=$(grep -c '^PASS' "$BUILD/suite.out")
	f=$(grep -c '^FAIL' "$BUILD/suite.out")
	echo "   $name: $p passed, $f failed"
done
passed=$(grep -c '^PASS' "$log")
failed=$(grep -c '^FAIL' "$log")
[ "$failed" -eq 0 ] || status=1
echo "$passed passed, $failed failed"
exit $status
