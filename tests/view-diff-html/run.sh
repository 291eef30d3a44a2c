#!/bin/sh
# tests/view-diff-html/run.sh - --diff=BASE --format=html, the profile diff
# as one page.
#
# Two synthetic profiles of examples/demo.c (tools/mkgmon, exact sample
# counts): one function's self time grows far beyond noise, one shrinks,
# one moves within noise, one is only in the base, one only in the new
# profile, and some call counts change by one.  The page's embedded
# document must equal `--diff --format=json` (parsed, so only the
# escaping of < > & differs), and the page must refer to nothing
# outside itself.  Headless Chromium then loads it with "#selftest"
# (and with "#fn=NAME&selftest"); the page's own checks (diff.js: row
# count, default order by significance, marks and error bars, sorting
# by delta calls, delta and name, filtering, a deep link, selection by
# name and by index, no resource loaded, no console error or policy
# violation) write PASS/FAIL and INFO lines into the DOM, which
# --dump-dom returns; this script compares the row count and the first
# row with the text diff, and the function shown after a deep link with
# the link.  Also: --fail-on-regression still writes the whole page and
# exits 1; a base export with a function named "</script><img ...>"
# still gives a working page with nothing injected; an empty diff gives
# a page with no rows; 300 functions (the table draws a screenful, a
# link to the last row scrolls to it); --diff-normalize (shares); a
# base without a histogram (unknown times); src/html/diff_assets.inc is
# current; other formats are still refused with --diff.
# Without Chromium (or when it cannot start here) the browser cases
# SKIP with the reason.
#
# Environment: GPROF, BUILD (absolute); CHROMIUM names the browser
# (default: chromium, chromium-browser or google-chrome from the PATH).
. "$(dirname "$0")/../lib.sh"
t_suite view-diff-html
MKGMON=$BUILD/mkgmon


# ---- tools ----
find_chromium "$out"
PY=
command -v python3 >/dev/null 2>&1 && PY=python3

# ---- the program and its profiles ----
build_demo view-diff-html "$out" || exit 0
if [ ! -x "$MKGMON" ]; then
	fail view-diff-html/build "no $MKGMON (make builds it)"
	exit 0
fi

# synth FILE "FN=SAMPLES..." "CALLER>CALLEE=COUNT...": a profile of the
# demo at 100 Hz (demo_synth, tests/lib.sh).
synth() {
	demo_synth "$out/demo" "$1" 100 "$2" "$3"
}

# mix: 100 -> 300 samples (grows, significant); checksum: 200 -> 60
# (shrinks, significant); is_even: 50 -> 55 (noise); is_odd: only in
# the base; main: only in the new profile.  Calls: checksum>mix +1,
# main>is_even +100.
synth "$out/a.gmon" "mix=100 checksum=200 is_even=50 is_odd=20" \
	"main>mix=200 main>checksum=400 checksum>mix=25600 main>is_even=400 is_even>is_odd=7"
synth "$out/b.gmon" "mix=300 checksum=60 is_even=55 main=30" \
	"main>mix=200 main>checksum=400 checksum>mix=25601 main>is_even=500"

# run NAME ARGS...: our gprof in $out; stdout NAME.out, stderr NAME.err,
# status in $rc.
run() {
	run_gprof "$out" "$@"
}

# text_names FILE: the function names of a text diff, in its order.
text_names() {
	awk 'started && NF { print } /^ *base s / { started = 1 }' "$1" |
		cut -c92- | sed -e 's/ \[only in [a-z]*\]$//' -e 's/ (.*)$//'
}

# embedded HTML JSON: the page's gprof-diff document equals JSON's.
embedded() {
	if [ -z "$PY" ]; then
		skip "view-diff-html/$3" "no python3 to compare the documents"
		return
	fi
	if "$PY" - "$1" "$2" >"$out/$3.cmp" 2>&1 <<'EOF'; then
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<script type="application/json" id="gprof-diff-data">(.*?)</script>', page, re.S)
assert m, "no data element"
assert "<" not in m.group(1), "a raw < in the data"
got = json.loads(m.group(1))
want = json.load(open(sys.argv[2], encoding="utf-8"))
assert got == want, "documents differ"
assert got["format"] == "gprof-diff" and got["version"] == 1
EOF
		pass "view-diff-html/$3"
	else
		fail "view-diff-html/$3" "$(tail -n 1 "$out/$3.cmp")"
	fi
}

