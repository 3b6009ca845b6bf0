// tessel/atom/mma_sm70.hpp: Volta's mma.sync.aligned.m8n8k4 (sm_70+), as CuTe's
//   SM70_8x8x4_F16F16F16F16_TN   D(8x8, f16) = A(8x4, f16, row) * B(4x8, f16, col) + C(8x8, f16)
//
// The instruction runs on quad-pairs: lanes 4q..4q+3 and 4q+16..4q+19 compute one
// 8x8x4 product together (four independent products per warp). The atom is one
// quad-pair; its logical thread t (0..7) is lane (t%4) + 16*(t/4) (ThrID
// (4,2):(1,16)); a TiledMMA of 4 such atoms covers a warp.
//
// Fragments (PTX ISA, "Matrix Fragments for mma.m8n8k4 with .f16"), with
// r = t (the row of the quad-pair's thread: lane%4, +4 for lanes 16..19):
//   A (.row): a_i at (m, k) = (r, i), i < 4   -> index m + 8k: t -> 1, i -> 8: (8,4):(1,8)
//   B (.col): b_i at (k, n) = (i, r), i < 4   -> index n + 8k: t -> 1, i -> 8: (8,4):(1,8)
//   C, D (f16): c_i at (m, n) = (r, i), i < 8 -> index m + 8n: t -> 1, i -> 8: (8,8):(1,8)
// Two f16 values per 32-bit register, in order.
#pragma once

#include <cstdint>

#include "mma_ops.hpp"
#include "mma_traits.hpp"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
#  define TESSEL_ARCH_MMA_SM70 1
#endif

namespace TESSEL_NAMESPACE {

// SM70_8x8x4_F16F16F16F16_TN itself (its instruction and registers): mma_ops.hpp.
template <> struct MMA_Traits<SM70_8x8x4_F16F16F16F16_TN>
    : detail::MmaLayouts<half_t, half_t, half_t, half_t, Shape<_8, _8, _4>, Layout<Shape<_4, _2>, Stride<_1, _16>>,
                         Layout<Shape<_8, _4>, Stride<_1, _8>>, Layout<Shape<_8, _4>, Stride<_1, _8>>, Layout<Shape<_8, _8>, Stride<_1, _8>>> {};

}  // namespace TESSEL_NAMESPACE
