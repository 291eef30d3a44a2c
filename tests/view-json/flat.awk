# tests/view-json/flat.awk - print flat.jq's lines as the text report's
# flat profile (gprof -b -p), with its printf formats.
BEGIN { FS = "\t" }
$1 == "H" {
	printf "Flat profile:\n\n"
	printf "Each sample counts as %g %s.\n", $2, $3
	if ($5 == 0)
		printf " no time accumulated\n\n"
	printf "  %%   cumulative   self              self     total           \n"
	printf " time%10.10s%10.10s    calls  %ss/call  %ss/call  name    \n", $3, $3, $4, $4
	next
}
$1 == "R" {
	printf "%6.2f %9.2f %8.2f", $2, $3, $4
	if ($5 != "")
		printf " %8.0f %8.2f %8.2f  ", $5, $6, $7
	else
		printf "%29s", ""
	print $8
}
