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
 * self-test's helpers and the way a page starts (build, then
 * "#selftest" if asked).
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
		tableHtml: tableHtml, visibleRows: visibleRows, placeRows: placeRows,
		scrollToRow: scrollToRow,
		onFilterInput: onFilterInput, selftestLog: selftestLog, start: start
	};
})();
