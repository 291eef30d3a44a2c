#!/bin/sh
# tests/rt-accept/run.sh - acceptance tests of our collector, libgmon.
#
# Every program in progs/ counts its own calls in plain globals and
# prints them ("ARC caller callee count", truth.h); the suite runs it,
# then reads the gmon.out it wrote with our gprof ($GPROF) and with GNU
# gprof ($ORACLE, default /usr/bin/gprof), both "-b -q", and requires
# every arc count either prints between the program's functions to
# equal the truth, and both to exit 0; with -b our report must be GNU's,
# byte for byte, with no warning.  Counts are exact; sample counts are
# only ever asserted to be zero or non-zero (or, for the stated rate,
# within a wide band of the CPU time the program measured).
#
# The glibc contract (progs/tstgmon.c, the shape of glibc's tst-gmon:
# "gprof -C" shows f1 2000, f2 1000, f3 1, and main 1 when static) runs
# over {gcc, clang} x {-pg, -pg -mfentry} x {non-PIE, PIE, -static,
# -static-pie} x {linked with libgmon.a after the objects, or before
# them, LD_PRELOAD=libgmon.so on a binary linked with glibc's runtime
# (dynamic builds only)}.  The other
# scenarios run on a few of those builds: tst-mcleanup (_mcleanup by
# hand, then at exit), tst-mcount-overflow turned round (8192 arcs and
# glibc's 50-arc tunable: every arc kept), 2, 4 and 16 threads on the
# same arcs, 10,000 short-lived threads, an instrumented SIGALRM handler
# during a hot loop, fork (parent and child profiles sum to the truth),
# a thread that blocks every signal still sampled (SKIP when
# perf_event_open is refused), a daemon that closes every descriptor
# from 3 up, puts /dev/null over 0-2 and reuses the numbers at once
# (every clock, linked and preloaded, with and without stacks: its
# pipes, file and eventfds untouched), snapshots every second and on
# SIGUSR1 with 8 threads calling (counts rising, the last one exact), a tiny hot function's never-run
# neighbours unsampled, the same under valgrind (perf would sample
# valgrind's code: a timer must be taken), the stated sampling rate, a noreturn call ending
# a function, compiled -pg but linked without it (self-start),
# GMON_OUT_PREFIX and PROFDIR (empty: no profile).  No stray temporary
# may be left beside a profile.  About 30 s on 2 busy cores.
#
# Env: GPROF, BUILD (absolute; libgmon.a and libgmon.so are looked for
# in BUILD, then in the tree's build/), ORACLE, RT_AGAINST=glibc (run
# everything on glibc's own runtime instead, to check the harness: the
# cases glibc gets wrong then fail).  Built programs and every run's
# files stay in BUILD/rt-accept/ (BUILD/runtime/ holds the
# collector's objects).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${GPROF:=$top/build/gprof}"
: "${BUILD:=$top/build}"
GNU=${ORACLE:-/usr/bin/gprof}
AGAINST=${RT_AGAINST:-ours}
progs=$here/progs
out=$BUILD/rt-accept
rm -rf "$out"
mkdir -p "$out/obj" "$out/bin" "$out/cases" || exit 1

lib_a=$BUILD/libgmon.a
[ -f "$lib_a" ] || lib_a=$top/build/libgmon.a
lib_so=$BUILD/libgmon.so
[ -f "$lib_so" ] || lib_so=$top/build/libgmon.so

# The helpers the collector suites share (verdict, one_profile,
# check_arcs...).
. "$here/harness.sh"

# The test helpers, never profiled.
cc -O2 -o "$out/histsum" "$here/histsum.c" || exit 1
cc -O2 -o "$out/perfprobe" "$here/perfprobe.c" || exit 1

# compile OBJ CC HOOK MODE SRC [CFLAG...]: OBJ from SRC with -pg (HOOK
# fentry: -mfentry too), -O2, for link mode MODE.  Returns 1 (the log
# is OBJ.log) on failure.
compile() {
	_obj=$1 _cc=$2 _hook=$3 _mode=$4 _src=$5
	shift 5
	[ -f "$_obj" ] && return 0
	_hf=
	[ "$_hook" = fentry ] && _hf=-mfentry
	# shellcheck disable=SC2046,SC2086
	$_cc -O2 -pg $_hf $(mode_cflags "$_mode") -I"$progs" "$@" -c \
		-o "$_obj" "$_src" >"$_obj.log" 2>&1
}

