// tessel/swizzle/swizzle.hpp: bit swizzles Swizzle<B,M,S> and composed
// layouts (A o offset o B), the shape of swizzled shared-memory layouts.
#pragma once

#include "../tensor/algorithm.hpp"
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

// max_common_layout(Sw o off o L, B): the common run of L and B, cut to the
// 2^M elements that the swizzle leaves contiguous (it only changes bits >= M),
// and to the alignment of a static offset (a run at off + R(i) stays
// contiguous only within one aligned block of 2^M). Here the run is contiguous
// from the composed layout's first element: A(R(i)) == A(R(0)) + i (A(R(0)) is
// 0 when the offset is). A dynamic offset gives _1:_0. As CuTe's (which
// ignores the offset).
namespace detail {
template <int M, class O>
TESSEL_HOST_DEVICE constexpr int swizzle_run_bits() {
  if constexpr (!StaticInt<O>) {
    return 0;
  } else {
    constexpr unsigned long long v = static_cast<unsigned long long>(O::value);
    constexpr int low = v == 0 ? M : lowest_bit(static_cast<unsigned>(v));
    return low < M ? low : M;
  }
}
template <int Bits, class Common>
TESSEL_HOST_DEVICE constexpr auto truncate_common(Common const& common) {
  if constexpr ((1ll << Bits) < static_cast<long long>(decltype(size(common))::value)) {
    return composition(common, Layout<Int<(1 << Bits)>>{});
  } else {
    return common;
  }
}
}  // namespace detail
template <int B, int M, int S, class O, class L, class S1, class D1>
TESSEL_HOST_DEVICE constexpr auto max_common_layout(ComposedLayout<Swizzle<B, M, S>, O, L> const& a, Layout<S1, D1> const& b) {
  if constexpr (!StaticInt<O>) {
    return Layout<Int<1>, Int<0>>{};
  } else {
    return detail::truncate_common<detail::swizzle_run_bits<M, O>()>(max_common_layout(a.layout_b(), b));
  }
}
template <class S0, class D0, int B, int M, int S, class O, class L>
TESSEL_HOST_DEVICE constexpr auto max_common_layout(Layout<S0, D0> const& a, ComposedLayout<Swizzle<B, M, S>, O, L> const& b) {
  return max_common_layout(b, a);
}
// Two swizzled layouts: only when they apply the same swizzle.
template <int B0, int M0, int S0, class O0, class L0, int B1, int M1, int S1, class O1, class L1>
TESSEL_HOST_DEVICE constexpr auto max_common_layout(ComposedLayout<Swizzle<B0, M0, S0>, O0, L0> const& a,
                                                    ComposedLayout<Swizzle<B1, M1, S1>, O1, L1> const& b) {
  if constexpr (!StaticInt<O0> || !StaticInt<O1> || !(B0 == B1 && M0 == M1 && S0 == S1)) {
    return Layout<Int<1>, Int<0>>{};
  } else {
    constexpr int bits0 = detail::swizzle_run_bits<M0, O0>(), bits1 = detail::swizzle_run_bits<M1, O1>();
    return detail::truncate_common<(bits0 < bits1 ? bits0 : bits1)>(max_common_layout(a.layout_b(), b.layout_b()));
  }
}
template <class A0, class O0, class L0, class X>
TESSEL_HOST_DEVICE constexpr auto max_common_vector(ComposedLayout<A0, O0, L0> const& a, X const& b) {
  return size(max_common_layout(a, b));
}
template <class S0, class D0, class A1, class O1, class L1>
TESSEL_HOST_DEVICE constexpr auto max_common_vector(Layout<S0, D0> const& a, ComposedLayout<A1, O1, L1> const& b) {
  return size(max_common_layout(a, b));
}
// ---- copy to and from swizzled tensors ---------------------------------------------------------------
//
// copy(src, dst) where either layout is a ComposedLayout (a swizzled
// shared-memory tile): dst(i) = src(i) for every 1-D coordinate i, vectorised
// like the plain copy when both layouts are static, with vectors cut to the
// runs the swizzle keeps contiguous: W <= 2^M, and a static offset a multiple
// of W (then a vector x .. x+W-1, x a multiple of W, lies in one aligned block
// of 2^M, whose bits >= M -- all the swizzle reads or writes -- are the same:
// it moves as a whole, to a multiple of W). The vector width is the plain
// copy's (detail::copy_vector_width) on the inner layouts, started at that cap.
namespace detail {
template <class L> struct swizzle_parts {
  using inner = L;
  using swizzle = void;
  static constexpr int run_bits = 30;
};
template <int B, int M, int S, class O, class L> struct swizzle_parts<ComposedLayout<Swizzle<B, M, S>, O, L>> {
  using inner = L;
  using swizzle = Swizzle<B, M, S>;
  static constexpr int run_bits = swizzle_run_bits<M, O>();
};
template <class A, class O, class L> struct swizzle_parts<ComposedLayout<A, O, L>> {  // not a swizzle: no vectors
  using inner = L;
  using swizzle = A;
  static constexpr int run_bits = 0;
};

template <class SL, class DL, int elem_bytes>
TESSEL_HOST_DEVICE constexpr int swizzled_copy_width() {
  using PS = swizzle_parts<std::remove_cvref_t<SL>>;
  using PD = swizzle_parts<std::remove_cvref_t<DL>>;
  if constexpr (is_composed_layout_v<SL> && is_composed_layout_v<DL> && !std::is_same_v<typename PS::swizzle, typename PD::swizzle>) {
    return 1;
  } else {
    constexpr int bits = PS::run_bits < PD::run_bits ? PS::run_bits : PD::run_bits;
    constexpr int widest = vector_width<16, elem_bytes>();
    constexpr int w0 = bits >= 5 || (1 << bits) >= widest ? widest : (1 << bits);
    return copy_vector_width<w0, typename PS::inner, typename PD::inner>();
  }
}
template <class L>
TESSEL_HOST_DEVICE constexpr auto const& inner_layout(L const& l) {
  if constexpr (is_composed_layout_v<L>) return l.layout_b(); else return l;
}
}  // namespace detail

