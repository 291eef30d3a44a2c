#!/bin/sh
# tests/rt-gprofrun/run.sh - gprof-run (runner/gprof-run.c): an unmodified
# -pg program run under our collector counts every call (examples/
# threads.c: 4 threads, 2,000,000 calls, which glibc's collector loses
# some of); the program's exit status comes back (128+N for signal N,
# 127 not found); the closing message names the files written; a static
# program, a missing collector and bad options are refused with a
# message and status 1; -o's %p names the file by pid; -o naming a
# directory is refused, and the closing message names only files the
# run wrote; the signals sent to gprof-run (TERM, HUP, INT, ...) reach
# the program, which it waits for, but not a ^C the program had from
# the terminal already; LD_PRELOAD is kept; both gprofs read what it
# wrote.  Env: GPROF, BUILD.
# lib.sh's pass and fail always succeed: "A && pass || fail" is if-then-else.
# shellcheck disable=SC2015
. "$(dirname "$0")/../lib.sh"
t_suite rt-gprofrun
RUN=$BUILD/gprof-run
cd "$out" || exit 1


# calls_to FN EXE PROFILE: FN's call count in our call graph.
calls_to() {
	"$GPROF" -b -q"$1" "$2" "$3" 2>/dev/null |
		awk -v fn="$1" '/^\[[0-9]+\]/ && $0 ~ " " fn " \\[" { print $5; exit }'
}

if [ ! -x "$RUN" ]; then
	fail rt-gprofrun/build "$RUN was not built"
	exit 0
fi
cc -pg -O1 -g -o threads "$top/examples/threads.c" -pthread &&
	cc -pg -O1 -g -o exitcode "$here/exitcode.c" &&
	cc -pg -O1 -g -o waiter "$here/waiter.c" &&
	cc -O1 -o ptyrun "$here/ptyrun.c" &&
	cc -pg -O1 -g -static -o static "$here/exitcode.c" || {
	fail rt-gprofrun/build "cannot build the test programs"
	exit 0
}

# 1. Exact counts under threads, and the closing message.
"$RUN" ./threads >run.out 2>run.err
rc=$?
n=$(calls_to step threads gmon.out)
if [ "$rc" -eq 0 ] && [ "$n" = 2000000 ]; then
	pass rt-gprofrun/threads-exact
else
	fail rt-gprofrun/threads-exact "exit $rc, step counted ${n:-nothing} times, not 2000000"
fi
if grep -q '^gprof-run: profile written to gmon.out and gmon.out.gmonx$' run.err &&
	grep -q '^gprof-run: read it with: gprof ./threads gmon.out$' run.err; then
	pass rt-gprofrun/message
else
	fail rt-gprofrun/message "$(head -c 300 run.err)"
fi
# Both gprofs read the profile, byte for byte alike.
"$GPROF" -b threads gmon.out >ours.txt 2>/dev/null
/usr/bin/gprof -b threads gmon.out >gnu.txt 2>/dev/null
if [ -s ours.txt ] && cmp -s ours.txt gnu.txt; then
	pass rt-gprofrun/gnu-reads
else
	fail rt-gprofrun/gnu-reads "reports differ or are empty"
fi

# 2. Exit statuses.
"$RUN" -q ./exitcode 3 2>err3.txt
rc=$?
[ "$rc" -eq 3 ] && [ ! -s err3.txt ] && pass rt-gprofrun/exit-status ||
	fail rt-gprofrun/exit-status "status $rc (want 3), stderr: $(head -c 200 err3.txt)"
"$RUN" ./exitcode 0 15 2>sig.err
rc=$?
if [ "$rc" -eq 143 ] && grep -q 'ended by signal 15.*--dump-on=TERM' sig.err; then
	pass rt-gprofrun/signal
else
	fail rt-gprofrun/signal "status $rc (want 143), stderr: $(head -c 300 sig.err)"
fi
"$RUN" no-such-program 2>nf.err
rc=$?
[ "$rc" -eq 127 ] && grep -q 'no-such-program: command not found' nf.err &&
	pass rt-gprofrun/not-found || fail rt-gprofrun/not-found "status $rc, $(head -c 200 nf.err)"
"$RUN" ./no-such-program 2>nf2.err
rc=$?
[ "$rc" -eq 127 ] && grep -q './no-such-program: No such file' nf2.err &&
	[ "$(wc -l <nf2.err)" -eq 1 ] &&
	pass rt-gprofrun/not-found-path || fail rt-gprofrun/not-found-path "status $rc, $(head -c 200 nf2.err)"

