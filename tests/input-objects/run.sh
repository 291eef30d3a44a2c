#!/bin/sh
# tests/input-objects/run.sh - the shared objects of a profile (src/objects.c):
# the side file's load map (OBJECT, HIST, ARCS records) read back, the
# libraries' functions in every report.
#
# main.c calls four shared libraries (liba.so and libb.so in C, each
# with a static helper() the program has too; libcx.so and libcy.so in
# C++, each with a static helper(int) and an instance of one template).
# Nothing runs under a profiler: mkprof.py writes gmon.out and its side
# file with hand-chosen samples and calls at the real symbols' addresses,
# so every number in the reports is exact.  The expected reports are
# expected/*.txt (the call graph without its [n] numbers and index).
# Env: GPROF, BUILD (absolute).
. "$(dirname "$0")/../lib.sh"
t_suite input-objects
mkdir -p "$out/lib" "$out/moved" "$out/other" || exit 1
mk() { python3 "$here/mkprof.py" "$@"; }

if ! command -v python3 >/dev/null 2>&1; then
	skip "input-objects/all" "no python3"
	exit 0
fi

# The libraries (with build-ids: Debian's gcc asks the linker for one),
# the program PIE and not, a second build of liba.so (another build-id)
# and a copy of liba.so elsewhere.
L=$out/lib
if ! {
	cc -O0 -fPIC -shared -o "$L/liba.so" "$here/liba.c" &&
		cc -O0 -fPIC -shared -o "$L/libb.so" "$here/libb.c" &&
		c++ -O0 -fPIC -shared -o "$L/libcx.so" "$here/libcx.cc" &&
		c++ -O0 -fPIC -shared -o "$L/libcy.so" "$here/libcy.cc" &&
		cc -O0 -g -fPIE -pie -o "$out/main" "$here/main.c" -L"$L" \
			-la -lb -lcx -lcy -Wl,-rpath,"$L" &&
		cc -O0 -g -fno-PIE -no-pie -o "$out/main-nopie" "$here/main.c" \
			-L"$L" -la -lb -lcx -lcy -Wl,-rpath,"$L" &&
		cc -O0 -fPIC -shared -DOTHER_BUILD -o "$out/other/liba.so" \
			"$here/liba.c" &&
		cp "$L/liba.so" "$out/moved/liba.so"
} 2>"$out/build.log"; then
	fail "input-objects/build" "see $out/build.log"
	exit 0
fi
if ! readelf -n "$L/liba.so" | grep -q 'Build ID'; then
	skip "input-objects/all" "the linker writes no build-id here"
	exit 0
fi
pass "input-objects/build"

# The load map of every case: the four libraries (object ids 1-4), the
# samples and the calls, as mkprof.py directives.  $1: the program.
spec() {
	cat <<EOF
exe $1
object 1 $L/liba.so
object 2 $L/libb.so
object 3 $L/libcx.so
object 4 $L/libcy.so
hist 0 main 10
hist 0 helper 2
hist 1 helper 20
hist 1 a_work 5
hist 2 helper 8
hist 3 _Z5twiceIiET_S0_ 4
hist 4 _Z5twiceIiET_S0_ 6
hist 3 _ZN2cx9unique_cxEi 3
arc 0 main 1 a_work 3
arc 1 a_work 1 helper 3
arc 0 main 2 b_work 3
arc 2 b_work 2 helper 3
arc 0 main 3 cx_work 3
arc 3 cx_work 3 _Z5twiceIiET_S0_ 3
arc 3 cx_work 3 _ZL6helperi 3
arc 0 main 4 cy_work 3
arc 4 cy_work 4 _Z5twiceIiET_S0_ 3
arc 0 main 2 b_callback 1
arc 2 b_callback 0 cb 1
arc 0 cb 0 helper 1
EOF
}

# check NAME: PASS when $out/NAME.out equals expected/NAME.txt and
# nothing went to stderr ($out/NAME.err).
check() {
	if [ "$rc" -ne 0 ]; then
		fail "input-objects/$1" "exit $rc: $(head -n 1 "$out/$1.err")"
	elif [ -s "$out/$1.err" ]; then
		fail "input-objects/$1" "stderr: $(head -n 1 "$out/$1.err")"
	else
		expect_file "input-objects/$1" "$out/$1.out" "$here/expected/$2.txt"
	fi
}

