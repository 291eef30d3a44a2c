#!/bin/sh
# tests/rt-realshlib/run.sh - real programs whose code is mostly in a -pg
# shared library, profiled by libgmon and read by our gprof.
#
#   expat   xmlwf over libexpat.so (C, built from Debian's expat source)
#   tinyxml tests/gnu-real/txml.cpp over libtinyxml2.so (C++: classes,
#           templates, inline functions in the header)
#
# There is no ground truth counted by these programs, so each is built
# twice from the same objects: once with the library's objects linked
# into the executable, once with them in a shared library the
# executable loads.  Both run on the same inputs, both link
# build/libgmon.a, and the call counts are deterministic: every arc of
# the all-in-one build (caller, callee, count, by function name) must
# appear with the same count in the shared build's report, where most of
# them now cross from the executable into the library or stay inside it.
# Our gprof reads both (--format=json must work; the arcs are compared
# in the -b -q report, by tests/rt-accept/harness.sh's graph_arcs).  GNU gprof must still
# read the shared build's gmon.out (exit 0), and report exactly the arcs
# between two functions of the executable that we report.  Samples are
# never compared (they are not deterministic).
#
# Env: GPROF, BUILD (absolute), ORACLE (default /usr/bin/gprof),
# REAL_CACHE (sources; default BUILD/real-cache, shared with tests/gnu-real).
. "$(dirname "$0")/../lib.sh"
t_suite rt-realshlib
. "$top/tests/rt-accept/harness.sh"
ORACLE=${ORACLE:-/usr/bin/gprof}
case $BUILD in
*/san) CACHE=${REAL_CACHE:-${BUILD%/san}/real-cache} ;;
*) CACHE=${REAL_CACHE:-$BUILD/real-cache} ;;
esac
out=$BUILD/rt-realshlib
CC=${CC:-cc}
CXX=${CXX:-c++}
PG="-g -O2 -pg"
rm -rf "$out"
mkdir -p "$out" "$CACHE/src" || exit 1

# The collector is always built in the tree's build/ (mk/runtime.mk).
lib_a=$BUILD/libgmon.a
[ -f "$lib_a" ] || lib_a=$top/build/libgmon.a

if ! command -v jq >/dev/null 2>&1; then
	skip "rt-realshlib/all" "jq is not installed"
	exit 0
fi
if [ ! -f "$lib_a" ]; then
	fail "rt-realshlib/all" "$lib_a was not built"
	exit 0
fi

# Sources: the same cache and lock as tests/gnu-real.
(
	if command -v flock >/dev/null 2>&1; then
		exec 9>"$CACHE/lock"
		flock 9
	fi
	sh "$top/scripts/fetch-real-sources.sh" "$CACHE/src" expat tinyxml2
) 2>"$out/fetch.err"

awk -v n=4000 -f "$top/tests/gnu-real/gen-xml.awk" >"$out/a.xml" &&
	awk -v n=3000 -v dtd=1 -f "$top/tests/gnu-real/gen-xml.awk" >"$out/b.xml" &&
	awk -v n=2000 -v nopi=1 -f "$top/tests/gnu-real/gen-xml.awk" >"$out/c.xml" ||
	{
		fail "rt-realshlib/inputs" "gen-xml.awk"
		exit 0
	}

# arcs EXE PROFILE: "caller callee count" lines of our -b -q report,
# sorted.  The text report names functions by GNU's rules in the
# executable and in shared objects alike; our views count gcc's clones
# in their origins in the executable only (not yet in shared objects),
# so the two builds would name a clone's arcs differently there.
arcs() {
	"$GPROF" -b -q --no-demangle "$1" "$2" 2>/dev/null | graph_arcs |
		LC_ALL=C sort
}

