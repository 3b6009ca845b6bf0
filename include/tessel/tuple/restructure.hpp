// tessel/tuple/restructure.hpp: CuTe's tuple algorithms that rebuild a
// tuple's structure (repeat, insert/remove/replace at an end, zip, unflatten,
// scans, leaf-wise walks) and the IntTuple helpers that go with them
// (elem_scale, product_like, the Product function object, the is_* traits,
// make_int_tuple, fill_int_tuple_from). Each does what CuTe's function of the
// same name does; tuple.hpp and algorithms.hpp hold the core ones.
#pragma once

#include <cstddef>
#include <type_traits>

#include "../int/traits.hpp"
#include "algorithms.hpp"
#include "int_tuple.hpp"
#include "tuple.hpp"

namespace TESSEL_NAMESPACE {

// ---- is_flat, unwrap ------------------------------------------------------------------------

// is_flat<T>: T is not a tuple, or a tuple none of whose elements is one.
template <class T> struct is_flat : std::true_type {};
template <class... T> struct is_flat<tuple<T...>> : std::bool_constant<(true && ... && !is_tuple_v<T>)> {};

// unwrap(t): t without its 1-tuple wrappers, ((x)) -> x; a tuple of another
// rank, or an integer, is returned as it is.
template <class T>
TESSEL_HOST_DEVICE constexpr auto unwrap(T const& t) {
  if constexpr (is_tuple_v<T>) {
    if constexpr (tuple_size_v<T> == 1) return unwrap(get<0>(t)); else return t;
  } else {
    return t;
  }
}

// ---- leaf-wise walks --------------------------------------------------------------------------

// f(x) for every leaf x of t, first to last (t may be modified through f).
template <class T, class F>
TESSEL_HOST_DEVICE constexpr void for_each_leaf(T&& t, F&& f) {
  if constexpr (is_tuple_v<T>) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (for_each_leaf(get<I>(static_cast<T&&>(t)), f), ...);
    }(std::make_index_sequence<tuple_size_v<T>>{});
  } else {
    f(static_cast<T&&>(t));
  }
}

// The tuple of t's profile whose leaves are f(leaf); with two tuples, f of the
// matching leaves (the profile is t0's; t1 must have at least its structure).
template <class T, class F>
TESSEL_HOST_DEVICE constexpr auto transform_leaf(T const& t, F&& f) {
  if constexpr (is_tuple_v<T>) return transform(t, [&](auto const& a) { return transform_leaf(a, f); });
  else return f(t);
}
template <class T0, class T1, class F>
TESSEL_HOST_DEVICE constexpr auto transform_leaf(T0 const& t0, T1 const& t1, F&& f) {
  if constexpr (is_tuple_v<T0>) return transform(t0, t1, [&](auto const& a, auto const& b) { return transform_leaf(a, b, f); });
  else return f(t0, t1);
}

// The concatenation of the tuples f(t_i): f returns a tuple per element (an
// empty one drops it).
template <class T, class F>
TESSEL_HOST_DEVICE constexpr auto filter_tuple(T const& t, F&& f) {
  return transform_apply(t, f, [](auto const&... a) { return tuple_cat(a...); });
}
template <class T0, class T1, class F>
TESSEL_HOST_DEVICE constexpr auto filter_tuple(T0 const& t0, T1 const& t1, F&& f) {
  return transform_apply(t0, t1, f, [](auto const&... a) { return tuple_cat(a...); });
}
template <class T0, class T1, class T2, class F>
TESSEL_HOST_DEVICE constexpr auto filter_tuple(T0 const& t0, T1 const& t1, T2 const& t2, F&& f) {
  return transform_apply(t0, t1, t2, f, [](auto const&... a) { return tuple_cat(a...); });
}

// ---- repeat, insert, remove, replace at the ends ------------------------------------------------

