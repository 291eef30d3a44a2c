#!/bin/sh
# bench/runtime-aarch64.sh [BUILD_DIR] - the cost of the aarch64 hook
# (runtime/arch/aarch64.S) against glibc's aarch64 runtime, under
# qemu-user.  An emulator's times say nothing about a real core, so the
# only figure is guest instructions per call: qemu runs one instruction
# per translation block (-singlestep) without chaining blocks and logs
# every block it executes (-d nochain,exec); the "Trace" lines counted
# are the instructions the program ran.  The slope between fib(BIG) and
# fib(SMALL) (bench/rtfib.c, one thread) cancels start-up and the
# writing of the profile, leaving the instructions of one call of fib
# plus, for -pg builds, its hook.
#
# Builds (dynamic, as a program is usually linked): plain; gcc -pg with
# glibc's runtime; gcc -pg with ours (build/aarch64/libgmon.a, made by
# "make runtime-aarch64"); gcc -pg -mbranch-protection=pac-ret with
# ours, run with -cpu max (pointer authentication on); clang -pg with
# ours (clang 14 passes no frompc: glibc's runtime counts no arc of it,
# so it has no glibc row).  Counts are exact and repeatable but for a
# profiling signal now and then (a few hundred instructions).
#
# Environment: BENCH_A64_FIB="18 13" (BIG SMALL).  Files go to
# BUILD_DIR/bench/runtime-aarch64/.  Prints why and exits 0 when
# qemu-aarch64 or the cross compiler is missing.
set -eu

build=${1:-$(cd "$(dirname "$0")/.." && pwd)/build}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
set -- ${BENCH_A64_FIB:-18 13}
big=$1 small=$2
qemu=qemu-aarch64
xcc=aarch64-linux-gnu-gcc
sysroot=/usr/aarch64-linux-gnu
work=$build/bench/runtime-aarch64

for tool in $qemu $xcc; do
	if ! command -v $tool >/dev/null 2>&1; then
		echo "bench/runtime-aarch64: $tool is missing, no aarch64 figures" >&2
		exit 0
	fi
done
make -C "$top" -s runtime-aarch64 >&2
lib=$top/build/aarch64/libgmon.a
mkdir -p "$work"
cd "$work"

$xcc -O2 -c -o plain.o "$here/rtfib.c"
$xcc -O2 -pg -c -o pg.o "$here/rtfib.c"
$xcc -O2 -pg -mbranch-protection=pac-ret -c -o pac.o "$here/rtfib.c"
$xcc -o fib-plain plain.o -pthread
$xcc -pg -o fib-glibc pg.o -pthread
$xcc -pg -o fib-ours pg.o "$lib" -pthread
$xcc -pg -o fib-ours-pac-ret pac.o "$lib" -pthread
builds="plain glibc ours ours-pac-ret"
if command -v clang >/dev/null 2>&1; then
	clang --target=aarch64-linux-gnu -O2 -pg -c -o clang.o "$here/rtfib.c"
	clang --target=aarch64-linux-gnu -pg -o fib-ours-clang clang.o "$lib" -pthread
	builds="$builds ours-clang"
fi

# calls N: the calls fib(N) makes, 2 fib(N+1) - 1.
calls() {
	awk -v n="$1" 'BEGIN { a = 0; b = 1
		for (i = 0; i < n + 1; i++) { t = a + b; a = b; b = t }
		printf "%.0f\n", 2 * a - 1 }'
}

# insns EXE SIZE: the guest instructions of one run of fib(SIZE).
insns() {
	cpu=max
	rm -rf last
	mkdir last
	(cd last && "$qemu" -cpu $cpu -L "$sysroot" -singlestep -d nochain,exec \
		"$1" 1 1 "$2" 2>&1 >/dev/null) | grep -c '^Trace'
}

dcalls=$(awk -v a="$(calls "$big")" -v b="$(calls "$small")" 'BEGIN { printf "%.0f\n", a - b }')
echo
echo "qemu-aarch64 $("$qemu" --version | awk 'NR == 1 { print $3 }') -cpu max: guest instructions per call,"
echo "slope between fib($big) and fib($small) ($dcalls calls), one thread"
echo
printf '| build | insns/call | hook cost (over plain) |\n'
printf '| --- | ---: | ---: |\n'
base=
for b in $builds; do
	hi=$(insns "$work/fib-$b" "$big")
	lo=$(insns "$work/fib-$b" "$small")
	slope=$(awk -v h="$hi" -v l="$lo" -v d="$dcalls" 'BEGIN { printf "%.1f\n", (h - l) / d }')
	[ -n "$base" ] || base=$slope
	extra=$(awk -v s="$slope" -v b="$base" 'BEGIN { printf "%+.1f\n", s - b }')
	printf '| %s | %s | %s |\n' "$b" "$slope" "$extra"
done
