#!/usr/bin/env python3
"""Random comparison of the typed library's dynamic path with CuTe's.

usage: dynamic_compare.py CUTLASS_DIR [--mode dyn|mix] [--count N] [--seed S]
                          [--batch B] [--work DIR] [--cute-cache FILE]
                          [--json OUT] [--checker DIR] [--show N]

random_compare.py compares `tessel eval`, where every integer is static. This
script compares the typed library with dynamic integers: the same random
expressions (random_compare.Rand, seed S), each written as C++ with the
integers of its layouts dynamic (`int(3)`; --mode mix: each integer dynamic or
static at random), tilers' integers static (CuTe's by-mode tilers are types).
One driver per batch of B expressions is compiled (g++ -std=c++20 -O0) against
CuTe (CUTLASS_DIR/include, with CUDA's headers from --cuda-include) and,
unchanged, against tessel's drop-in (include/tessel/compat of this checkout,
or --tessel-include), run, and the printed results compared with the static
marks `_` removed. A tessel error (tessel::error) is caught and printed; an
expression that does not compile, or that crashes, is taken out of its batch
and counted as that side refusing it.

Every difference is judged with ../../shared/conformance/checker.py (found
beside the repository, or --checker): which answer is mathematically right.
Each row of the report: the outcome, the judgement (cute, tessel), the C++
expression and the two answers.

Nothing of CUTLASS is copied: the driver includes CuTe's headers from the
checkout given on the command line, and everything is built under WORK.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import random_compare as rc  # noqa: E402

HEAD = """#include <cstdio>
#include <cstdlib>
#include <exception>
#include <cute/layout.hpp>
#include <cute/tensor.hpp>
using namespace cute;
"""

REFUSED = ("compile error", "crash", "missing")


class Writer:
    """C++ of an expression of random_compare.Rand, the layouts' integers dynamic (or, in mix mode, each
    dynamic or static with probability 1/2, drawn in the order the expressions are written)."""

    def __init__(self, mode, seed):
        self.mode = mode
        self.r = random.Random(seed + 1)

    def layout_int(self, v):
        if self.mode == "dyn" or self.r.random() < 0.5:
            return "int(%d)" % v
        return "Int<%d>{}" % v

    def tuple(self, t):
        if isinstance(t, tuple):
            return "make_tuple(" + ",".join(self.tuple(x) for x in t) + ")"
        return self.layout_int(t)

    def value(self, v):
        k = v[0]
        if k == "layout":
            return "make_layout(%s,%s)" % (self.tuple(v[1][0]), self.tuple(v[1][1]))
        if k == "int":
            return "Int<%d>{}" % v[1]
        if k == "tuple":
            if isinstance(v[1], tuple):
                return "make_tuple(" + ",".join("Int<%d>{}" % x for x in v[1]) + ")"
            return "Int<%d>{}" % v[1]
        if k == "under":
            return "_"
        if k == "bymode":
            return "make_tile(" + ",".join(self.value(e) for e in v[1]) + ")"
        raise ValueError(k)

    def expr(self, e):
        return "%s(%s)" % (e[0], ",".join(self.value(a) for a in e[1]))


def write_driver(path, items, codes):
    lines = HEAD.splitlines()
    owner = {}
    for idx in items:
        lines.append("void e%d() {" % idx)
        owner[len(lines)] = idx
        lines.append('  try { auto r = %s; printf("R %d "); print(r); printf("\\n"); }' % (codes[idx], idx))
        owner[len(lines)] = idx
        lines.append('  catch (std::exception const& x) { printf("R %d ERROR %%s\\n", x.what()); }' % idx)
        owner[len(lines)] = idx
        lines.append("}")
    lines.append("int main(int argc, char** argv) {")
    lines.append("  static void (*const f[])() = {%s};" % ", ".join("e%d" % i for i in items))
    lines.append("  for (int k = argc > 1 ? atoi(argv[1]) : 0; k < %d; ++k) { f[k](); fflush(stdout); }" % len(items))
    lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return owner


def build_run(side, a, b, items, codes):
    """Compile the batch against one side, taking out the expressions that do not compile; run it,
    restarting after an expression that crashes. Returns ({i: printed}, {i: why refused})."""
    src = os.path.join(a.work, "%s_b%d.cpp" % (side, b))
    exe = src[:-4]
    inc = ["-I" + a.tessel_include] if side == "tessel" else []
    inc += ["-I" + os.path.join(a.cutlass, "include"), "-I" + a.cuda_include, "-I" + os.path.join(a.cuda_include, "cccl")]
    errors = {}
    items = list(items)
    ok = False
    for _ in range(40):
        if not items:
            break
        owner = write_driver(src, items, codes)
        p = subprocess.run(["g++", "-std=c++20", "-O0", "-w", *inc, src, "-o", exe], capture_output=True, text=True)
        if p.returncode == 0:
            ok = True
            break
        bad = {owner[int(m.group(1))] for m in re.finditer(re.escape(src) + r":(\d+):\d+:", p.stderr)
               if int(m.group(1)) in owner}
        if not bad:
            raise RuntimeError("%s batch %d does not compile:\n%s" % (side, b, p.stderr[:3000]))
        for i in bad:
            errors[i] = "compile error"
        items = [i for i in items if i not in bad]
    if not ok:
        for i in items:
            errors[i] = "compile error"
        items = []
    out, crashed = rc.run_driver(exe, items)
    for i in crashed:
        errors[i] = "crash"
    return out, errors


def strip(s):
    return s if s.startswith("ERROR") or s in REFUSED else s.replace("_", "")


def category(c, t):
    cbad = c in REFUSED
    tbad = t.startswith("ERROR") or t in REFUSED
    if cbad and tbad:
        return "both refuse"
    if cbad:
        return "cute refuses, tessel answers"
    if tbad:
        return "tessel refuses, cute answers"
    if c == t:
        return "same"
    if strip(c) == strip(t):
        return "marks only"
    return "different values"


def verdict(judge, text, v):
    """right / WRONG / ? (the checker cannot tell) / n/a (it does not know the expression)."""
    if v.startswith("ERROR") or v in REFUSED:
        v = None
    try:
        ok, _, _ = judge.math_judge(text, strip(v).replace(" ", "") if v else None)
    except Exception:
        return "n/a"
    return "right" if ok else "WRONG" if ok is False else "?"


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cutlass")
    ap.add_argument("--mode", choices=("dyn", "mix"), default="dyn")
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--work", default=None, help="build folder (default /tmp/tessel_dyn_MODE_SEED)")
    ap.add_argument("--tessel-include", default=os.path.normpath(os.path.join(HERE, "../../include/tessel/compat")))
    ap.add_argument("--cuda-include", default="/usr/local/cuda/include")
    ap.add_argument("--cute-cache", default=None, help="a JSON file keeping CuTe's answers by C++ expression (read if it exists)")
    ap.add_argument("--json", default=None)
    ap.add_argument("--show", type=int, default=1000)
    ap.add_argument("--checker", default=os.path.normpath(os.path.join(HERE, "../../../shared/conformance")))
    a = ap.parse_args(argv[1:])
    a.work = a.work or "/tmp/tessel_dyn_%s_%d" % (a.mode, a.seed)
    os.makedirs(a.work, exist_ok=True)
    gen = rc.Rand(a.seed)
    exprs = [gen.expr() for _ in range(a.count)]
    w = Writer(a.mode, a.seed)
    codes = {i: w.expr(e) for i, e in enumerate(exprs)}
    cache = json.load(open(a.cute_cache)) if a.cute_cache and os.path.exists(a.cute_cache) else {}
    res = {i: {} for i in range(a.count)}
    for b in range(0, a.count, a.batch):
        items = list(range(b, min(a.count, b + a.batch)))
        for side in ("cute", "tessel"):
            todo = [i for i in items if side == "tessel" or codes[i] not in cache]
            out, err = build_run(side, a, b // a.batch, todo, codes) if todo else ({}, {})
            for i in items:
                if side == "cute" and i not in todo:
                    res[i][side] = cache[codes[i]]
                else:
                    res[i][side] = out.get(i, err.get(i, "missing"))
                    if side == "cute":
                        cache[codes[i]] = res[i][side]
        print("batch %d done" % (b // a.batch), file=sys.stderr, flush=True)
    if a.cute_cache:
        with open(a.cute_cache, "w") as f:
            json.dump(cache, f)
    judge = None
    if os.path.exists(os.path.join(a.checker, "checker.py")):
        sys.path.insert(0, a.checker)
        import checker as judge
    cats, rows = Counter(), []
    judged = {}
    for i in range(a.count):
        c, t = res[i]["cute"], res[i]["tessel"]
        k = category(c, t)
        cats[k] += 1
        if k in ("same", "both refuse"):
            continue
        text = rc.text_of(exprs[i])
        j = (verdict(judge, text, c), verdict(judge, text, t)) if judge else ("?", "?")
        judged.setdefault(k, Counter())[j] += 1
        rows.append((k, j, codes[i], text, c, t))
    print("%d expressions (mode %s, seed %d)" % (a.count, a.mode, a.seed))
    for k in ("same", "marks only", "both refuse", "cute refuses, tessel answers", "tessel refuses, cute answers",
              "different values"):
        js = ", ".join("cute %s/tessel %s: %d" % (x, y, n) for (x, y), n in sorted(judged.get(k, {}).items()))
        print("  %-30s %4d  %s" % (k, cats[k], js))
    wrong = [r for r in rows if r[1][1] == "WRONG" and r[1][0] != "WRONG"]
    print("  tessel judged wrong where CuTe is not: %d" % len(wrong))
    for k, j, code, text, c, t in rows[: a.show]:
        if k == "cute refuses, tessel answers" and j[1] == "right":
            continue  # (tessel more general: not listed)
        print("%s | cute %s, tessel %s | %s | %s\n    cute   %s\n    tessel %s" % (k, j[0], j[1], text, code, c, t))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"counts": dict(cats), "judged": {k: {"%s/%s" % x: n for x, n in v.items()} for k, v in judged.items()},
                       "rows": [dict(zip(("category", "judged", "cpp", "expr", "cute", "tessel"), r)) for r in rows]}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
