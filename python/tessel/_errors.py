"""tessel's exceptions. The extension module raises them with the engine's numbers."""

# What the numbers of each condition are, in order (engine/error.hpp, engine/describe.hpp).
NUMBER_NAMES = {
    "stride_divisibility": ("stride", "shape", "mode"),
    "shape_divisibility": ("shape", "divisor", "mode"),
    "complement_chain": ("stride", "multiple_of"),
    "complement_postcondition": ("postcondition", "cotarget", "cosize"),
    "left_inverse_divisibility": ("stride", "multiple_of"),
    "not_injective": ("stride", "span"),
    "rank_mismatch": ("modes", "rank"),
    "overflow": ("a", "b"),
    "shape_not_positive": ("shape",),
    "index_out_of_range": ("index", "modes"),
    "empty_range": ("begin", "end"),
    "range_past_rank": ("end", "rank"),
    "coord_rank": ("coord_rank", "shape_rank"),
    "coord_tuple_at_integer": ("coord_rank", "shape"),
    "zero_stride": ("shape",),
}


class TesselError(Exception):
    """Base class of tessel's errors."""


class AdmissibilityError(TesselError, ValueError):
    """An operation's condition fails (or an integer overflows): no layout is returned.

    Attributes:
      operation: the operation that failed ("composition", ...), "" if unknown
      code: the engine's name of the condition ("stride_divisibility", ...)
      condition: the condition in words
      numbers: the engine's numbers for it (a tuple), None when evaluated from text
      details: the numbers by name (dict), e.g. {"stride": 3, "shape": 4, "mode": 0}
      expr, pos: the expression text and where in it (tessel.eval), else "" and 0
    """

    def __init__(self, message, operation="", code="unknown", condition="", numbers=None, expr="", pos=0):
        super().__init__(message)
        self.operation = operation
        self.code = code
        self.condition = condition
        self.numbers = tuple(numbers) if numbers is not None else None
        self.expr = expr
        self.pos = pos
        names = NUMBER_NAMES.get(code, ())
        self.details = dict(zip(names, self.numbers)) if self.numbers is not None and names else {}

    @property
    def message(self):
        return self.args[0]


class ParseError(TesselError, ValueError):
    """A syntax error, an unknown function or wrong arguments in an expression.

    Attributes: expr (the text), pos (where), status (tessel eval's exit status, 2).
    """

    def __init__(self, message, expr="", pos=0, status=2):
        super().__init__(message)
        self.expr = expr
        self.pos = pos
        self.status = status

    def __str__(self):
        if not self.expr:
            return self.args[0]
        return "%s\n  %s\n  %s^" % (self.args[0], self.expr, " " * min(self.pos, len(self.expr)))
