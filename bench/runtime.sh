#!/bin/sh
# bench/runtime.sh [BUILD_DIR] - the collector's cost: glibc's -pg
# runtime against ours (libgmon), on the same object files.
#
# bench/rtfib.c computes fib(N) REPS times, shared out among THREADS
# threads.  It is compiled twice, once plainly and once with -pg; the -pg
# object is linked twice, with glibc's runtime (gcc -pg) and with ours
# (gcc -pg + BUILD_DIR/libgmon.a), so the instrumented code is identical.
# For 1 and 2 threads the script prints, per runtime: the median wall
# time of RUNS runs, the overhead (that median over the plain build's),
# the same for CPU time (user + system; steadier on a loaded machine),
# and the calls lost (the exact count, 2 fib(N+1) - 1 per fib(N), minus
# what gprof counts in the gmon.out of the last run).  Then callgrind's
# instructions per call: the slope between fib(CG_BIG) and fib(CG_SMALL)
# at 1 thread, so start-up and writing the profile cancel out; also for
# the same code compiled with -pg -mfentry.
#
# Environment: BENCH_RT_REPS=40 BENCH_RT_N=32 BENCH_RT_RUNS=5
# BENCH_RT_THREADS="1 2" BENCH_RT_CG="27 22" (fib sizes for callgrind;
# empty: skip), BENCH_CC=gcc.  Files go to BUILD_DIR/bench/runtime/.
# Without libgmon.a only the glibc rows are measured.
set -eu

build=${1:-$(cd "$(dirname "$0")/.." && pwd)/build}
here=$(cd "$(dirname "$0")" && pwd)
reps=${BENCH_RT_REPS:-40}
n=${BENCH_RT_N:-32}
runs=${BENCH_RT_RUNS:-5}
thread_counts=${BENCH_RT_THREADS:-1 2}
cg_sizes=${BENCH_RT_CG-27 22}
cc=${BENCH_CC:-gcc}
work=$build/bench/runtime
gprof=/usr/bin/gprof
lib=$build/libgmon.a

mkdir -p "$work"
cd "$work"

# Same source, same flags but -pg; one -pg object for both runtimes.
$cc -O2 -c -o plain.o "$here/rtfib.c"
$cc -O2 -pg -c -o pg.o "$here/rtfib.c"
$cc -o fib-plain plain.o -pthread
$cc -pg -o fib-glibc pg.o -pthread
# -mfentry (the hook called before the frame is set up): callgrind only.
$cc -O2 -pg -mfentry -c -o fentry.o "$here/rtfib.c"
$cc -pg -o fib-glibc-fentry fentry.o -pthread
runtimes="glibc"
cg_builds="plain glibc glibc-fentry"
if [ -f "$lib" ]; then
	$cc -pg -o fib-ours pg.o "$lib" -pthread
	$cc -pg -o fib-ours-fentry fentry.o "$lib" -pthread
	# ours-nostacks: the same program with LIBGMON_STACKS=0 (no
	# calling context with the samples).
	runtimes="glibc ours ours-nostacks"
	cg_builds="plain glibc ours glibc-fentry ours-fentry"
else
	echo "bench/runtime: $lib is not built; glibc's runtime only" >&2
fi

# calls N: the calls fib(N) makes, 2 fib(N+1) - 1.
calls() {
	awk -v n="$1" 'BEGIN { a = 0; b = 1
		for (i = 0; i < n + 1; i++) { t = a + b; a = b; b = t }
		printf "%.0f\n", 2 * a - 1 }'
}

# measure EXE ARG...: run EXE RUNS times in a fresh folder each; print
# "WALL CPU": the median wall time and the median CPU time (user +
# system) in seconds.  CPU time hardly moves with the machine's load,
# wall time does.  The last run's folder is $work/last.
measure() {
	i=0
	: >times.txt
	while [ $i -lt "$runs" ]; do
		rm -rf last
		mkdir last
		(cd last && /usr/bin/time -f '%e %U %S' -o ../time.txt "$@" >/dev/null)
		awk '{ printf "%s %.2f\n", $1, $2 + $3 }' time.txt >>times.txt
		i=$((i + 1))
	done
	awk -v r="$runs" '{ w[NR] = $1; c[NR] = $2 }
		function median(a,   i, j, t) {
			for (i = 2; i <= r; i++)
				for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
					t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
				}
			return a[int((r + 1) / 2)]
		}
		END { printf "%.2f %.2f\n", median(w), median(c) }' times.txt
}

