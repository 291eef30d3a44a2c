#!/bin/sh
# tests/input-sumfile/run.sh - gmon.sum is the user's data: how -s replaces it,
# and its side file gmon.sum.gmonx, which belongs to that gmon.sum only.
#
# Every case runs `gprof -s prog gmon.out` in a directory set up for it
# and checks the exit status, the message, the bytes of gmon.sum (GNU's
# gmon.sum for a success, the saved old one for a failure), its mode,
# that a symlink stays a symlink, and that the directory holds exactly
# the files it should (no temporary left).  Cases that need something
# the machine lacks (an unprivileged user when run as root, mount,
# strace) print "SKIP name: why".  Env: GPROF, BUILD.
. "$(dirname "$0")/../lib.sh"
t_suite input-sumfile
. "$here/../gmonsum.sh"
mnt=

cleanup() {
	[ -n "$mnt" ] && umount "$mnt" 2>/dev/null
	chmod -R u+w "$out" 2>/dev/null
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

chmod -R u+w "$out" 2>/dev/null
rm -rf "$out"
mkdir -p "$out/in" || exit 1
chmod 755 "$out" "$out/in"
in=$out/in
if ! cc -g -O0 -pg -o "$in/hot" "$here/../progs/hot.c" 2>"$in/cc.err" ||
	! (cd "$in" && ./hot >/dev/null) || [ ! -s "$in/gmon.out" ]; then
	fail "input-sumfile/build" "see $in/cc.err"
	exit 0
fi
chmod 644 "$in/gmon.out"
# GNU's gmon.sum, and two older gmon.sums to replace: bigger and smaller.
mkdir "$in/gnu"
(cd "$in/gnu" && /usr/bin/gprof -s ../hot ../gmon.out) || {
	fail "input-sumfile/build" "/usr/bin/gprof -s failed"
	exit 0
}
GNU=$in/gnu/gmon.sum
head -c 6000 "$in/hot" >"$in/old-big"
printf 'an older gmon.sum\n' >"$in/old-small"

# An unprivileged runner for the cases where permissions matter: root
# passes every permission check, so it runs gprof as nobody.
unpriv=
if [ "$(id -u)" -eq 0 ]; then
	unpriv="setpriv --reuid=65534 --regid=65534 --clear-groups"
	$unpriv sh -c "test -x '$GPROF' && test -r '$in/gmon.out'" \
		2>/dev/null || unpriv=no
fi
strace_ok=no
strace -o /dev/null true 2>/dev/null && strace_ok=yes

# ---- helpers --------------------------------------------------------------

n=0
# new NAME: start case NAME in a fresh empty directory $d.
new() {
	name=input-sumfile/$1 why= n=$((n + 1))
	d=$out/$n
	mkdir "$d" && chmod 777 "$d"
}
# run [PREFIX...]: gprof -s in $d, run through PREFIX; sets $rc.
run() {
	(cd "$d" && exec timeout 60 "$@" "$GPROF" -s "$in/hot" "$in/gmon.out") \
		>"$d.out" 2>"$d.err" </dev/null
	rc=$?
}
bad() { [ -n "$why" ] || why=$*; }
want_rc() { [ "$rc" -eq "$1" ] || bad "exit status $rc, want $1 ($(head -c 200 "$d.err"))"; }
# want_err TEXT: stderr contains TEXT ("" = stderr is empty).
want_err() {
	if [ -z "$1" ]; then
		[ ! -s "$d.err" ] || bad "stderr: $(head -c 200 "$d.err")"
	else
		grep -qF -- "$1" "$d.err" || bad "stderr lacks '$1': $(head -c 200 "$d.err")"
	fi
}
want_same() { cmp -s "$1" "$2" || bad "$1 differs from $2"; }
# want_gnu FILE: FILE is GNU's gmon.sum, in the bytes GNU defines.
want_gnu() { sum_same "$GNU" "$1" || bad "$1 differs from GNU's gmon.sum ($(sum_where "$GNU" "$1"))"; }
want_mode() { [ "$(stat -c %a "$1" 2>&1)" = "$2" ] || bad "$1: mode $(stat -c %a "$1" 2>&1), want $2"; }
want_type() { [ "$(stat -c %F "$1" 2>&1)" = "$2" ] || bad "$1: $(stat -c %F "$1" 2>&1), want $2"; }
want_link() {
	[ -L "$1" ] && [ "$(readlink "$1")" = "$2" ] || bad "$1 is no longer a symlink to $2"
}
# want_ls DIR NAMES: DIR holds exactly NAMES (sorted, space-separated).
want_ls() {
	_got=$(ls -A "$1" | tr '\n' ' ' | sed 's/ $//')
	[ "$_got" = "$2" ] || bad "$1 holds '$_got', want '$2'"
}
done_case() {
	if [ -n "$why" ]; then
		fail "$name" "$why"
	else
		pass "$name"
	fi
}

# ---- new files: the mode creat(0666) gives under the umask -----------------

for m in 022:644 077:600 002:664; do
	new "new/umask-${m%:*}"
	run sh -c "umask ${m%:*}; exec \"\$@\"" sh
	want_rc 0
	want_err ""
	want_gnu "$d/gmon.sum"
	want_mode "$d/gmon.sum" "${m#*:}"
	want_ls "$d" gmon.sum
	done_case
done

# ---- replacing: the old file's mode (and owner) stay ------------------------

for m in 640 604 444; do
	new "replace/mode-$m"
	cp "$in/old-big" "$d/gmon.sum" && chmod "$m" "$d/gmon.sum"
	if [ "$m" = 444 ] && [ "$(id -u)" -ne 0 ]; then
		# Only root may write a read-only file; see replace/read-only.
		run
		want_rc 1
		want_err "gprof: gmon.sum: cannot write: Permission denied"
		want_same "$d/gmon.sum" "$in/old-big"
	else
		run
		want_rc 0
		want_err ""
		want_gnu "$d/gmon.sum"
	fi
	want_mode "$d/gmon.sum" "$m"
	want_ls "$d" gmon.sum
	done_case
done

if [ "$(id -u)" -eq 0 ]; then
	new replace/owner
	cp "$in/old-small" "$d/gmon.sum" && chown 65534:65534 "$d/gmon.sum"
	run
	want_rc 0
	want_gnu "$d/gmon.sum"
	[ "$(stat -c %u:%g "$d/gmon.sum")" = 65534:65534 ] ||
		bad "owner $(stat -c %u:%g "$d/gmon.sum"), want 65534:65534"
	done_case
else
	skip input-sumfile/replace/owner "needs root to give a file away"
fi

# ---- permissions: a read-only file, a read-only directory ------------------

if [ "$unpriv" = no ]; then
	for c in read-only rodir/update-shrink rodir/update-grow rodir/ulimit \
		rodir/accumulate rodir/absent symlink/rodir; do
		skip "input-sumfile/$c" "root, and nobody cannot reach $out"
	done
else
	# A file we may not write is not ours to replace (GNU refuses too).
	new replace/read-only
	cp "$in/old-big" "$d/gmon.sum" && chmod 444 "$d/gmon.sum"
	run $unpriv
	want_rc 1
	want_err "gprof: gmon.sum: cannot write: Permission denied"
	want_same "$d/gmon.sum" "$in/old-big"
	want_mode "$d/gmon.sum" 444
	want_ls "$d" gmon.sum
	done_case

	# A writable gmon.sum in a read-only directory: updated in place.
	for old in big:shrink small:grow; do
		new "rodir/update-${old#*:}"
		cp "$in/old-${old%:*}" "$d/gmon.sum" && chmod 666 "$d/gmon.sum"
		chmod 555 "$d"
		run $unpriv
		want_rc 0
		want_err "gprof: gmon.sum: cannot create a temporary file in directory . (Permission denied), so the file is updated in place, which is not atomic"
		want_gnu "$d/gmon.sum"
		want_mode "$d/gmon.sum" 666
		want_ls "$d" gmon.sum
		done_case
	done

	# In place and over the file size limit: an error, not SIGXFSZ.
	new rodir/ulimit
	cp "$in/old-small" "$d/gmon.sum" && chmod 666 "$d/gmon.sum"
	chmod 555 "$d"
	run sh -c 'ulimit -f 2; exec "$@"' sh $unpriv
	want_rc 1
	want_err "gprof: gmon.sum: the file size limit is exceeded (File too large); it was being updated in place and is now damaged"
	want_ls "$d" gmon.sum
	done_case

	# gmon.sum read and rewritten in the same run, in place.
	new rodir/accumulate
	mkdir "$d/gnu" && cp "$GNU" "$d/gnu/gmon.sum" &&
		(cd "$d/gnu" && /usr/bin/gprof -s "$in/hot" "$in/gmon.out" gmon.sum)
	cp "$GNU" "$d/gmon.sum" && chmod 666 "$d/gmon.sum"
	chmod 555 "$d"
	(cd "$d" && $unpriv "$GPROF" -s "$in/hot" "$in/gmon.out" gmon.sum) \
		>"$d.out" 2>"$d.err"
	rc=$?
	want_rc 0
	want_err "not atomic"
	want_same "$d/gmon.sum" "$d/gnu/gmon.sum"
	cmp -s "$d/gmon.sum" "$GNU" && bad "gmon.sum was not summed with itself"
	done_case

	new rodir/absent
	chmod 555 "$d"
	run $unpriv
	want_rc 1
	want_err "gprof: gmon.sum: cannot create a file in directory .: Permission denied"
	want_ls "$d" ""
	done_case

	# Through a symlink into a read-only directory: in place as well.
	new symlink/rodir
	mkdir "$d/ro" && cp "$in/old-big" "$d/ro/real" && chmod 606 "$d/ro/real"
	chmod 555 "$d/ro"
	ln -s ro/real "$d/gmon.sum"
	run $unpriv
	want_rc 0
	want_err "gprof: gmon.sum: cannot create a temporary file in directory ro (Permission denied)"
	want_link "$d/gmon.sum" ro/real
	want_gnu "$d/ro/real"
	want_mode "$d/ro/real" 606
	want_ls "$d/ro" real
	done_case
fi

# ---- symlinks: the target is replaced, the link stays ----------------------

new symlink/relative
mkdir "$d/sub" && cp "$in/old-big" "$d/sub/real" && chmod 640 "$d/sub/real"
ln -s sub/real "$d/gmon.sum"
run
want_rc 0
want_err ""
want_link "$d/gmon.sum" sub/real
want_gnu "$d/sub/real"
want_mode "$d/sub/real" 640
want_ls "$d" "gmon.sum sub"
want_ls "$d/sub" real
done_case

new symlink/absolute
mkdir "$d/sub" && cp "$in/old-small" "$d/sub/real"
ln -s "$d/sub/real" "$d/gmon.sum"
run
want_rc 0
want_link "$d/gmon.sum" "$d/sub/real"
want_gnu "$d/sub/real"
want_ls "$d/sub" real
done_case

# gmon.sum -> a/hop, a/hop -> ../b/real: each link relative to its own
# directory.
new symlink/chain
mkdir "$d/a" "$d/b" && cp "$in/old-big" "$d/b/real" && chmod 600 "$d/b/real"
ln -s a/hop "$d/gmon.sum" && ln -s ../b/real "$d/a/hop"
run
want_rc 0
want_link "$d/gmon.sum" a/hop
want_link "$d/a/hop" ../b/real
want_gnu "$d/b/real"
want_mode "$d/b/real" 600
want_ls "$d/a" hop
want_ls "$d/b" real
done_case

new symlink/dangling
mkdir "$d/sub"
ln -s sub/new "$d/gmon.sum"
run sh -c 'umask 022; exec "$@"' sh
want_rc 0
want_link "$d/gmon.sum" sub/new
want_gnu "$d/sub/new"
want_mode "$d/sub/new" 644
want_ls "$d/sub" new
done_case

new symlink/loop
ln -s loop "$d/gmon.sum" && ln -s gmon.sum "$d/loop"
run
want_rc 1
want_err "gprof: gmon.sum: Too many levels of symbolic links"
want_link "$d/gmon.sum" loop
want_ls "$d" "gmon.sum loop"
done_case

# ---- not a regular file: refused, nothing written --------------------------

refuse() {
	run
	want_rc 1
	want_err "gprof: gmon.sum: $1"
	want_type "$d/gmon.sum" "$2"
}
new refuse/fifo
mkfifo "$d/gmon.sum"
refuse "is a FIFO, not a regular file; not writing to it" fifo
want_ls "$d" gmon.sum
done_case
new refuse/directory
mkdir "$d/gmon.sum"
refuse "is a directory, not a regular file" directory
want_ls "$d/gmon.sum" ""
done_case
new refuse/device-link
ln -s /dev/null "$d/gmon.sum"
refuse "its target /dev/null is a device, not a regular file" "symbolic link"
done_case
if [ "$(id -u)" -eq 0 ]; then
	new refuse/device
	mknod "$d/gmon.sum" c 1 3
	refuse "is a device, not a regular file" "character special file"
	done_case
else
	skip input-sumfile/refuse/device "mknod needs root (refuse/device-link covers it)"
fi
if command -v python3 >/dev/null; then
	new refuse/socket
	python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \
		"$d/gmon.sum"
	refuse "is a socket, not a regular file" socket
	done_case
else
	skip input-sumfile/refuse/socket "no python3 to make a socket"
fi

# ---- stale temporaries: ours from dead runs go, nothing else ---------------

new stale
host=$(uname -n | tr -c 'A-Za-z0-9._\n-' '_' | cut -c1-32)
dead=$(cat /proc/sys/kernel/pid_max) # never a live pid
sleep 60 &
live=$!
keep=".gmon.sum.gprof-$host-$live.tmp .gmon.sum.gprof-other-$dead.tmp
.gmon.sum.gprof-$host-0$dead.tmp .gmon.sum.gprof-$host-${dead}x.tmp
.gmon.sum.gprof-$host-.tmp .other.gprof-$host-$dead.tmp gmon.sum.tmpAbC123"
for f in ".gmon.sum.gprof-$host-$dead.tmp" $keep; do
	echo stale >"$d/$f"
done
# A directory with a dead pid's name is not a file of ours.
mkdir "$d/.gmon.sum.gprof-$host-$((dead + 1)).tmp"
keep="$keep .gmon.sum.gprof-$host-$((dead + 1)).tmp"
cp "$in/old-big" "$d/gmon.sum"
run
kill $live
want_rc 0
want_gnu "$d/gmon.sum"
# Everything but the first stays.
want_ls "$d" "$(printf '%s\n' $keep gmon.sum | sort | tr '\n' ' ' | sed 's/ $//')"
done_case

# ---- a full disk: the old gmon.sum is untouched ----------------------------

# RLIMIT_FSIZE below the size of gmon.sum; SIGXFSZ at its default
# (gprof must not die of it) and ignored.
for sig in default ignored; do
	for old in big none; do
		new "full/ulimit-$sig-$old"
		[ $old = big ] && cp "$in/old-big" "$d/gmon.sum"
		trap_cmd=
		[ $sig = ignored ] && trap_cmd="trap '' XFSZ;"
		run sh -c "$trap_cmd ulimit -f 2; exec \"\$@\"" sh
		want_rc 1
		want_err "gprof: gmon.sum: the file size limit is exceeded (File too large)"
		if [ $old = big ]; then
			want_err "the old file is unchanged"
			want_same "$d/gmon.sum" "$in/old-big"
			want_ls "$d" gmon.sum
		else
			want_err "it was not created"
			want_ls "$d" ""
		fi
		done_case
	done
done

# A real full disk: a small tmpfs, filled up.
new full/tmpfs
if mount -t tmpfs -o size=64k tmpfs "$d" 2>/dev/null; then
	mnt=$d
	chmod 777 "$d"
	cp "$in/old-small" "$d/gmon.sum"
	dd if=/dev/zero of="$d/fill" bs=4k 2>/dev/null
	run
	want_rc 1
	want_err "gprof: gmon.sum: the disk is full (No space left on device); the new contents are written beside the old ones, so both must fit; the old file is unchanged"
	want_same "$d/gmon.sum" "$in/old-small"
	want_ls "$d" "fill gmon.sum"
	done_case
	umount "$d" && mnt=
else
	skip input-sumfile/full/tmpfs "mount -t tmpfs is not permitted here"
fi

# ---- the header's spare bytes without a histogram ---------------------------
# GNU leaves them as its stack held them (tests/gmonsum.sh): ours are
# zero; sum_same() ignores GNU's there, and rejects ours when they are
# not zero or when the rest differs.
new spare/no-hist
printf 'gmon\001\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000' \
	>"$d/hdr.gmon"
mkdir "$d/gnu"
(cd "$d/gnu" && PAD=$(printf '%0137d' 0) /usr/bin/gprof -s "$in/hot" \
	../hdr.gmon >/dev/null 2>&1)
(cd "$d" && "$GPROF" -s "$in/hot" hdr.gmon >/dev/null 2>"$d.err")
rc=$?
want_rc 0
want_err ""
cp "$d/gmon.sum" "$d/spare" && cp "$d/gmon.sum" "$d/longer"
printf '\001' | dd of="$d/spare" bs=1 seek=10 conv=notrunc 2>/dev/null
printf '\000' >>"$d/longer"
if [ "$(od -A n -t x1 -j 8 -N 12 "$d/gmon.sum" | tr -d ' \n')" != \
	000000000000000000000000 ]; then
	bad "the spare bytes of ours are not zero"
elif ! sum_same "$d/gnu/gmon.sum" "$d/gmon.sum"; then
	bad "differs from GNU's: $(sum_where "$d/gnu/gmon.sum" "$d/gmon.sum")"
elif sum_same "$d/gnu/gmon.sum" "$d/spare"; then
	bad "sum_same accepts non-zero spare bytes"
elif sum_same "$d/gnu/gmon.sum" "$d/longer"; then
	bad "sum_same accepts a longer file"
fi
done_case

# ---- gmon.sum.gmonx belongs to this gmon.sum only -------------------------
# -s writes the side file of the inputs' load map and stacks beside
# gmon.sum, tied by the hash of gmon.sum's bytes (TIE) and owned by
# gmon.sum's owner.  GNU's gprof -s rewrites gmon.sum and leaves it:
# gmon.sum's spare bytes stay the same (they hold the last histogram's
# range), so only the hash tells that it belongs to the old gmon.sum.
# The input's side file (tests/input-profiles/mkside.py) holds one stack.
if ! command -v python3 >/dev/null 2>&1; then
	for c in pair-reads pair-reads-back stale-after-gnu owner; do
		skip "input-sumfile/side/$c" "no python3"
	done
else
	side_in=$out/side-in
	mkdir "$side_in" && cp "$in/gmon.out" "$side_in/gmon.out"
	stack=$(nm "$in/hot" | awk '
		$3 == "inner" { i = $1 } $3 == "outer_big" { o = $1 }
		$3 == "main" { m = $1 }
		END { print "0x" i, "0x" o, "0x" m }' | {
		read -r a b c
		printf '%d,%d,%d' $((a + 8)) $((b + 6)) $((c + 6))
	})
	python3 "$here/../input-profiles/mkside.py" "$side_in/gmon.out" tie=yes \
		"stack=$stack"
	# sum_side DIR: "gprof -s" in DIR of the input and its side file.
	sum_side() {
		cp "$side_in/gmon.out" "$side_in/gmon.out.gmonx" "$1/" &&
			(cd "$1" && "$GPROF" -s "$in/hot" gmon.out)
	}
	# side_lines: gprof -b -d's [side] lines of gmon.sum.
	side_lines() {
		"$GPROF" -b -d "$in/hot" gmon.sum | grep '^\[side\]'
	}

	new side/pair-reads
	sum_side "$d" >"$d.out" 2>"$d.err"
	rc=$?
	want_rc 0
	want_err ""
	want_ls "$d" "gmon.out gmon.out.gmonx gmon.sum gmon.sum.gmonx"
	done_case
	expect input-sumfile/side/pair-reads-back --in="$d" side_lines <<EOF
