"""Property tests over all small layouts: each operation against its definition.

In the manner of pycute's own tests (a helper per operation that checks the
defining property of its result, run over many layouts), on tessel, and
exhaustive over a family of small layouts:
  SMALL1: every s:d with s in 1..4, d in {0,1,2,3,4,6}                     (24)
  SMALL2: every (s0,s1):(d0,d1) with s in 1..4, d in {0,1,2,4,6}           (400)
  NESTED: a few hierarchical layouts.
Where tessel refuses, the test checks that the refusal is right (the function
is not a layout, the layout is not injective, ...), so the tests show
exactness, not only soundness.
"""
import itertools
import math

import pytest

import tessel
from tessel import AdmissibilityError, Layout

SIZES = [1, 2, 3, 4]
SMALL1 = [Layout(s, d) for s in SIZES for d in (0, 1, 2, 3, 4, 6)]
SMALL2 = [Layout((s0, s1), (d0, d1)) for s0 in SIZES for s1 in SIZES for d0 in (0, 1, 2, 4, 6) for d1 in (0, 1, 2, 4, 6)]
NESTED = [tessel.parse(t) for t in ("((2,2),2):((1,4),2)", "(2,(2,2)):(4,(1,2))", "((2,3),(2,2)):((1,2),(6,12))",
                                    "(3,(2,2)):(1,(3,12))", "((2,2),(2,2)):((1,8),(2,4))", "(2,(3,2)):(6,(1,12))")]
SMALL = SMALL1 + SMALL2 + NESTED
# Strictly positive strides, for the operations that want injective layouts.
INJECTIVE = [L for L in SMALL if len(set(L.values().tolist())) == L.size()]


def read(A):
    """A as composition reads it: A(x) itself, also past its size, where A goes on along its
    last mode as written, even a size-1 one (docs/ADMISSIBILITY.md; CuTe: composition(1:1, 4:1)
    is (_4):(_1))."""
    return lambda x: A(x)


