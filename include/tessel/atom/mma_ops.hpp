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

// ---- mma.sync: one warp (Volta: one quad-pair), A row-major (T) and B column-major (N) --------------
//
// Each operation (SM70_*, SM75_*, SM80_* and SM89_*, the fragments in their
// traits: mma_traits.hpp, mma_sm70.hpp, mma_sm75.hpp, mma_sm80_*.hpp,
// mma_sm89.hpp) is one instruction of one register signature. One template
// holds them all (detail::mma_sync::MmaSync): the signature's registers and
// fma() are written once, each operation names its instruction.

namespace detail::mma_sync {

// The instructions, one per operation.
enum class Mma {
  sm70_f16,                                                       // m8n8k4 f16 on sm_70
  sm75_f32_f16, sm75_f16,                                         // m16n8k8 on sm_75
  m16n8k8_f16, m16n8k16_f16, m16n8k8_f32_f16, m16n8k8_f32_bf16,   // sm_80
  m16n8k16_f32_f16, m16n8k16_f32_bf16, m16n8k8_f32_tf32, m16n8k32_s32_s8, m8n8k4_f64,
  sm89_f32_e4m3_e4m3, sm89_f32_e4m3_e5m2, sm89_f32_e5m2_e4m3, sm89_f32_e5m2_e5m2,  // m16n8k32 fp8
  sm89_f16_e4m3_e4m3, sm89_f16_e4m3_e5m2, sm89_f16_e5m2_e4m3, sm89_f16_e5m2_e5m2,
};

// Whether this compilation is device code that has instruction i: from its
// architecture on (sm_70, sm_75, sm_80); Ada's fp8 from sm_89 with CUDA 12.4
// (f32 accumulation) or 12.8 (f16 accumulation).
TESSEL_HOST_DEVICE constexpr bool has(Mma i) {
#if defined(__CUDA_ARCH__) && defined(__CUDACC_VER_MAJOR__)
  constexpr int arch = __CUDA_ARCH__, cuda = __CUDACC_VER_MAJOR__ * 100 + __CUDACC_VER_MINOR__;
#elif defined(__CUDA_ARCH__)
  constexpr int arch = __CUDA_ARCH__, cuda = 0;
#else
  constexpr int arch = 0, cuda = 0;
#endif
  if (i == Mma::sm70_f16) return arch >= 700;
  if (i == Mma::sm75_f32_f16 || i == Mma::sm75_f16) return arch >= 750;
  if (i >= Mma::sm89_f16_e4m3_e4m3) return arch >= 890 && cuda >= 1208;
  if (i >= Mma::sm89_f32_e4m3_e4m3) return arch >= 890 && cuda >= 1204;
  return arch >= 800;
}

// The named error of operation i where the compilation does not have it.
TESSEL_HOST_DEVICE constexpr char const* missing(Mma i) {
  switch (i) {
    case Mma::sm70_f16: return "SM70_8x8x4_F16F16F16F16_TN: mma.sync needs device code for sm_70 or later";
    case Mma::sm75_f32_f16: return "SM75_16x8x8_F32F16F16F32_TN: mma.sync needs device code for sm_75 or later";
    case Mma::sm75_f16: return "SM75_16x8x8_F16F16F16F16_TN: mma.sync needs device code for sm_75 or later";
    case Mma::m16n8k8_f16: return "SM80_16x8x8_F16F16F16F16_TN: mma.sync needs device code for sm_80 or later";
    case Mma::m16n8k16_f16: return "SM80_16x8x16_F16F16F16F16_TN: mma.sync needs device code for sm_80 or later";
    case Mma::m16n8k8_f32_f16: return "SM80_16x8x8_F32F16F16F32_TN: mma.sync needs device code for sm_80 or later";
    case Mma::m16n8k8_f32_bf16: return "SM80_16x8x8_F32BF16BF16F32_TN: mma.sync needs device code for sm_80 or later";
    case Mma::m16n8k16_f32_f16: return "SM80_16x8x16_F32F16F16F32_TN: mma.sync needs device code for sm_80 or later";
    case Mma::m16n8k16_f32_bf16: return "SM80_16x8x16_F32BF16BF16F32_TN: mma.sync needs device code for sm_80 or later";
    case Mma::m16n8k8_f32_tf32: return "SM80_16x8x8_F32TF32TF32F32_TN: mma.sync needs device code for sm_80 or later";
    case Mma::m16n8k32_s32_s8: return "SM80_16x8x32_S32S8S8S32_TN: mma.sync needs device code for sm_80 or later";
    case Mma::m8n8k4_f64: return "SM80_8x8x4_F64F64F64F64_TN: mma.sync needs device code for sm_80 or later";
    case Mma::sm89_f32_e4m3_e4m3: return "SM89_16x8x32_F32E4M3E4M3F32_TN: mma.sync with fp8 needs device code for sm_89 or later (CUDA 12.4)";
    case Mma::sm89_f32_e4m3_e5m2: return "SM89_16x8x32_F32E4M3E5M2F32_TN: mma.sync with fp8 needs device code for sm_89 or later (CUDA 12.4)";
    case Mma::sm89_f32_e5m2_e4m3: return "SM89_16x8x32_F32E5M2E4M3F32_TN: mma.sync with fp8 needs device code for sm_89 or later (CUDA 12.4)";
    case Mma::sm89_f32_e5m2_e5m2: return "SM89_16x8x32_F32E5M2E5M2F32_TN: mma.sync with fp8 needs device code for sm_89 or later (CUDA 12.4)";
    case Mma::sm89_f16_e4m3_e4m3: return "SM89_16x8x32_F16E4M3E4M3F16_TN: mma.sync with fp8 needs device code for sm_89 or later (CUDA 12.8)";
    case Mma::sm89_f16_e4m3_e5m2: return "SM89_16x8x32_F16E4M3E5M2F16_TN: mma.sync with fp8 needs device code for sm_89 or later (CUDA 12.8)";
    case Mma::sm89_f16_e5m2_e4m3: return "SM89_16x8x32_F16E5M2E4M3F16_TN: mma.sync with fp8 needs device code for sm_89 or later (CUDA 12.8)";
    case Mma::sm89_f16_e5m2_e5m2: return "SM89_16x8x32_F16E5M2E5M2F16_TN: mma.sync with fp8 needs device code for sm_89 or later (CUDA 12.8)";
  }
  return "mma.sync: no such operation";
}

// The register signatures: D and C, A, B (32-bit registers, f64 aside).
enum class Sig { f32_a4, f16_a4, f32_a2, f16_a2, u32x4_a4, u32x4_a2, f64 };
TESSEL_HOST_DEVICE constexpr Sig signature(Mma i) {
  if (i == Mma::sm70_f16) return Sig::u32x4_a2;
  if (i == Mma::m16n8k32_s32_s8) return Sig::u32x4_a4;
  if (i == Mma::m8n8k4_f64) return Sig::f64;
  if (i == Mma::sm75_f32_f16 || i == Mma::m16n8k8_f32_f16 || i == Mma::m16n8k8_f32_bf16) return Sig::f32_a2;
  if (i == Mma::sm75_f16 || i == Mma::m16n8k8_f16) return Sig::f16_a2;
  if (i == Mma::m16n8k16_f16 || i >= Mma::sm89_f16_e4m3_e4m3) return Sig::f16_a4;
  return Sig::f32_a4;
}
template <class DC, int ND, class AB, int NA, int NB>
struct Registers {
  using DRegisters = DC[ND];
  using ARegisters = AB[NA];
  using BRegisters = AB[NB];
  using CRegisters = DC[ND];
};
template <Sig S> struct RegistersOf;
template <> struct RegistersOf<Sig::f32_a4> : Registers<float, 4, std::uint32_t, 4, 2> {};
template <> struct RegistersOf<Sig::f16_a4> : Registers<std::uint32_t, 2, std::uint32_t, 4, 2> {};
template <> struct RegistersOf<Sig::f32_a2> : Registers<float, 4, std::uint32_t, 2, 1> {};
template <> struct RegistersOf<Sig::f16_a2> : Registers<std::uint32_t, 2, std::uint32_t, 2, 1> {};
template <> struct RegistersOf<Sig::u32x4_a4> : Registers<std::uint32_t, 4, std::uint32_t, 4, 2> {};
template <> struct RegistersOf<Sig::u32x4_a2> : Registers<std::uint32_t, 4, std::uint32_t, 2, 2> {};
template <> struct RegistersOf<Sig::f64> : Registers<double, 2, double, 1, 1> {};

// Where the compilation lacks the instruction: its named error.
template <class... R>
[[noreturn]] TESSEL_HOST_DEVICE void unavailable(Mma i, R const&...) {
  missing_instruction(missing(i));
}

// fma() of signature S for instruction I (one specialization per signature, so
// that each operation has one fma, as CuTe's).
template <Sig S, Mma I>
struct Fma;

// m16n8k16 of f16/bf16 pairs, m16n8k8 of tf32, m16n8k32 of fp8 quadruples, f32 accumulators.
template <Mma I>
struct Fma<Sig::f32_a4, I> {
  TESSEL_HOST_DEVICE static void fma(float& d0, float& d1, float& d2, float& d3, std::uint32_t const& a0, std::uint32_t const& a1, std::uint32_t const& a2, std::uint32_t const& a3, std::uint32_t const& b0, std::uint32_t const& b1, float const& c0, float const& c1, float const& c2, float const& c3) {
    if constexpr (!has(I)) {
      unavailable(I, d0, d1, d2, d3, a0, a1, a2, a3, b0, b1, c0, c1, c2, c3);
    } else {
      if constexpr (I == Mma::m16n8k16_f32_f16) asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n" : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
      if constexpr (I == Mma::m16n8k16_f32_bf16) asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n" : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
      if constexpr (I == Mma::m16n8k8_f32_tf32) asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n" : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
      if constexpr (I == Mma::sm89_f32_e4m3_e4m3) asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n" : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
      if constexpr (I == Mma::sm89_f32_e4m3_e5m2) asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n" : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
      if constexpr (I == Mma::sm89_f32_e5m2_e4m3) asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n" : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
      if constexpr (I == Mma::sm89_f32_e5m2_e5m2) asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n" : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
    }
  }
};

// m16n8k16 of f16 pairs, m16n8k32 of fp8 quadruples, f16 accumulators (two per register).
template <Mma I>
struct Fma<Sig::f16_a4, I> {
  TESSEL_HOST_DEVICE static void fma(std::uint32_t& d0, std::uint32_t& d1, std::uint32_t const& a0, std::uint32_t const& a1, std::uint32_t const& a2, std::uint32_t const& a3, std::uint32_t const& b0, std::uint32_t const& b1, std::uint32_t const& c0, std::uint32_t const& c1) {
    if constexpr (!has(I)) {
      unavailable(I, d0, d1, a0, a1, a2, a3, b0, b1, c0, c1);
    } else {
      if constexpr (I == Mma::m16n8k16_f16) asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};\n" : "=r"(d0), "=r"(d1) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1));
      if constexpr (I == Mma::sm89_f16_e4m3_e4m3) asm volatile("mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};\n" : "=r"(d0), "=r"(d1) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1));
      if constexpr (I == Mma::sm89_f16_e4m3_e5m2) asm volatile("mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e5m2.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};\n" : "=r"(d0), "=r"(d1) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1));
      if constexpr (I == Mma::sm89_f16_e5m2_e4m3) asm volatile("mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};\n" : "=r"(d0), "=r"(d1) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1));
      if constexpr (I == Mma::sm89_f16_e5m2_e5m2) asm volatile("mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e5m2.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};\n" : "=r"(d0), "=r"(d1) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1));
    }
  }
};

