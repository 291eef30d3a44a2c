/*
 * diff.js - the page of gprof --diff=BASE --format=html.  Embedded at
 * build time into diff_html.c (tools/embed.sh) after report.css and
 * diff.css, and after common.js (gprofPage, the parts it shares with
 * report.js); the page loads nothing else.
 *
 * Data: the --diff --format=json document ("gprof-diff", version 1,
 * described in src/diff_print.c) in <script type="application/json"
 * id="gprof-diff-data">.  Its functions come most significant first
 * (adjusted p, or with measured totals the smaller of the two adjusted
 * p's; then p, then the size of the change, then name), which
 * is the table's default order ("sig" column, which holds the marks).
 *
 * The table: one row per function that changed, sortable (click a
 * heading; again to reverse), filterable (a name substring, or a
 * regular expression between slashes, and a choice of all /
 * significant / regressions / only in one side), drawn a screenful at
 * a time.  Each side's self time is drawn with its 95 % interval as an
 * error bar on one scale for the whole table (base grey, this orange).
 * "*" marks a significant change (red when it grew, green when it
 * shrank); a red edge marks a regression beyond --fail-on-regression;
 * "[only in base]" / "[only in this]" a function one profile lacks.
 * When both profiles had sampled stacks (the document's "measured"),
 * four more columns give each function's measured total time (stack
 * samples with it anywhere on the stack): its adjusted p with its own
 * "*", the delta, and each side with its 95 % interval as an error bar
 * (on a scale of their own); the "measured" filter keeps significant
 * changes of it, and a function's details list it.
 *
 * Links: "#fn=NAME" selects the function of that name (for a static,
 * "NAME (FILE)" picks one of several of the same name), "#id=N" (or
 * "#fn=N" when no function is named N) the N-th function of the
 * document.  "#selftest" (alone or after other parameters, "&selftest")
 * runs the page's own checks after loading and writes "PASS name" /
 * "FAIL name: why" lines, "INFO rows N" and "INFO first NAME" (the
 * table's first row in its default order) into <pre id="selftest">,
 * then returns to the default order and the linked function, for
 * tests/view-diff-html/run.sh.
 */
