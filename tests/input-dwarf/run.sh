#!/bin/sh
# tests/input-dwarf/run.sh - two readers, one oracle: our fast DWARF readers
# against the references beside them (src/dwarfmode.h).  Every report
# that reads function ranges (-l, -s: dieranges.c, else the walk with
# libdw) or functions' source lines (-A, the index's files, -C,
# --inline-file-names: dwline_lookup, else dwline_read's whole table)
# must come out the same bytes, stderr and exit status included, with
# GPROF_DWARF=libdw,table (the references read every unit) as by
# default; so must gmon.sum.
#
# Programs: tests/progs', tests/gnu-sources' and tests/gnu-annotate's, and
# tmpl.cc (C++ templates and the standard library inlined at -O2) and
# split.c (functions split in a hot and a cold part, inlined pieces)
# here, by gcc and clang, DWARF 4 and 5, each run once for a real
# profile and given a synthetic one (every bin non-zero); our own gprof
# and unit tests as built (real programs of 70-odd units), with a
# synthetic profile; tests/gnu-real's programs when its cache holds them.
# Then damaged copies (bytes of .debug_info, .debug_abbrev, the range
# lists, the string and address tables and .debug_line overwritten):
# the same warnings, word for word, either way.
# Env: GPROF, BUILD (absolute), optionally MKGMON, REAL_CACHE.
. "$(dirname "$0")/../lib.sh"
t_suite input-dwarf
MKGMON=${MKGMON:-$BUILD/mkgmon}
log=$out/build.log
: >"$log"
# The references: libdw's walk for every unit's function ranges, whole
# line tables for every lookup.
REF=libdw,table

# both NAME ARG...: our gprof with ARGs (absolute paths), by default and
# with GPROF_DWARF=$REF, each in a folder of its own: stdout, stderr and
# the exit status must be the same (expect), and so must a gmon.sum
# written (-s).  The default run must exit 0 (the inputs, damaged ones
# included, are no errors) and print something or write gmon.sum.
both() {
	_bn=$1
	shift
	_bd=$(t_scratch "$_bn.default") || {
		fail "$_bn" "cannot make a scratch folder"
		return
	}
	mkdir -p "$_bd/run" "$_bd/ref"
	(cd "$_bd/run" && GPROF_DWARF='' "$GPROF" "$@") </dev/null \
		>"$_bd/out" 2>"$_bd/err"
	_brc=$?
	if [ $_brc -ne 0 ]; then
		fail "$_bn" "the default run exits $_brc: $(head -n 1 "$_bd/err")"
		return
	fi
	_be=
	[ -s "$_bd/out" ] || _be=--empty
	if [ -n "$_be" ] && [ ! -e "$_bd/run/gmon.sum" ] && empty_fails "$_bd/out"
	then
		fail "$_bn" "the default run printed nothing (a broken case)"
		return
	fi
	expect "$_bn" --err="$_bd/err" --want="$_bd/out" --in="$_bd/ref" $_be \
		env GPROF_DWARF=$REF "$GPROF" "$@"
	if [ -e "$_bd/run/gmon.sum" ]; then
		expect_file "$_bn/gmon.sum" "$_bd/ref/gmon.sum" "$_bd/run/gmon.sum"
	fi
}

# u32le FILE OFFSET / u64le FILE OFFSET: a little-endian number.
u32le() { od -An -tu4 -j "$2" -N4 "$1" | tr -d ' '; }
u64le() { od -An -tu8 -j "$2" -N8 "$1" | tr -d ' '; }

