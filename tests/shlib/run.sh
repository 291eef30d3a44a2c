#!/bin/sh
# tests/shlib/run.sh - libgmon and shared libraries (issue 13): the load
# map, the per-object histograms and the arcs with an end outside the
# executable, written to the side file as OBJECT, HIST and ARCS.
#
# The scenario (progs/, shlib.h): an executable and two -pg shared
# libraries, liba.so (DT_NEEDED) and libb.so (dlopened, called, dlclosed,
# opened again, called, closed for good), calling each other and back
# into the executable; liba.so's a_burn() spins on the CPU; liba.so
# sorts with qsort, whose comparator calls (from libc) are no arc.  The
# program counts its own calls and prints them ("ARC caller callee
# count", tests/runtime/progs/truth.h).  Each run must give:
#   - a side file a strict reader accepts (decode.py: record order,
#     ids, ranges, lengths), its arcs turned into names with nm;
#   - every arc of the truth exactly once: between two functions of the
#     executable in gmon.out (read by GNU gprof -b -q, exit 0), any
#     other in the side file's ARCS, with the truth's count;
#   - OBJECT records for liba.so (loaded) and libb.so (flag unloaded;
#     one record when it came back at the same base: its entry revived);
#   - TOTALS calls = the truth's calls plus the calls from libc;
#   - most of liba.so's HIST samples in a_burn (never an exact count);
#   - no file but the profile and its side file.
# Variants: {gcc, clang} x {PIE, non-PIE} x {linked with libgmon.a,
# LD_PRELOAD=libgmon.so on a program linked with glibc's -pg runtime};
# gcc runs the default clock, clang ITIMER_PROF (perf is never needed);
# gcc PIE with libb.so called by four threads at once; and a host
# program built without -pg, libgmon.so preloaded, where only the
# libraries' functions are callees (calls from the host's code into
# them are still arcs).
# With GPROF (our gprof) able to read the load map (e2e cases), its -q
# must give every arc of the truth, a colliding name as "tick [liba.so]",
# exit 0 without a warning, and a_burn must have time in its -p; also
# with the libraries moved away after the run and --object-path.
#
# Env: GPROF, BUILD (absolute), ORACLE (GNU gprof, default
# /usr/bin/gprof).  Files stay in BUILD/shlib-tests/.  About 15 s.
set -u
LC_ALL=C
export LC_ALL
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${GPROF:=$top/build/gprof}"
: "${BUILD:=$top/build}"
GNU=${ORACLE:-/usr/bin/gprof}
progs=$here/progs
out=$BUILD/shlib-tests
# The helpers the collector suites share (verdict, graph_arcs,
# compare_arcs...).
. "$top/tests/runtime/harness.sh"
rm -rf "$out"
mkdir -p "$out" || exit 1

lib_a=$BUILD/libgmon.a
[ -f "$lib_a" ] || lib_a=$top/build/libgmon.a
lib_so=$BUILD/libgmon.so
[ -f "$lib_so" ] || lib_so=$top/build/libgmon.so

if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP shlib: no python3 (the side-file decoder)"
	exit 0
fi

# libs CC: liba.so and libb.so of CC in $out/CC (once); prints why on
# failure.
libs() {
	_d=$out/$1
	[ -f "$_d/libb.so" ] && return 0
	mkdir -p "$_d"
	if ! $1 -O2 -pg -fPIC -shared -I"$progs" -I"$top/tests/runtime/progs" \
		-o "$_d/liba.so" "$progs/liba.c" >"$_d/build.log" 2>&1 ||
		! $1 -O2 -pg -fPIC -shared -I"$progs" -I"$top/tests/runtime/progs" \
			-o "$_d/libb.so" "$progs/libb.c" -L"$_d" -la \
			-Wl,-rpath,"$_d" >>"$_d/build.log" 2>&1; then
		echo "cannot build the libraries: $(head -1 "$_d/build.log")"
		return 1
	fi
}

