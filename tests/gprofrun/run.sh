#!/bin/sh
# tests/gprofrun/run.sh - gprof-run (runner/gprof-run.c): an unmodified
# -pg program run under our collector counts every call (examples/
# threads.c: 4 threads, 2,000,000 calls, which glibc's collector loses
# some of); the program's exit status comes back (128+N for signal N,
# 127 not found); the closing message names the files written; a static
# program, a missing collector and bad options are refused with a
# message and status 1; -o's %p names the file by pid; LD_PRELOAD is
# kept; both gprofs read what it wrote.  Env: GPROF, BUILD.
# lib.sh's pass and fail always succeed: "A && pass || fail" is if-then-else.
# shellcheck disable=SC2015
set -u
. "$(cd "$(dirname "$0")" && pwd)/../lib.sh"
LC_ALL=C
export LC_ALL
GPROF=${GPROF:?GPROF must name our gprof}
BUILD=${BUILD:?BUILD must name the build directory}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
RUN=$BUILD/gprof-run
out=$BUILD/gprofrun
rm -rf "$out"
mkdir -p "$out" || exit 1
cd "$out" || exit 1


# calls_to FN EXE PROFILE: FN's call count in our call graph.
calls_to() {
	"$GPROF" -b -q"$1" "$2" "$3" 2>/dev/null |
		awk -v fn="$1" '/^\[[0-9]+\]/ && $0 ~ " " fn " \\[" { print $5; exit }'
}

if [ ! -x "$RUN" ]; then
	fail gprofrun/build "$RUN was not built"
	exit 0
fi
cc -pg -O1 -g -o threads "$top/examples/threads.c" -pthread &&
	cc -pg -O1 -g -o exitcode "$here/exitcode.c" &&
	cc -pg -O1 -g -static -o static "$here/exitcode.c" || {
	fail gprofrun/build "cannot build the test programs"
	exit 0
}

# 1. Exact counts under threads, and the closing message.
"$RUN" ./threads >run.out 2>run.err
rc=$?
n=$(calls_to step threads gmon.out)
if [ "$rc" -eq 0 ] && [ "$n" = 2000000 ]; then
	pass gprofrun/threads-exact
else
	fail gprofrun/threads-exact "exit $rc, step counted ${n:-nothing} times, not 2000000"
fi
if grep -q '^gprof-run: profile written to gmon.out and gmon.out.gmonx$' run.err &&
	grep -q '^gprof-run: read it with: gprof ./threads gmon.out$' run.err; then
	pass gprofrun/message
else
	fail gprofrun/message "$(head -c 300 run.err)"
fi
# Both gprofs read the profile, byte for byte alike.
"$GPROF" -b threads gmon.out >ours.txt 2>/dev/null
/usr/bin/gprof -b threads gmon.out >gnu.txt 2>/dev/null
if [ -s ours.txt ] && cmp -s ours.txt gnu.txt; then
	pass gprofrun/gnu-reads
else
	fail gprofrun/gnu-reads "reports differ or are empty"
fi

# 2. Exit statuses.
"$RUN" -q ./exitcode 3 2>err3.txt
rc=$?
[ "$rc" -eq 3 ] && [ ! -s err3.txt ] && pass gprofrun/exit-status ||
	fail gprofrun/exit-status "status $rc (want 3), stderr: $(head -c 200 err3.txt)"
"$RUN" ./exitcode 0 15 2>sig.err
rc=$?
if [ "$rc" -eq 143 ] && grep -q 'ended by signal 15.*--dump-on=TERM' sig.err; then
	pass gprofrun/signal
else
	fail gprofrun/signal "status $rc (want 143), stderr: $(head -c 300 sig.err)"
fi
"$RUN" no-such-program 2>nf.err
rc=$?
[ "$rc" -eq 127 ] && grep -q 'no-such-program: command not found' nf.err &&
	pass gprofrun/not-found || fail gprofrun/not-found "status $rc, $(head -c 200 nf.err)"
"$RUN" ./no-such-program 2>nf2.err
rc=$?
[ "$rc" -eq 127 ] && grep -q './no-such-program: No such file' nf2.err &&
	[ "$(wc -l <nf2.err)" -eq 1 ] &&
	pass gprofrun/not-found-path || fail gprofrun/not-found-path "status $rc, $(head -c 200 nf2.err)"

# 3. Refusals: static program, missing collector, bad option, nothing to run.
"$RUN" ./static 2>static.err
rc=$?
[ "$rc" -eq 1 ] && grep -q 'statically linked.*' static.err &&
	grep -q 'libgmon.a' static.err && pass gprofrun/static ||
	fail gprofrun/static "status $rc, $(head -c 300 static.err)"
"$RUN" --libgmon=/nonexistent/libgmon.so ./exitcode 2>lib.err
rc=$?
[ "$rc" -eq 1 ] && grep -q '/nonexistent/libgmon.so: no such collector' lib.err &&
	pass gprofrun/no-collector || fail gprofrun/no-collector "status $rc, $(head -c 200 lib.err)"
"$RUN" --bogus ./exitcode 2>opt.err
rc=$?
[ "$rc" -eq 1 ] && grep -q "Try 'gprof-run --help'" opt.err &&
	pass gprofrun/bad-option || fail gprofrun/bad-option "status $rc"
"$RUN" 2>none.err
rc=$?
[ "$rc" -eq 1 ] && grep -q 'no program to run' none.err &&
	pass gprofrun/no-program || fail gprofrun/no-program "status $rc"

# 4. -o with %p: the file is named by the program's pid and said so.
"$RUN" -o 'prof.%p' ./exitcode 0 2>pid.err
f=$(sed -n 's/^gprof-run: profile written to \(prof\.[0-9]*\) and .*/\1/p' pid.err)
if [ -n "$f" ] && [ -s "$f" ] && [ -s "$f.gmonx" ] &&
	[ "$(calls_to twice exitcode "$f")" = 1 ]; then
	pass gprofrun/output-pid
else
	fail gprofrun/output-pid "$(head -c 300 pid.err)"
fi

# 5. An LD_PRELOAD of the user's is kept, after ours.
cat >probe.c <<'PROBE'
#include <stdio.h>
#include <stdlib.h>
int main(void) { puts(getenv("LD_PRELOAD") ? getenv("LD_PRELOAD") : ""); return 0; }
PROBE
cc -pg -o probe probe.c
: >empty.c
cc -shared -fPIC -o libnothing.so empty.c
# (A sanitizer build of gprof-run would refuse to start after another
# preloaded library; the check is only ASan's.)
got=$(LD_PRELOAD=$out/libnothing.so ASAN_OPTIONS=verify_asan_link_order=0 \
	"$RUN" -q ./probe)
case $got in
*libgmon.so:"$out"/libnothing.so) pass gprofrun/preload-kept ;;
*) fail gprofrun/preload-kept "LD_PRELOAD was '$got'" ;;
esac

# 6. Every option of --help is in the man page, and the other way round.
"$RUN" --help >help.txt
opts=$(grep -o -- '--[a-z-]*' help.txt | sort -u)
missing=
for o in $opts; do
	grep -q -- "$(echo "$o" | sed 's/-/\\\\-/g')" "$top/runner/gprof-run.1" ||
		missing="$missing $o"
done
[ -n "$opts" ] && [ -z "$missing" ] && pass gprofrun/help-man ||
	fail gprofrun/help-man "not in gprof-run.1:$missing"
exit 0