# browse NAME FILE HASH: the page's self-test in Chromium, into
# $out/NAME.selftest (and NAME.dom); returns 1 (with a SKIP or FAIL
# line) unless every check passed.
browse() {
	_n=$1 _f=$2 _h=$3
	if [ -n "$chrome_why" ]; then
		skip "view-diff-html/$_n" "$chrome_why"
		return 1
	fi
	if ! chrome_selftest "file://$_f#$_h" "$out/$_n.dom" "$out/$_n.selftest"; then
		skip "view-diff-html/$_n" "$chrome_why"
		return 1
	elif ! grep -q '^DONE' "$out/$_n.selftest"; then
		fail "view-diff-html/$_n" "the self-test did not finish"
		return 1
	elif grep -q '^FAIL' "$out/$_n.selftest"; then
		fail "view-diff-html/$_n" "$(grep '^FAIL' "$out/$_n.selftest" | tr '\n' ' ')"
		return 1
	elif [ "$(grep -c '^PASS' "$out/$_n.selftest")" -lt 12 ]; then
		fail "view-diff-html/$_n" "only $(grep -c '^PASS' "$out/$_n.selftest") checks ran"
		return 1
	fi
	pass "view-diff-html/$_n ($(grep -c '^PASS' "$out/$_n.selftest") checks)"
}

# shown_name DOM: the name in the detail panel (not in the script's
# source, which the DOM holds too).
shown_name() {
	grep -o '<h2 id="detail-name">[^<'"'"'"+]*</h2>' "$1" | head -n 1 |
		sed 's/<h2 id="detail-name">//; s|</h2>||'
}

# info NAME KEY: the page's "INFO KEY value" line's value.
info() {
	sed -n "s/^INFO $2 //p" "$out/$1.selftest" | head -n 1
}

# ---- the diff as text, JSON and HTML ----
run text --diff=a.gmon demo b.gmon
text_names "$out/text.out" >"$out/names.txt"
nrows=$(wc -l <"$out/names.txt")
first=$(head -n 1 "$out/names.txt")
# Sanity of the inputs themselves: every kind of row is there.
if [ $rc -ne 0 ] || [ "$nrows" -ne 5 ] || [ "$first" != mix ] ||
	! grep -q 'is_odd \[only in base\]$' "$out/text.out" ||
	! grep -q 'main \[only in this\]$' "$out/text.out"; then
	fail view-diff-html/text "exit $rc, $nrows rows, first '$first' (want 5 rows, mix first, both only-in marks)"
else
	pass view-diff-html/text
fi
run json --diff=a.gmon --format=json demo b.gmon
run page --diff=a.gmon --format=html --output=diff.html demo b.gmon
page=$out/diff.html
if [ $rc -ne 0 ] || [ -s "$out/page.out" ] || [ -s "$out/page.err" ] ||
	[ ! -s "$page" ]; then
	fail view-diff-html/page "exit $rc, or output on stdout/stderr, or no page"
elif grep -q 'src=\|https\?://' "$page"; then
	fail view-diff-html/page "the page refers to something outside it"
elif [ "$(grep -c '</script>' "$page")" != 2 ]; then
	fail view-diff-html/page "want exactly 2 </script> (data, code)"
elif [ "$(tail -n 1 "$page")" != "</html>" ]; then
	fail view-diff-html/page "the page does not end with </html>"
else
	pass view-diff-html/page
fi
embedded "$page" "$out/json.out" page-data
# Standard output too, the same bytes.
run stdout --diff=a.gmon --format=html demo b.gmon
if [ $rc -eq 0 ] && cmp -s "$out/stdout.out" "$page"; then
	pass view-diff-html/page-stdout
else
	fail view-diff-html/page-stdout "exit $rc, or stdout differs from --output"
fi

