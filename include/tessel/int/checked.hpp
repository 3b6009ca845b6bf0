// tessel/int/checked.hpp: sums and products of integers that never wrap.
//
// mul(a, b), add(a, b), sub(a, b) return exactly what a * b, a + b, a - b
// return (the same type: static stays static, CuTe's absorbing cases stay
// static), but where a dynamic integer takes part the result is checked:
// when the true value does not fit in the result's type (64 bits for
// int64_t, 32 bits for int: an int result past 2^31 - 1 is an error too, not a
// truncation), host code throws tessel::named_error with the engine's code
// Err::overflow ("tessel: integer overflow [a and b]"), the error the engine
// raises for the same numbers. Two static integers are computed by the
// compiler, where an overflow is a compile error (a non-constant expression).
//
// Device code keeps CuTe's unchecked arithmetic (no overhead) unless
// TESSEL_DEVICE_CHECKS is defined (then an overflow prints and traps).
// TESSEL_NO_CHECKS turns the checks off everywhere.
#pragma once

#include <cstddef>
#include <cstdio>
#include <type_traits>

#include "error.hpp"
#include "integral.hpp"

#if defined(TESSEL_NO_CHECKS) || (TESSEL_ON_DEVICE && !defined(TESSEL_DEVICE_CHECKS))
#  define TESSEL_OVERFLOW_CHECKS 0
#else
#  define TESSEL_OVERFLOW_CHECKS 1
#endif