// A tuple of N copies of x; repeat<1>(x) is x itself (a rank-1 value is not
// wrapped), tuple_repeat<1>(x) is (x).
template <int N, class X>
TESSEL_HOST_DEVICE constexpr auto tuple_repeat(X const& x) {
  static_assert(N >= 0, "tessel::tuple_repeat: N must be >= 0");
  return [&]<std::size_t... I>(std::index_sequence<I...>) { return make_tuple((void(I), x)...); }(std::make_index_sequence<N>{});
}
template <int N, class X>
TESSEL_HOST_DEVICE constexpr auto repeat(X const& x) {
  if constexpr (N == 1) return x; else return tuple_repeat<N>(x);
}

// x at every leaf of t's profile.
template <class T, class X>
TESSEL_HOST_DEVICE constexpr auto repeat_like(T const& t, X const& x) {
  if constexpr (is_tuple_v<T>) return transform(t, [&](auto const& a) { return repeat_like(a, x); });
  else return x;
}

// t with x inserted before element N (N = rank: appended).
template <int N, class T, class X>
TESSEL_HOST_DEVICE constexpr auto insert(T const& t, X const& x) {
  static_assert(N >= 0 && std::size_t(N) <= tuple_size_v<T>, "tessel::insert: position out of range");
  return tuple_cat(take<0, N>(t), make_tuple(x), take<N, tuple_size_v<T>>(t));
}
// t without element N.
template <int N, class T>
TESSEL_HOST_DEVICE constexpr auto remove(T const& t) {
  static_assert(N >= 0 && std::size_t(N) < tuple_size_v<T>, "tessel::remove: index out of range");
  return tuple_cat(take<0, N>(t), take<N + 1, tuple_size_v<T>>(t));
}
// t with its first / last element replaced by x; a non-tuple t is replaced.
template <class T, class X>
TESSEL_HOST_DEVICE constexpr auto replace_front(T const& t, X const& x) {
  if constexpr (is_tuple_v<T>) return replace<0>(t, x); else return x;
}
template <class T, class X>
TESSEL_HOST_DEVICE constexpr auto replace_back(T const& t, X const& x) {
  if constexpr (is_tuple_v<T>) return replace<tuple_size_v<T> - 1>(t, x); else return x;
}

// ---- unflatten ------------------------------------------------------------------------------

namespace detail {
// The leaves of `flat` from position B on, in the profile of P; Next<P> is the
// position after them.
template <class P> struct leaf_count : std::integral_constant<std::size_t, 1> {};
template <class... P> struct leaf_count<tuple<P...>> : std::integral_constant<std::size_t, (0 + ... + leaf_count<P>::value)> {};
}  // namespace detail
template <class T> inline constexpr std::size_t leaf_count_v = detail::leaf_count<std::remove_cvref_t<T>>::value;
namespace detail {
// The leaves of the elements of P before element i (unflatten here; swizzle/composed_layout.hpp's
// swizzle-leaving slices). Host and device: it runs in template arguments of device code.
template <class P, std::size_t... K>
TESSEL_HOST_DEVICE constexpr std::size_t leaves_before(std::size_t i, std::index_sequence<K...>) {
  std::size_t s = 0;
  ((s += K < i ? leaf_count<std::remove_cvref_t<decltype(get<K>(std::declval<P const&>()))>>::value : 0), ...);
  return s;
}
template <std::size_t B, class Flat, class P>
TESSEL_HOST_DEVICE constexpr auto unflatten_from(Flat const& flat, P const& profile) {
  if constexpr (is_tuple_v<P>) {
    using K = std::make_index_sequence<tuple_size_v<P>>;
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return make_tuple(unflatten_from<B + leaves_before<P>(I, K{})>(flat, get<I>(profile))...);
    }(K{});
  } else {
    return get<B>(flat);
  }
}
}  // namespace detail

// The flat tuple `flat` given the profile of `profile`: flatten(result) is
// flat, and result is congruent to profile. flat must have exactly as many
// elements as profile has leaves.
template <class Flat, class P>
TESSEL_HOST_DEVICE constexpr auto unflatten(Flat const& flat, P const& profile) {
  static_assert(is_flat<Flat>::value, "tessel::unflatten: the first argument must be a flat tuple");
  static_assert(tuple_size_v<Flat> == detail::leaf_count<P>::value,
                "tessel::unflatten: the flat tuple's rank must equal the number of the profile's leaves");
  return detail::unflatten_from<0>(flat, profile);
}

