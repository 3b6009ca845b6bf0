// tessel/atom/copy_ops.hpp: the copy operations, each one instruction (or
// one assignment) on registers: the registers it reads and writes
// (SRegisters, DRegisters as arrays) and copy(), which issues it. Their
// layouts over threads and bits are in copy_traits.hpp.
//   UniversalCopy<S, D>     dst = src, any target;
//   AutoVectorizingCopy     a whole-tensor copy with the widest vectors the layouts allow;
//   SM75_U32x{1,2,4}_LDSM_N ldmatrix of 1, 2, 4 8x8 b16 matrices (sm_75+);
//   SM75_U16x{2,4,8}_LDSM_T the same, transposed (.trans);
//   SM90_U32x{1,2,4}_STSM_N, SM90_U16x{2,4,8}_STSM_T: stmatrix, its mirror (sm_90+; traits: copy_sm90_stsm.hpp);
//   SM80_CP_ASYNC_CACHEALWAYS<S>, SM80_CP_ASYNC_CACHEGLOBAL<S>: cp.async.ca / .cg
//   global -> shared (sm_80+), with cp_async_fence() and cp_async_wait<N>().
// An instruction the target lacks stops with a named error (device trap or
// tessel::error on the host).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "../container/bit_field.hpp"
#include "../int/integral.hpp"
#include "mma_ops.hpp"
#include "numeric.hpp"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750
#  define TESSEL_ARCH_LDSM_SM75 1
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#  define TESSEL_ARCH_CP_ASYNC_SM80 1
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#  define TESSEL_ARCH_STSM_SM90 1
#  if defined(TESSEL_CUTE_COMPAT) && !defined(CUTE_ARCH_STSM_SM90_ENABLED)
#    define CUTE_ARCH_STSM_SM90_ENABLED
#  endif
#endif

