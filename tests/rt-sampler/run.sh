#!/bin/sh
# tests/rt-sampler/run.sh - the collector's clock (runtime/sample.c) and its
# side file (runtime/side.c, read back by src/sidefile.c).
#
# harness.c links sample.o without any hook and samples its own text
# while it spins in a tiny hot() beside a cold() that never runs; each
# case names a clock, a rate and what to check (see harness.c): the
# neighbour gets 0 samples, hot() most of them, the written rate is the
# nominal one (asking 1000 Hz of a tick-bound CPU timer writes the
# tick's rate) and the delivered one is within 10 % of it, 2000 short
# threads and a few long ones are sampled for all their CPU time (5 %),
# threads that block every signal are sampled by
# perf, fork children start afresh, moncontrol's pause is honoured, a
# SIGPROF handler of the program's own keeps working.  Sample counts are
# never compared exactly.  A clock the machine refuses (perf_event_open
# under a strict perf_event_paranoid, in some containers) gives SKIP.
# Env: GPROF, BUILD.
. "$(dirname "$0")/../lib.sh"
t_suite rt-sampler

# The runtime's own flags (mk/runtime.mk), never sanitizers.
RTFLAGS="-std=c11 -D_GNU_SOURCE -I$top/include -O2 -g -fPIC \
	-fno-omit-frame-pointer -fvisibility=hidden -mgeneral-regs-only"
# The sampler is sample.c and its back ends (sample_*.c); it charges
# samples outside the executable to the load map (objects.c), which the
# harness never fills, and hands them to stacks.c (off here: the
# harness's configuration does not ask for stacks; stacks_cfi.c is its
# unwinder); util.c writes its messages.
: >"$out/cc.err"
objs=
for src in "$top"/runtime/sample.c "$top"/runtime/sample_*.c "$top/runtime/objects.c" \
	"$top/runtime/stacks.c" "$top/runtime/stacks_cfi.c" "$top/runtime/util.c"; do
	o=$out/$(basename "$src" .c).o
	# shellcheck disable=SC2086
	if ! cc $RTFLAGS -c -o "$o" "$src" 2>>"$out/cc.err"; then
		fail "rt-sampler/build" "see $out/cc.err"
		exit 0
	fi
	objs="$objs $o"
done
# shellcheck disable=SC2086
if ! cc -std=gnu11 -O1 -g -I"$top/runtime" -o "$out/harness" \
	"$here/harness.c" $objs -pthread 2>>"$out/cc.err"; then
	fail "rt-sampler/build" "see $out/cc.err"
	exit 0
fi

paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo '?')

# run CLOCK RATE CASE
run() {
	_name=rt-sampler/$3-$1-$2
	"$out/harness" "$1" "$2" "$3" >"$out/$3-$1-$2.out" 2>&1
	_rc=$?
	if [ $_rc -eq 0 ]; then
		pass "$_name"
	elif [ $_rc -eq 77 ]; then
		if [ "$1" = perf ]; then
			skip "$_name" "perf_event_open refused here (perf_event_paranoid=$paranoid)"
		else
			skip "$_name" "the $1 clock cannot start here"
		fi
	else
		fail "$_name" "$(grep -m1 '^fail' "$out/$3-$1-$2.out")" \
			"$(sed 's/^/	/' "$out/$3-$1-$2.out")"
	fi
}

for c in perf thread itimer wall auto; do
	run $c 100 hot
done
# CPU-time timers stop at the kernel tick: the written rate must be
# the tick's (nominal), not the 1000 asked, and the samples keep to it.
for c in perf thread itimer; do
	run $c 1000 hot
done
run perf 100 blocked
run thread 100 blocked
run perf 1000 blocked
for c in perf thread itimer; do
	run $c 100 threads
	run $c 100 fork
	run $c 100 pause
done
for c in thread itimer; do
	run $c 100 chain
done
# Issue 18 (5): 2000 threads far shorter than a period, and a few long
# ones: the samples stand for the process's CPU time within 5 %.
for c in perf thread itimer; do
	run $c 100 short
	run $c 100 long
done
for c in perf itimer; do
	run $c 100 own
done
run auto 100 fallback

