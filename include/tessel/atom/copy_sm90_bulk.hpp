// tessel/atom/copy_sm90_bulk.hpp: Hopper's bulk copies (cp.async.bulk, sm_90+), as CuTe's:
//   SM90_BULK_COPY_G2S::copy(gmem, mbar, smem, bytes)  global -> shared, completing `bytes`
//                                                        transaction bytes on the mbarrier
//   SM90_BULK_COPY_S2G::copy(smem, gmem, bytes)         shared -> global, in the bulk group
//                                                        (tma_store_arrive / tma_store_wait)
//   SM90_BULK_COPY_AUTO, Copy_Traits<SM90_BULK_COPY_AUTO>{}.with(mbar),
//   copy(traits, src, dst): src and dst (one global, one shared; one value type) are
//       cut into the largest run of elements contiguous in both (max_common_layout,
//       at least 16 bytes, a multiple of 16: the instruction's unit), and each run
//       is one bulk copy issued by the calling thread. A load needs the mbarrier
//       (.with(bar)); its transaction bytes are the whole tensor's.
#pragma once

#include <cstdint>
#include <type_traits>

#include "../tensor/algorithm.hpp"
#include "../tensor/pointer.hpp"
#include "copy_ops.hpp"
#include "copy_traits.hpp"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#  define TESSEL_ARCH_BULK_SM90 1
#endif

namespace TESSEL_NAMESPACE {

struct SM90_BULK_COPY_G2S {
  TESSEL_HOST_DEVICE static void copy(void const* gmem_ptr, std::uint64_t* mbar_ptr, void* smem_ptr, std::int32_t bytes) {
#if defined(TESSEL_ARCH_BULK_SM90)
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n" ::"r"(
                     detail::smem_address(smem_ptr)),
                 "l"(gmem_ptr), "r"(bytes), "r"(detail::smem_address(mbar_ptr))
                 : "memory");
#else
    (void)gmem_ptr, (void)mbar_ptr, (void)smem_ptr, (void)bytes;
    detail::missing_instruction("SM90_BULK_COPY_G2S: cp.async.bulk needs device code for sm_90 or later");
#endif
  }
};

struct SM90_BULK_COPY_S2G {
  TESSEL_HOST_DEVICE static void copy(void const* smem_ptr, void* gmem_ptr, std::int32_t bytes) {
#if defined(TESSEL_ARCH_BULK_SM90)
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;\n" ::"l"(gmem_ptr),
                 "r"(detail::smem_address(smem_ptr)), "r"(bytes)
                 : "memory");
#else
    (void)smem_ptr, (void)gmem_ptr, (void)bytes;
    detail::missing_instruction("SM90_BULK_COPY_S2G: cp.async.bulk needs device code for sm_90 or later");
#endif
  }
};

// Chooses the direction from the tensors' memory (global -> shared or shared -> global).
struct SM90_BULK_COPY_AUTO {};

template <>
struct Copy_Traits<SM90_BULK_COPY_AUTO> {
  // The same copy, completing on the mbarrier bar (for loads).
  TESSEL_HOST_DEVICE constexpr auto with(std::uint64_t& bar) const;
};
template <>
struct Copy_Traits<SM90_BULK_COPY_AUTO, std::uint64_t*> {
  std::uint64_t* mbar_ = nullptr;
};
TESSEL_HOST_DEVICE constexpr auto Copy_Traits<SM90_BULK_COPY_AUTO>::with(std::uint64_t& bar) const {
  return Copy_Traits<SM90_BULK_COPY_AUTO, std::uint64_t*>{&bar};
}

namespace detail::bulk {
// The elements of one bulk copy between the static layouts SL and DL: the size
// of their max_common_layout.
template <class SL, class DL>
TESSEL_HOST_DEVICE constexpr int vector_elems() {
  return int(decltype(size(max_common_layout(SL{}, DL{})))::value);
}
}  // namespace detail::bulk

template <class... A, class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy(Copy_Traits<SM90_BULK_COPY_AUTO, A...> const& traits, Tensor<SE, SL> const& src,
                             Tensor<DE, DL>& dst) {
  using T = typename SE::value_type;
  using SIter = std::remove_cvref_t<decltype(src.data())>;
  using DIter = std::remove_cvref_t<decltype(dst.data())>;
  static_assert(std::is_same_v<T, typename DE::value_type>, "tessel::copy (bulk): src and dst differ in value type");
  constexpr bool load = is_gmem_v<SIter> && is_smem_v<DIter>;
  static_assert(load || (is_smem_v<SIter> && is_gmem_v<DIter>),
                "tessel::copy (bulk): copies global -> shared or shared -> global memory (make_gmem_ptr, make_smem_ptr)");
  static_assert(is_static_v<SL> && is_static_v<DL>, "tessel::copy (bulk): the layouts must be static");
  constexpr int n = detail::bulk::vector_elems<SL, DL>();
  constexpr int bits = n * sizeof_bits_v<T>;
  static_assert(bits >= 128 && bits % 128 == 0,
                "tessel::copy (bulk): the runs contiguous in both tensors are not a multiple of 16 bytes");
  auto tile = max_common_layout(src.layout(), dst.layout());
  auto sv = zipped_divide(src.layout(), tile);
  auto dv = zipped_divide(dst.layout(), tile);
  auto s = raw_pointer_cast(src.data());
  auto d = raw_pointer_cast(dst.data());
  for (int j = 0; j < int(size<1>(sv)); ++j) {
    if constexpr (load) {
      static_assert(sizeof...(A) == 1, "tessel::copy (bulk): a load needs the mbarrier: copy(traits.with(bar), ...)");
      SM90_BULK_COPY_G2S::copy(s + sv(0, j), traits.mbar_, d + dv(0, j), std::int32_t(bits / 8));
    } else {
      SM90_BULK_COPY_S2G::copy(s + sv(0, j), d + dv(0, j), std::int32_t(bits / 8));
    }
  }
}
template <class... A, class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy(Copy_Traits<SM90_BULK_COPY_AUTO, A...> const& traits, Tensor<SE, SL> const& src,
                             Tensor<DE, DL>&& dst) {
  copy(traits, src, dst);
}

}  // namespace TESSEL_NAMESPACE
