# tests/view-json/flat.jq - rebuild GNU's flat profile from our JSON
# document (gprof --format=json), with nothing but the document: the
# rows GNU lists, their order, and every column's value.  Prints one
# header line ("H", sample period, time unit, per-call SI prefix,
# whether any time was accumulated) and one line per row ("R", % time,
# cumulative seconds, self seconds, calls or "", self and total time
# per call in the prefix's unit, name), tab-separated; flat.awk
# formats them with the text report's printf layout.
#
# The arithmetic is the report's, step for step, in doubles: seconds
# are samples / rate, the per-call unit is the SI prefix that brings
# the largest (self + children) time per call into [1, 1000).
def si: [["T", 1e-12], ["G", 1e-09], ["M", 1e-06], ["K", 1e-03],
         [" ", 1], ["m", 1e+03], ["u", 1e+06], ["n", 1e+09],
         ["p", 1e+12], ["f", 1e+15], ["a", 1e+18]];

.profile.sampling_rate_hz as $hz
| .profile.total_samples as $total0
| (if $total0 > 0 then $total0 else 1 end) as $total
| ([.functions[] | select(.calls != 0)
    | (.self_samples + .child_samples_estimated) / .calls] | max // 0) as $top
| (if $top == 0 then si[0]
   else ($top / $hz) as $t
     | ([si[] | select(.[1] * $t >= 1 and .[1] * $t < 1000)] | first)
       // ["<", 1]
   end) as $unit
| ["H", 1 / $hz, .profile.time_unit, $unit[0],
   (if $total0 > 0 then 1 else 0 end)],
  ([.functions[] | select(.in_flat_profile)]
   | sort_by(-.self_samples, -.calls, .raw_name, .id)
   | foreach .[] as $f ({cum: 0}; .cum += $f.self_samples; .f = $f)
   | .f as $f
   | ["R", 100 * $f.self_samples / $total, .cum / $hz,
      $f.self_samples / $hz,
      (if $f.calls != 0 then
         $f.calls,
         $unit[1] * $f.self_samples / $hz / $f.calls,
         $unit[1] * ($f.self_samples + $f.child_samples_estimated) / $hz / $f.calls
       else "", "", "" end),
      $f.name])
| @tsv
