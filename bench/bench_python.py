#!/usr/bin/env python3
"""Time per call of composition and logical_divide from Python (tessel module)
beside the same engine calls made in C++ (engine::composition /
engine::logical_divide in a C++ loop, tessel._tessel._engine_ns_per_call), in
one run of one process.

usage: PYTHONPATH=build/python python3 bench/bench_python.py [--quick]
"""
import os
import platform
import statistics
import sys
import time
import timeit

import tessel
from tessel import _tessel

CASES = [
    ("composition", "(2,6,10,14):(840,140,14,1)", "60:4"),
    ("composition", "(12,(4,8)):(59,(13,1))", "<3:4,8:2>"),
    ("composition", "((4,2),(8,4)):((1,4),(8,64))", "(4,8):(2,16)"),
    ("logical_divide", "(9,(4,8)):(59,(13,1))", "<3:3,(2,4):(1,8)>"),
    ("logical_divide", "(128,64):(1,128)", "<16:1,8:1>"),
    ("logical_divide", "24:1", "4:1"),
]


def best_ns(stmt, number, repeat=5):
    return min(timeit.repeat(stmt, number=number, repeat=repeat)) / number * 1e9


def main():
    quick = "--quick" in sys.argv
    n_py = 20000 if quick else 200000
    n_cpp = 200000 if quick else 2000000
    print("date: %s UTC" % time.strftime("%Y-%m-%d %H:%M", time.gmtime()))
    print("python: %s %s; load average before: %s" % (
        platform.python_implementation(), platform.python_version(), " ".join("%.2f" % x for x in os.getloadavg())))
    print("| call = result | Python: f(A, B), A and B parsed once (ns) | Python: f(Layout(shape, stride), B), A built in the call (ns) | C++: the engine call in a C++ loop (ns) | Python / C++ |")
    print("|---|---|---|---|---|")
    for op, a, b in CASES:
        A, B = tessel.parse(a), tessel.parse(b)
        f = getattr(tessel, op)
        ref = f(A, B)
        # the same call with Python values: tuples of ints instead of parsed objects
        shape, stride = A.shape, A.stride
        t_obj = best_ns(lambda: f(A, B), n_py, 7)
        t_tup = best_ns(lambda: f(tessel.Layout(shape, stride), B), n_py, 7)
        t_cpp = min(_tessel._engine_ns_per_call(op, A, B, n_cpp) for _ in range(7))
        assert str(f(A, B)) == str(ref)
        print("| %s(%s, %s) = %s | %.0f | %s | %.0f | %.1f |" % (
            op, a, b, ref, t_obj, "%.0f" % t_tup, t_cpp, t_obj / t_cpp))
    print("load average after: %s" % " ".join("%.2f" % x for x in os.getloadavg()))


if __name__ == "__main__":
    main()
