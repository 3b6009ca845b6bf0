// tessel/swizzle/copy.hpp: copy(src, dst) for tensors whose layout is a
// composed (swizzled) layout.
#pragma once

#include "../tensor/algorithm.hpp"
#include "../tensor/tensor.hpp"
#include "composed_layout.hpp"

namespace TESSEL_NAMESPACE {

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
TESSEL_HOST_DEVICE constexpr auto inner_layout(L const& l) {
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

// ---- recast of a swizzled tensor ------------------------------------------------------------------
//
// recast<U>(t) where t's layout is Sw o off o L with Sw = Swizzle<B, M, S> on
// element indices: the same elements seen as elements of U, N = sizeof(U) /
// sizeof(V) times wider (what a copy atom does to reach its registers, e.g. an
// ldmatrix row or a cp.async vector of a swizzled shared-memory tile). The
// swizzle moves no bit below M, so a run of N <= 2^M elements starting at a
// multiple of N stays whole: Sw(N y + r) = N Sw'(y) + r with Sw' =
// Swizzle<B, M - log2 N, S>. Needs off a multiple of N (checked) and L
// dividing into runs of N (recast's checks on L); the result is
// Sw' o off / N o upcast<N>(L).
template <class U, class E, int B, int M, int S, class O, class L>
TESSEL_HOST_DEVICE auto recast(Tensor<E, ComposedLayout<Swizzle<B, M, S>, O, L>> const& t) {
  using V = typename E::value_type;
  if constexpr (sizeof(U) == sizeof(V)) {
    auto inner = recast<U>(make_view(t.data(), t.layout().layout_b()));
    return make_view(inner.data(), make_composed_layout(t.layout().layout_a(), t.layout().offset(), inner.layout()));
  } else {
    static_assert(sizeof(U) > sizeof(V) && sizeof(U) % sizeof(V) == 0,
                  "tessel::recast: a swizzled tensor is recast to wider elements only (a multiple of its own)");
    constexpr int N = int(sizeof(U) / sizeof(V));
    static_assert((N & (N - 1)) == 0 && N <= (1 << M),
                  "tessel::recast: the new elements are wider than the runs that the swizzle keeps together (2^M elements)");
    auto const off = t.layout().offset();
    if constexpr (StaticInt<O>) {
      static_assert(O::value % N == 0, "tessel::recast: the swizzled layout's offset is not a multiple of the new element");
    } else {
      TESSEL_CHECK(off % N == 0, "recast: the swizzled layout's offset is not a multiple of the new element");
    }
    auto inner = recast<U>(make_view(t.data(), t.layout().layout_b()));
    return make_view(inner.data(), make_composed_layout(upcast<N>(t.layout().layout_a()), off / Int<N>{}, inner.layout()));
  }
}

}  // namespace tessel
