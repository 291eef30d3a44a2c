#!/bin/sh
# tests/rt-shlib/run.sh - libgmon and shared libraries (issue 13): the load
# map, the per-object histograms and the arcs with an end outside the
# executable, written to the side file as OBJECT, HIST and ARCS.
#
# The scenario (progs/, shlib.h): an executable and two -pg shared
# libraries, liba.so (DT_NEEDED) and libb.so (dlopened, called, dlclosed,
# opened again, called, closed for good), calling each other and back
# into the executable; liba.so's a_burn() spins on the CPU; liba.so
# sorts with qsort, whose comparator calls (from libc) are no arc.  The
# program counts its own calls and prints them ("ARC caller callee
# count", tests/rt-accept/progs/truth.h).  Each run must give:
#   - a side file a strict reader accepts (decode.py: record order,
#     ids, ranges, lengths), its arcs turned into names with nm;
#   - every arc of the truth exactly once: between two functions of the
#     executable in gmon.out (read by GNU gprof -b -q, exit 0), any
#     other in the side file's ARCS, with the truth's count;
#   - OBJECT records for liba.so (loaded) and libb.so (flag unloaded;
#     one record when it came back at the same base: its entry revived;
#     on musl, whose dlclose never unmaps, one record, loaded: the
#     program prints whether libb.so is still mapped);
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
# dlonly cases (progs/dlonly.c): a program with no -pg library on its
# link line dlopens libb.so: its arcs are counted when the hook (mcount;
# __fentry__ with -mfentry; _mcount on aarch64) is exported: by hand
# (--export-dynamic-symbol), by libgmon.so, or (glibc, which defines
# the hooks) without asking; on musl, without, the loader refuses
# libb.so.
#
# Platforms, each with one SKIP line (and the reason) when its tools
# are missing: x86-64 glibc (the above); aarch64 glibc under
# qemu-aarch64 -L AARCH64_SYSROOT ({gcc, clang} x {PIE, non-PIE} x
# {linked, preload}, the host program, gcc PIE linked with 4 threads,
# dlonly; gmon.out read by aarch64-linux-gnu-gprof, the side file
# with aarch64-linux-gnu-nm; make runtime-aarch64);
# musl x86-64 (musl-gcc, dynamic only: {PIE, non-PIE} x {libgmon.a,
# libgmon.so linked}, the host program with libgmon.so preloaded, 4
# threads, dlonly also with -mfentry; make runtime-musl); musl aarch64
# under qemu (PIE x {libgmon.a, libgmon.so}, host, dlonly; the sysroot
# of scripts/musl-aarch64-root.sh).  The collectors are built into
# BUILD/rt-shlib/rt-*/, this suite's own copies.  Our gprof
# reads every platform's files (the side file's paths are the host's:
# qemu-user runs on its file system).
#
# Env: GPROF, BUILD (absolute), ORACLE (GNU gprof, default
# /usr/bin/gprof), ORACLE_AARCH64, QEMU_AARCH64, AARCH64_SYSROOT,
# MUSL_CC, MUSL_AARCH64_ROOT (as tests/rt-aarch64 and
# tests/rt-musl).  Files stay in BUILD/rt-shlib/.  About 35 s
# on 2 busy cores.
set -u
LC_ALL=C
export LC_ALL
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${GPROF:=$top/build/gprof}"
: "${BUILD:=$top/build}"
GNU=${ORACLE:-/usr/bin/gprof}
progs=$here/progs
out=$BUILD/rt-shlib
# The helpers the collector suites share (verdict, graph_arcs,
# compare_arcs...).
. "$top/tests/rt-accept/harness.sh"
rm -rf "$out"
mkdir -p "$out" || exit 1

lib_a=$BUILD/libgmon.a
[ -f "$lib_a" ] || lib_a=$top/build/libgmon.a
lib_so=$BUILD/libgmon.so
[ -f "$lib_so" ] || lib_so=$top/build/libgmon.so

if ! command -v python3 >/dev/null 2>&1; then
	skip "rt-shlib/all" "no python3 (the side-file decoder)"
	exit 0
fi

# The platform the cases below run on, set by platform(): plat (its
# name), pre (the cases' name prefix), runner (words: an emulator and
# its options, or none), NM (for the target's files), GNU (the oracle),
# lib_a / lib_so / lib_dir (the collector), hook (the symbol -pg code
# calls), pout (its files).  x86-64 glibc to start with.
plat=x86_64 pre=rt-shlib runner="" NM=nm hook=mcount pout=$out/x86_64
lib_dir=$(dirname "$lib_so")
export NM