# link EXE CC MODE RUNTIME OBJ [LDFLAG...]: link OBJ into EXE.  RUNTIME
# is ours (-pg + libgmon.a), ours-first (-pg + libgmon.a before OBJ, as
# LDFLAGS=libgmon.a gives in a Makefile), glibc (-pg alone), ours-nopg
# (libgmon.a, no -pg at link time: nothing calls monstartup) or
# glibc-nopg.  clang
# 14 links -pg -static-pie with gcrt1.o instead of grcrt1.o (the
# program crashes at start, whatever the runtime), so that mode links
# through gcc: the code under test is still clang's.
link() {
	_exe=$1 _cc=$2 _mode=$3 _rt=$4 _obj=$5
	shift 5
	[ -x "$_exe" ] && return 0
	[ "$_mode" = static-pie ] && _cc=gcc
	if [ "$AGAINST" = glibc ]; then
		case $_rt in
		ours | ours-first) _rt=glibc ;;
		ours-nopg) _rt=glibc-nopg ;;
		esac
	fi
	case $_rt in
	ours) set -- -pg "$_obj" "$lib_a" "$@" ;;
	ours-first) set -- -pg "$lib_a" "$_obj" "$@" ;;
	glibc) set -- -pg "$_obj" "$@" ;;
	ours-nopg) set -- "$_obj" "$lib_a" "$@" ;;
	glibc-nopg) set -- "$_obj" "$@" ;;
	esac
	case $_rt in
	ours*) if [ ! -f "$lib_a" ]; then
		echo "$lib_a is not built" >"$_exe.log"
		return 1
	fi ;;
	esac
	# shellcheck disable=SC2046
	$_cc $(mode_ldflags "$_mode") -o "$_exe" "$@" >"$_exe.log" 2>&1
}

# build EXE CC HOOK MODE RUNTIME SRC [-- LDFLAG...] [CFLAG...]: compile
# (once per CC, HOOK, MODE, SRC and cflags) and link.  Prints why on
# failure.
build() {
	_bexe=$1 _bcc=$2 _bhook=$3 _bmode=$4 _brt=$5 _bsrc=$6
	shift 6
	_ldf= _cfl=
	while [ $# -gt 0 ]; do
		case $1 in
		-l* | -pthread) _ldf="$_ldf $1" ;;
		*) _cfl="$_cfl $1" ;;
		esac
		shift
	done
	_base=$(basename "$_bsrc" .c)
	_tag=$(echo "$_cfl" | tr -c 'a-zA-Z0-9\n' '_')
	_bobj=$out/obj/$_base-$_bcc-$_bhook-$_bmode$_tag.o
	# shellcheck disable=SC2086
	if ! compile "$_bobj" "$_bcc" "$_bhook" "$_bmode" "$_bsrc" $_cfl; then
		echo "cannot compile $_base ($(head -1 "$_bobj.log"))"
		return 1
	fi
	# shellcheck disable=SC2086
	if ! link "$_bexe" "$_bcc" "$_bmode" "$_brt" "$_bobj" $_ldf; then
		echo "cannot link $_base: $(grep -m1 -v '^/usr/bin/ld: warning' "$_bexe.log")"
		return 1
	fi
}

# run_prog NAME PRELOAD EXE [VAR=VALUE...] -- [ARG...]: run_env (the
# truth in $dir/truth.txt) of EXE, with libgmon.so preloaded when
# PRELOAD is yes.  Prints why and returns 1 when it fails.
run_prog() {
	_name=$1 _pre=$2 _exe=$3
	shift 3
	if [ "$_pre" = yes ] && [ "$AGAINST" != glibc ]; then
		if [ ! -f "$lib_so" ]; then
			echo "$lib_so is not built"
			return 1
		fi
		set -- "LD_PRELOAD=$lib_so" "$@"
	fi
	run_env "$_name" "" "$_exe" "$@"
}

