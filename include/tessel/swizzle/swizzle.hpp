// tessel/swizzle/swizzle.hpp: the bit swizzle Swizzle<B,M,S> (a function of
// an index). Composed layouts are in composed_layout.hpp, copies to and from
// swizzled tensors in copy.hpp.
#pragma once

#include "../layout/print.hpp"

namespace TESSEL_NAMESPACE {

// Swizzle<B,M,S>(x) = x ^ ((x & yyy) >> S): the B bits starting at bit M+S
// (yyy) are XORed into the B bits starting at bit M (zzz). With |S| >= B the
// two bit fields do not overlap, so the swizzle is a bijection of every range
// [0, 2^k) with k >= M+S+B, and its own inverse. Prints as Sw<B,M,S>.
template <int B, int M, int S = B>
struct Swizzle {
  static_assert(B >= 0, "tessel::Swizzle: B (number of bits) must be >= 0");
  static_assert(M >= 0, "tessel::Swizzle: M (base) must be >= 0");
  static_assert((S < 0 ? -S : S) >= B, "tessel::Swizzle: |S| must be at least B (the two bit fields may not overlap)");
  static constexpr int num_bits = B;
  static constexpr int num_base = M;
  static constexpr int num_shft = S;
  static constexpr unsigned bit_msk = (1u << B) - 1u;
  static constexpr unsigned yyy_msk = bit_msk << (M + (S > 0 ? S : 0));
  static constexpr unsigned zzz_msk = bit_msk << (M - (S < 0 ? S : 0));
  static constexpr unsigned swizzle_code = yyy_msk | zzz_msk;

  template <class Offset>
  TESSEL_HOST_DEVICE static constexpr auto apply(Offset const& x) {
    if constexpr (StaticInt<Offset>) {
      return C<apply(Offset::value)>{};
    } else {
      using T = Offset;
      if constexpr (S >= 0) return T(x ^ ((x & T(yyy_msk)) >> S));
      else return T(x ^ ((x & T(yyy_msk)) << (-S)));
    }
  }
  template <class Offset>
  TESSEL_HOST_DEVICE constexpr auto operator()(Offset const& x) const { return apply(x); }
  // The smallest domain [0, 2^k) it permutes.
  static constexpr int domain_bits = M + (S > 0 ? S : -S) + B;
};

template <class T> struct is_swizzle : std::false_type {};
template <int B, int M, int S> struct is_swizzle<Swizzle<B, M, S>> : std::true_type {};
template <class T> inline constexpr bool is_swizzle_v = is_swizzle<std::remove_cvref_t<T>>::value;

// A swizzle is its own inverse.
template <int B, int M, int S>
TESSEL_HOST_DEVICE constexpr auto inverse(Swizzle<B, M, S>) { return Swizzle<B, M, S>{}; }
template <int B, int M, int S>
TESSEL_HOST_DEVICE constexpr auto right_inverse(Swizzle<B, M, S>) { return Swizzle<B, M, S>{}; }
template <int B, int M, int S>
TESSEL_HOST_DEVICE constexpr auto left_inverse(Swizzle<B, M, S>) { return Swizzle<B, M, S>{}; }

// make_swizzle<YMask, ZMask>(): the swizzle XORing the bits of YMask into those
// of ZMask (contiguous masks of the same width, not overlapping).
namespace detail {
TESSEL_HOST_DEVICE constexpr int popcount(unsigned x) { int n = 0; for (; x; x &= x - 1) ++n; return n; }
TESSEL_HOST_DEVICE constexpr int lowest_bit(unsigned x) { int n = 0; if (!x) return 0; while (!(x & 1u)) { x >>= 1; ++n; } return n; }
}  // namespace detail
template <unsigned YMask, unsigned ZMask>
TESSEL_HOST_DEVICE constexpr auto make_swizzle() {
  constexpr int b = detail::popcount(YMask);
  static_assert(b == detail::popcount(ZMask), "tessel::make_swizzle: the two masks must have the same number of bits");
  static_assert((YMask & ZMask) == 0, "tessel::make_swizzle: the masks overlap");
  constexpr int y = detail::lowest_bit(YMask), z = detail::lowest_bit(ZMask);
  static_assert(YMask == (((1u << b) - 1u) << y) && ZMask == (((1u << b) - 1u) << z),
                "tessel::make_swizzle: each mask must be one run of bits");
  if constexpr (y >= z) return Swizzle<b, z, y - z>{};
  else return Swizzle<b, y, y - z>{};
}

template <int B, int M, int S>
TESSEL_HOST_DEVICE void print(Swizzle<B, M, S> const& sw) { detail::write(detail::printf_sink{}, sw); }
template <int B, int M, int S>
std::ostream& operator<<(std::ostream& os, Swizzle<B, M, S> const& sw) {
  detail::write(detail::ostream_sink{os}, sw);
  return os;
}

}  // namespace tessel
