#!/usr/bin/env python3
"""check.py - check the measured numbers of a --format=json document.

Usage: check.py JSON CLAIM...   (prints nothing and exits 0 when every
claim holds, else one line per claim that does not)

A CLAIM is one of (seconds compared to 1e-9):
  fn:NAME=SECS          functions[].total_seconds_measured of NAME
  arc:CALLER>CALLEE=SECS  arcs[].child_seconds_measured
  est:CALLER>CALLEE<SECS  the estimate (propagated self + child) of the
                        arc is below SECS
  stacks=N              profile.stack_samples
  truncated=N           profile.stack_samples_truncated
  fn:NAME=null, arc:A>B=null   the number is null (no stacks)
NAME is the function's name as shown ("lib_work [libm1.so]" only when
names collide; here they do not).
"""
import json
import sys


def main():
    doc = json.load(open(sys.argv[1], encoding="utf-8"))
    fns = {f["id"]: f for f in doc["functions"]}
    by_name = {f["name"]: f for f in doc["functions"]}
    arcs = {(fns[a["caller"]]["name"], fns[a["callee"]]["name"]): a
            for a in doc["arcs"]}
    bad = []
    for claim in sys.argv[2:]:
        try:
            if claim.startswith("est:"):
                key, lim = claim[4:].split("<")
                a = arcs[tuple(key.split(">"))]
                got = a["propagated_self_seconds_estimated"] + \
                    a["propagated_child_seconds_estimated"]
                ok = got < float(lim)
            else:
                key, want = claim.split("=")
                if key.startswith("fn:"):
                    got = by_name[key[3:]]["total_seconds_measured"]
                elif key.startswith("arc:"):
                    got = arcs[tuple(key[4:].split(">"))][
                        "child_seconds_measured"]
                elif key == "stacks":
                    got = doc["profile"]["stack_samples"]
                elif key == "truncated":
                    got = doc["profile"]["stack_samples_truncated"]
                else:
                    raise KeyError(key)
                if want == "null":
                    ok = got is None
                else:
                    ok = got is not None and abs(got - float(want)) < 1e-9
        except (KeyError, ValueError) as e:
            got, ok = "missing %s" % e, False
        if not ok:
            bad.append("%s (got %s)" % (claim, got))
    if bad:
        print("; ".join(bad))
        sys.exit(1)


main()