# has NAME TEXT...: PASS when $out/NAME.out holds every TEXT (a line of
# its own, fixed string), exit status 0.
has() {
	_n=$1
	shift
	for _t in "$@"; do
		if ! grep -qxF -- "$_t" "$out/$_n.out"; then
			fail "input-objects/$_n" "no line '$_t'"
			return
		fi
	done
	if [ "$rc" -ne 0 ]; then
		fail "input-objects/$_n" "exit $rc"
	else
		pass "input-objects/$_n"
	fi
}

# warned NAME TEXT: PASS when exit 0 and one line of stderr holds TEXT.
warned() {
	if [ "$rc" -ne 0 ]; then
		fail "input-objects/$1" "exit $rc"
	elif [ "$(grep -cF -- "$2" "$out/$1.err")" -ne 1 ]; then
		fail "input-objects/$1" "want one warning '$2', stderr: $(head -n 2 "$out/$1.err")"
	else
		pass "input-objects/$1"
	fi
}

spec "$out/main" | mk "$out/pie.gmon" - || fail "input-objects/mkprof"
spec "$out/main-nopie" | mk "$out/nopie.gmon" - || fail "input-objects/mkprof"

# The flat profile and the call graph, PIE or not: the same reports.
run_gprof "$out" flat-pie -b -p main pie.gmon
check flat-pie flat
run_gprof "$out" flat-nopie -b -p main-nopie nopie.gmon
check flat-nopie flat
run_gprof "$out" graph-raw -b -q main pie.gmon
# The [n] numbers count the C runtime's functions too: left out, with the
# index and the padding that depends on them.
sed -n '/^Index by function name/q; s/\[[0-9]*\]/[]/g; s/  */ /g; p' \
	"$out/graph-raw.out" >"$out/graph.out"
cp "$out/graph-raw.err" "$out/graph.err"
check graph graph

# Names: no suffix without a collision, none for the program's own
# functions, demangled first; --no-demangle; a spec matches by name.
run_gprof "$out" mangled -b -p --no-demangle main pie.gmon
has mangled \
	" 10.34      0.44     0.06        3    20.00    20.00  _Z5twiceIiET_S0_ [libcy.so]" \
	"  0.00      0.58     0.00        3     0.00     0.00  _ZL6helperi [libcx.so]" \
	"  0.00      0.58     0.00        3     0.00    13.33  cx_work"
run_gprof "$out" spec-p -b -phelper main pie.gmon
check spec-p spec-p
run_gprof "$out" spec-P -b -p -Phelper -Pmain main pie.gmon
has spec-P \
	" 33.33      0.06     0.06        3    20.00    20.00  int twice<int>(int) [libcy.so]" \
	"  0.00      0.18     0.00        3     0.00    13.33  cx_work"
run_gprof "$out" spec-obj -b "-phelper [liba.so]" "-qhelper [libb.so]" main pie.gmon
if [ "$rc" -eq 0 ] &&
	grep -qx '100.00      0.20     0.20        3    66.67    66.67  helper \[liba.so\]' "$out/spec-obj.out" &&
	grep -q '^\[[0-9]*\] .* helper \[libb.so\] \[[0-9]*\]$' "$out/spec-obj.out" &&
	! grep -q '^\[[0-9]*\] .* a_work ' "$out/spec-obj.out"; then
	pass "input-objects/spec-obj"
else
	fail "input-objects/spec-obj" "see $out/spec-obj.out"
fi
# -r orders the program's functions for its linker: none of a library's.
run_gprof "$out" order -r main pie.gmon
if [ "$rc" -eq 0 ] && grep -qx cb "$out/order.out" &&
	! grep -qx -e a_work -e b_work -e cx_work "$out/order.out"; then
	pass "input-objects/order"
else
	fail "input-objects/order" "see $out/order.out"
fi
run_gprof "$out" traditional -b -T -p main pie.gmon
has traditional \
	" 10.3       0.44     0.06        3    20.00    20.00  _Z5twiceIiET_S0_ [libcy.so]"

# -C, -d and the views.
run_gprof "$out" exec -C main pie.gmon
if grep -q '^<unknown>:0: (helper \[liba.so\]:0x[0-9a-f]*) 3 executions$' "$out/exec.out" &&
	grep -q '^<unknown>:0: (a_work:0x[0-9a-f]*) 3 executions$' "$out/exec.out" &&
	grep -q 'main.c:[0-9]*: (helper:0x[0-9a-f]*) 1 executions$' "$out/exec.out" &&
	[ "$rc" -eq 0 ]; then
	pass "input-objects/exec"
