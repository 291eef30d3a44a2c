#!/bin/sh
# tests/gnu-annotate/run.sh - annotated source (-A and the options that shape
# it: -J -m -t -x -y -I GPROF_PATH -L), against GNU gprof.
#
# Builds main.c (+ other.c, a header of inline functions and an
# #included .c file) at -O0 and -O2, PIE, non-PIE and static, with clang
# (DWARF 5), a C++ program and our own gprof (a real program); runs each
# and compares our gprof with GNU's over many option sets (with the function-level reports, symbol specs, -z, -T, -r),
# with and without basic-block records (made by mkgmon), -s (which turns
# GNU's line mode on) included.  -y runs in scratch directories: the
# FILE-ann files must be the same bytes.  Then the sources are damaged
# after the build (shorter, CRLF, no final newline, NUL bytes, gone, a
# directory, -I naming a file): same output and exit status as GNU, or
# for the cases listed in tests/diff/KNOWN.md a warning, exit 0 and no
# partial -ann file.  Last, tests/gnu-real's programs (expat, tinyxml2) when
# its cache holds them.
# Env: GPROF, BUILD (absolute), optionally ORACLE, REAL_CACHE.
. "$(dirname "$0")/../lib.sh"
t_suite gnu-annotate
ORACLE=${ORACLE:-/usr/bin/gprof}
MKGMON=${MKGMON:-$BUILD/mkgmon}
log="$out/build.log"
: >"$log"

# prog NAME CC FLAGS... -- SOURCES...: copy the sources to $out/NAME/src,
# build $out/NAME/prog there, run it in $out/NAME (gmon.out).  Prints
# FAIL and returns 1 when it cannot.
prog() {
	_n=$1 _cc=$2
	shift 2
	_flags=
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		_flags="$_flags $1"
		shift
	done
	shift
	mkdir -p "$out/$_n/src"
	for _f in "$here"/*.c "$here"/*.h "$here"/*.cc; do
		cp "$_f" "$out/$_n/src/"
	done
	# shellcheck disable=SC2086
	if ! (cd "$out/$_n/src" && $_cc -g -pg $_flags -o ../prog "$@" >>"$log" 2>&1) ||
		! (cd "$out/$_n" && ./prog >/dev/null); then
		fail "gnu-annotate/$_n" "cannot build or run (see $log)"
		return 1
	fi
}

# bbfile NAME: $out/NAME/bb.out, basic-block counts at a few addresses of
# work, leaf, main and spin (at their entries and a few bytes in).
bbfile() {
	_d="$out/$1"
	nm "$_d/prog" | while read -r _a _t _name; do
		case $_name in
		work | leaf | main | spin | other_fn)
			printf 'bb 0x%s %d\nbb %#x 7\n' "$_a" $((${#_name} * 3)) \
				$((0x$_a + 4))
			;;
		esac
	done >"$_d/bb.spec"
	"$MKGMON" -o "$_d/bb.out" "$_d/bb.spec" >>"$log" 2>&1
}

# cmp_opts NAME PROFILES -- OPTION-SET...: run both gprofs on
# $out/NAME/prog and the PROFILES (names in $out/NAME) with each option
# set (a string).  PASS when GNU succeeds and prints something (unless
# EMPTY_OK), and our exit status, stdout and whether stderr is empty
# agree with GNU's (lib.sh's same_as_gnu).
cmp_opts() {
	_n=$1
	shift
	_profs=
	while [ "$1" != -- ]; do
		_profs="$_profs $out/$_n/$1"
		shift
	done
	shift
	_c="$out/$_n/cmp"
	mkdir -p "$_c"
	for _o in "$@"; do
		_t="gnu-annotate/$_n $_o$(echo "$_profs" | sed "s|$out/$_n/||g")"
		# shellcheck disable=SC2086
		_r=$(same_as_gnu "$_t" "$_c" $_o "$out/$_n/prog" $_profs)
		_rg=$(cat "$_c/gnu/status")
		if [ "$_rg" -ne 0 ]; then
			fail "$_t" "GNU exit $_rg, $(wc -c <"$_c/gnu/stdout") bytes (a broken case)"
		else
			printf '%s\n' "$_r"
		fi
	done
}

# The option sets every program is checked with.
SETS='-b -A
-A -p
-A -q
-A -p -q -C
-A -z
-A -T -p -q
-A -r
-A -m 0
-A -m 3
-A -m 100000
-A -t 1
-A -t 0
-A -t 100
-A -x
-A -L
-A --inline-file-names
-A -a
-Amain -p
-Awork
-Aother.c
-Amain.c:17
-Jwork
-Jmain.c
-A -Jwork
-Awork -Jwork
-J
-A -J
-J -A
-A -Zwork -C
-A -p -q -k main/work
-A -e work -q
-A --no-demangle
-A -c
-A -D'

# each_set NAME PROFILES: cmp_opts with every line of SETS, and again
# in line mode (-l), but for -k (line mode's arc lists differ where a
# function's lines are split by inlined code, KNOWN.md) and -c (GNU
# dies of SIGSEGV on the static program).
each_set() {
	_en=$1 _ep=$2
	printf '%s\n' "$SETS" | while IFS= read -r _set; do
		cmp_opts "$_en" "$_ep" -- "-b $_set"
		case $_set in
		*-k* | *-c) ;;
		*) cmp_opts "$_en" "$_ep" -- "-b -l $_set" ;;
		esac
	done
}

# ycmp NAME PROFILES -- OPTIONS: -y by both, each in its own directory;
# stdout, the exit status and every FILE-ann file must agree.
ycmp() {
	_n=$1 _p=$2
	shift 3
	_yd="$out/$_n/y-$(echo "$*" | tr ' /' '__')"
	mkdir -p "$_yd/ours" "$_yd/gnu"
	# shellcheck disable=SC2086
	(cd "$_yd/ours" && "$GPROF" "$@" ../../prog $_p >stdout 2>stderr)
	_ro=$?
	# shellcheck disable=SC2086
	(cd "$_yd/gnu" && "$ORACLE" "$@" ../../prog $_p >stdout 2>stderr)
	_rg=$?
	_lo=$(cd "$_yd/ours" && ls | tr '\n' ' ')
	_lg=$(cd "$_yd/gnu" && ls | tr '\n' ' ')
	if [ $_ro -ne $_rg ]; then
		fail "gnu-annotate/$_n $*" "exit $_ro, GNU $_rg"
	elif [ "$_lo" != "$_lg" ]; then
		fail "gnu-annotate/$_n $*" "files '$_lo', GNU '$_lg'"
	elif ! cmp -s "$_yd/ours/stdout" "$_yd/gnu/stdout"; then
		fail "gnu-annotate/$_n $*" "stdout differs (see $_yd)"
	else
		_bad=
		for _f in "$_yd"/gnu/*-ann; do
			[ -e "$_f" ] || continue
			cmp -s "$_f" "$_yd/ours/${_f##*/}" || _bad="$_bad ${_f##*/}"
		done
		if [ -n "$_bad" ]; then
			fail "gnu-annotate/$_n $*" "differs:$_bad (see $_yd)"
		else
			pass "gnu-annotate/$_n $*"
		fi
	fi
}

