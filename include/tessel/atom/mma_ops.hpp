// tessel/atom/mma_ops.hpp: the MMA operations, each one instruction (or one
// scalar multiply-add) on registers: which registers it reads and writes
// (DRegisters, ARegisters, BRegisters, CRegisters as arrays) and fma(), which
// issues it. Their layouts over threads and values are in mma_traits.hpp.
//
// The tensor-core instructions exist only in device code of a GPU that has
// them (mma.sync: sm_80 and later). Elsewhere fma() stops with a named error:
// a trap in device code for an older GPU, tessel::error on the host.
#pragma once

#include <cstdint>

#include "../config.hpp"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#  define TESSEL_ARCH_MMA_SM80 1
#endif

namespace TESSEL_NAMESPACE {

namespace detail {
// The error of an instruction asked for where the target has none.
[[noreturn]] TESSEL_HOST_DEVICE void missing_instruction(char const* what) { fail(what); }
}  // namespace detail

// d = a * b + c on one element each, in the types given (any thread, any target).
template <class D, class A = D, class B = A, class C = D>
struct UniversalFMA {
  using DRegisters = D[1];
  using ARegisters = A[1];
  using BRegisters = B[1];
  using CRegisters = C[1];
  // d = a*b + c, computed in the promoted type of a*b + c and converted to D.
  TESSEL_HOST_DEVICE static constexpr void fma(D& d, A const& a, B const& b, C const& c) { d = D(a * b + c); }
};

// ---- Ampere mma.sync, m16n8k*: one warp, A row-major (T) and B column-major (N) -------------------

// D(16x8, f16) = A(16x8, f16) * B(8x8, f16) + C(16x8, f16).
struct SM80_16x8x8_F16F16F16F16_TN {
  using DRegisters = std::uint32_t[2];
  using ARegisters = std::uint32_t[2];
  using BRegisters = std::uint32_t[1];
  using CRegisters = std::uint32_t[2];
  // One mma.sync.m16n8k8 with f16 accumulation.
  TESSEL_HOST_DEVICE static void fma(std::uint32_t& d0, std::uint32_t& d1, std::uint32_t const& a0, std::uint32_t const& a1,
                                     std::uint32_t const& b0, std::uint32_t const& c0, std::uint32_t const& c1) {
#if defined(TESSEL_ARCH_MMA_SM80)
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3}, {%4}, {%5, %6};\n"
                 : "=r"(d0), "=r"(d1)
                 : "r"(a0), "r"(a1), "r"(b0), "r"(c0), "r"(c1));
#else
    (void)d0, (void)d1, (void)a0, (void)a1, (void)b0, (void)c0, (void)c1;
    detail::missing_instruction("SM80_16x8x8_F16F16F16F16_TN: mma.sync needs device code for sm_80 or later");
#endif
  }
};

// D(16x8, f16) = A(16x16, f16) * B(16x8, f16) + C(16x8, f16).
struct SM80_16x8x16_F16F16F16F16_TN {
  using DRegisters = std::uint32_t[2];
  using ARegisters = std::uint32_t[4];
  using BRegisters = std::uint32_t[2];
  using CRegisters = std::uint32_t[2];
  // One mma.sync.m16n8k16 with f16 accumulation.
  TESSEL_HOST_DEVICE static void fma(std::uint32_t& d0, std::uint32_t& d1, std::uint32_t const& a0, std::uint32_t const& a1,
                                     std::uint32_t const& a2, std::uint32_t const& a3, std::uint32_t const& b0,
                                     std::uint32_t const& b1, std::uint32_t const& c0, std::uint32_t const& c1) {
#if defined(TESSEL_ARCH_MMA_SM80)
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};\n"
                 : "=r"(d0), "=r"(d1)
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1));
#else
    (void)d0, (void)d1, (void)a0, (void)a1, (void)a2, (void)a3, (void)b0, (void)b1, (void)c0, (void)c1;
    detail::missing_instruction("SM80_16x8x16_F16F16F16F16_TN: mma.sync needs device code for sm_80 or later");
#endif
  }
};

// The m16n8k8 shapes with f32 accumulation: two A registers (f16/bf16 pairs), one B register.
#define TESSEL_SM80_MMA_K8_F32(NAME, PTX_TYPES)                                                              \
  struct NAME {                                                                                              \
    using DRegisters = float[4];                                                                             \
    using ARegisters = std::uint32_t[2];                                                                     \
    using BRegisters = std::uint32_t[1];                                                                     \
    using CRegisters = float[4];                                                                             \
    TESSEL_HOST_DEVICE static void fma(float& d0, float& d1, float& d2, float& d3, std::uint32_t const& a0,   \
                                       std::uint32_t const& a1, std::uint32_t const& b0, float const& c0,      \
                                       float const& c1, float const& c2, float const& c3) {                    \
      TESSEL_SM80_MMA_K8_F32_BODY(NAME, PTX_TYPES)                                                           \
    }                                                                                                        \
  };
