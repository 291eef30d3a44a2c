# shellcheck shell=sh
# bench/measure.sh - sourced by bench/run.sh and bench/gas.sh: one way
# to time a gprof.
#
# measure OUTDIR GPROF ARGS...: run GPROF ARGS in a fresh OUTDIR
# $repeat times (once when the first run takes more than $measure_long
# seconds, default 5: GNU's slowest rows), and more, up to 10 runs,
# while they add up to less than a second (a run of 60 ms lands now and
# then on a CPU the host slows by 40 %: the least of many is the cost of
# the command, not of the moment), leaving out.txt, err.txt and
# status (of the last run)
# and time.txt: "SECONDS KB" of the fastest run, where SECONDS is wall
# time, or user + system CPU time when measure_cpu=1, to the
# millisecond, and KB the peak resident set size.  The timer is
# bench/cpu.c (microseconds; /usr/bin/time prints hundredths, a tenth
# of a run of ours), built into $work/cpu with $cc on first use.
#
# measure_pair OUT1 GPROF1 OUT2 GPROF2 ARGS...: the same for two
# gprofs on the same arguments, their runs taking turns (see below).
# Needs $repeat, $work and $cc.
# shellcheck disable=SC2154 # repeat, work and cc: the caller's
measure_timer=$work/cpu
measure_src=$(dirname "$0")/cpu.c
# The state of OUT's runs lives in OUT: runs (count), spent (seconds),
# best ("SECONDS KB"), long (a run took over $measure_long seconds).
measure_init() {
	if [ ! -x "$measure_timer" ] || [ "$measure_src" -nt "$measure_timer" ]; then
		mkdir -p "$work" &&
			"$cc" -std=c11 -O2 -o "$measure_timer" "$measure_src" ||
			return 1
	fi
	rm -rf "$1"
	mkdir -p "$1"
	echo 0 > "$1/runs"
	echo 0 > "$1/spent"
	: > "$1/best"
}

# measure_more OUT: whether OUT wants another run (see measure).
measure_more() {
	[ -f "$1/long" ] && return 1
	awk -v i="$(cat "$1/runs")" -v s="$(cat "$1/spent")" -v r="$repeat" \
		'BEGIN { exit !(i < r || (i < 10 && s < 1)) }'
}

# measure_once OUT PROG ARGS...: one run of PROG ARGS in OUT.
measure_once() {
	out=$1 prog=$2
	shift 2
	st=0
	(cd "$out" && "$measure_timer" t.txt "$prog" "$@" \
		> out.txt 2> err.txt) || st=$?
	echo "$st" > "$out/status"
	# t.txt: CPU KB WALL
	t=$(awk -v cpu="${measure_cpu:-0}" 'NF == 3 {
		printf "%.3f %s\n", cpu == 1 ? $1 : $3, $2 }' "$out/t.txt")
	printf '%s\n%s\n' "$(cat "$out/best")" "$t" | awk 'NF == 2' |
		sort -n | head -n 1 > "$out/best.new"
	mv "$out/best.new" "$out/best"
	# (measure_ names: the caller's own variables, such as run.sh's
	# n, stay untouched.)
	measure_runs=$(($(cat "$out/runs") + 1))
	echo "$measure_runs" > "$out/runs"
	measure_spent=$(awk -v s="$(cat "$out/spent")" -v t="${t%% *}" \
		'BEGIN { print s + t }')
	echo "$measure_spent" > "$out/spent"
	# A long run is measured once: its noise is small beside it.
	if awk -v t="${t%% *}" -v l="${measure_long:-5}" \
		'BEGIN { exit !(t > l) }'; then
		: > "$out/long"
	fi
}

measure_done() {
	cp "$1/best" "$1/time.txt"
	rm -f "$1/runs" "$1/spent" "$1/best" "$1/long"
}

measure() {
	out=$1
	measure_init "$out" || return 1
	while measure_more "$out"; do
		measure_once "$@"
	done
	measure_done "$out"
}

# measure_pair OUT1 PROG1 OUT2 PROG2 ARGS...: measure both on ARGS,
# their runs taking turns (1, 2, 1, 2, ... while both want more), so
# that a change in the host's speed, which lasts minutes here, falls on
# both rather than on one.
measure_pair() {
	o1=$1 p1=$2 o2=$3 p2=$4
	shift 4
	measure_init "$o1" && measure_init "$o2" || return 1
	while measure_more "$o1" || measure_more "$o2"; do
		if measure_more "$o1"; then measure_once "$o1" "$p1" "$@"; fi
		if measure_more "$o2"; then measure_once "$o2" "$p2" "$@"; fi
	done
	measure_done "$o1"
	measure_done "$o2"
}
