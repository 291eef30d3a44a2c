"""sites.py JSON CALLGRIND: do --format=json and --format=callgrind put
every call on the same source line?  Both documents come from one
profile; the calls of each (caller, callee, file, line) are summed on
both sides and must be equal.  JSON's sites without a line are counted
where callgrind puts them: at the caller's own file and line.  Prints
nothing and exits 0 when they agree, else the first differences and the
count of them, exit 1."""
import json
import re
import sys
from collections import Counter


def from_json(path):
    d = json.load(open(path, encoding="utf-8", errors="surrogateescape"))
    fns = {f["id"]: f for f in d["functions"]}
    out = Counter()
    for a in d["arcs"]:
        if a["count"] == 0:
            continue
        caller, callee = fns[a["caller"]], fns[a["callee"]]
        left = a["count"]
        for s in a["call_sites"]:
            k = min(s["count"], left)
            if k == 0:
                continue
            left -= k
            if s["file"] is None:
                where = (caller["file"] or "???", caller["line"] or 0)
            else:
                where = (s["file"], s["line"])
            out[(caller["name"], callee["name"]) + where] += k
        if left > 0:
            out[(caller["name"], callee["name"],
                 caller["file"] or "???", caller["line"] or 0)] += left
    return out


def clean(s):
    return "".join("?" if ord(c) < 0x20 or ord(c) == 0x7F else c for c in s)


def from_callgrind(path):
    names, files = {}, {}
    out = Counter()
    ref = re.compile(r"^(\w+)=\((\d+)\)(?: (.*))?$")
    fn = cfn = cur = None
    lines = open(path, encoding="utf-8", errors="surrogateescape").read().split("\n")
    i = 0
    while i < len(lines):
        ln = lines[i]
        i += 1
        m = ref.match(ln)
        if m:
            key, ident, name = m.group(1), m.group(2), m.group(3)
            if key in ("fl", "fi", "fe", "cfi", "cfl"):
                if name is not None:
                    files[ident] = name
                if key in ("fl", "fi", "fe"):
                    cur = files[ident]
            elif key in ("fn", "cfn"):
                if name is not None:
                    names[ident] = name
                if key == "fn":
                    fn = names[ident]
                else:
                    cfn = names[ident]
            continue
        if ln.startswith("calls="):
            count = int(ln[len("calls="):].split()[0])
            line = int(lines[i].split()[0])
            i += 1
            out[(fn, cfn, cur, line)] += count
    return out


def main():
    j, c = from_json(sys.argv[1]), from_callgrind(sys.argv[2])
    # Callgrind cleans control characters out of names and files.
    j = Counter({tuple(clean(x) if isinstance(x, str) else x for x in k): v
                 for k, v in j.items()})
    bad = sorted(set(j) ^ set(k for k in c) | {k for k in j if j[k] != c.get(k)},
                 key=str)
    for k in bad[:5]:
        print("  %s -> %s at %s:%s: json %d, callgrind %d"
              % (k[0], k[1], k[2], k[3], j.get(k, 0), c.get(k, 0)))
    if bad:
        print("  %d of %d call lines differ" % (len(bad), len(set(j) | set(c))))
        return 1
    if not j:
        print("  no calls with a line to compare")
        return 1
    return 0


sys.exit(main())
