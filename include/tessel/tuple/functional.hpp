// tessel/tuple/functional.hpp: CuTe's function objects (<cute/algorithm/functional.hpp>):
// identity and constant_fn; one per C++ unary and binary operator (negate,
// plus, less, bit_and, plus_assign, ...), abs_fn, max_fn, min_fn; the
// constant shifts; the folds of every binary operator over a pack
// (plus_unary_lfold, multiplies_binary_rfold, ...); bind / bound_fn. Each
// forwards its arguments and returns what the operator returns.
#pragma once

#include "../config.hpp"
#include "../int/integral.hpp"

namespace TESSEL_NAMESPACE {

// The argument itself (forwarded, not copied).
struct identity {
  template <class T>
  TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(T&& x) const { return static_cast<T&&>(x); }
};

// Ignores its arguments and returns r_.
template <class R>
struct constant_fn {
  template <class... T>
  TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(T&&...) const { return r_; }
  R r_;
};

// Operator function objects. tessel_fn_prefix(name, op): op x; _postfix: x op;
// _call: op(x) found by ordinary lookup in this namespace; _binary: x op y.
#define TESSEL_FN_PREFIX(name, op)                                                          \
  struct name {                                                                             \
    template <class T>                                                                      \
    TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(T&& x) const {                   \
      return op static_cast<T&&>(x);                                                        \
    }                                                                                       \
  };
#define TESSEL_FN_POSTFIX(name, op)                                                         \
  struct name {                                                                             \
    template <class T>                                                                      \
    TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(T&& x) const {                   \
      return static_cast<T&&>(x) op;                                                        \
    }                                                                                       \
  };
#define TESSEL_FN_BINARY(name, op)                                                          \
  struct name {                                                                             \
    template <class T, class U>                                                             \
    TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(T&& x, U&& y) const {            \
      return static_cast<T&&>(x) op static_cast<U&&>(y);                                    \
    }                                                                                       \
  };

TESSEL_FN_PREFIX(unary_plus, +)
TESSEL_FN_PREFIX(negate, -)
TESSEL_FN_PREFIX(bit_not, ~)
TESSEL_FN_PREFIX(logical_not, !)
TESSEL_FN_PREFIX(dereference, *)
TESSEL_FN_PREFIX(address_of, &)
TESSEL_FN_PREFIX(pre_increment, ++)
TESSEL_FN_PREFIX(pre_decrement, --)
TESSEL_FN_POSTFIX(post_increment, ++)
TESSEL_FN_POSTFIX(post_decrement, --)

// |x| (tessel's abs: static for static integers).
struct abs_fn {
  template <class T>
  TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(T&& x) const { return abs(static_cast<T&&>(x)); }
};
// The larger / smaller of two values (tessel's max / min: static when both are).
struct max_fn {
  template <class T, class U>
  TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(T&& x, U&& y) const { return max(static_cast<T&&>(x), static_cast<U&&>(y)); }
};
struct min_fn {
  template <class T, class U>
  TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(T&& x, U&& y) const { return min(static_cast<T&&>(x), static_cast<U&&>(y)); }
};

// x >> Shift and x << Shift for a compile-time Shift.
template <int Shift_>
struct shift_right_const {
  static constexpr int Shift = Shift_;
  template <class T>
  TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(T&& x) const { return static_cast<T&&>(x) >> Shift; }
};
template <int Shift_>
struct shift_left_const {
  static constexpr int Shift = Shift_;
  template <class T>
  TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(T&& x) const { return static_cast<T&&>(x) << Shift; }
};

// The binary operators, each also as four folds over a pack t...:
// name_unary_lfold  (... op t)      name_unary_rfold  (t op ...)
// name_binary_lfold (u op ... op t) name_binary_rfold (t op ... op u)
#define TESSEL_FN_BINARY_AND_FOLDS(name, op)                                                \
  TESSEL_FN_BINARY(name, op)                                                                \
  struct name##_unary_lfold {                                                               \
    template <class... T>                                                                   \
    TESSEL_HOST_DEVICE constexpr auto operator()(T&&... t) const { return (... op t); }     \
  };                                                                                        \
  struct name##_unary_rfold {                                                               \
    template <class... T>                                                                   \
    TESSEL_HOST_DEVICE constexpr auto operator()(T&&... t) const { return (t op ...); }     \
  };                                                                                        \
  struct name##_binary_lfold {                                                              \
    template <class U, class... T>                                                          \
    TESSEL_HOST_DEVICE constexpr auto operator()(U&& u, T&&... t) const { return (u op ... op t); } \
  };                                                                                        \
  struct name##_binary_rfold {                                                              \
    template <class U, class... T>                                                          \
    TESSEL_HOST_DEVICE constexpr auto operator()(U&& u, T&&... t) const { return (t op ... op u); } \
  };