[side] program prog, build-id none, load base 0x0
EOF

	# GNU rewrites gmon.sum (the sum with gmon.out once more); ours
	# then reads it as if the side file were not there, and says why.
	new side/stale-after-gnu
	sum_side "$d" >"$d.out" 2>&1
	(cd "$d" && /usr/bin/gprof -s "$in/hot" gmon.sum gmon.out)
	mkdir "$d/alone" && cp "$d/gmon.sum" "$d/alone/"
	(cd "$d/alone" && "$GPROF" -b -d "$in/hot" gmon.sum >../alone.out)
	echo "gprof: gmon.sum.gmonx belongs to another profile than gmon.sum (written for other bytes: gmon.sum was written again since); ignored" >"$d/want.err"
	expect input-sumfile/side/stale-after-gnu --in="$d" --err="$d/want.err" \
		--want="$d/alone.out" "$GPROF" -b -d "$in/hot" gmon.sum

	# Root updating another user's gmon.sum: its owner carries over,
	# and the side file gets it too (a reader insists on one owner).
	if [ "$(id -u)" -eq 0 ]; then
		new side/owner
		cp "$GNU" "$d/gmon.sum" && chown 65534:65534 "$d/gmon.sum"
		sum_side "$d" >"$d.out" 2>"$d.err"
		rc=$?
		want_rc 0
		want_err ""
		[ "$(stat -c %u "$d/gmon.sum.gmonx" 2>&1)" = 65534 ] ||
			bad "gmon.sum.gmonx owned by $(stat -c %u "$d/gmon.sum.gmonx" 2>&1), gmon.sum by 65534"
		done_case
	else
		skip input-sumfile/side/owner "needs root to give a file away"
	fi
