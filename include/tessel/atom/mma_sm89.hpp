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

struct SM89_16x8x32_F32E4M3E4M3F32_TN {
  using DRegisters = float[4];
  using ARegisters = std::uint32_t[4];
  using BRegisters = std::uint32_t[2];
  using CRegisters = float[4];
  TESSEL_HOST_DEVICE static void fma(float& d0, float& d1, float& d2, float& d3, std::uint32_t const& a0,
                                     std::uint32_t const& a1, std::uint32_t const& a2, std::uint32_t const& a3,
                                     std::uint32_t const& b0, std::uint32_t const& b1, float const& c0, float const& c1,
                                     float const& c2, float const& c3) {
#if defined(TESSEL_ARCH_MMA_SM89_F32)
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
#else
    (void)d0, (void)d1, (void)d2, (void)d3, (void)a0, (void)a1, (void)a2, (void)a3, (void)b0, (void)b1, (void)c0, (void)c1,
        (void)c2, (void)c3;
    detail::missing_instruction("SM89_16x8x32_F32E4M3E4M3F32_TN: mma.sync with fp8 needs device code for sm_89 or later (CUDA 12.4)");
#endif
  }
};
struct SM89_16x8x32_F16E4M3E4M3F16_TN {
  using DRegisters = std::uint32_t[2];
  using ARegisters = std::uint32_t[4];
  using BRegisters = std::uint32_t[2];
  using CRegisters = std::uint32_t[2];
  TESSEL_HOST_DEVICE static void fma(std::uint32_t& d0, std::uint32_t& d1, std::uint32_t const& a0, std::uint32_t const& a1,
                                     std::uint32_t const& a2, std::uint32_t const& a3, std::uint32_t const& b0,
                                     std::uint32_t const& b1, std::uint32_t const& c0, std::uint32_t const& c1) {
#if defined(TESSEL_ARCH_MMA_SM89_F16)
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};\n"
                 : "=r"(d0), "=r"(d1)
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1));
#else
    (void)d0, (void)d1, (void)a0, (void)a1, (void)a2, (void)a3, (void)b0, (void)b1, (void)c0, (void)c1;
    detail::missing_instruction("SM89_16x8x32_F16E4M3E4M3F16_TN: mma.sync with fp8 needs device code for sm_89 or later (CUDA 12.8)");
#endif
  }
};
struct SM89_16x8x32_F32E4M3E5M2F32_TN {
  using DRegisters = float[4];
  using ARegisters = std::uint32_t[4];
  using BRegisters = std::uint32_t[2];
  using CRegisters = float[4];
  TESSEL_HOST_DEVICE static void fma(float& d0, float& d1, float& d2, float& d3, std::uint32_t const& a0,
                                     std::uint32_t const& a1, std::uint32_t const& a2, std::uint32_t const& a3,
                                     std::uint32_t const& b0, std::uint32_t const& b1, float const& c0, float const& c1,
                                     float const& c2, float const& c3) {
#if defined(TESSEL_ARCH_MMA_SM89_F32)
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
#else
    (void)d0, (void)d1, (void)d2, (void)d3, (void)a0, (void)a1, (void)a2, (void)a3, (void)b0, (void)b1, (void)c0, (void)c1,
        (void)c2, (void)c3;
    detail::missing_instruction("SM89_16x8x32_F32E4M3E5M2F32_TN: mma.sync with fp8 needs device code for sm_89 or later (CUDA 12.4)");
#endif
  }
};
struct SM89_16x8x32_F16E4M3E5M2F16_TN {
  using DRegisters = std::uint32_t[2];
  using ARegisters = std::uint32_t[4];
  using BRegisters = std::uint32_t[2];
  using CRegisters = std::uint32_t[2];
  TESSEL_HOST_DEVICE static void fma(std::uint32_t& d0, std::uint32_t& d1, std::uint32_t const& a0, std::uint32_t const& a1,
                                     std::uint32_t const& a2, std::uint32_t const& a3, std::uint32_t const& b0,
                                     std::uint32_t const& b1, std::uint32_t const& c0, std::uint32_t const& c1) {
#if defined(TESSEL_ARCH_MMA_SM89_F16)
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};\n"
                 : "=r"(d0), "=r"(d1)
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1));
#else
    (void)d0, (void)d1, (void)a0, (void)a1, (void)a2, (void)a3, (void)b0, (void)b1, (void)c0, (void)c1;
    detail::missing_instruction("SM89_16x8x32_F16E4M3E5M2F16_TN: mma.sync with fp8 needs device code for sm_89 or later (CUDA 12.8)");
