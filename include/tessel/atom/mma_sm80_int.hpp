// tessel/atom/mma_sm80_int.hpp: Ampere's 8-bit integer mma.sync.aligned.m16n8k32 (sm_80+), as CuTe's
//   SM80_16x8x32_S32S8S8S32_TN   D(16x8, s32) = A(16x32, s8) * B(32x8, s8) + C(16x8, s32)
//
// Fragments (PTX ISA, "mma.m16n8k32 with .s8"), lane = 4*g + q (g = lane/4, q = lane%4):
//   A: a_i (i < 16, four per register) at row g + 8*((i/4)%2), column 4q + i%4 + 16*(i/8)
//      -> index m + 16k: q -> 64, g -> 1; value (i%4, (i/4)%2, i/8) -> (16, 8, 256)
//   B: b_i (i < 8) at k = 4q + i%4 + 16*(i/4), n = g
//      -> index n + 8k: q -> 32, g -> 1; value (i%4, i/4) -> (8, 128)
//   C, D: as every m16n8 shape (mma_traits.hpp, detail::sm80::C16x8).
#pragma once

#include <cstdint>

#include "mma_ops.hpp"
#include "mma_traits.hpp"

namespace TESSEL_NAMESPACE {

// SM80_16x8x32_S32S8S8S32_TN itself (its instruction and registers): mma_ops.hpp.
template <> struct MMA_Traits<SM80_16x8x32_S32S8S8S32_TN>
    : detail::MmaLayouts<std::int32_t, std::int8_t, std::int8_t, std::int32_t, Shape<_16, _8, _32>, Layout<_32>,
                         Layout<Shape<Shape<_4, _8>, Shape<_4, _2, _2>>, Stride<Stride<_64, _1>, Stride<_16, _8, _256>>>,
                         Layout<Shape<Shape<_4, _8>, Shape<_4, _2>>, Stride<Stride<_32, _1>, Stride<_8, _128>>>, detail::sm80::C16x8> {};

}  // namespace TESSEL_NAMESPACE
