#!/bin/sh
# make demo, checked: examples/demo.sh runs, prints a report and a guide
# that agrees with it, and gprof's estimate with the measured call graph
# of callers.c; every command it shows (ran or suggested) is in
# README.md, so that the README's examples are the demo's.
# Env: GPROF, BUILD (absolute).
. "$(dirname "$0")/../lib.sh"
t_suite tree-demo
if ! sh "$top/examples/demo.sh" "$BUILD" >"$out/demo.txt" 2>"$out/demo.err"; then
	fail "tree-demo/run" "examples/demo.sh failed: $(head -n 1 "$out/demo.err")"
	exit 0
fi
for part in "what:== What the demo does" "flat:Flat profile:" \
    "graph:Call graph" "guide:== Where to look first" "next:== Try next"; do
	want=${part#*:}
	if grep -qF -- "$want" "$out/demo.txt"; then
		pass "tree-demo/has-${part%%:*}"
	else
		fail "tree-demo/has-${part%%:*}" "no '$want' in $out/demo.txt"
	fi
done
# The guide names the flat profile's first function.
first=$(awk '/^ time +seconds/ { getline; print $NF; exit }' "$out/demo.txt")
if [ -n "$first" ] &&
	grep -q "^1\. The first line of the flat profile: $first " "$out/demo.txt"; then
	pass "tree-demo/guide-top"
else
	fail "tree-demo/guide-top" "the guide does not name '$first'"
fi
# The "Measured, not guessed" part prints work()'s call graph entry
# twice, each after the command that makes it: gprof's estimate, then
# the one measured from the stacks (--measured), so that they can be
# compared (it printed the measured one alone).
both_entries() {
	awk '
	/^== Measured/ { on = 1; next }
	/^== / { on = 0 }
	!on { next }
	/^\$ .*# gprof.s estimate$/ { part = "est"; next }
	/^\$ .* --measured .*# from the stacks$/ { part = "meas"; next }
	/^\$ / { part = ""; next }
	part != "" && /^index % time/ { head[part] = 1 }
	part != "" && head[part] && /^\[[0-9]+\] .* work \[[0-9]+\]$/ {
		got[part] = 1
	}
	END { exit !(got["est"] && got["meas"]) }' "$1"
}
assert tree-demo/estimate-and-measured \
	"the demo does not print both gprof's estimate and the measured entry of work() ($out/demo.txt)" \
	both_entries "$out/demo.txt"
# Commands, with this build directory written as build/ (the README's).
rel=${BUILD#"$top"/}
grep '^\$ ' "$out/demo.txt" | sed -e 's/^\$ //' -e 's/  *#.*//' \
	-e "s|$rel/|build/|g" >"$out/commands"
n=0
while IFS= read -r cmd; do
	n=$((n + 1))
	if grep -qF -- "$cmd" "$top/README.md"; then
		pass "tree-demo/readme/$n"
	else
		fail "tree-demo/readme/$n" "README.md lacks '$cmd'"
	fi
done <"$out/commands"
[ "$n" -gt 0 ] || fail "tree-demo/readme" "the demo showed no command"
exit 0
