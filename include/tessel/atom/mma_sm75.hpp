// tessel/atom/mma_sm75.hpp: Turing's mma.sync.aligned.m16n8k8 (sm_75+), as CuTe's
//   SM75_16x8x8_F32F16F16F32_TN   D(16x8, f32) = A(16x8, f16) * B(8x8, f16) + C(16x8, f32)
//   SM75_16x8x8_F16F16F16F16_TN   D(16x8, f16) = A(16x8, f16) * B(8x8, f16) + C(16x8, f16)
// The instruction is Ampere's m16n8k8 of the same types (mma_ops.hpp), first in
// sm_75: the same registers and fragments, so the traits are those of
// SM80_16x8x8_F32F16F16F32_TN and SM80_16x8x8_F16F16F16F16_TN (derived from
// the PTX fragment tables in mma_traits.hpp).
#pragma once

#include <cstdint>

#include "mma_ops.hpp"
#include "mma_traits.hpp"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750
#  define TESSEL_ARCH_MMA_SM75 1
#endif

namespace TESSEL_NAMESPACE {

// The operations themselves (their instruction and registers): mma_ops.hpp.
template <> struct MMA_Traits<SM75_16x8x8_F32F16F16F32_TN> : MMA_Traits<SM80_16x8x8_F32F16F16F32_TN> {};
template <> struct MMA_Traits<SM75_16x8x8_F16F16F16F16_TN> : MMA_Traits<SM80_16x8x8_F16F16F16F16_TN> {};

}  // namespace TESSEL_NAMESPACE
