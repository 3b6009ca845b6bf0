// tessel/atom/util.hpp: small layout and tensor helpers the atoms are built
// from (in tessel::detail::atoms, so that they cannot collide with names the
// other layers add), and the CuTe names the atoms' users need: group_modes,
// make_identity_tensor, elem_less.
#pragma once

#include <cstddef>

#include "../tensor/tensor.hpp"
#include "../tensor/algorithm.hpp"

namespace TESSEL_NAMESPACE {

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

// compose0(L, X) = L o (X, _): the first mode of L composed with X, the rest kept. Computed mode
// by mode, as a by-mode tiler is defined: only mode 0 goes through the composition, so a rest mode
// of dynamic size (a tile's k count) does not keep mode 0 (static shapes, dynamic strides) off the
// fast path, which would run the engine in device code (algebra/fast_path.hpp).
template <class S, class D, class X>
TESSEL_HOST_DEVICE constexpr auto compose0(Layout<S, D> const& l, X const& x) {
  if constexpr (Layout<S, D>::rank < 2) {
    return composition(l, make_tile(x, Underscore{}));
  } else {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return make_layout(composition(layout<0>(l), x), layout<I + 1>(l)...);
    }(std::make_index_sequence<std::size_t(Layout<S, D>::rank) - 1>{});
  }
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

// The drawings' cells (print_latex, print_svg): f(t, v, row, col) once per
// cell of a rows x cols tile (column-major index) that the TV layout reaches,
// for the first (thread, value) that reaches it, threads then values in order.
// Host code.
template <class TV, class F>
void for_each_first_cell(TV const& tv, int rows, int cols, F&& f) {
  struct marks {  // rows * cols flags, zeroed (not a std::vector: <vector> costs every program ~0.2 s)
    char* p;
    ~marks() { delete[] p; }
    char& operator[](std::size_t i) const { return p[i]; }
  } const filled{new char[std::size_t(rows) * std::size_t(cols)]()};
  for (int t = 0; t < int(size<0>(tv)); ++t) {
    for (int v = 0; v < int(size<1>(tv)); ++v) {
      long long const idx = static_cast<long long>(tv(t, v));
      if (filled[std::size_t(idx)]) continue;
      filled[std::size_t(idx)] = 1;
      f(t, v, int(idx % rows), int(idx / rows));
    }
  }
}

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

// make_identity_tensor and elem_less are the CuTe-form ones of
// tensor/counting.hpp and tuple/algorithms.hpp.

}  // namespace tessel