# exe CC MODE HOW: the program into $exe; prints why on failure.
exe() {
	_d=$out/$1
	exe=$_d/prog-$2-$3
	case $2 in
	pie) _m="-fPIE -pie" ;;
	*) _m="-fno-PIE -no-pie" ;;
	esac
	_rt=$lib_a _pg=-pg
	[ "$3" = linked ] || _rt=
	[ "$3" = host ] && _pg=
	# shellcheck disable=SC2086
	if ! $1 -O2 $_pg $_m -I"$progs" -I"$top/tests/runtime/progs" -o "$exe" \
		"$progs/main.c" -L"$_d" -la -Wl,-rpath,"$_d" $_rt -ldl -pthread \
		>"$exe.log" 2>&1; then
		echo "cannot link: $(grep -m1 -v warning "$exe.log")"
		return 1
	fi
}

# our_arcs [OPTION...] EXE PROFILE: graph_arcs of our "gprof -b -q", a
# library function's "NAME [LIB]" read as NAME@LIB (decode.py's
# spelling), its stderr in $dir/ours.err.
our_arcs() {
	"$GPROF" -b -q "$@" 2>"$dir/ours.err" |
		sed 's/ \[\([^] ]*\.so[^] ]*\)\]/@\1/g' | graph_arcs
}

# e2e [OPTION...]: our gprof reads the case's profile with its side
# file (exit 0, no warning) and its call graph gives every arc of the
# truth, across objects, with a_burn in the flat profile.
e2e() {
	our_arcs "$@" "$exe" "$dir/run/gmon.out" >"$dir/arcs-ours.txt"
	"$GPROF" -b -q "$@" "$exe" "$dir/run/gmon.out" >/dev/null 2>&1 ||
		{ echo "our gprof exits non-zero: $(head -1 "$dir/ours.err")"; return 1; }
	if [ -s "$dir/ours.err" ]; then
		echo "our gprof warns: $(head -1 "$dir/ours.err")"
		return 1
	fi
	compare_arcs "$dir/expect.txt" "$dir/arcs-ours.txt" || return 1
	"$GPROF" -b -p "$@" "$exe" "$dir/run/gmon.out" 2>/dev/null |
		awk '$NF == "a_burn" && $3 > 0 { found = 1 } END { exit !found }' ||
		{ echo "a_burn has no time in our flat profile"; return 1; }
}

# arcs_match TRUTH EXEFUNCS GMON SIDE: every truth arc between two
# functions of the executable (EXEFUNCS, one name a line) is in GMON,
# every other one in SIDE, with the truth's count; no arc between
# functions the truth names is anywhere else.  Prints the first
# differences; returns 1.
arcs_match() {
	awk '
	FILENAME == ARGV[1] {
		if ($1 == "ARC") {
			want[$2 " " $3] += $4
			named[$2] = 1
			named[$3] = 1
		}
		next
	}
	FILENAME == ARGV[2] { inexe[$1] = 1; next }
	($1 in named) && ($2 in named) {
		k = $1 " " $2
		src = (FILENAME == ARGV[3]) ? "gmon.out" : "side file"
		if (k in got) dup[k] = 1
		got[k] = $NF
		where[k] = src
	}
	END {
		bad = 0
		for (k in want) {
			split(k, e, " ")
			home = (e[1] in inexe) && (e[2] in inexe) ? "gmon.out" : "side file"
			g = (k in got) ? got[k] : 0
			if (g != want[k] || (k in dup) || ((k in got) && where[k] != home)) {
				if (++bad <= 3) {
					sep = (bad > 1) ? "; " : ""
					shown = (k in dup) ? "two counts" : g
					w = (k in got) ? " in the " where[k] : ""
					printf "%s%s: %s%s, truth %s in the %s", sep, k, shown, w, want[k], home
				}
			}
		}
		for (k in got)
			if (!(k in want) && ++bad <= 3) {
				sep = (bad > 1) ? "; " : ""
				printf "%s%s: %s in the %s, truth none", sep, k, got[k], where[k]
			}
		if (bad > 3) printf "; and %d more", bad - 3
		exit bad > 0
	}' "$@"
}

