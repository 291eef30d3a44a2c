#!/bin/sh
# Options beyond the report switches, compared with GNU gprof on a
# two-file program of ours: symbol specifications in every form, arc
# specs, -k, -n/-N, -C/-Z, -S (external symbol table), @file,
# --inline-file-names, -L, --demangle/-T.  Env: GPROF, BUILD.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
progs="$here/../progs"
out="$BUILD/options"
mkdir -p "$out"
if ! cc -g -O0 -pg -o "$out/multi" "$progs/multi1.c" "$progs/multi2.c" 2>"$out/log" ||
	! (cd "$out" && ./multi >/dev/null); then
	echo "FAIL options/build: see $out/log"
	exit 0
fi
# A synthetic histogram over the program, so flat profiles have time.
nm -n -t d "$out/multi" | awk '$2 ~ /^[Tt]$/ { print $1 + 0 }' >"$out/addrs"
awk 'BEGIN { srand(7) } { a[NR] = $1 }
END {
	lo = a[1] - a[1] % 4; hi = a[NR] + 64; nb = int((hi - lo) / 4)
	printf "hist %d %d %d\n", lo, hi, nb
	for (i = 0; i < 60; i++) printf "bin %d %d\n", int(rand() * nb), int(rand() * 50)
}' "$out/addrs" >"$out/hist.spec"
"$BUILD/mkgmon" -o "$out/hist.gmon" "$out/hist.spec" || echo "FAIL options/mkgmon"
nm "$out/multi" >"$out/multi.nm"
printf -- '-b\n"-phelper"\n' >"$out/args.rsp"
: >"$out/empty.rsp"
n=0
while IFS= read -r opts; do
	case $opts in '' | '#'*) continue ;; esac
	n=$((n + 1))
	for prof in gmon.out hist.gmon; do
		# shellcheck disable=SC2086
		(cd "$out" && compare_gprof "options/$prof/$n:$(echo "$opts" | tr -d ' ')" \
		    "$out" "$out/multi" "$out/$prof" $opts)
	done
done <<'LIST'
-b -phelper
-b -Phelper
-b -pmulti2.c
-b -pmulti2.c:helper
-b -p:helper
-b -p14
-b -pmulti1.c:14
-b -qhelper
-b -Qhelper
-b -qmulti1_entry/helper
-b -Qtwice/helper
-b -k twice/helper
-b -k multi1.c:twice/multi1.c:helper -k main/multi2_entry
-b -nhelper
-b -Ntwice
-b -ntwice -Nhelper
-b -Chelper
-b -Zhelper
-b -C -Zmulti1.c
-b -e twice -f main
-b --flat-profile=helper --no-graph=twice
-b --time=multi1.c --no-time=twice
-b -S multi.nm
-b -S multi.nm -a
@args.rsp
-b @empty.rsp -p
-b --inline-file-names
-b -L --inline-file-names
-b -T --inline-file-names
-b -T --demangle
-b -C --inline-file-names
-b -S multi.nm -C --inline-file-names
LIST

# A static inline function from a header, at -O0: GNU names its file
# after the unit (hdr_main.c), not the header.
if cc -g -O0 -pg -o "$out/hdr" "$progs/hdr_main.c" 2>>"$out/log" &&
	(cd "$out" && ./hdr >/dev/null && mv gmon.out hdr.gmon); then
	for opts in "-b -z" "-C" "-b --inline-file-names" "-b -L -z"; do
		# shellcheck disable=SC2086
		(cd "$out" && compare_gprof "options/hdr/$(echo "$opts" | tr -d ' ')" \
		    "$out" "$out/hdr" "$out/hdr.gmon" $opts)
	done
else
	echo "FAIL options/hdr: cannot build or run (see $out/log)"
fi
exit 0
