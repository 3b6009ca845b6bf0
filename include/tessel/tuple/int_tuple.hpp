// tessel/tuple/int_tuple.hpp: IntTuple, an integer or a tuple of IntTuples,
// and the operations on it (rank, depth, size, flatten, congruence, division,
// prefix products). Shape, Stride, Coord, Step and Tile are all IntTuples.
#pragma once

#include "tuple.hpp"

namespace tessel {

template <class... T> using Shape = tuple<T...>;
template <class... T> using Stride = tuple<T...>;
template <class... T> using Coord = tuple<T...>;
template <class... T> using Step = tuple<T...>;
template <class... T> using Tile = tuple<T...>;

template <class... T> TESSEL_HOST_DEVICE constexpr Shape<T...> make_shape(T const&... t) { return {t...}; }
template <class... T> TESSEL_HOST_DEVICE constexpr Stride<T...> make_stride(T const&... t) { return {t...}; }
template <class... T> TESSEL_HOST_DEVICE constexpr Coord<T...> make_coord(T const&... t) { return {t...}; }
template <class... T> TESSEL_HOST_DEVICE constexpr Step<T...> make_step(T const&... t) { return {t...}; }
template <class... T> TESSEL_HOST_DEVICE constexpr Tile<T...> make_tile(T const&... t) { return {t...}; }

// The slicing placeholder `_`: keep this mode.
struct Underscore {};
TESSEL_INLINE_CONSTANT Underscore _{};

template <class T> inline constexpr bool is_underscore_v = std::is_same_v<std::remove_cvref_t<T>, Underscore>;

// (Class templates, not lambdas in a variable template's initializer: nvcc 13's
// front end crashes on those.)
template <class T> struct is_int_tuple : std::bool_constant<is_integral_v<T>> {};
template <class... T> struct is_int_tuple<tuple<T...>> : std::bool_constant<(true && ... && is_int_tuple<T>::value)> {};
template <class T> inline constexpr bool is_int_tuple_v = is_int_tuple<std::remove_cvref_t<T>>::value;
template <class T> concept IntTuple = is_int_tuple_v<T>;

// True when any element, at any depth, is `_`.
template <class T> struct has_underscore : std::bool_constant<is_underscore_v<T>> {};
template <class... T> struct has_underscore<tuple<T...>> : std::bool_constant<(false || ... || has_underscore<T>::value)> {};
template <class T> inline constexpr bool has_underscore_v = has_underscore<std::remove_cvref_t<T>>::value;

// ---- rank, depth, size ---------------------------------------------------------------

// rank: the number of top-level elements; an integer has rank 1.
template <std::size_t... I, class T>
TESSEL_HOST_DEVICE constexpr auto rank(T const& t) {
  if constexpr (sizeof...(I) > 0) {
    return rank(get<I...>(t));
  } else if constexpr (requires { t.shape(); }) {
    return rank(t.shape());
  } else if constexpr (is_tuple_v<T>) {
    return Int<int(tuple_size_v<T>)>{};
  } else {
    return Int<1>{};
  }
}

// depth: 0 for an integer, 1 for a tuple of integers, and so on.
template <std::size_t... I, class T>
TESSEL_HOST_DEVICE constexpr auto depth(T const& t) {
  if constexpr (sizeof...(I) > 0) {
    return depth(get<I...>(t));
  } else if constexpr (requires { t.shape(); }) {
    return depth(t.shape());
  } else if constexpr (is_tuple_v<T>) {
    constexpr int d = apply(T{}, [](auto const&... e) {
      int m = 0;
      ((m = m < decltype(depth(e))::value ? decltype(depth(e))::value : m), ...);
      return m;
    });
    return Int<1 + d>{};
  } else {
    return Int<0>{};
  }
}

// product: the product of all integers (of a tuple at any depth).
template <class T>
TESSEL_HOST_DEVICE constexpr auto product(T const& t) {
  if constexpr (is_tuple_v<T>) {
    return apply(t, [](auto const&... e) { return (Int<1>{} * ... * product(e)); });
  } else {
    return t;
  }
}

// size<I...>(x): the product of the shape of x's element I...
template <std::size_t... I, class T>
TESSEL_HOST_DEVICE constexpr auto size(T const& t) {
  if constexpr (sizeof...(I) > 0) {
    return size(get<I...>(t));
  } else if constexpr (requires { t.shape(); }) {
    return product(t.shape());
  } else {
    return product(t);
  }
}

template <class T>
TESSEL_HOST_DEVICE constexpr auto sum(T const& t) {
  if constexpr (is_tuple_v<T>) {
    return apply(t, [](auto const&... e) { return (Int<0>{} + ... + sum(e)); });
  } else {
    return t;
  }
}

// sum of a_i * b_i over congruent a and b.
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto inner_product(A const& a, B const& b) {
  if constexpr (is_tuple_v<A>) {
    static_assert(tuple_size_v<A> == tuple_size_v<B>, "tessel::inner_product: mismatched ranks");
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (Int<0>{} + ... + inner_product(get<I>(a), get<I>(b)));
    }(std::make_index_sequence<tuple_size_v<A>>{});
  } else {
    return a * b;
  }
}

