// tessel/atom/copy_sm90_stsm.hpp: the traits of Hopper's stmatrix (sm_90+), the stores
// that mirror ldmatrix, as CuTe's:
//   SM90_U32x{1,2,4}_STSM_N   stmatrix.sync.aligned.m8n8.x{1,2,4}.shared.b16: 1, 2 or 4 8x8 b16
//                             matrices from registers to the 16-byte rows the threads point at
//   SM90_U16x{2,4,8}_STSM_T   the same, transposed (.trans)
//   copy_stsm(regs, row), copy_stsm_trans(regs, row): 1, 2 or 4 matrices by sizeof(T)
// (the operations themselves, beside ldmatrix's: copy_ops.hpp). Each is the inverse
// of the ldmatrix of the same matrices: its source layout (thread, value) -> bit is
// that ldmatrix's destination layout and its destination layout that ldmatrix's
// source layout (copy_traits.hpp), as in CuTe.
#pragma once

#include <cstdint>

#include "copy_ops.hpp"
#include "copy_traits.hpp"

namespace TESSEL_NAMESPACE {

namespace detail {
// The traits of the stmatrix that inverts ldmatrix Ldsm: its source layout is
// Ldsm's destination layout and its destination layout Ldsm's source layout.
template <class Ldsm>
using InverseOfLdsm = CopyLayouts<Layout<_32>, typename Copy_Traits<Ldsm>::DstLayout, typename Copy_Traits<Ldsm>::SrcLayout, false>;

// stmatrix of sizeof(T)/4 registers at rmem_ptr to the row smem_ptr[0].
template <bool Trans, class T>
TESSEL_HOST_DEVICE void copy_stsm_of(T const* const rmem_ptr, uint128_t* const smem_ptr) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16, "tessel::copy_stsm, copy_stsm_trans: sizeof(T) is 4, 8 or 16");
  auto const* r = reinterpret_cast<std::uint32_t const*>(rmem_ptr);
  using Op = StMatrix<int(sizeof(T) / 4), Trans>;
  if constexpr (sizeof(T) == 4) Op::copy(r[0], smem_ptr[0]);
  else if constexpr (sizeof(T) == 8) Op::copy(r[0], r[1], smem_ptr[0]);
  else Op::copy(r[0], r[1], r[2], r[3], smem_ptr[0]);
}
}  // namespace detail

// Each the inverse of the ldmatrix of the same matrices.
template <> struct Copy_Traits<SM90_U32x1_STSM_N> : detail::InverseOfLdsm<SM75_U32x1_LDSM_N> {};
template <> struct Copy_Traits<SM90_U32x2_STSM_N> : detail::InverseOfLdsm<SM75_U32x2_LDSM_N> {};
template <> struct Copy_Traits<SM90_U32x4_STSM_N> : detail::InverseOfLdsm<SM75_U32x4_LDSM_N> {};
template <> struct Copy_Traits<SM90_U16x2_STSM_T> : detail::InverseOfLdsm<SM75_U16x2_LDSM_T> {};
template <> struct Copy_Traits<SM90_U16x4_STSM_T> : detail::InverseOfLdsm<SM75_U16x4_LDSM_T> {};
template <> struct Copy_Traits<SM90_U16x8_STSM_T> : detail::InverseOfLdsm<SM75_U16x8_LDSM_T> {};

// stmatrix of sizeof(T)/4 registers at rmem_ptr to the row smem_ptr[0]: as they are, or transposed.
template <class T>
TESSEL_HOST_DEVICE void copy_stsm(T const* const rmem_ptr, uint128_t* const smem_ptr) {
  detail::copy_stsm_of<false>(rmem_ptr, smem_ptr);
}
template <class T>
TESSEL_HOST_DEVICE void copy_stsm_trans(T const* const rmem_ptr, uint128_t* const smem_ptr) {
  detail::copy_stsm_of<true>(rmem_ptr, smem_ptr);
}

}  // namespace TESSEL_NAMESPACE
