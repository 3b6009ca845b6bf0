"""pycute's IntTuple arithmetic: product, inner_product, prefix_product, shape_div, and its Integer type.

An IntTuple is a Python int or a (nested) tuple of them. The meanings are pycute's (CUTLASS's
python/pycute/int_tuple.py), written here from their definitions; where pycute only asserts, tessel
raises a named error: TypeError for a leaf that is not an integer (bool and float included, as pycute's
Integer says), AdmissibilityError with code "not_congruent" when two IntTuples that must have the same
profile do not, "not_divisible" when shape_div's integers do not divide one another, and
"shape_not_positive" for a divisor below 1.
"""
import abc
import operator

from ._errors import AdmissibilityError


class Integer(abc.ABC):
    """pycute's Integer: isinstance(x, Integer) for Python ints, not for bool or float."""

    @classmethod
    def __subclasshook__(cls, c):
        if c is bool or c is float:
            return False
        return issubclass(c, int)


def _leaf(x, fn):
    if isinstance(x, bool) or not hasattr(type(x), "__index__"):
        raise TypeError("%s: %r is neither an integer nor a tuple (an IntTuple is an int or a tuple of IntTuples)"
                        % (fn, x))
    return operator.index(x)


def _not_congruent(fn, a, b):
    return AdmissibilityError("%s: %r and %r are not congruent (they must have the same profile)" % (fn, a, b),
                              operation=fn, code="not_congruent", condition="the two IntTuples have the same profile")


def product(a):
    """product(a): the product of the integers of IntTuple a (a itself for an int, 1 for ())."""
    if isinstance(a, tuple):
        r = 1
        for x in a:
            r *= product(x)
        return r
    return _leaf(a, "product")


def inner_product(a, b):
    """inner_product(a, b): the sum of the products of the matching integers of two congruent IntTuples."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) != len(b):
            raise _not_congruent("inner_product", a, b)
        return sum(inner_product(x, y) for x, y in zip(a, b))
    if isinstance(a, tuple) or isinstance(b, tuple):
        raise _not_congruent("inner_product", a, b)
    return _leaf(a, "inner_product") * _leaf(b, "inner_product")


def prefix_product(a, init=1):
    """prefix_product(a, init=1): the exclusive prefix products of a, colexicographically, starting at init.

    prefix_product((3, 2, 4)) is (1, 3, 6); prefix_product(((2, 3), 4)) is ((1, 2), 6); an int a gives init.
    A tuple init is matched mode by mode (it must be congruent to a's top level)."""
    if isinstance(a, tuple):
        if isinstance(init, tuple):
            if len(a) != len(init):
                raise _not_congruent("prefix_product", a, init)
            return tuple(prefix_product(x, i) for x, i in zip(a, init))
        acc = _leaf(init, "prefix_product")
        r = []
        for x in a:
            r.append(prefix_product(x, acc))
            acc = acc * product(x)
        return tuple(r)
    if isinstance(init, tuple):
        raise _not_congruent("prefix_product", a, init)
    _leaf(a, "prefix_product")
    return _leaf(init, "prefix_product")


def _div(a, b):
    a, b = _leaf(a, "shape_div"), _leaf(b, "shape_div")
    if b < 1:
        raise AdmissibilityError("shape_div: the divisor %d is not a positive shape" % b, operation="shape_div",
                                 code="shape_not_positive", condition="the divisor is at least 1", numbers=(b,))
    if a % b != 0 and (a == 0 or b % a != 0):
        raise AdmissibilityError("shape_div: neither of %d and %d divides the other" % (a, b), operation="shape_div",
                                 code="not_divisible", condition="a % b == 0 or b % a == 0", numbers=(a, b))
    return (a + b - 1) // b


def shape_div(a, b):
    """shape_div(a, b): shape a divided by b from the left, as pycute and CuTe.

    Integers: a / b when b divides a, 1 when a divides b (b consumes all of a), else not_divisible.
    A tuple a by an integer b: element by element, b shrinking as the elements use it up
    (shape_div((3, 4), 6) is (1, 2)). Two tuples: mode by mode. An int a by a tuple b: by product(b)."""
    if isinstance(a, tuple):
        if isinstance(b, tuple):
            if len(a) != len(b):
                raise _not_congruent("shape_div", a, b)
            return tuple(shape_div(x, y) for x, y in zip(a, b))
        r = []
        for x in a:
            r.append(shape_div(x, b))
            b = shape_div(b, product(x))
        return tuple(r)
    if isinstance(b, tuple):
        return shape_div(a, product(b))
    return _div(a, b)
