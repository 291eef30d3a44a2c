# annotate.awk - callgrind_annotate --tree=both output as
#   F <tab> name <tab> cost        (a function: self, or with
#                                   --inclusive=yes inclusive, ns)
#   A <tab> caller <tab> callee <tab> count
#   P <tab> program total
# Names lose their "file:" prefix and " [object]" suffix.
function name_of(s) {
	sub(/ \[[^]]*\]$/, "", s)
	sub(/^[^:]*:/, "", s)
	return s
}
/PROGRAM TOTALS/ { t = $1; gsub(/,/, "", t); print "P\t" t; next }
match($0, /^ *[0-9,.]+( +\([^)]*\))? +[*<>] +/) {
	pre = substr($0, 1, RLENGTH)
	rest = substr($0, RLENGTH + 1)
	cost = pre
	sub(/^ +/, "", cost)
	sub(/ .*/, "", cost)
	gsub(/,/, "", cost)
	if (cost == ".")
		cost = 0
	mark = pre
	sub(/ +$/, "", mark)
	mark = substr(mark, length(mark))
	if (mark == "*") {
		cur = name_of(rest)
		printf "F\t%s\t%s\n", cur, cost
		next
	}
	sub(/ \[[^]]*\]$/, "", rest)
	cnt = 0
	if (match(rest, / \([0-9,]+x\)$/)) {
		cnt = substr(rest, RSTART + 2, RLENGTH - 4)
		gsub(/,/, "", cnt)
		rest = substr(rest, 1, RSTART - 1)
	}
	if (mark == ">")
		printf "A\t%s\t%s\t%d\n", cur, name_of(rest), cnt
}
