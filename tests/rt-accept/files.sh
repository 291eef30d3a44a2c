# shellcheck shell=sh disable=SC2154
# tests/rt-accept/files.sh - the collector's files and link-order cases,
# sourced by tests/rt-accept/run.sh (its helpers and variables: out,
# lib_so, run_prog, one_profile, check_arcs, verdict, AGAINST).
#
# - The writer calls no strerror (it may run in a signal handler).
# - The hook the program calls is another's (libgmon.so linked after the
#   C library): one message says so, at start-up (PIE: the slot is bound
#   then) and at exit (non-PIE, lazy binding: bound by the first call).
# - LIBGMON_OUT=. (a rename that fails): a message and no file at all,
#   no orphan side file; a 250-byte name (legal; a suffix on it is not)
#   gives its profile; a pattern too long for the collector is named in
#   a message that ends with a newline.
# - A hostile neighbour (needs root, as on CI): in a sticky
#   world-writable folder a second user plants a FIFO, hard links to
#   files of theirs, or symbolic links at every name the collector
#   writes: gmon.out, gmon.out.gmonx, and the names of the temporaries
#   before they were random (NAME.tmp.PID, NAME.gmonx.tmp.PID, PID the
#   program's: the planting shell execs it).  The program must exit
#   promptly, leave every file of theirs as it was (content and inode)
#   and write its profile (root replaces the planted names) or, run as
#   another unprivileged user, say why not, with no temporary left.
# - The side file's TIE: a gmon.out whose bytes changed after the run
#   leaves its side file unread, with one warning.
# - A killed writer's temporary is removed by the next write into the
#   folder when its writer is provably dead; a live writer's, another
#   user's, a link and other hosts' stay (planted, and left by a run
#   killed at its rename).

tst=$out/bin/tstgmon-gcc-pg-pie-ours

# --- the program's hook is the C library's ---------------------------
# hook_case NAME MODE LDFLAG...: tstgmon linked with libc.so.6 before
# libgmon.so (so the loader binds mcount to glibc's); the run prints
# exactly one message naming libc.
hook_case() {
	_hn=$1 _hm=$2
	shift 2
	_he=$out/bin/tstgmon-libc-first-$_hm
	_hl=$(gcc -print-file-name=libc.so.6)
	_ho=$out/obj/tstgmon-gcc-pg-$_hm.o
	if ! compile "$_ho" gcc pg "$_hm" "$progs/tstgmon.c"; then
		verdict "$_hn" "cannot compile tstgmon"
		return
	fi
	# shellcheck disable=SC2046
	if ! gcc -pg $(mode_ldflags "$_hm") "$@" -o "$_he" "$_ho" \
		-Wl,--no-as-needed "$_hl" "$lib_so" \
		-Wl,-rpath,"$(dirname "$lib_so")" >"$_he.log" 2>&1; then
		verdict "$_hn" "cannot link: $(head -1 "$_he.log")"
		return
	fi
	_why=$(run_prog "$_hn" no "$_he" && {
		_n=$(grep -c "^libgmon: the program calls the mcount of .*libc\.so\.6, not libgmon's: its calls are not counted; link libgmon after the program's objects and before the C library" "$dir/stderr.txt")
		[ "$_n" = 1 ] ||
			echo "want one message naming libc.so.6, got $_n: $(head -2 "$dir/stderr.txt" | tr '\n' '|')"
	})
	verdict "$_hn" "$_why"
}
if [ "$AGAINST" != glibc ]; then
	hook_case rt-accept/hook-not-ours/pie-now pie -Wl,-z,now
	hook_case rt-accept/hook-not-ours/nopie-lazy nopie -Wl,-z,lazy
fi

