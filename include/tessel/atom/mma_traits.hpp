// tessel/atom/mma_traits.hpp: MMA_Traits<Op>, what an MMA operation computes
// as layouts (CuTe's definitions):
//   Shape_MNK  the (M,N,K) of one operation;
//   ThrID      logical thread id -> thread index (the threads taking part);
//   ALayout    (thread, value) -> index of (m,k) in the column-major M x K tile;
//   BLayout    (thread, value) -> index of (n,k) in the column-major N x K tile;
//   CLayout    (thread, value) -> index of (m,n) in the column-major M x N tile;
//   ValTypeD/A/B/C  the element types of the operands.
#pragma once

#include "../layout/layout.hpp"
#include "mma_ops.hpp"
#include "numeric.hpp"

namespace TESSEL_NAMESPACE {

template <class Op, class... Args>
struct MMA_Traits {
  static_assert(sizeof(Op) < 0, "tessel::MMA_Traits: no traits for this MMA operation (not an MMA op tessel knows)");
};

namespace detail {
// MMA_Traits from its value types, shape, threads and layouts.
template <class TD, class TA, class TB, class TC, class MNK, class Thr, class AL, class BL, class CL>
struct MmaLayouts {
  using ValTypeD = TD;
  using ValTypeA = TA;
  using ValTypeB = TB;
  using ValTypeC = TC;
  using Shape_MNK = MNK;
  using ThrID = Thr;
  using ALayout = AL;
  using BLayout = BL;
  using CLayout = CL;
};
// The traits T with other value types (the same instruction shape on other elements).
template <class T, class TD, class TA, class TB, class TC>
using Retyped = MmaLayouts<TD, TA, TB, TC, typename T::Shape_MNK, typename T::ThrID, typename T::ALayout, typename T::BLayout, typename T::CLayout>;
}  // namespace detail

// One thread, one value of each operand.
template <class TD, class TA, class TB, class TC>
struct MMA_Traits<UniversalFMA<TD, TA, TB, TC>>
    : detail::MmaLayouts<TD, TA, TB, TC, Shape<_1, _1, _1>, Layout<_1>, Layout<Shape<_1, _1>>, Layout<Shape<_1, _1>>, Layout<Shape<_1, _1>>> {};

// ---- Ampere m16n8k*: the fragments of the PTX ISA ("Matrix Fragments for mma.m16n8k*") ----------
// A lane l of the warp is (t0, t1) = (l % 4, l / 4): t1 is the PTX groupID (a
// row of A and C, a column of B), t0 the thread within the group (pairs of
// columns of A and C, pairs of rows of B). In each layout below the thread
// mode is (4,8) and its strides are what t0 and t1 add to the index.
namespace detail::sm80 {
// C and D of every m16n8 shape, 16x8: c_i at row t1 + 8*(i/2), column 2*t0 + i%2.
// Index m + 16n: t0 -> 32, t1 -> 1; value (i%2, i/2) -> (16, 8).
using C16x8 = Layout<Shape<Shape<_4, _8>, Shape<_2, _2>>, Stride<Stride<_32, _1>, Stride<_16, _8>>>;
// A of m16n8k8 (f16/bf16), 16x8: a_i at row t1 + 8*(i/2), column 2*t0 + i%2: the same as C.
using A16x8_F16 = C16x8;
// B of m16n8k8 (f16/bf16), 8(k)x8(n): b_i at k = 2*t0 + i, n = t1. Index n + 8k: t0 -> 16, t1 -> 1, i -> 8.
using B8x8_F16 = Layout<Shape<Shape<_4, _8>, _2>, Stride<Stride<_16, _1>, _8>>;
// A of m16n8k16 (f16/bf16), 16x16: a_i at row t1 + 8*((i/2)%2), column 2*t0 + i%2 + 8*(i/4).
// Index m + 16k: t0 -> 32, t1 -> 1; value (i%2, (i/2)%2, i/4) -> (16, 8, 128).
using A16x16_F16 = Layout<Shape<Shape<_4, _8>, Shape<_2, _2, _2>>, Stride<Stride<_32, _1>, Stride<_16, _8, _128>>>;
// B of m16n8k16 (f16/bf16), 16(k)x8(n): b_i at k = 2*t0 + i%2 + 8*(i/2), n = t1.
// Index n + 8k: t0 -> 16, t1 -> 1; value (i%2, i/2) -> (8, 64).
using B16x8_F16 = Layout<Shape<Shape<_4, _8>, Shape<_2, _2>>, Stride<Stride<_16, _1>, Stride<_8, _64>>>;
// A of m16n8k8 tf32, 16x8: a_i at row t1 + 8*(i%2), column t0 + 4*(i/2).
// Index m + 16k: t0 -> 16, t1 -> 1; value (i%2, i/2) -> (8, 64).
using A16x8_TF32 = Layout<Shape<Shape<_4, _8>, Shape<_2, _2>>, Stride<Stride<_16, _1>, Stride<_8, _64>>>;
// B of m16n8k8 tf32, 8(k)x8(n): b_i at k = t0 + 4i, n = t1. Index n + 8k: t0 -> 8, t1 -> 1, i -> 32.
using B8x8_TF32 = Layout<Shape<Shape<_4, _8>, _2>, Stride<Stride<_8, _1>, _32>>;

// The common part of every Ampere m16n8 trait: a warp of 32 threads.
template <class TD, class TA, class TB, class TC, int K, class AL, class BL>
using traits = MmaLayouts<TD, TA, TB, TC, Shape<_16, _8, Int<K>>, Layout<_32>, AL, BL, C16x8>;
}  // namespace detail::sm80

template <> struct MMA_Traits<SM80_16x8x8_F16F16F16F16_TN> : detail::sm80::traits<half_t, half_t, half_t, half_t, 8, detail::sm80::A16x8_F16, detail::sm80::B8x8_F16> {};
template <> struct MMA_Traits<SM80_16x8x16_F16F16F16F16_TN> : detail::sm80::traits<half_t, half_t, half_t, half_t, 16, detail::sm80::A16x16_F16, detail::sm80::B16x8_F16> {};
template <> struct MMA_Traits<SM80_16x8x8_F32F16F16F32_TN> : detail::sm80::traits<float, half_t, half_t, float, 8, detail::sm80::A16x8_F16, detail::sm80::B8x8_F16> {};
template <> struct MMA_Traits<SM80_16x8x16_F32F16F16F32_TN> : detail::sm80::traits<float, half_t, half_t, float, 16, detail::sm80::A16x16_F16, detail::sm80::B16x8_F16> {};
template <> struct MMA_Traits<SM80_16x8x8_F32BF16BF16F32_TN> : detail::sm80::traits<float, bfloat16_t, bfloat16_t, float, 8, detail::sm80::A16x8_F16, detail::sm80::B8x8_F16> {};
template <> struct MMA_Traits<SM80_16x8x16_F32BF16BF16F32_TN> : detail::sm80::traits<float, bfloat16_t, bfloat16_t, float, 16, detail::sm80::A16x16_F16, detail::sm80::B16x8_F16> {};
template <> struct MMA_Traits<SM80_16x8x8_F32TF32TF32F32_TN> : detail::sm80::traits<float, tfloat32_t, tfloat32_t, float, 8, detail::sm80::A16x8_TF32, detail::sm80::B8x8_TF32> {};

}  // namespace tessel