# synth OUT EXE LOW HIGH NBINS: a profile of one histogram over [LOW,
# HIGH) (decimal) with every bin non-zero, so that every line has
# samples, and calls between EXE's code symbols in it (each called from
# a few bytes into the one before it), so that there is a call graph.
synth() {
	nm -n --defined-only "$2" 2>/dev/null | awk -v lo="$3" -v hi="$4" \
		-v nb="$5" 'BEGIN {
		printf "hist %s %s %s\n", lo, hi, nb
		for (i = 0; i < nb; i++) printf "bin %d %d\n", i, i % 7 + 1
	}
	$2 ~ /^[Tt]$/ {
		a = 0
		for (i = 1; i <= length($1); i++)
			a = a * 16 + index("0123456789abcdef", substr($1, i, 1)) - 1
		if (a < lo || a >= hi || a == prev) next
		if (prev != "" && n < 2000) {
			printf "arc %d %d %d\n", prev + 1, a, n % 9 + 1
			n++
		}
		prev = a
	}' | "$MKGMON" -o "$1" - 2>>"$log"
}

# sec FILE SECTION FIELD: a field of SECTION's header (3: file offset,
# 4: size, 2: address), in decimal; nothing when there is no SECTION.
sec() {
	readelf -S -W "$1" 2>/dev/null | awk -v s="$2" -v f="$3" '{
		for (i = 1; i < NF; i++) if ($i == s) { print $(i + f); exit } }' |
		{ read -r h && printf '%d\n' "0x$h"; }
}

