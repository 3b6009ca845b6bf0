"""tessel: the CuTe layout algebra, exact.

A layout is a function from coordinates to indices, written shape:stride in
CuTe's notation. Every operation either returns the layout the mathematics
defines or raises tessel.AdmissibilityError naming the condition that failed
and its numbers (docs/ADMISSIBILITY.md); never a silently wrong layout.

    >>> import tessel
    >>> A = tessel.Layout((4, 8), (1, 4))
    >>> str(A)
    '(_4,_8):(_1,_4)'
    >>> tessel.composition(A, tessel.Layout((2, 4), (8, 1)))
    tessel.Layout((2, 4), (8, 1))
    >>> tessel.logical_divide(tessel.parse("24:1"), 4)
    tessel.Layout((4, 6), (1, 4))

IntTuples are Python ints and tuples of ints. `str` prints what `tessel eval`
prints (static integers as _8, as CuTe prints them); `repr` evaluates back to
the same value. The algebra's functions are generated from the engine's table
of operations (tessel.OPS).
"""

from ._errors import AdmissibilityError, ParseError, TesselError
from . import _tessel
from ._tessel import Layout, Tiler, parse, eval, eval_text, OPS
from ._int_tuple import Integer, product, inner_product, prefix_product, shape_div

__all__ = [
    "Layout", "Tiler", "Swizzle", "ComposedLayout", "AdmissibilityError", "ParseError", "TesselError",
    "parse", "eval_text", "check", "CheckReport", "show", "OPS",
    "size", "cosize", "rank", "depth", "shape", "stride", "make_layout", "idx2crd", "crd2idx",
    "get", "select", "take", "flatten", "group", "append", "prepend", "max_common_vector",
    "slice_and_offset", "make_composed_layout",
    "Integer", "product", "inner_product", "prefix_product", "shape_div",  # pycute's IntTuple arithmetic
]  # tessel.eval and tessel.slice are left out of `import *`: they would hide Python's builtins

# ---- the algebra: one function per name of the engine's table (engine/ops.hpp) ----
# Rows sharing a name (coalesce(L) and coalesce(L, profile)) are overloads of one function.
for _row in OPS:
    globals()[_row["name"]] = getattr(_tessel, _row["name"])
    if _row["name"] not in __all__:
        __all__.append(_row["name"])
del _row


# ---- the calls of the text library that are not rows of the table ----
def _call(name, *args):
    return _tessel.call(name, *args)


def size(x):
    """size(L): the number of coordinates of a layout or IntTuple (the product of its shape)."""
    return x.size() if isinstance(x, Layout) else _call("size", x)


def cosize(L):
    """cosize(L): one more than the largest index L reaches (L(size-1)+1 for non-negative strides)."""
    return L.cosize() if isinstance(L, Layout) else _call("cosize", L)


def rank(x):
    """rank(x): the number of top-level modes (1 for an integer)."""
    return x.rank() if isinstance(x, Layout) else _call("rank", x)


def depth(x):
    """depth(x): how deeply the shape nests (0 for an integer)."""
    return x.depth() if isinstance(x, Layout) else _call("depth", x)


def shape(L, *modes):
    """shape(L, i...): the shape of L (of its mode i... when given), an int or nested tuple."""
    return L.shape if not modes and isinstance(L, Layout) else _call("shape", L, *modes)


def stride(L, *modes):
    """stride(L, i...): the stride of L (of its mode i... when given)."""
    return L.stride if not modes and isinstance(L, Layout) else _call("stride", L, *modes)


def make_layout(*args):
    """make_layout(shape): the compact column-major layout (static size-1 modes get stride 0);
    make_layout(shape, stride): shape:stride (congruent IntTuples);
    make_layout(L0, L1, ...): the layout whose modes are the layouts L0, L1, ..."""
    return _call("make_layout", *args)


def idx2crd(idx, shape, stride=None):
    """idx2crd(i, shape[, stride]): the coordinate of index i, split colexicographically over shape."""
    return _call("idx2crd", idx, shape) if stride is None else _call("idx2crd", idx, shape, stride)


def crd2idx(crd, shape, stride=None):
    """crd2idx(c, shape[, stride]) or crd2idx(c, L): the index of coordinate c (compact strides without one)."""
    return _call("crd2idx", crd, shape) if stride is None else _call("crd2idx", crd, shape, stride)


