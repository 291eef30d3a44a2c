#!/bin/sh
# tests/rt-aarch64/run.sh - our collector (libgmon) on aarch64:
# runtime/arch/aarch64.S cross-built ("make runtime-aarch64":
# build/aarch64/libgmon.a and libgmon.so) and run under qemu-user.
#
# The programs are tests/rt-accept/progs (each prints its own call counts,
# "ARC caller callee count", truth.h).  Every profile is read with our
# gprof ($GPROF, an x86-64 program reading the aarch64 executable) and
# with binutils' aarch64 gprof ($ORACLE_AARCH64), both "-b -q": every
# arc count between the program's functions must equal the truth, and
# our "-b" report must be GNU's byte for byte with nothing on stderr.
#
# Groups:
#  - tstgmon: glibc's tst-gmon shape ("gprof -C": f1 2000, f2 1000,
#    f3 1, and main 1 when static) over {gcc, clang} x {no branch
#    protection, -mbranch-protection=pac-ret, =standard} x {non-PIE,
#    PIE, -static, -static-pie} x {linked with libgmon.a, libgmon.so
#    preloaded (qemu -E LD_PRELOAD) into a binary linked with glibc's
#    runtime (dynamic builds)}, run with "qemu-aarch64 -cpu max" (pointer
#    authentication on); pac-ret builds also on a core without it.
#  - pac: the pac-ret cases test something: under -cpu max the saved
#    return address really is signed; the hook is ready for BTI.
#  - glibc: the harness, checked: glibc's aarch64 runtime counts gcc's
#    arcs exactly but none of clang 14's (clang passes no frompc in x0,
#    which glibc's _mcount reads; ours reads the frame record).
#  - threads: 2 and 4 threads on the same arcs, gcc and clang, PIE and
#    static, every call counted.
#  - regs: x0-x8, x17, x18 and q0-q31 come back from the hook unchanged
#    (regs.c calls it from assembly).
#  - manyarcs: 8192 distinct arcs (the table grows, probes run long).
#  - signal: an instrumented handler interrupting the hook.
#  - sampling: the clock under emulation (qemu has no perf_event_open,
#    so a timer): a hot function gets samples, its never-run neighbour
#    none.
# Every count is exact; samples are only asserted zero or non-zero.
# Without qemu-aarch64, the cross compiler or the aarch64 libc, each
# group prints one SKIP line with the reason.  About 15 s on 2 busy
# cores.
#
# Env: GPROF, BUILD (absolute; files go to BUILD/rt-aarch64),
# QEMU_AARCH64 (qemu-aarch64), AARCH64_SYSROOT (/usr/aarch64-linux-gnu),
# ORACLE_AARCH64 (aarch64-linux-gnu-gprof).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${GPROF:=$top/build/gprof}"
: "${BUILD:=$top/build}"
QEMU=${QEMU_AARCH64:-qemu-aarch64}
SYSROOT=${AARCH64_SYSROOT:-/usr/aarch64-linux-gnu}
GNU=${ORACLE_AARCH64:-aarch64-linux-gnu-gprof}
XCC=aarch64-linux-gnu-gcc
XNM=aarch64-linux-gnu-nm
progs=$top/tests/rt-accept/progs
out=$BUILD/rt-aarch64
lib_a=$top/build/aarch64/libgmon.a
lib_so=$top/build/aarch64/libgmon.so
groups="tstgmon pac glibc threads regs manyarcs signal sampling"
# The helpers the collector suites share (verdict, one_profile,
# check_arcs...); has_gnu, set below, tells them whether $GNU is there.
. "$top/tests/rt-accept/harness.sh"

# skip_all WHY: one SKIP line per group.
skip_all() {
	for g in $groups; do
		skip "rt-aarch64/$g" "$1"
	done
	exit 0
}

command -v "$QEMU" >/dev/null 2>&1 || skip_all "$QEMU is not installed (qemu-user)"
command -v $XCC >/dev/null 2>&1 || skip_all "$XCC is not installed (gcc-aarch64-linux-gnu)"
[ -f "$SYSROOT/lib/libc.so.6" ] && [ -f "$SYSROOT/lib/gcrt1.o" ] ||
	skip_all "no aarch64 glibc in $SYSROOT (libc6-dev-arm64-cross)"
has_clang=yes
command -v clang >/dev/null 2>&1 || has_clang=no
has_gnu=yes
command -v "$GNU" >/dev/null 2>&1 || has_gnu=no

rm -rf "$out"
mkdir -p "$out/obj" "$out/bin" "$out/cases" || exit 1

