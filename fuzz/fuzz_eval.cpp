// libFuzzer target for the text library (tessel/text/text.hpp): each input is
// one expression, run through parse and eval, check (with the engine's trace)
// and every drawing format (capped at 256 cells: a drawing's cost grows with its
// cells, and larger ones run the same code; at 4096 the drawings took most of
// the time, bench/RESULTS.md). Any crash, sanitizer error
// or hang is a bug: bad input must end in a status 2 or 3 error, and check
// must end with eval's status. Built with TESSEL_FUZZ=ON and clang++
// (fuzz/CMakeLists.txt); fuzz/run.sh builds, seeds and runs it.
#include <cstddef>
#include <cstdint>
#include <string>

#include <tessel/text/text.hpp>

namespace tt = tessel::text;

constexpr int kMaxCells = 256;

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) {
  if (size > 2048) return 0;
  std::string const expr(reinterpret_cast<char const*>(data), size);
  int st = tt::kOk;
  try {
    (void)tt::to_text(tt::evaluate(expr));
  } catch (tt::EvalError const& e) {
    st = e.status;
  }
  if (st != tt::kOk && st != tt::kSyntax && st != tt::kInadmissible) __builtin_trap();
  if (tt::check(expr).status != st) __builtin_trap();  // check ends with eval's status
  if (st != tt::kOk) return 0;
  try {
    tessel::engine::Layout l = tt::eval_layout(expr);
    for (auto f : {tt::Format::table, tt::Format::values, tt::Format::json, tt::Format::svg, tt::Format::latex}) {
      try {
        (void)tt::render(l, f, kMaxCells);
      } catch (tt::EvalError const& e) {
        if (e.status != tt::kInadmissible) __builtin_trap();
      }
    }
  } catch (tt::EvalError const&) {
    // eval succeeded, but the value is not a layout (a tiler, `_`): fine.
  }
  return 0;
}
