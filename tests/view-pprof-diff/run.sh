#!/bin/sh
# tests/view-pprof-diff/run.sh - --format=pprof, --format=errorbars and --diff.
#
# - pprof: decoded by the npm package pprof-format (installed into
#   $BUILD/npm when missing; SKIP when node or npm cannot be had), with
#   pprof's own invariants checked by pprof-dump.js; on synthetic
#   profiles (tools/mkgmon, exact sample counts) the whole dump is
#   compared, on a real run of examples/demo.c the sums are compared
#   with our -b -p flat profile (self seconds, calls) and the arcs with
#   -d's arc count.
# - errorbars: exact intervals for known counts (normal from 100
#   samples, Garwood below), and the self column against the flat
#   profile; --error-bars alone is refused (GNU's text stays GNU's).
# - diff: synthetic profiles with known counts: a doubling is flagged, a
#   30 % change at 100 samples is not, the same seconds at another rate
#   are equal, --diff-normalize compares shares, --fail-on-regression
#   sets the exit status after writing the whole report, JSON parses
#   and says the same, a --format=json export as the base gives the
#   same rows as the profile; bad uses and bad JSON give one clear
#   error.
# - measured totals (both sides with sampled stacks): profiles written
#   by tests/input-objects/mkprof.py with exact stacks (values, signs and the
#   test checked to the sample, text and JSON, a JSON base with and
#   without the measured members); one side without stacks gives the
#   same report as neither (byte for byte, JSON and HTML too) plus, in
#   text, the one line saying why; and split.c built with -pg and our
#   collector (build/libgmon.a), run twice with dear's share of the
#   work 20 % then 80 %: the measured delta has the right sign, is
#   significant, and its size is the truth's within 4.5 standard
#   deviations of the sample counts.
# The statistical properties (coverage, false positives) are unit tests
# (tests/unit/test_stats.c).
# Env: GPROF, BUILD (absolute).
. "$(dirname "$0")/../lib.sh"
t_suite view-pprof-diff
MKGMON="$BUILD/mkgmon"


# ---- programs ----
build_demo view-pprof-diff "$out" || exit 0
if ! (cd "$out" && ./demo >/dev/null && mv gmon.out demo.gmon); then
	fail view-pprof-diff/build "the demo wrote no profile"
	exit 0
fi

# addr NAME: the address of function NAME in the demo, in hex.
addr() {
	demo_addr "$out/demo" "$1"
}

# synth FILE RATE "FN=SAMPLES..." "CALLER>CALLEE=COUNT...": a profile of
# the demo (demo_synth, tests/lib.sh).
synth() {
	demo_synth "$out/demo" "$@"
}

arcs="main>mix=200 main>checksum=400 checksum>mix=25600 main>is_even=400"
synth "$out/a.gmon" 100 "mix=100 checksum=100 is_even=50" "$arcs"
synth "$out/b.gmon" 100 "mix=200 checksum=130 is_even=50" \
	"main>mix=200 main>checksum=400 checksum>mix=25601 main>is_even=400"
synth "$out/twice.gmon" 100 "mix=200 checksum=200 is_even=100" "$arcs"
synth "$out/fast.gmon" 1000 "mix=1000 checksum=1000 is_even=500" "$arcs"
synth "$out/small.gmon" 100 "mix=4 checksum=100" "$arcs"

# ---- pprof ----
npm_dir="$BUILD/npm"
decoder=""
if command -v node >/dev/null 2>&1; then
	if [ ! -d "$npm_dir/node_modules/pprof-format" ] &&
		command -v npm >/dev/null 2>&1; then
		npm install --silent --no-audit --no-fund --prefix "$npm_dir" \
			pprof-format@2.3.2 >"$out/npm.log" 2>&1
	fi
	[ -d "$npm_dir/node_modules/pprof-format" ] && decoder=yes
fi

# dump NAME FILE: decode FILE into $out/NAME.dump; 1 (with a FAIL line)
# when the decoder refuses it.
dump() {
	if ! NODE_PATH="$npm_dir/node_modules" node "$here/pprof-dump.js" \
		"$2" >"$out/$1.dump" 2>"$out/$1.derr"; then
		fail "view-pprof-diff/$1" "$(cat "$out/$1.derr")"
		return 1
	fi
}

