#!/bin/sh
# -c (static call graph): byte-identical to GNU gprof where every call
# goes forward; backward calls, which GNU misses, are found.
# Env: GPROF, BUILD (absolute).
. "$(dirname "$0")/../lib.sh"
t_suite gnu-staticcalls
for mode in nopie pie; do
	case $mode in
	nopie) flags="-fno-PIE -no-pie" ;;
	pie) flags="-fPIE -pie" ;;
	esac
	dir="$out/$mode"
	mkdir -p "$dir"
	# shellcheck disable=SC2086
	if ! cc -O0 -pg $flags -o "$dir/forward" "$here/forward.c" 2>"$dir/log" ||
		! (cd "$dir" && ./forward >/dev/null && mv gmon.out forward.gmon); then
		fail "gnu-staticcalls/$mode" "cannot build or run (see $dir/log)"
		continue
	fi
	for opts in "-b -c" "-b -c -q -T" "-b -c -e d" "-b -c -k a/c" "-r -c" "-b -q -r -c"; do
		# shellcheck disable=SC2086
		compare_gprof "gnu-staticcalls/$mode/$(echo "$opts" | tr -d ' ')" "$dir" \
		    "$dir/forward" "$dir/forward.gmon" $opts
	done
	# shellcheck disable=SC2086
	if ! cc -O0 -pg $flags -o "$dir/backward" "$here/backward.c" 2>>"$dir/log" ||
		! (cd "$dir" && ./backward >/dev/null; mv gmon.out backward.gmon); then
		fail "gnu-staticcalls/$mode/backward" "cannot build or run"
		continue
	fi
	"$GPROF" -b -c -q "$dir/backward" "$dir/backward.gmon" >"$dir/back.txt" 2>&1
	if awk '/^\[[0-9]+\].* caller \[/ { inside = 1; next }
		inside && /^---/ { exit }
		inside && /0\/0 +back_target / { found = 1 }
		END { exit !found }' "$dir/back.txt"; then
		pass "gnu-staticcalls/$mode/backward-call-found"
	else
		fail "gnu-staticcalls/$mode/backward-call-found" "caller's entry has no 0/0 back_target line"
	fi
done

# Other instruction sets, from assembly: every call must be found,
# backward ones included (golden checks: GNU's build here reads only x86).
# ARCH AS LD WORD: each "caller callee" pair must show as a child line
# with a static count of 0 (0/N).
check_arch() {
	arch=$1 asm=$2 ld=$3 word=$4
	shift
	dir="$out/$arch"
	mkdir -p "$dir"
	if ! $asm -o "$dir/t.o" "$here/$arch.s" 2>"$dir/log" ||
		! $ld -o "$dir/t" "$dir/t.o" 2>>"$dir/log"; then
		fail "gnu-staticcalls/$arch" "cannot assemble (see $dir/log)"
		return
	fi
	lo=$(nm "$dir/t" | awk '$3 == "_start" { print "0x" $1 }')
	callee=$(nm "$dir/t" | awk '$3 == "caller" { print "0x" $1 }')
	# A histogram over the code and one recorded call, so there is a
	# call graph to print.
	printf 'word %s\nhist %s %s 16\nbin 0 3\narc %s %s 1\n' "$word" "$lo" \
	    "$(printf '0x%x' $((lo + 64)))" "$(printf '0x%x' $((lo + 1)))" \
	    "$callee" >"$dir/s.spec"
	"$BUILD/mkgmon" -o "$dir/t.gmon" "$dir/s.spec"
	"$GPROF" -b -c -q -z "$dir/t" "$dir/t.gmon" >"$dir/out.txt" 2>&1
	shift 3
	for pair in "$@"; do
		set -- $pair
		if awk -v p="$1" -v c="$2" '
			/^\[[0-9]+\]/ { entry = ($(NF - 1) == p) ; next }
			/^---/ { entry = 0 }
			entry && $3 ~ /^0\// && $4 == c { found = 1 }
			END { exit !found }' "$dir/out.txt"; then
			pass "gnu-staticcalls/$arch/$1-calls-$2"
		else
			fail "gnu-staticcalls/$arch/$1-calls-$2" "no 0/0 line (see $dir/out.txt)"
		fi
	done
}
if command -v aarch64-linux-gnu-as >/dev/null 2>&1; then
	check_arch aarch64 aarch64-linux-gnu-as aarch64-linux-gnu-ld 8 \
	    "_start leaf_b" "_start leaf_a" "_start tail_c" "caller leaf_a" \
	    "leaf_b caller"
else
	fail "gnu-staticcalls/aarch64" "aarch64-linux-gnu-as missing (scripts/ensure-deps.sh installs it)"
fi
check_arch i386 "as --32" "ld -m elf_i386" 4 \
    "_start leaf_b" "_start leaf_a" "caller leaf_a" "leaf_b caller"

# -s on code assembled with -g: DWARF lines but no function DIEs (an
# empty list went to qsort, found by fuzz-linesyms).  gmon.sum = GNU's.
dir="$out/i386-g"
mkdir -p "$dir"
if as --32 -g -o "$dir/t.o" "$here/i386.s" 2>"$dir/log" &&
	ld -m elf_i386 -o "$dir/t" "$dir/t.o" 2>>"$dir/log" &&
	"$BUILD/mkgmon" -o "$dir/t.gmon" "$out/i386/s.spec"; then
	(cd "$dir" && rm -f gmon.sum && "$GPROF" -s t t.gmon >out.txt 2>&1 &&
	    mv gmon.sum ours.sum && "${ORACLE:-/usr/bin/gprof}" -s t t.gmon &&
	    cmp -s gmon.sum ours.sum)
	if [ $? -eq 0 ] && [ ! -s "$dir/out.txt" ]; then
		pass "gnu-staticcalls/i386-g/sum"
	else
		fail "gnu-staticcalls/i386-g/sum" "see $dir"
	fi
else
	fail "gnu-staticcalls/i386-g" "cannot assemble (see $dir/log)"
fi
exit 0
