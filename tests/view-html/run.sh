#!/bin/sh
# tests/view-html/run.sh - --format=html's measured parts (issue 20): the
# measured column beside gprof's estimate, the disagreement markers and
# table, and the flame graph of the sampled stacks (src/flame.c, the
# "gprof-flame" element of view_html.c, report.js).
#
# The profile is made, not run: tests/input-objects/mkprof.py writes it at the
# real addresses of tests/input-measured/prog.c from mkspec.awk's directives,
# 100,000 stack samples whose truth is exact by construction (dear 90 %,
# cheap 5 %, where gprof's estimate gives dear 0.1 %), 500 of them
# truncated, with 2,500 distinct noise stacks (most merged into [other]
# nodes); a "wide" one, 7,000 distinct stacks whose tree is cut to
# the 20,000-node bound; a "deep" one, a recursion 400 deep (its tree
# checked node by node); and a "huge" one over hub.c, counts past 2^53
# and saturated at 2^64 - 1 (shown to the digit, the flame tree's check
# exact), a calls column of "1860590+1860589" (never cut) and a
# function with 29 callees (the call graph's labels apart).  Headless
# Chromium loads each page with "#fn=ID&selftest": report.js's own
# checks (the calls cells whole, the call graph's labels apart, the
# flame tree's shape, its root = the stack samples, [truncated] = the
# truncated samples, zooming in and out, the measured column, the
# disagreement table's order, no resource loaded, no console error)
# write PASS/FAIL lines into the DOM; this script
# then reads the numbers the DOM shows (dear's row, the disagreement
# table, the flame graph's root) and the browser's own console log.
# Without stacks (the same profile with no side file) the page has no
# measured column, table or flame graph.  A screenshot is kept as
# build/view-html/flame.png.  Without Chromium the browser cases SKIP.
#
# Environment: GPROF, BUILD (absolute); CHROMIUM names the browser.
set -u
LC_ALL=C
export LC_ALL
GPROF=${GPROF:?GPROF must name our gprof}
BUILD=${BUILD:?BUILD must name the build directory}
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/tests/view-html
# shellcheck source=tests/lib.sh
. "$top/tests/lib.sh"
out=$BUILD/view-html
rm -rf "$out"
mkdir -p "$out" || exit 1
find_chromium "$out"
chrome_profile=$out/chrome-profile

if ! command -v python3 >/dev/null 2>&1; then
	skip view-html/all "no python3 (tests/input-objects/mkprof.py writes the profiles)"
	exit 0
fi
if ! {
	cc -O0 -fPIC -shared -o "$out/libm1.so" "$top/tests/input-measured/lib.c" &&
		cc -O0 -g -fno-inline -o "$out/prog" "$top/tests/input-measured/prog.c" \
			-L"$out" -lm1 -Wl,-rpath,"$out" &&
		cc -O0 -g -fno-inline -o "$out/hub" "$here/hub.c" \
			-L"$out" -lm1 -Wl,-rpath,"$out"
} 2>"$out/build.log"; then
	fail view-html/build "see $out/build.log"
	exit 0
fi
awk -v prog="$out/prog" -f "$here/mkspec.awk" >"$out/big.spec"
awk -v prog="$out/prog" -v wide=1 -f "$here/mkspec.awk" >"$out/wide.spec"
awk -v prog="$out/prog" -v deep=400 -f "$here/mkspec.awk" >"$out/deep.spec"
{
	grep -v '^stack' "$out/big.spec"
	echo "hist 0 work 100"
	echo noside
} >"$out/none.spec"
for p in big wide none deep; do
	if ! python3 "$top/tests/input-objects/mkprof.py" "$out/$p.gmon" "$out/$p.spec" \
		2>"$out/$p.mk.err"; then
		fail "view-html/mkprof-$p" "$(head -n 1 "$out/$p.mk.err")"
		exit 0
	fi
	if ! (cd "$out" && "$GPROF" --format=html --output="$p.html" prog "$p.gmon") \
		2>"$out/$p.err" || [ -s "$out/$p.err" ]; then
		fail "view-html/gprof-$p" "$(head -n 1 "$out/$p.err")"
		exit 0
	fi