if [ -z "$decoder" ]; then
	skip "view-pprof-diff/pprof" "no node, or npm could not install pprof-format (see $out/npm.log)"
else
	# Synthetic: every fact known in advance.
	if "$GPROF" --format=pprof --output="$out/a.pb.gz" "$out/demo" \
		"$out/a.gmon" 2>"$out/a.err" && dump pprof-synthetic "$out/a.pb.gz"; then
		cat >"$out/a.want" <<-END
		types samples/count cpu/nanoseconds calls/count
		period cpu/nanoseconds 10000000
		default cpu
		self mix 100 1000000000
		self checksum 100 1000000000
		self is_even 50 500000000
		arc main mix 200
		arc main checksum 400
		arc checksum mix 25600
		arc main is_even 400
		total 250 2500000000 26600
		END
		sort "$out/a.want" >"$out/a.want.s"
		sort "$out/pprof-synthetic.dump" >"$out/a.got.s"
		if cmp -s "$out/a.want.s" "$out/a.got.s"; then
			pass view-pprof-diff/pprof-synthetic
		else
			fail view-pprof-diff/pprof-synthetic "decoded profile differs"
			diff "$out/a.want.s" "$out/a.got.s" | head -5
		fi
	fi
	# A real run: sums against the flat profile, arcs against -d.
	"$GPROF" --format=pprof "$out/demo" "$out/demo.gmon" >"$out/demo.pb.gz" &&
		dump pprof-demo "$out/demo.pb.gz" && {
		"$GPROF" -b -p "$out/demo" "$out/demo.gmon" >"$out/demo.flat"
		narcs=$("$GPROF" -d -b -p "$out/demo" "$out/demo.gmon" |
			sed -n 's/.* \([0-9]*\) distinct arcs.*/\1/p')
		why=$(awk -v narcs="$narcs" '
		FNR == NR {
			if ($1 == "self") ns[$2] = $4
			if ($1 == "arc") { n++; if ($2 != $3) calls[$3] += $4 }
			if ($1 == "total") tsamples = $2
			next
		}
		$1 ~ /^[0-9.]+$/ && NF >= 4 {
			cum = $2
			if ($4 ~ /^[0-9]+$/ && NF >= 7) { name = $7; c = $4 }
			else { name = $4; c = 0 }
			if (sprintf("%.2f", ns[name] / 1e9) != $3)
				bad = bad " self(" name ")=" ns[name]
			if (c != calls[name] + 0)
				bad = bad " calls(" name ")=" calls[name]
		}
		END {
			if (n != narcs) bad = bad " arcs " n " vs " narcs
			if (sprintf("%.2f", tsamples / 100) != cum)
				bad = bad " total " tsamples " samples, flat " cum " s"
			print bad
		}' "$out/pprof-demo.dump" "$out/demo.flat")
		if [ -z "$why" ]; then
			pass view-pprof-diff/pprof-demo-sums
		else
			fail view-pprof-diff/pprof-demo-sums "$why"
		fi
	}
fi
expect_error view-pprof-diff/pprof-not-with-diff "$out" "--diff writes text or --format=json" \
	--format=pprof --diff=a.gmon demo a.gmon

# ---- errorbars ----
if "$GPROF" --format=errorbars "$out/demo" "$out/small.gmon" \
	>"$out/small.eb" 2>"$out/small.err"; then
	# 100 samples: 1 +- 1.96 x 0.1 s; 4 samples: Garwood [1.09, 10.24].
	if grep -q '^ *100\.0 *1\.00 *0\.80 *1\.20 .* checksum$' "$out/small.eb" &&
		grep -q '^ *4\.0 *0\.04 *0\.01 *0\.10 .* mix$' "$out/small.eb"; then
		pass view-pprof-diff/errorbars-known-counts
	else
		fail view-pprof-diff/errorbars-known-counts "unexpected intervals"
		cat "$out/small.eb"
	fi
else
	fail view-pprof-diff/errorbars-known-counts "exit status $?"
fi
"$GPROF" --format=errorbars "$out/demo" "$out/demo.gmon" >"$out/demo.eb"
why=$(awk '
FNR == NR {
	if ($1 ~ /^[0-9.]+$/ && NF >= 4) {
		name = ($4 ~ /^[0-9]+$/ && NF >= 7) ? $7 : $4
		want[name] = $3; n++
	}
	next
}
$1 ~ /^[0-9.]+$/ && NF >= 6 {
	m++
	if (want[$NF] != $2) bad = bad " self(" $NF ")"
	if (!($3 <= $2 && $2 <= $4)) bad = bad " interval(" $NF ")"
}
END { if (n != m) bad = bad " rows " m " vs " n; print bad }' \
	"$out/demo.flat" "$out/demo.eb")
if [ -z "$why" ]; then pass view-pprof-diff/errorbars-vs-flat; else fail view-pprof-diff/errorbars-vs-flat "$why"; fi
expect_error view-pprof-diff/errorbars-not-in-gnu-text "$out" "--error-bars does not change GNU" \
	--error-bars demo demo.gmon
expect_error view-pprof-diff/errorbars-not-with-json "$out" "use --format=errorbars" \
	--error-bars --format=json demo demo.gmon

# ---- diff ----
# run_diff NAME ARGS...: our gprof in $out; stdout NAME.out, stderr
# NAME.err, status in $rc.
run_diff() {
	run_gprof "$out" "$@"
}

# row FILE NAME: the report line of function NAME.
row() {
	awk -v n="$2" 'NF > 1 && ($NF == n || $(NF-1) == n)' "$1"
}

run_diff self --diff=a.gmon demo a.gmon
if [ $rc -eq 0 ] && grep -q '^0 significant changes; 3 unchanged' "$out/self.out" &&
	[ -z "$(row "$out/self.out" mix)" ]; then
	pass view-pprof-diff/diff-self
else
	fail view-pprof-diff/diff-self "exit $rc or rows listed"
fi

run_diff ab --diff=a.gmon demo b.gmon
m=$(row "$out/ab.out" mix) c=$(row "$out/ab.out" checksum)
case "$m|$c" in
*"+100.0%"*" * "*"25800 "*"25801 "*"+1"*"|"*"+30.0%"*)
	case $c in
	*" * "*) fail view-pprof-diff/diff-doubling "checksum (100 -> 130) flagged: $c" ;;
	*) pass view-pprof-diff/diff-doubling ;;
	esac
	;;
