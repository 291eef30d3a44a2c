#!/bin/sh
# tests/gnu-real/run.sh - differential tests on real programs built from
# Debian source packages with -g -O2 -pg, against GNU gprof.
#
#   expat-gcc     expat's xmlwf (gcc, PIE): xmltok.c #includes
#                 xmltok_impl.c and xmltok_ns.c; objects are compiled in
#                 their own directory with relative names, as make does
#   expat-static  the same objects linked -static (libc profiled too)
#   expat-clang   xmlwf built by clang, compiled from expat/ ("lib/x.c")
#   xmltest       tinyxml2's own test program (C++)
#   txml          tinyxml2 driven by txml.cpp here (C++, takes time)
# Profiles: expat-gcc/sum and txml/sum are several runs on different
# inputs given together (and summed by -s into gmon.sum).
#
# Environment: GPROF, BUILD (absolute), optionally ORACLE (default
# /usr/bin/gprof), REAL_JOBS (parallel runners, default 2), REAL_ONLY
# (an extended regex: only cases whose name matches run), REAL_CACHE
# (where sources, programs and profiles are kept; default
# BUILD/real-cache, shared with the sanitizer build in BUILD/san).
#
# Sources come from `apt-get source` (scripts/fetch-real-sources.sh);
# without apt, network or a deb-src line (and not root to add one) each
# case prints "SKIP name: why".  Prints "PASS name" or "FAIL name: why";
# a failing case keeps both outputs in $BUILD/gnu-real/fail/.  Cases that
# match a line of skip.txt print "SKIP name" (see tests/diff/KNOWN.md).
. "$(dirname "$0")/../lib.sh"
t_suite gnu-real
set -f
ORACLE=${ORACLE:-/usr/bin/gprof}
JOBS=${REAL_JOBS:-2}
ONLY=${REAL_ONLY:-}
case $BUILD in
*/san) CACHE=${REAL_CACHE:-${BUILD%/san}/real-cache} ;;
*) CACHE=${REAL_CACHE:-$BUILD/real-cache} ;;
esac
out=$BUILD/gnu-real
CC=${CC:-cc}
CXX=${CXX:-c++}
CLANG=${CLANG:-clang}
PG="-g -O2 -pg"
# Bump when a build or run recipe below changes: the cache is rebuilt.
RECIPE=1

rm -rf "$out"
mkdir -p "$out/run" "$out/fail" "$CACHE/src" || exit 1
# One run at a time builds in the cache (make check and make check SAN=1
# may run together); the lock goes once the profiles are there.
if command -v flock >/dev/null 2>&1; then
	exec 9>"$CACHE/lock"
	flock 9
fi
TIMEOUT=
command -v timeout >/dev/null 2>&1 && TIMEOUT="timeout 60"
CASES=$out/cases.txt
: >"$CASES"

# skip_cases WHY CASE...: one SKIP line per case that cannot run.
skip_cases() {
	sc_why=$1
	shift
	for sc in "$@"; do
		skip "gnu-real/$sc" "$sc_why"
	done
}

# key CC: the cache key of a build by compiler CC.
key() {
	echo "$RECIPE $("$1" --version 2>/dev/null | head -1)"
}

# fresh DIR KEY: DIR holds a finished build made with KEY.
fresh() {
	[ -f "$1/.ok" ] && [ "$(cat "$1/.ok")" = "$2" ]
}

# ---- 1. sources and inputs ---------------------------------------------

sh "$top/scripts/fetch-real-sources.sh" "$CACHE/src" expat tinyxml2 \
	2>"$out/fetch.err"
# why PKG: why PKG's source is missing ("" when it is there).
why() {
	[ -e "$CACHE/src/$1/.fetched" ] && return 0
	w=$(grep "^$1: " "$out/fetch.err" | head -1)
	echo "${w:-$1: source not fetched}"
}
NOEXPAT=$(why expat)
NOTINY=$(why tinyxml2)

