#!/bin/sh
# Install what the build and the tests need on a fresh Debian machine,
# and only what is missing.  Safe to run any number of times.
set -e
need=""
command -v cc >/dev/null 2>&1 || need="$need gcc"
command -v make >/dev/null 2>&1 || need="$need make"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
if command -v pkg-config >/dev/null 2>&1; then
	pkg-config --exists libelf 2>/dev/null || need="$need libelf-dev"
	pkg-config --exists libdw 2>/dev/null || need="$need libdw-dev"
else
	need="$need libelf-dev libdw-dev"
fi
command -v g++ >/dev/null 2>&1 || need="$need g++"
[ -x /usr/bin/gprof ] || need="$need binutils"
# Cross assemblers for the big-endian test fixtures (tests/cross).
command -v s390x-linux-gnu-as >/dev/null 2>&1 || need="$need binutils-s390x-linux-gnu"
command -v powerpc-linux-gnu-as >/dev/null 2>&1 || need="$need binutils-powerpc-linux-gnu"
command -v aarch64-linux-gnu-as >/dev/null 2>&1 || need="$need binutils-aarch64-linux-gnu"
# GNU gprof -R reads uninitialised memory once a map passes ~34 lines;
# tests/order runs it under valgrind, where that memory reads as zero.
command -v valgrind >/dev/null 2>&1 || need="$need valgrind"
[ -n "$need" ] || exit 0
if [ "$(id -u)" != 0 ]; then
	echo "ensure-deps: missing:$need (run as root, or install them)" >&2
	exit 1
fi
echo "ensure-deps: installing:$need" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
apt-get install -y -qq $need >&2