*) fail view-pprof-diff/diff-doubling "mix: $m; checksum: $c" ;;
esac
[ -z "$(row "$out/ab.out" is_even)" ] && pass view-pprof-diff/diff-unchanged-not-listed ||
	fail view-pprof-diff/diff-unchanged-not-listed "is_even listed"

run_diff rate --diff=a.gmon demo fast.gmon
if [ $rc -eq 0 ] && grep -q '^0 significant changes; 3 unchanged' "$out/rate.out"; then
	pass view-pprof-diff/diff-other-rate-same-seconds
else
	fail view-pprof-diff/diff-other-rate-same-seconds "$(sed -n 10p "$out/rate.out")"
fi

run_diff twice --diff=a.gmon demo twice.gmon
run_diff twice-norm --diff=a.gmon --diff-normalize demo twice.gmon
if grep -q '^3 significant changes' "$out/twice.out" &&
	grep -q '^0 significant changes' "$out/twice-norm.out" &&
	grep -q 'as % of each' "$out/twice-norm.out"; then
	pass view-pprof-diff/diff-normalize
else
	fail view-pprof-diff/diff-normalize "seconds: $(sed -n 10p "$out/twice.out"); shares: $(sed -n 10p "$out/twice-norm.out")"
fi

run_diff fail50 --diff=a.gmon --fail-on-regression=50 --output=fail50.txt demo b.gmon
if [ $rc -eq 1 ] && grep -q "fail-on-regression=50: the self time of mix (demo.c) grew by 100.0%" \
	"$out/fail50.err" && grep -q 'mix (demo.c)$' "$out/fail50.txt" && [ ! -s "$out/fail50.out" ]; then
	pass view-pprof-diff/diff-fail-on-regression
else
	fail view-pprof-diff/diff-fail-on-regression "exit $rc: $(cat "$out/fail50.err")"
fi
run_diff fail150 --diff=a.gmon --fail-on-regression=150 demo b.gmon
[ $rc -eq 0 ] && [ ! -s "$out/fail150.err" ] && pass view-pprof-diff/diff-below-threshold ||
	fail view-pprof-diff/diff-below-threshold "exit $rc"
