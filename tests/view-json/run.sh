#!/bin/sh
# tests/view-json/run.sh - --format=json and --format=html.
#
# JSON: every document validates against docs/gprof-profile.schema.json
# (python3-jsonschema, draft 2020-12), and flat.jq + flat.awk rebuild
# the flat profile from the document alone, byte for byte equal to our
# `gprof -b -p` (C++ names, cycles, two summed files, -z, a 100,000-
# function profile, a profile with per-thread records and --thread).  Names with bytes that are not UTF-8, control
# characters and "</script>" still give valid JSON and a working page.
#
# HTML: headless Chromium loads each page with "#fn=ID&selftest"; the
# page's own checks (report.js: row count, drawn rows, sorting,
# filtering, deep link, navigation to a callee and back, cycles, no
# resource loaded, no console error or policy violation) write PASS/
# FAIL lines into the DOM, which --dump-dom returns.  A screenshot is
# kept as build/view-json/report.png.  Without Chromium (or when it
# cannot start here) those cases SKIP with the reason.
#
# Environment: GPROF, BUILD; CHROMIUM names the browser (default:
# chromium, chromium-browser or google-chrome from the PATH).
set -u
GPROF=${GPROF:?GPROF must name our gprof}
BUILD=${BUILD:?BUILD must name the build directory}
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/tests/view-json
schema=$top/docs/gprof-profile.schema.json
work=$BUILD/view-json
rm -rf "$work"
mkdir -p "$work" || exit 1
cp -R "$top/tests/golden/inputs" "$work/in" || exit 1
in=$work/in
. "$top/tests/lib.sh"

# ---- tools ----
PY=
for p in /usr/bin/python3 python3; do
	if "$p" -c 'import jsonschema' 2>/dev/null; then
		PY=$p
		break
	fi
done
find_chromium "$work"

# validate NAME FILE: the document against the schema.
validate() {
	if [ -z "$PY" ]; then
		skip "view-json/schema-$1" "no python3 with jsonschema (scripts/ensure-deps.sh test installs python3-jsonschema)"
		return
	fi
	if "$PY" - "$2" "$schema" >"$work/$1.schema.txt" 2>&1 <<'EOF'; then
import json, sys, jsonschema
doc = json.load(open(sys.argv[1], encoding="utf-8"))
schema = json.load(open(sys.argv[2], encoding="utf-8"))
jsonschema.Draft202012Validator.check_schema(schema)
jsonschema.Draft202012Validator(schema).validate(doc)
EOF
		pass "view-json/schema-$1"
	else
		fail "view-json/schema-$1" "$(tail -n 3 "$work/$1.schema.txt" | tr '\n' ' ')"
	fi
}

# flat NAME FILE ARGS...: flat.jq + flat.awk on FILE equal -b -p ARGS.
flat() {
	_n=$1 _f=$2
	shift 2
	(cd "$in" && "$GPROF" -b -p "$@") >"$work/$_n.p.txt" 2>/dev/null
	if ! jq -r -f "$here/flat.jq" "$_f" >"$work/$_n.tsv" 2>"$work/$_n.jq.err"; then
		fail "view-json/flat-$_n" "jq: $(head -n 1 "$work/$_n.jq.err")"
	elif ! awk -f "$here/flat.awk" "$work/$_n.tsv" >"$work/$_n.flat.txt"; then
		fail "view-json/flat-$_n" "awk failed"
	elif ! cmp -s "$work/$_n.flat.txt" "$work/$_n.p.txt"; then
		fail "view-json/flat-$_n" "rebuilt flat profile differs from -b -p"
		diff "$work/$_n.flat.txt" "$work/$_n.p.txt" | head -5
	elif [ "$(wc -l <"$work/$_n.p.txt")" -lt 6 ]; then
		fail "view-json/flat-$_n" "the flat profile has no rows"
	else
		pass "view-json/flat-$_n"
	fi
}