# simple_case NAME EXE PRELOAD [VAR=VALUE...] [-- ARG...]: run, then
# check the one profile's arcs.
simple_case() {
	_sn=$1 _se=$2 _sp=$3
	shift 3
	_why=$(run_prog "$_sn" "$_sp" "$_se" "$@" && one_profile &&
		check_arcs "$_se" "$prof")
	verdict "$_sn" "$_why"
}

# --- glibc's contract, over the whole matrix --------------------------
for cc in gcc clang; do
	for hook in pg fentry; do
		for mode in nopie pie static static-pie; do
			for how in linked first preload; do
				case $how/$mode in preload/static*) continue ;; esac
				[ $how = preload ] && [ "$AGAINST" = glibc ] && continue
				name=rt-accept/tstgmon/$cc-$hook-$mode-$how
				rt=ours
				[ $how = first ] && rt=ours-first
				[ $how = preload ] && rt=glibc
				exe=$out/bin/tstgmon-$cc-$hook-$mode-$rt
				if ! why=$(build "$exe" $cc $hook $mode $rt "$progs/tstgmon.c"); then
					verdict "$name" "$why"
					continue
				fi
				pre=no
				[ $how = preload ] && pre=yes
				why=$(run_prog "$name" $pre "$exe" && one_profile &&
					check_arcs "$exe" "$prof" &&
					tstgmon_counts "$exe" "$prof" $mode)
				verdict "$name" "$why"
			done
		done
	done
done

# The builds the other scenarios use: gcc -pg, PIE, linked with ours;
# the same objects linked with glibc's runtime, for preloading.
b() { # b NAME SRC RUNTIME [FLAGS...]: build $out/bin/NAME (gcc, PIE)
	_n=$1 _s=$2 _r=$3
	shift 3
	build "$out/bin/$_n" gcc pg pie "$_r" "$progs/$_s" "$@"
}

# --- tst-mcleanup: _mcleanup by hand, then again at exit --------------
for how in linked preload; do
	[ $how = preload ] && [ "$AGAINST" = glibc ] && continue
	name=rt-accept/mcleanup/$how
	rt=ours
	[ $how = preload ] && rt=glibc
	if ! why=$(b mcleanup-$rt mcleanup.c $rt); then
		verdict "$name" "$why"
		continue
	fi
	pre=no
	[ $how = preload ] && pre=yes
	why=$(run_prog "$name" $pre "$out/bin/mcleanup-$rt" && one_profile && {
		for g in "$GPROF" "$GNU"; do
			"$g" -b "$out/bin/mcleanup-$rt" "$prof" >/dev/null 2>&1 ||
				echo "$(basename "$g") cannot read the profile"
		done
	})
	verdict "$name" "$why"
done

# --- tst-mcount-overflow, adapted: 8192 arcs and glibc's tunable that
# caps its table at 50 arcs; ours keeps every arc ---------------------
sh "$progs/gen-manyarcs.sh" 128 64 >"$out/obj/manyarcs.c"
for how in linked preload; do
	[ $how = preload ] && [ "$AGAINST" = glibc ] && continue
	name=rt-accept/manyarcs/$how
	rt=ours
	[ $how = preload ] && rt=glibc
	if ! why=$(build "$out/bin/manyarcs-$rt" gcc pg pie $rt "$out/obj/manyarcs.c"); then
		verdict "$name" "$why"
		continue
	fi
	simple_case "$name" "$out/bin/manyarcs-$rt" $(
		[ $how = preload ] && echo yes || echo no
	) GLIBC_TUNABLES=glibc.gmon.minarcs=51:glibc.gmon.maxarcs=50
done