// ---- flatten ---------------------------------------------------------------------------

// flatten_to_tuple: the integers of t in order, always as a tuple.
template <class T>
TESSEL_HOST_DEVICE constexpr auto flatten_to_tuple(T const& t) {
  if constexpr (is_tuple_v<T>) {
    return apply(t, [](auto const&... e) { return tuple_cat(flatten_to_tuple(e)...); });
  } else {
    return make_tuple(t);
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
  constexpr bool v = [] {
    if constexpr (is_tuple_v<A> && is_tuple_v<B>) {
      if constexpr (tuple_size_v<A> != tuple_size_v<B>) {
        return false;
      } else {
        return [&]<std::size_t... I>(std::index_sequence<I...>) {
          return (true && ... && decltype(congruent(get<I>(std::declval<A const&>()),
                                                    get<I>(std::declval<B const&>())))::value);
        }(std::make_index_sequence<tuple_size_v<A>>{});
      }
    } else {
      return !is_tuple_v<A> && !is_tuple_v<B>;
    }
  }();
  return bool_constant<v>{};
}

// weakly_congruent(a, b): a's profile is a coarsening of b's (an integer of a
// may stand for a whole subtuple of b).
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto weakly_congruent(A const&, B const&) {
  constexpr bool v = [] {
    if constexpr (!is_tuple_v<A>) {
      return true;
    } else if constexpr (!is_tuple_v<B>) {
      return false;
    } else if constexpr (tuple_size_v<A> != tuple_size_v<B>) {
      return false;
    } else {
      return [&]<std::size_t... I>(std::index_sequence<I...>) {
        return (true && ... && decltype(weakly_congruent(get<I>(std::declval<A const&>()),
                                                         get<I>(std::declval<B const&>())))::value);
      }(std::make_index_sequence<tuple_size_v<A>>{});
    }
  }();
  return bool_constant<v>{};
}

// compatible(a, b): size(a) == size(b) and every coordinate of a is a valid
// coordinate of b (shape a is coarser than or equal to shape b).
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto compatible(A const& a, B const& b) {
  if constexpr (is_tuple_v<A> && is_tuple_v<B>) {
    if constexpr (tuple_size_v<A> != tuple_size_v<B>) {
      return false_type{};
    } else {
      return [&]<std::size_t... I>(std::index_sequence<I...>) {
        return (true_type{} && ... && compatible(get<I>(a), get<I>(b)));
      }(std::make_index_sequence<tuple_size_v<A>>{});
    }
  } else if constexpr (is_tuple_v<A>) {
    return false_type{};
  } else {
    return a == size(b);
  }
}

// ---- division ------------------------------------------------------------------------------

// shape_div(a, b): divide shape a by b from the left. For integers, a / b when
// b divides a, 1 when a divides b (b consumes all of a), else undefined.
// A tuple a is divided element by element, b shrinking as it is used up.
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto shape_div(A const& a, B const& b) {
  if constexpr (is_tuple_v<A> && is_tuple_v<B>) {
    return transform(a, b, [](auto const& x, auto const& y) { return shape_div(x, y); });
  } else if constexpr (is_tuple_v<A>) {
    auto r = fold(a, make_tuple(tuple<>{}, b), [](auto const& acc, auto const& ai) {
      return make_tuple(append(get<0>(acc), shape_div(ai, get<1>(acc))), shape_div(get<1>(acc), ai));
    });
    return get<0>(r);
  } else if constexpr (is_tuple_v<B>) {
    return shape_div(a, product(b));
  } else if constexpr (StaticInt<A> && StaticInt<B>) {
    static_assert(A::value % B::value == 0 || B::value % A::value == 0,
                  "tessel::shape_div: neither of the two integers divides the other");
    return C<(A::value / B::value != 0 ? A::value / B::value : 1)>{};
  } else {
    TESSEL_CHECK(a % b == 0 || b % a == 0, "shape_div: neither of the two integers divides the other");
    return a / b != 0 ? a / b : decltype(a / b)(1);
  }
}

// ceil_div(a, b): like shape_div, rounding up.
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto ceil_div(A const& a, B const& b) {
  if constexpr (is_tuple_v<A> && is_tuple_v<B>) {
    return transform(a, b, [](auto const& x, auto const& y) { return ceil_div(x, y); });
  } else if constexpr (is_tuple_v<A>) {
    auto r = fold(a, make_tuple(tuple<>{}, b), [](auto const& acc, auto const& ai) {
      return make_tuple(append(get<0>(acc), ceil_div(ai, get<1>(acc))), ceil_div(get<1>(acc), ai));
    });
    return get<0>(r);
  } else if constexpr (is_tuple_v<B>) {
    return ceil_div(a, product(b));
  } else {
    return (a + b - Int<1>{}) / b;
  }
}

// ---- prefix products ---------------------------------------------------------------------------

// prefix_product(a, init): the exclusive prefix product of a's integers from
// left to right, congruent to a. The strides of the compact column-major layout.
template <class A, class I = Int<1>>
TESSEL_HOST_DEVICE constexpr auto prefix_product(A const& a, I const& init = {}) {
  if constexpr (is_tuple_v<A>) {
    auto r = fold(a, make_tuple(tuple<>{}, init), [](auto const& acc, auto const& ai) {
      return make_tuple(append(get<0>(acc), prefix_product(ai, get<1>(acc))), get<1>(acc) * product(ai));
    });
    return get<0>(r);
  } else {
    return init;
  }
}

// The same from right to left: the strides of the compact row-major layout.
template <class A, class I = Int<1>>
TESSEL_HOST_DEVICE constexpr auto reverse_prefix_product(A const& a, I const& init = {}) {
  if constexpr (is_tuple_v<A>) {
    constexpr std::size_t R = tuple_size_v<A>;
    auto rev = [&]<std::size_t... K>(std::index_sequence<K...>) { return make_tuple(get<R - 1 - K>(a)...); };
    auto r = fold(rev(std::make_index_sequence<R>{}), make_tuple(tuple<>{}, init),
                  [](auto const& acc, auto const& ai) {
                    return make_tuple(prepend(get<0>(acc), reverse_prefix_product(ai, get<1>(acc))),
                                      get<1>(acc) * product(ai));
                  });
    return get<0>(r);
  } else {
    return init;
  }
}

// ---- comparison --------------------------------------------------------------------------------

// Equality of IntTuples: static when both sides are static, false_type when
// the structures differ.
template <IntTuple A, IntTuple B> requires(is_tuple_v<A> || is_tuple_v<B>)
TESSEL_HOST_DEVICE constexpr auto operator==(A const& a, B const& b) {
  if constexpr (!decltype(congruent(a, b))::value) {
    return false_type{};
  } else {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (true_type{} && ... && (get<I>(a) == get<I>(b)));
    }(std::make_index_sequence<tuple_size_v<A>>{});
  }
}
template <IntTuple A, IntTuple B> requires(is_tuple_v<A> || is_tuple_v<B>)
TESSEL_HOST_DEVICE constexpr auto operator!=(A const& a, B const& b) {
  return !(a == b);
}

}  // namespace tessel
