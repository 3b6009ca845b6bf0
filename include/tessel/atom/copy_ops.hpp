// tessel/atom/copy_ops.hpp: the copy operations, each one instruction (or
// one assignment) on registers: the registers it reads and writes
// (SRegisters, DRegisters as arrays) and copy(), which issues it. Their
// layouts over threads and bits are in copy_traits.hpp.
//   UniversalCopy<S, D>     dst = src, any target;
//   AutoVectorizingCopy     a whole-tensor copy with the widest vectors the layouts allow;
//   SM75_U32x{1,2,4}_LDSM_N ldmatrix of 1, 2, 4 8x8 b16 matrices (sm_75+);
//   SM75_U16x{2,4,8}_LDSM_T the same, transposed (.trans);
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

// ---- ldmatrix (sm_75+): each thread gives the shared-memory address of one 16-byte row -------------

#if defined(TESSEL_ARCH_LDSM_SM75)
#  define TESSEL_LDSM(PTX, ...) asm volatile(PTX : __VA_ARGS__)
#else
#  define TESSEL_LDSM(PTX, ...) detail::missing_instruction("ldmatrix needs device code for sm_75 or later")
#endif

// One 8x8 matrix of b16: thread t gets row t/4, elements 2(t%4) and 2(t%4)+1.
struct SM75_U32x1_LDSM_N {
  using SRegisters = uint128_t[1];
  using DRegisters = std::uint32_t[1];
  // ldmatrix.x1 from the row this thread points at (threads 0-7 count).
  TESSEL_HOST_DEVICE static void copy(uint128_t const& row, std::uint32_t& d0) {
#if defined(TESSEL_ARCH_LDSM_SM75)
    TESSEL_LDSM("ldmatrix.sync.aligned.x1.m8n8.shared.b16 {%0}, [%1];\n", "=r"(d0) : "r"(detail::smem_address(&row)));
#else
    (void)row, (void)d0;
    TESSEL_LDSM("");
#endif
  }
};
// Two matrices (rows from threads 0-15); register j holds matrix j.
struct SM75_U32x2_LDSM_N {
  using SRegisters = uint128_t[1];
  using DRegisters = std::uint32_t[2];
  TESSEL_HOST_DEVICE static void copy(uint128_t const& row, std::uint32_t& d0, std::uint32_t& d1) {
#if defined(TESSEL_ARCH_LDSM_SM75)
    TESSEL_LDSM("ldmatrix.sync.aligned.x2.m8n8.shared.b16 {%0, %1}, [%2];\n", "=r"(d0), "=r"(d1)
                : "r"(detail::smem_address(&row)));
#else
    (void)row, (void)d0, (void)d1;
    TESSEL_LDSM("");
#endif
  }
};
// Four matrices (rows from all 32 threads); register j holds matrix j.
struct SM75_U32x4_LDSM_N {
  using SRegisters = uint128_t[1];
  using DRegisters = std::uint32_t[4];
  TESSEL_HOST_DEVICE static void copy(uint128_t const& row, std::uint32_t& d0, std::uint32_t& d1, std::uint32_t& d2,
                                      std::uint32_t& d3) {
#if defined(TESSEL_ARCH_LDSM_SM75)
    TESSEL_LDSM("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];\n", "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
                : "r"(detail::smem_address(&row)));
#else
    (void)row, (void)d0, (void)d1, (void)d2, (void)d3;
    TESSEL_LDSM("");
#endif
  }
};
// Transposed: thread t gets column t/4, elements of rows 2(t%4) and 2(t%4)+1.
struct SM75_U16x2_LDSM_T {
  using SRegisters = uint128_t[1];
  using DRegisters = std::uint32_t[1];
  TESSEL_HOST_DEVICE static void copy(uint128_t const& row, std::uint32_t& d0) {
#if defined(TESSEL_ARCH_LDSM_SM75)
    TESSEL_LDSM("ldmatrix.sync.aligned.x1.trans.m8n8.shared.b16 {%0}, [%1];\n", "=r"(d0) : "r"(detail::smem_address(&row)));
#else
    (void)row, (void)d0;
    TESSEL_LDSM("");
#endif
  }
};
struct SM75_U16x4_LDSM_T {
  using SRegisters = uint128_t[1];
  using DRegisters = std::uint32_t[2];
  TESSEL_HOST_DEVICE static void copy(uint128_t const& row, std::uint32_t& d0, std::uint32_t& d1) {
#if defined(TESSEL_ARCH_LDSM_SM75)
    TESSEL_LDSM("ldmatrix.sync.aligned.x2.trans.m8n8.shared.b16 {%0, %1}, [%2];\n", "=r"(d0), "=r"(d1)
                : "r"(detail::smem_address(&row)));
#else
    (void)row, (void)d0, (void)d1;
    TESSEL_LDSM("");
#endif
  }
};
struct SM75_U16x8_LDSM_T {
  using SRegisters = uint128_t[1];
  using DRegisters = std::uint32_t[4];
  TESSEL_HOST_DEVICE static void copy(uint128_t const& row, std::uint32_t& d0, std::uint32_t& d1, std::uint32_t& d2,
                                      std::uint32_t& d3) {
#if defined(TESSEL_ARCH_LDSM_SM75)
    TESSEL_LDSM("ldmatrix.sync.aligned.x4.trans.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];\n", "=r"(d0), "=r"(d1), "=r"(d2),
                "=r"(d3)
                : "r"(detail::smem_address(&row)));
#else
    (void)row, (void)d0, (void)d1, (void)d2, (void)d3;
    TESSEL_LDSM("");
#endif
  }
};
#undef TESSEL_LDSM

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

