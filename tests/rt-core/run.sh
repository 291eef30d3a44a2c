#!/bin/sh
# The collector's core (runtime/, libgmon): exact call counts read back
# by GNU gprof (/usr/bin/gprof) and by ours.  Every program counts its
# own calls (the ground truth) and prints them; each gprof's "-b -C"
# count must equal it.  Nothing here asserts a time or a sample count.
# Env: GPROF, BUILD (absolute; libgmon.a and libgmon.so are in BUILD or,
# for the sanitizer build, in its parent: the runtime is never built
# with sanitizers).
. "$(dirname "$0")/../lib.sh"
t_suite rt-core
lib=$BUILD
[ -f "$lib/libgmon.a" ] || lib=$top/build
if [ ! -f "$lib/libgmon.a" ] || [ ! -f "$lib/libgmon.so" ]; then
	fail "rt-core/build" "no libgmon.a/libgmon.so in $lib"
	exit 0
fi
# Our runtime never reads these; make sure the caller's do not leak in.
unset GMON_OUT_PREFIX PROFDIR LIBGMON_OUT LIBGMON_FORK LIBGMON_DUMP_ON \
	LIBGMON_VERBOSE LIBGMON_RATE LIBGMON_CLOCK

# count GPROF EXE PROFILE... FUNC: FUNC's calls by "GPROF -b -C".
count() {
	_g=$1 _exe=$2
	shift 2
	_f=$(eval echo "\${$#}")
	_n=0
	for _p in "$@"; do
		[ "$_p" = "$_f" ] && break
		_n=$((_n + 1))
	done
	# all arguments but the last are profiles
	_profiles=$(for _p in "$@"; do [ "$_p" != "$_f" ] && echo "$_p"; done)
	# shellcheck disable=SC2086
	"$_g" -b -C "$_exe" $_profiles 2>/dev/null |
		awk -F '[(): ]' -v f="$_f" '/executions/ && $5 == f { s += $8 }
			END { printf "%.0f\n", s }'
}

# expect_count NAME EXE WANT FUNC PROFILE...: FUNC's count by both gprofs.
expect_count() {
	_name=$1 _exe=$2 _want=$3 _func=$4
	shift 4
	for _g in /usr/bin/gprof "$GPROF"; do
		_got=$(count "$_g" "$_exe" "$@" "$_func")
		if [ "$_got" != "$_want" ]; then
			fail "rt-core/$_name" "$_g counts $_func $_got, want $_want"
			return 1
		fi
	done
	pass "rt-core/$_name"
}

# build NAME SOURCE CC FLAGS...: link with libgmon.a; prints FAIL or
# SKIP and returns 1 when it cannot.
build() {
	_name=$1 _src=$2 _cc=$3
	shift 3
	if ! command -v "$_cc" >/dev/null 2>&1; then
		skip "rt-core/$_name" "no $_cc"
		return 1
	fi
	mkdir -p "$out/$_name"
	# shellcheck disable=SC2068
	if ! "$_cc" -O2 -fno-omit-frame-pointer $@ -o "$out/$_name/prog" \
		"$_src" "$lib/libgmon.a" -lpthread >"$out/$_name/build.log" 2>&1; then
		fail "rt-core/$_name" "cannot build (see $out/$_name/build.log)"
		return 1
	fi
}