def get(x, *modes):
    """get(X, i, j, ...): mode i of X, then mode j of that, ..."""
    return _call("get", x, *modes)


def select(x, *modes):
    """select(X, i, j, ...): the modes i, j, ... of X, in that order."""
    return _call("select", x, *modes)


def take(x, begin, end):
    """take(X, b, e): the modes [b, e) of X."""
    return _call("take", x, begin, end)


def flatten(x):
    """flatten(X): X with every mode a leaf (no nesting)."""
    return _call("flatten", x)


def group(x, begin, end):
    """group(X, b, e): X with the modes [b, e) grouped into one mode."""
    return _call("group", x, begin, end)


def append(x, y=None):
    """append(X, Y): X with Y added as its last mode (append(L): L with the mode _1:_0 added)."""
    return _call("append", x) if y is None else _call("append", x, y)


def prepend(x, y=None):
    """prepend(X, Y): X with Y added as its first mode."""
    return _call("prepend", x) if y is None else _call("prepend", x, y)


def max_common_vector(a, b):
    """max_common_vector(A, B): size(max_common_layout(A, B))."""
    return _call("max_common_vector", a, b)


def slice(crd, L):
    """slice(crd, L): the sub-layout of L's modes that crd leaves free (None), as CuTe's slice."""
    return L[crd]


def slice_and_offset(crd, L):
    """slice_and_offset(crd, L): (slice(crd, L), L(crd with None as 0))."""
    return L.slice_and_offset(crd)


# ---- checking and drawing ----
class CheckReport:
    """The engine's steps for an expression (what `tessel check` prints).

    Attributes: admissible (bool), trace (the steps in words), failure (the
    failed condition, "" when admissible), pos (where in the text), status
    (tessel eval's exit status: 0, 2 syntax, 3 inadmissible).
    """

    def __init__(self, expr, admissible, trace, failure, pos, status):
        self.expr = expr
        self.admissible = admissible
        self.trace = trace
        self.failure = failure
        self.pos = pos
        self.status = status

    def __bool__(self):
        return self.admissible

    def __str__(self):
        if self.status == 0:
            return self.trace + "admissible\n"
        if self.status == 3 and self.trace:
            return self.trace + "not admissible: " + self.failure + "\n"
        return self.trace + self.failure + "\n"

    def __repr__(self):
        return "CheckReport(%r, admissible=%r, failure=%r)" % (self.expr, self.admissible, self.failure)


def check(expr):
    """check(expr): evaluate the expression (text) with the engine reporting its steps.

    Returns a CheckReport: every algebra call with its arguments and each
    condition the engine tested with its numbers, then the verdict (the
    engine's own, so check and eval never disagree)."""
    if not isinstance(expr, str):
        raise TypeError("check(expr): expr is the expression's text, e.g. 'composition((4,6,8):(2,3,5),6:3)'")
    r = _tessel.check(expr)
    return CheckReport(expr, r["admissible"], r["trace"], r["failure"], r["pos"], r["status"])


def _as_layout(x):
    if isinstance(x, Layout):
        return x
    if isinstance(x, str):
        v = eval(x)
        return v if isinstance(v, Layout) else make_layout(v)
    return make_layout(x)


def show(layout, format="table", file=None, max_cells=0):
    """show(L, format="table", file=None): draw a layout as `tessel show -f FORMAT` does.

    format: table (print_layout's text), svg, latex, json or values. Writes to
    file when given, else prints (in a notebook, svg is displayed)."""
    L = _as_layout(layout)
    doc = L.render(format, max_cells)
    if file is not None:
        with open(file, "w") as f:
            f.write(doc)
        return None
    if format == "svg":
        try:
            from IPython.display import SVG, display  # noqa: F401
            from IPython import get_ipython
            if get_ipython() is not None:
                display(SVG(doc))
                return None
        except ImportError:
            pass
    print(doc, end="" if doc.endswith("\n") else "\n")
    return None


def _repr_svg_(self):
    """The drawing of `tessel show -f svg`, for notebooks (None when too large to draw)."""
    try:
        return self.render("svg")
    except (AdmissibilityError, ValueError):
        return None


def _to_latex(self, max_cells=0):
    """A standalone TikZ document of the layout (`tessel show -f latex`)."""
    return self.render("latex", max_cells)


