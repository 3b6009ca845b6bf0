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

struct SM75_16x8x8_F32F16F16F32_TN {
  using DRegisters = float[4];
  using ARegisters = std::uint32_t[2];
  using BRegisters = std::uint32_t[1];
  using CRegisters = float[4];
  TESSEL_HOST_DEVICE static void fma(float& d0, float& d1, float& d2, float& d3, std::uint32_t const& a0,
                                     std::uint32_t const& a1, std::uint32_t const& b0, float const& c0, float const& c1,
                                     float const& c2, float const& c3) {
#if defined(TESSEL_ARCH_MMA_SM75)
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(a0), "r"(a1), "r"(b0), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
#else
    (void)d0, (void)d1, (void)d2, (void)d3, (void)a0, (void)a1, (void)b0, (void)c0, (void)c1, (void)c2, (void)c3;
    detail::missing_instruction("SM75_16x8x8_F32F16F16F32_TN: mma.sync needs device code for sm_75 or later");
#endif
  }
};

struct SM75_16x8x8_F16F16F16F16_TN {
  using DRegisters = std::uint32_t[2];
  using ARegisters = std::uint32_t[2];
  using BRegisters = std::uint32_t[1];
  using CRegisters = std::uint32_t[2];
  TESSEL_HOST_DEVICE static void fma(std::uint32_t& d0, std::uint32_t& d1, std::uint32_t const& a0, std::uint32_t const& a1,
                                     std::uint32_t const& b0, std::uint32_t const& c0, std::uint32_t const& c1) {
#if defined(TESSEL_ARCH_MMA_SM75)
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3}, {%4}, {%5, %6};\n"
                 : "=r"(d0), "=r"(d1)
                 : "r"(a0), "r"(a1), "r"(b0), "r"(c0), "r"(c1));
#else
    (void)d0, (void)d1, (void)a0, (void)a1, (void)b0, (void)c0, (void)c1;
    detail::missing_instruction("SM75_16x8x8_F16F16F16F16_TN: mma.sync needs device code for sm_75 or later");
#endif
  }
};

template <> struct MMA_Traits<SM75_16x8x8_F32F16F16F32_TN> : MMA_Traits<SM80_16x8x8_F32F16F16F32_TN> {};
template <> struct MMA_Traits<SM75_16x8x8_F16F16F16F16_TN> : MMA_Traits<SM80_16x8x8_F16F16F16F16_TN> {};

}  // namespace TESSEL_NAMESPACE
