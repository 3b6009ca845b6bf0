// tessel/tensor/algorithm.hpp: copy, copy_if, fill, clear, axpby on tensors,
// in host and device code. copy vectorises when both layouts are static and
// share a contiguous run (max_common_layout) whose vectors start aligned: up
// to 16 bytes per access (see detail::copy_vector_width). Device code assumes
// the pointers aligned for those vectors, as CuTe does for static layouts
// (TESSEL_ALIGNMENT_CHECKS, config.hpp).
#pragma once

#include "tensor.hpp"

namespace TESSEL_NAMESPACE {

namespace detail {
template <int Bytes> struct vector_of;
template <> struct vector_of<1> { using type = std::uint8_t; };
template <> struct vector_of<2> { using type = std::uint16_t; };
template <> struct vector_of<4> { using type = std::uint32_t; };
template <> struct vector_of<8> { using type = std::uint64_t; };
template <> struct alignas(16) vector_of<16> { struct alignas(16) type { std::uint64_t x, y; }; };

// Whether the pointers s and d are aligned for V: tested where
// TESSEL_ALIGNMENT_CHECKS (host code), assumed in device code (config.hpp).
template <class V, class P, class Q>
TESSEL_HOST_DEVICE bool aligned_for([[maybe_unused]] P const* s, [[maybe_unused]] Q const* d) {
#if TESSEL_ALIGNMENT_CHECKS
  return reinterpret_cast<std::uintptr_t>(s) % alignof(V) == 0 && reinterpret_cast<std::uintptr_t>(d) % alignof(V) == 0;
#else
  return true;
#endif
}

// The widest power-of-two number of elements, at most 16 bytes, dividing n
// (1 for an element size that is not a power of two: no vector type fits).
template <int n, int elem_bytes>
TESSEL_HOST_DEVICE constexpr int vector_width() {
  if ((elem_bytes & (elem_bytes - 1)) != 0) return 1;
  int w = 1;
  while (n % (w * 2) == 0 && (w * 2) * elem_bytes <= 16) w *= 2;
  return w;
}

// True when every stride of L is a multiple of W (stride 0 included).
template <int W, class L>
TESSEL_HOST_DEVICE constexpr bool strides_multiple_of(L const& l) {
  return apply(flatten_to_tuple(l.stride()), [](auto const&... d) { return (true && ... && (int(d) % W == 0)); });
}

// The vector width (in elements) copy uses between the static layouts SL and
// DL: the widest power of two W <= W0 such that
//  * max_common_layout(SL, DL), its first W elements (the tile) and
//    zipped_divide(SL, tile), zipped_divide(DL, tile) are defined (otherwise
//    the algebra cannot express the vectors: e.g. ((2,3),(2,2)):((3,1),(6,12))
//    with itself, where the common layout is (3,2,4):(2,1,6) and its first 4
//    elements are no layout), and
//  * every vector of both layouts starts at a multiple of W elements (the rest
//    modes' strides are multiples of W), so that aligned base pointers give
//    aligned vector accesses. (4,2):(1,5) and (4,2):(1,4) share 4 contiguous
//    elements, but the second vector of the first starts at offset 5: W = 1.
// 1 means no vectors (the scalar loop).
template <int W, class SL, class DL>
TESSEL_HOST_DEVICE constexpr int copy_vector_width() {
  if constexpr (W <= 1 || !admissible_v<ops::max_common_layout, SL, DL>) {
    return 1;
  } else {
    using Common = decltype(max_common_layout(SL{}, DL{}));
    if constexpr (decltype(size(Common{}))::value % W != 0 || !admissible_v<ops::composition, Common, Layout<Int<W>>>) {
      return copy_vector_width<W / 2, SL, DL>();
    } else {
      using Tile = decltype(composition(Common{}, Layout<Int<W>>{}));
      if constexpr (!admissible_v<ops::zipped_divide, SL, Tile> || !admissible_v<ops::zipped_divide, DL, Tile>) {
        return copy_vector_width<W / 2, SL, DL>();
      } else if constexpr (strides_multiple_of<W>(layout<1>(zipped_divide(SL{}, Tile{}))) &&
                           strides_multiple_of<W>(layout<1>(zipped_divide(DL{}, Tile{})))) {
        return W;
      } else {
        return copy_vector_width<W / 2, SL, DL>();
      }
    }
  }
}

// The widest power-of-two number of elements of elem_bytes bytes in at most
// max_bytes (at least 1).
template <int max_bytes, int elem_bytes>
TESSEL_HOST_DEVICE constexpr int vector_width_capped() {
  if ((elem_bytes & (elem_bytes - 1)) != 0) return 1;
  int w = 1;
  while ((w * 2) * elem_bytes <= max_bytes && (w * 2) * elem_bytes <= 16) w *= 2;
  return w;
}

// How copy and copy_if unroll their element loop (device code; the host
// compiler ignores the hints). Completely (TESSEL_UNROLL, as CuTe's), unless
// both tensors are in global or shared memory and the loop has more than
// kFullUnrollMax iterations: such a loop (one thread copying a whole tile, as
// CuTe's TMA tests do) is unrolled by 4. Its elements need no
// registers, and a completely unrolled loop of thousands of accesses costs the
// device compiler minutes per kernel. Register tensors are always unrolled
// completely (their elements must have static indices to stay in registers).
inline constexpr int kFullUnrollMax = 256;
template <class It>
inline constexpr bool in_memory_v = is_gmem_v<It> || is_smem_v<It>;
template <class SI, class DI, class N>
inline constexpr bool unroll_partly_v = [] {
  if constexpr (is_static_v<N>) return in_memory_v<SI> && in_memory_v<DI> && N::value > kFullUnrollMax;
  else return false;
}();

// for (int i = 0; i < n; ++i) body(i), unrolled as unroll_partly_v says.
template <class SI, class DI, class N, class Body>
TESSEL_HOST_DEVICE void element_loop(N const& n, Body const& body) {
  if constexpr (unroll_partly_v<SI, DI, N>) {
#if defined(__CUDA_ARCH__)
    _Pragma("unroll 4")
#endif
    for (int i = 0; i < int(n); ++i) body(i);
  } else {
    TESSEL_UNROLL
    for (int i = 0; i < int(n); ++i) body(i);
  }
}
template <class T>
using iterator_of = std::remove_cvref_t<decltype(std::declval<T const&>().data())>;

// copy(src, dst) with vectors of at most MaxVecBytes bytes (the body of copy
// and of the AutoVectorizingCopyWithAssumedAlignment policies, atom/copy_policy.hpp).
template <int MaxVecBytes, class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy_vectorized(Tensor<SE, SL> const& src, Tensor<DE, DL>& dst) {
  using V = typename SE::value_type;
  using W = typename DE::value_type;
  if constexpr (is_static_v<SL> && is_static_v<DL>) {
    static_assert(decltype(size(src.layout()))::value == decltype(size(dst.layout()))::value,
                  "tessel::copy: the tensors have different sizes");
  } else {
    TESSEL_CHECK(size(src.layout()) == size(dst.layout()), "copy: the tensors have different sizes");
  }
  if constexpr (is_static_v<SL> && is_static_v<DL> && std::is_same_v<V, W> && std::is_trivially_copyable_v<V>) {
    constexpr int w = copy_vector_width<vector_width_capped<MaxVecBytes, int(sizeof(V))>(), SL, DL>();
    if constexpr (w > 1) {
      using Vec = typename vector_of<w * int(sizeof(V))>::type;
      auto s = raw_pointer_cast(src.data());
      auto d = raw_pointer_cast(dst.data());
      // Vector accesses need aligned data: where TESSEL_ALIGNMENT_CHECKS (host code),
      // unaligned data take the scalar loop; device code assumes it (config.hpp).
      if (aligned_for<Vec>(s, d)) {
        auto tile = composition(max_common_layout(src.layout(), dst.layout()), Layout<Int<w>>{});
        auto sv = zipped_divide(src.layout(), tile);
        auto dv = zipped_divide(dst.layout(), tile);
        element_loop<iterator_of<Tensor<SE, SL>>, iterator_of<Tensor<DE, DL>>>(size<1>(sv), [&](int j) {
          *reinterpret_cast<Vec*>(d + dv(0, j)) = *reinterpret_cast<Vec const*>(s + sv(0, j));
        });
        return;
      }
    }
  }
  element_loop<iterator_of<Tensor<SE, SL>>, iterator_of<Tensor<DE, DL>>>(size(src.layout()),
                                                                         [&](int i) { dst(i) = src(i); });
}
}  // namespace detail

// copy(src, dst): dst(i) = src(i) for every 1-D coordinate i (sizes must match).
template <class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy(Tensor<SE, SL> const& src, Tensor<DE, DL>& dst) {
  detail::copy_vectorized<16>(src, dst);
}
template <class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy(Tensor<SE, SL> const& src, Tensor<DE, DL>&& dst) {
  copy(src, dst);
}

// copy_if(pred, src, dst): dst(i) = src(i) where pred(i) (a tensor or a callable of i).
template <class P, class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy_if(P const& pred, Tensor<SE, SL> const& src, Tensor<DE, DL>&& dst) {
  TESSEL_CHECK(size(src.layout()) == size(dst.layout()), "copy_if: the tensors have different sizes");
  detail::element_loop<detail::iterator_of<Tensor<SE, SL>>, detail::iterator_of<Tensor<DE, DL>>>(
      size(src.layout()), [&](int i) {
        bool on;
        if constexpr (is_tensor_v<P>) on = pred(i); else on = pred(i);
        if (on) dst(i) = src(i);
      });
}
template <class P, class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy_if(P const& pred, Tensor<SE, SL> const& src, Tensor<DE, DL>& dst) {
  copy_if(pred, src, static_cast<Tensor<DE, DL>&&>(dst));
}

// fill(t, v): every element is v. clear(t): every element is zero.
template <class E, class L, class V>
TESSEL_HOST_DEVICE void fill(Tensor<E, L>& t, V const& v) {
  TESSEL_UNROLL
  for (int i = 0; i < int(size(t.layout())); ++i) t(i) = v;
}
template <class E, class L, class V>
TESSEL_HOST_DEVICE void fill(Tensor<E, L>&& t, V const& v) { fill(t, v); }
template <class E, class L>
TESSEL_HOST_DEVICE void clear(Tensor<E, L>& t) { fill(t, typename E::value_type{}); }
template <class E, class L>
TESSEL_HOST_DEVICE void clear(Tensor<E, L>&& t) { clear(t); }

// axpby(a, x, b, y): y = a*x + b*y elementwise; where b is zero (a complex b:
// both parts), y = a*x and y is not read (as CuTe: y may hold garbage, NaN).
template <class A, class XE, class XL, class B, class YE, class YL>
TESSEL_HOST_DEVICE void axpby(A const& a, Tensor<XE, XL> const& x, B const& b, Tensor<YE, YL>& y) {
  TESSEL_CHECK(size(x.layout()) == size(y.layout()), "axpby: the tensors have different sizes");
  bool b_zero;
  if constexpr (is_static_int<B>::value) b_zero = B::value == 0;
  else if constexpr (requires { b.real(); b.imag(); }) b_zero = b.real() == decltype(b.real()){} && b.imag() == decltype(b.imag()){};
  else b_zero = b == B{};
  TESSEL_UNROLL
  for (int i = 0; i < int(size(x.layout())); ++i) y(i) = b_zero ? a * x(i) : a * x(i) + b * y(i);
}
template <class A, class XE, class XL, class B, class YE, class YL>
TESSEL_HOST_DEVICE void axpby(A const& a, Tensor<XE, XL> const& x, B const& b, Tensor<YE, YL>&& y) { axpby(a, x, b, y); }

}  // namespace tessel
