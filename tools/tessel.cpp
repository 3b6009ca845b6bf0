// tessel: evaluate layout expressions from the command line.
//   tessel eval 'composition((2,6,10,14):(840,140,14,1),60:4)'
// Exit status: 0 ok, 2 syntax error, 3 inadmissible operation.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <string>
#include <variant>

#include <tessel/rt/describe.hpp>
#include <tessel/rt/io.hpp>

namespace rt = tessel::rt;

namespace {

struct EvalError {
  std::size_t pos;
  std::string what;
  int status;  // 2 syntax/usage, 3 inadmissible
};

using Result = std::variant<rt::i64, rt::Value>;

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
  if (v.kind == rt::Value::tiler || v.kind == rt::Value::underscore) throw EvalError{pos, "expected a layout", 2};
  return v.lay;  // integers and tuples carry their compact column-major layout
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

rt::Tiler as_tiler(rt::Value const& v, std::size_t pos) {
  rt::Error e;
  rt::Tiler t;
  switch (v.kind) {
    case rt::Value::tiler: return v.til;
    case rt::Value::underscore: t.push(rt::kUnderscore, e); return t;
    case rt::Value::tuple: shape_to_tiler(v.lay, 0, t, e); break;
    default: t = rt::tiler_of(v.lay);
  }
  if (e) throw EvalError{pos, "tiler too large", 2};
  return t;
}

using rt::describe;

Result eval(rt::Expr const& x);

rt::Value arg_value(rt::Expr const& x, std::size_t i) {
  if (i >= x.args.size()) throw EvalError{x.pos, x.name + ": missing argument " + std::to_string(i + 1), 2};
  return as_value(eval(x.args[i]));
}

Result eval(rt::Expr const& x) {
  if (!x.is_call) return x.value;
  std::string const& f = x.name;
  std::size_t nargs = x.args.size();
  rt::Ctx cx;
  auto done = [&](rt::Layout const& l) -> Result {
    if (cx.err) {
      std::string d = describe(cx.err);
      throw EvalError{x.pos, d.rfind(f + ":", 0) == 0 ? d : f + ": " + d, 3};
    }
    rt::Value v;
    v.kind = rt::Value::layout;
    v.lay = l;
    return v;
  };
  auto A = [&] { return as_layout(arg_value(x, 0), x.args.empty() ? x.pos : x.args[0].pos); };
  auto T = [&] { return as_tiler(arg_value(x, 1), nargs > 1 ? x.args[1].pos : x.pos); };
  auto want = [&](std::size_t lo, std::size_t hi) {
    if (nargs < lo || nargs > hi)
      throw EvalError{x.pos, f + ": takes " + std::to_string(lo) + (hi > lo ? " or " + std::to_string(hi) : "") + " arguments", 2};
  };

  if (f == "size" || f == "cosize" || f == "rank" || f == "depth") {
    want(1, 1);
    rt::Layout l = A();
    rt::i64 r = f == "size" ? rt::size(l, cx.err) : f == "cosize" ? rt::cosize(l, cx.err) : f == "rank" ? rt::rank(l) : rt::depth(l);
    if (cx.err) throw EvalError{x.pos, f + ": " + describe(cx.err), 3};
    return r;
  }
  if (f == "coalesce" || f == "filter") {
    want(1, 2);
    rt::Layout l = A();
    if (nargs == 1) return done(f == "coalesce" ? rt::coalesce(l, cx) : rt::filter(l, cx));
    rt::Layout p = arg_value(x, 1).lay;
    return done(f == "coalesce" ? rt::coalesce(l, p, cx) : rt::filter(l, p, cx));
  }
  if (f == "filter_zeros") { want(1, 1); return done(rt::filter_zeros(A())); }
  if (f == "composition") { want(2, 2); return done(rt::composition(A(), T(), cx)); }
  if (f == "complement") {
    want(1, 2);
    rt::Layout l = A();
    if (nargs == 1) return done(rt::complement(l, cx));
    rt::Value m = arg_value(x, 1);
    return done(rt::complement(l, rt::sint(rt::size(m.lay, cx.err)), cx));
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
    rt::Layout a = A(), b = as_layout(arg_value(x, 1), x.args[1].pos);
    return done(f == "blocked_product" ? rt::blocked_product(a, b, cx) : rt::raked_product(a, b, cx));
  }
  if (f == "nullspace") { want(1, 1); return done(rt::nullspace(A(), cx)); }
  if (f == "max_common_layout" || f == "max_common_vector") {
    want(2, 2);
    rt::Layout r = rt::max_common_layout(A(), as_layout(arg_value(x, 1), x.args[1].pos), cx);
    if (f == "max_common_layout") return done(r);
    if (cx.err) throw EvalError{x.pos, f + ": " + describe(cx.err), 3};
    return rt::size(r, cx.err);
  }
  if (f == "make_layout") {
    if (nargs == 0) throw EvalError{x.pos, "make_layout: needs at least one argument", 2};
    rt::Builder b(cx.err);
    for (std::size_t i = 0; i < nargs; ++i) b.add(as_layout(arg_value(x, i), x.args[i].pos));
    return done(b.done());
  }
  throw EvalError{x.pos, "unknown function '" + f + "'", 2};
}

std::string show(Result const& r) {
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

void caret(std::string const& text, std::size_t pos, std::string const& msg) {
  std::cerr << "tessel: " << msg << "\n  " << text << "\n  " << std::string(pos, ' ') << "^\n";
}

int run_eval(std::vector<std::string> const& exprs) {
  int status = 0;
  for (auto const& text : exprs) {
    rt::Expr x;
    rt::SyntaxError se;
    if (!rt::Parser(text).parse(x, se)) {
      caret(text, se.pos, "syntax error: expected " + se.expected);
      status = status ? status : 2;
      continue;
    }
    try {
      std::cout << show(eval(x)) << "\n";
    } catch (EvalError const& e) {
      caret(text, e.pos, e.what);
      status = status ? status : e.status;
    }
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"tessel: evaluate and draw CuTe layouts"};
  app.require_subcommand(1);
  std::vector<std::string> exprs;
  auto* ev = app.add_subcommand("eval", "print each expression's result in CuTe notation");
  ev->add_option("expr", exprs, "expressions, e.g. 'composition((6,2):(8,2),(4,3):(3,1))'")->required();
  ev->footer(
      "Expressions: integers 12 (or _12), IntTuples (2,(3,4)), layouts SHAPE:STRIDE,\n"
      "by-mode tilers <3:4,8:2>, `_`, and calls: coalesce(L[,profile]), filter(L[,profile]),\n"
      "filter_zeros, composition(A,B), complement(A[,M]), right_inverse, left_inverse,\n"
      "logical|zipped|tiled|flat _divide|_product(A,T), blocked_product, raked_product,\n"
      "nullspace, max_common_layout(A,B), max_common_vector(A,B),\n"
      "make_layout(A,B,...), size, cosize, rank, depth.");
  CLI11_PARSE(app, argc, argv);
  if (*ev) return run_eval(exprs);
  return 0;
}
