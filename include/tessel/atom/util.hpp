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

// Whether every mode of the layout L whose size is static is a multiple of
// the size of the same mode of the tile T (a shape or a tile of layouts);
// modes of dynamic size are not checked (their edges need predication).
template <class L, class T>
TESSEL_HOST_DEVICE constexpr bool static_modes_divide() {
  if constexpr (!is_tuple_v<T>) {
    return static_modes_divide<L, tuple<T>>();
  } else {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      auto one = [](auto i) {
        constexpr std::size_t J = decltype(i)::value;
        if constexpr (J >= std::size_t(L::rank)) {
          return true;
        } else {
          using N = decltype(size<J>(L{}));
          using E = std::remove_cvref_t<decltype(get<J>(T{}))>;
          if constexpr (!StaticInt<N> || is_underscore_v<E>) return true;
          else return N::value % decltype(size(E{}))::value == 0;
        }
      };
      return (true && ... && one(std::integral_constant<std::size_t, I>{}));
    }(std::make_index_sequence<tuple_size_v<T>>{});
  }
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

namespace detail::atoms {
// The bits of an identity tensor's offset given to each mode of a rank-R shape.
template <int R> inline constexpr int coord_bits = R == 1 ? 62 : 62 / R;
}  // namespace detail::atoms

// An iterator over coordinates: the element at offset i has, in mode j, the
// coordinate (i >> (j B)) & (2^B - 1) (B = coord_bits<R>). With the strides
// 2^(j B) (make_identity_tensor) the offset of coordinate c is c's bits side
// by side, so a coordinate past the end of a mode (in a partial tile at the
// edge of a matrix) stays itself instead of wrapping into the next mode, as
// CuTe's identity tensors (an ArithmeticTuple iterator with basis strides),
// whose values these are.
template <int R>
struct coord_iterator {
  using value_type = std::conditional_t<R == 1, int, decltype(detail::atoms::underscores_tuple<R>())>;
  using reference = value_type;
  using memory_tag = rmem_tag;
  long long offset_ = 0;
  TESSEL_HOST_DEVICE constexpr auto operator*() const { return (*this)[0]; }
  template <class I>
  TESSEL_HOST_DEVICE constexpr auto operator[](I const& i) const {
    long long const o = offset_ + static_cast<long long>(i);
    constexpr int B = detail::atoms::coord_bits<R>;
    if constexpr (R == 1) {
      return int(o);
    } else {
      return [&]<std::size_t... J>(std::index_sequence<J...>) {
        return make_tuple(int((o >> (int(J) * B)) & ((1LL << B) - 1))...);
      }(std::make_index_sequence<R>{});
    }
  }
  template <class I>
  TESSEL_HOST_DEVICE constexpr coord_iterator operator+(I const& i) const { return {offset_ + static_cast<long long>(i)}; }
};
template <int R> struct memory_tag_of<coord_iterator<R>> { using type = rmem_tag; };

// make_identity_tensor(shape): the tensor whose element at coordinate c is c
// (a flat shape: an integer or a tuple of integers). Partition it like the
// data tensor to know the coordinates of a thread's values, for predication
// at the edges (elem_less(coordinate, shape)). Each coordinate must stay
// below 2^B (B = 62 / rank bits: 2^31 for rank 2).
template <class Sh>
TESSEL_HOST_DEVICE constexpr auto make_identity_tensor(Sh const& s) {
  if constexpr (is_tuple_v<Sh>) {
    constexpr int R = int(tuple_size_v<Sh>);
    static_assert(R >= 1 && R <= 4, "tessel::make_identity_tensor: a shape of rank 1 to 4");
    auto stride = [&]<std::size_t... J>(std::index_sequence<J...>) {
      return make_stride((1LL << (int(J) * detail::atoms::coord_bits<R>))...);
    }(std::make_index_sequence<R>{});
    [&]<std::size_t... J>(std::index_sequence<J...>) {
      static_assert((true && ... && !is_tuple_v<std::remove_cvref_t<decltype(get<J>(s))>>),
                    "tessel::make_identity_tensor: the shape must be flat (integers)");
      [[maybe_unused]] bool const fits = (true && ... && (static_cast<long long>(get<J>(s)) < (1LL << detail::atoms::coord_bits<R>)));
      TESSEL_CHECK(fits, "make_identity_tensor: a mode is too large for the coordinate's bits");
    }(std::make_index_sequence<R>{});
    return make_view(coord_iterator<R>{0}, make_layout(s, stride));
  } else {
    return make_view(coord_iterator<1>{0}, make_layout(s));
  }
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
