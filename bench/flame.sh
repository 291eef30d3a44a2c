#!/bin/sh
# bench/flame.sh BUILD_DIR OURS_GPROF - what --format=html's flame graph
# (src/flame.c: the calling-context tree of the sampled stacks) costs
# on deep recursion, against our own text report on the same files.
#
# Inputs, all over the symbols of bench/deeprec.c (a self-recursive
# rec() with two call sites to itself and work() at every level):
#   synth-MB   side files of about MB megabytes written by
#              tests/input-objects/mkprof.py: stacks of 1,000 recs under main
#              (BENCH_FL_DEPTH), each taking the other call site at one
#              level and sampled in work or rec, so that every stack is
#              distinct and all are one chain of rec by function;
#   real       deeprec built with -pg and our collector (libgmon.a), run
#              at LIBGMON_RATE (10 kHz): stacks of up to 128 frames,
#              distinct by the call sites each level took.
# Per input: the side file's size, its distinct stacks and deepest
# stack (bench/side.py), the least CPU time (user + system) of
# BENCH_REPEAT runs of `gprof -b` (the text report, which reads the
# same stacks) and of `gprof --format=html`, and their ratio.  A bench,
# not a test: nothing fails when the ratio is large.
#
# Environment: BENCH_FL_MB="4 16" BENCH_FL_DEPTH=1000 BENCH_FL_RATE=10000
# BENCH_FL_ROUNDS=10000 BENCH_REPEAT=3 BENCH_CC=gcc.  Files go to
# BUILD_DIR/bench/flame/ (the synthetic profiles are kept).
# shellcheck disable=SC2046,SC2086 # fields of a measure line are split
set -eu

build=${1:?usage: bench/flame.sh BUILD_DIR OURS_GPROF}
ours=${2:?usage: bench/flame.sh BUILD_DIR OURS_GPROF}
case $ours in /*) ;; *) ours=$PWD/$ours ;; esac
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
sizes=${BENCH_FL_MB:-4 16}
depth=${BENCH_FL_DEPTH:-1000}
rate=${BENCH_FL_RATE:-10000}
rounds=${BENCH_FL_ROUNDS:-10000}
repeat=${BENCH_REPEAT:-3}
cc=${BENCH_CC:-gcc}
work=$build/bench/flame
lib=$build/libgmon.a

if ! command -v python3 >/dev/null 2>&1; then
	echo "bench: flame rows skipped: no python3 (mkprof.py, side.py)"
	exit 0
fi
mkdir -p "$work"
cd "$work"
# shellcheck source=bench/measure.sh
. "$here/measure.sh"
measure_src=$here/cpu.c # measure.sh's default is relative to the start
measure_cpu=1

deeprec=$work/deeprec # (measure.sh sets $prog)
# Rebuilt every run, replaced only when it changed (the synthetic
# profiles, made at its addresses, are kept while it stays the same).
if [ -f "$lib" ]; then
	$cc -O0 -g -pg -o "$deeprec.new" "$here/deeprec.c" "$lib" -pthread
else
	$cc -O0 -g -o "$deeprec.new" "$here/deeprec.c"
fi
if cmp -s "$deeprec.new" "$deeprec"; then
	rm -f "$deeprec.new"
else
	mv "$deeprec.new" "$deeprec"
	rm -f synth-*.gmon*
fi

# synth MB: synth-MB.gmon and its side file, unless made already.
synth() {
	[ -f "synth-$1.gmon.gmonx" ] && return 0
	awk -v prog="$deeprec" -v mb="$1" -v depth="$depth" 'BEGIN {
		print "exe " prog
		print "rate 10000"
		print "arc 0 main 0 rec " 1000
		print "arc 0 rec 0 rec " 1000 * depth
		print "arc 0 rec 0 work " 1000 * depth
		print "stackrecords 64"
		# Stacks of DEPTH recs under main, as many as make MB:
		# stack i takes the other call site at level i % DEPTH, and
		# its sampled PC (in work or rec) is the int(i / DEPTH)th.
		n = int(mb * 1048576 / (4 * (depth + 2) + 16))
		for (i = 0; i < n; i++) {
			v = int(i / depth)
			s = (v % 2 ? "rec+" : "work+") 4 * (int(v / 2) % 16)
			for (k = 0; k < depth; k++)
				s = s (k == i % depth ? " rec+4" : " rec")
			print "stack 1 " s " main"
		}
	}' >"synth-$1.spec"
	python3 "$top/tests/input-objects/mkprof.py" "synth-$1.gmon" "synth-$1.spec"
}

# row NAME EXE GMON: one line of the table.
row() {
	name=$1 exe=$2 gmon=$3
	measure "$work/runs/$name/text" "$ours" -b "$exe" "$gmon"
	measure "$work/runs/$name/html" "$ours" --format=html \
		--output=out.html "$exe" "$gmon"
	set -- $(python3 "$here/side.py" "$gmon.gmonx") \
		$(cat "$work/runs/$name/text/time.txt") \
		$(cat "$work/runs/$name/html/time.txt") \
		"$(cat "$work/runs/$name/html/status")" \
		"$(wc -c <"$gmon.gmonx")"
	awk -v n="$name" -v distinct="$7" -v deepest="$8" -v ts="${10}" \
		-v hs="${12}" -v st="${14}" -v bytes="${15}" 'BEGIN {
		ratio = ts > 0 ? sprintf("%.2f", hs / ts) : "-"
		printf "| %s | %.1f | %s | %s | %.3f | %.3f | %s | %s |\n",
			n, bytes / 1048576, distinct, deepest, ts, hs, ratio,
			st == 0 ? "ok" : "exit " st
	}'
}

echo "flame graph on deep recursion; CPU s: least of $repeat runs"
echo "$(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo "command: BENCH_FL_MB='$sizes' BENCH_FL_DEPTH=$depth" \
	"BENCH_FL_RATE=$rate BENCH_FL_ROUNDS=$rounds sh bench/flame.sh $build $ours"
echo
echo "| input | side file MB | distinct stacks | deepest | text (-b) s | html s | html/text | status |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
for mb in $sizes; do
	synth "$mb"
	row "synth-$mb" "$deeprec" "$work/synth-$mb.gmon"
done
if [ -f "$lib" ]; then
	rm -rf real
	mkdir real
	(cd real && LIBGMON_RATE=$rate "$deeprec" "$rounds" 500 >/dev/null)
	row "real-${rate}hz" "$deeprec" "$work/real/gmon.out"
else
	echo "(no $lib: no row for a real run)"
fi
