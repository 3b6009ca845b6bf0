// tessel/atom/copy_sm90_stsm.hpp: Hopper's stmatrix (sm_90+), the stores that mirror
// ldmatrix, as CuTe's:
//   SM90_U32x{1,2,4}_STSM_N   stmatrix.sync.aligned.m8n8.x{1,2,4}.shared.b16: 1, 2 or 4 8x8 b16
//                             matrices from registers to the 16-byte rows the threads point at
//   SM90_U16x{2,4,8}_STSM_T   the same, transposed (.trans)
//   copy_stsm(regs, row), copy_stsm_trans(regs, row): 1, 2 or 4 matrices by sizeof(T)
// Each is the inverse of the ldmatrix of the same matrices: its source layout (thread,
// value) -> bit is that ldmatrix's destination layout and its destination layout that
// ldmatrix's source layout (copy_traits.hpp), as in CuTe.
#pragma once

#include <cstdint>

#include "copy_ops.hpp"
#include "copy_traits.hpp"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#  define TESSEL_ARCH_STSM_SM90 1
#  if defined(TESSEL_CUTE_COMPAT) && !defined(CUTE_ARCH_STSM_SM90_ENABLED)
#    define CUTE_ARCH_STSM_SM90_ENABLED
#  endif
#endif

namespace TESSEL_NAMESPACE {

struct SM90_U32x1_STSM_N {
  using SRegisters = std::uint32_t[1];
  using DRegisters = uint128_t[1];
  TESSEL_HOST_DEVICE static void copy(std::uint32_t const& s0, uint128_t& row) {
#if defined(TESSEL_ARCH_STSM_SM90)
    asm volatile("stmatrix.sync.aligned.x1.m8n8.shared.b16 [%0], {%1};\n" ::"r"(detail::smem_address(&row)), "r"(s0));
#else
    (void)s0, (void)row;
    detail::missing_instruction("SM90_U32x1_STSM_N: stmatrix needs device code for sm_90 or later");
#endif
  }
};
struct SM90_U32x2_STSM_N {
  using SRegisters = std::uint32_t[2];
  using DRegisters = uint128_t[1];
  TESSEL_HOST_DEVICE static void copy(std::uint32_t const& s0, std::uint32_t const& s1, uint128_t& row) {
#if defined(TESSEL_ARCH_STSM_SM90)
    asm volatile("stmatrix.sync.aligned.x2.m8n8.shared.b16 [%0], {%1, %2};\n" ::"r"(detail::smem_address(&row)), "r"(s0), "r"(s1));
#else
    (void)s0, (void)s1, (void)row;
    detail::missing_instruction("SM90_U32x2_STSM_N: stmatrix needs device code for sm_90 or later");
#endif
  }
};
struct SM90_U32x4_STSM_N {
  using SRegisters = std::uint32_t[4];
  using DRegisters = uint128_t[1];
  TESSEL_HOST_DEVICE static void copy(std::uint32_t const& s0, std::uint32_t const& s1, std::uint32_t const& s2, std::uint32_t const& s3, uint128_t& row) {
#if defined(TESSEL_ARCH_STSM_SM90)
    asm volatile("stmatrix.sync.aligned.x4.m8n8.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(detail::smem_address(&row)), "r"(s0), "r"(s1), "r"(s2), "r"(s3));
#else
    (void)s0, (void)s1, (void)s2, (void)s3, (void)row;
    detail::missing_instruction("SM90_U32x4_STSM_N: stmatrix needs device code for sm_90 or later");
#endif
  }
};
struct SM90_U16x2_STSM_T {
  using SRegisters = std::uint32_t[1];
  using DRegisters = uint128_t[1];
  TESSEL_HOST_DEVICE static void copy(std::uint32_t const& s0, uint128_t& row) {
#if defined(TESSEL_ARCH_STSM_SM90)
    asm volatile("stmatrix.sync.aligned.x1.trans.m8n8.shared.b16 [%0], {%1};\n" ::"r"(detail::smem_address(&row)), "r"(s0));
#else
    (void)s0, (void)row;
    detail::missing_instruction("SM90_U16x2_STSM_T: stmatrix needs device code for sm_90 or later");
#endif
  }
};
struct SM90_U16x4_STSM_T {
  using SRegisters = std::uint32_t[2];
  using DRegisters = uint128_t[1];
  TESSEL_HOST_DEVICE static void copy(std::uint32_t const& s0, std::uint32_t const& s1, uint128_t& row) {
#if defined(TESSEL_ARCH_STSM_SM90)
    asm volatile("stmatrix.sync.aligned.x2.trans.m8n8.shared.b16 [%0], {%1, %2};\n" ::"r"(detail::smem_address(&row)), "r"(s0), "r"(s1));
#else
    (void)s0, (void)s1, (void)row;
    detail::missing_instruction("SM90_U16x4_STSM_T: stmatrix needs device code for sm_90 or later");
#endif
  }
};
struct SM90_U16x8_STSM_T {
  using SRegisters = std::uint32_t[4];
  using DRegisters = uint128_t[1];
  TESSEL_HOST_DEVICE static void copy(std::uint32_t const& s0, std::uint32_t const& s1, std::uint32_t const& s2, std::uint32_t const& s3, uint128_t& row) {
#if defined(TESSEL_ARCH_STSM_SM90)
    asm volatile("stmatrix.sync.aligned.x4.trans.m8n8.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(detail::smem_address(&row)), "r"(s0), "r"(s1), "r"(s2), "r"(s3));
#else
    (void)s0, (void)s1, (void)s2, (void)s3, (void)row;
    detail::missing_instruction("SM90_U16x8_STSM_T: stmatrix needs device code for sm_90 or later");
#endif
  }
};

// The inverse of the ldmatrix of the same matrices.
template <> struct Copy_Traits<SM90_U32x1_STSM_N> {
  using ThrID = Layout<_32>;
  using SrcLayout = typename Copy_Traits<SM75_U32x1_LDSM_N>::DstLayout;
  using DstLayout = typename Copy_Traits<SM75_U32x1_LDSM_N>::SrcLayout;
  using RefLayout = SrcLayout;
};
template <> struct Copy_Traits<SM90_U32x2_STSM_N> {
  using ThrID = Layout<_32>;
  using SrcLayout = typename Copy_Traits<SM75_U32x2_LDSM_N>::DstLayout;
  using DstLayout = typename Copy_Traits<SM75_U32x2_LDSM_N>::SrcLayout;
  using RefLayout = SrcLayout;
};
template <> struct Copy_Traits<SM90_U32x4_STSM_N> {
  using ThrID = Layout<_32>;
  using SrcLayout = typename Copy_Traits<SM75_U32x4_LDSM_N>::DstLayout;
  using DstLayout = typename Copy_Traits<SM75_U32x4_LDSM_N>::SrcLayout;
  using RefLayout = SrcLayout;
};
template <> struct Copy_Traits<SM90_U16x2_STSM_T> {
  using ThrID = Layout<_32>;
  using SrcLayout = typename Copy_Traits<SM75_U16x2_LDSM_T>::DstLayout;
  using DstLayout = typename Copy_Traits<SM75_U16x2_LDSM_T>::SrcLayout;
  using RefLayout = SrcLayout;
};
template <> struct Copy_Traits<SM90_U16x4_STSM_T> {
  using ThrID = Layout<_32>;
  using SrcLayout = typename Copy_Traits<SM75_U16x4_LDSM_T>::DstLayout;
  using DstLayout = typename Copy_Traits<SM75_U16x4_LDSM_T>::SrcLayout;
  using RefLayout = SrcLayout;
};
template <> struct Copy_Traits<SM90_U16x8_STSM_T> {
  using ThrID = Layout<_32>;
  using SrcLayout = typename Copy_Traits<SM75_U16x8_LDSM_T>::DstLayout;
  using DstLayout = typename Copy_Traits<SM75_U16x8_LDSM_T>::SrcLayout;
  using RefLayout = SrcLayout;
};

// stmatrix of sizeof(T)/4 registers at rmem_ptr to the row smem_ptr[0].
template <class T>
TESSEL_HOST_DEVICE void copy_stsm(T const* const rmem_ptr, uint128_t* const smem_ptr) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16, "tessel::copy_stsm: sizeof(T) is 4, 8 or 16");
  auto const* r = reinterpret_cast<std::uint32_t const*>(rmem_ptr);
  if constexpr (sizeof(T) == 4) SM90_U32x1_STSM_N::copy(r[0], smem_ptr[0]);
  else if constexpr (sizeof(T) == 8) SM90_U32x2_STSM_N::copy(r[0], r[1], smem_ptr[0]);
  else SM90_U32x4_STSM_N::copy(r[0], r[1], r[2], r[3], smem_ptr[0]);
}
template <class T>
TESSEL_HOST_DEVICE void copy_stsm_trans(T const* const rmem_ptr, uint128_t* const smem_ptr) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16, "tessel::copy_stsm_trans: sizeof(T) is 4, 8 or 16");
  auto const* r = reinterpret_cast<std::uint32_t const*>(rmem_ptr);
  if constexpr (sizeof(T) == 4) SM90_U16x2_STSM_T::copy(r[0], smem_ptr[0]);
  else if constexpr (sizeof(T) == 8) SM90_U16x4_STSM_T::copy(r[0], r[1], smem_ptr[0]);
  else SM90_U16x8_STSM_T::copy(r[0], r[1], r[2], r[3], smem_ptr[0]);
}

}  // namespace TESSEL_NAMESPACE