IN=$CACHE/inputs
if ! fresh "$IN" "$RECIPE"; then
	rm -rf "$IN"
	mkdir -p "$IN"
	g=$here/gen-xml.awk
	awk -v n=8000 -f "$g" >"$IN/utf8.xml" &&
		awk -v n=6000 -v enc=latin1 -f "$g" >"$IN/latin1.xml" &&
		awk -v n=6000 -v dtd=1 -f "$g" >"$IN/dtd.xml" &&
		head -c 50000 "$IN/utf8.xml" >"$IN/bad.xml" &&
		awk -v n=3000 -v nopi=1 -f "$g" >"$IN/t-utf8.xml" &&
		awk -v n=3000 -v nopi=1 -v dtd=1 -f "$g" >"$IN/t-dtd.xml" &&
		echo "$RECIPE" >"$IN/.ok" || fail "gnu-real/inputs" "gen-xml.awk"
fi

# ---- 2. builds -----------------------------------------------------------

# expat_config DIR: the configuration header (what configure would find
# on Debian amd64).
expat_config() {
	cat >"$1/expat_config.h" <<'EOF'
#define BYTEORDER 1234
#define HAVE_FCNTL_H 1
#define HAVE_GETRANDOM 1
#define HAVE_SYSCALL_GETRANDOM 1
#define HAVE_MMAP 1
#define HAVE_UNISTD_H 1
#define HAVE_STDINT_H 1
#define HAVE_STRING_H 1
#define PACKAGE "expat"
#define PACKAGE_NAME "expat"
#define PACKAGE_VERSION "2.5.0"
#define XML_CONTEXT_BYTES 1024
#define XML_DEV_URANDOM 1
#define XML_DTD 1
#define XML_NS 1
EOF
}

LIBSRC="xmlparse xmlrole xmltok"
WFSRC="xmlwf xmlfile codepage unixfilemap"

# build_expat_gcc: xmlwf and xmlwf-static in $CACHE/expat-gcc.  Each
# object is compiled in its source directory under its bare name.
build_expat_gcc() {
	d=$CACHE/expat-gcc
	s=$CACHE/src/expat/expat
	k=$(key "$CC")
	fresh "$d" "$k" && return 0
	rm -rf "$d"
	mkdir -p "$d" && expat_config "$d" || return 1
	for f in $LIBSRC; do
		(cd "$s/lib" && $CC $PG -I"$d" -c "$f.c" -o "$d/$f.o") || return 1
	done
	for f in $WFSRC; do
		(cd "$s/xmlwf" && $CC $PG -I"$d" -I../lib -c "$f.c" -o "$d/$f.o") ||
			return 1
	done
	objs=$(for f in $LIBSRC $WFSRC; do printf '%s.o ' "$f"; done)
	cd "$d" && $CC -pg -o xmlwf $objs &&
		$CC -pg -static -o xmlwf-static $objs &&
		nm --print-file-name --defined-only $objs >map &&
		echo "$k" >.ok
}

# build_expat_clang: xmlwf in $CACHE/expat-clang, compiled from expat/
# with relative names that have a directory ("lib/xmlparse.c").
build_expat_clang() {
	d=$CACHE/expat-clang
	s=$CACHE/src/expat/expat
	k=$(key "$CLANG")
	fresh "$d" "$k" && return 0
	rm -rf "$d"
	mkdir -p "$d" && expat_config "$d" || return 1
	for f in $LIBSRC; do
		(cd "$s" && $CLANG $PG -I"$d" -c "lib/$f.c" -o "$d/$f.o") || return 1
	done
	for f in $WFSRC; do
		(cd "$s" && $CLANG $PG -I"$d" -Ilib -c "xmlwf/$f.c" -o "$d/$f.o") ||
			return 1
	done
	objs=$(for f in $LIBSRC $WFSRC; do printf '%s ' "$d/$f.o"; done)
	$CLANG -pg -o "$d/xmlwf" $objs && echo "$k" >"$d/.ok"
}