namespace TESSEL_NAMESPACE {

namespace detail {
template <int Bits> struct uint_bit;
template <> struct uint_bit<8> { using type = std::uint8_t; };
template <> struct uint_bit<16> { using type = std::uint16_t; };
template <> struct uint_bit<32> { using type = std::uint32_t; };
template <> struct uint_bit<64> { using type = std::uint64_t; };
template <> struct uint_bit<128> { using type = uint128_t; };

#if defined(__CUDA_ARCH__)
// The shared-memory address (32 bits) of a generic pointer into shared memory.
TESSEL_DEVICE std::uint32_t smem_address(void const* p) { return static_cast<std::uint32_t>(__cvta_generic_to_shared(p)); }
#endif
}  // namespace detail

// uint_bit_t<Bits>: an unsigned integer of Bits bits (container/bit_field.hpp;
// 128 bits: uint128_t).

// dst = src, one element (of at least 8 bits).
template <class S, class D = S>
struct UniversalCopy {
  using SRegisters = S[1];
  using DRegisters = D[1];
  static_assert(sizeof(S) >= 1 && sizeof(D) >= 1, "tessel::UniversalCopy: elements of at least 8 bits");
  // dst = src. (On the host, the same bytes through memcpy where the types
  // are one size: the atoms reach elements through recast, and memcpy keeps
  // the host compiler's aliasing rules from reordering those accesses.)
  TESSEL_HOST_DEVICE static void copy(S const& src, D& dst) {
#if TESSEL_ON_DEVICE
    dst = src;
#else
    if constexpr (sizeof(S) == sizeof(D) && std::is_trivially_copyable_v<S> && std::is_trivially_copyable_v<D>) {
      std::memcpy(static_cast<void*>(&dst), static_cast<void const*>(&src), sizeof(S));
    } else {
      dst = src;
    }
#endif
  }
};

// A copy that vectorises over whole tensors, assuming pointers and dynamic
// strides aligned to MaxVecBits (tessel checks the pointers at run time).
template <int MaxVecBits = 128>
struct AutoVectorizingCopyWithAssumedAlignment : UniversalCopy<uint_bit_t<MaxVecBits>> {
  static_assert(MaxVecBits == 8 || MaxVecBits == 16 || MaxVecBits == 32 || MaxVecBits == 64 || MaxVecBits == 128,
                "tessel::AutoVectorizingCopyWithAssumedAlignment: MaxVecBits is 8, 16, 32, 64 or 128");
};
using AutoVectorizingCopy = AutoVectorizingCopyWithAssumedAlignment<128>;
using DefaultCopy = AutoVectorizingCopyWithAssumedAlignment<8>;

// ---- ldmatrix (sm_75+), stmatrix (sm_90+): each thread gives the address of one 16-byte row ---------

namespace detail {
#if defined(TESSEL_ARCH_LDSM_SM75)
inline constexpr bool has_ldsm = true;
#else
inline constexpr bool has_ldsm = false;
#endif

// The shared-memory address of the row a thread points at (ldmatrix's and stmatrix's operand; device code).
TESSEL_HOST_DEVICE std::uint32_t row_address([[maybe_unused]] uint128_t const& row) {
#if defined(__CUDA_ARCH__)
  return smem_address(&row);
#else
  return 0;
#endif
}

// ldmatrix.sync.aligned.xX(.trans).m8n8.shared.b16: X 8x8 b16 matrices (X = 1, 2, 4)
// from the 16-byte rows the threads point at (threads 0-7 for matrix 0, 8-15
// for matrix 1, ...) into X registers, register j holding matrix j. Not
// transposed, thread t gets row t/4, elements 2(t%4) and 2(t%4)+1; transposed,
// column t/4, elements of rows 2(t%4) and 2(t%4)+1. copy() takes the row then
// the X registers (one overload per X).
// copy() of LdMatrix<X, Trans>, one specialization per X (so that each operation has one copy, as CuTe's).
template <int X, bool Trans>
struct LdsmCopy;

template <bool Trans>
struct LdsmCopy<1, Trans> {
  static constexpr int X = 1;
  TESSEL_HOST_DEVICE static void copy(uint128_t const& row, std::uint32_t& d0) {
    if constexpr (!has_ldsm) (void)row, (void)d0, missing_instruction("ldmatrix needs device code for sm_75 or later");
    else if constexpr (Trans) asm volatile("ldmatrix.sync.aligned.x1.trans.m8n8.shared.b16 {%0}, [%1];\n" : "=r"(d0) : "r"(row_address(row)));
    else asm volatile("ldmatrix.sync.aligned.x1.m8n8.shared.b16 {%0}, [%1];\n" : "=r"(d0) : "r"(row_address(row)));
  }
};

template <bool Trans>
struct LdsmCopy<2, Trans> {
  static constexpr int X = 2;
  TESSEL_HOST_DEVICE static void copy(uint128_t const& row, std::uint32_t& d0, std::uint32_t& d1) {
    if constexpr (!has_ldsm) (void)row, (void)d0, (void)d1, missing_instruction("ldmatrix needs device code for sm_75 or later");
    else if constexpr (Trans) asm volatile("ldmatrix.sync.aligned.x2.trans.m8n8.shared.b16 {%0, %1}, [%2];\n" : "=r"(d0), "=r"(d1) : "r"(row_address(row)));
    else asm volatile("ldmatrix.sync.aligned.x2.m8n8.shared.b16 {%0, %1}, [%2];\n" : "=r"(d0), "=r"(d1) : "r"(row_address(row)));
  }
};

template <bool Trans>
struct LdsmCopy<4, Trans> {
  static constexpr int X = 4;
  TESSEL_HOST_DEVICE static void copy(uint128_t const& row, std::uint32_t& d0, std::uint32_t& d1, std::uint32_t& d2, std::uint32_t& d3) {
    if constexpr (!has_ldsm) (void)row, (void)d0, (void)d1, (void)d2, (void)d3, missing_instruction("ldmatrix needs device code for sm_75 or later");
    else if constexpr (Trans) asm volatile("ldmatrix.sync.aligned.x4.trans.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];\n" : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3) : "r"(row_address(row)));
    else asm volatile("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];\n" : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3) : "r"(row_address(row)));
  }
};
template <int X, bool Trans>
struct LdMatrix : LdsmCopy<X, Trans> {
  static_assert(X == 1 || X == 2 || X == 4, "tessel::LdMatrix: 1, 2 or 4 matrices");
  using SRegisters = uint128_t[1];
  using DRegisters = std::uint32_t[X];
};
#if defined(TESSEL_ARCH_STSM_SM90)
inline constexpr bool has_stsm = true;
#else
inline constexpr bool has_stsm = false;
#endif

// The named error of stmatrix .xX (.trans) where the compilation has none.
TESSEL_HOST_DEVICE constexpr char const* stsm_missing(int x, bool trans) {
  if (trans) return x == 1 ? "SM90_U16x2_STSM_T: stmatrix needs device code for sm_90 or later" : x == 2 ? "SM90_U16x4_STSM_T: stmatrix needs device code for sm_90 or later" : "SM90_U16x8_STSM_T: stmatrix needs device code for sm_90 or later";
  return x == 1 ? "SM90_U32x1_STSM_N: stmatrix needs device code for sm_90 or later" : x == 2 ? "SM90_U32x2_STSM_N: stmatrix needs device code for sm_90 or later" : "SM90_U32x4_STSM_N: stmatrix needs device code for sm_90 or later";
}

