// tessel/tuple/algorithms.hpp: the tuple and IntTuple algorithms that CuTe's
// tuple_algorithms.hpp, int_tuple.hpp and math.hpp offer beyond tessel's
// core ones: transform_apply, fold_first, find, any_of/all_of/none_of,
// reverse, max/min/gcd/lcm over IntTuples, the element-wise and
// lexicographic orders, evenly_divides and round_up.
#pragma once

#include <cstddef>

#include "../int/traits.hpp"
#include "int_tuple.hpp"
#include "sequence.hpp"

namespace TESSEL_NAMESPACE {

// get<>(t): t itself (the empty path into a hierarchical tuple).
template <class T>
TESSEL_HOST_DEVICE constexpr decltype(auto) get(T&& t) { return static_cast<T&&>(t); }

// f(t_0, ..., t_n) for a standard tuple-like value (std::tuple, std::pair, std::array: what std::tuple_size
// knows; tessel's own tuples: tuple.hpp), as std::apply. Written without <tuple> and <utility>: std::get
// is found by argument-dependent lookup where the program, which made the std::tuple (std::pair, std::array),
// included <tuple> (<utility>, <array>).
namespace detail {
template <class T, class = void> struct is_std_tuple_like : std::false_type {};
template <class T>
struct is_std_tuple_like<T, std::void_t<decltype(std::tuple_size<T>::value)>> : std::bool_constant<!is_tuple_v<T>> {};
template <class T, class F, std::size_t... I>
constexpr decltype(auto) apply_std(T&& t, F&& f, std::index_sequence<I...>) {
  return static_cast<F&&>(f)(get<I>(static_cast<T&&>(t))...);
}
}  // namespace detail
template <class T, class F> requires detail::is_std_tuple_like<std::remove_cvref_t<T>>::value
TESSEL_HOST_DEVICE constexpr decltype(auto) apply(T&& t, F&& f) {
  return detail::apply_std(static_cast<T&&>(t), static_cast<F&&>(f),
                           std::make_index_sequence<std::tuple_size<std::remove_cvref_t<T>>::value>{});
}

// Empty-storage-optimised storage of a pack: tessel's tuple already stores
// nothing for empty elements, so ESO_t is the tuple itself.
namespace eso {
template <class... T> using ESO_t = tuple<T...>;
}

namespace detail {
template <class T, class F, class G, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto tapply1(T const& t, F& f, G& g, std::index_sequence<I...>) {
  return g(f(get<I>(t))...);
}
template <class T0, class T1, class F, class G, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto tapply2(T0 const& t0, T1 const& t1, F& f, G& g, std::index_sequence<I...>) {
  return g(f(get<I>(t0), get<I>(t1))...);
}
template <class T0, class T1, class T2, class F, class G, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto tapply3(T0 const& t0, T1 const& t1, T2 const& t2, F& f, G& g, std::index_sequence<I...>) {
  return g(f(get<I>(t0), get<I>(t1), get<I>(t2))...);
}
template <class T>
using seq_of = std::make_index_sequence<tuple_size_v<T>>;
}  // namespace detail

// g(f(t_0), ..., f(t_n)); on a non-tuple, g(f(t)).
template <class T, class F, class G>
TESSEL_HOST_DEVICE constexpr auto transform_apply(T const& t, F&& f, G&& g) {
  if constexpr (is_tuple_v<T>) return detail::tapply1(t, f, g, detail::seq_of<T>{});
  else return g(f(t));
}
// g(f(a_0, b_0), ..., f(a_n, b_n)).
template <class T0, class T1, class F, class G>
TESSEL_HOST_DEVICE constexpr auto transform_apply(T0 const& t0, T1 const& t1, F&& f, G&& g) {
  if constexpr (is_tuple_v<T0>) return detail::tapply2(t0, t1, f, g, detail::seq_of<T0>{});
  else return g(f(t0, t1));
}
// g(f(a_0, b_0, c_0), ..., f(a_n, b_n, c_n)).
template <class T0, class T1, class T2, class F, class G>
TESSEL_HOST_DEVICE constexpr auto transform_apply(T0 const& t0, T1 const& t1, T2 const& t2, F&& f, G&& g) {
  if constexpr (is_tuple_v<T0>) return detail::tapply3(t0, t1, t2, f, g, detail::seq_of<T0>{});
  else return g(f(t0, t1, t2));
}

namespace detail {
template <class T, class V, class F>
TESSEL_HOST_DEVICE constexpr auto fold_from(T const&, V const& v, F&, std::index_sequence<>) { return v; }
template <class T, class V, class F, std::size_t I, std::size_t... Is>
TESSEL_HOST_DEVICE constexpr auto fold_from(T const& t, V const& v, F& f, std::index_sequence<I, Is...>) {
  return fold_from(t, f(v, get<I>(t)), f, std::index_sequence<Is...>{});
}
template <std::size_t B, std::size_t... I>
TESSEL_HOST_DEVICE constexpr std::index_sequence<(B + I)...> shift(std::index_sequence<I...>) { return {}; }
}  // namespace detail

// Left fold seeded with the first element: f(...f(t_0, t_1)..., t_n); t itself
// for a non-tuple.
template <class T, class F>
TESSEL_HOST_DEVICE constexpr auto fold_first(T const& t, F&& f) {
  if constexpr (is_tuple_v<T>) {
    return detail::fold_from(t, get<0>(t), f, detail::shift<1>(std::make_index_sequence<tuple_size_v<T> - 1>{}));
  } else {
    return t;
  }
}

namespace detail {
template <bool... b>
TESSEL_HOST_DEVICE constexpr int first_true() {
  int i = 0;
  for (bool v : {b..., true}) { if (v) return i; ++i; }
  return i;
}
}  // namespace detail

// The index of the first element e with f(e) statically true, as a static
// integer; the rank of t when there is none. On a non-tuple: 0 or 1.
template <class T, class F>
TESSEL_HOST_DEVICE constexpr auto find_if(T const& t, F&& f) {
  if constexpr (is_tuple_v<T>) {
    return transform_apply(t, f, [](auto... r) { return C<detail::first_true<decltype(r)::value...>()>{}; });
  } else {
    return C<decltype(f(t))::value ? 0 : 1>{};
  }
}
// The index of the first element equal to x (statically), else the rank.
template <class T, class X>
TESSEL_HOST_DEVICE constexpr auto find(T const& t, X const& x) {
  return find_if(t, [&](auto const& e) { return e == x; });
}
// The index of the first element of type X, as a static integer; the rank of
// t when there is none.
template <class X, class T>
TESSEL_HOST_DEVICE constexpr auto find(T const& t) {
  return find_if(t, [](auto const& e) { return bool_constant<__is_same(std::remove_cvref_t<decltype(e)>, X)>{}; });
}

// f(e) for some / every / no element e (static where every f(e) is).
template <class T, class F>
TESSEL_HOST_DEVICE constexpr auto any_of(T const& t, F&& f) {
  if constexpr (is_tuple_v<T>) return transform_apply(t, f, [](auto const&... r) { return (false_type{} || ... || r); });
  else return f(t);
}
template <class T, class F>
TESSEL_HOST_DEVICE constexpr auto all_of(T const& t, F&& f) {
  if constexpr (is_tuple_v<T>) return transform_apply(t, f, [](auto const&... r) { return (true_type{} && ... && r); });
  else return f(t);
}
template <class T, class F>
TESSEL_HOST_DEVICE constexpr auto none_of(T const& t, F&& f) {
  return !any_of(t, f);
}

namespace detail {
template <class T, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto reversed(T const& t, std::index_sequence<I...>) {
  return make_tuple(get<sizeof...(I) - 1 - I>(t)...);
}
}  // namespace detail

// The top-level elements of t in reverse order; t itself for a non-tuple.
template <class T>
TESSEL_HOST_DEVICE constexpr auto reverse(T const& t) {
  if constexpr (is_tuple_v<T>) return detail::reversed(t, detail::seq_of<T>{});
  else return t;
}

// The first / last non-tuple element of a hierarchical tuple.
template <class T>
TESSEL_HOST_DEVICE constexpr auto front(T const& t) {
  if constexpr (is_tuple_v<T>) return front(get<0>(t)); else return t;
}
template <class T>
TESSEL_HOST_DEVICE constexpr auto back(T const& t) {
  if constexpr (is_tuple_v<T>) return back(get<tuple_size_v<T> - 1>(t)); else return t;
}

// ---- max, min, gcd, lcm ----------------------------------------------------------

// The largest / smallest integer among the leaves of all arguments.
template <class A, class B, class X, class... R>
TESSEL_HOST_DEVICE constexpr auto max(A const& a, B const& b, X const& x, R const&... r);
template <class A, class B, class X, class... R>
TESSEL_HOST_DEVICE constexpr auto min(A const& a, B const& b, X const& x, R const&... r);
template <class T>
TESSEL_HOST_DEVICE constexpr auto max(T const& t) {
  if constexpr (is_tuple_v<T>) return apply(t, [](auto const&... a) { return max(a...); });
  else return t;
}
template <class A, class B> requires(is_tuple_v<A> || is_tuple_v<B>)
TESSEL_HOST_DEVICE constexpr auto max(A const& a, B const& b) { return max(max(a), max(b)); }
template <class A, class B, class X, class... R>
TESSEL_HOST_DEVICE constexpr auto max(A const& a, B const& b, X const& x, R const&... r) {
  return max(max(a), max(b, x, r...));
}
template <class T>
TESSEL_HOST_DEVICE constexpr auto min(T const& t) {
  if constexpr (is_tuple_v<T>) return apply(t, [](auto const&... a) { return min(a...); });
  else return t;
}
template <class A, class B> requires(is_tuple_v<A> || is_tuple_v<B>)
TESSEL_HOST_DEVICE constexpr auto min(A const& a, B const& b) { return min(min(a), min(b)); }
template <class A, class B, class X, class... R>
TESSEL_HOST_DEVICE constexpr auto min(A const& a, B const& b, X const& x, R const&... r) {
  return min(min(a), min(b, x, r...));
}

namespace detail {
template <class T, class U>
TESSEL_HOST_DEVICE constexpr std::common_type_t<T, U> gcd_value(T t, U u) {
  std::common_type_t<T, U> a = t < 0 ? -t : t, b = u < 0 ? -u : u;
  while (b != 0) { auto r = a % b; a = b; b = r; }
  return a;
}
template <class T, class U>
TESSEL_HOST_DEVICE constexpr std::common_type_t<T, U> lcm_value(T t, U u) {
  if (t == 0 || u == 0) return 0;
  auto g = gcd_value(t, u);
  std::common_type_t<T, U> r = (t / g) * u;
  return r < 0 ? -r : r;
}
template <class T> struct int_value_type { using type = T; };
template <auto v> struct int_value_type<C<v>> { using type = decltype(v); };
template <class T, T v> struct int_value_type<integral_constant<T, v>> { using type = T; };
}  // namespace detail

// Greatest common divisor of integers (static when all are), of the leaves of
// IntTuples; the result's type is the common type of the arguments' values.
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto gcd(A const& a, B const& b) {
  if constexpr (is_tuple_v<A> || is_tuple_v<B>) {
    return gcd(fold_first(flatten(wrap(a)), [](auto x, auto y) { return gcd(x, y); }),
               fold_first(flatten(wrap(b)), [](auto x, auto y) { return gcd(x, y); }));
  } else if constexpr (StaticInt<A> && StaticInt<B>) {
    return C<detail::gcd_value(typename detail::int_value_type<A>::type(A::value),
                               typename detail::int_value_type<B>::type(B::value))>{};
  } else {
    return detail::gcd_value(static_cast<typename detail::int_value_type<A>::type>(a),
                             static_cast<typename detail::int_value_type<B>::type>(b));
  }
}
template <class T>
TESSEL_HOST_DEVICE constexpr auto gcd(T const& t) {
  if constexpr (is_tuple_v<T>) return fold_first(flatten(t), [](auto x, auto y) { return gcd(x, y); });
  else return t;
}
template <class A, class B, class X, class... R>
TESSEL_HOST_DEVICE constexpr auto gcd(A const& a, B const& b, X const& x, R const&... r) {
  return gcd(gcd(a, b), x, r...);
}

// Least common multiple, likewise.
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto lcm(A const& a, B const& b) {
  if constexpr (is_tuple_v<A> || is_tuple_v<B>) {
    return lcm(fold_first(flatten(wrap(a)), [](auto x, auto y) { return lcm(x, y); }),
               fold_first(flatten(wrap(b)), [](auto x, auto y) { return lcm(x, y); }));
  } else if constexpr (StaticInt<A> && StaticInt<B>) {
    return C<detail::lcm_value(typename detail::int_value_type<A>::type(A::value),
                               typename detail::int_value_type<B>::type(B::value))>{};
  } else {
    return detail::lcm_value(static_cast<typename detail::int_value_type<A>::type>(a),
                             static_cast<typename detail::int_value_type<B>::type>(b));
  }
}
template <class T>
TESSEL_HOST_DEVICE constexpr auto lcm(T const& t) {
  if constexpr (is_tuple_v<T>) return fold_first(flatten(t), [](auto x, auto y) { return lcm(x, y); });
  else return t;
}
template <class A, class B, class X, class... R>
TESSEL_HOST_DEVICE constexpr auto lcm(A const& a, B const& b, X const& x, R const&... r) {
  return lcm(lcm(a, b), x, r...);
}

// The smallest multiple of b that is at least a (a and b positive integers).
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto round_up(A const& a, B const& b) {
  return ((a + b - C<1>{}) / b) * b;
}

// ---- orders on IntTuples ------------------------------------------------------------

template <class A, class B> TESSEL_HOST_DEVICE constexpr auto lex_less(A const& a, B const& b);
template <class A, class B> TESSEL_HOST_DEVICE constexpr auto colex_less(A const& a, B const& b);
template <class A, class B> TESSEL_HOST_DEVICE constexpr auto elem_less(A const& a, B const& b);

namespace detail {
template <std::size_t I, class A, class B>
TESSEL_HOST_DEVICE constexpr auto lex_less_from(A const& a, B const& b) {
  if constexpr (I == tuple_size_v<B>) return false_type{};
  else if constexpr (I == tuple_size_v<A>) return true_type{};
  else return lex_less(get<I>(a), get<I>(b)) || (get<I>(a) == get<I>(b) && lex_less_from<I + 1>(a, b));
}
template <std::size_t I, class A, class B>
TESSEL_HOST_DEVICE constexpr auto colex_less_from(A const& a, B const& b) {
  if constexpr (I == tuple_size_v<B>) {
    return false_type{};
  } else if constexpr (I == tuple_size_v<A>) {
    return true_type{};
  } else {
    constexpr std::size_t i = tuple_size_v<A> - 1 - I, j = tuple_size_v<B> - 1 - I;
    return colex_less(get<i>(a), get<j>(b)) || (get<i>(a) == get<j>(b) && colex_less_from<I + 1>(a, b));
  }
}
template <std::size_t I, class A, class B>
TESSEL_HOST_DEVICE constexpr auto elem_less_from(A const& a, B const& b) {
  if constexpr (I == tuple_size_v<A>) return true_type{};
  else if constexpr (I == tuple_size_v<B>) return false_type{};
  else return elem_less(get<I>(a), get<I>(b)) && elem_less_from<I + 1>(a, b);
}
}  // namespace detail

// a < b in lexicographic order (the first mode most significant); a proper
// prefix is less.
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto lex_less(A const& a, B const& b) {
  if constexpr (is_tuple_v<A> && is_tuple_v<B>) return detail::lex_less_from<0>(a, b);
  else return a < b;
}
// a < b in colexicographic order (the last mode most significant).
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto colex_less(A const& a, B const& b) {
  if constexpr (is_tuple_v<A> && is_tuple_v<B>) return detail::colex_less_from<0>(a, b);
  else return a < b;
}
// Every leaf of a is less than the matching leaf of b (as a coordinate is
// inside a shape); true when a runs out first.
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto elem_less(A const& a, B const& b) {
  if constexpr (is_tuple_v<A> && is_tuple_v<B>) return detail::elem_less_from<0>(a, b);
  else return a < b;
}

// The other comparisons, from the strict ones.
template <class A, class B> TESSEL_HOST_DEVICE constexpr auto lex_leq(A const& a, B const& b) { return !lex_less(b, a); }
template <class A, class B> TESSEL_HOST_DEVICE constexpr auto lex_gtr(A const& a, B const& b) { return lex_less(b, a); }
template <class A, class B> TESSEL_HOST_DEVICE constexpr auto lex_geq(A const& a, B const& b) { return !lex_less(a, b); }
template <class A, class B> TESSEL_HOST_DEVICE constexpr auto colex_leq(A const& a, B const& b) { return !colex_less(b, a); }
template <class A, class B> TESSEL_HOST_DEVICE constexpr auto colex_gtr(A const& a, B const& b) { return colex_less(b, a); }
template <class A, class B> TESSEL_HOST_DEVICE constexpr auto colex_geq(A const& a, B const& b) { return !colex_less(a, b); }
template <class A, class B> TESSEL_HOST_DEVICE constexpr auto elem_leq(A const& a, B const& b) { return !elem_less(b, a); }
template <class A, class B> TESSEL_HOST_DEVICE constexpr auto elem_gtr(A const& a, B const& b) { return elem_less(b, a); }
template <class A, class B> TESSEL_HOST_DEVICE constexpr auto elem_geq(A const& a, B const& b) { return !elem_less(a, b); }

}  // namespace tessel
