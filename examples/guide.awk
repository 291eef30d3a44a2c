# guide.awk - read a gprof -b report (flat profile and call graph) and
# say, with its own numbers, where to look first.  Used by demo.sh.

# In the flat profile: the first function listed is the one with the
# most time in its own code.
/^ time +seconds/ { flat = 1; next }
flat && !/^ *[0-9.]+ +[0-9.]+ +[0-9.]+ / { flat = 0 }
flat && top == "" {
	top = $NF; self = $3; calls = (NF >= 7) ? $4 : ""
}
flat { secs = $2 }

# In the call graph: blocks between dashed lines; the line starting
# with [n] is the function's own, the lines above it are its callers.
/^index % time/ { graph = 1; nabove = 0; next }
graph && /^-----/ { nabove = 0; inblock = 0; next }
graph && /^\[[0-9]+\]/ {
	name = $0
	sub(/^\[[0-9]+\] +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9+]* */, "", name)
	if ($0 ~ /<cycle [0-9]+ as a whole>/) {
		cycle = $1; cname = name; inblock = 1; members = ""
		sub(/ \[[0-9]+\]$/, "", cname)
		next
	}
	if (index(name, top " ") == 1) {
		entry = $1
		for (i = nabove; i >= 1; i--)
			callers = callers (i < nabove ? ", " : "") above[i]
	}
	next
}
graph && inblock && cycle != "" && $0 ~ /<cycle/ {
	m = $0
	sub(/ <cycle.*/, "", m)
	sub(/.* /, "", m)
	members = members (members == "" ? "" : " and ") m
	cyclemembers = members
	next
}
graph && $0 !~ /<spontaneous>/ && NF >= 4 {
	# a caller line: self children called/total name [n]
	split($3, c, "/")
	above[++nabove] = $4 " " c[1]
}

END {
	if (top == "") {
		print "The flat profile is empty: the run took no samples."
		exit
	}
	printf "1. The first line of the flat profile: %s ran its own code for\n", top
	printf "   %s of the %s seconds sampled", self, secs
	if (calls != "")
		printf ", over %s calls", calls
	print "."
	if (entry != "") {
		printf "2. Its entry %s in the call graph: the lines above %s are its\n", entry, entry
		printf "   callers, with how many of the %s calls each made:\n", calls
		printf "   %s.\n", callers == "" ? "none seen" : callers
		print "   The busiest caller's own entry shows, under \"children\", the"
		print "   time that reached it through its callees."
	}
	if (cycle != "") {
		printf "3. %s %s: %s call each other, so gprof\n", cycle, cname, cyclemembers
		print "   counts them as one unit; its entry lists the members."
	}
}
