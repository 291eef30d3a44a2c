# Shared helpers for the test suites (sourced, POSIX sh).

# Every case prints exactly one verdict line: "PASS NAME", "FAIL NAME:
# why" (the why on that one line; detail such as a diff may follow on
# lines of its own) or "SKIP NAME: why", where NAME starts with the
# suite's name ("rt-accept/fork-prefix/linked").  tests/run-suites.sh
# counts them.  The verbs below are the one way to reach a verdict, and
# tests/tree-libsh fails a suite that prints one itself or defines a
# verb of its own under one of these names:
#
#   pass / fail / skip / verdict   print a verdict (the primitives);
#   verdict_log NAME LOG STATUS     a check that wrote a log: its status,
#                                   and the log's complaint when it failed;
#   assert NAME WHY CMD...          a predicate: CMD must exit 0;
#   expect NAME [OPTS] CMD... <<EOF a command's stdout (and exit status,
#                                   and stderr) against expected text;
#   expect_file NAME GOT WANT       a file made earlier against a stored
#                                   expected file;
#   expect_error NAME DIR WANT ARG... our gprof must refuse, in one line;
#   compare_gprof / same_as_gnu     our gprof against GNU gprof.
#
# A suite opens with t_suite NAME (below).  A comparison fails when both
# sides printed nothing, unless the case says that nothing is what it
# must print: EMPTY_OK=1 in the environment, or --empty for expect and
# expect_file.  (An error exit that says why on stderr is judged by its
# status and its stderr.)  tests/README.md says which suite a new case
# belongs in.

# t_suite NAME: the opening of suite NAME's run.sh, after it sources this
# file: set -u and LC_ALL=C; GPROF and BUILD must be set (else the suite
# exits, saying which); here is the suite's folder, top the tree's, and
# out=$BUILD/NAME a fresh empty folder for the suite's files.
t_suite() {
	set -u
	LC_ALL=C
	export LC_ALL
	: "${GPROF:?GPROF must name our gprof}"
	: "${BUILD:?BUILD must name the build directory}"
	here=$(cd "$(dirname "$0")" && pwd)
	top=$(cd "$here/../.." && pwd)
	out=$BUILD/$1
	rm -rf "$out"
	mkdir -p "$out" || exit 1
}

# pass NAME / fail NAME WHY [DETAIL] / skip NAME [WHY]: one verdict
# line, written with one printf so that parallel runners do not cut into
# it; fail's DETAIL (lines that say more, such as a command to rerun or
# a diff) follows in the same printf.
pass() {
	printf 'PASS %s\n' "$1"
}
fail() {
	if [ -n "${3:-}" ]; then
		printf 'FAIL %s: %s\n%s\n' "$1" "${2:-failed without saying why}" "$3"
	else
		printf 'FAIL %s: %s\n' "$1" "${2:-failed without saying why}"
	fi
}
skip() {
	if [ -n "${2:-}" ]; then
		printf 'SKIP %s: %s\n' "$1" "$2"
	else
		printf 'SKIP %s\n' "$1"
	fi
}

# verdict NAME WHY [STATUS]: "PASS NAME" when WHY is empty and STATUS
# (the check's exit status, default 0) is 0, else "FAIL NAME: WHY".
verdict() {
	if [ "${3:-0}" -ne 0 ] && [ -z "$2" ]; then
		fail "$1" "failed without saying why"
	elif [ -z "$2" ]; then
		pass "$1"
	else
		fail "$1" "$2"
	fi
}

# verdict_log NAME LOG [STATUS]: a check that wrote what it found to the
# file LOG and exited with STATUS (default 0): "PASS NAME" when STATUS is
# 0, else "FAIL NAME: exit STATUS: " and LOG's first three lines that
# complain (holding BAD, "not ok", error or fail), or its last line when
# none does.
verdict_log() {
	if [ "${3:-0}" -eq 0 ]; then
		pass "$1"
		return
	fi
	_vl=$(grep -m 3 -E 'BAD|not ok|error|fail' "$2" 2>/dev/null | paste -s -d ' ' -)
	[ -n "$_vl" ] || _vl=$(tail -n 1 "$2" 2>/dev/null)
	fail "$1" "exit $3${_vl:+: $_vl}"
}

