// tessel/numeric/math.hpp: bit operations and small integer helpers on plain
// integers, under CuTe's names (<cute/numeric/math.hpp>): has_single_bit,
// bit_width, bit_ceil, bit_floor, rotl, rotr, countl_zero, countl_one,
// countr_zero, countr_one, popcount (as C++20's <bit>, usable in device code),
// shiftl/shiftr (a shift whose direction follows the sign of its count),
// safe_div, log_2, and divmod with its result DivModReturnType.
//
// bit_width and log_2 take unsigned types only (a static_assert, as CuTe's).
// countl_one/countr_one complement their argument with ~, so for types narrower
// than int the complement is an int and the call does not compile (as CuTe's).
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "../config.hpp"

namespace TESSEL_NAMESPACE {

// x is a power of two.
template <class T>
TESSEL_HOST_DEVICE constexpr bool has_single_bit(T x) {
  return x != 0 && (x & (x - 1)) == 0;
}

// The number of bits needed to write x: 0 for 0, else 1 + floor(log2 x).
template <class T>
TESSEL_HOST_DEVICE constexpr int bit_width(T x) {
  static_assert(std::is_unsigned<T>::value, "tessel::bit_width: an unsigned type");
  int n = 0;
  // Halve the window: for 64 bits 32, 16, 8, 4, 2, 1.
  for (int half = std::numeric_limits<T>::digits / 2; half > 0; half /= 2) {
    if ((x >> half) != 0) {
      x = T(x >> half);
      n += half;
    }
  }
  return n + (x != 0 ? 1 : 0);
}

// The least power of two at least x (1 for 0). Where that power does not fit in a 32- or 64-bit T
// (x above 2^(width-1)) the shift count is taken modulo the shifted type's width, so the answer
// is 1: what CuTe's bit_ceil (a shift by the full width, undefined in C++) gives on the host, here
// without the undefined shift. (8- and 16-bit T shift as int: 2^8 / 2^16 truncated to 0.)
template <class T>
TESSEL_HOST_DEVICE constexpr T bit_ceil(T x) {
  if (x == 0) return T(1);
  using P = decltype(T(1) << 0);  // T after the integral promotions
  constexpr int width = int(sizeof(P)) * 8;
  return T(T(1) << (bit_width(T(x - 1)) % width));
}

// The greatest power of two at most x (0 for 0).
template <class T>
TESSEL_HOST_DEVICE constexpr T bit_floor(T x) {
  if (x == 0) return T(0);
  return T(T(1) << (bit_width(x) - 1));
}

template <class T>
TESSEL_HOST_DEVICE constexpr T rotr(T x, int s);

// x rotated left by s bits (right by -s when s < 0).
template <class T>
TESSEL_HOST_DEVICE constexpr T rotl(T x, int s) {
  constexpr int digits = std::numeric_limits<T>::digits;
  if (s < 0) return rotr(x, -s);
  int const r = s % digits;
  if (r == 0) return x;
  return static_cast<T>((x << r) | (x >> (digits - r)));
}

// x rotated right by s bits (left by -s when s < 0).
template <class T>
TESSEL_HOST_DEVICE constexpr T rotr(T x, int s) {
  constexpr int digits = std::numeric_limits<T>::digits;
  if (s < 0) return rotl(x, -s);
  int const r = s % digits;
  if (r == 0) return x;
  return static_cast<T>((x >> r) | (x << (digits - r)));
}

// Zero bits above the highest one bit.
template <class T>
TESSEL_HOST_DEVICE constexpr int countl_zero(T x) {
  return std::numeric_limits<T>::digits - bit_width(x);
}

// One bits from the top down to the first zero bit.
template <class T>
TESSEL_HOST_DEVICE constexpr int countl_one(T x) {
  return countl_zero(~x);
}

// Zero bits below the lowest one bit (all of them for 0).
template <class T>
TESSEL_HOST_DEVICE constexpr int countr_zero(T x) {
  static_assert(std::is_unsigned<T>::value, "tessel::countr_zero: an unsigned type");
  if (x == 0) return std::numeric_limits<T>::digits;
  int n = 0;
  while ((x & T(1)) == 0) {
    x = T(x >> 1);
    ++n;
  }
  return n;
}

// One bits from the bottom up to the first zero bit.
template <class T>
TESSEL_HOST_DEVICE constexpr int countr_one(T x) {
  return countr_zero(~x);
}

// The number of one bits.
template <class T>
TESSEL_HOST_DEVICE constexpr int popcount(T x) {
  // On T's bits as an unsigned value: x - 1 of a signed minimum would overflow.
  using U = std::make_unsigned_t<T>;
  U u = static_cast<U>(x);
  int n = 0;
  for (; u != 0; ++n) u = U(u & U(u - 1));  // drop the lowest one bit
  return n;
}

// x shifted left by s (right by -s when s < 0).
template <class T>
TESSEL_HOST_DEVICE constexpr auto shiftl(T x, int s) {
  return s < 0 ? (x >> -s) : (x << s);
}

// x shifted right by s (left by -s when s < 0).
template <class T>
TESSEL_HOST_DEVICE constexpr auto shiftr(T x, int s) {
  return s < 0 ? (x << -s) : (x >> s);
}

// t / u for integers t and u where u divides t (as CuTe's, the quotient is
// returned without checking that u divides t).
template <class T, class U, std::enable_if_t<std::is_integral<T>::value && std::is_integral<U>::value, int> = 0>
TESSEL_HOST_DEVICE constexpr auto safe_div(T const& t, U const& u) {
  return t / u;
}

// floor(log2 x) for an unsigned x > 0 (0 is an error).
template <class T>
TESSEL_HOST_DEVICE constexpr std::int32_t log_2(T x) {
  static_assert(std::is_unsigned<T>::value, "tessel::log_2: an unsigned integral type");
  TESSEL_CHECK(x > 0, "log_2: the argument must be positive");
  return static_cast<std::int32_t>(bit_width(x)) - 1;
}

// The quotient and the remainder of divmod.
template <class IntDiv, class IntMod>
struct DivModReturnType {
  IntDiv div_;
  IntMod mod_;
  TESSEL_HOST_DEVICE constexpr DivModReturnType(IntDiv const& d, IntMod const& m) : div_(d), mod_(m) {}
};

// {a / b, a % b}, for plain and static integers alike.
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto divmod(A const& a, B const& b) {
  return DivModReturnType{a / b, a % b};
}

}  // namespace TESSEL_NAMESPACE
