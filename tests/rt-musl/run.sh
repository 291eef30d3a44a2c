#!/bin/sh
# tests/rt-musl/run.sh - libgmon on musl (issue 13).
#
# musl has no mcount and its start files never call monstartup, so a
# program built "musl-gcc -pg" is linked with our collector built for
# musl (make runtime-musl: build/musl/libgmon.a and libgmon.so), which
# starts itself from its constructor.  The suite builds that, then runs
# the programs of tests/rt-accept/progs (which print their own call counts,
# truth.h) built with musl-gcc, and requires what tests/rt-accept requires
# of glibc builds: our gprof ($GPROF) and GNU gprof ($ORACLE, default
# /usr/bin/gprof) both exit 0 and print the true arc counts, and with -b
# our report is GNU's byte for byte, with no warning.
#
# Cases: the build itself (warning-free against musl's headers); the
# perf ABI declared for musl (runtime/perf_abi.h) laid out as the
# kernel's header has it; glibc's tst-gmon contract ("gprof -C": f1
# 2000, f2 1000, f3 1, and main 1 when static) over {-pg, -pg -mfentry}
# x {static, static-pie, PIE, non-PIE} x {libgmon.a, libgmon.so (dynamic
# only)}; moncontrol, monstartup and _mcleanup called by hand, an
# atexit() handler's calls (musl runs them before the destructors), the
# load base and build-id the side file records (against /proc/self/maps
# and the ELF note); calls from the program's constructor and
# destructor; 2 and 4 threads, 10,000
# short-lived threads, fork, an instrumented signal handler; samples in
# the hot function with each clock (perf: SKIP when perf_event_open is
# refused), asserted only to be there, and most of them; LIBGMON_DUMP_ON
# _exit and exec through libgmon.so.  SKIP (every case) without
# musl-gcc (Debian: musl-tools).  Optional, when a musl sysroot for arm64
# was made by scripts/musl-aarch64-root.sh (else one SKIP line): the
# same on aarch64 under qemu-user (tst-gmon in every link mode, the
# by-hand calls, threads, fork), read by binutils' aarch64 gprof too.
# About 10 s (15 s with aarch64).
#
# Env: GPROF, BUILD (absolute; programs and runs go to
# BUILD/rt-musl), ORACLE, MUSL_CC (default musl-gcc),
# MUSL_AARCH64_ROOT (default build/musl-aarch64-root), QEMU_AARCH64.
# The collector is built in the tree's build/musl/ (and
# build/musl-aarch64/) whatever BUILD is.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${GPROF:=$top/build/gprof}"
: "${BUILD:=$top/build}"
GNU=${ORACLE:-/usr/bin/gprof}
MCC=${MUSL_CC:-musl-gcc}
RUNNER= # what runs a program: nothing, or qemu (aarch64)
progs=$top/tests/rt-accept/progs
core=$top/tests/rt-core
lib=$top/build/musl
out=$BUILD/rt-musl
# The helpers the collector suites share (verdict, one_profile,
# check_arcs...).
. "$top/tests/rt-accept/harness.sh"
# The runtime reads these; the caller's must not leak in.
unset GMON_OUT_PREFIX PROFDIR LIBGMON_OUT LIBGMON_FORK LIBGMON_DUMP_ON \
	LIBGMON_VERBOSE LIBGMON_RATE LIBGMON_CLOCK

if ! command -v "$MCC" >/dev/null 2>&1; then
	skip "rt-musl/all" "no $MCC (Debian package musl-tools)"
	exit 0
fi
rm -rf "$out"
mkdir -p "$out/bin" "$out/cases" || exit 1

# --- the collector, built for musl, without a warning -----------------
name=rt-musl/build
# Built again from scratch (-B: a warning shows only when a file is
# compiled); a make started by "make check" must not share its job
# server.
if ! (unset MAKEFLAGS MFLAGS MAKELEVEL && cd "$top" &&
	make -s -B MUSL_CC="$MCC" runtime-musl) >"$out/build.log" 2>&1; then
	fail "$name" "make runtime-musl failed: $(grep -m1 -E 'error|Error' "$out/build.log")"
	exit 0
fi
verdict "$name" "$(grep -m1 -E 'warning|error' "$out/build.log")"

