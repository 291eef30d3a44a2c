# Shared helpers for the test suites (sourced, POSIX sh).

# compare_gprof NAME OUTDIR EXE PROFILE [OPTION...]
# Run our gprof ($GPROF) and the oracle ($ORACLE, default /usr/bin/gprof)
# with the same options on EXE and PROFILE; print "PASS NAME" when the
# exit statuses agree, stdout agrees byte for byte and both or neither
# wrote to stderr (messages are worded differently on purpose), else
# "FAIL NAME: why" and the first lines of the difference.  With
# MISMATCH_OK set, our warning that the profile does not fit the
# executable is ignored (for synthetic profiles that stray on purpose).
compare_gprof() {
	_name=$1 _dir=$2 _exe=$3 _prof=$4
	shift 4
	"$GPROF" "$@" "$_exe" "$_prof" >"$_dir/ours.txt" 2>"$_dir/ours.err"
	_ro=$?
	if [ -n "${MISMATCH_OK:-}" ]; then
		grep -v 'written by another build?$' "$_dir/ours.err" \
			>"$_dir/ours.kept"
		mv "$_dir/ours.kept" "$_dir/ours.err"
	fi
	"${ORACLE:-/usr/bin/gprof}" "$@" "$_exe" "$_prof" >"$_dir/gnu.txt" 2>"$_dir/gnu.err"
	_rg=$?
	if [ $_ro -ne $_rg ]; then
		echo "FAIL $_name: exit $_ro, GNU $_rg"
	elif ! cmp -s "$_dir/ours.txt" "$_dir/gnu.txt"; then
		echo "FAIL $_name: output differs"
		diff "$_dir/ours.txt" "$_dir/gnu.txt" | head -5
	elif { [ -s "$_dir/ours.err" ] && [ ! -s "$_dir/gnu.err" ]; } ||
		{ [ ! -s "$_dir/ours.err" ] && [ -s "$_dir/gnu.err" ]; }; then
		echo "FAIL $_name: only one of them wrote to stderr"
		head -2 "$_dir/ours.err" "$_dir/gnu.err"
	else
		echo "PASS $_name"
	fi
}

# build_many SUITE DIR: make DIR/many, the 300-function program of
# tests/progs/gen-many.sh built with -pg, unless it is there already.
# Prints "FAIL SUITE/build: why" and returns 1 when it cannot.
build_many() {
	_suite=$1 _dir=$2
	[ -x "$_dir/many" ] && return 0
	_top=$(cd "$(dirname "$0")/../.." && pwd)
	if ! sh "$_top/tests/progs/gen-many.sh" >"$_dir/many.c" 2>/dev/null; then
		echo "FAIL $_suite/build: gen-many.sh failed"
		return 1
	fi
	if ! cc -pg -O0 -no-pie -o "$_dir/many" "$_dir/many.c" 2>"$_dir/build.log"; then
		echo "FAIL $_suite/build: see $_dir/build.log"
		return 1
	fi
}

# expect_error NAME DIR WANT [ARG...]: run our gprof ($GPROF) with ARGs
# in DIR; print "PASS NAME" when it exits 1, prints nothing on stdout
# and exactly one line on stderr, "gprof: ..." containing WANT (a fixed
# string), else "FAIL NAME: why".
expect_error() {
	_name=$1 _dir=$2 _want=$3
	shift 3
	(cd "$_dir" && exec "$GPROF" "$@") >"$_dir/ours.txt" 2>"$_dir/ours.err"
	_ro=$?
	_line=$(head -n 1 "$_dir/ours.err")
	if [ $_ro -ne 1 ]; then
		echo "FAIL $_name: exit $_ro, want 1"
	elif [ -s "$_dir/ours.txt" ]; then
		echo "FAIL $_name: wrote to stdout"
	elif [ "$(wc -l <"$_dir/ours.err")" -ne 1 ]; then
		echo "FAIL $_name: want one line on stderr, got $(wc -l <"$_dir/ours.err")"
	else
		case $_line in
		"gprof: "*"$_want"*) echo "PASS $_name" ;;
		*) echo "FAIL $_name: stderr is '$_line', want '$_want'" ;;
		esac
	fi
}

# run_gprof DIR NAME ARG...: our gprof ($GPROF) with ARGs in DIR; its
# stdout in DIR/NAME.out, stderr in DIR/NAME.err, exit status in $rc.
run_gprof() {
	_dir=$1 _n=$2
	shift 2
	(cd "$_dir" && exec "$GPROF" "$@") >"$_dir/$_n.out" 2>"$_dir/$_n.err"
	rc=$?
}

