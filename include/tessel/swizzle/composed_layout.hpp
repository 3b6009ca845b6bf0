// tessel/swizzle/composed_layout.hpp: composed layouts A o offset o L (a
// swizzle, or any function of an index, after a layout), the shape of
// swizzled shared-memory layouts, and the algebra on them.
#pragma once

#include "../algebra/algebra.hpp"
#include "swizzle.hpp"

namespace TESSEL_NAMESPACE {

// ---- ComposedLayout -------------------------------------------------------------------------------

// ComposedLayout<A, Offset, L>: c -> A(offset + L(c)). Its shape is L's; A is
// any function of an index (a Swizzle, a Layout). Slicing keeps the offset
// inside, since A need not be linear.
template <class A, class Offset, class L>
// The three parts are stored as tuple leaves, as Layout's shape and stride
// (static ones take no storage): a fully static ComposedLayout is an empty
// class without [[no_unique_address]] members, which nvcc takes as a kernel
// parameter (it refuses a class of only [[no_unique_address]] empty members:
// "Empty parameter types are not supported").
struct ComposedLayout : private detail::leaf<0, A>, private detail::leaf<1, Offset>, private detail::leaf<2, L> {
  using shape_type = typename L::shape_type;
  static constexpr int rank = L::rank;

  constexpr ComposedLayout() = default;
  TESSEL_HOST_DEVICE constexpr ComposedLayout(A const& a, Offset const& o, L const& l)
      : detail::leaf<0, A>{a}, detail::leaf<1, Offset>{o}, detail::leaf<2, L>{l} {}

  TESSEL_HOST_DEVICE constexpr decltype(auto) layout_a() const { return detail::leaf<0, A>::element(); }
  TESSEL_HOST_DEVICE constexpr decltype(auto) offset() const { return detail::leaf<1, Offset>::element(); }
  TESSEL_HOST_DEVICE constexpr decltype(auto) layout_b() const { return detail::leaf<2, L>::element(); }
  TESSEL_HOST_DEVICE constexpr ComposedLayout const& layout() const { return *this; }
  template <std::size_t... I>
  TESSEL_HOST_DEVICE constexpr auto shape() const { return layout_b().template shape<I...>(); }

