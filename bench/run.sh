#!/bin/sh
# bench/run.sh OURS_GPROF - time our gprof against GNU gprof.
#
# Generates a large C program (bench/gen.c), builds it with gcc -pg with
# and without -g, profiles it, then runs both gprofs on the same files and
# prints wall time and peak memory side by side.  Everything generated is
# cached under build/bench/, keyed by the parameters, so only the first
# run pays for generation.  See bench/README.md.
#
# Environment:
#   BENCH_N=50000          functions in the program
#   BENCH_SIZES="50000 100000"  several sizes (overrides BENCH_N)
#   BENCH_FILES=20         profile files merged by the -s workload
#   BENCH_REPEAT=3         runs per measurement (one when it takes over 5 s); the fastest is shown
#   BENCH_JOBS=2           parallel compile jobs
#   BENCH_CC=gcc  BENCH_CFLAGS=-O0
#   BENCH_PER_FILE=250  BENCH_CYCLE=600  BENCH_SEED=1  BENCH_ROUNDS=20
#   BENCH_GNU=/usr/bin/gprof
#   BENCH_HISTS=100000     histogram records of the many-records workload
set -eu

ours=${1:?usage: bench/run.sh OURS_GPROF}
case $ours in /*) ;; *) ours=$PWD/$ours ;; esac # measure runs it elsewhere
gnu=${BENCH_GNU:-/usr/bin/gprof}
sizes=${BENCH_SIZES:-${BENCH_N:-50000}}
nprof=${BENCH_FILES:-20}
repeat=${BENCH_REPEAT:-3}
jobs=${BENCH_JOBS:-2}
cc=${BENCH_CC:-gcc}
cflags=${BENCH_CFLAGS:--O0}
per_file=${BENCH_PER_FILE:-250}
cycle=${BENCH_CYCLE:-600}
seed=${BENCH_SEED:-1}
rounds=${BENCH_ROUNDS:-20}
nhists=${BENCH_HISTS:-100000}

here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
work=$top/build/bench

die() {
	echo "bench: $*" >&2
	exit 1
}

[ -x "$ours" ] || die "$ours: not an executable"
[ -x "$gnu" ] || die "$gnu: not an executable"
mkdir -p "$work"

now() {
	date +%s
}

# The generator; building it takes a fraction of a second.
gen=$work/gen
cc -std=c11 -O2 -o "$gen" "$here/gen.c" || die "cannot build gen"

# compile DIR VARIANT "CC FLAGS": DIR/prog-VARIANT from DIR/src.
compile() {
	dir=$1 variant=$2
	BENCH_CC_CMD=$3
	export BENCH_CC_CMD
	exe=$dir/prog-$variant
	[ -x "$exe" ] && return 0
	obj=$dir/obj-$variant
	rm -rf "$obj"
	mkdir -p "$obj"
	t0=$(now)
	# shellcheck disable=SC2016 # $0 and $f belong to the inner shell
	(cd "$dir/src" && printf "%s\n" ./*.c | xargs -P "$jobs" -n 1 sh -c '
		obj=$0
		for f; do
			b=$(basename "$f" .c)
			$BENCH_CC_CMD -c "$f" -o "$obj/$b.o" || exit 255
		done' "$obj") 2> "$dir/compile-$variant.log" ||
		{ cat "$dir/compile-$variant.log" >&2; die "compile failed"; }
	$cc -pg -o "$exe.tmp" "$obj"/*.o 2>> "$dir/compile-$variant.log" ||
		die "link failed, see $dir/compile-$variant.log"
	mv "$exe.tmp" "$exe"
	rm -rf "$obj"
	nwarn=$(grep -c 'warning:' "$dir/compile-$variant.log" || true)
	echo "bench: built prog-$variant in $(($(now) - t0)) s" \
		"($nwarn compiler warnings)"
}

# profile DIR VARIANT: DIR/prof-VARIANT/gmon.out (and merge inputs).
profile() {
	dir=$1 variant=$2
	p=$dir/prof-$variant-r$rounds
	if [ ! -f "$p/gmon.out" ]; then
		rm -rf "$p"
		mkdir -p "$p"
		(cd "$p" && "$dir/prog-$variant" "$seed" "$rounds" > sum.txt) ||
			die "prog-$variant failed"
		[ -f "$p/gmon.out" ] || die "prog-$variant wrote no gmon.out" \
			"(glibc drops it when arcs exceed 3% of text bytes)"
	fi
	m=$p/merge-$nprof
	if [ "$variant" = nog ] && [ ! -f "$m/gmon.$nprof" ]; then
		rm -rf "$m"
		mkdir -p "$m"
		k=1
		while [ "$k" -le "$nprof" ]; do
			(cd "$m" && "$dir/prog-$variant" "$k" 2 > /dev/null &&
				mv gmon.out "gmon.$k") ||
				die "merge run $k failed"
			k=$((k + 1))
		done
	fi
}

# prepare N: sets $dir to a directory holding the programs and profiles.
# The source is generated afresh each time (a second or two) and the
# cache is kept only while its checksum is unchanged, so editing gen.c
# rebuilds exactly when the generated program changes.
prepare() {
	n=$1
	key=$(printf '%s\n' "$cc $cflags" | cksum | cut -d' ' -f1)
	dir=$work/n$n-p$per_file-c$cycle-s$seed-$key
	mkdir -p "$dir"
	t0=$(now)
	rm -rf "$dir/src.new"
	mkdir -p "$dir/src.new"
	"$gen" "$dir/src.new" "$n" "$per_file" "$seed" "$cycle" > /dev/null ||
		die "gen failed"
	sum=$(cat "$dir/src.new"/* | cksum)
	if [ -f "$dir/src.sum" ] && [ "$(cat "$dir/src.sum")" = "$sum" ]; then
		rm -rf "$dir/src.new"
	else
		rm -rf "$dir/src" "$dir"/prog-* "$dir"/prof-* "$dir/src.sum"
		mv "$dir/src.new" "$dir/src"
		echo "$sum" > "$dir/src.sum"
		echo "bench: generated $n functions in $(($(now) - t0)) s"
	fi
	compile "$dir" nog "$cc $cflags -pg -Wall -Wextra"
	compile "$dir" g "$cc $cflags -g -pg -Wall -Wextra"
	profile "$dir" nog
	profile "$dir" g
	# Many one-bin histogram records (4 bytes each, descending, at the
	# start of the text): merging them is where quadratic code shows.
	hp=$dir/hists-$nhists.out
	if [ ! -f "$hp" ]; then
		[ -x "$top/build/mkgmon" ] || die "build/mkgmon missing (make)"
		lo=$(nm "$dir/prog-nog" | awk '$3 == "_init" { print "0x" $1 }')
		printf 'hists %s %s 4 1 down\n' "$nhists" "$lo" |
			"$top/build/mkgmon" -o "$hp.tmp" - || die "mkgmon failed"
		mv "$hp.tmp" "$hp"
	fi
	a=$(cat "$dir/prof-nog-r$rounds/sum.txt")
	b=$(cat "$dir/prof-g-r$rounds/sum.txt")
	[ "$a" = "$b" ] || die "prog-nog and prog-g disagree ($a, $b)"
}

# measure: bench/measure.sh.
# shellcheck source=bench/measure.sh
. "$(dirname "$0")/measure.sh"

# row NAME RUNDIR "FILES": one line of the table; FILES are compared.
row() {
	name=$1 r=$2 cmpf=$3
	# shellcheck disable=SC2046 # two words from each file
	set -- $(cat "$r/gnu/time.txt") $(cat "$r/ours/time.txt")
	gs=$1 gk=$2 os=$3 ok=$4
	if [ "$(cat "$r/ours/status")" != 0 ]; then
		same="FAIL(ours: exit $(cat "$r/ours/status"))"
	elif [ "$(cat "$r/gnu/status")" != 0 ]; then
		same="FAIL(gnu)"
	elif [ -z "$cmpf" ]; then
		same="-"
	else
		same=identical
		for f in $cmpf; do
			cmp -s "$r/gnu/$f" "$r/ours/$f" || same="DIFFERENT ($f)"
		done
	fi
	awk -v n="$name" -v gs="$gs" -v gk="$gk" -v os="$os" -v ok="$ok" \
		-v s="$same" 'BEGIN {
		ratio = os > 0 ? sprintf("%.2f", gs / os) : (gs > 0 ? ">100" : "-")
		printf "| %-22s | %8.3f | %8.3f | %8s | %8.1f | %8.1f | %s |\n",
			n, gs, os, ratio, gk / 1024, ok / 1024, s
	}'
}

# workload N NAME "FILES" ARGS...: time GNU and ours (runs taking turns),
# print a row.
workload() {
	n=$1 name=$2 cmpf=$3
	shift 3
	r=$work/runs/n$n/$(printf '%s' "$name" | tr -c 'a-zA-Z0-9' '_')
	measure_pair "$r/gnu" "$gnu" "$r/ours" "$ours" "$@"
	row "$name" "$r" "$cmpf" | tee -a "$table"
}

# ---- our own views (GNU has none), against our own text report ----
# view_row N NAME OPTS ARGS...: time ours with -b ARGS (the text
# report) and with the view's OPTS before ARGS, print a row:
# text s, view s, view/text (the issue's bound is 2), memory.
view_row() {
	n=$1 name=$2
	shift 2
	r=$work/runs/n$n/$(printf 'view %s' "$name" | tr -c 'a-zA-Z0-9' '_')
	vopts=$1
	shift
	measure "$r/text" "$ours" -b "$@"
	# shellcheck disable=SC2086
	measure "$r/view" "$ours" $vopts "$@"
	set -- $(cat "$r/text/time.txt") $(cat "$r/view/time.txt")
	st="exit $(cat "$r/view/status")"
	awk -v n="$name" -v ts="$1" -v tk="$2" -v vs="$3" -v vk="$4" \
		-v st="$st" 'BEGIN {
		ratio = ts > 0 ? sprintf("%.2f", vs / ts) : "-"
		printf "| %-22s | %8.3f | %8.3f | %8s | %8.1f | %8.1f | %s |\n",
			n, ts, vs, ratio, tk / 1024, vk / 1024, st
	}' | tee -a "$table"
}

for n in $sizes; do
	prepare "$n"
	nog=$dir/prog-nog
	g=$dir/prog-g
	pn=$dir/prof-nog-r$rounds
	pg=$dir/prof-g-r$rounds
	merge=
	k=1
	while [ "$k" -le "$nprof" ]; do
		merge="$merge $pn/merge-$nprof/gmon.$k"
		k=$((k + 1))
	done
	table=$work/results-n$n.md
	model=$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)
	{
		echo
		echo "N=$n functions, $(date -u '+%Y-%m-%d %H:%M UTC')," \
			"$(nproc) CPUs, $model"
		echo "command: BENCH_N=$n BENCH_FILES=$nprof BENCH_REPEAT=$repeat" \
			"BENCH_CFLAGS='$cflags' sh bench/run.sh $ours"
		echo
		echo "| workload               | GNU s    | ours s   | GNU/ours |" \
			"GNU MB   | ours MB  | same output |"
		echo "| ---------------------- | -------- | -------- | -------- |" \
			"-------- | -------- | ----------- |"
	} | tee "$table"
	workload "$n" "default, no -g" "" "$nog" "$pn/gmon.out"
	workload "$n" "default, -g" "" "$g" "$pg/gmon.out"
	workload "$n" "-b, no -g" out.txt -b "$nog" "$pn/gmon.out"
	workload "$n" "-b -q, no -g" out.txt -b -q "$nog" "$pn/gmon.out"
	workload "$n" "-b -q, -g" out.txt -b -q "$g" "$pg/gmon.out"
	# Annotated source: every generated file read and printed once.
	workload "$n" "-b -A, -g" out.txt -b -A "$g" "$pg/gmon.out"
	workload "$n" "-b -l, -g" out.txt -b -l "$g" "$pg/gmon.out"
	# shellcheck disable=SC2086
	workload "$n" "-s, $nprof files, no -g" "out.txt gmon.sum" -s "$nog" $merge
	workload "$n" "-b -p, $nhists hists" out.txt -b -p "$nog" \
		"$dir/hists-$nhists.out"
	# Our views against the -b text report, same inputs (at most 2x).
	{
		echo
		echo "| view (ours only)       | text s   | view s   | view/txt |" \
			"text MB  | view MB  | status |"
		echo "| ---------------------- | -------- | -------- | -------- |" \
			"-------- | -------- | ------ |"
	} | tee -a "$table"
	view_row "$n" "callgrind, -g" "--format=callgrind" "$g" "$pg/gmon.out"
	view_row "$n" "dot, -g" "--format=dot" "$g" "$pg/gmon.out"
	view_row "$n" "json, -g" "--format=json" "$g" "$pg/gmon.out"
	view_row "$n" "html, -g" "--format=html" "$g" "$pg/gmon.out"
	view_row "$n" "pprof, -g" "--format=pprof --output=out.pb.gz" \
		"$g" "$pg/gmon.out"
	view_row "$n" "errorbars, -g" "--format=errorbars" "$g" "$pg/gmon.out"
	echo "(outputs in $work/runs/n$n; table in $table)"
done