# run_case NAME DIR EXE_ALL EXE_SHARED LIBNAME ARGS...: run both builds
# in their own directories and compare.
run_case() {
	name=$1 d=$2 all=$3 shared=$4 lib=$5
	shift 5
	mkdir -p "$d/run-all" "$d/run-shared"
	if ! (cd "$d/run-all" && "$all" "$@" >stdout 2>stderr); then
		fail "rt-realshlib/$name" "the all-in-one build failed: $(head -c 300 "$d/run-all/stderr")"
		return
	fi
	if ! (cd "$d/run-shared" &&
		LD_LIBRARY_PATH=$d "$shared" "$@" >stdout 2>stderr); then
		fail "rt-realshlib/$name" "the shared build failed: $(head -c 300 "$d/run-shared/stderr")"
		return
	fi
	if ! cmp -s "$d/run-all/stdout" "$d/run-shared/stdout"; then
		fail "rt-realshlib/$name" "the two builds printed different output"
		return
	fi
	for r in all shared; do
		if [ ! -f "$d/run-$r/gmon.out" ] ||
			[ ! -f "$d/run-$r/gmon.out.gmonx" ]; then
			fail "rt-realshlib/$name" "run-$r wrote no gmon.out and side file"
			return
		fi
	done
	exe_all=$all exe_shared=$shared
	if ! "$GPROF" --format=json "$exe_all" "$d/run-all/gmon.out" \
		>"$d/all.json" 2>"$d/all.err"; then
		fail "rt-realshlib/$name" "gprof on the all-in-one build: $(head -c 300 "$d/all.err")"
		return
	fi
	if ! "$GPROF" --format=json "$exe_shared" "$d/run-shared/gmon.out" \
		>"$d/shared.json" 2>"$d/shared.err"; then
		fail "rt-realshlib/$name" "gprof on the shared build: $(head -c 300 "$d/shared.err")"
		return
	fi
	if [ -s "$d/shared.err" ]; then
		fail "rt-realshlib/$name" "gprof warned on the shared build: $(head -c 300 "$d/shared.err")"
		return
	fi
	arcs "$exe_all" "$d/run-all/gmon.out" >"$d/all.arcs"
	arcs "$exe_shared" "$d/run-shared/gmon.out" >"$d/shared.arcs"
	nall=$(wc -l <"$d/all.arcs")
	if [ "$nall" -lt 50 ]; then
		fail "rt-realshlib/$name" "only $nall arcs in the all-in-one build"
		return
	fi
	if ! cmp -s "$d/all.arcs" "$d/shared.arcs"; then
		fail "rt-realshlib/$name" "arcs differ (< all-in-one, > shared): $(diff "$d/all.arcs" "$d/shared.arcs" | head -5 | tr '\n' ' ')"
		return
	fi
	pass "rt-realshlib/$name-arcs ($nall arcs)"

	# The library's functions are reported as such: the shared build's
	# executable does not define them, yet our report names them.
	nm --defined-only "$d/$lib" | awk '$2 == "T" { print $3 }' |
		LC_ALL=C sort -u >"$d/lib.syms"
	jq -r '.functions[] | select(.calls > 0) | .raw_name' "$d/shared.json" |
		LC_ALL=C sort -u >"$d/called.syms"
	nlib=$(LC_ALL=C comm -12 "$d/lib.syms" "$d/called.syms" | wc -l)
	if [ "$nlib" -lt 10 ]; then
		fail "rt-realshlib/$name-library" "only $nlib of the library's functions reported called"
	else
		pass "rt-realshlib/$name-library ($nlib library functions called)"
	fi

	# GNU gprof reads the shared build's gmon.out, and so do we without
	# its side file: the two reports are the same bytes, and their arcs
	# between two functions of the executable are the all-in-one
	# build's.
	mkdir -p "$d/bare"
	cp "$d/run-shared/gmon.out" "$d/bare/gmon.out"
	if ! "$ORACLE" -b "$exe_shared" "$d/bare/gmon.out" >"$d/gnu.txt" \
		2>"$d/gnu.err"; then
		fail "rt-realshlib/$name-gnu" "GNU gprof failed: $(head -c 300 "$d/gnu.err")"
		return
	fi
	"$GPROF" -b "$exe_shared" "$d/bare/gmon.out" >"$d/ours.txt" 2>&1
	if ! cmp -s "$d/gnu.txt" "$d/ours.txt"; then
		fail "rt-realshlib/$name-gnu" "without the side file our report is not GNU's"
		return
	fi
	"$GPROF" --format=json "$exe_shared" "$d/bare/gmon.out" \
		>"$d/bare.json" 2>/dev/null
	nm --defined-only "$exe_shared" | awk '$2 ~ /^[Tt]$/ { print $3 }' |
		LC_ALL=C sort -u >"$d/exe.syms"
	awk 'NR == FNR { exe[$1] = 1; next } exe[$1] && exe[$2]' \
		"$d/exe.syms" "$d/all.arcs" | LC_ALL=C sort >"$d/want.exe"
	arcs "$exe_shared" "$d/bare/gmon.out" >"$d/got.exe"
	if [ ! -s "$d/want.exe" ] || ! cmp -s "$d/want.exe" "$d/got.exe"; then
		fail "rt-realshlib/$name-gnu" "the executable's arcs differ: $(diff "$d/want.exe" "$d/got.exe" | head -4 | tr '\n' ' ')"
	else
		pass "rt-realshlib/$name-gnu ($(wc -l <"$d/got.exe") executable arcs, GNU's bytes)"
	fi
}