  template <class Crd>
  TESSEL_HOST_DEVICE constexpr auto operator()(Crd const& c) const {
    if constexpr (has_underscore_v<Crd>) {
      auto [l, off] = slice_and_offset(c, layout_b());
      return ComposedLayout<A, decltype(offset() + off), decltype(l)>{layout_a(), offset() + off, l};
    } else {
      return layout_a()(offset() + layout_b()(c));
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

// get_swizzle_portion / get_nonswizzle_portion (CuTe's names): a swizzled layout
// Sw o off o L is Sw and L (the offset dropped, as CuTe's); a plain layout is the
// identity swizzle Swizzle<0,4,3> and itself.
template <int B, int M, int S, class O, class L>
TESSEL_HOST_DEVICE constexpr auto get_swizzle_portion(ComposedLayout<Swizzle<B, M, S>, O, L> const&) {
  return Swizzle<B, M, S>{};
}
template <class Sh, class D>
TESSEL_HOST_DEVICE constexpr auto get_swizzle_portion(Layout<Sh, D> const&) {
  return Swizzle<0, 4, 3>{};
}
template <int B, int M, int S, class O, class L>
TESSEL_HOST_DEVICE constexpr auto get_nonswizzle_portion(ComposedLayout<Swizzle<B, M, S>, O, L> const& c) {
  return c.layout_b();
}
template <class Sh, class D>
TESSEL_HOST_DEVICE constexpr auto get_nonswizzle_portion(Layout<Sh, D> const& l) {
  return l;
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
// make_fragment_like / make_layout_like of a composed layout: those of its
// inner layout (registers need no swizzle). CuTe has the first; the second lets
// make_tensor_like take a swizzled tensor, e.g. CuTe's transaction-byte count
// sizeof(make_tensor_like(tensor<0>(tAsA))) of a TMA partition.
template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto make_fragment_like(ComposedLayout<A, O, L> const& c) {
  return make_fragment_like(c.layout_b());
}
template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto make_layout_like(ComposedLayout<A, O, L> const& c) {
  return make_layout_like(c.layout_b());
}

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
// cosize: the largest index reached plus one (enumerated; composed layouts are
// small); a static integer for a static composed layout (so cosize_v and
// static array sizes take swizzled layouts, as in CuTe).
namespace detail {
template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr long long composed_cosize(ComposedLayout<A, O, L> const& c) {
  long long m = 0;
  for (long long i = 0; i < static_cast<long long>(size(c.layout_b())); ++i) {
    long long v = static_cast<long long>(c(i));
    m = v > m ? v : m;
  }
  return m + 1;
}
// Whether a static layout maps [0, size) one to one onto [0, size) (its modes of
// extent > 1, sorted by stride, have the compact strides 1, s0, s0 s1, ...).
template <class L>
TESSEL_HOST_DEVICE constexpr bool is_compact_bijection() {
  auto fs = flatten_to_tuple(typename L::shape_type{});
  auto fd = flatten_to_tuple(decltype(L{}.stride()){});
  constexpr std::size_t N = tuple_size_v<decltype(fs)>;
  long long sh[N > 0 ? N : 1] = {}, st[N > 0 ? N : 1] = {};
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((sh[I] = (long long)get<I>(fs), st[I] = (long long)get<I>(fd)), ...);
  }(std::make_index_sequence<N>{});
  long long expect = 1;
  for (std::size_t k = 0; k < N; ++k) {  // the mode of extent > 1 with stride `expect`, in turn
    bool found = false;
    for (std::size_t j = 0; j < N && !found; ++j)
      if (sh[j] > 1 && st[j] == expect) expect *= sh[j], sh[j] = 1, found = true;
    if (!found) break;
  }
  for (std::size_t j = 0; j < N; ++j)
    if (sh[j] > 1) return false;
  return true;
}
// The swizzle keeps every aligned block of 2^(B+M+|S|) within itself.
template <class A> struct swizzle_block { static constexpr long long value = 0; };
template <int B, int M, int S> struct swizzle_block<Swizzle<B, M, S>> { static constexpr long long value = 1LL << (B + M + (S < 0 ? -S : S)); };
// A static offset of value 0 (_0, or smem_ptr_flag_bits, which is one).
template <class O>
TESSEL_HOST_DEVICE constexpr bool static_zero_offset() {
  if constexpr (requires { O::value; }) return is_static_v<O> && O::value == 0;
  else return false;
}
}  // namespace detail
template <class A, class O, class L>
TESSEL_HOST_DEVICE constexpr auto cosize(ComposedLayout<A, O, L> const& c) {
  if constexpr (is_static_v<ComposedLayout<A, O, L>>) {
    // Sw o 0 o L with L one to one onto [0, n), n a multiple of the swizzle's
    // block: Sw permutes [0, n), so the cosize is n (without enumerating, which
    // nvcc's constant evaluation refuses for large tiles).
    constexpr long long n = decltype(size(L{}))::value, blk = detail::swizzle_block<A>::value;
    if constexpr (blk > 0 && detail::static_zero_offset<O>() && n % blk == 0 && detail::is_compact_bijection<L>())
      return Int<int(n)>{};
    else
      return Int<int(detail::composed_cosize(ComposedLayout<A, O, L>{}))>{};
  } else {
    return detail::composed_cosize(c);
  }
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
template <class A, class O, class L>
TESSEL_HOST_DEVICE void print(ComposedLayout<A, O, L> const& c) { detail::write(detail::printf_sink{}, c); }
template <class A, class O, class L>
std::ostream& operator<<(std::ostream& os, ComposedLayout<A, O, L> const& c) {
  detail::write(detail::ostream_sink{os}, c);
  return os;
}

}  // namespace tessel
