#!/bin/sh
# bench/stacks-real.sh [BUILD_DIR [GPROF]] - the measured call graph on a
# real program: what stacks cost the collector, how big the side file
# grows and how long the analyser takes over it, against glibc's
# collector and GNU gprof in the same run (issue 20).
#
# The program is sqlite3's shell, from Debian's source package
# (scripts/fetch-real-sources.sh; tclsh builds the amalgamation).
# sqlite3.c and shell.c are compiled twice, -O2 and -O2 -pg; the -pg
# objects are linked twice, with glibc's collector (cc -pg) and with
# ours (BUILD_DIR/libgmon.a after the objects), so both collectors run
# the very same code.  The workload is bench/gen-sql.awk's script (ROWS
# inserts one statement at a time, a trigger, indexes, joins,
# aggregates), in memory, on stdin; every build must print the same
# results.
#
# Runs, RUNS times each, taken in turn so that the load of a shared
# machine falls on every build alike: the plain build, glibc's
# collector, ours (stacks on, the default), ours with LIBGMON_STACKS=0,
# and ours at LIBGMON_RATE=RATE (more samples, so more stacks) with
# stacks on and off.  Printed: the median and the least CPU time (user
# + system, to the microsecond: bench/cpu.c) and the overheads over the
# plain build; the profile's sizes and the side file's sampling and
# stack figures (bench/side.py).  Then the analysers on the last run's
# profiles, RUNS times each: median CPU time and peak memory of GNU
# gprof and ours on glibc's gmon.out, of GNU gprof on ours, and of ours
# on ours (the default report, which reads the side file, --measured,
# --format=json, --format=pprof).  Last, the checks: the arcs of both
# collectors' profiles, from both gprofs' -b -q call graphs, must be
# the same arcs with the same counts; both gprofs' -b reports must be
# the same bytes on every profile; and the functions outside cycles
# where gprof's estimate and the measurement disagree most are named.
#
# Environment: BENCH_SR_ROWS=150000 BENCH_SR_RUNS=5 BENCH_SR_RATE=10000
# (empty: no high-rate run) BENCH_CC=gcc BENCH_GNU=/usr/bin/gprof.
# Sources, objects and programs are cached in BUILD_DIR/bench/stacks-real/
# (the objects are rebuilt when the compiler or the recipe changes; the
# programs are relinked every time, as libgmon.a may have changed).
# Without the source (no apt, network or deb-src), tclsh, python3 or
# libgmon.a it prints one line saying why and exits 0.
# shellcheck disable=SC2086
set -eu

build=${1:-$(cd "$(dirname "$0")/.." && pwd)/build}
ours=${2:-$build/gprof}
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
rows=${BENCH_SR_ROWS:-150000}
runs=${BENCH_SR_RUNS:-5}
rate=${BENCH_SR_RATE-10000}
cc=${BENCH_CC:-gcc}
gnu=${BENCH_GNU:-/usr/bin/gprof}
work=$build/bench/stacks-real
lib=$build/libgmon.a
cputime=$work/cpu
# Bump when the build recipe below changes: the objects are rebuilt.
RECIPE=1
CFLAGS=-O2

skip() {
	echo "bench/stacks-real: skipped: $*"
	exit 0
}
die() {
	echo "bench/stacks-real: $*" >&2
	exit 1
}

[ -f "$lib" ] || skip "$lib is not built (make)"
[ -x "$ours" ] || skip "$ours is not built (make)"
[ -x "$gnu" ] || skip "$gnu missing (binutils)"
command -v python3 >/dev/null 2>&1 || skip "no python3 to read the side file"
command -v tclsh >/dev/null 2>&1 ||
	skip "no tclsh to build sqlite's amalgamation (Debian package tcl)"
mkdir -p "$work/src"
cd "$work"
if ! sh "$top/scripts/fetch-real-sources.sh" "$work/src" sqlite3 \
	2>fetch.err; then
	skip "$(head -1 fetch.err)"
