#!/bin/sh
# tests/tree-libsh/run.sh - the verbs of tests/lib.sh, held to their contracts:
# each verb is run on a case that must pass and on cases that must fail
# (in a subshell, its verdict line captured), and the line it printed
# is compared with the one its contract promises, with lib.sh's own
# expect.  Needs no gprof of ours: GNU gprof stands in for both sides
# where a verb runs one.  Last, lint.sh holds every suite to the verbs:
# none prints a verdict itself or defines a verb of its own.  Env:
# BUILD.
set -u
lib=$(cd "$(dirname "$0")/.." && pwd)/lib.sh
# shellcheck source=tests/lib.sh
. "$lib"
out=${BUILD:?BUILD must name the build directory}/tree-libsh
rm -rf "$out"
mkdir -p "$out" || exit 1
cd "$out" || exit 1

# verdict_of CMD...: the first line CMD prints that starts with PASS,
# FAIL or SKIP, cut at the colon (the why is the verb's to word).
verdict_of() {
	"$@" 2>/dev/null | grep -E -m 1 '^(PASS|FAIL|SKIP)' | sed 's/:.*//'
}

printf 'a\n' >a1
printf 'a\n' >a2
printf 'b\n' >b
: >e1
: >e2

# The primitives.
expect tree-libsh/pass verdict_of pass a/b <<'EOF'
PASS a/b
EOF
expect tree-libsh/fail sh -c '. "$0"; fail a/b "why: it broke"' "$lib" <<'EOF'
FAIL a/b: why: it broke
EOF
expect tree-libsh/skip-why verdict_of skip a/b "no tool" <<'EOF'
SKIP a/b
EOF
expect tree-libsh/verdict-status verdict_of verdict a/b "" 1 <<'EOF'
FAIL a/b
EOF
expect tree-libsh/assert-true verdict_of assert a/b "not true" true <<'EOF'
PASS a/b
EOF
expect tree-libsh/assert-false verdict_of assert a/b "not true" false <<'EOF'
FAIL a/b
EOF
# fail's DETAIL follows the verdict line, in the same write.
expect tree-libsh/fail-detail fail a/b "it broke" "  cd x && rerun
  < want" <<'EOF'
FAIL a/b: it broke
  cd x && rerun
  < want
EOF

# verdict_log: the status decides; a failure quotes the log's complaint.
printf 'ok 1\nBAD: 2 frames\nok 3\n' >log1
printf 'ok 1\nlast words\n' >log2
expect tree-libsh/verdict-log-pass verdict_log a/b log1 0 <<'EOF'
PASS a/b
EOF
expect tree-libsh/verdict-log-bad verdict_log a/b log1 1 <<'EOF'
FAIL a/b: exit 1: BAD: 2 frames
EOF
expect tree-libsh/verdict-log-last verdict_log a/b log2 3 <<'EOF'
FAIL a/b: exit 3: last words
EOF

# t_suite: the opening of a suite (run as tests/t/run.sh, so that here
# and top are known): its folder made fresh, set -u and LC_ALL=C.
mkdir -p tree/tests/t tree/build/t
: >tree/build/t/stale
printf '. "%s"\nt_suite t\necho "$here $top $out $LC_ALL"\nls -A "$out"\necho "${nosuch:-unset}"; echo "$nosuch"\n' \
	"$lib" >tree/tests/t/run.sh
expect tree-libsh/t-suite --rc=2 --err=- env GPROF=/bin/true \
	BUILD="$out/tree/build" LC_ALL=en_US.UTF-8 sh tree/tests/t/run.sh <<EOF
$out/tree/tests/t $out/tree $out/tree/build/t C
unset
EOF
expect tree-libsh/t-suite-no-build --rc=2 --err=- --empty env -u BUILD \
	GPROF=/bin/true sh tree/tests/t/run.sh </dev/null

