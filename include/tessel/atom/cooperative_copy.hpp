// tessel/atom/cooperative_copy.hpp: CuTe's cooperative_copy, a copy of a whole
// tensor shared by NumThreads threads.
//
//   cooperative_copy<NumThreads, MaxVecBits>(tid, src, dst[, policy])
//   cooperative_copy<NumThreads>(tid, src, dst[, policy])   (MaxVecBits = the element's bits)
//
// Thread tid (0 <= tid < NumThreads) copies its share of the elements; once
// all NumThreads threads have called it (and synchronised, and waited for
// cp.async where the policy is AutoCopyAsync), dst(i) == src(i) for every i.
// src and dst: global or shared memory, one value type, the same static size.
// The pointers are assumed aligned to MaxVecBits (as CuTe): where both
// layouts are static (not swizzled), runs of elements that the two layouts
// share contiguously, that start at multiples of the vector and fit in
// MaxVecBits, go as one vector (detail::copy_vector_width); everything else
// element by element. Each element or vector is copied by the policy:
// DefaultCopy / AutoVectorizingCopyWithAssumedAlignment<B> (a plain copy),
// UniversalCopy, or AutoCopyAsync (cp.async from global to shared memory,
// atom/copy_policy.hpp). Which thread copies which element is not CuTe's
// assignment; the result is the same.
#pragma once

#include <cstdint>
#include <type_traits>

#include "../tensor/algorithm.hpp"
#include "../tensor/pointer.hpp"
#include "copy_ops.hpp"
#include "copy_policy.hpp"