run_diff failnot --diff=b.gmon --fail-on-regression=0 demo a.gmon
[ $rc -eq 0 ] && pass view-pprof-diff/diff-faster-is-no-regression ||
	fail view-pprof-diff/diff-faster-is-no-regression "exit $rc"

run_diff eb --diff=demo,a.gmon --error-bars demo b.gmon
if row "$out/eb.out" mix | grep -q '\[0\.80, 1\.20\] *\[1\.72, 2\.28\]'; then
	pass view-pprof-diff/diff-error-bars
else
	fail view-pprof-diff/diff-error-bars "$(row "$out/eb.out" mix)"
fi

run_diff json --diff=a.gmon --format=json demo b.gmon
if [ $rc -eq 0 ] && python3 - "$out/json.out" <<'EOF'; then
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "gprof-diff" and d["version"] == 1, "header"
f = {x["name"]: x for x in d["functions"]}
m, c = f["mix"], f["checksum"]
assert m["significant"] and m["delta_calls"] == 1, "mix"
assert m["base_samples"] == 100 and m["this_samples"] == 200, "mix samples"
assert not c["significant"] and 0.05 < c["p"] < 0.1, "checksum p %g" % c["p"]
assert d["tested"] == 3 and d["unchanged"] == 1, "counts"
EOF
	pass view-pprof-diff/diff-json
else
	fail view-pprof-diff/diff-json "exit $rc or wrong document"
fi

# A base without a histogram: its times are unknown, never 0.
echo "arc $(($(addr main) + 4)) $(addr mix) 5" | "$MKGMON" -o "$out/arcs.gmon" -
run_diff nohist --diff=arcs.gmon demo a.gmon
if [ $rc -eq 0 ] && grep -q 'base profile has no histogram' "$out/nohist.out" &&
	row "$out/nohist.out" mix | grep -q '^ *? *1\.00 *? *? .* 5 *25800 *+25795'; then
	pass view-pprof-diff/diff-base-without-histogram
else
	fail view-pprof-diff/diff-base-without-histogram "$(row "$out/nohist.out" mix)"
fi

# A JSON export as the base: the same comparison as from the profile.
"$GPROF" --format=json "$out/demo" "$out/a.gmon" >"$out/a.json"
run_diff fromjson --diff=a.json demo b.gmon
if [ $rc -eq 0 ] && [ "$(sed -n '10,$p' "$out/fromjson.out")" = "$(sed -n '10,$p' "$out/ab.out")" ]; then
	pass view-pprof-diff/diff-json-base
else
	fail view-pprof-diff/diff-json-base "exit $rc or rows differ from the profile base"
	diff "$out/ab.out" "$out/fromjson.out" | head -5
fi
printf '{"format":"gprof-profile","version":2,"functions":[]}' >"$out/v2.json"
expect_error view-pprof-diff/diff-json-version "$out" "v2.json: version is not 1" \
	--diff=v2.json demo a.gmon
printf '{"format":"gprof-profile","version":1,"functions":[{"raw_name":"mix","self_samples":1,"calls":1.5}]}' >"$out/half.json"
expect_error view-pprof-diff/diff-json-bad-calls "$out" "functions[0].calls is not a whole number" \
	--diff=half.json demo a.gmon
# Counts past 2^53 read exactly, sums that pass 2^64 - 1 stop there
# (checksum: calls + self_calls), and a delta of calls never changes
# sign (it is clamped to 64 bits); text and JSON agree (issue 18).
printf '{"format":"gprof-profile","version":1,"functions":[{"raw_name":"mix","self_samples":100,"calls":18446744073709551615},{"raw_name":"checksum","self_samples":100,"calls":18446744073709551000,"self_calls":4096},{"raw_name":"is_even","self_samples":50,"calls":9007199254740993}]}' >"$out/huge.json"
run_diff huge --diff=huge.json demo a.gmon
m=$(row "$out/huge.out" mix) c=$(row "$out/huge.out" checksum) e=$(row "$out/huge.out" is_even)
# has_calls ROW BASE THIS DELTA: the row shows these three counts.
has_calls() {
	echo "$1" | grep -q " $2 *$3 $4  "
}
if [ $rc -eq 0 ] && has_calls "$m" 18446744073709551615 25800 -9223372036854775808 &&
	has_calls "$c" 18446744073709551615 400 -9223372036854775808 &&
	has_calls "$e" 9007199254740993 400 -9007199254740593; then
	pass view-pprof-diff/diff-json-huge-counts
