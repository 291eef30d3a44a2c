#!/bin/sh
# tests/rt-stacks/run.sh - the collector's half of the measured call
# graph (issue 20): the calling context recorded with every sample
# (runtime/stacks.c), written as STACKS and STACKINFO records of the
# side file, held against programs that know their own truth.
#
# walk: the walker alone (walk.c: real frames under a timer, hostile
# frame chains, a function caught in its prologue, the table, the merge
# and the records' bytes).  Then truth programs (progs/), built -O2 -pg,
# run at LIBGMON_RATE=1000, their side file decoded by decode.py (frames
# resolved with nm): every stack's frames in an order the program's
# calls allow, each function's callers as the source has them, the
# measured share of a callee's samples under each caller within
# max(5 points, 4 sigma + 1 point) of the truth the program prints
# (callers.c: per-call cost differing 1000x; ctor.c: a profiled
# constructor before main, whose stacks are still complete; recur.c: mutual recursion
# with unequal members; threads.c: 2 and 4 threads on different paths,
# 3 points more, since threads that run at once on a loaded machine do
# not run equally fast;
# shmain.c: a -pg shared library and a dlopened one), complete stacks
# ending at main or a thread's start routine, a qsort callback whose
# stacks cross libc's frames by their call-frame information and reach
# main, complete (qsortcb.c), and worker threads calling back from an
# event loop in a library built without -pg or frame pointers
# (evloop.c, libevl.c: at least 90 % of those stacks complete).  The perf clock (the
# default: the kernel's call chains) and the thread timers (the signal
# handler's walk); fork (the child's own profile), a profiled signal
# handler, longjmp, C++ exceptions; a host program built without -pg
# with libgmon.so preloaded (the -pg libraries' stacks stop at its
# frames, truncated); LIBGMON_STACKS=0 (no records);
# GNU gprof still reads every gmon.out.  On qemu-aarch64 (the signal
# walk over x29/x30, with and without PAC) and musl when installed.
#
# Env: BUILD (default build/), GPROF (our gprof, default build/gprof),
# QEMU_AARCH64, AARCH64_SYSROOT, MUSL_CC.
# Files stay in BUILD/rt-stacks/.
#
# Word lists (decode.py's options, the emulator and its options, knobs)
# are split on purpose:
# shellcheck disable=SC2086
set -u
LC_ALL=C
export LC_ALL
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${BUILD:=$top/build}"
. "$top/tests/lib.sh"
progs=$here/progs
out=$BUILD/rt-stacks
rm -rf "$out"
mkdir -p "$out" || exit 1
decode="python3 $here/decode.py"

if ! command -v python3 >/dev/null 2>&1; then
	skip "rt-stacks/all" "no python3 (the side-file decoder)"
	exit 0
fi

# The platform: cc (gcc), cxx, lib (libgmon.a), runner, nm, scale.
plat=x86_64 cc=gcc cxx=g++ lib=$BUILD/libgmon.a runner="" nm="nm" scale=12
libc_cfi=yes # the C library's qsort has call-frame information
[ -f "$lib" ] || lib=$top/build/libgmon.a

# build NAME SRC [FLAGS...]: the -pg program $pout/bin/NAME.
build() {
	_n=$1 _s=$2
	shift 2
	_c=$cc
	case $_s in *.cc) _c=$cxx ;; esac
	mkdir -p "$pout/bin"
	$_c -O2 -pg -I"$progs" -I"$top/tests/rt-accept/progs" -o "$pout/bin/$_n" \
		"$progs/$_s" "$@" "$lib" -lpthread -ldl >"$pout/$_n.build" 2>&1
}