# glibc's tst-gmon contract, linked with our archive.
tst=$top/tests/rt-glibc/tst-gmon.c
for cc in gcc clang; do
	for hook in pg fentry; do
		for link in pie nopie static static-pie; do
			name=tst-gmon-$cc-$hook-$link
			flags=-pg
			[ $hook = fentry ] && flags="-pg -mfentry"
			case $link in
			pie) flags="$flags -fPIE -pie" ;;
			nopie) flags="$flags -fno-PIE -no-pie" ;;
			static) flags="$flags -static" ;;
			static-pie)
				# clang 14 links -pg -static-pie with gcrt1.o
				# instead of grcrt1.o: it crashes with glibc's
				# runtime too.
				[ $cc = clang ] && continue
				flags="$flags -static-pie"
				;;
			esac
			# shellcheck disable=SC2086
			build "$name" "$tst" $cc $flags || continue
			d=$out/$name
			if ! (cd "$d" && ./prog); then
				fail "rt-core/$name" "the program failed"
				continue
			fi
			expect_count "$name" "$d/prog" 2000 f1 "$d/gmon.out" &&
				expect_count "$name/f2" "$d/prog" 1000 f2 "$d/gmon.out" &&
				expect_count "$name/f3" "$d/prog" 1 f3 "$d/gmon.out"
		done
	done
done

# Compiled with -pg, linked without it: the constructor starts.
d=$out/nolink
mkdir -p "$d"
if cc -O2 -pg -c -o "$d/t.o" "$tst" && cc -o "$d/prog" "$d/t.o" "$lib/libgmon.a"; then
	(cd "$d" && ./prog) && expect_count nolink "$d/prog" 2000 f1 "$d/gmon.out"
else
	fail "rt-core/nolink" "cannot build"
fi

# ... before the program's constructors, and writes after its
# destructors.
d=$out/nolink-ctor
mkdir -p "$d"
if cc -O2 -pg -c -o "$d/t.o" "$here/ctor.c" && cc -o "$d/prog" "$d/t.o" "$lib/libgmon.a"; then
	(cd "$d" && ./prog) && expect_count nolink-ctor "$d/prog" 111 leaf "$d/gmon.out"
else
	fail "rt-core/nolink-ctor" "cannot build"
fi

# An unmodified glibc -pg binary taken over by LD_PRELOAD.
for link in pie nopie; do
	for hook in pg fentry; do
		name=preload-$link-$hook
		d=$out/$name
		mkdir -p "$d"
		flags=-pg
		[ $hook = fentry ] && flags="-pg -mfentry"
		[ $link = pie ] && flags="$flags -fPIE -pie" || flags="$flags -no-pie"
		# shellcheck disable=SC2086
		if ! cc -O2 $flags -o "$d/prog" "$tst" 2>"$d/build.log"; then
			fail "rt-core/$name" "cannot build"
			continue
		fi
		(cd "$d" && LD_PRELOAD=$lib/libgmon.so ./prog) &&
			expect_count "$name" "$d/prog" 2000 f1 "$d/gmon.out" &&
			[ -f "$d/gmon.out.gmonx" ] ||
			fail "rt-core/$name" "no side file"
	done
done

# Argument registers survive the hooks (slow path included).
for cc in gcc clang; do
	for hook in pg fentry; do
		name=args-$cc-$hook
		flags=-pg
		[ $hook = fentry ] && flags="-pg -mfentry"
		# shellcheck disable=SC2086
		build "$name" "$here/args.c" $cc $flags || continue
		got=$(cd "$out/$name" && ./prog)
		if [ "$got" = ok ]; then
			pass "rt-core/$name"
		else
			fail "rt-core/$name" "$got"
		fi
	done
done

# Threads: every call counted (glibc loses a third or more).
for t in 2 4 16; do
	name=threads-$t
	build "$name" "$here/threads.c" cc -pg || continue
	d=$out/$name
	want=$(cd "$d" && ./prog $t 200000) &&
		expect_count "$name" "$d/prog" "$want" leaf "$d/gmon.out"
done
name=threads-churn
if build "$name" "$here/threads.c" cc -pg; then
	d=$out/$name
	want=$(cd "$d" && ./prog 1 10000 churn) &&
		expect_count "$name" "$d/prog" "$want" leaf "$d/gmon.out"
fi