cc -O2 -o "$out/histsum" "$top/tests/rt-accept/histsum.c" || exit 1
cc -O2 -o "$out/perfprobe" "$top/tests/rt-accept/perfprobe.c" || exit 1

# --- the perf ABI musl builds declare themselves ----------------------
name=rt-musl/perf-abi
why=$(
	for how in kernel own musl; do
		case $how in
		kernel) c="cc" ;;
		own) c="cc -DGMON_OWN_PERF_ABI" ;;
		musl) c=$MCC ;;
		esac
		$c -I"$top/runtime" -o "$out/perfabi-$how" "$here/perfabi.c" \
			>"$out/perfabi-$how.log" 2>&1 &&
			"$out/perfabi-$how" >"$out/perfabi-$how.txt" ||
			echo "cannot build or run the $how probe"
	done
	for how in own musl; do
		cmp -s "$out/perfabi-kernel.txt" "$out/perfabi-$how.txt" ||
			echo "$how layout differs: $(diff "$out/perfabi-kernel.txt" "$out/perfabi-$how.txt" | grep -m1 '^>')"
	done
)
verdict "$name" "$why"

# The start files musl-gcc links (its specs know no static PIE: that
# link is spelled out with them and musl's rcrt1.o).
crts=$($MCC -### -x c /dev/null -o "$out/x" 2>&1 | sed 's/[ "]/\n/g')
mlib=$(echo "$crts" | sed -n 's,/crti\.o$,,p' | head -1)
crtbegin=$(echo "$crts" | grep -m1 '/crtbeginS\.o$')
crtend=$(echo "$crts" | grep -m1 '/crtendS\.o$')

# mbuild EXE HOOK MODE LIB SRC [FLAG...]: build SRC with musl-gcc -O2
# -pg (HOOK fentry: -mfentry too) into EXE for link MODE (static,
# static-pie, pie, nopie), linked with LIB (a: libgmon.a; so:
# libgmon.so, found through the run path).  Prints why on failure.
mbuild() {
	_exe=$1 _hook=$2 _mode=$3 _lib=$4 _src=$5
	shift 5
	[ -x "$_exe" ] && return 0
	_hf=
	[ "$_hook" = fentry ] && _hf=-mfentry
	_l=$lib/libgmon.a
	[ "$_lib" = so ] && _l="-L$lib -Wl,-rpath,$lib -lgmon"
	# $_l is one word or several, on purpose.
	# shellcheck disable=SC2086
	case $_mode in
	static) set -- -static "$_src" "$@" $_l ;;
	pie) set -- -fPIE -pie "$_src" "$@" $_l ;;
	nopie) set -- -fno-PIE -no-pie "$_src" "$@" $_l ;;
	static-pie)
		if [ ! -f "$mlib/rcrt1.o" ]; then
			echo "no rcrt1.o in musl's folder '$mlib'"
			return 1
		fi
		set -- -fPIE -static -nostartfiles -Wl,-pie \
			-Wl,--no-dynamic-linker "$mlib/rcrt1.o" "$mlib/crti.o" \
			"$crtbegin" "$_src" "$@" $_l "$crtend" "$mlib/crtn.o"
		;;
	esac
	# shellcheck disable=SC2086
	if ! $MCC -O2 -pg $_hf -I"$progs" -o "$_exe" "$@" >"$_exe.log" 2>&1; then
		echo "cannot build $(basename "$_exe"): $(grep -m1 -E 'error|undefined' "$_exe.log")"
		return 1
	fi
}

# run_prog NAME EXE [VAR=VALUE...] [-- ARG...]: run_env of EXE (the
# truth in $dir/truth.txt), through $RUNNER.  Prints why and returns 1
# when it fails.
run_prog() {
	_name=$1 _exe=$2
	shift 2
	run_env "$_name" "$RUNNER" "$_exe" "$@"
}

# simple_case NAME EXE [VAR=VALUE...] [-- ARG...]
simple_case() {
	_sn=$1 _se=$2
	shift 2
	_why=$(run_prog "$_sn" "$_se" "$@" && one_profile side &&
		check_arcs "$_se" "$prof")
	verdict "$_sn" "$_why"
}

