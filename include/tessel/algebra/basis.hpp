// tessel/algebra/basis.hpp: strides that are coordinates rather than integers.
// ScaledBasis<T, N...> is the value v times the unit coordinate of mode
// (N...): E<1> is (0,1), E<1,0> is (0,(1)); sums of them are ArithmeticTuples,
// coordinate tuples that add element by element (the shorter one padded with
// zeros). A layout with such strides maps an index to a coordinate, and
// composing a layout A with it reads A's modes: a leaf s:(d@k) of B becomes
// A's mode k composed with s:d. (CuTe's arithmetic_tuple.hpp, as far as the
// algebra needs it.)
#pragma once

#include <iosfwd>

#include "algebra.hpp"
#include "../layout/print.hpp"
#include "../tuple/algorithms.hpp"

namespace TESSEL_NAMESPACE {

template <class... T>
struct ArithmeticTuple : tuple<T...> {
  constexpr ArithmeticTuple() = default;
  TESSEL_HOST_DEVICE constexpr ArithmeticTuple(tuple<T...> const& t) : tuple<T...>(t) {}
};
template <class... T> struct is_tuple<ArithmeticTuple<T...>> : std::true_type {};
template <class... T> struct is_int_tuple<ArithmeticTuple<T...>> : is_int_tuple<tuple<T...>> {};
namespace detail {  // an arithmetic tuple has the structure of its tuple
template <class... A, class B> struct congruent_t<ArithmeticTuple<A...>, B> : congruent_t<tuple<A...>, B> {};
template <class A, class... B> struct congruent_t<A, ArithmeticTuple<B...>> : congruent_t<A, tuple<B...>> {};
template <class... A, class... B>
struct congruent_t<ArithmeticTuple<A...>, ArithmeticTuple<B...>> : congruent_t<tuple<A...>, tuple<B...>> {};
}  // namespace detail
template <class... T>
struct tuple_size<ArithmeticTuple<T...>> : std::integral_constant<std::size_t, sizeof...(T)> {};

template <class T, int... N>
struct ScaledBasis {
  [[no_unique_address]] T value_;
  TESSEL_HOST_DEVICE constexpr T value() const { return value_; }
  // Prints as value@N... with the modes innermost first (E<1,0> is _1@0@1), as CuTe.
  template <class Sink>
  TESSEL_HOST_DEVICE void write_to(Sink const& out) const {
    detail::write(out, value_);
    int const modes[] = {N..., 0};
    for (int i = int(sizeof...(N)) - 1; i >= 0; --i) {
      out.str("@");
      out.num(modes[i]);
    }
  }
};
// The unit coordinate of mode (N...), as a static stride.
template <int... N> using E = ScaledBasis<Int<1>, N...>;

template <class T> struct is_scaled_basis : std::false_type {};
template <class T, int... N> struct is_scaled_basis<ScaledBasis<T, N...>> : std::true_type {};
template <class T> inline constexpr bool is_scaled_basis_v = is_scaled_basis<std::remove_cvref_t<T>>::value;
template <class T> struct is_arithmetic_tuple : std::false_type {};
template <class... T> struct is_arithmetic_tuple<ArithmeticTuple<T...>> : std::true_type {};
template <class T> inline constexpr bool is_arithmetic_tuple_v = is_arithmetic_tuple<std::remove_cvref_t<T>>::value;

namespace detail {
// v as a coordinate: (0, ..., 0, v at position N0 as a coordinate of (N...)).
template <class T>
TESSEL_HOST_DEVICE constexpr auto basis_coord(T const& v) { return v; }
template <int N0, int... N, class T>
TESSEL_HOST_DEVICE constexpr auto basis_coord(T const& v) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return make_tuple(((void)I, Int<0>{})..., basis_coord<N...>(v));
  }(std::make_index_sequence<N0>{});
}
// Element I of a tuple, or zero past its end.
template <std::size_t I, class T>
TESSEL_HOST_DEVICE constexpr auto elem_or_zero(T const& t) {
  constexpr bool inside = I < tuple_size_v<T>;
  if constexpr (inside) return get<I>(t); else return Int<0>{};
}
// Element-wise sum of two coordinates; a missing element counts as zero.
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto coord_add(A const& a, B const& b) {
  if constexpr (!is_tuple_v<A> && !is_tuple_v<B>) {
    return a + b;
  } else if constexpr (!is_tuple_v<A>) {
    static_assert(is_constant_v<0, A>, "tessel: adding an integer to a coordinate tuple");
    return b;
  } else if constexpr (!is_tuple_v<B>) {
    static_assert(is_constant_v<0, B>, "tessel: adding an integer to a coordinate tuple");
    return a;
  } else {
    constexpr std::size_t n = tuple_size_v<A> > tuple_size_v<B> ? tuple_size_v<A> : tuple_size_v<B>;
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return make_tuple(coord_add(elem_or_zero<I>(a), elem_or_zero<I>(b))...);
    }(std::make_index_sequence<n>{});
  }
}
template <class X>
TESSEL_HOST_DEVICE constexpr auto as_coord(X const& x) {
  if constexpr (is_scaled_basis_v<X>) {
    return [&]<int... N>(ScaledBasis<decltype(x.value()), N...> const&) { return basis_coord<N...>(x.value()); }(x);
  } else {
    return x;
  }
}
template <class T>
TESSEL_HOST_DEVICE constexpr auto to_arithmetic(T const& t) {
  if constexpr (is_tuple_v<T> && !is_arithmetic_tuple_v<T>) {
    return [&]<class... E>(tuple<E...> const& u) { return ArithmeticTuple<E...>(u); }(t);
  } else {
    return t;
  }
}
template <class A, class B>
concept basis_operands = (is_scaled_basis_v<A> || is_arithmetic_tuple_v<A> || is_scaled_basis_v<B> || is_arithmetic_tuple_v<B>) &&
                         (is_scaled_basis_v<A> || is_arithmetic_tuple_v<A> || is_integral_v<A>) &&
                         (is_scaled_basis_v<B> || is_arithmetic_tuple_v<B> || is_integral_v<B>);
}  // namespace detail

