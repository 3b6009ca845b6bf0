// tests/engine_eval.hpp: evaluate a layout expression in the CLI's syntax
// (text::Parser) with the run-time engine, for tests that compare the typed
// library with the engine (the generated test_algebra_typed_vs_engine.cpp).
// Written here, not taken from tools/, so that the comparison does not depend
// on the CLI's code; it follows the same conventions: an integer or an IntTuple
// where a layout is expected is its compact layout; a bare IntTuple as a tiler
// is by-mode with stride-1 entries; a tuple cotarget means its size.
#pragma once

#include <stdexcept>
#include <string>

#include <tessel/engine/describe.hpp>
#include <tessel/text/io.hpp>

namespace tessel_test {

namespace engine = tessel::engine;

struct EngineResult {
  bool ok = false;
  std::string text;   // CuTe's notation, every integer static (_N)
  std::string error;  // the engine's error, when !ok
};

namespace detail {

struct EngineFailure {
  std::string what;
};

inline text::Value value_of(text::Expr const& x) {
  if (x.is_call) throw EngineFailure{"nested calls are not supported here: " + x.name};
  return x.value;
}

inline engine::Layout layout_of(text::Value const& v) {
  if (v.kind == text::Value::tiler || v.kind == text::Value::underscore) throw EngineFailure{"expected a layout"};
  return v.lay;  // integers and IntTuples carry their compact layout
}

inline void shape_to_tiler(engine::Layout const& s, int b, engine::Tiler& t, engine::Error& e) {
  if (s.tok[b] != engine::kOpen) {
    engine::Layout l;
    l.leaf(s.shape[engine::leaves_before(s, b)], engine::sint(1), e);
    t.add(l, e);
    return;
  }
  t.push(engine::kOpen, e);
  int const end = engine::node_end(s, b);
  for (int c = b + 1; c < end - 1; c = engine::node_end(s, c)) shape_to_tiler(s, c, t, e);
  t.push(engine::kClose, e);
}

inline engine::Tiler tiler_of(text::Value const& v) {
  engine::Error e;
  engine::Tiler t;
  switch (v.kind) {
    case text::Value::tiler: return v.til;
    case text::Value::underscore: t.push(engine::kUnderscore, e); return t;
    case text::Value::tuple: shape_to_tiler(v.lay, 0, t, e); return t;
    default: return engine::tiler_of(v.lay);
  }
}

}  // namespace detail

inline EngineResult engine_eval(std::string const& text) {
  EngineResult r;
  text::Expr x;
  text::SyntaxError se;
  if (!text::Parser(text).parse(x, se)) {
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
    engine::Ctx cx;
    engine::Layout out;
    if (f == "size" || f == "cosize") {
      engine::Layout const l = detail::layout_of(arg(0));
      engine::i64 const n = f == "size" ? engine::size(l, cx.err) : engine::cosize(l, cx.err);
      if (cx.err) throw detail::EngineFailure{engine::describe(cx.err)};
      r.ok = true;
      r.text = "_" + std::to_string(n);
      return r;
    }
    engine::Layout const A = detail::layout_of(arg(0));
    bool const two = x.args.size() > 1;
    if (f == "coalesce") out = two ? engine::coalesce(A, arg(1).lay, cx) : engine::coalesce(A, cx);
    else if (f == "filter") out = two ? engine::filter(A, arg(1).lay, cx) : engine::filter(A, cx);
    else if (f == "filter_zeros") out = engine::filter_zeros(A);
    else if (f == "composition") out = engine::composition(A, detail::tiler_of(arg(1)), cx);
    else if (f == "complement") out = two ? engine::complement(A, engine::sint(engine::size(arg(1).lay, cx.err)), cx) : engine::complement(A, cx);
    else if (f == "right_inverse") out = engine::right_inverse(A, cx);
    else if (f == "left_inverse") out = engine::left_inverse(A, cx);
    else if (f == "logical_divide") out = engine::logical_divide(A, detail::tiler_of(arg(1)), cx);
    else if (f == "zipped_divide") out = engine::zipped_divide(A, detail::tiler_of(arg(1)), cx);
    else if (f == "tiled_divide") out = engine::tiled_divide(A, detail::tiler_of(arg(1)), cx);
    else if (f == "flat_divide") out = engine::flat_divide(A, detail::tiler_of(arg(1)), cx);
    else if (f == "logical_product") out = engine::logical_product(A, detail::tiler_of(arg(1)), cx);
    else if (f == "zipped_product") out = engine::zipped_product(A, detail::tiler_of(arg(1)), cx);
    else if (f == "tiled_product") out = engine::tiled_product(A, detail::tiler_of(arg(1)), cx);
    else if (f == "flat_product") out = engine::flat_product(A, detail::tiler_of(arg(1)), cx);
    else if (f == "blocked_product") out = engine::blocked_product(A, detail::layout_of(arg(1)), cx);
    else if (f == "raked_product") out = engine::raked_product(A, detail::layout_of(arg(1)), cx);
    else throw detail::EngineFailure{"unknown operation " + f};
    if (cx.err) throw detail::EngineFailure{engine::describe(cx.err)};
    r.ok = true;
    r.text = text::format(out);
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
