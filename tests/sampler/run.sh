#!/bin/sh
# tests/sampler/run.sh - the collector's clock (runtime/sample.c) and its
# side file (runtime/side.c, read back by src/sidefile.c).
#
# harness.c links sample.o without any hook and samples its own text
# while it spins in a tiny hot() beside a cold() that never runs; each
# case names a clock, a rate and what to check (see harness.c): the
# neighbour gets 0 samples, hot() most of them, the written rate is the
# delivered one within 10 % (asking 1000 Hz of a tick-bound CPU timer
# must not record 1000), threads that block every signal are sampled by
# perf, fork children start afresh, moncontrol's pause is honoured, a
# SIGPROF handler of the program's own keeps working.  Sample counts are
# never compared exactly.  A clock the machine refuses (perf_event_open
# under a strict perf_event_paranoid, in some containers) gives SKIP.
# Env: GPROF, BUILD.
set -u
LC_ALL=C
export LC_ALL
GPROF=${GPROF:?GPROF must name our gprof}
BUILD=${BUILD:?BUILD must name the build directory}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=$BUILD/sampler
rm -rf "$out"
mkdir -p "$out" || exit 1

# The runtime's own flags (mk/runtime.mk), never sanitizers.
RTFLAGS="-std=c11 -D_GNU_SOURCE -I$top/include -O2 -g -fPIC \
	-fno-omit-frame-pointer -fvisibility=hidden -mgeneral-regs-only"
# shellcheck disable=SC2086
if ! cc $RTFLAGS -c -o "$out/sample.o" "$top/runtime/sample.c" 2>"$out/cc.err" ||
	! cc -std=gnu11 -O1 -g -I"$top/runtime" -o "$out/harness" \
		"$here/harness.c" "$out/sample.o" -pthread 2>>"$out/cc.err"; then
	echo "FAIL sampler/build: see $out/cc.err"
	exit 0
fi

paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo '?')

# run CLOCK RATE CASE
run() {
	_name=sampler/$3-$1-$2
	"$out/harness" "$1" "$2" "$3" >"$out/$3-$1-$2.out" 2>&1
	_rc=$?
	if [ $_rc -eq 0 ]; then
		echo "PASS $_name"
	elif [ $_rc -eq 77 ]; then
		if [ "$1" = perf ]; then
			echo "SKIP $_name: perf_event_open refused here (perf_event_paranoid=$paranoid)"
		else
			echo "SKIP $_name: the $1 clock cannot start here"
		fi
	else
		echo "FAIL $_name: $(grep -m1 '^fail' "$out/$3-$1-$2.out")"
		sed 's/^/	/' "$out/$3-$1-$2.out"
	fi
}

for c in perf thread itimer wall auto; do
	run $c 100 hot
done
# CPU-time timers stop at the kernel tick: the written rate must be
# what came, not the 1000 asked.
for c in perf thread itimer; do
	run $c 1000 hot
done
run perf 100 blocked
run perf 1000 blocked
for c in perf thread itimer; do
	run $c 100 threads
	run $c 100 fork
	run $c 100 pause
done
for c in thread itimer; do
	run $c 100 chain
done
for c in perf itimer; do
	run $c 100 own
done