# assert NAME WHY CMD [ARG...]: run the predicate CMD (its output is
# discarded); "PASS NAME" when it exits 0, else "FAIL NAME: WHY".
assert() {
	_an=$1 _aw=$2
	shift 2
	if "$@" >/dev/null 2>&1; then
		pass "$_an"
	else
		fail "$_an" "$_aw"
	fi
}

# t_scratch NAME: a fresh folder for case NAME's files, under $out (the
# suite's output folder) or else $BUILD, printed.
t_scratch() {
	_ts=${out:-${BUILD:?}/tests}/expect/$(printf '%s' "$1" | tr '/ :' '___')
	rm -rf "$_ts"
	mkdir -p "$_ts" && printf '%s\n' "$_ts"
}

# empty_fails FILE: true (a comparison must fail) when FILE is empty
# and the case did not say that empty output is right (EMPTY_OK).
empty_fails() {
	[ ! -s "$1" ] && [ -z "${EMPTY_OK:-}" ]
}

# empty_listed NAME FILE: true when case NAME matches one of FILE's
# extended regexes (one a line; "#" starts a comment), the suite's list
# of cases that must print nothing (a case matrix's EMPTY_OK).
empty_listed() {
	[ -f "$2" ] || return 1
	sed -e 's/[[:space:]]*#.*//' -e '/^$/d' "$2" >"${out:-/tmp}/.empty.re.$$"
	printf '%s\n' "$1" | grep -Eqf "${out:-/tmp}/.empty.re.$$"
	_elr=$?
	rm -f "${out:-/tmp}/.empty.re.$$"
	return $_elr
}

# file_why GOT WANT [--empty]: why file GOT does not hold the bytes of
# file WANT, or nothing when it does; both empty is a difference unless
# --empty or EMPTY_OK says that empty is right.
file_why() {
	if [ ! -e "$2" ]; then
		echo "no expected file $2"
	elif [ ! -e "$1" ]; then
		echo "$1 was not written"
	elif ! cmp -s "$1" "$2"; then
		echo "$(basename "$1") differs from $(basename "$2") ($(where "$2" "$1"))"
	elif [ ! -s "$1" ] && [ "${3:-}" != --empty ] && empty_fails "$1"; then
		echo "$(basename "$1") is empty (say --empty if that is right)"
	fi
}

# show_diff WANT GOT: the first lines of the difference of two files,
# or where they first differ when either holds a NUL byte (not text).
show_diff() {
	if [ "$(tr -d '\000' <"$1" | wc -c)" -eq "$(wc -c <"$1")" ] &&
		[ "$(tr -d '\000' <"$2" | wc -c)" -eq "$(wc -c <"$2")" ]; then
		diff "$1" "$2" | head -n 8
	else
		echo "  binary files: $(where "$1" "$2")"
	fi
}

# expect_file NAME GOT WANT [--empty]: "PASS NAME" when file GOT holds
# the bytes of file WANT (file_why), else "FAIL NAME: why" and the first
# lines of the difference (WANT first).
expect_file() {
	_ew=$(file_why "$2" "$3" "${4:-}")
	if [ -z "$_ew" ]; then
		pass "$1"
	else
		fail "$1" "$_ew"
		[ ! -e "$2" ] || [ ! -e "$3" ] || show_diff "$3" "$2"
	fi
}

