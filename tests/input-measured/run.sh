#!/bin/sh
# tests/input-measured/run.sh - the measured call graph (issue 20): the side
# file's STACKS and STACKINFO records read (src/stacks.c), summed, mapped
# to functions and counted (src/measured.c), shown by --measured and
# --format=json, summed by -s.
#
# prog.c and lib.c (libm1.so) only give real symbols: nothing runs under
# a profiler.  tests/input-objects/mkprof.py writes each gmon.out and its side
# file with hand-chosen arcs and stacks (every stack's samples also in
# the histogram bin of its innermost frame), so every measured number is
# exact by construction and is checked to the sample:
#   cd      cheap() calls work(50) 200000 times, dear() calls
#           work(500000) 200 times, and 90 % of work's samples are under
#           dear: the estimate gives dear 0.1 %, the measurement 90 %
#   rec     recursion (a sample counts once per function and arc)
#   cyc     mutual recursion with unequal members, and a 3-cycle whose
#           arcs repeat on one stack
#   trunc   stacks the collector flagged truncated, and one cut here at
#           a frame outside every function
#   shlib   stacks through a shared object and a callback out of it
# then two profiles summed, stacks repeated across records, the -s round
# trip through gmon.sum.gmonx, damaged STACKS records (one warning each,
# the side file ignored, never a crash) and profiles without stacks.
# The call graphs are compared with expected/*.txt (without their [n]
# numbers, which count the C runtime's functions).
# Env: GPROF, BUILD (absolute).
. "$(dirname "$0")/../lib.sh"
t_suite input-measured

if ! command -v python3 >/dev/null 2>&1; then
	skip input-measured/all "no python3"
	exit 0
fi
mk() { python3 "$top/tests/input-objects/mkprof.py" "$@"; }

if ! {
	cc -O0 -fPIC -shared -o "$out/libm1.so" "$here/lib.c" &&
		cc -O0 -g -fno-inline -o "$out/prog" "$here/prog.c" \
			-L"$out" -lm1 -Wl,-rpath,"$out"
} 2>"$out/build.log"; then
	fail input-measured/build "see $out/build.log"
	exit 0
fi
pass input-measured/build
P=$out/prog

# The profiles, as mkprof.py directives.
cd_spec() {
	cat <<EOF
exe $P
arc 0 main 0 cheap 1
arc 0 main 0 dear 1
arc 0 cheap 0 work 200000
arc 0 dear 0 work 200
EOF
}
{
	cd_spec
	echo "stack 10 work cheap main"
	echo "stack 90 work dear main"
} >"$out/cd.spec"
cat >"$out/rec.spec" <<EOF
exe $P
arc 0 main 0 rec 1
arc 0 rec 0 rec 5
arc 0 rec 0 work 5
stack 30 rec rec rec main
stack 10 work rec rec main
stack 4 rec main
EOF
cat >"$out/cyc.spec" <<EOF
exe $P
arc 0 main 0 ping 1
arc 0 ping 0 pong 3
arc 0 pong 0 ping 3
arc 0 ping 0 work 3
stack 20 ping pong ping main
stack 5 pong ping main
stack 15 work ping pong ping main
stack 7 ping main
arc 0 main 0 ca 1
arc 0 ca 0 cb 3
arc 0 cb 0 cc 3
arc 0 cc 0 ca 2
arc 0 cc 0 work 3
stack 12 cc cb ca main
stack 3 cb ca main
stack 1 ca main
stack 4 work cc cb ca main
stack 6 cb ca cc cb ca main
EOF
cat >"$out/trunc.spec" <<EOF
exe $P
arc 0 main 0 dear 1
arc 0 dear 0 work 200
stack 50 work dear main
stack 5 trunc=1 work dear
stack 3 work dear main+0x1000000
stack 2 nohist=1 main+0x1000000
EOF
cat >"$out/shlib.spec" <<EOF
exe $P
object 1 $out/libm1.so
arc 0 main 1 lib_work 1
arc 0 main 1 lib_call 1
arc 1 lib_call 0 work 1
stack 8 1:lib_work main
stack 6 work 1:lib_call main
stack 2 1:lib_call main
EOF
for p in cd rec cyc trunc shlib; do
	mk "$out/$p.gmon" "$out/$p.spec" || fail "input-measured/mkprof-$p"
