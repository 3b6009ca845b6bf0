// tessel/atom/float8.hpp: the 8-bit floating-point element types of Hopper's
// FP8 wgmma (atom/mma_sm90.hpp) and of the FP8 GEMM, with CuTe's (CUTLASS's)
// names: float_e4m3_t (1 sign, 4 exponent bits of bias 7, 3 mantissa bits; no
// infinities, NaN = S.1111.111, largest 448: PyTorch's float8_e4m3fn) and
// float_e5m2_t (5 exponent bits of bias 15, 2 mantissa bits, IEEE-like: the
// largest finite 57344, infinities, NaNs: PyTorch's float8_e5m2).
//
// Where the drop-in has CUTLASS on its path (numeric/cutlass_types.hpp defines
// TESSEL_HAS_CUTLASS_TYPES) these names are CUTLASS's own types and this header
// adds nothing. Otherwise they are tessel's: the bit pattern (storage) with
// conversions done in integer and exact float arithmetic, host and device alike:
// float -> 8 bits rounds to nearest, ties to even, and saturates to the largest
// finite value (NaN stays NaN), as CUTLASS's conversion (cvt.rn.satfinite);
// 8 bits -> float is exact.
#pragma once

#include <cstdint>

#include "numeric.hpp"  // detail::float_bits, and CUTLASS's types where they are used

#if !defined(TESSEL_HAS_CUTLASS_TYPES)

namespace TESSEL_NAMESPACE {

namespace detail {
// The 8-bit float of E exponent bits (bias 2^(E-1) - 1) and Mt mantissa bits
// nearest to f (ties to even), saturated to the largest finite code Max; NaN
// gives Nan. Exact: the scaled magnitude has at most Mt + 2 integer bits.
template <int E, int Mt, unsigned Max, unsigned Nan>
TESSEL_HOST_DEVICE std::uint8_t float_to_f8_bits(float f) {
  std::uint32_t const x = float_bits(f);
  std::uint32_t const sign = (x >> 24) & 0x80u;
  std::uint32_t const ax = x & 0x7fffffffu;
  if (ax > 0x7f800000u) return std::uint8_t(sign | Nan);
  constexpr int bias = (1 << (E - 1)) - 1, emin = 1 - bias;
  int const exp = int(ax >> 23) - 127;  // -127 for zero and float subnormals (which round to 0 here)
  if (exp > 15 + bias) return std::uint8_t(sign | Max);  // far above the largest finite value (and infinity)
  int const qe = (exp < emin ? emin : exp) - Mt;        // the exponent of one unit of the mantissa
  float const scaled = bits_float(ax) * bits_float(std::uint32_t(127 - qe) << 23);  // |f| / 2^qe, exact
  std::uint32_t m = std::uint32_t(scaled);
  float const frac = scaled - float(m);
  if (frac > 0.5f || (frac == 0.5f && (m & 1u))) ++m;
  std::uint32_t code;
  if (exp < emin) {
    code = m;  // a subnormal, or 2^Mt: the smallest normal
  } else {
    int e = exp;
    if (m == (2u << Mt)) m = 1u << Mt, ++e;
    code = (std::uint32_t(e + bias) << Mt) | (m - (1u << Mt));
  }
  if (code > Max) code = Max;
  return std::uint8_t(sign | code);
}
// The value of an 8-bit float (E, Mt) as a float; FN: no infinities, the
// all-ones code is NaN (e4m3fn), else exponent all ones is infinity or NaN.
template <int E, int Mt, bool FN>
TESSEL_HOST_DEVICE float f8_bits_to_float(std::uint8_t c) {
  constexpr int bias = (1 << (E - 1)) - 1;
  std::uint32_t const e = (c >> Mt) & ((1u << E) - 1), m = c & ((1u << Mt) - 1);
  float const sign = (c & 0x80u) ? -1.f : 1.f;
  if (FN && e == (1u << E) - 1 && m == (1u << Mt) - 1) return bits_float(0x7fc00000u);
  if (!FN && e == (1u << E) - 1) return m ? bits_float(0x7fc00000u) : sign * bits_float(0x7f800000u);
  if (e == 0) return sign * float(m) * bits_float(std::uint32_t(127 + 1 - bias - Mt) << 23);
  return sign * float((1u << Mt) + m) * bits_float(std::uint32_t(127 + int(e) - bias - Mt) << 23);
}

// The storage and conversions of one 8-bit float format.
template <class Self, int E, int Mt, bool FN, unsigned Max, unsigned Nan>
struct float8_base {
  std::uint8_t storage = 0;
  TESSEL_HOST_DEVICE static constexpr Self bitcast(std::uint8_t bits) {
    Self s;
    s.storage = bits;
    return s;
  }
  TESSEL_HOST_DEVICE std::uint8_t raw() const { return storage; }
  TESSEL_HOST_DEVICE operator float() const { return f8_bits_to_float<E, Mt, FN>(storage); }
  TESSEL_HOST_DEVICE static std::uint8_t encode(float f) { return float_to_f8_bits<E, Mt, Max, Nan>(f); }
};
}  // namespace detail

struct float_e4m3_t : detail::float8_base<float_e4m3_t, 4, 3, true, 0x7eu, 0x7fu> {
  float_e4m3_t() = default;
  TESSEL_HOST_DEVICE explicit float_e4m3_t(float f) { storage = encode(f); }
  TESSEL_HOST_DEVICE explicit float_e4m3_t(double f) { storage = encode(float(f)); }
  TESSEL_HOST_DEVICE explicit float_e4m3_t(int i) { storage = encode(float(i)); }
};
struct float_e5m2_t : detail::float8_base<float_e5m2_t, 5, 2, false, 0x7bu, 0x7fu> {
  float_e5m2_t() = default;
  TESSEL_HOST_DEVICE explicit float_e5m2_t(float f) { storage = encode(f); }
  TESSEL_HOST_DEVICE explicit float_e5m2_t(double f) { storage = encode(float(f)); }
  TESSEL_HOST_DEVICE explicit float_e5m2_t(int i) { storage = encode(float(i)); }
};
static_assert(sizeof(float_e4m3_t) == 1 && sizeof(float_e5m2_t) == 1, "tessel: 8-bit floats are one byte");

}  // namespace TESSEL_NAMESPACE

#endif  // !TESSEL_HAS_CUTLASS_TYPES