progs=
if prog c-O0 cc -O0 -- main.c other.c; then progs="$progs c-O0"; fi
if prog c-O2 cc -O2 -no-pie -- main.c other.c; then progs="$progs c-O2"; fi
if prog c-static cc -O1 -static -- main.c other.c; then progs="$progs c-static"; fi
if command -v clang >/dev/null 2>&1; then
	if prog c-clang clang -O1 -- main.c other.c; then progs="$progs c-clang"; fi
else
	skip "gnu-annotate/c-clang" "no clang"
fi
if command -v c++ >/dev/null 2>&1; then
	if prog cxx c++ -O0 -- cxx.cc; then progs="$progs cxx"; fi
else
	skip "gnu-annotate/cxx" "no c++"
fi

for p in $progs; do
	each_set "$p" gmon.out
	cmp_opts "$p" gmon.out -- "-A" "-A -x -t 2" # no -b: no blurbs either
	bbfile "$p"
	# Basic-block counts: ignored without line mode (a warning from
	# both), used by -s (GNU's line mode).
	for o in "-A" "-A -x" "-A -m 8"; do
		cmp_opts "$p" gmon.out bb.out -- "$o"
	done
	# -s turns GNU's line mode on: line symbols, basic-block counts
	# in their lines, -x.  (In a scratch directory: -s writes gmon.sum.)
	mkdir -p "$out/$p/s"
	# -l is the same mode without gmon.sum.
	for o in "-A" "-A -x" "-A -x -m 8" "-A -m 8" "-A -x -t 3" "-Awork -x" \
		"-Jmain -x" "-A -x -Jwork"; do
		(cd "$out/$p/s" && cmp_opts "$p" gmon.out bb.out -- "$o -s")
		(cd "$out/$p/s" && cmp_opts "$p" gmon.out -- "$o -s")
		cmp_opts "$p" gmon.out bb.out -- "$o -l"
	done
	for o in "-b -A -l -p -q" "-b -A -l -x -k work/leaf" \
		"-b -A -l -q -Qwork" "-b -A -l -Aother.c" "-b -A -l -Amain.c:17" \
		"-b -A -l -x -m 0" "-b -A -l -x -t 0" "-b -l -Jpart.c -x" \
		"-b -A -l -s -x" "-b -A -l -z -x" "-b -A -l -z -Jmain"; do
		(cd "$out/$p/s" && cmp_opts "$p" gmon.out bb.out -- "$o")
	done
	ycmp "$p" "../../gmon.out ../../bb.out" -- -b -A -y -x -s
	ycmp "$p" "../../gmon.out ../../bb.out" -- -b -A -y -x -l
	ycmp "$p" "../../gmon.out" -- -b -l -A -y -p
	ycmp "$p" "../../gmon.out" -- -b -A -y
	ycmp "$p" "../../gmon.out" -- -b -A -y -p -q
	ycmp "$p" "../../gmon.out" -- -b -Jmain -y -t 2
