#!/usr/bin/env python3
"""Generate test_algebra_typed_vs_engine.cpp from the public conformance cases.

usage: gen_conformance_typed.py CASES.jsonl [MORE_CASES.jsonl ...] OUT.cpp

(tests/data/cases_negative.jsonl adds cases with negative strides, in the same
format, to the public conformance cases.)

For every case whose inputs the typed library can express, the generated
GTest builds the inputs with STATIC integers (Layout<Shape<...>,Stride<...>>{},
make_tile(...), Shape<...>{} tilers, Int<N>{}), calls the typed function, and
compares tessel::to_string(result) with
  * the run-time engine's result for the same expression text (text::Parser,
    the same engine:: function, text::format): tests/engine_eval.hpp; and
  * where the case's math_ok is true and CuTe printed a result, CuTe's text
    (the `cute` field, which is stored without underscores: compared after
    removing them from ours).
Cases whose input is inadmissible (`admissible` is false: no exact answer
exists) would be compile errors with static integers; they are skipped here
(tests/compile_fail/ covers the kinds of error) and listed: in the generated
file, on stdout, and as run-time tests that the engine refuses them.
"""
import json
import os
import re
import sys


# ---- parsing the expression syntax --------------------------------------------------------

class Unsupported(Exception):
    pass


class _P:
    def __init__(self, s):
        self.s = "".join(ch for ch in s if not ch.isspace())
        self.i = 0

    def peek(self):
        return self.s[self.i] if self.i < len(self.s) else ""

    def eat(self, c):
        if self.peek() != c:
            raise ValueError("expected %r at %d in %r" % (c, self.i, self.s))
        self.i += 1

    def integer(self):
        if self.peek() == "_":
            self.i += 1
        m = re.match(r"-?\d+", self.s[self.i:])
        if not m:
            raise ValueError("expected an integer at %d in %r" % (self.i, self.s))
        self.i += len(m.group())
        return ("int", int(m.group()))

    def inttuple(self):
        if self.peek() == "(":
            self.i += 1
            xs = [self.inttuple()]
            while self.peek() == ",":
                self.i += 1
                xs.append(self.inttuple())
            self.eat(")")
            return ("tuple", xs)
        return self.integer()

    def tiler_entry(self):
        if self.peek() == "_" and not self.s[self.i + 1:self.i + 2].isdigit():
            self.i += 1
            return ("under",)
        return self.value()

    def value(self):
        if self.peek() == "<":
            self.i += 1
            es = [self.tiler_entry()]
            while self.peek() == ",":
                self.i += 1
                es.append(self.tiler_entry())
            self.eat(">")
            return ("tiler", es)
        if self.peek() == "_" and not self.s[self.i + 1:self.i + 2].isdigit():
            self.i += 1
            return ("under",)
        t = self.inttuple()
        if self.peek() == ":":
            self.i += 1
            return ("layout", t, self.inttuple())
        return t

    def expr(self):
        m = re.match(r"[A-Za-z][A-Za-z_0-9]*", self.s[self.i:])
        if m and self.s[self.i + len(m.group()):self.i + len(m.group()) + 1] == "(":
            self.i += len(m.group()) + 1
            args = [self.expr()]
            while self.peek() == ",":
                self.i += 1
                args.append(self.expr())
            self.eat(")")
            return ("call", m.group(), args)
        return self.value()


def parse(s):
    p = _P(s)
    e = p.expr()
    if p.i != len(p.s):
        raise ValueError("trailing text in %r" % s)
    return e


# ---- C++ for static values -----------------------------------------------------------------

def int_t(n):
    return "tessel::Int<%d>" % n


def tuple_t(t):
    if t[0] == "int":
        return int_t(t[1])
    return "tessel::tuple<" + ", ".join(tuple_t(x) for x in t[1]) + ">"


def layout_x(v):
    """A layout argument: a layout, or an integer / IntTuple (its compact layout)."""
    if v[0] == "layout":
        return "tessel::Layout<%s, %s>{}" % (tuple_t(v[1]), tuple_t(v[2]))
    if v[0] == "int":
        return "tessel::Layout<%s, %s>{}" % (int_t(v[1]), int_t(1))
    if v[0] == "tuple":
        return "tessel::Layout<%s>{}" % tuple_t(v)
    raise Unsupported("expected a layout, got %s" % v[0])


def inttuple_x(v):
    if v[0] in ("int", "tuple"):
        return tuple_t(v) + "{}"
    raise Unsupported("expected an integer or IntTuple, got %s" % v[0])


def tiler_x(v, inside=False):
    """A tiler: a layout, an integer N (N:1), an IntTuple (by-mode shape tiler),
    `_`, or <...> (make_tile)."""
    if v[0] == "tiler":
        return "tessel::make_tile(" + ", ".join(tiler_x(e, True) for e in v[1]) + ")"
    if v[0] == "under":
        return "tessel::_"
    if v[0] == "layout":
        return layout_x(v)
    if v[0] == "int":
        return int_t(v[1]) + "{}"
    if v[0] == "tuple":
        if inside:
            # The CLI reads a bare IntTuple inside <...> as one layout entry, the
            # typed library as a nested by-mode tiler: not the same input.
            raise Unsupported("a bare IntTuple inside <...> means different things to the CLI and to make_tile")
        return tuple_t(v) + "{}"
    raise Unsupported("unexpected tiler %s" % v[0])


TILER_OPS = {"composition", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
             "logical_product", "zipped_product", "tiled_product", "flat_product"}


