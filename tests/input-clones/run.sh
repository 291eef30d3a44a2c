#!/bin/sh
# tests/input-clones/run.sh - gcc's clones in our own views (issue 27, defect
# 13).  gcc -O2 makes functions of its own out of pieces of the source's:
# F.part.N (partial inlining: the head is inlined into the callers, which
# then call the rest), F.cold (the cold blocks, moved away, often before
# main), F.constprop.N.isra.N (a copy for constant and scalar arguments).
# GNU's rules make none of those names functions (they are not C-like),
# so their samples, the calls into them and their stack frames go to
# whatever function precedes them in memory.  The text reports must keep
# doing that (byte for byte GNU's); our views (JSON, HTML, DOT,
# callgrind, pprof) and --measured count each clone in the function it
# was split from: the local function of that name in the clone's
# compilation unit, else the global one, else (no such function left) a
# function of that name standing for its clones.
#
# main.cc, one.cc and two.cc are built with g++ -O2 -pg (C++ for the
# .cold part of a throw; the functions are extern "C"); nm must show the
# clones, or the cases SKIP.  tests/input-objects/mkprof.py writes the profile
# by symbol (each stack's samples in the bin of its innermost frame), so
# every number is exact:
#   split_me  42 samples (40 in split_me.part.0), 23 calls from main (20
#             into the part, which main's inlined head calls), 3 calls
#             from split_me to its part (self-calls)
#   checked   15 samples (5 in checked.cold, which lies before main)
#   get       7 samples and 2 calls, all get.constprop.0.isra.0's (get
#             itself is gone)
#   dup       one.cc's: 31 samples, 3 calls + 1 self; two.cc's: 20
#             samples, 3 calls + 1 self (same names, two units)
# Env: GPROF, BUILD (absolute).
. "$(dirname "$0")/../lib.sh"
t_suite input-clones

if ! command -v python3 >/dev/null 2>&1 || ! command -v g++ >/dev/null 2>&1; then
	skip input-clones/all "no python3 or no g++"
	exit 0
fi
if ! g++ -O2 -g -pg -o "$out/prog" "$here/main.cc" "$here/one.cc" \
	"$here/two.cc" 2>"$out/build.log"; then
	fail input-clones/build "see $out/build.log"
	exit 0
fi