# --- the writer may run in a signal handler: no strerror -------------
name=rt-accept/writer-no-strerror
why=$(nm "$lib_a" 2>&1 | awk '
	/^write\.o:$/ { w = 1; next }
	/:$/ { w = 0 }
	w && $1 == "U" && $2 ~ /^(strerror|__xpg_strerror_r|strerror_r)$/ {
		print "write.o calls " $2; exit
	}')
[ -n "$why" ] || nm "$lib_a" 2>/dev/null | grep -q '^write\.o:$' ||
	why="no write.o in $lib_a"
verdict "$name" "$why"

# --- names ------------------------------------------------------------
name=rt-accept/out-dot
why=$(run_prog "$name" no "$tst" LIBGMON_OUT=. && {
	grep -q '^libgmon: cannot write \.: ' "$dir/stderr.txt" ||
		echo "no message about '.': $(head -1 "$dir/stderr.txt")"
	[ -z "$(ls -A "$rundir")" ] ||
		echo "files left: $(ls -A "$rundir" | tr '\n' ' ')"
})
verdict "$name" "$why"

name=rt-accept/out-250-bytes
long=$(printf '%0250d' 0 | tr 0 n)
why=$(run_prog "$name" no "$tst" LIBGMON_OUT="$long" && one_profile && {
	[ "$(basename "$prof")" = "$long" ] ||
		echo "profile named $(basename "$prof")"
	check_arcs "$tst" "$prof"
})
verdict "$name" "$why"

name=rt-accept/out-pattern-too-long
long=$(printf '%02000d' 0 | tr 0 p)
why=$(run_prog "$name" no "$tst" LIBGMON_OUT="$long" && one_profile && {
	grep -q "^libgmon: ignoring LIBGMON_OUT='ppp" "$dir/stderr.txt" ||
		echo "no message: $(head -c 80 "$dir/stderr.txt")"
	[ "$(tail -c 1 "$dir/stderr.txt" | od -An -c | tr -d ' ')" = '\n' ] ||
		echo "the message does not end with a newline"
	[ "$(basename "$prof")" = gmon.out ] ||
		echo "profile named $(basename "$prof"), want gmon.out"
})
verdict "$name" "$why"

# --- a hostile neighbour ------------------------------------------------
other=gmonother
hostile_skip=
if [ "$AGAINST" = glibc ]; then
	hostile_skip="glibc's runtime is not under test"
elif [ "$(id -u)" != 0 ]; then
	hostile_skip="needs root (a second user plants the files)"
elif ! command -v setpriv >/dev/null 2>&1 || ! command -v useradd >/dev/null 2>&1; then
	hostile_skip="needs setpriv and useradd"
elif ! id "$other" >/dev/null 2>&1 &&
	! useradd -r -M -d /nonexistent -s /usr/sbin/nologin "$other" >/dev/null 2>&1 &&
	! id "$other" >/dev/null 2>&1; then
	hostile_skip="cannot create the user $other"
elif [ ! -x "$tst" ]; then
	hostile_skip="$tst was not built"
fi

# The planting script: KIND FOLDER PID.  Their files are in
# FOLDER/theirs (victim1..4, mode 666 so that even writing is allowed);
# the names get a FIFO, a hard link to a victim, a symbolic link to a
# victim, or a symbolic link to a file that does not exist (theirs/newN).
plant=$out/plant.sh
cat >"$plant" <<'EOF'
kind=$1 t=$2 pid=$3
i=0
for n in gmon.out gmon.out.gmonx gmon.out.tmp.$pid gmon.out.gmonx.tmp.$pid; do
	i=$((i + 1))
	case $kind in
	fifo) mkfifo "$t/$n" ;;
	hardlink) ln "$t/theirs/victim$i" "$t/$n" ;;
	symlink) ln -s "$t/theirs/victim$i" "$t/$n" ;;
	dangling) ln -s "$t/theirs/new$i" "$t/$n" ;;
	esac || exit 1
done
EOF

# victims FOLDER: their files' inodes and contents, one a line.
victims() {
	for _i in 1 2 3 4; do
		echo "$(stat -c %i "$1/theirs/victim$_i") $(cat "$1/theirs/victim$_i")"
	done
}