# 2b. Signals sent to gprof-run reach the program (tests/rt-gprofrun/
# waiter.c), and gprof-run waits for it.  The cases synchronise through
# FIFOs: each waits for the program's line, sends a signal and reads
# what follows; none waits for a time.

# start_waiter NAME CMD...: CMD (gprof-run ./waiter NAME.fifo MODE, or
# a command that runs it) in the background.  Its events come on fd 4,
# NAME.fifo held open both ways (so that no open blocks): the program's
# "PID PPID", its notes, and "end STATUS" when CMD has ended.  Its stdin
# is NAME.hold, open on fd 6: closing fd 6 ends it.  Sets prog_pid and
# run_pid (the program's parent: gprof-run), or says why not in
# start_why.
start_waiter() {
	_wn=$1
	shift
	rm -f "$_wn.fifo" "$_wn.hold"
	mkfifo "$_wn.fifo" "$_wn.hold"
	exec 4<>"$_wn.fifo" 6<>"$_wn.hold"
	{
		"$@" <"$_wn.hold" >"$_wn.out" 2>"$_wn.err" 4<&-
		echo "end $?" >"$_wn.fifo"
	} 6>&- &
	start_why='' prog_pid='' run_pid='' end_rc=''
	read -r prog_pid run_pid <&4
	if [ "$prog_pid" = end ]; then
		end_rc=$run_pid
		start_why="gprof-run ended ($end_rc) before the program started"
	fi
}

# event: the next event on fd 4 in ev; when it is the end ("end
# STATUS"), ev is empty, end_rc the status, and event returns 1.
event() {
	ev=''
	[ -n "$end_rc" ] || read -r ev _ev2 <&4
	[ "$ev" != end ] || { end_rc=$_ev2 && ev=''; }
	[ -z "$end_rc" ]
}

