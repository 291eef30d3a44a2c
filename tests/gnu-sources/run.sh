#!/bin/sh
# tests/gnu-sources/run.sh - source files and lines from DWARF, against GNU.
#
# Builds small programs with gcc and clang (-pg -g -O2, DWARF 4 and 5):
# a unit that #includes another .c file and a header with static
# functions, a header split by -O0 code (explicit DW_LNS_set_file), a
# source compiled under relative names from other directories (and with
# -fdebug-prefix-map), clang code with inlined parts and line-0 rows.
# Every profile is read by our gprof and GNU's with many option sets;
# stdout, the exit status and gmon.sum bytes must agree.  Then damaged
# copies (bytes of .debug_line/.debug_info overwritten) must give one
# warning per problem, exit 0 and still print the report.
# Env: GPROF, BUILD (absolute), optionally ORACLE.
. "$(dirname "$0")/../lib.sh"
t_suite gnu-sources
ORACLE=${ORACLE:-/usr/bin/gprof}
mkdir -p "$out/src" || exit 1
cp -R "$here/." "$out/src/" || exit 1
log="$out/build.log"
: >"$log"

# prog NAME DIR CC FLAGS...: in DIR, build NAME with CC and FLAGS (the
# sources among them as they are to be named), run it for gmon.out and
# keep it as $out/NAME.gmon.  Prints FAIL and returns 1 if it cannot.
prog() {
	_n=$1 _d=$2 _cc=$3
	shift 3
	if ! (cd "$_d" && $_cc -pg "$@" -o "$out/$_n" >>"$log" 2>&1) ||
		! (cd "$out" && "./$_n" >/dev/null && mv gmon.out "$_n.gmon"); then
		fail "gnu-sources/$_n" "cannot build or run (see $log)"
		return 1
	fi
}

# sum_cmp NAME EXE GMON [OPTION...]: gprof -s by both (lib.sh's
# same_as_gnu): the gmon.sum files must be the same bytes, and the exit
# status, stdout and whether stderr is empty must agree.
sum_cmp() {
	_n=$1 _e=$2 _g=$3
	shift 3
	_sd="$out/sum-$(echo "$_n" | tr '/ ' '__')"
	mkdir -p "$_sd"
	(cd "$_sd" && same_as_gnu "$_n" "$_sd" -s "$@" "$_e" "$_g")
}

# check NAME OPTION-SET...: compare both gprofs on $out/NAME with each
# option set (a string), then gmon.sum from -s.
check() {
	_p=$1
	shift
	mkdir -p "$out/cmp/$_p"
	for _o in "$@"; do
		# shellcheck disable=SC2086
		compare_gprof "gnu-sources/$_p/$(echo "$_o" | tr -d ' ')" \
		    "$out/cmp/$_p" "$out/$_p" "$out/$_p.gmon" $_o
	done
	sum_cmp "gnu-sources/$_p/-s" "$out/$_p" "$out/$_p.gmon"
}

common="-b|-b -C|-b -L|-b -L --inline-file-names|-b --no-demangle|-b -P|-r -s"

# ---- 1. a .c file and headers #included: named after their own file --------
for cc in gcc clang; do
	for v in 4 5; do
		n=incl-$cc-dwarf$v
		prog "$n" "$out/src" "$cc" -g -gdwarf-$v -O2 incl_main.c || continue
		IFS='|'
		# shellcheck disable=SC2086
		set -- $common "-b -qincl_impl.c:impl_work" "-b -Qincl_impl.c" \
		    "-b -qincl_hdr.h" "-b -Nincl_main.c:helper -C" \
		    "-b -Cincl_impl.c" "-b -kincl_main.c:helper/incl_impl.c:impl_other" \
		    "-b -qimpl_work -L"
		unset IFS
		check "$n" "$@"
	done
done
# The header's code is split by a function of twice.c, so its second
# half starts with an explicit set_file 1 (named after twice.h), the
# first without (named after twice.c by BFD's reading of DWARF 5).
for fs in "" -ffunction-sections; do
	n=twice-O0$fs
	prog "$n" "$out/src" gcc -g -gdwarf-5 -O0 $fs twice.c || continue
	check "$n" -b "-b -C" "-b -L" "-b -L --inline-file-names" "-b -qtwice.h"
done