// ---- scans ----------------------------------------------------------------------------------

namespace detail {
template <class T, class V, class F, std::size_t I, std::size_t... Is>
TESSEL_HOST_DEVICE constexpr auto iscan_from(T const& t, V const& v, F& f, std::index_sequence<I, Is...>) {
  auto next = f(v, get<I>(t));
  auto out = replace<I>(t, next);
  if constexpr (sizeof...(Is) == 0) return out;
  else return iscan_from(out, next, f, std::index_sequence<Is...>{});
}
template <class T, class V, class F, std::size_t I, std::size_t... Is>
TESSEL_HOST_DEVICE constexpr auto escan_from(T const& t, V const& v, F& f, std::index_sequence<I, Is...>) {
  if constexpr (sizeof...(Is) == 0) {
    return replace<I>(t, v);
  } else {
    auto next = f(v, get<I>(t));
    return escan_from(replace<I>(t, v), next, f, std::index_sequence<Is...>{});
  }
}
}  // namespace detail

// Inclusive scan: element i of the result is f(...f(f(v, t_0), t_1)..., t_i).
template <class T, class V, class F>
TESSEL_HOST_DEVICE constexpr auto iscan(T const& t, V const& v, F&& f) {
  static_assert(tuple_size_v<T> > 0, "tessel::iscan: an empty tuple");
  return detail::iscan_from(t, v, f, std::make_index_sequence<tuple_size_v<T>>{});
}
// Exclusive scan: element 0 is v, element i is f(...f(v, t_0)..., t_{i-1}).
template <class T, class V, class F>
TESSEL_HOST_DEVICE constexpr auto escan(T const& t, V const& v, F&& f) {
  static_assert(tuple_size_v<T> > 0, "tessel::escan: an empty tuple");
  return detail::escan_from(t, v, f, std::make_index_sequence<tuple_size_v<T>>{});
}

// ---- zip ------------------------------------------------------------------------------------

namespace detail {
template <std::size_t J, class T, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto zip_column(T const& t, std::index_sequence<I...>) {
  return make_tuple(get<J>(get<I>(t))...);
}
}  // namespace detail

// Transpose a tuple of equal-rank tuples: ((a,b,c),(x,y,z)) -> ((a,x),(b,y),(c,z)).
// A tuple of non-tuples is wrapped: (a,b) -> ((a,b)); a non-tuple is returned.
template <class T>
TESSEL_HOST_DEVICE constexpr auto zip(T const& t) {
  if constexpr (!is_tuple_v<T>) {
    return t;
  } else if constexpr (!is_tuple_v<std::remove_cvref_t<decltype(get<0>(t))>>) {
    return make_tuple(t);
  } else {
    using I = std::make_index_sequence<tuple_size_v<T>>;
    constexpr std::size_t R = tuple_size_v<std::remove_cvref_t<decltype(get<0>(t))>>;
    [&]<std::size_t... K>(std::index_sequence<K...>) {
      static_assert((true && ... && (tuple_size_v<std::remove_cvref_t<decltype(get<K>(t))>> == R)),
                    "tessel::zip: the tuples have different ranks");
    }(I{});
    return [&]<std::size_t... J>(std::index_sequence<J...>) { return make_tuple(detail::zip_column<J>(t, I{})...); }(
        std::make_index_sequence<R>{});
  }
}
template <class T0, class T1, class... Ts>
TESSEL_HOST_DEVICE constexpr auto zip(T0 const& t0, T1 const& t1, Ts const&... ts) {
  return zip(make_tuple(t0, t1, ts...));
}