# leaf_count GPROF EXE PROFILE...: the calls of leaf, by "-b -C".
leaf_count() {
	_g=$1 _e=$2
	shift 2
	"$_g" -b -C "$_e" "$@" 2>/dev/null |
		awk -F '[(): ]' '/executions/ && $5 == "leaf" { s += $8 }
			END { printf "%.0f\n", s }'
}

# leaf_is N EXE PROFILE: our gprof and GNU's count N calls of leaf.
leaf_is() {
	for _g in "$GPROF" "$GNU"; do
		_n=$(leaf_count "$_g" "$2" "$3")
		[ "$_n" = "$1" ] || echo "$(basename "$_g") counts leaf $_n, want $1"
	done
}

# --- glibc's contract -------------------------------------------------
# tstgmon_group HOOK...: over the link modes and both libraries.
tstgmon_group() {
	for hook in "$@"; do
		for mode in static static-pie pie nopie; do
			for l in a so; do
				case $l/$mode in so/static*) continue ;; esac
				name=$T/tstgmon/$hook-$mode-$l
				exe=$bin/tstgmon-$hook-$mode-$l
				if ! why=$(mbuild "$exe" $hook $mode $l "$progs/tstgmon.c"); then
					verdict "$name" "$why"
					continue
				fi
				why=$(run_prog "$name" "$exe" && one_profile side &&
					check_arcs "$exe" "$prof" &&
					tstgmon_counts "$exe" "$prof" $mode)
				verdict "$name" "$why"
			done
		done
	done
}
T=rt-musl
bin=$out/bin
hooks=pg
[ "$(uname -m)" = x86_64 ] && hooks="pg fentry" # -mfentry is x86's
# shellcheck disable=SC2086
tstgmon_group $hooks

# --- musl-gcc links without a build-id; asked for, it reaches the side
# file (which ties the profile to the executable) -------------------
name=rt-musl/build-id
exe=$out/bin/tstgmon-buildid
if ! why=$(mbuild "$exe" pg pie a "$progs/tstgmon.c" -Wl,--build-id); then
	verdict "$name" "$why"
else
	why=$(run_prog "$name" "$exe" && one_profile side && check_arcs "$exe" "$prof" && {
		want=$(readelf -n "$exe" | sed -n 's/^ *Build ID: *\([0-9a-f]*\)$/\1/p')
		got=$("$GPROF" -d "$exe" "$prof" 2>&1 |
			sed -n 's/^\[side\] program .*, build-id \([0-9a-f]*\), load base .*/\1/p')
		[ -n "$want" ] && [ "$got" = "$want" ] ||
			echo "side file build-id '$got', the executable's '$want'"
	})
	verdict "$name" "$why"
fi

# --- moncontrol, monstartup and _mcleanup by hand; atexit; load base --
# byhand_group MODE...
byhand_group() {
	for mode in "$@"; do
		exe=$bin/byhand-$mode
		if ! why=$(mbuild "$exe" pg $mode a "$here/byhand.c"); then
			verdict "$T/byhand/$mode" "$why"
			continue
		fi
		for arg in "" atexit; do
			name=$T/byhand/$mode${arg:+-$arg}
			[ -n "$arg" ] && case $mode in static-pie | nopie) continue ;; esac
			why=$(run_prog "$name" "$exe" -- $arg && one_profile side &&
				check_arcs "$exe" "$prof" && {
				# PIE: the side file's load base is where the file is
				# mapped; a fixed-address program has base 0.
				base=$(awk '$1 == "BASE" { print $2 }' "$dir/truth.txt")
				case $mode in static-pie | pie) ;; *) base=0 ;; esac
				got=$("$GPROF" -d "$exe" "$prof" 2>&1 |
					sed -n 's/^\[side\] program .*, load base 0x\([0-9a-f]*\)$/\1/p')
				[ "$got" = "$base" ] ||
					echo "side file load base '$got', mapped at '$base'"
			})
			verdict "$name" "$why"
		done
	done
}
byhand_group static static-pie pie nopie