# expect itself: output, exit status, stderr, and the empty rule (the
# inner expect's stdin is /dev/null: its expected text is --want=a1).
expect tree-libsh/expect-rc --rc=3 sh -c 'echo x; exit 3' <<'EOF'
x
EOF
expect tree-libsh/expect-right verdict_of expect t --want=a1 sh -c 'echo a' <<'EOF'
PASS t
EOF
expect tree-libsh/expect-wrong-stdout verdict_of expect t --want=a1 sh -c 'echo b' <<'EOF'
FAIL t
EOF
expect tree-libsh/expect-wrong-rc verdict_of expect t --want=a1 sh -c 'echo a; exit 3' <<'EOF'
FAIL t
EOF
expect tree-libsh/expect-stderr verdict_of expect t --want=a1 sh -c 'echo a; echo oops >&2' <<'EOF'
FAIL t
EOF
expect tree-libsh/expect-stderr-any verdict_of expect t --want=a1 --err=- sh -c 'echo a; echo oops >&2' <<'EOF'
PASS t
EOF
expect tree-libsh/expect-both-empty verdict_of expect t true <<'EOF'
FAIL t
EOF
expect tree-libsh/expect-empty-said verdict_of expect t --empty true <<'EOF'
PASS t
EOF

# expect_file: bytes, missing files, the empty rule.
expect tree-libsh/file-same verdict_of expect_file t a1 a2 <<'EOF'
PASS t
EOF
expect tree-libsh/file-differs verdict_of expect_file t a1 b <<'EOF'
FAIL t
EOF
expect tree-libsh/file-missing verdict_of expect_file t nosuch a1 <<'EOF'
FAIL t
EOF
expect tree-libsh/file-both-empty verdict_of expect_file t e1 e2 <<'EOF'
FAIL t
EOF
expect tree-libsh/file-empty-said verdict_of expect_file t e1 e2 --empty <<'EOF'
PASS t
EOF

# gnu_why and same_as_gnu, with GNU gprof on both sides.
ORACLE=${ORACLE:-/usr/bin/gprof}
if [ ! -x "$ORACLE" ]; then
	skip tree-libsh/same-as-gnu "no $ORACLE"
else
	# Two runs that print the same report agree; two that print nothing
	# only when the case says so; an error exit with a message is judged
	# by its status and stderr.
	mkdir -p r/ours r/gnu
	echo 0 >r/ours/status
	echo 0 >r/gnu/status
	printf 'x\n' >r/ours/stdout
	printf 'x\n' >r/gnu/stdout
	: >r/ours/stderr
	: >r/gnu/stderr
	expect tree-libsh/gnu-why-same --empty gnu_why r/ours r/gnu </dev/null
	: >r/ours/stdout
	: >r/gnu/stdout
	expect tree-libsh/gnu-why-both-empty gnu_why r/ours r/gnu <<'EOF'
both printed nothing (EMPTY_OK=1 if that is right)
EOF
	EMPTY_OK=1 expect tree-libsh/gnu-why-empty-ok --empty gnu_why r/ours r/gnu </dev/null
	echo 1 >r/ours/status
	echo 1 >r/gnu/status
	echo 'gprof: no' >r/ours/stderr
	echo 'no' >r/gnu/stderr
	expect tree-libsh/gnu-why-error-exit --empty gnu_why r/ours r/gnu </dev/null
	echo 2 >r/ours/status
	expect tree-libsh/gnu-why-status gnu_why r/ours r/gnu <<'EOF'
exit status 2, want 1
EOF
	# The spare bytes of a GNU gmon.sum header without a histogram (GNU
	# leaves them undefined) are not compared; ours must be zero.
	echo 0 >r/ours/status
	echo 0 >r/gnu/status
	printf 'gmon\001\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\001x' >r/ours/gmon.sum
	printf 'gmon\001\000\000\000BBBBBBBBBBBB\001x' >r/gnu/gmon.sum
	expect tree-libsh/gnu-why-sum-spare --empty gnu_why r/ours r/gnu </dev/null
	printf 'gmon\001\000\000\000BBBBBBBBBBBB\001y' >r/gnu/gmon.sum
	expect tree-libsh/gnu-why-sum-differs verdict_of fail t "$(gnu_why r/ours r/gnu)" <<'EOF'