# The collector for aarch64 (make knows when it is up to date).
if ! make -C "$top" -s runtime-aarch64 >"$out/make.log" 2>&1; then
	for g in $groups; do
		fail "rt-aarch64/$g" "make runtime-aarch64 failed ($(grep -m1 -i error "$out/make.log"))"
	done
	exit 0
fi
cc -O2 -o "$out/histsum" "$top/tests/rt-accept/histsum.c" || exit 1

# cc_cmd CC: the command line of a compiler name (clang targets aarch64
# and finds the gcc cross toolchain by itself).
cc_cmd() {
	case $1 in
	gcc) echo "$XCC" ;;
	clang) echo "clang --target=aarch64-linux-gnu" ;;
	esac
}

# bp_flag BP: the branch-protection flag of BP (none, pac-ret, standard).
bp_flag() {
	[ "$1" = none ] || echo "-mbranch-protection=$1"
}

# build EXE CC BP MODE RUNTIME SRC [FLAG...]: compile SRC (-O2 -pg, once
# per CC, BP, MODE, SRC and flags) and link it into EXE with RUNTIME
# (ours: -pg and libgmon.a; glibc: -pg alone).  clang 14 links
# -static-pie with the wrong start file (gcrt1.o), so that mode links
# through gcc: the code under test is still clang's.  Prints why and
# returns 1 on failure.
build() {
	_exe=$1 _cc=$2 _bp=$3 _mode=$4 _rt=$5 _src=$6
	shift 6
	_tag=$(echo "$*" | tr -c 'a-zA-Z0-9\n' '_')
	_obj=$out/obj/$(basename "$_src" .c)-$_cc-$_bp-$(mode_cflags "$_mode")$_tag.o
	if [ ! -f "$_obj" ]; then
		# shellcheck disable=SC2046
		if ! $(cc_cmd "$_cc") -O2 -pg $(bp_flag "$_bp") \
			$(mode_cflags "$_mode") -I"$progs" -c -o "$_obj" "$_src" \
			>"$_obj.log" 2>&1; then
			echo "cannot compile $(basename "$_src"): $(head -1 "$_obj.log")"
			return 1
		fi
	fi
	_lcc=$_cc
	[ "$_mode" = static-pie ] && _lcc=gcc
	_lib=
	[ "$_rt" = ours ] && _lib=$lib_a
	# shellcheck disable=SC2046,SC2086
	if ! $(cc_cmd "$_lcc") $(mode_ldflags "$_mode") -pg -o "$_exe" "$_obj" \
		$_lib -pthread >"$_exe.log" 2>&1; then
		echo "cannot link $(basename "$_exe"): $(grep -m1 -v warning "$_exe.log")"
		return 1
	fi
}

# run_prog NAME CPU PRELOAD EXE [VAR=VALUE...] -- [ARG...]: run EXE
# under qemu (CPU: its -cpu; PRELOAD yes: libgmon.so preloaded) in the
# empty folder $out/cases/NAME/run, its stdout (the truth) in
# $dir/truth.txt.  Sets $dir and $rundir; prints why and returns 1.
run_prog() {
	_name=$1 _cpu=$2 _pre=$3 _exe=$4
	shift 4
	set -- -cpu "$_cpu" -L "$SYSROOT" "$@"
	[ "$_pre" = yes ] && set -- "LD_PRELOAD=$lib_so" "$@"
	# VAR=VALUE words become -E options, the rest follows the exe.
	_q='' _a='' _seen=''
	for _w in "$@"; do
		if [ -n "$_seen" ]; then
			_a="$_a $_w"
		elif [ "$_w" = -- ]; then
			_seen=1
		else
			case $_w in
			-*) _q="$_q $_w" ;;
			*=*) _q="$_q -E $_w" ;;
			*) _q="$_q $_w" ;;
			esac
		fi
	done
	# shellcheck disable=SC2086
	run_case "$_name" 120 "$QEMU" $_q "$_exe" $_a
}

# simple_case NAME EXE CPU PRELOAD [VAR=VALUE...] [-- ARG...]: run,
# then check the profile's arcs (and, unless PRELOAD is "glibc", that
# libgmon wrote it; "glibc" runs without preloading).
simple_case() {
	_sn=$1 _se=$2 _sc=$3 _sp=$4 _side=side
	shift 4
	[ "$_sp" = glibc ] && _sp=no _side=
	# shellcheck disable=SC2086
	_why=$(run_prog "$_sn" "$_sc" "$_sp" "$_se" "$@" && one_profile $_side &&
		check_arcs "$_se" "$prof")
	verdict "$_sn" "$_why"
}

