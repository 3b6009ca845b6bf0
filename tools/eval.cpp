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
[[noreturn]] void fail(std::size_t pos, rt::Error const& e) { fail(pos, rt::describe(e), kInadmissible); }

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
      l.stride[k] = p;
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

Result eval(rt::Expr const& x) {
  if (!x.is_call) return x.value;
  std::string const& f = x.name;
  std::size_t nargs = x.args.size();
  rt::Ctx cx;
  auto engine_error = [&] {
    std::string d = rt::describe(cx.err);
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
    rt::i64 r = f == "size" ? rt::size(l, cx.err) : f == "cosize" ? rt::cosize(l, cx.err) : f == "rank" ? rt::rank(l) : rt::depth(l);
    if (cx.err) engine_error();
    return r;
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
    rt::i64 n = rt::size(r, cx.err);
    if (cx.err) engine_error();
    return n;
  }
  if (f == "make_layout") {
    if (nargs == 0) fail(x.pos, "make_layout: takes at least one argument", kSyntax);
    rt::Builder b(cx.err);
    for (std::size_t i = 0; i < nargs; ++i) b.add(L(i));
    return done(b.done());
  }
  fail(x.pos, "unknown function '" + f + "' (see tessel --help)", kSyntax);
}

std::string to_text(Result const& r) {
  if (auto const* i = std::get_if<rt::i64>(&r)) return std::to_string(*i);
  rt::Value const& v = std::get<rt::Value>(r);
  switch (v.kind) {
    case rt::Value::integer: return "_" + std::to_string(v.i);
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