# prog NAME CC FLAGS... -- SOURCES...: build $out/NAME/prog with -g -pg
# (in a copy of this folder and tests/gnu-annotate's, so relative names
# resolve), run it there (gmon.out), and make syn.gmon over the same
# range.  Prints FAIL and returns 1 when it cannot.
prog() {
	_n=$1 _cc=$2
	shift 2
	_flags=
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		_flags="$_flags $1"
		shift
	done
	shift
	command -v "$_cc" >/dev/null 2>&1 || {
		skip "input-dwarf/$_n" "no $_cc"
		return 1
	}
	_d=$out/$_n
	mkdir -p "$_d/src"
	cp "$here"/*.c "$here"/*.cc "$top"/tests/gnu-annotate/*.c \
		"$top"/tests/gnu-annotate/*.h "$_d/src/" 2>>"$log"
	# shellcheck disable=SC2086
	if ! (cd "$_d/src" && $_cc -g -pg $_flags -o ../prog "$@" >>"$log" 2>&1) ||
		! (cd "$_d" && ./prog >/dev/null 2>&1) || [ ! -f "$_d/gmon.out" ]; then
		fail "input-dwarf/$_n" "cannot build or run (see $log)"
		return 1
	fi
	# GNU header (20 bytes), tag 0, lowpc, highpc, nbins.
	synth "$_d/syn.gmon" "$_d/prog" "$(u64le "$_d/gmon.out" 21)" \
		"$(u64le "$_d/gmon.out" 29)" "$(u32le "$_d/gmon.out" 37)" || {
		fail "input-dwarf/$_n" "mkgmon"
		return 1
	}
}

# The option sets: line mode (function ranges), then what reads the
# functions' lines (the index's files of static functions, -C, -A, the
# files of every function).
SETS='-b -l
-b -l -z -p
-b -l -q -L --inline-file-names
-b -l -C
-b -l -A -x
-s
-b
-b -C -z --inline-file-names
-b -A -p'

# check NAME PROFILES...: both readers on $out/NAME/prog with every set.
check() {
	_cn=$1
	shift
	printf '%s\n' "$SETS" | while IFS= read -r _set; do
		# shellcheck disable=SC2086
		both "input-dwarf/$_cn/$(echo "$_set" | tr -d ' ')" $_set \
			"$out/$_cn/prog" "$@"
	done
}

progs=
# NAME|CC|FLAGS|SOURCES (in tests/progs, tests/gnu-sources or this copy).
while IFS='|' read -r name cc flags srcs; do
	[ -n "$name" ] || continue
	# shellcheck disable=SC2086
	prog "$name" "$cc" $flags -- $srcs || continue
	progs="$progs $name"
	check "$name" "$out/$name/gmon.out" "$out/$name/syn.gmon"
done <<LIST
hot-O0|cc|-O0 -no-pie|$top/tests/progs/hot.c
hot-O2-pie|cc|-O2 -fpie -pie|$top/tests/progs/hot.c
hot-static|cc|-O2 -static|$top/tests/progs/hot.c
hot-dwarf4|cc|-O2 -gdwarf-4|$top/tests/progs/hot.c
hot-clang|clang|-O2|$top/tests/progs/hot.c
hot-clang-dwarf4|clang|-O2 -gdwarf-4|$top/tests/progs/hot.c
recur-O2|cc|-O2|$top/tests/progs/recur.c
incl-O2|cc|-O2 -I$top/tests/gnu-sources|$top/tests/gnu-sources/incl_main.c
hdr-O2|cc|-O2 -I$top/tests/progs|$top/tests/progs/hdr_main.c
labels|cc|-O0|$top/tests/progs/labels.c
inl-clang|clang|-O2|$top/tests/gnu-sources/inl.c
split-O2|cc|-O2|split.c
split-dwarf4|cc|-O2 -gdwarf-4|split.c
split-clang|clang|-O2|split.c
ann-O0|cc|-O0|main.c other.c
ann-O2|cc|-O2 -no-pie|main.c other.c
ann-clang-dwarf4|clang|-O1 -gdwarf-4|main.c other.c
cxx-O0|c++|-O0|$top/tests/progs/cxx.cc
cxx-O2|c++|-O2|$top/tests/progs/cxx.cc
cxx-clang|clang++|-O2|$top/tests/progs/cxx.cc
tmpl-O2|c++|-O2|tmpl.cc
tmpl-dwarf4|c++|-O2 -gdwarf-4|tmpl.cc
tmpl-clang|clang++|-O2|tmpl.cc
tmpl-clang-dwarf4|clang++|-O2 -gdwarf-4|tmpl.cc
LIST

# ---- real programs: our own, as built, with a synthetic profile --------

# real NAME EXE: $out/NAME/prog is EXE (a link), syn.gmon a profile over
# its .text (one bin per 16 bytes).
real_prog() {
	_d=$out/$1
	mkdir -p "$_d"
	ln -sf "$2" "$_d/prog"
	_lo=$(sec "$2" .text 2) _sz=$(sec "$2" .text 4)
	[ -n "$_lo" ] && [ -n "$_sz" ] &&
		synth "$_d/syn.gmon" "$2" "$_lo" $((_lo + _sz)) \
			$(((_sz + 15) / 16))
}
for p in gprof unit-tests; do
	if [ ! -x "$BUILD/$p" ]; then
		skip "input-dwarf/self-$p" "$BUILD/$p was not built"
	elif real_prog "self-$p" "$BUILD/$p"; then
		check "self-$p" "$out/self-$p/syn.gmon"
	else
		fail "input-dwarf/self-$p" "cannot make its profile"
	fi
done

# tests/gnu-real's programs and profiles, when its cache holds them.
case $BUILD in
*/san) R=${REAL_CACHE:-${BUILD%/san}/real-cache} ;; # as tests/gnu-real
*) R=${REAL_CACHE:-$BUILD/real-cache} ;;
esac
while read -r name exe ok profs; do
	if [ ! -f "$R/$(dirname "$exe")/.ok" ] || [ ! -f "$R/prof/$ok/.ok" ]; then
		skip "input-dwarf/real-$name" "tests/gnu-real has not built it (yet)"
		continue
	fi
	mkdir -p "$out/real-$name"
	ln -sf "$R/$exe" "$out/real-$name/prog"
	rp=
	for f in $profs; do
		rp="$rp $R/prof/$f"
	done
	# shellcheck disable=SC2086
	check "real-$name" $rp
done <<LIST
expat-gcc expat-gcc/xmlwf expat-gcc expat-gcc.r1 expat-gcc.r2
expat-clang expat-clang/xmlwf expat-clang expat-clang.r1
expat-static expat-gcc/xmlwf-static expat-gcc expat-static.r1
txml tinyxml2/txml tinyxml2 txml.r1
LIST

