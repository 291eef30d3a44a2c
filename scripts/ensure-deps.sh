#!/bin/sh
# Install what is missing on a Debian machine, and only that.
#
# Usage: scripts/ensure-deps.sh SET...
#   build   compile gprof and the demo: gcc, make, pkg-config,
#           libelf-dev, libdw-dev, zlib1g-dev, g++ (make, make demo,
#           make install)
#   test    run the test suites (make check): binutils for the reference
#           /usr/bin/gprof, cross binutils, clang, clang-format, and
#           deb-src sources; valgrind and graphviz (tests/view-cg);
#           jq, python3-jsonschema and chromium (tests/view-json; chromium
#           also tests/view-diff-html);
#           nodejs and npm (tests/view-pprof-diff, tests/input-threads:
#           npm installs pprof-format);
#           musl-tools (tests/rt-musl); cmake, meson and
#           ninja-build (tests/rt-buildsys); golang-go (tests/input-measured,
#           tests/input-threads: go tool pprof);
#           qemu-user, gcc-aarch64-linux-gnu, libc6-dev-arm64-cross
#           (tests/rt-aarch64)
#   bench   compare with GNU gprof (make bench): binutils; valgrind and
#           time for the collector's benchmark; the aarch64 set of
#           test for bench/runtime-aarch64.sh; tcl (tclsh builds
#           sqlite's amalgamation) and deb-src sources for
#           bench/stacks-real.sh
#   demo    draw the demo's call graph (make demo): graphviz
#   fuzz    build the libFuzzer targets (make fuzz): clang
# As root it installs with apt-get; as another user it names what is
# missing and exits 1.  Safe to run any number of times: when nothing is
# missing it only looks.
set -e
need=""

# has CMD: CMD is on the PATH.
has() {
	command -v "$1" >/dev/null 2>&1
}

build() {
	has cc || need="$need gcc"
	has make || need="$need make"
	if has pkg-config; then
		pkg-config --exists libelf 2>/dev/null || need="$need libelf-dev"
		pkg-config --exists libdw 2>/dev/null || need="$need libdw-dev"
	else
		need="$need pkg-config libelf-dev libdw-dev"
	fi
	has g++ || need="$need g++"
	# zlib: --format=pprof is gzipped (src/view_pprof.c).
	[ -e /usr/include/zlib.h ] || need="$need zlib1g-dev"
}

oracle() {
	# The reference every differential suite compares with.
	[ -x /usr/bin/gprof ] || need="$need binutils"
}

clang_dep() {
	has clang || need="$need clang"
}

test_deps() {
	oracle
	# Cross assemblers for the big-endian and aarch64 fixtures
	# (tests/gnu-cross, tests/gnu-staticcalls).
	has s390x-linux-gnu-as || need="$need binutils-s390x-linux-gnu"
	has powerpc-linux-gnu-as || need="$need binutils-powerpc-linux-gnu"
	has aarch64-linux-gnu-as || need="$need binutils-aarch64-linux-gnu"
	# Programs built by clang (tests/gnu-real).
	clang_dep
	# ---- tests/rt-aarch64: libgmon cross-built for aarch64 ----
	aarch64_deps
	# The format check (make format-check, run by CI).
	has clang-format || need="$need clang-format"
	# ---- tests/view-cg: the consumers of --format=callgrind and dot ----
	has callgrind_annotate || need="$need valgrind"
	has dot || need="$need graphviz"
	# ---- tests/view-json: --format=json and --format=html ----
	has jq || need="$need jq"
	/usr/bin/python3 -c 'import jsonschema' 2>/dev/null ||
		need="$need python3-jsonschema"
	has chromium || need="$need chromium"
	# ---- tests/view-pprof-diff: node and npm, which install the pprof
	# decoder (npm pprof-format) into build/npm when missing ----
	has node || need="$need nodejs"
	has npm || need="$need npm"
	# ---- tests/rt-musl: libgmon built and run on musl ----
	has musl-gcc || need="$need musl-tools"
	# ---- tests/input-measured, tests/input-threads: go tool pprof
	# reads our stacks and their thread labels ----
	has go || need="$need golang-go"
	# ---- tests/rt-buildsys: a CMake and a Meson project profiled ----
	has cmake || need="$need cmake"
	has meson || need="$need meson"
	has ninja || need="$need ninja-build"
	# ---- tests/gnu-real: real programs from Debian source packages ----
	# Add the packages that suite needs here (need="$need PKG"); the
	# deb-src line `apt-get source` needs is set up after installing.
	want_deb_src=1
}

# deb_src: make sure apt has a deb-src line for this release (root only;
# without one, the suites that need sources print SKIP lines).
deb_src() {
	grep -qs '^deb-src\|^Types:.*deb-src' /etc/apt/sources.list \
		/etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources &&
		return 0
	if [ "$(id -u)" != 0 ]; then
		echo "ensure-deps: no deb-src line in /etc/apt (tests that need Debian sources will be skipped)" >&2
		return 0
	fi
	codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-bookworm}")
	echo "ensure-deps: adding deb-src for $codename" >&2
	cat >/etc/apt/sources.list.d/debian-src.sources <<EOF
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $codename
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
	apt-get update -qq >&2
}

# The collector for aarch64, run under qemu-user (tests/rt-aarch64,
# bench/runtime-aarch64.sh): the emulator, the cross compiler and libc.
aarch64_deps() {
	has qemu-aarch64 || need="$need qemu-user"
	has aarch64-linux-gnu-gcc || need="$need gcc-aarch64-linux-gnu"
	[ -e /usr/aarch64-linux-gnu/lib/gcrt1.o ] ||
		need="$need libc6-dev-arm64-cross"
}

# The collector's benchmark (bench/runtime.sh): callgrind and time(1);
# bench/stacks-real.sh: tclsh and sqlite3's Debian source.
runtime_bench() {
	has valgrind || need="$need valgrind"
	[ -x /usr/bin/time ] || need="$need time"
	has tclsh || need="$need tcl"
	has python3 || need="$need python3"
	want_deb_src=1
}

want_deb_src=
[ $# -gt 0 ] || set -- build
for set in "$@"; do
	case $set in
	build) build ;;
	test) test_deps ;;
	bench) oracle && runtime_bench && aarch64_deps ;;
	demo) has dot || need="$need graphviz" ;;
	fuzz) clang_dep ;;
	*)
		echo "usage: scripts/ensure-deps.sh build|test|bench|demo|fuzz..." >&2
		exit 2
		;;
	esac
done
if [ -n "$need" ]; then
	if [ "$(id -u)" != 0 ]; then
		echo "ensure-deps: missing:$need (run as root, or install them)" >&2
		exit 1
	fi
	echo "ensure-deps: installing:$need" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >&2
	# shellcheck disable=SC2086
	apt-get install -y -qq $need >&2
fi
[ -z "$want_deb_src" ] || deb_src
