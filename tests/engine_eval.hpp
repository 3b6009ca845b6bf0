// tests/engine_eval.hpp: evaluate a layout expression with the text library
// (the engine behind `tessel eval`), for tests that compare the typed library
// with the engine (the generated test_algebra_typed_vs_engine.cpp).
#pragma once

#include <stdexcept>
#include <string>

#include <tessel/text/text.hpp>

namespace tessel_test {

namespace engine = tessel::engine;

struct EngineResult {
  bool ok = false;
  std::string text;   // CuTe's notation, every integer static (_N)
  std::string error;  // the engine's error, when !ok
};

// The text library's evaluation (the same as `tessel eval`): the engine's
// result in CuTe's notation, or its error.
inline EngineResult engine_eval(std::string const& expr) {
  EngineResult r;
  try {
    r.text = tessel::text::to_text(tessel::text::evaluate(expr));
    r.ok = true;
  } catch (tessel::text::EvalError const& e) {
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