fi
$cc -std=c11 -O2 -o "$cputime" "$here/cpu.c"

# ---- the programs ------------------------------------------------------

key="$RECIPE $CFLAGS $($cc --version | head -1) $(cat src/sqlite3/VERSION)"
if [ ! -f obj/.ok ] || [ "$(cat obj/.ok)" != "$key" ]; then
	echo "bench/stacks-real: building sqlite3 (two minutes or so)" >&2
	rm -rf amal obj
	mkdir amal obj
	(cd amal && ../src/sqlite3/configure --disable-tcl &&
		make sqlite3.c shell.c) >amal.log 2>&1 ||
		die "cannot make sqlite's amalgamation (see $work/amal.log)"
	for f in sqlite3 shell; do
		$cc $CFLAGS -c -o "obj/$f-plain.o" "amal/$f.c" &
		$cc $CFLAGS -pg -c -o "obj/$f-pg.o" "amal/$f.c" &
		wait
	done >obj.log 2>&1
	for f in sqlite3 shell; do
		if [ ! -s "obj/$f-plain.o" ] || [ ! -s "obj/$f-pg.o" ]; then
			die "cannot compile $f.c (see $work/obj.log)"
		fi
	done
	echo "$key" >obj/.ok
fi
LIBS="-lm -pthread"
$cc -o sqlite3-plain obj/shell-plain.o obj/sqlite3-plain.o $LIBS
$cc -pg -o sqlite3-glibc obj/shell-pg.o obj/sqlite3-pg.o $LIBS
$cc -pg -o sqlite3-ours obj/shell-pg.o obj/sqlite3-pg.o "$lib" $LIBS
sql=$work/work-$rows.sql
awk -v n="$rows" -f "$here/gen-sql.awk" >"$sql"

# ---- the collectors ----------------------------------------------------

# Each variant: NAME EXE [VAR=VALUE...] (the environment it runs with).
variants="plain:sqlite3-plain glibc:sqlite3-glibc ours:sqlite3-ours"
variants="$variants ours-nostacks:sqlite3-ours:LIBGMON_STACKS=0"
if [ -n "$rate" ]; then
	variants="$variants ours-${rate}hz:sqlite3-ours:LIBGMON_RATE=$rate"
	variants="$variants ours-nostacks-${rate}hz:sqlite3-ours:LIBGMON_RATE=$rate"
	variants="$variants:LIBGMON_STACKS=0"
fi
names=$(for v in $variants; do printf '%s ' "${v%%:*}"; done)

# run NAME EXE [VAR=VALUE...]: one run in a fresh runs/NAME; appends
# "CPU_SECONDS" to runs/NAME.cpu; its output must be the plain build's.
run() {
	r_n=$1 r_exe=$work/$2
	shift 2
	rm -rf "runs/$r_n"
	mkdir -p "runs/$r_n"
	(cd "runs/$r_n" && env "$@" $cputime time.txt "$r_exe" <"$sql" \
		>out.txt 2>err.txt) ||
		die "$r_n: exit status $? (see $work/runs/$r_n/err.txt)"
	awk '{ printf "%.3f\n", $1 }' "runs/$r_n/time.txt" >>"runs/$r_n.cpu"
	[ -f runs/expected.txt ] || cp "runs/$r_n/out.txt" runs/expected.txt
	cmp -s runs/expected.txt "runs/$r_n/out.txt" ||
		die "$r_n prints other results than the plain build (runs/$r_n/out.txt)"
}

# median FILE [COLUMN]: the median of a column of numbers (the lower
# middle one for an even count).  least FILE: the least of a column.
median() {
	sort -n -k"${2:-1},${2:-1}" "$1" |
		awk -v c="${2:-1}" '{ v[NR] = $c } END { print v[int((NR + 1) / 2)] }'
}
least() {
	sort -n "$1" | head -1
}

rm -rf runs
mkdir runs
start_load=$(cut -d' ' -f1-3 /proc/loadavg)
i=0
while [ $i -lt "$runs" ]; do
	for v in $variants; do
		IFS=:
		set -- $v
		unset IFS
		run "$@"
	done
	i=$((i + 1))
