/*
 * report.js - the page of gprof --format=html.  Embedded at build time
 * into view_html.c (tools/embed.sh) after common.js (gprofPage, the
 * parts it shares with diff.js); the page loads nothing else.
 *
 * Data: the --format=json document (docs/gprof-profile.schema.json),
 * in <script type="application/json" id="gprof-data">.
 *
 * Views, all driven by the location hash so that every state has a
 * link: "#fn=ID" selects a function (its callers, callees, call sites,
 * cycle and a small call graph around it), "#cycle=N" a cycle.  The
 * flat table is sortable (click a heading) and filterable (a name
 * substring, or a regular expression between slashes), and draws only
 * the rows in view, so 100,000 functions scroll as fast as 100.
 *
 * With sampled stacks (profile.stack_samples > 0) the page also shows
 * what gprof estimates beside what the stacks measured: a "total s
 * (meas.)" column, measured times on every caller and callee row, a
 * marker (\u2260) where the two shares of the run differ by
 * DISAGREE_POINTS percentage points or more, a table of the largest
 * disagreements, and a flame graph (an icicle, the root at the top) of
 * the calling-context tree in <script id="gprof-flame"> (view_html.c):
 * click a frame to zoom into it, an ancestor to zoom out; hovering
 * shows its name, samples and shares.  Without stacks none of it is
 * drawn.
 *
 * With per-thread data (D.threads: our collector's per-thread records)
 * the page lists the threads (--threads' columns) and has a selector,
 * "#thread=INDEX" in the hash: with a thread picked, the table lists
 * its functions with its own samples (self, total: from its stacks, in
 * the document's threads[].functions), the pane a function's numbers
 * on it and the callers and callees sampled on it (threads[].arcs), and
 * the flame graph its own tree (gprof-flame's threads); calls and
 * gprof's estimates are the whole profile's, so the thread's table
 * leaves them out and says so.
 *
 * "#selftest" (alone or after other parameters, "&selftest") runs the
 * page's own checks after loading and writes "PASS name" / "FAIL name:
 * why" lines into <pre id="selftest">, for tests/view-json/run.sh.
 */
