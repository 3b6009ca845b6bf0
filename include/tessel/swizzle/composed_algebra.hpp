// tessel/swizzle/composed_algebra.hpp: the layout algebra on composed layouts
// A o offset o L (swizzled shared-memory layouts), with CuTe's names and
// results. A function of the domain (a tiling, a product, coalesce, filter,
// tile_to_shape) acts on the inner layout L and keeps A and the offset; the
// inverses move the swizzle to the other side (a swizzle is its own inverse,
// and L' o Sw is rewritten Sw' o L' where L' maps the swizzle's bits to bits).
// Built on the typed algebra's public functions.
#pragma once

#include "../algebra/helpers.hpp"
#include "composed_layout.hpp"

namespace TESSEL_NAMESPACE {

// composition(A, offset, L): the composed layout A o offset o L; with a
// swizzle of no bits and a zero offset, L itself.
template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto composition(A const& a, O const& offset, L const& l) {
  if constexpr (is_swizzle_v<A> && is_constant_v<0, O>) {
    if constexpr (A::num_bits == 0) return l; else return make_composed_layout(a, offset, l);
  } else {
    return make_composed_layout(a, offset, l);
  }
}

// composition(Sw<0,M,S>, L): a swizzle of no bits is the identity.
template <int M, int S, class Sh, class D>
TESSEL_HOST_DEVICE constexpr auto composition(Swizzle<0, M, S> const&, Layout<Sh, D> const& l) { return l; }

// composition(L, Sw): L o Sw as Sw' o L, where Sw' XORs L's image of Sw's
// source bits into L's image of its target bits. Exact when L maps each of
// those bits to a single bit (a static layout of power-of-two strides).
template <class Sh, class D, int B, int M, int S>
TESSEL_HOST_DEVICE constexpr auto composition(Layout<Sh, D> const& l, Swizzle<B, M, S> const&) {
  static_assert(is_static_v<Layout<Sh, D>>, "tessel::composition(Layout, Swizzle): the layout must be static");
  using Sw = Swizzle<B, M, S>;
  constexpr auto y = static_cast<long long>(decltype(l(C<int(Sw::yyy_msk)>{}))::value);
  constexpr auto z = static_cast<long long>(decltype(l(C<int(Sw::zzz_msk)>{}))::value);
  static_assert(y >= 0 && z >= 0, "tessel::composition(Layout, Swizzle): negative image of the swizzle's bits");
  return composition(make_swizzle<unsigned(y), unsigned(z)>(), l);
}

// composition(L, A o offset o M) with a zero offset: (L o A) o M.
template <class Sh, class D, class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto composition(Layout<Sh, D> const& l, ComposedLayout<A, O, L> const& c) {
  static_assert(is_constant_v<0, O>, "tessel::composition(Layout, ComposedLayout): only with a zero offset");
  return composition(composition(l, c.layout_a()), c.layout_b());
}

// The inverse of an offset (a translation) is the opposite translation.
template <Integral T>
TESSEL_HOST_DEVICE constexpr auto right_inverse(T const& t) { return -t; }
template <Integral T>
TESSEL_HOST_DEVICE constexpr auto left_inverse(T const& t) { return -t; }

// right_inverse(Sw o offset o L) = L^-1 o (-offset) o Sw (the swizzle is its
// own inverse), rewritten with the swizzle outermost where the offset is 0.
template <int B, int M, int S, class O, class L>
TESSEL_HOST_DEVICE constexpr auto right_inverse(ComposedLayout<Swizzle<B, M, S>, O, L> const& c) {
  if constexpr (is_constant_v<0, O>) {
    return composition(right_inverse(c.layout_b()), c.layout_a());
  } else {
    return composition(right_inverse(c.layout_b()), right_inverse(c.offset()), right_inverse(c.layout_a()));
  }
}
// left_inverse(Sw o offset o L), likewise.
template <int B, int M, int S, class O, class L>
TESSEL_HOST_DEVICE constexpr auto left_inverse(ComposedLayout<Swizzle<B, M, S>, O, L> const& c) {
  if constexpr (is_constant_v<0, O>) {
    return composition(left_inverse(c.layout_b()), c.layout_a());
  } else {
    return composition(left_inverse(c.layout_b()), left_inverse(c.offset()), left_inverse(c.layout_a()));
  }
}

// complement of A o offset o L: that of L (the outer function permutes the
// codomain, so the layout's domain arrangement is L's).
template <class A, class O, class L, class M>
TESSEL_HOST_DEVICE constexpr auto complement(ComposedLayout<A, O, L> const& c, M const& cotarget) {
  return complement(c.layout_b(), cotarget);
}
template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto complement(ComposedLayout<A, O, L> const& c) {
  return complement(c, cosize(c));
}

// Operations on the domain: applied to the inner layout, keeping A and offset.
#define TESSEL_ON_INNER1(NAME)                                                              \
  template <class A, class O, class L>                                                      \
  TESSEL_HOST_DEVICE constexpr auto NAME(ComposedLayout<A, O, L> const& c) {                \
    return composition(c.layout_a(), c.offset(), NAME(c.layout_b()));                       \
  }
#define TESSEL_ON_INNER2(NAME)                                                              \
  template <class A, class O, class L, class T>                                             \
  TESSEL_HOST_DEVICE constexpr auto NAME(ComposedLayout<A, O, L> const& c, T const& t) {    \
    return composition(c.layout_a(), c.offset(), NAME(c.layout_b(), t));                    \
  }
TESSEL_ON_INNER1(coalesce)
TESSEL_ON_INNER2(coalesce)
TESSEL_ON_INNER1(filter)
TESSEL_ON_INNER2(filter)
TESSEL_ON_INNER1(flatten)
TESSEL_ON_INNER2(blocked_product)
TESSEL_ON_INNER2(raked_product)
#undef TESSEL_ON_INNER1
#undef TESSEL_ON_INNER2

// tile_to_shape(A o offset o L, shape[, order]): L tiled to the shape.
template <class A, class O, class L, class T>
TESSEL_HOST_DEVICE constexpr auto tile_to_shape(ComposedLayout<A, O, L> const& c, T const& target) {
  return composition(c.layout_a(), c.offset(), tile_to_shape(c.layout_b(), target));
}
template <class A, class O, class L, class T, class Ord>
TESSEL_HOST_DEVICE constexpr auto tile_to_shape(ComposedLayout<A, O, L> const& c, T const& target, Ord const& order) {
  return composition(c.layout_a(), c.offset(), tile_to_shape(c.layout_b(), target, order));
}

// Modes [B, E) of the inner layout; modes [B, E) grouped into one.
template <std::size_t B, std::size_t E, class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto take(ComposedLayout<A, O, L> const& c) {
  return composition(c.layout_a(), c.offset(), take<B, E>(c.layout_b()));
}
template <std::size_t B, std::size_t E, class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto group(ComposedLayout<A, O, L> const& c) {
  return composition(c.layout_a(), c.offset(), group<B, E>(c.layout_b()));
}

// The largest power of two dividing every value: 2^M for a swizzle (it leaves
// the lowest M bits alone); the common alignment of the parts for a swizzled
// layout; 1 for any other composed layout.
template <int B, int M, int S>
TESSEL_HOST_DEVICE constexpr auto max_alignment(Swizzle<B, M, S> const&) { return Int<(1 << M)>{}; }
template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto max_alignment(ComposedLayout<A, O, L> const& c) {
  if constexpr (is_swizzle_v<A>) {
    return gcd(max_alignment(c.layout_a()), gcd(max_alignment(c.offset()), max_alignment(c.layout_b())));
  } else {
    return Int<1>{};
  }
}

// nullspace of a composed layout: not attempted (as CuTe), the trivial _1:_0.
template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto nullspace(ComposedLayout<A, O, L> const&) { return Layout<Int<1>, Int<0>>{}; }

// upcast<N> / downcast<N> of a swizzle: the same bit permutation on indices
// of elements N times wider / narrower (its base moves by log2 N bits).
template <int N, int B, int M, int S>
TESSEL_HOST_DEVICE constexpr auto upcast(Swizzle<B, M, S> const&) {
  static_assert(N > 0 && (N & (N - 1)) == 0, "tessel::upcast: N must be a power of two");
  constexpr int log2n = detail::lowest_bit(unsigned(N));
  if constexpr (M - log2n >= 0) return Swizzle<B, M - log2n, S>{};
  else return Swizzle<(B + M - log2n > 0 ? B + M - log2n : 0), 0, S>{};
}
template <int N, int B, int M, int S>
TESSEL_HOST_DEVICE constexpr auto downcast(Swizzle<B, M, S> const&) {
  static_assert(N > 0 && (N & (N - 1)) == 0, "tessel::downcast: N must be a power of two");
  return Swizzle<B, M + detail::lowest_bit(unsigned(N)), S>{};
}

}  // namespace tessel
