#!/usr/bin/env python3
"""gallery.py SEEDS OUT: the spec documents' worked examples
(examples/seed_expressions.txt, one expression a line) as the page's gallery,
grouped by the operation called: {"source": ..., "groups": [{"name", "exprs"}]}."""
import json, re, sys

def main(src, out):
    groups, order, source = {}, [], ""
    for line in open(src, encoding="utf-8"):
        line = line.strip()
        if line.startswith("#"):
            source = source or line.lstrip("# ").strip()
            continue
        if not line:
            continue
        m = re.match(r"([A-Za-z_][A-Za-z_0-9]*)\(", line)
        name = m.group(1) if m else "layouts"
        if name not in groups:
            groups[name] = []
            order.append(name)
        groups[name].append(line)
    doc = {"source": source, "groups": [{"name": n, "exprs": groups[n]} for n in order]}
    with open(out, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