done

# Profiles without a histogram (arcs only, made by mkgmon), alone and
# with basic-block counts.
for p in c-O0 c-O2; do
	case " $progs " in *" $p "*) ;; *) continue ;; esac
	nm "$out/$p/prog" | awk '$3 == "main" || $3 == "work" || $3 == "leaf" {
		print $3, $1 }' | sort >"$out/$p/syms"
	m=$(awk '$1 == "main" { print $2 }' "$out/$p/syms")
	w=$(awk '$1 == "work" { print $2 }' "$out/$p/syms")
	l=$(awk '$1 == "leaf" { print $2 }' "$out/$p/syms")
	printf 'arc %#x 0x%s 5\narc %#x 0x%s 9\n' $((0x$m + 20)) "$w" \
		$((0x$w + 30)) "$l" >"$out/$p/arcs.spec"
	if "$MKGMON" -o "$out/$p/arcs.out" "$out/$p/arcs.spec" >>"$log" 2>&1; then
		cmp_opts "$p" arcs.out -- "-b -A" "-b -l -A" "-b -l -A -x" \
			"-b -l -A -q -m 6"
		cmp_opts "$p" arcs.out bb.out -- "-b -l -A -x" "-b -l -A -t 2"
	else
		fail "gnu-annotate/$p/arcs" "mkgmon"
	fi
done

# Sources found along -I and GPROF_PATH: the program's sources moved
# away; the header still names the DWARF path.
d="$out/c-O0"
if [ -d "$d/src" ]; then
	mkdir -p "$d/moved" "$d/elsewhere"
	mv "$d/src/main.c" "$d/src/other.c" "$d/moved/"
	cmp_opts c-O0 gmon.out -- "-A -I $d/moved" "-A -I $d/elsewhere:$d/moved" \
		"-A -I $d/elsewhere -I $d/moved" "-l -A -I $d/moved" \
		"-l -A -x -I $d/elsewhere:$d/moved"
	# main.c and other.c are missing: part.c alone, two warnings.
	cmp_opts c-O0 gmon.out -- "-A -I $d/elsewhere" "-l -A -I $d/elsewhere"
	GPROF_PATH="$d/moved" cmp_opts c-O0 gmon.out -- "-A" \
		"-A -I $d/elsewhere" "-l -A"
	export GPROF_PATH
	GPROF_PATH="$d/elsewhere:$d/moved"
	cmp_opts c-O0 gmon.out -- "-b -A -p"
	unset GPROF_PATH
	# -R: functions named after their object files, some dropped.
	(cd "$d/moved" && cp main.c other.c ../src/ && cd ../src &&
		cc -c -g -pg main.c other.c >>"$log" 2>&1 &&
		nm --print-file-name --defined-only main.o other.o >../prog.map &&
		rm main.c other.c)
	cmp_opts c-O0 gmon.out -- "-b -A -I $d/moved -R $d/prog.map"
	# -I naming a file: GNU says "Not a directory"; both warn, exit 0.
	cmp_opts c-O0 gmon.out -- "-b -A -p -I $d/moved/main.c"
	mv "$d/moved/main.c" "$d/moved/other.c" "$d/src/"
fi

