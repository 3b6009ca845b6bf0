// tools/eval.cpp: parsing and evaluating expressions over the runtime engine
// (include/tessel/rt), and `tessel eval`.
#include <ostream>

#include "cli.hpp"

namespace tessel::cli {

namespace {

// The first bracket that nests deeper than kMaxNesting, or npos.
std::size_t too_deep(std::string const& text) {
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '(' || c == '<') {
      if (++depth > kMaxNesting) return i;
    } else if (c == ')' || c == '>') {
      --depth;
    }
  }
  return std::string::npos;
}

[[noreturn]] void fail(std::size_t pos, std::string what, int status) { throw EvalError{pos, std::move(what), status}; }
[[noreturn]] void fail(std::size_t pos, rt::Error const& e) { fail(pos, rt::describe_error(e), kInadmissible); }

// Shapes >= 1: the engine's operations divide by them.
void check_shapes(rt::Layout const& l, std::size_t pos) {
  for (int k = 0; k < l.nleaf; ++k)
    if (l.shape[k].v < 1) fail(pos, rt::Error{rt::Err::shape_not_positive, l.shape[k].v, 0, 0});
}

// A bare IntTuple as a tiler is by-mode with stride-1 entries, as in CuTe.
void shape_to_tiler(rt::Layout const& s, int b, rt::Tiler& t, rt::Error& e) {
  if (s.tok[b] != rt::kOpen) {
    rt::Layout l;
    l.leaf(s.shape[rt::leaves_before(s, b)], rt::sint(1), e);
    t.add(l, e);
    return;
  }
  t.push(rt::kOpen, e);
  int end = rt::node_end(s, b);
  for (int c = b + 1; c < end - 1; c = rt::node_end(s, c)) shape_to_tiler(s, c, t, e);
  t.push(rt::kClose, e);
}

rt::Value layout_value(rt::Layout const& l) {
  rt::Value v;
  v.kind = rt::Value::layout;
  v.lay = l;
  return v;
}

rt::Value arg_value(rt::Expr const& x, std::size_t i) {
  if (i >= x.args.size()) fail(x.pos, x.name + ": missing argument " + std::to_string(i + 1), kSyntax);
  return as_value(eval(x.args[i]));
}

// An IntTuple (or integer) result of the engine as a value.
rt::Value tuple_value(rt::Layout const& t) {
  rt::Value v;
  v.lay = t;
  v.kind = t.is_tuple() ? rt::Value::tuple : rt::Value::integer;
  if (v.kind == rt::Value::integer) v.i = t.shape[0].v;
  return v;
}
rt::Value int_value(rt::Int n) {
  rt::Layout l;
  rt::Error e;
  l.leaf(n, rt::sint(0), e);
  return tuple_value(l);
}
bool is_inttuple(rt::Value const& v) { return v.kind == rt::Value::integer || v.kind == rt::Value::tuple; }

bool is_tuple_call(std::string const& f) {
  static char const* const names[] = {"", "shape", "stride", "get", "select", "take", "flatten", "group",
                                      "append", "prepend", "idx2crd", "crd2idx"};
  for (char const* n : names)
    if (f == n) return true;
  return false;
}

