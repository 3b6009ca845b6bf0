// tessel/atom/mma_sm89.hpp: Ada's 8-bit floating-point mma.sync.aligned.m16n8k32 (sm_89+), as CuTe's
//   SM89_16x8x32_F32{A}{B}F32_TN   D(16x8, f32) = A(16x32, fp8) * B(32x8, fp8) + C(16x8, f32)
//   SM89_16x8x32_F16{A}{B}F16_TN   the same with f16 accumulation (two per register)
// for A, B in {E4M3, E5M2}. The fragments of A and B are those of the 8-bit integer m16n8k32
// (PTX ISA: the .e4m3/.e5m2 tables are the .s8 ones; mma_sm80_int.hpp), C and D those of every
// m16n8 shape. The traits name CUTLASS's float_e4m3_t / float_e5m2_t, so they exist in the CuTe
// drop-in with CUTLASS on the include path (numeric/cutlass_types.hpp); the operations always.
// f32 accumulation needs CUDA 12.4, f16 accumulation CUDA 12.8.
#pragma once

#include <cstdint>

#include "mma_ops.hpp"
#include "mma_sm80_int.hpp"
#include "mma_traits.hpp"
#include "numeric.hpp"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 890 && defined(__CUDACC_VER_MAJOR__)
#  if __CUDACC_VER_MAJOR__ > 12 || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 4)
#    define TESSEL_ARCH_MMA_SM89_F32 1
#  endif
#  if __CUDACC_VER_MAJOR__ > 12 || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 8)
#    define TESSEL_ARCH_MMA_SM89_F16 1
#  endif
#endif

namespace TESSEL_NAMESPACE {

// The operations themselves (their instruction and registers): mma_ops.hpp.

#if defined(TESSEL_HAS_CUTLASS_TYPES)
namespace detail::sm89 {
// The fragments of the 8-bit integer m16n8k32, D and C of type D.
template <class D, class A, class B>
using traits = Retyped<MMA_Traits<SM80_16x8x32_S32S8S8S32_TN>, D, A, B, D>;
}  // namespace detail::sm89
template <> struct MMA_Traits<SM89_16x8x32_F32E4M3E4M3F32_TN> : detail::sm89::traits<float, float_e4m3_t, float_e4m3_t> {};
template <> struct MMA_Traits<SM89_16x8x32_F16E4M3E4M3F16_TN> : detail::sm89::traits<half_t, float_e4m3_t, float_e4m3_t> {};
template <> struct MMA_Traits<SM89_16x8x32_F32E4M3E5M2F32_TN> : detail::sm89::traits<float, float_e4m3_t, float_e5m2_t> {};
template <> struct MMA_Traits<SM89_16x8x32_F16E4M3E5M2F16_TN> : detail::sm89::traits<half_t, float_e4m3_t, float_e5m2_t> {};
template <> struct MMA_Traits<SM89_16x8x32_F32E5M2E4M3F32_TN> : detail::sm89::traits<float, float_e5m2_t, float_e4m3_t> {};
template <> struct MMA_Traits<SM89_16x8x32_F16E5M2E4M3F16_TN> : detail::sm89::traits<half_t, float_e5m2_t, float_e4m3_t> {};
template <> struct MMA_Traits<SM89_16x8x32_F32E5M2E5M2F32_TN> : detail::sm89::traits<float, float_e5m2_t, float_e5m2_t> {};
template <> struct MMA_Traits<SM89_16x8x32_F16E5M2E5M2F16_TN> : detail::sm89::traits<half_t, float_e5m2_t, float_e5m2_t> {};
#endif  // TESSEL_HAS_CUTLASS_TYPES

}  // namespace TESSEL_NAMESPACE