ccs=gcc
if [ $has_clang = yes ]; then
	ccs="gcc clang"
else
	skip "rt-aarch64/clang" "clang is not installed"
fi
[ $has_gnu = yes ] ||
	skip "rt-aarch64/oracle" "$GNU is not installed (binutils-aarch64-linux-gnu): our gprof alone reads the profiles"

# --- tstgmon: glibc's contract over the matrix ------------------------
for cc in $ccs; do
	for bp in none pac-ret standard; do
		for mode in nopie pie static static-pie; do
			for how in linked preload; do
				case $how/$mode in preload/static*) continue ;; esac
				rt=ours
				[ $how = preload ] && rt=glibc
				exe=$out/bin/tstgmon-$cc-$bp-$mode-$rt
				cpus=max
				[ $bp = pac-ret ] && [ $how = linked ] && cpus="max cortex-a57"
				for cpu in $cpus; do
					name=rt-aarch64/tstgmon/$cc-$bp-$mode-$how
					[ $cpu = max ] || name=$name-$cpu
					if ! why=$(build "$exe" $cc $bp $mode $rt "$progs/tstgmon.c"); then
						verdict "$name" "$why"
						continue
					fi
					pre=no
					[ $how = preload ] && pre=yes
					why=$(run_prog "$name" $cpu $pre "$exe" && one_profile side &&
						check_arcs "$exe" "$prof" &&
						tstgmon_counts "$exe" "$prof" $mode)
					verdict "$name" "$why"
				done
			done
		done
	done
done

# --- pac: under -cpu max a pac-ret build's saved LR is signed ---------
cat >"$out/obj/pacprobe.c" <<'EOF'
#include <stdio.h>
/* Compares the return address as saved in the frame record with the
 * one the compiler strips: they differ when pointer authentication
 * signed it.  A signature can come out all zero bits (one chance in
 * 2^k for k bits of it, 7 with 48-bit addresses), so PROBE runs from
 * 16 frames whose stack pointers, the signature's modifier, differ;
 * any difference means signed. */
__attribute__((noinline)) int
probe(void)
{
	void *saved = ((void **)__builtin_frame_address(0))[1];
	void *plain = __builtin_return_address(0);
	return saved != plain;
}
__attribute__((noinline)) int
walk(int depth)
{
	int s = probe();

	if (depth > 0)
		s |= walk(depth - 1);
	__asm__ volatile("");
	return s;
}
int
main(void)
{
	printf("%s\n", walk(16) ? "signed" : "plain");
	return 0;
}
EOF
name=rt-aarch64/pac/signed-under-cpu-max
why=$($XCC -O2 -fno-omit-frame-pointer -mbranch-protection=pac-ret \
	-o "$out/bin/pacprobe" "$out/obj/pacprobe.c" 2>&1) || why="cannot build pacprobe: $why"
if [ -z "$why" ]; then
	got=$("$QEMU" -cpu max -L "$SYSROOT" "$out/bin/pacprobe" 2>&1)
	plain=$("$QEMU" -cpu cortex-a57 -L "$SYSROOT" "$out/bin/pacprobe" 2>&1)
	[ "$got $plain" = "signed plain" ] ||
		why="the saved LR is '$got' under -cpu max, '$plain' on cortex-a57; want signed, plain"
fi
verdict "$name" "$why"

# BTI cannot be run here (Debian's aarch64 start files have no landing
# pads, so no -z force-bti program starts under qemu -cpu max): check
# the hook's object instead.  It must start with "bti c" (a PLT reaches
# it with br) and say BTI and PAC in its property note, or a BTI link
# of all-BTI objects would lose the marking.
name=rt-aarch64/pac/hook-bti-ready
obj=$top/build/aarch64/runtime/arch/aarch64.o
first=$(aarch64-linux-gnu-objdump -d "$obj" 2>/dev/null |
	awk '/<_mcount>:/ { getline; $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }')
note=$(aarch64-linux-gnu-readelf -n "$obj" 2>/dev/null | grep 'AArch64 feature')
why=
case $first in "bti"*" c"*) ;; *) why="_mcount starts with '$first', want 'bti c'" ;; esac
case $note in *BTI*PAC*) ;; *) why="${why:+$why; }property note '$note', want BTI, PAC" ;; esac
verdict "$name" "$why"

