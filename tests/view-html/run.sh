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
# Threads (issue 29): a profile with our collector's per-thread records
# (mkspec.awk's threads, its truth exact) gives a thread table (the
# --threads columns) and a selector: the self-test picks each thread
# through it and checks that its table holds its functions only, their
# self samples adding up to its stack samples, its pane its numbers,
# its flame tree rooted at its stack samples, and "all" the whole
# profile again; this script checks the per-thread trees and numbers in
# the page's data against the truth, the thread table the DOM shows,
# the --thread page (the picked thread's alone), and the trees' shared
# bound (wide's stacks over 4 threads: 5,000 nodes each).  A
# screenshot of a thread picked is kept as build/view-html/thread.png.
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
awk -v prog="$out/prog" -v threads=1 -f "$here/mkspec.awk" >"$out/threads.spec"
awk -v prog="$out/prog" -v threads=1 -v wide=1 -f "$here/mkspec.awk" \
	>"$out/wthreads.spec"
{
	grep -v '^stack' "$out/big.spec"
	echo "hist 0 work 100"
	echo noside
} >"$out/none.spec"
for p in big wide none deep threads wthreads; do
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
if ! (cd "$out" && "$GPROF" --format=html --thread=worker-1 \
	--output=pick.html prog threads.gmon) 2>"$out/pick.err" ||
	[ -s "$out/pick.err" ]; then
	fail view-html/gprof-pick "$(head -n 1 "$out/pick.err")"
fi

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
static threads "$out/threads.html" 3

# The threads' data in the page, against mkspec.awk's truth: the rows,
# each one's functions (self and total samples), its flame tree (root =
# its stack samples, worker-1's [truncated] 50), the run's window.
if python3 - "$out/threads.html" >"$out/threads.check" 2>&1 <<'EOF'; then
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
def data(id):
    m = re.search(r'<script type="application/json" id="%s">\n(.*?)</script>' % id,
                  page, re.S)
    return json.loads(m.group(1))
d, fl = data("gprof-data"), data("gprof-flame")
name = {f["id"]: f["name"] for f in d["functions"]}
bad = []
want = {  # name: tid, stack samples, {function: (self, total)}
    "main": (4000, 3, {"main": (3, 3)}),
    "parser": (4001, 400, {"work": (400, 400), "cheap": (0, 300),
                           "rec": (0, 100), "main": (0, 400)}),
    "worker-1": (4002, 650, {"work": (650, 650), "dear": (0, 650),
                             "main": (0, 600)}),
    "worker-2": (4003, 1000, {"work": (1000, 1000), "dear": (0, 900),
                              "cheap": (0, 100), "main": (0, 1000)}),
}
rows = {t["name"]: t for t in d["threads"]}
if sorted(rows) != sorted(want) or len(d["threads"]) != 4:
    bad.append("threads %s" % sorted(rows))
trees = {t["index"]: t for t in fl.get("threads", [])}
for n, (tid, ss, fns) in want.items():
    t = rows.get(n)
    if t is None:
        continue
    got = {name[e["id"]]: (e["self_samples"], e["total_samples"]) for e in t["functions"]}
    if (t["tid"], t["stack_samples"], got) != (tid, ss, fns):
        bad.append("%s: tid %d, %d stack samples, %s" % (n, t["tid"], t["stack_samples"], got))
    tr = trees.get(t["index"])
    if tr is None or tr["node_samples"][0] != ss or tr["samples"] != ss:
        bad.append("%s: flame tree %s" % (n, tr and tr["node_samples"][:1]))
    elif n == "worker-1":
        kids = [(fl["names"][tr["name"][i]], tr["node_samples"][i])
                for i in range(1, len(tr["parent"])) if tr["parent"][i] == 0]
        if sorted(kids) != [("[truncated]", 50), ("main", 600)]:
            bad.append("worker-1's tree below the root: %s" % kids)
if fl["node_samples"][0] != 2073 or d["profile"]["stack_samples"] != 2073:
    bad.append("the whole tree's root %d, want 2073" % fl["node_samples"][0])
if d["profile"].get("window") != {"start_ns": 1796000000000000000,
                                   "end_ns": 1796000001500000000, "seq": 2,
                                   "snapshot": True}:
    bad.append("window %s" % d["profile"].get("window"))
print("; ".join(bad))
sys.exit(1 if bad else 0)
EOF
	pass view-html/threads-data
else
	fail view-html/threads-data "$(head -n 1 "$out/threads.check")"
fi

# The threads' trees share the bound: 4 threads, 5,000 nodes each.
if python3 - "$out/wthreads.html" >"$out/wthreads.check" 2>&1 <<'EOF'; then
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<script type="application/json" id="gprof-flame">\n(.*?)</script>',
              page, re.S)
fl = json.loads(m.group(1))
other = fl["names"].index("[other]")
bad = []
if len(fl.get("threads", [])) != 4:
    bad.append("%d thread trees, want 4" % len(fl.get("threads", [])))
for t in fl.get("threads", []):
    kept = len(t["parent"]) - 1 - t["name"].count(other)
    if t["max_nodes"] != 5000 or not 3000 <= kept <= 5000 or t["nodes_full"] <= 5000:
        bad.append("thread %d: %d nodes kept of %d, bound %d" %
                   (t["index"], kept, t["nodes_full"], t["max_nodes"]))
print("; ".join(bad))
sys.exit(1 if bad else 0)
EOF
	pass view-html/threads-bound
else
	fail view-html/threads-bound "$(head -n 1 "$out/wthreads.check")"
fi
size=$(wc -c <"$out/wthreads.html")
assert "view-html/size-wthreads ($size bytes)" "page of $size bytes, want under 2 MB" \
	test "$size" -lt 2000000

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
# Threads: the page starts on worker-1 (thread 3) and checks itself; the
# thread table as drawn, busiest first, shares of all 2,053 samples.
if load threads "thread=3&fn=2&selftest" thread-all; then
	_rows=$(awk '{ i = index($0, "<script") } i { print substr($0, 1, i - 1); exit } { print }' \
		"$out/threads.dom" | grep -o '<tr data-index="[0-9]*"[^>]*><td class="num">[0-9]*</td><td>\(<a[^>]*>\)\?[^<]*' |
		sed 's/<[^>]*>/ /g' | awk '{ print $1, $2 }' | tr '\n' ' ')
	assert "view-html/thread-table" "rows drawn: $_rows" \
		test "$_rows" = "4003 worker-2 4002 worker-1 4001 parser 4000 main "
	assert view-html/thread-share "worker-2's share and calls not 48.7% and 201" \
		grep -q '<td class="num">48\.7%</td><td class="num">201</td>' "$out/threads.dom"
	rm -f "$out/thread.png"
	timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu \
		--no-first-run --user-data-dir="$chrome_profile" \
		--window-size=1400,1800 --virtual-time-budget=5000 \
		--screenshot="$out/thread.png" "file://$out/threads.html#thread=3&fn=2" \
		>/dev/null 2>&1
fi
# --thread=worker-1: the page is that thread's; it says so, and offers it.
if [ -s "$out/pick.html" ] && load pick "fn=2&selftest" thread-all; then
	assert view-html/pick-says "the page does not name --thread's pick" \
		grep -qF -e "s pick (worker-1): every number on this page is theirs" "$out/pick.dom"
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