# Table growth: 3000 functions called through one pointer call site
# (3000 arcs with the same caller) and from 3000 direct call sites.
d=$out/growth
mkdir -p "$d"
awk 'BEGIN {
	n = 3000
	for (i = 0; i < n; i++)
		printf "__attribute__((noinline)) void f%d(void) { __asm__ volatile(\"\"); }\n", i
	printf "void (*const tab[])(void) = {"
	for (i = 0; i < n; i++)
		printf "f%d,", i
	printf "};\nint main(void) {\n"
	printf "for (int r = 0; r < 3; r++) for (int i = 0; i < %d; i++) tab[i]();\n", n
	for (i = 0; i < n; i++)
		printf "f%d(); __asm__ volatile(\"\");\n", i
	printf "return 0; }\n"
}' >"$d/growth.c"
if cc -O1 -pg -o "$d/prog" "$d/growth.c" "$lib/libgmon.a" 2>"$d/build.log"; then
	(cd "$d" && ./prog)
	ok=1
	for g in /usr/bin/gprof "$GPROF"; do
		got=$("$g" -b -C "$d/prog" "$d/gmon.out" 2>/dev/null |
			awk -F '[(): ]' '/executions/ && $5 ~ /^f[0-9]+$/ {
				n++; s += $8; if ($8 != 4) bad++ }
				END { print n + 0, s + 0, bad + 0 }')
		if [ "$got" != "3000 12000 0" ]; then
			fail "rt-core/growth" "$g: functions, calls, wrong counts: $got"
			ok=0
		fi
	done
	[ $ok = 1 ] && pass "rt-core/growth"
else
	fail "rt-core/growth" "cannot build"
fi