# --- glibc: the harness, against glibc's runtime ----------------------
# gcc passes frompc in x0: glibc counts every arc.  clang 14 does not:
# glibc's runtime then counts none of the program's arcs.
exe=$out/bin/tstgmon-gcc-none-pie-glibc
simple_case rt-aarch64/glibc/gcc-exact "$exe" max glibc
if [ $has_clang = yes ]; then
	name=rt-aarch64/glibc/clang-no-arcs
	exe=$out/bin/tstgmon-clang-none-pie-glibc
	why=$(run_prog "$name" max no "$exe" && one_profile && {
		gprof_arcs "$GPROF" "$exe" "$prof" >"$dir/arcs-ours.txt"
		n=$(awk '$1 ~ /^(main|f1|f2|f3)$/ && $2 ~ /^(f1|f2|f3)$/' \
			"$dir/arcs-ours.txt" | wc -l)
		[ "$n" -eq 0 ] ||
			echo "glibc's runtime counted $n arcs of clang code; the case meant to show it cannot"
	})
	verdict "$name" "$why"
fi

# --- threads: 2 and 4 threads on the same arcs ------------------------
for cc in $ccs; do
	for mode in pie static; do
		exe=$out/bin/threads-$cc-$mode
		if ! why=$(build "$exe" $cc none $mode ours "$progs/threads.c"); then
			for n in 2 4; do
				verdict "rt-aarch64/threads-$n/$cc-$mode" "$why"
			done
			continue
		fi
		for n in 2 4; do
			simple_case "rt-aarch64/threads-$n/$cc-$mode" "$exe" max no \
				-- $n 20000
		done
	done
done
exe=$out/bin/threads-gcc-pacret-pie-glibc
if ! why=$(build "$exe" gcc pac-ret pie glibc "$progs/threads.c"); then
	verdict rt-aarch64/threads-4/gcc-pac-ret-pie-preload "$why"
else
	simple_case rt-aarch64/threads-4/gcc-pac-ret-pie-preload "$exe" max yes \
		-- 4 20000
fi

# --- regs: what the hook keeps (x0-x8, x17, x18, q0-q31), on the slow
# path, the fast path and with profiling off -----------------------------
for mode in pie static; do
	name=rt-aarch64/regs/$mode
	exe=$out/bin/regs-$mode
	if ! why=$(build "$exe" gcc none $mode ours "$here/regs.c"); then
		verdict "$name" "$why"
		continue
	fi
	why=$(run_prog "$name" max no "$exe" && {
		grep -q '^REGS ok$' "$dir/truth.txt" || {
			grep -m1 '^REGS' "$dir/truth.txt" || echo 'no REGS line'
			false
		}
	} && one_profile && check_arcs "$exe" "$prof")
	verdict "$name" "$why"
done

# --- manyarcs: 8192 arcs (table growth, long probes), and through a
# pointer: one call site, many callees -----------------------------------
sh "$progs/gen-manyarcs.sh" 128 64 >"$out/obj/manyarcs.c"
for cc in $ccs; do
	exe=$out/bin/manyarcs-$cc
	name=rt-aarch64/manyarcs/$cc-pie
	if ! why=$(build "$exe" $cc none pie ours "$out/obj/manyarcs.c"); then
		verdict "$name" "$why"
		continue
	fi
	simple_case "$name" "$exe" max no
done

# --- signal: an instrumented handler interrupting the hook ------------
for cc in $ccs; do
	exe=$out/bin/signal-$cc
	name=rt-aarch64/signal/$cc-pac-ret-pie
	if ! why=$(build "$exe" $cc pac-ret pie ours "$progs/signal.c"); then
		verdict "$name" "$why"
		continue
	fi
	simple_case "$name" "$exe" max no -- 200
done

# --- sampling: the clock under emulation ------------------------------
name=rt-aarch64/sampling/hot-neighbour-unsampled
exe=$out/bin/hotcold
if ! why=$(build "$exe" gcc none pie ours "$progs/hotcold.c" -fno-toplevel-reorder); then
	verdict "$name" "$why"
else
	why=$(run_prog "$name" max no "$exe" LIBGMON_VERBOSE=1 && one_profile &&
		check_arcs "$exe" "$prof" && {
		grep -q 'perf task-clock' "$dir/stderr.txt" &&
			echo "perf sampled under emulation: $(grep -m1 libgmon "$dir/stderr.txt")"
		# PIE: the profile's addresses are the file's (nm's).
		hot_cold $XNM "$exe" "$prof"
	})
	verdict "$name" "$why"
fi
exit 0