// An integer times a basis element scales its value.
template <Integral I, class T, int... N>
TESSEL_HOST_DEVICE constexpr auto operator*(I const& i, ScaledBasis<T, N...> const& e) {
  return ScaledBasis<decltype(i * e.value()), N...>{i * e.value()};
}
template <class T, int... N, Integral I>
TESSEL_HOST_DEVICE constexpr auto operator*(ScaledBasis<T, N...> const& e, I const& i) {
  return ScaledBasis<decltype(e.value() * i), N...>{e.value() * i};
}
// Sums of basis elements and coordinates are coordinates (a zero integer adds nothing).
template <class A, class B> requires detail::basis_operands<A, B>
TESSEL_HOST_DEVICE constexpr auto operator+(A const& a, B const& b) {
  if constexpr (is_integral_v<A>) {
    static_assert(is_constant_v<0, A>, "tessel: adding a nonzero integer to a coordinate");
    return b;
  } else if constexpr (is_integral_v<B>) {
    static_assert(is_constant_v<0, B>, "tessel: adding a nonzero integer to a coordinate");
    return a;
  } else {
    return detail::to_arithmetic(detail::coord_add(detail::as_coord(a), detail::as_coord(b)));
  }
}

// An arithmetic tuple and a plain tuple add as two arithmetic tuples (CuTe's operator+ of
// ArithmeticTuple and tuple, in either order).
template <class... T, class... U>
TESSEL_HOST_DEVICE constexpr auto operator+(ArithmeticTuple<T...> const& a, tuple<U...> const& b) {
  return a + ArithmeticTuple<U...>(b);
}
template <class... T, class... U>
TESSEL_HOST_DEVICE constexpr auto operator+(tuple<T...> const& a, ArithmeticTuple<U...> const& b) {
  return ArithmeticTuple<T...>(a) + b;
}
// Negation and differences of arithmetic tuples, element by element (the shorter padded with zeros;
// a static zero subtracts nothing), as CuTe's.
namespace detail {
template <class A>
TESSEL_HOST_DEVICE constexpr auto coord_neg(A const& a) {
  if constexpr (is_tuple_v<A>) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) { return make_tuple(coord_neg(get<I>(a))...); }(
        std::make_index_sequence<tuple_size_v<A>>{});
  } else {
    return -a;
  }
}
}  // namespace detail
template <class... T>
TESSEL_HOST_DEVICE constexpr auto operator-(ArithmeticTuple<T...> const& a) {
  return detail::to_arithmetic(detail::coord_neg(a));
}
template <class... T, class... U>
TESSEL_HOST_DEVICE constexpr auto operator-(ArithmeticTuple<T...> const& a, ArithmeticTuple<U...> const& b) {
  return detail::to_arithmetic(detail::coord_add(a, detail::coord_neg(b)));
}
template <class... T, class... U>
TESSEL_HOST_DEVICE constexpr auto operator-(ArithmeticTuple<T...> const& a, tuple<U...> const& b) {
  return a - ArithmeticTuple<U...>(b);
}
template <class... T, class... U>
TESSEL_HOST_DEVICE constexpr auto operator-(tuple<T...> const& a, ArithmeticTuple<U...> const& b) {
  return ArithmeticTuple<T...>(a) - b;
}
template <auto v, class... U>
TESSEL_HOST_DEVICE constexpr auto operator-(C<v>, ArithmeticTuple<U...> const& b) {
  static_assert(v == 0, "tessel: subtracting a coordinate from a nonzero integer");
  return -b;
}
template <class... T, auto v>
TESSEL_HOST_DEVICE constexpr auto operator-(ArithmeticTuple<T...> const& a, C<v>) {
  static_assert(v == 0, "tessel: subtracting a nonzero integer from a coordinate");
  return a;
}