done

# json NAME PROFILE... -- CLAIM...: check.py's claims on our JSON.
json() {
	_n=$1
	shift
	_args=
	while [ "$1" != -- ]; do
		_args="$_args $1"
		shift
	done
	shift
	# shellcheck disable=SC2086 # the profiles are words without spaces
	run_gprof "$out" "$_n" --format=json prog $_args
	if [ "$rc" -ne 0 ] || [ -s "$out/$_n.err" ]; then
		fail "input-measured/$_n" "exit $rc: $(head -n 1 "$out/$_n.err")"
	else
		_why=$(python3 "$here/check.py" "$out/$_n.out" "$@")
		verdict "input-measured/$_n" "$_why" $?
	fi
}

# graph_of ARG...: our gprof's call graph for ARGs (in the current
# folder), without the index and with the [n] numbers and runs of blanks
# left out; gprof's exit status when it fails.
graph_of() {
	"$GPROF" "$@" >graph.tmp || return
	sed -n '/^Index by function name/q; s/\[[0-9]*\]/[]/g; s/  */ /g; p' \
		graph.tmp
}

# graph NAME EXPECTED [--err=FILE] ARG...: our call graph for ARGs
# (graph_of) equals expected/EXPECTED.txt, and nothing went to stderr
# (or FILE's text).
graph() {
	_n=$1 _e=$2
	shift 2
	_ge=
	case $1 in --err=*) _ge=$1 && shift ;; esac
	expect "input-measured/$_n" --in="$out" --want="$here/expected/$_e.txt" \
		$_ge graph_of "$@"
}

# has FILE LINE...: the last run_gprof exited 0 and FILE holds each LINE
# (a whole line, a fixed string); has_text FILE TEXT: and holds TEXT in
# a line.
has() {
	[ "$rc" -eq 0 ] || return 1
	_hf=$1
	shift
	for _hl in "$@"; do
		grep -qxF -- "$_hl" "$_hf" || return 1
	done
}
has_text() {
	[ "$rc" -eq 0 ] && grep -qF -- "$2" "$1"
}

# GNU's reports are unchanged by stacks in the side file: with -b ours
# equal GNU gprof's (which reads gmon.out only), and without -b ours
# equal ours on the same gmon.out without its side file.
for p in cd rec cyc trunc; do
	compare_gprof "input-measured/gnu-$p" "$out" "$P" "$out/$p.gmon" -b
	cp "$out/$p.gmon" "$out/$p-alone.gmon"
	run_gprof "$out" "$p-alone" prog "$p-alone.gmon"
	expect "input-measured/unchanged-$p" --in="$out" \
		--want="$out/$p-alone.out" --err="$out/$p-alone.err" \
		"$GPROF" prog "$p.gmon"
done

# cheap/dear: the estimate gives dear 0.1 %, the measurement 90 %.
json cd-json cd.gmon -- stacks=100 truncated=0 fn:main=1 fn:work=1 \
	fn:cheap=0.1 fn:dear=0.9 arc:dear\>work=0.9 arc:cheap\>work=0.1 \
	arc:main\>dear=0.9 arc:main\>cheap=0.1 est:main\>dear\<0.0011
graph cd-graph cd -b -q --measured prog cd.gmon
graph cd-traditional cd-traditional -b -q -T --measured prog cd.gmon

