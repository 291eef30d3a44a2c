#!/bin/sh
# tests/rt-buildsys/run.sh - our collector from build systems, after
# `make install`: gmon.pc (pkg-config: a Makefile's LDLIBS, Meson's
# dependency('gmon')) and the CMake package (find_package(gmon)).
#
# - make: examples/threads.c built with `pkg-config --cflags/--libs gmon`
#   counts all 2,000,000 calls of its 4 threads;
# - cmake-target: the same program through gmon::gmon (cmake-app.txt);
# - cmake-include: the same, with no line changed, through
#   -DCMAKE_PROJECT_INCLUDE=.../gmon-everything.cmake;
# - brotli (CMake, Debian source) with ONE added line,
#   `find_package(gmon REQUIRED COMPONENTS everything)`, and fribidi
#   (Meson, Debian source) with ONE added line,
#   `add_project_dependencies(dependency('gmon'), language: 'c')`: each
#   is built, run on a fixed input, and every call arc (caller, callee,
#   count) must equal what glibc's collector records for the same
#   program built with plain -pg (single-threaded, so glibc's counts are
#   exact); at least 50 arcs for brotli, 25 for fribidi.
# Sources come from `apt-get source` (scripts/fetch-real-sources.sh,
# cached like tests/gnu-real's); without them those cases SKIP.
# Env: GPROF, BUILD.
# lib.sh's pass and fail always succeed: "A && pass || fail" is if-then-else.
# shellcheck disable=SC2015
. "$(dirname "$0")/../lib.sh"
t_suite rt-buildsys
case $BUILD in
*/san) CACHE=${REAL_CACHE:-${BUILD%/san}/real-cache} ;;
*) CACHE=${REAL_CACHE:-$BUILD/real-cache} ;;
esac
out=$BUILD/rt-buildsys
rm -rf "$out"
mkdir -p "$out" || exit 1


# arcs EXE PROFILE: "caller callee count" lines, sorted, from our JSON.
arcs() {
	"$GPROF" --format=json "$1" "$2" 2>/dev/null | jq -r \
		'.functions as $f | .arcs[] | "\($f[.caller].name) \($f[.callee].name) \(.count)"' |
		sort
}

# calls_to FN EXE PROFILE: FN's call count.
calls_to() {
	"$GPROF" --format=json "$2" "$3" 2>/dev/null |
		jq -r --arg fn "$1" '.functions[] | select(.name == $fn) | .calls'
}

for tool in cmake meson ninja jq pkg-config; do
	command -v "$tool" >/dev/null 2>&1 && continue
	skip "rt-buildsys/all" "$tool is not installed (scripts/ensure-deps.sh test)"
	exit 0
done

# 1. make install into a private prefix (only the collector's parts:
# the analyser is $GPROF).
PREFIX=$out/prefix
if ! env -u MAKEFLAGS -u MAKELEVEL make -s -C "$top" install-runtime \
	install-runner install-packaging PREFIX="$PREFIX" >"$out/install.log" 2>&1; then
	fail rt-buildsys/install "$(tail -n 3 "$out/install.log")"
	exit 0
fi
for f in lib/libgmon.so lib/libgmon.a lib/pkgconfig/gmon.pc \
	lib/cmake/gmon/gmonConfig.cmake bin/gprof-run share/man/man1/gprof-run.1; do
	[ -f "$PREFIX/$f" ] || fail rt-buildsys/install "no $f"
done
export PKG_CONFIG_PATH="$PREFIX/lib/pkgconfig"
cp "$top/examples/threads.c" "$out/threads.c"

# 2. A Makefile's way: CFLAGS and LDLIBS from pkg-config.
# shellcheck disable=SC2046 # pkg-config's flags are words
(
	cd "$out" &&
		cc $(pkg-config --cflags gmon) -O1 -o threads-make threads.c \
			-pthread $(pkg-config --libs gmon) &&
		./threads-make >/dev/null
) >"$out/make.log" 2>&1
n=$(cd "$out" && calls_to step threads-make gmon.out)
[ "$n" = 2000000 ] && pass rt-buildsys/make ||
	fail rt-buildsys/make "step counted ${n:-no} times, not 2000000 ($(tail -n 2 "$out/make.log"))"
rm -f "$out/gmon.out" "$out/gmon.out.gmonx"

# 3. CMake: the imported target, and the no-edit include.
cmake_app() { # NAME CMAKE-ARGS...
	d=$out/$1
	shift
	mkdir -p "$d/src" && cp "$out/threads.c" "$d/src/" || return 1
	if [ "$name" = cmake-target ]; then
		cp "$here/cmake-app.txt" "$d/src/CMakeLists.txt"
	else
		printf '%s\n' 'cmake_minimum_required(VERSION 3.13)' \
			'project(threads C)' 'find_package(Threads REQUIRED)' \
			'add_executable(threads threads.c)' \
			'target_link_libraries(threads PRIVATE Threads::Threads)' \
			>"$d/src/CMakeLists.txt"
	fi
	cmake -S "$d/src" -B "$d/b" "$@" >"$d/log" 2>&1 &&
		cmake --build "$d/b" >>"$d/log" 2>&1 &&
		(cd "$d/b" && ./threads >/dev/null)
}
for name in cmake-target cmake-include; do
	if [ $name = cmake-target ]; then
		cmake_app $name -DCMAKE_PREFIX_PATH="$PREFIX"
	else
		cmake_app $name \
			-DCMAKE_PROJECT_INCLUDE="$PREFIX/lib/cmake/gmon/gmon-everything.cmake"
	fi
	n=$(cd "$out/$name/b" 2>/dev/null && calls_to step threads gmon.out)
	[ "$n" = 2000000 ] && pass rt-buildsys/$name ||
		fail rt-buildsys/$name "step counted ${n:-no} times ($(tail -n 2 "$out/$name/log"))"
