// tessel/tuple/tuple.hpp: a small tuple usable in host and device code, in
// which static (empty) elements take no storage, and the generic algorithms
// over tuples that the IntTuple layer builds on.
//
// Compile time. Every algorithm here expands the tuple's elements in one pack
// expansion, reading element I through its leaf base (detail::get_leaf<I>: one
// instantiation per element type and position, shared by all tuples that have
// that element there). Where every element is static (the tuple is an empty
// type), the result type is computed by class templates and the function only
// returns `R{}`, so no per-element functions are instantiated at all.
#pragma once

#include <cstddef>
#include <type_traits>

#include "../int/integral.hpp"

namespace TESSEL_NAMESPACE {

namespace detail {
// One element, as a base class: an empty element stores nothing and is rebuilt
// on access. (Layout keeps its shape and stride this way; tuples store their
// elements in one member, below, to be of standard layout.)
// (The accessor is not named get: a member get in the bases would make
// structured bindings look for member get instead of tessel::get.)
template <std::size_t I, class T, bool = __is_empty(T)>
struct leaf {
  T value;
  TESSEL_HOST_DEVICE constexpr T const& element() const { return value; }
};
template <std::size_t I, class T>
struct leaf<I, T, true> {
  constexpr leaf() = default;
  TESSEL_HOST_DEVICE constexpr leaf(T const&) {}
  TESSEL_HOST_DEVICE static constexpr T element() { return T{}; }
};

// The type of element I of a pack, found by deduction of an indexed base of a
// table that exists only in unevaluated code.
template <std::size_t I, class T> struct indexed {};
template <class Seq, class... T> struct index_table;
template <std::size_t... I, class... T>
struct index_table<std::index_sequence<I...>, T...> : indexed<I, T>... {};
template <std::size_t I, class T> T nth_pick(indexed<I, T> const*);
template <std::size_t I, class... T>
struct nth {  // (a class, so that the lookup is made once per I and T...: an alias's decltype is resolved at every use)
  using type = decltype(nth_pick<I>(static_cast<index_table<std::index_sequence_for<T...>, T...>*>(nullptr)));
};
// (The first four positions by partial specialization, without the table.)
template <class T0, class... T> struct nth<0, T0, T...> { using type = T0; };
template <class T0, class T1, class... T> struct nth<1, T0, T1, T...> { using type = T1; };
template <class T0, class T1, class T2, class... T> struct nth<2, T0, T1, T2, T...> { using type = T2; };
template <class T0, class T1, class T2, class T3, class... T> struct nth<3, T0, T1, T2, T3, T...> { using type = T3; };
template <std::size_t I, class... T>
using nth_t = typename nth<I, T...>::type;

template <class... T> struct type_list {};

// The storage of a tuple's non-empty elements, in order, as plain members of
// one class (four a level), so that a tuple of standard-layout elements is of
// standard layout and empty elements take no space at all.
template <class... T> struct store {};
template <class A> struct store<A> { A m0; };
template <class A, class B> struct store<A, B> { A m0; B m1; };
template <class A, class B, class C2> struct store<A, B, C2> { A m0; B m1; C2 m2; };
template <class A, class B, class C2, class D> struct store<A, B, C2, D> { A m0; B m1; C2 m2; D m3; };
template <class A, class B, class C2, class D, class E, class... R>
struct store<A, B, C2, D, E, R...> { A m0; B m1; C2 m2; D m3; store<E, R...> rest; };

// Member K of a store.
template <std::size_t K, class S>
TESSEL_HOST_DEVICE constexpr auto& store_at(S& s) {
  if constexpr (K == 0) return s.m0;
  else if constexpr (K == 1) return s.m1;
  else if constexpr (K == 2) return s.m2;
  else if constexpr (K == 3) return s.m3;
  else return store_at<K - 4>(s.rest);
}

// The store of the non-empty types of T..., and their positions in T...
template <class Done, class... T> struct store_of { using type = Done; };
template <class... D, class T0, class... T>
struct store_of<store<D...>, T0, T...>
    : store_of<std::conditional_t<__is_empty(T0), store<D...>, store<D..., T0>>, T...> {};
template <class... T>
struct nonempty_positions {
  static constexpr std::size_t count = (std::size_t(0) + ... + std::size_t(!__is_empty(T)));
  struct table_t { std::size_t v[count > 0 ? count : 1]; };
  static constexpr table_t table = [] {
    table_t r{};
    std::size_t k = 0, i = 0;
    ((__is_empty(T) ? void(++i) : void(r.v[k++] = i++)), ...);
    return r;
  }();
  template <std::size_t... K>
  static std::index_sequence<table.v[K]...> make(std::index_sequence<K...>);
  using type = decltype(make(std::make_index_sequence<count>{}));
};
// The position of element I among the non-empty elements.
template <std::size_t I, class... T>
TESSEL_HOST_DEVICE constexpr std::size_t slot_of() {
  constexpr bool empty[] = {__is_empty(T)..., false};
  std::size_t k = 0;
  for (std::size_t i = 0; i != I; ++i) k += empty[i] ? 0 : 1;
  return k;
}
// Argument J of a pack, by reference.
template <std::size_t J, class A0, class... A>
TESSEL_HOST_DEVICE constexpr auto const& pick_arg(A0 const& a0, A const&... a) {
  if constexpr (J == 0) return a0; else return pick_arg<J - 1>(a...);
}

// Holds the store (no member at all when every element is empty). Built from the elements' positions
// among the arguments (pick_arg), or, where no element is empty (all_stored), from the arguments as they are.
struct all_stored {};
template <class S>
struct holder {
  S s_;
  constexpr holder() = default;
  template <std::size_t... J, class... A>
  TESSEL_HOST_DEVICE constexpr holder(std::index_sequence<J...>, A const&... a) : s_{pick_arg<J>(a...)...} {}
  template <class... A>
  TESSEL_HOST_DEVICE constexpr holder(all_stored, A const&... a) : s_{a...} {}
};
template <>
struct holder<store<>> {
  constexpr holder() = default;
  template <class... A>
  TESSEL_HOST_DEVICE constexpr holder(std::index_sequence<>, A const&...) {}
};

// The holder's constructor tag for a tuple of types T...: all_stored, or the positions of the non-empty ones.
template <bool AllStored, class... T> struct store_tag { using type = typename nonempty_positions<T...>::type; };
template <class... T> struct store_tag<true, T...> { using type = all_stored; };

template <class Seq, class... T> struct tuple_base;
template <std::size_t... I, class... T>
struct tuple_base<std::index_sequence<I...>, T...> : holder<typename store_of<store<>, T...>::type> {
  using elem_types = type_list<T...>;
  using holder_type = holder<typename store_of<store<>, T...>::type>;
  constexpr tuple_base() = default;
  TESSEL_HOST_DEVICE constexpr tuple_base(T const&... t) requires(sizeof...(T) > 0)
      : holder_type(typename store_tag<(true && ... && !__is_empty(T)), T...>::type{}, t...) {}
};

// get_leaf's result for an element of type E: E itself where it is empty, else a reference. (A class per element
// type, shared by every tuple and position that has it: spelled in get_leaf's signature, the two conditional_t were
// substituted again at every call, for each of the two overloads.)
template <class E>
struct leaf_result {
  using ref = std::conditional_t<std::is_empty_v<E>, E, E&>;
  using cref = std::conditional_t<std::is_empty_v<E>, E, E const&>;
};
// Element I of a tuple: a reference to the stored value, or (empty) a fresh
// value. The return types are spelled out, so that asking for an element's
// type (element_t) instantiates no body.
template <std::size_t I, class Seq, class... T>
TESSEL_HOST_DEVICE constexpr typename leaf_result<nth_t<I, T...>>::ref
get_leaf(tuple_base<Seq, T...>& t) {
  using E = nth_t<I, T...>;
  if constexpr (__is_empty(E)) return E{}; else return store_at<slot_of<I, T...>()>(t.s_);
}
template <std::size_t I, class Seq, class... T>
TESSEL_HOST_DEVICE constexpr typename leaf_result<nth_t<I, T...>>::cref
get_leaf(tuple_base<Seq, T...> const& t) {
  using E = nth_t<I, T...>;
  if constexpr (__is_empty(E)) return E{}; else return store_at<slot_of<I, T...>()>(t.s_);
}

// The type of element I of a tuple (or of a type derived from one).
template <std::size_t I, class L> struct element_in;
template <std::size_t I, class... T> struct element_in<I, type_list<T...>> { using type = nth_t<I, T...>; };
template <std::size_t I, class Tup>
using element_t = typename element_in<I, typename Tup::elem_types>::type;
}  // namespace detail

template <class... T>
struct tuple : detail::tuple_base<std::index_sequence_for<T...>, T...> {
  using base = detail::tuple_base<std::index_sequence_for<T...>, T...>;
  constexpr tuple() = default;
  TESSEL_HOST_DEVICE constexpr tuple(T const&... t) requires(sizeof...(T) > 0) : base(t...) {}
};

template <class... T>
TESSEL_HOST_DEVICE constexpr tuple<T...> make_tuple(T const&... t) {
  if constexpr (__is_empty(tuple<T...>)) {
    return {};
  } else {
    return {t...};
  }
}

// ---- traits -------------------------------------------------------------------

template <class T> struct is_tuple : std::false_type {};
template <class... T> struct is_tuple<tuple<T...>> : std::true_type {};
template <class T> inline constexpr bool is_tuple_v = is_tuple<std::remove_cvref_t<T>>::value;
template <class T> concept Tuple = is_tuple_v<T>;

template <class T> struct tuple_size;
template <class... T> struct tuple_size<tuple<T...>> : std::integral_constant<std::size_t, sizeof...(T)> {};
template <class T> inline constexpr std::size_t tuple_size_v = tuple_size<std::remove_cvref_t<T>>::value;

// ---- access ---------------------------------------------------------------------

// Types with their own get (Layout, Tensor) opt out of the generic one.
template <class T> struct has_custom_get : std::false_type {};

// get<I>(t): the I-th element; get<I0,I1,...>(t) = get<I1,...>(get<I0>(t)).
// On a non-tuple, get<0>(x) is x itself (an integer is a rank-1 IntTuple).
template <std::size_t I, std::size_t... Is, class... T>
TESSEL_HOST_DEVICE constexpr decltype(auto) get(tuple<T...> const& t) {
  static_assert(I < sizeof...(T), "tessel::get: index out of range");
  if constexpr (sizeof...(Is) == 0) return detail::get_leaf<I>(t);
  else return get<Is...>(detail::get_leaf<I>(t));
}
template <std::size_t I, std::size_t... Is, class... T>
TESSEL_HOST_DEVICE constexpr decltype(auto) get(tuple<T...>& t) {
  static_assert(I < sizeof...(T), "tessel::get: index out of range");
  if constexpr (sizeof...(Is) == 0) return detail::get_leaf<I>(t);
  else return get<Is...>(detail::get_leaf<I>(t));
}
template <std::size_t I, std::size_t... Is, class... T>
TESSEL_HOST_DEVICE constexpr decltype(auto) get(tuple<T...>&& t) {
  static_assert(I < sizeof...(T), "tessel::get: index out of range");
  using E = detail::element_t<I, tuple<T...>>;
  if constexpr (__is_empty(E)) {
    if constexpr (sizeof...(Is) == 0) return E{}; else return get<Is...>(E{});
  } else {  // an rvalue tuple gives its elements as rvalues
    if constexpr (sizeof...(Is) == 0) return static_cast<E&&>(detail::get_leaf<I>(t));
    else return get<Is...>(static_cast<E&&>(detail::get_leaf<I>(t)));
  }
}
template <std::size_t I, std::size_t... Is, class T>
  requires(!is_tuple_v<T> && !has_custom_get<std::remove_cvref_t<T>>::value)
TESSEL_HOST_DEVICE constexpr decltype(auto) get(T&& t) {
  static_assert(I == 0, "tessel::get: an integer has only element 0");
  if constexpr (sizeof...(Is) == 0) {
    return static_cast<T&&>(t);
  } else {
    return get<Is...>(static_cast<T&&>(t));
  }
}

namespace detail {
template <std::size_t I, class T>
struct element_of {
  using type = std::remove_cvref_t<decltype(get<I>(std::declval<T>()))>;
};
template <std::size_t I, class... T>
struct element_of<I, tuple<T...>> {
  using type = element_t<I, tuple<T...>>;
};
// tuple_element_t<I, T>: element I's type, const (volatile) where T is, as CuTe's (std::tuple_element's
// rule: tuple_element_t<0, tuple<int> const> is int const). A reference T is taken as the tuple it names.
template <std::size_t I, class T>
struct element_of_cv : element_of<I, T> {};
template <std::size_t I, class T>
struct element_of_cv<I, T const> { using type = std::add_const_t<typename element_of<I, T>::type>; };
template <std::size_t I, class T>
struct element_of_cv<I, T volatile> { using type = std::add_volatile_t<typename element_of<I, T>::type>; };
template <std::size_t I, class T>
struct element_of_cv<I, T const volatile> { using type = std::add_cv_t<typename element_of<I, T>::type>; };
}  // namespace detail
template <std::size_t I, class T>
using tuple_element_t = typename detail::element_of_cv<I, std::remove_reference_t<T>>::type;

// ---- generic algorithms -------------------------------------------------------------

namespace detail {
template <class F, std::size_t... I, class... T>
TESSEL_HOST_DEVICE constexpr decltype(auto) apply_elems(tuple_base<std::index_sequence<I...>, T...> const& t, F& f) {
  return f(get_leaf<I>(t)...);
}
template <class F, std::size_t... I, class... T>
TESSEL_HOST_DEVICE constexpr decltype(auto) apply_elems(tuple_base<std::index_sequence<I...>, T...>& t, F& f) {
  return f(get_leaf<I>(t)...);
}
template <class F, std::size_t... I, class... T>
TESSEL_HOST_DEVICE constexpr auto transform_elems(tuple_base<std::index_sequence<I...>, T...> const& t, F& f) {
  return make_tuple(f(get_leaf<I>(t))...);
}
template <class F, std::size_t... I, class... T, class B>
TESSEL_HOST_DEVICE constexpr auto transform_elems(tuple_base<std::index_sequence<I...>, T...> const& a, B const& b, F& f) {
  return make_tuple(f(get_leaf<I>(a), get_leaf<I>(b))...);
}
template <class F, std::size_t... I, class... T, class B, class C2>
TESSEL_HOST_DEVICE constexpr auto transform_elems(tuple_base<std::index_sequence<I...>, T...> const& a, B const& b,
                                                  C2 const& c, F& f) {
  return make_tuple(f(get_leaf<I>(a), get_leaf<I>(b), get_leaf<I>(c))...);
}
template <class F, std::size_t... I, class... T>
TESSEL_HOST_DEVICE constexpr void for_each_elem(tuple_base<std::index_sequence<I...>, T...> const& t, F& f) {
  (static_cast<void>(f(get_leaf<I>(t))), ...);
}
}  // namespace detail

// f(get<I>(t)...) for all I.
template <class T, class F>
TESSEL_HOST_DEVICE constexpr decltype(auto) apply(T&& t, F&& f) {
  return detail::apply_elems(t, f);
}

// tuple(f(get<I>(t))...); on a non-tuple, f(t).
template <class T, class F>
TESSEL_HOST_DEVICE constexpr auto transform(T const& t, F&& f) {
  if constexpr (is_tuple_v<T>) {
    return detail::transform_elems(t, f);
  } else {
    return f(t);
  }
}

template <class T0, class T1, class F>
TESSEL_HOST_DEVICE constexpr auto transform(T0 const& t0, T1 const& t1, F&& f) {
  if constexpr (is_tuple_v<T0>) {
    static_assert(tuple_size_v<T0> == tuple_size_v<T1>, "tessel::transform: mismatched ranks");
    return detail::transform_elems(t0, t1, f);
  } else {
    return f(t0, t1);
  }
}

template <class T0, class T1, class T2, class F>
TESSEL_HOST_DEVICE constexpr auto transform(T0 const& t0, T1 const& t1, T2 const& t2, F&& f) {
  if constexpr (is_tuple_v<T0>) {
    static_assert(tuple_size_v<T0> == tuple_size_v<T1> && tuple_size_v<T0> == tuple_size_v<T2>,
                  "tessel::transform: mismatched ranks");
    return detail::transform_elems(t0, t1, t2, f);
  } else {
    return f(t0, t1, t2);
  }
}

template <class T, class F>
TESSEL_HOST_DEVICE constexpr void for_each(T const& t, F&& f) {
  if constexpr (is_tuple_v<T>) {
    detail::for_each_elem(t, f);
  } else {
    f(t);
  }
}

namespace detail {
template <class V, class F>
struct folder {  // lets a left fold run through operator|, with any result type
  V v;
  F* f;
};
template <class V, class F, class E>
TESSEL_HOST_DEVICE constexpr auto operator|(folder<V, F> acc, E const& e) {
  using R = decltype((*acc.f)(acc.v, e));
  return folder<R, F>{(*acc.f)(acc.v, e), acc.f};
}
template <class V, class F, std::size_t... I, class... T>
TESSEL_HOST_DEVICE constexpr auto fold_elems(tuple_base<std::index_sequence<I...>, T...> const& t, V const& init, F& f) {
  return (folder<V, F>{init, &f} | ... | get_leaf<I>(t)).v;
}
}  // namespace detail

// Left fold: f(...f(f(init, t0), t1)..., tn). The accumulator may change type.
template <class T, class V, class F>
TESSEL_HOST_DEVICE constexpr auto fold(T const& t, V const& init, F&& f) {
  if constexpr (is_tuple_v<T>) {
    return detail::fold_elems(t, init, f);
  } else {
    return f(init, t);
  }
}

// ---- concatenation and sub-tuples ------------------------------------------------------

namespace detail {
// The type of the concatenation of tuple types.
template <class... T> struct cat_types;
template <> struct cat_types<> { using type = tuple<>; };
template <class... A> struct cat_types<tuple<A...>> { using type = tuple<A...>; };
template <class... A, class... B, class... R>
struct cat_types<tuple<A...>, tuple<B...>, R...> : cat_types<tuple<A..., B...>, R...> {};
template <class... A, class... B, class... C2, class... D, class... R>
struct cat_types<tuple<A...>, tuple<B...>, tuple<C2...>, tuple<D...>, R...>
    : cat_types<tuple<A..., B..., C2..., D...>, R...> {};

template <std::size_t... I, class... A, std::size_t... J, class... B>
TESSEL_HOST_DEVICE constexpr tuple<A..., B...> cat2(tuple_base<std::index_sequence<I...>, A...> const& a,
                                                     tuple_base<std::index_sequence<J...>, B...> const& b) {
  return tuple<A..., B...>(get_leaf<I>(a)..., get_leaf<J>(b)...);
}
template <class A>
TESSEL_HOST_DEVICE constexpr A cat_values(A const& a) { return a; }
template <class A, class B, class... R>
TESSEL_HOST_DEVICE constexpr auto cat_values(A const& a, B const& b, R const&... r) {
  if constexpr (__is_same(A, tuple<>)) return cat_values(b, r...);  // (an empty part: nothing to join)
  else if constexpr (__is_same(B, tuple<>)) return cat_values(a, r...);
  else return cat_values(cat2(a, b), r...);
}

template <std::size_t B, class T, std::size_t... I>
TESSEL_HOST_DEVICE constexpr auto take_elems(T const& t, std::index_sequence<I...>) {
  using R = tuple<element_t<B + I, T>...>;
  if constexpr (__is_empty(R)) return R{};
  else return R(get_leaf<B + I>(t)...);
}
}  // namespace detail

template <class... T>
TESSEL_HOST_DEVICE constexpr auto tuple_cat(T const&... t) {
  using R = typename detail::cat_types<T...>::type;
  if constexpr (__is_empty(R)) {
    return R{};
  } else {
    return detail::cat_values(t...);
  }
}

// Elements [B, E) of t.
template <std::size_t B, std::size_t E, class T>
TESSEL_HOST_DEVICE constexpr auto take(T const& t) {
  static_assert(B <= E && E <= tuple_size_v<T>, "tessel::take: range out of bounds");
  return detail::take_elems<B>(t, std::make_index_sequence<E - B>{});
}

template <std::size_t... I, class T>
TESSEL_HOST_DEVICE constexpr auto select(T const& t) {
  if constexpr (is_tuple_v<T>) {
    static_assert((true && ... && (I < tuple_size_v<T>)), "tessel::get: index out of range");
    using R = tuple<detail::element_t<I, T>...>;
    if constexpr (__is_empty(R)) return R{};
    else return R(detail::get_leaf<I>(t)...);
  } else {
    return make_tuple(get<I>(t)...);
  }
}

// Wrap a non-tuple into a 1-tuple; tuples stay.
template <class T>
TESSEL_HOST_DEVICE constexpr auto wrap(T const& t) {
  if constexpr (is_tuple_v<T>) return t; else return make_tuple(t);
}

namespace detail {
template <class X, std::size_t... I, class... T>
TESSEL_HOST_DEVICE constexpr tuple<T..., X> append_elems(tuple_base<std::index_sequence<I...>, T...> const& t, X const& x) {
  if constexpr (__is_empty(tuple<T..., X>)) return {};
  else return tuple<T..., X>(get_leaf<I>(t)..., x);
}
template <class X, std::size_t... I, class... T>
TESSEL_HOST_DEVICE constexpr tuple<X, T...> prepend_elems(tuple_base<std::index_sequence<I...>, T...> const& t, X const& x) {
  if constexpr (__is_empty(tuple<X, T...>)) return {};
  else return tuple<X, T...>(x, get_leaf<I>(t)...);
}
// Element I of the result of replace<N>: x at N, t's element elsewhere.
template <bool Pick, class E, class X>
TESSEL_HOST_DEVICE constexpr decltype(auto) pick(E const& e, X const& x) {
  if constexpr (Pick) return (x); else return (e);
}
template <std::size_t N, class X, std::size_t... I, class... T>
TESSEL_HOST_DEVICE constexpr auto replace_elems(tuple_base<std::index_sequence<I...>, T...> const& t, X const& x) {
  using R = tuple<std::conditional_t<I == N, X, T>...>;
  if constexpr (__is_empty(R)) return R{};
  else return R(pick<I == N>(get_leaf<I>(t), x)...);
}
}  // namespace detail

// append(t, x): t with x added as a new last element (a non-tuple t is
// treated as a 1-tuple). prepend likewise at the front.
template <class T, class X>
TESSEL_HOST_DEVICE constexpr auto append(T const& t, X const& x) {
  if constexpr (is_tuple_v<T>) return detail::append_elems(t, x);
  else return make_tuple(t, x);
}
template <class T, class X>
TESSEL_HOST_DEVICE constexpr auto prepend(T const& t, X const& x) {
  if constexpr (is_tuple_v<T>) return detail::prepend_elems(t, x);
  else return make_tuple(x, t);
}

// replace<I>(t, x): t with element I replaced by x.
template <std::size_t N, class T, class X>
TESSEL_HOST_DEVICE constexpr auto replace(T const& t, X const& x) {
  if constexpr (is_tuple_v<T>) {
    static_assert(N < tuple_size_v<T>, "tessel::replace: index out of range");
    return detail::replace_elems<N>(t, x);
  } else {
    static_assert(N == 0, "tessel::replace: an integer has only element 0");
    return x;
  }
}

// group<B,E>(t): elements [B, E) gathered into one nested element.
template <std::size_t B, std::size_t E, class T>
TESSEL_HOST_DEVICE constexpr auto group(T const& t) {
  if constexpr (is_tuple_v<T>) {
    static_assert(B <= E && E <= tuple_size_v<T>, "tessel::take: range out of bounds");
    return tuple_cat(take<0, B>(t), make_tuple(take<B, E>(t)), take<E, tuple_size_v<T>>(t));
  } else {
    return group<B, E>(make_tuple(t));
  }
}

}  // namespace tessel

// Structured bindings: auto [a, b] = t;
template <class... T>
struct std::tuple_size<tessel::tuple<T...>> : std::integral_constant<std::size_t, sizeof...(T)> {};
template <std::size_t I, class... T>
struct std::tuple_element<I, tessel::tuple<T...>> {
  using type = tessel::detail::element_t<I, tessel::tuple<T...>>;
};
