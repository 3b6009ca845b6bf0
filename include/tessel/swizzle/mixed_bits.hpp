// tessel/swizzle/mixed_bits.hpp: MixedBits<S, F>, a 32-bit unsigned value of
// which the bits outside F are known at compile time (those of S) and the bits
// of F are known only at run time; bitwise operations keep track of which
// bits stay known. make_mixed_bits builds one, or a static integer where no
// bit is left unknown.
#pragma once

#include <cstdint>

#include "../int/integral.hpp"

namespace TESSEL_NAMESPACE {

template <std::uint32_t S, std::uint32_t F>
struct MixedBits {
  static_assert(F != 0, "tessel::MixedBits: at least one bit must be dynamic");
  static_assert((S & F) == 0, "tessel::MixedBits: a bit is either static or dynamic");
  std::uint32_t dynamic_int_;  // only the bits of F may be set
  TESSEL_HOST_DEVICE constexpr operator std::uint32_t() const noexcept { return S | dynamic_int_; }
};

template <class T> struct is_mixed_bits : std::false_type {};
template <std::uint32_t S, std::uint32_t F> struct is_mixed_bits<MixedBits<S, F>> : std::true_type {};

// The value s | (d & f): static bits s, and the bits of f (outside s) taken
// from d. A static integer where f adds no bit or d is static.
template <auto s, class D, auto f>
TESSEL_HOST_DEVICE constexpr auto make_mixed_bits(C<s>, D const& d, C<f>) {
  static_assert(is_integral_v<D>, "tessel::make_mixed_bits: d must be an integer");
  constexpr std::uint32_t dyn = std::uint32_t(f) & ~std::uint32_t(s);
  if constexpr (dyn == 0) {
    return C<s>{};
  } else if constexpr (StaticInt<D>) {
    return C<(std::uint32_t(s) | (std::uint32_t(D::value) & dyn))>{};
  } else {
    return MixedBits<std::uint32_t(s), dyn>{std::uint32_t(d) & dyn};
  }
}

namespace detail {
// The static bits and the dynamic mask of an operand (a static integer has no
// dynamic bits).
template <class T> struct bits_of;
template <std::uint32_t S, std::uint32_t F> struct bits_of<MixedBits<S, F>> {
  static constexpr std::uint32_t s = S, f = F;
};
template <auto v> struct bits_of<C<v>> { static constexpr std::uint32_t s = std::uint32_t(v), f = 0; };
template <class A, class B>
concept mixed_operands = (is_mixed_bits<A>::value || is_mixed_bits<B>::value) &&
                         (is_mixed_bits<A>::value || StaticInt<A>) && (is_mixed_bits<B>::value || StaticInt<B>);
}  // namespace detail

// a & b: a bit is known 1 where it is in both, known 0 where it is known 0 in
// either, and dynamic otherwise.
template <class A, class B> requires detail::mixed_operands<A, B>
TESSEL_HOST_DEVICE constexpr auto operator&(A const& a, B const& b) {
  using X = detail::bits_of<A>;
  using Y = detail::bits_of<B>;
  constexpr std::uint32_t zero = ~(X::s | X::f) | ~(Y::s | Y::f);
  constexpr std::uint32_t one = X::s & Y::s;
  return make_mixed_bits(C<one>{}, std::uint32_t(a) & std::uint32_t(b), C<(~zero & ~one)>{});
}
// a | b: known 1 where it is known 1 in either, known 0 where known 0 in both.
template <class A, class B> requires detail::mixed_operands<A, B>
TESSEL_HOST_DEVICE constexpr auto operator|(A const& a, B const& b) {
  using X = detail::bits_of<A>;
  using Y = detail::bits_of<B>;
  constexpr std::uint32_t zero = ~(X::s | X::f) & ~(Y::s | Y::f);
  constexpr std::uint32_t one = X::s | Y::s;
  return make_mixed_bits(C<one>{}, std::uint32_t(a) | std::uint32_t(b), C<(~zero & ~one)>{});
}
// a ^ b: known where it is known in both, dynamic where dynamic in either.
template <class A, class B> requires detail::mixed_operands<A, B>
TESSEL_HOST_DEVICE constexpr auto operator^(A const& a, B const& b) {
  using X = detail::bits_of<A>;
  using Y = detail::bits_of<B>;
  constexpr std::uint32_t dyn = X::f | Y::f;
  return make_mixed_bits(C<((X::s ^ Y::s) & ~dyn)>{}, std::uint32_t(a) ^ std::uint32_t(b), C<dyn>{});
}
// Shifts by a static amount move the static bits and the dynamic mask alike.
template <std::uint32_t S, std::uint32_t F, auto n>
TESSEL_HOST_DEVICE constexpr auto operator<<(MixedBits<S, F> const& m, C<n>) {
  return make_mixed_bits(C<(S << n)>{}, m.dynamic_int_ << n, C<(F << n)>{});
}
template <std::uint32_t S, std::uint32_t F, auto n>
TESSEL_HOST_DEVICE constexpr auto operator>>(MixedBits<S, F> const& m, C<n>) {
  return make_mixed_bits(C<(S >> n)>{}, m.dynamic_int_ >> n, C<(F >> n)>{});
}

// The largest power of two dividing every value m can take.
template <std::uint32_t S, std::uint32_t F>
TESSEL_HOST_DEVICE constexpr auto max_alignment(MixedBits<S, F> const&) {
  constexpr std::uint32_t bits = S | F;
  return C<(bits & (~bits + 1u))>{};
}

// Prints as M_S|(d&F)=value. (Streamed, it converts to its value, as CuTe's does.)
template <std::uint32_t S, std::uint32_t F>
TESSEL_HOST_DEVICE void print(MixedBits<S, F> const& m) {
  printf("M_%u|(%u&%u)=%u", S, m.dynamic_int_, F, std::uint32_t(m));
}

}  // namespace tessel
