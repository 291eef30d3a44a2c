#!/bin/sh
# make demo: build examples/demo.c with -pg, run it, print its profile
# with our gprof, say where to look first in it, and draw its call graph
# (demo.dot always, demo.svg when Graphviz's dot is installed).  Every command is
# shown as it runs; README.md lists the same ones.
# Usage: examples/demo.sh [BUILD_DIR]   (default build; relative to the
# top of the source tree, or absolute)
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
B=${1:-build}
case $B in "$top"/*) B=${B#"$top"/} ;; esac
cd "$top"
mkdir -p "$B/demo"
rm -f "$B/demo/gmon.out"

# show CMD...: print "$ CMD" and run it.
show() {
	echo "\$ $*"
	"$@"
}

cat <<EOF
== What the demo does
examples/demo.c is a small program built for profiling: main() calls
checksum() 400 times, which runs the hot loop mix() on 64 numbers each
time; main() also calls mix() 200 times itself; is_even() and is_odd()
call each other (a cycle).  Built with -pg, it counts every call and
samples where it is 100 times a second, then writes gmon.out on exit.

EOF
show cc -pg -g -O1 -fno-inline -o "$B/demo/demo" examples/demo.c
echo "\$ cd $B/demo"
cd "$B/demo"
show ./demo
echo
echo "== The report (-b leaves out the explanations of each column)"
echo "\$ ../gprof -b demo gmon.out"
../gprof -b demo gmon.out >report.txt
cat report.txt
echo
echo "== Where to look first"
awk -f "$top/examples/guide.awk" report.txt
echo
echo "== The call graph as a picture (box colour and arrow width: share of the time)"
echo "\$ ../gprof --format=dot demo gmon.out >demo.dot"
../gprof --format=dot demo gmon.out >demo.dot
if command -v dot >/dev/null 2>&1; then
	echo "\$ dot -Tsvg demo.dot >demo.svg"
	dot -Tsvg demo.dot >demo.svg
	echo "Open $B/demo/demo.svg in a web browser."
else
	echo "Wrote $B/demo/demo.dot; Graphviz's dot is not installed, so no"
	echo "demo.svg (apt-get install graphviz, then: dot -Tsvg demo.dot >demo.svg)."
fi
# --format=html (helper viewjson): the same profile as one page.
echo
echo "== The same profile as a page for a browser"
show ../gprof --format=html --output=demo.html demo gmon.out
echo "Open $B/demo/demo.html: a sortable table with error bars on self time,"
echo "each function's callers and callees, cycles, and links (#fn=ID)."
# Our collector against glibc's, on a threaded program.
echo
echo "== Exact call counts under threads (our collector)"
cd "$top"
show cc -pg -O1 -g -o "$B/demo/threads" examples/threads.c -pthread
echo "\$ cd $B/demo"
cd "$B/demo"
# calls_to FN PROFILE: FN's call count in the call graph of PROFILE.
calls_to() {
	../gprof -b -q"$1" threads "$2" |
		awk -v fn="$1" '/^\[[0-9]+\]/ && $0 ~ " " fn " \\[" { print $5; exit }'
}
rm -f glibc.out ours.out
mv gmon.out demo.gmon.out # the demo's own profile, for "Try next"
show ./threads            # glibc's collector: gmon.out
mv gmon.out glibc.out
mv demo.gmon.out gmon.out
show ../gprof-run -o ours.out ./threads   # ours, preloaded (libgmon.so)
glibc=$(calls_to step glibc.out)
ours=$(calls_to step ours.out)
echo "glibc's collector counted ${glibc:-no} calls to step(), ours ${ours:-no};"
echo "the program made 2000000 (4 threads x 500000).  For your own program:"
echo "  build/gprof-run ./prog args...   then   build/gprof ./prog gmon.out"
# gprof's estimate against the stacks our collector sampled.
echo
echo "== Measured, not guessed: who really spends work()'s time (--measured)"
cd "$top"
show cc -pg -O1 -g -o "$B/demo/callers" examples/callers.c
echo "\$ cd $B/demo"
cd "$B/demo"
show ../gprof-run -q -o callers.out --rate=1000 ./callers
# share CALLER FILE: CALLER's share of work()'s time, from work's entry
# in the call graph of FILE (self + children of the caller line).
share() {
	awk -v c="$1" '
		NF < 2 { next }
		$NF ~ /^\[[0-9]+\]$/ && $(NF-1) == "work" && !seen { seen = 1 }
		!seen && $(NF-1) == c && NF >= 5 { v = $1 + $2 }
		!seen && $(NF-1) != c && NF >= 5 && $3 ~ /\// { o += $1 + $2 }
		seen && !done { done = 1; t = v + o; printf "%.1f", (t > 0 ? 100 * v / t : 0) }' "$2"
}
# entry FILE: work()'s entry in the call graph of FILE, with its header.
entry() {
	sed -n '/^index/,/^---/p' "$1"
}
echo "\$ ../gprof -b -qwork callers callers.out              # gprof's estimate"
../gprof -b -qwork callers callers.out >callers-est.txt 2>/dev/null
entry callers-est.txt
echo "\$ ../gprof -b -qwork --measured callers callers.out   # from the stacks"
../gprof -b -qwork --measured callers callers.out >callers-meas.txt 2>/dev/null
grep 'times measured from' callers-meas.txt
entry callers-meas.txt
echo "dear() spends $(share dear callers-meas.txt) % of work()'s time by the stacks,"
echo "$(share dear callers-est.txt) % by gprof's estimate (which shares time by call counts)."
cat <<EOF

== Try next
\$ ../gprof -b -p demo gmon.out           # the flat profile alone
\$ ../gprof -b -qchecksum demo gmon.out   # checksum's part of the call graph
\$ ../gprof demo gmon.out                 # with the explanations of each column
\$ ../gprof --format=callgrind demo gmon.out >callgrind.out.demo
\$ callgrind_annotate --inclusive=yes callgrind.out.demo   # or kcachegrind
EOF