// zip2_by(t, guide): split t along the guide's leaves, each of which selects a
// rank-2 mode (first, second) of t, into ((the firsts, in the guide's
// profile), (the seconds, then t's modes past the guide's rank)).
// E.g. t = ((A,a),((B,b),(C,c)),d), guide = (_,(_,_)) -> ((A,(B,C)),(a,(b,c),d)).
template <class T, class G>
TESSEL_HOST_DEVICE constexpr auto zip2_by(T const& t, G const& guide) {
  if constexpr (is_tuple_v<G>) {
    constexpr std::size_t TR = tuple_size_v<T>, GR = tuple_size_v<G>;
    static_assert(TR >= GR, "tessel::zip2_by: the guide's rank exceeds the tuple's");
    return [&]<std::size_t... I, std::size_t... J>(std::index_sequence<I...>, std::index_sequence<J...>) {
      auto split = make_tuple(zip2_by(get<I>(t), get<I>(guide))...);
      return make_tuple(make_tuple(get<0>(get<I>(split))...), make_tuple(get<1>(get<I>(split))..., get<GR + J>(t)...));
    }(std::make_index_sequence<GR>{}, std::make_index_sequence<TR - GR>{});
  } else {
    static_assert(tuple_size_v<T> == 2, "tessel::zip2_by: a guide's leaf must select a rank-2 mode");
    return t;
  }
}

// ---- IntTuple helpers -----------------------------------------------------------------------------

// CuTe's product as a function object (transform(t, Product{}) takes the
// product of each element).
struct Product {
  template <class T>
  TESSEL_HOST_DEVICE constexpr auto operator()(T const& t) const { return product(t); }
};

template <class T> using depth_t = decltype(depth(std::declval<T>()));
template <class T> inline constexpr auto depth_v = depth_t<T>::value;

// product_like(t, guide): the products of t's parts in the guide's profile
// (t must have at least the guide's structure).
template <class T, class G>
TESSEL_HOST_DEVICE constexpr auto product_like(T const& t, G const& guide) {
  return transform_leaf(guide, t, [](auto const&, auto const& x) { return product(x); });
}

// elem_scale(a, b): a's leaves times the product of b's matching parts (b has
// at least a's structure).
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto elem_scale(A const& a, B const& b) {
  if constexpr (is_tuple_v<A>) return transform(a, b, [](auto const& x, auto const& y) { return elem_scale(x, y); });
  else return a * product(b);
}

// The relations as types (bool_constant, or bool where a dynamic size decides).
template <class A, class B> using is_congruent = decltype(congruent(std::declval<A>(), std::declval<B>()));
template <class A, class B> using is_weakly_congruent = decltype(weakly_congruent(std::declval<A>(), std::declval<B>()));
template <class A, class B> using is_compatible = decltype(compatible(std::declval<A>(), std::declval<B>()));

// make_int_tuple<N>(t, n, init): (t[0], ..., t[n-1], init, ..., init) of rank N
// from anything indexable; for N = 1 the single value, not a 1-tuple.
template <int N, class Indexable, class T>
TESSEL_HOST_DEVICE constexpr auto make_int_tuple(Indexable const& t, int n, T const& init) {
  static_assert(N > 0, "tessel::make_int_tuple: N must be positive");
  if constexpr (N == 1) {
    return 0 < n ? t[0] : init;
  } else {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return make_tuple((int(I) < n ? t[I] : init)...);
    }(std::make_index_sequence<N>{});
  }
}

// Assign the dynamic leaves of `result`, first to last, from the elements of
// the tuple `vals`; static leaves are skipped. Returns the values not used.
template <class Tuple, class Vals>
TESSEL_HOST_DEVICE constexpr auto fill_int_tuple_from(Tuple& result, Vals const& vals);

namespace detail {
template <std::size_t I, class Tuple, class Vals>
TESSEL_HOST_DEVICE constexpr auto fill_elems(Tuple& result, Vals const& vals) {
  if constexpr (I == tuple_size_v<Tuple>) {
    return vals;
  } else {
    using E = std::remove_cvref_t<decltype(get<I>(result))>;
    if constexpr (__is_empty(E)) {  // static: nothing to assign (get returns it by value)
      return fill_elems<I + 1>(result, vals);
    } else {
      auto rest = fill_int_tuple_from(get<I>(result), vals);
      return fill_elems<I + 1>(result, rest);
    }
  }
}
}  // namespace detail

