"""Where pycute (CUTLASS's python/pycute) is known to be wrong, tessel gives the exact
answer or a named error. Each answer is also judged by the independent checker
(../shared/conformance/checker.py, written from the definitions)."""
import sys

import pytest

import tessel
from conftest import CONFORMANCE
from tessel import AdmissibilityError, Layout


@pytest.fixture(scope="module")
def judge():
    sys.path.insert(0, CONFORMANCE)
    try:
        import checker
    finally:
        sys.path.pop(0)

    def run(expr, answer):
        ok, why, _ = checker.math_judge(expr, answer)
        # None: the checker cannot decide ("gray"); the test's own assertions stand
        assert ok or ok is None, "%s -> %s: %s" % (expr, answer, why)

    return run


# pycute's composition has no conditions: it divides shapes by strides with
# shape_div, which asserts when neither divides the other, so a B of size 1
# with such a stride fails (and an inadmissible B returns a wrong layout).
@pytest.mark.parametrize("A", ["(4,6):(2,3)", "(4,6,8):(2,3,5)", "(3,5):(1,7)", "(2,2):(1,4)"])
@pytest.mark.parametrize("stride", [2, 3, 5, 7])
def test_composition_with_a_size1_layout(A, stride, judge):
    expr = "composition(%s,1:%d)" % (A, stride)
    R = tessel.composition(tessel.parse(A), Layout(1, stride))
    assert R.size() == 1 and R(0) == 0
    judge(expr, str(R))


def test_composition_size1_exact_values():
    # a static size-1 B keeps the stride CuTe's walk leaves (CuTe 4.x prints _1:_3 here)
    assert str(tessel.composition(tessel.parse("(4,6):(2,3)"), Layout(1, 3))) == "_1:_3"
    # a size-1 mode inside B keeps B's shape, and the values are A's: A(0), A(12)
    R = tessel.composition(tessel.parse("(4,6,8):(2,3,5)"), tessel.parse("(2,1):(12,5)"))
    assert str(R).startswith("(_2,_1):(_9,") and R.values().tolist() == [0, 9]


def test_composition_inadmissible_is_named(judge):
    # pycute silently returns (2,3):(6,3); no layout is A(3i) for i < 6
    A = tessel.parse("(4,6,8):(2,3,5)")
    with pytest.raises(AdmissibilityError) as info:
        tessel.composition(A, Layout(6, 3))
    e = info.value
    assert isinstance(e, ValueError)
    assert e.operation == "composition" and e.code == "stride_divisibility"
    assert e.numbers == (3, 4, 0) and e.details == {"stride": 3, "shape": 4, "mode": 0}
    assert "stride divisibility" in str(e) and "[B's remaining stride 3 vs shape 4" in str(e)
    judge("composition((4,6,8):(2,3,5),6:3)", None)


def test_logical_product_with_an_integer_tiler(judge):
    # pycute's logical_product(A, int) calls logical_divide
    A = tessel.parse("(2,2):(1,2)")
    P = tessel.logical_product(A, 3)
    assert str(P) == "((_2,_2),_3):((_1,_2),_4)"
    assert P != tessel.logical_divide(A, 3)
    judge("logical_product((2,2):(1,2),3)", str(P))


@pytest.mark.parametrize("expr", [
    "logical_product(2:1,(2,2):(1,4))",            # a tiler with holes (cosize 7 > size 4)
    "logical_product((2,2):(1,4),(2,2):(1,4))",
    "logical_product(4:1,3:2)",
    "blocked_product((2,2):(1,2),(2,2):(2,1))",    # not in pycute
    "raked_product((2,2):(1,2),(2,2):(2,1))",      # not in pycute
    "zipped_product((2,5):(5,1),(3,4))",           # pycute: ((3,4),(1,2)):((5,1),(0,4))
    "tiled_product((2,5):(5,1),(3,4))",
    "raked_product(4:1,((6,1)):((1,0)))",          # a stride-0 size-1 mode in B (CuTe refuses it)
])
def test_products_with_non_compact_tilers(expr, judge):
    v = tessel.eval(expr)
    judge(expr, str(v))


@pytest.mark.parametrize("expr,code", [
    ("logical_product(((1,2)):((2,5)),(2,4,2):(4,1,0))", "not_distributive"),  # pycute asserts; CuTe is wrong
    ("complement((2,2):(1,1))", "not_injective"),       # pycute returns a layout
    ("complement((2,2):(2,3))", "complement_chain"),    # pycute returns a layout
    ("complement((4,6):(1,6),72)", "complement_postcondition"),  # pycute returns 2:36, which ends at 70
])
def test_named_errors(expr, code, judge):
    with pytest.raises(AdmissibilityError) as info:
        tessel.eval(expr)
    assert info.value.code == code
    judge(expr, None)


def test_zipped_product_tuple_tiler():
    # the shape (3,4) as a tiler means <3:1,4:1>, mode by mode (pycute reads it as a layout)
    P = tessel.zipped_product(tessel.parse("(2,5):(5,1)"), (3, 4))
    assert str(P) == "((_2,_5),(_3,_4)):((_5,_1),(_1,_5))"


# Past size(A), A goes on along its last mode as written, even a size-1 one
# (docs/ADMISSIBILITY.md; CuTe: composition(1:1, 4:1) is (_4):(_1)): composition(1:1, 2:1)
# is _2:_1.
@pytest.mark.parametrize("expr", ["composition(1:1,2:1)", "composition((2,1):(1,5),4:1)", "composition((2,1):(0,1),3:1)"])
def test_composition_reads_A_past_its_size_as_written(expr, judge):
    try:
        answer = str(tessel.eval(expr))
    except AdmissibilityError:
        answer = None
    judge(expr, answer)