# counted EXE: fib's calls in last/gmon.out, as gprof reads them
# ("called" of fib's primary line: external + recursive).
counted() {
	prof=$(ls last/gmon.out* 2>/dev/null | head -1)
	[ -n "$prof" ] || { echo "no-profile"; return; }
	"$gprof" -b -q "$1" "$prof" 2>/dev/null | awk '
		/^\[/ && $(NF - 1) == "fib" {
			k = split($(NF - 2), p, "+")
			s = 0
			for (i = 1; i <= k; i++) s += p[i]
			printf "%.0f\n", s
			found = 1
		}
		END { if (!found) print 0 }'
}

per=$(calls "$n")
total=$(awk -v a="$per" -v b="$reps" 'BEGIN { printf "%.0f\n", a * b }')
echo "fib($n) x $reps = $total calls; wall and CPU time: median of $runs runs;"
echo "overhead = -pg build / plain build, same object code for both runtimes"
echo "$(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo
printf '| threads | runtime | plain s | -pg s | overhead | CPU plain s | CPU -pg s | CPU overhead | calls lost |\n'
printf '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n'
for t in $thread_counts; do
	set -- $(measure "$work/fib-plain" "$t" "$reps" "$n")
	plain=$1 plain_cpu=$2
	for rt in $runtimes; do
		case $rt in
		ours-nostacks) exe="env LIBGMON_STACKS=0 $work/fib-ours" ;;
		*) exe=$work/fib-$rt ;;
		esac
		# shellcheck disable=SC2086
		set -- $(measure $exe "$t" "$reps" "$n")
		wall=$1 cpu=$2
		got=$(counted "$work/fib-${rt%-nostacks}")
		[ "$rt" = ours ] && side=$(wc -c <last/gmon.out.gmonx)
		lost=$(awk -v w="$total" -v g="$got" 'BEGIN {
			if (g !~ /^[0-9]+$/) { print g; exit }
			printf "%.0f (%.1f %%)\n", w - g, 100 * (w - g) / w }')
		ratio=$(awk -v a="$wall" -v b="$plain" 'BEGIN { printf "%.2fx", a / b }')
		cratio=$(awk -v a="$cpu" -v b="$plain_cpu" 'BEGIN { printf "%.2fx", a / b }')
		printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$t" "$rt" \
			"$plain" "$wall" "$ratio" "$plain_cpu" "$cpu" "$cratio" "$lost"
	done
done

[ -n "${side:-}" ] && echo && echo "side file of the last run of ours (stacks on): $side bytes"
[ -n "$cg_sizes" ] || exit 0
if ! command -v valgrind >/dev/null 2>&1; then
	echo "bench/runtime: valgrind missing, no instruction counts" >&2
	exit 0
fi
set -- $cg_sizes
big=$1 small=$2
dcalls=$(awk -v a="$(calls "$big")" -v b="$(calls "$small")" 'BEGIN { printf "%.0f\n", a - b }')
# ir EXE SIZE: instructions callgrind counts for one fib(SIZE).  A
# profiling signal now and then outlives glibc's runtime under valgrind
# and kills the run before the count: try again, three times at most.
ir() {
	for _try in 1 2 3; do
		rm -rf last
		mkdir last
		_ir=$({ (cd last && exec valgrind --tool=callgrind \
			--callgrind-out-file=/dev/null "$1" 1 1 "$2" 2>&1 >/dev/null) |
			awk '/Collected :/ { print $NF }'; } 2>/dev/null)
		[ -n "$_ir" ] && break
	done
	echo "${_ir:-0}"
}
echo
echo "callgrind: instructions per call, slope between fib($big) and fib($small) ($dcalls calls)"
echo
printf '| build | Ir/call | hook cost (over plain) |\n'
printf '| --- | ---: | ---: |\n'
base=
for b in $cg_builds; do
	hi=$(ir "$work/fib-$b" "$big")
	lo=$(ir "$work/fib-$b" "$small")
	slope=$(awk -v h="$hi" -v l="$lo" -v d="$dcalls" 'BEGIN { printf "%.1f\n", (h - l) / d }')
	[ -n "$base" ] || base=$slope
	extra=$(awk -v s="$slope" -v b="$base" 'BEGIN { printf "%+.1f\n", s - b }')
	printf '| %s | %s | %s |\n' "$b" "$slope" "$extra"
done
