// tessel/atom/util.hpp: small layout and tensor helpers the atoms are built
// from (in tessel::detail::atoms, so that they cannot collide with names the
// other layers add), and the CuTe names the atoms' users need: group_modes,
// make_identity_tensor, elem_less.
#pragma once

#include "../tensor/tensor.hpp"
#include "../tensor/algorithm.hpp"

namespace tessel {

namespace detail::atoms {

// A tuple of N underscores (N = 1: the underscore itself).
template <int N>
TESSEL_HOST_DEVICE constexpr auto underscores() {
  if constexpr (N == 1) return Underscore{};
  else return [&]<std::size_t... I>(std::index_sequence<I...>) { return make_tuple(((void)I, Underscore{})...); }(std::make_index_sequence<N>{});
}

// A tuple of N underscores (always a tuple, N >= 1).
template <int N>
TESSEL_HOST_DEVICE constexpr auto underscores_tuple() {
  return [&]<std::size_t... I>(std::index_sequence<I...>) { return make_tuple(((void)I, Underscore{})...); }(std::make_index_sequence<N>{});
}

// (size of each top-level mode of shape s): (product(s0), product(s1), ...).
template <class S>
TESSEL_HOST_DEVICE constexpr auto product_each(S const& s) {
  return transform(wrap(s), [](auto const& x) { return product(x); });
}

// with_shape(L, s) = L o make_layout(s): the same function seen through the shape s.
template <class S, class D, class Sh>
TESSEL_HOST_DEVICE constexpr auto with_shape(Layout<S, D> const& l, Sh const& s) {
  return composition(l, make_layout(s));
}

// compose0(L, X) = L o (X, _): the first mode of L composed with X, the rest kept.
template <class S, class D, class X>
TESSEL_HOST_DEVICE constexpr auto compose0(Layout<S, D> const& l, X const& x) {
  return composition(l, make_tile(x, Underscore{}));
}

// zip of a rank-2 layout of rank-2 modes: ((a,b),(c,d)) -> ((a,c),(b,d)).
template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto zip2(Layout<S, D> const& l) {
  auto m0 = layout<0>(l);
  auto m1 = layout<1>(l);
  static_assert(decltype(m0)::rank == 2 && decltype(m1)::rank == 2, "tessel: zip2 needs ((a,b),(c,d))");
  return make_layout(make_layout(layout<0>(m0), layout<0>(m1)), make_layout(layout<1>(m0), layout<1>(m1)));
}

// The static value of an integer type (for static_assert messages).
template <class I> inline constexpr long long value_of = I::value;

}  // namespace detail::atoms

// group_modes<B,E>(t): t with its modes [B, E) grouped into one mode (a view).
template <std::size_t B, std::size_t E, class En, class L>
TESSEL_HOST_DEVICE constexpr auto group_modes(Tensor<En, L> const& t) {
  return make_view(t.data(), group<B, E>(t.layout()));
}
template <std::size_t B, std::size_t E, class S, class D>
TESSEL_HOST_DEVICE constexpr auto group_modes(Layout<S, D> const& l) {
  return group<B, E>(l);
}

// ---- identity tensors: the coordinates of a shape ------------------------------------------------

// An iterator over the coordinates of a shape in colexicographic order: the
// element at offset i is idx2crd(i, shape). With a compact column-major
// layout of the same shape this is CuTe's identity tensor (CuTe builds it from
// an ArithmeticTuple iterator and basis strides; the values are the same).
template <class Sh>
struct coord_iterator {
  using value_type = decltype(idx2crd(0, std::declval<Sh>()));
  using reference = value_type;
  using memory_tag = rmem_tag;
  Sh shape_;
  long long offset_ = 0;
  TESSEL_HOST_DEVICE constexpr value_type operator*() const { return idx2crd(int(offset_), shape_); }
  template <class I>
  TESSEL_HOST_DEVICE constexpr value_type operator[](I const& i) const { return idx2crd(int(offset_ + i), shape_); }
  template <class I>
  TESSEL_HOST_DEVICE constexpr coord_iterator operator+(I const& i) const { return {shape_, offset_ + i}; }
};
template <class Sh> struct memory_tag_of<coord_iterator<Sh>> { using type = rmem_tag; };

// make_identity_tensor(shape): the tensor whose element at coordinate c is c
// (its natural coordinate in shape). Partition it like the data tensor to
// know which coordinates a thread's values have (for predication at edges).
template <class Sh>
TESSEL_HOST_DEVICE constexpr auto make_identity_tensor(Sh const& s) {
  return make_view(coord_iterator<Sh>{s, 0}, make_layout(s));
}

// elem_less(a, b): every integer of the coordinate a is less than the one of b
// at the same place (a inside the shape b).
template <class A, class B>
TESSEL_HOST_DEVICE constexpr bool elem_less(A const& a, B const& b) {
  if constexpr (is_tuple_v<A>) {
    static_assert(tuple_size_v<A> == tuple_size_v<B>, "tessel::elem_less: the coordinate and the shape differ in rank");
    return [&]<std::size_t... I>(std::index_sequence<I...>) { return (true && ... && elem_less(get<I>(a), get<I>(b))); }(
        std::make_index_sequence<tuple_size_v<A>>{});
  } else {
    return a < b;
  }
}

}  // namespace tessel
