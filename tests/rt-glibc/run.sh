#!/bin/sh
# glibc's gmon check, for four link modes: build tst-gmon.c with -pg,
# run it, and require "gprof -C" to report f1 2000, f2 1000, f3 1 (and
# main 1 for static links, where the libc start code is profiled too).
# Env: GPROF, BUILD (absolute).
. "$(dirname "$0")/../lib.sh"
t_suite rt-glibc
for mode in pie nopie static static-pie; do
	case $mode in
	pie) flags="-fPIE -pie" ;;
	nopie) flags="-fno-PIE -no-pie" ;;
	static) flags="-fno-PIE -no-pie -static" ;;
	static-pie) flags="-fPIE -static-pie" ;;
	esac
	dir="$out/$mode"
	mkdir -p "$dir"
	# shellcheck disable=SC2086
	if ! cc -O2 -fno-omit-frame-pointer -pg $flags -o "$dir/tst-gmon" \
		"$here/tst-gmon.c" 2>"$dir/build.log"; then
		fail "rt-glibc/$mode" "cannot build (see $dir/build.log)"
		continue
	fi
	(cd "$dir" && rm -f gmon.out && ./tst-gmon) || {
		fail "rt-glibc/$mode" "the program failed"
		continue
	}
	"$GPROF" -C "$dir/tst-gmon" "$dir/gmon.out" >"$dir/exec.txt" 2>"$dir/err.txt" || {
		fail "rt-glibc/$mode" "gprof -C failed: $(head -1 "$dir/err.txt")"
		continue
	}
	got=$(awk -F '[(): ]' '/executions/ { print $5, $8 }' "$dir/exec.txt" |
		grep -E '^(f1|f2|f3) ' | sort | tr '\n' ';')
	want="f1 2000;f2 1000;f3 1;"
	if [ "$got" != "$want" ]; then
		fail "rt-glibc/$mode" "got '$got', want '$want'"
		continue
	fi
	case $mode in
	static*)
		if ! grep -q '(main:0x[0-9a-f]*) 1 executions' "$dir/exec.txt"; then
			fail "rt-glibc/$mode" "main is not listed with 1 execution"
			continue
		fi ;;
	esac
	pass "rt-glibc/$mode"
done
exit 0