# ---- the side file through gprof ----
# A -pg program run with glibc's collector gives a real gmon.out; its
# spare header bytes get a run id, and mkside (runtime/side.c) writes
# gmon.out.gmonx beside it.  gprof must print the same report as
# without the side file and warn only when it does not belong.
side=$out/side
mkdir -p "$side"
# shellcheck disable=SC2086
if ! cc -std=c11 -I"$top/runtime" -I"$top/include" -o "$out/mkside" \
	"$here/mkside.c" "$top/runtime/side.c" 2>"$side/cc.err" ||
	! cc -O0 -pg -Wl,--build-id -o "$side/prog" "$top/tests/progs/hot.c" \
		2>>"$side/cc.err" ||
	! (cd "$side" && ./prog >/dev/null) || [ ! -s "$side/gmon.out" ]; then
	fail "rt-sampler/side-build" "see $side/cc.err"
	exit 0
fi
bid=$(readelf -n "$side/prog" | awk '/Build ID:/ { print $3 }')
run_id=0123456789abcdef01234567
# set_run_id FILE HEX: write the 12 bytes into FILE's spare bytes.
set_run_id() {
	for _b in $(echo "$2" | sed 's/../& /g'); do
		# shellcheck disable=SC2059
		printf "\\$(printf '%03o' "0x$_b")"
	done | dd of="$1" bs=1 seek=8 conv=notrunc 2>/dev/null
}
cp "$side/gmon.out" "$side/glibc.out"
set_run_id "$side/gmon.out" $run_id
(cd "$side" && "$GPROF" -b prog glibc.out >plain.txt 2>plain.err)

# side_case NAME WANT (a fixed string on stderr, or "" for none): run
# gprof -b on prog and gmon.out (or $PROFILE) with the side file as it is.
side_case() {
	_p=${PROFILE:-gmon.out}
	(cd "$side" && "$GPROF" -b prog "$_p" >ours.txt 2>ours.err)
	_rc=$?
	if [ $_rc -ne 0 ]; then
		fail "rt-sampler/side-$1" "exit $_rc: $(head -1 "$side/ours.err")"
	elif ! cmp -s "$side/ours.txt" "$side/plain.txt"; then
		fail "rt-sampler/side-$1" "the report changed"
	elif [ -z "$2" ] && [ -s "$side/ours.err" ]; then
		fail "rt-sampler/side-$1" "unexpected: $(head -1 "$side/ours.err")"
	elif [ -n "$2" ] && ! grep -qF -- "$2" "$side/ours.err"; then
		fail "rt-sampler/side-$1" "want '$2', got '$(head -1 "$side/ours.err")'"
	elif [ -n "$2" ] && [ "$(wc -l <"$side/ours.err")" -ne 1 ]; then
		fail "rt-sampler/side-$1" "more than one line on stderr"
	else
		pass "rt-sampler/side-$1"
	fi
}

gmonx=$side/gmon.out.gmonx
if [ -z "$bid" ]; then
	skip "rt-sampler/side-build-id" "the linker wrote no build-id"
else
	"$out/mkside" "$gmonx" $run_id "$bid" "$side/prog"
	side_case match ""
	# -d describes the side file.
	(cd "$side" && "$GPROF" -b -d prog gmon.out >d.txt 2>&1)
	if grep -q '^\[side\] clock perf task-clock (perf): asked 1000 Hz, delivered 996.500 Hz (written 997) over 2.500000000 s; 2490 samples, 1 outside, 0 in the collector, 0 lost; 2 threads armed, 0 not, 0 blocking it$' "$side/d.txt" &&
		grep -q '^\[side\] 30 calls, 0 dropped, 1 nested, 2 threads' "$side/d.txt"; then
		pass "rt-sampler/side-describe"
	else
		fail "rt-sampler/side-describe" "$(grep -m1 side "$side/d.txt")"
	fi
	"$out/mkside" "$gmonx" $run_id "00$bid" "$side/prog"
	side_case other-build "gmon.out was written by another build of prog (build-id 00$bid, prog has $bid)"
	"$out/mkside" "$gmonx" $run_id "$bid" "$side/prog"
	head -c 100 "$gmonx" >"$side/cut" && mv "$side/cut" "$gmonx"
	side_case truncated "gmon.out.gmonx: corrupt side file (record at byte 16"