#endif
  }
};
struct SM89_16x8x32_F32E5M2E4M3F32_TN {
  using DRegisters = float[4];
  using ARegisters = std::uint32_t[4];
  using BRegisters = std::uint32_t[2];
  using CRegisters = float[4];
  TESSEL_HOST_DEVICE static void fma(float& d0, float& d1, float& d2, float& d3, std::uint32_t const& a0,
                                     std::uint32_t const& a1, std::uint32_t const& a2, std::uint32_t const& a3,
                                     std::uint32_t const& b0, std::uint32_t const& b1, float const& c0, float const& c1,
                                     float const& c2, float const& c3) {
#if defined(TESSEL_ARCH_MMA_SM89_F32)
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
#else
    (void)d0, (void)d1, (void)d2, (void)d3, (void)a0, (void)a1, (void)a2, (void)a3, (void)b0, (void)b1, (void)c0, (void)c1,
        (void)c2, (void)c3;
    detail::missing_instruction("SM89_16x8x32_F32E5M2E4M3F32_TN: mma.sync with fp8 needs device code for sm_89 or later (CUDA 12.4)");
#endif
  }
};
struct SM89_16x8x32_F16E5M2E4M3F16_TN {
  using DRegisters = std::uint32_t[2];
  using ARegisters = std::uint32_t[4];
  using BRegisters = std::uint32_t[2];
  using CRegisters = std::uint32_t[2];
  TESSEL_HOST_DEVICE static void fma(std::uint32_t& d0, std::uint32_t& d1, std::uint32_t const& a0, std::uint32_t const& a1,
                                     std::uint32_t const& a2, std::uint32_t const& a3, std::uint32_t const& b0,
                                     std::uint32_t const& b1, std::uint32_t const& c0, std::uint32_t const& c1) {
#if defined(TESSEL_ARCH_MMA_SM89_F16)
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};\n"
                 : "=r"(d0), "=r"(d1)
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1));
#else
    (void)d0, (void)d1, (void)a0, (void)a1, (void)a2, (void)a3, (void)b0, (void)b1, (void)c0, (void)c1;
    detail::missing_instruction("SM89_16x8x32_F16E5M2E4M3F16_TN: mma.sync with fp8 needs device code for sm_89 or later (CUDA 12.8)");
#endif
  }
};
struct SM89_16x8x32_F32E5M2E5M2F32_TN {
  using DRegisters = float[4];
  using ARegisters = std::uint32_t[4];
  using BRegisters = std::uint32_t[2];
  using CRegisters = float[4];
  TESSEL_HOST_DEVICE static void fma(float& d0, float& d1, float& d2, float& d3, std::uint32_t const& a0,
                                     std::uint32_t const& a1, std::uint32_t const& a2, std::uint32_t const& a3,
                                     std::uint32_t const& b0, std::uint32_t const& b1, float const& c0, float const& c1,
                                     float const& c2, float const& c3) {
#if defined(TESSEL_ARCH_MMA_SM89_F32)
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
#else
    (void)d0, (void)d1, (void)d2, (void)d3, (void)a0, (void)a1, (void)a2, (void)a3, (void)b0, (void)b1, (void)c0, (void)c1,
        (void)c2, (void)c3;
    detail::missing_instruction("SM89_16x8x32_F32E5M2E5M2F32_TN: mma.sync with fp8 needs device code for sm_89 or later (CUDA 12.4)");
#endif
  }
};
struct SM89_16x8x32_F16E5M2E5M2F16_TN {
  using DRegisters = std::uint32_t[2];
  using ARegisters = std::uint32_t[4];
  using BRegisters = std::uint32_t[2];
  using CRegisters = std::uint32_t[2];
  TESSEL_HOST_DEVICE static void fma(std::uint32_t& d0, std::uint32_t& d1, std::uint32_t const& a0, std::uint32_t const& a1,
                                     std::uint32_t const& a2, std::uint32_t const& a3, std::uint32_t const& b0,
                                     std::uint32_t const& b1, std::uint32_t const& c0, std::uint32_t const& c1) {
#if defined(TESSEL_ARCH_MMA_SM89_F16)
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e5m2.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};\n"
                 : "=r"(d0), "=r"(d1)
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1));
#else
    (void)d0, (void)d1, (void)a0, (void)a1, (void)a2, (void)a3, (void)b0, (void)b1, (void)c0, (void)c1;
    detail::missing_instruction("SM89_16x8x32_F16E5M2E5M2F16_TN: mma.sync with fp8 needs device code for sm_89 or later (CUDA 12.8)");
#endif
  }
};

#if defined(TESSEL_HAS_CUTLASS_TYPES)
namespace detail::sm89 {
template <class D, class A, class B>
struct traits : MMA_Traits<SM80_16x8x32_S32S8S8S32_TN> {
  using ValTypeD = D;
  using ValTypeA = A;
  using ValTypeB = B;
  using ValTypeC = D;
};
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
