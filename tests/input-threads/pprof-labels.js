// pprof-labels.js FILE: decode a gzipped profile.proto with the npm
// package pprof-format (a decoder we did not write) and print what the
// per-thread view of it holds, one fact per line:
//   time NS                  time_nanos
//   duration NS              duration_nanos
//   stack THREAD TID SAMPLES NS FRAME...
//                            a sample with samples (frames innermost
//                            first); THREAD and TID "-" without labels
//   calls THREAD TID COUNT   a sample with calls only (an arc)
// Exits 1 with "pprof-labels: why" on a label it does not expect (a
// key other than thread and tid, a thread label that is not a string,
// a tid label that is not a number).
'use strict';
const fs = require('fs');
const zlib = require('zlib');
const { Profile } = require('pprof-format');

function fail(why) {
	process.stderr.write('pprof-labels: ' + why + '\n');
	process.exit(1);
}

const p = Profile.decode(zlib.gunzipSync(fs.readFileSync(process.argv[2])));
const str = p.stringTable.strings;
const s = (i) => str[Number(i)];
const fn = new Map(p.function.map((f) => [String(f.id), s(f.name)]));
const loc = new Map(p.location.map((l) =>
	[String(l.id), fn.get(String(l.line[0].functionId))]));
console.log('time ' + BigInt(p.timeNanos || 0));
console.log('duration ' + BigInt(p.durationNanos || 0));
for (const x of p.sample) {
	let thread = '-', tid = '-';
	for (const l of x.label) {
		const key = s(l.key);
		if (key === 'thread' && Number(l.str) > 0 && !Number(l.num))
			thread = s(l.str);
		else if (key === 'tid' && !Number(l.str))
			tid = String(BigInt(l.num));
		else
			fail('label ' + key + ' (str ' + l.str + ', num ' + l.num + ')');
	}
	const v = x.value.map((n) => String(BigInt(n)));
	const frames = x.locationId.map((id) => loc.get(String(id)));
	if (Number(v[0]) > 0)
		console.log(['stack', thread, tid, v[0], v[1]].concat(frames).join(' '));
	else
		console.log(['calls', thread, tid, v[2]].join(' '));
}
