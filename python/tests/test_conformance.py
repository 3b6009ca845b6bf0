"""Every public conformance case through the module gives the text `tessel eval` prints.

Three routes per case, each compared with the tool's output (or its refusal):
  - tessel.eval_text(expr): the module's text evaluator;
  - the Python API: the call's arguments parsed with tessel.parse and the
    function of that name called on them (str of a Layout, _N for an integer);
  - the independent checker's verdict (../shared/conformance/checker.py) on the API's answer.
"""
import os
import subprocess
import sys

import pytest

import tessel
from conftest import CONFORMANCE, load_cases

CASES = load_cases()


def split_call(expr):
    """'f(a,b)' -> ('f', ['a', 'b']): the arguments split at top-level commas."""
    name, rest = expr.split("(", 1)
    assert rest.endswith(")")
    rest = rest[:-1]
    args, depth, cur = [], 0, ""
    for ch in rest:
        if ch in "(<":
            depth += 1
        elif ch in ")>":
            depth -= 1
        if ch == "," and depth == 0:
            args.append(cur)
            cur = ""
        else:
            cur += ch
    args.append(cur)
    return name.strip(), args


def as_text(v):
    return "_%d" % v if isinstance(v, int) else str(v)


def cli_eval(cli, expr):
    p = subprocess.run([cli, "eval", expr], capture_output=True, text=True, timeout=30)
    return p.returncode, p.stdout.strip()


@pytest.fixture(scope="module")
def checker():
    sys.path.insert(0, CONFORMANCE)
    try:
        import checker as c
    finally:
        sys.path.pop(0)
    return c


def test_cases_present():
    assert len(CASES) >= 100, "the public conformance cases (../shared/conformance/cases_public.jsonl) are missing"


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case, cli, checker):
    expr = case["expr"]
    rc, want = cli_eval(cli, expr)
    assert rc in (0, 2, 3), "tessel eval crashed on %s" % expr

    # 1. the module's evaluator of text
    if rc == 0:
        assert tessel.eval_text(expr) == want
        assert as_text(tessel.eval(expr)) == want
    else:
        err = tessel.AdmissibilityError if rc == 3 else tessel.ParseError
        with pytest.raises(err):
            tessel.eval_text(expr)

    # 2. the Python API: the function of that name on the parsed arguments
    name, arg_texts = split_call(expr)
    args = [tessel.parse(a) for a in arg_texts]
    fn = getattr(tessel, name)
    if rc == 0:
        got = as_text(fn(*args))
        assert got == want
    else:
        with pytest.raises(tessel.AdmissibilityError) as info:
            fn(*args)
        e = info.value
        assert e.code != "unknown" and e.condition and e.operation == name
        assert isinstance(e, ValueError)
        got = None

    # 3. the independent checker judges the API's answer as run_cli.py judges the tool's
    ok, why = checker.verdict(case, None if got is None else got, got is None)
    assert ok, why