# end_waiter: read the events up to "end STATUS"; sets notes (the ones
# before it, space-separated), end_rc and gone (yes when the program
# is no more); then closes fds 4 and 6 (a program left running reads
# the end of its input and exits) and waits for the background job.
end_waiter() {
	notes=
	while event; do
		notes="$notes $ev"
	done
	notes=${notes# }
	gone=yes
	! kill -0 "$prog_pid" 2>/dev/null || gone=no
	exec 4<&- 6>&-
	wait
}

# A SIGTERM ends the program (it does not stay behind), and gprof-run
# says so with the program's status (128+15).
start_waiter sigterm "$RUN" ./waiter sigterm.fifo wait
if [ -n "$start_why" ]; then
	fail rt-gprofrun/sigterm-orphan "$start_why"
else
	kill -TERM "$run_pid"
	end_waiter
	if [ "$gone" = yes ] && [ "$end_rc" = 143 ] &&
		grep -q 'waiter ended by signal 15 before writing gmon.out' sigterm.err; then
		pass rt-gprofrun/sigterm-orphan
	else
		fail rt-gprofrun/sigterm-orphan "program gone: $gone, status $end_rc (want 143), stderr: $(head -c 200 sigterm.err)"
	fi
fi
# Each signal passed on, and the status is the program's own exit
# (100 + N from its handler), not gprof-run's death.
for s in HUP:1 INT:2 QUIT:3 TERM:15 USR1:10 USR2:12; do
	name=${s%:*} num=${s#*:}
	start_waiter "sig$name" "$RUN" ./waiter "sig$name.fifo" trap
	if [ -n "$start_why" ]; then
		fail "rt-gprofrun/pass-$name" "$start_why"
		continue
	fi
	kill -"$name" "$run_pid"
	end_waiter
	[ "$notes" = "$name" ] && [ "$end_rc" = $((100 + num)) ] &&
		[ "$gone" = yes ] && pass "rt-gprofrun/pass-$name" ||
		fail "rt-gprofrun/pass-$name" "notes '$notes', status $end_rc (want $((100 + num))), program gone: $gone"
done
# A signal the program sends gprof-run itself is not sent back: the
# program sees the USR1 sent after it, alone.
start_waiter self "$RUN" ./waiter self.fifo self
if [ -n "$start_why" ]; then
	fail rt-gprofrun/from-program "$start_why"
else
	event
	sent=$ev
	kill -USR1 "$run_pid" 2>/dev/null
	end_waiter
	[ "$sent" = sent ] && [ "$notes" = USR1 ] && [ "$end_rc" = 110 ] &&
		pass rt-gprofrun/from-program ||
		fail rt-gprofrun/from-program "notes '$sent $notes', status $end_rc (want 110)"
fi
# A ^C at the terminal reaches the whole foreground process group, the
# program with gprof-run: gprof-run must not send it again.  ptyrun
# (tests/rt-gprofrun/ptyrun.c) runs gprof-run on a terminal of its own and
# stops it; then the ^C is typed, and the program counts it (its note).
# A USR1 sent to gprof-run while stopped comes after its INT (the lower
# number is taken first), so once continued it sends on a second INT,
# if it does, before the USR1 that ends the program: one INT, then USR1.
start_waiter tty ./ptyrun "$RUN" ./waiter tty.fifo tty
if [ -n "$start_why" ]; then
	fail rt-gprofrun/tty-int-once "$start_why"
else
	printf 'stop\nintr\n' >&6
	event
	first=$ev
	kill -USR1 "$run_pid"
	printf 'cont\n' >&6
	end_waiter
	[ "$first" = INT ] && [ "$notes" = USR1 ] && [ "$end_rc" = 110 ] &&
		pass rt-gprofrun/tty-int-once ||
		fail rt-gprofrun/tty-int-once "notes '$first $notes', status $end_rc (want INT USR1, 110)"
fi

# 3. Refusals: static program, missing collector, bad option, nothing to run.
"$RUN" ./static 2>static.err
rc=$?
[ "$rc" -eq 1 ] && grep -q 'statically linked.*' static.err &&
	grep -q 'libgmon.a' static.err && pass rt-gprofrun/static ||
	fail rt-gprofrun/static "status $rc, $(head -c 300 static.err)"
"$RUN" --libgmon=/nonexistent/libgmon.so ./exitcode 2>lib.err
rc=$?
[ "$rc" -eq 1 ] && grep -q '/nonexistent/libgmon.so: no such collector' lib.err &&
	pass rt-gprofrun/no-collector || fail rt-gprofrun/no-collector "status $rc, $(head -c 200 lib.err)"
"$RUN" --bogus ./exitcode 2>opt.err
rc=$?
[ "$rc" -eq 1 ] && grep -q "Try 'gprof-run --help'" opt.err &&
	pass rt-gprofrun/bad-option || fail rt-gprofrun/bad-option "status $rc"
"$RUN" 2>none.err
rc=$?
[ "$rc" -eq 1 ] && grep -q 'no program to run' none.err &&
	pass rt-gprofrun/no-program || fail rt-gprofrun/no-program "status $rc"

# 4. -o with %p: the file is named by the program's pid and said so.
"$RUN" -o 'prof.%p' ./exitcode 0 2>pid.err
f=$(sed -n 's/^gprof-run: profile written to \(prof\.[0-9]*\) and .*/\1/p' pid.err)
if [ -n "$f" ] && [ -s "$f" ] && [ -s "$f.gmonx" ] &&
	[ "$(calls_to twice exitcode "$f")" = 1 ]; then
	pass rt-gprofrun/output-pid
else
	fail rt-gprofrun/output-pid "$(head -c 300 pid.err)"
fi

# 5. An LD_PRELOAD of the user's is kept, after ours.
cat >probe.c <<'PROBE'
#include <stdio.h>
#include <stdlib.h>
int main(void) { puts(getenv("LD_PRELOAD") ? getenv("LD_PRELOAD") : ""); return 0; }
PROBE
cc -pg -o probe probe.c
: >empty.c
cc -shared -fPIC -o libnothing.so empty.c
# (A sanitizer build of gprof-run would refuse to start after another
# preloaded library; the check is only ASan's.)
got=$(LD_PRELOAD=$out/libnothing.so ASAN_OPTIONS=verify_asan_link_order=0 \
	"$RUN" -q ./probe)
case $got in
*libgmon.so:"$out"/libnothing.so) pass rt-gprofrun/preload-kept ;;
*) fail rt-gprofrun/preload-kept "LD_PRELOAD was '$got'" ;;
esac

