# tests/rt-accept/harness.sh - what the collector suites share (sourced,
# POSIX sh): tests/rt-accept, tests/rt-aarch64, tests/rt-musl
# and tests/rt-shlib build programs that print their own call counts
# ("ARC caller callee count", progs/truth.h), run them, and hold the
# profiles they wrote against that truth with these helpers.
#
# The suite sets, before calling them: GPROF (our gprof), GNU (the
# oracle for the target), has_gnu (no: the oracle is not installed,
# only ours reads the profiles; default yes), out (the suite's folder,
# emptied when it starts); run_case sets, per case, dir (the case's
# folder: truth.txt, and the files below are written there) and rundir
# (where the program ran).  Helpers print why they fail on stdout and
# return 1; the suite turns that into a verdict.  Names starting with
# "_" are the helpers' scratch variables.

# The verdicts (verdict, pass, fail, skip) are tests/lib.sh's.
. "$(cd "$(dirname "$0")" && pwd)/../lib.sh"

# mode_cflags MODE / mode_ldflags MODE: the compiler's and the linker's
# flags of a link mode (nopie, pie, static, static-pie).
mode_cflags() {
	case $1 in
	nopie | static) echo "-fno-PIE" ;;
	pie | static-pie) echo "-fPIE" ;;
	esac
}
mode_ldflags() {
	case $1 in
	nopie) echo "-no-pie" ;;
	pie) echo "-pie" ;;
	static) echo "-no-pie -static" ;;
	static-pie) echo "-static-pie" ;;
	esac
}

# run_case NAME SECONDS COMMAND...: set dir to $out/cases/NAME (NAME's
# slashes turned into "_") and rundir to the new folder $dir/run, and
# run COMMAND there under timeout SECONDS, its stdout (the truth) in
# $dir/truth.txt, its stderr in $dir/stderr.txt.  Prints why and returns
# 1 when COMMAND does not exit 0.
run_case() {
	dir=$out/cases/$(echo "$1" | tr '/' '_')
	rundir=$dir/run
	mkdir -p "$rundir"
	_t=$2
	shift 2
	(cd "$rundir" && exec timeout "$_t" "$@") \
		>"$dir/truth.txt" 2>"$dir/stderr.txt"
	_rc=$?
	if [ $_rc -ne 0 ]; then
		echo "the program exited $_rc ($(head -1 "$dir/stderr.txt"))"
		return 1
	fi
}

# run_env NAME RUNNER EXE [VAR=VALUE...] [-- ARG...]: run_case NAME
# for 60 s of EXE ARG..., behind RUNNER (words: an emulator and its
# options, or "" for none), with VAR=VALUE... added to the environment
# of the program (and of RUNNER, which passes it on), not of timeout(1),
# which a preloaded runtime would profile too.
run_env() {
	_n=$1 _r=$2 _e=$3
	shift 3
	_env=
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		_env="$_env $1"
		shift
	done
	[ $# -gt 0 ] && shift
	# shellcheck disable=SC2086
	run_case "$_n" 60 env $_env $_r "$_e" "$@"
}

# profiles DIR: the files in DIR that start as GNU profiles do, "gmon"
# and version 1 (little-endian), one a line; side files (NAME.gmonx)
# are not.
profiles() {
	for _f in "$1"/* "$1"/.[!.]*; do
		[ -f "$_f" ] || continue
		[ "$(head -c 8 "$_f" | od -An -tx1 | tr -d ' \n')" = 676d6f6e01000000 ] &&
			echo "$_f"
	done
}

# no_strays DIR: DIR holds only profiles and their side files (NAME.gmonx
# beside NAME): a temporary left behind means the file was not written
# to another name and renamed.
no_strays() {
	_p=$(profiles "$1")
	for _f in "$1"/* "$1"/.[!.]*; do
		[ -e "$_f" ] || continue
		case " $(echo $_p) " in *" $_f "*) continue ;; esac
		case $_f in
		*.gmonx) case " $(echo $_p) " in *" ${_f%.gmonx} "*) continue ;; esac ;;
		esac
		echo "stray file $(basename "$_f")"
		return 1
	done
}

# one_profile [side]: the single profile of $rundir into $prof, with
# nothing else there but its side file (no_strays); with "side", that
# side file must be there (only libgmon writes one).
one_profile() {
	no_strays "$rundir" || return 1
	prof=$(profiles "$rundir")
	case $prof in
	"") echo "no profile written ($(head -1 "$dir/stderr.txt"))"
		return 1 ;;
	*"
"*) echo "several profiles: $(echo "$prof" | xargs -n1 basename | tr '\n' ' ')"
		return 1 ;;
	esac
	if [ "${1:-}" = side ] && [ ! -f "$prof.gmonx" ]; then
		echo "no side file $(basename "$prof").gmonx: libgmon did not write the profile"
		return 1
	fi
}

# graph_arcs: "caller callee count" for every arc of a "-b -q" report on
# stdin, from parent and child lines alike, one line each, sorted and
# without repeats.
graph_arcs() {
	awk '
	function flush(   i, p) {
		p = 0
		for (i = 1; i <= n; i++)
			if (line[i] ~ /^\[/) p = i
		if (p == 0) { n = 0; return }
		split(line[p], f)
		me = f[length(f) - 1]
		for (i = 1; i <= n; i++) {
			if (i == p) continue
			k = split(line[i], f)
			if (k < 3 || f[k] !~ /^\[[0-9]+\]$/) continue
			c = f[k - 2]
			if (c !~ /^[0-9]+(\/[0-9]+)?$/) continue
			sub(/\/.*/, "", c)
			if (i < p) print f[k - 1], me, c
			else print me, f[k - 1], c
		}
		n = 0
	}
	/^Index by function name/ { flush(); started = 0; done = 1 }
	done { next }
	/^index / { started = 1; n = 0; next }
	!started { next }
	/^-----/ { flush(); next }
	{ line[++n] = $0 }
	END { flush() }' | sort -u
}

