#!/bin/sh
# tests/tree-libsh/lint.sh DIR: the suites under DIR (every DIR/*/*.sh:
# each run.sh and the files it sources beside it) reach their verdicts
# through tests/lib.sh's verbs only.  Prints one line per offence,
# "SUITE/FILE:LINE: what", and exits 1 when there is one; prints nothing
# and exits 0 when there is none.
#
# An offence is a line, outside whole-line comments, that
#   - prints a verdict itself: a string that opens with PASS, FAIL or
#     SKIP and a blank or a colon (echo "PASS x", printf 'FAIL %s: %s',
#     msg="SKIP x", awk's print "PASS x"), or echo/printf of such a bare
#     word; what grep looks for (grep -qx "PASS x" FILE) is read, not
#     printed;
#   - defines a function named as one of lib.sh's verbs (a verdict()
#     of the suite's own, with another contract).
# Here-documents are read as code too: a script that a suite feeds to
# python or awk prints no verdict either.
set -u
dir=${1:?usage: lint.sh DIR}
cd "$dir" || exit 2
set -- */*.sh
[ -e "$1" ] || exit 0
awk '
BEGIN {
	verbs = "pass|fail|skip|verdict|verdict_log|assert|expect|" \
		"expect_file|expect_error|same_as_gnu|compare_gprof|t_suite"
	q = "[\"\047]"
	bad = 0
}
/^[ \t]*#/ { next }
{
	# What grep looks for is read, not printed.
	code = $0
	gsub("grep[^|;&]*" q "[\\^]?(PASS|FAIL|SKIP)[^\"\047]*" q, "grep", code)
}
code ~ (q "(PASS|FAIL|SKIP)[ :]") ||
	code ~ /(echo|printf)[ \t]+(-[a-z]+[ \t]+)*(PASS|FAIL|SKIP)([ :]|$)/ {
	printf "%s:%d: prints a verdict itself (use the verbs of tests/lib.sh)\n",
		FILENAME, FNR
	bad = 1
}
$0 ~ ("^[ \t]*(function[ \t]+)?(" verbs ")[ \t]*\\([ \t]*\\)") {
	name = $0
	sub(/^[ \t]*(function[ \t]+)?/, "", name)
	sub(/[ \t]*\(.*/, "", name)
	printf "%s:%d: defines %s(), a verb of tests/lib.sh\n",
		FILENAME, FNR, name
	bad = 1
}
END { exit bad }' "$@"
