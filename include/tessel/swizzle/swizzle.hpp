// tessel/swizzle/swizzle.hpp: bit swizzles Swizzle<B,M,S> and composed
// layouts (A o offset o B), the shape of swizzled shared-memory layouts.
#pragma once

#include "../tensor/tensor.hpp"

namespace tessel {

// Swizzle<B,M,S>(x) = x ^ ((x & yyy) >> S): the B bits starting at bit M+S
// (yyy) are XORed into the B bits starting at bit M (zzz). With |S| >= B the
// two bit fields do not overlap, so the swizzle is a bijection of every range
// [0, 2^k) with k >= M+S+B, and its own inverse. Prints as Sw<B,M,S>.
template <int B, int M, int S = B>
struct Swizzle {
  static_assert(B >= 0, "tessel::Swizzle: B (number of bits) must be >= 0");
  static_assert(M >= 0, "tessel::Swizzle: M (base) must be >= 0");
  static_assert((S < 0 ? -S : S) >= B, "tessel::Swizzle: |S| must be at least B (the two bit fields may not overlap)");
  static constexpr int num_bits = B;
  static constexpr int num_base = M;
  static constexpr int num_shft = S;
  static constexpr unsigned bit_msk = (1u << B) - 1u;
  static constexpr unsigned yyy_msk = bit_msk << (M + (S > 0 ? S : 0));
  static constexpr unsigned zzz_msk = bit_msk << (M - (S < 0 ? S : 0));
  static constexpr unsigned swizzle_code = yyy_msk | zzz_msk;

  template <class Offset>
  TESSEL_HOST_DEVICE static constexpr auto apply(Offset const& x) {
    if constexpr (StaticInt<Offset>) {
      return C<apply(Offset::value)>{};
    } else {
      using T = Offset;
      if constexpr (S >= 0) return T(x ^ ((x & T(yyy_msk)) >> S));
      else return T(x ^ ((x & T(yyy_msk)) << (-S)));
    }
  }
  template <class Offset>
  TESSEL_HOST_DEVICE constexpr auto operator()(Offset const& x) const { return apply(x); }
  // The smallest domain [0, 2^k) it permutes.
  static constexpr int domain_bits = M + (S > 0 ? S : -S) + B;
};

template <class T> struct is_swizzle : std::false_type {};
template <int B, int M, int S> struct is_swizzle<Swizzle<B, M, S>> : std::true_type {};
template <class T> inline constexpr bool is_swizzle_v = is_swizzle<std::remove_cvref_t<T>>::value;

// A swizzle is its own inverse.
template <int B, int M, int S>
TESSEL_HOST_DEVICE constexpr auto inverse(Swizzle<B, M, S>) { return Swizzle<B, M, S>{}; }
template <int B, int M, int S>
TESSEL_HOST_DEVICE constexpr auto right_inverse(Swizzle<B, M, S>) { return Swizzle<B, M, S>{}; }
template <int B, int M, int S>
TESSEL_HOST_DEVICE constexpr auto left_inverse(Swizzle<B, M, S>) { return Swizzle<B, M, S>{}; }

// make_swizzle<YMask, ZMask>(): the swizzle XORing the bits of YMask into those
// of ZMask (contiguous masks of the same width, not overlapping).
namespace detail {
TESSEL_HOST_DEVICE constexpr int popcount(unsigned x) { int n = 0; for (; x; x &= x - 1) ++n; return n; }
TESSEL_HOST_DEVICE constexpr int lowest_bit(unsigned x) { int n = 0; if (!x) return 0; while (!(x & 1u)) { x >>= 1; ++n; } return n; }
}  // namespace detail
template <unsigned YMask, unsigned ZMask>
TESSEL_HOST_DEVICE constexpr auto make_swizzle() {
  constexpr int b = detail::popcount(YMask);
  static_assert(b == detail::popcount(ZMask), "tessel::make_swizzle: the two masks must have the same number of bits");
  static_assert((YMask & ZMask) == 0, "tessel::make_swizzle: the masks overlap");
  constexpr int y = detail::lowest_bit(YMask), z = detail::lowest_bit(ZMask);
  static_assert(YMask == (((1u << b) - 1u) << y) && ZMask == (((1u << b) - 1u) << z),
                "tessel::make_swizzle: each mask must be one run of bits");
  if constexpr (y >= z) return Swizzle<b, z, y - z>{};
  else return Swizzle<b, y, y - z>{};
}

template <int B, int M, int S>
TESSEL_HOST_DEVICE void print(Swizzle<B, M, S> const& sw) { detail::write(detail::printf_sink{}, sw); }
template <int B, int M, int S>
std::ostream& operator<<(std::ostream& os, Swizzle<B, M, S> const& sw) {
  detail::write(detail::ostream_sink{os}, sw);
  return os;
}

// ---- ComposedLayout -------------------------------------------------------------------------------

// ComposedLayout<A, Offset, L>: c -> A(offset + L(c)). Its shape is L's; A is
// any function of an index (a Swizzle, a Layout). Slicing keeps the offset
// inside, since A need not be linear.
template <class A, class Offset, class L>
struct ComposedLayout {
  using shape_type = typename L::shape_type;
  static constexpr int rank = L::rank;
  [[no_unique_address]] A outer_;
  [[no_unique_address]] Offset offset_;
  [[no_unique_address]] L inner_;