// m16n8k8 of f16/bf16 pairs, f32 accumulators.
template <Mma I>
struct Fma<Sig::f32_a2, I> {
  TESSEL_HOST_DEVICE static void fma(float& d0, float& d1, float& d2, float& d3, std::uint32_t const& a0, std::uint32_t const& a1, std::uint32_t const& b0, float const& c0, float const& c1, float const& c2, float const& c3) {
    if constexpr (!has(I)) {
      unavailable(I, d0, d1, d2, d3, a0, a1, b0, c0, c1, c2, c3);
    } else {
      if constexpr (I == Mma::m16n8k8_f32_f16 || I == Mma::sm75_f32_f16) asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n" : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3) : "r"(a0), "r"(a1), "r"(b0), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
      if constexpr (I == Mma::m16n8k8_f32_bf16) asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};\n" : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3) : "r"(a0), "r"(a1), "r"(b0), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
    }
  }
};

// m16n8k8 of f16 pairs, f16 accumulators.
template <Mma I>
struct Fma<Sig::f16_a2, I> {
  TESSEL_HOST_DEVICE static void fma(std::uint32_t& d0, std::uint32_t& d1, std::uint32_t const& a0, std::uint32_t const& a1, std::uint32_t const& b0, std::uint32_t const& c0, std::uint32_t const& c1) {
    if constexpr (!has(I)) unavailable(I, d0, d1, a0, a1, b0, c0, c1);
    else asm volatile("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3}, {%4}, {%5, %6};\n" : "=r"(d0), "=r"(d1) : "r"(a0), "r"(a1), "r"(b0), "r"(c0), "r"(c1));
  }
};