# Life cycle: fork, signal handlers, _mcleanup twice, moncontrol.
if build life "$here/life.c" cc -pg; then
	d=$out/life
	p=$d/prog
	want=$(cd "$d" && rm -f gmon.out* && ./prog fork) &&
		kids=$(cd "$d" && ls gmon.out.[0-9]* 2>/dev/null | grep -cv gmonx) &&
		if [ "$kids" != 1 ]; then
			fail "rt-core/fork" "$kids child files, want 1"
		else
			expect_count fork "$p" "$want" leaf "$d/gmon.out" \
				"$(ls "$d"/gmon.out.[0-9]* | grep -v gmonx)"
		fi
	want=$(cd "$d" && rm -f gmon.out* && ./prog signal) &&
		expect_count signal "$p" "$want" leaf "$d/gmon.out"
	want=$(cd "$d" && rm -f gmon.out* && ./prog mcleanup) &&
		expect_count mcleanup "$p" "$want" leaf "$d/gmon.out"
	want=$(cd "$d" && rm -f gmon.out* && ./prog moncontrol) &&
		expect_count moncontrol "$p" "$want" leaf "$d/gmon.out"
	want=$(cd "$d" && rm -f gmon.out* && GMON_OUT_PREFIX=pfx ./prog moncontrol) &&
		expect_count gmon-out-prefix "$p" "$want" leaf "$(ls "$d"/pfx.[0-9]* | grep -v gmonx)"
	want=$(cd "$d" && rm -f gmon.out* && LIBGMON_OUT=%e-%p.prof ./prog moncontrol) &&
		expect_count libgmon-out "$p" "$want" leaf "$d/prog-$(cd "$d" && ls prog-*.prof | sed 's/prog-//; s/\.prof$//')".prof
	(cd "$d" && rm -f gmon.out* && PROFDIR= ./prog moncontrol >/dev/null)
	if [ -e "$d/gmon.out" ]; then
		fail "rt-core/profdir-empty" "a profile was written"
	else
		pass "rt-core/profdir-empty"
	fi
	mkdir -p "$d/pd"
	(cd "$d" && PROFDIR=pd ./prog moncontrol >/dev/null)
	f=$(ls "$d"/pd/*.prog 2>/dev/null | head -1)
	if [ -n "$f" ]; then
		expect_count profdir "$p" 1000 leaf "$f"
	else
		fail "rt-core/profdir" "no PROFDIR/PID.prog"
	fi
	# inherit: the child keeps the 1000 calls made before the fork.
	(cd "$d" && rm -f gmon.out* && LIBGMON_FORK=inherit ./prog fork >/dev/null) &&
		expect_count fork-inherit "$p" 2800 leaf "$d/gmon.out" \
			"$(ls "$d"/gmon.out.[0-9]* | grep -v gmonx)"
	want=$(cd "$d" && rm -f gmon.out* && LIBGMON_FORK=off ./prog fork) &&
		if ls "$d"/gmon.out.[0-9]* >/dev/null 2>&1; then
			fail "rt-core/fork-off" "the child wrote a profile"
		else
			expect_count fork-off "$p" 1500 leaf "$d/gmon.out"
		fi
fi

# A signal handler interrupting the slow path: counted in a nested
# table, reported as nested in the side file.
if build nested "$here/nested.c" cc -pg -I"$top/runtime" -I"$top/include"; then
	d=$out/nested
	want=$(cd "$d" && ./prog) &&
		expect_count nested "$d/prog" "$want" leaf "$d/gmon.out" &&
		if "$GPROF" -d "$d/prog" "$d/gmon.out" 2>&1 |
			grep -q '^\[side\] .* 0 dropped, [1-9][0-9]* nested'; then
			pass "rt-core/nested-side"
		else
			fail "rt-core/nested-side" "no nested calls in the side file"
		fi
fi

# LIBGMON_DUMP_ON (the _exit and exec events need the shared library).
if build dump "$here/life.c" cc -pg; then
	d=$out/dump
	{ LIBGMON_OUT=$d/gmon.out LIBGMON_DUMP_ON=TERM "$d/prog" term; } >/dev/null 2>&1
	expect_count dump-term "$d/prog" 900 leaf "$d/gmon.out"
fi
for ev in exit exec; do
	d=$out/dump-$ev
	mkdir -p "$d"
	if ! cc -O2 -pg -o "$d/prog" "$here/life.c" 2>"$d/build.log"; then
		fail "rt-core/dump-$ev" "cannot build"
		continue
	fi
	(cd "$d" && LIBGMON_DUMP_ON=_exit,exec LD_PRELOAD=$lib/libgmon.so \
		./prog $ev >/dev/null 2>&1)
	expect_count "dump-$ev" "$d/prog" 900 leaf "$d/gmon.out"
done

# The execl family's wrappers pass on their arguments and (execle) the
# environment that follows them.
d=$out/execl
mkdir -p "$d"
if cc -O2 -o "$d/prog" "$here/execl.c" 2>"$d/build.log"; then
	for c in "execle|GMON_EXECLE=given" \
		"execle-args|GMON_EXECLE=given GMON_ARG=1" \
		"execl|GMON_ARG=1 GMON_B=2" "execlp|GMON_ARG=1"; do
		how=${c%%|*} want=${c#*|}
		got=$(cd "$d" && LIBGMON_DUMP_ON=exec LD_PRELOAD=$lib/libgmon.so \
			./prog "$how" 2>&1 | grep '^GMON_' | tr '\n' ' ')
		if [ "$got" = "$want " ]; then
			pass "rt-core/$how"
		else
			fail "rt-core/$how" "env printed '$got', want '$want'"
		fi
	done
else
	fail "rt-core/execl" "cannot build"
fi

# The writer splits counts beyond the format's 16-bit bins and 32-bit
# arcs into repeated records, which GNU gprof sums.
d=$out/writer
mkdir -p "$d"
if cc -O2 -fno-PIE -no-pie -I"$top/runtime" -I"$top/include" -o "$d/prog" \
	"$here/writer.c" "$lib/libgmon.a" 2>"$d/build.log"; then
	(cd "$d" && ./prog w.out) &&
		expect_count writer-arcs "$d/prog" 5000000000 hot "$d/w.out" &&
		for g in /usr/bin/gprof "$GPROF"; do
			if ! "$g" -b -p "$d/prog" "$d/w.out" |
				grep -q '^100.00 *2700.00 *2700.00 *5000000000 .* hot$'; then
				fail "rt-core/writer-bins" "$g does not show 2700 s in hot"
				break
			fi
		done && pass "rt-core/writer-bins"
else
	fail "rt-core/writer" "cannot build"
fi

# LIBGMON_CLOCK and LIBGMON_RATE reach the sampler; LIBGMON_VERBOSE says
# so in one line; a value we do not understand is named and ignored.
d=$out/tst-gmon-gcc-pg-pie
if [ -x "$d/prog" ]; then
	err=$(cd "$d" && LIBGMON_VERBOSE=1 LIBGMON_CLOCK=itimer LIBGMON_RATE=250 \
		./prog 2>&1 >/dev/null)
	case $err in
	"libgmon: clock process CPU-time timer, rate 250 Hz asked, "*" 3002 calls, 0 dropped" | \
		"libgmon: clock ITIMER_PROF, rate 250 Hz asked, "*" 3002 calls, 0 dropped")
		pass "rt-core/verbose" ;;
	*) fail "rt-core/verbose" "'$err'" ;;
	esac
	err=$(cd "$d" && LIBGMON_CLOCK=bogus ./prog 2>&1 >/dev/null)
	if [ "$err" = "libgmon: ignoring LIBGMON_CLOCK='bogus'" ]; then
		pass "rt-core/bad-knob"
	else
		fail "rt-core/bad-knob" "'$err'"
	fi
	err=$(cd "$d" && LIBGMON_OUT=no/such/dir/x ./prog 2>&1 >/dev/null)
	if [ "$err" = "libgmon: cannot write no/such/dir/x: no such file or directory (ENOENT)" ]; then
		pass "rt-core/unwritable"
	else
		fail "rt-core/unwritable" "'$err'"
	fi
fi

# A set-user-ID program ignores the environment (LIBGMON_OUT here).
if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null 2>&1; then
	skip "rt-core/setuid" "needs root and setpriv"
elif [ -x "$out/tst-gmon-gcc-pg-pie/prog" ]; then
	t=$(mktemp -d /tmp/runtime-core-suid.XXXXXX)
	chmod 777 "$t"
	cp "$out/tst-gmon-gcc-pg-pie/prog" "$t/prog"
	chmod 4755 "$t/prog"
	(cd "$t" && setpriv --reuid=65534 --regid=65534 --clear-groups \
		env LIBGMON_OUT=x.out ./prog)
	if [ -e "$t/x.out" ] || [ ! -e "$t/gmon.out" ]; then
		fail "rt-core/setuid" "LIBGMON_OUT was obeyed"
	else
		expect_count setuid "$t/prog" 2000 f1 "$t/gmon.out"
	fi
	rm -rf "$t"
fi

# A noreturn call ending a() is charged to a(), not to the next function.
if build noreturn "$here/life.c" cc -pg -falign-functions=1; then
	d=$out/noreturn
	(cd "$d" && ./prog noreturn >/dev/null)
	for g in /usr/bin/gprof "$GPROF"; do
		parent=$("$g" -b -q "$d/prog" "$d/gmon.out" 2>/dev/null |
			awk '/^\[[0-9]+\].* die \[/ { print prev; exit } { prev = $0 }')
		case $parent in
		*" a ["*) ;;
		*)
			fail "rt-core/noreturn" "$g: die's caller is '$parent'"
			continue 2
			;;
		esac
	done
	pass "rt-core/noreturn"
fi

# 4-byte bins (scale 2.0), said by GNU's call graph header.
d=$out/tst-gmon-gcc-pg-nopie
if [ -f "$d/gmon.out" ]; then
	if /usr/bin/gprof -b -q "$d/prog" "$d/gmon.out" | grep -q 'covers 4 byte(s)'; then
		pass "rt-core/bins-4-bytes"
	else
		fail "rt-core/bins-4-bytes" "$(/usr/bin/gprof -b -q "$d/prog" "$d/gmon.out" | grep granularity)"
	fi
fi