# Recursion: 44 samples under rec, however deep.
json rec-json rec.gmon -- stacks=44 fn:rec=0.44 fn:work=0.1 fn:main=0.44 \
	arc:main\>rec=0.44 arc:rec\>rec=0.4 arc:rec\>work=0.1

# Cycles: members measured one by one; an arc twice on a stack counts
# once (cb->cc and ca->cb in the last stack).
json cyc-json cyc.gmon -- stacks=73 fn:ping=0.47 fn:pong=0.4 fn:work=0.19 \
	fn:ca=0.26 fn:cb=0.25 fn:cc=0.22 fn:main=0.73 arc:main\>ping=0.47 \
	arc:ping\>pong=0.4 arc:pong\>ping=0.35 arc:ping\>work=0.15 \
	arc:main\>ca=0.26 arc:ca\>cb=0.25 arc:cb\>cc=0.22 arc:cc\>ca=0.06 \
	arc:cc\>work=0.04
graph cyc-graph cyc -b -q --measured prog cyc.gmon

# Truncated stacks: counted, as far as they are known.
json trunc-json trunc.gmon -- stacks=60 truncated=10 fn:work=0.58 \
	fn:dear=0.58 fn:main=0.5 arc:main\>dear=0.5 arc:dear\>work=0.58
run_gprof "$out" trunc-graph -b -q --measured prog trunc.gmon
assert input-measured/trunc-header "see $out/trunc-graph.out" \
	has "$out/trunc-graph.out" \
	'times measured from 60 stack samples, 10 of them truncated'
run_gprof "$out" trunc-debug -d -b -p prog trunc.gmon
assert input-measured/debug "no [stacks] lines in $out/trunc-debug.out" \
	has "$out/trunc-debug.out" \
	'[stacks] 4 distinct stacks over 5 frames from 1 records: 60 samples, 5 truncated' \
	'[stacks] collector: 60 samples in known code, 60 with stacks, 5 truncated, 0 dropped, 0 completed by call-frame information; depth cap 128, walked by signal' 

# A shared object: frames in it mapped through the load map.
json shlib-json shlib.gmon -- stacks=16 fn:lib_work=0.08 fn:lib_call=0.08 \
	fn:work=0.06 fn:main=0.16 arc:main\>lib_work=0.08 \
	arc:main\>lib_call=0.08 arc:lib_call\>work=0.06

# Sums: two profiles; stacks repeated across records and within one;
# -s writes them summed into gmon.sum.gmonx, which reads back the same.
{
	cd_spec
	echo "stack 30 work cheap main"
	echo "stack 10 work dear main"
} >"$out/cd2.spec"
{
	cd_spec
	echo "stackrecords 3"
	echo "stack 40 work dear main"
	echo "stack 10 work cheap main"
	echo "stack 45 work dear main"
	echo "stack 5 work dear main"
} >"$out/cd3.spec"
mk "$out/cd2.gmon" "$out/cd2.spec" || fail input-measured/mkprof-cd2
mk "$out/cd3.gmon" "$out/cd3.spec" || fail input-measured/mkprof-cd3
sums="stacks=140 fn:work=1.4 fn:cheap=0.4 fn:dear=1 arc:dear>work=1 arc:cheap>work=0.4"
# shellcheck disable=SC2086 # the claims are words
json sum-json cd.gmon cd2.gmon -- $sums
json records-json cd3.gmon -- stacks=100 fn:cheap=0.1 fn:dear=0.9 \
	arc:dear\>work=0.9
mkdir -p "$out/sum"
cp "$out/cd.gmon" "$out/cd.gmon.gmonx" "$out/cd2.gmon" \
	"$out/cd2.gmon.gmonx" "$out/sum/"