// The calls on IntTuples and layouts of rt/tuple_ops.hpp (shape, stride, get,
// select, take, flatten, group, append, prepend, idx2crd, crd2idx) and the
// evaluation X(c), on the values a of the arguments.
[[gnu::noinline]] void tuple_apply(rt::Expr const& x, std::vector<rt::Value> const& a, Result& out) {
  std::string const& f = x.name;
  std::size_t const nargs = x.args.size();
  std::string const name = f.empty() ? "evaluation" : f;
  auto usage = [&](std::string const& how) { fail(x.pos, name + ": takes " + how, kSyntax); };
  auto pos_of = [&](std::size_t i) { return i < nargs ? x.args[i].pos : x.pos; };
  auto inttuple = [&](std::size_t i, char const* what) -> rt::Layout {
    if (!is_inttuple(a[i])) fail(pos_of(i), name + ": expected " + what + " (an integer or an IntTuple)", kSyntax);
    return a[i].lay;
  };
  auto index = [&](std::size_t i) -> rt::i64 {
    if (a[i].kind != rt::Value::integer) fail(pos_of(i), name + ": expected an integer index", kSyntax);
    return a[i].i;
  };
  auto indices = [&](std::size_t from) {
    std::vector<rt::i64> v;
    for (std::size_t i = from; i < nargs; ++i) v.push_back(index(i));
    return v;
  };
  // A layout argument keeps its strides; an IntTuple stays an IntTuple
  // (for get, select, take, flatten, group, append, prepend).
  auto either = [&](std::size_t i) -> rt::Layout {
    if (a[i].kind == rt::Value::layout || is_inttuple(a[i])) return a[i].lay;
    fail(pos_of(i), name + ": expected a layout, an IntTuple or an integer", kSyntax);
  };
  rt::Ctx cx;
  // An engine error: the caret under the call, or under the coordinate of an evaluation.
  auto check = [&] {
    if (!cx.err) return;
    std::string d = rt::describe_error(cx.err);
    fail(f.empty() ? pos_of(1) : x.pos, d.rfind(name + ":", 0) == 0 ? d : name + ": " + d, kInadmissible);
  };
  // The value of a structural result: a layout when the argument was one.
  auto shaped = [&](rt::Layout const& r, bool layout) -> Result {
    check();
    if (!layout) return tuple_value(r);
    rt::Value v;
    v.kind = rt::Value::layout;
    v.lay = r;
    return v;
  };

  if (f.empty()) {  // X(c) or X(c0, c1, ...): the layout X at a coordinate
    if (nargs < 2) usage("a coordinate: X(c) or X(c0,c1,...)");
    rt::Layout L = as_layout(a[0], pos_of(0));
    rt::Layout c;
    if (nargs == 2) {
      c = inttuple(1, "a coordinate");
    } else {
      rt::Builder b(cx.err);
      for (std::size_t i = 1; i < nargs; ++i) b.add(inttuple(i, "a coordinate"));
      c = b.done();
      if (cx.err) fail(pos_of(1), "evaluation: the coordinate is too large for the engine", kInadmissible);
    }
    rt::Int r = rt::crd2idx(c, L, cx);
    check();
    out = int_value(r);
    return;
  }
  if (f == "shape" || f == "stride") {  // shape(L[, i...]) = shape(get(L, i...))
    if (nargs < 1) usage("a layout and optional mode indices: " + f + "(L[,i...])");
    rt::Layout L = as_layout(a[0], pos_of(0));
    std::vector<rt::i64> ix = indices(1);
    if (!ix.empty()) L = rt::get(L, ix.data(), int(ix.size()), cx);
    check();
    out = tuple_value(f == "shape" ? rt::shape_of(L) : rt::stride_of(L));
    return;
  }
  if (f == "get" || f == "select") {
    if (nargs < 2) usage("a value and at least one index: " + f + "(X,i,...)");
    rt::Layout X = either(0);
    std::vector<rt::i64> ix = indices(1);
    rt::Layout r = f == "get" ? rt::get(X, ix.data(), int(ix.size()), cx) : rt::select(X, ix.data(), int(ix.size()), cx);
    out = shaped(r, a[0].kind == rt::Value::layout);
    return;
  }
  if (f == "take" || f == "group") {
    if (nargs != 3) usage("3 arguments: " + f + "(X,begin,end), the modes [begin,end)");
    rt::Layout X = either(0);
    rt::i64 b = index(1), e = index(2);
    out = shaped(f == "take" ? rt::take(X, b, e, cx) : rt::group(X, b, e, cx), a[0].kind == rt::Value::layout);
    return;
  }
  if (f == "flatten") {
    if (nargs != 1) usage("1 argument");
    rt::Layout X = either(0);
    out = shaped(rt::flatten(X, cx), a[0].kind == rt::Value::layout);
    return;
  }
  if (f == "append" || f == "prepend") {
    // append(X, Y): layouts when either is a layout (an IntTuple then means its
    // compact layout), else IntTuples; append(L) adds the mode _1:_0 to a layout.
    if (nargs < 1 || nargs > 2) usage("2 arguments: " + f + "(X,Y) (or 1 for a layout: " + f + "(L) adds _1:_0)");
    bool layout = a[0].kind == rt::Value::layout || (nargs == 2 && a[1].kind == rt::Value::layout);
    rt::Layout X, Y;
    if (nargs == 1) {
      if (!layout) usage("2 arguments: " + f + "(X,Y) (1 only for a layout)");
      X = a[0].lay;
      rt::Error e;
      Y.leaf(rt::sint(1), rt::sint(0), e);
    } else if (layout) {
      X = as_layout(a[0], pos_of(0));
      Y = as_layout(a[1], pos_of(1));
    } else {
      X = either(0);
      Y = either(1);
    }
    out = shaped(f == "append" ? rt::append(X, Y, cx) : rt::prepend(X, Y, cx), layout);
    return;
  }
  if (f == "idx2crd") {
    if (nargs < 2 || nargs > 3) usage("2 or 3 arguments: idx2crd(i,shape[,stride])");
    rt::Layout i = inttuple(0, "an index"), s = inttuple(1, "a shape");
    rt::Layout r = nargs == 2 ? rt::idx2crd(i, s, cx) : rt::idx2crd(i, s, inttuple(2, "a stride"), cx);
    check();
    out = tuple_value(r);
    return;
  }
  // crd2idx(c, shape[, stride]), or crd2idx(c, L) with a layout L.
  if (nargs < 2 || nargs > 3) usage("2 or 3 arguments: crd2idx(c,shape[,stride]) or crd2idx(c,L)");
  rt::Layout c = inttuple(0, "a coordinate");
  rt::Int r;
  if (a[1].kind == rt::Value::layout) {
    if (nargs == 3) fail(pos_of(2), "crd2idx: the layout already has its stride", kSyntax);
    r = rt::crd2idx(c, a[1].lay, cx);
  } else if (nargs == 2) {
    r = rt::crd2idx_compact(c, inttuple(1, "a shape"), cx);
  } else {
    r = rt::crd2idx(c, inttuple(1, "a shape"), inttuple(2, "a stride"), cx);
  }
  check();
  out = int_value(r);
}

