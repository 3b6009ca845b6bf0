// tessel/engine/describe.hpp (host only): an engine error in words, with its numbers.
#pragma once

#include <string>

#include "value.hpp"

namespace TESSEL_NAMESPACE::engine {

inline std::string describe(Error const& e) {
  std::string s = message(e.code);
  auto n = [](i64 x) { return std::to_string(x); };
  switch (e.code) {
    case Err::stride_divisibility:
      s += " [B's remaining stride " + n(e.a) + " vs shape " + n(e.b) + " of A's coalesced mode " + n(e.c) + "]";
      break;
    case Err::shape_divisibility:
      s += " [B's remaining shape " + n(e.a) + " is not divisible by " + n(e.b) + " at A's coalesced mode " + n(e.c) + "]";
      break;
    case Err::complement_chain:
      s += e.a < e.b ? " [stride " + n(e.a) + " lies inside the span " + n(e.b) + " already covered]"
                     : " [stride " + n(e.a) + " is not a multiple of " + n(e.b) + "]";
      break;
    case Err::left_inverse_divisibility:
      s += e.a < 0 ? " [stride " + n(e.a) + " is negative]" : " [stride " + n(e.a) + " is not a multiple of " + n(e.b) + "]";
      break;
    case Err::complement_postcondition:
      s += e.a == 1   ? std::string(" [postcondition 1: (A, R) is not injective, R's image meets A's]")
           : e.a == 2 ? std::string(" [postcondition 2: R is not strictly increasing]")
                      : " [postcondition 3: cosize((A, R)) = " + n(e.c) + " is less than the cotarget " + n(e.b) + "]";
      break;
    case Err::left_inverse_not_injective:
      s += e.c < 0 ? " [L(" + n(e.a) + ") = " + n(e.b) + " is also the value of a coordinate of the mode before it]"
                   : " [L(" + n(e.a) + ") = L(" + n(e.c) + ") = " + n(e.b) + "]";
      break;
    case Err::not_injective: s += " [stride " + n(e.a) + " falls inside the span " + n(e.b) + " already covered]"; break;
    case Err::rank_mismatch: s += " [" + n(e.a) + " modes for a layout of rank " + n(e.b) + "]"; break;
    case Err::overflow: s += " [" + n(e.a) + " and " + n(e.b) + "]"; break;
    case Err::shape_not_positive: s += " [" + n(e.a) + "]"; break;
    case Err::product_negative_stride:
      s += " [B's stride " + n(e.a) + ", gaps of size " + n(e.b) + "]";
      break;
    default: break;
  }
  return s;
}

}  // namespace tessel::engine
