// web/src/shim.cpp: the text library's calls for the page and for Node, as C
// functions over strings. Each returns a JSON document (valid until the next
// call). No algebra here: parse, eval, to_text, report, eval_layout, render
// and check are the text library's own (src/text), as in the `tessel` tool.
#include <emscripten/emscripten.h>

#include <sstream>
#include <string>

#include <nlohmann/json.hpp>
#include <tessel/text/draw.hpp>
#include <tessel/text/text.hpp>

namespace {

namespace text = tessel::text;
namespace engine = tessel::engine;
using json = nlohmann::ordered_json;

std::string g_out;  // the last answer; the caller copies it before the next call

char const* answer(json const& j) {
  g_out = j.dump();
  return g_out.c_str();
}

// What `tessel` prints on standard error for e: message, expression, caret.
std::string report_of(std::string const& expr, text::EvalError const& e) {
  std::ostringstream os;
  text::report(os, expr, e);
  return os.str();
}

json failure(std::string const& expr, text::EvalError const& e) {
  return {{"ok", false}, {"status", e.status}, {"error", e.what}, {"pos", e.pos}, {"report", report_of(expr, e)}};
}

}  // namespace

extern "C" {

// tessel eval EXPR: {"ok":true,"status":0,"text":..., "kind":"integer|tuple|layout|tiler|underscore"}
// or {"ok":false,"status":2|3,"error":...,"pos":...,"report":...}.
EMSCRIPTEN_KEEPALIVE char const* tessel_eval(char const* expr_c) {
  std::string const expr = expr_c;
  try {
    text::Result r = text::evaluate(expr);
    static char const* const kinds[] = {"integer", "tuple", "layout", "tiler", "underscore"};
    char const* kind = std::holds_alternative<engine::i64>(r) ? "integer" : kinds[std::get<text::Value>(r).kind];
    return answer({{"ok", true}, {"status", int(text::kOk)}, {"text", text::to_text(r)}, {"kind", kind}});
  } catch (text::EvalError const& e) {
    return answer(failure(expr, e));
  }
}

// tessel show EXPR -f FORMAT [--max-cells N]: {"ok":true,"doc":..., "rows":R, "cols":C,
// "modes":[mode 0, mode 1] of the rank-2 view drawn} or the error as for eval.
EMSCRIPTEN_KEEPALIVE char const* tessel_show(char const* expr_c, char const* format_c, double max_cells) {
  std::string const expr = expr_c;
  text::Format f;
  if (!text::parse_format(format_c, f))
    return answer({{"ok", false}, {"status", int(text::kSyntax)}, {"error", std::string("unknown format ") + format_c}});
  try {
    engine::Layout const l = text::eval_layout(expr);
    json j = {{"ok", true}, {"status", int(text::kOk)}, {"doc", text::render(l, f, engine::i64(max_cells))}};
    engine::Error e;
    engine::Layout const view = text::rank2_view(l, e);
    engine::Layout const m0 = engine::mode(view, 0, e), m1 = engine::mode(view, 1, e);
    if (!e) {
      j["rows"] = engine::size(m0, e);
      j["cols"] = engine::size(m1, e);
      j["modes"] = {text::format(m0), text::format(m1)};
    }
    return answer(j);
  } catch (text::EvalError const& e) {
    return answer(failure(expr, e));
  }
}

// tessel check EXPR: {"ok":admissible,"status":..,"trace":..,"failure":..,"pos":..,"verdict":..,"report":..}
// (verdict: the line `tessel check` ends its standard output with).
EMSCRIPTEN_KEEPALIVE char const* tessel_check(char const* expr_c) {
  std::string const expr = expr_c;
  text::CheckReport const r = text::check(expr);
  json j = {{"ok", r.status == text::kOk}, {"status", r.status}, {"trace", r.trace}, {"failure", r.failure}, {"pos", r.pos}};
  if (r.status == text::kOk) {
    j["verdict"] = "admissible";
  } else {
    j["verdict"] = r.status == text::kInadmissible && !r.trace.empty() ? "not admissible: " + r.failure : "";
    j["report"] = report_of(expr, text::EvalError{r.pos, r.failure, r.status});
  }
  return answer(j);
}

// The operations' help lines (as in `tessel --help`).
EMSCRIPTEN_KEEPALIVE char const* tessel_help() { return answer({{"calls", text::help_calls()}}); }

}  // extern "C"