# cc_cmd CC: the command line of compiler CC (gcc, clang) on $plat.
cc_cmd() {
	case $plat/$1 in
	x86_64/gcc-fentry) echo "gcc -mfentry" ;;
	x86_64/*) echo "$1" ;;
	aarch64/gcc) echo aarch64-linux-gnu-gcc ;;
	aarch64/clang) echo "clang --target=aarch64-linux-gnu" ;;
	musl/gcc) echo "${MUSL_CC:-musl-gcc}" ;;
	musl/gcc-fentry) echo "${MUSL_CC:-musl-gcc} -mfentry" ;;
	# (the cross gcc's outlined atomics need glibc's __getauxval)
	musl-aarch64/gcc) echo "$a64/musl-gcc -mno-outline-atomics" ;;
	esac
}

# libs CC: liba.so and libb.so of CC in $pout/CC (once); prints why on
# failure.
libs() {
	_d=$pout/$1
	[ -f "$_d/libb.so" ] && return 0
	mkdir -p "$_d"
	_c=$(cc_cmd "$1")
	if ! $_c -O2 -pg -fPIC -shared -I"$progs" -I"$top/tests/rt-accept/progs" \
		-o "$_d/liba.so" "$progs/liba.c" >"$_d/build.log" 2>&1 ||
		! $_c -O2 -pg -fPIC -shared -I"$progs" -I"$top/tests/rt-accept/progs" \
			-o "$_d/libb.so" "$progs/libb.c" -L"$_d" -la \
			-Wl,-rpath,"$_d" >>"$_d/build.log" 2>&1; then
		echo "cannot build the libraries: $(head -1 "$_d/build.log")"
		return 1
	fi
}

# exe CC MODE HOW: the program into $exe; prints why on failure.  HOW:
# linked (with libgmon.a), so (linked with libgmon.so), preload (-pg
# with the C library's runtime, libgmon.so preloaded), host (no -pg,
# libgmon.so preloaded: musl's loader must let liba.so's hook stay
# undefined at link time).
exe() {
	_d=$pout/$1
	exe=$_d/prog-$2-$3
	case $2 in
	pie) _m="-fPIE -pie" ;;
	*) _m="-fno-PIE -no-pie" ;;
	esac
	_pg=-pg
	case $3 in
	linked) _rt=$lib_a ;;
	so) _rt="-L$lib_dir -Wl,-rpath,$lib_dir -lgmon" ;;
	host) _rt=-Wl,--allow-shlib-undefined _pg= ;;
	*) _rt= ;;
	esac
	# shellcheck disable=SC2086
	if ! $(cc_cmd "$1") -O2 $_pg $_m -I"$progs" -I"$top/tests/rt-accept/progs" \
		-o "$exe" "$progs/main.c" -L"$_d" -la -Wl,-rpath,"$_d" $_rt -ldl \
		-pthread >"$exe.log" 2>&1; then
		echo "cannot link: $(grep -m1 -v warning "$exe.log")"
		return 1
	fi
}

# launch NAME ENV EXE [ARG...]: run_case NAME of EXE ARG... behind
# $runner, with ENV (VAR=VALUE words) in the program's environment
# (qemu: -E, or the emulator itself would load a preloaded library).
launch() {
	_n=$1 _e=$2 _x=$3
	shift 3
	if [ -z "$runner" ]; then
		# shellcheck disable=SC2086
		run_case "$_n" 60 env $_e "$_x" "$@"
		return
	fi
	_q=
	for _w in $_e; do _q="$_q -E $_w"; done
	# shellcheck disable=SC2086
	run_case "$_n" 120 $runner $_q "$_x" "$@"
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
	drop_clock_shortfall "$dir/ours.err"
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
	# musl's dlclose never unmaps a library: it stays loaded.
	_f=1
	grep -q '^UNLOADED no' "$dir/truth.txt" && _f=0
	if grep -q "^OBJECT [0-9]* [^$_f] libb.so\$" "$_s"; then
		[ $_f = 1 ] && echo "libb.so not flagged unloaded"
		[ $_f = 0 ] && echo "libb.so flagged unloaded, yet still mapped at the end"
		return 1
	fi
	_n=$(grep -c "^OBJECT [0-9]* $_f libb.so\$" "$_s")
	if grep -q '^LIBB same' "$dir/truth.txt"; then
		[ "$_n" = 1 ] || { echo "libb.so came back at its base, yet $_n OBJECT records"; return 1; }
	else
		[ "$_n" -ge 1 ] || { echo "no OBJECT for libb.so"; return 1; }
	fi
	if grep -q '^OBJECT .* \(libc\|ld-linux\|ld-musl\|libgmon\)' "$_s"; then
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

# one_case CC MODE HOW [THREADS]: the case $pre/CC-MODE-HOW[-threadsN]
# (its files in $out/cases/, run_case's dir).
one_case() {
	libs "$1" && exe "$1" "$2" "$3" || return 1
	_env=
	case $3 in preload | host) _env="LD_PRELOAD=$lib_so" ;; esac
	[ "$1" = clang ] && _env="$_env LIBGMON_CLOCK=itimer"
	launch "$pre/$1-$2-$3${4:+-threads$4}" "$_env" "$exe" \
		"$pout/$1/libb.so" ${4:+"$4"} || return 1
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
	$NM --defined-only "$exe" | awk '$2 ~ /^[Tt]$/ { print $3 }' >"$dir/exe-funcs.txt"
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

# dlonly_case NAME CC HOW WANT: dlonly.c (no -pg library on its link
# line; libb.so and liba.so of CC dlopened) linked with libgmon.a, the
# hook exported by hand (HOW export) or not (plain), or linked with
# libgmon.so (HOW so); WANT ok: its arcs across objects in the side
# file, the truth's TOTALS; WANT refused: the loader refuses libb.so for
# want of the hook (the program exits 1 naming it).  CC gcc-fentry:
# gcc -mfentry, whose hook is __fentry__.
dlonly_case() {
	libs "$2" || return 1
	exe=$pout/$2/dlonly-$3
	_h=$hook
	[ "$2" = gcc-fentry ] && _h=__fentry__
	_x="-Wl,--export-dynamic-symbol=exe_cb $lib_a"
	case $3 in
	export) _x="$_x -Wl,--export-dynamic-symbol=$_h" ;;
	so) _x="-Wl,--export-dynamic-symbol=exe_cb -L$lib_dir -Wl,-rpath,$lib_dir -lgmon" ;;
	esac
	# shellcheck disable=SC2086
	if ! $(cc_cmd $2) -O2 -pg -fPIE -pie -I"$progs" \
		-I"$top/tests/rt-accept/progs" -o "$exe" "$progs/dlonly.c" $_x \
		-ldl -pthread >"$exe.log" 2>&1; then
		echo "cannot link: $(grep -m1 -v warning "$exe.log")"
		return 1
	fi
	_why=$(launch "$1" "" "$exe" "$pout/$2/libb.so")
	_rc=$?
	dir=$(case_dir "$1")
	if [ "$4" = refused ]; then
		[ $_rc -ne 0 ] && grep -q "$_h" "$dir/stderr.txt" && return 0
		echo "want dlopen refused for want of $_h, got: ${_why:-a run}"
		return 1
	fi
	[ $_rc -eq 0 ] || { echo "$_why"; return 1; }
	python3 "$here/decode.py" "$dir/run/gmon.out.gmonx" >"$dir/side.txt" 2>&1 ||
		{ echo "decode.py: $(grep -m1 . "$dir/side.txt")"; return 1; }
	$NM --defined-only "$exe" | awk '$2 ~ /^[Tt]$/ { print $3 }' >"$dir/exe-funcs.txt"
	: >"$dir/arcs-gnu.txt"
	grep '^ARC ' "$dir/side.txt" | cut -d' ' -f2- >"$dir/arcs-side.txt"
	arcs_match "$dir/truth.txt" "$dir/exe-funcs.txt" "$dir/arcs-gnu.txt" \
		"$dir/arcs-side.txt" || return 1
	_want=$(awk '$1 == "ARC" || $1 == "UNPROFILED" { s += $NF } END { print s }' "$dir/truth.txt")
	_got=$(awk '$1 == "TOTALS" { print $2 }' "$dir/side.txt")
	[ "$_got" = "$_want" ] || { echo "TOTALS calls $_got, want $_want"; return 1; }
}

# case_dir NAME: run_case's folder of case NAME.
case_dir() {
	echo "$out/cases/$(echo "$1" | tr '/' '_')"
}

# Our gprof reads the load map when it knows the OBJECT record.
loadmap=no
"$GPROF" --help 2>&1 | grep -q -- --object-path && loadmap=yes

# full_case CC MODE HOW [THREADS]: one_case, then (when our gprof reads
# the load map) its e2e.
full_case() {
	c=$1-$2-$3${4:+-threads$4}
	why=$(one_case "$@")
	verdict "$pre/$c" "$why" $?
	[ $loadmap = yes ] || return 0
	if [ -n "$why" ]; then
		verdict "$pre/e2e-$c" "the run failed"
		return 0
	fi
	dir=$(case_dir "$pre/$c") exe=$pout/$1/prog-$2-$3
	why=$(e2e)
	rc=$?
	case $3/$why in
	host/*"no call-graph records in the profile"*)
		# Known: our gprof wants arcs in gmon.out itself.
		skip "$pre/e2e-$c" "our gprof -q refuses a gmon.out without arcs even when its side file has ARCS" ;;
	*) verdict "$pre/e2e-$c" "$why" $rc ;;
	esac
}

# group CCS MODES HOWS: full_case over them.
group() {
	for cc in $1; do
		for mode in $2; do
			for how in $3; do
				full_case "$cc" "$mode" "$how"
			done
		done
	done
}

# dlonly_group CC WANT-WITHOUT-EXPORT: the dlopen-only program of CC,
# with the hook exported, without, and linked with libgmon.so (which
# exports it).
dlonly_group() {
	for how in export plain so; do
		want=ok
		[ $how = plain ] && want=$2
		why=$(dlonly_case "$pre/dlonly-$1-$how" "$1" "$how" "$want")
		verdict "$pre/dlonly-$1-$how-$want" "$why" $?
	done
}

# make_rt DIR TARGET [VAR=VALUE...]: make the collector TARGET into
# $out/DIR (this suite's own copy: tests/rt-musl rebuilds build/musl
# with -B, maybe while this suite links), outside any job server; sets
# lib_dir, lib_a and lib_so; prints why on failure.
make_rt() {
	lib_dir=$out/$1 _t=$2
	lib_a=$lib_dir/libgmon.a lib_so=$lib_dir/libgmon.so
	shift 2
	(unset MAKEFLAGS MFLAGS MAKELEVEL && cd "$top" && make -s "$@" "$_t") \
		>"$lib_dir.log" 2>&1 ||
		echo "make $_t failed: $(grep -m1 -E 'error|Error' "$lib_dir.log")"
}

# --- x86-64, glibc ----------------------------------------------------
ccs=
for cc in gcc clang; do
	if command -v $cc >/dev/null 2>&1; then
		ccs="$ccs $cc"
	else
		skip "rt-shlib/$cc" "no $cc"
	fi
done
group "$ccs" "pie nopie" "linked preload"
[ $loadmap = yes ] || skip "rt-shlib/e2e" "$GPROF does not read the load map"

# A host program built without -pg, preloaded: its -pg libraries alone
# are profiled.
group "$ccs" pie host

# Four threads call libb.so at once (each one's first calls take the
# slow path and may rescan the load map together).
for how in linked preload; do
	full_case gcc pie $how 4
done

# glibc defines mcount (and __fentry__), so a program linked with
# libgmon.a exports them without being asked.
dlonly_group gcc ok
dlonly_group gcc-fentry ok

# The libraries moved after the run: found with --object-path.
if [ $loadmap = yes ] && [ -f "$pout/gcc/liba.so" ]; then
	dir=$(case_dir rt-shlib/gcc-pie-linked) exe=$pout/gcc/prog-pie-linked
	mkdir -p "$out/moved" && mv "$pout/gcc/liba.so" "$pout/gcc/libb.so" "$out/moved/"
	why=$(e2e --object-path="$out/moved")
	verdict rt-shlib/e2e-object-path "$why" $?
fi

# --- aarch64, glibc, under qemu-user ----------------------------------
# Our gprof (x86-64) reads the aarch64 files; the paths the side file
# records are the host's (qemu-user runs on the host's file system).
# Loops and burns are short: about 1 s a run under emulation.
plat=aarch64 pre=rt-shlib/aarch64 pout=$out/aarch64 hook=_mcount
QEMU=${QEMU_AARCH64:-qemu-aarch64}
SYSROOT=${AARCH64_SYSROOT:-/usr/aarch64-linux-gnu}
GNU=${ORACLE_AARCH64:-aarch64-linux-gnu-gprof}
NM=aarch64-linux-gnu-nm
runner="$QEMU -L $SYSROOT"
skip=
for tool in "$QEMU" aarch64-linux-gnu-gcc "$GNU" $NM; do
	command -v "$tool" >/dev/null 2>&1 || skip="no $tool"
done
[ -n "$skip" ] || [ -f "$SYSROOT/lib/libc.so.6" ] ||
	skip="no aarch64 glibc in $SYSROOT (libc6-dev-arm64-cross)"
[ -n "$skip" ] || { make_rt rt-aarch64 runtime-aarch64 RT_A64="$out/rt-aarch64" >"$out/why"; skip=$(cat "$out/why"); }
if [ -n "$skip" ]; then
	skip "$pre" "$skip"
else
	ccs=gcc
	command -v clang >/dev/null 2>&1 && ccs="gcc clang"
	group "$ccs" "pie nopie" "linked preload"
	group gcc pie host
	full_case gcc pie linked 4
	dlonly_group gcc ok
fi

# --- musl, x86-64 -----------------------------------------------------
# Dynamic only (dlopen).  musl has no profiling runtime: linked with
# libgmon.a or libgmon.so; musl's dlclose never unmaps libb.so.
plat=musl pre=rt-shlib/musl pout=$out/musl hook=mcount runner="" NM=nm
GNU=${ORACLE:-/usr/bin/gprof}
skip=
command -v "${MUSL_CC:-musl-gcc}" >/dev/null 2>&1 ||
	skip="no ${MUSL_CC:-musl-gcc} (Debian package musl-tools)"
[ -n "$skip" ] || { make_rt rt-musl runtime-musl MUSL_OUT="$out/rt-musl" \
	MUSL_CC="${MUSL_CC:-musl-gcc}" >"$out/why"; skip=$(cat "$out/why"); }
if [ -n "$skip" ]; then
	skip "$pre" "$skip"
else
	group gcc "pie nopie" "linked so"
	group gcc pie host
	full_case gcc pie linked 4
	# musl's libc has no mcount: unexported, libb.so cannot load.
	dlonly_group gcc refused
	dlonly_group gcc-fentry refused
fi

# --- musl, aarch64, under qemu-user -----------------------------------
# The sysroot and its musl-gcc come from scripts/musl-aarch64-root.sh
# (made here or by tests/rt-musl when root, as on CI); the
# collector is cross-built as tests/rt-musl does.
a64=${MUSL_AARCH64_ROOT:-$top/build/musl-aarch64-root}
[ -n "${MUSL_AARCH64_ROOT:-}" ] ||
	musl_aarch64_root "$a64" "$out/musl-aarch64-root.log"
plat=musl-aarch64 pre=rt-shlib/musl-aarch64 pout=$out/musl-aarch64 hook=_mcount
GNU=${ORACLE_AARCH64:-aarch64-linux-gnu-gprof}
NM=aarch64-linux-gnu-nm
runner="$QEMU -L $a64/root"
skip=
for tool in "$QEMU" aarch64-linux-gnu-gcc "$GNU" $NM aarch64-linux-gnu-objcopy; do
	command -v "$tool" >/dev/null 2>&1 || skip="no $tool"
done
[ -n "$skip" ] || { [ -x "$a64/musl-gcc" ] && [ -d "$a64/root" ]; } ||
	skip="no musl sysroot for arm64 in $a64 (make one with scripts/musl-aarch64-root.sh)"
[ -n "$skip" ] || { make_rt rt-musl-aarch64 runtime-musl \
	MUSL_OUT="$out/rt-musl-aarch64" MUSL_CC="$a64/musl-gcc" MUSL_ARCH=aarch64 \
	MUSL_OBJCOPY=aarch64-linux-gnu-objcopy MUSL_AR=aarch64-linux-gnu-ar \
	>"$out/why"; skip=$(cat "$out/why"); }
if [ -n "$skip" ]; then
	skip "$pre" "$skip"
else
	group gcc pie "linked so"
	group gcc pie host
	dlonly_group gcc refused
fi
exit 0