// m16n8k32 of s8 quadruples, s32 accumulators.
template <Mma I>
struct Fma<Sig::u32x4_a4, I> {
  TESSEL_HOST_DEVICE static void fma(std::uint32_t& d0, std::uint32_t& d1, std::uint32_t& d2, std::uint32_t& d3, std::uint32_t const& a0, std::uint32_t const& a1, std::uint32_t const& a2, std::uint32_t const& a3, std::uint32_t const& b0, std::uint32_t const& b1, std::uint32_t const& c0, std::uint32_t const& c1, std::uint32_t const& c2, std::uint32_t const& c3) {
    if constexpr (!has(I)) unavailable(I, d0, d1, d2, d3, a0, a1, a2, a3, b0, b1, c0, c1, c2, c3);
    else asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n" : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1), "r"(c2), "r"(c3));
  }
};

// Volta's m8n8k4 of f16 pairs on a quad-pair, f16 accumulators.
template <Mma I>
struct Fma<Sig::u32x4_a2, I> {
  TESSEL_HOST_DEVICE static void fma(std::uint32_t& d0, std::uint32_t& d1, std::uint32_t& d2, std::uint32_t& d3, std::uint32_t const& a0, std::uint32_t const& a1, std::uint32_t const& b0, std::uint32_t const& b1, std::uint32_t const& c0, std::uint32_t const& c1, std::uint32_t const& c2, std::uint32_t const& c3) {
    if constexpr (!has(I)) unavailable(I, d0, d1, d2, d3, a0, a1, b0, b1, c0, c1, c2, c3);
    else asm volatile("mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16 {%0, %1, %2, %3}, {%4, %5}, {%6, %7}, {%8, %9, %10, %11};\n" : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3) : "r"(a0), "r"(a1), "r"(b0), "r"(b1), "r"(c0), "r"(c1), "r"(c2), "r"(c3));
  }
};