# hostile_case NAME KIND RUNNER: plant KIND, run tstgmon there (as root,
# or as nobody when RUNNER is nobody) and check.
hostile_case() {
	_n=$1 _k=$2 _r=$3
	dir=$out/cases/$(echo "$_n" | tr '/' '_')
	mkdir -p "$dir"
	_t=$(mktemp -d /tmp/runtime-hostile.XXXXXX) || return
	chmod 1777 "$_t"
	mkdir "$_t/theirs" "$_t/bin"
	cp "$tst" "$_t/bin/prog"
	chmod 755 "$_t/bin" "$_t/bin/prog"
	for _i in 1 2 3 4; do
		echo "their file $_i" >"$_t/theirs/victim$_i"
	done
	chmod 666 "$_t"/theirs/victim*
	chown -R "$other" "$_t/theirs"
	_before=$(victims "$_t")
	_pre=
	[ "$_r" = nobody ] && _pre="setpriv --reuid=65534 --regid=65534 --clear-groups"
	# The planting shell's pid is the program's: it execs it.
	(cd "$_t" && timeout 20 sh -c '
		setpriv --reuid="$(id -u "$1")" --regid="$(id -g "$1")" \
			--clear-groups sh "$2" "$3" "$4" $$ || exit 99
		exec $5 ./bin/prog' sh "$other" "$plant" "$_k" "$_t" "$_pre") \
		>"$dir/truth.txt" 2>"$dir/stderr.txt"
	_rc=$?
	_why=$(hostile_check "$_t" "$_k" "$_r" "$_rc" "$_before")
	verdict "$_n" "$_why"
	rm -rf "$_t"
}

# planted FOLDER KIND NAME I: NAME still holds what was planted there
# (KIND, for victim I), owned by them.
planted() {
	_p=$1/$3
	[ "$(stat -c %U "$_p" 2>/dev/null)" = "$other" ] || return 1
	case $2 in
	fifo) [ -p "$_p" ] ;;
	hardlink) [ ! -L "$_p" ] &&
		[ "$(stat -c %i "$_p")" = "$(stat -c %i "$1/theirs/victim$4")" ] ;;
	symlink) [ "$(readlink "$_p")" = "$1/theirs/victim$4" ] ;;
	dangling) [ "$(readlink "$_p")" = "$1/theirs/new$4" ] ;;
	esac
}

# hostile_check FOLDER KIND RUNNER RC BEFORE: prints what is wrong.
hostile_check() {
	_t=$1 _k=$2 _r=$3 _rc=$4
	case $_rc in
	0) ;;
	99) echo "the plants could not be made"; return ;;
	124) echo "the program hung (killed after 20 s)"; return ;;
	*) echo "the program exited $_rc ($(head -1 "$dir/stderr.txt"))"; return ;;
	esac
	if [ "$(victims "$_t")" != "$5" ]; then
		echo "their files changed: $(victims "$_t" | cut -c1-30 |
			tr -c '[:print:]' '?' | tr -s '?')"
		return
	fi
	for _i in 1 2 3 4; do
		if [ -e "$_t/theirs/new$_i" ]; then
			echo "a file was made through their symbolic link (new$_i)"
			return
		fi
	done
	# The old temporaries' names, and (run as nobody) the targets', keep
	# what was planted; nothing of ours is left but the two files.
	_old=0
	for _f in "$_t"/* "$_t"/.[!.]*; do
		[ -e "$_f" ] || [ -L "$_f" ] || continue
		_b=${_f##*/}
		case $_b in
		bin | theirs) continue ;;
		gmon.out.tmp.*) _i=3 ;;
		gmon.out.gmonx.tmp.*) _i=4 ;;
		gmon.out) _i=1 ;;
		gmon.out.gmonx) _i=2 ;;
		*) echo "left behind: $_b ($(stat -c '%F %U' "$_f"))"
			return ;;
		esac
		case $_r/$_b in
		root/gmon.out | root/gmon.out.gmonx)
			if [ -L "$_f" ] || [ ! -f "$_f" ] ||
				[ "$(stat -c '%U %h' "$_f")" != "root 1" ]; then
				echo "$_b is not a new file of ours: $(stat -c '%F %U %h' "$_f")"
				return
			fi ;;
		*) if ! planted "$_t" "$_k" "$_b" "$_i"; then
				echo "$_b does not hold what they planted: $(stat -c '%F %U %h' "$_f")"
				return
			fi
			_old=$((_old + 1)) ;;
		esac
	done
	_want=2
	[ "$_r" = nobody ] && _want=4
	if [ $_old -ne $_want ]; then
		echo "$_old of the $_want names they hold are left: $(ls -A "$_t" | tr '\n' ' ')"
		return
	fi
	if [ "$_r" = nobody ]; then
		# The sticky bit forbids replacing their gmon.out: said.
		grep -q "^libgmon: cannot write gmon.out: not permitted (EPERM)$" "$dir/stderr.txt" ||
			echo "no clear message: $(head -1 "$dir/stderr.txt")"
		return
	fi
	check_arcs "$_t/bin/prog" "$_t/gmon.out"
}