// stmatrix.sync.aligned.xX(.trans).m8n8.shared.b16: X registers (X = 1, 2, 4), one
// 8x8 matrix each, to the 16-byte row this thread points at; copy() takes the X
// registers then the row (one overload per X).
// copy() of StMatrix<X, Trans>, one specialization per X (so that each operation has one copy, as CuTe's).
template <int X, bool Trans>
struct StsmCopy;

template <bool Trans>
struct StsmCopy<1, Trans> {
  static constexpr int X = 1;
  TESSEL_HOST_DEVICE static void copy(std::uint32_t const& s0, uint128_t& row) {
    if constexpr (!has_stsm) (void)s0, (void)row, missing_instruction(stsm_missing(X, Trans));
    else if constexpr (Trans) asm volatile("stmatrix.sync.aligned.x1.trans.m8n8.shared.b16 [%0], {%1};\n" ::"r"(row_address(row)), "r"(s0));
    else asm volatile("stmatrix.sync.aligned.x1.m8n8.shared.b16 [%0], {%1};\n" ::"r"(row_address(row)), "r"(s0));
  }
};

template <bool Trans>
struct StsmCopy<2, Trans> {
  static constexpr int X = 2;
  TESSEL_HOST_DEVICE static void copy(std::uint32_t const& s0, std::uint32_t const& s1, uint128_t& row) {
    if constexpr (!has_stsm) (void)s0, (void)s1, (void)row, missing_instruction(stsm_missing(X, Trans));
    else if constexpr (Trans) asm volatile("stmatrix.sync.aligned.x2.trans.m8n8.shared.b16 [%0], {%1, %2};\n" ::"r"(row_address(row)), "r"(s0), "r"(s1));
    else asm volatile("stmatrix.sync.aligned.x2.m8n8.shared.b16 [%0], {%1, %2};\n" ::"r"(row_address(row)), "r"(s0), "r"(s1));
  }
};

