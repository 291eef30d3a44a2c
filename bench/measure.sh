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
# Needs $repeat, $work and $cc.
# shellcheck disable=SC2154 # repeat, work and cc: the caller's
measure_timer=$work/cpu
measure_src=$(dirname "$0")/cpu.c
measure() {
	out=$1 prog=$2
	shift 2
	if [ ! -x "$measure_timer" ] || [ "$measure_src" -nt "$measure_timer" ]; then
		mkdir -p "$work" &&
			"$cc" -std=c11 -O2 -o "$measure_timer" "$measure_src" ||
			return 1
	fi
	rm -rf "$out"
	mkdir -p "$out"
	i=0
	best=
	spent=0
	while [ "$i" -lt "$repeat" ] ||
		{ [ "$i" -lt 10 ] && awk -v s="$spent" 'BEGIN { exit !(s < 1) }'; }; do
		st=0
		(cd "$out" && "$measure_timer" t.txt "$prog" "$@" \
			> out.txt 2> err.txt) || st=$?
		echo "$st" > "$out/status"
		# t.txt: CPU KB WALL
		t=$(awk -v cpu="${measure_cpu:-0}" 'NF == 3 {
			printf "%.3f %s\n", cpu == 1 ? $1 : $3, $2 }' "$out/t.txt")
		best=$(printf '%s\n%s\n' "$best" "$t" | awk 'NF == 2' |
			sort -n | head -n 1)
		i=$((i + 1))
		spent=$(awk -v s="$spent" -v t="${t%% *}" 'BEGIN { print s + t }')
		# A long run is measured once: its noise is small beside it.
		awk -v t="${t%% *}" -v l="${measure_long:-5}" \
			'BEGIN { exit !(t > l) }' && break
	done
	echo "$best" > "$out/time.txt"
}
