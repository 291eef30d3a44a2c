#!/usr/bin/env python3
"""threads.py DOC PICK - tests/view-json: the per-thread parts of the
--format=json document DOC of run.sh's threads.spec (its truth exact),
and of PICK, the same with --thread=calc.  Prints why they are wrong,
nothing when they are right."""
import json, sys
doc, pick = (json.load(open(p, encoding="utf-8")) for p in sys.argv[1:3])
name = {f["id"]: f["name"] for f in doc["functions"]}
arc = [(name[a["caller"]], name[a["callee"]]) for a in doc["arcs"]]
want = {  # name: index, tid, stack samples, self/total, arcs' samples
    "main": (1, 500, 2, {"driver": (2, 2), "main": (0, 2)},
             {("main", "driver"): 2}),
    "calc": (2, 501, 30, {"fact": (30, 30), "driver": (0, 30), "main": (0, 30)},
             {("fact", "fact"): 20, ("driver", "fact"): 30, ("main", "driver"): 30}),
    "pinger": (3, 502, 20, {"pong": (12, 12), "ping": (8, 20), "driver": (0, 20),
                            "main": (0, 20)},
               {("ping", "pong"): 12, ("driver", "ping"): 20, ("main", "driver"): 20}),
}
bad = []
for t in doc.get("threads", []):
    got = (t["index"], t["tid"], t["stack_samples"],
           {name[e["id"]]: (e["self_samples"], e["total_samples"]) for e in t["functions"]},
           {arc[e["arc"]]: e["samples"] for e in t["arcs"]})
    if want.get(t["name"]) != got or t["self_samples_elsewhere"] != 0:
        bad.append("%s: %s" % (t["name"], got))
if len(doc.get("threads", [])) != 3 or "thread_selection" in doc:
    bad.append("%d threads" % len(doc.get("threads", [])))
if doc["profile"].get("window") != {"start_ns": 1796000000000000000,
                                    "end_ns": 1796000001500000000, "seq": 3,
                                    "snapshot": True}:
    bad.append("window %s" % doc["profile"].get("window"))
if pick.get("thread_selection") != [2] or \
        [t["selected"] for t in pick["threads"]] != [False, True, False]:
    bad.append("--thread=calc: selection %s" % pick.get("thread_selection"))
if bad:
    print("; ".join(bad))