# --- threads hammering the same arcs ----------------------------------
for how in linked preload; do
	[ $how = preload ] && [ "$AGAINST" = glibc ] && continue
	rt=ours
	[ $how = preload ] && rt=glibc
	pre=no
	[ $how = preload ] && pre=yes
	if ! why=$(b threads-$rt threads.c $rt -pthread); then
		for n in 2 4 16; do verdict "rt-accept/threads-$n/$how" "$why"; done
	else
		for n in 2 4 16; do
			simple_case "rt-accept/threads-$n/$how" "$out/bin/threads-$rt" $pre \
				-- $n 100000
		done
	fi
	if ! why=$(b churn-$rt churn.c $rt -pthread); then
		verdict "rt-accept/churn-10000/$how" "$why"
	else
		# Threads of a few microseconds, mostly in the kernel: perf
		# (user-mode samples) may miss more than 5 % of their time,
		# and gprof then says so.
		simple_case "rt-accept/churn-10000/$how" "$out/bin/churn-$rt" $pre -- 10000
	fi
done

# The same 4 threads through the other compilers, hooks and a static
# link (static TLS in a static program).
for cc in gcc clang; do
	for hook in pg fentry; do
		for mode in nopie static; do
			[ $cc-$hook-$mode = gcc-pg-nopie ] && continue
			name=rt-accept/threads-4/$cc-$hook-$mode-linked
			exe=$out/bin/threads-$cc-$hook-$mode-ours
			if ! why=$(build "$exe" $cc $hook $mode ours "$progs/threads.c" -pthread); then
				verdict "$name" "$why"
				continue
			fi
			simple_case "$name" "$exe" no -- 4 50000
		done
	done
done

