#!/bin/sh
# bench/gas.sh OURS_GPROF - time `gprof -b -l` on GNU's assembler.
#
# A real program with plenty of DWARF: gas, built from Debian's binutils
# source with -g -O2 -pg (glibc's collector), profiled assembling a
# deterministic large input.  Then GNU gprof and ours each run
# `-b -l` (and the default report) on the same files, CPU time (user +
# sys) and peak memory side by side, and the outputs are compared with
# cmp.  Everything is cached under build/bench/gas: the source (fetched
# by scripts/fetch-real-sources.sh), the gas binary, the input and its
# profile.  When the source cannot be fetched or gas cannot be built, it
# prints one line saying why and exits 0.  See bench/README.md.
#
# Environment:
#   BENCH_GAS_LINES=400000  blocks in the generated input (each ~12 lines)
#   BENCH_REPEAT=3          runs per measurement; the least CPU is shown
#   BENCH_JOBS=2            parallel make jobs
#   BENCH_GNU=/usr/bin/gprof
set -eu

ours=${1:?usage: bench/gas.sh OURS_GPROF}
case $ours in /*) ;; *) ours=$PWD/$ours ;; esac # measure runs it elsewhere
gnu=${BENCH_GNU:-/usr/bin/gprof}
nblocks=${BENCH_GAS_LINES:-400000}
repeat=${BENCH_REPEAT:-3}
jobs=${BENCH_JOBS:-2}

here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
work=$top/build/bench/gas
cc=${BENCH_CC:-gcc} # builds the timer (bench/cpu.c)

skip() {
	echo "bench: gas row skipped: $*"
	exit 0
}

die() {
	echo "bench: gas: $*" >&2
	exit 1
}

[ -x "$ours" ] || die "$ours: not an executable"
[ -x "$gnu" ] || die "$gnu: not an executable"
mkdir -p "$work"

# The gas binary, built once.
as=$work/as-pg
if [ ! -x "$as" ]; then
	sh "$top/scripts/fetch-real-sources.sh" "$work/src" binutils \
		2> "$work/fetch.err" ||
		skip "cannot fetch binutils source: $(head -n 1 "$work/fetch.err")"
	src=$work/src/binutils
	b=$work/objdir
	rm -rf "$b"
	mkdir -p "$b"
	echo "bench: building gas with -g -O2 -pg (once, a few minutes)"
	if ! (cd "$b" && "$src/configure" --disable-nls --disable-werror \
		--disable-gdb --disable-gdbserver --disable-sim \
		--disable-gprofng --disable-ld --disable-gold \
		--disable-libctf --without-zstd --without-debuginfod \
		CFLAGS='-g -O2 -pg' LDFLAGS='-pg' &&
		make -j"$jobs" MAKEINFO=true all-gas) > "$work/build.log" 2>&1; then
		skip "gas did not build (see $work/build.log)"
	fi
	cp "$b/gas/as-new" "$as.tmp" && mv "$as.tmp" "$as"
	rm -rf "$b"
fi

# A deterministic input: many small functions with local labels,
# arithmetic expressions, data directives and branches, so that the
# assembler's expression parser, symbol table and relaxation all work.
input=$work/input-$nblocks.s
if [ ! -f "$input" ]; then
	awk -v n="$nblocks" 'BEGIN {
		print "\t.text"
		for (i = 0; i < n; i++) {
			printf "\t.globl f%d\n\t.type f%d, @function\nf%d:\n", i, i, i
			printf "\tmovq $%d, %%rax\n", (i * 7919) % 100003
			printf "\tleaq %d(%%rsp,%%rbx,8), %%rcx\n", (i % 97) * 8
			printf "\taddl $(%d+%d*3), %%edx\n", i % 13, i % 17
			printf "1:\tsubq $1, %%rax\n\tjnz 1b\n"
			printf "\tcall f%d\n", (i * 31) % n
			printf "\tret\n\t.size f%d, .-f%d\n", i, i
			if (i % 8 == 0)
				printf "\t.data\nd%d:\t.quad f%d, %d\n\t.text\n", i, i, i
		}
	}' > "$input.tmp" && mv "$input.tmp" "$input"
fi

# The profile, made once.
prof=$work/prof-$nblocks
if [ ! -f "$prof/gmon.out" ]; then
	rm -rf "$prof"
	mkdir -p "$prof"
	(cd "$prof" && "$as" --64 -o out.o "$input") ||
		die "gas failed on $input"
	[ -f "$prof/gmon.out" ] || die "gas wrote no gmon.out"
	rm -f "$prof/out.o"
fi

# measure: bench/measure.sh (CPU seconds).
# shellcheck disable=SC2034 # read by measure
measure_cpu=1
# shellcheck source=bench/measure.sh
. "$(dirname "$0")/measure.sh"

# row NAME ARGS...: time GNU and ours (runs taking turns), compare out.txt,
# print a row.
row() {
	name=$1
	shift
	r=$work/runs/$(printf '%s' "$name" | tr -c 'a-zA-Z0-9' '_')
	measure_pair "$r/gnu" "$gnu" "$r/ours" "$ours" "$@"
	# shellcheck disable=SC2046 # two words from each file
	set -- $(cat "$r/gnu/time.txt") $(cat "$r/ours/time.txt")
	if [ "$(cat "$r/ours/status")" != 0 ]; then
		same="FAIL(ours: exit $(cat "$r/ours/status"))"
	elif [ "$(cat "$r/gnu/status")" != 0 ]; then
		same="FAIL(gnu)"
	elif cmp -s "$r/gnu/out.txt" "$r/ours/out.txt"; then
		same=identical
	else
		same="DIFFERENT (out.txt)"
	fi
	awk -v n="$name" -v gs="$1" -v gk="$2" -v os="$3" -v ok="$4" \
		-v s="$same" 'BEGIN {
		ratio = os > 0 ? sprintf("%.2f", gs / os) : (gs > 0 ? ">100" : "-")
		printf "| %-22s | %8.3f | %8.3f | %8s | %8.1f | %8.1f | %s |\n",
			n, gs, os, ratio, gk / 1024, ok / 1024, s
	}'
}

model=$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)
echo
echo "gas ($(wc -c < "$as") bytes, -g -O2 -pg) assembling $nblocks blocks," \
	"$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, $model"
echo "command: BENCH_GAS_LINES=$nblocks BENCH_REPEAT=$repeat" \
	"sh bench/gas.sh $ours"
echo
echo "| workload (CPU s)       | GNU s    | ours s   | GNU/ours |" \
	"GNU MB   | ours MB  | same output |"
echo "| ---------------------- | -------- | -------- | -------- |" \
	"-------- | -------- | ----------- |"
row "gas -b -l" -b -l "$as" "$prof/gmon.out"
row "gas -b" -b "$as" "$prof/gmon.out"
echo "(outputs in $work/runs)"