# build_tinyxml2: xmltest and txml in $CACHE/tinyxml2 (txml.cpp is
# compiled under its absolute name).
build_tinyxml2() {
	d=$CACHE/tinyxml2
	s=$CACHE/src/tinyxml2
	k=$(key "$CXX")
	fresh "$d" "$k" && return 0
	rm -rf "$d"
	mkdir -p "$d" || return 1
	for f in tinyxml2 xmltest; do
		(cd "$s" && $CXX $PG -c "$f.cpp" -o "$d/$f.o") || return 1
	done
	$CXX $PG -I"$s" -c "$here/txml.cpp" -o "$d/txml.o" &&
		$CXX -pg -o "$d/xmltest" "$d/xmltest.o" "$d/tinyxml2.o" &&
		$CXX -pg -o "$d/txml" "$d/txml.o" "$d/tinyxml2.o" &&
		(cd "$d" && nm --print-file-name --defined-only tinyxml2.o txml.o) \
			>"$d/map" && echo "$k" >"$d/.ok"
}

# build NAME FUNCTION: run FUNCTION with its output in NAME.log and
# leave NAME.failed when it fails.
build() {
	rm -f "$CACHE/$1.failed"
	("$2") >"$CACHE/$1.log" 2>&1 || : >"$CACHE/$1.failed"
}

HAVE_CLANG=
command -v "$CLANG" >/dev/null 2>&1 && HAVE_CLANG=1
(
	[ -z "$NOEXPAT" ] && build expat-gcc build_expat_gcc
	[ -z "$NOEXPAT" ] && [ -n "$HAVE_CLANG" ] &&
		build expat-clang build_expat_clang
) &
[ -z "$NOTINY" ] && build tinyxml2 build_tinyxml2
wait

# ok NAME CASE...: NAME built; else a SKIP or FAIL line per case.
ok() {
	ok_n=$1
	shift
	if [ -e "$CACHE/$ok_n.failed" ]; then
		for c in "$@"; do
			fail "gnu-real/$c" "cannot build (see $CACHE/$ok_n.log)"
		done
		return 1
	fi
	[ -f "$CACHE/$ok_n/.ok" ]
}

# ---- 3. profiles -----------------------------------------------------------

P=$CACHE/prof
mkdir -p "$P"

# profile NAME DIR PROGRAM ARG...: run PROGRAM in DIR, keep its gmon.out
# as $P/NAME (the program's exit status does not matter).
profile() {
	pr_n=$1 pr_d=$2
	shift 2
	rm -f "$pr_d/gmon.out" "$P/$pr_n"
	(cd "$pr_d" && "$@" >/dev/null 2>&1)
	if [ -s "$pr_d/gmon.out" ]; then
		mv "$pr_d/gmon.out" "$P/$pr_n"
	else
		fail "gnu-real/$pr_n/run" "no gmon.out from $*"
		return 1
	fi
}

# profiles NAME FUNCTION BIN...: run FUNCTION unless $P/NAME.ok says it
# ran on these very binaries and inputs.
profiles() {
	pf_n=$1 pf_f=$2
	shift 2
	pf_k="$RECIPE $(cat "$@" "$IN/utf8.xml" "$IN/latin1.xml" "$IN/dtd.xml" \
		"$IN/bad.xml" "$IN/t-utf8.xml" "$IN/t-dtd.xml" | cksum)"
	fresh "$P/$pf_n" "$pf_k" && return 0
	rm -rf "${P:?}/$pf_n"
	mkdir -p "$P/$pf_n/o"
	"$pf_f" "$P/$pf_n" && echo "$pf_k" >"$P/$pf_n/.ok"
	rm -rf "$P/$pf_n/o" "$P/$pf_n/resources"
}

# rep FILE N: the input FILE, N times (a program reads it N times).
rep() {
	rp_f=$1 rp_n=$2
	while [ "$rp_n" -gt 0 ]; do
		printf '%s\n' "$IN/$rp_f"
		rp_n=$((rp_n - 1))
	done
}

run_expat_gcc() {
	b=$CACHE/expat-gcc
	# shellcheck disable=SC2046
	profile expat-gcc.r1 "$1" "$b/xmlwf" -n -d o $(rep utf8.xml 8) &&
	profile expat-gcc.r2 "$1" "$b/xmlwf" -m -d o $(rep latin1.xml 6) &&
	profile expat-gcc.r3 "$1" "$b/xmlwf" -c -N -d o $(rep dtd.xml 6) &&
	profile expat-gcc.r4 "$1" "$b/xmlwf" -t -k -r $(rep utf8.xml 4) \
		"$IN/bad.xml" $(rep dtd.xml 4) &&
	profile expat-static.r1 "$1" "$b/xmlwf-static" -n -d o \
		$(rep utf8.xml 8)
}