# ---- in the browser ----
if browse selftest "$page" selftest; then
	got_rows=$(info selftest rows)
	got_first=$(info selftest first)
	dom_rows=$(grep -o '<div class="row[ "][^>]*data-id=' "$out/selftest.dom" | wc -l)
	dom_first=$(grep -o '<div class="row[^>]*data-name="[^"]*"' "$out/selftest.dom" |
		head -n 1 | sed 's/.*data-name="//; s/"$//')
	if [ "$got_rows" = "$nrows" ] && [ "$dom_rows" -eq "$nrows" ]; then
		pass view-diff-html/rows-match-text
	else
		fail view-diff-html/rows-match-text "page $got_rows rows ($dom_rows drawn), text diff $nrows"
	fi
	if [ "$got_first" = "$first" ] && [ "$dom_first" = "$first" ]; then
		pass view-diff-html/first-is-most-significant
	else
		fail view-diff-html/first-is-most-significant "page first '$got_first' (drawn '$dom_first'), text diff '$first'"
	fi
	# The only-in marks as the text diff has them.
	if grep -q 'data-name="is_odd".*\[only in base\]' "$out/selftest.dom" &&
		grep -q 'data-name="main".*\[only in this\]' "$out/selftest.dom"; then
		pass view-diff-html/only-marks
	else
		fail view-diff-html/only-marks "no [only in base] on is_odd or [only in this] on main"
	fi
fi
# A deep link to the third function of the text diff, by name.
third=$(sed -n 3p "$out/names.txt")
if browse deep-link "$page" "fn=$third&selftest"; then
	shown=$(shown_name "$out/deep-link.dom")
	if grep -q '^PASS deep-link' "$out/deep-link.selftest" &&
		[ "$shown" = "$third" ] &&
		grep -q "class=\"row[^\"]*selected[^\"]*\" data-id=\"2\"" "$out/deep-link.dom"; then
		pass view-diff-html/deep-link-shows
	else
		fail view-diff-html/deep-link-shows "shows '$shown', want '$third' (row 2 selected)"
	fi
fi
# By index.
if browse deep-link-id "$page" "id=1&selftest"; then
	shown=$(shown_name "$out/deep-link-id.dom")
	if [ "$shown" = "$(sed -n 2p "$out/names.txt")" ]; then
		pass view-diff-html/deep-link-id-shows
	else
		fail view-diff-html/deep-link-id-shows "shows '$shown', want the second function"
	fi
fi

# ---- --fail-on-regression ----
run fail --diff=a.gmon --format=html --fail-on-regression=50 \
	--output=fail.html demo b.gmon
if [ $rc -eq 1 ] && grep -q 'gprof: .*main grew from nothing' "$out/fail.err" &&
	[ "$(tail -n 1 "$out/fail.html")" = "</html>" ] &&
	grep -q '"regression":{"threshold_pct":50,"worst":"main"}' "$out/fail.html"; then
	pass view-diff-html/fail-on-regression
else
	fail view-diff-html/fail-on-regression "exit $rc (want 1), or the page is not whole or lacks the verdict: $(head -n 1 "$out/fail.err")"
fi
if browse fail-page "$out/fail.html" selftest; then
	if grep -q 'class="row selected regress\|class="row regress' "$out/fail-page.dom"; then
		pass view-diff-html/regression-marked
	else
		fail view-diff-html/regression-marked "no row marked as a regression"
	fi
fi
# c: mix grows by 50 % (significant), the rest as in a: a regression
# beyond 20 %, none beyond 80 %.
synth "$out/c.gmon" "mix=150 checksum=200 is_even=50 is_odd=20" \
	"main>mix=200 main>checksum=400 checksum>mix=25600 main>is_even=400 is_even>is_odd=7"
run fail20 --diff=a.gmon --format=html --fail-on-regression=20 \
	--output=fail20.html demo c.gmon
if [ $rc -eq 1 ] && grep -q 'gprof: .*mix' "$out/fail20.err" &&
	grep -q '"worst":"mix"' "$out/fail20.html"; then
	pass view-diff-html/regression-20
