#!/usr/bin/env python3
"""viewcheck.py CHECK ARGS... - tests/input-threads' checks of the per-thread
views (--format=json), printing why a check fails (nothing when it
holds):

  schema DOC SCHEMA          DOC validates against SCHEMA (jsonschema)
  threads DOC TABLE FOLDED   DOC's threads are --threads' TABLE rows
                             (tid, name, threads, cpu s, sampled s,
                             calls, busiest function); each one's
                             functions' self samples (and those
                             elsewhere) add up to its stack samples, its
                             lines' counts in FOLDED (--format=folded);
                             the window holds every thread's first and
                             last, and is the run's one profile
  selection DOC NAME         DOC is --thread=NAME's: thread_selection
                             lists the rows picked, that row alone, and
                             the functions' samples are its stack
                             samples
  window DOC                 "time START" and "duration END - START" of
                             DOC's profile.window
  index DOC NAME             the index of DOC's thread NAME
"""
import json
import sys


def load(path):
    return json.load(open(path, encoding="utf-8"))


def schema(doc, schema_path):
    import jsonschema
    jsonschema.Draft202012Validator(load(schema_path)).validate(load(doc))
    return []


def threads(doc_path, table_path, folded_path):
    doc = load(doc_path)
    table = [l.split() for l in open(table_path).read().splitlines()[1:]]
    folded = {}
    for line in open(folded_path):
        frames, n = line.rsplit(" ", 1)
        root = frames.split(";")[0]
        folded[root] = folded.get(root, 0) + int(n)
    name = {f["id"]: f["name"] for f in doc["functions"]}
    rows = {t["name"]: t for t in doc.get("threads", [])}
    w = doc["profile"].get("window")
    bad = []
    if w is None or w["seq"] != 1 or w["snapshot"]:
        bad.append("window %s" % w)
        w = None
    for r in table:
        t = rows.get(r[1])
        if t is None:
            bad.append("no row " + r[1])
            continue
        got = [str(t["tid"]), t["name"], str(t["threads"]),
               "%.3f" % t["cpu_seconds"], "%.3f" % t["sampled_seconds"],
               str(t["calls"]), name.get(t["busiest_function"], "-")]
        if got != [r[0], r[1], r[2], r[3], r[4], r[6], r[7]]:
            bad.append("%s: %s, --threads %s" % (r[1], got, r))
        s = sum(e["self_samples"] for e in t["functions"]) + \
            t["self_samples_elsewhere"]
        if s != t["stack_samples"] or \
                t["stack_samples"] != folded.get(t["name"], 0):
            bad.append("%s: self samples %d, stack samples %d, folded %d" %
                       (t["name"], s, t["stack_samples"],
                        folded.get(t["name"], 0)))
        if w and not w["start_ns"] <= t["first_ns"] <= t["last_ns"] <= \
                w["end_ns"]:
            bad.append("%s lies outside the window" % t["name"])
    if len(rows) != len(table) or "thread_selection" in doc:
        bad.append("%d rows for %d, selection %s" %
                   (len(rows), len(table), doc.get("thread_selection")))
    return bad


def selection(doc_path, want):
    doc = load(doc_path)
    rows = [t for t in doc["threads"] if t["name"] == want]
    picked = [t["index"] for t in doc["threads"] if t["selected"]]
    if doc.get("thread_selection") != picked or \
            [t["index"] for t in rows] != picked:
        return ["thread_selection %s, picked %s" %
                (doc.get("thread_selection"), picked)]
    if sum(f["self_samples"] for f in doc["functions"]) != \
            rows[0]["stack_samples"]:
        return ["the document's samples are not %s's stack samples" % want]
    return []


def window(doc_path):
    w = load(doc_path)["profile"]["window"]
    print("time %d\nduration %d" % (w["start_ns"], w["end_ns"] - w["start_ns"]))
    return []


def index(doc_path, want):
    print([t["index"] for t in load(doc_path)["threads"]
           if t["name"] == want][0])
    return []


checks = {"schema": schema, "threads": threads, "selection": selection,
          "window": window, "index": index}
why = checks[sys.argv[1]](*sys.argv[2:])
if why:
    print("; ".join(why))