# --- the program's constructor and destructor (runtime-core's ctor.c):
# the collector starts before the one and writes after the other ------
for ml in static-a pie-a pie-so; do
	name=rt-musl/ctor-dtor/$ml
	exe=$out/bin/ctor-$ml
	if ! why=$(mbuild "$exe" pg ${ml%-*} ${ml#*-} "$core/ctor.c"); then
		verdict "$name" "$why"
		continue
	fi
	why=$(run_prog "$name" "$exe" && one_profile side &&
		leaf_is 111 "$exe" "$prof")
	verdict "$name" "$why"
done

# --- threads, thread churn, fork, a signal handler --------------------
# threads_group MODE-LIB...
threads_group() {
	for ml in "$@"; do
		exe=$bin/threads-$ml
		if ! why=$(mbuild "$exe" pg ${ml%-*} ${ml#*-} "$progs/threads.c" -pthread); then
			for n in 2 4; do verdict "$T/threads-$n/$ml" "$why"; done
			continue
		fi
		for n in 2 4; do
			simple_case "$T/threads-$n/$ml" "$exe" -- $n 50000
		done
	done
}
threads_group static-a pie-a pie-so
exe=$out/bin/churn-pie-a
if why=$(mbuild "$exe" pg pie a "$progs/churn.c" -pthread); then
	simple_case rt-musl/churn-10000/pie-a "$exe" -- 10000
else
	verdict rt-musl/churn-10000/pie-a "$why"
fi
# fork_group MODE-LIB...
fork_group() {
	for ml in "$@"; do
		name=$T/fork/$ml
		exe=$bin/fork-$ml
		if ! why=$(mbuild "$exe" pg ${ml%-*} ${ml#*-} "$progs/fork.c"); then
			verdict "$name" "$why"
			continue
		fi
		why=$(run_prog "$name" "$exe" && fork_arcs "$exe")
		verdict "$name" "$why"
	done
}
fork_group static-a pie-a
for ml in static-a pie-a; do
	exe=$out/bin/signal-$ml
	if why=$(mbuild "$exe" pg ${ml%-*} ${ml#*-} "$progs/signal.c"); then
		# As in tests/rt-accept: a signal every 200 us keeps the thread
		# in the kernel, where perf's user-mode samples miss time, and
		# gprof may say so.
		simple_case "rt-musl/signal/$ml" "$exe" -- 500
	else
		verdict "rt-musl/signal/$ml" "$why"
	fi
done

# --- samples land in the hot function, with each clock ----------------
# (only "some" and "most of them": never a number of samples)
exe=$out/bin/hotcold-pie-a
if ! why=$(mbuild "$exe" pg pie a "$progs/hotcold.c" -fno-toplevel-reorder); then
	verdict rt-musl/samples "$why"
else
	# shellcheck disable=SC2046
	set -- $(nm -S "$exe" | awk '$4 == "tiny_hot" { print $1, $2 }')
	hot_lo=$1 hot_hi=$(printf '%x' $((0x$1 + 0x$2)))
	for clock in perf thread itimer; do
		name=rt-musl/samples/$clock
		if [ $clock = perf ] && ! probe=$("$out/perfprobe"); then
			skip "$name" "$probe"
			continue
		fi
		why=$(run_prog "$name" "$exe" LIBGMON_CLOCK=$clock LIBGMON_VERBOSE=1 &&
			one_profile side && check_arcs "$exe" "$prof" && {
			ran=$(sed -n 's/^libgmon: clock \([^,]*\),.*/\1/p' "$dir/stderr.txt")
			hot=$("$out/histsum" "$prof" "$hot_lo" "$hot_hi") || hot=error
			all=$("$out/histsum" "$prof" | awk '{ print $1 }')
			case $clock/$ran in
			perf/perf* | thread/thread* | itimer/ITIMER* | itimer/process*) ;;
			*) echo "LIBGMON_CLOCK=$clock ran '$ran'" ;;
			esac
			if [ "$hot" = error ] || [ "$hot" -eq 0 ]; then
				echo "tiny_hot got no samples ($all in all)"
			elif [ $((hot * 2)) -le "$all" ]; then
				echo "tiny_hot got $hot of $all samples, want most"
			fi
		})
		verdict "$name" "$why"
	done
fi

# --- LIBGMON_DUMP_ON=_exit,exec: libgmon.so's wrappers on musl --------
exe=$out/bin/life-pie-so
if ! why=$(mbuild "$exe" pg pie so "$core/life.c"); then
	verdict rt-musl/dump-on/exit "$why"
	verdict rt-musl/dump-on/exec "$why"
else
	for ev in exit exec; do
		name=rt-musl/dump-on/$ev
		why=$(run_prog "$name" "$exe" LIBGMON_DUMP_ON=_exit,exec -- $ev &&
			one_profile side && leaf_is 900 "$exe" "$prof")
		verdict "$name" "$why"
	done
fi

# --- aarch64 under qemu-user (optional) -------------------------------
# Debian's musl for arm64 comes as packages of that architecture, which
# a machine without an arm64 package list cannot install: the sysroot is
# made by scripts/musl-aarch64-root.sh (private apt folders, about 10 MB
# fetched), which this suite runs when it is missing and it runs as
# root with the cross compiler installed (as on CI); elsewhere, and when
# the fetch fails, the group is skipped.  The collector is cross-built
# with runtime/arch/aarch64.S into build/musl-aarch64/; profiles are
# read by our gprof and binutils' aarch64 gprof.
a64=${MUSL_AARCH64_ROOT:-$top/build/musl-aarch64-root}
T=rt-musl/aarch64
qemu=${QEMU_AARCH64:-qemu-aarch64}
[ -n "${MUSL_AARCH64_ROOT:-}" ] ||
	musl_aarch64_root "$a64" "$out/musl-aarch64-root.log"
if [ ! -x "$a64/musl-gcc" ] || [ ! -d "$a64/root" ]; then
	skip "$T" "no musl sysroot for arm64 in $a64 (make one with scripts/musl-aarch64-root.sh)"
	exit 0
fi
for tool in "$qemu" aarch64-linux-gnu-gprof aarch64-linux-gnu-objcopy; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		skip "$T" "no $tool"
		exit 0
	fi
done
if [ ! -f "$top/runtime/arch/aarch64.S" ]; then
	skip "$T" "no runtime/arch/aarch64.S"
	exit 0
fi
MCC=$a64/musl-gcc
lib=$top/build/musl-aarch64
GNU=aarch64-linux-gnu-gprof
RUNNER="$qemu -L $a64/root"
bin=$out/a64
mkdir -p "$bin"
if ! (unset MAKEFLAGS MFLAGS MAKELEVEL && cd "$top" &&
	make -s -B MUSL_OUT=build/musl-aarch64 MUSL_CC="$MCC" MUSL_ARCH=aarch64 \
		MUSL_OBJCOPY=aarch64-linux-gnu-objcopy \
		MUSL_AR=aarch64-linux-gnu-ar runtime-musl) >"$out/build-a64.log" 2>&1; then
	fail "$T/build" "make runtime-musl for aarch64 failed: $(grep -m1 -E 'error|Error' "$out/build-a64.log")"
	exit 0
fi
verdict "$T/build" "$(grep -m1 -E 'warning|error' "$out/build-a64.log")"
why=$(
	for how in kernel musl; do
		c=$MCC
		[ $how = kernel ] && c=aarch64-linux-gnu-gcc
		$c -static -I"$top/runtime" -o "$bin/perfabi-$how" "$here/perfabi.c" \
			>"$bin/perfabi-$how.log" 2>&1 &&
			$RUNNER "$bin/perfabi-$how" >"$bin/perfabi-$how.txt" ||
			echo "cannot build or run the $how probe"
	done
	cmp -s "$bin/perfabi-kernel.txt" "$bin/perfabi-musl.txt" ||
		echo "musl layout differs: $(diff "$bin/perfabi-kernel.txt" "$bin/perfabi-musl.txt" | grep -m1 '^>')"
)
verdict "$T/perf-abi" "$why"
crts=$($MCC -### -x c /dev/null -o "$out/x" 2>&1 | sed 's/[ "]/\n/g')
mlib=$(echo "$crts" | sed -n 's,/crti\.o$,,p' | head -1)
crtbegin=$(echo "$crts" | grep -m1 '/crtbeginS\.o$')
crtend=$(echo "$crts" | grep -m1 '/crtendS\.o$')
tstgmon_group pg
byhand_group static pie
threads_group static-a pie-so
fork_group static-a
exit 0