done

plain=$(median runs/plain.cpu)
echo "sqlite $(cat src/sqlite3/VERSION) shell, $(wc -l <"$sql") SQL statements" \
	"(bench/gen-sql.awk, n=$rows), in memory, 1 thread"
echo "CPU time (user + system, wait4): median and least of $runs runs, the builds" \
	"taken in turn; overhead = the -pg build / the plain build (medians; leasts)," \
	"same -pg objects for both collectors"
echo "$(nproc) CPUs, load average $start_load at the start"
echo
printf '| build | CPU s | least | overhead | gmon.out bytes | side file bytes | clock | samples | in known code | with a stack | truncated | no stack | distinct stacks | deepest |\n'
printf '| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n'
plain_least=$(least runs/plain.cpu)
for n in $names; do
	cpu=$(median "runs/$n.cpu")
	low=$(least "runs/$n.cpu")
	ratio=$(awk -v a="$cpu" -v b="$plain" -v c="$low" -v d="$plain_least" \
		'BEGIN { printf "%.2fx; %.2fx", a / b, c / d }')
	gm=- side=- fig="- - - - - - - - -"
	[ -f "runs/$n/gmon.out" ] && gm=$(wc -c <"runs/$n/gmon.out")
	if [ -f "runs/$n/gmon.out.gmonx" ]; then
		side=$(wc -c <"runs/$n/gmon.out.gmonx")
		fig=$(python3 "$here/side.py" "runs/$n/gmon.out.gmonx")
	fi
	set -- $fig
	[ "$n" = plain ] && ratio=-
	printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
		"$n" "$cpu" "$low" "$ratio" "$gm" "$side" "$1" "$2" "$3" "$4" "$5" \
		"$6" "$7" "$8"
done

# ---- the analysers -------------------------------------------------------

# analyse LABEL GPROF EXE PROFILE_DIR [OPTION...]: RUNS runs of GPROF
# on PROFILE_DIR/gmon.out; prints a row: median CPU ms, median peak MB,
# bytes written.
analyse() {
	a_l=$1 a_g=$2 a_e=$work/$3 a_d=$work/runs/$4
	shift 4
	: >an.txt
	j=0
	while [ $j -lt "$runs" ]; do
		(cd "$a_d" && $cputime "$work/an-time.txt" "$a_g" "$@" "$a_e" \
			gmon.out >"$work/an-out" 2>"$work/an-err") ||
			die "$a_l: exit status $? (see $work/an-err)"
		awk '{ printf "%.1f %.1f\n", $1 * 1000, $2 / 1024 }' an-time.txt >>an.txt
		j=$((j + 1))
	done
	a_bytes=$(wc -c <an-out)
	case " $* " in *" --output=an-file "*)
		a_bytes=$(wc -c <"$a_d/an-file")
		rm -f "$a_d/an-file" ;;
	esac
	printf '| %s | %s | %s | %s |\n' "$a_l" "$(median an.txt 1)" \
		"$(median an.txt 2)" "$a_bytes"
}

echo
echo "Analysis of the last run's profiles: median CPU ms and peak resident MB" \
	"of $runs runs; output bytes"
echo
printf '| analyser, profile, options | CPU ms | peak MB | output bytes |\n'
printf '| --- | ---: | ---: | ---: |\n'
analyse "GNU gprof, glibc's gmon.out" "$gnu" sqlite3-glibc glibc
analyse "ours, glibc's gmon.out" "$ours" sqlite3-glibc glibc
analyse "GNU gprof, our gmon.out" "$gnu" sqlite3-ours ours
prof_list="ours"
[ -z "$rate" ] || prof_list="ours ours-${rate}hz"
for p in $prof_list; do
	analyse "ours, $p (default report)" "$ours" sqlite3-ours "$p"
	analyse "ours, $p, --measured" "$ours" sqlite3-ours "$p" --measured
	analyse "ours, $p, --format=json" "$ours" sqlite3-ours "$p" \
		--format=json --output=an-file
	analyse "ours, $p, --format=pprof" "$ours" sqlite3-ours "$p" \
		--format=pprof --output=an-file