# html NAME FILE HASH: the page's self-test in Chromium.
html() {
	_n=$1 _f=$2 _h=$3
	if [ -n "$chrome_why" ]; then
		skip "view-json/html-$_n" "$chrome_why"
		return
	fi
	# Static promises first: nothing fetched, the data cannot end early.
	if grep -q 'src=\|https\?://' "$_f"; then
		fail "view-json/html-$_n" "the page refers to something outside it"
		return
	fi
	# With sampled stacks, a third element: the flame tree's data.
	_want=2
	grep -q '<script type="application/json" id="gprof-flame">' "$_f" && _want=3
	if [ "$(grep -c '</script>' "$_f")" != "$_want" ]; then
		fail "view-json/html-$_n" "want exactly $_want </script> (data, code)"
		return
	fi
	if ! chrome_selftest "file://$_f#$_h&selftest" "$work/$_n.dom" \
		"$work/$_n.selftest"; then
		skip "view-json/html-$_n" "$chrome_why"
	elif ! grep -q '^DONE' "$work/$_n.selftest"; then
		fail "view-json/html-$_n" "the self-test did not finish"
	elif grep -q '^FAIL' "$work/$_n.selftest"; then
		fail "view-json/html-$_n" "$(grep '^FAIL' "$work/$_n.selftest" | tr '\n' ' ')"
	elif [ "$(grep -c '^PASS' "$work/$_n.selftest")" -lt 12 ]; then
		fail "view-json/html-$_n" "only $(grep -c '^PASS' "$work/$_n.selftest") checks ran"
	else
		pass "view-json/html-$_n ($(grep -c '^PASS' "$work/$_n.selftest") checks)"
	fi
}

# one NAME HASH ARGS...: JSON (schema, flat) and HTML of ARGS.
one() {
	_name=$1 _hash=$2
	shift 2
	if ! (cd "$in" && "$GPROF" --format=json "$@") >"$work/$_name.json" 2>"$work/$_name.err"; then
		fail "view-json/json-$_name" "$(head -n 1 "$work/$_name.err")"
		return
	fi
	validate "$_name" "$work/$_name.json"
	flat "$_name" "$work/$_name.json" "$@"
	if ! (cd "$in" && "$GPROF" --format=html --output="$work/$_name.html" "$@") 2>"$work/$_name.err"; then
		fail "view-json/html-$_name" "$(head -n 1 "$work/$_name.err")"
		return
	fi
	html "$_name" "$work/$_name.html" "$_hash"
}

one recur fn=1 recur recur.syn
one recur-real fn=3 recur recur.gmon
one hot fn=2 hot hot.syn
one hot-two fn=2 hot hot.syn hot.syn2
one hot-real fn=2 hot hot.gmon
one cxx fn=4 cxx cxx.syn
one multi fn=2 multi multi.gmon
one recur-zeros fn=1 -z recur recur.syn
one hot-zeros fn=0 -z hot hot.syn

# Threads (issue 29): a profile with our collector's per-thread records
# (tests/input-objects/mkprof.py writes them, the truth exact): the document's
# threads, each one's functions and arcs from its stacks, the window,
# and --thread's thread_selection, valid against the schema (which still
# takes every document above, without them, and refuses a thread with a
# member it does not know); the page's thread selector checks itself.
cat >"$work/threads.spec" <<EOF
exe $in/recur
rate 1000
arc 0 main 0 driver 1
arc 0 driver 0 fact 10
arc 0 fact 0 fact 90
arc 0 driver 0 ping 5
arc 0 ping 0 pong 50
thread 1 main tid=500 calls=1 cpu=2000000 samples=2 flags=main+live first=1796000000000000000 last=1796000001500000000
thread 2 calc tid=501 calls=100 cpu=30000000 samples=30 first=1796000000100000000 last=1796000001000000000
thread 3 pinger tid=502 calls=55 cpu=20000000 samples=20 first=1796000000200000000 last=1796000001100000000
threadarc 1 0 main 0 driver 1
threadarc 2 0 driver 0 fact 10
threadarc 2 0 fact 0 fact 90
threadarc 3 0 driver 0 ping 5
threadarc 3 0 ping 0 pong 50
stack 2 owner=1 driver main
stack 20 owner=2 fact fact driver main
stack 10 owner=2 fact driver main
stack 12 owner=3 pong ping driver main
stack 8 owner=3 ping driver main
stack 3 main
window 1796000000000000000 1796000001500000000 3 snapshot=1
EOF
if python3 "$top/tests/input-objects/mkprof.py" "$in/threads.gmon" "$work/threads.spec" \
	2>"$work/threads.mk.err"; then
	one threads "thread=2&fn=1" recur threads.gmon
	one threads-pick fn=1 --thread=calc recur threads.gmon
	expect view-json/json-threads --empty python3 "$here/threads.py" \
		"$work/threads.json" "$work/threads-pick.json"
	# The schema refuses a thread it does not describe.
	sed 's/"busiest_samples":/"busiest_sample":/' "$work/threads.json" \
		>"$work/threads-bad.json"
	if [ -n "$PY" ] && "$PY" - "$work/threads-bad.json" "$schema" \
		>"$work/threads-bad.txt" 2>&1 <<'EOF'; then