# check_side: the side file's load map ($dir/side.txt) against the run.
check_side() {
	_s=$dir/side.txt
	_n=$(grep -c '^OBJECT [0-9]* 0 liba.so$' "$_s")
	[ "$_n" = 1 ] || { echo "$_n loaded OBJECT records for liba.so, want 1"; return 1; }
	if grep -q '^OBJECT [0-9]* [^1] libb.so$' "$_s"; then
		echo "libb.so not flagged unloaded"
		return 1
	fi
	_n=$(grep -c '^OBJECT [0-9]* 1 libb.so$' "$_s")
	if grep -q '^LIBB same' "$dir/truth.txt"; then
		[ "$_n" = 1 ] || { echo "libb.so came back at its base, yet $_n OBJECT records"; return 1; }
	else
		[ "$_n" -ge 1 ] || { echo "no OBJECT for libb.so"; return 1; }
	fi
	if grep -q '^OBJECT .* \(libc\|ld-linux\|libgmon\)' "$_s"; then
		echo "an unprofiled object has an OBJECT record"
		return 1
	fi
	if grep -q '^ARC [^ ]* a_cmp ' "$_s"; then
		echo "an arc from libc (qsort) into a_cmp was kept"
		return 1
	fi
	_want=$(awk '$1 == "ARC" || $1 == "UNPROFILED" { s += $NF } END { print s }' "$dir/expect.txt")
	_got=$(awk '$1 == "TOTALS" { print $2 }' "$_s")
	[ "$_got" = "$_want" ] || { echo "TOTALS calls $_got, want $_want"; return 1; }
	_hot=$(awk '$1 == "HIST" && $2 == "liba.so" && $3 == "a_burn" { print $4 }' "$_s")
	_all=$(awk '$1 == "HISTSUM" && $2 == "liba.so" { print $3 }' "$_s")
	if [ -z "$_all" ] || [ "$_all" -eq 0 ]; then
		echo "no samples in liba.so"
		return 1
	fi
	if [ -z "$_hot" ] || [ $((_hot * 2)) -le "$_all" ]; then
		echo "a_burn has ${_hot:-0} of liba.so's $_all samples"
		return 1
	fi
}