for kind in fifo hardlink symlink dangling; do
	for runner in root nobody; do
		name=rt-accept/hostile/$kind-$runner
		if [ -n "$hostile_skip" ]; then
			skip "$name" "$hostile_skip"
			continue
		fi
		hostile_case "$name" $kind $runner
	done
done

# --- the side file is tied to gmon.out's bytes ------------------------
# Its TIE record holds the size and hash of gmon.out as written; a
# gmon.out whose bytes changed (one bin more: the same header and run
# id, so the run id alone cannot tell) leaves it unread, with a warning.
name=rt-accept/side-tie-bytes
why=$(run_prog "$name" no "$tst" && one_profile side && {
	# The histogram's first bin: after the 20-byte header, the tag
	# (byte 20, 0) and the 40 bytes of the record's header.
	if [ "$(od -An -tu1 -j 20 -N 1 "$prof" | tr -d ' ')" != 0 ]; then
		echo "no histogram record first in $(basename "$prof")"
	else
		_b=$(od -An -tu1 -j 61 -N 1 "$prof" | tr -d ' ')
		printf "\\$(printf '%03o' $(((_b + 1) % 256)))" |
			dd of="$prof" bs=1 seek=61 conv=notrunc 2>/dev/null
		"$GPROF" -b "$tst" "$prof" >/dev/null 2>"$dir/gprof.err"
		_w="gprof: $prof.gmonx belongs to another profile than $prof (written for other bytes: $prof was written again since); ignored"
		[ "$(cat "$dir/gprof.err")" = "$_w" ] ||
			echo "want one warning that the side file belongs to another profile, got: $(head -c 300 "$dir/gprof.err")"
	fi
})
verdict "$name" "$why"

# --- the temporaries of a killed writer -------------------------------
# A program killed while it writes leaves its temporary,
# gmon.tmp.HOST.NS.PID.START.RANDOM (runtime/tmpfile.h).  The next write
# into that folder removes the ones whose writer is provably dead (this
# host and pid namespace; the pid gone, or another process's now: its
# start time differs) that are regular files of ours; everything else
# stays: a live writer's, another user's, a symbolic link, another
# host's or namespace's, and a name of another form.
name=rt-accept/tmp-dead-writer
if [ "$AGAINST" = glibc ]; then
	skip "$name" "glibc's runtime is not under test"
