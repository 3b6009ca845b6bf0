"""The Python API: values, names, errors, drawings, the table of operations."""
import numpy as np
import pytest

import tessel
from tessel import AdmissibilityError, Layout, ParseError, Swizzle, Tiler


def test_layout_basics():
    L = Layout((4, 8), (1, 4))
    assert L.shape == (4, 8) and L.stride == (1, 4)
    assert (L.size(), L.cosize(), L.rank(), L.depth()) == (32, 32, 2, 1)
    assert (tessel.size(L), tessel.cosize(L), tessel.rank(L), tessel.depth(L)) == (32, 32, 2, 1)
    assert tessel.shape(L) == (4, 8) and tessel.stride(L) == (1, 4)
    assert str(L) == "(_4,_8):(_1,_4)" and L.format(underscores=False) == "(4,8):(1,4)"
    assert repr(L) == "tessel.Layout((4, 8), (1, 4))"
    assert eval(repr(L), {"tessel": tessel}) == L
    assert tessel.parse("(4,8):(1,4)") == L == Layout("(4,8):(1,4)")
    assert Layout((4, 8)) == L  # compact column-major
    assert Layout(8) == Layout(8, 1) and str(Layout(1)) == "_1:_0"
    assert hash(L) == hash(Layout((4, 8), (1, 4))) and len({L, Layout((4, 8), (1, 4))}) == 1
    assert Layout((4,), (1,)) != Layout(4, 1)  # CuTe tells (4):(1) from 4:1


def test_evaluation_and_slicing():
    L = Layout((4, (2, 3)), (2, (1, 8)))
    assert L(0) == 0 and L(1) == 2 and L(4) == 1
    assert L(1, 1) == L((1, 1)) == L[(1, 1)] == 2 + 8 * 0 + 1 * 1
    assert L(1, (1, 2)) == 2 + 1 + 16
    assert L[(None, 1)] == Layout((4,), (2,))
    assert L[0] == Layout(4, 2) and L[1] == L[-1] == Layout((2, 3), (1, 8))
    assert list(L) == [L[0], L[1]] and len(L) == 2
    with pytest.raises(IndexError):
        L[2]
    assert L[(2, None)] == Layout(((2, 3),), ((1, 8),))
    assert L(None, (1, None)) == Layout((4, (3,)), (2, (8,)))
    assert L.slice_and_offset((2, (1, None))) == (Layout(((3,),), ((8,),)), 5)
    assert tessel.slice((None, 0), L) == Layout((4,), (2,))
    assert tessel.idx2crd(5, (2, 3)) == (1, 2) and tessel.crd2idx((1, 2), (2, 3)) == 5
    assert tessel.crd2idx((1, 2), (2, 3), (3, 1)) == 5
    assert tessel.get(L, 1) == Layout((2, 3), (1, 8)) and tessel.get(L, 1, 0) == Layout(2, 1)
    assert tessel.flatten(L) == Layout((4, 2, 3), (2, 1, 8))
    assert tessel.select(L, 1, 0) == Layout(((2, 3), 4), ((1, 8), 2))
    assert tessel.append(Layout(4, 1), Layout(2, 4)) == Layout((4, 2), (1, 4))
    assert tessel.make_layout(Layout(4, 1), Layout(2, 4)) == Layout((4, 2), (1, 4))
    assert tessel.make_layout((4, 2), (2, 1)) == Layout((4, 2), (2, 1))


def test_values_numpy():
    L = Layout((2, 3), (3, 1))
    v = L.values()
    assert isinstance(v, np.ndarray) and v.dtype == np.int64
    assert v.tolist() == [0, 3, 1, 4, 2, 5]


def test_every_row_of_the_table_is_a_function():
    names = {row["name"] for row in tessel.OPS}
    assert {"coalesce", "filter", "composition", "complement", "left_inverse", "right_inverse", "logical_divide",
            "zipped_divide", "tiled_divide", "flat_divide", "logical_product", "zipped_product", "tiled_product",
            "flat_product", "blocked_product", "raked_product"} <= names
    for row in tessel.OPS:
        f = getattr(tessel, row["name"])
        assert callable(f) and row["name"] in tessel.__all__
        assert row["help"] in f.__doc__
        assert "Admissible" in f.__doc__
        args = [Layout(4, 1)] * row["arity"]
        if row["name"] == "make_ordered_layout":
            args = [(4, 2), (2, 1)]
        f(*args)  # callable with its arity


def test_tilers():
    A = Layout((8, 6), (1, 8))
    assert tessel.logical_divide(A, (2, 3)) == tessel.logical_divide(A, Tiler(2, 3))
    assert tessel.logical_divide(A, (Layout(2, 1), None)) == tessel.logical_divide(A, Tiler(Layout(2, 1), None))
    T = Tiler(Layout(2, 1), None)
    assert str(T) == "<_2:_1,_>" and repr(T) == "tessel.Tiler(tessel.Layout(2, 1), None)"
    assert tessel.parse("<2:1,_>") == T
    assert eval(repr(T), {"tessel": tessel}) == T
    assert str(tessel.zipped_divide(A, (2, 3))) == "((_2,_3),(_4,_2)):((_1,_8),(_2,_24))"


