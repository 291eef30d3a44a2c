/*
 * common.js - the script parts both HTML pages share: report.js
 * (gprof --format=html) and diff.js (gprof --diff --format=html).
 * Embedded at build time (tools/embed.sh) before each page's own
 * script, in the same <script> element; it defines one global,
 * gprofPage, and watches for errors from the moment it runs.
 *
 * The pages share: the error log their self-tests check (console
 * errors, uncaught exceptions, Content-Security-Policy violations),
 * el() and esc(), the table's markup, the name filter (a substring, or
 * a regular expression between slashes), the virtual table's rows
 * (only those in view are drawn), the debounced filter box, the
 * self-test's helpers, the way a page starts (build, then "#selftest"
 * if asked), and its data read with every count exact: JSON numbers
 * are doubles, so a count past 2^53 (a side file's 64-bit counts, up
 * to 2^64 - 1 when they saturate) keeps its digits beside the double.
 */
var gprofPage = (function () {
	"use strict";

	/* Everything that went wrong since the page started. */
	var errors = [];
	var origError = console.error;
	console.error = function () {
		errors.push(Array.prototype.join.call(arguments, " "));
		return origError.apply(console, arguments);
	};
	window.addEventListener("error", function (e) {
		errors.push("uncaught: " + e.message);
	});
	document.addEventListener("securitypolicyviolation", function (e) {
		errors.push("blocked by the page's policy: " + e.blockedURI);
	});

	function el(id) { return document.getElementById(id); }

	/* ---- counts past 2^53 ---- */
	/* Per object or array of the data: its integers that a double
	 * cannot hold, as their source digits (key -> text), where the
	 * browser tells a reviver the source (JSON.parse source text
	 * access; elsewhere such a count shows as an approximation). */
	var exactText = new WeakMap();
	function parseData(id) {
		return JSON.parse(el(id).textContent, function (k, v, ctx) {
			if (typeof v === "number" && !Number.isSafeInteger(v) &&
			    ctx && typeof ctx.source === "string" &&
			    /^[0-9]+$/.test(ctx.source)) {
				var m = exactText.get(this);
				if (!m) {
					m = {};
					exactText.set(this, m);
				}
				m[k] = ctx.source;
			}
			return v;
		});
	}
	/* HOLDER[KEY], a count, as text: its exact digits. */
	function count(holder, key) {
		var v = holder[key], m = exactText.get(holder);
		if (m && m[key] !== undefined)
			return m[key];
		if (typeof v === "number" && isFinite(v) && !Number.isSafeInteger(v))
			return "\u2248" + v.toExponential(15).replace("e+", "e");
		return String(v);
	}
	/* HOLDER[KEY], a count, as a BigInt (exact when its digits are
	 * known; 0 when it is no number). */
	function bigCount(holder, key) {
		var m = exactText.get(holder), v = holder[key];
		if (m && m[key] !== undefined)
			return BigInt(m[key]);
		return typeof v === "number" && isFinite(v) ? BigInt(Math.round(v)) :
			BigInt(0);
	}
	/* A count as the C side saturates it: 2^64 - 1 at most. */
	var U64_MAX = (BigInt(1) << BigInt(64)) - BigInt(1);
	function bigSat(x) { return x > U64_MAX ? U64_MAX : x; }
	function esc(s) {
		return String(s).replace(/[&<>"']/g, function (c) {
			return { "&": "&amp;", "<": "&lt;", ">": "&gt;",
				'"': "&quot;", "'": "&#39;" }[c];
		});
	}

	/* A test of row I against the filter TEXT: "/RE/" is a regular
	 * expression matched against name(I) (no row, if it is not one),
	 * anything else a substring of the lower-case name LNAME[I]. */
	function matcher(text, name, lname) {
		var m = /^\/(.*)\/$/.exec(text);
		if (m) {
			try {
				var re = new RegExp(m[1], "i");
				return function (i) { return re.test(name(i)); };
			} catch (e) {
				return function () { return false; };
			}
		}
		text = text.toLowerCase();
		return function (i) { return lname[i].indexOf(text) >= 0; };
	}

	/* The rows of a table of N rows, ROW_H high, worth drawing in the
	 * element "scroller": those in view and a margin. */
	function visibleRows(n, ROW_H) {
		var sc = el("scroller");
		var first = Math.max(0, Math.floor(sc.scrollTop / ROW_H) - 10);
		var last = Math.min(n,
			first + Math.ceil((sc.clientHeight || 600) / ROW_H) + 20);
		return { first: first, last: last };
	}

	/* Scroll row R (none if negative) into view, centred, if it is not. */
	function scrollToRow(r, ROW_H) {
		var sc = el("scroller");
		if (r >= 0 && (r * ROW_H < sc.scrollTop ||
			       (r + 1) * ROW_H > sc.scrollTop + sc.clientHeight))
			sc.scrollTop = Math.max(0, r * ROW_H - sc.clientHeight / 2);
	}

	/* Put the drawn rows HTML (a list) in "rows", from row FIRST on. */
	function placeRows(first, ROW_H, html) {
		var rows = el("rows");
		rows.style.top = first * ROW_H + "px";
		rows.innerHTML = html.join("");
	}

	/* The table's markup: a heading per column (data-key KEY, TITLE),
	 * then the scroller holding the spacer and the drawn rows. */
	function tableHtml(columns) {
		return '<div class="grid"><div class="hdr" id="hdr">' +
			columns.map(function (c) {
				return '<div data-key="' + c.key + '">' + esc(c.title) + "</div>";
			}).join("") + "</div>" +
			'<div id="scroller"><div id="spacer"></div><div id="rows"></div></div></div>';
	}

	/* Call SET with the filter box's text once typing pauses. */
	function onFilterInput(set) {
		var timer = null;
		el("filter").addEventListener("input", function (e) {
			clearTimeout(timer);
			timer = setTimeout(function () {
				set(e.target.value);
			}, 120);
		});
	}

	/* The self-test's log and its helpers. */
	function selftestLog() {
		var out = [];
		return {
			out: out,
			check: function (name, ok, why) {
				out.push(ok ? "PASS " + name : "FAIL " + name + ": " + why);
			},
			visibleIds: function () {
				return Array.prototype.map.call(el("rows").children, function (r) {
					return +r.getAttribute("data-id");
				});
			},
			clickHeader: function (key) {
				el("hdr").querySelector('[data-key="' + key + '"]').click();
			},
			/* The checks every page ends with: nothing fetched, no error. */
			checkClean: function () {
				var res = (performance.getEntriesByType ?
					   performance.getEntriesByType("resource") : []);
				this.check("no-network", res.length === 0,
					res.length + " resources loaded");
				this.check("no-errors", errors.length === 0, errors.join("; "));
			},
			done: function () {
				out.push("DONE");
				el("selftest").textContent = out.join("\n");
			}
		};
	}

	/* Start a page: BUILD it, then run SELFTEST if WANTED, a failure
	 * of either reported where the self-test's reader looks. */
	function start(build, selftest, wanted) {
		try {
			build();
		} catch (e) {
			errors.push("build: " + e);
		}
		if (wanted()) {
			try {
				selftest();
			} catch (e) {
				var p = el("selftest") || document.body.appendChild(
					document.createElement("pre"));
				p.id = "selftest";
				p.textContent = "FAIL selftest: " + e + "\nDONE";
			}
		}
	}

	return {
		errors: errors, el: el, esc: esc, matcher: matcher,
		parseData: parseData, count: count, bigCount: bigCount,
		bigSat: bigSat, U64_MAX: U64_MAX,
		tableHtml: tableHtml, visibleRows: visibleRows, placeRows: placeRows,
		scrollToRow: scrollToRow,
		onFilterInput: onFilterInput, selftestLog: selftestLog, start: start
	};
})();
