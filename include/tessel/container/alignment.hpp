// tessel/container/alignment.hpp: CuTe's alignment helpers
// (<cute/container/alignment.hpp>): is_byte_aligned<N>(p), whether the address
// p is a multiple of N bytes (N a power of two), and aligned_struct<A, Child>,
// an empty base class whose alignment is A bytes for A = 1, 2, 4, ..., 256 (for
// other A it is an empty struct of no particular alignment, as CuTe's).
#pragma once

#include <cstddef>
#include <cstdint>

#include "../config.hpp"

namespace TESSEL_NAMESPACE {

template <std::size_t N>
TESSEL_HOST_DEVICE constexpr bool is_byte_aligned(void const* const ptr) {
  static_assert(N != 0 && (N & (N - 1)) == 0, "tessel::is_byte_aligned: N must be a power of 2");
  return (reinterpret_cast<std::uintptr_t>(ptr) % N) == 0;
}

template <std::size_t Alignment, class Child = void>
struct aligned_struct {};

#define TESSEL_ALIGNED_STRUCT(A) \
  template <class Child>         \
  struct alignas(A) aligned_struct<A, Child> {};
TESSEL_ALIGNED_STRUCT(1)
TESSEL_ALIGNED_STRUCT(2)
TESSEL_ALIGNED_STRUCT(4)
TESSEL_ALIGNED_STRUCT(8)
TESSEL_ALIGNED_STRUCT(16)
TESSEL_ALIGNED_STRUCT(32)
TESSEL_ALIGNED_STRUCT(64)
TESSEL_ALIGNED_STRUCT(128)
TESSEL_ALIGNED_STRUCT(256)
#undef TESSEL_ALIGNED_STRUCT

}  // namespace TESSEL_NAMESPACE