#if defined(TESSEL_ARCH_MMA_SM80)
#  define TESSEL_SM80_MMA_K8_F32_BODY(NAME, PTX_TYPES)                                                  \
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32." PTX_TYPES                                      \
                 ".f32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n"                           \
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)                                                \
                 : "r"(a0), "r"(a1), "r"(b0), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
#else
#  define TESSEL_SM80_MMA_K8_F32_BODY(NAME, PTX_TYPES)                                                  \
    (void)d0, (void)d1, (void)d2, (void)d3, (void)a0, (void)a1, (void)b0, (void)c0, (void)c1, (void)c2, \
        (void)c3;                                                                                       \
    detail::missing_instruction(#NAME ": mma.sync needs device code for sm_80 or later");
#endif
// D(16x8, f32) = A(16x8, f16) * B(8x8, f16) + C(16x8, f32).
TESSEL_SM80_MMA_K8_F32(SM80_16x8x8_F32F16F16F32_TN, "f16.f16")
// D(16x8, f32) = A(16x8, bf16) * B(8x8, bf16) + C(16x8, f32).
TESSEL_SM80_MMA_K8_F32(SM80_16x8x8_F32BF16BF16F32_TN, "bf16.bf16")
#undef TESSEL_SM80_MMA_K8_F32
#undef TESSEL_SM80_MMA_K8_F32_BODY

// The shapes with f32 accumulation, four A registers and two B registers:
// m16n8k16 for f16/bf16 (pairs per register), m16n8k8 for tf32 (one per register).
#define TESSEL_SM80_MMA_A4_F32(NAME, PTX_SHAPE_TYPES)                                                        \
  struct NAME {                                                                                              \
    using DRegisters = float[4];                                                                             \
    using ARegisters = std::uint32_t[4];                                                                     \
    using BRegisters = std::uint32_t[2];                                                                     \
    using CRegisters = float[4];                                                                             \
    TESSEL_HOST_DEVICE static void fma(float& d0, float& d1, float& d2, float& d3, std::uint32_t const& a0,   \
                                       std::uint32_t const& a1, std::uint32_t const& a2,                      \
                                       std::uint32_t const& a3, std::uint32_t const& b0,                      \
                                       std::uint32_t const& b1, float const& c0, float const& c1,             \
                                       float const& c2, float const& c3) {                                    \
      TESSEL_SM80_MMA_A4_F32_BODY(NAME, PTX_SHAPE_TYPES)                                                     \
    }                                                                                                        \
  };
#if defined(TESSEL_ARCH_MMA_SM80)
#  define TESSEL_SM80_MMA_A4_F32_BODY(NAME, PTX_SHAPE_TYPES)                                            \
    asm volatile("mma.sync.aligned." PTX_SHAPE_TYPES                                                    \
                 ".f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"            \
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)                                                \
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2),      \
                   "f"(c3));
#else
#  define TESSEL_SM80_MMA_A4_F32_BODY(NAME, PTX_SHAPE_TYPES)                                            \
    (void)d0, (void)d1, (void)d2, (void)d3, (void)a0, (void)a1, (void)a2, (void)a3, (void)b0, (void)b1, \
        (void)c0, (void)c1, (void)c2, (void)c3;                                                         \
    detail::missing_instruction(#NAME ": mma.sync needs device code for sm_80 or later");
#endif
// D(16x8, f32) = A(16x16, f16) * B(16x8, f16) + C(16x8, f32).
TESSEL_SM80_MMA_A4_F32(SM80_16x8x16_F32F16F16F32_TN, "m16n8k16.row.col.f32.f16.f16")
// D(16x8, f32) = A(16x16, bf16) * B(16x8, bf16) + C(16x8, f32).
TESSEL_SM80_MMA_A4_F32(SM80_16x8x16_F32BF16BF16F32_TN, "m16n8k16.row.col.f32.bf16.bf16")
// D(16x8, f32) = A(16x8, tf32) * B(8x8, tf32) + C(16x8, f32).
TESSEL_SM80_MMA_A4_F32(SM80_16x8x8_F32TF32TF32F32_TN, "m16n8k8.row.col.f32.tf32.tf32")
#undef TESSEL_SM80_MMA_A4_F32
#undef TESSEL_SM80_MMA_A4_F32_BODY

}  // namespace tessel