done
pass view-html/build

# The huge page: counts past 2^53, and saturated (mkspec.awk's huge).
# The analyser may warn about the saturated sums: any "gprof: " line.
awk -v prog="$out/hub" -v lib="$out/libm1.so" -v huge=1 -f "$here/mkspec.awk" \
	>"$out/huge.spec"
if ! python3 "$top/tests/input-objects/mkprof.py" "$out/huge.gmon" "$out/huge.spec" \
	2>"$out/huge.mk.err"; then
	fail view-html/mkprof-huge "$(head -n 1 "$out/huge.mk.err")"
elif ! (cd "$out" && "$GPROF" --format=html --output=huge.html hub huge.gmon) \
	2>"$out/huge.err" || grep -qv '^gprof: ' "$out/huge.err"; then
	fail view-html/gprof-huge "$(head -n 1 "$out/huge.err")"
else
	pass view-html/gprof-huge
fi

# The page's size: the tree is bounded, whatever the distinct stacks.
# wide's 40,000-odd nodes above the floor are cut to the 20,000 bound
# (plus an [other] per kept node at most).
for p in big wide; do
	size=$(wc -c <"$out/$p.html")
	assert "view-html/size-$p ($size bytes)" "page of $size bytes, want under 1 MB" \
		test "$size" -lt 1000000
done
if python3 - "$out/wide.html" >"$out/wide.check" 2>&1 <<'EOF'; then
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<script type="application/json" id="gprof-flame">\n(.*?)</script>',
              page, re.S)
fl = json.loads(m.group(1))
other = fl["names"].index("[other]")
n = len(fl["parent"])
kept = n - 1 - fl["name"].count(other)
bad = []
if not 15000 <= kept <= 20000:
    bad.append("%d nodes kept, want 15000 to 20000" % kept)
if fl["nodes_full"] - fl["nodes_pruned"] != kept or fl["nodes_full"] <= 20000:
    bad.append("nodes_full %d, nodes_pruned %d" % (fl["nodes_full"], fl["nodes_pruned"]))
if fl["node_samples"][0] != fl["samples"] or fl["samples"] != 101500:
    bad.append("root %d of %d samples" % (fl["node_samples"][0], fl["samples"]))
if any(s < fl["min_samples"] for s, k in zip(fl["node_samples"], fl["name"]) if k != other):
    bad.append("a kept node under the cut-off")
print("; ".join(bad))
sys.exit(1 if bad else 0)
EOF
	pass view-html/wide-bound
else
	fail view-html/wide-bound "$(head -n 1 "$out/wide.check")"
fi

# A recursion 400 deep (defect 3: building its tree was quadratic in
# the depth; tests/unit's flame/deep counts that work): the tree is the
# chain of 400 recs under main, the k-th with 12 (401 - k) samples and
# a work of 10 below it, nothing merged away.
if python3 - "$out/deep.html" >"$out/deep.check" 2>&1 <<'EOF'; then
import json, re, sys
D = 400
page = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<script type="application/json" id="gprof-flame">\n(.*?)</script>',
              page, re.S)
fl = json.loads(m.group(1))
P, S = fl["parent"], fl["node_samples"]
name = [fl["names"][k] for k in fl["name"]]
kids = {}
for i in range(1, len(P)):
    kids.setdefault(P[i], []).append(i)
bad = []
if len(P) != 2 + 2 * D or fl["nodes_pruned"] != 0:
    bad.append("%d nodes, %d pruned, want %d and 0" % (len(P), fl["nodes_pruned"], 2 + 2 * D))
main = kids.get(0, [0])[0]
if name[main] != "main" or S[main] != 12 * D or len(kids[0]) != 1:
    bad.append("the root's one child is not main of %d samples" % (12 * D))
at = main
for k in range(1, D + 1):
    c = sorted(kids.get(at, []), key=lambda i: name[i])
    want = ["rec"] if k == 1 else ["rec", "work"]
    if [name[i] for i in c] != want or (k > 1 and S[c[1]] != 10):
        bad.append("%d recs deep: children %s" % (k - 1, [(name[i], S[i]) for i in c]))
        break
    at = c[0]
    if S[at] != 12 * (D - k + 1):
        bad.append("rec %d deep: %d samples, want %d" % (k, S[at], 12 * (D - k + 1)))
        break