else
	fail view-diff-html/regression-20 "exit $rc (want 1): $(head -n 1 "$out/fail20.err")"
fi
run nofail --diff=a.gmon --format=html --fail-on-regression=80 \
	--output=nofail.html demo c.gmon
if [ $rc -eq 0 ] && [ -s "$out/nofail.html" ] &&
	grep -q '"regression":{"threshold_pct":80,"worst":null}' "$out/nofail.html"; then
	pass view-diff-html/no-regression-80
else
	fail view-diff-html/no-regression-80 "exit $rc (want 0): $(head -n 1 "$out/nofail.err")"
fi

# ---- hostile names from a base export ----
run export --format=json --output=a.json demo a.gmon
sed 's|"is_odd"|"is_odd</script><img src=x onerror=alert(1)>\&amp;"|g' \
	"$out/a.json" >"$out/evil.json"
run evil --diff=evil.json --format=html --output=evil.html demo b.gmon
if [ $rc -ne 0 ]; then
	fail view-diff-html/evil-page "exit $rc: $(head -n 1 "$out/evil.err")"
elif grep -q '<img' "$out/evil.html" ||
	[ "$(grep -c '</script>' "$out/evil.html")" != 2 ]; then
	fail view-diff-html/evil-page "the name's markup reached the page"
else
	pass view-diff-html/evil-page
	if browse evil-selftest "$out/evil.html" selftest; then
		if grep -q 'data-name="is_odd&lt;/script&gt;&lt;img' "$out/evil-selftest.dom" &&
			! grep -q '<img' "$out/evil-selftest.dom"; then
			pass view-diff-html/evil-name-as-text
		else
			fail view-diff-html/evil-name-as-text "the name is not shown as text"
		fi
	fi
fi

# ---- an empty diff ----
run same --diff=a.gmon --format=html --output=same.html demo a.gmon
if [ $rc -eq 0 ] && grep -q '"functions":\[\]' "$out/same.html"; then
	pass view-diff-html/empty-page
	if browse empty-selftest "$out/same.html" selftest; then
		if [ "$(info empty-selftest rows)" = 0 ]; then
			pass view-diff-html/empty-rows
		else
			fail view-diff-html/empty-rows "$(info empty-selftest rows) rows"
		fi
	fi
else
	fail view-diff-html/empty-page "exit $rc, or functions not empty"
fi