# 5b. -o naming a directory is refused before the program runs (it
# could not write there; "-o ." was reported as "profile written to
# ."), and the closing message names only files this run wrote: a side
# file left from an earlier run is not (glibc's collector, which a
# --libgmon that is not ours leaves in charge, writes gmon.out alone).
mkdir -p odir/sub odir/stale
for c in "dir:sub" "dot:." "slash:new/"; do
	o=${c#*:}
	printf 'gprof-run: %s: a directory, not a file for the profile (try -o %sgmon.out)\n' \
		"$o" "$(echo "$o" | sed 's|[^/]$|&/|')" >"odir/${c%%:*}.want"
	expect "rt-gprofrun/output-${c%%:*}" --rc=1 --empty --in=odir \
		--err="$out/odir/${c%%:*}.want" "$RUN" -o "$o" ../exitcode 3
done
echo stale >odir/stale/gmon.out.gmonx
printf '%s\n' 'gprof-run: profile written to gmon.out' \
	'gprof-run: read it with: gprof ../../exitcode gmon.out' >odir/stale.want
expect rt-gprofrun/stale-side --empty --in=odir/stale --err="$out/odir/stale.want" \
	"$RUN" --libgmon="$out/libnothing.so" ../../exitcode 0

# 6. Snapshots of a program that goes on: USR1 sent to gprof-run
# reaches the program, which writes snap.1 and goes on; --every writes
# every 0.2 s; the profiles are numbered (%n) and the closing message
# names the last.  Each step waits for the file it needs (at most 20 s).
# wait_for FILE: true once FILE exists.
wait_for() {
	_w=0
	while [ ! -f "$1" ] && [ $_w -lt 2000 ]; do
		sleep 0.01
		_w=$((_w + 1))
	done
	[ -f "$1" ]
}
# snaps_read PREFIX N: PREFIX.1 ... PREFIX.N all read by our gprof and
# by GNU's, and no PREFIX.(N+1).
snaps_read() {
	_k=1
	while [ $_k -le "$2" ]; do
		"$GPROF" -b waiter "$1.$_k" >/dev/null 2>&1 &&
			/usr/bin/gprof -b waiter "$1.$_k" >/dev/null 2>&1 || return 1
		_k=$((_k + 1))
	done
	[ ! -e "$1.$_k" ]
}
start_waiter usr1 "$RUN" --dump-on=USR1 -o usr1.%n ./waiter usr1.fifo wait
if [ -n "$start_why" ]; then
	fail rt-gprofrun/snapshot-usr1 "$start_why"
else
	kill -USR1 "$run_pid"
	wait_for usr1.1.gmonx
	exec 6>&-
	end_waiter
	if [ "$end_rc" = 0 ] && snaps_read usr1 2 &&
		grep -q '^gprof-run: profile written to usr1.2 and usr1.2.gmonx$' usr1.err &&
		grep -q '^gprof-run: (the last of 2, numbered from 1)$' usr1.err; then
		pass rt-gprofrun/snapshot-usr1
	else
		fail rt-gprofrun/snapshot-usr1 "exit ${end_rc:-?}: $(ls usr1.[0-9]* 2>/dev/null | tr '\n' ' ')$(head -c 200 usr1.err | tr '\n' ' ')"
	fi
fi
start_waiter every "$RUN" --every=0.2 -o every.%n ./waiter every.fifo wait
if [ -n "$start_why" ]; then
	fail rt-gprofrun/snapshot-every "$start_why"
else
	wait_for every.2.gmonx
	exec 6>&-
	end_waiter
	n=$(ls every.[0-9]* 2>/dev/null | grep -c -v gmonx)
	if [ "$end_rc" = 0 ] && [ "$n" -ge 3 ] && snaps_read every "$n" &&
		grep -q "^gprof-run: (the last of $n, numbered from 1)\$" every.err; then
		pass rt-gprofrun/snapshot-every
	else
		fail rt-gprofrun/snapshot-every "exit ${end_rc:-?}, $n profiles: $(head -c 200 every.err | tr '\n' ' ')"
	fi
fi

# 7. Every option of --help is in the man page, and the other way round.
"$RUN" --help >help.txt
opts=$(grep -o -- '--[a-z-]*' help.txt | sort -u)
missing=
for o in $opts; do
	grep -q -- "$(echo "$o" | sed 's/-/\\\\-/g')" "$top/runner/gprof-run.1" ||
		missing="$missing $o"
done
[ -n "$opts" ] && [ -z "$missing" ] && pass rt-gprofrun/help-man ||
	fail rt-gprofrun/help-man "not in gprof-run.1:$missing"
exit 0