else
	fail view-pprof-diff/diff-json-huge-counts "exit $rc: mix: $m; checksum: $c; is_even: $e"
fi
run_diff huge-json --diff=huge.json --format=json demo a.gmon
if [ $rc -eq 0 ] && python3 - "$out/huge-json.out" <<'EOF'; then
import json, sys
f = {x["name"]: x for x in json.load(open(sys.argv[1]))["functions"]}
assert f["mix"]["base_calls"] == 2**64 - 1, "mix base"
assert f["mix"]["delta_calls"] == -2**63, "mix delta"
assert f["checksum"]["base_calls"] == 2**64 - 1, "checksum base"
assert f["is_even"]["delta_calls"] == 400 - 9007199254740993, "is_even"
EOF
	pass view-pprof-diff/diff-json-huge-counts-json
else
	fail view-pprof-diff/diff-json-huge-counts-json "exit $rc or wrong numbers"
fi
printf '{"format":"gprof-profile","version":1,"functions":[{"raw_name":"mix","self_samples":1,"calls":18446744073709551616}]}' >"$out/2e64.json"
expect_error view-pprof-diff/diff-json-calls-too-big "$out" "functions[0].calls is not a whole number from 0 to 18446744073709551615" \
	--diff=2e64.json demo a.gmon
# A base of 40,000 functions: its arrays grow geometrically (one element
# at a time they took 146 s under SAN=1, over 300 s here; now 2 s), so
# the run ends well within a generous timeout, every function listed.
python3 - "$out/many.json" <<'EOF'
import json, sys
fns = [{"raw_name": "f%d" % i, "name": "f%d" % i, "file": "src/x%d.c" % (i % 50),
        "self_samples": i % 7 + 1, "calls": i} for i in range(40000)]
json.dump({"format": "gprof-profile", "version": 1,
           "program": {"path": "demo"},
           "profile": {"files": ["a%d.gmon" % i for i in range(40)],
                       "sampling_rate_hz": 100},
           "functions": fns}, open(sys.argv[1], "w"))
EOF
(cd "$out" && exec timeout 120 "$GPROF" --diff=many.json demo a.gmon) \
	>"$out/many.out" 2>"$out/many.err"
rc=$?
n=$(grep -c ' f[0-9]* (x[0-9]*\.c) \[only in base\]$' "$out/many.out")
if [ $rc -eq 124 ]; then
	fail view-pprof-diff/diff-json-many-functions "no end within 120 s"
elif [ $rc -ne 0 ] || [ "$n" -ne 40000 ]; then
	fail view-pprof-diff/diff-json-many-functions "exit $rc, $n of 40000 functions listed: $(head -n 1 "$out/many.err")"
else
	pass view-pprof-diff/diff-json-many-functions
fi
printf '{"format":"gprof-profile",\n"version":1,\n"functions":[}' >"$out/broken.json"
expect_error view-pprof-diff/diff-json-malformed "$out" "broken.json: line 3, column 14" \
	--diff=broken.json demo a.gmon
expect_error view-pprof-diff/diff-missing-base "$out" "--diff: " --diff=nonexistent.gmon demo a.gmon
expect_error view-pprof-diff/diff-normalize-alone "$out" "--diff-normalize needs --diff" \
	--diff-normalize demo a.gmon
expect_error view-pprof-diff/diff-bad-percent "$out" "is not a percentage" \
	--diff=a.gmon --fail-on-regression=ten demo a.gmon
# ---- measured totals ----
if ! command -v python3 >/dev/null 2>&1; then
	skip view-pprof-diff/measured "no python3"
	exit 0
fi
# mkprof NAME STACKS...: $out/NAME.gmon and its side file, the demo's
# arcs, and one STACKS entry per argument ("N FRAME...").
mkprof() {
	_n=$1
	shift
	{
		echo "exe $out/demo"
		echo "arc 0 main 0 checksum 400"
		echo "arc 0 checksum 0 mix 25600"
		echo "arc 0 main 0 mix 200"
		echo "arc 0 main 0 is_even 400"
		for _s in "$@"; do
			echo "stack $_s"
		done
	} >"$out/$_n.spec"
	python3 "$here/../input-objects/mkprof.py" "$out/$_n.gmon" "$out/$_n.spec" ||
		fail "view-pprof-diff/mkprof-$_n" "mkprof.py refused $out/$_n.spec"
}
# s1: checksum's total 140 (mix under it 90), mix 100, main 150.
# s2: checksum 80, mix 100 (the same), is_even 50 (from 0), main 200.
mkprof s1 "90 mix checksum main" "10 mix main" "50 checksum main"
mkprof s2 "30 mix checksum main" "70 mix main" "50 checksum main" \
	"50 is_even main"

