// tessel/numeric/uint128.hpp: uint128_t, 128 bits aligned to 16 bytes (one
// shared-memory row of ldmatrix, one cp.async or vector-copy element; CuTe's
// name). Storage only: two 64-bit halves, low half first.
//
// In the CuTe drop-in with CUTLASS on the include path it is CUTLASS's
// cutlass::uint128_t, as CuTe's is (`using cutlass::uint128_t;` in
// <cute/numeric/int.hpp>): one type per name for the program and CUTLASS's headers
// (numeric/cutlass_types.hpp does the same for the floating-point types, under the
// same condition and switch, TESSEL_NO_CUTLASS_TYPES). The type's name also
// reaches the names of the kernels it instantiates (a copy atom
// UniversalCopy<uint128_t> in a kernel's template arguments), and ptxas chooses its
// register allocation by the kernel's name: a name that contains "cutlass" gets
// another allocation than the same PTX under another name (CuTe's sgemm_2 NT
// kernel: 106 registers under its own name, 126 renamed; docs/CUTE_DIFFERENCES.md).
#pragma once

#include <cstdint>

#include "../config.hpp"

#if defined(TESSEL_CUTE_COMPAT) && !defined(TESSEL_NO_CUTLASS_TYPES) && __has_include(<cutlass/numeric_types.h>) && \
    __has_include(<cuda_runtime_api.h>)
#  include <cutlass/uint128.h>

namespace TESSEL_NAMESPACE {
using cutlass::uint128_t;
}  // namespace TESSEL_NAMESPACE
#else
namespace TESSEL_NAMESPACE {

struct alignas(16) uint128_t {
  std::uint64_t lo, hi;
};

}  // namespace TESSEL_NAMESPACE
#endif

namespace TESSEL_NAMESPACE {
static_assert(sizeof(uint128_t) == 16 && alignof(uint128_t) == 16, "tessel::uint128_t: 16 bytes, 16-byte aligned");
}  // namespace TESSEL_NAMESPACE