def is_layout(f, n):
    """Whether the function f on [0, n) equals some layout's function.

    A coalesced layout's first mode is exactly the longest arithmetic prefix
    f(i) = i*f(1) (a longer prefix would make it coalesce with the next mode),
    its length must divide n, and the rest is a layout over the blocks."""
    if n <= 1:
        return f(0) == 0 if n == 1 else True
    if f(0) != 0:
        return False
    d = f(1)
    m = 1
    while m < n and f(m) == m * d:
        m += 1
    for s in range(m, 0, -1):  # the first mode's length: a divisor of n within the prefix
        if n % s:
            continue
        if s == 1 and m > 1:
            continue
        ok = all(f(i + s * j) == f(i) + f(s * j) for j in range(n // s) for i in range(s))
        if ok and is_layout(lambda j: f(s * j), n // s):
            return True
        if s == m or s < m:
            break
    return False


# ---- coalesce, filter ----------------------------------------------------------------------------
def helper_coalesce(L):
    C = tessel.coalesce(L)
    assert C.size() == L.size()
    assert C.values().tolist() == L.values().tolist()
    assert C.depth() <= 1
    # no two neighbours could merge, and no size-1 modes unless C is _1:_0
    shapes, strides = (C.shape, C.stride) if isinstance(C.shape, tuple) else ((C.shape,), (C.stride,))
    for k in range(len(shapes) - 1):
        assert strides[k + 1] != shapes[k] * strides[k]
    if C.size() > 1:
        assert 1 not in shapes


def test_coalesce():
    for L in SMALL:
        helper_coalesce(L)


def test_filter():
    for L in SMALL:
        F = tessel.filter(L)
        assert sorted(set(F.values().tolist())) == sorted(set(L.values().tolist()))
        strides = F.stride if isinstance(F.stride, tuple) else (F.stride,)
        assert F.size() == 1 or 0 not in strides, "filter(%s) = %s keeps a stride-0 mode" % (L, F)


# ---- composition ---------------------------------------------------------------------------------
def helper_composition(A, B):
    """R = A o B with R(i) = A(B(i)) for i in [0, size(B)), or a named refusal that is right."""
    try:
        R = tessel.composition(A, B)
    except AdmissibilityError as e:
        assert e.code in ("stride_divisibility", "shape_divisibility", "not_distributive"), e
        assert e.operation == "composition" and e.numbers is not None
        if B.rank() == 1 and B.depth() == 0:
            # For a single leaf, the engine returns a layout whenever one exists.
            a = read(A)
            assert not is_layout(lambda i: a(B(i)), B.size()), "refused but a layout exists: %s o %s" % (A, B)
        return False
    assert R.size() == B.size(), "%s o %s = %s" % (A, B, R)
    a = read(A)
    for i in range(B.size()):
        assert R(i) == a(B(i)), "%s o %s = %s at %d" % (A, B, R, i)
    if B.rank() > 1 and B.depth() == 1:  # by-mode on B's modes: R's modes are A o B's modes
        assert R.rank() == B.rank()
    return True


def test_composition_single_leaf():
    ok = 0
    for A in SMALL:
        for B in SMALL1:
            ok += helper_composition(A, B)
    assert ok > len(SMALL) * len(SMALL1) // 2


def test_composition_two_modes():
    Bs = [Layout((s0, s1), (d0, d1)) for s0 in (1, 2, 3) for s1 in (2, 3) for d0 in (0, 1, 2) for d1 in (1, 2, 3, 6)]
    ok = 0
    for A in SMALL2[::3] + NESTED:
        for B in Bs:
            ok += helper_composition(A, B)
    assert ok > 0


def test_composition_associative():
    # (A o B) o C == A o (B o C) where every layout is read inside its domain
    for A in NESTED:
        for B in SMALL1:
            if max(B.values().tolist()) >= A.size():
                continue
            for C in SMALL1[::5]:
                if max(C.values().tolist()) >= B.size():
                    continue
                try:
                    left = tessel.composition(tessel.composition(A, B), C)
                    right = tessel.composition(A, tessel.composition(B, C))
                except AdmissibilityError:
                    continue
                assert left.values().tolist() == right.values().tolist()


# ---- complement ----------------------------------------------------------------------------------
def is_chain(Af):
    """Sorted by stride, is each stride a multiple of the span covered before it?"""
    cur = 1
    for d, s in sorted((d, s) for s, d in modes_of(Af) if s > 1 and d != 0):
        if d % cur:
            return False
        cur = s * d
    return True


def modes_of(L):
    shape, stride = L.shape, L.stride
    def flat(x):
        return [y for z in x for y in flat(z)] if isinstance(x, tuple) else [x]
    return list(zip(flat(shape), flat(stride)))


def helper_complement(A, M=None):
    """R = complement(A, M): ordered (increasing), disjoint from A ((A', R) injective for A' = filter(A)),
    (A', R) reaches M, and, where A's strides form a chain, with A' it covers [0, M) exactly as the interval
    [0, size(A')*size(R)). Outside the chain R is CuTe's floor-division answer, returned only when it meets
    the postconditions (complement_postcondition otherwise)."""
    Af = tessel.filter(A)
    target = M if M is not None else Af.cosize()
    try:
        R = tessel.complement(A) if M is None else tessel.complement(A, M)
    except AdmissibilityError as e:
        assert e.code in ("not_injective", "complement_chain", "negative_stride", "complement_postcondition"), e
        vals = Af.values().tolist()
        if e.code == "not_injective":
            assert len(set(vals)) < len(vals)
        else:
            assert len(set(vals)) == len(vals)
            assert not is_chain(Af), (A, e)
        return False
    rv = R.values().tolist()
    assert rv == sorted(rv) and len(set(rv)) == len(rv), "complement not ordered: %s" % R
    Af = tessel.filter(A)
    AR = tessel.make_layout(Af, R)
    image = AR.values().tolist()
    assert len(set(image)) == len(image), "%s and %s overlap" % (A, R)
    assert max(image) + 1 >= target, "%s with %s ends before %d" % (A, R, target)
    if is_chain(Af):
        assert sorted(image) == list(range(len(image))), "%s with %s does not fill an interval" % (A, R)
        assert len(image) >= target
    return True


def test_complement():
    ok = 0
    for A in SMALL:
        ok += helper_complement(A)
        for M in (1, 7, 24, 25):
            ok += helper_complement(A, M)
    assert ok > 0


# ---- inverses ------------------------------------------------------------------------------------
def test_right_inverse():
    for L in SMALL:
        R = tessel.right_inverse(L)
        for i in range(R.size()):
            assert L(R(i)) == i, "%s, right inverse %s, at %d" % (L, R, i)
        vals = set(L.values().tolist())
        # the largest: when L reaches [0, n) and R stops short of n, L has no mode continuing the chain
        if sorted(vals) == list(range(L.size())):
            assert R.size() == L.size()


def test_left_inverse():
    done = 0
    for L in INJECTIVE:
        try:
            R = tessel.left_inverse(L)
        except AdmissibilityError as e:
            assert e.code == "left_inverse_divisibility"
            continue
        for i in range(L.size()):
            assert R(L(i)) == i, "%s, left inverse %s, at %d" % (L, R, i)
        done += 1
    assert done > len(INJECTIVE) // 2


# ---- divides -------------------------------------------------------------------------------------
def same_function(X, Y):
    return X.size() == Y.size() and X.values().tolist() == Y.values().tolist()


def test_logical_divide_by_definition():
    tilers = [L for L in SMALL1 if L.stride != 0] + [Layout((2, 2), (1, 4)), Layout((2, 2), (2, 4))]
    ok = 0
    for A in SMALL:
        for B in tilers:
            try:
                D = tessel.logical_divide(A, B)
            except AdmissibilityError as e:
                # then the definition's parts must fail too
                with pytest.raises(AdmissibilityError):
                    tessel.composition(A, tessel.make_layout(B, tessel.complement(B, A.size())))
                continue
            E = tessel.composition(A, tessel.make_layout(B, tessel.complement(B, A.size())))
            assert D == E, "logical_divide(%s, %s) = %s, definition %s" % (A, B, D, E)
            # mode 0 is the tile: A o B
            assert same_function(tessel.get(D, 0), tessel.composition(A, B))
            # zipped/tiled/flat divide with a layout tiler rearrange the same function
            for f in (tessel.zipped_divide, tessel.tiled_divide, tessel.flat_divide):
                assert same_function(f(A, B), D)
            ok += 1
    assert ok > 0


def test_bymode_divides():
    for A in SMALL2[::7] + NESTED:
        for b0 in (1, 2):
            for b1 in (1, 2):
                T = (b0, b1)
                try:
                    D = tessel.logical_divide(A, T)
                except AdmissibilityError:
                    continue
                for k in range(2):
                    Bk = Layout(T[k], 1)
                    Ak = tessel.get(A, k)
                    assert same_function(tessel.get(D, k), tessel.logical_divide(Ak, Bk))
                Z = tessel.zipped_divide(A, T)
                T2 = tessel.tiled_divide(A, T)
                F = tessel.flat_divide(A, T)
                for k in range(2):
                    assert same_function(tessel.get(Z, 0, k), tessel.get(D, k, 0))
                    assert same_function(tessel.get(Z, 1, k), tessel.get(D, k, 1))
                    assert same_function(tessel.get(T2, 0, k), tessel.get(D, k, 0))
                    assert same_function(tessel.get(T2, 1 + k), tessel.get(D, k, 1))
                    assert same_function(tessel.get(F, k), tessel.get(D, k, 0))
                    assert same_function(tessel.get(F, 2 + k), tessel.get(D, k, 1))


# ---- products ------------------------------------------------------------------------------------
def test_logical_product_by_definition():
    ok = 0
    for A in INJECTIVE:
        for B in SMALL1:
            try:
                P = tessel.logical_product(A, B)
            except AdmissibilityError:
                with pytest.raises(AdmissibilityError):
                    tessel.composition(tessel.complement(A, A.size() * B.cosize()), B)
                continue
            try:
                C = tessel.complement(A, A.size() * B.cosize())
            except AdmissibilityError as e:
                # outside the chain, a product does not ask the complement to reach
                # size(A)*cosize(B) (B reads it past its end along its last mode)
                assert e.code == "complement_postcondition" and e.args and "postcondition 3" in str(e), e
                assert tessel.get(P, 0) == A
                continue
            Q = tessel.make_layout(A, tessel.composition(C, B))
            assert P == Q, "logical_product(%s, %s) = %s, definition %s" % (A, B, P, Q)
            # mode 0 is A, mode 1 places B's copies of A: P(a, b) = A(a) + P(0, b), disjoint copies when B is injective
            assert tessel.get(P, 0) == A
            for f in (tessel.zipped_product, tessel.tiled_product, tessel.flat_product):
                assert same_function(f(A, B), P)
            ok += 1
    assert ok > 0


def test_blocked_and_raked_products():
    for A in [L for L in INJECTIVE if L.rank() == 2][::9]:
        for B in [Layout((2, 2), (1, 2)), Layout((2, 3), (3, 1)), Layout((3, 2), (1, 3))]:
            try:
                Bl = tessel.blocked_product(A, B)
                Ra = tessel.raked_product(A, B)
            except AdmissibilityError:
                continue
            P = tessel.get(tessel.logical_product(A, B), 1)
            for k in range(2):
                Ak, Pk = tessel.get(A, k), tessel.get(P, k)
                assert same_function(tessel.get(Bl, k), tessel.make_layout(Ak, Pk))
                assert same_function(tessel.get(Ra, k), tessel.make_layout(Pk, Ak))


# ---- the Python values themselves ----------------------------------------------------------------
def test_values_are_the_layout():
    for L in SMALL:
        v = L.values()
        assert v.dtype.kind == "i"
        assert v.tolist() == [L(i) for i in range(L.size())]
        assert eval(repr(L), {"tessel": tessel}) == L
        assert tessel.parse(str(L)) == L
        assert hash(tessel.parse(str(L))) == hash(L)


# ---- coordinates and slices ----------------------------------------------------------------------
SHAPES = [4, (2, 3), (3, (2, 2)), ((2, 2), 3), (2, (2, (2, 2)))]


def test_idx2crd_crd2idx_round_trip():
    for S in SHAPES:
        n = tessel.size(S)
        crds = [tessel.idx2crd(i, S) for i in range(n)]
        assert len(set(crds)) == n
        for i, c in enumerate(crds):
            assert tessel.crd2idx(c, S) == i
            L = tessel.make_layout(S)
            assert L(c) == L(i) == i  # the compact layout is the colexicographic order


def test_slices_by_definition():
    for L in NESTED + [L for L in SMALL2[::11]]:
        r = L.rank()
        if r != 2:
            continue
        s0 = tessel.size(tessel.get(L, 0))
        s1 = tessel.size(tessel.get(L, 1))
        for j in range(s1):
            col, off = L.slice_and_offset((None, j))
            assert off == L(0, j)
            for i in range(s0):
                assert L(i, j) == off + col(i) == L[(None, j)](i) + off
        for i in range(s0):
            row, off = L.slice_and_offset((i, None))
            for j in range(s1):
                assert L(i, j) == off + row(j)


def test_bymode_products_by_definition():
    # a by-mode tiler <B0, B1> applies logical_product mode by mode
    for A in [L for L in INJECTIVE if L.rank() == 2][::5]:
        for T in [(Layout(2, 1), Layout(2, 1)), (Layout(3, 1), Layout(2, 2)), (Layout(2, 2), None)]:
            try:
                P = tessel.logical_product(A, T)
            except AdmissibilityError:
                continue
            for k in range(2):
                Ak = tessel.get(A, k)
                want = Ak if T[k] is None else tessel.logical_product(Ak, T[k])
                assert same_function(tessel.get(P, k), want)
            try:
                Z = tessel.zipped_product(A, T)
            except AdmissibilityError as e:  # a mode kept with None must be rank 2 to zip
                assert e.code == "zip_not_rank2" and None in T
                continue
            assert Z == tessel.zipped_product(A, tessel.Tiler(*T))