# sum_write: -s of cd.gmon and cd2.gmon, which must write a side file.
sum_write() {
	"$GPROF" -s "$P" cd.gmon cd2.gmon || return
	[ -s gmon.sum.gmonx ] || {
		echo "no gmon.sum.gmonx written" >&2
		return 1
	}
}
expect input-measured/sum-write --empty --in="$out/sum" sum_write
cp "$P" "$out/sum/prog"
out_save=$out
out=$out/sum
# shellcheck disable=SC2086 # the claims are words
json sum-roundtrip gmon.sum -- $sums
run_gprof "$out" sum-debug -d -b -p prog gmon.sum
assert input-measured/sum-distinct "see $out/sum-debug.out" \
	has "$out/sum-debug.out" \
	'[stacks] 2 distinct stacks over 4 frames from 1 records: 140 samples, 0 truncated' 
out=$out_save

# Damaged records: the side file is ignored with one warning naming
# the record; the reports are GNU's, from gmon.out.
run_gprof "$out" cd-ref -b prog cd.gmon
while read -r kind want; do
	{
		cat "$out/cd.spec"
		echo "badstack $kind"
	} | mk "$out/bad-$kind.gmon" - || fail "input-measured/mkprof-$kind"
	printf 'gprof: %s: corrupt side file (%s); ignored\n' \
		"bad-$kind.gmon.gmonx" "$want" >"$out/bad-$kind.want-err"
	expect "input-measured/bad-$kind" --in="$out" \
		--err="$out/bad-$kind.want-err" --want="$out/cd-ref.out" \
		"$GPROF" -b prog "bad-$kind.gmon"
done <<'EOF'
index STACKS record 2: stack 0 names frame 5 of 1
depth0 STACKS record 2: stack 0 has depth 0 (1 to 1024)
deep STACKS record 2: stack 0 has depth 2000 (1 to 1024)
count0 STACKS record 2: stack 0 has a count of 0
nstacks STACKS record 2 of 56 bytes cannot hold 1152921504606846976 stacks after 1 frames
nframes STACKS record 2 of 32 bytes cannot hold 4611686018427387904 frames
short STACKS record 2 of 8 bytes (at least 16)
object a STACKS frame names undeclared object 99
info2 a second STACKINFO record
EOF

# A frame of object 0xffffffff or 0xfffffffe, which no OBJECT record
# declares: undeclared, like any other id but 0 (0xffffffff was read
# as the executable's, the value the reader keeps for it).
for id in 4294967295 4294967294; do
	{
		cat "$out/cd.spec"
		echo "badstack object id=$id"
	} | mk "$out/bad-obj$id.gmon" - || fail "input-measured/mkprof-obj$id"
	printf 'gprof: %s: corrupt side file (%s %s); ignored\n' \
		"bad-obj$id.gmon.gmonx" \
		"a STACKS frame names undeclared object" "$id" \
		>"$out/bad-obj$id.want-err"
	expect "input-measured/bad-object-$id" --in="$out" \
		--err="$out/bad-obj$id.want-err" --want="$out/cd-ref.out" \
		"$GPROF" -b prog "bad-obj$id.gmon"
done

# Sample counts whose sum overflows 64 bits: capped, with a warning.
{
	cat "$out/cd.spec"
	echo "badstack overflow"
} | mk "$out/bad-overflow.gmon" - || fail input-measured/mkprof-overflow
cat >"$out/bad-overflow.want-err" <<'EOF'
gprof: bad-overflow.gmon.gmonx: stack sample counts overflow 64 bits; capped at 2^64-1
gprof: bad-overflow.gmon.gmonx: 18446744073709551615 stack samples, more than the 100 samples of the histograms that count them; the stacks are ignored
EOF
expect input-measured/bad-overflow --in="$out" \
	--err="$out/bad-overflow.want-err" --want="$out/cd-ref.out" \
	"$GPROF" -b prog bad-overflow.gmon

