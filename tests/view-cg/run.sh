#!/bin/sh
# --format=callgrind and --format=dot, checked by their consumers and
# against our own text reports (which the diff suites hold to GNU's):
# - callgrind: callgrind_annotate reads the file without a warning; its
#   program total and each function's self cost equal the flat profile's
#   seconds, its inclusive cost of every function outside a cycle equals
#   the call graph's self + children, and its (caller, callee, count) set
#   equals the call graph's arcs;
# - dot: `dot -Tsvg` exits 0 and writes nothing on stderr; with the
#   thresholds at 0 the nodes are the call graph's functions with their
#   call counts and %time, and the edges are its arcs with their counts;
#   with the default thresholds every node has at least ~0.5% and every
#   function with more is a node.
# On the demo (a cycle), a 300-function program, a C++ program (names
# with quotes and angle brackets, self-recursion, a cycle), and
# synthetic profiles: empty, histogram only, arcs only; recursion with
# stacks against valgrind's own callgrind file (no inclusive cost above
# the total, the same calls).  And the seam of
# call-site lines: json and callgrind put every call on the same line
# (sites.py), on those programs, our own gprof built with -pg, and the
# real programs of tests/gnu-real when its cache holds them.  Env: GPROF, BUILD.
. "$(dirname "$0")/../lib.sh"
t_suite view-cg

have_annotate=1 have_dot=1
command -v callgrind_annotate >/dev/null 2>&1 || have_annotate=
command -v dot >/dev/null 2>&1 || have_dot=

# num_close A B TOL: |A - B| <= TOL.
num_close() {
	awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= t) }'
}