done

# ---- the call counts -----------------------------------------------------

# arcs GPROF EXE PROFILE_DIR: "CALLER CALLED/TOTAL CALLEE" for each child
# line of GPROF's -b -q call graph, sorted (times and indexes left out).
arcs() {
	"$1" -b -q "$work/$2" "runs/$3/gmon.out" | awk '
	function name(s) {
		sub(/ \[[0-9]+\] *$/, "", s)
		sub(/ <cycle [0-9]+>/, "", s)
		return s
	}
	/^-+$/ { p = ""; next }
	/^\[[0-9]+\]/ {
		p = ($0 ~ /as a whole>/) ? "" : name($0)
		sub(/.* /, "", p)
		next
	}
	p != "" && NF > 0 {
		s = name($0)
		sub(/^ *([0-9]+\.[0-9]+ +[0-9]+\.[0-9]+ +)?/, "", s)
		$0 = p " " s
		$1 = $1
		print
	}' | sort
}

echo
verdict=identical
for g in "$gnu" "$ours"; do
	arcs "$g" sqlite3-glibc glibc >arcs-glibc.txt
	for p in ours ours-nostacks; do
		arcs "$g" sqlite3-ours "$p" >"arcs-$p.txt"
		if ! cmp -s arcs-glibc.txt "arcs-$p.txt"; then
			verdict="DIFFERENT ($g, $p: diff $work/arcs-glibc.txt $work/arcs-$p.txt)"
			break 2
		fi
	done
done
calls=$(awk '{ split($2, c, "/"); s += c[1] } END { printf "%.0f\n", s }' \
	arcs-glibc.txt)
echo "Call counts, our collector (stacks on and off) against glibc's, arc by" \
	"arc from both gprofs' -b -q call graphs: $verdict" \
	"($(wc -l <arcs-glibc.txt) arcs, $calls calls)"

# Both gprofs' -b reports on each profile: the same bytes.
same=identical
for p in glibc $prof_list; do
	e=sqlite3-ours
	[ "$p" = glibc ] && e=sqlite3-glibc
	(cd "runs/$p" && "$gnu" -b "$work/$e" gmon.out >gnu-b.txt &&
		"$ours" -b "$work/$e" gmon.out >ours-b.txt)
	if ! cmp -s "runs/$p/gnu-b.txt" "runs/$p/ours-b.txt"; then
		same="DIFFERENT (diff $work/runs/$p/gnu-b.txt $work/runs/$p/ours-b.txt)"
		break
	fi
done
echo "GNU gprof -b and ours -b on the profiles of glibc, $prof_list: $same"

# Where the estimate and the measurement disagree most, outside cycles
# (in a cycle gprof lumps the members), from the profile with the most
# stacks.
last=${prof_list##* }
(cd "runs/$last" && "$ours" --format=json --output=an.json \
	"$work/sqlite3-ours" gmon.out)
python3 - "runs/$last/an.json" "$last" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
total = d["profile"]["total_seconds"]
rows = []
for f in d["functions"]:
    m = f["total_seconds_measured"]
    if f["cycle"] is not None or m is None or total <= 0:
        continue
    est = f["self_seconds"] + f["child_seconds_estimated"]
    rows.append((abs(est - m), f["name"], 100 * est / total, 100 * m / total))
rows.sort(key=lambda r: (-r[0], r[1]))
big = max((len(c["members"]) for c in d["cycles"]), default=0)
print("Estimate against measurement, %s, %d stack samples (share of the "
      "total, functions outside cycles; the largest cycle has %d members):"
      % (sys.argv[2], d["profile"]["stack_samples"],
         big))
for _, name, est, m in rows[:4]:
    print("  %s: estimated %.1f %%, measured %.1f %%" % (name, est, m))
EOF
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
