#!/bin/sh
# Replay every kept fuzz input through its target, without libFuzzer.
#
# For each corpus directory tests/corpus/NAME, runs $BUILD/replay-NAME
# (fuzz/fuzz_NAME.c + fuzz/replay_main.c) on each file in it, one
# process per file.  A case passes when the driver exits 0 within 60
# seconds and prints nothing on stderr but our own warnings ("gprof: "
# lines, e.g. about damaged DWARF): no sanitizer report, in a SAN=1
# build.  Prints "PASS input-replay/NAME/FILE" or "FAIL ...: why".
. "$(cd "$(dirname "$0")" && pwd)/../lib.sh"
BUILD=${BUILD:?set BUILD to the build directory}
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

for dir in "$top"/tests/corpus/*/; do
	name=$(basename "$dir")
	driver="$BUILD/replay-$name"
	if [ ! -x "$driver" ]; then
		fail "input-replay/$name" "no driver $driver (make check builds it)"
		continue
	fi
	for f in "$dir"*; do
		[ -f "$f" ] || continue
		case_name="input-replay/$name/$(basename "$f")"
		timeout 60 "$driver" "$f" >"$tmp/out" 2>"$tmp/err"
		rc=$?
		if [ $rc -eq 124 ]; then
			fail "$case_name" "timed out after 60s"
		elif [ $rc -ne 0 ]; then
			why=$(grep -m1 -E 'ERROR|runtime error|SUMMARY' "$tmp/err")
			fail "$case_name" "exit $rc${why:+: $why}"
		elif grep -qv '^gprof: ' "$tmp/err"; then
			fail "$case_name" "stderr: $(grep -m1 -v '^gprof: ' "$tmp/err")"
		else
			pass "$case_name"
		fi
	done
done
exit 0