else
	fail "input-objects/exec" "see $out/exec.out"
fi
run_gprof "$out" debug -d -b -p main pie.gmon
if grep -q "^\[objects\] $L/liba.so: file $L/liba.so, bias 0x[0-9a-f]*00000000, [0-9]* functions, 25 samples in [0-9]* bins from 0x[0-9a-f]*, 6 calls in 2 arcs$" "$out/debug.out"; then
	pass "input-objects/debug"
else
	fail "input-objects/debug" "no [objects] line for liba.so"
fi
for v in json callgrind dot html errorbars pprof; do
	run_gprof "$out" "view-$v" --format=$v main pie.gmon
	case $v in
	json) want='"name":"helper \[liba.so\]","raw_name":"helper","address":"0x[0-9a-f]\{1,8\}","object":"liba.so"' ;;
	callgrind) want='^cob=([0-9]*) liba.so$' ;;
	pprof) want='helper \[liba.so\]'
		gzip -dc "$out/view-$v.out" >"$out/view-$v.raw" 2>/dev/null &&
			mv "$out/view-$v.raw" "$out/view-$v.out" ;;
	*) want='helper \[liba.so\]' ;;
	esac
	if [ "$rc" -ne 0 ] || [ -s "$out/view-$v.err" ]; then
		fail "input-objects/view-$v" "exit $rc: $(head -n 1 "$out/view-$v.err")"
	elif ! grep -aq "$want" "$out/view-$v.out"; then
		fail "input-objects/view-$v" "no '$want'"
	else
		pass "input-objects/view-$v"
	fi
done
# The JSON document, with its "object" keys, against the schema.
top=$(cd "$here/../.." && pwd)
if /usr/bin/python3 -c 'import jsonschema' 2>/dev/null; then
	if /usr/bin/python3 - "$out/view-json.out" "$top/docs/gprof-profile.schema.json" \
		>"$out/schema.txt" 2>&1 <<'EOF'; then
import json, sys, jsonschema
doc = json.load(open(sys.argv[1], encoding="utf-8"))
schema = json.load(open(sys.argv[2], encoding="utf-8"))
jsonschema.Draft202012Validator(schema).validate(doc)
EOF
		pass "input-objects/json-schema"
	else
		fail "input-objects/json-schema" "$(tail -n 1 "$out/schema.txt")"
	fi
else
	skip "input-objects/json-schema" "no python3 with jsonschema"
fi
# pprof: each location in the mapping of its own object (the file read,
# with its build-id), inside that mapping's address range.
ida=$(readelf -n "$L/liba.so" | awk '/Build ID/ { print $3 }')
gzip -c "$out/view-pprof.out" >"$out/view-pprof.pb.gz"
if /usr/bin/python3 "$here/pprof-maps.py" "$out/view-pprof.pb.gz" \
	>"$out/pprof-maps.txt" 2>&1 &&
	grep -qx "helper \[liba.so\]|$L/liba.so|$ida" "$out/pprof-maps.txt" &&
	grep -qx "main|main|" "$out/pprof-maps.txt"; then
	pass "input-objects/pprof-mappings"
else
	fail "input-objects/pprof-mappings" "$(head -n 3 "$out/pprof-maps.txt" | tr '\n' ' ')"
fi
run_gprof "$out" diff --diff=pie.gmon main pie.gmon
if [ "$rc" -eq 0 ] && grep -q '^0 significant changes; 14 unchanged functions not listed.$' "$out/diff.out"; then
	pass "input-objects/diff"
else
	fail "input-objects/diff" "exit $rc, see $out/diff.out"
fi
# Line mode (-l, -s) and the static call graph (-c) read the program's
# bytes and DWARF: library functions must just not be found there.
for o in -l -s -c -A; do
	run_gprof "$out" "mode$o" -b $o main pie.gmon
	if [ "$rc" -ne 0 ] || [ -s "$out/mode$o.err" ]; then
		fail "input-objects/mode$o" "exit $rc: $(head -n 1 "$out/mode$o.err")"
	else
		pass "input-objects/mode$o"
	fi
done
rm -f "$out/gmon.sum"

