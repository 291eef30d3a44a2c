#!/bin/sh
# -r (function ordering) and -R (file ordering) on random profiles,
# compared with GNU gprof.
#
# The test program of tests/gnu-graphs gets synthetic profiles from fixed
# seeds, shaped to reach every rule of the ordering: a crowd of
# functions called once from an unused caller (so that 80, 160 or 240
# functions are used and "hub" functions get picked), hubs with 4 to 12
# callers (5 is GNU's stopping count), equal counts (ties keep profile
# order), self-calls, count-0 arcs, counts beyond 32 bits, and heavy
# arcs that push the rest past the 99% mark.  Our gprof and
# /usr/bin/gprof must print the same bytes for each option set.
# Env: GPROF, BUILD (absolute); mkgmon is $BUILD/mkgmon.
. "$(dirname "$0")/../lib.sh"
t_suite gnu-order
prog="$out/many"
build_many gnu-order "$out" || exit 0
nm -n -t d "$prog" | awk '$2 ~ /^[Tt]$/ && $3 ~ /^f[0-9]+$/ { print $1 }' >"$out/addrs"

for seed in $(seq 1 40); do
	awk -v seed="$seed" '
	function arc(p, c, n) {
		# counts above 2^32-1 take several records, which add up
		while (n > 4294967295) {
			printf "arc %.0f %.0f %.0f\n", a[p] + 1, a[c], 4294967295
			n -= 4294967295
		}
		printf "arc %.0f %.0f %.0f\n", a[p] + 1, a[c], n
	}
	function pick() { return pool[int(rand() * npool) + 1] }
	BEGIN { srand(seed) }
	{ a[NR - 1] = $1 + 0 }
	END {
		n = NR; lo = a[0]; hi = a[n - 1] + 64; nb = int((hi - lo) / 4)
		printf "hist %d %d %d\n", lo, hi, nb
		for (i = 0; i < 50; i++)
			printf "bin %d %d\n", int(rand() * nb), int(rand() * 9)
		# the crowd: f1 (never called) calls f120.. once or twice
		split("0 0 79 80 100 159 160 175", sizes)
		crowd = sizes[seed % 8 + 1]
		for (i = 0; i < crowd; i++)
			arc(1, 120 + i, int(rand() * 3) + 1)
		npool = int(rand() * 50) + 5
		for (i = 1; i <= npool; i++)
			pool[i] = int(rand() * 110) + 2
		split("2 5 10 100 1000 5000000000", tops)
		top = tops[int(rand() * 6) + 1]
		narcs = int(rand() * 60) + 1
		for (i = 0; i < narcs; i++) {
			r = rand()
			cnt = r < 0.1 ? 0 : int(rand() * top) + 1
			arc(pick(), pick(), cnt)
		}
		nhubs = int(rand() * 4)
		for (h = 0; h < nhubs; h++) {
			hub = pick()
			k = int(rand() * 9) + 4
			for (i = 0; i < k; i++)
				arc(rand() < 0.2 ? 1 : pick(), hub, int(rand() * top) + 1)
		}
	}' "$out/addrs" >"$out/o$seed.spec"
	if ! "$BUILD/mkgmon" -o "$out/o$seed.gmon" "$out/o$seed.spec" 2>"$out/mk.err"; then
		fail "gnu-order/seed$seed" "mkgmon: $(head -1 "$out/mk.err")"
		continue
	fi
	# Arc specs (-k, -q/-Q with a '/') add GNU's count-0 arcs between
	# copies of the functions they match, which -r lists too.
	for opts in "-r" "-r -a" "-r -b -q" "-r -b -p -q -z" \
	    "-r -k f7/f9 -k f9/f50" "-r -b -qf9/f12 -Qf20/f21"; do
		# shellcheck disable=SC2086
		compare_gprof "gnu-order/seed$seed/$(echo "$opts" | tr -d ' ')" "$out" \
		    "$prog" "$out/o$seed.gmon" $opts
	done
done

# -R: random maps (runs of a few object files, entries for functions
# the table lacks, a function listed twice) over the same profiles.
# GNU's map flags are uninitialised malloc'd memory (valgrind says so),
# which happens to read as zero for short maps only.  GNU runs with
# glibc's MALLOC_PERTURB_=255, which fills every new block with 255 ^
# 0xff = 0: the same output valgrind gives (checked on every long map
# here) at native speed.  Our gprof runs without it.
printf '#!/bin/sh\nMALLOC_PERTURB_=255 exec /usr/bin/gprof "$@"\n' >"$out/gprof-zeroed"
chmod +x "$out/gprof-zeroed"
nm -n "$prog" | awk '$2 ~ /^[TtWw]$/ { print $1, $2, $3 }' >"$out/nm"
for seed in $(seq 1 24); do
	awk -v seed="$seed" '
	BEGIN { srand(seed) }
	{ line[NR] = $0 }
	END {
		split("1 4 12 30 90 250", sizes)
		want = sizes[seed % 6 + 1]
		nfiles = int(rand() * 7) + 1
		f = int(rand() * nfiles)
		for (i = 0; i < want; i++) {
			split(line[int(rand() * NR) + 1], w, " ")
			if (rand() < 0.3)
				f = int(rand() * nfiles)
			printf "m%d.o:%s %s %s\n", f, w[1], w[2], w[3]
			if (i == 0)
				first = w[3]
			if (rand() < 0.05)
				printf "data%d.o:0000000000000000 D nosuch%d\n", f, i
		}
		if (seed % 3 == 0)
			printf "m0.o:0000000000000000 T %s\n", first
	}' "$out/nm" >"$out/map$seed"
	oracle=$out/gprof-zeroed
	for opts in "-R $out/map$seed" "-a -R $out/map$seed" "-b -p -q -R $out/map$seed" \
	    "-k f7/f9 -R $out/map$seed"; do
		# shellcheck disable=SC2086
		ORACLE=$oracle compare_gprof "gnu-order/map$seed/$(echo "$opts" | sed "s|$out/||; s/ //g")" \
		    "$out" "$prog" "$out/o$seed.gmon" $opts
	done
done
exit 0