// m8n8k4 of f64.
template <Mma I>
struct Fma<Sig::f64, I> {
  TESSEL_HOST_DEVICE static void fma(double& d0, double& d1, double const& a0, double const& b0, double const& c0, double const& c1) {
    if constexpr (!has(I)) unavailable(I, d0, d1, a0, b0, c0, c1);
    else asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%4, %5};\n" : "=d"(d0), "=d"(d1) : "d"(a0), "d"(b0), "d"(c0), "d"(c1));
  }
};

// Operation I: the registers and the fma of its signature.
template <Mma I>
struct MmaSync : RegistersOf<signature(I)>, Fma<signature(I), I> {};

}  // namespace detail::mma_sync

// The operations (CuTe's names), each its instruction (mma_sm70.hpp, mma_sm75.hpp,
// mma_sm80_int.hpp, mma_sm80_f64.hpp and mma_sm89.hpp give them their traits):
// D = A * B + C, the shapes and types in the name (SM{arch}_{M}x{N}x{K}_{D}{A}{B}{C}_TN).
struct SM70_8x8x4_F16F16F16F16_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::sm70_f16> {};
struct SM75_16x8x8_F32F16F16F32_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::sm75_f32_f16> {};
struct SM75_16x8x8_F16F16F16F16_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::sm75_f16> {};
struct SM80_16x8x8_F16F16F16F16_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::m16n8k8_f16> {};
struct SM80_16x8x16_F16F16F16F16_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::m16n8k16_f16> {};
struct SM80_16x8x8_F32F16F16F32_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::m16n8k8_f32_f16> {};
struct SM80_16x8x8_F32BF16BF16F32_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::m16n8k8_f32_bf16> {};
struct SM80_16x8x16_F32F16F16F32_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::m16n8k16_f32_f16> {};
struct SM80_16x8x16_F32BF16BF16F32_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::m16n8k16_f32_bf16> {};
struct SM80_16x8x8_F32TF32TF32F32_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::m16n8k8_f32_tf32> {};
struct SM80_16x8x32_S32S8S8S32_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::m16n8k32_s32_s8> {};
struct SM80_8x8x4_F64F64F64F64_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::m8n8k4_f64> {};
struct SM89_16x8x32_F32E4M3E4M3F32_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::sm89_f32_e4m3_e4m3> {};
struct SM89_16x8x32_F32E4M3E5M2F32_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::sm89_f32_e4m3_e5m2> {};
struct SM89_16x8x32_F32E5M2E4M3F32_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::sm89_f32_e5m2_e4m3> {};
struct SM89_16x8x32_F32E5M2E5M2F32_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::sm89_f32_e5m2_e5m2> {};
struct SM89_16x8x32_F16E4M3E4M3F16_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::sm89_f16_e4m3_e4m3> {};
struct SM89_16x8x32_F16E4M3E5M2F16_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::sm89_f16_e4m3_e5m2> {};
struct SM89_16x8x32_F16E5M2E4M3F16_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::sm89_f16_e5m2_e4m3> {};
struct SM89_16x8x32_F16E5M2E5M2F16_TN : detail::mma_sync::MmaSync<detail::mma_sync::Mma::sm89_f16_e5m2_e5m2> {};

}  // namespace tessel