# run NAME EXE [VAR=VALUE...] -- ARGS: run EXE in $pout/NAME/ (its
# stdout, the truth, into truth.txt; EXE's path into exe.txt); the side
# file is $pout/NAME/gmon.out.gmonx.
run() {
	_n=$1 _e=$2
	shift 2
	_env=
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		_env="$_env $1"
		shift
	done
	[ $# -gt 0 ] && shift
	rm -rf "${pout:?}/$_n"
	mkdir -p "$pout/$_n"
	echo "$_e" >"$pout/$_n/exe.txt"
	(cd "$pout/$_n" && env LIBGMON_RATE=1000 $_env timeout 300 \
		$runner "$_e" "$@" >truth.txt 2>stderr.txt)
}

# check NAME EXE DIR [decode.py options]: decode DIR's side file.
check() {
	_n=$1 _e=$2 _d=$3
	shift 3
	$decode "$_d/gmon.out.gmonx" --exe "$_e" --nm "$nm" \
		--truth "$_d/truth.txt" "$@" >"$_d/decode.txt" 2>&1
	verdict_log "rt-stacks/$plat/$_n" "$_d/decode.txt" $?
}

main_rules="--callers main=- --complete main"
callers_rules="--callers work=cheap,dear --callers cheap=main
	--callers dear=main $main_rules"

# truth_cases CLOCK: the truth programs on $plat, clock CLOCK ("":
# the default).
truth_cases() {
	_k=${1:+-$1}
	_env=${1:+LIBGMON_CLOCK=$1}
	if run "callers$_k" "$pout/bin/callers" $_env -- "$scale"; then
		check "callers$_k" "$pout/bin/callers" "$pout/callers$_k" \
			$callers_rules --min-samples 50
	else
		fail "rt-stacks/$plat/callers$_k" "exited $?"
	fi
	if run "ctor$_k" "$pout/bin/ctor" $_env -- "$scale"; then
		check "ctor$_k" "$pout/bin/ctor" "$pout/ctor$_k" \
			--callers work=busy,setup --callers busy=main \
			--callers setup=- $main_rules
	else
		fail "rt-stacks/$plat/ctor$_k" "exited $?"
	fi
	if run "recur$_k" "$pout/bin/recur" $_env -- "$scale"; then
		check "recur$_k" "$pout/bin/recur" "$pout/recur$_k" \
			--callers spin=ping,pong --callers ping=pong,main \
			--callers pong=ping,main --callers leafwork=down \
			--callers down=down,main $main_rules
	else
		fail "rt-stacks/$plat/recur$_k" "exited $?"
	fi
	for n in 2 4; do
		if run "threads$n$_k" "$pout/bin/threads" $_env -- "$scale" $n; then
			check "threads$n$_k" "$pout/bin/threads" \
				"$pout/threads$n$_k" \
				--callers work=path0,path1,path2,path3 \
				--callers path0=start --callers path1=start \
				--callers path2=start --callers path3=start \
				--callers start=- --complete start \
				--callers main=- --slack 0.03
		else
			fail "rt-stacks/$plat/threads$n$_k" "exited $?"
		fi
	done
	# Through qsort: complete where the C library has call-frame
	# information for it (musl's has none: truncated at cmp).
	_q="--min-complete cmp=0.9 --unwound --callers cmp=sorter"
	[ "$libc_cfi" = yes ] || _q="--truncated-at cmp --callers cmp=-"
	if run "qsort$_k" "$pout/bin/qsortcb" $_env -- "$scale"; then
		check "qsort$_k" "$pout/bin/qsortcb" "$pout/qsort$_k" \
			$_q --callers cmpwork=cmp \
			--callers hot=main \
			--callers sorter=main $main_rules
	else
		fail "rt-stacks/$plat/qsort$_k" "exited $?"
	fi
	# Worker threads in a library's event loop (no -pg, no frame
	# pointers) calling back; main spinning beside them.
	_s=$((scale / 4 + 1))
	if run "evloop$_k" "$pout/bin/evloop" $_env -- "$_s" 2; then
		check "evloop$_k" "$pout/bin/evloop" "$pout/evloop$_k" \
			--min-complete on_event=0.9 --unwound \
			--callers handle=on_event --callers on_event=worker \
			--callers worker=- --complete worker \
			--callers hot=main $main_rules
	else
		fail "rt-stacks/$plat/evloop$_k" "exited $?"
	fi
}

# shlib_cases: libw.so linked, libd.so dlopened.
shlib_cases() {
	if ! $cc -O2 -pg -fPIC -shared -I"$progs" -I"$top/tests/rt-accept/progs" \
		-o "$pout/libw.so" "$progs/libw.c" >"$pout/libw.build" 2>&1 ||
		! $cc -O2 -pg -fPIC -shared -I"$progs" \
			-I"$top/tests/rt-accept/progs" -o "$pout/libd.so" \
			"$progs/libd.c" >"$pout/libd.build" 2>&1 ||
		! build shmain shmain.c -L"$pout" -lw -Wl,-rpath,"$pout"; then
		fail "rt-stacks/$plat/shlib" "cannot build"
		return
	fi
	if run shlib "$pout/bin/shmain" -- "$scale" "$pout/libd.so"; then
		check shlib "$pout/bin/shmain" "$pout/shlib" \
			--lib "$pout/libw.so" --lib "$pout/libd.so" \
			--callers lwork=lcheap,ldear --callers dwork=dmid \
			--callers dmid=dcheap,ddear --callers lcheap=main \
			--callers ldear=main --callers dcheap=main \
			--callers ddear=main $main_rules
	else
		fail "rt-stacks/$plat/shlib" "exited $?"
	fi
	# A host program built without -pg, the collector preloaded: its
	# frames are not profiled code, crossed by their call-frame
	# information up to the start code, so the libraries' stacks are
	# complete without them.
	[ "$plat" = x86_64 ] || return
	_so=$BUILD/libgmon.so
	[ -f "$_so" ] || _so=$top/build/libgmon.so
	if [ ! -f "$_so" ]; then
		skip "rt-stacks/$plat/host" "no libgmon.so"
		return
	fi
	if ! $cc -O2 -I"$progs" -I"$top/tests/rt-accept/progs" \
		-o "$pout/bin/host" "$progs/shmain.c" -L"$pout" -lw \
		-Wl,-rpath,"$pout" -ldl >"$pout/host.build" 2>&1; then
		fail "rt-stacks/$plat/host" "cannot build"
	elif run host "$pout/bin/host" LD_PRELOAD="$_so" \
		-- "$scale" "$pout/libd.so"; then
		$decode "$pout/host/gmon.out.gmonx" --exe "$pout/bin/host" \
			--lib "$pout/libw.so" --lib "$pout/libd.so" \
			--callers lwork=- --callers dwork=dmid --callers dmid=- \
			--complete lwork --complete dmid --unwound \
			>"$pout/host/decode.txt" 2>&1
		verdict_log "rt-stacks/$plat/host" "$pout/host/decode.txt" $?
	else
		fail "rt-stacks/$plat/host" "exited $?"
	fi
}

# misc_cases: fork, a signal handler, longjmp, C++ exceptions.
misc_cases() {
	_r="--callers work=cheap,dear --callers cheap=both --callers dear=both
		--callers both=main"
	if run fork "$pout/bin/misc" -- "$scale" fork; then
		check fork-parent "$pout/bin/misc" "$pout/fork" $_r $main_rules
		_child=$(find "$pout/fork" -name 'gmon.out.*.gmonx' | head -1)
		if [ -n "$_child" ]; then
			$decode "$_child" --exe "$pout/bin/misc" --nm "$nm" \
				--truth "$pout/fork/truth.txt" $_r $main_rules \
				>"$pout/fork/child.txt" 2>&1
			verdict_log "rt-stacks/$plat/fork-child" \
				"$pout/fork/child.txt" $?
		else
			fail "rt-stacks/$plat/fork-child" "no profile"
		fi
	else
		fail "rt-stacks/$plat/fork" "exited $?"
	fi
	if run signal "$pout/bin/misc" -- "$scale" signal; then
		check signal "$pout/bin/misc" "$pout/signal" $_r $main_rules \
			--callers hwork=handler --callers handler=- \
			--truncated-at handler
	else
		fail "rt-stacks/$plat/signal" "exited $?"
	fi
	if run jump "$pout/bin/misc" -- "$scale" jump; then
		check longjmp "$pout/bin/misc" "$pout/jump" \
			--callers work=cheap,dear,dive --callers dive=dive,main \
			--callers cheap=main --callers dear=main \
			$main_rules
	else
		fail "rt-stacks/$plat/longjmp" "exited $?"
	fi
	if [ -n "$cxx" ] && build exc exc.cc; then
		if run exc "$pout/bin/exc" -- "$scale"; then
				check exceptions "$pout/bin/exc" "$pout/exc" \
				--callers work=cheap,dear,thrower \
				--callers thrower=thrower,main \
				--callers cheap=main --callers dear=main $main_rules
		else
			fail "rt-stacks/$plat/exceptions" "exited $?"
		fi
	fi
}

# platform_cases CLOCKS...: build and run everything on $plat (CLOCKS:
# the truth programs under each clock, "" the default).
platform_cases() {
	pout=$out/$plat
	mkdir -p "$pout"
	for p in callers ctor recur threads qsortcb misc; do
		if ! build $p $p.c; then
			fail "rt-stacks/$plat/build" "$(head -1 "$pout/$p.build")"
			return
		fi
	done
	# The event loop's library: built as distributions ship one (with
	# .eh_frame_hdr, which musl-gcc's link does not ask for).
	if ! $cc -O2 -fomit-frame-pointer -fPIC -shared -Wl,--eh-frame-hdr \
		-o "$pout/libevl.so" "$progs/libevl.c" >"$pout/libevl.build" 2>&1 ||
		! build evloop evloop.c -L"$pout" -levl -Wl,-rpath,"$pout"; then
		fail "rt-stacks/$plat/build" "cannot build evloop"
		return
	fi
	for k in "$@"; do
		truth_cases "$k"
	done
	shlib_cases
	misc_cases
}

# ---- x86-64 ----
pout=$out/x86_64
mkdir -p "$pout"
if cc -O1 -g -fno-omit-frame-pointer -no-pie -I"$top/include" \
	-o "$pout/walk" "$here/walk.c" "$lib" -lpthread >"$pout/walk.build" 2>&1; then
	"$pout/walk" >"$pout/walk.txt" 2>&1
	verdict_log rt-stacks/x86_64/walk "$pout/walk.txt" $?
else
	fail "rt-stacks/x86_64/walk" "cannot build"
fi
platform_cases "" thread

# Stacks off: no records; GNU gprof reads the profiles.
if run off "$pout/bin/callers" LIBGMON_STACKS=0 -- 1; then
	if $decode "$pout/off/gmon.out.gmonx" --exe "$pout/bin/callers" \
		>"$pout/off/decode.txt" 2>&1 ||
		! grep -q "no STACKINFO" "$pout/off/decode.txt"; then
		fail rt-stacks/x86_64/off "records written"
	else
		pass rt-stacks/x86_64/off
	fi
else
	fail "rt-stacks/x86_64/off" "exited $?"
fi
_bad='' _ours=''
: "${GPROF:=$top/build/gprof}"
for g in "$pout"/*/gmon.out; do
	_e=$(cat "$(dirname "$g")/exe.txt")
	/usr/bin/gprof -b "$_e" "$g" >/dev/null 2>"$g.gnu.err" || _bad="$_bad $g"
	# Ours reads the side file beside it (and skips what it does not
	# know yet).
	if [ -x "$GPROF" ]; then
		"$GPROF" -b "$_e" "$g" >/dev/null 2>"$g.ours.err" ||
			_ours="$_ours $g"
	fi
done
verdict rt-stacks/x86_64/gnu-reads-gmon.out "${_bad# }"
verdict rt-stacks/x86_64/ours-reads-side-file "${_ours# }"

# clang, the two clocks.
if command -v clang >/dev/null 2>&1; then
	plat=x86_64-clang cc=clang cxx=""
	pout=$out/$plat
	mkdir -p "$pout"
	if build callers callers.c && build recur recur.c; then
		truth_cases_clang() {
			for k in "" thread; do
				_k=${k:+-$k}
				run "callers$_k" "$pout/bin/callers" ${k:+LIBGMON_CLOCK=$k} -- "$scale" &&
					check "callers$_k" "$pout/bin/callers" "$pout/callers$_k" $callers_rules
				run "recur$_k" "$pout/bin/recur" ${k:+LIBGMON_CLOCK=$k} -- "$scale" &&
					check "recur$_k" "$pout/bin/recur" "$pout/recur$_k" \
						--callers spin=ping,pong --callers ping=pong,main \
						--callers pong=ping,main --callers leafwork=down \
						--callers down=down,main $main_rules
			done
		}
		truth_cases_clang
	else
		fail "rt-stacks/$plat/build" "$(head -1 "$pout/callers.build")"
	fi
fi

# ---- aarch64 under qemu (no perf: the signal handler's walk) ----
QEMU=${QEMU_AARCH64:-qemu-aarch64}
SYSROOT=${AARCH64_SYSROOT:-/usr/aarch64-linux-gnu}
if ! command -v "$QEMU" >/dev/null 2>&1 ||
	! command -v aarch64-linux-gnu-gcc >/dev/null 2>&1; then
	skip "rt-stacks/aarch64" "no $QEMU or aarch64-linux-gnu-gcc"
elif ! (cd "$top" && make -s runtime-aarch64) >"$out/a64.build" 2>&1; then
	fail "rt-stacks/aarch64" "cannot build the collector"
else
	# Everything with PAC and BTI (qemu -cpu max signs the return
	# addresses); without them the walker and two programs.
	for bp in standard none; do
		plat=aarch64-bp-$bp cc="aarch64-linux-gnu-gcc -mbranch-protection=$bp"
		cxx="aarch64-linux-gnu-g++ -mbranch-protection=$bp"
		command -v aarch64-linux-gnu-g++ >/dev/null 2>&1 || cxx=""
		lib=$top/build/aarch64/libgmon.a runner="$QEMU -cpu max -L $SYSROOT"
		nm=aarch64-linux-gnu-nm scale=1
		command -v $nm >/dev/null 2>&1 || nm="nm"
		pout=$out/$plat
		mkdir -p "$pout"
		if $cc -O1 -g -fno-omit-frame-pointer -no-pie -I"$top/include" \
			-o "$pout/walk" "$here/walk.c" "$lib" -lpthread \
			>"$pout/walk.build" 2>&1; then
			$runner "$pout/walk" >"$pout/walk.txt" 2>&1
			verdict_log "rt-stacks/$plat/walk" "$pout/walk.txt" $?
		else
			fail "rt-stacks/$plat/walk" "cannot build"
		fi
		if [ $bp = standard ]; then
			platform_cases ""
		elif build callers callers.c && build threads threads.c; then
			run callers "$pout/bin/callers" -- "$scale" &&
				check callers "$pout/bin/callers" "$pout/callers" \
					$callers_rules
			run threads2 "$pout/bin/threads" -- "$scale" 2 &&
				check threads2 "$pout/bin/threads" "$pout/threads2" \
					--callers work=path0,path1 --callers path0=start \
					--callers path1=start --callers start=- \
					--complete start --callers main=- --slack 0.03
		else
			fail "rt-stacks/$plat/build" "cannot build"
		fi
	done
fi

# ---- musl (x86-64, dynamic) ----
MCC=${MUSL_CC:-musl-gcc}
if ! command -v "$MCC" >/dev/null 2>&1; then
	skip "rt-stacks/musl" "no $MCC (Debian package musl-tools)"
elif ! (cd "$top" && make -s runtime-musl) >"$out/musl.build" 2>&1; then
	fail "rt-stacks/musl" "cannot build the collector"
else
	plat=musl cc=$MCC cxx="" lib=$top/build/musl/libgmon.a runner=""
	libc_cfi=no
	nm=nm scale=12
	pout=$out/$plat
	mkdir -p "$pout"
	platform_cases ""
fi