// cp.async.ca: cached in L1 and L2; 4, 8 or 16 bytes.
template <class TS, class TD = TS>
struct SM80_CP_ASYNC_CACHEALWAYS {
  using SRegisters = TS[1];
  using DRegisters = TD[1];
  static_assert(sizeof(TS) == sizeof(TD), "tessel::SM80_CP_ASYNC_CACHEALWAYS: source and destination sizes differ");
  static_assert(sizeof(TS) == 4 || sizeof(TS) == 8 || sizeof(TS) == 16,
                "tessel::SM80_CP_ASYNC_CACHEALWAYS: cp.async.ca copies 4, 8 or 16 bytes");
  // Starts the copy of one element from global to shared memory.
  // (With CuTe's L2::128B prefetch hint: the L2 fetches the whole 128-byte line.)
  TESSEL_HOST_DEVICE static void copy(TS const& gmem_src, TD& smem_dst) {
#if defined(TESSEL_ARCH_CP_ASYNC_SM80)
    asm volatile("cp.async.ca.shared.global.L2::128B [%0], [%1], %2;\n" ::"r"(detail::smem_address(&smem_dst)), "l"(&gmem_src),
                 "n"(int(sizeof(TS))));
#else
    (void)gmem_src, (void)smem_dst;
    detail::missing_instruction("SM80_CP_ASYNC_CACHEALWAYS: cp.async needs device code for sm_80 or later");
#endif
  }
};
// cp.async.cg: cached in L2 only; 16 bytes (L2::128B prefetch hint, as CuTe's).
template <class TS, class TD = TS>
struct SM80_CP_ASYNC_CACHEGLOBAL {
  using SRegisters = TS[1];
  using DRegisters = TD[1];
  static_assert(sizeof(TS) == sizeof(TD), "tessel::SM80_CP_ASYNC_CACHEGLOBAL: source and destination sizes differ");
  static_assert(sizeof(TS) == 16, "tessel::SM80_CP_ASYNC_CACHEGLOBAL: cp.async.cg copies 16 bytes");
  TESSEL_HOST_DEVICE static void copy(TS const& gmem_src, TD& smem_dst) {
#if defined(TESSEL_ARCH_CP_ASYNC_SM80)
    asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], %2;\n" ::"r"(detail::smem_address(&smem_dst)), "l"(&gmem_src),
                 "n"(int(sizeof(TS))));
#else
    (void)gmem_src, (void)smem_dst;
    detail::missing_instruction("SM80_CP_ASYNC_CACHEGLOBAL: cp.async needs device code for sm_80 or later");
#endif
  }
};

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
