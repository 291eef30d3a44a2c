// pprof-dump.js FILE: decode a gzipped profile.proto with the npm
// package pprof-format (a decoder we did not write), check the
// invariants pprof's own loader enforces (pprof-format does not), and
// print what it holds, one fact per line:
//   types T/U ...            sample types, in order
//   period T/U N             period type and period
//   default T                default sample type
//   self NAME SAMPLES NS     a 1-frame sample
//   arc CALLER CALLEE COUNT  a 2-frame sample (leaf first in the file)
//   total SAMPLES NS CALLS   the sums of the three values
// Exits 1 with "pprof-dump: why" on the first broken invariant.
'use strict';
const fs = require('fs');
const zlib = require('zlib');
const { Profile } = require('pprof-format');

function fail(why) {
	process.stderr.write('pprof-dump: ' + why + '\n');
	process.exit(1);
}

const raw = fs.readFileSync(process.argv[2]);
if (raw[0] !== 0x1f || raw[1] !== 0x8b) fail('not gzip');
const p = Profile.decode(zlib.gunzipSync(raw));
const str = p.stringTable.strings;
const s = (i) => {
	const n = Number(i);
	if (!(n >= 0 && n < str.length)) fail('string index ' + n + ' out of range');
	return str[n];
};
if (str[0] !== '') fail('string_table[0] is not ""');
const types = p.sampleType.map((t) => s(t.type) + '/' + s(t.unit));
console.log('types ' + types.join(' '));
if (!p.periodType) fail('no period_type');
console.log('period ' + s(p.periodType.type) + '/' + s(p.periodType.unit) + ' ' + p.period);
console.log('default ' + s(p.defaultSampleType));
const ids = (list, what) => {
	const m = new Map();
	for (const x of list) {
		const id = Number(x.id);
		if (id === 0) fail(what + ' id 0');
		if (m.has(id)) fail(what + ' id ' + id + ' twice');
		m.set(id, x);
	}
	return m;
};
const maps = ids(p.mapping, 'mapping');
const funcs = ids(p.function, 'function');
const locs = ids(p.location, 'location');
for (const l of p.location) {
	if (Number(l.mappingId) !== 0 && !maps.has(Number(l.mappingId))) fail('location ' + l.id + ': no mapping ' + l.mappingId);
	if (l.line.length !== 1) fail('location ' + l.id + ': ' + l.line.length + ' lines');
	if (!funcs.has(Number(l.line[0].functionId))) fail('location ' + l.id + ': no function');
}
const name = (locId) => {
	const l = locs.get(Number(locId));
	if (!l) fail('sample names location ' + locId + ', which does not exist');
	return s(funcs.get(Number(l.line[0].functionId)).name);
};
const tot = [0n, 0n, 0n];
for (const x of p.sample) {
	if (x.value.length !== types.length) fail('sample has ' + x.value.length + ' values, ' + types.length + ' types');
	const v = x.value.map((n) => BigInt(n));
	v.forEach((n, i) => { if (n < 0n) fail('negative value'); tot[i] += n; });
	if (x.locationId.length === 1) {
		if (v[2] !== 0n) fail('a 1-frame sample with calls');
		console.log('self ' + name(x.locationId[0]) + ' ' + v[0] + ' ' + v[1]);
	} else if (x.locationId.length === 2) {
		if (v[0] !== 0n || v[1] !== 0n) fail('a 2-frame sample with time');
		console.log('arc ' + name(x.locationId[1]) + ' ' + name(x.locationId[0]) + ' ' + v[2]);
	} else {
		fail('a sample of ' + x.locationId.length + ' frames');
	}
}
console.log('total ' + tot.join(' '));