# ---- 2. relative source names: the compilation directory goes in front -----
mkdir -p "$out/src/other"
for cc in gcc clang; do
	for v in 4 5; do
		for how in dot sub up abs map-dot map-empty map-rel; do
			n=rel-$cc-dwarf$v-$how
			dir=$out/src src=sub/rel.c extra=
			case $how in
			dot) dir=$out/src/sub src=./rel.c ;;
			up) dir=$out/src/other src=../sub/rel.c ;;
			abs) src=$out/src/sub/rel.c ;;
			map-dot) extra="-fdebug-prefix-map=$out/src=." ;;
			map-empty) extra="-fdebug-prefix-map=$out/src=" ;;
			map-rel) extra="-fdebug-prefix-map=$out/src=rel/dir" ;;
			esac
			# shellcheck disable=SC2086
			prog "$n" "$dir" "$cc" -g -gdwarf-$v -O2 $extra "$src" \
			    "$out/src/rel_main.c" || continue
			check "$n" -b "-b -C" "-b -L" "-b -L --inline-file-names" \
			    "-b -qrel.c:rel_local" "-b -Qrel.h"
		done
	done
done

# ---- 3. clang: inlined code in parts, rows of line 0 ------------------------
for v in 4 5; do
	n=inl-clang-dwarf$v
	prog "$n" "$out/src" clang -g -gdwarf-$v -O2 inl.c || continue
	IFS='|'
	# shellcheck disable=SC2086
	set -- $common
	unset IFS
	check "$n" "$@"
done
# line0.c by way of assembly: the first row of no_line and the row of
# the call to leaf get line 0 (GNU: no line there).
if clang -g -gdwarf-5 -O2 -pg -S -o "$out/line0.s" "$out/src/line0.c" \
	2>>"$log"; then
	# (The row goes in before the instruction ahead of the call.)
	awk '/^no_line:/ { f = 1 }
		f && /^[ \t]*\.loc[ \t]/ { sub(/\.loc[ \t]+0 [0-9]+ /, ".loc\t0 0 "); f = 0; n++ }
		/^[ \t]*callq?[ \t]+leaf$/ { print "\t.loc\t0 0 0"; n++ }
		NR > 1 { print prev }
		{ prev = $0 }
		END { print prev; if (n != 2) exit 1 }' "$out/line0.s" >"$out/line0z.s" &&
	    prog line0-clang "$out" clang -g -O2 line0z.s &&
	    check line0-clang "-b" "-b -C" "-b -L" "-b -L --inline-file-names" \
		"-r -s" "-b -qno_line" || fail "gnu-sources/line0-clang" "cannot inject line-0 rows"
else
	fail "gnu-sources/line0-clang" "clang -S failed (see $log)"
fi

# ---- 4. damaged DWARF: one warning per problem, the report still printed ----

# sec_off EXE SECTION: the file offset of SECTION, in decimal.
sec_off() {
	readelf -S -W "$1" | awk -v s="$2" '{
		for (i = 1; i < NF; i++) if ($i == s) { print $(i + 3); exit } }' |
	    { read -r h && printf '%d\n' "0x$h"; }
}

# patch FILE OFFSET HEX...: overwrite bytes of FILE at OFFSET.
patch() {
	_f=$1 _at=$2
	shift 2
	for _b in "$@"; do
		printf "\\$(printf '%03o' "0x$_b")" |
		    dd of="$_f" bs=1 seek="$_at" conv=notrunc 2>/dev/null
		_at=$((_at + 1))
	done
}

# noise FILE OFFSET COUNT SEED: COUNT pseudo-random bytes at OFFSET.
noise() {
	awk -v n="$3" -v seed="$4" 'BEGIN { srand(seed)
		for (i = 0; i < n; i++) printf "%c", int(rand() * 256) }' |
	    LC_ALL=C dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

# damaged NAME PATTERN [MAX]: run ours on $out/dmg-NAME with several
# option sets: exit 0, a report on stdout, no crash, 1 to MAX (default
# 1) stderr lines matching PATTERN, and no line twice.
damaged() {
	_n=$1 _pat=$2 _max=${3:-1}
	for _o in "-b" "-b -C" "-b -L --inline-file-names" "-b -qimpl_work"; do
		_t="gnu-sources/damaged/$_n/$(echo "$_o" | tr -d ' ')"
		# shellcheck disable=SC2086
		"$GPROF" $_o "$out/dmg-$_n" "$out/$base.gmon" >"$out/dmg.out" 2>"$out/dmg.err"
		_rc=$?
		_hits=$(grep -c -- "$_pat" "$out/dmg.err")
		if [ $_rc -ne 0 ]; then
			fail "$_t" "exit $_rc"; head -3 "$out/dmg.err"
		elif ! grep -q 'impl_work' "$out/dmg.out"; then
			fail "$_t" "no report"
		elif [ "$_hits" -lt 1 ] || [ "$_hits" -gt "$_max" ]; then
			fail "$_t" "$_hits warnings like '$_pat'"; head -3 "$out/dmg.err"
		elif [ "$(sort "$out/dmg.err" | uniq -d | wc -l)" -ne 0 ]; then
			fail "$_t" "a warning repeated"; head -3 "$out/dmg.err"
		else
			pass "$_t"
		fi
	done
	(cd "$out" && "$GPROF" -s "dmg-$_n" "$base.gmon" >/dev/null 2>"$out/dmg.err")
	_rc=$?
	_hits=$(grep -c -- "$_pat" "$out/dmg.err")
	if [ $_rc -ne 0 ] || [ "$_hits" -lt 1 ] || [ "$_hits" -gt "$_max" ]; then
		fail "gnu-sources/damaged/$_n/-s" "exit $_rc, warnings:"; head -3 "$out/dmg.err"
	else
		pass "gnu-sources/damaged/$_n/-s"
	fi
	rm -f "$out/gmon.sum"
}