namespace TESSEL_NAMESPACE::detail {

// The value of a static or dynamic integer, in its own type.
template <class T>
TESSEL_HOST_DEVICE constexpr auto int_value(T const& t) {
  if constexpr (StaticInt<T>) return T::value;
  else return t;
}

#if !TESSEL_ON_DEVICE
// The host's overflow errors: the message is written here, once, out of line and
// cold, so that the checks inline only a test and a call (and no header needs
// <string>). An integer as std::to_string writes it: its value, bool as 1 or 0.
struct int_arg {
  long long v;
  bool is_unsigned;
};
// Whether an integer of type T is written as unsigned (%llu): bool is written as 1 or 0.
template <class T>
inline constexpr bool writes_unsigned = std::is_unsigned_v<T> && !__is_same(T, bool);
template <class T>
constexpr int_arg as_int_arg(T v) {
  return {static_cast<long long>(v), writes_unsigned<T>};
}
inline int put_int_arg(char* p, int n, int_arg a) {
  return a.is_unsigned ? snprintf(p, std::size_t(n), "%llu", static_cast<unsigned long long>(a.v))
                       : snprintf(p, std::size_t(n), "%lld", a.v);
}
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_overflow(long long a, long long b, int unsigned_ab) {
  // One snprintf, its format picked by the operands' signs (%llu for an unsigned one: bit 0 a, bit 1 b).
  static constexpr char const* formats[4] = {"tessel: %s [%lld and %lld]", "tessel: %s [%llu and %lld]",
                                             "tessel: %s [%lld and %llu]", "tessel: %s [%llu and %llu]"};
  char m[256];
  snprintf(m, sizeof m, formats[unsigned_ab & 3], engine::message(engine::Err::overflow), a, b);
  throw named_error(engine::Err::overflow, m);
}
// throw_overflow of the operands a, b as they are: the widening and the format's choice happen here, once per
// pair of operand types, not at every test (a call of two arguments at the test, no conversions: the CuTe
// drop-in's layout program costs g++ 17M instructions less than with throw_overflow called at each test).
template <class A, class B>
[[noreturn, gnu::cold, gnu::noinline]] void throw_overflow_of(A a, B b) {
  throw_overflow(static_cast<long long>(a), static_cast<long long>(b),
                 int(writes_unsigned<A>) + 2 * int(writes_unsigned<B>));
}
// The host's report of an overflow of a op b: check_overflow's, and where g++ and clang test with their
// builtins (TESSEL_OVERFLOW_BUILTINS, host code only) mul/add/sub's, written at the test itself: through
// check_overflow (whose inlined test g++ splits off into one more function per pair of operand types) or any
// other function between, the CuTe drop-in's layout program costs g++ 10M instructions more. A macro of this
// header only (#undef after sub).
#define TESSEL_DETAIL_THROW_OVERFLOW(a, b) throw_overflow_of(a, b)
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_narrow(int_arg v, int bits) {
  char x[24], m[256];
  put_int_arg(x, sizeof x, v);
  snprintf(m, sizeof m, "tessel: %s [%s does not fit in %d bits]", engine::message(engine::Err::overflow), x, bits);
  throw named_error(engine::Err::overflow, m);
}
#endif

// Report an overflow of a op b (when `overflowed`).
template <class A, class B>
TESSEL_HOST_DEVICE constexpr void check_overflow(bool overflowed, A a, B b) {
  if (!overflowed) return;
#if TESSEL_ON_DEVICE
  printf("tessel: %s [%lld and %lld]\n", engine::message(engine::Err::overflow), (long long)a, (long long)b);
  __trap();
#else
  TESSEL_DETAIL_THROW_OVERFLOW(a, b);
#endif
}

// Whether a op b is checked: both integers, a dynamic one among them, a
// dynamic result (not an absorbing static case).
template <class A, class B, class R>
inline constexpr bool checked_op = TESSEL_OVERFLOW_CHECKS && is_integral_v<A> && is_integral_v<B> &&
                                   !(is_static_v<A> && is_static_v<B>) && !is_static_v<R> &&
                                   std::is_integral_v<R> && !__is_same(R, bool);

// va, vb: int_value(a), int_value(b), without a call of int_value at run time (a static operand's value is its
// type's). A macro of this header only (#undef after sub).
#define TESSEL_DETAIL_INT_VALUES(a, b)                  \
  decltype(int_value(a)) va{};                          \
  decltype(int_value(b)) vb{};                          \
  if constexpr (StaticInt<A>) va = A::value; else va = a; \
  if constexpr (StaticInt<B>) vb = B::value; else vb = b;
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto mul(A const& a, B const& b) {
  using R = decltype(a * b);
  if constexpr (checked_op<A, B, R>) {
#if TESSEL_OVERFLOW_BUILTINS
    TESSEL_DETAIL_INT_VALUES(a, b)
    R r{};
    if (__builtin_mul_overflow(R(va), R(vb), &r)) TESSEL_DETAIL_THROW_OVERFLOW(va, vb);
    return r;
#else
    check_overflow(mul_overflows<R>(R(int_value(a)), R(int_value(b))), int_value(a), int_value(b));
    return R(int_value(a) * int_value(b));
#endif
  } else {
    return a * b;
  }
}
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto add(A const& a, B const& b) {
  using R = decltype(a + b);
  if constexpr (checked_op<A, B, R>) {
#if TESSEL_OVERFLOW_BUILTINS
    TESSEL_DETAIL_INT_VALUES(a, b)
    R r{};
    if (__builtin_add_overflow(R(va), R(vb), &r)) TESSEL_DETAIL_THROW_OVERFLOW(va, vb);
    return r;
#else
    check_overflow(add_overflows<R>(R(int_value(a)), R(int_value(b))), int_value(a), int_value(b));
    return R(int_value(a) + int_value(b));
#endif
  } else {
    return a + b;
  }
}
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto sub(A const& a, B const& b) {
  using R = decltype(a - b);
  if constexpr (checked_op<A, B, R>) {
#if TESSEL_OVERFLOW_BUILTINS
    TESSEL_DETAIL_INT_VALUES(a, b)
    R r{};
    if (__builtin_sub_overflow(R(va), R(vb), &r)) TESSEL_DETAIL_THROW_OVERFLOW(va, vb);
    return r;
#else
    check_overflow(sub_overflows<R>(R(int_value(a)), R(int_value(b))), int_value(a), int_value(b));
    return R(int_value(a) - int_value(b));
#endif
  } else {
    return a - b;
  }
}

#undef TESSEL_DETAIL_THROW_OVERFLOW
#undef TESSEL_DETAIL_INT_VALUES

// a / b, checked: the one quotient of two integers that does not fit in
// their type, the smallest value divided by -1 (INT_MIN / -1), is the named
// overflow, not undefined behaviour. (b != 0: the caller's condition.)
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto div(A const& a, B const& b) {
  using R = decltype(a / b);
  if constexpr (checked_op<A, B, R> && std::is_signed_v<R>) {
    check_overflow(R(int_value(b)) == R(-1) && R(int_value(a)) == int_min<R>(), int_value(a), int_value(b));
    return R(R(int_value(a)) / R(int_value(b)));
  } else {
    return a / b;
  }
}

// Whether v is -1 (false for unsigned types).
template <class T>
TESSEL_HOST_DEVICE constexpr bool is_minus_one(T const& v) {
  if constexpr (std::is_signed_v<T>) return v == T(-1);
  else return false;
}

// Left folds: mul_all(x, y, z) == (x * y) * z, add_all likewise, checked.
template <class A>
TESSEL_HOST_DEVICE constexpr auto mul_all(A const& a) { return a; }
template <class A, class B, class... R>
TESSEL_HOST_DEVICE constexpr auto mul_all(A const& a, B const& b, R const&... r) {
  // _1 * b is b itself (integral.hpp's identity case for a static 1, is_constant: the same type): no check to make.
  if constexpr (is_constant_v<1, A> && is_std_integral_v<B>) return mul_all(b, r...);
  else if constexpr (StaticInt<A> && StaticInt<B>) return mul_all(A{} * B{}, r...);  // (static: no call at run time)
  else return mul_all(mul(a, b), r...);
}
template <class A>
TESSEL_HOST_DEVICE constexpr auto add_all(A const& a) { return a; }
template <class A, class B, class... R>
TESSEL_HOST_DEVICE constexpr auto add_all(A const& a, B const& b, R const&... r) {
  // _0 + b is b itself (integral.hpp's identity case for a static 0, is_constant: the same type): no check to make.
  if constexpr (is_constant_v<0, A> && is_std_integral_v<B>) return add_all(b, r...);
  else if constexpr (StaticInt<A> && StaticInt<B>) return add_all(A{} + B{}, r...);  // (static: no call at run time)
  else return add_all(add(a, b), r...);
}

// Whether v has a value of type T (the same value back, and the same sign).
template <class T, class V>
TESSEL_HOST_DEVICE constexpr bool fits_in(V v) {
  return V(T(v)) == v && ((T(v) < T(0)) == (v < V(0)));
}

// An integer of type T from v, checked to fit (a 64-bit engine value put
// into a 32-bit typed result).
template <class T, class V>
TESSEL_HOST_DEVICE constexpr T narrow(V v) {
  if constexpr (TESSEL_OVERFLOW_CHECKS && std::is_integral_v<T> && std::is_integral_v<V>) {
    bool const bad = !fits_in<T>(v);
    if (bad) {
#if TESSEL_ON_DEVICE
      printf("tessel: %s [%lld does not fit in %d bits]\n", engine::message(engine::Err::overflow), (long long)v,
             int(8 * sizeof(T)));
      __trap();
#else
      throw_narrow(as_int_arg(v), int(8 * sizeof(T)));
#endif
    }
    return T(v);
  } else {
    return static_cast<T>(v);
  }
}

}  // namespace tessel::detail
