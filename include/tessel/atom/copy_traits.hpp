// tessel/atom/copy_traits.hpp: Copy_Traits<Op>, what a copy operation moves,
// as layouts over bits (CuTe's definitions):
//   ThrID      logical thread id -> thread index (the threads taking part);
//   SrcLayout  (thread, value) -> bit of the source that the thread provides;
//   DstLayout  (thread, value) -> bit of the destination the thread receives;
//   RefLayout  the reference the other two are expressed against (Src or Dst).
// Copy_Atom<Op, T> turns the bits into elements of T (copy_atom.hpp).
#pragma once

#include "../layout/layout.hpp"
#include "../tensor/pointer.hpp"
#include "copy_ops.hpp"

namespace TESSEL_NAMESPACE {

template <class Op, class... Args>
struct Copy_Traits;

namespace detail {
// Copy_Traits from its layouts; RefLayout is the source's or (RefIsDst) the destination's.
template <class Thr, class Src, class Dst, bool RefIsDst>
struct CopyLayouts {
  using ThrID = Thr;
  using SrcLayout = Src;
  using DstLayout = Dst;
  using RefLayout = std::conditional_t<RefIsDst, Dst, Src>;
};
// One thread, one element of S (sizeof_bits<S> bits) to one of D.
template <class S, class D>
using OneElement = CopyLayouts<Layout<_1>, Layout<Shape<_1, Int<sizeof_bits_v<S>>>>, Layout<Shape<_1, Int<sizeof_bits_v<D>>>>, false>;
}  // namespace detail

// One thread, one element of S (sizeof_bits<S> bits).
template <class S, class D>
struct Copy_Traits<UniversalCopy<S, D>> : detail::OneElement<S, D> {};

// One thread; the layouts are placeholders (1,1):(0,0): copy() hands the
// whole tensors to the auto-vectorising copy.
template <int MaxVecBits>
struct Copy_Traits<AutoVectorizingCopyWithAssumedAlignment<MaxVecBits>>
    : detail::CopyLayouts<Layout<_1>, Layout<Shape<_1, _1>, Stride<_0, _0>>, Layout<Shape<_1, _1>, Stride<_0, _0>>, false> {};

// ---- ldmatrix: a warp; each 8x8 b16 matrix is 8 rows of 128 bits ---------------------------------------
// Source: the threads that give row addresses (8 per matrix) each provide a
// 128-bit row, thread r at bit 128 r; the others provide none (stride 0).
// Destination, not transposed: thread t receives bits [32 t, 32 t + 32) of
// each matrix (row t/4, elements 2(t%4), 2(t%4)+1), matrix j at bit 1024 j.
// Destination, transposed: thread t = (t%4, t/4) receives the 16-bit elements
// at row 2(t%4) + i, column t/4 of each matrix: bit 128(2(t%4) + i) + 16(t/4).
template <> struct Copy_Traits<SM75_U32x1_LDSM_N> : detail::CopyLayouts<Layout<_32>, Layout<Shape<Shape<_8, _4>, _128>, Stride<Stride<_128, _0>, _1>>, Layout<Shape<_32, _32>, Stride<_32, _1>>, true> {};
template <> struct Copy_Traits<SM75_U32x2_LDSM_N> : detail::CopyLayouts<Layout<_32>, Layout<Shape<Shape<_16, _2>, _128>, Stride<Stride<_128, _0>, _1>>, Layout<Shape<_32, Shape<_32, _2>>, Stride<_32, Stride<_1, _1024>>>, true> {};
template <> struct Copy_Traits<SM75_U32x4_LDSM_N> : detail::CopyLayouts<Layout<_32>, Layout<Shape<_32, _128>, Stride<_128, _1>>, Layout<Shape<_32, Shape<_32, _4>>, Stride<_32, Stride<_1, _1024>>>, true> {};
template <> struct Copy_Traits<SM75_U16x2_LDSM_T> : detail::CopyLayouts<Layout<_32>, Layout<Shape<Shape<_8, _4>, _128>, Stride<Stride<_128, _0>, _1>>, Layout<Shape<Shape<_4, _8>, Shape<_16, _2>>, Stride<Stride<_256, _16>, Stride<_1, _128>>>, true> {};
template <> struct Copy_Traits<SM75_U16x4_LDSM_T> : detail::CopyLayouts<Layout<_32>, Layout<Shape<Shape<_16, _2>, _128>, Stride<Stride<_128, _0>, _1>>, Layout<Shape<Shape<_4, _8>, Shape<_16, _2, _2>>, Stride<Stride<_256, _16>, Stride<_1, _128, _1024>>>, true> {};
template <> struct Copy_Traits<SM75_U16x8_LDSM_T> : detail::CopyLayouts<Layout<_32>, Layout<Shape<_32, _128>, Stride<_128, _1>>, Layout<Shape<Shape<_4, _8>, Shape<_16, _2, _4>>, Stride<Stride<_256, _16>, Stride<_1, _128, _1024>>>, true> {};

// ---- cp.async: one thread, one element of S ---------------------------------------------------------------
template <class S, class D>
struct Copy_Traits<SM80_CP_ASYNC_CACHEALWAYS<S, D>> : detail::OneElement<S, D> {};
template <class S, class D>
struct Copy_Traits<SM80_CP_ASYNC_CACHEGLOBAL<S, D>> : detail::OneElement<S, D> {};

}  // namespace tessel
