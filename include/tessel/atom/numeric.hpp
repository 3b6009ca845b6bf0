// tessel/atom/numeric.hpp: the element types the tensor-core atoms name
// (CuTe's half_t, bfloat16_t, tfloat32_t, uint128_t), usable in host code
// compiled without CUDA. Each is its bit pattern (16, 16, 32, 128 bits) with
// conversions to and from float done in integer arithmetic (round to nearest,
// ties to even), so host references and device kernels agree bit for bit.
#pragma once

#include <cstdint>
#include <cstring>

#include "../config.hpp"
#include "../numeric/cutlass_types.hpp"
#include "../numeric/uint128.hpp"

namespace TESSEL_NAMESPACE {

namespace detail {
// The bits of a float and the float of some bits (no <bit> needed under nvcc).
TESSEL_HOST_DEVICE std::uint32_t float_bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
TESSEL_HOST_DEVICE float bits_float(std::uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// binary32 -> binary16, round to nearest even; overflow gives infinity, NaN stays NaN.
TESSEL_HOST_DEVICE std::uint16_t float_to_half_bits(float f) {
  std::uint32_t const x = float_bits(f);
  std::uint32_t const sign = (x >> 16) & 0x8000u;
  std::uint32_t const exp = (x >> 23) & 0xffu;
  std::uint32_t man = x & 0x7fffffu;
  if (exp == 0xffu) return std::uint16_t(sign | 0x7c00u | (man ? 0x200u : 0u));
  int e = int(exp) - 127 + 15;  // the biased binary16 exponent
  if (e >= 31) return std::uint16_t(sign | 0x7c00u);
  if (e <= 0) {  // a binary16 subnormal (or zero): shift the full significand right
    if (e < -10) return std::uint16_t(sign);
    man |= 0x800000u;
    int const shift = 14 - e;  // 13 bits of precision dropped, plus 1 - e for the subnormal
    std::uint32_t const kept = man >> shift;
    std::uint32_t const rest = man & ((1u << shift) - 1u);
    std::uint32_t const half = 1u << (shift - 1);
    std::uint32_t r = kept + ((rest > half || (rest == half && (kept & 1u))) ? 1u : 0u);
    return std::uint16_t(sign | r);
  }
  std::uint32_t kept = (std::uint32_t(e) << 10) | (man >> 13);
  std::uint32_t const rest = man & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (kept & 1u))) ++kept;  // may carry into the exponent: still right
  return std::uint16_t(sign | kept);
}
// binary16 -> binary32 (exact).
TESSEL_HOST_DEVICE float half_bits_to_float(std::uint16_t h) {
  std::uint32_t const sign = std::uint32_t(h & 0x8000u) << 16;
  std::uint32_t const exp = (h >> 10) & 0x1fu;
  std::uint32_t man = h & 0x3ffu;
  if (exp == 0x1fu) return bits_float(sign | 0x7f800000u | (man << 13));
  if (exp == 0) {
    if (man == 0) return bits_float(sign);
    int e = -14;  // normalise the subnormal
    while ((man & 0x400u) == 0) {
      man <<= 1;
      --e;
    }
    man &= 0x3ffu;
    return bits_float(sign | (std::uint32_t(e + 127) << 23) | (man << 13));
  }
  return bits_float(sign | ((exp - 15 + 127) << 23) | (man << 13));
}
// binary32 -> bfloat16 (the high half), round to nearest even; NaN stays NaN.
TESSEL_HOST_DEVICE std::uint16_t float_to_bf16_bits(float f) {
  std::uint32_t const x = float_bits(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return std::uint16_t((x >> 16) | 0x40u);
  std::uint32_t const r = x + 0x7fffu + ((x >> 16) & 1u);
  return std::uint16_t(r >> 16);
}
// binary32 -> tf32 (10 significand bits kept in a 32-bit pattern), round to nearest even.
TESSEL_HOST_DEVICE std::uint32_t float_to_tf32_bits(float f) {
  std::uint32_t const x = float_bits(f);
  if ((x & 0x7f800000u) == 0x7f800000u) return x;  // infinities and NaNs unchanged
  std::uint32_t const r = x + 0xfffu + ((x >> 13) & 1u);
  return r & 0xffffe000u;
}
}  // namespace detail

#if defined(TESSEL_HAS_CUTLASS_TYPES)
// In the CuTe drop-in with CUTLASS on the include path, half_t, bfloat16_t and
// tfloat32_t are CUTLASS's (as CuTe's are): the same storage, bitcast and
// conversions as tessel's below, plus CUTLASS's arithmetic (numeric/cutlass_types.hpp).
using cutlass::bfloat16_t;
using cutlass::half_t;
using cutlass::tfloat32_t;
#else
namespace detail {
// The 16-bit floats (Self): IEEE binary16 (Bf16 false) or bfloat16, the high 16
// bits of a binary32 (Bf16 true). Converted from float explicitly (rounding to
// nearest even) and to float implicitly (exact); bitcast(b): the value of a bit pattern.
template <class Self, bool Bf16>
struct Float16 {
  std::uint16_t storage;
  Float16() = default;
  TESSEL_HOST_DEVICE explicit Float16(float f) : storage(Bf16 ? float_to_bf16_bits(f) : float_to_half_bits(f)) {}
  TESSEL_HOST_DEVICE operator float() const { return Bf16 ? bits_float(std::uint32_t(storage) << 16) : half_bits_to_float(storage); }
  TESSEL_HOST_DEVICE static Self bitcast(std::uint16_t b) {
    Self h;
    h.storage = b;
    return h;
  }
};
}  // namespace detail

// IEEE binary16.
struct half_t : detail::Float16<half_t, false> {
  using Float16::Float16;
};
// bfloat16.
struct bfloat16_t : detail::Float16<bfloat16_t, true> {
  using Float16::Float16;
};

// tf32: a binary32 pattern whose low 13 significand bits are zero (the tensor
// cores read only the high 19 bits).
struct tfloat32_t {
  std::uint32_t storage;
  tfloat32_t() = default;
  TESSEL_HOST_DEVICE explicit tfloat32_t(float f) : storage(detail::float_to_tf32_bits(f)) {}
  TESSEL_HOST_DEVICE operator float() const { return detail::bits_float(storage); }
};
#endif  // TESSEL_HAS_CUTLASS_TYPES

// uint128_t (128 bits, aligned to 16 bytes) is numeric/uint128.hpp's.

static_assert(sizeof(half_t) == 2 && sizeof(bfloat16_t) == 2 && sizeof(tfloat32_t) == 4 && sizeof(uint128_t) == 16,
              "tessel: the atom element types must have their hardware sizes");

}  // namespace tessel
