// src/text/eval.cpp: parsing and evaluating expressions over the runtime engine
// (include/tessel/engine), dispatched through the table of operations (engine/ops.hpp).
#include <algorithm>
#include <ostream>

#include <tessel/engine/ops.hpp>

#include <tessel/text/text.hpp>

namespace tessel::text {

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
[[noreturn]] void fail(std::size_t pos, engine::Error const& e) { fail(pos, text::describe_error(e), kInadmissible); }
// An engine error of the call x, named by the call (unless the message already starts with it).
[[noreturn]] void call_failed(text::Expr const& x, engine::Error const& e) {
  std::string const d = text::describe_error(e);
  fail(x.pos, d.rfind(x.name + ":", 0) == 0 ? d : x.name + ": " + d, kInadmissible);
}

// Shapes >= 1: the engine's operations divide by them.
void check_shapes(engine::Layout const& l, std::size_t pos) {
  for (int k = 0; k < l.nleaf; ++k)
    if (l.shape[k].v < 1) fail(pos, engine::Error{engine::Err::shape_not_positive, l.shape[k].v, 0, 0});
}

// A bare IntTuple as a tiler is by-mode with stride-1 entries, as in CuTe.
void shape_to_tiler(engine::Layout const& s, int b, engine::Tiler& t, engine::Error& e) {
  if (s.tok[b] != engine::kOpen) {
    t.add_int(s.shape[engine::leaves_before(s, b)], e);
    return;
  }
  t.push(engine::kOpen, e);
  int end = engine::node_end(s, b);
  for (int c = b + 1; c < end - 1; c = engine::node_end(s, c)) shape_to_tiler(s, c, t, e);
  t.push(engine::kClose, e);
}

text::Value layout_value(engine::Layout const& l) {
  text::Value v;
  v.kind = text::Value::layout;
  v.lay = l;
  return v;
}

text::Value arg_value(text::Expr const& x, std::size_t i, Tracer* tracer) {
  if (i >= x.args.size()) fail(x.pos, x.name + ": missing argument " + std::to_string(i + 1), kSyntax);
  return as_value(eval(x.args[i], tracer));
}

// An IntTuple (or integer) result of the engine as a value.
text::Value tuple_value(engine::Layout const& t) {
  text::Value v;
  v.lay = t;
  v.kind = t.is_tuple() ? text::Value::tuple : text::Value::integer;
  if (v.kind == text::Value::integer) v.i = t.shape[0].v;
  return v;
}
text::Value int_value(engine::Int n) {
  engine::Layout l;
  engine::Error e;
  l.leaf(n, engine::sint(0), e);
  return tuple_value(l);
}
bool is_inttuple(text::Value const& v) { return v.kind == text::Value::integer || v.kind == text::Value::tuple; }

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
[[gnu::noinline]] void tuple_apply(text::Expr const& x, std::vector<text::Value> const& a, Result& out) {
  std::string const& f = x.name;
  std::size_t const nargs = x.args.size();
  std::string const name = f.empty() ? "evaluation" : f;
  auto usage = [&](std::string const& how) { fail(x.pos, name + ": takes " + how, kSyntax); };
  auto pos_of = [&](std::size_t i) { return i < nargs ? x.args[i].pos : x.pos; };
  auto inttuple = [&](std::size_t i, char const* what) -> engine::Layout {
    if (!is_inttuple(a[i])) fail(pos_of(i), name + ": expected " + what + " (an integer or an IntTuple)", kSyntax);
    return a[i].lay;
  };
  auto index = [&](std::size_t i) -> engine::i64 {
    if (a[i].kind != text::Value::integer) fail(pos_of(i), name + ": expected an integer index", kSyntax);
    return a[i].i;
  };
  auto indices = [&](std::size_t from) {
    std::vector<engine::i64> v;
    for (std::size_t i = from; i < nargs; ++i) v.push_back(index(i));
    return v;
  };
  // A layout argument keeps its strides; an IntTuple stays an IntTuple
  // (for get, select, take, flatten, group, append, prepend).
  auto either = [&](std::size_t i) -> engine::Layout {
    if (a[i].kind == text::Value::layout || is_inttuple(a[i])) return a[i].lay;
    fail(pos_of(i), name + ": expected a layout, an IntTuple or an integer", kSyntax);
  };
  engine::Ctx cx;
  // An engine error: the caret under the call, or under the coordinate of an evaluation.
  auto check = [&] {
    if (!cx.err) return;
    std::string d = text::describe_error(cx.err);
    fail(f.empty() ? pos_of(1) : x.pos, d.rfind(name + ":", 0) == 0 ? d : name + ": " + d, kInadmissible);
  };
  // The value of a structural result: a layout when the argument was one.
  auto shaped = [&](engine::Layout const& r, bool layout) -> Result {
    check();
    if (!layout) return tuple_value(r);
    text::Value v;
    v.kind = text::Value::layout;
    v.lay = r;
    return v;
  };

  if (f.empty()) {  // X(c) or X(c0, c1, ...): the layout X at a coordinate
    if (nargs < 2) usage("a coordinate: X(c) or X(c0,c1,...)");
    engine::Layout L = as_layout(a[0], pos_of(0));
    engine::Layout c;
    if (nargs == 2) {
      c = inttuple(1, "a coordinate");
    } else {
      engine::Builder b(cx.err);
      for (std::size_t i = 1; i < nargs; ++i) b.add(inttuple(i, "a coordinate"));
      c = b.done();
      if (cx.err) fail(pos_of(1), "evaluation: the coordinate is too large for the engine", kInadmissible);
    }
    engine::Int r = engine::crd2idx(c, L, cx);
    check();
    out = int_value(r);
    return;
  }
  if (f == "shape" || f == "stride") {  // shape(L[, i...]) = shape(get(L, i...))
    if (nargs < 1) usage("a layout and optional mode indices: " + f + "(L[,i...])");
    engine::Layout L = as_layout(a[0], pos_of(0));
    std::vector<engine::i64> ix = indices(1);
    if (!ix.empty()) L = engine::get(L, ix.data(), int(ix.size()), cx);
    check();
    out = tuple_value(f == "shape" ? engine::shape_of(L) : engine::stride_of(L));
    return;
  }
  if (f == "get" || f == "select") {
    if (nargs < 2) usage("a value and at least one index: " + f + "(X,i,...)");
    engine::Layout X = either(0);
    std::vector<engine::i64> ix = indices(1);
    engine::Layout r = f == "get" ? engine::get(X, ix.data(), int(ix.size()), cx) : engine::select(X, ix.data(), int(ix.size()), cx);
    out = shaped(r, a[0].kind == text::Value::layout);
    return;
  }
  if (f == "take" || f == "group") {
    if (nargs != 3) usage("3 arguments: " + f + "(X,begin,end), the modes [begin,end)");
    engine::Layout X = either(0);
    engine::i64 b = index(1), e = index(2);
    out = shaped(f == "take" ? engine::take(X, b, e, cx) : engine::group(X, b, e, cx), a[0].kind == text::Value::layout);
    return;
  }
  if (f == "flatten") {
    if (nargs != 1) usage("1 argument");
    engine::Layout X = either(0);
    out = shaped(engine::flatten(X, cx), a[0].kind == text::Value::layout);
    return;
  }
  if (f == "append" || f == "prepend") {
    // append(X, Y): layouts when either is a layout (an IntTuple then means its
    // compact layout), else IntTuples; append(L) adds the mode _1:_0 to a layout.
    if (nargs < 1 || nargs > 2) usage("2 arguments: " + f + "(X,Y) (or 1 for a layout: " + f + "(L) adds _1:_0)");
    bool layout = a[0].kind == text::Value::layout || (nargs == 2 && a[1].kind == text::Value::layout);
    engine::Layout X, Y;
    if (nargs == 1) {
      if (!layout) usage("2 arguments: " + f + "(X,Y) (1 only for a layout)");
      X = a[0].lay;
      engine::Error e;
      Y.leaf(engine::sint(1), engine::sint(0), e);
    } else if (layout) {
      X = as_layout(a[0], pos_of(0));
      Y = as_layout(a[1], pos_of(1));
    } else {
      X = either(0);
      Y = either(1);
    }
    out = shaped(f == "append" ? engine::append(X, Y, cx) : engine::prepend(X, Y, cx), layout);
    return;
  }
  if (f == "idx2crd") {
    if (nargs < 2 || nargs > 3) usage("2 or 3 arguments: idx2crd(i,shape[,stride])");
    engine::Layout i = inttuple(0, "an index"), s = inttuple(1, "a shape");
    engine::Layout r = nargs == 2 ? engine::idx2crd(i, s, cx) : engine::idx2crd(i, s, inttuple(2, "a stride"), cx);
    check();
    out = tuple_value(r);
    return;
  }
  // crd2idx(c, shape[, stride]), or crd2idx(c, L) with a layout L.
  if (nargs < 2 || nargs > 3) usage("2 or 3 arguments: crd2idx(c,shape[,stride]) or crd2idx(c,L)");
  engine::Layout c = inttuple(0, "a coordinate");
  engine::Int r;
  if (a[1].kind == text::Value::layout) {
    if (nargs == 3) fail(pos_of(2), "crd2idx: the layout already has its stride", kSyntax);
    r = engine::crd2idx(c, a[1].lay, cx);
  } else if (nargs == 2) {
    r = engine::crd2idx_compact(c, inttuple(1, "a shape"), cx);
  } else {
    r = engine::crd2idx(c, inttuple(1, "a shape"), inttuple(2, "a stride"), cx);
  }
  check();
  out = int_value(r);
}

// Evaluates the arguments (eval recurses through here, so this frame stays
// small: the computation is in tuple_apply), then the call. False when x is not
// one of the tuple calls.
[[gnu::noinline]] bool tuple_call(text::Expr const& x, Result& out, Tracer* tracer) {
  if (!is_tuple_call(x.name)) return false;
  std::vector<text::Value> a;  // the arguments, evaluated left to right
  a.reserve(x.args.size());
  for (std::size_t i = 0; i < x.args.size(); ++i) a.push_back(arg_value(x, i, tracer));
  tuple_apply(x, a, out);
  return true;
}

}  // namespace

