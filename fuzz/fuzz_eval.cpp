// libFuzzer target for the `tessel` tool's parser and evaluator: each input
// is one expression, run through eval, check and every show format (drawings
// capped at 4096 cells). Any crash, sanitizer error or hang is a bug: bad
// input must end in a status 2 or 3 error. Built with TESSEL_FUZZ=ON and
// clang++ (fuzz/CMakeLists.txt); fuzz/run.sh builds, seeds and runs it.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "cli.hpp"

namespace cli = tessel::cli;

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) {
  if (size > 2048) return 0;
  std::string text(reinterpret_cast<char const*>(data), size);
  std::ostringstream out, err;
  int st = cli::run_eval({text}, out, err);
  if (st != 0 && st != 2 && st != 3) __builtin_trap();
  cli::CheckReport r = cli::check(text);
  if (r.status != st) __builtin_trap();  // check and eval agree on the status
  if (r.disagreement) __builtin_trap();                                  // and on admissibility
  if (st != 0) return 0;
  try {
    tessel::rt::Layout l = cli::eval_layout(text);
    for (auto f : {cli::Format::table, cli::Format::values, cli::Format::json, cli::Format::svg, cli::Format::latex}) {
      try {
        (void)cli::render(l, f, 4096);
      } catch (cli::EvalError const& e) {
        if (e.status != 3) __builtin_trap();
      }
    }
  } catch (cli::EvalError const&) {
    // eval succeeded, but the value is not a layout (a tiler, `_`): fine.
  }
  return 0;
}
