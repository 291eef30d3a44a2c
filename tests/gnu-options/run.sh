#!/bin/sh
# Options beyond the report switches, compared with GNU gprof on a
# two-file program of ours: symbol specifications in every form, arc
# specs, -k, -n/-N, -C/-Z, -S (external symbol table), @file,
# --inline-file-names, -L, --demangle/-T, and the options of annotated
# source that GNU accepts (and ignores) without -A or -l.  Then the
# messages for bad options (naming them as typed) and response files
# (empty, nested, large: memory linear in the file).  Env: GPROF, BUILD.
. "$(dirname "$0")/../lib.sh"
t_suite gnu-options
progs="$here/../progs"
if ! cc -g -O0 -pg -o "$out/multi" "$progs/multi1.c" "$progs/multi2.c" 2>"$out/log" ||
	! (cd "$out" && ./multi >/dev/null); then
	fail "gnu-options/build" "see $out/log"
	exit 0
fi
cp "$out/gmon.out" "$out/multi.gmon"
# A synthetic histogram over the program, so flat profiles have time.
nm -n -t d "$out/multi" | awk '$2 ~ /^[Tt]$/ { print $1 + 0 }' >"$out/addrs"
awk 'BEGIN { srand(7) } { a[NR] = $1 }
END {
	lo = a[1] - a[1] % 4; hi = a[NR] + 64; nb = int((hi - lo) / 4)
	printf "hist %d %d %d\n", lo, hi, nb
	for (i = 0; i < 60; i++) printf "bin %d %d\n", int(rand() * nb), int(rand() * 50)
}' "$out/addrs" >"$out/hist.spec"
"$BUILD/mkgmon" -o "$out/hist.gmon" "$out/hist.spec" || fail "gnu-options/mkgmon"
nm "$out/multi" >"$out/multi.nm"
printf -- '-b\n"-phelper"\n' >"$out/args.rsp"
: >"$out/empty.rsp"
n=0
while IFS= read -r opts; do
	case $opts in '' | '#'*) continue ;; esac
	n=$((n + 1))
	for prof in gmon.out hist.gmon; do
		# A histogram-only profile has no execution counts: -C and
		# -Z print nothing there.
		empty=
		case "$prof $opts" in
		"hist.gmon "*-[CZ]*) empty=1 ;;
		esac
		# shellcheck disable=SC2086,SC2034
		(cd "$out" && EMPTY_OK=$empty && compare_gprof "gnu-options/$prof/$n:$(echo "$opts" | tr -d ' ')" \
		    "$out" "$out/multi" "$out/$prof" $opts)
	done
done <<'LIST'
-b -phelper
-b -Phelper
-b -pmulti2.c
-b -pmulti2.c:helper
-b -p:helper
-b -p14
-b -pmulti1.c:14
-b -qhelper
-b -Qhelper
-b -qmulti1_entry/helper
-b -Qtwice/helper
-b -k twice/helper
-b -k multi1.c:twice/multi1.c:helper -k main/multi2_entry
-b -nhelper
-b -Ntwice
-b -ntwice -Nhelper
-b -Chelper
-b -Zhelper
-b -C -Zmulti1.c
-b -e twice -f main
-b --flat-profile=helper --no-graph=twice
-b --time=multi1.c --no-time=twice
-b -S multi.nm
-b -S multi.nm -a
@args.rsp
-b @empty.rsp -p
-b --inline-file-names
-b -L --inline-file-names
-b -T --inline-file-names
-b -T --demangle
-b -C --inline-file-names
-b -S multi.nm -C --inline-file-names
-b -J
-b -x
-b -y
-b -I dir
-b -Idir -I /a:/b
-b -t 5
-b -t0
-b -m 3
-b --all-lines
-b --table-length=5
-b --separate-files
-b --directory-path=d
-b --no-annotated-source
-b --min-count=2
-b -J -x -y -t3 -I/a:/b --separate-files
-b -p -q -x -y
-b -C -x
-b -C -y -J
-b -Chelper --all-lines
-b -z -x -t 1
-i -x -y
-r -x -y -J
@empty.rsp -b
LIST

