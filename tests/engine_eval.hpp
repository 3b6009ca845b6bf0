// tests/engine_eval.hpp: evaluate a layout expression in the CLI's syntax
// (rt::Parser) with the run-time engine, for tests that compare the typed
// library with the engine (the generated test_algebra_typed_vs_engine.cpp).
// Written here, not taken from tools/, so that the comparison does not depend
// on the CLI's code; it follows the same conventions: an integer or an IntTuple
// where a layout is expected is its compact layout; a bare IntTuple as a tiler
// is by-mode with stride-1 entries; a tuple cotarget means its size.
#pragma once

#include <stdexcept>
#include <string>

#include <tessel/rt/describe.hpp>
#include <tessel/rt/io.hpp>

namespace tessel_test {

namespace rt = tessel::rt;

struct EngineResult {
  bool ok = false;
  std::string text;   // CuTe's notation, every integer static (_N)
  std::string error;  // the engine's error, when !ok
};

namespace detail {

struct EngineFailure {
  std::string what;
};

inline rt::Value value_of(rt::Expr const& x) {
  if (x.is_call) throw EngineFailure{"nested calls are not supported here: " + x.name};
  return x.value;
}

inline rt::Layout layout_of(rt::Value const& v) {
  if (v.kind == rt::Value::tiler || v.kind == rt::Value::underscore) throw EngineFailure{"expected a layout"};
  return v.lay;  // integers and IntTuples carry their compact layout
}

inline void shape_to_tiler(rt::Layout const& s, int b, rt::Tiler& t, rt::Error& e) {
  if (s.tok[b] != rt::kOpen) {
    rt::Layout l;
    l.leaf(s.shape[rt::leaves_before(s, b)], rt::sint(1), e);
    t.add(l, e);
    return;
  }
  t.push(rt::kOpen, e);
  int const end = rt::node_end(s, b);
  for (int c = b + 1; c < end - 1; c = rt::node_end(s, c)) shape_to_tiler(s, c, t, e);
  t.push(rt::kClose, e);
}

inline rt::Tiler tiler_of(rt::Value const& v) {
  rt::Error e;
  rt::Tiler t;
  switch (v.kind) {
    case rt::Value::tiler: return v.til;
    case rt::Value::underscore: t.push(rt::kUnderscore, e); return t;
    case rt::Value::tuple: shape_to_tiler(v.lay, 0, t, e); return t;
    default: return rt::tiler_of(v.lay);
  }
}

}  // namespace detail

inline EngineResult engine_eval(std::string const& text) {
  EngineResult r;
  rt::Expr x;
  rt::SyntaxError se;
  if (!rt::Parser(text).parse(x, se)) {
    r.error = "syntax error at " + std::to_string(se.pos) + ": expected " + se.expected;
    return r;
  }
  try {
    if (!x.is_call) throw detail::EngineFailure{"not a call"};
    std::string const& f = x.name;
    auto arg = [&](std::size_t i) {
      if (i >= x.args.size()) throw detail::EngineFailure{f + ": missing argument"};
      return detail::value_of(x.args[i]);
    };
    rt::Ctx cx;
    rt::Layout out;
    if (f == "size" || f == "cosize") {
      rt::Layout const l = detail::layout_of(arg(0));
      rt::i64 const n = f == "size" ? rt::size(l, cx.err) : rt::cosize(l, cx.err);
      if (cx.err) throw detail::EngineFailure{rt::describe(cx.err)};
      r.ok = true;
      r.text = "_" + std::to_string(n);
      return r;
    }
    rt::Layout const A = detail::layout_of(arg(0));
    bool const two = x.args.size() > 1;
    if (f == "coalesce") out = two ? rt::coalesce(A, arg(1).lay, cx) : rt::coalesce(A, cx);
    else if (f == "filter") out = two ? rt::filter(A, arg(1).lay, cx) : rt::filter(A, cx);
    else if (f == "filter_zeros") out = rt::filter_zeros(A);
    else if (f == "composition") out = rt::composition(A, detail::tiler_of(arg(1)), cx);
    else if (f == "complement") out = two ? rt::complement(A, rt::sint(rt::size(arg(1).lay, cx.err)), cx) : rt::complement(A, cx);
    else if (f == "right_inverse") out = rt::right_inverse(A, cx);
    else if (f == "left_inverse") out = rt::left_inverse(A, cx);
    else if (f == "logical_divide") out = rt::logical_divide(A, detail::tiler_of(arg(1)), cx);
    else if (f == "zipped_divide") out = rt::zipped_divide(A, detail::tiler_of(arg(1)), cx);
    else if (f == "tiled_divide") out = rt::tiled_divide(A, detail::tiler_of(arg(1)), cx);
    else if (f == "flat_divide") out = rt::flat_divide(A, detail::tiler_of(arg(1)), cx);
    else if (f == "logical_product") out = rt::logical_product(A, detail::tiler_of(arg(1)), cx);
    else if (f == "zipped_product") out = rt::zipped_product(A, detail::tiler_of(arg(1)), cx);
    else if (f == "tiled_product") out = rt::tiled_product(A, detail::tiler_of(arg(1)), cx);
    else if (f == "flat_product") out = rt::flat_product(A, detail::tiler_of(arg(1)), cx);
    else if (f == "blocked_product") out = rt::blocked_product(A, detail::layout_of(arg(1)), cx);
    else if (f == "raked_product") out = rt::raked_product(A, detail::layout_of(arg(1)), cx);
    else throw detail::EngineFailure{"unknown operation " + f};
    if (cx.err) throw detail::EngineFailure{rt::describe(cx.err)};
    r.ok = true;
    r.text = rt::format(out);
  } catch (detail::EngineFailure const& e) {
    r.error = e.what;
  }
  return r;
}

// CuTe's printed text without whitespace and underscores (the conformance
// file's `cute` field is stored that way).
inline std::string normalize(std::string const& s) {
  std::string o;
  for (char c : s)
    if (c != '_' && c != ' ' && c != '\t' && c != '\n') o += c;
  return o;
}

}  // namespace tessel_test