# No arc in gmon.out, only in the side file (a program built without
# -pg calling -pg libraries): the call graph is still printed.
spec "$out/main" | grep -v '^arc 0 cb 0 helper' | mk "$out/noexearcs.gmon" -
run_gprof "$out" side-arcs-only main noexearcs.gmon
if [ "$rc" -eq 0 ] && grep -q '^Index by function name$' "$out/side-arcs-only.out" &&
	grep -Eq '^ +[0-9.]+ +[0-9.]+ +3/3 +helper \[liba.so\] \[[0-9]+\]$' \
		"$out/side-arcs-only.out"; then
	pass "input-objects/side-arcs-only"
else
	fail "input-objects/side-arcs-only" "exit $rc, see $out/side-arcs-only.out"
fi

# An arc whose callee address lies 4 GiB past its object's functions
# (a corrupt side file) is dropped, never charged to the function that
# address would reach in the next object's biased range.
spec "$out/main" | sed 's/^arc 1 a_work 1 helper 3$/arc 1 a_work 1 helper+0x100000000 3/' |
	mk "$out/farcall.gmon" -
run_gprof "$out" farcall -b -q main farcall.gmon
# a_work's entry: its own line and the lines after it, to the dashes.
sed -n '/^\[[0-9]*\].* a_work \[[0-9]*\]$/,/^---/p' "$out/farcall.out" \
	>"$out/farcall.entry"
if [ "$rc" -ne 0 ] || [ ! -s "$out/farcall.entry" ]; then
	fail "input-objects/farcall" "exit $rc, or no entry for a_work"
elif grep -q 'helper' "$out/farcall.entry"; then
	fail "input-objects/farcall" "the far arc charged: $(grep helper "$out/farcall.entry")"
else
	pass "input-objects/farcall"
fi

# Arcs from an address past the program's code, in gmon.out and in the
# side file (main+0xffffff74 is liba.so's a_work once biased by 4 GiB):
# never charged to a library's function.
printf 'exe %s\nobject 1 %s\narc 0 main 1 a_work 3\narc 0 %s 1 a_work 2\narc 0 %s 0 helper 5\narc 0 cb 0 helper 1\n' \
	"$out/main" "$L/liba.so" main+0xffffff74 main+0xffffff74 |
	mk "$out/farexe.gmon" -
run_gprof "$out" farexe -b -q main farexe.gmon
bad=$(grep -E '(^| )[25]/[0-9]|^ +2 +a_work' "$out/farexe.out" | head -n 1)
if [ "$rc" -ne 0 ] || ! grep -Eq '^ +[0-9.]+ +[0-9.]+ +3/3 +main \[[0-9]+\]$' "$out/farexe.out"; then
	fail "input-objects/farexe" "exit $rc, or no main -> a_work 3/3 (main as the caller)"
elif [ -n "$bad" ]; then
	fail "input-objects/farexe" "a far arc charged: $bad"
else
	pass "input-objects/farexe"
fi

# A library that moved: found by --object-path (a ':' list, after a
# directory holding another build of it), or left out with one warning.
{
	spec "$out/main" | sed "s|^object 1 .*|object 1 /gone/away/liba.so file=$L/liba.so|"
} | mk "$out/moved.gmon" -
run_gprof "$out" moved -b -p --object-path="$out/nowhere:$out/other" \
	--object-path="$out/moved" main moved.gmon
check moved flat
run_gprof "$out" missing -b -p main moved.gmon
warned missing "/gone/away/liba.so: shared object not found; its 25 samples and 6 calls are left out"
has missing \
	" 30.30      0.10     0.10                             main" \
	" 24.24      0.18     0.08        3    26.67    26.67  helper [libb.so]"
# Without build-ids, another build on the path is known by its text
# range (the executable segments'): passed over for the next candidate.
{
	spec "$out/main" | sed "s|^object 1 .*|object 1 /gone/away/liba.so buildid=none file=$L/liba.so|"
} | mk "$out/noid.gmon" -
mkdir -p "$out/shifted"
cc -O2 -fPIC -shared -Wl,--build-id=none -o "$out/shifted/liba.so" \
	"$here/liba.c" 2>>"$out/build.log"
run_gprof "$out" noid-range -b -p --object-path="$out/shifted:$out/moved" main noid.gmon
check noid-range flat
mkdir -p "$out/moved/root/gone/away" && cp "$L/liba.so" "$out/moved/root/gone/away/"
run_gprof "$out" sysroot -b -p --sysroot="$out/moved/root" main moved.gmon
check sysroot flat