# damage NAME HOW: build a fresh -O0 copy NAME, then damage main.c.
damage() {
	_n=$1 _how=$2
	prog "$_n" cc -O0 -- main.c other.c || return 1
	_s="$out/$_n/src/main.c"
	case $_how in
	short) head -n 20 "$_s" >"$_s.new" && mv "$_s.new" "$_s" ;;
	empty) : >"$_s" ;;
	crlf) sed 's/$/\r/' "$_s" >"$_s.new" && mv "$_s.new" "$_s" ;;
	nonl) printf '%s' "$(cat "$_s")" >"$_s.new" && mv "$_s.new" "$_s" ;;
	nul) { head -n 2 "$_s" && printf 'x\000y\n' && tail -n +3 "$_s"; } \
		>"$_s.new" && mv "$_s.new" "$_s" ;;
	long) awk 'NR == 2 { s = "/*"; for (i = 0; i < 20000; i++) s = s "x"; print s "*/" } { print }' \
		"$_s" >"$_s.new" && mv "$_s.new" "$_s" ;;
	gone) rm -f "$_s" ;;
	binary) head -c 3000 "$out/$_n/prog" >"$_s" ;;
	esac
}

for how in short empty crlf nonl long gone; do
	damage "bad-$how" "$how" || continue
	cmp_opts "bad-$how" gmon.out -- "-A" "-b -A -p" "-A -x -t 3"
	ycmp "bad-$how" "../../gmon.out" -- -b -A -y
done

# NUL bytes (a text file with one, or an executable where the source
# was): GNU copies them; we do too, with a warning.
for how in nul binary; do
	damage "bad-$how" "$how" || continue
	d="$out/bad-$how"
	"$GPROF" -b -A "$d/prog" "$d/gmon.out" >"$d/ours.txt" 2>"$d/ours.err"
	rc=$?
	"$ORACLE" -b -A "$d/prog" "$d/gmon.out" >"$d/gnu.txt" 2>/dev/null
	if [ $rc -ne 0 ]; then
		fail "gnu-annotate/bad-$how" "exit $rc"
	elif ! cmp -s "$d/ours.txt" "$d/gnu.txt"; then
		fail "gnu-annotate/bad-$how" "output differs"
	elif ! grep -q 'NUL bytes' "$d/ours.err"; then
		fail "gnu-annotate/bad-$how" "no warning"
	else
		pass "gnu-annotate/bad-$how"
	fi
done

# A directory where the source was: GNU prints an empty annotation; we
# warn and leave the file out (KNOWN.md), exit 0, no -ann file.
if prog bad-dir cc -O0 -- main.c other.c; then
	d="$out/bad-dir"
	rm -f "$d/src/other.c" && mkdir "$d/src/other.c"
	mkdir -p "$d/y" && (cd "$d/y" && "$GPROF" -b -A -y ../prog ../gmon.out \
		>stdout 2>stderr)
	rc=$?
	if [ $rc -ne 0 ]; then
		fail "gnu-annotate/bad-dir" "exit $rc"
	elif [ -e "$d/y/other.c-ann" ] || [ ! -s "$d/y/main.c-ann" ]; then
		fail "gnu-annotate/bad-dir" "wrong -ann files: $(ls "$d/y")"
	elif ! grep -q 'other.c' "$d/y/stderr"; then
		fail "gnu-annotate/bad-dir" "no warning naming other.c"
	else
		pass "gnu-annotate/bad-dir"
	fi
	# An -ann name taken by a directory: GNU warns and exits 0; we warn,
	# write the other files and exit 1 (KNOWN.md); the directory stays.
	mkdir -p "$d/y2/main.c-ann"
	(cd "$d/y2" && "$GPROF" -b -A -y ../prog ../gmon.out >stdout 2>stderr)
	rc=$?
	if [ $rc -ne 1 ]; then
		fail "gnu-annotate/ann-is-dir" "exit $rc, want 1"
	elif [ ! -d "$d/y2/main.c-ann" ] || [ -n "$(ls -A "$d/y2/main.c-ann")" ]; then
		fail "gnu-annotate/ann-is-dir" "the directory was touched"
	elif [ "$(ls -A "$d/y2" | tr '\n' ' ')" != "main.c-ann part.c-ann stderr stdout " ]; then
		fail "gnu-annotate/ann-is-dir" "files: $(ls -A "$d/y2" | tr '\n' ' ')"
	else
		pass "gnu-annotate/ann-is-dir"
	fi
fi