# Two units (incl_main.c and rel_main.c) so that a problem in both is
# still reported once.
base=dmg-base
cat >"$out/src/dmg_main.c" <<'EOF'
int rel_entry(int);
int incl_entry(void);
int main(void) { return rel_entry(1) + incl_entry() == 42; }
EOF
printf '#define main incl_entry\n#include "incl_main.c"\n' >"$out/src/incl_lib.c"
if prog "$base" "$out/src" gcc -g -gdwarf-5 -O2 incl_lib.c sub/rel.c dmg_main.c; then
	exe=$out/$base
	line=$(sec_off "$exe" .debug_line)
	info=$(sec_off "$exe" .debug_info)
	# The offsets of the line table units (all but the last, which
	# ends the section).
	units=$(readelf --debug-dump=rawline "$exe" |
	    awk '/^  Offset:/ { print $2 }')
	# A unit length past the section, in the first unit.
	cp "$exe" "$out/dmg-length"
	patch "$out/dmg-length" "$line" ff ff ff 7f
	damaged length '\.debug_line: .*unit length'
	# A huge header_length in every unit (DWARF 5: after the length,
	# version, address size and selector size).
	cp "$exe" "$out/dmg-header"
	for u in $units; do
		patch "$out/dmg-header" $((line + u + 8)) ff ff ff 7f
	done
	damaged header '\.debug_line: .*header length'
	# Random bytes over the second half of .debug_line.
	size=$(readelf -S -W "$exe" | awk '{ for (i = 1; i < NF; i++)
	    if ($i == ".debug_line") { print $(i + 4); exit } }')
	size=$(printf '%d' "0x$size")
	cp "$exe" "$out/dmg-noise"
	noise "$out/dmg-noise" $((line + size / 2)) $((size / 2)) 7
	damaged noise '\.debug_line: ' 5
	# A first DIE with an abbreviation code that does not exist.
	cp "$exe" "$out/dmg-die"
	patch "$out/dmg-die" $((info + 12)) 7f
	damaged die '\.debug_info: '
	# Random bytes over .debug_info after its first unit header.
	cp "$exe" "$out/dmg-info"
	noise "$out/dmg-info" $((info + 12)) 400 11
	damaged info '\.debug_info: ' 4
	# Section headers that leave a DWARF section without bytes: NOBITS,
	# past the end of the file (its offset, or its size), flagged
	# compressed when it is not.  libdw takes each for a missing
	# section; we say so, naming the section, and go on.
	fsize=$(wc -c <"$exe")
	for s in info abbrev str line_str rnglists; do
		for d in nobits:type=8:'a NOBITS section' \
		    offset:offset=$((fsize + 64)):'its bytes run past the end' \
		    size:size=$((2 * fsize)):'its bytes run past the end' \
		    compressed:flags=+0x800:'flagged compressed'; do
			n=hdr-$s-${d%%:*} how=${d#*:}
			cp "$exe" "$out/dmg-$n"
			if ! python3 "$here/elfsec.py" "$out/dmg-$n" ".debug_$s" \
			    "${how%%:*}" 2>>"$log"; then
				fail "gnu-sources/damaged/$n" "elfsec.py failed (see $log)"
				continue
			fi
			damaged "$n" "\.debug_$s: ${how#*:}"
		done
	done
	# Where GNU prints its reports (it refuses a section flagged
	# compressed that is not: tests/diff/KNOWN.md), ours are the same
	# bytes: no source files, no lines, -A prints nothing.
	for n in hdr-info-nobits hdr-info-offset hdr-info-size; do
		for o in "-b" "-b -A" "-b -l" "-b -C" "-b -L"; do
			t="gnu-sources/damaged/$n/gnu$(echo "$o" | tr -d ' ')"
			# shellcheck disable=SC2086
			"$ORACLE" $o "$out/dmg-$n" "$out/$base.gmon" \
			    >"$out/dmg-gnu.out" 2>/dev/null
			e=
			[ -s "$out/dmg-gnu.out" ] || e=--empty
			# shellcheck disable=SC2086
			expect "$t" --err=- --want="$out/dmg-gnu.out" $e \
			    "$GPROF" $o "$out/dmg-$n" "$out/$base.gmon"
		done
	done
fi
exit 0