done

# 4. Real projects from Debian sources, one added line each.
sh "$top/scripts/fetch-real-sources.sh" "$CACHE/src" brotli fribidi \
	2>"$out/fetch.err"

# same_arcs NAME OURS-EXE GLIBC-EXE MIN: compare the arcs of the profiles
# the two programs wrote beside themselves; at least MIN of them.
same_arcs() {
	arcs "$2" "$(dirname "$2")/gmon.out" >"$out/$1.ours"
	arcs "$3" "$(dirname "$3")/gmon.out" >"$out/$1.glibc"
	n=$(wc -l <"$out/$1.ours")
	if [ ! -s "$(dirname "$2")/gmon.out.gmonx" ]; then
		fail "rt-buildsys/$1" "our collector wrote no side file: it did not run"
	elif [ -e "$(dirname "$3")/gmon.out.gmonx" ]; then
		fail "rt-buildsys/$1" "the glibc build ran our collector"
	elif [ "$n" -lt "$4" ]; then
		fail "rt-buildsys/$1" "only $n arcs"
	elif cmp -s "$out/$1.ours" "$out/$1.glibc"; then
		pass "rt-buildsys/$1"
	else
		fail "rt-buildsys/$1" "arcs differ from glibc's: $(diff "$out/$1.ours" "$out/$1.glibc" | head -n 3 | tr '\n' ' ')"
	fi
}

# one_line_changed ORIG COPY: the copy has exactly one added line.
one_line_changed() {
	[ "$(diff "$1" "$2" | grep -c '^>')" -eq 1 ] &&
		[ "$(diff "$1" "$2" | grep -c '^<')" -eq 0 ]
}

if [ ! -e "$CACHE/src/brotli/.fetched" ]; then
	skip "rt-buildsys/brotli" "$(grep '^brotli: ' "$out/fetch.err" | head -n 1)"
else
	b=$out/brotli
	mkdir -p "$b" && cp -r "$CACHE/src/brotli" "$b/src" &&
		sed -i 's/^project(brotli C)$/&\nfind_package(gmon REQUIRED COMPONENTS everything)/' \
			"$b/src/CMakeLists.txt"
	seq 1 150000 >"$b/in.txt"
	if ! one_line_changed "$CACHE/src/brotli/CMakeLists.txt" "$b/src/CMakeLists.txt"; then
		fail rt-buildsys/brotli "the change is not one added line"
	elif ! { cmake -S "$b/src" -B "$b/ours" -DCMAKE_BUILD_TYPE=Release \
		-DCMAKE_PREFIX_PATH="$PREFIX" &&
		cmake --build "$b/ours" --target brotli -j 2 &&
		cmake -S "$CACHE/src/brotli" -B "$b/glibc" -DCMAKE_BUILD_TYPE=Release \
			-DCMAKE_C_FLAGS=-pg -DCMAKE_EXE_LINKER_FLAGS=-pg &&
		cmake --build "$b/glibc" --target brotli -j 2; } >"$b/log" 2>&1; then
		fail rt-buildsys/brotli "build failed: $(tail -n 2 "$b/log")"
	else
		(cd "$b/ours" && ./brotli -q 5 -f -o out.br "$b/in.txt") &&
			(cd "$b/glibc" && ./brotli -q 5 -f -o out.br "$b/in.txt")
		same_arcs brotli "$b/ours/brotli" "$b/glibc/brotli" 50
	fi
fi

if [ ! -e "$CACHE/src/fribidi/.fetched" ]; then
	skip "rt-buildsys/fribidi" "$(grep '^fribidi: ' "$out/fetch.err" | head -n 1)"
else
	f=$out/fribidi
	mkdir -p "$f" && cp -r "$CACHE/src/fribidi" "$f/src" &&
		awk 'added == 0 && /^project\(/ { inproj = 1 }
			{ print }
			inproj && /\)[ \t]*$/ { print "add_project_dependencies(dependency('"'"'gmon'"'"'), language: '"'"'c'"'"')"; inproj = 0; added = 1 }' \
			"$CACHE/src/fribidi/meson.build" >"$f/src/meson.build"
	# A fixed input: Latin, Hebrew, Arabic, digits and brackets.
	awk 'BEGIN { srand(7); split("abc |ABC |\327\220\327\221\327\222 |123 |\330\247\331\204\330\271 |(x) ", w, "|");
		for (i = 0; i < 20000; i++) { s = ""; for (j = 0; j < 8; j++) s = s w[int(rand() * 6) + 1] "";
			print s } }' >"$f/in.txt"
	opts="-Ddocs=false -Ddefault_library=static -Dbuildtype=release"
	# shellcheck disable=SC2086
	if ! one_line_changed "$CACHE/src/fribidi/meson.build" "$f/src/meson.build"; then
		fail rt-buildsys/fribidi "the change is not one added line"
	elif ! { meson setup "$f/ours" "$f/src" $opts &&
		ninja -C "$f/ours" -j 2 bin/fribidi &&
		meson setup "$f/glibc" "$CACHE/src/fribidi" $opts -Dc_args=-pg \
			-Dc_link_args=-pg &&
		ninja -C "$f/glibc" -j 2 bin/fribidi; } >"$f/log" 2>&1; then
		fail rt-buildsys/fribidi "build failed: $(tail -n 2 "$f/log")"
	else
		(cd "$f/ours/bin" && ./fribidi --charset UTF-8 "$f/in.txt" >/dev/null) &&
			(cd "$f/glibc/bin" && ./fribidi --charset UTF-8 "$f/in.txt" >/dev/null)
		same_arcs fribidi "$f/ours/bin/fribidi" "$f/glibc/bin/fribidi" 25
	fi
fi
exit 0