import json, sys, jsonschema
jsonschema.Draft202012Validator(json.load(open(sys.argv[2]))).validate(
    json.load(open(sys.argv[1])))
EOF
		fail view-json/schema-threads-strict "a thread with an unknown member passed"
	elif [ -n "$PY" ]; then
		pass view-json/schema-threads-strict
	fi
else
	fail view-json/threads "mkprof.py: $(head -n 1 "$work/threads.mk.err")"
fi

# Names no report would print as they are: bytes that are not UTF-8,
# a surrogate, a control character, quotes, backslashes, </script>.
nm "$in/recur" | awk '$2 == "T" || $2 == "t"' >"$work/recur.nm"
awk 'BEGIN {
	bad["fact"] = "fa\377ct\001\"</script><!--"
	bad["is_even"] = "is_\355\240\200even\\"
	bad["ping"] = "p\303\251ng\342\202"
	bad["pong"] = "\300\257pong\364\220\200\200"
} { n = $3; if (n in bad) n = bad[n]; print $1, $2, n }' \
	"$work/recur.nm" >"$in/bad.nm"
if (cd "$in" && "$GPROF" -S bad.nm --format=json recur recur.syn) \
	>"$work/bad.json" 2>/dev/null; then
	validate bad-names "$work/bad.json"
	if "${PY:-python3}" - "$work/bad.json" <<'EOF'; then
import json, sys
raw = open(sys.argv[1], "rb").read()
raw.decode("utf-8")                       # strict: valid UTF-8
doc = json.loads(raw)
names = [f["name"] for f in doc["functions"]]
want = ['fa\ufffdct\x01"</script><!--', "is_\ufffd\ufffd\ufffdeven\\",
        "p\u00e9ng\ufffd\ufffd", "\ufffd\ufffdpong\ufffd\ufffd\ufffd\ufffd"]
missing = [w for w in want if w not in names]
assert not missing, missing
EOF
		pass "view-json/json-escaping"
	else
		fail "view-json/json-escaping" "names not escaped as documented"
	fi
	(cd "$in" && "$GPROF" -S bad.nm --format=html recur recur.syn) \
		>"$work/bad.html" 2>/dev/null
	if grep -q '<!--\|fa.ct[^"]*</script>' "$work/bad.html"; then
		fail "view-json/html-escaping" "a name ends the data element"
	else
		pass "view-json/html-escaping"
	fi
	html bad-names "$work/bad.html" "fn=3"
else
	fail "view-json/json-escaping" "gprof -S failed"
fi

