// tessel/int/ratio.hpp: CuTe's compile-time rationals (<cute/numeric/integral_ratio.hpp>).
//
//   R<n, d>          the rational n/d (d != 0); R<n,d>::num and ::den are its
//                    reduced numerator and denominator (den >= 1, the sign on
//                    num), and ::type the reduced value: C<num> when den is 1 or
//                    num is 0, else R<num, den>. R<3,6> and R<1,2> are
//                    different types with the same ::type.
//   is_ratio<T>      T is an R.
//   ratio(x, y)      x / y for static integers and R's, reduced (::type);
//   nratio(x, y)     the same, not reduced (an R).
//   trait_ratio(A, B) nratio of the static values of two traits (A::value / B::value).
//   * + with R or C: reduced results; int * R and R * int: int * num / den (an
//   integer, truncated); x / R: x * (den/num); == and < give static bools; abs;
//   log_2(R): log_2(num) - log_2(den), for positive R.
//   Printed: print gives _n/_d; a stream gets __n/_d (CuTe's spellings).
#pragma once

#include <cstdint>
#include <cstdio>
#include <iosfwd>
#include <type_traits>

#include "../config.hpp"
#include "../numeric/math.hpp"
#include "integral.hpp"
#include "type_utils.hpp"

namespace TESSEL_NAMESPACE {

namespace detail {
template <class T>
TESSEL_HOST_DEVICE constexpr T ratio_abs(T v) {
  return v < 0 ? T(-v) : v;
}
template <class T>
TESSEL_HOST_DEVICE constexpr T ratio_gcd(T a, T b) {
  while (b != 0) {
    T const r = a % b;
    a = b;
    b = r;
  }
  return a;
}
}  // namespace detail

template <auto n, auto d>
class R {
  static_assert(d != 0, "tessel::R: the denominator must not be 0");
  using T = std::common_type_t<int, decltype(n), decltype(d)>;
  static constexpr T g = detail::ratio_gcd(detail::ratio_abs(T(n)), detail::ratio_abs(T(d)));
  static constexpr T sign = ((T(n) < 0) != (T(d) < 0)) ? T(-1) : T(1);