(function () {
	"use strict";

	var G = gprofPage, el = G.el, esc = G.esc;

	var D = JSON.parse(document.getElementById("gprof-diff-data").textContent);
	var F = D.functions;
	var ROW_H = 22;
	var share = D.compare === "shares";
	var unit = share ? "%" : "s";
	var maxHz = Math.max(D.base.hz || 0, D["this"].hz || 0);
	var DEC = share ? 2 : (maxHz > 100 ? 3 : 2);
	/* Measured totals: only when both sides had stacks. */
	var M = !!D.measured;

	function known(x) { return x !== null && x !== undefined && isFinite(x); }
	function fmt(x, d) {
		return known(x) ? x.toFixed(d === undefined ? DEC : d) : "?";
	}
	function signed(x, d) {
		return known(x) ? (x > 0 ? "+" : "") + fmt(x, d) : "?";
	}
	function fmtP(p) {
		if (!known(p))
			return "";
		if (p >= 1)
			return "1";
		return p < 1e-3 ? p.toExponential(1) : p.toPrecision(2);
	}
	function signedInt(x) { return (x > 0 ? "+" : "") + x; }
	/* The document's order: the smaller adjusted p of the two tests. */
	function rankP(f) {
		return M ? Math.min(f.p_adjusted, f.measured_p_adjusted) : f.p_adjusted;
	}
	function label(f) { return f.name + (f.file ? " (" + f.file + ")" : ""); }
	function change(f) {
		if (!known(f.base_value) || !known(f.this_value))
			return "?";
		if (known(f.change_pct))
			return signed(f.change_pct, 1) + "%";
		return f.this_value > 0 ? "new" : "-";
	}
	function only(f) {
		return !f.in_base ? "this" : !f.in_this ? "base" : "";
	}
	function direction(f) {
		return known(f.delta_value) && f.delta_value > 0 ? "up" :
			known(f.delta_value) && f.delta_value < 0 ? "down" : "";
	}
	function mdirection(f) {
		var v = f.delta_measured_value;
		return known(v) && v > 0 ? "up" : known(v) && v < 0 ? "down" : "";
	}

	/* Names that occur once link by name, the others by index. */
	var byName = {}, count = {}, lname = [];
	F.forEach(function (f, i) {
		count[f.name] = (count[f.name] || 0) + 1;
		if (byName[label(f)] === undefined)
			byName[label(f)] = i;
		if (byName[f.name] === undefined)
			byName[f.name] = i;
		lname.push(label(f).toLowerCase());
	});
	function href(i) {
		var f = F[i];
		return count[f.name] === 1 ? "#fn=" + encodeURIComponent(f.name) :
			"#id=" + i;
	}

	/* One scale for every self-time error bar (the largest interval
	 * end), another for the measured totals'. */
	function scaleOf(rangesOf) {
		var max = 0;
		F.forEach(function (f) {
			rangesOf(f).forEach(function (r) {
				r.forEach(function (v) {
					if (known(v) && v > max)
						max = v;
				});
			});
		});
		return max;
	}
	var maxV = scaleOf(function (f) {
		return [f.base_ci95, f.this_ci95, [f.base_value, f.this_value]];
	});
	var maxM = !M ? 0 : scaleOf(function (f) {
		return [f.base_measured_ci95, f.this_measured_ci95,
			[f.base_measured_value, f.this_measured_value]];
	});

	/* ---- the table ---- */
	function nullsLast(v) { return known(v) ? v : null; }
	var columns = [
		{ key: "rank", title: "sig", asc: true, get: function (f, i) { return i; } },
		{ key: "padj", title: "p(adj)", asc: true,
		  get: function (f) { return nullsLast(f.p_adjusted); } },
		{ key: "p", title: "p", asc: true, get: function (f) { return nullsLast(f.p); } },
		{ key: "delta", title: "delta " + (share ? "pp" : "s"), asc: false,
		  get: function (f) { return nullsLast(f.delta_value); } },
		{ key: "change", title: "change", asc: false,
		  get: function (f) {
			return known(f.change_pct) ? f.change_pct :
				known(f.this_value) && f.this_value > 0 ? Infinity : null;
		  } },
		{ key: "base", title: "base " + unit + " (95%)", asc: false,
		  get: function (f) { return nullsLast(f.base_value); } },
		{ key: "this", title: "this " + unit + " (95%)", asc: false,
		  get: function (f) { return nullsLast(f.this_value); } },
		{ key: "mpadj", title: "tot p(adj)", asc: true, measured: true,
		  get: function (f) { return nullsLast(f.measured_p_adjusted); } },
		{ key: "mdelta", title: "delta tot " + (share ? "pp" : "s"), asc: false,
		  measured: true,
		  get: function (f) { return nullsLast(f.delta_measured_value); } },
		{ key: "mbase", title: "base tot " + unit + " (95%)", asc: false,
		  measured: true,
		  get: function (f) { return nullsLast(f.base_measured_value); } },
		{ key: "mthis", title: "this tot " + unit + " (95%)", asc: false,
		  measured: true,
		  get: function (f) { return nullsLast(f.this_measured_value); } },
		{ key: "dcalls", title: "delta calls", asc: false,
		  get: function (f) { return f.delta_calls; } },
		{ key: "bcalls", title: "base calls", asc: false,
		  get: function (f) { return f.base_calls; } },
		{ key: "tcalls", title: "this calls", asc: false,
		  get: function (f) { return f.this_calls; } },
		{ key: "name", title: "name", asc: true, text: true,
		  get: function (f, i) { return lname[i]; } }
	].filter(function (c) { return M || !c.measured; });
	var sortKey = "rank", sortAsc = true, filter = "", show = "all";
	var view = [], selected = -1;

	function column(key) {
		return columns.filter(function (c) { return c.key === key; })[0];
	}

	/* Unknown values (null) last in either direction, then by rank. */
	function compare(col, asc) {
		return function (a, b) {
			var x = col.get(F[a], a), y = col.get(F[b], b);
			if (x === null || y === null) {
				if (x !== y)
					return x === null ? 1 : -1;
				return a - b;
			}
			if (x < y)
				return asc ? -1 : 1;
			if (x > y)
				return asc ? 1 : -1;
			return a - b;
		};
	}

	function matcher(text) {
		return G.matcher(text, function (i) { return label(F[i]); }, lname);
	}

	var shown = {
		all: function () { return true; },
		significant: function (f) { return f.significant; },
		regressions: function (f) { return f.regression; },
		only: function (f) { return !f.in_base || !f.in_this; },
		measured: function (f) { return !!f.measured_significant; }
	};

	function rebuild() {
		var keep = filter ? matcher(filter) : null, kind = shown[show];
		view = [];
		for (var i = 0; i < F.length; i++)
			if ((!keep || keep(i)) && kind(F[i]))
				view.push(i);
		view.sort(compare(column(sortKey), sortAsc));
		el("spacer").style.height = view.length * ROW_H + "px";
		el("count").textContent = view.length + " of " + F.length +
			" functions";
		var hd = el("hdr").children;
		for (var k = 0; k < hd.length; k++) {
			hd[k].className = (columns[k].text ? "" : "num ") +
				(columns[k].key === sortKey ? "sorted" +
				 (sortAsc ? " asc" : "") : "");
		}
		draw();
	}

	/* A bar of V and the interval CI, on the scale MAX, W wide. */
	function errorBar(v, ci, color, W, maxV) {
		if (!(maxV > 0) || !known(v))
			return '<svg width="' + W + '" height="10" aria-hidden="true"></svg>';
		var x = function (u) { return Math.max(0, Math.min(W, W * u / maxV)); };
		var s = '<svg width="' + W + '" height="10" aria-hidden="true">' +
			'<rect x="0" y="2" height="6" width="' + x(v).toFixed(1) +
			'" fill="' + color + '"/>';
		if (known(ci[0]) && known(ci[1]))
			s += '<line class="ci" x1="' + x(ci[0]).toFixed(1) + '" x2="' +
				x(ci[1]).toFixed(1) + '" y1="5" y2="5" stroke="#333"/>' +
				'<line x1="' + x(ci[0]).toFixed(1) + '" x2="' + x(ci[0]).toFixed(1) +
				'" y1="2" y2="8" stroke="#333"/><line x1="' + x(ci[1]).toFixed(1) +
				'" x2="' + x(ci[1]).toFixed(1) + '" y1="2" y2="8" stroke="#333"/>';
		return s + "</svg>";
	}

	function sideCell(v, ci, samples, color, max) {
		var pm = known(v) && known(ci[0]) ? " \u00b1" +
			fmt(Math.max(ci[1] - v, v - ci[0])) : "";
		return '<div class="num err" title="' + fmt(samples, 2) +
			" samples; 95% interval " + fmt(ci[0]) + " .. " + fmt(ci[1]) +
			" " + unit + '">' + errorBar(v, ci, color, 60,
				max === undefined ? maxV : max) + "<span>" +
			fmt(v) + '</span><span class="muted">' + pm + "</span></div>";
	}

	function mark(f) {
		return f.significant ? '<span class="' + direction(f) + '">*</span>' : "";
	}

	/* The measured cells of a row (none without stacks). */
	function measuredCells(f) {
		if (!M)
			return "";
		return '<div class="num mp">' + fmtP(f.measured_p_adjusted) +
			(f.measured_significant ? ' <span class="msig ' + mdirection(f) +
			 '">*</span>' : "") + "</div>" +
			'<div class="num ' + (f.measured_significant ? mdirection(f) : "") +
			'">' + signed(f.delta_measured_value) + "</div>" +
			sideCell(f.base_measured_value, f.base_measured_ci95,
				 f.base_measured_samples, "#9ca3af", maxM) +
			sideCell(f.this_measured_value, f.this_measured_ci95,
				 f.this_measured_samples, "var(--bar)", maxM);
	}

	function draw() {
		var rg = G.visibleRows(view.length, ROW_H);
		var first = rg.first, last = rg.last;
		var html = [];
		for (var r = first; r < last; r++) {
			var i = view[r], f = F[i], o = only(f);
			html.push('<div class="row' + (i === selected ? " selected" : "") +
				(f.regression ? " regress" : "") + '" data-id="' + i +
				'" data-name="' + esc(f.name) + '"' +
				(f.regression ? ' title="a regression beyond ' +
				 "--fail-on-regression\"" : "") + ">" +
				'<div class="sig" title="rank ' + (i + 1) + '">' + mark(f) + "</div>" +
				'<div class="num">' + fmtP(f.p_adjusted) + "</div>" +
				'<div class="num muted">' + fmtP(f.p) + "</div>" +
				'<div class="num ' + (f.significant ? direction(f) : "") + '">' +
				signed(f.delta_value) + "</div>" +
				'<div class="num">' + change(f) + "</div>" +
				sideCell(f.base_value, f.base_ci95, f.base_samples, "#9ca3af") +
				sideCell(f.this_value, f.this_ci95, f.this_samples, "var(--bar)") +
				measuredCells(f) +
				'<div class="num">' + signedInt(f.delta_calls) + "</div>" +
				'<div class="num muted">' + f.base_calls + "</div>" +
				'<div class="num muted">' + f.this_calls + "</div>" +
				'<div title="' + esc(label(f)) + '"><a href="' + href(i) + '">' +
				esc(f.name) + "</a>" +
				(f.file ? ' <span class="muted">(' + esc(f.file) + ")</span>" : "") +
				(o ? ' <span class="only">[only in ' + o + "]</span>" : "") +
				"</div></div>");
		}
		G.placeRows(first, ROW_H, html);
	}

	/* ---- the selected function ---- */
	function compareSvg(f) {
		var W = 300, s = '<svg class="cmp" width="' + W + '" height="44" ' +
			'role="img" aria-label="self time of both sides with 95% intervals">';
		function side(y, v, ci, color, name) {
			var x = function (u) { return 40 + Math.max(0, Math.min(W - 50,
				(W - 50) * u / maxV)); };
			if (!known(v) || !(maxV > 0))
				return '<text x="2" y="' + (y + 8) + '">' + name + " ?</text>";
			var out = '<text x="2" y="' + (y + 8) + '">' + name + "</text>" +
				'<rect x="40" y="' + y + '" height="10" width="' +
				(x(v) - 40).toFixed(1) + '" fill="' + color + '"/>';
			if (known(ci[0]) && known(ci[1]))
				out += '<line x1="' + x(ci[0]).toFixed(1) + '" x2="' +
					x(ci[1]).toFixed(1) + '" y1="' + (y + 5) + '" y2="' + (y + 5) +
					'" stroke="#333"/>';
			return out;
		}
		return s + side(6, f.base_value, f.base_ci95, "#9ca3af", "base") +
			side(26, f.this_value, f.this_ci95, "var(--bar)", "this") + "</svg>";
	}

	function interval(ci) {
		return known(ci[0]) ? "[" + fmt(ci[0]) + ", " + fmt(ci[1]) + "] " + unit : "unknown";
	}

	/* A function's measured total, in its details (none without stacks). */
	function measuredDetail(f) {
		if (!M)
			return "";
		var pct = known(f.measured_change_pct) ?
			signed(f.measured_change_pct, 1) + "%" :
			known(f.this_measured_value) && f.this_measured_value > 0 ? "new" : "-";
		return "<dt>base total</dt><dd>" + fmt(f.base_measured_value) + " " +
			unit + " (" + fmt(f.base_measured_samples, 0) +
			" stack samples; 95% " + interval(f.base_measured_ci95) + ")</dd>" +
			"<dt>this total</dt><dd>" + fmt(f.this_measured_value) + " " +
			unit + " (" + fmt(f.this_measured_samples, 0) +
			" stack samples; 95% " + interval(f.this_measured_ci95) + ")</dd>" +
			"<dt>total change</dt><dd>" + signed(f.delta_measured_value) + " " +
			(share ? "pp" : "s") + " (" + pct + "), p " +
			fmtP(f.measured_p) + " (adjusted " + fmtP(f.measured_p_adjusted) +
			"), " + (f.measured_significant ? '<b class="' + mdirection(f) +
				'">significant</b>' : "within sampling noise") + "</dd>";
	}

	function showFunction(i) {
		var f = F[i], o = only(f);
		selected = i;
		var h = '<h2 id="detail-name">' + esc(f.name) + "</h2>" +
			'<dl class="kv">' +
			(f.file ? "<dt>file</dt><dd>" + esc(f.file) + "</dd>" : "") +
			"<dt>rank</dt><dd>" + (i + 1) + " of " + F.length +
			" (most significant first)</dd>" +
			(o ? '<dt>profiles</dt><dd class="only">only in ' + o + "</dd>" : "") +
			"<dt>calls</dt><dd>" + f.base_calls + " \u2192 " + f.this_calls +
			" (" + signedInt(f.delta_calls) + ", exact)</dd>" +
			"<dt>base self</dt><dd>" + fmt(f.base_value) + " " + unit + " (" +
			fmt(f.base_samples, 2) + " samples; 95% " + interval(f.base_ci95) +
			")</dd>" +
			"<dt>this self</dt><dd>" + fmt(f.this_value) + " " + unit + " (" +
			fmt(f.this_samples, 2) + " samples; 95% " + interval(f.this_ci95) +
			")</dd>" +
			"<dt>change</dt><dd>" + signed(f.delta_value) + " " +
			(share ? "pp" : "s") + " (" + change(f) + ")</dd>" +
			"<dt>p</dt><dd>" + fmtP(f.p) + " (adjusted " + fmtP(f.p_adjusted) +
			")</dd><dt>verdict</dt><dd>" + (f.significant ?
				'<b class="' + direction(f) + '">significant</b>' :
				"within sampling noise") +
			(f.regression ? ', <b class="up">a regression</b>' : "") + "</dd>" +
			measuredDetail(f) + "</dl>" +
			compareSvg(f);
		el("detail").innerHTML = h;
		G.scrollToRow(view.indexOf(i), ROW_H);
		draw();
	}

	/* ---- routing ---- */
	function params() {
		var out = {};
		location.hash.replace(/^#/, "").split("&").forEach(function (p) {
			var k = p.indexOf("="), key = k < 0 ? p : p.slice(0, k);
			if (key)
				out[decodeURIComponent(key)] =
					k < 0 ? "" : decodeURIComponent(p.slice(k + 1));
		});
		return out;
	}

	/* The function a link names, or -1. */
	function target(p) {
		if (p.fn !== undefined) {
			if (byName[p.fn] !== undefined)
				return byName[p.fn];
			if (/^[0-9]+$/.test(p.fn) && +p.fn < F.length)
				return +p.fn;
		}
		if (p.id !== undefined && /^[0-9]+$/.test(p.id) && +p.id < F.length)
			return +p.id;
		return -1;
	}

	function route() {
		var i = target(params());
		if (i >= 0)
			showFunction(i);
	}

	/* ---- the page ---- */
	function sideFacts(label, s) {
		return label + ": " + esc(s.program) + ": " + esc(s.profiles.join(", ")) +
			": " + fmt(s.samples, 1) + " samples" + (s.hz ? ", " +
			fmt(s.samples / s.hz) + " s at " + s.hz + " Hz" : ", no sampling rate");
	}

	function build() {
		var reg = D.regression;
		document.title = "gprof diff: " + D["this"].program;
		var h = "<header><h1>gprof profile diff</h1><div class=\"facts\">" +
			"<div>" + sideFacts("base", D.base) + "</div>" +
			"<div>" + sideFacts("this", D["this"]) + "</div></div>" +
			'<div class="muted">Self time compared ' + (share ?
				"as % of each profile's samples" : "as seconds") +
			" (\u00b1 its 95% interval; the bars: base grey, this orange, " +
			"lines the intervals); calls are exact counts, so any change in " +
			"them is real.  Test: exact conditional test of the two Poisson " +
			"sample counts, two-sided, " + esc(D.correction.charAt(0).toUpperCase() +
				D.correction.slice(1)) +
			"-adjusted over " + D.tested + " functions with samples; * marks " +
			"p(adj) \u2264 " + D.alpha + "." + (M ? "  Measured total time " +
				"(stack samples with the function anywhere on the stack: base " +
				D.base.stack_samples + ", this " + D["this"].stack_samples +
				") is tested the same way over " + D.measured.tested +
				" functions (\"tot\" columns)." : "") + "</div>" +
			'<div class="facts"><span>' + D.significant +
			" significant changes</span>" + (M ? "<span>" + D.measured.significant +
				" of measured totals</span>" : "") + "<span>" + F.length +
			" functions listed</span><span>" + D.unchanged +
			" unchanged, not listed</span>" + (reg ? "<span>--fail-on-regression=" +
				reg.threshold_pct + "%: " + (reg.worst ? '<b class="up">' +
				"regression in " + esc(reg.worst) + "</b>" : "no regression") +
				"</span>" : "") + "</div></header>" +
			'<main class="diff' + (M ? " measured" : "") +
			'"><div id="left"><div class="controls">' +
			'<input type="search" id="filter" placeholder="filter by name (or /regex/)">' +
			'<span class="filters"><select id="show">' +
			'<option value="all">all</option>' +
			'<option value="significant">significant</option>' +
			'<option value="regressions">regressions</option>' +
			'<option value="only">only in one profile</option>' +
			(M ? '<option value="measured">measured total changed</option>' : "") +
			"</select></span>" +
			'<span class="count" id="count"></span></div>' +
			G.tableHtml(columns) +
			"</div>" +
			'<div id="right"><div id="detail"><p class="muted">Select a function.' +
			"</p></div></div></main>" + '<pre id="selftest"></pre>';
		el("app").innerHTML = h;
		el("hdr").addEventListener("click", function (e) {
			var key = e.target.getAttribute("data-key");
			if (!key)
				return;
			if (key === sortKey)
				sortAsc = !sortAsc;
			else {
				sortKey = key;
				sortAsc = column(key).asc;
			}
			rebuild();
		});
		G.onFilterInput(function (text) {
			filter = text;
			rebuild();
		});
		el("show").addEventListener("change", function (e) {
			show = e.target.value;
			rebuild();
		});
		el("scroller").addEventListener("scroll", draw);
		el("rows").addEventListener("click", function (e) {
			var r = e.target.closest(".row");
			if (r && !e.target.closest("a"))
				location.hash = href(+r.getAttribute("data-id")).slice(1);
		});
		window.addEventListener("hashchange", route);
		rebuild();
		route();
	}

	/* ---- #selftest ---- */
	function selftest() {
		var log = G.selftestLog(), out = log.out, check = log.check;
		var visibleIds = log.visibleIds, clickHeader = log.clickHeader;
		function ordered(key, asc) {
			var col = column(key), ids = visibleIds();
			for (var k = 1; k < ids.length; k++) {
				var x = col.get(F[ids[k - 1]], ids[k - 1]);
				var y = col.get(F[ids[k]], ids[k]);
				if (x === null && y !== null)
					return false;
				if (x !== null && y !== null && (asc ? x > y : x < y))
					return false;
			}
			return true;
		}
		var start = params(), ids, i, ok;
		out.push("INFO rows " + view.length);
		out.push("INFO first " + (view.length ? F[view[0]].name : "(none)"));
		/* From the top (a deep link may have scrolled the table). */
		el("scroller").scrollTop = 0;
		draw();
		ids = visibleIds();
		check("rows", view.length === F.length,
		      view.length + " rows for " + F.length + " functions");
		var drawn = ids.length;
		check("virtual", drawn <= Math.min(F.length, 120) &&
		      (F.length === 0 || drawn > 0), drawn + " rows drawn");
		/* Default order: the document's, most significant first. */
		ok = true;
		for (i = 1; i < ids.length; i++)
			if (ids[i - 1] > ids[i])
				ok = false;
		check("sort-significance", ok && (F.length === 0 || ids[0] === 0),
		      "rows not in the document's order");
		ok = true;
		for (i = 1; i < F.length; i++)
			if (rankP(F[i - 1]) > rankP(F[i]))
				ok = false;
		check("document-order", ok, "functions not by adjusted p");
		/* Each row's marks. */
		ok = true;
		Array.prototype.forEach.call(el("rows").children, function (r) {
			var f = F[+r.getAttribute("data-id")], o = only(f);
			var tag = r.querySelector(".only");
			if (!!tag !== !!o || (tag && tag.textContent !== "[only in " + o + "]"))
				ok = false;
			if (f.significant !== (r.querySelector(".sig").textContent === "*"))
				ok = false;
			if (r.querySelectorAll("svg").length !== (M ? 4 : 2))
				ok = false;
			if (M && f.measured_significant !== !!r.querySelector(".mp .msig"))
				ok = false;
			if (known(f.base_ci95[0]) && known(f.base_value) &&
			    !r.querySelectorAll(".num.err")[0].querySelector("line.ci"))
				ok = false;
		});
		check("marks", ok, "a row's significance, only-in or error bar is wrong");
		clickHeader("dcalls");
		check("sort-delta-calls", ordered("dcalls", false) && sortKey === "dcalls" &&
		      !sortAsc, "rows not by delta calls, descending");
		clickHeader("dcalls");
		check("sort-delta-calls-asc", ordered("dcalls", true) && sortAsc,
		      "rows not by delta calls, ascending");
		clickHeader("delta");
		check("sort-delta", ordered("delta", false), "rows not by delta");
		clickHeader("name");
		check("sort-name", ordered("name", true), "rows not by name");
		if (M) {
			clickHeader("mdelta");
			check("sort-measured-delta", ordered("mdelta", false),
			      "rows not by the measured delta");
			show = "measured";
			rebuild();
			check("filter-measured", view.length === F.filter(function (f) {
				return f.measured_significant; }).length, view.length + " rows");
			show = "all";
			var hd = el("hdr").textContent;
			check("measured-columns", hd.indexOf("base tot") >= 0 &&
			      hd.indexOf("tot p(adj)") >= 0, "no measured headings");
		}
		/* Filter on the first function's name. */
		var probe = F.length ? F[0].name.toLowerCase() : "";
		var want = lname.filter(function (n) { return n.indexOf(probe) >= 0; }).length;
		filter = probe;
		rebuild();
		check("filter", view.length === want, view.length + " rows, want " + want);
		filter = "";
		show = "significant";
		rebuild();
		check("filter-significant", view.length === F.filter(function (f) {
			return f.significant; }).length, view.length + " rows");
		show = "all";
		sortKey = "rank";
		sortAsc = true;
		rebuild();
		var t = target(start);
		if (start.fn !== undefined || start.id !== undefined)
			check("deep-link", t >= 0 && selected === t && el("detail-name") &&
			      el("detail-name").textContent === F[t].name,
			      "selected " + selected + ", want " + t);
		/* Select by a row's link, then by index. */
		if (F.length) {
			var last = F.length - 1;
			location.hash = href(last).slice(1);
			route();
			check("select", selected === last &&
			      el("detail-name").textContent === F[last].name,
			      "detail shows " + (el("detail-name") || {}).textContent);
			location.hash = "id=0";
			route();
			check("select-id", selected === 0, "selected " + selected);
		}
		log.checkClean();
		/* Back to where the link pointed, for the caller's own look. */
		selected = -1;
		el("detail").innerHTML = '<p class="muted">Select a function.</p>';
		location.hash = Object.keys(start).map(function (k) {
			return encodeURIComponent(k) + (start[k] !== "" ? "=" +
				encodeURIComponent(start[k]) : "");
		}).join("&");
		route();
		log.done();
	}

	G.start(build, selftest, function () {
		return params().selftest !== undefined;
	});
})();