# one_case CC MODE HOW [THREADS]
one_case() {
	libs "$1" && exe "$1" "$2" "$3" || return 1
	_env=
	[ "$3" = linked ] || _env="LD_PRELOAD=$lib_so"
	[ "$1" = clang ] && _env="$_env LIBGMON_CLOCK=itimer"
	# shellcheck disable=SC2086
	run_case "$1-$2-$3${4:+-threads$4}" 60 \
		env $_env "$exe" "$out/$1/libb.so" ${4:-} || return 1
	for _f in "$dir/run"/* "$dir/run"/.[!.]*; do
		[ -e "$_f" ] || continue
		case $(basename "$_f") in
		gmon.out | gmon.out.gmonx) ;;
		*) echo "stray file $(basename "$_f")"; return 1 ;;
		esac
	done
	[ -f "$dir/run/gmon.out.gmonx" ] || { echo "no side file"; return 1; }
	python3 "$here/decode.py" "$dir/run/gmon.out.gmonx" >"$dir/side.txt" 2>&1 ||
		{ echo "decode.py: $(grep -m1 . "$dir/side.txt")"; return 1; }
	nm --defined-only "$exe" | awk '$2 ~ /^[Tt]$/ { print $3 }' >"$dir/exe-funcs.txt"
	if [ "$3" = host ]; then
		# The executable calls no hook: no arc into it, none in
		# gmon.out (GNU gprof refuses a profile without arcs); the
		# calls into the libraries from its code are still arcs.
		: >"$dir/arcs-gnu.txt"
		awk 'FNR == NR { inexe[$1]; next }
		$1 == "ARC" && ($3 in inexe) { next }
		$1 == "UNPROFILED" { next }
		$1 == "QSORT" { print "UNPROFILED", $2; next }
		{ print }' "$dir/exe-funcs.txt" "$dir/truth.txt" >"$dir/expect.txt"
	else
		cp "$dir/truth.txt" "$dir/expect.txt"
		gprof_arcs "$GNU" "$exe" "$dir/run/gmon.out" >"$dir/arcs-gnu.txt"
		"$GNU" -b -q "$exe" "$dir/run/gmon.out" >/dev/null 2>&1 ||
			{ echo "GNU gprof cannot read gmon.out: $(head -1 "$dir/gprof.err")"; return 1; }
	fi
	grep '^ARC ' "$dir/side.txt" | cut -d' ' -f2- >"$dir/arcs-side.txt"
	arcs_match "$dir/expect.txt" "$dir/exe-funcs.txt" "$dir/arcs-gnu.txt" \
		"$dir/arcs-side.txt" || return 1
	check_side
}

# Our gprof reads the load map when it knows the OBJECT record.
loadmap=no
"$GPROF" --help 2>&1 | grep -q -- --object-path && loadmap=yes

for cc in gcc clang; do
	if ! command -v $cc >/dev/null 2>&1; then
		echo "SKIP shlib/$cc: no $cc"
		continue
	fi
	for mode in pie nopie; do
		for how in linked preload; do
			c=$cc-$mode-$how
			why=$(one_case $cc $mode $how)
			verdict "shlib/$c" "$why" $?
			[ $loadmap = yes ] || continue
			if [ -n "$why" ]; then
				verdict "shlib/e2e-$c" "the run failed"
				continue
			fi
			dir=$out/cases/$c exe=$out/$cc/prog-$mode-$how
			why=$(e2e)
			verdict "shlib/e2e-$c" "$why" $?
		done
	done
done
[ $loadmap = yes ] || echo "SKIP shlib/e2e: $GPROF does not read the load map"

# A host program built without -pg, preloaded: its -pg libraries alone
# are profiled.
for cc in gcc clang; do
	command -v $cc >/dev/null 2>&1 || continue
	c=$cc-pie-host
	why=$(one_case $cc pie host)
	verdict "shlib/$c" "$why" $?
	if [ $loadmap = no ] || [ -n "$why" ]; then continue; fi
	dir=$out/cases/$c exe=$out/$cc/prog-pie-host
	why=$(e2e)
	rc=$?
	case $why in
	*"no call-graph records in the profile"*)
		# Known: our gprof wants arcs in gmon.out itself.
		echo "SKIP shlib/e2e-$c: our gprof -q refuses a gmon.out without arcs even when its side file has ARCS" ;;
	*) verdict "shlib/e2e-$c" "$why" $rc ;;
	esac
done

# Four threads call libb.so at once (each one's first calls take the
# slow path and may rescan the load map together).
for how in linked preload; do
	c=gcc-pie-$how-threads4
	why=$(one_case gcc pie $how 4)
	verdict "shlib/$c" "$why" $?
	if [ $loadmap = no ] || [ -n "$why" ]; then continue; fi
	dir=$out/cases/$c exe=$out/gcc/prog-pie-$how
	why=$(e2e)
	verdict "shlib/e2e-$c" "$why" $?
done

# The libraries moved after the run: found with --object-path.
if [ $loadmap = yes ] && [ -f "$out/gcc/liba.so" ]; then
	dir=$out/cases/gcc-pie-linked exe=$out/gcc/prog-pie-linked
	mkdir -p "$out/moved" && mv "$out/gcc/liba.so" "$out/gcc/libb.so" "$out/moved/"
	why=$(e2e --object-path="$out/moved")
	verdict shlib/e2e-object-path "$why" $?
fi