def typed_call(e):
    if e[0] != "call":
        raise Unsupported("not a call")
    _, name, args = e
    for a in args:
        if a[0] == "call":
            raise Unsupported("nested call")
    if name in ("size", "cosize") and len(args) == 1:
        return "tessel::%s(%s)" % (name, layout_x(args[0]))
    if name in ("coalesce", "filter") and len(args) in (1, 2):
        xs = [layout_x(args[0])] + ([inttuple_x(args[1])] if len(args) == 2 else [])
        return "tessel::%s(%s)" % (name, ", ".join(xs))
    if name in ("filter_zeros", "right_inverse", "left_inverse") and len(args) == 1:
        return "tessel::%s(%s)" % (name, layout_x(args[0]))
    if name == "complement" and len(args) in (1, 2):
        xs = [layout_x(args[0])] + ([inttuple_x(args[1])] if len(args) == 2 else [])
        return "tessel::complement(%s)" % ", ".join(xs)
    if name in TILER_OPS and len(args) == 2:
        return "tessel::%s(%s, %s)" % (name, layout_x(args[0]), tiler_x(args[1]))
    if name in ("blocked_product", "raked_product") and len(args) == 2:
        return "tessel::%s(%s, %s)" % (name, layout_x(args[0]), layout_x(args[1]))
    raise Unsupported("no typed form for %s with %d arguments" % (name, len(args)))


def cstr(s):
    return json.dumps(s)  # a valid C++ string literal for ASCII text


def test_name(cid, seen):
    n = re.sub(r"[^A-Za-z0-9]", "_", cid)
    base, k = n, 2
    while n in seen:
        n = "%s_%d" % (base, k)
        k += 1
    seen.add(n)
    return n


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    case_paths, out_path = argv[1:-1], argv[-1]
    cases_path = " ".join(os.path.abspath(p) for p in case_paths)
    cases = []
    for path in case_paths:
        with open(path) as f:
            cases += [json.loads(line) for line in f if line.strip()]

    included, skipped_inadmissible, skipped_unsupported = [], [], []
    for c in cases:
        try:
            call = typed_call(parse(c["expr"]))
        except Unsupported as ex:
            skipped_unsupported.append((c, str(ex)))
            continue
        if c.get("admissible") is False:
            skipped_inadmissible.append(c)
            continue
        included.append((c, call))

    seen = set()
    out = []
    w = out.append
    w("// GENERATED by tests/gen_conformance_typed.py from")
    w("//   %s" % cases_path)
    w("// Do not edit; CMake regenerates it when the cases or the generator change.")
    w("//")
    w("// Each case: the typed library on STATIC integers vs the run-time engine on the")
    w("// same expression text, and vs CuTe's printed result where CuTe is right.")
    w("// %d cases: %d compared, %d skipped as inadmissible (static integers would be a" %
      (len(cases), len(included), len(skipped_inadmissible)))
    w("// compile error; the engine must refuse them), %d not expressible." % len(skipped_unsupported))
    if skipped_inadmissible:
        w("// Skipped, inadmissible:")
        for c in skipped_inadmissible:
            w("//   %-10s %s" % (c["id"], c["expr"]))
    if skipped_unsupported:
        w("// Skipped, not expressible with the typed API:")
        for c, why in skipped_unsupported:
            w("//   %-10s %s  (%s)" % (c["id"], c["expr"], why))
    w("#include <gtest/gtest.h>")
    w("")
    w("#include <string>")
    w("")
    w("#include <tessel/tessel.hpp>")
    w("")
    w('#include "engine_eval.hpp"')
    w("")
    w("namespace {")
    w("")
    w("void check(char const* id, char const* expr, std::string const& typed, char const* cute, bool math_ok) {")
    w("  tessel_test::EngineResult const e = tessel_test::engine_eval(expr);")
    w("  ASSERT_TRUE(e.ok) << id << \": the engine refuses \" << expr << \": \" << e.error;")
    w("  EXPECT_EQ(typed, e.text) << id << \": \" << expr << \" (typed vs engine)\";")
    w("  if (math_ok && cute != nullptr) {")
    w("    EXPECT_EQ(tessel_test::normalize(typed), tessel_test::normalize(cute)) << id << \": \" << expr << \" (typed vs CuTe)\";")
    w("  }")
    w("}")
    w("")
    w("void check_refused(char const* id, char const* expr) {")
    w("  tessel_test::EngineResult const e = tessel_test::engine_eval(expr);")
    w("  EXPECT_FALSE(e.ok) << id << \": \" << expr << \" is inadmissible, but the engine returns \" << e.text;")
    w("}")
    w("")
    w("}  // namespace")
    w("")
    for c, call in included:
        cute = c.get("cute")
        w("// %s%s" % (c["expr"], "" if c.get("math_ok") else "   (CuTe: %s; math_ok false)" % (cute or "error")))
        w("TEST(TypedVsEngine, %s) {" % test_name(c["id"], seen))
        w("  check(%s, %s, tessel::to_string(%s), %s, %s);" % (
            cstr(c["id"]), cstr(c["expr"]), call, cstr(cute) if cute is not None else "nullptr",
            "true" if c.get("math_ok") is True else "false"))
        w("}")
    w("")
    for c in skipped_inadmissible:
        w("TEST(TypedVsEngineInadmissible, %s) { check_refused(%s, %s); }" % (
            test_name(c["id"], seen), cstr(c["id"]), cstr(c["expr"])))
    text = "\n".join(out) + "\n"

    with open(out_path, "w") as f:
        f.write(text)
    print("gen_conformance_typed: %d cases: %d compared, %d inadmissible skipped (%s), %d not expressible%s" % (
        len(cases), len(included), len(skipped_inadmissible),
        " ".join(c["id"] for c in skipped_inadmissible),
        len(skipped_unsupported),
        (" (" + " ".join(c["id"] for c, _ in skipped_unsupported) + ")") if skipped_unsupported else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
