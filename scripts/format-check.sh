#!/bin/sh
# Fail when any C file differs from what clang-format makes of it with
# the project's .clang-format (the house style, docs/STYLE.md).
# `make format` applies it; CI runs this through `make format-check`.
set -e
cd "$(dirname "$0")/.."
CLANG_FORMAT=${CLANG_FORMAT:-clang-format}
if ! command -v "$CLANG_FORMAT" >/dev/null 2>&1; then
	echo "format-check: $CLANG_FORMAT not found (scripts/ensure-deps.sh test installs it)" >&2
	exit 1
fi
bad=0
for f in src/*.c src/*.h include/*.h tools/*.c tests/unit/*.c tests/unit/*.h fuzz/*.c fuzz/*.h runtime/*.c runtime/*.h runner/*.c tests/gprofrun/*.c \
	tests/runtime/*.c tests/runtime/progs/*.c tests/runtime/progs/*.h bench/rtfib.c bench/cpu.c \
	tests/runtime-aarch64/*.c tests/stacks-rt/*.c tests/stacks-rt/progs/*.c tests/stacks-rt/progs/*.h; do
	[ -f "$f" ] || continue
	if ! "$CLANG_FORMAT" --dry-run -Werror "$f" >/dev/null 2>&1; then
		echo "format-check: $f is not formatted (make format)" >&2
		bad=1
	fi
done
[ $bad -eq 0 ] && echo "format-check: every C file is formatted"
exit $bad