# FILE NAME ADDRESS (decimal) of every function symbol, FILE the
# STT_FILE group a local one belongs to ("-" for globals).
readelf -sW "$out/prog" | awk '
	function dec(s,   i, v) {
		v = 0
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	/^Symbol table/ { on = ($0 ~ /.symtab/); next }
	on && $4 == "FILE" { unit = $8; next }
	on && $4 == "FUNC" && $7 != "UND" {
		printf "%s %s %.0f\n", ($5 == "LOCAL" ? unit : "-"), $8, dec(tolower($2))
	}' >"$out/funcs.txt"
addr() { # UNIT NAME: its address, or nothing
	awk -v u="$1" -v n="$2" '$1 == u && $2 == n { print $3; exit }' "$out/funcs.txt"
}
missing=
for s in "- split_me" "main.cc split_me.part.0" "main.cc checked.cold" \
	"main.cc get.constprop.0.isra.0" "one.cc dup" "one.cc dup.part.0" \
	"two.cc dup" "two.cc dup.part.0" "- one" "- two"; do
	# shellcheck disable=SC2086 # two words
	[ -n "$(addr $s)" ] || missing="$missing ${s#* }"
done
if [ -n "$(addr main.cc get)" ] || [ -n "$missing" ]; then
	skip input-clones/all "$(g++ -dumpfullversion) made other clones (missing:$missing; see $out/funcs.txt)"
	exit 0
fi
pass input-clones/build
# The dups by their unit's global function and an offset (the names
# are ambiguous for mkprof.py).
rel() { # UNIT NAME ANCHOR: ANCHOR+OFFSET for NAME of UNIT
	echo "$3+$(($(addr "$1" "$2") - $(addr - "$3")))"
}
d1=$(rel one.cc dup one) d1p=$(rel one.cc dup.part.0 one)
d2=$(rel two.cc dup two) d2p=$(rel two.cc dup.part.0 two)

cat >"$out/prof.spec" <<EOF
exe $out/prog
arc 0 main 0 split_me.part.0 20
arc 0 main 0 split_me 3
arc 0 split_me 0 split_me.part.0 3
arc 0 main 0 checked 1
arc 0 main 0 get.constprop.0.isra.0 2
arc 0 main 0 one 1
arc 0 main 0 two 1
arc 0 one 0 $d1 2
arc 0 one 0 $d1p 1
arc 0 $d1 0 $d1p 1
arc 0 two 0 $d2 2
arc 0 two 0 $d2p 1
arc 0 $d2 0 $d2p 1
stack 30 split_me.part.0 main
stack 10 split_me.part.0 split_me main
stack 2 split_me main
stack 5 checked.cold main
stack 10 checked main
stack 7 get.constprop.0.isra.0 main
stack 30 $d1p one main
stack 1 $d1 one main
stack 20 $d2p $d2 two main
EOF
if ! python3 "$here/../input-objects/mkprof.py" "$out/prof.gmon" "$out/prof.spec" \
	2>"$out/mkprof.log"; then
	fail input-clones/mkprof "see $out/mkprof.log"
	exit 0
fi
cd "$out" || exit 1

# GNU's reports stay GNU's: the clones' samples and calls where GNU puts
# them (frame_dummy, _init, checked, one), byte for byte.
compare_gprof input-clones/gnu-text "$out" prog prof.gmon -b
compare_gprof input-clones/gnu-text-a "$out" prog prof.gmon -b -a
compare_gprof input-clones/gnu-text-z "$out" prog prof.gmon -b -z

# check NAME DOC CLAIM...: check.py's claims on the JSON document DOC.
check() {
	_n=$1 _d=$2
	shift 2
	if _why=$(python3 "$here/check.py" "$_d" "$@" 2>&1); then
		pass "$_n"
	else
		fail "$_n" "$_why"
	fi
}

# JSON: each clone in its origin, the clones named.
"$GPROF" --format=json prog prof.gmon >json.out 2>json.err
check input-clones/json json.out \
	fn:split_me.self_samples=42 fn:split_me.calls=23 \
	fn:split_me.self_calls=3 fn:split_me.clones=split_me.part.0 \
	fn:split_me.total_seconds_measured=0.42 \
	arc:main\>split_me.count=23 arc:main\>split_me.child_seconds_measured=0.42 \
	arc:split_me\>split_me.count=3 arc:split_me\>split_me.self_call=true \
	arc:split_me\>split_me.child_seconds_measured=0.1 \
	fn:checked.self_samples=15 fn:checked.calls=1 \
	fn:checked.clones=checked.cold fn:checked.total_seconds_measured=0.15 \
	fn:get.raw_name=get fn:get.self_samples=7 fn:get.calls=2 \
	fn:get.clones=get.constprop.0.isra.0 \
	count:dup=2 fn:dup@one.cc.self_samples=31 fn:dup@one.cc.calls=3 \
	fn:dup@one.cc.self_calls=1 fn:dup@one.cc.clones=dup.part.0 \
	fn:dup@two.cc.self_samples=20 fn:dup@two.cc.calls=3 \
	fn:dup@two.cc.self_calls=1 fn:dup@two.cc.total_seconds_measured=0.2 \
	arc:one\>dup@one.cc.count=3 arc:two\>dup@two.cc.count=3 \
	fn:main.clones= fn:one.self_samples=0 fn:one.calls=1 \
	nofn:frame_dummy nofn:_init nofn:split_me.part.0
assert input-clones/json-stderr "stderr: $(head -n 1 json.err)" test ! -s json.err
if python3 -c 'import jsonschema' 2>/dev/null; then
	if python3 - json.out "$here/../../docs/gprof-profile.schema.json" \
		>schema.txt 2>&1 <<'EOF'; then
import json, sys, jsonschema
doc = json.load(open(sys.argv[1], encoding="utf-8"))
schema = json.load(open(sys.argv[2], encoding="utf-8"))
jsonschema.Draft202012Validator.check_schema(schema)
jsonschema.Draft202012Validator(schema).validate(doc)
EOF
		pass input-clones/json-schema
	else
		fail input-clones/json-schema "$(tail -n 1 schema.txt)"
	fi
else
	skip input-clones/json-schema "no python3 with jsonschema"
fi

# -a: no local function is one; clones of a global one still count in
# it, the others stay where GNU's rules put them.
"$GPROF" -a --format=json prog prof.gmon >json-a.out 2>/dev/null
check input-clones/json-a json-a.out fn:split_me.self_samples=42 \
	fn:split_me.clones=split_me.part.0 fn:checked.clones=checked.cold \
	nofn:get nofn:dup

# --measured: the measured call graph of the same table.
"$GPROF" -b -q --measured prog prof.gmon 2>measured.err |
	sed -n '/^Index by function name/q; s/\[[0-9]*\]/[]/g; s/  */ /g; p' \
		>measured.txt
expect_file input-clones/measured measured.txt "$here/expected/measured.txt"
assert input-clones/measured-stderr "stderr: $(head -n 1 measured.err)" \
	test ! -s measured.err

# pprof: each recorded stack whole, its frames counted in their origins.
"$GPROF" --format=pprof --output=prof.pb.gz prog prof.gmon
expect input-clones/pprof python3 "$here/pprof.py" prof.pb.gz <<'EOF'
0 0 1 : checked main
0 0 1 : dup dup
0 0 1 : dup dup
0 0 1 : one main
0 0 1 : two main
0 0 2 : get main
0 0 23 : split_me main
0 0 3 : dup one
0 0 3 : dup two
0 0 3 : split_me split_me
1 10000000 0 : dup one main
10 100000000 0 : checked main
10 100000000 0 : split_me split_me main
2 20000000 0 : split_me main
20 200000000 0 : dup dup two main
30 300000000 0 : dup one main
30 300000000 0 : split_me main
5 50000000 0 : checked main
7 70000000 0 : get main
EOF

# DOT: the origin's node says how many clones it stands for, and names
# them in its tooltip.
"$GPROF" --format=dot prog prof.gmon >dot.out 2>/dev/null
assert input-clones/dot "no split_me node with its clone in dot.out" \
	grep -q 'label="split_me\\n[^"]*\\n+1 clone", tooltip="main.cc; with split_me.part.0"' dot.out
assert input-clones/dot-no-dummy "frame_dummy is drawn in dot.out" \
	sh -c '! grep -q frame_dummy dot.out'

# callgrind: what the model gives it (no function gets a clone's costs
# but its origin).
"$GPROF" --format=callgrind prog prof.gmon >cg.out 2>/dev/null
assert input-clones/callgrind "callgrind.out names frame_dummy, _init or a clone" \
	sh -c '! grep -Eq "^c?fn=.*(frame_dummy|_init|\.part\.|\.cold|\.isra\.)" cg.out && grep -q "^c\{0,1\}fn=([0-9]*) split_me$" cg.out'

# HTML: the page's data is the JSON document (the clones included).
"$GPROF" --format=html --output=page.html prog prof.gmon
assert input-clones/html "page.html's data lacks split_me's clones" \
	grep -q '"name":"split_me","raw_name":"split_me","clones":\["split_me.part.0"\]' page.html

# zstd from Debian's source (CLONES_ZSTD=1: minutes to build, once, in
# tests/gnu-real's cache), compressing on two worker threads under our
# collector: POOL_free.part.0 lies after POOL_thread, so GNU's call
# graph has the pool's destroy function call the worker thread.  The
# numbers are a run's; the claims are about the graph's shape.
case $BUILD in
*/san) R=${REAL_CACHE:-${BUILD%/san}/real-cache} ;; # as tests/gnu-real
*) R=${REAL_CACHE:-$BUILD/real-cache} ;;
esac
z=$R/clones-zstd
if [ "${CLONES_ZSTD:-}" != 1 ]; then
	skip input-clones/zstd "set CLONES_ZSTD=1 to build zstd from its Debian source"