def _to_svg(self, max_cells=0):
    """The SVG picture of the layout (`tessel show -f svg`)."""
    return self.render("svg", max_cells)


Layout._repr_svg_ = _repr_svg_
Layout.to_latex = _to_latex
Layout.to_svg = _to_svg


# ---- swizzles ----
class Swizzle:
    """Swizzle(B, M, S): x -> x ^ ((x & yyy) >> S), the B bits at M+max(S,0) XORed into the B bits at M-min(S,0).

    A bijection on the integers (on [0, 2^(M+|S|+B)) and beyond, bit by bit),
    as CuTe's Swizzle<B,M,S>: bank-conflict-free shared memory layouts. Works on
    ints and on NumPy integer arrays."""

    __slots__ = ("B", "M", "S")

    def __init__(self, B, M, S):
        for name, v in (("B", B), ("M", M), ("S", S)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError("Swizzle: %s must be an int" % name)
        if B < 0 or M < 0:
            raise ValueError("Swizzle(B, M, S): B and M must be >= 0 (got B=%d, M=%d)" % (B, M))
        if abs(S) < B:
            raise ValueError("Swizzle(B, M, S): |S| must be at least B, so the bits read and the bits changed "
                             "do not overlap (got B=%d, S=%d)" % (B, S))
        object.__setattr__(self, "B", B)
        object.__setattr__(self, "M", M)
        object.__setattr__(self, "S", S)

    def __setattr__(self, name, value):
        raise AttributeError("Swizzle is immutable")

    @property
    def bit_mask(self):
        return (1 << self.B) - 1

    @property
    def yyy_mask(self):
        """The bits read: B bits from M + max(S, 0)."""
        return self.bit_mask << (self.M + max(self.S, 0))

    @property
    def zzz_mask(self):
        """The bits changed: B bits from M - min(S, 0)."""
        return self.bit_mask << (self.M - min(self.S, 0))

    def __call__(self, x):
        if self.S >= 0:
            return x ^ ((x & self.yyy_mask) >> self.S)
        return x ^ ((x & self.yyy_mask) << -self.S)

    def size(self):
        """The period: 2^(M + |S| + B) (for B > 0), the span the swizzle permutes."""
        return 1 << (self.M + abs(self.S) + self.B) if self.B > 0 else 1

    def cosize(self):
        return self.size()

    def __eq__(self, other):
        return isinstance(other, Swizzle) and (self.B, self.M, self.S) == (other.B, other.M, other.S)

    def __hash__(self):
        return hash(("Swizzle", self.B, self.M, self.S))

    def __str__(self):
        return "Sw<%d,%d,%d>" % (self.B, self.M, self.S)

    def __repr__(self):
        return "tessel.Swizzle(%d, %d, %d)" % (self.B, self.M, self.S)


class ComposedLayout:
    """ComposedLayout(outer, offset, inner): c -> outer(offset + inner(c)), as CuTe's ComposedLayout
    (outer usually a Swizzle, inner a Layout). Prints as CuTe: `Sw<3,4,3> o _0 o (_8,_64):(_64,_1)`."""

    __slots__ = ("outer", "offset", "inner")

    def __init__(self, outer, offset, inner):
        self.outer = outer
        self.offset = offset
        self.inner = inner if isinstance(inner, Layout) else make_layout(inner)

    def __call__(self, *crd):
        return self.outer(self.offset + self.inner(*crd))

    @property
    def shape(self):
        return self.inner.shape

    def size(self):
        return self.inner.size()

    def values(self, max_values=0):
        """outer(offset + inner(i)) for i in [0, size) as a NumPy array."""
        return self.outer(self.offset + self.inner.values(max_values))

    def __eq__(self, other):
        return (isinstance(other, ComposedLayout) and self.outer == other.outer and self.offset == other.offset
                and self.inner == other.inner)

    def __hash__(self):
        return hash((self.outer, self.offset, self.inner))

    def __str__(self):
        return "%s o _%d o %s" % (self.outer, self.offset, self.inner)

    def __repr__(self):
        return "tessel.ComposedLayout(%r, %r, %r)" % (self.outer, self.offset, self.inner)


def make_composed_layout(outer, offset, inner):
    """make_composed_layout(outer, offset, inner): the function c -> outer(offset + inner(c))."""
    return ComposedLayout(outer, offset, inner)