# No histogram: times are unknown, written as null, never NaN.
printf 'arc 0x401239 0x4011a6 5\n' >"$work/arcs.spec"
if "$BUILD/mkgmon" -o "$in/arcs.gmon" "$work/arcs.spec" 2>/dev/null &&
	(cd "$in" && "$GPROF" --format=json recur arcs.gmon) \
		>"$work/arcs.json" 2>/dev/null; then
	validate no-histogram "$work/arcs.json"
	if grep -qi 'nan\|inf' "$work/arcs.json" ||
		! grep -q '"self_seconds":null' "$work/arcs.json"; then
		fail "view-json/json-no-rate" "seconds are not null"
	else
		pass "view-json/json-no-rate"
	fi
else
	fail "view-json/json-no-rate" "cannot make or read the profile"
fi

# Call sites: inner() (inlined into outer_small) calls mix() on line 26
# of hot.c; a raw gmon.out records the return address, gmon.sum the
# start of the line.
sites() {
	jq -r '.functions as $f | .arcs[]
		| select($f[.caller].name == "outer_small" and $f[.callee].name == "mix")
		| .call_sites[] | "\(.line) \(.file | split("/") | last) \(.count)"' "$1"
}
(cd "$in" && "$GPROF" -s hot hot.gmon && mv gmon.sum hot.sum) 2>/dev/null
(cd "$in" && "$GPROF" --format=json hot hot.sum) >"$work/hot-sum.json" 2>/dev/null
got_raw=$(sites "$work/hot-real.json")
got_sum=$(sites "$work/hot-sum.json")
if [ "$got_raw" = "26 hot.c 2000" ] && [ "$got_sum" = "26 hot.c 2000" ]; then
	pass "view-json/json-call-sites"
else
	fail "view-json/json-call-sites" "raw '$got_raw', gmon.sum '$got_sum', want '26 hot.c 2000'"
fi

# An unknown format is refused, naming the known ones.
expect_error view-json/unknown-format "$in" "unknown format 'xml'" \
	--format=xml recur recur.syn

# --output writes the same document as standard output.
(cd "$in" && "$GPROF" --format=json --output="$work/out.json" recur recur.syn) 2>/dev/null
if cmp -s "$work/out.json" "$work/recur.json"; then
	pass "view-json/output-file"
else
	fail "view-json/output-file" "--output differs from stdout"
fi

# The embedded page is what src/html/ holds (tools/embed.sh is rerun).
if (cd "$top" && sh tools/embed.sh "$work/assets.inc" \
	html_css="src/html/report.css" html_common_js="src/html/common.js" \
	html_js="src/html/report.js") \
	2>"$work/embed.err" </dev/null && cmp -s "$work/assets.inc" "$top/src/html/assets.inc"; then
	pass "view-json/assets-current"
else
	fail "view-json/assets-current" "src/html/assets.inc is stale (make rebuilds it)"
fi

# 100,000 functions (an nm table and a synthetic profile): the page
# must still load, sort, filter and navigate (it draws only the rows
# in view).
awk 'BEGIN { for (i = 0; i < 100000; i++)
	printf "%016x T fn_%d\n", 16777216 + 16 * i, i }' >"$in/big.nm"
awk 'BEGIN { n = 100000; b = 16777216
	printf "hist %d %d %d\n", b, b + 16 * n, 8 * n
	for (i = 0; i < n; i++) if (i % 3) printf "bin %d %d\n", 8 * i + 1, i % 13 + 1
	for (i = 0; i + 1 < n; i++) printf "arc %d %d %d\n", b + 16 * i + 4, b + 16 * (i + 1), i % 50 + 1
	for (i = 0; i + 7 < n; i += 7) printf "arc %d %d 3\n", b + 16 * (i + 7) + 6, b + 16 * i
}' >"$work/big.spec"
if "$BUILD/mkgmon" -o "$in/big.gmon" "$work/big.spec" 2>/dev/null; then
	one big fn=5 -S big.nm recur big.gmon
else
	fail "view-json/json-big" "mkgmon failed"
fi