# expect NAME [OPTION...] [--] CMD [ARG...] <EXPECTED: run CMD (a
# program or a shell function; stdin from /dev/null, in a subshell) and
# compare its stdout with the expected text read from our stdin (a
# here-document, as elfutils' testrun_compare) or from --want=FILE.
# Options:
#   --rc=N        the exit status must be N (default 0);
#   --err=FILE    stderr must equal FILE ("--err=-": may be anything;
#                 default: stderr must be empty);
#   --in=DIR      run CMD in DIR;
#   --empty       the expected stdout is empty (else two empty outputs
#                 fail, as everywhere);
#   --want=FILE   the expected stdout is FILE, not our stdin.
# Prints "PASS NAME" or "FAIL NAME: why" and the first lines of the
# difference; CMD's stdout, stderr and status stay in the case's
# scratch folder (t_scratch NAME), in out, err and rc.
expect() {
	_xn=$1
	shift
	_xrc=0 _xerr='' _xin=. _xempty=${EMPTY_OK:-} _xwant=''
	while [ $# -gt 0 ]; do
		case $1 in
		--rc=*) _xrc=${1#--rc=} ;;
		--err=*) _xerr=${1#--err=} ;;
		--in=*) _xin=${1#--in=} ;;
		--empty) _xempty=1 ;;
		--want=*) _xwant=${1#--want=} ;;
		--) shift && break ;;
		*) break ;;
		esac
		shift
	done
	_xd=$(t_scratch "$_xn") || {
		fail "$_xn" "cannot make a scratch folder"
		return
	}
	if [ -n "$_xwant" ]; then
		cp "$_xwant" "$_xd/want" 2>/dev/null || : >"$_xd/want"
	else
		cat >"$_xd/want"
	fi
	(cd "$_xin" && "$@") </dev/null >"$_xd/out" 2>"$_xd/err"
	echo $? >"$_xd/rc"
	_xgot=$(cat "$_xd/rc")
	if [ "$_xgot" != "$_xrc" ]; then
		fail "$_xn" "exit $_xgot, want $_xrc ($(head -c 200 "$_xd/err" | head -n 1))"
	elif ! cmp -s "$_xd/out" "$_xd/want"; then
		fail "$_xn" "stdout differs"
		diff "$_xd/want" "$_xd/out" | head -n 8
	elif [ ! -s "$_xd/out" ] && [ -z "$_xempty" ]; then
		fail "$_xn" "printed nothing (say --empty if that is right)"
	elif [ -z "$_xerr" ] && [ -s "$_xd/err" ]; then
		fail "$_xn" "stderr: $(head -c 200 "$_xd/err" | head -n 1)"
	elif [ -n "$_xerr" ] && [ "$_xerr" != - ] &&
		! cmp -s "$_xd/err" "$_xerr"; then
		fail "$_xn" "stderr differs"
		diff "$_xerr" "$_xd/err" | head -n 5
	else
		pass "$_xn"
	fi
}

# where WANT GOT: where two different files first differ, in words.
where() {
	_w=$(cmp "$1" "$2" 2>&1)
	case $_w in
	*"EOF on $1"*) echo "ours is longer" ;;
	*EOF*) echo "ours is a prefix" ;;
	*differ:*) echo "${_w#*differ: }" ;;
	*) echo "$_w" ;;
	esac
}

# gmon.sum comparisons: sum_same and sum_where (tests/gmonsum.sh), which
# leave out the header bytes GNU gprof -s leaves undefined.
# (lib.sh is sourced by tests/SUITE/run.sh; $0 is that script, or lib.sh.)
for _gs in "$(dirname "$0")/../gmonsum.sh" "$(dirname "$0")/gmonsum.sh"; do
	if [ -f "$_gs" ]; then
		# shellcheck source=tests/gmonsum.sh
		. "$_gs"
		break
	fi
done