run_expat_clang() {
	# shellcheck disable=SC2046
	profile expat-clang.r1 "$1" "$CACHE/expat-clang/xmlwf" -n -d o \
		$(rep utf8.xml 8)
}

run_tinyxml2() {
	b=$CACHE/tinyxml2
	# xmltest reads resources/ and writes resources/out/.
	cp -r "$CACHE/src/tinyxml2/resources" "$1/" &&
	profile xmltest.r1 "$1" "$b/xmltest" &&
	profile txml.r1 "$1" "$b/txml" 12 "$IN/t-utf8.xml" &&
	profile txml.r2 "$1" "$b/txml" 10 "$IN/t-dtd.xml" &&
	profile txml.r3 "$1" "$b/txml" 6 "$IN/t-utf8.xml" "$IN/t-dtd.xml"
}

(
	if ok expat-gcc expat-gcc/r1 expat-gcc/sum expat-static/r1; then
		profiles expat-gcc run_expat_gcc "$CACHE/expat-gcc/xmlwf" \
			"$CACHE/expat-gcc/xmlwf-static"
	fi >"$out/prof-expat.log"
	if [ -n "$HAVE_CLANG" ] && ok expat-clang expat-clang/r1; then
		profiles expat-clang run_expat_clang "$CACHE/expat-clang/xmlwf"
	fi >>"$out/prof-expat.log"
) &
if [ -z "$NOTINY" ] && ok tinyxml2 xmltest/r1 txml/sum; then
	profiles tinyxml2 run_tinyxml2 "$CACHE/tinyxml2/xmltest" \
		"$CACHE/tinyxml2/txml"
fi
wait
cat "$out/prof-expat.log"
command -v flock >/dev/null 2>&1 && flock -u 9

# ---- 4. cases ----------------------------------------------------------

# addcase NAME BIN FILE INC INCFN PROFILE...: compare NAME if every
# profile is there.
addcase() {
	ac_n=$1 ac_b=$2 ac_vars="$3	$4	$5"
	shift 5
	[ -x "$ac_b" ] || return 0
	for ac_p in "$@"; do
		[ -s "$ac_p" ] || return 0
	done
	printf '%s\t%s\t%s\t%s\n' "$ac_n" "$ac_b" "$ac_vars" "$*" >>"$CASES"
}

if [ -n "$NOEXPAT" ]; then
	skip_cases "$NOEXPAT" expat-gcc/r1 expat-gcc/sum expat-static/r1 \
		expat-clang/r1
else
	E=$CACHE/expat-gcc
	V="xmlparse.c xmltok_impl.c normal_contentTok"
	# shellcheck disable=SC2086
	addcase expat-gcc/r1 "$E/xmlwf" $V "$P/expat-gcc.r1"
	# shellcheck disable=SC2086
	addcase expat-gcc/sum "$E/xmlwf" $V "$P/expat-gcc.r1" \
		"$P/expat-gcc.r2" "$P/expat-gcc.r3" "$P/expat-gcc.r4"
	# shellcheck disable=SC2086
	addcase expat-static/r1 "$E/xmlwf-static" $V "$P/expat-static.r1"
	if [ -n "$HAVE_CLANG" ]; then
		# shellcheck disable=SC2086
		addcase expat-clang/r1 "$CACHE/expat-clang/xmlwf" $V \
			"$P/expat-clang.r1"
	else
		skip_cases "no $CLANG on this machine" expat-clang/r1
	fi
fi
if [ -n "$NOTINY" ]; then
	skip_cases "$NOTINY" xmltest/r1 txml/sum
else
	T=$CACHE/tinyxml2
	V="tinyxml2.cpp tinyxml2.h _ZNK8tinyxml27XMLNode10ToDocumentEv"
	# shellcheck disable=SC2086
	addcase xmltest/r1 "$T/xmltest" $V "$P/xmltest.r1"
	# shellcheck disable=SC2086
	addcase txml/sum "$T/txml" $V "$P/txml.r1" "$P/txml.r2" "$P/txml.r3"
