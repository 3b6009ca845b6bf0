// tessel/atom/copy_policy.hpp: copy and copy_if with a copy policy (CuTe's
// algorithm/copy.hpp overloads that take an operation instead of an atom).
//   copy(AutoVectorizingCopyWithAssumedAlignment<B>{}, src, dst)
//       copy(src, dst) with vectors of at most B bits (DefaultCopy: B = 8,
//       element by element; AutoVectorizingCopy: B = 128). Vectors are used
//       where both layouts are static (tensor/algorithm.hpp); dynamic layouts
//       are copied element by element (CuTe may vectorise them under its
//       alignment assumption: the values written are the same).
//   AutoCopyAsync, copy(AutoCopyAsync{}, src, dst), copy_if(AutoCopyAsync{}, pred, src, dst)
//       element by element; an element of 4, 8 or 16 bytes going from global to
//       shared memory is copied by cp.async (SM80_CP_ASYNC_CACHEGLOBAL for a
//       const 16-byte source, SM80_CP_ASYNC_CACHEALWAYS otherwise) where the
//       target has it (sm_80+), so it is complete after cp_async_fence() and
//       cp_async_wait<0>(); any other element by UniversalCopy.
#pragma once

#include <type_traits>

#include "../tensor/algorithm.hpp"
#include "../tensor/pointer.hpp"
#include "copy_ops.hpp"

namespace TESSEL_NAMESPACE {

// Chooses cp.async for global -> shared elements of 4, 8 or 16 bytes (sm_80+).
struct AutoCopyAsync {};

namespace detail {
// The element copy of AutoCopyAsync from an element of a tensor whose iterator
// is SIter (SrcConst: its elements are const) to one of DIter.
template <class SIter, class DIter, bool SrcConst, class S, class D>
TESSEL_HOST_DEVICE void auto_copy_async_element(S const& src, D& dst) {
  using SV = std::remove_cv_t<S>;
  using DV = std::remove_cv_t<D>;
#if defined(TESSEL_ARCH_CP_ASYNC_SM80)
  if constexpr (is_gmem_v<SIter> && is_smem_v<DIter> && sizeof(SV) == sizeof(DV) &&
                (sizeof(SV) == 4 || sizeof(SV) == 8 || sizeof(SV) == 16)) {
    if constexpr (SrcConst && sizeof(SV) == 16) {
      SM80_CP_ASYNC_CACHEGLOBAL<SV, DV>::copy(src, dst);
    } else {
      SM80_CP_ASYNC_CACHEALWAYS<SV, DV>::copy(src, dst);
    }
    return;
  }
#endif
  UniversalCopy<SV, DV>::copy(src, dst);
}
}  // namespace detail

template <int B, class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy(AutoVectorizingCopyWithAssumedAlignment<B> const&, Tensor<SE, SL> const& src,
                             Tensor<DE, DL>& dst) {
  detail::copy_vectorized<B / 8>(src, dst);
}
template <int B, class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy(AutoVectorizingCopyWithAssumedAlignment<B> const& p, Tensor<SE, SL> const& src,
                             Tensor<DE, DL>&& dst) {
  copy(p, src, dst);
}

template <class P, class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy_if(AutoCopyAsync const&, P const& pred, Tensor<SE, SL> const& src, Tensor<DE, DL>& dst) {
  using SIter = std::remove_cvref_t<decltype(src.data())>;
  using DIter = std::remove_cvref_t<decltype(dst.data())>;
  constexpr bool src_const = std::is_const_v<std::remove_reference_t<typename SE::reference>>;
  TESSEL_CHECK(size(src.layout()) == size(dst.layout()), "copy_if: the tensors have different sizes");
  TESSEL_UNROLL
  for (int i = 0; i < int(size(dst.layout())); ++i) {
    if (pred(i)) {
      auto&& s = src(i);
      auto&& d = dst(i);
      detail::auto_copy_async_element<SIter, DIter, src_const>(s, d);
    }
  }
}
template <class P, class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy_if(AutoCopyAsync const& p, P const& pred, Tensor<SE, SL> const& src, Tensor<DE, DL>&& dst) {
  copy_if(p, pred, src, dst);
}
template <class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy(AutoCopyAsync const& p, Tensor<SE, SL> const& src, Tensor<DE, DL>& dst) {
  copy_if(p, [](int) { return true; }, src, dst);
}
template <class SE, class SL, class DE, class DL>
TESSEL_HOST_DEVICE void copy(AutoCopyAsync const& p, Tensor<SE, SL> const& src, Tensor<DE, DL>&& dst) {
  copy(p, src, dst);
}

}  // namespace TESSEL_NAMESPACE