# gnu_why OURS GNU: why our run disagrees with GNU's, or nothing when
# it agrees.  OURS and GNU are folders each holding one run: stdout,
# stderr, status (the exit status) and gmon.sum when the run wrote one.
# They agree when the exit statuses are equal, stdout is the same bytes,
# both or neither wrote to stderr (our messages are worded differently
# on purpose) and gmon.sum is missing from both or the same bytes in
# both (sum_same); but two runs that print nothing (an empty stdout, no
# gmon.sum, and exit 0 or no message) do not agree unless EMPTY_OK says
# that nothing is right.  (An error exit with a message is judged by its
# status and stderr.)  A status of 124 is a timeout.  gnu_compare sets
# $gnu_reason instead of printing it (no subshell: gnu-matrix's 8000
# cases; statuses are read, not cat'ed, for the same reason).
gnu_compare() {
	gnu_reason=
	_os=missing _gs=missing
	[ -r "$1/status" ] && read -r _os <"$1/status"
	[ -r "$2/status" ] && read -r _gs <"$2/status"
	: "${_os:=missing}" "${_gs:=missing}"
	if [ "$_os" = 124 ] && [ "$_gs" != 124 ]; then
		gnu_reason="ours timed out"
	elif [ "$_os" -gt 128 ] 2>/dev/null && [ "$_gs" -le 128 ]; then
		gnu_reason="ours died of signal $((_os - 128))"
	elif ! cmp -s "$2/stdout" "$1/stdout"; then
		gnu_reason="stdout differs ($(where "$2/stdout" "$1/stdout"))"
	elif [ "$_os" != "$_gs" ]; then
		gnu_reason="exit status $_os, want $_gs"
	elif [ -s "$1/stderr" ] && [ ! -s "$2/stderr" ]; then
		gnu_reason="unexpected stderr: $(head -c 100 "$1/stderr" | head -n 1)"
	elif [ ! -s "$1/stderr" ] && [ -s "$2/stderr" ]; then
		gnu_reason="no stderr, want: $(head -c 100 "$2/stderr" | head -n 1)"
	elif [ -e "$2/gmon.sum" ] && [ ! -e "$1/gmon.sum" ]; then
		gnu_reason="no gmon.sum written"
	elif [ ! -e "$2/gmon.sum" ] && [ -e "$1/gmon.sum" ]; then
		gnu_reason="gmon.sum written, want none"
	elif [ -e "$2/gmon.sum" ] && ! sum_same "$2/gmon.sum" "$1/gmon.sum"; then
		gnu_reason="gmon.sum differs ($(sum_where "$2/gmon.sum" "$1/gmon.sum"))"
	elif [ ! -s "$2/stdout" ] && [ ! -e "$2/gmon.sum" ] &&
		{ [ "$_gs" = 0 ] || [ ! -s "$2/stderr" ]; } &&
		empty_fails "$2/stdout"; then
		gnu_reason="both printed nothing (EMPTY_OK=1 if that is right)"
	fi
}

gnu_why() {
	gnu_compare "$@"
	[ -z "$gnu_reason" ] || printf '%s\n' "$gnu_reason"
}

# run_one DIR [WRAP] -- PROG ARG...: run PROG in DIR (created; a gmon.sum
# left there is removed first), under the command WRAP if given (e.g.
# "timeout 60"), stdout, stderr and status in DIR.
run_one() {
	_rd=$1
	shift
	_rw=
	while [ "$1" != -- ]; do
		_rw="$_rw $1"
		shift
	done
	shift
	mkdir -p "$_rd" && rm -f "$_rd/gmon.sum"
	# shellcheck disable=SC2086
	(cd "$_rd" && exec $_rw "$@") >"$_rd/stdout" 2>"$_rd/stderr"
	echo $? >"$_rd/status"
}