fi

# ---- 5. compare ------------------------------------------------------------

# names BIN PROFILES: sed commands that fill in @HOT@, @CALLER@ and
# @LINE@ from GNU's reports on BIN and PROFILES.
names() {
	# shellcheck disable=SC2086
	hot=$("$ORACLE" -b -p --no-demangle "$1" $2 2>/dev/null | awk '
	/^ time +seconds/ { rows = 1; next }
	rows {
		sub(/^ *[0-9.]+ +[0-9.]+ +[0-9.]+ +([0-9]+ +[0-9.]+ +[0-9.]+ +)?/, "")
		# A plain identifier; a name with a dot would read as a file.
		if ($0 ~ /^([A-Za-z]|_Z)[A-Za-z0-9_]*$/) { print; exit }
	}')
	[ -n "$hot" ] || hot=main
	# shellcheck disable=SC2086
	caller=$("$ORACLE" -b -q --no-demangle "$1" $2 2>/dev/null |
	awk -v hot="$hot" '
	function name(   s) {
		s = $0
		sub(/ <cycle [0-9]+>/, "", s)
		sub(/ \[[0-9]+\] *$/, "", s)
		sub(/.* /, "", s)
		return s
	}
	/^---/ { n = 0; next }
	/^\[[0-9]+\]/ {
		if (name() == hot) {
			for (i = 1; i <= n; i++)
				if (par[i] ~ /^([A-Za-z]|_Z)[A-Za-z0-9_]*$/) {
					print par[i]
					exit
				}
		}
		n = -1
		next
	}
	n >= 0 && !/<spontaneous>/ { par[++n] = name() }')
	[ -n "$caller" ] || caller=main
	# shellcheck disable=SC2086
	line=$("$ORACLE" -b -p --no-demangle --inline-file-names "$1" $2 \
		2>/dev/null | awk -v hot="$hot" '
	/\([^ ()]+:[0-9]+\)$/ {
		w = $NF
		gsub(/[()]/, "", w)
		if (first == "")
			first = w
		if ($(NF - 1) == hot) { print w; found = 1; exit }
	}
	END { if (!found && first != "") print first }')
	[ -n "$line" ] || line=main
	echo "s|@HOT@|$hot|g;s|@CALLER@|$caller|g;s|@LINE@|$line|g"
}

# run_impl IMPL DIR BIN OPTS PROFILES [TIMEOUT]
run_impl() {
	mkdir -p "$2"
	(
		cd "$2" || exit 1
		# shellcheck disable=SC2086
		${6:-} "$1" $4 "$3" $5 >stdout 2>stderr
		echo $? >status
	)
}

# check NAME BIN OPTS PROFILES [ORACLE]: one PASS/FAIL line.
check() {
	safe=$(printf '%s' "$1" | tr '/ ' '__')
	d=$out/run/$safe
	rm -rf "$d"
	run_impl "$GPROF" "$d/ours" "$2" "$3" "$4" "$TIMEOUT"
	run_impl "${5:-$ORACLE}" "$d/gnu" "$2" "$3" "$4"
	why=$(gnu_why "$d/ours" "$d/gnu")
	if [ -z "$why" ]; then
		pass "$1"
		rm -rf "$d"
		return
	fi
	fail "$1" "$why"
	mv "$d" "$out/fail/$safe"
	{
		echo "  cd $out/fail/$safe && $GPROF $3 $2 $4"
		diff "$out/fail/$safe/gnu/stdout" "$out/fail/$safe/ours/stdout" |
			head -8 | sed 's/^/    /'
	} | tr '\001' ' '
}

# arcs FILE: "CALLER CALLEE" for each child line of a -b -q --no-demangle
# call graph, sorted, once each.
arcs() {
	awk '
	function name(   s) {
		s = $0
		sub(/ (\[[0-9]+\]|\([0-9]+\)) *$/, "", s)
		sub(/ <cycle [0-9]+>$/, "", s)
		sub(/.* /, "", s)
		return s
	}
	/^-+$/ { p = ""; next }
	/^\[[0-9]+\]/ { p = /as a whole>/ ? "" : name(); next }
	p != "" && NF > 0 { print p, name() }' "$1" | sort -u
}

# check_arcs NAME BIN PROFILES: -c -z compared arc by arc (-z: every
# function is listed with its calls, sampled or not).  GNU loses every
# backward call (KNOWN.md), so where we find more arcs, each extra one
# must go to an address no higher than its caller's start (a function
# calling itself calls backwards too); every arc GNU finds we must find.
check_arcs() {
	safe=$(printf '%s' "$1" | tr '/ ' '__')
	d=$out/run/$safe
	rm -rf "$d"
	mkdir -p "$d"
	# shellcheck disable=SC2086
	$TIMEOUT "$GPROF" -b -c -q -z --no-demangle "$2" $3 >"$d/ours" 2>"$d/ours.err"
	os=$?
	# shellcheck disable=SC2086
	"$ORACLE" -b -c -q -z --no-demangle "$2" $3 >"$d/gnu" 2>"$d/gnu.err"
	gs=$?
	if [ "$os" != "$gs" ]; then
		fail "$1" "exit status $os, want $gs"
		mv "$d" "$out/fail/$safe"
		return
	fi
	arcs "$d/gnu" >"$d/gnu.arcs"
	arcs "$d/ours" >"$d/ours.arcs"
	comm -23 "$d/gnu.arcs" "$d/ours.arcs" >"$d/missing"
	comm -13 "$d/gnu.arcs" "$d/ours.arcs" >"$d/extra"
	nm --defined-only "$2" | awk '
	function hex(s,   i, v) {
		v = 0
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	NR == FNR {
		if (NF < 3)
			next
		a = hex(tolower($1))
		if (!($3 in lo) || a < lo[$3])
			lo[$3] = a
		if (!($3 in hi) || a > hi[$3])
			hi[$3] = a
		next
	}
	!($2 in lo) || !($1 in hi) || lo[$2] > hi[$1]' - "$d/extra" \
		>"$d/forward"
	why=
	if [ -s "$d/missing" ]; then
		why="GNU finds $(wc -l <"$d/missing") arcs we do not:"
		why="$why $(head -3 "$d/missing" | sed 's/ / -> /' | tr '\n' ';')"
	elif [ -s "$d/forward" ]; then
		why="$(wc -l <"$d/forward") extra arcs are not backward calls:"
		why="$why $(head -3 "$d/forward" | sed 's/ / -> /' | tr '\n' ';')"
	fi
	if [ -z "$why" ]; then
		pass "$1"
		rm -rf "$d"
	else
		fail "$1" "$why"
		mv "$d" "$out/fail/$safe"
	fi
}

# check_mode NAME BIN PROFILES: -s under umask 022 gives gmon.sum the
# same permissions as GNU's.
check_mode() {
	safe=$(printf '%s' "$1" | tr '/ ' '__')
	d=$out/run/$safe
	rm -rf "$d"
	mkdir -p "$d/ours" "$d/gnu"
	# shellcheck disable=SC2086
	(umask 022 && cd "$d/ours" && "$GPROF" -s "$2" $3 >/dev/null 2>&1)
	# shellcheck disable=SC2086
	(umask 022 && cd "$d/gnu" && "$ORACLE" -s "$2" $3 >/dev/null 2>&1)
	mg=$(stat -c %a "$d/gnu/gmon.sum" 2>/dev/null)
	mo=$(stat -c %a "$d/ours/gmon.sum" 2>/dev/null)
	if [ -n "$mg" ] && [ "$mo" = "$mg" ]; then
		pass "$1"
		rm -rf "$d"
	else
		fail "$1" "gmon.sum mode ${mo:-missing}, want ${mg:-missing}"
	fi
}

OPTS=$(grep -v '^[[:space:]]*#' "$here/options.txt" |
	grep -v '^[[:space:]]*$' | tr ' ' '\001')
SKIP=$out/skip.re
sed -e 's/[[:space:]]*#.*//' -e '/^$/d' "$here/skip.txt" >"$SKIP"
# Cases where both gprofs must print nothing (empty.txt); any other
# comparison fails when they do (lib.sh's gnu_why).
EMPTY=$out/empty.re
sed -e 's/[[:space:]]*#.*//' -e '/^$/d' "$here/empty.txt" >"$EMPTY"

# Every case with every option line, in $CASES order: NAME BIN OPTS PROFS.
TAB=$(printf '\t')
while IFS=$TAB read -r name bin file inc incfn profs; do
	subst="$(names "$bin" "$profs");s|@FILE@|$file|g;s|@INC@|$inc|g"
	subst="$subst;s|@INCFN@|$incfn|g"
	echo "note: $name: $subst" >&2
	for o in $OPTS; do
		cname="gnu-real/$name/$(printf '%s' "$o" | tr -d '\001')"
		opts=$(printf '%s' "$o" | sed "$subst" | tr '\001' ' ')
		printf '%s\t%s\t%s\t%s\n' "$cname" "$bin" "$opts" "$profs"
	done
done <"$CASES" >"$out/checks.txt"

# -c arc by arc, on every case; gmon.sum's mode, on one.
while IFS=$TAB read -r name bin file inc incfn profs; do
	printf '%s\t%s\t%s\t%s\t%s\n' "gnu-real/$name/-c-arcs" "$bin" - "$profs" arcs
	case $name in expat-gcc/sum)
		printf '%s\t%s\t%s\t%s\t%s\n' "gnu-real/$name/-s-mode" "$bin" - \
			"$profs" mode ;;
	esac
done <"$CASES" >>"$out/checks.txt"

# -R (file order) with the objects' nm map.  GNU reads uninitialised
# flags once a map passes ~34 lines (KNOWN.md), so it runs under
# valgrind, where they read as zero.
VG=
if command -v valgrind >/dev/null 2>&1; then
	VG=$out/gprof-vg
	printf '#!/bin/sh\nexec valgrind -q --error-exitcode=0 %s "$@" 2>/dev/null\n' \
		"$ORACLE" >"$VG"
	chmod +x "$VG"
fi
while IFS=$TAB read -r name bin file inc incfn profs; do
	map=$(dirname "$bin")/map
	[ -s "$map" ] || continue
	case $name in expat-gcc/r1 | txml/sum) ;; *) continue ;; esac
	for o in "-R $map" "-a -R $map"; do
		cname="gnu-real/$name/$(echo "$o" | sed 's| [^ ]*/map$|map|; s/ //g')"
		if [ -z "$VG" ]; then
			fail "$cname" "valgrind is missing (scripts/ensure-deps.sh installs it)"
			continue
		fi
		printf '%s\t%s\t%s\t%s\t%s\n' "$cname" "$bin" "$o" "$profs" "$VG"
	done
done <"$CASES" >>"$out/checks.txt"

# runner K: the checks whose line number is K modulo JOBS.
runner() {
	awk -F '\t' -v k="$1" -v j="$JOBS" 'NR % j == k' "$out/checks.txt" |
	while IFS=$TAB read -r cname bin opts profs oracle; do
		if [ -n "$ONLY" ] && ! printf '%s\n' "$cname" |
			grep -Eq -- "$ONLY"; then
			continue
		fi
		if [ -s "$SKIP" ] && printf '%s\n' "$cname" | grep -Eqf "$SKIP"
		then
			skip "$cname"
			continue
		fi
		EMPTY_OK=
		if [ -s "$EMPTY" ] && printf '%s\n' "$cname" | grep -Eqf "$EMPTY"
		then
			EMPTY_OK=1
		fi
		if [ "$oracle" = arcs ]; then
			check_arcs "$cname" "$bin" "$profs"
		elif [ "$oracle" = mode ]; then
			check_mode "$cname" "$bin" "$profs"
		else
			check "$cname" "$bin" "$opts" "$profs" $oracle
		fi
	done >"$out/runner-$1.log" 2>&1
}

k=0
while [ "$k" -lt "$JOBS" ]; do
	runner "$k" &
	k=$((k + 1))
done
wait
k=0
while [ "$k" -lt "$JOBS" ]; do
	cat "$out/runner-$k.log"
	k=$((k + 1))
done
exit 0