bool parse(std::string const& text, text::Expr& out, EvalError& err) {
  if (std::size_t at = too_deep(text); at != std::string::npos) {
    err = {at, "syntax error: expected at most " + std::to_string(kMaxNesting) + " nested brackets", kSyntax};
    return false;
  }
  text::SyntaxError se;
  if (text::Parser(text).parse(out, se)) return true;
  if (se.expected == "an integer that fits in 64 bits")
    err = {se.pos, "integer overflow: the integer does not fit in 64 bits (at most 9223372036854775807)", kInadmissible};
  else
    err = {se.pos, "syntax error: expected " + se.expected, kSyntax};
  return false;
}

text::Value as_value(Result const& r) {
  if (auto const* v = std::get_if<text::Value>(&r)) return *v;
  text::Value v;
  v.kind = text::Value::integer;
  v.i = std::get<engine::i64>(r);
  engine::Error e;
  v.lay.leaf(engine::sint(v.i), engine::sint(1), e);
  return v;
}

engine::Layout as_layout(text::Value const& v, std::size_t pos) {
  if (v.kind == text::Value::tiler || v.kind == text::Value::underscore) fail(pos, "expected a layout, an IntTuple or an integer", kSyntax);
  engine::Layout l = v.lay;
  check_shapes(l, pos);
  if (v.kind != text::Value::layout) {  // the compact column-major layout, strides checked for overflow
    engine::Error e;
    engine::Arith ar{&e};
    engine::Int p = engine::sint(1);
    for (int k = 0; k < l.nleaf; ++k) {
      l.stride[k] = engine::known(l.shape[k], 1) ? engine::sint(0) : p;  // a static size-1 mode: _0, as CuTe
      p = ar.mul(p, l.shape[k]);
      if (e && k + 1 < l.nleaf)
        fail(pos, "integer overflow: the compact column-major strides of this shape do not fit in 64 bits [" +
                      std::to_string(e.a) + " * " + std::to_string(e.b) + "]", kInadmissible);
    }
  }
  return l;
}