// composition(A, B) where B's strides are basis elements: each leaf s:(d@k)
// of B becomes mode k of A composed with s:d; the result keeps B's structure.
template <class X> struct has_basis : std::bool_constant<is_scaled_basis_v<X>> {};
template <class... X> struct has_basis<tuple<X...>> : std::bool_constant<(false || ... || has_basis<X>::value)> {};

// make_layout(shape, stride) where some strides are basis elements.
template <IntTuple S, class D> requires has_basis<D>::value
TESSEL_HOST_DEVICE constexpr auto make_layout(S const& s, D const& d) {
  static_assert(detail::congruent_t<S, D>::value, "tessel::make_layout: shape and stride are not congruent");
  detail::check_shape(s);
  return Layout<S, D>(s, d);
}

namespace detail {
template <class SA, class DA, class S, class D>
TESSEL_HOST_DEVICE constexpr auto compose_basis_leaf(Layout<SA, DA> const& a, S const& s, D const& d) {
  if constexpr (is_scaled_basis_v<D>) {
    return [&]<class T, int... N>(ScaledBasis<T, N...> const& e) {
      return composition(layout<std::size_t(N)...>(a), make_layout(s, e.value()));
    }(d);
  } else {
    return composition(a, make_layout(s, d));
  }
}
template <class SA, class DA, class S, class D>
TESSEL_HOST_DEVICE constexpr auto compose_basis(Layout<SA, DA> const& a, S const& s, D const& d) {
  if constexpr (is_tuple_v<S>) {
    auto parts = transform(s, d, [&](auto const& si, auto const& di) { return compose_basis(a, si, di); });
    return make_layout(transform(parts, [](auto const& l) { return l.shape(); }),
                       transform(parts, [](auto const& l) { return l.stride(); }));
  } else {
    return compose_basis_leaf(a, s, d);
  }
}
}  // namespace detail

template <class SA, class DA, class SB, class DB> requires has_basis<DB>::value
TESSEL_HOST_DEVICE constexpr auto composition(Layout<SA, DA> const& a, Layout<SB, DB> const& b) {
  return detail::compose_basis(a, b.shape(), b.stride());
}


// The basis-element strides of the shape's leaves: E<i> for mode i, E<i,j>
// for leaf j of mode i, and so on (E<> for an integer shape).
template <int... N, class S>
TESSEL_HOST_DEVICE constexpr auto make_basis_like(S const& s) {
  if constexpr (is_tuple_v<S>) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return make_tuple(make_basis_like<N..., int(I)>(get<I>(s))...);
    }(std::make_index_sequence<tuple_size_v<S>>{});
  } else {
    return E<N...>{};
  }
}

// The layout mapping every coordinate of the shape to itself (as a
// coordinate): the shape with basis strides.
template <class S>
TESSEL_HOST_DEVICE constexpr auto make_identity_layout(S const& s) {
  return make_layout(s, make_basis_like(s));
}

template <class T, int... N>
std::ostream& operator<<(std::ostream& os, ScaledBasis<T, N...> const& e) {
  detail::write(detail::ostream_sink{os}, e);
  return os;
}
template <class T, int... N>
TESSEL_HOST_DEVICE void print(ScaledBasis<T, N...> const& e) { detail::write(detail::printf_sink{}, e); }
template <class... T>
std::ostream& operator<<(std::ostream& os, ArithmeticTuple<T...> const& t) {
  return os << static_cast<tuple<T...> const&>(t);
}

// An iterator whose elements are coordinates: element x is start + x, for x
// an integer, a basis element or a coordinate (so a tensor over it with a
// layout of basis strides holds coordinates).
template <class T>
struct ArithmeticTupleIterator {
  using value_type = T;
  T coord_;
  TESSEL_HOST_DEVICE constexpr T operator*() const { return coord_; }
  template <class X>
  TESSEL_HOST_DEVICE constexpr auto operator[](X const& x) const { return coord_ + x; }
  template <class X>
  TESSEL_HOST_DEVICE constexpr auto operator+(X const& x) const {
    using R = std::remove_cvref_t<decltype(coord_ + x)>;
    return ArithmeticTupleIterator<R>{coord_ + x};
  }
};
template <class T>
std::ostream& operator<<(std::ostream& os, ArithmeticTupleIterator<T> const& it) {
  detail::ostream_sink{os}.str("ArithTuple");  // (through the sink: <iosfwd> is enough, print.hpp)
  return os << it.coord_;
}

}  // namespace tessel