# ---- expat ----------------------------------------------------------------
d=$out/expat
s=$CACHE/src/expat/expat
if [ ! -e "$CACHE/src/expat/.fetched" ]; then
	skip "rt-realshlib/expat" "$(grep '^expat: ' "$out/fetch.err" | head -1)"
else
	mkdir -p "$d"
	cat >"$d/expat_config.h" <<'EOF'
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
	ok=1
	for f in xmlparse xmlrole xmltok; do
		(cd "$s/lib" && $CC $PG -fPIC -I"$d" -c "$f.c" -o "$d/$f.o") || ok=
	done
	for f in xmlwf xmlfile codepage unixfilemap; do
		(cd "$s/xmlwf" && $CC $PG -I"$d" -I../lib -c "$f.c" -o "$d/$f.o") || ok=
	done
	lib="$d/xmlparse.o $d/xmlrole.o $d/xmltok.o"
	wf="$d/xmlwf.o $d/xmlfile.o $d/codepage.o $d/unixfilemap.o"
	[ -n "$ok" ] &&
		$CC -shared -pg -o "$d/libexpat.so" $lib &&
		$CC -pg -o "$d/xmlwf-all" $wf $lib "$lib_a" &&
		$CC -pg -o "$d/xmlwf-shared" $wf -L"$d" -lexpat "$lib_a" \
			-Wl,-rpath,"$d" || ok=
	if [ -z "$ok" ]; then
		fail rt-realshlib/expat "the build failed"
	else
		run_case expat "$d" "$d/xmlwf-all" "$d/xmlwf-shared" libexpat.so \
			-d . "$out/a.xml" "$out/b.xml" "$out/c.xml"
	fi
fi

# ---- tinyxml2 -------------------------------------------------------------
d=$out/tinyxml
s=$CACHE/src/tinyxml2
if [ ! -e "$CACHE/src/tinyxml2/.fetched" ]; then
	skip "rt-realshlib/tinyxml" "$(grep '^tinyxml2: ' "$out/fetch.err" | head -1)"
else
	mkdir -p "$d"
	if (cd "$s" && $CXX $PG -fPIC -c tinyxml2.cpp -o "$d/tinyxml2.o") &&
		$CXX $PG -I"$s" -c "$top/tests/gnu-real/txml.cpp" -o "$d/txml.o" &&
		$CXX -shared -pg -o "$d/libtinyxml2.so" "$d/tinyxml2.o" &&
		$CXX -pg -o "$d/txml-all" "$d/txml.o" "$d/tinyxml2.o" "$lib_a" &&
		$CXX -pg -o "$d/txml-shared" "$d/txml.o" -L"$d" -ltinyxml2 \
			"$lib_a" -Wl,-rpath,"$d"; then
		run_case tinyxml "$d" "$d/txml-all" "$d/txml-shared" \
			libtinyxml2.so 2 "$out/c.xml"
	else
		fail rt-realshlib/tinyxml "the build failed"
	fi
fi
exit 0