# symbols BIN: "ADDR TYPE NAME" (decimal), sorted, from .symtab.
symbols() {
	readelf -sW "$1" | awk '
	function hex(s,   i, v) {
		v = 0
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	/^Symbol table/ { in_symtab = ($0 ~ /.symtab/); next }
	in_symtab && $1 ~ /^[0-9]+:$/ && $7 != "UND" && $7 != "ABS" && NF >= 8 {
		printf "%.0f %s %s\n", hex(tolower($2)), $4, $8
	}' | sort -n -k1,1 -s
}

# ---- the demo program and exact synthetic profiles of it ----

# build_demo SUITE DIR: DIR/demo, examples/demo.c built with -g -O0 -pg
# and no PIE (fixed addresses, for demo_synth).  Prints "FAIL
# SUITE/build: why" and returns 1 when it cannot.
build_demo() {
	_top=$(cd "$(dirname "$0")/../.." && pwd)
	if ! cc -g -O0 -pg -fno-PIE -no-pie -o "$2/demo" "$_top/examples/demo.c" \
		2>"$2/build.log"; then
		echo "FAIL $1/build: cannot build examples/demo.c (see $2/build.log)"
		return 1
	fi
}

# demo_addr DEMO NAME: the address of function NAME in DEMO, in hex.
demo_addr() {
	nm "$1" | awk -v n="$2" '$3 == n { print "0x" $1; exit }'
}

# demo_synth DEMO FILE RATE "FN=SAMPLES..." "CALLER>CALLEE=COUNT...":
# FILE, a profile of DEMO written by $MKGMON (tools/mkgmon) at RATE Hz
# with SAMPLES in the first histogram bin of each FN (2-byte bins over
# .text) and the arcs given (call site: the caller's entry + 4); the
# spec it was made from is FILE.spec.
demo_synth() {
	_d=$1 _f=$2 _rate=$3 _s=$4 _a=$5
	_lo=$(($(demo_addr "$_d" _init) & ~15))
	_hi=$(($(demo_addr "$_d" _fini) + 16))
	{
		echo "hist $_lo $_hi $(((_hi - _lo) / 2)) $_rate"
		for _x in $_s; do
			_a1=$(demo_addr "$_d" "${_x%%=*}")
			echo "bin $(((_a1 - _lo) / 2)) ${_x#*=}"
		done
		for _x in $_a; do
			_p=${_x%%>*} _r=${_x#*>}
			echo "arc $(($(demo_addr "$_d" "$_p") + 4))" \
				"$(demo_addr "$_d" "${_r%%=*}") ${_r#*=}"
		done
	} >"$_f.spec"
	"$MKGMON" -o "$_f" "$_f.spec"
}

# ---- headless Chromium, for the HTML pages' self-tests ----

# find_chromium DIR: CHROME, the browser ($CHROMIUM, else chromium,
# chromium-browser or google-chrome from the PATH), and chrome_why, why
# the browser cases SKIP ("" when there is a browser); the browser keeps
# its profile in DIR/chrome-profile.
find_chromium() {
	chrome_profile=$1/chrome-profile
	CHROME=${CHROMIUM:-}
	if [ -z "$CHROME" ]; then
		for _c in chromium chromium-browser google-chrome; do
			if command -v "$_c" >/dev/null 2>&1; then
				CHROME=$_c
				break
			fi
		done
	fi
	chrome_why=
	[ -n "$CHROME" ] ||
		chrome_why="no chromium on the PATH (scripts/ensure-deps.sh test installs it)"
}

# chrome_dom URL OUT: the DOM after load (and the page's scripts) in
# OUT, the browser's messages in OUT.err.
chrome_dom() {
	timeout 180 "$CHROME" --headless --no-sandbox --disable-gpu \
		--no-first-run --disable-extensions --disable-sync \
		--user-data-dir="$chrome_profile" \
		--virtual-time-budget=20000 --dump-dom "$1" >"$2" 2>"$2.err"
}

# chrome_selftest URL DOM SELFTEST: load URL (a page with "selftest" in
# its hash) with chrome_dom into DOM, and write the page's self-test
# lines (the first <pre id="selftest">, up to its DONE; the pages'
# scripts, also in the DOM, hold that text too) to SELFTEST.  When the
# browser wrote no DOM, sets chrome_why (it cannot run here) and
# returns 1.
chrome_selftest() {
	chrome_dom "$1" "$2"
	_rc=$?
	awk '/<pre id="selftest">/ { on = 1; sub(/.*<pre id="selftest">/, "") }
		on { print } on && /^DONE/ { exit }' "$2" >"$3"
	if [ ! -s "$2" ]; then
		chrome_why="chromium cannot run here (exit $_rc: $(grep -v 'dbus\|DBus\|^$' "$2.err" | tail -n 1))"
		return 1
	fi
}
