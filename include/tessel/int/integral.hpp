// tessel/int/integral.hpp: static integers C<v>, their aliases, arithmetic that
// keeps static results static, and the integer traits.
//
// A dynamic integer is any standard integral type. A static integer is C<v>: an
// empty type whose value lives in the type. Arithmetic on two static integers
// gives a static integer; mixing with a dynamic one gives a dynamic one, except
// where the result is known regardless (CuTe's absorbing cases: _0 * x == _0,
// x % _1 == _0, _0 / x == _0, and the identities _1 * x == x, x + _0 == x).
#pragma once

#include <cstdint>
#include <type_traits>

#include "../config.hpp"

namespace TESSEL_NAMESPACE {

template <auto v>
struct C {
  using type = C<v>;
  using value_type = decltype(v);
  static constexpr value_type value = v;
  TESSEL_HOST_DEVICE constexpr operator value_type() const noexcept { return v; }
  TESSEL_HOST_DEVICE constexpr value_type operator()() const noexcept { return v; }
};

template <int v> using Int = C<v>;

// integral_constant<T, v>: a static integer whose type is exactly T (C<v>
// takes the type of v). It is a C<v>, so it mixes with C<> everywhere.
template <class T, T v>
struct integral_constant : C<v> {
  using type = integral_constant<T, v>;
  using value_type = T;
  static constexpr T value = v;
  TESSEL_HOST_DEVICE constexpr T operator()() const noexcept { return v; }
};
// constant<T, v>: C<v> spelled with its type.
template <class T, T v> using constant = C<v>;
template <bool b> using bool_constant = C<b>;
using true_type = bool_constant<true>;
using false_type = bool_constant<false>;

// ---- traits ---------------------------------------------------------------

template <class T> struct is_static_int : std::false_type {};
template <auto v> struct is_static_int<C<v>> : std::bool_constant<std::is_integral_v<decltype(v)>> {};
template <class T, T v> struct is_static_int<integral_constant<T, v>> : std::bool_constant<std::is_integral_v<T>> {};

// A dynamic integer: any standard integral type (bool excluded, as in CuTe's
// shapes). Equivalent to std::is_integral for the types tessel uses.
template <class T>
inline constexpr bool is_std_integral_v = std::is_integral_v<std::remove_cvref_t<T>>;
template <class T> struct is_std_integral : std::bool_constant<is_std_integral_v<T>> {};

// Static or dynamic integer.
template <class T>
inline constexpr bool is_integral_v =
    is_std_integral_v<T> || is_static_int<std::remove_cvref_t<T>>::value;
template <class T> struct is_integral : std::bool_constant<is_integral_v<T>> {};

// Static: an empty type, so nothing about it can depend on run-time data.
template <class T>
inline constexpr bool is_static_v = __is_empty(std::remove_cvref_t<T>);
template <class T> struct is_static : std::bool_constant<is_static_v<T>> {};

// A static integer whose value is n.
template <auto n, class T>
struct is_constant : std::false_type {};
template <auto n, auto v>
struct is_constant<n, C<v>> : std::bool_constant<v == n> {};
template <auto n, class T, T v>
struct is_constant<n, integral_constant<T, v>> : std::bool_constant<v == n> {};
template <auto n, class T> struct is_constant<n, T const> : is_constant<n, T> {};
template <auto n, class T> struct is_constant<n, T&> : is_constant<n, T> {};
template <auto n, class T> struct is_constant<n, T&&> : is_constant<n, T> {};
template <auto n, class T>
inline constexpr bool is_constant_v = is_constant<n, T>::value;

template <class T> concept Integral = is_integral_v<T>;
template <class T> concept DynamicInt = is_std_integral_v<T>;
template <class T> concept StaticInt = is_static_int<std::remove_cvref_t<T>>::value;

// ---- arithmetic on two static integers -------------------------------------

#define TESSEL_STATIC_UNARY(OP)                                                \
  template <auto a>                                                            \
  TESSEL_HOST_DEVICE constexpr C<(OP a)> operator OP(C<a>) { return {}; }
TESSEL_STATIC_UNARY(-)
TESSEL_STATIC_UNARY(+)
TESSEL_STATIC_UNARY(~)
TESSEL_STATIC_UNARY(!)
#undef TESSEL_STATIC_UNARY

// +, - and * of two static integers of a signed type: a result that does not
// fit in that type is a compile error (it would otherwise fall back to the
// built-in operator on the converted values, and wrap at run time).
namespace detail {
// Whether x op y, computed in the integer type R (x and y of type R), passes
// R's range: exact, portable and constant-evaluable (nvcc's front end does
// not evaluate __builtin_mul_overflow in constant expressions).
template <class R>
TESSEL_HOST_DEVICE constexpr R int_max() { return std::is_signed_v<R> ? R(~(R(1) << (8 * sizeof(R) - 1))) : R(~R(0)); }
template <class R>
TESSEL_HOST_DEVICE constexpr R int_min() { return std::is_signed_v<R> ? R(-int_max<R>() - 1) : R(0); }
// TESSEL_OVERFLOW_BUILTINS: whether the overflow tests below use GCC's and Clang's
// __builtin_{add,sub,mul}_overflow (g++ and clang, which evaluate them in constant expressions too):
// the same answers as the portable tests, an instruction and a flag instead of divisions, so less
// code to optimize in every program (the layout examples' object 9.3 -> 7.1 KB,
// docs/CUTE_DIFFERENCES.md "compile time"). Under nvcc (host and device passes: its front end does
// not evaluate the builtins in constant expressions) and other compilers, the portable tests.
#if !defined(TESSEL_OVERFLOW_BUILTINS)
#  if !defined(__CUDACC__) && !defined(_NVHPC_CUDA) && (defined(__GNUC__) || defined(__clang__))
#    define TESSEL_OVERFLOW_BUILTINS 1
#  else
#    define TESSEL_OVERFLOW_BUILTINS 0
#  endif
#endif
template <class R>
TESSEL_HOST_DEVICE constexpr bool add_overflows(R x, R y) {
#if TESSEL_OVERFLOW_BUILTINS
  R r{};
  return __builtin_add_overflow(x, y, &r);
#else
  if constexpr (std::is_signed_v<R>) return y > 0 ? x > int_max<R>() - y : x < int_min<R>() - y;
  else return x > R(int_max<R>() - y);
#endif
}
template <class R>
TESSEL_HOST_DEVICE constexpr bool sub_overflows(R x, R y) {
#if TESSEL_OVERFLOW_BUILTINS
  R r{};
  return __builtin_sub_overflow(x, y, &r);
#else
  if constexpr (std::is_signed_v<R>) return y < 0 ? x > int_max<R>() + y : x < int_min<R>() + y;
  else return x < y;
#endif
}
template <class R>
TESSEL_HOST_DEVICE constexpr bool mul_overflows(R x, R y) {
#if TESSEL_OVERFLOW_BUILTINS
  R r{};
  return __builtin_mul_overflow(x, y, &r);
#else
  if (x == 0 || y == 0) return false;
  if constexpr (std::is_signed_v<R>) {
    if (x > 0) return y > 0 ? x > int_max<R>() / y : y < int_min<R>() / x;
    return y > 0 ? x < int_min<R>() / y : y < int_max<R>() / x;
  } else {
    return x > int_max<R>() / y;
  }
#endif
}
template <auto a, auto b>
TESSEL_HOST_DEVICE constexpr bool static_add_fits() {
  using R = decltype(a + b);
  return !std::is_signed_v<R> || !add_overflows<R>(R(a), R(b));
}
template <auto a, auto b>
TESSEL_HOST_DEVICE constexpr bool static_sub_fits() {
  using R = decltype(a - b);
  return !std::is_signed_v<R> || !sub_overflows<R>(R(a), R(b));
}
template <auto a, auto b>
TESSEL_HOST_DEVICE constexpr bool static_mul_fits() {
  using R = decltype(a * b);
  return !std::is_signed_v<R> || !mul_overflows<R>(R(a), R(b));
}
}  // namespace detail
template <auto a, auto b>
TESSEL_HOST_DEVICE constexpr auto operator+(C<a>, C<b>) {
  static_assert(detail::static_add_fits<a, b>(),
                "tessel: integer overflow: the sum of two static integers does not fit in their type");
  return C<decltype(a + b)(a + b)>{};
}
template <auto a, auto b>
TESSEL_HOST_DEVICE constexpr auto operator-(C<a>, C<b>) {
  static_assert(detail::static_sub_fits<a, b>(),
                "tessel: integer overflow: the difference of two static integers does not fit in their type");
  return C<decltype(a - b)(a - b)>{};
}
template <auto a, auto b>
TESSEL_HOST_DEVICE constexpr auto operator*(C<a>, C<b>) {
  static_assert(detail::static_mul_fits<a, b>(),
                "tessel: integer overflow: the product of two static integers does not fit in their type");
  return C<decltype(a * b)(a * b)>{};
}

#define TESSEL_STATIC_BINARY(OP)                                               \
  template <auto a, auto b>                                                    \
  TESSEL_HOST_DEVICE constexpr C<(a OP b)> operator OP(C<a>, C<b>) { return {}; }
TESSEL_STATIC_BINARY(/)
TESSEL_STATIC_BINARY(%)
TESSEL_STATIC_BINARY(&)
TESSEL_STATIC_BINARY(|)
TESSEL_STATIC_BINARY(^)
TESSEL_STATIC_BINARY(<<)
TESSEL_STATIC_BINARY(>>)
TESSEL_STATIC_BINARY(&&)
TESSEL_STATIC_BINARY(||)
TESSEL_STATIC_BINARY(==)
TESSEL_STATIC_BINARY(!=)
TESSEL_STATIC_BINARY(<)
TESSEL_STATIC_BINARY(>)
TESSEL_STATIC_BINARY(<=)
TESSEL_STATIC_BINARY(>=)
#undef TESSEL_STATIC_BINARY

// ---- absorbing and identity cases with a dynamic operand -------------------

template <auto a, DynamicInt U> requires(a == 0)
TESSEL_HOST_DEVICE constexpr C<a> operator*(C<a>, U) { return {}; }
template <DynamicInt U, auto a> requires(a == 0)
TESSEL_HOST_DEVICE constexpr C<a> operator*(U, C<a>) { return {}; }
template <auto a, DynamicInt U> requires(a == 1)
TESSEL_HOST_DEVICE constexpr U operator*(C<a>, U u) { return u; }
template <DynamicInt U, auto a> requires(a == 1)
TESSEL_HOST_DEVICE constexpr U operator*(U u, C<a>) { return u; }
template <DynamicInt U, auto a> requires(a == 1)
TESSEL_HOST_DEVICE constexpr U operator/(U u, C<a>) { return u; }
template <auto a, DynamicInt U> requires(a == 0)
TESSEL_HOST_DEVICE constexpr C<a> operator/(C<a>, U) { return {}; }
template <DynamicInt U, auto a> requires(a == 1 || a == -1)
TESSEL_HOST_DEVICE constexpr C<decltype(a)(0)> operator%(U, C<a>) { return {}; }
template <auto a, DynamicInt U> requires(a == 0)
TESSEL_HOST_DEVICE constexpr C<a> operator%(C<a>, U) { return {}; }
template <auto a, DynamicInt U> requires(a == 0)
TESSEL_HOST_DEVICE constexpr U operator+(C<a>, U u) { return u; }
template <DynamicInt U, auto a> requires(a == 0)
TESSEL_HOST_DEVICE constexpr U operator+(U u, C<a>) { return u; }
template <DynamicInt U, auto a> requires(a == 0)
TESSEL_HOST_DEVICE constexpr U operator-(U u, C<a>) { return u; }
template <auto a, DynamicInt U> requires(a == 0)
TESSEL_HOST_DEVICE constexpr C<a> operator&(C<a>, U) { return {}; }
template <DynamicInt U, auto a> requires(a == 0)
TESSEL_HOST_DEVICE constexpr C<a> operator&(U, C<a>) { return {}; }

// ---- small math that keeps staticness ---------------------------------------

template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto min(A const& a, B const& b) {
  if constexpr (StaticInt<A> && StaticInt<B>) {
    return C<(A::value < B::value ? A::value : B::value)>{};
  } else {
    return a < b ? a : b;
  }
}
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto max(A const& a, B const& b) {
  if constexpr (StaticInt<A> && StaticInt<B>) {
    return C<(A::value < B::value ? B::value : A::value)>{};
  } else {
    return a < b ? b : a;
  }
}
template <class T>
TESSEL_HOST_DEVICE constexpr auto abs(T const& t) {
  if constexpr (StaticInt<T>) {
    return C<(T::value < 0 ? -T::value : T::value)>{};
  } else {
    return t < 0 ? -t : t;
  }
}
template <class T>
TESSEL_HOST_DEVICE constexpr auto signum(T const& t) {
  if constexpr (StaticInt<T>) {
    return C<(T::value > 0) - (T::value < 0)>{};
  } else {
    return (T(0) < t) - (t < T(0));
  }
}

// Number of decimal digits of x (at least 1), as CuTe's print_layout uses it.
TESSEL_HOST_DEVICE constexpr int num_digits(long long x) {
  int n = 1;
  // |x| as unsigned: the negation of the smallest long long is not a long long.
  for (unsigned long long u = x < 0 ? 0ull - static_cast<unsigned long long>(x) : static_cast<unsigned long long>(x);
       u >= 10; u /= 10)
    ++n;
  return n;
}

// ---- aliases ----------------------------------------------------------------

#define TESSEL_ALIAS(n) using _##n = Int<n>;
#define TESSEL_ALIAS_M(n) using _m##n = Int<-n>;
#define TESSEL_ALIAS_10(d)                                                     \
  TESSEL_ALIAS(d##0) TESSEL_ALIAS(d##1) TESSEL_ALIAS(d##2) TESSEL_ALIAS(d##3)  \
  TESSEL_ALIAS(d##4) TESSEL_ALIAS(d##5) TESSEL_ALIAS(d##6) TESSEL_ALIAS(d##7)  \
  TESSEL_ALIAS(d##8) TESSEL_ALIAS(d##9)
TESSEL_ALIAS(0) TESSEL_ALIAS(1) TESSEL_ALIAS(2) TESSEL_ALIAS(3) TESSEL_ALIAS(4)
TESSEL_ALIAS(5) TESSEL_ALIAS(6) TESSEL_ALIAS(7) TESSEL_ALIAS(8) TESSEL_ALIAS(9)
TESSEL_ALIAS_10(1) TESSEL_ALIAS_10(2) TESSEL_ALIAS_10(3) TESSEL_ALIAS_10(4)
TESSEL_ALIAS_10(5) TESSEL_ALIAS_10(6) TESSEL_ALIAS_10(7) TESSEL_ALIAS_10(8)
TESSEL_ALIAS_10(9) TESSEL_ALIAS_10(10) TESSEL_ALIAS_10(11) TESSEL_ALIAS_10(12)
TESSEL_ALIAS_10(13) TESSEL_ALIAS_10(14) TESSEL_ALIAS_10(15) TESSEL_ALIAS_10(16)
TESSEL_ALIAS_10(17) TESSEL_ALIAS_10(18) TESSEL_ALIAS_10(19) TESSEL_ALIAS_10(20)
TESSEL_ALIAS_10(21) TESSEL_ALIAS_10(22) TESSEL_ALIAS_10(23) TESSEL_ALIAS_10(24)
TESSEL_ALIAS(250) TESSEL_ALIAS(251) TESSEL_ALIAS(252) TESSEL_ALIAS(253)
TESSEL_ALIAS(254) TESSEL_ALIAS(255) TESSEL_ALIAS(256)
TESSEL_ALIAS(384) TESSEL_ALIAS(512) TESSEL_ALIAS(768) TESSEL_ALIAS(1024)
TESSEL_ALIAS(2048) TESSEL_ALIAS(4096) TESSEL_ALIAS(8192) TESSEL_ALIAS(16384)
TESSEL_ALIAS(32768) TESSEL_ALIAS(65536) TESSEL_ALIAS(131072) TESSEL_ALIAS(262144)
TESSEL_ALIAS(524288)
TESSEL_ALIAS_M(1) TESSEL_ALIAS_M(2) TESSEL_ALIAS_M(3) TESSEL_ALIAS_M(4)
TESSEL_ALIAS_M(5) TESSEL_ALIAS_M(6) TESSEL_ALIAS_M(7) TESSEL_ALIAS_M(8)
TESSEL_ALIAS_M(9) TESSEL_ALIAS_M(10) TESSEL_ALIAS_M(12) TESSEL_ALIAS_M(16)
TESSEL_ALIAS_M(24) TESSEL_ALIAS_M(32) TESSEL_ALIAS_M(64)
#undef TESSEL_ALIAS_10
#undef TESSEL_ALIAS_M
#undef TESSEL_ALIAS

// ---- conditional_return ----------------------------------------------------------

// conditional_return(cond, t, f): t where cond holds, else f, as CuTe's. A
// static condition returns the chosen argument itself (t and f need no common
// type); a dynamic one needs a common type, except for two static integers of
// one value (that value, static). conditional_return<b>(t, f): the condition
// as a template argument.
template <class T, class F>
TESSEL_HOST_DEVICE constexpr decltype(auto) conditional_return(true_type, T&& t, F&&) { return static_cast<T&&>(t); }
template <class T, class F>
TESSEL_HOST_DEVICE constexpr decltype(auto) conditional_return(false_type, T&&, F&& f) { return static_cast<F&&>(f); }
template <auto v>
TESSEL_HOST_DEVICE constexpr auto conditional_return(bool, C<v> const&, C<v> const&) { return C<v>{}; }
template <auto v, auto u>
TESSEL_HOST_DEVICE constexpr auto conditional_return(bool b, C<v> const&, C<u> const&) { return b ? v : u; }
template <class T, class F>
TESSEL_HOST_DEVICE constexpr auto conditional_return(bool b, T const& t, F const& f) { return b ? t : f; }
template <bool b, class T, class F>
TESSEL_HOST_DEVICE constexpr auto conditional_return(T const& t, F const& f) {
  if constexpr (b) return t; else return f;
}

// ---- the _c literal -----------------------------------------------------------

namespace detail {
template <char... d>
TESSEL_HOST_DEVICE constexpr long long decimal_value() {
  static_assert(((d >= '0' && d <= '9') && ...), "tessel: _c takes decimal digits only");
  long long v = 0;
  ((v = 10 * v + (d - '0')), ...);
  return v;
}
}  // namespace detail

// 32_c is Int<32>.
template <char... d>
TESSEL_HOST_DEVICE constexpr C<int(detail::decimal_value<d...>())> operator""_c() { return {}; }

}  // namespace tessel
