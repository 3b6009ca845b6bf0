#!/usr/bin/env python3
"""The layering of include/tessel: every header includes only headers of its
own layer or of layers below it, and the include graph has no cycle.

Layers, bottom to top (docs/ARCHITECTURE in README's folder list):
  config.hpp (and cute_macros.hpp), numeric/ (number types) -> int/ -> tuple/
  -> layout/ -> engine/ -> algebra/ -> tensor/ -> container/ -> swizzle/ ->
  atom/ -> kernels/; text/ stands beside them (it may use any
  of them, none of them uses it); tessel.hpp includes the typed layers.
Usage: check_layers.py INCLUDE_DIR   (prints what is wrong; exit 1 if anything is)
"""
import os
import re
import sys

ORDER = ["config", "numeric", "int", "tuple", "layout", "engine", "algebra", "tensor", "container", "swizzle", "atom",
         "kernels", "text", "tessel", "compat"]


def layer_of(rel):
    top = rel.split("/")[0]
    if top in ("config.hpp", "cute_macros.hpp"):
        return "config"
    if top == "tessel.hpp":
        return "tessel"
    return top


def main():
    root = os.path.abspath(sys.argv[1])  # .../include/tessel
    headers = {}
    for d, _, files in os.walk(root):
        for f in files:
            if f.endswith((".hpp", ".cuh", ".h")):
                p = os.path.join(d, f)
                headers[os.path.relpath(p, root).replace(os.sep, "/")] = p
    errors = []
    graph = {}
    for rel, path in sorted(headers.items()):
        deps = []
        for line in open(path, encoding="utf-8"):
            m = re.match(r'\s*#\s*include\s*([<"])([^>"]+)[>"]', line)
            if not m:
                continue
            inc = m.group(2)
            if m.group(1) == '"':
                target = os.path.normpath(os.path.join(os.path.dirname(rel), inc)).replace(os.sep, "/")
            elif inc.startswith("tessel/"):
                target = inc[len("tessel/"):]
            else:
                continue  # the standard library, CUDA
            if target not in headers:
                errors.append(f"{rel}: includes {inc}, which is not a header of the library")
                continue
            deps.append(target)
            lo, hi = layer_of(rel), layer_of(target)
            if lo not in ORDER or hi not in ORDER:
                errors.append(f"{rel}: unknown layer ({lo} or {hi}): add it to ORDER")
            elif ORDER.index(hi) > ORDER.index(lo):
                errors.append(f"{rel} (layer {lo}) includes {target} (layer {hi}, above it)")
        graph[rel] = deps
    # Cycles: depth-first search with colours.
    colour = {}

    def visit(n, stack):
        colour[n] = 1
        stack.append(n)
        for m in graph.get(n, []):
            if colour.get(m) == 1:
                errors.append("include cycle: " + " -> ".join(stack[stack.index(m):] + [m]))
            elif colour.get(m) is None:
                visit(m, stack)
        stack.pop()
        colour[n] = 2

    for n in sorted(graph):
        if colour.get(n) is None:
            visit(n, [])
    for e in errors:
        print("layers: " + e)
    print(f"layers: {len(headers)} headers, {sum(len(v) for v in graph.values())} includes, {len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
