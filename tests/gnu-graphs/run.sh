#!/bin/sh
# Random call graphs, compared with GNU gprof.
#
# A test program with a few hundred functions gets synthetic profiles
# from fixed seeds: random arcs (many cycles, nested and adjacent, self
# calls, calls from outside every function) and random histogram bins.
# Our gprof and /usr/bin/gprof must print the same bytes for each option
# set.  Env: GPROF, BUILD (absolute); mkgmon is $BUILD/mkgmon.
. "$(dirname "$0")/../lib.sh"
t_suite gnu-graphs
ORACLE=${ORACLE:-/usr/bin/gprof}
# Some arcs come from outside the program on purpose: we warn about them.
MISMATCH_OK=1
prog="$out/many"
build_many gnu-graphs "$out" || exit 0
nm -n -t d "$prog" | awk '$2 ~ /^[Tt]$/ { print $1 }' >"$out/addrs"

for seed in $(seq 1 30); do
	awk -v seed="$seed" '
	BEGIN { srand(seed) }
	{ a[NR] = $1 + 0 }
	END {
		n = NR; lo = a[1]; hi = a[n] + 64; nb = int((hi - lo) / 4)
		printf "hist %d %d %d\n", lo, hi, nb
		for (i = 0; i < 300; i++)
			printf "bin %d %d\n", int(rand() * nb), int(rand() * 40)
		narcs = 50 * seed
		for (i = 0; i < narcs; i++) {
			p = int(rand() * n) + 1
			r = rand()
			if (r < 0.4) c = p - int(rand() * 6)   # back: cycles
			else if (r < 0.5) c = p                  # self call
			else c = int(rand() * n) + 1
			if (c < 1) c = 1
			from = a[p] + 1 + int(rand() * 8)
			if (rand() < 0.02) from = 16             # outside the program
			printf "arc %d %d %d\n", from, a[c], int(rand() * 5000) + 1
		}
	}' "$out/addrs" >"$out/g$seed.spec"
	if ! "$BUILD/mkgmon" -o "$out/g$seed.gmon" "$out/g$seed.spec" 2>"$out/mk.err"; then
		fail "gnu-graphs/seed$seed" "mkgmon: $(head -1 "$out/mk.err")"
		continue
	fi
	for opts in "-b" "-b -T" "-b -z" "-b -e f5 -E f9" "-b -f f7 -F f11" \
	    "-b -E f9 -E f14" "-b -F f9 -e f3"; do
		# shellcheck disable=SC2086
		compare_gprof "gnu-graphs/seed$seed/$(echo "$opts" | tr -d ' ')" "$out" \
		    "$prog" "$out/g$seed.gmon" $opts
	done
done
exit 0
