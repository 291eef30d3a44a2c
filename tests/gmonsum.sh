# shellcheck shell=sh
# tests/gmonsum.sh - comparing a gmon.sum with GNU's (sourced, POSIX sh).
#
# GNU gprof 2.40 never sets the 12 spare bytes of the GNU-format header
# it writes (offsets 8 to 19): they keep what its stack held.  After a
# histogram was read that is the histogram's highpc and bin count, the
# same on every run (valgrind finds them defined), and we write them
# too.  A profile without a histogram leaves them uninitialised
# (valgrind: "write(buf) points to uninitialised byte(s)"): they change
# with the size of the environment and with address-space layout, so
# they are not compared there, and ours must be zero.  GNU writes its
# histograms first, so a sum without one has no tag-0 record at offset
# 20.  BSD-format sums have no such bytes and are compared whole.

# sum_same GNU OURS: succeeds when OURS agrees with GNU's gmon.sum GNU
# on every byte GNU defines (and holds zeros where GNU's are undefined).
sum_same() {
	if [ "$(head -c 4 "$1")" != gmon ] ||
		[ "$(od -A n -t u1 -j 20 -N 1 "$1" | tr -d ' ')" = 0 ]; then
		cmp -s "$1" "$2"
		return
	fi
	cmp -s -n 8 "$1" "$2" && cmp -s -i 20 "$1" "$2" &&
		[ "$(od -A n -t x1 -j 8 -N 12 "$2" | tr -d ' \n')" = \
			000000000000000000000000 ]
}

# sum_where GNU OURS: where two gmon.sum files that sum_same() rejects
# first differ, as one phrase.
sum_where() {
	_sw_skip=0
	if [ "$(head -c 4 "$1")" = gmon ] &&
		[ "$(od -A n -t u1 -j 20 -N 1 "$1" | tr -d ' ')" != 0 ] &&
		cmp -s -n 8 "$1" "$2"; then
		if cmp -s -i 20 "$1" "$2"; then
			echo "ours has non-zero spare bytes in the header"
			return
		fi
		_sw_skip=20
	fi
	_sw=$(cmp -i "$_sw_skip" "$1" "$2" 2>&1)
	case $_sw in
	*"EOF on $1"*) echo "ours is longer" ;;
	*EOF*) echo "ours is a prefix" ;;
	*differ:*)
		if [ "$_sw_skip" = 0 ]; then
			echo "${_sw#*differ: }"
		else
			echo "${_sw#*differ: } after the header"
		fi
		;;
	*) echo "$_sw" ;;
	esac
}