# A stripped library: its exported functions (.dynsym) only; the
# samples of its static helper() stay in the total.
mkdir -p "$out/stripped"
cp "$L/liba.so" "$out/stripped/liba.so" && strip "$out/stripped/liba.so"
run_gprof "$out" stripped -b -p --object-path="$out/stripped" main pie.gmon
has stripped \
	" 17.24      0.10     0.10                             main" \
	"  8.62      0.29     0.05        3    16.67    16.67  a_work"

# Build-ids: another build on the recorded path is refused (warning),
# and a candidate with the wrong one is passed over for the next.
spec "$out/main" | sed "s|^object 1 .*|object 1 $out/other/liba.so file=$L/liba.so|" |
	mk "$out/idpath.gmon" -
run_gprof "$out" buildid -b -p main idpath.gmon
warned buildid "$out/other/liba.so: shared object not found: $out/other/liba.so has another build-id; its 25 samples and 6 calls are left out"
run_gprof "$out" buildid-next -b -p --object-path="$out/other:$L" main idpath.gmon
check buildid-next flat

printf 'exe %s\nhist 0 main 7\nhist 0 helper 3\narc 0 cb 0 helper 2\nnoside\n' \
	"$out/main" | mk "$out/plain.gmon" -

# Two profiles summed, their objects numbered differently.
spec "$out/main" | mk "$out/one.gmon" -
spec "$out/main" | sed "s/^object 1 /object 9 /; s/^hist 1 /hist 9 /;
	s/^arc \([0-9]\) \([^ ]*\) 1 /arc \1 \2 9 /; s/^arc 1 /arc 9 /" |
	mk "$out/two.gmon" -
run_gprof "$out" sum -b -p main one.gmon two.gmon
check sum sum
# Two profiles whose histograms of one object lie 1 GiB apart: no
# union of a quarter of a billion bins for two bins of input.
printf 'exe %s\nobject 1 %s\nhistat 1 0x1040 1\n' "$out/main" "$L/liba.so" |
	mk "$out/near.gmon" -
printf 'exe %s\nobject 1 %s text=0x3ffff000-0x40000000\nhistat 1 0x3ffffff0 1\n' \
	"$out/main" "$L/liba.so" | mk "$out/far.gmon" -
run_gprof "$out" farhist -b -p main near.gmon far.gmon
warned farhist "histograms of far apart ranges; the later one is ignored"
# A HIST outside its OBJECT's text (the flat profile summed to 71 %
# when it was taken): the side file is refused, the program reported.
printf 'exe %s\nobject 1 %s\nhistat 1 0x3ffffff0 5\nhist 0 main 2\n' \
	"$out/main" "$L/liba.so" | mk "$out/histout.gmon" -
run_gprof "$out" hist-outside -b -p main histout.gmon
warned hist-outside "histout.gmon.gmonx: corrupt side file (object 1's histogram 0x3ffffff0-0x3ffffff4 lies outside its text 0x"
has hist-outside "100.00      0.02     0.02                             main"
# The same where the OBJECT record's text agrees (but not the file's,
# whose build-id matches): a warning when the file is read.
printf 'exe %s\nobject 1 %s text=0x3ffff000-0x40000000\nhistat 1 0x3ffffff0 5\nhist 0 main 2\n' \
	"$out/main" "$L/liba.so" | mk "$out/histout2.gmon" -
run_gprof "$out" hist-outside-file -b -p main histout2.gmon
warned hist-outside-file "liba.so: histogram 0x3ffffff0-0x3ffffff4 reaches outside its code (0x"
# -s keeps the summed load map in gmon.sum.gmonx; a gmon.sum without one
# removes it.
rm -f "$out/gmon.sum" "$out/gmon.sum.gmonx"
run_gprof "$out" sum-write -s main one.gmon two.gmon
run_gprof "$out" sum-file -b -p main gmon.sum
check sum-file sum
run_gprof "$out" sum-plain -s main plain.gmon
if [ "$rc" -eq 0 ] && [ -f "$out/gmon.sum" ] && [ ! -e "$out/gmon.sum.gmonx" ]; then
	pass "input-objects/sum-plain"
else
	fail "input-objects/sum-plain" "exit $rc, or gmon.sum.gmonx left"
fi