FAIL t
EOF
	# same_as_gnu with the oracle on both sides: an error case (no such
	# file) agrees; "-V" prints the same version text.
	GPROF=$ORACLE expect tree-libsh/same-as-gnu-version verdict_of same_as_gnu t sg -V <<'EOF'
PASS t
EOF
	GPROF=$ORACLE expect tree-libsh/same-as-gnu-error verdict_of same_as_gnu t sg nosuch-exe nosuch-gmon <<'EOF'
PASS t
EOF
	# Our gprof is /bin/true: it prints nothing where GNU prints.
	GPROF=/bin/true expect tree-libsh/same-as-gnu-differs verdict_of same_as_gnu t sg -V <<'EOF'
FAIL t
EOF
	# Both sides print nothing: a failure unless the case says so.
	GPROF=/bin/true ORACLE=/bin/true expect tree-libsh/same-as-gnu-both-empty verdict_of same_as_gnu t sg <<'EOF'
FAIL t
EOF
	GPROF=/bin/true ORACLE=/bin/true expect tree-libsh/same-as-gnu-empty-said verdict_of same_as_gnu --empty t sg <<'EOF'
PASS t
EOF
	# --report: GNU must print something, even where nothing is right.
	GPROF=/bin/true ORACLE=/bin/true expect tree-libsh/same-as-gnu-report verdict_of same_as_gnu --empty --report t sg <<'EOF'
FAIL t
EOF
	GPROF=$ORACLE expect tree-libsh/same-as-gnu-report-printed verdict_of same_as_gnu --report t sg --help <<'EOF'
PASS t
EOF
fi

# expect_error: gprof's one-line refusal; here a stand-in script.
mkdir -p ee
printf '#!/bin/sh\necho "gprof: $1: no such file" >&2\nexit 1\n' >refuse
printf '#!/bin/sh\necho report\necho "gprof: $1: no such file" >&2\nexit 1\n' >noisy
chmod +x refuse noisy
GPROF=$out/refuse expect tree-libsh/expect-error verdict_of expect_error t ee 'no such' x <<'EOF'
PASS t
EOF
GPROF=$out/refuse expect tree-libsh/expect-error-wording verdict_of expect_error t ee 'bad magic' x <<'EOF'
FAIL t
EOF
GPROF=$out/noisy expect tree-libsh/expect-error-stdout verdict_of expect_error t ee 'no such' x <<'EOF'
FAIL t
EOF

# The lint: no suite prints a verdict itself or defines a verb of its
# own.  The tree passes; made-up suites fail, each offence named (their
# lines are written with the verdict word as an argument, so that this
# file stays clean itself).
tests=$(dirname "$lib")
lint=$tests/tree-libsh/lint.sh
expect tree-libsh/lint --empty sh "$lint" "$tests" </dev/null
mkdir -p fake/a-echo fake/b-printf fake/c-assign fake/d-define fake/e-clean
printf 'echo "%s a-echo/x"\n' PASS >fake/a-echo/run.sh
F=FAIL
printf '%s\n' "printf '$F %s: %s\\n' b-printf/x why" >fake/b-printf/run.sh
printf 'msg="%s c-assign/x: why"\n' SKIP >fake/c-assign/run.sh
printf '. ./harness.sh\n' >fake/d-define/run.sh
printf 'verdict() {\n\tpass "$1"\n}\n' >fake/d-define/harness.sh
{
	printf '# echo "%s e-clean/x" is a comment\n' PASS
	printf 'grep -qx "%s e-clean/x" out || fail e-clean/x "no line"\n' PASS
	printf 'pass e-clean/y\n'
} >fake/e-clean/run.sh
expect tree-libsh/lint-catches --rc=1 sh "$lint" fake <<'EOF'
a-echo/run.sh:1: prints a verdict itself (use the verbs of tests/lib.sh)
b-printf/run.sh:1: prints a verdict itself (use the verbs of tests/lib.sh)
c-assign/run.sh:1: prints a verdict itself (use the verbs of tests/lib.sh)
d-define/harness.sh:1: defines verdict(), a verb of tests/lib.sh
EOF
exit 0