template <class Tuple, class Vals>
TESSEL_HOST_DEVICE constexpr auto fill_int_tuple_from(Tuple& result, Vals const& vals) {
  if constexpr (is_tuple_v<Tuple>) {
    return detail::fill_elems<0>(result, vals);
  } else if constexpr (StaticInt<std::remove_cvref_t<Tuple>>) {
    return vals;
  } else {
    static_assert(tuple_size_v<Vals> > 0, "tessel::fill_int_tuple_from: not enough values to fill with");
    result = get<0>(vals);
    return remove<0>(vals);
  }
}

// A Tuple (a type of static and dynamic integers) whose dynamic leaves are
// ts..., in order: make_int_tuple_from<tuple<_1, tuple<int, _3>, int>>(6, 4) is (_1,(6,_3),4).
template <class Tuple, class... Ts>
TESSEL_HOST_DEVICE constexpr Tuple make_int_tuple_from(Ts const&... ts) {
  Tuple result{};
  fill_int_tuple_from(result, make_tuple(ts...));  // values past the dynamic leaves are unused, as in CuTe
  return result;
}

// ---- coordinate iterator --------------------------------------------------------------------

namespace detail {
// Leaf K (in flattened order) of t, by reference.
template <std::size_t K, std::size_t I = 0, class T>
TESSEL_HOST_DEVICE constexpr decltype(auto) leaf_ref(T& t) {
  if constexpr (!is_tuple_v<T>) {
    static_assert(K == 0, "tessel: leaf index out of range");
    return (t);
  } else {
    using E = std::remove_cvref_t<decltype(get<I>(t))>;
    if constexpr (K < leaf_count<E>::value) return leaf_ref<K>(get<I>(t));
    else return leaf_ref<K - leaf_count<E>::value, I + 1>(t);
  }
}
// Leaf K of t, by value (static leaves stay static).
template <std::size_t K, std::size_t I = 0, class T>
TESSEL_HOST_DEVICE constexpr auto leaf_get(T const& t) {
  if constexpr (!is_tuple_v<T>) {
    static_assert(K == 0, "tessel: leaf index out of range");
    return t;
  } else {
    using E = std::remove_cvref_t<decltype(get<I>(t))>;
    if constexpr (K < leaf_count<E>::value) return leaf_get<K>(get<I>(t));
    else return leaf_get<K - leaf_count<E>::value, I + 1>(t);
  }
}
// The flat leaf positions in increasing order of the static values of order's
// leaves (ties keep their place): the order in which a coordinate's leaves run.
template <class Order, std::size_t... K>
constexpr auto run_order(std::index_sequence<K...>) {
  constexpr long long v[] = {(long long)(std::remove_cvref_t<decltype(get<K>(flatten_to_tuple(Order{})))>::value)..., 0};
  struct R { std::size_t p[sizeof...(K) + 1]; } r{};
  for (std::size_t i = 0; i < sizeof...(K); ++i) r.p[i] = i;
  for (std::size_t i = 1; i < sizeof...(K); ++i)
    for (std::size_t j = i; j > 0 && v[r.p[j - 1]] > v[r.p[j]]; --j) { auto x = r.p[j]; r.p[j] = r.p[j - 1]; r.p[j - 1] = x; }
  return r;
}
}  // namespace detail

struct ForwardCoordIteratorSentinel {};

// A forward iterator over the coordinates of a shape, from a starting
// coordinate, running the leaves in Order (a tuple of leaf positions: the first
// runs fastest); it equals the sentinel once the slowest leaf reaches its extent.
// Holds a reference to the shape, as CuTe's does.
template <class Coord, class Shape, class Order>
struct ForwardCoordIterator {
  static_assert(detail::congruent_v<Coord, Shape>, "tessel::ForwardCoordIterator: the coordinate is not congruent to the shape");
  static constexpr std::size_t N = tuple_size_v<Order>;