c = kids.get(at, [])
if not bad and [(name[i], S[i]) for i in c] != [("work", 10)]:
    bad.append("the innermost rec's children: %s" % [(name[i], S[i]) for i in c])
print("; ".join(bad))
sys.exit(1 if bad else 0)
EOF
	pass view-html/deep-tree
else
	fail view-html/deep-tree "$(head -n 1 "$out/deep.check")"
fi

# Static promises: nothing outside the page; the data elements (JSON,
# then the flame tree with stacks) and the code, each ended once.
static() {
	if grep -q 'src=\|https\?://' "$2"; then
		fail "view-html/static-$1" "the page refers to something outside it"
	elif [ "$(grep -c '</script>' "$2")" != "$3" ]; then
		fail "view-html/static-$1" "want $3 </script>, got $(grep -c '</script>' "$2")"
	elif [ "$3" = 2 ] && grep -q '<script type="application/json" id="gprof-flame">' "$2"; then
		fail "view-html/static-$1" "a flame tree without stacks"
	else
		pass "view-html/static-$1"
	fi
}
static big "$out/big.html" 3
static wide "$out/wide.html" 3
static none "$out/none.html" 2
static deep "$out/deep.html" 3

# load NAME HASH CHECK: the page's self-test (CHECK one of its checks
# that must have run); the DOM in NAME.dom, the
# browser's log (console messages included) in NAME.dom.err.
load() {
	if [ -n "$chrome_why" ]; then
		skip "view-html/selftest-$1" "$chrome_why"
		return 1
	fi
	timeout 180 "$CHROME" --headless --no-sandbox --disable-gpu \
		--no-first-run --disable-extensions --disable-sync \
		--user-data-dir="$chrome_profile" --enable-logging=stderr --v=0 \
		--virtual-time-budget=20000 --dump-dom "file://$out/$1.html#$2" \
		>"$out/$1.dom" 2>"$out/$1.dom.err"
	awk '/<pre id="selftest">/ { on = 1; sub(/.*<pre id="selftest">/, "") }
		on { print } on && /^DONE/ { exit }' "$out/$1.dom" >"$out/$1.selftest"
	if [ ! -s "$out/$1.dom" ]; then
		chrome_why="chromium cannot run here ($(grep -v 'dbus\|DBus\|^$' "$out/$1.dom.err" | tail -n 1))"
		skip "view-html/selftest-$1" "$chrome_why"
		return 1
	fi
	# The page logs nothing: any console message is an error's.
	_bad=$(grep ':CONSOLE' "$out/$1.dom.err" | head -n 1)
	if ! grep -q '^DONE' "$out/$1.selftest"; then
		fail "view-html/selftest-$1" "the self-test did not finish"
	elif grep -q '^FAIL' "$out/$1.selftest"; then
		fail "view-html/selftest-$1" "$(grep '^FAIL' "$out/$1.selftest" | tr '\n' ' ')"
	elif ! grep -qx "PASS $3" "$out/$1.selftest"; then
		fail "view-html/selftest-$1" "no '$3' check ran"
	elif [ -n "$_bad" ]; then
		fail "view-html/selftest-$1" "console: $_bad"
	else
		pass "view-html/selftest-$1 ($(grep -c '^PASS' "$out/$1.selftest") checks)"
	fi
}

# dear is function 2 in the document (functions are listed by address).
if load big "fn=2&selftest" flame-unzoom; then
	# What the DOM shows, against the truth: dear 90.00 % measured
	# (89,500 full stacks and 500 truncated ones), 0.1 % estimated;
	# cheap 5.00 %; the flame graph's root the 100,000 stack samples,
	# [truncated] 500; the pruning said on the page.
	if python3 - "$out/big.dom" >"$out/big.check" 2>&1 <<'EOF'; then
import re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
bad = []
def row(name):
    for r in dom.split('<div class="row')[1:]:
        if '<div title="%s">' % name in r:
            return r[:r.find('<div title="%s">' % name)]
    bad.append("no row for " + name)
    return ""
