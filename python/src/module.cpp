// python/src/module.cpp: the extension module tessel._tessel, a thin shell
// over the engine (include/tessel/engine) and the text library (tessel::text).
//
// The algebra's functions are generated from the one table of operations
// (engine/ops.hpp, TESSEL_ALGEBRA_OPS): each row becomes a Python function of
// its name and arity that converts its arguments as the row's kinds say and
// makes the row's engine call. Adding a row adds the function. The calls that
// are not rows (size, make_layout, idx2crd, get, ...) go through the text
// library's evaluator, so they mean exactly what `tessel eval` means.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <chrono>
#include <cstring>
#include <string>
#include <vector>

#include <tessel/engine/ops.hpp>
#include <tessel/text/text.hpp>

namespace py = pybind11;
namespace engine = tessel::engine;
namespace text = tessel::text;

namespace {

// ---- values ---------------------------------------------------------------------------------------

struct PyLayout {
  engine::Layout l;
};
struct PyTiler {
  engine::Tiler t;
};

// ---- errors ---------------------------------------------------------------------------------------

// The engine's error codes by name (engine/error.hpp's list).
char const* code_name(engine::Err c) { return engine::name(c); }
constexpr int kLastErr = int(engine::Err::count) - 1;

// The names of the tuple operations' faults (engine/tuple_ops.hpp), reported as bad_argument.
char const* fault_name(engine::i64 c) {
  switch (c) {
    case engine::kIndexOutOfRange: return "index_out_of_range";
    case engine::kEmptyRange: return "empty_range";
    case engine::kRangePastRank: return "range_past_rank";
    case engine::kCoordRank: return "coord_rank";
    case engine::kCoordTupleAtInteger: return "coord_tuple_at_integer";
    case engine::kNotCongruent: return "not_congruent";
    case engine::kZeroStride: return "zero_stride";
    default: return "bad_argument";
  }
}

// An engine error raised as tessel.AdmissibilityError (tessel/_errors.py builds it).
struct EngineFailure {
  std::string op;
  engine::Error e;
  std::string message;
};
// A text library error (parse or evaluate an expression).
struct TextFailure {
  text::EvalError e;
  std::string expr;
};

[[noreturn]] void engine_fail(std::string const& op, engine::Error const& e) {
  std::string d = text::describe_error(e);
  std::string msg = op.empty() || d.rfind(op + ":", 0) == 0 ? d : op + ": " + d;
  throw EngineFailure{op, e, msg};
}

py::object errors() { return py::module_::import("tessel._errors"); }

void translate(std::exception_ptr p) {
  try {
    if (p) std::rethrow_exception(p);
  } catch (EngineFailure const& f) {
    py::object cls = errors().attr("AdmissibilityError");
    bool fault = engine::is_tuple_fault(f.e);
    py::object inst = cls(f.message, py::arg("operation") = f.op,
                          py::arg("code") = fault ? fault_name(f.e.c) : code_name(f.e.code),
                          py::arg("condition") = fault ? engine::tuple_fault_message(f.e.c) : engine::message(f.e.code),
                          py::arg("numbers") = fault ? py::make_tuple(f.e.a, f.e.b) : py::make_tuple(f.e.a, f.e.b, f.e.c));
    PyErr_SetObject(cls.ptr(), inst.ptr());
  } catch (TextFailure const& f) {
    // Status 3 (a condition fails, overflow): AdmissibilityError with the code
    // whose condition the message states; status 2: ParseError (a syntax
    // error, an unknown function, wrong arguments).
    py::object mod = errors();
    if (f.e.status == text::kInadmissible) {
      std::string code = "unknown", condition;
      for (int c = 1; c <= kLastErr; ++c) {
        char const* m = engine::message(engine::Err(c));
        if (f.e.what.find(m) != std::string::npos && std::strlen(m) > condition.size()) {
          code = code_name(engine::Err(c));
          condition = m;
        }
      }
      for (engine::i64 c = engine::kFaultBase + 1; c < engine::kFaultEnd; ++c) {
        char const* m = engine::tuple_fault_message(c);
        if (f.e.what.find(m) != std::string::npos && std::strlen(m) > condition.size()) {
          code = fault_name(c);
          condition = m;
        }
      }
      if (code == "unknown" && f.e.what.rfind("integer overflow", 0) == 0) code = "overflow", condition = "integer overflow";
      std::string op;
      if (auto colon = f.e.what.find(": "); colon != std::string::npos && f.e.what.find(' ') > colon)
        op = f.e.what.substr(0, colon);
      py::object cls = mod.attr("AdmissibilityError");
      py::object inst = cls(f.e.what, py::arg("operation") = op, py::arg("code") = code,
                            py::arg("condition") = condition, py::arg("numbers") = py::none(),
                            py::arg("expr") = f.expr, py::arg("pos") = f.e.pos);
      PyErr_SetObject(cls.ptr(), inst.ptr());
    } else {
      py::object cls = mod.attr("ParseError");
      py::object inst = cls(f.e.what, py::arg("expr") = f.expr, py::arg("pos") = f.e.pos, py::arg("status") = f.e.status);
      PyErr_SetObject(cls.ptr(), inst.ptr());
    }
  }
}

// ---- Python objects <-> engine values ------------------------------------------------------------

bool is_seq(py::handle h) { return py::isinstance<py::tuple>(h) || py::isinstance<py::list>(h); }
// Integers: Python ints and anything with __index__ (NumPy integers), not bools.
bool is_int(py::handle h) {
  if (py::isinstance<py::bool_>(h)) return false;
  return PyLong_Check(h.ptr()) || PyIndex_Check(h.ptr());
}

engine::i64 to_i64(py::handle h) {
  if (!is_int(h)) throw py::type_error("expected an integer, got " + std::string(py::str(py::type::of(h))));
  py::object i = py::reinterpret_steal<py::object>(PyNumber_Index(h.ptr()));
  if (!i) throw py::error_already_set();
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
  if (overflow) throw py::value_error("integer " + std::string(py::str(h)) + " does not fit in 64 bits");
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  return v;
}

// Whether a Python IntTuple (int or nested tuples of ints).
bool is_inttuple(py::handle h) {
  if (is_int(h)) return true;
  if (!is_seq(h)) return false;
  for (auto x : h)
    if (!is_inttuple(x)) return false;
  return true;
}

// Append a Python IntTuple to l's shapes (strides 0), checking capacity.
void add_inttuple(engine::Layout& l, py::handle h, engine::Error& e) {
  if (is_int(h)) {
    l.leaf(engine::sint(to_i64(h)), engine::sint(0), e);
  } else if (is_seq(h)) {
    l.open(e);
    for (auto x : h) add_inttuple(l, x, e);
    l.close(e);
  } else {
    throw py::type_error("expected an integer or a tuple of integers, got " + std::string(py::str(py::type::of(h))));
  }
  if (e) engine_fail("", e);
}
engine::Layout inttuple(py::handle h) {
  engine::Layout l;
  engine::Error e;
  add_inttuple(l, h, e);
  return l;
}

text::Value layout_value(engine::Layout const& l) {
  text::Value v;
  v.kind = text::Value::layout;
  v.lay = l;
  return v;
}

void add_tiler_entry(engine::Tiler& t, py::handle h, engine::Error& e);

// A Python argument as a value of the text library: Layout, Tiler, None (`_`),
// an integer, an IntTuple, or a tuple holding layouts, tilers or None (a
// by-mode tiler, as CuTe reads a tuple of layouts).
text::Value to_value(py::handle h) {
  text::Value v;
  if (py::isinstance<PyLayout>(h)) return layout_value(h.cast<PyLayout const&>().l);
  if (py::isinstance<PyTiler>(h)) {
    v.kind = text::Value::tiler;
    v.til = h.cast<PyTiler const&>().t;
    return v;
  }
  if (h.is_none()) {
    v.kind = text::Value::underscore;
    return v;
  }
  if (is_int(h)) {
    v.kind = text::Value::integer;
    v.i = to_i64(h);
    engine::Error e;
    v.lay.leaf(engine::sint(v.i), engine::sint(1), e);
    return v;
  }
  if (py::isinstance<py::str>(h)) throw py::type_error("a string argument: use tessel.parse(text) or tessel.eval(expr)");
  if (is_inttuple(h)) {
    v.kind = text::Value::tuple;
    v.lay = inttuple(h);
    return v;
  }
  if (is_seq(h)) {
    v.kind = text::Value::tiler;
    engine::Error e;
    add_tiler_entry(v.til, h, e);
    if (e) engine_fail("", e);
    return v;
  }
  throw py::type_error("expected a Layout, a Tiler, None, an integer or a tuple, got " +
                       std::string(py::str(py::type::of(h))));
}

// One entry of a by-mode tiler: a layout, an integer n (n:1), None (`_`), an
// IntTuple (by-mode stride-1 entries, as CuTe), a nested tuple or a Tiler.
void add_tiler_entry(engine::Tiler& t, py::handle h, engine::Error& e) {
  if (h.is_none()) {
    t.push(engine::kUnderscore, e);
  } else if (py::isinstance<PyLayout>(h)) {
    t.add(h.cast<PyLayout const&>().l, e);
  } else if (is_int(h)) {
    engine::i64 n = to_i64(h);
    engine::Layout l;
    l.leaf(engine::sint(n), engine::sint(n == 1 ? 0 : 1), e);
    t.add(l, e);
  } else if (py::isinstance<PyTiler>(h)) {
    engine::Tiler const& s = h.cast<PyTiler const&>().t;
    if (!s.bymode()) {
      if (s.ntok == 1 && s.tok[0] == engine::kUnderscore) t.push(engine::kUnderscore, e);
      else t.add(s.ent[0], e);
      return;
    }
    // Copy its tokens, renumbering its entries.
    for (int i = 0; i < s.ntok; ++i) {
      if (s.tok[i] >= 0) t.add(s.ent[s.tok[i]], e);
      else t.push(s.tok[i], e);
    }
  } else if (is_seq(h)) {
    t.push(engine::kOpen, e);
    for (auto x : h) add_tiler_entry(t, x, e);
    t.push(engine::kClose, e);
  } else {
    throw py::type_error("a tiler entry must be a Layout, an integer, None, a tuple or a Tiler, got " +
                         std::string(py::str(py::type::of(h))));
  }
}

// Conversions of the text library (the same checks as `tessel eval`), its errors raised.
engine::Layout as_layout(py::handle h) {
  text::Value v = to_value(h);
  try {
    return text::as_layout(v, 0);
  } catch (text::EvalError const& e) {
    throw TextFailure{e, ""};
  }
}
engine::Tiler as_tiler(py::handle h) {
  text::Value v = to_value(h);
  try {
    return text::as_tiler(v, 0);
  } catch (text::EvalError const& e) {
    throw TextFailure{e, ""};
  }
}

// An IntTuple part of a layout as a Python int or nested tuple.
py::object part(engine::Layout const& l, bool strides, int& t, int& k) {
  if (l.tok[t] == engine::kLeaf) {
    ++t;
    engine::Int v = strides ? l.stride[k] : l.shape[k];
    ++k;
    return py::int_(v.v);
  }
  ++t;  // kOpen
  py::list items;
  while (t < l.ntok && l.tok[t] != engine::kClose) items.append(part(l, strides, t, k));
  ++t;  // kClose
  return py::tuple(items);
}
py::object part(engine::Layout const& l, bool strides) {
  if (l.ntok == 0) return py::tuple();
  int t = 0, k = 0;
  return part(l, strides, t, k);
}

py::object wrap(engine::Layout const& l) { return py::cast(PyLayout{l}); }

// A result of the text library's evaluator as a Python value.
py::object from_result(text::Result const& r) {
  if (auto const* i = std::get_if<engine::i64>(&r)) return py::int_(*i);
  text::Value const& v = std::get<text::Value>(r);
  switch (v.kind) {
    case text::Value::integer: return py::int_(v.i);
    case text::Value::tuple: return part(v.lay, false);
    case text::Value::tiler: return py::cast(PyTiler{v.til});
    case text::Value::underscore: return py::none();
    default: return wrap(v.lay);
  }
}

// ---- the calls the text library evaluates (not rows of the table) -------------------------------

py::object call_text(std::string const& name, py::args args) {
  text::Expr x;
  x.is_call = true;
  x.name = name;
  for (auto a : args) {
    text::Expr e;
    e.value = to_value(a);
    x.args.push_back(std::move(e));
  }
  try {
    return from_result(text::eval(x));
  } catch (text::EvalError const& e) {
    throw TextFailure{e, ""};
  }
}

// ---- the table of operations, as Python functions -----------------------------------------------

template <engine::Kind K>
struct ArgOf {
  using type = int;
};
template <>
struct ArgOf<engine::Kind::layout> {
  using type = engine::Layout;
};
template <>
struct ArgOf<engine::Kind::tiler> {
  using type = engine::Tiler;
};
template <>
struct ArgOf<engine::Kind::size> {
  using type = engine::Layout;  // the cotarget's shape
};

// An argument read as the row's kind says (as the text evaluator reads it).
// Shapes >= 1 (the checks of the text library's as_layout, for a Layout argument).
bool shapes_ok(engine::Layout const& l) {
  for (int k = 0; k < l.nleaf; ++k)
    if (l.shape[k].v < 1) return false;
  return true;
}

template <engine::Kind K>
typename ArgOf<K>::type read_arg(py::handle h, char const* op) {
  if constexpr (K == engine::Kind::layout) {
    // A Layout is read as is (the common case, without a text::Value), other values as the text library reads them.
    if (py::isinstance<PyLayout>(h)) {
      engine::Layout const& l = h.cast<PyLayout const&>().l;
      if (shapes_ok(l)) return l;
    }
    return as_layout(h);
  } else if constexpr (K == engine::Kind::tiler) {
    if (py::isinstance<PyLayout>(h)) {
      engine::Layout const& l = h.cast<PyLayout const&>().l;
      if (shapes_ok(l)) return engine::tiler_of(l);
    }
    if (py::isinstance<PyTiler>(h)) {
      engine::Tiler const& t = h.cast<PyTiler const&>().t;
      bool ok = true;
      for (int i = 0; i < t.nent && ok; ++i) {
        engine::Error e;
        engine::size(t.ent[i], e);
        ok = shapes_ok(t.ent[i]) && !e;
      }
      if (ok) return t;
    }
    return as_tiler(h);
  } else if constexpr (K == engine::Kind::size) {
    engine::Layout l = as_layout(h);
    engine::Error e;
    engine::size_int(l, e);
    if (e) engine_fail(op, e);
    return l;
  } else {
    return 0;
  }
}

char const* kind_name(engine::Kind k) {
  switch (k) {
    case engine::Kind::layout: return "layout";
    case engine::Kind::tiler: return "tiler";
    case engine::Kind::size: return "size";
    case engine::Kind::none: return "none";
  }
  return "?";
}

// The names of a row's arguments ("A,B" -> A, B).
std::vector<std::string> arg_names(char const* args) {
  std::vector<std::string> out;
  std::string cur;
  for (char const* p = args; *p; ++p) {
    if (*p == ',') out.push_back(cur), cur.clear();
    else cur += *p;
  }
  out.push_back(cur);
  return out;
}

// What each operation computes and when it is defined (docs/ADMISSIBILITY.md
// in short), appended to the table's help line in the Python docstrings. A row
// without an entry here still gets its function, with the table's help line.
char const* conditions(std::string const& name) {
  struct Entry {
    char const* name;
    char const* text;
  };
  static Entry const entries[] = {
      {"coalesce", "Definition: the same function on [0, size(L)) with neighbouring modes merged where d(i+1) = s(i)*d(i) and "
                   "size-1 modes dropped; with a profile, each mode of L is coalesced separately.\n"
                   "Admissible: always; a profile may not have more modes than L (rank_mismatch)."},
      {"filter_zeros", "Definition: L with the shape of every stride-0 mode replaced by 1.\nAdmissible: always."},
      {"filter", "Definition: coalesce(filter_zeros(L)), the modes that move; with a profile, mode by mode.\n"
                 "Admissible: always; a profile may not have more modes than L (rank_mismatch)."},
      {"composition",
       "Definition: R = A o B with R(c) = A(B(c)) for every coordinate c of B (R has B's shape when B is a layout; a "
       "tiler composes mode k of A with entry k).\n"
       "Admissible: for each leaf N:r of B, walking A's coalesced modes M0..Ma with c = |r|/(M0*...*M(i-1)): either Mi "
       "divides c or c < Mi and c divides Mi (stride_divisibility); the part F = min(Mi/c, q) a mode contributes must divide "
       "what is left q of N (shape_divisibility); A's last mode is unbounded. Several leaves must not carry from one of "
       "A's modes into the next (not_distributive). A tiler may not have more entries than A has modes (rank_mismatch). "
       "Where a condition fails but j -> A(j*r) is still a layout, that layout is returned."},
      {"complement",
       "Definition: the ordered layout R, R(0) = 0, strides increasing, whose image with A's tiles the range [0, M) "
       "(M rounded up to whole copies of A's span; without M, the cosize of A's moving modes).\n"
       "Admissible: A's moving modes sorted by stride form a chain, each stride a multiple of the previous shape*stride "
       "(not_injective when modes overlap, complement_chain otherwise); strides >= 0 (negative_stride)."},
      {"right_inverse", "Definition: the largest R with L(R(i)) = i for i in [0, size(R)), following strides 1, s*d, ... "
                        "through L's modes.\nAdmissible: always (size 1 when no mode has stride 1)."},
      {"left_inverse", "Definition: R with R(L(i)) = i for i in [0, size(L)), for an injective L.\n"
                       "Admissible: sorted by stride, each stride a multiple of the size covered so far "
                       "(left_inverse_divisibility), unless a small inverse is found from L's values."},
      {"logical_divide", "Definition: A o (B, complement(B, size(A))): mode 0 is the tile B, mode 1 the tiles' positions; by mode "
                         "for a tiler.\nAdmissible: the complement and the composition must be admissible."},
      {"zipped_divide", "Definition: logical_divide rearranged ((tiles...),(rests...)).\n"
                        "Admissible: as logical_divide; a mode kept with None must have rank 2 (zip_not_rank2)."},
      {"tiled_divide", "Definition: logical_divide rearranged ((tiles...),rests...).\n"
                       "Admissible: as logical_divide; a mode kept with None must have rank 2 (zip_not_rank2)."},
      {"flat_divide", "Definition: logical_divide rearranged (tiles...,rests...).\n"
                      "Admissible: as logical_divide; a mode kept with None must have rank 2 (zip_not_rank2)."},
      {"logical_product", "Definition: (A, complement(A, size(A)*cosize(B)) o B): A repeated as B lays out its copies.\n"
                          "Admissible: the complement and the composition must be admissible."},
      {"zipped_product", "Definition: logical_product rearranged ((A's modes...),(products...)).\n"
                         "Admissible: as logical_product; a mode kept with None must have rank 2 (zip_not_rank2)."},
      {"tiled_product", "Definition: logical_product rearranged ((A's modes...),products...).\n"
                        "Admissible: as logical_product; a mode kept with None must have rank 2 (zip_not_rank2)."},
      {"flat_product", "Definition: logical_product rearranged (A's modes...,products...).\n"
                       "Admissible: as logical_product; a mode kept with None must have rank 2 (zip_not_rank2)."},
      {"blocked_product", "Definition: A and B padded to the same rank; mode k is (A_k, P_k) with P = complement(A, "
                          "size(A)*cosize(B)) o B.\nAdmissible: as logical_product."},
      {"raked_product", "Definition: as blocked_product with mode k = (P_k, A_k).\nAdmissible: as logical_product."},
      {"nullspace", "Definition: the layout of the coordinates L sends to 0.\nAdmissible: always."},
      {"max_common_layout", "Definition: the largest R with A(R(i)) = B(R(i)) = i.\nAdmissible: the right inverse and "
                            "compositions it uses must be admissible."},
      {"make_ordered_layout", "Definition: the compact layout of the shape whose strides grow in the given order.\n"
                              "Admissible: shape and order congruent."},
  };
  for (Entry const& e : entries)
    if (name == e.name) return e.text;
  return "Admissible: see docs/ADMISSIBILITY.md.";
}

template <engine::Kind K0, engine::Kind K1, typename Fn>
void def_op(py::module_& m, char const* name, char const* args, char const* help, Fn fn) {
  std::vector<std::string> names = arg_names(args);
  std::string doc = std::string(name) + "(" + args + "): " + help + ".\n" + conditions(name) +
                    "\nErrors: tessel.AdmissibilityError naming the failed condition and its numbers.";
  if constexpr (K1 == engine::Kind::none) {
    m.def(
        name,
        [name, fn](py::object x) {
          auto a0 = read_arg<K0>(x, name);
          engine::Ctx cx;
          engine::Layout r = fn(a0, 0, cx);
          if (cx.err) engine_fail(name, cx.err);
          return PyLayout{r};
        },
        py::arg(names[0].c_str()), doc.c_str());
  } else {
    m.def(
        name,
        [name, fn](py::object x, py::object y) {
          auto a0 = read_arg<K0>(x, name);
          auto a1 = read_arg<K1>(y, name);
          engine::Ctx cx;
          engine::Layout r = fn(a0, a1, cx);
          if (cx.err) engine_fail(name, cx.err);
          return PyLayout{r};
        },
        py::arg(names[0].c_str()), py::arg(names.size() > 1 ? names[1].c_str() : "B"), doc.c_str());
  }
}

void def_table(py::module_& m) {
#define TESSEL_PY_OP(ID, NAME, K0, K1, CALL, ARGS, HELP)                                                  \
  def_op<engine::Kind::K0, engine::Kind::K1>(                                                             \
      m, NAME, ARGS, HELP,                                                                                \
      +[](ArgOf<engine::Kind::K0>::type const& a0, [[maybe_unused]] ArgOf<engine::Kind::K1>::type const& a1, \
          [[maybe_unused]] engine::Ctx& cx) -> engine::Layout { return TESSEL_RUN_ROW(CALL); });
  TESSEL_ALGEBRA_OPS(TESSEL_PY_OP)
#undef TESSEL_PY_OP

  py::list rows;
  for (engine::OpInfo const& op : engine::kOps)
    rows.append(py::dict(py::arg("name") = op.name, py::arg("arity") = op.arity,
                         py::arg("kinds") = op.arity == 1 ? py::make_tuple(kind_name(op.k0))
                                                          : py::make_tuple(kind_name(op.k0), kind_name(op.k1)),
                         py::arg("args") = op.args, py::arg("help") = op.help));
  m.attr("OPS") = rows;
}

// ---- coordinates and slices ---------------------------------------------------------------------

bool has_none(py::handle c) {
  if (c.is_none()) return true;
  if (!is_seq(c)) return false;
  for (auto x : c)
    if (has_none(x)) return true;
  return false;
}
// A coordinate with None read as 0 (for the offset of a slice).
void add_coord(engine::Layout& l, py::handle h, engine::Error& e) {
  if (h.is_none()) l.leaf(engine::sint(0), engine::sint(0), e);
  else if (is_int(h)) l.leaf(engine::sint(to_i64(h)), engine::sint(0), e);
  else if (is_seq(h)) {
    l.open(e);
    for (auto x : h) add_coord(l, x, e);
    l.close(e);
  } else {
    throw py::type_error("a coordinate is an integer, None or a tuple of them, got " + std::string(py::str(py::type::of(h))));
  }
  if (e) engine_fail("", e);
}
engine::Layout coord(py::handle h) {
  engine::Layout l;
  engine::Error e;
  add_coord(l, h, e);
  return l;
}

engine::i64 crd2idx(engine::Layout const& L, py::handle c, char const* op) {
  engine::Ctx cx;
  engine::Int r = engine::crd2idx(coord(c), L, cx);
  if (cx.err) engine_fail(op, cx.err);
  return r.v;
}

// The modes of node b of L that the coordinate c leaves free (None), as CuTe's slice:
// None keeps the node; a tuple keeps, in order, what each of its entries keeps.
void slice_node(py::handle c, engine::Layout const& L, int b, engine::Layout& out, engine::Error& e) {
  if (c.is_none()) {
    engine::append_node(out, L, b, engine::node_end(L, b), e);
    return;
  }
  int const n = engine::tuple_detail::children(L, b);
  if (L.tok[b] == engine::kLeaf || py::len(c) != std::size_t(n))
    throw py::value_error("slice: the coordinate " + std::string(py::str(c)) + " is not congruent to the layout's mode " +
                          text::format_part(L, false));
  out.open(e);
  int i = 0;
  for (auto x : c) {
    if (has_none(x)) slice_node(x, L, engine::tuple_detail::child(L, b, i), out, e);
    ++i;
  }
  out.close(e);
}

py::object slice(engine::Layout const& L, py::handle c, bool with_offset) {
  engine::Layout out;
  engine::Error e;
  if (c.is_none()) out = L;
  else if (!is_seq(c)) throw py::type_error("slice: the coordinate must be None or a tuple holding None");
  else slice_node(c, L, 0, out, e);
  if (e) engine_fail("slice", e);
  if (!with_offset) return wrap(out);
  return py::make_tuple(wrap(out), crd2idx(L, c, "slice"));
}

// ---- drawings -----------------------------------------------------------------------------------

std::string render(engine::Layout const& l, std::string const& format, engine::i64 max_cells) {
  text::Format f;
  if (!text::parse_format(format, f)) throw py::value_error("unknown format '" + format + "' (table, latex, svg, json, values)");
  try {
    return text::render(l, f, max_cells);
  } catch (text::EvalError const& e) {
    throw TextFailure{e, text::format(l)};
  }
}

std::string tiler_text(engine::Tiler const& t, int b) {
  if (t.tok[b] == engine::kUnderscore) return "_";
  if (t.tok[b] != engine::kOpen) return text::format(t.ent[t.tok[b]]);
  std::string s = "<";
  int e = engine::tiler_end(t, b);
  for (int c = b + 1; c < e - 1; c = engine::tiler_end(t, c)) s += (c > b + 1 ? "," : "") + tiler_text(t, c);
  return s + ">";
}
py::object tiler_entries(engine::Tiler const& t, int b) {
  if (t.tok[b] == engine::kUnderscore) return py::none();
  if (t.tok[b] != engine::kOpen) return wrap(t.ent[t.tok[b]]);
  py::list items;
  int e = engine::tiler_end(t, b);
  for (int c = b + 1; c < e - 1; c = engine::tiler_end(t, c)) items.append(tiler_entries(t, c));
  return py::tuple(items);
}


text::Expr parse_expr(std::string const& s) {
  text::Expr x;
  text::EvalError err;
  if (!text::parse(s, x, err)) throw TextFailure{err, s};
  return x;
}

// ---- timing: the engine's own cost of a call, measured in C++ (bench/bench_python.py) --------------

double engine_ns_per_call(std::string const& op, PyLayout const& A, py::object B, long iterations) {
  engine::Tiler T = as_tiler(B);
  engine::Layout const a = A.l;
  volatile int sink = 0;
  auto t0 = std::chrono::steady_clock::now();
  for (long i = 0; i < iterations; ++i) {
    engine::Ctx cx;
    engine::Layout r = op == "composition" ? engine::composition(a, T, cx) : engine::logical_divide(a, T, cx);
    sink = sink + r.nleaf + int(cx.err.code);
  }
  auto t1 = std::chrono::steady_clock::now();
  (void)sink;
  return std::chrono::duration<double, std::nano>(t1 - t0).count() / double(iterations);
}

}  // namespace