# gprof_arcs GPROF EXE PROFILE...: graph_arcs of "GPROF -b -q EXE
# PROFILE...", its stderr in $dir/gprof.err.
gprof_arcs() {
	_g=$1
	shift
	"$_g" -b -q "$@" 2>"$dir/gprof.err" | graph_arcs
}

# compare_arcs TRUTH ARCS: every truth arc ("ARC caller callee count"
# lines of TRUTH, summed) has its count in ARCS (graph_arcs lines; a
# count of 0: absent) and only one count there, and every arc of ARCS
# between functions the truth names is in the truth.  Prints the first
# differences; returns 1.
compare_arcs() {
	awk '
	FNR == NR {
		if ($1 == "ARC") {
			want[$2 " " $3] += $4
			named[$2] = 1
			named[$3] = 1
		}
		next
	}
	($1 in named) && ($2 in named) {
		k = $1 " " $2
		if (k in got) dup[k] = 1
		got[k] = $3
	}
	END {
		bad = 0
		for (k in want) {
			g = (k in got) ? got[k] : 0
			if (g != want[k] || (k in dup)) {
				if (++bad <= 3) {
					sep = (bad > 1) ? "; " : ""
					shown = (k in dup) ? "two counts" : g
					printf "%s%s: %s, truth %s", sep, k, shown, want[k]
				}
			}
		}
		for (k in got)
			if (!(k in want) && ++bad <= 3) {
				sep = (bad > 1) ? "; " : ""
				printf "%s%s: %s, truth none", sep, k, got[k]
			}
		if (bad > 3) printf "; and %d more", bad - 3
		exit bad > 0
	}' "$1" "$2"
}

# check_arcs EXE PROFILE...: our gprof and the oracle (unless has_gnu is
# no) read the profiles (exit 0) and print the truth's arcs
# ($dir/truth.txt, compare_arcs); with -b both print the same bytes,
# ours with nothing on stderr (the side files beside the profiles
# belong to them: no warning).
check_arcs() {
	if ! grep -q '^ARC ' "$dir/truth.txt"; then
		echo "the program printed no truth"
		return 1
	fi
	_gs=ours
	[ "${has_gnu:-yes}" = no ] || _gs="ours GNU"
	for _which in $_gs; do
		_g=$GPROF
		[ $_which = GNU ] && _g=$GNU
		gprof_arcs "$_g" "$@" >"$dir/arcs-$_which.txt"
		"$_g" -b -q "$@" >/dev/null 2>&1
		_rc=$?
		if [ $_rc -ne 0 ]; then
			echo "$_which gprof exits $_rc: $(head -1 "$dir/gprof.err")"
			return 1
		fi
		if ! _why=$(compare_arcs "$dir/truth.txt" "$dir/arcs-$_which.txt"); then
			echo "$_which gprof: $_why"
			return 1
		fi
	done
	"$GPROF" -b "$@" >"$dir/report-ours.txt" 2>"$dir/report-ours.err"
	if [ "${has_gnu:-yes}" != no ]; then
		"$GNU" -b "$@" >"$dir/report-GNU.txt" 2>/dev/null
		if ! cmp -s "$dir/report-ours.txt" "$dir/report-GNU.txt"; then
			echo "gprof -b: our report differs from GNU's (diff $dir/report-ours.txt $dir/report-GNU.txt)"
			return 1
		fi
	fi
	# The clock's shortfall may be reported (lib.sh's
	# drop_clock_shortfall says why); any other warning fails.
	drop_clock_shortfall "$dir/report-ours.err"
	if [ -s "$dir/report-ours.err" ]; then
		echo "our gprof -b warns: $(head -1 "$dir/report-ours.err")"
		return 1
	fi
}