else
	dir=$out/cases/$(echo "$name" | tr '/' '_')
	rundir=$dir/run
	mkdir -p "$rundir"
	_host=$(uname -n | tr -c 'A-Za-z0-9_\n-' '_')
	_ns=$(stat -L -c %i /proc/self/ns/pid)
	_dead=$(sh -c 'echo $$') # a pid that has exited
	_never=$(cat /proc/sys/kernel/pid_max) # no process has it
	sleep 60 &
	_live=$!
	_start=$(sed 's/.*) //' "/proc/$_live/stat" | cut -d' ' -f20)
	_p=gmon.tmp.$_host.$_ns
	_gone="$_p.$_dead.12345.aaaaaaaaaaaa $_p.$_never.1.bbbbbbbbbbbb
$_p.$_live.$((_start + 1)).cccccccccccc"
	_stay="$_p.$_live.$_start.dddddddddddd $_p.$_dead.7.eeeeeeeeeeee
gmon.tmp.other-host.$_ns.$_dead.7.ffffffffffff gmon.tmp.$_host.1.$_dead.7.gggggggggggg
gmon.tmp.hhhhhhhhhhhh $_p.$_dead.7.iiiiiiiiiii"
	for _f in $_gone $_stay; do
		echo "a temporary" >"$rundir/$_f"
	done
	# A link at a dead writer's name, and another user's file.
	rm "$rundir/$_p.$_dead.7.eeeeeeeeeeee"
	ln -s "$dir/target" "$rundir/$_p.$_dead.7.eeeeeeeeeeee"
	echo "theirs" >"$dir/target"
	if [ "$(id -u)" = 0 ]; then
		echo "theirs" >"$rundir/$_p.$_dead.8.jjjjjjjjjjjj"
		chown 65534 "$rundir/$_p.$_dead.8.jjjjjjjjjjjj"
		_stay="$_stay $_p.$_dead.8.jjjjjjjjjjjj"
	fi
	why=$(run_prog "$name" no "$tst" && {
		for _f in $_gone; do
			[ ! -e "$rundir/$_f" ] || echo "$_f (a dead writer's) is still there"
		done
		for _f in $_stay; do
			[ -e "$rundir/$_f" ] || [ -L "$rundir/$_f" ] ||
				echo "$_f was removed"
		done
		[ "$(cat "$dir/target")" = theirs ] || echo "the link's target changed"
		[ -f "$rundir/gmon.out" ] && [ -f "$rundir/gmon.out.gmonx" ] ||
			echo "no profile: $(head -1 "$dir/stderr.txt")"
		_left=$(ls -A "$rundir" | grep -v -x -e gmon.out -e gmon.out.gmonx |
			sort | tr '\n' ' ')
		_want=$(printf '%s\n' $_stay | sort | tr '\n' ' ')
		[ "$_left" = "$_want" ] || echo "left: $_left; want: $_want"
	} | head -3 | paste -sd ';' -)
	kill $_live 2>/dev/null
	verdict "$name" "$why"
fi

# The same, really killed: SIGKILL at the rename (strace injects it)
# leaves both temporaries; the next run in that folder leaves only its
# profile and side file.
name=rt-accept/tmp-killed-writer
if [ "$AGAINST" = glibc ]; then
	skip "$name" "glibc's runtime is not under test"
elif ! strace -o /dev/null true 2>/dev/null; then
	skip "$name" "strace is missing or cannot trace here"
else
	dir=$out/cases/$(echo "$name" | tr '/' '_')
	rundir=$dir/run
	mkdir -p "$rundir"
	(cd "$rundir" && exec timeout 60 strace -f -o /dev/null \
		-e inject=rename:signal=KILL "$tst") >"$dir/killed.txt" 2>&1
	_left=$(ls -A "$rundir" | grep -c '^gmon\.tmp\.')
	why=$(if [ "$_left" != 2 ]; then
		echo "the killed run left $_left temporaries, want 2: $(ls -A "$rundir" | tr '\n' ' ')"
	else
		run_prog "$name" no "$tst" && one_profile side
	fi)
	verdict "$name" "$why"
fi