fi
"$out/mkside" "$gmonx" 0123456789abcdef01234568 - "$side/prog"
side_case other-run "gmon.out.gmonx belongs to another run than gmon.out"
"$out/mkside" "$side/glibc.out.gmonx" $run_id - "$side/prog"
PROFILE=glibc.out side_case glibc-profile "glibc.out.gmonx belongs to another run"
printf 'gmonside\002\0\0\0\0\0\0\0' >"$gmonx"
side_case version "corrupt side file (side file version 2"
printf 'not a side file' >"$gmonx"
side_case garbage "corrupt side file (not a side file"
rm -f "$gmonx" "$side/glibc.out.gmonx"
"$out/mkside" "$gmonx" $run_id - "$side/prog"
side_case no-build-id ""
rm -f "$gmonx"
side_case none ""

# ---- summing runs (issue 18, defect 1) ----
# Three runs of one program at one asked rate, each clock: gmon.out's
# rate is nominal, so both gprofs sum them and print the same bytes,
# and the summed time stands for the CPU time the runs measured
# themselves within 5 % + 3 periods a run (the ledger's remainder and
# a run's last period); -d says the clock line sums 3 runs.
sum=$out/sum
mkdir -p "$sum"
if ! cc -O1 -pg -o "$sum/prog" "$here/spin.c" "$BUILD/libgmon.a" -lpthread \
	2>"$sum/cc.err"; then
	fail rt-sampler/sum-build "see $sum/cc.err"
else
	for c in perf thread itimer; do
		rm -f "$sum"/g*.out*
		_ns=0
		_ok=1
		for i in 1 2 3; do
			if ! _t=$(cd "$sum" && LIBGMON_CLOCK=$c LIBGMON_RATE=100 \
				LIBGMON_OUT=g$i.out ./prog 0.3 2>>"$sum/run.err"); then
				_ok=0
			fi
			_ns=$((_ns + _t))
		done
		if [ $_ok = 0 ] || [ ! -s "$sum/g3.out" ]; then
			skip "rt-sampler/sum-$c" "the $c clock did not run here"
			continue
		fi
		(cd "$sum" && "$GPROF" -b prog g1.out g2.out g3.out >ours.txt 2>ours.err)
		_rc=$?
		(cd "$sum" && /usr/bin/gprof -b prog g1.out g2.out g3.out >gnu.txt 2>gnu.err)
		# The flat profile's last cumulative seconds: the summed time.
		_secs=$(awk '/^ *[0-9.]+ +[0-9.]+ +[0-9.]+ / { c = $2 } /^ *% *cumulative/ { n++ } n > 1 { exit } END { print c }' "$sum/ours.txt")
		_why=$(awk -v s="$_secs" -v ns="$_ns" 'BEGIN {
			t = ns / 1e9; slack = 3 * 3 / 100
			if (s == "" || s < t * 0.95 - slack || s > t * 1.05 + slack)
				printf "the sum shows %s s, the runs measured %.3f s", s, t }')
		if [ $_rc -ne 0 ]; then
			fail "rt-sampler/sum-$c" "exit $_rc: $(head -1 "$sum/ours.err")"
		elif ! cmp -s "$sum/ours.txt" "$sum/gnu.txt"; then
			fail "rt-sampler/sum-$c" "GNU gprof prints other bytes"
		elif [ -n "$_why" ]; then
			fail "rt-sampler/sum-$c" "$_why"
		elif ! (cd "$sum" && "$GPROF" -b -d prog g1.out g2.out g3.out 2>&1) |
			grep -q '^\[side\] the clock line sums 3 runs'; then
			fail "rt-sampler/sum-$c" "-d does not sum the clocks"
		else
			pass "rt-sampler/sum-$c"
		fi
	done
fi

# A side file whose clock delivered 20 % less than gmon.out's rate: the
# times are short, and gprof says so (once, with the numbers).
if [ -n "$bid" ]; then
	"$out/mkside" "$gmonx" $run_id "$bid" "$side/prog" 797600
	side_case short-clock "gmon.out: the samples stand for 2.000 s at 997 per second, but the clock measured 2.500 s of time (20 % short)"
	rm -f "$gmonx"
fi