# -y with --output: one output file at a time, refused clearly.
if [ -x "$out/c-O0/prog" ]; then
	expect_error gnu-annotate/y-output "$out/c-O0" "--output" -b -A -y \
		--output=rep.txt prog gmon.out
fi

# Two sources with one base name (d1/x.c, d2/x.c): GNU writes x.c-ann
# twice, the later wins; so do we (each time whole), with a warning.
d="$out/samebase"
mkdir -p "$d/src/d1" "$d/src/d2"
printf 'int f1(int x)\n{\n\treturn x + 1;\n}\n' >"$d/src/d1/x.c"
printf 'int f2(int x)\n{\n\treturn x + 2;\n}\n' >"$d/src/d2/x.c"
printf 'int f1(int);\nint f2(int);\nint main(void)\n{\n\treturn f1(1) + f2(2) - 6;\n}\n' \
	>"$d/src/m.c"
if (cd "$d/src" && cc -g -pg -o ../prog m.c d1/x.c d2/x.c >>"$log" 2>&1) &&
	(cd "$d" && ./prog); then
	cmp_opts samebase gmon.out -- "-b -A" "-b -A -Jf1"
	ycmp samebase "../../gmon.out" -- -b -A -y
	if grep -q 'same base name' "$d"/y--b_-A_-y/ours/stderr; then
		pass "gnu-annotate/samebase-warning"
	else
		fail "gnu-annotate/samebase-warning" "no warning"
	fi
else
	fail "gnu-annotate/samebase" "cannot build or run (see $log)"
fi

# A source file whose functions are never called: -z prints it (in
# both modes), unless -A/-J leave none of its functions selected.
d="$out/zerofile"
mkdir -p "$d/src"
printf 'int used(int x)\n{\n\treturn x + 1;\n}\n' >"$d/src/u1.c"
printf 'int unused(int x)\n{\n\tif (x > 3)\n\t\treturn x * 2;\n\treturn x + 7;\n}\n' \
	>"$d/src/u2.c"
printf 'int used(int);\nint main(void)\n{\n\tint s = 0;\n\tfor (int i = 0; i < 5; i++)\n\t\ts += used(i);\n\treturn s != 15;\n}\n' \
	>"$d/src/m.c"
if (cd "$d/src" && cc -g -pg -o ../prog m.c u1.c u2.c >>"$log" 2>&1) &&
	(cd "$d" && ./prog); then
	cmp_opts zerofile gmon.out -- "-b -A -z" "-b -A -z -x" "-b -A -z -Jmain" \
		"-b -A -z -Aused" "-b -l -A -z" "-b -l -A -z -x -m 0" \
		"-b -l -A -z -Junused" "-b -l -A -z -Aused"
else
	fail "gnu-annotate/zerofile" "cannot build or run (see $log)"
fi

