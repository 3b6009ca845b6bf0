// tessel/atom/copy_sm75.hpp: Turing's register transpose and CuTe's plain
// ldmatrix helpers.
//   SM75_U32x1_MOVM_T          movmatrix.sync.aligned.m8n8.trans.b16: the warp's
//                              8x8 matrix of b16 (one 32-bit register a thread)
//                              transposed; Copy_Traits as CuTe's (32 threads, 32
//                              bits each, the same map for source and destination);
//   copy_ldsm(p, r)            ldmatrix of 1, 2 or 4 matrices (sizeof(T) = 4, 8, 16)
//                              from the 16-byte row p into the registers at r;
//   copy_ldsm_trans(p, r)      the same with .trans.
#pragma once

#include <cstdint>

#include "copy_ops.hpp"
#include "copy_traits.hpp"

namespace TESSEL_NAMESPACE {

struct SM75_U32x1_MOVM_T {
  using SRegisters = std::uint32_t[1];
  using DRegisters = std::uint32_t[1];
  // dst: this thread's register of the transposed 8x8 b16 matrix of the warp.
  TESSEL_HOST_DEVICE static void copy(std::uint32_t src, std::uint32_t& dst) {
#if defined(TESSEL_ARCH_LDSM_SM75)
    asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;\n" : "=r"(dst) : "r"(src));
#else
    (void)src, (void)dst;
    detail::missing_instruction("SM75_U32x1_MOVM_T: movmatrix needs device code for sm_75 or later");
#endif
  }
};

// Thread t gives and receives 32 bits (t's register; the transpose is what the
// instruction does to the values, not a remapping of the TV layout).
template <> struct Copy_Traits<SM75_U32x1_MOVM_T>
    : detail::CopyLayouts<Layout<_32>, Layout<Shape<_32, _32>, Stride<_32, _1>>, Layout<Shape<_32, _32>, Stride<_32, _1>>, true> {};

namespace detail {
// ldmatrix from the row smem_ptr[0] into sizeof(T)/4 registers at rmem_ptr, by
// the operation of 1, 2 or 4 matrices (X1, X2, X4) that many registers take.
template <class X1, class X2, class X4, class T>
TESSEL_HOST_DEVICE void copy_ldsm_of(uint128_t const* const smem_ptr, T* rmem_ptr) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16, "tessel::copy_ldsm, copy_ldsm_trans: sizeof(T) is 4, 8 or 16");
  auto* r = reinterpret_cast<std::uint32_t*>(rmem_ptr);
  if constexpr (sizeof(T) == 4) X1::copy(smem_ptr[0], r[0]);
  else if constexpr (sizeof(T) == 8) X2::copy(smem_ptr[0], r[0], r[1]);
  else X4::copy(smem_ptr[0], r[0], r[1], r[2], r[3]);
}
}  // namespace detail

// ldmatrix from the row smem_ptr[0] into sizeof(T)/4 registers at rmem_ptr: as they are, or transposed.
template <class T>
TESSEL_HOST_DEVICE void copy_ldsm(uint128_t const* const smem_ptr, T* rmem_ptr) {
  detail::copy_ldsm_of<SM75_U32x1_LDSM_N, SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N>(smem_ptr, rmem_ptr);
}
template <class T>
TESSEL_HOST_DEVICE void copy_ldsm_trans(uint128_t const* const smem_ptr, T* rmem_ptr) {
  detail::copy_ldsm_of<SM75_U16x2_LDSM_T, SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T>(smem_ptr, rmem_ptr);
}

}  // namespace TESSEL_NAMESPACE