run_diff m12 --diff=s1.gmon demo s2.gmon
c=$(row "$out/m12.out" checksum)
if [ $rc -eq 0 ] &&
	grep -q '^stack: base 150, this 200) compared as seconds,$' "$out/m12.out" &&
	grep -q '^tested the same way over 4 functions; 3 significant changes of it\.$' "$out/m12.out" &&
	grep -q ' base tot s this tot s  delta tot    p(adj)    base calls ' "$out/m12.out" &&
	echo "$c" | grep -q '^ *0\.50 *0\.50 *+0\.00 *+0\.0% *1 *1\.40 *0\.80 *-0\.60 *[0-9.e-]* \* ' &&
	[ -z "$(row "$out/m12.out" mix)" ] &&
	row "$out/m12.out" is_even | grep -q '^ *0\.00 *0\.50 *+0\.50 *new .* \* *0\.00 *0\.50 *+0\.50 .* \* '; then
	pass view-pprof-diff/diff-measured-text
else
	fail view-pprof-diff/diff-measured-text "exit $rc; checksum: $c"
fi
run_diff m12-eb --diff=s1.gmon --error-bars demo s2.gmon
# 140 samples at 100 Hz: 1.40 +- 1.96 x 0.118; 80: Garwood's [63.4, 99.6].
if row "$out/m12-eb.out" checksum |
	grep -q '\[1\.17, 1\.63\] *\[0\.63, 1\.00\] *-0\.60 '; then
	pass view-pprof-diff/diff-measured-error-bars
else
	fail view-pprof-diff/diff-measured-error-bars "$(row "$out/m12-eb.out" checksum)"
fi
run_diff m12-json --diff=s1.gmon --format=json demo s2.gmon
if [ $rc -eq 0 ] && python3 - "$out/m12-json.out" <<'EOF'; then
import json, sys
d = json.load(open(sys.argv[1]))
assert d["measured"] == {"tested": 4, "significant": 3}, d.get("measured")
assert d["base"]["stack_samples"] == 150 and d["this"]["stack_samples"] == 200
f = {x["name"]: x for x in d["functions"]}
c = f["checksum"]
assert c["base_measured_samples"] == 140 and c["this_measured_samples"] == 80
assert abs(c["delta_measured_value"] + 0.6) < 1e-12, c["delta_measured_value"]
assert c["measured_significant"] and not c["significant"], "checksum"
assert c["measured_p_adjusted"] <= 0.05 and c["measured_p"] <= c["measured_p_adjusted"]
lo, hi = c["base_measured_ci95"]
assert lo < 1.4 < hi and abs(lo - (1.4 - 1.96 * 140 ** 0.5 / 100)) < 1e-3, (lo, hi)
assert abs(f["main"]["measured_change_pct"] - 100 / 3) < 1e-9
assert f["is_even"]["measured_change_pct"] is None
assert "mix" not in f and d["unchanged"] == 1
EOF
	pass view-pprof-diff/diff-measured-json
else
	fail view-pprof-diff/diff-measured-json "exit $rc or wrong document"
fi
run_diff m12-norm --diff=s1.gmon --diff-normalize --format=json demo s2.gmon
if [ $rc -eq 0 ] && python3 - "$out/m12-norm.out" <<'EOF'; then
import json, sys
d = json.load(open(sys.argv[1]))
f = {x["name"]: x for x in d["functions"]}
c = f["checksum"]
assert abs(c["base_measured_value"] - 100 * 140 / 150) < 1e-9
assert abs(c["this_measured_value"] - 100 * 80 / 200) < 1e-9
assert "main" not in f, "main: 100 % of the stacks on both sides"
EOF
	pass view-pprof-diff/diff-measured-shares
else
	fail view-pprof-diff/diff-measured-shares "exit $rc or wrong shares"