// Evaluates the arguments (eval recurses through here, so this frame stays
// small: the computation is in tuple_apply), then the call. False when x is not
// one of the tuple calls.
[[gnu::noinline]] bool tuple_call(rt::Expr const& x, Result& out) {
  if (!is_tuple_call(x.name)) return false;
  std::vector<rt::Value> a;  // the arguments, evaluated left to right
  a.reserve(x.args.size());
  for (std::size_t i = 0; i < x.args.size(); ++i) a.push_back(arg_value(x, i));
  tuple_apply(x, a, out);
  return true;
}

}  // namespace

bool parse(std::string const& text, rt::Expr& out, EvalError& err) {
  if (std::size_t at = too_deep(text); at != std::string::npos) {
    err = {at, "syntax error: expected at most " + std::to_string(kMaxNesting) + " nested brackets", kSyntax};
    return false;
  }
  rt::SyntaxError se;
  if (rt::Parser(text).parse(out, se)) return true;
  if (se.expected == "an integer that fits in 64 bits")
    err = {se.pos, "integer overflow: the integer does not fit in 64 bits (at most 9223372036854775807)", kInadmissible};
  else
    err = {se.pos, "syntax error: expected " + se.expected, kSyntax};
  return false;
}

rt::Value as_value(Result const& r) {
  if (auto const* v = std::get_if<rt::Value>(&r)) return *v;
  rt::Value v;
  v.kind = rt::Value::integer;
  v.i = std::get<rt::i64>(r);
  rt::Error e;
  v.lay.leaf(rt::sint(v.i), rt::sint(1), e);
  return v;
}

rt::Layout as_layout(rt::Value const& v, std::size_t pos) {
  if (v.kind == rt::Value::tiler || v.kind == rt::Value::underscore) fail(pos, "expected a layout, an IntTuple or an integer", kSyntax);
  rt::Layout l = v.lay;
  check_shapes(l, pos);
  if (v.kind != rt::Value::layout) {  // the compact column-major layout, strides checked for overflow
    rt::Error e;
    rt::Arith ar{&e};
    rt::Int p = rt::sint(1);
    for (int k = 0; k < l.nleaf; ++k) {
      l.stride[k] = rt::known(l.shape[k], 1) ? rt::sint(0) : p;  // a static size-1 mode: _0, as CuTe
      p = ar.mul(p, l.shape[k]);
      if (e && k + 1 < l.nleaf)
        fail(pos, "integer overflow: the compact column-major strides of this shape do not fit in 64 bits [" +
                      std::to_string(e.a) + " * " + std::to_string(e.b) + "]", kInadmissible);
    }
  }
  return l;
}

