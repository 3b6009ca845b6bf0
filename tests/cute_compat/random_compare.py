#!/usr/bin/env python3
"""Random comparison of tessel's layout algebra with CuTe's.

usage: random_compare.py CUTLASS_DIR TESSEL_CLI [--count N] [--seed S] [--batch B]
                         [--work DIR] [--jobs J] [--show N] [--json OUT]

Generates N random expressions (coalesce, composition, complement, the four
divides and six products, left/right_inverse) over layouts of rank <= 3 with
nested shapes, zero and negative strides, integer, tuple and by-mode tilers;
compiles them against CuTe (CUTLASS_DIR/include, g++ -std=c++17, all integers
static, as the conformance cases are: under WORK, default /tmp/tessel_rc) in
batches of B expressions per translation unit, one function each; an
expression that CuTe refuses at compile time (a static assertion: an
inadmissible input) is taken out of its batch and recorded as CuTe's error.
Each expression is then evaluated with `TESSEL_CLI eval EXPR`, and the answers
are compared with the static marks `_` removed (as the conformance checker
does); differences in the static marks alone are counted apart.

Where the two differ, ../../shared/conformance/checker.py (when found beside
the repository, or given by --checker) judges which answer is mathematically
right; the report lists every difference with that judgement.

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
from concurrent.futures import ThreadPoolExecutor

# ---- random values ------------------------------------------------------------------------------


class Rand:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def shape_leaf(self):
        return self.r.choice([1, 1, 2, 2, 2, 3, 4, 4, 5, 6, 8, 2, 3, 4])

    def shape_tree(self, depth=0):
        """A shape mode: a leaf, or (at most two levels down) a tuple of 1..3 modes."""
        if depth < 2 and self.r.random() < (0.3 if depth == 0 else 0.15):
            n = self.r.choice([1, 2, 2, 3])
            return tuple(self.shape_tree(depth + 1) for _ in range(n))
        return self.shape_leaf()

    def layout(self, max_rank=3):
        rank = self.r.choice([1, 1, 2, 2, 3][: 2 + max_rank])
        as_int = rank == 1 and self.r.random() < 0.5
        shape = self.shape_tree() if as_int else tuple(self.shape_tree(1) for _ in range(rank))
        leaves = flatten(shape)
        kind = self.r.random()
        n = len(leaves)
        if kind < 0.45:  # compact in a random order, with gaps and signs now and then
            order = list(range(n))
            self.r.shuffle(order)
            strides = [0] * n
            cur = 1
            for k in order:
                if self.r.random() < 0.15:
                    cur *= self.r.choice([2, 3])
                strides[k] = cur
                cur *= leaves[k]
            if self.r.random() < 0.2:
                for k in range(n):
                    if self.r.random() < 0.5:
                        strides[k] = -strides[k]
            if self.r.random() < 0.15:
                strides[self.r.randrange(n)] = 0
        elif kind < 0.8:
            strides = [self.r.choice([0, 1, 1, 2, 3, 4, 6, 8, 12, 16, -1, -2]) for _ in range(n)]
        else:
            strides = [self.r.randint(-12, 30) for _ in range(n)]
        return (shape, unflatten(strides, shape))

    def tiler(self, A):
        """A tiler for A: a layout, an integer, a tuple of integers, or a by-mode <...>."""
        k = self.r.random()
        if k < 0.35:
            return ("layout", self.layout(max_rank=2))
        if k < 0.5:
            return ("int", self.r.choice([1, 2, 3, 4, 6, 8]))
        rank_a = rank(A)
        m = self.r.randint(1, rank_a)
        if k < 0.7:
            return ("tuple", tuple(self.r.choice([1, 2, 3, 4]) for _ in range(m)))
        entries = []
        for i in range(m):
            c = self.r.random()
            if c < 0.15:
                entries.append(("under",))
            elif c < 0.35:
                entries.append(("int", self.r.choice([1, 2, 3, 4])))
            else:
                entries.append(("layout", self.layout(max_rank=1 if self.r.random() < 0.7 else 2)))
        return ("bymode", entries)

    def expr(self):
        op = self.r.choice(OPS)
        A = self.layout()
        if op == "coalesce":
            return ("coalesce", [("layout", A)])
        if op in ("left_inverse", "right_inverse"):
            return (op, [("layout", A)])
        if op == "complement":
            c = self.r.random()
            if c < 0.4:
                return (op, [("layout", A)])
            if c < 0.75:
                return (op, [("layout", A), ("int", self.r.choice([1, 2, 4, 8, 12, 16, 24, 30, 32, 64, 100]))])
            return (op, [("layout", A), ("tuple", tuple(self.r.choice([2, 3, 4, 8]) for _ in range(self.r.randint(1, 3))))])
        if op in ("blocked_product", "raked_product"):
            return (op, [("layout", A), ("layout", self.layout())])
        return (op, [("layout", A), self.tiler(A)])


OPS = ["coalesce", "composition", "composition", "complement", "left_inverse", "right_inverse",
       "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
       "logical_product", "zipped_product", "tiled_product", "flat_product",
       "blocked_product", "raked_product"]


def flatten(t):
    return [x for y in t for x in flatten(y)] if isinstance(t, tuple) else [t]


def unflatten(flat, prof):
    it = iter(flat)

    def go(p):
        return tuple(go(q) for q in p) if isinstance(p, tuple) else next(it)
    return go(prof)


def rank(L):
    return len(L[0]) if isinstance(L[0], tuple) else 1

# ---- text (tessel eval) and C++ (CuTe) --------------------------------------------------------


def t_int(v):
    return str(v)


def t_tuple(t):
    return "(" + ",".join(t_tuple(x) for x in t) + ")" if isinstance(t, tuple) else t_int(t)


def t_value(v):
    kind = v[0]
    if kind == "layout":
        return t_tuple(v[1][0]) + ":" + t_tuple(v[1][1])
    if kind == "int":
        return t_int(v[1])
    if kind == "tuple":
        return t_tuple(v[1])
    if kind == "under":
        return "_"
    if kind == "bymode":
        return "<" + ",".join(t_value(e) for e in v[1]) + ">"
    raise ValueError(kind)


def text_of(e):
    return e[0] + "(" + ",".join(t_value(a) for a in e[1]) + ")"


def c_int(v):
    return "Int<%d>{}" % v


def c_tuple(t):
    if isinstance(t, tuple):
        return "make_tuple(" + ",".join(c_tuple(x) for x in t) + ")"
    return c_int(t)


def c_value(v):
    kind = v[0]
    if kind == "layout":
        return "make_layout(%s,%s)" % (c_tuple(v[1][0]), c_tuple(v[1][1]))
    if kind == "int":
        return c_int(v[1])
    if kind == "tuple":
        return c_tuple(v[1])
    if kind == "under":
        return "_"
    if kind == "bymode":
        return "make_tile(" + ",".join(c_value(e) for e in v[1]) + ")"
    raise ValueError(kind)


def cpp_of(e):
    return "%s(%s)" % (e[0], ",".join(c_value(a) for a in e[1]))


DRIVER_HEAD = """// generated by tests/cute_compat/random_compare.py
#include <cstdio>
#include <cstdlib>
#include <cute/layout.hpp>
#include <cute/tensor.hpp>
using namespace cute;
"""


def write_driver(path, items):
    """items: [(index, expr)]. Returns {line: index} for the lines of each function."""
    lines = DRIVER_HEAD.splitlines()
    owner = {}
    for idx, e in items:
        lines.append("void e%d() {" % idx)
        owner[len(lines)] = idx
        lines.append("  auto r = %s;" % cpp_of(e))
        owner[len(lines)] = idx
        lines.append('  printf("R %d "); print(r); printf("\\n");' % idx)
        owner[len(lines)] = idx
        lines.append("}")
    # main(argc, argv): runs the functions from position argv[1] on (after a
    # crash, the rest of the batch runs again without the one that crashed)
    lines.append("int main(int argc, char** argv) {")
    lines.append("  static void (*const f[])() = {%s};" % ", ".join("e%d" % idx for idx, _ in items))
    lines.append("  for (int k = argc > 1 ? atoi(argv[1]) : 0; k < %d; ++k) { f[k](); fflush(stdout); }" % len(items))
    lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return owner


def compile_batch(cutlass, work, b, items):
    """Compile and run one batch; returns ({index: printed}, {index: error text})."""
    src = os.path.join(work, "b%d.cpp" % b)
    exe = os.path.join(work, "b%d" % b)
    errors = {}
    items = list(items)
    for _ in range(8):
        if not items:
            break
        owner = write_driver(src, items)
        p = subprocess.run(["g++", "-std=c++17", "-O0", "-w", "-I" + os.path.join(cutlass, "include"),
                            "-I/usr/local/cuda/include", "-I/usr/local/cuda/include/cccl", src, "-o", exe],
                           capture_output=True, text=True)
        if p.returncode == 0:
            break
        bad = {}
        for m in re.finditer(re.escape(src) + r":(\d+):\d+:([^\n]*)", p.stderr):
            line = int(m.group(1))
            if line in owner:
                bad.setdefault(owner[line], m.group(2).strip())
        if not bad:
            raise RuntimeError("batch %d: a compile error outside the expressions:\n%s" % (b, p.stderr[:3000]))
        msgs = {}
        for m in re.finditer(r"(static assertion failed[^\n]*|error: [^\n]*)", p.stderr):
            msgs.setdefault("first", m.group(1))
        for idx in bad:
            errors[idx] = "compile error"
        items = [(i, e) for i, e in items if i not in bad]
    out, crashed = run_driver(exe, [i for i, _ in items])
    for idx, status in crashed.items():
        errors[idx] = "crashed at run time (status %d)" % status
    return out, errors


def run_driver(exe, ids):
    """Run a driver that prints `R i value` for its expressions ids in order, from the position
    given as its argument; after a crash, again past the expression that crashed. Returns
    ({i: value}, {i: exit status of the crash})."""
    out, crashed, pos = {}, {}, 0
    while ids and pos < len(ids):
        r = subprocess.run([exe, str(pos)], capture_output=True, text=True, timeout=120)
        for line in r.stdout.splitlines():
            if line.startswith("R "):
                _, idx, val = line.split(" ", 2)
                out[int(idx)] = val.strip()
        if r.returncode == 0:
            break
        while pos < len(ids) and ids[pos] in out:
            pos += 1
        if pos < len(ids):  # this one crashed at run time
            crashed[ids[pos]] = r.returncode
            pos += 1
    return out, crashed


class Parser:
    """Reads an expression of the text syntax back (op(args) over layouts, integers, tuples, <...>, _)."""

    def __init__(self, s):
        self.s, self.p = s.replace(" ", ""), 0

    def peek(self):
        return self.s[self.p] if self.p < len(self.s) else ""

    def eat(self, c):
        assert self.peek() == c, (self.s, self.p, c)
        self.p += 1

    def tup(self):
        if self.peek() == "(":
            self.eat("(")
            xs = [self.tup()]
            while self.peek() == ",":
                self.eat(",")
                xs.append(self.tup())
            self.eat(")")
            return tuple(xs)
        m = re.compile(r"_?(-?\d+)").match(self.s, self.p)
        self.p = m.end()
        return int(m.group(1))

    def value(self):
        if self.peek() == "<":
            self.eat("<")
            xs = [self.value()]
            while self.peek() == ",":
                self.eat(",")
                xs.append(self.value())
            self.eat(">")
            return ("bymode", xs)
        if self.peek() == "_" and not re.match(r"_-?\d", self.s[self.p:]):
            self.eat("_")
            return ("under",)
        t = self.tup()
        if self.peek() == ":":
            self.eat(":")
            return ("layout", (t, self.tup()))
        return ("tuple", t) if isinstance(t, tuple) else ("int", t)

    def expr(self):
        m = re.compile(r"[a-z_]+").match(self.s, self.p)
        self.p = m.end()
        self.eat("(")
        args = [self.value()]
        while self.peek() == ",":
            self.eat(",")
            args.append(self.value())
        self.eat(")")
        return (m.group(0), args)


def strip_marks(s):
    return re.sub(r"_(?=-?\d)", "", s.replace(" ", ""))


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("cutlass")
    ap.add_argument("cli")
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--batch", type=int, default=150)
    ap.add_argument("--work", default="/tmp/tessel_rc")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--show", type=int, default=1000)
    ap.add_argument("--json", default=None)
    ap.add_argument("--judge-all", action="store_true", help="judge every answer of tessel (default: those with a negative integer)")
    ap.add_argument("--cute-cache", default=None, help="a JSON file keeping CuTe's answers (read if it exists)")
    ap.add_argument("--exprs", default=None, help="a file of expressions (one a line) instead of random ones")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--checker", default=os.path.normpath(os.path.join(here, "../../../shared/conformance")))
    a = ap.parse_args(argv[1:])
    os.makedirs(a.work, exist_ok=True)
    g = Rand(a.seed)
    exprs, seen = [], set()
    if a.exprs:
        exprs = [Parser(l.strip()).expr() for l in open(a.exprs) if l.strip() and not l.startswith("#")]
        a.count = len(exprs)
    while len(exprs) < a.count:
        e = g.expr()
        t = text_of(e)
        if t not in seen:
            seen.add(t)
            exprs.append(e)
    batches = [list(enumerate(exprs))[i:i + a.batch] for i in range(0, len(exprs), a.batch)]
    cute_out, cute_err = {}, {}
    if a.cute_cache and os.path.exists(a.cute_cache):
        cache = json.load(open(a.cute_cache))
        for i, e in enumerate(exprs):
            t = text_of(e)
            if t in cache:
                if cache[t] is None:
                    cute_err[i] = "compile error or crash"
                else:
                    cute_out[i] = cache[t]
        batches = [[(i, e) for i, e in b if i not in cute_out and i not in cute_err] for b in batches]
        batches = [b for b in batches if b]
    with ThreadPoolExecutor(a.jobs) as ex:
        for o, er in ex.map(lambda bi: compile_batch(a.cutlass, a.work, bi[0] + a.seed * 1000, bi[1]), enumerate(batches)):
            cute_out.update(o)
            cute_err.update(er)
    if a.cute_cache:
        cache = json.load(open(a.cute_cache)) if os.path.exists(a.cute_cache) else {}
        for i, e in enumerate(exprs):
            if i in cute_out or i in cute_err:
                cache[text_of(e)] = cute_out.get(i)
        json.dump(cache, open(a.cute_cache, "w"))
    judge = None
    if os.path.exists(os.path.join(a.checker, "checker.py")):
        sys.path.insert(0, a.checker)
        import checker as judge
    stats = {"count": len(exprs), "same": 0, "same_but_marks": 0, "both_error": 0, "differ": 0}
    diffs, marks, wrong = [], [], []
    for i, e in enumerate(exprs):
        t = text_of(e)
        p = subprocess.run([a.cli, "eval", t], capture_output=True, text=True, timeout=30)
        ours = p.stdout.strip() if p.returncode == 0 and p.stdout.strip() else None
        ours_err = (p.stderr.strip().splitlines() or [""])[0] if ours is None else None
        cute = cute_out.get(i)
        if cute is None and i not in cute_err:
            cute_err[i] = "no output (crashed?)"
        if cute is None and ours is None:
            stats["both_error"] += 1
            continue
        if judge is not None and ours is not None and (a.judge_all or "-" in t):
            try:
                ok_t, why_t, _ = judge.math_judge(t, strip_marks(ours))
                if ok_t is False:
                    wrong.append((t, ours, why_t))
            except Exception:
                pass
        if cute is not None and ours is not None and strip_marks(cute) == strip_marks(ours):
            if cute.replace(" ", "") == ours.replace(" ", ""):
                stats["same"] += 1
            else:
                stats["same_but_marks"] += 1
                marks.append((t, cute, ours))
            continue
        stats["differ"] += 1
        verdict = ""
        if judge is not None:
            try:
                ok_c, why_c, adm = judge.math_judge(t, strip_marks(cute) if cute else None)
                ok_t, why_t, _ = judge.math_judge(t, strip_marks(ours) if ours else None)
                verdict = "cute %s (%s); tessel %s (%s)" % (
                    "right" if ok_c else "WRONG" if ok_c is False else "?", why_c,
                    "right" if ok_t else "WRONG" if ok_t is False else "?", why_t)
            except Exception as ex:  # the judge does not know this expression
                verdict = "no judgement (%s)" % ex
        diffs.append({"expr": t, "cute": cute if cute is not None else "ERROR (%s)" % cute_err.get(i),
                      "tessel": ours if ours is not None else "ERROR (%s)" % ours_err, "judge": verdict})
    for d in diffs[: a.show]:
        print("DIFF %s\n  cute:   %s\n  tessel: %s\n  judge:  %s" % (d["expr"], d["cute"], d["tessel"], d["judge"]))
    for t, c, o in marks[: min(a.show, 20)]:
        print("MARKS %s  cute %s  tessel %s" % (t, c, o))
    for t, o, why in wrong:
        print("TESSEL WRONG %s -> %s (%s)" % (t, o, why))
    stats["tessel_judged_wrong"] = len(wrong)
    print("%(count)d expressions: %(same)d same, %(same_but_marks)d same apart from static marks, "
          "%(both_error)d refused by both, %(differ)d differ; tessel judged wrong: %(tessel_judged_wrong)d" % stats)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"stats": stats, "diffs": diffs, "marks": marks}, f, indent=1)
    return 0 if stats["differ"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