  TESSEL_HOST_DEVICE constexpr Coord const& operator*() const { return coord; }
  TESSEL_HOST_DEVICE constexpr ForwardCoordIterator& operator++() {
    bump(std::make_index_sequence<N>{});
    return *this;
  }
  TESSEL_HOST_DEVICE constexpr bool operator==(ForwardCoordIteratorSentinel const&) const { return at_end(); }
  TESSEL_HOST_DEVICE constexpr bool operator!=(ForwardCoordIteratorSentinel const&) const { return !at_end(); }
  TESSEL_HOST_DEVICE constexpr bool operator==(ForwardCoordIterator const& o) const { return coord == o.coord; }
  TESSEL_HOST_DEVICE constexpr bool operator!=(ForwardCoordIterator const& o) const { return !(coord == o.coord); }

  Coord coord;
  Shape const& shape;

 private:
  template <std::size_t P>
  static constexpr std::size_t pos = std::remove_cvref_t<decltype(get<P>(Order{}))>::value;
  TESSEL_HOST_DEVICE constexpr bool at_end() const {
    constexpr std::size_t last = pos<N - 1>;
    return detail::leaf_get<last>(coord) == detail::leaf_get<last>(shape);
  }
  template <std::size_t... P>
  TESSEL_HOST_DEVICE constexpr void bump(std::index_sequence<P...>) {
    ++detail::leaf_ref<pos<0>>(coord);
    // carry: a leaf that reached its extent restarts at 0 and bumps the next one (not past the last)
    (carry<P>(), ...);
  }
  template <std::size_t P>
  TESSEL_HOST_DEVICE constexpr void carry() {
    if constexpr (P + 1 < N) {
      if (detail::leaf_get<pos<P>>(coord) == detail::leaf_get<pos<P>>(shape)) {
        detail::leaf_ref<pos<P>>(coord) = 0;
        ++detail::leaf_ref<pos<P + 1>>(coord);
      }
    }
  }
};

namespace detail {
template <class Seq> struct iota_tuple;
template <std::size_t... K> struct iota_tuple<std::index_sequence<K...>> { using type = tuple<C<int(K)>...>; };
template <class Coord, class Shape, class OrderTuple, std::size_t... K>
TESSEL_HOST_DEVICE constexpr auto make_coord_iterator_in(Coord const& c, Shape const& s, std::index_sequence<K...>) {
  constexpr auto r = run_order<OrderTuple>(std::index_sequence<K...>{});
  using Ord = tuple<C<int(r.p[K])>...>;
  return ForwardCoordIterator<Coord, Shape, Ord>{c, s};
}
}  // namespace detail

// The coordinates of shape from c on, colexicographically (the first leaf
// fastest), or in the order of Order's static leaf values (congruent to shape).
template <class Shape, class Coord>
TESSEL_HOST_DEVICE constexpr auto make_coord_iterator(Coord const& c, Shape const& shape) {
  static_assert(detail::congruent_v<Coord, Shape>, "tessel::make_coord_iterator: the coordinate is not congruent to the shape");
  constexpr std::size_t n = leaf_count_v<Shape>;
  return detail::make_coord_iterator_in<Coord, Shape, typename detail::iota_tuple<std::make_index_sequence<n>>::type>(
      c, shape, std::make_index_sequence<n>{});
}
template <class Order, class Shape, class Coord>
TESSEL_HOST_DEVICE constexpr auto make_coord_iterator(Coord const& c, Shape const& shape) {
  static_assert(detail::congruent_v<Coord, Shape> && detail::congruent_v<Order, Shape>,
                "tessel::make_coord_iterator: the coordinate and the order must be congruent to the shape");
  return detail::make_coord_iterator_in<Coord, Shape, Order>(c, shape, std::make_index_sequence<leaf_count_v<Shape>>{});
}
template <class Shape>
TESSEL_HOST_DEVICE constexpr auto make_coord_iterator(Shape const& shape) {
  return make_coord_iterator(repeat_like(shape, int(0)), shape);
}
template <class Order, class Shape>
TESSEL_HOST_DEVICE constexpr auto make_coord_iterator(Shape const& shape) {
  return make_coord_iterator<Order>(repeat_like(shape, int(0)), shape);
}

}  // namespace tessel
