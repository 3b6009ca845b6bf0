// tessel/kernels/gemm_convert.cuh: the epilogue conversions of the GEMM
// kernels (gemm_sm80.cuh, gemm_sm90.cuh): two fp32 results rounded to the
// output type as one word, and an output element back to fp32 (for beta * C).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "../atom/numeric.hpp"

namespace tessel::kernels::gemm_convert {

template <class TO>
struct alignas(2 * sizeof(TO)) pair_of {
  TO v[2];
};

// Two floats rounded to the output type by the hardware (cvt.rn.*x2), as one
// 4- or 8-byte word: element 0 at the lower address.
TESSEL_DEVICE std::uint32_t pack_pair(float v0, float v1, half_t*) {
  std::uint32_t r;
  asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(v1), "f"(v0));
  return r;
}
TESSEL_DEVICE std::uint32_t pack_pair(float v0, float v1, bfloat16_t*) {
  std::uint32_t r;
  asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(v1), "f"(v0));
  return r;
}
TESSEL_DEVICE float2 pack_pair(float v0, float v1, float*) { return make_float2(v0, v1); }
TESSEL_DEVICE float to_float(half_t h) {
  float f;
  asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h.storage));
  return f;
}
TESSEL_DEVICE float to_float(bfloat16_t h) { return float(h); }
TESSEL_DEVICE float to_float(float h) { return h; }

}  // namespace tessel::kernels::gemm_convert
