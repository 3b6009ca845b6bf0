// src/text/help.cpp: the calls part of the help text, built from the table of
// operations (engine/ops.hpp) and the text-only calls.
#include <string>

#include <tessel/engine/ops.hpp>
#include <tessel/text/text.hpp>

namespace tessel::text {

std::string help_calls() {
  std::string s = "  f(a,b,...)             calls with CuTe's names:\n";
  s += "    size(L) cosize(L) rank(L) depth(L)          integers\n";
  std::string last;
  for (engine::OpInfo const& op : engine::kOps) {
    std::string sig = std::string(op.name) + "(" + op.args + ")";
    s += "    " + sig + std::string(sig.size() < 40 ? 40 - sig.size() : 1, ' ') + op.help + "\n";
  }
  s += "    max_common_vector(A,B)                  size of max_common_layout(A,B)\n";
  s += "    make_layout(shape[,stride]) make_layout(L0,L1,...)   a layout from a shape, or modes\n";
  s += "    (a tiler: a layout, a by-mode tiler <...>, or a shape meaning stride-1 entries)\n";
  return s;
}

}  // namespace tessel::text
