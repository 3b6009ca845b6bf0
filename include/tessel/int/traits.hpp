// tessel/int/traits.hpp: the standard type traits and utilities that CuTe
// makes available in its own namespace, made available in tessel's, so that
// code written as `cute::is_same_v<...>` compiles as `tessel::is_same_v<...>`.
// tessel's own integer traits (is_integral, is_static, true_type, ...) are in
// integral.hpp and are not the standard ones.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "../config.hpp"

namespace TESSEL_NAMESPACE {

using std::enable_if;
using std::enable_if_t;
using std::conjunction;
using std::conjunction_v;
using std::disjunction;
using std::disjunction_v;
using std::negation;
using std::negation_v;
using std::void_t;
using std::is_void_v;
using std::is_base_of;
using std::is_base_of_v;
using std::is_const;
using std::is_const_v;
using std::is_volatile;
using std::is_volatile_v;
using std::conditional;
using std::conditional_t;
using std::add_const_t;
using std::remove_const_t;
using std::remove_cv_t;
using std::remove_reference_t;
using std::extent;
using std::remove_extent;
using std::decay;
using std::decay_t;
using std::is_lvalue_reference;
using std::is_lvalue_reference_v;
using std::is_reference;
using std::is_trivially_copyable;
using std::is_convertible;
using std::is_convertible_v;
using std::is_same;
using std::is_same_v;
using std::is_constructible;
using std::is_constructible_v;
using std::is_default_constructible;
using std::is_default_constructible_v;
using std::is_standard_layout;
using std::is_standard_layout_v;
using std::is_arithmetic;
using std::is_unsigned;
using std::is_unsigned_v;
using std::is_signed;
using std::is_signed_v;
using std::make_signed;
using std::make_signed_t;
using std::is_empty;
using std::is_empty_v;
using std::invoke_result_t;
using std::common_type;
using std::common_type_t;
using std::remove_pointer;
using std::remove_pointer_t;
using std::add_pointer;
using std::add_pointer_t;
using std::alignment_of;
using std::alignment_of_v;
using std::is_pointer;
using std::is_pointer_v;
using std::declval;
using std::numeric_limits;
using std::ptrdiff_t;
using std::uintptr_t;
using std::size_t;
// The fixed-width integers, as CuTe's <cute/numeric/int.hpp> names them.
using std::int8_t;
using std::int16_t;
using std::int32_t;
using std::int64_t;
using std::uint8_t;
using std::uint16_t;
using std::uint32_t;
using std::uint64_t;
using std::remove_cvref;
using std::remove_cvref_t;
using std::forward;
using std::move;

// Src's const/volatile qualifiers put on Dst.
template <class Src, class Dst>
struct copy_cv {
  using type = std::conditional_t<std::is_const_v<Src>,
                                  std::conditional_t<std::is_volatile_v<Src>, Dst const volatile, Dst const>,
                                  std::conditional_t<std::is_volatile_v<Src>, Dst volatile, Dst>>;
};
template <class Src, class Dst>
using copy_cv_t = typename copy_cv<Src, Dst>::type;

// false, but only once the template arguments are known (for static_assert
// in a discarded branch).
template <class...>
inline constexpr bool dependent_false = false;

// T is one of Us.
template <class T, class... Us>
struct is_any_of : std::bool_constant<(false || ... || __is_same(T, Us))> {};
template <class T, class... Us>
inline constexpr bool is_any_of_v = is_any_of<T, Us...>::value;

namespace detail {
template <class F, class... A>
TESSEL_HOST_DEVICE constexpr auto valid_call(int) -> decltype(std::declval<F>()(std::declval<A>()...), std::true_type{}) {
  return {};
}
template <class F, class... A>
TESSEL_HOST_DEVICE constexpr std::false_type valid_call(...) { return {}; }
template <class F>
struct valid_checker {
  template <class... A>
  TESSEL_HOST_DEVICE constexpr auto operator()(A&&...) const { return valid_call<F, A&&...>(0); }
};
}  // namespace detail

// is_valid(f, args...): whether f(args...) would compile, as a std bool
// constant; is_valid(f) gives a checker to call with the arguments later.
template <class F>
TESSEL_HOST_DEVICE constexpr auto is_valid(F&&) { return detail::valid_checker<F&&>{}; }
template <class F, class... A>
TESSEL_HOST_DEVICE constexpr auto is_valid(F&&, A&&...) { return detail::valid_call<F&&, A&&...>(0); }

}  // namespace tessel
