#!/bin/bash
# bench/sidebyside.sh N LABEL 'COMMAND' [LABEL 'COMMAND' ...]
#
# Runs the commands in turns (1, 2, 3, 1, 2, 3, ...) N times each, in
# the current directory, output to /dev/null, timed by bench/cpu.c, and
# prints for each label the least and the median of its N times: wall
# seconds, or user + system CPU seconds with FIELD=1 (FIELD=3, wall, by
# default).  Taking turns spreads the host's slow spells over every
# command; the least is the cost of the command, the median shows the
# noise.  For comparing builds; `make bench` is the record.
#
#   bench/sidebyside.sh 10 before "old/gprof prog gmon.out" \
#       after "build/gprof prog gmon.out"
set -eu
n=${1:?usage: bench/sidebyside.sh N LABEL COMMAND [LABEL COMMAND ...]}
shift
field=${FIELD:-3}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"${CC:-cc}" -std=c11 -O2 -o "$tmp/cpu" "$here/cpu.c"
labels=() cmds=()
while [ $# -ge 2 ]; do
	labels+=("$1")
	cmds+=("$2")
	shift 2
done
for ((i = 0; i < n; i++)); do
	for k in "${!cmds[@]}"; do
		# shellcheck disable=SC2086 # the command is split on purpose
		"$tmp/cpu" "$tmp/t" ${cmds[$k]} > /dev/null
		echo "$k $(cut -d' ' -f"$field" "$tmp/t")" >> "$tmp/all"
	done
done
for k in "${!labels[@]}"; do
	awk -v k="$k" '$1 == k { print $2 }' "$tmp/all" | sort -n |
		awk -v l="${labels[$k]}" '{ a[NR] = $1 } END {
			printf "%-12s least %.4f  median %.4f\n", l, a[1],
				a[int((NR + 1) / 2)] }'
done