# same_as_gnu [--empty] [--quiet] [--report] NAME DIR ARG...: run our gprof ($GPROF)
# and the oracle ($ORACLE, default /usr/bin/gprof) with the same ARGs in
# the current folder, their outputs in DIR/ours and DIR/gnu (as run_one
# leaves them; a gmon.sum that a run writes is moved there, unless the
# folder held one before, which is then an input left alone), and print
# "PASS NAME" when they agree (gnu_why), else "FAIL NAME: why" and the
# first lines of the difference.  --empty: printing nothing is right
# (as EMPTY_OK=1); --quiet: neither may write to stderr; --report: GNU
# must print a report (stdout), so that the case cannot pass by both
# refusing it.  With
# MISMATCH_OK set, our warning that the profile does not fit the
# executable is ignored (for synthetic profiles that stray on purpose).
# With GNU_GIVES_UP set to a pattern (grep -E), a case where GNU's
# stderr matches it passes when ours exits 0 (GNU's known failures).
same_as_gnu() {
	_se=${EMPTY_OK:-} _sq= _sr=
	while :; do
		case $1 in
		--empty) _se=1 ;;
		--quiet) _sq=1 ;;
		--report) _sr=1 ;;
		*) break ;;
		esac
		shift
	done
	_sn=$1 _sd=$2
	shift 2
	rm -rf "$_sd/ours" "$_sd/gnu"
	mkdir -p "$_sd/ours" "$_sd/gnu"
	_spre=
	[ -e gmon.sum ] && _spre=1
	"$GPROF" "$@" >"$_sd/ours/stdout" 2>"$_sd/ours/stderr"
	echo $? >"$_sd/ours/status"
	[ -n "$_spre" ] || [ ! -e gmon.sum ] || mv gmon.sum "$_sd/ours/gmon.sum"
	if [ -n "${MISMATCH_OK:-}" ]; then
		grep -v 'written by another build?$' "$_sd/ours/stderr" \
			>"$_sd/ours/stderr.kept"
		mv "$_sd/ours/stderr.kept" "$_sd/ours/stderr"
	fi
	"${ORACLE:-/usr/bin/gprof}" "$@" >"$_sd/gnu/stdout" 2>"$_sd/gnu/stderr"
	echo $? >"$_sd/gnu/status"
	[ -n "$_spre" ] || [ ! -e gmon.sum ] || mv gmon.sum "$_sd/gnu/gmon.sum"
	if [ -n "${GNU_GIVES_UP:-}" ] &&
		grep -Eq -- "$GNU_GIVES_UP" "$_sd/gnu/stderr"; then
		if [ "$(cat "$_sd/ours/status")" = 0 ]; then
			pass "$_sn"
		else
			fail "$_sn" "exit $(cat "$_sd/ours/status") where GNU gives up"
		fi
		return
	fi
	_sy=$(EMPTY_OK=$_se gnu_why "$_sd/ours" "$_sd/gnu")
	if [ -z "$_sy" ] && [ -n "$_sq" ] &&
		{ [ -s "$_sd/ours/stderr" ] || [ -s "$_sd/gnu/stderr" ]; }; then
		_sy="stderr: $(head -n 1 "$_sd/ours/stderr" "$_sd/gnu/stderr" | tr '\n' ' ')"
	fi
	if [ -z "$_sy" ] && [ -n "$_sr" ] && [ ! -s "$_sd/gnu/stdout" ]; then
		_sy="GNU printed no report (a broken case)"
	fi
	if [ -z "$_sy" ]; then
		pass "$_sn"
	else
		fail "$_sn" "$_sy"
		case $_sy in
		stdout*) diff "$_sd/ours/stdout" "$_sd/gnu/stdout" | head -n 5 ;;
		*stderr*) head -n 2 "$_sd/ours/stderr" "$_sd/gnu/stderr" ;;
		esac
	fi
}

# compare_gprof NAME OUTDIR EXE PROFILE [OPTION...]: same_as_gnu NAME
# OUTDIR OPTION... EXE PROFILE.
compare_gprof() {
	_cgn=$1 _cgd=$2 _cge=$3 _cgp=$4
	shift 4
	same_as_gnu "$_cgn" "$_cgd" "$@" "$_cge" "$_cgp"
}