fi

# One side without stacks (its side file gone): the report of neither,
# byte for byte, and in text one line more saying why.
for d in none mixed rmixed; do
	mkdir -p "$out/$d"
	cp "$out/demo" "$out/s1.gmon" "$out/s2.gmon" "$out/$d/"
done
cp "$out/s2.gmon.gmonx" "$out/mixed/"
cp "$out/s1.gmon.gmonx" "$out/rmixed/"
for d in none mixed rmixed; do
	for f in text json html; do
		(cd "$out/$d" && "$GPROF" --diff=s1.gmon --format=$f demo s2.gmon \
			>"$f.out" 2>"$f.err")
	done
done
ok=yes
for d in mixed rmixed; do
	for f in json html; do
		cmp -s "$out/none/$f.out" "$out/$d/$f.out" || ok="$d/$f.out differs"
	done
	[ -s "$out/$d/text.err" ] && ok="$d: $(head -n 1 "$out/$d/text.err")"
done
if [ "$ok" = yes ] &&
	grep -vx 'Measured total times are not compared: the base profile has no sampled stacks.' \
		"$out/mixed/text.out" | cmp -s - "$out/none/text.out" &&
	[ "$(wc -l <"$out/mixed/text.out")" -eq $(($(wc -l <"$out/none/text.out") + 1)) ] &&
	grep -vx 'Measured total times are not compared: this profile has no sampled stacks.' \
		"$out/rmixed/text.out" | cmp -s - "$out/none/text.out" &&
	[ "$(wc -l <"$out/rmixed/text.out")" -eq $(($(wc -l <"$out/none/text.out") + 1)) ] &&
	! grep -q 'Measured' "$out/none/text.out"; then
	pass view-pprof-diff/diff-measured-one-side
else
	fail view-pprof-diff/diff-measured-one-side "${ok}; see $out/none, $out/mixed, $out/rmixed"
fi

# A JSON export with stacks as the base: the rows of the profile base.
# One without the measured members (an older gprof's): read, as a base
# without stacks.
"$GPROF" --format=json "$out/demo" "$out/s1.gmon" >"$out/s1.json"
run_diff m12-fromjson --diff=s1.json demo s2.gmon
if [ $rc -eq 0 ] && [ "$(sed -n '5,$p' "$out/m12-fromjson.out")" = "$(sed -n '5,$p' "$out/m12.out")" ]; then
	pass view-pprof-diff/diff-measured-json-base
else
	fail view-pprof-diff/diff-measured-json-base "exit $rc or rows differ from the profile base"
	diff "$out/m12.out" "$out/m12-fromjson.out" | head -5
fi
python3 - "$out/s1.json" "$out/s1-old.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
for k in ("stack_samples", "stack_samples_truncated"):
    del d["profile"][k]
for f in d["functions"]:
    del f["total_seconds_measured"]
for a in d["arcs"]:
    del a["child_seconds_measured"]
json.dump(d, open(sys.argv[2], "w"))
EOF
run_diff m12-oldjson --diff=s1-old.json demo s2.gmon
if [ $rc -eq 0 ] && ! grep -q total_seconds_measured "$out/s1-old.json" &&
	[ "$(sed -n '5,$p' "$out/m12-oldjson.out")" = "$(sed -n '5,$p' "$out/mixed/text.out")" ]; then
	pass view-pprof-diff/diff-measured-old-json-base
else
	fail view-pprof-diff/diff-measured-old-json-base "exit $rc or not the report of a base without stacks"
fi
printf '{"format":"gprof-profile","version":1,"profile":{"stack_samples":5,"sampling_rate_hz":100},"functions":[{"raw_name":"mix","self_samples":1,"calls":1,"total_seconds_measured":-1}]}' >"$out/negtotal.json"
expect_error view-pprof-diff/diff-json-bad-measured "$out" "functions[0].total_seconds_measured is not a number >= 0 or null" \
	--diff=negtotal.json demo a.gmon

# A real program under our collector: dear's share of the work 12/60,
# then 48/60.
lib=$BUILD/libgmon.a
[ -f "$lib" ] || lib=$top/build/libgmon.a
mkdir -p "$out/sa" "$out/sb"
if [ ! -f "$lib" ]; then
	skip view-pprof-diff/diff-measured-real "no libgmon.a (make builds it)"