namespace TESSEL_NAMESPACE {

namespace detail::coop {
template <class L> struct is_plain_layout : std::false_type {};
template <class S, class D> struct is_plain_layout<Layout<S, D>> : std::true_type {};

template <class P> struct is_plain_policy : std::false_type {};
template <int B> struct is_plain_policy<AutoVectorizingCopyWithAssumedAlignment<B>> : std::true_type {};
template <class S, class D> struct is_plain_policy<UniversalCopy<S, D>> : std::true_type {};

// One element (or vector) with the policy.
template <class SIter, class DIter, bool SrcConst, class Policy, class S, class D>
TESSEL_HOST_DEVICE void copy_element(Policy const&, S const& s, D& d) {
  if constexpr (std::is_same_v<Policy, AutoCopyAsync>) {
    auto_copy_async_element<SIter, DIter, SrcConst>(s, d);
  } else {
    static_assert(is_plain_policy<Policy>::value,
                  "tessel::cooperative_copy: the policy is DefaultCopy, AutoVectorizingCopyWithAssumedAlignment<B>, "
                  "UniversalCopy or AutoCopyAsync");
    UniversalCopy<std::remove_cv_t<S>, std::remove_cv_t<D>>::copy(s, d);
  }
}

// The vector width (elements) for the layouts SL, DL, at most MaxVecBits.
template <std::uint32_t MaxVecBits, class T, class SL, class DL>
TESSEL_HOST_DEVICE constexpr int vector_elems() {
  constexpr int elem_bytes = int(sizeof(T));
  if constexpr (!is_plain_layout<SL>::value || !is_plain_layout<DL>::value || !is_static_v<SL> || !is_static_v<DL> ||
                !std::is_trivially_copyable_v<T> || int(MaxVecBits) <= 8 * elem_bytes) {
    return 1;
  } else {
    return copy_vector_width<vector_width_capped<int(MaxVecBits / 8), elem_bytes>(), SL, DL>();
  }
}
}  // namespace detail::coop

template <std::uint32_t NumThreads, std::uint32_t MaxVecBits, class SE, class SL, class DE, class DL, class Policy = DefaultCopy>
TESSEL_HOST_DEVICE void cooperative_copy(std::uint32_t const& tid, Tensor<SE, SL> const& src, Tensor<DE, DL>& dst,
                                         Policy const& cpy = {}) {
  using T = typename SE::value_type;
  using SIter = std::remove_cvref_t<decltype(src.data())>;
  using DIter = std::remove_cvref_t<decltype(dst.data())>;
  static_assert(StaticInt<decltype(size(src.layout()))> && StaticInt<decltype(size(dst.layout()))>,
                "tessel::cooperative_copy: src and dst need static shapes");
  static_assert(decltype(size(src.layout()))::value == decltype(size(dst.layout()))::value,
                "tessel::cooperative_copy: src and dst differ in size");
  static_assert(std::is_same_v<T, typename DE::value_type>, "tessel::cooperative_copy: src and dst differ in value type");
  static_assert(MaxVecBits == sizeof_bits_v<T> || MaxVecBits == 8 || MaxVecBits == 16 || MaxVecBits == 32 ||
                    MaxVecBits == 64 || MaxVecBits == 128,
                "tessel::cooperative_copy: MaxVecBits is the value's bits or 8, 16, 32, 64 or 128");
  static_assert(sizeof_bits_v<T> >= 8, "tessel::cooperative_copy: no sub-byte values");
  static_assert((is_gmem_v<SIter> || is_smem_v<SIter>) && (is_gmem_v<DIter> || is_smem_v<DIter>),
                "tessel::cooperative_copy: src and dst are in global or shared memory (make_gmem_ptr, make_smem_ptr)");
  constexpr bool src_const = std::is_const_v<std::remove_reference_t<typename SE::reference>>;
  constexpr int W = detail::coop::vector_elems<MaxVecBits, T, SL, DL>();
  if constexpr (W > 1) {
    using Vec = uint_bit_t<W * 8 * int(sizeof(T))>;
    auto tile = composition(max_common_layout(src.layout(), dst.layout()), Layout<Int<W>>{});
    auto sv = zipped_divide(src.layout(), tile);
    auto dv = zipped_divide(dst.layout(), tile);
    auto s = raw_pointer_cast(src.data());
    auto d = raw_pointer_cast(dst.data());
    constexpr int n = int(decltype(size<1>(sv))::value);
    for (int j = int(tid); j < n; j += int(NumThreads)) {
      auto const& sj = *reinterpret_cast<Vec const*>(s + sv(0, j));
      auto& dj = *reinterpret_cast<Vec*>(d + dv(0, j));
      detail::coop::copy_element<SIter, DIter, src_const>(cpy, sj, dj);
    }
  } else {
    constexpr int n = int(decltype(size(src.layout()))::value);
    for (int i = int(tid); i < n; i += int(NumThreads)) {
      auto&& si = src(i);
      auto&& di = dst(i);
      detail::coop::copy_element<SIter, DIter, src_const>(cpy, si, di);
    }
  }
}

template <std::uint32_t NumThreads, class SE, class SL, class DE, class DL, class Policy = DefaultCopy>
TESSEL_HOST_DEVICE void cooperative_copy(std::uint32_t const& tid, Tensor<SE, SL> const& src, Tensor<DE, DL>& dst,
                                         Policy const& cpy = {}) {
  cooperative_copy<NumThreads, std::uint32_t(sizeof_bits_v<typename SE::value_type>)>(tid, src, dst, cpy);
}
template <std::uint32_t NumThreads, class SE, class SL, class DE, class DL, class Policy = DefaultCopy>
TESSEL_HOST_DEVICE void cooperative_copy(std::uint32_t const& tid, Tensor<SE, SL> const& src, Tensor<DE, DL>&& dst,
                                         Policy const& cpy = {}) {
  cooperative_copy<NumThreads>(tid, src, dst, cpy);
}
template <std::uint32_t NumThreads, std::uint32_t MaxVecBits, class SE, class SL, class DE, class DL, class Policy = DefaultCopy>
TESSEL_HOST_DEVICE void cooperative_copy(std::uint32_t const& tid, Tensor<SE, SL> const& src, Tensor<DE, DL>&& dst,
                                         Policy const& cpy = {}) {
  cooperative_copy<NumThreads, MaxVecBits>(tid, src, dst, cpy);
}

}  // namespace TESSEL_NAMESPACE