def test_admissibility_error():
    with pytest.raises(ValueError) as info:
        tessel.complement(Layout((2, 2), (1, 1)))
    e = info.value
    assert isinstance(e, AdmissibilityError)
    assert e.code == "not_injective" and e.operation == "complement"
    assert e.numbers[:2] == (1, 2) and e.details == {"stride": 1, "span": 2}
    assert e.condition == tessel._tessel.describe_code("not_injective")
    with pytest.raises(AdmissibilityError) as info:
        tessel.composition(Layout((4, 2), (1, 4)), (1, 2, 3))
    assert info.value.code == "rank_mismatch" and info.value.details == {"modes": 3, "rank": 2}
    with pytest.raises(AdmissibilityError) as info:
        tessel.eval("composition((4,6,8):(2,3,5),6:3)")
    assert info.value.code == "stride_divisibility" and info.value.pos == 0
    with pytest.raises(AdmissibilityError) as info:
        Layout((2, 0), (1, 2))
    assert info.value.code == "shape_not_positive"
    with pytest.raises(AdmissibilityError) as info:
        tessel.size(Layout((1 << 40, 1 << 40), (1, 1)))
    assert info.value.code == "overflow"


def test_parse_errors():
    with pytest.raises(ParseError) as info:
        tessel.parse("(4,8):(1,4")
    assert info.value.pos == 10 and "expected" in str(info.value)
    with pytest.raises(ParseError):
        tessel.eval("nosuch(4:1)")
    with pytest.raises(ValueError):
        Layout((4, 8), (1, (4, 2)))  # not congruent
    with pytest.raises(TypeError):
        Layout("x", 1)


def test_check_is_the_engines_trace():
    r = tessel.check("composition((4,6,8):(2,3,5),6:3)")
    assert not r and r.status == 3 and "stride divisibility fails" in r.failure
    assert "A o B with A = (4,6,8):(2,3,5), B = 6:3" in r.trace
    ok = tessel.check("logical_divide(24:1,4)")
    assert ok and ok.status == 0 and str(ok).endswith("admissible\n")


def test_drawings(tmp_path):
    L = Layout((2, 3), (3, 1))
    svg = L._repr_svg_()
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert svg == L.render("svg") == L.to_svg()
    assert "\\begin{tikzpicture}" in L.to_latex()
    assert L.render("values").split() == ["0", "3", "1", "4", "2", "5"]
    f = tmp_path / "l.svg"
    tessel.show(L, "svg", file=str(f))
    assert f.read_text() == svg
    assert Layout(1 << 20, 1)._repr_svg_() is None  # too large to draw


def test_show_prints_the_table(capsys):
    tessel.show(Layout((2, 2), (1, 2)))
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "(_2,_2):(_1,_2)" and "+---+" in out


def test_swizzle():
    sw = Swizzle(3, 4, 3)
    assert str(sw) == "Sw<3,4,3>" and eval(repr(sw), {"tessel": tessel}) == sw
    vals = [sw(i) for i in range(1 << 10)]
    assert sorted(vals) == list(range(1 << 10))  # a permutation of each period
    assert sw(0b10010000) == 0b10010000 ^ 0b10000  # bit 7 (in yyy, bits 7..9) flips bit 4
    a = np.arange(1 << 10)
    assert sw(a).tolist() == vals
    with pytest.raises(ValueError):
        Swizzle(3, 4, 2)
    C = tessel.make_composed_layout(sw, 0, Layout((8, 64), (64, 1)))
    assert str(C) == "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"
    assert C(1, 1) == sw(65)
    assert sorted(C.values().tolist()) == list(range(512))


def test_stubs_list_every_row_and_export():
    import os
    import re
    stub = open(os.path.join(os.path.dirname(tessel.__file__), "__init__.pyi")).read()
    declared = set(re.findall(r"^(?:def|class) (\w+)", stub, re.M))
    for row in tessel.OPS:
        assert row["name"] in declared, "%s is missing from __init__.pyi" % row["name"]
    for name in tessel.__all__:
        assert name in declared or name == "OPS", "%s is missing from __init__.pyi" % name


def test_docstring_examples():
    import doctest
    assert doctest.testmod(tessel).failed == 0


def test_numpy_integers_and_edge_values():
    assert Layout(np.int64(4), np.int32(2)) == Layout(4, 2)
    assert Layout((np.int64(2), 3), (1, np.int64(2))) == Layout((2, 3), (1, 2))
    assert Layout((4, 8), (1, 4))(np.int64(5)) == 5
    with pytest.raises(TypeError):
        Layout(True, 1)
    with pytest.raises(TypeError):
        Layout(4.0, 1)
    with pytest.raises(ValueError):
        Layout(1 << 70, 1)
    with pytest.raises(AdmissibilityError) as info:
        Layout(tuple(range(1, 40)))  # more leaves than the engine holds
    assert info.value.code == "too_large"