fi

# ---- signals and failing system calls (strace injects them) ----------------

if [ $strace_ok = no ]; then
	skip input-sumfile/signals "strace is missing or cannot trace here"
	exit 0
fi
# inject SPEC RC TEXT: run under strace -e inject=SPEC; want status RC,
# stderr TEXT, the old gmon.sum intact and no temporary left.
inject() {
	new "inject/$(echo "$1" | tr ':=' '--')"
	cp "$in/old-big" "$d/gmon.sum"
	run strace -o /dev/null -e inject="$1"
	want_rc "$2"
	want_err "$3"
	want_same "$d/gmon.sum" "$in/old-big"
	want_ls "$d" gmon.sum
	done_case
}
# Killed at the first write, after it, just before the rename.
inject write:signal=INT 130 ""
inject write:signal=HUP 129 ""
inject fsync:signal=TERM 143 ""
# Every failure after the temporary exists removes it.
inject write:error=ENOSPC:when=1 1 "gprof: gmon.sum: the disk is full (No space left on device)"
inject write:error=EDQUOT:when=1 1 "gprof: gmon.sum: the disk quota is exceeded (Disk quota exceeded); the old file is unchanged"
inject fsync:error=EIO 1 "gprof: gmon.sum: cannot write it (Input/output error); the old file is unchanged"
inject rename:error=EIO 1 "gprof: gmon.sum: cannot rename .gmon.sum.gprof-"