# A profile without a side file, and one whose side file has no load
# map: byte-identical to GNU gprof's.
if [ -x "${ORACLE:-/usr/bin/gprof}" ]; then
	compare_gprof input-objects/gnu-no-side "$out" "$out/main" "$out/plain.gmon" -b
	printf 'exe %s\nhist 0 main 7\nhist 0 helper 3\narc 0 cb 0 helper 2\n' \
		"$out/main" | mk "$out/nomap.gmon" -
	compare_gprof input-objects/gnu-no-map "$out" "$out/main" "$out/nomap.gmon" -b
else
	skip "input-objects/gnu-no-side" "no GNU gprof"
	skip "input-objects/gnu-no-map" "no GNU gprof"
fi

# A damaged load map: the side file is ignored with a warning, the
# program's own data is still reported.
spec "$out/main" | mk "$out/bad.gmon" -
python3 - "$out/bad.gmon.gmonx" <<'EOF'
import struct, sys
p = sys.argv[1]
b = bytearray(open(p, "rb").read())
off = 16
while off < len(b):
    tag, n = struct.unpack_from("<II", b, off)
    if tag == 7:  # the first HIST: name an object never declared
        struct.pack_into("<I", b, off + 8, 77)
        break
    off += 8 + (n + 7) // 8 * 8
open(p, "wb").write(b)
EOF
run_gprof "$out" corrupt -b -p main bad.gmon
warned corrupt "corrupt side file (HIST record for undeclared object 77); ignored"

# An ARCS entry with both ends in the executable (gmon.out's arcs; the
# collector never writes one to the side file, and summing it would
# count the calls twice): the side file is refused, the record named,
# and the reports are gmon.out's alone.
spec "$out/main" | mk "$out/arcs-ref.gmon" -
rm "$out/arcs-ref.gmon.gmonx"
run_gprof "$out" arcs-ref -b main arcs-ref.gmon
{
	spec "$out/main"
	echo "arc 0 main 0 helper 7 side=1"
} | mk "$out/exearc.gmon" -
printf 'gprof: exearc.gmon.gmonx: corrupt side file (%s); ignored\n' \
	"ARCS record 1: arc 11 has both ends in the executable, an arc only gmon.out holds" \
	>"$out/exearc.want-err"
expect input-objects/exe-arc-in-side-file --in="$out" --err="$out/exearc.want-err" \
	--want="$out/arcs-ref.out" "$GPROF" -b main exearc.gmon

# 64-bit call counts that pass 2^64 - 1 when summed stop there (issue
# 18: the object's total came out as 18446744073709551613), in the
# warning about a missing object and in the call graph of a found one.
printf 'exe %s\nobject 1 /gone/liba.so file=%s\nhist 1 a_work 3\narc 0 main 1 a_work 18446744073709551614\narc 0 main+1 1 a_work 18446744073709551615\n' \
	"$out/main" "$L/liba.so" | mk "$out/huge.gmon" -
run_gprof "$out" huge-calls -b -q main huge.gmon
warned huge-calls "/gone/liba.so: shared object not found; its 3 samples and 18446744073709551615 calls are left out"
run_gprof "$out" huge-calls-graph -b -q --object-path="$L" main huge.gmon
if [ "$rc" -eq 0 ] &&
	grep -Eq '^\[[0-9]+\] +100\.0 +[0-9.]+ +[0-9.]+ 18446744073709551615 +a_work \[[0-9]+\]$' "$out/huge-calls-graph.out"; then
	pass "input-objects/huge-calls-graph"
else
	fail "input-objects/huge-calls-graph" "exit $rc: $(grep 'a_work \[' "$out/huge-calls-graph.out" | head -n 1)"
fi

# Many objects (issue 18): 150,000 OBJECT records naming 75,000 objects
# twice each (the same build-id and path), each with a one-bin HIST.
# Gathering them must not compare every object with every other (52 s
# for 100,000 when it did; about 6e9 comparisons here, against well
# under a second), so the run must end within a generous timeout, with
# one warning per object, its two records' samples summed.
python3 - "$out/pie.gmon" "$out/many.gmon" <<'EOF'
import struct, sys
src, dst = sys.argv[1], sys.argv[2]
side = open(src + ".gmonx", "rb").read()
def rec(tag, body):
    return struct.pack("<II", tag, len(body)) + body + b"\0" * (-len(body) % 8)
