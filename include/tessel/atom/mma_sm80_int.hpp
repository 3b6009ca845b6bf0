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

struct SM80_16x8x32_S32S8S8S32_TN {
  using DRegisters = std::uint32_t[4];
  using ARegisters = std::uint32_t[4];
  using BRegisters = std::uint32_t[2];
  using CRegisters = std::uint32_t[4];
  TESSEL_HOST_DEVICE static void fma(std::uint32_t& d0, std::uint32_t& d1, std::uint32_t& d2, std::uint32_t& d3,
                                     std::uint32_t const& a0, std::uint32_t const& a1, std::uint32_t const& a2,
                                     std::uint32_t const& a3, std::uint32_t const& b0, std::uint32_t const& b1,
                                     std::uint32_t const& c0, std::uint32_t const& c1, std::uint32_t const& c2,
                                     std::uint32_t const& c3) {
#if defined(TESSEL_ARCH_MMA_SM80)
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1), "r"(c2), "r"(c3));
#else
    (void)d0, (void)d1, (void)d2, (void)d3, (void)a0, (void)a1, (void)a2, (void)a3, (void)b0, (void)b1, (void)c0, (void)c1,
        (void)c2, (void)c3;
    detail::missing_instruction("SM80_16x8x32_S32S8S8S32_TN: mma.sync needs device code for sm_80 or later");
#endif
  }
};

template <> struct MMA_Traits<SM80_16x8x32_S32S8S8S32_TN> {
  using ValTypeD = std::int32_t;
  using ValTypeA = std::int8_t;
  using ValTypeB = std::int8_t;
  using ValTypeC = std::int32_t;
  using Shape_MNK = Shape<_16, _8, _32>;
  using ThrID = Layout<_32>;
  using ALayout = Layout<Shape<Shape<_4, _8>, Shape<_4, _2, _2>>, Stride<Stride<_64, _1>, Stride<_16, _8, _256>>>;
  using BLayout = Layout<Shape<Shape<_4, _8>, Shape<_4, _2>>, Stride<Stride<_32, _1>, Stride<_8, _128>>>;
  using CLayout = detail::sm80::C16x8;
};

}  // namespace TESSEL_NAMESPACE