# ---- damaged DWARF: the same warnings from either reader -----------------

# patch FILE OFFSET HEX...: overwrite bytes of FILE at OFFSET.
patch() {
	_f=$1 _at=$2
	shift 2
	for _b in "$@"; do
		printf "\\$(printf '%03o' "0x$_b")" |
			dd of="$_f" bs=1 seek="$_at" conv=notrunc 2>/dev/null
		_at=$((_at + 1))
	done
}

# noise FILE OFFSET COUNT SEED: COUNT pseudo-random bytes at OFFSET.
noise() {
	awk -v n="$3" -v seed="$4" 'BEGIN { srand(seed)
		for (i = 0; i < n; i++) printf "%c", int(rand() * 256) }' |
		dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

# damage BASE KIND SECTION WHERE COUNT SEED: a copy of $out/BASE/prog
# with COUNT random bytes at WHERE percent into SECTION (or, for a
# COUNT of 0, the byte at offset WHERE set to SEED, in hex), then both
# readers on it in line mode and for the functions' lines and sources.
# Nothing when BASE has no SECTION.
damage() {
	_base=$1 _k=$2 _sec=$3 _pc=$4 _cnt=$5 _seed=$6
	_e=$out/$_base/prog
	[ -e "$_e" ] || return 0
	_off=$(sec "$_e" "$_sec" 3) _sz=$(sec "$_e" "$_sec" 4)
	[ -n "$_off" ] && [ -n "${_sz:-}" ] && [ "$_sz" -gt 0 ] || return 0
	_d=$out/dmg-$_base-$_k
	mkdir -p "$_d"
	cp -L "$_e" "$_d/prog" || return 0
	if [ "$_cnt" -eq 0 ]; then
		patch "$_d/prog" $((_off + _pc)) "$_seed"
	else
		_at=$((_off + _sz * _pc / 100))
		[ $((_at + _cnt)) -le $((_off + _sz)) ] || _cnt=$((_off + _sz - _at))
		noise "$_d/prog" "$_at" "$_cnt" "$_seed"
	fi
	# (-p: -A alone prints nothing once a unit's sources are lost.)
	for _set in "-b -l -p" "-b -A -p --inline-file-names"; do
		# shellcheck disable=SC2086
		both "input-dwarf/damaged/$_base/$_k/$(echo "$_set" | tr -d ' ')" \
			$_set "$_d/prog" "$out/$_base/syn.gmon"
	done
}

for base in ann-O2 tmpl-O2 split-dwarf4 tmpl-clang hot-clang-dwarf4 \
	self-gprof; do
	case " $progs self-gprof " in *" $base "*) ;; *) continue ;; esac
	# The first entry's abbreviation code (DWARF 4; DWARF 5: its
	# first byte) set to one that does not exist.
	damage "$base" die .debug_info 12 0 7f
	# The first abbreviation's children flag (after its code and tag,
	# a byte each) neither 0 nor 1: libdw reads "no children".
	damage "$base" children-flag .debug_abbrev 2 0 02
	for pc in 3 30 60 95; do
		damage "$base" "info$pc" .debug_info "$pc" 48 "$pc"
	done
	damage "$base" info-wide .debug_info 30 2000 5
	damage "$base" abbrev .debug_abbrev 40 24 3
	damage "$base" abbrev-end .debug_abbrev 90 64 4
	damage "$base" ranges .debug_ranges 30 40 6
	damage "$base" rnglists .debug_rnglists 30 40 7
	damage "$base" str .debug_str 50 64 8
	damage "$base" str-offsets .debug_str_offsets 10 16 9
	damage "$base" addr .debug_addr 10 16 10
	damage "$base" line .debug_line 40 64 11
	damage "$base" line-start .debug_line 0 12 12
done
exit 0