template <bool Trans>
struct StsmCopy<4, Trans> {
  static constexpr int X = 4;
  TESSEL_HOST_DEVICE static void copy(std::uint32_t const& s0, std::uint32_t const& s1, std::uint32_t const& s2, std::uint32_t const& s3, uint128_t& row) {
    if constexpr (!has_stsm) (void)s0, (void)s1, (void)s2, (void)s3, (void)row, missing_instruction(stsm_missing(X, Trans));
    else if constexpr (Trans) asm volatile("stmatrix.sync.aligned.x4.trans.m8n8.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(row_address(row)), "r"(s0), "r"(s1), "r"(s2), "r"(s3));
    else asm volatile("stmatrix.sync.aligned.x4.m8n8.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(row_address(row)), "r"(s0), "r"(s1), "r"(s2), "r"(s3));
  }
};
template <int X, bool Trans>
struct StMatrix : StsmCopy<X, Trans> {
  static_assert(X == 1 || X == 2 || X == 4, "tessel::StMatrix: 1, 2 or 4 matrices");
  using SRegisters = std::uint32_t[X];
  using DRegisters = uint128_t[1];
};

}  // namespace detail

// CuTe's operations, each ldmatrix beside the stmatrix that mirrors it (Hopper's;
// copy_sm90_stsm.hpp gives it its traits): N moves 1, 2 or 4 matrices as they are, T transposed.
struct SM75_U32x1_LDSM_N : detail::LdMatrix<1, false> {}; struct SM90_U32x1_STSM_N : detail::StMatrix<1, false> {};
struct SM75_U32x2_LDSM_N : detail::LdMatrix<2, false> {}; struct SM90_U32x2_STSM_N : detail::StMatrix<2, false> {};
struct SM75_U32x4_LDSM_N : detail::LdMatrix<4, false> {}; struct SM90_U32x4_STSM_N : detail::StMatrix<4, false> {};
struct SM75_U16x2_LDSM_T : detail::LdMatrix<1, true> {}; struct SM90_U16x2_STSM_T : detail::StMatrix<1, true> {};
struct SM75_U16x4_LDSM_T : detail::LdMatrix<2, true> {}; struct SM90_U16x4_STSM_T : detail::StMatrix<2, true> {};
struct SM75_U16x8_LDSM_T : detail::LdMatrix<4, true> {}; struct SM90_U16x8_STSM_T : detail::StMatrix<4, true> {};

// ---- cp.async (sm_80+): global -> shared without registers ------------------------------------------

// cp_async_ca<Bytes>(smem, gmem): cp.async.ca of Bytes (4, 8 or 16) from
// global memory to the 32-bit shared-memory address smem (detail::smem_address),
// for loops that compute shared addresses themselves (the atom below takes a
// reference and converts it at each call).
template <int Bytes>
TESSEL_HOST_DEVICE void cp_async_ca(std::uint32_t smem, void const* gmem) {
  static_assert(Bytes == 4 || Bytes == 8 || Bytes == 16, "tessel::cp_async_ca: cp.async.ca copies 4, 8 or 16 bytes");
#if defined(TESSEL_ARCH_CP_ASYNC_SM80)
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" ::"r"(smem), "l"(gmem), "n"(Bytes));
#else
  (void)smem, (void)gmem;
  detail::missing_instruction("cp_async_ca: cp.async needs device code for sm_80 or later");
#endif
}

namespace detail {
// cp.async of one element from global to shared memory, cached in L1 and L2
// (.ca: 4, 8 or 16 bytes) or in L2 only (Global, .cg: 16 bytes), with CuTe's
// L2::128B prefetch hint (the L2 fetches the whole 128-byte line).
template <class TS, class TD, bool Global>
struct CpAsync {
  using SRegisters = TS[1];
  using DRegisters = TD[1];
  static_assert(sizeof(TS) == sizeof(TD), "tessel::SM80_CP_ASYNC_CACHEALWAYS/CACHEGLOBAL: source and destination sizes differ");
  static_assert(Global || sizeof(TS) == 4 || sizeof(TS) == 8 || sizeof(TS) == 16,
                "tessel::SM80_CP_ASYNC_CACHEALWAYS: cp.async.ca copies 4, 8 or 16 bytes");
  static_assert(!Global || sizeof(TS) == 16, "tessel::SM80_CP_ASYNC_CACHEGLOBAL: cp.async.cg copies 16 bytes");
  // Starts the copy of one element from global to shared memory.
  TESSEL_HOST_DEVICE static void copy(TS const& gmem_src, TD& smem_dst) {
#if defined(TESSEL_ARCH_CP_ASYNC_SM80)
    if constexpr (Global) asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], %2;\n" ::"r"(smem_address(&smem_dst)), "l"(&gmem_src), "n"(int(sizeof(TS))));
    else asm volatile("cp.async.ca.shared.global.L2::128B [%0], [%1], %2;\n" ::"r"(smem_address(&smem_dst)), "l"(&gmem_src), "n"(int(sizeof(TS))));
#else
    (void)gmem_src, (void)smem_dst;
    missing_instruction(Global ? "SM80_CP_ASYNC_CACHEGLOBAL: cp.async needs device code for sm_80 or later"
                               : "SM80_CP_ASYNC_CACHEALWAYS: cp.async needs device code for sm_80 or later");
#endif
  }
};
}  // namespace detail
// cp.async.ca: cached in L1 and L2; 4, 8 or 16 bytes.
template <class TS, class TD = TS>
struct SM80_CP_ASYNC_CACHEALWAYS : detail::CpAsync<TS, TD, false> {};
// cp.async.cg: cached in L2 only; 16 bytes.
template <class TS, class TD = TS>
struct SM80_CP_ASYNC_CACHEGLOBAL : detail::CpAsync<TS, TD, true> {};

// cp_async_fence(): closes the group of this thread's cp.async issued so far.
TESSEL_HOST_DEVICE void cp_async_fence() {
#if defined(TESSEL_ARCH_CP_ASYNC_SM80)
  asm volatile("cp.async.commit_group;\n" ::);
#endif
}
// cp_async_wait<N>(): waits until at most N of this thread's groups are still
// in flight (N = 0: all done). Other threads' copies need a barrier as well.
template <int N>
TESSEL_HOST_DEVICE void cp_async_wait() {
  static_assert(N >= 0, "tessel::cp_async_wait: N >= 0");
#if defined(TESSEL_ARCH_CP_ASYNC_SM80)
  if constexpr (N == 0) asm volatile("cp.async.wait_all;\n" ::);
  else asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
#endif
}
template <int N>
TESSEL_HOST_DEVICE void cp_async_wait(Int<N>) { cp_async_wait<N>(); }

}  // namespace tessel
