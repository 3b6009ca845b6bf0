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

struct SM70_8x8x4_F16F16F16F16_TN {
  using DRegisters = std::uint32_t[4];
  using ARegisters = std::uint32_t[2];
  using BRegisters = std::uint32_t[2];
  using CRegisters = std::uint32_t[4];
  TESSEL_HOST_DEVICE static void fma(std::uint32_t& d0, std::uint32_t& d1, std::uint32_t& d2, std::uint32_t& d3,
                                     std::uint32_t const& a0, std::uint32_t const& a1, std::uint32_t const& b0,
                                     std::uint32_t const& b1, std::uint32_t const& c0, std::uint32_t const& c1,
                                     std::uint32_t const& c2, std::uint32_t const& c3) {
#if defined(TESSEL_ARCH_MMA_SM70)
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16 {%0, %1, %2, %3}, {%4, %5}, {%6, %7}, {%8, %9, %10, %11};\n"
                 : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
                 : "r"(a0), "r"(a1), "r"(b0), "r"(b1), "r"(c0), "r"(c1), "r"(c2), "r"(c3));
#else
    (void)d0, (void)d1, (void)d2, (void)d3, (void)a0, (void)a1, (void)b0, (void)b1, (void)c0, (void)c1, (void)c2, (void)c3;
    detail::missing_instruction("SM70_8x8x4_F16F16F16F16_TN: mma.sync needs device code for sm_70 or later");
#endif
  }
};

template <> struct MMA_Traits<SM70_8x8x4_F16F16F16F16_TN> {
  using ValTypeD = half_t;
  using ValTypeA = half_t;
  using ValTypeB = half_t;
  using ValTypeC = half_t;
  using Shape_MNK = Shape<_8, _8, _4>;
  using ThrID = Layout<Shape<_4, _2>, Stride<_1, _16>>;
  using ALayout = Layout<Shape<_8, _4>, Stride<_1, _8>>;
  using BLayout = Layout<Shape<_8, _4>, Stride<_1, _8>>;
  using CLayout = Layout<Shape<_8, _8>, Stride<_1, _8>>;
};

}  // namespace TESSEL_NAMESPACE
