// tessel/algebra/helpers.hpp: layout utilities CuTe offers beside the core
// algebra: evenly_divides, ceil_div by a layout tiler, domain_distribute and
// max_alignment (of integers and layouts).
#pragma once

#include "algebra.hpp"
#include "../tuple/algorithms.hpp"

namespace TESSEL_NAMESPACE {

// ceil_div(target, tiler) for a layout tiler: the shape of the tiles'
// arrangement, i.e. the shape of the complement of the tiler in the target.
template <class T, class S, class D>
TESSEL_HOST_DEVICE constexpr auto ceil_div(T const& target, Layout<S, D> const& tiler) {
  return shape(complement(tiler, shape(target)));
}

// evenly_divides(shape, tiler): whether the tiler tiles the shape with no
// partial tile. A tuple tiler is matched mode by mode (it may not have more
// modes than the shape); an integer or layout tiler against the whole shape.
// Static where the shape and the tiler are.
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto evenly_divides(A const& a, B const& b) {
  if constexpr (is_tuple_v<B>) {
    if constexpr (tuple_size_v<B> > std::size_t(decltype(rank(a))::value)) {
      return false_type{};
    } else {
      return transform_apply(b, a, [](auto const& x, auto const& y) { return evenly_divides(y, x); },
                             [](auto const&... r) { return (true_type{} && ... && r); });
    }
  } else {
    return size(a) == size(b) * size(ceil_div(shape(a), b));
  }
}

// domain_distribute(shape, n): a layout of n (a static integer) coordinates of
// the static shape taken greedily from its leaves in column-major order (as
// many of each leaf as divide what is left of n), as indices into the shape.
// Its size may be less than n where the shape's leaves do not allow n.
template <class A, class B>
TESSEL_HOST_DEVICE constexpr auto domain_distribute(A const& a, B const& b) {
  static_assert(StaticInt<B>, "tessel::domain_distribute: the count must be a static integer");
  auto flat = flatten(shape(a));
  static_assert(is_static_v<decltype(flat)>, "tessel::domain_distribute: the shape must be static");
  auto picked = fold(wrap(flat), make_tuple(tuple<>{}, size(b)), [](auto acc, auto leaf) {
    auto g = gcd(leaf, get<1>(acc));
    return make_tuple(append(get<0>(acc), g), get<1>(acc) / g);
  });
  return coalesce(make_layout(get<0>(picked), compact_col_major(wrap(flat))));
}

// max_alignment(x): the largest power of two dividing every value x can take.
// A static integer is its own alignment (CuTe's convention); a layout's is the
// alignment of its static part's contiguous run.
template <auto v>
TESSEL_HOST_DEVICE constexpr C<v> max_alignment(C<v> const& c) { return c; }

template <class S, class D>
TESSEL_HOST_DEVICE constexpr auto max_alignment(Layout<S, D> const& l) {
  auto flat = coalesce(l);
  auto st_shape = transform(wrap(flat.shape()), [](auto s) {
    if constexpr (is_static_v<decltype(s)>) return s; else return Int<1>{};
  });
  auto st_stride = transform(wrap(flat.stride()), [](auto d) {
    if constexpr (is_static_v<decltype(d)>) return d; else return Int<0>{};
  });
  auto filtered = make_layout(st_shape, st_stride);
  auto permuted = logical_divide(filtered, right_inverse(filtered));
  return gcd(size<0>(permuted), stride<1>(permuted));
}

}  // namespace tessel