# Shares never above 100 % in our views (issue 18, defect 9).  A
# histogram over [0x1000, 0x1006) in 2 bins has a scale of 1.5 units
# per bin, and bin 1 spans 2 units, all in hot(): GNU's charging
# credits it 100 x 2 / 1.5 = 133.33 samples of the 100 there are, and
# GNU's flat profile (ours too, -b -p) shows hot at 133.33 %.  The JSON
# document keeps GNU's numbers (total_samples 100, its schema says how
# to take a share); the page's "% time" column never passes 100, nor do
# the DOT's percentages; errorbars' total is the sum of what it lists.
printf '%016x T hot\n%016x T cold\n%016x T main\n' 4096 4112 4352 >"$in/slip.nm"
printf 'hist 0x1000 0x1006 2\nbin 1 100\narc 0x1104 0x1000 3\n' >"$work/slip.spec"
if "$BUILD/mkgmon" -o "$in/slip.gmon" "$work/slip.spec" 2>/dev/null &&
	(cd "$in" && "$GPROF" -b -p -S slip.nm recur slip.gmon) >"$work/slip.txt" 2>/dev/null &&
	(cd "$in" && "$GPROF" --format=json -S slip.nm recur slip.gmon) >"$work/slip.json" 2>/dev/null &&
	(cd "$in" && "$GPROF" --format=html -S slip.nm recur slip.gmon) >"$work/slip.html" 2>/dev/null &&
	(cd "$in" && "$GPROF" --format=dot --node-threshold=0 --edge-threshold=0 \
		-S slip.nm recur slip.gmon) >"$work/slip.dot" 2>/dev/null &&
	(cd "$in" && "$GPROF" --format=errorbars -S slip.nm recur slip.gmon) >"$work/slip.eb" 2>/dev/null; then
	# Text and JSON keep GNU's 133.33 of 100.
	assert view-json/share-slip-gnu \
		"GNU's numbers are gone from the text or the JSON" \
		sh -c 'grep -q "^133\.33 " "$1" &&
			grep -q "\"total_samples\":100," "$2" &&
			grep -q "\"self_samples\":133\.3" "$2"' \
		sh "$work/slip.txt" "$work/slip.json"
	# The page's rows as drawn: the first column is "% time".
	html share-slip "$work/slip.html" "fn=0"
	if [ -s "$work/share-slip.dom" ]; then
		pcts=$(grep -o 'data-id="[0-9]*"><div class="num">[0-9.]*<' "$work/share-slip.dom" |
			sed 's/.*"num">//; s/<$//')
		over=$(printf '%s\n' "$pcts" | awk '$1 > 100' | head -1)
		if [ -n "$pcts" ] && [ -z "$over" ]; then
			pass "view-json/share-slip-html ($(printf "%s " "$pcts" | tr "\n" " "))"
		else
			fail view-json/share-slip-html "${over:-no}% time in the page"
		fi
	fi
	over=$(grep -o '[0-9.]*%' "$work/slip.dot" | tr -d % | awk '$1 > 100' | head -1)
	if [ -z "$over" ] && grep -q '%' "$work/slip.dot"; then
		pass view-json/share-slip-dot
	else
		fail view-json/share-slip-dot "${over:-no}% in the graph"
	fi
	assert view-json/share-slip-errorbars \
		"a function has more than all samples" \
		awk '/samples in all/ { total = $(NF - 3) } /^ +[0-9.]+ / { if ($1 > total + 1e-9) bad = 1; n++ }
		END { exit !(n > 0 && !bad) }' "$work/slip.eb"
else
	fail view-json/share-slip "cannot make or read the profile"
fi

# A screenshot of a page with a function selected, for people to look at.
if [ -z "$chrome_why" ] && [ -s "$work/recur.html" ]; then
	rm -f "$work/report.png"
	timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu \
		--no-first-run --user-data-dir="$work/chrome-profile" \
		--window-size=1400,1000 --virtual-time-budget=5000 \
		--screenshot="$work/report.png" "file://$work/cxx.html#fn=4" \
		>/dev/null 2>&1
	if [ -s "$work/report.png" ]; then
		pass "view-json/screenshot ($work/report.png)"
	else
		fail "view-json/screenshot" "no PNG written"
	fi
fi
exit 0
