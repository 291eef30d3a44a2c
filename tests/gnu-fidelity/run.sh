#!/bin/sh
# Fidelity on real programs, byte for byte against GNU gprof 2.40:
# - -C with -Z/-C specs and -z on glibc's tst-gmon (four link modes) and
#   a sixty-function program (static, static-pie), where GNU's order of
#   the execution counts depends on which functions the specs keep;
#   -P/-Q/-Z without a spec after -p/-q/-C;
# - gmon.sum from -s with basic-block records (repeated addresses in one
#   file and across files, more than ten in one line, none in a symbol,
#   an empty record);
# - -c on a program whose gcc *.cold fragments come before its first
#   function (their calls are _init's).
# Env: GPROF, BUILD (absolute).
. "$(dirname "$0")/../lib.sh"
t_suite gnu-fidelity
. "$here/../gmonsum.sh"

# build NAME "FLAGS" SOURCE...: compile $out/NAME/NAME with -g -O2 -pg,
# run it there and keep its profile as NAME.gmon.
build() {
	_n=$1 _f=$2
	shift 2
	mkdir -p "$out/$_n"
	# shellcheck disable=SC2086
	if ! cc -g -O2 -fno-omit-frame-pointer -pg $_f -o "$out/$_n/$_n" "$@" \
		2>"$out/$_n/build.log"; then
		fail "gnu-fidelity/$_n" "cannot build (see $out/$_n/build.log)"
		return 1
	fi
	if ! (cd "$out/$_n" && rm -f gmon.out && ./"$_n" >/dev/null 2>&1 &&
		mv gmon.out "$_n.gmon"); then
		fail "gnu-fidelity/$_n" "the program failed or wrote no profile"
		return 1
	fi
}

# compare_list NAME: compare_gprof on NAME's program and profile for
# each line of options read from stdin (EMPTY_OK for the cases listed in
# empty.txt).
compare_list() {
	while IFS= read -r _o; do
		_cname="gnu-fidelity/$1/$(echo "$_o" | tr -d ' ')"
		# Cases that must print nothing are listed in empty.txt.
		EMPTY_OK=
		empty_listed "$_cname" "$here/empty.txt" && EMPTY_OK=1
		# shellcheck disable=SC2086
		compare_gprof "$_cname" "$out/$1" \
		    "$out/$1/$1" "$out/$1/$1.gmon" $_o
	done
}

for mode in nopie pie static static-pie; do
	case $mode in
	nopie) flags="-fno-PIE -no-pie" ;;
	pie) flags="-fPIE -pie" ;;
	static) flags="-fno-PIE -no-pie -static" ;;
	static-pie) flags="-fPIE -static-pie" ;;
	esac
	build "gmon-$mode" "$flags" "$here/../rt-glibc/tst-gmon.c" || continue
	compare_list "gmon-$mode" <<-END
	-b -C
	-b -C -Zf2
	-b -C -Zf3
	-b -C -Zf1 -Zf3
	-b -Cf1 -Cf2 -Zf2
	-b -Cnosuch -Zf2
	-b -C -Zf2 -z
	-b -Cmain
	-b -Ctst-gmon.c -Zf2
	-b -C -Z
	-b -P -Q
	-b -p -P
	-b -C -q -Q
	END
done

for mode in static static-pie; do
	case $mode in
	static) flags="-fno-PIE -no-pie -static" ;;
	static-pie) flags="-fPIE -static-pie" ;;
	esac
	build "many-$mode" "$flags" "$here/many.c" || continue
	compare_list "many-$mode" <<-END
	-b -C
	-b -C -Zf12
	-b -C -Zf12 -Zf40
	-b -Cf11 -Cf12 -Zf12
	-b -C -Zf30 -z
	-b -C -Zmain
	END
done

# compare_sum NAME DIR EXE PROFILE...: gprof -b -s in DIR, ours and
# GNU's (lib.sh's same_as_gnu); PASS when stdout, exit status, whether
# stderr is empty and the gmon.sum bytes agree.
compare_sum() {
	_name=$1 _dir=$2 _exe=$3
	shift 3
	(cd "$_dir" && rm -f gmon.sum &&
		same_as_gnu "$_name" "$_dir/sum" -b -s "$_exe" "$@")
}

# Basic-block counts (tag 2) against tst-gmon's line table: the same
# address twice in a file and again in a second file, twelve addresses
# in f3's first line (GNU keeps ten per line symbol), addresses in no
# symbol, and a record with no counts.
bbdir="$out/gmon-nopie"
if [ -f "$bbdir/gmon-nopie.gmon" ]; then
	addr() { nm "$bbdir/gmon-nopie" | awk -v s="$1" '$3 == s { print "0x" $1 }'; }
	f1=$(addr f1) f3=$(addr f3) main=$(addr main)
	{
		printf 'bb %s 3\nbb 0x%x 5\nbb %s 1\nbb %s 7\n' \
		    "$f1" $((f1 + 2)) "$f3" "$f1"
		for i in 1 2 3 4 5 6 7 8 9 10 11; do
			printf 'bb 0x%x %d\n' $((f3 + i)) "$i"
		done
		printf 'bb 0x%x 4\nbb 0 9\nbb 0xffffff00 8\nbb %s 2\n' \
		    $((f3 + 3)) "$main"
	} >"$bbdir/bb1.spec"
	printf 'bb %s 100\nbb 0x%x 1\nbb %s 4\nbb 0x%x 6\n' "$f3" $((f1 + 2)) \
	    "$main" $((f3 + 11)) >"$bbdir/bb2.spec"
	printf 'raw 02 00000000\n' >"$bbdir/bb0.spec"
	for s in bb1 bb2 bb0; do
		"$BUILD/mkgmon" -o "$bbdir/$s.gmon" "$bbdir/$s.spec" ||
			fail "gnu-fidelity/bb" "mkgmon $s.spec failed"
	done
	compare_sum gnu-fidelity/bb/one-file "$bbdir" gmon-nopie bb1.gmon
	compare_sum gnu-fidelity/bb/two-files "$bbdir" gmon-nopie bb1.gmon bb2.gmon
	compare_sum gnu-fidelity/bb/with-run "$bbdir" gmon-nopie gmon-nopie.gmon \
	    bb2.gmon bb1.gmon
	compare_sum gnu-fidelity/bb/empty-record "$bbdir" gmon-nopie bb0.gmon
fi

# -c with *.cold fragments before the first function.
for mode in nopie pie; do
	case $mode in
	nopie) flags="-fno-PIE -no-pie" ;;
	pie) flags="-fPIE -pie" ;;
	esac
	build "cold-$mode" "$flags" "$here/cold.c" "$here/cold-callees.c" || continue
	# The layout the case is about, or it tests nothing.
	if ! nm -n "$out/cold-$mode/cold-$mode" | awk '
		$2 ~ /^[Tt]$/ && $3 != "_init" { print $3; exit }' |
		grep -q '\.cold$'; then
		fail "gnu-fidelity/cold-$mode/layout" "no *.cold symbol before the first function"
		continue
	fi
	compare_list "cold-$mode" <<-END
	-b -c
	-b -c -q
	-b -c -q -e work
	END
done
exit 0
