// tessel/engine/message.hpp (host only): an engine error in words, with its numbers, written into a
// buffer (snprintf; no <string>, so the typed layers' error path costs no standard-library header).
// engine/describe.hpp returns the same text as a std::string.
#pragma once

#include <cstdio>

#include "value.hpp"

namespace TESSEL_NAMESPACE::engine {

// Writes e's description into buf (at most n bytes with the terminating 0) and returns its length,
// as snprintf does (so a return >= n means it was cut: call again with a larger buffer).
inline int describe_to(char* buf, int n, Error const& e) {
  char const* m = message(e.code);
  auto const N = static_cast<std::size_t>(n);
  switch (e.code) {
    case Err::stride_divisibility:
      return snprintf(buf, N, "%s [B's remaining stride %lld vs shape %lld of A's coalesced mode %lld]", m, e.a, e.b, e.c);
    case Err::shape_divisibility:
      return snprintf(buf, N, "%s [B's remaining shape %lld is not divisible by %lld at A's coalesced mode %lld]", m, e.a,
                      e.b, e.c);
    case Err::complement_chain:
      return e.a < e.b ? snprintf(buf, N, "%s [stride %lld lies inside the span %lld already covered]", m, e.a, e.b)
                       : snprintf(buf, N, "%s [stride %lld is not a multiple of %lld]", m, e.a, e.b);
    case Err::left_inverse_divisibility:
      return e.a < 0 ? snprintf(buf, N, "%s [stride %lld is negative]", m, e.a)
                     : snprintf(buf, N, "%s [stride %lld is not a multiple of %lld]", m, e.a, e.b);
    case Err::complement_postcondition:
      return e.a == 1   ? snprintf(buf, N, "%s [postcondition 1: (A, R) is not injective, R's image meets A's]", m)
             : e.a == 2 ? snprintf(buf, N, "%s [postcondition 2: R is not strictly increasing]", m)
                        : snprintf(buf, N, "%s [postcondition 3: cosize((A, R)) = %lld is less than the cotarget %lld]",
                                   m, e.c, e.b);
    case Err::left_inverse_not_injective:
      return e.c < 0 ? snprintf(buf, N, "%s [L(%lld) = %lld is also the value of a coordinate of the mode before it]", m,
                                e.a, e.b)
                     : snprintf(buf, N, "%s [L(%lld) = L(%lld) = %lld]", m, e.a, e.c, e.b);
    case Err::not_injective:
      return snprintf(buf, N, "%s [stride %lld falls inside the span %lld already covered]", m, e.a, e.b);
    case Err::rank_mismatch: return snprintf(buf, N, "%s [%lld modes for a layout of rank %lld]", m, e.a, e.b);
    case Err::overflow: return snprintf(buf, N, "%s [%lld and %lld]", m, e.a, e.b);
    case Err::shape_not_positive: return snprintf(buf, N, "%s [%lld]", m, e.a);
    case Err::product_negative_stride:
      return snprintf(buf, N, "%s [B's stride %lld, gaps of size %lld]", m, e.a, e.b);
    default: return snprintf(buf, N, "%s", m);
  }
}

}  // namespace tessel::engine