PYBIND11_MODULE(_tessel, m) {
  m.doc() = "tessel's engine and text library (the extension module under the tessel package)";
  py::register_exception_translator(&translate);

  py::class_<PyLayout>(m, "Layout", "A layout: a function from coordinates to indices, shape:stride.")
      .def(py::init([](py::object shape, py::object stride) {
             if (py::isinstance<PyLayout>(shape) && stride.is_none()) return shape.cast<PyLayout>();
             if (py::isinstance<py::str>(shape) && stride.is_none()) {  // Layout("(4,8):(1,4)")
               std::string s = shape.cast<std::string>();
               text::Expr x = parse_expr(s);
               if (x.is_call) throw py::value_error("Layout: '" + s + "' is an expression; tessel.eval evaluates it");
               return PyLayout{as_layout(from_result(x.value))};
             }
             if (!is_inttuple(shape)) throw py::type_error("Layout(shape, stride): the shape must be an integer or a tuple of integers");
             engine::Layout l = inttuple(shape);
             for (int k = 0; k < l.nleaf; ++k)
               if (l.shape[k].v < 1) engine_fail("Layout", engine::Error{engine::Err::shape_not_positive, l.shape[k].v, 0, 0});
             if (stride.is_none()) return PyLayout{as_layout(shape)};
             if (!is_inttuple(stride)) throw py::type_error("Layout(shape, stride): the stride must be an integer or a tuple of integers");
             engine::Layout s = inttuple(stride);
             if (!engine::tuple_detail::congruent(l, s))
               throw py::value_error("Layout(shape, stride): the shape " + text::format_part(l, false, false) + " and the stride " +
                                     text::format_part(s, false, false) + " are not congruent (they must have the same tuple structure)");
             for (int k = 0; k < l.nleaf; ++k) l.stride[k] = s.shape[k];
             return PyLayout{l};
           }),
           py::arg("shape"), py::arg("stride") = py::none())
      .def_property_readonly("shape", [](PyLayout const& s) { return part(s.l, false); }, "The shape, an int or nested tuple.")
      .def_property_readonly("stride", [](PyLayout const& s) { return part(s.l, true); }, "The stride, congruent to the shape.")
      .def("size", [](PyLayout const& s) {
             engine::Error e;
             engine::i64 n = engine::size(s.l, e);
             if (e) engine_fail("size", e);
             return n;
           }, "The number of coordinates: the product of the shape.")
      .def("cosize", [](PyLayout const& s) {
             engine::Error e;
             engine::i64 n = engine::cosize(s.l, e);
             if (e) engine_fail("cosize", e);
             return n;
           }, "One more than the largest index reached, L(size-1)+1 for non-negative strides.")
      .def("rank", [](PyLayout const& s) { return engine::rank(s.l); }, "The number of top-level modes (1 for an integer shape).")
      .def("depth", [](PyLayout const& s) { return engine::depth(s.l); }, "How deeply the shape nests (0 for an integer shape).")
      .def("__len__", [](PyLayout const& s) { return engine::rank(s.l); })
      .def("__call__", [](PyLayout const& s, py::args args) -> py::object {
             if (args.size() == 0) throw py::type_error("L(c): a coordinate is needed");
             py::object c = args.size() == 1 ? py::object(args[0]) : py::object(py::tuple(args));
             if (has_none(c)) return slice(s.l, c, false);
             return py::int_(crd2idx(s.l, c, "evaluation"));
           }, "L(i), L(i, j, ...) or L((i, (j, k))): the index of a coordinate; with None in it, the slice.")
      .def("__getitem__", [](PyLayout const& s, py::object c) -> py::object {
             if (is_int(c)) {  // mode i, as pycute's L[i] and CuTe's layout<i>(L)
               engine::i64 i = to_i64(c), r = engine::rank(s.l);
               if (i < 0) i += r;
               if (i < 0 || i >= r) throw py::index_error("mode " + std::string(py::str(c)) + " of a layout of rank " + std::to_string(r));
               engine::Error e;
               engine::Layout m = engine::mode(s.l, int(i), e);
               if (e) engine_fail("get", e);
               return wrap(m);
             }
             if (has_none(c)) return slice(s.l, c, false);
             return py::int_(crd2idx(s.l, c, "evaluation"));
           }, "L[i]: mode i (a Layout; L is iterable over its modes); L[(None, j)]: the sub-layout of the "
              "free (None) modes, as CuTe's slice; L[(i, j)]: L(i, j).")
      .def("slice_and_offset", [](PyLayout const& s, py::object c) { return slice(s.l, c, true); }, py::arg("crd"),
           "(L[crd], L(crd with None as 0)), as CuTe's slice_and_offset.")
      .def("__eq__", [](PyLayout const& a, py::object b) -> py::object {
             if (!py::isinstance<PyLayout>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             return py::bool_(engine::same_values(a.l, b.cast<PyLayout const&>().l));
           })
      .def("__hash__", [](PyLayout const& s) { return py::hash(py::make_tuple(part(s.l, false), part(s.l, true))); })
      .def("__str__", [](PyLayout const& s) { return text::format(s.l); }, "CuTe notation, as `tessel eval` prints.")
      .def("__repr__", [](PyLayout const& s) {
             return "tessel.Layout(" + std::string(py::repr(part(s.l, false))) + ", " + std::string(py::repr(part(s.l, true))) + ")";
           })
      .def("format", [](PyLayout const& s, bool underscores) { return text::format(s.l, underscores); },
           py::arg("underscores") = true, "CuTe notation; underscores=False prints 8:1 for _8:_1.")
      .def("render", [](PyLayout const& s, std::string const& format, engine::i64 max_cells) { return render(s.l, format, max_cells); },
           py::arg("format") = "table", py::arg("max_cells") = 0,
           "The drawing `tessel show -f FORMAT` makes: table, svg, latex, json or values.")
      .def("values", [](PyLayout const& s, engine::i64 max_values) {
             engine::Error e;
             engine::i64 n = engine::size(s.l, e);
             if (e) engine_fail("values", e);
             engine::i64 cap = max_values > 0 ? max_values : text::kMaxValues;
             if (n > cap)
               throw py::value_error("values: the layout has " + std::to_string(n) + " values, more than max_values=" + std::to_string(cap));
             py::array_t<engine::i64> out(static_cast<py::ssize_t>(n));
             auto w = out.mutable_unchecked<1>();
             for (engine::i64 i = 0; i < n; ++i) {
               w(i) = engine::eval(s.l, i, e);
               if (e) engine_fail("values", e);
             }
             return out;
           }, py::arg("max_values") = 0, "L(0), ..., L(size-1) as a NumPy int64 array.");

  py::class_<PyTiler>(m, "Tiler", "A by-mode tiler <B0, B1, ...>: entry k applies to mode k; None is CuTe's `_`.")
      .def(py::init([](py::args entries) {
             PyTiler t;
             engine::Error e;
             add_tiler_entry(t.t, py::tuple(entries), e);
             if (e) engine_fail("Tiler", e);
             return t;
           }))
      .def_property_readonly("entries", [](PyTiler const& t) -> py::object {
             py::object r = tiler_entries(t.t, 0);
             return py::isinstance<py::tuple>(r) ? r : py::make_tuple(r);
           }, "The entries: Layouts, None for `_`, tuples for nested tilers.")
      .def("__str__", [](PyTiler const& t) { return tiler_text(t.t, 0); })
      .def("__repr__", [](PyTiler const& t) {
             py::object r = tiler_entries(t.t, 0);
             py::tuple items = py::isinstance<py::tuple>(r) ? py::tuple(r) : py::make_tuple(r);
             std::string s = "tessel.Tiler(";
             for (std::size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + std::string(py::repr(items[i]));
             return s + ")";
           })
      .def("__eq__", [](PyTiler const& a, py::object b) -> py::object {
             if (!py::isinstance<PyTiler>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             return py::bool_(tiler_text(a.t, 0) == tiler_text(b.cast<PyTiler const&>().t, 0));
           })
      .def("__hash__", [](PyTiler const& t) { return py::hash(py::str(tiler_text(t.t, 0))); });

  def_table(m);

  m.def("call", &call_text, py::arg("name"),
        "call(name, *args): a call of the text library's evaluator (size, make_layout, idx2crd, get, ...), "
        "the arguments given as Python values.");
  m.def("parse", [](std::string const& s) {
          text::Expr x = parse_expr(s);
          if (x.is_call) throw py::value_error("parse: '" + s + "' is an expression; tessel.eval evaluates it");
          return from_result(x.value);
        }, py::arg("text"),
        "The value written in CuTe notation: a layout \"(4,8):(1,4)\", an IntTuple \"(4,8)\", an integer or a tiler \"<4:1,_>\".");
  m.def("eval", [](std::string const& s) {
          text::Expr x = parse_expr(s);
          try {
            return from_result(text::eval(x));
          } catch (text::EvalError const& e) {
            throw TextFailure{e, s};
          }
        }, py::arg("expr"), "The value of an expression, as `tessel eval` computes it.");
  m.def("eval_text", [](std::string const& s) {
          text::Expr x = parse_expr(s);
          try {
            return text::to_text(text::eval(x));
          } catch (text::EvalError const& e) {
            throw TextFailure{e, s};
          }
        }, py::arg("expr"), "The text `tessel eval EXPR` prints.");
  m.def("check", [](std::string const& s) {
          text::CheckReport r = text::check(s);
          return py::dict(py::arg("admissible") = r.admissible && r.status == text::kOk, py::arg("trace") = r.trace,
                          py::arg("failure") = r.failure, py::arg("pos") = r.pos, py::arg("status") = r.status);
        }, py::arg("expr"), "The engine's steps for an expression (tessel check), as a dict.");
  m.def("help_calls", &text::help_calls, "The help text of the calls (tessel --help).");
  m.def("describe_code", [](std::string const& name) -> py::object {
          for (int c = 1; c <= kLastErr; ++c)
            if (name == code_name(engine::Err(c))) return py::str(engine::message(engine::Err(c)));
          return py::none();
        }, py::arg("code"), "The condition an error code names.");
  m.def("_engine_ns_per_call", &engine_ns_per_call, py::arg("op"), py::arg("A"), py::arg("B"), py::arg("iterations"),
        "Nanoseconds per call of engine::composition or engine::logical_divide (op), timed in C++.");
}