# Stacks with more samples than the histograms that count them (the
# collector records a stack as often as a bin counts its sample): 10^12
# times the histogram's 100 samples would print 10^10 seconds.  One
# warning with the numbers; the stacks are dropped, so --measured and
# JSON have none and the reports are gmon.out's.  Within 1 % + 100 (a
# snapshot's samples between the bins' copy and the stacks') they stay:
# trunc.gmon above has 60 stack samples over 58 in the histogram.
{
	cd_spec
	echo "stack 10 work cheap main"
	echo "stack 90 work dear main"
	echo "stack 100000000000000 nohist=1 work dear main"
} | mk "$out/huge.gmon" - || fail "input-measured/mkprof-huge"
printf 'gprof: huge.gmon.gmonx: %s stack samples, more than the %s\n' \
	100000000000100 "100 samples of the histograms that count them; the stacks are ignored" \
	>"$out/huge.want-err"
expect input-measured/stacks-beyond-histogram --in="$out" --err="$out/huge.want-err" \
	--want="$out/cd-ref.out" "$GPROF" -b prog huge.gmon
run_gprof "$out" huge-json --format=json prog huge.gmon
assert input-measured/stacks-beyond-histogram-json "stack samples kept: $out/huge-json.out" \
	python3 "$here/check.py" "$out/huge-json.out" stacks=0 fn:dear=null
# Two profiles: each stack's samples in the other's histogram only, so
# neither alone holds its stacks but the sum does (no warning).
{
	cd_spec
	echo "stack 100 nohist=1 work dear main"
	echo "hist 0 work 100"
} >"$out/sumA.spec"
{
	cd_spec
	echo "stack 300 nohist=1 work cheap main"
	echo "hist 0 work 300"
} >"$out/sumB.spec"
mk "$out/sumA.gmon" "$out/sumA.spec" || fail "input-measured/mkprof-sumA"
mk "$out/sumB.gmon" "$out/sumB.spec" || fail "input-measured/mkprof-sumB"
run_gprof "$out" sumAB --format=json prog sumA.gmon sumB.gmon
assert input-measured/stacks-summed-profiles "stacks dropped or a warning: $(head -n 1 "$out/sumAB.err")" \
	sh -c '[ ! -s "$1" ] && python3 "$2" "$3" stacks=400 fn:dear=1' \
	sh "$out/sumAB.err" "$here/check.py" "$out/sumAB.out"
# gmon.sum's 16-bit bins cut sums past 65535 (as GNU writes them) while
# its side file keeps the stacks whole: 2 x 40000 samples in one bin
# read back as 14464, with 80000 stack samples and no warning.
{
	cd_spec
	echo "stack 40000 work dear main"
} >"$out/cut.spec"
mkdir -p "$out/cut"
mk "$out/cut/c1.gmon" "$out/cut.spec" || fail "input-measured/mkprof-cut"
mk "$out/cut/c2.gmon" "$out/cut.spec" || fail "input-measured/mkprof-cut"
(cd "$out/cut" && "$GPROF" -s "$P" c1.gmon c2.gmon >/dev/null 2>"$out/cut.err")
run_gprof "$out/cut" cut-json --format=json "$P" gmon.sum
assert input-measured/stacks-gmon-sum-cut-bins "stacks dropped or a warning: $(cat "$out/cut.err" "$out/cut/cut-json.err" | head -n 1)" \
	sh -c '[ ! -s "$1" ] && [ ! -s "$2" ] && python3 "$3" "$4" stacks=80000 fn:dear=800' \
	sh "$out/cut.err" "$out/cut/cut-json.err" "$here/check.py" "$out/cut/cut-json.out"

# Without stacks: --measured says so (a warning and the header) and
# prints the estimate; JSON's measured numbers are null.
cd_spec >"$out/none.spec"
echo "hist 0 work 100" >>"$out/none.spec"
mk "$out/none.gmon" "$out/none.spec" || fail input-measured/mkprof-none
run_gprof "$out" none-est -b -q prog none.gmon
awk '{ print } /^granularity:/ {
	print "no stack samples in the profile: times are gprof\047s estimates"
}' "$out/none-est.out" >"$out/none.want"
echo "gprof: --measured: the profile holds no stack samples (no side file, or a collector that records none); the call graph shows gprof's estimates" \
	>"$out/none.want-err"