 public:
  static constexpr T num = sign * detail::ratio_abs(T(n)) / g;
  static constexpr T den = detail::ratio_abs(T(d)) / g;
  using type = std::conditional_t<num == 0 || den == 1, C<num>, R<num, den>>;
};

template <class T> struct is_ratio : false_type {};
template <auto n, auto d> struct is_ratio<R<n, d>> : true_type {};

// Not reduced.
template <auto a, auto b>
TESSEL_HOST_DEVICE constexpr R<a, b> nratio(C<a>, C<b>) { return {}; }
template <auto a, auto b, auto c>
TESSEL_HOST_DEVICE constexpr R<a * c, b> nratio(C<a>, R<b, c>) { return {}; }
template <auto a, auto b, auto c>
TESSEL_HOST_DEVICE constexpr R<b, a * c> nratio(R<b, c>, C<a>) { return {}; }
template <auto a, auto b, auto c, auto d>
TESSEL_HOST_DEVICE constexpr R<a * d, b * c> nratio(R<a, b>, R<c, d>) { return {}; }

// Reduced.
template <class X, class Y>
  requires requires { nratio(X{}, Y{}); }
TESSEL_HOST_DEVICE constexpr auto ratio(X, Y) {
  return typename decltype(nratio(X{}, Y{}))::type{};
}

template <auto a, auto b, auto x, auto y>
TESSEL_HOST_DEVICE constexpr typename R<a * x, b * y>::type operator*(R<a, b>, R<x, y>) { return {}; }
template <auto a, auto b, auto c>
TESSEL_HOST_DEVICE constexpr typename R<a * c, b>::type operator*(R<a, b>, C<c>) { return {}; }
template <auto c, auto a, auto b>
TESSEL_HOST_DEVICE constexpr typename R<a * c, b>::type operator*(C<c>, R<a, b>) { return {}; }
// With a plain integer the product is an integer: i * num / den.
template <class I, auto a, auto b>
  requires std::is_integral_v<I>
TESSEL_HOST_DEVICE constexpr auto operator*(I const& i, R<a, b>) {
  return i * R<a, b>::num / R<a, b>::den;
}
template <auto a, auto b, class I>
  requires std::is_integral_v<I>
TESSEL_HOST_DEVICE constexpr auto operator*(R<a, b>, I const& i) {
  return i * R<a, b>::num / R<a, b>::den;
}
// x / (a/b) = x * (b/a).
template <class X, auto a, auto b>
TESSEL_HOST_DEVICE constexpr auto operator/(X const& x, R<a, b>) {
  return x * R<b, a>{};
}
template <auto a, auto b, auto x, auto y>
TESSEL_HOST_DEVICE constexpr typename R<a * y + b * x, b * y>::type operator+(R<a, b>, R<x, y>) { return {}; }
template <auto a, auto b, auto c>
TESSEL_HOST_DEVICE constexpr typename R<a + c * b, b>::type operator+(R<a, b>, C<c>) { return {}; }
template <auto c, auto a, auto b>
TESSEL_HOST_DEVICE constexpr typename R<a + c * b, b>::type operator+(C<c>, R<a, b>) { return {}; }

template <auto a, auto b, auto x, auto y>
TESSEL_HOST_DEVICE constexpr bool_constant<R<a, b>::num == R<x, y>::num && R<a, b>::den == R<x, y>::den> operator==(
    R<a, b>, R<x, y>) {
  return {};
}
template <auto a, auto b, auto c>
TESSEL_HOST_DEVICE constexpr bool_constant<R<a, b>::num == c && R<a, b>::den == 1> operator==(R<a, b>, C<c>) {
  return {};
}
template <auto c, auto a, auto b>
TESSEL_HOST_DEVICE constexpr bool_constant<R<a, b>::num == c && R<a, b>::den == 1> operator==(C<c>, R<a, b>) {
  return {};
}
template <auto a, auto b, auto x, auto y>
TESSEL_HOST_DEVICE constexpr bool_constant<(R<a, b>::num * R<x, y>::den < R<x, y>::num * R<a, b>::den)> operator<(
    R<a, b>, R<x, y>) {
  return {};
}
template <auto a, auto b, auto c>
TESSEL_HOST_DEVICE constexpr bool_constant<(R<a, b>::num < c * R<a, b>::den)> operator<(R<a, b>, C<c>) {
  return {};
}
template <auto c, auto a, auto b>
TESSEL_HOST_DEVICE constexpr bool_constant<(c * R<a, b>::den < R<a, b>::num)> operator<(C<c>, R<a, b>) {
  return {};
}

template <auto a, auto b>
TESSEL_HOST_DEVICE constexpr typename R<(a < 0 ? -a : a), (b < 0 ? -b : b)>::type abs(R<a, b>) {
  return {};
}

template <auto a, auto b>
TESSEL_HOST_DEVICE constexpr std::int32_t log_2(R<a, b>) {
  static_assert(R<a, b>::num > 0 && R<a, b>::den > 0, "tessel::log_2: a positive ratio");
  return log_2(static_cast<std::uint32_t>(R<a, b>::num)) - log_2(static_cast<std::uint32_t>(R<a, b>::den));
}

template <class Trait0, class Trait1>
TESSEL_HOST_DEVICE constexpr auto trait_ratio(Trait0, Trait1) {
  return nratio(static_value<Trait0>(), static_value<Trait1>());
}

template <auto a, auto b>
TESSEL_HOST_DEVICE void print(R<a, b>) {
  printf("_%lld/_%lld", static_cast<long long>(a), static_cast<long long>(b));
}
template <class Ch, class Tr, auto a, auto b>
std::basic_ostream<Ch, Tr>& operator<<(std::basic_ostream<Ch, Tr>& os, R<a, b>) {
  return os << "__" << a << "/_" << b;
}

}  // namespace TESSEL_NAMESPACE