engine::Tiler as_tiler(text::Value const& v, std::size_t pos) {
  engine::Error e;
  engine::Tiler t;
  switch (v.kind) {
    case text::Value::tiler: t = v.til; break;
    case text::Value::underscore: t.push(engine::kUnderscore, e); return t;
    case text::Value::tuple:
    case text::Value::integer: check_shapes(v.lay, pos); shape_to_tiler(v.lay, 0, t, e); break;
    default: t = engine::tiler_of(as_layout(v, pos));
  }
  if (e) fail(pos, "tiler too large for the engine", kInadmissible);
  // Shapes >= 1, as every layout argument. Everything else (an entry whose
  // size does not fit, a negative stride, ...) is the engine's to check, in its
  // own order, so the text evaluator names the error the typed library and the
  // engine name (an entry's size checked here first named overflow where they
  // named the condition they test first: found by fuzz/fuzz_typed.cpp,
  // zipped_divide((5,3):(14,23),(4,9223372036854775806):(-2147483648,18))).
  for (int i = 0; i < t.nent; ++i) check_shapes(t.ent[i], pos);
  return t;
}

namespace {

// An argument read as the table's kind says.
template <engine::Kind K>
auto read_arg(Value const& v, std::size_t pos, engine::Ctx& cx) {
  if constexpr (K == engine::Kind::layout) return as_layout(v, pos);
  else if constexpr (K == engine::Kind::tiler) return as_tiler(v, pos);
  else if constexpr (K == engine::Kind::size) return as_layout(v, pos);  // the cotarget's shape
  else return 0;
}

// A call of a row of the table: arguments evaluated and read left to right,
// then the engine, with the tracer (if any) as its trace sink.
[[gnu::noinline]] Result table_call(engine::OpInfo const& op, text::Expr const& x, Tracer* tracer) {
  std::vector<Value> args;  // evaluated left to right, each read before the next is evaluated
  auto arg = [&](std::size_t i) -> Value const& {
    while (args.size() <= i) args.push_back(as_value(eval(x.args[args.size()], tracer)));
    return args[i];
  };
  engine::Ctx cx;
  auto engine_error = [&] { call_failed(x, cx.err); };
  auto pos_of = [&](std::size_t i) { return i < x.args.size() ? x.args[i].pos : x.pos; };
  engine::Layout l;
  switch (op.id) {
#define TESSEL_TEXT_OP(ID, NAME, K0, K1, CALL, ARGS, HELP)                                  \
  case engine::OpId::ID: {                                                                \
    auto const a0 = read_arg<engine::Kind::K0>(arg(0), pos_of(0), cx);                    \
    if (cx.err) engine_error();                                                           \
    [[maybe_unused]] auto const a1 =                                                      \
        read_arg<engine::Kind::K1>(arg(engine::Kind::K1 == engine::Kind::none ? 0 : 1), pos_of(1), cx); \
    if (cx.err) engine_error();                                                           \
    if (tracer) tracer->call(x, args);                                                    \
    cx.trace = tracer;                                                                    \
    l = TESSEL_RUN_ROW(CALL);                                                             \
    break;                                                                                \
  }
    TESSEL_ALGEBRA_OPS(TESSEL_TEXT_OP)
#undef TESSEL_TEXT_OP
    case engine::OpId::count: break;
  }
  if (cx.err) engine_error();
  return layout_value(l);
}

// The algebra calls, size & co. and make_layout.
[[gnu::noinline]] Result algebra_call(text::Expr const& x, Tracer* tracer) {
  std::string const& f = x.name;
  std::size_t nargs = x.args.size();
  engine::Ctx cx;
  auto engine_error = [&] { call_failed(x, cx.err); };
  auto done = [&](engine::Layout const& l) -> Result {
    if (cx.err) engine_error();
    return layout_value(l);
  };
  auto pos_of = [&](std::size_t i) { return i < nargs ? x.args[i].pos : x.pos; };
  auto L = [&](std::size_t i) { return as_layout(arg_value(x, i, tracer), pos_of(i)); };
  auto A = [&] { return L(0); };
  auto want = [&](std::size_t lo, std::size_t hi) {
    if (nargs < lo || nargs > hi)
      fail(x.pos, f + ": takes " + std::to_string(lo) + (hi > lo ? " or " + std::to_string(hi) : "") + " argument" + (hi > 1 ? "s" : ""), kSyntax);
  };

  // The operations of the table (engine/ops.hpp): the row of this name and number of arguments.
  int lo = 99, hi = 0;
  for (engine::OpInfo const& op : engine::kOps) {
    if (f != op.name) continue;
    lo = std::min(lo, op.arity);
    hi = std::max(hi, op.arity);
  }
  if (hi > 0) {
    want(std::size_t(lo), std::size_t(hi));
    for (engine::OpInfo const& op : engine::kOps)
      if (f == op.name && std::size_t(op.arity) == nargs) return table_call(op, x, tracer);
  }
  if (f == "size" || f == "cosize" || f == "rank" || f == "depth") {
    want(1, 1);
    engine::Layout l = A();
    // Static as in CuTe: rank and depth always, size and cosize when the integers they use are.
    engine::Int r = f == "size"     ? engine::size_int(l, cx.err)
                : f == "cosize" ? engine::cosize_int(l, cx.err)
                : f == "rank"   ? engine::sint(engine::rank(l))
                                : engine::sint(engine::depth(l));
    if (cx.err) engine_error();
    return int_value(r);
  }
  if (f == "max_common_vector") {
    want(2, 2);
    engine::Layout r = engine::max_common_layout(A(), L(1), cx);
    if (cx.err) engine_error();
    engine::Int n = engine::size_int(r, cx.err);
    if (cx.err) engine_error();
    return int_value(n);
  }
  if (f == "make_layout") {
    if (nargs == 0) fail(x.pos, "make_layout: takes at least one argument", kSyntax);
    // As CuTe: make_layout(shape) is the compact layout, make_layout(shape,
    // stride) of two IntTuples is shape:stride, make_layout(L0, L1, ...) of
    // layouts has them as its modes.
    if (nargs <= 2) {
      text::Value const s0 = arg_value(x, 0, tracer);
      if (is_inttuple(s0) && nargs == 1) return layout_value(as_layout(s0, pos_of(0)));
      text::Value const s1 = nargs == 2 ? arg_value(x, 1, tracer) : text::Value{};
      if (nargs == 2 && is_inttuple(s0) && is_inttuple(s1)) {
        if (!engine::tuple_detail::congruent(s0.lay, s1.lay))
          fail(x.pos, "make_layout: the shape and the stride are not congruent (they must have the same tuple structure)",
               kInadmissible);
        engine::Layout l = as_layout(s0, pos_of(0));
        for (int k = 0; k < l.nleaf; ++k) l.stride[k] = s1.lay.shape[k];
        return layout_value(l);
      }
    }
    engine::Builder b(cx.err);
    for (std::size_t i = 0; i < nargs; ++i) b.add(L(i));
    return done(b.done());
  }
  fail(x.pos, "unknown function '" + f + "' (see tessel --help)", kSyntax);
}

}  // namespace

