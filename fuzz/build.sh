#!/bin/sh
# Build the libFuzzer targets: build/fuzz/fuzz-NAME for each
# fuzz/fuzz_NAME.c, linked with every src/*.c except main.c, with
# address and undefined-behaviour sanitizers.  Run from the repository
# root (make fuzz does).  CLANG overrides the compiler; SRCDIR (default
# src) lets you fuzz a patched copy of the sources while a fix is pending.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
CLANG=${CLANG:-clang}
out=${OUT:-build/fuzz}
mkdir -p "$out"
pkg=$(pkg-config --cflags --libs libelf libdw 2>/dev/null || echo -ldw -lelf)
SRCDIR=${SRCDIR:-src}
srcs=$(ls "$SRCDIR"/*.c | grep -v '/main\.c$')
flags="-std=c11 -D_GNU_SOURCE -pthread -g -O1 -fno-omit-frame-pointer
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
	-I$SRCDIR -I$top/include"
for t in fuzz/fuzz_*.c; do
	name=$(basename "$t" .c)
	name=${name#fuzz_}
	echo "building $out/fuzz-$name"
	# shellcheck disable=SC2086
	$CLANG $flags -o "$out/fuzz-$name" "$t" $srcs $pkg -lz -lstdc++ -lm
done