expect input-measured/none --in="$out" --err="$out/none.want-err" \
	--want="$out/none.want" "$GPROF" -b -q --measured prog none.gmon
json none-json none.gmon -- stacks=0 truncated=0 fn:dear=null \
	arc:dear\>work=null

# The documents validate against the schema (python3-jsonschema).
if python3 -c 'import jsonschema' 2>/dev/null; then
	for n in cd-json cyc-json shlib-json none-json; do
		python3 - "$out/$n.out" "$top/docs/gprof-profile.schema.json" \
			>"$out/$n.schema" 2>&1 <<'EOF'
import json, sys, jsonschema
doc = json.load(open(sys.argv[1], encoding="utf-8"))
schema = json.load(open(sys.argv[2], encoding="utf-8"))
jsonschema.Draft202012Validator(schema).validate(doc)
EOF
		_rc=$?
		verdict "input-measured/schema-$n" "$(tail -n 1 "$out/$n.schema")" $_rc
	done
else
	skip input-measured/schema "no python3 with jsonschema"
fi

# The views (pprof, callgrind, DOT) from the measured numbers.
# pprof: each stack a sample of its own, read by go tool pprof
# (golang-go) with its real depth and cumulative times.
run_gprof "$out" cyc-pprof --format=pprof --output=cyc.pb.gz prog cyc.gmon
# pprof_read: go tool pprof's traces and cumulative times of cyc.pb.gz
# are the 5-frame stack, and ping's cumulative 470 ms (47 samples at
# 100 Hz), pong's 400 ms, main's 730 ms.
pprof_read() {
	(cd "$out" && HOME=$out GOCACHE=$out/gocache go tool pprof -traces cyc.pb.gz) >"$out/cyc-traces.txt" 2>&1
	(cd "$out" && HOME=$out GOCACHE=$out/gocache go tool pprof -top -cum cyc.pb.gz) >"$out/cyc-top.txt" 2>&1
	tr '\n' ' ' <"$out/cyc-traces.txt" | tr -s ' ' |
		grep -q '150ms work ping pong ping main ' &&
		grep -Eq '^ +270ms .* 470ms .* ping$' "$out/cyc-top.txt" &&
		grep -Eq '^ +50ms .* 400ms .* pong$' "$out/cyc-top.txt" &&
		grep -Eq '^ +0 .* 730ms .* main$' "$out/cyc-top.txt"
}
if ! command -v go >/dev/null 2>&1; then
	skip input-measured/pprof-go "no go (Debian's golang-go)"
elif [ "$rc" -ne 0 ]; then
	fail input-measured/pprof-go "exit $rc"
else
	assert input-measured/pprof-go \
		"see $out/cyc-traces.txt, $out/cyc-top.txt" pprof_read
fi
# callgrind: a call's inclusive cost is the callee's measured time from
# that caller (dear -> work: 90 samples of 10 ms).
# dear_call_cost: the inclusive cost of dear's calls of work in
# cd.gmon's callgrind file, in ns.
dear_call_cost() {
	"$GPROF" --format=callgrind prog cd.gmon | awk '
	/^fn=.* dear$/ { f = 1 } /^fn=/ && !/ dear$/ { f = 0 }
	f && /^calls=200 / { getline; split($0, v, " "); print v[2] }'
}
expect input-measured/callgrind --in="$out" dear_call_cost <<'EOF'
900000000
EOF
# DOT: the edge dear -> work carries 90.00 %.
run_gprof "$out" cd-dot --format=dot prog cd.gmon
assert input-measured/dot "exit $rc, or no 90.00% edge in $out/cd-dot.out" \
	has_text "$out/cd-dot.out" 'label="90.00%\n200'