Result eval(text::Expr const& x, Tracer* tracer) {
  if (!x.is_call) return x.value;
  if (Result r; tuple_call(x, r, tracer)) return r;
  return algebra_call(x, tracer);
}

std::string to_text(Result const& r) {
  if (auto const* i = std::get_if<engine::i64>(&r)) return std::to_string(*i);
  text::Value const& v = std::get<text::Value>(r);
  switch (v.kind) {
    case text::Value::integer: return (v.lay.nleaf == 1 && !v.lay.shape[0].is_static ? "" : "_") + std::to_string(v.i);
    case text::Value::tuple: return text::format_part(v.lay, false);
    case text::Value::underscore: return "_";
    case text::Value::tiler: return "<tiler>";
    default: return text::format(v.lay);
  }
}

void report(std::ostream& os, std::string const& text, EvalError const& e) {
  std::size_t pos = e.pos <= text.size() ? e.pos : text.size();
  os << "tessel: " << e.what << "\n  " << text << "\n  " << std::string(pos, ' ') << "^\n";
}

Result evaluate(std::string const& text) {
  text::Expr x;
  EvalError err;
  if (!parse(text, x, err)) throw err;
  return eval(x);
}

engine::Layout eval_layout(std::string const& text) {
  text::Expr x;
  EvalError err;
  if (!parse(text, x, err)) throw err;
  return as_layout(as_value(eval(x)), x.pos);
}

}  // namespace tessel::text