# A static inline function from a header, at -O0: GNU names its file
# after the unit (hdr_main.c), not the header.
if cc -g -O0 -pg -o "$out/hdr" "$progs/hdr_main.c" 2>>"$out/log" &&
	(cd "$out" && ./hdr >/dev/null && mv gmon.out hdr.gmon); then
	for opts in "-b -z" "-C" "-b --inline-file-names" "-b -L -z"; do
		# shellcheck disable=SC2086
		(cd "$out" && compare_gprof "gnu-options/hdr/$(echo "$opts" | tr -d ' ')" \
		    "$out" "$out/hdr" "$out/hdr.gmon" $opts)
	done
else
	fail "gnu-options/hdr" "cannot build or run (see $out/log)"
fi

# Bad options: exit 1, one message naming the option as it was typed.
while IFS='|' read -r name want opts; do
	# shellcheck disable=SC2086
	expect_error "gnu-options/error/$name" "$out" "$want" $opts multi multi.gmon
done <<'LIST'
table-length-x|--table-length wants a number (0 or more), got 'x'|--table-length=x
table-length-abbrev|--table-length wants a number|--table=x
t-x|-t wants a number (0 or more), got 'x'|-t x
t-negative|-t wants a number|-t -1
min-count-x|--min-count wants a number|--min-count=x
width-x|--width wants a number from 1 to 100000, got 'x'|--width=x
w-zero|-w wants a number from 1 to 100000|-w 0
debug-x|--debug wants a number, got 'x'|--debug=x
file-format-x|--file-format: unknown file format 'x'|--file-format=x
flat-profile-empty|--flat-profile: empty symbol specification|--flat-profile=
demangle-style|--demangle: unknown demangling style|--demangle=java
brief-arg|option --brief takes no argument|--brief=1
ambiguous|option '--no' is ambiguous|--no
unknown-long|unrecognized option '--nosuch'|--nosuch
unknown-short|invalid option -- 'Y'|-bY
k-no-slash|-k wants FROM/TO, got 'main'|-k main
r-and-R|--function-ordering and -R cannot be used together|--function-ordering -R multi.nm
LIST
expect_error gnu-options/error/width-missing "$out" "option --width needs an argument" multi multi.gmon --width
expect_error gnu-options/error/t-missing "$out" "option -t needs an argument" multi multi.gmon -t

# compare_report NAME ARG...: same_as_gnu on multi.gmon, and GNU must
# print a report (so that a case cannot pass by failing twice).
compare_report() {
	_cr=$1
	shift
	(cd "$out" && same_as_gnu --report "$_cr" "$out" "$@" "$out/multi" \
		"$out/multi.gmon")
}

# Response files: nested, quoted, escaped, empty, missing; each compared
# with GNU.
printf -- "-b @nest2.rsp '-Q'\n" >"$out/nest1.rsp"
printf -- '"-p"multi2.c\t--inline-file-names\n\n' >"$out/nest2.rsp"
printf -- "-b -q'twi'ce -p\"help\"\\\\er\n" >"$out/esc.rsp"
for args in "@nest1.rsp" "@esc.rsp" "@empty.rsp @empty.rsp -b -q" \
    "-b @empty.rsp -p"; do
	# shellcheck disable=SC2086
	compare_report "gnu-options/rsp/$(echo "$args" | tr -d ' ')" $args
done
# A file that cannot be read stays a plain argument (here: the program).
(cd "$out" && compare_gprof gnu-options/rsp/missing "$out" @no-such.rsp "$out/multi.gmon" -b)
printf -- '@self.rsp\n' >"$out/self.rsp"
expect_error gnu-options/rsp/loop "$out" "more than 256 response files" @self.rsp multi multi.gmon

# A 300 KB response file of 100000 words: our memory must stay linear in
# the file (it once grew with words x size: 400 MB).  Run under a 128 MB
# address-space limit, 20 times what it needs; a sanitizer build cannot
# run under any such limit, so the case is skipped there.
awk 'BEGIN { for (i = 0; i < 100000; i++) print "-b" }' >"$out/big.rsp"
printf '#!/bin/sh\nulimit -v 131072 || exit 99\nexec "%s" "$@"\n' "$GPROF" \
	>"$out/gprof-ulimit"
chmod +x "$out/gprof-ulimit"
if ! "$out/gprof-ulimit" --version >/dev/null 2>&1; then
	skip "gnu-options/rsp/big-300k" "gprof cannot run under ulimit -v (sanitizer build?)"
else
	GPROF=$out/gprof-ulimit compare_report gnu-options/rsp/big-300k @big.rsp -p
fi
exit 0
