# Shared helpers for the test suites (sourced, POSIX sh).

# compare_gprof NAME OUTDIR EXE PROFILE [OPTION...]
# Run our gprof ($GPROF) and the oracle ($ORACLE, default /usr/bin/gprof)
# with the same options on EXE and PROFILE; print "PASS NAME" when the
# exit statuses agree, stdout agrees byte for byte and both or neither
# wrote to stderr (messages are worded differently on purpose), else
# "FAIL NAME: why" and the first lines of the difference.
compare_gprof() {
	_name=$1 _dir=$2 _exe=$3 _prof=$4
	shift 4
	"$GPROF" "$@" "$_exe" "$_prof" >"$_dir/ours.txt" 2>"$_dir/ours.err"
	_ro=$?
	"${ORACLE:-/usr/bin/gprof}" "$@" "$_exe" "$_prof" >"$_dir/gnu.txt" 2>"$_dir/gnu.err"
	_rg=$?
	if [ $_ro -ne $_rg ]; then
		echo "FAIL $_name: exit $_ro, GNU $_rg"
	elif ! cmp -s "$_dir/ours.txt" "$_dir/gnu.txt"; then
		echo "FAIL $_name: output differs"
		diff "$_dir/ours.txt" "$_dir/gnu.txt" | head -5
	elif { [ -s "$_dir/ours.err" ] && [ ! -s "$_dir/gnu.err" ]; } ||
		{ [ ! -s "$_dir/ours.err" ] && [ -s "$_dir/gnu.err" ]; }; then
		echo "FAIL $_name: only one of them wrote to stderr"
		head -2 "$_dir/ours.err" "$_dir/gnu.err"
	else
		echo "PASS $_name"
	fi
}
