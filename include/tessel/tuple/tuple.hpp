// tessel/tuple/tuple.hpp: a small tuple usable in host and device code, in
// which static (empty) elements take no storage, and the generic algorithms
// over tuples that the IntTuple layer builds on.
#pragma once

#include <cstddef>
#include <tuple>  // std::tuple_size / std::tuple_element, for structured bindings
#include <type_traits>
#include <utility>

#include "../int/integral.hpp"

namespace tessel {

namespace detail {
// One element. An empty element stores nothing and is rebuilt on access.
template <std::size_t I, class T, bool = std::is_empty_v<T>>
struct leaf {
  T value;
  TESSEL_HOST_DEVICE constexpr T& get() & { return value; }
  TESSEL_HOST_DEVICE constexpr T const& get() const& { return value; }
};
template <std::size_t I, class T>
struct leaf<I, T, true> {
  constexpr leaf() = default;
  TESSEL_HOST_DEVICE constexpr leaf(T const&) {}
  TESSEL_HOST_DEVICE static constexpr T get() { return T{}; }
};

template <class Seq, class... T> struct tuple_base;
template <std::size_t... I, class... T>
struct tuple_base<std::index_sequence<I...>, T...> : leaf<I, T>... {
  constexpr tuple_base() = default;
  TESSEL_HOST_DEVICE constexpr tuple_base(T const&... t) requires(sizeof...(T) > 0) : leaf<I, T>{t}... {}
};

// Finds the base leaf by deduction: one instantiation per access.
template <std::size_t I, class T, bool E>
TESSEL_HOST_DEVICE constexpr decltype(auto) get_leaf(leaf<I, T, E> const& l) { return l.get(); }
template <std::size_t I, class T, bool E>
TESSEL_HOST_DEVICE constexpr decltype(auto) get_leaf(leaf<I, T, E>& l) { return l.get(); }
}  // namespace detail

template <class... T>
struct tuple : detail::tuple_base<std::index_sequence_for<T...>, T...> {
  using base = detail::tuple_base<std::index_sequence_for<T...>, T...>;
  constexpr tuple() = default;
  TESSEL_HOST_DEVICE constexpr tuple(T const&... t) requires(sizeof...(T) > 0) : base(t...) {}
};

template <class... T>
TESSEL_HOST_DEVICE constexpr tuple<T...> make_tuple(T const&... t) { return {t...}; }

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
template <std::size_t I, std::size_t... Is, class T>
  requires(!has_custom_get<std::remove_cvref_t<T>>::value)
TESSEL_HOST_DEVICE constexpr decltype(auto) get(T&& t) {
  if constexpr (is_tuple_v<T>) {
    static_assert(I < tuple_size_v<T>, "tessel::get: index out of range");
    if constexpr (sizeof...(Is) == 0) {
      return detail::get_leaf<I>(t);
    } else {
      return get<Is...>(detail::get_leaf<I>(t));
    }
  } else {
    static_assert(I == 0, "tessel::get: an integer has only element 0");
    if constexpr (sizeof...(Is) == 0) {
      return static_cast<T&&>(t);
    } else {
      return get<Is...>(static_cast<T&&>(t));
    }
  }
}

template <std::size_t I, class T>
using tuple_element_t = std::remove_cvref_t<decltype(get<I>(std::declval<T>()))>;

// ---- generic algorithms -------------------------------------------------------------

// f(get<I>(t)...) for all I.
template <class T, class F>
TESSEL_HOST_DEVICE constexpr decltype(auto) apply(T&& t, F&& f) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) -> decltype(auto) {
    return f(get<I>(t)...);
  }(std::make_index_sequence<tuple_size_v<T>>{});
}

// tuple(f(get<I>(t))...); on a non-tuple, f(t).
template <class T, class F>
TESSEL_HOST_DEVICE constexpr auto transform(T const& t, F&& f) {
  if constexpr (is_tuple_v<T>) {
    return apply(t, [&](auto const&... e) { return make_tuple(f(e)...); });
  } else {
    return f(t);
  }
}

template <class T0, class T1, class F>
TESSEL_HOST_DEVICE constexpr auto transform(T0 const& t0, T1 const& t1, F&& f) {
  if constexpr (is_tuple_v<T0>) {
    static_assert(tuple_size_v<T0> == tuple_size_v<T1>, "tessel::transform: mismatched ranks");
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return make_tuple(f(get<I>(t0), get<I>(t1))...);
    }(std::make_index_sequence<tuple_size_v<T0>>{});
  } else {
    return f(t0, t1);
  }
}

