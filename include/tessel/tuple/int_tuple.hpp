// tessel/tuple/int_tuple.hpp: IntTuple, an integer or a tuple of IntTuples,
// and the operations on it (rank, depth, size, flatten, congruence, division,
// prefix products). Shape, Stride, Coord, Step and Tile are all IntTuples.
//
// Compile time. With static integers (an empty IntTuple type), the results of
// product, flatten, congruent, prefix_product and the compact strides are
// computed by class templates on the types and returned as `R{}`. With
// dynamic integers each function is one pack expansion over the elements.
#pragma once

#include "../int/checked.hpp"
#include "tuple.hpp"

namespace TESSEL_NAMESPACE {

template <class... T> using Shape = tuple<T...>;
template <class... T> using Stride = tuple<T...>;
template <class... T> using Coord = tuple<T...>;
template <class... T> using Step = tuple<T...>;
template <class... T> using Tile = tuple<T...>;

template <class... T> TESSEL_HOST_DEVICE constexpr Shape<T...> make_shape(T const&... t) { return make_tuple(t...); }
template <class... T> TESSEL_HOST_DEVICE constexpr Stride<T...> make_stride(T const&... t) { return make_tuple(t...); }
template <class... T> TESSEL_HOST_DEVICE constexpr Coord<T...> make_coord(T const&... t) { return make_tuple(t...); }
template <class... T> TESSEL_HOST_DEVICE constexpr Step<T...> make_step(T const&... t) { return make_tuple(t...); }
template <class... T> TESSEL_HOST_DEVICE constexpr Tile<T...> make_tile(T const&... t) { return make_tuple(t...); }

// The slicing placeholder `_`: keep this mode.
struct Underscore {};
TESSEL_INLINE_CONSTANT Underscore _{};
// CuTe's other name of the placeholder's type, for steps: Step<_1, X, _1>.
using X = Underscore;

template <class T> inline constexpr bool is_underscore_v = __is_same(std::remove_cvref_t<T>, Underscore);

// (Class templates, not lambdas in a variable template's initializer: nvcc 13's
// front end crashes on those.)
template <class T> struct is_int_tuple : std::bool_constant<is_integral_v<T>> {};
template <class... T> struct is_int_tuple<tuple<T...>> : std::bool_constant<(true && ... && is_int_tuple<T>::value)> {};
template <class T> inline constexpr bool is_int_tuple_v = is_int_tuple<std::remove_cvref_t<T>>::value;
template <class T> concept IntTuple = is_int_tuple_v<T>;

// True when any element, at any depth, is `_`.
template <class T> struct has_underscore : std::bool_constant<is_underscore_v<T>> {};
template <class... T> struct has_underscore<tuple<T...>> : std::bool_constant<(false || ... || has_underscore<T>::value)> {};
// CuTe's element traits: is_underscore<T>; has_elem<T, E> (T is E or holds it at
// some depth); all_elem<T, E> (T is E, or a tuple all of whose elements are,
// at every depth; an empty tuple counts); and the usual instances.
template <class T> struct is_underscore : std::bool_constant<is_underscore_v<T>> {};
template <class T, class E> struct has_elem : std::is_same<T, E> {};
template <class... T, class E> struct has_elem<tuple<T...>, E>
    : std::bool_constant<__is_same(tuple<T...>, E) || (false || ... || has_elem<T, E>::value)> {};
template <class T, class E> struct all_elem : std::is_same<T, E> {};
template <class... T, class E> struct all_elem<tuple<T...>, E>
    : std::bool_constant<__is_same(tuple<T...>, E) || (true && ... && all_elem<T, E>::value)> {};
template <class T> using all_underscore = all_elem<T, Underscore>;
template <class T> using has_int1 = has_elem<T, C<1>>;
template <class T> using has_int0 = has_elem<T, C<0>>;
template <class T> inline constexpr bool has_underscore_v = has_underscore<std::remove_cvref_t<T>>::value;

// ---- type-level helpers for static IntTuples ---------------------------------------------

namespace detail {
// product_of<T>::type: the type of product(t).
template <class T> struct product_of { using type = T; };
template <class... T> struct product_of<tuple<T...>> {
  using type = decltype((Int<1>{} * ... * typename product_of<T>::type{}));
};
template <class T> using product_t = typename product_of<T>::type;

// flat_of<T>::type: the type of flatten_to_tuple(t).
template <class T> struct flat_of { using type = tuple<T>; };
template <class... T> struct flat_of<tuple<T...>> : cat_types<typename flat_of<T>::type...> {};

// The depth of an IntTuple (a type with a shape(), such as a Layout, counts as its shape).
template <class T> struct depth_of : std::integral_constant<int, 0> {};
template <class T> requires requires(T const& t) { t.shape(); }
struct depth_of<T> : depth_of<std::remove_cvref_t<decltype(std::declval<T const&>().shape())>> {};
TESSEL_HOST_DEVICE constexpr int max_of(int const* v, int n) {
  int m = 0;
  for (int i = 0; i < n; ++i) m = m < v[i] ? v[i] : m;
  return m;
}
template <class... T> struct depth_of<tuple<T...>> {
  static constexpr int depths[] = {0, depth_of<T>::value...};
  static constexpr int value = 1 + max_of(depths, int(sizeof...(T)) + 1);
};

// congruent_v<A, B>: the same tuple structure.
template <bool SameRank, class A, class B> struct congruent_elems : std::false_type {};
template <class A, class B>
struct congruent_t : std::bool_constant<!is_tuple_v<A> && !is_tuple_v<B>> {};
template <class... A, class... B>
struct congruent_t<tuple<A...>, tuple<B...>> : congruent_elems<sizeof...(A) == sizeof...(B), tuple<A...>, tuple<B...>> {};
template <class... A, class... B>
struct congruent_elems<true, tuple<A...>, tuple<B...>> : std::bool_constant<(true && ... && congruent_t<A, B>::value)> {};
template <class A, class B>
inline constexpr bool congruent_v = congruent_t<std::remove_cvref_t<A>, std::remove_cvref_t<B>>::value;

// weakly_congruent_v<A, B>: A's profile is a coarsening of B's.
template <bool SameRank, class A, class B> struct weakly_congruent_elems : std::false_type {};
template <class A, class B>
struct weakly_congruent_t : std::bool_constant<!is_tuple_v<A>> {};
template <class... A, class... B>
struct weakly_congruent_t<tuple<A...>, tuple<B...>>
    : weakly_congruent_elems<sizeof...(A) == sizeof...(B), tuple<A...>, tuple<B...>> {};
template <class... A, class... B>
struct weakly_congruent_elems<true, tuple<A...>, tuple<B...>>
    : std::bool_constant<(true && ... && weakly_congruent_t<A, B>::value)> {};

// Prefix products on types. prefix_of<A, P, Z>::type is the type of
// prefix_product(a, p) (Z: with zero_unit_modes applied, the compact
// column-major strides); next is the running product after a.
template <class A, class P, bool Z>
struct prefix_of {
  using type = std::conditional_t<Z && is_constant_v<1, A>, Int<0>, P>;
};
template <class Done, class P, bool Z, class... A> struct prefix_seq { using type = Done; };
template <class... D, class P, bool Z, class A0, class... A>
struct prefix_seq<tuple<D...>, P, Z, A0, A...>
    : prefix_seq<tuple<D..., typename prefix_of<A0, P, Z>::type>, decltype(P{} * product_t<A0>{}), Z, A...> {};
template <class... A, class P, bool Z>
struct prefix_of<tuple<A...>, P, Z> : prefix_seq<tuple<>, P, Z, A...> {};

template <class X, class T> struct prepend_type;
template <class X, class... T> struct prepend_type<X, tuple<T...>> { using type = tuple<X, T...>; };

// From the right: reverse_prefix_product (and the compact row-major strides).
template <class A, class P, bool Z>
struct rprefix_of {
  using type = std::conditional_t<Z && is_constant_v<1, A>, Int<0>, P>;
};
template <class P, bool Z, class... A> struct rprefix_seq {  // no elements left
  using type = tuple<>;
  using next = P;
};
template <class P, bool Z, class A0, class... A>
struct rprefix_seq<P, Z, A0, A...> {
  using rest = rprefix_seq<P, Z, A...>;
  using next = decltype(typename rest::next{} * product_t<A0>{});
  using type = typename prepend_type<typename rprefix_of<A0, typename rest::next, Z>::type, typename rest::type>::type;
};
template <class... A, class P, bool Z>
struct rprefix_of<tuple<A...>, P, Z> {
  using type = typename rprefix_seq<P, Z, A...>::type;
};

template <class T> struct rank_of : std::integral_constant<int, 1> {};
template <class... T> struct rank_of<tuple<T...>> : std::integral_constant<int, int(sizeof...(T))> {};

// All integers of a static shape positive.
template <class S> struct all_positive : std::bool_constant<(S::value > 0)> {};
template <class... S> struct all_positive<tuple<S...>> : std::bool_constant<(true && ... && all_positive<S>::value)> {};
}  // namespace detail

// ---- rank, depth, size ---------------------------------------------------------------

// rank: the number of top-level elements; an integer has rank 1.
template <std::size_t... I, class T>
TESSEL_HOST_DEVICE constexpr auto rank(T const& t) {
  if constexpr (sizeof...(I) > 0) {
    return decltype(rank(get<I...>(t))){};  // static: no call of get at run time
  } else if constexpr (is_tuple_v<T>) {
    return Int<int(tuple_size_v<T>)>{};
  } else if constexpr (requires { T::rank; }) {
    // (from the type alone, t unread: rank(x) of a layout or tensor x is a constant
    // expression, e.g. group_modes<1, rank(x)>(x), as in CuTe)
    return Int<int(T::rank)>{};
  } else if constexpr (requires { t.shape(); }) {
    return rank(t.shape());
  } else {
    return Int<1>{};
  }
}
// rank_t<T>: the type of rank(T{}); rank_v<T>: its value (CuTe's names).
template <class T> using rank_t = decltype(rank(std::declval<T>()));
template <class T> inline constexpr auto rank_v = rank_t<T>::value;

// depth: 0 for an integer, 1 for a tuple of integers, and so on.
template <std::size_t... I, class T>
TESSEL_HOST_DEVICE constexpr auto depth(T const& t) {
  if constexpr (sizeof...(I) > 0) {
    return decltype(depth(get<I...>(t))){};  // static: no call of get at run time
  } else {
    return Int<detail::depth_of<T>::value>{};
  }
}

namespace detail {
template <std::size_t... I, class... T>
TESSEL_HOST_DEVICE constexpr auto product_elems(tuple_base<std::index_sequence<I...>, T...> const& t);
template <std::size_t... I, class... T>
TESSEL_HOST_DEVICE constexpr auto sum_elems(tuple_base<std::index_sequence<I...>, T...> const& t);
}  // namespace detail

// product: the product of all integers (of a tuple at any depth).
template <class T>
TESSEL_HOST_DEVICE constexpr auto product(T const& t) {
  if constexpr (!is_tuple_v<T>) {
    return t;
  } else if constexpr (__is_empty(T)) {
    return detail::product_t<T>{};
  } else {
    return detail::product_elems(t);
  }
}
// product_each(t): the product of each top-level element, (product(t0), product(t1), ...);
// an integer is one element (CuTe's).
template <class T>
TESSEL_HOST_DEVICE constexpr auto product_each(T const& t) {
  return transform(wrap(t), [](auto const& x) { return product(x); });
}

// size<I...>(x): the product of the shape of x's element I...
template <std::size_t... I, class T>
TESSEL_HOST_DEVICE constexpr auto size(T const& t) {
  if constexpr (sizeof...(I) > 0 && requires { t.template shape<I...>(); }) {
    if constexpr (__is_empty(decltype(product(t.template shape<I...>())))) {
      return decltype(product(t.template shape<I...>())){};  // static: no call at run time
    } else {
      return product(t.template shape<I...>());  // reads only the shape (a tensor's data is not touched)
    }
  } else if constexpr (sizeof...(I) > 0) {
    return size(get<I...>(t));
  } else if constexpr (is_tuple_v<T> || is_integral_v<T>) {
    return product(t);
  } else if constexpr (requires { t.shape(); }) {
    if constexpr (__is_empty(decltype(product(t.shape())))) {
      return decltype(product(t.shape())){};  // static: no call at run time
    } else {
      return product(t.shape());
    }
  } else {
    return product(t);
  }
}

template <class T>
TESSEL_HOST_DEVICE constexpr auto sum(T const& t) {
  if constexpr (is_tuple_v<T>) {
    return detail::sum_elems(t);
  } else {
    return t;
  }
}

namespace detail {
template <std::size_t... I, class... T>
TESSEL_HOST_DEVICE constexpr auto product_elems(tuple_base<std::index_sequence<I...>, T...> const& t) {
  return mul_all(Int<1>{}, product(get_leaf<I>(t))...);  // checked: never wraps (int/checked.hpp)
}
template <std::size_t... I, class... T>
TESSEL_HOST_DEVICE constexpr auto sum_elems(tuple_base<std::index_sequence<I...>, T...> const& t) {
  return add_all(Int<0>{}, sum(get_leaf<I>(t))...);
}
template <class A, class B, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto inner_product_elems(A const& a, B const& b, std::index_sequence<I...>);
}  // namespace detail

// sum of a_i * b_i over congruent a and b.
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto inner_product(A const& a, B const& b) {
  if constexpr (is_tuple_v<A>) {
    static_assert(tuple_size_v<A> == tuple_size_v<B>, "tessel::inner_product: mismatched ranks");
    return detail::inner_product_elems(a, b, std::make_index_sequence<tuple_size_v<A>>{});
  } else {
    return detail::mul(a, b);
  }
}
namespace detail {
template <class A, class B, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto inner_product_elems(A const& a, B const& b, std::index_sequence<I...>) {
  return add_all(Int<0>{}, inner_product(get_leaf<I>(a), get_leaf<I>(b))...);
}
}  // namespace detail

// ---- flatten ---------------------------------------------------------------------------

namespace detail {
// Elements of a nested tuple picked by their paths, in one function: a path is index_sequence<i0, i1, ...>
// (get<i0, i1, ...>(b)), found on the types (flatten's leaf_paths, slice's kept_paths), and pick_paths builds
// the tuple of the elements at them. (The tuple_cat of a tuple per element and level that flatten and slice
// were costs g++ a function per element and level: about 17M instructions for the flat shape and stride of a
// (2,(2,2)) layout, a third of a dynamic slice.)
template <class... P> struct path_list {};
template <class... L> struct join_paths { using type = path_list<>; };
template <class... P> struct join_paths<path_list<P...>> { using type = path_list<P...>; };
template <class... P, class... Q, class... R>
struct join_paths<path_list<P...>, path_list<Q...>, R...> : join_paths<path_list<P..., Q...>, R...> {};
template <std::size_t... I, class B>
TESSEL_HOST_DEVICE constexpr decltype(auto) get_path(B const& b, std::index_sequence<I...>) {
  if constexpr (sizeof...(I) == 0) return b;  // the empty path: b itself (a leaf at the top)
  else return get<I...>(b);
}
template <class B, class... P>
TESSEL_HOST_DEVICE constexpr auto pick_paths(B const& b, path_list<P...>) {
  using R = tuple<std::remove_cvref_t<decltype(get_path(b, P{}))>...>;
  if constexpr (__is_empty(R)) return R{}; else return R(get_path(b, P{})...);
}
// The paths of T's leaves (its integers), in order, below Path. (A tuple is what is_tuple says: a type derived
// from tuple, such as ArithmeticTuple, has its tuple's elements.)
template <class T, class Path, class Seq> struct leaf_elem_paths;
template <class T, class Path, bool = is_tuple_v<T>> struct leaf_paths { using type = path_list<Path>; };
template <class T, class Path>
struct leaf_paths<T, Path, true> : leaf_elem_paths<T, Path, std::make_index_sequence<tuple_size_v<T>>> {};
template <class T, std::size_t... P, std::size_t... I>
struct leaf_elem_paths<T, std::index_sequence<P...>, std::index_sequence<I...>> {
  using type = typename join_paths<typename leaf_paths<element_t<I, T>, std::index_sequence<P..., I>>::type...>::type;
};
}  // namespace detail

// flatten_to_tuple: the integers of t in order, always as a tuple.
template <class T>
TESSEL_HOST_DEVICE constexpr auto flatten_to_tuple(T const& t) {
  if constexpr (!is_tuple_v<T>) {
    return make_tuple(t);
  } else if constexpr (__is_empty(T)) {
    return typename detail::flat_of<T>::type{};
  } else {
    return detail::pick_paths(t, typename detail::leaf_paths<T, std::index_sequence<>>::type{});
  }
}

// flatten: a tuple becomes the flat tuple of its integers; an integer stays.
template <class T>
TESSEL_HOST_DEVICE constexpr auto flatten(T const& t) {
  if constexpr (is_tuple_v<T>) return flatten_to_tuple(t); else return t;
}

// ---- congruence and compatibility ---------------------------------------------------------

// congruent: the same tuple structure (profile).
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto congruent(A const&, B const&) {
  return bool_constant<detail::congruent_t<A, B>::value>{};
}

// weakly_congruent(a, b): a's profile is a coarsening of b's (an integer of a
// may stand for a whole subtuple of b).
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto weakly_congruent(A const&, B const&) {
  return bool_constant<detail::weakly_congruent_t<A, B>::value>{};
}

namespace detail {
template <class A, class B, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto compatible_elems(A const& a, B const& b, std::index_sequence<I...>);
}

// compatible(a, b): size(a) == size(b) and every coordinate of a is a valid
// coordinate of b (shape a is coarser than or equal to shape b). Layouts are
// compared by their shapes.
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto compatible(A const& a, B const& b) {
  if constexpr (is_tuple_v<A> && is_tuple_v<B>) {
    if constexpr (tuple_size_v<A> != tuple_size_v<B>) {
      return false_type{};
    } else {
      return detail::compatible_elems(a, b, std::make_index_sequence<tuple_size_v<A>>{});
    }
  } else if constexpr (is_integral_v<A>) {
    return a == size(b);
  } else if constexpr (is_tuple_v<A> || is_integral_v<B>) {
    return false_type{};
  } else {  // layouts (anything with a shape): compare their shapes
    return compatible(shape(a), shape(b));
  }
}

namespace detail {
template <class A, class B, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto compatible_elems(A const& a, B const& b, std::index_sequence<I...>) {
  return (true_type{} && ... && compatible(get_leaf<I>(a), get_leaf<I>(b)));
}
}  // namespace detail

// ---- division ------------------------------------------------------------------------------

namespace detail {
// Elements [I, N) of shape_div(a, b) (Ceil: of ceil_div) for a tuple a and an
// integer b that has already consumed elements [0, I).
template <bool Ceil, std::size_t I, class A, class B>
TESSEL_HOST_DEVICE constexpr auto div_rest(A const& a, B const& b);
template <bool Ceil, class A, class B, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto div_elems(A const& a, B const& b, std::index_sequence<I...>);
}  // namespace detail

// shape_div(a, b): divide shape a by b from the left. For integers, a / b when
// b divides a, 1 when a divides b (b consumes all of a), else undefined.
// A tuple a is divided element by element, b shrinking as it is used up.
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto shape_div(A const& a, B const& b) {
  if constexpr (is_tuple_v<A> && is_tuple_v<B>) {
    static_assert(tuple_size_v<A> == tuple_size_v<B>, "tessel::transform: mismatched ranks");
    return detail::div_elems<false>(a, b, std::make_index_sequence<tuple_size_v<A>>{});
  } else if constexpr (is_tuple_v<A>) {
    return detail::div_rest<false, 0>(a, b);
  } else if constexpr (is_tuple_v<B>) {
    return shape_div(a, product(b));
  } else if constexpr (StaticInt<A> && StaticInt<B>) {
    static_assert(A::value % B::value == 0 || B::value % A::value == 0,
                  "tessel::shape_div: neither of the two integers divides the other");
    return C<(A::value / B::value != 0 ? A::value / B::value : 1)>{};
  } else {
    // b = 0 divides nothing; x % -1 and -1 % y are 0 and not computed (INT_MIN % -1
    // is undefined behaviour), and INT_MIN / -1 is the named overflow (detail::div).
    auto const x = detail::int_value(a);
    auto const y = detail::int_value(b);
    TESSEL_CHECK(y != 0, "shape_div: division by zero");
    TESSEL_CHECK(detail::is_minus_one(y) || detail::is_minus_one(x) || x % y == 0 || (x != 0 && y % x == 0),
                 "shape_div: neither of the two integers divides the other");
    auto const q = detail::div(a, b);
    return q != 0 ? q : decltype(q)(1);
  }
}

// ceil_div(a, b): like shape_div, rounding up.
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto ceil_div(A const& a, B const& b) {
  if constexpr (is_tuple_v<A> && is_tuple_v<B>) {
    static_assert(tuple_size_v<A> == tuple_size_v<B>, "tessel::transform: mismatched ranks");
    return detail::div_elems<true>(a, b, std::make_index_sequence<tuple_size_v<A>>{});
  } else if constexpr (is_tuple_v<A>) {
    return detail::div_rest<true, 0>(a, b);
  } else if constexpr (is_tuple_v<B>) {
    return ceil_div(a, product(b));
  } else if constexpr (StaticInt<A> && StaticInt<B>) {
    return (a + b - Int<1>{}) / b;
  } else if constexpr (is_integral_v<A> && is_integral_v<B>) {
    // (a + b - 1) / b without its intermediate sum, which could pass the
    // integer type where the quotient does not.
    using R = decltype((a + b - Int<1>{}) / b);
    if (a > 0 && b > 0) return R(a / b + (a % b != 0 ? 1 : 0));
    TESSEL_CHECK(detail::int_value(b) != 0, "ceil_div: division by zero");
    return R(detail::div(detail::sub(detail::add(a, b), Int<1>{}), b));
  } else {
    return (a + b - Int<1>{}) / b;
  }
}

namespace detail {
template <bool Ceil, class A, class B>
TESSEL_HOST_DEVICE constexpr auto div1(A const& a, B const& b) {
  if constexpr (Ceil) return ceil_div(a, b); else return shape_div(a, b);
}
template <bool Ceil, class A, class B, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto div_elems(A const& a, B const& b, std::index_sequence<I...>) {
  return make_tuple(div1<Ceil>(get_leaf<I>(a), get_leaf<I>(b))...);
}
template <bool Ceil, std::size_t I, class A, class B>
TESSEL_HOST_DEVICE constexpr auto div_rest(A const& a, B const& b) {
  if constexpr (I == tuple_size_v<A>) {
    return tuple<>{};
  } else {
    auto const& ai = get_leaf<I>(a);
    auto const head = div1<Ceil>(ai, b);
    return prepend(div_rest<Ceil, I + 1>(a, div1<Ceil>(b, ai)), head);
  }
}
}  // namespace detail

// ---- prefix products ---------------------------------------------------------------------------

namespace detail {
// The running product init * product(a_0) * ... * product(a_(K-1)) (left to
// right, as a left fold), for each K in one expansion.
template <class A, class P, std::size_t... J>
TESSEL_HOST_DEVICE constexpr auto running_product(A const& a, P const& init, std::index_sequence<J...>) {
  return mul_all(init, product(get_leaf<J>(a))...);
}
// From the right: init * product(a_(N-1)) * ... * product(a_(N-K)).
template <class A, class P, std::size_t... J>
TESSEL_HOST_DEVICE constexpr auto running_product_rev(A const& a, P const& init, std::index_sequence<J...>) {
  return mul_all(init, product(get_leaf<tuple_size_v<A> - 1 - J>(a))...);
}
template <class A, class P, std::size_t... K>
TESSEL_HOST_DEVICE constexpr auto prefix_elems(A const& a, P const& init, std::index_sequence<K...>);
template <class A, class P, std::size_t... K>
TESSEL_HOST_DEVICE constexpr auto rprefix_elems(A const& a, P const& init, std::index_sequence<K...>);
}  // namespace detail

// prefix_product(a, init): the exclusive prefix product of a's integers from
// left to right, congruent to a. The strides of the compact column-major layout.
template <class A, class I = Int<1>>
TESSEL_HOST_DEVICE constexpr auto prefix_product(A const& a, I const& init = {}) {
  if constexpr (!is_tuple_v<A>) {
    return init;
  } else if constexpr (__is_empty(A) && __is_empty(I)) {
    return typename detail::prefix_of<A, I, false>::type{};
  } else {
    return detail::prefix_elems(a, init, std::make_index_sequence<tuple_size_v<A>>{});
  }
}

// The same from right to left: the strides of the compact row-major layout.
template <class A, class I = Int<1>>
TESSEL_HOST_DEVICE constexpr auto reverse_prefix_product(A const& a, I const& init = {}) {
  if constexpr (!is_tuple_v<A>) {
    return init;
  } else if constexpr (__is_empty(A) && __is_empty(I)) {
    return typename detail::rprefix_of<A, I, false>::type{};
  } else {
    return detail::rprefix_elems(a, init, std::make_index_sequence<tuple_size_v<A>>{});
  }
}

namespace detail {
template <class A, class P, std::size_t... K>
TESSEL_HOST_DEVICE constexpr auto prefix_elems(A const& a, P const& init, std::index_sequence<K...>) {
  return make_tuple(prefix_product(get_leaf<K>(a), running_product(a, init, std::make_index_sequence<K>{}))...);
}
template <class A, class P, std::size_t... K>
TESSEL_HOST_DEVICE constexpr auto rprefix_elems(A const& a, P const& init, std::index_sequence<K...>) {
  constexpr std::size_t N = sizeof...(K);
  return make_tuple(
      reverse_prefix_product(get_leaf<K>(a), running_product_rev(a, init, std::make_index_sequence<N - 1 - K>{}))...);
}
}  // namespace detail

// ---- comparison --------------------------------------------------------------------------------

namespace detail {
template <class A, class B, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto equal_elems(A const& a, B const& b, std::index_sequence<I...>);
}

// Equality of IntTuples: static when both sides are static, false_type when
// the structures differ.
template <IntTuple A, IntTuple B> requires(is_tuple_v<A> || is_tuple_v<B>)
TESSEL_HOST_DEVICE constexpr auto operator==(A const& a, B const& b) {
  if constexpr (!detail::congruent_t<A, B>::value) {
    return false_type{};
  } else {
    return detail::equal_elems(a, b, std::make_index_sequence<tuple_size_v<A>>{});
  }
}
template <IntTuple A, IntTuple B> requires(is_tuple_v<A> || is_tuple_v<B>)
TESSEL_HOST_DEVICE constexpr auto operator!=(A const& a, B const& b) {
  return !(a == b);
}

namespace detail {
template <class A, class B, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto equal_elems(A const& a, B const& b, std::index_sequence<I...>) {
  return (true_type{} && ... && (get_leaf<I>(a) == get_leaf<I>(b)));
}
}  // namespace detail

}  // namespace tessel