TESSEL_FN_BINARY_AND_FOLDS(plus, +)
TESSEL_FN_BINARY_AND_FOLDS(minus, -)
TESSEL_FN_BINARY_AND_FOLDS(multiplies, *)
TESSEL_FN_BINARY_AND_FOLDS(divides, /)
TESSEL_FN_BINARY_AND_FOLDS(modulus, %)
TESSEL_FN_BINARY_AND_FOLDS(plus_assign, +=)
TESSEL_FN_BINARY_AND_FOLDS(minus_assign, -=)
TESSEL_FN_BINARY_AND_FOLDS(multiplies_assign, *=)
TESSEL_FN_BINARY_AND_FOLDS(divides_assign, /=)
TESSEL_FN_BINARY_AND_FOLDS(modulus_assign, %=)
TESSEL_FN_BINARY_AND_FOLDS(bit_and, &)
TESSEL_FN_BINARY_AND_FOLDS(bit_or, |)
TESSEL_FN_BINARY_AND_FOLDS(bit_xor, ^)
TESSEL_FN_BINARY_AND_FOLDS(left_shift, <<)
TESSEL_FN_BINARY_AND_FOLDS(right_shift, >>)
TESSEL_FN_BINARY_AND_FOLDS(bit_and_assign, &=)
TESSEL_FN_BINARY_AND_FOLDS(bit_or_assign, |=)
TESSEL_FN_BINARY_AND_FOLDS(bit_xor_assign, ^=)
TESSEL_FN_BINARY_AND_FOLDS(left_shift_assign, <<=)
TESSEL_FN_BINARY_AND_FOLDS(right_shift_assign, >>=)
TESSEL_FN_BINARY_AND_FOLDS(logical_and, &&)
TESSEL_FN_BINARY_AND_FOLDS(logical_or, ||)
TESSEL_FN_BINARY_AND_FOLDS(equal_to, ==)
TESSEL_FN_BINARY_AND_FOLDS(not_equal_to, !=)
TESSEL_FN_BINARY_AND_FOLDS(greater, >)
TESSEL_FN_BINARY_AND_FOLDS(less, <)
TESSEL_FN_BINARY_AND_FOLDS(greater_equal, >=)
TESSEL_FN_BINARY_AND_FOLDS(less_equal, <=)

#undef TESSEL_FN_PREFIX
#undef TESSEL_FN_POSTFIX
#undef TESSEL_FN_BINARY
#undef TESSEL_FN_BINARY_AND_FOLDS

// fn with its first argument bound: bind(fn, a)(x) is fn(a, x).
template <class Fn, class Arg>
struct bound_fn {
  template <class T>
  TESSEL_HOST_DEVICE constexpr decltype(auto) operator()(T&& x) { return fn_(arg_, static_cast<T&&>(x)); }
  Fn fn_;
  Arg arg_;
};
template <class Fn, class Arg>
TESSEL_HOST_DEVICE constexpr auto bind(Fn const& fn, Arg const& arg) {
  return bound_fn<Fn, Arg>{fn, arg};
}

}  // namespace TESSEL_NAMESPACE