# ---- 300 functions: the table draws a screenful ----
# base: f_i has 10 + i % 13 samples; this: i % 5 more (so a fifth are
# unchanged and not listed) and f_i with i % 40 == 0 fifty more.
if build_many view-diff-html "$out"; then
	nm "$out/many" | awk -v out="$out" \
		-v lo_hex="$(nm "$out/many" | awk '$3 == "_init" { print $1 }')" '
	function hex(s,  i, c, v) {
		v = 0
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	$3 ~ /^f[0-9]+$/ { a[substr($3, 2) + 0] = hex($1); if (hex($1) > hi) hi = hex($1) }
	END {
		lo = int(hex(lo_hex) / 16) * 16
		hi += 64
		for (side = 0; side < 2; side++) {
			f = out (side ? "/m2.spec" : "/m1.spec")
			printf "hist %d %d %d 100\n", lo, hi, (hi - lo) / 2 >f
			for (i = 0; i < 300; i++) {
				n = 10 + i % 13
				if (side) n += i % 5 + (i % 40 == 0 ? 50 : 0)
				printf "bin %d %d\n", (a[i] - lo) / 2, n >f
			}
		}
	}'
	if "$MKGMON" -o "$out/m1.gmon" "$out/m1.spec" &&
		"$MKGMON" -o "$out/m2.gmon" "$out/m2.spec"; then
		run many-text --diff=m1.gmon many m2.gmon
		text_names "$out/many-text.out" >"$out/many-names.txt"
		mrows=$(wc -l <"$out/many-names.txt")
		run many-page --diff=m1.gmon --format=html --output=many.html many m2.gmon
		if [ $rc -ne 0 ] || [ "$mrows" -lt 200 ]; then
			fail view-diff-html/many-page "exit $rc, $mrows rows in the text diff (want 240)"
		elif browse many-selftest "$out/many.html" selftest; then
			drawn=$(grep -o '<div class="row[ "][^>]*data-id=' "$out/many-selftest.dom" | wc -l)
			if [ "$(info many-selftest rows)" = "$mrows" ] &&
				[ "$(info many-selftest first)" = "$(head -n 1 "$out/many-names.txt")" ] &&
				[ "$drawn" -lt "$mrows" ]; then
				pass view-diff-html/many-rows
			else
				fail view-diff-html/many-rows "page $(info many-selftest rows) rows (first $(info many-selftest first), $drawn drawn), text $mrows (first $(head -n 1 "$out/many-names.txt"))"
			fi
			# A link to the last row scrolls it into view.
			last=$(tail -n 1 "$out/many-names.txt")
			if browse many-deep "$out/many.html" "fn=$last&selftest"; then
				if [ "$(shown_name "$out/many-deep.dom")" = "$last" ] &&
					grep -q "class=\"row[^\"]*selected[^\"]*\" data-id=\"$((mrows - 1))\"" "$out/many-deep.dom"; then
					pass view-diff-html/many-deep-link-scrolls
				else
					fail view-diff-html/many-deep-link-scrolls "'$last' not shown or its row not drawn"
				fi
			fi
		fi
	else
		fail view-diff-html/many-page "mkgmon refused the specs"
	fi
fi

# ---- --diff-normalize: shares ----
run share --diff=a.gmon --diff-normalize --format=html --output=share.html demo b.gmon
if [ $rc -eq 0 ] && grep -q '"compare":"shares"' "$out/share.html"; then
	pass view-diff-html/share-page
	if browse share-selftest "$out/share.html" selftest; then
		if grep -q 'data-key="delta"[^>]*>delta pp<' "$out/share-selftest.dom" &&
			grep -q 'data-key="base"[^>]*>base % (95%)<' "$out/share-selftest.dom"; then
			pass view-diff-html/share-units
		else
			fail view-diff-html/share-units "the headings do not say pp and %"
		fi
	fi
else
	fail view-diff-html/share-page "exit $rc"
fi

# ---- a base without a histogram: unknown times ----
synth "$out/arcs.gmon" "" "main>mix=200 main>checksum=400 checksum>mix=25600"
sed -i '/^hist /d' "$out/arcs.gmon.spec"
"$MKGMON" -o "$out/arcs.gmon" "$out/arcs.gmon.spec"
run nohist --diff=arcs.gmon --format=html --output=nohist.html demo b.gmon
if [ $rc -eq 0 ] && grep -q '"base_value":null' "$out/nohist.html"; then
	pass view-diff-html/nohist-page
	browse nohist-selftest "$out/nohist.html" "fn=mix&selftest"
else
	fail view-diff-html/nohist-page "exit $rc, or no unknown base value: $(head -n 1 "$out/nohist.err")"
fi

# ---- measured totals: both profiles with stacks ----
# mkprof.py (tests/input-objects) writes each profile with its side file's
# stacks: checksum's measured total 140 -> 80 samples (significant),
# main's 150 -> 200, is_even's 0 -> 50.
if [ -z "$PY" ]; then
	skip view-diff-html/measured-page "no python3 for tests/input-objects/mkprof.py"
else
	for s in s1 s2; do
		{
			echo "exe $out/demo"
			echo "arc 0 main 0 checksum 400"
			echo "arc 0 checksum 0 mix 25600"
			echo "arc 0 main 0 mix 200"
			echo "arc 0 main 0 is_even 400"
			if [ $s = s1 ]; then
				printf 'stack %s\n' "90 mix checksum main" \
					"10 mix main" "50 checksum main"
			else
				printf 'stack %s\n' "30 mix checksum main" \
					"70 mix main" "50 checksum main" "50 is_even main"
			fi
		} >"$out/$s.spec"
		"$PY" "$top/tests/input-objects/mkprof.py" "$out/$s.gmon" "$out/$s.spec"
	done
	run mtext --diff=s1.gmon demo s2.gmon
	run mjson --diff=s1.gmon --format=json demo s2.gmon
	run mpage --diff=s1.gmon --format=html --output=measured.html demo s2.gmon
	mfirst=$(awk 'started && NF { print $NF; exit } /^ *base s / { started = 1 }' "$out/mtext.out")
	if [ $rc -ne 0 ] || [ -s "$out/mpage.err" ] ||
		! grep -q '"measured":{"tested":4,"significant":3}' "$out/measured.html"; then
		fail view-diff-html/measured-page "exit $rc, or no measured totals in the page: $(head -n 1 "$out/mpage.err")"
	else
		pass view-diff-html/measured-page
		embedded "$out/measured.html" "$out/mjson.out" measured-data
		if browse measured-selftest "$out/measured.html" selftest; then
			if grep -q '^PASS measured-columns' "$out/measured-selftest.selftest" &&
				grep -q '^PASS filter-measured' "$out/measured-selftest.selftest" &&
				grep -q '^PASS sort-measured-delta' "$out/measured-selftest.selftest" &&
				[ "$(info measured-selftest first)" = "$mfirst" ] &&
				[ "$(info measured-selftest rows)" = 3 ]; then
				pass view-diff-html/measured-columns
			else
				fail view-diff-html/measured-columns "no measured checks, or first '$(info measured-selftest first)' (text: '$mfirst'), $(info measured-selftest rows) rows (want 3)"
			fi
		fi
		if browse measured-deep "$out/measured.html" "fn=checksum&selftest"; then
			if [ "$(shown_name "$out/measured-deep.dom")" = checksum ] &&
				grep -q '<dt>base total</dt><dd>1\.40 s (140 stack samples' "$out/measured-deep.dom" &&
				grep -q '<dt>this total</dt><dd>0\.80 s (80 stack samples' "$out/measured-deep.dom" &&
				grep -q '<dt>total change</dt><dd>-0\.60 s (-42\.9%).*<b class="down">significant</b>' "$out/measured-deep.dom"; then
				pass view-diff-html/measured-detail
			else
				fail view-diff-html/measured-detail "checksum's details lack its measured totals (see $out/measured-deep.dom)"
			fi
		fi
	fi
	# One side without stacks: the page of neither, byte for byte.
	mkdir -p "$out/nostk"
	cp "$out/demo" "$out/s1.gmon" "$out/s2.gmon" "$out/nostk/"
	(cd "$out/nostk" && "$GPROF" --diff=s1.gmon --format=html demo s2.gmon >none.html 2>none.err)
	cp "$out/s2.gmon.gmonx" "$out/nostk/"
	(cd "$out/nostk" && "$GPROF" --diff=s1.gmon --format=html demo s2.gmon >one.html 2>one.err)
	if [ -s "$out/nostk/none.html" ] && cmp -s "$out/nostk/none.html" "$out/nostk/one.html" &&
		! grep -q '"measured":{' "$out/nostk/one.html"; then
		pass view-diff-html/measured-one-side
	else
		fail view-diff-html/measured-one-side "the page changed when only one side has stacks"
	fi
fi

# ---- the embedded assets are current (fuzz/build.sh uses them as kept) ----
if sh "$top/tools/embed.sh" "$out/diff_assets.inc" \
	diff_page_base_css="$top/src/html/report.css" \
	diff_page_css="$top/src/html/diff.css" \
	diff_page_common_js="$top/src/html/common.js" \
	diff_page_js="$top/src/html/diff.js" \
	2>"$out/embed.err" </dev/null &&
	sed 1,6d "$out/diff_assets.inc" >"$out/diff_assets.got" &&
	sed 1,6d "$top/src/html/diff_assets.inc" >"$out/diff_assets.want" &&
	cmp -s "$out/diff_assets.got" "$out/diff_assets.want"; then
	pass view-diff-html/assets-current
else
	fail view-diff-html/assets-current "src/html/diff_assets.inc is stale (make rebuilds it)"
fi

# ---- still refused ----
expect_error view-diff-html/refuse-dot "$out" "--diff writes text or --format=json or --format=html" \
	--diff=a.gmon --format=dot demo b.gmon
