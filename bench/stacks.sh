#!/bin/sh
# bench/stacks.sh [BUILD_DIR] - what the calling context of each sample
# costs (runtime/stacks.c), per sample, for the two mechanisms: perf's
# user call chains (the kernel walks; the drain thread reads the chain)
# and the signal handler's own walk (the thread timers).
#
# bench/rtfib.c, 1 thread, fib(N) x REPS, -O2 -pg with libgmon.a, run at
# a high rate so the samples' cost shows: perf at PERF_HZ, the timers at
# TIMER_HZ (the kernel's tick caps them), stacks on and off
# (LIBGMON_STACKS).  Per case: the median CPU time of RUNS runs, the
# samples (the side file's CLOCK record), the extra CPU time per sample
# (stacks on minus off, over every sample: the kernel walks each one,
# the collector's own code included), the side file's size and its
# distinct stacks.  Then callgrind: the instructions of one signal-handler
# walk (stacks_on_signal, inclusive, over the samples it recorded) on a
# fib of depth ~N.
#
# Environment: BENCH_ST_N=32 BENCH_ST_REPS=20 BENCH_ST_RUNS=5
# BENCH_ST_PERF_HZ=10000 BENCH_ST_TIMER_HZ=1000 BENCH_CC=gcc.  Files go
# to BUILD_DIR/bench/stacks/.
# (Fields of a measure line are split on purpose.)
# shellcheck disable=SC2046,SC2086
set -eu

build=${1:-$(cd "$(dirname "$0")/.." && pwd)/build}
here=$(cd "$(dirname "$0")" && pwd)
n=${BENCH_ST_N:-32}
reps=${BENCH_ST_REPS:-20}
runs=${BENCH_ST_RUNS:-5}
perf_hz=${BENCH_ST_PERF_HZ:-10000}
timer_hz=${BENCH_ST_TIMER_HZ:-1000}
cc=${BENCH_CC:-gcc}
work=$build/bench/stacks
lib=$build/libgmon.a

mkdir -p "$work"
cd "$work"
$cc -O2 -pg -o fib "$here/rtfib.c" "$lib" -pthread

# side FILE: "SAMPLES STACKS_SAMPLES DISTINCT TRUNCATED" of a side file.
side() {
	python3 - "$1" <<'EOF'
import struct, sys
d = open(sys.argv[1], "rb").read()
off, samples, info, distinct = 16, 0, (0, 0, 0, 0), 0
while off + 8 <= len(d):
    tag, n = struct.unpack_from("<II", d, off)
    b = d[off + 8:off + 8 + n]
    if tag == 2:
        samples = sum(struct.unpack_from("<QQQ", b, 32))  # in, outside, collector
    elif tag == 9:
        distinct += struct.unpack_from("<Q", b, 8)[0]
    elif tag == 10:
        info = struct.unpack_from("<QQQQ", b, 0)
    off += 8 + (n + 7) // 8 * 8
print(samples, info[1], distinct, info[2])
EOF
}

# measure VAR=VALUE...: RUNS runs of fib with those knobs, each in a
# fresh folder; prints "CPU SAMPLES STACKED DISTINCT TRUNCATED BYTES"
# (the least CPU seconds, steadiest on a loaded machine; the rest from
# the last run).
measure() {
	i=0
	: >cpu.txt
	while [ $i -lt "$runs" ]; do
		rm -rf last
		mkdir last
		(cd last && env "$@" /usr/bin/time -f '%U %S' -o ../time.txt \
			../fib 1 "$reps" "$n" >/dev/null)
		awk '{ printf "%.3f\n", $1 + $2 }' time.txt >>cpu.txt
		i=$((i + 1))
	done
	cpu=$(sort -n cpu.txt | head -1)
	echo "$cpu $(side last/gmon.out.gmonx) $(wc -c <last/gmon.out.gmonx)"
}

echo "fib($n) x $reps, 1 thread; CPU time: least of $runs runs"
echo "$(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo
printf '| clock | rate asked | stacks | CPU s | samples | with stacks | distinct | truncated | side file bytes | extra CPU per sample |\n'
printf '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n'
for c in "perf $perf_hz" "thread $timer_hz"; do
	set -- $c
	clock=$1 hz=$2
	set -- $(measure LIBGMON_CLOCK="$clock" LIBGMON_RATE="$hz" LIBGMON_STACKS=0)
	off_cpu=$1
	printf '| %s | %s | off | %s | %s | - | - | - | %s | - |\n' "$clock" "$hz" "$1" "$2" "$6"
	set -- $(measure LIBGMON_CLOCK="$clock" LIBGMON_RATE="$hz" LIBGMON_STACKS=1)
	per=$(awk -v a="$1" -v b="$off_cpu" -v s="$2" 'BEGIN {
		if (s > 0) printf "%.1f us", (a - b) * 1e6 / s; else print "-" }')
	printf '| %s | %s | on | %s | %s | %s | %s | %s | %s | %s |\n' "$clock" "$hz" \
		"$1" "$2" "$3" "$4" "$5" "$6" "$per"
done

if ! command -v valgrind >/dev/null 2>&1; then
	echo "bench/stacks: valgrind missing, no instruction counts" >&2
	exit 0
fi
rm -rf cg
mkdir cg
(cd cg && LIBGMON_CLOCK=thread LIBGMON_RATE=1000 valgrind --tool=callgrind \
	--callgrind-out-file=cg.out ../fib 1 1 27 >/dev/null 2>cg.log)
ir=$(callgrind_annotate --inclusive=yes --threshold=100 cg/cg.out 2>/dev/null |
	awk '/:stacks_on_signal / { gsub(",", "", $1); print $1; exit }')
set -- $(side cg/gmon.out.gmonx)
echo
awk -v ir="${ir:-0}" -v s="$2" 'BEGIN {
	if (s > 0) printf "callgrind: one signal-handler walk of fib(27) (depth <= 28) = %.0f instructions (%s over %d samples)\n", ir / s, ir, s }'