(function () {
	"use strict";

	var G = gprofPage, el = G.el, esc = G.esc, count = G.count;

	/* Counts (calls, samples) are shown with count(): exact digits past
	 * 2^53 too (common.js); arithmetic on them stays in doubles. */
	var D = G.parseData("gprof-data");
	var F = D.functions, A = D.arcs, C = D.cycles;
	var ROW_H = 22, CYCLE_SHOWN = 500;
	var hz = D.profile.sampling_rate_hz;
	/* Measured from stacks: the tree (or null), and the threshold of
	 * the disagreement marker, in percentage points of the run. */
	var M = D.profile.stack_samples > 0;
	var flameEl = document.getElementById("gprof-flame");
	var FL = M && flameEl ? G.parseData("gprof-flame") : null;
	var DISAGREE_POINTS = 5, DISAGREE_SHOWN = 15;
	var stackSecs = M && hz ? D.profile.stack_samples / hz : 0;
	var estSecs = D.profile.propagated_total_seconds > 0 ?
		D.profile.propagated_total_seconds : D.profile.total_seconds;
	/* Per-thread data (D.threads: our collector's per-thread records).
	 * The selector offers the threads the document is about (all, or
	 * --thread's picks) with stack samples; FLT their flame trees. */
	var T = D.threads || [], TSEL = D.thread_selection || null;
	var choices = T.filter(function (t) {
		return t.selected && t.functions && t.stack_samples > 0;
	});
	var FLT = {};
	if (FL && FL.threads)
		FL.threads.forEach(function (x) { FLT[x.index] = x; });
	/* The thread shown (null: all), its numbers by function id and by
	 * arc (the entries of D.threads[].functions and .arcs), and the
	 * flame tree shown (FL, or the thread's). */
	var thr = null, tFn = {}, tArc = {}, FT = FL;

	/* Per function: arcs in and out, lower-case name, total seconds. */
	var callers = [], callees = [], lname = [], total = [];
	F.forEach(function (f, i) {
		callers.push([]);
		callees.push([]);
		lname.push(f.name.toLowerCase());
		total.push(num(f.propagated_self_seconds) +
			num(f.propagated_child_seconds_estimated));
	});
	A.forEach(function (a, k) {
		callers[a.callee].push(k);
		callees[a.caller].push(k);
	});

	function num(x) { return x === null || x === undefined ? 0 : x; }
	/* The calls column: calls, "+" and self-calls when there are any. */
	function callsText(f) {
		return f.calls || f.self_calls ? count(f, "calls") +
			(f.self_calls ? "+" + count(f, "self_calls") : "") : "";
	}
	function fmt(x, d) {
		return x === null || x === undefined || !isFinite(x) ? "" :
			x.toFixed(d === undefined ? 2 : d);
	}
	function perCall(f, samples) {
		return f.calls && hz ? 1000 * samples / hz / f.calls : null;
	}
	/* The share denominator: the flat profile's total, or the samples
	 * charged when GNU's charging credited more (a bin wider than the
	 * histogram's scale), so that no share passes 100 %. */
	var shareTotal = F.reduce(function (t, f) { return t + f.self_samples; }, 0);
	if (!(shareTotal > D.profile.total_samples * (1 + 1e-9)))
		shareTotal = D.profile.total_samples;
	function selfPct(f) {
		return shareTotal > 0 ? 100 * f.self_samples / shareTotal : 0;
	}
	/* A link to the page's state P ("fn=3"), in the thread shown. */
	function href(p) {
		return "#" + (thr ? "thread=" + thr.index + (p ? "&" : "") : "") + p;
	}
	function fnLink(id) {
		var f = F[id];
		return '<a href="' + href("fn=" + id) + '" title="' + esc(f.raw_name) + '">' +
			esc(f.name) + "</a>" + (f.cycle ? ' <a class="cyc" href="' +
			href("cycle=" + f.cycle) + '">&lt;cycle ' + f.cycle + "&gt;</a>" : "");
	}
	function threadName(t) {
		return t.name !== "" ? t.name : "thread " + count(t, "tid");
	}
	function secsOf(samples) { return hz ? samples / hz : null; }
	function pctOf(part, whole) { return whole > 0 ? 100 * part / whole : null; }
	function where(file, line) {
		if (!file)
			return "";
		return esc(file.replace(/^.*\//, "")) + (line ? ":" + line : "");
	}

	/* ---- estimated against measured ---- */
	/* Shares of the run, in %: an estimate of gprof's call graph, of
	 * its propagated total; a measurement, of the stack samples. */
	function estPct(secs) {
		return estSecs > 0 && secs !== null ? 100 * secs / estSecs : null;
	}
	function measPct(secs) {
		return stackSecs > 0 && secs !== null && secs !== undefined ?
			100 * secs / stackSecs : null;
	}
	function arcEst(a) {
		return a.inside_cycle || a.self_call ? null :
			num(a.propagated_self_seconds_estimated) +
			num(a.propagated_child_seconds_estimated);
	}
	/* The marker of a pair of shares that differ by DISAGREE_POINTS
	 * or more ("" otherwise). */
	function marker(e, m) {
		if (e === null || m === null || !(Math.abs(m - e) >= DISAGREE_POINTS))
			return "";
		return ' <span class="dis" title="gprof estimates ' + fmt(e) +
			" % of the run, the stacks measured " + fmt(m) + " %: " +
			fmt(Math.abs(m - e)) + ' points apart">\u2260</span>';
	}
	/* A cell of measured seconds SECS beside the estimate EST (s). */
	function measCell(tag, secs, est) {
		var m = measPct(secs), e = estPct(est);
		return "<" + tag + ' class="num meas" data-pct="' + fmt(m) +
			'" title="measured ' + fmt(m) + " % of " + count(D.profile, "stack_samples") +
			" stack samples" + (e === null ? "" : "; estimated " + fmt(e) + " %") +
			'">' + fmt(secs) + marker(e, m) + "</" + tag + ">";
	}

	/* ---- the flat table ---- */
	var columns = [
		{ key: "pct", title: "% time", num: true, get: selfPct },
		{ key: "self", title: "self s (95% CI)", num: true,
		  get: function (f) { return f.self_samples; } },
		{ key: "calls", title: "calls", num: true,
		  get: function (f) { return f.calls; } },
		{ key: "selfcall", title: "self ms/call", num: true,
		  get: function (f) { return num(perCall(f, f.self_samples)); } },
		{ key: "totalcall", title: "total ms/call", num: true,
		  get: function (f) {
			return num(perCall(f, f.self_samples + f.child_samples_estimated));
		  } },
		{ key: "total", title: "total s (est.)", num: true,
		  get: function (f) { return total[f.id]; } },
		{ key: "meas", title: "total s (meas.)", num: true,
		  get: function (f) { return num(f.total_seconds_measured); } },
		{ key: "name", title: "name", num: false,
		  get: function (f) { return lname[f.id]; } }
	];
	if (!M)
		columns = columns.filter(function (c) { return c.key !== "meas"; });
	/* With a thread shown: its own numbers, from its stacks. */
	function tSelf(f) { return tFn[f.id] ? tFn[f.id].self_samples : 0; }
	function tTotal(f) { return tFn[f.id] ? tFn[f.id].total_samples : 0; }
	var allColumns = columns, threadColumns = [
		{ key: "tpct", title: "% of thread", num: true, get: tSelf },
		{ key: "tself", title: "self s (thread)", num: true, get: tSelf },
		{ key: "tsamples", title: "self samples", num: true, get: tSelf },
		{ key: "ttotal", title: "total s (thread)", num: true, get: tTotal },
		{ key: "ttpct", title: "total % of thread", num: true, get: tTotal },
		{ key: "name", title: "name", num: false,
		  get: function (f) { return lname[f.id]; } }
	];
	var sortKey = "self", sortAsc = false, filter = "", view = [];
	var maxSelf = 0, selected = -1;
	F.forEach(function (f) {
		var hi = f.self_samples_ci95[1];
		if (hi !== null && hi > maxSelf)
			maxSelf = hi;
	});

	function compare(col, asc) {
		return function (a, b) {
			var x = col.get(F[a]), y = col.get(F[b]);
			if (x < y)
				return asc ? -1 : 1;
			if (x > y)
				return asc ? 1 : -1;
			return a - b;
		};
	}

	function matcher(text) {
		return G.matcher(text, function (i) { return F[i].name; }, lname);
	}

	function rebuild() {
		var col = columns.filter(function (c) { return c.key === sortKey; })[0];
		var keep = filter ? matcher(filter) : null;
		view = [];
		for (var i = 0; i < F.length; i++)
			if ((!thr || tFn[i]) && (!keep || keep(i)))
				view.push(i);
		view.sort(compare(col, sortAsc));
		el("spacer").style.height = view.length * ROW_H + "px";
		el("count").textContent = view.length + " of " + (thr ?
			thr.functions.length + " functions on " + threadName(thr) :
			F.length + " functions");
		var hd = el("hdr").children;
		for (var k = 0; k < hd.length; k++) {
			hd[k].className = (columns[k].num ? "num " : "") +
				(columns[k].key === sortKey ? "sorted" +
				 (sortAsc ? " asc" : "") : "");
		}
		draw();
	}

	/* A bar of self time and its 95 % interval. */
	function errorBar(f) {
		var W = 70, s = f.self_samples, ci = f.self_samples_ci95;
		if (!(maxSelf > 0))
			return "";
		var x = function (v) { return Math.max(0, Math.min(W, W * v / maxSelf)); };
		return '<svg width="' + W + '" height="10" aria-hidden="true">' +
			'<rect x="0" y="2" height="6" width="' + x(s).toFixed(1) +
			'" fill="var(--bar)"/>' +
			'<line x1="' + x(ci[0]).toFixed(1) + '" x2="' + x(ci[1]).toFixed(1) +
			'" y1="5" y2="5" stroke="#333"/></svg>';
	}

	function selfCell(f) {
		var s = f.self_seconds, ci = f.self_seconds_ci95;
		var pm = ci[0] === null ? "" : " \u00b1" +
			fmt(Math.max(ci[1] - s, s - ci[0]));
		return '<div class="num err" title="' + f.self_samples.toFixed(2) +
			" samples; 95% interval " + fmt(ci[0], 3) + " .. " + fmt(ci[1], 3) +
			' s">' + errorBar(f) + "<span>" + fmt(s) + "</span>" +
			'<span class="muted">' + pm + "</span></div>";
	}

	function draw() {
		var rg = G.visibleRows(view.length, ROW_H);
		var first = rg.first, last = rg.last;
		var html = [];
		for (var r = first; r < last; r++) {
			var f = F[view[r]];
			if (thr) {
				html.push(threadRow(f));
				continue;
			}
			html.push('<div class="row' + (f.id === selected ? " selected" : "") +
				'" data-id="' + f.id + '">' +
				'<div class="num">' + fmt(selfPct(f)) + "</div>" +
				selfCell(f) +
				'<div class="num calls">' + callsText(f) + "</div>" +
				'<div class="num">' + fmt(perCall(f, f.self_samples)) + "</div>" +
				'<div class="num est">' +
				fmt(perCall(f, f.self_samples + f.child_samples_estimated)) +
				"</div>" +
				'<div class="num est">' + fmt(total[f.id]) + "</div>" +
				(M ? measCell("div", f.total_seconds_measured, total[f.id]) : "") +
				'<div title="' + esc(f.name) + '">' + esc(f.name) +
				(f.cycle ? ' <span class="cyc">&lt;cycle ' + f.cycle +
				 "&gt;</span>" : "") +
				' <span class="muted">' + where(f.file, f.line) + "</span></div>" +
				"</div>");
		}
		G.placeRows(first, ROW_H, html);
	}

	/* A row of the table with thread THR shown: its numbers only. */
	function threadRow(f) {
		var e = tFn[f.id], n = thr.stack_samples;
		return '<div class="row' + (f.id === selected ? " selected" : "") +
			'" data-id="' + f.id + '">' +
			'<div class="num">' + fmt(pctOf(e.self_samples, n)) + "</div>" +
			'<div class="num">' + fmt(secsOf(e.self_samples)) + "</div>" +
			'<div class="num tself">' + count(e, "self_samples") + "</div>" +
			'<div class="num">' + fmt(secsOf(e.total_samples)) + "</div>" +
			'<div class="num">' + fmt(pctOf(e.total_samples, n)) + "</div>" +
			'<div title="' + esc(f.name) + '">' + esc(f.name) +
			(f.cycle ? ' <span class="cyc">&lt;cycle ' + f.cycle +
			 "&gt;</span>" : "") +
			' <span class="muted">' + where(f.file, f.line) + "</span></div>" +
			"</div>";
	}

	/* The table's headings, and its grid, for the thread shown. */
	function setColumns() {
		columns = thr ? threadColumns : allColumns;
		if (!columns.some(function (c) { return c.key === sortKey; })) {
			sortKey = thr ? "tself" : "self";
			sortAsc = false;
		}
		el("hdr").innerHTML = columns.map(function (c) {
			return '<div data-key="' + c.key + '">' + esc(c.title) + "</div>";
		}).join("");
		el("hdr").parentNode.className = "grid" + (thr ? " thr" : M ? " meas" : "");
	}

	/* The calls column as wide as its widest text (a recursive count's
	 * "N+M" runs to 41 characters), measured once in a hidden cell;
	 * report.css keeps it at least its usual width. */
	function fitCalls() {
		var longest = "", grid = el("hdr").parentNode;
		F.forEach(function (f) {
			var t = callsText(f);
			if (t.length > longest.length)
				longest = t;
		});
		var probe = document.createElement("div");
		probe.className = "row";
		probe.style.cssText = "position:absolute;visibility:hidden;display:block";
		probe.innerHTML = '<div class="num calls" style="display:inline-block">' +
			esc(longest) + "</div>";
		grid.appendChild(probe);
		var w = probe.firstChild.getBoundingClientRect().width;
		grid.removeChild(probe);
		grid.style.setProperty("--calls-w", Math.ceil(w) + 2 + "px");
	}

	/* ---- the selected function ---- */
	/* The arcs of LIST (callers or callees) seen on the thread shown's
	 * stacks, with its samples: what its call graph pane lists. */
	function threadArcRows(list, end, heading) {
		list = list.filter(function (k) { return tArc[k]; });
		heading += " on " + esc(threadName(thr));
		if (list.length === 0)
			return "<h2>" + heading + '</h2><p class="muted">none sampled</p>';
		var sorted = list.slice().sort(function (x, y) {
			return tArc[y].samples - tArc[x].samples || x - y;
		});
		return "<h2>" + heading + " (" + list.length + ")</h2>" +
			'<table class="list"><tr><th>function</th><th class="num">samples</th>' +
			'<th class="num">time s (thread)</th><th class="num">% of thread</th></tr>' +
			sorted.map(function (k) {
				var a = A[k], e = tArc[k];
				return "<tr><td>" + fnLink(a[end]) + (a.self_call ? " (itself)" : "") +
					'</td><td class="num">' + count(e, "samples") + '</td><td class="num">' +
					fmt(secsOf(e.samples)) + '</td><td class="num">' +
					fmt(pctOf(e.samples, thr.stack_samples)) + "</td></tr>";
			}).join("") + "</table>";
	}

	/* What the pane says of function ID on the thread shown. */
	function threadFacts(id) {
		var e = tFn[id], n = thr.stack_samples;
		var self = e ? e.self_samples : 0, tot = e ? e.total_samples : 0;
		return "<dt>on " + esc(threadName(thr)) + '</dt><dd id="detail-thread">' +
			"self " + (e ? count(e, "self_samples") : "0") + " samples (" +
			fmt(secsOf(self), 3) + " s, " + fmt(pctOf(self, n)) + " %), total " +
			(e ? count(e, "total_samples") : "0") + " samples (" +
			fmt(secsOf(tot), 3) + " s, " + fmt(pctOf(tot, n)) + " %) of its " +
			count(thr, "stack_samples") + " stack samples (measured)</dd>";
	}

	function arcRows(list, end, heading) {
		if (thr)
			return threadArcRows(list, end, heading);
		if (list.length === 0)
			return "<h2>" + heading + '</h2><p class="muted">none</p>';
		var sorted = list.slice().sort(function (x, y) {
			return A[y].count - A[x].count || x - y;
		});
		var h = "<h2>" + heading + " (" + list.length + ")</h2>" +
			'<table class="list"><tr><th>function</th><th class="num">calls</th>' +
			'<th class="num est">time s (est.)</th>' +
			(M ? '<th class="num">time s (meas.)</th>' : "") +
			"<th>call sites</th></tr>";
		sorted.forEach(function (k) {
			var a = A[k];
			var est = arcEst(a), t = est === null ? "" : fmt(est);
			var sites = a.call_sites.slice(0, 4).map(function (s) {
				return (where(s.file, s.line) || s.address) +
					(a.call_sites.length > 1 ? " \u00d7" + count(s, "count") : "");
			}).join(", ") + (a.call_sites.length > 4 ? ", \u2026" : "");
			h += "<tr><td>" + fnLink(a[end]) + (a.self_call ? " (itself)" : "") +
				'</td><td class="num">' + count(a, "count") + '</td><td class="num est">' +
				t + "</td>" +
				(M ? measCell("td", a.child_seconds_measured, est) : "") +
				'<td class="muted">' + sites + "</td></tr>";
		});
		return h + "</table>";
	}

	function showFunction(id) {
		var f = F[id];
		selected = id;
		var ci = f.self_seconds_ci95;
		var h = "<h2 id=\"detail-name\">" + esc(f.name) + "</h2>" +
			'<dl class="kv">' +
			(f.raw_name !== f.name ? "<dt>symbol</dt><dd>" + esc(f.raw_name) + "</dd>" : "") +
			"<dt>address</dt><dd>" + esc(f.address) + "</dd>" +
			"<dt>source</dt><dd>" + (f.file ? esc(f.file) + ":" + f.line :
				'<span class="muted">unknown</span>') + "</dd>" +
			(thr ? threadFacts(id) + '<dt class="muted">whole profile</dt>' +
			 '<dd class="muted">the rows below</dd>' : "") +
			"<dt>self time</dt><dd>" + fmt(f.self_seconds, 3) + " s (" +
			fmt(f.self_samples, 2) + " samples, measured; 95% interval " +
			fmt(ci[0], 3) + " .. " + fmt(ci[1], 3) + " s)</dd>" +
			"<dt>children</dt><dd class=\"est\">" +
			fmt(f.propagated_child_seconds_estimated, 3) +
			" s (estimated: callees' time shared out by calls)</dd>" +
			(M ? "<dt>total, measured</dt><dd>" +
			 fmt(f.total_seconds_measured, 3) + " s (" +
			 fmt(measPct(f.total_seconds_measured)) +
			 " % of the stack samples; estimated " + fmt(estPct(total[id])) +
			 " %)" + marker(estPct(total[id]), measPct(f.total_seconds_measured)) +
			 "</dd>" : "") +
			"<dt>calls</dt><dd>" + count(f, "calls") + (f.self_calls ? " + " + count(f, "self_calls") +
				" from itself" : "") + " (counted)</dd>" +
			(f.cycle ? '<dt>cycle</dt><dd><a class="cyc" href="' + href("cycle=" + f.cycle) +
				'">&lt;cycle ' + f.cycle + "&gt;</a></dd>" : "") +
			"</dl>" + '<div id="graph">' + graph(id) + "</div>" +
			arcRows(callers[id], "caller", "Called by") +
			arcRows(callees[id], "callee", "Calls");
		el("detail").innerHTML = h;
		G.scrollToRow(view.indexOf(id), ROW_H);
		draw();
	}

	/*
	 * The function, up to 8 callers left and 8 callees right.  Each
	 * call's count sits on its node's row in the gap between that
	 * column and the function, the gap as wide as the longest count
	 * (CH units a character of the 10px labels, a little more than a
	 * digit): rows 28 units apart and gaps of their own, no two labels
	 * meet, nor a label and a box.
	 */
	function graph(id) {
		var MAX = 8, BW = 150, BH = 20, CH = 6.5;
		/* Each call's weight and label: its count, or with a thread
		 * shown its samples there (arcs not seen there left out). */
		function weight(k) { return thr ? tArc[k].samples : A[k].count; }
		function pick(list, end) {
			var ids = [], seen = {};
			list.filter(function (k) { return !thr || tArc[k]; }).slice()
				.sort(function (x, y) { return weight(y) - weight(x); })
				.forEach(function (k) {
					var o = A[k][end];
					if (o !== id && !seen[o]) {
						seen[o] = 1;
						ids.push({ id: o, count: thr ? count(tArc[k], "samples") :
							count(A[k], "count") });
					}
				});
			return ids;
		}
		var left = pick(callers[id], "caller"), right = pick(callees[id], "callee");
		var rows = Math.max(1, Math.min(MAX, Math.max(left.length, right.length)));
		var H = rows * (BH + 8) + 24, longest = 0;
		left.slice(0, MAX).concat(right.slice(0, MAX)).forEach(function (e) {
			longest = Math.max(longest, e.count.length);
		});
		var GAP = Math.max(35, Math.ceil(longest * CH) + 12), W = 3 * BW + 2 * GAP;
		var s = '<svg viewBox="0 0 ' + W + " " + H + '" height="' + H +
			'" role="img" aria-label="call graph around ' + esc(F[id].name) +
			(thr ? " on " + esc(threadName(thr)) + ", in samples" : "") + '">';
		function label(n) {
			var t = F[n].name;
			return t.length > 22 ? t.slice(0, 21) + "\u2026" : t;
		}
		function node(n, x, y, cls) {
			return '<g class="node ' + cls + (F[n].cycle ? " cycle" : "") +
				'" data-id="' + n + '"><title>' + esc(F[n].name) + "</title>" +
				'<rect x="' + x + '" y="' + y + '" width="' + BW + '" height="' +
				BH + '" rx="3"/><text x="' + (x + 5) + '" y="' + (y + 14) + '">' +
				esc(label(n)) + "</text></g>";
		}
		function column(list, x, toX, fromLeft) {
			var out = "", n = Math.min(list.length, MAX);
			for (var i = 0; i < n; i++) {
				var y = 12 + i * (BH + 8);
				var x1 = fromLeft ? x + BW : x, x2 = toX;
				out += '<line x1="' + x1 + '" y1="' + (y + BH / 2) + '" x2="' + x2 +
					'" y2="' + (H / 2) + '"/>' +
					'<text class="count" x="' + (fromLeft ? x1 + 4 : x1 - 4) +
					'" y="' + (y + BH / 2 - 3) + '"' +
					(fromLeft ? "" : ' text-anchor="end"') + ">" +
					esc(list[i].count) + "</text>" +
					node(list[i].id, x, y, fromLeft ? "caller" : "callee");
			}
			if (list.length > MAX)
				out += '<text class="count more" x="' + x + '" y="' + (H - 2) + '">+' +
					(list.length - MAX) + " more</text>";
			return out;
		}
		var cx = BW + GAP;
		s += column(left, 0, cx, true) + column(right, W - BW, cx + BW, false) +
			node(id, cx, H / 2 - BH / 2, "center") + "</svg>";
		return s;
	}

	function showCycle(n) {
		var c = C[n - 1];
		if (!c)
			return;
		var h = '<h2 id="detail-name" class="cyc">&lt;cycle ' + n + "&gt;</h2>" +
			'<dl class="kv"><dt>members</dt><dd>' + c.members.length + "</dd>" +
			"<dt>calls</dt><dd>" + count(c, "calls") + " from outside, " +
			count(c, "internal_calls") +
			" between members (counted)</dd><dt>self time</dt><dd>" +
			fmt(c.self_seconds, 3) + " s</dd><dt>children</dt><dd class=\"est\">" +
			fmt(c.propagated_child_seconds_estimated, 3) + " s (estimated)</dd></dl>" +
			'<div class="cycle-group">' + c.members.slice(0, CYCLE_SHOWN)
				.map(fnLink).join("<br>") + (c.members.length > CYCLE_SHOWN ?
				'<br><span class="muted">and ' + (c.members.length - CYCLE_SHOWN) +
				" more</span>" : "") + "</div>";
		selected = -1;
		el("detail").innerHTML = h;
		draw();
	}

	function cyclesList() {
		if (C.length === 0)
			return "";
		return "<h2>Cycles (" + C.length + ")</h2>" + C.map(function (c) {
			return '<div class="cycle-group" data-cycle="' + c.id + '">' +
				'<a class="cyc" href="' + href("cycle=" + c.id) + '">&lt;cycle ' + c.id +
				"&gt;</a> " + count(c, "calls") + " calls in: " +
				c.members.slice(0, 12).map(fnLink).join(", ") +
				(c.members.length > 12 ? ", \u2026" : "") + "</div>";
		}).join("");
	}

	/* ---- the largest disagreements ---- */
	/* Functions and arcs with both numbers, by how far apart their
	 * shares are, the farthest first. */
	function disagreements() {
		var out = [];
		F.forEach(function (f) {
			var m = measPct(f.total_seconds_measured), e = estPct(total[f.id]);
			if (m !== null && e !== null)
				out.push({ fn: f.id, e: e, m: m });
		});
		A.forEach(function (a, k) {
			var m = measPct(a.child_seconds_measured), e = estPct(arcEst(a));
			if (m !== null && e !== null)
				out.push({ arc: k, e: e, m: m });
		});
		out.forEach(function (d, i) { d.i = i; });
		out.sort(function (x, y) {
			return Math.abs(y.m - y.e) - Math.abs(x.m - x.e) || x.i - y.i;
		});
		return out;
	}

	function disagreeHtml() {
		var list = disagreements().slice(0, DISAGREE_SHOWN);
		return "<h2>Estimate vs measured: the largest differences</h2>" +
			'<p class="muted">Shares of the run: gprof\u2019s estimate hands a ' +
			"function\u2019s time to its callers in proportion to their calls; " +
			"the measurement counts the " + count(D.profile, "stack_samples") +
			" stack samples with the function (or the call) on the stack. " +
			"\u2260 marks a difference of " + DISAGREE_POINTS +
			" points or more.</p>" +
			'<table class="list" id="disagree"><tr><th>function or call</th>' +
			'<th class="num est">estimated %</th><th class="num">measured %</th>' +
			'<th class="num">difference</th></tr>' + list.map(function (d) {
				var what = d.arc === undefined ? fnLink(d.fn) :
					fnLink(A[d.arc].caller) + " \u2192 " + fnLink(A[d.arc].callee);
				return '<tr data-diff="' + fmt(d.m - d.e) + '"><td>' + what +
					'</td><td class="num est">' + fmt(d.e) + '</td><td class="num">' +
					fmt(d.m) + '</td><td class="num">' + (d.m >= d.e ? "+" : "") +
					fmt(d.m - d.e) + marker(d.e, d.m) + "</td></tr>";
			}).join("") + "</table>";
	}

	/* ---- the flame graph ---- */
	/* Per node of FT: depth, first sample (x0, in samples from the
	 * root's first), subtree size (its descendants follow it), and its
	 * children's samples, exact (a BigInt: counts may pass 2^53). */
	var FROW = 18, FMIN_PX = 0.5, zoom = 0;
	var fdepth = [], fx0 = [], fsize = [], fchildren = [];
	function flameIndex() {
		var P = FT.parent, S = FT.node_samples, n = P.length, next = [];
		fdepth = [];
		fx0 = [];
		fsize = [];
		fchildren = [];
		for (var i = 0; i < n; i++) {
			fsize.push(1);
			fchildren.push(BigInt(0));
			if (i === 0) {
				fdepth.push(0);
				fx0.push(0);
			} else {
				fdepth.push(fdepth[P[i]] + 1);
				fx0.push(next[P[i]]);
				next[P[i]] += S[i];
				fchildren[P[i]] += G.bigCount(S, i);
			}
			next.push(fx0[i]);
		}
		for (i = n - 1; i > 0; i--)
			fsize[P[i]] += fsize[i];
	}
	function fname(i) { return FL.names[FT.name[i]]; }
	/* Node I's own samples: its count less its children's (saturated
	 * as the C side saturates, so never below 0). */
	function fself(i) {
		var d = G.bigCount(FT.node_samples, i) - G.bigSat(fchildren[i]);
		return d > 0 ? d.toString() : "0";
	}
	function hue(s) {
		var h = 0;
		for (var i = 0; i < s.length; i++)
			h = (h * 31 + s.charCodeAt(i)) % 997;
		return h;
	}
	function frameHtml(i, x, w, y, cls) {
		var S = FT.node_samples, nm = fname(i), sp = /^\[/.test(nm);
		var all = FT.samples > 0 ? 100 * S[i] / FT.samples : 0;
		var tip = nm + "\n" + count(S, i) + " samples, " + fmt(all) + " % of all" +
			(zoom > 0 ? ", " + fmt(100 * S[i] / S[zoom]) + " % of the zoomed frame" : "") +
			"\nself " + fself(i) + " samples";
		var h = hue(nm);
		return '<div class="fr' + (sp ? " special" : "") + cls +
			'" data-n="' + i + '" data-samples="' + esc(count(S, i)) + '" style="left:' +
			x.toFixed(1) + "px;width:" + Math.max(w - 1, 0.5).toFixed(1) + "px;top:" + y +
			"px" + (sp ? "" : ";background:hsl(" + (h % 50 + 5) + ",85%," +
			(58 + h % 17) + "%)") + '" title="' + esc(tip) + '">' +
			(w > 28 ? esc(nm) : "") + "</div>";
	}
	function drawFlame() {
		var box = el("flame-box"), S = FT.node_samples, P = FT.parent;
		var W = box.clientWidth || 1000, out = [], anc = [], deepest = 0;
		for (var a = P[zoom]; a >= 0; a = P[a])
			anc.push(a);
		anc.reverse(); /* the root first (push: a deep zoom stays linear) */
		anc.forEach(function (n, k) {
			out.push(frameHtml(n, 0, W, k * FROW, " anc"));
		});
		var scale = S[zoom] > 0 ? W / S[zoom] : 0, top = anc.length;
		for (var i = zoom; i < zoom + fsize[zoom];) {
			var w = S[i] * scale;
			if (w < FMIN_PX) {
				i += fsize[i];
				continue;
			}
			var d = fdepth[i] - fdepth[zoom];
			if (d > deepest)
				deepest = d;
			out.push(frameHtml(i, (fx0[i] - fx0[zoom]) * scale, w, (top + d) * FROW,
				i === zoom ? " zoomed" : ""));
			i++;
		}
		box.style.height = (top + deepest + 1) * FROW + "px";
		box.innerHTML = out.join("");
		var id = FL.ids[FT.name[zoom]];
		el("flame-zoom").innerHTML = zoom === 0 ? "whole run" :
			"zoomed to " + anc.concat([zoom]).slice(1).map(function (n) {
				return esc(fname(n));
			}).join(" \u203a ") + " (" + count(S, zoom) + " samples, " +
			fmt(100 * S[zoom] / FT.samples) + " %)" +
			(id !== null && id !== undefined ? ' \u2014 <a href="' + href("fn=" + id) +
			 '">show in the table</a>' : "") +
			' <button type="button" id="flame-reset">whole run</button>';
	}
	function flameHtml() {
		var notes = [];
		if (FT.truncated > 0)
			notes.push(count(FT, "truncated") + " samples (" +
				fmt(100 * FT.truncated / FT.samples) +
				" %) have truncated stacks: they hang below [truncated], from " +
				"their outermost known function.");
		if (FT.nodes_pruned > 0)
			notes.push(FT.nodes_pruned + " of " + FT.nodes_full + " frames of the " +
				"merged stacks, each under " + count(FT, "min_samples") +
				" samples (0.01 % of the samples, or more to keep " +
				FT.max_nodes.toLocaleString("en") + " frames" +
				(thr ? ", the threads\u2019 trees sharing " +
				 FL.max_nodes.toLocaleString("en") : "") + "), " +
				"are merged into [other] frames: " + count(FT, "samples_other") +
				" samples.");
		return "<h2>Flame graph of " + (thr ? esc(threadName(thr)) + "\u2019s" : "the") +
			" sampled stacks</h2>" +
			'<p class="muted">' + count(FT, "samples") + " stack samples, callers above " +
			"callees, the width of a frame its samples; identical stacks are " +
			"merged. Click a frame to zoom into it, a frame above it to zoom out." +
			"</p>" + notes.map(function (t) {
				return '<p class="note">' + esc(t) + "</p>";
			}).join("") + '<div id="flame-zoom" class="muted"></div>' +
			'<div id="flame-box"></div><div id="flame-info" class="muted">\u00a0</div>';
	}
	/* The flame graph's events, on its container (the thread selector
	 * redraws what is inside). */
	function setupFlame() {
		el("flame").addEventListener("click", function (e) {
			var f = e.target.closest(".fr");
			if (f) {
				zoom = +f.getAttribute("data-n");
				drawFlame();
			} else if (e.target.id === "flame-reset") {
				zoom = 0;
				drawFlame();
			}
		});
		el("flame").addEventListener("mouseover", function (e) {
			var f = e.target.closest(".fr");
			if (f)
				el("flame-info").textContent = f.getAttribute("title").replace(/\n/g, "; ");
		});
		var resized = null;
		window.addEventListener("resize", function () {
			clearTimeout(resized);
			resized = setTimeout(drawFlame, 100);
		});
		showFlame();
	}
	/* The flame graph of the tree FT, whole. */
	function showFlame() {
		el("flame").innerHTML = flameHtml();
		zoom = 0;
		flameIndex();
		drawFlame();
	}

	/* ---- routing ---- */
	function params() {
		var out = {};
		location.hash.replace(/^#/, "").split("&").forEach(function (p) {
			var kv = p.split("=");
			if (kv[0])
				out[decodeURIComponent(kv[0])] =
					kv.length > 1 ? decodeURIComponent(kv[1]) : "";
		});
		return out;
	}

	function route() {
		var p = params();
		setThread(p.thread === undefined ? null : choices.filter(function (t) {
			return String(t.index) === p.thread;
		})[0] || null);
		if (p.fn !== undefined && F[+p.fn])
			showFunction(+p.fn);
		else if (p.cycle !== undefined)
			showCycle(+p.cycle);
	}

	/* ---- threads ---- */
	/* Busiest first, as --threads: samples, CPU time, then the table's
	 * order. */
	function busier(a, b) {
		return b.samples - a.samples || b.cpu_seconds - a.cpu_seconds ||
			a.index - b.index;
	}
	/* The --threads table: the threads the document is about. */
	function threadsHtml() {
		var all = 0;
		T.forEach(function (t) { all += t.samples; });
		var rows = T.filter(function (t) { return t.selected; }).sort(busier);
		return "<h2>Threads (" + rows.length + (TSEL ? " picked by --thread, of " +
			T.length : "") + ")</h2>" + '<p class="muted">Measured per thread by ' +
			"the collector: its own CPU clock, its samples (share: of every " +
			"thread\u2019s), the calls its hook counted, and the function sampled " +
			"running there most often. Pick a thread to see the table, the call " +
			"graph pane and the flame graph from its stacks alone.</p>" +
			'<div id="thread-box"><table class="list" id="thread-table"><tr><th class="num">tid</th>' +
			'<th>name</th><th class="num">threads</th><th class="num">cpu s</th>' +
			'<th class="num">sampled s</th><th class="num">share</th>' +
			'<th class="num">calls</th><th>busiest function</th></tr>' +
			rows.map(function (t) {
				var pick = choices.indexOf(t) >= 0, f = t.busiest_function;
				var flags = [t.main ? "main" : "", t.live ? "live" : "",
					t.mixed ? "names mixed" : ""].filter(String).join(", ");
				return '<tr data-index="' + t.index + '"><td class="num">' +
					count(t, "tid") + "</td><td>" + (pick ? '<a href="#thread=' +
					t.index + '">' + esc(threadName(t)) + "</a>" : esc(threadName(t))) +
					(flags ? ' <span class="muted">(' + flags + ")</span>" : "") +
					'</td><td class="num">' + count(t, "threads") + '</td><td class="num">' +
					fmt(t.cpu_seconds, 3) + '</td><td class="num">' +
					fmt(t.sampled_seconds, 3) + '</td><td class="num">' +
					(all > 0 ? fmt(100 * t.samples / all, 1) + "%" : "-") +
					'</td><td class="num">' + count(t, "calls") + "</td><td>" +
					(f !== null && F[f] ? esc(F[f].name) : "-") + "</td></tr>";
			}).join("") + "</table></div>";
	}
	/* The selector: All, then each thread it offers. */
	function pickerHtml() {
		return '<label>thread <select id="thread-pick"><option value="">all ' +
			(TSEL ? "picked " : "") + "threads</option>" +
			choices.slice().sort(busier).map(function (t) {
				return '<option value="' + t.index + '">' + esc(threadName(t)) +
					" (tid " + count(t, "tid") + ", " + count(t, "stack_samples") +
					" samples)</option>";
			}).join("") + "</select></label>";
	}
	/* What the page shows with thread THR (or all) picked. */
	function threadNote() {
		var picked = TSEL ? T.filter(function (t) { return t.selected; })
			.map(threadName).join(", ") : "";
		if (!thr)
			return TSEL ? "The profile is --thread\u2019s pick (" + esc(picked) +
				"): every number on this page is theirs alone." : "";
		return "Thread " + esc(threadName(thr)) + " (tid " + count(thr, "tid") + "): " +
			count(thr, "stack_samples") + " stack samples. <b>Per thread</b>, " +
			"measured from its stacks: the table\u2019s columns (self: sampled " +
			"running; total: anywhere on its stack), the callers and callees " +
			"sampled on it and the flame graph. Calls and gprof\u2019s estimates " +
			"are counted for the whole " + (TSEL ? "pick" : "profile") +
			" only, so they are not shown per thread." +
			(TSEL ? " (--thread: the whole page is already " + esc(picked) + "\u2019s.)" : "");
	}
	/* Show thread T (null: all of them). */
	function setThread(t) {
		if (t === thr)
			return;
		thr = t;
		tFn = {};
		tArc = {};
		if (t) {
			t.functions.forEach(function (e) { tFn[e.id] = e; });
			t.arcs.forEach(function (e) { tArc[e.arc] = e; });
		}
		setColumns();
		if (el("thread-pick")) {
			el("thread-pick").value = t ? String(t.index) : "";
			el("thread-note").innerHTML = threadNote();
			Array.prototype.forEach.call(el("thread-table").querySelectorAll("tr[data-index]"),
				function (r) {
					r.className = t && +r.getAttribute("data-index") === t.index ?
						"selected" : "";
				});
		}
		el("cycles").innerHTML = cyclesList();
		if (el("disagree-box"))
			el("disagree-box").style.display = t ? "none" : "";
		if (FL) {
			FT = t ? FLT[t.index] || FL : FL;
			showFlame();
		}
		selected = -1;
		el("detail").innerHTML = '<p class="muted">Select a function.</p>';
		rebuild();
	}

	/* The run's wall-clock window W (profile.window), as UTC. */
	function windowText(w) {
		var ns = BigInt(1000000);
		var start = G.bigCount(w, "start_ns"), end = G.bigCount(w, "end_ns");
		var at = new Date(Number(start / ns)).toISOString().replace("T", " ")
			.replace(/\.\d+Z$/, " UTC");
		return "run window " + at + ", " + fmt(Number(end - start) / 1e9, 3) + " s" +
			(w.seq ? " (profile " + w.seq + (w.snapshot ? ", a snapshot" : "") + ")" :
			 " (a sum)");
	}

	/* ---- the page ---- */
	function build() {
		var pr = D.profile, g = D.program;
		document.title = "gprof: " + g.path;
		var facts = [
			"program " + esc(g.path) + (g.build_id ? " (build id " +
				esc(g.build_id.slice(0, 16)) + "\u2026)" : ""),
			"profile " + esc(pr.files.join(", ")),
			pr.sampling_rate_hz ? pr.sampling_rate_hz + " samples/s" : "no sampling rate",
			fmt(pr.total_seconds) + " s sampled (" + count(pr, "total_samples") + " samples)",
			F.length + " functions, " + A.length + " arcs, " + C.length + " cycles"
		];
		if (pr.window)
			facts.push(windowText(pr.window));
		var h = "<header><h1>gprof profile</h1><div class=\"facts\">" +
			facts.map(function (x) { return "<span>" + x + "</span>"; }).join("") +
			"</div>" + D.warnings.map(function (w) {
				return '<div class="warn">' + esc(w.message) + "</div>";
			}).join("") + '<div class="muted">Self time and calls are measured ' +
			"(self time \u00b1 its 95% interval); <i>italic</i> columns are " +
			"gprof's estimates, which assume every call of a function costs " +
			"the same." + (M ? " Measured totals come from " +
			count(D.profile, "stack_samples") + " sampled call stacks (" +
			count(D.profile, "stack_samples_truncated") +
			' truncated); \u2260 marks where they and the estimate differ by ' +
			DISAGREE_POINTS + " points of the run or more. " +
			'<button type="button" id="to-measured">estimate vs measured, flame graph \u2193</button>' :
			"") + "</div></header>" +
			(T.length ? '<section id="threads">' + threadsHtml() + "</section>" : "") +
			'<main><div id="left"><div class="controls">' +
			'<input type="search" id="filter" placeholder="filter by name (or /regex/)">' +
			(choices.length ? pickerHtml() : "") +
			'<span class="count" id="count"></span></div>' +
			(choices.length ? '<div id="thread-note" class="muted"></div>' : "") +
			G.tableHtml(columns) +
			'<div id="cycles">' + cyclesList() + "</div></div>" +
			'<div id="right"><div id="detail"><p class="muted">Select a function.' +
			"</p></div></div></main>" +
			(M ? '<section id="measured"><div id="disagree-box">' + disagreeHtml() +
			 "</div>" + (FL ? '<div id="flame"></div>' : "") +
			 "</section>" : "") +
			'<pre id="selftest"></pre>';
		el("app").innerHTML = h;
		fitCalls();
		if (M) {
			el("hdr").parentNode.className += " meas";
			el("to-measured").addEventListener("click", function () {
				el("measured").scrollIntoView();
			});
		}
		if (FL)
			setupFlame();
		el("hdr").addEventListener("click", function (e) {
			var key = e.target.getAttribute("data-key");
			if (!key)
				return;
			if (key === sortKey)
				sortAsc = !sortAsc;
			else {
				sortKey = key;
				sortAsc = key === "name";
			}
			rebuild();
		});
		G.onFilterInput(function (text) {
			filter = text;
			rebuild();
		});
		el("scroller").addEventListener("scroll", draw);
		el("rows").addEventListener("click", function (e) {
			var r = e.target.closest(".row");
			if (r && !e.target.closest("a"))
				location.hash = href("fn=" + r.getAttribute("data-id"));
		});
		el("detail").addEventListener("click", function (e) {
			var n = e.target.closest(".node");
			if (n)
				location.hash = href("fn=" + n.getAttribute("data-id"));
		});
		if (choices.length)
			el("thread-pick").addEventListener("change", function (e) {
				var fn = selected >= 0 ? "fn=" + selected : "";
				location.hash = e.target.value ? "thread=" + e.target.value +
					(fn ? "&" + fn : "") : fn;
			});
		window.addEventListener("hashchange", route);
		rebuild();
		route();
	}

	/* ---- #selftest ---- */
	function selftest() {
		var log = G.selftestLog(), check = log.check;
		var visibleIds = log.visibleIds, clickHeader = log.clickHeader;
		var start = params();
		/* "#thread=N": that thread shown; the checks below start from
		 * all of them. */
		if (start.thread !== undefined) {
			check("deep-link-thread", thr !== null && String(thr.index) === start.thread &&
			      el("thread-pick").value === start.thread,
			      "thread " + (thr && thr.index) + " shown, want " + start.thread);
			location.hash = start.fn !== undefined ? "fn=" + start.fn : "";
			route();
		}
		check("rows", view.length === F.length,
		      view.length + " rows for " + F.length + " functions");
		var drawn = el("rows").children.length;
		check("virtual", drawn > 0 && drawn <= 120 && drawn <= F.length,
		      drawn + " rows drawn");
		/* Every drawn calls cell whole: "N+M" never cut to "N+\u2026". */
		var cut = [];
		Array.prototype.forEach.call(el("rows").children, function (r) {
			var c = r.querySelector(".calls"), f = F[+r.getAttribute("data-id")];
			if (c.textContent !== callsText(f) || c.scrollWidth > c.clientWidth)
				cut.push(f.name + " (" + c.textContent + ")");
		});
		check("calls-full", cut.length === 0, "cut: " + cut.join(", "));
		/* Default order: self time, descending. */
		var ids = visibleIds(), ok = true;
		for (var i = 1; i < ids.length; i++)
			if (F[ids[i - 1]].self_samples < F[ids[i]].self_samples)
				ok = false;
		check("sort-self", ok, "rows not by self time");
		clickHeader("name");
		ids = visibleIds();
		ok = true;
		for (i = 1; i < ids.length; i++)
			if (lname[ids[i - 1]] > lname[ids[i]])
				ok = false;
		check("sort-name", ok && sortKey === "name", "rows not by name");
		clickHeader("calls");
		clickHeader("calls");
		ids = visibleIds();
		ok = true;
		for (i = 1; i < ids.length; i++)
			if (F[ids[i - 1]].calls > F[ids[i]].calls)
				ok = false;
		check("sort-calls-asc", ok && sortAsc, "rows not by calls, ascending");
		/* Filter on the first function's name. */
		var probe = F.length ? F[0].name.toLowerCase() : "";
		var want = lname.filter(function (n) { return n.indexOf(probe) >= 0; }).length;
		filter = probe;
		rebuild();
		check("filter", view.length === want, view.length + " rows, want " + want);
		filter = "";
		rebuild();
		/* Navigation: a function that calls another one. */
		var from = -1, to = -1;
		for (i = 0; i < A.length && from < 0; i++)
			if (!A[i].self_call) {
				from = A[i].caller;
				to = A[i].callee;
			}
		if (start.fn !== undefined)
			check("deep-link", selected === +start.fn &&
			      el("detail-name") && el("detail-name").textContent === F[+start.fn].name,
			      "selected " + selected + ", want " + start.fn);
		if (from >= 0) {
			location.hash = "fn=" + from;
			route();
			check("select", el("detail-name").textContent === F[from].name,
			      "detail shows " + el("detail-name").textContent);
			check("graph", el("graph").querySelectorAll(".node").length >= 2,
			      "no call graph drawn");
			var link = el("detail").querySelector('a[href="#fn=' + to + '"]');
			check("callee-link", !!link, "no link to " + F[to].name);
			if (link) {
				location.hash = link.getAttribute("href");
				route();
				check("navigate", el("detail-name").textContent === F[to].name,
				      "detail shows " + el("detail-name").textContent);
				check("caller-back",
				      !!el("detail").querySelector('a[href="#fn=' + from + '"]'),
				      "callee does not list its caller");
			}
		}
		/* The call graph of the function with the most callers or
		 * callees: no count label meets another, or a box. */
		var busiest = -1, most = 0;
		F.forEach(function (f, i) {
			var k = Math.max(callers[i].length, callees[i].length);
			if (k > most) {
				most = k;
				busiest = i;
			}
		});
		if (busiest >= 0) {
			location.hash = "fn=" + busiest;
			route();
			var bbox = function (t) { return t.getBBox(); };
			var labels = Array.prototype.map.call(
				el("graph").querySelectorAll("text.count"), bbox);
			var boxes = labels.concat(Array.prototype.map.call(
				el("graph").querySelectorAll("rect"), bbox));
			var overlaps = [];
			for (i = 0; i < labels.length; i++)
				for (var j = i + 1; j < boxes.length; j++) {
					var p = boxes[i], q = boxes[j];
					if (p.x < q.x + q.width && q.x < p.x + p.width &&
					    p.y < q.y + q.height && q.y < p.y + p.height)
						overlaps.push(i + "/" + j);
				}
			check("graph-labels", labels.length > 0 && overlaps.length === 0,
			      labels.length + " labels of " + F[busiest].name +
			      ", overlapping (label/label or box): " + overlaps.join(" "));
		}
		check("cycles", el("cycles").querySelectorAll(".cycle-group").length === C.length,
		      "cycle groups drawn do not match " + C.length);
		if (C.length) {
			location.hash = "cycle=1";
			route();
			check("cycle-view", el("detail").querySelectorAll('.cycle-group a[href^="#fn="]').length ===
			      Math.min(CYCLE_SHOWN, C[0].members.length),
			      "cycle 1's members not listed");
		}
		if (M)
			selftestMeasured(check);
		else
			check("no-measured", !el("measured") && !el("flame") &&
			      !el("hdr").querySelector('[data-key="meas"]'),
			      "a measured panel without stack samples");
		if (choices.length)
			selftestThreads(log);
		else
			check("no-threads", !el("thread-pick") &&
			      (T.length > 0) === !!el("thread-table"),
			      "a thread selector without per-thread stacks");
		log.checkClean();
		log.done();
	}

	/* The thread table and the selector: each thread picked through the
	 * selector shows its own functions, whose self samples (and those in
	 * no function listed) add up to its stack samples, its callers and
	 * callees, and its own flame tree, rooted at its stack samples;
	 * "all" shows the whole profile again. */
	function selftestThreads(log) {
		var check = log.check, want = T.filter(function (t) { return t.selected; });
		var rows = el("thread-table").querySelectorAll("tr[data-index]");
		check("thread-table", rows.length === want.length,
		      rows.length + " rows, want " + want.length);
		var pick = el("thread-pick");
		check("thread-picker", pick.options.length === choices.length + 1,
		      pick.options.length + " choices for " + choices.length + " threads");
		choices.forEach(function (t) {
			var nm = "thread-" + t.index + "-";
			pick.value = String(t.index);
			pick.dispatchEvent(new Event("change"));
			route();
			check(nm + "shown", thr === t && !!el("hdr").querySelector('[data-key="tself"]') &&
			      !el("hdr").querySelector('[data-key="calls"]') &&
			      el("thread-note").textContent.indexOf("Per thread") >= 0,
			      "the selector did not switch the table to " + threadName(t));
			var sum = G.bigCount(t, "self_samples_elsewhere"), bad = [];
			view.forEach(function (id) {
				sum += G.bigCount(tFn[id], "self_samples");
			});
			var listed = t.functions.filter(function (e) { return F[e.id]; }).length;
			check(nm + "table-sum", view.length === listed &&
			      sum === G.bigCount(t, "stack_samples"),
			      view.length + " rows of " + listed + ", self samples " + sum +
			      " for " + count(t, "stack_samples") + " stack samples");
			log.visibleIds().forEach(function (id) {
				var c = el("rows").querySelector('[data-id="' + id + '"] .tself');
				if (!tFn[id] || !c || c.textContent !== count(tFn[id], "self_samples"))
					bad.push(F[id].name);
			});
			check(nm + "rows", bad.length === 0 && el("rows").children.length > 0,
			      "rows drawn without this thread's samples: " + bad.join(", "));
			if (FL) {
				var root = el("flame-box").querySelector('.fr[data-n="0"]');
				check(nm + "flame-root", FT === FLT[t.index] &&
				      count(FT.node_samples, 0) === count(t, "stack_samples") &&
				      count(FT, "samples") === count(t, "stack_samples") &&
				      root && root.getAttribute("data-samples") === count(t, "stack_samples"),
				      "root " + count(FT.node_samples, 0) + ", " + count(t, "stack_samples") +
				      " stack samples");
			}
			var f = t.busiest_function;
			if (f !== null && F[f]) {
				location.hash = "thread=" + t.index + "&fn=" + f;
				route();
				var d = el("detail-thread");
				check(nm + "pane", thr === t && d &&
				      d.textContent.indexOf("self " + count(tFn[f], "self_samples") +
							    " samples") === 0 &&
				      (callers[f].length === 0 || !!el("graph").querySelector(".node.center")),
				      "the pane of " + F[f].name + ": " + (d ? d.textContent : "none"));
			}
		});
		pick.value = "";
		pick.dispatchEvent(new Event("change"));
		route();
		check("thread-all", thr === null && view.length === F.length &&
		      !!el("hdr").querySelector('[data-key="calls"]') &&
		      (!FL || count(FT.node_samples, 0) === count(D.profile, "stack_samples")),
		      "back to all threads: " + view.length + " rows, " + (thr && thr.index));
	}

	/* The measured parts: the column, the disagreements, the flame graph. */
	function selftestMeasured(check) {
		check("meas-column", !!el("hdr").querySelector('[data-key="meas"]') &&
		      el("rows").querySelectorAll(".meas").length === el("rows").children.length,
		      "no measured column");
		var rows = el("disagree").querySelectorAll("tr[data-diff]"), ok = true;
		for (var i = 1; i < rows.length; i++)
			if (Math.abs(+rows[i - 1].getAttribute("data-diff")) <
			    Math.abs(+rows[i].getAttribute("data-diff")))
				ok = false;
		check("disagree-sorted", rows.length > 0 && ok,
		      rows.length + " rows, not by difference");
		if (!FL) {
			check("flame", false, "stack samples but no flame data");
			return;
		}
		/* Counts compared exactly (BigInt), children's sums saturated
		 * at 2^64 - 1 as flame.c saturates them. */
		var P = FT.parent, S = FT.node_samples, n = P.length, kids = [];
		for (i = 0; i < n; i++)
			kids.push(BigInt(0));
		ok = P[0] === -1;
		for (i = 1; i < n; i++) {
			ok = ok && P[i] >= 0 && P[i] < i;
			if (ok)
				kids[P[i]] += G.bigCount(S, i);
		}
		for (i = 0; i < n; i++)
			ok = ok && G.bigSat(kids[i]) <= G.bigCount(S, i);
		check("flame-tree", ok, "a parent after its child, or children above it");
		var root = el("flame-box").querySelector('.fr[data-n="0"]');
		var stacks = count(D.profile, "stack_samples");
		check("flame-root", count(S, 0) === stacks && root &&
		      root.getAttribute("data-samples") === stacks,
		      "root " + count(S, 0) + ", " + stacks + " stack samples");
		var frames = el("flame-box").querySelectorAll(".fr").length;
		check("flame-drawn", frames >= 2 && frames <= n, frames + " frames drawn");
		var trunc = -1;
		for (i = 1; i < n; i++)
			if (P[i] === 0 && fname(i) === "[truncated]")
				trunc = i;
		check("flame-truncated", D.profile.stack_samples_truncated === 0 ?
		      trunc < 0 : trunc > 0 &&
		      count(S, trunc) === count(D.profile, "stack_samples_truncated"),
		      "[truncated] " + (trunc < 0 ? "missing" : S[trunc]) + ", want " +
		      D.profile.stack_samples_truncated);
		/* Zoom into the root's widest child with children, and back. */
		var c = -1;
		for (i = 1; i < n; i++)
			if (P[i] === 0 && fsize[i] > 1 && (c < 0 || S[i] > S[c]))
				c = i;
		if (c > 0) {
			el("flame-box").querySelector('.fr[data-n="' + c + '"]').click();
			var z = el("flame-box").querySelector(".fr.zoomed");
			check("flame-zoom", zoom === c && z && +z.getAttribute("data-n") === c &&
			      Math.abs(parseFloat(z.style.width) -
				       parseFloat(el("flame-box").querySelector('.fr[data-n="0"]').style.width)) < 1,
			      "zoom " + zoom + ", want " + c);
			el("flame-box").querySelector('.fr[data-n="0"]').click();
			check("flame-unzoom", zoom === 0, "zoom " + zoom + " after a click on the root");
		}
	}

	G.start(build, selftest, function () {
		return params().selftest !== undefined;
	});
})();