# --- an instrumented signal handler during hot loops ------------------
for variant in gcc-pg-linked gcc-fentry-linked clang-pg-linked \
	clang-fentry-linked gcc-pg-preload; do
	cc=${variant%%-*} how=${variant##*-}
	hook=${variant#*-}
	hook=${hook%-*}
	[ $how = preload ] && [ "$AGAINST" = glibc ] && continue
	rt=ours
	[ $how = preload ] && rt=glibc
	exe=$out/bin/signal-$cc-$hook-$rt
	name=rt-accept/signal/$variant
	if ! why=$(build "$exe" $cc $hook pie $rt "$progs/signal.c"); then
		verdict "$name" "$why"
		continue
	fi
	# A signal every 200 us keeps the thread in the kernel a good part
	# of a 0.1 s run: perf (user-mode samples) may miss more than 5 %
	# of its time, and gprof then says so.
	simple_case "$name" "$exe" $([ $how = preload ] && echo yes || echo no) -- 500
done

# --- fork: the parent's and the child's profiles sum to the truth -----
for how in linked preload; do
	[ $how = preload ] && [ "$AGAINST" = glibc ] && continue
	rt=ours
	[ $how = preload ] && rt=glibc
	pre=no
	[ $how = preload ] && pre=yes
	exe=$out/bin/fork-$rt
	if ! why=$(b fork-$rt fork.c $rt); then
		verdict "rt-accept/fork-prefix/$how" "$why"
		verdict "rt-accept/fork-default/$how" "$why"
		continue
	fi
	# With GMON_OUT_PREFIX: PREFIX.<pid> each.
	name=rt-accept/fork-prefix/$how
	why=$(run_prog "$name" $pre "$exe" GMON_OUT_PREFIX=gm && no_strays "$rundir" && {
		set -- $(profiles "$rundir")
		if [ $# -ne 2 ]; then
			echo "want 2 profiles (parent, child), got $#"
		else
			case "$1 $2" in
			*/gm.[0-9]*" "*/gm.[0-9]*) check_arcs "$exe" "$1" "$2" ;;
			*) echo "profiles named $(basename "$1") $(basename "$2"), want gm.PID" ;;
			esac
		fi
	})
	verdict "$name" "$why"
	# Default settings: the child writes a file of its own too.
	name=rt-accept/fork-default/$how
	why=$(run_prog "$name" $pre "$exe" && no_strays "$rundir" &&
		fork_arcs "$exe")
	verdict "$name" "$why"
done

# --- samples: a thread that blocks every signal is sampled ------------
name=rt-accept/blocked-thread-sampled
if ! probe=$("$out/perfprobe"); then
	skip "$name" "$probe (no clock samples such a thread)"
elif ! why=$(b blocked-ours blocked.c ours -pthread); then
	verdict "$name" "$why"
else
	exe=$out/bin/blocked-ours
	why=$(run_prog "$name" no "$exe" && one_profile && check_arcs "$exe" "$prof" && {
		range=$(nm -S "$exe" | awk '$4 == "blocked_spin" { print $1, $2 }')
		set -- $range
		if [ $# -ne 2 ]; then
			echo "blocked_spin not in the symbol table"
		else
			hi=$(printf '%x' $((0x$1 + 0x$2)))
			n=$("$out/histsum" "$prof" "$1" "$hi") || n=error
			[ "$n" != error ] && [ "$n" -gt 0 ] ||
				echo "blocked_spin got $n samples, want > 0"
		fi
	})
	verdict "$name" "$why"
fi

# --- a daemon's descriptors: closed from 3 up, /dev/null over 0-2 and
# the numbers reused at once (progs/daemonfds.c): the collector must
# never read, write, poll or close them, whatever the clock, linked or
# preloaded, with stacks or without ----------------------------------
# fds_ok: the program found its descriptors as it left them, and its
# file on descriptor 2 holds what it wrote (the collector's messages
# go to the standard error the program started with, or nowhere).
fds_ok() {
	if ! grep -q '^FDS ok$' "$dir/truth.txt"; then
		echo "$(grep -m1 '^FDS' "$dir/truth.txt" || echo 'no FDS line')"
	elif [ "$(cat "$dir/fd2.dat")" != DATA ]; then
		echo "the file the program opened on descriptor 2 was written: $(head -c 80 "$dir/fd2.dat" | tr '\n' ' ')"
	fi
}
for how in linked preload; do
	[ $how = preload ] && [ "$AGAINST" = glibc ] && continue
	rt=ours pre=no
	[ $how = preload ] && rt=glibc pre=yes
	exe=$out/bin/daemonfds-$rt
	bwhy=$(b daemonfds-$rt daemonfds.c $rt -pthread) || bwhy=${bwhy:-cannot build}
	for clock in perf thread itimer wall; do
		for st in 1 0; do
			name=rt-accept/daemon-fds/$clock-$how-stacks$st
			if [ -n "$bwhy" ]; then
				verdict "$name" "$bwhy"
				continue
			fi
			if [ $clock = perf ] && ! probe=$("$out/perfprobe"); then
				skip "$name" "$probe"
				continue
			fi
			why=$(run_prog "$name" $pre "$exe" LIBGMON_CLOCK=$clock \
				LIBGMON_STACKS=$st LIBGMON_VERBOSE=1 && fds_ok &&
				one_profile &&
				check_arcs "$exe" "$prof")
			verdict "$name" "$why"
		done
	done
done

# --- snapshots of a program that keeps running (progs/snap.c): every
# second (LIBGMON_EVERY) and on SIGUSR1 while 8 threads call at full
# speed; each profile readable, counts rising, the last one exact ------
# tick_count EXE PROFILE: worker -> tick's count in our -b -q report.
tick_count() {
	gprof_arcs "$GPROF" "$1" "$2" | awk '$1 == "worker" && $2 == "tick" { print $3 }'
}
# snaps_ok EXE: $rundir's prof.1, prof.2, ... (at least $want of them)
# each read by both gprofs, worker -> tick rising, the last one the
# truth's.  The last (written at exit) may equal the one before it: a
# periodic snapshot that fires after the workers stopped holds the
# final counts already.
snaps_ok() {
	_want=$(awk '$1 == "ARC" && $2 == "worker" { print $4 }' "$dir/truth.txt")
	_k=1 _last=0
	while [ -f "$rundir/prof.$_k" ]; do
		for _g in "$GPROF" "$GNU"; do
			"$_g" -b "$1" "$rundir/prof.$_k" >/dev/null 2>&1 ||
				{ echo "$(basename "$_g") cannot read prof.$_k"; return 1; }
		done
		_c=$(tick_count "$1" "$rundir/prof.$_k")
		if [ -z "$_c" ] || [ "$_c" -lt "$_last" ] ||
			{ [ "$_c" -eq "$_last" ] && [ "$_k" -gt 1 ] &&
				[ -f "$rundir/prof.$((_k + 1))" ]; }; then
			echo "prof.$_k counts ${_c:-nothing}, after $_last"
			return 1
		fi
		_last=$_c
		_k=$((_k + 1))
	done
	if [ $((_k - 1)) -lt "$want" ]; then
		echo "$((_k - 1)) profiles, want at least $want"
	elif [ "$_last" != "$_want" ]; then
		echo "the last profile counts $_last calls, the program made $_want"
	fi
}
for how in linked preload; do
	[ "$AGAINST" = glibc ] && continue
	rt=ours pre=no
	[ $how = preload ] && rt=glibc pre=yes
	exe=$out/bin/snap-$rt
	if ! why=$(b snap-$rt snap.c $rt -pthread); then
		verdict "rt-accept/snapshot-every/$how" "$why"
		verdict "rt-accept/snapshot-usr1/$how" "$why"
		verdict "rt-accept/snapshot-replace/$how" "$why"
		continue
	fi
	# 4 s at one a second: 3 snapshots at least, and the final one.
	want=4
	why=$(run_prog "rt-accept/snapshot-every/$how" $pre "$exe" \
		LIBGMON_OUT=prof.%n LIBGMON_EVERY=1 -- 2 4 && snaps_ok "$exe")
	verdict "rt-accept/snapshot-every/$how" "$why"
	want=2
	why=$(run_prog "rt-accept/snapshot-usr1/$how" $pre "$exe" \
		LIBGMON_OUT=prof.%n LIBGMON_DUMP_ON=USR1 -- 8 1 usr1 prof.1 &&
		snaps_ok "$exe")
	verdict "rt-accept/snapshot-usr1/$how" "$why"
	# Without %n each one replaces the last: one profile, exact.
	why=$(run_prog "rt-accept/snapshot-replace/$how" $pre "$exe" \
		LIBGMON_EVERY=0.2 -- 2 1 && one_profile && check_arcs "$exe" "$prof")
	verdict "rt-accept/snapshot-replace/$how" "$why"
done

# --- samples: a tiny hot function's never-run neighbour gets none -----
name=rt-accept/hot-neighbour-unsampled
exe=$out/bin/hotcold-ours
if ! why=$(b hotcold-ours hotcold.c ours -fno-toplevel-reorder); then
	verdict "$name" "$why"
else
	why=$(run_prog "$name" no "$exe" && one_profile &&
		check_arcs "$exe" "$prof" && hot_cold nm "$exe" "$prof")
	verdict "$name" "$why"
fi

# --- the rate the profile states fits the CPU time the program spent:
# samples / rate is the time gprof reports.  hotcold spends most of its
# 0.4 s in tiny_hot (not in the hook, nor outside the executable), so
# that time must be 30% to 150% of the CPU time the program measured: a
# wrong rate (asked for but not delivered, or a unit slip) is far off.
name=rt-accept/recorded-rate
hdir=$out/cases/$(echo rt-accept/hot-neighbour-unsampled | tr / _)
hprof=$(profiles "$hdir/run" 2>/dev/null | head -1)
if [ -z "$hprof" ]; then
	verdict "$name" "hot-neighbour-unsampled left no profile"
else
	cpu=$(awk '$1 == "CPU" { print $2 }' "$hdir/truth.txt")
	why=$("$out/histsum" "$hprof" | awk -v c="${cpu:-0}" '{
		s = $1; r = $2
		if (r <= 0) { print "the profile states a rate of " r " Hz"; exit }
		t = s / r
		if (c <= 0) print "the program printed no CPU time"
		else if (t < 0.3 * c || t > 1.5 * c)
			printf "%d samples at the stated %d Hz make %.2f s; the program ran %.2f s of CPU time\n", s, r, t, c
	}')
	verdict "$name" "$why"
fi

# --- under a binary translator (valgrind) perf samples the translator's
# code: the collector must see that and take a timer, whose samples are
# the program's own program counters --------------------------------------
name=rt-accept/samples-under-valgrind
if ! command -v valgrind >/dev/null 2>&1; then
	skip "$name" "valgrind is not installed"
elif [ ! -x "$exe" ]; then
	verdict "$name" "hotcold-ours was not built"
else
	why=$(run_prog "$name" no valgrind LIBGMON_VERBOSE=1 -- -q --tool=none "$exe" &&
		one_profile && {
		set -- $(nm -S "$exe" | awk '$4 == "tiny_hot" { print $1, $2 }')
		hot=$("$out/histsum" "$prof" "$1" "$(printf '%x' $((0x$1 + 0x$2)))") ||
			hot=error
		if grep -q 'clock perf' "$dir/stderr.txt"; then
			echo "perf chosen under valgrind: $(grep -m1 libgmon "$dir/stderr.txt")"
		elif [ "$hot" = error ] || [ "$hot" -eq 0 ]; then
			echo "tiny_hot got no samples under valgrind ($(grep -m1 libgmon "$dir/stderr.txt"))"
		fi
	})
	verdict "$name" "$why"
fi

# --- a noreturn call ending a function is charged to that function ----
name=rt-accept/noreturn-last-call
exe=$out/bin/noreturn-ours
if ! why=$(build "$exe" gcc pg nopie ours "$progs/noreturn.c" \
	-falign-functions=1 -fno-toplevel-reorder); then
	verdict "$name" "$why"
else
	why=$(run_prog "$name" no "$exe" && {
		# The layout the case needs: next_fn starts where
		# ends_in_die's last call returns to.
		set -- $(nm -S "$exe" | awk '
			$4 == "ends_in_die" { e = $1; s = $2 }
			$4 == "next_fn" { n = $1 }
			END { print e, s, n }')
		if [ $# -ne 3 ] || [ $((0x$1 + 0x$2)) -ne $((0x$3)) ]; then
			echo "next_fn does not follow ends_in_die: $*"
		else
			one_profile && check_arcs "$exe" "$prof"
		fi
	})
	verdict "$name" "$why"
fi

# --- compiled with -pg, linked without it: the runtime starts itself --
for how in linked preload; do
	[ $how = preload ] && [ "$AGAINST" = glibc ] && continue
	rt=ours-nopg
	[ $how = preload ] && rt=glibc-nopg
	name=rt-accept/self-start/$how
	if ! why=$(b tstgmon-$rt tstgmon.c $rt); then
		verdict "$name" "$why"
		continue
	fi
	simple_case "$name" "$out/bin/tstgmon-$rt" $([ $how = preload ] && echo yes || echo no)
done

# --- GMON_OUT_PREFIX and PROFDIR --------------------------------------
exe=$out/bin/tstgmon-gcc-pg-pie-ours
name=rt-accept/gmon-out-prefix
why=$(run_prog "$name" no "$exe" GMON_OUT_PREFIX=prefix-of-gmon && one_profile && {
	case $(basename "$prof") in
	prefix-of-gmon.[0-9]*) check_arcs "$exe" "$prof" ;;
	*) echo "profile named $(basename "$prof"), want prefix-of-gmon.PID" ;;
	esac
})
verdict "$name" "$why"

name=rt-accept/profdir
why=$(mkdir -p "$out/cases/profdir-out" &&
	run_prog "$name" no "$exe" PROFDIR="$out/cases/profdir-out" && {
	if [ -n "$(profiles "$rundir")" ]; then
		echo "a profile in the working folder despite PROFDIR"
	else
		rundir=$out/cases/profdir-out
		one_profile && check_arcs "$exe" "$prof"
	fi
})
verdict "$name" "$why"

# BSD's rule: PROFDIR set but empty asks for no profile at all.
name=rt-accept/profdir-empty
why=$(run_prog "$name" no "$exe" PROFDIR= && {
	[ -z "$(ls -A "$rundir")" ] ||
		echo "files written despite an empty PROFDIR: $(ls -A "$rundir" | tr '\n' ' ')"
})
verdict "$name" "$why"

# --- the collector's files and the link order's message ---------------
# shellcheck source=tests/rt-accept/files.sh
. "$here/files.sh"
exit 0