for name, want in (("dear", "90.00"), ("cheap", "5.00"), ("work", "95.00")):
    m = re.search(r'class="num meas" data-pct="([0-9.]*)"', row(name))
    if not m or m.group(1) != want:
        bad.append("%s measured %s, want %s" % (name, m and m.group(1), want))
if "\u2260" not in row("dear"):
    bad.append("dear's row has no disagreement marker")
if "\u2260" in row("work"):
    bad.append("work's row has a disagreement marker")
t = dom[dom.find('id="disagree"'):]
t = t[:t.find("</table>")]
rows = re.findall(r'<tr data-diff="([-0-9.]*)"><td>(.*?)</td><td class="num est">'
                  r'([0-9.]*)</td><td class="num">([0-9.]*)</td>', t)
dear = [r for r in rows if re.fullmatch(r'<a href="#fn=\d+" title="dear">dear</a>', r[1])]
if not dear:
    bad.append("dear not among the largest disagreements")
elif not (float(dear[0][2]) <= 0.2 and dear[0][3] == "90.00"):
    bad.append("dear: estimated %s, measured %s" % dear[0][2:4])
if len(rows) < 6 or any(abs(float(a[0])) < abs(float(b[0]))
                        for a, b in zip(rows, rows[1:])):
    bad.append("disagreement table: %d rows, not by difference" % len(rows))
if not re.search(r'<div class="fr[^"]*" data-n="0" data-samples="100000"', dom):
    bad.append("no flame-graph root of 100000 samples")
if not re.search(r'data-samples="500"[^>]*title="\[truncated\]', dom):
    bad.append("no [truncated] frame of 500 samples")
if not re.search(r'frames of the merged stacks, each under 10 samples', dom):
    bad.append("the page does not say that frames were merged")
print("; ".join(bad))
sys.exit(1 if bad else 0)
EOF
		pass view-html/dom-numbers
	else
		fail view-html/dom-numbers "$(head -n 1 "$out/big.check")"
	fi
	rm -f "$out/flame.png"
	timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu \
		--no-first-run --user-data-dir="$chrome_profile" \
		--window-size=1400,2200 --virtual-time-budget=5000 \
		--screenshot="$out/flame.png" "file://$out/big.html#fn=2" \
		>/dev/null 2>&1
	if [ -s "$out/flame.png" ]; then
		pass "view-html/screenshot ($out/flame.png)"
	else
		fail view-html/screenshot "no PNG written"
	fi
fi
load wide "fn=0&selftest" flame-unzoom
if load deep "fn=0&selftest" flame-unzoom; then
	# Every frame drawn, the innermost work 402 rows below the root.
	_deep=$(grep -o '<div class="fr[^"]*" data-n="[0-9]*"[^>]*top:[0-9]*px' "$out/deep.dom" |
		sed 's/.*top://; s/px$//' | sort -n | awk '{ n++; top = $1 } END { print n, top }')
	assert "view-html/deep-drawn ($_deep)" "frames drawn and deepest top: $_deep, want 802 7236" \
		test "$_deep" = "802 7236"
fi
# The huge page checks itself (its calls cells whole, its graph's labels
# apart, its flame tree with saturated counts); the DOM shows the exact
# digits: rec's calls, lib_call's, the flame graph's root.
if [ -f "$out/huge.html" ] && load huge "fn=0&selftest" graph-labels; then
	_bad=
	for _want in '<div class="num calls">1860590+1860589</div>' \
		'<div class="num calls">18446744073709551615</div>' \
		'data-n="0" data-samples="18446744073709551615"'; do
		grep -qF "$_want" "$out/huge.dom" || _bad="$_bad [$_want]"
	done
	assert view-html/huge-digits "the DOM lacks$_bad" test -z "$_bad"
fi
if load none "fn=2&selftest" no-measured; then
	# The page as built (the DOM before the data and code elements).
	if awk '{ i = index($0, "<script") }
		i { print substr($0, 1, i - 1); exit } { print }' "$out/none.dom" |
		grep -q 'id="flame\|id="measured"\|data-key="meas"\|class="dis"'; then
		fail view-html/none-panels "measured panels without stacks"
	else
		pass view-html/none-panels
	fi
fi
exit 0
