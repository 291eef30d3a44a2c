#!/bin/sh
# -c (static call graph): byte-identical to GNU gprof where every call
# goes forward; backward calls, which GNU misses, are found.
# Env: GPROF, BUILD (absolute).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
out="$BUILD/staticcalls"
mkdir -p "$out"
for mode in nopie pie; do
	case $mode in
	nopie) flags="-fno-PIE -no-pie" ;;
	pie) flags="-fPIE -pie" ;;
	esac
	dir="$out/$mode"
	mkdir -p "$dir"
	# shellcheck disable=SC2086
	if ! cc -O0 -pg $flags -o "$dir/forward" "$here/forward.c" 2>"$dir/log" ||
		! (cd "$dir" && ./forward >/dev/null && mv gmon.out forward.gmon); then
		echo "FAIL staticcalls/$mode: cannot build or run (see $dir/log)"
		continue
	fi
	for opts in "-b -c" "-b -c -q -T" "-b -c -e d" "-b -c -k a/c"; do
		# shellcheck disable=SC2086
		compare_gprof "staticcalls/$mode/$(echo "$opts" | tr -d ' ')" "$dir" \
		    "$dir/forward" "$dir/forward.gmon" $opts
	done
	# shellcheck disable=SC2086
	if ! cc -O0 -pg $flags -o "$dir/backward" "$here/backward.c" 2>>"$dir/log" ||
		! (cd "$dir" && ./backward >/dev/null; mv gmon.out backward.gmon); then
		echo "FAIL staticcalls/$mode/backward: cannot build or run"
		continue
	fi
	"$GPROF" -b -c -q "$dir/backward" "$dir/backward.gmon" >"$dir/back.txt" 2>&1
	if awk '/^\[[0-9]+\].* caller \[/ { inside = 1; next }
		inside && /^---/ { exit }
		inside && /0\/0 +back_target / { found = 1 }
		END { exit !found }' "$dir/back.txt"; then
		echo "PASS staticcalls/$mode/backward-call-found"
	else
		echo "FAIL staticcalls/$mode/backward-call-found: caller's entry has no 0/0 back_target line"
	fi
done
exit 0