out, off = [side[:16]], 16
while off < len(side):  # keep RUN and CLOCK
    tag, n = struct.unpack_from("<II", side, off)
    if tag in (1, 2):
        out.append(side[off:off + 8 + (n + 7) // 8 * 8])
    off += 8 + (n + 7) // 8 * 8
for i in range(1, 150001):
    k = (i - 1) % 75000
    path, bid = b"/nonexistent/lib%d.so" % k, struct.pack("<QQ", k, 0x5eed)
    out.append(rec(6, struct.pack("<IIQQQII", i, 0, 0x7f0000000000 +
                                  i * 0x10000, 0x1000, 0x2000, len(bid),
                                  len(path)) + bid + path))
    out.append(rec(7, struct.pack("<IIQQI", i, 0, 0x1000, 1, 1)))
out.append(rec(5, b""))
open(dst, "wb").write(open(src, "rb").read())
open(dst + ".gmonx", "wb").write(b"".join(out))
EOF
(cd "$out" && exec timeout 60 "$GPROF" -b -p main many.gmon) \
	>"$out/many.out" 2>"$out/many.err"
rc=$?
nwarn=$(grep -c '^gprof: /nonexistent/lib[0-9]*\.so: shared object not found; its 2 samples and 0 calls are left out$' "$out/many.err")
if [ "$rc" -eq 124 ]; then
	fail "input-objects/many-objects" "no end within 60 s (quadratic?)"
elif [ "$rc" -ne 0 ] || [ "$nwarn" -ne 75000 ] ||
	[ "$(wc -l <"$out/many.err")" -ne 75000 ]; then
	fail "input-objects/many-objects" "exit $rc, $nwarn of 75000 warnings: $(grep -v nonexistent "$out/many.err" | head -n 1)"
else
	pass "input-objects/many-objects"
fi
rm -f "$out/many.gmon.gmonx" "$out/many.err"

# End to end: the same program and libraries built with -pg, the
# program linked with our collector (build/libgmon.a), run for real:
# every call across objects in our call graph with its exact count.
e2e=$out/e2e
mkdir -p "$e2e"
rt=$BUILD/libgmon.a
if [ ! -f "$rt" ]; then
	skip "input-objects/e2e" "no $rt (make builds it)"
elif ! {
	cc -O0 -pg -fPIC -shared -o "$e2e/liba.so" "$here/liba.c" &&
		cc -O0 -pg -fPIC -shared -o "$e2e/libb.so" "$here/libb.c" &&
		c++ -O0 -pg -fPIC -shared -o "$e2e/libcx.so" "$here/libcx.cc" &&
		c++ -O0 -pg -fPIC -shared -o "$e2e/libcy.so" "$here/libcy.cc" &&
		cc -O0 -pg -fPIE -pie -o "$e2e/main" "$here/main.c" -L"$e2e" \
			-la -lb -lcx -lcy -Wl,-rpath,"$e2e" "$rt"
} >"$e2e/build.log" 2>&1; then
	fail "input-objects/e2e" "cannot build (see $e2e/build.log)"
elif ! (cd "$e2e" && LIBGMON_CLOCK=itimer ./main) >"$e2e/run.log" 2>&1 ||
	[ ! -f "$e2e/gmon.out.gmonx" ]; then
	fail "input-objects/e2e" "the run wrote no gmon.out with a side file"
else
	run_gprof "$e2e" e2e -b -q main gmon.out
	bad=
	# twice<int> is weak in both C++ libraries: the loader binds every
	# call to libcx.so's, the first loaded.
	for w in "3/3|a_work" "3/3|b_work" "3/3|cx_work" "3/3|cy_work" \
		"1/1|b_callback" "3/3|helper \\[liba.so\\]" \
		"3/3|helper \\[libb.so\\]" "3/3|helper\\(int\\) \\[libcx.so\\]" \
		"3/3|helper\\(int\\) \\[libcy.so\\]" \
		"3/6|int twice<int>\\(int\\) \\[libcx.so\\]" \
		"3/3|cx::unique_cx\\(int\\)" "1/1|cb" "1/1|helper"; do
		grep -Eq "^ +[0-9.]+ +[0-9.]+ +${w%%|*} +${w#*|} \\[[0-9]+\\]$" \
			"$e2e/e2e.out" || bad="$bad '$w'"
	done
	if [ "$rc" -ne 0 ] || [ -s "$e2e/e2e.err" ]; then
		fail "input-objects/e2e" "exit $rc: $(head -n 1 "$e2e/e2e.err")"
	elif [ -n "$bad" ]; then
		fail "input-objects/e2e" "no arc$bad in $e2e/e2e.out"
	else
		pass "input-objects/e2e"
	fi
fi