rt::Tiler as_tiler(rt::Value const& v, std::size_t pos) {
  rt::Error e;
  rt::Tiler t;
  switch (v.kind) {
    case rt::Value::tiler: t = v.til; break;
    case rt::Value::underscore: t.push(rt::kUnderscore, e); return t;
    case rt::Value::tuple: check_shapes(v.lay, pos); shape_to_tiler(v.lay, 0, t, e); break;
    default: t = rt::tiler_of(as_layout(v, pos));
  }
  if (e) fail(pos, "tiler too large for the engine", kInadmissible);
  for (int i = 0; i < t.nent; ++i) {
    check_shapes(t.ent[i], pos);
    rt::size(t.ent[i], e);  // a bare IntTuple entry got compact strides: its size must fit
    if (e) fail(pos, e);
  }
  return t;
}

namespace {

// The algebra calls, size & co. and make_layout.
[[gnu::noinline]] Result algebra_call(rt::Expr const& x) {
  std::string const& f = x.name;
  std::size_t nargs = x.args.size();
  rt::Ctx cx;
  auto engine_error = [&] {
    std::string d = rt::describe_error(cx.err);
    fail(x.pos, d.rfind(f + ":", 0) == 0 ? d : f + ": " + d, kInadmissible);
  };
  auto done = [&](rt::Layout const& l) -> Result {
    if (cx.err) engine_error();
    return layout_value(l);
  };
  auto pos_of = [&](std::size_t i) { return i < nargs ? x.args[i].pos : x.pos; };
  auto L = [&](std::size_t i) { return as_layout(arg_value(x, i), pos_of(i)); };
  auto A = [&] { return L(0); };
  auto T = [&] { return as_tiler(arg_value(x, 1), pos_of(1)); };
  auto want = [&](std::size_t lo, std::size_t hi) {
    if (nargs < lo || nargs > hi)
      fail(x.pos, f + ": takes " + std::to_string(lo) + (hi > lo ? " or " + std::to_string(hi) : "") + " argument" + (hi > 1 ? "s" : ""), kSyntax);
  };

  if (f == "size" || f == "cosize" || f == "rank" || f == "depth") {
    want(1, 1);
    rt::Layout l = A();
    // Static as in CuTe: rank and depth always, size and cosize when the integers they use are.
    rt::Int r = f == "size"     ? rt::size_int(l, cx.err)
                : f == "cosize" ? rt::cosize_int(l, cx.err)
                : f == "rank"   ? rt::sint(rt::rank(l))
                                : rt::sint(rt::depth(l));
    if (cx.err) engine_error();
    return int_value(r);
  }
  if (f == "coalesce" || f == "filter") {
    want(1, 2);
    rt::Layout l = A();
    if (nargs == 1) return done(f == "coalesce" ? rt::coalesce(l, cx) : rt::filter(l, cx));
    rt::Layout p = L(1);
    return done(f == "coalesce" ? rt::coalesce(l, p, cx) : rt::filter(l, p, cx));
  }
  if (f == "filter_zeros") { want(1, 1); return done(rt::filter_zeros(A())); }
  if (f == "composition") { want(2, 2); return done(rt::composition(A(), T(), cx)); }
  if (f == "complement") {
    want(1, 2);
    rt::Layout l = A();
    if (nargs == 1) return done(rt::complement(l, cx));
    rt::i64 m = rt::size(L(1), cx.err);
    if (cx.err) engine_error();
    return done(rt::complement(l, rt::sint(m), cx));
  }
  if (f == "right_inverse") { want(1, 1); return done(rt::right_inverse(A(), cx)); }
  if (f == "left_inverse") { want(1, 1); return done(rt::left_inverse(A(), cx)); }
  if (f == "logical_divide") { want(2, 2); return done(rt::logical_divide(A(), T(), cx)); }
  if (f == "zipped_divide") { want(2, 2); return done(rt::zipped_divide(A(), T(), cx)); }
  if (f == "tiled_divide") { want(2, 2); return done(rt::tiled_divide(A(), T(), cx)); }
  if (f == "flat_divide") { want(2, 2); return done(rt::flat_divide(A(), T(), cx)); }
  if (f == "logical_product") { want(2, 2); return done(rt::logical_product(A(), T(), cx)); }
  if (f == "zipped_product") { want(2, 2); return done(rt::zipped_product(A(), T(), cx)); }
  if (f == "tiled_product") { want(2, 2); return done(rt::tiled_product(A(), T(), cx)); }
  if (f == "flat_product") { want(2, 2); return done(rt::flat_product(A(), T(), cx)); }
  if (f == "blocked_product" || f == "raked_product") {
    want(2, 2);
    rt::Layout a = A(), b = L(1);
    return done(f == "blocked_product" ? rt::blocked_product(a, b, cx) : rt::raked_product(a, b, cx));
  }
  if (f == "nullspace") { want(1, 1); return done(rt::nullspace(A(), cx)); }
  if (f == "max_common_layout" || f == "max_common_vector") {
    want(2, 2);
    rt::Layout r = rt::max_common_layout(A(), L(1), cx);
    if (f == "max_common_layout") return done(r);
    if (cx.err) engine_error();
    rt::Int n = rt::size_int(r, cx.err);
    if (cx.err) engine_error();
    return int_value(n);
  }
  if (f == "make_layout") {
    if (nargs == 0) fail(x.pos, "make_layout: takes at least one argument", kSyntax);
    // As CuTe: make_layout(shape) is the compact layout, make_layout(shape,
    // stride) of two IntTuples is shape:stride, make_layout(L0, L1, ...) of
    // layouts has them as its modes.
    if (nargs <= 2) {
      rt::Value const s0 = arg_value(x, 0);
      if (is_inttuple(s0) && nargs == 1) return layout_value(as_layout(s0, pos_of(0)));
      rt::Value const s1 = nargs == 2 ? arg_value(x, 1) : rt::Value{};
      if (nargs == 2 && is_inttuple(s0) && is_inttuple(s1)) {
        if (!rt::tuple_detail::congruent(s0.lay, s1.lay))
          fail(x.pos, "make_layout: the shape and the stride are not congruent (they must have the same tuple structure)",
               kInadmissible);
        rt::Layout l = as_layout(s0, pos_of(0));
        for (int k = 0; k < l.nleaf; ++k) l.stride[k] = s1.lay.shape[k];
        return layout_value(l);
      }
    }
    rt::Builder b(cx.err);
    for (std::size_t i = 0; i < nargs; ++i) b.add(L(i));
    return done(b.done());
  }
  fail(x.pos, "unknown function '" + f + "' (see tessel --help)", kSyntax);
}

}  // namespace