# A real program: our own gprof built with -g -pg -O2 (40-odd files,
# inlining across headers), profiled on three runs over the programs
# above, the profiles summed.
top=$(cd "$here/../.." && pwd)
d="$out/self"
mkdir -p "$d"
cp -R "$top/src" "$top/include" "$d/" 2>>"$log"
# shellcheck disable=SC2046
if (cd "$d" && cc -std=c11 -D_GNU_SOURCE -Iinclude -Isrc -g -pg -O2 -o prog \
	src/*.c $(pkg-config --libs libelf libdw 2>/dev/null || echo -ldw -lelf) \
	-lz -lstdc++ -lm -pthread >>"$log" 2>&1); then
	c="$out/c-O0"
	k=1
	for args in "-b -A $c/prog $c/gmon.out" \
		"-b -s -A -x $c/prog $c/gmon.out $c/bb.out" \
		"-b -q -C $c/prog $c/gmon.out"; do
		mkdir -p "$d/run$k"
		# shellcheck disable=SC2086
		(cd "$d/run$k" && ../prog $args >/dev/null 2>&1 && mv gmon.out ../g$k.out)
		k=$((k + 1))
	done
	mkdir -p "$d/s"
	(cd "$d/s" && cmp_opts self g1.out g2.out g3.out -- "-b -A" "-b -A -m 3 -t 5" \
		"-b -Ahist.c" "-b -Jannotate.c -p" "-b -A -q -C" "-b -A -s -x" \
		"-b -l -A" "-b -l -A -x -m 2" "-b -l -Ahist.c -p")
	ycmp self "../../g1.out ../../g2.out ../../g3.out" -- -b -A -y
else
	fail "gnu-annotate/self" "cannot build (see $log)"
fi

# The real programs of tests/gnu-real (expat's xmlwf by gcc, by clang and
# static; tinyxml2's txml in C++), when that suite has built them and
# their profiles (its cache); SKIP otherwise.  GNU's -s fails on the C++
# program (KNOWN.md), so txml gets no -s case.
case $BUILD in
*/san) R=${REAL_CACHE:-${BUILD%/san}/real-cache} ;; # as tests/gnu-real
*) R=${REAL_CACHE:-$BUILD/real-cache} ;;
esac
# real NAME EXE PROFILE-DIR-OK SETS -- PROFILES...
real() {
	_n=$1 _e=$2 _ok=$3 _sets=$4
	shift 5
	if [ ! -f "$R/$(dirname "$_e")/.ok" ] || [ ! -f "$R/prof/$_ok/.ok" ]; then
		skip "gnu-annotate/real-$_n" "tests/gnu-real has not built it (yet)"
		return 0
	fi
	mkdir -p "$out/real-$_n/s"
	ln -sf "$R/$_e" "$out/real-$_n/prog"
	_rp=
	for _f in "$@"; do
		ln -sf "$R/prof/$_f" "$out/real-$_n/$_f"
		_rp="$_rp $_f"
	done
	printf '%s\n' "$_sets" | while IFS= read -r _set; do
		# shellcheck disable=SC2086
		(cd "$out/real-$_n/s" && cmp_opts "real-$_n" $_rp -- "$_set")
	done
}
RSETS='-b -A
-b -A -x -t 20
-b -A -p -q
-b -Jmain -m 100'
# Line mode (-l) on the C programs; GNU gives up on txml's (KNOWN.md).
LSETS='-b -l -A
-b -l -A -x
-b -l -A -x -t 20 -m 2
-b -l -Jmain -p'
real expat-gcc expat-gcc/xmlwf expat-gcc "$RSETS
$LSETS
-b -A -s -x" -- expat-gcc.r1 expat-gcc.r2 expat-gcc.r3
real expat-clang expat-clang/xmlwf expat-clang "$RSETS
$LSETS
-b -A -s -x" -- expat-clang.r1
real expat-static expat-gcc/xmlwf-static expat-gcc "$RSETS
$LSETS" -- expat-static.r1
real txml tinyxml2/txml tinyxml2 "$RSETS" -- txml.r1 txml.r2 txml.r3

# --output (ours): the annotated source goes into the file, as on stdout.
d="$out/c-O0"
if [ -x "$d/prog" ]; then
	"$GPROF" -b -A -p "$d/prog" "$d/gmon.out" >"$d/stdout.txt" 2>/dev/null
	"$GPROF" -b -A -p --output="$d/rep.txt" "$d/prog" "$d/gmon.out" \
		>"$d/none.txt" 2>/dev/null
	if [ -s "$d/rep.txt" ] && [ ! -s "$d/none.txt" ] &&
		cmp -s "$d/stdout.txt" "$d/rep.txt"; then
		pass "gnu-annotate/output-file"
	else
		fail "gnu-annotate/output-file" "--output differs from stdout"
	fi
fi

# Counts wider than the 12-column field: calls above 10^12 (300 arcs of
# 2^32-1) and comma lists of big block counts, which GNU cuts to 16
# columns; the top-lines table and the summary widen instead.
d="$out/c-O0"
if [ -x "$d/prog" ]; then
	nm "$d/prog" | while read -r _a _t _name; do
		case $_name in
		main)
			_i=0
			while [ $_i -lt 300 ]; do
				printf 'arc %#x 0x%s 4294967295\n' $((0x$_a + 8)) "$(nm "$d/prog" | awk '$3 == "work" { print $1 }')"
				_i=$((_i + 1))
			done
			printf 'bb 0x%s 1234567\nbb %#x 2345678\nbb %#x 3456789\n' \
				"$_a" $((0x$_a + 1)) $((0x$_a + 2))
			;;
		work) printf 'bb %#x 123456789012345678\n' $((0x$_a + 9)) ;;
		esac
	done >"$d/wide.spec"
	"$MKGMON" -o "$d/wide.out" "$d/wide.spec" >>"$log" 2>&1
	mkdir -p "$d/wide"
	(cd "$d/wide" && cmp_opts c-O0 wide.out -- "-b -A -s" "-b -A -s -x" \
		"-b -A -s -t 2 -m 5000000")
	cmp_opts c-O0 wide.out -- "-b -A -q"
fi
