// tessel/kernels/gemm_convert.cuh: the epilogue conversions of the GEMM
// kernels (gemm_sm80.cuh, gemm_sm90.cuh): two fp32 results rounded to the
// output type as one word, an output element back to fp32 (for beta * C), and
// the store of two neighbouring results of a row (store_pair).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

#include "../atom/numeric.hpp"

namespace TESSEL_NAMESPACE::kernels::gemm_convert {

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

// dst[0], dst[1] = v0, v1 (alpha applied) + beta * (dst[0], dst[1]): columns c
// and c + 1 of a row whose first nres columns exist. One 2-element word where
// vec (C's rows allow it) and both columns exist, else element by element.
template <class TO>
TESSEL_DEVICE void store_pair(TO* dst, float v0, float v1, float beta, int c, int nres, bool vec) {
  if (vec && c + 1 < nres) {
    if (beta != 0.f) {
      auto const old = *reinterpret_cast<pair_of<TO> const*>(dst);
      v0 += beta * to_float(old.v[0]);
      v1 += beta * to_float(old.v[1]);
    }
    auto const packed = pack_pair(v0, v1, static_cast<TO*>(nullptr));
    *reinterpret_cast<std::remove_const_t<decltype(packed)>*>(dst) = packed;
  } else {
    if (c < nres) dst[0] = TO(beta != 0.f ? v0 + beta * to_float(dst[0]) : v0);
    if (c + 1 < nres) dst[1] = TO(beta != 0.f ? v1 + beta * to_float(dst[1]) : v1);
  }
}

}  // namespace tessel::kernels::gemm_convert