elif [ ! -x "$BUILD/gprof-run" ]; then
	skip input-clones/zstd "no $BUILD/gprof-run"
elif [ ! -f "$z/.ok" ] && ! {
	sh "$here/../../scripts/fetch-real-sources.sh" "$R/src" libzstd &&
		rm -rf "$z" && cp -R "$R/src/libzstd" "$z" &&
		(cd "$z/programs" && make -j"${REAL_JOBS:-2}" zstd \
			CFLAGS="-g -O2 -pg" LDFLAGS=-pg) >"$out/zstd-build.log" 2>&1 &&
		: >"$z/.ok"
}; then
	skip input-clones/zstd "cannot fetch or build libzstd (see $out/zstd-build.log, $R/src/libzstd.log)"
elif ! nm "$z/programs/zstd" | grep -q ' t POOL_free\.part\.0$'; then
	skip input-clones/zstd "this gcc made no POOL_free.part.0"
else
	awk 'BEGIN { for (i = 0; i < 400000; i++) print i, i * 7 % 1000, "zstd" }' >zin.txt
	"$BUILD/gprof-run" -q -o zstd.gmon --rate=1000 "$z/programs/zstd" \
		-q -f -T2 -10 zin.txt -o zin.zst
	compare_gprof input-clones/zstd-gnu-text "$out" "$z/programs/zstd" zstd.gmon -b
	"$GPROF" --format=json "$z/programs/zstd" zstd.gmon >zstd.json 2>/dev/null
	check input-clones/zstd-json zstd.json fn:POOL_free.clones=POOL_free.part.0 \
		nofn:POOL_free.part.0
	assert input-clones/zstd-no-call-of-the-thread "an arc into POOL_thread" \
		python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
t = [f["id"] for f in d["functions"] if f["name"] == "POOL_thread"]
sys.exit(len(t) != 1 or any(a["callee"] == t[0] for a in d["arcs"]))' zstd.json
fi
exit 0
