#!/bin/sh
# Fail when any C file differs from what clang-format makes of it with
# the project's .clang-format (the house style, docs/STYLE.md).
# With --apply, format those files in place instead (`make format`), so
# that the files formatted and the files checked are one list.  CI runs
# the check through `make format-check`.
set -e
cd "$(dirname "$0")/.."
CLANG_FORMAT=${CLANG_FORMAT:-clang-format}
if ! command -v "$CLANG_FORMAT" >/dev/null 2>&1; then
	echo "format-check: $CLANG_FORMAT not found (scripts/ensure-deps.sh test installs it)" >&2
	exit 1
fi
apply=0
[ "${1:-}" = --apply ] && apply=1
bad=0
for f in src/*.c src/*.h include/*.h tools/*.c tests/unit/*.c tests/unit/*.h fuzz/*.c fuzz/*.h runtime/*.c runtime/*.h runner/*.c tests/rt-gprofrun/*.c \
	tests/rt-accept/*.c tests/rt-accept/progs/*.c tests/rt-accept/progs/*.h bench/rtfib.c bench/cpu.c \
	tests/rt-aarch64/*.c tests/rt-stacks/*.c tests/rt-stacks/progs/*.c tests/rt-stacks/progs/*.h; do
	[ -f "$f" ] || continue
	if [ $apply -eq 1 ]; then
		"$CLANG_FORMAT" -i "$f" || bad=1
	elif ! "$CLANG_FORMAT" --dry-run -Werror "$f" >/dev/null 2>&1; then
		echo "format-check: $f is not formatted (make format)" >&2
		bad=1
	fi
done
[ $apply -eq 0 ] && [ $bad -eq 0 ] && echo "format-check: every C file is formatted"
exit $bad