# build_many SUITE DIR: make DIR/many, the 300-function program of
# tests/progs/gen-many.sh built with -pg, unless it is there already.
# Prints "FAIL SUITE/build: why" and returns 1 when it cannot.
build_many() {
	_suite=$1 _dir=$2
	[ -x "$_dir/many" ] && return 0
	_top=$(cd "$(dirname "$0")/../.." && pwd)
	if ! sh "$_top/tests/progs/gen-many.sh" >"$_dir/many.c" 2>/dev/null; then
		fail "$_suite/build" "gen-many.sh failed"
		return 1
	fi
	if ! cc -pg -O0 -no-pie -o "$_dir/many" "$_dir/many.c" 2>"$_dir/build.log"; then
		fail "$_suite/build" "see $_dir/build.log"
		return 1
	fi
}

# expect_error NAME DIR WANT [ARG...]: our gprof ($GPROF) with ARGs must
# refuse.  It runs in DIR with stdin from /dev/null, under "timeout 10"
# when there is one, after the shell command $T_LIMIT (e.g. a ulimit;
# default none) and under the command $T_WRAP (default none); its stdout
# and stderr are kept in the case's scratch folder (t_scratch NAME, out
# and err).  "PASS NAME" when it exits 1, prints nothing on stdout,
# exactly one line on stderr, "gprof: ..." holding WANT (a fixed string;
# empty: any), and leaves DIR as it found it; else "FAIL NAME: why".
expect_error() {
	_en=$1 _edir=$2 _ewant=$3
	shift 3
	_ed=$(t_scratch "$_en") || {
		fail "$_en" "cannot make a scratch folder"
		return
	}
	_eto=
	command -v timeout >/dev/null 2>&1 && _eto="timeout 10"
	_ebefore=$(ls -A "$_edir")
	# shellcheck disable=SC2086
	(cd "$_edir" && ${T_LIMIT:-:} && exec ${T_WRAP:-} $_eto "$GPROF" "$@") \
		>"$_ed/out" 2>"$_ed/err" </dev/null
	_erc=$?
	_eafter=$(ls -A "$_edir")
	_elines=$(wc -l <"$_ed/err")
	_efirst=$(head -n 1 "$_ed/err")
	if [ $_erc -eq 124 ] && [ -n "$_eto" ]; then
		fail "$_en" "timed out (10s)"
	elif [ $_erc -gt 128 ]; then
		fail "$_en" "killed by signal $((_erc - 128)): $_efirst"
	elif [ $_erc -ne 1 ]; then
		fail "$_en" "exit status $_erc, want 1${_efirst:+ (stderr: $_efirst)}"
	elif [ -s "$_ed/out" ]; then
		fail "$_en" "wrote to stdout: $(head -c 100 "$_ed/out" | head -n 1)"
	elif [ "$_elines" -ne 1 ] || [ -n "$(tail -c 1 "$_ed/err")" ]; then
		fail "$_en" "$_elines lines on stderr, want 1: $_efirst"
	else
		case $_efirst in
		"gprof: "*"$_ewant"*)
			if [ "$_ebefore" != "$_eafter" ]; then
				fail "$_en" "left files behind: $(echo "$_eafter" | tr '\n' ' ')"
			else
				pass "$_en"
			fi
			;;
		"gprof: "?*) fail "$_en" "stderr lacks '$_ewant': $_efirst" ;;
		*) fail "$_en" "stderr does not start with 'gprof: ': $_efirst" ;;
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
		fail "$1/build" "cannot build examples/demo.c (see $2/build.log)"
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

# drop_clock_shortfall FILE: FILE (our gprof's stderr) without the
# warning that a run's samples fall short of the time its clock
# measured.  The collector's end-to-end suites check counts and
# reports; how many periods a clock delivers is tests/rt-sampler's to
# check, with tolerances from the sample count.  A short run (0.1 to
# 0.4 s) slowed by qemu, sanitizers or a loaded machine may miss a few
# periods, and gprof then rightly says so: that is not their failure.
drop_clock_shortfall() {
	{ grep -v ': the samples stand for .* short); the times are off' \
		"$1" || :; } >"$1.keep"
	mv "$1.keep" "$1"
}