  TESSEL_HOST_DEVICE constexpr A const& layout_a() const { return outer_; }
  TESSEL_HOST_DEVICE constexpr Offset const& offset() const { return offset_; }
  TESSEL_HOST_DEVICE constexpr L const& layout_b() const { return inner_; }
  TESSEL_HOST_DEVICE constexpr ComposedLayout const& layout() const { return *this; }
  template <std::size_t... I>
  TESSEL_HOST_DEVICE constexpr auto shape() const { return inner_.template shape<I...>(); }

  template <class Crd>
  TESSEL_HOST_DEVICE constexpr auto operator()(Crd const& c) const {
    if constexpr (has_underscore_v<Crd>) {
      auto [l, off] = slice_and_offset(c, inner_);
      return ComposedLayout<A, decltype(offset_ + off), decltype(l)>{outer_, offset_ + off, l};
    } else {
      return outer_(offset_ + inner_(c));
    }
  }
  template <class C0, class C1, class... Cs>
  TESSEL_HOST_DEVICE constexpr auto operator()(C0 const& c0, C1 const& c1, Cs const&... cs) const {
    return operator()(make_coord(c0, c1, cs...));
  }
};

template <class T> struct is_composed_layout : std::false_type {};
template <class A, class O, class L> struct is_composed_layout<ComposedLayout<A, O, L>> : std::true_type {};
template <class T> inline constexpr bool is_composed_layout_v = is_composed_layout<std::remove_cvref_t<T>>::value;
template <class A, class O, class L> struct has_custom_get<ComposedLayout<A, O, L>> : std::true_type {};

template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto make_composed_layout(A const& a, O const& o, L const& l) {
  return ComposedLayout<A, O, L>{a, o, l};
}

// composition(Swizzle, L) = Sw o _0 o L.
template <int B, int M, int S, class Sh, class D>
TESSEL_HOST_DEVICE constexpr auto composition(Swizzle<B, M, S> const& sw, Layout<Sh, D> const& l) {
  return make_composed_layout(sw, Int<0>{}, l);
}
// composition(A o off o L, T) = A o off o (L o T): tiling acts on the inner layout.
template <class A, class O, class L, class T>
TESSEL_HOST_DEVICE constexpr auto composition(ComposedLayout<A, O, L> const& c, T const& t) {
  return make_composed_layout(c.layout_a(), c.offset(), composition(c.layout_b(), t));
}
#define TESSEL_COMPOSED_TILING(NAME)                                                        \
  template <class A, class O, class L, class T>                                             \
  TESSEL_HOST_DEVICE constexpr auto NAME(ComposedLayout<A, O, L> const& c, T const& t) {    \
    return make_composed_layout(c.layout_a(), c.offset(), NAME(c.layout_b(), t));           \
  }
TESSEL_COMPOSED_TILING(logical_divide)
TESSEL_COMPOSED_TILING(zipped_divide)
TESSEL_COMPOSED_TILING(tiled_divide)
TESSEL_COMPOSED_TILING(flat_divide)
TESSEL_COMPOSED_TILING(logical_product)
TESSEL_COMPOSED_TILING(zipped_product)
TESSEL_COMPOSED_TILING(tiled_product)
TESSEL_COMPOSED_TILING(flat_product)
#undef TESSEL_COMPOSED_TILING

// slice_and_offset(c, A o off o L): the slice keeps its offset inside (A is
// not linear), so the iterator offset is 0.
template <class Crd, class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto slice_and_offset(Crd const& c, ComposedLayout<A, O, L> const& cl) {
  return make_tuple(cl(c), Int<0>{});
}
template <std::size_t... I, class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto get(ComposedLayout<A, O, L> const& c) {
  return make_composed_layout(c.layout_a(), c.offset(), get<I...>(c.layout_b()));
}
template <std::size_t... I, class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto layout(ComposedLayout<A, O, L> const& c) {
  if constexpr (sizeof...(I) == 0) return c; else return get<I...>(c);
}
// cosize: the largest index reached plus one (enumerated; composed layouts are small).
template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto cosize(ComposedLayout<A, O, L> const& c) {
  long long m = 0;
  for (long long i = 0; i < static_cast<long long>(size(c.layout_b())); ++i) {
    long long v = static_cast<long long>(c(i));
    m = v > m ? v : m;
  }
  return m + 1;
}

template <class A, class O, class L>
TESSEL_HOST_DEVICE void print(ComposedLayout<A, O, L> const& c) { detail::write(detail::printf_sink{}, c); }
template <class A, class O, class L>
std::ostream& operator<<(std::ostream& os, ComposedLayout<A, O, L> const& c) {
  detail::write(detail::ostream_sink{os}, c);
  return os;
}

}  // namespace tessel
