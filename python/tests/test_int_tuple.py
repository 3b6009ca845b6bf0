"""pycute's IntTuple arithmetic in tessel (product, inner_product, prefix_product, shape_div, Integer):
the definitions checked on every small IntTuple, cross-checked with the engine (compact strides,
crd2idx), and the named errors where pycute only asserts."""
import itertools

import numpy as np
import pytest

import tessel
from tessel import AdmissibilityError, Integer, inner_product, prefix_product, product, shape_div


def leaves(t):
    return [y for x in t for y in leaves(x)] if isinstance(t, tuple) else [t]


def rebuild(profile, values):
    """values (a flat list) put back into the nesting of profile."""
    it = iter(values)

    def go(p):
        return tuple(go(x) for x in p) if isinstance(p, tuple) else next(it)
    return go(profile)


# Every profile of at most 4 leaves, nesting at most 2 deep, with leaves from 1..4.
PROFILES = [0, (0,), (0, 0), (0, 0, 0), ((0, 0), 0), (0, (0, 0)), ((0,), 0), ((0, 0), (0, 0)), (0, (0, 0), 0),
            ((0, 0, 0), 0), (0, 0, 0, 0)]


def all_tuples(values=(1, 2, 3, 4)):
    for p in PROFILES:
        n = len(leaves(p))
        for vs in itertools.product(values, repeat=n):
            yield rebuild(p, vs)


def test_pycute_examples():
    # the values pycute's own tests expect (test/python/pycute/test_int_tuple.py) and CuTe's comment
    assert product(2) == 2 and product((3, 2)) == 6 and product(((2, 3), 4)) == 24 and product(()) == 1
    assert inner_product(2, 3) == 6 and inner_product((1, 2), (3, 2)) == 7
    assert inner_product(((2, 3), 4), ((2, 1), 2)) == 15
    assert shape_div((3, 4), 6) == (1, 2) and shape_div((3, 4), 12) == (1, 1) and shape_div((3, 4), 36) == (1, 1)
    assert shape_div(((3, 4), 6), 36) == ((1, 1), 2) and shape_div((6, (3, 4)), 36) == (1, (1, 2))
    assert shape_div((4, 5, 6), 40) == (1, 1, 3)
    assert prefix_product(2) == 1 and prefix_product((3, 2)) == (1, 3) and prefix_product((3, 2, 4)) == (1, 3, 6)
    assert prefix_product(((2, 3), 4)) == ((1, 2), 6)
    assert prefix_product(((2, 3), (2, 1, 2), (5, 2, 1))) == ((1, 2), (6, 12, 12), (24, 120, 240))


def test_product_and_inner_product_of_every_small_tuple():
    for t in all_tuples():
        ls = leaves(t)
        assert product(t) == int(np.prod(ls))
        # every congruent u (same profile, leaves from {1, 3, -2})
        for vs in itertools.product((1, 3, -2), repeat=len(ls)):
            u = rebuild(t, list(vs))
            assert inner_product(t, u) == sum(a * b for a, b in zip(ls, vs))


def test_prefix_product_of_every_small_tuple():
    for t in all_tuples():
        ls = leaves(t)
        for init in (1, 5):
            r = prefix_product(t, init)
            if not isinstance(t, tuple):
                assert r == init
                continue
            # the exclusive colexicographic prefix products of the leaves, in t's nesting
            expect = [init * int(np.prod(ls[:i])) for i in range(len(ls))]
            assert r == rebuild(t, expect)


def test_prefix_product_is_the_engines_compact_stride():
    # make_layout(shape) is the compact column-major layout; its strides are prefix_product(shape)
    # (shapes without 1, where CuTe's make_layout gives static size-1 modes stride 0)
    for t in all_tuples((2, 3, 4)):
        assert tessel.make_layout(t).stride == prefix_product(t)


def test_inner_product_is_the_engines_crd2idx():
    for shp in all_tuples((2, 3)):
        L = tessel.make_layout(shp, tessel.Layout(shp).stride)
        for i in range(product(shp)):
            c = tessel.idx2crd(i, shp)
            assert inner_product(c, prefix_product(shp)) == tessel.crd2idx(c, shp) == L(i)


def test_shape_div_of_integers():
    for a in range(-12, 25):
        for b in range(1, 25):
            if a % b == 0:
                assert shape_div(a, b) * b == a
            elif a != 0 and b % a == 0:
                assert shape_div(a, b) == (1 if a > 0 else 0)
            else:
                with pytest.raises(AdmissibilityError) as e:
                    shape_div(a, b)
                assert e.value.code == "not_divisible" and e.value.numbers == (a, b)
                assert e.value.operation == "shape_div"


def test_shape_div_of_every_small_tuple():
    # a tuple by an int: each leaf divided by what is left of b, b shrinking by each leaf
    for t in all_tuples((1, 2, 3, 4, 6)):
        ls = leaves(t)
        for b in (1, 2, 3, 4, 6, 8, 12, 24, 48):
            expect, rest, ok = [], b, True
            for x in ls:
                if not (x % rest == 0 or rest % x == 0):
                    ok = False
                    break
                expect.append(max(x // rest, 1))
                rest = max(rest // x, 1)
            if ok:
                assert shape_div(t, b) == rebuild(t, expect) if isinstance(t, tuple) else shape_div(t, b) == expect[0]
                # an int by a tuple divides by its product
                assert shape_div(product(t) * b, t) == b
            else:
                with pytest.raises(AdmissibilityError):
                    shape_div(t, b)
    # two tuples: mode by mode
    assert shape_div((6, (4, 3)), (2, 4)) == (3, (1, 3))


def test_named_errors():
    with pytest.raises(AdmissibilityError) as e:
        inner_product((1, 2), (1, 2, 3))
    assert e.value.code == "not_congruent" and e.value.operation == "inner_product"
    with pytest.raises(AdmissibilityError):
        inner_product(2, (1,))
    with pytest.raises(AdmissibilityError):
        inner_product((2,), 1)
    with pytest.raises(AdmissibilityError) as e:
        prefix_product((2, 3), (1, 2, 3))
    assert e.value.code == "not_congruent"
    with pytest.raises(AdmissibilityError):
        prefix_product(2, (1,))
    with pytest.raises(AdmissibilityError):
        shape_div((2, 3), (1, 2, 3))
    for b in (0, -2):
        with pytest.raises(AdmissibilityError) as e:
            shape_div(4, b)
        assert e.value.code == "shape_not_positive" and e.value.numbers == (b,)
    for bad in (2.0, True, "2", None, [2, 3]):
        with pytest.raises(TypeError):
            product(bad)
        with pytest.raises(TypeError):
            inner_product(bad, 2)
        with pytest.raises(TypeError):
            shape_div(bad, 2)
        with pytest.raises(TypeError):
            prefix_product(bad)
    # NumPy integers are integers (operator.index)
    assert product((np.int64(3), 4)) == 12 and shape_div(np.int32(8), 2) == 4


def test_integer_is_pycutes():
    for cls, obj, expected in ((int, 1, True), (float, 1.0, False), (str, "hi", False), (bool, False, False)):
        assert issubclass(cls, Integer) == expected and isinstance(obj, Integer) == expected
    class MyInt(int):
        pass
    assert isinstance(MyInt(3), Integer)


def test_exported():
    ns = {}
    exec("from tessel import *", ns)
    for name in ("product", "inner_product", "prefix_product", "shape_div", "Integer"):
        assert name in ns
