# shellcheck shell=sh
# bench/measure.sh - sourced by bench/run.sh and bench/gas.sh: one way
# to time a gprof.
#
# measure OUTDIR GPROF ARGS...: run GPROF ARGS in a fresh OUTDIR
# $repeat times, leaving out.txt, err.txt and status (of the last run)
# and time.txt: "SECONDS KB" of the fastest run, where SECONDS is wall
# time, or user + system CPU time when measure_cpu=1, and KB the peak
# resident set size.  Needs $repeat and $timer (GNU time).
# shellcheck disable=SC2154 # repeat and timer: the caller's
measure() {
	out=$1 prog=$2
	shift 2
	rm -rf "$out"
	mkdir -p "$out"
	fmt='%e %M'
	[ "${measure_cpu:-0}" = 1 ] && fmt='%U %S %M'
	i=0
	best=
	while [ "$i" -lt "$repeat" ]; do
		st=0
		(cd "$out" && "$timer" -f "$fmt" -o t.txt "$prog" "$@" \
			> out.txt 2> err.txt) || st=$?
		echo "$st" > "$out/status"
		t=$(tail -n 1 "$out/t.txt" | awk 'NF == 3 { printf "%.2f %s\n", $1 + $2, $3; next } { print }')
		best=$(printf '%s\n%s\n' "$best" "$t" | awk 'NF == 2' |
			sort -n | head -n 1)
		i=$((i + 1))
	done
	echo "$best" > "$out/time.txt"
}
