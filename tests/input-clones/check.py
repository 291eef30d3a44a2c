#!/usr/bin/env python3
"""check.py - claims about a --format=json document (tests/input-clones).

Usage: check.py JSON CLAIM...   (prints nothing and exits 0 when every
claim holds, else the claims that do not, on one line, and exits 1)

A CLAIM is one of:
  fn:NAME.FIELD=VALUE     functions[] field of the function NAME (its
                          shown name); NAME@FILE picks the one whose
                          file's base name is FILE.  VALUE is a number
                          (compared to 1e-9), null, true, false, or
                          names joined by "," (a list field, "clones"),
                          or a string
  arc:CALLER>CALLEE.FIELD=VALUE   the same for arcs[] (NAME@FILE too)
  nofn:NAME               no function is named NAME
  count:NAME=N            N functions are named NAME
"""
import json
import os
import sys


def key(f):
    return "%s@%s" % (f["name"], os.path.basename(f["file"] or ""))


def main():
    doc = json.load(open(sys.argv[1], encoding="utf-8"))
    fns = doc["functions"]
    names = [f["name"] for f in fns]

    def find(name):
        hits = [f for f in fns if (key(f) if "@" in name else f["name"])
                == name]
        if len(hits) != 1:
            raise KeyError("%d functions %s" % (len(hits), name))
        return hits[0]

    bad = []
    for claim in sys.argv[2:]:
        got, ok = None, False
        try:
            if claim.startswith("nofn:"):
                got = names.count(claim[5:])
                ok = got == 0
            elif claim.startswith("count:"):
                name, want = claim[6:].split("=")
                got = names.count(name)
                ok = got == int(want)
            else:
                what, want = claim.split("=", 1)
                kind, rest = what.split(":", 1)
                obj, field = rest.rsplit(".", 1)
                if kind == "fn":
                    item = find(obj)
                else:
                    caller, callee = obj.split(">")
                    cid, eid = find(caller)["id"], find(callee)["id"]
                    hits = [a for a in doc["arcs"]
                            if a["caller"] == cid and a["callee"] == eid]
                    if len(hits) != 1:
                        raise KeyError("no arc %s" % obj)
                    item = hits[0]
                got = item.get(field)
                if want == "null":
                    ok = got is None
                elif want in ("true", "false"):
                    ok = got is (want == "true")
                elif isinstance(got, list) or field == "clones":
                    ok = ",".join(got or []) == want
                elif isinstance(got, str):
                    ok = got == want
                else:
                    ok = got is not None and abs(got - float(want)) < 1e-9
        except (KeyError, ValueError) as e:
            got = "missing: %s" % e
        if not ok:
            bad.append("%s (got %s)" % (claim, got))
    if bad:
        print("; ".join(bad))
        sys.exit(1)


main()