# A signal at the rename: gmon.sum is old or new, never partial.
new inject/rename-signal-TERM
cp "$in/old-big" "$d/gmon.sum"
run strace -o /dev/null -e inject=rename:signal=TERM
[ $rc -eq 143 ] || [ $rc -eq 0 ] || bad "exit status $rc, want 143 or 0"
sum_same "$GNU" "$d/gmon.sum" || want_same "$d/gmon.sum" "$in/old-big"
want_ls "$d" gmon.sum
done_case

# Stopped with its temporary written (SIGSTOP at fsync), then SIGTERM.
# The child of strace is gprof; wait (at most a minute) until it stops.
new kill/stopped-TERM
cp "$in/old-big" "$d/gmon.sum"
(cd "$d" && exec strace -o /dev/null -e inject=fsync:signal=STOP \
	"$GPROF" -s "$in/hot" "$in/gmon.out") >"$d.out" 2>"$d.err" &
tracer=$!
pid= i=0
while [ $i -lt 600 ]; do
	for p in /proc/[0-9]*; do
		# pid (comm) state ppid ...
		set -- $(sed 's/.*) //' "$p/stat" 2>/dev/null) x x
		[ "$2" = "$tracer" ] && pid=${p#/proc/} && break
	done
	[ -n "$pid" ] && case $1 in [Tt]) break ;; esac
	sleep 0.1
	i=$((i + 1))
done
if [ $i -ge 600 ]; then
	bad "gprof never stopped at fsync"
	kill -KILL $tracer $pid 2>/dev/null
else
	tmp=$(ls -A "$d" | grep -x '\.gmon\.sum\.gprof-.*-'"$pid"'\.tmp')
	if [ -z "$tmp" ]; then
		bad "no temporary named after pid $pid: $(ls -A "$d" | tr '\n' ' ')"
	else
		sum_same "$GNU" "$d/$tmp" || bad "the temporary does not hold the new gmon.sum"
	fi
	kill -TERM "$pid"
	kill -CONT "$pid"
fi
wait $tracer
rc=$?
want_rc 143
want_same "$d/gmon.sum" "$in/old-big"
want_ls "$d" gmon.sum
done_case
exit 0