Result eval(rt::Expr const& x) {
  if (!x.is_call) return x.value;
  if (Result r; tuple_call(x, r)) return r;
  return algebra_call(x);
}

std::string to_text(Result const& r) {
  if (auto const* i = std::get_if<rt::i64>(&r)) return std::to_string(*i);
  rt::Value const& v = std::get<rt::Value>(r);
  switch (v.kind) {
    case rt::Value::integer: return (v.lay.nleaf == 1 && !v.lay.shape[0].is_static ? "" : "_") + std::to_string(v.i);
    case rt::Value::tuple: return rt::format_part(v.lay, false);
    case rt::Value::underscore: return "_";
    case rt::Value::tiler: return "<tiler>";
    default: return rt::format(v.lay);
  }
}

void report(std::ostream& os, std::string const& text, EvalError const& e) {
  std::size_t pos = e.pos <= text.size() ? e.pos : text.size();
  os << "tessel: " << e.what << "\n  " << text << "\n  " << std::string(pos, ' ') << "^\n";
}

rt::Layout eval_layout(std::string const& text) {
  rt::Expr x;
  EvalError err;
  if (!parse(text, x, err)) throw err;
  return as_layout(as_value(eval(x)), x.pos);
}

int run_eval(std::vector<std::string> const& exprs, std::ostream& out, std::ostream& err) {
  int status = kOk;
  for (auto const& text : exprs) {
    try {
      rt::Expr x;
      EvalError pe;
      if (!parse(text, x, pe)) throw pe;
      out << to_text(eval(x)) << "\n";
    } catch (EvalError const& e) {
      report(err, text, e);
      if (status == kOk) status = e.status;
    }
  }
  return status;
}

}  // namespace tessel::cli