template <class SE, class SL, class DE, class DL>
  requires(is_composed_layout_v<SL> || is_composed_layout_v<DL>)
TESSEL_HOST_DEVICE void copy(Tensor<SE, SL> const& src, Tensor<DE, DL>& dst) {
  using V = typename SE::value_type;
  using W = typename DE::value_type;
  if constexpr (is_static_v<SL> && is_static_v<DL>) {
    static_assert(decltype(size(src.layout()))::value == decltype(size(dst.layout()))::value,
                  "tessel::copy: the tensors have different sizes");
  } else {
    TESSEL_CHECK(size(src.layout()) == size(dst.layout()), "copy: the tensors have different sizes");
  }
  if constexpr (is_static_v<SL> && is_static_v<DL> && std::is_same_v<V, W> && std::is_trivially_copyable_v<V>) {
    constexpr int w = detail::swizzled_copy_width<SL, DL, int(sizeof(V))>();
    if constexpr (w > 1) {
      using Vec = typename detail::vector_of<w * int(sizeof(V))>::type;
      auto s = raw_pointer_cast(src.data());
      auto d = raw_pointer_cast(dst.data());
      if (reinterpret_cast<std::uintptr_t>(s) % sizeof(Vec) == 0 && reinterpret_cast<std::uintptr_t>(d) % sizeof(Vec) == 0) {
        auto tile = composition(max_common_layout(detail::inner_layout(src.layout()), detail::inner_layout(dst.layout())),
                                Layout<Int<w>>{});
        auto sv = zipped_divide(src.layout(), tile);
        auto dv = zipped_divide(dst.layout(), tile);
        for (int j = 0; j < int(size<1>(sv)); ++j) {
          *reinterpret_cast<Vec*>(d + dv(0, j)) = *reinterpret_cast<Vec const*>(s + sv(0, j));
        }
        return;
      }
    }
  }
  for (int i = 0; i < int(size(src.layout())); ++i) dst(i) = src(i);
}
template <class SE, class SL, class DE, class DL>
  requires(is_composed_layout_v<SL> || is_composed_layout_v<DL>)
TESSEL_HOST_DEVICE void copy(Tensor<SE, SL> const& src, Tensor<DE, DL>&& dst) {
  copy(src, dst);
}

template <class A, class O, class L>
TESSEL_HOST_DEVICE void print(ComposedLayout<A, O, L> const& c) { detail::write(detail::printf_sink{}, c); }
template <class A, class O, class L>
std::ostream& operator<<(std::ostream& os, ComposedLayout<A, O, L> const& c) {
  detail::write(detail::ostream_sink{os}, c);
  return os;
}

}  // namespace tessel
