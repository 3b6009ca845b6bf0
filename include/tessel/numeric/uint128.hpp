// tessel/numeric/uint128.hpp: uint128_t, 128 bits aligned to 16 bytes (one
// shared-memory row of ldmatrix, one cp.async or vector-copy element; CuTe's
// name). Storage only: two 64-bit halves, low half first.
#pragma once

#include <cstdint>

#include "../config.hpp"

namespace TESSEL_NAMESPACE {

struct alignas(16) uint128_t {
  std::uint64_t lo, hi;
};
static_assert(sizeof(uint128_t) == 16 && alignof(uint128_t) == 16, "tessel::uint128_t: 16 bytes, 16-byte aligned");

}  // namespace TESSEL_NAMESPACE
