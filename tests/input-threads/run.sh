#!/bin/sh
# tests/input-threads/run.sh - the profile's threads (issue 29): the side
# file's per-thread records read (src/sidethreads.c), gathered and summed
# by name (src/threads.c), --threads, --thread=SPEC's substitution of the
# profile's data (src/threadsel.c), --format=folded, and the per-thread
# parts of --format=json, pprof and html.
#
# named.c runs three named threads (parser, worker-1, worker-2) doing
# known work under our collector at 1000 samples per second; each prints
# its own CPU clock, its hook calls and its exact arcs.  Then:
#   --threads   each thread's CPU time within 5 % + 10 ms of its own
#               clock, its sampled time within 4 sigma of a Poisson
#               count of that time plus one period, its calls exact, its
#               busiest function leaf; rows sorted by sampled time
#   --thread    exactly the picked threads' call counts (-b -q), by
#               name, wildcard and thread id; --thread='*' gives GNU's
#               reports unchanged when every sample has its stack; the
#               flat profile's samples are the picked thread's stacks'
#   sums        two runs summed by name (calls exact, "threads" 2), -s's
#               gmon.sum giving the same table, a sum of sums
#   errors      glibc's gmon.out, LIBGMON_STACKS=0 and an older side
#               file: one line, exit 1; a name no thread has; damaged
#               per-thread records: one warning, the reports unchanged
#   folded      every line "frames count" with frames split by ';', the
#               counts summing to the stack samples, roots the threads'
#               names (none with one --thread); and speedscope's import
#               of it (headless Chromium), when npm and Chromium are here
#   views       --format=json: valid (docs/gprof-profile.schema.json),
#               its threads --threads' rows, each one's functions adding
#               up to its stack samples (its folded lines), the window,
#               --thread's thread_selection (viewcheck.py); pprof: each
#               thread's stacks labelled thread and tid, read by npm
#               pprof-format (pprof-labels.js: the labels' samples and
#               the window exactly) and go tool pprof (-tags' samples,
#               -tagfocus=thread=worker-1's functions, -raw's Time);
#               html: the page's self-test with a thread picked
# The only verdicts that depend on timing are the sampling tolerances
# above.  Env: GPROF, BUILD (absolute).
set -u
LC_ALL=C
export LC_ALL
GPROF=${GPROF:?GPROF must name our gprof}
BUILD=${BUILD:?BUILD must name the build directory}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
# harness.sh: graph_arcs; it sources lib.sh (the verdicts).
. "$top/tests/rt-accept/harness.sh"
out=$BUILD/input-threads
rm -rf "$out"
mkdir -p "$out" || exit 1

if ! command -v python3 >/dev/null 2>&1; then
	skip input-threads/all "no python3"
	exit 0
fi
lib=$BUILD/libgmon.a
P=$out/named
if ! {
	gcc -O0 -pg -o "$P" "$here/named.c" "$lib" -pthread &&
		gcc -O0 -pg -o "$out/plain" "$here/named.c" -pthread
} >"$out/build.log" 2>&1; then
	fail input-threads/build "see $out/build.log"
	exit 0
fi
pass input-threads/build

# run DIR [VAR=VALUE...]: named (or plain, for DIR glibc) in $out/DIR;
# its truth in truth.txt.
run() {
	_d=$out/$1 _p=$P
	shift
	[ "$(basename "$_d")" = glibc ] && _p=$out/plain
	mkdir -p "$_d"
	# shellcheck disable=SC2086
	(cd "$_d" && env LIBGMON_RATE=1000 "$@" timeout 300 "$_p" 2 \
		>truth.txt 2>stderr.txt)
}
for d in r1 r2; do
	if ! run $d; then
		fail input-threads/run-$d "named exited $? (see $out/$d)"
		exit 0
	fi
done
run nostacks LIBGMON_STACKS=0
run glibc

# truth_arcs DIR NAME...: "caller callee count" of the named threads.
truth_arcs() {
	_td=$1
	shift
	for _n in "$@"; do
		awk -v n="$_n" '$1 == "ARC" && $2 == n { print $3, $4, $5 }' \
			"$_td/truth.txt"
	done | awk '{ c[$1 " " $2] += $3 } END { for (k in c) print k, c[k] }' |
		sort
}

# ---- --threads on one run ----
cd "$out/r1" || exit 1
"$GPROF" --threads "$P" gmon.out >threads.txt 2>threads.err
assert input-threads/table/runs "exit status or stderr (see $out/r1)" \
	sh -c '[ ! -s threads.err ] && [ "$(head -c 12 threads.txt)" = "         tid" ]'