elif ! cc -O2 -pg -o "$out/split" "$here/split.c" "$lib" -lpthread -ldl \
	>"$out/split.build" 2>&1; then
	fail view-pprof-diff/diff-measured-real "cannot build split.c with $lib (see $out/split.build)"
elif ! (cd "$out/sa" && LIBGMON_RATE=1000 "$out/split" 12 100) ||
	! (cd "$out/sb" && LIBGMON_RATE=1000 "$out/split" 48 100) ||
	[ ! -s "$out/sa/gmon.out.gmonx" ] || [ ! -s "$out/sb/gmon.out.gmonx" ]; then
	fail view-pprof-diff/diff-measured-real "split.c did not run, or wrote no side file"
else
	(cd "$out/sb" && "$GPROF" --diff=../sa/gmon.out --diff-normalize \
		--format=json "$out/split" gmon.out >norm.json 2>norm.err &&
		"$GPROF" --diff=../sa/gmon.out --format=json "$out/split" \
			gmon.out >secs.json 2>secs.err &&
		"$GPROF" --diff=../sa/gmon.out "$out/split" gmon.out >secs.txt 2>&1)
	rc=$?
	if [ $rc -ne 0 ]; then
		fail view-pprof-diff/diff-measured-real "exit $rc: $(cat "$out/sb/norm.err" "$out/sb/secs.err" | head -n 1)"
	else
		python3 - "$out/sb/norm.json" "$out/sb/secs.json" >"$out/sb/check.txt" 2>&1 <<'EOF'
import json, math, sys
norm, secs = (json.load(open(p)) for p in sys.argv[1:3])
assert "measured" in norm, "no measured totals compared"
def fns(d):
    return {x["name"]: x for x in d["functions"]}
f, g = fns(norm), fns(secs)
S1, S2 = norm["base"]["stack_samples"], norm["this"]["stack_samples"]
d, c = f["dear"], f["cheap"]
n1 = d["base_measured_samples"] + c["base_measured_samples"]
n2 = d["this_measured_samples"] + c["this_measured_samples"]
if min(n1, n2) < 100:
    print("too few: only %d and %d samples under cheap or dear" % (n1, n2))
    sys.exit(0)
# Given the n samples under cheap or dear, dear's are binomial with its
# share of the work: 12/60, then 48/60.
q1, q2 = 12 / 60, 48 / 60
want = 100 * (q2 * n2 / S2 - q1 * n1 / S1)
sd = 100 * math.sqrt(n1 * q1 * (1 - q1) / S1 ** 2 + n2 * q2 * (1 - q2) / S2 ** 2)
got = d["delta_measured_value"]
print("dear: %+.2f pp (want %+.2f +- %.2f; %d and %d samples)" % (got, want, 4.5 * sd, n1, n2))
assert abs(got - want) <= 4.5 * sd, "dear's measured delta is off"
assert abs(c["delta_measured_value"] + got) <= 4.5 * sd, "cheap's is not dear's mirror"
for x, sign in ((d, 1), (c, -1)):
    assert x["measured_significant"], x["name"] + " not significant"
    assert x["delta_measured_value"] * sign > 0, x["name"] + ": wrong sign"
    y = g[x["name"]]
    assert y["measured_significant"] and y["delta_measured_value"] * sign > 0, \
        x["name"] + ": seconds"
    assert abs(y["delta_measured_value"] -
               (y["this_measured_value"] - y["base_measured_value"])) < 1e-9
print("OK")
EOF
		dear=$(row "$out/sb/secs.txt" dear)
		if grep -q '^too few: ' "$out/sb/check.txt"; then
			skip view-pprof-diff/diff-measured-real "$(cat "$out/sb/check.txt")"
		elif ! grep -qx OK "$out/sb/check.txt"; then
			fail view-pprof-diff/diff-measured-real "$(tail -n 1 "$out/sb/check.txt")"
		elif ! echo "$dear" | cut -c78-86 | grep -q '^ *+[0-9]' ||
			[ "$(echo "$dear" | cut -c98)" != '*' ]; then
			fail view-pprof-diff/diff-measured-real "text: dear's measured delta not +, *: $dear"
		else
			pass "view-pprof-diff/diff-measured-real ($(head -n 1 "$out/sb/check.txt"))"
		fi
	fi
fi
exit 0