template <class T0, class T1, class T2, class F>
TESSEL_HOST_DEVICE constexpr auto transform(T0 const& t0, T1 const& t1, T2 const& t2, F&& f) {
  if constexpr (is_tuple_v<T0>) {
    static_assert(tuple_size_v<T0> == tuple_size_v<T1> && tuple_size_v<T0> == tuple_size_v<T2>,
                  "tessel::transform: mismatched ranks");
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return make_tuple(f(get<I>(t0), get<I>(t1), get<I>(t2))...);
    }(std::make_index_sequence<tuple_size_v<T0>>{});
  } else {
    return f(t0, t1, t2);
  }
}

template <class T, class F>
TESSEL_HOST_DEVICE constexpr void for_each(T const& t, F&& f) {
  if constexpr (is_tuple_v<T>) {
    apply(t, [&](auto const&... e) { (f(e), ...); });
  } else {
    f(t);
  }
}

namespace detail {
template <class V, class F>
struct folder {  // lets a left fold run through operator, with any result type
  V v;
  F* f;
};
template <class V, class F, class E>
TESSEL_HOST_DEVICE constexpr auto operator|(folder<V, F> acc, E const& e) {
  using R = decltype((*acc.f)(acc.v, e));
  return folder<R, F>{(*acc.f)(acc.v, e), acc.f};
}
}  // namespace detail

// Left fold: f(...f(f(init, t0), t1)..., tn). The accumulator may change type.
template <class T, class V, class F>
TESSEL_HOST_DEVICE constexpr auto fold(T const& t, V const& init, F&& f) {
  if constexpr (is_tuple_v<T>) {
    return apply(t, [&](auto const&... e) {
      return (detail::folder<V, std::remove_reference_t<F>>{init, &f} | ... | e).v;
    });
  } else {
    return f(init, t);
  }
}

template <class... T>
TESSEL_HOST_DEVICE constexpr auto tuple_cat(T const&... t) {
  if constexpr (sizeof...(T) == 0) {
    return tuple<>{};
  } else {
    auto cat2 = []<class A, class B>(A const& a, B const& b) {
      return apply(a, [&](auto const&... x) {
        return apply(b, [&](auto const&... y) { return make_tuple(x..., y...); });
      });
    };
    return fold(make_tuple(t...), tuple<>{}, cat2);
  }
}

// Elements [B, E) of t.
template <std::size_t B, std::size_t E, class T>
TESSEL_HOST_DEVICE constexpr auto take(T const& t) {
  static_assert(B <= E && E <= tuple_size_v<T>, "tessel::take: range out of bounds");
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return make_tuple(get<B + I>(t)...);
  }(std::make_index_sequence<E - B>{});
}

template <std::size_t... I, class T>
TESSEL_HOST_DEVICE constexpr auto select(T const& t) {
  return make_tuple(get<I>(t)...);
}

// Wrap a non-tuple into a 1-tuple; tuples stay.
template <class T>
TESSEL_HOST_DEVICE constexpr auto wrap(T const& t) {
  if constexpr (is_tuple_v<T>) return t; else return make_tuple(t);
}

// append(t, x): t with x added as a new last element (a non-tuple t is
// treated as a 1-tuple). prepend likewise at the front.
template <class T, class X>
TESSEL_HOST_DEVICE constexpr auto append(T const& t, X const& x) {
  return tuple_cat(wrap(t), make_tuple(x));
}
template <class T, class X>
TESSEL_HOST_DEVICE constexpr auto prepend(T const& t, X const& x) {
  return tuple_cat(make_tuple(x), wrap(t));
}

// replace<I>(t, x): t with element I replaced by x.
template <std::size_t N, class T, class X>
TESSEL_HOST_DEVICE constexpr auto replace(T const& t, X const& x) {
  if constexpr (is_tuple_v<T>) {
    return tuple_cat(take<0, N>(t), make_tuple(x), take<N + 1, tuple_size_v<T>>(t));
  } else {
    static_assert(N == 0, "tessel::replace: an integer has only element 0");
    return x;
  }
}

// group<B,E>(t): elements [B, E) gathered into one nested element.
template <std::size_t B, std::size_t E, class T>
TESSEL_HOST_DEVICE constexpr auto group(T const& t) {
  auto w = wrap(t);
  return tuple_cat(take<0, B>(w), make_tuple(take<B, E>(w)), take<E, tuple_size_v<decltype(w)>>(w));
}

}  // namespace tessel

// Structured bindings: auto [a, b] = t;
template <class... T>
struct std::tuple_size<tessel::tuple<T...>> : std::integral_constant<std::size_t, sizeof...(T)> {};
template <std::size_t I, class... T>
struct std::tuple_element<I, tessel::tuple<T...>> {
  using type = tessel::tuple_element_t<I, tessel::tuple<T...>>;
};