for n in parser worker-1 worker-2; do
	why=$(awk -v n="$n" -v rate=1000 '
	FNR == NR {
		if ($1 == "THREAD" && $2 == n) { cpu = $4 / 1e9; calls = $6 }
		next
	}
	FNR > 1 && $2 == n {
		rows++
		d = $4 - cpu; if (d < 0) d = -d
		if (d > 0.05 * cpu + 0.010)
			printf "cpu %s s, its clock %.3f s; ", $4, cpu
		want = cpu * rate; got = $5 * rate
		tol = 4 * sqrt(want > 1 ? want : 1) + 1
		d = got - want; if (d < 0) d = -d
		if (d > tol)
			printf "%d samples for %.0f expected (+-%.0f); ", got, want, tol
		if ($7 != calls)
			printf "calls %s, want %s; ", $7, calls
		if ($8 != "leaf")
			printf "busiest %s, want leaf; ", $8
	}
	END { if (rows != 1) printf "%d rows, want 1", rows }' truth.txt threads.txt)
	verdict "input-threads/table/$n" "$why"
done
why=$(awk 'FNR > 1 { if (NR > 2 && $5 > last) { print "row " FNR " is busier than the one above"; exit } last = $5 }' threads.txt)
verdict input-threads/table/busiest-first "$why"

# ---- --thread: the picked threads' data only ----
check_pick() { # NAME SPEC THREAD...: -b -q --thread=SPEC's arcs
	_pn=$1 _ps=$2
	shift 2
	truth_arcs "$out/r1" "$@" >"pick-$_pn.want"
	"$GPROF" -b -q --thread="$_ps" "$P" gmon.out 2>"pick-$_pn.err" |
		graph_arcs >"pick-$_pn.got"
	expect_file "input-threads/pick/$_pn" "pick-$_pn.got" "pick-$_pn.want"
}
check_pick worker-1 worker-1 worker-1
check_pick wildcard 'worker-*' worker-1 worker-2
check_pick list parser,worker-2 parser worker-2
tid=$(awk '$2 == "parser" { print $1 }' threads.txt)
check_pick tid "$tid" parser
truth_arcs "$out/r1" worker-1 parser >pick-two.want
"$GPROF" -b -q --thread=worker-1 --thread=parser "$P" gmon.out 2>/dev/null |
	graph_arcs >pick-two.got
expect_file input-threads/pick/two-options pick-two.got pick-two.want

# With every sample's stack kept, the threads' stacks rebuild gmon.out's
# histogram and their arcs its arcs: '*' changes nothing.
"$GPROF" -d "$P" gmon.out >debug.txt 2>&1
if grep -q '^\[stacks\] collector: \([0-9]*\) samples in known code, \1 with stacks, 0 truncated, 0 dropped' debug.txt; then
	"$GPROF" -b "$P" gmon.out >plain.txt 2>&1
	"$GPROF" -b --thread='*' "$P" gmon.out >star.txt 2>&1
	expect_file input-threads/pick/all-is-the-profile star.txt plain.txt
else
	skip input-threads/pick/all-is-the-profile "some samples have no stack"
fi
# The flat profile of worker-1: its stacks' samples, every one.
"$GPROF" --format=folded --thread=worker-1 "$P" gmon.out >w1.folded 2>&1
"$GPROF" -d -p --thread=worker-1 "$P" gmon.out >w1.debug 2>&1
why=$(awk 'FNR == NR { s += $NF; next }
	/^\[main\]/ && / samples$/ { got = $(NF - 1) }
	END { if (got != s) print "the histogram holds " got " samples, its stacks " s }' \
	w1.folded w1.debug)
verdict input-threads/pick/histogram-from-stacks "$why"

# ---- errors ----
expect_error input-threads/error/no-such-name "$out/r1" \
	"--thread=nope: no thread is named 'nope' (the threads: " \
	--thread=nope "$P" gmon.out
G=$out/plain # the glibc profile's program
expect_error input-threads/error/glibc "$out/glibc" \
	"gmon.out: no per-thread data (no side file" --threads "$G" gmon.out
expect_error input-threads/error/glibc-pick "$out/glibc" \
	"gmon.out: no per-thread data (no side file" --thread=parser "$G" gmon.out
expect_error input-threads/error/no-stacks "$out/nostacks" \
	"gmon.out: no per-thread data (no stacks were sampled" \
	--threads "$P" gmon.out
expect_error input-threads/error/no-stacks-pick "$out/nostacks" \
	"gmon.out: no per-thread data (no stacks were sampled" \
	--thread=worker-1 "$P" gmon.out
expect_error input-threads/error/folded-glibc "$out/glibc" \
	"gmon.out: no sampled stacks to fold" --format=folded "$G" gmon.out
expect_error input-threads/error/folded-no-stacks "$out/nostacks" \
	"gmon.out: no sampled stacks to fold" --format=folded "$P" gmon.out
expect_error input-threads/error/sum "$out/r1" "--thread cannot be used with -s" \
	-s --thread=parser "$P" gmon.out
expect_error input-threads/error/threads-lines "$out/r1" \
	"--threads lists threads, not lines" --threads -l "$P" gmon.out
expect_error input-threads/error/folded-lines "$out/r1" \
	"--format=folded shows functions" --format=folded -l "$P" gmon.out
mkdir -p "$out/old"
cp "$out/r1/gmon.out" "$out/old/gmon.out"
python3 "$here/damage.py" old "$out/r1/gmon.out.gmonx" "$out/old/gmon.out.gmonx"
expect_error input-threads/error/older-side-file "$out/old" \
	"gmon.out: no per-thread data (its side file is from a collector without" \
	--threads "$P" gmon.out

# Damaged per-thread records: a warning naming the record, the reports
# as they were, and no per-thread data.
"$GPROF" -b "$P" gmon.out >"$out/plain.txt" 2>/dev/null
for k in "dup-index:two THREAD records have index" \
	"arcs-index:THREADARCS record 1 names thread 99" \
	"owner-index:STACKOWNER record 1 names thread 77" \
	"name-len:THREAD record 1: a name of 200 bytes" \
	"short-arcs:THREADARCS record 1 of 12 bytes"; do
	kind=${k%%:*} msg=${k#*:}
	d=$out/damaged-$kind
	mkdir -p "$d"
	cp "$out/r1/gmon.out" "$d/gmon.out"
	python3 "$here/damage.py" "$kind" "$out/r1/gmon.out.gmonx" \
		"$d/gmon.out.gmonx"
	echo "gprof: gmon.out.gmonx: per-thread data ignored ($msg" >"$d/want.err"
	(cd "$d" && "$GPROF" -b "$P" gmon.out >got.txt 2>got.err)
	why=$(file_why "$d/got.txt" "$out/plain.txt")
	if [ -z "$why" ] && [ "$(wc -l <"$d/got.err")" -ne 1 ]; then
		why="$(wc -l <"$d/got.err") lines on stderr"
	elif [ -z "$why" ] && ! grep -qF "$(cat "$d/want.err")" "$d/got.err"; then
		why="stderr: $(head -c 150 "$d/got.err")"
	fi
	verdict "input-threads/damaged/$kind" "$why"
	# --threads: that warning, then the error.
	echo "gprof: gmon.out: no per-thread data (its per-thread records are damaged)" \
		>>"$d/want.err"
	(cd "$d" && "$GPROF" --threads "$P" gmon.out >t.out 2>t.err)
	rc=$?
	why=
	if [ $rc -ne 1 ] || [ -s "$d/t.out" ]; then
		why="exit $rc, $(wc -c <"$d/t.out") bytes on stdout"
	elif [ "$(wc -l <"$d/t.err")" -ne 2 ] ||
		! head -n 1 "$d/t.err" | grep -qF "$(head -n 1 "$d/want.err")" ||
		[ "$(tail -n 1 "$d/t.err")" != "$(tail -n 1 "$d/want.err")" ]; then
		why="stderr: $(tr '\n' '|' <"$d/t.err" | head -c 200)"
	fi
	verdict "input-threads/damaged/$kind-threads" "$why"
done

# ---- sums: threads of one name are one ----
cp "$out/r2/gmon.out" "$out/r1/r2.out"
cp "$out/r2/gmon.out.gmonx" "$out/r1/r2.out.gmonx"
"$GPROF" --threads "$P" gmon.out r2.out >sum.txt 2>sum.err
why=$(awk 'FNR == 1 { f++ }
	f <= 2 && $1 == "THREAD" { calls[$2] += $6; next }
	f == 3 && FNR > 1 && ($2 in calls) {
		seen[$2] = 1
		if ($7 != calls[$2] || $3 != 2)
			printf "%s: calls %s threads %s, want %s and 2; ", $2, $7, $3, calls[$2]
	}
	END { for (n in calls) if (!(n in seen)) printf "no row for %s; ", n }' \
	"$out/r1/truth.txt" "$out/r2/truth.txt" sum.txt)
verdict input-threads/sum/by-name "$why"
truth_arcs "$out/r1" worker-1 >sum-w1.r1
truth_arcs "$out/r2" worker-1 >sum-w1.r2
sort sum-w1.r1 sum-w1.r2 | awk '{ c[$1 " " $2] += $3 } END { for (k in c) print k, c[k] }' |
	sort >sum-w1.want
"$GPROF" -b -q --thread=worker-1 "$P" gmon.out r2.out 2>/dev/null |
	graph_arcs >sum-w1.got
expect_file input-threads/sum/pick sum-w1.got sum-w1.want
mkdir -p "$out/sum"
cp gmon.out gmon.out.gmonx r2.out r2.out.gmonx "$out/sum/"
cd "$out/sum" || exit 1
"$GPROF" -s "$P" gmon.out r2.out 2>s.err
"$GPROF" --threads "$P" gmon.sum >sum.txt 2>&1
expect_file input-threads/sum/gmon.sum-keeps-them sum.txt "$out/r1/sum.txt"
cp gmon.sum once.sum
cp gmon.sum.gmonx once.sum.gmonx
"$GPROF" -s "$P" once.sum gmon.out 2>/dev/null
"$GPROF" --threads "$P" gmon.sum >sum3.txt 2>&1
why=$(awk 'FNR == NR { if ($1 == "THREAD") c[$2] = $6; next }
	FNR > 1 && ($2 in c) && ($7 != 3 * c[$2] || $3 != 3) {
		printf "%s: calls %s threads %s; ", $2, $7, $3 }' \
	"$out/r1/truth.txt" sum3.txt)
# r1 twice and r2 once: r1's and r2's calls are the same.
verdict input-threads/sum/sum-of-sums "$why"

# ---- --format=folded ----
cd "$out/r1" || exit 1
"$GPROF" --format=folded "$P" gmon.out >all.folded 2>folded.err
why=$(awk -v want="$(awk '/^\[stacks\] [0-9]+ distinct/ { print $(NF - 3) }' debug.txt)" '
	!/^[^;]+(;[^;]+)* [0-9]+$/ { print "line " NR " is not folded: " $0; exit }
	{ s += $NF; split($1, f, ";"); root[f[1]] = 1 }
	END {
		if (s != want) print "counts sum to " s ", the stacks hold " want
		for (r in root) if (r !~ /^(parser|worker-1|worker-2|named)$/) print "root " r
	}' all.folded)
[ -s folded.err ] && why="stderr: $(head -c 100 folded.err)"
[ -s all.folded ] || why="printed nothing"
verdict input-threads/folded/format "$why"
assert input-threads/folded/sorted "the lines are not sorted" \
	sh -c 'cut -d" " -f1 all.folded | sort -c'
why=$(awk '/^worker-1;/ { print "a root frame with one thread picked: " $0; exit }' w1.folded)
[ -s w1.folded ] || why="printed nothing"
verdict input-threads/folded/one-thread-no-root "$why"

# speedscope, a real consumer: its import of the folded file, headless,
# and its sandwich table (each frame's total samples) against ours.
ss=$BUILD/speedscope/node_modules/speedscope/dist/release
find_chromium "$out"
if [ ! -f "$ss/index.html" ] && command -v npm >/dev/null 2>&1; then
	timeout 300 npm install --no-audit --no-fund --prefix "$BUILD/speedscope" \
		speedscope >"$out/npm.log" 2>&1
fi
if [ ! -f "$ss/index.html" ]; then
	skip input-threads/folded/speedscope "speedscope is not installed (npm install --prefix build/speedscope speedscope)"
elif [ -n "$chrome_why" ]; then
	skip input-threads/folded/speedscope "$chrome_why"
else
	python3 -c '
import base64, json, sys
d = open(sys.argv[1], "rb").read()
open(sys.argv[2], "w").write("speedscope.loadFileFromBase64(%s, %s)" % (
    json.dumps("gprof.folded"), json.dumps(base64.b64encode(d).decode())))' \
		all.folded "$out/load.js"
	timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu \
		--no-first-run --allow-file-access-from-files \
		--user-data-dir="$chrome_profile" --timeout=10000 --dump-dom \
		"file://$ss/index.html#localProfilePath=$out/load.js&view=sandwich" \
		>"$out/speedscope.html" 2>"$out/speedscope.err"
	# The sandwich rows: total, self, name; ours from the file.
	grep -o '>[^<][^<]*<' "$out/speedscope.html" | sed 's/^>//; s/<$//' |
		awk '/^Symbol Name$/ { on = 1; next } on' >"$out/speedscope.rows"
	why=$(awk '
	FNR == NR {
		n = split($1, f, ";")
		for (i = 1; i <= n; i++) if (!((f[i], NR) in seen)) {
			seen[f[i], NR] = 1; total[f[i]] += $NF }
		next
	}
	{ row[++k] = $0 }
	END {
		for (i = 1; i + 2 <= k; i += 3) {
			t = row[i]; sub(/ .*/, "", t); gsub(/,/, "", t); got[row[i + 2]] = t
		}
		for (fr in total) if (got[fr] != total[fr])
			printf "%s: speedscope %s, ours %s; ", fr, got[fr], total[fr]
		if (k == 0) print "no table (did it import the file?)"
	}' all.folded "$out/speedscope.rows")
	grep -q '<title>gprof.folded - speedscope</title>' "$out/speedscope.html" ||
		why="speedscope did not import it (see $out/speedscope.html) $why"
	verdict input-threads/folded/speedscope "$why"
fi

# ---- the views: --format=json, pprof and html per thread ----
# Counts from the side file only: each view's per-thread numbers equal
# --threads' and --format=folded's of the same profile.
cd "$out/r1" || exit 1
schema=$top/docs/gprof-profile.schema.json
PY=
for p in /usr/bin/python3 python3; do
	if "$p" -c 'import jsonschema' 2>/dev/null; then
		PY=$p
		break
	fi
done
"$GPROF" --format=json "$P" gmon.out >all.json 2>json.err
"$GPROF" --format=json --thread=worker-1 "$P" gmon.out >w1.json 2>>json.err
for j in all w1; do
	if [ -z "$PY" ]; then
		skip "input-threads/json/schema-$j" "no python3 with jsonschema (scripts/ensure-deps.sh test installs python3-jsonschema)"
	else
		expect "input-threads/json/schema-$j" --empty "$PY" "$here/viewcheck.py" \
			schema "$j.json" "$schema"
	fi
done
expect input-threads/json/threads --empty python3 "$here/viewcheck.py" threads \
	all.json threads.txt all.folded
expect input-threads/json/selection --empty python3 "$here/viewcheck.py" selection \
	w1.json worker-1

# pprof: each thread's stacks labelled thread=NAME and tid=TID, read by
# the real consumers: npm pprof-format (the labels, exactly) and go tool
# pprof (-tags, -tagfocus, -raw's time).
"$GPROF" --format=pprof --output=all.pb.gz "$P" gmon.out 2>pprof.err
"$GPROF" --format=pprof --thread=worker-1 --output=w1.pb.gz "$P" gmon.out 2>>pprof.err
# want.tags: "NAME TID SAMPLES" per thread with stack samples (JSON's).
python3 -c '
import json, sys
for t in json.load(open(sys.argv[1]))["threads"]:
    if t["stack_samples"]:
        print(t["name"], t["tid"], t["stack_samples"])
' all.json 2>/dev/null | sort >want.tags
python3 "$here/viewcheck.py" window all.json >want.window 2>/dev/null
npm_dir=$BUILD/npm
if command -v node >/dev/null 2>&1 && [ ! -d "$npm_dir/node_modules/pprof-format" ] &&
	command -v npm >/dev/null 2>&1; then
	timeout 300 npm install --silent --no-audit --no-fund --prefix "$npm_dir" \
		pprof-format@2.3.2 >"$out/npm-pprof.log" 2>&1
fi
if ! command -v node >/dev/null 2>&1 || [ ! -d "$npm_dir/node_modules/pprof-format" ]; then
	skip input-threads/pprof/labels "no node, or npm could not install pprof-format (see $out/npm-pprof.log)"
else
	NODE_PATH=$npm_dir/node_modules node "$here/pprof-labels.js" all.pb.gz \
		>all.labels 2>labels.err
	NODE_PATH=$npm_dir/node_modules node "$here/pprof-labels.js" w1.pb.gz \
		>w1.labels 2>>labels.err
	awk '$1 == "stack" { n[$2 " " $3] += $4 }
		END { for (k in n) print k, n[k] }' all.labels | sort >got.tags
	head -n 2 all.labels >got.window
	why=$(file_why got.tags want.tags)
	[ -z "$why" ] && why=$(file_why got.window want.window)
	[ -s labels.err ] && why="$(head -n 1 labels.err)"
	verdict input-threads/pprof/labels "$why"
	# --thread=worker-1: its stacks and its exact calls, all labelled.
	why=$(awk '$1 != "time" && $1 != "duration" && $2 != "worker-1" {
		print "a sample of " $2 ": " $0; exit }' w1.labels)
	grep -q '^calls worker-1 ' w1.labels || why="no labelled calls sample $why"
	verdict input-threads/pprof/labels-picked "$why"
fi
if ! command -v go >/dev/null 2>&1; then
	skip input-threads/pprof/go "no go (Debian's golang-go; scripts/ensure-deps.sh test installs it)"
else
	gopp() { HOME=$out GOCACHE=$out/gocache TZ=UTC go tool pprof "$@"; }
	gopp -tags all.pb.gz >tags.txt 2>tags.err
	# "thread: Total ...", then "  240.0ms (33.20%): worker-1" per value:
	# the period is 1 ms, so ms are stack samples.
	awk '/^ *thread:/ { on = 1; next } /^ *[a-z]+:/ { on = 0 }
		on && NF == 3 { ms = $1; sub(/ms$/, "", ms); print $3, ms + 0 }' \
		tags.txt | sort >got.go-tags
	awk '{ print $1, $3 }' want.tags | sort >want.go-tags
	expect_file input-threads/pprof/go-tags got.go-tags want.go-tags
	# -tagfocus=thread=worker-1: worker-1's functions only (its folded
	# frames), every one of its samples.
	gopp -tagfocus=thread=worker-1 -top all.pb.gz >focus.txt 2>focus.err
	awk '/^ *flat  flat%/ { on = 1; next } on && NF >= 6 { print $6 }' focus.txt |
		sort >got.focus
	awk -F';' '$1 == "worker-1" { sub(/ [0-9]+$/, ""); for (i = 2; i <= NF; i++) print $i }' \
		all.folded | sort -u >want.focus
	why=$(file_why got.focus want.focus)
	w1=$(awk '$1 == "worker-1" { print $3 }' want.tags)
	grep -q "^Showing nodes accounting for ${w1}ms, " focus.txt ||
		why="not ${w1}ms: $(grep '^Showing' focus.txt) $why"
	verdict input-threads/pprof/go-tagfocus "$why"
	# -raw: the window's start as the profile's time, its length.
	gopp -raw all.pb.gz >raw.txt 2>raw.err
	want=$(python3 -c '
import datetime, sys
ns = int(open(sys.argv[1]).read().split()[1])
t = datetime.datetime.fromtimestamp(ns // 10**9, datetime.timezone.utc)
frac = ("%09d" % (ns % 10**9)).rstrip("0")
print("Time: " + t.strftime("%Y-%m-%d %H:%M:%S") + ("." + frac if frac else "") + " +0000 UTC")
' want.window 2>/dev/null)
	assert input-threads/pprof/go-time "-raw says '$(grep '^Time:' raw.txt)', want '$want'" \
		grep -qxF -e "$want" raw.txt
	assert input-threads/pprof/go-duration "-raw says '$(grep '^Duration:' raw.txt)'" \
		sh -c 'grep -q "^Duration: [0-9.]*[1-9][0-9.]*\$" raw.txt'
fi

# The page: the thread table and the selector, its own checks (every
# thread's table summing to its stack samples, its flame tree rooted
# there) in headless Chromium.
"$GPROF" --format=html --output=all.html "$P" gmon.out 2>html.err
w1=$(python3 "$here/viewcheck.py" index all.json worker-1 2>/dev/null)
if [ -n "$chrome_why" ]; then
	skip input-threads/html/selftest "$chrome_why"
elif ! chrome_selftest "file://$out/r1/all.html#thread=$w1&selftest" \
	"$out/html.dom" "$out/html.selftest"; then
	skip input-threads/html/selftest "$chrome_why"
else
	why=$(grep '^FAIL' "$out/html.selftest" | tr '\n' ' ')
	grep -q '^DONE' "$out/html.selftest" || why="the self-test did not finish $why"
	for c in deep-link-thread thread-table thread-picker "thread-$w1-table-sum" \
		"thread-$w1-flame-root" thread-all; do
		grep -qx "PASS $c" "$out/html.selftest" || why="$why no '$c' check"
	done
	verdict input-threads/html/selftest "$why"
fi
exit 0