# fork_arcs EXE: $rundir holds two profiles (the parent's and the
# child's) and together they give the truth's arcs (check_arcs).
fork_arcs() {
	# shellcheck disable=SC2046
	set -- "$1" $(profiles "$rundir")
	if [ $# -ne 3 ]; then
		echo "want 2 profiles (parent, child), got $(($# - 1)): $(ls "$rundir" | tr '\n' ' ')"
		return 1
	fi
	check_arcs "$@"
}

# hot_cold NM EXE PROFILE: progs/hotcold.c's tiny_hot has samples in
# PROFILE and never_run, the function after it, none ($out/histsum
# counts them; NM reads EXE's symbols, whose addresses are the
# profile's).  Prints why; returns 1.
hot_cold() {
	# tiny_hot's range runs to the next symbol, never_run's own.
	# shellcheck disable=SC2046
	set -- "$3" $("$1" -S -n "$2" | awk '
		$4 == "tiny_hot" { hot = $1; want = 1; next }
		want && NF == 4 { print hot, $1, $4, $2; exit }')
	if [ $# -ne 5 ] || [ "$4" != never_run ]; then
		shift
		echo "never_run does not follow tiny_hot: $*"
		return 1
	fi
	_hot=$("$out/histsum" "$1" "$2" "$3") || _hot=error
	_cold=$("$out/histsum" "$1" "$3" "$(printf '%x' $((0x$3 + 0x$5)))") ||
		_cold=error
	if [ "$_cold" != 0 ]; then
		echo "never_run got $_cold samples (tiny_hot $_hot), want 0"
		return 1
	fi
	if [ "$_hot" = error ] || [ "$_hot" -eq 0 ]; then
		echo "tiny_hot got no samples$(grep -m1 libgmon "$dir/stderr.txt" | sed 's/.*/ (&)/')"
		return 1
	fi
}

# exec_counts GPROF EXE PROFILE: "name count;" for each of f1, f2, f3
# and main that "GPROF -b -C" lists, sorted, on one line.
exec_counts() {
	"$1" -b -C "$2" "$3" 2>/dev/null |
		sed -n 's/.*(\([^():]*\):0x[0-9a-f]*) \([0-9]*\) executions$/\1 \2/p' |
		grep -E '^(f1|f2|f3|main) ' | sort | tr '\n' ';'
}

# tstgmon_counts EXE PROFILE MODE: glibc's tst-gmon contract
# (progs/tstgmon.c) in the "-C" counts of our gprof and of the oracle
# (unless has_gnu is no): f1 2000, f2 1000, f3 1, and main 1 when the
# link MODE is static or static-pie.  Prints each mismatch; returns 1.
tstgmon_counts() {
	_want="f1 2000;f2 1000;f3 1;"
	case $3 in static*) _want="f1 2000;f2 1000;f3 1;main 1;" ;; esac
	_gs=$GPROF
	[ "${has_gnu:-yes}" = no ] || _gs="$GPROF $GNU"
	_bad=0
	for _g in $_gs; do
		_got=$(exec_counts "$_g" "$1" "$2")
		[ "$_got" = "$_want" ] && continue
		echo "$(basename "$_g") -C: got '$_got', want '$_want'"
		_bad=1
	done
	return $_bad
}

# musl_aarch64_root DIR LOG: make sure DIR holds the arm64 musl sysroot
# of scripts/musl-aarch64-root.sh: when it is missing and this runs as
# root with the cross compiler installed (as on CI), make it, its output
# in LOG.  A lock (flock, when there is one) keeps two suites that run
# at once from making it into the same folder together.  Never fails:
# the caller checks DIR and skips without it.
musl_aarch64_root() {
	[ -x "$1/musl-gcc" ] && [ -d "$1/root" ] && return 0
	[ "$(id -u)" = 0 ] || return 0
	command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || return 0
	mkdir -p "$(dirname "$1")" || return 0
	(
		if command -v flock >/dev/null 2>&1; then
			exec 8>"$1.lock"
			flock 8
		fi
		[ -x "$1/musl-gcc" ] && [ -d "$1/root" ] && exit 0
		timeout 300 sh "$top/scripts/musl-aarch64-root.sh" "$1" >"$2" 2>&1
	) || echo "note: scripts/musl-aarch64-root.sh failed, see $2"
	return 0
}