# check_callgrind NAME EXE GMON (in $out/NAME)
check_callgrind() {
	_n=$1 _exe=$2 _gmon=$3 _d=$out/$1.d
	if ! "$GPROF" --format=callgrind "$_exe" "$_gmon" >"$_d/cg" 2>"$_d/cg.err" ||
		[ -s "$_d/cg.err" ]; then
		fail "view-cg/$_n/callgrind" "gprof failed or warned: $(head -n 1 "$_d/cg.err")"
		return
	fi
	pass "view-cg/$_n/callgrind"
	if [ -z "$have_annotate" ]; then
		skip "view-cg/$_n/annotate" "no callgrind_annotate (valgrind)"
		return
	fi
	for incl in no yes; do
		if ! (cd "$_d" && callgrind_annotate --threshold=100 --auto=no \
			--tree=both --inclusive=$incl cg) >"$_d/ann.$incl" 2>"$_d/ann.$incl.err" ||
			[ -s "$_d/ann.$incl.err" ] || grep -q WARNING "$_d/ann.$incl"; then
			fail "view-cg/$_n/annotate-$incl" "$(head -n 1 "$_d/ann.$incl.err")"
			return
		fi
		awk -f "$here/annotate.awk" "$_d/ann.$incl" >"$_d/ann.$incl.facts"
	done
	pass "view-cg/$_n/annotate"
	# Program total against the flat profile's last cumulative seconds.
	_p=$(awk -F '\t' '$1 == "P" { print $2 }' "$_d/ann.no.facts")
	_t=$(awk -F '\t' '$1 == "T" { print $2 }' "$_d/text.facts")
	if num_close "${_p:-x}" "$(awk -v t="${_t:-0}" 'BEGIN { print t * 1e9 }')" 5.1e6; then
		pass "view-cg/$_n/total"
	else
		fail "view-cg/$_n/total" "callgrind_annotate $_p ns, flat profile ${_t:-none} s"
	fi
	# Self: every flat-profile function's seconds.
	_bad=$(awk -F '\t' 'FNR == NR { if ($1 == "F") cost[$2] = $3; next }
		$1 == "S" { c = ($2 in cost) ? cost[$2] / 1e9 : 0; d = c - $3
			if (d < 0) d = -d
			if (d > 0.0051) { print $2 ": " c " s, flat " $3; exit } }' \
		"$_d/ann.no.facts" "$_d/text.facts")
	if [ -z "$_bad" ]; then
		pass "view-cg/$_n/self"
	else
		fail "view-cg/$_n/self" "$_bad"
	fi
	# Inclusive: self + children of every function outside a cycle
	# (callgrind_annotate counts a function's calls from another file's
	# lines, fi=, as another function's: then the arcs alone).
	[ -n "${SKIP_INCL:-}" ] && _bad= || _bad=$(awk -F '\t' 'FNR == NR { if ($1 == "F") cost[$2] = $3; next }
		$1 == "N" && !$7 { c = ($2 in cost) ? cost[$2] / 1e9 : 0; d = c - $4 - $5
			if (d < 0) d = -d
			if (d > 0.0101) { print $2 ": " c " s, call graph " $4 " + " $5; exit } }' \
		"$_d/ann.yes.facts" "$_d/text.facts")
	if [ -z "$_bad" ]; then
		pass "view-cg/$_n/inclusive"
	else
		fail "view-cg/$_n/inclusive" "$_bad"
	fi
	# Counts summed per (caller, callee): calls from lines of another
	# file come under another name.
	awk -F '\t' '$1 == "A" { n[$2 "\t" $3] += $4 } END { for (k in n) print "A\t" k "\t" n[k] }' \
		"$_d/ann.no.facts" | sort -u >"$_d/ann.arcs"
	if cmp -s "$_d/ann.arcs" "$_d/text.arcs"; then
		pass "view-cg/$_n/calls"
	else
		fail "view-cg/$_n/calls" "(caller, callee, count) sets differ"
		diff "$_d/ann.arcs" "$_d/text.arcs" | head -4
	fi
}

# dot_ok NAME FILE: dot -Tsvg reads FILE without a word on stderr.
dot_ok() {
	if [ -z "$have_dot" ]; then
		skip "view-cg/$1" "no dot (graphviz)"
	elif dot -Tsvg "$2" >"$2.svg" 2>"$2.err" && [ ! -s "$2.err" ]; then
		pass "view-cg/$1"
	else
		fail "view-cg/$1" "dot -Tsvg: $(head -n 1 "$2.err")"
	fi
}

# check_dot NAME EXE GMON (in $out/NAME)
check_dot() {
	_n=$1 _exe=$2 _gmon=$3 _d=$out/$1.d
	for v in "all:--node-threshold=0 --edge-threshold=0" "default:" \
		"clusters:--node-threshold=0 --edge-threshold=0 --dot-clusters"; do
		# shellcheck disable=SC2086
		if ! "$GPROF" --format=dot ${v#*:} "$_exe" "$_gmon" \
			>"$_d/${v%%:*}.dot" 2>"$_d/dot.err" || [ -s "$_d/dot.err" ]; then
			fail "view-cg/$_n/dot-${v%%:*}" "gprof failed or warned: $(head -n 1 "$_d/dot.err")"
			return
		fi
		dot_ok "$_n/dot-${v%%:*}" "$_d/${v%%:*}.dot"
	done
	awk -f "$here/dot.awk" "$_d/all.dot" >"$_d/dot.facts"
	if ! grep -q '^G' "$_d/text.facts"; then
		skip "view-cg/$_n/dot-graph" "no call graph to compare with (no arcs)"
		return
	fi
	# The call graph's entries, and the functions its arcs name (GNU
	# gives no entry of its own to a caller without time or calls).
	awk -F '\t' '$1 == "N" { c[$2] = $6 } $1 == "A" { for (i = 2; i <= 3; i++) if (!($i in c)) c[$i] = 0 }
		END { for (n in c) print n "\t" c[n] }' "$_d/text.facts" | sort >"$_d/text.nodes"
	awk -F '\t' '$1 == "N" { print $2 "\t" $5 }' "$_d/dot.facts" | sort >"$_d/dot.nodes"
	if cmp -s "$_d/dot.nodes" "$_d/text.nodes"; then
		pass "view-cg/$_n/dot-nodes"
	else
		fail "view-cg/$_n/dot-nodes" "(name, calls) sets differ"
		diff "$_d/dot.nodes" "$_d/text.nodes" | head -4
	fi
	_bad=$(awk -F '\t' 'FNR == NR { if ($1 == "N") pct[$2] = $3; next }
		$1 == "N" { d = pct[$2] - $3; if (d < 0) d = -d
			if (d > 0.0501) { print $2 ": " pct[$2] "%, call graph " $3 "%"; exit } }' \
		"$_d/dot.facts" "$_d/text.facts")
	if [ -z "$_bad" ]; then
		pass "view-cg/$_n/dot-percent"
	else
		fail "view-cg/$_n/dot-percent" "$_bad"
	fi
	awk -F '\t' '$1 == "A"' "$_d/dot.facts" | sort -u >"$_d/dot.arcs"
	if cmp -s "$_d/dot.arcs" "$_d/text.arcs"; then
		pass "view-cg/$_n/dot-edges"
	else
		fail "view-cg/$_n/dot-edges" "(caller, callee, count) sets differ"
		diff "$_d/dot.arcs" "$_d/text.arcs" | head -4
	fi
	# Default thresholds: nodes have ~0.5% or more, those with more are
	# nodes (the call graph rounds %time to 0.1), edges are arcs.  With
	# no time at all every function is drawn.
	if grep -q '^Z' "$_d/text.facts"; then
		skip "view-cg/$_n/dot-threshold" "the profile holds no time"
		return
	fi
	awk -f "$here/dot.awk" "$_d/default.dot" >"$_d/default.facts"
	_bad=$(awk -F '\t' 'FNR == NR { if ($1 == "N") shown[$2] = 1; next }
		$1 == "N" && (($3 >= 0.6 && !($2 in shown)) || ($3 < 0.4 && ($2 in shown))) {
			print $2 " (" $3 "%)"; exit }' "$_d/default.facts" "$_d/text.facts")
	awk -F '\t' '$1 == "A"' "$_d/default.facts" | sort -u >"$_d/default.arcs"
	if [ -n "$_bad" ]; then
		fail "view-cg/$_n/dot-threshold" "$_bad is drawn against the threshold"
	elif [ -n "$(comm -23 "$_d/default.arcs" "$_d/text.arcs")" ]; then
		fail "view-cg/$_n/dot-threshold" "an edge that is no arc"
	else
		pass "view-cg/$_n/dot-threshold"
	fi
}

# check NAME EXE GMON: text facts, then both views.
check() {
	_c=$out/$1.d
	mkdir -p "$_c"
	# Without a histogram there is no flat profile, without arcs no
	# call graph: then the other alone.
	"$GPROF" -b -p -q "$2" "$3" >"$_c/text" 2>/dev/null ||
		"$GPROF" -b -q "$2" "$3" >"$_c/text" 2>/dev/null ||
		"$GPROF" -b -p "$2" "$3" >"$_c/text" 2>/dev/null
	awk -f "$here/text.awk" "$_c/text" >"$_c/text.facts"
	awk -F '\t' '$1 == "A"' "$_c/text.facts" | sort -u >"$_c/text.arcs"
	check_callgrind "$@"
	check_dot "$@"
}

# ---- programs ----
if cc -pg -g -O1 -fno-inline -o "$out/demo" "$top/examples/demo.c" 2>"$out/demo.log" &&
	(cd "$out" && ./demo >/dev/null && mv gmon.out demo.gmon); then
	check demo "$out/demo" "$out/demo.gmon"
else
	fail "view-cg/demo/build" "see $out/demo.log"
fi
if build_many view-cg "$out" && (cd "$out" && ./many >/dev/null && mv gmon.out many.gmon); then
	check many "$out/many" "$out/many.gmon"
fi
if g++ -pg -g -O1 -fno-inline -o "$out/names" "$here/names.cc" 2>"$out/names.log" &&
	(cd "$out" && ./names >/dev/null && mv gmon.out names.gmon); then
	check names "$out/names" "$out/names.gmon"
	# DOT strings: the quotes of operator"" escaped, so dot read them.
	if grep -qF 'label="operator\"\" _k(unsigned long long)' "$out/names.d/all.dot"; then
		pass "view-cg/names/dot-escape"
	else
		fail "view-cg/names/dot-escape" "operator\"\" _k not escaped as expected"
	fi
else
	fail "view-cg/names/build" "see $out/names.log"
fi

# Calls from a header's inlined code: their lines are in inl.h (fi=).
if cc -pg -g -O1 -o "$out/inl" "$here/inl.c" 2>"$out/inl.log" &&
	(cd "$out" && ./inl >/dev/null && mv gmon.out inl.gmon); then
	SKIP_INCL=1 check inl "$out/inl" "$out/inl.gmon"
	if grep -q '^fi=([0-9]*) .*inl\.h$' "$out/inl.d/cg" &&
		grep -A3 '^fi=([0-9]*) .*inl\.h$' "$out/inl.d/cg" | grep -q '^calls='; then
		pass "view-cg/inl/call-site-file"
	else
		fail "view-cg/inl/call-site-file" "no call at a line of inl.h"
	fi
else
	fail "view-cg/inl/build" "see $out/inl.log"
fi

# ---- synthetic profiles over the demo: empty, histogram only, arcs only ----
if [ -x "$out/demo" ]; then
	addr() { nm "$out/demo" | awk -v f="$1" '$3 == f { print "0x" $1 }'; }
	lo=$(addr main) ck=$(addr checksum) mx=$(addr mix)
	printf 'format gnu\n' >"$out/empty.spec"
	printf 'hist %s %s 64\nbin 3 7\nbin 9 2\n' "$mx" "$((lo + 128))" >"$out/hist.spec"
	printf 'arc %s %s 400\narc %s %s 25600\narc %s %s 3\n' \
		"$((lo + 16))" "$ck" "$((ck + 16))" "$mx" "$((mx + 16))" "$mx" >"$out/arcs.spec"
	for s in empty hist arcs; do
		if "$BUILD/mkgmon" -o "$out/$s.gmon" "$out/$s.spec" 2>"$out/$s.log"; then
			check "$s" "$out/demo" "$out/$s.gmon"
		else
			fail "view-cg/$s/mkgmon" "$(head -n 1 "$out/$s.log")"
		fi
	done
fi

# ---- recursion with stacks: no inclusive cost above 100 % ----
# rec.c's recursions (rec calls itself, ping and pong each other).
# valgrind's own file of a run (when valgrind is here) shows what
# callgrind does: a call back into a function already on the stack goes
# to "NAME'2", so callgrind_annotate --inclusive=yes (a called
# function's inclusive cost: the sum of the calls into it) counts each
# instruction once for NAME, at most the program's total (NAME'2's
# calls carry their nested costs again: over 100 % on deep recursion).
# Our file, from stacks mkprof.py writes at rec.c's addresses with its
# real call counts: one name per function, each inclusive cost the
# function's stack samples exactly (rec 74 of 130, where the recursive
# calls, costed too, made it 144), every one at most the total, and the
# calls those of valgrind's file with NAME'2 folded into NAME.
# rec_facts FILE: "name inclusive-samples" of rec.c's functions (at
# 1e7 ns a sample), from callgrind_annotate's facts.
rec_facts() {
	awk -F '\t' '$1 == "F" && $2 ~ /^(main|rec|ping|pong|leaf)$/ {
		printf "%s %.2f\n", $2, $3 / 1e7 }' "$1" | sort
}
# rec_calls FILE: rec.c's calls, NAME'N folded into NAME, summed.
rec_calls() {
	awk -F '\t' '$1 == "A" { a = $2; b = $3; sub(/'"'"'[0-9]+$/, "", a)
		sub(/'"'"'[0-9]+$/, "", b)
		if (a b ~ /^(main|rec|ping|pong|leaf)+$/ &&
		    a ~ /^(main|rec|ping|pong|leaf)$/ && b ~ /^(main|rec|ping|pong|leaf)$/)
			n[a " " b] += $4 }
		END { for (k in n) print k, n[k] }' "$1" | sort
}
# over_total FACTS [RE]: the functions (named by the regex RE, default
# any) whose inclusive cost passes the program's total.
over_total() {
	awk -F '\t' -v re="^(${2:-.*})$" '$1 == "P" { p = $2 }
		$1 == "F" && $2 ~ re && p > 0 && $3 > p {
		printf "%s at %.1f %%\n", $2, 100 * $3 / p }' "$1"
}
r=$out/rec.d
mkdir -p "$r"
if [ -z "$have_annotate" ]; then
	skip view-cg/rec "no callgrind_annotate (valgrind)"
elif ! command -v python3 >/dev/null 2>&1; then
	skip view-cg/rec "no python3 (tests/input-objects/mkprof.py)"
elif ! cc -O0 -g -fno-inline -o "$r/rec" "$here/rec.c" 2>"$r/build.log"; then
	fail view-cg/rec/build "see $r/build.log"
else
	cat >"$r/spec" <<EOF
exe $r/rec
rate 100
arc 0 main 0 rec 10
arc 0 rec 0 rec 50
arc 0 rec 0 leaf 60
arc 0 main 0 ping 10
arc 0 ping 0 pong 30
arc 0 pong 0 ping 30
arc 0 ping 0 leaf 30
stack 60 rec rec rec main
stack 10 leaf rec rec main
stack 4 rec main
stack 20 ping pong ping main
stack 5 pong ping main
stack 15 leaf ping pong ping main
stack 7 ping main
stack 9 main
EOF
	if ! python3 "$top/tests/input-objects/mkprof.py" "$r/gmon" "$r/spec" 2>"$r/mk.err" ||
		! "$GPROF" --format=callgrind "$r/rec" "$r/gmon" >"$r/cg" 2>"$r/cg.err" ||
		[ -s "$r/cg.err" ] ||
		! (cd "$r" && callgrind_annotate --threshold=100 --auto=no \
			--tree=both --inclusive=yes cg) >"$r/ann" 2>"$r/ann.err" ||
		[ -s "$r/ann.err" ] || grep -q WARNING "$r/ann"; then
		fail view-cg/rec/callgrind "$(cat "$r/mk.err" "$r/cg.err" "$r/ann.err" 2>/dev/null | head -n 1)"
	else
		awk -f "$here/annotate.awk" "$r/ann" >"$r/ann.facts"
		# Every function's stack samples: main 130 (all), rec 74,
		# ping 47, pong 40, leaf 25.
		expect view-cg/rec/inclusive rec_facts "$r/ann.facts" <<EOF
leaf 25.00
main 130.00
ping 47.00
pong 40.00
rec 74.00
EOF
		expect view-cg/rec/at-most-total --empty over_total "$r/ann.facts" </dev/null
		rec_calls "$r/ann.facts" >"$r/calls"
	fi
	if ! command -v valgrind >/dev/null 2>&1; then
		skip view-cg/rec/valgrind "no valgrind"
	elif ! (cd "$r" && valgrind --tool=callgrind --callgrind-out-file=vg.out \
		./rec) >"$r/vg.log" 2>&1 ||
		! (cd "$r" && callgrind_annotate --threshold=100 --auto=no \
			--tree=both --inclusive=yes vg.out) >"$r/vg.ann" 2>"$r/vg.ann.err"; then
		fail view-cg/rec/valgrind "valgrind --tool=callgrind: $(tail -n 1 "$r/vg.log")"
	else
		awk -f "$here/annotate.awk" "$r/vg.ann" >"$r/vg.facts"
		# valgrind's names: the recursive activations apart.
		_vn=$(awk -F '\t' '$1 == "F" { print $2 }' "$r/vg.facts" |
			grep -x "rec'2\|ping'2\|pong'2" | sort | tr '\n' ' ')
		assert "view-cg/rec/valgrind-names ($_vn)" \
			"valgrind's file has no rec'2, ping'2 and pong'2" \
			test "$_vn" = "ping'2 pong'2 rec'2 "
		# NAME itself at most the total (NAME'2 may not be).
		expect view-cg/rec/valgrind-at-most-total --empty \
			over_total "$r/vg.facts" "main|rec|ping|pong|leaf" </dev/null
		if [ -f "$r/calls" ]; then
			expect view-cg/rec/calls-as-valgrind --want="$r/calls" \
				rec_calls "$r/vg.facts"
		fi
	fi
fi

# -c adds never-called arcs (count 0): callgrind leaves them out.  The
# functions only they reach are listed, as in every view (model.h's
# LIST_VIEW), with no cost: the calls and the costs above 0 stay those
# without -c.
# calls_costs FILE: each function's calls= lines and cost lines, by name.
calls_costs() {
	awk '/^c?fn=/ { id = $1; sub(/^c?fn=/, "", id); n = $0; sub(/^c?fn=\([0-9]+\) ?/, "", n)
		if (n != "") name[id] = n
		if ($0 ~ /^fn=/) cur = name[id]
		next }
	/^[0-9]/ || /^calls=/ { print cur "\t" $0 }' "$1"
}
if [ -f "$out/demo.d/cg" ] && [ -n "$have_annotate" ]; then
	"$GPROF" -c --format=callgrind "$out/demo" "$out/demo.gmon" >"$out/demo.d/c.cg" 2>/dev/null
	calls_costs "$out/demo.d/cg" | grep -v ' 0$' >"$out/demo.d/cg.cc"
	calls_costs "$out/demo.d/c.cg" | grep -v ' 0$' >"$out/demo.d/c.cg.cc"
	if (cd "$out/demo.d" && callgrind_annotate --threshold=100 --auto=no c.cg) 2>&1 |
		grep -q WARNING; then
		fail "view-cg/static-calls" "callgrind_annotate warns about -c's file"
	elif [ -s "$out/demo.d/cg.cc" ] && cmp -s "$out/demo.d/c.cg.cc" "$out/demo.d/cg.cc"; then
		pass "view-cg/static-calls"
	else
		fail "view-cg/static-calls" "-c changed a call or a cost"
	fi
fi

# ---- one line per call in every view (callsites.h) ----
# --format=json (and html, which embeds it) and --format=callgrind put
# each call on the same source line (sites.py), on every program above,
# on our own gprof built with -pg, and on the real programs of tests/gnu-real
# (when it has built them in its cache).
sites_agree() {
	_s=$out/sites-$1
	_sn=view-cg/sites-agree/$1
	mkdir -p "$_s"
	shift
	if ! "$GPROF" --format=json "$@" >"$_s/json" 2>"$_s/err" ||
		! "$GPROF" --format=callgrind "$@" >"$_s/cg" 2>>"$_s/err"; then
		fail "$_sn" "gprof failed: $(head -1 "$_s/err")"
	elif python3 "$here/sites.py" "$_s/json" "$_s/cg" >"$_s/diff"; then
		pass "$_sn ($(grep -c '"call_sites":\[{' "$_s/json") arcs with sites)"
	else
		fail "$_sn" "$(head -n 1 "$_s/diff")" "$(sed 1d "$_s/diff")"
	fi
}
if command -v python3 >/dev/null 2>&1; then
	for n in demo many names inl; do
		[ -f "$out/$n.gmon" ] && sites_agree "$n" "$out/$n" "$out/$n.gmon"
	done
	# Our own gprof, built with -g -pg -O2 (inlining across headers),
	# profiled on two runs over the 300-function program.
	a=$out/self
	mkdir -p "$a/r1" "$a/r2"
	# shellcheck disable=SC2046
	if [ -f "$out/many.gmon" ] && (cd "$top" && cc -std=c11 -D_GNU_SOURCE \
		-Iinclude -Isrc -g -pg -O2 -o "$a/prog" src/*.c \
		$(pkg-config --libs libelf libdw 2>/dev/null || echo -ldw -lelf) \
		-lz -lstdc++ -lm -pthread) >"$a/build.log" 2>&1 &&
		(cd "$a/r1" && ../prog -b "$out/many" "$out/many.gmon" >/dev/null) &&
		(cd "$a/r2" && ../prog --format=json "$out/many" "$out/many.gmon" >/dev/null); then
		sites_agree gprof "$a/prog" "$a/r1/gmon.out" "$a/r2/gmon.out"
	else
		fail view-cg/sites-agree/gprof "cannot build or run our gprof with -pg (see $a/build.log)"
	fi
	case $BUILD in
	*/san) R=${REAL_CACHE:-${BUILD%/san}/real-cache} ;; # as tests/gnu-real
	*) R=${REAL_CACHE:-$BUILD/real-cache} ;;
	esac
	nreal=0
	for c in "expat-gcc expat-gcc/xmlwf expat-gcc expat-gcc.r1 expat-gcc.r2 expat-gcc.r3" \
		"expat-clang expat-clang/xmlwf expat-clang expat-clang.r1" \
		"expat-static expat-gcc/xmlwf-static expat-gcc expat-static.r1" \
		"txml tinyxml2/txml tinyxml2 txml.r1 txml.r2 txml.r3"; do
		# shellcheck disable=SC2086
		set -- $c
		n=$1 e=$2 ok=$3
		shift 3
		if [ ! -f "$R/$(dirname "$e")/.ok" ] || [ ! -f "$R/prof/$ok/.ok" ]; then
			continue
		fi
		p=
		for f in "$@"; do p="$p $R/prof/$f"; done
		# shellcheck disable=SC2086
		sites_agree "real-$n" "$R/$e" $p
		nreal=$((nreal + 1))
	done
	[ "$nreal" -gt 0 ] ||
		skip view-cg/sites-agree/real "tests/gnu-real has not built its programs in $R (yet)"
else
	skip view-cg/sites-agree/all "no python3"
fi

# KCachegrind (optional: heavy, not in the test set) loads the files
# without an "Invalid line"; it prints "Selected" once loaded.
if command -v kcachegrind >/dev/null 2>&1 && command -v xvfb-run >/dev/null 2>&1; then
	for n in demo names inl; do
		[ -f "$out/$n.d/cg" ] || continue
		# shellcheck disable=SC2016 # $1 and $p belong to the inner shell
		timeout 90 xvfb-run -a sh -c 'kcachegrind "$1" 2>"$1.kc" & p=$!
			i=0
			while [ $i -lt 120 ] && ! grep -q "Selected\|Invalid\|rror" "$1.kc"; do
				sleep 0.5
				i=$((i + 1))
			done
			kill $p' sh "$out/$n.d/cg" >/dev/null 2>&1
		if grep -q "Invalid\|rror" "$out/$n.d/cg.kc"; then
			fail "view-cg/$n/kcachegrind" "$(grep -m1 'Invalid\|rror' "$out/$n.d/cg.kc")"
		elif grep -q Selected "$out/$n.d/cg.kc"; then
			pass "view-cg/$n/kcachegrind"
		else
			fail "view-cg/$n/kcachegrind" "no sign that it loaded the file"
		fi
	done
else
	skip "view-cg/kcachegrind" "kcachegrind or xvfb-run not installed"
fi

# ---- options ----
mkdir -p "$out/opts"
expect_error view-cg/opt-node "$out/opts" "--node-threshold wants a percentage" \
	--format=dot --node-threshold=abc "$out/demo" "$out/demo.gmon"
expect_error view-cg/opt-edge "$out/opts" "--edge-threshold wants a percentage" \
	--format=dot --edge-threshold=101 "$out/demo" "$out/demo.gmon"
if "$GPROF" --format=dot --output="$out/opts/o.dot" "$out/demo" "$out/demo.gmon" &&
	"$GPROF" --format=dot "$out/demo" "$out/demo.gmon" | cmp -s - "$out/opts/o.dot"; then
	pass "view-cg/output"
else
	fail "view-cg/output" "--output=FILE differs from standard output"
fi
exit 0
